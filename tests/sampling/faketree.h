#pragma once

// Writes small fake /proc, /sys and cgroup trees for sampler tests.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace gw::test {

inline bool writeFile(const QString& root, const QString& relative, const QByteArray& content)
{
    const QString path = root + QLatin1Char('/') + relative;
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return false;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(content) == content.size();
}

inline bool makeDir(const QString& root, const QString& relative)
{
    return QDir().mkpath(root + QLatin1Char('/') + relative);
}

} // namespace gw::test
