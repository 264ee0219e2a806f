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
#include <QTimer>

#include <functional>

namespace gw {

// How old a server's newest reading is. Every view of a server asks this
// before it shows a figure or a verdict: a stale server shows its last
// figures greyed with their age and no busy/idle verdict.
struct Freshness
{
    bool hasReading = false; // false: nothing received yet (ageMs is then 0)
    bool stale = true;       // older than kStaleIntervals intervals, or the link is not connected
    qint64 ageMs = 0;        // now minus the newest reading's time (workstation clock)
    qint64 intervalMs = 0;   // the server's sampling interval (Snapshot::intervalMs)
    // How often readings reach this workstation: the shortest of the last few
    // gaps between arrivals (0 until two have arrived). A remote fleet polled
    // less often than its agents sample (AgentLinks widens the poll beyond 20
    // servers) delivers readings in batches this far apart; staleness allows
    // three of whichever is longer, so such a server does not flicker stale
    // between polls.
    qint64 arrivalIntervalMs = 0;
};

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
    // The other servers whose agent has the same identity (one agent
    // watched under two entries); empty for most.
    QStringList sameAgentAs(const QString& server) const;

    // A reading older than this many sampling intervals is stale.
    static constexpr int kStaleIntervals = 3;
    // Assumed where a reading does not say its interval.
    static constexpr qint64 kDefaultIntervalMs = 1000;

    // The age of server's newest reading, now.
    Freshness freshness(const QString& server) const;
    // The clock freshness is measured with (tests step it); ms since the epoch.
    void setClock(std::function<qint64()> nowMs);
    // How often freshness is re-checked (serverUpdated for a server that
    // turned stale or fresh, and staleTick for ages that grew).
    void setFreshnessCheckInterval(int ms) { m_freshnessTimer.setInterval(ms); }
    // Re-checks freshness now (what the timer does).
    void checkFreshness();

    // Latest wall-clock time seen from any source (charts end there).
    qint64 newestTimestampMs() const { return m_newestMs; }

public Q_SLOTS:
    void ingest(const gw::Snapshot& snapshot);
    // Backfill: history first, then only the newest per server becomes "latest".
    // serverUpdated (and an arrival, for freshness) only for the servers
    // whose latest changed: a past older than what is shown (the demo's
    // week, filled behind its present) goes to the live history alone, and
    // costs the views nothing.
    void ingestBatch(const QList<gw::Snapshot>& snapshots);
    // A remote server's state; a server that never answered is listed too.
    void setConnection(const gw::LinkStatus& status);
    // The admin removed the server: it leaves the fleet (its history stays).
    void removeServer(const QString& server);

Q_SIGNALS:
    void serverAdded(const QString& server);
    void serverUpdated(const QString& server);
    void serverRemoved(const QString& server);
    // A server's freshness flipped (it also gets serverUpdated).
    void freshnessChanged(const QString& server, bool stale);
    // Emitted on each check while some server is stale, so "last reading
    // 4 min ago" texts can move on.
    void staleTick();

private:
    // True when `s` became its server's latest.
    bool store(const Snapshot& s, bool notify);

    QStringList m_order;
    QHash<QString, Snapshot> m_latest;
    QHash<QString, LinkStatus> m_connections;
    LiveHistory m_history;
    qint64 m_newestMs = 0;
    std::function<qint64()> m_now;
    QTimer m_freshnessTimer;
    QHash<QString, bool> m_stale; // as last announced
    struct Arrivals
    {
        qint64 lastMs = 0;
        QList<qint64> gaps; // the last kArrivalGaps, newest last
    };
    static constexpr int kArrivalGaps = 3;
    void noteArrival(const QString& server);
    QHash<QString, Arrivals> m_arrivals;
};

} // namespace gw
