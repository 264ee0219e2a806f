#include "coord/coordjson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>

#include <algorithm>
#include <cmath>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::CoordJson)
};

QJsonValue orNull(bool present, const QJsonValue& v)
{
    return present ? v : QJsonValue(QJsonValue::Null);
}

// What a JSON value is, for "expected …, got …".
QString kindOf(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double:
        return QString::number(v.toDouble());
    case QJsonValue::String:
        return Tr::tr("a string");
    case QJsonValue::Array:
        return Tr::tr("an array");
    case QJsonValue::Object:
        return Tr::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return Tr::tr("nothing");
}

bool isInteger(const QJsonValue& v)
{
    if (!v.isDouble())
        return false;
    const double d = v.toDouble();
    return std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15;
}

// Strict field readers: each records the first error, naming the key (with
// the path of the object it sits in), and leaves its target as it was.
class Reader
{
public:
    Reader(const QJsonObject& o, QString* error, QString prefix = {})
        : m_o(o)
        , m_error(error)
        , m_prefix(std::move(prefix))
    {}
    bool ok() const { return m_ok; }
    bool has(const char* key) const { return m_o.contains(QLatin1String(key)); }
    QJsonValue value(const char* key) const { return m_o.value(QLatin1String(key)); }

    void fail(const QString& key, const QString& why)
    {
        if (m_ok && m_error)
            *m_error = QStringLiteral("\"%1%2\": %3").arg(m_prefix, key, why);
        m_ok = false;
    }
    void fail(const char* key, const QString& why) { fail(QLatin1String(key), why); }

    void text(const char* key, QString& out)
    {
        const QJsonValue v = value(key);
        if (!v.isString())
            return fail(key, Tr::tr("expected a string, got %1").arg(kindOf(v)));
        out = v.toString();
    }
    // A string or null (empty).
    void optionalText(const char* key, QString& out)
    {
        const QJsonValue v = value(key);
        if (v.isNull() || v.isUndefined())
            return;
        if (!v.isString())
            return fail(key, Tr::tr("expected a string or null, got %1").arg(kindOf(v)));
        out = v.toString();
    }
    void integer(const char* key, qint64& out, qint64 min, qint64 max)
    {
        const QJsonValue v = value(key);
        if (!isInteger(v) || v.toDouble() < double(min) || v.toDouble() > double(max))
            return fail(key, Tr::tr("expected an integer from %1 to %2, got %3")
                                 .arg(min)
                                 .arg(max)
                                 .arg(kindOf(v)));
        out = qint64(v.toDouble());
    }
    void integer(const char* key, int& out, int min, int max)
    {
        qint64 wide = out;
        integer(key, wide, min, max);
        out = int(wide);
    }
    // An integer or null (absent: `none`).
    void optionalInteger(const char* key, int& out, int none, int min, int max)
    {
        const QJsonValue v = value(key);
        if (v.isNull() || v.isUndefined()) {
            out = none;
            return;
        }
        integer(key, out, min, max);
    }
    void number(const char* key, double& out, double min, double max)
    {
        const QJsonValue v = value(key);
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < min ||
            v.toDouble() > max)
            return fail(key, Tr::tr("expected a number from %1 to %2, got %3")
                                 .arg(QString::number(min), QString::number(max), kindOf(v)));
        out = v.toDouble();
    }
    void optionalNumber(const char* key, std::optional<double>& out, double min, double max)
    {
        const QJsonValue v = value(key);
        if (v.isNull() || v.isUndefined()) {
            out.reset();
            return;
        }
        double d = 0;
        number(key, d, min, max);
        if (m_ok)
            out = d;
    }
    void boolean(const char* key, bool& out)
    {
        const QJsonValue v = value(key);
        if (!v.isBool())
            return fail(key, Tr::tr("expected true or false, got %1").arg(kindOf(v)));
        out = v.toBool();
    }
    void strings(const char* key, QStringList& out)
    {
        const QJsonValue v = value(key);
        if (!v.isArray())
            return fail(key, Tr::tr("expected an array of strings, got %1").arg(kindOf(v)));
        QStringList list;
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a.at(i).isString())
                return fail(
                    key, Tr::tr("item %1: expected a string, got %2").arg(i).arg(kindOf(a.at(i))));
            list << a.at(i).toString();
        }
        out = list;
    }
    // Each item of an array of objects through `read`, whose errors are
    // prefixed with "key[i].".
    template <typename T, typename Read>
    void objects(const char* key, QList<T>& out, Read read)
    {
        const QJsonValue v = value(key);
        if (!v.isArray())
            return fail(key, Tr::tr("expected an array, got %1").arg(kindOf(v)));
        QList<T> list;
        const QJsonArray a = v.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QString where = QStringLiteral("%1[%2]").arg(QLatin1String(key)).arg(i);
            if (!a.at(i).isObject())
                return fail(where, Tr::tr("expected an object, got %1").arg(kindOf(a.at(i))));
            QString why;
            std::optional<T> item = read(a.at(i).toObject(), &why);
            if (!item) {
                // `why` already names its field in quotes: splice the path in.
                if (m_ok && m_error)
                    *m_error = why.startsWith(QLatin1Char('"'))
                                   ? QStringLiteral("\"%1%2.%3").arg(m_prefix, where, why.mid(1))
                                   : QStringLiteral("\"%1%2\": %3").arg(m_prefix, where, why);
                m_ok = false;
                return;
            }
            list << *item;
        }
        out = list;
    }

