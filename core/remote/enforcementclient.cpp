#include "remote/enforcementclient.h"
#include "remote/agentcall.h"

#include "model/snapshotjson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

#include <cmath>

namespace gw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("gw::EnforcementClient", text);
}

constexpr double kMaxExactInteger = 9007199254740992.0; // 2^53

// One object of a reply read strictly: every key asked for is there with
// its type; the first mistake is kept with the key's path. Unknown keys are
// left alone (a newer agent may say more).
class Reader
{
public:
    Reader(const QJsonObject& o, QString* error, QString path)
        : m_o(o)
        , m_error(error)
        , m_path(std::move(path))
    {}
    bool ok() const { return m_ok; }
    QString name(const QString& key) const { return m_path.isEmpty() ? key : m_path + u'.' + key; }
    void fail(const QString& key, const QString& why)
    {
        if (!m_ok)
            return;
        m_ok = false;
        *m_error = name(key) + QStringLiteral(": ") + why;
    }
    // The value, or nothing (the error set) when it is missing.
    std::optional<QJsonValue> value(const QString& key)
    {
        if (!m_ok)
            return std::nullopt;
        if (!m_o.contains(key)) {
            fail(key, tr("missing"));
            return std::nullopt;
        }
        return m_o.value(key);
    }
    void text(const QString& key, QString& out)
    {
        const auto v = value(key);
        if (!v)
            return;
        if (!v->isString())
            return fail(key, tr("expected a string, got %1").arg(jsonTypeName(*v)));
        out = v->toString();
    }
    void boolean(const QString& key, bool& out)
    {
        const auto v = value(key);
        if (!v)
            return;
        if (!v->isBool())
            return fail(key, tr("expected true or false, got %1").arg(jsonTypeName(*v)));
        out = v->toBool();
    }
    void number(const QString& key, double& out)
    {
        const auto v = value(key);
        if (!v)
            return;
        if (!v->isDouble() || !std::isfinite(v->toDouble()))
            return fail(key, tr("expected a number, got %1").arg(jsonTypeName(*v)));
        out = v->toDouble();
    }
    // null is "not reported"; a missing key is still an error.
    void optionalNumber(const QString& key, std::optional<double>& out)
    {
        const auto v = value(key);
        if (!v || v->isNull())
            return;
        double d = 0;
        number(key, d);
        if (m_ok)
            out = d;
    }
    void integer(const QString& key, qint64& out, qint64 min = 0)
    {
        const auto v = value(key);
        if (!v)
            return;
        const double d = v->toDouble();
        if (!v->isDouble() || !std::isfinite(d) || std::trunc(d) != d ||
            std::abs(d) > kMaxExactInteger)
            return fail(key, tr("expected an integer, got %1").arg(jsonTypeName(*v)));
        if (d < double(min))
            return fail(key, tr("expected at least %1, got %2").arg(min).arg(qint64(d)));
        out = qint64(d);
    }
    template <typename T>
    void optionalInteger(const QString& key, std::optional<T>& out)
    {
        const auto v = value(key);
        if (!v || v->isNull())
            return;
        qint64 i = 0;
        integer(key, i);
        if (m_ok)
            out = T(i);
    }
    // One of `allowed`; an empty string only where `allowed` holds it.
    void choice(const QString& key, QString& out, const QStringList& allowed)
    {
        text(key, out);
        if (m_ok && !allowed.contains(out))
            fail(
                key,
                tr("\"%1\" is not one of \"%2\"").arg(out, allowed.join(QStringLiteral("\", \""))));
    }
    std::optional<QJsonObject> object(const QString& key)
    {
        const auto v = value(key);
        if (!v)
            return std::nullopt;
        if (!v->isObject()) {
            fail(key, tr("expected an object, got %1").arg(jsonTypeName(*v)));
            return std::nullopt;
        }
        return v->toObject();
    }
    std::optional<QJsonArray> array(const QString& key)
    {
        const auto v = value(key);
        if (!v)
            return std::nullopt;
        if (!v->isArray()) {
            fail(key, tr("expected an array, got %1").arg(jsonTypeName(*v)));
            return std::nullopt;
        }
        return v->toArray();
    }
    // Each element of `a` an object, read by `read`; the first error stops.
    template <typename T, typename Read>
    void objects(const QString& key, const QJsonArray& a, QList<T>& out, Read read)
    {
        for (qsizetype i = 0; m_ok && i < a.size(); ++i) {
            const QString at = name(key) + u'[' + QString::number(i) + u']';
            if (!a[i].isObject()) {
                m_ok = false;
                *m_error = at + QStringLiteral(": ") +
                           tr("expected an object, got %1").arg(jsonTypeName(a[i]));
                return;
            }
            if (const auto v = read(a[i].toObject(), m_error, at))
                out << *v;
            else
                m_ok = false;
        }
    }

private:
    const QJsonObject& m_o;
    QString* m_error;
    QString m_path;
    bool m_ok = true;
};

