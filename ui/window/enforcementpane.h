#pragma once

// Enforcement by balance on one agent (issue 13), for the Tokens page: the
// mode and the demand at the top, the candidates with their evidence, a
// Confirm and a Decline (with a reason) for the selected candidate's due
// step, the outcome and its audit entry, and the agent's audit log below.
// It polls GET /v1/enforcement and GET /v1/audit; data older than a poll
// says its age, and an agent that stops answering is shown as such (its
// last figures kept, marked, the buttons off). A read-only token (403 on a
// decision, or said by setAdminAllowed) turns the buttons off and says why.

#include "remote/agentlink.h"
#include "remote/enforcementclient.h"

#include <QWidget>

#include <chrono>
#include <functional>
#include <optional>

class QLabel;
class QPushButton;
class QTableView;
class QTimer;

namespace gw {

class AuditModel;
class EnforcementModel;

class EnforcementPane final : public QWidget
{
    Q_OBJECT
public:
    static constexpr std::chrono::milliseconds kPollInterval{10'000};

    explicit EnforcementPane(QWidget* parent = nullptr);
    ~EnforcementPane() override;

    // Starts polling `server` (at once, then every poll interval).
    void setServer(const RemoteServer& server);
    void setPollInterval(std::chrono::milliseconds interval);
    // What the caller knows of the token; a 403 on a decision says it too.
    void setAdminAllowed(bool allowed, const QString& why = {});
    // For tests: the clock ages are measured by (ms since the epoch).
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }

    void refresh();
    // The decision on candidate `id`'s due step, as the buttons send it.
    void confirm(const QString& id);
    void decline(const QString& id, const QString& reason);

    EnforcementModel* candidates() const { return m_model; }
    AuditModel* audit() const { return m_audit; }
    QTableView* candidateView() const { return m_view; }
    QTableView* auditView() const { return m_auditView; }
    QLabel* modeLabel() const { return m_mode; }
    QLabel* freshnessLabel() const { return m_freshness; }
    QLabel* buttonsWhy() const { return m_why; }
    QLabel* outcomeLabel() const { return m_outcome; }
    QPushButton* confirmButton() const { return m_confirm; }
    QPushButton* declineButton() const { return m_decline; }
    bool live() const { return m_live; }

Q_SIGNALS:
    void refreshed();      // a poll answered (or failed)
    void decided(bool ok); // a decision's reply arrived

protected:
    void changeEvent(QEvent* event) override;

private:
    void polled(const EnforcementReply& reply);
    void auditPolled(const EnforcementReply& reply);
    void decisionReplied(const EnforcementReply& reply, const RemoteCandidate& candidate);
    void askDeclineReason();
    void selectedChanged();
    void showHeader();
    void showFreshness();
    void setOutcome(const QString& text, bool error);
    std::optional<RemoteCandidate> selected() const;
    qint64 now() const;

    EnforcementClient* m_client = nullptr;
    RemoteServer m_server;
    std::function<qint64()> m_clock;
    std::chrono::milliseconds m_interval = kPollInterval;
    std::optional<RemoteEnforcement> m_state;
    qint64 m_readMs = 0; // when m_state was read (this machine's clock)
    QString m_pollError; // the last poll's failure; empty: it answered
    qint64 m_failingSinceMs = 0;
    bool m_pollAnswered = false; // the failure is a reply that does not read
    bool m_live = false;
    bool m_adminAllowed = true;
    QString m_adminWhy;
    bool m_deciding = false;
    bool m_auditBusy = false;
    bool m_outcomeIsError = false;

    EnforcementModel* m_model;
    AuditModel* m_audit;
    QLabel* m_mode;
    QLabel* m_demand;
    QLabel* m_balances;
    QLabel* m_freshness;
    QTableView* m_view;
    QPushButton* m_confirm;
    QPushButton* m_decline;
    QLabel* m_why;
    QLabel* m_outcome;
    QTableView* m_auditView;
    QTimer* m_poll;
    QTimer* m_tick; // the ages move on between polls
};

} // namespace gw
