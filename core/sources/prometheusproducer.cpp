#include "sources/prometheusproducer.h"

#include "sampling/smimig.h"

#include "model/metrics.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QMap>
#include <QUrlQuery>

#include <algorithm>
#include <cmath>
#include <memory>

Q_LOGGING_CATEGORY(lcPrometheus, "gw.prometheus", QtInfoMsg)

namespace gw {

namespace {

// Which part of a Snapshot a series fills: a row of the metric table, or
// one of the figures only read back, not charted.
enum class Field
{
    Metric,
    MemCopyUtil,
    FbFree,
    FbReserved,
    MemoryTotal,
    PowerLimit,
    Fan,
    HostMemoryTotal,
    SlowdownTemp,
    ShutdownTemp,
    MigEnabled,
    MigComputeSlices,
};

struct Family
{
    const char* name;
    Field field;
    const MetricDef* metric = nullptr; // Field::Metric
};

// The metric table's families (dcgm-exporter's names first), then the rest
// of what DCGM exporter and our agent (agent/metricsexport.cpp) export.
const QList<Family>& families()
{
    static const QList<Family> all = [] {
        QList<Family> f;
        for (const MetricDef& d : metricTable())
            f.append({d.promName, Field::Metric, &d});
        f += QList<Family>{
            {"DCGM_FI_DEV_MEM_COPY_UTIL", Field::MemCopyUtil},
            {"DCGM_FI_DEV_FB_FREE", Field::FbFree},
            {"DCGM_FI_DEV_FB_RESERVED", Field::FbReserved},
            {"gpuwarden_gpu_memory_total_mib", Field::MemoryTotal},
            {"gpuwarden_gpu_power_limit_watts", Field::PowerLimit},
            {"gpuwarden_gpu_fan_percent", Field::Fan},
            {"gpuwarden_host_memory_total_bytes", Field::HostMemoryTotal},
            {"DCGM_FI_DEV_SLOWDOWN_TEMP", Field::SlowdownTemp},
            {"DCGM_FI_DEV_SHUTDOWN_TEMP", Field::ShutdownTemp},
            {"gpuwarden_gpu_mig_enabled", Field::MigEnabled},
            {"gpuwarden_mig_compute_slices", Field::MigComputeSlices},
        };
        return f;
    }();
    return all;
}

std::optional<Family> familyOf(const QString& name)
{
    for (const Family& f : families())
        if (name == QLatin1String(f.name))
            return f;
    return std::nullopt;
}

// `DCGM_FI_DEV_(GPU_UTIL|…)|gpuwarden_(gpu_memory_total_mib|…)`
QString nameRegex()
{
    static const QLatin1String dcgm("DCGM_FI_DEV_");
    static const QLatin1String ours("gpuwarden_");
    QStringList dcgmNames;
    QStringList ourNames;
    for (const Family& f : families()) {
        const QString name = QLatin1String(f.name);
        if (name.startsWith(dcgm))
            dcgmNames << name.mid(dcgm.size());
        else
            ourNames << name.mid(ours.size());
    }
    return dcgm + QLatin1Char('(') + dcgmNames.join(QLatin1Char('|')) + QLatin1String(")|") + ours +
           QLatin1Char('(') + ourNames.join(QLatin1Char('|')) + QLatin1Char(')');
}

// A PromQL double-quoted string literal.
QString promString(const QString& s)
{
    QString out = s;
    out.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
        .replace(QLatin1Char('"'), QLatin1String("\\\""))
        .replace(QLatin1Char('\n'), QLatin1String("\\n"));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

// RE2 matches `s` literally once every non-alphanumeric is escaped.
QString regexLiteral(const QString& s)
{
    QString out;
    for (QChar c : s) {
        if (!c.isLetterOrNumber() && c != QLatin1Char('_') && c != QLatin1Char('-'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out;
}

// "gpu01:9400" → "gpu01", "[fe80::1]:9400" → "fe80::1".
QString hostOfInstance(const QString& instance)
{
    if (instance.startsWith(QLatin1Char('['))) {
        const qsizetype close = instance.indexOf(QLatin1Char(']'));
        return close > 0 ? instance.mid(1, close - 1) : instance;
    }
    const qsizetype colon = instance.lastIndexOf(QLatin1Char(':'));
    return colon > 0 && instance.count(QLatin1Char(':')) == 1 ? instance.left(colon) : instance;
}

// DCGM exporter writes the host as `Hostname` or (newer) `hostname`; with
// -n it writes neither, and the scrape target is all we know.
QString hostOf(const QJsonObject& labels)
{
    for (const char* key : {"Hostname", "hostname"}) {
        const QString v = labels[QLatin1String(key)].toString();
        if (!v.isEmpty())
            return v;
    }
    return hostOfInstance(labels[QLatin1String("instance")].toString());
}

QString label(const QJsonObject& labels, const char* upper, const char* lower)
{
    const QString v = labels[QLatin1String(upper)].toString();
    return v.isEmpty() ? labels[QLatin1String(lower)].toString() : v;
}

struct Point
{
    qint64 ms;
    std::optional<double> value; // absent: NaN, ±Inf or a DCGM blank
};

struct Series
{
    QJsonObject labels;
    Field field;
    const MetricDef* metric = nullptr; // Field::Metric
    // In the metric's unit (Prometheus has it × promPerUnit).
    QList<Point> points;
};

// [1795342395.152, "42"]; false (with `why`) when it is anything else.
bool parsePoint(const QJsonValue& v, Point* out, QString* why)
{
    const QJsonArray a = v.toArray();
    if (!v.isArray() || a.size() != 2 || !a[0].isDouble() || !a[1].isString()) {
        *why = QStringLiteral("expected [time, \"value\"]");
        return false;
    }
    out->ms = qRound64(a[0].toDouble() * 1000.0);
    const QString text = a[1].toString();
    bool ok = false;
    const double d = text.toDouble(&ok);
    if (!ok) {
        static const QStringList special{QStringLiteral("NaN"), QStringLiteral("+Inf"),
                                         QStringLiteral("-Inf"), QStringLiteral("Inf")};
        if (!special.contains(text)) {
            *why = QStringLiteral("\"%1\" is not a number").arg(text.left(40));
            return false;
        }
    }
    // DCGM blanks (0x7ffffffffffffff0 and up) leak from old exporters.
    out->value =
        ok && std::isfinite(d) && std::abs(d) < 0x1p62 ? std::optional<double>(d) : std::nullopt;
    return true;
}

// The `result` of a vector or matrix reply as series we know. Any item of
// the wrong shape fails the whole reply.
std::optional<QList<Series>> parseResult(const QJsonValue& data, const QString& resultType,
                                         QString* why)
{
    const QJsonObject d = data.toObject();
    if (d[QLatin1String("resultType")].toString() != resultType) {
        *why = QStringLiteral("data.resultType: expected \"%1\"").arg(resultType);
        return std::nullopt;
    }
    const QJsonValue result = d[QLatin1String("result")];
    if (!result.isArray()) {
        *why = QStringLiteral("data.result: expected an array");
        return std::nullopt;
    }
    const bool matrix = resultType == QLatin1String("matrix");
    QList<Series> out;
    const QJsonArray items = result.toArray();
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString at = QStringLiteral("data.result[%1]").arg(i);
        const QJsonObject item = items[i].toObject();
        const QJsonValue metric = item[QLatin1String("metric")];
        if (!metric.isObject()) {
            *why = at + QStringLiteral(".metric: expected an object");
            return std::nullopt;
        }
        Series s;
        s.labels = metric.toObject();
        const auto family = familyOf(s.labels[QLatin1String("__name__")].toString());
        if (!family)
            continue; // a series our selector did not ask for
        s.field = family->field;
        s.metric = family->metric;
        QJsonArray raw;
        if (matrix) {
            const QJsonValue values = item[QLatin1String("values")];
            if (!values.isArray()) {
                *why = at + QStringLiteral(".values: expected an array");
                return std::nullopt;
            }
            raw = values.toArray();
        } else {
            raw.append(item[QLatin1String("value")]);
        }
        for (const QJsonValue& v : std::as_const(raw)) {
            Point p;
            QString bad;
            if (!parsePoint(v, &p, &bad)) {
                *why =
                    at + (matrix ? QStringLiteral(".values: ") : QStringLiteral(".value: ")) + bad;
                return std::nullopt;
            }
            if (s.metric && p.value)
                *p.value /= s.metric->promPerUnit;
            s.points.append(p);
        }
        out.append(std::move(s));
    }
    return out;
}

struct InstanceParts
{
    MigInstance mig;
    std::optional<double> fbFree;
};

struct GpuParts
{
    GpuSample gpu;
    std::optional<double> fbFree;
    std::optional<double> fbReserved;
    QMap<std::pair<int, int>, InstanceParts> instances; // by GPU and compute instance id
};

// A series of one MIG instance: dcgm-exporter's GPU_I_ID (and our
// GPU_CI_ID) label. Absent for a whole GPU's series.
struct InstanceKey
{
    int gpuInstance = -1;
    int computeInstance = 0;
    QString profile;
};
std::optional<InstanceKey> instanceOf(const QJsonObject& labels)
{
    const QString gi = label(labels, "GPU_I_ID", "gpu_i_id");
    if (gi.isEmpty())
        return std::nullopt;
    InstanceKey k;
    bool ok = false;
    k.gpuInstance = gi.toInt(&ok);
    if (!ok || k.gpuInstance < 0)
        return std::nullopt;
    const QString ci = label(labels, "GPU_CI_ID", "gpu_ci_id");
    k.computeInstance = ci.isEmpty() ? 0 : ci.toInt(&ok);
    if (!ok || k.computeInstance < 0)
        return std::nullopt;
    k.profile = label(labels, "GPU_I_PROFILE", "gpu_i_profile");
    return k;
}

// Prometheus does not carry an instance's MIG UUID (dcgm-exporter has no
// label for it), so instances read back are keyed by their parent and ids:
// "GPU-…/GI2/CI0". Stable while the partition stays, which is what a key
// must be.
QString instanceKeyString(const QString& parentUuid, const InstanceKey& k)
{
    return parentUuid + QStringLiteral("/GI%1/CI%2").arg(k.gpuInstance).arg(k.computeInstance);
}

struct HostParts
{
    Snapshot snapshot;
    QMap<QString, GpuParts> gpus;                           // by UUID
    QMap<std::pair<qint64, QString>, GpuProcess> processes; // by pid and GPU
};

std::optional<quint64> toBytes(std::optional<double> v)
{
    return v && *v >= 0 ? std::optional<quint64>(quint64(*v)) : std::nullopt;
}

void fillGpu(GpuParts& p, Field field, std::optional<double> v)
{
    GpuSample& g = p.gpu;
    switch (field) {
    case Field::MemCopyUtil:
        g.utilizationMemoryPercent = v;
        break;
    case Field::FbFree:
        p.fbFree = v;
        break;
    case Field::FbReserved:
        p.fbReserved = v;
        break;
    case Field::MemoryTotal:
        g.memoryTotalMiB = v;
        break;
    case Field::PowerLimit:
        g.powerLimitW = v;
        break;
    case Field::Fan:
        g.fanPercent = v;
        break;
    case Field::SlowdownTemp:
        g.slowdownTemperatureC = v;
        break;
    case Field::ShutdownTemp:
        g.shutdownTemperatureC = v;
        break;
    case Field::MigEnabled:
        g.migEnabled = v ? std::optional<bool>(*v != 0) : std::nullopt;
        break;
    default:
        break;
    }
}

// False for a figure of the whole GPU that an exporter repeats on each
// instance's series (temperature, power, clocks).
bool fillInstance(InstanceParts& p, Field field, const MetricDef* metric, std::optional<double> v)
{
    if (metric && metric->id == MetricId::GpuMemoryUsed)
        p.mig.memoryUsedMiB = v;
    else if (field == Field::FbFree)
        p.fbFree = v;
    else if (field == Field::MemoryTotal)
        p.mig.memoryTotalMiB = v;
    else if (field == Field::MigComputeSlices)
        p.mig.computeSlices = v && *v >= 1 && *v <= 64 ? std::optional<int>(int(*v)) : std::nullopt;
    else if (field == Field::FbReserved)
        ; // an instance has none of its own
    else
        return false;
    return true;
}

// One snapshot per (time, host), oldest first, hosts by name.
QList<Snapshot> assemble(const QList<Series>& series, const QString& hostFilter)
{
    QMap<qint64, QMap<QString, HostParts>> at;
    for (const Series& s : series) {
        const QString host = hostOf(s.labels);
        if (host.isEmpty() || (!hostFilter.isEmpty() && host != hostFilter))
            continue;
        const QString uuid = label(s.labels, "UUID", "uuid");
        const QString gpuLabel = s.labels[QLatin1String("gpu")].toString();
        for (const Point& point : s.points) {
            HostParts& h = at[point.ms][host];
            h.snapshot.timestampMs = point.ms;
            h.snapshot.server = host;
            const MetricTarget target = s.metric ? s.metric->target : MetricTarget::Gpu;
            if (s.metric && target == MetricTarget::Host) {
                setMetricValue(*s.metric, h.snapshot.host, point.value);
            } else if (s.field == Field::HostMemoryTotal) {
                h.snapshot.host.memoryTotalBytes = toBytes(point.value);
            } else if (s.metric && target == MetricTarget::Process) {
                bool ok = false;
                const qint64 pid = s.labels[QLatin1String("pid")].toString().toLongLong(&ok);
                if (!ok)
                    continue;
                GpuProcess& p = h.processes[{pid, uuid}];
                p.pid = pid;
                p.gpuUuid = uuid;
                if (const auto k = instanceOf(s.labels))
                    p.migUuid = instanceKeyString(uuid, *k);
                const QString user = s.labels[QLatin1String("user")].toString();
                p.ghost = user == QLatin1String("(not in /proc)");
                p.user = p.ghost ? QString() : user;
                setMetricValue(*s.metric, p, point.value);
            } else {
                // A GPU without UUID is still told apart by its index.
                const QString key = uuid.isEmpty() ? QLatin1String("#") + gpuLabel : uuid;
                if (key == QLatin1String("#"))
                    continue;
                GpuParts& g = h.gpus[key];
                bool ok = false;
                const int index = gpuLabel.toInt(&ok);
                g.gpu.index = ok ? index : -1;
                g.gpu.uuid = uuid;
                g.gpu.name = label(s.labels, "modelName", "model_name");
                g.gpu.pciBusId = s.labels[QLatin1String("pci_bus_id")].toString();
                g.gpu.vendor = QStringLiteral("nvidia");
                if (const auto k = instanceOf(s.labels)) {
                    // Never the parent's figures: an instance of its own.
                    if (uuid.isEmpty())
                        continue;
                    InstanceParts& ip = g.instances[{k->gpuInstance, k->computeInstance}];
                    ip.mig.uuid = instanceKeyString(uuid, *k);
                    ip.mig.profile = k->profile;
                    ip.mig.gpuInstanceId = k->gpuInstance;
                    ip.mig.computeInstanceId = k->computeInstance;
                    if (!ip.mig.computeSlices)
                        ip.mig.computeSlices = smimig::computeSlicesOfProfile(k->profile);
                    if (fillInstance(ip, s.field, s.metric, point.value))
                        continue;
                }
                if (s.metric)
                    setMetricValue(*s.metric, g.gpu, point.value);
                else
                    fillGpu(g, s.field, point.value);
            }
        }
    }

    QList<Snapshot> out;
    for (auto& hosts : at) {
        for (auto it = hosts.begin(); it != hosts.end(); ++it) {
            Snapshot& s = it->snapshot;
            s.backend = QStringLiteral("prometheus");
            s.host.hostname = it.key();
            for (GpuParts& p : it->gpus) {
                GpuSample& g = p.gpu;
                // Our agent says the total; DCGM exporter only used + free (+ reserved).
                if (!g.memoryTotalMiB && g.memoryUsedMiB && p.fbFree)
                    g.memoryTotalMiB = *g.memoryUsedMiB + *p.fbFree + p.fbReserved.value_or(0.0);
                g.memoryReservedMiB = p.fbReserved;
                int index = 0;
                for (InstanceParts& ip : p.instances) {
                    MigInstance& m = ip.mig;
                    m.index = index++;
                    if (!m.memoryTotalMiB && m.memoryUsedMiB && ip.fbFree)
                        m.memoryTotalMiB = *m.memoryUsedMiB + *ip.fbFree;
                    g.migInstances.append(m);
                }
                if (!g.migInstances.isEmpty()) {
                    // Series per instance say MIG is on; utilisation is then
                    // not reported.
                    g.migEnabled = true;
                    g.utilizationGpuPercent.reset();
                }
                s.gpus.append(g);
            }
            std::stable_sort(s.gpus.begin(), s.gpus.end(),
                             [](const GpuSample& a, const GpuSample& b) {
                                 return a.index != b.index ? a.index < b.index : a.uuid < b.uuid;
                             });
            s.processes = it->processes.values();
            out.append(std::move(s));
        }
    }
    return out;
}

} // namespace

PrometheusProducer::PrometheusProducer(QUrl base, QByteArray bearerToken, QString hostFilter,
                                       QObject* parent)
    : AsyncProducer(parent)
    , m_base(std::move(base))
    , m_token(std::move(bearerToken))
    , m_hostFilter(std::move(hostFilter))
{}

PrometheusProducer::~PrometheusProducer() = default; // m_api aborts what is in flight

PrometheusApi& PrometheusProducer::api()
{
    // Made on the thread that polls, as its QNetworkAccessManager must be.
    if (!m_api) {
        m_api = new PrometheusApi(m_base, m_token, this);
        m_api->setTimeoutMs(m_timeoutMs);
        m_api->setMaxReplyBytes(m_maxReplyBytes);
    }
    return *m_api;
}

qint64 PrometheusProducer::backfillStepMs(qint64 fromMs, qint64 toMs)
{
    const qint64 range = std::max<qint64>(0, toMs - fromMs);
    // (end - start) / step stays below the limit, so a series has at most
    // kMaxPointsPerSeries points; whole seconds keep the grid aligned.
    const qint64 minimum = (range + kMaxPointsPerSeries - 2) / (kMaxPointsPerSeries - 1);
    const qint64 seconds = (std::max(minimum, kMinStepMs) + 999) / 1000;
    return seconds * 1000;
}

QString PrometheusProducer::selector() const
{
    const QString names = QLatin1String("__name__=~") + promString(nameRegex());
    if (m_hostFilter.isEmpty())
        return QLatin1Char('{') + names + QLatin1Char('}');
    const QString host = promString(m_hostFilter);
    const QString literal = regexLiteral(m_hostFilter);
    const QString instance = promString(QLatin1Char('(') + literal + QLatin1String("|\\[") +
                                        literal + QLatin1String("\\])(:[0-9]*)?"));
    // One selector per way the host can be written; `or` joins them.
    return QLatin1Char('{') + names + QLatin1String(",Hostname=") + host + QLatin1String("} or {") +
           names + QLatin1String(",hostname=") + host + QLatin1String("} or {") + names +
           QLatin1String(",Hostname=\"\",hostname=\"\",instance=~") + instance + QLatin1Char('}');
}

void PrometheusProducer::fetchSnapshots(const QString& path, const QUrlQuery& query,
                                        const QString& resultType, SnapshotsCallback done)
{
    api().get(path, query,
              [this, path, resultType, done = std::move(done)](const PrometheusApi::Result& r) {
                  QString why = r.error;
                  std::optional<QList<Snapshot>> out;
                  if (r.data) {
                      out = snapshotsFromData(*r.data, resultType, m_hostFilter, &why);
                      if (!out)
                          why = m_base.toString(QUrl::RemoveUserInfo) + path + QLatin1String(": ") +
                                tr("unexpected reply: %1").arg(why);
                  }
                  if (!out) {
                      if (why != m_lastError)
                          qCWarning(lcPrometheus).noquote() << why;
                      m_lastError = why;
                      done({});
                      return;
                  }
                  m_lastError.clear();
                  for (Snapshot& s : *out)
                      s.warnings += r.warnings;
                  done(*out);
              });
}

std::optional<QList<Snapshot>> PrometheusProducer::snapshotsFromData(const QJsonValue& data,
                                                                     const QString& resultType,
                                                                     const QString& hostFilter,
                                                                     QString* why)
{
    const std::optional<QList<Series>> series = parseResult(data, resultType, why);
    if (!series)
        return std::nullopt;
    return assemble(*series, hostFilter);
}

void PrometheusProducer::produce(SnapshotsCallback done)
{
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("query"),
                   QString::fromLatin1(QUrl::toPercentEncoding(selector())));
    fetchSnapshots(QStringLiteral("/api/v1/query"), q, QStringLiteral("vector"), std::move(done));
}

void PrometheusProducer::backfill(qint64 fromMs, qint64 toMs, SnapshotsCallback done)
{
    const qint64 step = backfillStepMs(fromMs, toMs);
    // The grid starts on a multiple of the step: the same range asked twice
    // gives the same timestamps.
    const qint64 start = (fromMs + step - 1) / step * step;
    if (toMs <= fromMs || start >= toMs) {
        done({});
        return;
    }
    const qint64 end = start + (toMs - 1 - start) / step * step; // toMs itself is excluded
    QUrlQuery q;
    q.addQueryItem(QStringLiteral("query"),
                   QString::fromLatin1(QUrl::toPercentEncoding(selector())));
    q.addQueryItem(QStringLiteral("start"), QString::number(start / 1000));
    q.addQueryItem(QStringLiteral("end"), QString::number(end / 1000));
    q.addQueryItem(QStringLiteral("step"), QString::number(step / 1000));
    fetchSnapshots(QStringLiteral("/api/v1/query_range"), q, QStringLiteral("matrix"),
                   std::move(done));
}

QString PrometheusProducer::problem() const
{
    // lastError() already names the URL.
    return m_lastError.isEmpty() ? QString() : tr("Prometheus: %1").arg(m_lastError);
}

void PrometheusProducer::init(StatusCallback done)
{
    api().get(QStringLiteral("/api/v1/status/buildinfo"), {},
              [this, done = std::move(done)](const PrometheusApi::Result& info) {
                  if (!info.data && info.httpStatus == 0) {
                      m_lastError = info.error;
                      qCWarning(lcPrometheus).noquote() << info.error;
                      done(tr("Prometheus at %1 not reachable: %2")
                               .arg(m_base.toString(QUrl::RemoveUserInfo), info.error));
                      return;
                  }
                  // Servers that speak the query API without buildinfo are still read.
                  const QString version =
                      info.data ? info.data->toObject()[QLatin1String("version")].toString()
                                : QString();
                  produce([this, version, done](const QList<Snapshot>& now) {
                      done(initLine(version, now));
                  });
              });
}

QString PrometheusProducer::initLine(const QString& version, const QList<Snapshot>& now) const
{
    const QString where = m_base.toString(QUrl::RemoveUserInfo);
    if (!m_lastError.isEmpty())
        return tr("Prometheus at %1 cannot be queried: %2").arg(where, m_lastError);
    qsizetype gpus = 0;
    for (const Snapshot& s : now)
        gpus += s.gpus.size();
    const QString name = version.isEmpty() ? tr("Prometheus") : tr("Prometheus %1").arg(version);
    const QString hosts = tr("%n servers", nullptr, int(now.size()));
    const QString gpuCount = tr("%n GPUs", nullptr, int(gpus));
    QString line = tr("%1 at %2: %3, %4").arg(name, where, hosts, gpuCount);
    if (now.isEmpty())
        line += m_hostFilter.isEmpty()
                    ? tr(" (no DCGM_FI_DEV_* or gpuwarden_* series)")
                    : tr(" (no DCGM_FI_DEV_* or gpuwarden_* series for host %1)").arg(m_hostFilter);
    return line;
}

} // namespace gw
