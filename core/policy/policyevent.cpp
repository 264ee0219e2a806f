#include "policy/policyevent.h"

#include "policy/accounts.h"

#include "policy/policyconfig.h"
#include "policy/policyengine.h"

#include "model/gpuhealth.h"
#include "model/workload.h"
#include "model/xidcatalog.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonValue>

#include <array>
#include <cmath>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::PolicyEvent)
};

constexpr std::array<const char*, 4> kActionNames{"warning", "terminate", "kill", "refused"};

// Minutes and hours the way an admin says them: "42 min", "1 h 05 min",
// "18.5 h" past a day's worth of hours is not needed here.
QString spanText(double ms)
{
    const qint64 minutes = qint64(std::llround(ms / 60'000.0));
    if (ms < 120'000)
        return Tr::tr("%1 s").arg(qint64(std::llround(ms / 1000.0)));
    if (minutes < 60)
        return Tr::tr("%1 min").arg(minutes);
    if (minutes % 60 == 0)
        return Tr::tr("%1 h").arg(minutes / 60);
    return Tr::tr("%1 h %2 min").arg(minutes / 60).arg(minutes % 60, 2, 10, QLatin1Char('0'));
}

QString percentText(double v)
{
    return Tr::tr("%1 %").arg(qint64(std::llround(v)));
}

// A workload worth naming in a sentence: a container, a pod, a job (not the
// login session or service every process of a host runs in).
bool namedWorkload(const PolicyEvent& e)
{
    if (e.workloadName.isEmpty())
        return false;
    const auto kind = workloadKindFromName(e.workloadKind);
    if (!kind)
        return false;
    Workload w;
    w.kind = *kind;
    return w.isContainer() || w.kind == WorkloadKind::Slurm;
}

// Who: the owner, else the account ("account vision").
QString ownerText(const PolicyEvent& e)
{
    if (!e.user.isEmpty() || e.account.isEmpty())
        return e.user;
    return Tr::tr("account %1").arg(e.account);
}

QString processText(const PolicyEvent& e)
{
    const QString owner = ownerText(e);
    if (e.pid == 0) {
        // A workload's processes together: "container trainer (alice)".
        if (namedWorkload(e))
            return owner.isEmpty() ? e.workloadName : Tr::tr("%1 (%2)").arg(e.workloadName, owner);
        return owner;
    }
    const QString command = e.command.isEmpty() ? Tr::tr("process") : e.command;
    QStringList about;
    if (!owner.isEmpty())
        about << owner;
    if (namedWorkload(e))
        about << e.workloadName;
    return about.isEmpty() ? Tr::tr("%1 (PID %2)").arg(command).arg(e.pid)
                           : Tr::tr("%1 (PID %2, %3)")
                                 .arg(command)
                                 .arg(e.pid)
                                 .arg(about.join(QStringLiteral(", ")));
}

QString placeText(const PolicyEvent& e)
{
    if (e.gpuIndex < 0)
        return e.server;
    return Tr::tr("%1 GPU %2").arg(e.server).arg(e.gpuIndex);
}

// Strict field readers for policyEventFromJson: each records the first
// error with the key's name and leaves the target as it was.
class Reader
{
public:
    Reader(const QJsonObject& o, QString* error)
        : m_o(o)
        , m_error(error)
    {}
    bool ok() const { return m_ok; }
    void fail(const QString& key, const QString& why)
    {
        if (m_ok && m_error)
            *m_error = QStringLiteral("%1%2: %3").arg(m_prefix, key, why);
        m_ok = false;
    }
    void setPrefix(const QString& p) { m_prefix = p; }

    void text(const char* key, QString& out, bool required = true)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isUndefined() && !required)
            return;
        if (!v.isString())
            return fail(QLatin1String(key), Tr::tr("expected a string"));
        out = v.toString();
    }
    void integer(const char* key, qint64& out)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (!isInteger(v))
            return fail(QLatin1String(key), Tr::tr("expected an integer"));
        out = qint64(v.toDouble());
    }
    void optionalInteger(const char* key, std::optional<qint64>& out)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isNull() || v.isUndefined()) {
            out.reset();
            return;
        }
        if (!isInteger(v))
            return fail(QLatin1String(key), Tr::tr("expected an integer or null"));
        out = qint64(v.toDouble());
    }
    void number(const char* key, double& out, bool required = true)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        // An optional figure is null where it does not apply to the event's
        // kind (memory for a hog); absent from older journals.
        if ((v.isUndefined() || v.isNull()) && !required)
            return;
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return fail(QLatin1String(key), Tr::tr("expected a number"));
        out = v.toDouble();
    }
    void boolean(const char* key, bool& out, bool required = true)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isUndefined() && !required)
            return;
        if (!v.isBool())
            return fail(QLatin1String(key), Tr::tr("expected true or false"));
        out = v.toBool();
    }

