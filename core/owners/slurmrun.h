// One run of a Slurm command (scontrol, scancel) for the owners' code, on
// the caller's thread and never waited for: its answer comes through the
// event loop once, or it is killed at its timeout. What the answer means is
// the caller's (core/owners/ownerresolver.cpp, workloadstop.cpp).
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace gw::owners {

struct SlurmRunResult
{
    enum class Ending
    {
        Exited,     // it ran to its end: exitCode, out, err
        Crashed,    // killed by a signal of its own
        NotStarted, // error says why (no such program, no permission)
        TimedOut,   // killed after the timeout
    };
    Ending ending = Ending::Exited;
    int exitCode = 0;
    QByteArray out;
    QByteArray err;
    QString error; // NotStarted: the program and why

    bool ok() const { return ending == Ending::Exited && exitCode == 0; }
    // Slurm's "Invalid job id specified": the job has ended and is purged.
    bool jobGone() const { return ending == Ending::Exited && err.contains("Invalid job id"); }
};

// Runs `program args` as a child QProcess of `parent`; `done` is called once.
// A parent that goes first disconnects its QProcess children (both users
// do), and `done` is not called.
void runSlurm(QObject* parent, const QString& program, const QStringList& args, int timeoutMs,
              std::function<void(const SlurmRunResult&)> done);

} // namespace gw::owners
