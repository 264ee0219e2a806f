#pragma once

// Tools → Find GPUs…: where a job of N GPUs should run now. Runs the agent's
// selection (rankUnits, with the weights of the policy in force) over the
// newest reading of every watched server, live as readings arrive: the
// servers ranked (enough idle GPUs first, then by idle count; stale servers
// last, never chosen), and for the server picked in that table its units with
// their scores and the refused ones with their reasons. "Copy" puts
// CUDA_VISIBLE_DEVICES of the best choice on the clipboard with the
// `gpuwarden-cli select` line that reserves the same. Nothing is reserved
// from here: the desktop shows, the job asks.

#include "coord/gpuselection.h"
#include "models/fleetchoice.h"
#include "remote/agentlink.h"

#include <QDialog>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;

namespace gw {

class LiveState;
class ServerChoiceModel;
class UnitChoiceModel;

class FindGpusDialog final : public QDialog
{
    Q_OBJECT
public:
    // Readings are taken in at most this often (a fleet polled every second
    // would otherwise re-rank on every reply).
    static constexpr int kRecomputeDelayMs = 250;

    explicit FindGpusDialog(const LiveState* fleet, QWidget* parent = nullptr);
    ~FindGpusDialog() override;

    // The weights of the policy in force (defaults: 0.6 free memory, 0.4 idle).
    void setWeights(const SelectionWeights& weights);
    // The reservations held on a server (its agent's /v1/allocate), times on
    // this workstation's clock; their units are refused as the agent would.
    void setReservations(std::function<QList<Reservation>(const QString& server)> reservations);
    // The agents, for the --source of the command line.
    void setAgents(std::function<QList<RemoteServer>()> agents);
    // The clock (ms since the epoch) for reservations' expiry; tests step it.
    void setClock(std::function<qint64()> nowMs);

    // Inputs, for tests and for a caller that opens the dialog pre-filled.
    void setGpus(int gpus);
    void setParallelism(const QString& text);
    void setMinFree(const QString& text);
    void setMaxUtilization(std::optional<int> percent);
    void setMig(SelectionRequest::Mig mig);

    // Ranks again now (what a new reading does after kRecomputeDelayMs).
    void recompute();

    const FleetChoice& choice() const { return m_choice; }
    // What "Copy" puts on the clipboard (empty when nothing fits).
    QString copyText() const;
    // The line above the tables: the best choice, or why there is none.
    QString message() const;
    // The line under the inputs: the GPU count from the parallelism, or what
    // is wrong with an input (empty when there is nothing to say).
    QString inputProblem() const;
    ServerChoiceModel* serverModel() const { return m_serverModel; }
    UnitChoiceModel* unitModel() const { return m_unitModel; }
    QTableView* serverTable() const { return m_serverTable; }
    QTableView* unitTable() const { return m_unitTable; }
    QPushButton* copyButton() const { return m_copy; }
    // Shows the units of `server` (as a click in the servers table does).
    void showServer(const QString& server);

Q_SIGNALS:
    // After each ranking.
    void recomputed();

private:
    void buildUi();
    void schedule(int delayMs);
    std::optional<SelectionRequest> readRequest(QString* note);
    void showUnitsOf(const QString& server);
    void copyToClipboard();

    const LiveState* m_fleet;
    SelectionWeights m_weights;
    std::function<QList<Reservation>(const QString&)> m_reservations;
    std::function<QList<RemoteServer>()> m_agents;
    std::function<qint64()> m_now;
    FleetChoice m_choice;
    QString m_pickedServer; // chosen in the table; empty: follow the best

    QSpinBox* m_gpus = nullptr;
    QLineEdit* m_parallel = nullptr;
    QLineEdit* m_minFree = nullptr;
    QCheckBox* m_limitUtil = nullptr;
    QSpinBox* m_maxUtil = nullptr;
    QComboBox* m_mig = nullptr;
    QLabel* m_inputLine = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_unitsTitle = nullptr;
    ServerChoiceModel* m_serverModel = nullptr;
    UnitChoiceModel* m_unitModel = nullptr;
    QTableView* m_serverTable = nullptr;
    QTableView* m_unitTable = nullptr;
    QPushButton* m_copy = nullptr;
    QTimer* m_timer = nullptr;
    QString m_inputProblem;
    bool m_inputError = false;
};

} // namespace gw
