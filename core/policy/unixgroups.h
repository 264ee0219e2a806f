#pragma once

// The Unix groups of a user on this machine (primary and supplementary), for
// [quota.groups]: what `id -Gn USER` prints. Empty for an unknown user.

#include <QString>
#include <QStringList>

namespace gw {

QStringList unixGroupsOf(const QString& user);

} // namespace gw
