#include "window/fleetprocesspage.h"

#include "common/palette.h"
#include "engine/livestate.h"
#include "history/historyservice.h"
#include "history/historystore.h"
#include "model/units.h"
#include "models/processfilterproxy.h"
#include "models/roles.h"

#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <utility>

namespace gw {

namespace {
// The state column's mark, in the view's own palette.
class StateDotDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const QVariant state = index.data(RawValueRole);
        if (!state.isValid())
            return;
        // The table's mark (colour and shape), as the tree and the overview draw it.
        option->features |= QStyleOptionViewItem::HasDecoration;
        option->icon = stateIcon(DisplayState(state.toInt()), option->palette);
        const int size = option->fontMetrics.height();
        option->decorationSize = option->icon.actualSize(QSize(size, size));
    }
};

qint64 startOfTodayMs()
{
    return QDate::currentDate().startOfDay().toMSecsSinceEpoch();
}
} // namespace

FleetProcessPage::FleetProcessPage(LiveState* fleet, QWidget* parent)
    : QWidget(parent)
    , m_model(new FleetProcessModel(fleet, this))
    , m_proxy(new ProcessFilterProxy(this))
    , m_table(new QTableView)
    , m_totals(new QStandardItemModel(this))
    , m_totalsTable(new QTableView)
    , m_filter(new QLineEdit)
    , m_hoursNote(new QLabel)
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(SortRole);
    m_proxy->setDynamicSortFilter(true);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(FleetProcessModel::ServerColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // The command keeps a readable width of its own, not what the figures
    // leave of a small window (with 144 dpi fonts at 1024 px a stretched
    // command column was cut to "python tra…"); the table scrolls instead,
    // and the last column takes what a wide window has over.
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setItemDelegateForColumn(FleetProcessModel::StateColumn, new StateDotDelegate(this));
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->setAccessibleName(tr("Processes of all servers"));
    // Tab leaves the tables; the arrows move in them.
    m_table->setTabKeyNavigation(false);
    m_totalsTable->setTabKeyNavigation(false);
    m_table->setWordWrap(false);
    const QFontMetrics fm(font());
    m_table->setColumnWidth(FleetProcessModel::ServerColumn,
                            fm.horizontalAdvance(u"gpu-node-16-xx"_qs) + 16);
    m_table->setColumnWidth(FleetProcessModel::GpuColumn,
                            fm.horizontalAdvance(u"0 · 3g.40gb"_qs) + 16);
    m_table->setColumnWidth(FleetProcessModel::PidColumn, fm.horizontalAdvance(u"4194304"_qs) + 16);
    // An owner that is a container reads whole ("container:embed-svc").
    m_table->setColumnWidth(FleetProcessModel::OwnerColumn,
                            fm.horizontalAdvance(u"container:embed-svc"_qs) + 16);
    m_table->setColumnWidth(FleetProcessModel::AccountColumn,
                            fm.horizontalAdvance(u"inference"_qs) + 16);
    m_table->setColumnWidth(FleetProcessModel::WorkloadColumn,
                            fm.horizontalAdvance(u"container bob-notebook"_qs) + 16);
    m_table->setColumnWidth(FleetProcessModel::CommandColumn,
                            fm.horizontalAdvance(u"python train.py --epochs 90"_qs) + 16);
    m_table->setColumnWidth(FleetProcessModel::MemoryColumn,
                            fm.horizontalAdvance(u"80.0 GiB"_qs) + 16);
    m_table->setColumnWidth(FleetProcessModel::SmColumn, fm.horizontalAdvance(u"100 %"_qs) + 16);
    m_table->setColumnWidth(FleetProcessModel::StateColumn,
                            fm.horizontalAdvance(stateName(DisplayState::IdleHeld)) + fm.height() +
                                24);
    m_table->setColumnWidth(FleetProcessModel::IdleColumn,
                            fm.horizontalAdvance(u"idle for ≥ 23 h 59 min"_qs) + 16);

    m_totals->setHorizontalHeaderLabels({tr("Owner"), tr("GPUs held"), tr("Processes"),
                                         tr("Memory"), tr("GPU-hours"), tr("Energy")});
    m_totalsTable->setModel(m_totals);
    m_totalsTable->verticalHeader()->hide();
    m_totalsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_totalsTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_totalsTable->horizontalHeader()->setStretchLastSection(true);
    m_totalsTable->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_totalsTable->setAccessibleName(tr("Totals per owner"));

    m_filter->setPlaceholderText(tr("Filter: text, user:, account:, namespace:, job:"));
    m_filter->setToolTip(tr("Words match any column; user:NAME (the owner or the host user), "
                            "account:NAME, namespace:NAME and job:ID match that field exactly; "
                            "they combine (account:vision python)."));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter processes"));
    auto* exportButton = new QPushButton(tr("&Export…"));
    exportButton->setToolTip(tr("Save the rows shown as CSV or JSON"));
    connect(exportButton, &QPushButton::clicked, this, &FleetProcessPage::exportShown);

    auto* legend = new QLabel(
        tr("<b>idle, memory held</b>: the GPU is below 10 % busy while the process holds memory; "
           "<i>Idle for</i> is how long, per the live record (≥: idle at every reading this "
           "desktop has). Italic rows: processes this server's /proc does not show."));
    legend->setWordWrap(true);
    legend->setAccessibleName(tr("Legend"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(exportButton);

    auto* totalsBox = new QWidget;
    auto* totalsLayout = new QVBoxLayout(totalsBox);
    totalsLayout->setContentsMargins(0, 0, 0, 0);
    m_hoursNote->setWordWrap(true); // never what sets the window's width
    totalsLayout->addWidget(m_hoursNote);
    totalsLayout->addWidget(m_totalsTable, 1);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(totalsBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 2);
    layout->setSpacing(4);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    layout->addWidget(legend);

    connect(m_filter, &QLineEdit::textChanged, this, &FleetProcessPage::setFilter);
    connect(m_model, &FleetProcessModel::totalsChanged, this, &FleetProcessPage::updateTotals);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        const QModelIndex index = m_table->indexAt(pos);
        if (!index.isValid())
            return;
        QMenu* menu = contextMenuFor(index.row());
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_table->viewport()->mapToGlobal(pos));
    });
    auto* timer = new QTimer(this);
    timer->setInterval(60'000);
    connect(timer, &QTimer::timeout, this, &FleetProcessPage::refreshHistoryHours);
    timer->start();
    updateTotals();
}

