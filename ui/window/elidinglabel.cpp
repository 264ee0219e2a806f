#include "window/elidinglabel.h"

namespace gw {

ElidingLabel::ElidingLabel(QWidget* parent)
    : QLabel(parent)
{
    // Its width is what the layout can spare, not what the text asks.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void ElidingLabel::setLine(const QString& line)
{
    m_line = line;
    elide();
}

void ElidingLabel::resizeEvent(QResizeEvent* event)
{
    QLabel::resizeEvent(event);
    elide();
}

void ElidingLabel::elide()
{
    const QString shown = fontMetrics().elidedText(m_line, Qt::ElideRight, width());
    setText(shown);
    setToolTip(shown == m_line ? QString() : m_line);
}

} // namespace gw
