#include "window/findgpusdialog.h"

#include "common/palette.h"
#include "coord/parallelism.h"
#include "engine/livestate.h"
#include "models/findgpusmodels.h"
#include "models/roles.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace gw {

namespace {

constexpr int kMaxGpus = 1024;

// The rows of a server that stopped reporting are greyed, as in the tree.
class StaleRowDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(StaleRole).toBool())
            option->palette.setColor(QPalette::Text, staleTextColor(option->palette));
    }
};

QTableView* makeTable(QAbstractItemModel* model)
{
    auto* t = new QTableView;
    t->setModel(model);
    t->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    t->setItemDelegate(new StaleRowDelegate(t));
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setSelectionMode(QAbstractItemView::SingleSelection);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setAlternatingRowColors(true);
    t->setWordWrap(false);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setSectionResizeMode(model->columnCount() - 1, QHeaderView::Stretch);
    return t;
}

} // namespace

FindGpusDialog::FindGpusDialog(const LiveState* fleet, QWidget* parent)
    : QDialog(parent)
    , m_fleet(fleet)
    , m_now([] { return QDateTime::currentMSecsSinceEpoch(); })
    , m_serverModel(new ServerChoiceModel(this))
    , m_unitModel(new UnitChoiceModel(this))
    , m_timer(new QTimer(this))
{
    setWindowTitle(tr("Find GPUs"));
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &FindGpusDialog::recompute);
    buildUi();
    // Live: every reading, a server that turned stale, one that came or went.
    const auto later = [this] {
        schedule(kRecomputeDelayMs);
    };
    connect(m_fleet, &LiveState::serverAdded, this, later);
    connect(m_fleet, &LiveState::serverUpdated, this, later);
    connect(m_fleet, &LiveState::serverRemoved, this, later);
    connect(m_fleet, &LiveState::staleTick, this, later);
    recompute();
}

FindGpusDialog::~FindGpusDialog() = default;

void FindGpusDialog::buildUi()
{
    // The request, as `gpuwarden-cli select` takes it.
    auto* request = new QGroupBox(tr("Request"));
    auto* grid = new QGridLayout(request);
    m_gpus = new QSpinBox;
    m_gpus->setRange(1, kMaxGpus);
    m_gpus->setAccessibleName(tr("GPUs wanted"));
    m_parallel = new QLineEdit;
    m_parallel->setPlaceholderText(tr("tp=4,pp=2"));
    m_parallel->setToolTip(tr("A model's parallelism instead of a count: world size = tp × pp "
                              "× max(dp, cp, dcp)."));
    m_parallel->setAccessibleName(tr("Parallelism"));
    m_minFree = new QLineEdit;
    m_minFree->setPlaceholderText(tr("e.g. 8GiB"));
    m_minFree->setToolTip(tr("Free memory each unit needs: 8GiB, 512MiB, 1.5G or a number of "
                             "MiB. Empty: any."));
    m_minFree->setAccessibleName(tr("Minimum free memory"));
    m_limitUtil = new QCheckBox(tr("at most"));
    m_maxUtil = new QSpinBox;
    m_maxUtil->setRange(0, 100);
    m_maxUtil->setValue(50);
    m_maxUtil->setSuffix(tr(" %"));
    m_maxUtil->setEnabled(false);
    m_maxUtil->setAccessibleName(tr("Maximum utilisation"));
    m_mig = new QComboBox;
    m_mig->addItem(tr("whole GPUs first, then instances"), int(SelectionRequest::Mig::Allow));
    m_mig->addItem(tr("MIG instances only"), int(SelectionRequest::Mig::Only));
    m_mig->addItem(tr("whole GPUs only"), int(SelectionRequest::Mig::Never));
    m_mig->setAccessibleName(tr("MIG"));

    auto* utilRow = new QHBoxLayout;
    utilRow->addWidget(m_limitUtil);
    utilRow->addWidget(m_maxUtil);
    utilRow->addStretch(1);
    grid->addWidget(new QLabel(tr("GPUs:")), 0, 0);
    grid->addWidget(m_gpus, 0, 1);
    grid->addWidget(new QLabel(tr("or parallelism:")), 0, 2);
    grid->addWidget(m_parallel, 0, 3);
    grid->addWidget(new QLabel(tr("Free memory per GPU:")), 1, 0);
    grid->addWidget(m_minFree, 1, 1);
    grid->addWidget(new QLabel(tr("Utilisation:")), 1, 2);
    grid->addLayout(utilRow, 1, 3);
    grid->addWidget(new QLabel(tr("MIG:")), 2, 0);
    grid->addWidget(m_mig, 2, 1);
    m_inputLine = new QLabel;
    m_inputLine->setWordWrap(true);
    grid->addWidget(m_inputLine, 2, 2, 1, 2);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 2);

    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_serverTable = makeTable(m_serverModel);
    m_serverTable->setAccessibleName(tr("Servers"));
    m_unitTable = makeTable(m_unitModel);
    m_unitTable->setAccessibleName(tr("Units"));
    m_unitTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_unitsTitle = new QLabel;
    auto* units = new QWidget;
    auto* unitsLayout = new QVBoxLayout(units);
    unitsLayout->setContentsMargins(0, 0, 0, 0);
    unitsLayout->addWidget(m_unitsTitle);
    unitsLayout->addWidget(m_unitTable, 1);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_serverTable);
    split->addWidget(units);
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_copy = buttons->addButton(tr("&Copy CUDA_VISIBLE_DEVICES"), QDialogButtonBox::ActionRole);
    m_copy->setToolTip(tr("The best choice as CUDA_VISIBLE_DEVICES=…, with the gpuwarden-cli "
                          "select line that reserves the same for a job."));
    connect(m_copy, &QPushButton::clicked, this, &FindGpusDialog::copyToClipboard);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(request);
    layout->addWidget(m_message);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);

    const auto now = [this] {
        schedule(0);
    };
    connect(m_gpus, &QSpinBox::valueChanged, this, now);
    connect(m_parallel, &QLineEdit::textChanged, this, now);
    connect(m_minFree, &QLineEdit::textChanged, this, now);
    connect(m_maxUtil, &QSpinBox::valueChanged, this, now);
    connect(m_limitUtil, &QCheckBox::toggled, this, [this](bool on) {
        m_maxUtil->setEnabled(on);
        schedule(0);
    });
    connect(m_mig, &QComboBox::currentIndexChanged, this, now);
    connect(m_serverTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (!current.isValid())
                    return;
                m_pickedServer = m_serverModel->choice().servers.value(current.row()).server;
                showUnitsOf(m_pickedServer);
            });
    resize(900, 640);
}

