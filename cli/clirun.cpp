#include "clirun.h"

#include "clicoord.h"
#include "cliio.h"
#include "coord/runrecord.h"
#include "model/snapshotjson.h"
#include "model/trace.h"
#include "remote/coordclient.h"
#include "remote/sourceoption.h"
#include "sampling/commandline.h"
#include "sources/localproducer.h"
#include "util/duration.h"
#include "util/printable.h"

#include <QDateTime>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSaveFile>
#include <QTimer>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <memory>

namespace gw::cli {

namespace {

constexpr std::chrono::milliseconds kDefaultInterval{std::chrono::seconds(1)};
constexpr std::chrono::milliseconds kMinInterval{10};
constexpr std::chrono::milliseconds kMaxInterval{std::chrono::hours(1)};
// What a shell answers for a command it cannot start.
constexpr int kExitCannotStart = 127;

// The job's pid for the signal handler (0: not started yet), and a signal
// that came before it started, to pass on once it has.
std::atomic<pid_t> g_child{0};
std::atomic<int> g_pending{0};
static_assert(std::atomic<pid_t>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "the signal handler may only touch lock-free atomics");

extern "C" void forwardSignal(int sig, siginfo_t* info, void*)
{
    const int saved = errno;
    // A signal from the terminal (Ctrl-C, a hangup) reached the whole
    // foreground process group, the job included; passing it on would
    // deliver it twice.
    if (!info || info->si_code != SI_KERNEL) {
        const pid_t child = g_child.load();
        if (child > 0)
            kill(child, sig); // async-signal-safe
        else
            g_pending.store(sig);
    }
    errno = saved;
}

// While alive, SIGTERM, SIGINT and SIGHUP go to the job instead of ending
// `run`: the job decides how to end, and `run` writes its record after.
class ForwardSignals
{
public:
    ForwardSignals()
    {
        struct sigaction sa = {};
        sa.sa_sigaction = forwardSignal;
        sa.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&sa.sa_mask);
        for (int i = 0; i < kCount; ++i)
            sigaction(kSignals[i], &sa, &m_old[i]);
    }
    ~ForwardSignals()
    {
        for (int i = 0; i < kCount; ++i)
            sigaction(kSignals[i], &m_old[i], nullptr);
        g_child.store(0);
        g_pending.store(0);
    }
    ForwardSignals(const ForwardSignals&) = delete;
    ForwardSignals& operator=(const ForwardSignals&) = delete;

