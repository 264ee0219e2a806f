#include "models/eventmodel.h"

#include "common/datetimetext.h"
#include "common/palette.h"
#include "models/eventbook.h"
#include "models/roles.h"

#include <QDateTime>
#include <QGuiApplication>
#include <QLocale>

#include <cmath>
#include <limits>

namespace gw {

namespace {

QString percent(double value)
{
    return EventModel::tr("%1 %").arg(qint64(std::llround(value)));
}

QString actionText(const PolicyAction& a)
{
    QString text = policyActionKindText(a.kind);
    if (!a.detail.isEmpty())
        text = EventModel::tr("%1: %2").arg(text, a.detail);
    if (a.simulated)
        text = EventModel::tr("%1 (not done)").arg(text);
    return text;
}

} // namespace

EventModel::EventModel(EventBook* book, QObject* parent)
    : TableModel(ColumnCount, parent)
    , m_book(book)
{
    connect(book, &EventBook::eventsAboutToBeAdded, this,
            [this](int first, int last) { beginInsertRows({}, first, last); });
    connect(book, &EventBook::eventsAdded, this, [this] { endInsertRows(); });
    connect(book, &EventBook::eventsAboutToBeRemoved, this,
            [this](int first, int last) { beginRemoveRows({}, first, last); });
    connect(book, &EventBook::eventsRemoved, this, [this] { endRemoveRows(); });
    connect(book, &EventBook::aboutToBeReset, this, [this] { beginResetModel(); });
    connect(book, &EventBook::reset, this, [this] { endResetModel(); });
    connect(book, &EventBook::eventChanged, this, &EventModel::onChanged);
}

int EventModel::rowTotal() const
{
    return m_book->count();
}

QString EventModel::durationText(qint64 ms)
{
    const qint64 s = std::max<qint64>(0, ms / 1000);
    if (s < 60)
        return tr("%1 s").arg(s);
    const qint64 m = s / 60;
    if (m < 60)
        return tr("%1 min").arg(m);
    const qint64 h = m / 60;
    if (h < 48)
        return m % 60 ? tr("%1 h %2 min").arg(h).arg(m % 60) : tr("%1 h").arg(h);
    return h % 24 ? tr("%1 d %2 h").arg(h / 24).arg(h % 24) : tr("%1 d").arg(h / 24);
}

QString EventModel::timeText(qint64 ms)
{
    return dateTimeText(QDateTime::fromMSecsSinceEpoch(ms));
}

QString EventModel::cellText(const PolicyEvent& e, int column)
{
    switch (column) {
    case KindColumn:
        return eventKindName(e.kind);
    case ServerColumn:
        return e.server;
    case GpuColumn:
        if (e.gpuIndex < 0)
            return e.gpuUuid.isEmpty() ? tr("all") : e.gpuUuid;
        return e.migUuid.isEmpty() ? tr("GPU %1").arg(e.gpuIndex)
                                   : tr("GPU %1 · MIG").arg(e.gpuIndex);
    case UserColumn:
        return e.user;
    case ProcessColumn:
        if (e.pid <= 0)
            return e.command.isEmpty() ? tr("—") : e.command;
        return tr("%1 (%2)").arg(e.command.isEmpty() ? tr("?") : e.command).arg(e.pid);
    case StartColumn:
        return timeText(e.startMs);
    case EndColumn:
        return e.endMs ? timeText(*e.endMs) : tr("ongoing");
    case DurationColumn:
        return durationText(qint64(e.durationMs));
    case FiguresColumn:
        if (policyEventKindInfo(e.kind).quota)
            return tr("%1 of quota %2").arg(percent(e.meanPercent), percent(e.quotaPercent));
        if (policyEventKindInfo(e.kind).cap)
            return tr("%n GPUs held · cap %1", nullptr, e.heldGpus).arg(e.capGpus);
        return tr("peak %1 · mean %2").arg(percent(e.peakPercent), percent(e.meanPercent));
    case ActionColumn:
        return e.actions.isEmpty() ? QString() : actionText(e.actions.constLast());
    case TextColumn:
        return policyEventText(e);
    default:
        return {};
    }
}

QVariant EventModel::rawValue(const PolicyEvent& e, int column)
{
    switch (column) {
    case KindColumn:
        return int(e.kind);
    case GpuColumn:
        return e.gpuIndex;
    case ProcessColumn:
        return e.pid;
    case StartColumn:
        return e.startMs;
    case EndColumn:
        return e.endMs ? QVariant(*e.endMs) : QVariant();
    case DurationColumn:
        return e.durationMs;
    case FiguresColumn:
        if (policyEventKindInfo(e.kind).cap)
            return double(e.heldGpus - e.capGpus); // how far past its cap
        return policyEventKindInfo(e.kind).figure == PolicyEventFigure::Mean ? e.meanPercent
                                                                             : e.peakPercent;
    case ActionColumn:
        return e.actions.isEmpty() ? QVariant() : QVariant(int(e.actions.constLast().kind));
    default:
        return cellText(e, column);
    }
}

QVariant EventModel::sortValue(const PolicyEvent& e, int column)
{
    switch (column) {
    case KindColumn:
    case ServerColumn:
    case UserColumn:
    case ActionColumn:
    case TextColumn:
        return cellText(e, column).toLower();
    case EndColumn:
        // Ongoing ones after every ended one.
        return e.endMs ? *e.endMs : std::numeric_limits<qint64>::max();
    case ProcessColumn:
        return QString(e.command.toLower() + QLatin1Char('\x1f') +
                       QStringLiteral("%1").arg(e.pid, 12, 10, QLatin1Char('0')));
    default:
        return rawValue(e, column);
    }
}

QVariant EventModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PolicyEvent& e = m_book->at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return cellText(e, column);
    case Qt::ToolTipRole: {
        QString tip = policyEventText(e);
        if (e.estimated)
            tip += QLatin1Char('\n') + tr("Per-process utilisation estimated from the GPU's.");
        if (!e.endReason.isEmpty())
            tip += QLatin1Char('\n') + tr("Ended: %1").arg(e.endReason);
        for (const PolicyAction& a : e.actions)
            tip += QLatin1Char('\n') + tr("%1 — %2").arg(timeText(a.atMs), actionText(a));
        return tip;
    }
    case Qt::DecorationRole:
        // The application's palette; EventsPage's delegate repaints it in
        // the view's own.
        if (column == KindColumn)
            return eventKindIcon(e.kind, QGuiApplication::palette());
        return {};
    case Qt::TextAlignmentRole:
        if (column == DurationColumn || column == GpuColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case RawValueRole:
        return rawValue(e, column);
    case SortRole:
        return sortValue(e, column);
    case ServerRole:
        return e.server;
    case GpuUuidRole:
        return e.gpuUuid;
    case PidRole:
        return e.pid;
    case EventIdRole:
        return e.id;
    case KindRole:
        return int(e.kind);
    case OpenRole:
        return e.isOpen();
    case StartMsRole:
        return e.startMs;
    case EndMsRole:
        return e.endMs ? QVariant(*e.endMs) : QVariant();
    default:
        return {};
    }
}

