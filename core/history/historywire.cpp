#include "history/historywire.h"

#include "model/snapshotcbor.h"

#include <QCborStreamReader>
#include <QCborStreamWriter>
#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::HistoryWire)
};

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
        return setError(error, name, Tr::tr("missing"));
    if (!v.isDouble())
        return setError(error, name, Tr::tr("not a number"));
    const double d = v.toDouble();
    if (!std::isfinite(d) || std::trunc(d) != d || std::fabs(d) > kMaxExactInteger)
        return setError(error, name, Tr::tr("not a whole number"));
    if (qint64(d) < min)
        return setError(error, name, Tr::tr("below %1").arg(min));
    *out = qint64(d);
    return true;
}

bool readFinite(const QJsonObject& o, const char* key, const QString& where, double* out,
                QString* error)
{
    const QString name = where + QLatin1String(key);
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return setError(error, name, Tr::tr("missing"));
    if (!v.isDouble() || !std::isfinite(v.toDouble()))
        return setError(error, name, Tr::tr("not a finite number"));
    *out = v.toDouble();
    return true;
}

// What both forms check of a bucket read: where it lies, min <= mean <= max.
bool checkBucket(const QString& where, const QString& startName, const HistoryReply& r,
                 HistoryBucket* b, QString* error)
{
    // Roll-up buckets sit on their grid: the first may start up to one step
    // before from_ms.
    if (b->startMs < r.fromMs - r.stepMs || b->startMs >= r.toMs)
        return setError(error, startName, Tr::tr("outside from_ms to to_ms"));
    b->endMs = std::min(b->startMs + r.stepMs, std::max(r.toMs, b->startMs + 1));
    // The mean is sum / count of values at the metric's precision, so it
    // lies within [min, max] up to rounding.
    const double slack = 1e-9 * std::max({1.0, std::fabs(b->min), std::fabs(b->max)});
    if (b->min > b->max || b->mean < b->min - slack || b->mean > b->max + slack)
        return setError(error, where, Tr::tr("min, mean and max out of order"));
    return true;
}

// A bucket after the series' last one, checked and taken.
bool appendBucket(HistoryWireSeries* s, const HistoryBucket& b, const QString& where,
                  QString* error)
{
    if (!s->buckets.isEmpty() && b.startMs < s->buckets.last().endMs)
        return setError(error, where + QStringLiteral(".start_ms"),
                        Tr::tr("not after the previous bucket"));
    s->buckets.append(b);
    return true;
}

// A gap after the series' last one, checked and taken. One of no width is
// a gap within a bucket wider than it (the agent's buckets are coarser than
// its sampling gaps: `points=7` over two hours), which the bucket it ends in
// is marked with, as any other.
bool appendGap(HistoryWireSeries* s, qint64 a, qint64 b, const QString& where, QString* error)
{
    if (b < a || (!s->gaps.isEmpty() && a < s->gaps.last().second))
        return setError(error, where, Tr::tr("out of order"));
    s->gaps.append({a, b});
    return true;
}

// A gap ends where the next bucket with readings starts.
void markGaps(HistoryWireSeries* s)
{
    for (const auto& [from, to] : std::as_const(s->gaps))
        for (HistoryBucket& b : s->buckets)
            if (b.startMs <= to && to < b.endMs)
                b.gapBefore = true;
}

bool readBucket(const QJsonValue& v, const QString& where, const HistoryReply& r, HistoryBucket* b,
                QString* error)
{
    if (!v.isObject())
        return setError(error, where, Tr::tr("not an object"));
    const QJsonObject o = v.toObject();
    const QString dot = where + QLatin1Char('.');
    qint64 count = 0;
    if (!readInteger(o, "start_ms", dot, 0, &b->startMs, error) ||
        !readFinite(o, "min", dot, &b->min, error) || !readFinite(o, "max", dot, &b->max, error) ||
        !readFinite(o, "mean", dot, &b->mean, error) ||
        !readInteger(o, "count", dot, 1, &count, error))
        return false;
    b->count = count;
    return checkBucket(where, dot + QStringLiteral("start_ms"), r, b, error);
}

