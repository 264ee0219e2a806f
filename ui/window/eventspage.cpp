#include "window/eventspage.h"

#include "charts/eventtimeline.h"
#include "common/datetimetext.h"
#include "common/palette.h"
#include "models/eventbook.h"
#include "models/eventmodel.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace gw {

namespace {

// The kind's swatch in the view's own palette (a dark window's lighter set).
class KindDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const QVariant kind = index.data(EventModel::KindRole);
        if (kind.isValid())
            option->icon = eventKindIcon(PolicyEventKind(kind.toInt()), option->palette);
    }
};

// A budget's size in words: "16 MiB", "1.5 MiB", "20 KiB".
QString memoryText(qint64 bytes)
{
    constexpr double kMiB = 1024.0 * 1024.0;
    if (bytes >= qint64(kMiB)) {
        const double mib = double(bytes) / kMiB;
        return EventsPage::tr("%1 MiB").arg(QLocale().toString(mib, 'f', mib < 10 ? 1 : 0));
    }
    return EventsPage::tr("%1 KiB").arg(QLocale().toString(double(bytes) / 1024.0, 'f', 0));
}

} // namespace

EventsPage::EventsPage(EventBook* book, QWidget* parent)
    : QWidget(parent)
    , m_book(book)
    , m_model(new EventModel(book, this))
    , m_proxy(new EventFilterProxy(m_model, this))
    , m_timeline(new EventTimeline(book))
    , m_table(new QTableView)
    , m_splitter(new QSplitter(Qt::Vertical))
    , m_spans(new QButtonGroup(this))
    , m_lanes(new QComboBox)
    , m_server(new QComboBox)
    , m_user(new QComboBox)
    , m_filter(new QLineEdit)
    , m_openOnly(new QCheckBox(tr("&Open only")))
    , m_count(new QLabel)
    , m_droppedNotice(new QLabel)
{
    // Above the timeline: range and lanes, and the count.
    auto* top = new QHBoxLayout;
    top->setContentsMargins(6, 4, 6, 0);
    auto* rangeLabel = new QLabel(tr("Last:"));
    top->addWidget(rangeLabel);
    for (qint64 span : EventTimeline::spanChoices()) {
        auto* b = new QToolButton;
        b->setText(EventTimeline::spanText(span));
        b->setCheckable(true);
        b->setAutoRaise(true);
        b->setToolTip(tr("Show the events of the last %1").arg(EventTimeline::spanText(span)));
        m_spans->addButton(b);
        top->addWidget(b);
        connect(b, &QToolButton::clicked, this, [this, span] { setSpanMs(span); });
    }
    top->addSpacing(12);
    auto* lanesLabel = new QLabel(tr("&Lanes:"));
    lanesLabel->setBuddy(m_lanes);
    m_lanes->addItem(tr("one per GPU"), int(EventTimeline::LaneMode::Gpu));
    m_lanes->addItem(tr("one per user"), int(EventTimeline::LaneMode::User));
    connect(m_lanes, &QComboBox::currentIndexChanged, this, [this](int) {
        m_timeline->setLaneMode(EventTimeline::LaneMode(m_lanes->currentData().toInt()));
    });
    top->addWidget(lanesLabel);
    top->addWidget(m_lanes);
    top->addStretch(1);
    m_count->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_count);

    auto* upper = new QWidget;
    auto* upperLayout = new QVBoxLayout(upper);
    upperLayout->setContentsMargins(0, 0, 0, 0);
    upperLayout->setSpacing(2);
    upperLayout->addLayout(top);
    upperLayout->addWidget(m_timeline, 1);

    // Above the table: the filter, for both views.
    auto* filters = new QHBoxLayout;
    filters->setContentsMargins(6, 4, 6, 0);
    for (const PolicyEventKindInfo& info : policyEventKinds()) {
        const PolicyEventKind kind = info.kind;
        auto* c = new QCheckBox(policyEventKindText(info.filter));
        c->setChecked(true);
        c->setToolTip(tr("Show %1 events").arg(eventKindName(kind)));
        connect(c, &QCheckBox::toggled, this,
                [this, kind](bool on) { m_proxy->setKindShown(kind, on); });
        m_kinds << c;
        filters->addWidget(c);
    }
    filters->addSpacing(8);
    m_server->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_server->setMinimumContentsLength(10);
    m_server->setToolTip(tr("Events of one server"));
    m_user->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_user->setMinimumContentsLength(8);
    m_user->setToolTip(tr("Events of one user"));
    filters->addWidget(m_server);
    filters->addWidget(m_user);
    m_filter->setPlaceholderText(tr("Filter: command, user, PID…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter events"));
    m_table->setAccessibleName(tr("Policy events"));
    m_table->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    filters->addWidget(m_filter, 1);
    filters->addWidget(m_openOnly);
    connect(m_server, &QComboBox::currentIndexChanged, this,
            [this](int) { m_proxy->setServer(m_server->currentData().toString()); });
    connect(m_user, &QComboBox::currentIndexChanged, this,
            [this](int) { m_proxy->setUser(m_user->currentData().toString()); });
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &EventFilterProxy::setText);
    connect(m_openOnly, &QCheckBox::toggled, m_proxy, &EventFilterProxy::setOpenOnly);

    m_table->setModel(m_proxy);
    m_table->setItemDelegateForColumn(EventModel::KindColumn, new KindDelegate(m_table));
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(EventModel::StartColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionsMovable(true);
    const QFontMetrics fm = fontMetrics();
    const auto width = [&](int column, const QString& sample) {
        m_table->setColumnWidth(column, fm.horizontalAdvance(sample) + 24);
    };
    width(EventModel::KindColumn, QStringLiteral("MM fair share"));
    width(EventModel::ServerColumn, QStringLiteral("gpu-node-00"));
    width(EventModel::GpuColumn, QStringLiteral("GPU 00"));
    width(EventModel::UserColumn, QStringLiteral("username"));
    width(EventModel::ProcessColumn, QStringLiteral("jupyter-kernel (123456)"));
    width(EventModel::StartColumn, QStringLiteral("2026-00-00 00:00"));
    width(EventModel::EndColumn, QStringLiteral("2026-00-00 00:00"));
    width(EventModel::DurationColumn, QStringLiteral("00 h 00 min"));
    width(EventModel::FiguresColumn, QStringLiteral("peak 100 % · mean 100 %"));
    width(EventModel::ActionColumn, QStringLiteral("warning: terminate in 30m"));

    auto* lower = new QWidget;
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->setSpacing(2);
    lowerLayout->addLayout(filters);
    lowerLayout->addWidget(m_table, 1);

    m_splitter->addWidget(upper);
    m_splitter->addWidget(lower);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    // The dropped events' notice: above both views, in the tooltip's
    // colours (light and dark), hidden until something was dropped.
    m_droppedNotice->setWordWrap(true);
    m_droppedNotice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_droppedNotice->setAutoFillBackground(true);
    m_droppedNotice->setBackgroundRole(QPalette::ToolTipBase);
    m_droppedNotice->setForegroundRole(QPalette::ToolTipText);
    m_droppedNotice->setFrameShape(QFrame::StyledPanel);
    m_droppedNotice->setMargin(4);
    m_droppedNotice->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_droppedNotice);
    layout->addWidget(m_splitter);

    // Both views filter alike; the selection is one.
    m_timeline->setFilter([this](const PolicyEvent& e) { return m_proxy->acceptsEvent(e); });
    connect(m_proxy, &EventFilterProxy::filterChanged, m_timeline, &EventTimeline::refilter);
    connect(m_proxy, &EventFilterProxy::filterChanged, this, &EventsPage::updateCount);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid())
                    selectEvent(current.data(EventModel::EventIdRole).toString());
            });
    connect(m_timeline, &EventTimeline::eventSelected, this, &EventsPage::selectEvent);
    connect(m_timeline, &EventTimeline::eventActivated, this, &EventsPage::activate);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex& index) {
        activate(index.data(EventModel::EventIdRole).toString());
    });
    connect(book, &EventBook::eventsAdded, this, &EventsPage::refreshChoices);
    connect(book, &EventBook::eventsRemoved, this, &EventsPage::refreshChoices);
    connect(book, &EventBook::reset, this, &EventsPage::refreshChoices);
    // An open event changes every reading: the count follows once per batch.
    connect(book, &EventBook::eventChanged, this, [this] {
        if (m_countPending)
            return;
        m_countPending = true;
        QMetaObject::invokeMethod(this, &EventsPage::updateCount, Qt::QueuedConnection);
    });

    connect(book, &EventBook::droppedChanged, this, &EventsPage::updateDroppedNotice);

    refreshChoices();
    updateDroppedNotice();
    setSpanMs(6LL * 3600 * 1000);
}

