// The report's PDF as a reader gets it: written to real files and read back
// with poppler-utils (pdfinfo, pdftotext, pdffonts, pdftoppm, pdfimages):
// page count and size, text that can be extracted (title, figures, the
// table header repeated on a later page, "Page N of M"), every font
// embedded, no blank page, and the utilisation charts as vectors, not
// pictures. A hand-made report with every part filled, one from
// ReportBuilder over the hand-computed fixture, and the CLI end to end.
//
// poppler-utils are a test dependency (.ci/run, README): without them the
// test fails and says so.

#include "clirunner.h"
#include "model/trace.h"
#include "report/reportbuilder.h"
#include "report/reportchartprovider.h"
#include "report/reportdocument.h"
#include "reportfixture.h"

#include <QApplication>
#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QPdfWriter>
#include <QPrinter>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using namespace gw;
using namespace gw::test;

namespace {

constexpr int kUsers = 90;

const QStringList kPoppler{QStringLiteral("pdfinfo"), QStringLiteral("pdftotext"),
                           QStringLiteral("pdffonts"), QStringLiteral("pdftoppm"),
                           QStringLiteral("pdfimages")};

struct Tool
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Tool runTool(const QString& program, const QStringList& args)
{
    QProcess p;
    p.start(program, args);
    Tool t;
    if (!p.waitForStarted() || !p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        t.err = QByteArrayLiteral("did not run: ") + program.toUtf8();
        return t;
    }
    t.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    t.out = p.readAllStandardOutput();
    t.err = p.readAllStandardError();
    return t;
}

struct PdfInfo
{
    int pages = 0;
    double width = 0; // points
    double height = 0;
};

PdfInfo pdfInfo(const QString& pdf)
{
    const Tool t = runTool(QStringLiteral("pdfinfo"), {pdf});
    PdfInfo info;
    if (t.exitCode != 0)
        return info;
    const QString text = QString::fromUtf8(t.out);
    const auto pages = QRegularExpression(QStringLiteral("Pages:\\s+(\\d+)")).match(text);
    const auto size =
        QRegularExpression(QStringLiteral("Page size:\\s+([\\d.]+) x ([\\d.]+) pts")).match(text);
    info.pages = pages.captured(1).toInt();
    info.width = size.captured(1).toDouble();
    info.height = size.captured(2).toDouble();
    return info;
}

// The text of each page (pdftotext separates pages with a form feed).
QStringList pageTexts(const QString& pdf)
{
    const Tool t =
        runTool(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    if (t.exitCode != 0)
        return {};
    QStringList pages = QString::fromUtf8(t.out).split(QLatin1Char('\f'));
    if (!pages.isEmpty() && pages.last().trimmed().isEmpty())
        pages.removeLast();
    return pages;
}

// 5-minute buckets over [from, to) of a utilisation ramp, with no readings
// from bucket 100 to 119 and a gap marked before bucket 120.
QList<HistoryBucket> buckets(qint64 from, qint64 to, double level)
{
    QList<HistoryBucket> out;
    const qint64 width = (to - from) / kReportChartBuckets;
    for (int i = 0; i < kReportChartBuckets; ++i) {
        HistoryBucket b;
        b.startMs = from + i * width;
        b.endMs = b.startMs + width;
        if (i >= 100 && i < 120) {
            out.append(b); // NaN, count 0
            continue;
        }
        b.mean = std::fmod(level + i * 0.7, 100.0);
        b.min = std::max(0.0, b.mean - 10);
        b.max = std::min(100.0, b.mean + 10);
        b.count = 300;
        b.gapBefore = i == 120;
        out.append(b);
    }
    return out;
}

// Every part filled: three servers (one with a MIG instance), findings,
// patterns, coverage with gaps, 90 users with quota, events and tokens (90:
// more rows than an A4 page holds, wherever the table starts; 40 fit one),
// a unit without power (absent, "—"), warnings.
Report handReport()
{
    Report r;
    r.fromMs = kT0;
    r.toMs = kT0 + 24 * kHour;
    r.timeZone = QStringLiteral("Europe/Berlin");
    r.generatedAtMs = r.toMs + 5 * kMinute;
    r.busyThresholdPercent = 80;
    r.idleThresholdPercent = 10;
    r.servers = {QStringLiteral("gpu-node-1"), QStringLiteral("gpu-node-2"),
                 QStringLiteral("gpu-node-3")};
    for (const QString& server : r.servers) {
        ServerCoverage c;
        c.server = server;
        c.coveredMs = 24 * kHour - 100 * kMinute;
        c.gaps = {CoverageGap{server, kT0 + 500 * kMinute, kT0 + 600 * kMinute}};
        if (server != QLatin1String("gpu-node-3"))
            c.energy = EnergyFigures{327.16, 6.25, 104.69, 124.3};
        r.coverage.append(c);
        for (int g = 0; g < 4; ++g) {
            UnitReport u;
            u.server = server;
            u.gpuIndex = g;
            u.gpuUuid = QStringLiteral("GPU-%1-%2").arg(server).arg(g);
            u.gpuModel = QStringLiteral("NVIDIA H100 80GB HBM3");
            u.coveredMs = c.coveredMs;
            u.utilisationPercent = {42.25 + g, 99};
            u.memoryUsedMiB = {30720, 81000};
            u.temperatureC = {55, 71};
            if (server != QLatin1String("gpu-node-3"))
                u.powerW = {310, 690};
            if (u.powerW.mean)
                u.energy = EnergyFigures{7.44, 0.5, 2.38, 2.83};
            u.busyMs = 6 * kHour;
            u.heldIdleMs = 90 * kMinute;
            u.utilisationBuckets = buckets(r.fromMs, r.toMs, 20.0 * g);
            r.units.append(u);
        }
    }
    UnitReport mig;
    mig.server = QStringLiteral("gpu-node-3");
    mig.gpuIndex = 0;
    mig.gpuUuid = QStringLiteral("GPU-gpu-node-3-0");
    mig.gpuModel = QStringLiteral("NVIDIA H100 80GB HBM3");
    mig.migUuid = QStringLiteral("MIG-1");
    mig.migProfile = QStringLiteral("3g.40gb");
    mig.coveredMs = 2 * kHour;
    mig.memoryUsedMiB = {10000, 12000};
    r.units.insert(9, mig);
    r.fleetGpuHours = 12 * (24 - 100.0 / 60);
    r.currency = QStringLiteral("EUR");
    r.energy = EnergyFigures{654.32, 12.5, 209.38, 248.6};
    r.energyIdleUnowned = EnergyFigures{31.25, 31.25, 10, 11.9};
    for (int i = 0; i < kUsers; ++i) {
        UserReport u;
        u.user = QStringLiteral("user%1").arg(i, 2, 10, QLatin1Char('0'));
        u.gpuHoursByModel.insert(QStringLiteral("NVIDIA H100 80GB HBM3"), 0.5 + i * 0.25);
        u.gpuHours = 0.5 + i * 0.25;
        u.sharePercent = u.gpuHours / *r.fleetGpuHours * 100;
        u.quotaPercent = i == 39 ? 30.0 : 2.5;
        u.tokensCharged = u.gpuHours * 4;
        u.balance = 100 - i * 5.5;
        u.violationHours = i > 30 ? 1.5 : 0;
        u.hogEvents = i % 3;
        u.idleEvents = i % 2;
        if (i == 39)
            u.energy = EnergyFigures{123.45, 0, 39.5, 46.9};
        r.users.append(u);
    }
    Finding hog;
    hog.kind = Finding::Kind::Hog;
    hog.text = QStringLiteral("python (PID 12345, user39): 18.5 h at > 90 % on gpu-node-3 GPU 2 "
                              "(expected quota: 30 %)");
    hog.recommendation =
        QStringLiteral("Contact user39; if this is expected, raise their quota in [quota].");
    Finding cover;
    cover.kind = Finding::Kind::Coverage;
    cover.advice = Finding::Advice::CheckAgent;
    cover.text = QStringLiteral("gpu-node-2 was not heard from for 1.7 h");
    cover.recommendation = QStringLiteral("Check the agent on gpu-node-2.");
    r.findings = {hog, cover};
    TimePattern night;
    night.user = QStringLiteral("user39");
    night.server = QStringLiteral("gpu-node-3");
    night.fromMinute = 20 * 60;
    night.toMinute = 6 * 60;
    night.text = QStringLiteral("user39 held gpu-node-3 20:00–06:00");
    r.patterns = {night};
    r.warnings = {QStringLiteral("3 processes without a user on gpu-node-1")};
    GpuHealthReport h; // docs/health.md: a GPU that failed in the range
    h.server = QStringLiteral("gpu-node-2");
    h.gpuUuid = QStringLiteral("GPU-health");
    h.gpuIndex = 5;
    h.worstState = QStringLiteral("failing");
    h.degradedMs = kHour / 2;
    h.failingMs = 2 * kHour;
    h.xidCount = 3;
    h.xids = {48, 79};
    h.reasons = {QStringLiteral("XID 79 (GPU has fallen off the bus)")};
    r.health << h;
    return r;
}

// Pixels of a page image that are not near-white, and those with colour
// (a chart's series: the text and grid are grey).
struct Ink
{
    qint64 dark = 0;
    qint64 coloured = 0;
};

Ink inkOf(const QImage& image)
{
    Ink ink;
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < img.height(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < img.width(); ++x) {
            const int r = qRed(line[x]), g = qGreen(line[x]), b = qBlue(line[x]);
            if (std::min({r, g, b}) < 200)
                ++ink.dark;
            if (std::max({r, g, b}) - std::min({r, g, b}) > 60)
                ++ink.coloured;
        }
    }
    return ink;
}

} // namespace

