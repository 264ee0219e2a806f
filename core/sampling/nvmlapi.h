#pragma once

// Our own declarations of the slice of NVML that GPU Warden uses, so the
// project builds without NVIDIA headers and loads libnvidia-ml.so.1 with
// dlopen() at run time. Names, values and layouts follow the official nvml.h
// (x86_64); the static_asserts pin the struct sizes the driver writes.
// Plain C++: the fake library in tests/nvml includes it too.

#include <cstddef>

namespace gw::nvml {

struct Device_st; // opaque, owned by the driver
using Device = Device_st*;

// nvmlReturn_t is a 4-byte enum in C.
enum Return : int
{
    SUCCESS = 0,
    ERROR_UNINITIALIZED = 1,
    ERROR_INVALID_ARGUMENT = 2,
    ERROR_NOT_SUPPORTED = 3,
    ERROR_NO_PERMISSION = 4,
    ERROR_ALREADY_INITIALIZED = 5,
    ERROR_NOT_FOUND = 6,
    ERROR_INSUFFICIENT_SIZE = 7,
    ERROR_INSUFFICIENT_POWER = 8,
    ERROR_DRIVER_NOT_LOADED = 9,
    ERROR_TIMEOUT = 10,
    ERROR_IRQ_ISSUE = 11,
    ERROR_LIBRARY_NOT_FOUND = 12,
    ERROR_FUNCTION_NOT_FOUND = 13,
    ERROR_CORRUPTED_INFOROM = 14,
    ERROR_GPU_IS_LOST = 15,
    ERROR_RESET_REQUIRED = 16,
    ERROR_OPERATING_SYSTEM = 17,
    ERROR_LIB_RM_VERSION_MISMATCH = 18,
    ERROR_IN_USE = 19,
    ERROR_MEMORY = 20,
    ERROR_NO_DATA = 21,
    ERROR_VGPU_ECC_NOT_SUPPORTED = 22,
    ERROR_INSUFFICIENT_RESOURCES = 23,
    ERROR_FREQ_NOT_SUPPORTED = 24,
    ERROR_ARGUMENT_VERSION_MISMATCH = 25,
    ERROR_DEPRECATED = 26,
    ERROR_NOT_READY = 27,
    ERROR_GPU_NOT_FOUND = 28,
    ERROR_INVALID_STATE = 29,
    ERROR_RESET_TYPE_NOT_SUPPORTED = 30,
    ERROR_UNKNOWN = 999,
};
static_assert(sizeof(Return) == 4);

// "NVML_ERROR_GPU_IS_LOST" for 15; "NVML_ERROR_<n>" for codes newer than us.
const char* returnName(int code);

enum EnableState : int
{
    FEATURE_DISABLED = 0,
    FEATURE_ENABLED = 1
};
enum TemperatureSensor : int
{
    TEMPERATURE_GPU = 0
};
// nvmlTemperatureThresholds_t; only the ones we read.
enum TemperatureThreshold : int
{
    TEMPERATURE_THRESHOLD_SHUTDOWN = 0,
    TEMPERATURE_THRESHOLD_SLOWDOWN = 1
};
// nvmlDeviceGetMigMode's modes (NVML_DEVICE_MIG_DISABLE / _ENABLE).
constexpr unsigned kMigDisable = 0x0;
constexpr unsigned kMigEnable = 0x1;
enum ClockType : int
{
    CLOCK_GRAPHICS = 0,
    CLOCK_SM = 1,
    CLOCK_MEM = 2,
    CLOCK_VIDEO = 3
};

constexpr unsigned kDeviceNameBufferSize = 96; // NVML_DEVICE_NAME_V2_BUFFER_SIZE
constexpr unsigned kDeviceUuidBufferSize = 96; // NVML_DEVICE_UUID_V2_BUFFER_SIZE
constexpr unsigned kSystemVersionBufferSize = 80;
constexpr unsigned long long kValueNotAvailable = ~0ull; // NVML_VALUE_NOT_AVAILABLE

struct PciInfo
{
    char busIdLegacy[16];
    unsigned domain;
    unsigned bus;
    unsigned device;
    unsigned pciDeviceId;
    unsigned pciSubSystemId;
    char busId[32];
};
static_assert(sizeof(PciInfo) == 68);
static_assert(offsetof(PciInfo, busId) == 36);

struct Utilization
{
    unsigned gpu;
    unsigned memory;
};
static_assert(sizeof(Utilization) == 8);

struct Memory
{
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};
static_assert(sizeof(Memory) == 24);

// nvmlMemory_v2_t (driver 515+): reserved is memory the driver keeps for
// itself. version must be kMemoryV2Version (NVML_STRUCT_VERSION(Memory, 2)).
struct MemoryV2
{
    unsigned version;
    unsigned long long total;
    unsigned long long reserved;
    unsigned long long free;
    unsigned long long used;
};
static_assert(sizeof(MemoryV2) == 40);
static_assert(offsetof(MemoryV2, total) == 8);
static_assert(offsetof(MemoryV2, used) == 32);
constexpr unsigned kMemoryV2Version = unsigned(sizeof(MemoryV2)) | (2u << 24); // 0x02000028
static_assert(kMemoryV2Version == 0x02000028);

// nvmlDeviceAttributes_t, filled by nvmlDeviceGetAttributes_v2 for MIG
// device handles only.
struct DeviceAttributes
{
    unsigned multiprocessorCount;
    unsigned sharedCopyEngineCount;
    unsigned sharedDecoderCount;
    unsigned sharedEncoderCount;
    unsigned sharedJpegCount;
    unsigned sharedOfaCount;
    unsigned gpuInstanceSliceCount;
    unsigned computeInstanceSliceCount;
    unsigned long long memorySizeMB;
};
static_assert(sizeof(DeviceAttributes) == 40);
static_assert(offsetof(DeviceAttributes, memorySizeMB) == 32);

// Process records differ between function versions and, for the _v3
// functions of drivers 535.43-535.86, between drivers. All share pid at 0
// and usedGpuMemory at 8, so the sampler reads records by stride.
struct ProcessInfoV1
{
    unsigned pid;
    unsigned long long usedGpuMemory;
};
static_assert(sizeof(ProcessInfoV1) == 16);

struct ProcessInfoV2 // nvmlProcessInfo_t of the official header (_v2 and _v3)
{
    unsigned pid;
    unsigned long long usedGpuMemory;
    unsigned gpuInstanceId;
    unsigned computeInstanceId;
};
static_assert(sizeof(ProcessInfoV2) == 24);

struct ProcessDetailV1 // what 535.43-535.86 wrote through the _v3 functions
{
    unsigned pid;
    unsigned long long usedGpuMemory;
    unsigned gpuInstanceId;
    unsigned computeInstanceId;
    unsigned long long usedGpuCcProtectedMemory;
};
static_assert(sizeof(ProcessDetailV1) == 32);
static_assert(offsetof(ProcessInfoV2, usedGpuMemory) == 8);

struct ProcessUtilizationSample
{
    unsigned pid;
    unsigned long long timeStamp; // µs, CPU clock
    unsigned smUtil;
    unsigned memUtil;
    unsigned encUtil;
    unsigned decUtil;
};
static_assert(sizeof(ProcessUtilizationSample) == 32);

// ---- Health and energy (docs/health.md) ----

struct EventSet_st; // opaque, owned by the driver
using EventSet = EventSet_st*;

// nvmlEventData_t as nvmlEventSetWait_v2 writes it. eventData is the XID
// for an XID event (999: an XID the driver does not know); the instance
// ids are 0xFFFFFFFF where an event is not attributable to one. The older
// nvmlEventSetWait writes only the first kEventDataV1Size bytes.
struct EventData
{
    Device device;
    unsigned long long eventType;
    unsigned long long eventData;
    unsigned gpuInstanceId;
    unsigned computeInstanceId;
};
static_assert(sizeof(EventData) == 32);
static_assert(offsetof(EventData, eventData) == 16);
static_assert(offsetof(EventData, gpuInstanceId) == 24);
constexpr std::size_t kEventDataV1Size = 24;
constexpr unsigned kNoInstanceId = 0xFFFFFFFFu;
constexpr unsigned long long kXidUnknown = 999;

// nvmlEventType* bits (nvml.h).
constexpr unsigned long long kEventTypeSingleBitEccError = 0x1;
constexpr unsigned long long kEventTypeDoubleBitEccError = 0x2;
constexpr unsigned long long kEventTypeXidCriticalError = 0x8;
constexpr unsigned long long kEventTypeDramRetirementEvent = 0x400;
constexpr unsigned long long kEventTypeDramRetirementFailure = 0x800;

// nvmlClocksEventReason* bits (the deprecated nvmlClocksThrottleReason*
// names have the same values).
constexpr unsigned long long kClocksEventGpuIdle = 0x1;
constexpr unsigned long long kClocksEventApplicationsClocksSetting = 0x2;
constexpr unsigned long long kClocksEventSwPowerCap = 0x4;
constexpr unsigned long long kClocksEventHwSlowdown = 0x8;
constexpr unsigned long long kClocksEventSyncBoost = 0x10;
constexpr unsigned long long kClocksEventSwThermalSlowdown = 0x20;
constexpr unsigned long long kClocksEventHwThermalSlowdown = 0x40;
constexpr unsigned long long kClocksEventHwPowerBrakeSlowdown = 0x80;
constexpr unsigned long long kClocksEventDisplayClockSetting = 0x100;

enum MemoryErrorType : int
{
    MEMORY_ERROR_TYPE_CORRECTED = 0,
    MEMORY_ERROR_TYPE_UNCORRECTED = 1
};
enum EccCounterType : int
{
    VOLATILE_ECC = 0, // since the driver loaded
    AGGREGATE_ECC = 1 // over the GPU's life
};
enum PageRetirementCause : int
{
    PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS = 0,
    PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR = 1
};
enum NvLinkErrorCounter : int
{
    NVLINK_ERROR_DL_REPLAY = 0,
    NVLINK_ERROR_DL_RECOVERY = 1,
    NVLINK_ERROR_DL_CRC_FLIT = 2,
    NVLINK_ERROR_DL_CRC_DATA = 3,
    NVLINK_ERROR_DL_ECC_DATA = 4
};
constexpr unsigned kNvLinkMaxLinks = 36; // NVML_NVLINK_MAX_LINKS of 13.x headers

extern "C" {
using InitFn = Return (*)();
using ShutdownFn = Return (*)();
using ErrorStringFn = const char* (*)(Return);
using SystemGetVersionFn = Return (*)(char*, unsigned);
using DeviceGetCountFn = Return (*)(unsigned*);
using DeviceGetHandleByIndexFn = Return (*)(unsigned, Device*);
using DeviceGetStringFn = Return (*)(Device, char*, unsigned);
using DeviceGetPciInfoFn = Return (*)(Device, PciInfo*);
using DeviceGetUtilizationRatesFn = Return (*)(Device, Utilization*);
using DeviceGetMemoryInfoFn = Return (*)(Device, Memory*);
using DeviceGetMemoryInfoV2Fn = Return (*)(Device, MemoryV2*);
using DeviceGetMigModeFn = Return (*)(Device, unsigned*, unsigned*);
using DeviceGetMigDeviceHandleByIndexFn = Return (*)(Device, unsigned, Device*);
using DeviceGetAttributesFn = Return (*)(Device, DeviceAttributes*);
using DeviceGetTemperatureFn = Return (*)(Device, TemperatureSensor, unsigned*);
using DeviceGetTemperatureThresholdFn = Return (*)(Device, TemperatureThreshold, unsigned*);
using DeviceGetUIntFn = Return (*)(Device, unsigned*);
using DeviceGetClockInfoFn = Return (*)(Device, ClockType, unsigned*);
using DeviceGetEnableStateFn = Return (*)(Device, EnableState*);
// infos points at records of the stride that matches the resolved version.
using DeviceGetRunningProcessesFn = Return (*)(Device, unsigned*, void*);
using DeviceGetProcessUtilizationFn = Return (*)(Device, ProcessUtilizationSample*, unsigned*,
                                                 unsigned long long);
using DeviceGetU64Fn = Return (*)(Device, unsigned long long*);
using EventSetCreateFn = Return (*)(EventSet*);
using DeviceRegisterEventsFn = Return (*)(Device, unsigned long long, EventSet);
using EventSetWaitFn = Return (*)(EventSet, EventData*, unsigned);
using EventSetFreeFn = Return (*)(EventSet);
using DeviceGetEccModeFn = Return (*)(Device, EnableState*, EnableState*);
using DeviceGetTotalEccErrorsFn = Return (*)(Device, MemoryErrorType, EccCounterType,
                                             unsigned long long*);
using DeviceGetRemappedRowsFn = Return (*)(Device, unsigned*, unsigned*, unsigned*, unsigned*);
using DeviceGetRetiredPagesFn = Return (*)(Device, PageRetirementCause, unsigned*,
                                           unsigned long long*);
using DeviceGetNvLinkStateFn = Return (*)(Device, unsigned, EnableState*);
using DeviceGetNvLinkErrorCounterFn = Return (*)(Device, unsigned, NvLinkErrorCounter,
                                                 unsigned long long*);
}

} // namespace gw::nvml