bool readSeries(const QJsonValue& v, const QString& where, const HistoryReply& r,
                HistoryWireSeries* s, QString* error)
{
    if (!v.isObject())
        return setError(error, where, Tr::tr("not an object"));
    const QJsonObject o = v.toObject();
    const QJsonValue key = o.value(QLatin1String("key"));
    if (!key.isString())
        return setError(error, where + QStringLiteral(".key"), Tr::tr("missing or not a string"));
    QString why;
    const std::optional<SeriesKey> k = historySeriesFromName(key.toString(), &why);
    if (!k)
        return setError(error, where + QStringLiteral(".key"), why);
    s->key = *k;
    s->key.server = r.server;

    const QJsonValue gaps = o.value(QLatin1String("gaps"));
    if (!gaps.isArray())
        return setError(error, where + QStringLiteral(".gaps"), Tr::tr("missing or not an array"));
    const QJsonArray ga = gaps.toArray();
    for (qsizetype i = 0; i < ga.size(); ++i) {
        const QString at = where + QStringLiteral(".gaps[%1]").arg(i);
        const QJsonArray span = ga[i].toArray();
        if (!ga[i].isArray() || span.size() != 2)
            return setError(error, at, Tr::tr("not a [from_ms, to_ms] pair"));
        const QJsonObject pair{{QStringLiteral("a"), span[0]}, {QStringLiteral("b"), span[1]}};
        qint64 a = 0;
        qint64 b = 0;
        if (!readInteger(pair, "a", at + QStringLiteral("[0]"), 0, &a, error) ||
            !readInteger(pair, "b", at + QStringLiteral("[1]"), 0, &b, error))
            return false;
        if (!appendGap(s, a, b, at, error))
            return false;
    }

    const QJsonValue buckets = o.value(QLatin1String("buckets"));
    if (!buckets.isArray())
        return setError(error, where + QStringLiteral(".buckets"),
                        Tr::tr("missing or not an array"));
    const QJsonArray ba = buckets.toArray();
    s->buckets.reserve(ba.size());
    for (qsizetype i = 0; i < ba.size(); ++i) {
        HistoryBucket b;
        const QString at = where + QStringLiteral(".buckets[%1]").arg(i);
        if (!readBucket(ba[i], at, r, &b, error) || !appendBucket(s, b, at, error))
            return false;
    }
    markGaps(s);
    return true;
}

// ---- CBOR ------------------------------------------------------------------

// A strict reader of the CBOR reply: every mistake with its JSON path and
// the byte offset it was found at.
class CborIn
{
public:
    CborIn(const QByteArray& bytes, QString* error)
        : m_r(bytes)
        , m_error(error)
    {}

    QCborStreamReader& r() { return m_r; }

