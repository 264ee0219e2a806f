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
#include "tokens/energy.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <limits>
#include <optional>
#include <unordered_map>
#include <vector>

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

    EnergyBook() = default;
    // A copy has its own totals: the pointers into them are found again.
    EnergyBook(const EnergyBook& o) { *this = o; }
    EnergyBook& operator=(const EnergyBook& o);
    EnergyBook(EnergyBook&&) = default;
    EnergyBook& operator=(EnergyBook&&) = default;

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
    const QHash<QString, Total>& byGpu() const { return view(m_gpu, m_gpuView); }
    const QHash<QString, Total>& byOwner() const { return view(m_owner, m_ownerView); }
    const QHash<QString, Total>& byAccount() const { return view(m_account, m_accountView); }
    const QHash<QString, Total>& byServer() const { return view(m_server, m_serverView); }
    // Counters that started again (a driver reload, a reboot), said once each.
    const QStringList& notes() const { return m_notes; }

private:
    struct Last
    {
        qint64 atMs = 0;
        std::optional<quint64> energyMj;
        std::optional<double> powerW;
    };
    // Totals where they stay while others are added (readings keep a
    // pointer to theirs), shown as a QHash made when asked for.
    struct Hasher
    {
        size_t operator()(const QString& s) const noexcept { return qHash(s); }
    };
    using Totals = std::unordered_map<QString, Total, Hasher>;
    struct Credit // who a payer paid last, found without a look-up
    {
        QString owner, account;
        Total *ownerTotal = nullptr, *accountTotal = nullptr;
    };
    struct Slot // a GPU by its position in its server's readings
    {
        QString uuid;
        bool seen = false;
        bool started = false; // `last` holds a reading
        Last last;
        Total* total = nullptr;
        Credit holder; // its holder's, when no process runs on it
    };
    struct Server
    {
        std::optional<qint64> lastAtMs;
        qint64 intervalMs = 0; // 0: none known yet
        Total* total = nullptr;
        std::vector<Slot> slots;
        std::vector<Credit> credits;
    };
    static void credit(Total& into, quint64 mj, bool estimated)
    {
        into.mj += mj;
        if (estimated)
            into.estimatedMj += mj;
    }
    static Total& totalOf(Totals& in, const QString& key) { return in[key]; }
    Total& nobody(Total*& cached, const QString& key)
    {
        if (!cached)
            cached = &totalOf(m_owner, key);
        return *cached;
    }
    Slot& slotOf(Server& server, qsizetype pos, const GpuSample& g);
    void pay(Credit& c, const QString& owner, const QString& account, quint64 mj, bool estimated);
    const QHash<QString, Total>& view(const Totals& totals, QHash<QString, Total>& cache) const
    {
        if (m_dirty) {
            m_gpuView.clear();
            m_ownerView.clear();
            m_accountView.clear();
            m_serverView.clear();
            m_dirty = false;
        }
        if (cache.isEmpty() && !totals.empty())
            for (const auto& [key, total] : totals)
                cache.insert(key, total);
        return cache;
    }

    std::unordered_map<QString, Server, Hasher> m_servers;
    Server* m_lastServer = nullptr;                        // the server fed last, and its name
    Total *m_unowned = nullptr, *m_unattributed = nullptr; // in m_owner, once credited
    QString m_lastServerName;
    Totals m_gpu, m_owner, m_account, m_server;
    mutable QHash<QString, Total> m_gpuView, m_ownerView, m_accountView, m_serverView;
    mutable bool m_dirty = false;
    // Scratch of add(): each process's GPU, the processes grouped by GPU
    // (GPU j's from m_firstOf[j]), the shares of one GPU.
    std::vector<qsizetype> m_gpuOf, m_onGpu, m_firstOf, m_fill;
    QList<EnergyShare> m_shares;
    QStringList m_notes;
    qint64 m_fromMs = std::numeric_limits<qint64>::min();
    qint64 m_toMs = std::numeric_limits<qint64>::max();
};

} // namespace gw
