#include "tokens/ledger.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QTimeZone>

#include <algorithm>
#include <numeric>
#include <tuple>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::Ledger)
};

constexpr qint64 kHourMs = 3600 * 1000;

// For people: at most 4 decimals, no trailing zeros ("0.0429", "20"); the
// amounts themselves stay exact.
QString number(double v)
{
    QString text = QString::number(v, 'f', 4);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text == QLatin1String("-0") ? QStringLiteral("0") : text;
}

QTimeZone zoneOf(const PolicyConfig::Tokens& rules)
{
    if (rules.timeZone.isEmpty())
        return QTimeZone::systemTimeZone();
    QTimeZone tz(rules.timeZone.toUtf8());
    // The parser refuses unknown zones; a hand-made rule falls back to UTC
    // rather than to this machine's zone, so the books do not move with it.
    return tz.isValid() ? tz : QTimeZone::utc();
}

qint64 localMidnight(const QDate& d, const QTimeZone& tz)
{
    return QDateTime(d, QTime(0, 0), tz).toMSecsSinceEpoch();
}

QString hourId(qint64 hourStartMs)
{
    return QDateTime::fromMSecsSinceEpoch(hourStartMs, QTimeZone::utc())
        .toString(QStringLiteral("yyyy-MM-ddTHH"));
}

// At one instant: grants, then the use of the hour that ends there, then
// the additions of a midnight (so a daily sees the balance after that use),
// then adjustments.
int tieRank(LedgerEntry::Kind kind)
{
    switch (kind) {
    case LedgerEntry::Kind::Grant:
        return 0;
    case LedgerEntry::Kind::Usage:
        return 1;
    case LedgerEntry::Kind::Monthly:
        return 2;
    case LedgerEntry::Kind::Daily:
        return 3;
    case LedgerEntry::Kind::Adjustment:
        return 4;
    }
    return 5;
}

bool entryBefore(const LedgerEntry& a, const LedgerEntry& b)
{
    if (a.atMs != b.atMs)
        return a.atMs < b.atMs;
    if (a.kind != b.kind)
        return tieRank(a.kind) < tieRank(b.kind);
    return a.id < b.id;
}

} // namespace

QString ledgerKindName(LedgerEntry::Kind kind)
{
    switch (kind) {
    case LedgerEntry::Kind::Grant:
        return QStringLiteral("grant");
    case LedgerEntry::Kind::Monthly:
        return QStringLiteral("monthly");
    case LedgerEntry::Kind::Daily:
        return QStringLiteral("daily");
    case LedgerEntry::Kind::Usage:
        return QStringLiteral("usage");
    case LedgerEntry::Kind::Adjustment:
        return QStringLiteral("adjustment");
    }
    return {};
}

std::optional<LedgerEntry::Kind> ledgerKindFromName(const QString& name)
{
    for (LedgerEntry::Kind k :
         {LedgerEntry::Kind::Grant, LedgerEntry::Kind::Monthly, LedgerEntry::Kind::Daily,
          LedgerEntry::Kind::Usage, LedgerEntry::Kind::Adjustment})
        if (ledgerKindName(k) == name)
            return k;
    return std::nullopt;
}

double priceFor(const PolicyConfig::Tokens& rules, const QString& gpuModel)
{
    const PolicyConfig::Tokens::Price* best = nullptr;
    for (const PolicyConfig::Tokens::Price& p : rules.prices)
        if (!p.pattern.isEmpty() && gpuModel.contains(p.pattern, Qt::CaseInsensitive) &&
            (!best || p.pattern.size() > best->pattern.size()))
            best = &p;
    return best ? best->perGpuHour : rules.defaultPrice;
}

RunningBooks::RunningBooks(const PolicyConfig::Tokens& rules, qint64 fromMs)
    : m_rules(rules)
    , m_zone(zoneOf(rules))
    , m_fromMs(fromMs)
    , m_untilMs(fromMs)
    , m_wholeText(Tr::tr("%1 GPU-hours on %2 of %3 (%4 UTC) at %5 tokens per GPU-hour"))
    , m_energyText(Tr::tr("%1 kWh on %2 of %3 (%4 UTC, %5 GPU-hours) at %6 tokens per kWh"))
    , m_migText(Tr::tr("%1 GPU-hours on MIG %2 (%3/%4 of the GPU) of %5 of %6 (%7 UTC) "
                       "at %8 tokens per GPU-hour"))
{}

