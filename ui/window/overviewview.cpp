#include "window/overviewview.h"

#include "common/palette.h"
#include "model/units.h"
#include "models/overviewmodel.h"
#include "models/verdictbook.h"

#include <QAccessible>
#include <QCoreApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QSet>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace gw {

namespace {
constexpr int kPad = 5;     // inside a tile
constexpr int kGap = 4;     // between tiles
constexpr int kCardGap = 8; // between cards and around them
constexpr int kCardPad = 4; // inside a card, around its tiles
constexpr int kRowGap = 2;  // between a tile's lines
constexpr int kMaxColumns = 8;

QString shortModel(QString name)
{
    if (name.startsWith(QLatin1String("NVIDIA ")))
        name.remove(0, 7);
    return name;
}

QColor mix(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t),
                            float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

// Greyed text: halfway to the background, in any palette.
// The box paintStateMark() draws in for a mark the size of dot (it fills
// about 0.62 of its box): the table's mark, as big as the dots around it.
QRect markBox(const QRect& dot)
{
    const int side = int(std::lround(dot.width() / 0.62));
    const int grow = (side - dot.width()) / 2;
    return dot.adjusted(-grow, -grow, grow, grow);
}

// A stale tile's figures: the palette's greyed text.
QColor muted(const QPalette& pal)
{
    return staleTextColor(pal);
}
} // namespace

OverviewView::OverviewView(OverviewModel* model, QWidget* parent)
    : QAbstractScrollArea(parent)
    , m_model(model)
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFrameShape(QFrame::NoFrame);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setMouseTracking(false);
    setAccessibleName(tr("Fleet overview"));
    updateMetrics();
    connect(m_model, &OverviewModel::changed, this, [this] {
        relayout();
        viewport()->update();
    });
    relayout();
}

QSize OverviewView::sizeHint() const
{
    return {800, 600};
}

QSize OverviewView::minimumSizeHint() const
{
    return {m_minTileWidth + 2 * (kCardGap + kCardPad), m_tileHeight + 3 * m_line};
}

void OverviewView::updateMetrics()
{
    const QFontMetrics fm(font());
    m_bold = font();
    m_bold.setBold(true);
    const QFontMetrics bm(m_bold);
    m_line = fm.height();
    const int dot = m_line * 2 / 3;
    // The widest line a tile must hold without eliding its figures.
    const int row1 = dot + 4 + fm.horizontalAdvance(QStringLiteral("00 ")) +
                     bm.horizontalAdvance(QStringLiteral("100 %")) + 6 +
                     fm.horizontalAdvance(QStringLiteral("100 °C"));
    const int row2 = fm.horizontalAdvance(QStringLiteral("80.0 / 80.0 GiB")) + 6;
    m_minTileWidth = std::max(row1, row2) + 2 * kPad;
    m_tileHeight = 3 * m_line + 2 * kRowGap + 2 * kPad;
}

void OverviewView::changeEvent(QEvent* event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        updateMetrics();
        relayout();
    }
    if (event->type() == QEvent::PaletteChange)
        viewport()->update();
}

void OverviewView::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    relayout();
}

void OverviewView::scrollContentsBy(int, int)
{
    viewport()->update();
}

