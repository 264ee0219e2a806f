#pragma once

// The enforcement audit log (docs/tokens.md, "Enforcement"): every action
// and every refusal, who asked (a token's name, or "agent" for the automatic
// schedule), numbered 1, 2, … without holes. Stored append-only in the
// journal's `audit` table, each entry at once; in memory without a journal.
// Served by cursor (GET /v1/audit). Owned by the BalanceEnforcer, on the
// agent's thread.

#include "agent/recordlog.h"

#include <QByteArrayList>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace gw {

class JournalWriter;

struct AuditEntry
{
    quint64 sequence = 0;
    qint64 atMs = 0;
    QString by;   // the token's name, or "agent"
    QString mode; // "auto", "propose", "manual"; "policy": a policy event's step; "notice"
    // "notify", "renice", "terminate", "kill", "decline"; "stop": a
    // container stopped or a Slurm job cancelled (the terminate and kill
    // steps of a process in one, docs/enforcement.md); "notice": a notice to
    // the person (docs/notices.md).
    QString action;
    QString user; // the owner
    // What was acted on when not the process: "container job1 (docker
    // 561bb04bdcbb)", "Slurm job 57", "pod vision/train-0".
    QString workload;
    qint64 pid = 0;
    std::optional<qint64> startTimeMs;
    QString command;
    std::optional<int> gpuIndex;
    QString why;
    // "done", "refused", "would", "failed", "declined"; "started": a stop
    // asked of the runtime, its outcome in a later entry.
    QString outcome;
    QString detail;
};

QJsonObject auditEntryToJson(const AuditEntry& e);
// The webhook's message for a step on `server`: "Token books on node-1:
// python (PID 12345, alice) on GPU 1 — notify: alice notified: balance
// −12.5 at or below the floor −10". Empty for what is no news to people
// (refusals, declines: they stay in the audit log).
QString auditAlertText(const AuditEntry& e, const QString& server);

class AuditLog
{
public:
    // Not owned; null: in memory only. Loads what the journal holds.
    void setJournal(JournalWriter* journal);
    // Numbers and stores `e`; the stored entry. A journal that refuses it is
    // logged and the entry kept in memory (an action taken is never unsaid).
    AuditEntry append(AuditEntry e);
    // Entries numbered after `after`, at most `limit`, as JSON.
    QByteArrayList after(quint64 after, int limit, quint64* last) const
    {
        return m_log.after(after, limit, last);
    }
    quint64 lastSequence() const { return m_log.lastSequence(); }

private:
    // Loads what the journal holds, then stores the entries kept in memory
    // only, numbered after the stored ones.
    void attach(std::chrono::milliseconds patience);

    bool m_everAttached = false;
    QByteArrayList m_unstored; // taken while the journal's entries were not read
    RecordLog m_log{RecordLog::Table::Audit, true}; // the JSON, served by cursor
};

} // namespace gw
