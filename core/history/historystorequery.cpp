// HistoryStore's read side: range queries reduced to buckets, process facts,
// the series and servers there are. Opening and writing are in
// historystore.cpp, retention and the size cap in historyretention.cpp.

#include "history/historyschema.h"
#include "history/historystore.h"

#include <QLoggingCategory>
#include <QSqlError>
#include <QSqlQuery>

#include <chrono>
#include <cmath>
#include <limits>

Q_DECLARE_LOGGING_CATEGORY(lcHistory)

namespace gw {

namespace {

using namespace std::chrono_literals;

constexpr qint64 kMinuteMs = std::chrono::milliseconds(1min).count();
constexpr qint64 kHourMs = std::chrono::milliseconds(1h).count();

} // namespace

HistoryResult HistoryStore::query(const SeriesKey& key, qint64 fromMs, qint64 toMs, int points)
{
    HistoryResult r;
    r.key = key;
    r.fromMs = fromMs;
    r.toMs = toMs;
    if (points <= 0 || toMs <= fromMs) {
        r.error = QStringLiteral("invalid history query: empty range or no points");
        return r;
    }
    const qint64 span = toMs - fromMs;
    qint64 width = std::max<qint64>(1, (span + points - 1) / points);
    // The level whose resolution the bucket width does not need to resolve.
    // Roll-ups are merged by every commit, so the coarse levels always hold
    // the newest data too; there is no lag to fall back from.
    int level = 0;
    if (width >= kHourMs) {
        r.level = HistoryLevel::Hour;
        level = 2;
        width = (width + kHourMs - 1) / kHourMs * kHourMs;
    } else if (width >= kMinuteMs) {
        r.level = HistoryLevel::Minute;
        level = 1;
        width = (width + kMinuteMs - 1) / kMinuteMs * kMinuteMs;
    }
    // Roll-up levels: buckets on the roll-ups' grid (the first starts at the
    // minute or hour holding fromMs), so a roll-up never straddles two
    // buckets and its readings, extremes and gaps land in the right one.
    const qint64 unitMs = level == 2 ? kHourMs : level == 1 ? kMinuteMs : 1;
    const qint64 base = fromMs - ((fromMs % unitMs) + unitMs) % unitMs;
    const qint64 n = (toMs - base + width - 1) / width;
    // Buckets in quanta, converted to units once at the end.
    std::vector<QuantaSummary> acc(static_cast<size_t>(n));

    // Gaps from the record: a reading more than kGapIntervals sampling
    // intervals after the previous present one marks its bucket gapBefore.
    // Raw chunks know their interval and each reading's time, so the gaps
    // are exact; roll-ups know only which minutes (hours) had readings, so a
    // hole is measured between the end of one and the start of the next: at
    // most one roll-up (≤ one bucket) shorter than the real one.
    std::vector<char> gapBefore(static_cast<size_t>(n), 0);
    qint64 prevMs = std::numeric_limits<qint64>::min(); // last present reading (roll-up end)
    qint64 prevInterval = 0;
    qint64 longestInterval = 0;
    auto note = [&](qint64 startMs, qint64 endMs, qint64 interval, qint64 bucket) {
        if (prevMs != std::numeric_limits<qint64>::min() &&
            isRecordGap(startMs - prevMs, std::max(interval, prevInterval)) && bucket >= 0)
            gapBefore[size_t(bucket)] = 1;
        prevMs = endMs;
        prevInterval = interval;
    };

    const std::optional<qint64> id = lookupSeriesId(key);
    if (id) {
        const qint64 seriesInterval = seriesIntervalMs(*id);
        QSqlQuery q(m_db);
        q.setForwardOnly(true);
        if (level == 0) {
            // The chunk before the range too: its last reading tells whether
            // the range opens in a gap.
            q.prepare(QStringLiteral("SELECT start_ms, count, data, interval_ms FROM chunk "
                                     "WHERE series = ? AND start_ms < ? AND end_ms >= "
                                     "coalesce((SELECT max(end_ms) FROM chunk WHERE series = ? "
                                     "AND end_ms < ?), ?) ORDER BY start_ms"));
            q.addBindValue(*id);
            q.addBindValue(toMs);
            q.addBindValue(*id);
            q.addBindValue(fromMs);
            q.addBindValue(fromMs);
        } else if (level == 1) {
            // Packed hours that can hold a minute overlapping the range.
            q.prepare(QStringLiteral("SELECT hour_s, data FROM rollup_minutes WHERE series = ? "
                                     "AND hour_s > ? AND hour_s < ? ORDER BY hour_s"));
            q.addBindValue(*id);
            q.addBindValue((fromMs - kMinuteMs + 1000) / 1000 - 2 * 3600);
            q.addBindValue((toMs + 999) / 1000);
        } else {
            q.prepare(QStringLiteral("SELECT bucket_s, min_q, max_q, sum_q, count FROM rollup "
                                     "WHERE level = ? AND series = ? AND bucket_s >= ? "
                                     "AND bucket_s < ? ORDER BY bucket_s"));
            q.addBindValue(level);
            q.addBindValue(*id);
            // The roll-up that contains fromMs counts in the first bucket.
            // One hour more before: whether the range opens in a gap.
            q.addBindValue((fromMs - 2 * kHourMs + 1000) / 1000);
            q.addBindValue((toMs + 999) / 1000);
            longestInterval = seriesInterval;
        }
        if (!q.exec()) {
            r.error = historyschema::describe(m_path, q.lastError(), false);
            return r;
        }
        longestInterval = std::max(longestInterval, level == 0 ? 0 : seriesInterval);
        while (q.next()) {
            if (level == 0) {
                ChunkDecoder dec(q.value(2).toByteArray(), q.value(0).toLongLong(),
                                 q.value(1).toInt());
                const qint64 interval = q.value(3).isNull() || q.value(3).toLongLong() <= 0
                                            ? kDefaultSamplingIntervalMs
                                            : q.value(3).toLongLong();
                qint64 ms = 0;
                std::optional<qint64> v;
                bool inRange = false;
                while (dec.next(&ms, &v)) {
                    if (!v)
                        continue; // an absent value is no reading
                    if (ms >= toMs)
                        break;
                    const qint64 bucket = ms < fromMs ? -1 : (ms - fromMs) / width;
                    note(ms, ms, interval, bucket);
                    if (bucket < 0)
                        continue;
                    inRange = true;
                    acc[size_t(bucket)].add(*v);
                }
                if (inRange)
                    longestInterval = std::max(longestInterval, interval);
                if (dec.corrupt())
                    qCWarning(lcHistory) << "corrupt chunk in" << m_path << "series" << *id;
            } else if (level == 1) {
                const qint64 hourS = q.value(0).toLongLong();
                longestInterval = seriesInterval;
                const auto minutes = decodeMinuteRollups(q.value(1).toByteArray());
                if (!minutes) {
                    qCWarning(lcHistory) << "unreadable minute roll-ups in" << m_path << "series"
                                         << *id << "hour" << hourS;
                    continue;
                }
                for (const MinuteRollup& m : *minutes) {
                    const qint64 ms = (hourS + m.minute * 60) * 1000;
                    if (ms >= toMs)
                        break;
                    if (m.count <= 0)
                        continue;
                    if (ms < base) {
                        note(ms, ms + kMinuteMs, seriesInterval, -1);
                        continue; // the minute ends before the range
                    }
                    const qint64 i = (ms - base) / width;
                    note(ms, ms + kMinuteMs, seriesInterval, i);
                    acc[size_t(i)].merge(m.minQ, m.maxQ, m.sumQ, m.count);
                }
            } else {
                const qint64 ms = q.value(0).toLongLong() * 1000;
                if (ms >= toMs)
                    break;
                if (q.value(4).toLongLong() <= 0)
                    continue;
                if (ms < base) {
                    note(ms, ms + kHourMs, seriesInterval, -1);
                    continue; // the hour ends before the range
                }
                const qint64 i = (ms - base) / width;
                note(ms, ms + kHourMs, seriesInterval, i);
                acc[size_t(i)].merge(q.value(1).toLongLong(), q.value(2).toLongLong(),
                                     q.value(3).toLongLong(), q.value(4).toLongLong());
            }
        }
    }

    r.intervalMs = longestInterval > 0 ? longestInterval : kDefaultSamplingIntervalMs;
    const double scale = quantaPerUnit(key.metric);
    r.buckets.reserve(n);
    for (qint64 i = 0; i < n; ++i) {
        HistoryBucket b;
        b.startMs = base + i * width;
        b.endMs = std::min(toMs, b.startMs + width);
        const QuantaSummary& a = acc[size_t(i)];
        if (a.count > 0) {
            b.min = double(a.minQ) / scale;
            b.max = double(a.maxQ) / scale;
            b.mean = double(a.sumQ) / double(a.count) / scale;
            b.count = a.count;
            b.gapBefore = gapBefore[size_t(i)] != 0;
        }
        r.buckets.append(b);
    }
    return r;
}

QList<ProcessFact> HistoryStore::processes(const QString& server, qint64 fromMs, qint64 toMs,
                                           QString* error)
{
    QList<ProcessFact> out;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    // A file written before owners were kept reads as if none were known.
    q.prepare(QStringLiteral("SELECT id, server, gpu_uuid, gpu_model, pid, start_ms, uid, user, "
                             "command, ghost, first_seen_ms, last_seen_ms, max_memory_mib, "
                             "mig_uuid, ") +
              historyschema::ownerColumnList(m_ownerColumns) +
              QStringLiteral(" FROM process WHERE (server = ? OR ? = '') AND last_seen_ms >= ? "
                             "AND first_seen_ms < ? ORDER BY first_seen_ms, id"));
    // A null QString binds as SQL NULL, which equals nothing: "all servers"
    // is asked with an empty one, null or not.
    const QString which = server.isNull() ? QStringLiteral("") : server;
    q.addBindValue(which);
    q.addBindValue(which);
    q.addBindValue(fromMs);
    q.addBindValue(toMs);
    if (!q.exec()) {
        if (error)
            *error = historyschema::describe(m_path, q.lastError(), false);
        return out;
    }
    while (q.next()) {
        ProcessFact f;
        f.id = q.value(0).toLongLong();
        f.server = q.value(1).toString();
        f.gpuUuid = q.value(2).toString();
        f.gpuModel = q.value(3).toString();
        f.pid = q.value(4).toLongLong();
        f.startTimeMs = q.value(5).toLongLong();
        if (!q.value(6).isNull())
            f.uid = uint(q.value(6).toLongLong());
        f.user = q.value(7).toString();
        f.command = q.value(8).toString();
        f.ghost = q.value(9).toInt() != 0;
        f.firstSeenMs = q.value(10).toLongLong();
        f.lastSeenMs = q.value(11).toLongLong();
        // NULL: the driver never reported its memory; it stays absent.
        if (!q.value(12).isNull())
            f.maxMemoryMiB = q.value(12).toDouble();
        f.migUuid = q.value(13).toString();
        historyschema::readOwnerColumns(q, 14, &f.owner, &f.workload);
        out.append(f);
    }
    return out;
}

QList<MigInstanceFact> HistoryStore::migInstances(const QString& server, qint64 fromMs, qint64 toMs,
                                                  QString* error)
{
    QList<MigInstanceFact> out;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT server, gpu_uuid, mig_uuid, profile, memory_total_mib, "
                             "first_seen_ms, last_seen_ms FROM mig_instance "
                             "WHERE (server = ? OR ? = '') AND last_seen_ms >= ? "
                             "AND first_seen_ms < ? ORDER BY server, gpu_uuid, mig_uuid"));
    const QString which = server.isNull() ? QStringLiteral("") : server;
    q.addBindValue(which);
    q.addBindValue(which);
    q.addBindValue(fromMs);
    q.addBindValue(toMs);
    if (!q.exec()) {
        if (error)
            *error = historyschema::describe(m_path, q.lastError(), false);
        return out;
    }
    while (q.next()) {
        MigInstanceFact m;
        m.server = q.value(0).toString();
        m.gpuUuid = q.value(1).toString();
        m.migUuid = q.value(2).toString();
        m.profile = q.value(3).toString();
        if (!q.value(4).isNull())
            m.memoryTotalMiB = q.value(4).toDouble();
        m.firstSeenMs = q.value(5).toLongLong();
        m.lastSeenMs = q.value(6).toLongLong();
        out.append(m);
    }
    return out;
}

