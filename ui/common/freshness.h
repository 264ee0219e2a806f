#pragma once

// How a view says how old a server's figures are. Every view of a server
// asks LiveState::freshness() and words it here, so that the tree, the
// header, the status line, the host page and the process list agree.

#include "engine/livestate.h"

#include <QString>

namespace gw {

// "12 s", "4 min", "3 h", "2 d": how long ago, coarse enough to read at a glance.
QString ageText(qint64 ms);
// "last reading 4 min ago"; "no reading yet" before the first one.
QString lastReadingText(const Freshness& f);
// What a stale server's views say in one line: "stale — last reading 4 min
// ago" (empty while fresh).
QString staleText(const Freshness& f);

} // namespace gw
