#include "models/verdictbook.h"

#include "common/palette.h"

#include <QPainter>
#include <QPixmap>
#include <QSet>

namespace gw {

int verdictFlags(const ProcessVerdict& v)
{
    int flags = 0;
    for (const PolicyEventKindInfo& k : policyEventKinds())
        if (v.*k.verdict)
            flags |= verdictFlag(k.kind);
    return flags;
}

VerdictBook::VerdictBook(QObject* parent)
    : QObject(parent)
{}

void VerdictBook::setStatus(const PolicyStatus& status)
{
    if (status.server.isEmpty())
        return;
    if (const auto it = m_status.constFind(status.server);
        it != m_status.cend() && it->verdicts == status.verdicts) {
        m_status.insert(status.server, status);
        return;
    }
    m_status.insert(status.server, status);
    m_open.remove(status.server);
    Q_EMIT changed(status.server);
}

void VerdictBook::addEvents(const QList<PolicyEvent>& events)
{
    QSet<QString> touched;
    for (const PolicyEvent& e : events) {
        if (m_status.contains(e.server))
            continue; // the status says it already
        auto& open = m_open[e.server];
        if (e.isOpen()) {
            open.insert(e.id, e);
            touched.insert(e.server);
        } else if (open.remove(e.id)) {
            touched.insert(e.server);
        }
        if (open.isEmpty())
            m_open.remove(e.server);
    }
    for (const QString& server : touched)
        Q_EMIT changed(server);
}

void VerdictBook::removeServer(const QString& server)
{
    const bool had = m_status.remove(server) + m_open.remove(server) > 0;
    if (had)
        Q_EMIT changed(server);
}

void VerdictBook::clear()
{
    QSet<QString> servers;
    for (auto it = m_status.cbegin(); it != m_status.cend(); ++it)
        servers.insert(it.key());
    for (auto it = m_open.cbegin(); it != m_open.cend(); ++it)
        servers.insert(it.key());
    m_status.clear();
    m_open.clear();
    for (const QString& s : servers)
        Q_EMIT changed(s);
}

bool VerdictBook::isEmpty() const
{
    for (const PolicyStatus& s : m_status)
        if (!s.verdicts.isEmpty())
            return false;
    return m_open.isEmpty();
}

QList<ProcessVerdict> VerdictBook::verdictsOf(const QString& server) const
{
    if (const auto it = m_status.constFind(server); it != m_status.cend())
        return it->verdicts;
    QList<ProcessVerdict> out;
    const auto it = m_open.constFind(server);
    if (it == m_open.cend())
        return out;
    for (const PolicyEvent& e : *it) {
        ProcessVerdict v;
        v.pid = e.pid;
        v.processStartMs = e.processStartMs;
        v.gpuUuid = e.gpuUuid;
        v.user = e.user;
        v.*policyEventKindInfo(e.kind).verdict = true;
        v.reason = policyEventText(e);
        out.append(v);
    }
    return out;
}

namespace {
void merge(std::optional<ProcessVerdict>& into, const ProcessVerdict& v)
{
    if (!into) {
        into = v;
        return;
    }
    for (const PolicyEventKindInfo& k : policyEventKinds())
        (*into).*k.verdict = (*into).*k.verdict || v.*k.verdict;
    if (!v.reason.isEmpty() && !into->reason.contains(v.reason))
        into->reason += (into->reason.isEmpty() ? QString() : QStringLiteral("\n")) + v.reason;
}
} // namespace

std::optional<ProcessVerdict> VerdictBook::processVerdict(const QString& server, qint64 pid,
                                                          const QString& gpuUuid,
                                                          const QString& user,
                                                          std::optional<qint64> startMs,
                                                          const QString& account) const
{
    std::optional<ProcessVerdict> out;
    for (const ProcessVerdict& v : verdictsOf(server)) {
        const bool sameProcess =
            v.pid > 0 && v.pid == pid &&
            (gpuUuid.isEmpty() || v.gpuUuid.isEmpty() || v.gpuUuid == gpuUuid) &&
            (!startMs || !v.processStartMs || *startMs == *v.processStartMs);
        // A user-wide verdict (no pid: over quota, a user-scope hog) is
        // every process of that user: its owner (docs/owners.md).
        const bool sameUser = v.pid <= 0 && !user.isEmpty() && v.user == user;
        // An account's (scope = "account"): every process of the account.
        const bool sameAccount =
            v.pid <= 0 && v.user.isEmpty() && !account.isEmpty() && v.account == account;
        if (sameProcess || sameUser || sameAccount)
            merge(out, v);
    }
    if (out) {
        out->pid = pid;
        if (!gpuUuid.isEmpty())
            out->gpuUuid = gpuUuid;
    }
    return out;
}

std::optional<ProcessVerdict> VerdictBook::gpuVerdict(const QString& server,
                                                      const QString& gpuUuid) const
{
    std::optional<ProcessVerdict> out;
    for (const ProcessVerdict& v : verdictsOf(server))
        if (v.pid > 0 && v.gpuUuid == gpuUuid && verdictFlags(v) != 0)
            merge(out, v);
    if (out) {
        out->pid = 0;
        out->gpuUuid = gpuUuid;
    }
    return out;
}

std::optional<ProcessVerdict> VerdictBook::withGpuHealth(std::optional<ProcessVerdict> v,
                                                         const GpuSample& g)
{
    if (!g.health ||
        (g.health->state != HealthState::Degraded && g.health->state != HealthState::Failing))
        return v;
    if (!v) {
        v = ProcessVerdict{};
        v->gpuUuid = g.uuid;
    }
    v->faultyGpu = true;
    const QString state =
        g.health->state == HealthState::Failing ? tr("GPU failing") : tr("GPU degraded");
    QStringList lines{state + QLatin1Char(':')};
    for (const QString& reason : g.health->reasons)
        lines << QStringLiteral("  ") + reason;
    v->reason = lines.join(QLatin1Char('\n')) +
                (v->reason.isEmpty() ? QString() : QLatin1Char('\n') + v->reason);
    return v;
}

QStringList VerdictBook::badgeWords(const ProcessVerdict& v)
{
    QStringList words;
    for (const PolicyEventKindInfo& k : policyEventKinds())
        if (v.*k.verdict)
            words << policyEventKindText(k.badge);
    return words;
}

QString VerdictBook::badgeText(const ProcessVerdict& v)
{
    return badgeWords(v).join(tr(" · "));
}

QString VerdictBook::toolTip(const ProcessVerdict& v)
{
    const QString words = badgeText(v);
    return v.reason.isEmpty() ? words : words + QLatin1Char('\n') + v.reason;
}

QIcon VerdictBook::badgeIcon(const ProcessVerdict& v, const QPalette& palette)
{
    QList<PolicyEventKind> kinds;
    for (const PolicyEventKindInfo& k : policyEventKinds())
        if (v.*k.verdict)
            kinds << k.kind;
    if (kinds.isEmpty())
        return {};
    static QHash<QString, QIcon> cache;
    QString key = palette.color(QPalette::Base).name();
    for (PolicyEventKind k : kinds)
        key += QString::number(int(k));
    if (const auto it = cache.constFind(key); it != cache.cend())
        return *it;
    QIcon icon;
    for (int size : {16, 32}) {
        // One rounded tile per verdict side by side would not fit 16 px:
        // the first verdict's tile, a corner dot for each further one.
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        const QColor fill = eventKindColor(kinds.first(), palette);
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        p.drawRoundedRect(QRectF(0.5, 0.5, size - 1, size - 1), size * 0.2, size * 0.2);
        QFont f = p.font();
        f.setPixelSize(int(size * 0.72));
        f.setBold(true);
        p.setFont(f);
        p.setPen(textColorOn(fill));
        p.drawText(QRectF(0, 0, size, size), Qt::AlignCenter, eventKindLetter(kinds.first()));
        for (int i = 1; i < kinds.size(); ++i) {
            const qreal d = size * 0.34;
            const QRectF dot(size - d - (i - 1) * d * 0.9, size - d, d, d);
            p.setPen(QPen(palette.color(QPalette::Base), size / 16.0));
            p.setBrush(eventKindColor(kinds.at(i), palette));
            p.drawEllipse(dot);
        }
        p.end();
        icon.addPixmap(pm);
    }
    return *cache.insert(key, icon);
}

} // namespace gw
