#pragma once

// Usage with memory (issue 29, "fair share with memory"): GPU-seconds that
// weigh less the older they are, halving every half-life, as Slurm's
// PriorityDecayHalfLife does; and the fair-share factor of Slurm's classic
// algorithm, F = 2^(-U/S) (Slurm's priority_multifactor documentation,
// "Fair-share Factor": U the entity's share of the decayed usage of all,
// S its share of all shares).
//
// Usage spread evenly over [from, to) decays continuously: at a time R after
// it, its weight is (u / (to - from)) · ∫ 2^(-(R - s) / h) ds over [from,
// to), in closed form (h / ln 2) · (2^(-(R - to)/h) - 2^(-(R - from)/h)) /
// (to - from). Times are UTC milliseconds: a day that a clock change makes
// 23 or 25 hours long decays by its real length.

#include <QHash>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace gw {

class DecayedUsage
{
public:
    // halfLife > 0.
    explicit DecayedUsage(std::chrono::milliseconds halfLife);

    std::chrono::milliseconds halfLife() const { return m_halfLife; }

    // `gpuSeconds` used evenly over [fromMs, toMs) by `key` (a user or an
    // account); toMs == fromMs: at that instant. Negative amounts and
    // reversed spans are refused (false).
    bool add(const QString& key, qint64 fromMs, qint64 toMs, double gpuSeconds);

    // The decayed usage of `key` at `atMs`, in GPU-seconds; 0 for a key
    // never seen. Nothing when atMs is before the end of some usage already
    // added (the past is not replayed: ask at or after the newest usage).
    std::optional<double> at(const QString& key, qint64 atMs) const;
    // Of every key together.
    std::optional<double> totalAt(qint64 atMs) const;
    QStringList keys() const { return m_usage.keys(); }
    // The end of the newest usage added (0 before any).
    qint64 newestMs() const { return m_newestMs; }

private:
    struct Value
    {
        double gpuSeconds = 0; // decayed to asOfMs
        qint64 asOfMs = 0;
    };
    double weight(qint64 fromMs, qint64 toMs, qint64 atMs) const;
    double decay(double value, qint64 fromMs, qint64 toMs) const;

    std::chrono::milliseconds m_halfLife;
    QHash<QString, Value> m_usage;
    qint64 m_newestMs = 0;
};

// Slurm's classic fair-share factor 2^(-U/S), in [0, 1]: usage / totalUsage
// against share / totalShares. 1 for no usage (or none by anyone); 0 for a
// share of 0 with usage; 0.5 for using exactly one's share.
double fairShareFactor(double usage, double totalUsage, double share, double totalShares);

} // namespace gw
