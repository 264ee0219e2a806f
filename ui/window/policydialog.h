#pragma once

// Tools → Policy…: edits the policy in force where it applies: the demo's
// own (in memory: Apply puts it in force in the running demo and writes no
// file), this computer's policy.toml (the local policies take it on Save),
// or an agent's (PUT /v1/policy with the agent's token, which needs admin
// scope). The window title says which policy it is and where it lives.
// Two views of the same text: a form for the common keys (it writes each key
// it changes into the text, leaving the rest as written) and the text
// itself, checked as it is typed with the parser the agent uses; mistakes
// are listed as "line:column: reason" under it, a click goes there, and Save
// waits until there are none. "Replay last 24 h" lists what the edited
// policy would have found in the readings the Events page's events came
// from (the demo: its own readings, remade; this computer: the desktop's
// local journal; an agent: POST /v1/replay), beside the current policy's
// counts.

#include "policy/policyconfig.h"
#include "policy/policyevent.h"
#include "remote/agentlink.h"
#include "window/policyreplay.h"

#include <QDialog>
#include <QHash>
#include <QPointer>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;
class QTimer;
class QTreeWidget;

namespace gw {

struct PolicyKey;
struct PolicySection;
class PolicyClient;

struct PolicyTarget
{
    // Set: an agent (its policy over HTTP); absent: this computer, or the
    // demo when `demo` is set.
    std::optional<RemoteServer> agent;
    QString localPath;   // this computer's policy.toml
    QString journalPath; // this computer's readings, for the replay
    bool demo = false;
    // This computer: false when no policies of this computer run in this
    // window (--no-local, or its file was refused at start), so Save only
    // writes the file.
    bool localPoliciesRun = true;
    QString demoText;        // the demo: the policy in force, as text
    ReplayReadings readings; // the demo: its readings, for the replay

    // This computer's file (neither the demo nor an agent).
    bool isLocal() const { return !agent.has_value() && !demo; }
    bool isDemo() const { return demo; }
    QString displayName() const;
    // The window's title: which policy and where it lives ("Policy — demo
    // (in memory)", "Policy — this computer (~/.config/gpuwarden/
    // policy.toml)", "Policy — agent lab-two (http://lab-two:9807)").
    QString title() const;

    // This computer, its policy at `localPath` (gw::localPolicyPath() of the
    // desktop's settings, the file its policies read).
    static PolicyTarget local(const QString& localPath);
    static PolicyTarget remote(const RemoteServer& agent);
    // The running demo: the policy it applies, and its readings.
    static PolicyTarget demoPolicy(const QString& text, ReplayReadings readings);
};

class PolicyDialog final : public QDialog
{
    Q_OBJECT
public:
    static constexpr int kValidateDelayMs = 300;
    static constexpr qint64 kReplaySpanMs = 24 * 3'600'000;
    enum Tab
    {
        FormTab,
        TextTab,
        ReplayTab
    };

    explicit PolicyDialog(PolicyTarget target, QWidget* parent = nullptr);
    ~PolicyDialog() override;

    const PolicyTarget& target() const { return m_target; }
    QString text() const;
    void setText(const QString& text);
    // The text as last loaded or saved (what is in force).
    QString savedText() const { return m_savedText; }
    // Checks the text now instead of after the typing pause.
    void validateNow();
    bool hasErrors() const { return m_errorCount > 0; }
    bool isLoaded() const { return m_loaded; }
    // The policy as the text says, when valid.
    std::optional<PolicyConfig> policy() const { return m_policy; }

    // Local: writes the file (the old one kept as <file>.previous); the
    // demo: nothing written, saved() hands the text on; agent: PUT
    // /v1/policy. Emits saved() or shows why not.
    void save();
    // The replay of the edited policy; range default: the 24 h up to now.
    void startReplay();
    void cancelReplay();
    bool replayRunning() const;
    void setReplayRange(qint64 fromMs, qint64 toMs);
    QList<PolicyEvent> replayEvents() const { return m_replayEvents; }

