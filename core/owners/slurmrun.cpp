#include "owners/slurmrun.h"

#include <QProcess>
#include <QTimer>

#include <memory>

namespace gw::owners {

void runSlurm(QObject* parent, const QString& program, const QStringList& args, int timeoutMs,
              std::function<void(const SlurmRunResult&)> done)
{
    auto* process = new QProcess(parent);
    auto* timer = new QTimer(process);
    timer->setSingleShot(true);
    auto finished = std::make_shared<bool>(false);
    const auto finish = [process, done = std::move(done), finished](SlurmRunResult result) {
        if (*finished)
            return;
        *finished = true;
        process->disconnect();
        if (process->state() != QProcess::NotRunning) {
            process->kill();
            process->waitForFinished(500); // SIGKILL: reaped in a moment
        }
        process->deleteLater();
        done(result);
    };
    QObject::connect(timer, &QTimer::timeout, process, [finish] {
        SlurmRunResult r;
        r.ending = SlurmRunResult::Ending::TimedOut;
        finish(std::move(r));
    });
    QObject::connect(
        process, &QProcess::errorOccurred, process, [finish, process](QProcess::ProcessError e) {
            if (e != QProcess::FailedToStart)
                return;
            SlurmRunResult r;
            r.ending = SlurmRunResult::Ending::NotStarted;
            r.error = process->program() + QStringLiteral(": ") + process->errorString();
            finish(std::move(r));
        });
    QObject::connect(process, &QProcess::finished, process, [finish, process] {
        SlurmRunResult r;
        r.ending = process->exitStatus() == QProcess::NormalExit ? SlurmRunResult::Ending::Exited
                                                                 : SlurmRunResult::Ending::Crashed;
        r.exitCode = process->exitCode();
        r.out = process->readAllStandardOutput();
        r.err = process->readAllStandardError();
        finish(std::move(r));
    });
    timer->start(timeoutMs);
    process->start(program, args);
}

} // namespace gw::owners
