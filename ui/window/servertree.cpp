#include "window/servertree.h"

#include "models/roles.h"
#include "models/servertreedelegate.h"
#include "models/servertreemodel.h"
#include "models/verdictbook.h"

#include <QAction>
#include <QActionGroup>
#include <QEvent>
#include <QHeaderView>
#include <QMenu>
#include <QScrollBar>

#include <functional>

namespace gw {

namespace {
// A header whose sections leave room for the sort arrow only where it is
// drawn (the sorted column), not on every figure column: at 16 pt that is
// some 120 px a 1,024 px window does not have.
class TreeHeader final : public QHeaderView
{
public:
    using QHeaderView::QHeaderView;

protected:
    QSize sectionSizeFromContents(int logicalIndex) const final
    {
        QSize size = QHeaderView::sectionSizeFromContents(logicalIndex);
        if (isSortIndicatorShown() && logicalIndex != sortIndicatorSection())
            size.rwidth() -= size.height() + style()->pixelMetric(QStyle::PM_HeaderMargin);
        return size;
    }
};
} // namespace

ServerTree::ServerTree(ServerTreeModel* model, QWidget* parent)
    : QTreeView(parent)
    , m_model(model)
    , m_expandAll(new QAction(tr("E&xpand All"), this))
    , m_collapseAll(new QAction(tr("&Collapse All"), this))
{
    setAccessibleName(tr("Servers and GPUs"));
    setHeader(new TreeHeader(Qt::Horizontal, this));
    setModel(model);
    setItemDelegate(new ServerTreeDelegate(this));
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setTextElideMode(Qt::ElideRight);
    header()->setStretchLastSection(false);
    // The figures take what they need; the names take the rest, and give
    // way (elided, whole in the tooltip) before a figure would.
    // Sized by fitColumns(), the widths ResizeToContents would give: that
    // mode measured every row of every figure column on each dataChanged
    // (16 servers: ~50 a second, three quarters of the Details page's CPU).
    for (int c = ServerTreeModel::UtilColumn; c < ServerTreeModel::ColumnCount; ++c)
        header()->setSectionResizeMode(c, QHeaderView::Fixed);
    header()->setSectionResizeMode(ServerTreeModel::NameColumn, QHeaderView::Stretch);
    m_fitTimer.setSingleShot(true);
    connect(&m_fitTimer, &QTimer::timeout, this, &ServerTree::fitColumns);
    // Rows that come or go are fitted at once (the window's minimum width
    // follows); new figures at most once per kFitInterval (a width changes
    // when a figure gains a digit). Rows that move keep their widths.
    connect(model, &QAbstractItemModel::rowsInserted, this, &ServerTree::fitColumns);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ServerTree::fitColumns);
    connect(model, &QAbstractItemModel::modelReset, this, &ServerTree::fitColumns);
    connect(model, &QAbstractItemModel::dataChanged, this, [this] {
        if (!m_fitTimer.isActive())
            m_fitTimer.start(kFitInterval);
    });
    // Unsorted (the order servers were configured and appeared in) until
    // the user sorts.
    header()->setSortIndicator(-1, Qt::AscendingOrder);
    setSortingEnabled(true);
    connect(header(), &QHeaderView::sectionResized, this, [this] { updateGeometry(); });

    m_expandAll->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    m_collapseAll->setShortcut(QKeySequence(tr("Ctrl+Shift+W")));
    connect(m_expandAll, &QAction::triggered, this, &QTreeView::expandAll);
    connect(m_collapseAll, &QAction::triggered, this, &QTreeView::collapseAll);
    addAction(m_expandAll);
    addAction(m_collapseAll);

    connect(selectionModel(), &QItemSelectionModel::currentChanged, this,
            &ServerTree::onCurrentChanged);
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &ServerTree::showMenu);
    connect(model, &QAbstractItemModel::rowsInserted, this, &ServerTree::onRowsInserted);
    connect(model, &QAbstractItemModel::layoutChanged, this, [this] { spanRows(); });
    connect(model, &QAbstractItemModel::modelReset, this, [this] { spanRows(); });
    spanRows();
    fitColumns();
    // What the model holds already opens as if it had just arrived.
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex server = model->index(r, 0);
        if (model->rowCount(server) > 0)
            onRowsInserted(server, 0, model->rowCount(server) - 1);
        for (int g = 0; g < model->rowCount(server); ++g) {
            const QModelIndex gpu = model->index(g, 0, server);
            if (model->rowCount(gpu) > 0)
                onRowsInserted(gpu, 0, model->rowCount(gpu) - 1);
        }
    }
}

