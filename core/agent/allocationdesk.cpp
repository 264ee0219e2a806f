#include "agent/allocationdesk.h"

#include "agent/agenthealth.h"

#include "agent/apiinteger.h"
#include "agent/apireply.h"
#include "agent/requestguard.h"
#include "coord/advice.h"
#include "model/snapshot.h"
#include "policy/accounts.h"
#include "policy/policyservice.h"
#include "policy/unixgroups.h"

#include <QDateTime>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTcpSocket>
#include <QUrlQuery>

#include <algorithm>
#include <limits>

Q_LOGGING_CATEGORY(lcAllocate, "gw.agent.allocate", QtInfoMsg)

namespace gw {

namespace {

constexpr auto kGranted = "granted";
constexpr auto kRefused = "refused";
constexpr auto kTimeout = "timeout";
constexpr auto kBusy = "busy";

// The highest backoff attempt /v1/advice takes: 30 s × 2^attempt reaches
// its 15 min cap long before.
constexpr qint64 kMaxAdviceAttempt = 64;

QHttpServerResponse
json(const QJsonObject& o,
     QHttpServerResponse::StatusCode status = QHttpServerResponse::StatusCode::Ok)
{
    QHttpServerResponse r(QByteArrayLiteral("application/json"),
                          QJsonDocument(o).toJson(QJsonDocument::Compact), status);
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

QJsonArray candidatesJson(const QList<Candidate>& list)
{
    QJsonArray out;
    for (const Candidate& c : list)
        out.append(candidateJson(c));
    return out;
}

} // namespace

AllocationDesk::AllocationDesk(std::function<const Snapshot*()> latest, std::function<qint64()> now,
                               QObject* parent)
    : QObject(parent)
    , m_latest(std::move(latest))
    , m_now(std::move(now))
    , m_groups(cachedUnixGroupsOf)
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &AllocationDesk::serveWaiting);
    for (const char* outcome : {kGranted, kRefused, kTimeout, kBusy})
        m_requestsTotal.insert(QLatin1String(outcome), 0);
}

AllocationDesk::~AllocationDesk()
{
    // Held callers are let go without an answer: their connections close
    // with the server.
    for (Waiter& w : m_waiting)
        disconnect(w.hangUp);
}

AllocationDesk::Attempt AllocationDesk::attempt(const AllocateBody& body, qint64 nowMs)
{
    Attempt a;
    const Snapshot* latest = m_latest();
    if (!latest) {
        a.ranking.refused << tr("the agent has not taken a reading yet");
        return a;
    }
    const SelectionWeights weights{m_policy.allocate.freeMemoryWeight,
                                   m_policy.allocate.idleWeight};
    a.ranking = rankUnits(*latest, body.request, weights, m_book, nowMs);
    a.reservation = m_book.reserve(latest->server, body.request, a.ranking.qualified, nowMs);
    return a;
}

QHttpServerResponse AllocationDesk::granted(const Attempt& a, qint64 waitedMs)
{
    const Reservation& r = *a.reservation;
    QList<Candidate> units;
    for (const QString& id : r.units) {
        const auto it = std::find_if(a.ranking.qualified.cbegin(), a.ranking.qualified.cend(),
                                     [&](const Candidate& c) { return c.id == id; });
        if (it != a.ranking.qualified.cend())
            units << *it;
    }
    ++m_requestsTotal[QLatin1String(kGranted)];
    qCInfo(lcAllocate).noquote() << "reserved" << r.units.join(QLatin1Char(',')) << "for" << r.user
                                 << "until" << r.expiresMs << "id" << r.id;
    return json(QJsonObject{
        {QStringLiteral("reservation"), reservationJson(r)},
        {QStringLiteral("cuda_visible_devices"), r.units.join(QLatin1Char(','))},
        {QStringLiteral("granted"), candidatesJson(units)},
        {QStringLiteral("refused"), QJsonArray::fromStringList(a.ranking.refused)},
        {QStringLiteral("notes"), QJsonArray::fromStringList(a.ranking.notes)},
        {QStringLiteral("weights"),
         QJsonObject{{QStringLiteral("free_memory"), m_policy.allocate.freeMemoryWeight},
                     {QStringLiteral("idle"), m_policy.allocate.idleWeight}}},
        {QStringLiteral("waited_ms"), waitedMs},
    });
}

