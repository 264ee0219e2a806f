// HistoryStore's upkeep: deleting what is past each level's retention in
// small steps, and the cap on the file's size.

#include "history/historyschema.h"
#include "history/historystore.h"

#include <QFileInfo>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

namespace gw {

namespace {

constexpr int kRetentionStep = 256; // rows deleted per statement

} // namespace

bool HistoryStore::deleteInSteps(QSqlQuery& q, const QList<QVariant>& binds, QString* error)
{
    // Each step commits by itself (autocommit), so the writer waits on the
    // file lock for one short statement at most.
    for (;;) {
        for (const QVariant& b : binds)
            q.addBindValue(b);
        if (!q.exec()) {
            if (error)
                *error = historyschema::describe(m_path, q.lastError(), true);
            return false;
        }
        if (q.numRowsAffected() < kRetentionStep)
            return true;
    }
}

bool HistoryStore::enforceRetention(qint64 nowMs, QString* error)
{
    if (m_mode == Mode::ReadOnly) {
        if (error)
            *error = QStringLiteral("cannot enforce history retention on ") + m_path +
                     QStringLiteral(": the store was opened read-only");
        return false;
    }
    const QString step = QString::number(kRetentionStep);
    QSqlQuery chunks(m_db);
    chunks.prepare(QStringLiteral("DELETE FROM chunk WHERE id IN (SELECT id FROM chunk "
                                  "WHERE end_ms < ? LIMIT ") +
                   step + QStringLiteral(")"));
    QSqlQuery rollups(m_db);
    rollups.prepare(QStringLiteral("DELETE FROM rollup WHERE (level, series, bucket_s) IN "
                                   "(SELECT level, series, bucket_s FROM rollup WHERE level = ? "
                                   "AND bucket_s < ? LIMIT ") +
                    step + QStringLiteral(")"));
    QSqlQuery minutes(m_db);
    minutes.prepare(QStringLiteral("DELETE FROM rollup_minutes WHERE (series, hour_s) IN "
                                   "(SELECT series, hour_s FROM rollup_minutes WHERE hour_s < ? "
                                   "LIMIT ") +
                    step + QStringLiteral(")"));
    QSqlQuery facts(m_db);
    facts.prepare(QStringLiteral("DELETE FROM process WHERE id IN (SELECT id FROM process "
                                 "WHERE last_seen_ms < ? LIMIT ") +
                  step + QStringLiteral(")"));
    // MIG instances like process facts: as long as the longest level.
    QSqlQuery migs(m_db);
    migs.prepare(QStringLiteral("DELETE FROM mig_instance WHERE id IN (SELECT id FROM "
                                "mig_instance WHERE last_seen_ms < ? LIMIT ") +
                 step + QStringLiteral(")"));
    // A roll-up goes when all of it is older than the retention.
    const qint64 minuteCut = (nowMs - m_retention.minuteMs) / 1000 - 60;
    const qint64 hourCut = (nowMs - m_retention.hourMs) / 1000 - 3600;
    const qint64 longest =
        nowMs - std::max({m_retention.rawMs, m_retention.minuteMs, m_retention.hourMs});
    return deleteInSteps(chunks, {nowMs - m_retention.rawMs}, error) &&
           // A packed hour goes when its last minute is past the retention.
           deleteInSteps(minutes, {minuteCut + 60 - 3600 + 1}, error) &&
           deleteInSteps(rollups, {2, hourCut + 1}, error) &&
           deleteInSteps(facts, {longest}, error) && deleteInSteps(migs, {longest}, error);
}

qint64 HistoryStore::fileSizeBytes() const
{
    return QFileInfo(m_path).size() + QFileInfo(m_path + QStringLiteral("-wal")).size();
}

bool HistoryStore::setMaxFileSizeBytes(qint64 bytes, QString* error)
{
    QSqlQuery q(m_db);
    qint64 pageSize = 4096;
    if (q.exec(QStringLiteral("PRAGMA page_size")) && q.next())
        pageSize = std::max<qint64>(512, q.value(0).toLongLong());
    // SQLite's default cap, about 4 billion pages, stands for "no cap".
    const qint64 pages = bytes > 0 ? std::max<qint64>(1, bytes / pageSize) : 4294967294LL;
    if (!q.exec(QStringLiteral("PRAGMA max_page_count = ") + QString::number(pages))) {
        if (error)
            *error = historyschema::describe(m_path, q.lastError(), true);
        return false;
    }
    return true;
}

} // namespace gw
