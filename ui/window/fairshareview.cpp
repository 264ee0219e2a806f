#include "window/fairshareview.h"

#include "models/fairsharemodel.h"
#include "models/roles.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace gw {

FairShareView::FairShareView(FairShareModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_sorted(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
    , m_state(new QLabel(this))
{
    auto* about = new QLabel(
        tr("Who waits first for a freed GPU: the fair-share factor 2^(−U/S), U each one's part "
           "of all the decayed usage on the server (each hour weighs half after the [quota] "
           "half-life), S their part of all the shares. 1: used nothing lately; 0.5: used "
           "exactly their share; lower: used more."),
        this);
    about->setWordWrap(true);
    m_sorted->setSourceModel(model);
    m_sorted->setSortRole(SortRole);
    m_table->setModel(m_sorted);
    m_table->setAccessibleName(tr("Fair share per user and account"));
    m_table->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(FairShareModel::FactorColumn, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The names take what is left; the figures stay beside them.
    m_table->horizontalHeader()->setSectionResizeMode(FairShareModel::WhoColumn,
                                                      QHeaderView::Stretch);
    m_table->setWordWrap(false);
    m_state->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(about);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_state);
    connect(model, &QAbstractItemModel::modelReset, this, &FairShareView::update);
    update();
}

QString FairShareView::stateText() const
{
    return m_state->text();
}

void FairShareView::update()
{
    const int rows = m_model->rowCount();
    m_state->setText(rows == 0 ? tr("No fair share yet: it is told by this desktop's policy once "
                                    "readings come, and by each agent's /v1/info once it has "
                                    "judged a reading.")
                               : tr("Every server's users and accounts, lowest factor first "
                                    "(a column's title sorts by it)."));
}

} // namespace gw
