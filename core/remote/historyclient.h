#pragma once

// The desktop's side of GET /v1/history (docs/history.md, "Backfill"): one
// call through callAgent, the reply read strictly (history/historywire.h),
// and the reduced series turned into readings the desktop's history store
// takes, so what a desktop missed beyond AgentLink's one-hour catch-up is
// filled in from the agent's own store.

#include "history/historywire.h"
#include "model/snapshot.h"
#include "remote/agentlink.h"
#include "wire/agentwire.h"

#include <QList>
#include <QString>

#include <functional>

class QNetworkAccessManager;
class QObject;

namespace gw {

struct HistoryFetch
{
    AgentCall call;                    // the outcome; call.error set on failure
    std::optional<HistoryReply> reply; // set when the answer read
    qint64 receivedMs = 0;             // the workstation's clock at the answer
};

// The bucket width the backfill asks for: a minute, the store's minute
// roll-ups, so a week of one series is 10,080 buckets (under the agent's
// 11,000) and one request per week.
constexpr qint64 kBackfillStepMs = 60'000;
// Replies are at most this large (a week of 64 series at one minute).
constexpr qint64 kMaxHistoryReplyBytes = 256LL * 1024 * 1024;

// GET /v1/history for `keys` (their server is ignored: the agent answers for
// its own) in [fromMs, toMs) of the agent's clock at `stepMs`.
void fetchHistory(QNetworkAccessManager* nam, QObject* context, const RemoteServer& server,
                  const QList<SeriesKey>& keys, qint64 fromMs, qint64 toMs, qint64 stepMs,
                  int timeoutMs, std::function<void(const HistoryFetch&)> done);

// The readings a reply stands for, filed under `serverName` (the desktop's
// name for the agent), shifted by `shiftMs` onto the workstation's clock:
// one per bucket time with each series' mean, sampled every step_ms (so the
// store's gap rule holds at that interval). GPU and host series only; a
// process series needs the process facts the reply does not carry.
QList<Snapshot> historyReadings(const HistoryReply& reply, const QString& serverName,
                                qint64 shiftMs);

} // namespace gw
