// SPDX-FileCopyrightText: Copyright (c) 2026 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
//
// SPDX-License-Identifier: Apache-2.0

// A stand-in for libnvidia-ml.so.1 with two fake devices, so that cuda.core.system can be
// tested on a machine without a GPU: test_system_fake_nvml.py compiles it and loads it in a
// child process before cuda.bindings looks for NVML. Only the functions cuda.core.system
// calls are here, with the struct layouts of cuda.bindings 13.5's cynvml.pxd; their
// answers are fixed values that the test checks.
#include <string.h>
#include <stdio.h>
#include <time.h>

typedef int nvmlReturn_t;
typedef struct fake_device { unsigned int index; } *nvmlDevice_t;
typedef void *nvmlEventSet_t;
typedef void *nvmlSystemEventSet_t;

#define OK 0
#define INVALID_ARGUMENT 2
#define NOT_SUPPORTED 3
#define NOT_FOUND 6
#define INSUFFICIENT_SIZE 7
#define TIMEOUT 10
#define UNKNOWN 999

static struct fake_device devices[2] = {{0}, {1}};
static int event_set_token;
static int system_event_set_token;

static nvmlReturn_t copy_text(char *out, unsigned int length, const char *text) {
    if (strlen(text) + 1 > length) return INSUFFICIENT_SIZE;
    strcpy(out, text);
    return OK;
}

static int valid(nvmlDevice_t d) { return d == &devices[0] || d == &devices[1]; }

nvmlReturn_t nvmlInit_v2(void) { return OK; }
nvmlReturn_t nvmlInitWithFlags(unsigned int flags) { return OK; }
nvmlReturn_t nvmlShutdown(void) { return OK; }
const char *nvmlErrorString(nvmlReturn_t result) {
    switch (result) {
    case NOT_SUPPORTED: return "Not Supported";
    case NOT_FOUND: return "Not Found";
    case TIMEOUT: return "Timeout";
    default: return "Unknown Error";
    }
}

nvmlReturn_t nvmlSystemGetCudaDriverVersion_v2(int *v) { *v = 13050; return OK; }
nvmlReturn_t nvmlSystemGetCudaDriverVersion(int *v) { *v = 13050; return OK; }
nvmlReturn_t nvmlSystemGetDriverVersion(char *v, unsigned int n) { return copy_text(v, n, "580.65.06"); }
nvmlReturn_t nvmlSystemGetNVMLVersion(char *v, unsigned int n) { return copy_text(v, n, "13.580.65.06"); }
typedef struct { unsigned int version; char branch[80]; } nvmlSystemDriverBranchInfo_t;
nvmlReturn_t nvmlSystemGetDriverBranch(nvmlSystemDriverBranchInfo_t *info, unsigned int n) {
    strcpy(info->branch, "r580_00");
    return OK;
}
nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *count) { *count = 2; return OK; }
nvmlReturn_t nvmlSystemGetProcessName(unsigned int pid, char *name, unsigned int n) {
    if (pid == 0) return NOT_FOUND;
    return copy_text(name, n, "python");
}

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *d) {
    if (index >= 2) return INVALID_ARGUMENT;
    *d = &devices[index];
    return OK;
}
static const char *uuids[2] = {"GPU-11111111-2222-3333-4444-555555555555", "GPU-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee"};
static const char *bus_ids[2] = {"00000000:01:00.0", "00000000:02:00.0"};
nvmlReturn_t nvmlDeviceGetHandleByUUID(const char *uuid, nvmlDevice_t *d) {
    for (int i = 0; i < 2; i++) if (strcmp(uuid, uuids[i]) == 0) { *d = &devices[i]; return OK; }
    return NOT_FOUND;
}
nvmlReturn_t nvmlDeviceGetHandleByPciBusId_v2(const char *id, nvmlDevice_t *d) {
    for (int i = 0; i < 2; i++) if (strcmp(id, bus_ids[i]) == 0) { *d = &devices[i]; return OK; }
    return NOT_FOUND;
}
nvmlReturn_t nvmlDeviceGetIndex(nvmlDevice_t d, unsigned int *i) { *i = d->index; return OK; }
nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t d, char *u, unsigned int n) { return copy_text(u, n, uuids[d->index]); }
nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t d, char *u, unsigned int n) { return copy_text(u, n, "Fake H100"); }
nvmlReturn_t nvmlDeviceGetSerial(nvmlDevice_t d, char *u, unsigned int n) { return copy_text(u, n, "1234567890"); }
nvmlReturn_t nvmlDeviceGetBoardPartNumber(nvmlDevice_t d, char *u, unsigned int n) { return copy_text(u, n, "900-2G520"); }
nvmlReturn_t nvmlDeviceGetInforomImageVersion(nvmlDevice_t d, char *u, unsigned int n) { return copy_text(u, n, "G520.0200.00.05"); }
nvmlReturn_t nvmlDeviceGetInforomVersion(nvmlDevice_t d, int object, char *u, unsigned int n) { return copy_text(u, n, "2.0"); }
nvmlReturn_t nvmlDeviceGetInforomConfigurationChecksum(nvmlDevice_t d, unsigned int *c) { *c = 0xABCD; return OK; }
nvmlReturn_t nvmlDeviceValidateInforom(nvmlDevice_t d) { return OK; }
nvmlReturn_t nvmlDeviceGetLastBBXFlushTime(nvmlDevice_t d, unsigned long long *t, unsigned long *us) { *t = 1700000000; *us = 42; return OK; }

