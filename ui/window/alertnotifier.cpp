#include "window/alertnotifier.h"

#include <QDateTime>
#include <QSystemTrayIcon>

namespace gw {

namespace {

QString titleOf(PolicyEventKind kind)
{
    return policyEventKindText(policyEventKindInfo(kind).title);
}

// The event in words without its kind's title in front: the alert's title
// says it already, so the tray reads "Over quota" over "erin at 80 % …" and
// the status line "Over quota: erin at 80 % …", never "Over quota: Over
// quota: …".
QString bodyOf(const PolicyEvent& e)
{
    const QString text = policyEventText(e);
    const QString prefix = titleOf(e.kind) + QStringLiteral(": ");
    return text.startsWith(prefix) ? text.mid(prefix.size()) : text;
}

} // namespace

AlertNotifier::AlertNotifier(QSystemTrayIcon* tray, QObject* parent)
    : QObject(parent)
    , m_tray(tray)
    , m_clock([] { return QDateTime::currentMSecsSinceEpoch(); })
{}

void AlertNotifier::eventsChanged(const QList<PolicyEvent>& events)
{
    const qint64 now = m_clock();
    for (const PolicyEvent& e : events) {
        const auto seen = m_seen.constFind(e.id);
        const QString who = e.user.isEmpty() ? QString::number(e.pid) : e.user;
        const QString base = policyEventKindName(e.kind) + QLatin1Char('/') + who;
        if (seen == m_seen.constEnd()) {
            m_seen.insert(e.id, e.actions.size());
            // Over already, or found long ago (the feed catching up on hours
            // the desktop was closed): history, not news.
            if (!e.isOpen() || now - e.detectedMs > kQuietMs)
                continue;
            if (!policyEventKindInfo(e.kind).alertSwitchable || m_hogAlerts)
                notify(base, titleOf(e.kind), bodyOf(e));
            continue;
        }
        for (qsizetype i = *seen; i < e.actions.size(); ++i) {
            const PolicyAction& a = e.actions[i];
            if (now - a.atMs > kQuietMs)
                continue;
            const QString title =
                a.kind == PolicyAction::Kind::Warning ? tr("%1: warning").arg(titleOf(e.kind))
                : a.kind == PolicyAction::Kind::Refused
                    ? tr("%1: not acted on").arg(titleOf(e.kind))
                : a.simulated ? tr("%1: would %2 (dry run)")
                                    .arg(titleOf(e.kind), policyActionKindText(a.kind))
                              : tr("%1: %2").arg(titleOf(e.kind), policyActionKindText(a.kind));
            notify(base + QLatin1Char('/') + policyActionKindName(a.kind), title,
                   a.detail.isEmpty() ? bodyOf(e) : bodyOf(e) + QStringLiteral(" — ") + a.detail);
        }
        if (e.isOpen())
            m_seen[e.id] = e.actions.size();
        else
            m_seen.remove(e.id); // an ended event gets no more actions
    }
    // Forget what no longer limits anything.
    for (auto it = m_last.begin(); it != m_last.end();)
        it = now - it.value() >= kQuietMs ? m_last.erase(it) : std::next(it);
}

QString AlertNotifier::statusLine(const QString& title, const QString& text)
{
    return tr("%1: %2").arg(title, text);
}

void AlertNotifier::notify(const QString& key, const QString& title, const QString& text)
{
    const qint64 now = m_clock();
    if (const auto it = m_last.constFind(key); it != m_last.constEnd() && now - *it < kQuietMs) {
        ++m_suppressed;
        return;
    }
    m_last.insert(key, now);
    m_shown << Alert{key, title, text, now};
    if (m_tray && m_tray->isVisible() && QSystemTrayIcon::isSystemTrayAvailable())
        m_tray->showMessage(title, text, QSystemTrayIcon::Warning, 15'000);
    Q_EMIT alerted(title, text);
}

} // namespace gw
