#pragma once

// Builds a Report off the GUI thread (the report dialog's work): readings
// from one or more streams, opened and read on a worker thread, fed to a
// ReportBuilder; progress as the readings' time moves through the range,
// cancellable between readings. A stream is anything that hands readings in
// time order per server (HistoryReadings, an agent's /v1/readings); streams
// are read one after another, which ReportBuilder allows (each server in
// time order, servers in any order).

#include "model/snapshot.h"
#include "report/reportbuilder.h"
#include "util/jobtracker.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace gw {

// The next reading, or nothing at the end (error empty) or on a failure
// (error says it in words).
using ReadingsNext = std::function<std::optional<Snapshot>(QString* error)>;
// Opens a stream on the worker thread; nothing with `error` set when it
// cannot.
using ReadingsOpener = std::function<ReadingsNext(QString* error)>;

class ReportRun final : public QObject
{
    Q_OBJECT
public:
    // Readings from this long before `options.fromMs` are read too: the
    // reading before the range stands for time inside it, and GPUs silent
    // since are reported with zero coverage (as the CLI does).
    static constexpr qint64 kLookbackMs = 3'600'000;

    ReportRun(QList<ReadingsOpener> streams, ReportOptions options, QObject* parent = nullptr);
    // The policy to report under, asked on the worker thread before any
    // reading (the agents' effective policy); its warnings join the
    // report's, its error fails the run. Unset: options.policy.
    using PolicyFetch =
        std::function<std::optional<PolicyConfig>(QStringList* warnings, QString* error)>;
    void setPolicyFetch(PolicyFetch fetch) { m_policyFetch = std::move(fetch); }
    // Cancels and waits for the worker.
    ~ReportRun() override;

    void start();
    void cancel();
    // Started and no result delivered yet.
    bool isRunning() const;
    qint64 readingCount() const { return m_readings.load(); }

Q_SIGNALS:
    // Per mille of the range read, and the readings so far; at most every
    // 100 ms.
    void progress(int permille, qint64 readings);
    void finished(const gw::Report& report);
    void failed(const QString& error);
    void cancelled();

private:
    struct Outcome
    {
        std::optional<Report> report; // none: failed or cancelled
        QString error;                // failed
    };
    Outcome work(JobControl& job);

    QList<ReadingsOpener> m_streams;
    PolicyFetch m_policyFetch;
    ReportOptions m_options;
    std::atomic<qint64> m_readings{0};
    bool m_started = false;
    JobTracker m_job{
        QStringLiteral("report")}; // last: it waits for the work, which reads the above
};

} // namespace gw
