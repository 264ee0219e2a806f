#include "models/fleetprocessmodel.h"

#include "engine/livestate.h"
#include "model/gpustate.h"
#include "model/metrics.h"
#include "model/units.h"
#include "models/roles.h"
#include "models/usertext.h"
#include "models/verdictbook.h"

#include <QCoreApplication>
#include <QFont>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace gw {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::FleetProcessModel)
};

QString processKey(const QString& server, const GpuProcess& p)
{
    return server + u'|' + QString::number(p.pid) + u'|' +
           QString::number(p.startTimeMs.value_or(0)) + u'|' + p.gpuUuid + u'|' + p.migUuid;
}

qint64 startOfDayMs(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).date().startOfDay().toMSecsSinceEpoch();
}

// The GPU's state as a process row shows it.
DisplayState gpuDisplayState(const GpuSample& g, int processCount)
{
    if (g.migEnabled.value_or(false) && g.error.isEmpty() &&
        !(g.temperatureC && *g.temperatureC >= hotThresholdC(g)))
        return DisplayState::NotReported;
    return displayState(gpuState(g, processCount));
}

QString csvField(const QString& s)
{
    if (!s.contains(u',') && !s.contains(u'"') && !s.contains(u'\n') && !s.contains(u'\r'))
        return s;
    QString q = s;
    q.replace(u"\""_qs, u"\"\""_qs);
    return u'"' + q + u'"';
}

QString number(std::optional<double> v)
{
    return v ? QString::number(*v, 'g', 12) : QString();
}

QString stateKey(DisplayState s)
{
    switch (s) {
    case DisplayState::Free:
        return QStringLiteral("free");
    case DisplayState::Busy:
        return QStringLiteral("busy");
    case DisplayState::IdleHeld:
        return QStringLiteral("idle_held");
    case DisplayState::Hot:
        return QStringLiteral("hot");
    case DisplayState::NotReported:
        return QStringLiteral("not_reported");
    case DisplayState::Stale:
        return QStringLiteral("stale");
    case DisplayState::Error:
        return QStringLiteral("error");
    case DisplayState::Connecting:
        return QStringLiteral("connecting");
    }
    return {};
}
} // namespace

QString FleetProcessRow::gpuText() const
{
    const QString index = gpuIndex >= 0 ? QString::number(gpuIndex) : QStringLiteral("?");
    return migProfile.isEmpty() ? index : index + u" · " + migProfile;
}

QString FleetProcessRow::stateText() const
{
    if (state == DisplayState::Stale)
        return Tr::tr("stale (%1 ago)").arg(formatDurationTwoUnits(ageMs));
    return stateName(state);
}

QString FleetProcessRow::idleText() const
{
    if (state != DisplayState::IdleHeld || !idleForMs)
        return {};
    return idleAtLeast ? Tr::tr("idle for ≥ %1").arg(formatDurationTwoUnits(*idleForMs))
                       : Tr::tr("idle for %1").arg(formatDurationTwoUnits(*idleForMs));
}

QByteArray fleetProcessesCsv(const QList<FleetProcessRow>& rows)
{
    QString out = QStringLiteral("server,gpu_index,gpu_uuid,mig_profile,mig_uuid,pid,user,owner,"
                                 "account,workload,command,memory_mib,sm_percent,state,idle_for_s,"
                                 "ghost\r\n");
    for (const FleetProcessRow& r : rows) {
        const QStringList fields = {
            csvField(r.server),
            r.gpuIndex >= 0 ? QString::number(r.gpuIndex) : QString(),
            csvField(r.gpuUuid),
            csvField(r.migProfile),
            csvField(r.migUuid),
            QString::number(r.pid),
            csvField(r.user),
            csvField(r.owner.ownerRaw),
            csvField(r.owner.account),
            csvField(r.owner.workload),
            csvField(r.command),
            number(r.memoryMiB),
            number(r.smPercent),
            stateKey(r.state),
            r.state == DisplayState::IdleHeld && r.idleForMs ? QString::number(*r.idleForMs / 1000)
                                                             : QString(),
            r.ghost ? QStringLiteral("true") : QStringLiteral("false"),
        };
        out += fields.join(u',') + QStringLiteral("\r\n");
    }
    return out.toUtf8();
}

