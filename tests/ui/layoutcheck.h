#pragma once

// What a broken layout looks like, found in a shown window: a laid-out widget
// sticking out of its parent, overlapping a sibling of the same layout,
// squeezed below the smallest size its layout promises it, or a splitter pane
// collapsed to nothing. Empty: the layout holds.

#include <QLayout>
#include <QSplitter>
#include <QStringList>
#include <QWidget>

namespace gw::test {

inline QString describe(const QWidget* w)
{
    QString name = QString::fromLatin1(w->metaObject()->className());
    if (!w->objectName().isEmpty())
        name += QLatin1Char('#') + w->objectName();
    if (!w->accessibleName().isEmpty())
        name += QStringLiteral(" \"") + w->accessibleName() + QLatin1Char('"');
    return name +
           QStringLiteral(" %1×%2+%3+%4").arg(w->width()).arg(w->height()).arg(w->x()).arg(w->y());
}

// The smallest size w's layout must give it (what QLayout itself honours).
inline QSize promisedMinimum(const QWidget* w)
{
    const QSizePolicy p = w->sizePolicy();
    const QSize hint = w->sizeHint();
    const QSize minHint = w->minimumSizeHint();
    QSize s;
    if (p.horizontalPolicy() != QSizePolicy::Ignored)
        s.setWidth(p.horizontalPolicy() & QSizePolicy::ShrinkFlag
                       ? minHint.width()
                       : std::max(hint.width(), minHint.width()));
    if (p.verticalPolicy() != QSizePolicy::Ignored && !p.hasHeightForWidth())
        s.setHeight(p.verticalPolicy() & QSizePolicy::ShrinkFlag
                        ? minHint.height()
                        : std::max(hint.height(), minHint.height()));
    if (w->minimumWidth() > 0)
        s.setWidth(w->minimumWidth());
    if (w->minimumHeight() > 0)
        s.setHeight(w->minimumHeight());
    return s.expandedTo(QSize(0, 0));
}

inline bool isLaidOut(const QWidget* w)
{
    const QWidget* parent = w->parentWidget();
    if (!parent)
        return false;
    if (const auto* splitter = qobject_cast<const QSplitter*>(parent))
        return splitter->indexOf(const_cast<QWidget*>(w)) >= 0;
    return parent->layout() && parent->layout()->indexOf(const_cast<QWidget*>(w)) >= 0;
}

inline QStringList layoutProblems(const QWidget* window)
{
    QStringList problems;
    const auto all = window->findChildren<QWidget*>();
    for (const QWidget* w : all) {
        if (w->isWindow() || !w->isVisibleTo(window) || !isLaidOut(w))
            continue;
        const QWidget* parent = w->parentWidget();
        if (!parent->rect().contains(w->geometry()))
            problems.append(describe(w) + QStringLiteral(" sticks out of ") + describe(parent));
        if (qobject_cast<const QSplitter*>(parent) && (w->width() == 0 || w->height() == 0))
            problems.append(describe(w) + QStringLiteral(" collapsed"));
        const QSize min = promisedMinimum(w);
        if (w->width() < min.width() || w->height() < min.height())
            problems.append(
                describe(w) +
                QStringLiteral(" squeezed below %1×%2").arg(min.width()).arg(min.height()));
        for (const QWidget* other : parent->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
            if (other <= w || other->isWindow() || !other->isVisibleTo(window) || !isLaidOut(other))
                continue;
            if (w->geometry().intersects(other->geometry()))
                problems.append(describe(w) + QStringLiteral(" overlaps ") + describe(other));
        }
    }
    return problems;
}

} // namespace gw::test