QList<RawSample> HistoryStore::samples(const SeriesKey& key, qint64 fromMs, qint64 toMs,
                                       QString* error)
{
    QList<RawSample> out;
    if (toMs <= fromMs)
        return out;
    const std::optional<qint64> id = lookupSeriesId(key);
    if (!id)
        return out;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    // A chunk spans less than kMaxChunkSpanMs: the lower bound on start_ms
    // keeps the index scan to the range.
    q.prepare(QStringLiteral("SELECT start_ms, count, data, interval_ms FROM chunk "
                             "WHERE series = ? AND start_ms > ? AND start_ms < ? AND end_ms >= ? "
                             "ORDER BY start_ms"));
    q.addBindValue(*id);
    q.addBindValue(fromMs - kMaxChunkSpanMs);
    q.addBindValue(toMs);
    q.addBindValue(fromMs);
    if (!q.exec()) {
        if (error)
            *error = historyschema::describe(m_path, q.lastError(), false);
        return out;
    }
    const double scale = quantaPerUnit(key.metric);
    while (q.next()) {
        ChunkDecoder dec(q.value(2).toByteArray(), q.value(0).toLongLong(), q.value(1).toInt());
        const qint64 interval = q.value(3).isNull() || q.value(3).toLongLong() <= 0
                                    ? kDefaultSamplingIntervalMs
                                    : q.value(3).toLongLong();
        qint64 ms = 0;
        std::optional<qint64> v;
        while (dec.next(&ms, &v)) {
            if (ms >= toMs)
                break;
            if (ms < fromMs)
                continue;
            out.append(
                {ms, v ? std::optional<double>(double(*v) / scale) : std::nullopt, interval});
        }
        if (dec.corrupt())
            qCWarning(lcHistory) << "corrupt chunk in" << m_path << "series" << *id;
    }
    return out;
}