QAbstractButton* EventsPage::spanButton(qint64 spanMs) const
{
    const int i = int(EventTimeline::spanChoices().indexOf(spanMs));
    return i < 0 ? nullptr : m_spans->buttons().value(i);
}

QCheckBox* EventsPage::kindCheck(PolicyEventKind kind) const
{
    return m_kinds.value(int(kind));
}

void EventsPage::setSpanMs(qint64 spanMs)
{
    m_timeline->setSpanMs(spanMs);
    if (QAbstractButton* b = spanButton(spanMs))
        b->setChecked(true);
}

void EventsPage::selectEvent(const QString& id)
{
    if (id == m_selected)
        return;
    m_selected = id;
    m_timeline->setSelectedEvent(id);
    m_timeline->ensureEventVisible(id);
    const QModelIndex index = m_proxy->indexOfEvent(id);
    if (index.isValid() && m_table->currentIndex().row() != index.row()) {
        m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                              QItemSelectionModel::Rows);
        m_table->scrollTo(index);
    } else if (!index.isValid()) {
        m_table->clearSelection();
    }
}

void EventsPage::activate(const QString& id)
{
    if (const PolicyEvent* e = m_book->find(id)) {
        selectEvent(id);
        Q_EMIT eventActivated(*e);
    }
}