void OverviewView::relayout()
{
    const QList<OverviewGroup>& groups = m_model->groups();
    const QList<OverviewTile>& tiles = m_model->tiles();
    m_cards.clear();
    m_tileRects.clear();
    const int width = std::max(viewport()->width(), m_minTileWidth + 2 * (kCardGap + kCardPad));
    const int height = viewport()->height();
    const int headerH = m_line + 6;
    int maxTiles = 1;
    for (const OverviewGroup& g : groups)
        maxTiles = std::max(maxTiles, int(g.tiles.size()));

    // Picks the number of card columns: the fewest that let everything fit
    // the viewport's height (bigger tiles), else the lowest total height.
    struct Choice
    {
        int columns = 1;
        int perRow = 1;
        int tileW = 0;
        int total = 0;
    };
    // A card's header must hold its dot, a few letters of the name and the
    // longest freshness whole: more columns than that leaves room for would
    // cut what the header is read for.
    const int headerNeeds =
        m_line + 8 + QFontMetrics(m_bold).averageCharWidth() * 7 + 8 +
        QFontMetrics(font()).horizontalAdvance(
            tr("stale, last reading %1 ago").arg(formatDurationTwoUnits(59 * 60'000 + 59'000)));
    auto evaluate = [&](int columns) -> std::optional<Choice> {
        const int cardW = (width - (columns + 1) * kCardGap) / columns;
        const int inner = cardW - 2 * kCardPad;
        if (columns > 1 && inner < headerNeeds)
            return std::nullopt;
        int perRow = (inner + kGap) / (m_minTileWidth + kGap);
        if (perRow < 1)
            return std::nullopt;
        perRow = std::min(perRow, maxTiles);
        Choice c;
        c.columns = columns;
        c.perRow = perRow;
        c.tileW = (inner - (perRow - 1) * kGap) / perRow;
        int total = kCardGap;
        for (int row = 0; row * columns < groups.size(); ++row) {
            int rowH = headerH + 2 * kCardPad;
            for (int col = 0; col < columns && row * columns + col < groups.size(); ++col) {
                const int n = std::max(1, int(groups[row * columns + col].tiles.size()));
                const int lines = (n + perRow - 1) / perRow;
                rowH = std::max(rowH,
                                headerH + 2 * kCardPad + lines * m_tileHeight + (lines - 1) * kGap);
            }
            total += rowH + kCardGap;
        }
        c.total = total;
        return c;
    };
    std::optional<Choice> best;
    std::optional<Choice> lowest;
    for (int columns = 1; columns <= std::min<int>(kMaxColumns, std::max<int>(1, groups.size()));
         ++columns) {
        const auto c = evaluate(columns);
        if (!c)
            break;
        if (!lowest || c->total < lowest->total)
            lowest = c;
        if (c->total <= height) {
            best = c;
            break;
        }
    }
    const Choice choice = best ? *best : lowest.value_or(Choice{1, 1, m_minTileWidth, 0});

    const QFontMetrics fm(font());
    const QFontMetrics bm(m_bold);
    const int cardW = (width - (choice.columns + 1) * kCardGap) / choice.columns;
    int y = kCardGap;
    for (int row = 0; row * choice.columns < groups.size(); ++row) {
        int rowH = 0;
        for (int col = 0; col < choice.columns && row * choice.columns + col < groups.size();
             ++col) {
            const int gi = row * choice.columns + col;
            const OverviewGroup& g = groups[gi];
            const int n = std::max(1, int(g.tiles.size()));
            const int lines = (n + choice.perRow - 1) / choice.perRow;
            const int h = headerH + 2 * kCardPad + lines * m_tileHeight + (lines - 1) * kGap;
            rowH = std::max(rowH, h);
            CardBox card;
            card.group = gi;
            const int x = kCardGap + col * (cardW + kCardGap);
            card.rect = QRect(x, y, cardW, h);
            card.header = QRect(x + kCardPad, y + 2, cardW - 2 * kCardPad, headerH - 2);
            // The models of the server's GPUs, when they are one kind.
            QSet<QString> models;
            for (int ti : g.tiles)
                models.insert(shortModel(tiles[ti].model));
            QString model;
            if (models.size() == 1 && !models.cbegin()->isEmpty())
                model = *models.cbegin();
            fitCardHeader(card, g, model, bm, fm);
            for (int k = 0; k < g.tiles.size(); ++k) {
                const OverviewTile& t = tiles[g.tiles[k]];
                TileBox b;
                b.tile = g.tiles[k];
                const int tx = x + kCardPad + (k % choice.perRow) * (choice.tileW + kGap);
                const int ty = y + headerH + kCardPad + (k / choice.perRow) * (m_tileHeight + kGap);
                b.rect = QRect(tx, ty, choice.tileW, m_tileHeight);
                const int inner = choice.tileW - 2 * kPad;
                const int dot = m_line * 2 / 3 + 4;
                b.temperature = formatCelsius(t.temperatureC);
                b.power = formatWatts(t.powerW);
                QString value;
                if (t.stale)
                    value = tr("%1 ago").arg(formatDurationTwoUnits(t.ageMs));
                else if (!t.error.isEmpty())
                    value = tr("error");
                else if (t.mig)
                    value = tr("util n/r");
                else
                    value = formatPercent(t.utilPercent);
                b.title = QString::number(t.index);
                // A stale tile's age takes the temperature's place (that is
                // in its tooltip).
                if (t.stale)
                    b.temperature.clear();
                const int valueRoom = inner - dot - fm.horizontalAdvance(b.title + u' ') -
                                      fm.horizontalAdvance(b.temperature) - 6;
                // An age that does not fit drops its "ago".
                if (t.stale && bm.horizontalAdvance(value) > valueRoom)
                    value = formatDurationTwoUnits(t.ageMs);
                b.value = bm.elidedText(value, Qt::ElideRight, std::max(0, valueRoom));
                if (t.mig && !t.migInstances.isEmpty())
                    b.memory =
                        fm.elidedText(tr("MIG: %n instances", nullptr, int(t.migInstances.size())),
                                      Qt::ElideRight, inner - 4);
                else
                    b.memory = fm.elidedText(
                        tr("%1 / %2").arg(formatMiB(t.memoryUsedMiB), formatMiB(t.memoryTotalMiB)),
                        Qt::ElideRight, inner - 4);
                QString users = t.users.join(u", ");
                if (t.users.isEmpty() && !t.heldBy.isEmpty())
                    users = t.heldBy; // a pod holds it with no process on it
                else if (t.users.isEmpty())
                    users = t.mig && !t.migInstances.isEmpty() ? QString() : tr("no processes");
                const int badge = t.verdict ? m_line + 4 : 0; // the verdicts' badge
                b.users = fm.elidedText(users, Qt::ElideRight,
                                        inner - badge - fm.horizontalAdvance(b.power) - 6);
                m_tileRects.append(b);
            }
            m_cards.append(card);
        }
        y += rowH + kCardGap;
    }
    m_contentHeight = y;
    verticalScrollBar()->setRange(0, std::max(0, m_contentHeight - height));
    verticalScrollBar()->setPageStep(height);
    verticalScrollBar()->setSingleStep(m_tileHeight / 2);

    // The focus stays on the same GPU when tiles move.
    m_focus = -1;
    for (int i = 0; i < m_tileRects.size(); ++i) {
        const OverviewTile& t = tiles[m_tileRects[i].tile];
        if (t.server == m_focusServer && t.uuid == m_focusUuid) {
            m_focus = i;
            break;
        }
    }
    if (m_focus < 0 && !m_tileRects.isEmpty() && m_focusServer.isEmpty()) {
        m_focus = 0;
        m_focusServer = tiles[m_tileRects[0].tile].server;
        m_focusUuid = tiles[m_tileRects[0].tile].uuid;
    }
    if (m_focus >= 0)
        setAccessibleDescription(tiles[m_tileRects[m_focus].tile].description());
    else
        setAccessibleDescription(tr("No GPU matches the filter."));
    notifyAccessibleItemsChanged(this);
}