QByteArray fleetProcessesJson(const QList<FleetProcessRow>& rows)
{
    QJsonArray array;
    auto opt = [](std::optional<double> v) {
        return v ? QJsonValue(*v) : QJsonValue();
    };
    for (const FleetProcessRow& r : rows) {
        QJsonObject o;
        o[u"server"_qs] = r.server;
        o[u"gpu_index"_qs] = r.gpuIndex >= 0 ? QJsonValue(r.gpuIndex) : QJsonValue();
        o[u"gpu_uuid"_qs] = r.gpuUuid;
        o[u"mig_profile"_qs] = r.migProfile.isEmpty() ? QJsonValue() : QJsonValue(r.migProfile);
        o[u"mig_uuid"_qs] = r.migUuid.isEmpty() ? QJsonValue() : QJsonValue(r.migUuid);
        o[u"pid"_qs] = r.pid;
        o[u"user"_qs] = r.user;
        const auto orNull = [](const QString& v) {
            return v.isEmpty() ? QJsonValue() : QJsonValue(v);
        };
        o[u"owner"_qs] = orNull(r.owner.ownerRaw);
        o[u"account"_qs] = orNull(r.owner.account);
        o[u"workload"_qs] = orNull(r.owner.workload);
        o[u"command"_qs] = r.command;
        o[u"memory_mib"_qs] = opt(r.memoryMiB);
        o[u"sm_percent"_qs] = opt(r.smPercent);
        o[u"state"_qs] = stateKey(r.state);
        o[u"idle_for_s"_qs] = r.state == DisplayState::IdleHeld && r.idleForMs
                                  ? QJsonValue(*r.idleForMs / 1000)
                                  : QJsonValue();
        o[u"idle_for_at_least"_qs] = r.idleAtLeast && r.state == DisplayState::IdleHeld;
        o[u"ghost"_qs] = r.ghost;
        array.append(o);
    }
    return QJsonDocument(array).toJson(QJsonDocument::Indented);
}

QString processKeyOf(const QString& server, qint64 pid, qint64 startTimeMs)
{
    return server + u'|' + QString::number(pid) + u'|' + QString::number(startTimeMs);
}

QHash<QString, double> gpuHoursFromFacts(const QList<ProcessFact>& facts, qint64 fromMs,
                                         qint64 toMs, const QHash<QString, QString>& owners)
{
    // Per owner (as the history keeps it; the live table's where a process
    // is still shown) and GPU the spans, merged so two processes of one
    // owner on one GPU at once count once.
    QHash<QString, QList<std::pair<qint64, qint64>>> spans;
    QHash<QString, QString> userOf;
    for (const ProcessFact& f : facts) {
        const qint64 a = std::max(f.firstSeenMs, fromMs);
        const qint64 b = std::min(f.lastSeenMs, toMs);
        if (b <= a)
            continue;
        const QString user =
            owners.value(processKeyOf(f.server, f.pid, f.startTimeMs), userText(f.ownerName()));
        const QString key = user + u'\n' + f.server + u'\n' + f.gpuUuid;
        spans[key].append({a, b});
        userOf[key] = user;
    }
    QHash<QString, double> hours;
    for (auto it = spans.begin(); it != spans.end(); ++it) {
        auto& list = it.value();
        std::sort(list.begin(), list.end());
        qint64 total = 0;
        qint64 curA = list.first().first, curB = list.first().second;
        for (const auto& [a, b] : list) {
            if (a > curB) {
                total += curB - curA;
                curA = a;
                curB = b;
            } else {
                curB = std::max(curB, b);
            }
        }
        total += curB - curA;
        hours[userOf[it.key()]] += double(total) / 3'600'000.0;
    }
    return hours;
}

