#pragma once

// The one test of whether a palette is dark. Views pick the lighter colour set
// on a dark window; the palette asked is the widget's own (option.palette in
// a delegate), so a dark palette set on one window recolours that window.

#include <QPalette>

namespace gw {

inline bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

} // namespace gw
