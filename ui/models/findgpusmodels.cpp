#include "models/findgpusmodels.h"

#include "common/freshness.h"
#include "model/units.h"
#include "models/roles.h"

#include <QFont>

namespace gw {

ServerChoiceModel::ServerChoiceModel(QObject* parent)
    : TableModel(ColumnCount, parent)
{}

void ServerChoiceModel::setChoice(const FleetChoice& choice)
{
    bool sameRows = choice.servers.size() == m_choice.servers.size();
    for (qsizetype i = 0; sameRows && i < choice.servers.size(); ++i)
        sameRows = choice.servers.at(i).server == m_choice.servers.at(i).server;
    if (!sameRows) {
        beginResetModel();
        m_choice = choice;
        endResetModel();
        return;
    }
    // The same servers in the same order: only the rows whose text changed
    // (the best one's note moves with the choice).
    auto shown = [this](int r) {
        QStringList texts;
        for (int c = 0; c < ColumnCount; ++c)
            texts << data(index(r, c)).toString();
        return texts;
    };
    QList<QStringList> before;
    for (int r = 0; r < rowCount(); ++r)
        before << shown(r);
    const int oldBest = m_choice.best;
    m_choice = choice;
    for (int r = 0; r < rowCount(); ++r) {
        if (shown(r) != before.at(r) || (oldBest == r) != (m_choice.best == r))
            Q_EMIT dataChanged(index(r, 0), index(r, ColumnCount - 1));
    }
}

int ServerChoiceModel::rowOf(const QString& server) const
{
    for (int i = 0; i < m_choice.servers.size(); ++i)
        if (m_choice.servers.at(i).server == server)
            return i;
    return -1;
}

int ServerChoiceModel::rowTotal() const
{
    return int(m_choice.servers.size());
}

QString ServerChoiceModel::note(int row) const
{
    const FleetServerChoice& s = m_choice.servers.at(row);
    if (!s.freshness.hasReading)
        return tr("no reading yet");
    if (s.freshness.stale)
        return staleText(s.freshness);
    if (row == m_choice.best)
        return tr("best: CUDA_VISIBLE_DEVICES=%1").arg(m_choice.cudaVisibleDevices());
    if (s.fits)
        return tr("fits");
    return tr("not enough: %1 of %2 asked qualify")
        .arg(s.ranking.qualified.size())
        .arg(m_choice.request.gpus);
}

QVariant ServerChoiceModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const FleetServerChoice& s = m_choice.servers.at(index.row());
    const bool answered = s.freshness.hasReading;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ServerColumn:
            return s.server;
        case IdleColumn:
            return answered ? tr("%1 of %2 idle").arg(s.rank.idleGpus).arg(s.rank.totalGpus)
                            : QString();
        case QualifiedColumn:
            return answered ? QString::number(s.ranking.qualified.size()) : QString();
        case NoteColumn:
            return note(index.row());
        }
        return {};
    case RawValueRole:
        if (!answered)
            return {};
        if (index.column() == IdleColumn)
            return s.rank.idleGpus;
        if (index.column() == QualifiedColumn)
            return int(s.ranking.qualified.size());
        return {};
    case ServerRole:
        return s.server;
    case StaleRole:
        return !answered || s.freshness.stale;
    case Qt::FontRole:
        if (index.row() == m_choice.best) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == IdleColumn)
            return tr("Idle: under 30 % utilisation and under 50 % of memory used. A server "
                      "with enough idle GPUs ranks first, then by its idle count.");
        if (index.column() == QualifiedColumn)
            return tr("Units that meet the request (free memory, utilisation, MIG, not "
                      "reserved), scored as the agent scores them.");
        return note(index.row());
    case Qt::TextAlignmentRole:
        if (index.column() == IdleColumn || index.column() == QualifiedColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    return {};
}

QString ServerChoiceModel::columnTitle(int section) const
{
    switch (section) {
    case ServerColumn:
        return tr("Server");
    case IdleColumn:
        return tr("Idle GPUs");
    case QualifiedColumn:
        return tr("Qualify");
    case NoteColumn:
        return tr("Choice");
    }
    return {};
}

UnitChoiceModel::UnitChoiceModel(QObject* parent)
    : TableModel(ColumnCount, parent)
{}