private:
    const QJsonObject& m_o;
    QString* m_error;
    QString m_prefix;
    bool m_ok = true;
};

constexpr auto kMigAllow = "allow";
constexpr auto kMigOnly = "only";
constexpr auto kMigNever = "never";

QString migName(SelectionRequest::Mig mig)
{
    switch (mig) {
    case SelectionRequest::Mig::Only:
        return QLatin1String(kMigOnly);
    case SelectionRequest::Mig::Never:
        return QLatin1String(kMigNever);
    case SelectionRequest::Mig::Allow:
        break;
    }
    return QLatin1String(kMigAllow);
}

QJsonObject factorJson(const AdviceFactor& f)
{
    return QJsonObject{{QStringLiteral("value"), f.value}, {QStringLiteral("reason"), f.reason}};
}

std::optional<AdviceFactor> factorFromJson(const QJsonObject& o, QString* error)
{
    AdviceFactor f;
    Reader r(o, error);
    r.number("value", f.value, 0, 1e9);
    r.text("reason", f.reason);
    return r.ok() ? std::optional(f) : std::nullopt;
}

// The seconds of `key` (a number, fraction allowed) as milliseconds.
qint64 secondsToMs(double seconds)
{
    return qint64(std::llround(seconds * 1000.0));
}

} // namespace

// ---- candidates ----

QJsonObject candidateJson(const Candidate& c)
{
    return QJsonObject{
        {QStringLiteral("id"), c.id},
        {QStringLiteral("gpu_index"), c.gpuIndex},
        {QStringLiteral("mig_uuid"), orNull(c.isMig(), c.migUuid)},
        {QStringLiteral("mig_index"), orNull(c.migIndex >= 0, c.migIndex)},
        {QStringLiteral("score"), c.score},
        {QStringLiteral("free_mib"), c.freeMiB},
        {QStringLiteral("utilization_percent"),
         orNull(c.utilisation.has_value(), c.utilisation.value_or(0))},
        {QStringLiteral("degraded"), c.degraded},
    };
}

