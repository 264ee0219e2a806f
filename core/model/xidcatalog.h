#pragma once

// What an XID says about a GPU: NVIDIA's XID catalogue for Ampere and newer
// GPUs ("Analyzing Xid Errors with the Xid Catalog",
// docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html) as facts
// (mnemonic, description, the immediate action NVIDIA recommends), and
// GPU Warden's reading of them (docs/health.md, "XIDs"):
//  * the application's fault (XID 13, 31, 43, …): told to the owner of the
//    process, the GPU stays ok;
//  * the GPU needs a reset, the node a reboot, or the hardware is failing
//    (48, 74, 79, 95, 119, …): the GPU is failing and is not handed out;
//  * the GPU keeps working but something wants a look or a reset when
//    convenient (63, 92, 94, …): degraded, handed out last;
//  * informational (45 follows another XID, 154 summarises one): nothing.
// An XID the catalogue does not list (a newer driver's, or 999, which NVML
// uses for an XID it does not know itself) is degraded, never ignored.

#include <QString>

namespace gw {

enum class XidAction
{
    None,               // IGNORE
    RestartApplication, // RESTART_APP
    ResetGpu,           // RESET_GPU
    RebootNode,         // RESTART_BM: the GPU is gone until the node restarts
    CheckHardware,      // CONTACT_SUPPORT, CHECK_MECHANICALS and the hardware workflows
    UpdateSoftware,     // UPDATE_SWFW, RESTART_VM
};

enum class XidEffect
{
    None,     // the GPU stays ok
    Degraded, // usable, handed out last, with the reason
    Failing,  // not handed out until it is reset or replaced
};

struct XidInfo
{
    int code = 0;
    const char* mnemonic = "";    // "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS"
    const char* description = ""; // "GPU has fallen off the bus"
    XidAction action = XidAction::CheckHardware;
    XidEffect effect = XidEffect::Degraded;
    bool application = false; // the fault of the program that ran, told to its owner
    bool known = false;       // listed in the catalogue
};

// The catalogue's entry for `code`; for a code it does not list, an entry
// with known == false, effect Degraded and action CheckHardware.
XidInfo xidInfo(int code);

// "XID 79 (GPU has fallen off the bus)"; "XID 999 (not in the catalogue)".
QString xidTitle(int code);
// "reset the GPU", "restart the application", … (for messages and docs).
QString xidActionText(XidAction action);

// Every listed entry in code order (tests, docs).
const XidInfo* xidCatalogue(int* count);

} // namespace gw