private:
    static bool isInteger(const QJsonValue& v)
    {
        if (!v.isDouble())
            return false;
        const double d = v.toDouble();
        return std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15;
    }

    const QJsonObject& m_o;
    QString* m_error;
    QString m_prefix;
    bool m_ok = true;
};

QJsonValue optionalJson(const std::optional<qint64>& v)
{
    return v ? QJsonValue(double(*v)) : QJsonValue(QJsonValue::Null);
}

} // namespace

namespace {

QString hogText(const PolicyEvent& e)
{
    return Tr::tr("GPU hog: %1 at %2 for %3 on %4")
        .arg(processText(e), percentText(e.meanPercent), spanText(e.durationMs), placeText(e));
}

QString idleText(const PolicyEvent& e)
{
    return Tr::tr("Idle GPU: %1 holds %2 MiB at %3 for %4 on %5")
        .arg(processText(e))
        .arg(qint64(std::llround(e.memoryMiB)))
        .arg(percentText(e.meanPercent), spanText(e.durationMs), placeText(e));
}

QString fairShareText(const PolicyEvent& e)
{
    return Tr::tr("Over quota: %1 at %2 of %3 for %4 (expected quota: %5)")
        .arg(processText(e), percentText(e.meanPercent), e.server, spanText(e.durationMs),
             percentText(e.quotaPercent));
}

QString healthText(const PolicyEvent& e)
{
    const QString where = Tr::tr("%1 GPU %2").arg(e.server).arg(e.gpuIndex);
    const QString why = e.healthReasons.isEmpty() ? QString() : e.healthReasons.first();
    if (e.healthState == QLatin1String("failing"))
        return why.isEmpty() ? Tr::tr("GPU failing: %1").arg(where)
                             : Tr::tr("GPU failing: %1: %2").arg(where, why);
    return why.isEmpty() ? Tr::tr("GPU degraded: %1").arg(where)
                         : Tr::tr("GPU degraded: %1: %2").arg(where, why);
}

QString xidText(const PolicyEvent& e)
{
    const QString what = xidTitle(e.xid);
    if (e.pid == 0 && e.user.isEmpty())
        return Tr::tr("%1 on %2 (the driver named no process)").arg(what, placeText(e));
    return Tr::tr("%1 caused by %2 on %3").arg(what, processText(e), placeText(e));
}

QString capText(const PolicyEvent& e)
{
    CapVerdict v;
    v.scope = capScopeFromName(e.capScope).value_or(CapVerdict::Scope::User);
    v.account = e.account;
    v.limit = e.capGpus;
    v.held = e.heldGpus;
    return Tr::tr("Over a GPU cap: %1 on %2 (%3)")
        .arg(processText(e), placeText(e), v.text(e.user));
}

const QList<PolicyEventKindInfo> kKinds{
    {.kind = PolicyEventKind::Hog,
     .name = "hog",
     .title = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "GPU hog"),
     .label = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "Hog"),
     .noun = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "hog"),
     .letter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "H"),
     .filter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "&Hog"),
     .badge = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "hog"),
     .pill = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "hog"),
     .lightRgb = 0xb84f00,
     .darkRgb = 0xff7a3d,
     .pattern = Qt::NoBrush,
     .aboutUser = false,
     .figure = PolicyEventFigure::Peak,
     .quota = false,
     .holdsMemory = false,
     .alertSwitchable = true,
     .health = false,
     .xid = false,
     .cap = false,
     .tally = PolicyEventTally::Events,
     .verdict = &ProcessVerdict::hog,
     .describe = hogText},
    {.kind = PolicyEventKind::Idle,
     .name = "idle",
     .title = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "Idle GPU"),
     .label = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "Idle"),
     .noun = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "idle"),
     .letter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "I"),
     .filter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "&Idle"),
     .badge = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "idle"),
     .pill = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "idle"),
     .lightRgb = 0x0060a8,
     .darkRgb = 0x56b4e9,
     .pattern = Qt::BDiagPattern,
     .aboutUser = false,
     .figure = PolicyEventFigure::Peak,
     .quota = false,
     .holdsMemory = true,
     .alertSwitchable = false,
     .health = false,
     .xid = false,
     .cap = false,
     .tally = PolicyEventTally::Events,
     .verdict = &ProcessVerdict::idle,
     .describe = idleText},
    {.kind = PolicyEventKind::FairShare,
     .name = "fair_share",
     .title = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "Over quota"),
     .label = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "Fair share"),
     .noun = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "fair share"),
     .letter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "Q"),
     .filter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "&Fair share"),
     .badge = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "over quota"),
     .pill = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "quota"), // the pill's short "over quota"
     .lightRgb = 0x964a74,
     .darkRgb = 0xd18bb0,
     .pattern = Qt::DiagCrossPattern,
     .aboutUser = true,
     .figure = PolicyEventFigure::Mean,
     .quota = true,
     .holdsMemory = false,
     .alertSwitchable = false,
     .health = false,
     .xid = false,
     .cap = false,
     .tally = PolicyEventTally::Hours,
     .verdict = &ProcessVerdict::overQuota,
     .describe = fairShareText},
    {.kind = PolicyEventKind::GpuHealth,
     .name = "gpu_health",
     .title = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "GPU fault"),
     .label = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "GPU health"),
     .noun = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "GPU fault"),
     .letter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "F"),
     .filter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "GPU &faults"),
     .badge = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "faulty GPU"),
     .pill = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "fault"),
     .lightRgb = 0xc0392b,
     .darkRgb = 0xff6b6b,
     .pattern = Qt::CrossPattern,
     .aboutUser = false,
     .figure = PolicyEventFigure::Peak,
     .quota = false,
     .holdsMemory = false,
     .alertSwitchable = false,
     .health = true,
     .xid = false,
     .cap = false,
     .tally = PolicyEventTally::None,
     .verdict = &ProcessVerdict::faultyGpu,
     .describe = healthText},
    {.kind = PolicyEventKind::Xid,
     .name = "xid",
     .title = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "XID from a program"),
     .label = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "XID"),
     .noun = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "XID"),
     .letter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "X"),
     .filter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "&XIDs"),
     .badge = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "caused an XID"),
     .pill = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "xid"),
     .lightRgb = 0x6b5a00,
     .darkRgb = 0xe6c229,
     .pattern = Qt::Dense5Pattern,
     .aboutUser = false,
     .figure = PolicyEventFigure::Peak,
     .quota = false,
     .holdsMemory = false,
     .alertSwitchable = false,
     .health = false,
     .xid = true,
     .cap = false,
     .tally = PolicyEventTally::None,
     .verdict = &ProcessVerdict::causedXid,
     .describe = xidText},
    {.kind = PolicyEventKind::OverCap,
     .name = "over_cap",
     .title = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "Over a GPU cap"),
     .label = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "Over cap"),
     .noun = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "over cap"),
     .letter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "C"),
     .filter = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "Over &cap"),
     .badge = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "over a GPU cap"),
     .pill = QT_TRANSLATE_NOOP("gw::PolicyEventKind", "cap"),
     .lightRgb = 0x3d7a3d,
     .darkRgb = 0x7fcf7f,
     .pattern = Qt::HorPattern,
     .aboutUser = false,
     .figure = PolicyEventFigure::Peak,
     .quota = false,
     .holdsMemory = false,
     .alertSwitchable = false,
     .health = false,
     .xid = false,
     .cap = true,
     .tally = PolicyEventTally::None, // listed with the events; no per-user column (yet)
     .verdict = &ProcessVerdict::overCap,
     .describe = capText},
};

} // namespace

