#pragma once

// The real gpuwarden-agent started by a test on a free port (`--port 0`):
// the port it prints on its first line ("listening on 127.0.0.1:PORT"), or
// 0 when it did not start within 10 s.

#include <QProcess>
#include <QStringList>

namespace gw::test {

inline quint16 startAgentProcess(QProcess& agent, const QString& program, QStringList arguments)
{
    agent.start(program, arguments << QStringLiteral("--port") << QStringLiteral("0"));
    if (!agent.waitForReadyRead(10'000))
        return 0;
    const QByteArray line = agent.readLine().trimmed();
    if (!line.startsWith("listening on 127.0.0.1:"))
        return 0;
    return quint16(line.mid(line.lastIndexOf(':') + 1).toUInt());
}

// The demo agent with the configuration file `config` (its tokens).
inline quint16 startDemoAgent(QProcess& agent, const QString& program, const QString& config)
{
    return startAgentProcess(agent, program,
                             {QStringLiteral("--config"), config, QStringLiteral("--demo")});
}

} // namespace gw::test
