#pragma once

// The desktop's one palette: what a colour means is decided here, once.
// State colours (a GPU's verdict, a server's freshness) and series colours
// (one line per GPU in a chart) are separate sets, and every view, legend and
// report takes its colours from here. Views pick the lighter set on a dark
// window; the palette asked is the widget's own (option.palette in a
// delegate), so a dark palette set on one window recolours that window.

#include "model/gpustate.h"

#include <QColor>
#include <QList>
#include <QPalette>
#include <QString>

namespace gw {

inline bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

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
QColor stateColor(DisplayState state, const QPalette& palette);
// The word a legend and a tooltip use ("idle, memory held").
QString stateName(DisplayState state);
// Every state, in legend order.
QList<DisplayState> legendStates();

// The colour of series `index` (GPU index in a chart); eight apart, then
// repeated.
QColor seriesColor(int index, const QPalette& palette);
inline constexpr int kSeriesColorCount = 8;

} // namespace gw