void RunningBooks::touch(Point p)
{
    if (!m_touched || p < *m_touched)
        m_touched = p;
}

void RunningBooks::addFacts(const QList<UsageFact>& facts)
{
    // Facts merged by key (one usage entry, one id each), charged at the end
    // of their hour: those whose hour ends in (fromMs, untilMs], so the books
    // up to a month's end hold its last hour, and the books of a shorter
    // range are a prefix of a longer one's (at the instant a range ends,
    // its use sorts before the additions a longer range adds there).
    // Reserved once, for a whole making: an hour's few must not reallocate
    // the history each time.
    if (m_facts.isEmpty()) {
        m_slot.reserve(facts.size());
        m_facts.reserve(facts.size());
    }
    // Facts come by the hour: the hour's list is looked up when it changes
    // (std::map's nodes stay put as others are inserted).
    QList<qsizetype>* hourList = nullptr;
    qint64 hourListAt = 0;
    for (const UsageFact& f : facts) {
        m_models.insert(f.gpuModel);
        const qint64 at = f.hourStartMs + kHourMs;
        if (at <= m_fromMs)
            continue;
        const UsageMeter::Key key = UsageMeter::Key::of(f);
        const auto it = m_slot.constFind(key);
        if (it == m_slot.cend()) {
            m_slot.insert(key, m_facts.size());
            if (!hourList || hourListAt != at) {
                hourList = &m_factsByEnd[at];
                hourListAt = at;
            }
            hourList->append(m_facts.size());
            m_facts << f;
        } else {
            m_facts[*it].absorb(f);
        }
        // Within the books made (a late fact): made again from its hour's
        // end, its user's grant included.
        if (m_made && at <= m_untilMs)
            touch({at, 0});
    }
}

void RunningBooks::addAdjustments(const QList<Adjustment>& adjustments)
{
    for (const Adjustment& a : adjustments) {
        if (a.atMs < m_fromMs)
            continue;
        // Numbered among those of the same user and instant, which are all
        // within a range or all outside it.
        const QString base =
            QStringLiteral("adjustment/") + a.user + u'/' + QString::number(a.atMs);
        const int n = m_adjustmentCount[base]++;
        m_adjustmentsAt[a.atMs].append(m_adjustments.size());
        m_adjustments.append({a, n == 0 ? base : base + u'/' + QString::number(n)});
        if (m_made && a.atMs < m_untilMs)
            touch({a.atMs, 0});
    }
}

const QString& RunningBooks::hourId(qint64 hourStartMs)
{
    // A month of a fleet has a few hundred distinct hours and tens of
    // thousands of facts: each hour's text is made once.
    auto it = m_hourIds.find(hourStartMs);
    if (it == m_hourIds.end())
        it = m_hourIds.insert(hourStartMs, gw::hourId(hourStartMs));
    return *it;
}

