#pragma once

// Writes a file whole or not at all (QSaveFile: a temporary file beside it,
// renamed on success), so a reader never sees half a report and a failure
// keeps the old file. False, with `error` naming the path and the reason.

#include <QByteArray>
#include <QString>

namespace gw {

bool writeFileWhole(const QString& path, const QByteArray& data, QString* error);

} // namespace gw
