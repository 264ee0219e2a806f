#include "window/welcomepanel.h"

#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QScrollArea>
#include <QTextDocument>
#include <QUrl>
#include <QVBoxLayout>

namespace gw {

namespace {

QLabel* paragraph(const QString& text)
{
    auto* label = new QLabel(text);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QLabel* heading(const QString& text, qreal scale)
{
    auto* label = new QLabel(text);
    label->setWordWrap(true);
    QFont f = label->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * scale);
    label->setFont(f);
    return label;
}

} // namespace

WelcomePanel::WelcomePanel(QWidget* parent)
    : QWidget(parent)
    , m_addAgent(new QPushButton(tr("&Add an agent…")))
    , m_demo(new QPushButton(tr("Open the &demo")))
    , m_guide(new QPushButton(tr("Read the &guide")))
    , m_copy(new QPushButton(tr("&Copy the commands")))
    , m_commands(new QPlainTextEdit)
    , m_problem(new QLabel)
    , m_launch([](const QString& program, const QStringList& arguments) {
        return QProcess::startDetached(program, arguments);
    })
    , m_open(
          [](const QString& path) { return QDesktopServices::openUrl(QUrl::fromLocalFile(path)); })
{
    setObjectName(QStringLiteral("welcome"));
    m_commands->setReadOnly(true);
    m_commands->setPlainText(agentCommands());
    m_commands->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_commands->setLineWrapMode(QPlainTextEdit::NoWrap);
    // Sized to its lines (below): nothing to scroll to.
    m_commands->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_commands->setAccessibleName(tr("Commands that install an agent"));
    // Its lines whole, no more: the page fits 1024 × 700 at 144 dpi.
    const QFontMetrics fm(m_commands->font());
    const int lines = int(agentCommands().count(QLatin1Char('\n'))) + 1;
    const QMargins margins = m_commands->contentsMargins();
    m_commands->setFixedHeight(fm.lineSpacing() * lines + fm.lineSpacing() / 2 +
                               int(2 * m_commands->document()->documentMargin()) + margins.top() +
                               margins.bottom());
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->hide();

    m_addAgent->setDefault(true);
    m_addAgent->setAccessibleDescription(tr("Opens File → Servers… to add an agent's address"));

    auto* content = new QWidget;
    content->setMaximumWidth(fm.horizontalAdvance(QLatin1Char('x')) * 100);
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(16);
    grid->setVerticalSpacing(10);
    grid->setColumnStretch(1, 1);
    // One row per way on: its button, then what it does.
    auto* agentText = new QVBoxLayout;
    agentText->setSpacing(6);
    agentText->addWidget(paragraph(
        tr("Watch a GPU server: install the agent on it, make a token for this desktop, then "
           "add the server's address and the token here:")));
    agentText->addWidget(m_commands);
    auto* copyRow = new QHBoxLayout;
    copyRow->addWidget(m_copy);
    copyRow->addStretch(1);
    agentText->addLayout(copyRow);
    agentText->addWidget(paragraph(
        tr("The agent answers on the server's loopback only. Reach it through SSH (ssh -L "
           "9807:localhost:9807 SERVER, then add http://localhost:9807), or give it TLS and "
           "let it listen on the network (the guide's “Security”).")));
    grid->addWidget(m_addAgent, 0, 0, Qt::AlignTop);
    grid->addLayout(agentText, 0, 1);
    grid->addWidget(m_demo, 1, 0, Qt::AlignTop);
    grid->addWidget(paragraph(tr("A simulated lab of three servers, with hogs, idle jobs, "
                                 "events and token books, in a window of its own. Nothing of "
                                 "it is kept.")),
                    1, 1);
    grid->addWidget(m_guide, 2, 0, Qt::AlignTop);
    grid->addWidget(paragraph(tr("Installing, watching servers, history, policies, jobs, token "
                                 "books, reports and security, step by step.")),
                    2, 1);

    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(24, 20, 24, 20);
    column->setSpacing(12);
    column->addWidget(heading(tr("Nothing to watch yet"), 1.5));
    column->addWidget(paragraph(
        tr("GPU Warden shows every GPU of your shared servers: utilisation, memory, "
           "temperature and power, who runs which process on it, and the history of all of "
           "it. Its policies find GPU hogs, idle jobs holding GPUs and fair-share breaches; "
           "it keeps per-user token books and writes daily reports.")));
    column->addWidget(paragraph(tr("This machine has no GPU that GPU Warden can read, and no "
                                   "server is watched yet.")));
    column->addLayout(grid);
    column->addWidget(m_problem);
    column->addStretch(1);

    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* centre = new QWidget;
    auto* row = new QHBoxLayout(centre);
    row->setContentsMargins(0, 0, 0, 0);
    row->addStretch(1);
    row->addWidget(content, 100);
    row->addStretch(1);
    scroll->setWidget(centre);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    connect(m_addAgent, &QPushButton::clicked, this, &WelcomePanel::addAgentRequested);
    connect(m_demo, &QPushButton::clicked, this, &WelcomePanel::openDemo);
    connect(m_guide, &QPushButton::clicked, this, &WelcomePanel::openGuide);
    connect(m_copy, &QPushButton::clicked, this, &WelcomePanel::copyCommands);
    setFocusProxy(m_addAgent);
}

void WelcomePanel::setAddAgentEnabled(bool enabled)
{
    m_addAgent->setEnabled(enabled);
    m_addAgent->setToolTip(enabled ? QString()
                                   : tr("This run keeps no server list (File → Servers… is off)"));
}

QString WelcomePanel::agentCommands()
{
    // The package's file name as `make package` names it; on a server
    // without it, the guide's "Install" says where it comes from.
    return QStringLiteral("sudo apt install ./gpuwarden-agent_%1_amd64.deb\n"
                          "sudo gpuwarden-agent token new --name %2 --scope read\n"
                          "sudo systemctl reload gpuwarden-agent")
        .arg(QStringLiteral(GW_VERSION), tr("my-desktop"));
}

QString WelcomePanel::guidePath()
{
    // Installed beside the program under any prefix (bin/../share/doc),
    // else the sources' of a build run where it was built.
    const QStringList dirs = {QCoreApplication::applicationDirPath() +
                                  QStringLiteral("/../share/doc/gpuwarden/guide"),
                              QStringLiteral(GW_GUIDE_SOURCE)};
    for (const QString& dir : dirs) {
        const QString page = QDir(dir).filePath(QStringLiteral("README.md"));
        if (QFileInfo::exists(page))
            return QDir::cleanPath(page);
    }
    return {};
}

void WelcomePanel::openDemo()
{
    m_problem->hide();
    if (!m_launch(QCoreApplication::applicationFilePath(), {QStringLiteral("--demo")})) {
        m_problem->setText(tr("The demo could not be started (%1 --demo).")
                               .arg(QCoreApplication::applicationFilePath()));
        m_problem->show();
    }
}

void WelcomePanel::openGuide()
{
    m_problem->hide();
    const QString page = guidePath();
    if (page.isEmpty()) {
        m_problem->setText(tr("The guide is not installed here: it is docs/guide in GPU "
                              "Warden's sources, and /usr/share/doc/gpuwarden/guide with the "
                              "package."));
        m_problem->show();
    } else if (!m_open(page)) {
        m_problem->setText(tr("No program here opens the guide; it is at %1.")
                               .arg(QDir::toNativeSeparators(page)));
        m_problem->show();
    }
}

void WelcomePanel::copyCommands()
{
    QApplication::clipboard()->setText(agentCommands());
}

} // namespace gw
