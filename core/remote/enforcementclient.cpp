#include "remote/enforcementclient.h"
#include "wire/agentwire.h"

#include "model/jsonfields.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QUrlQuery>

#include <limits>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::EnforcementClient)
};

using P = JsonFields::Presence;

constexpr qint64 kMaxIndex = std::numeric_limits<int>::max();

const QStringList kSteps{QStringLiteral("notify"), QStringLiteral("renice"),
                         QStringLiteral("terminate"), QStringLiteral("kill")};
const QStringList kOutcomes{QStringLiteral("done"), QStringLiteral("refused"),
                            QStringLiteral("would"), QStringLiteral("failed"),
                            QStringLiteral("declined")};

std::optional<RemoteStepDone> remoteStepDoneFromJson(const QJsonObject& o, QString* error,
                                                     const QString& path)
{
    JsonFields r(o, error, path);
    RemoteStepDone s;
    readInto(s.step,
             r.choice(QStringLiteral("step"), kSteps + QStringList{QStringLiteral("decline")}));
    readInto(s.atMs, r.integer(QStringLiteral("at_ms"), P::Required, 0));
    readInto(s.outcome, r.choice(QStringLiteral("outcome"), kOutcomes));
    return r.ok() ? std::optional(s) : std::nullopt;
}

std::optional<RemoteCandidate> remoteCandidateFromJson(const QJsonObject& o, QString* error,
                                                       const QString& path)
{
    JsonFields r(o, error, path);
    RemoteCandidate c;
    readInto(c.id, r.nonEmptyText(QStringLiteral("id")));
    readInto(c.user, r.text(QStringLiteral("user")));
    readInto(c.balance, r.number(QStringLiteral("balance")));
    readInto(c.floor, r.number(QStringLiteral("floor")));
    readInto(c.pid, r.integer(QStringLiteral("pid"), P::Required, 1));
    readInto(c.startTimeMs, r.integer(QStringLiteral("start_time_ms"), P::Required, 0));
    readInto(c.command, r.text(QStringLiteral("command")));
    readInto(c.gpuIndex, r.integer(QStringLiteral("gpu_index"), P::Nullable, 0, kMaxIndex));
    readInto(c.gpuUuid, r.text(QStringLiteral("gpu_uuid")));
    readInto(c.migProfile, r.text(QStringLiteral("mig_profile")));
    readInto(c.memoryMiB, r.number(QStringLiteral("memory_mib"), P::Nullable));
    readInto(c.utilisation, r.number(QStringLiteral("utilisation"), P::Nullable));
    readInto(c.why, r.text(QStringLiteral("why")));
    // null (or "") while no step is due: enforcement off, or nothing left.
    readInto(c.step,
             r.choice(QStringLiteral("step"), kSteps + QStringList{QString()}, P::Nullable));
    readInto(c.dueMs, r.integer(QStringLiteral("due_ms"), P::Nullable, 0));
    readInto(c.awaitingConfirmation, r.boolean(QStringLiteral("awaiting_confirmation")));
    r.objects(QStringLiteral("done"), P::Required, c.done, remoteStepDoneFromJson);
    return r.ok() ? std::optional(c) : std::nullopt;
}

} // namespace

std::optional<RemoteEnforcement> remoteEnforcementFromJson(const QJsonObject& o, QString* error)
{
    JsonFields r(o, error);
    RemoteEnforcement s;
    readInto(s.nowMs, r.integer(QStringLiteral("now_ms"), P::Required, 0));
    readInto(s.mode,
             r.choice(QStringLiteral("mode"),
                      {QStringLiteral("off"), QStringLiteral("propose"), QStringLiteral("auto")}));
    readInto(s.dryRun, r.boolean(QStringLiteral("dry_run")));
    r.objectOf(QStringLiteral("demand"), P::Required,
               [&s](const QJsonObject& demand, QString* why, const QString& path) {
                   JsonFields d(demand, why, path);
                   readInto(s.demandHigh, d.boolean(QStringLiteral("high")));
                   readInto(s.demandSinceMs, d.integer(QStringLiteral("since_ms"), P::Nullable, 0));
                   readInto(s.demandReason, d.text(QStringLiteral("reason")));
                   return d.ok() ? std::optional(true) : std::nullopt;
               });
    r.objectOf(
        QStringLiteral("balances"), P::Required,
        [&s](const QJsonObject& balances, QString* why, const QString& path) {
            JsonFields b(balances, why, path);
            readInto(s.balancesAsOfMs, b.integer(QStringLiteral("as_of_ms"), P::Required, 0));
            readInto(s.balancesFetchedMs, b.integer(QStringLiteral("fetched_ms"), P::Required, 0));
            readInto(s.keeper, b.text(QStringLiteral("keeper")));
            readInto(s.balancesError, b.text(QStringLiteral("error")));
            return b.ok() ? std::optional(true) : std::nullopt;
        });
    r.objects(QStringLiteral("candidates"), P::Required, s.candidates, remoteCandidateFromJson);
    return r.ok() ? std::optional(s) : std::nullopt;
}

