#pragma once

// The window's first page: the fleet overview (every GPU of every server as a
// tile) with its sort and filter controls and the legend of its marks; while
// there is nothing to watch, the welcome panel in their place.

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QStackedWidget;

namespace gw {

class LiveState;
class StateLegend;
class OverviewModel;
class OverviewView;
class WelcomePanel;

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

    // No server but local ones, each reported and without a GPU (or, after
    // a moment's grace for the first reading, no server at all): the
    // welcome panel shows instead of the tiles. Checked at each change of
    // the fleet, so an agent added or a GPU appearing brings the tiles.
    bool nothingToWatch() const;
    WelcomePanel* welcome() const { return m_welcome; }
    bool welcomeShown() const;
    // How long an empty fleet waits for its first server (the local
    // machine's first reading) before it counts as nothing to watch.
    static constexpr int kFirstReadingGraceMs = 1500;

Q_SIGNALS:
    void gpuActivated(const QString& server, const QString& uuid);

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateCount();
    void updateWelcome();

    LiveState* m_fleet;
    OverviewModel* m_model;
    OverviewView* m_view;
    QComboBox* m_sort;
    QComboBox* m_state;
    QLineEdit* m_filter;
    QLabel* m_count;
    StateLegend* m_legend;
    QLabel* m_notes;
    WelcomePanel* m_welcome;
    QWidget* m_tilesPart; // the controls, tiles, legend and notes
    QStackedWidget* m_stack;
    bool m_graceOver = false;
};

} // namespace gw
