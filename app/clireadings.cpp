#include "clireadings.h"

#include "cliio.h"
#include "history/historyreadings.h"
#include "model/snapshotjson.h"
#include "policy/policyreplay.h"
#include "remote/agentclient.h"

#include <QDateTime>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimeZone>
#include <QUrlQuery>

#include <cmath>
#include <limits>
#include <utility>

namespace gw::cli {

void addDemoServersOption(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("demo-servers"),
                      QStringLiteral("report, tokens --demo: servers of the demo fleet (1..64, "
                                     "default 3)."),
                      QStringLiteral("n")});
}

std::optional<ReadingsOptions> readingsOptions(const QCommandLineParser& parser,
                                               const QString& command, const QTimeZone& zone,
                                               QString* error, unsigned kinds)
{
    ReadingsOptions o;
    o.tracePath = parser.value(QStringLiteral("trace"));
    o.historyPath = parser.value(QStringLiteral("history"));
    o.demo = (kinds & kReadingsDemo) && parser.isSet(QStringLiteral("demo"));
    const bool agents = (kinds & kReadingsAgents) && parser.isSet(QStringLiteral("source"));
    const int given =
        int(!o.tracePath.isEmpty()) + int(!o.historyPath.isEmpty()) + int(o.demo) + int(agents);
    if (given != 1) {
        // One sentence for all, the other sources after it.
        *error = tr("%1: give --trace FILE or --history FILE").arg(command);
        if ((kinds & kReadingsDemo) && (kinds & kReadingsAgents))
            *error += tr(" (or --demo, or --source URL)");
        return std::nullopt;
    }
    if (o.demo && parser.isSet(QStringLiteral("demo-servers"))) {
        const QString text = parser.value(QStringLiteral("demo-servers"));
        bool ok = false;
        const int n = text.toInt(&ok);
        if (!ok || n < 1 || n > DemoWorld::kMaxServers) {
            *error = tr("--demo-servers: expected 1..%1, got \"%2\"")
                         .arg(DemoWorld::kMaxServers)
                         .arg(text);
            return std::nullopt;
        }
        o.demoServers = n;
    }
    o.servers = parser.values(QStringLiteral("server"));
    o.timeZone = zone;
    if (parser.isSet(QStringLiteral("tz"))) {
        o.timeZone = QTimeZone(parser.value(QStringLiteral("tz")).toUtf8());
        o.timeZoneGiven = true;
        if (!o.timeZone.isValid()) {
            *error = tr("--tz: \"%1\" is not a time zone (such as Europe/Berlin or UTC)")
                         .arg(parser.value(QStringLiteral("tz")));
            return std::nullopt;
        }
    }
    for (const char* name : {"from", "to"}) {
        const QString key = QLatin1String(name);
        if (!parser.isSet(key))
            continue;
        const auto ms = parseReplayTime(parser.value(key), o.timeZone);
        if (!ms) {
            *error = tr("--%1: \"%2\" is not a time (write 2026-11-24T09:00:00+01:00, "
                        "2026-11-24 09:00 or milliseconds since the epoch)")
                         .arg(key, parser.value(key));
            return std::nullopt;
        }
        (key == QLatin1String("from") ? o.fromMs : o.toMs) = *ms;
    }
    if (o.fromMs && o.toMs && *o.toMs <= *o.fromMs) {
        *error = tr("%1: the range is empty (--to must be after --from)").arg(command);
        return std::nullopt;
    }
    if ((o.demo || agents) && !o.fromMs && !(kinds & kReadingsRangeLater)) {
        *error = tr("%1: %2 needs the range: give --from (and --to, default now)")
                     .arg(command, o.demo ? QStringLiteral("--demo") : QStringLiteral("--source"));
        return std::nullopt;
    }
    if (agents) {
        o.agents = agentSourcesOption(parser, error);
        if (o.agents.isEmpty())
            return std::nullopt;
    }
    return o;
}

