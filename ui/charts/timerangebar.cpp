#include "charts/timerangebar.h"

#include "charts/historychartmodel.h"
#include "common/datetimetext.h"

#include <QButtonGroup>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
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
    // Laid out by arrange(): one row where the width has room, else the
    // items wrap onto rows below (a narrow Details page at 144 dpi).
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    m_group->setExclusive(true);
    for (qint64 span : presetSpans()) {
        auto* b = new QToolButton(this);
        b->setText(presetText(span));
        b->setCheckable(true);
        b->setAutoRaise(true);
        b->setToolTip(tr("Show the last %1, following new samples").arg(presetText(span)));
        m_group->addButton(b);
        m_items.append(b);
        connect(b, &QToolButton::clicked, this, [this, span] { m_model->followNow(span); });
    }
    m_custom->setText(tr("Custom…"));
    m_custom->setCheckable(true);
    m_custom->setAutoRaise(true);
    m_custom->setToolTip(tr("Show a fixed range"));
    m_group->addButton(m_custom);
    m_items.append(m_custom);
    connect(m_custom, &QToolButton::clicked, this, &TimeRangeBar::chooseCustomRange);

    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_reset->setText(tr("Reset zoom"));
    m_reset->setToolTip(tr("Back to the chosen range (double-click the chart, or Home)"));
    m_reset->setAutoRaise(true);
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

namespace {
constexpr int kGap = 2;       // between buttons, and between rows
constexpr int kLabelGap = 12; // before the range in words
} // namespace

int TimeRangeBar::arrange(int width, bool apply)
{
    int line = m_label->sizeHint().height();
    for (const QWidget* w : std::as_const(m_items))
        line = std::max(line, w->sizeHint().height());
    line = std::max(line, m_reset->sizeHint().height());
    int x = 0;
    int y = 0;
    // The presets and Custom…, left to right, wrapping where a row is full.
    for (QWidget* w : std::as_const(m_items)) {
        const int wide = w->sizeHint().width();
        if (x > 0 && x + wide > width) {
            x = 0;
            y += line + kGap;
        }
        if (apply)
            w->setGeometry(x, y, wide, line);
        x += wide + kGap;
    }
    // The range in words (its shortest form at least) and Reset zoom at
    // the right: after the buttons where that row has room for them, else
    // on rows of their own.
    const int label = labelMinimum();
    const int reset = m_reset->sizeHint().width();
    int start = x - kGap + kLabelGap;
    if (start + label + kGap + reset > width) {
        start = 0;
        y += line + kGap;
    }
    int resetY = y;
    if (start + label + kGap + reset > width) // too narrow for both on one row
        resetY = y + line + kGap;
    if (apply) {
        const int labelRight = resetY == y ? width - reset - kGap : width;
        m_label->setGeometry(start, y, std::max(label, labelRight - start), line);
        m_reset->setGeometry(std::max(0, width - reset), resetY, reset, line);
    }
    return resetY + line;
}

int TimeRangeBar::labelMinimum() const
{
    return m_label->fontMetrics().horizontalAdvance(
        m_rangeShorter.isEmpty() ? m_rangeText : m_rangeShorter.last());
}

QSize TimeRangeBar::sizeHint() const
{
    // Everything on one row, the range in full.
    int wide = 0;
    for (const QWidget* w : std::as_const(m_items))
        wide += w->sizeHint().width() + kGap;
    wide += kLabelGap - kGap + m_label->fontMetrics().horizontalAdvance(m_rangeText) + kGap +
            m_reset->sizeHint().width();
    return {wide, heightAt(width() > 0 ? width() : wide)};
}

QSize TimeRangeBar::minimumSizeHint() const
{
    // The widest single item: the rest wraps.
    int least = std::max(labelMinimum(), m_reset->sizeHint().width());
    for (const QWidget* w : std::as_const(m_items))
        least = std::max(least, w->sizeHint().width());
    return {least, heightAt(std::max(least, width()))};
}

int TimeRangeBar::heightAt(int width) const
{
    return const_cast<TimeRangeBar*>(this)->arrange(width, false);
}

void TimeRangeBar::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout(false);
    fitLabel();
}

void TimeRangeBar::relayout(bool hintsChanged)
{
    const int height = arrange(width(), true);
    // Rows came or went, or the least width changed with the label: the
    // layout above gives the new size.
    if (height != m_height || hintsChanged) {
        m_height = height;
        updateGeometry();
    }
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
    if (m_label->text() == text && m_label->toolTip() == m_rangeText)
        return;
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
    if (labelMinimum() != m_labelMinimum) {
        // A shorter or longer least form: the rows may change.
        m_labelMinimum = labelMinimum();
        relayout(true);
    }
    fitLabel();
}

void TimeRangeBar::chooseCustomRange()
{
    auto* dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Custom time range"));
    auto* form = new QFormLayout(dialog);
    const QString format = dateTimeFormat();
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