std::optional<RemoteAuditEntry> remoteAuditEntryFromJson(const QJsonObject& o, QString* error,
                                                         const QString& path)
{
    JsonFields r(o, error, path);
    RemoteAuditEntry a;
    readInto(a.sequence, r.integer(QStringLiteral("sequence"), P::Required, 1));
    readInto(a.atMs, r.integer(QStringLiteral("at_ms"), P::Required, 0));
    readInto(a.by, r.text(QStringLiteral("by")));
    readInto(a.mode,
             r.choice(QStringLiteral("mode"), {QStringLiteral("auto"), QStringLiteral("propose"),
                                               QStringLiteral("manual")}));
    readInto(a.action,
             r.choice(QStringLiteral("action"),
                      kSteps + QStringList{QStringLiteral("decline"), QStringLiteral("stop")}));
    readInto(a.user, r.text(QStringLiteral("user")));
    readInto(a.pid, r.integer(QStringLiteral("pid"), P::Required, 0));
    readInto(a.startTimeMs, r.integer(QStringLiteral("start_time_ms"), P::Nullable, 0));
    readInto(a.command, r.text(QStringLiteral("command")));
    readInto(a.gpuIndex, r.integer(QStringLiteral("gpu_index"), P::Nullable, 0, kMaxIndex));
    readInto(a.why, r.text(QStringLiteral("why")));
    readInto(a.outcome, r.choice(QStringLiteral("outcome"),
                                 kOutcomes + QStringList{QStringLiteral("started")}));
    readInto(a.detail, r.text(QStringLiteral("detail")));
    readInto(a.workload, r.text(QStringLiteral("workload"), P::OptionalOrNull));
    return r.ok() ? std::optional(a) : std::nullopt;
}

std::optional<RemoteAuditPage> remoteAuditPageFromJson(const QJsonObject& o, QString* error)
{
    JsonFields r(o, error);
    RemoteAuditPage p;
    readInto(p.instance, r.text(QStringLiteral("instance")));
    readInto(p.stream, r.text(QStringLiteral("stream")));
    readInto(p.nowMs, r.integer(QStringLiteral("now_ms"), P::Required, 0));
    readInto(p.next, r.integer(QStringLiteral("next"), P::Required, 0));
    readInto(p.lastSequence, r.integer(QStringLiteral("last_sequence"), P::Required, 0));
    readInto(p.truncated, r.boolean(QStringLiteral("truncated")));
    r.objects(QStringLiteral("audit"), P::Required, p.entries, remoteAuditEntryFromJson);
    return r.ok() ? std::optional(p) : std::nullopt;
}

std::optional<RemoteDecision> remoteDecisionFromJson(const QJsonObject& o, QString* error)
{
    JsonFields r(o, error);
    RemoteDecision d;
    readInto(d.outcome, r.choice(QStringLiteral("outcome"),
                                 {QStringLiteral("done"), QStringLiteral("refused"),
                                  QStringLiteral("declined"), QStringLiteral("would")}));
    readInto(d.detail, r.text(QStringLiteral("detail")));
    readInto(d.audit, r.objectOf(QStringLiteral("audit"), P::Required, remoteAuditEntryFromJson));
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
    const AgentRequest request{verb,        pathAndQuery,  body, "application/json",
                               m_timeoutMs, kMaxReplyBytes};
    callAgent(m_nam, this, m_server, request, [done = std::move(done)](const AgentCall& call) {
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
    out.error = Tr::tr("%1: the agent's reply does not read: %2").arg(route, why);
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
                 out.error = Tr::tr("%1: this agent's token has read access only; confirming or "
                                    "declining needs a token with admin scope (HTTP 403)")
                                 .arg(name);
             } else if (raw.status == 409 && raw.code == QStringLiteral("step_not_due")) {
                 out.error =
                     Tr::tr("%1: that step is not the one due now (HTTP 409 step_not_due%2); "
                            "the candidates are read again")
                         .arg(name, raw.message.isEmpty() ? QString()
                                                          : QStringLiteral(": ") + raw.message);
             } else if (raw.status == 404 && raw.code == QStringLiteral("unknown_candidate")) {
                 out.error = Tr::tr("%1: the agent no longer lists this candidate (HTTP 404 "
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
                               Tr::tr("the stream changed while reading pages"));
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
