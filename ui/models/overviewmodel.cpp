#include "models/overviewmodel.h"
#include "models/verdictbook.h"

#include "model/gpustate.h"
#include "model/units.h"
#include "models/ownertext.h"
#include "models/usertext.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>

namespace gw {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::OverviewModel)
};

// Sort keys: absent values sort after every present one.
std::optional<double> keyOf(const OverviewTile& t, OverviewModel::SortKey key)
{
    switch (key) {
    case OverviewModel::SortKey::Server:
        return std::nullopt;
    case OverviewModel::SortKey::Utilisation:
        return t.stale ? std::nullopt : t.utilPercent;
    case OverviewModel::SortKey::Memory:
        if (t.stale || !t.memoryUsedMiB || !t.memoryTotalMiB || *t.memoryTotalMiB <= 0)
            return std::nullopt;
        return *t.memoryUsedMiB / *t.memoryTotalMiB;
    case OverviewModel::SortKey::Temperature:
        return t.stale ? std::nullopt : t.temperatureC;
    }
    return std::nullopt;
}

// a before b: higher first, absent last.
bool higherFirst(std::optional<double> a, std::optional<double> b)
{
    if (a.has_value() != b.has_value())
        return a.has_value();
    return a && *a > *b;
}
} // namespace

QString OverviewTile::title() const
{
    return Tr::tr("%1 GPU %2").arg(server).arg(index);
}

QString OverviewTile::description() const
{
    QStringList parts;
    parts << title();
    if (!model.isEmpty())
        parts << model;
    if (stale) {
        parts
            << Tr::tr("stale, last reading %1 ago, no verdict").arg(formatDurationTwoUnits(ageMs));
    } else {
        parts << stateName(state);
    }
    if (!error.isEmpty())
        parts << error;
    if (health && (health->state == HealthState::Degraded || health->state == HealthState::Failing))
        parts << (health->state == HealthState::Failing ? Tr::tr("GPU failing: %1")
                                                        : Tr::tr("GPU degraded: %1"))
                     .arg(health->reasons.isEmpty() ? QString() : health->reasons.first());
    if (verdict)
        parts << VerdictBook::badgeText(*verdict);
    if (mig) {
        parts << QCoreApplication::translate("gw::OverviewModel",
                                             "MIG, %n instances, utilisation not reported", nullptr,
                                             int(migInstances.size()));
        for (const MigInstance& m : migInstances)
            parts << Tr::tr("%1: %2 of %3")
                         .arg(m.profile, formatMiB(m.memoryUsedMiB), formatMiB(m.memoryTotalMiB));
    } else {
        parts << Tr::tr("utilisation %1").arg(formatPercent(utilPercent));
    }
    parts << Tr::tr("memory %1 of %2").arg(formatMiB(memoryUsedMiB), formatMiB(memoryTotalMiB));
    parts << Tr::tr("temperature %1").arg(formatCelsius(temperatureC));
    parts << Tr::tr("power %1").arg(formatWatts(powerW));
    if (!users.isEmpty())
        parts << Tr::tr("users %1").arg(users.join(u", "));
    else
        parts << Tr::tr("no processes");
    if (!heldBy.isEmpty())
        parts << heldBy;
    if (!stale) // a stale tile said its age first
        parts << Tr::tr("reading %1 old").arg(formatDurationTwoUnits(ageMs));
    return parts.join(u"; ");
}

QString OverviewGroup::headerText() const
{
    if (!freshness.hasReading)
        return freshnessText();
    return QCoreApplication::translate("gw::OverviewModel", "%n GPUs", nullptr, gpuCount) + u" · " +
           freshnessText();
}

QString OverviewGroup::freshnessText() const
{
    if (!freshness.hasReading) {
        if (link)
            return linkStateText(*link);
        return Tr::tr("waiting for the first reading");
    }
    if (freshness.stale) {
        QString s =
            Tr::tr("stale, last reading %1 ago").arg(formatDurationTwoUnits(freshness.ageMs));
        if (link && *link != LinkState::Connected)
            s += u" · " + linkStateText(*link);
        return s;
    }
    return Tr::tr("updated %1 ago").arg(formatDurationTwoUnits(freshness.ageMs));
}

OverviewModel::OverviewModel(const LiveState* fleet, QObject* parent)
    : QObject(parent)
    , m_fleet(fleet)
{
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(0);
    connect(&m_coalesce, &QTimer::timeout, this, &OverviewModel::rebuild);
    connect(fleet, &LiveState::serverAdded, this, &OverviewModel::scheduleRebuild);
    connect(fleet, &LiveState::serverUpdated, this, &OverviewModel::scheduleRebuild);
    connect(fleet, &LiveState::serverRemoved, this, &OverviewModel::scheduleRebuild);
    connect(fleet, &LiveState::staleTick, this, &OverviewModel::scheduleRebuild);
    rebuild();
}

void OverviewModel::setVerdicts(const VerdictBook* verdicts)
{
    if (m_verdicts)
        disconnect(m_verdicts, nullptr, this, nullptr);
    m_verdicts = verdicts;
    if (m_verdicts)
        connect(m_verdicts, &VerdictBook::changed, this, &OverviewModel::scheduleRebuild);
    scheduleRebuild();
}

void OverviewModel::scheduleRebuild()
{
    if (!m_coalesce.isActive())
        m_coalesce.start();
}

void OverviewModel::setSortKey(SortKey key)
{
    if (key == m_sort)
        return;
    m_sort = key;
    arrange();
}