void ServerTree::spanRows()
{
    spanRows({}, 0, m_model->rowCount() - 1);
}

void ServerTree::spanRows(const QModelIndex& parent, int first, int last)
{
    // Server and process rows: a summary or a state in words, across the
    // row, so it never widens a figure column. Rows come with their children
    // (a server's GPUs, an instance's processes): those are spanned too.
    for (int r = first; r <= last; ++r) {
        const QModelIndex idx = m_model->index(r, 0, parent);
        if (ServerTreeModel::spansRow(idx))
            setFirstColumnSpanned(r, parent, true);
        const int children = m_model->rowCount(idx);
        if (children > 0)
            spanRows(idx, 0, children - 1);
    }
}

void ServerTree::onRowsInserted(const QModelIndex& parent, int first, int last)
{
    spanRows(parent, first, last);
    // A server's GPUs and a GPU's MIG instances show the first time they
    // appear; what the user collapses later stays collapsed.
    if (parent.isValid()) {
        const QString key = parent.data(ServerRole).toString() + QLatin1Char('/') +
                            parent.data(GpuUuidRole).toString() + QLatin1Char('/') +
                            parent.data(MigUuidRole).toString();
        if (!m_expandedOnce.contains(key)) {
            m_expandedOnce.insert(key);
            expand(parent);
        }
    }
    autoSelect(parent, first);
}

void ServerTree::autoSelect(const QModelIndex& parent, int first)
{
    if (!m_autoSelect)
        return;
    const QString server = currentIndex().data(ServerRole).toString();
    if (!parent.isValid() && server.isEmpty()) {
        selectServer(m_model->index(first, 0).data(ServerRole).toString());
    } else if (parent.isValid() &&
               ServerTreeModel::rowKind(parent) == ServerTreeModel::RowKind::Server &&
               currentIndex().data(GpuUuidRole).toString().isEmpty() &&
               parent.data(ServerRole).toString() == server) {
        // The first GPU in the order shown.
        selectGpu(server, m_model->index(0, 0, parent).data(GpuUuidRole).toString());
    }
}

void ServerTree::selectServer(const QString& server)
{
    const QModelIndex idx = m_model->serverIndex(server);
    if (!idx.isValid())
        return;
    m_programmatic = true;
    setCurrentIndex(idx);
    m_programmatic = false;
}

void ServerTree::selectGpu(const QString& server, const QString& uuid)
{
    const QModelIndex idx = m_model->gpuIndex(server, uuid);
    if (!idx.isValid())
        return;
    expand(idx.parent());
    m_programmatic = true;
    setCurrentIndex(idx);
    m_programmatic = false;
}

void ServerTree::onCurrentChanged()
{
    if (!m_programmatic)
        m_autoSelect = false;
    const QModelIndex idx = currentIndex();
    Q_EMIT selected(idx.data(ServerRole).toString(), idx.data(GpuUuidRole).toString());
}

void ServerTree::showMenu(const QPoint& pos)
{
    const QModelIndex idx = indexAt(pos);
    QMenu menu(this);
    if (m_serversEditable && idx.isValid() && idx.data(LinkStateRole).isValid()) {
        const QString server = idx.data(ServerRole).toString();
        menu.addAction(tr("Edit Server…"), this,
                       [this, server] { Q_EMIT editServerRequested(server); });
        menu.addSeparator();
    }
    menu.addAction(m_expandAll);
    menu.addAction(m_collapseAll);
    QMenu* sortMenu = menu.addMenu(tr("Sort By"));
    auto* group = new QActionGroup(sortMenu);
    for (int c = 0; c < ServerTreeModel::ColumnCount; ++c) {
        const QString title =
            c == ServerTreeModel::NameColumn
                ? tr("Name")
                : m_model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        QAction* a = sortMenu->addAction(title);
        a->setCheckable(true);
        a->setChecked(header()->sortIndicatorSection() == c);
        group->addAction(a);
        // Names read A→Z; figures largest first.
        connect(a, &QAction::triggered, this, [this, c] {
            sortByColumn(c, c == ServerTreeModel::NameColumn ? Qt::AscendingOrder
                                                             : Qt::DescendingOrder);
        });
    }
    menu.exec(viewport()->mapToGlobal(pos));
}