typedef struct {
    unsigned int version, domain, bus, device, pciDeviceId, pciSubSystemId, baseClass, subClass;
    char busId[32];
} nvmlPciInfoExt_t;
nvmlReturn_t nvmlDeviceGetPciInfoExt(nvmlDevice_t d, nvmlPciInfoExt_t *p) {
    p->domain = 0; p->bus = d->index + 1; p->device = 0;
    p->pciDeviceId = (0x2330u << 16) | 0x10DE; p->pciSubSystemId = (0x16C1u << 16) | 0x10DE;
    p->baseClass = 3; p->subClass = 2;
    strcpy(p->busId, bus_ids[d->index]);
    return OK;
}
typedef struct { unsigned int version; unsigned long long total, reserved, free, used; } nvmlMemory_v2_t;
nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t d, nvmlMemory_v2_t *m) {
    m->total = 80ull << 30; m->reserved = 1ull << 30; m->used = 2ull << 30; m->free = m->total - m->reserved - m->used;
    return OK;
}
typedef struct { unsigned long long bar1Total, bar1Free, bar1Used; } nvmlBAR1Memory_t;
nvmlReturn_t nvmlDeviceGetBAR1MemoryInfo(nvmlDevice_t d, nvmlBAR1Memory_t *m) {
    m->bar1Total = 128ull << 30; m->bar1Used = 1ull << 20; m->bar1Free = m->bar1Total - m->bar1Used;
    return OK;
}
nvmlReturn_t nvmlDeviceGetArchitecture(nvmlDevice_t d, unsigned int *a) { *a = 9; return OK; }
nvmlReturn_t nvmlDeviceGetBrand(nvmlDevice_t d, int *b) { *b = 2; return OK; }
nvmlReturn_t nvmlDeviceGetCudaComputeCapability(nvmlDevice_t d, int *major, int *minor) { *major = 9; *minor = 0; return OK; }
nvmlReturn_t nvmlDeviceGetNumaNodeId(nvmlDevice_t d, unsigned int *n) { return NOT_SUPPORTED; }
nvmlReturn_t nvmlDeviceGetModuleId(nvmlDevice_t d, unsigned int *n) { *n = 1; return OK; }
nvmlReturn_t nvmlDeviceGetMinorNumber(nvmlDevice_t d, unsigned int *n) { *n = d->index; return OK; }
typedef struct { unsigned int isC2cEnabled; } nvmlC2cModeInfo_v1_t;
nvmlReturn_t nvmlDeviceGetC2cModeInfoV(nvmlDevice_t d, nvmlC2cModeInfo_v1_t *c) { c->isC2cEnabled = 0; return OK; }
nvmlReturn_t nvmlDeviceGetPersistenceMode(nvmlDevice_t d, int *m) { *m = 1; return OK; }
nvmlReturn_t nvmlDeviceSetPersistenceMode(nvmlDevice_t d, int m) { return 4; /* NO_PERMISSION */ }
nvmlReturn_t nvmlDeviceGetDisplayMode(nvmlDevice_t d, int *m) { *m = 0; return OK; }
nvmlReturn_t nvmlDeviceGetDisplayActive(nvmlDevice_t d, int *m) { *m = 0; return OK; }
typedef struct { unsigned int version, value; } nvmlDeviceAddressingMode_t;
nvmlReturn_t nvmlDeviceGetAddressingMode(nvmlDevice_t d, nvmlDeviceAddressingMode_t *m) { m->value = 1; return OK; }
nvmlReturn_t nvmlDeviceGetNumFans(nvmlDevice_t d, unsigned int *n) { *n = 1; return OK; }
nvmlReturn_t nvmlDeviceGetFanSpeed_v2(nvmlDevice_t d, unsigned int fan, unsigned int *s) { if (fan) return INVALID_ARGUMENT; *s = 30; return OK; }
nvmlReturn_t nvmlDeviceGetFanSpeedRPM(nvmlDevice_t d, void *info) { return NOT_SUPPORTED; }
nvmlReturn_t nvmlDeviceGetTargetFanSpeed(nvmlDevice_t d, unsigned int fan, unsigned int *s) { *s = 35; return OK; }
nvmlReturn_t nvmlDeviceGetMinMaxFanSpeed(nvmlDevice_t d, unsigned int *lo, unsigned int *hi) { *lo = 20; *hi = 100; return OK; }
nvmlReturn_t nvmlDeviceGetFanControlPolicy_v2(nvmlDevice_t d, unsigned int fan, unsigned int *p) { *p = 0; return OK; }