void FindGpusDialog::setWeights(const SelectionWeights& weights)
{
    m_weights = weights;
    recompute();
}

void FindGpusDialog::setReservations(
    std::function<QList<Reservation>(const QString& server)> reservations)
{
    m_reservations = std::move(reservations);
    recompute();
}

void FindGpusDialog::setAgents(std::function<QList<RemoteServer>()> agents)
{
    m_agents = std::move(agents);
}

void FindGpusDialog::setClock(std::function<qint64()> nowMs)
{
    m_now = std::move(nowMs);
    recompute();
}

void FindGpusDialog::setGpus(int gpus)
{
    m_gpus->setValue(gpus);
    recompute();
}

void FindGpusDialog::setParallelism(const QString& text)
{
    m_parallel->setText(text);
    recompute();
}

void FindGpusDialog::setMinFree(const QString& text)
{
    m_minFree->setText(text);
    recompute();
}

void FindGpusDialog::setMaxUtilization(std::optional<int> percent)
{
    m_limitUtil->setChecked(percent.has_value());
    if (percent)
        m_maxUtil->setValue(*percent);
    recompute();
}

void FindGpusDialog::setMig(SelectionRequest::Mig mig)
{
    m_mig->setCurrentIndex(m_mig->findData(int(mig)));
    recompute();
}

void FindGpusDialog::schedule(int delayMs)
{
    if (!m_timer->isActive() || delayMs < m_timer->remainingTime())
        m_timer->start(delayMs);
}

std::optional<SelectionRequest> FindGpusDialog::readRequest(QString* note)
{
    SelectionRequest r;
    QString error;
    const QString parallel = m_parallel->text().trimmed();
    m_gpus->setEnabled(parallel.isEmpty());
    if (!parallel.isEmpty()) {
        const auto p = parseParallelism(parallel, &error);
        if (!p) {
            *note = tr("Parallelism: %1").arg(error);
            return std::nullopt;
        }
        if (p->worldSize() > kMaxGpus) {
            *note = tr("Parallelism: %1 needs %2 GPUs; at most %3 can be asked for.")
                        .arg(parallel)
                        .arg(p->worldSize())
                        .arg(kMaxGpus);
            return std::nullopt;
        }
        r.gpus = int(p->worldSize());
        *note = tr("%1 → world size %n GPUs", nullptr, r.gpus).arg(parallel);
    } else {
        r.gpus = m_gpus->value();
    }
    const QString minFree = m_minFree->text().trimmed();
    if (!minFree.isEmpty()) {
        const auto mib = parseMemorySize(minFree, &error);
        if (!mib) {
            *note = tr("Free memory: %1").arg(error);
            return std::nullopt;
        }
        r.minFreeMiB = double(*mib);
    }
    if (m_limitUtil->isChecked())
        r.maxUtilizationPercent = m_maxUtil->value();
    r.mig = SelectionRequest::Mig(m_mig->currentData().toInt());
    return r;
}

