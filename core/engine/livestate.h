#pragma once

// What the window shows, on the GUI thread: the latest snapshot of every
// server, how a remote one is reached, and the live history; tells models what
// changed. A consumer of the Engine (ingestBatch, queued to this thread), which
// already hands readings on in time order per server; policies, the history
// writer and the books are consumers beside it, not behind it.

#include "engine/livehistory.h"
#include "model/linkstatus.h"
#include "model/snapshot.h"

#include <QObject>
#include <QStringList>

namespace gw {

class LiveState final : public QObject
{
    Q_OBJECT
public:
    explicit LiveState(QObject* parent = nullptr);

    QStringList servers() const { return m_order; }
    // Null when the server has not reported yet.
    const Snapshot* latest(const QString& server) const;
    const LiveHistory& history() const { return m_history; }

    // How a remote server is reached; null for local and demo sources.
    const LinkStatus* connection(const QString& server) const;

    // Latest wall-clock time seen from any source (charts end there).
    qint64 newestTimestampMs() const { return m_newestMs; }

public Q_SLOTS:
    void ingest(const gw::Snapshot& snapshot);
    // Backfill: history first, then only the newest per server becomes "latest".
    void ingestBatch(const QList<gw::Snapshot>& snapshots);
    // A remote server's state; a server that never answered is listed too.
    void setConnection(const gw::LinkStatus& status);
    // The admin removed the server: it leaves the fleet (its history stays).
    void removeServer(const QString& server);

Q_SIGNALS:
    void serverAdded(const QString& server);
    void serverUpdated(const QString& server);
    void serverRemoved(const QString& server);

private:
    void store(const Snapshot& s, bool notify);

    QStringList m_order;
    QHash<QString, Snapshot> m_latest;
    QHash<QString, LinkStatus> m_connections;
    LiveHistory m_history;
    qint64 m_newestMs = 0;
};

} // namespace gw
