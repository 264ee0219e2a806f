#pragma once

// The events table: one row per event of an EventBook, in the book's order
// (sort with a proxy: SortRole). An open event changes every reading; only
// the cells that changed are announced, never a reset.
//
// EventFilterProxy narrows it: kinds, one server, one user, a text found in
// the event's sentence, command, user or server, and open events only.

#include "models/tablemodel.h"
#include "policy/policyevent.h"

#include <QSet>
#include <QSortFilterProxyModel>

namespace gw {

class EventBook;

class EventModel final : public TableModel
{
    Q_OBJECT
public:
    enum Column
    {
        KindColumn,
        ServerColumn,
        GpuColumn,
        UserColumn,
        ProcessColumn,
        StartColumn,
        EndColumn,
        DurationColumn,
        FiguresColumn, // peak / mean; fair share: share vs quota
        ActionColumn,  // the last action
        TextColumn,    // gw::policyEventText
        ColumnCount
    };
    // Beside roles.h's RawValueRole, SortRole, ServerRole, GpuUuidRole, PidRole.
    enum EventRole
    {
        EventIdRole = Qt::UserRole + 64, // QString
        KindRole,                        // int (PolicyEventKind)
        OpenRole,                        // bool
        StartMsRole,                     // qint64
        EndMsRole,                       // qint64; invalid while open
    };

    explicit EventModel(EventBook* book, QObject* parent = nullptr);
    EventBook* book() const { return m_book; }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;

    // What a cell shows, and its raw and sort values (the model's data()).
    static QString cellText(const PolicyEvent& event, int column);
    static QVariant rawValue(const PolicyEvent& event, int column);
    static QVariant sortValue(const PolicyEvent& event, int column);
    static QString durationText(qint64 ms);
    static QString timeText(qint64 ms);

private:
    int rowTotal() const final;
    QString columnTitle(int column) const final;
    void onChanged(int row, const PolicyEvent& previous);

    EventBook* m_book;
};

class EventFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit EventFilterProxy(EventModel* model, QObject* parent = nullptr);

    void setKindShown(PolicyEventKind kind, bool shown);
    bool kindShown(PolicyEventKind kind) const { return !m_hiddenKinds.contains(int(kind)); }
    // Empty: every server / user.
    void setServer(const QString& server);
    QString server() const { return m_server; }
    void setUser(const QString& user);
    QString user() const { return m_user; }
    // Case-insensitive; found in the sentence, the command, the user or the server.
    void setText(const QString& text);
    QString text() const { return m_text; }
    void setOpenOnly(bool openOnly);
    bool openOnly() const { return m_openOnly; }

    bool acceptsEvent(const PolicyEvent& event) const;
    // The proxy index of an event (invalid when filtered out or unknown).
    QModelIndex indexOfEvent(const QString& id, int column = 0) const;

Q_SIGNALS:
    // The filter changed (not the events): views that filter alike follow.
    void filterChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const final;

private:
    void refilter();

    EventModel* m_model;
    QSet<int> m_hiddenKinds;
    QString m_server;
    QString m_user;
    QString m_text;
    bool m_openOnly = false;
};

} // namespace gw