FleetProcessPage::~FleetProcessPage() = default;

void FleetProcessPage::setFilter(const QString& text)
{
    if (m_filter->text() != text)
        m_filter->setText(text);
    static_cast<ProcessFilterProxy*>(m_proxy)->setFilterText(text);
}

QList<FleetProcessRow> FleetProcessPage::shownRows() const
{
    QList<FleetProcessRow> rows;
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        rows.append(m_model->rowAt(m_proxy->mapToSource(m_proxy->index(r, 0)).row()));
    return rows;
}

QMenu* FleetProcessPage::contextMenuFor(int row)
{
    auto* menu = new QMenu(this);
    const FleetProcessRow r = m_model->rowAt(m_proxy->mapToSource(m_proxy->index(row, 0)).row());
    menu->addAction(tr("&Copy"), this, [this, row] {
        QStringList cells;
        for (int c = 0; c < FleetProcessModel::ColumnCount; ++c)
            cells << m_proxy->index(row, c).data().toString();
        QApplication::clipboard()->setText(cells.join(u'\t'));
    });
    // Filter by what the row names: its owner, account, namespace, job.
    const auto filterBy = [this, menu](const QString& text, const QString& key,
                                       const QString& value) {
        if (value.isEmpty() || value.contains(u' '))
            return;
        menu->addAction(text, this,
                        [this, filter = QString(key + u':' + value)] { setFilter(filter); });
    };
    filterBy(tr("&Filter by %1").arg(r.owner.ownerRaw), QStringLiteral("user"), r.owner.ownerRaw);
    filterBy(tr("Filter by &account %1").arg(r.owner.account), QStringLiteral("account"),
             r.owner.account);
    filterBy(tr("Filter by &namespace %1").arg(r.owner.nameSpace), QStringLiteral("namespace"),
             r.owner.nameSpace);
    filterBy(tr("Filter by &job %1").arg(r.owner.job), QStringLiteral("job"), r.owner.job);
    menu->addAction(tr("Open in &history"), this,
                    [this, r] { Q_EMIT openHistoryRequested(r.server, r.gpuUuid); });
    return menu;
}

