#pragma once

// Windows that fit the screen they open on. A size chosen for a 1080p
// screen at scale 1 is too tall for a 1440p screen at scale 2 (720 logical
// pixels): the status bar and the bottom of a table would be off-screen.

#include <QObject>
#include <QSize>

class QWidget;

namespace gw {

// `wanted` shrunk so that `window` with its frame fits the available
// geometry (without panels and docks) of the screen it is on; never below
// the window's minimum size.
QSize sizeOnScreen(const QWidget* window, QSize wanted);

// Resizes a top-level window to sizeOnScreen(window, wanted) and moves it so
// that its frame lies inside the available geometry. Call it for the
// initial size and again after restoreGeometry().
void fitToScreen(QWidget* window, QSize wanted);

// Installed on the application: every dialog, as it is shown, is fitted to
// the screen it opens on (fitToScreen with the size it asked for), so a
// dialog that asks for 1024 × 700, or one left larger, never reaches past
// a small screen's edge. Its content must still be able to shrink.
class DialogScreenFit final : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

} // namespace gw
