#pragma once

// The agent's side of a lab's token books kept by one agent (docs/tokens.md,
// "Keeper of several agents"), on the agent's thread, asynchronous (no
// nested event loop):
// - keeper (`[tokens] keeper = true`): every poll_interval each peer's
//   GET /v1/usage?after=CURSOR&limit=1000 is read, page after page while
//   `next` is below `last_sequence`, and each page handed to the TokenDesk,
//   which stores it with the cursor in one journal transaction;
// - keeper with prometheus_url: the peers' usage counters read from
//   Prometheus with one instant query, what grew taken (promusage.h);
// - relay (`keeper = false`): the keeper's GET /v1/balances is read every
//   poll_interval and kept; the agent's own /v1/balances answers it, with
//   its age and the last failure.
// Every request goes through the agent wire (wire/agentwire.h): a TLS pin
// that decides alone, a size limit while the reply arrives, a timeout, the
// failures worded as for every other client of an agent.

#include "agent/agentconfig.h"
#include "agent/balanceview.h"
#include "wire/agentwire.h"

#include <QHttpServerResponse>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QObject>
#include <QTimer>

#include <functional>
#include <optional>

namespace gw {

class TokenDesk;

class KeeperLink final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 10'000;
    static constexpr qint64 kMaxReplyBytes = 16 * 1024 * 1024;
    static constexpr int kPageLimit = 1000;

    KeeperLink(TokenKeeping keeping, TokenDesk* desk, std::function<qint64()> now,
               QObject* parent = nullptr);
    ~KeeperLink() override;

    bool relay() const { return !m_keeping.keeper; }
    // Polls at once, then every poll_interval.
    void start();
    // A round now: every peer (or the keeper) not being read already; one
    // that is gets another round once it answers.
    void pollNow();
    // Facts asked per page (tests: small, to read many pages).
    void setPageLimit(int limit) { m_pageLimit = limit; }
    // A round (or a page of one) is under way.
    bool busy() const { return m_inFlight > 0; }

    // Relay: the keeper's last /v1/balances with "role": "relay",
    // "fetched_ms" and "error"; 503 keeper_unreachable if never read.
    QHttpServerResponse relayBalances() const;
    BalanceView relayView() const;

Q_SIGNALS:
    // Every source of a round has answered (or failed).
    void roundFinished();

private:
    // The body of a 200 reply, or nothing with why; `answered`: an HTTP
    // reply came (a refused token is not the peer being down).
    using Done =
        std::function<void(std::optional<QByteArray> body, bool answered, const QString& error)>;
    void get(const TokenSource& source, const QString& pathAndQuery, Done done);
    void readPeer(qsizetype index, quint64 after, const QString& expectedStream);
    void peerPage(qsizetype index, quint64 after, const QString& expectedStream,
                  const QByteArray& body);
    void readKeeper();
    void readPrometheus();
    void finishedOne();

    TokenKeeping m_keeping;
    TokenDesk* m_desk; // not owned: AgentServer's
    std::function<qint64()> m_now;
    QNetworkAccessManager m_nam;
    QTimer m_timer;
    int m_inFlight = 0;
    bool m_again = false;
    int m_pageLimit = kPageLimit;
    QList<bool> m_peerBusy;
    bool m_keeperBusy = false;
    bool m_promBusy = false;
    bool m_promAfterPeers = false; // Prometheus waits for this round's peers

    // Relay: the keeper's last reply.
    std::optional<QJsonObject> m_last;
    BalanceView m_lastView;
    qint64 m_fetchedMs = 0;
    QString m_error;
};

} // namespace gw
