#pragma once

// The fan-in point on the GUI side: keeps the latest snapshot of every server
// and the live history, and tells models what changed. (Policies, the ledger
// and the history store hang off here in later work.)

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
