// A report's cost, printed as a figure (see docs/reports.md):
//   report_csv_ms=  ReportBuilder over a day of 1 Hz readings of 16 servers
//                   × 8 GPUs (40 users, a process on 3 GPUs in 4), the
//                   report's finish and its one-file CSV; the median of 3
//   report_readings_per_s=  the same as readings fed per second
//   report_pdf_ms=  the same day end to end as a PDF: ReportBuilder, finish,
//                   the pages laid out (a utilisation chart per server, bar
//                   charts, tables) and written to a file; the median of 3
//   report_pdf_bytes=  that file's size
//   report_pdf_write_ms=  only the PDF of the finished Report (layout, the
//                   16 charts, writing); the median of 3
// Until ReportBuilder fills UnitReport::utilisationBuckets, the bench fills
// each whole GPU's 288 buckets itself when they are empty, so the PDF holds
// its 16 charts of 8 lines.
// The readings are copies of four prepared readings per server with the time
// set (a copy shares its lists), so the builder is what is timed.
// For profiles (callgrind, perf stat): `bench_report --hours N` builds N
// hours instead of 24, `--csv-only` stops after the CSV figures.

#include "benchreference.h"
#include "benchtiming.h"
#include "report/reportbuilder.h"
#include "report/reportcsv.h"
#include "report/reportdocument.h"

#include <QApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTimeZone>

#include <cmath>
#include <cstdio>

using namespace gw;

namespace {

constexpr int kServers = 16, kGpus = 8, kUsers = 40, kVariants = 4;

QList<QList<Snapshot>> templates()
{
    QList<QList<Snapshot>> out;
    for (int s = 0; s < kServers; ++s) {
        QList<Snapshot> variants;
        for (int v = 0; v < kVariants; ++v) {
            Snapshot r;
            r.server = QStringLiteral("gpu-node-%1").arg(s);
            r.backend = QStringLiteral("nvml");
            r.intervalMs = 1000;
            for (int g = 0; g < kGpus; ++g) {
                GpuSample gpu;
                gpu.index = g;
                gpu.uuid = QStringLiteral("GPU-%1-%2").arg(s).arg(g);
                gpu.name = g < 4 ? QStringLiteral("NVIDIA H100 80GB HBM3")
                                 : QStringLiteral("NVIDIA A100-SXM4-80GB");
                gpu.utilizationGpuPercent = (g * 13 + v * 29) % 101;
                gpu.memoryUsedMiB = 1000.0 * (g + v);
                gpu.memoryTotalMiB = 81920;
                gpu.temperatureC = 40 + g + v;
                gpu.powerW = 100 + 50 * v;
                r.gpus << gpu;
                if ((g + s) % 4 != 0) {
                    GpuProcess p;
                    p.pid = 1000 + g;
                    p.startTimeMs = 0;
                    p.user = QStringLiteral("user%1").arg((s * kGpus + g) % kUsers);
                    p.command = QStringLiteral("python train.py");
                    p.gpuUuid = gpu.uuid;
                    p.usedMemoryMiB = 1000.0 * (g + v);
                    r.processes << p;
                }
            }
            variants << r;
        }
        out << variants;
    }
    return out;
}

// Chart buckets for whole GPUs that have none: a wave per GPU.
void fillChartBuckets(Report& report)
{
    const qint64 width = (report.toMs - report.fromMs) / kReportChartBuckets;
    for (UnitReport& u : report.units) {
        if (!u.migUuid.isEmpty() || !u.utilisationBuckets.isEmpty())
            continue;
        for (int i = 0; i < kReportChartBuckets; ++i) {
            HistoryBucket b;
            b.startMs = report.fromMs + i * width;
            b.endMs = b.startMs + width;
            b.mean = 50 + 45 * std::sin(i / 20.0 + u.gpuIndex);
            b.min = std::max(0.0, b.mean - 15);
            b.max = std::min(100.0, b.mean + 15);
            b.count = width / 1000;
            u.utilisationBuckets.append(b);
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    gw::bench::printReference();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    qint64 seconds = 24 * 3600;
    bool csvOnly = false;
    const QStringList args = QCoreApplication::arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--hours") && i + 1 < args.size()) {
            seconds = args[++i].toLongLong() * 3600;
        } else if (args[i] == QLatin1String("--csv-only")) {
            csvOnly = true;
        } else {
            std::fprintf(stderr, "usage: bench_report [--hours N] [--csv-only]\n");
            return 2;
        }
    }
    if (seconds <= 0) {
        std::fprintf(stderr, "bench_report: --hours wants a positive number\n");
        return 2;
    }
    const QList<QList<Snapshot>> prepared = templates();
    const qint64 from =
        QDateTime(QDate(2026, 11, 2), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
    PolicyConfig policy;
    policy.tokens.enabled = true;
    policy.tokens.timeZone = QStringLiteral("UTC");
    const auto build = [&] {
        ReportOptions options;
        options.fromMs = from;
        options.toMs = from + seconds * 1000;
        options.policy = policy;
        ReportBuilder builder(options);
        for (qint64 t = 0; t < seconds; ++t)
            for (int s = 0; s < kServers; ++s) {
                Snapshot r = prepared[s][int(t % kVariants)];
                r.timestampMs = from + t * 1000;
                builder.feed(r);
            }
        Report report = builder.finish();
        fillChartBuckets(report);
        return report;
    };
    qsizetype bytes = 0;
    const double ms = bench::medianMs(3, [&] { bytes = reportCsv(build()).size(); });
    std::printf("report_csv_ms=%.0f\n", ms);
    std::printf("report_readings_per_s=%.0f\n", double(seconds * kServers) / (ms / 1000));
    std::printf("report_csv_bytes=%lld\n", static_cast<long long>(bytes));
    std::fflush(stdout);
    if (csvOnly)
        return 0;

    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    QString error;
    bool written = true;
    const double pdfMs =
        bench::medianMs(3, [&] { written = written && writeReportPdf(build(), {}, pdf, &error); });
    if (!written) {
        std::fprintf(stderr, "bench_report: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("report_pdf_ms=%.0f\n", pdfMs);
    std::printf("report_pdf_bytes=%lld\n", static_cast<long long>(QFileInfo(pdf).size()));
    const Report report = build();
    const double writeMs =
        bench::medianMs(3, [&] { written = written && writeReportPdf(report, {}, pdf, &error); });
    if (!written) {
        std::fprintf(stderr, "bench_report: %s\n", qPrintable(error));
        return 1;
    }
    std::printf("report_pdf_write_ms=%.0f\n", writeMs);
    return 0;
}