QString OverviewView::accessibleItemName(int index) const
{
    if (index < 0 || index >= m_tileRects.size())
        return {};
    return m_model->tiles()[m_tileRects[index].tile].title();
}

QString OverviewView::accessibleItemDescription(int index) const
{
    if (index < 0 || index >= m_tileRects.size())
        return {};
    return m_model->tiles()[m_tileRects[index].tile].description();
}

QRect OverviewView::accessibleItemRect(int index) const
{
    if (index < 0 || index >= m_tileRects.size())
        return {};
    const QRect inViewport = m_tileRects[index].rect.translated(0, -verticalScrollBar()->value());
    const QRect shown = inViewport.intersected(viewport()->rect());
    return shown.isEmpty() ? QRect() : shown.translated(viewport()->pos());
}

void OverviewView::activateAccessibleItem(int index)
{
    if (index < 0 || index >= m_tileRects.size())
        return;
    moveFocus(index);
    const OverviewTile& t = m_model->tiles()[m_tileRects[index].tile];
    Q_EMIT gpuActivated(t.server, t.uuid);
}

QRect OverviewView::tileRect(const QString& server, const QString& uuid) const
{
    const auto& tiles = m_model->tiles();
    for (const TileBox& b : m_tileRects) {
        if (tiles[b.tile].server == server && tiles[b.tile].uuid == uuid)
            return b.rect.translated(0, -verticalScrollBar()->value());
    }
    return {};
}

