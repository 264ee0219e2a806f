#include "agent/dailyreport.h"
#include "util/savefile.h"

#include "readings/readingstream.h"
#include "report/reportbuilder.h"
#include "report/reportcsv.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QProcess>
#include <QTemporaryFile>
#include <QThread>
#include <QTimer>

#include <algorithm>

namespace gw {

namespace {

Q_LOGGING_CATEGORY(lcDailyReport, "gw.agent.report")

constexpr qint64 kMinuteMs = 60'000;
constexpr qint64 kHourMs = 60 * kMinuteMs;
// Read before the range, as `gpuwarden-cli report` does: the reading just
// before it stands for time inside.
constexpr qint64 kLookbackMs = kHourMs;
// The report of a run is made this long after it: the history writer
// commits every second (HistoryService::kCommitInterval), so the last
// readings before the run are in the file by then.
constexpr qint64 kSettleMs = 5000;
// The timer re-checks the clock at least this often (a suspended or reset
// clock does not make the run late by more).
constexpr qint64 kMaxWaitMs = 10 * kMinuteMs;

QString isoDate(qint64 ms, const QTimeZone& zone)
{
    return QDateTime::fromMSecsSinceEpoch(ms, zone).toString(Qt::ISODate);
}

} // namespace

qint64 dailyRunOn(QDate date, int minuteOfDay, const QTimeZone& zone)
{
    const QTime time(minuteOfDay / 60, minuteOfDay % 60);
    const QDateTime dt(date, time, zone);
    if (dt.isValid() && dt.date() == date && dt.time() == time) {
        // Where it exists twice, the first (Qt may give the second).
        const qint64 ms = dt.toMSecsSinceEpoch();
        for (const qint64 back : {kHourMs, kHourMs / 2}) {
            const QDateTime earlier = QDateTime::fromMSecsSinceEpoch(ms - back, zone);
            if (earlier.date() == date && earlier.time() == time)
                return ms - back;
        }
        return ms;
    }
    // In the gap: the span after midnight at midnight's offset.
    const QDateTime midnight(date, QTime(0, 0), zone);
    return midnight.toMSecsSinceEpoch() + qint64(minuteOfDay) * kMinuteMs;
}

qint64 nextDailyRun(qint64 nowMs, int minuteOfDay, const QTimeZone& zone)
{
    const QDate today = QDateTime::fromMSecsSinceEpoch(nowMs, zone).date();
    for (int d = -1; d <= 2; ++d) {
        const qint64 at = dailyRunOn(today.addDays(d), minuteOfDay, zone);
        if (at > nowMs)
            return at;
    }
    return dailyRunOn(today.addDays(3), minuteOfDay, zone);
}

qint64 lastDailyRun(qint64 nowMs, int minuteOfDay, const QTimeZone& zone)
{
    const QDate today = QDateTime::fromMSecsSinceEpoch(nowMs, zone).date();
    for (int d = 1; d >= -2; --d) {
        const qint64 at = dailyRunOn(today.addDays(d), minuteOfDay, zone);
        if (at <= nowMs)
            return at;
    }
    return dailyRunOn(today.addDays(-3), minuteOfDay, zone);
}

QString dailyReportFileName(const QString& server, qint64 runMs, const QTimeZone& zone,
                            const QString& ext)
{
    // A server name may hold characters a file name should not.
    QString safe = server;
    for (QChar& c : safe)
        if (c == QLatin1Char('/') || c == QLatin1Char('\\') || c.category() == QChar::Other_Control)
            c = QLatin1Char('_');
    return QStringLiteral("gpuwarden-%1-%2.%3").arg(safe, isoDate(runMs, zone).left(10), ext);
}

DailyReporter::DailyReporter(Setup setup, QObject* parent)
    : QObject(parent)
    , m_setup(std::move(setup))
    , m_timer(new QTimer(this))
{
    m_csvJob.setWaitOnDestroy(false);
    m_csvJob.setPriority(QThread::LowPriority);
    m_timer->setSingleShot(true);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_setup.now() >= m_nextMs + kSettleMs) {
            run(m_nextMs);
            m_doneMs = m_nextMs;
        }
        arm();
    });
    connect(this, &DailyReporter::written, this,
            [](const QString& path) { qCInfo(lcDailyReport) << "daily report written:" << path; });
    connect(this, &DailyReporter::failed, this, [](const QString& message) {
        qCWarning(lcDailyReport).noquote() << "daily report:" << message;
    });
}

DailyReporter::~DailyReporter() = default;

bool DailyReporter::prepareDir(const DailyReportConfig& config, QString* error)
{
    QDir dir(config.dir);
    if (!QDir().mkpath(config.dir) || !QFileInfo(config.dir).isDir()) {
        *error = tr("%1: [reports] dir \"%2\" cannot be created").arg(config.where, config.dir);
        return false;
    }
    QTemporaryFile probe(dir.filePath(QStringLiteral(".gpuwarden-probe-XXXXXX")));
    if (!probe.open()) {
        *error = tr("%1: [reports] dir \"%2\" cannot be written to: %3")
                     .arg(config.where, config.dir, probe.errorString());
        return false;
    }
    return true;
}

QTimeZone DailyReporter::zone() const
{
    const PolicyConfig policy = m_setup.policy();
    if (!policy.tokens.timeZone.isEmpty()) {
        const QTimeZone z(policy.tokens.timeZone.toUtf8());
        if (z.isValid())
            return z;
    }
    return QTimeZone::systemTimeZone();
}