LedgerEntry RunningBooks::usageEntry(const UsageFact& f)
{
    auto p = m_prices.find(f.gpuModel);
    if (p == m_prices.end())
        p = m_prices.insert(f.gpuModel, priceFor(m_rules, f.gpuModel));
    LedgerEntry e;
    e.kind = LedgerEntry::Kind::Usage;
    e.user = f.user;
    e.atMs = f.hourStartMs + kHourMs;
    e.server = f.server;
    e.gpuModel = f.gpuModel;
    e.migProfile = f.migProfile;
    e.migSlices = f.migSlices;
    e.gpuSlices = f.gpuSlices;
    e.hourStartMs = f.hourStartMs;
    e.account = f.account;
    // GPU-hours of the whole GPU: a MIG instance's fraction is already in
    // the seconds, so the price is the GPU's.
    const bool used = m_rules.charge == PolicyConfig::Tokens::Charge::Used;
    e.gpuHours = (used ? f.usedGpuSeconds : f.heldGpuSeconds) / 3600.0;
    e.pricePerGpuHour = *p;
    e.amount = -e.gpuHours * e.pricePerGpuHour;
    const bool energy = m_rules.charge == PolicyConfig::Tokens::Charge::Energy;
    if (energy) {
        e.gpuHours = f.heldGpuSeconds / 3600.0;
        e.pricePerGpuHour = 0;
        e.energyKWh = f.energyMj / 3.6e9;
        e.pricePerKwh = m_rules.perKwh;
        e.amount = -e.energyKWh * e.pricePerKwh;
    }
    const QString& hour = hourId(f.hourStartMs);
    e.id = QStringLiteral("usage/") + f.user + u'/' + f.server + u'/' + f.gpuModel +
           (f.migProfile.isEmpty() ? QString() : u'/' + f.migProfile) +
           (f.account.isEmpty() ? QString() : QStringLiteral("/account=") + f.account) + u'/' +
           hour;
    e.detail = energy ? m_energyText.arg(number(e.energyKWh),
                                         f.migProfile.isEmpty() ? f.gpuModel
                                                                : f.migProfile + u' ' + f.gpuModel,
                                         f.server, hour, number(e.gpuHours), number(e.pricePerKwh))
               : f.migProfile.isEmpty()
                   ? m_wholeText.arg(number(e.gpuHours), f.gpuModel, f.server, hour,
                                     number(e.pricePerGpuHour))
                   : m_migText.arg(number(e.gpuHours), f.migProfile, QString::number(f.migSlices),
                                   QString::number(f.gpuSlices), f.gpuModel, f.server, hour,
                                   number(e.pricePerGpuHour));
    if (!f.account.isEmpty())
        e.detail += QLatin1Char(' ') + Tr::tr("(account %1)").arg(f.account);
    return e;
}

const Books& RunningBooks::advanceTo(qint64 untilMs)
{
    std::optional<Point> cut;
    // The first books (or none made yet), or a shorter range (the clock set
    // back): made whole.
    const bool whole = !m_made || m_untilMs <= m_fromMs || untilMs < m_untilMs;
    if (whole) {
        m_books.entries.clear();
        m_balance.clear();
        m_checkpoints.clear();
        m_grantAt.clear();
        cut = Point{m_fromMs, 0};
    } else {
        // Made through m_untilMs: its use is in; the additions of a midnight
        // there and adjustments at it are not (an adjustment there also
        // makes its user's grant, which sorts before that use). Then
        // whatever a late addition touched.
        if (untilMs > m_untilMs)
            cut = Point{m_untilMs, m_adjustmentsAt.contains(m_untilMs) ? 0 : 2};
        if (m_touched && (!cut || *m_touched < *cut))
            cut = m_touched;
    }
    m_touched.reset();
    m_lastUpdate = {m_books.entries.size(), 0, whole};
    m_made = true;
    m_untilMs = untilMs;
    if (cut)
        remake(*cut, untilMs);

    // Who is cut off, the warnings and the gaps: as many as users, prices
    // and gaps, whatever the history.
    Books& books = m_books;
    books.balances.clear();
    books.cutOff.clear();
    for (auto it = m_grantAt.cbegin(); it != m_grantAt.cend(); ++it) {
        const double b = m_balance.value(it.key());
        books.balances.insert(it.key(), b);
        if (b <= m_rules.overdraftFloor)
            books.cutOff << it.key();
    }
    books.warnings.clear();
    // The GPU-hour prices price nothing under charge = "energy".
    const bool byEnergy = m_rules.charge == PolicyConfig::Tokens::Charge::Energy;
    for (const PolicyConfig::Tokens::Price& p :
         byEnergy ? QList<PolicyConfig::Tokens::Price>() : m_rules.prices) {
        bool matched = false;
        for (const QSet<QString>* models : {&m_models, &m_modelsSeen})
            for (const QString& m : *models)
                matched = matched || m.contains(p.pattern, Qt::CaseInsensitive);
        if (!matched)
            books.warnings << (p.line > 0
                                   ? Tr::tr("price \"%1\" (line %2) matches no GPU seen")
                                         .arg(p.pattern)
                                         .arg(p.line)
                                   : Tr::tr("price \"%1\" matches no GPU seen").arg(p.pattern));
    }
    if (byEnergy) {
        // Use whose GPU told no energy is charged nothing: said, with whose.
        double seconds = 0;
        QSet<QString> users;
        for (const UsageFact& f : std::as_const(m_facts)) {
            const qint64 end = f.hourStartMs + kHourMs;
            if (f.noEnergySeconds > 0 && end > m_fromMs && end <= untilMs) {
                seconds += f.noEnergySeconds;
                users.insert(f.user);
            }
        }
        if (seconds > 0) {
            QStringList names(users.cbegin(), users.cend());
            names.sort();
            books.warnings << Tr::tr(
                                  "charge = \"energy\": %1 GPU-hours of use (%2) ran on GPUs that "
                                  "reported neither power nor an energy counter, or came from "
                                  "facts without energy: charged nothing for them")
                                  .arg(number(seconds / 3600.0), names.join(QStringLiteral(", ")));
        }
    }
    books.gaps.clear();
    for (const CoverageGap& g : std::as_const(m_gaps)) {
        const qint64 a = std::max(g.fromMs, m_fromMs), b = std::min(g.toMs, untilMs);
        if (a < b)
            books.gaps << CoverageGap{g.server, a, b};
    }
    std::sort(books.gaps.begin(), books.gaps.end(), [](const CoverageGap& x, const CoverageGap& y) {
        return std::tie(x.fromMs, x.server, x.toMs) < std::tie(y.fromMs, y.server, y.toMs);
    });
    return m_books;
}