QHttpServerResponse AllocationDesk::refused(const AllocateBody& body, const Attempt& a,
                                            qint64 waitedMs, const char* outcome)
{
    ++m_requestsTotal[QLatin1String(outcome)];
    Q_EMIT allocationRefused(m_now());
    const int asked = body.request.gpus;
    const int qualify = int(a.ranking.qualified.size());
    QString message;
    if (!m_latest()) {
        message = tr("the agent has not taken a reading yet");
    } else {
        message = (asked == 1 ? tr("1 GPU asked") : tr("%1 GPUs asked").arg(asked)) +
                  QStringLiteral(", ") +
                  (qualify == 1 ? tr("1 qualifies") : tr("%1 qualify").arg(qualify));
        if (waitedMs > 0)
            message += tr(" after waiting %1 s").arg(QString::number(double(waitedMs) / 1000.0));
    }
    QJsonObject o =
        QJsonDocument::fromJson(errorDocument(QStringLiteral("not_enough_gpus"), message)).object();
    o.insert(QStringLiteral("refused"), QJsonArray::fromStringList(a.ranking.refused));
    o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(a.ranking.notes));
    o.insert(QStringLiteral("qualified"), candidatesJson(a.ranking.qualified));
    o.insert(QStringLiteral("waited_ms"), waitedMs);
    return json(o, QHttpServerResponse::StatusCode::Conflict);
}

std::optional<QHttpServerResponse> AllocationDesk::overCap(const AllocateBody& body)
{
    const Snapshot* latest = m_latest();
    const QString& user = body.request.user;
    if (!latest || user.isEmpty())
        return std::nullopt;
    const PolicyConfig::Accounts& accounts = m_policy.accounts;
    QList<ReservedUnits> reserved;
    for (const Reservation& r : m_book.active(latest->server))
        reserved << ReservedUnits{r.user, r.units, r.createdMs};
    const Holdings held = holdingsOf(*latest, m_policy, reserved, m_groups);
    const QString account = accountOf(accounts, user, {}, m_groups);
    const auto cap = capPassed(accounts, held, user, account, body.request.gpus);
    if (!cap)
        return std::nullopt;
    ++m_requestsTotal[QLatin1String(kRefused)];
    const QString message = cap->text(user);
    qCInfo(lcAllocate).noquote() << "refused" << user << ":" << message;
    QJsonObject o =
        QJsonDocument::fromJson(errorDocument(QStringLiteral("over_cap"), message)).object();
    QJsonObject c{{QStringLiteral("scope"), capScopeName(cap->scope)},
                  {QStringLiteral("gpus"), cap->limit},
                  {QStringLiteral("held"), cap->held},
                  {QStringLiteral("requested"), cap->requested}};
    if (!cap->account.isEmpty())
        c.insert(QStringLiteral("account"), cap->account);
    o.insert(QStringLiteral("cap"), c);
    return json(o, QHttpServerResponse::StatusCode::Conflict);
}

void AllocationDesk::allocate(const QHttpServerRequest& request, QHttpServerResponder&& responder)
{
    const qint64 now = m_now();
    QString error;
    const std::optional<AllocateBody> body =
        parseAllocateBody(request.body(), m_policy.allocate, &error);
    if (!body) {
        jsonError(400, QStringLiteral("bad_request"), error).write(std::move(responder));
        return;
    }
    m_book.expire(now);
    if (auto capped = overCap(*body)) {
        capped->write(std::move(responder));
        return;
    }
    const Attempt a = attempt(*body, now);
    if (a.reservation) {
        granted(a, 0).write(std::move(responder));
        schedule(); // its expiry
        return;
    }
    QTcpSocket* socket = responder.socket();
    if (body->waitMs <= 0 || !socket) {
        refused(*body, a, 0, kRefused).write(std::move(responder));
        return;
    }
    if (m_heldLimit > 0 && int(m_waiting.size()) >= m_heldLimit) {
        busy(std::move(responder), socket);
        return;
    }
    Waiter w;
    w.body = *body;
    w.sinceMs = now;
    w.deadlineMs = now + body->waitMs;
    w.responder = std::make_unique<QHttpServerResponder>(std::move(responder));
    w.socket = socket;
    // Qt's server deletes the socket (and the request the responder points
    // at) soon after the client hangs up: the caller must go before that.
    w.hangUp = connect(socket, &QTcpSocket::disconnected, this, [this, socket] { hungUp(socket); });
    m_waiting.push_back(std::move(w));
    qCDebug(lcAllocate).noquote() << body->request.user << "waits up to" << body->waitMs << "ms for"
                                  << body->request.gpus << "GPU(s)";
    schedule();
}

