#include "history/historywire.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gw {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("gw::HistoryWire", text);
}

// JSON numbers are doubles: times must be whole and within 2^53 to be exact.
constexpr double kMaxExactInteger = 9007199254740992.0;

bool setError(QString* error, const QString& where, const QString& what)
{
    if (error)
        *error = where + QStringLiteral(": ") + what;
    return false;
}

bool readInteger(const QJsonObject& o, const char* key, const QString& where, qint64 min,
                 qint64* out, QString* error)
{
    const QString name = where + QLatin1String(key);
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return setError(error, name, tr("missing"));
    if (!v.isDouble())
        return setError(error, name, tr("not a number"));
    const double d = v.toDouble();
    if (!std::isfinite(d) || std::trunc(d) != d || std::fabs(d) > kMaxExactInteger)
        return setError(error, name, tr("not a whole number"));
    if (qint64(d) < min)
        return setError(error, name, tr("below %1").arg(min));
    *out = qint64(d);
    return true;
}

bool readFinite(const QJsonObject& o, const char* key, const QString& where, double* out,
                QString* error)
{
    const QString name = where + QLatin1String(key);
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return setError(error, name, tr("missing"));
    if (!v.isDouble() || !std::isfinite(v.toDouble()))
        return setError(error, name, tr("not a finite number"));
    *out = v.toDouble();
    return true;
}

bool readBucket(const QJsonValue& v, const QString& where, const HistoryReply& r, HistoryBucket* b,
                QString* error)
{
    if (!v.isObject())
        return setError(error, where, tr("not an object"));
    const QJsonObject o = v.toObject();
    const QString dot = where + QLatin1Char('.');
    qint64 count = 0;
    if (!readInteger(o, "start_ms", dot, 0, &b->startMs, error) ||
        !readFinite(o, "min", dot, &b->min, error) || !readFinite(o, "max", dot, &b->max, error) ||
        !readFinite(o, "mean", dot, &b->mean, error) ||
        !readInteger(o, "count", dot, 1, &count, error))
        return false;
    b->count = count;
    // Roll-up buckets sit on their grid: the first may start up to one step
    // before from_ms.
    if (b->startMs < r.fromMs - r.stepMs || b->startMs >= r.toMs)
        return setError(error, dot + QStringLiteral("start_ms"), tr("outside from_ms to to_ms"));
    b->endMs = std::min(b->startMs + r.stepMs, std::max(r.toMs, b->startMs + 1));
    // The mean is sum / count of values at the metric's precision, so it
    // lies within [min, max] up to rounding.
    const double slack = 1e-9 * std::max({1.0, std::fabs(b->min), std::fabs(b->max)});
    if (b->min > b->max || b->mean < b->min - slack || b->mean > b->max + slack)
        return setError(error, where, tr("min, mean and max out of order"));
    return true;
}

bool readSeries(const QJsonValue& v, const QString& where, const HistoryReply& r,
                HistoryWireSeries* s, QString* error)
{
    if (!v.isObject())
        return setError(error, where, tr("not an object"));
    const QJsonObject o = v.toObject();
    const QJsonValue key = o.value(QLatin1String("key"));
    if (!key.isString())
        return setError(error, where + QStringLiteral(".key"), tr("missing or not a string"));
    QString why;
    const std::optional<SeriesKey> k = historySeriesFromName(key.toString(), &why);
    if (!k)
        return setError(error, where + QStringLiteral(".key"), why);
    s->key = *k;
    s->key.server = r.server;

    const QJsonValue gaps = o.value(QLatin1String("gaps"));
    if (!gaps.isArray())
        return setError(error, where + QStringLiteral(".gaps"), tr("missing or not an array"));
    qint64 lastEnd = std::numeric_limits<qint64>::min();
    const QJsonArray ga = gaps.toArray();
    for (qsizetype i = 0; i < ga.size(); ++i) {
        const QString at = where + QStringLiteral(".gaps[%1]").arg(i);
        const QJsonArray span = ga[i].toArray();
        if (!ga[i].isArray() || span.size() != 2)
            return setError(error, at, tr("not a [from_ms, to_ms] pair"));
        const QJsonObject pair{{QStringLiteral("a"), span[0]}, {QStringLiteral("b"), span[1]}};
        qint64 a = 0;
        qint64 b = 0;
        if (!readInteger(pair, "a", at + QStringLiteral("[0]"), 0, &a, error) ||
            !readInteger(pair, "b", at + QStringLiteral("[1]"), 0, &b, error))
            return false;
        if (b <= a || a < lastEnd)
            return setError(error, at, tr("empty or out of order"));
        lastEnd = b;
        s->gaps.append({a, b});
    }

    const QJsonValue buckets = o.value(QLatin1String("buckets"));
    if (!buckets.isArray())
        return setError(error, where + QStringLiteral(".buckets"), tr("missing or not an array"));
    const QJsonArray ba = buckets.toArray();
    s->buckets.reserve(ba.size());
    for (qsizetype i = 0; i < ba.size(); ++i) {
        HistoryBucket b;
        const QString at = where + QStringLiteral(".buckets[%1]").arg(i);
        if (!readBucket(ba[i], at, r, &b, error))
            return false;
        if (!s->buckets.isEmpty() && b.startMs < s->buckets.last().endMs)
            return setError(error, at + QStringLiteral(".start_ms"),
                            tr("not after the previous bucket"));
        s->buckets.append(b);
    }
    // A gap ends where the next bucket with readings starts.
    for (const auto& [from, to] : std::as_const(s->gaps))
        for (HistoryBucket& b : s->buckets)
            if (b.startMs <= to && to < b.endMs)
                b.gapBefore = true;
    return true;
}

} // namespace

