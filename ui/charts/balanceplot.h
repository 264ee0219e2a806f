#pragma once

// Balance over time per user (the Tokens page): a painted step chart, one
// line per user (or only the user picked), from the ledger itself: the
// balance holds from one entry to the next and jumps at each entry, as the
// books do. The zero line, and the overdraft floor dashed in the error
// colour; the value axis takes in both, so a user above both still shows
// where they are. Drawn with QPainter like the app's HistoryPlot, with the
// same value-axis steps (axisstep.h), day labels and palette colours; it
// recolours on palette changes. Not a HistoryPlot: that chart's axis starts
// at zero and its units come from the metric table; balances go negative
// and are tokens.

#include "common/paintedaccessible.h"
#include "tokens/ledger.h"

#include <QMap>
#include <QPointF>
#include <QTimeZone>
#include <QWidget>

namespace gw {

class BalancePlot final : public QWidget, public AccessibleItems
{
    Q_OBJECT
public:
    explicit BalancePlot(QWidget* parent = nullptr);

    // The ledger in order; the lines run from each user's first entry to
    // untilMs (the books' "as of").
    void setLedger(const QList<LedgerEntry>& entries, double floor, qint64 untilMs);
    // The zone of the time axis (the books' zone, as the ledger's times).
    void setTimeZone(const QTimeZone& zone);
    // Empty: every user; else only this one.
    void setUser(const QString& user);
    QString user() const { return m_user; }

    // For tests: users drawn, in colour order; a user's steps as (ms,
    // balance after) points, the first at their first entry, the last at
    // untilMs.
    QStringList usersShown() const;
    QList<QPointF> steps(const QString& user) const { return m_steps.value(user); }
    double valueMin() const { return m_yMin; }
    double valueMax() const { return m_yMax; }
    qint64 fromMs() const { return m_fromMs; }
    qint64 toMs() const { return m_toMs; }
    double floor() const { return m_floor; }
    QRectF plotRect() const;
    // Each user's balance at `ms` (users not yet in the books absent).
    QMap<QString, double> balancesAt(qint64 ms) const;
    // The tooltip at plot x: the time, then "alice: 46" per user drawn.
    QString hoverText(double x) const;
    double yForValue(double v) const;
    double xForTime(qint64 ms) const;

    QSize sizeHint() const final;
    QSize minimumSizeHint() const final;

    // Assistive technology reads each user drawn: balance now, lowest and
    // highest over the range, against the floor (common/paintedaccessible.h).
    int accessibleItemCount() const override { return int(usersShown().size()); }
    QString accessibleItemName(int index) const override;
    QString accessibleItemDescription(int index) const override;
    QRect accessibleItemRect(int index) const override;
    QAccessible::Role accessibleItemRole() const override { return QAccessible::Graphic; }
    QString accessibleSummary() const override;

protected:
    void paintEvent(QPaintEvent* event) final;
    void changeEvent(QEvent* event) final;
    void mouseMoveEvent(QMouseEvent* event) final;

private:
    void layoutAxis();

    QMap<QString, QList<QPointF>> m_steps; // user → (ms, balance) steps
    QStringList m_users;                   // sorted: colours stay with users
    QString m_user;
    QTimeZone m_zone = QTimeZone::systemTimeZone();
    double m_floor = 0;
    qint64 m_fromMs = 0;
    qint64 m_toMs = 0;
    double m_yMin = 0;
    double m_yMax = 1;
    double m_yStep = 1;
};

} // namespace gw
