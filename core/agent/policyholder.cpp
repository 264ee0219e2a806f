#include "agent/policyholder.h"

#include "agent/apiinteger.h"
#include "agent/apireply.h"
#include "agent/requestguard.h"
#include "policy/policyengine.h"
#include "policy/policyservice.h"
#include "policy/policystatusjson.h"
#include "util/jobtracker.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QPointer>
#include <QSaveFile>
#include <QTcpSocket>
#include <QTimer>
#include <QUrlQuery>

Q_LOGGING_CATEGORY(lcPolicyHolder, "gw.agent", QtInfoMsg)

namespace gw {

namespace {

// How a policy sent in a request body is named in its errors.
constexpr auto kPolicyBodyName = "policy.toml";

// The messages keep the context they were translated under.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::AgentServer)
};

QHttpServerResponse invalidPolicy(const QStringList& errors)
{
    QJsonObject o =
        QJsonDocument::fromJson(
            errorDocument(QStringLiteral("invalid_policy"),
                          QCoreApplication::translate("gw::AgentServer",
                                                      "the policy has %n error(s); nothing "
                                                      "was changed",
                                                      nullptr, int(errors.size()))))
            .object();
    QJsonObject e = o.value(QStringLiteral("error")).toObject();
    e.insert(QStringLiteral("errors"), QJsonArray::fromStringList(errors));
    o.insert(QStringLiteral("error"), e);
    return jsonReply(o, QHttpServerResponse::StatusCode(422));
}

} // namespace

PolicyHolder::PolicyHolder(const SampleLog& readings, std::function<qint64()> now, QObject* parent)
    : QObject(parent)
    , m_readings(readings)
    , m_now(std::move(now))
    , m_replays(QStringLiteral("gw-policy-replay"), kMaxReplays, 0, kReplayRetrySeconds,
                Tr::tr("a replay is running, the one this agent runs at a time; ask again "
                       "in %n s",
                       nullptr, kReplayRetrySeconds))
{
    m_changedMs = m_now();
    m_reload.setSingleShot(true);
    m_reload.setInterval(kPolicyReloadDelay);
    connect(&m_reload, &QTimer::timeout, this, [this] { reload(); });
}

PolicyHolder::~PolicyHolder()
{
    stopReplays();
}

void PolicyHolder::attach(PolicyService* service, const PolicyConfig& policy, const QString& path)
{
    m_service = service;
    m_policy = policy;
    m_previous.reset();
    m_path = path;
    m_version = 1;
    m_changedMs = m_now();
    m_watcher.reset();
    m_fileBytes.clear();
    if (path.isEmpty())
        return;
    QFile f(path);
    if (f.open(QIODevice::ReadOnly))
        m_fileBytes = f.readAll();
    // The file and its folder: an editor that saves by writing a new file
    // and renaming it over the old one leaves the watcher watching nothing;
    // the folder's change brings the path back.
    m_watcher = std::make_unique<QFileSystemWatcher>();
    m_watcher->addPath(path);
    m_watcher->addPath(QFileInfo(path).absolutePath());
    connect(m_watcher.get(), &QFileSystemWatcher::fileChanged, this, &PolicyHolder::fileTouched);
    connect(m_watcher.get(), &QFileSystemWatcher::directoryChanged, this,
            &PolicyHolder::fileTouched);
}

QString PolicyHolder::source() const
{
    return m_path.isEmpty() ? QStringLiteral("built-in defaults") : m_path;
}

void PolicyHolder::fileTouched()
{
    if (!m_watcher)
        return;
    if (!m_watcher->files().contains(m_path) && QFileInfo::exists(m_path))
        m_watcher->addPath(m_path);
    // Several writes make one edit (truncate, then write): read it once quiet.
    m_reload.start();
}

bool PolicyHolder::reload(QStringList* errors)
{
    if (m_path.isEmpty())
        return true;
    QFile f(m_path);
    PolicyParseResult parsed;
    QByteArray bytes;
    if (!f.open(QIODevice::ReadOnly)) {
        parsed.errors << Tr::tr("%1: cannot read the policy: %2").arg(m_path, f.errorString());
    } else {
        bytes = f.readAll();
        if (bytes == m_fileBytes)
            return true; // our own write, or a touch
        parsed = parsePolicy(bytes, m_path);
    }
    if (!parsed.config) {
        for (const QString& e : std::as_const(parsed.errors))
            qCWarning(lcPolicyHolder).noquote() << "policy:" << e;
        qCWarning(lcPolicyHolder).noquote()
            << "policy:" << m_path
            << Tr::tr("refused; the policy in force (version %1) stays").arg(m_version);
        if (errors)
            *errors = parsed.errors;
        Q_EMIT refused(parsed.errors);
        return false;
    }
    for (const QString& w : std::as_const(parsed.warnings))
        qCWarning(lcPolicyHolder).noquote() << "policy:" << w;
    m_fileBytes = bytes;
    if (*parsed.config != m_policy) {
        apply(*parsed.config);
        qCInfo(lcPolicyHolder).noquote() << "policy:" << m_path << "applied, version" << m_version;
    }
    return true;
}

