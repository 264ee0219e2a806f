#include "agent/keeperlink.h"

#include "agent/agentserver.h"
#include "agent/tokendesk.h"
#include "tokens/promusage.h"

#include <QJsonDocument>
#include <QLoggingCategory>

#include <algorithm>

Q_LOGGING_CATEGORY(lcKeeper, "gw.agent.keeper")

namespace gw {

namespace {

QHttpServerResponse reply(const QJsonObject& o)
{
    QHttpServerResponse r(QByteArrayLiteral("application/json"),
                          QJsonDocument(o).toJson(QJsonDocument::Compact));
    r.addHeader(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-store"));
    return r;
}

} // namespace

KeeperLink::KeeperLink(TokenKeeping keeping, TokenDesk* desk, std::function<qint64()> now,
                       QObject* parent)
    : QObject(parent)
    , m_keeping(std::move(keeping))
    , m_desk(desk)
    , m_now(std::move(now))
    , m_peerBusy(m_keeping.peers.size(), false)
{
    m_timer.setInterval(m_keeping.pollInterval);
    connect(&m_timer, &QTimer::timeout, this, &KeeperLink::pollNow);
}

// Replies still in flight are children of m_nam: aborted and deleted with
// it, their callbacks never run.
KeeperLink::~KeeperLink() = default;

void KeeperLink::start()
{
    if (m_keeping.peers.isEmpty() && !m_keeping.keeperSource && !m_keeping.prometheus)
        return; // a single server is its own keeper: nothing to read
    m_timer.start();
    QTimer::singleShot(0, this, &KeeperLink::pollNow);
}

void KeeperLink::pollNow()
{
    const int before = m_inFlight;
    if (relay()) {
        if (m_keeperBusy)
            m_again = true;
        else
            readKeeper();
    } else if (m_desk->enabled()) {
        // Without [tokens] in the policy there are no books to add to.
        for (qsizetype i = 0; i < m_keeping.peers.size(); ++i) {
            if (m_peerBusy[i]) {
                m_again = true;
                continue;
            }
            const TokenDesk::PeerCursor cursor = m_desk->peerCursor(m_keeping.peers[i].address);
            m_peerBusy[i] = true;
            ++m_inFlight;
            readPeer(i, cursor.sequence, cursor.stream);
        }
        // Prometheus after the peers of the round: a server read directly
        // is then known to be theirs, and its counters are not taken twice.
        if (m_keeping.prometheus && m_promBusy)
            m_again = true;
        else if (m_keeping.prometheus &&
                 std::find(m_peerBusy.cbegin(), m_peerBusy.cend(), true) != m_peerBusy.cend())
            m_promAfterPeers = true;
        else if (m_keeping.prometheus)
            readPrometheus();
    }
    if (m_inFlight == 0 && before == 0)
        Q_EMIT roundFinished();
}

void KeeperLink::finishedOne()
{
    if (m_promAfterPeers &&
        std::find(m_peerBusy.cbegin(), m_peerBusy.cend(), true) == m_peerBusy.cend()) {
        m_promAfterPeers = false;
        readPrometheus();
    }
    if (--m_inFlight > 0)
        return;
    if (m_again) {
        m_again = false;
        pollNow();
        return;
    }
    Q_EMIT roundFinished();
}

void KeeperLink::get(const TokenSource& source, const QString& pathAndQuery, Done done)
{
    AgentRequest request;
    request.pathAndQuery = pathAndQuery;
    request.timeoutMs = kTimeoutMs;
    request.maxReplyBytes = kMaxReplyBytes;
    // The manager is the replies' parent and context: a link that goes away
    // takes its requests in flight with it, their callbacks never run.
    callAgent(&m_nam, &m_nam, source, request, [done = std::move(done)](const AgentCall& call) {
        // `answered`: an HTTP reply came (a refused token is not
        // the peer being down).
        if (!call.ok())
            return done(std::nullopt, call.status != 0, call.error);
        done(call.body, true, QString());
    });
}

void KeeperLink::readPeer(qsizetype index, quint64 after, const QString& expectedStream)
{
    const TokenSource& peer = m_keeping.peers[index];
    get(peer, QStringLiteral("/v1/usage?after=%1&limit=%2").arg(after).arg(m_pageLimit),
        [this, index, after, expectedStream](std::optional<QByteArray> body, bool answered,
                                             const QString& error) {
            if (!body) {
                qCInfo(lcKeeper).noquote() << error;
                m_desk->peerContact(m_keeping.peers[index].address, answered, error);
                m_peerBusy[index] = false;
                finishedOne();
                return;
            }
            peerPage(index, after, expectedStream, *body);
        });
}

void KeeperLink::peerPage(qsizetype index, quint64 after, const QString& expectedStream,
                          const QByteArray& body)
{
    const QString url = m_keeping.peers[index].address;
    auto end = [&](bool reachable, const QString& error) {
        if (!error.isEmpty())
            qCWarning(lcKeeper).noquote() << error;
        m_desk->peerContact(url, reachable, error);
        m_peerBusy[index] = false;
        finishedOne();
    };
    QString error;
    const auto page = peerUsagePageFromJson(body, after, &error);
    if (!page)
        return end(true, tr("%1: /v1/usage: %2").arg(url, error));
    if (!expectedStream.isEmpty() && page->stream != expectedStream) {
        // The peer lost its journal: its numbers start again on a new
        // stream. Read it from the start; facts already held are skipped.
        qCWarning(lcKeeper).noquote()
            << url << "serves a new stream" << page->stream << "(was" << expectedStream
            << "): read from its start, facts already held are not taken again";
        return readPeer(index, 0, page->stream);
    }
    if (!m_desk->absorbPeerPage(url, *page, &error))
        return end(true, tr("%1: facts not stored, the journal refused them: %2").arg(url, error));
    // A full page says more follow by next < last_sequence (truncated
    // alone marks a hole): read on, as long as each page moves.
    if ((page->truncated || page->next < page->lastSequence) && page->next > after)
        return readPeer(index, page->next, page->stream);
    end(true, QString());
}

void KeeperLink::readKeeper()
{
    m_keeperBusy = true;
    ++m_inFlight;
    get(*m_keeping.keeperSource, QStringLiteral("/v1/balances"),
        [this](std::optional<QByteArray> body, bool, const QString& failure) {
            QString error = failure;
            QJsonObject o;
            std::optional<BalanceView> view;
            if (body) {
                // What enforcement judges by must be read whole (the wire
                // has checked that the body is a JSON object).
                o = QJsonDocument::fromJson(*body).object();
                view = balanceViewFromJson(o, &error);
                if (!view)
                    error = tr("%1: /v1/balances: %2").arg(m_keeping.keeperSource->address, error);
            }
            if (view) {
                m_last = o;
                m_lastView = *view;
                m_fetchedMs = m_now();
                m_error.clear();
            } else {
                // The last balances stay, with this error and their age.
                qCWarning(lcKeeper).noquote() << error;
                m_error = error;
            }
            m_keeperBusy = false;
            finishedOne();
        });
}

void KeeperLink::readPrometheus()
{
    m_promBusy = true;
    ++m_inFlight;
    get(*m_keeping.prometheus,
        QStringLiteral("/api/v1/query?query=") +
            QString::fromLatin1(QUrl::toPercentEncoding(tokenUsageQuery())),
        [this](std::optional<QByteArray> body, bool answered, const QString& failure) {
            const QString url = m_keeping.prometheus->address;
            QString error = failure;
            if (body) {
                QString why;
                const auto counters = usageCountersFromPromReply(*body, &why);
                if (!counters) {
                    error = tr("%1: /api/v1/query: %2").arg(url, why);
                } else {
                    PromUsageCursor cursor = m_desk->promCursor();
                    QStringList warnings;
                    const QList<UsageFact> facts =
                        absorbUsageCounters(*counters, &cursor, &warnings);
                    for (const QString& w : std::as_const(warnings))
                        qCWarning(lcKeeper).noquote() << url << w;
                    if (!m_desk->absorbPromFacts(facts, cursor, warnings, &why))
                        error =
                            tr("%1: facts not stored, the journal refused them: %2").arg(url, why);
                }
            }
            if (!error.isEmpty())
                qCWarning(lcKeeper).noquote() << error;
            m_desk->peerContact(url, answered, error);
            m_promBusy = false;
            finishedOne();
        });
}

QHttpServerResponse KeeperLink::relayBalances() const
{
    if (!m_last)
        return jsonError(
            503, QStringLiteral("keeper_unreachable"),
            m_error.isEmpty()
                ? tr("the keeper %1 has not been read yet").arg(m_keeping.keeperSource->address)
                : tr("the keeper has never been read: %1").arg(m_error));
    QJsonObject o = *m_last;
    o.insert(QStringLiteral("now_ms"), m_now());
    o.insert(QStringLiteral("role"), QStringLiteral("relay"));
    o.insert(QStringLiteral("fetched_ms"), m_fetchedMs);
    o.insert(QStringLiteral("error"), m_error);
    return reply(o);
}

BalanceView KeeperLink::relayView() const
{
    BalanceView v = m_lastView; // invalid until the keeper is read
    v.fetchedMs = m_last ? m_fetchedMs : 0;
    v.error = m_error;
    return v;
}

} // namespace gw