void RunningBooks::remake(Point cut, qint64 untilMs)
{
    const qint64 fromMs = m_fromMs;
    QList<LedgerEntry>& out = m_books.entries;
    // Kept: the entries before the cut, in the order (time, tie rank).
    const qsizetype keep = std::lower_bound(out.cbegin(), out.cend(), cut,
                                            [](const LedgerEntry& e, const Point& p) {
                                                return Point{e.atMs, tieRank(e.kind)} < p;
                                            }) -
                           out.cbegin();
    // The balances there: the last midnight's before it, summed forward.
    while (!m_checkpoints.isEmpty() && m_checkpoints.back().midnightMs >= cut.ms)
        m_checkpoints.removeLast();
    QMap<QString, double> balance;
    if (keep == out.size()) {
        balance = std::move(m_balance);
    } else {
        qsizetype i = 0;
        if (!m_checkpoints.isEmpty()) {
            balance = m_checkpoints.back().balances;
            i = m_checkpoints.back().index;
        }
        for (; i < keep; ++i)
            balance[out[i].user] += out[i].amount;
        out.resize(keep);
    }
    m_lastUpdate.kept = keep;

    // When each user is first known: listed at the start, else their first
    // entry. Whatever was not in the books before is at or after the cut.
    if (cut.ms <= fromMs && fromMs < untilMs)
        for (const QString& u : m_rules.users)
            if (!u.isEmpty() && !m_grantAt.contains(u))
                m_grantAt.insert(u, fromMs);
    auto firstKnown = [&](const QString& user, qint64 at) {
        auto it = m_grantAt.find(user);
        if (it == m_grantAt.end())
            m_grantAt.insert(user, at);
        else if (at < *it)
            *it = at;
    };

    // Usage and adjustments from the cut on, and the grants they cause, in
    // three runs each in the entries' order: usage and adjustments come by
    // their instant and are sorted within it (by id), grants are sorted.
    QList<LedgerEntry> events;
    if (keep == 0) // whole: entries are large, placed once
        events.reserve(m_facts.size() + m_adjustments.size() + m_grantAt.size() +
                       m_rules.users.size());
    QList<qsizetype> order;
    order.reserve(events.capacity());
    // Indices [from, events.size()) of one instant, sorted by id.
    auto sortInstant = [&](qsizetype from) {
        for (qsizetype i = from; i < events.size(); ++i)
            order << i;
        std::sort(order.begin() + from, order.end(),
                  [&](qsizetype a, qsizetype b) { return events[a].id < events[b].id; });
    };
    for (auto it = std::as_const(m_factsByEnd).lowerBound(cut.ms);
         it != m_factsByEnd.cend() && it.key() <= untilMs; ++it) {
        const bool make = Point{it.key(), tieRank(LedgerEntry::Kind::Usage)} >= cut;
        const qsizetype first = events.size();
        for (qsizetype i : it.value()) {
            firstKnown(m_facts[i].user, it.key());
            if (make)
                events << usageEntry(m_facts[i]);
        }
        sortInstant(first);
    }
    const qsizetype usageEnd = events.size();
    for (auto it = std::as_const(m_adjustmentsAt).lowerBound(std::max(cut.ms, fromMs));
         it != m_adjustmentsAt.cend() && it.key() < untilMs; ++it) {
        const qsizetype first = events.size();
        for (qsizetype i : it.value()) {
            const Adjustment& a = m_adjustments[i].adjustment;
            firstKnown(a.user, a.atMs);
            LedgerEntry e;
            e.kind = LedgerEntry::Kind::Adjustment;
            e.user = a.user;
            e.atMs = a.atMs;
            e.amount = a.amount;
            e.by = a.by;
            e.reason = a.reason;
            e.id = m_adjustments[i].id;
            e.detail = Tr::tr("%1 tokens by %2: %3").arg(number(a.amount), a.by, a.reason);
            events << std::move(e);
        }
        sortInstant(first);
    }
    const qsizetype adjustmentsEnd = events.size();
    for (auto it = m_grantAt.cbegin(); it != m_grantAt.cend(); ++it) {
        if (Point{it.value(), tieRank(LedgerEntry::Kind::Grant)} < cut)
            continue;
        LedgerEntry e;
        e.kind = LedgerEntry::Kind::Grant;
        e.user = it.key();
        e.atMs = it.value();
        e.amount = m_rules.initial + m_rules.monthly;
        e.id = QStringLiteral("grant/") + it.key();
        e.detail = Tr::tr("first seen: initial %1 and this month's %2")
                       .arg(number(m_rules.initial), number(m_rules.monthly));
        events << std::move(e);
    }
    for (qsizetype i = adjustmentsEnd; i < events.size(); ++i)
        order << i;
    const auto before = [&](qsizetype a, qsizetype b) {
        return entryBefore(events[a], events[b]);
    };
    std::sort(order.begin() + adjustmentsEnd, order.end(), before);
    // The three runs merged by index: entries are large, moved once into place.
    {
        std::inplace_merge(order.begin(), order.begin() + usageEnd, order.begin() + adjustmentsEnd,
                           before);
        std::inplace_merge(order.begin(), order.begin() + adjustmentsEnd, order.end(), before);
        QList<LedgerEntry> sorted;
        sorted.reserve(events.size());
        for (qsizetype i : std::as_const(order))
            sorted << std::move(events[i]);
        events = std::move(sorted);
    }

    // Walk the time: at each local midnight, the monthly (on the 1st) and the
    // daily additions for users granted before it, from the balances then.
    out.reserve(out.size() + events.size());
    qsizetype next = 0;
    auto applyUntil = [&](qint64 t) {
        // Entries before t, and at t those that sort before monthly and
        // daily: grants and the use of the hour ending at t.
        const auto atT = [&](const LedgerEntry& e) {
            return e.atMs == t &&
                   (e.kind == LedgerEntry::Kind::Grant || e.kind == LedgerEntry::Kind::Usage);
        };
        while (next < events.size() && (events[next].atMs < t || atT(events[next]))) {
            balance[events[next].user] += events[next].amount;
            out << std::move(events[next]);
            ++next;
        }
    };
    if (fromMs < untilMs) {
        // From the day before the cut's: the first midnight at or after it.
        QDate day =
            QDateTime::fromMSecsSinceEpoch(std::max(cut.ms, fromMs), m_zone).date().addDays(-1);
        for (;; day = day.addDays(1)) {
            const qint64 midnight = localMidnight(day, m_zone);
            if (midnight >= untilMs)
                break;
            if (midnight < fromMs || midnight < cut.ms)
                continue;
            applyUntil(midnight);
            m_checkpoints.append({midnight, out.size(), balance});
            const QString dayText = day.toString(Qt::ISODate);
            if (day.day() == 1 && m_rules.monthly != 0) {
                const QString month = day.toString(QStringLiteral("yyyy-MM"));
                for (auto it = m_grantAt.cbegin(); it != m_grantAt.cend(); ++it) {
                    if (it.value() >= midnight)
                        continue;
                    LedgerEntry e;
                    e.kind = LedgerEntry::Kind::Monthly;
                    e.user = it.key();
                    e.atMs = midnight;
                    e.amount = m_rules.monthly;
                    e.id = QStringLiteral("monthly/") + it.key() + u'/' + month;
                    e.detail = Tr::tr("monthly addition for %1").arg(month);
                    balance[e.user] += e.amount;
                    out << std::move(e);
                }
            }
            if (m_rules.daily != 0) {
                const bool always = m_rules.dailyWhen == PolicyConfig::Tokens::DailyWhen::Always;
                for (auto it = m_grantAt.cbegin(); it != m_grantAt.cend(); ++it) {
                    if (it.value() >= midnight || (!always && balance.value(it.key()) >= 0))
                        continue;
                    LedgerEntry e;
                    e.kind = LedgerEntry::Kind::Daily;
                    e.user = it.key();
                    e.atMs = midnight;
                    e.amount = m_rules.daily;
                    e.id = QStringLiteral("daily/") + it.key() + u'/' + dayText;
                    e.detail =
                        always ? Tr::tr("daily addition for %1").arg(dayText)
                               : Tr::tr("daily addition for %1 (balance below zero)").arg(dayText);
                    balance[e.user] += e.amount;
                    out << std::move(e);
                }
            }
        }
    }
    applyUntil(untilMs);
    m_balance = std::move(balance);
    m_lastUpdate.made = out.size() - keep;
}