namespace {

// "(s.server IN (?, ?, …) OR ? = 0)" and its binds: the servers asked for,
// all when none.
QString serverFilter(const QStringList& servers)
{
    if (servers.isEmpty())
        return QStringLiteral("1");
    QString in = QStringLiteral("s.server IN (");
    for (qsizetype i = 0; i < servers.size(); ++i)
        in += i == 0 ? QStringLiteral("?") : QStringLiteral(", ?");
    return in + QLatin1Char(')');
}

} // namespace

QList<RawChunk> HistoryStore::rawChunks(const QStringList& servers, qint64 fromMs, qint64 toMs,
                                        qint64 decodedBeforeMs, QString* error)
{
    QList<RawChunk> out;
    if (toMs <= fromMs)
        return out;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    // chunk_end bounds the scan: a chunk that starts before toMs ends before
    // toMs + kMaxChunkSpanMs. CROSS JOIN keeps SQLite from walking every
    // series of the servers instead (a week has thousands of process series).
    q.prepare(QStringLiteral("SELECT s.server, s.target, s.metric, c.series, c.start_ms, "
                             "c.end_ms, c.count, c.data, c.interval_ms FROM chunk c "
                             "CROSS JOIN series s ON s.id = c.series WHERE c.end_ms >= ? "
                             "AND c.end_ms < ? AND c.start_ms < ? AND c.start_ms >= ? AND ") +
              serverFilter(servers) + QStringLiteral(" ORDER BY c.series, c.start_ms"));
    q.addBindValue(std::max(fromMs, decodedBeforeMs));
    q.addBindValue(toMs + kMaxChunkSpanMs);
    q.addBindValue(toMs);
    q.addBindValue(decodedBeforeMs);
    for (const QString& s : servers)
        q.addBindValue(s);
    if (!q.exec()) {
        if (error)
            *error = historyschema::describe(m_path, q.lastError(), false);
        return out;
    }
    while (q.next()) {
        RawChunk c;
        c.key = {q.value(0).toString(), q.value(1).toString(), MetricId(q.value(2).toInt())};
        c.seriesId = q.value(3).toLongLong();
        c.startMs = q.value(4).toLongLong();
        c.endMs = q.value(5).toLongLong();
        c.count = q.value(6).toInt();
        c.data = q.value(7).toByteArray();
        if (!q.value(8).isNull() && q.value(8).toLongLong() > 0)
            c.intervalMs = q.value(8).toLongLong();
        out.append(std::move(c));
    }
    return out;
}

