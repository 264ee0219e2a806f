#pragma once

// File → Report… : a report over a range for some or all servers, built off
// the GUI thread from the record (docs/reports.md, "The report dialog"):
// the desktop's history file, which the agents' backfill keeps complete, or
// each agent's own readings where the window gives a way to them. Shows the
// progress and can be cancelled; once built, a summary with the findings,
// and Save CSV…, Save PDF… and Print preview… (A4 or Letter).

#include "policy/policyconfig.h"
#include "report/report.h"
#include "window/reportrun.h"

#include <QDialog>
#include <QPointer>

#include <functional>
#include <optional>

class QComboBox;
class QDateTimeEdit;
class QDialogButtonBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTextBrowser;

namespace gw {

struct RemoteServer;
struct ReportPageOptions;

class ReportDialog final : public QDialog
{
    Q_OBJECT
public:
    enum class Range
    {
        Last24Hours,
        Last7Days,
        Last30Days,
        Custom
    };

    explicit ReportDialog(QWidget* parent = nullptr);
    ~ReportDialog() override;

    // The servers to choose from (all chosen at first).
    void setServers(const QStringList& servers);
    QStringList chosenServers() const;
    void setServerChosen(const QString& server, bool chosen);

    // Where readings come from: for the chosen servers in [fromMs, toMs),
    // the specs of the one stream read on the worker thread, or an error in
    // words. Default: the history file given by setHistoryFile.
    using SourcePlan = std::function<QList<ReadingSpec>(const QStringList& servers, qint64 fromMs,
                                                        qint64 toMs, QString* error)>;
    void setSourcePlan(SourcePlan plan);
    void setHistoryFile(const QString& path);
    // The agents the window watches: their servers are read from the agents'
    // own records (GET /v1/readings, on this machine's clock, under the
    // names the window gives them) under the first one's effective policy;
    // the other servers from the history file.
    void setAgents(std::function<QList<RemoteServer>()> agents);

    // Quotas, thresholds, prices and the time zone; absent: the defaults.
    void setPolicy(std::optional<PolicyConfig> policy);
    const std::optional<PolicyConfig>& policy() const { return m_policy; }

    void setRange(Range range);
    void setCustomRange(qint64 fromMs, qint64 toMs);
    // The range the next build covers, ending now for the presets.
    std::pair<qint64, qint64> rangeMs() const;
    QString timeZoneId() const;

    void setLetterPaper(bool letter);
    bool isLetterPaper() const;

    // Starts building (cancelling one under way).
    void build();
    void cancel();
    bool isBuilding() const;
    const std::optional<Report>& report() const { return m_report; }
    QString statusText() const;
    QString summaryText() const;

    // The built report's outputs; false with *error when nothing was built
    // or the file cannot be written.
    bool saveCsv(const QString& path, QString* error) const;
    bool savePdf(const QString& path, QString* error) const;
    // Opens the print preview (modal).
    void printPreview();

    QPushButton* buildButton() const { return m_build; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }

Q_SIGNALS:
    void built();
    void buildFailed(const QString& error);
    void buildCancelled();

private:
    void updateRangeEditors();
    void setBuilding(bool building);
    void showReport();
    void setStatus(const QString& text, bool error = false);
    ReportPageOptions pageOptions() const;
    void chooseAndSaveCsv();
    void chooseAndSavePdf();
    void chooseAndSave(const QString& title, const QString& suffix, const QString& filter,
                       bool (ReportDialog::*save)(const QString&, QString*) const);

    QListWidget* m_servers = nullptr;
    QComboBox* m_range = nullptr;
    QDateTimeEdit* m_from = nullptr;
    QDateTimeEdit* m_to = nullptr;
    QLabel* m_zone = nullptr;
    QComboBox* m_paper = nullptr;
    QPushButton* m_build = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QTextBrowser* m_summary = nullptr;
    QPushButton* m_saveCsv = nullptr;
    QPushButton* m_savePdf = nullptr;
    QPushButton* m_print = nullptr;

    SourcePlan m_plan;
    QString m_historyFile;
    std::function<QList<RemoteServer>()> m_agents;
    std::optional<PolicyConfig> m_policy;
    std::unique_ptr<ReportRun> m_run;
    std::optional<Report> m_report;
};

} // namespace gw
