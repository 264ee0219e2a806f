#pragma once

// The Tokens page's Enforcement tab: which agent's enforcement is shown (a
// choice of the watched agents; each server enforces on its own processes)
// and its EnforcementPane. Without agents it says where enforcement runs.

#include "remote/agentlink.h"

#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;

namespace gw {

class EnforcementPane;

class EnforcementTab final : public QWidget
{
    Q_OBJECT
public:
    explicit EnforcementTab(QWidget* parent = nullptr);

    // The agents the desktop watches (with their tokens); asked again by
    // refreshAgents() (the page shown, the server list changed).
    void setAgents(std::function<QList<RemoteServer>()> agents);
    // Refills the choice, keeping the agent shown when it is still there,
    // else `preferred` (the selected server) when it is an agent.
    void refreshAgents(const QString& preferred = {});

    EnforcementPane* pane() const { return m_pane; }
    QComboBox* agentChoice() const { return m_choice; }
    QLabel* noAgentsLabel() const { return m_none; }

private:
    void show(int index);

    std::function<QList<RemoteServer>()> m_agents;
    QList<RemoteServer> m_shown;
    QComboBox* m_choice;
    QLabel* m_none;
    EnforcementPane* m_pane;
};

} // namespace gw
