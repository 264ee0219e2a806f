#include "common/legend.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace gw {

namespace {
int markSize(const QFontMetrics& fm)
{
    return fm.height();
}
int gap(const QFontMetrics& fm)
{
    return fm.horizontalAdvance(QLatin1Char(' '));
}
} // namespace

StateLegend::StateLegend(QWidget* parent)
    : QWidget(parent)
    , m_states(legendStates())
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setAccessibleName(tr("Legend"));
}

void StateLegend::setStates(const QList<DisplayState>& states)
{
    m_states = states;
    updateGeometry();
    update();
}

int StateLegend::entryWidth(int i) const
{
    const QFontMetrics fm = fontMetrics();
    return markSize(fm) + gap(fm) / 2 + fm.horizontalAdvance(stateName(m_states[i]));
}

QList<QRect> StateLegend::layoutFor(int width) const
{
    const QFontMetrics fm = fontMetrics();
    const int h = fm.height();
    const int spacing = 2 * gap(fm) + 2;
    QList<QRect> rects;
    int x = 0;
    int y = 0;
    for (int i = 0; i < m_states.size(); ++i) {
        const int w = entryWidth(i);
        if (x > 0 && x + w > width) {
            x = 0;
            y += h + 2;
        }
        rects.append(QRect(x, y, w, h));
        x += w + spacing;
    }
    return rects;
}

int StateLegend::heightForWidth(int width) const
{
    const QList<QRect> rects = layoutFor(width);
    return rects.isEmpty() ? 0 : rects.last().bottom() + 1;
}

QSize StateLegend::sizeHint() const
{
    // Two entries a row at most as the preferred shape; wider when there is room.
    int widest = 0;
    for (int i = 0; i + 1 < m_states.size(); i += 2)
        widest = std::max(widest, entryWidth(i) + 2 * gap(fontMetrics()) + 2 + entryWidth(i + 1));
    return {widest, heightForWidth(widest)};
}

QSize StateLegend::minimumSizeHint() const
{
    int widest = 0;
    for (int i = 0; i < m_states.size(); ++i)
        widest = std::max(widest, entryWidth(i));
    return {widest, heightForWidth(widest)};
}

void StateLegend::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QFontMetrics fm = fontMetrics();
    const QList<QRect> rects = layoutFor(width());
    for (int i = 0; i < m_states.size(); ++i) {
        const QRect r = rects[i];
        const int m = markSize(fm);
        // Marks are drawn on the window here; the palette's Base decides
        // light or dark as in the views.
        paintStateMark(&p, QRectF(r.left(), r.top(), m, m), m_states[i], palette());
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(r.left() + m + gap(fm) / 2, r.top(), r.width() - m, r.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, stateName(m_states[i]));
    }
}

bool StateLegend::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QList<QRect> rects = layoutFor(width());
        for (int i = 0; i < rects.size(); ++i) {
            if (rects[i].contains(help->pos())) {
                QToolTip::showText(help->globalPos(), stateDescription(m_states[i]), this,
                                   rects[i]);
                return true;
            }
        }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        updateGeometry();
    return QWidget::event(event);
}

} // namespace gw
