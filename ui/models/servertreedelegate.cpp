#include "models/servertreedelegate.h"

#include "models/roles.h"
#include "models/servertreemodel.h"
#include "models/verdictbook.h"

#include <QApplication>
#include <QPainter>

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

QStringList ServerTreeDelegate::badgeWords(int flags)
{
    QStringList words;
    for (const PolicyEventKindInfo& k : policyEventKinds())
        if (flags & verdictFlag(k.kind))
            words << policyEventKindText(k.pill);
    return words;
}

namespace {

int badgeFlags(const QModelIndex& index)
{
    return index.column() == ServerTreeModel::NameColumn &&
                   ServerTreeModel::rowKind(index) == ServerTreeModel::RowKind::Gpu
               ? index.data(VerdictFlagsRole).toInt()
               : 0;
}

constexpr int kBadgePadding = 10; // inside a pill, around its word
constexpr int kBadgeGap = 3;      // after each pill
constexpr int kNameGap = 2;       // between the name and the first pill

} // namespace

QStringList ServerTreeDelegate::badgeLetters(int flags)
{
    QStringList letters;
    for (const PolicyEventKindInfo& k : policyEventKinds())
        if (flags & verdictFlag(k.kind))
            letters << policyEventKindText(k.letter);
    return letters;
}

QFont ServerTreeDelegate::badgeFont(const QFont& font)
{
    QFont f = font;
    f.setBold(true);
    f.setPointSizeF(font.pointSizeF() > 0 ? font.pointSizeF() * 0.85 : 8);
    return f;
}

int ServerTreeDelegate::badgesWidth(int flags, const QFont& font, bool letters)
{
    if (!flags)
        return 0;
    const QFontMetrics fm(badgeFont(font));
    int total = kNameGap;
    for (const QString& w : letters ? badgeLetters(flags) : badgeWords(flags))
        total += fm.horizontalAdvance(w) + kBadgePadding + kBadgeGap;
    return total;
}

int ServerTreeDelegate::textRoom(const QStyleOptionViewItem& option, int badges)
{
    QStyleOptionViewItem opt(option);
    opt.rect.setRight(opt.rect.right() - badges);
    const QWidget* widget = opt.widget;
    const QStyle* style = widget ? widget->style() : QApplication::style();
    const QRect text = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
    // The style's own margin on each side of an item's text (QCommonStyle).
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    return text.width() - 2 * margin;
}

bool ServerTreeDelegate::lettersFor(const QStyleOptionViewItem& option, int flags)
{
    if (!flags)
        return false;
    // "GPU 3 …" at least beside the words, else the letters.
    const QString start = option.text.section(QStringLiteral(" · "), 0, 0) + QStringLiteral(" …");
    return textRoom(option, badgesWidth(flags, option.font)) <
           QFontMetrics(option.font).horizontalAdvance(start);
}

QString ServerTreeDelegate::shownText(const QStyleOptionViewItem& option,
                                      const QModelIndex& index) const
{
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const int flags = badgeFlags(index);
    const int room = textRoom(opt, badgesWidth(flags, opt.font, lettersFor(opt, flags)));
    return QFontMetrics(opt.font).elidedText(opt.text, opt.textElideMode, room);
}

void ServerTreeDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                               const QModelIndex& index) const
{
    const int flags = badgeFlags(index);
    if (!flags) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const QFont font = badgeFont(option.font);
    const QFontMetrics fm(font);
    QStyleOptionViewItem init(option);
    initStyleOption(&init, index);
    const bool letters = lettersFor(init, flags);
    const QStringList words = letters ? badgeLetters(flags) : badgeWords(flags);
    const int total = badgesWidth(flags, option.font, letters) - kNameGap;
    // The name gives way (elided) to the badges.
    QStyleOptionViewItem opt(option);
    opt.rect.setRight(option.rect.right() - total - kNameGap);
    QStyledItemDelegate::paint(painter, opt, index);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(font);
    double x = option.rect.right() - total + 1;
    const double h = std::min<double>(fm.height() + 2, option.rect.height() - 2);
    const double y = option.rect.center().y() - h / 2 + 0.5;
    int w = 0;
    for (const PolicyEventKindInfo& k : policyEventKinds()) {
        if (!(flags & verdictFlag(k.kind)))
            continue;
        const QString word = words.at(w++);
        const QRectF pill(x, y, fm.horizontalAdvance(word) + kBadgePadding, h);
        const QColor fill = eventKindColor(k.kind, option.palette);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        painter->drawRoundedRect(pill, h / 2, h / 2);
        painter->setPen(textColorOn(fill));
        painter->drawText(pill, Qt::AlignCenter, word);
        x += pill.width() + kBadgeGap;
    }
    painter->restore();
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
