#include "window/liveheader.h"

#include "common/freshness.h"
#include "common/palette.h"
#include "model/linkstatus.h"
#include "model/snapshot.h"
#include "models/ownertext.h"
#include "window/elidinglabel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace gw {

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
    m_title->setLine(s.server);
    QString subtitle = tr("%n GPUs", nullptr, int(s.gpus.size())) + QStringLiteral(", ") +
                       tr("%n processes on GPUs", nullptr, int(s.processes.size()));
    if (const QString line = connectionText(link); !line.isEmpty())
        subtitle += QStringLiteral(" · ") + line;
    if (s.host.ownPidNamespace.value_or(false))
        subtitle += QStringLiteral(" · ") + tr("own PID namespace: no process named");
    setSubtitle(subtitle);
}

void LiveHeader::showGpu(const Snapshot& s, const GpuSample& g)
{
    m_chartSpan->setEnabled(true);
    m_title->setLine(tr("%1 · GPU %2 · %3").arg(s.server).arg(g.index).arg(g.name));
    QString subtitle = g.pciBusId.isEmpty() ? g.uuid : g.uuid + QStringLiteral(" · ") + g.pciBusId;
    // The workload the GPU is assigned to, first: with no process on it, it
    // is the one thing that says the GPU is taken.
    if (const QString held = heldByText(g); !held.isEmpty())
        subtitle = held + QStringLiteral(" · ") + subtitle;
    setSubtitle(subtitle);
}

void LiveHeader::showUnanswered(const QString& server, const LinkStatus* link)
{
    m_title->setLine(server);
    setSubtitle(connectionText(link));
}

void LiveHeader::setFreshness(const Freshness& f)
{
    const bool stale = f.stale && f.hasReading;
    m_staleLine = stale ? staleText(f) : QString();
    m_title->setForegroundRole(stale ? QPalette::PlaceholderText : QPalette::WindowText);
    // The warning reads in the window's text colour, not the subtitle's grey.
    m_subtitle->setForegroundRole(stale ? QPalette::WindowText : QPalette::PlaceholderText);
    showSubtitle();
}

QString LiveHeader::staleLine() const
{
    return m_staleLine;
}

void LiveHeader::setSubtitle(const QString& line)
{
    m_baseSubtitle = line;
    showSubtitle();
}

void LiveHeader::showSubtitle()
{
    // "○ stale — last reading 4 min ago · 4 GPUs, …": the hollow ring is the
    // stale mark of the tree and the legend.
    m_subtitle->setLine(
        m_staleLine.isEmpty()
            ? m_baseSubtitle
            : QStringLiteral("\u25CB ") + m_staleLine +
                  (m_baseSubtitle.isEmpty() ? QString() : QStringLiteral(" · ") + m_baseSubtitle));
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
