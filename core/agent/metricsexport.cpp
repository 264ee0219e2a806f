#include "agent/metricsexport.h"

#include "model/metrics.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <functional>

namespace gw {

QByteArray escapeLabelValue(const QString& v)
{
    QByteArray out;
    const QByteArray utf8 = v.toUtf8();
    out.reserve(utf8.size());
    for (char c : utf8) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '"':
            out += "\\\"";
            break;
        case '\n':
            out += "\\n";
            break;
        default:
            out += c;
        }
    }
    return out;
}

namespace {

QByteArray number(double v)
{
    if (std::floor(v) == v && std::abs(v) < 1e15)
        return QByteArray::number(qint64(v));
    return QByteArray::number(v, 'g', 10);
}

class Writer
{
public:
    // One family: HELP, TYPE, then a sample per item that has a value.
    // `more`: lines of the same metric for other entities (MIG instances),
    // which must sit in the same group under one HELP and TYPE.
    template <typename Items, typename Labels, typename Value>
    void family(const char* name, const char* help, const Items& items, Labels labels, Value value,
                const QByteArray& more = QByteArray())
    {
        typed(name, help, "gauge", items, labels, value, more);
    }
    template <typename Items, typename Labels, typename Value>
    void typed(const char* name, const char* help, const char* type, const Items& items,
               Labels labels, Value value, const QByteArray& more)
    {
        QByteArray lines;
        for (const auto& item : items) {
            const std::optional<double> v = value(item);
            if (!v || !std::isfinite(*v))
                continue;
            lines += name;
            lines += '{';
            lines += labels(item);
            lines += "} ";
            lines += number(*v);
            lines += '\n';
        }
        lines += more;
        if (lines.isEmpty())
            return;
        m_out += QByteArray("# HELP ") + name + ' ' + help + '\n';
        m_out += QByteArray("# TYPE ") + name + ' ' + type + '\n';
        m_out += lines;
    }
    QByteArray take() { return std::move(m_out); }