const QList<PolicyEventKindInfo>& policyEventKinds()
{
    return kKinds;
}

const PolicyEventKindInfo& policyEventKindInfo(PolicyEventKind kind)
{
    return kKinds[qsizetype(kind)];
}

QString policyEventKindText(const char* text)
{
    return QCoreApplication::translate("gw::PolicyEventKind", text);
}

QString policyEventKindName(PolicyEventKind kind)
{
    return QLatin1String(policyEventKindInfo(kind).name);
}

std::optional<PolicyEventKind> policyEventKindFromName(const QString& name)
{
    for (const PolicyEventKindInfo& k : kKinds)
        if (name == QLatin1String(k.name))
            return k.kind;
    return std::nullopt;
}

QString policyActionKindName(PolicyAction::Kind kind)
{
    return QLatin1String(kActionNames[size_t(kind)]);
}

QString policyActionKindText(PolicyAction::Kind kind)
{
    switch (kind) {
    case PolicyAction::Kind::Warning:
        return Tr::tr("warning", "an enforcement step: the owner was warned");
    case PolicyAction::Kind::Terminate:
        return Tr::tr("terminate", "an enforcement step (SIGTERM); also read as 'would %1'");
    case PolicyAction::Kind::Kill:
        return Tr::tr("kill", "an enforcement step (SIGKILL); also read as 'would %1'");
    case PolicyAction::Kind::Refused:
        return Tr::tr("refused", "an enforcement step that was not taken, and why");
    }
    return {};
}

