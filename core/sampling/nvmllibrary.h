#pragma once

// RAII owner of the dlopen()ed NVML library: resolves the functions GPU
// Warden needs (newest symbol version first), initialises NVML, and on
// destruction shuts NVML down before unloading it.

#include "sampling/nvmlapi.h"

#include <QLoggingCategory>
#include <QString>

namespace gw {

Q_DECLARE_LOGGING_CATEGORY(lcNvml)

// What one NVML call's return code means for the figure it was asked for;
// one rule for every read (NvmlSampler, NvmlHealthReader).
enum class NvmlStatus
{
    Value,
    Absent,       // the GPU or driver has no such figure (NOT_SUPPORTED, …)
    DeviceFailed, // the GPU is gone or wedged: nothing it says now counts
    FieldFailed,  // this figure failed (permission, timeout): said, left out
};
NvmlStatus nvmlStatus(nvml::Return rc);

class NvmlLibrary
{
public:
    NvmlLibrary() = default;
    ~NvmlLibrary();
    NvmlLibrary(const NvmlLibrary&) = delete;
    NvmlLibrary& operator=(const NvmlLibrary&) = delete;

    // dlopen + symbol resolution + nvmlInit. False with error() set when the
    // library is missing, lacks a required function, or init fails.
    bool load(const QString& library);
    QString error() const { return m_error; }
    bool isInitialized() const { return m_initialized; }

    // "GPU is lost (NVML_ERROR_GPU_IS_LOST from nvmlDeviceGetUtilizationRates)"
    QString describe(const char* function, nvml::Return code) const;

    // A resolved process-list function with the record size it writes: 24
    // for _v3 and _v2, 16 for the unsuffixed one, 32 for _v3 on drivers
    // 535.43-535.86.
    struct ProcessListFn
    {
        nvml::DeviceGetRunningProcessesFn call = nullptr;
        const char* name = "";
        int stride = 0;
    };

    // Required
    nvml::ShutdownFn shutdown = nullptr;
    nvml::ErrorStringFn errorString = nullptr;
    nvml::DeviceGetCountFn deviceGetCount = nullptr;
    nvml::DeviceGetHandleByIndexFn deviceGetHandleByIndex = nullptr;
    nvml::DeviceGetStringFn deviceGetName = nullptr;
    nvml::DeviceGetStringFn deviceGetUuid = nullptr;
    nvml::DeviceGetUtilizationRatesFn deviceGetUtilizationRates = nullptr;
    // At least one of the two memory functions is required; _v2 (driver
    // 515+) also reports the memory the driver reserves for itself.
    nvml::DeviceGetMemoryInfoFn deviceGetMemoryInfo = nullptr;
    nvml::DeviceGetMemoryInfoV2Fn deviceGetMemoryInfoV2 = nullptr;
    // Optional: a missing one leaves its field absent.
    nvml::SystemGetVersionFn systemGetDriverVersion = nullptr;
    nvml::SystemGetVersionFn systemGetNvmlVersion = nullptr;
    nvml::DeviceGetPciInfoFn deviceGetPciInfo = nullptr; // _v3/_v2 layout, 68 bytes
    nvml::DeviceGetTemperatureFn deviceGetTemperature = nullptr;
    nvml::DeviceGetTemperatureThresholdFn deviceGetTemperatureThreshold = nullptr;
    nvml::DeviceGetUIntFn deviceGetPowerUsage = nullptr;
    nvml::DeviceGetUIntFn deviceGetEnforcedPowerLimit = nullptr;
    nvml::DeviceGetClockInfoFn deviceGetClockInfo = nullptr;
    nvml::DeviceGetUIntFn deviceGetFanSpeed = nullptr;
    nvml::DeviceGetEnableStateFn deviceGetPersistenceMode = nullptr;
    ProcessListFn computeProcesses;
    ProcessListFn graphicsProcesses;
    ProcessListFn mpsProcesses; // clients of an MPS server
    // MIG (Ampere and newer datacenter GPUs)
    nvml::DeviceGetMigModeFn deviceGetMigMode = nullptr;
    nvml::DeviceGetUIntFn deviceGetMaxMigDeviceCount = nullptr;
    nvml::DeviceGetMigDeviceHandleByIndexFn deviceGetMigDeviceHandleByIndex = nullptr;
    nvml::DeviceGetUIntFn deviceGetGpuInstanceId = nullptr;
    nvml::DeviceGetUIntFn deviceGetComputeInstanceId = nullptr;
    nvml::DeviceGetAttributesFn deviceGetAttributes = nullptr; // _v2, MIG handles only
    nvml::DeviceGetProcessUtilizationFn deviceGetProcessUtilization = nullptr;
    // Health and energy (docs/health.md); each optional.
    nvml::EventSetCreateFn eventSetCreate = nullptr;
    nvml::DeviceRegisterEventsFn deviceRegisterEvents = nullptr;
    nvml::DeviceGetU64Fn deviceGetSupportedEventTypes = nullptr;
    // nvmlEventSetWait_v2, else nvmlEventSetWait, which writes only the
    // first 24 bytes of EventData (eventWaitV1 then; no instance ids).
    nvml::EventSetWaitFn eventSetWait = nullptr;
    bool eventWaitV1 = false;
    nvml::EventSetFreeFn eventSetFree = nullptr;
    nvml::DeviceGetU64Fn deviceGetTotalEnergyConsumption = nullptr; // mJ, Volta+
    nvml::DeviceGetEccModeFn deviceGetEccMode = nullptr;
    nvml::DeviceGetTotalEccErrorsFn deviceGetTotalEccErrors = nullptr;
    nvml::DeviceGetRemappedRowsFn deviceGetRemappedRows = nullptr; // Ampere+
    nvml::DeviceGetRetiredPagesFn deviceGetRetiredPages = nullptr; // before Ampere
    nvml::DeviceGetEnableStateFn deviceGetRetiredPagesPendingStatus = nullptr;
    // nvmlDeviceGetCurrentClocksEventReasons, else the older (deprecated)
    // ...ClocksThrottleReasons: the same bits.
    nvml::DeviceGetU64Fn deviceGetClocksEventReasons = nullptr;
    nvml::DeviceGetU64Fn deviceGetSupportedClocksEventReasons = nullptr;
    nvml::DeviceGetUIntFn deviceGetPcieReplayCounter = nullptr;
    nvml::DeviceGetNvLinkStateFn deviceGetNvLinkState = nullptr;
    nvml::DeviceGetNvLinkErrorCounterFn deviceGetNvLinkErrorCounter = nullptr;

private:
    void* symbol(const char* name) const;
    ProcessListFn resolveProcessList(const char* v3, const char* v2, const char* v1) const;
    void unload();

    void* m_handle = nullptr;
    bool m_initialized = false;
    QString m_path;
    QString m_error;
};

} // namespace gw