std::optional<qint64> HistoryStore::nextChunkEndMs(const QStringList& servers, qint64 atMs,
                                                   QString* error)
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT c.end_ms FROM chunk c CROSS JOIN series s ON s.id = c.series "
                             "WHERE c.end_ms >= ? AND ") +
              serverFilter(servers) + QStringLiteral(" ORDER BY c.end_ms LIMIT 1"));
    q.addBindValue(atMs);
    for (const QString& s : servers)
        q.addBindValue(s);
    if (!q.exec()) {
        if (error)
            *error = historyschema::describe(m_path, q.lastError(), false);
        return std::nullopt;
    }
    if (!q.next())
        return std::nullopt;
    return q.value(0).toLongLong();
}

std::optional<qint64> HistoryStore::newestSampleMs(QString* error)
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT max(end_ms) FROM chunk"))) {
        if (error)
            *error = historyschema::describe(m_path, q.lastError(), false);
        return std::nullopt;
    }
    if (!q.next() || q.value(0).isNull())
        return std::nullopt;
    return q.value(0).toLongLong();
}

std::optional<qint64> HistoryStore::newestSampleMs(const QString& server, QString* error)
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT max(chunk.end_ms) FROM chunk JOIN series "
                             "ON series.id = chunk.series WHERE series.server = ?"));
    q.addBindValue(server);
    if (!q.exec()) {
        if (error)
            *error = historyschema::describe(m_path, q.lastError(), false);
        return std::nullopt;
    }
    if (!q.next() || q.value(0).isNull())
        return std::nullopt;
    return q.value(0).toLongLong();
}

