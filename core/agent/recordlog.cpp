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
    return rows;
}

QList<AgentJournal::Entry> RecordLog::load(QString* error)
{
    QList<AgentJournal::Entry> rows;
    if (m_journal)
        m_journal->call([&](AgentJournal& j) { rows = load(j, error); });
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
    if (m_journal) {
        QList<AgentJournal::Entry> rows;
        quint64 sequence = m_last;
        for (const QByteArray& r : records)
            rows.append({++sequence, r});
        ok = false;
        const bool open = m_journal->call(
            [&](AgentJournal& j) { ok = j.appendTokenRecords(m_table, rows, meta, error); });
        if (!open && error && error->isEmpty())
            *error = QStringLiteral("the journal is closed");
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
