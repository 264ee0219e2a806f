#pragma once

// gpuwarden-cli run as a user runs it, for the tests that drive the real
// binary (GW_CLI is its path, set by the test's CMake): its exit code and
// everything it wrote. -1 when it crashed, did not start or ran too long.

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace clitest {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline Run runCli(const QStringList& args,
                  const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment(),
                  const QByteArray& input = {}, int timeoutMs = 60000)
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(GW_CLI), args);
    Run r;
    if (!p.waitForStarted())
        return r;
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace clitest