    // For tests and screenshots.
    QTabWidget* tabs() const { return m_tabs; }
    QPlainTextEdit* textEdit() const { return m_text; }
    QListWidget* problemList() const { return m_problems; }
    QLabel* validityLabel() const { return m_validity; }
    QLabel* statusLabel() const { return m_status; }
    QPushButton* saveButton() const { return m_save; }
    QPushButton* replayButton() const { return m_replay; }
    QPushButton* cancelReplayButton() const { return m_cancelReplay; }
    QLabel* replayStatus() const { return m_replayStatus; }
    QLabel* replayCounts() const { return m_replayCounts; }
    QTreeWidget* replayTable() const { return m_replayTable; }
    QTableWidget* usersTable() const { return m_users; }
    // [accounts.NAME]: account, members ("alice, @lab"), GPUs at most, per
    // member, share; each row one table of the text.
    QTableWidget* accountsTable() const { return m_accounts; }
    // The form's editor of "section/key" ("hog/threshold_percent").
    QWidget* formField(const QString& sectionAndKey) const { return m_fields.value(sectionAndKey); }
    // Moves the text cursor to a problem's line and column (its click).
    void goToProblem(QListWidgetItem* item);

Q_SIGNALS:
    // The text was checked (after the pause, or validateNow()).
    void validated();
    // The policy was written (local: the file path), the demo is to take
    // it (the text), or the agent took it (its name).
    void saved(const QString& where);
    // The agent's policy arrived (or could not).
    void loaded();
    void replayFinished();

private:
    void buildForm(QWidget* page);
    QWidget* buildField(const PolicySection& section, const PolicyKey& key);
    void buildReplay(QWidget* page);
    void load();
    void onTextChanged();
    void writeKey(const QString& section, const QString& key, const QString& value);
    void writeUsers();
    void writeAccounts();
    void loadForm(const PolicyConfig& policy);
    void showProblems(const QStringList& errors, const QStringList& warnings,
                      const QStringList& notes = {});
    void updateButtons();
    void saveLocal();
    void saveDemo();
    void saveRemote();
    void showReplay(const QList<PolicyEvent>& edited,
                    const std::optional<QList<PolicyEvent>>& current, quint64 readings,
                    const QStringList& problems, const QString& error, bool cancelled);
    void setStatus(const QString& text);
    void setHeading(const QString& explanation);

    PolicyTarget m_target;
    PolicyClient* m_client = nullptr;
    ReplayRunner* m_runner = nullptr;
    bool m_loaded = false;
    bool m_saving = false;
    bool m_agentReplay = false;
    QString m_savedText;
    std::optional<PolicyConfig> m_policy;
    int m_errorCount = 0;
    bool m_formWriting = false; // the text changes because the form wrote it
    bool m_textEdited = false;  // the admin typed: the form follows the text
    bool m_loadingForm = false;
    std::optional<std::pair<qint64, qint64>> m_replayRange;
    QList<PolicyEvent> m_replayEvents;

    QLabel* m_title = nullptr; // the title, and what editing this policy does
    QTabWidget* m_tabs = nullptr;
    QPlainTextEdit* m_text = nullptr;
    QTimer* m_validateTimer = nullptr;
    QLabel* m_validity = nullptr;
    QListWidget* m_problems = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_replay = nullptr;
    QPushButton* m_cancelReplay = nullptr;
    QLabel* m_replayStatus = nullptr;
    QLabel* m_replayCounts = nullptr;
    QTreeWidget* m_replayTable = nullptr;
    QTableWidget* m_users = nullptr;
    QTableWidget* m_accounts = nullptr;
    QStringList
        m_accountsWritten; // the account tables the text had when the form last wrote or read
    QHash<QString, QWidget*> m_fields;
    QList<std::pair<const PolicySection*, const PolicyKey*>> m_formKeys; // in form order
};

} // namespace gw
