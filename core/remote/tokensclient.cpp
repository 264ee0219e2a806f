#include "remote/tokensclient.h"
#include "wire/agentwire.h"

#include "model/jsonfields.h"
#include "tokens/tokensjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

#include <memory>

namespace gw {

namespace {

using P = JsonFields::Presence;

// The keys of the route's objects: required ones there and of their type; an
// optional key that is null is absent (a peer never read has no last contact).
// Unknown keys are not refused: agents grow.
std::optional<KeeperServer> keeperServerFromJson(const QJsonObject& o, QString* error,
                                                 const QString& path)
{
    JsonFields k(o, error, path);
    KeeperServer s;
    readInto(s.server, k.text(QStringLiteral("server")));
    readInto(s.url, k.text(QStringLiteral("url")));
    readInto(s.lastSequence, k.integer(QStringLiteral("last_sequence"), P::OptionalOrNull, 0));
    readInto(s.reachable, k.boolean(QStringLiteral("reachable")));
    s.lastContactMs = k.integer(QStringLiteral("last_contact_ms"), P::OptionalOrNull);
    if (s.lastContactMs && *s.lastContactMs <= 0)
        s.lastContactMs.reset(); // never read: said as never, not as 1970
    readInto(s.error, k.text(QStringLiteral("error"), P::OptionalOrNull));
    if (!k.ok())
        return std::nullopt;
    return s;
}

// "http://node-1:9807/v1/ledger": where, for messages.
QString whereOf(const QUrl& url)
{
    return url.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery);
}

} // namespace

std::optional<AgentBalances> agentBalancesFromJson(const QJsonObject& o, QString* error)
{
    JsonFields k(o, error);
    AgentBalances b;
    readInto(b.nowMs, k.integer(QStringLiteral("now_ms")));
    readInto(b.asOfMs, k.integer(QStringLiteral("as_of_ms")));
    readInto(b.balances, k.numbers(QStringLiteral("balances")));
    readInto(b.cutOff, k.strings(QStringLiteral("cut_off")));
    readInto(b.overdraftFloor, k.number(QStringLiteral("overdraft_floor")));
    readInto(b.warnings, k.strings(QStringLiteral("warnings"), P::OptionalOrNull));
    k.objects(QStringLiteral("gaps"), P::OptionalOrNull, b.gaps, coverageGapFromJson);
    if (const auto role =
            k.choice(QStringLiteral("role"), {QStringLiteral("keeper"), QStringLiteral("relay")},
                     P::OptionalOrNull)) {
        b.role = *role;
        b.roleStated = true;
    }
    readInto(b.keeper, k.text(QStringLiteral("keeper"), P::OptionalOrNull));
    k.objects(QStringLiteral("servers"), P::OptionalOrNull, b.servers, keeperServerFromJson);
    b.fetchedMs = k.integer(QStringLiteral("fetched_ms"), P::OptionalOrNull);
    readInto(b.relayError, k.text(QStringLiteral("error"), P::OptionalOrNull));
    if (!k.ok())
        return std::nullopt;
    return b;
}

TokensClient::TokensClient(RemoteServer server, QObject* parent)
    : QObject(parent)
    , m_server(std::move(server))
{}

bool TokensClient::busy() const
{
    return !findChildren<QNetworkReply*>().isEmpty();
}

void TokensClient::abort()
{
    for (QNetworkReply* r : findChildren<QNetworkReply*>()) {
        r->disconnect(this);
        r->abort();
        r->deleteLater();
    }
}

void TokensClient::send(const QByteArray& verb, const QString& pathAndQuery, const QByteArray& body,
                        std::function<void(const Raw&)> done)
{
    if (!m_nam)
        m_nam = new QNetworkAccessManager(this);
    const AgentRequest request{verb,        pathAndQuery,  body, "application/json",
                               m_timeoutMs, kMaxReplyBytes};
    callAgent(m_nam, this, m_server, request, [done = std::move(done)](const AgentCall& call) {
        Raw out;
        out.failure.httpStatus = call.status;
        out.failure.failure = call.failure;
        out.failure.error = call.error;
        out.json = call.json;
        done(out);
    });
}

