#include "reportdialog.h"

#include "common/datetimetext.h"
#include "common/plural.h"
#include "model/units.h"
#include "remote/agentlink.h"
#include "remote/agentreadings.h"
#include "report/reportcsv.h"
#include "report/reportdocument.h"
#include "util/savefile.h"

#include <QComboBox>
#include <QDateTime>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPrinter>
#include <QPrintPreviewDialog>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QTimeZone>
#include <QVBoxLayout>

#include <chrono>
#include <cmath>

namespace gw {

namespace {

constexpr qint64 kHourMs = 3'600'000;

QString percent(double v)
{
    return QLocale().toString(v, 'f', v < 10 ? 1 : 0);
}

QString hours(double h)
{
    return QLocale().toString(h, 'f', h < 10 ? 2 : 1);
}

// A share of the range short of all of it never reads "100 %".
QString coveredPercent(double v)
{
    if (v < 100 && v >= 99.5)
        return QLocale().toString(std::floor(v * 10) / 10, 'f', 1);
    return percent(v);
}

// How long a server was not heard from: seconds and minutes below an hour
// (a silence of a few seconds is not "0.00 h").
QString silenceText(qint64 ms)
{
    if (ms < 1000)
        return ReportDialog::tr("%1 ms").arg(ms);
    if (ms < kHourMs)
        return formatDurationTwoUnits(ms);
    return ReportDialog::tr("%1 h").arg(hours(double(ms) / kHourMs));
}

} // namespace

ReportDialog::ReportDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Report"));

    auto* scope = new QGroupBox(tr("Servers"), this);
    m_servers = new QListWidget(scope);
    m_servers->setToolTip(tr("The servers the report covers"));
    m_servers->setAccessibleName(tr("Servers"));
    auto* scopeLayout = new QVBoxLayout(scope);
    scopeLayout->addWidget(m_servers);
    auto* allNone = new QHBoxLayout;
    auto* all = new QPushButton(tr("All"), scope);
    auto* none = new QPushButton(tr("None"), scope);
    allNone->addWidget(all);
    allNone->addWidget(none);
    allNone->addStretch();
    scopeLayout->addLayout(allNone);
    auto checkAll = [this](Qt::CheckState state) {
        for (int i = 0; i < m_servers->count(); ++i)
            m_servers->item(i)->setCheckState(state);
    };
    connect(all, &QPushButton::clicked, this, [checkAll] { checkAll(Qt::Checked); });
    connect(none, &QPushButton::clicked, this, [checkAll] { checkAll(Qt::Unchecked); });

    auto* range = new QGroupBox(tr("Range"), this);
    auto* form = new QFormLayout(range);
    m_range = new QComboBox(range);
    m_range->addItem(tr("Last 24 hours"), int(Range::Last24Hours));
    m_range->addItem(tr("Last 7 days"), int(Range::Last7Days));
    m_range->addItem(tr("Last 30 days"), int(Range::Last30Days));
    m_range->addItem(tr("Custom range"), int(Range::Custom));
    form->addRow(tr("&Range:"), m_range);
    m_from = new QDateTimeEdit(range);
    m_to = new QDateTimeEdit(range);
    for (QDateTimeEdit* e : {m_from, m_to}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(dateTimeFormat());
    }
    form->addRow(tr("&From:"), m_from);
    form->addRow(tr("&To:"), m_to);
    m_zone = new QLabel(range);
    m_zone->setWordWrap(true);
    form->addRow(tr("Time zone:"), m_zone);
    m_paper = new QComboBox(range);
    m_paper->addItem(tr("A4"));
    m_paper->addItem(tr("Letter"));
    form->addRow(tr("&Paper:"), m_paper);
    connect(m_range, &QComboBox::currentIndexChanged, this, [this] { updateRangeEditors(); });

