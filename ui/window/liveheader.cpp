#include "window/liveheader.h"

#include "model/linkstatus.h"
#include "model/snapshot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace gw {

namespace {
// A line that is cut with "…" where the window is narrower than it, instead
// of widening the window (and squeezing the server tree) by a long server or
// GPU name; the whole line is in its tooltip then.
class ElidingLabel final : public QLabel
{
public:
    ElidingLabel() { setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); }

    void setLine(const QString& line)
    {
        m_line = line;
        elide();
    }

protected:
    void resizeEvent(QResizeEvent* event) override
    {
        QLabel::resizeEvent(event);
        elide();
    }

private:
    void elide()
    {
        const QString shown = fontMetrics().elidedText(m_line, Qt::ElideRight, width());
        setText(shown);
        setToolTip(shown == m_line ? QString() : m_line);
    }

    QString m_line;
};
} // namespace

LiveHeader::LiveHeader(QWidget* parent)
    : QWidget(parent)
    , m_title(new ElidingLabel)
    , m_subtitle(new ElidingLabel)
    , m_chartSpan(new QComboBox)
{
    QFont tf = m_title->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.3);
    tf.setBold(true);
    m_title->setFont(tf);
    m_subtitle->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_subtitle->setForegroundRole(QPalette::PlaceholderText);
    for (int minutes : {5, 15, 60})
        m_chartSpan->addItem(tr("Last %n min", nullptr, minutes), minutes);
    m_chartSpan->setCurrentIndex(1);
    m_chartSpan->setToolTip(tr("Time window of the charts"));
    connect(m_chartSpan, &QComboBox::currentIndexChanged, this, &LiveHeader::chartMinutesChanged);

    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    auto* titles = new QVBoxLayout;
    titles->addWidget(m_title);
    titles->addWidget(m_subtitle);
    row->addLayout(titles, 1);
    row->addWidget(m_chartSpan, 0, Qt::AlignTop);
}

void LiveHeader::setTitleLine(const QString& line)
{
    static_cast<ElidingLabel*>(m_title)->setLine(line);
}

void LiveHeader::setSubtitleLine(const QString& line)
{
    static_cast<ElidingLabel*>(m_subtitle)->setLine(line);
}

QString LiveHeader::connectionText(const LinkStatus* link)
{
    if (!link)
        return {};
    QString text = linkStateText(link->state);
    if (!link->error.isEmpty())
        text += QStringLiteral(": ") + link->error;
    if (link->clockOffsetMs != 0)
        text += QStringLiteral(" · ") + clockOffsetText(link->clockOffsetMs);
    return text;
}

void LiveHeader::showServer(const Snapshot& s, const LinkStatus* link)
{
    m_chartSpan->setEnabled(false);
    setTitleLine(s.server);
    QString subtitle = tr("%n GPU(s), %1 process(es) on GPUs", nullptr, int(s.gpus.size()))
                           .arg(s.processes.size());
    if (const QString line = connectionText(link); !line.isEmpty())
        subtitle += QStringLiteral(" · ") + line;
    setSubtitleLine(subtitle);
}

void LiveHeader::showGpu(const Snapshot& s, const GpuSample& g)
{
    m_chartSpan->setEnabled(true);
    setTitleLine(tr("%1 · GPU %2 · %3").arg(s.server).arg(g.index).arg(g.name));
    setSubtitleLine(g.pciBusId.isEmpty() ? g.uuid : g.uuid + QStringLiteral(" · ") + g.pciBusId);
}

void LiveHeader::showUnanswered(const QString& server, const LinkStatus* link)
{
    setTitleLine(server);
    setSubtitleLine(connectionText(link));
}

int LiveHeader::chartMinutes() const
{
    return m_chartSpan->currentData().toInt();
}

void LiveHeader::setChartMinutes(int minutes)
{
    const int i = m_chartSpan->findData(minutes);
    if (i >= 0)
        m_chartSpan->setCurrentIndex(i);
}

} // namespace gw
