#include "report/reportdocument.h"

#include "charts/historychartmodel.h"
#include "charts/historyplot.h"
#include "common/datetimetext.h"
#include "report/reportchartprovider.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QLocale>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QPdfWriter>
#include <QPrinter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTimeZone>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace gw {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(gw::ReportDocument)
};

const QString kAbsent = QStringLiteral("\u2014");

// Font sizes in points, page spacing in points.
constexpr double kTitlePt = 18;
constexpr double kHeadingPt = 12.5;
constexpr double kBodyPt = 9;
constexpr double kTablePt = 7.5;
constexpr double kFooterPt = 7;
constexpr int kChartWidthPx = 680; // the widgets' logical width, scaled onto the page
constexpr int kPlotHeightPx = 230; // one server's utilisation chart
constexpr int kMaxBarUsers = 25;   // users in a bar chart; the rest are in the table
constexpr int kTopUsersInSummary = 5;

QString number(double v, int decimals)
{
    return QLocale().toString(v, 'f', decimals);
}

QString optNumber(const std::optional<double>& v, int decimals)
{
    return v ? number(*v, decimals) : kAbsent;
}

// A server's share of the range, one decimal: short of all of it never
// reads "100.0".
QString coveredPercent(qint64 coveredMs, double spanMs)
{
    const double v = double(coveredMs) / spanMs * 100;
    return number(v < 100 && v >= 99.95 ? 99.9 : v, 1);
}

QString hours(qint64 ms)
{
    return number(double(ms) / 3'600'000.0, 1);
}

QString optHours(const std::optional<qint64>& ms)
{
    return ms ? hours(*ms) : kAbsent;
}

QTimeZone reportZone(const Report& r)
{
    const QTimeZone tz(r.timeZone.toUtf8());
    return tz.isValid() ? tz : QTimeZone::systemTimeZone();
}

// "2026-11-02 10:00 UTC+01:00" (the date and clock in the locale's form)
QString stamp(qint64 ms, const QTimeZone& tz)
{
    const QDateTime t = QDateTime::fromMSecsSinceEpoch(ms, tz);
    return QStringLiteral("%1 %2").arg(dateTimeText(t), tz.displayName(t, QTimeZone::OffsetName));
}

QString rangeText(const Report& r)
{
    const QTimeZone tz = reportZone(r);
    return Text::tr("%1 – %2").arg(stamp(r.fromMs, tz), stamp(r.toMs, tz));
}

QString gapText(const CoverageGap& g, const Report& r)
{
    const QTimeZone tz = reportZone(r);
    const bool days = r.toMs - r.fromMs > 24 * 3'600'000LL;
    QString fmt = days ? QStringLiteral("MM-dd HH:mm") : QStringLiteral("HH:mm");
    const QDateTime from = QDateTime::fromMSecsSinceEpoch(g.fromMs, tz);
    const QDateTime to = QDateTime::fromMSecsSinceEpoch(g.toMs, tz);
    // A gap within one minute shows its seconds, not "12:04–12:04".
    if (from.toString(fmt) == to.toString(fmt))
        fmt += QStringLiteral(":ss");
    return Text::tr("%1–%2").arg(from.toString(fmt), to.toString(fmt));
}

QString coverageLine(const ServerCoverage& c, const Report& r)
{
    const double span = double(std::max<qint64>(1, r.toMs - r.fromMs));
    QString line = Text::tr("%1: %2 % covered").arg(c.server, coveredPercent(c.coveredMs, span));
    if (c.gaps.isEmpty())
        return line;
    QStringList gaps;
    for (const CoverageGap& g : c.gaps)
        gaps.append(gapText(g, r));
    return Text::tr("%1, gaps %2").arg(line, gaps.join(QStringLiteral(", ")));
}

QString unitName(const UnitReport& u)
{
    if (!u.migUuid.isEmpty())
        return Text::tr("GPU %1 MIG %2").arg(u.gpuIndex).arg(u.migProfile);
    return Text::tr("GPU %1").arg(u.gpuIndex);
}

QPalette paperPalette()
{
    QPalette pal(QColor(240, 240, 240));
    for (auto role : {QPalette::Window, QPalette::Base, QPalette::AlternateBase})
        pal.setColor(role, Qt::white);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        pal.setColor(role, Qt::black);
    pal.setColor(QPalette::PlaceholderText, QColor(100, 100, 100));
    return pal;
}

using PaintFn = std::function<void(QPainter&, const QRectF&)>;

struct Item
{
    int page = 0;
    QRectF rect;
    PaintFn paint;
};

struct Column
{
    QString header;
    double weight = 1;
    Qt::Alignment align = Qt::AlignRight;
};

} // namespace

struct ReportDocument::Private
{
    Report report;
    ReportPageOptions options;

    // Charts: widgets and scenes rendered onto the page; destroyed plots
    // first, then models, then the provider.
    std::unique_ptr<ReportChartProvider> provider;
    std::vector<std::unique_ptr<HistoryChartModel>> models;
    std::vector<std::unique_ptr<HistoryPlot>> plots;
    std::vector<std::unique_ptr<QGraphicsScene>> scenes;

