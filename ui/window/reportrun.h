#pragma once

// Builds a Report off the GUI thread (the report dialog's work): readings
// from the one reading stream (readings/readingstream.h), opened from specs
// and read on a worker thread, fed to a ReportBuilder; progress as the
// readings' time moves through the range, cancellable between readings. The
// stream's notes (a server's sampling interval inferred) and gap warnings
// join the report's warnings.

#include "readings/readingspec.h"
#include "report/reportbuilder.h"
#include "util/jobtracker.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace gw {

class ReportRun final : public QObject
{
    Q_OBJECT
public:
    // Readings from this long before `options.fromMs` are read too: the
    // reading before the range stands for time inside it, and GPUs silent
    // since are reported with zero coverage (as the CLI does).
    static constexpr qint64 kLookbackMs = 3'600'000;

    // `specs` are opened on the worker thread, as one stream.
    ReportRun(QList<ReadingSpec> specs, ReportOptions options, QObject* parent = nullptr);
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

    QList<ReadingSpec> m_specs;
    PolicyFetch m_policyFetch;
    ReportOptions m_options;
    std::atomic<qint64> m_readings{0};
    bool m_started = false;
    JobTracker m_job{
        QStringLiteral("report")}; // last: it waits for the work, which reads the above
};

} // namespace gw