std::optional<Candidate> candidateFromJson(const QJsonObject& o, QString* error)
{
    Candidate c;
    Reader r(o, error);
    r.text("id", c.id);
    if (r.ok() && c.id.isEmpty())
        r.fail("id", Tr::tr("expected a unit id, got an empty string"));
    r.integer("gpu_index", c.gpuIndex, 0, 1'000'000);
    r.optionalText("mig_uuid", c.migUuid);
    r.optionalInteger("mig_index", c.migIndex, -1, 0, 1'000'000);
    r.number("score", c.score, -1e9, 1e9);
    r.number("free_mib", c.freeMiB, -1e12, 1e12);
    r.optionalNumber("utilization_percent", c.utilisation, 0, 100);
    // Agents before docs/health.md do not say: not degraded.
    if (const QJsonValue d = o.value(QStringLiteral("degraded")); d.isBool())
        c.degraded = d.toBool();
    else if (!d.isUndefined() && !d.isNull() && r.ok())
        r.fail("degraded", Tr::tr("expected true or false"));
    return r.ok() ? std::optional(c) : std::nullopt;
}

// ---- reservations ----

QJsonObject reservationJson(const Reservation& v)
{
    return QJsonObject{
        {QStringLiteral("id"), v.id},
        {QStringLiteral("server"), v.server},
        {QStringLiteral("user"), v.user},
        {QStringLiteral("units"), QJsonArray::fromStringList(v.units)},
        {QStringLiteral("created_ms"), v.createdMs},
        {QStringLiteral("expires_ms"), v.expiresMs},
    };
}

std::optional<Reservation> reservationFromJson(const QJsonObject& o, QString* error)
{
    constexpr qint64 kMaxMs = 9'000'000'000'000'000LL;
    Reservation v;
    Reader r(o, error);
    r.text("id", v.id);
    if (r.ok() && v.id.isEmpty())
        r.fail("id", Tr::tr("expected a reservation id, got an empty string"));
    r.text("server", v.server);
    r.text("user", v.user);
    r.strings("units", v.units);
    if (r.ok() && v.units.isEmpty())
        r.fail("units", Tr::tr("expected at least one unit"));
    r.integer("created_ms", v.createdMs, 0, kMaxMs);
    r.integer("expires_ms", v.expiresMs, 0, kMaxMs);
    if (r.ok() && v.expiresMs < v.createdMs)
        r.fail("expires_ms", Tr::tr("is before created_ms"));
    return r.ok() ? std::optional(v) : std::nullopt;
}

// ---- advice ----

QJsonObject adviceJson(const Advice& a)
{
    return QJsonObject{
        {QStringLiteral("user"), a.user},
        {QStringLiteral("priority"), priorityName(a.priority)},
        {QStringLiteral("allowed_share_percent"), a.allowedSharePercent},
        {QStringLiteral("share_percent"), a.sharePercent},
        {QStringLiteral("factors"),
         QJsonObject{{QStringLiteral("quota"), factorJson(a.quota)},
                     {QStringLiteral("band"), factorJson(a.band)},
                     {QStringLiteral("defensive"), factorJson(a.defensive)}}},
        {QStringLiteral("start_now"), a.startNow},
        {QStringLiteral("wait_seconds"), a.waitSeconds},
        {QStringLiteral("reason"), a.reason},
    };
}

