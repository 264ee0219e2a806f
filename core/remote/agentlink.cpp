#include "remote/agentlink.h"

#include "model/snapshotcbor.h"
#include "model/snapshotjson.h"
#include "policy/policystatusjson.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QLoggingCategory>

#include <algorithm>

Q_LOGGING_CATEGORY(lcAgentLink, "gw.remote.link", QtInfoMsg)

namespace gw {

namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// An agent names its events after its own host ("gpu-lab-01"), which
// neither says which of the desktop's servers it is nor is unique (two
// agents may share a host name). The desktop files everything from a link
// under the one name it watches the server under, so that its events reach
// that server's rows and verdicts, and the ids of two agents never meet.
void fileUnder(PolicyEvent& e, const QString& server)
{
    if (e.server == server)
        return;
    // "<kind>/<agent's server>/<subject>/<startMs>" → the same with ours;
    // an id of another shape keeps its text behind our name.
    const QString kind = QLatin1String(policyEventKindInfo(e.kind).name) + QLatin1Char('/');
    const QString agentPrefix = kind + e.server + QLatin1Char('/');
    if (e.id.startsWith(agentPrefix))
        e.id = kind + server + e.id.mid(agentPrefix.size() - 1);
    else
        e.id = server + QLatin1Char('/') + e.id;
    e.server = server;
}

} // namespace

bool CatchUpPacer::tryBegin()
{
    if (m_inFlight > 0 || (m_gate && !m_gate()))
        return false;
    ++m_inFlight;
    ++m_pages;
    return true;
}

void CatchUpPacer::end()
{
    m_inFlight = std::max(0, m_inFlight - 1);
}

AgentLink::AgentLink(RemoteServer server, QNetworkAccessManager* nam, QObject* parent)
    : QObject(parent)
    , m_server(std::move(server))
    , m_nam(nam)
{
    qRegisterMetaType<gw::LinkStatus>();
    qRegisterMetaType<QList<gw::Snapshot>>();
    qRegisterMetaType<QList<gw::PolicyEvent>>();
    qRegisterMetaType<gw::AllocationState>();
    m_status.server = m_server.name;
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &AgentLink::poll);
}

AgentLink::~AgentLink()
{
    endTurn();
}

void AgentLink::get(const QString& pathAndQuery, std::function<void(const AgentCall&)> done,
                    const QByteArray& accept)
{
    AgentRequest request;
    request.pathAndQuery = pathAndQuery;
    request.timeoutMs = kTimeoutMs;
    request.accept = accept;
    callAgent(m_nam, this, m_server, request, std::move(done));
}

void AgentLink::setPollInterval(std::chrono::milliseconds interval)
{
    m_interval = std::max(interval, std::chrono::milliseconds(100));
}

void AgentLink::setAllocationPollInterval(std::chrono::milliseconds interval)
{
    m_allocationInterval = std::max(interval, std::chrono::milliseconds(100));
}

void AgentLink::resumeAt(const QString& stream, quint64 cursor, const QString& agentId)
{
    m_resumeStream = stream;
    m_resumeCursor = cursor;
    m_resumeAgentId = agentId;
}

void AgentLink::start()
{
    m_running = true;
    publishStatus();
    schedule(0);
}

void AgentLink::stop()
{
    m_running = false;
    m_timer.stop();
    endTurn();
}

bool AgentLink::waitForTurn()
{
    if (!m_pacer || m_holdsTurn || m_agentLast <= m_cursor + kUnpacedReadings)
        return false;
    // The present first, whether or not this page waits: the window shows
    // the agent now, not its past hour, until the catch-up is done.
    pollPresent();
    if (m_pacer->tryBegin()) {
        m_holdsTurn = true;
        return false;
    }
    return true;
}

void AgentLink::endTurn()
{
    if (m_holdsTurn && m_pacer)
        m_pacer->end();
    m_holdsTurn = false;
}

// The window shows the agent's present while its past is caught up.
void AgentLink::pollPresent()
{
    if (m_presentInFlight ||
        (m_sincePresent.isValid() && m_sincePresent.elapsed() < m_interval.count()))
        return;
    m_presentInFlight = true;
    m_sincePresent.start();
    get(QStringLiteral("/v1/snapshot"), [this](const AgentCall& r) {
        m_presentInFlight = false;
        if (!m_running || !r.json)
            return; // the samples' poll says what fails
        QString why;
        auto s = readingOf(*r.json, &why);
        if (!s)
            return; // the samples' poll says what fails
        m_status.lastContactMs = nowMs();
        if (m_status.state != LinkState::Stale)
            m_status.state = LinkState::Connected;
        publishStatus(); // the state first, as for readings
        Q_EMIT present({*s});
    });
}

