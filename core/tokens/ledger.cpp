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

QString tr(const char* s)
{
    return QCoreApplication::translate("gw::Ledger", s);
}

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

// A month of a fleet has a few hundred distinct hours and tens of thousands
// of facts: each hour's text is made once.
class HourIds
{
public:
    const QString& operator()(qint64 hourStartMs)
    {
        auto it = m_ids.find(hourStartMs);
        if (it == m_ids.end())
            it = m_ids.insert(hourStartMs, hourId(hourStartMs));
        return *it;
    }

private:
    QHash<qint64, QString> m_ids;
};

struct FactKey
{
    QString user, server, gpuModel, migProfile;
    qint64 hourStartMs = 0;
    QString account;
    bool operator==(const FactKey&) const = default;
};

size_t qHash(const FactKey& k, size_t seed = 0)
{
    return qHashMulti(seed, k.user, k.server, k.gpuModel, k.migProfile, k.hourStartMs, k.account);
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

Books buildBooks(const QList<UsageFact>& facts, const PolicyConfig::Tokens& rules, qint64 fromMs,
                 qint64 untilMs, const QList<Adjustment>& adjustments,
                 const QSet<QString>& gpuModelsSeen, const QList<CoverageGap>& gaps)
{
    Books books;
    const QTimeZone tz = zoneOf(rules);
    const bool used = rules.charge == PolicyConfig::Tokens::Charge::Used;

    // Facts merged by key (one usage entry, one id each), charged at the end
    // of their hour: those whose hour ends in (fromMs, untilMs], so the books
    // up to a month's end hold its last hour, and the books of a shorter
    // range are a prefix of a longer one's (at the instant a range ends,
    // its use sorts before the additions a longer range adds there).
    QHash<FactKey, qsizetype> slot;
    QList<UsageFact> merged;
    merged.reserve(facts.size());
    slot.reserve(facts.size());
    QSet<QString> models = gpuModelsSeen;
    for (const UsageFact& f : facts) {
        models.insert(f.gpuModel);
        const qint64 at = f.hourStartMs + kHourMs;
        if (at <= fromMs || at > untilMs)
            continue;
        const FactKey key{f.user, f.server, f.gpuModel, f.migProfile, f.hourStartMs, f.account};
        const auto it = slot.constFind(key);
        if (it == slot.cend()) {
            slot.insert(key, merged.size());
            merged << f;
        } else {
            merged[*it].heldGpuSeconds += f.heldGpuSeconds;
            merged[*it].usedGpuSeconds += f.usedGpuSeconds;
        }
    }
    HourIds hourIds;
    const QString wholeText = tr("%1 GPU-hours on %2 of %3 (%4 UTC) at %5 tokens per GPU-hour");
    const QString migText = tr("%1 GPU-hours on MIG %2 (%3/%4 of the GPU) of %5 of %6 (%7 UTC) "
                               "at %8 tokens per GPU-hour");

    QList<LedgerEntry> events; // usage and adjustments, and the grants they cause
    events.reserve(merged.size() + adjustments.size());
    QHash<QString, double> prices;
    for (const UsageFact& f : std::as_const(merged)) {
        auto p = prices.find(f.gpuModel);
        if (p == prices.end())
            p = prices.insert(f.gpuModel, priceFor(rules, f.gpuModel));
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
        // GPU-hours of the whole GPU: a MIG instance's fraction is already
        // in the seconds, so the price is the GPU's.
        e.gpuHours = (used ? f.usedGpuSeconds : f.heldGpuSeconds) / 3600.0;
        e.pricePerGpuHour = *p;
        e.amount = -e.gpuHours * e.pricePerGpuHour;
        const QString& hour = hourIds(f.hourStartMs);
        e.id = QStringLiteral("usage/") + f.user + u'/' + f.server + u'/' + f.gpuModel +
               (f.migProfile.isEmpty() ? QString() : u'/' + f.migProfile) +
               (f.account.isEmpty() ? QString() : QStringLiteral("/account=") + f.account) + u'/' +
               hour;
        e.detail = f.migProfile.isEmpty()
                       ? wholeText.arg(number(e.gpuHours), f.gpuModel, f.server, hour,
                                       number(e.pricePerGpuHour))
                       : migText.arg(number(e.gpuHours), f.migProfile, QString::number(f.migSlices),
                                     QString::number(f.gpuSlices), f.gpuModel, f.server, hour,
                                     number(e.pricePerGpuHour));
        if (!f.account.isEmpty())
            e.detail += QLatin1Char(' ') + tr("(account %1)").arg(f.account);
        events << std::move(e);
    }
    QHash<QString, int> adjustmentCount;
    for (const Adjustment& a : adjustments) {
        if (a.atMs < fromMs || a.atMs >= untilMs)
            continue;
        LedgerEntry e;
        e.kind = LedgerEntry::Kind::Adjustment;
        e.user = a.user;
        e.atMs = a.atMs;
        e.amount = a.amount;
        e.by = a.by;
        e.reason = a.reason;
        const QString base =
            QStringLiteral("adjustment/") + a.user + u'/' + QString::number(a.atMs);
        const int n = adjustmentCount[base]++;
        e.id = n == 0 ? base : base + u'/' + QString::number(n);
        e.detail = tr("%1 tokens by %2: %3").arg(number(a.amount), a.by, a.reason);
        events << e;
    }

    // When each user is first known: listed at the start, else their first
    // entry.
    QMap<QString, qint64> grantAt;
    for (const QString& u : rules.users)
        if (!u.isEmpty() && fromMs < untilMs)
            grantAt.insert(u, fromMs);
    for (const LedgerEntry& e : std::as_const(events)) {
        auto it = grantAt.find(e.user);
        if (it == grantAt.end())
            grantAt.insert(e.user, e.atMs);
        else if (e.atMs < *it)
            *it = e.atMs;
    }
    for (auto it = grantAt.cbegin(); it != grantAt.cend(); ++it) {
        LedgerEntry e;
        e.kind = LedgerEntry::Kind::Grant;
        e.user = it.key();
        e.atMs = it.value();
        e.amount = rules.initial + rules.monthly;
        e.id = QStringLiteral("grant/") + it.key();
        e.detail = tr("first seen: initial %1 and this month's %2")
                       .arg(number(rules.initial), number(rules.monthly));
        events << e;
    }
    // Sorted by index: entries are large, moved once into place.
    {
        QList<qsizetype> order(events.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(),
                  [&](qsizetype a, qsizetype b) { return entryBefore(events[a], events[b]); });
        QList<LedgerEntry> sorted;
        sorted.reserve(events.size());
        for (qsizetype i : order)
            sorted << std::move(events[i]);
        events = std::move(sorted);
    }

    // Walk the time: at each local midnight, the monthly (on the 1st) and the
    // daily additions for users granted before it, from the balances then.
    QMap<QString, double> balance;
    QList<LedgerEntry>& out = books.entries;
    out.reserve(events.size());
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
            out << events[next];
            ++next;
        }
    };
    if (fromMs < untilMs) {
        QDate day = QDateTime::fromMSecsSinceEpoch(fromMs, tz).date();
        for (;; day = day.addDays(1)) {
            const qint64 midnight = localMidnight(day, tz);
            if (midnight >= untilMs)
                break;
            if (midnight < fromMs)
                continue;
            applyUntil(midnight);
            const QString dayText = day.toString(Qt::ISODate);
            if (day.day() == 1 && rules.monthly != 0) {
                const QString month = day.toString(QStringLiteral("yyyy-MM"));
                for (auto it = grantAt.cbegin(); it != grantAt.cend(); ++it) {
                    if (it.value() >= midnight)
                        continue;
                    LedgerEntry e;
                    e.kind = LedgerEntry::Kind::Monthly;
                    e.user = it.key();
                    e.atMs = midnight;
                    e.amount = rules.monthly;
                    e.id = QStringLiteral("monthly/") + it.key() + u'/' + month;
                    e.detail = tr("monthly addition for %1").arg(month);
                    balance[e.user] += e.amount;
                    out << e;
                }
            }
            if (rules.daily != 0) {
                const bool always = rules.dailyWhen == PolicyConfig::Tokens::DailyWhen::Always;
                for (auto it = grantAt.cbegin(); it != grantAt.cend(); ++it) {
                    if (it.value() >= midnight || (!always && balance.value(it.key()) >= 0))
                        continue;
                    LedgerEntry e;
                    e.kind = LedgerEntry::Kind::Daily;
                    e.user = it.key();
                    e.atMs = midnight;
                    e.amount = rules.daily;
                    e.id = QStringLiteral("daily/") + it.key() + u'/' + dayText;
                    e.detail = always
                                   ? tr("daily addition for %1").arg(dayText)
                                   : tr("daily addition for %1 (balance below zero)").arg(dayText);
                    balance[e.user] += e.amount;
                    out << e;
                }
            }
        }
    }
    applyUntil(untilMs);

    for (auto it = grantAt.cbegin(); it != grantAt.cend(); ++it) {
        const double b = balance.value(it.key());
        books.balances.insert(it.key(), b);
        if (b <= rules.overdraftFloor)
            books.cutOff << it.key();
    }

    for (const PolicyConfig::Tokens::Price& p : rules.prices) {
        bool matched = false;
        for (const QString& m : std::as_const(models))
            matched = matched || m.contains(p.pattern, Qt::CaseInsensitive);
        if (!matched)
            books.warnings << (p.line > 0 ? tr("price \"%1\" (line %2) matches no GPU seen")
                                                .arg(p.pattern)
                                                .arg(p.line)
                                          : tr("price \"%1\" matches no GPU seen").arg(p.pattern));
    }

    for (const CoverageGap& g : gaps) {
        const qint64 a = std::max(g.fromMs, fromMs), b = std::min(g.toMs, untilMs);
        if (a < b)
            books.gaps << CoverageGap{g.server, a, b};
    }
    std::sort(books.gaps.begin(), books.gaps.end(), [](const CoverageGap& x, const CoverageGap& y) {
        return std::tie(x.fromMs, x.server, x.toMs) < std::tie(y.fromMs, y.server, y.toMs);
    });
    return books;
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
