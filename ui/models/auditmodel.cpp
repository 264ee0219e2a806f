#include "models/auditmodel.h"

#include "models/enforcementmodel.h"
#include "models/roles.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>

namespace gw {

AuditModel::AuditModel(QObject* parent)
    : TableModel(ColumnCount, parent)
{}

void AuditModel::append(const QString& stream, const QList<RemoteAuditEntry>& entries)
{
    if (stream != m_stream && !m_stream.isEmpty())
        clear();
    m_stream = stream;
    QList<RemoteAuditEntry> fresh;
    for (const RemoteAuditEntry& e : entries)
        if (rowOfSequence(e.sequence) < 0 &&
            std::none_of(fresh.cbegin(), fresh.cend(),
                         [&](const RemoteAuditEntry& f) { return f.sequence == e.sequence; }))
            fresh << e;
    if (fresh.isEmpty())
        return;
    // The log is append-only: new entries normally all come after the
    // newest held, so they go in at the top as one insertion.
    const qint64 newest = lastSequence();
    const bool allNewer = std::all_of(fresh.cbegin(), fresh.cend(), [&](const RemoteAuditEntry& e) {
        return e.sequence > newest;
    });
    std::sort(fresh.begin(), fresh.end(), [](const RemoteAuditEntry& a, const RemoteAuditEntry& b) {
        return a.sequence > b.sequence;
    });
    if (allNewer) {
        beginInsertRows({}, 0, int(fresh.size()) - 1);
        m_rows = fresh + m_rows;
        endInsertRows();
        return;
    }
    beginResetModel();
    m_rows += fresh;
    std::sort(m_rows.begin(), m_rows.end(),
              [](const RemoteAuditEntry& a, const RemoteAuditEntry& b) {
                  return a.sequence > b.sequence;
              });
    endResetModel();
}

void AuditModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_stream.clear();
    endResetModel();
}

int AuditModel::rowOfSequence(qint64 sequence) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].sequence == sequence)
            return int(i);
    return -1;
}

int AuditModel::rowTotal() const
{
    return int(m_rows.size());
}

QString AuditModel::entryText(const RemoteAuditEntry& e)
{
    const QString when =
        QLocale().toString(QDateTime::fromMSecsSinceEpoch(e.atMs), QLocale::ShortFormat);
    return tr("%1: %2 of %3's process %4 (%5) by %6, %7: %8%9")
        .arg(when, EnforcementModel::stepText(e.action), e.user)
        .arg(e.pid)
        .arg(e.workload.isEmpty() ? e.command : e.command + QStringLiteral(", ") + e.workload, e.by,
             e.outcome, e.why,
             e.detail.isEmpty() ? QString() : QStringLiteral(" (") + e.detail + u')');
}

QVariant AuditModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RemoteAuditEntry& e = m_rows.at(index.row());
    if (role == SequenceRole)
        return e.sequence;
    if (role == PidRole)
        return e.pid;
    if (role == RawValueRole || role == SortRole) {
        switch (index.column()) {
        case Time:
            return e.atMs;
        case Process:
            return e.pid;
        case Gpu:
            return e.gpuIndex ? QVariant(*e.gpuIndex) : QVariant();
        default:
            return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::ToolTipRole)
        return entryText(e);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Time:
        return QLocale().toString(QDateTime::fromMSecsSinceEpoch(e.atMs), QLocale::ShortFormat);
    case By:
        return e.by;
    case Mode:
        return e.mode;
    case Action:
        return EnforcementModel::stepText(e.action);
    case User:
        return e.user;
    case Process:
        return tr("%1 %2").arg(e.pid).arg(e.command);
    case Gpu:
        return e.gpuIndex ? tr("GPU %1").arg(*e.gpuIndex) : QString();
    case Outcome:
        return e.outcome;
    case Why:
        return e.why;
    case Detail:
        return e.detail;
    default:
        return {};
    }
}

QString AuditModel::columnTitle(int section) const
{
    switch (section) {
    case Time:
        return tr("Time");
    case By:
        return tr("By");
    case Mode:
        return tr("Mode");
    case Action:
        return tr("Action");
    case User:
        return tr("User");
    case Process:
        return tr("Process");
    case Gpu:
        return tr("GPU");
    case Outcome:
        return tr("Outcome");
    case Why:
        return tr("Why");
    case Detail:
        return tr("Detail");
    default:
        return {};
    }
}

} // namespace gw