FleetProcessModel::FleetProcessModel(LiveState* fleet, QObject* parent)
    : TableModel(ColumnCount, parent)
    , m_fleet(fleet)
    , m_now([] { return QDateTime::currentMSecsSinceEpoch(); })
{
    m_sessionStartMs = m_now();
    auto schedule = [this] {
        if (m_pending)
            return;
        m_pending = true;
        QTimer::singleShot(0, this, [this] {
            if (m_pending)
                rebuild();
        });
    };
    connect(fleet, &LiveState::serverUpdated, this, [this, schedule](const QString& server) {
        if (const Snapshot* s = m_fleet->latest(server))
            account(*s);
        schedule();
    });
    connect(fleet, &LiveState::serverRemoved, this, schedule);
    connect(fleet, &LiveState::staleTick, this, schedule);
    for (const QString& server : fleet->servers()) {
        if (const Snapshot* s = fleet->latest(server))
            account(*s);
    }
    rebuild();
}

void FleetProcessModel::account(const Snapshot& s)
{
    const qint64 t = s.timestampMs;
    auto last = m_lastReadingMs.constFind(s.server);
    const bool first = last == m_lastReadingMs.cend();
    if (!first && *last >= t)
        return; // the same reading again

    // GPU-hours: the time since the previous reading is charged to what was
    // on the GPUs then, unless the gap is longer than a stale reading.
    if (!first) {
        const Snapshot& prev = m_lastAccounted[s.server];
        const qint64 interval = prev.intervalMs.value_or(LiveState::kDefaultIntervalMs);
        const qint64 dayStart = startOfDayMs(t);
        const QDate day = QDateTime::fromMSecsSinceEpoch(t).date();
        if (day != m_sessionDay) {
            m_sessionDay = day;
            m_sessionHours.clear();
            m_energy = EnergyBook{};
        }
        const qint64 dt = std::min(t - *last, t - dayStart);
        if (dt > 0 && t - *last <= LiveState::kStaleIntervals * interval) {
            QHash<QString, double> weightOf; // user \n unit → weight
            for (const GpuProcess& p : prev.processes) {
                double w = 1;
                if (!p.migUuid.isEmpty()) {
                    if (const GpuSample* g = prev.gpuByUuid(p.gpuUuid)) {
                        const MigInstance* m = g->migByUuid(p.migUuid);
                        if (m && m->computeSlices && g->migSliceCount && *g->migSliceCount > 0)
                            w = double(*m->computeSlices) / *g->migSliceCount;
                    }
                }
                const QString user =
                    ownerTextOf(p, prev.host.ownPidNamespace.value_or(false)).owner;
                weightOf[user + u'\n' + p.gpuUuid + u'\n' + p.migUuid] = w;
            }
            for (auto it = weightOf.cbegin(); it != weightOf.cend(); ++it) {
                const QString user = it.key().section(u'\n', 0, 0);
                m_sessionHours[user] += it.value() * double(dt) / 3'600'000.0;
            }
        }
    } else if (!m_sessionDay.isValid()) {
        m_sessionDay = QDateTime::fromMSecsSinceEpoch(t).date();
    }
    // Energy by owner. Where the sampler cannot see the driver's pids
    // (its own pid namespace), the processes' users are not theirs: the
    // energy goes to nobody rather than to a stranger.
    if (s.host.ownPidNamespace.value_or(false)) {
        Snapshot hidden = s;
        for (GpuProcess& p : hidden.processes) {
            p.user.clear();
            p.owner.reset();
        }
        m_energy.add(hidden);
    } else {
        m_energy.add(s);
    }

    // Held-idle runs of this server's processes.
    QHash<QString, int> perGpu;
    for (const GpuProcess& p : s.processes)
        ++perGpu[p.gpuUuid];
    const QString prefix = s.server + u'|';
    QSet<QString> present;
    for (const GpuProcess& p : s.processes) {
        const GpuSample* g = s.gpuByUuid(p.gpuUuid);
        if (!g || gpuDisplayState(*g, perGpu.value(p.gpuUuid)) != DisplayState::IdleHeld)
            continue;
        const QString key = processKey(s.server, p);
        present.insert(key);
        if (m_idle.contains(key))
            continue;
        // A run that starts now: look back through the live record for the
        // last reading the GPU was busy; not before the process started.
        IdleRun run{t, false};
        const QList<LiveHistory::Reading> past =
            m_fleet->history().readings(s.server, p.gpuUuid, MetricId::GpuUtilization);
        bool broken = false;
        const bool seen = !past.isEmpty();
        qint64 since = t;
        for (auto it = past.crbegin(); it != past.crend(); ++it) {
            if (it->t > t)
                continue;
            if (std::isnan(it->value) || it->value >= kIdleBelowPercent) {
                broken = true; // busy (or not known) then: the idle run starts after it
                break;
            }
            if (isRecordGap(since - it->t, it->intervalMs))
                break; // a gap: what came before is not known, so "at least"
            since = it->t;
        }
        run.sinceMs = since;
        run.atLeast = !broken;
        if (p.startTimeMs && *p.startTimeMs >= run.sinceMs) {
            run.sinceMs = *p.startTimeMs;
            run.atLeast = false;
        } else if (first && !seen) {
            run.atLeast = true;
        }
        m_idle.insert(key, run);
    }
    for (auto it = m_idle.begin(); it != m_idle.end();) {
        if (it.key().startsWith(prefix) && !present.contains(it.key()))
            it = m_idle.erase(it);
        else
            ++it;
    }
    m_lastReadingMs[s.server] = t;
    m_lastAccounted[s.server] = s;
}

