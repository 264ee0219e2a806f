#include "util/savefile.h"

#include <QCoreApplication>
#include <QSaveFile>

namespace gw {

bool writeFileWhole(const QString& path, const QByteArray& data, QString* error)
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(data) == data.size() && file.commit())
        return true;
    if (error)
        *error = QCoreApplication::translate("gw::writeFileWhole", "%1: cannot write: %2")
                     .arg(path, file.errorString());
    return false;
}

} // namespace gw
