#pragma once

// A real process for an agent to judge: `sleep 600`, as nobody when the test
// runs as root (the agent never signals root's processes), exec'd before
// startSleepChild returns; and a small file writer for the suites that give
// the agent its files.

#include <QFile>
#include <QProcess>
#include <QString>
#include <QTest>

#include <unistd.h>

namespace gw::test {

inline constexpr uint kNobodyUid = 65534;

inline bool startSleepChild(QProcess& p)
{
    if (::geteuid() == 0)
        p.setChildProcessModifier([] {
            if (::setgid(kNobodyUid) != 0 || ::setuid(kNobodyUid) != 0)
                ::_exit(127);
        });
    p.start(QStringLiteral("sleep"), {QStringLiteral("600")});
    if (!p.waitForStarted())
        return false;
    return QTest::qWaitFor(
        [&] {
            QFile comm(QStringLiteral("/proc/%1/comm").arg(p.processId()));
            return comm.open(QIODevice::ReadOnly) && comm.readAll() == "sleep\n";
        },
        5000);
}

inline void writeTestFile(const QString& path, const QByteArray& data)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
        qFatal("cannot write %s", qPrintable(path));
}

} // namespace gw::test
