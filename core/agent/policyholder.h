#pragma once

// The policy in force on the agent: where it came from (a file, PUT
// /v1/policy, the built-in defaults), its version and the one before it. A
// policy file is watched: an edit is applied once quiet, a broken one is
// refused (logged with file:line:column) and the policy in force stays;
// SIGHUP asks for the same re-read. Serves GET and PUT /v1/policy, and
// GET/POST /v1/replay (the readings of a range through a policy, the one in
// force or one sent, changing nothing). On the agent's HTTP thread, except
// the replays themselves: each runs on a thread of its own
// ("gw-policy-replay", a day at 1 Hz takes seconds; RequestWorkers) and is
// answered when done, so other requests are served meanwhile; one at a
// time (503 "busy" with Retry-After beyond), one whose caller hangs up is
// cancelled. Its memory is bounded: the journal is read a page at a time,
// the ring copied (at most ring_size readings, sharing their data), and
// the events found at most kMaxReplayEvents (the answer then says
// "truncated" and where it stopped).

#include "agent/requestworkers.h"
#include "agent/routetable.h"
#include "agent/samplelog.h"
#include "policy/policyconfig.h"

#include <QJsonObject>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

class QFileSystemWatcher;
class QHttpServerResponder;

namespace gw {

class PolicyService;

class PolicyHolder final : public QObject, public RouteDesk
{
    Q_OBJECT
public:
    // The longest range /v1/replay accepts.
    static constexpr qint64 kMaxReplayMs = 7 * 24 * 3'600'000LL;
    // Edits of the policy file are applied once it has been quiet this long.
    static constexpr std::chrono::milliseconds kPolicyReloadDelay{250};
    // Replays running at once; more are answered 503 with Retry-After.
    static constexpr int kMaxReplays = 1;
    static constexpr int kReplayRetrySeconds = 5;
    // The events one replay's answer holds at most (some 10 MB of JSON).
    static constexpr qsizetype kMaxReplayEvents = 20'000;

    // `readings`: where /v1/replay reads a range.
    PolicyHolder(const SampleLog& readings, std::function<qint64()> now, QObject* parent = nullptr);
    ~PolicyHolder() override;

    // `service` (not owned; may be null) evaluates the readings; `policy`
    // is in force, read from `path` (empty: PUT keeps a new one in memory
    // only). Version 1 from now.
    void attach(PolicyService* service, const PolicyConfig& policy, const QString& path);
    // Reads the policy file again (the watcher, SIGHUP). False with every
    // error ("file:line:column: reason") when refused; the policy stays.
    bool reload(QStringList* errors = nullptr);

    const PolicyConfig& policy() const { return m_policy; }
    int version() const { return m_version; }
    QString path() const { return m_path; }
    QString source() const;
    PolicyService* service() const { return m_service; }
    // /v1/info's "policy": version, source, the engine's newest status.
    QJsonObject info(int openEvents) const;

    void addRoutes(RouteTable& table) override;

    // Cancels every replay and waits for them; their callers get no answer.
    // Before the journal they read goes (AgentServer::closeJournal).
    void stopReplays();

Q_SIGNALS:
    // A new policy is in force (PUT, file edit, SIGHUP).
    void changed(int version);
    // An edited policy file was refused; the previous policy stays.
    void refused(const QStringList& errors);

private:
    void apply(const PolicyConfig& policy);
    void fileTouched();
    QJsonObject document() const;
    QHttpServerResponse get(const RouteRequest& request) const;
    QHttpServerResponse put(const RouteRequest& request);
    void replay(const RouteRequest& request, QHttpServerResponder&& responder);
    // On the replay's thread: values only.
    static QHttpServerResponse replayAnswer(const PolicyConfig& policy, SampleLog::Reader& reader,
                                            qint64 from, qint64 to,
                                            const std::atomic<bool>& cancelled);

    const SampleLog& m_readings;
    std::function<qint64()> m_now;
    PolicyService* m_service = nullptr;
    PolicyConfig m_policy;
    std::optional<PolicyConfig> m_previous;
    QString m_path;
    QByteArray m_fileBytes; // the file as last applied or written
    int m_version = 1;
    qint64 m_changedMs = 0;
    std::unique_ptr<QFileSystemWatcher> m_watcher;
    QTimer m_reload;
    RequestWorkers m_replays;
};

} // namespace gw
