#include "agent/samplelog.h"

#include "agent/apiinteger.h"
#include "agent/journalwriter.h"
#include "agent/samplescbor.h"
#include "model/snapshotjson.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>

#include <memory>

Q_LOGGING_CATEGORY(lcSamples, "gw.agent", QtInfoMsg)

namespace gw {

namespace {

// One reading as /v1/samples serves it, and as the journal keeps it.
QByteArray sampleJson(const Snapshot& s, quint64 sequence)
{
    QJsonObject o = toJson(s);
    o.insert(QStringLiteral("sequence"), qint64(sequence));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QHttpServerResponse noData()
{
    return jsonError(503, QStringLiteral("no_data"),
                     QStringLiteral("the agent has not taken a reading yet"));
}

} // namespace

SampleLog::SampleLog(qsizetype ringSize, std::function<CursorEnvelope()> envelope)
    : m_ringSize(ringSize)
    , m_envelope(std::move(envelope))
{}

void SampleLog::setJournal(JournalWriter* journal, quint64 next)
{
    m_journal = journal;
    if (journal)
        m_nextSequence = next;
}

const Snapshot& SampleLog::publish(const Snapshot& snapshot)
{
    ++m_published;
    quint64 sequence = m_nextSequence;
    if (m_journal) {
        // Refused (no reservation on disk): the journal's AgentHealth says so.
        const std::optional<quint64> taken = m_journal->take();
        if (!taken) {
            m_unnumbered = snapshot;
            m_unnumberedJson.clear();
            return *m_unnumbered;
        }
        sequence = *taken;
    }
    // Written once here, for the journal and for every client that asks for
    // it while it is among the newest.
    QByteArray json = sampleJson(snapshot, sequence);
    if (m_journal)
        m_journal->append(sequence, snapshot.timestampMs, json);
    m_unnumbered.reset();
    m_unnumberedJson.clear();
    m_nextSequence = sequence + 1;
    m_ring.push_back({sequence, snapshot, std::move(json)});
    while (qsizetype(m_ring.size()) > m_ringSize)
        m_ring.pop_front();
    if (qsizetype(m_ring.size()) > kSerializedKept)
        m_ring[m_ring.size() - 1 - std::size_t(kSerializedKept)].json.clear();
    return m_ring.back().snapshot;
}

const Snapshot* SampleLog::latest() const
{
    if (m_unnumbered)
        return &*m_unnumbered;
    return m_ring.empty() ? nullptr : &m_ring.back().snapshot;
}

void SampleLog::addRoutes(RouteTable& table)
{
    using Method = QHttpServerRequest::Method;
    table.add(QStringLiteral("/v1/snapshot"), Method::Get, Scope::Read,
              [this](const RouteRequest&) { return snapshot(); });
    table.add(QStringLiteral("/v1/samples"), Method::Get, Scope::Read,
              [this](const RouteRequest& r) { return samples(r.http); });
    table.add(QStringLiteral("/v1/processes"), Method::Get, Scope::Read,
              [this](const RouteRequest&) { return processes(); });
}

QHttpServerResponse SampleLog::snapshot() const
{
    const Snapshot* s = latest();
    if (!s)
        return noData();
    // The reading and its number, as /v1/samples serves it; a reading that
    // has no number is served without one.
    if (!m_unnumbered)
        return jsonBytesReply(m_ring.back().json);
    if (m_unnumberedJson.isEmpty())
        m_unnumberedJson = QJsonDocument(toJson(*s)).toJson(QJsonDocument::Compact);
    return jsonBytesReply(m_unnumberedJson);
}

QHttpServerResponse SampleLog::processes() const
{
    const Snapshot* s = latest();
    if (!s)
        return noData();
    const QJsonObject full = toJson(*s);
    return jsonReply(
        QJsonObject{{QStringLiteral("timestamp_ms"), full[QStringLiteral("timestamp_ms")]},
                    {QStringLiteral("processes"), full[QStringLiteral("processes")]}});
}

QHttpServerResponse SampleLog::samples(const QHttpServerRequest& request) const
{
    const CursorQuery cursor = cursorQuery(request);
    if (!cursor.error.isEmpty())
        return jsonError(400, QStringLiteral("bad_request"), cursor.error);
    // Older than the ring: from the journal; then the ring. Readings are
    // spliced in as serialized, not parsed again.
    auto readJournal = [this](quint64 after, quint64 before, int limit, QString* why) {
        return m_journal ? m_journal->read(after, before, limit, why)
                         : QList<AgentJournal::Entry>();
    };
    QString journalError;
    const bool cbor = acceptsCbor(request); // agent/samplescbor.h
    QByteArray body =
        cbor ? samplesCborPage(m_envelope(), cursor, m_nextSequence, m_ring, readJournal, lcSamples,
                               &journalError)
             : ringCursorPage(
                   m_envelope(), "samples", cursor, m_nextSequence, m_ring, readJournal,
                   [](const Numbered& n) {
                       return n.json.isEmpty() ? sampleJson(n.snapshot, n.sequence) : n.json;
                   },
                   lcSamples, &journalError);
    if (!journalError.isEmpty()) {
        // Not "truncated": the readings exist, the client asks again.
        return jsonError(503, QStringLiteral("journal_unavailable"),
                         journalError + QStringLiteral("; ask again later"));
    }
    // Readings are repetitive JSON: deflated they are about a tenth (a
    // backfill page of 1000 readings: 2.8 MB → 0.3 MB). Qt's network access
    // manager asks for it and inflates by itself.
    bool deflate = false;
    if (body.size() >= kDeflateFromBytes) {
        // "gzip, deflate", "deflate;q=0.5"; q=0 refuses it.
        for (const QByteArray& item :
             requestHeader(request, QByteArrayLiteral("Accept-Encoding")).toLower().split(',')) {
            const QList<QByteArray> parts = item.split(';');
            double q = 1;
            if (parts.size() > 1 && parts[1].trimmed().startsWith("q="))
                q = parts[1].trimmed().mid(2).toDouble();
            if (parts.first().trimmed() == "deflate")
                deflate = q > 0;
        }
    }
    if (deflate)
        body = qCompress(body, 1).mid(4); // the zlib stream HTTP's "deflate" means
    QHttpServerResponse r = cbor ? cborBytesReply(body) : jsonBytesReply(body);
    r.addHeader(QByteArrayLiteral("Vary"), QByteArrayLiteral("Accept, Accept-Encoding"));
    if (deflate)
        r.addHeader(QByteArrayLiteral("Content-Encoding"), QByteArrayLiteral("deflate"));
    return r;
}

SampleLog::Reader SampleLog::readRange(qint64 from, qint64 to) const
{
    if (!m_journal) {
        // The ring is not changed while a replay runs (same thread).
        auto it = m_ring.begin();
        const auto end = m_ring.end();
        return [it, end, from, to](QString*) mutable -> std::optional<Snapshot> {
            for (; it != end; ++it) {
                if (it->snapshot.timestampMs >= to)
                    return std::nullopt;
                if (it->snapshot.timestampMs >= from)
                    return (it++)->snapshot;
            }
            return std::nullopt;
        };
    }
    struct Paging
    {
        QList<AgentJournal::Entry> page;
        qsizetype at = 0;
        quint64 cursor = 0;
        quint64 newest = 0; // numbered when the replay began
        bool started = false;
        bool paged = false; // a page has been read: the cursor is a reading read
        bool done = false;
    };
    auto state = std::make_shared<Paging>();
    state->newest = lastSequence();
    JournalWriter* journal = m_journal;
    // Retention removes the oldest blocks while a long replay reads: the
    // next page then starts past the cursor, or is empty. That ends the
    // replay with an error, not short and silent. A hole the journal never
    // stored (readings dropped while the disk refused) is not one: the
    // oldest reading kept is still at or before the cursor. Neither is what
    // was removed before the first page: the replay covers what is there.
    const auto removedUnderfoot = [journal](const Paging& p, QString* error) {
        if (!p.paged || p.cursor >= p.newest)
            return false;
        QString why;
        const std::optional<quint64> oldest = journal->oldestSequence(&why);
        if (!why.isEmpty()) {
            *error = why;
            return true;
        }
        if (oldest && *oldest <= p.cursor + 1)
            return false;
        *error = QCoreApplication::translate(
                     "gw::AgentServer",
                     "the readings after number %1 were removed from the journal while the "
                     "replay read them (they passed its retention): the replay stopped there; "
                     "ask for a range that starts later")
                     .arg(p.cursor);
        return true;
    };
    return [state, journal, from, to, removedUnderfoot](QString* error) -> std::optional<Snapshot> {
        Paging& p = *state;
        if (!p.started) { // on the caller's first call: it may be another thread
            p.started = true;
            p.cursor = journal->sequenceBefore(from);
        }
        while (!p.done) {
            if (p.at >= p.page.size()) {
                QString why;
                p.page = journal->read(p.cursor, quint64(kMaxSequence), kMaxSamplesLimit, &why);
                p.at = 0;
                if (!why.isEmpty()) {
                    *error = why;
                    return std::nullopt;
                }
                if ((p.page.isEmpty() || p.page.first().sequence > p.cursor + 1) &&
                    removedUnderfoot(p, error))
                    return std::nullopt;
                if (p.page.isEmpty())
                    return std::nullopt;
                p.cursor = p.page.last().sequence;
                p.paged = true;
            }
            const AgentJournal::Entry& e = p.page[p.at++];
            QString why;
            std::optional<Snapshot> s = snapshotFromJsonBytes(e.json, &why);
            if (!s) {
                *error = QCoreApplication::translate("gw::AgentServer", "reading %1: %2")
                             .arg(e.sequence)
                             .arg(why);
                return std::nullopt;
            }
            if (s->timestampMs >= to) {
                p.done = true;
                return std::nullopt;
            }
            if (s->timestampMs >= from)
                return s;
        }
        return std::nullopt;
    };
}

} // namespace gw
