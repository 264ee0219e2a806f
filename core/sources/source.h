#pragma once

// A Source turns a Producer into a timed stream of Snapshots, off the GUI
// thread: a worker QObject on its own QThread owns the QTimer and the
// producer; snapshots cross back through queued signals.

#include "model/snapshot.h"

#include <QObject>
#include <QPointer>
#include <QThread>

#include <chrono>
#include <memory>

namespace gw {

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
};

class SourceWorker;

class Source final : public QObject
{
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kDefaultInterval{1000};

    explicit Source(std::unique_ptr<Producer> producer,
                    std::chrono::milliseconds interval = kDefaultInterval,
                    QObject* parent = nullptr);
    ~Source() override;

    // Starts the worker thread; `backfillMs` > 0 first delivers what the
    // producer knows of that much past.
    void start(std::chrono::milliseconds backfill = std::chrono::milliseconds(0));
    void stop();
    bool isRunning() const;

    std::chrono::milliseconds interval() const { return m_interval; }

Q_SIGNALS:
    void statusChanged(const QString& message);
    void snapshotReady(const gw::Snapshot& snapshot);
    // A batch from backfill(), oldest first, before any live snapshot.
    void backfillReady(const QList<gw::Snapshot>& snapshots);
    // The same readings (backfill, then live), emitted on the sampling
    // thread as they are made, for a thread-safe receiver connected with
    // Qt::DirectConnection (Engine::attach): they skip the hop through the
    // thread this Source lives on.
    void produced(const QList<gw::Snapshot>& snapshots);

private:
    QThread m_thread;
    QPointer<SourceWorker> m_worker;
    std::unique_ptr<Producer> m_pending; // until start() hands it to the worker
    std::chrono::milliseconds m_interval;
    bool m_delivering = false;
};

} // namespace gw
