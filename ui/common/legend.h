#pragma once

// What the dots mean: each state's mark (colour and shape) with its name,
// laid out in as many rows as the width needs. Shown under the server tree;
// any view that draws state marks can show one.

#include "common/palette.h"

#include <QWidget>

namespace gw {

class StateLegend final : public QWidget
{
    Q_OBJECT
public:
    explicit StateLegend(QWidget* parent = nullptr);
    // Which states to explain (default legendStates()).
    void setStates(const QList<DisplayState>& states);
    QList<DisplayState> states() const { return m_states; }

    QSize sizeHint() const final;
    QSize minimumSizeHint() const final;
    bool hasHeightForWidth() const final { return true; }
    int heightForWidth(int width) const final;

    // Where each state's entry lies at the current width (for tests).
    QList<QRect> entryRects() const { return layoutFor(width()); }

protected:
    void paintEvent(QPaintEvent* event) final;
    bool event(QEvent* event) final;

private:
    QList<QRect> layoutFor(int width) const;
    int entryWidth(int i) const;

    QList<DisplayState> m_states;
};

} // namespace gw