    // Layout, in the device's pixels.
    QPaintDevice* device = nullptr;
    double dpi = 72;
    double width = 0;
    double pageHeight = 0; // above the footer
    double footerHeight = 0;
    double y = 0;
    int page = 0;
    QList<Item> items;
    int pages = 1;

    double pt(double points) const { return points * dpi / 72.0; }
    QFont font(double points, bool bold = false) const
    {
        QFont f;
        f.setPointSizeF(points);
        f.setBold(bold);
        return f;
    }
    double textHeight(const QFont& f, double w, const QString& text) const
    {
        const QFontMetricsF fm(f, device);
        return fm.boundingRect(QRectF(0, 0, w, 1e9), Qt::TextWordWrap, text).height();
    }

    void newPage()
    {
        ++page;
        y = 0;
    }
    // Room for `h` on this page, else a new page (unless at its top).
    void ensure(double h)
    {
        if (y > 0 && y + h > pageHeight)
            newPage();
    }
    QRectF take(double h)
    {
        ensure(h);
        const QRectF r(0, y, width, h);
        y += h;
        return r;
    }
    void space(double points) { y = std::min(y + pt(points), pageHeight); }
    void add(const QRectF& r, PaintFn fn) { items.append(Item{page, r, std::move(fn)}); }

    void paragraph(const QString& text, const QFont& f, double indent = 0, QColor color = Qt::black)
    {
        const double h = textHeight(f, width - indent, text) + pt(2);
        const QRectF r = take(h).adjusted(indent, 0, 0, 0);
        add(r, [text, f, color](QPainter& p, const QRectF& rect) {
            p.setFont(f);
            p.setPen(color);
            p.drawText(rect, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
        });
    }
    void heading(const QString& text, double minFollowing = 0)
    {
        const QFont f = font(kHeadingPt, true);
        // A heading never ends a page: keep it with what follows.
        ensure(textHeight(f, width, text) + pt(8) + minFollowing);
        space(6);
        paragraph(text, f);
        space(2);
    }
    void keyValue(const QString& key, const QString& value)
    {
        const QFont kf = font(kBodyPt, true);
        const QFont vf = font(kBodyPt);
        const double keyW = pt(95);
        const double h =
            std::max(textHeight(kf, keyW, key), textHeight(vf, width - keyW, value)) + pt(2);
        const QRectF r = take(h);
        add(r, [key, value, kf, vf, keyW](QPainter& p, const QRectF& rect) {
            p.setPen(Qt::black);
            p.setFont(kf);
            p.drawText(QRectF(rect.left(), rect.top(), keyW, rect.height()),
                       Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, key);
            p.setFont(vf);
            p.drawText(rect.adjusted(keyW, 0, 0, 0),
                       Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, value);
        });
    }

    void table(const QList<Column>& columns, const QList<QStringList>& rows);
    void titleBlock();
    void summary();
    void findings();
    void utilisationCharts();
    void barCharts();
    void tables();
    void chartScene(QChart* chart, int heightPx);
};

void ReportDocument::Private::table(const QList<Column>& columns, const QList<QStringList>& rows)
{
    const QFont hf = font(kTablePt, true);
    const QFont cf = font(kTablePt);
    const double pad = pt(2);
    // Each column at least as wide as its widest word (header) and widest
    // cell line; what is left goes to the columns by weight.
    const QFontMetricsF hm(hf, device);
    const QFontMetricsF cm(cf, device);
    QList<double> widths;
    QList<double> natural; // without wrapping the cells
    double least = 0;
    double total = 0;
    for (int i = 0; i < columns.size(); ++i) {
        double w = 0;
        for (const QString& word : columns.at(i).header.split(QLatin1Char(' ')))
            w = std::max(w, hm.horizontalAdvance(word));
        double whole = w;
        for (const QStringList& row : rows) {
            // Left-aligned text may wrap between words; figures stay whole.
            const QString cell = row.value(i);
            const QStringList parts = columns.at(i).align & Qt::AlignLeft
                                          ? cell.split(QRegularExpression(QStringLiteral("\\s")))
                                          : QStringList{cell};
            for (const QString& part : parts)
                w = std::max(w, cm.horizontalAdvance(part));
            for (const QString& line : cell.split(QLatin1Char('\n')))
                whole = std::max(whole, cm.horizontalAdvance(line));
        }
        widths.append(w + 2 * pad + pt(0.5));
        natural.append(std::max(w, whole) + 2 * pad + pt(0.5));
        least += widths.last();
        total += columns.at(i).weight;
    }
    // Wrapping columns first grow towards their unwrapped width, then every
    // column shares what is left by weight.
    double extra = width - least;
    double want = 0;
    for (int i = 0; i < columns.size(); ++i)
        want += natural.at(i) - widths.at(i);
    if (extra > 0 && want > 0) {
        const double f = std::min(1.0, extra / want);
        for (int i = 0; i < columns.size(); ++i)
            widths[i] += (natural.at(i) - widths.at(i)) * f;
        extra -= want * f;
    }
    for (int i = 0; i < columns.size(); ++i)
        widths[i] = extra >= 0 ? widths.at(i) + extra * columns.at(i).weight / total
                               : widths.at(i) * width / least; // too wide: squeeze all
    auto rowHeight = [&](const QFont& f, const QStringList& cells) {
        double h = 0;
        for (int i = 0; i < columns.size(); ++i)
            h = std::max(h, textHeight(f, widths.at(i) - 2 * pad, cells.value(i)));
        return h + 2 * pad;
    };
    QStringList headers;
    for (const Column& c : columns)
        headers.append(c.header);
    const double headerH = rowHeight(hf, headers);
    auto paintRow = [columns, widths, pad](const QFont& f, const QStringList& cells, bool header,
                                           bool shade) {
        return [columns, widths, pad, f, cells, header, shade](QPainter& p, const QRectF& rect) {
            if (header)
                p.fillRect(rect, QColor(225, 230, 238));
            else if (shade)
                p.fillRect(rect, QColor(244, 246, 249));
            p.setFont(f);
            p.setPen(Qt::black);
            double x = rect.left();
            for (int i = 0; i < columns.size(); ++i) {
                const QRectF cell(x + pad, rect.top() + pad, widths.at(i) - 2 * pad,
                                  rect.height() - 2 * pad);
                const Qt::Alignment a =
                    header ? (columns.at(i).align & Qt::AlignHorizontal_Mask) | Qt::AlignBottom
                           : (columns.at(i).align & Qt::AlignHorizontal_Mask) | Qt::AlignTop;
                p.drawText(cell, int(a) | Qt::TextWordWrap, cells.value(i));
                x += widths.at(i);
            }
            if (header) {
                p.setPen(QPen(QColor(120, 120, 120), 0));
                p.drawLine(rect.bottomLeft(), rect.bottomRight());
            }
        };
    };
    auto placeHeader = [&] {
        const QRectF r = take(headerH);
        add(r, paintRow(hf, headers, true, false));
    };
    const double firstH = rows.isEmpty() ? 0 : rowHeight(cf, rows.first());
    ensure(headerH + firstH);
    placeHeader();
    for (int i = 0; i < rows.size(); ++i) {
        const double h = rowHeight(cf, rows.at(i));
        if (y + h > pageHeight) {
            newPage();
            placeHeader(); // the header repeats on every page the table spans
        }
        const QRectF r = take(h);
        add(r, paintRow(cf, rows.at(i), false, i % 2 == 1));
    }
}

void ReportDocument::Private::titleBlock()
{
    const Report& r = report;
    const QString title = options.title.isEmpty() ? Text::tr("GPU use report") : options.title;
    paragraph(title, font(kTitlePt, true));
    space(6);
    const QTimeZone tz = reportZone(r);
    keyValue(Text::tr("Range"), rangeText(r));
    keyValue(Text::tr("Servers"),
             r.servers.isEmpty() ? Text::tr("none") : r.servers.join(QStringLiteral(", ")));
    keyValue(Text::tr("Time zone"), r.timeZone.isEmpty() ? QString::fromUtf8(tz.id()) : r.timeZone);
    keyValue(Text::tr("Generated at"), stamp(r.generatedAtMs, tz));
    keyValue(Text::tr("Thresholds"),
             Text::tr("busy at ≥ %1 % utilisation, held idle below %2 %")
                 .arg(number(r.busyThresholdPercent, 0), number(r.idleThresholdPercent, 0)));
    QStringList coverage;
    for (const ServerCoverage& c : r.coverage)
        coverage.append(coverageLine(c, r));
    keyValue(Text::tr("Coverage"),
             coverage.isEmpty() ? Text::tr("no readings") : coverage.join(QLatin1Char('\n')));
}

void ReportDocument::Private::summary()
{
    const Report& r = report;
    heading(Text::tr("Summary"));
    std::optional<qint64> busy;
    std::optional<qint64> idle;
    for (const UnitReport& u : r.units) {
        if (u.busyMs)
            busy = busy.value_or(0) + *u.busyMs;
        if (u.heldIdleMs)
            idle = idle.value_or(0) + *u.heldIdleMs;
    }
    keyValue(Text::tr("Fleet GPU-hours"),
             r.fleetGpuHours
                 ? Text::tr("%1 h (covered hours of whole GPUs)").arg(number(*r.fleetGpuHours, 1))
                 : kAbsent);
    auto ofFleet = [&](const std::optional<qint64>& ms) {
        if (!ms)
            return kAbsent;
        const double h = double(*ms) / 3'600'000.0;
        if (!r.fleetGpuHours || *r.fleetGpuHours <= 0)
            return Text::tr("%1 h").arg(number(h, 1));
        return Text::tr("%1 h (%2 % of the fleet's GPU-hours)")
            .arg(number(h, 1), number(h / *r.fleetGpuHours * 100, 1));
    };
    keyValue(Text::tr("Busy"), ofFleet(busy));
    keyValue(Text::tr("Held idle"), ofFleet(idle));
    if (r.energy.kWh) {
        QStringList parts{Text::tr("%1 kWh").arg(number(*r.energy.kWh, 2))};
        if (*r.energy.kWh > 0 && r.energy.estimatedKWh > 0)
            parts << Text::tr("%1 % estimated")
                         .arg(number(r.energy.estimatedKWh / *r.energy.kWh * 100, 0));
        if (r.energy.cost)
            parts << Text::tr("cost %1 %2").arg(number(*r.energy.cost, 2), r.currency);
        if (r.energy.co2Kg)
            parts << Text::tr("%1 kg CO₂").arg(number(*r.energy.co2Kg, 1));
        keyValue(Text::tr("Energy"), parts.join(QStringLiteral(", ")).trimmed());
    }
    QList<UserReport> users = r.users;
    std::stable_sort(users.begin(), users.end(), [](const UserReport& a, const UserReport& b) {
        return a.gpuHours > b.gpuHours;
    });
    QStringList top;
    for (int i = 0; i < std::min<int>(kTopUsersInSummary, users.size()); ++i) {
        const UserReport& u = users.at(i);
        top.append(u.sharePercent
                       ? Text::tr("%1: %2 GPU-h (%3 %)")
                             .arg(u.user, number(u.gpuHours, 1), number(*u.sharePercent, 1))
                       : Text::tr("%1: %2 GPU-h").arg(u.user, number(u.gpuHours, 1)));
    }
    keyValue(Text::tr("Top users"),
             top.isEmpty() ? Text::tr("no GPU use") : top.join(QLatin1Char('\n')));
}

void ReportDocument::Private::findings()
{
    const Report& r = report;
    heading(Text::tr("Findings"), pt(24));
    if (r.findings.isEmpty())
        paragraph(Text::tr("The report holds no findings."), font(kBodyPt));
    for (int i = 0; i < r.findings.size(); ++i) {
        const Finding& f = r.findings.at(i);
        const QFont bf = font(kBodyPt, true);
        const QFont nf = font(kBodyPt);
        const QString fact = Text::tr("%1. %2").arg(i + 1).arg(f.text);
        ensure(textHeight(bf, width, fact) + textHeight(nf, width - pt(14), f.recommendation) +
               pt(6));
        paragraph(fact, bf);
        if (!f.recommendation.isEmpty())
            paragraph(f.recommendation, nf, pt(14), QColor(60, 60, 60));
        space(2);
    }
    heading(Text::tr("Time patterns"), pt(14));
    if (r.patterns.isEmpty())
        paragraph(Text::tr("The report holds no time patterns."), font(kBodyPt));
    for (const TimePattern& t : r.patterns)
        paragraph(Text::tr("• %1").arg(t.text), font(kBodyPt));
}

void ReportDocument::Private::utilisationCharts()
{
    const Report& r = report;
    provider = std::make_unique<ReportChartProvider>(r);
    const double scale = width / kChartWidthPx;
    bool headed = false;
    for (const QString& server : r.servers) {
        QList<HistorySeries> series;
        QStringList legend;
        for (const UnitReport& u : r.units) {
            if (u.server != server || !u.migUuid.isEmpty() || u.utilisationBuckets.isEmpty())
                continue;
            HistorySeries s;
            s.key = SeriesKey{server, u.gpuUuid, MetricId::GpuUtilization};
            // A model not reported leaves no separator behind.
            s.name = u.gpuModel.isEmpty() ? Text::tr("GPU %1").arg(u.gpuIndex)
                                          : Text::tr("GPU %1 · %2").arg(u.gpuIndex).arg(u.gpuModel);
            series.append(s);
        }
        if (series.isEmpty())
            continue;
        auto model = std::make_unique<HistoryChartModel>(provider.get());
        auto plot = std::make_unique<HistoryPlot>(model.get());
        plot->setPalette(paperPalette());
        QFont pf;
        pf.setPixelSize(11);
        plot->setFont(pf);
        // The time axis in the report's zone, as every other time in it.
        plot->setTimeZone(reportZone(r));
        plot->setTitle(Text::tr("%1 — GPU utilisation").arg(server));
        plot->setValueTop(100);
        plot->setAttribute(Qt::WA_DontShowOnScreen);
        plot->resize(kChartWidthPx, kPlotHeightPx);
        model->setSeries(series);
        model->setFixedRange(r.fromMs, r.toMs);
        model->setPixelWidth(kChartWidthPx);
        model->refresh();

        // The legend: a colour swatch and "GPU n · model" (or "GPU n") per
        // line, in columns.
        const QFont lf = font(kTablePt);
        const QFontMetricsF fm(lf, device);
        double widest = 0;
        for (const HistorySeries& s : series)
            widest = std::max(widest, fm.horizontalAdvance(s.name));
        const double entryW = widest + fm.height() * 2 + pt(12);
        const int perRow = std::clamp(int(width / entryW), 1, std::min(4, int(series.size())));
        const double cellW = width / std::max(1, perRow);
        const int legendRows = int((series.size() + perRow - 1) / perRow);
        const double legendH = legendRows * (fm.height() + pt(2)) + pt(4);
        const double plotH = kPlotHeightPx * scale;
        if (!headed) {
            heading(Text::tr("GPU utilisation"), plotH + legendH);
            headed = true;
        }
        const QRectF plotRect = take(plotH);
        HistoryPlot* p = plot.get();
        add(plotRect, [p, scale](QPainter& painter, const QRectF& rect) {
            painter.save();
            painter.translate(rect.topLeft());
            painter.scale(scale, scale);
            p->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
            painter.restore();
        });
        QList<QColor> colors;
        for (int i = 0; i < series.size(); ++i)
            colors.append(model->colorAt(i));
        QStringList names;
        for (const HistorySeries& s : series)
            names.append(s.name);
        const QRectF legendRect = take(legendH);
        add(legendRect, [names, colors, lf, perRow, cellW, fm = QFontMetricsF(lf, device),
                         unit = pt(1)](QPainter& painter, const QRectF& rect) {
            painter.setFont(lf);
            const double lineH = fm.height() + 2 * unit;
            for (int i = 0; i < names.size(); ++i) {
                const double x = rect.left() + (i % perRow) * cellW;
                const double y = rect.top() + 2 * unit + (i / perRow) * lineH;
                const double sw = fm.height() * 0.8;
                painter.fillRect(QRectF(x + 4 * unit, y + (fm.height() - sw) / 2, sw * 1.6, sw),
                                 colors.at(i));
                painter.setPen(Qt::black);
                painter.drawText(
                    QRectF(x + 6 * unit + sw * 1.6, y, cellW - sw * 2 - 8 * unit, fm.height()),
                    Qt::AlignLeft | Qt::AlignVCenter,
                    fm.elidedText(names.at(i), Qt::ElideRight, cellW - sw * 2 - 8 * unit));
            }
        });
        space(4);
        models.push_back(std::move(model));
        plots.push_back(std::move(plot));
    }
    if (!headed) {
        heading(Text::tr("GPU utilisation"), pt(14));
        paragraph(Text::tr("The report holds no utilisation series to chart."), font(kBodyPt));
    }
    // The answers are queued, as a real provider's: deliver them now.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
}

void ReportDocument::Private::chartScene(QChart* chart, int heightPx)
{
    auto scene = std::make_unique<QGraphicsScene>();
    chart->setTheme(QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundBrush(Qt::white);
    chart->setBackgroundRoundness(0);
    chart->setDropShadowEnabled(false);
    chart->setMargins(QMargins(4, 4, 4, 4));
    QFont tf;
    tf.setPixelSize(13);
    tf.setBold(true);
    chart->setTitleFont(tf);
    QFont lf;
    lf.setPixelSize(11);
    chart->legend()->setFont(lf);
    chart->legend()->setAlignment(Qt::AlignBottom);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(lf);
        axis->setTitleFont(lf);
    }
    scene->addItem(chart);
    chart->resize(kChartWidthPx, heightPx);
    scene->setSceneRect(0, 0, kChartWidthPx, heightPx);
    const double scale = width / kChartWidthPx;
    const QRectF rect = take(heightPx * scale);
    QGraphicsScene* s = scene.get();
    add(rect, [s, heightPx](QPainter& painter, const QRectF& target) {
        s->render(&painter, target, QRectF(0, 0, kChartWidthPx, heightPx));
    });
    space(6);
    scenes.push_back(std::move(scene));
}

void ReportDocument::Private::barCharts()
{
    const Report& r = report;
    if (r.users.isEmpty())
        return;
    QList<UserReport> users = r.users;
    std::stable_sort(users.begin(), users.end(), [](const UserReport& a, const UserReport& b) {
        return a.gpuHours > b.gpuHours;
    });
    const int shown = std::min<int>(kMaxBarUsers, users.size());
    users = users.mid(0, shown);
    bool anyQuota = false;
    for (const UserReport& u : users)
        anyQuota = anyQuota || u.quotaPercent.has_value();

    // Share against quota, the biggest user on top (a horizontal bar series
    // draws its first category at the bottom).
    {
        auto* share = new QBarSet(Text::tr("Share of the fleet (%)"));
        auto* quota = anyQuota ? new QBarSet(Text::tr("Quota (%)")) : nullptr;
        QStringList categories;
        double top = 10;
        for (int i = int(users.size()) - 1; i >= 0; --i) {
            const UserReport& u = users.at(i);
            categories.append(u.user);
            // A bar set has no "absent": a missing figure is a bar of no length.
            share->append(u.sharePercent.value_or(0));
            top = std::max(top, u.sharePercent.value_or(0));
            if (quota) {
                quota->append(u.quotaPercent.value_or(0));
                top = std::max(top, u.quotaPercent.value_or(0));
            }
        }
        auto* series = new QHorizontalBarSeries;
        series->append(share);
        if (quota)
            series->append(quota);
        auto* chart = new QChart;
        chart->addSeries(series);
        chart->setTitle(shown < r.users.size()
                            ? Text::tr("Share against quota, top %1 of %2 users by GPU-hours")
                                  .arg(shown)
                                  .arg(r.users.size())
                            : Text::tr("Share against quota"));
        auto* axisY = new QBarCategoryAxis;
        axisY->append(categories);
        axisY->setTruncateLabels(false);
        auto* axisX = new QValueAxis;
        axisX->setRange(0, std::min(100.0, std::ceil(top * 1.1 / 5) * 5));
        axisX->applyNiceNumbers();
        axisX->setTitleText(Text::tr("% of the fleet's GPU-hours"));
        chart->addAxis(axisY, Qt::AlignLeft);
        chart->addAxis(axisX, Qt::AlignBottom);
        series->attachAxis(axisY);
        series->attachAxis(axisX);
        const int heightPx = 140 + shown * (quota ? 24 : 18);
        heading(Text::tr("Users"), heightPx * width / kChartWidthPx);
        chartScene(chart, heightPx);
    }

    QList<UserReport> withBalance;
    for (const UserReport& u : r.users) {
        if (u.balance)
            withBalance.append(u);
    }
    if (withBalance.isEmpty())
        return;
    // Lowest balances (overdrafts) on top.
    std::stable_sort(
        withBalance.begin(), withBalance.end(),
        [](const UserReport& a, const UserReport& b) { return *a.balance < *b.balance; });
    const int balances = std::min<int>(kMaxBarUsers, withBalance.size());
    auto* set = new QBarSet(Text::tr("Balance (tokens)"));
    QStringList categories;
    double lo = 0;
    double hi = 0;
    for (int i = balances - 1; i >= 0; --i) {
        const UserReport& u = withBalance.at(i);
        categories.append(u.user);
        set->append(*u.balance);
        lo = std::min(lo, *u.balance);
        hi = std::max(hi, *u.balance);
    }
    auto* series = new QHorizontalBarSeries;
    series->append(set);
    auto* chart = new QChart;
    chart->addSeries(series);
    chart->setTitle(balances < withBalance.size()
                        ? Text::tr("Token balances at the end, lowest %1 of %2 users")
                              .arg(balances)
                              .arg(withBalance.size())
                        : Text::tr("Token balances at the end of the range"));
    auto* axisY = new QBarCategoryAxis;
    axisY->append(categories);
    axisY->setTruncateLabels(false);
    auto* axisX = new QValueAxis;
    axisX->setRange(lo < 0 ? lo * 1.1 : 0, hi > 0 ? hi * 1.1 : 1);
    axisX->applyNiceNumbers();
    axisX->setTitleText(Text::tr("tokens"));
    chart->addAxis(axisY, Qt::AlignLeft);
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisY);
    series->attachAxis(axisX);
    chart->legend()->setVisible(false);
    const int heightPx = 110 + balances * 16;
    ensure(heightPx * width / kChartWidthPx);
    chartScene(chart, heightPx);
}