void PolicyHolder::apply(const PolicyConfig& policy)
{
    m_previous = m_policy;
    m_policy = policy;
    ++m_version;
    m_changedMs = m_now();
    if (m_service)
        m_service->setPolicy(policy);
    Q_EMIT changed(m_version);
}

QJsonObject PolicyHolder::document() const
{
    return QJsonObject{
        {QStringLiteral("policy"), policyToJson(m_policy)},
        {QStringLiteral("source"), source()},
        {QStringLiteral("version"), m_version},
        {QStringLiteral("changed_ms"), m_changedMs},
        {QStringLiteral("previous"),
         m_previous ? QJsonValue(policyToJson(*m_previous)) : QJsonValue()},
    };
}

void PolicyHolder::addRoutes(RouteTable& table)
{
    using Method = QHttpServerRequest::Method;
    // GET: read scope; PUT changes the policy: admin.
    table.add(QStringLiteral("/v1/policy"), Method::Get, Scope::Read,
              [this](const RouteRequest& r) { return get(r); });
    table.add(QStringLiteral("/v1/policy"), Method::Put, Scope::Admin,
              [this](const RouteRequest& r) { return put(r); });
    // POST replays with the policy in the body; it changes nothing: read
    // scope. Answered when the replay, on its own thread, is done.
    table.addAnswering(QStringLiteral("/v1/replay"),
                       QHttpServerRequest::Methods(Method::Get) | Method::Post, Scope::Read,
                       [this](const RouteRequest& r, QHttpServerResponder&& responder) {
                           replay(r, std::move(responder));
                       });
}

// The policy in force. An admin also gets the text it came from (the file,
// or the last PUT): the JSON hides the webhook URL's path, so an editor that
// saves what it was given must start from the text, not the JSON.
QHttpServerResponse PolicyHolder::get(const RouteRequest& request) const
{
    QJsonObject o = document();
    if (request.token && request.token->scope == TokenScope::Admin && !m_fileBytes.isEmpty())
        o.insert(QStringLiteral("text"), QString::fromUtf8(m_fileBytes));
    return jsonReply(o);
}

QHttpServerResponse PolicyHolder::put(const RouteRequest& request)
{
    const QByteArray body = request.http.body();
    if (body.trimmed().isEmpty())
        return jsonError(400, QStringLiteral("bad_request"),
                         Tr::tr("send the policy (policy.toml text) as the request body"));
    const PolicyParseResult parsed = parsePolicy(body, QString::fromLatin1(kPolicyBodyName));
    if (!parsed.config)
        return invalidPolicy(parsed.errors);
    bool persisted = false;
    if (!m_path.isEmpty()) {
        // The previous file is kept beside it; the new one replaces it at once.
        const QString previous = m_path + QStringLiteral(".previous");
        if (QFileInfo::exists(m_path)) {
            QFile::remove(previous);
            if (!QFile::copy(m_path, previous))
                qCWarning(lcPolicyHolder).noquote()
                    << "policy:" << Tr::tr("cannot keep the previous policy as %1").arg(previous);
        }
        QSaveFile f(m_path);
        if (!f.open(QIODevice::WriteOnly) || f.write(body) != body.size() || !f.commit())
            return jsonError(500, QStringLiteral("write_failed"),
                             Tr::tr("cannot write %1 (%2); the policy in force stays")
                                 .arg(m_path, f.errorString()));
        persisted = true;
        if (m_watcher && !m_watcher->files().contains(m_path))
            m_watcher->addPath(m_path);
    }
    m_fileBytes = body; // the text in force, for GET with an admin token
    if (*parsed.config != m_policy)
        apply(*parsed.config);
    qCInfo(lcPolicyHolder).noquote() << "policy: set through the API, version" << m_version
                                     << (persisted ? QString(QStringLiteral("written to ") + m_path)
                                                   : QStringLiteral("(in memory only)"));
    QJsonObject o = document();
    o.insert(QStringLiteral("persisted"), persisted);
    if (!persisted)
        o.insert(QStringLiteral("message"),
                 Tr::tr("the agent has no policy file configured ([policy] path): the policy is "
                        "in force until the agent restarts"));
    if (!parsed.warnings.isEmpty())
        o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(parsed.warnings));
    return jsonReply(o);
}

