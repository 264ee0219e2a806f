#pragma once

// A snapshot as Prometheus text exposition (format 0.0.4): DCGM-exporter
// names and labels for the GPU figures, so existing dashboards work, plus
// gpuwarden_* metrics, among them per-process GPU memory and SM utilisation
// with pid and user labels. Absent values are left out, never written as 0.

#include "model/snapshot.h"
#include "policy/policyengine.h"

#include <QByteArray>
#include <QMap>

#include <optional>

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

// The policies' side of /metrics: the adaptive figures of the newest
// status, and events open and seen, by kind (every kind written, 0 too).
struct PolicyMetrics
{
    std::optional<PolicyStatus> status;
    QMap<QString, int> openEvents;      // by kind name
    QMap<QString, quint64> eventsTotal; // events seen opening since start, by kind name
};
// gpuwarden_policy_load_percent, _load_band, _defensive,
// _allowed_share_percent{user}, _open_events{kind}, _events_total{kind}.
QByteArray policyPrometheusText(const PolicyMetrics& m);

// Label value escaping of the exposition format: \\, \" and \n.
QByteArray escapeLabelValue(const QString& v);

} // namespace gw
