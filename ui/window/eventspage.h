#pragma once

// The Events page: the policy events of every server on a timeline (above)
// and in a filterable table (below), in a splitter. The range (1 h … 7 d)
// and the lanes (per GPU or per user) are chosen above the timeline; kinds,
// server, user, a text and "open only" filter both views alike. Selecting a
// row highlights its bar and the other way round; activating an event
// (double-click or Enter on a row, a click on a bar) asks the main window
// to show it (eventActivated): its GPU and the History tab at its range.
// Once the book has dropped events (its memory cap, its age limit), a notice
// above both views says how many, why, and where they can still be seen.

#include "policy/policyevent.h"

#include <QWidget>

#include <utility>

class QAbstractButton;
class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSplitter;
class QTableView;

namespace gw {

class EventBook;
class EventFilterProxy;
class EventModel;
class EventTimeline;

class EventsPage final : public QWidget
{
    Q_OBJECT
public:
    explicit EventsPage(EventBook* book, QWidget* parent = nullptr);

    EventBook* book() const { return m_book; }
    EventModel* model() const { return m_model; }
    EventFilterProxy* proxy() const { return m_proxy; }
    EventTimeline* timeline() const { return m_timeline; }
    QTableView* table() const { return m_table; }
    QSplitter* splitter() const { return m_splitter; }
    QAbstractButton* spanButton(qint64 spanMs) const;
    QComboBox* laneChoice() const { return m_lanes; }
    QCheckBox* kindCheck(PolicyEventKind kind) const;
    QComboBox* serverChoice() const { return m_server; }
    QComboBox* userChoice() const { return m_user; }
    QLineEdit* filterEdit() const { return m_filter; }
    QCheckBox* openOnlyCheck() const { return m_openOnly; }
    QString countText() const;

    // Where the events judged here (not an agent's) can be seen once the
    // view has dropped them: the demo's or this computer's, and whether a
    // history file keeps their readings.
    struct LocalSource
    {
        bool demo = false;
        bool history = false;
    };
    void setLocalSource(LocalSource source);
    // The notice of dropped events (hidden while none were), and its text.
    QLabel* droppedNotice() const { return m_droppedNotice; }
    QString droppedText() const;

    void setSpanMs(qint64 spanMs);
    // Selects the event in both views (empty: none).
    void selectEvent(const QString& id);
    QString selectedEvent() const { return m_selected; }

    // The range the History tab shows for an event: its span with a margin
    // either side (at least 10 minutes in all), an open one up to nowMs.
    static std::pair<qint64, qint64> historyRange(const PolicyEvent& event, qint64 nowMs);

Q_SIGNALS:
    void eventActivated(const gw::PolicyEvent& event);

private:
    void activate(const QString& id);
    void refreshChoices();
    void updateCount();
    void updateDroppedNotice();

    EventBook* m_book;
    EventModel* m_model;
    EventFilterProxy* m_proxy;
    EventTimeline* m_timeline;
    QTableView* m_table;
    QSplitter* m_splitter;
    QButtonGroup* m_spans;
    QComboBox* m_lanes;
    QList<QCheckBox*> m_kinds; // one per row of policyEventKinds()
    QComboBox* m_server;
    QComboBox* m_user;
    QLineEdit* m_filter;
    QCheckBox* m_openOnly;
    QLabel* m_count;
    QLabel* m_droppedNotice;
    LocalSource m_localSource;
    QString m_selected;
    bool m_countPending = false;
};

} // namespace gw
