#pragma once

// Fills what the desktop's history lacks of one agent beyond AgentLink's
// one-hour catch-up (docs/history.md, "Backfill"): the agent's clock is read
// first (/v1/info's now_ms, as AgentLink puts readings on the workstation's
// clock), then GET /v1/history is asked at one-minute buckets a week at a
// time, and each answer is handed on as readings sampled every minute, in
// time order, for the desktop's history store.
//
// Order matters: the store keeps a series' samples in increasing time and
// drops older ones, so the backfill's readings must reach it before the
// catch-up's (the link is started once finished() is emitted).

#include "history/historytypes.h"
#include "model/snapshot.h"
#include "remote/agentlink.h"

#include <QObject>

class QNetworkAccessManager;

namespace gw {

class HistoryBackfill final : public QObject
{
    Q_OBJECT
public:
    // One request spans at most a week of one-minute buckets (10,080, under
    // the agent's 11,000).
    static constexpr qint64 kPieceMs = 7 * 24 * 3'600'000LL;
    static constexpr int kTimeoutMs = 60'000;

    HistoryBackfill(RemoteServer server, QNetworkAccessManager* nam, QObject* parent = nullptr);
    ~HistoryBackfill() override;

    // Paces the pieces with the links' catch-up (not owned; outlives this):
    // each piece is asked for only in its turn (docs/history.md "Catch-up,
    // paced"). Call before start().
    void setCatchUpPacer(CatchUpPacer* pacer) { m_pacer = pacer; }

    // Asks for `keys` (the desktop's series of this server; their server
    // field is the desktop's name) in [sinceMs, untilMs) of the
    // workstation's clock. Nothing to do (an empty range or no keys):
    // finished() at once.
    void start(const QList<SeriesKey>& keys, qint64 sinceMs, qint64 untilMs);
    // The agent the desktop's rows of this server are (the history's
    // binding); call before start(). Another agent at the URL (its
    // /v1/info agent_id differs) gets no backfill: its history is not the
    // one those rows continue (the link then keeps the two apart).
    void setExpectedAgent(const QString& agentId) { m_expectedAgent = agentId; }

    // The difference measured: agent clock − workstation clock (0 within
    // AgentLink::kClockToleranceMs).
    qint64 clockOffsetMs() const { return m_offsetMs; }

Q_SIGNALS:
    // Oldest first, filed under the desktop's name, on its clock.
    void readings(const QList<gw::Snapshot>& snapshots);
    // Done: `error` empty, or why it stopped (an older agent without the
    // route says so). `count`: the readings handed on.
    void finished(const QString& error, qint64 count);

private:
    void askNext();
    void endTurn();
    void finish(const QString& error);

    RemoteServer m_server;
    QNetworkAccessManager* m_nam;
    QList<SeriesKey> m_keys;
    // Where the next piece starts and where they end: the workstation's
    // clock until the agent's is known, the agent's from then on.
    qint64 m_atMs = 0;
    qint64 m_untilMs = 0;
    qint64 m_offsetMs = 0;
    qint64 m_count = 0;
    QString m_expectedAgent;
    CatchUpPacer* m_pacer = nullptr;
    bool m_holdsTurn = false;
};

} // namespace gw