    // The job started: pass on what came before.
    static void started(pid_t pid)
    {
        g_child.store(pid);
        if (const int sig = g_pending.exchange(0))
            kill(pid, sig);
    }

private:
    static constexpr int kCount = 3;
    static constexpr int kSignals[kCount] = {SIGTERM, SIGINT, SIGHUP};
    struct sigaction m_old[kCount] = {};
};

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

void addRunOptions(QCommandLineParser& p)
{
    p.addOption(
        {QStringLiteral("interval"),
         CliTr::tr("run: how often the job's GPUs are read, such as 1s or 200ms (default 1s)."),
         CliTr::tr("span")});
    p.addOption({QStringLiteral("record"),
                 CliTr::tr("run: write the run record (JSON) to this file instead of a summary on "
                           "stderr."),
                 CliTr::tr("file")});
}

int runCommand(const QCommandLineParser& parser, const QStringList& command)
{
    if (command.isEmpty() || command.first().isEmpty())
        return fail(kExitUsage,
                    CliTr::tr("run: give the command after --, such as: gpuwarden-cli run "
                              "--gpus 1 -- python train.py"));
    // The demo fleet's GPUs are simulated: nothing could run on them, and
    // running CMD here instead would not be what --demo says.
    if (parser.isSet(QStringLiteral("demo")))
        return fail(
            kExitUsage,
            CliTr::tr("run --demo: the demo fleet's GPUs are simulated and cannot run a "
                      "command (select --demo and wait --demo answer from the demo fleet)"));
    QString error;
    const auto o = selectOptions(parser, &error);
    if (!o)
        return fail(kExitUsage, error);
    // run samples the job where it runs: one agent, or this machine.
    if (!o->fleet.isEmpty())
        return fail(kExitUsage, CliTr::tr("run reads one agent: give --source once (select picks a "
                                          "server among several)"));
    std::chrono::milliseconds interval = kDefaultInterval;
    if (parser.isSet(QStringLiteral("interval"))) {
        const auto span = parseDuration(parser.value(QStringLiteral("interval")), &error);
        if (!span)
            return fail(kExitUsage, CliTr::tr("--interval: %1").arg(error));
        if (*span < kMinInterval || *span > kMaxInterval)
            return fail(kExitUsage, CliTr::tr("--interval must be from 10ms to 1h, not \"%1\"")
                                        .arg(parser.value(QStringLiteral("interval"))));
        interval = *span;
    }

    // A run whose record cannot be written is refused before anything
    // starts (the trace is opened, and so emptied, only once GPUs are had).
    const QString recordPath = parser.value(QStringLiteral("record"));
    QSaveFile recordFile(recordPath);
    if (!recordPath.isEmpty() && !recordFile.open(QIODevice::WriteOnly))
        return fail(kExitFailed,
                    CliTr::tr("%1: cannot write: %2").arg(recordPath, recordFile.errorString()));

    for (const QString& n : o->notes)
        note(n);
    std::unique_ptr<LocalProducer> local;
    Selection selection;
    if (o->agent) {
        selection = allocateAtAgent(*o->agent, *o);
    } else {
        const auto sampler = samplerOptions(parser, &error);
        if (!sampler)
            return fail(kExitUsage, error);
        local = std::make_unique<LocalProducer>(*sampler, backendOption(parser));
        note(local->init());
        note(CliTr::tr("no agent: nothing reserved (--source URL reserves at the agent)"));
        selection = selectHere(*local, *o);
    }
    if (!selection.granted()) {
        SelectOptions text = *o;
        text.json = false; // stdout is the job's, even when the job never started
        return reportSelection(selection, text);
    }

    RunRecord record;
    record.command = command;
    record.cudaVisibleDevices = selection.cudaVisibleDevices();
    record.server = selection.server;
    record.source =
        o->agent ? o->agent->url.toString(QUrl::RemoveUserInfo) : CliTr::tr("this machine");
    record.intervalMs = interval.count();
    for (const Candidate& c : selection.units) {
        GpuRunStats g;
        g.unit = c.id;
        g.gpuIndex = c.gpuIndex;
        record.gpus.append(g);
    }

    // The reservation ends when the job's processes appear (the agent sees
    // them too) or, at the latest, when the job ends.
    std::optional<Reservation> held = selection.reservation;
    if (held)
        record.reservationId = held->id;
    const auto release = [&](const QString& why) {
        if (!held)
            return;
        QString err;
        if (releaseAllocation(*o->agent, held->id, &err))
            note(CliTr::tr("reservation %1 released: %2").arg(printableText(held->id), why));
        else if (err.contains(QLatin1String("HTTP 404")))
            note(CliTr::tr("reservation %1 already ended at the agent (%2)")
                     .arg(printableText(held->id), why));
        else
            note(CliTr::tr("reservation %1 not released: %2").arg(printableText(held->id), err));
        held.reset();
    };

    TraceWriter trace;
    const QString tracePath = parser.value(QStringLiteral("trace"));
    if (!tracePath.isEmpty() && !trace.open(tracePath, &error)) {
        release(CliTr::tr("the trace cannot be written"));
        return fail(kExitFailed, error);
    }

    note(CliTr::tr("running %1 on %2 with CUDA_VISIBLE_DEVICES=%3")
             .arg(command.join(QLatin1Char(' ')), printableText(selection.server),
                  record.cudaVisibleDevices));

    qint64 lastReadingMs = 0;
    qint64 failedReads = 0;
    const auto sample = [&]() {
        std::optional<Snapshot> reading;
        QString why;
        if (local) {
            reading = local->sampleOnce();
        } else {
            reading = readAgentSnapshot(*o->agent, &why);
            if (!reading && failedReads++ == 0)
                note(CliTr::tr("reading the agent failed: %1").arg(why));
        }
        // An agent polled faster than it samples answers its last reading
        // again: counted once.
        if (!reading || reading->timestampMs <= lastReadingMs)
            return;
        lastReadingMs = reading->timestampMs;
        record.add(*reading);
        if (!tracePath.isEmpty() && !trace.write(*reading, &why))
            note(why);
        if (held && jobRunsOn(*reading, selection.units, o->request.user))
            release(CliTr::tr("the job's processes appeared"));
    };

    QProcess job;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CUDA_VISIBLE_DEVICES"), record.cudaVisibleDevices);
    job.setProcessEnvironment(env);
    job.setProcessChannelMode(QProcess::ForwardedChannels);
    job.setInputChannelMode(QProcess::ForwardedInputChannel);

    ForwardSignals forwarding;
    // Taken before the start: the job runs from a moment after it, so the
    // duration is never shorter than the job's own time.
    record.startedMs = nowMs();
    job.start(command.first(), command.mid(1));
    if (!job.waitForStarted(-1)) {
        release(CliTr::tr("the job did not start"));
        return fail(kExitCannotStart,
                    CliTr::tr("cannot start %1: %2").arg(command.first(), job.errorString()));
    }
    ForwardSignals::started(pid_t(job.processId()));

    QEventLoop loop;
    bool finished = false;
    QObject::connect(&job, &QProcess::finished, &loop, [&] {
        g_child.store(0); // reaped: the pid may be reused, never signal it again
        finished = true;
        loop.quit();
    });
    QTimer timer;
    timer.setInterval(interval);
    timer.setTimerType(Qt::PreciseTimer); // a coarse timer may fire 5 % early or late
    QObject::connect(&timer, &QTimer::timeout, &loop, sample);
    sample();
    timer.start();
    if (!finished)
        loop.exec();
    timer.stop();
    record.endedMs = nowMs();

    // Qt reports a job killed by a signal as a crash with the signal number
    // as its exit code; a shell answers 128 + N for it.
    int rc = job.exitCode();
    if (job.exitStatus() == QProcess::CrashExit) {
        record.signal = job.exitCode();
        rc = 128 + job.exitCode();
    }
    record.exitCode = rc;
    release(CliTr::tr("the job ended"));
    trace.close();

    if (!recordPath.isEmpty()) {
        recordFile.write(QJsonDocument(runRecordJson(record)).toJson());
        if (!recordFile.commit())
            note(CliTr::tr("%1: cannot write: %2").arg(recordPath, recordFile.errorString()));
        else
            note(CliTr::tr("run record written to %1").arg(recordPath));
    } else {
        note(runRecordText(record).trimmed());
    }
    if (!tracePath.isEmpty())
        note(CliTr::tr("%1 readings written to %2").arg(trace.written()).arg(tracePath));
    return rc;
}

} // namespace gw::cli
