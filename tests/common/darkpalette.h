#pragma once

// A dark palette for screenshots and palette-change tests.

#include <QColor>
#include <QPalette>

namespace gw::test {

inline QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Button, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::ButtonText, QColor(0xe0, 0xe0, 0xe0));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x7a, 0xc4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::ToolTipBase, QColor(0x44, 0x3a, 0x20));
    p.setColor(QPalette::ToolTipText, QColor(0xf0, 0xe0, 0xb0));
    p.setColor(QPalette::PlaceholderText, QColor(0x99, 0x99, 0x99));
    return p;
}

} // namespace gw::test
