#pragma once

// The desktop's side of an agent's token routes (docs/tokens.md, "On the
// agent" and "Desktop"):
//
//   GET  /v1/balances             read: balances, cut off, floor, gaps; a
//                                 keeper adds role/keeper/servers, a relay
//                                 role/fetched_ms/error
//   GET  /v1/ledger?after=&limit= read: every entry, page after page
//   GET  /v1/usage?after=&limit=  read: every usage fact, page after page
//   POST /v1/ledger               admin: an adjustment → the stored entry
//
// Through the agent wire (wire/agentwire.h: pinned certificate, size limit,
// timeout); every failure ends in one line for people naming
// the server and, for a reply that is not what the route promises, the JSON
// key. Asynchronous: `done` runs on the client's thread.

#include "remote/agentlink.h"
#include "tokens/ledger.h"
#include "tokens/usage.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QStringList>

#include <functional>
#include <optional>

class QNetworkAccessManager;

namespace gw {

// One server whose usage a keeper reads (`servers` of its /v1/balances).
struct KeeperServer
{
    QString server;
    QString url; // empty: the keeper itself
    std::optional<quint64> lastSequence;
    bool reachable = false;
    std::optional<qint64> lastContactMs;
    QString error;
    bool operator==(const KeeperServer&) const = default;
};

// GET /v1/balances as served. An agent that does not say its role (older
// than the keeper of several agents) keeps its own books: a keeper.
struct AgentBalances
{
    qint64 nowMs = 0;
    qint64 asOfMs = 0;
    QMap<QString, double> balances;
    QStringList cutOff;
    double overdraftFloor = 0;
    QStringList warnings;
    QList<CoverageGap> gaps;
    QString role = QStringLiteral("keeper"); // "keeper" | "relay"
    bool roleStated = false;
    QString keeper;                  // the keeper's server name; empty: not said
    QList<KeeperServer> servers;     // keeper: each server it reads (itself with url "")
    std::optional<qint64> fetchedMs; // relay: when it read the keeper
    QString relayError;              // relay: its last failure reading the keeper
    bool isKeeper() const { return role == QLatin1String("keeper"); }
    bool operator==(const AgentBalances&) const = default;
};

// The reply's JSON read: required keys present and of their type, the first
// mistake named by its key ("servers[1].reachable: expected true or false, got a
// string"); an optional key that is null is absent. Keys it does not know
// are left alone (newer agents add some).
std::optional<AgentBalances> agentBalancesFromJson(const QJsonObject& o, QString* error);

struct TokensFailure
{
    int httpStatus = 0; // 0: no HTTP answer
    AgentFailure failure = AgentFailure::None;
    QString error; // one line, empty on success
    bool ok() const { return error.isEmpty(); }
};

struct BalancesReply : TokensFailure
{
    std::optional<AgentBalances> balances;
};

struct LedgerReply : TokensFailure
{
    QList<LedgerEntry> entries; // every page, in ledger order
    qint64 nowMs = 0;
    int pages = 0;
};

struct UsageReply : TokensFailure
{
    QList<UsageFact> facts; // sequence after .. last, in order
    QList<CoverageGap> gaps;
    QString stream;
    quint64 lastSequence = 0;
    int pages = 0;
};

struct AdjustReply : TokensFailure
{
    // 403: the token reads but may not write.
    bool readOnlyToken = false;
    std::optional<LedgerEntry> entry;
    std::optional<double> balance; // the user's balance after it
};

class TokensClient final : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 10'000;
    static constexpr int kPageSize = 5000; // entries or facts a page (the agent takes up to 10,000)
    // A fleet's month of ledger is tens of thousands of entries; a reply
    // beyond this is no ledger page.
    static constexpr qint64 kMaxReplyBytes = 32 * 1024 * 1024;
    // Pages followed in one call before giving up (a cursor that never ends).
    static constexpr int kMaxPages = 1000;

    explicit TokensClient(RemoteServer server, QObject* parent = nullptr);

    RemoteServer server() const { return m_server; }
    // Share one manager (and its connections) across clients; it must live
    // on this object's thread and outlive it. Without one, one is made.
    void setNetworkAccessManager(QNetworkAccessManager* nam) { m_nam = nam; }
    void setTimeoutMs(int ms) { m_timeoutMs = ms; }
    void setPageSize(int entries) { m_pageSize = entries; }

    // `done` runs on this object's thread, once, unless abort() or the
    // client's destruction comes first.
    void getBalances(std::function<void(const BalancesReply&)> done);
    // Every entry (all users when `user` is empty), following `next`.
    void getLedger(const QString& user, std::function<void(const LedgerReply&)> done);
    // Every fact after `after`, following `next` up to `last_sequence`.
    void getUsage(quint64 after, std::function<void(const UsageReply&)> done);
    void postAdjustment(const QString& user, double amount, const QString& reason,
                        std::function<void(const AdjustReply&)> done);
    void abort();
    bool busy() const;

private:
    struct Raw
    {
        TokensFailure failure;
        std::optional<QJsonObject> json;
    };
    void send(const QByteArray& verb, const QString& pathAndQuery, const QByteArray& body,
              std::function<void(const Raw&)> done);
    void ledgerPage(const QString& user, qint64 after, std::shared_ptr<LedgerReply> acc,
                    std::function<void(const LedgerReply&)> done);
    void usagePage(quint64 after, std::shared_ptr<UsageReply> acc,
                   std::function<void(const UsageReply&)> done);

    RemoteServer m_server;
    QNetworkAccessManager* m_nam = nullptr;
    int m_timeoutMs = kTimeoutMs;
    int m_pageSize = kPageSize;
};

} // namespace gw
