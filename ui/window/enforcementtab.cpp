#include "window/enforcementtab.h"

#include "window/enforcementpane.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace gw {

EnforcementTab::EnforcementTab(QWidget* parent)
    : QWidget(parent)
    , m_choice(new QComboBox)
    , m_none(new QLabel)
    , m_pane(new EnforcementPane)
{
    m_none->setWordWrap(true);
    m_none->setText(tr("Enforcement runs on each server's agent, which acts on its own processes. "
                       "Add the agents of your servers (File → Servers…) to see their "
                       "candidates, confirm or decline their steps and read their audit log."));
    m_choice->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* row = new QHBoxLayout;
    auto* label = new QLabel(tr("&Server:"));
    label->setBuddy(m_choice);
    row->addWidget(label);
    row->addWidget(m_choice);
    row->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_none);
    layout->addWidget(m_pane, 1);
    connect(m_choice, &QComboBox::currentIndexChanged, this, &EnforcementTab::show);
    refreshAgents();
}

void EnforcementTab::setAgents(std::function<QList<RemoteServer>()> agents)
{
    m_agents = std::move(agents);
    refreshAgents();
}

void EnforcementTab::refreshAgents(const QString& preferred)
{
    const QList<RemoteServer> agents = m_agents ? m_agents() : QList<RemoteServer>();
    const QString current = m_choice->currentText();
    if (agents == m_shown && !agents.isEmpty()) {
        if (!preferred.isEmpty() && current.isEmpty())
            m_choice->setCurrentText(preferred);
        return;
    }
    m_shown = agents;
    const QSignalBlocker quiet(m_choice);
    m_choice->clear();
    for (const RemoteServer& a : agents)
        m_choice->addItem(a.name);
    int pick = m_choice->findText(current);
    if (pick < 0)
        pick = m_choice->findText(preferred);
    if (pick < 0 && !agents.isEmpty())
        pick = 0;
    m_choice->setCurrentIndex(pick);
    m_none->setVisible(agents.isEmpty());
    m_choice->setEnabled(!agents.isEmpty());
    m_pane->setVisible(!agents.isEmpty());
    show(pick);
}

void EnforcementTab::show(int index)
{
    if (index >= 0 && index < m_shown.size())
        m_pane->setServer(m_shown.at(index));
}

} // namespace gw
