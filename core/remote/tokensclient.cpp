#include "remote/tokensclient.h"
#include "remote/agentcall.h"

#include "model/snapshotjson.h"
#include "tokens/tokensjson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

#include <cmath>
#include <memory>

namespace gw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("gw::TokensClient", text);
}

// Reads the keys of one object the route promises; the first mistake is
// kept with its path. Unknown keys are not refused: agents grow.
class Keys
{
public:
    Keys(const QJsonObject& o, QString* error, QString path = {})
        : m_o(o)
        , m_error(error)
        , m_path(std::move(path))
    {}
    bool ok() const { return m_ok; }
    QString name(const QString& key) const
    {
        return m_path.isEmpty() ? key : m_path + QLatin1Char('.') + key;
    }
    void fail(const QString& key, const QString& why)
    {
        if (!m_ok)
            return;
        m_ok = false;
        *m_error = name(key) + QStringLiteral(": ") + why;
    }
    // The value when present and of the kind; absent → nullopt (fail if required).
    std::optional<QJsonValue> take(const QString& key, QJsonValue::Type type, bool required,
                                   const char* expected)
    {
        if (!m_ok)
            return std::nullopt;
        if (!m_o.contains(key)) {
            if (required)
                fail(key, tr("required"));
            return std::nullopt;
        }
        const QJsonValue v = m_o.value(key);
        // Absent is said as null (a peer never read has no last contact).
        if (v.isNull() && !required)
            return std::nullopt;
        if (v.type() != type || (type == QJsonValue::Double && !std::isfinite(v.toDouble()))) {
            fail(key, tr("expected %1, got %2").arg(tr(expected), jsonTypeName(v)));
            return std::nullopt;
        }
        return v;
    }
    std::optional<qint64> integer(const QString& key, bool required)
    {
        const auto v = take(key, QJsonValue::Double, required, QT_TR_NOOP("an integer"));
        if (!v)
            return std::nullopt;
        const double d = v->toDouble();
        if (d != std::floor(d) || std::fabs(d) > 9007199254740992.0) {
            fail(key, tr("expected an integer, got %1").arg(d));
            return std::nullopt;
        }
        return qint64(d);
    }
    std::optional<double> number(const QString& key, bool required)
    {
        const auto v = take(key, QJsonValue::Double, required, QT_TR_NOOP("a number"));
        return v ? std::optional<double>(v->toDouble()) : std::nullopt;
    }
    std::optional<QString> text(const QString& key, bool required)
    {
        const auto v = take(key, QJsonValue::String, required, QT_TR_NOOP("a string"));
        return v ? std::optional<QString>(v->toString()) : std::nullopt;
    }
    std::optional<bool> boolean(const QString& key, bool required)
    {
        const auto v = take(key, QJsonValue::Bool, required, QT_TR_NOOP("a boolean"));
        return v ? std::optional<bool>(v->toBool()) : std::nullopt;
    }
    std::optional<QJsonArray> array(const QString& key, bool required)
    {
        const auto v = take(key, QJsonValue::Array, required, QT_TR_NOOP("an array"));
        return v ? std::optional<QJsonArray>(v->toArray()) : std::nullopt;
    }
    std::optional<QJsonObject> object(const QString& key, bool required)
    {
        const auto v = take(key, QJsonValue::Object, required, QT_TR_NOOP("an object"));
        return v ? std::optional<QJsonObject>(v->toObject()) : std::nullopt;
    }
    std::optional<QStringList> strings(const QString& key, bool required)
    {
        const auto a = array(key, required);
        if (!a)
            return std::nullopt;
        QStringList out;
        for (qsizetype i = 0; i < a->size(); ++i) {
            if (!a->at(i).isString()) {
                fail(QStringLiteral("%1[%2]").arg(key).arg(i),
                     tr("expected a string, got %1").arg(jsonTypeName(a->at(i))));
                return std::nullopt;
            }
            out << a->at(i).toString();
        }
        return out;
    }

private:
    QJsonObject m_o;
    QString* m_error;
    QString m_path;
    bool m_ok = true;
};

