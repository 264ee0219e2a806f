#include "model/snapshotjson.h"

#include "util/printable.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace gw {

QString jsonTypeName(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

namespace {

// What a reading names (its server, GPUs, processes, warnings) comes from
// another machine and is shown on terminals, in logs and in CSV cells:
// control characters become visible escapes where it is read, once for
// every consumer (util/printable.h).
void fixWorkloadNames(Workload& w)
{
    for (QString* t : {&w.name, &w.namespaceName, &w.containerName, &w.partition, &w.image})
        *t = printableText(*t);
    QHash<QString, QString> labels;
    for (auto it = w.labels.cbegin(); it != w.labels.cend(); ++it)
        labels.insert(printableText(it.key()), printableText(it.value()));
    w.labels = labels;
}

} // namespace

void makeSnapshotPrintable(Snapshot& s)
{
    const auto fix = [](QString& t) {
        t = printableText(t);
    };
    fix(s.server);
    fix(s.backend);
    fix(s.host.hostname);
    fix(s.host.cgroupVersion);
    for (GpuSample& g : s.gpus) {
        fix(g.uuid);
        fix(g.name);
        fix(g.pciBusId);
        fix(g.vendor);
        fix(g.error);
        for (MigInstance& m : g.migInstances) {
            fix(m.uuid);
            fix(m.profile);
        }
        if (g.healthFacts) {
            for (XidEvent& x : g.healthFacts->xids) {
                fix(x.processName);
                fix(x.text);
            }
        }
        if (g.health) {
            for (QString& reason : g.health->reasons)
                fix(reason);
        }
        if (g.holder) {
            fix(g.holder->id);
            fix(g.holder->podUid);
            fix(g.holder->runtime);
            fix(g.holder->step);
            fix(g.holder->cgroupPath);
            fixWorkloadNames(*g.holder);
        }
        if (g.holderOwner) {
            fix(g.holderOwner->user);
            fix(g.holderOwner->account);
            fix(g.holderOwner->because);
        }
    }
    for (GpuProcess& p : s.processes) {
        fix(p.user);
        fix(p.command);
        fix(p.gpuUuid);
        fix(p.migUuid);
        if (p.workload) {
            fix(p.workload->id);
            fix(p.workload->podUid);
            fix(p.workload->runtime);
            fix(p.workload->step);
            fix(p.workload->cgroupPath);
            fixWorkloadNames(*p.workload);
        }
        if (p.owner) {
            fix(p.owner->user);
            fix(p.owner->account);
            fix(p.owner->because);
        }
    }
    for (QString& w : s.warnings)
        fix(w);
}

namespace {

// Text that may be empty: null then, as absent values are.
QJsonValue orNull(const QString& t)
{
    return t.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(t);
}

template <typename T>
QJsonValue opt(const std::optional<T>& v)
{
    if (!v)
        return QJsonValue(QJsonValue::Null);
    if constexpr (std::is_same_v<T, bool>)
        return QJsonValue(*v);
    else
        return QJsonValue(double(*v));
}

QJsonObject hostToJson(const HostSample& h)
{
    return QJsonObject{
        {QStringLiteral("hostname"), h.hostname},
        {QStringLiteral("cpu_percent"), opt(h.cpuPercent)},
        {QStringLiteral("cpu_count"), opt(h.cpuCount)},
        {QStringLiteral("memory_used_bytes"), opt(h.memoryUsedBytes)},
        {QStringLiteral("memory_total_bytes"), opt(h.memoryTotalBytes)},
        {QStringLiteral("disk_read_bytes_per_s"), opt(h.diskReadBytesPerSec)},
        {QStringLiteral("disk_write_bytes_per_s"), opt(h.diskWriteBytesPerSec)},
        {QStringLiteral("cgroup_memory_limit_bytes"), opt(h.cgroupMemoryLimitBytes)},
        {QStringLiteral("cgroup_memory_used_bytes"), opt(h.cgroupMemoryUsedBytes)},
        {QStringLiteral("cgroup_cpu_limit_cores"), opt(h.cgroupCpuLimitCores)},
        {QStringLiteral("cgroup_version"), orNull(h.cgroupVersion)},
        {QStringLiteral("own_pid_namespace"), opt(h.ownPidNamespace)},
    };
}

QJsonObject migToJson(const MigInstance& m)
{
    return QJsonObject{
        {QStringLiteral("index"), m.index},
        {QStringLiteral("uuid"), m.uuid},
        {QStringLiteral("profile"), m.profile},
        {QStringLiteral("gpu_instance_id"), opt(m.gpuInstanceId)},
        {QStringLiteral("compute_instance_id"), opt(m.computeInstanceId)},
        {QStringLiteral("compute_slices"), opt(m.computeSlices)},
        {QStringLiteral("memory_used_mib"), opt(m.memoryUsedMiB)},
        {QStringLiteral("memory_total_mib"), opt(m.memoryTotalMiB)},
    };
}

QJsonValue workloadToJson(const std::optional<Workload>& w);
QJsonValue ownerToJson(const std::optional<ProcessOwner>& o);

QJsonValue healthFactsToJson(const std::optional<GpuHealthFacts>& f)
{
    if (!f)
        return QJsonValue(QJsonValue::Null);
    QJsonValue nvlink(QJsonValue::Null);
    if (const auto& n = f->nvlinkErrors)
        nvlink = QJsonObject{
            {QStringLiteral("replay"), double(n->replay)},
            {QStringLiteral("recovery"), double(n->recovery)},
            {QStringLiteral("crc_flit"), double(n->crcFlit)},
            {QStringLiteral("crc_data"), double(n->crcData)},
        };
    QJsonArray xids;
    for (const XidEvent& x : f->xids)
        xids.append(QJsonObject{
            {QStringLiteral("xid"), x.xid},
            {QStringLiteral("at_ms"), double(x.atMs)},
            {QStringLiteral("source"), xidSourceName(x.source)},
            {QStringLiteral("pid"), opt(x.pid)},
            {QStringLiteral("process_name"), orNull(x.processName)},
            {QStringLiteral("text"), orNull(x.text)},
            {QStringLiteral("gpu_instance_id"), opt(x.gpuInstanceId)},
            {QStringLiteral("compute_instance_id"), opt(x.computeInstanceId)},
            {QStringLiteral("kernel_log_sequence"), opt(x.kernelLogSequence)},
        });
    return QJsonObject{
        {QStringLiteral("energy_mj"), opt(f->energyMj)},
        {QStringLiteral("ecc_enabled"), opt(f->eccEnabled)},
        {QStringLiteral("ecc_corrected_volatile"), opt(f->eccCorrectedVolatile)},
        {QStringLiteral("ecc_uncorrected_volatile"), opt(f->eccUncorrectedVolatile)},
        {QStringLiteral("ecc_corrected_aggregate"), opt(f->eccCorrectedAggregate)},
        {QStringLiteral("ecc_uncorrected_aggregate"), opt(f->eccUncorrectedAggregate)},
        {QStringLiteral("remapped_rows_correctable"), opt(f->remappedRowsCorrectable)},
        {QStringLiteral("remapped_rows_uncorrectable"), opt(f->remappedRowsUncorrectable)},
        {QStringLiteral("remap_pending"), opt(f->remapPending)},
        {QStringLiteral("remap_failure"), opt(f->remapFailure)},
        {QStringLiteral("retired_pages_sbe"), opt(f->retiredPagesSbe)},
        {QStringLiteral("retired_pages_dbe"), opt(f->retiredPagesDbe)},
        {QStringLiteral("retired_pages_pending"), opt(f->retiredPagesPending)},
        {QStringLiteral("clock_event_reasons"), opt(f->clockEventReasons)},
        {QStringLiteral("clock_event_reasons_supported"), opt(f->clockEventReasonsSupported)},
        {QStringLiteral("pcie_replay_count"), opt(f->pcieReplayCount)},
        {QStringLiteral("nvlink_errors"), nvlink},
        {QStringLiteral("xid_events"), xids},
    };
}

QJsonValue healthToJson(const std::optional<GpuHealth>& h)
{
    if (!h)
        return QJsonValue(QJsonValue::Null);
    return QJsonObject{
        {QStringLiteral("state"), healthStateName(h->state)},
        {QStringLiteral("reasons"), QJsonArray::fromStringList(h->reasons)},
        {QStringLiteral("since_ms"), opt(h->sinceMs)},
    };
}

QJsonObject gpuToJson(const GpuSample& g)
{
    QJsonArray mig;
    for (const auto& m : g.migInstances)
        mig.append(migToJson(m));
    return QJsonObject{
        {QStringLiteral("index"), g.index},
        {QStringLiteral("uuid"), g.uuid},
        {QStringLiteral("name"), g.name},
        {QStringLiteral("pci_bus_id"), g.pciBusId},
        {QStringLiteral("vendor"), g.vendor},
        {QStringLiteral("utilization_gpu_percent"), opt(g.utilizationGpuPercent)},
        {QStringLiteral("utilization_memory_percent"), opt(g.utilizationMemoryPercent)},
        {QStringLiteral("memory_used_mib"), opt(g.memoryUsedMiB)},
        {QStringLiteral("memory_total_mib"), opt(g.memoryTotalMiB)},
        {QStringLiteral("temperature_c"), opt(g.temperatureC)},
        {QStringLiteral("slowdown_temperature_c"), opt(g.slowdownTemperatureC)},
        {QStringLiteral("shutdown_temperature_c"), opt(g.shutdownTemperatureC)},
        {QStringLiteral("memory_reserved_mib"), opt(g.memoryReservedMiB)},
        {QStringLiteral("power_w"), opt(g.powerW)},
        {QStringLiteral("power_limit_w"), opt(g.powerLimitW)},
        {QStringLiteral("sm_clock_mhz"), opt(g.smClockMHz)},
        {QStringLiteral("fan_percent"), opt(g.fanPercent)},
        {QStringLiteral("persistence_mode"), opt(g.persistenceMode)},
        {QStringLiteral("mig_enabled"), opt(g.migEnabled)},
        {QStringLiteral("mig_slice_count"), opt(g.migSliceCount)},
        {QStringLiteral("mig_instances"), mig},
        {QStringLiteral("error"), orNull(g.error)},
        {QStringLiteral("holder"), workloadToJson(g.holder)},
        {QStringLiteral("holder_owner"), ownerToJson(g.holderOwner)},
        {QStringLiteral("health_facts"), healthFactsToJson(g.healthFacts)},
        {QStringLiteral("health"), healthToJson(g.health)},
    };
}

QJsonValue labelsToJson(const QHash<QString, QString>& labels)
{
    if (labels.isEmpty())
        return QJsonValue(QJsonValue::Null);
    QJsonObject o;
    for (auto it = labels.cbegin(); it != labels.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

QJsonValue workloadToJson(const std::optional<Workload>& w)
{
    if (!w)
        return QJsonValue(QJsonValue::Null);
    return QJsonObject{
        {QStringLiteral("kind"), workloadKindName(w->kind)},
        {QStringLiteral("id"), orNull(w->id)},
        {QStringLiteral("pod_uid"), orNull(w->podUid)},
        {QStringLiteral("runtime"), orNull(w->runtime)},
        {QStringLiteral("step"), orNull(w->step)},
        {QStringLiteral("uid"), opt(w->uid)},
        {QStringLiteral("cgroup"), orNull(w->cgroupPath)},
        {QStringLiteral("name"), orNull(w->name)},
        {QStringLiteral("namespace"), orNull(w->namespaceName)},
        {QStringLiteral("container"), orNull(w->containerName)},
        {QStringLiteral("partition"), orNull(w->partition)},
        {QStringLiteral("image"), orNull(w->image)},
        {QStringLiteral("labels"), labelsToJson(w->labels)},
    };
}

QJsonValue ownerToJson(const std::optional<ProcessOwner>& o)
{
    if (!o)
        return QJsonValue(QJsonValue::Null);
    return QJsonObject{
        {QStringLiteral("user"), o->user},
        {QStringLiteral("account"), orNull(o->account)},
        {QStringLiteral("because"), orNull(o->because)},
        {QStringLiteral("is_workload"), o->isWorkload},
    };
}

QJsonObject processToJson(const GpuProcess& p)
{
    return QJsonObject{
        {QStringLiteral("pid"), double(p.pid)},
        {QStringLiteral("start_time_ms"), opt(p.startTimeMs)},
        {QStringLiteral("uid"), opt(p.uid)},
        {QStringLiteral("user"), orNull(p.user)},
        {QStringLiteral("command"), orNull(p.command)},
        {QStringLiteral("gpu_uuid"), p.gpuUuid},
        {QStringLiteral("mig_uuid"), orNull(p.migUuid)},
        {QStringLiteral("used_memory_mib"), opt(p.usedMemoryMiB)},
        {QStringLiteral("sm_utilization_percent"), opt(p.smUtilPercent)},
        {QStringLiteral("ghost"), p.ghost},
        {QStringLiteral("workload"), workloadToJson(p.workload)},
        {QStringLiteral("owner"), ownerToJson(p.owner)},
    };
}

// Reader with a path for messages; the first error wins.
class Reader
{
public:
    explicit Reader(QString* error)
        : m_error(error)
    {}
    bool ok() const { return m_ok; }

    void fail(const QString& path, const QString& what)
    {
        if (m_ok && m_error)
            *m_error = path + QStringLiteral(": ") + what;
        m_ok = false;
    }

    QString string(const QJsonObject& o, const QString& path, const QString& key, bool required)
    {
        const QJsonValue v = o.value(key);
        if (v.isString())
            return v.toString();
        if (v.isUndefined() && required)
            fail(path + key, QStringLiteral("missing"));
        else if (!v.isUndefined() && !v.isNull())
            fail(path + key, QStringLiteral("expected a string, got ") + jsonTypeName(v));
        return {};
    }

    std::optional<double> number(const QJsonObject& o, const QString& path, const QString& key,
                                 double min, double max)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull())
            return std::nullopt; // absent keys read as absent values
        if (!v.isDouble()) {
            fail(path + key, QStringLiteral("expected a number or null, got ") + jsonTypeName(v));
            return std::nullopt;
        }
        const double d = v.toDouble();
        if (!std::isfinite(d) || d < min || d > max) {
            fail(path + key, QStringLiteral("%1 is out of range").arg(d));
            return std::nullopt;
        }
        return d;
    }

    template <typename T>
    std::optional<T> integer(const QJsonObject& o, const QString& path, const QString& key)
    {
        const auto d = number(o, path, key, 0, 9007199254740992.0); // 2^53: exact in a double
        if (!d)
            return std::nullopt;
        if (std::floor(*d) != *d || *d > double(std::numeric_limits<T>::max())) {
            fail(path + key, QStringLiteral("expected a whole number, got %1").arg(*d));
            return std::nullopt;
        }
        return T(*d);
    }

    std::optional<bool> boolean(const QJsonObject& o, const QString& path, const QString& key)
    {
        const QJsonValue v = o.value(key);
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        if (!v.isBool()) {
            fail(path + key,
                 QStringLiteral("expected true, false or null, got ") + jsonTypeName(v));
            return std::nullopt;
        }
        return v.toBool();
    }

    QJsonArray array(const QJsonObject& o, const QString& path, const QString& key)
    {
        const QJsonValue v = o.value(key);
        if (v.isArray())
            return v.toArray();
        if (!v.isUndefined() && !v.isNull())
            fail(path + key, QStringLiteral("expected an array, got ") + jsonTypeName(v));
        return {};
    }

    QJsonObject object(const QJsonValue& v, const QString& path)
    {
        if (!v.isObject())
            fail(path, QStringLiteral("expected an object, got ") + jsonTypeName(v));
        return v.toObject();
    }

private:
    QString* m_error;
    bool m_ok = true;
};

// The most labels a workload's JSON may carry; a runtime's image can bring
// dozens, a lying producer millions.
constexpr qsizetype kMaxLabels = 256;

// A workload under `key` of `j` (absent or null: none).
std::optional<Workload> readWorkload(Reader& r, const QJsonObject& j, const QString& path,
                                     const QString& key = QStringLiteral("workload"))
{
    const QJsonValue wv = j.value(key);
    if (wv.isUndefined() || wv.isNull())
        return std::nullopt;
    const QString wp = path + key + QLatin1Char('.');
    const QJsonObject wj = r.object(wv, wp.chopped(1));
    Workload w;
    const QString kind = r.string(wj, wp, QStringLiteral("kind"), true);
    // A kind a newer producer knows and this reader does not is kept as a
    // shape not recognised, with its path.
    w.kind = workloadKindFromName(kind).value_or(WorkloadKind::Unknown);
    w.id = r.string(wj, wp, QStringLiteral("id"), false);
    w.podUid = r.string(wj, wp, QStringLiteral("pod_uid"), false);
    w.runtime = r.string(wj, wp, QStringLiteral("runtime"), false);
    w.step = r.string(wj, wp, QStringLiteral("step"), false);
    w.uid = r.integer<uint>(wj, wp, QStringLiteral("uid"));
    w.cgroupPath = r.string(wj, wp, QStringLiteral("cgroup"), false);
    w.name = r.string(wj, wp, QStringLiteral("name"), false);
    w.namespaceName = r.string(wj, wp, QStringLiteral("namespace"), false);
    w.containerName = r.string(wj, wp, QStringLiteral("container"), false);
    w.partition = r.string(wj, wp, QStringLiteral("partition"), false);
    w.image = r.string(wj, wp, QStringLiteral("image"), false);
    const QJsonValue lv = wj.value(QStringLiteral("labels"));
    if (!lv.isUndefined() && !lv.isNull()) {
        const QJsonObject lo = r.object(lv, wp + QStringLiteral("labels"));
        if (lo.size() > kMaxLabels)
            r.fail(wp + QStringLiteral("labels"),
                   QStringLiteral("%1 labels, more than %2").arg(lo.size()).arg(kMaxLabels));
        for (auto it = lo.constBegin(); it != lo.constEnd() && r.ok(); ++it)
            w.labels.insert(it.key(), r.string(lo, wp + QStringLiteral("labels."), it.key(), true));
    }
    return w;
}

std::optional<ProcessOwner> readOwner(Reader& r, const QJsonObject& j, const QString& path,
                                      const QString& key)
{
    const QJsonValue ov = j.value(key);
    if (ov.isUndefined() || ov.isNull())
        return std::nullopt;
    const QString op = path + key + QLatin1Char('.');
    const QJsonObject oj = r.object(ov, op.chopped(1));
    ProcessOwner o;
    o.user = r.string(oj, op, QStringLiteral("user"), true);
    if (r.ok() && o.user.isEmpty())
        r.fail(op + QStringLiteral("user"), QStringLiteral("empty"));
    o.account = r.string(oj, op, QStringLiteral("account"), false);
    o.because = r.string(oj, op, QStringLiteral("because"), false);
    o.isWorkload = r.boolean(oj, op, QStringLiteral("is_workload")).value_or(false);
    if (!r.ok())
        return std::nullopt;
    return o;
}

constexpr double kBig = 1e18;

std::optional<GpuHealthFacts> readHealthFacts(Reader& r, const QJsonObject& g, const QString& path)
{
    const QJsonValue v = g.value(QStringLiteral("health_facts"));
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    const QString p = path + QStringLiteral("health_facts.");
    const QJsonObject o = r.object(v, p.chopped(1));
    GpuHealthFacts f;
    f.energyMj = r.integer<quint64>(o, p, QStringLiteral("energy_mj"));
    f.eccEnabled = r.boolean(o, p, QStringLiteral("ecc_enabled"));
    f.eccCorrectedVolatile = r.integer<quint64>(o, p, QStringLiteral("ecc_corrected_volatile"));
    f.eccUncorrectedVolatile = r.integer<quint64>(o, p, QStringLiteral("ecc_uncorrected_volatile"));
    f.eccCorrectedAggregate = r.integer<quint64>(o, p, QStringLiteral("ecc_corrected_aggregate"));
    f.eccUncorrectedAggregate =
        r.integer<quint64>(o, p, QStringLiteral("ecc_uncorrected_aggregate"));
    f.remappedRowsCorrectable =
        r.integer<quint32>(o, p, QStringLiteral("remapped_rows_correctable"));
    f.remappedRowsUncorrectable =
        r.integer<quint32>(o, p, QStringLiteral("remapped_rows_uncorrectable"));
    f.remapPending = r.boolean(o, p, QStringLiteral("remap_pending"));
    f.remapFailure = r.boolean(o, p, QStringLiteral("remap_failure"));
    f.retiredPagesSbe = r.integer<quint32>(o, p, QStringLiteral("retired_pages_sbe"));
    f.retiredPagesDbe = r.integer<quint32>(o, p, QStringLiteral("retired_pages_dbe"));
    f.retiredPagesPending = r.boolean(o, p, QStringLiteral("retired_pages_pending"));
    f.clockEventReasons = r.integer<quint64>(o, p, QStringLiteral("clock_event_reasons"));
    f.clockEventReasonsSupported =
        r.integer<quint64>(o, p, QStringLiteral("clock_event_reasons_supported"));
    f.pcieReplayCount = r.integer<quint32>(o, p, QStringLiteral("pcie_replay_count"));
    const QJsonValue nv = o.value(QStringLiteral("nvlink_errors"));
    if (!nv.isUndefined() && !nv.isNull()) {
        const QString np = p + QStringLiteral("nvlink_errors.");
        const QJsonObject n = r.object(nv, np.chopped(1));
        NvLinkErrors e;
        const auto count = [&](const char* key, quint64& into) {
            if (const auto c = r.integer<quint64>(n, np, QLatin1String(key)))
                into = *c;
            else if (r.ok())
                r.fail(np + QLatin1String(key), QStringLiteral("missing"));
        };
        count("replay", e.replay);
        count("recovery", e.recovery);
        count("crc_flit", e.crcFlit);
        count("crc_data", e.crcData);
        f.nvlinkErrors = e;
    }
    const QJsonArray xids = r.array(o, p, QStringLiteral("xid_events"));
    if (xids.size() > kMaxXidsPerReading && r.ok())
        r.fail(p + QStringLiteral("xid_events"),
               QStringLiteral("more than %1 XIDs in one reading").arg(kMaxXidsPerReading));
    for (qsizetype k = 0; k < xids.size() && r.ok(); ++k) {
        const QString xp = p + QStringLiteral("xid_events[%1].").arg(k);
        const QJsonObject x = r.object(xids.at(k), xp.chopped(1));
        XidEvent e;
        if (const auto code = r.integer<int>(x, xp, QStringLiteral("xid")))
            e.xid = *code;
        else if (r.ok())
            r.fail(xp + QStringLiteral("xid"), QStringLiteral("missing"));
        if (const auto at = r.integer<qint64>(x, xp, QStringLiteral("at_ms")))
            e.atMs = *at;
        else if (r.ok())
            r.fail(xp + QStringLiteral("at_ms"), QStringLiteral("missing"));
        const QString source = r.string(x, xp, QStringLiteral("source"), true);
        if (const auto s = xidSourceFromName(source))
            e.source = *s;
        else if (r.ok())
            r.fail(xp + QStringLiteral("source"),
                   QStringLiteral("\"%1\" is not nvml, kernel_log or both").arg(source));
        e.pid = r.integer<qint64>(x, xp, QStringLiteral("pid"));
        e.processName = r.string(x, xp, QStringLiteral("process_name"), false);
        e.text = r.string(x, xp, QStringLiteral("text"), false);
        e.gpuInstanceId = r.integer<int>(x, xp, QStringLiteral("gpu_instance_id"));
        e.computeInstanceId = r.integer<int>(x, xp, QStringLiteral("compute_instance_id"));
        e.kernelLogSequence = r.integer<quint64>(x, xp, QStringLiteral("kernel_log_sequence"));
        f.xids.append(e);
    }
    if (!r.ok())
        return std::nullopt;
    return f;
}

std::optional<GpuHealth> readHealth(Reader& r, const QJsonObject& g, const QString& path)
{
    const QJsonValue v = g.value(QStringLiteral("health"));
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    const QString p = path + QStringLiteral("health.");
    const QJsonObject o = r.object(v, p.chopped(1));
    GpuHealth h;
    const QString state = r.string(o, p, QStringLiteral("state"), true);
    if (const auto s = healthStateFromName(state))
        h.state = *s;
    else if (r.ok())
        r.fail(p + QStringLiteral("state"),
               QStringLiteral("\"%1\" is not ok, degraded, failing or unknown").arg(state));
    const QJsonArray reasons = r.array(o, p, QStringLiteral("reasons"));
    if (reasons.size() > kMaxHealthReasons && r.ok())
        r.fail(p + QStringLiteral("reasons"),
               QStringLiteral("more than %1 reasons").arg(kMaxHealthReasons));
    for (qsizetype k = 0; k < reasons.size() && r.ok(); ++k) {
        if (!reasons.at(k).isString())
            r.fail(p + QStringLiteral("reasons[%1]").arg(k),
                   QStringLiteral("expected a string, got ") + jsonTypeName(reasons.at(k)));
        else
            h.reasons.append(reasons.at(k).toString());
    }
    h.sinceMs = r.integer<qint64>(o, p, QStringLiteral("since_ms"));
    if (!r.ok())
        return std::nullopt;
    return h;
}

} // namespace

QJsonObject toJson(const Snapshot& s)
{
    QJsonArray gpus;
    for (const auto& g : s.gpus)
        gpus.append(gpuToJson(g));
    QJsonArray procs;
    for (const auto& p : s.processes)
        procs.append(processToJson(p));
    return QJsonObject{
        {QStringLiteral("snapshot_version"), kSnapshotVersion},
        {QStringLiteral("server"), s.server},
        {QStringLiteral("timestamp_ms"), double(s.timestampMs)},
        {QStringLiteral("timestamp"),
         QDateTime::fromMSecsSinceEpoch(s.timestampMs, Qt::UTC).toString(Qt::ISODateWithMs)},
        {QStringLiteral("backend"), s.backend},
        {QStringLiteral("interval_ms"), opt(s.intervalMs)},
        {QStringLiteral("host"), hostToJson(s.host)},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("processes"), procs},
        {QStringLiteral("warnings"), QJsonArray::fromStringList(s.warnings)},
    };
}

