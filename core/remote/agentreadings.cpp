#include "remote/agentreadings.h"

#include "model/snapshotcbor.h"
#include "model/snapshotjson.h"
#include "policy/policyconfig.h"
#include "remote/agentlink.h"
#include "util/linebuffer.h"
#include "wire/agentwire.h"

#include <QCoreApplication>
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

#include <algorithm>
#include <cmath>
#include <utility>

namespace gw {

namespace {

// (In a function whose return type names another namespace, a toml:: or
// std:: type, Qt 6.4's lupdate loses the class: messages there name the
// context themselves, QCoreApplication::translate("gw::AgentReadings", ...).)
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::AgentReadings)
};

// /v1/info and /v1/policy: small replies, the desktop link's timeout.
constexpr int kInfoTimeoutMs = 5000;

} // namespace

// Agents' GET /v1/readings, read line by line, merged by time: the earliest
// head of all agents next. Each agent is asked an hour at a time, the next
// hour once this one has all arrived: what is held is at most two hours of
// each agent (Qt 6.4's reply read buffer limit stalls chunked replies, so
// the bound comes from the requests).
struct AgentReadings::State
{
    struct Stream
    {
        AgentEndpoint source;
        QString where;                       // the agent's URL, for messages
        QNetworkReply* reply = nullptr;      // being read
        QNetworkReply* prefetched = nullptr; // the window after it
        qint64 nextFrom = 0;                 // of the next request
        qint64 to = 0;
        qint64 line = 0;
        LineBuffer lines{TraceReader::kMaxLineBytes}; // of the reply being read
        // A CBOR reply (one array of indefinite length, docs/agent-api.md):
        // what has arrived and not been read yet, from `at`.
        QByteArray cbor;
        qsizetype at = 0;
        bool opened = false; // the array's head was read
        bool closed = false; // its break was read: the whole window came
        // Reads its readings, sharing the texts each repeats of the last
        // (users, commands, UUIDs: docs/remote.md).
        SnapshotCborDecoder decoder;
        std::optional<qint64> lastMs; // of the last reading read
        TraceOrder order;
        std::optional<Snapshot> head;
        bool ended = false;
        QString name; // filed under it; empty: the agent's own
        bool alignClock = false;
        qint64 offsetMs = 0; // agent clock − this machine's
    };
    QNetworkAccessManager nam;
    QStringList servers; // empty: all
    std::vector<std::unique_ptr<Stream>> streams;

    ~State()
    {
        // Replies first: none may call back into a stream that is gone.
        for (auto& s : streams) {
            delete s->reply;
            delete s->prefetched;
        }
    }
    bool primed = false;
    QString failed; // the error that ended the readings

    // The guard's limit: a reply is streamed, not held, so only a runaway
    // agent meets it (a day of 16 GPUs at 1 Hz is a few GiB at most).
    static constexpr qint64 kMaxReplyBytes = qint64(64) << 30;
    // An hour of one agent's readings, however slowly it trickles.
    static constexpr int kWindowDeadlineMs = 600'000;
    static constexpr qint64 kReadAheadSlackBytes = 1 << 20;

    // GET /v1/readings of [from, to) on the agent's clock; a stall, not the
    // whole transfer, times out.
    static AgentRequest readingsRequest(qint64 from, qint64 to)
    {
        QUrlQuery q;
        q.addQueryItem(QStringLiteral("from"), QString::number(from));
        q.addQueryItem(QStringLiteral("to"), QString::number(to));
        AgentRequest request;
        request.pathAndQuery = QStringLiteral("/v1/readings?") + q.toString(QUrl::FullyEncoded);
        request.timeoutMs = kStallTimeoutMs;
        request.deadlineMs = kWindowDeadlineMs;
        request.maxReplyBytes = kMaxReplyBytes;
        // CBOR decodes about ten times faster than JSON; an agent that does
        // not know it answers NDJSON, read as before (the Content-Type says).
        request.accept = QByteArray(kCborMediaType);
        return request;
    }

    static AgentRequest infoRequest()
    {
        AgentRequest request;
        request.pathAndQuery = QStringLiteral("/v1/info");
        request.timeoutMs = kInfoTimeoutMs;
        return request;
    }