    // The sample lines alone, for `more` of another family.
    template <typename Items, typename Labels, typename Value>
    static QByteArray lines(const char* name, const Items& items, Labels labels, Value value)
    {
        QByteArray out;
        for (const auto& item : items) {
            const std::optional<double> v = value(item);
            if (!v || !std::isfinite(*v))
                continue;
            out += name;
            out += '{';
            out += labels(item);
            out += "} ";
            out += number(*v);
            out += '\n';
        }
        return out;
    }

private:
    QByteArray m_out;
};

std::optional<double> opt(const std::optional<double>& v)
{
    return v;
}

// Free framebuffer as dcgm-exporter reports it: total = free + used + reserved.
std::optional<double> freeMiB(const std::optional<double>& total, const std::optional<double>& used,
                              const std::optional<double>& reserved)
{
    if (!total || !used)
        return std::nullopt;
    return *total - *used - reserved.value_or(0.0);
}

// A GPU's health facts (docs/health.md) by dcgm-exporter's names, and its
// verdict; each only where the driver reported it. All are typed gauge, as
// the rest: dcgm-exporter types the totals "counter", which promtool's lint
// then faults for lacking a "_total" suffix; the names are what dashboards
// and alert rules match.
template <typename Labels>
void healthFamilies(Writer& w, const QList<GpuSample>& gpus, Labels labels,
                    const QHash<QString, int>* lastXids)
{
    // A fact of the GPU's health facts, as a number.
    const auto fact = [](auto field) {
        return [field](const GpuSample& g) -> std::optional<double> {
            if (!g.healthFacts)
                return std::nullopt;
            const auto& v = (*g.healthFacts).*field;
            return v ? std::optional<double>(double(*v)) : std::nullopt;
        };
    };
    const auto nvlink = [](quint64 NvLinkErrors::*field) {
        return [field](const GpuSample& g) -> std::optional<double> {
            if (!g.healthFacts || !g.healthFacts->nvlinkErrors)
                return std::nullopt;
            return double((*g.healthFacts->nvlinkErrors).*field);
        };
    };
    using F = GpuHealthFacts;
    w.family("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
             "Total energy consumption since the driver loaded (in mJ).", gpus, labels,
             fact(&F::energyMj));
    w.family("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
             "Single-bit (corrected) ECC errors since the driver loaded.", gpus, labels,
             fact(&F::eccCorrectedVolatile));
    w.family("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
             "Double-bit (uncorrected) ECC errors since the driver loaded.", gpus, labels,
             fact(&F::eccUncorrectedVolatile));
    w.family("DCGM_FI_DEV_ECC_SBE_AGG_TOTAL",
             "Single-bit (corrected) ECC errors over the GPU's life.", gpus, labels,
             fact(&F::eccCorrectedAggregate));
    w.family("DCGM_FI_DEV_ECC_DBE_AGG_TOTAL",
             "Double-bit (uncorrected) ECC errors over the GPU's life.", gpus, labels,
             fact(&F::eccUncorrectedAggregate));
    w.family("DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS", "Rows remapped for correctable errors.", gpus,
             labels, fact(&F::remappedRowsCorrectable));
    w.family("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "Rows remapped for uncorrectable errors.",
             gpus, labels, fact(&F::remappedRowsUncorrectable));
    w.family("DCGM_FI_DEV_ROW_REMAP_PENDING", "1 when a row remap waits for a GPU reset.", gpus,
             labels, fact(&F::remapPending));
    w.family("DCGM_FI_DEV_ROW_REMAP_FAILURE", "1 when row remapping failed.", gpus, labels,
             fact(&F::remapFailure));
    w.family("DCGM_FI_DEV_RETIRED_SBE", "Pages retired for single-bit errors.", gpus, labels,
             fact(&F::retiredPagesSbe));
    w.family("DCGM_FI_DEV_RETIRED_DBE", "Pages retired for double-bit errors.", gpus, labels,
             fact(&F::retiredPagesDbe));
    w.family("DCGM_FI_DEV_RETIRED_PENDING", "1 when a page retirement waits for a GPU reset.", gpus,
             labels, fact(&F::retiredPagesPending));
    w.family("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS",
             "Clock-event (throttle) reasons active, NVML's bit mask.", gpus, labels,
             fact(&F::clockEventReasons));
    w.family("DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "PCIe replays.", gpus, labels,
             fact(&F::pcieReplayCount));
    w.family("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
             "NVLink flow-control CRC errors, all active links.", gpus, labels,
             nvlink(&NvLinkErrors::crcFlit));
    w.family("DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
             "NVLink data CRC errors, all active links.", gpus, labels,
             nvlink(&NvLinkErrors::crcData));
    w.family("DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
             "NVLink replay errors, all active links.", gpus, labels,
             nvlink(&NvLinkErrors::replay));
    w.family("DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL",
             "NVLink recovery errors, all active links.", gpus, labels,
             nvlink(&NvLinkErrors::recovery));
    // The last XID of the GPU, as dcgm-exporter holds it: this reading's
    // newest, else the last one seen before (when the caller kept them).
    w.family("DCGM_FI_DEV_XID_ERRORS", "The last XID the GPU reported.", gpus, labels,
             [lastXids](const GpuSample& g) -> std::optional<double> {
                 if (g.healthFacts && !g.healthFacts->xids.isEmpty())
                     return double(g.healthFacts->xids.last().xid);
                 if (lastXids)
                     if (const auto it = lastXids->constFind(g.uuid); it != lastXids->cend())
                         return double(*it);
                 return std::nullopt;
             });
    w.family("gpuwarden_gpu_health",
             "The GPU's health verdict: 0 ok, 1 degraded, 2 failing (absent: unknown).", gpus,
             labels, [](const GpuSample& g) -> std::optional<double> {
                 if (!g.health)
                     return std::nullopt;
                 switch (g.health->state) {
                 case HealthState::Ok:
                     return 0.0;
                 case HealthState::Degraded:
                     return 1.0;
                 case HealthState::Failing:
                     return 2.0;
                 case HealthState::Unknown:
                     break;
                 }
                 return std::nullopt;
             });
}

struct InstanceRef
{
    const GpuSample* gpu;
    const MigInstance* mig;
};

} // namespace