void FleetProcessModel::rebuild()
{
    m_pending = false;
    QList<FleetProcessRow> rows;
    for (const QString& server : m_fleet->servers()) {
        const Snapshot* s = m_fleet->latest(server);
        if (!s)
            continue;
        const Freshness fresh = m_fleet->freshness(server);
        const bool pidsHidden = s->host.ownPidNamespace.value_or(false);
        QHash<QString, int> perGpu;
        for (const GpuProcess& p : s->processes)
            ++perGpu[p.gpuUuid];
        for (const GpuProcess& p : s->processes) {
            FleetProcessRow r;
            r.server = server;
            r.gpuUuid = p.gpuUuid;
            r.migUuid = p.migUuid;
            r.pid = p.pid;
            r.startTimeMs = p.startTimeMs;
            r.user = p.user;
            r.owner = ownerTextOf(p, pidsHidden);
            r.command = p.command;
            r.memoryMiB = p.usedMemoryMiB;
            r.smPercent = p.smUtilPercent;
            r.ghost = p.ghost;
            r.ageMs = fresh.ageMs;
            if (const GpuSample* g = s->gpuByUuid(p.gpuUuid)) {
                r.gpuIndex = g->index;
                if (const MigInstance* m = g->migByUuid(p.migUuid))
                    r.migProfile = m->profile;
                r.state = gpuDisplayState(*g, perGpu.value(p.gpuUuid));
            }
            if (fresh.stale)
                r.state = DisplayState::Stale;
            if (auto it = m_idle.constFind(processKey(server, p)); it != m_idle.cend()) {
                r.idleForMs = std::max<qint64>(0, s->timestampMs - it->sinceMs);
                r.idleAtLeast = it->atLeast;
            }
            rows.append(std::move(r));
        }
    }
    auto same = [](const FleetProcessRow& a, const FleetProcessRow& b) {
        return a.server == b.server && a.pid == b.pid && a.startTimeMs == b.startTimeMs &&
               a.gpuUuid == b.gpuUuid && a.migUuid == b.migUuid;
    };
    const bool sameRows =
        rows.size() == m_rows.size() &&
        std::equal(rows.cbegin(), rows.cend(), m_rows.cbegin(), m_rows.cend(), same);
    if (sameRows) {
        m_rows = std::move(rows);
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
    } else {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
    }
    Q_EMIT totalsChanged();
}

