#include "model/units.h"

#include <QCoreApplication>
#include <QLocale>

namespace gw {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::Units)
};
} // namespace

namespace {
constexpr double kMiBPerGiB = 1024;
} // namespace

QString unitSymbol(Unit unit)
{
    switch (unit) {
    case Unit::Percent:
        return QStringLiteral("%");
    case Unit::MiB:
        return QStringLiteral("MiB");
    case Unit::Celsius:
        return QStringLiteral("°C");
    case Unit::Watts:
        return QStringLiteral("W");
    case Unit::MHz:
        return QStringLiteral("MHz");
    }
    return {};
}

DisplayScale displayScale(Unit unit, double magnitude)
{
    if (unit == Unit::MiB && magnitude >= kMiBPerGiB)
        return {QStringLiteral("GiB"), 1 / kMiBPerGiB, 1};
    return {unitSymbol(unit), 1, 0};
}

QString localNumber(double value, int decimals)
{
    // The locale's decimal sign; no thousands grouping ("1980 MHz", as
    // nvidia-smi and every table of figures write it).
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale.toString(value, 'f', decimals);
}

QString notAvailable()
{
    return Tr::tr("n/a");
}

QString formatPercent(std::optional<double> v)
{
    return v ? localNumber(*v, 0) + QStringLiteral(" %") : notAvailable();
}

QString formatMiB(std::optional<double> mib)
{
    if (!mib)
        return notAvailable();
    const DisplayScale d = displayScale(Unit::MiB, *mib);
    return localNumber(*mib * d.factor, d.decimals) + QLatin1Char(' ') + d.symbol;
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
    return localNumber(v, u == 0 ? 0 : 1) + QLatin1Char(' ') + QLatin1String(units[u]);
}

QString formatByteCount(std::optional<quint64> bytes)
{
    return formatBytes(bytes ? std::optional<double>(double(*bytes)) : std::nullopt);
}

QString formatBytesPerSec(std::optional<double> bytes)
{
    if (!bytes)
        return notAvailable();
    if (*bytes >= 1e9)
        return localNumber(*bytes / 1e9, 2) + QStringLiteral(" GB/s");
    if (*bytes >= 1e6)
        return localNumber(*bytes / 1e6, 1) + QStringLiteral(" MB/s");
    if (*bytes >= 1e3)
        return localNumber(*bytes / 1e3, 0) + QStringLiteral(" kB/s");
    return localNumber(*bytes, 0) + QStringLiteral(" B/s");
}

QString formatCelsius(std::optional<double> v)
{
    return v ? localNumber(*v, 0) + QStringLiteral(" °C") : notAvailable();
}

QString formatWatts(std::optional<double> v)
{
    return v ? localNumber(*v, *v < 100 ? 1 : 0) + QStringLiteral(" W") : notAvailable();
}

QString formatMHz(std::optional<double> v)
{
    return v ? localNumber(*v, 0) + QStringLiteral(" MHz") : notAvailable();
}

QString formatDurationTwoUnits(qint64 ms)
{
    if (ms < 0)
        return notAvailable();
    const qint64 s = ms / 1000;
    if (s < 60)
        return Tr::tr("%1 s").arg(s);
    if (s < 3600)
        return Tr::tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    if (s < 86400)
        return Tr::tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
    return Tr::tr("%1 d %2 h").arg(s / 86400).arg((s % 86400) / 3600);
}

} // namespace gw