QByteArray prometheusText(const Snapshot& s, MetricLabels style,
                          const QHash<QString, int>* lastXids)
{
    const QByteArray host =
        escapeLabelValue(s.host.hostname.isEmpty() ? s.server : s.host.hostname);
    // dcgm-exporter's own label names, or the same in Prometheus' snake_case.
    const bool dcgm = style == MetricLabels::Dcgm;
    const QByteArray uuidKey = dcgm ? "UUID" : "uuid";
    const QByteArray modelKey = dcgm ? "modelName" : "model_name";
    const QByteArray hostKey = dcgm ? "Hostname" : "hostname";
    // Explicit QByteArray returns: with QStringBuilder an `auto` return would be
    // an expression still pointing at this call's temporaries.
    // A MIG instance carries its parent's labels plus dcgm-exporter's
    // GPU_I_PROFILE and GPU_I_ID (the GPU instance id), and our GPU_CI_ID
    // (compute instance id): two compute instances can share one GPU
    // instance, and each series must stay unique.
    const QByteArray profileKey = dcgm ? "GPU_I_PROFILE" : "gpu_i_profile";
    const QByteArray instanceKey = dcgm ? "GPU_I_ID" : "gpu_i_id";
    const QByteArray computeKey = dcgm ? "GPU_CI_ID" : "gpu_ci_id";
    auto migLabels = [&](const MigInstance& m) -> QByteArray {
        auto id = [](const std::optional<int>& v) {
            return v ? QByteArray::number(*v) : QByteArray();
        };
        return profileKey + "=\"" + escapeLabelValue(m.profile) + "\"," + instanceKey + "=\"" +
               id(m.gpuInstanceId) + "\"," + computeKey + "=\"" + id(m.computeInstanceId) + "\",";
    };
    auto labelsOf = [&](const GpuSample& g, const MigInstance* m) -> QByteArray {
        return QByteArray("gpu=\"") + QByteArray::number(g.index) + "\"," + uuidKey + "=\"" +
               escapeLabelValue(g.uuid) + "\",pci_bus_id=\"" + escapeLabelValue(g.pciBusId) +
               "\",device=\"nvidia" + QByteArray::number(g.index) + "\"," + modelKey + "=\"" +
               escapeLabelValue(g.name) + "\"," + (m ? migLabels(*m) : QByteArray()) + hostKey +
               "=\"" + host + '"';
    };
    auto gpuLabels = [&](const GpuSample& g) -> QByteArray {
        return labelsOf(g, nullptr);
    };
    QList<InstanceRef> instances;
    for (const auto& g : s.gpus) {
        for (const auto& m : g.migInstances)
            instances.append(InstanceRef{&g, &m});
    }
    auto instanceLabels = [&](const InstanceRef& r) -> QByteArray {
        return labelsOf(*r.gpu, r.mig);
    };
    QHash<QString, const GpuSample*> byUuid;
    for (const auto& g : s.gpus)
        byUuid.insert(g.uuid, &g);
    // dcgm-exporter's pod, namespace and container (its Kubernetes
    // mapping), a Slurm job's id as its hpc_job, and who owns the process (docs/owners.md);
    // each only where known.
    auto ownerLabels = [](const GpuProcess& p) -> QByteArray {
        QByteArray out;
        const auto add = [&out](const char* key, const QString& value) {
            if (!value.isEmpty())
                out += QByteArray(key) + "=\"" + escapeLabelValue(value) + "\",";
        };
        if (p.workload) {
            const Workload& w = *p.workload;
            if (w.kind == WorkloadKind::Kubernetes) {
                add("pod", w.name);
                add("namespace", w.namespaceName);
                add("container", w.containerName);
            } else if (w.isContainer()) {
                add("container", w.name.isEmpty() ? w.id.left(12) : w.name);
            } else if (w.kind == WorkloadKind::Slurm) {
                add("hpc_job", w.id);
            }
        }
        if (p.owner) {
            add("owner", p.owner->user);
            add("account", p.owner->account);
        }
        return out;
    };
    auto processLabels = [&](const GpuProcess& p) -> QByteArray {
        const GpuSample* g = byUuid.value(p.gpuUuid);
        const MigInstance* m = g && !p.migUuid.isEmpty() ? g->migByUuid(p.migUuid) : nullptr;
        return QByteArray("pid=\"") + QByteArray::number(p.pid) + "\",user=\"" +
               escapeLabelValue(p.ghost ? QStringLiteral("(not in /proc)") : p.user) + "\",gpu=\"" +
               (g ? QByteArray::number(g->index) : QByteArray()) + "\"," + uuidKey + "=\"" +
               escapeLabelValue(p.gpuUuid) + "\"," + (m ? migLabels(*m) : QByteArray()) +
               ownerLabels(p) + hostKey + "=\"" + host + '"';
    };
    const QList<HostSample> hosts{s.host};
    auto hostLabels = [&](const HostSample&) -> QByteArray {
        return hostKey + "=\"" + host + '"';
    };
    auto u64 = [](const std::optional<quint64>& v) {
        return v ? std::optional<double>(double(*v)) : std::nullopt;
    };

    // The charted metrics come from the metric table, a family per row in
    // its Prometheus unit; what is only exported (capacities, limits) follows.
    Writer w;
    auto tableFamilies = [&](MetricTarget target, const auto& items, auto labels) {
        for (const MetricDef& d : metricTable()) {
            if (d.target != target)
                continue;
            // dcgm-exporter reports framebuffer use per MIG instance too.
            const QByteArray more =
                d.id == MetricId::GpuMemoryUsed && target == MetricTarget::Gpu
                    ? Writer::lines(d.promName, instances, instanceLabels,
                                    [](const InstanceRef& r) { return r.mig->memoryUsedMiB; })
                    : QByteArray();
            w.family(
                d.promName, d.promHelp, items, labels,
                [&d](const auto& item) -> std::optional<double> {
                    const std::optional<double> v = metricValue(d, item);
                    return v ? std::optional<double>(*v * d.promPerUnit) : std::nullopt;
                },
                more);
        }
    };
    tableFamilies(MetricTarget::Gpu, s.gpus, gpuLabels);
    w.family("DCGM_FI_DEV_MEM_COPY_UTIL", "Memory utilization (in %).", s.gpus, gpuLabels,
             [](const GpuSample& g) { return opt(g.utilizationMemoryPercent); });
    w.family(
        "DCGM_FI_DEV_FB_FREE", "Framebuffer memory free (in MiB).", s.gpus, gpuLabels,
        [](const GpuSample& g) {
            return freeMiB(g.memoryTotalMiB, g.memoryUsedMiB, g.memoryReservedMiB);
        },
        Writer::lines("DCGM_FI_DEV_FB_FREE", instances, instanceLabels, [](const InstanceRef& r) {
            return freeMiB(r.mig->memoryTotalMiB, r.mig->memoryUsedMiB, std::nullopt);
        }));
    w.family("DCGM_FI_DEV_FB_RESERVED", "Framebuffer memory reserved (in MiB).", s.gpus, gpuLabels,
             [](const GpuSample& g) { return opt(g.memoryReservedMiB); });
    w.family(
        "gpuwarden_gpu_memory_total_mib", "GPU memory size (in MiB).", s.gpus, gpuLabels,
        [](const GpuSample& g) { return opt(g.memoryTotalMiB); },
        Writer::lines("gpuwarden_gpu_memory_total_mib", instances, instanceLabels,
                      [](const InstanceRef& r) { return r.mig->memoryTotalMiB; }));
    w.family("DCGM_FI_DEV_SLOWDOWN_TEMP", "Slowdown temperature threshold (in C).", s.gpus,
             gpuLabels, [](const GpuSample& g) { return opt(g.slowdownTemperatureC); });
    w.family("DCGM_FI_DEV_SHUTDOWN_TEMP", "Shutdown temperature threshold (in C).", s.gpus,
             gpuLabels, [](const GpuSample& g) { return opt(g.shutdownTemperatureC); });
    w.family("gpuwarden_gpu_mig_enabled",
             "1 when the GPU is partitioned into MIG instances, 0 when MIG is off.", s.gpus,
             gpuLabels, [](const GpuSample& g) {
                 return g.migEnabled ? std::optional<double>(*g.migEnabled) : std::nullopt;
             });
    w.family("gpuwarden_gpu_mig_slices", "Compute slices of the whole GPU in MIG mode.", s.gpus,
             gpuLabels, [](const GpuSample& g) {
                 return g.migSliceCount ? std::optional<double>(*g.migSliceCount) : std::nullopt;
             });
    w.family("gpuwarden_mig_compute_slices", "Compute slices of a MIG instance.", instances,
             instanceLabels, [](const InstanceRef& r) {
                 return r.mig->computeSlices ? std::optional<double>(*r.mig->computeSlices)
                                             : std::nullopt;
             });
    w.family("gpuwarden_gpu_power_limit_watts", "Enforced power limit (in W).", s.gpus, gpuLabels,
             [](const GpuSample& g) { return opt(g.powerLimitW); });
    w.family("gpuwarden_gpu_fan_percent", "Fan speed (in % of maximum).", s.gpus, gpuLabels,
             [](const GpuSample& g) { return opt(g.fanPercent); });
    w.family("gpuwarden_gpu_up", "1 when the GPU answered this sample, 0 when it failed.", s.gpus,
             gpuLabels,
             [](const GpuSample& g) { return std::optional<double>(g.error.isEmpty()); });
    healthFamilies(w, s.gpus, gpuLabels, lastXids);
    tableFamilies(MetricTarget::Process, s.processes, processLabels);
    tableFamilies(MetricTarget::Host, hosts, hostLabels);
    w.family("gpuwarden_host_memory_total_bytes", "Host memory size.", hosts, hostLabels,
             [&](const HostSample& h) { return u64(h.memoryTotalBytes); });
    return w.take();
}

} // namespace gw

