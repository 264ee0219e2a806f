#pragma once

// The row above a history chart: presets (15 min … 7 days) that follow the
// newest sample, a custom fixed range picked in a small dialog, the range in
// words (in full, or in a shorter form that fits: never cut in the middle),
// and a button that undoes zoom and pan.

#include <QStringList>
#include <QWidget>

class QAbstractButton;
class QButtonGroup;
class QLabel;
class QToolButton;

namespace gw {

class HistoryChartModel;

class TimeRangeBar final : public QWidget
{
    Q_OBJECT
public:
    explicit TimeRangeBar(HistoryChartModel* model, QWidget* parent = nullptr);

    // Spans of the presets, in button order.
    static QList<qint64> presetSpans();
    // The preset button for a span (nullptr for none), the custom and reset
    // buttons: for tests and for the main window's shortcuts.
    QAbstractButton* presetButton(qint64 spanMs) const;
    QAbstractButton* customButton() const;
    QAbstractButton* resetButton() const;
    QString rangeText() const;

public Q_SLOTS:
    // Opens the custom range dialog (non-modal to the rest of the app).
    void chooseCustomRange();

    // One row where the width holds it; narrower, the items wrap onto
    // more rows (the least width is the widest item's).
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void sync();
    void fitLabel();
    // Places the items in `width` (where `apply`); the height they take.
    int arrange(int width, bool apply);
    void relayout(bool hintsChanged);
    int heightAt(int width) const;
    int labelMinimum() const; // the range's shortest form

    HistoryChartModel* m_model;
    QButtonGroup* m_group;
    QToolButton* m_custom;
    QToolButton* m_reset;
    QLabel* m_label;
    QList<QWidget*> m_items;    // the presets and Custom…, in order
    int m_height = -1;          // as arranged last
    int m_labelMinimum = -1;    // as arranged last
    QString m_rangeText;        // the whole text
    QStringList m_rangeShorter; // the same range in shorter words, longest first
};

} // namespace gw
