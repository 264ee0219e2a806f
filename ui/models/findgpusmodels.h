#pragma once

// The two tables of the "Find GPUs" dialog: the servers of the fleet as
// ranked for a request, and the units of one server (the qualified ones best
// first with their scores, then the refused ones with their reasons). Both
// take a FleetChoice (models/fleetchoice.h) as it is recomputed live; rows
// keep their identity across updates (the server's name, the unit), so a
// reading that changes figures only emits dataChanged for the rows that
// changed and a selection stays where it was.

#include "models/fleetchoice.h"
#include "models/tablemodel.h"

namespace gw {

class ServerChoiceModel final : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        ServerColumn,
        IdleColumn,      // "3 of 8 idle"; RawValueRole: the idle count
        QualifiedColumn, // units that qualify for the request; RawValueRole: the count
        NoteColumn,      // best, fits, not enough, stale — last reading …
        ColumnCount
    };

    explicit ServerChoiceModel(QObject* parent = nullptr);

    void setChoice(const FleetChoice& choice);
    const FleetChoice& choice() const { return m_choice; }
    // The row of `server`, -1 when it is not listed.
    int rowOf(const QString& server) const;

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;

private:
    int rowTotal() const final;
    QString columnTitle(int column) const final;
    QString note(int row) const;

    FleetChoice m_choice;
};

class UnitChoiceModel final : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        UnitColumn,  // "GPU 1", "GPU 1 MIG 2"; ToolTipRole: the CUDA_VISIBLE_DEVICES id
        ScoreColumn, // "0.930"; RawValueRole: the score (absent for a refused unit)
        FreeColumn,  // free memory; RawValueRole: MiB
        UtilColumn,  // utilisation; RawValueRole: percent (absent for a MIG instance)
        NoteColumn,  // "chosen", or why the unit is refused
        ColumnCount
    };
    // On every column of a refused row: SummaryRole holds the whole refusal
    // line ("GPU 3: 2,100 MiB free, needs 8,192"); a qualified row has none.

    explicit UnitChoiceModel(QObject* parent = nullptr);

    // The units of `server` in `choice` (none when it is not there).
    void setServer(const FleetChoice& choice, const QString& server);
    QString server() const { return m_server; }
    int qualifiedCount() const { return int(m_qualified.size()); }
    int refusedCount() const { return int(m_refused.size()); }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;

private:
    int rowTotal() const final;
    QString columnTitle(int column) const final;
    QVariant qualifiedData(int row, int column, int role) const;
    QVariant refusedData(int row, int column, int role) const;

    QString m_server;
    QList<Candidate> m_qualified;
    QStringList m_refused;
    int m_chosen = 0; // the first this many qualified units are the choice
    bool m_stale = false;
};

} // namespace gw
