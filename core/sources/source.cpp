#include "sources/source.h"

#include <QMetaMethod>

#include <QDateTime>
#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QTimer>

#include <algorithm>

Q_LOGGING_CATEGORY(lcSource, "gw.source")

namespace gw {

namespace {

// A Producer answers before it returns, which the asynchronous contract
// allows: the worker drives both kinds the same way.
class ImmediateProducer final : public AsyncProducer
{
public:
    explicit ImmediateProducer(std::unique_ptr<Producer> producer)
        : m_producer(std::move(producer))
    {}

    void init(StatusCallback done) override { done(m_producer->init()); }
    void produce(SnapshotsCallback done) override { done(m_producer->produce()); }
    QString problem() const override { return m_producer->problem(); }
    void backfill(qint64 fromMs, qint64 toMs, SnapshotsCallback done) override
    {
        done(m_producer->backfill(fromMs, toMs));
    }
    void backfillPart(qint64 fromMs, qint64 toMs, qint64 fillEndMs, SnapshotsCallback done) override
    {
        done(m_producer->backfillPart(fromMs, toMs, fillEndMs));
    }

private:
    std::unique_ptr<Producer> m_producer;
};

} // namespace

std::optional<qint64> WallClockWatch::look(qint64 wallMs, qint64 monotonicMs)
{
    const qint64 offset = wallMs - monotonicMs;
    const std::optional<qint64> before = m_offsetMs;
    m_offsetMs = offset;
    if (!before || std::abs(offset - *before) <= kToleranceMs)
        return std::nullopt;
    return offset - *before;
}

class SourceWorker final : public QObject
{
    Q_OBJECT
public:
    SourceWorker(std::unique_ptr<AsyncProducer> producer, std::chrono::milliseconds interval)
        : m_producer(std::move(producer))
        , m_interval(interval)
    {
        m_timer.setSingleShot(true);
        m_timer.setTimerType(Qt::CoarseTimer);
        connect(&m_timer, &QTimer::timeout, this, &SourceWorker::poll);
        m_fillTimer.setSingleShot(true);
        connect(&m_fillTimer, &QTimer::timeout, this, &SourceWorker::fillNext);
    }

    // Runs on the worker thread, so the producer is only ever called from
    // its own thread's event loop. No call blocks, so end() never arrives
    // in the middle of one: the producer needs no checking after each call.
    void begin(qint64 backfillMs)
    {
        m_producer->init([this, backfillMs](const QString& status) {
            m_initLine = status;
            Q_EMIT statusChanged(status);
            if (backfillMs <= 0) {
                poll();
                return;
            }
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            m_fill = Fill{now - backfillMs, now, now - backfillMs, 0, Source::kBackfillFirstPartMs};
            fillNext();
        });
    }

    // Destroying the producer aborts its request in flight; its callback,
    // and with it the next poll, never comes.
    void end()
    {
        m_timer.stop();
        m_fillTimer.stop();
        m_producer.reset(); // samplers and replies close on the thread that used them
    }

    void setGate(std::function<bool()> gate) { m_gate = std::move(gate); }

Q_SIGNALS:
    void statusChanged(const QString& message);
    void snapshotReady(const gw::Snapshot& snapshot);
    void backfillReady(const QList<gw::Snapshot>& snapshots);
    void presentReady(const QList<gw::Snapshot>& snapshots);
    void backfillProgress(int percent);
    void polled(const QList<gw::Snapshot>& snapshots);
    void clockStepped(qint64 stepMs, qint64 atMs);

private:
    // A backfill takes time (a week of a simulated fleet, a slow server);
    // the first live reading comes only when it is done. What passed
    // meanwhile is asked for too, else the record has a silence there that
    // every chart and report calls a gap. A few rounds at most: each is
    // shorter than the one before.
    static constexpr int kCatchUpRounds = 3;
    struct Fill
    {
        qint64 fromMs = 0; // the next part starts here
        qint64 toMs = 0;   // this round ends here
        qint64 startMs = 0;
        int round = 0;
        qint64 partMs = 0;
    };