typedef union { double dVal; int siVal; unsigned int uiVal; unsigned long ulVal; unsigned long long ullVal; signed long long sllVal; unsigned short usVal; } nvmlValue_t;
typedef struct {
    unsigned int fieldId, scopeId;
    long long timestamp, latencyUsec;
    int valueType;
    nvmlReturn_t nvmlReturn;
    nvmlValue_t value;
} nvmlFieldValue_t;
nvmlReturn_t nvmlDeviceGetFieldValues(nvmlDevice_t d, int n, nvmlFieldValue_t *v) {
    for (int i = 0; i < n; i++) {
        v[i].timestamp = 1700000000000000ll; v[i].latencyUsec = 5;
        if (v[i].fieldId == 91) { /* DEV_NVLINK_LINK_COUNT */
            v[i].valueType = 1; v[i].value.uiVal = 2; v[i].nvmlReturn = OK;
        } else if (v[i].fieldId == 1) { /* DEV_ECC_CURRENT */
            v[i].valueType = 1; v[i].value.uiVal = 1; v[i].nvmlReturn = OK;
        } else if (v[i].fieldId == 155) { /* a field answered as a double */
            v[i].valueType = 0; v[i].value.dVal = 2.5; v[i].nvmlReturn = OK;
        } else {
            v[i].nvmlReturn = NOT_SUPPORTED;
        }
    }
    return OK;
}
nvmlReturn_t nvmlDeviceClearFieldValues(nvmlDevice_t d, int n, nvmlFieldValue_t *v) { return OK; }