QString OverviewView::tileText(const QString& server, const QString& uuid) const
{
    const auto& tiles = m_model->tiles();
    for (const TileBox& b : m_tileRects) {
        if (tiles[b.tile].server == server && tiles[b.tile].uuid == uuid)
            return QStringList{b.title + u' ' + b.value, b.temperature, b.memory, b.users, b.power}
                .join(u'\n');
    }
    return {};
}

QString OverviewView::focusServer() const
{
    return m_focus >= 0 ? m_focusServer : QString();
}

QString OverviewView::focusUuid() const
{
    return m_focus >= 0 ? m_focusUuid : QString();
}

void OverviewView::setFocusTile(const QString& server, const QString& uuid)
{
    const auto& tiles = m_model->tiles();
    for (int i = 0; i < m_tileRects.size(); ++i) {
        if (tiles[m_tileRects[i].tile].server == server && tiles[m_tileRects[i].tile].uuid == uuid)
            moveFocus(i);
    }
}

int OverviewView::tileAt(const QPoint& viewportPos) const
{
    const QPoint p = viewportPos + QPoint(0, verticalScrollBar()->value());
    for (int i = 0; i < m_tileRects.size(); ++i) {
        if (m_tileRects[i].rect.contains(p))
            return i;
    }
    return -1;
}

void OverviewView::moveFocus(int box)
{
    if (box < 0 || box >= m_tileRects.size())
        return;
    m_focus = box;
    const OverviewTile& t = m_model->tiles()[m_tileRects[box].tile];
    m_focusServer = t.server;
    m_focusUuid = t.uuid;
    setAccessibleDescription(t.description());
    if (QAccessible::isActive()) {
        QAccessibleEvent ev(this, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&ev);
    }
    ensureVisible(box);
    viewport()->update();
}

void OverviewView::ensureVisible(int box)
{
    const QRect r = m_tileRects[box].rect;
    QScrollBar* bar = verticalScrollBar();
    if (r.top() < bar->value())
        bar->setValue(r.top() - kCardGap);
    else if (r.bottom() > bar->value() + viewport()->height())
        bar->setValue(r.bottom() - viewport()->height() + kCardGap);
}

