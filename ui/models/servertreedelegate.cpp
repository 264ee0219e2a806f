#include "models/servertreedelegate.h"

#include "models/roles.h"
#include "models/servertreemodel.h"

namespace gw {

std::optional<DisplayState> ServerTreeDelegate::mark(const QModelIndex& index)
{
    if (index.column() != ServerTreeModel::NameColumn)
        return std::nullopt;
    const QVariant v = index.data(DisplayStateRole);
    if (!v.isValid())
        return std::nullopt;
    return DisplayState(v.toInt());
}

std::optional<QColor> ServerTreeDelegate::dotColor(const QModelIndex& index,
                                                   const QPalette& palette)
{
    const auto state = mark(index);
    if (!state)
        return std::nullopt;
    return stateColor(*state, palette);
}

void ServerTreeDelegate::initStyleOption(QStyleOptionViewItem* option,
                                         const QModelIndex& index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.column() == ServerTreeModel::NameColumn) {
        // A row that spans the tree says its summary there.
        if (const QVariant summary = index.data(SummaryRole); summary.isValid())
            option->text = summary.toString();
    }
    if (const auto state = mark(index)) {
        option->features |= QStyleOptionViewItem::HasDecoration;
        option->icon = stateIcon(*state, option->palette);
        option->decorationSize = option->icon.actualSize(option->decorationSize);
    }
    // The last figures of a server that stopped reporting: greyed.
    if (index.data(StaleRole).toBool()) {
        const QColor grey = staleTextColor(option->palette);
        option->palette.setColor(QPalette::Text, grey);
        option->palette.setColor(
            QPalette::HighlightedText,
            option->palette.color(QPalette::Disabled, QPalette::HighlightedText));
    }
}

} // namespace gw