    bool fail(const QString& where, const QString& what)
    {
        if (m_error)
            *m_error = QStringLiteral("%1 (byte %2): %3")
                           .arg(where.isEmpty() ? QStringLiteral("reply") : where)
                           .arg(m_r.currentOffset())
                           .arg(what);
        return false;
    }
    // The reader's own error where it has one (data cut short, malformed).
    bool failCbor(const QString& where)
    {
        if (m_r.lastError() == QCborError::EndOfFile)
            return fail(where, Tr::tr("the data ends early"));
        return fail(where, Tr::tr("malformed CBOR: %1").arg(m_r.lastError().toString()));
    }
    bool expected(const QString& where, const QString& what)
    {
        if (m_r.lastError() != QCborError::NoError)
            return failCbor(where);
        return fail(where, Tr::tr("expected %1, got %2").arg(what, cborTypeName(m_r)));
    }
    bool next(const QString& where, int depth = 1)
    {
        if (!m_r.next(depth) || m_r.lastError() != QCborError::NoError)
            return failCbor(where);
        return true;
    }
    bool enter(const QString& where, bool map)
    {
        if (map ? !m_r.isMap() : !m_r.isArray())
            return expected(where, map ? Tr::tr("a map") : Tr::tr("an array"));
        if (!m_r.enterContainer())
            return failCbor(where);
        return true;
    }
    // Whether another element follows in the container; false also on an
    // error, which leave() then reports.
    bool more() { return m_r.lastError() == QCborError::NoError && m_r.hasNext(); }
    bool leave(const QString& where)
    {
        if (m_r.lastError() != QCborError::NoError || !m_r.leaveContainer())
            return failCbor(where);
        return true;
    }
    bool integer(const QString& where, qint64 min, qint64* out)
    {
        if (m_r.isUnsignedInteger()) {
            const quint64 v = m_r.toUnsignedInteger();
            if (v > quint64(std::numeric_limits<qint64>::max()))
                return fail(where, Tr::tr("too large"));
            *out = qint64(v);
        } else if (m_r.isNegativeInteger()) {
            return fail(where, Tr::tr("below %1").arg(min));
        } else {
            return expected(where, Tr::tr("an integer"));
        }
        if (*out < min)
            return fail(where, Tr::tr("below %1").arg(min));
        return next(where);
    }
    bool number(const QString& where, double* out)
    {
        if (m_r.isUnsignedInteger())
            *out = double(m_r.toUnsignedInteger());
        else if (m_r.isNegativeInteger())
            *out = -double(quint64(m_r.toNegativeInteger()));
        else if (m_r.isFloat16())
            *out = double(float(m_r.toFloat16()));
        else if (m_r.isFloat())
            *out = double(m_r.toFloat());
        else if (m_r.isDouble())
            *out = m_r.toDouble();
        else
            return expected(where, Tr::tr("a number"));
        if (!std::isfinite(*out))
            return fail(where, Tr::tr("not a finite number"));
        return next(where);
    }
    bool text(const QString& where, QString* out)
    {
        if (!m_r.isString())
            return expected(where, Tr::tr("a text string"));
        out->clear();
        QCborStreamReader::StringResult<QString> s = m_r.readString();
        while (s.status == QCborStreamReader::Ok) {
            *out += s.data;
            s = m_r.readString();
        }
        if (s.status == QCborStreamReader::Error)
            return failCbor(where);
        return true;
    }
    // A map's key: an unsigned integer.
    bool key(const QString& where, quint64* out)
    {
        if (!m_r.isUnsignedInteger())
            return expected(where, Tr::tr("an integer key"));
        *out = m_r.toUnsignedInteger();
        return next(where);
    }

private:
    QCborStreamReader m_r;
    QString* m_error;
};

bool readCborPair(CborIn& in, const QString& where, qint64* a, qint64* b)
{
    if (!in.enter(where, false))
        return false;
    if (!in.more() || !in.integer(where + QStringLiteral("[0]"), 0, a))
        return in.more() ? false : in.fail(where, Tr::tr("not a [from_ms, to_ms] pair"));
    if (!in.more() || !in.integer(where + QStringLiteral("[1]"), 0, b))
        return in.more() ? false : in.fail(where, Tr::tr("not a [from_ms, to_ms] pair"));
    if (in.more())
        return in.fail(where, Tr::tr("not a [from_ms, to_ms] pair"));
    return in.leave(where);
}

bool readCborBucket(CborIn& in, const QString& where, const HistoryReply& r, HistoryBucket* b)
{
    if (!in.enter(where, false))
        return false;
    qint64 count = 0;
    for (int i = 0; i < 5; ++i) {
        const QString at = where + QStringLiteral("[%1]").arg(i);
        if (!in.more()) {
            if (in.r().lastError() != QCborError::NoError)
                return in.failCbor(at);
            return in.fail(where, Tr::tr("expected 5 values (start_ms, min, max, mean, count), "
                                         "got %1")
                                      .arg(i));
        }
        const bool ok = i == 0   ? in.integer(at, 0, &b->startMs)
                        : i == 1 ? in.number(at, &b->min)
                        : i == 2 ? in.number(at, &b->max)
                        : i == 3 ? in.number(at, &b->mean)
                                 : in.integer(at, 1, &count);
        if (!ok)
            return false;
    }
    if (in.more())
        return in.fail(where, Tr::tr("more than 5 values (start_ms, min, max, mean, count)"));
    if (!in.leave(where))
        return false;
    b->count = count;
    QString error;
    if (!checkBucket(where, where + QStringLiteral("[0]"), r, b, &error))
        return in.fail(error.section(QStringLiteral(": "), 0, 0),
                       error.section(QStringLiteral(": "), 1, -1));
    return true;
}

