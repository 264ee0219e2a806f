#pragma once

// A Report (core/report/report.h) laid out on pages: title block (range,
// servers, time zone, generated at, coverage), summary, findings and time
// patterns, utilisation per GPU drawn by the app's own time-series chart
// (HistoryPlot, as vectors), per-user share against quota and token
// balances as Qt Charts bar charts, and tables that break across pages with
// their header repeated. Every page has "Page N of M" and the range.
//
// GUI thread only: the charts are widgets rendered onto the page. Layout is
// separate from painting so a caller can paint one page per event-loop turn
// (the report dialog) or all at once (the CLI, print preview).

#include "report/report.h"

#include <QMarginsF>
#include <QPageLayout>
#include <QPageSize>
#include <QString>

#include <memory>

class QPagedPaintDevice;
class QPainter;
class QPrinter;

namespace gw {

struct ReportPageOptions
{
    QPageSize pageSize = QPageSize(QPageSize::A4); // A4 or Letter
    QPageLayout::Orientation orientation = QPageLayout::Portrait;
    QMarginsF marginsMm{15, 15, 15, 15};
    QString title; // empty: "GPU use report"
};

class ReportDocument
{
public:
    ReportDocument(const Report& report, ReportPageOptions options);
    ~ReportDocument();
    ReportDocument(const ReportDocument&) = delete;
    ReportDocument& operator=(const ReportDocument&) = delete;

    // Sets the device's page layout from the options, lays the report out
    // for its page size and resolution and answers the page count (≥ 1).
    int layout(QPagedPaintDevice* device);
    int pageCount() const;
    // Paints page `page` (0-based) with `painter` active on the device given
    // to layout(); the caller calls device->newPage() between pages.
    void paintPage(QPainter& painter, int page) const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

// Writes the whole report as a PDF (QPdfWriter, fonts embedded). False with
// *error set when the file cannot be written. GUI thread.
bool writeReportPdf(const Report& report, const ReportPageOptions& options, const QString& path,
                    QString* error);
// The same PDF in memory.
QByteArray reportPdf(const Report& report, const ReportPageOptions& options);
// Paints every page on a printer (QPrintPreviewDialog::paintRequested).
void printReport(const Report& report, const ReportPageOptions& options, QPrinter* printer);

} // namespace gw
