#pragma once

// The token books: an append-only ledger per user built from usage facts
// and the [tokens] rules (docs/tokens.md). Pure logic: the same facts and
// rules always give the same books, entry for entry, id for id.

#include "policy/policyconfig.h"
#include "tokens/usage.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimeZone>

#include <optional>

namespace gw {

struct LedgerEntry
{
    enum class Kind
    {
        Grant,
        Monthly,
        Daily,
        Usage,
        Adjustment
    };
    // From the facts ("usage/alice/gpu-node-3/NVIDIA H100…/2026-11-01T13"),
    // stable across rebuilds.
    QString id;
    Kind kind = Kind::Grant;
    QString user;
    qint64 atMs = 0;
    double amount = 0; // + added, − charged
    // Usage: server, gpuModel, migProfile/migSlices/gpuSlices, hourStartMs,
    // gpuHours, pricePerGpuHour. Adjustment: by (admin name / token name), reason.
    QString server, gpuModel, migProfile;
    int migSlices = 0, gpuSlices = 0;
    qint64 hourStartMs = 0;
    double gpuHours = 0, pricePerGpuHour = 0;
    // Usage under charge = "energy": the kWh drawn and the price per kWh
    // (then the amount's; gpuHours stays as held, for people).
    double energyKWh = 0, pricePerKwh = 0;
    QString by, reason;
    QString detail; // one sentence for people
    // Usage: the owner's account (docs/owners.md); empty where none is known.
    QString account;
    bool operator==(const LedgerEntry&) const = default;
};

struct Adjustment
{
    QString user;
    qint64 atMs = 0;
    double amount = 0;
    QString by;
    QString reason;
    bool operator==(const Adjustment&) const = default;
};

struct Books
{
    QList<LedgerEntry>
        entries; // in time order (ties: grant, usage, monthly, daily, adjustment; then id)
    QMap<QString, double> balances; // per user at `untilMs`
    QStringList warnings;           // "price \"RTX 2080\" (policy.toml:12) matches no GPU seen"
    QList<CoverageGap> gaps;        // spans not charged (agent down), said in the books
    // Added to the contract: users at or below the overdraft floor at
    // `untilMs` (cut off: candidates at any demand), sorted.
    QStringList cutOff;
    bool operator==(const Books&) const = default;
};

// Tokens per GPU-hour of a GPU model: the longest pattern found in the name
// (case ignored), else the default.
double priceFor(const PolicyConfig::Tokens& rules, const QString& gpuModel);

// The books from facts and rules over [fromMs, untilMs): grants when a user
// is first seen (first fact) or listed (at fromMs) = initial + that month's
// monthly; monthly on the 1st at 00:00 in rules.timeZone; daily at 00:00
// (while negative, or always); one usage entry per fact, charged at the end
// of its hour, for the hours that end in (fromMs, untilMs] (the books to a
// month's end hold its last hour; at a midnight the use of the hour that
// ends there comes before that midnight's additions); adjustments as given. Balances are NOT
// clamped at the floor (use happened); the floor decides who is cut off.
Books buildBooks(
    const QList<UsageFact>& facts, const PolicyConfig::Tokens& rules, qint64 fromMs, qint64 untilMs,
    const QList<Adjustment>& adjustments = {}, const QSet<QString>& gpuModelsSeen = {},
    const QList<CoverageGap>& gaps = {}); // added: the meter's gaps, clipped to the range

// The books kept and brought forward as time goes on (docs/tokens.md, "Books
// brought forward"): after any sequence of adds and advanceTo, books() is
// exactly buildBooks over [fromMs, untilMs) of everything added, in the order
// added (every entry, balance, warning, gap and who is cut off), but closing
// an hour costs that hour, not the history. An advance keeps the entries
// before the earliest point anything new touches and makes the rest again:
// normally nothing (the new hour's use, grants and additions are appended),
// after a late fact or adjustment (a peer's hour, a clock set back) the
// entries from its time on, and everything when the range shrinks. The
// balances there come from the checkpoint kept at each local midnight, summed
// forward in the books' own order, so they are the same doubles. buildBooks
// is one advance of a fresh one. Not thread-safe.
class RunningBooks
{
public:
    RunningBooks(const PolicyConfig::Tokens& rules, qint64 fromMs);