// The demo fleet sampled every second over [from, to): at each second every
// server (by index) in turn, made when asked for, so a day of 16 servers
// (1.38 million readings) streams in constant memory.
struct ReadingsSource::Demo
{
    DemoWorld world;
    QList<int> servers; // indexes asked for
    qint64 t = 0;
    qint64 to = 0;
    qsizetype next = 0;

    std::optional<Snapshot> read()
    {
        if (servers.isEmpty())
            return std::nullopt;
        if (next == servers.size()) {
            next = 0;
            t += kStepMs;
        }
        if (t >= to)
            return std::nullopt;
        Snapshot s = world.serverAt(servers[next++], t);
        s.intervalMs = kStepMs;
        return s;
    }

    static constexpr qint64 kStepMs = 1000;
};

// Agents' GET /v1/readings, read line by line, merged by time: the earliest
// head of all agents next. Each agent is asked an hour at a time, the next
// hour once this one has all arrived: what is held is at most two hours of
// each agent (Qt 6.4's reply read buffer limit stalls chunked replies, so
// the bound comes from the requests).
struct ReadingsSource::Agents
{
    struct Stream
    {
        AgentSource source;
        QString where;                       // the agent's URL, for messages
        QNetworkReply* reply = nullptr;      // being read
        QNetworkReply* prefetched = nullptr; // the window after it
        qint64 nextFrom = 0;                 // of the next request
        qint64 to = 0;
        qint64 line = 0;
        std::optional<qint64> lastMs; // of the last reading read
        TraceOrder order;
        std::optional<Snapshot> head;
        bool ended = false;
    };
    QNetworkAccessManager nam;
    std::vector<std::unique_ptr<Stream>> streams;

    ~Agents()
    {
        // Replies first: none may call back into a stream that is gone.
        for (auto& s : streams) {
            delete s->reply;
            delete s->prefetched;
        }
    }
    bool primed = false;

    static constexpr qint64 kWindowMs = 3'600'000;
    static constexpr int kStallTimeoutMs = 120'000; // no byte for this long: given up
    // The guard's limit: a reply is streamed, not held, so only a runaway
    // agent meets it (a day of 16 GPUs at 1 Hz is a few GiB at most).
    static constexpr qint64 kMaxReplyBytes = qint64(64) << 30;

    // Where the stream stopped, for a message.
    static QString stoppedAt(const Stream& s)
    {
        return s.lastMs ? tr("after line %1 (the reading of %2)")
                              .arg(s.line)
                              .arg(QDateTime::fromMSecsSinceEpoch(*s.lastMs, QTimeZone::utc())
                                       .toString(Qt::ISODateWithMs))
                        : tr("before the first reading");
    }

    // The next reading of `s`; nothing at its end or on an error (`error`).
    std::optional<Snapshot> read(Stream& s, QString* error)
    {
        for (;;) {
            QNetworkReply* r = s.reply;
            const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (status != 0 && status != 200) {
                if (!r->isFinished()) {
                    wait(r);
                    continue;
                }
                const QJsonObject e = QJsonDocument::fromJson(r->readAll())
                                          .object()[QStringLiteral("error")]
                                          .toObject();
                const QString message = e[QStringLiteral("message")].toString();
                *error = tr("%1: HTTP %2%3")
                             .arg(s.where)
                             .arg(status)
                             .arg(message.isEmpty() ? QString() : QStringLiteral(": ") + message);
                if (status == 401)
                    *error += QLatin1Char('\n') + s.source.tokenOrigin;
                return std::nullopt;
            }
            if (r->canReadLine()) {
                const QByteArray line = r->readLine(TraceReader::kMaxLineBytes).trimmed();
                ++s.line;
                if (line.isEmpty())
                    continue;
                QString why;
                std::optional<Snapshot> snap = snapshotFromJsonBytes(line, &why);
                if (snap)
                    why = s.order.check(*snap);
                if (!why.isEmpty()) {
                    *error = tr("%1: line %2: %3").arg(s.where).arg(s.line).arg(why);
                    return std::nullopt;
                }
                s.order.accept(*snap, s.line);
                s.lastMs = snap->timestampMs;
                return snap;
            }
            if (r->isFinished()) {
                if (r->error() != QNetworkReply::NoError || r->bytesAvailable() > 0) {
                    const QString why =
                        replyPinMismatch(r) ? tr("the server's certificate is not the pinned one")
                        : r->error() == QNetworkReply::NoError ? tr("the last line is cut")
                                                               : r->errorString();
                    *error = tr("%1: the readings stopped %2: %3").arg(s.where, stoppedAt(s), why);
                    return std::nullopt;
                }
                r->deleteLater();
                s.reply = nullptr;
                if (s.prefetched) {
                    s.reply = std::exchange(s.prefetched, nullptr);
                    prefetch(s);
                    continue;
                }
                if (s.nextFrom >= s.to)
                    return std::nullopt; // the whole range
                s.reply = ask(s);
                continue;
            }
            wait(r);
        }
    }

