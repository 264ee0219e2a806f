#pragma once

// A session bus of the test's own (dbus-daemon with a config that activates
// nothing, so no stray gnome-keyring is started behind our back), and
// optionally an unlocked gnome-keyring on it with its data in a temporary
// home. CI has no session bus and no display; a developer's desktop keyring
// is never touched.
//
// Every daemon is a direct child started with PR_SET_PDEATHSIG: if the test
// dies, they die with it; otherwise stop() (or the destructor) ends them and
// waits for them.

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <csignal>
#include <sys/prctl.h>

namespace gw::test {

class PrivateBus
{
public:
    static constexpr auto kSecretService = "org.freedesktop.secrets";

    PrivateBus() = default;
    PrivateBus(const PrivateBus&) = delete;
    PrivateBus& operator=(const PrivateBus&) = delete;
    ~PrivateBus() { stop(); }

    // Starts the bus; with `withKeyring`, also gnome-keyring-daemon, and
    // waits until it owns org.freedesktop.secrets. False, with error(), if
    // a daemon is missing or does not come up.
    bool start(bool withKeyring)
    {
        if (!m_dir.isValid())
            return fail(QStringLiteral("no temporary directory"));
        for (const char* sub : {"run", "home", "home/data", "home/config", "home/cache"})
            QDir(m_dir.path()).mkpath(QLatin1String(sub));
        QFile::setPermissions(path(QStringLiteral("run")),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QFile conf(path(QStringLiteral("bus.conf")));
        if (!conf.open(QIODevice::WriteOnly))
            return fail(conf.errorString());
        conf.write("<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration "
                   "1.0//EN\" \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
                   "<busconfig>\n  <type>session</type>\n  <listen>unix:dir=" +
                   path(QStringLiteral("run")).toUtf8() +
                   "</listen>\n  <auth>EXTERNAL</auth>\n"
                   "  <policy context=\"default\">\n"
                   "    <allow send_destination=\"*\" eavesdrop=\"true\"/>\n"
                   "    <allow eavesdrop=\"true\"/>\n    <allow own=\"*\"/>\n"
                   "  </policy>\n</busconfig>\n");
        conf.close();

        m_bus = daemon();
        m_bus->start(QStringLiteral("dbus-daemon"),
                     {QStringLiteral("--config-file=") + conf.fileName(),
                      QStringLiteral("--nofork"), QStringLiteral("--print-address=1")});
        if (!m_bus->waitForStarted(5000))
            return fail(QStringLiteral("cannot start dbus-daemon (package dbus-daemon): ") +
                        m_bus->errorString());
        QDeadlineTimer deadline(10000);
        while (!m_bus->canReadLine() && !deadline.hasExpired() &&
               m_bus->state() == QProcess::Running)
            m_bus->waitForReadyRead(100);
        m_address = QString::fromUtf8(m_bus->readLine().trimmed());
        if (m_address.isEmpty())
            return fail(QStringLiteral("dbus-daemon printed no address: ") +
                        QString::fromUtf8(m_bus->readAllStandardError()));
        if (!withKeyring)
            return true;

        m_keyring = daemon();
        m_keyring->setProcessEnvironment(environment());
        m_keyring->setProcessChannelMode(QProcess::MergedChannels);
        m_keyring->start(QStringLiteral("gnome-keyring-daemon"),
                         {QStringLiteral("--foreground"), QStringLiteral("--unlock"),
                          QStringLiteral("--components=secrets")});
        if (!m_keyring->waitForStarted(5000))
            return fail(QStringLiteral("cannot start gnome-keyring-daemon (package "
                                       "gnome-keyring): ") +
                        m_keyring->errorString());
        // --unlock reads the login keyring's password up to end of file; the
        // keyring is created with it on first use.
        m_keyring->write("test-password");
        m_keyring->closeWriteChannel();

        QDBusConnection probe = QDBusConnection::connectToBus(m_address, probeName());
        while (!deadline.hasExpired() && m_keyring->state() == QProcess::Running) {
            if (probe.isConnected() &&
                probe.interface()->isServiceRegistered(QLatin1String(kSecretService)))
                return true;
            QTest::qWait(50);
        }
        return fail(QStringLiteral("gnome-keyring-daemon did not come up on the bus: ") +
                    QString::fromUtf8(m_keyring->readAll()));
    }

    void stop()
    {
        QDBusConnection::disconnectFromBus(probeName());
        for (auto* p : {m_keyring.get(), m_bus.get()}) {
            if (!p || p->state() == QProcess::NotRunning)
                continue;
            p->terminate();
            if (!p->waitForFinished(3000)) {
                p->kill();
                p->waitForFinished(3000);
            }
        }
    }

    QString address() const { return m_address; }
    QString error() const { return m_error; }
    QString path(const QString& rel) const { return m_dir.filePath(rel); }
    // Process ids of the daemons started (to check that none outlives stop()).
    QList<qint64> pids() const
    {
        QList<qint64> pids;
        for (auto* p : {m_keyring.get(), m_bus.get()})
            if (p && p->processId() > 0)
                pids.append(p->processId());
        return pids;
    }

    // For a child: this bus, the temporary home, no desktop to guess a
    // wallet from, no token inherited from whoever runs the tests.
    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* var :
             {"GPUWARDEN_TOKEN", "XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION",
              "KDE_SESSION_VERSION", "GNOME_DESKTOP_SESSION_ID", "DISPLAY", "WAYLAND_DISPLAY"})
            env.remove(QLatin1String(var));
        env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), m_address);
        env.insert(QStringLiteral("HOME"), path(QStringLiteral("home")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), path(QStringLiteral("home/data")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), path(QStringLiteral("home/config")));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), path(QStringLiteral("home/cache")));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), path(QStringLiteral("run")));
        return env;
    }

private:
    static std::unique_ptr<QProcess> daemon()
    {
        auto p = std::make_unique<QProcess>();
        p->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
        return p;
    }
    QString probeName() const { return QStringLiteral("gw-test-probe-") + m_dir.path(); }
    bool fail(const QString& why)
    {
        m_error = why;
        stop();
        return false;
    }

    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_bus;
    std::unique_ptr<QProcess> m_keyring;
    QString m_address;
    QString m_error;
};

} // namespace gw::test