void FleetProcessPage::updateTotals()
{
    const QList<UserTotal> totals = m_model->userTotals();
    const bool fromHistory = m_model->gpuHoursFromHistory();
    m_totals->setRowCount(0);
    for (const UserTotal& t : totals) {
        QList<QStandardItem*> items;
        items << new QStandardItem(t.user);
        items << new QStandardItem(QString::number(t.units));
        items << new QStandardItem(QString::number(t.processes));
        items << new QStandardItem(formatMiB(t.memoryMiB));
        // A figure still being read says so: a zero would be a claim.
        items << new QStandardItem(m_hoursLoading ? tr("loading…") : localNumber(t.gpuHours, 2));
        // Energy: "—" where no GPU of theirs said any, never a zero.
        auto* energy = new QStandardItem(
            t.energyKWh ? tr("%1 kWh").arg(QLocale().toString(*t.energyKWh, 'f', 3))
                        : QStringLiteral("\u2014"));
        if (t.energyKWh && *t.energyKWh > 0) {
            const int estimated = qRound(t.energyEstimatedKWh / *t.energyKWh * 100);
            energy->setToolTip(
                estimated > 0
                    ? tr("%1 % estimated: power integrated over the readings, or split by "
                         "memory where the driver gives no SM share per process")
                          .arg(estimated)
                    : tr("Measured: the GPUs' energy counters, split by SM share"));
        }
        items << energy;
        for (int c = 1; c < items.size(); ++c)
            items[c]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_totals->appendRow(items);
    }
    const QString since =
        QDateTime::fromMSecsSinceEpoch(std::max(m_model->sessionStartMs(), startOfTodayMs()))
            .time()
            .toString(QStringLiteral("HH:mm"));
    const QString header = m_hoursLoading ? tr("GPU-hours today (loading…)")
                           : fromHistory  ? tr("GPU-hours today (history)")
                                          : tr("GPU-hours since %1 (this session)").arg(since);
    m_totals->setHeaderData(4, Qt::Horizontal, header);
    m_totals->setHeaderData(5, Qt::Horizontal, tr("Energy since %1 (this session)").arg(since));
    // Headers that say where a figure comes from are read whole.
    m_totalsTable->resizeColumnsToContents();
    m_hoursNote->setText(
        hoursNote() + u' ' +
        tr("Energy: what their GPUs drew since %1 as this desktop saw it, split by SM share "
           "(by memory where the driver gives none); hover a figure for how much is estimated.")
            .arg(since));
}

QString FleetProcessPage::hoursNote() const
{
    if (m_hoursLoading)
        return tr("Per owner: GPUs and MIG instances held now, their memory, and GPU-hours "
                  "today, being read from the recorded process history.");
    if (m_model->gpuHoursFromHistory())
        return tr("Per owner: GPUs and MIG instances held now, their memory, and GPU-hours "
                  "today from the recorded process history.");
    const QString since =
        QDateTime::fromMSecsSinceEpoch(std::max(m_model->sessionStartMs(), startOfTodayMs()))
            .time()
            .toString(QStringLiteral("HH:mm"));
    if (!m_hoursProblem.isEmpty())
        return tr("Per owner: GPUs and MIG instances held now, their memory, and GPU-hours "
                  "seen since %1 (the history could not be read: %2).")
            .arg(since, m_hoursProblem);
    if (!m_historyOff.isEmpty())
        return tr("Per owner: GPUs and MIG instances held now, their memory, and GPU-hours "
                  "seen since %1 (history is off: %2).")
            .arg(since, m_historyOff);
    return tr("Per owner: GPUs and MIG instances held now, their memory, and GPU-hours "
              "seen since %1 (history is off).")
        .arg(since);
}

