#pragma once

// GET /v1/history: the agent's history store, reduced, for desktops that
// were away longer than the samples' catch-up window (docs/agent-api.md,
// docs/history.md "Backfill"). Read-only. The request is checked on the
// HTTP thread; the store is read on a worker (RequestWorkers, at most
// kMaxQueries at once and kMaxQueriesWaiting queued, 503 busy beyond; a
// query whose caller hangs up stops at its next series), each query with a
// connection of its own (WAL lets it read while the agent's history writer
// commits).

#include "agent/requestworkers.h"
#include "agent/routetable.h"
#include "history/historytypes.h"

#include <QHttpServerResponse>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <variant>

class QHttpServerRequest;

namespace gw {

class HistoryRoute final : public RouteDesk
{
public:
    // At most this many series per request, and buckets per series.
    static constexpr int kMaxSeries = 64;
    static constexpr int kMaxPoints = 11'000;
    // Queries read at once, queued behind them, and the wait a caller past
    // both is told (Retry-After).
    static constexpr int kMaxQueries = 2;
    static constexpr int kMaxQueriesWaiting = 16;
    static constexpr int kBusyRetrySeconds = 1;

    // `path` empty: the agent keeps no history (404 no_history).
    HistoryRoute(QString path, RetentionPolicy retention, std::function<qint64()> nowMs);
    ~HistoryRoute() override;

    // GET /v1/history: read scope.
    void addRoutes(RouteTable& table) override;

    // 404 no_history: the agent keeps none (agent.toml has no `history`).
    static QHttpServerResponse notKept();

private:
    struct Query;
    // The request checked: the refusal, or the question for the worker.
    std::variant<QHttpServerResponse, Query> check(const QHttpServerRequest& request) const;
    // On the worker: the answer to `query`, read from a store opened for it.
    static QHttpServerResponse answer(const Query& query, const std::atomic<bool>& cancelled);

    QString m_path;
    RetentionPolicy m_retention;
    std::function<qint64()> m_now;
    RequestWorkers m_workers;
};

} // namespace gw
