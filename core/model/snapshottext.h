#pragma once

// A snapshot as the command line prints it: for a person (every figure
// through the one formatter, absent as "n/a") or for a script (JSON).

#include "model/snapshot.h"

#include <QByteArray>
#include <QString>

namespace gw {

// Host line, one line per GPU, one per process, then the warnings.
QString snapshotText(const Snapshot& s);

// One snapshot as a JSON object, several as an array of them.
QByteArray snapshotsJson(const QList<Snapshot>& snapshots);

} // namespace gw