std::pair<qint64, qint64> EventsPage::historyRange(const PolicyEvent& e, qint64 nowMs)
{
    const qint64 end = std::max(e.endMs.value_or(nowMs), e.startMs);
    const qint64 margin = std::max<qint64>((end - e.startMs) / 5, 5 * 60'000);
    return {e.startMs - margin, e.endMs ? end + margin : std::max(end, nowMs)};
}

void EventsPage::refreshChoices()
{
    const auto fill = [](QComboBox* box, const QString& all, const QStringList& items) {
        const QString current = box->currentData().toString();
        QStringList had;
        for (int i = 1; i < box->count(); ++i)
            had.append(box->itemData(i).toString());
        if (box->count() > 0 && had == items)
            return;
        const QSignalBlocker block(box);
        box->clear();
        box->addItem(all, QString());
        for (const QString& s : items)
            box->addItem(s, s);
        box->setCurrentIndex(std::max(0, box->findData(current)));
    };
    fill(m_server, tr("All servers"), m_book->servers());
    fill(m_user, tr("All users"), m_book->users());
    // A server or user that is gone from the book: show all again.
    m_proxy->setServer(m_server->currentData().toString());
    m_proxy->setUser(m_user->currentData().toString());
    updateCount();
}

QString EventsPage::countText() const
{
    return m_count->text();
}

void EventsPage::updateCount()
{
    m_countPending = false;
    int open = 0;
    for (const PolicyEvent& e : m_book->events())
        open += e.isOpen() ? 1 : 0;
    const int shown = m_proxy->rowCount();
    QString text = tr("%Ln events, %L1 open", nullptr, m_book->count()).arg(open);
    if (shown != m_book->count())
        text = tr("%1 shown of %2").arg(shown).arg(text);
    m_count->setText(text);
}

void EventsPage::setLocalSource(LocalSource source)
{
    m_localSource = source;
    updateDroppedNotice();
}

QString EventsPage::droppedText() const
{
    const EventBook::Dropped& d = m_book->dropped();
    if (d.total() == 0)
        return {};
    const EventBook::Limits limits = m_book->limits();
    QStringList parts;
    // From when the view is whole: every event that started then or later.
    const QString from = dateTimeText(QDateTime::fromMSecsSinceEpoch(m_book->completeFromMs()));
    if (d.closed > 0)
        parts << tr("%Ln older closed events are no longer shown: this view keeps up to %L1 "
                    "(about %2 of memory), open events first; it is complete from %3.",
                    nullptr, d.closed)
                     .arg(limits.maxEvents())
                     .arg(memoryText(limits.budgetBytes), from);
    if (d.open > 0)
        parts << tr("%Ln open events went too: more are open than the view keeps.", nullptr,
                    d.open);
    if (d.aged > 0) {
        const int days = int(std::max<qint64>(1, limits.keepClosedMs / (24 * 3600 * 1000)));
        parts << (d.closed > 0 ? tr("%Ln closed events that ended more than %1 before the "
                                    "newest are no longer shown.",
                                    nullptr, d.aged)
                                     .arg(tr("%n days", nullptr, days))
                               : tr("%Ln closed events that ended more than %1 before the "
                                    "newest are no longer shown; the view is complete from %2.",
                                    nullptr, d.aged)
                                     .arg(tr("%n days", nullptr, days), from));
    }
    if (d.fromAgents > 0)
        parts << tr("The agents still serve theirs by cursor (GET /v1/events?after=SEQ; with a "
                    "journal, for at least 7 days).");
    if (d.total() > d.fromAgents) {
        if (m_localSource.demo)
            parts << (m_localSource.history
                          ? tr("The demo's events are made here from its readings and kept "
                               "nowhere else; its readings are in this run's history file (the "
                               "History tab).")
                          : tr("The demo's events are made here from its readings and kept "
                               "nowhere else."));
        else
            parts << (m_localSource.history
                          ? tr("This computer's events are kept only here; its readings stay in "
                               "the history file (the History tab), and Tools → Policy… replays "
                               "the last 24 h.")
                          : tr("This computer's events are kept only here; Tools → Policy… "
                               "replays the last 24 h of its readings."));
    }
    return parts.join(QLatin1Char(' '));
}

void EventsPage::updateDroppedNotice()
{
    const QString text = droppedText();
    m_droppedNotice->setText(text);
    m_droppedNotice->setVisible(!text.isEmpty());
}

} // namespace gw