const QStringList kSteps{QStringLiteral("notify"), QStringLiteral("renice"),
                         QStringLiteral("terminate"), QStringLiteral("kill")};
const QStringList kOutcomes{QStringLiteral("done"), QStringLiteral("refused"),
                            QStringLiteral("would"), QStringLiteral("failed"),
                            QStringLiteral("declined")};

std::optional<RemoteStepDone> remoteStepDoneFromJson(const QJsonObject& o, QString* error,
                                                     const QString& path)
{
    Reader r(o, error, path);
    RemoteStepDone s;
    r.choice(QStringLiteral("step"), s.step, kSteps + QStringList{QStringLiteral("decline")});
    r.integer(QStringLiteral("at_ms"), s.atMs);
    r.choice(QStringLiteral("outcome"), s.outcome, kOutcomes);
    return r.ok() ? std::optional(s) : std::nullopt;
}

std::optional<RemoteCandidate> remoteCandidateFromJson(const QJsonObject& o, QString* error,
                                                       const QString& path)
{
    Reader r(o, error, path);
    RemoteCandidate c;
    r.text(QStringLiteral("id"), c.id);
    if (r.ok() && c.id.isEmpty())
        r.fail(QStringLiteral("id"), tr("empty"));
    r.text(QStringLiteral("user"), c.user);
    r.number(QStringLiteral("balance"), c.balance);
    r.number(QStringLiteral("floor"), c.floor);
    r.integer(QStringLiteral("pid"), c.pid, 1);
    r.integer(QStringLiteral("start_time_ms"), c.startTimeMs);
    r.text(QStringLiteral("command"), c.command);
    r.optionalInteger(QStringLiteral("gpu_index"), c.gpuIndex);
    r.text(QStringLiteral("gpu_uuid"), c.gpuUuid);
    r.text(QStringLiteral("mig_profile"), c.migProfile);
    r.optionalNumber(QStringLiteral("memory_mib"), c.memoryMiB);
    r.optionalNumber(QStringLiteral("utilisation"), c.utilisation);
    r.text(QStringLiteral("why"), c.why);
    // null (or "") while no step is due: enforcement off, or nothing left.
    if (const auto step = r.value(QStringLiteral("step")); step && !step->isNull())
        r.choice(QStringLiteral("step"), c.step, kSteps + QStringList{QString()});
    r.optionalInteger(QStringLiteral("due_ms"), c.dueMs);
    r.boolean(QStringLiteral("awaiting_confirmation"), c.awaitingConfirmation);
    if (const auto done = r.array(QStringLiteral("done")))
        r.objects(QStringLiteral("done"), *done, c.done, remoteStepDoneFromJson);
    return r.ok() ? std::optional(c) : std::nullopt;
}

} // namespace

std::optional<RemoteEnforcement> remoteEnforcementFromJson(const QJsonObject& o, QString* error)
{
    Reader r(o, error, {});
    RemoteEnforcement s;
    r.integer(QStringLiteral("now_ms"), s.nowMs);
    r.choice(QStringLiteral("mode"), s.mode,
             {QStringLiteral("off"), QStringLiteral("propose"), QStringLiteral("auto")});
    r.boolean(QStringLiteral("dry_run"), s.dryRun);
    if (const auto demand = r.object(QStringLiteral("demand"))) {
        Reader d(*demand, error, QStringLiteral("demand"));
        d.boolean(QStringLiteral("high"), s.demandHigh);
        d.optionalInteger(QStringLiteral("since_ms"), s.demandSinceMs);
        d.text(QStringLiteral("reason"), s.demandReason);
        if (!d.ok())
            return std::nullopt;
    }
    if (const auto balances = r.object(QStringLiteral("balances"))) {
        Reader b(*balances, error, QStringLiteral("balances"));
        b.integer(QStringLiteral("as_of_ms"), s.balancesAsOfMs);
        b.integer(QStringLiteral("fetched_ms"), s.balancesFetchedMs);
        b.text(QStringLiteral("keeper"), s.keeper);
        b.text(QStringLiteral("error"), s.balancesError);
        if (!b.ok())
            return std::nullopt;
    }
    if (const auto candidates = r.array(QStringLiteral("candidates")))
        r.objects(QStringLiteral("candidates"), *candidates, s.candidates, remoteCandidateFromJson);
    return r.ok() ? std::optional(s) : std::nullopt;
}

