#pragma once

// The desktop's one palette: what a colour means is decided here, once.
// State colours (a GPU's verdict, a server's freshness) and series colours
// (one line per GPU in a chart) are separate sets, and every view, legend and
// report takes its colours from here. Views pick the lighter set on a dark
// window; the palette asked is the widget's own (option.palette in a
// delegate), so a dark palette set on one window recolours that window.

#include "model/gpustate.h"
#include "model/linkstatus.h"
#include "policy/policyevent.h"

#include <QColor>
#include <QIcon>
#include <QList>
#include <QPalette>
#include <QString>

#include <optional>

class QPainter;
class QRectF;

namespace gw {

inline bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

// A high-contrast palette (common/themes.h, and the desktops' own): window
// and base pure black under white text, or pure white under black text.
// The state colours then have 4.5:1 against the base instead of 3:1.
bool isHighContrastPalette(const QPalette& palette);

// What a dot, a tile or a row says at a glance.
enum class DisplayState
{
    Free,        // reporting, idle, nothing on it
    Busy,        // in use
    IdleHeld,    // memory held by processes while nearly idle: the waste admins chase
    Hot,         // at or above its slowdown temperature
    NotReported, // utilisation not reported (MIG mode, old drivers): no verdict
    Stale,       // newest reading older than 3 sampling intervals, or link down: no verdict
    Error,       // the device failed, or the server cannot be reached
    Connecting,  // a server that has not answered yet
};

DisplayState displayState(GpuState state);
// The mark of a remote server's link: none while connected (its GPUs speak),
// connecting, stale (answers without new readings), error (refused, failing,
// unreachable, untrusted).
std::optional<DisplayState> linkDisplayState(LinkState state);
// The colours are built on Okabe & Ito's colour-blind-safe set, tuned so that
// (tst_palette checks it, CIEDE2000 on the light, dark and both
// high-contrast palettes) every two states differ by at least 12 in normal
// vision, two states of the same shape by at least 10 under deuteranopia,
// protanopia and tritanopia (Machado 2009), and each has 3:1 contrast
// against QPalette::Base (4.5:1 on a high-contrast palette).
QColor stateColor(DisplayState state, const QPalette& palette);

// The shape that carries a state where colour alone cannot (colour-blind
// readers, greyscale prints): a verdict is a filled dot; stale a hollow ring
// (the last figures, no verdict); utilisation not reported a dash (a figure
// the driver does not give, no verdict); an error a diamond; connecting a
// half dot.
enum class StateShape
{
    Dot,
    Ring,
    Dash,
    Diamond,
    HalfDot,
};
StateShape stateShape(DisplayState state);

// The one table of state marks: every view that shows a state (the overview's
// tiles and cards, the server tree, the Processes page, the legends) draws
// this mark through paintStateMark() or stateIcon(), so a state looks the same
// everywhere and no two states look alike.
struct StateMark
{
    StateShape shape = StateShape::Dot;
    QColor color;
    friend bool operator==(const StateMark&, const StateMark&) = default;
};
StateMark stateMark(DisplayState state, const QPalette& palette);
// Paints state's mark (colour and shape) centred in rect.
void paintStateMark(QPainter* painter, const QRectF& rect, DisplayState state,
                    const QPalette& palette);
// The mark as an icon, painted at the size and pixel ratio it is drawn at
// (never a scaled picture); cached per colour and shape.
QIcon stateIcon(DisplayState state, const QPalette& palette);
// The text colour of figures that are no longer current (a stale server's).
QColor staleTextColor(const QPalette& palette);
// The word a legend and a tooltip use ("idle, memory held").
QString stateName(DisplayState state);
// One sentence on what state means, for a legend's tooltip.
QString stateDescription(DisplayState state);
// Every state, in legend order.
QList<DisplayState> legendStates();

// The colour of series `index` (GPU index in a chart); eight apart, then
// repeated. No series colour is a state colour: every series differs from
// every state by at least 14 and from the other series by at least 20
// (CIEDE2000), with 3:1 contrast against QPalette::Base.
QColor seriesColor(int index, const QPalette& palette);
inline constexpr int kSeriesColorCount = 8;

// The colour of a policy event's kind (timeline bars, badges): Okabe & Ito's
// vermillion (hog), blue (idle) and reddish purple (fair share), darker on
// a light window and lighter on a dark one (every two differ by 14 or more in
// CIEDE2000 under deuteranopia), each with 3:1 contrast against
// QPalette::Base. Never alone: eventKindLetter() and eventKindPattern() say it too.
QColor eventKindColor(PolicyEventKind kind, const QPalette& palette);
// One letter per kind, drawn on bars and badges: "H", "I", "Q".
QString eventKindLetter(PolicyEventKind kind);
// The hatching laid over a kind's colour: none (hog), diagonal (idle),
// crossed (fair share).
Qt::BrushStyle eventKindPattern(PolicyEventKind kind);
// The kind in words for legends and headers ("hog", "idle", "fair share").
QString eventKindName(PolicyEventKind kind);
// A swatch of the kind's colour with its letter (16 and 32 px), cached.
QIcon eventKindIcon(PolicyEventKind kind, const QPalette& palette);
// The colour of a clock slowdown reason's lane under the GPU's charts (an
// NVML clock-event bit of clockSlowdowns()): thermal in the hot state's
// vermillion (hardware darker on light windows, lighter on dark), hardware
// slowdown in the error crimson, power cap violet, power brake grey; each
// with 3:1 contrast against QPalette::Base. The lane's title says it too.
QColor clockSlowdownColor(quint64 bit, const QPalette& palette);
// The keyboard focus on a painted view (a chart, the timeline): a 2 px
// frame in the palette's highlight colour just inside `rect`.
void paintFocusFrame(QPainter* painter, const QRect& rect, const QPalette& palette);
// Text that reads on a fill of `fill`: black or white, whichever contrasts more.
QColor textColorOn(const QColor& fill);

} // namespace gw