QList<UserTotal> FleetProcessModel::userTotals() const
{
    QHash<QString, UserTotal> totals;
    QHash<QString, QSet<QString>> units;
    for (const FleetProcessRow& r : m_rows) {
        const QString& user = r.owner.owner;
        UserTotal& t = totals[user];
        t.user = user;
        ++t.processes;
        units[user].insert(r.server + u'\n' + r.gpuUuid + u'\n' + r.migUuid);
        if (r.memoryMiB)
            t.memoryMiB = t.memoryMiB.value_or(0) + *r.memoryMiB;
    }
    const QHash<QString, double>& hours = m_historyHours ? *m_historyHours : m_sessionHours;
    for (auto it = hours.cbegin(); it != hours.cend(); ++it) {
        UserTotal& t = totals[it.key()];
        t.user = it.key();
        t.gpuHours = it.value();
    }
    for (auto it = m_energy.byOwner().cbegin(); it != m_energy.byOwner().cend(); ++it) {
        const bool nobody =
            it.key() == EnergyBook::unownedKey() || it.key() == EnergyBook::unattributedKey();
        const QString user = nobody ? it.key() : userText(it.key());
        UserTotal& t = totals[user];
        t.user = user;
        t.energyKWh = t.energyKWh.value_or(0) + it->kWh();
        t.energyEstimatedKWh += double(it->estimatedMj) / 3.6e9;
    }
    QList<UserTotal> out;
    for (auto it = totals.begin(); it != totals.end(); ++it) {
        it->units = int(units.value(it.key()).size());
        out.append(*it);
    }
    std::sort(out.begin(), out.end(), [](const UserTotal& a, const UserTotal& b) {
        if (a.gpuHours != b.gpuHours)
            return a.gpuHours > b.gpuHours;
        return a.user < b.user;
    });
    return out;
}

QHash<QString, QString> FleetProcessModel::ownersOfRows() const
{
    QHash<QString, QString> owners;
    for (const FleetProcessRow& r : m_rows) {
        if (r.startTimeMs && r.owner.owner != userText(r.user))
            owners.insert(processKeyOf(r.server, r.pid, *r.startTimeMs), r.owner.owner);
    }
    return owners;
}

void FleetProcessModel::setHistoryGpuHours(const QHash<QString, double>& hours, qint64 dayStartMs)
{
    Q_UNUSED(dayStartMs);
    m_historyHours = hours;
    Q_EMIT totalsChanged();
}

int FleetProcessModel::rowTotal() const
{
    return int(m_rows.size());
}

void FleetProcessModel::setVerdicts(const VerdictBook* verdicts)
{
    if (m_verdicts)
        disconnect(m_verdicts, nullptr, this, nullptr);
    m_verdicts = verdicts;
    if (verdicts)
        connect(verdicts, &VerdictBook::changed, this, [this](const QString& server) {
            for (int row = 0; row < m_rows.size(); ++row)
                if (m_rows.at(row).server == server)
                    Q_EMIT dataChanged(index(row, CommandColumn), index(row, CommandColumn));
        });
}

