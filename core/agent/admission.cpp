#include "agent/admission.h"

#include <algorithm>

namespace gw {

namespace {

// Equal-length comparison that looks at every byte, so the time taken says
// nothing about how much of a hash matched.
bool sameBytes(const QByteArray& a, const QByteArray& b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

bool isBearer(const QByteArray& authorization)
{
    return !authorization.isEmpty() &&
           authorization.left(7).compare("Bearer ", Qt::CaseInsensitive) == 0;
}

} // namespace

Admission::Admission(QList<AgentToken> tokens, Limits limits, std::function<qint64()> monotonicMs)
    : m_limits(limits)
    , m_clock(std::move(monotonicMs))
{
    setTokens(tokens);
}

void Admission::setTokens(const QList<AgentToken>& tokens)
{
    m_tokens.clear();
    m_tokens.reserve(tokens.size());
    for (const AgentToken& t : tokens)
        m_tokens.append(std::make_shared<const AgentToken>(t));
}

std::shared_ptr<const AgentToken> Admission::tokenFor(const QByteArray& authorization) const
{
    if (!isBearer(authorization))
        return nullptr;
    const QByteArray presented = sha256(authorization.mid(7).trimmed());
    std::shared_ptr<const AgentToken> match;
    for (const auto& t : m_tokens) {
        // Every configured hash is compared, matched or not.
        if (sameBytes(presented, t->sha256) && !match)
            match = t;
    }
    return match;
}

bool Admission::takeFromBucket(const QString& client)
{
    // A token bucket per client address: Qt HttpServer 6.4 has no limits of its own.
    const qint64 now = m_clock();
    // A bucket idle long enough to be full again says nothing: dropped, so
    // addresses that came once (a scanner) do not pile up.
    if (m_buckets.size() > kMaxTrackedClients) {
        const qint64 refillMs = qint64(1000.0 * m_limits.burst / m_limits.requestsPerSecond) + 1;
        m_buckets.removeIf([&](const auto& it) { return now - it.value().lastMs > refillMs; });
    }
    auto found = m_buckets.find(client);
    if (found == m_buckets.end())
        found = m_buckets.insert(client, Bucket{double(m_limits.burst), now});
    Bucket& b = *found;
    b.tokens = std::min(double(m_limits.burst),
                        b.tokens + double(now - b.lastMs) * m_limits.requestsPerSecond / 1000.0);
    b.lastMs = now;
    if (b.tokens < 1)
        return false;
    b.tokens -= 1;
    return true;
}

Admission::Verdict Admission::admit(const Request& request)
{
    Verdict v;
    // The guard under the server refuses these while they arrive; this is
    // the last line should a request get past it.
    if (request.bodyBytes > m_limits.maxBodyBytes) {
        v.refusal = Refusal{413,
                            QStringLiteral("too_large"),
                            QStringLiteral("request body of %1 bytes is over the limit of %2")
                                .arg(request.bodyBytes)
                                .arg(m_limits.maxBodyBytes),
                            {}};
        return v;
    }
    if (!takeFromBucket(request.client)) {
        v.refusal = Refusal{429,
                            QStringLiteral("rate_limited"),
                            QStringLiteral("more than %1 requests per second from %2")
                                .arg(m_limits.requestsPerSecond)
                                .arg(request.client),
                            {{QByteArrayLiteral("Retry-After"), QByteArrayLiteral("1")}}};
        return v;
    }
    if (request.scope == Scope::Anyone)
        return v;
    if (!isBearer(request.authorization)) {
        v.refusal = Refusal{401,
                            QStringLiteral("unauthorized"),
                            QStringLiteral("send \"Authorization: Bearer <token>\""),
                            {{QByteArrayLiteral("WWW-Authenticate"), QByteArrayLiteral("Bearer")}}};
        return v;
    }
    v.token = tokenFor(request.authorization);
    if (!v.token) {
        v.refusal = Refusal{401,
                            QStringLiteral("unauthorized"),
                            QStringLiteral("the token is not known to this agent"),
                            {{QByteArrayLiteral("WWW-Authenticate"),
                              QByteArrayLiteral("Bearer error=\"invalid_token\"")}}};
        return v;
    }
    const AgentToken& t = *v.token;
    if (request.scope == Scope::Admin && t.scope != TokenScope::Admin)
        v.refusal =
            Refusal{403,
                    QStringLiteral("forbidden"),
                    QStringLiteral("token \"%1\" has the %2 scope; this needs admin")
                        .arg(t.name, t.scope == TokenScope::Read ? QStringLiteral("read")
                                                                 : QStringLiteral("allocate")),
                    {}};
    else if (request.scope == Scope::Allocate && t.scope == TokenScope::Read)
        v.refusal = Refusal{403,
                            QStringLiteral("forbidden"),
                            QStringLiteral("token \"%1\" has the read scope; this needs "
                                           "allocate or admin")
                                .arg(t.name),
                            {}};
    return v;
}

} // namespace gw
