#include "model/snapshottext.h"

#include "model/snapshotjson.h"
#include "model/units.h"

#include <QDateTime>

namespace gw {

QString snapshotText(const Snapshot& s)
{
    QString out;
    out += QStringLiteral("%1  %2  backend %3\n")
               .arg(s.server, QDateTime::fromMSecsSinceEpoch(s.timestampMs).toString(Qt::ISODate),
                    s.backend);
    out += QStringLiteral("host: CPU %1, memory %2 / %3, disk read %4 write %5\n")
               .arg(formatPercent(s.host.cpuPercent), formatByteCount(s.host.memoryUsedBytes),
                    formatByteCount(s.host.memoryTotalBytes),
                    formatBytesPerSec(s.host.diskReadBytesPerSec),
                    formatBytesPerSec(s.host.diskWriteBytesPerSec));
    for (const auto& g : s.gpus) {
        out += QStringLiteral("GPU %1  %2  util %3  mem %4 / %5  %6  %7 / %8%9\n")
                   .arg(g.index)
                   .arg(g.name, formatPercent(g.utilizationGpuPercent), formatMiB(g.memoryUsedMiB),
                        formatMiB(g.memoryTotalMiB), formatCelsius(g.temperatureC),
                        formatWatts(g.powerW), formatWatts(g.powerLimitW),
                        g.error.isEmpty() ? QString() : QStringLiteral("  ERROR: ") + g.error);
    }
    for (const auto& p : s.processes) {
        out += QStringLiteral("  pid %1  %2  %3  %4  %5\n")
                   .arg(p.pid)
                   .arg(p.ghost ? QStringLiteral("(not in /proc)") : p.user, p.gpuUuid,
                        formatMiB(p.usedMemoryMiB), p.command);
    }
    for (const auto& w : s.warnings)
        out += QStringLiteral("warning: ") + w + QLatin1Char('\n');
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