    // The agent's clock against this machine's, as AgentLink measures it:
    // /v1/info's now_ms against the middle of the round trip; within
    // AgentLink::kClockToleranceMs taken as 0.
    static bool align(Stream& s, QString* error)
    {
        const qint64 sent = QDateTime::currentMSecsSinceEpoch();
        const AgentCall reply = callAgentBlocking(s.source, infoRequest());
        const qint64 back = QDateTime::currentMSecsSinceEpoch();
        const QJsonValue now =
            reply.json ? reply.json->value(QStringLiteral("now_ms")) : QJsonValue();
        if (!now.isDouble()) {
            *error = reply.json ? Tr::tr("%1: /v1/info has no now_ms").arg(s.where) : reply.error;
            return false;
        }
        const qint64 offset = qint64(now.toDouble()) - (sent + back) / 2;
        s.offsetMs = std::abs(offset) < AgentLink::kClockToleranceMs
                         ? 0
                         : std::llround(double(offset) / 1000) * 1000;
        return true;
    }

    // Where the stream stopped, for a message.
    static QString stoppedAt(const Stream& s)
    {
        return s.lastMs ? (s.opened ? Tr::tr("after reading %1 (the reading of %2)")
                                    : Tr::tr("after line %1 (the reading of %2)"))
                              .arg(s.line)
                              .arg(QDateTime::fromMSecsSinceEpoch(*s.lastMs, QTimeZone::utc())
                                       .toString(Qt::ISODateWithMs))
                        : Tr::tr("before the first reading");
    }

    // A reading read and checked, in either form: taken in its stream's
    // order, shifted by the stream's offset and named as the admin named
    // the server.
    static Snapshot delivered(Stream& s, Snapshot snap)
    {
        s.order.accept(snap, s.line);
        s.lastMs = snap.timestampMs;
        snap.timestampMs -= s.offsetMs;
        if (!s.name.isEmpty())
            snap.server = s.name;
        return snap;
    }