void ReportDocument::Private::tables()
{
    const Report& r = report;
    const double span = double(std::max<qint64>(1, r.toMs - r.fromMs));

    heading(Text::tr("Coverage"), pt(30));
    {
        QList<QStringList> rows;
        for (const ServerCoverage& c : r.coverage) {
            QStringList gaps;
            for (const CoverageGap& g : c.gaps)
                gaps.append(gapText(g, r));
            rows.append({c.server, hours(c.coveredMs), coveredPercent(c.coveredMs, span),
                         QString::number(c.gaps.size()),
                         gaps.isEmpty() ? kAbsent : gaps.join(QStringLiteral(", "))});
        }
        table({{Text::tr("Server"), 1, Qt::AlignLeft},
               {Text::tr("Covered (h)"), 0.3},
               {Text::tr("Covered (%)"), 0.3},
               {Text::tr("Gaps"), 0.2},
               {Text::tr("Gaps (%1)")
                    .arg(reportZone(r).displayName(
                        QDateTime::fromMSecsSinceEpoch(r.fromMs, reportZone(r)),
                        QTimeZone::OffsetName)),
                3, Qt::AlignLeft}},
              rows);
    }

    heading(Text::tr("GPUs and MIG instances"), pt(40));
    {
        const double gib = 1024.0;
        auto mem = [gib](const std::optional<double>& v) {
            return v ? number(*v / gib, 1) : kAbsent;
        };
        QList<QStringList> rows;
        for (const UnitReport& u : r.units) {
            rows.append({u.server, unitName(u), u.gpuModel, hours(u.coveredMs),
                         optNumber(u.utilisationPercent.mean, 1),
                         optNumber(u.utilisationPercent.peak, 0), mem(u.memoryUsedMiB.mean),
                         mem(u.memoryUsedMiB.peak), optNumber(u.temperatureC.mean, 0),
                         optNumber(u.temperatureC.peak, 0), optNumber(u.powerW.mean, 0),
                         optNumber(u.powerW.peak, 0), optNumber(u.energy.kWh, 2),
                         optHours(u.busyMs), optHours(u.heldIdleMs)});
        }
        table({{Text::tr("Server"), 0.6, Qt::AlignLeft},
               {Text::tr("Unit"), 0.6, Qt::AlignLeft},
               {Text::tr("Model"), 1.2, Qt::AlignLeft},
               {Text::tr("Covered (h)"), 0.1},
               {Text::tr("Util. mean (%)"), 0.1},
               {Text::tr("Util. peak (%)"), 0.1},
               {Text::tr("Mem. mean (GiB)"), 0.1},
               {Text::tr("Mem. peak (GiB)"), 0.1},
               {Text::tr("Temp. mean (°C)"), 0.1},
               {Text::tr("Temp. peak (°C)"), 0.1},
               {Text::tr("Power mean (W)"), 0.1},
               {Text::tr("Power peak (W)"), 0.1},
               {Text::tr("Energy (kWh)"), 0.1},
               {Text::tr("Busy (h)"), 0.1},
               {Text::tr("Held idle (h)"), 0.1}},
              rows);
    }

    heading(Text::tr("Users"), pt(40));
    {
        QList<QStringList> rows;
        for (const UserReport& u : r.users) {
            rows.append({u.user, number(u.gpuHours, 2), optNumber(u.sharePercent, 1),
                         optNumber(u.quotaPercent, 1), optNumber(u.violationHours, 1),
                         u.hogEvents ? QLocale().toString(*u.hogEvents) : kAbsent,
                         u.idleEvents ? QLocale().toString(*u.idleEvents) : kAbsent,
                         optNumber(u.tokensCharged, 2), optNumber(u.balance, 2)});
        }
        table({{Text::tr("User"), 2, Qt::AlignLeft},
               {Text::tr("GPU-hours (h)"), 1.2},
               {Text::tr("Share (%)"), 1},
               {Text::tr("Quota (%)"), 1},
               {Text::tr("Over quota (h)"), 1.1},
               {Text::tr("Hog events"), 1},
               {Text::tr("Idle events"), 1},
               {Text::tr("Tokens charged"), 1.2},
               {Text::tr("Balance (tokens)"), 1.2}},
              rows);
    }

    // Energy per server, user and account (docs/health.md, "Energy"); the
    // section only where a GPU reported any.
    if (r.energy.kWh) {
        heading(Text::tr("Energy"), pt(40));
        const auto cells = [&](const QString& of, const QString& name, const EnergyFigures& e) {
            const QString estimated =
                e.kWh && *e.kWh > 0 ? number(e.estimatedKWh / *e.kWh * 100, 0) : kAbsent;
            return QStringList{of,
                               name,
                               optNumber(e.kWh, 2),
                               estimated,
                               optNumber(e.cost, 2),
                               optNumber(e.co2Kg, 1)};
        };
        QList<QStringList> rows;
        for (const ServerCoverage& c : r.coverage)
            if (c.energy.kWh)
                rows << cells(Text::tr("Server"), c.server, c.energy);
        for (const UserReport& u : r.users)
            if (u.energy.kWh && *u.energy.kWh > 0)
                rows << cells(Text::tr("User"), u.user, u.energy);
        if (r.energyIdleUnowned.kWh && *r.energyIdleUnowned.kWh > 0)
            rows << cells(Text::tr("Nobody"), Text::tr("idle, unowned"), r.energyIdleUnowned);
        if (r.energyNotAttributed.kWh && *r.energyNotAttributed.kWh > 0)
            rows << cells(Text::tr("Nobody"), Text::tr("not attributed (gaps, no user)"),
                          r.energyNotAttributed);
        for (const AccountReport& a : r.accounts)
            if (a.energy.kWh && *a.energy.kWh > 0)
                rows << cells(Text::tr("Account"),
                              a.account.isEmpty() ? Text::tr("no account") : a.account, a.energy);
        const QString cost =
            r.currency.isEmpty() ? Text::tr("Cost") : Text::tr("Cost (%1)").arg(r.currency);
        table({{Text::tr("Of"), 0.6, Qt::AlignLeft},
               {Text::tr("Name"), 2, Qt::AlignLeft},
               {Text::tr("Energy (kWh)"), 0.8},
               {Text::tr("Estimated (%)"), 0.8},
               {cost, 0.8},
               {Text::tr("CO₂ (kg)"), 0.8}},
              rows);
    }

    // GPUs degraded or failing in the range, or with XIDs (docs/health.md);
    // the section only where there is one.
    if (!r.health.isEmpty()) {
        heading(Text::tr("GPU health"), pt(40));
        QList<QStringList> rows;
        for (const GpuHealthReport& h : r.health) {
            QStringList codes;
            for (const int x : h.xids)
                codes << QString::number(x);
            rows.append({h.server, Text::tr("GPU %1").arg(h.gpuIndex), h.worstState,
                         hours(h.degradedMs), hours(h.failingMs), QString::number(h.xidCount),
                         codes.isEmpty() ? kAbsent : codes.join(QStringLiteral(", ")),
                         h.reasons.isEmpty() ? kAbsent : h.reasons.join(QStringLiteral("; "))});
        }
        table({{Text::tr("Server"), 0.8, Qt::AlignLeft},
               {Text::tr("GPU"), 0.4, Qt::AlignLeft},
               {Text::tr("Worst"), 0.5, Qt::AlignLeft},
               {Text::tr("Degraded (h)"), 0.4},
               {Text::tr("Failing (h)"), 0.4},
               {Text::tr("XIDs"), 0.3},
               {Text::tr("XID codes"), 0.5, Qt::AlignLeft},
               {Text::tr("Reasons (last)"), 3, Qt::AlignLeft}},
              rows);
    }

    heading(Text::tr("Warnings"), pt(14));
    if (r.warnings.isEmpty())
        paragraph(Text::tr("None."), font(kBodyPt));
    for (const QString& w : r.warnings)
        paragraph(Text::tr("• %1").arg(w), font(kBodyPt));
}