void DailyReporter::start()
{
    const QTimeZone z = zone();
    const qint64 now = m_setup.now();
    const qint64 last = lastDailyRun(now, m_setup.config.minuteOfDay, z);
    const QString ext = m_setup.config.formats.contains(QStringLiteral("csv"))
                            ? QStringLiteral("csv")
                            : QStringLiteral("pdf");
    const QString path =
        QDir(m_setup.config.dir).filePath(dailyReportFileName(m_setup.server, last, z, ext));
    if (!QFileInfo::exists(path)) {
        qCInfo(lcDailyReport).noquote()
            << "no daily report of" << isoDate(last, z).left(10) << "yet: writing it now";
        run(last);
    }
    m_doneMs = last;
    arm();
}

void DailyReporter::arm()
{
    // The first run not yet made: a timer that fires a little early (or a
    // zone changed by the policy) neither skips nor repeats one.
    const qint64 now = m_setup.now();
    m_nextMs =
        nextDailyRun(std::max(m_doneMs, now - kSettleMs), m_setup.config.minuteOfDay, zone());
    m_timer->start(int(std::clamp<qint64>(m_nextMs + kSettleMs - now, 0, kMaxWaitMs)));
}

QString DailyReporter::writeCsv(const Setup& setup, const PolicyConfig& policy, qint64 runMs,
                                QString* error)
{
    const qint64 from = runMs - setup.config.last.count();
    QString why;
    const std::unique_ptr<ReadingStream> readings = ReadingStream::open(
        ReadingSpec::history(setup.historyPath).within(from - kLookbackMs, runMs), &why);
    if (!readings) {
        *error = why;
        return {};
    }
    ReportOptions options;
    options.fromMs = from;
    options.toMs = runMs;
    options.policy = policy;
    options.generatedAtMs = QDateTime::currentMSecsSinceEpoch();
    QTimeZone zone = QTimeZone::systemTimeZone();
    if (!policy.tokens.timeZone.isEmpty() && QTimeZone(policy.tokens.timeZone.toUtf8()).isValid())
        zone = QTimeZone(policy.tokens.timeZone.toUtf8());
    options.timeZone = QString::fromUtf8(zone.id());
    ReportBuilder builder(options);
    while (const auto s = readings->next(&why))
        builder.feed(*s);
    if (!why.isEmpty()) {
        *error = why;
        return {};
    }
    Report report = builder.finish();
    report.warnings += readings->notes() + readings->gapWarnings(from, runMs, zone);
    const QByteArray csv = reportCsv(report);
    const QString path =
        QDir(setup.config.dir)
            .filePath(dailyReportFileName(setup.server, runMs, zone, QStringLiteral("csv")));
    if (!writeFileWhole(path, csv, error))
        return {};
    return path;
}

void DailyReporter::run(qint64 runMs)
{
    if (m_setup.config.formats.contains(QStringLiteral("csv"))) {
        const Setup setup = m_setup;
        const PolicyConfig policy = m_setup.policy();
        struct Written
        {
            QString path; // empty: failed
            QString error;
        };
        m_csvJob.start(
            [setup, policy, runMs](JobControl&) {
                Written out;
                out.path = writeCsv(setup, policy, runMs, &out.error);
                return out;
            },
            [this](const Written& out) {
                if (out.path.isEmpty())
                    Q_EMIT failed(out.error);
                else
                    Q_EMIT written(out.path);
            });
    }
    if (m_setup.config.formats.contains(QStringLiteral("pdf")))
        runPdf(runMs);
}

void DailyReporter::runPdf(qint64 runMs)
{
    const QTimeZone z = zone();
    const QString path =
        QDir(m_setup.config.dir)
            .filePath(dailyReportFileName(m_setup.server, runMs, z, QStringLiteral("pdf")));
    QStringList args{QStringLiteral("report"),
                     QStringLiteral("--history"),
                     m_setup.historyPath,
                     QStringLiteral("--from"),
                     QString::number(runMs - m_setup.config.last.count()),
                     QStringLiteral("--to"),
                     QString::number(runMs),
                     QStringLiteral("--tz"),
                     QString::fromUtf8(z.id()),
                     QStringLiteral("--format"),
                     QStringLiteral("pdf"),
                     QStringLiteral("--output"),
                     path};
    if (!m_setup.policyPath.isEmpty())
        args << QStringLiteral("--policy") << m_setup.policyPath;
    auto* cli = new QProcess(this);
    cli->setProcessChannelMode(QProcess::SeparateChannels);
    auto* limit = new QTimer(cli);
    limit->setSingleShot(true);
    connect(limit, &QTimer::timeout, cli, [cli] { cli->kill(); });
    connect(cli, &QProcess::errorOccurred, this, [this, cli, path](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart)
            return;
        Q_EMIT failed(
            tr("%1: %2 could not be started: %3").arg(path, m_setup.cliPath, cli->errorString()));
        cli->deleteLater();
    });
    connect(cli, &QProcess::finished, this,
            [this, cli, limit, path](int code, QProcess::ExitStatus status) {
                const bool timedOut = !limit->isActive();
                limit->stop();
                const QString err = QString::fromLocal8Bit(cli->readAllStandardError()).trimmed();
                if (status == QProcess::NormalExit && code == 0)
                    Q_EMIT written(path);
                else if (timedOut)
                    Q_EMIT failed(
                        tr("%1: gpuwarden-cli did not finish in time; stopped").arg(path));
                else
                    Q_EMIT failed(tr("%1: gpuwarden-cli failed (exit %2): %3")
                                      .arg(path)
                                      .arg(status == QProcess::NormalExit ? code : -1)
                                      .arg(err));
                cli->deleteLater();
            });
    limit->start(m_setup.cliTimeoutMs);
    cli->start(m_setup.cliPath, args);
}

} // namespace gw
