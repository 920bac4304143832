/* SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors */
/* SPDX-License-Identifier: Apache-2.0 */

/* The rule index's filter, the conformance matrix's filter, and the labels of report tables' cells on a phone.

   The rule index's filter: show the rules whose code or title contains every
   word typed, at the chosen level and checked state; hide chapters left empty.
   The query is kept in the address (?q=...&level=...&checked=...), so a
   filtered index can be linked to. */
(function () {
  "use strict";

  function setUp(form) {
    const rows = Array.from(document.querySelectorAll("tr.guide-rule-row"));
    const groups = Array.from(document.querySelectorAll(".guide-rule-group"));
    const count = form.querySelector(".guide-rule-filter-count");
    const params = new URLSearchParams(window.location.search);
    for (const name of ["text", "level", "checked"]) {
      if (params.has(name)) form.elements[name].value = params.get(name);
    }

    function apply() {
      const words = form.elements.text.value.toLowerCase().split(/\s+/).filter(Boolean);
      const level = form.elements.level.value;
      const checked = form.elements.checked.value;
      let shown = 0;
      for (const row of rows) {
        const text = row.textContent.toLowerCase();
        const visible =
          words.every((word) => text.includes(word)) &&
          (!level || row.classList.contains("guide-level-" + level)) &&
          (!checked || row.classList.contains("guide-checked-" + checked));
        row.classList.toggle("guide-hidden", !visible);
        if (visible) shown += 1;
      }
      for (const group of groups) {
        const any = group.querySelector("tr.guide-rule-row:not(.guide-hidden)");
        group.classList.toggle("guide-hidden", any === null);
      }
      count.textContent = shown + " of " + rows.length + " rules";
      const query = new URLSearchParams();
      for (const name of ["text", "level", "checked"]) {
        if (form.elements[name].value) query.set(name, form.elements[name].value);
      }
      const search = query.toString();
      const address = window.location.pathname + (search ? "?" + search : "") + window.location.hash;
      history.replaceState(null, "", address);
    }

    form.addEventListener("input", apply);
    form.addEventListener("change", apply);
    apply();
  }

  /* The conformance matrix's filter: with the box ticked, only the tests that did not pass on every
     implementation show, and the files left without one are hidden. Kept in the address (?failing=1). */
  function setUpOutcomes(form) {
    const rows = Array.from(document.querySelectorAll("tr.guide-conformance-row"));
    const groups = Array.from(document.querySelectorAll("section.guide-conformance-group"));
    const count = form.querySelector(".guide-outcome-filter-count");
    const box = form.elements.failing;
    box.checked = new URLSearchParams(window.location.search).get("failing") === "1";

    function apply() {
      let shown = 0;
      for (const row of rows) {
        const visible = !box.checked || !row.classList.contains("guide-all-passed");
        row.classList.toggle("guide-hidden", !visible);
        if (visible) shown += 1;
      }
      for (const group of groups) {
        const any = group.querySelector("tr.guide-conformance-row:not(.guide-hidden)");
        group.classList.toggle("guide-hidden", any === null);
      }
      count.textContent = shown + " of " + rows.length + " tests";
      const query = new URLSearchParams(window.location.search);
      if (box.checked) query.set("failing", "1");
      else query.delete("failing");
      const search = query.toString();
      history.replaceState(null, "", window.location.pathname + (search ? "?" + search : "") + window.location.hash);
    }

    box.addEventListener("change", apply);
    apply();
  }

  /* A table that stacks its rows on a phone labels each cell with its column's heading. */
  function labelCells(table) {
    const headings = Array.from(table.querySelectorAll("thead th"), (th) => th.textContent.trim());
    for (const row of table.querySelectorAll("tbody > tr")) {
      Array.from(row.children).forEach((cell, index) => {
        if (headings[index]) cell.dataset.label = headings[index];
      });
    }
  }

  function init() {
    document.querySelectorAll("table.guide-stack").forEach(labelCells);
    const form = document.querySelector("form.guide-rule-filter");
    if (form) setUp(form);
    const outcomes = document.querySelector("form.guide-outcome-filter");
    if (outcomes) setUpOutcomes(outcomes);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
