#pragma once

// The fleet overview's painted view: a card per server (its header line with
// freshness or link state) holding a compact tile per GPU. Cards flow in
// columns chosen so the whole fleet fits the viewport where it can (16
// servers × 8 GPUs on a 1920 × 1080 screen); otherwise it scrolls. Arrows move
// the focus tile, Enter or a click opens it (gpuActivated).

#include "common/paintedaccessible.h"

#include <QAbstractScrollArea>
#include <QFont>
#include <QFontMetrics>
#include <QList>
#include <QRect>

namespace gw {

class OverviewModel;
struct OverviewGroup;
struct OverviewTile;

class OverviewView final : public QAbstractScrollArea, public AccessibleItems
{
    Q_OBJECT
public:
    explicit OverviewView(OverviewModel* model, QWidget* parent = nullptr);

    OverviewModel* model() const { return m_model; }

    // Where a tile is drawn, in viewport coordinates; empty when not shown.
    QRect tileRect(const QString& server, const QString& uuid) const;
    // The texts a tile shows, one line each ("" when not shown).
    QString tileText(const QString& server, const QString& uuid) const;
    // A card's header line as laid out: the name (elided when the card is
    // narrow), then its details and freshness ("" when not shown).
    QString cardHeaderText(const QString& server) const;
    // The focus tile (server, GPU UUID); empty strings when none.
    QString focusServer() const;
    QString focusUuid() const;
    void setFocusTile(const QString& server, const QString& uuid);
    // How many tiles are laid out (shown by the filter).
    int tileCount() const { return int(m_tileRects.size()); }
    // The height everything takes; more than the viewport: it scrolls.
    int contentHeight() const { return m_contentHeight; }

    // Paints the whole view into `painter` (what paintEvent does; the
    // benchmark times it).
    void paintContent(QPainter& painter, const QRect& exposed);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // Assistive technology reads each tile shown (common/paintedaccessible.h):
    // server and GPU, then its state, figures and the reading's age.
    int accessibleItemCount() const override { return tileCount(); }
    QString accessibleItemName(int index) const override;
    QString accessibleItemDescription(int index) const override;
    QRect accessibleItemRect(int index) const override;
    int accessibleFocusItem() const override { return m_focus; }
    bool accessibleItemsActivate() const override { return true; }
    void activateAccessibleItem(int index) override;

Q_SIGNALS:
    void gpuActivated(const QString& server, const QString& uuid);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    struct TileBox
    {
        int tile = -1; // index into the model's tiles
        QRect rect;    // content coordinates
        // Texts elided to the tile's width when laid out.
        QString title, value, temperature, power, memory, users;
    };
    struct CardBox
    {
        int group = -1;
        QRect rect;
        QRect header;
        QString name, detail;
    };

    void relayout();
    void updateMetrics();
    int tileAt(const QPoint& viewportPos) const;
    void moveFocus(int box);
    void ensureVisible(int box);
    void fitCardHeader(CardBox& card, const OverviewGroup& g, const QString& model,
                       const QFontMetrics& bm, const QFontMetrics& fm) const;
    void paintCard(QPainter& p, const CardBox& c) const;
    void paintTile(QPainter& p, const TileBox& b, bool focused) const;

    OverviewModel* m_model;
    QList<CardBox> m_cards;
    QList<TileBox> m_tileRects;
    int m_contentHeight = 0;
    int m_focus = -1; // index into m_tileRects
    QString m_focusServer, m_focusUuid;
    int m_pressed = -1;

    // From the font, on font or DPI change.
    QFont m_bold;
    int m_line = 16;
    int m_minTileWidth = 120;
    int m_tileHeight = 60;
};

} // namespace gw