ReportDocument::ReportDocument(const Report& report, ReportPageOptions options)
    : d(std::make_unique<Private>())
{
    d->report = report;
    d->options = std::move(options);
}

ReportDocument::~ReportDocument()
{
    // Plots reference their models, models the provider.
    d->plots.clear();
    d->models.clear();
    d->scenes.clear();
}

int ReportDocument::layout(QPagedPaintDevice* device)
{
    const QPageLayout pageLayout(d->options.pageSize, d->options.orientation, d->options.marginsMm,
                                 QPageLayout::Millimeter);
    device->setPageLayout(pageLayout);
    d->device = device;
    d->dpi = device->logicalDpiY();
    const QRect paint = device->pageLayout().paintRectPixels(device->logicalDpiX());
    d->width = paint.width();
    d->footerHeight =
        d->textHeight(d->font(kFooterPt), d->width, QStringLiteral("Page")) + d->pt(8);
    d->pageHeight = paint.height() - d->footerHeight;
    d->items.clear();
    d->plots.clear();
    d->models.clear();
    d->scenes.clear();
    d->page = 0;
    d->y = 0;

    d->titleBlock();
    d->summary();
    d->findings();
    d->utilisationCharts();
    d->barCharts();
    d->tables();
    d->pages = d->page + 1;
    // The charts lay themselves out through posted layout requests.
    QCoreApplication::sendPostedEvents();
    return d->pages;
}

