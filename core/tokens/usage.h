#pragma once

// GPU time per user from readings: the facts the token books are built
// from (docs/tokens.md). Time comes from the readings only, by the one rule
// of readingSpanMs / isReadingGap (policy/policyengine.h); a silence longer
// than 3 × the interval is a gap, not use, and is reported.
//
// Not thread-safe: one thread feeds it.

#include "model/snapshot.h"
#include "tokens/energy.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace gw {

// GPU time of one user on one GPU model of one server within one UTC hour.
struct UsageFact
{
    QString server;
    QString user;
    QString gpuModel;       // the GPU's name as reported
    QString migProfile;     // "3g.40gb" for a MIG instance, empty for a whole GPU
    int migSlices = 0;      // compute slices of the profile
    int gpuSlices = 0;      // of the GPU (7 on an H100)
    qint64 hourStartMs = 0; // UTC hour the seconds fall in
    double heldGpuSeconds =
        0; // seconds × GPU fraction (MIG slices/total; split by memory when shared)
    double usedGpuSeconds = 0; // the same weighted by the process's utilisation (0–1)
    // The owner's account (docs/owners.md): a Slurm account, a label's, a
    // namespace rule's; empty where none is known.
    QString account;
    // The energy the user's processes drew (docs/health.md, "Energy"): the
    // GPU's counter, else its power, over each reading's span, split
    // between the GPU's processes (splitGpuEnergy). noEnergySeconds: the
    // held seconds whose GPU reported neither (they add no energy).
    double energyMj = 0;
    double noEnergySeconds = 0;
    bool operator==(const UsageFact&) const = default;
    // Another fact of the same key, added in.
    void absorb(const UsageFact& o)
    {
        heldGpuSeconds += o.heldGpuSeconds;
        usedGpuSeconds += o.usedGpuSeconds;
        energyMj += o.energyMj;
        noEnergySeconds += o.noEnergySeconds;
    }
};

// A span of one server with no readings (agent down): not charged.
struct CoverageGap
{
    QString server;
    qint64 fromMs = 0;
    qint64 toMs = 0;
    bool operator==(const CoverageGap&) const = default;
};

// Fed readings in time order per server (several servers interleaved is
// fine); a reading is charged when the next one of its server arrives (or at
// finish()).
class UsageMeter
{
public:
    void feed(const Snapshot& reading);
    void finish(); // charges each server's last reading (one interval)
    // Whether facts carry energy (energyMj, noEnergySeconds): what books
    // charging by energy need; on by default. Off, the facts have none and
    // the meter does less (a report whose books charge GPU time).
    void countEnergy(bool on) { m_countEnergy = on; }
    // Merged per (server, user, gpuModel, migProfile, hour, account), sorted;
    // the user is the process's owner (GpuProcess::ownerName()).
    QList<UsageFact> facts() const;
    QList<CoverageGap> gaps() const; // silences longer than 3 × interval, per server
    QStringList warnings() const;    // readings out of order, processes without user, …
    // What matters only under charge = "used": units without utilisation,
    // whose used time is counted as held.
    QStringList usedWarnings() const;
    QSet<QString> gpuModelsSeen() const;

    struct Key
    {
        QString server, user, gpuModel, migProfile;
        qint64 hourStartMs = 0;
        QString account;
        bool operator==(const Key&) const = default;
        bool operator<(const Key& o) const;
        static Key of(const UsageFact& f)
        {
            return {f.server, f.user, f.gpuModel, f.migProfile, f.hourStartMs, f.account};
        }
    };

private:
    // Where a process's seconds went last time: most readings repeat the
    // previous one's processes, so the fact is found without hashing.
    struct CachedFact
    {
        QString user, gpuModel, migProfile;
        qint64 hourStartMs = 0;
        qsizetype index = -1; // into m_amounts
        QString account;
    };
    struct ServerState
    {
        std::optional<Snapshot> pending; // the last reading, not yet charged
        qint64 intervalMs = 0;
        std::vector<CachedFact> cache;    // by position of the process in the reading
        std::vector<QString> modelsNoted; // GPU names by position, already in m_models
    };
    ServerState& serverOf(const QString& name);
    // `next`: the reading after r, where there is one (its counter ends
    // r's span).
    void charge(ServerState& s, const Snapshot& r, qint64 spanMs, const Snapshot* next);
    void warnOnce(const QString& text, QStringList* list = nullptr);

    // By name; a std::map, not a QHash: a copy of the meter is its own at
    // once (no shared data changed through m_last) and a state stays where
    // it is when others are added.
    std::map<QString, ServerState> m_servers;
    // The server fed last, and its name; a copy of the meter starts without
    // (the pointer is into the meter's own m_servers).
    struct LastServer
    {
        ServerState* state = nullptr;
        QString name;
        LastServer() = default;
        LastServer(const LastServer&) {}
        LastServer& operator=(const LastServer&)
        {
            state = nullptr;
            name.clear();
            return *this;
        }
    };
    LastServer m_last;
    struct Amount
    {
        int migSlices = 0, gpuSlices = 0;
        double held = 0, used = 0;
        double energyMj = 0, noEnergySeconds = 0;
    };
    qsizetype amountFor(ServerState& s, qsizetype processPos, const QString& server,
                        const QString& user, const QString& account, const QString& gpuModel,
                        const QString& profile, qint64 hour);

    // The facts in the order first seen (sorted by facts()), and where each is.
    QList<std::pair<Key, Amount>> m_amounts;
    QHash<Key, qsizetype> m_index;
    QList<CoverageGap> m_gaps;
    QStringList m_warnings;
    QStringList m_usedWarnings;
    QList<EnergyShare> m_shares; // scratch of charge()
    bool m_countEnergy = true;
    QSet<QString> m_warned;
    QSet<QString> m_models;
};

QList<UsageFact> usageFromReadings(const QList<Snapshot>& readings,
                                   QList<CoverageGap>* gaps = nullptr);

size_t qHash(const UsageMeter::Key& k, size_t seed = 0);

} // namespace gw

Q_DECLARE_TYPEINFO(gw::UsageFact, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::CoverageGap, Q_RELOCATABLE_TYPE);