int ServerTree::sizeHintForColumn(int column) const
{
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    int widest = 0;
    const int indent = indentation();
    std::function<void(const QModelIndex&, int)> walk = [&](const QModelIndex& parent, int depth) {
        const int rows = m_model->rowCount(parent);
        for (int r = 0; r < rows; ++r) {
            const QModelIndex first = m_model->index(r, 0, parent);
            if (!ServerTreeModel::spansRow(first)) {
                const QModelIndex idx = m_model->index(r, column, parent);
                int w = itemDelegateForIndex(idx)->sizeHint(option, idx).width();
                if (column == 0)
                    w += indent * (depth + (rootIsDecorated() ? 1 : 0));
                widest = std::max(widest, w);
            }
            walk(first, depth + 1);
        }
    };
    walk({}, 0);
    return widest;
}

int ServerTree::widestBadges() const
{
    int widest = 0;
    const QFont font = this->font();
    std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
        for (int r = 0; r < m_model->rowCount(parent); ++r) {
            const QModelIndex idx = m_model->index(r, ServerTreeModel::NameColumn, parent);
            if (ServerTreeModel::rowKind(idx) == ServerTreeModel::RowKind::Gpu)
                widest = std::max(widest, ServerTreeDelegate::badgesWidth(
                                              idx.data(VerdictFlagsRole).toInt(), font, true));
            else
                walk(idx);
        }
    };
    walk({});
    return widest;
}

void ServerTree::fitColumns()
{
    m_fitTimer.stop();
    // The names keep their start beside the widest badges shown.
    if (const int badges = widestBadges(); badges != m_badgesWidth) {
        m_badgesWidth = badges;
        updateGeometry();
    }
    for (int c = ServerTreeModel::UtilColumn; c < ServerTreeModel::ColumnCount; ++c) {
        if (header()->isSectionHidden(c))
            continue;
        const int width = std::max(sizeHintForColumn(c), header()->sectionSizeHint(c));
        if (header()->sectionSize(c) != width)
            header()->resizeSection(c, width);
    }
}

int ServerTree::figuresWidth() const
{
    int columns = 0;
    for (int c = ServerTreeModel::UtilColumn; c < ServerTreeModel::ColumnCount; ++c) {
        if (!header()->isSectionHidden(c))
            columns += std::max(sizeHintForColumn(c), header()->sectionSizeHint(c));
    }
    return columns + 2 * frameWidth() + verticalScrollBar()->sizeHint().width();
}

int ServerTree::minimumNameWidth() const
{
    // A GPU row's mark and "GPU 10 ·" at least, beside the widest badges
    // shown (as letters, "H I", where the words leave no room); the model
    // name may be elided (it is whole in the tooltip).
    const QFontMetrics fm = fontMetrics();
    return indentation() * 2 + style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this) +
           fm.height() / 2 + fm.horizontalAdvance(tr("GPU %1 · %2").arg(10).arg(QString())) +
           m_badgesWidth;
}

QString ServerTree::shownName(const QModelIndex& index) const
{
    const QModelIndex name = index.siblingAtColumn(ServerTreeModel::NameColumn);
    auto* delegate = qobject_cast<ServerTreeDelegate*>(itemDelegateForIndex(name));
    if (!delegate)
        return {};
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    option.rect = visualRect(name);
    return delegate->shownText(option, name);
}

int ServerTree::neededWidth() const
{
    return figuresWidth() + minimumNameWidth();
}

QSize ServerTree::sizeHint() const
{
    // Room for every name in full where the window has it.
    const int names = std::max(minimumNameWidth(), sizeHintForColumn(ServerTreeModel::NameColumn));
    return {figuresWidth() + names, QTreeView::sizeHint().height()};
}

QSize ServerTree::minimumSizeHint() const
{
    return {neededWidth(), QTreeView::minimumSizeHint().height()};
}

bool ServerTree::event(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        m_fitTimer.start(0);
        updateGeometry();
    }
    return QTreeView::event(event);
}

} // namespace gw
