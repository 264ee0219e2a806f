#include "agent/auditlog.h"

#include <QCoreApplication>

#include "agent/agentjournal.h"
#include "agent/journalwriter.h"

#include <QJsonDocument>
#include <QLoggingCategory>

namespace gw {

Q_LOGGING_CATEGORY(lcAudit, "gw.audit")

QJsonObject auditEntryToJson(const AuditEntry& e)
{
    QJsonObject o{{QStringLiteral("sequence"), qint64(e.sequence)},
                  {QStringLiteral("at_ms"), e.atMs},
                  {QStringLiteral("by"), e.by},
                  {QStringLiteral("mode"), e.mode},
                  {QStringLiteral("action"), e.action},
                  {QStringLiteral("user"), e.user},
                  {QStringLiteral("pid"), e.pid},
                  {QStringLiteral("command"), e.command},
                  {QStringLiteral("why"), e.why},
                  {QStringLiteral("outcome"), e.outcome},
                  {QStringLiteral("detail"), e.detail}};
    // Absent is null, never 0.
    o.insert(QStringLiteral("start_time_ms"),
             e.startTimeMs ? QJsonValue(*e.startTimeMs) : QJsonValue());
    o.insert(QStringLiteral("gpu_index"), e.gpuIndex ? QJsonValue(*e.gpuIndex) : QJsonValue());
    return o;
}

void AuditLog::setJournal(JournalWriter* journal)
{
    m_journal = journal;
    if (!m_journal)
        return;
    QList<AgentJournal::Entry> rows;
    QString why;
    m_journal->call(
        [&](AgentJournal& j) { rows = j.readTokenRecords(AgentJournal::TokenTable::Audit, &why); });
    if (!why.isEmpty())
        qCWarning(lcAudit).noquote() << "the audit log cannot be read from the journal:" << why;
    // Entries made before any journal was attached come after the stored
    // ones, renumbered: the numbers stay without holes. Once a journal has
    // been attached, every entry is in it.
    const QByteArrayList early = m_everAttached ? QByteArrayList() : m_json;
    m_everAttached = true;
    m_json.clear();
    for (const AgentJournal::Entry& r : std::as_const(rows))
        m_json << r.json;
    for (const QByteArray& j : early) {
        QJsonObject o = QJsonDocument::fromJson(j).object();
        o.insert(QStringLiteral("sequence"), qint64(m_json.size() + 1));
        const QByteArray json = QJsonDocument(o).toJson(QJsonDocument::Compact);
        m_json << json;
        const AgentJournal::Entry row{quint64(m_json.size()), json};
        m_journal->call([&](AgentJournal& jr) {
            jr.appendTokenRecords(AgentJournal::TokenTable::Audit, {row}, {}, &why);
        });
    }
}

QString auditAlertText(const AuditEntry& e, const QString& server)
{
    if (e.action == QLatin1String("decline") ||
        (e.outcome != QLatin1String("done") && e.outcome != QLatin1String("would")))
        return {};
    const QString where =
        e.gpuIndex ? QCoreApplication::translate("gw::AuditLog", " on GPU %1").arg(*e.gpuIndex)
                   : QString();
    return QCoreApplication::translate("gw::AuditLog",
                                       "Token books on %1: %2 (PID %3, %4)%5 — %6: %7")
        .arg(server, e.command.isEmpty() ? QStringLiteral("?") : e.command)
        .arg(e.pid)
        .arg(e.user, where, e.action, e.detail.isEmpty() ? e.why : e.detail);
}

AuditEntry AuditLog::append(AuditEntry e)
{
    e.sequence = quint64(m_json.size() + 1);
    const QByteArray json = QJsonDocument(auditEntryToJson(e)).toJson(QJsonDocument::Compact);
    if (m_journal) {
        QString why;
        bool ok = false;
        const AgentJournal::Entry row{e.sequence, json};
        m_journal->call([&](AgentJournal& j) {
            ok = j.appendTokenRecords(AgentJournal::TokenTable::Audit, {row}, {}, &why);
        });
        if (!ok)
            qCWarning(lcAudit).noquote() << "audit entry" << e.sequence
                                         << "kept in memory only, the journal refused it:" << why;
    }
    m_json << json;
    qCInfo(lcAudit).noquote() << e.by << e.mode << e.action << e.user << e.pid << e.outcome
                              << e.detail;
    return e;
}

QByteArrayList AuditLog::after(quint64 after, int limit, quint64* last) const
{
    QByteArrayList out;
    quint64 i = after;
    while (i < quint64(m_json.size()) && out.size() < limit)
        out << m_json[qsizetype(i++)];
    if (last)
        *last = i;
    return out;
}

} // namespace gw