std::optional<Advice> adviceFromJson(const QJsonObject& o, QString* error)
{
    Advice a;
    Reader r(o, error);
    r.text("user", a.user);
    QString priority;
    r.text("priority", priority);
    if (r.ok()) {
        QString why;
        if (const auto p = parsePriority(priority, &why))
            a.priority = *p;
        else
            r.fail("priority", why);
    }
    r.number("allowed_share_percent", a.allowedSharePercent, 0, 1e6);
    r.number("share_percent", a.sharePercent, 0, 1e6);
    const QJsonValue factors = r.value("factors");
    if (r.ok() && !factors.isObject())
        r.fail("factors", Tr::tr("expected an object, got %1").arg(kindOf(factors)));
    if (r.ok()) {
        const QJsonObject f = factors.toObject();
        Reader fr(f, error, QStringLiteral("factors."));
        for (const auto& [key, target] : {std::pair{"quota", &a.quota}, std::pair{"band", &a.band},
                                          std::pair{"defensive", &a.defensive}}) {
            const QJsonValue v = fr.value(key);
            if (!fr.ok())
                break;
            if (!v.isObject()) {
                fr.fail(key, Tr::tr("expected an object, got %1").arg(kindOf(v)));
                break;
            }
            QString why;
            const std::optional<AdviceFactor> factor = factorFromJson(v.toObject(), &why);
            if (!factor) {
                if (error)
                    *error = QStringLiteral("\"factors.%1.%2").arg(QLatin1String(key), why.mid(1));
                return std::nullopt;
            }
            *target = *factor;
        }
        if (!fr.ok())
            return std::nullopt;
    }
    r.boolean("start_now", a.startNow);
    r.integer("wait_seconds", a.waitSeconds, 0, 1'000'000);
    r.text("reason", a.reason);
    return r.ok() ? std::optional(a) : std::nullopt;
}

// ---- POST /v1/allocate ----

QJsonObject allocateBodyJson(const AllocateBody& body)
{
    const SelectionRequest& q = body.request;
    QJsonObject o{
        {QStringLiteral("gpus"), q.gpus},
        {QStringLiteral("min_free_mib"), q.minFreeMiB},
        {QStringLiteral("wait_seconds"), double(body.waitMs) / 1000.0},
        {QStringLiteral("user"), q.user},
        {QStringLiteral("mig"), migName(q.mig)},
    };
    if (q.ttlMs > 0)
        o.insert(QStringLiteral("ttl_seconds"), double(q.ttlMs) / 1000.0);
    if (q.maxUtilizationPercent)
        o.insert(QStringLiteral("max_utilization_percent"), *q.maxUtilizationPercent);
    return o;
}

std::optional<AllocateBody> parseAllocateBody(const QByteArray& body,
                                              const PolicyConfig::Allocate& limits, QString* error)
{
    auto refuse = [error](const QString& why) -> std::optional<AllocateBody> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (body.trimmed().isEmpty())
        return refuse(Tr::tr("send a JSON object as the request body, at least {\"user\": \"…\"}"));
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError)
        return refuse(
            Tr::tr("malformed JSON at offset %1: %2").arg(pe.offset).arg(pe.errorString()));
    if (!doc.isObject())
        return refuse(Tr::tr("expected a JSON object as the request body"));
    const QJsonObject o = doc.object();

    static const QStringList kKeys{QStringLiteral("gpus"),
                                   QStringLiteral("min_free_mib"),
                                   QStringLiteral("max_utilization_percent"),
                                   QStringLiteral("wait_seconds"),
                                   QStringLiteral("user"),
                                   QStringLiteral("ttl_seconds"),
                                   QStringLiteral("mig")};
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (!kKeys.contains(it.key()))
            return refuse(Tr::tr("\"%1\": unknown key (known: %2)")
                              .arg(it.key(), kKeys.join(QStringLiteral(", "))));
    }

    AllocateBody out;
    SelectionRequest& q = out.request;
    q.ttlMs = limits.defaultTtlMs;
    Reader r(o, error);
    if (r.has("gpus"))
        r.integer("gpus", q.gpus, 1, kMaxAllocateGpus);
    if (r.has("min_free_mib"))
        r.number("min_free_mib", q.minFreeMiB, 0, kMaxAllocateMinFreeMiB);
    r.optionalNumber("max_utilization_percent", q.maxUtilizationPercent, 0, 100);
    if (r.ok() && r.has("wait_seconds")) {
        const QJsonValue v = r.value("wait_seconds");
        const double cap = double(limits.maxWaitMs) / 1000.0;
        if (!v.isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < 0)
            r.fail("wait_seconds", Tr::tr("expected a number of seconds from 0 to %1, got %2")
                                       .arg(QString::number(cap), kindOf(v)));
        else if (v.toDouble() > cap)
            r.fail(
                "wait_seconds",
                Tr::tr("%1 s is longer than this agent's longest wait, %2 s ([allocate] max_wait)")
                    .arg(QString::number(v.toDouble()), QString::number(cap)));
        else
            out.waitMs = std::min(secondsToMs(v.toDouble()), limits.maxWaitMs);
    }
    if (r.ok() && r.has("ttl_seconds")) {
        double ttl = 0;
        r.number("ttl_seconds", ttl, double(kMinAllocateTtlMs) / 1000.0,
                 double(kMaxAllocateTtlMs) / 1000.0);
        if (r.ok())
            q.ttlMs = secondsToMs(ttl);
    }
    if (r.ok() && !r.has("user"))
        r.fail("user", Tr::tr("required: the user the GPUs are for"));
    r.text("user", q.user);
    if (r.ok()) {
        if (q.user.isEmpty() || q.user.size() > kMaxAllocateUserChars)
            r.fail("user", Tr::tr("expected 1 to %1 characters, got %2")
                               .arg(kMaxAllocateUserChars)
                               .arg(q.user.size()));
        else if (std::any_of(q.user.cbegin(), q.user.cend(),
                             [](QChar c) { return c.category() == QChar::Other_Control; }))
            r.fail("user", Tr::tr("control characters are not allowed"));
    }
    if (r.ok() && r.has("mig")) {
        QString mig;
        r.text("mig", mig);
        if (mig == QLatin1String(kMigAllow))
            q.mig = SelectionRequest::Mig::Allow;
        else if (mig == QLatin1String(kMigOnly))
            q.mig = SelectionRequest::Mig::Only;
        else if (mig == QLatin1String(kMigNever))
            q.mig = SelectionRequest::Mig::Never;
        else if (r.ok())
            r.fail("mig", Tr::tr("expected \"allow\", \"only\" or \"never\", got \"%1\"").arg(mig));
    }
    if (!r.ok())
        return std::nullopt;
    return out;
}