void AgentLink::schedule(qint64 ms)
{
    if (m_running)
        m_timer.start(int(std::clamp<qint64>(ms, 0, kMaxBackoffMs)));
}

void AgentLink::poll()
{
    if (!m_running || m_inFlight)
        return;
    m_inFlight = true;
    if (m_stream.isEmpty()) {
        get(QStringLiteral("/v1/info"), [this](const AgentCall& r) {
            m_inFlight = false;
            if (!m_running)
                return;
            if (r.json)
                onInfo(r);
            else
                onFailure(r);
        });
        return;
    }
    if (waitForTurn()) {
        m_inFlight = false;
        schedule(kCatchUpRetryMs);
        return;
    }
    pollEvents();
    if (nowMs() - m_lastAllocationPollMs >= m_allocationInterval.count())
        pollAllocations();
    if (nowMs() - m_lastInfoPollMs >= kInfoPollInterval.count())
        pollInfo();
    const qint64 sent = nowMs();
    get(
        QStringLiteral("/v1/samples?after=%1&limit=%2").arg(m_cursor).arg(kPageSize),
        [this, sent](const AgentCall& r) {
            m_inFlight = false;
            endTurn();
            if (!m_running)
                return;
            if (r.json || r.cbor)
                onReply(r, sent, nowMs());
            else
                onFailure(r);
        },
        // CBOR where the agent offers it (docs/agent-api.md, "CBOR samples"):
        // an older agent answers JSON, read as before.
        QByteArray(kCborMediaType) + ", application/json;q=0.5");
}

void AgentLink::pollEvents()
{
    if (!m_running || m_eventsInFlight || m_eventsUnsupported)
        return;
    m_eventsInFlight = true;
    get(QStringLiteral("/v1/events?after=%1&limit=%2").arg(m_eventCursor).arg(kPageSize),
        [this](const AgentCall& r) {
            m_eventsInFlight = false;
            if (m_running)
                onEvents(r);
        });
}

void AgentLink::onEvents(const AgentCall& r)
{
    // The readings decide the link's state; a failing event log is logged
    // and asked again on the next poll.
    auto failed = [this](const QString& error) {
        if (error != m_lastEventsError)
            qCWarning(lcAgentLink).noquote() << m_server.name << "events:" << error;
        m_lastEventsError = error;
    };
    if (!r.json) {
        if (r.status == 404) {
            m_eventsUnsupported = true;
            qCInfo(lcAgentLink).noquote()
                << m_server.name << "has no policy event log (an older agent)";
            return;
        }
        failed(r.error);
        return;
    }
    const QJsonObject& o = *r.json;
    if (!o[QStringLiteral("events")].isArray() || !o[QStringLiteral("next")].isDouble() ||
        !o[QStringLiteral("last_sequence")].isDouble()) {
        failed(tr("%1: not an events reply (no \"events\", \"next\" or \"last_sequence\")")
                   .arg(m_server.url.toString(QUrl::RemoveUserInfo)));
        return;
    }
    QString stream = o[QStringLiteral("stream")].toString();
    if (stream.isEmpty())
        stream = o[QStringLiteral("instance")].toString();
    if (stream != m_stream) {
        // Not the stream the readings know: the agent has a new journal, or
        // another agent answers at the URL. Its events wait until /v1/info
        // has said whose they are (the readings ask it), so they are never
        // filed under the agent that was there before.
        return;
    }
    if (stream != m_eventStream) {
        // First contact, or a new numbering: from the first record.
        const bool fromStart = m_eventCursor == 0;
        if (!m_eventStream.isEmpty())
            qCInfo(lcAgentLink).noquote()
                << m_server.name << "has a new event stream; reading its events from the start";
        m_eventStream = stream;
        m_eventCursor = 0;
        if (!fromStart) {
            pollEvents();
            return;
        }
    }
    m_lastEventsError.clear();
    const auto last = quint64(o[QStringLiteral("last_sequence")].toInteger());
    const QJsonArray records = o[QStringLiteral("events")].toArray();
    QList<PolicyEvent> out;
    out.reserve(records.size());
    for (const auto& v : records) {
        const QJsonObject record = v.toObject();
        QString why;
        std::optional<PolicyEvent> e;
        if (!record[QStringLiteral("event")].isObject())
            why = tr("no \"event\" object");
        else
            e = policyEventFromJson(record[QStringLiteral("event")].toObject(), &why);
        if (!e) {
            ++m_eventsSkipped;
            qCWarning(lcAgentLink).noquote()
                << m_server.name << "skipped event record"
                << record[QStringLiteral("sequence")].toInteger() << "-" << why;
            continue;
        }
        fileUnder(*e, m_server.name);
        out.append(std::move(*e));
    }
    if (m_eventCursor > last) // the same stream cannot go back; never re-read
        m_eventCursor = last;
    m_eventCursor = std::max(m_eventCursor, quint64(o[QStringLiteral("next")].toInteger()));
    if (!out.isEmpty())
        Q_EMIT eventsReceived(m_server.name, out);
    // A full page: more is waiting.
    if (records.size() >= kPageSize)
        pollEvents();
}

