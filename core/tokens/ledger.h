#pragma once

// The token books: an append-only ledger per user built from usage facts
// and the [tokens] rules (docs/tokens.md). Pure logic: the same facts and
// rules always give the same books, entry for entry, id for id.

#include "policy/policyconfig.h"
#include "tokens/usage.h"

#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

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
