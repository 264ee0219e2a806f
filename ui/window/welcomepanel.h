#pragma once

// What the overview shows while there is nothing to watch: no GPU on this
// machine (or it is not sampled) and no server added. It says what GPU
// Warden does and offers the three ways on: add an agent (with the commands
// that install one and make its token), open the demo (a window of its own),
// or read the guide. The overview swaps it for the tiles as soon as a GPU
// reports or a server is added (OverviewPage::nothingToWatch).

#include <QWidget>

#include <functional>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace gw {

class WelcomePanel final : public QWidget
{
    Q_OBJECT
public:
    explicit WelcomePanel(QWidget* parent = nullptr);

    // Starts a program detached; true when it started. The demo's and
    // the guide's way out (tests record the call instead).
    using Launcher = std::function<bool(const QString& program, const QStringList& arguments)>;
    void setLauncher(Launcher launcher) { m_launch = std::move(launcher); }
    // Opens a file with the desktop's viewer; true when one took it.
    using Opener = std::function<bool(const QString& path)>;
    void setOpener(Opener opener) { m_open = std::move(opener); }

    // Off where no server list is kept (File → Servers… off too).
    void setAddAgentEnabled(bool enabled);

    // The commands that install an agent on a server and make this
    // desktop's token, as shown (and copied).
    static QString agentCommands();
    // The guide's front page: the installed one, else the sources' (a
    // build run from its folder); empty when neither is there.
    static QString guidePath();

    QPushButton* addAgentButton() const { return m_addAgent; }
    QPushButton* demoButton() const { return m_demo; }
    QPushButton* guideButton() const { return m_guide; }
    QPushButton* copyButton() const { return m_copy; }
    QPlainTextEdit* commands() const { return m_commands; }
    // A line under the buttons when the demo or the guide could not open.
    QLabel* problem() const { return m_problem; }

Q_SIGNALS:
    void addAgentRequested();

private:
    void openDemo();
    void openGuide();
    void copyCommands();

    QPushButton* m_addAgent;
    QPushButton* m_demo;
    QPushButton* m_guide;
    QPushButton* m_copy;
    QPlainTextEdit* m_commands;
    QLabel* m_problem;
    Launcher m_launch;
    Opener m_open;
};

} // namespace gw