void AgentLink::pollInfo()
{
    if (!m_running || m_infoInFlight)
        return;
    m_infoInFlight = true;
    m_lastInfoPollMs = nowMs();
    get(QStringLiteral("/v1/info"), [this](const AgentCall& r) {
        m_infoInFlight = false;
        // A failure here is the samples' to report.
        if (m_running && r.json) {
            takeIdentity(*r.json);
            takeDegraded(*r.json);
            takeFairShare(*r.json);
            publishStatus();
        }
    });
}

// A server is watched under its entry's name, tied to its agent's identity:
// another machine answering at the same URL is said, and its readings and
// history are kept apart from the earlier one's (the receivers of
// identified() do that).
void AgentLink::takeIdentity(const QJsonObject& info)
{
    const QString id = info[QStringLiteral("agent_id")].toString();
    if (id.isEmpty() || id == m_status.agentId)
        return; // an agent older than identities keeps the name alone
    const QString previous = m_status.agentId.isEmpty() ? m_resumeAgentId : m_status.agentId;
    m_resumeAgentId.clear();
    if (!previous.isEmpty() && previous != id) {
        qCWarning(lcAgentLink).noquote()
            << m_server.name << "at" << m_server.url.toString(QUrl::RemoveUserInfo)
            << "is another agent now: identity" << id << "where it was" << previous
            << "; the two are kept apart";
        m_status.agentChanged =
            tr("%1 answers as another agent since %2 (identity %3, before %4): its readings and "
               "history are kept apart from the earlier agent's")
                .arg(m_server.url.toString(QUrl::RemoveUserInfo),
                     QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")), id,
                     previous);
    } else {
        qCInfo(lcAgentLink).noquote() << m_server.name << "is agent" << id;
    }
    m_status.agentId = id;
    Q_EMIT identified(m_server.name, id, previous == id ? QString() : previous);
}

// One reading of the agent as this desktop files it: under the server's
// name, on this machine's clock.
std::optional<Snapshot> AgentLink::readingOf(const QJsonObject& o, QString* why) const
{
    std::optional<Snapshot> s = snapshotFromJson(o, why);
    if (s) {
        s->server = m_server.name;
        s->timestampMs -= m_status.clockOffsetMs;
    }
    return s;
}

void AgentLink::takeDegraded(const QJsonObject& info)
{
    QStringList lines;
    const QJsonArray reasons =
        info[QStringLiteral("degraded")][QStringLiteral("reasons")].toArray();
    for (const QJsonValue& v : reasons)
        lines.append(v[QStringLiteral("code")].toString() + QStringLiteral(": ") +
                     v[QStringLiteral("message")].toString());
    const QString degraded = lines.join(u'\n');
    if (degraded != m_status.degraded && !degraded.isEmpty())
        qCWarning(lcAgentLink).noquote() << m_server.name << "degraded:" << degraded;
    m_status.degraded = degraded;
}

void AgentLink::takeFairShare(const QJsonObject& info)
{
    const QJsonObject policy = info.value(QStringLiteral("policy")).toObject();
    if (!policy.contains(QStringLiteral("users")) && !policy.contains(QStringLiteral("accounts")))
        return; // no reading judged yet, or an agent before fair share
    PolicyStatus status = policyStatusSharesFromJson(policy, m_server.name, nowMs());
    if (m_fairShare && m_fairShare->users == status.users &&
        m_fairShare->accounts == status.accounts)
        return;
    m_fairShare = status;
    Q_EMIT fairShareReceived(m_server.name, status);
}

