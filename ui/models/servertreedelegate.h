#pragma once

// Paints the server tree's state marks (common/palette.h: colour and shape)
// in colours chosen from the view's own palette (option.palette): a dark
// palette on one window recolours its marks, whatever the application's
// palette says. The model only says the state (DisplayStateRole); the figures
// of a stale server are greyed (StaleRole). A GPU with policy verdicts on
// its processes (VerdictFlagsRole) gets small badges at the right of its
// name: the kind's colour and its word ("hog", "idle", "quota").

#include "common/palette.h"

#include <QColor>
#include <QStyledItemDelegate>

#include <optional>

namespace gw {

class ServerTreeDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // The mark of index, if it has one (GPU rows, servers with a problem).
    static std::optional<DisplayState> mark(const QModelIndex& index);
    // Its colour in palette.
    static std::optional<QColor> dotColor(const QModelIndex& index, const QPalette& palette);

    // The badges' words for VerdictFlag bits, in order.
    static QStringList badgeWords(int flags);
    // Their letters ("H", "I", "Q": the kinds' marks on the timeline's
    // bars), drawn instead where the words would leave the name less than
    // its "GPU n" (a narrow tree: 1,024 px at 144 dpi fonts).
    static QStringList badgeLetters(int flags);
    // The badges' font beside a name in `font`, and the room they take
    // (0 without): the name gives way to them, never they to it.
    static QFont badgeFont(const QFont& font);
    static int badgesWidth(int flags, const QFont& font, bool letters = false);
    // The name as drawn in option.rect (option as the view gives it): its
    // text, elided where the room beside its mark and badges is too short.
    QString shownText(const QStyleOptionViewItem& option, const QModelIndex& index) const;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const final;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const final;

private:
    // The room for the name's text in `option` (initialised) beside
    // `badges` px of badges.
    static int textRoom(const QStyleOptionViewItem& option, int badges);
    // Whether the badges of `option` (initialised) are drawn as letters.
    static bool lettersFor(const QStyleOptionViewItem& option, int flags);
};

} // namespace gw
