// TokenDesk as the keeper of several agents (docs/tokens.md, "Keeper of
// several agents"): the peers' facts, their cursors and gaps, the servers'
// state in /v1/balances, and the BalanceView enforcement judges by.
#include "agent/journalwriter.h"
#include "agent/tokendesk.h"
#include "tokens/tokensjson.h"

#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSysInfo>
#include <QUrl>

Q_DECLARE_LOGGING_CATEGORY(lcTokens)

namespace gw {

namespace {

QString cursorKey(const QString& url)
{
    return QStringLiteral("peer_cursor:") + url;
}

QString gapsKey(const QString& url)
{
    return QStringLiteral("peer_gaps:") + url;
}

QString promCursorKey(const QString& url)
{
    return QStringLiteral("prom_cursor:") + url;
}

QJsonArray gapsToJson(const QList<CoverageGap>& gaps)
{
    QJsonArray out;
    for (const CoverageGap& g : gaps)
        out.append(coverageGapToJson(g));
    return out;
}

QList<CoverageGap> gapsFromJson(const QByteArray& text)
{
    QList<CoverageGap> out;
    for (const QJsonValue& v : QJsonDocument::fromJson(text).array()) {
        QString error;
        if (const auto g = coverageGapFromJson(v.toObject(), &error))
            out.append(*g);
    }
    return out;
}

} // namespace

QString TokenDesk::serverName() const
{
    if (!m_serverName.isEmpty())
        return m_serverName;
    if (!m_lastServer.isEmpty())
        return m_lastServer;
    return QSysInfo::machineHostName();
}

bool TokenDesk::ownServer(const QString& server) const
{
    return server == serverName() || m_ownServers.contains(server);
}

void TokenDesk::setPeers(const QStringList& urls)
{
    m_peerOrder = urls;
    for (const QString& url : urls)
        m_peers.insert(url, Peer());
}

TokenDesk::PeerCursor TokenDesk::peerCursor(const QString& url) const
{
    return m_peers.value(url).cursor;
}

// On the journal's thread, inside load(): the peers' facts as stored (of
// every peer ever polled, listed now or not: they are in the books), and
// the cursors and gaps of the peers listed now.
void TokenDesk::loadPeers(AgentJournal& j, QString* why)
{
    const QList<AgentJournal::Entry> rows = m_peerLog.load(j, why);
    for (const AgentJournal::Entry& e : rows) {
        QJsonObject o = QJsonDocument::fromJson(e.json).object();
        const QString url = o.take(QStringLiteral("peer_url")).toString();
        o.remove(QStringLiteral("peer_stream"));
        o.remove(QStringLiteral("peer_sequence"));
        QString error;
        const auto f = usageFactFromJson(o, &error);
        if (!f) {
            qCWarning(lcTokens).noquote() << "peer usage" << e.sequence << "unreadable:" << error;
            continue;
        }
        m_peerFacts.append(*f);
        m_peerKeys.insert(UsageMeter::Key::of(*f));
        m_serverPeer.insert(f->server, url);
        m_models.insert(f->gpuModel);
        if (m_peers.contains(url))
            m_peers[url].server = f->server;
    }
    for (const QString& url : std::as_const(m_peerOrder)) {
        Peer& p = m_peers[url];
        if (const auto cursor = j.metaValue(cursorKey(url))) {
            // "STREAM SEQ"
            const qsizetype blank = cursor->lastIndexOf(QLatin1Char(' '));
            p.cursor.stream = cursor->left(blank);
            p.cursor.sequence = cursor->mid(blank + 1).toULongLong();
        }
        if (const auto gaps = j.metaValue(gapsKey(url)))
            p.gaps = gapsFromJson(gaps->toUtf8());
    }
    if (m_promUrl.isEmpty())
        return;
    if (const auto cursor = j.metaValue(promCursorKey(m_promUrl))) {
        QString error;
        if (const auto c = PromUsageCursor::fromJson(cursor->toUtf8(), &error))
            m_promCursor = *c;
        else
            qCWarning(lcTokens).noquote() << "the Prometheus cursor is unreadable:" << error;
    }
}

bool TokenDesk::absorbPeerPage(const QString& url, const PeerPage& page, QString* error)
{
    Peer& peer = m_peers[url];
    if (!m_peerOrder.contains(url))
        m_peerOrder.append(url);
    QList<UsageFact> taken;
    QByteArrayList rows;
    QSet<UsageMeter::Key> keys;
    QMap<QString, int> refusedOwn, refusedOther;
    int held = 0;
    for (const auto& [peerSequence, f] : page.facts) {
        const UsageMeter::Key key = UsageMeter::Key::of(f);
        const QString owner = m_serverPeer.value(f.server, url);
        if (ownServer(f.server)) {
            ++refusedOwn[f.server];
        } else if (owner != url) {
            ++refusedOther[f.server];
        } else if (m_peerKeys.contains(key) || keys.contains(key)) {
            // A peer that lost its journal serves its facts again on a new
            // stream: those already held are not taken twice.
            ++held;
        } else {
            keys.insert(key);
            taken.append(f);
            QJsonObject o = usageFactToJson(f);
            o.insert(QStringLiteral("peer_url"), url);
            o.insert(QStringLiteral("peer_stream"), page.stream);
            o.insert(QStringLiteral("peer_sequence"), qint64(peerSequence));
            rows.append(QJsonDocument(o).toJson(QJsonDocument::Compact));
        }
    }
    const PeerCursor cursor{page.stream, page.next};
    const bool gapsChanged = page.gaps != peer.gaps;
    if (!rows.isEmpty() || gapsChanged || cursor.stream != peer.cursor.stream ||
        cursor.sequence != peer.cursor.sequence) {
        const QByteArray gaps = QJsonDocument(gapsToJson(page.gaps)).toJson(QJsonDocument::Compact);
        if (!m_peerLog.append(rows,
                              {{cursorKey(url), cursor.stream + QLatin1Char(' ') +
                                                    QString::number(cursor.sequence)},
                               {gapsKey(url), QString::fromUtf8(gaps)}},
                              error))
            return false;
    }
    for (const UsageFact& f : std::as_const(taken)) {
        m_serverPeer.insert(f.server, url);
        m_models.insert(f.gpuModel);
        peer.server = f.server;
    }
    m_peerFacts += taken;
    m_peerKeys += keys;
    peer.cursor = cursor;
    peer.gaps = page.gaps;
    if (!taken.isEmpty() || gapsChanged)
        m_booksStale = true;

    QStringList refused;
    for (auto it = refusedOwn.cbegin(); it != refusedOwn.cend(); ++it)
        refused << QStringLiteral("%1 facts of %2 refused: %2 is the keeper's own server")
                       .arg(it.value())
                       .arg(it.key());
    for (auto it = refusedOther.cbegin(); it != refusedOther.cend(); ++it)
        refused << QStringLiteral("%1 facts of %2 refused: %2 is served by %3")
                       .arg(it.value())
                       .arg(it.key(), m_serverPeer.value(it.key()));
    if (!refused.isEmpty()) {
        peer.refused = refused.join(QStringLiteral("; "));
        qCWarning(lcTokens).noquote() << url << peer.refused;
    } else if (!page.facts.isEmpty()) {
        peer.refused.clear();
    }
    if (held > 0)
        qCInfo(lcTokens).noquote() << url << "stream" << page.stream << ":" << held
                                   << "facts already held were not taken again";
    return true;
}

void TokenDesk::peerContact(const QString& url, bool reachable, const QString& error)
{
    Peer& peer = m_peers[url];
    peer.reachable = reachable;
    if (reachable)
        peer.lastContactMs = m_now();
    peer.error = error;
}

QJsonArray TokenDesk::serversJson() const
{
    QJsonArray out;
    out.append(QJsonObject{{QStringLiteral("server"), serverName()},
                           {QStringLiteral("url"), QString()},
                           {QStringLiteral("last_sequence"), qint64(lastUsageSequence())},
                           {QStringLiteral("reachable"), true},
                           {QStringLiteral("last_contact_ms"), m_now()},
                           {QStringLiteral("error"), QString()}});
    for (const QString& url : m_peerOrder) {
        const Peer p = m_peers.value(url);
        QStringList errors;
        if (!p.error.isEmpty())
            errors << p.error;
        if (!p.refused.isEmpty())
            errors << p.refused;
        // Before its first fact a peer is named by its host.
        out.append(QJsonObject{
            {QStringLiteral("server"), p.server.isEmpty() ? QUrl(url).host() : p.server},
            {QStringLiteral("url"), url},
            {QStringLiteral("last_sequence"), qint64(p.cursor.sequence)},
            {QStringLiteral("reachable"), p.reachable},
            {QStringLiteral("last_contact_ms"),
             p.lastContactMs ? QJsonValue(*p.lastContactMs) : QJsonValue()},
            {QStringLiteral("error"), errors.join(QStringLiteral("; "))}});
    }
    return out;
}

void TokenDesk::setPrometheus(const QString& url)
{
    m_promUrl = url;
    if (!url.isEmpty() && !m_peerOrder.contains(url)) {
        m_peerOrder.append(url);
        m_peers.insert(url, Peer());
    }
}

QList<UsageFact> TokenDesk::admissible(const QString& url, const QList<UsageFact>& facts,
                                       QString* refused) const
{
    QList<UsageFact> out;
    QMap<QString, int> own, other;
    for (const UsageFact& f : facts) {
        if (ownServer(f.server))
            ++own[f.server];
        else if (m_serverPeer.value(f.server, url) != url)
            ++other[f.server];
        else
            out.append(f);
    }
    QStringList said;
    for (auto it = own.cbegin(); it != own.cend(); ++it)
        said << QStringLiteral("%1 facts of %2 refused: %2 is the keeper's own server")
                    .arg(it.value())
                    .arg(it.key());
    for (auto it = other.cbegin(); it != other.cend(); ++it)
        said << QStringLiteral("%1 facts of %2 refused: %2 is served by %3")
                    .arg(it.value())
                    .arg(it.key(), m_serverPeer.value(it.key()));
    *refused = said.join(QStringLiteral("; "));
    return out;
}

bool TokenDesk::absorbPromFacts(const QList<UsageFact>& facts, const PromUsageCursor& cursor,
                                const QStringList& warnings, QString* error)
{
    const QString url = m_promUrl;
    // Prometheus scrapes the keeper too: its own series are expected there
    // and skipped without a word (its facts are its own journal's).
    QList<UsageFact> others;
    for (const UsageFact& f : facts)
        if (!ownServer(f.server))
            others.append(f);
    QString refused;
    const QList<UsageFact> taken = admissible(url, others, &refused);
    if (!facts.isEmpty() || !(cursor == m_promCursor)) {
        QByteArrayList rows;
        for (const UsageFact& f : taken) {
            QJsonObject o = usageFactToJson(f);
            o.insert(QStringLiteral("peer_url"), url);
            o.insert(QStringLiteral("peer_stream"), QString());
            o.insert(QStringLiteral("peer_sequence"), 0);
            rows.append(QJsonDocument(o).toJson(QJsonDocument::Compact));
        }
        if (!m_peerLog.append(rows, {{promCursorKey(url), QString::fromUtf8(cursor.toJson())}},
                              error))
            return false;
    }
    Peer& source = m_peers[url];
    for (const UsageFact& f : taken) {
        m_serverPeer.insert(f.server, url);
        m_models.insert(f.gpuModel);
        m_peerKeys.insert(UsageMeter::Key::of(f));
    }
    m_peerFacts += taken;
    m_promCursor = cursor;
    if (!taken.isEmpty())
        m_booksStale = true;
    QStringList said = warnings;
    if (!refused.isEmpty()) {
        said << refused;
        qCWarning(lcTokens).noquote() << url << refused;
    }
    // Said until the next growth: a poll where nothing grew changes nothing.
    if (!facts.isEmpty() || !warnings.isEmpty())
        source.refused = said.join(QStringLiteral("; "));
    return true;
}

BalanceView TokenDesk::balanceView()
{
    BalanceView v;
    if (!enabled())
        return v;
    const Books& b = books();
    v.balances = b.balances;
    v.cutOff = b.cutOff;
    v.overdraftFloor = m_rules.overdraftFloor;
    v.asOfMs = m_closedThroughMs;
    v.fetchedMs = m_now();
    v.keeper = serverName();
    v.valid = true;
    return v;
}

} // namespace gw