void OverviewModel::setTextFilter(const QString& text)
{
    const QString t = text.trimmed();
    if (t == m_text)
        return;
    m_text = t;
    arrange();
}

void OverviewModel::setStateFilter(std::optional<DisplayState> state)
{
    if (state == m_state)
        return;
    m_state = state;
    arrange();
}

int OverviewModel::shownTileCount() const
{
    int n = 0;
    for (const OverviewGroup& g : m_groups)
        n += int(g.tiles.size());
    return n;
}

void OverviewModel::rebuild()
{
    m_coalesce.stop();
    m_tiles.clear();
    m_allGroups.clear();
    for (const QString& server : m_fleet->servers()) {
        OverviewGroup group;
        group.server = server;
        group.freshness = m_fleet->freshness(server);
        if (const LinkStatus* l = m_fleet->connection(server))
            group.link = l->state;
        if (const Snapshot* s = m_fleet->latest(server)) {
            group.gpuCount = int(s->gpus.size());
            if (s->host.hostname != server)
                group.host = s->host.hostname;
            for (const GpuSample& g : s->gpus) {
                OverviewTile t;
                t.server = server;
                t.uuid = g.uuid;
                t.index = g.index;
                t.model = g.name;
                t.utilPercent = g.utilizationGpuPercent;
                t.memoryUsedMiB = g.memoryUsedMiB;
                t.memoryTotalMiB = g.memoryTotalMiB;
                t.temperatureC = g.temperatureC;
                t.powerW = g.powerW;
                t.error = g.error;
                t.mig = g.migEnabled.value_or(false);
                t.migSliceCount = g.migSliceCount;
                t.migInstances = g.migInstances;
                if (t.mig)
                    t.utilPercent.reset(); // never reported per instance: never 0
                QSet<QString> users;
                const bool pidsHidden = s->host.ownPidNamespace.value_or(false);
                for (const GpuProcess& p : s->processes) {
                    if (p.gpuUuid != g.uuid)
                        continue;
                    ++t.processCount;
                    // The owner, as the process tables say it.
                    users.insert(pidsHidden ? unknownUserText() : userText(p.ownerName()));
                }
                t.heldBy = heldByText(g);
                t.users = QStringList(users.cbegin(), users.cend());
                t.users.sort();
                t.stale = group.freshness.stale;
                t.ageMs = group.freshness.ageMs;
                if (t.stale)
                    t.state = DisplayState::Stale;
                else if (t.mig && g.error.isEmpty() &&
                         !(g.temperatureC && *g.temperatureC >= hotThresholdC(g)))
                    t.state = DisplayState::NotReported;
                else
                    t.state = displayState(gpuState(g, t.processCount));
                if (m_verdicts && !t.stale)
                    t.verdict = m_verdicts->gpuVerdict(server, g.uuid);
                if (!t.stale) {
                    t.verdict = VerdictBook::withGpuHealth(t.verdict, g);
                    t.health = g.health;
                }
                group.tiles.append(int(m_tiles.size()));
                m_tiles.append(std::move(t));
            }
        }
        m_allGroups.append(std::move(group));
    }
    arrange();
}

bool OverviewModel::passes(const OverviewTile& t) const
{
    if (m_state && t.state != *m_state)
        return false;
    if (m_text.isEmpty())
        return true;
    if (t.model.contains(m_text, Qt::CaseInsensitive) ||
        t.server.contains(m_text, Qt::CaseInsensitive))
        return true;
    if (t.heldBy.contains(m_text, Qt::CaseInsensitive))
        return true;
    return std::any_of(t.users.cbegin(), t.users.cend(), [this](const QString& u) {
        return u.contains(m_text, Qt::CaseInsensitive);
    });
}

void OverviewModel::arrange()
{
    const bool filtering = m_state || !m_text.isEmpty();
    m_groups.clear();
    for (const OverviewGroup& all : m_allGroups) {
        OverviewGroup g = all;
        g.tiles.clear();
        for (int i : all.tiles) {
            if (passes(m_tiles[i]))
                g.tiles.append(i);
        }
        if (filtering && g.tiles.isEmpty())
            continue;
        if (m_sort == SortKey::Server) {
            std::stable_sort(g.tiles.begin(), g.tiles.end(),
                             [this](int a, int b) { return m_tiles[a].index < m_tiles[b].index; });
        } else {
            std::stable_sort(g.tiles.begin(), g.tiles.end(), [this](int a, int b) {
                const auto ka = keyOf(m_tiles[a], m_sort);
                const auto kb = keyOf(m_tiles[b], m_sort);
                if (ka == kb)
                    return m_tiles[a].index < m_tiles[b].index;
                return higherFirst(ka, kb);
            });
        }
        m_groups.append(std::move(g));
    }
    // Servers: by name, or by their first (highest) tile.
    std::stable_sort(
        m_groups.begin(), m_groups.end(), [this](const OverviewGroup& a, const OverviewGroup& b) {
            if (m_sort != SortKey::Server) {
                const auto ka =
                    a.tiles.isEmpty() ? std::nullopt : keyOf(m_tiles[a.tiles.first()], m_sort);
                const auto kb =
                    b.tiles.isEmpty() ? std::nullopt : keyOf(m_tiles[b.tiles.first()], m_sort);
                if (ka != kb)
                    return higherFirst(ka, kb);
            }
            return QString::localeAwareCompare(a.server, b.server) < 0;
        });
    Q_EMIT changed();
}

} // namespace gw