void AgentLink::pollAllocations()
{
    if (!m_running || m_allocationsInFlight || m_allocationsUnsupported)
        return;
    m_allocationsInFlight = true;
    m_lastAllocationPollMs = nowMs();
    get(QStringLiteral("/v1/allocate"), [this](const AgentCall& r) {
        m_allocationsInFlight = false;
        if (m_running)
            onAllocations(r);
    });
}

void AgentLink::onAllocations(const AgentCall& r)
{
    // Like the event log: the readings decide the link's state; a failure
    // is logged once and asked again on the next slow poll.
    auto failed = [this](const QString& error) {
        if (error != m_lastAllocationsError)
            qCWarning(lcAgentLink).noquote() << m_server.name << "reservations:" << error;
        m_lastAllocationsError = error;
    };
    if (!r.json) {
        if (r.status == 404) {
            m_allocationsUnsupported = true;
            qCInfo(lcAgentLink).noquote()
                << m_server.name << "serves no reservations (an older agent)";
            return;
        }
        failed(r.error);
        return;
    }
    QString why;
    auto state = allocationStateFromJson(*r.json, &why);
    if (!state) {
        failed(tr("%1: /v1/allocate: %2").arg(m_server.url.toString(QUrl::RemoveUserInfo), why));
        return;
    }
    m_lastAllocationsError.clear();
    // On our clock, as the readings are.
    const qint64 shift = m_status.clockOffsetMs;
    state->nowMs -= shift;
    for (Reservation& res : state->reservations) {
        res.server = m_server.name;
        res.createdMs -= shift;
        res.expiresMs -= shift;
    }
    for (WaitingCaller& w : state->waiting) {
        w.sinceMs -= shift;
        w.deadlineMs -= shift;
    }
    Q_EMIT allocationsReceived(m_server.name, *state);
}

void AgentLink::onFailure(const AgentCall& r)
{
    ++m_failures;
    const qint64 wait =
        std::min<qint64>(kMaxBackoffMs, kFirstBackoffMs << std::min(m_failures - 1, 16));
    switch (r.failure) {
    case AgentFailure::Auth:
        // A 401 is a token missing or not known: the agent words both the
        // same way to a curl user, the admin needs to know which to fix.
        m_status.state = r.status != 401            ? LinkState::AuthFailed
                         : m_server.token.isEmpty() ? LinkState::NoToken
                                                    : LinkState::TokenRefused;
        break;
    case AgentFailure::Untrusted:
        m_status.state = LinkState::Untrusted;
        break;
    case AgentFailure::PinMismatch:
        m_status.state = LinkState::PinMismatch;
        break;
    case AgentFailure::Protocol:
        m_status.state = LinkState::Failing;
        break;
    case AgentFailure::Unreachable:
    case AgentFailure::None:
        m_status.state = LinkState::Unreachable;
        break;
    }
    m_status.offeredSha256 = r.peerSha256;
    m_status.retryInMs = wait;
    if (r.error != m_status.error)
        qCWarning(lcAgentLink).noquote()
            << m_server.name << r.error << "- retrying in" << wait << "ms";
    m_status.error = r.error;
    m_pagesInARow = 0;
    publishStatus();
    schedule(wait);
}

void AgentLink::onInfo(const AgentCall& r)
{
    // Where to start in this stream: where we left it (a previous run, or
    // before the agent restarted within its journal), but never more than
    // the last hour back.
    const QJsonObject& o = *r.json;
    QString stream = o[QStringLiteral("stream")].toString();
    if (stream.isEmpty())
        stream = o[QStringLiteral("instance")].toString();
    if (stream.isEmpty() || !o[QStringLiteral("last_sequence")].isDouble()) {
        AgentCall bad = r;
        bad.failure = AgentFailure::Protocol;
        bad.error = tr("%1: /v1/info has no stream or last_sequence; is this a gpuwarden-agent?")
                        .arg(m_server.url.toString(QUrl::RemoveUserInfo));
        onFailure(bad);
        return;
    }
    const auto last = quint64(o[QStringLiteral("last_sequence")].toInteger());
    const qint64 interval = std::max(100, o[QStringLiteral("interval_ms")].toInt(1000));
    const auto window = quint64(kCatchUpMs / interval);
    const quint64 earliest = last > window ? last - window : 0;
    quint64 cursor = earliest;
    if (stream == m_resumeStream && m_resumeCursor <= last)
        cursor = std::max(m_resumeCursor, earliest);
    if (cursor > earliest)
        qCInfo(lcAgentLink).noquote() << m_server.name << "resumes after reading" << cursor;
    else if (earliest > 0)
        qCInfo(lcAgentLink).noquote()
            << m_server.name << "reading its last" << window << "readings of" << last;
    m_stream = stream;
    m_cursor = cursor;
    m_agentLast = last;
    m_lastInfoPollMs = nowMs();
    takeIdentity(o);
    takeDegraded(o);
    takeFairShare(o);
    m_status.stream = stream;
    m_status.cursor = cursor;
    schedule(0);
}

