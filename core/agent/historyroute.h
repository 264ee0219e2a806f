#pragma once

// GET /v1/history: the agent's history store, reduced, for desktops that
// were away longer than the samples' catch-up window (docs/agent-api.md,
// docs/history.md "Backfill"). Read-only: the store is opened on the HTTP
// thread with a connection of its own (WAL lets it read while the agent's
// history writer commits), at the first request and again after a failure.

#include "agent/routetable.h"
#include "history/historytypes.h"

#include <QHttpServerResponse>
#include <QString>

#include <functional>
#include <memory>

class QHttpServerRequest;

namespace gw {

class HistoryStore;

class HistoryRoute final : public RouteDesk
{
public:
    // At most this many series per request, and buckets per series.
    static constexpr int kMaxSeries = 64;
    static constexpr int kMaxPoints = 11'000;

    // `path` empty: the agent keeps no history (404 no_history).
    HistoryRoute(QString path, RetentionPolicy retention, std::function<qint64()> nowMs);
    ~HistoryRoute() override;

    // GET /v1/history: read scope.
    void addRoutes(RouteTable& table) override;

    QHttpServerResponse respond(const QHttpServerRequest& request);

    // 404 no_history: the agent keeps none (agent.toml has no `history`).
    static QHttpServerResponse notKept();

private:
    QString m_path;
    RetentionPolicy m_retention;
    std::function<qint64()> m_now;
    std::unique_ptr<HistoryStore> m_store;
};

} // namespace gw