void OverviewView::keyPressEvent(QKeyEvent* event)
{
    if (m_tileRects.isEmpty()) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    const int cur = std::max(0, m_focus);
    const QRect r = m_tileRects[cur].rect;
    auto nearest = [&](bool down) {
        int best = -1;
        long bestScore = 0;
        for (int i = 0; i < m_tileRects.size(); ++i) {
            const QRect o = m_tileRects[i].rect;
            const int dy = down ? o.top() - r.bottom() : r.top() - o.bottom();
            if (dy <= 0)
                continue;
            const long score = dy + 3L * std::abs(o.center().x() - r.center().x());
            if (best < 0 || score < bestScore) {
                best = i;
                bestScore = score;
            }
        }
        return best;
    };
    switch (event->key()) {
    case Qt::Key_Left:
        moveFocus(m_focus < 0 ? 0 : std::max(0, cur - 1));
        break;
    case Qt::Key_Right:
        moveFocus(m_focus < 0 ? 0 : std::min(int(m_tileRects.size()) - 1, cur + 1));
        break;
    case Qt::Key_Up:
        if (const int i = nearest(false); i >= 0)
            moveFocus(i);
        break;
    case Qt::Key_Down:
        if (const int i = nearest(true); i >= 0)
            moveFocus(i);
        break;
    case Qt::Key_Home:
        moveFocus(0);
        break;
    case Qt::Key_End:
        moveFocus(int(m_tileRects.size()) - 1);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        if (m_focus >= 0)
            Q_EMIT gpuActivated(m_focusServer, m_focusUuid);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

void OverviewView::mousePressEvent(QMouseEvent* event)
{
    m_pressed = event->button() == Qt::LeftButton ? tileAt(event->position().toPoint()) : -1;
    if (m_pressed >= 0)
        moveFocus(m_pressed);
    QAbstractScrollArea::mousePressEvent(event);
}

void OverviewView::mouseReleaseEvent(QMouseEvent* event)
{
    const int i = event->button() == Qt::LeftButton ? tileAt(event->position().toPoint()) : -1;
    if (i >= 0 && i == m_pressed) {
        const OverviewTile& t = m_model->tiles()[m_tileRects[i].tile];
        Q_EMIT gpuActivated(t.server, t.uuid);
    }
    m_pressed = -1;
    QAbstractScrollArea::mouseReleaseEvent(event);
}

bool OverviewView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = tileAt(help->pos());
        if (i >= 0) {
            QToolTip::showText(help->globalPos(),
                               m_model->tiles()[m_tileRects[i].tile].description(), viewport());
        } else {
            const QPoint p = help->pos() + QPoint(0, verticalScrollBar()->value());
            bool shown = false;
            for (const CardBox& c : m_cards) {
                if (c.header.contains(p)) {
                    const OverviewGroup& g = m_model->groups()[c.group];
                    QToolTip::showText(help->globalPos(), g.server + u": " + g.headerText(),
                                       viewport());
                    shown = true;
                }
            }
            if (!shown)
                QToolTip::hideText();
        }
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void OverviewView::paintEvent(QPaintEvent* event)
{
    QPainter p(viewport());
    paintContent(p, event->rect());
}

void OverviewView::paintContent(QPainter& p, const QRect& exposed)
{
    const QPalette& pal = palette();
    p.fillRect(exposed, pal.color(QPalette::Window));
    const int scroll = verticalScrollBar()->value();
    p.save();
    p.translate(0, -scroll);
    const QRect area = exposed.translated(0, scroll);
    p.setRenderHint(QPainter::Antialiasing, false);
    for (const CardBox& c : m_cards) {
        if (c.rect.intersects(area))
            paintCard(p, c);
    }
    if (m_cards.isEmpty()) {
        p.setPen(muted(pal));
        p.drawText(area.adjusted(kCardGap, kCardGap, -kCardGap, -kCardGap),
                   Qt::AlignTop | Qt::AlignLeft | Qt::TextWordWrap,
                   m_model->totalGpuCount() == 0 && m_model->groups().isEmpty()
                       ? tr("No server has reported yet.")
                       : tr("No GPU matches the filter."));
    }
    const bool focusShown = hasFocus();
    for (int i = 0; i < m_tileRects.size(); ++i) {
        if (m_tileRects[i].rect.intersects(area))
            paintTile(p, m_tileRects[i], focusShown && i == m_focus);
    }
    p.restore();
}

// The header line of a card: the dot, the name in bold, then the details
// and the freshness. The freshness ("updated 2 s ago", "stale, last
// reading 4 min ago") is what an admin reads the line for, so it is the
// last thing cut: first the host, the model and the GPU count go, then the
// name is elided down to a few letters, and only then the freshness.
void OverviewView::fitCardHeader(CardBox& card, const OverviewGroup& g, const QString& model,
                                 const QFontMetrics& bm, const QFontMetrics& fm) const
{
    const int room = std::max(0, card.header.width() - m_line - 8); // after the dot
    const int gapW = 8;                                             // name to details
    const QString fresh = g.freshnessText();
    const QString sep = QStringLiteral(" · ");
    // The details from the most to the least: each drops its first part.
    QStringList parts;
    if (!g.host.isEmpty())
        parts << tr("host %1").arg(g.host);
    if (!model.isEmpty())
        parts << model;
    if (g.freshness.hasReading)
        parts << QCoreApplication::translate("gw::OverviewModel", "%n GPUs", nullptr, g.gpuCount);
    const int nameW = bm.horizontalAdvance(g.server);
    // The name keeps at least its first and last three letters ("gpu…-07")
    // before the freshness is cut.
    const int nameFloor = std::min(
        nameW, bm.horizontalAdvance(g.server.left(3) + QChar(0x2026) + g.server.right(3)) + 2);
    for (qsizetype first = 0; first <= parts.size(); ++first) {
        QStringList kept = parts.mid(first);
        kept << fresh;
        const QString detail = kept.join(sep);
        const int nameRoom = room - gapW - fm.horizontalAdvance(detail);
        if (nameRoom >= nameW || (first == parts.size() && nameRoom >= nameFloor)) {
            card.name = bm.elidedText(g.server, Qt::ElideMiddle, nameRoom);
            card.detail = detail;
            return;
        }
    }
    // Too narrow for the name's floor and the freshness: the name keeps its
    // floor, the freshness what is left.
    card.name = bm.elidedText(g.server, Qt::ElideMiddle, nameFloor);
    card.detail = fm.elidedText(fresh, Qt::ElideRight,
                                std::max(0, room - gapW - bm.horizontalAdvance(card.name)));
}

QString OverviewView::cardHeaderText(const QString& server) const
{
    for (const CardBox& c : m_cards)
        if (m_model->groups()[c.group].server == server)
            return c.name + u' ' + c.detail;
    return {};
}

void OverviewView::paintCard(QPainter& p, const CardBox& c) const
{
    const QPalette& pal = palette();
    const OverviewGroup& g = m_model->groups()[c.group];
    p.setPen(pal.color(QPalette::Mid));
    p.setBrush(pal.color(QPalette::AlternateBase));
    p.drawRect(c.rect.adjusted(0, 0, -1, -1));
    // The server's freshness or link state as its dot.
    DisplayState s = DisplayState::Free;
    if (!g.freshness.hasReading)
        s = g.link && *g.link != LinkState::Connecting ? DisplayState::Error
                                                       : DisplayState::Connecting;
    else if (g.freshness.stale)
        s = g.link && *g.link != LinkState::Connected && *g.link != LinkState::Stale
                ? DisplayState::Error
                : DisplayState::Stale;
    const int d = m_line * 2 / 3;
    const QRect dot(c.header.left(), c.header.center().y() - d / 2, d, d);
    paintStateMark(&p, markBox(dot), s, pal);
    const QFontMetrics bm(m_bold);
    const int base = c.header.top() + (c.header.height() + bm.ascent() - bm.descent()) / 2;
    p.setFont(m_bold);
    p.setPen(pal.color(QPalette::WindowText));
    const int nameX = dot.right() + 6;
    p.drawText(QPoint(nameX, base), c.name);
    p.setFont(font());
    p.setPen(g.freshness.stale ? muted(pal) : pal.color(QPalette::WindowText));
    p.drawText(QPoint(nameX + bm.horizontalAdvance(c.name) + 8, base), c.detail);
    // A server without tiles says why in its card.
    if (g.tiles.isEmpty()) {
        const QString why = !g.freshness.hasReading ? g.headerText()
                            : g.gpuCount == 0       ? tr("No GPU on this server.")
                                                    : QString();
        p.setPen(muted(pal));
        const QRect body(c.rect.left() + kCardPad + kPad, c.header.bottom() + kCardPad,
                         c.rect.width() - 2 * (kCardPad + kPad), m_tileHeight);
        p.drawText(body, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, why);
    }
}

void OverviewView::paintTile(QPainter& p, const TileBox& b, bool focused) const
{
    const QPalette& pal = palette();
    const OverviewTile& t = m_model->tiles()[b.tile];
    const QRect r = b.rect;
    const QColor text = t.stale ? muted(pal) : pal.color(QPalette::Text);
    const QColor base = pal.color(QPalette::Base);
    p.setPen(focused ? QPen(pal.color(QPalette::Highlight), 2) : QPen(pal.color(QPalette::Mid)));
    p.setBrush(t.stale ? mix(base, pal.color(QPalette::Window), 0.6) : base);
    p.drawRect(focused ? r.adjusted(1, 1, -1, -1) : r.adjusted(0, 0, -1, -1));

    const QFontMetrics fm(font());
    const int left = r.left() + kPad;
    const int right = r.right() - kPad;
    const int row1 = r.top() + kPad;
    const int row2 = row1 + m_line + kRowGap;
    const int row3 = row2 + m_line + kRowGap;
    const int asc = fm.ascent();

    // Row 1: verdict dot, index, utilisation (or age, or "MIG · util n/r"), temperature.
    const int d = m_line * 2 / 3;
    const QRect dot(left, row1 + (m_line - d) / 2, d, d);
    paintStateMark(&p, markBox(dot), t.state, pal);
    p.setPen(text);
    p.setFont(font());
    int x = dot.right() + 5;
    p.drawText(QPoint(x, row1 + asc), b.title);
    x += fm.horizontalAdvance(b.title + u' ');
    p.setFont(t.stale ? font() : m_bold);
    p.drawText(QPoint(x, row1 + asc), b.value);
    p.setFont(font());
    p.drawText(QPoint(right - fm.horizontalAdvance(b.temperature), row1 + asc), b.temperature);

    // Row 2: memory bar (per instance on a MIG GPU) with its figures.
    const QRect bar(left, row2, right - left + 1, m_line);
    const QColor fill = t.stale ? muted(pal) : seriesColor(0, pal);
    const QColor track = mix(base, pal.color(QPalette::Mid), 0.35);
    p.setPen(Qt::NoPen);
    p.setBrush(track);
    p.drawRect(bar);
    p.setBrush(mix(fill, base, 0.35));
    if (t.mig && !t.migInstances.isEmpty()) {
        // Each instance its share of the bar (by compute slices, else memory),
        // filled by its memory used.
        double whole = 0;
        for (const MigInstance& m : t.migInstances)
            whole += m.computeSlices.value_or(0) > 0 ? *m.computeSlices
                                                     : m.memoryTotalMiB.value_or(1) / 1024.0;
        double pos = bar.left();
        for (const MigInstance& m : t.migInstances) {
            const double part = m.computeSlices.value_or(0) > 0
                                    ? *m.computeSlices
                                    : m.memoryTotalMiB.value_or(1) / 1024.0;
            const double w = bar.width() * part / std::max(whole, 1e-9);
            if (m.memoryUsedMiB && m.memoryTotalMiB && *m.memoryTotalMiB > 0) {
                const double f = std::clamp(*m.memoryUsedMiB / *m.memoryTotalMiB, 0.0, 1.0);
                p.drawRect(QRectF(pos, bar.top(), (w - 2) * f, bar.height()));
            }
            pos += w;
            if (pos < bar.right() - 1)
                p.fillRect(QRectF(pos - 2, bar.top(), 2, bar.height()), base);
        }
    } else if (t.memoryUsedMiB && t.memoryTotalMiB && *t.memoryTotalMiB > 0) {
        const double f = std::clamp(*t.memoryUsedMiB / *t.memoryTotalMiB, 0.0, 1.0);
        p.drawRect(QRectF(bar.left(), bar.top(), bar.width() * f, bar.height()));
    }
    p.setPen(text);
    p.drawText(QPoint(bar.left() + 3, row2 + asc), b.memory);

    // Row 3: the verdicts' badge (as in the tree), users, power.
    int usersLeft = left;
    if (t.verdict) {
        const QIcon badge = VerdictBook::badgeIcon(*t.verdict, pal);
        badge.paint(&p, QRect(left, row3, m_line, m_line));
        usersLeft += m_line + 4;
    }
    p.drawText(QPoint(usersLeft, row3 + asc), b.users);
    p.drawText(QPoint(right - fm.horizontalAdvance(b.power), row3 + asc), b.power);
}

} // namespace gw
