#include "engine/engine.h"

#include <QDateTime>
#include <QLoggingCategory>

#include <atomic>
#include <chrono>

Q_LOGGING_CATEGORY(lcEngine, "gw.engine", QtInfoMsg)

namespace gw {

namespace {
// A source that keeps sending old readings is named once a minute, not once
// a reading.
constexpr std::chrono::milliseconds kDropLogInterval{60'000};
} // namespace

struct Engine::Registration
{
    QObject* receiver = nullptr;
    Consume consume;
    bool threadSafe = false;
    // Null: every producer's readings.
    const QObject* onlyFrom = nullptr;
    // Cleared by removeConsumer(): a delivery already queued finds it false
    // and does nothing.
    std::atomic<bool> active{true};
    QMetaObject::Connection destroyedConnection;
};

Engine::Engine(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<gw::Snapshot>();
    qRegisterMetaType<QList<gw::Snapshot>>();
}

Engine::~Engine()
{
    QMutexLocker lock(&m_lock);
    for (const auto& r : m_consumers) {
        r->active = false;
        QObject::disconnect(r->destroyedConnection);
    }
    m_consumers.clear();
}

void Engine::addConsumer(QObject* receiver, Consume consume, const QObject* onlyFrom)
{
    add(receiver, std::move(consume), false, onlyFrom);
}

void Engine::addThreadSafeConsumer(QObject* receiver, Consume consume, const QObject* onlyFrom)
{
    add(receiver, std::move(consume), true, onlyFrom);
}

void Engine::add(QObject* receiver, Consume consume, bool threadSafe, const QObject* onlyFrom)
{
    Q_ASSERT(receiver);
    auto r = std::make_shared<Registration>();
    r->receiver = receiver;
    r->consume = std::move(consume);
    r->threadSafe = threadSafe;
    r->onlyFrom = onlyFrom;
    // Direct: runs in ~QObject on the receiver's thread, before its posted
    // events are discarded, so no delivery reaches a receiver that is gone.
    r->destroyedConnection = connect(
        receiver, &QObject::destroyed, this, [this, receiver] { removeConsumer(receiver); },
        Qt::DirectConnection);
    QMutexLocker lock(&m_lock);
    m_consumers.push_back(std::move(r));
}

void Engine::removeConsumer(QObject* receiver)
{
    QMutexLocker lock(&m_lock);
    for (auto it = m_consumers.begin(); it != m_consumers.end();) {
        if ((*it)->receiver == receiver) {
            (*it)->active = false;
            QObject::disconnect((*it)->destroyedConnection);
            it = m_consumers.erase(it);
        } else {
            ++it;
        }
    }
}

void Engine::submit(const QList<Snapshot>& readings, const QObject* origin)
{
    QMutexLocker lock(&m_lock);
    // Usually everything goes on: then the batch itself is handed on (shared,
    // not copied; a demo backfill is a week of readings).
    bool all = true;
    QList<Snapshot> some;
    for (qsizetype i = 0; i < readings.size(); ++i) {
        const Snapshot& s = readings[i];
        const auto it = m_newest.find(s.server);
        if (it != m_newest.end() && s.timestampMs < it->ms) {
            if (origin && it->origin == origin && m_asMade.contains(origin)) {
                // The producer's clock stepped back: its order is the order
                // made, and its server's newest is this reading from now on.
                ++m_steppedBack;
                qCInfo(lcEngine).noquote()
                    << QStringLiteral("%1: reading stamped %2 after one stamped %3: the wall "
                                      "clock stepped back; handed on in the order made")
                           .arg(s.server,
                                QDateTime::fromMSecsSinceEpoch(s.timestampMs, Qt::UTC)
                                    .toString(Qt::ISODateWithMs),
                                QDateTime::fromMSecsSinceEpoch(it->ms, Qt::UTC)
                                    .toString(Qt::ISODateWithMs));
            } else {
                noteDropped(s.server, s.timestampMs, it->ms);
                if (all)
                    some = readings.first(i);
                all = false;
                continue;
            }
        }
        if (it != m_newest.end())
            *it = {s.timestampMs, origin};
        else
            m_newest.insert(s.server, {s.timestampMs, origin});
        if (!all)
            some.append(s);
    }
    const QList<Snapshot>& accepted = all ? readings : some;
    if (accepted.isEmpty())
        return;
    // Under the lock, so two producing threads cannot overtake each other
    // between accepting and handing on: a queued consumer's events are posted
    // in the order accepted, and its thread runs them in that order.
    for (const auto& r : m_consumers) {
        if (r->onlyFrom && r->onlyFrom != origin)
            continue;
        if (r->threadSafe) {
            r->consume(accepted);
            continue;
        }
        const qint64 n = accepted.size();
        *m_queued += n;
        // Counted down when run or, with the receiver gone, discarded.
        auto countDown =
            std::shared_ptr<void>(nullptr, [queued = m_queued, n](void*) { *queued -= n; });
        QMetaObject::invokeMethod(
            r->receiver,
            [r, accepted, countDown = std::move(countDown)] {
                if (r->active)
                    r->consume(accepted);
            },
            Qt::QueuedConnection);
    }
}

void Engine::keepOrderOf(const QObject* producer)
{
    QMutexLocker lock(&m_lock);
    m_asMade.insert(producer);
}

quint64 Engine::steppedBackCount() const
{
    QMutexLocker lock(&m_lock);
    return m_steppedBack;
}

quint64 Engine::droppedCount() const
{
    QMutexLocker lock(&m_lock);
    return m_dropped;
}

void Engine::noteDropped(const QString& server, qint64 timestampMs, qint64 newestMs)
{
    ++m_dropped;
    DropLog& log = m_dropLog[server];
    ++log.unreported;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (log.loggedAtMs != 0 && now - log.loggedAtMs < kDropLogInterval.count())
        return;
    qCWarning(lcEngine).noquote()
        << QStringLiteral("%1: dropped %2 reading(s) older than one already handed on "
                          "(this one %3, newest %4)")
               .arg(server)
               .arg(log.unreported)
               .arg(QDateTime::fromMSecsSinceEpoch(timestampMs).toString(Qt::ISODateWithMs),
                    QDateTime::fromMSecsSinceEpoch(newestMs).toString(Qt::ISODateWithMs));
    log.loggedAtMs = now;
    log.unreported = 0;
}

} // namespace gw