    m_build = new QPushButton(tr("&Build report"), this);
    m_build->setDefault(true);
    m_cancel = new QPushButton(tr("&Cancel"), this);
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setAccessibleName(tr("Progress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* run = new QHBoxLayout;
    run->addWidget(m_build);
    run->addWidget(m_progress, 1);
    run->addWidget(m_cancel);
    connect(m_build, &QPushButton::clicked, this, &ReportDialog::build);
    connect(m_cancel, &QPushButton::clicked, this, &ReportDialog::cancel);

    m_summary = new QTextBrowser(this);
    m_summary->setOpenLinks(false);
    m_summary->setPlaceholderText(tr("Choose the servers and the range, then build the report."));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_saveCsv = buttons->addButton(tr("Save &CSV…"), QDialogButtonBox::ActionRole);
    m_savePdf = buttons->addButton(tr("Save P&DF…"), QDialogButtonBox::ActionRole);
    m_print = buttons->addButton(tr("&Print preview…"), QDialogButtonBox::ActionRole);
    for (QPushButton* b : {m_saveCsv, m_savePdf, m_print})
        b->setEnabled(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_saveCsv, &QPushButton::clicked, this, &ReportDialog::chooseAndSaveCsv);
    connect(m_savePdf, &QPushButton::clicked, this, &ReportDialog::chooseAndSavePdf);
    connect(m_print, &QPushButton::clicked, this, &ReportDialog::printPreview);

    auto* top = new QHBoxLayout;
    top->addWidget(scope, 1);
    top->addWidget(range, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addLayout(run);
    layout->addWidget(m_status);
    layout->addWidget(m_summary, 1);
    layout->addWidget(buttons);

    const QDateTime now = QDateTime::currentDateTime();
    m_to->setDateTime(now);
    m_from->setDateTime(now.addDays(-1));
    updateRangeEditors();
    resize(sizeHint().expandedTo(QSize(720, 560)));
}

ReportDialog::~ReportDialog() = default;

void ReportDialog::setServers(const QStringList& servers)
{
    const QStringList before = chosenServers();
    const bool first = m_servers->count() == 0;
    m_servers->clear();
    for (const QString& s : servers) {
        auto* item = new QListWidgetItem(s, m_servers);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(first || before.contains(s) ? Qt::Checked : Qt::Unchecked);
    }
}

QStringList ReportDialog::chosenServers() const
{
    QStringList out;
    for (int i = 0; i < m_servers->count(); ++i)
        if (m_servers->item(i)->checkState() == Qt::Checked)
            out << m_servers->item(i)->text();
    return out;
}

void ReportDialog::setServerChosen(const QString& server, bool chosen)
{
    for (int i = 0; i < m_servers->count(); ++i)
        if (m_servers->item(i)->text() == server)
            m_servers->item(i)->setCheckState(chosen ? Qt::Checked : Qt::Unchecked);
}

void ReportDialog::setSourcePlan(SourcePlan plan)
{
    m_plan = std::move(plan);
}

void ReportDialog::setHistoryFile(const QString& path)
{
    m_historyFile = path;
}

void ReportDialog::setAgents(std::function<QList<RemoteServer>()> agents)
{
    m_agents = std::move(agents);
}

void ReportDialog::setPolicy(std::optional<PolicyConfig> policy)
{
    m_policy = std::move(policy);
    updateRangeEditors();
}

void ReportDialog::setRange(Range range)
{
    m_range->setCurrentIndex(m_range->findData(int(range)));
}

void ReportDialog::setCustomRange(qint64 fromMs, qint64 toMs)
{
    const QTimeZone zone(timeZoneId().toUtf8());
    m_from->setDateTime(QDateTime::fromMSecsSinceEpoch(fromMs, zone));
    m_to->setDateTime(QDateTime::fromMSecsSinceEpoch(toMs, zone));
    setRange(Range::Custom);
}

QString ReportDialog::timeZoneId() const
{
    if (m_policy && !m_policy->tokens.timeZone.isEmpty())
        return m_policy->tokens.timeZone;
    return QString::fromUtf8(QTimeZone::systemTimeZoneId());
}

std::pair<qint64, qint64> ReportDialog::rangeMs() const
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    switch (Range(m_range->currentData().toInt())) {
    case Range::Last24Hours:
        return {now - 24 * kHourMs, now};
    case Range::Last7Days:
        return {now - 7 * 24 * kHourMs, now};
    case Range::Last30Days:
        return {now - 30 * 24 * kHourMs, now};
    case Range::Custom:
        break;
    }
    // The editors show wall-clock time in the report's zone.
    const QTimeZone zone(timeZoneId().toUtf8());
    const QDateTime from(m_from->date(), m_from->time(), zone);
    const QDateTime to(m_to->date(), m_to->time(), zone);
    return {from.toMSecsSinceEpoch(), to.toMSecsSinceEpoch()};
}

void ReportDialog::updateRangeEditors()
{
    const bool custom = Range(m_range->currentData().toInt()) == Range::Custom;
    m_from->setEnabled(custom);
    m_to->setEnabled(custom);
    const QTimeZone zone(timeZoneId().toUtf8());
    const int offset = zone.offsetFromUtc(QDateTime::currentDateTimeUtc()) / 60;
    m_zone->setText(tr("%1 (UTC%2%3:%4 now); the times above are in this zone")
                        .arg(timeZoneId(), offset < 0 ? QStringLiteral("−") : QStringLiteral("+"))
                        .arg(std::abs(offset) / 60, 2, 10, QLatin1Char('0'))
                        .arg(std::abs(offset) % 60, 2, 10, QLatin1Char('0')));
}

void ReportDialog::setLetterPaper(bool letter)
{
    m_paper->setCurrentIndex(letter ? 1 : 0);
}

bool ReportDialog::isLetterPaper() const
{
    return m_paper->currentIndex() == 1;
}

bool ReportDialog::isBuilding() const
{
    return m_run && m_run->isRunning();
}

QString ReportDialog::statusText() const
{
    return m_status->text();
}

QString ReportDialog::summaryText() const
{
    return m_summary->toPlainText();
}

void ReportDialog::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    QPalette pal = palette();
    if (error)
        pal.setColor(QPalette::WindowText, QColor(0xd3, 0x2f, 0x2f));
    m_status->setPalette(pal);
}

void ReportDialog::setBuilding(bool building)
{
    m_build->setEnabled(!building);
    m_cancel->setEnabled(building);
    m_servers->setEnabled(!building);
    m_range->setEnabled(!building);
    const bool custom = Range(m_range->currentData().toInt()) == Range::Custom;
    m_from->setEnabled(!building && custom);
    m_to->setEnabled(!building && custom);
    for (QPushButton* b : {m_saveCsv, m_savePdf, m_print})
        b->setEnabled(!building && m_report.has_value());
}

void ReportDialog::build()
{
    cancel();
    const QStringList servers = chosenServers();
    if (servers.isEmpty()) {
        setStatus(tr("Choose at least one server."), true);
        return;
    }
    const auto [fromMs, toMs] = rangeMs();
    if (toMs <= fromMs) {
        setStatus(tr("The range is empty: \"To\" must be after \"From\"."), true);
        return;
    }
    QString error;
    QList<ReadingSpec> specs;
    const qint64 readFrom = fromMs - ReportRun::kLookbackMs;
    // The chosen servers that are agents are read from the agents' own
    // records; the rest from the history file.
    QList<AgentReadings::Agent> agents;
    QStringList local = servers;
    if (!m_plan && m_agents)
        for (const RemoteServer& a : m_agents())
            if (servers.contains(a.name)) {
                agents.append({a, a.name, true}); // the server list's endpoint, its name
                local.removeAll(a.name);
            }
    if (m_plan) {
        specs = m_plan(servers, readFrom, toMs, &error);
    } else {
        if (!agents.isEmpty())
            specs << agentReadingsSpec(agents).within(readFrom, toMs);
        if (!local.isEmpty() && !m_historyFile.isEmpty()) {
            specs << ReadingSpec::history(m_historyFile).within(readFrom, toMs, local);
        } else if (!local.isEmpty()) {
            specs.clear();
            error = tr("No history to build a report from: this window keeps none (see the "
                       "--history option).");
        }
    }
    if (specs.isEmpty()) {
        setStatus(error, true);
        return;
    }
    ReportOptions options;
    options.fromMs = fromMs;
    options.toMs = toMs;
    options.policy = m_policy;
    options.generatedAtMs = QDateTime::currentMSecsSinceEpoch();
    options.timeZone = timeZoneId();
    m_report.reset();
    m_summary->clear();
    m_progress->setValue(0);
    m_run = std::make_unique<ReportRun>(specs, options);
    if (!agents.isEmpty()) {
        QList<AgentEndpoint> sources;
        for (const AgentReadings::Agent& a : agents)
            sources << a.source;
        m_run->setPolicyFetch([sources](QStringList* warnings, QString* error) {
            return agentsPolicy(sources, warnings, error);
        });
    }
    connect(m_run.get(), &ReportRun::progress, this, [this](int permille, qint64 readings) {
        m_progress->setValue(permille);
        // The count picks the plural form; %L1 shows it whole, past int too.
        setStatus(
            tr("Reading the record… %L1 readings", nullptr, pluralCount(readings)).arg(readings));
    });
    connect(m_run.get(), &ReportRun::finished, this, [this](const Report& report) {
        m_report = report;
        setBuilding(false);
        showReport();
        Q_EMIT built();
    });
    connect(m_run.get(), &ReportRun::failed, this, [this](const QString& error) {
        setBuilding(false);
        m_progress->setValue(0);
        setStatus(tr("The report could not be built: %1").arg(error), true);
        Q_EMIT buildFailed(error);
    });
    connect(m_run.get(), &ReportRun::cancelled, this, [this] {
        setBuilding(false);
        m_progress->setValue(0);
        setStatus(tr("Cancelled."));
        Q_EMIT buildCancelled();
    });
    setStatus(tr("Reading the record…"));
    setBuilding(true);
    m_run->start();
}

void ReportDialog::cancel()
{
    if (m_run)
        m_run->cancel();
}

void ReportDialog::showReport()
{
    const Report& r = *m_report;
    const QTimeZone zone(r.timeZone.toUtf8());
    auto when = [&](qint64 ms) {
        return dateTimeText(QDateTime::fromMSecsSinceEpoch(ms, zone));
    };
    const double rangeH = double(r.toMs - r.fromMs) / kHourMs;
    qint64 covered = 0;
    for (const ServerCoverage& c : r.coverage)
        covered += c.coveredMs;
    const double coverage = r.coverage.isEmpty()
                                ? 0
                                : double(covered) / (double(r.toMs - r.fromMs) * r.coverage.size());
    QString html;
    html +=
        QStringLiteral("<p><b>%1</b></p>")
            .arg(tr("%1 – %2 (%3), %4 h")
                     .arg(when(r.fromMs), when(r.toMs), r.timeZone.toHtmlEscaped(), hours(rangeH)));
    html += QStringLiteral("<p>%1</p>")
                .arg(tr("%n server(s) heard from for %1 % of the range; %2 GPU-hours watched; "
                        "%3 user(s).",
                        nullptr, int(r.servers.size()))
                         .arg(coveredPercent(coverage * 100),
                              r.fleetGpuHours ? hours(*r.fleetGpuHours) : tr("no"))
                         .arg(r.users.size()));
    if (r.servers.isEmpty())
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("No readings of the chosen servers in this range: nothing to "
                            "report, and nothing counted as zero use."));
    for (const ServerCoverage& c : r.coverage) {
        // The gaps the line counts, and their time: what the line says is
        // what its gaps add up to.
        qint64 silent = 0;
        for (const CoverageGap& g : c.gaps)
            silent += g.toMs - g.fromMs;
        if (!c.gaps.isEmpty())
            html +=
                QStringLiteral("<p>%1</p>")
                    .arg(tr("%1: not heard from for %2 (%n gap(s)).", nullptr, int(c.gaps.size()))
                             .arg(c.server.toHtmlEscaped(), silenceText(silent)));
    }
    if (!r.users.isEmpty()) {
        // The heaviest users first; the PDF and the CSV have them all.
        QList<UserReport> users = r.users;
        std::stable_sort(users.begin(), users.end(), [](const UserReport& a, const UserReport& b) {
            return a.gpuHours > b.gpuHours;
        });
        constexpr int kShown = 10;
        auto cell = [](const std::optional<double>& v, const QString& suffix = {}) {
            return v ? QLocale().toString(*v, 'f', 1) + suffix : QStringLiteral("—");
        };
        html += QStringLiteral("<p><b>%1</b></p>").arg(tr("Users"));
        html += QStringLiteral("<table cellspacing=0 cellpadding=3><tr><th align=left>%1</th>"
                               "<th align=right>%2</th><th align=right>%3</th>"
                               "<th align=right>%4</th><th align=right>%5</th></tr>")
                    .arg(tr("User"), tr("GPU-hours"), tr("Share"), tr("Quota"), tr("Balance"));
        for (qsizetype i = 0; i < std::min<qsizetype>(kShown, users.size()); ++i) {
            const UserReport& u = users.at(i);
            const bool over = u.sharePercent && u.quotaPercent && *u.sharePercent > *u.quotaPercent;
            html += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3%4%5"
                                   "</td><td align=right>%6</td><td align=right>%7</td></tr>")
                        .arg(u.user.toHtmlEscaped(), hours(u.gpuHours),
                             over ? QStringLiteral("<b>") : QString(),
                             cell(u.sharePercent, QStringLiteral(" %")),
                             over ? QStringLiteral("</b>") : QString(),
                             cell(u.quotaPercent, QStringLiteral(" %")), cell(u.balance));
        }
        html += QStringLiteral("</table>");
        if (users.size() > kShown)
            html += QStringLiteral("<p>%1</p>")
                        .arg(tr("… and %n more user(s).", nullptr, int(users.size() - kShown)));
    }
    if (!r.findings.isEmpty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Findings"));
        for (const Finding& f : r.findings)
            html += QStringLiteral("<li>%1<br><i>%2</i></li>")
                        .arg(f.text.toHtmlEscaped(), f.recommendation.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    if (!r.patterns.isEmpty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(tr("Time patterns"));
        for (const TimePattern& p : r.patterns)
            html += QStringLiteral("<li>%1</li>").arg(p.text.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    if (!r.warnings.isEmpty())
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("%n warning(s); they are listed in the CSV and the PDF.", nullptr,
                            int(r.warnings.size())));
    m_summary->setHtml(html);
    setStatus(tr("Built from %L1 readings.", nullptr, pluralCount(m_run->readingCount()))
                  .arg(m_run->readingCount()));
}

ReportPageOptions ReportDialog::pageOptions() const
{
    ReportPageOptions o;
    o.pageSize = QPageSize(isLetterPaper() ? QPageSize::Letter : QPageSize::A4);
    return o;
}

bool ReportDialog::saveCsv(const QString& path, QString* error) const
{
    if (!m_report) {
        *error = tr("Build the report first.");
        return false;
    }
    return writeFileWhole(path, reportCsv(*m_report), error);
}

bool ReportDialog::savePdf(const QString& path, QString* error) const
{
    if (!m_report) {
        *error = tr("Build the report first.");
        return false;
    }
    return writeReportPdf(*m_report, pageOptions(), path, error);
}

void ReportDialog::printPreview()
{
    if (!m_report)
        return;
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageSize(pageOptions().pageSize);
    QPrintPreviewDialog preview(&printer, this);
    preview.setWindowTitle(tr("Print preview: report"));
    connect(&preview, &QPrintPreviewDialog::paintRequested, this,
            [this](QPrinter* p) { printReport(*m_report, pageOptions(), p); });
    preview.exec();
}

namespace {

QString suggestedName(const Report& r, const QString& suffix)
{
    const QDateTime to = QDateTime::fromMSecsSinceEpoch(r.toMs, QTimeZone(r.timeZone.toUtf8()));
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return dir + QStringLiteral("/gpuwarden-report-%1.%2")
                     .arg(to.toString(QStringLiteral("yyyy-MM-dd-HHmm")), suffix);
}

} // namespace

void ReportDialog::chooseAndSaveCsv()
{
    chooseAndSave(tr("Save report as CSV"), QStringLiteral("csv"), tr("CSV files (*.csv)"),
                  &ReportDialog::saveCsv);
}

void ReportDialog::chooseAndSavePdf()
{
    chooseAndSave(tr("Save report as PDF"), QStringLiteral("pdf"), tr("PDF files (*.pdf)"),
                  &ReportDialog::savePdf);
}

void ReportDialog::chooseAndSave(const QString& title, const QString& suffix, const QString& filter,
                                 bool (ReportDialog::*save)(const QString&, QString*) const)
{
    const QString path =
        QFileDialog::getSaveFileName(this, title, suggestedName(*m_report, suffix), filter);
    if (path.isEmpty())
        return;
    QString error;
    if ((this->*save)(path, &error))
        setStatus(tr("Saved %1.").arg(path));
    else
        setStatus(error, true);
}

} // namespace gw
