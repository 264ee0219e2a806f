#pragma once

// Admission: whether a request that reached a route may be answered. One
// piece for every route, in this order: the body-size backstop (413), the
// rate limit per client address (429), the bearer token (401) and the scope
// the route needs (403). The route table asks it after the method check
// (405); nothing here knows HTTP beyond the header's text, so it is tested
// without a server (tests/agent/tst_admission.cpp).

#include "agent/agentconfig.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace gw {

// What a route needs of the caller's token.
enum class Scope
{
    Anyone,   // no token (/healthz)
    Read,     // any known token
    Allocate, // an allocate or admin token
    Admin
};

class Admission
{
public:
    struct Limits
    {
        qint64 maxBodyBytes = 64 * 1024;
        double requestsPerSecond = 50; // per client address
        int burst = 100;
    };

    struct Refusal
    {
        int status = 0;                                   // 401, 403, 413 or 429
        QString code;                                     // the JSON error code
        QString message;                                  // for the client, in words
        QList<std::pair<QByteArray, QByteArray>> headers; // WWW-Authenticate, Retry-After
    };

    struct Request
    {
        Scope scope = Scope::Read;
        QString client;           // the remote address
        QByteArray authorization; // the Authorization header, as sent
        qint64 bodyBytes = 0;
    };

    struct Verdict
    {
        std::optional<Refusal> refusal; // set: answer this instead
        // The token presented, when known; shared, so a request being
        // answered keeps its token when SIGHUP replaces the list.
        std::shared_ptr<const AgentToken> token;
    };

    // Clients whose buckets are kept before idle ones are dropped.
    static constexpr qsizetype kMaxTrackedClients = 1024;

    // `monotonicMs`: a steady clock in milliseconds (the rate limit's).
    Admission(QList<AgentToken> tokens, Limits limits, std::function<qint64()> monotonicMs);

    // Checks the request and, when it is let through, takes one request off
    // the client's bucket.
    Verdict admit(const Request& request);
    // The known token an Authorization header presents ("Bearer <token>",
    // the scheme in any case); null when none. Every hash is compared.
    std::shared_ptr<const AgentToken> tokenFor(const QByteArray& authorization) const;
    // Replaces the known tokens (agent.toml re-read on SIGHUP): requests
    // admitted from now on are checked against these. Called on the thread
    // that admits requests.
    void setTokens(const QList<AgentToken>& tokens);
    qsizetype tokenCount() const { return m_tokens.size(); }

    qsizetype trackedClients() const { return m_buckets.size(); }

private:
    struct Bucket
    {
        double tokens;
        qint64 lastMs;
    };
    bool takeFromBucket(const QString& client);

    QList<std::shared_ptr<const AgentToken>> m_tokens;
    Limits m_limits;
    std::function<qint64()> m_clock;
    QHash<QString, Bucket> m_buckets;
};

} // namespace gw
