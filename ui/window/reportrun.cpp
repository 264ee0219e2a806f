#include "reportrun.h"

#include "readings/readingstream.h"

#include <QElapsedTimer>
#include <QMetaObject>

namespace gw {

ReportRun::ReportRun(QList<ReadingSpec> specs, ReportOptions options, QObject* parent)
    : QObject(parent)
    , m_specs(std::move(specs))
    , m_options(std::move(options))
{}

ReportRun::~ReportRun()
{
    cancel();
    if (m_thread)
        m_thread->wait();
}

void ReportRun::start()
{
    if (m_thread)
        return;
    m_thread.reset(QThread::create([this] { work(); }));
    m_thread->setObjectName(QStringLiteral("report"));
    m_thread->start(QThread::LowPriority);
}

void ReportRun::cancel()
{
    m_cancel = true;
}

bool ReportRun::isRunning() const
{
    return m_thread && !m_ended;
}

void ReportRun::work()
{
    // Results go back through the receiver's queue; `this` outlives the
    // thread (the destructor waits), and a result arriving after the run
    // was dropped is discarded with it.
    // The run has ended for its receivers once the result is delivered (the
    // thread itself may still be winding down).
    auto post = [this](auto f) {
        QMetaObject::invokeMethod(
            this,
            [this, f = std::move(f)] {
                m_ended = true;
                f();
            },
            Qt::QueuedConnection);
    };
    auto progressNote = [this](int permille, qint64 count) {
        QMetaObject::invokeMethod(
            this, [this, permille, count] { Q_EMIT progress(permille, count); },
            Qt::QueuedConnection);
    };
    QStringList policyWarnings;
    if (m_policyFetch) {
        QString error;
        std::optional<PolicyConfig> policy = m_policyFetch(&policyWarnings, &error);
        if (!policy) {
            post([this, error] { Q_EMIT failed(error); });
            return;
        }
        m_options.policy = std::move(policy);
    }
    QString error;
    const std::unique_ptr<ReadingStream> stream = ReadingStream::open(m_specs, &error);
    if (!stream) {
        post([this, error] { Q_EMIT failed(error); });
        return;
    }
    ReportBuilder builder(m_options);
    const qint64 from = m_options.fromMs;
    const double span = double(std::max<qint64>(1, m_options.toMs - from));
    QElapsedTimer sinceProgress;
    sinceProgress.start();
    while (const auto reading = stream->next(&error)) {
        if (m_cancel) {
            post([this] { Q_EMIT cancelled(); });
            return;
        }
        if (reading->timestampMs >= m_options.toMs)
            continue;
        builder.feed(*reading);
        const qint64 count = ++m_readings;
        if (sinceProgress.elapsed() >= 100) {
            sinceProgress.restart();
            const double within = std::clamp((reading->timestampMs - from) / span, 0.0, 1.0);
            progressNote(int(within * 1000), count);
        }
    }
    if (!error.isEmpty()) {
        post([this, error] { Q_EMIT failed(error); });
        return;
    }
    if (m_cancel) {
        post([this] { Q_EMIT cancelled(); });
        return;
    }
    Report report = builder.finish();
    report.warnings += policyWarnings;
    QTimeZone zone(report.timeZone.toUtf8());
    if (!zone.isValid())
        zone = QTimeZone::systemTimeZone();
    report.warnings += stream->notes();
    report.warnings += stream->gapWarnings(m_options.fromMs, m_options.toMs, zone);
    post([this, report = std::move(report), count = m_readings.load()]() {
        Q_EMIT progress(1000, count);
        Q_EMIT finished(report);
    });
}

} // namespace gw