QString policyEventText(const PolicyEvent& e)
{
    return policyEventKindInfo(e.kind).describe(e);
}

QJsonObject toJson(const PolicyEvent& e)
{
    QJsonArray actions;
    for (const PolicyAction& a : e.actions) {
        QJsonObject o{{QStringLiteral("kind"), policyActionKindName(a.kind)},
                      {QStringLiteral("at_ms"), double(a.atMs)},
                      {QStringLiteral("simulated"), a.simulated},
                      {QStringLiteral("detail"), a.detail}};
        if (a.dueMs)
            o.insert(QStringLiteral("due_ms"), double(*a.dueMs));
        actions << o;
    }
    const PolicyEventKindInfo& kind = policyEventKindInfo(e.kind);
    return QJsonObject{
        {QStringLiteral("id"), e.id},
        {QStringLiteral("kind"), policyEventKindName(e.kind)},
        {QStringLiteral("server"), e.server},
        {QStringLiteral("start_ms"), double(e.startMs)},
        {QStringLiteral("detected_ms"), double(e.detectedMs)},
        {QStringLiteral("end_ms"), optionalJson(e.endMs)},
        {QStringLiteral("end_reason"), e.endReason},
        {QStringLiteral("gpu_uuid"), e.gpuUuid},
        {QStringLiteral("gpu_index"), e.gpuIndex},
        {QStringLiteral("mig_uuid"), e.migUuid},
        {QStringLiteral("pid"), double(e.pid)},
        {QStringLiteral("process_start_ms"), optionalJson(e.processStartMs)},
        {QStringLiteral("user"), e.user},
        {QStringLiteral("command"), e.command},
        {QStringLiteral("account"), e.account},
        {QStringLiteral("workload_kind"), e.workloadKind},
        {QStringLiteral("workload_id"), e.workloadId},
        {QStringLiteral("workload_name"), e.workloadName},
        {QStringLiteral("job_id"), e.jobId},
        {QStringLiteral("peak_percent"), e.peakPercent},
        {QStringLiteral("mean_percent"), e.meanPercent},
        {QStringLiteral("memory_mib"), kind.holdsMemory ? QJsonValue(e.memoryMiB) : QJsonValue()},
        {QStringLiteral("quota_percent"), kind.quota ? QJsonValue(e.quotaPercent) : QJsonValue()},
        {QStringLiteral("excess_percent"), kind.quota ? QJsonValue(e.excessPercent) : QJsonValue()},
        {QStringLiteral("duration_ms"), e.durationMs},
        {QStringLiteral("estimated"), e.estimated},
        {QStringLiteral("health_state"), kind.health ? QJsonValue(e.healthState) : QJsonValue()},
        {QStringLiteral("health_reasons"),
         kind.health ? QJsonValue(QJsonArray::fromStringList(e.healthReasons)) : QJsonValue()},
        {QStringLiteral("xid"), kind.xid ? QJsonValue(e.xid) : QJsonValue()},
        {QStringLiteral("xid_text"), kind.xid ? QJsonValue(e.xidText) : QJsonValue()},
        {QStringLiteral("cap_scope"), kind.cap ? QJsonValue(e.capScope) : QJsonValue()},
        {QStringLiteral("cap_gpus"), kind.cap ? QJsonValue(e.capGpus) : QJsonValue()},
        {QStringLiteral("held_gpus"), kind.cap ? QJsonValue(e.heldGpus) : QJsonValue()},
        {QStringLiteral("actions"), actions},
        {QStringLiteral("text"), policyEventText(e)},
    };
}

