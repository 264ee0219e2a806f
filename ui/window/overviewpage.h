#pragma once

// The window's first page: the fleet overview (every GPU of every server as a
// tile) with its sort and filter controls and the legend of its colours.

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace gw {

class LiveState;
class OverviewModel;
class OverviewView;

class OverviewPage final : public QWidget
{
    Q_OBJECT
public:
    explicit OverviewPage(LiveState* fleet, QWidget* parent = nullptr);

    OverviewModel* model() const { return m_model; }
    OverviewView* view() const { return m_view; }
    QComboBox* sortChoice() const { return m_sort; }
    QComboBox* stateChoice() const { return m_state; }
    QLineEdit* filterEdit() const { return m_filter; }
    QLabel* legend() const { return m_legend; }

    // The legend as rich text in the palette's colours (shown below the tiles).
    static QString legendHtml(const QPalette& palette);

Q_SIGNALS:
    void gpuActivated(const QString& server, const QString& uuid);

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateCount();

    OverviewModel* m_model;
    OverviewView* m_view;
    QComboBox* m_sort;
    QComboBox* m_state;
    QLineEdit* m_filter;
    QLabel* m_count;
    QLabel* m_legend;
};

} // namespace gw
