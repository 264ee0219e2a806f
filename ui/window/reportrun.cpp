#include "reportrun.h"

#include "readings/readingstream.h"

#include <QTimeZone>

namespace gw {

ReportRun::ReportRun(QList<ReadingSpec> specs, ReportOptions options, QObject* parent)
    : QObject(parent)
    , m_specs(std::move(specs))
    , m_options(std::move(options))
{}

ReportRun::~ReportRun() = default; // m_job cancels the work and waits for it

void ReportRun::start()
{
    if (m_started)
        return;
    m_started = true;
    m_job.setPriority(QThread::LowPriority);
    m_job.start([this](JobControl& job) { return work(job); },
                [this](const Outcome& out) {
                    if (out.report) {
                        Q_EMIT progress(1000, m_readings.load());
                        Q_EMIT finished(*out.report);
                    } else if (!out.error.isEmpty()) {
                        Q_EMIT failed(out.error);
                    } else {
                        Q_EMIT cancelled();
                    }
                });
}

void ReportRun::cancel()
{
    m_job.cancel();
}

bool ReportRun::isRunning() const
{
    return m_job.isRunning();
}

ReportRun::Outcome ReportRun::work(JobControl& job)
{
    // On the job's thread; `this` outlives it (m_job waits for it).
    QStringList policyWarnings;
    if (m_policyFetch) {
        QString error;
        std::optional<PolicyConfig> policy = m_policyFetch(&policyWarnings, &error);
        if (!policy)
            return {std::nullopt, error};
        m_options.policy = std::move(policy);
    }
    QString error;
    const std::unique_ptr<ReadingStream> stream = ReadingStream::open(m_specs, &error);
    if (!stream)
        return {std::nullopt, error};
    ReportBuilder builder(m_options);
    const qint64 from = m_options.fromMs;
    const double span = double(std::max<qint64>(1, m_options.toMs - from));
    while (const auto reading = stream->next(&error)) {
        if (job.isCancelled())
            return {};
        if (reading->timestampMs >= m_options.toMs)
            continue;
        builder.feed(*reading);
        const qint64 count = ++m_readings;
        const double within = std::clamp((reading->timestampMs - from) / span, 0.0, 1.0);
        const int permille = int(within * 1000);
        job.progress([this, permille, count] { Q_EMIT progress(permille, count); });
    }
    if (!error.isEmpty())
        return {std::nullopt, error};
    if (job.isCancelled())
        return {};
    Report report = builder.finish();
    report.warnings += policyWarnings;
    QTimeZone zone(report.timeZone.toUtf8());
    if (!zone.isValid())
        zone = QTimeZone::systemTimeZone();
    report.warnings += stream->notes();
    report.warnings += stream->gapWarnings(m_options.fromMs, m_options.toMs, zone);
    return {std::move(report), {}};
}

} // namespace gw
