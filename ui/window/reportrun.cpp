#include "reportrun.h"

namespace gw {

ReportRun::ReportRun(QList<ReadingsOpener> streams, ReportOptions options, QObject* parent)
    : QObject(parent)
    , m_streams(std::move(streams))
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
    ReportBuilder builder(m_options);
    const qint64 from = m_options.fromMs;
    const double span = double(std::max<qint64>(1, m_options.toMs - from));
    const int streams = int(m_streams.size());
    for (int i = 0; i < streams; ++i) {
        QString error;
        const ReadingsNext next = m_streams[i](&error);
        if (!next)
            return {std::nullopt, error};
        while (const auto reading = next(&error)) {
            if (job.isCancelled())
                return {};
            if (reading->timestampMs >= m_options.toMs)
                continue;
            builder.feed(*reading);
            const qint64 count = ++m_readings;
            const double within = std::clamp((reading->timestampMs - from) / span, 0.0, 1.0);
            const int permille = int((i + within) / streams * 1000);
            job.progress([this, permille, count] { Q_EMIT progress(permille, count); });
        }
        if (!error.isEmpty())
            return {std::nullopt, error};
    }
    if (job.isCancelled())
        return {};
    Report report = builder.finish();
    report.warnings += policyWarnings;
    return {std::move(report), {}};
}

} // namespace gw
