#pragma once

// One numbered, append-only log of JSON records: 1, 2, … without holes,
// kept forever, in memory and, with a journal, in one of its tables
// (AgentJournal::TokenTable), each append in one synced transaction together
// with the meta values that move with it (a cursor, a boundary). The agent
// keeps four: the token books' usage facts and adjustments (TokenDesk), a
// keeper's copy of its peers' facts (tokendeskpeers.cpp) and the
// enforcement audit log (AuditLog). On the agent's thread; the journal is
// reached through its writer.

#include "journal/agentjournal.h"

#include <QByteArrayList>
#include <QList>
#include <QString>

#include <chrono>

#include <utility>

namespace gw {

class JournalWriter;

class RecordLog
{
public:
    using Table = AgentJournal::TokenTable;
    using Meta = QList<std::pair<QString, QString>>;

    // What an append the journal refuses does to the log.
    enum class Refused
    {
        Drop, // nothing is taken; the caller answers with the error
        Keep  // the records are numbered and held in memory all the same
    };

    // `keepJson`: hold the records' JSON for after() (else only their count).
    explicit RecordLog(Table table, bool keepJson = false);

    // Not owned; null: memory only. Loads nothing (see load()).
    // A journal attached is unread until load().
    void setJournal(JournalWriter* journal)
    {
        m_journal = journal;
        m_loaded = false;
    }
    // Empties the log (the records in the journal stay).
    void clear();
    // Replaces the log with the records stored in `journal`, oldest first,
    // and returns them; on the journal's thread (inside JournalWriter::call).
    QList<AgentJournal::Entry> load(AgentJournal& journal, QString* error);
    // The same through the writer, waiting for it up to `patience`; empty
    // without a journal. When the writer does not answer, `error` says so
    // and the log stays unloaded.
    QList<AgentJournal::Entry> load(QString* error,
                                    std::chrono::milliseconds patience = kLoadPatience);
    // Whether the records stored in the attached journal (if any) are the
    // log's: until then nothing is written, since new numbers would land on
    // stored ones.
    bool loaded() const { return m_loaded || !m_journal; }

    // Numbers `records` after the last one and stores them with `meta` in
    // one transaction. False, with `error`, when the journal refused, did
    // not answer or is closed, or the log is not loaded; then `refused`
    // says whether they are taken anyway. Taken records the journal refused
    // are stored with the next append that goes through, under the same
    // numbers (the journal keeps no holes). Without a journal they are taken
    // in memory.
    bool append(const QByteArrayList& records, const Meta& meta, QString* error,
                Refused refused = Refused::Drop);

    quint64 lastSequence() const { return m_last; }
    // Records taken but not yet stored.
    qsizetype unstored() const { return m_pending.size(); }
    // Records numbered after `after`, at most `limit` (with keepJson).
    QByteArrayList after(quint64 after, int limit, quint64* last) const;

private:
    void take(const QByteArrayList& records);

    Table m_table;
    bool m_keepJson;
    JournalWriter* m_journal = nullptr;
    static constexpr std::chrono::milliseconds kLoadPatience{30000};

    quint64 m_last = 0;
    bool m_loaded = false;
    QList<AgentJournal::Entry> m_pending; // taken, numbered, not yet stored
    QByteArrayList m_json;                // sequence = index + 1, with keepJson
};

} // namespace gw
