#pragma once

// The agent's enforcement audit log (GET /v1/audit) as a table, newest
// first: time, by whom (a token's name or the agent), mode, action, user,
// process, GPU, outcome, why and the detail. Entries are appended by
// sequence; an entry already held (same sequence) is not added twice.

#include "models/tablemodel.h"
#include "remote/enforcementclient.h"

namespace gw {

class AuditModel final : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Time,
        By,
        Mode,
        Action,
        User,
        Process,
        Gpu,
        Outcome,
        Why,
        Detail,
        ColumnCount
    };
    // Qt::UserRole on any column: the entry's sequence.
    static constexpr int SequenceRole = Qt::UserRole;

    explicit AuditModel(QObject* parent = nullptr);

    // Entries of the stream `stream`; a new stream (the agent's journal
    // lost) starts the log over.
    void append(const QString& stream, const QList<RemoteAuditEntry>& entries);
    void clear();

    const RemoteAuditEntry& entry(int row) const { return m_rows.at(row); }
    int rowOfSequence(qint64 sequence) const;
    qint64 lastSequence() const { return m_rows.isEmpty() ? 0 : m_rows.first().sequence; }
    QString stream() const { return m_stream; }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    static QString entryText(const RemoteAuditEntry& e); // one line for people

private:
    int rowTotal() const final;
    QString columnTitle(int column) const final;
    QList<RemoteAuditEntry> m_rows; // newest (highest sequence) first
    QString m_stream;
};

} // namespace gw
