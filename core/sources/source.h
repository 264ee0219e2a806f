#pragma once

// A Source turns a producer into a timed stream of Snapshots, off the GUI
// thread: a worker QObject on its own QThread owns the timer and the
// producer; snapshots cross back through queued signals.

#include "model/snapshot.h"

#include <QObject>
#include <QPointer>
#include <QThread>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace gw {

// Steps of the wall clock (an admin's `date -s`, NTP stepping, a VM resumed),
// told apart from the passing of time by the wall clock's offset to the
// monotonic one: that offset only moves when the wall clock is set. A
// reading is stamped with the wall clock as read; its place in the stream is
// the order it was made in (docs/samplers.md "Time").
class WallClockWatch
{
public:
    // Smaller moves are NTP's slewing and the read-out's jitter, not steps.
    static constexpr qint64 kToleranceMs = 1000;

    // The step since the previous look, in ms (negative: back), when it is
    // larger than the tolerance; absent otherwise and at the first look.
    std::optional<qint64> look(qint64 wallMs, qint64 monotonicMs);

private:
    std::optional<qint64> m_offsetMs;
};

// A producer that answers at once (samplers, the demo): every call returns
// its result.
class Producer
{
public:
    virtual ~Producer() = default;

    // Runs once on the worker thread before the first produce(); returns the
    // line that names the backend in use (and why others were skipped).
    virtual QString init() = 0;

    // One reading per server this producer watches; runs on the worker thread.
    virtual QList<Snapshot> produce() = 0;

    // What keeps the last produce() from delivering (a server that stopped
    // answering), in words; empty when all is well. The source shows it in
    // place of init()'s line while it lasts.
    virtual QString problem() const { return {}; }

    // Snapshots in [fromMs, toMs) already known (recorded, simulated, held by
    // an agent); sources that only see the present return nothing.
    virtual QList<Snapshot> backfill(qint64 fromMs, qint64 toMs)
    {
        Q_UNUSED(fromMs);
        Q_UNUSED(toMs);
        return {};
    }

    // The part [fromMs, toMs) of a backfill that runs to `fillEndMs`: the
    // source asks for a long past in parts (a week of a fleet at once is
    // gigabytes). The parts of a fill together are the whole fill; a
    // producer whose past depends on where the fill ends (the demo: dense
    // in its last hour) says so here.
    virtual QList<Snapshot> backfillPart(qint64 fromMs, qint64 toMs, qint64 fillEndMs)
    {
        Q_UNUSED(fillEndMs);
        return backfill(fromMs, toMs);
    }
};

// A producer that waits on something (a server over the network): each call
// starts the work and returns; the answer comes later through `done`, from
// the event loop of the thread the producer lives on (the source's worker
// thread). The same calls as Producer, in that shape.
//
// Contract, which lets the source hold no guards: `done` is called exactly
// once per call, on the producer's thread, possibly before the call returns;
// a producer destroyed first never calls it (it aborts what is in flight).
// A callback must not destroy the producer that called it (deleteLater()
// does).
class AsyncProducer : public QObject
{
    Q_OBJECT
public:
    using StatusCallback = std::function<void(const QString& status)>;
    using SnapshotsCallback = std::function<void(const QList<Snapshot>& snapshots)>;

    explicit AsyncProducer(QObject* parent = nullptr)
        : QObject(parent)
    {}

    virtual void init(StatusCallback done) = 0;
    virtual void produce(SnapshotsCallback done) = 0;
    virtual QString problem() const { return {}; }
    virtual void backfill(qint64 fromMs, qint64 toMs, SnapshotsCallback done)
    {
        Q_UNUSED(fromMs);
        Q_UNUSED(toMs);
        done({});
    }
    // As Producer::backfillPart().
    virtual void backfillPart(qint64 fromMs, qint64 toMs, qint64 fillEndMs, SnapshotsCallback done)
    {
        Q_UNUSED(fillEndMs);
        backfill(fromMs, toMs, std::move(done));
    }
};