namespace gw {

QByteArray policyPrometheusText(const PolicyMetrics& m)
{
    QByteArray out;
    auto head = [&](const char* name, const char* help, const char* type) {
        out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
    };
    if (m.status) {
        const PolicyStatus& s = *m.status;
        head("gpuwarden_policy_load_percent",
             "Mean GPU busy over the last 5 minutes, as the policies see it.", "gauge");
        out += "gpuwarden_policy_load_percent " + number(s.loadPercent) + '\n';
        head("gpuwarden_policy_load_band", "Index of the [adaptive] load band in force.", "gauge");
        out += "gpuwarden_policy_load_band " + QByteArray::number(s.loadBand) + '\n';
        head("gpuwarden_policy_defensive", "1 while the server is in defensive mode.", "gauge");
        out += QByteArray("gpuwarden_policy_defensive ") + (s.defensive ? "1" : "0") + '\n';
        if (!s.users.isEmpty()) {
            head("gpuwarden_policy_allowed_share_percent",
                 "Share of the server a user may use now (quota, load band, defensive mode).",
                 "gauge");
            for (const PolicyStatus::User& u : s.users)
                out += "gpuwarden_policy_allowed_share_percent{user=\"" + escapeLabelValue(u.user) +
                       "\"} " + number(u.allowedPercent) + '\n';
        }
    }
    if (!m.openEvents.isEmpty()) {
        head("gpuwarden_policy_open_events", "Policy events open now, by kind.", "gauge");
        for (auto it = m.openEvents.begin(); it != m.openEvents.end(); ++it)
            out += "gpuwarden_policy_open_events{kind=\"" + escapeLabelValue(it.key()) + "\"} " +
                   QByteArray::number(it.value()) + '\n';
    }
    if (!m.eventsTotal.isEmpty()) {
        head("gpuwarden_policy_events_total", "Policy events opened since the agent started.",
             "counter");
        for (auto it = m.eventsTotal.begin(); it != m.eventsTotal.end(); ++it)
            out += "gpuwarden_policy_events_total{kind=\"" + escapeLabelValue(it.key()) + "\"} " +
                   QByteArray::number(it.value()) + '\n';
    }
    return out;
}

QByteArray energyPrometheusText(const EnergyBook& energy)
{
    if (energy.byOwner().isEmpty())
        return {};
    QStringList owners = energy.byOwner().keys();
    owners.sort();
    QByteArray total = "# HELP gpuwarden_user_energy_joules_total Energy each owner's use drew "
                       "since the agent started (docs/health.md).\n"
                       "# TYPE gpuwarden_user_energy_joules_total counter\n";
    QByteArray estimated =
        "# HELP gpuwarden_user_energy_estimated_joules_total Of that, the part integrated from "
        "power or split by memory (estimated).\n"
        "# TYPE gpuwarden_user_energy_estimated_joules_total counter\n";
    for (const QString& owner : std::as_const(owners)) {
        const EnergyBook::Total t = energy.byOwner().value(owner);
        const QByteArray labels = "{owner=\"" + escapeLabelValue(owner) + "\"} ";
        total +=
            "gpuwarden_user_energy_joules_total" + labels + number(double(t.mj) / 1000.0) + '\n';
        estimated += "gpuwarden_user_energy_estimated_joules_total" + labels +
                     number(double(t.estimatedMj) / 1000.0) + '\n';
    }
    return total + estimated;
}

QByteArray tokenBalancePrometheusText(const QMap<QString, double>& balances)
{
    QByteArray out = "# HELP gpuwarden_token_balance Each user's token balance (docs/tokens.md).\n"
                     "# TYPE gpuwarden_token_balance gauge\n";
    for (auto it = balances.cbegin(); it != balances.cend(); ++it)
        out += "gpuwarden_token_balance{user=\"" + escapeLabelValue(it.key()) + "\"} " +
               QByteArray::number(it.value(), 'g', 15) + '\n';
    return out;
}

QByteArray enforcementPrometheusText(const QMap<std::pair<QString, QString>, quint64>& actions)
{
    QByteArray out = "# HELP gpuwarden_enforcement_actions_total Enforcement by token balance: "
                     "actions and refusals by action and outcome (docs/tokens.md).\n"
                     "# TYPE gpuwarden_enforcement_actions_total counter\n";
    for (auto it = actions.cbegin(); it != actions.cend(); ++it)
        out += "gpuwarden_enforcement_actions_total{action=\"" + escapeLabelValue(it.key().first) +
               "\",outcome=\"" + escapeLabelValue(it.key().second) + "\"} " +
               QByteArray::number(it.value()) + '\n';
    return out;
}

QByteArray alertPrometheusText(const Alerter::Counters& c)
{
    QByteArray out;
    auto write = [&](const char* name, const char* help, const char* type, quint64 value) {
        out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n' +
               name + ' ' + QByteArray::number(value) + '\n';
    };
    write("gpuwarden_alerts_sent_total",
          "Webhook alerts delivered (answered 2xx) since the agent started.", "counter", c.sent);
    write("gpuwarden_alerts_failed_total",
          "Webhook alerts given up on after the last retry since the agent started.", "counter",
          c.failed);
    write("gpuwarden_alerts_dropped_total",
          "Webhook alerts pushed out of the full queue (oldest first) since the agent started.",
          "counter", c.dropped);
    write("gpuwarden_alerts_rate_limited_total",
          "Webhook alerts held back by the rate limit per event kind and user since the agent "
          "started.",
          "counter", c.rateLimited);
    write("gpuwarden_alert_retries_total",
          "Webhook POSTs retried after a failure since the agent started.", "counter", c.retried);
    write("gpuwarden_alerts_waiting", "Webhook alerts queued now, behind the one being sent.",
          "gauge", quint64(std::max<qsizetype>(0, c.queued)));
    return out;
}

QByteArray tokenUsagePrometheusText(const QList<UsageCounter>& counters, const QString& server,
                                    qint64 closedThroughMs)
{
    QByteArray out = QByteArray("# HELP ") + kTokenUsageMetric +
                     " GPU-seconds of the token books' closed hours, per user and GPU model "
                     "(held; charge=\"used\": weighted by utilisation).\n# TYPE " +
                     kTokenUsageMetric + " counter\n";
    for (const UsageCounter& c : counters) {
        out += kTokenUsageMetric + QByteArray("{server=\"") + escapeLabelValue(c.server) +
               "\",user=\"" + escapeLabelValue(c.user) + "\",gpu_model=\"" +
               escapeLabelValue(c.gpuModel) + '"';
        if (!c.migProfile.isEmpty())
            out += ",mig_profile=\"" + escapeLabelValue(c.migProfile) + "\",mig_slices=\"" +
                   QByteArray::number(c.migSlices) + "\",gpu_slices=\"" +
                   QByteArray::number(c.gpuSlices) + '"';
        out += QByteArray(",charge=\"") + (c.used ? "used" : "held") + "\"} " +
               QByteArray::number(c.value, 'g', 17) + '\n';
    }
    out += QByteArray("# HELP ") + kTokenClosedThroughMetric +
           " The end of the last hour whose usage is in the counters (Unix seconds).\n# TYPE " +
           kTokenClosedThroughMetric + " gauge\n" + kTokenClosedThroughMetric + "{server=\"" +
           escapeLabelValue(server) + "\"} " + QByteArray::number(closedThroughMs / 1000) + '\n';
    return out;
}

QByteArray allocationPrometheusText(const AllocationMetrics& m)
{
    QByteArray out;
    auto head = [&](const char* name, const char* help, const char* type) {
        out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
    };
    QList<const Reservation*> active;
    for (const Reservation& r : m.state.reservations)
        if (r.expiresMs > m.state.nowMs)
            active << &r;
    head("gpuwarden_reservations", "Reservations of GPUs held now (POST /v1/allocate).", "gauge");
    out += "gpuwarden_reservations " + QByteArray::number(active.size()) + '\n';
    if (!active.isEmpty()) {
        head("gpuwarden_gpu_reserved", "1 for each GPU or MIG instance held by a reservation.",
             "gauge");
        for (const Reservation* r : std::as_const(active))
            for (const QString& unit : r->units)
                out += "gpuwarden_gpu_reserved{gpu=\"" + escapeLabelValue(unit) + "\",user=\"" +
                       escapeLabelValue(r->user) + "\"} 1\n";
    }
    head("gpuwarden_allocate_waiting", "Callers of POST /v1/allocate waiting for GPUs.", "gauge");
    out += "gpuwarden_allocate_waiting " + QByteArray::number(m.state.waiting.size()) + '\n';
    head("gpuwarden_allocate_requests_total",
         "Answers to POST /v1/allocate since the agent started, by outcome.", "counter");
    for (const char* outcome : {"granted", "refused", "timeout", "busy"})
        out += QByteArray("gpuwarden_allocate_requests_total{outcome=\"") + outcome + "\"} " +
               QByteArray::number(m.requestsTotal.value(QLatin1String(outcome))) + '\n';
    return out;
}

} // namespace gw
