#include "clireport.h"

#include "cliio.h"
#include "policy/policyconfig.h"
#include "readingsoptions.h"
#include "remote/agentreadings.h"
#include "report/reportbuilder.h"
#include "report/reportcsv.h"
#include "report/reportdocument.h"
#include "util/duration.h"
#include "util/savefile.h"

#include <QApplication>
#include <QDateTime>
#include <QDir>

#include <cstdio>
#include <unistd.h>

#include <chrono>

namespace gw::cli {

namespace {

constexpr std::chrono::hours kDefaultLast{24};
// Read before the range: the reading just before it stands for time inside,
// and GPUs seen then are reported (with zero coverage when silent since).
constexpr qint64 kLookbackMs = std::chrono::milliseconds(std::chrono::hours(1)).count();

} // namespace

void addReportOptions(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("last"),
                      QStringLiteral("report: the range ending now, such as 24h or 7d "
                                     "(default 24h)."),
                      QStringLiteral("span")});
    parser.addOption({QStringLiteral("format"),
                      QStringLiteral("report: the output format (csv or pdf)."),
                      QStringLiteral("format")});
    parser.addOption({QStringLiteral("paper"),
                      QStringLiteral("report --format pdf: the page size, a4 (default) or letter."),
                      QStringLiteral("size")});
    addDemoServersOption(parser);
    parser.addOption({QStringLiteral("split"),
                      QStringLiteral("report: one CSV file per table in the --output folder.")});
    parser.addOption({QStringLiteral("by"),
                      QStringLiteral("report --format csv: only the table of one kind of owner: "
                                     "user, account or job."),
                      QStringLiteral("owner")});
}