void UnitChoiceModel::setServer(const FleetChoice& choice, const QString& server)
{
    QList<Candidate> qualified;
    QStringList refused;
    int chosen = 0;
    bool stale = false;
    for (const FleetServerChoice& s : choice.servers) {
        if (s.server != server)
            continue;
        qualified = s.ranking.qualified;
        refused = s.ranking.refused;
        chosen = s.fits ? choice.request.gpus : 0;
        stale = s.freshness.stale;
    }
    // The rows' identities: unit ids, then the refused units' labels.
    auto keys = [](const QList<Candidate>& q, const QStringList& r) {
        QStringList k;
        for (const Candidate& c : q)
            k << c.id;
        for (const QString& line : r)
            k << line.section(QStringLiteral(": "), 0, 0);
        return k;
    };
    if (server != m_server || keys(qualified, refused) != keys(m_qualified, m_refused)) {
        beginResetModel();
        m_server = server;
        m_qualified = qualified;
        m_refused = refused;
        m_chosen = chosen;
        m_stale = stale;
        endResetModel();
        return;
    }
    const QList<Candidate> oldQualified = m_qualified;
    const QStringList oldRefused = m_refused;
    const int oldChosen = m_chosen;
    const bool oldStale = m_stale;
    m_qualified = qualified;
    m_refused = refused;
    m_chosen = chosen;
    m_stale = stale;
    for (int r = 0; r < rowCount(); ++r) {
        const bool changed =
            r < m_qualified.size()
                ? m_qualified.at(r) != oldQualified.at(r) || (r < m_chosen) != (r < oldChosen) ||
                      m_stale != oldStale
                : m_refused.at(r - m_qualified.size()) != oldRefused.at(r - m_qualified.size());
        if (changed)
            Q_EMIT dataChanged(index(r, 0), index(r, ColumnCount - 1));
    }
}

int UnitChoiceModel::rowTotal() const
{
    return int(m_qualified.size() + m_refused.size());
}

QVariant UnitChoiceModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::TextAlignmentRole) {
        if (index.column() == ScoreColumn || index.column() == FreeColumn ||
            index.column() == UtilColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    if (index.row() < m_qualified.size())
        return qualifiedData(index.row(), index.column(), role);
    return refusedData(int(index.row() - m_qualified.size()), index.column(), role);
}

QVariant UnitChoiceModel::qualifiedData(int row, int column, int role) const
{
    const Candidate& c = m_qualified.at(row);
    const bool chosen = row < m_chosen;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case UnitColumn:
            return c.isMig() ? tr("GPU %1 MIG %2").arg(c.gpuIndex).arg(c.migIndex)
                             : tr("GPU %1").arg(c.gpuIndex);
        case ScoreColumn:
            return localNumber(c.score, 3);
        case FreeColumn:
            return formatMiB(c.freeMiB);
        case UtilColumn:
            return c.isMig() ? tr("n/a (MIG)") : formatPercent(c.utilisation);
        case NoteColumn:
            if (m_stale)
                return tr("stale figures");
            return chosen ? tr("chosen") : QString();
        }
        return {};
    case RawValueRole:
        switch (column) {
        case UnitColumn:
            return c.id;
        case ScoreColumn:
            return c.score;
        case FreeColumn:
            return c.freeMiB;
        case UtilColumn:
            return c.utilisation ? QVariant(*c.utilisation) : QVariant();
        }
        return {};
    case MigUuidRole:
        return c.migUuid;
    case StaleRole:
        return m_stale;
    case Qt::ToolTipRole:
        if (column == ScoreColumn)
            return c.isMig() ? tr("A MIG instance scores its free-memory fraction alone.")
                             : tr("Score = weight × free-memory fraction + weight × idle "
                                  "fraction; best first, ties by GPU index.");
        return tr("CUDA_VISIBLE_DEVICES=%1").arg(c.id);
    case Qt::FontRole:
        if (chosen && !m_stale) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    return {};
}

QVariant UnitChoiceModel::refusedData(int row, int column, int role) const
{
    const QString& line = m_refused.at(row);
    const QString label = line.section(QStringLiteral(": "), 0, 0);
    switch (role) {
    case Qt::DisplayRole:
        if (column == UnitColumn)
            return label;
        if (column == NoteColumn)
            return tr("refused: %1").arg(line.mid(label.size() + 2));
        return {};
    case SummaryRole:
    case Qt::ToolTipRole:
        return line;
    }
    return {};
}

QString UnitChoiceModel::columnTitle(int section) const
{
    switch (section) {
    case UnitColumn:
        return tr("Unit");
    case ScoreColumn:
        return tr("Score");
    case FreeColumn:
        return tr("Free");
    case UtilColumn:
        return tr("Utilisation");
    case NoteColumn:
        return tr("Note");
    }
    return {};
}

} // namespace gw
