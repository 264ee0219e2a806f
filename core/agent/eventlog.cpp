#include "agent/eventlog.h"

#include "agent/journalwriter.h"
#include "journal/agentjournal.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>

#include <cstdlib>

Q_LOGGING_CATEGORY(lcEvents, "gw.agent", QtInfoMsg)

namespace gw {

EventLog::EventLog(std::function<CursorEnvelope()> envelope, std::function<qint64()> now)
    : m_envelope(std::move(envelope))
    , m_now(std::move(now))
{}

void EventLog::continueFrom(AgentJournal& journal)
{
    m_nextSequence = journal.lastEventSequence() + 1;
    m_records.clear();
    // The engine starts fresh: whatever the previous run left open is over
    // as of its last stored reading.
    QString why;
    const QList<AgentJournal::Entry> latest = journal.latestEventRecords(&why);
    if (!why.isEmpty())
        qCWarning(lcEvents).noquote() << "journal:" << why;
    const std::optional<qint64> lastReading = journal.lastReadingMs();
    int closed = 0;
    for (const AgentJournal::Entry& entry : latest) {
        QString error;
        const QJsonObject stored = QJsonDocument::fromJson(entry.json).object();
        if (stored.value(QStringLiteral("kind")) == QLatin1String("clock_step"))
            continue; // a clock step, never open
        std::optional<PolicyEvent> event = policyEventFromJson(stored, &error);
        if (!event) {
            qCWarning(lcEvents).noquote()
                << "journal: event record" << entry.sequence << "is unreadable:" << error;
            continue;
        }
        if (!event->isOpen())
            continue;
        event->endMs = std::max(lastReading.value_or(event->detectedMs), event->startMs);
        event->endReason = QStringLiteral("agent restarted");
        const quint64 sequence = m_nextSequence++;
        QByteArray json = QJsonDocument(toJson(*event)).toJson(QJsonDocument::Compact);
        journal.appendEvent(sequence, m_now(), event->id, json);
        m_records.push_back({sequence, std::move(json)});
        ++closed;
    }
    if (closed > 0)
        qCInfo(lcEvents).noquote() << "policy:" << closed
                                   << "event(s) left open by the previous run closed (agent "
                                      "restarted)";
}

void EventLog::store(const PolicyEvent& event, qint64 atMs)
{
    const quint64 sequence = m_nextSequence++;
    QByteArray json = QJsonDocument(toJson(event)).toJson(QJsonDocument::Compact);
    if (m_journal)
        m_journal->appendEvent(sequence, atMs, event.id, json);
    m_records.push_back({sequence, std::move(json)});
    while (qsizetype(m_records.size()) > kMemoryEventLimit)
        m_records.pop_front();
}

void EventLog::record(const QList<PolicyEvent>& events)
{
    const qint64 now = m_now();
    for (const PolicyEvent& e : events) {
        if (!m_open.contains(e.id))
            ++m_totals[policyEventKindName(e.kind)];
        if (e.isOpen())
            m_open.insert(e.id, e.kind);
        else
            m_open.remove(e.id);
        store(e, now);
    }
}

void EventLog::recordClockStep(const QString& server, qint64 stepMs, qint64 atMs)
{
    const QString when = QDateTime::fromMSecsSinceEpoch(atMs, Qt::UTC).toString(Qt::ISODate);
    const QString id = QStringLiteral("clock_step/%1/%2").arg(server).arg(atMs);
    const QJsonObject o{{QStringLiteral("id"), id},
                        {QStringLiteral("kind"), QStringLiteral("clock_step")},
                        {QStringLiteral("server"), server},
                        {QStringLiteral("start_ms"), atMs},
                        {QStringLiteral("detected_ms"), atMs},
                        {QStringLiteral("end_ms"), atMs},
                        {QStringLiteral("step_ms"), stepMs},
                        {QStringLiteral("end_reason"),
                         QStringLiteral("wall clock stepped %1 %2 s at %3")
                             .arg(stepMs < 0 ? QStringLiteral("back") : QStringLiteral("forward"))
                             .arg((std::abs(stepMs) + 500) / 1000)
                             .arg(when)}};
    const quint64 sequence = m_nextSequence++;
    QByteArray json = QJsonDocument(o).toJson(QJsonDocument::Compact);
    if (m_journal)
        m_journal->appendEvent(sequence, atMs, id, json);
    m_records.push_back({sequence, std::move(json)});
    while (qsizetype(m_records.size()) > kMemoryEventLimit)
        m_records.pop_front();
}

QMap<QString, quint64> EventLog::openByKind() const
{
    QMap<QString, quint64> out;
    for (const PolicyEventKind kind : m_open)
        ++out[policyEventKindName(kind)];
    return out;
}

void EventLog::addRoutes(RouteTable& table)
{
    table.add(QStringLiteral("/v1/events"), QHttpServerRequest::Method::Get, Scope::Read,
              [this](const RouteRequest& r) { return events(r.http); });
}

QHttpServerResponse EventLog::events(const QHttpServerRequest& request) const
{
    // The cursor protocol of /v1/samples, over the event log.
    const CursorQuery cursor = cursorQuery(request);
    if (!cursor.error.isEmpty())
        return jsonError(400, QStringLiteral("bad_request"), cursor.error);
    // Each event under its number.
    auto record = [](quint64 sequence, const QByteArray& event) -> QByteArray {
        return "{\"sequence\":" + QByteArray::number(sequence) + ",\"event\":" + event + '}';
    };
    auto readJournal = [this, &record](quint64 after, quint64 before, int limit, QString* why) {
        QList<AgentJournal::Entry> entries;
        if (m_journal)
            entries = m_journal->readEvents(after, before, limit, why);
        for (AgentJournal::Entry& e : entries)
            e.json = record(e.sequence, e.json);
        return entries;
    };
    return jsonBytesReply(ringCursorPage(
        m_envelope(), "events", cursor, m_nextSequence, m_records, readJournal,
        [&record](const Record& e) { return record(e.sequence, e.json); }, lcEvents));
}

} // namespace gw
