#pragma once

// The fleet at a glance, as plain data for the overview's painted view: every
// GPU of every server as a tile (utilisation, memory, temperature, power,
// users, verdict, freshness), grouped by server, sorted and filtered. Rebuilt
// from LiveState when it changes (coalesced: a poll of many servers gives one
// rebuild).

#include "common/palette.h"
#include "engine/livestate.h"
#include "model/linkstatus.h"
#include "model/snapshot.h"
#include "policy/policyengine.h"

#include <QObject>
#include <QStringList>
#include <QTimer>

#include <optional>

namespace gw {

class VerdictBook;

struct OverviewTile
{
    QString server;
    QString uuid;
    int index = -1;
    QString model; // "NVIDIA H100 80GB HBM3"
    std::optional<double> utilPercent;
    std::optional<double> memoryUsedMiB;
    std::optional<double> memoryTotalMiB;
    std::optional<double> temperatureC;
    std::optional<double> powerW;
    // The owners of its processes (docs/owners.md), sorted, distinct; a
    // process without one reads "unknown", as does every process of a
    // server whose sampler runs in a PID namespace of its own.
    QStringList users;
    // "held by pod vision/notebook-0 (carol)": the workload the GPU is
    // assigned to (GpuSample::holder); empty where nothing holds it.
    QString heldBy;
    int processCount = 0;
    // The verdict; Stale (no verdict) when the server's newest reading is old.
    DisplayState state = DisplayState::NotReported;
    bool stale = false;
    qint64 ageMs = 0;
    bool mig = false;
    std::optional<int> migSliceCount;
    QList<MigInstance> migInstances;
    QString error;
    // The policy verdicts on its processes (hog, idle, over quota), as the
    // tree and the process tables show them; none on a stale tile.
    std::optional<ProcessVerdict> verdict;
    // The GPU's health verdict (docs/health.md); none on a stale tile.
    std::optional<GpuHealth> health;

    // "gpu-lab-01 GPU 2": the tile as a screen reader names it.
    QString title() const;
    // What a screen reader and a tooltip say about the tile, in one line:
    // its title, state, figures and the reading's age.
    QString description() const;
};

struct OverviewGroup
{
    QString server;
    Freshness freshness;
    std::optional<LinkState> link; // remote servers only
    // What the machine calls itself, when that is not the name it is
    // watched under (an agent's host name beside its host:port): a detail.
    QString host;
    int gpuCount = 0; // all of the server's GPUs, shown or not
    QList<int> tiles; // indices into OverviewModel::tiles(), in display order

    // "8 GPUs · updated 2 s ago", "stale · last reading 4 min 10 s ago", "unreachable".
    QString headerText() const;
    // Its freshness alone ("updated 2 s ago", "stale, last reading 4 min
    // 10 s ago", "unreachable"): the part of the header that must stay
    // whole however narrow the card.
    QString freshnessText() const;
};

class OverviewModel final : public QObject
{
    Q_OBJECT
public:
    enum class SortKey
    {
        Server,      // servers by name, GPUs by index
        Utilisation, // highest first (absent last); servers by their highest
        Memory,      // fraction of memory used, highest first
        Temperature, // hottest first
    };

    explicit OverviewModel(const LiveState* fleet, QObject* parent = nullptr);

    void setSortKey(SortKey key);
    SortKey sortKey() const { return m_sort; }
    // Matches a tile whose owners, holder, GPU model or server contain
    // `text` (any case).
    void setTextFilter(const QString& text);
    QString textFilter() const { return m_text; }
    // Only tiles in this state; nullopt: all.
    void setStateFilter(std::optional<DisplayState> state);
    std::optional<DisplayState> stateFilter() const { return m_state; }
    // The policy verdicts shown on the tiles (null: none); rebuilt when they
    // change.
    void setVerdicts(const VerdictBook* verdicts);

    // Reads LiveState again now (it is also done by itself, coalesced, when
    // LiveState changes).
    void rebuild();

    const QList<OverviewTile>& tiles() const { return m_tiles; }
    // The groups shown (servers with at least one tile that passes the
    // filter, or every server when no filter is set), in display order.
    const QList<OverviewGroup>& groups() const { return m_groups; }
    int shownTileCount() const;
    int totalGpuCount() const { return int(m_tiles.size()); }

Q_SIGNALS:
    void changed();

private:
    void scheduleRebuild();
    bool passes(const OverviewTile& t) const;
    void arrange();

    const LiveState* m_fleet;
    const VerdictBook* m_verdicts = nullptr;
    QTimer m_coalesce;
    SortKey m_sort = SortKey::Server;
    QString m_text;
    std::optional<DisplayState> m_state;
    QList<OverviewTile> m_tiles;
    QList<OverviewGroup> m_allGroups; // every server, tiles by index
    QList<OverviewGroup> m_groups;
};

} // namespace gw
