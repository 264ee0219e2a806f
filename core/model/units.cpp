#include "model/units.h"

#include <QCoreApplication>

namespace gw {

namespace {
QString tr(const char* s)
{
    return QCoreApplication::translate("gw::Units", s);
}
} // namespace

MetricInfo metricInfo(Metric m)
{
    switch (m) {
    case Metric::GpuUtilization:
        return {tr("GPU utilisation"), QStringLiteral("%")};
    case Metric::MemoryUsed:
        return {tr("Memory used"), QStringLiteral("GiB")};
    case Metric::Temperature:
        return {tr("Temperature"), QStringLiteral("°C")};
    case Metric::Power:
        return {tr("Power"), QStringLiteral("W")};
    }
    return {};
}

QString notAvailable()
{
    return tr("n/a");
}

QString formatPercent(std::optional<double> v)
{
    return v ? QString::number(*v, 'f', 0) + QStringLiteral(" %") : notAvailable();
}

QString formatMiB(std::optional<double> mib)
{
    if (!mib)
        return notAvailable();
    if (*mib >= 1024)
        return QString::number(*mib / 1024, 'f', 1) + QStringLiteral(" GiB");
    return QString::number(*mib, 'f', 0) + QStringLiteral(" MiB");
}

QString formatBytes(std::optional<double> bytes)
{
    if (!bytes)
        return notAvailable();
    static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double v = *bytes;
    int u = 0;
    while (v >= 1024 && u < 5) {
        v /= 1024;
        ++u;
    }
    return QString::number(v, 'f', u == 0 ? 0 : 1) + QLatin1Char(' ') + QLatin1String(units[u]);
}

QString formatBytesPerSec(std::optional<double> bytes)
{
    if (!bytes)
        return notAvailable();
    if (*bytes >= 1e9)
        return QString::number(*bytes / 1e9, 'f', 2) + QStringLiteral(" GB/s");
    if (*bytes >= 1e6)
        return QString::number(*bytes / 1e6, 'f', 1) + QStringLiteral(" MB/s");
    if (*bytes >= 1e3)
        return QString::number(*bytes / 1e3, 'f', 0) + QStringLiteral(" kB/s");
    return QString::number(*bytes, 'f', 0) + QStringLiteral(" B/s");
}

QString formatCelsius(std::optional<double> v)
{
    return v ? QString::number(*v, 'f', 0) + QStringLiteral(" °C") : notAvailable();
}

QString formatWatts(std::optional<double> v)
{
    return v ? QString::number(*v, 'f', *v < 100 ? 1 : 0) + QStringLiteral(" W") : notAvailable();
}

QString formatMHz(std::optional<double> v)
{
    return v ? QString::number(*v, 'f', 0) + QStringLiteral(" MHz") : notAvailable();
}

QString formatDuration(qint64 ms)
{
    if (ms < 0)
        return notAvailable();
    const qint64 s = ms / 1000;
    if (s < 60)
        return tr("%1 s").arg(s);
    if (s < 3600)
        return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    if (s < 86400)
        return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    return tr("%1 d %2 h").arg(s / 86400).arg((s % 86400) / 3600);
}

} // namespace gw
