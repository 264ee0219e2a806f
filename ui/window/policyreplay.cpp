#include "window/policyreplay.h"

#include "journal/agentjournal.h"
#include "model/snapshotjson.h"
#include "readings/readingstream.h"
#include "sources/demoworld.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>

namespace gw {

// --- the local journal ------------------------------------------------------

QString LocalJournalRecorder::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/local-journal.sqlite");
}

LocalJournalRecorder::LocalJournalRecorder(QString path, QObject* parent)
    : QObject(parent)
    , m_path(std::move(path))
{
    m_thread.setObjectName(QStringLiteral("gw-local-journal"));
}

LocalJournalRecorder::~LocalJournalRecorder()
{
    stop();
}

void LocalJournalRecorder::start()
{
    if (m_thread.isRunning())
        return;
    m_worker = new QObject;
    m_worker->moveToThread(&m_thread);
    m_thread.start();
    QMetaObject::invokeMethod(m_worker, [this] {
        auto* timer = new QTimer(m_worker);
        timer->setObjectName(QStringLiteral("flush"));
        connect(timer, &QTimer::timeout, m_worker, [this] { write(); });
        timer->start(m_flushIntervalMs);
    });
}

void LocalJournalRecorder::stop()
{
    if (!m_thread.isRunning()) {
        write();
        return;
    }
    QMetaObject::invokeMethod(
        m_worker,
        [this] {
            write();
            delete m_worker->findChild<QTimer*>(QStringLiteral("flush"));
        },
        Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    delete m_worker;
    m_worker = nullptr;
}

void LocalJournalRecorder::ingestBatch(const QList<Snapshot>& readings)
{
    QMutexLocker lock(&m_lock);
    m_pending << readings;
    if (m_pending.size() > kMaxPending)
        m_pending.remove(0, m_pending.size() - kMaxPending);
}

qsizetype LocalJournalRecorder::pendingCount() const
{
    QMutexLocker lock(&m_lock);
    return m_pending.size();
}

QString LocalJournalRecorder::flushNow()
{
    if (!m_thread.isRunning())
        return write();
    QString error;
    QMetaObject::invokeMethod(
        m_worker, [this, &error] { error = write(); }, Qt::BlockingQueuedConnection);
    return error;
}

QString LocalJournalRecorder::write()
{
    QList<Snapshot> batch;
    {
        QMutexLocker lock(&m_lock);
        batch.swap(m_pending);
    }
    if (batch.isEmpty())
        return {};
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QString error;
    auto journal = AgentJournal::open(m_path, &error);
    if (journal) {
        bool numbered = true;
        for (qsizetype i = 0; i < batch.size(); ++i) {
            const std::optional<quint64> sequence = journal->take(&error);
            if (!sequence) {
                // No number without a reservation on disk: the rest waits
                // for the next try.
                numbered = false;
                QMutexLocker lock(&m_lock);
                m_pending = batch.mid(i) + m_pending;
                if (m_pending.size() > kMaxPending)
                    m_pending.remove(0, m_pending.size() - kMaxPending);
                break;
            }
            journal->append(*sequence, batch[i].timestampMs, toJsonBytes(batch[i], false));
        }
        if (journal->close(QDateTime::currentMSecsSinceEpoch(), &error) && numbered) {
            m_failuresInARow = 0;
            return {};
        }
    } else {
        // Busy (a replay reads it) or broken: keep the readings for the
        // next try.
        QMutexLocker lock(&m_lock);
        m_pending = batch + m_pending;
        if (m_pending.size() > kMaxPending)
            m_pending.remove(0, m_pending.size() - kMaxPending);
    }
    if (++m_failuresInARow == 3)
        Q_EMIT failed(error);
    return error;
}

// --- the demo's record ------------------------------------------------------

DemoRecord::DemoRecord(int demoServers, QObject* parent)
    : QObject(parent)
    , m_servers(demoServers)
{}

void DemoRecord::ingestBatch(const QList<Snapshot>& readings)
{
    QMutexLocker lock(&m_lock);
    for (const Snapshot& s : readings) {
        // All the fleet's servers come at each time; a time at or before
        // the last one is not a new one.
        if (!m_times.empty() && s.timestampMs <= m_times.back().ms)
            continue;
        m_times.push_back(Stamp{s.timestampMs, s.intervalMs});
    }
    while (!m_times.empty() && m_times.front().ms < m_times.back().ms - kKeptMs)
        m_times.pop_front();
}

qsizetype DemoRecord::timeCount() const
{
    QMutexLocker lock(&m_lock);
    return qsizetype(m_times.size());
}

namespace {

// The demo fleet at the recorded times, one time's readings at a time.
class DemoRecordSource final : public ReadingSource
{
public:
    DemoRecordSource(int servers, QList<std::pair<qint64, std::optional<qint64>>> times)
        : m_world(servers)
        , m_times(std::move(times))
    {}
    std::optional<Snapshot> next(QString*) override
    {
        while (m_at >= m_batch.size()) {
            if (m_next >= m_times.size())
                return std::nullopt;
            const auto [ms, intervalMs] = m_times[m_next++];
            m_batch = m_world.at(ms);
            for (Snapshot& s : m_batch)
                s.intervalMs = intervalMs;
            m_at = 0;
        }
        return m_batch[m_at++];
    }

private:
    DemoWorld m_world;
    QList<std::pair<qint64, std::optional<qint64>>> m_times;
    qsizetype m_next = 0;
    QList<Snapshot> m_batch;
    qsizetype m_at = 0;
};

} // namespace

std::unique_ptr<ReadingSource> DemoRecord::open(qint64 fromMs, qint64 toMs, QString* error) const
{
    QList<std::pair<qint64, std::optional<qint64>>> times;
    {
        QMutexLocker lock(&m_lock);
        const auto first = std::lower_bound(m_times.cbegin(), m_times.cend(), fromMs,
                                            [](const Stamp& s, qint64 ms) { return s.ms < ms; });
        for (auto it = first; it != m_times.cend() && it->ms <= toMs; ++it)
            times.append({it->ms, it->intervalMs});
    }
    if (times.isEmpty()) {
        *error = QCoreApplication::translate("gw::ReplayRunner",
                                             "The demo has made no readings in this range yet.");
        return nullptr;
    }
    return std::make_unique<DemoRecordSource>(m_servers, std::move(times));
}

// --- the replay -------------------------------------------------------------

ReplayRunner::ReplayRunner(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<gw::ReplayOutcome>();
}

ReplayRunner::~ReplayRunner() = default;

bool ReplayRunner::isRunning() const
{
    return m_job.isRunning();
}

void ReplayRunner::cancel()
{
    m_job.cancel();
}

bool ReplayRunner::start(const ReplayRequest& request)
{
    if (m_job.isRunning())
        return false;
    m_job.start(
        [this, request](JobControl& job) {
            // Progress straight from this thread, as documented: a
            // receiver may cancel at an exact count.
            return replayJournal(request, job.cancelFlag(), [this](quint64 readings, int pass) {
                Q_EMIT progress(readings, pass);
            });
        },
        [this](const ReplayOutcome& out) { Q_EMIT finished(out); });
    return true;
}

namespace {

// The journal's readings, a page at a time, for the reading stream: an entry
// that is not a snapshot is skipped and, on the first pass, reported;
// cancelling ends the readings.
class JournalSource final : public ReadingSource
{
public:
    JournalSource(AgentJournal& journal, const std::atomic<bool>& cancelled, ReplayOutcome& out,
                  bool report)
        : m_journal(journal)
        , m_cancelled(cancelled)
        , m_out(out)
        , m_report(report)
    {}
    std::optional<Snapshot> next(QString* why) override
    {
        for (;;) {
            if (m_cancelled.load()) {
                m_out.cancelled = true;
                return std::nullopt;
            }
            if (m_at >= m_page.size()) {
                QString readError;
                m_page = m_journal.read(m_after, m_journal.lastSequence() + 1,
                                        ReplayRunner::kPageSize, &readError);
                m_at = 0;
                if (!readError.isEmpty()) {
                    *why = readError;
                    return std::nullopt;
                }
                if (m_page.isEmpty())
                    return std::nullopt;
            }
            const AgentJournal::Entry& e = m_page[m_at++];
            m_after = e.sequence;
            QString bad;
            std::optional<Snapshot> s = snapshotFromJsonBytes(e.json, &bad);
            if (s)
                return s;
            if (m_report) {
                ++m_out.skipped;
                if (m_out.problems.size() < ReplayRunner::kMaxProblems)
                    m_out.problems << QCoreApplication::translate("gw::ReplayRunner",
                                                                  "journal entry %1 skipped: %2")
                                          .arg(e.sequence)
                                          .arg(bad);
            }
        }
    }

private:
    AgentJournal& m_journal;
    const std::atomic<bool>& m_cancelled;
    ReplayOutcome& m_out;
    bool m_report = false;
    quint64 m_after = 0;
    QList<AgentJournal::Entry> m_page;
    qsizetype m_at = 0;
};

// Any source, ended (and the outcome called cancelled) once cancelled.
class CancellableSource final : public ReadingSource
{
public:
    CancellableSource(std::unique_ptr<ReadingSource> source, const std::atomic<bool>& cancelled,
                      ReplayOutcome& out)
        : m_source(std::move(source))
        , m_cancelled(cancelled)
        , m_out(out)
    {}
    std::optional<Snapshot> next(QString* why) override
    {
        if (m_cancelled.load()) {
            m_out.cancelled = true;
            return std::nullopt;
        }
        return m_source->next(why);
    }

private:
    std::unique_ptr<ReadingSource> m_source;
    const std::atomic<bool>& m_cancelled;
    ReplayOutcome& m_out;
};

} // namespace

ReplayOutcome
ReplayRunner::replayJournal(const ReplayRequest& request, const std::atomic<bool>& cancelled,
                            const std::function<void(quint64 readings, int pass)>& progress)
{
    ReplayOutcome out;
    QString error;
    // The recorder holds the file for a moment every few seconds: wait it out.
    std::unique_ptr<AgentJournal> journal;
    if (!request.readings) {
        if (!QFileInfo::exists(request.journalPath)) {
            out.error = QCoreApplication::translate(
                            "gw::ReplayRunner",
                            "No readings of this computer are recorded yet (%1 does not exist).")
                            .arg(request.journalPath);
            return out;
        }
        for (int attempt = 0; !journal && attempt < kOpenAttempts && !cancelled.load(); ++attempt) {
            if (attempt > 0)
                QThread::msleep(kOpenRetryMs);
            journal = AgentJournal::open(request.journalPath, &error);
        }
        if (!journal) {
            out.error = error;
            out.cancelled = cancelled.load();
            return out;
        }
    }
    const auto pass = [&](const PolicyConfig& policy, int index) {
        quint64 readings = 0;
        QString openError;
        // The journal's [fromMs, toMs], through the one reading stream. The
        // demo's readings as its policies took them, intervals included:
        // the stream would set an interval it infers on the dense backfill,
        // which its source hands on without one.
        std::unique_ptr<ReadingStream> stream;
        std::unique_ptr<ReadingSource> source;
        if (journal) {
            stream = ReadingStream::open(ReadingSpec::fromOpener([&](const ReadingSpec&, QString*) {
                                             return std::make_unique<JournalSource>(
                                                 *journal, cancelled, out, index == 0);
                                         }).within(request.fromMs, request.toMs + 1),
                                         &openError);
        } else if (auto made = request.readings(request.fromMs, request.toMs, &openError)) {
            source = std::make_unique<CancellableSource>(std::move(made), cancelled, out);
        }
        if (!stream && !source) {
            ReplayResult r;
            r.error = openError;
            return r;
        }
        const auto next = [&](QString* why) -> std::optional<Snapshot> {
            std::optional<Snapshot> s = stream ? stream->next(why) : source->next(why);
            if (s && ++readings % kProgressEvery == 0 && progress)
                progress(readings, index);
            return s;
        };
        ReplayResult r = replayReadings(policy, PolicyEngine::Options{}, next);
        if (progress)
            progress(readings, index);
        if (index == 0)
            out.readings = readings;
        return r;
    };
    out.edited = pass(request.policy, 0);
    if (!out.edited.error.isEmpty())
        out.error = out.edited.error;
    else if (request.current && !out.cancelled)
        out.current = pass(*request.current, 1);
    if (out.current && !out.current->error.isEmpty())
        out.error = out.current->error;
    if (journal)
        journal->close(QDateTime::currentMSecsSinceEpoch(), &error);
    return out;
}

} // namespace gw
