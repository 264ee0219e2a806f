#pragma once

// Where a test saves its screenshots: the test folder's screenshots/ in the
// build tree (docs/screenshots holds the ones chosen for the docs).

#include <QDir>
#include <QString>

namespace gw::test {

inline QString screenshotPath(const QString& name)
{
    QDir().mkpath(QStringLiteral(GW_TEST_BINARY_DIR "/screenshots"));
    return QStringLiteral(GW_TEST_BINARY_DIR "/screenshots/") + name;
}

} // namespace gw::test
