// A real Podman on this machine, as ../shared/reference/real-components.md
// runs it: an image made from busybox-static and imported offline, containers
// run with runc, the cgroupfs manager and lowered rlimits, and Podman's
// Docker-compatible service on a socket of the test's own. Podman failing
// here (its storage, its runtime) is the machine's, not the code's: the
// caller skips with Podman's words (`error`).
#pragma once

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

namespace gw::test {

class PodmanBox
{
public:
    // Empty when this machine can run Podman containers; else why not.
    static QString unavailable()
    {
        if (::geteuid() != 0 ||
            QStandardPaths::findExecutable(QStringLiteral("podman")).isEmpty() ||
            QStandardPaths::findExecutable(QStringLiteral("runc")).isEmpty() ||
            !QFile::exists(QStringLiteral("/bin/busybox")))
            return QStringLiteral("needs root, podman, runc and busybox-static "
                                  "(.ci/install-deps.sh installs them)");
        return {};
    }

    PodmanBox() { m_podman = QStandardPaths::findExecutable(QStringLiteral("podman")); }
    ~PodmanBox()
    {
        for (const QString& name : std::as_const(m_containers))
            run({QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("-t"),
                 QStringLiteral("0"), name});
        if (m_service.state() != QProcess::NotRunning) {
            m_service.terminate();
            if (!m_service.waitForFinished(5000))
                m_service.kill();
        }
    }

    // podman ARGS with this machine's runtime flags; stdout into `out`.
    bool run(const QStringList& args, QByteArray* out = nullptr)
    {
        QProcess p;
        p.setWorkingDirectory(m_dir.path());
        p.start(m_podman, runtimeFlags() + args);
        p.waitForFinished(60000);
        if (out)
            *out = p.readAllStandardOutput().trimmed();
        m_error = QString::fromLocal8Bit(p.readAllStandardError().trimmed().right(300));
        return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    }

    // The image localhost/gw-test:1: busybox with sleep.
    bool makeImage()
    {
        QDir(m_dir.path()).mkpath(QStringLiteral("root/bin"));
        QFile::copy(QStringLiteral("/bin/busybox"),
                    m_dir.filePath(QStringLiteral("root/bin/busybox")));
        QFile::link(QStringLiteral("busybox"), m_dir.filePath(QStringLiteral("root/bin/sleep")));
        if (QProcess::execute(QStringLiteral("tar"),
                              {QStringLiteral("-C"), m_dir.filePath(QStringLiteral("root")),
                               QStringLiteral("-cf"), m_dir.filePath(QStringLiteral("bb.tar")),
                               QStringLiteral(".")}) != 0) {
            m_error = QStringLiteral("tar failed");
            return false;
        }
        return run({QStringLiteral("import"), m_dir.filePath(QStringLiteral("bb.tar")),
                    QStringLiteral("localhost/gw-test:1")});
    }

    // A container running `sleep 600` as root with `labels`; its id, empty
    // when Podman refused (error()).
    QString start(const QString& name, const QStringList& labels)
    {
        QStringList args{QStringLiteral("run"),      QStringLiteral("-d"),
                         QStringLiteral("--name"),   name,
                         QStringLiteral("--ulimit"), QStringLiteral("nofile=1024:1024"),
                         QStringLiteral("--ulimit"), QStringLiteral("nproc=1024:1024")};
        for (const QString& l : labels)
            args << QStringLiteral("--label") << l;
        args << QStringLiteral("localhost/gw-test:1") << QStringLiteral("/bin/sleep")
             << QStringLiteral("600");
        QByteArray id;
        if (!run(args, &id))
            return {};
        m_containers << name;
        return QString::fromLatin1(id);
    }

    // The host pid of a container's first process; 0 when not running.
    qint64 hostPid(const QString& name)
    {
        QByteArray out;
        if (!run({QStringLiteral("inspect"), QStringLiteral("-f"), QStringLiteral("{{.State.Pid}}"),
                  name},
                 &out))
            return 0;
        return out.toLongLong();
    }

    // Podman's Docker-compatible service on a socket in the box's folder.
    QString serve()
    {
        const QString sock = m_dir.filePath(QStringLiteral("podman.sock"));
        m_service.start(m_podman, runtimeFlags() + QStringList{QStringLiteral("system"),
                                                               QStringLiteral("service"),
                                                               QStringLiteral("--time=0"),
                                                               QStringLiteral("unix://") + sock});
        if (!m_service.waitForStarted())
            return {};
        for (int i = 0; i < 1000 && !QFile::exists(sock); ++i)
            QTest::qWait(10);
        return QFile::exists(sock) ? sock : QString();
    }

    QString error() const { return m_error; }
    QString path(const QString& name) const { return m_dir.filePath(name); }

private:
    static QStringList runtimeFlags()
    {
        return {QStringLiteral("--runtime"), QStringLiteral("runc"),
                QStringLiteral("--cgroup-manager"), QStringLiteral("cgroupfs")};
    }

    QString m_podman;
    QTemporaryDir m_dir;
    QProcess m_service;
    QStringList m_containers;
    QString m_error;
};

} // namespace gw::test
