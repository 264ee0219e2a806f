#include "window/screenfit.h"

#include <QDialog>
#include <QEvent>
#include <QScreen>
#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace gw {

namespace {

// The frame the window manager adds: measured once the window has one,
// else a title bar and borders as the style draws them.
QSize frameExtra(const QWidget* w)
{
    const QSize measured = w->frameGeometry().size() - w->geometry().size();
    if (measured.width() > 0 || measured.height() > 0)
        return measured;
    const int border = 2 * w->style()->pixelMetric(QStyle::PM_DefaultFrameWidth) + 8;
    return {border, border + w->style()->pixelMetric(QStyle::PM_TitleBarHeight) + 8};
}

} // namespace

QSize sizeOnScreen(const QWidget* window, QSize wanted)
{
    const QScreen* screen = window->screen();
    if (!screen)
        return wanted;
    const QSize room = screen->availableGeometry().size() - frameExtra(window);
    return wanted.boundedTo(room).expandedTo(window->minimumSize());
}

void fitToScreen(QWidget* window, QSize wanted)
{
    window->resize(sizeOnScreen(window, wanted));
    const QScreen* screen = window->screen();
    if (!screen)
        return;
    const QRect room = screen->availableGeometry();
    const QSize frame = window->size() + frameExtra(window);
    QRect placed(window->frameGeometry().topLeft(), frame);
    if (!room.contains(placed)) {
        placed.moveCenter(room.center());
        placed.moveTopLeft(
            QPoint(std::max(placed.left(), room.left()), std::max(placed.top(), room.top())));
        window->move(placed.topLeft()); // move() places the frame
    }
}

bool DialogScreenFit::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Show && watched->isWidgetType()) {
        auto* dialog = qobject_cast<QDialog*>(watched);
        if (dialog && dialog->isWindow())
            fitToScreen(dialog, dialog->size());
    }
    return QObject::eventFilter(watched, event);
}

} // namespace gw
