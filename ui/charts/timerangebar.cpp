#include "charts/timerangebar.h"

#include "charts/historychartmodel.h"

#include <QButtonGroup>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QResizeEvent>
#include <QToolButton>

namespace gw {

namespace {

constexpr qint64 kMinuteMs = 60'000;
constexpr qint64 kHourMs = 60 * kMinuteMs;
constexpr qint64 kDayMs = 24 * kHourMs;

QString presetText(qint64 span)
{
    if (span >= kDayMs && span % kDayMs == 0 && span > kDayMs)
        return TimeRangeBar::tr("%n days", nullptr, int(span / kDayMs));
    if (span >= kHourMs)
        return TimeRangeBar::tr("%n h", nullptr, int(span / kHourMs));
    return TimeRangeBar::tr("%n min", nullptr, int(span / kMinuteMs));
}

QString stamp(qint64 ms, const QString& format = QStringLiteral("ddd d MMM HH:mm:ss"))
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), format);
}

} // namespace

QList<qint64> TimeRangeBar::presetSpans()
{
    return {15 * kMinuteMs, kHourMs, 6 * kHourMs, kDayMs, 7 * kDayMs};
}

TimeRangeBar::TimeRangeBar(HistoryChartModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_group(new QButtonGroup(this))
    , m_custom(new QToolButton(this))
    , m_reset(new QToolButton(this))
    , m_label(new QLabel(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_group->setExclusive(true);
    for (qint64 span : presetSpans()) {
        auto* b = new QToolButton(this);
        b->setText(presetText(span));
        b->setCheckable(true);
        b->setAutoRaise(true);
        b->setToolTip(tr("Show the last %1, following new samples").arg(presetText(span)));
        m_group->addButton(b);
        layout->addWidget(b);
        connect(b, &QToolButton::clicked, this, [this, span] { m_model->followNow(span); });
    }
    m_custom->setText(tr("Custom…"));
    m_custom->setCheckable(true);
    m_custom->setAutoRaise(true);
    m_custom->setToolTip(tr("Show a fixed range"));
    m_group->addButton(m_custom);
    layout->addWidget(m_custom);
    connect(m_custom, &QToolButton::clicked, this, &TimeRangeBar::chooseCustomRange);

    layout->addSpacing(12);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_label, 1);

    m_reset->setText(tr("Reset zoom"));
    m_reset->setToolTip(tr("Back to the chosen range (double-click the chart, or Home)"));
    m_reset->setAutoRaise(true);
    layout->addWidget(m_reset);
    connect(m_reset, &QToolButton::clicked, model, &HistoryChartModel::resetZoom);

    connect(model, &HistoryChartModel::rangeChanged, this, &TimeRangeBar::sync);
    connect(model, &HistoryChartModel::zoomedChanged, this, &TimeRangeBar::sync);
    connect(model, &HistoryChartModel::followingChanged, this, &TimeRangeBar::sync);
    sync();
}

QAbstractButton* TimeRangeBar::presetButton(qint64 spanMs) const
{
    const int i = int(presetSpans().indexOf(spanMs));
    return i < 0 ? nullptr : m_group->buttons().value(i);
}

QAbstractButton* TimeRangeBar::customButton() const
{
    return m_custom;
}

QAbstractButton* TimeRangeBar::resetButton() const
{
    return m_reset;
}

QString TimeRangeBar::rangeText() const
{
    return m_rangeText;
}

void TimeRangeBar::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitLabel();
}

void TimeRangeBar::fitLabel()
{
    // The longest form that fits; the shortest one always shows whole (the
    // label's minimum width), never elided in the middle of a date.
    const QFontMetrics fm = m_label->fontMetrics();
    const int room = m_label->width();
    QString text = m_rangeShorter.isEmpty() ? m_rangeText : m_rangeShorter.last();
    for (const QString& t : std::as_const(m_rangeShorter)) {
        if (fm.horizontalAdvance(t) <= room) {
            text = t;
            break;
        }
    }
    m_label->setMinimumWidth(
        fm.horizontalAdvance(m_rangeShorter.isEmpty() ? m_rangeText : m_rangeShorter.last()));
    m_label->setText(text);
    m_label->setToolTip(m_rangeText);
}

void TimeRangeBar::sync()
{
    const qint64 base = m_model->baseSpanMs();
    QAbstractButton* checked = base > 0 ? presetButton(base) : m_custom;
    if (checked)
        checked->setChecked(true);
    m_reset->setEnabled(m_model->isZoomed());
    const qint64 from = m_model->fromMs();
    const qint64 to = m_model->toMs();
    const bool sameDay =
        QDateTime::fromMSecsSinceEpoch(from).date() == QDateTime::fromMSecsSinceEpoch(to).date();
    auto withState = [this](const QString& range) {
        if (m_model->isFollowing())
            return tr("%1 (following now)").arg(range);
        if (m_model->isZoomed())
            return tr("%1 (zoomed)").arg(range);
        return range;
    };
    const QString day = QStringLiteral("ddd d MMM ");
    const QString seconds = QStringLiteral("HH:mm:ss");
    const QString minutes = QStringLiteral("HH:mm");
    // Longest first: full stamps; the second date only where the day changes;
    // no seconds; no dates (same day); no state words.
    QStringList forms{tr("%1 – %2").arg(stamp(from, day + seconds), stamp(to, day + seconds))};
    if (sameDay)
        forms.append(tr("%1 – %2").arg(stamp(from, day + seconds), stamp(to, seconds)));
    forms.append(sameDay ? tr("%1 – %2").arg(stamp(from, day + minutes), stamp(to, minutes))
                         : tr("%1 – %2").arg(stamp(from, QStringLiteral("d MMM ") + minutes),
                                             stamp(to, QStringLiteral("d MMM ") + minutes)));
    QStringList candidates;
    for (const QString& f : std::as_const(forms))
        candidates.append(withState(f));
    if (sameDay)
        candidates.append(tr("%1 – %2").arg(stamp(from, minutes), stamp(to, minutes)));
    else
        candidates.append(forms.last());
    candidates.removeDuplicates();
    m_rangeText = candidates.first();
    m_rangeShorter = candidates;
    fitLabel();
}

void TimeRangeBar::chooseCustomRange()
{
    auto* dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Custom time range"));
    auto* form = new QFormLayout(dialog);
    const QString format = QStringLiteral("yyyy-MM-dd HH:mm");
    auto makeEdit = [&](qint64 ms) {
        auto* e = new QDateTimeEdit(QDateTime::fromMSecsSinceEpoch(ms), dialog);
        e->setCalendarPopup(true);
        e->setDisplayFormat(format);
        return e;
    };
    auto* from = makeEdit(m_model->fromMs());
    auto* to = makeEdit(m_model->toMs());
    form->addRow(tr("&From:"), from);
    form->addRow(tr("&To:"), to);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    form->addRow(buttons);
    auto validate = [from, to, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(from->dateTime() < to->dateTime());
    };
    connect(from, &QDateTimeEdit::dateTimeChanged, dialog, validate);
    connect(to, &QDateTimeEdit::dateTimeChanged, dialog, validate);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(dialog, &QDialog::accepted, this, [this, from, to] {
        m_model->setFixedRange(from->dateTime().toMSecsSinceEpoch(),
                               to->dateTime().toMSecsSinceEpoch());
    });
    // Cancelled: the buttons show the range still in force.
    connect(dialog, &QDialog::finished, this, &TimeRangeBar::sync);
    dialog->open();
}

} // namespace gw
