#pragma once

// The engine: every reading, from any source (this machine, the demo, agent
// links, Prometheus, a trace), passes through here once and goes on to the
// consumers (the live state the window shows, the history writer, next the
// policies, events and books), per server in time order.
//
// Threads. A source hands its readings over on the thread that made them (a
// sampling thread, the remote-links thread), and the engine fans them out
// right there, under one lock, so the order it accepted them in is the order
// every consumer sees:
//  * a thread-safe consumer (the history writer, which only posts to its own
//    thread) is called on the producing thread: a reading reaches the disk
//    without waiting for the GUI thread;
//  * any other consumer gets the readings queued to the thread its receiver
//    lives on (the live state: the GUI thread), in the same order.
//
// Order. A producer attached with Order::AsMade (a Source sampling this
// machine) has its readings handed on in the order it made them: one stamped
// before its predecessor means the wall clock was set back, and it is handed
// on all the same (said once in the log; the Source reports the step), so
// sampling, numbering and the policies never stop for a clock (docs/samplers.md
// "Time"). Otherwise a reading older than the newest one already handed on for
// its server is dropped (said in the log): a mix of sources never sends a
// server's time backwards.

#include "model/snapshot.h"

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QSet>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace gw {

class Engine final : public QObject
{
    Q_OBJECT
public:
    // Readings of one or more servers; per server in the order made, and
    // never older than one handed on before unless the wall clock stepped back
    // (see Order).
    using Consume = std::function<void(const QList<Snapshot>& readings)>;

    explicit Engine(QObject* parent = nullptr);
    ~Engine() override;

    // `consume` runs on `receiver`'s thread, queued, in order. The
    // registration ends with removeConsumer() or when `receiver` is destroyed.
    // With `onlyFrom` (a producer given to attach()), only the readings that
    // producer made reach it (the desktop's policies judge this machine's
    // readings, not the agents', which judge their own).
    void addConsumer(QObject* receiver, Consume consume, const QObject* onlyFrom = nullptr);
    template <typename T>
    void addConsumer(T* receiver, void (T::*slot)(const QList<Snapshot>&),
                     const QObject* onlyFrom = nullptr)
    {
        addConsumer(
            receiver, [receiver, slot](const QList<Snapshot>& r) { (receiver->*slot)(r); },
            onlyFrom);
    }

    // `consume` runs on whichever thread produced the readings, with the
    // engine's lock held: it must be thread-safe and quick (hand the work to
    // a thread of its own). Remove it, or stop the producers, before the
    // receiver is destroyed.
    void addThreadSafeConsumer(QObject* receiver, Consume consume,
                               const QObject* onlyFrom = nullptr);
    template <typename T>
    void addThreadSafeConsumer(T* receiver, void (T::*slot)(const QList<Snapshot>&),
                               const QObject* onlyFrom = nullptr)
    {
        addThreadSafeConsumer(
            receiver, [receiver, slot](const QList<Snapshot>& r) { (receiver->*slot)(r); },
            onlyFrom);
    }

    // Called on the receiver's thread (or for a thread-safe consumer, any):
    // once it returns, the consumer is not called again, not even with
    // readings already queued to it.
    void removeConsumer(QObject* receiver);

    // Feeds the engine from anything with a signal
    // `produced(const QList<gw::Snapshot>&)` emitted on the thread that makes
    // the readings (Source, AgentLinks, PrometheusFeeds).
    enum class Order
    {
        ByTime, // a reading older than its server's newest is dropped
        AsMade, // the producer's own order (its clock may step back)
    };
    template <typename Producer>
    QMetaObject::Connection attach(Producer* producer, Order order = Order::ByTime)
    {
        const QObject* origin = producer;
        if (order == Order::AsMade)
            keepOrderOf(origin);
        return connect(
            producer, &Producer::produced, this,
            [this, origin](const QList<Snapshot>& readings) { submit(readings, origin); },
            Qt::DirectConnection);
    }

    // Thread-safe: hands the readings on (see the top of this file). `origin`
    // is the producer, for the consumers that take only its readings.
    void submit(const QList<Snapshot>& readings, const QObject* origin = nullptr);

    // Readings handed to queued consumers (addConsumer) that they have not
    // taken yet, summed over the consumers: how far the live state is
    // behind. Thread-safe; a producer of a long past waits while it is
    // large (Source::setBackfillGate).
    qint64 queuedReadings() const { return m_queued->load(); }

    // Readings dropped so far because a newer one of their server had been
    // handed on.
    quint64 droppedCount() const;
    // Readings handed on though older than their predecessor (an AsMade
    // producer whose wall clock stepped back).
    quint64 steppedBackCount() const;

private:
    void keepOrderOf(const QObject* producer);
    struct Registration;

    void add(QObject* receiver, Consume consume, bool threadSafe, const QObject* onlyFrom);
    void noteDropped(const QString& server, qint64 timestampMs, qint64 newestMs);

    mutable QMutex m_lock;
    std::vector<std::shared_ptr<Registration>> m_consumers;
    struct Newest
    {
        qint64 ms = 0;
        const QObject* origin = nullptr;
    };
    QHash<QString, Newest> m_newest;
    QSet<const QObject*> m_asMade;
    quint64 m_steppedBack = 0;
    // Per server: when the last "dropped" line was logged, and how many
    // readings were dropped since, so a stuck source says so once a minute.
    struct DropLog
    {
        qint64 loggedAtMs = 0;
        quint64 unreported = 0;
    };
    QHash<QString, DropLog> m_dropLog;
    quint64 m_dropped = 0;
    // Shared with the queued deliveries, which may outlive the engine.
    std::shared_ptr<std::atomic<qint64>> m_queued = std::make_shared<std::atomic<qint64>>(0);
};

} // namespace gw
