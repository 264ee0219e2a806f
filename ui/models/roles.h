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
    StatusRole,    // int (GpuStatus)
    PidRole,       // qint64
    LinkStateRole, // int (LinkState) on remote server rows; invalid for local ones
};

} // namespace gw
