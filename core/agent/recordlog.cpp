#include "agent/recordlog.h"

#include "agent/journalwriter.h"

namespace gw {

RecordLog::RecordLog(Table table, bool keepJson)
    : m_table(table)
    , m_keepJson(keepJson)
{}

void RecordLog::clear()
{
    m_last = 0;
    m_loaded = false;
    m_pending.clear();
    m_json.clear();
}

QList<AgentJournal::Entry> RecordLog::load(AgentJournal& journal, QString* error)
{
    const QList<AgentJournal::Entry> rows = journal.readTokenRecords(m_table, error);
    clear();
    QByteArrayList json;
    for (const AgentJournal::Entry& r : rows)
        json << r.json;
    take(json);
    m_loaded = true;
    return rows;
}

QList<AgentJournal::Entry> RecordLog::load(QString* error, std::chrono::milliseconds patience)
{
    QList<AgentJournal::Entry> rows;
    if (m_journal && !m_journal->call([&](AgentJournal& j) { rows = load(j, error); }, patience) &&
        error && error->isEmpty())
        *error = QStringLiteral("the journal %1 did not answer within %2 s")
                     .arg(m_journal->path())
                     .arg(patience.count() / 1000);
    return rows;
}

void RecordLog::take(const QByteArrayList& records)
{
    m_last += quint64(records.size());
    if (m_keepJson)
        m_json += records;
}

bool RecordLog::append(const QByteArrayList& records, const Meta& meta, QString* error,
                       Refused refused)
{
    bool ok = true;
    if (m_journal && !m_loaded) {
        ok = false;
        if (error)
            *error = QStringLiteral("the records stored in the journal %1 are not read yet")
                         .arg(m_journal->path());
    } else if (m_journal) {
        QList<AgentJournal::Entry> rows = m_pending;
        quint64 sequence = m_last;
        for (const QByteArray& r : records)
            rows.append({++sequence, r});
        ok = false;
        const bool answered = m_journal->call(
            [&](AgentJournal& j) { ok = j.appendTokenRecords(m_table, rows, meta, error); });
        if (!answered && error && error->isEmpty())
            *error = QStringLiteral("the journal %1 is closed or does not answer")
                         .arg(m_journal->path());
        if (ok)
            m_pending.clear();
        else if (refused == Refused::Keep)
            m_pending = rows;
    }
    if (ok || refused == Refused::Keep)
        take(records);
    return ok;
}

QByteArrayList RecordLog::after(quint64 after, int limit, quint64* last) const
{
    QByteArrayList out;
    quint64 i = after;
    while (i < quint64(m_json.size()) && out.size() < limit)
        out << m_json[qsizetype(i++)];
    if (last)
        *last = i;
    return out;
}

} // namespace gw