class TestReportPdf : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_a4; // the hand report on A4, written once
    QString path(const QString& name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QStringList missing;
        for (const QString& tool : kPoppler) {
            if (QStandardPaths::findExecutable(tool).isEmpty())
                missing.append(tool);
        }
        if (!missing.isEmpty())
            QFAIL(qPrintable(QStringLiteral("poppler-utils are not installed (%1 not found): "
                                            "apt-get install poppler-utils")
                                 .arg(missing.join(QStringLiteral(", ")))));
        m_a4 = path(QStringLiteral("hand-a4.pdf"));
        QString error;
        QVERIFY2(writeReportPdf(handReport(), {}, m_a4, &error), qPrintable(error));
        // docs/screenshots/report-page-*.png are made from this file.
        const QString keep = qEnvironmentVariable("GW_REPORT_PDF_KEEP");
        if (!keep.isEmpty()) {
            QFile::remove(keep);
            QVERIFY(QFile::copy(m_a4, keep));
        }
    }

    void chartProviderAnswersLaterFromTheBuckets()
    {
        const Report r = handReport();
        ReportChartProvider provider(r);
        QSignalSpy spy(&provider, &HistoryProvider::resultReady);
        const SeriesKey key{QStringLiteral("gpu-node-2"), QStringLiteral("GPU-gpu-node-2-1"),
                            MetricId::GpuUtilization};
        const quint64 id = provider.request(key, r.fromMs, r.fromMs + 12 * kHour, 600);
        QVERIFY(id != 0);
        QCOMPARE(spy.count(), 0); // queued, as a real provider answers
        QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toULongLong(), id);
        const auto result = spy.at(0).at(1).value<HistoryResult>();
        QVERIFY(result.error.isEmpty());
        QCOMPARE(result.buckets.size(), kReportChartBuckets / 2);
        QCOMPARE(result.buckets.at(120 - 1).count, 0); // the gap stays empty, not 0 %
        QCOMPARE(result.intervalMs, 5 * kMinute);
        QCOMPARE(provider.newestMs(QStringLiteral("gpu-node-2")), r.toMs);

        const HistoryResult unknown =
            provider.answer(SeriesKey{QStringLiteral("gpu-node-2"), QStringLiteral("GPU-x"),
                                      MetricId::GpuUtilization},
                            r.fromMs, r.toMs);
        QVERIFY(unknown.buckets.isEmpty());
        QVERIFY(unknown.error.contains(QStringLiteral("GPU-x")));
    }

    void a4PagesAndSize()
    {
        const PdfInfo info = pdfInfo(m_a4);
        QVERIFY2(info.pages >= 4, qPrintable(QString::number(info.pages)));
        QCOMPARE(qRound(info.width), 595);
        QCOMPARE(qRound(info.height), 842);
        ReportDocument doc(handReport(), {});
        QBuffer sink;
        QVERIFY(sink.open(QIODevice::WriteOnly));
        QPdfWriter writer(&sink);
        writer.setResolution(600); // as writeReportPdf: the text's metrics follow it
        QCOMPARE(doc.layout(&writer), info.pages);
        QCOMPARE(doc.pageCount(), info.pages);
    }

    void textIsExtractable()
    {
        const QStringList pages = pageTexts(m_a4);
        const int n = pdfInfo(m_a4).pages;
        QCOMPARE(pages.size(), n);
        QVERIFY(pages.first().contains(QStringLiteral("GPU use report")));
        // The range in the zone with its offset, and a figure in the app's locale.
        QVERIFY(pages.first().contains(QStringLiteral("2026-11-02 11:00 UTC+01:00")));
        const QString all = pages.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("42.3")), "the mean utilisation of GPU 0");
        QVERIFY(all.contains(QStringLiteral("18.5 h at > 90 %")));
        QVERIFY(all.contains(QStringLiteral("Contact user39")));
        QVERIFY(all.contains(QStringLiteral("user39 held gpu-node-3 20:00–06:00")));
        QVERIFY(all.contains(QStringLiteral("3 processes without a user")));
        QVERIFY2(all.contains(QStringLiteral("-389.50")), "the lowest balance");
        QVERIFY2(all.contains(QStringLiteral("\u2014")), "absent figures as a dash");
        QVERIFY2(all.contains(QStringLiteral("654.32 kWh, 2 % estimated, cost 209.38 EUR, "
                                             "248.6 kg CO₂")),
                 "the summary's energy line");
        QVERIFY2(all.contains(QStringLiteral("Cost (EUR)")) &&
                     all.contains(QStringLiteral("123.45")) &&
                     all.contains(QStringLiteral("idle, unowned")),
                 "the energy section");
        QVERIFY2(all.contains(QStringLiteral("GPU health")) &&
                     all.contains(QStringLiteral("XID 79 (GPU has fallen")) &&
                     all.contains(QStringLiteral("48, 79")),
                 "the health section");
        for (int i = 0; i < n; ++i) {
            const QString footer = QStringLiteral("Page %1 of %2").arg(i + 1).arg(n);
            QVERIFY2(pages.at(i).contains(footer), qPrintable(footer));
            QVERIFY(pages.at(i).contains(QStringLiteral("2026-11-03 11:00 UTC+01:00")));
        }
        // The user table spans pages, its header on each (a row: the name,
        // then its GPU-hours; the bar charts' labels stand alone).
        QList<int> withHeader;
        QList<int> withUsers;
        for (int i = 0; i < n; ++i) {
            if (pages.at(i).contains(QStringLiteral("Idle events")))
                withHeader.append(i);
            if (pages.at(i).contains(
                    QRegularExpression(QStringLiteral("\\n\\s*user\\d\\d\\s+\\d+\\.\\d\\d\\s"))))
                withUsers.append(i);
        }
        QVERIFY2(withUsers.size() >= 2, "90 users do not fit one page");
        QVERIFY2(withHeader.size() >= 2, "the header repeats");
        for (int page : withUsers)
            QVERIFY2(withHeader.contains(page), qPrintable(QString::number(page + 1)));
    }

    void fontsAreEmbedded()
    {
        const Tool t = runTool(QStringLiteral("pdffonts"), {m_a4});
        QCOMPARE(t.exitCode, 0);
        const QStringList lines =
            QString::fromUtf8(t.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        int fonts = 0;
        bool body = false;
        for (const QString& line : lines) {
            if (line.startsWith(QStringLiteral("----"))) {
                body = true;
                continue;
            }
            if (!body)
                continue;
            // name type… encoding emb sub uni object ID
            const QStringList f = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            QVERIFY(f.size() >= 7);
            QVERIFY2(f.at(f.size() - 5) == QLatin1String("yes"), qPrintable(line));
            ++fonts;
        }
        QVERIFY(fonts >= 1);
    }

    void noPageIsBlankAndChartsAreVectors()
    {
        const QString prefix = path(QStringLiteral("page"));
        const Tool t =
            runTool(QStringLiteral("pdftoppm"), {QStringLiteral("-r"), QStringLiteral("50"),
                                                 QStringLiteral("-png"), m_a4, prefix});
        QVERIFY2(t.exitCode == 0, t.err.constData());
        const QStringList pages = pageTexts(m_a4);
        const int n = int(pages.size());
        int chartPage = -1;
        for (int i = 0; i < n; ++i) {
            const QString file =
                n >= 10
                    ? QStringLiteral("%1-%2.png").arg(prefix).arg(i + 1, 2, 10, QLatin1Char('0'))
                    : QStringLiteral("%1-%2.png").arg(prefix).arg(i + 1);
            const QImage image(file);
            QVERIFY2(!image.isNull(), qPrintable(file));
            const Ink ink = inkOf(image);
            // More than a footer: a line of text besides it, and ink on at
            // least 0.2 % of the page (the last page may hold a short
            // section alone).
            QStringList lines;
            for (const QString& line : pages.at(i).split(QLatin1Char('\n')))
                if (!line.trimmed().isEmpty() && !line.contains(QStringLiteral("Page ")))
                    lines << line;
            QVERIFY2(!lines.isEmpty() && ink.dark > image.width() * image.height() / 500,
                     qPrintable(QStringLiteral("page %1 is blank").arg(i + 1)));
            if (chartPage < 0 &&
                pages.at(i).contains(QStringLiteral("gpu-node-1 — GPU utilisation")))
                chartPage = i;
        }
        QVERIFY2(chartPage >= 0, "a page with a utilisation chart");
        // The chart is drawn (coloured lines on the page image)…
        const QImage chart(n >= 10 ? QStringLiteral("%1-%2.png")
                                         .arg(prefix)
                                         .arg(chartPage + 1, 2, 10, QLatin1Char('0'))
                                   : QStringLiteral("%1-%2.png").arg(prefix).arg(chartPage + 1));
        QVERIFY2(inkOf(chart).coloured > 500, "the series' colours on the chart page");
        // …and not as a picture: the page holds no image at all.
        const QString p = QString::number(chartPage + 1);
        const Tool images =
            runTool(QStringLiteral("pdfimages"), {QStringLiteral("-list"), QStringLiteral("-f"), p,
                                                  QStringLiteral("-l"), p, m_a4});
        QCOMPARE(images.exitCode, 0);
        const QStringList rows =
            QString::fromUtf8(images.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(rows.size() == 2, images.out.constData()); // the header and its rule only
    }

    void letterPaper()
    {
        ReportPageOptions options;
        options.pageSize = QPageSize(QPageSize::Letter);
        options.title = QStringLiteral("Cluster week 45");
        const QString file = path(QStringLiteral("hand-letter.pdf"));
        QString error;
        QVERIFY2(writeReportPdf(handReport(), options, file, &error), qPrintable(error));
        const PdfInfo info = pdfInfo(file);
        QCOMPARE(qRound(info.width), 612);
        QCOMPARE(qRound(info.height), 792);
        QVERIFY(pageTexts(file).value(0).contains(QStringLiteral("Cluster week 45")));
    }

    void unwritablePathIsAnError()
    {
        const QString file = path(QStringLiteral("no/such/folder/report.pdf"));
        QString error;
        QVERIFY(!writeReportPdf(handReport(), {}, file, &error));
        QVERIFY2(error.contains(file), qPrintable(error));
        QVERIFY(!QFile::exists(file));
    }

    void printerGetsTheSamePages()
    {
        QPrinter printer(QPrinter::HighResolution);
        printer.setOutputFormat(QPrinter::PdfFormat);
        const QString file = path(QStringLiteral("printed.pdf"));
        printer.setOutputFileName(file);
        printReport(handReport(), {}, &printer);
        QCOMPARE(pdfInfo(file).pages, pdfInfo(m_a4).pages);
        QVERIFY(pageTexts(file).value(0).contains(QStringLiteral("GPU use report")));
    }

    void fromTheBuilder()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        options.generatedAtMs = kT0 + 2 * kHour;
        ReportBuilder builder(options);
        for (const Snapshot& s : reportFixture())
            builder.feed(s);
        const Report report = builder.finish();
        const QByteArray pdf = reportPdf(report, {});
        QVERIFY(pdf.startsWith("%PDF-"));
        const QString file = path(QStringLiteral("builder.pdf"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(pdf);
        f.close();
        const QString text = pageTexts(file).join(QLatin1Char('\n'));
        QVERIFY(text.contains(QStringLiteral("alpha")));
        QVERIFY(text.contains(QStringLiteral("3g.40gb")));
        QVERIFY(text.contains(QStringLiteral("2026-11-02 10:00 UTC")));
        QVERIFY(text.contains(QStringLiteral("Page 1 of")));
    }

    // A GPU whose model is not reported: its chart legend says "GPU 3",
    // not "GPU 3 ·" with nothing after the separator.
    void aGpuWithoutAModelHasNoDanglingSeparator()
    {
        ReportOptions options;
        options.fromMs = kT0;
        options.toMs = kT0 + kHour;
        options.timeZone = QStringLiteral("UTC");
        options.generatedAtMs = kT0 + 2 * kHour;
        ReportBuilder builder(options);
        for (qint64 ms = kT0; ms < kT0 + kHour; ms += kMinute) {
            Snapshot s = fixtureReading(QStringLiteral("nameless"), ms);
            GpuSample g;
            g.index = 3;
            g.uuid = QStringLiteral("GPU-nameless-3");
            g.utilizationGpuPercent = 40;
            s.gpus << g;
            builder.feed(s);
        }
        const Report report = builder.finish();
        QCOMPARE(report.units.size(), 1);
        QVERIFY(report.units.first().gpuModel.isEmpty());
        const QString file = path(QStringLiteral("nameless.pdf"));
        QString error;
        QVERIFY2(writeReportPdf(report, {}, file, &error), qPrintable(error));
        const QString text = pageTexts(file).join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("nameless — GPU utilisation")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("GPU 3")), qPrintable(text));
        QVERIFY2(!text.contains(QRegularExpression(QStringLiteral("GPU 3 ·\\s*(\n|$)"))),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("·\n")), qPrintable(text));
    }

    void cliWritesAPdf()
    {
        const QString trace = path(QStringLiteral("fixture.jsonl"));
        TraceWriter w;
        QString error;
        QVERIFY2(w.open(trace, &error), qPrintable(error));
        for (const Snapshot& s : reportFixture())
            QVERIFY2(w.write(s, &error), qPrintable(error));
        w.close();
        const QStringList range{QStringLiteral("report"),
                                QStringLiteral("--trace"),
                                trace,
                                QStringLiteral("--from"),
                                QStringLiteral("2026-11-02T10:00:00Z"),
                                QStringLiteral("--to"),
                                QStringLiteral("2026-11-02T11:00:00Z"),
                                QStringLiteral("--tz"),
                                QStringLiteral("UTC"),
                                QStringLiteral("--format"),
                                QStringLiteral("pdf")};
        // As cron runs it: no display, no platform chosen.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* var : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
            env.remove(QString::fromLatin1(var));
        const QString out = path(QStringLiteral("cli.pdf"));
        const clitest::Run ok = clitest::runCli(range + QStringList{QStringLiteral("--output"), out,
                                                                    QStringLiteral("--paper"),
                                                                    QStringLiteral("letter")},
                                                env);
        QVERIFY2(ok.exitCode == 0, ok.err.constData());
        const PdfInfo info = pdfInfo(out);
        QVERIFY(info.pages >= 1);
        QCOMPARE(qRound(info.width), 612);
        const QString text = pageTexts(out).join(QLatin1Char('\n'));
        QVERIFY(text.contains(QStringLiteral("alpha")));
        QVERIFY(text.contains(QStringLiteral("2026-11-02 10:00 UTC")));

        const clitest::Run noOutput = clitest::runCli(range, env);
        QCOMPARE(noOutput.exitCode, 2);
        QVERIFY2(noOutput.err.contains("a PDF is not for the terminal: give --output FILE"),
                 noOutput.err.constData());
        const QString bad = path(QStringLiteral("missing/cli.pdf"));
        const clitest::Run unwritable =
            clitest::runCli(range + QStringList{QStringLiteral("--output"), bad}, env);
        QCOMPARE(unwritable.exitCode, 1);
        QVERIFY2(unwritable.err.contains(bad.toUtf8()), unwritable.err.constData());
        const clitest::Run paper =
            clitest::runCli(range + QStringList{QStringLiteral("--output"), out,
                                                QStringLiteral("--paper"), QStringLiteral("a5")},
                            env);
        QCOMPARE(paper.exitCode, 2);
        QVERIFY2(paper.err.contains("--paper \"a5\" is not known (a4 or letter)"),
                 paper.err.constData());
    }
};

QTEST_MAIN(TestReportPdf)
#include "tst_reportpdf.moc"