QString EventModel::columnTitle(int section) const
{
    switch (section) {
    case KindColumn:
        return tr("Kind");
    case ServerColumn:
        return tr("Server");
    case GpuColumn:
        return tr("GPU");
    case UserColumn:
        return tr("User");
    case ProcessColumn:
        return tr("Process");
    case StartColumn:
        return tr("Start");
    case EndColumn:
        return tr("End");
    case DurationColumn:
        return tr("Duration");
    case FiguresColumn:
        return tr("Peak / mean");
    case ActionColumn:
        return tr("Last action");
    case TextColumn:
        return tr("What happened");
    default:
        return {};
    }
}

void EventModel::onChanged(int row, const PolicyEvent& previous)
{
    const PolicyEvent& now = m_book->at(row);
    int first = -1;
    int last = -1;
    for (int c = 0; c < ColumnCount; ++c) {
        if (cellText(previous, c) != cellText(now, c) ||
            rawValue(previous, c) != rawValue(now, c)) {
            if (first < 0)
                first = c;
            last = c;
        }
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(row, first), index(row, last));
}

// ---------------------------------------------------------------------------

EventFilterProxy::EventFilterProxy(EventModel* model, QObject* parent)
    : QSortFilterProxyModel(parent)
    , m_model(model)
{
    setSourceModel(model);
    setSortRole(SortRole);
    // An open event's figures move every reading: rows follow their sort.
    setDynamicSortFilter(true);
}

void EventFilterProxy::setKindShown(PolicyEventKind kind, bool shown)
{
    if (kindShown(kind) == shown)
        return;
    if (shown)
        m_hiddenKinds.remove(int(kind));
    else
        m_hiddenKinds.insert(int(kind));
    refilter();
}

void EventFilterProxy::setServer(const QString& server)
{
    if (server == m_server)
        return;
    m_server = server;
    refilter();
}

void EventFilterProxy::setUser(const QString& user)
{
    if (user == m_user)
        return;
    m_user = user;
    refilter();
}

void EventFilterProxy::setText(const QString& text)
{
    const QString t = text.trimmed();
    if (t == m_text)
        return;
    m_text = t;
    refilter();
}

void EventFilterProxy::setOpenOnly(bool openOnly)
{
    if (openOnly == m_openOnly)
        return;
    m_openOnly = openOnly;
    refilter();
}

void EventFilterProxy::refilter()
{
    invalidateFilter();
    Q_EMIT filterChanged();
}

bool EventFilterProxy::acceptsEvent(const PolicyEvent& e) const
{
    if (m_hiddenKinds.contains(int(e.kind)))
        return false;
    if (m_openOnly && !e.isOpen())
        return false;
    if (!m_server.isEmpty() && e.server != m_server)
        return false;
    if (!m_user.isEmpty() && e.user != m_user)
        return false;
    if (!m_text.isEmpty()) {
        const auto has = [this](const QString& s) {
            return s.contains(m_text, Qt::CaseInsensitive);
        };
        if (!has(e.server) && !has(e.user) && !has(e.command) && !has(policyEventText(e)) &&
            !has(QString::number(e.pid)))
            return false;
    }
    return true;
}

QModelIndex EventFilterProxy::indexOfEvent(const QString& id, int column) const
{
    const int row = m_model->book()->rowOf(id);
    if (row < 0)
        return {};
    return mapFromSource(m_model->index(row, column));
}

bool EventFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceParent.isValid() || sourceRow >= m_model->book()->count())
        return false;
    return acceptsEvent(m_model->book()->at(sourceRow));
}

} // namespace gw