void TokensClient::getBalances(std::function<void(const BalancesReply&)> done)
{
    const QString where = whereOf(m_server.url) + QStringLiteral("/v1/balances");
    send("GET", QStringLiteral("/v1/balances"), QByteArray(),
         [done = std::move(done), where](const Raw& raw) {
             BalancesReply out;
             static_cast<TokensFailure&>(out) = raw.failure;
             if (raw.json) {
                 QString why;
                 out.balances = agentBalancesFromJson(*raw.json, &why);
                 if (!out.balances) {
                     out.failure = AgentFailure::Protocol;
                     out.error = QStringLiteral("%1: %2").arg(where, why);
                 }
             }
             done(out);
         });
}

void TokensClient::getLedger(const QString& user, std::function<void(const LedgerReply&)> done)
{
    ledgerPage(user, 0, std::make_shared<LedgerReply>(), std::move(done));
}

void TokensClient::ledgerPage(const QString& user, qint64 after, std::shared_ptr<LedgerReply> acc,
                              std::function<void(const LedgerReply&)> done)
{
    QUrlQuery q;
    if (!user.isEmpty())
        q.addQueryItem(QStringLiteral("user"), user);
    q.addQueryItem(QStringLiteral("after"), QString::number(after));
    q.addQueryItem(QStringLiteral("limit"), QString::number(m_pageSize));
    const QString where = whereOf(m_server.url) + QStringLiteral("/v1/ledger");
    send("GET", QStringLiteral("/v1/ledger?") + q.toString(QUrl::FullyEncoded), QByteArray(),
         [this, user, after, acc, where, done = std::move(done)](const Raw& raw) mutable {
             if (!raw.json) {
                 static_cast<TokensFailure&>(*acc) = raw.failure;
                 return done(*acc);
             }
             ++acc->pages;
             QString why;
             JsonFields k(*raw.json, &why);
             readInto(acc->nowMs, k.integer(QStringLiteral("now_ms")));
             const qint64 next = k.integer(QStringLiteral("next")).value_or(0);
             const bool truncated = k.boolean(QStringLiteral("truncated")).value_or(false);
             QList<LedgerEntry> entries;
             if (const auto list = k.array(QStringLiteral("entries")))
                 k.objects(QStringLiteral("entries"), *list, entries, ledgerEntryFromJson, after);
             acc->entries += entries;
             if (k.ok() && next != after + entries.size())
                 why = tr("next: expected %1, got %2").arg(after + entries.size()).arg(next);
             if (why.isEmpty() && truncated && (entries.isEmpty() || acc->pages >= kMaxPages))
                 why = tr("truncated: still true after %n page(s)", nullptr, acc->pages);
             if (!why.isEmpty()) {
                 acc->failure = AgentFailure::Protocol;
                 acc->error = QStringLiteral("%1: %2").arg(where, why);
                 acc->entries.clear();
                 return done(*acc);
             }
             if (truncated)
                 return ledgerPage(user, next, acc, std::move(done));
             done(*acc);
         });
}

void TokensClient::getUsage(quint64 after, std::function<void(const UsageReply&)> done)
{
    usagePage(after, std::make_shared<UsageReply>(), std::move(done));
}

