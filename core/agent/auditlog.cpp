#include "agent/auditlog.h"

#include <QCoreApplication>

#include "agent/journalwriter.h"
#include "journal/agentjournal.h"

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
    o.insert(QStringLiteral("workload"), e.workload.isEmpty() ? QJsonValue() : e.workload);
    return o;
}

void AuditLog::setJournal(JournalWriter* journal)
{
    m_log.setJournal(journal);
    if (!journal)
        return;
    // Entries made before any journal was attached come after the stored
    // ones, renumbered: the numbers stay without holes. Once a journal has
    // been attached, every entry is in it.
    if (!m_everAttached)
        m_unstored = m_log.after(0, int(m_log.lastSequence()), nullptr);
    m_everAttached = true;
    attach(JournalWriter::kLoadPatience);
}

void AuditLog::attach(std::chrono::milliseconds patience)
{
    QString why;
    m_log.load(&why, patience);
    if (!why.isEmpty())
        qCWarning(lcAudit).noquote() << "the audit log cannot be read from the journal:" << why;
    if (!m_log.loaded())
        return; // the entries in memory stay; tried again at the next entry
    for (const QByteArray& j : std::as_const(m_unstored)) {
        QJsonObject o = QJsonDocument::fromJson(j).object();
        o.insert(QStringLiteral("sequence"), qint64(m_log.lastSequence() + 1));
        m_log.append({QJsonDocument(o).toJson(QJsonDocument::Compact)}, {}, &why,
                     RecordLog::Refused::Keep);
    }
    m_unstored.clear();
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
    if (!m_log.loaded())
        attach(JournalWriter::kCallPatience);
    e.sequence = m_log.lastSequence() + 1;
    const QByteArray json = QJsonDocument(auditEntryToJson(e)).toJson(QJsonDocument::Compact);
    QString why;
    if (!m_log.loaded())
        m_unstored.append(json);
    if (!m_log.append({json}, {}, &why, RecordLog::Refused::Keep))
        qCWarning(lcAudit).noquote()
            << "audit entry" << e.sequence << "kept in memory only, the journal refused it:" << why;
    qCInfo(lcAudit).noquote() << e.by << e.mode << e.action << e.user << e.pid << e.outcome
                              << e.detail;
    return e;
}

} // namespace gw
