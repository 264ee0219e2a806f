#include "window/statusline.h"

#include "common/freshness.h"
#include "common/palette.h"
#include "engine/livestate.h"

#include <QDateTime>
#include <QLabel>
#include <QStyle>
#include <QTimer>

namespace gw {

StatusLine::StatusLine(const LiveState* fleet, QWidget* parent)
    : QStatusBar(parent)
    , m_fleet(fleet)
    , m_banner(new QLabel)
    , m_backend(new QLabel(tr("Starting…")))
    , m_updated(new QLabel)
    , m_history(new QLabel)
    , m_historyIcon(new QLabel)
    , m_stale(new QLabel)
{
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setFrameShape(QFrame::StyledPanel);
    m_banner->setContentsMargins(8, 6, 8, 6);
    m_banner->setAutoFillBackground(true);
    m_banner->setBackgroundRole(QPalette::ToolTipBase);
    m_banner->setForegroundRole(QPalette::ToolTipText);
    m_banner->hide();

    // A long backend message is clipped (full text in the tooltip) rather
    // than squeezing the update time.
    m_backend->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_updated->setMinimumWidth(m_updated->fontMetrics().horizontalAdvance(
                                   tr("Updated %1").arg(QStringLiteral("00:00:00"))) +
                               8);
    addWidget(m_backend, 1);
    m_history->hide();
    m_historyIcon->hide();
    addPermanentWidget(m_historyIcon);
    addPermanentWidget(m_history);
    m_stale->hide();
    addPermanentWidget(m_stale);
    connect(fleet, &LiveState::staleTick, this, &StatusLine::updateFreshness);
    connect(fleet, &LiveState::freshnessChanged, this, &StatusLine::updateFreshness);
    connect(fleet, &LiveState::serverRemoved, this, &StatusLine::updateFreshness);
    // A stale server's new reading (or a link that went down) changes the
    // count now, as it changes the tree's rows now: waiting for the next
    // check left "1 servers stale" beside a tree of fresh servers.
    connect(fleet, &LiveState::serverUpdated, this, &StatusLine::updateFreshnessSoon);
    addPermanentWidget(m_updated);
}

QString StatusLine::text() const
{
    return m_backend->text();
}

void StatusLine::setBackendStatus(const QString& message)
{
    m_backendMessage = message;
    updateLine();
    updateBanner();
}

void StatusLine::setSourceStatus(const QString& source, const QString& message)
{
    if (message.isEmpty())
        m_sourceStatus.remove(source);
    else
        m_sourceStatus.insert(source, message);
    updateLine();
}

void StatusLine::showHistoryError(const QString& message)
{
    // The bar's own text colour (legible on light and dark bars alike),
    // bold, with the warning icon: BrightText is meant for dark fills.
    m_history->setText(tr("<b>History off:</b> %1").arg(message.toHtmlEscaped()));
    m_history->setTextFormat(Qt::RichText);
    m_history->setToolTip(message);
    m_history->setForegroundRole(QPalette::WindowText);
    m_historyIcon->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(fontMetrics().height()));
    m_history->setVisible(!message.isEmpty());
    m_historyIcon->setVisible(!message.isEmpty());
}

void StatusLine::showKeychainErrors(const QStringList& errors)
{
    m_keychainErrors = errors;
    updateBanner();
}

void StatusLine::showUpdated(qint64 timestampMs)
{
    m_updated->setText(
        tr("Updated %1")
            .arg(QDateTime::fromMSecsSinceEpoch(timestampMs).toString(QStringLiteral("HH:mm:ss"))));
}

void StatusLine::showSelected(const QString& server)
{
    m_selected = server;
    updateFreshness();
}

QString StatusLine::staleSummary() const
{
    return m_stale->isVisibleTo(this) ? m_stale->text() : QString();
}

QString StatusLine::staleToolTip() const
{
    return m_stale->toolTip();
}

void StatusLine::updateFreshnessSoon()
{
    if (m_freshnessDue)
        return;
    m_freshnessDue = true;
    QTimer::singleShot(0, this, [this] {
        m_freshnessDue = false;
        updateFreshness();
    });
}

QString StatusLine::updatedText() const
{
    return m_updated->text();
}

void StatusLine::updateFreshness()
{
    QStringList stale;
    for (const auto& server : m_fleet->servers()) {
        const Freshness f = m_fleet->freshness(server);
        if (f.stale && f.hasReading)
            stale.append(tr("%1: %2").arg(server, lastReadingText(f)));
    }
    m_stale->setText(stale.isEmpty() ? QString()
                                     : tr("%n servers stale", nullptr, int(stale.size())));
    m_stale->setToolTip(stale.join(QLatin1Char('\n')));
    m_stale->setVisible(!stale.isEmpty());
    if (m_selected.isEmpty())
        return;
    const Freshness f = m_fleet->freshness(m_selected);
    if (!f.hasReading)
        return;
    const Snapshot* s = m_fleet->latest(m_selected);
    if (f.stale) {
        m_updated->setText(tr("%1: %2").arg(m_selected, staleText(f)));
        QPalette p = m_updated->palette();
        p.setColor(QPalette::WindowText, staleTextColor(palette()));
        m_updated->setPalette(p);
    } else {
        showUpdated(s->timestampMs);
        m_updated->setPalette(QPalette());
    }
}

void StatusLine::updateLine()
{
    QStringList lines;
    if (!m_backendMessage.isEmpty())
        lines.append(m_backendMessage);
    lines += m_sourceStatus.values();
    m_backend->setText(lines.join(QStringLiteral(" · ")));
    m_backend->setToolTip(lines.join(QLatin1Char('\n')));
}

void StatusLine::updateBanner()
{
    // No GPU anywhere and the source said why: say it plainly, keep the host.
    bool anyGpu = false;
    bool anyServer = false;
    for (const auto& server : m_fleet->servers()) {
        if (const Snapshot* s = m_fleet->latest(server)) {
            anyServer = true;
            anyGpu = anyGpu || !s->gpus.isEmpty();
        }
    }
    QStringList parts;
    if (anyServer && !anyGpu)
        parts.append(tr("<b>No GPU found on this machine.</b> Showing the host only.<br>%1")
                         .arg(m_backendMessage.toHtmlEscaped()));
    if (!m_keychainErrors.isEmpty())
        parts.append(tr("<b>Keychain:</b> %1<br>A server without its token is asked without "
                        "one until the keychain answers; File → Servers… stores tokens again.")
                         .arg(m_keychainErrors.join(QStringLiteral("<br>")).toHtmlEscaped()));
    m_banner->setText(parts.join(QStringLiteral("<br>")));
    m_banner->setVisible(!parts.isEmpty());
}

} // namespace gw