QByteArray toJsonBytes(const Snapshot& s, bool indented)
{
    return QJsonDocument(toJson(s)).toJson(indented ? QJsonDocument::Indented
                                                    : QJsonDocument::Compact);
}

std::optional<Snapshot> snapshotFromJson(const QJsonObject& o, QString* error)
{
    Reader r(error);
    Snapshot s;
    s.server = r.string(o, {}, QStringLiteral("server"), true);
    if (const auto t = r.integer<qint64>(o, {}, QStringLiteral("timestamp_ms")))
        s.timestampMs = *t;
    else if (r.ok())
        r.fail(QStringLiteral("timestamp_ms"), QStringLiteral("missing"));
    s.backend = r.string(o, {}, QStringLiteral("backend"), true);
    s.intervalMs = r.integer<qint64>(o, {}, QStringLiteral("interval_ms"));
    if (s.intervalMs && *s.intervalMs == 0)
        r.fail(QStringLiteral("interval_ms"), QStringLiteral("must be positive"));

    if (o.contains(QStringLiteral("host"))) {
        const QString p = QStringLiteral("host.");
        const QJsonObject h = r.object(o.value(QStringLiteral("host")), QStringLiteral("host"));
        s.host.hostname = r.string(h, p, QStringLiteral("hostname"), false);
        s.host.cpuPercent = r.number(h, p, QStringLiteral("cpu_percent"), 0, 100.5);
        s.host.cpuCount = r.integer<int>(h, p, QStringLiteral("cpu_count"));
        s.host.memoryUsedBytes = r.integer<quint64>(h, p, QStringLiteral("memory_used_bytes"));
        s.host.memoryTotalBytes = r.integer<quint64>(h, p, QStringLiteral("memory_total_bytes"));
        s.host.diskReadBytesPerSec =
            r.number(h, p, QStringLiteral("disk_read_bytes_per_s"), 0, kBig);
        s.host.diskWriteBytesPerSec =
            r.number(h, p, QStringLiteral("disk_write_bytes_per_s"), 0, kBig);
        s.host.cgroupMemoryLimitBytes =
            r.integer<quint64>(h, p, QStringLiteral("cgroup_memory_limit_bytes"));
        s.host.cgroupMemoryUsedBytes =
            r.integer<quint64>(h, p, QStringLiteral("cgroup_memory_used_bytes"));
        s.host.cgroupCpuLimitCores =
            r.number(h, p, QStringLiteral("cgroup_cpu_limit_cores"), 0, 1e6);
        s.host.cgroupVersion = r.string(h, p, QStringLiteral("cgroup_version"), false);
        s.host.ownPidNamespace = r.boolean(h, p, QStringLiteral("own_pid_namespace"));
    }

    const QJsonArray gpus = r.array(o, {}, QStringLiteral("gpus"));
    // More than one server can hold is a lie or a runaway: refused before
    // a desktop spends its time on it (docs/snapshot-json.md).
    qsizetype units = gpus.size();
    const auto tooMany = [&r, &units] {
        r.fail(QStringLiteral("gpus"),
               QStringLiteral("at least %1 GPUs and MIG instances, more than the %2 one "
                              "server may report")
                   .arg(units)
                   .arg(kMaxGpusPerServer));
    };
    if (units > kMaxGpusPerServer && r.ok())
        tooMany();
    for (qsizetype i = 0; i < gpus.size() && r.ok(); ++i) {
        const QString p = QStringLiteral("gpus[%1].").arg(i);
        const QJsonObject g = r.object(gpus.at(i), p.chopped(1));
        GpuSample gs;
        // Every backend numbers its GPUs; a reading without the number is
        // broken, not GPU "-1" (found by fuzz_snapshotjson).
        if (const auto index = r.integer<int>(g, p, QStringLiteral("index")))
            gs.index = *index;
        else if (r.ok())
            r.fail(p + QStringLiteral("index"), QStringLiteral("missing"));
        gs.uuid = r.string(g, p, QStringLiteral("uuid"), true);
        gs.name = r.string(g, p, QStringLiteral("name"), false);
        gs.pciBusId = r.string(g, p, QStringLiteral("pci_bus_id"), false);
        gs.vendor = r.string(g, p, QStringLiteral("vendor"), false);
        gs.utilizationGpuPercent =
            r.number(g, p, QStringLiteral("utilization_gpu_percent"), 0, 100);
        gs.utilizationMemoryPercent =
            r.number(g, p, QStringLiteral("utilization_memory_percent"), 0, 100);
        gs.memoryUsedMiB = r.number(g, p, QStringLiteral("memory_used_mib"), 0, kBig);
        gs.memoryTotalMiB = r.number(g, p, QStringLiteral("memory_total_mib"), 0, kBig);
        gs.temperatureC = r.number(g, p, QStringLiteral("temperature_c"), -273, 1000);
        gs.slowdownTemperatureC =
            r.number(g, p, QStringLiteral("slowdown_temperature_c"), -273, 1000);
        gs.powerW = r.number(g, p, QStringLiteral("power_w"), 0, 1e6);
        gs.powerLimitW = r.number(g, p, QStringLiteral("power_limit_w"), 0, 1e6);
        gs.smClockMHz = r.number(g, p, QStringLiteral("sm_clock_mhz"), 0, 1e6);
        gs.fanPercent = r.number(g, p, QStringLiteral("fan_percent"), 0, 1000);
        gs.shutdownTemperatureC =
            r.number(g, p, QStringLiteral("shutdown_temperature_c"), -273, 1000);
        gs.memoryReservedMiB = r.number(g, p, QStringLiteral("memory_reserved_mib"), 0, kBig);
        gs.persistenceMode = r.boolean(g, p, QStringLiteral("persistence_mode"));
        gs.migEnabled = r.boolean(g, p, QStringLiteral("mig_enabled"));
        gs.migSliceCount = r.integer<int>(g, p, QStringLiteral("mig_slice_count"));
        const QJsonArray mig = r.array(g, p, QStringLiteral("mig_instances"));
        units += mig.size();
        if (units > kMaxGpusPerServer && r.ok())
            tooMany();
        for (qsizetype k = 0; k < mig.size() && r.ok(); ++k) {
            const QString mp = p + QStringLiteral("mig_instances[%1].").arg(k);
            const QJsonObject m = r.object(mig.at(k), mp.chopped(1));
            MigInstance mi;
            if (const auto index = r.integer<int>(m, mp, QStringLiteral("index")))
                mi.index = *index;
            else if (r.ok())
                r.fail(mp + QStringLiteral("index"), QStringLiteral("missing"));
            mi.uuid = r.string(m, mp, QStringLiteral("uuid"), true);
            mi.profile = r.string(m, mp, QStringLiteral("profile"), false);
            mi.gpuInstanceId = r.integer<int>(m, mp, QStringLiteral("gpu_instance_id"));
            mi.computeInstanceId = r.integer<int>(m, mp, QStringLiteral("compute_instance_id"));
            mi.computeSlices = r.integer<int>(m, mp, QStringLiteral("compute_slices"));
            mi.memoryUsedMiB = r.number(m, mp, QStringLiteral("memory_used_mib"), 0, kBig);
            mi.memoryTotalMiB = r.number(m, mp, QStringLiteral("memory_total_mib"), 0, kBig);
            gs.migInstances.append(mi);
        }
        gs.error = r.string(g, p, QStringLiteral("error"), false);
        gs.holder = readWorkload(r, g, p, QStringLiteral("holder"));
        gs.holderOwner = readOwner(r, g, p, QStringLiteral("holder_owner"));
        gs.healthFacts = readHealthFacts(r, g, p);
        gs.health = readHealth(r, g, p);
        s.gpus.append(gs);
    }

    const QJsonArray procs = r.array(o, {}, QStringLiteral("processes"));
    for (qsizetype i = 0; i < procs.size() && r.ok(); ++i) {
        const QString p = QStringLiteral("processes[%1].").arg(i);
        const QJsonObject j = r.object(procs.at(i), p.chopped(1));
        GpuProcess gp;
        if (const auto pid = r.integer<qint64>(j, p, QStringLiteral("pid")))
            gp.pid = *pid;
        else if (r.ok())
            r.fail(p + QStringLiteral("pid"), QStringLiteral("missing"));
        gp.startTimeMs = r.integer<qint64>(j, p, QStringLiteral("start_time_ms"));
        gp.uid = r.integer<uint>(j, p, QStringLiteral("uid"));
        gp.user = r.string(j, p, QStringLiteral("user"), false);
        gp.command = r.string(j, p, QStringLiteral("command"), false);
        gp.gpuUuid = r.string(j, p, QStringLiteral("gpu_uuid"), true);
        gp.migUuid = r.string(j, p, QStringLiteral("mig_uuid"), false);
        gp.usedMemoryMiB = r.number(j, p, QStringLiteral("used_memory_mib"), 0, kBig);
        gp.smUtilPercent = r.number(j, p, QStringLiteral("sm_utilization_percent"), 0, 100);
        gp.ghost = r.boolean(j, p, QStringLiteral("ghost")).value_or(false);
        gp.workload = readWorkload(r, j, p);
        gp.owner = readOwner(r, j, p, QStringLiteral("owner"));
        s.processes.append(gp);
    }

    for (const auto& w : r.array(o, {}, QStringLiteral("warnings")))
        s.warnings.append(w.toString());

    if (!r.ok())
        return std::nullopt;
    makeSnapshotPrintable(s);
    return s;
}

std::optional<Snapshot> snapshotFromJsonBytes(const QByteArray& bytes, QString* error)
{
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError) {
        if (error)
            *error = QStringLiteral("malformed JSON at offset %1: %2")
                         .arg(pe.offset)
                         .arg(pe.errorString());
        return std::nullopt;
    }
    if (!doc.isObject()) {
        if (error)
            *error = QStringLiteral("expected a JSON object at the top level");
        return std::nullopt;
    }
    return snapshotFromJson(doc.object(), error);
}

} // namespace gw
