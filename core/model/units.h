#pragma once

// Every figure shown to a person is formatted here, with its unit; absent
// values read "n/a", never 0.

#include <QString>

#include <optional>

namespace gw {

enum class Metric
{
    GpuUtilization, // %
    MemoryUsed,     // MiB
    Temperature,    // °C
    Power,          // W
};

struct MetricInfo
{
    QString title; // translated
    QString unit;
};

MetricInfo metricInfo(Metric m);

QString notAvailable();
QString formatPercent(std::optional<double> v);
QString formatMiB(std::optional<double> mib);           // "20.0 GiB", "512 MiB"
QString formatBytes(std::optional<double> bytes);       // "1.5 GiB"
QString formatBytesPerSec(std::optional<double> bytes); // "12.0 MB/s"
QString formatCelsius(std::optional<double> v);
QString formatWatts(std::optional<double> v);
QString formatMHz(std::optional<double> v);
QString formatDuration(qint64 ms); // "3 d 4 h", "2 h 05 min", "45 s"

} // namespace gw