// ---- GET /v1/allocate ----

QJsonObject allocationStateJson(const AllocationState& state)
{
    QJsonArray reservations;
    for (const Reservation& v : state.reservations)
        reservations.append(reservationJson(v));
    QJsonArray waiting;
    for (const WaitingCaller& w : state.waiting)
        waiting.append(QJsonObject{{QStringLiteral("user"), w.user},
                                   {QStringLiteral("gpus"), w.gpus},
                                   {QStringLiteral("min_free_mib"), w.minFreeMiB},
                                   {QStringLiteral("since_ms"), w.sinceMs},
                                   {QStringLiteral("deadline_ms"), w.deadlineMs}});
    return QJsonObject{{QStringLiteral("now_ms"), state.nowMs},
                       {QStringLiteral("reservations"), reservations},
                       {QStringLiteral("waiting"), waiting}};
}

std::optional<AllocationState> allocationStateFromJson(const QJsonObject& o, QString* error)
{
    constexpr qint64 kMaxMs = 9'000'000'000'000'000LL;
    AllocationState s;
    Reader r(o, error);
    r.integer("now_ms", s.nowMs, 0, kMaxMs);
    r.objects("reservations", s.reservations, reservationFromJson);
    r.objects("waiting", s.waiting,
              [](const QJsonObject& w, QString* why) -> std::optional<WaitingCaller> {
                  WaitingCaller c;
                  Reader wr(w, why);
                  wr.text("user", c.user);
                  wr.integer("gpus", c.gpus, 1, kMaxAllocateGpus);
                  wr.number("min_free_mib", c.minFreeMiB, 0, kMaxAllocateMinFreeMiB);
                  wr.integer("since_ms", c.sinceMs, 0, kMaxMs);
                  wr.integer("deadline_ms", c.deadlineMs, 0, kMaxMs);
                  return wr.ok() ? std::optional(c) : std::nullopt;
              });
    return r.ok() ? std::optional(s) : std::nullopt;
}

} // namespace gw