void FindGpusDialog::recompute()
{
    m_timer->stop();
    QString note;
    const auto request = readRequest(&note);
    m_inputProblem = note;
    m_inputError = !request;
    m_inputLine->setText(note);
    QPalette p = m_inputLine->palette();
    p.setColor(QPalette::WindowText, m_inputError ? stateColor(DisplayState::Error, palette())
                                                  : palette().color(QPalette::WindowText));
    m_inputLine->setPalette(p);

    FleetChoice choice;
    if (request) {
        QList<FleetServerInput> fleet;
        for (const QString& server : m_fleet->servers()) {
            FleetServerInput in;
            in.server = server;
            if (const Snapshot* s = m_fleet->latest(server))
                in.latest = *s;
            in.freshness = m_fleet->freshness(server);
            if (m_reservations)
                in.reservations = m_reservations(server);
            fleet << in;
        }
        choice = chooseAcrossFleet(fleet, *request, m_weights, m_now());
    }
    m_choice = choice;
    m_serverModel->setChoice(m_choice);

    // The server whose units are shown: the one picked, else the best, else
    // the first listed.
    QString shown = m_pickedServer;
    if (m_serverModel->rowOf(shown) < 0) {
        m_pickedServer.clear();
        const FleetServerChoice* best = m_choice.bestServer();
        shown = best ? best->server : m_choice.servers.value(0).server;
    }
    const int row = m_serverModel->rowOf(shown);
    if (row >= 0 && m_serverTable->currentIndex().row() != row) {
        const QString picked = m_pickedServer;
        m_serverTable->setCurrentIndex(m_serverModel->index(row, 0));
        m_pickedServer = picked; // following the best is not a pick
    }
    showUnitsOf(shown);

    m_message->setText(message());
    m_copy->setEnabled(!copyText().isEmpty());
    Q_EMIT recomputed();
}

void FindGpusDialog::showServer(const QString& server)
{
    const int row = m_serverModel->rowOf(server);
    if (row >= 0)
        m_serverTable->setCurrentIndex(m_serverModel->index(row, 0));
}

void FindGpusDialog::showUnitsOf(const QString& server)
{
    m_unitModel->setServer(m_choice, server);
    if (server.isEmpty()) {
        m_unitsTitle->clear();
        return;
    }
    m_unitsTitle->setText(tr("Units of %1: %2 qualify, %3 refused")
                              .arg(server)
                              .arg(m_unitModel->qualifiedCount())
                              .arg(m_unitModel->refusedCount()));
}

QString FindGpusDialog::message() const
{
    if (m_inputError)
        return tr("Correct the request above to see a choice.");
    if (m_choice.servers.isEmpty())
        return tr("No server is watched: add agents under File → Servers…, or watch this "
                  "computer.");
    if (const FleetServerChoice* best = m_choice.bestServer()) {
        return tr("Best: %1 — CUDA_VISIBLE_DEVICES=%2 (the agent scores and reserves the same "
                  "when the job asks).")
            .arg(best->server, m_choice.cudaVisibleDevices());
    }
    bool anyFresh = false;
    for (const FleetServerChoice& s : m_choice.servers)
        anyFresh = anyFresh || (s.freshness.hasReading && !s.freshness.stale);
    if (!anyFresh)
        return tr("No server has a current reading, so none is chosen: their last figures may "
                  "be minutes old.");
    return tr("No server has %n GPUs that qualify now. Each server's refusals say why; "
              "`gpuwarden-cli select --wait` waits for them.",
              nullptr, m_choice.request.gpus);
}

QString FindGpusDialog::inputProblem() const
{
    return m_inputProblem;
}

QString FindGpusDialog::copyText() const
{
    const FleetServerChoice* best = m_choice.bestServer();
    if (!best)
        return {};
    QUrl source;
    if (m_agents) {
        for (const RemoteServer& a : m_agents())
            if (a.name == best->server)
                source = a.url;
    }
    const QString command =
        selectCommandLine(m_choice.request, m_parallel->text(), m_minFree->text(), source);
    return QStringLiteral("CUDA_VISIBLE_DEVICES=%1\n").arg(m_choice.cudaVisibleDevices()) +
           tr("# on %1; to reserve them for a job: eval \"$(%2)\"").arg(best->server, command) +
           QLatin1Char('\n');
}

void FindGpusDialog::copyToClipboard()
{
    const QString text = copyText();
    if (!text.isEmpty())
        QGuiApplication::clipboard()->setText(text);
}

} // namespace gw
