#pragma once

// A report's content as plain data (docs/reports.md): what a range of
// readings says about coverage, each GPU and MIG instance, and each user.
// Writers (CSV now; PDF and print later) only lay it out: every figure is
// computed once, here, by ReportBuilder. Absent figures stay absent.

#include "tokens/usage.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

// One server's readings in the range: the time they stand for (the rule of
// readingSpanMs) and the silences longer than 3 × the interval.
struct ServerCoverage
{
    QString server;
    qint64 coveredMs = 0;
    QList<CoverageGap> gaps; // clipped to the range, in time order
    bool operator==(const ServerCoverage&) const = default;
};

// A metric over the time it was reported: mean weighted by each reading's
// span, and the highest reading. Both absent when no reading had it.
struct MetricSummary
{
    std::optional<double> mean;
    std::optional<double> peak;
    bool operator==(const MetricSummary&) const = default;
};

// A whole GPU, or a MIG instance as a unit of its own.
struct UnitReport
{
    QString server;
    QString gpuUuid;    // the GPU, or the MIG instance's parent
    int gpuIndex = -1;  // as last reported
    QString gpuModel;   // the GPU's name
    QString migUuid;    // empty for a whole GPU
    QString migProfile; // "3g.40gb"; empty for a whole GPU
    qint64 coveredMs = 0;
    MetricSummary utilisationPercent;
    MetricSummary memoryUsedMiB;
    MetricSummary temperatureC;
    MetricSummary powerW;
    std::optional<double> energyKWh;  // power × time, over the time power was reported
    std::optional<qint64> busyMs;     // utilisation ≥ [hog] threshold_percent
    std::optional<qint64> heldIdleMs; // processes on it, utilisation < [idle] minimum
    bool operator==(const UnitReport&) const = default;
};

struct UserReport
{
    QString user;
    QMap<QString, double> gpuHoursByModel; // held GPU-hours, as the books count them
    double gpuHours = 0;                   // their sum
    // Of the fleet's capacity in the range (the covered hours of whole GPUs), 0–100.
    std::optional<double> sharePercent;
    std::optional<double> quotaPercent;  // [quota]: the user's share, else the default
    std::optional<double> tokensCharged; // [tokens]: usage charged in the range
    std::optional<double> balance;       // [tokens]: at the end of the range
    bool operator==(const UserReport&) const = default;
};

struct Report
{
    qint64 fromMs = 0; // [fromMs, toMs)
    qint64 toMs = 0;
    QStringList servers; // the scope: every server seen, sorted
    QString timeZone;    // IANA id the times are shown in
    qint64 generatedAtMs = 0;
    double busyThresholdPercent = 0;     // the [hog] threshold used
    double idleThresholdPercent = 0;     // the [idle] minimum used
    QList<ServerCoverage> coverage;      // per server, sorted
    QList<UnitReport> units;             // sorted by server, GPU index, MIG instance
    QList<UserReport> users;             // sorted by name
    std::optional<double> fleetGpuHours; // covered hours of whole GPUs; absent: no GPU
    QStringList warnings;
    bool operator==(const Report&) const = default;
};

} // namespace gw

Q_DECLARE_TYPEINFO(gw::ServerCoverage, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::UnitReport, Q_RELOCATABLE_TYPE);
Q_DECLARE_TYPEINFO(gw::UserReport, Q_RELOCATABLE_TYPE);