int reportCommand(const QCommandLineParser& parser)
{
    const QString format = parser.value(QStringLiteral("format"));
    const bool pdf = format == QLatin1String("pdf");
    if (format != QLatin1String("csv") && !pdf)
        return fail(
            kExitUsage,
            format.isEmpty()
                ? CliTr::tr("report: give --format csv or --format pdf")
                : CliTr::tr("report: --format \"%1\" is not known (csv or pdf)").arg(format));
    const QString output = parser.value(QStringLiteral("output"));
    const bool split = parser.isSet(QStringLiteral("split"));
    if (split && output.isEmpty())
        return fail(kExitUsage, CliTr::tr("report: --split needs --output FOLDER"));
    if (split && pdf)
        return fail(kExitUsage, CliTr::tr("report: --split is for CSV; a PDF is one file"));
    const QString by = parser.value(QStringLiteral("by"));
    if (parser.isSet(QStringLiteral("by"))) {
        if (by != QLatin1String("user") && by != QLatin1String("account") &&
            by != QLatin1String("job"))
            return fail(
                kExitUsage,
                CliTr::tr("report: --by \"%1\" is not known (user, account or job)").arg(by));
        if (pdf || split)
            return fail(kExitUsage,
                        CliTr::tr("report: --by is for one CSV table (the PDF and --split "
                                  "hold every table)"));
    }
    ReportPageOptions page;
    const QString paper = parser.value(QStringLiteral("paper")).toLower();
    if (parser.isSet(QStringLiteral("paper")) && !pdf)
        return fail(kExitUsage, CliTr::tr("report: --paper is for --format pdf"));
    if (paper == QLatin1String("letter"))
        page.pageSize = QPageSize(QPageSize::Letter);
    else if (!paper.isEmpty() && paper != QLatin1String("a4"))
        return fail(kExitUsage,
                    CliTr::tr("report: --paper \"%1\" is not known (a4 or letter)").arg(paper));
    if (pdf) {
        const bool toStdout = output == QLatin1String("-");
        if (output.isEmpty() || (toStdout && isatty(fileno(stdout))))
            return fail(kExitUsage,
                        CliTr::tr("report: a PDF is not for the terminal: give --output "
                                  "FILE (or --output - into a pipe)"));
        if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
            return fail(kExitUsage, CliTr::tr("report: --format pdf needs the report command first "
                                              "on the command line"));
    }

    std::optional<PolicyConfig> policy;
    const QString policyPath = parser.value(QStringLiteral("policy"));
    if (parser.isSet(QStringLiteral("policy"))) {
        if (policyPath.isEmpty())
            return fail(kExitUsage, CliTr::tr("--policy must name a policy file"));
        const PolicyParseResult r = loadPolicyFile(policyPath);
        for (const QString& w : r.warnings)
            note(w);
        if (!r.config)
            return fail(r.unreadable ? kExitFailed : kExitUsage, r.errors.join(QLatin1Char('\n')));
        policy = r.config;
    }
    const QTimeZone policyZone = policy && !policy->tokens.timeZone.isEmpty()
                                     ? QTimeZone(policy->tokens.timeZone.toUtf8())
                                     : QTimeZone::systemTimeZone();
    QString error;
    auto options = readingsOptions(parser, QStringLiteral("report"), policyZone, &error,
                                   kReadingsDemo | kReadingsAgents | kReadingsRangeLater);
    if (!options)
        return fail(kExitUsage, error);

    if (!policy && !options->agents.isEmpty()) { // the agents' own policy
        QStringList differ;
        policy = agentsPolicy(options->agents, &differ, &error);
        if (!policy)
            return fail(kExitFailed, error);
        for (const QString& w : differ)
            note(w);
        if (!options->timeZoneGiven && !policy->tokens.timeZone.isEmpty())
            options->timeZone = QTimeZone(policy->tokens.timeZone.toUtf8());
    }
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    qint64 fromMs = 0, toMs = 0;
    if (parser.isSet(QStringLiteral("last"))) {
        if (options->fromMs || options->toMs)
            return fail(kExitUsage, CliTr::tr("report: give --last or --from/--to, not both"));
        const auto last = parseDuration(parser.value(QStringLiteral("last")), &error);
        if (!last || last->count() <= 0)
            return fail(kExitUsage,
                        CliTr::tr("--last: %1")
                            .arg(last ? CliTr::tr("the span must be longer than zero") : error));
        toMs = now;
        fromMs = now - last->count();
    } else if (options->fromMs) {
        fromMs = *options->fromMs;
        toMs = options->toMs.value_or(now);
        if (toMs <= fromMs)
            return fail(kExitUsage,
                        CliTr::tr("report: the range is empty (--to must be after --from)"));
    } else if (options->toMs) {
        return fail(kExitUsage, CliTr::tr("report: --to needs --from (or give --last)"));
    } else {
        toMs = now;
        fromMs = now - std::chrono::milliseconds(kDefaultLast).count();
    }
    options->fromMs = fromMs - kLookbackMs;
    options->toMs = toMs;
    const std::unique_ptr<ReadingStream> source = openReadings(*options, &error);
    if (!source)
        return fail(kExitFailed, error);

    ReportOptions reportOptions;
    reportOptions.fromMs = fromMs;
    reportOptions.toMs = toMs;
    reportOptions.policy = policy;
    reportOptions.generatedAtMs = now;
    reportOptions.timeZone = QString::fromUtf8(options->timeZone.id());
    ReportBuilder builder(reportOptions);
    while (const auto s = source->next(&error))
        builder.feed(*s);
    if (!error.isEmpty())
        return fail(kExitFailed, error);
    Report report = builder.finish();
    // Intervals inferred and servers mostly silent: on stderr and in the
    // report's warnings.
    report.warnings += noteReadings(*source, options->timeZone, fromMs, toMs);

    if (split) {
        if (!QDir().mkpath(output))
            return fail(kExitFailed, CliTr::tr("%1: cannot create the folder").arg(output));
        for (const CsvTable& t : reportTables(report))
            if (!writeFileWhole(QDir(output).filePath(t.name + QStringLiteral(".csv")),
                                csvOfTable(t), &error))
                return fail(kExitFailed, error);
        return 0;
    }
    if (pdf) {
        if (output == QLatin1String("-")) {
            const QByteArray data = reportPdf(report, page);
            if (data.isEmpty())
                return fail(kExitFailed, CliTr::tr("report: the PDF could not be made"));
            fwrite(data.constData(), 1, size_t(data.size()), stdout);
            return 0;
        }
        if (!writeReportPdf(report, page, output, &error))
            return fail(kExitFailed, error);
        return 0;
    }
    QByteArray csv;
    if (!by.isEmpty()) {
        for (const CsvTable& t : reportTables(report))
            if (t.name == by)
                csv = csvOfTable(t);
        // Never an empty table without a word: say why it is empty.
        if (by == QLatin1String("account") && report.accounts.isEmpty())
            note(CliTr::tr("report --by account: no process in the range had an account (a Slurm "
                           "job's, a label's or an [owners] rule's); the table is empty"));
        else if (by == QLatin1String("job") && report.jobs.isEmpty())
            note(CliTr::tr(
                "report --by job: no Slurm job held a GPU in the range; the table is empty"));
        else if (by == QLatin1String("user") && report.users.isEmpty())
            note(CliTr::tr("report --by user: no GPU time was charged to anyone in the range; the "
                           "table is empty"));
    } else {
        csv = reportCsv(report);
    }
    if (output.isEmpty() || output == QLatin1String("-")) {
        fwrite(csv.constData(), 1, size_t(csv.size()), stdout);
        return 0;
    }
    if (!writeFileWhole(output, csv, &error))
        return fail(kExitFailed, error);
    return 0;
}

} // namespace gw::cli
