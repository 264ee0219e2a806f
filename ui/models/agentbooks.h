#pragma once

// The token books as the agents keep them (issue 13, desktop slice 2). Of
// the agents this desktop watches, the first whose /v1/balances says it is
// the keeper (an agent that does not state its role keeps its own books, so
// it counts as one) is read every pollInterval(): its balances, and its
// whole ledger when they changed. An agent that stops answering keeps its
// last books here, with the time they were read and the failure, so the
// view can say how old they are: what looks live is live. Without a keeper
// the desktop's own books (TokenBook) stand, and source() says why.
//
// "Adjust balance…" goes to the keeper (POST /v1/ledger, with the token of
// that server's settings); the ledger is read again at once, so the new
// entry appears. On the GUI thread.

#include "remote/agentlink.h"
#include "remote/tokensclient.h"
#include "tokens/ledger.h"

#include <QObject>
#include <QPointer>

#include <functional>

class QNetworkAccessManager;
class QTimer;

namespace gw {

struct BooksSource
{
    enum class Kind
    {
        Local,  // the desktop's own books (no watched agent keeps them)
        Keeper, // an agent's
    };
    Kind kind = Kind::Local;
    QString keeper;       // the keeper, as this desktop names the server
    QString keeperCalled; // …and as it calls itself (`keeper` of its reply)
    qint64 readMs = 0;    // when its books were last read (this clock); 0: never
    qint64 asOfMs = 0;    // its books charge use up to here
    qint64 keeperNowMs = 0;
    QString error;             // the last failure reading the keeper; empty: none since readMs
    qint64 failingSinceMs = 0; // first failure after the last success
    QList<KeeperServer> servers;
    // Local: why (no agents, none keeps books, the agents' failures); for
    // relays, which keeper they name.
    QString note;
    bool operator==(const BooksSource&) const = default;
};

class AgentBooks final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kPollIntervalMs = 30'000;

    explicit AgentBooks(QObject* parent = nullptr);
    ~AgentBooks() override;

    // The agents this desktop watches, with their tokens (asked at every
    // poll, so servers added or removed are followed).
    void setAgents(std::function<QList<RemoteServer>()> agents);
    void setClock(std::function<qint64()> now) { m_now = std::move(now); }
    void setPollInterval(int ms);
    int pollInterval() const;
    // Polls now and then every pollInterval().
    void start();
    void pollNow();
    bool polling() const { return m_busy; }

    const BooksSource& source() const { return m_source; }
    // The agent whose books are shown, with its token (for the routes the
    // page adds beside the books); none: the desktop's own.
    std::optional<RemoteServer> keeper() const { return hasBooks() ? m_keeper : std::nullopt; }
    bool hasBooks() const { return m_source.kind == BooksSource::Kind::Keeper; }
    const Books& books() const { return m_books; }
    // The keeper's rules as far as the books need them: its floor, its zone
    // (this machine's: the reply does not say).
    PolicyConfig::Tokens rules() const;

    // POST /v1/ledger to the keeper; `done` gets the reply (its error is one
    // line for the dialog). Without a keeper, an error at once.
    void adjust(const QString& user, double amount, const QString& reason,
                std::function<void(const AdjustReply&)> done);

Q_SIGNALS:
    // The books or where they come from changed (also: their age, on each poll).
    void changed();

private:
    void discover(const QList<RemoteServer>& agents);
    void readKeeper(const RemoteServer& keeper);
    void readLedger(const AgentBalances& balances, int attempt);
    void keeperFailed(const QString& error);
    void setSource(const BooksSource& source);
    TokensClient* clientFor(const RemoteServer& server);

    std::function<QList<RemoteServer>()> m_agents;
    std::function<qint64()> m_now;
    QTimer* m_timer;
    QNetworkAccessManager* m_nam; // shared by every client: connections kept
    bool m_busy = false;          // a poll is under way
    quint64 m_generation = 0;     // answers of an older poll are dropped

    std::optional<RemoteServer> m_keeper;
    QPointer<TokensClient> m_client;
    BooksSource m_source;
    Books m_books;
    std::optional<AgentBalances> m_balances; // of the books shown
    bool m_ledgerStale = true;               // read the ledger at the next poll
    double m_floor = 0;
};

} // namespace gw