int ReportDocument::pageCount() const
{
    return d->pages;
}

void ReportDocument::paintPage(QPainter& painter, int page) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    for (const Item& item : std::as_const(d->items)) {
        if (item.page != page)
            continue;
        painter.save();
        item.paint(painter, item.rect);
        painter.restore();
    }
    // Footer: the range on the left, "Page N of M" on the right.
    const QRectF footer(0, d->pageHeight + d->pt(4), d->width, d->footerHeight - d->pt(4));
    painter.setPen(QPen(QColor(150, 150, 150), 0));
    painter.drawLine(footer.topLeft(), footer.topRight());
    painter.setFont(d->font(kFooterPt));
    painter.setPen(QColor(70, 70, 70));
    const QRectF text = footer.adjusted(0, d->pt(3), 0, 0);
    painter.drawText(text, Qt::AlignLeft | Qt::AlignTop, rangeText(d->report));
    painter.drawText(text, Qt::AlignRight | Qt::AlignTop,
                     Text::tr("Page %1 of %2").arg(page + 1).arg(d->pages));
    painter.restore();
}

namespace {

bool paintAll(ReportDocument& doc, QPagedPaintDevice* device, QString* error)
{
    const int pages = doc.layout(device);
    QPainter painter;
    if (!painter.begin(device)) {
        if (error)
            *error = Text::tr("Cannot start painting the report's pages.");
        return false;
    }
    for (int i = 0; i < pages; ++i) {
        if (i > 0)
            device->newPage();
        doc.paintPage(painter, i);
    }
    return painter.end();
}

void describe(QPdfWriter& writer, const ReportPageOptions& options)
{
    writer.setCreator(QStringLiteral("GPU Warden"));
    writer.setTitle(options.title.isEmpty() ? Text::tr("GPU use report") : options.title);
    writer.setResolution(600);
}

} // namespace

bool writeReportPdf(const Report& report, const ReportPageOptions& options, const QString& path,
                    QString* error)
{
    // The file first: a path that cannot be written fails before the work.
    // Written whole or not at all (a cron job's reader, or the agent's
    // daily report, never sees half a PDF; a failure keeps the old file).
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = Text::tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    const QByteArray pdf = reportPdf(report, options);
    if (pdf.isEmpty() || file.write(pdf) != pdf.size() || !file.commit()) {
        if (error)
            *error = pdf.isEmpty() ? Text::tr("The report's PDF could not be made.")
                                   : Text::tr("Cannot write %1: %2").arg(path, file.errorString());
        file.cancelWriting();
        return false;
    }
    return true;
}

QByteArray reportPdf(const Report& report, const ReportPageOptions& options)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        describe(writer, options);
        ReportDocument doc(report, options);
        if (!paintAll(doc, &writer, nullptr))
            return {};
    }
    return buffer.data();
}

void printReport(const Report& report, const ReportPageOptions& options, QPrinter* printer)
{
    printer->setDocName(options.title.isEmpty() ? Text::tr("GPU use report") : options.title);
    ReportDocument doc(report, options);
    paintAll(doc, printer, nullptr);
}

} // namespace gw
