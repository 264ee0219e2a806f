// A real one-node Slurm for a test (tests/owners/slurm-one-node.sh, as
// ../shared/reference/real-components.md runs it): munge, slurmctld and
// slurmd from the Debian packages on ports of the test's own, jobs submitted
// as another user with `su`. Slurm failing to start here is the machine's,
// not the code's: the caller skips with its words (`error`).
#pragma once

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QThread>

#include <pwd.h>
#include <unistd.h>

namespace gw::test {

class SlurmNode
{
public:
    // Empty when this machine can run a one-node Slurm with `user`'s jobs;
    // else why not.
    static QString unavailable(const char* user)
    {
        if (::geteuid() != 0)
            return QStringLiteral("needs root to start slurmctld and slurmd");
        for (const char* tool : {"slurmctld", "slurmd", "sbatch", "scontrol", "scancel", "munged"})
            if (QStandardPaths::findExecutable(
                    QString::fromLatin1(tool),
                    {QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin")})
                    .isEmpty())
                return QStringLiteral("needs the packages slurmctld slurmd slurm-client munge "
                                      "(.ci/install-deps.sh installs them)");
        if (!::getpwnam(user))
            return QStringLiteral("needs the user %1 to submit jobs as (.ci/install-deps.sh "
                                  "makes it)")
                .arg(QString::fromLatin1(user));
        return {};
    }

    // The job's user reads slurm.conf in the node's folder.
    SlurmNode()
    {
        QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                QFile::ReadGroup | QFile::ExeGroup |
                                                QFile::ReadOther | QFile::ExeOther);
    }

    // The jobs it ran are cancelled before the daemons stop (a job's step
    // would outlive them).
    ~SlurmNode()
    {
        if (!m_started)
            return;
        if (!m_jobs.isEmpty())
            run(QStringLiteral("scancel"), m_jobs);
        for (int i = 0; i < 50 && !m_jobs.isEmpty() && !allGone(); ++i)
            QThread::msleep(100);
        script(QStringLiteral("stop"));
    }

    bool start()
    {
        m_started = script(QStringLiteral("start"));
        return m_started;
    }

    // SLURM_CONF for every Slurm command and for the agent.
    QString conf() const { return m_dir.filePath(QStringLiteral("slurm.conf")); }
    QProcessEnvironment env() const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("SLURM_CONF"), conf());
        return e;
    }

    // `sbatch --wrap "sleep 600"` as `user` on `account`; the job's id, empty
    // when Slurm refused (error()).
    QString submit(const QString& user, const QString& account, const QString& name)
    {
        QByteArray out;
        if (!run(QStringLiteral("su"),
                 {QStringLiteral("-s"), QStringLiteral("/bin/sh"), user, QStringLiteral("-c"),
                  QStringLiteral("SLURM_CONF=%1 sbatch --parsable --account=%2 --job-name=%3 "
                                 "-o /dev/null --wrap 'sleep 600'")
                      .arg(conf(), account, name)},
                 &out))
            return {};
        const QString id = QString::fromLatin1(out.split(';').first());
        m_jobs << id;
        return id;
    }

    // The job's processes as `scontrol listpids` lists them.
    QList<qint64> pids(const QString& job)
    {
        QByteArray out;
        run(QStringLiteral("scontrol"), {QStringLiteral("listpids"), job}, &out);
        QList<qint64> list;
        for (const QByteArray& line : out.split('\n')) {
            bool ok = false;
            const qint64 pid = line.simplified().split(' ').first().toLongLong(&ok);
            if (ok && pid > 0)
                list << pid;
        }
        return list;
    }

    // The job's state (RUNNING, CANCELLED, …); empty when Slurm does not know it.
    QString state(const QString& job)
    {
        QByteArray out;
        run(QStringLiteral("squeue"),
            {QStringLiteral("-h"), QStringLiteral("-j"), job, QStringLiteral("-o"),
             QStringLiteral("%T")},
            &out);
        return QString::fromLatin1(out);
    }

    QString error() const { return m_error; }

private:
    bool allGone()
    {
        for (const QString& job : std::as_const(m_jobs))
            if (!pids(job).isEmpty())
                return false;
        return true;
    }

    bool script(const QString& what)
    {
        return run(QStringLiteral("sh"),
                   {QStringLiteral(GW_TEST_SOURCE_DIR "/slurm-one-node.sh"), what, m_dir.path()});
    }

    bool run(const QString& program, const QStringList& args, QByteArray* out = nullptr)
    {
        QProcess p;
        p.setProcessEnvironment(env());
        p.start(program, args);
        p.waitForFinished(60000);
        if (out)
            *out = p.readAllStandardOutput().trimmed();
        m_error = QString::fromLocal8Bit(p.readAllStandardError().trimmed().right(400));
        return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    }

    QTemporaryDir m_dir;
    bool m_started = false;
    QStringList m_jobs;
    QString m_error;
};

} // namespace gw::test
