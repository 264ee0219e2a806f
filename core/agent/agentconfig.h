#pragma once

// agent.toml: where the agent listens, how often it samples, who may ask.
// Tokens are kept as SHA-256 hashes only; a bad file is refused at start-up
// with file, line and what is wrong.

#include "agent/metricsexport.h"
#include "owners/ownerresolver.h"
#include "wire/agentendpoint.h"

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>
#include <string_view>

namespace gw {

// Read: every GET route. Allocate: read, and POST/DELETE /v1/allocate (a
// job runner's token). Admin: everything.
enum class TokenScope
{
    Read,
    Allocate,
    Admin
};

struct AgentToken
{
    QString name;
    QByteArray sha256; // 32 raw bytes
    TokenScope scope = TokenScope::Read;
    // token_file: the token itself, its first line, in a file only the
    // agent's user may read (a Kubernetes Secret); hashed by
    // readTokenFiles(). Empty: `sha256` was written out.
    QString tokenFile = {};
    QString where = {}; // "agent.toml:12:1", for messages
};

// A remote agent the token books are read from (docs/tokens.md, "Keeper of
// several agents"): a peer of the keeper, or the keeper read by a relay.
struct TokenSource : AgentEndpoint
{
    TokenSource() = default;
    // `address`: the entry's URL as written in agent.toml, without a
    // trailing '/' (http(s)://host:port, no path).
    explicit TokenSource(const QString& address, QString tokenFile = {}, QByteArray token = {},
                         QByteArray pinnedSha256 = {}, QString where = {});

    // The address as written: the books file a peer's facts and cursor
    // under it, messages name the entry by it (`url` is its parsed form,
    // which lowercases the host and so cannot be the key).
    QString address;
    QString tokenFile; // a read token, its first line; `token` is read from it by load()
    QString where;     // "agent.toml:12:1": where the entry is, for messages

    bool operator==(const TokenSource&) const = default;
};

// [tokens] of agent.toml. Not in policy.toml: the read tokens are secrets,
// and policy.toml is served to read tokens by GET /v1/policy.
struct TokenKeeping
{
    static constexpr std::chrono::milliseconds kDefaultPollInterval{60'000};
    // true: this agent keeps the books (a single server is its own keeper),
    // of its own facts and its peers'. false: a relay, reading the books
    // from `keeperSource`.
    bool keeper = true;
    std::chrono::milliseconds pollInterval = kDefaultPollInterval;
    QList<TokenSource> peers;                // keeper only
    std::optional<TokenSource> keeperSource; // relay only
    // Keeper only: the peers' usage counters read from Prometheus (one
    // instant query a poll); its token file is optional.
    std::optional<TokenSource> prometheus;
};

// [reports] of agent.toml: the daily report the agent writes from its own
// record (docs/agent.md, "The daily report"). Absent section: none.
struct DailyReportConfig
{
    int minuteOfDay = 7 * 60;                       // daily_at "07:00", in the servers' zone
    QString dir;                                    // where the files go
    QStringList formats{QStringLiteral("csv")};     // "csv", "pdf"
    std::chrono::milliseconds last{24 * 3'600'000}; // the range, ending at daily_at
    QString where;                                  // "agent.toml:40:1", for messages
};

// A key agent.toml may have: its table ("agent", "tokens.peer"; "token" for
// the [[token]] tables) and its name.
struct AgentConfigKey
{
    const char* table;
    const char* key;
};
// Every one, in the file's order (the parser's list, and the guide's).
const QList<AgentConfigKey>& agentConfigKeys();
// The keys of `table` and the names of the tables under it ("" : the
// file's top-level tables).
QList<std::string_view> agentConfigKeysOf(std::string_view table);

struct AgentConfig
{
    static constexpr quint16 kDefaultPort = 9807;

    // Qt 6.4's listen() binds every interface unless told: the default here
    // is loopback, and anything else must be written in the file.
    QHostAddress listen = QHostAddress::LocalHost;
    quint16 port = kDefaultPort;
    int intervalMs = 1000;
    QString backend = QStringLiteral("auto");
    // Where the NVIDIA driver's XIDs are logged (docs/health.md); empty:
    // none, XIDs from NVML's events only.
    QString kernelLog = QStringLiteral("/dev/kmsg");
    // [metrics] labels: "dcgm" (default, dcgm-exporter's names) or
    // "snake_case" (lint-clean for promtool).
    MetricLabels metricLabels = MetricLabels::Dcgm;
    QString historyPath; // empty: no history
    int ringSize = 3600; // snapshots kept in memory for /v1/samples
    QString serverName;  // [agent] name: the server's name in readings; empty: the host name
    // [agent] socket: the Unix socket where a person on the server reads
    // their own standing without a token (`gpuwarden-cli me`, SO_PEERCRED;
    // docs/agent-api.md, "Your own standing"). Empty: none.
    QString socketPath;
    static constexpr auto kDefaultSocketPath = "/run/gpuwarden/agent.sock";

    // [journal]: numbered readings on disk, so a restart continues the
    // stream. Empty: none (memory only). parse() fills in the default
    // (kDefaultJournalFile next to the history file, else in
    // kDefaultStateDirectory) unless the file says path = "".
    QString journalPath;
    std::chrono::hours journalRetention{24};
    // [journal] reserve_ahead: numbers reserved on disk ahead of use. After
    // a crash at most this many are skipped; a disk that is full or stalls
    // stops numbering after this many readings.
    quint64 journalReserveAhead = 600;
    static constexpr auto kDefaultStateDirectory = "/var/lib/gpuwarden";
    static constexpr auto kDefaultJournalFile = "agent-journal.sqlite";

    // [policy] path: policy.toml (docs/policies.md). Empty: the built-in
    // defaults of PolicyConfig; a PUT /v1/policy is then kept in memory only.
    QString policyPath;

    qint64 maxBodyBytes = 64 * 1024;
    double requestsPerSecond = 50; // per client address
    int burst = 100;

    QString tlsCertificate; // both or neither
    QString tlsKey;

    QList<AgentToken> tokens;

    TokenKeeping keeping; // [tokens]

    std::optional<DailyReportConfig> dailyReport; // [reports]

    // [runtimes]: the Engine API sockets and scontrol asked for the names
    // of the workloads GPU processes run in (docs/owners.md).
    owners::OwnerResolver::Options runtimes;
    // [runtimes] scancel: how enforcement ends a Slurm job ("": never).
    QString scancel = QStringLiteral("scancel");

    // The file it was read from (load()); empty when parsed from text or
    // built (a --demo without --config).
    QString path;

    // Reads the file and, through readTokenFiles, the token files it names.
    static std::optional<AgentConfig> load(const QString& path, QString* error);
    // `source` names the text in messages ("agent.toml").
    static std::optional<AgentConfig> parse(const QByteArray& text, const QString& source,
                                            QString* error);
    // The first line of every token file [tokens] and [[token]] name
    // (relative paths: to `baseDirectory`), refused when group or others may
    // read it; a [[token]]'s is hashed into its sha256.
    bool readTokenFiles(const QString& baseDirectory, QString* error);
};

QByteArray sha256(const QByteArray& data);

} // namespace gw