void AgentLink::onReply(const AgentCall& r, qint64 sentMs, qint64 receivedMs)
{
    const QString notSamples =
        tr("%1: not a samples reply (no \"samples\", \"next\" or \"last_sequence\"); is this "
           "a gpuwarden-agent?")
            .arg(m_server.url.toString(QUrl::RemoveUserInfo));
    auto protocolFailure = [&](const QString& error) {
        AgentCall bad = r;
        bad.failure = AgentFailure::Protocol;
        bad.error = error;
        onFailure(bad);
    };
    // The page, from either form; its readings as the agent wrote them.
    SamplesPage page;
    if (r.cbor) {
        QString why;
        std::optional<SamplesPage> p = parseSamplesPageCbor(r.body, &why);
        if (!p) {
            protocolFailure(
                tr("%1: /v1/samples: %2").arg(m_server.url.toString(QUrl::RemoveUserInfo), why));
            return;
        }
        page = std::move(*p);
    } else {
        const QJsonObject& o = *r.json;
        if (!o[QStringLiteral("samples")].isArray() || !o[QStringLiteral("next")].isDouble() ||
            !o[QStringLiteral("last_sequence")].isDouble()) {
            protocolFailure(notSamples);
            return;
        }
        page.instance = o[QStringLiteral("instance")].toString();
        page.stream = o[QStringLiteral("stream")].toString();
        if (o[QStringLiteral("now_ms")].isDouble())
            page.nowMs = o[QStringLiteral("now_ms")].toInteger();
        page.next = quint64(o[QStringLiteral("next")].toInteger());
        page.lastSequence = quint64(o[QStringLiteral("last_sequence")].toInteger());
        page.truncated = o[QStringLiteral("truncated")].toBool();
        const QJsonArray samples = o[QStringLiteral("samples")].toArray();
        page.sampleCount = samples.size();
        page.samples.reserve(samples.size());
        for (const auto& v : samples) {
            QString why;
            std::optional<Snapshot> s = snapshotFromJson(v.toObject(), &why);
            if (!s) {
                ++page.skipped;
                page.skippedWhy = why;
                continue;
            }
            page.samples.append(std::move(*s));
        }
    }
    // The journal's stream survives agent restarts; older agents only have
    // the per-process instance.
    QString stream = page.stream;
    if (stream.isEmpty())
        stream = page.instance;
    const quint64 last = page.lastSequence;
    if (stream != m_stream) {
        // A new numbering (the agent lost or replaced its journal): our
        // cursor means nothing there; ask where to start again.
        qCInfo(lcAgentLink).noquote() << m_server.name << "has a new stream";
        m_stream.clear();
        m_resumeStream.clear();
        schedule(0);
        return;
    }
    if (m_cursor > last) {
        // The same stream cannot go back; if it does, never re-read.
        m_cursor = last;
    }
    m_agentLast = last;
    if (page.nowMs)
        measureClock(*page.nowMs, sentMs, receivedMs);

    // Filed under the server's name, on this machine's clock.
    QList<Snapshot>& out = page.samples;
    for (Snapshot& s : out) {
        s.server = m_server.name;
        s.timestampMs -= m_status.clockOffsetMs;
    }
    const int skipped = page.skipped;
    const QString& why = page.skippedWhy;
    if (skipped > 0 && out.isEmpty()) {
        // Nothing usable (a reading over the GPU limit, a broken agent):
        // the server fails with the reason rather than look connected, and
        // the same page is asked again after the backoff.
        AgentCall bad = r;
        bad.failure = AgentFailure::Protocol;
        bad.error = tr("%1: no reading of %2 is usable: %3")
                        .arg(m_server.url.toString(QUrl::RemoveUserInfo))
                        .arg(skipped)
                        .arg(why);
        onFailure(bad);
        return;
    }
    if (skipped > 0)
        qCWarning(lcAgentLink).noquote()
            << m_server.name << "skipped" << skipped << "unreadable readings; the last:" << why;
    m_cursor = std::max(m_cursor, page.next);
    m_status.cursor = m_cursor;
    m_status.readingsLost = m_status.readingsLost || page.truncated;
    m_failures = 0;
    m_status.retryInMs = 0;
    m_status.offeredSha256.clear();
    m_status.error.clear();
    m_status.lastContactMs = receivedMs;
    if (!out.isEmpty()) {
        m_lastNewReadingLocalMs = receivedMs;
        m_status.lastReadingMs = std::max(m_status.lastReadingMs, out.last().timestampMs);
    } else if (m_lastNewReadingLocalMs == 0) {
        m_lastNewReadingLocalMs = receivedMs; // reachable; the first reading is on its way
    }
    // It answered: whatever failed before is over (stale is decided below).
    if (m_status.state != LinkState::Stale)
        m_status.state = LinkState::Connected;
    checkStale();
    // The state first, so that a server's rows never appear before it is
    // shown as connected.
    publishStatus();
    if (!out.isEmpty())
        Q_EMIT readings(out);

    // A full page means more is waiting (backfill): ask again at once, but
    // let other work run between a long series of pages.
    if (page.sampleCount >= kPageSize && ++m_pagesInARow < kMaxPagesInARow) {
        schedule(0);
    } else {
        m_pagesInARow = 0;
        schedule(m_interval.count());
    }
}

