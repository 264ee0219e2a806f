#include "model/snapshottext.h"

#include "model/snapshotjson.h"
#include "model/units.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::SnapshotText)
};

// Rows padded so that every column starts where its header does.
QString table(const QString& indent, const QList<QStringList>& rows)
{
    QList<qsizetype> widths;
    for (const QStringList& row : rows) {
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (widths.size() <= c)
                widths.append(0);
            widths[c] = std::max(widths[c], row[c].size());
        }
    }
    QString out;
    for (const QStringList& row : rows) {
        QString line = indent;
        for (qsizetype c = 0; c < row.size(); ++c)
            line += c + 1 < row.size() ? row[c].leftJustified(widths[c] + 2) : row[c];
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        out += line + QLatin1Char('\n');
    }
    return out;
}

} // namespace

QString snapshotText(const Snapshot& s)
{
    QString out;
    out += Tr::tr("%1  %2  backend %3\n")
               .arg(s.server, QDateTime::fromMSecsSinceEpoch(s.timestampMs).toString(Qt::ISODate),
                    s.backend);
    out += Tr::tr("host: CPU %1, memory %2 / %3, disk read %4 write %5\n")
               .arg(formatPercent(s.host.cpuPercent), formatByteCount(s.host.memoryUsedBytes),
                    formatByteCount(s.host.memoryTotalBytes),
                    formatBytesPerSec(s.host.diskReadBytesPerSec),
                    formatBytesPerSec(s.host.diskWriteBytesPerSec));
    if (!s.gpus.isEmpty()) {
        const bool anyError = std::any_of(s.gpus.cbegin(), s.gpus.cend(),
                                          [](const GpuSample& g) { return !g.error.isEmpty(); });
        const bool anyHealth = std::any_of(s.gpus.cbegin(), s.gpus.cend(),
                                           [](const GpuSample& g) { return g.health.has_value(); });
        const auto slowedBy = [](const GpuSample& g) {
            return clockSlowdownTitles(g.healthFacts ? g.healthFacts->clockEventReasons.value_or(0)
                                                     : 0);
        };
        const bool anySlowed = std::any_of(s.gpus.cbegin(), s.gpus.cend(), [&](const GpuSample& g) {
            return !slowedBy(g).isEmpty();
        });
        QList<QStringList> rows{{Tr::tr("GPU"), Tr::tr("NAME"), Tr::tr("UTIL"), Tr::tr("MEMORY"),
                                 Tr::tr("TEMP"), Tr::tr("POWER")}};
        if (anyHealth)
            rows.first().append(Tr::tr("HEALTH"));
        if (anySlowed)
            rows.first().append(Tr::tr("SLOWED BY"));
        if (anyError)
            rows.first().append(Tr::tr("ERROR"));
        for (const auto& g : s.gpus) {
            rows.append(
                {QString::number(g.index), g.name, formatPercent(g.utilizationGpuPercent),
                 QStringLiteral("%1 / %2").arg(formatMiB(g.memoryUsedMiB),
                                               formatMiB(g.memoryTotalMiB)),
                 formatCelsius(g.temperatureC),
                 QStringLiteral("%1 / %2").arg(formatWatts(g.powerW), formatWatts(g.powerLimitW))});
            if (anyHealth)
                rows.last().append(g.health ? healthStateName(g.health->state) : QString());
            if (anySlowed)
                rows.last().append(slowedBy(g).join(QStringLiteral(", ")));
            if (anyError)
                rows.last().append(g.error);
        }
        out += table(QString(), rows);
        // Why a GPU is not ok, each reason on a line of its own.
        for (const auto& g : s.gpus) {
            if (!g.health || g.health->reasons.isEmpty())
                continue;
            out += Tr::tr("GPU %1 %2:\n").arg(g.index).arg(healthStateName(g.health->state));
            for (const QString& reason : g.health->reasons)
                out += QStringLiteral("  - %1\n").arg(reason);
        }
    }
    if (!s.processes.isEmpty()) {
        // The GPU by its index, as nvidia-smi and CUDA_VISIBLE_DEVICES name it.
        // Who owns them, where that is not just the host user: a container,
        // a pod, a job, an account (docs/owners.md).
        const bool owners =
            std::any_of(s.processes.cbegin(), s.processes.cend(), [](const GpuProcess& p) {
                return (p.owner && (p.owner->user != p.user || !p.owner->account.isEmpty())) ||
                       (p.workload &&
                        (p.workload->isContainer() || p.workload->kind == WorkloadKind::Slurm));
            });
        QList<QStringList> rows{
            {Tr::tr("PID"), Tr::tr("USER"), Tr::tr("GPU"), Tr::tr("MEMORY"), Tr::tr("COMMAND")}};
        if (owners)
            rows[0] << Tr::tr("OWNER") << Tr::tr("ACCOUNT") << Tr::tr("WORKLOAD");
        for (const auto& p : s.processes) {
            const GpuSample* g = s.gpuByUuid(p.gpuUuid);
            QString gpu = g ? QString::number(g->index) : p.gpuUuid;
            if (g && !p.migUuid.isEmpty()) {
                const MigInstance* mig = g->migByUuid(p.migUuid);
                gpu += QLatin1Char('/') + (mig ? mig->profile : p.migUuid);
            }
            rows.append({QString::number(p.pid), p.ghost ? Tr::tr("(not in /proc)") : p.user, gpu,
                         formatMiB(p.usedMemoryMiB), p.command});
            if (owners)
                rows.last() << p.ownerName() << p.account()
                            << (p.workload ? p.workload->displayName() : QString());
        }
        out += table(QStringLiteral("  "), rows);
    }
    for (const auto& w : s.warnings)
        out += Tr::tr("warning: %1\n").arg(w);
    return out;
}

QByteArray snapshotsJson(const QList<Snapshot>& snapshots)
{
    if (snapshots.size() == 1)
        return toJsonBytes(snapshots.first());
    QByteArray all = "[\n";
    for (int i = 0; i < snapshots.size(); ++i)
        all += toJsonBytes(snapshots[i]).trimmed() + (i + 1 < snapshots.size() ? ",\n" : "\n");
    all += "]\n";
    return all;
}

} // namespace gw