QVariant FleetProcessModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const FleetProcessRow& r = m_rows[index.row()];
    const int col = index.column();
    if (m_verdicts && col == CommandColumn &&
        (role == Qt::DecorationRole || role == Qt::ToolTipRole || role == VerdictFlagsRole)) {
        if (const auto v = m_verdicts->processVerdict(r.server, r.pid, r.gpuUuid, r.owner.ownerRaw,
                                                      r.startTimeMs, r.owner.account)) {
            if (role == Qt::DecorationRole)
                return VerdictBook::badgeIcon(*v, QGuiApplication::palette());
            if (role == VerdictFlagsRole)
                return verdictFlags(*v);
            return VerdictBook::toolTip(*v);
        }
    }
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (col) {
        case ServerColumn:
            return r.server;
        case GpuColumn:
            return r.gpuText();
        case PidColumn:
            return QString::number(r.pid);
        case OwnerColumn:
            if (role == Qt::ToolTipRole && !r.owner.toolTip.isEmpty())
                return r.owner.toolTip;
            return r.owner.owner;
        case AccountColumn:
            return r.owner.account;
        case WorkloadColumn:
            return r.owner.workload;
        case CommandColumn:
            if (role == Qt::ToolTipRole && r.ghost)
                return Tr::tr("%1\nNot visible in this server's /proc: another PID namespace, a "
                              "container, or a process that just exited.")
                    .arg(r.command);
            return r.command;
        case MemoryColumn:
            return formatMiB(r.memoryMiB);
        case SmColumn:
            return formatPercent(r.smPercent);
        case StateColumn:
            return r.stateText();
        case IdleColumn:
            if (role == Qt::ToolTipRole && r.idleForMs)
                return r.idleAtLeast
                           ? Tr::tr(
                                 "Held idle at every reading this desktop has of the GPU; it may "
                                 "have been idle longer.")
                           : Tr::tr("How long the GPU has been held idle with this process on it, "
                                    "per the live record (not before the process started).");
            return r.idleText();
        }
    }
    if (role == Qt::FontRole && r.ghost) {
        QFont f;
        f.setItalic(true);
        return f;
    }
    if (role == Qt::TextAlignmentRole &&
        (col == PidColumn || col == MemoryColumn || col == SmColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == SortRole || role == RawValueRole) {
        switch (col) {
        case ServerColumn:
            return r.server;
        case GpuColumn:
            return r.gpuIndex * 100 + (r.migProfile.isEmpty() ? 0 : 1);
        case PidColumn:
            return r.pid;
        case OwnerColumn:
            return r.owner.ownerRaw;
        case AccountColumn:
            return r.owner.account;
        case WorkloadColumn:
            return r.owner.workload;
        case CommandColumn:
            return r.command;
        case MemoryColumn:
            return r.memoryMiB ? QVariant(*r.memoryMiB)
                               : QVariant(role == SortRole ? -1.0 : QVariant());
        case SmColumn:
            return r.smPercent ? QVariant(*r.smPercent)
                               : QVariant(role == SortRole ? -1.0 : QVariant());
        case StateColumn:
            return int(r.state);
        case IdleColumn:
            return r.idleForMs ? QVariant(*r.idleForMs)
                               : QVariant(role == SortRole ? qint64(-1) : QVariant());
        }
    }
    if (role == ServerRole)
        return r.server;
    if (role == GpuUuidRole)
        return r.gpuUuid;
    if (role == PidRole)
        return r.pid;
    switch (role) {
    case OwnerRole:
        return r.owner.ownerRaw;
    case HostUserRole:
        return r.owner.hostUser;
    case AccountRole:
        return r.owner.account;
    case NamespaceRole:
        return r.owner.nameSpace;
    case JobRole:
        return r.owner.job;
    default:
        return {};
    }
}

QString FleetProcessModel::columnTitle(int section) const
{
    switch (section) {
    case ServerColumn:
        return Tr::tr("Server");
    case GpuColumn:
        return Tr::tr("GPU");
    case PidColumn:
        return Tr::tr("PID");
    case OwnerColumn:
        return Tr::tr("Owner");
    case AccountColumn:
        return Tr::tr("Account");
    case WorkloadColumn:
        return Tr::tr("Workload");
    case CommandColumn:
        return Tr::tr("Command");
    case MemoryColumn:
        return Tr::tr("Memory");
    case SmColumn:
        return Tr::tr("SM");
    case StateColumn:
        return Tr::tr("State");
    case IdleColumn:
        return Tr::tr("Idle for");
    }
    return {};
}

} // namespace gw
