#pragma once

// The window's first page: the fleet overview (every GPU of every server as a
// tile) with its sort and filter controls and the legend of its marks.

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace gw {

class LiveState;
class StateLegend;
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
    // The marks' legend below the tiles, and the line on what else a tile shows.
    StateLegend* legend() const { return m_legend; }
    QLabel* notes() const { return m_notes; }
    static QString notesText();

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
    StateLegend* m_legend;
    QLabel* m_notes;
};

} // namespace gw