Books RunningBooks::takeBooks()
{
    m_made = false;
    return std::move(m_books);
}

Books buildBooks(const QList<UsageFact>& facts, const PolicyConfig::Tokens& rules, qint64 fromMs,
                 qint64 untilMs, const QList<Adjustment>& adjustments,
                 const QSet<QString>& gpuModelsSeen, const QList<CoverageGap>& gaps)
{
    RunningBooks books(rules, fromMs);
    books.addFacts(facts);
    books.addAdjustments(adjustments);
    books.setGpuModelsSeen(gpuModelsSeen);
    books.setGaps(gaps);
    books.advanceTo(untilMs);
    return books.takeBooks();
}

BooksRecord recordOfBooks(const Books& books)
{
    BooksRecord r;
    r.gaps = books.gaps;
    for (const LedgerEntry& e : books.entries) {
        // A usage entry is charged at its hour's end: the books began by
        // the hour's start at the latest.
        const qint64 began = e.kind == LedgerEntry::Kind::Usage ? e.hourStartMs : e.atMs;
        if (r.fromMs == 0 || began < r.fromMs)
            r.fromMs = began;
        if (e.kind == LedgerEntry::Kind::Adjustment) {
            r.adjustments.append({e.user, e.atMs, e.amount, e.by, e.reason});
        } else if (e.kind == LedgerEntry::Kind::Usage) {
            UsageFact f;
            f.server = e.server;
            f.user = e.user;
            f.gpuModel = e.gpuModel;
            f.migProfile = e.migProfile;
            f.migSlices = e.migSlices;
            f.gpuSlices = e.gpuSlices;
            f.hourStartMs = e.hourStartMs;
            f.account = e.account;
            f.heldGpuSeconds = e.gpuHours * 3600.0;
            f.usedGpuSeconds = f.heldGpuSeconds;
            f.energyMj = e.energyKWh * 3.6e9;
            r.facts.append(f);
            r.modelsSeen.insert(e.gpuModel);
        }
    }
    return r;
}

QList<BookDiff> compareBooks(const Books& a, const Books& b)
{
    QMap<QString, BookDiff> diffs;
    for (auto it = a.balances.cbegin(); it != a.balances.cend(); ++it) {
        BookDiff& d = diffs[it.key()];
        d.user = it.key();
        d.before = it.value();
    }
    for (auto it = b.balances.cbegin(); it != b.balances.cend(); ++it) {
        BookDiff& d = diffs[it.key()];
        d.user = it.key();
        d.after = it.value();
    }
    return diffs.values();
}

} // namespace gw
