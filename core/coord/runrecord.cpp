#include "coord/runrecord.h"

#include "model/units.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>

#include <algorithm>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::RunRecord)
};

QString isoUtc(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

QJsonValue statsJson(const MetricStats& m)
{
    if (m.count == 0)
        return QJsonValue(); // never reported: null, not zeros
    return QJsonObject{{QStringLiteral("min"), m.min},
                       {QStringLiteral("max"), m.max},
                       {QStringLiteral("mean"), *m.mean()},
                       {QStringLiteral("count"), double(m.count)}};
}

QString statsText(const MetricStats& m, const QString& unit, int decimals)
{
    if (m.count == 0)
        return notAvailable();
    const auto f = [&](double v) -> QString {
        return QString::number(v, 'f', decimals) + unit;
    };
    return Tr::tr("%1 / %2 / %3").arg(f(m.min), f(*m.mean()), f(m.max));
}

} // namespace

void MetricStats::add(std::optional<double> v)
{
    if (!v)
        return;
    min = count == 0 ? *v : std::min(min, *v);
    max = count == 0 ? *v : std::max(max, *v);
    sum += *v;
    ++count;
}

std::optional<double> MetricStats::mean() const
{
    if (count == 0)
        return std::nullopt;
    return sum / double(count);
}

void RunRecord::add(const Snapshot& reading)
{
    for (GpuRunStats& g : gpus) {
        const auto it = std::find_if(reading.gpus.begin(), reading.gpus.end(),
                                     [&g](const GpuSample& s) { return s.index == g.gpuIndex; });
        if (it == reading.gpus.end())
            continue;
        const GpuSample& s = *it;
        if (g.uuid.isEmpty())
            g.uuid = s.uuid;
        if (g.name.isEmpty())
            g.name = s.name;
        ++g.sampleCount;
        g.utilisationPercent.add(s.utilizationGpuPercent);
        g.memoryUsedMiB.add(s.memoryUsedMiB);
        if (s.memoryUsedMiB && s.memoryTotalMiB && *s.memoryTotalMiB > 0)
            g.memoryPercent.add(*s.memoryUsedMiB / *s.memoryTotalMiB * 100.0);
        g.temperatureC.add(s.temperatureC);
        g.powerW.add(s.powerW);
    }
}

bool jobRunsOn(const Snapshot& reading, const QList<Candidate>& units, const QString& user)
{
    for (const GpuProcess& p : reading.processes) {
        if (p.user != user)
            continue;
        const GpuSample* gpu = reading.gpuByUuid(p.gpuUuid);
        const bool onUnit = std::any_of(units.begin(), units.end(), [&](const Candidate& c) {
            return c.isMig() ? p.migUuid == c.migUuid
                             : gpu && gpu->index == c.gpuIndex && p.migUuid.isEmpty();
        });
        if (onUnit)
            return true;
    }
    return false;
}

QJsonObject runRecordJson(const RunRecord& r)
{
    QJsonArray gpus;
    for (const GpuRunStats& g : r.gpus) {
        gpus.append(QJsonObject{
            {QStringLiteral("id"), g.unit},
            {QStringLiteral("gpu_index"), g.gpuIndex},
            {QStringLiteral("uuid"), g.uuid.isEmpty() ? QJsonValue() : QJsonValue(g.uuid)},
            {QStringLiteral("name"), g.name.isEmpty() ? QJsonValue() : QJsonValue(g.name)},
            {QStringLiteral("sample_count"), double(g.sampleCount)},
            {QStringLiteral("utilization_percent"), statsJson(g.utilisationPercent)},
            {QStringLiteral("memory_used_mib"), statsJson(g.memoryUsedMiB)},
            {QStringLiteral("memory_percent"), statsJson(g.memoryPercent)},
            {QStringLiteral("temperature_c"), statsJson(g.temperatureC)},
            {QStringLiteral("power_w"), statsJson(g.powerW)},
        });
    }
    return {
        {QStringLiteral("command"), QJsonArray::fromStringList(r.command)},
        {QStringLiteral("cuda_visible_devices"), r.cudaVisibleDevices},
        {QStringLiteral("server"), r.server},
        {QStringLiteral("source"), r.source},
        {QStringLiteral("reservation"),
         r.reservationId.isEmpty() ? QJsonValue() : QJsonValue(r.reservationId)},
        {QStringLiteral("started"), isoUtc(r.startedMs)},
        {QStringLiteral("ended"), isoUtc(r.endedMs)},
        {QStringLiteral("duration_s"), double(r.endedMs - r.startedMs) / 1000.0},
        {QStringLiteral("exit_code"), r.exitCode},
        {QStringLiteral("signal"), r.signal ? QJsonValue(*r.signal) : QJsonValue()},
        {QStringLiteral("interval_ms"), double(r.intervalMs)},
        {QStringLiteral("gpus"), gpus},
    };
}

QString runRecordText(const RunRecord& r)
{
    QString out = Tr::tr("run of %1 on %2: %3 s, exit code %4%5\n")
                      .arg(r.command.join(QLatin1Char(' ')), r.server)
                      .arg(double(r.endedMs - r.startedMs) / 1000.0, 0, 'f', 1)
                      .arg(r.exitCode)
                      .arg(r.signal ? Tr::tr(" (signal %1)").arg(*r.signal) : QString());
    for (const GpuRunStats& g : r.gpus) {
        out += Tr::tr("GPU %1 %2, %3 readings (min / mean / max): utilisation %4, memory %5, "
                      "memory %6, temperature %7, power %8\n")
                   .arg(g.unit, g.name)
                   .arg(g.sampleCount)
                   .arg(statsText(g.utilisationPercent, QStringLiteral(" %"), 1),
                        statsText(g.memoryUsedMiB, QStringLiteral(" MiB"), 0),
                        statsText(g.memoryPercent, QStringLiteral(" %"), 1),
                        statsText(g.temperatureC, QStringLiteral(" °C"), 0),
                        statsText(g.powerW, QStringLiteral(" W"), 1));
    }
    return out;
}

} // namespace gw
