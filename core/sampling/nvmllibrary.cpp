#include "sampling/nvmllibrary.h"

#include <dlfcn.h>

#include <cstring>
#include <initializer_list>

namespace gw {

Q_LOGGING_CATEGORY(lcNvml, "gw.nvml", QtInfoMsg)

const char* nvml::returnName(int code)
{
    static const char* const names[] = {
        "NVML_SUCCESS",
        "NVML_ERROR_UNINITIALIZED",
        "NVML_ERROR_INVALID_ARGUMENT",
        "NVML_ERROR_NOT_SUPPORTED",
        "NVML_ERROR_NO_PERMISSION",
        "NVML_ERROR_ALREADY_INITIALIZED",
        "NVML_ERROR_NOT_FOUND",
        "NVML_ERROR_INSUFFICIENT_SIZE",
        "NVML_ERROR_INSUFFICIENT_POWER",
        "NVML_ERROR_DRIVER_NOT_LOADED",
        "NVML_ERROR_TIMEOUT",
        "NVML_ERROR_IRQ_ISSUE",
        "NVML_ERROR_LIBRARY_NOT_FOUND",
        "NVML_ERROR_FUNCTION_NOT_FOUND",
        "NVML_ERROR_CORRUPTED_INFOROM",
        "NVML_ERROR_GPU_IS_LOST",
        "NVML_ERROR_RESET_REQUIRED",
        "NVML_ERROR_OPERATING_SYSTEM",
        "NVML_ERROR_LIB_RM_VERSION_MISMATCH",
        "NVML_ERROR_IN_USE",
        "NVML_ERROR_MEMORY",
        "NVML_ERROR_NO_DATA",
        "NVML_ERROR_VGPU_ECC_NOT_SUPPORTED",
        "NVML_ERROR_INSUFFICIENT_RESOURCES",
        "NVML_ERROR_FREQ_NOT_SUPPORTED",
        "NVML_ERROR_ARGUMENT_VERSION_MISMATCH",
        "NVML_ERROR_DEPRECATED",
        "NVML_ERROR_NOT_READY",
        "NVML_ERROR_GPU_NOT_FOUND",
        "NVML_ERROR_INVALID_STATE",
        "NVML_ERROR_RESET_TYPE_NOT_SUPPORTED",
    };
    if (code >= 0 && code < int(std::size(names)))
        return names[code];
    if (code == ERROR_UNKNOWN)
        return "NVML_ERROR_UNKNOWN";
    return "NVML_ERROR_(unlisted)";
}

namespace {

template <typename Fn>
Fn firstOf(void* handle, std::initializer_list<const char*> names, const char** chosen = nullptr)
{
    for (const char* n : names) {
        if (void* p = dlsym(handle, n)) {
            if (chosen)
                *chosen = n;
            return reinterpret_cast<Fn>(p);
        }
    }
    return nullptr;
}

} // namespace

NvmlStatus nvmlStatus(nvml::Return rc)
{
    switch (rc) {
    case nvml::SUCCESS:
        return NvmlStatus::Value;
    // The device simply has no such sensor / feature.
    case nvml::ERROR_NOT_SUPPORTED:
    case nvml::ERROR_FUNCTION_NOT_FOUND:
    case nvml::ERROR_NO_DATA:
        return NvmlStatus::Absent;
    // The device is gone or wedged: nothing else it says this round can be trusted.
    case nvml::ERROR_GPU_IS_LOST:
    case nvml::ERROR_UNKNOWN:
    case nvml::ERROR_RESET_REQUIRED:
    case nvml::ERROR_GPU_NOT_FOUND:
    case nvml::ERROR_UNINITIALIZED:
        return NvmlStatus::DeviceFailed;
    default:
        return NvmlStatus::FieldFailed;
    }
}

NvmlLibrary::~NvmlLibrary()
{
    unload();
}

void NvmlLibrary::unload()
{
    if (m_initialized && shutdown) {
        const nvml::Return rc = shutdown();
        if (rc != nvml::SUCCESS)
            qCWarning(lcNvml) << "nvmlShutdown:" << describe("nvmlShutdown", rc);
    }
    m_initialized = false;
    if (m_handle)
        dlclose(m_handle);
    m_handle = nullptr;
}

void* NvmlLibrary::symbol(const char* name) const
{
    return dlsym(m_handle, name);
}

QString NvmlLibrary::describe(const char* function, nvml::Return code) const
{
    const char* text = errorString ? errorString(code) : nullptr;
    return QString::fromUtf8(text ? text : "Unknown Error") + QStringLiteral(" (") +
           QLatin1String(nvml::returnName(code)) + QStringLiteral(" from ") +
           QLatin1String(function) + QLatin1Char(')');
}

NvmlLibrary::ProcessListFn NvmlLibrary::resolveProcessList(const char* v3, const char* v2,
                                                           const char* v1) const
{
    ProcessListFn f;
    if (void* p = symbol(v3)) {
        f.call = reinterpret_cast<nvml::DeviceGetRunningProcessesFn>(p);
        f.name = v3;
        // Drivers 535.43-535.86 wrote 32-byte records through _v3 without a
        // version bump. They are the ones that export the confidential
        // computing query but not yet the detail list that replaced it
        // (the rule nvitop uses); asking the driver version would need a
        // table of point releases, the symbols say it directly.
        const bool ccRecords = symbol("nvmlDeviceGetConfComputeMemSizeInfo") &&
                               !symbol("nvmlDeviceGetRunningProcessDetailList");
        f.stride =
            ccRecords ? int(sizeof(nvml::ProcessDetailV1)) : int(sizeof(nvml::ProcessInfoV2));
    } else if (void* p = symbol(v2)) {
        f.call = reinterpret_cast<nvml::DeviceGetRunningProcessesFn>(p);
        f.name = v2;
        f.stride = int(sizeof(nvml::ProcessInfoV2));
    } else if (void* p = symbol(v1)) {
        f.call = reinterpret_cast<nvml::DeviceGetRunningProcessesFn>(p);
        f.name = v1;
        f.stride = int(sizeof(nvml::ProcessInfoV1));
    }
    return f;
}

bool NvmlLibrary::load(const QString& library)
{
    unload();
    m_path = library;
    m_error.clear();
    dlerror();
    m_handle = dlopen(library.toLocal8Bit().constData(), RTLD_NOW | RTLD_LOCAL);
    if (!m_handle) {
        const char* why = dlerror();
        m_error =
            QStringLiteral("cannot load NVML library %1: %2 (is the NVIDIA driver installed?)")
                .arg(library, QString::fromLocal8Bit(why ? why : "unknown dlopen error"));
        return false;
    }

    const char* initName = "";
    const auto init = firstOf<nvml::InitFn>(m_handle, {"nvmlInit_v2", "nvmlInit"}, &initName);
    shutdown = firstOf<nvml::ShutdownFn>(m_handle, {"nvmlShutdown"});
    errorString = firstOf<nvml::ErrorStringFn>(m_handle, {"nvmlErrorString"});
    deviceGetCount =
        firstOf<nvml::DeviceGetCountFn>(m_handle, {"nvmlDeviceGetCount_v2", "nvmlDeviceGetCount"});
    deviceGetHandleByIndex = firstOf<nvml::DeviceGetHandleByIndexFn>(
        m_handle, {"nvmlDeviceGetHandleByIndex_v2", "nvmlDeviceGetHandleByIndex"});
    deviceGetName = firstOf<nvml::DeviceGetStringFn>(m_handle, {"nvmlDeviceGetName"});
    deviceGetUuid = firstOf<nvml::DeviceGetStringFn>(m_handle, {"nvmlDeviceGetUUID"});
    deviceGetUtilizationRates =
        firstOf<nvml::DeviceGetUtilizationRatesFn>(m_handle, {"nvmlDeviceGetUtilizationRates"});
    // _v2 where the driver has it (515+): it reports the driver's reserved
    // memory on its own, as nvidia-smi shows it; v1 counts it as used.
    deviceGetMemoryInfo =
        firstOf<nvml::DeviceGetMemoryInfoFn>(m_handle, {"nvmlDeviceGetMemoryInfo"});
    deviceGetMemoryInfoV2 =
        firstOf<nvml::DeviceGetMemoryInfoV2Fn>(m_handle, {"nvmlDeviceGetMemoryInfo_v2"});
    const void* anyMemoryInfo = deviceGetMemoryInfoV2
                                    ? reinterpret_cast<const void*>(deviceGetMemoryInfoV2)
                                    : reinterpret_cast<const void*>(deviceGetMemoryInfo);

    const std::pair<const void*, const char*> required[] = {
        {reinterpret_cast<const void*>(init), "nvmlInit_v2"},
        {reinterpret_cast<const void*>(shutdown), "nvmlShutdown"},
        {reinterpret_cast<const void*>(errorString), "nvmlErrorString"},
        {reinterpret_cast<const void*>(deviceGetCount), "nvmlDeviceGetCount_v2"},
        {reinterpret_cast<const void*>(deviceGetHandleByIndex), "nvmlDeviceGetHandleByIndex_v2"},
        {reinterpret_cast<const void*>(deviceGetName), "nvmlDeviceGetName"},
        {reinterpret_cast<const void*>(deviceGetUuid), "nvmlDeviceGetUUID"},
        {reinterpret_cast<const void*>(deviceGetUtilizationRates), "nvmlDeviceGetUtilizationRates"},
        {anyMemoryInfo, "nvmlDeviceGetMemoryInfo"},
    };
    for (const auto& [fn, fnName] : required) {
        if (!fn) {
            m_error = QStringLiteral("NVML library %1 lacks the required function %2 (driver too "
                                     "old or not NVML)")
                          .arg(library, QLatin1String(fnName));
            shutdown = nullptr; // never initialised, nothing to shut down
            unload();
            return false;
        }
    }

    systemGetDriverVersion =
        firstOf<nvml::SystemGetVersionFn>(m_handle, {"nvmlSystemGetDriverVersion"});
    systemGetNvmlVersion =
        firstOf<nvml::SystemGetVersionFn>(m_handle, {"nvmlSystemGetNVMLVersion"});
    // The unsuffixed nvmlDeviceGetPciInfo writes an older, shorter layout.
    deviceGetPciInfo = firstOf<nvml::DeviceGetPciInfoFn>(
        m_handle, {"nvmlDeviceGetPciInfo_v3", "nvmlDeviceGetPciInfo_v2"});
    deviceGetTemperature =
        firstOf<nvml::DeviceGetTemperatureFn>(m_handle, {"nvmlDeviceGetTemperature"});
    deviceGetTemperatureThreshold = firstOf<nvml::DeviceGetTemperatureThresholdFn>(
        m_handle, {"nvmlDeviceGetTemperatureThreshold"});
    deviceGetPowerUsage = firstOf<nvml::DeviceGetUIntFn>(m_handle, {"nvmlDeviceGetPowerUsage"});
    deviceGetEnforcedPowerLimit =
        firstOf<nvml::DeviceGetUIntFn>(m_handle, {"nvmlDeviceGetEnforcedPowerLimit"});
    deviceGetClockInfo = firstOf<nvml::DeviceGetClockInfoFn>(m_handle, {"nvmlDeviceGetClockInfo"});
    deviceGetFanSpeed = firstOf<nvml::DeviceGetUIntFn>(m_handle, {"nvmlDeviceGetFanSpeed"});
    deviceGetPersistenceMode =
        firstOf<nvml::DeviceGetEnableStateFn>(m_handle, {"nvmlDeviceGetPersistenceMode"});
    computeProcesses = resolveProcessList("nvmlDeviceGetComputeRunningProcesses_v3",
                                          "nvmlDeviceGetComputeRunningProcesses_v2",
                                          "nvmlDeviceGetComputeRunningProcesses");
    graphicsProcesses = resolveProcessList("nvmlDeviceGetGraphicsRunningProcesses_v3",
                                           "nvmlDeviceGetGraphicsRunningProcesses_v2",
                                           "nvmlDeviceGetGraphicsRunningProcesses");
    mpsProcesses = resolveProcessList("nvmlDeviceGetMPSComputeRunningProcesses_v3",
                                      "nvmlDeviceGetMPSComputeRunningProcesses_v2",
                                      "nvmlDeviceGetMPSComputeRunningProcesses");
    deviceGetMigMode = firstOf<nvml::DeviceGetMigModeFn>(m_handle, {"nvmlDeviceGetMigMode"});
    deviceGetMaxMigDeviceCount =
        firstOf<nvml::DeviceGetUIntFn>(m_handle, {"nvmlDeviceGetMaxMigDeviceCount"});
    deviceGetMigDeviceHandleByIndex = firstOf<nvml::DeviceGetMigDeviceHandleByIndexFn>(
        m_handle, {"nvmlDeviceGetMigDeviceHandleByIndex"});
    deviceGetGpuInstanceId =
        firstOf<nvml::DeviceGetUIntFn>(m_handle, {"nvmlDeviceGetGpuInstanceId"});
    deviceGetComputeInstanceId =
        firstOf<nvml::DeviceGetUIntFn>(m_handle, {"nvmlDeviceGetComputeInstanceId"});
    deviceGetAttributes =
        firstOf<nvml::DeviceGetAttributesFn>(m_handle, {"nvmlDeviceGetAttributes_v2"});
    deviceGetProcessUtilization =
        firstOf<nvml::DeviceGetProcessUtilizationFn>(m_handle, {"nvmlDeviceGetProcessUtilization"});
    eventSetCreate = firstOf<nvml::EventSetCreateFn>(m_handle, {"nvmlEventSetCreate"});
    deviceRegisterEvents =
        firstOf<nvml::DeviceRegisterEventsFn>(m_handle, {"nvmlDeviceRegisterEvents"});
    deviceGetSupportedEventTypes =
        firstOf<nvml::DeviceGetU64Fn>(m_handle, {"nvmlDeviceGetSupportedEventTypes"});
    const char* waitName = "";
    eventSetWait = firstOf<nvml::EventSetWaitFn>(
        m_handle, {"nvmlEventSetWait_v2", "nvmlEventSetWait"}, &waitName);
    eventWaitV1 = eventSetWait && std::strcmp(waitName, "nvmlEventSetWait") == 0;
    eventSetFree = firstOf<nvml::EventSetFreeFn>(m_handle, {"nvmlEventSetFree"});
    deviceGetTotalEnergyConsumption =
        firstOf<nvml::DeviceGetU64Fn>(m_handle, {"nvmlDeviceGetTotalEnergyConsumption"});
    deviceGetEccMode = firstOf<nvml::DeviceGetEccModeFn>(m_handle, {"nvmlDeviceGetEccMode"});
    deviceGetTotalEccErrors =
        firstOf<nvml::DeviceGetTotalEccErrorsFn>(m_handle, {"nvmlDeviceGetTotalEccErrors"});
    deviceGetRemappedRows =
        firstOf<nvml::DeviceGetRemappedRowsFn>(m_handle, {"nvmlDeviceGetRemappedRows"});
    deviceGetRetiredPages =
        firstOf<nvml::DeviceGetRetiredPagesFn>(m_handle, {"nvmlDeviceGetRetiredPages"});
    deviceGetRetiredPagesPendingStatus =
        firstOf<nvml::DeviceGetEnableStateFn>(m_handle, {"nvmlDeviceGetRetiredPagesPendingStatus"});
    deviceGetClocksEventReasons =
        firstOf<nvml::DeviceGetU64Fn>(m_handle, {"nvmlDeviceGetCurrentClocksEventReasons",
                                                 "nvmlDeviceGetCurrentClocksThrottleReasons"});
    deviceGetSupportedClocksEventReasons =
        firstOf<nvml::DeviceGetU64Fn>(m_handle, {"nvmlDeviceGetSupportedClocksEventReasons",
                                                 "nvmlDeviceGetSupportedClocksThrottleReasons"});
    deviceGetPcieReplayCounter =
        firstOf<nvml::DeviceGetUIntFn>(m_handle, {"nvmlDeviceGetPcieReplayCounter"});
    deviceGetNvLinkState =
        firstOf<nvml::DeviceGetNvLinkStateFn>(m_handle, {"nvmlDeviceGetNvLinkState"});
    deviceGetNvLinkErrorCounter =
        firstOf<nvml::DeviceGetNvLinkErrorCounterFn>(m_handle, {"nvmlDeviceGetNvLinkErrorCounter"});
    qCDebug(lcNvml) << "process lists through" << computeProcesses.name << "and"
                    << graphicsProcesses.name << "with" << computeProcesses.stride
                    << "byte records";

    const nvml::Return rc = init();
    if (rc != nvml::SUCCESS) {
        m_error = QStringLiteral("%1 failed: %2: %3")
                      .arg(QLatin1String(initName), QLatin1String(nvml::returnName(rc)),
                           QString::fromUtf8(errorString(rc)));
        unload();
        return false;
    }
    m_initialized = true;
    return true;
}

} // namespace gw
