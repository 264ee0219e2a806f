#include "models/enforcementmodel.h"

#include "common/datetimetext.h"
#include "models/ledgermodel.h"
#include "models/roles.h"

#include <QDateTime>
#include <QLocale>

#include <cmath>

namespace gw {

namespace {

QString number(double v)
{
    return QLocale().toString(v, 'f', std::abs(v - std::round(v)) < 1e-9 ? 0 : 1);
}

// "−12.5": the minus sign people read, not a hyphen.
QString balanceText(double v)
{
    return LedgerModel::balanceText(v);
}

QString timeText(qint64 ms, qint64 nowMs)
{
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms);
    return t.date() == QDateTime::fromMSecsSinceEpoch(nowMs).date() ? clockText(t)
                                                                    : dateTimeText(t);
}

} // namespace

EnforcementModel::EnforcementModel(QObject* parent)
    : TableModel(ColumnCount, parent)
{}

void EnforcementModel::setState(const RemoteEnforcement& state)
{
    m_nowMs = state.nowMs;
    // Same ids in the same order: only the figures change.
    bool sameRows = state.candidates.size() == m_rows.size();
    for (qsizetype i = 0; sameRows && i < m_rows.size(); ++i)
        sameRows = m_rows[i].id == state.candidates[i].id;
    if (sameRows) {
        m_rows = state.candidates;
        if (!m_rows.isEmpty())
            Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    m_rows = state.candidates;
    endResetModel();
}

void EnforcementModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_nowMs = 0;
    endResetModel();
}

int EnforcementModel::rowOf(const QString& id) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].id == id)
            return int(i);
    return -1;
}

int EnforcementModel::rowTotal() const
{
    return int(m_rows.size());
}

QString EnforcementModel::stepText(const QString& step)
{
    if (step == QStringLiteral("notify"))
        return tr("notify");
    if (step == QStringLiteral("renice"))
        return tr("renice (nice 19)");
    if (step == QStringLiteral("terminate"))
        return tr("terminate (SIGTERM)");
    if (step == QStringLiteral("kill"))
        return tr("kill (SIGKILL)");
    if (step == QStringLiteral("decline"))
        return tr("declined");
    if (step == QStringLiteral("stop"))
        return tr("stop its container or job");
    return step;
}

QString EnforcementModel::doneText(const QList<RemoteStepDone>& done, qint64 nowMs)
{
    QStringList parts;
    for (const RemoteStepDone& s : done)
        parts << tr("%1 %2 at %3").arg(s.step, s.outcome, timeText(s.atMs, nowMs));
    return parts.isEmpty() ? tr("nothing yet") : parts.join(QStringLiteral(", "));
}

QVariant EnforcementModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RemoteCandidate& c = m_rows.at(index.row());
    if (role == IdRole)
        return c.id;
    if (role == PidRole)
        return c.pid;
    if (role == RawValueRole || role == SortRole) {
        switch (index.column()) {
        case User:
            return c.user;
        case Balance:
            return c.balance;
        case Process:
            return c.pid;
        case Gpu:
            return c.gpuIndex ? QVariant(*c.gpuIndex) : QVariant();
        case Memory:
            return c.memoryMiB ? QVariant(*c.memoryMiB) : QVariant();
        case Utilisation:
            return c.utilisation ? QVariant(*c.utilisation) : QVariant();
        case Why:
            return c.why;
        case Due:
            return c.dueMs ? QVariant(*c.dueMs) : QVariant();
        case Done:
            return qsizetype(c.done.size());
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole) {
        switch (index.column()) {
        case Balance:
        case Memory:
        case Utilisation:
            return int(Qt::AlignRight | Qt::AlignVCenter);
        default:
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        }
    }
    if (role == Qt::ToolTipRole && index.column() == Gpu && !c.gpuUuid.isEmpty())
        return c.gpuUuid;
    if (role == Qt::ToolTipRole && index.column() == Why)
        return c.why;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case User:
        return c.user;
    case Balance:
        return tr("%1 (floor %2)").arg(balanceText(c.balance), balanceText(c.floor));
    case Process:
        return tr("%1 %2").arg(c.pid).arg(c.command);
    case Gpu: {
        const QString gpu = c.gpuIndex ? tr("GPU %1").arg(*c.gpuIndex) : tr("GPU ?");
        return c.migProfile.isEmpty() ? gpu : tr("%1 MIG %2").arg(gpu, c.migProfile);
    }
    case Memory:
        return c.memoryMiB
                   ? tr("%1 MiB").arg(QLocale().toString(qint64(std::llround(*c.memoryMiB))))
                   : tr("not reported");
    case Utilisation:
        return c.utilisation ? tr("%1 %").arg(number(*c.utilisation)) : tr("not reported");
    case Why:
        return c.why;
    case Due:
        if (c.step.isEmpty())
            return tr("none (enforcement off)");
        if (c.awaitingConfirmation)
            return tr("%1, awaiting confirmation").arg(stepText(c.step));
        return c.dueMs ? tr("%1 at %2").arg(stepText(c.step), timeText(*c.dueMs, m_nowMs))
                       : stepText(c.step);
    case Done:
        return doneText(c.done, m_nowMs);
    default:
        return {};
    }
}

QString EnforcementModel::columnTitle(int section) const
{
    switch (section) {
    case User:
        return tr("User");
    case Balance:
        return tr("Balance");
    case Process:
        return tr("Process");
    case Gpu:
        return tr("GPU");
    case Memory:
        return tr("Memory");
    case Utilisation:
        return tr("Utilisation");
    case Why:
        return tr("Why");
    case Due:
        return tr("Step due");
    case Done:
        return tr("Steps done");
    default:
        return {};
    }
}

} // namespace gw
