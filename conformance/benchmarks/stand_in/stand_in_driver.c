// SPDX-FileCopyrightText: Copyright (c) 2026 The cuda-core-guide contributors
//
// SPDX-License-Identifier: Apache-2.0
//
// A stand-in libcuda.so.1 for counting the host instructions of the benchmark's
// operations on a machine without a GPU (host_instructions.py). It is not a
// driver: it answers at once, hands out unique addresses, keeps user-object
// counts and runs a user object's destructor, on the calling thread, when its
// last share goes. Entry points it does not define answer CUDA_SUCCESS and
// write nothing. Only the library's own instructions then vary between the
// implementations measured; the driver's work is the GPU benchmark's to time.
//
// Environment: STAND_IN_DESTRUCTOR_DELAY_US makes each destructor sleep that
// many microseconds first; STAND_IN_TRACE prints each entry point asked for.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
typedef int CUresult;
typedef void *P;
static uintptr_t next_addr = 0x10000;
static P fresh(void) { next_addr += 0x100; return (P)next_addr; }
static __thread P current_ctx = 0;
static P primary = 0;
static int delay_us = -1;
CUresult cuInit(unsigned f) { return 0; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuDeviceGet(int *d, int o) { if (o != 0) return 101; *d = 0; return 0; }
CUresult cuDeviceGetAttribute(int *v, int a, int d) { *v = 1; if (a == 75) *v = 9; if (a == 76) *v = 0; return 0; }
CUresult cuDeviceGetName(char *n, int len, int d) { strncpy(n, "Stand-in GPU", len); return 0; }
CUresult cuDevicePrimaryCtxRetain(P *c, int d) { if (!primary) primary = fresh(); *c = primary; return 0; }
CUresult cuDevicePrimaryCtxRelease(int d) { return 0; }
CUresult cuCtxSetCurrent(P c) { current_ctx = c; return 0; }
CUresult cuCtxGetCurrent(P *c) { *c = current_ctx; return 0; }
CUresult cuCtxGetDevice(int *d) { if (!current_ctx) return 201; *d = 0; return 0; }
CUresult cuCtxGetDevice_v2(int *d, P c) { *d = 0; return 0; }
CUresult cuCtxPushCurrent(P c) { current_ctx = c; return 0; }
CUresult cuCtxPopCurrent(P *c) { if (c) *c = current_ctx; current_ctx = 0; return 0; }
CUresult cuCtxGetStreamPriorityRange(int *l, int *g) { if (l) *l = 0; if (g) *g = -5; return 0; }
CUresult cuStreamCreateWithPriority(P *s, unsigned f, int p) { *s = fresh(); return 0; }
CUresult cuStreamCreate(P *s, unsigned f) { *s = fresh(); return 0; }
CUresult cuStreamGetCtx(P s, P *c) { *c = current_ctx ? current_ctx : primary; return 0; }
CUresult cuStreamGetCtx_v2(P s, P *c, P *g) { *c = current_ctx ? current_ctx : primary; if (g) *g = 0; return 0; }
CUresult cuStreamIsCapturing(P s, int *st) { *st = 0; return 0; }
CUresult cuStreamGetCaptureInfo(P s, int *st, unsigned long long *id, P *g, P *deps, size_t *n) {
  *st = 0; if (id) *id = 0; if (g) *g = 0; if (deps) *deps = 0; if (n) *n = 0; return 0; }
CUresult cuStreamGetCaptureInfo_v2(P s, int *st, unsigned long long *id, P *g, P *deps, P *edges, size_t *n) {
  *st = 0; if (id) *id = 0; if (g) *g = 0; if (deps) *deps = 0; if (edges) *edges = 0; if (n) *n = 0; return 0; }
CUresult cuStreamGetFlags(P s, unsigned *f) { *f = 0; return 0; }
CUresult cuStreamGetPriority(P s, int *p) { *p = 0; return 0; }
CUresult cuEventCreate(P *e, unsigned f) { *e = fresh(); return 0; }
CUresult cuDeviceGetMemPool(P *p, int d) { static P pool; if (!pool) pool = fresh(); *p = pool; return 0; }
CUresult cuDeviceGetDefaultMemPool(P *p, int d) { return cuDeviceGetMemPool(p, d); }
CUresult cuMemAllocFromPoolAsync(uintptr_t *d, size_t n, P pool, P s) { *d = (uintptr_t)fresh(); return 0; }
CUresult cuMemAllocAsync(uintptr_t *d, size_t n, P s) { *d = (uintptr_t)fresh(); return 0; }
CUresult cuGetErrorName(int e, const char **s) { *s = "CUDA_ERROR_STAND_IN"; return 0; }
CUresult cuGetErrorString(int e, const char **s) { *s = "an error of the stand-in driver"; return 0; }
CUresult cuKernelGetFunction(P *f, P k) { *f = fresh(); return 0; }
CUresult cuGraphCreate(P *g, unsigned f);
CUresult cuGraphAddKernelNode(P *n, P g, P deps, size_t nd, P params) { *n = fresh(); return 0; }
CUresult cuGraphAddNode(P *n, P g, P deps, size_t nd, P params) { *n = fresh(); return 0; }
CUresult cuGraphAddNode_v2(P *n, P g, P deps, P edges, size_t nd, P params) { *n = fresh(); return 0; }
CUresult cuGraphAddEmptyNode(P *n, P g, P deps, size_t nd) { *n = fresh(); return 0; }
/* User objects: counts, and the destructor run when the last share goes. */
typedef struct { void *ptr; void (*destroy)(void *); int count; } UserObject;
typedef struct { UserObject **objects; int *counts; int n, cap; } Holder;
static void user_release(UserObject *u, int count) {
  u->count -= count;
  if (u->count == 0) { if (delay_us > 0) usleep(delay_us); u->destroy(u->ptr); free(u); }
}
CUresult cuUserObjectCreate(P *o, void *ptr, void (*destroy)(void *), unsigned count, unsigned flags) {
  UserObject *u = malloc(sizeof *u); u->ptr = ptr; u->destroy = destroy; u->count = count; *o = u; return 0; }
CUresult cuUserObjectRetain(P o, unsigned c) { ((UserObject *)o)->count += c; return 0; }
CUresult cuUserObjectRelease(P o, unsigned c) { user_release(o, c); return 0; }
static void hold(Holder *h, UserObject *u, int c) {
  for (int i = 0; i < h->n; i++) if (h->objects[i] == u) { h->counts[i] += c; return; }
  if (h->n == h->cap) { h->cap = h->cap ? 2 * h->cap : 8; h->objects = realloc(h->objects, h->cap * sizeof(P)); h->counts = realloc(h->counts, h->cap * sizeof(int)); }
  h->objects[h->n] = u; h->counts[h->n++] = c;
}
static void unhold(Holder *h, UserObject *u, int c) {
  for (int i = 0; i < h->n; i++) if (h->objects[i] == u) {
    h->counts[i] -= c;
    if (h->counts[i] == 0) { h->objects[i] = h->objects[h->n - 1]; h->counts[i] = h->counts[h->n - 1]; h->n--; }
    user_release(u, c); return; }
}
static void drop_all(Holder *h) {
  int n = h->n; UserObject **o = h->objects; int *c = h->counts;
  h->n = 0; h->objects = 0; h->counts = 0; h->cap = 0;
  for (int i = 0; i < n; i++) user_release(o[i], c[i]);
  free(o); free(c);
}
CUresult cuGraphCreate(P *g, unsigned f) { *g = calloc(1, sizeof(Holder)); return 0; }
CUresult cuGraphRetainUserObject(P g, P o, unsigned c, unsigned flags) {
  if (!(flags & 1)) ((UserObject *)o)->count += c; hold(g, o, c); return 0; }
CUresult cuGraphReleaseUserObject(P g, P o, unsigned c) { unhold(g, o, c); return 0; }
CUresult cuGraphDestroy(P g) { drop_all(g); free(g); return 0; }
CUresult cuGraphDestroyNode(P n) { return 0; }
static CUresult instantiate(P *e, P g) {
  Holder *src = g, *h = calloc(1, sizeof(Holder));
  for (int i = 0; i < src->n; i++) { src->objects[i]->count += src->counts[i]; hold(h, src->objects[i], src->counts[i]); }
  *e = h; return 0; }
CUresult cuGraphInstantiateWithFlags(P *e, P g, unsigned long long f) { return instantiate(e, g); }
CUresult cuGraphInstantiateWithParams(P *e, P g, P params) { return instantiate(e, g); }
CUresult cuGraphInstantiate(P *e, P g, unsigned long long f) { return instantiate(e, g); }
CUresult cuGraphExecDestroy(P e) { drop_all(e); free(e); return 0; }
CUresult cuGraphGetNodes(P g, P *nodes, size_t *n) { *n = 0; return 0; }
CUresult cuGraphGetEdges(P g, P *f, P *t, P *e, size_t *n) { *n = 0; return 0; }
CUresult cuGraphNodeGetType(P n, int *t) { *t = 0; return 0; }
CUresult cuPointerGetAttribute(void *data, int attr, uintptr_t p) { memset(data, 0, 8); return 0; }
static CUresult success(void) { return 0; }
CUresult cuGetProcAddress_v2(const char *symbol, void **pfn, int version, unsigned long long flags, int *status) {
  if (delay_us < 0) { const char *d = getenv("STAND_IN_DESTRUCTOR_DELAY_US"); delay_us = d ? atoi(d) : 0; }
  static void *self; if (!self) self = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  void *f = 0; char name[256];
  if (getenv("STAND_IN_TRACE")) fprintf(stderr, "stand-in driver: %s v%d\n", symbol, version);
  if (version >= 12030 && !strcmp(symbol, "cuStreamGetCaptureInfo")) f = dlsym(self, "cuStreamGetCaptureInfo_v2");
  if (version >= 12050 && !strcmp(symbol, "cuStreamGetCtx")) f = dlsym(self, "cuStreamGetCtx_v2");
  if (version >= 12030 && !strcmp(symbol, "cuGraphAddNode")) f = dlsym(self, "cuGraphAddNode_v2");
  if (!f && version >= 13000) { snprintf(name, sizeof name, "%s_v2", symbol); if (!strcmp(symbol, "cuCtxGetDevice") || !strcmp(symbol, "cuStreamGetCtx") || !strcmp(symbol, "cuGraphAddNode")) f = dlsym(self, name); }
  if (!f) f = dlsym(self, symbol);
  if (!f) { f = (void *)success; if (getenv("STAND_IN_TRACE")) fprintf(stderr, "stand-in driver: %s v%d answers CUDA_SUCCESS\n", symbol, version); }
  *pfn = f; if (status) *status = 0; return 0;
}
CUresult cuGetProcAddress(const char *symbol, void **pfn, int version, unsigned long long flags) {
  return cuGetProcAddress_v2(symbol, pfn, version, flags, 0);
}
static P empty_kernel;
CUresult cuKernelGetParamInfo(P k, size_t index, size_t *offset, size_t *size) {
  if (index >= 2 || k == empty_kernel) return 1;
  if (offset) *offset = index * 8; if (size) *size = index ? 4 : 8; return 0; }
CUresult cuFuncGetParamInfo(P k, size_t index, size_t *offset, size_t *size) { return cuKernelGetParamInfo(k, index, offset, size); }
CUresult cuLibraryLoadData(P *l, const void *c, P a, P b, unsigned n, P d, P e, unsigned m) { *l = fresh(); return 0; }
CUresult cuLibraryGetKernel(P *k, P l, const char *name) { *k = fresh(); if (!strcmp(name, "empty")) empty_kernel = *k; return 0; }
CUresult cuLibraryGetModule(P *m, P l) { *m = fresh(); return 0; }
