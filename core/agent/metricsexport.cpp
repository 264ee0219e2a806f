#include "agent/metricsexport.h"

#include "model/metrics.h"

#include <QHash>

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
    template <typename Items, typename Labels, typename Value>
    void family(const char* name, const char* help, const Items& items, Labels labels, Value value)
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
        if (lines.isEmpty())
            return;
        m_out += QByteArray("# HELP ") + name + ' ' + help + '\n';
        m_out += QByteArray("# TYPE ") + name + " gauge\n";
        m_out += lines;
    }
    QByteArray take() { return std::move(m_out); }

private:
    QByteArray m_out;
};

std::optional<double> opt(const std::optional<double>& v)
{
    return v;
}

} // namespace

QByteArray prometheusText(const Snapshot& s, MetricLabels style)
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
    auto gpuLabels = [&](const GpuSample& g) -> QByteArray {
        return QByteArray("gpu=\"") + QByteArray::number(g.index) + "\"," + uuidKey + "=\"" +
               escapeLabelValue(g.uuid) + "\",pci_bus_id=\"" + escapeLabelValue(g.pciBusId) +
               "\",device=\"nvidia" + QByteArray::number(g.index) + "\"," + modelKey + "=\"" +
               escapeLabelValue(g.name) + "\"," + hostKey + "=\"" + host + '"';
    };
    QHash<QString, const GpuSample*> byUuid;
    for (const auto& g : s.gpus)
        byUuid.insert(g.uuid, &g);
    auto processLabels = [&](const GpuProcess& p) -> QByteArray {
        const GpuSample* g = byUuid.value(p.gpuUuid);
        return QByteArray("pid=\"") + QByteArray::number(p.pid) + "\",user=\"" +
               escapeLabelValue(p.ghost ? QStringLiteral("(not in /proc)") : p.user) + "\",gpu=\"" +
               (g ? QByteArray::number(g->index) : QByteArray()) + "\"," + uuidKey + "=\"" +
               escapeLabelValue(p.gpuUuid) + "\"," + hostKey + "=\"" + host + '"';
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
            w.family(d.promName, d.promHelp, items, labels,
                     [&d](const auto& item) -> std::optional<double> {
                         const std::optional<double> v = metricValue(d, item);
                         return v ? std::optional<double>(*v * d.promPerUnit) : std::nullopt;
                     });
        }
    };
    tableFamilies(MetricTarget::Gpu, s.gpus, gpuLabels);
    w.family("DCGM_FI_DEV_MEM_COPY_UTIL", "Memory utilization (in %).", s.gpus, gpuLabels,
             [](const GpuSample& g) { return opt(g.utilizationMemoryPercent); });
    w.family("DCGM_FI_DEV_FB_FREE", "Framebuffer memory free (in MiB).", s.gpus, gpuLabels,
             [](const GpuSample& g) {
                 return g.memoryUsedMiB && g.memoryTotalMiB
                            ? std::optional<double>(*g.memoryTotalMiB - *g.memoryUsedMiB)
                            : std::nullopt;
             });
    w.family("gpuwarden_gpu_memory_total_mib", "GPU memory size (in MiB).", s.gpus, gpuLabels,
             [](const GpuSample& g) { return opt(g.memoryTotalMiB); });
    w.family("gpuwarden_gpu_power_limit_watts", "Enforced power limit (in W).", s.gpus, gpuLabels,
             [](const GpuSample& g) { return opt(g.powerLimitW); });
    w.family("gpuwarden_gpu_fan_percent", "Fan speed (in % of maximum).", s.gpus, gpuLabels,
             [](const GpuSample& g) { return opt(g.fanPercent); });
    w.family("gpuwarden_gpu_up", "1 when the GPU answered this sample, 0 when it failed.", s.gpus,
             gpuLabels,
             [](const GpuSample& g) { return std::optional<double>(g.error.isEmpty()); });
    tableFamilies(MetricTarget::Process, s.processes, processLabels);
    tableFamilies(MetricTarget::Host, hosts, hostLabels);
    w.family("gpuwarden_host_memory_total_bytes", "Host memory size.", hosts, hostLabels,
             [&](const HostSample& h) { return u64(h.memoryTotalBytes); });
    return w.take();
}

} // namespace gw