bool readCborSeries(CborIn& in, const QString& where, const HistoryReply& r, HistoryWireSeries* s)
{
    if (!in.enter(where, true))
        return false;
    bool haveKey = false;
    bool haveBuckets = false;
    bool haveGaps = false;
    while (in.more()) {
        quint64 k = 0;
        if (!in.key(where, &k))
            return false;
        if (k == HistorySeriesKey) {
            const QString at = where + QStringLiteral(".key");
            QString name;
            QString why;
            if (haveKey)
                return in.fail(at, Tr::tr("given twice"));
            if (!in.text(at, &name))
                return false;
            const std::optional<SeriesKey> key = historySeriesFromName(name, &why);
            if (!key)
                return in.fail(at, why);
            s->key = *key;
            s->key.server = r.server;
            haveKey = true;
        } else if (k == HistoryBuckets) {
            const QString at = where + QStringLiteral(".buckets");
            if (haveBuckets)
                return in.fail(at, Tr::tr("given twice"));
            if (!in.enter(at, false))
                return false;
            for (qsizetype i = 0; in.more(); ++i) {
                const QString b = at + QStringLiteral("[%1]").arg(i);
                HistoryBucket bucket;
                QString why;
                if (!readCborBucket(in, b, r, &bucket))
                    return false;
                if (!appendBucket(s, bucket, b, &why))
                    return in.fail(b + QStringLiteral(".start_ms"),
                                   Tr::tr("not after the previous bucket"));
            }
            if (!in.leave(at))
                return false;
            haveBuckets = true;
        } else if (k == HistoryGaps) {
            const QString at = where + QStringLiteral(".gaps");
            if (haveGaps)
                return in.fail(at, Tr::tr("given twice"));
            if (!in.enter(at, false))
                return false;
            for (qsizetype i = 0; in.more(); ++i) {
                const QString g = at + QStringLiteral("[%1]").arg(i);
                qint64 a = 0;
                qint64 b = 0;
                QString why;
                if (!readCborPair(in, g, &a, &b))
                    return false;
                if (!appendGap(s, a, b, g, &why))
                    return in.fail(g, Tr::tr("out of order"));
            }
            if (!in.leave(at))
                return false;
            haveGaps = true;
        } else if (!in.next(where, kMaxSkipDepth)) { // a newer agent's: skipped
            return false;
        }
    }
    if (!in.leave(where))
        return false;
    if (!haveKey)
        return in.fail(where + QStringLiteral(".key"), Tr::tr("missing"));
    if (!haveBuckets)
        return in.fail(where + QStringLiteral(".buckets"), Tr::tr("missing"));
    if (!haveGaps)
        return in.fail(where + QStringLiteral(".gaps"), Tr::tr("missing"));
    markGaps(s);
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
            *error = Tr::tr("\"%1\" is not <target>/<metric number>").arg(name.left(80));
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
            *error = Tr::tr("\"%1\" names no known metric").arg(digits.left(20).toString());
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
        setError(error, QStringLiteral("to_ms"), Tr::tr("not after from_ms"));
        return std::nullopt;
    }
    const QJsonValue server = o.value(QLatin1String("server"));
    if (!server.isString() || server.toString().isEmpty()) {
        setError(error, QStringLiteral("server"), Tr::tr("missing or not a name"));
        return std::nullopt;
    }
    r.server = server.toString();
    const QJsonValue series = o.value(QLatin1String("series"));
    if (!series.isArray()) {
        setError(error, QStringLiteral("series"), Tr::tr("missing or not an array"));
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

namespace gw {

QByteArray historyReplyCbor(const HistoryReply& reply)
{
    QByteArray out;
    QCborStreamWriter w(&out);
    w.startMap(6);
    w.append(quint64(HistoryNowMs));
    w.append(reply.nowMs);
    w.append(quint64(HistoryServer));
    w.append(QStringView(reply.server));
    w.append(quint64(HistoryFromMs));
    w.append(reply.fromMs);
    w.append(quint64(HistoryToMs));
    w.append(reply.toMs);
    w.append(quint64(HistoryStepMs));
    w.append(reply.stepMs);
    w.append(quint64(HistorySeries));
    w.startArray(quint64(reply.series.size()));
    for (const HistoryWireSeries& s : reply.series) {
        w.startMap(3);
        w.append(quint64(HistorySeriesKey));
        w.append(QStringView(historySeriesName(s.key)));
        w.append(quint64(HistoryBuckets));
        const auto kept = std::count_if(s.buckets.begin(), s.buckets.end(),
                                        [](const HistoryBucket& b) { return b.count > 0; });
        w.startArray(quint64(kept));
        for (const HistoryBucket& b : s.buckets) {
            if (b.count <= 0)
                continue;
            w.startArray(5);
            w.append(b.startMs);
            writeCborNumber(w, b.min);
            writeCborNumber(w, b.max);
            writeCborNumber(w, b.mean);
            w.append(b.count);
            w.endArray();
        }
        w.endArray();
        w.append(quint64(HistoryGaps));
        w.startArray(quint64(s.gaps.size()));
        for (const auto& [from, to] : s.gaps) {
            w.startArray(2);
            w.append(from);
            w.append(to);
            w.endArray();
        }
        w.endArray();
        w.endMap();
    }
    w.endArray();
    w.endMap();
    return out;
}

std::optional<HistoryReply> parseHistoryReplyCbor(const QByteArray& cbor, QString* error)
{
    CborIn in(cbor, error);
    HistoryReply r;
    const QString none;
    if (!in.enter(none, true))
        return std::nullopt;
    // Which keys came; the series need the range and step before them.
    bool seen[6] = {};
    while (in.more()) {
        quint64 k = 0;
        if (!in.key(none, &k))
            return std::nullopt;
        const QString name = k == HistoryNowMs    ? QStringLiteral("now_ms")
                             : k == HistoryServer ? QStringLiteral("server")
                             : k == HistoryFromMs ? QStringLiteral("from_ms")
                             : k == HistoryToMs   ? QStringLiteral("to_ms")
                             : k == HistoryStepMs ? QStringLiteral("step_ms")
                             : k == HistorySeries ? QStringLiteral("series")
                                                  : QString();
        if (name.isEmpty()) {
            if (!in.next(none, kMaxSkipDepth)) // a newer agent's key: skipped
                return std::nullopt;
            continue;
        }
        if (seen[k]) {
            in.fail(name, Tr::tr("given twice"));
            return std::nullopt;
        }
        seen[k] = true;
        bool ok = true;
        switch (k) {
        case HistoryNowMs:
            ok = in.integer(name, 0, &r.nowMs);
            break;
        case HistoryFromMs:
            ok = in.integer(name, 0, &r.fromMs);
            break;
        case HistoryToMs:
            ok = in.integer(name, 0, &r.toMs);
            break;
        case HistoryStepMs:
            ok = in.integer(name, 1, &r.stepMs);
            break;
        case HistoryServer:
            ok = in.text(name, &r.server);
            if (ok && r.server.isEmpty())
                ok = in.fail(name, Tr::tr("missing or not a name"));
            break;
        default: { // the series
            if (!seen[HistoryServer] || !seen[HistoryFromMs] || !seen[HistoryToMs] ||
                !seen[HistoryStepMs]) {
                ok = in.fail(name, Tr::tr("comes before server, from_ms, to_ms or step_ms"));
                break;
            }
            if (r.toMs <= r.fromMs) {
                ok = in.fail(QStringLiteral("to_ms"), Tr::tr("not after from_ms"));
                break;
            }
            ok = in.enter(name, false);
            for (qsizetype i = 0; ok && in.more(); ++i) {
                HistoryWireSeries s;
                ok = readCborSeries(in, QStringLiteral("series[%1]").arg(i), r, &s);
                r.series.append(std::move(s));
            }
            ok = ok && in.leave(name);
            break;
        }
        }
        if (!ok)
            return std::nullopt;
    }
    if (!in.leave(none))
        return std::nullopt;
    for (quint64 k :
         {HistoryNowMs, HistoryFromMs, HistoryToMs, HistoryStepMs, HistoryServer, HistorySeries})
        if (!seen[k]) {
            const char* missing[] = {"now_ms", "server", "from_ms", "to_ms", "step_ms", "series"};
            in.fail(QString::fromLatin1(missing[k]), Tr::tr("missing"));
            return std::nullopt;
        }
    if (r.toMs <= r.fromMs) {
        in.fail(QStringLiteral("to_ms"), Tr::tr("not after from_ms"));
        return std::nullopt;
    }
    if (in.r().currentOffset() != cbor.size()) {
        in.fail(none, Tr::tr("more data after the reply"));
        return std::nullopt;
    }
    return r;
}

} // namespace gw
