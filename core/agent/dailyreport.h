#pragma once

// The agent's daily report (agent.toml [reports], docs/agent.md "The daily
// report"): at daily_at in the servers' time zone (the policy's [tokens]
// time_zone, else the machine's) the agent writes
// <dir>/gpuwarden-<server>-<YYYY-MM-DD>.csv for the `last` span (24 h)
// ending then, from its own history store with its effective policy
// (ReportBuilder + reportCsv, as `gpuwarden-cli report --history`). "pdf"
// is made by gpuwarden-cli beside the agent's binary (the agent links no
// widgets), with a timeout; its failure is logged. An agent started after
// today's run time with no report of today writes it at start (catch-up).
// Files are written whole or not at all (QSaveFile). A run's report is made
// 5 s after its time, when the history writer has committed the readings
// before it.

#include "agent/agentconfig.h"
#include "policy/policyconfig.h"
#include "util/jobtracker.h"

#include <QDate>
#include <QObject>
#include <QString>
#include <QTimeZone>

#include <functional>

class QTimer;

namespace gw {

// The schedule, as pure functions of the clock. The run of a day is at
// minuteOfDay on that date in `zone`; where clocks go forward over it (the
// time does not exist) it is the same span after midnight as the wall clock
// would have shown (02:30 on a day that skips 02:00–03:00 runs at 03:30),
// where they go back over it (it exists twice) the first.
qint64 dailyRunOn(QDate date, int minuteOfDay, const QTimeZone& zone);
// The first run strictly after `nowMs`.
qint64 nextDailyRun(qint64 nowMs, int minuteOfDay, const QTimeZone& zone);
// The latest run at or before `nowMs`: the one a catch-up writes.
qint64 lastDailyRun(qint64 nowMs, int minuteOfDay, const QTimeZone& zone);
// "gpuwarden-<server>-<YYYY-MM-DD>.<ext>", the run's date in `zone`.
QString dailyReportFileName(const QString& server, qint64 runMs, const QTimeZone& zone,
                            const QString& ext);

class DailyReporter final : public QObject
{
    Q_OBJECT
public:
    struct Setup
    {
        DailyReportConfig config;
        QString historyPath;
        QString server;     // the name in the file's name
        QString policyPath; // for the PDF's CLI; empty: the built-in policy
        QString cliPath;    // gpuwarden-cli beside the agent
        int cliTimeoutMs = 300'000;
        std::function<PolicyConfig()> policy; // the effective one, when the report is made
        std::function<qint64()> now;
    };

    explicit DailyReporter(Setup setup, QObject* parent = nullptr);
    ~DailyReporter() override;

    // Makes the folder; false, with the reason naming it, when it cannot be
    // made or written to.
    static bool prepareDir(const DailyReportConfig& config, QString* error);

    // The catch-up (when the last run's CSV, else PDF, is missing), then
    // the timer for the next.
    void start();

    // The CSV of the run at `runMs` (the range [runMs - last, runMs)), on
    // the calling thread; the path written, or empty with `error`.
    static QString writeCsv(const Setup& setup, const PolicyConfig& policy, qint64 runMs,
                            QString* error);

    QTimeZone zone() const;

Q_SIGNALS:
    // Each file written or failed, for logs and tests.
    void written(const QString& path);
    void failed(const QString& message);

private:
    void run(qint64 runMs);
    void arm();
    void runPdf(qint64 runMs);

    Setup m_setup;
    QTimer* m_timer = nullptr;
    qint64 m_nextMs = 0; // the run waited for
    qint64 m_doneMs = 0; // the last run made (or found made at start)
    // The day's CSV, off the agent's thread (a day of readings takes
    // seconds). It holds only values: at exit the agent does not wait for
    // it.
    JobTracker m_csvJob{QStringLiteral("gw-daily-report")};
};

} // namespace gw
