#pragma once

// The command line's side of an agent's coordination routes
// (docs/coordination.md, "On the agent"): ask for GPUs, give them back, ask
// for advice, read the reservations. Blocking: each call runs its own
// QEventLoop, so it needs a QCoreApplication and must not be called from a
// thread without an event dispatcher. Through the agent wire
// (wire/agentwire.h): its TLS pin, size limit and wording; a refused token
// (401) adds where the token came from (AgentEndpoint::tokenOrigin).

#include "coord/coordjson.h"
#include "wire/agentendpoint.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

struct AllocateReply
{
    std::optional<Reservation> reservation; // 200 only
    QList<Candidate> granted;               // 200: the units held; 409: those that qualified
    QStringList refused;                    // the other units, with the reason for each
    QStringList notes;                      // units ranked last and why (degraded GPUs)
    QString cudaVisibleDevices;             // 200: "1,3"
    qint64 waitedMs = 0;
    int httpStatus = 0; // 0: no HTTP answer
    QString error;      // empty on 200; 409: "2 GPUs asked, 1 qualifies"
    // 409 "over_cap": the request would pass a cap of [accounts]; `error`
    // names the cap and what is held.
    bool overCap = false;
};

// Milliseconds an HTTP exchange may take beyond the wait it asked for.
inline constexpr int kCoordReplyMarginMs = 30'000;

// POST /v1/allocate; the HTTP timeout is the wait plus kCoordReplyMarginMs.
AllocateReply requestAllocation(const AgentEndpoint& source, const AllocateBody& body);
// DELETE /v1/allocate/{id}; false with `error` (404: not held).
bool releaseAllocation(const AgentEndpoint& source, const QString& id, QString* error);
// GET /v1/advice?user=U&priority=P&attempt=N
std::optional<Advice> requestAdvice(const AgentEndpoint& source, const QString& user,
                                    Priority priority, int attempt, QString* error);
// GET /v1/allocate
std::optional<AllocationState> requestAllocationState(const AgentEndpoint& source, QString* error);

// The agent's token books (docs/tokens.md, "On the agent"): GET
// /v1/balances as served (checked to hold "balances"), and every entry of
// GET /v1/ledger?user=U (all users when `user` is empty), page after page.
std::optional<QJsonObject> requestTokenBalances(const AgentEndpoint& source, QString* error);
std::optional<QJsonArray> requestTokenLedger(const AgentEndpoint& source, const QString& user,
                                             QString* error);

} // namespace gw