class SourceWorker;

class Source final : public QObject
{
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kDefaultInterval{1000};

    // Polls start `interval` apart; the next one starts only when the
    // previous one has answered, so a poll slower than the interval delays
    // the next instead of piling up.
    explicit Source(std::unique_ptr<Producer> producer,
                    std::chrono::milliseconds interval = kDefaultInterval,
                    QObject* parent = nullptr);
    explicit Source(std::unique_ptr<AsyncProducer> producer,
                    std::chrono::milliseconds interval = kDefaultInterval,
                    QObject* parent = nullptr);
    ~Source() override;

    // Starts the worker thread; `backfillMs` > 0 first delivers what the
    // producer knows of that much past, up to the first live reading (what
    // passed while the backfill was made is asked for too, so no silence
    // lies between the past and the present). The past comes in parts of
    // about kBackfillPartReadings readings, each asked for only while the
    // gate (setBackfillGate) is open; meanwhile the present is shown
    // through presentReady() once an interval.
    void start(std::chrono::milliseconds backfill = std::chrono::milliseconds(0));

    // About this many readings per part of a backfill.
    static constexpr qsizetype kBackfillPartReadings = 2000;
    // The first part's span; later parts are halved or doubled toward
    // kBackfillPartReadings (within [kBackfillMinPartMs, kBackfillMaxPartMs]).
    static constexpr qint64 kBackfillFirstPartMs = 3'600'000;
    static constexpr qint64 kBackfillMinPartMs = 1000;
    static constexpr qint64 kBackfillMaxPartMs = 24 * 3'600'000LL;
    // While the gate is closed, it is looked at again this often.
    static constexpr int kBackfillGateRetryMs = 20;

    // Called on the sampling thread before each part of a backfill after
    // the first: while it answers false (the consumers still digest the
    // parts before), the next part waits. Thread-safe; set before start().
    // Without a gate the parts follow each other at once.
    void setBackfillGate(std::function<bool()> open);
    // Destroys the producer on the worker thread (aborting a request in
    // flight) and joins it; nothing is delivered afterwards.
    void stop();
    bool isRunning() const;

    std::chrono::milliseconds interval() const { return m_interval; }

Q_SIGNALS:
    void statusChanged(const QString& message);
    void snapshotReady(const gw::Snapshot& snapshot);
    // A batch from backfill(), oldest first, before any live snapshot (one
    // or a few: the last ones catch up with the time the first took).
    void backfillReady(const QList<gw::Snapshot>& snapshots);
    // While a backfill is being made (seconds, for a week of a fleet): the
    // producer's present, once an interval, so a window shows the fleet at
    // once. Not a reading of the record: it does not go through produced()
    // (the past that follows is older), and the first live reading after
    // the backfill is the record's.
    void presentReady(const QList<gw::Snapshot>& snapshots);
    // A backfill's progress: the share of its span delivered, 0 to 100;
    // 100 once it is done (emitted only with a backfill).
    void backfillProgress(int percent);
    // The same readings (backfill, then live), emitted on the sampling
    // thread as they are made, for a thread-safe receiver connected with
    // Qt::DirectConnection (Engine::attach): they skip the hop through the
    // thread this Source lives on.
    void produced(const QList<gw::Snapshot>& snapshots);
    // The wall clock was set by `stepMs` (negative: back) just before the
    // reading stamped `atMs`; emitted on the sampling thread before that
    // reading is handed on, and said in the log. Sampling goes on.
    void clockStepped(qint64 stepMs, qint64 atMs);

private:
    QThread m_thread;
    QPointer<SourceWorker> m_worker;
    std::unique_ptr<AsyncProducer> m_pending; // until start() hands it to the worker
    std::chrono::milliseconds m_interval;
    std::function<bool()> m_backfillGate;
    bool m_delivering = false;
};

} // namespace gw
