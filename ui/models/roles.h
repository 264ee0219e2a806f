#pragma once

#include <Qt>

namespace gw {

// Roles shared by our models: raw values sit beside the formatted display,
// and sorting uses its own role.
enum ModelRole
{
    RawValueRole = Qt::UserRole + 1, // double, or invalid QVariant when absent
    SortRole,
    ServerRole,    // QString
    GpuUuidRole,   // QString
    StatusRole,    // int (GpuState): the verdict; invalid where there is none (stale server)
    PidRole,       // qint64
    LinkStateRole, // int (LinkState) on remote server rows; invalid for local ones
    // int (DisplayState, common/palette.h): the mark a row shows (a verdict,
    // or stale, error, connecting); invalid where the row has no mark.
    DisplayStateRole,
    StaleRole,   // bool: the row's figures are not current (greyed, no verdict)
    MigUuidRole, // QString: the MIG instance of the row ("MIG-…"), empty otherwise
    // QString: the one line a row shows across its width where it has one
    // (a server: "gpu-lab-01 · 3 of 4 busy · 2 users"); DisplayRole keeps
    // its name.
    SummaryRole,
    // Process rows (docs/owners.md): the owner as charged (QString, empty
    // where none is shown), the host user, the account, the Kubernetes
    // namespace and the Slurm job id (QString, empty where none).
    OwnerRole,
    HostUserRole,
    AccountRole,
    NamespaceRole,
    JobRole,
};

} // namespace gw
