/* SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors */
/* SPDX-License-Identifier: Apache-2.0 */

/* The search page's ranking, given to Sphinx as html_search_scorer: Sphinx puts this file into
   language_data.js, which the search page loads after searchtools.js and before the index.

   - Titles and rule codes first: a rule found by its code, and a page or section whose title
     holds the words (the more of them, the higher), score above the pages that merely mention them.
   - One hit per page: of a page's hits (its rule, its title, its text), only the best shows.
   - A text hit lands on the section that holds the words, not on the top of its page. */
var Scorer = {
  score: (result) => {
    const [, , anchor, , score, , kind] = result;
    /* A rule of the guide, found by its code: its anchor is "#rule-<CODE>". */
    if (kind === "object" && String(anchor).startsWith("#rule-")) return score + 40;
    if (kind === "title") return score + 20;
    if (kind === "index") return score + 5;
    return score;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};

(function () {
  "use strict";

  /* Keep the best hit of each page. The results come worst first (searchtools pops them). */
  function onePerPage(results) {
    const seen = new Set();
    const kept = [];
    for (let index = results.length - 1; index >= 0; index -= 1) {
      const docname = results[index][0];
      if (seen.has(docname)) continue;
      seen.add(docname);
      kept.push(results[index]);
    }
    return kept.reverse();
  }

  /* The id of the smallest section of a page whose text holds one of the words, or "". */
  function sectionOf(htmlText, keywords) {
    const page = new DOMParser().parseFromString(htmlText, "text/html");
    const main = page.querySelector('[role="main"]') || page.body;
    const words = [...keywords].map((word) => word.toLowerCase());
    let best = null;
    for (const section of main.querySelectorAll("section[id]")) {
      const text = section.textContent.toLowerCase();
      if (!words.some((word) => text.includes(word))) continue;
      if (best === null || text.length < best.length) best = { id: section.id, length: text.length };
    }
    return best === null ? "" : best.id;
  }

  function install() {
    if (typeof Search === "undefined" || Search.cudaCoreGuideRanking) return;
    Search.cudaCoreGuideRanking = true;
    const perform = Search._performSearch;
    Search._performSearch = (query, ...rest) => {
      const results = perform(query, ...rest);
      /* A page or section whose title holds more of the words ranks higher than one that holds fewer. */
      const words = query.toLowerCase().split(/[^\p{Letter}\p{Number}_]+/u).filter((word) => word.length > 1);
      for (const result of results) {
        if (result[6] !== "text" && result[6] !== "title") continue;
        const title = String(result[1]).toLowerCase();
        result[4] += 5 * words.filter((word) => title.includes(word)).length;
      }
      results.sort(_orderResultsByScoreThenName);
      return onePerPage(results);
    };
    const summarize = Search.makeSearchSummary;
    Search.makeSearchSummary = (htmlText, keywords, anchor) => {
      const section = anchor ? "" : sectionOf(htmlText, keywords);
      const summary = summarize(htmlText, keywords, section ? "#" + section : anchor);
      if (summary && section) {
        /* searchtools appends the summary to the hit right after this returns: point the hit's link at the section. */
        queueMicrotask(() => {
          const hit = summary.parentElement;
          const link = hit && hit.classList.contains("kind-text") ? hit.querySelector("a") : null;
          if (link) link.href = link.href.split("#")[0] + "#" + section;
        });
      }
      return summary;
    };
  }

  if (typeof Search !== "undefined") install();
  else document.addEventListener("DOMContentLoaded", install);
})();
