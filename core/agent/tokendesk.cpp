#include "agent/tokendesk.h"

#include "agent/apiinteger.h"
#include "agent/apireply.h"
#include "agent/journalwriter.h"
#include "agent/requestguard.h"
#include "model/snapshotjson.h"
#include "tokens/ledgerbody.h"
#include "tokens/tokensjson.h"

#include <QDateTime>
#include <QHttpServerRequest>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QTimeZone>
#include <QUrlQuery>

#include <cmath>
#include <limits>

Q_LOGGING_CATEGORY(lcTokens, "gw.agent.tokens")

namespace gw {

namespace {

constexpr qint64 kHourMs = 3'600'000;
constexpr int kMaxLedgerPage = 10'000;
const QString kClosedKey = QStringLiteral("usage_closed_through_ms");
const QString kStartKey = QStringLiteral("tokens_start_ms");
// The spans not charged, as a JSON array: rare (the agent or its sampling
// down), and the readings that show them expire.
const QString kGapsKey = QStringLiteral("usage_gaps");

// What the books are made from: the [tokens] rules less enforcement, the
// price lines included (they are in the warnings).
bool sameBookRules(PolicyConfig::Tokens a, PolicyConfig::Tokens b)
{
    a.enforcement = b.enforcement = {};
    if (!(a == b))
        return false;
    for (qsizetype i = 0; i < a.prices.size(); ++i)
        if (a.prices[i].line != b.prices[i].line)
            return false;
    return true;
}

qint64 hourOf(qint64 ms)
{
    return ms - ((ms % kHourMs) + kHourMs) % kHourMs;
}

QJsonObject adjustmentToJson(const Adjustment& a)
{
    return {{QStringLiteral("user"), a.user},
            {QStringLiteral("at_ms"), a.atMs},
            {QStringLiteral("amount"), a.amount},
            {QStringLiteral("by"), a.by},
            {QStringLiteral("reason"), a.reason}};
}

std::optional<Adjustment> adjustmentFromJson(const QByteArray& bytes)
{
    const QJsonObject o = QJsonDocument::fromJson(bytes).object();
    if (!o.value(QStringLiteral("user")).isString() ||
        !o.value(QStringLiteral("amount")).isDouble())
        return std::nullopt;
    return Adjustment{o.value(QStringLiteral("user")).toString(),
                      qint64(o.value(QStringLiteral("at_ms")).toDouble()),
                      o.value(QStringLiteral("amount")).toDouble(),
                      o.value(QStringLiteral("by")).toString(),
                      o.value(QStringLiteral("reason")).toString()};
}

} // namespace

TokenDesk::TokenDesk(std::function<qint64()> now)
    : m_now(std::move(now))
{}

void TokenDesk::setJournal(JournalWriter* journal)
{
    // Null (the journal closed): the books stay in memory as they are.
    m_journal = journal;
    for (RecordLog* log : {&m_usageLog, &m_adjustmentLog, &m_peerLog})
        log->setJournal(journal);
    if (journal)
        m_loaded = false;
}

void TokenDesk::setPolicy(const PolicyConfig& policy)
{
    const bool was = m_rules.enabled;
    const bool same = sameBookRules(m_rules, policy.tokens);
    m_rules = policy.tokens;
    // Other prices or additions change every entry: the books are made
    // whole. The same rules (a policy reloaded, enforcement changed) keep them.
    if (!same)
        m_running.reset();
    m_booksStale = true;
    if (m_rules.enabled && (!was || !m_loaded))
        load();
}

void TokenDesk::load(std::chrono::milliseconds patience)
{
    m_loaded = true;
    m_sinceLoadTry.start();
    m_meter = UsageMeter();
    m_carried.clear();
    m_openHourMs.reset();
    m_facts.clear();
    m_adjustments.clear();
    for (RecordLog* log : {&m_usageLog, &m_adjustmentLog, &m_peerLog})
        log->clear();
    m_gaps.clear();
    m_models.clear();
    m_peerFacts.clear();
    m_peerKeys.clear();
    m_serverPeer.clear();
    for (Peer& p : m_peers)
        p = Peer();
    m_promCursor = PromUsageCursor();
    m_running.reset();
    const qint64 now = m_now();
    m_startMs = hourOf(now);
    m_closedThroughMs = m_startMs;
    if (!m_journal)
        return;
    QList<AgentJournal::Entry> usage, adjustments;
    QString why;
    quint64 after = 0;
    const bool answered = m_journal->call(
        [&](AgentJournal& j) {
            usage = m_usageLog.load(j, &why);
            adjustments = m_adjustmentLog.load(j, &why);
            if (const auto start = j.metaValue(kStartKey))
                m_startMs = start->toLongLong();
            else
                j.appendTokenRecords(AgentJournal::TokenTable::Usage, {},
                                     {{kStartKey, QString::number(m_startMs)}}, &why);
            if (const auto gaps = j.metaValue(kGapsKey)) {
                for (const QJsonValue& v : QJsonDocument::fromJson(gaps->toUtf8()).array()) {
                    QString error;
                    if (const auto g = coverageGapFromJson(v.toObject(), &error))
                        m_gaps.append(*g);
                }
            }
            if (const auto closed = j.metaValue(kClosedKey))
                m_closedThroughMs = closed->toLongLong();
            else
                m_closedThroughMs = m_startMs;
            // Left ahead by a clock excursion into the future: charging goes on
            // from this hour; the readings stamped ahead are charged already.
            if (m_closedThroughMs > now + kAheadToleranceMs) {
                qCWarning(lcTokens).noquote()
                    << "token books: closed through"
                    << QDateTime::fromMSecsSinceEpoch(m_closedThroughMs, Qt::UTC)
                           .toString(Qt::ISODate)
                    << "which is ahead of the clock (it was set back): charging goes on from"
                    << QDateTime::fromMSecsSinceEpoch(hourOf(now), Qt::UTC).toString(Qt::ISODate);
                m_closedThroughMs = std::max(m_startMs, hourOf(now));
                j.appendTokenRecords(AgentJournal::TokenTable::Usage, {},
                                     {{kClosedKey, QString::number(m_closedThroughMs)}}, &why);
            }
            after = j.sequenceBefore(m_closedThroughMs - 1);
            loadPeers(j, &why);
        },
        patience);
    if (!why.isEmpty())
        qCWarning(lcTokens).noquote() << why;
    if (!answered) {
        // Books made without what is stored would number new facts over
        // the stored ones: nothing is written until a load goes through.
        m_loaded = false;
        qCWarning(lcTokens).noquote()
            << "token books: the journal" << m_journal->path() << "did not answer within"
            << patience.count() / 1000 << "s; the books hold what is metered from now on, in "
            << "memory only, and are read again shortly";
        return;
    }
    for (const AgentJournal::Entry& e : std::as_const(usage)) {
        QString error;
        const auto f = usageFactFromJson(QJsonDocument::fromJson(e.json).object(), &error);
        if (!f) {
            qCWarning(lcTokens).noquote() << "usage" << e.sequence << "unreadable:" << error;
            continue;
        }
        m_facts.append(*f);
        m_models.insert(f->gpuModel);
        m_ownServers.insert(f->server);
    }
    for (const AgentJournal::Entry& e : std::as_const(adjustments)) {
        const auto a = adjustmentFromJson(e.json);
        // One stored before adjustments were bounded would make a balance
        // infinite: said and left out of the books, still in the journal.
        if (a && std::isfinite(a->amount) && std::abs(a->amount) <= kMaxAdjustmentTokens)
            m_adjustments.append(*a);
        else
            qCWarning(lcTokens).noquote()
                << "adjustment" << e.sequence
                << "left out of the books: unreadable, or its amount is not a finite number of at "
                   "most"
                << kMaxAdjustmentTokens << "tokens either way";
    }
    // The readings from the last one before the closed boundary on (its
    // span into the open hour counts; the part before is stored already),
    // a page at a time: they may be a day of them.
    std::optional<Snapshot> before;
    for (;;) {
        QList<AgentJournal::Entry> page;
        if (!m_journal->call(
                [&](AgentJournal& j) {
                    page = j.read(after, quint64(std::numeric_limits<qint64>::max()), 1000, &why);
                },
                patience)) {
            qCWarning(lcTokens).noquote() << "token books: the journal" << m_journal->path()
                                          << "stopped answering while the readings after" << after
                                          << "were read; the books are read again shortly";
            for (RecordLog* log : {&m_usageLog, &m_adjustmentLog, &m_peerLog})
                log->clear(); // unloaded: nothing written over the stored
            m_loaded = false;
            break;
        }
        if (page.isEmpty())
            break;
        after = page.back().sequence;
        for (const AgentJournal::Entry& e : std::as_const(page)) {
            QString error;
            auto s = snapshotFromJsonBytes(e.json, &error);
            if (!s) {
                qCWarning(lcTokens).noquote() << "reading" << e.sequence << "unreadable:" << error;
                continue;
            }
            if (s->timestampMs < m_closedThroughMs) {
                before = std::move(*s);
                continue;
            }
            if (s->timestampMs > now + kAheadToleranceMs)
                continue; // stamped ahead: its hours are stored
            if (before) {
                feed(*before, true);
                before.reset();
            }
            feed(*s, true);
        }
    }
    if (before)
        feed(*before, true);
}

bool TokenDesk::beginBooksAt(AgentJournal& journal, qint64 ms, QString* error)
{
    if (journal.metaValue(kStartKey))
        return true;
    return journal.appendTokenRecords(AgentJournal::TokenTable::Usage, {},
                                      {{kStartKey, QString::number(hourOf(ms))}}, error);
}

void TokenDesk::published(const Snapshot& snapshot)
{
    if (!m_rules.enabled)
        return;
    // A load the journal did not answer is tried again (briefly) every
    // kLoadRetryMs; it rebuilds the books from the readings the journal
    // holds.
    if (!m_loaded && m_journal &&
        (!m_sinceLoadTry.isValid() || m_sinceLoadTry.hasExpired(kLoadRetryMs))) {
        load(JournalWriter::kCallPatience);
        if (m_loaded)
            return;
    }
    // Readings come in the order made: one before the closed boundary is
    // the wall clock set back past it.
    if (snapshot.timestampMs < m_closedThroughMs) {
        rewind(snapshot);
        return;
    }
    feed(snapshot, false);
}

void TokenDesk::rewind(const Snapshot& s)
{
    const qint64 back = std::max(m_startMs, hourOf(s.timestampMs));
    qCWarning(lcTokens).noquote()
        << "token books: the clock was set back to"
        << QDateTime::fromMSecsSinceEpoch(s.timestampMs, Qt::UTC).toString(Qt::ISODate)
        << "before the hours closed through"
        << QDateTime::fromMSecsSinceEpoch(m_closedThroughMs, Qt::UTC).toString(Qt::ISODate)
        << "- what was metered is stored, and charging goes on from"
        << QDateTime::fromMSecsSinceEpoch(back, Qt::UTC).toString(Qt::ISODate);
    if (m_openHourMs) {
        // What the meter holds (stamped ahead) is real use: stored as stamped.
        m_meter.finish();
        closeThrough(std::max(*m_openHourMs, m_closedThroughMs) + kHourMs, s);
    }
    m_carried.clear();
    storeFacts({}, back);
    m_meter = UsageMeter();
    m_meter.feed(s);
    m_ownServers.insert(s.server);
    m_lastServer = s.server;
    m_openHourMs = hourOf(s.timestampMs);
    books();
}

void TokenDesk::feed(const Snapshot& s, bool replay)
{
    // The keeper's own servers: a peer's fact naming one is refused.
    m_ownServers.insert(s.server);
    m_lastServer = s.server;
    m_meter.feed(s);
    const qint64 hour = hourOf(s.timestampMs);
    const bool closes = m_openHourMs && hour > *m_openHourMs && hour > m_closedThroughMs;
    m_openHourMs = hour;
    if (!closes)
        return;
    closeThrough(hour, s);
    // The books are built here, once an hour, so /v1/balances answers from
    // them (a replay builds them once, on the first request).
    if (!replay)
        books();
}

void TokenDesk::closeThrough(qint64 boundaryMs, const Snapshot& s)
{
    QHash<UsageMeter::Key, UsageFact> all = m_carried;
    for (const UsageFact& f : m_meter.facts()) {
        auto it = all.find(UsageMeter::Key::of(f));
        if (it == all.end()) {
            all.insert(UsageMeter::Key::of(f), f);
        } else {
            it->absorb(f);
        }
    }
    // A replay after a restart may find a gap stored before it.
    for (const CoverageGap& g : m_meter.gaps()) {
        if (!m_gaps.contains(g))
            m_gaps.append(g);
    }
    // Each meter lives an hour: a warning is logged once per agent run.
    const bool used = m_rules.charge == PolicyConfig::Tokens::Charge::Used;
    for (const QString& warning :
         m_meter.warnings() + (used ? m_meter.usedWarnings() : QStringList())) {
        if (!m_warned.contains(warning)) {
            m_warned.insert(warning);
            qCInfo(lcTokens).noquote() << warning;
        }
    }
    m_models += m_meter.gpuModelsSeen();
    QList<UsageFact> closed;
    m_carried.clear();
    for (auto it = all.cbegin(); it != all.cend(); ++it) {
        const UsageFact& f = it.value();
        if (f.hourStartMs + kHourMs <= boundaryMs) {
            // Hours closed before (a replay after a restart) are stored already.
            if (f.hourStartMs >= m_closedThroughMs)
                closed.append(f);
        } else {
            m_carried.insert(it.key(), f);
        }
    }
    std::sort(closed.begin(), closed.end(), [](const UsageFact& a, const UsageFact& b) {
        return UsageMeter::Key::of(a) < UsageMeter::Key::of(b);
    });
    storeFacts(closed, boundaryMs);
    // A fresh meter from this reading on: the one before is charged.
    m_meter = UsageMeter();
    m_meter.feed(s);
}

void TokenDesk::storeFacts(const QList<UsageFact>& facts, qint64 boundaryMs)
{
    QByteArrayList rows;
    for (const UsageFact& f : facts)
        rows.append(QJsonDocument(usageFactToJson(f)).toJson(QJsonDocument::Compact));
    QJsonArray gaps;
    for (const CoverageGap& g : std::as_const(m_gaps))
        gaps.append(coverageGapToJson(g));
    const QByteArray gapsJson = QJsonDocument(gaps).toJson(QJsonDocument::Compact);
    QString why;
    if (!m_usageLog.append(
            rows,
            {{kClosedKey, QString::number(boundaryMs)}, {kGapsKey, QString::fromUtf8(gapsJson)}},
            &why, RecordLog::Refused::Keep))
        qCWarning(lcTokens).noquote()
            << "usage facts kept in memory only, the journal refused them:" << why;
    m_facts += facts;
    m_closedThroughMs = boundaryMs;
    m_booksStale = true;
}

QByteArrayList TokenDesk::usageAfter(quint64 after, int limit, quint64* last) const
{
    QByteArrayList out;
    *last = after;
    for (qsizetype i = qsizetype(std::min<quint64>(after, quint64(m_facts.size())));
         i < m_facts.size() && out.size() < limit; ++i) {
        QJsonObject o = usageFactToJson(m_facts[i]);
        o.insert(QStringLiteral("sequence"), qint64(i + 1));
        out.append(QJsonDocument(o).toJson(QJsonDocument::Compact));
        *last = quint64(i + 1);
    }
    return out;
}

qint64 TokenDesk::booksFromMs() const
{
    qint64 from = m_startMs;
    for (const QList<UsageFact>* facts : {&m_facts, &m_peerFacts})
        for (const UsageFact& f : *facts)
            from = std::min(from, f.hourStartMs);
    return from;
}

QList<CoverageGap> TokenDesk::allGaps() const
{
    // The spans none of the keeper's sources charged.
    QList<CoverageGap> gaps = m_gaps;
    for (const QString& url : std::as_const(m_peerOrder))
        gaps += m_peers.value(url).gaps;
    return gaps;
}

const Books& TokenDesk::books()
{
    const qint64 now = m_now();
    // Brought forward when a fact or an adjustment is added (stale) and at
    // the next midnight in the books' zone (daily and monthly additions).
    if (m_running && !m_booksStale && now < m_booksUntilMs)
        return m_running->books();
    const QTimeZone zone = m_rules.timeZone.isEmpty() ? QTimeZone::systemTimeZone()
                                                      : QTimeZone(m_rules.timeZone.toUtf8());
    const QDate today = QDateTime::fromMSecsSinceEpoch(now, zone).date();
    m_booksUntilMs = today.addDays(1).startOfDay(zone).toMSecsSinceEpoch();

    // The keeper's books: its own facts and its peers' (none without peers).
    // They start at the first hour charged: facts from before (a peer's
    // past) make them whole again from there.
    if (m_running && (m_factsTaken > m_facts.size() || m_peerFactsTaken > m_peerFacts.size() ||
                      m_adjustmentsTaken > m_adjustments.size()))
        m_running.reset();
    qint64 from = m_running ? m_running->fromMs() : m_startMs;
    if (m_running) {
        for (qsizetype i = m_factsTaken; i < m_facts.size(); ++i)
            from = std::min(from, m_facts[i].hourStartMs);
        for (qsizetype i = m_peerFactsTaken; i < m_peerFacts.size(); ++i)
            from = std::min(from, m_peerFacts[i].hourStartMs);
    } else {
        from = booksFromMs();
    }
    if (m_running && from != m_running->fromMs()) {
        qCInfo(lcTokens).noquote()
            << "token books: facts from"
            << QDateTime::fromMSecsSinceEpoch(from, Qt::UTC).toString(Qt::ISODate)
            << "arrived, before the books began: they are made again whole";
        m_running.reset();
    }
    if (!m_running) {
        m_running.emplace(m_rules, from);
        m_factsTaken = m_peerFactsTaken = m_adjustmentsTaken = 0;
    }
    // Own facts first, then the peers', as a whole making takes them.
    m_running->addFacts(m_facts.mid(m_factsTaken));
    m_running->addFacts(m_peerFacts.mid(m_peerFactsTaken));
    m_running->addAdjustments(m_adjustments.mid(m_adjustmentsTaken));
    m_factsTaken = m_facts.size();
    m_peerFactsTaken = m_peerFacts.size();
    m_adjustmentsTaken = m_adjustments.size();
    m_running->setGpuModelsSeen(m_models);
    m_running->setGaps(allGaps());
    m_running->advanceTo(std::max(now + 1, m_closedThroughMs + 1));
    m_booksStale = false;
    return m_running->books();
}

Books TokenDesk::booksMadeWhole()
{
    books(); // to the same instant
    const qint64 until = m_running->untilMs();
    return buildBooks(m_facts + m_peerFacts, m_rules, booksFromMs(), until, m_adjustments, m_models,
                      allGaps());
}

void TokenDesk::addRoutes(RouteTable& table)
{
    using Method = QHttpServerRequest::Method;
    table.add(QStringLiteral("/v1/usage"), Method::Get, Scope::Read,
              [this, envelope = table.envelope()](const RouteRequest& r) {
                  return usage(r.http, envelope());
              });
    table.add(QStringLiteral("/v1/balances"), Method::Get, Scope::Read,
              [this](const RouteRequest&) {
                  if (m_balancesElsewhere) {
                      if (std::optional<QHttpServerResponse> r = m_balancesElsewhere())
                          return std::move(*r);
                  }
                  return enabled() ? balances() : notKept();
              });
    table.add(QStringLiteral("/v1/ledger"), Method::Get, Scope::Read,
              [this](const RouteRequest& r) { return enabled() ? ledger(r.http) : notKept(); });
    table.add(QStringLiteral("/v1/ledger"), Method::Post, Scope::Admin,
              [this](const RouteRequest& r) {
                  return enabled() ? adjust(r.http, r.tokenName()) : notKept();
              });
}

QHttpServerResponse TokenDesk::usage(const QHttpServerRequest& request,
                                     const CursorEnvelope& envelope)
{
    if (!enabled())
        return notKept();
    const CursorQuery cursor = cursorQuery(request);
    if (!cursor.error.isEmpty())
        return jsonError(400, QStringLiteral("bad_request"), cursor.error);
    // Facts are kept forever and numbered without holes.
    quint64 last = cursor.after;
    const QByteArrayList out = usageAfter(cursor.after, cursor.limit, &last);
    QByteArray body = cursorPage(envelope, "usage", out, cursor.after, last, false, cursor.limit,
                                 lastUsageSequence());
    // The spans not charged, so a keeper's books state them too.
    body.chop(1);
    body += ",\"gaps\":" + gapsJson() + '}';
    return jsonBytesReply(body);
}

QHttpServerResponse TokenDesk::notKept()
{
    return jsonError(404, QStringLiteral("not_found"),
                     QStringLiteral("this agent keeps no token books: its policy has no "
                                    "[tokens] section"));
}

QHttpServerResponse TokenDesk::balances()
{
    const Books& b = books();
    QJsonObject balances;
    for (auto it = b.balances.cbegin(); it != b.balances.cend(); ++it)
        balances.insert(it.key(), it.value());
    QJsonArray gaps;
    for (const CoverageGap& g : b.gaps)
        gaps.append(coverageGapToJson(g));
    return jsonReply({{QStringLiteral("now_ms"), m_now()},
                      {QStringLiteral("as_of_ms"), m_closedThroughMs},
                      {QStringLiteral("balances"), balances},
                      {QStringLiteral("cut_off"), QJsonArray::fromStringList(b.cutOff)},
                      {QStringLiteral("overdraft_floor"), m_rules.overdraftFloor},
                      {QStringLiteral("warnings"), QJsonArray::fromStringList(b.warnings)},
                      {QStringLiteral("gaps"), gaps},
                      {QStringLiteral("role"), QStringLiteral("keeper")},
                      {QStringLiteral("keeper"), serverName()},
                      {QStringLiteral("servers"), serversJson()}});
}

QByteArray TokenDesk::gapsJson() const
{
    QJsonArray gaps;
    for (const CoverageGap& g : std::as_const(m_gaps))
        gaps.append(coverageGapToJson(g));
    return QJsonDocument(gaps).toJson(QJsonDocument::Compact);
}

QHttpServerResponse TokenDesk::ledger(const QHttpServerRequest& request)
{
    const QUrlQuery q = request.query();
    const IntegerParameter after =
        integerParameter(q, QStringLiteral("after"), 0, std::numeric_limits<int>::max());
    const IntegerParameter limit = integerParameter(q, QStringLiteral("limit"), 1, kMaxLedgerPage);
    const QString error = !after.error.isEmpty() ? after.error : limit.error;
    if (!error.isEmpty())
        return jsonError(400, QStringLiteral("bad_request"), error);
    const QString user = q.queryItemValue(QStringLiteral("user"), QUrl::FullyDecoded);
    const qint64 skip = after.value.value_or(0);
    const qint64 max = limit.value.value_or(1000);
    const Books& b = books();
    QJsonArray entries;
    qint64 n = 0;
    bool more = false;
    for (const LedgerEntry& e : b.entries) {
        if (!user.isEmpty() && e.user != user)
            continue;
        ++n;
        if (n <= skip)
            continue;
        if (entries.size() >= max) {
            more = true;
            break;
        }
        entries.append(ledgerEntryToJson(e));
    }
    return jsonReply({{QStringLiteral("now_ms"), m_now()},
                      {QStringLiteral("user"), user},
                      {QStringLiteral("after"), skip},
                      {QStringLiteral("next"), skip + entries.size()},
                      {QStringLiteral("truncated"), more},
                      {QStringLiteral("balance"),
                       user.isEmpty() ? QJsonValue() : QJsonValue(b.balances.value(user))},
                      {QStringLiteral("entries"), entries}});
}

QHttpServerResponse TokenDesk::adjust(const QHttpServerRequest& request, const QString& by)
{
    QString error;
    const auto body = ledgerBodyFromJson(request.body(), &error);
    if (!body)
        return jsonError(400, QStringLiteral("bad_request"), error);
    Adjustment a{body->user, m_now(), body->amount, by, body->reason};
    if (!m_adjustmentLog.append({QJsonDocument(adjustmentToJson(a)).toJson(QJsonDocument::Compact)},
                                {}, &error))
        return jsonError(503, QStringLiteral("journal"),
                         QStringLiteral("the adjustment was not stored: %1").arg(error));
    m_adjustments.append(a);
    m_booksStale = true;
    const Books& b = books();
    for (auto it = b.entries.crbegin(); it != b.entries.crend(); ++it) {
        if (it->kind == LedgerEntry::Kind::Adjustment && it->user == a.user && it->atMs == a.atMs &&
            it->reason == a.reason) {
            QJsonObject o = ledgerEntryToJson(*it);
            o.insert(QStringLiteral("balance"), b.balances.value(a.user));
            return jsonReply(o, QHttpServerResponse::StatusCode::Created);
        }
    }
    return jsonReply(adjustmentToJson(a), QHttpServerResponse::StatusCode::Created);
}

} // namespace gw