    // In the order buildBooks would be given them (facts of one server, user,
    // model, hour and account are merged in that order).
    void addFacts(const QList<UsageFact>& facts);
    void addAdjustments(const QList<Adjustment>& adjustments);
    // Replaced; both cost the number of models or gaps at the next advance.
    void setGpuModelsSeen(const QSet<QString>& models) { m_modelsSeen = models; }
    void setGaps(const QList<CoverageGap>& gaps) { m_gaps = gaps; }

    // The books over [fromMs, untilMs).
    const Books& advanceTo(qint64 untilMs);
    const Books& books() const { return m_books; }
    Books takeBooks();

    const PolicyConfig::Tokens& rules() const { return m_rules; }
    qint64 fromMs() const { return m_fromMs; }
    qint64 untilMs() const { return m_untilMs; }

    // What the last advance did: entries kept, entries made, and whether it
    // made them all (the first advance, a shorter range).
    struct Update
    {
        qsizetype kept = 0;
        qsizetype made = 0;
        bool whole = false;
    };
    Update lastUpdate() const { return m_lastUpdate; }

private:
    struct Point // (time, tie rank) in the order of the entries
    {
        qint64 ms = 0;
        int rank = 0;
        auto operator<=>(const Point&) const = default;
    };
    struct KeptAdjustment
    {
        Adjustment adjustment;
        QString id;
    };
    struct Checkpoint // the balances before a local midnight's additions
    {
        qint64 midnightMs = 0;
        qsizetype index = 0; // entries before it
        QMap<QString, double> balances;
    };
    void touch(Point p);
    void remake(Point cut, qint64 untilMs);
    LedgerEntry usageEntry(const UsageFact& f);
    const QString& hourId(qint64 hourStartMs);

    PolicyConfig::Tokens m_rules;
    QTimeZone m_zone;
    qint64 m_fromMs = 0;
    qint64 m_untilMs = 0;
    bool m_made = false;
    QString m_wholeText, m_energyText, m_migText;

    QList<UsageFact> m_facts; // merged, in the order first added
    QHash<UsageMeter::Key, qsizetype> m_slot;
    QMap<qint64, QList<qsizetype>> m_factsByEnd; // by the end of their hour
    QList<KeptAdjustment> m_adjustments;
    QMap<qint64, QList<qsizetype>> m_adjustmentsAt;
    QHash<QString, int> m_adjustmentCount;
    QSet<QString> m_models, m_modelsSeen;
    QList<CoverageGap> m_gaps;
    QHash<qint64, QString> m_hourIds;
    QHash<QString, double> m_prices;

    std::optional<Point> m_touched; // the earliest point a late addition changes
    QMap<QString, qint64> m_grantAt;
    QMap<QString, double> m_balance; // after the last entry
    QList<Checkpoint> m_checkpoints;
    Books m_books;
    Update m_lastUpdate;
};

// Per user: balance under `a` and under `b` (a price change replayed).
struct BookDiff
{
    QString user;
    double before = 0;
    double after = 0;
    bool operator==(const BookDiff&) const = default;
};
QList<BookDiff> compareBooks(const Books& a, const Books& b);

// What books were built from, read back from their entries: a fact per
// usage entry (its GPU-hours as charged, held and used alike), the
// adjustments, the gaps, the GPU models charged, and where they start (the
// first entry, or the start of the first hour charged). buildBooks of it under the same rules gives
// the same balances; under other prices, what those prices would have given. The price editor
// replays the books an agent keeps this way: the desktop holds their ledger, not the facts of every
// server.
struct BooksRecord
{
    QList<UsageFact> facts;
    QList<Adjustment> adjustments;
    QList<CoverageGap> gaps;
    QSet<QString> modelsSeen;
    qint64 fromMs = 0;
};
BooksRecord recordOfBooks(const Books& books);

QString
ledgerKindName(LedgerEntry::Kind kind); // "grant", "monthly", "daily", "usage", "adjustment"
std::optional<LedgerEntry::Kind> ledgerKindFromName(const QString& name);

} // namespace gw

Q_DECLARE_TYPEINFO(gw::LedgerEntry, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::Adjustment, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::BookDiff, Q_RELOCATABLE_TYPE);