    // One part of the backfill per turn of this thread's event loop, so
    // stop() comes between two parts, and only while the consumers keep up
    // (the gate): a week of a 16-server fleet made at once was 2.3 GB.
    void fillNext()
    {
        // The present first when it is due; one call to the producer at a
        // time (an asynchronous producer may answer later).
        if (!m_present.isValid() || m_present.elapsed() >= qint64(m_interval.count())) {
            m_present.start();
            m_producer->produce([this](QList<Snapshot> snapshots) {
                for (auto& s : snapshots) {
                    if (!s.intervalMs)
                        s.intervalMs = qint64(m_interval.count());
                }
                if (!snapshots.isEmpty())
                    Q_EMIT presentReady(snapshots);
                fillPart();
            });
            return;
        }
        fillPart();
    }

    void fillPart()
    {
        if (m_fill.fromMs >= m_fill.toMs) {
            const qint64 now = QDateTime::currentMSecsSinceEpoch();
            if (m_fill.round < kCatchUpRounds && now - m_fill.toMs > qint64(m_interval.count())) {
                m_fill.fromMs = m_fill.toMs;
                m_fill.toMs = now;
                ++m_fill.round;
            } else {
                Q_EMIT backfillProgress(100);
                poll();
                return;
            }
        }
        if (m_fill.fromMs > m_fill.startMs && m_gate && !m_gate()) {
            m_fillTimer.start(Source::kBackfillGateRetryMs);
            return;
        }
        const qint64 from = m_fill.fromMs;
        const qint64 to = std::min(m_fill.toMs, from + m_fill.partMs);
        m_producer->backfillPart(from, to, m_fill.toMs, [this, to](const QList<Snapshot>& past) {
            if (!past.isEmpty())
                Q_EMIT backfillReady(past);
            // Toward kBackfillPartReadings a part: the demo's past is 30
            // times denser in its last hour than before it.
            if (past.size() > Source::kBackfillPartReadings)
                m_fill.partMs = std::max(Source::kBackfillMinPartMs, m_fill.partMs / 2);
            else if (past.size() < Source::kBackfillPartReadings / 4)
                m_fill.partMs = std::min(Source::kBackfillMaxPartMs, m_fill.partMs * 2);
            m_fill.fromMs = to;
            const qint64 span = std::max<qint64>(1, m_fill.toMs - m_fill.startMs);
            const int percent = int(std::min<qint64>(99, (to - m_fill.startMs) * 100 / span));
            if (percent != m_percent) {
                m_percent = percent;
                Q_EMIT backfillProgress(percent);
            }
            m_fillTimer.start(0);
        });
    }

    // One poll at a time: the next is timed from this one's start, and
    // scheduled only once this one has answered.
    void poll()
    {
        m_pollStarted.start();
        watchClock();
        m_producer->produce([this](QList<Snapshot> snapshots) {
            // A reading a producer did not stamp with its server's own
            // interval (an agent's, a scrape interval) is sampled at ours.
            for (auto& s : snapshots) {
                if (!s.intervalMs)
                    s.intervalMs = qint64(m_interval.count());
            }
            if (!snapshots.isEmpty())
                Q_EMIT polled(snapshots); // one hand-over per poll, however many servers
            for (const auto& s : snapshots)
                Q_EMIT snapshotReady(s);
            // A problem replaces the start-up line while it lasts; when it
            // is over, the start-up line is back.
            const QString problem = m_producer->problem();
            if (problem != m_problem) {
                m_problem = problem;
                Q_EMIT statusChanged(problem.isEmpty() ? m_initLine : problem);
            }
            const qint64 left = qint64(m_interval.count()) - m_pollStarted.elapsed();
            m_timer.start(int(std::max<qint64>(0, left)));
        });
    }

    // Before each poll: a step of the wall clock is said (in the log and
    // through clockStepped()) before the first reading stamped after it.
    void watchClock()
    {
        const qint64 wall = QDateTime::currentMSecsSinceEpoch();
        const auto step = m_clock.look(wall, m_sinceStart.elapsed());
        if (!step)
            return;
        const qint64 seconds = (std::abs(*step) + 500) / 1000;
        qCWarning(lcSource).noquote()
            << QStringLiteral("wall clock stepped %1 %2 s at %3 (sampling goes on; readings keep "
                              "the order they were made in)")
                   .arg(*step < 0 ? QStringLiteral("back") : QStringLiteral("forward"))
                   .arg(seconds)
                   .arg(QDateTime::fromMSecsSinceEpoch(wall, Qt::UTC).toString(Qt::ISODate));
        Q_EMIT clockStepped(*step, wall);
    }