std::optional<RemoteAuditEntry> remoteAuditEntryFromJson(const QJsonObject& o, QString* error,
                                                         const QString& path)
{
    Reader r(o, error, path);
    RemoteAuditEntry a;
    r.integer(QStringLiteral("sequence"), a.sequence, 1);
    r.integer(QStringLiteral("at_ms"), a.atMs);
    r.text(QStringLiteral("by"), a.by);
    r.choice(QStringLiteral("mode"), a.mode,
             {QStringLiteral("auto"), QStringLiteral("propose"), QStringLiteral("manual")});
    r.choice(QStringLiteral("action"), a.action, kSteps + QStringList{QStringLiteral("decline")});
    r.text(QStringLiteral("user"), a.user);
    r.integer(QStringLiteral("pid"), a.pid);
    r.optionalInteger(QStringLiteral("start_time_ms"), a.startTimeMs);
    r.text(QStringLiteral("command"), a.command);
    r.optionalInteger(QStringLiteral("gpu_index"), a.gpuIndex);
    r.text(QStringLiteral("why"), a.why);
    r.choice(QStringLiteral("outcome"), a.outcome, kOutcomes);
    r.text(QStringLiteral("detail"), a.detail);
    return r.ok() ? std::optional(a) : std::nullopt;
}

std::optional<RemoteAuditPage> remoteAuditPageFromJson(const QJsonObject& o, QString* error)
{
    Reader r(o, error, {});
    RemoteAuditPage p;
    r.text(QStringLiteral("instance"), p.instance);
    r.text(QStringLiteral("stream"), p.stream);
    r.integer(QStringLiteral("now_ms"), p.nowMs);
    r.integer(QStringLiteral("next"), p.next);
    r.integer(QStringLiteral("last_sequence"), p.lastSequence);
    r.boolean(QStringLiteral("truncated"), p.truncated);
    if (const auto audit = r.array(QStringLiteral("audit")))
        r.objects(QStringLiteral("audit"), *audit, p.entries, remoteAuditEntryFromJson);
    return r.ok() ? std::optional(p) : std::nullopt;
}

std::optional<RemoteDecision> remoteDecisionFromJson(const QJsonObject& o, QString* error)
{
    Reader r(o, error, {});
    RemoteDecision d;
    r.choice(QStringLiteral("outcome"), d.outcome,
             {QStringLiteral("done"), QStringLiteral("refused"), QStringLiteral("declined"),
              QStringLiteral("would")});
    r.text(QStringLiteral("detail"), d.detail);
    if (const auto audit = r.object(QStringLiteral("audit"))) {
        const auto a = remoteAuditEntryFromJson(*audit, error, QStringLiteral("audit"));
        if (!a)
            return std::nullopt;
        d.audit = *a;
    }
    return r.ok() ? std::optional(d) : std::nullopt;
}

