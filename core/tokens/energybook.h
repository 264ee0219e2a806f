#pragma once

// Energy over a run of readings (docs/health.md, "Energy"): each GPU's
// energy between two readings of its server from its counter
// (GpuHealthFacts::energyMj, mJ since the driver loaded) where both have it
// and it did not start again; else its power integrated over the span
// (trapezoids, labelled estimated: NVML's power is itself an average over a
// second or so). Each span's energy is split between the GPU's users in the
// later reading (splitGpuEnergy) and summed per GPU, owner, account and
// server. Energy is conserved: the owners' parts add up to the GPUs' totals
// to the millijoule. Pure: no clock, no I/O.

#include "model/snapshot.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <limits>
#include <optional>

namespace gw {

class EnergyBook
{
public:
    struct Total
    {
        quint64 mj = 0;
        // Of mj, what is not measured and split by the driver's figures:
        // power integrated where no counter, or split by memory.
        quint64 estimatedMj = 0;
        bool operator==(const Total&) const = default;
        double kWh() const { return double(mj) / 3.6e9; }
    };

    // The owner of energy no process used: a GPU idle and held by nobody.
    static QString unownedKey() { return QStringLiteral("(idle, unowned)"); }
    // The owner of a span the readings do not cover (a gap of more than
    // kMaxSpanIntervals intervals), or of a process with no user: measured
    // on the GPU, given to nobody.
    static QString unattributedKey() { return QStringLiteral("(not attributed)"); }
    static constexpr int kMaxSpanIntervals = 3;

    // Counts only what falls in [fromMs, toMs): a span across an edge
    // counts for its part inside, pro rata (a report's range). Set before
    // the first reading; without it everything counts.
    void setWindow(qint64 fromMs, qint64 toMs)
    {
        m_fromMs = fromMs;
        m_toMs = toMs;
    }

    // Readings of each server in time order (servers interleaved freely).
    void add(const Snapshot& r);

    // Keys: "<server>/<GPU uuid>"; the owner (GpuProcess::ownerName, a
    // holder's owner, or the keys above); the account (empty: none); the
    // server.
    const QHash<QString, Total>& byGpu() const { return m_gpu; }
    const QHash<QString, Total>& byOwner() const { return m_owner; }
    const QHash<QString, Total>& byAccount() const { return m_account; }
    const QHash<QString, Total>& byServer() const { return m_server; }
    // Counters that started again (a driver reload, a reboot), said once each.
    const QStringList& notes() const { return m_notes; }

private:
    struct Last
    {
        qint64 atMs = 0;
        std::optional<quint64> energyMj;
        std::optional<double> powerW;
    };
    static void credit(QHash<QString, Total>& into, const QString& key, quint64 mj, bool estimated);

    struct Server
    {
        std::optional<qint64> lastAtMs;
        qint64 intervalMs = 0; // 0: none known yet
    };
    QHash<QString, Last> m_last; // by "<server>/<uuid>"
    QHash<QString, Server> m_servers;
    QHash<QString, Total> m_gpu, m_owner, m_account, m_server;
    QStringList m_notes;
    qint64 m_fromMs = std::numeric_limits<qint64>::min();
    qint64 m_toMs = std::numeric_limits<qint64>::max();
};

} // namespace gw