void AllocationDesk::busy(QHttpServerResponder&& responder, QTcpSocket* socket)
{
    ++m_requestsTotal[QLatin1String(kBusy)];
    if (!m_busy) {
        m_busy = true;
        const QString message =
            tr("%1 callers are waiting, the most this agent holds with its descriptor limit: "
               "callers that would wait are answered 503 until fewer wait")
                .arg(m_waiting.size());
        // Raised, the reason is logged by AgentHealth: once, not twice.
        if (m_health)
            m_health->raise(AgentHealth::kHeldAtLimit, message);
        else
            qCWarning(lcAllocate).noquote() << message;
    }
    QHttpServerResponse r =
        jsonError(503, QStringLiteral("busy"),
                  tr("%1 callers are already waiting for GPUs, the most this agent holds with its "
                     "descriptor limit; ask again in %2 s")
                      .arg(m_waiting.size())
                      .arg(kBusyRetrySeconds));
    r.addHeader(QByteArrayLiteral("Retry-After"), QByteArray::number(kBusyRetrySeconds));
    r.write(std::move(responder));
    // The descriptor is what is short: the connection goes with the answer.
    socket->disconnectFromHost();
}

void AllocationDesk::heldCountChanged()
{
    if (m_busy && int(m_waiting.size()) <= m_heldLimit * 3 / 4) {
        m_busy = false;
        qCInfo(lcAllocate).noquote()
            << tr("%1 callers waiting: callers may wait again").arg(m_waiting.size());
        if (m_health)
            m_health->clear(AgentHealth::kHeldAtLimit);
    }
}

void AllocationDesk::answer(std::list<Waiter>::iterator it, const QHttpServerResponse& response)
{
    disconnect(it->hangUp);
    if (it->socket && it->socket->state() == QAbstractSocket::ConnectedState)
        response.write(std::move(*it->responder));
    m_waiting.erase(it);
}

void AllocationDesk::hungUp(QTcpSocket* socket)
{
    const auto before = m_waiting.size();
    for (auto it = m_waiting.begin(); it != m_waiting.end();) {
        if (it->socket == socket || !it->socket) {
            disconnect(it->hangUp);
            it = m_waiting.erase(it);
        } else {
            ++it;
        }
    }
    if (m_waiting.size() != before)
        qCDebug(lcAllocate) << before - m_waiting.size() << "waiting caller(s) hung up";
    schedule();
}

void AllocationDesk::serveWaiting()
{
    if (m_serving)
        return;
    m_serving = true;
    const qint64 now = m_now();
    m_book.expire(now);
    orderWaiting();
    for (auto it = m_waiting.begin(); it != m_waiting.end();) {
        auto here = it++;
        if (!here->socket) {
            disconnect(here->hangUp);
            m_waiting.erase(here);
            continue;
        }
        // Another reservation or job of the caller's account may have
        // reached a cap while it waited.
        if (auto capped = overCap(here->body)) {
            answer(here, *capped);
            continue;
        }
        const Attempt a = attempt(here->body, now);
        if (a.reservation)
            answer(here, granted(a, now - here->sinceMs));
        else if (now >= here->deadlineMs)
            answer(here, refused(here->body, a, now - here->sinceMs, kTimeout));
    }
    m_serving = false;
    schedule();
}

void AllocationDesk::orderWaiting()
{
    // Fair share with memory: the caller whose user used least lately
    // (the highest fair-share factor, [quota] half_life) is tried first;
    // equal factors (no usage at all, most often) keep the order of arrival.
    const Snapshot* latest = m_latest();
    if (!m_policyService || !latest || m_waiting.size() < 2)
        return;
    const PolicyStatus status = m_policyService->status(latest->server);
    QHash<QString, double> factor;
    for (const PolicyStatus::User& u : status.users)
        factor.insert(u.user, u.fairShareFactor);
    m_waiting.sort([&](const Waiter& a, const Waiter& b) {
        return factor.value(a.body.request.user, 1.0) > factor.value(b.body.request.user, 1.0);
    });
}

void AllocationDesk::publishGrants()
{
    if (!m_grants)
        return;
    const qint64 now = m_now();
    QHash<QString, QList<ReservedUnits>> byServer;
    for (const Reservation& r : m_book.active())
        if (now < r.expiresMs)
            byServer[r.server] << ReservedUnits{r.user, r.units, r.createdMs};
    for (const TakenUp& t : std::as_const(m_takenUp))
        byServer[t.server] << ReservedUnits{t.user, {t.unit}, t.grantedMs};
    m_grants->replace(std::move(byServer));
}

void AllocationDesk::schedule()
{
    // Every change of the book ends here (a grant, a release, an expiry, a
    // reading).
    publishGrants();
    heldCountChanged();
    const qint64 now = m_now();
    qint64 next = std::numeric_limits<qint64>::max();
    for (const Waiter& w : m_waiting)
        next = std::min(next, w.deadlineMs);
    for (const Reservation& r : m_book.active())
        next = std::min(next, r.expiresMs);
    if (next == std::numeric_limits<qint64>::max()) {
        m_timer.stop();
        return;
    }
    // At most a day ahead (QTimer takes an int); asked again then.
    m_timer.start(int(std::clamp<qint64>(next - now, 0, 24 * 3'600'000LL)));
}