typedef struct { unsigned int gpu, memory; } nvmlUtilization_t;
nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t d, nvmlUtilization_t *u) { u->gpu = 7; u->memory = 3; return OK; }
typedef struct { unsigned int pid; unsigned long long usedGpuMemory; unsigned int gpuInstanceId, computeInstanceId; } nvmlProcessInfo_t;
nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v3(nvmlDevice_t d, unsigned int *count, nvmlProcessInfo_t *infos) {
    if (*count < 2) { *count = 2; return INSUFFICIENT_SIZE; }
    *count = 2;
    infos[0].pid = 100; infos[0].usedGpuMemory = 1 << 20; infos[0].gpuInstanceId = 0xFFFFFFFF; infos[0].computeInstanceId = 0xFFFFFFFF;
    infos[1].pid = 200; infos[1].usedGpuMemory = 2 << 20; infos[1].gpuInstanceId = 0xFFFFFFFF; infos[1].computeInstanceId = 0xFFFFFFFF;
    return OK;
}
nvmlReturn_t nvmlDeviceGetSupportedEventTypes(nvmlDevice_t d, unsigned long long *t) { *t = 8 | 4 | 16; return OK; }
nvmlReturn_t nvmlEventSetCreate(nvmlEventSet_t *s) { *s = &event_set_token; return OK; }
nvmlReturn_t nvmlDeviceRegisterEvents(nvmlDevice_t d, unsigned long long t, nvmlEventSet_t s) { return (t & ~28ull) ? NOT_SUPPORTED : OK; }
typedef struct { nvmlDevice_t device; unsigned long long eventType, eventData; unsigned int gpuInstanceId, computeInstanceId; } nvmlEventData_t;
// A wait of timeout 2 ms blocks for 300 ms, so that another thread can close the set meanwhile:
// freeing a set that a wait still uses makes that wait fail with UNKNOWN (a use after free in
// the real library), and fake_nvml_event_set_frees() counts the frees.
static volatile int event_set_waits, event_set_freed_in_wait, event_set_frees;
int fake_nvml_event_set_frees(void) { return event_set_frees; }
nvmlReturn_t nvmlEventSetWait_v2(nvmlEventSet_t s, nvmlEventData_t *e, unsigned int timeout) {
    if (timeout == 1) return TIMEOUT;
    if (timeout == 2) {
        struct timespec pause = {0, 300000000};
        __sync_fetch_and_add(&event_set_waits, 1);
        nanosleep(&pause, NULL);
        __sync_fetch_and_sub(&event_set_waits, 1);
        if (event_set_freed_in_wait) return UNKNOWN;
    }
    e->device = &devices[0]; e->eventType = 8; e->eventData = 79; e->gpuInstanceId = 0xFFFFFFFF; e->computeInstanceId = 0xFFFFFFFF;
    return OK;
}
nvmlReturn_t nvmlEventSetFree(nvmlEventSet_t s) {
    if (event_set_waits) event_set_freed_in_wait = 1;
    __sync_fetch_and_add(&event_set_frees, 1);
    return OK;
}
typedef struct { unsigned int version; nvmlSystemEventSet_t set; } nvmlSystemEventSetCreateRequest_t;
typedef struct { unsigned int version; nvmlSystemEventSet_t set; } nvmlSystemEventSetFreeRequest_t;
typedef struct { unsigned int version; unsigned long long eventTypes; nvmlSystemEventSet_t set; } nvmlSystemRegisterEventRequest_t;
typedef struct { unsigned long long eventType; unsigned int gpuId; } nvmlSystemEventData_v1_t;
typedef struct { unsigned int version, timeoutms; nvmlSystemEventSet_t set; nvmlSystemEventData_v1_t *data; unsigned int dataSize, numEvent; } nvmlSystemEventSetWaitRequest_t;
nvmlReturn_t nvmlSystemEventSetCreate(nvmlSystemEventSetCreateRequest_t *r) { r->set = &system_event_set_token; return OK; }
nvmlReturn_t nvmlSystemEventSetFree(nvmlSystemEventSetFreeRequest_t *r) { return OK; }
nvmlReturn_t nvmlSystemRegisterEvents(nvmlSystemRegisterEventRequest_t *r) { return OK; }
nvmlReturn_t nvmlSystemEventSetWait(nvmlSystemEventSetWaitRequest_t *r) {
    if (r->timeoutms == 1) return TIMEOUT;
    r->numEvent = r->dataSize < 2 ? r->dataSize : 2;
    for (unsigned int i = 0; i < r->numEvent; i++) { r->data[i].eventType = 2; r->data[i].gpuId = 0x0100 + 0x100 * i; }
    return OK;
}
nvmlReturn_t nvmlDeviceGetNvLinkState(nvmlDevice_t d, unsigned int link, int *a) { *a = link == 0; return OK; }
nvmlReturn_t nvmlDeviceGetNvLinkVersion(nvmlDevice_t d, unsigned int link, unsigned int *v) { *v = 6; return OK; }
nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t d, unsigned long long *r) { *r = 1; return OK; }
nvmlReturn_t nvmlDeviceGetSupportedClocksEventReasons(nvmlDevice_t d, unsigned long long *r) { *r = 0x1FF; return OK; }
nvmlReturn_t nvmlDeviceGetPerformanceState(nvmlDevice_t d, int *p) { *p = 0; return OK; }
nvmlReturn_t nvmlDeviceGetSupportedPerformanceStates(nvmlDevice_t d, int *p, unsigned int size) {
    for (unsigned int i = 0; i < size / sizeof(int); i++) p[i] = 32;
    p[0] = 0; p[1] = 2; p[2] = 8;
    return OK;
}
typedef struct { unsigned int bIsPresent, percentage, incThreshold, decThreshold; } pod1;
typedef struct { unsigned int flags; pod1 utilization[8]; } nvmlGpuDynamicPstatesInfo_t;
nvmlReturn_t nvmlDeviceGetDynamicPstatesInfo(nvmlDevice_t d, nvmlGpuDynamicPstatesInfo_t *p) {
    memset(p, 0, sizeof(*p)); p->utilization[0].bIsPresent = 1; p->utilization[0].percentage = 12; p->utilization[0].incThreshold = 60; p->utilization[0].decThreshold = 30;
    return OK;
}
typedef struct { int controller; int defaultMinTemp, defaultMaxTemp, currentTemp; int target; } pod0;
typedef struct { unsigned int count; pod0 sensor[3]; } nvmlGpuThermalSettings_t;
nvmlReturn_t nvmlDeviceGetThermalSettings(nvmlDevice_t d, unsigned int i, nvmlGpuThermalSettings_t *t) {
    memset(t, 0, sizeof(*t)); t->count = 1; t->sensor[0].controller = 1; t->sensor[0].defaultMinTemp = 0; t->sensor[0].defaultMaxTemp = 90; t->sensor[0].currentTemp = 40; t->sensor[0].target = 1;
    return OK;
}
typedef struct { unsigned int version; int sensorType; int temperature; } nvmlTemperature_t;
nvmlReturn_t nvmlDeviceGetTemperatureV(nvmlDevice_t d, nvmlTemperature_t *t) { t->temperature = 41; return OK; }
nvmlReturn_t nvmlDeviceGetTemperatureThreshold(nvmlDevice_t d, int type, unsigned int *t) { *t = 90 + type; return OK; }
typedef struct { unsigned int version; int marginTemperature; } nvmlMarginTemperature_t;
nvmlReturn_t nvmlDeviceGetMarginTemperature(nvmlDevice_t d, nvmlMarginTemperature_t *m) { m->marginTemperature = 45; return OK; }
nvmlReturn_t nvmlDeviceGetMemoryAffinity(nvmlDevice_t d, unsigned int n, unsigned long *set, int scope) {
    for (unsigned int i = 0; i < n; i++) set[i] = 0;
    set[0] = 1;
    return OK;
}
nvmlReturn_t nvmlDeviceGetCpuAffinityWithinScope(nvmlDevice_t d, unsigned int n, unsigned long *set, int scope) {
    for (unsigned int i = 0; i < n; i++) set[i] = 0;
    set[0] = 0x3;
    return OK;
}
nvmlReturn_t nvmlDeviceGetCpuAffinity(nvmlDevice_t d, unsigned int n, unsigned long *set) { return nvmlDeviceGetCpuAffinityWithinScope(d, n, set, 0); }
nvmlReturn_t nvmlDeviceSetCpuAffinity(nvmlDevice_t d) { return OK; }
nvmlReturn_t nvmlDeviceClearCpuAffinity(nvmlDevice_t d) { return OK; }
nvmlReturn_t nvmlDeviceGetTopologyNearestGpus(nvmlDevice_t d, int level, unsigned int *count, nvmlDevice_t *arr) {
    if (*count < 1) { *count = 1; return INSUFFICIENT_SIZE; }
    *count = 1; arr[0] = &devices[1 - d->index];
    return OK;
}
nvmlReturn_t nvmlSystemGetTopologyGpuSet(unsigned int cpu, unsigned int *count, nvmlDevice_t *arr) {
    if (*count < 2) { *count = 2; return INSUFFICIENT_SIZE; }
    *count = 2; arr[0] = &devices[0]; arr[1] = &devices[1];
    return OK;
}
nvmlReturn_t nvmlDeviceGetTopologyCommonAncestor(nvmlDevice_t a, nvmlDevice_t b, int *p) { *p = a == b ? 0 : 40; return OK; }
nvmlReturn_t nvmlDeviceGetP2PStatus(nvmlDevice_t a, nvmlDevice_t b, int i, int *s) { *s = i == 2 ? 5 : 0; return OK; }
nvmlReturn_t nvmlDeviceGetMigMode(nvmlDevice_t d, unsigned int *c, unsigned int *p) { *c = 0; *p = 0; return OK; }
nvmlReturn_t nvmlDeviceIsMigDeviceHandle(nvmlDevice_t d, unsigned int *m) { *m = 0; return OK; }
nvmlReturn_t nvmlDeviceGetMaxMigDeviceCount(nvmlDevice_t d, unsigned int *c) { *c = 0; return OK; }
nvmlReturn_t nvmlDeviceGetDeviceHandleFromMigDeviceHandle(nvmlDevice_t d, nvmlDevice_t *p) { return INVALID_ARGUMENT; }
nvmlReturn_t nvmlDeviceGetClock(nvmlDevice_t d, int type, int id, unsigned int *mhz) { *mhz = 1500 + type; return OK; }
nvmlReturn_t nvmlDeviceGetMaxClockInfo(nvmlDevice_t d, int type, unsigned int *mhz) { *mhz = 1980; return OK; }
nvmlReturn_t nvmlDeviceGetMaxCustomerBoostClock(nvmlDevice_t d, int type, unsigned int *mhz) { *mhz = 1980; return OK; }
nvmlReturn_t nvmlDeviceGetMinMaxClockOfPState(nvmlDevice_t d, int type, int p, unsigned int *lo, unsigned int *hi) { *lo = 345; *hi = 1980; return OK; }
typedef struct { unsigned int version; int type; int pstate; int clockOffsetMHz, minClockOffsetMHz, maxClockOffsetMHz; } nvmlClockOffset_t;
nvmlReturn_t nvmlDeviceGetClockOffsets(nvmlDevice_t d, nvmlClockOffset_t *o) { o->clockOffsetMHz = 0; o->minClockOffsetMHz = -100; o->maxClockOffsetMHz = 200; return OK; }
nvmlReturn_t nvmlDeviceGetAutoBoostedClocksEnabled(nvmlDevice_t d, int *e, int *def) { return NOT_SUPPORTED; }
typedef struct { unsigned int version, index; int signalType; int target; } nvmlCoolerInfo_t;
nvmlReturn_t nvmlDeviceGetCoolerInfo(nvmlDevice_t d, nvmlCoolerInfo_t *c) { c->signalType = 2; c->target = 14; return OK; }
typedef struct { unsigned int multiprocessorCount, sharedCopyEngineCount, sharedDecoderCount, sharedEncoderCount, sharedJpegCount, sharedOfaCount, gpuInstanceSliceCount, computeInstanceSliceCount; unsigned long long memorySizeMB; } nvmlDeviceAttributes_t;
nvmlReturn_t nvmlDeviceGetAttributes_v2(nvmlDevice_t d, nvmlDeviceAttributes_t *a) { memset(a, 0, sizeof(*a)); a->multiprocessorCount = 132; a->memorySizeMB = 81559; return OK; }
typedef struct { unsigned int version, bChannelRepairPending, bTpcRepairPending; } nvmlRepairStatus_t;
nvmlReturn_t nvmlDeviceGetRepairStatus(nvmlDevice_t d, nvmlRepairStatus_t *r) { r->bChannelRepairPending = 0; r->bTpcRepairPending = 1; return OK; }
nvmlReturn_t nvmlDeviceGetCurrPcieLinkGeneration(nvmlDevice_t d, unsigned int *v) { *v = 5; return OK; }
nvmlReturn_t nvmlDeviceGetMaxPcieLinkGeneration(nvmlDevice_t d, unsigned int *v) { *v = 5; return OK; }
nvmlReturn_t nvmlDeviceGetGpuMaxPcieLinkGeneration(nvmlDevice_t d, unsigned int *v) { *v = 5; return OK; }
nvmlReturn_t nvmlDeviceGetMaxPcieLinkWidth(nvmlDevice_t d, unsigned int *v) { *v = 16; return OK; }
nvmlReturn_t nvmlDeviceGetCurrPcieLinkWidth(nvmlDevice_t d, unsigned int *v) { *v = 16; return OK; }
nvmlReturn_t nvmlDeviceGetPcieThroughput(nvmlDevice_t d, int c, unsigned int *v) { *v = 100 + c; return OK; }
nvmlReturn_t nvmlDeviceGetPcieReplayCounter(nvmlDevice_t d, unsigned int *v) { *v = 0; return OK; }