void FleetProcessPage::setHistory(HistoryProvider* history)
{
    if (m_history)
        disconnect(m_history, nullptr, this, nullptr);
    m_history = history;
    m_hoursProblem.clear();
    m_historyOff.clear();
    auto* service = qobject_cast<HistoryService*>(history);
    // Kept: loading until its first answer. The file may not exist yet (a
    // first start): it is read once the writer has opened (made) it.
    m_hoursLoading = service && !service->path().isEmpty() &&
                     (service->isOpen() || service->lastError().isEmpty());
    if (service && !m_hoursLoading)
        m_historyOff = service->lastError();
    m_readAfterCommit = false;
    if (service) {
        connect(service, &HistoryService::opened, this, &FleetProcessPage::refreshHistoryHours);
        // Read again once the first readings are in the file (a demo's past,
        // written in one batch): else a fresh file's empty first answer
        // would stand for a minute.
        connect(service, &HistoryProvider::dataAppended, this, [this] {
            if (std::exchange(m_readAfterCommit, true))
                return;
            m_refreshPending = m_hoursJob.isRunning();
            refreshHistoryHours();
        });
        connect(service, &HistoryService::failed, this, [this, service](const QString& message) {
            if (service->isOpen() || !m_hoursLoading)
                return; // a write that failed: the facts written are still there
            m_hoursLoading = false;
            m_historyOff = message;
            updateTotals();
        });
    }
    refreshHistoryHours();
    updateTotals();
}

void FleetProcessPage::refreshHistoryHours()
{
    // Process facts are in the store; the provider's queries are for series,
    // so the facts are read through a read-only store of the same file on a
    // thread of our own.
    auto* service = qobject_cast<HistoryService*>(m_history.data());
    if (!service || service->path().isEmpty() || !service->isOpen() || m_hoursJob.isRunning())
        return;
    const QString path = service->path();
    const qint64 from = startOfTodayMs();
    const qint64 to = QDateTime::currentMSecsSinceEpoch();
    struct Hours
    {
        QHash<QString, double> hours;
        QString error;
    };
    // Facts name host users: a process still shown is charged to its owner.
    const QHash<QString, QString> owners = m_model->ownersOfRows();
    m_hoursJob.start(
        [path, from, to, owners](JobControl&) -> Hours {
            QString error;
            auto store = HistoryStore::open(path, HistoryStore::Mode::ReadOnly, &error);
            if (!store)
                return {{}, error};
            // "All servers" is an empty, not a null, string: a null one binds
            // as SQL NULL and matches nothing.
            const QList<ProcessFact> facts = store->processes(QString(), from, to, &error);
            if (!error.isEmpty())
                return {{}, error};
            return {gpuHoursFromFacts(facts, from, to, owners), {}};
        },
        [this, from](const Hours& result) {
            m_hoursLoading = false;
            if (std::exchange(m_refreshPending, false))
                QTimer::singleShot(0, this, &FleetProcessPage::refreshHistoryHours);
            if (result.error.isEmpty()) {
                m_hoursProblem.clear();
                m_model->setHistoryGpuHours(result.hours, from); // updates the totals
            } else if (!m_model->gpuHoursFromHistory()) {
                // Never read: the session's own count, and why.
                m_hoursProblem = result.error;
                updateTotals();
            }
        });
}

bool FleetProcessPage::exportTo(const QString& path, QString* error) const
{
    const QList<FleetProcessRow> rows = shownRows();
    const QByteArray data = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)
                                ? fleetProcessesJson(rows)
                                : fleetProcessesCsv(rows);
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

void FleetProcessPage::exportShown()
{
    QString filter;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export processes"),
                                                      QStringLiteral("gpu-processes.csv"),
                                                      tr("CSV (*.csv);;JSON (*.json)"), &filter);
    if (path.isEmpty())
        return;
    QString error;
    if (!exportTo(path, &error))
        QMessageBox::warning(this, tr("Export processes"), error);
}

} // namespace gw