void TokensClient::usagePage(quint64 after, std::shared_ptr<UsageReply> acc,
                             std::function<void(const UsageReply&)> done)
{
    const QString path = QStringLiteral("/v1/usage?after=%1&limit=%2").arg(after).arg(m_pageSize);
    const QString where = whereOf(m_server.url) + QStringLiteral("/v1/usage");
    send("GET", path, QByteArray(),
         [this, after, acc, where, done = std::move(done)](const Raw& raw) mutable {
             if (!raw.json) {
                 static_cast<TokensFailure&>(*acc) = raw.failure;
                 return done(*acc);
             }
             ++acc->pages;
             QString why;
             JsonFields k(*raw.json, &why);
             const QString stream = k.text(QStringLiteral("stream")).value_or(QString());
             const qint64 next = k.integer(QStringLiteral("next")).value_or(0);
             const qint64 last = k.integer(QStringLiteral("last_sequence")).value_or(0);
             const bool truncated = k.boolean(QStringLiteral("truncated")).value_or(false);
             const auto items = k.array(QStringLiteral("usage"));
             const auto gaps = k.array(QStringLiteral("gaps"), P::OptionalOrNull);
             if (k.ok() && !acc->stream.isEmpty() && stream != acc->stream)
                 k.fail(QStringLiteral("stream"),
                        tr("changed from %1 to %2 between pages").arg(acc->stream, stream));
             acc->stream = stream;
             // Each fact's `sequence` is one above the one before; the fact
             // is read without it.
             quint64 expected = after;
             if (items)
                 k.objects(QStringLiteral("usage"), *items, acc->facts,
                           [&expected](QJsonObject o, QString* error, const QString& path) {
                               const QJsonValue seq = o.take(QStringLiteral("sequence"));
                               if (!seq.isDouble() || quint64(seq.toInteger()) != expected + 1) {
                                   *error =
                                       tr("%1.sequence: expected %2").arg(path).arg(expected + 1);
                                   return std::optional<UsageFact>();
                               }
                               expected = quint64(seq.toInteger());
                               return usageFactFromJson(o, error, path);
                           });
             // The spans not charged are the agent's whole record: the last
             // page's answer stands.
             acc->gaps.clear();
             if (gaps)
                 k.objects(QStringLiteral("gaps"), *gaps, acc->gaps, coverageGapFromJson);
             if (why.isEmpty() && next != qint64(expected))
                 why = tr("next: expected %1, got %2").arg(expected).arg(next);
             // The /v1/events convention: more follow while next is below
             // last_sequence; `truncated` says numbers are missing, which
             // the sequence check above refuses (facts are never dropped).
             const bool more = next < last;
             if (why.isEmpty() && truncated)
                 why = tr("truncated: facts after %1 are missing").arg(expected);
             if (why.isEmpty() && more && (!items || items->isEmpty() || acc->pages >= kMaxPages))
                 why = tr("next: %1 stays below last_sequence %2 after %n page(s)", nullptr,
                          acc->pages)
                           .arg(next)
                           .arg(last);
             if (!why.isEmpty()) {
                 acc->failure = AgentFailure::Protocol;
                 acc->error = QStringLiteral("%1: %2").arg(where, why);
                 acc->facts.clear();
                 return done(*acc);
             }
             acc->lastSequence = quint64(last);
             if (more)
                 return usagePage(quint64(next), acc, std::move(done));
             done(*acc);
         });
}

void TokensClient::postAdjustment(const QString& user, double amount, const QString& reason,
                                  std::function<void(const AdjustReply&)> done)
{
    const QByteArray body = QJsonDocument(QJsonObject{{QStringLiteral("user"), user},
                                                      {QStringLiteral("amount"), amount},
                                                      {QStringLiteral("reason"), reason}})
                                .toJson(QJsonDocument::Compact);
    const QString where = whereOf(m_server.url) + QStringLiteral("/v1/ledger");
    send("POST", QStringLiteral("/v1/ledger"), body,
         [done = std::move(done), where, name = m_server.name](const Raw& raw) {
             AdjustReply out;
             static_cast<TokensFailure&>(out) = raw.failure;
             if (raw.failure.httpStatus == 403) {
                 out.readOnlyToken = true;
                 out.error =
                     tr("the token for %1 is read-only: adjusting needs an admin token").arg(name);
             }
             if (raw.json) {
                 QJsonObject o = *raw.json;
                 const QJsonValue balance = o.take(QStringLiteral("balance"));
                 if (balance.isDouble())
                     out.balance = balance.toDouble();
                 QString why;
                 out.entry = ledgerEntryFromJson(o, &why);
                 if (!out.entry) {
                     out.failure = AgentFailure::Protocol;
                     out.error = QStringLiteral("%1: %2").arg(where, why);
                 }
             }
             done(out);
         });
}

} // namespace gw
