#pragma once

// What tst_cliselect and tst_clirun share: gpuwarden-cli run as a user runs
// it, the fake libnvidia-ml.so.1 on the library path with a scenario, and a
// fake /proc and /sys so no test reads the machine it runs on.

#include "clirunner.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace clitest {

inline bool writeFile(const QString& path, const QByteArray& data)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// Neither NVML nor nvidia-smi of this machine may leak into a run: only the
// fake NVML, reading `scenario`.
inline QProcessEnvironment fakeNvmlEnv(const QString& scenario)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("GW_FAKE_SMI_DIR"));
    env.remove(QStringLiteral("GPUWARDEN_TOKEN"));
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral(GW_FAKE_NVML_DIR));
    env.insert(QStringLiteral("GW_FAKE_NVML_SCENARIO"), scenario);
    return env;
}

// A fake machine "gpu-node-9" under `root`; answers the options that point
// the samplers at it.
inline QStringList fakeMachine(const QString& root)
{
    const QString proc = root + QStringLiteral("/proc");
    const QString sys = root + QStringLiteral("/sys");
    writeFile(proc + QStringLiteral("/stat"), "cpu  100 0 50 1000 0 0 0 0 0 0\nbtime 1795300000\n");
    writeFile(proc + QStringLiteral("/meminfo"),
              "MemTotal:       67108864 kB\nMemFree:         1000000 kB\n"
              "MemAvailable:   50331648 kB\n");
    writeFile(proc + QStringLiteral("/sys/kernel/hostname"), "gpu-node-9\n");
    writeFile(proc + QStringLiteral("/self/cgroup"), "0::/\n");
    QDir().mkpath(sys + QStringLiteral("/block"));
    QDir().mkpath(sys + QStringLiteral("/class/drm"));
    return {QStringLiteral("--proc-root"),   proc,
            QStringLiteral("--sys-root"),    sys,
            QStringLiteral("--cgroup-root"), sys + QStringLiteral("/fs/cgroup")};
}

// A [[token]] table of agent.toml: the token kept as its SHA-256, as
// admins write it.
inline QByteArray agentTokenToml(const QByteArray& name, const QByteArray& scope,
                                 const QByteArray& token)
{
    return "[[token]]\nname = \"" + name + "\"\nscope = \"" + scope + "\"\nsha256 = \"" +
           QCryptographicHash::hash(token, QCryptographicHash::Sha256).toHex() + "\"\n";
}

#ifdef GW_AGENT
// gpuwarden-agent (GW_AGENT) started as an admin starts it, on a free
// loopback port; stopped with SIGTERM when destroyed.
class AgentProcess
{
public:
    AgentProcess() = default;
    AgentProcess(const AgentProcess&) = delete;
    AgentProcess& operator=(const AgentProcess&) = delete;
    ~AgentProcess() { stop(); }

    // Writes `toml` to `configPath` and starts the agent on it. False (and
    // why()) when it did not come up listening.
    bool start(const QString& configPath, const QByteArray& toml, const QProcessEnvironment& env)
    {
        m_url.clear();
        if (!writeFile(configPath, toml)) {
            m_why = QStringLiteral("cannot write ") + configPath;
            return false;
        }
        m_process.setProcessEnvironment(env);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start(QStringLiteral(GW_AGENT), {QStringLiteral("--config"), configPath,
                                                   QStringLiteral("--port"), QStringLiteral("0")});
        if (!m_process.waitForStarted(10'000) || !m_process.waitForReadyRead(10'000)) {
            m_why = QStringLiteral("the agent did not start: ") +
                    QString::fromLocal8Bit(m_process.readAllStandardError());
            return false;
        }
        const QByteArray line = m_process.readLine().trimmed();
        if (!line.startsWith("listening on 127.0.0.1:")) {
            m_why = QString::fromLocal8Bit(line);
            return false;
        }
        m_url =
            QStringLiteral("http://127.0.0.1:%1").arg(line.mid(line.lastIndexOf(':') + 1).toUInt());
        return true;
    }
    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate();
        if (!m_process.waitForFinished(10'000)) {
            m_process.kill();
            m_process.waitForFinished(10'000);
        }
    }
    QString url() const { return m_url; }
    QString why() const { return m_why; }
    QProcess& process() { return m_process; }

private:
    QProcess m_process;
    QString m_url;
    QString m_why;
};
#endif

} // namespace clitest
