#pragma once

// The policy events on a time line: one lane per GPU ("gpu-node-3 · GPU 2";
// fair-share events, which concern a whole server, get a lane "· all GPUs")
// or one per user, and a bar per event over the chosen range, ending at "now"
// with an open-end mark while the event lasts. Colours by kind from the
// palette, with a letter and a hatching so the kind is never told by colour
// alone. Hover: the event's sentence and figures; a click selects the bar
// and activates the event. Lanes scroll vertically under a fixed time axis.
// Painted with QPainter; layout cached until the events, the range or the
// size change.

#include "charts/axisstep.h"
#include "common/paintedaccessible.h"
#include "policy/policyevent.h"

#include <QAbstractScrollArea>
#include <QHash>
#include <QList>
#include <QStaticText>

#include <functional>
#include <optional>

class QTimer;

namespace gw {

class EventBook;

class EventTimeline final : public QAbstractScrollArea, public AccessibleItems
{
    Q_OBJECT
public:
    enum class LaneMode
    {
        Gpu,
        User
    };

    explicit EventTimeline(EventBook* book, QWidget* parent = nullptr);

    // The range choices: the last 1 h, 6 h, 24 h and 7 days.
    static QList<qint64> spanChoices();
    static QString spanText(qint64 spanMs);

    void setLaneMode(LaneMode mode);
    LaneMode laneMode() const { return m_mode; }
    void setSpanMs(qint64 spanMs);
    qint64 spanMs() const { return m_spanMs; }
    // The end of the range. Unset (the default): the clock's now, moving.
    void setNowMs(std::optional<qint64> nowMs);
    qint64 nowMs() const;
    qint64 fromMs() const { return nowMs() - m_spanMs; }
    // Which events show (the table's filter); none: all.
    void setFilter(std::function<bool(const PolicyEvent&)> accepts);
    // The filter's answers changed.
    void refilter();

    void setSelectedEvent(const QString& id);
    QString selectedEvent() const { return m_selected; }
    // Scrolls so that the event's lane shows.
    void ensureEventVisible(const QString& id);

    // Geometry, in viewport coordinates (tests, the page).
    QStringList laneLabels() const;
    int laneCount() const;
    QRectF plotRect() const;                 // the time area of all lanes, scrolled
    QRectF barRect(const QString& id) const; // empty when not shown
    double xOf(qint64 ms) const;
    QString eventAt(const QPointF& viewportPos) const;
    QString toolTipFor(const QString& id) const;
    // The times the axis labels, in order.
    QList<qint64> tickTimes() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    // Assistive technology reads every bar in the range, lane by lane: its
    // lane and kind, then its sentence, times and figures (the tooltip);
    // pressing one activates its event (common/paintedaccessible.h).
    int accessibleItemCount() const override;
    QString accessibleItemName(int index) const override;
    QString accessibleItemDescription(int index) const override;
    QRect accessibleItemRect(int index) const override;
    int accessibleFocusItem() const override;
    bool accessibleItemsActivate() const override { return true; }
    void activateAccessibleItem(int index) override;
    QString accessibleSummary() const override;

Q_SIGNALS:
    void eventSelected(const QString& id);
    void eventActivated(const QString& id);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    struct Bar
    {
        int row = 0; // in the book
        int lane = 0;
        double x0 = 0;
        double x1 = 0;
        bool open = false;
        PolicyEventKind kind = PolicyEventKind::Hog;
    };
    struct Lane
    {
        QString key;
        QString label;
        QList<int> bars; // into m_bars, by start
    };

    void invalidate();
    void ensureLayout() const;
    void updateScrollBar() const;
    int laneHeight() const;
    int axisHeight() const;
    int labelWidth() const;
    double laneTop(int lane) const; // viewport y
    QRectF barRectAt(const Bar& bar) const;
    TimeAxisTicks axisTicks() const;         // the shared time-axis routine's ticks
    int barIndexOf(const QString& id) const; // -1: not shown
    void paintAxis(QPainter& p) const;

    EventBook* m_book;
    LaneMode m_mode = LaneMode::Gpu;
    qint64 m_spanMs = 6LL * 3600 * 1000;
    std::optional<qint64> m_fixedNow;
    std::function<bool(const PolicyEvent&)> m_accepts;
    QString m_selected;
    QTimer* m_clock;

    // The cached layout.
    mutable bool m_dirty = true;
    mutable qint64 m_layoutNow = 0;
    mutable QList<Lane> m_lanes;
    mutable QList<Bar> m_bars;
    mutable QList<int> m_barOfRow; // book row → m_bars, -1: not shown
    mutable int m_labelWidth = 0;
    // Bar texts, laid out once per width.
    struct Label
    {
        int width = -1;
        int mode = -1;
        QStaticText text;
    };
    mutable QHash<QString, Label> m_labels;
};

} // namespace gw
