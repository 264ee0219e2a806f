#pragma once

// A snapshot as Prometheus text exposition (format 0.0.4): DCGM-exporter
// names and labels for the GPU figures, so existing dashboards work, plus
// gpuwarden_* metrics, among them per-process GPU memory and SM utilisation
// with pid and user labels. Absent values are left out, never written as 0.

#include "coord/coordjson.h"
#include "model/snapshot.h"
#include "policy/alerts.h"
#include "policy/policyengine.h"
#include "tokens/energybook.h"
#include "tokens/promusage.h"

#include <QByteArray>
#include <QHash>
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

// `lastXids`: the last XID of each GPU (by uuid) seen in any reading so
// far, for DCGM_FI_DEV_XID_ERRORS as dcgm-exporter holds it (null: the
// reading's own only).
QByteArray prometheusText(const Snapshot& s, MetricLabels labels = MetricLabels::Dcgm,
                          const QHash<QString, int>* lastXids = nullptr);

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

// Coordination's side of /metrics (docs/coordination.md): reservations
// active at state.nowMs, callers waiting, and POST /v1/allocate answers by
// outcome (granted, refused, timeout, busy; every outcome written, 0 too).
struct AllocationMetrics
{
    AllocationState state;
    QMap<QString, quint64> requestsTotal; // by outcome
};
// gpuwarden_reservations, gpuwarden_gpu_reserved{gpu,user} (1 per reserved
// unit: the GPU's index or the MIG instance's UUID), gpuwarden_allocate_waiting,
// gpuwarden_allocate_requests_total{outcome}.
QByteArray allocationPrometheusText(const AllocationMetrics& m);

// Energy since the agent started (docs/health.md, "Energy"):
// gpuwarden_user_energy_joules_total{owner} (its processes' parts, the
// idle draw of GPUs it holds; "(idle, unowned)" and "(not attributed)"
// for the rest) and gpuwarden_user_energy_estimated_joules_total{owner}
// (of that, what is not from the energy counter split by the driver's
// figures). Nothing before the first span.
QByteArray energyPrometheusText(const EnergyBook& energy);

// The token books' side (docs/tokens.md, "On the agent"):
// gpuwarden_token_balance{user}, each user's balance now.
QByteArray tokenBalancePrometheusText(const QMap<QString, double>& balances);
// gpuwarden_enforcement_actions_total{action,outcome}: the enforcement's
// actions and refusals since the agent started (docs/tokens.md).
QByteArray enforcementPrometheusText(const QMap<std::pair<QString, QString>, quint64>& actions);

// The webhook's side (docs/enforcement.md, "Delivery"), every counter
// written, 0 too: gpuwarden_alerts_sent_total (answered 2xx),
// gpuwarden_alerts_failed_total (given up after the last retry),
// gpuwarden_alerts_dropped_total (pushed out of a full queue),
// gpuwarden_alerts_rate_limited_total (held back by [alerts] rate_limit),
// gpuwarden_alert_retries_total (attempts after a failure) and the gauge
// gpuwarden_alerts_waiting (queued behind the one being sent).
QByteArray alertPrometheusText(const Alerter::Counters& c);

// The facts of the closed hours as counters, for a keeper that reads them
// through Prometheus (core/tokens/promusage.h): gpuwarden_token_usage_gpu_
// seconds_total{server,user,gpu_model,[mig_profile,mig_slices,gpu_slices,]
// charge} and gpuwarden_token_usage_closed_through_seconds{server}. Values
// with 17 significant digits, so they read back to the last bit.
QByteArray tokenUsagePrometheusText(const QList<UsageCounter>& counters, const QString& server,
                                    qint64 closedThroughMs);

// Label value escaping of the exposition format: \\, \" and \n.
QByteArray escapeLabelValue(const QString& v);

} // namespace gw