    // The next window of `s`.
    // The request for the next window of `s`. Once its reply has all
    // arrived, the window after it is asked for (at most two are held).
    QNetworkReply* ask(Stream& s)
    {
        const qint64 from = s.nextFrom;
        const qint64 to = s.to - from > kWindowMs ? from + kWindowMs : s.to;
        s.nextFrom = to;
        QUrl url = s.source.url;
        url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) +
                    QStringLiteral("/v1/readings"));
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("from"), QString::number(from));
        q.addQueryItem(QStringLiteral("to"), QString::number(to));
        url.setQuery(q);
        QNetworkRequest req(url);
        if (!s.source.token.isEmpty())
            req.setRawHeader("Authorization", "Bearer " + s.source.token);
        req.setTransferTimeout(kStallTimeoutMs);
        QNetworkReply* reply = nam.get(req);
        guardAgentReply(reply, s.source.pinnedSha256, kMaxReplyBytes);
        QObject::connect(reply, &QNetworkReply::finished, reply, [this, &s] { prefetch(s); });
        return reply;
    }

    void prefetch(Stream& s)
    {
        if (s.reply && s.reply->isFinished() && s.reply->error() == QNetworkReply::NoError &&
            !s.prefetched && s.nextFrom < s.to)
            s.prefetched = ask(s);
    }

    static void wait(QNetworkReply* r)
    {
        QEventLoop loop;
        QObject::connect(r, &QNetworkReply::readyRead, &loop, &QEventLoop::quit);
        QObject::connect(r, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QObject::connect(r, &QNetworkReply::metaDataChanged, &loop, &QEventLoop::quit);
        if (!r->isFinished() && !r->canReadLine())
            loop.exec();
    }
};

bool ReadingsSource::openAgents(QString* error)
{
    if (!m_options.fromMs) {
        *error = tr("--source: give the range (--from, and --to, default now)");
        return false;
    }
    const qint64 from = *m_options.fromMs;
    const qint64 to = m_options.toMs.value_or(QDateTime::currentMSecsSinceEpoch());
    m_agents = std::make_unique<Agents>();
    for (const AgentSource& a : std::as_const(m_options.agents)) {
        auto s = std::make_unique<Agents::Stream>();
        s->source = a;
        s->where = a.url.toString(QUrl::RemoveUserInfo);
        s->nextFrom = from;
        s->to = to;
        s->reply = m_agents->ask(*s);
        m_agents->streams.push_back(std::move(s));
    }
    return true;
}

