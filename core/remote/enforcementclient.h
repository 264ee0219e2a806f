#pragma once

// The desktop's side of an agent's enforcement routes (issue 13,
// docs/tokens.md "Enforcement"):
//
//   GET  /v1/enforcement          read scope: mode, demand, the candidates
//   POST /v1/enforcement/<id>     admin scope: confirm or decline a due step
//   GET  /v1/audit?after=&limit=  read scope: the audit log, by cursor
//
// Through the agent wire (wire/agentwire.h: pinned certificate, size limit,
// timeout). Replies are read strictly: a missing key or a key of the wrong
// type is an error naming the key ("candidates[1].balance: expected a
// number, got a string"), never a silent zero. Keys the agent adds later are ignored.

#include "remote/agentlink.h"

#include <QJsonObject>
#include <QList>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class QNetworkAccessManager;

namespace gw {

struct RemoteStepDone
{
    QString step; // notify, renice, terminate, kill
    qint64 atMs = 0;
    QString outcome; // done, refused, would, failed, declined
    bool operator==(const RemoteStepDone&) const = default;
};

struct RemoteCandidate
{
    QString id; // "alice/12345/1794990000000"
    QString user;
    double balance = 0;
    double floor = 0;
    qint64 pid = 0;
    qint64 startTimeMs = 0;
    QString command;
    std::optional<int> gpuIndex;
    QString gpuUuid;
    QString migProfile;
    std::optional<double> memoryMiB;
    std::optional<double> utilisation; // %; absent where the driver gives none
    QString why;
    QString step;                // the due step; empty (null in the JSON): none due
    std::optional<qint64> dueMs; // when it is due
    bool awaitingConfirmation = false;
    QList<RemoteStepDone> done;
    bool operator==(const RemoteCandidate&) const = default;
};

struct RemoteEnforcement
{
    qint64 nowMs = 0;
    QString mode; // off, propose, auto
    bool dryRun = false;
    bool demandHigh = false;
    std::optional<qint64> demandSinceMs;
    QString demandReason;
    qint64 balancesAsOfMs = 0;
    qint64 balancesFetchedMs = 0;
    QString keeper;
    QString balancesError; // the last failure reading the keeper; empty: none
    QList<RemoteCandidate> candidates;
    bool operator==(const RemoteEnforcement&) const = default;
};

struct RemoteAuditEntry
{
    qint64 sequence = 0;
    qint64 atMs = 0;
    QString by;   // the token's name, or "agent"
    QString mode; // auto, propose, manual
    // notify, renice, terminate, kill, decline; stop: a container stopped or
    // a Slurm job cancelled in place of a signal (docs/enforcement.md)
    QString action;
    QString user;
    qint64 pid = 0;
    std::optional<qint64> startTimeMs; // null where the agent had none
    QString command;
    std::optional<int> gpuIndex;
    QString why;
    // done, refused, would, failed, declined; started: a workload's stop
    // asked, its outcome a later entry
    QString outcome;
    QString detail;
    QString workload; // "container job1 (podman 561bb04bdcbb)"; empty: the process alone
    bool operator==(const RemoteAuditEntry&) const = default;
};

struct RemoteAuditPage
{
    QString instance;
    QString stream;
    qint64 nowMs = 0;
    qint64 next = 0;
    qint64 lastSequence = 0;
    bool truncated = false;
    QList<RemoteAuditEntry> entries;
};

struct RemoteDecision
{
    QString outcome; // done, refused, declined, would
    QString detail;
    RemoteAuditEntry audit;
};

// Each returns nothing and sets *error, naming the key, when `o` is not the
// route's JSON.
std::optional<RemoteEnforcement> remoteEnforcementFromJson(const QJsonObject& o, QString* error);
std::optional<RemoteAuditEntry> remoteAuditEntryFromJson(const QJsonObject& o, QString* error,
                                                         const QString& path = {});
std::optional<RemoteAuditPage> remoteAuditPageFromJson(const QJsonObject& o, QString* error);
std::optional<RemoteDecision> remoteDecisionFromJson(const QJsonObject& o, QString* error);
// The POST body: {"decision", "step", "reason"} (reason left out when empty).
QByteArray remoteDecisionBody(bool confirm, const QString& step, const QString& reason);

struct EnforcementReply
{
    bool ok = false;
    int httpStatus = 0; // 0: no HTTP answer
    AgentFailure failure = AgentFailure::None;
    QString error;     // one line, set when !ok
    QString errorCode; // the agent's code: "step_not_due", "unknown_candidate", "forbidden"…
    bool readOnlyToken = false; // 403 on a POST: the token may read, not act

    std::optional<RemoteEnforcement> state; // GET /v1/enforcement
    std::optional<RemoteDecision> decision; // POST /v1/enforcement/<id>
    QList<RemoteAuditEntry> audit;          // GET /v1/audit, every page
    qint64 auditNext = 0;                   // the cursor to ask from next time
    QString auditStream;
};

class EnforcementClient final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 10'000;
    static constexpr qint64 kMaxReplyBytes = 16 * 1024 * 1024;
    static constexpr int kAuditPageSize = 500;
    static constexpr int kMaxAuditPages = 20; // 10,000 entries a call; the rest next time

    explicit EnforcementClient(RemoteServer server, QObject* parent = nullptr);

    RemoteServer server() const { return m_server; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }

    // `done` runs on this object's thread, once, unless abort() or the
    // client's destruction comes first.
    void getEnforcement(std::function<void(const EnforcementReply&)> done);
    void decide(const QString& candidateId, bool confirm, const QString& step,
                const QString& reason, std::function<void(const EnforcementReply&)> done);
    // The audit entries after `after`, following `truncated` pages.
    void getAudit(qint64 after, std::function<void(const EnforcementReply&)> done);
    void abort();
    bool busy() const;

private:
    struct Raw
    {
        int status = 0;
        AgentFailure failure = AgentFailure::None;
        QString error;
        QString code;
        QString message; // the agent's own words on a refusal
        std::optional<QJsonObject> json;
    };
    void send(const QByteArray& verb, const QString& pathAndQuery, const QByteArray& body,
              std::function<void(const Raw&)> done);
    void auditPage(qint64 after, int pages, std::shared_ptr<EnforcementReply> acc,
                   std::function<void(const EnforcementReply&)> done);

    RemoteServer m_server;
    QNetworkAccessManager* m_nam = nullptr;
    int m_timeoutMs = kTimeoutMs;
};

} // namespace gw

Q_DECLARE_TYPEINFO(gw::RemoteStepDone, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::RemoteCandidate, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::RemoteAuditEntry, Q_RELOCATABLE_TYPE);
