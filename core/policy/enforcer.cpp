#include "policy/enforcer.h"

#include "owners/cgroupworkload.h"
#include "sampling/procfs.h"
#include "util/textparse.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QTimer>

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace gw {

Q_LOGGING_CATEGORY(lcEnforcer, "gw.enforcer")

namespace {

// btime is whole seconds, and the kernel derives it afresh on each read of
// /proc/stat (a clock step moves it), so two readings of one process's start
// may differ by up to a second.
constexpr qint64 kStartToleranceMs = 1000;

bool sameStart(qint64 a, qint64 b)
{
    return std::abs(a - b) <= kStartToleranceMs;
}

QString graceText(qint64 ms)
{
    return ms % 1000 == 0 ? QStringLiteral("%1 s").arg(ms / 1000)
                          : QStringLiteral("%1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
}

int pidfdOpen(qint64 pid)
{
#if defined(SYS_pidfd_open)
    const int fd = int(::syscall(SYS_pidfd_open, pid_t(pid), 0u));
    if (fd >= 0)
        ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
#else
    Q_UNUSED(pid);
    errno = ENOSYS;
    return -1;
#endif
}

int pidfdSignal(int fd, int sig)
{
#if defined(SYS_pidfd_send_signal)
    return int(::syscall(SYS_pidfd_send_signal, fd, sig, nullptr, 0u));
#else
    Q_UNUSED(fd);
    Q_UNUSED(sig);
    errno = ENOSYS;
    return -1;
#endif
}

// A pidfd turns readable when its process has exited.
bool pidfdExited(int fd)
{
    pollfd pfd{fd, POLLIN, 0};
    return ::poll(&pfd, 1, 0) > 0;
}

// What /proc/<pid> says right now.
struct ProcState
{
    qint64 startMs = 0;
    bool startKnown = false;
    bool zombie = false;
    QList<uint> uids; // real, effective, saved, filesystem
    QString name;     // comm
};

// All four uids from "Uid:\t<real>\t<effective>\t<saved>\t<fs>".
QList<uint> parseUids(QByteArrayView status)
{
    QList<uint> uids;
    const qsizetype at = status.indexOf(QByteArrayView("\nUid:"));
    if (at < 0)
        return uids;
    QByteArrayView rest = status.sliced(at + 5);
    const qsizetype eol = rest.indexOf('\n');
    if (eol >= 0)
        rest = rest.first(eol);
    qsizetype i = 0;
    while (i < rest.size()) {
        while (i < rest.size() && (rest[i] == '\t' || rest[i] == ' '))
            ++i;
        qsizetype j = i;
        while (j < rest.size() && rest[j] != '\t' && rest[j] != ' ')
            ++j;
        if (j > i) {
            const auto v = parseU64(rest.sliced(i, j - i));
            if (!v || *v > 0xFFFFFFFFull)
                return {};
            uids << uint(*v);
        }
        i = j;
    }
    return uids;
}

} // namespace

struct Enforcer::Private
{
    explicit Private(Options opts)
        : o(std::move(opts))
        , procfs(o.procRoot)
        , ticksPerSecond(sysconf(_SC_CLK_TCK) > 0 ? sysconf(_SC_CLK_TCK) : 100)
    {
        if (!o.clock)
            o.clock = [] {
                return QDateTime::currentMSecsSinceEpoch();
            };
        if (o.ownPid <= 0)
            o.ownPid = qint64(::getpid());
        if (o.parentPid <= 0)
            o.parentPid = qint64(::getppid());
        // The pidfd path only where the pids are this kernel's and nobody
        // asked for another way of signalling.
        usePidfd = !o.sendSignal && procfs.isKernelProc();
    }

    // A workload being stopped, and the events waiting for its outcome.
    struct Stopping
    {
        struct Waiter
        {
            QString eventId;
            QString who;
        };
        QList<Waiter> waiters;
        QString workload; // for people
        QString means;
        bool kill = false;
        qint64 graceMs = 0;
    };

    struct Pending
    {
        EnforcementRequest request;
        int pidfd = -1;
        QTimer* timer = nullptr;
        QString who;
    };

    // The outcome of the checks.
    enum class Check
    {
        Ok,
        Gone,   // exited, a zombie, or the pid now names another process
        Refused // must not be signalled
    };
    struct Verdict
    {
        Check check = Check::Ok;
        CheckOutcome outcome = CheckOutcome::Ok;           // the finer reason, for inspect()
        QString detail;                                    // why not, when not Ok
        QString who;                                       // "process 1234 (sleep)"
        owners::StopUnit unit = owners::StopUnit::Process; // what is acted on
        std::optional<Workload> workload;                  // when not the process
    };

    // What inspect() answers: the workload only when the checks passed.
    static CheckResult result(const Verdict& v)
    {
        CheckResult out;
        out.outcome = v.outcome;
        out.detail = v.detail;
        out.who = v.who;
        if (v.check == Check::Ok && v.workload) {
            out.unit = v.unit;
            out.workload = owners::workloadLabel(*v.workload);
            out.target = v.workload;
        }
        return out;
    }

    // The workload /proc/<pid>/cgroup shows now; None when it cannot be read.
    Workload cgroupOf(qint64 pid) const
    {
        const auto text = readSmallFile(o.procRoot + QLatin1Char('/') + QString::number(pid) +
                                            QStringLiteral("/cgroup"),
                                        nullptr, owners::kMaxCgroupFileBytes);
        return text ? owners::readProcCgroup(*text).workload : Workload();
    }

    std::optional<ProcState> readProcess(qint64 pid)
    {
        const QString dir = o.procRoot + QLatin1Char('/') + QString::number(pid);
        const auto stat = readSmallFile(dir + QStringLiteral("/stat"), nullptr, 8192);
        const auto status =
            stat ? readSmallFile(dir + QStringLiteral("/status"), nullptr, 65536) : std::nullopt;
        if (!stat || !status)
            return std::nullopt;
        ProcState s;
        const qsizetype open = stat->indexOf('(');
        const qsizetype close = stat->lastIndexOf(')');
        if (open >= 0 && close > open)
            s.name = QString::fromUtf8(stat->sliced(open + 1, close - open - 1));
        if (close >= 0 && close + 2 < stat->size()) {
            const char state = stat->at(close + 2);
            s.zombie = state == 'Z' || state == 'X' || state == 'x';
        }
        const auto ticks = parseProcStatStartTicks(*stat);
        const auto boot = procfs.bootTimeMs();
        if (ticks && boot) {
            s.startMs = *boot + qint64(*ticks) * 1000 / ticksPerSecond;
            s.startKnown = true;
        }
        s.uids = parseUids(*status);
        return s;
    }

    // Identity, safety and (when asked) the GPU, right now.
    Verdict check(const EnforcementRequest& r, bool checkGpu, int pidfd)
    {
        Verdict v;
        const QString pid = QString::number(r.pid);
        v.who = tr("process %1").arg(pid);
        const auto refuse = [&](const QString& why, CheckOutcome outcome = CheckOutcome::Unknown) {
            v.check = Check::Refused;
            v.outcome = outcome;
            v.detail = why;
            return v;
        };
        const auto gone = [&](const QString& why) {
            v.check = Check::Gone;
            v.outcome = CheckOutcome::Gone;
            v.detail = why;
            return v;
        };
        if (r.pid <= 1 || r.pid > INT_MAX)
            return refuse(tr("pid %1 is never signalled").arg(pid), CheckOutcome::Protected);
        if (r.pid == o.ownPid)
            return refuse(tr("pid %1 is GPU Warden's own process: never signalled").arg(pid),
                          CheckOutcome::Protected);
        if (r.pid == o.parentPid)
            return refuse(
                tr("pid %1 is the parent of GPU Warden's process: never signalled").arg(pid),
                CheckOutcome::Protected);
        if (!r.processStartMs)
            return refuse(tr("pid %1: start time unknown: not signalled").arg(pid));
        if (pidfd >= 0 && pidfdExited(pidfd))
            return gone(tr("process %1 has exited").arg(pid));
        const auto state = readProcess(r.pid);
        if (!state)
            return gone(tr("process %1 has exited").arg(pid));
        if (!state->name.isEmpty())
            v.who = tr("process %1 (%2)").arg(pid, state->name);
        if (!state->startKnown)
            return refuse(tr("the start time of pid %1 cannot be read from %2: not signalled")
                              .arg(pid, o.procRoot));
        if (!sameStart(state->startMs, *r.processStartMs))
            return gone(
                tr("pid %1 now belongs to another process (started %2, not %3)")
                    .arg(pid,
                         QDateTime::fromMSecsSinceEpoch(state->startMs).toString(Qt::ISODateWithMs),
                         QDateTime::fromMSecsSinceEpoch(*r.processStartMs)
                             .toString(Qt::ISODateWithMs)));
        if (state->zombie)
            return gone(tr("process %1 has exited").arg(pid));
        if (state->uids.isEmpty())
            return refuse(tr("the owner of pid %1 cannot be read from %2: not signalled")
                              .arg(pid, o.procRoot));
        // The newest reading's entry for the process: on the request's GPU,
        // with its workload and owner.
        const QString where = r.migUuid.isEmpty() ? r.gpuUuid : r.migUuid;
        const auto latest = latestByServer.constFind(r.server);
        const GpuProcess* listed = nullptr;
        if (latest != latestByServer.cend()) {
            for (const GpuProcess& p : latest->processes) {
                if (p.pid == r.pid && p.startTimeMs && sameStart(*p.startTimeMs, state->startMs) &&
                    p.gpuUuid == r.gpuUuid && (r.migUuid.isEmpty() || p.migUuid == r.migUuid)) {
                    listed = &p;
                    break;
                }
            }
        }
        v.unit = listed ? owners::stopUnitOf(*listed) : owners::StopUnit::Process;
        // A runtime the agent has no way to reach (no scancel configured),
        // or the workload GPU Warden itself runs in (its own container is
        // never stopped; from inside, the process is the unit): the process.
        if ((v.unit == owners::StopUnit::Container || v.unit == owners::StopUnit::SlurmJob) &&
            (stopper->means(*listed->workload).isEmpty() ||
             owners::sameWorkload(cgroupOf(o.ownPid), *listed->workload)))
            v.unit = owners::StopUnit::Process;
        // Root is acted on only through a workload that is not the host's.
        if (state->uids.contains(0u) && v.unit == owners::StopUnit::Process)
            return refuse(tr("%1 runs as root: never signalled").arg(v.who),
                          CheckOutcome::Protected);
        if (!checkGpu)
            return v;
        if (latest == latestByServer.cend())
            return refuse(tr("no reading of %1 to check that %2 still holds %3: not signalled")
                              .arg(r.server, v.who, where),
                          CheckOutcome::NotOnGpu);
        if (!listed)
            return refuse(tr("%1 no longer holds %2: not signalled").arg(v.who, where),
                          CheckOutcome::NotOnGpu);
        if (!listed->ownerName().isEmpty())
            v.who = tr("process %1 (%2, %3)").arg(pid, state->name, listed->ownerName());
        if (v.unit == owners::StopUnit::Process)
            return v;
        v.workload = *listed->workload;
        if (v.unit == owners::StopUnit::PodNotify)
            return v;
        // What the reading says must still be so: the process runs in that
        // workload now.
        const Workload now = cgroupOf(r.pid);
        if (!owners::sameWorkload(now, *v.workload))
            return refuse(tr("%1 no longer runs in %2 (its cgroup shows %3): not stopped")
                              .arg(v.who, owners::workloadLabel(*v.workload),
                                   now.kind == WorkloadKind::None ? tr("none") : now.cgroupPath));
        return v;
    }

    // 0, or errno.
    int send(qint64 pid, int pidfd, int sig)
    {
        int rc = 0;
        errno = 0;
        if (pidfd >= 0)
            rc = pidfdSignal(pidfd, sig);
        else if (o.sendSignal)
            rc = o.sendSignal(pid_t(pid), sig);
        else
            rc = ::kill(pid_t(pid), sig);
        return rc == 0 ? 0 : (errno != 0 ? errno : EPERM);
    }

    static QString key(const EnforcementRequest& r)
    {
        return QString::number(r.pid) + QLatin1Char('/') +
               QString::number(r.processStartMs.value_or(0));
    }

    Options o;
    ProcFs procfs;
    long ticksPerSecond;
    bool usePidfd = false;
    QHash<QString, Snapshot> latestByServer;
    QHash<QString, Pending> pending;            // by key()
    QHash<QString, Stopping> stopping;          // by workload kind and id
    owners::WorkloadStopper* stopper = nullptr; // a child of the Enforcer
};

Enforcer::Enforcer(QObject* parent)
    : Enforcer(Options(), parent)
{}

Enforcer::Enforcer(Options options, QObject* parent)
    : QObject(parent)
    , d(std::make_unique<Private>(std::move(options)))
{
    d->stopper = new owners::WorkloadStopper(d->o.workloads, this);
}

Enforcer::~Enforcer()
{
    // Stops in flight call nothing once the enforcer goes.
    delete d->stopper;
    d->stopper = nullptr;
    for (const auto& p : std::as_const(d->pending)) {
        if (p.pidfd >= 0)
            ::close(p.pidfd);
    }
}

void Enforcer::setLatest(const Snapshot& reading)
{
    d->latestByServer.insert(reading.server, reading);
}

void Enforcer::setKillGraceMs(qint64 ms)
{
    d->o.killGraceMs = std::max<qint64>(0, ms);
}

void Enforcer::setWorkloadOptions(const owners::WorkloadStopper::Options& options)
{
    d->o.workloads = options;
    d->stopper->setOptions(options);
}

qint64 Enforcer::killGraceMs() const
{
    return d->o.killGraceMs;
}

int Enforcer::pendingCount() const
{
    return int(d->pending.size());
}

int Enforcer::stoppingCount() const
{
    return int(d->stopping.size());
}

QString Enforcer::notifyOnly(const CheckResult& c)
{
    return tr("%1 runs in %2: a pod is only notified, never signalled or stopped by GPU Warden")
        .arg(c.who, c.workload);
}

QString Enforcer::wouldStop(const CheckResult& c) const
{
    if (!c.target)
        return {};
    if (c.unit == owners::StopUnit::SlurmJob)
        return tr("cancel %1 with %2").arg(c.workload, d->stopper->means(*c.target));
    return tr("stop %1 through %2").arg(c.workload, d->stopper->means(*c.target));
}

void Enforcer::enforce(const QList<EnforcementRequest>& requests)
{
    for (const EnforcementRequest& r : requests)
        enforce(r);
}

void Enforcer::enforce(const EnforcementRequest& request)
{
    const QString key = Private::key(request);
    const bool kill = request.signal == EnforcementRequest::Signal::Kill;
    if (d->pending.contains(key)) {
        if (!kill) {
            qCDebug(lcEnforcer) << "already terminating" << key;
            return;
        }
        Private::Pending p = d->pending.take(key); // a direct kill replaces the grace period
        delete p.timer;
        if (p.pidfd >= 0)
            ::close(p.pidfd);
    }
    const auto report = [&](PolicyAction::Kind kind, const QString& detail) {
        qCInfo(lcEnforcer).noquote() << request.eventId << detail;
        Q_EMIT acted(request.eventId, PolicyAction{kind, d->o.clock(), false, detail});
    };

    // Held before the checks: what is checked is what gets signalled.
    int pidfd = -1;
    if (d->usePidfd && request.pid > 1 && request.pid <= INT_MAX && request.processStartMs) {
        pidfd = pidfdOpen(request.pid);
        if (pidfd < 0 && errno == ESRCH) {
            report(PolicyAction::Kind::Refused,
                   tr("process %1 has exited: not signalled").arg(request.pid));
            return;
        }
    }
    const auto closeFd = [&] {
        if (pidfd >= 0)
            ::close(pidfd);
        pidfd = -1;
    };

    const Private::Verdict v = d->check(request, true, pidfd);
    if (v.check != Private::Check::Ok) {
        closeFd();
        report(PolicyAction::Kind::Refused,
               v.check == Private::Check::Gone ? tr("%1: not signalled").arg(v.detail) : v.detail);
        return;
    }
    if (v.unit != owners::StopUnit::Process) {
        closeFd(); // the workload is acted on, through its runtime
        if (v.unit == owners::StopUnit::PodNotify)
            report(PolicyAction::Kind::Refused, notifyOnly(Private::result(v)));
        else
            stopWorkload(request, v.who, *v.workload);
        return;
    }
    const int sig = kill ? SIGKILL : SIGTERM;
    const QString sigName = kill ? QStringLiteral("SIGKILL") : QStringLiteral("SIGTERM");
    if (const int err = d->send(request.pid, pidfd, sig)) {
        closeFd();
        report(PolicyAction::Kind::Refused,
               err == ESRCH ? tr("process %1 has exited: not signalled").arg(request.pid)
                            : tr("%1 to %2 failed: %3")
                                  .arg(sigName, v.who, QString::fromLocal8Bit(strerror(err))));
        return;
    }
    if (kill) {
        closeFd();
        report(PolicyAction::Kind::Kill, tr("SIGKILL sent to %1").arg(v.who));
        return;
    }

    const qint64 grace = d->o.killGraceMs;
    report(PolicyAction::Kind::Terminate, tr("SIGTERM sent to %1; SIGKILL in %2 if it is still "
                                             "running")
                                              .arg(v.who, graceText(grace)));
    Private::Pending p;
    p.request = request;
    p.pidfd = pidfd;
    p.who = v.who;
    p.timer = new QTimer(this);
    p.timer->setSingleShot(true);
    p.timer->setTimerType(Qt::PreciseTimer);
    connect(p.timer, &QTimer::timeout, this, [this, key, grace] {
        Private::Pending p = d->pending.take(key);
        p.timer->deleteLater();
        const auto report = [&](PolicyAction::Kind kind, const QString& detail) {
            qCInfo(lcEnforcer).noquote() << p.request.eventId << detail;
            Q_EMIT acted(p.request.eventId, PolicyAction{kind, d->o.clock(), false, detail});
        };
        const Private::Verdict v = d->check(p.request, false, p.pidfd);
        if (v.check == Private::Check::Gone) {
            if (p.pidfd >= 0)
                ::close(p.pidfd);
            report(PolicyAction::Kind::Terminate,
                   tr("%1 exited within %2 of SIGTERM; no SIGKILL needed")
                       .arg(p.who, graceText(grace)));
            return;
        }
        if (v.check == Private::Check::Refused) {
            if (p.pidfd >= 0)
                ::close(p.pidfd);
            report(PolicyAction::Kind::Refused, tr("SIGKILL not sent: %1").arg(v.detail));
            return;
        }
        const int err = d->send(p.request.pid, p.pidfd, SIGKILL);
        if (p.pidfd >= 0)
            ::close(p.pidfd);
        if (err == ESRCH)
            report(PolicyAction::Kind::Terminate,
                   tr("%1 exited within %2 of SIGTERM; no SIGKILL needed")
                       .arg(p.who, graceText(grace)));
        else if (err)
            report(
                PolicyAction::Kind::Refused,
                tr("SIGKILL to %1 failed: %2").arg(p.who, QString::fromLocal8Bit(strerror(err))));
        else
            report(PolicyAction::Kind::Kill,
                   tr("SIGKILL sent to %1: still running %2 after SIGTERM")
                       .arg(p.who, graceText(grace)));
    });
    d->pending.insert(key, p);
    p.timer->start(int(std::min<qint64>(grace, INT_MAX)));
}

void Enforcer::stopWorkload(const EnforcementRequest& request, const QString& who,
                            const Workload& workload)
{
    const QString key = workloadKindName(workload.kind) + QLatin1Char('/') + workload.id;
    const bool kill = request.signal == EnforcementRequest::Signal::Kill;
    // Another process of the same workload, or this one again: it waits for
    // the stop under way (a Kill after a Terminate too: the runtime's stop
    // ends in SIGKILL by itself).
    if (const auto it = d->stopping.find(key); it != d->stopping.end()) {
        for (const Private::Stopping::Waiter& w : std::as_const(it->waiters))
            if (w.eventId == request.eventId)
                return;
        it->waiters.append({request.eventId, who});
        return;
    }
    Private::Stopping s;
    s.waiters.append({request.eventId, who});
    s.workload = owners::workloadLabel(workload);
    s.means = d->stopper->means(workload);
    s.kill = kill;
    s.graceMs = kill ? 0 : d->o.killGraceMs;
    d->stopping.insert(key, s);
    const bool job = workload.kind == WorkloadKind::Slurm;
    qCInfo(lcEnforcer).noquote() << request.eventId << (job ? "cancelling" : "stopping")
                                 << s.workload << "through" << s.means;
    const int graceSeconds = int((s.graceMs + 999) / 1000);
    d->stopper->stop(workload, graceSeconds, [this, key, job](owners::StopResult result) {
        const Private::Stopping s = d->stopping.take(key);
        for (const Private::Stopping::Waiter& w : s.waiters) {
            PolicyAction a{s.kill ? PolicyAction::Kind::Kill : PolicyAction::Kind::Terminate,
                           d->o.clock(),
                           false,
                           {}};
            switch (result.status) {
            case owners::StopResult::Status::Stopped:
                a.detail =
                    job ? tr("%1 cancelled with %2: %3 ran in it").arg(s.workload, s.means, w.who)
                    : s.kill ? tr("%1 stopped through %2 (SIGKILL at once): %3 ran in it")
                                   .arg(s.workload, s.means, w.who)
                             : tr("%1 stopped through %2 (its stop signal, SIGKILL after "
                                  "%3): %4 ran in it")
                                   .arg(s.workload, s.means, graceText(s.graceMs), w.who);
                break;
            case owners::StopResult::Status::AlreadyStopped:
                a.detail =
                    tr("%1 was already stopped (%2): %3 ran in it").arg(s.workload, s.means, w.who);
                break;
            case owners::StopResult::Status::Gone:
                a.kind = PolicyAction::Kind::Refused;
                a.detail = tr("%1 is not known to %2 (%3): not stopped")
                               .arg(s.workload, s.means, result.error);
                break;
            case owners::StopResult::Status::Failed:
                a.kind = PolicyAction::Kind::Refused;
                a.detail = (job ? tr("cancelling %1 with %2 failed: %3")
                                : tr("stopping %1 through %2 failed: %3"))
                               .arg(s.workload, s.means, result.error);
                break;
            }
            qCInfo(lcEnforcer).noquote() << w.eventId << a.detail;
            Q_EMIT acted(w.eventId, a);
        }
    });
}

Enforcer::CheckResult Enforcer::inspect(const EnforcementRequest& request)
{
    return Private::result(d->check(request, true, -1));
}

Enforcer::CheckResult Enforcer::renice(const EnforcementRequest& request)
{
    // Held across the checks, as for a signal: the process checked is the
    // one reniced (setpriority names a pid; the pidfd tells if it went).
    int pidfd = -1;
    if (d->usePidfd && request.pid > 1 && request.pid <= INT_MAX && request.processStartMs)
        pidfd = pidfdOpen(request.pid);
    const Private::Verdict v = d->check(request, true, pidfd);
    CheckResult out = Private::result(v);
    if (v.check == Private::Check::Ok && v.unit == owners::StopUnit::PodNotify) {
        out.outcome = CheckOutcome::Protected;
        out.detail = notifyOnly(out);
    } else if (v.check == Private::Check::Ok) {
        errno = 0;
        const int rc = d->o.setNice ? d->o.setNice(pid_t(request.pid), 19)
                                    : ::setpriority(PRIO_PROCESS, id_t(request.pid), 19);
        if (rc != 0) {
            out.outcome = CheckOutcome::Unknown;
            out.failed = true;
            out.detail =
                tr("renice of %1 failed: %2").arg(v.who, QString::fromLocal8Bit(strerror(errno)));
        } else if (pidfd >= 0 && pidfdExited(pidfd)) {
            out.outcome = CheckOutcome::Gone;
            out.detail = tr("process %1 has exited").arg(request.pid);
        } else {
            out.detail = tr("%1 reniced to 19").arg(v.who);
        }
    }
    if (pidfd >= 0)
        ::close(pidfd);
    qCInfo(lcEnforcer).noquote() << request.eventId << out.detail;
    return out;
}

} // namespace gw
