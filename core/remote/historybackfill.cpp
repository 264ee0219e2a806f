#include "remote/historybackfill.h"

#include "remote/historyclient.h"
#include "wire/agentwire.h"

#include <QDateTime>
#include <QLoggingCategory>
#include <QTimer>

namespace gw {

namespace {
Q_LOGGING_CATEGORY(lcBackfill, "gw.remote.backfill")
constexpr qint64 kMaxInfoBytes = 1024 * 1024;
} // namespace

HistoryBackfill::HistoryBackfill(RemoteServer server, QNetworkAccessManager* nam, QObject* parent)
    : QObject(parent)
    , m_server(std::move(server))
    , m_nam(nam)
{}

HistoryBackfill::~HistoryBackfill()
{
    endTurn();
}

void HistoryBackfill::endTurn()
{
    if (m_holdsTurn && m_pacer)
        m_pacer->end();
    m_holdsTurn = false;
}

void HistoryBackfill::start(const QList<SeriesKey>& keys, qint64 sinceMs, qint64 untilMs)
{
    m_keys = keys;
    m_atMs = sinceMs;
    m_untilMs = untilMs;
    m_count = 0;
    if (keys.isEmpty() || untilMs <= sinceMs) {
        finish(QString());
        return;
    }
    const qint64 sentMs = QDateTime::currentMSecsSinceEpoch();
    const AgentRequest request{"GET",        QStringLiteral("/v1/info"),
                               QByteArray(), "application/json",
                               kTimeoutMs,   kMaxInfoBytes};
    callAgent(m_nam, this, m_server, request, [this, sentMs](const AgentCall& c) {
        if (!c.json) {
            finish(c.error);
            return;
        }
        const QString agentId = c.json->value(QLatin1String("agent_id")).toString();
        if (!m_expectedAgent.isEmpty() && !agentId.isEmpty() && agentId != m_expectedAgent) {
            finish(tr("%1 is another agent now (%2, the history's rows are of %3): its history "
                      "is not filled in")
                       .arg(m_server.url.toString(QUrl::RemoveUserInfo), agentId, m_expectedAgent));
            return;
        }
        const QJsonValue now = c.json->value(QLatin1String("now_ms"));
        if (!now.isDouble()) {
            finish(tr("/v1/info: now_ms: missing or not a number"));
            return;
        }
        // The agent answered between sending and now: take the
        // middle, as AgentLink does for its readings.
        const qint64 receivedMs = QDateTime::currentMSecsSinceEpoch();
        const qint64 offset = now.toInteger() - (sentMs + receivedMs) / 2;
        // Whole seconds: the round trip makes the milliseconds
        // noise, and a backfill shifted by noise would put the
        // agent's minutes off the minute.
        const qint64 seconds = (std::abs(offset) + 500) / 1000 * (offset < 0 ? -1 : 1);
        m_offsetMs = std::abs(offset) < AgentLink::kClockToleranceMs ? 0 : seconds * 1000;
        // From here on the agent's clock, on the minute: buckets
        // then sit on the store's minute grid, one reading each.
        // Up, not down: the minute before holds the desktop's
        // own newest reading.
        m_atMs = (m_atMs + m_offsetMs + kBackfillStepMs - 1) / kBackfillStepMs * kBackfillStepMs;
        m_untilMs += m_offsetMs;
        askNext();
    });
}

void HistoryBackfill::askNext()
{
    if (m_atMs >= m_untilMs) {
        finish(QString());
        return;
    }
    // A week of minutes is 10,080 readings: in its turn among the fleet's
    // catch-ups, while the window and the history writer keep up.
    if (m_pacer && !m_holdsTurn) {
        if (!m_pacer->tryBegin()) {
            QTimer::singleShot(AgentLink::kCatchUpRetryMs, this, &HistoryBackfill::askNext);
            return;
        }
        m_holdsTurn = true;
    }
    const qint64 to = std::min(m_untilMs, m_atMs + kPieceMs);
    fetchHistory(m_nam, this, m_server, m_keys, m_atMs, to, kBackfillStepMs, kTimeoutMs,
                 [this, to](const HistoryFetch& f) {
                     endTurn();
                     if (!f.reply) {
                         finish(f.call.status == 404 && f.call.code == u"no_history"
                                    ? tr("%1 keeps no history").arg(m_server.name)
                                    : f.call.error);
                         return;
                     }
                     const QList<Snapshot> batch =
                         historyReadings(*f.reply, m_server.name, -m_offsetMs);
                     m_count += batch.size();
                     if (!batch.isEmpty())
                         Q_EMIT readings(batch);
                     m_atMs = to;
                     askNext();
                 });
}

void HistoryBackfill::finish(const QString& error)
{
    if (!error.isEmpty())
        qCWarning(lcBackfill).noquote() << m_server.name << "backfill:" << error;
    Q_EMIT finished(error, m_count);
}

} // namespace gw