QJsonObject PolicyHolder::info(int openEvents) const
{
    QJsonObject o{{QStringLiteral("version"), m_version},
                  {QStringLiteral("source"), source()},
                  {QStringLiteral("open_events"), openEvents}};
    std::optional<PolicyStatus> status;
    if (m_service) {
        for (const PolicyStatus& st : m_service->statuses()) {
            if (!status || st.atMs > status->atMs)
                status = st;
        }
    }
    if (!status)
        return o;
    o.insert(QStringLiteral("load_percent"), status->loadPercent);
    o.insert(QStringLiteral("load_band"), status->loadBand);
    o.insert(QStringLiteral("band_multiplier"), status->bandMultiplier);
    o.insert(QStringLiteral("defensive"), status->defensive);
    o.insert(QStringLiteral("hog_fraction"), status->hogFraction);
    o.insert(QStringLiteral("open_events"), status->openEvents);
    const QJsonObject shares = policyStatusSharesJson(*status);
    for (auto it = shares.begin(); it != shares.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

void PolicyHolder::replay(const RouteRequest& request, QHttpServerResponder&& responder)
{
    const bool head = request.http.method() == QHttpServerRequest::Method::Head;
    auto answer = [&](const QHttpServerResponse& r) {
        sendResponse(head, r, std::move(responder));
    };
    auto bad = [&](const QString& message) {
        answer(jsonError(400, QStringLiteral("bad_request"), message));
    };
    const QUrlQuery q = request.http.query();
    const IntegerParameter fromParam = integerParameter(q, QStringLiteral("from"), 0, kMaxSequence);
    if (!fromParam.error.isEmpty())
        return bad(fromParam.error);
    const IntegerParameter toParam = integerParameter(q, QStringLiteral("to"), 0, kMaxSequence);
    if (!toParam.error.isEmpty())
        return bad(toParam.error);
    if (!fromParam.value || !toParam.value)
        return bad(Tr::tr("\"from\" and \"to\" are required (ms since the epoch)"));
    const qint64 from = *fromParam.value;
    const qint64 to = *toParam.value;
    if (to <= from)
        return bad(Tr::tr("\"to\" must be after \"from\""));
    if (to - from > kMaxReplayMs)
        return bad(Tr::tr("the range is longer than %n day(s)", nullptr,
                          int(kMaxReplayMs / (24 * 3'600'000LL))));
    PolicyConfig policy = m_policy;
    if (request.http.method() == QHttpServerRequest::Method::Post) {
        const PolicyParseResult parsed =
            parsePolicy(request.http.body(), QString::fromLatin1(kPolicyBodyName));
        if (!parsed.config)
            return answer(invalidPolicy(parsed.errors));
        policy = *parsed.config;
    }
    if (m_replays.full())
        return m_replays.refuse(head, std::move(responder));
    // The journal's reader reads on the journal's thread and may run on the
    // replay's; the ring is copied here: at most ring_size readings (the
    // copies share their data with the ring), which is what the agent holds.
    SampleLog::Reader reader = m_readings.readRange(from, to);
    if (!m_readings.journaled()) {
        QList<Snapshot> copied;
        QString ignored; // the ring cannot fail
        while (std::optional<Snapshot> s = reader(&ignored))
            copied.append(std::move(*s));
        reader = [copied = std::move(copied),
                  at = qsizetype(0)](QString*) mutable -> std::optional<Snapshot> {
            if (at >= copied.size())
                return std::nullopt;
            return copied[at++];
        };
    }
    m_replays.run(
        head, std::move(responder),
        [policy, reader = std::move(reader), from, to](const std::atomic<bool>& cancelled) mutable {
            return replayAnswer(policy, reader, from, to, cancelled);
        });
}

QHttpServerResponse PolicyHolder::replayAnswer(const PolicyConfig& policy,
                                               SampleLog::Reader& reader, qint64 from, qint64 to,
                                               const std::atomic<bool>& cancelled)
{
    const ReplayResult result = replayReadingsUpTo(
        policy, PolicyEngine::Options{},
        [&](QString* error) -> std::optional<Snapshot> {
            if (cancelled) {
                *error = QStringLiteral("cancelled");
                return std::nullopt;
            }
            return reader(error);
        },
        kMaxReplayEvents);
    if (!result.error.isEmpty())
        return jsonError(500, QStringLiteral("replay_failed"), result.error);
    QJsonArray events;
    for (const PolicyEvent& e : result.events)
        events.append(toJson(e));
    QJsonObject o{{QStringLiteral("from"), from},
                  {QStringLiteral("to"), to},
                  {QStringLiteral("readings"), qint64(result.readings)},
                  {QStringLiteral("refused"), qint64(result.refused)},
                  {QStringLiteral("events"), events}};
    if (result.stoppedAtMs >= 0) {
        // Cut short, and said so: the events up to that reading are whole.
        o.insert(QStringLiteral("truncated"), true);
        o.insert(QStringLiteral("stopped_at_ms"), result.stoppedAtMs);
        o.insert(QStringLiteral("message"),
                 Tr::tr("the replay found %1 events, the most one answer holds, and stopped "
                        "after the reading at %2 ms; replay from there for the rest")
                     .arg(result.events.size())
                     .arg(result.stoppedAtMs));
    }
    return jsonReply(o);
}

void PolicyHolder::stopReplays()
{
    m_replays.stop();
}

} // namespace gw