QString historySeriesName(const SeriesKey& key)
{
    return key.target + QLatin1Char('/') + QString::number(int(key.metric));
}

std::optional<SeriesKey> historySeriesFromName(const QString& name, QString* error)
{
    const qsizetype slash = name.lastIndexOf(QLatin1Char('/'));
    if (slash <= 0 || slash == name.size() - 1) {
        if (error)
            *error = tr("\"%1\" is not <target>/<metric number>").arg(name.left(80));
        return std::nullopt;
    }
    bool ok = false;
    const QStringView digits = QStringView(name).mid(slash + 1);
    const int number = digits.toInt(&ok);
    const bool plain = std::all_of(digits.begin(), digits.end(), [](QChar c) {
        return c >= QLatin1Char('0') && c <= QLatin1Char('9');
    });
    const MetricDef* def =
        ok && plain && number <= 255 ? findMetric(MetricId(quint8(number))) : nullptr;
    if (!def) {
        if (error)
            *error = tr("\"%1\" names no known metric").arg(digits.left(20).toString());
        return std::nullopt;
    }
    SeriesKey key;
    key.target = name.left(slash);
    key.metric = def->id;
    return key;
}

QJsonObject historyReplyJson(const HistoryReply& reply)
{
    QJsonArray series;
    for (const HistoryWireSeries& s : reply.series) {
        QJsonArray buckets;
        for (const HistoryBucket& b : s.buckets) {
            if (b.count <= 0)
                continue;
            buckets.append(QJsonObject{{QStringLiteral("start_ms"), b.startMs},
                                       {QStringLiteral("min"), b.min},
                                       {QStringLiteral("max"), b.max},
                                       {QStringLiteral("mean"), b.mean},
                                       {QStringLiteral("count"), b.count}});
        }
        QJsonArray gaps;
        for (const auto& [from, to] : s.gaps)
            gaps.append(QJsonArray{from, to});
        series.append(QJsonObject{{QStringLiteral("key"), historySeriesName(s.key)},
                                  {QStringLiteral("buckets"), buckets},
                                  {QStringLiteral("gaps"), gaps}});
    }
    return QJsonObject{
        {QStringLiteral("now_ms"), reply.nowMs},   {QStringLiteral("server"), reply.server},
        {QStringLiteral("from_ms"), reply.fromMs}, {QStringLiteral("to_ms"), reply.toMs},
        {QStringLiteral("step_ms"), reply.stepMs}, {QStringLiteral("series"), series}};
}

std::optional<HistoryReply> parseHistoryReply(const QJsonObject& o, QString* error)
{
    HistoryReply r;
    const QString none;
    if (!readInteger(o, "now_ms", none, 0, &r.nowMs, error) ||
        !readInteger(o, "from_ms", none, 0, &r.fromMs, error) ||
        !readInteger(o, "to_ms", none, 0, &r.toMs, error) ||
        !readInteger(o, "step_ms", none, 1, &r.stepMs, error))
        return std::nullopt;
    if (r.toMs <= r.fromMs) {
        setError(error, QStringLiteral("to_ms"), tr("not after from_ms"));
        return std::nullopt;
    }
    const QJsonValue server = o.value(QLatin1String("server"));
    if (!server.isString() || server.toString().isEmpty()) {
        setError(error, QStringLiteral("server"), tr("missing or not a name"));
        return std::nullopt;
    }
    r.server = server.toString();
    const QJsonValue series = o.value(QLatin1String("series"));
    if (!series.isArray()) {
        setError(error, QStringLiteral("series"), tr("missing or not an array"));
        return std::nullopt;
    }
    const QJsonArray sa = series.toArray();
    for (qsizetype i = 0; i < sa.size(); ++i) {
        HistoryWireSeries s;
        if (!readSeries(sa[i], QStringLiteral("series[%1]").arg(i), r, &s, error))
            return std::nullopt;
        r.series.append(std::move(s));
    }
    return r;
}

} // namespace gw