    std::unique_ptr<AsyncProducer> m_producer;
    WallClockWatch m_clock;
    QElapsedTimer m_sinceStart = [] {
        QElapsedTimer t;
        t.start();
        return t;
    }();
    std::chrono::milliseconds m_interval;
    QTimer m_timer{this}; // a child: moves to the worker thread with this object
    QTimer m_fillTimer{this};
    QElapsedTimer m_pollStarted;
    std::function<bool()> m_gate;
    Fill m_fill;
    QElapsedTimer m_present; // the present last shown during a backfill
    int m_percent = -1;
    QString m_initLine;
    QString m_problem;
};

Source::Source(std::unique_ptr<Producer> producer, std::chrono::milliseconds interval,
               QObject* parent)
    : Source(std::make_unique<ImmediateProducer>(std::move(producer)), interval, parent)
{}

Source::Source(std::unique_ptr<AsyncProducer> producer, std::chrono::milliseconds interval,
               QObject* parent)
    : QObject(parent)
    , m_pending(std::move(producer))
    , m_interval(interval)
{
    qRegisterMetaType<gw::Snapshot>();
    qRegisterMetaType<QList<gw::Snapshot>>();
    m_thread.setObjectName(QStringLiteral("gw-sampling"));
}

Source::~Source()
{
    stop();
}

void Source::start(std::chrono::milliseconds backfill)
{
    if (m_worker || !m_pending)
        return;
    // The producer's network objects and timers are made on, and answer
    // on, the worker thread.
    m_pending->moveToThread(&m_thread);
    auto* worker = new SourceWorker(std::move(m_pending), m_interval);
    worker->setGate(m_backfillGate);
    worker->moveToThread(&m_thread);
    m_worker = worker;
    connect(&m_thread, &QThread::finished, worker, &QObject::deleteLater);
    // Readings still queued for this thread when stop() runs are dropped:
    // after stop() nothing more is delivered.
    m_delivering = true;
    connect(worker, &SourceWorker::statusChanged, this, &Source::statusChanged);
    // Readings leave on the worker thread through produced() (the engine);
    // the hop to this thread for snapshotReady()/backfillReady() is made only
    // while something listens to them, not for every reading of the app.
    const auto listened = [this](auto signal) {
        return isSignalConnected(QMetaMethod::fromSignal(signal));
    };
    connect(worker, &SourceWorker::polled, this, &Source::produced, Qt::DirectConnection);
    connect(worker, &SourceWorker::clockStepped, this, &Source::clockStepped, Qt::DirectConnection);
    connect(
        worker, &SourceWorker::snapshotReady, this,
        [this, listened](const Snapshot& s) {
            if (listened(&Source::snapshotReady))
                QMetaObject::invokeMethod(
                    this,
                    [this, s] {
                        if (m_delivering)
                            Q_EMIT snapshotReady(s);
                    },
                    Qt::QueuedConnection);
        },
        Qt::DirectConnection);
    connect(
        worker, &SourceWorker::backfillReady, this,
        [this, listened](const QList<Snapshot>& past) {
            Q_EMIT produced(past);
            if (listened(&Source::backfillReady))
                QMetaObject::invokeMethod(
                    this,
                    [this, past] {
                        if (m_delivering)
                            Q_EMIT backfillReady(past);
                    },
                    Qt::QueuedConnection);
        },
        Qt::DirectConnection);
    // The present while the past is made, and the progress of the past:
    // for the window, on this thread.
    connect(worker, &SourceWorker::presentReady, this, [this](const QList<Snapshot>& present) {
        if (m_delivering)
            Q_EMIT presentReady(present);
    });
    connect(worker, &SourceWorker::backfillProgress, this, [this](int percent) {
        if (m_delivering)
            Q_EMIT backfillProgress(percent);
    });
    m_thread.start();
    QMetaObject::invokeMethod(
        worker, [worker, ms = qint64(backfill.count())] { worker->begin(ms); },
        Qt::QueuedConnection);
}

void Source::setBackfillGate(std::function<bool()> open)
{
    m_backfillGate = std::move(open);
}

void Source::stop()
{
    m_delivering = false;
    if (!m_thread.isRunning())
        return;
    if (m_worker)
        QMetaObject::invokeMethod(m_worker.data(), &SourceWorker::end,
                                  Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

bool Source::isRunning() const
{
    return m_thread.isRunning();
}

} // namespace gw

#include "source.moc"