std::optional<PolicyEvent> policyEventFromJson(const QJsonObject& o, QString* error)
{
    PolicyEvent e;
    Reader r(o, error);
    QString kind;
    r.text("id", e.id);
    r.text("kind", kind);
    if (r.ok()) {
        const auto k = policyEventKindFromName(kind);
        if (!k)
            r.fail(QStringLiteral("kind"),
                   Tr::tr("expected hog, idle, fair_share, gpu_health, xid or over_cap, got \"%1\"")
                       .arg(kind));
        else
            e.kind = *k;
    }
    r.text("server", e.server);
    r.integer("start_ms", e.startMs);
    r.integer("detected_ms", e.detectedMs);
    r.optionalInteger("end_ms", e.endMs);
    r.text("end_reason", e.endReason, false);
    r.text("gpu_uuid", e.gpuUuid);
    qint64 gpuIndex = -1;
    r.integer("gpu_index", gpuIndex);
    e.gpuIndex = int(gpuIndex);
    r.text("mig_uuid", e.migUuid, false);
    r.integer("pid", e.pid);
    r.optionalInteger("process_start_ms", e.processStartMs);
    r.text("user", e.user);
    r.text("command", e.command);
    // Owners and workloads came later: an older event has none of them.
    r.text("account", e.account, false);
    r.text("workload_kind", e.workloadKind, false);
    r.text("workload_id", e.workloadId, false);
    r.text("workload_name", e.workloadName, false);
    r.text("job_id", e.jobId, false);
    r.number("peak_percent", e.peakPercent);
    r.number("mean_percent", e.meanPercent);
    r.number("memory_mib", e.memoryMiB, false);
    r.number("quota_percent", e.quotaPercent, false);
    r.number("excess_percent", e.excessPercent, false);
    r.number("duration_ms", e.durationMs);
    r.boolean("estimated", e.estimated, false);
    if (r.ok() && policyEventKindInfo(e.kind).health) {
        r.text("health_state", e.healthState);
        if (r.ok() && e.healthState != QLatin1String("degraded") &&
            e.healthState != QLatin1String("failing"))
            r.fail(QStringLiteral("health_state"),
                   Tr::tr("expected degraded or failing, got \"%1\"").arg(e.healthState));
        const QJsonValue reasons = o.value(QStringLiteral("health_reasons"));
        if (r.ok() && !reasons.isArray())
            r.fail(QStringLiteral("health_reasons"), Tr::tr("expected an array"));
        for (const QJsonValue& v : reasons.toArray()) {
            if (!r.ok())
                break;
            if (!v.isString())
                r.fail(QStringLiteral("health_reasons"), Tr::tr("expected strings"));
            else if (e.healthReasons.size() >= kMaxHealthReasons)
                r.fail(QStringLiteral("health_reasons"),
                       Tr::tr("expected at most %1 reasons").arg(kMaxHealthReasons));
            else
                e.healthReasons << v.toString();
        }
    }
    if (r.ok() && policyEventKindInfo(e.kind).xid) {
        qint64 code = 0;
        r.integer("xid", code);
        if (r.ok() && (code < 1 || code > 999))
            r.fail(QStringLiteral("xid"), Tr::tr("expected 1 to 999, got %1").arg(code));
        e.xid = int(code);
        r.text("xid_text", e.xidText, false);
    }
    if (r.ok() && policyEventKindInfo(e.kind).cap) {
        r.text("cap_scope", e.capScope);
        if (r.ok() && !capScopeFromName(e.capScope))
            r.fail(QStringLiteral("cap_scope"),
                   Tr::tr("expected user, member or account, got \"%1\"").arg(e.capScope));
        qint64 cap = 0, held = 0;
        r.integer("cap_gpus", cap);
        r.integer("held_gpus", held);
        if (r.ok() && (cap < 1 || cap > kMaxGpusPerServer))
            r.fail(QStringLiteral("cap_gpus"),
                   Tr::tr("expected 1 to %1, got %2").arg(kMaxGpusPerServer).arg(cap));
        else if (r.ok() && (held < 0 || held > 100'000))
            r.fail(QStringLiteral("held_gpus"), Tr::tr("expected 0 to 100000, got %1").arg(held));
        e.capGpus = int(cap);
        e.heldGpus = int(held);
    }
    // A figure the event's kind does not carry is not kept: the writer
    // leaves it out, so an event reads back as it was written (found by
    // fuzz_policyevent: a fair_share event with a memory_mib).
    if (r.ok()) {
        const PolicyEventKindInfo& info = policyEventKindInfo(e.kind);
        if (!info.holdsMemory)
            e.memoryMiB = 0;
        if (!info.quota) {
            e.quotaPercent = 0;
            e.excessPercent = 0;
        }
    }
    const QJsonValue actions = o.value(QStringLiteral("actions"));
    if (r.ok() && !actions.isUndefined() && !actions.isArray())
        r.fail(QStringLiteral("actions"), Tr::tr("expected an array"));
    if (!r.ok())
        return std::nullopt;
    const QJsonArray list = actions.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString at = QStringLiteral("actions[%1].").arg(i);
        if (!list[i].isObject()) {
            if (error)
                *error = QStringLiteral("actions[%1]: %2").arg(i).arg(Tr::tr("expected an object"));
            return std::nullopt;
        }
        const QJsonObject ao = list[i].toObject();
        Reader ar(ao, error);
        ar.setPrefix(at);
        PolicyAction a;
        QString name;
        ar.text("kind", name);
        bool known = false;
        for (size_t k = 0; k < kActionNames.size(); ++k)
            if (name == QLatin1String(kActionNames[k])) {
                a.kind = PolicyAction::Kind(k);
                known = true;
            }
        if (ar.ok() && !known)
            ar.fail(QStringLiteral("kind"),
                    Tr::tr("expected warning, terminate, kill or refused, got \"%1\"").arg(name));
        ar.integer("at_ms", a.atMs);
        ar.boolean("simulated", a.simulated);
        ar.text("detail", a.detail, false);
        ar.optionalInteger("due_ms", a.dueMs);
        if (!ar.ok())
            return std::nullopt;
        e.actions << a;
    }
    return e;
}

} // namespace gw