void AgentLink::checkStale()
{
    // Three polls (at least 5 s) without a new reading: the agent answers
    // but its sampler is stuck, or its clock stopped.
    const qint64 staleAfter = std::max<qint64>(3 * m_interval.count(), 5000);
    if (m_status.state == LinkState::Connected && m_lastNewReadingLocalMs > 0 &&
        nowMs() - m_lastNewReadingLocalMs > staleAfter) {
        m_status.state = LinkState::Stale;
        m_status.error = tr("no new reading for %1 s; the agent answers but takes no readings")
                             .arg((nowMs() - m_lastNewReadingLocalMs) / 1000);
    } else if (m_status.state == LinkState::Stale &&
               nowMs() - m_lastNewReadingLocalMs <= staleAfter) {
        m_status.state = LinkState::Connected;
        m_status.error.clear();
    }
}

void AgentLink::measureClock(qint64 agentNowMs, qint64 sentMs, qint64 receivedMs)
{
    // The agent stamped its reply somewhere within our round trip; the
    // midpoint is off by at most half of it. Of the last few replies, the one
    // with the shortest round trip is the most precise.
    m_clock.push_back({receivedMs - sentMs, agentNowMs - (sentMs + receivedMs) / 2});
    if (m_clock.size() > 8)
        m_clock.pop_front();
    const auto best = std::min_element(
        m_clock.begin(), m_clock.end(),
        [](const ClockSample& a, const ClockSample& b) { return a.rttMs < b.rttMs; });
    const qint64 estimate = std::abs(best->offsetMs) < kClockToleranceMs ? 0 : best->offsetMs;
    // Change the applied offset only for a real change, so that readings do
    // not jitter by the measurement's noise.
    if (std::abs(estimate - m_status.clockOffsetMs) >= kClockToleranceMs ||
        (estimate == 0 && m_status.clockOffsetMs != 0)) {
        if (estimate != 0)
            qCInfo(lcAgentLink).noquote() << m_server.name << "clock differs from ours by"
                                          << estimate << "ms; readings are shifted";
        m_status.clockOffsetMs = estimate;
    }
}

void AgentLink::publishStatus()
{
    // Every poll of a quiet server would otherwise repaint its rows: say
    // only what changed (a reply alone moves nothing but lastContactMs).
    LinkStatus seen = m_status;
    seen.lastContactMs = m_published.lastContactMs;
    if (m_anyPublished && seen == m_published)
        return;
    m_published = m_status;
    m_anyPublished = true;
    Q_EMIT statusChanged(m_status);
}

} // namespace gw
