#include "window/processpane.h"

#include "common/freshness.h"
#include "common/palette.h"
#include "models/processfilterproxy.h"
#include "models/processmodel.h"
#include "models/roles.h"
#include "models/servertreedelegate.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace gw {

ProcessPane::ProcessPane(QWidget* parent)
    : QWidget(parent)
    , m_model(new ProcessModel(this))
    , m_proxy(new ProcessFilterProxy(this))
    , m_filter(new QLineEdit)
    , m_stale(new QLabel)
    , m_table(new QTableView)
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(SortRole);

    m_filter->setPlaceholderText(
        tr("Filter: text, or user:, account:, namespace:, job: (e.g. account:vision)"));
    m_filter->setToolTip(tr("Words match any column; user:NAME (the owner or the host user), "
                            "account:NAME, namespace:NAME and job:ID match that field exactly."));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter processes"));
    m_table->setAccessibleName(tr("Processes"));
    m_table->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    connect(m_filter, &QLineEdit::textChanged, static_cast<ProcessFilterProxy*>(m_proxy),
            &ProcessFilterProxy::setFilterText);
    m_table->setModel(m_proxy);
    // Greys the rows of a stale server (StaleRole), as the tree does.
    m_table->setItemDelegate(new ServerTreeDelegate(m_table));
    m_stale->setWordWrap(true);
    m_stale->setForegroundRole(QPalette::PlaceholderText);
    m_stale->hide();
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(ProcessModel::MemoryColumn, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ProcessModel::CommandColumn,
                                                      QHeaderView::Stretch);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_stale);
    layout->addWidget(m_table);
}

void ProcessPane::setFreshness(const Freshness& f)
{
    const bool stale = f.hasReading && f.stale;
    m_model->setStale(stale);
    m_stale->setText(stale ? tr("%1: these processes may have ended since.").arg(staleText(f))
                           : QString());
    m_stale->setVisible(stale);
}

QString ProcessPane::staleLine() const
{
    return m_stale->isVisibleTo(this) ? m_stale->text() : QString();
}

void ProcessPane::setFilter(const QString& text)
{
    m_filter->setText(text);
}

} // namespace gw
