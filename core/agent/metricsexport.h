#pragma once

// A snapshot as Prometheus text exposition (format 0.0.4): DCGM-exporter
// names and labels for the GPU figures, so existing dashboards work, plus
// gpuwarden_* metrics, among them per-process GPU memory and SM utilisation
// with pid and user labels. Absent values are left out, never written as 0.

#include "model/snapshot.h"

#include <QByteArray>

namespace gw {

// Label names: dcgm-exporter's (`UUID`, `modelName`, `Hostname`), so its
// dashboards work unchanged, or snake_case (`uuid`, `model_name`,
// `hostname`), which `promtool check metrics` passes without a lint: it
// flags camelCase label names, and dcgm-exporter's `modelName` is one.
enum class MetricLabels
{
    Dcgm,
    SnakeCase,
};

QByteArray prometheusText(const Snapshot& s, MetricLabels labels = MetricLabels::Dcgm);

// Label value escaping of the exposition format: \\, \" and \n.
QByteArray escapeLabelValue(const QString& v);

} // namespace gw