void AllocationDesk::published(const Snapshot& snapshot)
{
    const QSet<QString> running = unitsRunOn(snapshot);
    for (const Reservation& r : m_book.observe(snapshot, running)) {
        qCInfo(lcAllocate).noquote()
            << "reservation" << r.id << "of" << r.user << "ended: the job took its GPUs";
        for (const QString& unit : r.units)
            m_takenUp << TakenUp{r.server, r.user, unit, r.createdMs};
    }
    // A grant counts as held while its holder runs on its unit; a unit the
    // job never took (or left) is free.
    m_takenUp.removeIf([&](const TakenUp& t) {
        return t.server == snapshot.server &&
               !running.contains(t.user + QLatin1Char('\n') + t.unit);
    });
    if (!m_waiting.empty())
        serveWaiting();
    else
        schedule();
}

QHttpServerResponse AllocationDesk::release(const QString& id)
{
    if (!m_book.release(id))
        return jsonError(404, QStringLiteral("not_found"),
                         tr("no reservation %1 is held (it ended, expired, or never was)").arg(id));
    qCInfo(lcAllocate).noquote() << "reservation" << id << "released";
    serveWaiting();
    return json(QJsonObject{{QStringLiteral("released"), id}});
}

AllocationState AllocationDesk::state() const
{
    AllocationState s;
    s.nowMs = m_now();
    for (const Reservation& r : m_book.active())
        if (r.expiresMs > s.nowMs)
            s.reservations << r;
    for (const Waiter& w : m_waiting)
        s.waiting << WaitingCaller{w.body.request.user, w.body.request.gpus,
                                   w.body.request.minFreeMiB, w.sinceMs, w.deadlineMs};
    return s;
}

QHttpServerResponse AllocationDesk::stateResponse() const
{
    return json(allocationStateJson(state()));
}

QHttpServerResponse AllocationDesk::advice(const QHttpServerRequest& request) const
{
    const QUrlQuery q = request.query();
    auto bad = [](const QString& message) {
        return jsonError(400, QStringLiteral("bad_request"), message);
    };
    for (const char* name : {"user", "priority"})
        if (q.allQueryItemValues(QLatin1String(name)).size() > 1)
            return bad(tr("\"%1\" is given more than once").arg(QLatin1String(name)));
    const QString user = q.queryItemValue(QStringLiteral("user"), QUrl::FullyDecoded);
    if (user.isEmpty() || user.size() > kMaxAllocateUserChars)
        return bad(
            tr("\"user\": expected 1 to %1 characters (?user=NAME)").arg(kMaxAllocateUserChars));
    Priority priority = Priority::Normal;
    if (q.hasQueryItem(QStringLiteral("priority"))) {
        QString why;
        const std::optional<Priority> p =
            parsePriority(q.queryItemValue(QStringLiteral("priority"), QUrl::FullyDecoded), &why);
        if (!p)
            return bad(QStringLiteral("\"priority\": ") + why);
        priority = *p;
    }
    const IntegerParameter attempt =
        integerParameter(q, QStringLiteral("attempt"), 0, kMaxAdviceAttempt);
    if (!attempt.error.isEmpty())
        return bad(attempt.error);
    const Snapshot* latest = m_latest();
    if (!m_policyService || !latest)
        return jsonError(503, QStringLiteral("no_data"),
                         tr("the policy engine has no reading of this server yet"));
    const PolicyStatus status = m_policyService->status(latest->server);
    if (status.atMs == 0)
        return jsonError(
            503, QStringLiteral("no_data"),
            tr("the policy engine has not evaluated a reading of %1 yet").arg(latest->server));
    return json(
        adviceJson(adviceFor(status, m_policy, user, priority, int(attempt.value.value_or(0)))));
}

void AllocationDesk::addRoutes(RouteTable& table)
{
    using Method = QHttpServerRequest::Method;
    table.add(QStringLiteral("/v1/allocate"), Method::Get, Scope::Read,
              [this](const RouteRequest&) { return stateResponse(); });
    // A POST may be held (long-poll): the desk keeps its responder.
    table.addAnswering(QStringLiteral("/v1/allocate"), Method::Post, Scope::Allocate,
                       [this](const RouteRequest& r, QHttpServerResponder&& responder) {
                           allocate(r.http, std::move(responder));
                       });
    table.add(QStringLiteral("/v1/allocate/<arg>"), Method::Delete, Scope::Allocate,
              [this](const RouteRequest& r) { return release(r.args.value(0)); });
    table.add(QStringLiteral("/v1/advice"), Method::Get, Scope::Read,
              [this](const RouteRequest& r) { return advice(r.http); });
}

} // namespace gw