    static std::nullopt_t tooLong(const Stream& s, QString* error)
    {
        *error = QCoreApplication::translate(
                     "gw::AgentReadings", "%1: the readings stopped %2: a line longer than %3 MiB")
                     .arg(s.where, stoppedAt(s))
                     .arg(TraceReader::kMaxLineBytes >> 20);
        return std::nullopt;
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
                *error = describeAgentReply(r, s.source, readingsRequest(0, 0), r->readAll()).error;
                return std::nullopt;
            }
            if (replyIsCbor(r)) {
                bool more = false;
                std::optional<Snapshot> snap = readCbor(s, error, &more);
                if (snap)
                    return snap;
                if (!more)
                    return std::nullopt; // `error` says why
            } else if (std::optional<QByteArray> taken = s.lines.takeLine()) {
                ++s.line;
                const QByteArray line = taken->trimmed();
                if (line.isEmpty())
                    continue;
                if (line.size() > TraceReader::kMaxLineBytes)
                    return tooLong(s, error);
                QString why;
                std::optional<Snapshot> snap = snapshotFromJsonBytes(line, &why);
                if (snap)
                    why = s.order.check(*snap);
                if (!why.isEmpty()) {
                    *error = Tr::tr("%1: line %2: %3").arg(s.where).arg(s.line).arg(why);
                    return std::nullopt;
                }
                return delivered(s, std::move(*snap));
            }
            // No line end within a line's limit: a runaway or hostile
            // agent, refused before it fills memory.
            if (s.lines.overlong())
                return tooLong(s, error);
            if (r->bytesAvailable() > 0) {
                if (replyIsCbor(r)) {
                    if (s.at > 0) {
                        s.cbor.remove(0, s.at);
                        s.at = 0;
                    }
                    // What has arrived (read(n) makes an n-byte buffer first).
                    s.cbor += r->read(std::min(r->bytesAvailable(),
                                               TraceReader::kMaxLineBytes + kReadAheadSlackBytes));
                } else {
                    s.lines.fill(r);
                }
                continue;
            }
            if (r->isFinished()) {
                const bool cut = replyIsCbor(r) ? !s.closed || s.at < s.cbor.size()
                                                : !s.lines.takeRest().trimmed().isEmpty();
                if (r->error() != QNetworkReply::NoError || cut) {
                    const QString why =
                        replyPinMismatch(r)
                            ? Tr::tr("the server's certificate is not the pinned one")
                        : r->error() != QNetworkReply::NoError ? r->errorString()
                        : replyIsCbor(r)                       ? Tr::tr("the last reading is cut")
                                                               : Tr::tr("the last line is cut");
                    *error =
                        Tr::tr("%1: the readings stopped %2: %3").arg(s.where, stoppedAt(s), why);
                    return std::nullopt;
                }
                r->deleteLater();
                s.reply = nullptr;
                s.cbor.clear();
                s.at = 0;
                s.opened = s.closed = false;
                if (s.prefetched) {
                    s.reply = std::exchange(s.prefetched, nullptr);
                    readAheadOf(s.reply);
                    prefetch(s);
                    continue;
                }
                if (s.nextFrom >= s.to)
                    return std::nullopt; // the whole range
                s.reply = ask(s);
                readAheadOf(s.reply);
                continue;
            }
            wait(r);
        }
    }

    // The next reading of the CBOR reply being read, from what has arrived;
    // nothing with `more` set when it needs more data, with `error` set on a
    // mistake (a reading larger than a line may be is one).
    std::optional<Snapshot> readCbor(Stream& s, QString* error, bool* more)
    {
        *more = true;
        const qsizetype left = s.cbor.size() - s.at;
        if (left == 0 || s.closed)
            return std::nullopt;
        const auto head = quint8(s.cbor.at(s.at));
        if (!s.opened) {
            if (head != 0x9f) {
                *more = false;
                *error = Tr::tr("%1: the readings are not a CBOR array of indefinite length")
                             .arg(s.where);
                return std::nullopt;
            }
            s.opened = true;
            ++s.at;
            return readCbor(s, error, more);
        }
        if (head == 0xff) { // the array's break: the window is whole
            s.closed = true;
            ++s.at;
            return std::nullopt;
        }
        QString why;
        bool incomplete = false;
        qsizetype used = 0;
        std::optional<Snapshot> snap = s.decoder.decode(
            QByteArrayView(s.cbor.constData() + s.at, left), &used, &why, &incomplete);
        if (!snap && incomplete) {
            if (left > TraceReader::kMaxLineBytes) {
                *more = false;
                tooLong(s, error);
            }
            return std::nullopt;
        }
        *more = false;
        if (snap)
            why = s.order.check(*snap);
        if (!why.isEmpty()) {
            *error = Tr::tr("%1: reading %2: %3").arg(s.where).arg(s.line + 1).arg(why);
            return std::nullopt;
        }
        s.at += used;
        ++s.line;
        return delivered(s, std::move(*snap));
    }

    // The request for the next window of `s`. Once its reply has all
    // arrived, the window after it is asked for (at most two are held).
    QNetworkReply* ask(Stream& s)
    {
        const qint64 from = s.nextFrom;
        const qint64 to = s.to - from > kWindowMs ? from + kWindowMs : s.to;
        s.nextFrom = to;
        QNetworkReply* reply =
            sendAgentRequest(&nam, s.source, readingsRequest(from + s.offsetMs, to + s.offsetMs));
        // No read buffer limit yet: see readAheadOf().
        QObject::connect(reply, &QNetworkReply::finished, reply, [this, &s] { prefetch(s); });
        return reply;
    }

    // The reply being read holds at most a line's limit and a little ahead
    // of the reader: an endless line is refused at the limit, not after
    // the network filled memory (9 GB under ASan, 0.7 GB plain, before).
    // A prefetched reply has no limit until it is the one read: with one,
    // a prefetched reply that filled it stalled the stream for good at a
    // window's end (tst_clireportsource under load); its window is asked
    // for only once the one before has all arrived.
    static void readAheadOf(QNetworkReply* reply)
    {
        reply->setReadBufferSize(TraceReader::kMaxLineBytes + kReadAheadSlackBytes);
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

AgentReadings::AgentReadings(QList<Agent> agents, qint64 fromMs, qint64 toMs, QStringList servers)
    : d(std::make_unique<State>())
{
    d->servers = std::move(servers);
    for (const Agent& a : agents) {
        auto s = std::make_unique<State::Stream>();
        s->source = a.source;
        s->name = a.name;
        s->alignClock = a.alignClock;
        s->where = a.source.url.toString(QUrl::RemoveUserInfo);
        s->nextFrom = fromMs;
        s->to = toMs;
        d->streams.push_back(std::move(s));
    }
}

AgentReadings::~AgentReadings() = default;

ReadingSpec agentReadingsSpec(QList<AgentReadings::Agent> agents)
{
    return ReadingSpec::fromOpener(
        [agents = std::move(agents)](const ReadingSpec& spec,
                                     QString* error) -> std::unique_ptr<ReadingSource> {
            if (!spec.fromMs) {
                *error = Tr::tr("--source: give the range (--from, and --to, default now)");
                return nullptr;
            }
            return std::make_unique<AgentReadings>(
                agents, *spec.fromMs, spec.toMs.value_or(QDateTime::currentMSecsSinceEpoch()),
                spec.servers);
        });
}

std::optional<Snapshot> AgentReadings::next(QString* error)
{
    State& a = *d;
    if (!a.failed.isEmpty()) {
        *error = a.failed;
        return std::nullopt;
    }
    QString why;
    if (!a.primed) {
        a.primed = true;
        for (auto& s : a.streams) {
            if (s->alignClock && !a.align(*s, &why)) {
                a.failed = *error = why;
                return std::nullopt;
            }
            s->reply = a.ask(*s);
            State::readAheadOf(s->reply);
        }
        for (auto& s : a.streams) {
            s->head = a.read(*s, &why);
            if (!why.isEmpty()) {
                a.failed = *error = why;
                return std::nullopt;
            }
        }
    }
    for (;;) {
        State::Stream* best = nullptr;
        for (auto& s : a.streams)
            if (s->head && (!best || s->head->timestampMs < best->head->timestampMs))
                best = s.get();
        if (!best)
            return std::nullopt;
        std::optional<Snapshot> out = std::move(best->head);
        best->head = a.read(*best, &why);
        if (!why.isEmpty()) {
            a.failed = *error = why;
            return std::nullopt;
        }
        if (!a.servers.isEmpty() && !a.servers.contains(out->server)) {
            ++m_skipped;
            continue;
        }
        return out;
    }
}

std::optional<PolicyConfig> agentsPolicy(const QList<AgentEndpoint>& agents, QStringList* warnings,
                                         QString* error)
{
    std::optional<PolicyConfig> first;
    QJsonObject firstJson;
    QString firstWhere;
    for (const AgentEndpoint& a : agents) {
        const QString where = a.url.toString(QUrl::RemoveUserInfo);
        AgentRequest request;
        request.pathAndQuery = QStringLiteral("/v1/policy");
        request.timeoutMs = kInfoTimeoutMs;
        const AgentCall reply = callAgentBlocking(a, request);
        if (!reply.json) {
            *error = reply.error; // with the token's origin on 401
            return std::nullopt;
        }
        const QJsonObject json = reply.json->value(QStringLiteral("policy")).toObject();
        const QString text = reply.json->value(QStringLiteral("text")).toString();
        const QString name = where + QStringLiteral("/v1/policy");
        const PolicyParseResult parsed =
            parsePolicy(text.isEmpty() ? policyTomlFromJson(json) : text.toUtf8(), name);
        if (!parsed.config) {
            *error = Tr::tr("%1: the agent's policy cannot be read back: %2; give --policy")
                         .arg(where, parsed.errors.join(QStringLiteral("; ")));
            return std::nullopt;
        }
        if (!first) {
            first = parsed.config;
            firstJson = json;
            firstWhere = where;
        } else if (json != firstJson) {
            warnings->append(Tr::tr("the agents' policies differ (%1 and %2): the report uses "
                                    "the policy of %1; give --policy to choose")
                                 .arg(firstWhere, where));
        }
    }
    return first;
}

} // namespace gw