QStringList HistoryStore::gpusOf(const QString& server, QString* error)
{
    QStringList out;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT target, min(id) AS first FROM series WHERE server = ? "
                             "AND target <> 'host' AND target NOT LIKE 'proc:%' "
                             "AND target NOT IN (SELECT mig_uuid FROM mig_instance "
                             "WHERE server = ?) GROUP BY target ORDER BY first"));
    q.addBindValue(server);
    q.addBindValue(server);
    if (!q.exec()) {
        if (error)
            *error = historyschema::describe(m_path, q.lastError(), false);
        return out;
    }
    while (q.next())
        out.append(q.value(0).toString());
    return out;
}

QHash<QString, QString> HistoryStore::gpuModels(const QString& server, QString* error)
{
    QHash<QString, QString> out;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT gpu_uuid, max(gpu_model) FROM process WHERE server = ? "
                             "AND gpu_model IS NOT NULL AND gpu_model <> '' GROUP BY gpu_uuid"));
    q.addBindValue(server);
    if (!q.exec()) {
        if (error)
            *error = historyschema::describe(m_path, q.lastError(), false);
        return out;
    }
    while (q.next())
        out.insert(q.value(0).toString(), q.value(1).toString());
    return out;
}

bool HistoryStore::hasSeries(const SeriesKey& key)
{
    return lookupSeriesId(key).has_value();
}

qint64 HistoryStore::seriesIntervalMs(qint64 seriesId)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT interval_ms FROM series WHERE id = ?"));
    q.addBindValue(seriesId);
    if (!q.exec() || !q.next() || q.value(0).isNull() || q.value(0).toLongLong() <= 0)
        return kDefaultSamplingIntervalMs;
    return q.value(0).toLongLong();
}

QList<SeriesKey> HistoryStore::seriesOf(const QString& server)
{
    QList<SeriesKey> out;
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT server, target, metric FROM series WHERE server = ? "
                             "ORDER BY target, metric"));
    q.addBindValue(server);
    if (!q.exec())
        return out;
    while (q.next())
        out.append({q.value(0).toString(), q.value(1).toString(), MetricId(q.value(2).toInt())});
    return out;
}

QStringList HistoryStore::servers()
{
    QStringList out;
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT DISTINCT server FROM series ORDER BY server")))
        return out;
    while (q.next())
        out.append(q.value(0).toString());
    return out;
}

} // namespace gw