std::optional<Snapshot> ReadingsSource::nextOfAgents(QString* error)
{
    Agents& a = *m_agents;
    QString why;
    if (!a.primed) {
        a.primed = true;
        for (auto& s : a.streams) {
            s->head = a.read(*s, &why);
            if (!why.isEmpty()) {
                *error = why;
                return std::nullopt;
            }
        }
    }
    for (;;) {
        Agents::Stream* best = nullptr;
        for (auto& s : a.streams)
            if (s->head && (!best || s->head->timestampMs < best->head->timestampMs))
                best = s.get();
        if (!best)
            return std::nullopt;
        std::optional<Snapshot> out = std::move(best->head);
        best->head = a.read(*best, &why);
        if (!why.isEmpty()) {
            *error = why;
            return std::nullopt;
        }
        if (!m_options.servers.isEmpty() && !m_options.servers.contains(out->server)) {
            ++m_skipped;
            continue;
        }
        return out;
    }
}

namespace {

QByteArray tomlValue(const QJsonValue& v)
{
    if (v.isBool())
        return v.toBool() ? "true" : "false";
    if (v.isDouble()) {
        const double d = v.toDouble();
        if (std::floor(d) == d && std::abs(d) < 1e15)
            return QByteArray::number(qint64(d));
        return QByteArray::number(d, 'g', 17);
    }
    if (v.isString()) // a JSON string is a TOML basic string
        return QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact).chopped(1).mid(1);
    if (v.isObject() && v.toObject().contains(QStringLiteral("text"))) // a duration
        return tomlValue(v.toObject().value(QStringLiteral("text")));
    if (v.isArray()) {
        QByteArrayList items;
        for (const QJsonValue& item : v.toArray())
            items.append(tomlValue(item));
        return '[' + items.join(", ") + ']';
    }
    if (v.isObject()) {
        QByteArrayList items;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it)
            items.append(it.key().toUtf8() + " = " + tomlValue(it.value()));
        return "{ " + items.join(", ") + " }";
    }
    return "\"\"";
}

QByteArray tomlKey(const QString& key)
{
    return tomlValue(QJsonValue(key));
}

} // namespace

QByteArray policyTomlFromJson(const QJsonObject& policy)
{
    QByteArray out;
    for (auto section = policy.begin(); section != policy.end(); ++section) {
        const QJsonObject o = section.value().toObject();
        const QString name = section.key();
        out += '[' + name.toUtf8() + "]\n";
        QByteArray tables;
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString key = it.key();
            if (name == QLatin1String("alerts") && key == QLatin1String("webhook_url"))
                continue; // shown redacted; no report sends alerts
            if (name == QLatin1String("quota") &&
                (key == QLatin1String("users") || key == QLatin1String("groups"))) {
                tables += "[quota." + key.toUtf8() + "]\n";
                for (const QJsonValue& share : it.value().toArray()) {
                    const QJsonObject s = share.toObject();
                    const QJsonArray windows = s.value(QStringLiteral("windows")).toArray();
                    tables += tomlKey(s.value(QStringLiteral("name")).toString()) + " = ";
                    tables +=
                        windows.isEmpty()
                            ? tomlValue(s.value(QStringLiteral("share_percent")))
                            : "{ share = " + tomlValue(s.value(QStringLiteral("share_percent"))) +
                                  ", windows = " + tomlValue(windows) + " }";
                    tables += '\n';
                }
                continue;
            }
            if (name == QLatin1String("tokens") && key == QLatin1String("prices")) {
                tables += "[tokens.prices]\n";
                for (const QJsonValue& price : it.value().toArray())
                    tables += tomlKey(price[QStringLiteral("pattern")].toString()) + " = " +
                              tomlValue(price[QStringLiteral("per_gpu_hour")]) + '\n';
                continue;
            }
            out += key.toUtf8() + " = " + tomlValue(it.value()) + '\n';
        }
        out += tables;
    }
    return out;
}