std::optional<KeeperServer> keeperServerFromJson(const QJsonObject& o, QString* error,
                                                 const QString& path)
{
    Keys k(o, error, path);
    KeeperServer s;
    s.server = k.text(QStringLiteral("server"), true).value_or(QString());
    s.url = k.text(QStringLiteral("url"), true).value_or(QString());
    if (const auto seq = k.integer(QStringLiteral("last_sequence"), false)) {
        if (*seq < 0)
            k.fail(QStringLiteral("last_sequence"), tr("expected a count, got %1").arg(*seq));
        s.lastSequence = quint64(*seq);
    }
    s.reachable = k.boolean(QStringLiteral("reachable"), true).value_or(false);
    s.lastContactMs = k.integer(QStringLiteral("last_contact_ms"), false);
    if (s.lastContactMs && *s.lastContactMs <= 0)
        s.lastContactMs.reset(); // never read: said as never, not as 1970
    s.error = k.text(QStringLiteral("error"), false).value_or(QString());
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
    Keys k(o, error);
    AgentBalances b;
    b.nowMs = k.integer(QStringLiteral("now_ms"), true).value_or(0);
    b.asOfMs = k.integer(QStringLiteral("as_of_ms"), true).value_or(0);
    if (const auto balances = k.object(QStringLiteral("balances"), true)) {
        for (auto it = balances->begin(); it != balances->end(); ++it) {
            if (!it.value().isDouble() || !std::isfinite(it.value().toDouble())) {
                k.fail(QStringLiteral("balances.") + it.key(),
                       tr("expected a number, got %1").arg(jsonTypeName(it.value())));
                break;
            }
            b.balances.insert(it.key(), it.value().toDouble());
        }
    }
    b.cutOff = k.strings(QStringLiteral("cut_off"), true).value_or(QStringList());
    b.overdraftFloor = k.number(QStringLiteral("overdraft_floor"), true).value_or(0);
    b.warnings = k.strings(QStringLiteral("warnings"), false).value_or(QStringList());
    if (const auto gaps = k.array(QStringLiteral("gaps"), false)) {
        for (qsizetype i = 0; i < gaps->size() && k.ok(); ++i) {
            const QString path = QStringLiteral("gaps[%1]").arg(i);
            QString why;
            const auto g = gaps->at(i).isObject()
                               ? coverageGapFromJson(gaps->at(i).toObject(), &why, path)
                               : std::nullopt;
            if (!g) {
                *error =
                    why.isEmpty() ? path + QStringLiteral(": ") + tr("expected an object") : why;
                return std::nullopt;
            }
            b.gaps << *g;
        }
    }
    if (const auto role = k.text(QStringLiteral("role"), false)) {
        if (*role != QLatin1String("keeper") && *role != QLatin1String("relay"))
            k.fail(QStringLiteral("role"),
                   tr("expected \"keeper\" or \"relay\", got \"%1\"").arg(*role));
        b.role = *role;
        b.roleStated = true;
    }
    b.keeper = k.text(QStringLiteral("keeper"), false).value_or(QString());
    if (const auto servers = k.array(QStringLiteral("servers"), false)) {
        for (qsizetype i = 0; i < servers->size() && k.ok(); ++i) {
            const QString path = QStringLiteral("servers[%1]").arg(i);
            if (!servers->at(i).isObject()) {
                k.fail(path, tr("expected an object, got %1").arg(jsonTypeName(servers->at(i))));
                break;
            }
            QString why;
            const auto s = keeperServerFromJson(servers->at(i).toObject(), &why, path);
            if (!s) {
                *error = why;
                return std::nullopt;
            }
            b.servers << *s;
        }
    }
    b.fetchedMs = k.integer(QStringLiteral("fetched_ms"), false);
    b.relayError = k.text(QStringLiteral("error"), false).value_or(QString());
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
    callAgent(m_nam, this, m_server, verb, pathAndQuery, body, "application/json", m_timeoutMs,
              kMaxReplyBytes, [done = std::move(done)](const AgentCall& call) {
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
             Keys k(*raw.json, &why);
             acc->nowMs = k.integer(QStringLiteral("now_ms"), true).value_or(0);
             const qint64 next = k.integer(QStringLiteral("next"), true).value_or(0);
             const bool truncated = k.boolean(QStringLiteral("truncated"), true).value_or(false);
             const QJsonArray entries =
                 k.array(QStringLiteral("entries"), true).value_or(QJsonArray());
             for (qsizetype i = 0; i < entries.size() && k.ok(); ++i) {
                 const QString path = QStringLiteral("entries[%1]").arg(after + i);
                 const auto e = entries.at(i).isObject()
                                    ? ledgerEntryFromJson(entries.at(i).toObject(), &why, path)
                                    : std::nullopt;
                 if (!e) {
                     if (why.isEmpty())
                         why = path + QStringLiteral(": ") + tr("expected an object");
                     break;
                 }
                 acc->entries << *e;
             }
             if (why.isEmpty() && next != after + entries.size())
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
             Keys k(*raw.json, &why);
             const QString stream = k.text(QStringLiteral("stream"), true).value_or(QString());
             const qint64 next = k.integer(QStringLiteral("next"), true).value_or(0);
             const qint64 last = k.integer(QStringLiteral("last_sequence"), true).value_or(0);
             const bool truncated = k.boolean(QStringLiteral("truncated"), true).value_or(false);
             const QJsonArray items = k.array(QStringLiteral("usage"), true).value_or(QJsonArray());
             const QJsonArray gaps = k.array(QStringLiteral("gaps"), false).value_or(QJsonArray());
             if (k.ok() && !acc->stream.isEmpty() && stream != acc->stream)
                 why = tr("stream: changed from %1 to %2 between pages").arg(acc->stream, stream);
             acc->stream = stream;
             quint64 expected = after;
             for (qsizetype i = 0; i < items.size() && why.isEmpty(); ++i) {
                 const QString path = QStringLiteral("usage[%1]").arg(i);
                 QJsonObject o = items.at(i).toObject();
                 const QJsonValue seq = o.take(QStringLiteral("sequence"));
                 if (!seq.isDouble() || quint64(seq.toInteger()) != expected + 1) {
                     why = tr("%1.sequence: expected %2").arg(path).arg(expected + 1);
                     break;
                 }
                 expected = quint64(seq.toInteger());
                 const auto f = usageFactFromJson(o, &why, path);
                 if (!f)
                     break;
                 acc->facts << *f;
             }
             // The spans not charged are the agent's whole record: the last
             // page's answer stands.
             acc->gaps.clear();
             for (qsizetype i = 0; i < gaps.size() && why.isEmpty(); ++i) {
                 const auto g = coverageGapFromJson(gaps.at(i).toObject(), &why,
                                                    QStringLiteral("gaps[%1]").arg(i));
                 if (g)
                     acc->gaps << *g;
             }
             if (why.isEmpty() && next != qint64(expected))
                 why = tr("next: expected %1, got %2").arg(expected).arg(next);
             // The /v1/events convention: more follow while next is below
             // last_sequence; `truncated` says numbers are missing, which
             // the sequence check above refuses (facts are never dropped).
             const bool more = next < last;
             if (why.isEmpty() && truncated)
                 why = tr("truncated: facts after %1 are missing").arg(expected);
             if (why.isEmpty() && more && (items.isEmpty() || acc->pages >= kMaxPages))
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
