#pragma once

// agent.toml: where the agent listens, how often it samples, who may ask.
// Tokens are kept as SHA-256 hashes only; a bad file is refused at start-up
// with file, line and what is wrong.

#include "agent/metricsexport.h"

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QString>

#include <chrono>
#include <optional>

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
};

struct AgentConfig
{
    static constexpr quint16 kDefaultPort = 9807;

    // Qt 6.4's listen() binds every interface unless told: the default here
    // is loopback, and anything else must be written in the file.
    QHostAddress listen = QHostAddress::LocalHost;
    quint16 port = kDefaultPort;
    int intervalMs = 1000;
    QString backend = QStringLiteral("auto");
    // [metrics] labels: "dcgm" (default, dcgm-exporter's names) or
    // "snake_case" (lint-clean for promtool).
    MetricLabels metricLabels = MetricLabels::Dcgm;
    QString historyPath; // empty: no history
    int ringSize = 3600; // snapshots kept in memory for /v1/samples
    QString serverName;  // [agent] name: the server's name in readings; empty: the host name

    // [journal]: numbered readings on disk, so a restart continues the
    // stream. Empty: none (memory only). parse() fills in the default
    // (kDefaultJournalFile next to the history file, else in
    // kDefaultStateDirectory) unless the file says path = "".
    QString journalPath;
    std::chrono::hours journalRetention{24};
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

    static std::optional<AgentConfig> load(const QString& path, QString* error);
    // `source` names the text in messages ("agent.toml").
    static std::optional<AgentConfig> parse(const QByteArray& text, const QString& source,
                                            QString* error);
};

QByteArray sha256(const QByteArray& data);

} // namespace gw
