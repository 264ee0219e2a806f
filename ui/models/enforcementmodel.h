#pragma once

// The enforcement candidates of one agent (GET /v1/enforcement) as a table:
// the user with balance and floor, the process (pid, command, GPU, memory,
// utilisation), why it is a candidate, the step due and the steps done.
// setState() keeps rows whose candidate id is still listed in place and
// emits dataChanged for them, so a selected row survives a poll.

#include "models/tablemodel.h"
#include "remote/enforcementclient.h"

namespace gw {

class EnforcementModel final : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        User,
        Balance,
        Process,
        Gpu,
        Memory,
        Utilisation,
        Why,
        Due,
        Done,
        ColumnCount
    };
    // Qt::UserRole on any column: the candidate's id.
    static constexpr int IdRole = Qt::UserRole;

    explicit EnforcementModel(QObject* parent = nullptr);

    void setState(const RemoteEnforcement& state);
    void clear();

    const RemoteCandidate& candidate(int row) const { return m_rows.at(row); }
    int rowOf(const QString& id) const;
    qint64 nowMs() const { return m_nowMs; }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    static QString stepText(const QString& step); // translated: "renice" → "renice (nice 19)"
    // Times with the date when it is not the day of `nowMs` (the agent's now).
    static QString doneText(const QList<RemoteStepDone>& done, qint64 nowMs);

private:
    int rowTotal() const final;
    QString columnTitle(int column) const final;
    QList<RemoteCandidate> m_rows;
    qint64 m_nowMs = 0;
};

} // namespace gw
