#include "model/metrics.h"

#include <QCoreApplication>

#include <cmath>

namespace gw {

const MetricDef& metricDef(MetricId id)
{
    const MetricDef* d = findMetric(id);
    Q_ASSERT_X(d, "metricDef", "a MetricId without a row in kMetrics");
    return d ? *d : kMetrics[0];
}

QString metricTitle(const MetricDef& d)
{
    return QCoreApplication::translate("gw::Metrics", d.title);
}

double quantaPerUnit(MetricId id)
{
    const MetricDef* d = findMetric(id);
    const double p = d ? d->precision : 1.0;
    return p < 1 ? std::round(1 / p) : 1 / p;
}

std::optional<double> metricValue(const MetricDef& d, const GpuSample& g)
{
    return d.gpuField ? g.*d.gpuField : std::nullopt;
}

std::optional<double> metricValue(const MetricDef& d, const HostSample& h)
{
    return d.readHost ? d.readHost(h) : std::nullopt;
}

std::optional<double> metricValue(const MetricDef& d, const GpuProcess& p)
{
    return d.processField ? p.*d.processField : std::nullopt;
}

void setMetricValue(const MetricDef& d, GpuSample& g, std::optional<double> v)
{
    if (d.gpuField)
        g.*d.gpuField = v;
}

void setMetricValue(const MetricDef& d, HostSample& h, std::optional<double> v)
{
    if (d.writeHost)
        d.writeHost(h, v);
}

void setMetricValue(const MetricDef& d, GpuProcess& p, std::optional<double> v)
{
    if (d.processField)
        p.*d.processField = v;
}

DisplayScale metricDisplay(const MetricDef& d, double magnitude)
{
    DisplayScale s = displayScale(d.unit, magnitude);
    // A finer quantum than one unit earns its decimal (0.1 W, 0.1 % CPU).
    if (s.factor == 1 && d.precision < 1)
        s.decimals = std::max(s.decimals, int(std::ceil(-std::log10(d.precision) - 1e-9)));
    return s;
}

QString formatMetric(MetricId id, double value)
{
    if (std::isnan(value))
        return notAvailable();
    const DisplayScale s = metricDisplay(metricDef(id), std::abs(value));
    return localNumber(value * s.factor, s.decimals) + QLatin1Char(' ') + s.symbol;
}

} // namespace gw
