#include "model/xidcatalog.h"

#include <QCoreApplication>

#include <algorithm>
#include <iterator>

namespace gw {

namespace {

using A = XidAction;
using E = XidEffect;

// NVIDIA's catalogue for Ampere and newer GPUs: the codes it lists as used
// on A100, H100, B100 or GB200, with its mnemonic, description and
// immediate action; the effect and whether it is the application's fault
// are GPU Warden's reading (docs/health.md, "XIDs"; 68 and 109 follow
// NVIDIA's k8s-device-plugin, which takes both for application errors).
// Sorted by code; a
// row a line (the one table clang-format leaves as written).
// clang-format off
constexpr XidInfo kCatalogue[] = {
    {8, "ROBUST_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT", "GPU stopped processing", A::RestartApplication, E::Degraded, false, true},
    {11, "ROBUST_CHANNEL_GR_ERROR_MISSING_HW", "Invalid or corrupted push buffer stream", A::RestartApplication, E::None, true, true},
    {13, "ROBUST_CHANNEL_GR_EXCEPTION", "Graphics Engine Exception", A::RestartApplication, E::None, true, true},
    {14, "ROBUST_CHANNEL_FAKE_ERROR", "Fake or injected error", A::None, E::None, false, true},
    {25, "ROBUST_CHANNEL_GR_ILLEGAL_NOTIFY", "Invalid or illegal push buffer stream", A::RestartApplication, E::None, true, true},
    {31, "ROBUST_CHANNEL_FIFO_ERROR_MMU_ERR_FLT", "GPU memory page fault", A::RestartApplication, E::None, true, true},
    {32, "ROBUST_CHANNEL_PBDMA_ERROR", "Invalid or corrupted push buffer stream", A::RestartApplication, E::Degraded, false, true},
    {37, "ROBUST_CHANNEL_FECS_ERR_UNIMP_FIRMWARE_METHOD", "Driver firmware error", A::None, E::None, false, true},
    {38, "ROBUST_CHANNEL_FECS_ERR_WATCHDOG_TIMEOUT", "Driver firmware error", A::None, E::Degraded, false, true},
    {39, "ROBUST_CHANNEL_CE0_ERROR", "Copy Engine Exception", A::RestartApplication, E::Degraded, false, true},
    {40, "ROBUST_CHANNEL_CE1_ERROR", "Copy Engine Exception", A::RestartApplication, E::Degraded, false, true},
    {41, "ROBUST_CHANNEL_CE2_ERROR", "Copy Engine Exception", A::RestartApplication, E::Degraded, false, true},
    {43, "ROBUST_CHANNEL_RESETCHANNEL_VERIF_ERROR", "GPU stopped processing", A::None, E::None, true, true},
    {44, "ROBUST_CHANNEL_GR_FAULT_DURING_CTXSW", "Graphics Engine fault during context switch", A::None, E::Degraded, false, true},
    {45, "ROBUST_CHANNEL_PREEMPTIVE_REMOVAL", "Preemptive cleanup, due to previous errors", A::None, E::None, false, true},
    {46, "ROBUST_CHANNEL_GPU_TIMEOUT_ERROR", "GPU stopped processing", A::ResetGpu, E::Failing, false, true},
    {48, "ROBUST_CHANNEL_GPU_ECC_DBE", "Double Bit ECC Error", A::ResetGpu, E::Failing, false, true},
    {54, "SILENT_RUNNING_PWR_REDUCED_CLOCKING", "Auxiliary power is not connected to the GPU board", A::CheckHardware, E::Degraded, false, true},
    {60, "ROBUST_CHANNEL_SEC2_ERROR", "Video processor exception", A::RestartApplication, E::Degraded, false, true},
    {62, "PMU_HALT_ERROR", "Internal micro-controller halt", A::ResetGpu, E::Failing, false, true},
    {63, "INFOROM_DRAM_RETIREMENT_EVENT", "GPU memory remapping event", A::None, E::Degraded, false, true},
    {64, "INFOROM_DRAM_RETIREMENT_FAILURE", "GPU memory remapping failure", A::ResetGpu, E::Failing, false, true},
    {66, "ROBUST_CHANNEL_FECS_ERR_REG_ACCESS_VIOLATION", "Illegal access by driver", A::None, E::None, false, true},
    {67, "ROBUST_CHANNEL_FECS_ERR_VERIF_VIOLATION", "Illegal access by driver", A::None, E::Degraded, false, true},
    {68, "ROBUST_CHANNEL_NVDEC0_ERROR", "NVDEC0 Exception", A::RestartApplication, E::None, true, true},
    {69, "ROBUST_CHANNEL_GR_CLASS_ERROR", "Graphics Engine class error", A::RestartApplication, E::None, true, true},
    {70, "ROBUST_CHANNEL_CE3_ERROR", "CE3: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {71, "ROBUST_CHANNEL_CE4_ERROR", "CE4: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {72, "ROBUST_CHANNEL_CE5_ERROR", "CE5: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {74, "NVLINK_ERROR", "NVLINK Error", A::ResetGpu, E::Failing, false, true},
    {75, "ROBUST_CHANNEL_CE6_ERROR", "CE6: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {76, "ROBUST_CHANNEL_CE7_ERROR", "CE7: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {77, "ROBUST_CHANNEL_CE8_ERROR", "CE8: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {78, "VGPU_START_ERROR", "vGPU Start Error", A::UpdateSoftware, E::Degraded, false, true},
    {79, "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS", "GPU has fallen off the bus", A::RebootNode, E::Failing, false, true},
    {80, "PBDMA_PUSHBUFFER_CRC_MISMATCH", "Corrupted data sent to GPU", A::RestartApplication, E::None, true, true},
    {82, "ROBUST_CHANNEL_NVJPG0_ERROR", "NVJPG0 Error", A::RestartApplication, E::Degraded, false, true},
    {83, "ROBUST_CHANNEL_NVDEC1_ERROR", "NVDEC1 Error", A::RestartApplication, E::Degraded, false, true},
    {84, "ROBUST_CHANNEL_NVDEC2_ERROR", "NVDEC2 Error", A::RestartApplication, E::Degraded, false, true},
    {85, "ROBUST_CHANNEL_CE9_ERROR", "CE9: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {86, "ROBUST_CHANNEL_OFA0_ERROR", "OFA Exception", A::RestartApplication, E::Degraded, false, true},
    {88, "ROBUST_CHANNEL_NVDEC3_ERROR", "NVDEC3 Error", A::RestartApplication, E::Degraded, false, true},
    {89, "ROBUST_CHANNEL_NVDEC4_ERROR", "NVDEC4 Error", A::RestartApplication, E::Degraded, false, true},
    {92, "EXCESSIVE_SBE_INTERRUPTS", "High single-bit ECC error rate", A::None, E::Degraded, false, true},
    {93, "INFOROM_ERASE_LIMIT_EXCEEDED", "Non-fatal violation of provisioned InfoROM wear limit", A::None, E::Degraded, false, true},
    {94, "ROBUST_CHANNEL_CONTAINED_ERROR", "Contained memory error", A::RestartApplication, E::Degraded, false, true},
    {95, "ROBUST_CHANNEL_UNCONTAINED_ERROR", "Uncontained memory error", A::ResetGpu, E::Failing, false, true},
    {96, "ROBUST_CHANNEL_NVDEC5_ERROR", "NVDEC5 Error", A::RestartApplication, E::Degraded, false, true},
    {97, "ROBUST_CHANNEL_NVDEC6_ERROR", "NVDEC6 Error", A::RestartApplication, E::Degraded, false, true},
    {98, "ROBUST_CHANNEL_NVDEC7_ERROR", "NVDEC7 Error", A::RestartApplication, E::Degraded, false, true},
    {99, "ROBUST_CHANNEL_NVJPG1_ERROR", "NVJPG1 Error", A::RestartApplication, E::Degraded, false, true},
    {100, "ROBUST_CHANNEL_NVJPG2_ERROR", "NVJPG2 Error", A::RestartApplication, E::Degraded, false, true},
    {101, "ROBUST_CHANNEL_NVJPG3_ERROR", "NVJPG3 Error", A::RestartApplication, E::Degraded, false, true},
    {102, "ROBUST_CHANNEL_NVJPG4_ERROR", "NVJPG4 Error", A::RestartApplication, E::Degraded, false, true},
    {103, "ROBUST_CHANNEL_NVJPG5_ERROR", "NVJPG5 Error", A::RestartApplication, E::Degraded, false, true},
    {104, "ROBUST_CHANNEL_NVJPG6_ERROR", "NVJPG6 Error", A::RestartApplication, E::Degraded, false, true},
    {105, "ROBUST_CHANNEL_NVJPG7_ERROR", "NVJPG7 Error", A::RestartApplication, E::Degraded, false, true},
    {106, "SMBPBI_TEST_MESSAGE", "SMBPBI Test Message", A::None, E::None, false, true},
    {107, "SMBPBI_TEST_MESSAGE_SILENT", "SMBPBI Test Message Silent", A::None, E::None, false, true},
    {109, "ROBUST_CHANNEL_CTXSW_TIMEOUT_ERROR", "Context Switch Timeout Error", A::ResetGpu, E::Degraded, false, true},
    {110, "SEC_FAULT_ERROR", "Security Fault Error", A::ResetGpu, E::Failing, false, true},
    {119, "GSP_RPC_TIMEOUT", "GSP RPC Timeout", A::ResetGpu, E::Failing, false, true},
    {120, "GSP_ERROR", "GSP Error", A::ResetGpu, E::Failing, false, true},
    {121, "C2C_ERROR", "C2C Error", A::None, E::Degraded, false, true},
    {126, "ROBUST_CHANNEL_CE10_ERROR", "CE10: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {127, "ROBUST_CHANNEL_CE11_ERROR", "CE11: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {128, "ROBUST_CHANNEL_CE12_ERROR", "CE12: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {129, "ROBUST_CHANNEL_CE13_ERROR", "CE13: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {130, "ROBUST_CHANNEL_CE14_ERROR", "CE14: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {131, "ROBUST_CHANNEL_CE15_ERROR", "CE15: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {132, "ROBUST_CHANNEL_CE16_ERROR", "CE16: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {133, "ROBUST_CHANNEL_CE17_ERROR", "CE17: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {134, "ROBUST_CHANNEL_CE18_ERROR", "CE18: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {135, "ROBUST_CHANNEL_CE19_ERROR", "CE19: Unknown Error", A::RestartApplication, E::Degraded, false, true},
    {136, "ALI_TRAINING_FAIL", "Link Training Failed", A::ResetGpu, E::Failing, false, true},
    {137, "NVLINK_PRIV_ERR", "NVLink Privilege Error", A::None, E::None, true, true},
    {139, "ROBUST_CHANNEL_OFA1_ERROR", "OFA1 Error", A::RestartApplication, E::Degraded, false, true},
    {140, "UNRECOVERABLE_ECC_ERROR_ESCAPE", "ECC Unrecovered Error", A::ResetGpu, E::Failing, false, true},
    {141, "ROBUST_CHANNEL_FAST_PATH_ERROR", "CUDA Fast Path Error", A::None, E::Degraded, false, true},
    {143, "GPU_INIT_ERROR", "GPU Initialization Error", A::ResetGpu, E::Failing, false, true},
    {144, "NVLINK_SAW_ERROR", "NVLINK: SAW Error", A::CheckHardware, E::Degraded, false, true},
    {145, "NVLINK_RLW_ERROR", "NVLINK: RLW Error", A::CheckHardware, E::Degraded, false, true},
    {146, "NVLINK_TLW_ERROR", "NVLINK: TLW Error", A::CheckHardware, E::Degraded, false, true},
    {147, "NVLINK_TREX_ERROR", "NVLINK: TREX Error", A::CheckHardware, E::Degraded, false, true},
    {148, "NVLINK_NVLPW_CTRL_ERROR", "NVLINK: NVLPW_CTRL Error", A::CheckHardware, E::Degraded, false, true},
    {149, "NVLINK_NETIR_ERROR", "NVLINK: NETIR Error", A::CheckHardware, E::Degraded, false, true},
    {150, "NVLINK_MSE_ERROR", "NVLINK: MSE Error", A::CheckHardware, E::Degraded, false, true},
    {151, "ROBUST_CHANNEL_KEY_ROTATION_ERROR", "Key rotation Error", A::UpdateSoftware, E::Degraded, false, true},
    {154, "GPU_RECOVERY_ACTION_CHANGED", "GPU Recovery Action Changed", A::None, E::None, false, true},
    {155, "NVLINK_SW_DEFINED_ERROR", "NVLINK: SW Defined Error", A::ResetGpu, E::Failing, false, true},
    {156, "RESOURCE_RETIREMENT_EVENT", "Resource Retirement Event", A::ResetGpu, E::Failing, false, true},
    {157, "RESOURCE_RETIREMENT_FAILURE", "Resource Retirement Failure", A::None, E::Degraded, false, true},
    {158, "GPU_FATAL_TIMEOUT", "GPU Fatal Timeout", A::ResetGpu, E::Failing, false, true},
    {159, "ROBUST_CHANNEL_CHI_NON_DATA_ERROR", "CHI Non-Data Error", A::CheckHardware, E::Degraded, false, true},
    {160, "CHANNEL_RETIREMENT_EVENT", "Channel Retirement Event", A::None, E::None, false, true},
    {161, "CHANNEL_RETIREMENT_FAILURE", "Channel Retirement Failure", A::None, E::Degraded, false, true},
};
// clang-format on

constexpr bool sortedAndUnique()
{
    for (size_t i = 1; i < std::size(kCatalogue); ++i)
        if (kCatalogue[i - 1].code >= kCatalogue[i].code)
            return false;
    return true;
}
static_assert(sortedAndUnique(), "the catalogue is looked up by binary search");

} // namespace

XidInfo xidInfo(int code)
{
    const auto* end = std::end(kCatalogue);
    const auto* it = std::lower_bound(std::begin(kCatalogue), end, code,
                                      [](const XidInfo& e, int c) { return e.code < c; });
    if (it != end && it->code == code)
        return *it;
    XidInfo unknown;
    unknown.code = code;
    return unknown;
}

QString xidTitle(int code)
{
    const XidInfo info = xidInfo(code);
    return info.known ? QCoreApplication::translate("gw::Xid", "XID %1 (%2)")
                            .arg(code)
                            .arg(QLatin1String(info.description))
                      : QCoreApplication::translate("gw::Xid", "XID %1 (not in NVIDIA's catalogue)")
                            .arg(code);
}

QString xidActionText(XidAction action)
{
    switch (action) {
    case XidAction::None:
        return QCoreApplication::translate("gw::Xid", "no action needed");
    case XidAction::RestartApplication:
        return QCoreApplication::translate("gw::Xid", "restart the application");
    case XidAction::ResetGpu:
        return QCoreApplication::translate("gw::Xid", "reset the GPU");
    case XidAction::RebootNode:
        return QCoreApplication::translate("gw::Xid", "reboot the server");
    case XidAction::CheckHardware:
        return QCoreApplication::translate("gw::Xid", "have the hardware checked");
    case XidAction::UpdateSoftware:
        return QCoreApplication::translate("gw::Xid", "update the driver or firmware");
    }
    return {};
}

const XidInfo* xidCatalogue(int* count)
{
    *count = int(std::size(kCatalogue));
    return kCatalogue;
}

} // namespace gw