std::optional<PolicyConfig> agentsPolicy(const QList<AgentSource>& agents, QStringList* warnings,
                                         QString* error)
{
    std::optional<PolicyConfig> first;
    QJsonObject firstJson;
    QString firstWhere;
    for (const AgentSource& a : agents) {
        const QString where = a.url.toString(QUrl::RemoveUserInfo);
        AgentClient client(a.url, a.token);
        client.setPinnedSha256(a.pinnedSha256);
        const AgentJsonReply reply = client.fetchJsonBlocking(QStringLiteral("/v1/policy"));
        if (!reply.json) {
            *error = reply.error;
            if (reply.httpStatus == 401)
                *error += QLatin1Char('\n') + a.tokenOrigin;
            return std::nullopt;
        }
        const QJsonObject json = reply.json->value(QStringLiteral("policy")).toObject();
        const QString text = reply.json->value(QStringLiteral("text")).toString();
        const QString name = where + QStringLiteral("/v1/policy");
        const PolicyParseResult parsed =
            parsePolicy(text.isEmpty() ? policyTomlFromJson(json) : text.toUtf8(), name);
        if (!parsed.config) {
            *error = tr("%1: the agent's policy cannot be read back: %2; give --policy")
                         .arg(where, parsed.errors.join(QStringLiteral("; ")));
            return std::nullopt;
        }
        if (!first) {
            first = parsed.config;
            firstJson = json;
            firstWhere = where;
        } else if (json != firstJson) {
            warnings->append(tr("the agents' policies differ (%1 and %2): the report uses "
                                "the policy of %1; give --policy to choose")
                                 .arg(firstWhere, where));
        }
    }
    return first;
}

std::unique_ptr<ReadingsSource> ReadingsSource::open(const ReadingsOptions& options, QString* error)
{
    std::unique_ptr<ReadingsSource> s(new ReadingsSource);
    s->m_options = options;
    if (options.demo) {
        if (!options.fromMs) {
            *error = tr("--demo: give the range (--from, and --to, default now)");
            return nullptr;
        }
        const qint64 from = *options.fromMs;
        const qint64 to = options.toMs.value_or(QDateTime::currentMSecsSinceEpoch());
        s->m_demo = std::make_unique<Demo>(Demo{DemoWorld(options.demoServers), {}, 0, to, 0});
        const QStringList names = s->m_demo->world.names();
        for (qsizetype i = 0; i < names.size(); ++i)
            if (options.servers.isEmpty() || options.servers.contains(names[i]))
                s->m_demo->servers.append(int(i));
        // The first whole second at or after `from`.
        constexpr qint64 step = Demo::kStepMs;
        s->m_demo->t = from % step == 0 ? from : from - ((from % step + step) % step) + step;
        return s;
    }
    if (!options.agents.isEmpty()) {
        if (!s->openAgents(error))
            return nullptr;
        return s;
    }
    if (!options.historyPath.isEmpty()) {
        s->m_history =
            HistoryReadings::open(options.historyPath, options.servers,
                                  options.fromMs.value_or(std::numeric_limits<qint64>::min()),
                                  options.toMs.value_or(std::numeric_limits<qint64>::max()), error);
        if (!s->m_history)
            return nullptr;
    } else if (!s->m_trace.open(options.tracePath, error)) {
        return nullptr;
    }
    return s;
}

ReadingsSource::~ReadingsSource() = default;

std::optional<Snapshot> ReadingsSource::next(QString* error)
{
    if (m_demo)
        return m_demo->read();
    if (m_agents)
        return nextOfAgents(error);
    if (m_history)
        return m_history->next(error);
    while (auto s = m_trace.next()) {
        if ((m_options.fromMs && s->timestampMs < *m_options.fromMs) ||
            (m_options.toMs && s->timestampMs >= *m_options.toMs) ||
            (!m_options.servers.isEmpty() && !m_options.servers.contains(s->server))) {
            ++m_skipped;
            continue;
        }
        return s;
    }
    if (m_trace.hasError())
        *error = m_trace.error();
    return std::nullopt;
}

} // namespace gw::cli
