#include "window/overviewpage.h"

#include "common/legend.h"
#include "common/palette.h"
#include "engine/livestate.h"
#include "models/overviewmodel.h"
#include "window/overviewview.h"
#include "window/welcomepanel.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace gw {

OverviewPage::OverviewPage(LiveState* fleet, QWidget* parent)
    : QWidget(parent)
    , m_fleet(fleet)
    , m_model(new OverviewModel(fleet, this))
    , m_view(new OverviewView(m_model))
    , m_sort(new QComboBox)
    , m_state(new QComboBox)
    , m_filter(new QLineEdit)
    , m_count(new QLabel)
    , m_legend(new StateLegend)
    , m_notes(new QLabel)
    , m_welcome(new WelcomePanel)
    , m_tilesPart(new QWidget)
    , m_stack(new QStackedWidget)
{
    m_sort->addItem(tr("Server"), int(OverviewModel::SortKey::Server));
    m_sort->addItem(tr("Utilisation"), int(OverviewModel::SortKey::Utilisation));
    m_sort->addItem(tr("Memory"), int(OverviewModel::SortKey::Memory));
    m_sort->addItem(tr("Temperature"), int(OverviewModel::SortKey::Temperature));
    m_sort->setAccessibleName(tr("Sort GPUs by"));
    m_state->addItem(tr("All states"), -1);
    for (DisplayState s : legendStates()) {
        if (s != DisplayState::Connecting)
            m_state->addItem(stateIcon(s, palette()), stateName(s), int(s));
    }
    m_state->setAccessibleName(tr("Show GPUs in state"));
    m_filter->setPlaceholderText(tr("Filter by user, model or server"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter GPUs"));
    m_count->setMinimumWidth(m_count->fontMetrics().horizontalAdvance(
        tr("%1 of %2").arg(9999).arg(tr("%n GPUs", nullptr, 9999))));
    // The marks from the one table (common/palette.h), as the tree's legend
    // shows them; what else a tile shows in words after them.
    m_notes->setWordWrap(true);
    m_notes->setText(notesText());

    auto* sortLabel = new QLabel(tr("&Sort:"));
    sortLabel->setBuddy(m_sort);
    auto* stateLabel = new QLabel(tr("Sho&w:"));
    stateLabel->setBuddy(m_state);
    auto* bar = new QHBoxLayout;
    bar->addWidget(sortLabel);
    bar->addWidget(m_sort);
    bar->addSpacing(8);
    bar->addWidget(stateLabel);
    bar->addWidget(m_state);
    bar->addSpacing(8);
    bar->addWidget(m_filter, 1);
    bar->addSpacing(8);
    bar->addWidget(m_count);

    auto* layout = new QVBoxLayout(m_tilesPart);
    layout->setContentsMargins(6, 6, 6, 2);
    layout->setSpacing(4);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    layout->addWidget(m_notes);
    m_stack->addWidget(m_tilesPart);
    m_stack->addWidget(m_welcome);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_stack);

    connect(m_sort, &QComboBox::currentIndexChanged, this,
            [this] { m_model->setSortKey(OverviewModel::SortKey(m_sort->currentData().toInt())); });
    connect(m_state, &QComboBox::currentIndexChanged, this, [this] {
        const int v = m_state->currentData().toInt();
        m_model->setStateFilter(v < 0 ? std::nullopt : std::optional(DisplayState(v)));
    });
    connect(m_filter, &QLineEdit::textChanged, m_model, &OverviewModel::setTextFilter);
    connect(m_model, &OverviewModel::changed, this, &OverviewPage::updateCount);
    connect(m_view, &OverviewView::gpuActivated, this, &OverviewPage::gpuActivated);
    // No focus proxy: a proxy inside the page took the sort, state and
    // filter fields out of the Tab chain (tst_accessibility).
    updateCount();

    connect(fleet, &LiveState::serverAdded, this, &OverviewPage::updateWelcome);
    connect(fleet, &LiveState::serverUpdated, this, &OverviewPage::updateWelcome);
    connect(fleet, &LiveState::serverRemoved, this, &OverviewPage::updateWelcome);
    QTimer::singleShot(kFirstReadingGraceMs, this, [this] {
        m_graceOver = true;
        updateWelcome();
    });
    updateWelcome();
}

bool OverviewPage::nothingToWatch() const
{
    const QStringList servers = m_fleet->servers();
    if (servers.isEmpty())
        return m_graceOver;
    for (const QString& server : servers) {
        // A remote server shows as a tile however it is reached; a local
        // one that has not reported yet may still have GPUs.
        if (m_fleet->connection(server))
            return false;
        const Snapshot* latest = m_fleet->latest(server);
        if (!latest || !latest->gpus.isEmpty())
            return false;
    }
    return true;
}

bool OverviewPage::welcomeShown() const
{
    return m_stack->currentWidget() == m_welcome;
}

void OverviewPage::updateWelcome()
{
    const bool welcome = nothingToWatch();
    if (welcome == welcomeShown())
        return;
    const bool hadFocus = m_stack->currentWidget()->isAncestorOf(focusWidget());
    m_stack->setCurrentWidget(welcome ? m_welcome : m_tilesPart);
    if (hadFocus)
        (welcome ? static_cast<QWidget*>(m_welcome) : m_view)->setFocus();
}

QString OverviewPage::notesText()
{
    return tr("Greyed tiles: last figures of a stale server, with their age · "
              "bar: memory used (one part per MIG instance) · n/r: not reported");
}

void OverviewPage::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        for (int i = 0; i < m_state->count(); ++i) {
            if (const int v = m_state->itemData(i).toInt(); v >= 0)
                m_state->setItemIcon(i, stateIcon(DisplayState(v), palette()));
        }
    }
}

void OverviewPage::updateCount()
{
    const int shown = m_model->shownTileCount();
    const int all = m_model->totalGpuCount();
    m_count->setText(shown == all ? tr("%n GPUs", nullptr, all)
                                  : tr("%1 of %2").arg(shown).arg(tr("%n GPUs", nullptr, all)));
}

} // namespace gw