QByteArray remoteDecisionBody(bool confirm, const QString& step, const QString& reason)
{
    QJsonObject o{{QStringLiteral("decision"),
                   confirm ? QStringLiteral("confirm") : QStringLiteral("decline")},
                  {QStringLiteral("step"), step}};
    if (!reason.isEmpty())
        o.insert(QStringLiteral("reason"), reason);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

EnforcementClient::EnforcementClient(RemoteServer server, QObject* parent)
    : QObject(parent)
    , m_server(std::move(server))
{}

bool EnforcementClient::busy() const
{
    return !findChildren<QNetworkReply*>().isEmpty();
}

void EnforcementClient::abort()
{
    for (QNetworkReply* r : findChildren<QNetworkReply*>()) {
        r->disconnect(this);
        r->abort();
        r->deleteLater();
    }
}

void EnforcementClient::send(const QByteArray& verb, const QString& pathAndQuery,
                             const QByteArray& body, std::function<void(const Raw&)> done)
{
    if (!m_nam)
        m_nam = new QNetworkAccessManager(this);
    callAgent(m_nam, this, m_server, verb, pathAndQuery, body, "application/json", m_timeoutMs,
              kMaxReplyBytes, [done = std::move(done)](const AgentCall& call) {
                  Raw out;
                  out.status = call.status;
                  out.failure = call.failure;
                  out.error = call.error;
                  out.code = call.code;
                  out.message = call.message;
                  out.json = call.json;
                  done(out);
              });
}

namespace {

EnforcementReply fromRaw(int status, AgentFailure failure, const QString& error,
                         const QString& code)
{
    EnforcementReply out;
    out.httpStatus = status;
    out.failure = failure;
    out.error = error;
    out.errorCode = code;
    return out;
}

// A reply that did not read: the route and the key in one line.
void protocolError(EnforcementReply& out, const QString& route, const QString& why)
{
    out.failure = AgentFailure::Protocol;
    out.error = tr("%1: the agent's reply does not read: %2").arg(route, why);
}

} // namespace

void EnforcementClient::getEnforcement(std::function<void(const EnforcementReply&)> done)
{
    send("GET", QStringLiteral("/v1/enforcement"), QByteArray(),
         [done = std::move(done)](const Raw& raw) {
             EnforcementReply out = fromRaw(raw.status, raw.failure, raw.error, raw.code);
             QString why;
             if (raw.json) {
                 out.state = remoteEnforcementFromJson(*raw.json, &why);
                 if (!out.state)
                     protocolError(out, QStringLiteral("GET /v1/enforcement"), why);
             }
             out.ok = out.state.has_value();
             done(out);
         });
}

void EnforcementClient::decide(const QString& candidateId, bool confirm, const QString& step,
                               const QString& reason,
                               std::function<void(const EnforcementReply&)> done)
{
    // The id "user/pid/start_time_ms" is three path segments (the agent's
    // route); each is escaped, the slashes between them kept.
    QStringList segments;
    for (const QString& part : candidateId.split(QLatin1Char('/')))
        segments << QString::fromLatin1(QUrl::toPercentEncoding(part));
    const QString path = QStringLiteral("/v1/enforcement/") + segments.join(QLatin1Char('/'));
    send("POST", path, remoteDecisionBody(confirm, step, reason),
         [done = std::move(done), name = m_server.name](const Raw& raw) {
             EnforcementReply out = fromRaw(raw.status, raw.failure, raw.error, raw.code);
             if (raw.status == 403) {
                 out.readOnlyToken = true;
                 out.error = tr("%1: this agent's token has read access only; confirming or "
                                "declining needs a token with admin scope (HTTP 403)")
                                 .arg(name);
             } else if (raw.status == 409 && raw.code == QStringLiteral("step_not_due")) {
                 out.error =
                     tr("%1: that step is not the one due now (HTTP 409 step_not_due%2); "
                        "the candidates are read again")
                         .arg(name, raw.message.isEmpty() ? QString()
                                                          : QStringLiteral(": ") + raw.message);
             } else if (raw.status == 404 && raw.code == QStringLiteral("unknown_candidate")) {
                 out.error = tr("%1: the agent no longer lists this candidate (HTTP 404 "
                                "unknown_candidate)")
                                 .arg(name);
             }
             QString why;
             if (raw.json) {
                 out.decision = remoteDecisionFromJson(*raw.json, &why);
                 if (!out.decision)
                     protocolError(out, QStringLiteral("POST /v1/enforcement"), why);
             }
             out.ok = out.decision.has_value();
             done(out);
         });
}

void EnforcementClient::getAudit(qint64 after, std::function<void(const EnforcementReply&)> done)
{
    auto acc = std::make_shared<EnforcementReply>();
    acc->auditNext = after;
    auditPage(after, 0, acc, std::move(done));
}

void EnforcementClient::auditPage(qint64 after, int pages, std::shared_ptr<EnforcementReply> acc,
                                  std::function<void(const EnforcementReply&)> done)
{
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("after"), QString::number(after));
    q.addQueryItem(QStringLiteral("limit"), QString::number(kAuditPageSize));
    send("GET", QStringLiteral("/v1/audit?") + q.toString(QUrl::FullyEncoded), QByteArray(),
         [this, pages, acc, done = std::move(done)](const Raw& raw) mutable {
             EnforcementReply& out = *acc;
             out.httpStatus = raw.status;
             out.failure = raw.failure;
             out.error = raw.error;
             out.errorCode = raw.code;
             if (!raw.json)
                 return done(out);
             QString why;
             const auto page = remoteAuditPageFromJson(*raw.json, &why);
             if (!page) {
                 protocolError(out, QStringLiteral("GET /v1/audit"), why);
                 return done(out);
             }
             // A new stream (the agent lost its journal): its entries from the start.
             if (!out.auditStream.isEmpty() && out.auditStream != page->stream) {
                 protocolError(out, QStringLiteral("GET /v1/audit"),
                               tr("the stream changed while reading pages"));
                 return done(out);
             }
             out.auditStream = page->stream;
             out.audit += page->entries;
             // A cursor that does not move would ask for the same page forever.
             const bool moved = page->next > out.auditNext;
             out.auditNext = qMax(out.auditNext, page->next);
             if (page->truncated && moved && pages + 1 < kMaxAuditPages)
                 return auditPage(page->next, pages + 1, acc, std::move(done));
             out.ok = true;
             done(out);
         });
}

} // namespace gw
