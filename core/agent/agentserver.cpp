#include "agent/agentserver.h"

#include "agent/agentjournal.h"
#include "agent/allocationdesk.h"
#include "agent/apiinteger.h"
#include "agent/balanceenforcer.h"
#include "agent/balanceview.h"
#include "agent/guardedserver.h"
#include "agent/historyroute.h"
#include "agent/journalwriter.h"
#include "agent/keeperlink.h"
#include "agent/metricsexport.h"
#include "agent/readingsroute.h"
#include "agent/requestguard.h"
#include "agent/tokendesk.h"
#include "model/snapshotjson.h"
#include "policy/policyengine.h"
#include "policy/policyservice.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QHttpServerResponse>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QSaveFile>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>

#include <array>

Q_LOGGING_CATEGORY(lcAgent, "gw.agent", QtInfoMsg)

namespace gw {

namespace {

// How a policy sent in a request body is named in its errors.
constexpr auto kPolicyBodyName = "policy.toml";

constexpr int kDefaultSamplesLimit = 100;
constexpr int kMaxSamplesLimit = 1000;
constexpr qsizetype kMaxTrackedClients = 1024;

using Status = QHttpServerResponse::StatusCode;

QHttpServerResponse json(const QJsonObject& o, Status status = Status::Ok)
{
    QHttpServerResponse r(QByteArrayLiteral("application/json"),
                          QJsonDocument(o).toJson(QJsonDocument::Compact), status);
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

QByteArray header(const QHttpServerRequest& request, const QByteArray& name)
{
    for (const auto& [key, value] : request.headers()) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

// One reading as /v1/samples serves it, and as the journal keeps it.
QByteArray sampleJson(const Snapshot& s, quint64 sequence)
{
    QJsonObject o = toJson(s);
    o.insert(QStringLiteral("sequence"), qint64(sequence));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// Every header our responses carry: HEAD repeats them without the body
// (Qt 6.4's response has no way to list its headers).
constexpr std::array kResponseHeaders = {"Content-Type",     "Cache-Control", "Vary",
                                         "Content-Encoding", "Allow",         "Retry-After",
                                         "WWW-Authenticate"};

// The response, or for HEAD its status and headers with the Content-Length
// the body would have had, and no body (RFC 9110 9.3.2).
void send(const QHttpServerRequest& request, const QHttpServerResponse& response,
          QHttpServerResponder&& responder)
{
    if (request.method() != QHttpServerRequest::Method::Head) {
        response.write(std::move(responder));
        return;
    }
    responder.writeStatusLine(response.statusCode());
    for (const char* name : kResponseHeaders) {
        const QByteArray key(name);
        for (const QByteArray& value : response.headers(key))
            responder.writeHeader(key, value);
    }
    responder.writeHeader(QByteArrayLiteral("Content-Length"),
                          QByteArray::number(response.data().size()));
    responder.writeBody(QByteArray());
}

using Method = QHttpServerRequest::Method;

// HEAD goes wherever GET goes (RFC 9110 9.3.2), and nowhere else.
bool methodAllowed(Method method, QHttpServerRequest::Methods allowed)
{
    return allowed.testFlag(method) || (method == Method::Head && allowed.testFlag(Method::Get));
}

QByteArray allowHeader(QHttpServerRequest::Methods allowed)
{
    QByteArrayList names;
    for (const auto& [method, name] :
         {std::pair{Method::Get, "GET, HEAD"}, std::pair{Method::Post, "POST"},
          std::pair{Method::Put, "PUT"}, std::pair{Method::Patch, "PATCH"},
          std::pair{Method::Delete, "DELETE"}}) {
        if (allowed.testFlag(method))
            names.append(name);
    }
    return names.join(", ");
}

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

} // namespace

QHttpServerResponse jsonError(int status, const QString& code, const QString& message)
{
    QHttpServerResponse r(QByteArrayLiteral("application/json"), errorDocument(code, message),
                          Status(status));
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

AgentServer::AgentServer(AgentConfig config, QObject* parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_server(std::make_unique<QHttpServer>())
    , m_now([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    qRegisterMetaType<gw::Snapshot>();
    m_clock.start();
    qRegisterMetaType<QList<gw::PolicyEvent>>();
    m_flushTimer.setInterval(kJournalFlushInterval);
    connect(&m_flushTimer, &QTimer::timeout, this, &AgentServer::flushJournal);
    m_policyChangedMs = m_now();
    m_policyReload.setSingleShot(true);
    m_policyReload.setInterval(kPolicyReloadDelay);
    connect(&m_policyReload, &QTimer::timeout, this, [this] { reloadPolicy(); });
    m_desk =
        std::make_unique<AllocationDesk>([this] { return latest(); }, [this] { return m_now(); });
    m_desk->setPolicy(m_policy);
    m_tokens = std::make_unique<TokenDesk>([this] { return m_now(); });
    m_tokens->setServerName(m_config.serverName);
    QStringList peerUrls;
    for (const TokenSource& peer : std::as_const(m_config.keeping.peers))
        peerUrls << peer.url;
    m_tokens->setPeers(peerUrls);
    if (m_config.keeping.prometheus)
        m_tokens->setPrometheus(m_config.keeping.prometheus->url);
    m_keeperLink =
        std::make_unique<KeeperLink>(m_config.keeping, m_tokens.get(), [this] { return m_now(); });
    m_keeperLink->start();
    m_enforcement = std::make_unique<BalanceEnforcer>([this] { return m_now(); });
    m_enforcement->setPolicy(m_policy);
    m_enforcement->setBalanceSource([this] { return balanceView(); });
    connect(m_desk.get(), &AllocationDesk::allocationRefused, m_enforcement.get(),
            &BalanceEnforcer::refusedAllocation);

    auto guarded = [this](Access access, auto handler,
                          QHttpServerRequest::Methods methods = Method::Get) {
        return [this, access, handler, methods](const QHttpServerRequest& request,
                                                QHttpServerResponder&& responder) {
            if (auto refused = refuse(request, access, methods))
                send(request, *refused, std::move(responder));
            else
                send(request, handler(request), std::move(responder));
        };
    };
    m_server->route(QStringLiteral("/healthz"),
                    guarded(Access::Anyone, [](const QHttpServerRequest&) {
                        return json(QJsonObject{{QStringLiteral("status"), QStringLiteral("ok")}});
                    }));
    m_server->route(QStringLiteral("/v1/info"),
                    guarded(Access::Read, [this](const QHttpServerRequest&) { return info(); }));
    m_server->route(
        QStringLiteral("/v1/snapshot"),
        guarded(Access::Read, [this](const QHttpServerRequest&) { return snapshot(); }));
    m_server->route(
        QStringLiteral("/v1/samples"),
        guarded(Access::Read, [this](const QHttpServerRequest& r) { return samples(r); }));
    m_server->route(
        QStringLiteral("/v1/processes"),
        guarded(Access::Read, [this](const QHttpServerRequest&) { return processes(); }));
    m_server->route(QStringLiteral("/metrics"),
                    guarded(Access::Read, [this](const QHttpServerRequest&) { return metrics(); }));
    m_server->route(
        QStringLiteral("/v1/events"),
        guarded(Access::Read, [this](const QHttpServerRequest& r) { return events(r); }));
    // GET: read scope; PUT changes the policy: admin.
    m_server->route(QStringLiteral("/v1/policy"), [this](const QHttpServerRequest& request,
                                                         QHttpServerResponder&& responder) {
        const bool put = request.method() == Method::Put;
        if (auto refused = refuse(request, put ? Access::Admin : Access::Read,
                                  QHttpServerRequest::Methods(Method::Get) | Method::Put))
            send(request, *refused, std::move(responder));
        else
            send(request, put ? policyPut(request) : policyGet(request), std::move(responder));
    });
    // POST replays with the policy in the body; it changes nothing: read scope.
    m_server->route(QStringLiteral("/v1/replay"),
                    guarded(
                        Access::Read, [this](const QHttpServerRequest& r) { return replay(r); },
                        QHttpServerRequest::Methods(Method::Get) | Method::Post));
    // Coordination: reading the state is read scope; asking for GPUs and
    // giving them back needs an allocate (or admin) token. A POST may be
    // held (long-poll): the desk keeps its responder.
    m_server->route(QStringLiteral("/v1/allocate"), [this](const QHttpServerRequest& request,
                                                           QHttpServerResponder&& responder) {
        const bool post = request.method() == Method::Post;
        if (auto refused = refuse(request, post ? Access::Allocate : Access::Read,
                                  QHttpServerRequest::Methods(Method::Get) | Method::Post))
            send(request, *refused, std::move(responder));
        else if (post)
            m_desk->allocate(request, std::move(responder));
        else
            send(request, m_desk->stateResponse(), std::move(responder));
    });
    m_server->route(QStringLiteral("/v1/allocate/<arg>"),
                    [this](const QString& id, const QHttpServerRequest& request,
                           QHttpServerResponder&& responder) {
                        if (auto refused = refuse(request, Access::Allocate, Method::Delete))
                            send(request, *refused, std::move(responder));
                        else
                            send(request, m_desk->release(id), std::move(responder));
                    });
    m_server->route(
        QStringLiteral("/v1/advice"),
        guarded(Access::Read, [this](const QHttpServerRequest& r) { return m_desk->advice(r); }));
    // Token books (docs/tokens.md, "On the agent"): read scope; an
    // adjustment needs admin. 404 for all while [tokens] is off.
    m_server->route(
        QStringLiteral("/v1/usage"),
        guarded(Access::Read, [this](const QHttpServerRequest& r) { return usage(r); }));
    m_server->route(QStringLiteral("/v1/balances"),
                    guarded(Access::Read, [this](const QHttpServerRequest&) {
                        if (m_keeperLink->relay())
                            return m_keeperLink->relayBalances();
                        return m_tokens->enabled() ? m_tokens->balances() : TokenDesk::notKept();
                    }));
    m_server->route(QStringLiteral("/v1/ledger"), [this](const QHttpServerRequest& request,
                                                         QHttpServerResponder&& responder) {
        const bool post = request.method() == Method::Post;
        if (auto refused = refuse(request, post ? Access::Admin : Access::Read,
                                  QHttpServerRequest::Methods(Method::Get) | Method::Post))
            send(request, *refused, std::move(responder));
        else if (!m_tokens->enabled())
            send(request, TokenDesk::notKept(), std::move(responder));
        else
            send(request,
                 post ? m_tokens->adjust(request, tokenName(request)) : m_tokens->ledger(request),
                 std::move(responder));
    });
    // Enforcement by balance (docs/tokens.md, "Enforcement"): reading the
    // candidates and the audit log is read scope; acting needs admin.
    m_server->route(QStringLiteral("/v1/enforcement"),
                    guarded(Access::Read, [this](const QHttpServerRequest&) {
                        return m_tokens->enabled() ? m_enforcement->state() : TokenDesk::notKept();
                    }));
    // A candidate's id is "user/pid/start_time_ms": three path segments.
    m_server->route(QStringLiteral("/v1/enforcement/<arg>/<arg>/<arg>"),
                    [this](const QString& user, const QString& pid, const QString& start,
                           const QHttpServerRequest& request, QHttpServerResponder&& responder) {
                        const QString id = user + QLatin1Char('/') + pid + QLatin1Char('/') + start;
                        if (auto refused = refuse(request, Access::Admin, Method::Post))
                            send(request, *refused, std::move(responder));
                        else
                            send(request, m_enforcement->decide(id, request, tokenName(request)),
                                 std::move(responder));
                    });
    m_server->route(QStringLiteral("/v1/processes/<arg>/signal"),
                    [this](const QString& pid, const QHttpServerRequest& request,
                           QHttpServerResponder&& responder) {
                        if (auto refused = refuse(request, Access::Admin, Method::Post))
                            send(request, *refused, std::move(responder));
                        else
                            send(request, m_enforcement->signal(pid, request, tokenName(request)),
                                 std::move(responder));
                    });
    m_server->route(
        QStringLiteral("/v1/audit"),
        guarded(Access::Read, [this](const QHttpServerRequest& r) { return audit(r); }));
    // The history store, reduced (docs/agent-api.md): read scope.
    if (!m_config.historyPath.isEmpty())
        m_history = std::make_unique<HistoryRoute>(m_config.historyPath, RetentionPolicy{},
                                                   [this] { return m_now(); });
    m_server->route(QStringLiteral("/v1/history"),
                    guarded(Access::Read, [this](const QHttpServerRequest& r) {
                        return m_history ? m_history->respond(r) : HistoryRoute::notKept();
                    }));
    // The record as readings, streamed (docs/agent-api.md): read scope.
    m_readings = std::make_unique<ReadingsRoute>(m_config.historyPath);
    m_server->route(QStringLiteral("/v1/readings"),
                    [this](const QHttpServerRequest& request, QHttpServerResponder&& responder) {
                        if (auto refused = refuse(request, Access::Read, Method::Get))
                            send(request, *refused, std::move(responder));
                        else
                            m_readings->respond(request, std::move(responder));
                    });
    m_server->setMissingHandler(
        [](const QHttpServerRequest& request, QHttpServerResponder&& responder) {
            send(request,
                 jsonError(404, QStringLiteral("not_found"),
                           QStringLiteral("no route %1").arg(request.url().path())),
                 std::move(responder));
        });
}

AgentServer::~AgentServer()
{
    QString ignored; // already logged
    closeJournal(&ignored);
}

void AgentServer::attachJournal(std::unique_ptr<AgentJournal> journal)
{
    m_tokens->setJournal(nullptr);
    m_journal.reset();
    if (!journal) {
        m_flushTimer.stop();
        return;
    }
    m_nextSequence = journal->lastSequence() + 1;
    m_nextEventSequence = journal->lastEventSequence() + 1;
    m_events.clear();
    closeEventsLeftOpen(*journal);
    m_journal = std::make_unique<JournalWriter>(std::move(journal));
    connect(m_journal.get(), &JournalWriter::flushed, this, &AgentServer::journalFlushed);
    m_tokens->setJournal(m_journal.get());
    m_tokens->setPolicy(m_policy);
    m_enforcement->setJournal(m_journal.get());
    m_flushTimer.start();
}

bool AgentServer::closeJournal(QString* error)
{
    if (!m_journal)
        return true;
    m_flushTimer.stop();
    const bool ok = m_journal->close(m_now(), error);
    // Readings still in the ring are served; nothing more is written.
    m_tokens->setJournal(nullptr);
    m_enforcement->setJournal(nullptr);
    m_journal.reset();
    return ok;
}

void AgentServer::setClock(std::function<qint64()> nowMs)
{
    m_now = std::move(nowMs);
}

QString AgentServer::stream() const
{
    return m_journal ? m_journal->stream() : m_instance;
}

void AgentServer::flushJournal()
{
    // Written on the journal's thread; the outcome comes back as journalFlushed().
    if (m_journal)
        m_journal->flush(m_now());
}

void AgentServer::journalFlushed(const QString& error)
{
    if (error.isEmpty())
        m_lastJournalError.clear();
    else
        journalError(error);
}

void AgentServer::journalError(const QString& message)
{
    if (message == m_lastJournalError)
        return;
    m_lastJournalError = message;
    qCWarning(lcAgent).noquote() << "journal:" << message
                                 << "- readings are still served from memory";
}

bool AgentServer::listen(QString* error)
{
    if (!m_config.tlsCertificate.isEmpty()) {
        QFile certFile(m_config.tlsCertificate);
        QFile keyFile(m_config.tlsKey);
        if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read the TLS certificate or key (%1, %2)")
                         .arg(m_config.tlsCertificate, m_config.tlsKey);
            return false;
        }
        const QSslCertificate cert(&certFile, QSsl::Pem);
        QSslKey key(&keyFile, QSsl::Rsa, QSsl::Pem);
        if (key.isNull()) {
            keyFile.seek(0);
            key = QSslKey(&keyFile, QSsl::Ec, QSsl::Pem);
        }
        if (cert.isNull() || key.isNull()) {
            *error = QStringLiteral("%1 / %2: not a PEM certificate and private key")
                         .arg(m_config.tlsCertificate, m_config.tlsKey);
            return false;
        }
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setLocalCertificate(cert);
        tls.setPrivateKey(key);
        tls.setProtocol(QSsl::SecureProtocols);
        auto* ssl = new GuardedSslServer(m_server.get(), limits());
        ssl->setSslConfiguration(tls);
        m_listener = ssl;
    } else {
        m_listener = new GuardedTcpServer(m_server.get(), limits());
    }
    m_listener->setListenBacklogSize(kListenBacklog);
    // Our own listener rather than QHttpServer::listen(): its sockets are
    // watched byte by byte (guardedserver.h). bind() makes it the server's child.
    if (!m_listener->listen(m_config.listen, m_config.port)) {
        *error = QStringLiteral("cannot listen on %1 port %2 (%3)")
                     .arg(m_config.listen.toString())
                     .arg(m_config.port)
                     .arg(m_listener->errorString());
        delete m_listener;
        m_listener = nullptr;
        return false;
    }
    m_server->bind(m_listener);
    m_port = m_listener->serverPort();
    qCInfo(lcAgent).noquote() << "listening on" << m_config.listen.toString() << "port" << m_port
                              << (m_config.tlsCertificate.isEmpty() ? "(plain HTTP)" : "(TLS)");
    return true;
}

RequestGuard::Limits AgentServer::limits() const
{
    RequestGuard::Limits l;
    l.maxBodyBytes = m_config.maxBodyBytes;
    l.maxHeadBytes = kMaxHeadBytes;
    return l;
}

void AgentServer::setBackendStatus(const QString& backend, const QString& message)
{
    m_backend = backend;
    m_backendMessage = message;
}

void AgentServer::publish(const Snapshot& snapshot)
{
    quint64 sequence = m_nextSequence;
    if (m_journal) {
        QString why;
        sequence = m_journal->take(&why);
        if (!why.isEmpty())
            journalError(why);
        m_journal->append(sequence, snapshot.timestampMs, sampleJson(snapshot, sequence));
    }
    m_nextSequence = sequence + 1;
    m_ring.push_back({sequence, snapshot});
    while (qsizetype(m_ring.size()) > m_config.ringSize)
        m_ring.pop_front();
    m_desk->published(m_ring.back().snapshot);
    m_tokens->published(m_ring.back().snapshot);
    m_enforcement->published(m_ring.back().snapshot);
}

const Snapshot* AgentServer::latest() const
{
    return m_ring.empty() ? nullptr : &m_ring.back().snapshot;
}

std::unique_ptr<QHttpServerResponse> AgentServer::refuse(const QHttpServerRequest& request,
                                                         Access access,
                                                         QHttpServerRequest::Methods methods)
{
    auto refusal = [](QHttpServerResponse r) {
        return std::make_unique<QHttpServerResponse>(std::move(r));
    };
    if (!methodAllowed(request.method(), methods)) {
        const QByteArray allow = allowHeader(methods);
        auto r = refusal(
            jsonError(405, QStringLiteral("method_not_allowed"),
                      QStringLiteral("only %1 is served here").arg(QString::fromLatin1(allow))));
        r->addHeader(QByteArrayLiteral("Allow"), allow);
        return r;
    }
    // The guard under the server refuses these while they arrive; this is
    // the last line should a request get past it.
    if (request.body().size() > m_config.maxBodyBytes)
        return refusal(jsonError(413, QStringLiteral("too_large"),
                                 QStringLiteral("request body of %1 bytes is over the limit of %2")
                                     .arg(request.body().size())
                                     .arg(m_config.maxBodyBytes)));

    // Token bucket per client address: Qt HttpServer 6.4 has no limits of its own.
    const QString client = request.remoteAddress().toString();
    const qint64 now = m_clock.elapsed();
    // A bucket idle long enough to be full again says nothing: dropped, so
    // addresses that came once (a scanner) do not pile up.
    if (m_buckets.size() > kMaxTrackedClients) {
        const qint64 refillMs = qint64(1000.0 * m_config.burst / m_config.requestsPerSecond) + 1;
        m_buckets.removeIf([&](const auto& it) { return now - it.value().lastMs > refillMs; });
    }
    auto found = m_buckets.find(client);
    if (found == m_buckets.end())
        found = m_buckets.insert(client, Bucket{double(m_config.burst), now});
    Bucket& b = *found;
    b.tokens = std::min(double(m_config.burst),
                        b.tokens + double(now - b.lastMs) * m_config.requestsPerSecond / 1000.0);
    b.lastMs = now;
    if (b.tokens < 1) {
        auto r = refusal(jsonError(429, QStringLiteral("rate_limited"),
                                   QStringLiteral("more than %1 requests per second from %2")
                                       .arg(m_config.requestsPerSecond)
                                       .arg(client)));
        r->addHeader(QByteArrayLiteral("Retry-After"), QByteArrayLiteral("1"));
        return r;
    }
    b.tokens -= 1;

    if (access == Access::Anyone)
        return nullptr;
    const QByteArray auth = header(request, QByteArrayLiteral("Authorization"));
    const QByteArray scheme = auth.left(7);
    if (auth.isEmpty() || scheme.compare("Bearer ", Qt::CaseInsensitive) != 0) {
        auto r = refusal(jsonError(401, QStringLiteral("unauthorized"),
                                   QStringLiteral("send \"Authorization: Bearer <token>\"")));
        r->addHeader(QByteArrayLiteral("WWW-Authenticate"), QByteArrayLiteral("Bearer"));
        return r;
    }
    const QByteArray presented = sha256(auth.mid(7).trimmed());
    const AgentToken* match = nullptr;
    for (const AgentToken& t : std::as_const(m_config.tokens)) {
        // Every configured hash is compared, matched or not.
        if (sameBytes(presented, t.sha256) && !match)
            match = &t;
    }
    if (!match) {
        auto r = refusal(jsonError(401, QStringLiteral("unauthorized"),
                                   QStringLiteral("the token is not known to this agent")));
        r->addHeader(QByteArrayLiteral("WWW-Authenticate"),
                     QByteArrayLiteral("Bearer error=\"invalid_token\""));
        return r;
    }
    if (access == Access::Admin && match->scope != TokenScope::Admin)
        return refusal(jsonError(403, QStringLiteral("forbidden"),
                                 QStringLiteral("token \"%1\" has the %2 scope; this needs admin")
                                     .arg(match->name, match->scope == TokenScope::Read
                                                           ? QStringLiteral("read")
                                                           : QStringLiteral("allocate"))));
    if (access == Access::Allocate && match->scope == TokenScope::Read)
        return refusal(jsonError(403, QStringLiteral("forbidden"),
                                 QStringLiteral("token \"%1\" has the read scope; this needs "
                                                "allocate or admin")
                                     .arg(match->name)));
    return nullptr;
}

QHttpServerResponse AgentServer::info() const
{
    const Snapshot* s = latest();
    QJsonArray gpus;
    if (s) {
        for (const auto& g : s->gpus)
            gpus.append(QJsonObject{{QStringLiteral("index"), g.index},
                                    {QStringLiteral("uuid"), g.uuid},
                                    {QStringLiteral("name"), g.name}});
    }
    return json(QJsonObject{
        {QStringLiteral("agent_version"), QStringLiteral(GW_VERSION)},
        {QStringLiteral("instance"), m_instance},
        {QStringLiteral("stream"), stream()},
        {QStringLiteral("journal"), m_journal != nullptr},
        {QStringLiteral("now_ms"), m_now()},
        {QStringLiteral("host"), s ? s->host.hostname : QString()},
        {QStringLiteral("backend"), m_backend},
        {QStringLiteral("backend_message"), m_backendMessage},
        {QStringLiteral("interval_ms"), m_config.intervalMs},
        {QStringLiteral("last_sequence"), qint64(m_nextSequence - 1)},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("policy"), policyInfo()},
    });
}

QHttpServerResponse AgentServer::snapshot() const
{
    const Snapshot* s = latest();
    if (!s)
        return jsonError(503, QStringLiteral("no_data"),
                         QStringLiteral("the agent has not taken a reading yet"));
    QJsonObject o = toJson(*s);
    o.insert(QStringLiteral("sequence"), qint64(m_ring.back().sequence));
    return json(o);
}

namespace {

// after= and limit= of a cursor route (/v1/samples, /v1/events); the error
// in words when either is bad.
struct CursorQuery
{
    quint64 after = 0;
    int limit = 0;
    QString error;
};

CursorQuery cursorQuery(const QHttpServerRequest& request)
{
    const QUrlQuery q = request.query();
    CursorQuery c;
    const IntegerParameter after = integerParameter(q, QStringLiteral("after"), 0, kMaxSequence);
    const IntegerParameter limit =
        integerParameter(q, QStringLiteral("limit"), 1, kMaxSamplesLimit);
    c.error = !after.error.isEmpty() ? after.error : limit.error;
    c.after = quint64(after.value.value_or(0));
    c.limit = int(limit.value.value_or(kDefaultSamplesLimit));
    return c;
}

} // namespace

// One page of a cursor route (/v1/samples, /v1/events): the records in
// `out` (serialized, spliced in as they are) after the envelope. Numbers
// after `after` that are no longer held (the ring or the journal's retention
// overtook them, or a crash lost them), before or inside this page, or after
// it when the page is not full, make it truncated: the caller learns of the
// hole instead of silently missing it. With nothing held up to the newest
// number, the cursor moves past the hole.
QByteArray AgentServer::cursorPage(const char* key, const QByteArrayList& out, quint64 after,
                                   quint64 last, bool hole, int limit, quint64 lastSequence) const
{
    const bool truncated =
        after < lastSequence && (hole || (out.size() < limit && last < lastSequence));
    if (truncated && out.size() < limit)
        last = lastSequence;
    QByteArray body =
        QJsonDocument(QJsonObject{{QStringLiteral("instance"), m_instance},
                                  {QStringLiteral("stream"), stream()},
                                  {QStringLiteral("now_ms"), m_now()},
                                  {QStringLiteral("next"), qint64(last)},
                                  {QStringLiteral("last_sequence"), qint64(lastSequence)},
                                  {QStringLiteral("truncated"), truncated}})
            .toJson(QJsonDocument::Compact);
    body.chop(1); // the closing brace
    body += ",\"";
    body += key;
    body += "\":[";
    body += out.join(',');
    body += "]}";
    return body;
}

QHttpServerResponse AgentServer::usage(const QHttpServerRequest& request) const
{
    if (!m_tokens->enabled())
        return TokenDesk::notKept();
    const CursorQuery cursor = cursorQuery(request);
    if (!cursor.error.isEmpty())
        return jsonError(400, QStringLiteral("bad_request"), cursor.error);
    // Facts are kept forever and numbered without holes.
    quint64 last = cursor.after;
    const QByteArrayList out = m_tokens->usageAfter(cursor.after, cursor.limit, &last);
    QByteArray body = cursorPage("usage", out, cursor.after, last, false, cursor.limit,
                                 m_tokens->lastUsageSequence());
    // The spans not charged, so a keeper's books state them too.
    body.chop(1);
    body += ",\"gaps\":" + m_tokens->gapsJson() + '}';
    QHttpServerResponse r(QByteArrayLiteral("application/json"), body);
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

BalanceView AgentServer::balanceView() const
{
    return m_keeperLink->relay() ? m_keeperLink->relayView() : m_tokens->balanceView();
}

QHttpServerResponse AgentServer::audit(const QHttpServerRequest& request) const
{
    const CursorQuery cursor = cursorQuery(request);
    if (!cursor.error.isEmpty())
        return jsonError(400, QStringLiteral("bad_request"), cursor.error);
    // Entries are kept forever and numbered without holes.
    quint64 last = cursor.after;
    const AuditLog& log = m_enforcement->audit();
    const QByteArrayList out = log.after(cursor.after, cursor.limit, &last);
    QHttpServerResponse r(
        QByteArrayLiteral("application/json"),
        cursorPage("audit", out, cursor.after, last, false, cursor.limit, log.lastSequence()));
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

QString AgentServer::tokenName(const QHttpServerRequest& request) const
{
    const QByteArray presented =
        sha256(header(request, QByteArrayLiteral("Authorization")).mid(7).trimmed());
    for (const AgentToken& t : std::as_const(m_config.tokens)) {
        if (sameBytes(presented, t.sha256))
            return t.name;
    }
    return {};
}

QHttpServerResponse AgentServer::samples(const QHttpServerRequest& request) const
{
    const CursorQuery cursor = cursorQuery(request);
    if (!cursor.error.isEmpty())
        return jsonError(400, QStringLiteral("bad_request"), cursor.error);
    const quint64 after = cursor.after;
    const int limit = cursor.limit;
    // Older than the ring: from the journal; then the ring. Readings are
    // spliced in as serialized, not parsed again.
    QByteArrayList out;
    quint64 last = after;
    bool hole = false;
    auto take = [&](quint64 sequence, QByteArray json) {
        hole = hole || sequence != last + 1;
        last = sequence;
        out.append(std::move(json));
    };
    const quint64 ringOldest = m_ring.empty() ? m_nextSequence : m_ring.front().sequence;
    if (m_journal && after + 1 < ringOldest) {
        QString why;
        for (auto& e : m_journal->read(after, ringOldest, limit, &why))
            take(e.sequence, std::move(e.json));
        if (!why.isEmpty())
            qCWarning(lcAgent).noquote() << "journal:" << why;
    }
    for (const Numbered& n : m_ring) {
        if (out.size() >= limit)
            break;
        if (n.sequence > last)
            take(n.sequence, sampleJson(n.snapshot, n.sequence));
    }
    QByteArray body = cursorPage("samples", out, after, last, hole, limit, m_nextSequence - 1);
    // Readings are repetitive JSON: deflated they are about a tenth (a
    // backfill page of 1000 readings: 2.8 MB → 0.3 MB). Qt's network access
    // manager asks for it and inflates by itself.
    bool deflate = false;
    if (body.size() >= kDeflateFromBytes) {
        // "gzip, deflate", "deflate;q=0.5"; q=0 refuses it.
        for (const QByteArray& item :
             header(request, QByteArrayLiteral("Accept-Encoding")).toLower().split(',')) {
            const QList<QByteArray> parts = item.split(';');
            double q = 1;
            if (parts.size() > 1 && parts[1].trimmed().startsWith("q="))
                q = parts[1].trimmed().mid(2).toDouble();
            if (parts.first().trimmed() == "deflate")
                deflate = q > 0;
        }
    }
    if (deflate)
        body = qCompress(body, 1).mid(4); // the zlib stream HTTP's "deflate" means
    QHttpServerResponse r(QByteArrayLiteral("application/json"), body);
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    r.addHeader(QByteArrayLiteral("Vary"), QByteArrayLiteral("Accept-Encoding"));
    if (deflate)
        r.addHeader(QByteArrayLiteral("Content-Encoding"), QByteArrayLiteral("deflate"));
    return r;
}

QHttpServerResponse AgentServer::processes() const
{
    const Snapshot* s = latest();
    if (!s)
        return jsonError(503, QStringLiteral("no_data"),
                         QStringLiteral("the agent has not taken a reading yet"));
    const QJsonObject full = toJson(*s);
    return json(QJsonObject{{QStringLiteral("timestamp_ms"), full[QStringLiteral("timestamp_ms")]},
                            {QStringLiteral("processes"), full[QStringLiteral("processes")]}});
}

QHttpServerResponse AgentServer::metrics() const
{
    const Snapshot* s = latest();
    PolicyMetrics pm;
    if (m_policyService) {
        for (const PolicyStatus& st : m_policyService->statuses()) {
            if (!pm.status || st.atMs > pm.status->atMs)
                pm.status = st;
        }
    }
    for (const PolicyEventKind kind :
         {PolicyEventKind::Hog, PolicyEventKind::Idle, PolicyEventKind::FairShare}) {
        const QString name = policyEventKindName(kind);
        pm.openEvents[name] = 0;
        pm.eventsTotal[name] = m_eventsTotal.value(name);
    }
    for (const PolicyEventKind kind : m_openEvents)
        ++pm.openEvents[policyEventKindName(kind)];
    QByteArray text = s ? prometheusText(*s, m_config.metricLabels) : QByteArray();
    text += policyPrometheusText(pm);
    text += allocationPrometheusText({m_desk->state(), m_desk->requestsTotal()});
    if (m_tokens->enabled()) {
        text += tokenBalancePrometheusText(m_tokens->books().balances);
        text += enforcementPrometheusText(m_enforcement->actionsTotal());
        // For a keeper that reads the fleet through Prometheus: this
        // agent's own facts only, never its peers'.
        text += tokenUsagePrometheusText(usageCounters(m_tokens->facts()), m_tokens->serverName(),
                                         m_tokens->closedThroughMs());
    }
    return QHttpServerResponse(QByteArrayLiteral("text/plain; version=0.0.4; charset=utf-8"), text);
}

// ---- policy events ----

void AgentServer::closeEventsLeftOpen(AgentJournal& journal)
{
    // The engine starts fresh: whatever the previous run left open is over
    // as of its last stored reading.
    QString why;
    const QList<AgentJournal::Entry> latest = journal.latestEventRecords(&why);
    if (!why.isEmpty())
        qCWarning(lcAgent).noquote() << "journal:" << why;
    const std::optional<qint64> lastReading = journal.lastReadingMs();
    int closed = 0;
    for (const AgentJournal::Entry& entry : latest) {
        QString error;
        std::optional<PolicyEvent> event =
            policyEventFromJson(QJsonDocument::fromJson(entry.json).object(), &error);
        if (!event) {
            qCWarning(lcAgent).noquote()
                << "journal: event record" << entry.sequence << "is unreadable:" << error;
            continue;
        }
        if (!event->isOpen())
            continue;
        event->endMs = std::max(lastReading.value_or(event->detectedMs), event->startMs);
        event->endReason = QStringLiteral("agent restarted");
        const quint64 sequence = m_nextEventSequence++;
        QByteArray json = QJsonDocument(toJson(*event)).toJson(QJsonDocument::Compact);
        journal.appendEvent(sequence, m_now(), event->id, json);
        m_events.push_back({sequence, std::move(json)});
        ++closed;
    }
    if (closed > 0)
        qCInfo(lcAgent).noquote() << "policy:" << closed
                                  << "event(s) left open by the previous run closed (agent "
                                     "restarted)";
}

void AgentServer::storeEvent(const PolicyEvent& event, qint64 atMs)
{
    const quint64 sequence = m_nextEventSequence++;
    QByteArray json = QJsonDocument(toJson(event)).toJson(QJsonDocument::Compact);
    if (m_journal)
        m_journal->appendEvent(sequence, atMs, event.id, json);
    m_events.push_back({sequence, std::move(json)});
    while (qsizetype(m_events.size()) > kMemoryEventLimit)
        m_events.pop_front();
}

void AgentServer::recordEvents(const QList<PolicyEvent>& events)
{
    const qint64 now = m_now();
    for (const PolicyEvent& e : events) {
        if (!m_openEvents.contains(e.id))
            ++m_eventsTotal[policyEventKindName(e.kind)];
        if (e.isOpen())
            m_openEvents.insert(e.id, e.kind);
        else
            m_openEvents.remove(e.id);
        storeEvent(e, now);
    }
}

QHttpServerResponse AgentServer::events(const QHttpServerRequest& request) const
{
    // The cursor protocol of samples(), over the event log.
    const CursorQuery cursor = cursorQuery(request);
    if (!cursor.error.isEmpty())
        return jsonError(400, QStringLiteral("bad_request"), cursor.error);
    const quint64 after = cursor.after;
    const int limit = cursor.limit;
    QByteArrayList out;
    quint64 last = after;
    bool hole = false;
    auto take = [&](quint64 sequence, const QByteArray& event) {
        hole = hole || sequence != last + 1;
        last = sequence;
        out.append("{\"sequence\":" + QByteArray::number(sequence) + ",\"event\":" + event + '}');
    };
    const quint64 ringOldest = m_events.empty() ? m_nextEventSequence : m_events.front().sequence;
    if (m_journal && after + 1 < ringOldest) {
        QString why;
        for (const auto& e : m_journal->readEvents(after, ringOldest, limit, &why))
            take(e.sequence, e.json);
        if (!why.isEmpty())
            qCWarning(lcAgent).noquote() << "journal:" << why;
    }
    for (const EventRecord& e : m_events) {
        if (out.size() >= limit)
            break;
        if (e.sequence > last)
            take(e.sequence, e.json);
    }
    const QByteArray body =
        cursorPage("events", out, after, last, hole, limit, m_nextEventSequence - 1);
    QHttpServerResponse r(QByteArrayLiteral("application/json"), body);
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

// ---- the policy in force ----

void AgentServer::attachPolicy(PolicyService* service, const PolicyConfig& policy,
                               const QString& path)
{
    m_policyService = service;
    m_policy = policy;
    m_desk->setPolicyService(service);
    m_desk->setPolicy(policy);
    m_tokens->setPolicy(policy);
    m_enforcement->setPolicy(policy);
    m_previousPolicy.reset();
    m_policyPath = path;
    m_policyVersion = 1;
    m_policyChangedMs = m_now();
    m_policyWatcher.reset();
    m_policyFileBytes.clear();
    if (path.isEmpty())
        return;
    QFile f(path);
    if (f.open(QIODevice::ReadOnly))
        m_policyFileBytes = f.readAll();
    // The file and its folder: an editor that saves by writing a new file
    // and renaming it over the old one leaves the watcher watching nothing;
    // the folder's change brings the path back.
    m_policyWatcher = std::make_unique<QFileSystemWatcher>();
    m_policyWatcher->addPath(path);
    m_policyWatcher->addPath(QFileInfo(path).absolutePath());
    connect(m_policyWatcher.get(), &QFileSystemWatcher::fileChanged, this,
            &AgentServer::policyFileTouched);
    connect(m_policyWatcher.get(), &QFileSystemWatcher::directoryChanged, this,
            &AgentServer::policyFileTouched);
}

QString AgentServer::policySource() const
{
    return m_policyPath.isEmpty() ? QStringLiteral("built-in defaults") : m_policyPath;
}

void AgentServer::policyFileTouched()
{
    if (!m_policyWatcher)
        return;
    if (!m_policyWatcher->files().contains(m_policyPath) && QFileInfo::exists(m_policyPath))
        m_policyWatcher->addPath(m_policyPath);
    // Several writes make one edit (truncate, then write): read it once quiet.
    m_policyReload.start();
}

bool AgentServer::reloadPolicy(QStringList* errors)
{
    if (m_policyPath.isEmpty())
        return true;
    QFile f(m_policyPath);
    PolicyParseResult parsed;
    QByteArray bytes;
    if (!f.open(QIODevice::ReadOnly)) {
        parsed.errors << tr("%1: cannot read the policy: %2").arg(m_policyPath, f.errorString());
    } else {
        bytes = f.readAll();
        if (bytes == m_policyFileBytes)
            return true; // our own write, or a touch
        parsed = parsePolicy(bytes, m_policyPath);
    }
    if (!parsed.config) {
        for (const QString& e : std::as_const(parsed.errors))
            qCWarning(lcAgent).noquote() << "policy:" << e;
        qCWarning(lcAgent).noquote()
            << "policy:" << m_policyPath
            << tr("refused; the policy in force (version %1) stays").arg(m_policyVersion);
        if (errors)
            *errors = parsed.errors;
        Q_EMIT policyRefused(parsed.errors);
        return false;
    }
    for (const QString& w : std::as_const(parsed.warnings))
        qCWarning(lcAgent).noquote() << "policy:" << w;
    m_policyFileBytes = bytes;
    if (*parsed.config != m_policy) {
        applyPolicy(*parsed.config);
        qCInfo(lcAgent).noquote() << "policy:" << m_policyPath << "applied, version"
                                  << m_policyVersion;
    }
    return true;
}

void AgentServer::applyPolicy(const PolicyConfig& policy)
{
    m_previousPolicy = m_policy;
    m_policy = policy;
    m_desk->setPolicy(policy);
    m_tokens->setPolicy(policy);
    m_enforcement->setPolicy(policy);
    ++m_policyVersion;
    m_policyChangedMs = m_now();
    if (m_policyService)
        m_policyService->setPolicy(policy);
    Q_EMIT policyChanged(m_policyVersion);
}

QJsonObject AgentServer::policyDocument() const
{
    return QJsonObject{
        {QStringLiteral("policy"), policyToJson(m_policy)},
        {QStringLiteral("source"), policySource()},
        {QStringLiteral("version"), m_policyVersion},
        {QStringLiteral("changed_ms"), m_policyChangedMs},
        {QStringLiteral("previous"),
         m_previousPolicy ? QJsonValue(policyToJson(*m_previousPolicy)) : QJsonValue()},
    };
}

namespace {

QHttpServerResponse invalidPolicy(const QStringList& errors)
{
    QJsonObject o =
        QJsonDocument::fromJson(errorDocument(QStringLiteral("invalid_policy"),
                                              AgentServer::tr("the policy has %n error(s); nothing "
                                                              "was changed",
                                                              nullptr, int(errors.size()))))
            .object();
    QJsonObject e = o.value(QStringLiteral("error")).toObject();
    e.insert(QStringLiteral("errors"), QJsonArray::fromStringList(errors));
    o.insert(QStringLiteral("error"), e);
    return json(o, Status(422));
}

} // namespace

// The policy in force. An admin also gets the text it came from (the file,
// or the last PUT): the JSON hides the webhook URL's path, so an editor that
// saves what it was given must start from the text, not the JSON.
QHttpServerResponse AgentServer::policyGet(const QHttpServerRequest& request) const
{
    QJsonObject o = policyDocument();
    const QByteArray auth = request.value(QByteArrayLiteral("Authorization"));
    if (auth.startsWith("Bearer ")) {
        const QByteArray presented = sha256(auth.mid(7).trimmed());
        for (const AgentToken& t : std::as_const(m_config.tokens))
            if (t.scope == TokenScope::Admin && sameBytes(presented, t.sha256) &&
                !m_policyFileBytes.isEmpty())
                o.insert(QStringLiteral("text"), QString::fromUtf8(m_policyFileBytes));
    }
    return json(o);
}

QHttpServerResponse AgentServer::policyPut(const QHttpServerRequest& request)
{
    const QByteArray body = request.body();
    if (body.trimmed().isEmpty())
        return jsonError(400, QStringLiteral("bad_request"),
                         tr("send the policy (policy.toml text) as the request body"));
    const PolicyParseResult parsed = parsePolicy(body, QString::fromLatin1(kPolicyBodyName));
    if (!parsed.config)
        return invalidPolicy(parsed.errors);
    bool persisted = false;
    if (!m_policyPath.isEmpty()) {
        // The previous file is kept beside it; the new one replaces it at once.
        const QString previous = m_policyPath + QStringLiteral(".previous");
        if (QFileInfo::exists(m_policyPath)) {
            QFile::remove(previous);
            if (!QFile::copy(m_policyPath, previous))
                qCWarning(lcAgent).noquote()
                    << "policy:" << tr("cannot keep the previous policy as %1").arg(previous);
        }
        QSaveFile f(m_policyPath);
        if (!f.open(QIODevice::WriteOnly) || f.write(body) != body.size() || !f.commit())
            return jsonError(500, QStringLiteral("write_failed"),
                             tr("cannot write %1 (%2); the policy in force stays")
                                 .arg(m_policyPath, f.errorString()));
        m_policyFileBytes = body;
        persisted = true;
        if (m_policyWatcher && !m_policyWatcher->files().contains(m_policyPath))
            m_policyWatcher->addPath(m_policyPath);
    }
    m_policyFileBytes = body; // the text in force, for GET with an admin token
    if (*parsed.config != m_policy)
        applyPolicy(*parsed.config);
    qCInfo(lcAgent).noquote() << "policy: set through the API, version" << m_policyVersion
                              << (persisted ? QString(QStringLiteral("written to ") + m_policyPath)
                                            : QStringLiteral("(in memory only)"));
    QJsonObject o = policyDocument();
    o.insert(QStringLiteral("persisted"), persisted);
    if (!persisted)
        o.insert(QStringLiteral("message"),
                 tr("the agent has no policy file configured ([policy] path): the policy is "
                    "in force until the agent restarts"));
    if (!parsed.warnings.isEmpty())
        o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(parsed.warnings));
    return json(o);
}

QJsonObject AgentServer::policyInfo() const
{
    QJsonObject o{{QStringLiteral("version"), m_policyVersion},
                  {QStringLiteral("source"), policySource()},
                  {QStringLiteral("open_events"), int(m_openEvents.size())}};
    std::optional<PolicyStatus> status;
    if (m_policyService) {
        for (const PolicyStatus& st : m_policyService->statuses()) {
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
    QJsonObject users;
    for (const PolicyStatus::User& u : status->users)
        users.insert(u.user, QJsonObject{{QStringLiteral("quota_percent"), u.quotaPercent},
                                         {QStringLiteral("allowed_percent"), u.allowedPercent},
                                         {QStringLiteral("share_percent"), u.sharePercent}});
    o.insert(QStringLiteral("users"), users);
    return o;
}

// ---- replay ----

QHttpServerResponse AgentServer::replay(const QHttpServerRequest& request) const
{
    const QUrlQuery q = request.query();
    const IntegerParameter fromParam = integerParameter(q, QStringLiteral("from"), 0, kMaxSequence);
    if (!fromParam.error.isEmpty())
        return jsonError(400, QStringLiteral("bad_request"), fromParam.error);
    const IntegerParameter toParam = integerParameter(q, QStringLiteral("to"), 0, kMaxSequence);
    if (!toParam.error.isEmpty())
        return jsonError(400, QStringLiteral("bad_request"), toParam.error);
    if (!fromParam.value || !toParam.value)
        return jsonError(400, QStringLiteral("bad_request"),
                         tr("\"from\" and \"to\" are required (ms since the epoch)"));
    const qint64 from = *fromParam.value;
    const qint64 to = *toParam.value;
    if (to <= from)
        return jsonError(400, QStringLiteral("bad_request"), tr("\"to\" must be after \"from\""));
    if (to - from > kMaxReplayMs)
        return jsonError(400, QStringLiteral("bad_request"),
                         tr("the range is longer than %n day(s)", nullptr,
                            int(kMaxReplayMs / (24 * 3'600'000LL))));
    PolicyConfig policy = m_policy;
    if (request.method() == Method::Post) {
        const PolicyParseResult parsed =
            parsePolicy(request.body(), QString::fromLatin1(kPolicyBodyName));
        if (!parsed.config)
            return invalidPolicy(parsed.errors);
        policy = *parsed.config;
    }

    // Inline on the HTTP thread: a day at 1 Hz is about 86,400 readings to
    // parse and evaluate; other requests wait meanwhile (docs/agent-api.md).
    std::function<std::optional<Snapshot>(QString*)> next;
    QList<AgentJournal::Entry> page;
    qsizetype at = 0;
    quint64 cursor = 0;
    bool done = false;
    auto inRange = [&](const Snapshot& s) {
        return s.timestampMs >= from;
    };
    if (m_journal) {
        cursor = m_journal->sequenceBefore(from);
        next = [&](QString* error) -> std::optional<Snapshot> {
            while (!done) {
                if (at >= page.size()) {
                    QString why;
                    page = m_journal->read(cursor, quint64(kMaxSequence), kMaxSamplesLimit, &why);
                    at = 0;
                    if (!why.isEmpty()) {
                        *error = why;
                        return std::nullopt;
                    }
                    if (page.isEmpty())
                        return std::nullopt;
                    cursor = page.last().sequence;
                }
                const AgentJournal::Entry& e = page[at++];
                QString why;
                std::optional<Snapshot> s = snapshotFromJsonBytes(e.json, &why);
                if (!s) {
                    *error = tr("reading %1: %2").arg(e.sequence).arg(why);
                    return std::nullopt;
                }
                if (s->timestampMs >= to) {
                    done = true;
                    return std::nullopt;
                }
                if (inRange(*s))
                    return s;
            }
            return std::nullopt;
        };
    } else {
        auto it = m_ring.begin();
        next = [&, it](QString*) mutable -> std::optional<Snapshot> {
            for (; it != m_ring.end(); ++it) {
                if (it->snapshot.timestampMs >= to)
                    return std::nullopt;
                if (inRange(it->snapshot))
                    return (it++)->snapshot;
            }
            return std::nullopt;
        };
    }
    const ReplayResult result = replayReadings(policy, PolicyEngine::Options{}, next);
    if (!result.error.isEmpty())
        return jsonError(500, QStringLiteral("replay_failed"), result.error);
    QJsonArray events;
    for (const PolicyEvent& e : result.events)
        events.append(toJson(e));
    return json(QJsonObject{{QStringLiteral("from"), from},
                            {QStringLiteral("to"), to},
                            {QStringLiteral("readings"), qint64(result.readings)},
                            {QStringLiteral("refused"), qint64(result.refused)},
                            {QStringLiteral("events"), events}});
}

} // namespace gw
