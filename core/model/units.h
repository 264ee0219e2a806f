#pragma once

// Every figure shown to a person is formatted here, with its unit; absent
// values read "n/a", never 0.

#include <QString>

#include <optional>

namespace gw {

// The units metrics are kept in (core/model/metrics.h). A value is stored,
// exported and handed around in its unit; only display scales it.
enum class Unit : quint8
{
    Percent,
    MiB,
    Celsius,
    Watts,
    MHz,
};

QString unitSymbol(Unit unit); // "%", "MiB", "°C", "W", "MHz"

// How values of `unit` around `magnitude` (in that unit) are shown: the
// symbol, the factor from the unit to it, and the decimals the scaled figure
// needs. The one place that decides MiB vs GiB: at 1024 MiB and above memory
// reads in GiB with one decimal. Tables pass the value itself, charts the top
// of their axis, so a whole axis uses one unit.
struct DisplayScale
{
    QString symbol;
    double factor = 1;
    int decimals = 0;
};
DisplayScale displayScale(Unit unit, double magnitude);

// A figure in the default locale's form (QLocale(): the desktop sets it to
// the language chosen, a program run from a shell has the system's): "69.5"
// in English, "69,5" in German; thousands never grouped ("1980 MHz").
QString localNumber(double value, int decimals);
QString notAvailable();
QString formatPercent(std::optional<double> v);
QString formatMiB(std::optional<double> mib);           // "20.0 GiB", "512 MiB"
QString formatBytes(std::optional<double> bytes);       // "1.5 GiB"
QString formatByteCount(std::optional<quint64> bytes);  // the same, from a count
QString formatBytesPerSec(std::optional<double> bytes); // "12.0 MB/s"
QString formatCelsius(std::optional<double> v);
QString formatWatts(std::optional<double> v);
QString formatMHz(std::optional<double> v);
// For people, the two largest units, rounded down: "3 d 4 h", "2 h 05 min",
// "45 s" (n/a below zero). The exact spelling a file takes is
// formatDurationExact() in util/duration.h.
QString formatDurationTwoUnits(qint64 ms);

} // namespace gw
