#include "window/policydialog.h"

#include "common/datetimetext.h"
#include "common/plural.h"
#include "model/units.h"
#include "models/usertext.h"
#include "policy/policyschema.h"
#include "remote/policyclient.h"
#include "window/policyreplay.h"
#include "window/policytext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTableWidget>
#include <QTabWidget>
#include <QTextBlock>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace gw {

namespace {

constexpr int kLineRole = Qt::UserRole + 1;
constexpr int kColumnRole = Qt::UserRole + 2;
const QString kFileName = QStringLiteral("policy.toml");

QStringList splitList(const QString& text, QChar separator)
{
    QStringList out;
    for (const QString& part : text.split(separator)) {
        const QString t = part.trimmed();
        if (!t.isEmpty())
            out << t;
    }
    return out;
}

// "Add …" and "Remove" beside a table of the form: a row added with
// `cells` (its first cell then edited), the current row removed, and
// `write` after either.
QVBoxLayout* rowButtons(QWidget* owner, QTableWidget* table, const QString& addText,
                        const std::function<QStringList(int row)>& cells,
                        const std::function<void()>& write)
{
    auto* add = new QPushButton(addText);
    auto* remove = new QPushButton(PolicyDialog::tr("Remove"));
    QObject::connect(add, &QPushButton::clicked, owner, [table, cells, write] {
        {
            const QSignalBlocker block(table);
            const int row = table->rowCount();
            table->insertRow(row);
            const QStringList texts = cells(row);
            for (int column = 0; column < table->columnCount(); ++column)
                table->setItem(row, column, new QTableWidgetItem(texts.value(column)));
        }
        write();
        table->editItem(table->item(table->rowCount() - 1, 0));
    });
    QObject::connect(remove, &QPushButton::clicked, owner, [table, write] {
        const int row = table->currentRow();
        if (row < 0)
            return;
        table->removeRow(row);
        write();
    });
    auto* buttons = new QVBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    return buttons;
}

// The form's change to the text: the whole document replaced in one edit
// (so Undo in the text takes it back), with `writing` set meanwhile (the
// text's change is not the user's); nothing when the text is the same.
void replaceDocument(QPlainTextEdit* edit, const QString& updated, bool& writing)
{
    if (updated == edit->toPlainText())
        return;
    writing = true;
    QTextCursor c(edit->document());
    c.select(QTextCursor::Document);
    c.insertText(updated);
    writing = false;
}

QString kindText(PolicyEventKind kind)
{
    return policyEventKindText(policyEventKindInfo(kind).label);
}

QString subjectText(const PolicyEvent& e)
{
    QString subject = e.pid > 0
                          ? PolicyDialog::tr("%1 (PID %2, %3)")
                                .arg(e.command.isEmpty() ? PolicyDialog::tr("process") : e.command)
                                .arg(e.pid)
                                .arg(userText(e.user))
                          : userText(e.user);
    if (e.gpuIndex >= 0)
        subject += PolicyDialog::tr(", GPU %1").arg(e.gpuIndex);
    return subject;
}

} // namespace

// --- target -----------------------------------------------------------------

QString PolicyTarget::displayName() const
{
    if (agent)
        return agent->name;
    return demo ? PolicyDialog::tr("The demo") : PolicyDialog::tr("This computer");
}

QString PolicyTarget::title() const
{
    if (agent)
        return PolicyDialog::tr("Policy — agent %1 (%2)")
            .arg(agent->name, agent->url.toString(QUrl::RemoveUserInfo));
    if (demo)
        return PolicyDialog::tr("Policy — demo (in memory)");
    // The home folder as "~", as an admin writes it.
    QString where = QDir::cleanPath(localPath);
    const QString home = QDir::homePath();
    if (where.startsWith(home + QLatin1Char('/')))
        where = QStringLiteral("~") + where.mid(home.size());
    return PolicyDialog::tr("Policy — this computer (%1)").arg(QDir::toNativeSeparators(where));
}

PolicyTarget PolicyTarget::local(const QString& localPath)
{
    PolicyTarget t;
    t.localPath = localPath;
    t.journalPath = LocalJournalRecorder::defaultPath();
    return t;
}

PolicyTarget PolicyTarget::remote(const RemoteServer& agent)
{
    PolicyTarget t;
    t.agent = agent;
    return t;
}

PolicyTarget PolicyTarget::demoPolicy(const QString& text, ReplayReadings readings)
{
    PolicyTarget t;
    t.demo = true;
    t.demoText = text;
    t.readings = std::move(readings);
    return t;
}

// --- dialog -----------------------------------------------------------------

PolicyDialog::PolicyDialog(PolicyTarget target, QWidget* parent)
    : QDialog(parent)
    , m_target(std::move(target))
{
    setWindowTitle(m_target.title());
    qRegisterMetaType<gw::ReplayOutcome>();

    m_title = new QLabel;
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_tabs = new QTabWidget;
    auto* formPage = new QScrollArea;
    formPage->setWidgetResizable(true);
    formPage->setFrameShape(QFrame::NoFrame);
    auto* form = new QWidget;
    buildForm(form);
    formPage->setWidget(form);
    m_tabs->addTab(formPage, tr("&Form"));

    m_text = new QPlainTextEdit;
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setTabChangesFocus(false);
    m_tabs->addTab(m_text, tr("policy.&toml"));

    auto* replayPage = new QWidget;
    buildReplay(replayPage);
    m_tabs->addTab(replayPage, tr("&Replay"));

    m_validity = new QLabel;
    m_validity->setWordWrap(true);
    m_problems = new QListWidget;
    m_problems->setSelectionMode(QAbstractItemView::SingleSelection);
    m_problems->setToolTip(tr("Click a mistake to go to it in the text."));
    m_problems->setAccessibleName(tr("Mistakes in the policy"));
    auto* problemsBox = new QWidget;
    auto* problemsLayout = new QVBoxLayout(problemsBox);
    problemsLayout->setContentsMargins(0, 0, 0, 0);
    problemsLayout->addWidget(m_validity);
    problemsLayout->addWidget(m_problems);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_tabs);
    split->addWidget(problemsBox);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    // The list needs a few lines; the rest goes to the form and the text.
    const int line = m_problems->fontMetrics().height();
    m_problems->setMinimumHeight(3 * line);
    split->setSizes({40 * line, 5 * line});

    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_replay = new QPushButton(tr("Replay Last 24 h"));
    m_replay->setToolTip(tr("List the events the edited policy would have found in the last "
                            "24 hours of readings, before saving it."));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_save = buttons->addButton(m_target.agent  ? tr("&Apply to %1").arg(m_target.agent->name)
                                : m_target.demo ? tr("&Apply to the Demo")
                                                : tr("&Save"),
                                QDialogButtonBox::AcceptRole);
    m_save->setDefault(false);
    m_save->setAutoDefault(false);
    // The status line wraps; the buttons keep their whole labels.
    m_replay->setMinimumWidth(m_replay->sizeHint().width());
    m_replay->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(m_replay);
    bottom->addWidget(m_status, 1);
    bottom->addWidget(buttons);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(split, 1);
    layout->addLayout(bottom);

    m_validateTimer = new QTimer(this);
    m_validateTimer->setSingleShot(true);
    m_validateTimer->setInterval(kValidateDelayMs);
    connect(m_validateTimer, &QTimer::timeout, this, &PolicyDialog::validateNow);
    connect(m_text, &QPlainTextEdit::textChanged, this, &PolicyDialog::onTextChanged);
    connect(m_problems, &QListWidget::itemClicked, this, &PolicyDialog::goToProblem);
    connect(m_problems, &QListWidget::itemActivated, this, &PolicyDialog::goToProblem);
    connect(m_save, &QPushButton::clicked, this, &PolicyDialog::save);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_replay, &QPushButton::clicked, this, &PolicyDialog::startReplay);

    m_runner = new ReplayRunner(this);
    connect(m_runner, &ReplayRunner::progress, this, [this](quint64 readings, int pass) {
        m_replayStatus->setText(pass == 0 ? tr("Replaying the edited policy… %L1 readings", nullptr,
                                               pluralCount(readings))
                                                .arg(readings)
                                          : tr("Replaying the current policy for comparison… "
                                               "%L1 readings",
                                               nullptr, pluralCount(readings))
                                                .arg(readings));
    });
    connect(m_runner, &ReplayRunner::finished, this, [this](const ReplayOutcome& out) {
        std::optional<QList<PolicyEvent>> current;
        if (out.current)
            current = out.current->events;
        QStringList problems = out.problems;
        if (out.skipped > quint64(out.problems.size()))
            problems << tr("%n entries skipped in all.", nullptr, int(out.skipped));
        showReplay(out.edited.events, current, out.readings, problems, out.error, out.cancelled);
    });

    resize(1024, 700);
    load();
}

PolicyDialog::~PolicyDialog()
{
    if (m_client)
        m_client->abort();
    // Before the widgets its signals update: cancels a replay and waits for it.
    delete m_runner;
}

// The form's fields come from the schema (policy/policyschema.h): each
// section with a title is a group, each key with a form label a row, its
// editor chosen by the key's type; an edit writes that one key into the text.
QWidget* PolicyDialog::buildField(const PolicySection& section, const PolicyKey& k)
{
    const QString sectionName = QLatin1String(section.name);
    const QString key = QLatin1String(k.name);
    const auto write = [this, sectionName, key](const QString& value) {
        writeKey(sectionName, key, value);
    };
    QWidget* field = nullptr;
    switch (k.type) {
    case PolicyKeyType::Number:
    case PolicyKeyType::Amount: {
        auto* w = new QDoubleSpinBox;
        w->setRange(k.min, k.max);
        w->setDecimals(1);
        if (qstrcmp(k.unit, "%") == 0)
            w->setSuffix(tr(" %"));
        connect(w, &QDoubleSpinBox::valueChanged, this,
                [write](double v) { write(policytext::number(v)); });
        field = w;
        break;
    }
    case PolicyKeyType::WholeNumber:
    case PolicyKeyType::Integer: {
        auto* w = new QSpinBox;
        w->setRange(int(k.min), int(k.max));
        if (qstrcmp(k.unit, "MiB") == 0)
            w->setSuffix(tr(" MiB"));
        connect(w, &QSpinBox::valueChanged, this, [write](int v) { write(QString::number(v)); });
        field = w;
        break;
    }
    case PolicyKeyType::Boolean: {
        auto* w = new QCheckBox(policySchemaText(k.formLabel));
        connect(w, &QCheckBox::toggled, this, [write](bool on) { write(policytext::boolean(on)); });
        field = w;
        break;
    }
    case PolicyKeyType::Choice: {
        auto* w = new QComboBox;
        for (const PolicyChoice& c : k.choices)
            w->addItem(policySchemaText(c.label), QLatin1String(c.word));
        connect(w, &QComboBox::activated, this,
                [w, write] { write(policytext::string(w->currentData().toString())); });
        field = w;
        break;
    }
    case PolicyKeyType::Duration:
    case PolicyKeyType::Durations:
    case PolicyKeyType::Names:
    case PolicyKeyType::Accounts:
    case PolicyKeyType::Label:
    case PolicyKeyType::Text: {
        auto* w = new QLineEdit;
        if (k.placeholder)
            w->setPlaceholderText(policySchemaText(k.placeholder));
        const bool list = k.type != PolicyKeyType::Duration && k.type != PolicyKeyType::Text &&
                          k.type != PolicyKeyType::Label;
        connect(w, &QLineEdit::textEdited, this, [write, list](const QString& t) {
            write(list ? policytext::stringArray(splitList(t, QLatin1Char(',')))
                       : policytext::string(t.trimmed()));
        });
        field = w;
        break;
    }
    case PolicyKeyType::Bands:
    case PolicyKeyType::Shares:
    case PolicyKeyType::Prices:
    case PolicyKeyType::Owners:
    case PolicyKeyType::AccountTables:
    case PolicyKeyType::ContactTables:
        return nullptr; // edited in the text (quota users: their own table below)
    }
    field->setToolTip(policySchemaText(k.help));
    m_fields.insert(sectionName + QLatin1Char('/') + key, field);
    m_formKeys << std::pair{&section, &k};
    return field;
}

void PolicyDialog::buildForm(QWidget* page)
{
    QHash<QString, QGroupBox*> boxes;
    QHash<QString, QFormLayout*> forms;
    for (const PolicySection& section : policySchema()) {
        if (!section.title)
            continue;
        auto* box = new QGroupBox(policySchemaText(section.title));
        auto* form = new QFormLayout;
        for (const PolicyKey& k : section.keys) {
            if (!k.formLabel)
                continue;
            if (QWidget* field = buildField(section, k))
                form->addRow(k.type == PolicyKeyType::Boolean ? QString()
                                                              : policySchemaText(k.formLabel),
                             field);
        }
        boxes.insert(QLatin1String(section.name), box);
        forms.insert(QLatin1String(section.name), form);
    }

    // What the schema's rows do not say: notes, the users' quotas as a table.
    auto* adaptiveNote = new QLabel(tr("Load bands and defensive mode: in the text."));
    adaptiveNote->setForegroundRole(QPalette::PlaceholderText);
    adaptiveNote->setWordWrap(true);
    forms.value(QStringLiteral("adaptive"))->addRow(adaptiveNote);
    auto* groupsNote = new QLabel(tr("Group quotas: in the text."));
    groupsNote->setForegroundRole(QPalette::PlaceholderText);
    forms.value(QStringLiteral("quota"))->addRow(QString(), groupsNote);

    m_users = new QTableWidget(0, 3);
    m_users->setAccessibleName(tr("Users"));
    m_users->setTabKeyNavigation(false); // Tab leaves the table; arrows move in it
    m_users->setHorizontalHeaderLabels(
        {tr("User"), tr("Share (%)"), tr("Time windows (; between them)")});
    m_users->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_users->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_users->horizontalHeader()->setStretchLastSection(true);
    m_users->verticalHeader()->hide();
    m_users->setMinimumHeight(120);
    connect(m_users, &QTableWidget::cellChanged, this, [this] {
        if (!m_loadingForm)
            writeUsers();
    });
    QVBoxLayout* userButtons = rowButtons(
        this, m_users, tr("Add User"),
        [](int row) {
            return QStringList{tr("user%1").arg(row + 1), QStringLiteral("25")};
        },
        [this] { writeUsers(); });
    // [accounts.NAME]: one row an account.
    m_accounts = new QTableWidget(0, 5);
    m_accounts->setAccessibleName(tr("Accounts"));
    m_accounts->setTabKeyNavigation(false);
    m_accounts->setHorizontalHeaderLabels({tr("Account"), tr("Members (@group)"),
                                           tr("GPUs at most"), tr("Per member"), tr("Share (%)")});
    m_accounts->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_accounts->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_accounts->verticalHeader()->hide();
    m_accounts->setMinimumHeight(110);
    m_accounts->setToolTip(tr("0 or empty: no cap. Members are user names, and Unix groups "
                              "written with @."));
    connect(m_accounts, &QTableWidget::cellChanged, this, [this] {
        if (!m_loadingForm)
            writeAccounts();
    });
    QVBoxLayout* accountButtons = rowButtons(
        this, m_accounts, tr("Add Account"),
        [](int row) { return QStringList{tr("lab%1").arg(row + 1)}; }, [this] { writeAccounts(); });

    for (auto it = boxes.cbegin(); it != boxes.cend(); ++it) {
        if (it.key() != QLatin1String("quota") && it.key() != QLatin1String("accounts"))
            it.value()->setLayout(forms.value(it.key()));
    }
    auto* accountsLayout = new QGridLayout(boxes.value(QStringLiteral("accounts")));
    accountsLayout->addLayout(forms.value(QStringLiteral("accounts")), 0, 0, 1, 2);
    accountsLayout->addWidget(m_accounts, 1, 0);
    accountsLayout->addLayout(accountButtons, 1, 1);
    auto* quotaLayout = new QGridLayout(boxes.value(QStringLiteral("quota")));
    quotaLayout->addLayout(forms.value(QStringLiteral("quota")), 0, 0, 1, 2);
    quotaLayout->addWidget(m_users, 1, 0);
    quotaLayout->addLayout(userButtons, 1, 1);

    // Hog and adaptive on the left, idle on the right, quotas below; a
    // section added later goes below them.
    auto* grid = new QGridLayout(page);
    auto* left = new QVBoxLayout;
    left->addWidget(boxes.take(QStringLiteral("hog")));
    left->addWidget(boxes.take(QStringLiteral("adaptive")));
    left->addStretch(1);
    grid->addLayout(left, 0, 0);
    grid->addWidget(boxes.take(QStringLiteral("idle")), 0, 1);
    grid->addWidget(boxes.take(QStringLiteral("quota")), 1, 0, 1, 2);
    int row = 2;
    for (const PolicySection& section : policySchema())
        if (QGroupBox* box = boxes.take(QLatin1String(section.name)))
            grid->addWidget(box, row++, 0, 1, 2);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    grid->setRowStretch(1, 1);
}

void PolicyDialog::buildReplay(QWidget* page)
{
    m_replayStatus = new QLabel(tr("Replay the edited policy over the readings of the last "
                                   "24 hours to see what it would have found."));
    m_replayStatus->setWordWrap(true);
    m_replayStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cancelReplay = new QPushButton(tr("Cancel Replay"));
    m_cancelReplay->setEnabled(false);
    connect(m_cancelReplay, &QPushButton::clicked, this, &PolicyDialog::cancelReplay);
    m_replayCounts = new QLabel;
    m_replayCounts->setWordWrap(true);
    m_replayTable = new QTreeWidget;
    m_replayTable->setRootIsDecorated(false);
    m_replayTable->setUniformRowHeights(true);
    m_replayTable->setHeaderLabels(
        {tr("Kind"), tr("Subject"), tr("Start"), tr("Duration"), tr("What")});
    m_replayTable->header()->setStretchLastSection(true);
    m_replayTable->setSortingEnabled(true);

    auto* top = new QHBoxLayout;
    top->addWidget(m_replayStatus, 1);
    top->addWidget(m_cancelReplay);
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(top);
    layout->addWidget(m_replayCounts);
    layout->addWidget(m_replayTable, 1);
}

QString PolicyDialog::text() const
{
    return m_text->toPlainText();
}

void PolicyDialog::setText(const QString& text)
{
    m_textEdited = true;
    m_text->setPlainText(text);
    validateNow();
}

// The title in bold (which policy, where it lives: a grab of the dialog
// shows it too), what editing it does below.
void PolicyDialog::setHeading(const QString& explanation)
{
    m_title->setText(QStringLiteral("<b>%1</b><br>%2")
                         .arg(m_target.title().toHtmlEscaped(), explanation.toHtmlEscaped()));
}

void PolicyDialog::setStatus(const QString& text)
{
    m_status->setText(text);
    m_status->setToolTip(text);
}

void PolicyDialog::load()
{
    if (m_target.isDemo()) {
        setHeading(tr("The policy the demo applies to its simulated fleet, kept in memory: "
                      "Apply puts it in force at once (the Events page, the verdicts, the "
                      "report) and writes no file. It ends with the demo."));
        m_savedText = m_target.demoText;
        m_loaded = true;
        setText(m_savedText);
        Q_EMIT loaded();
        return;
    }
    if (m_target.isLocal()) {
        const QString path = m_target.localPath;
        setHeading(m_target.localPoliciesRun
                       ? tr("The file this computer's policies read, %1: Save writes it and "
                            "they apply it at once.")
                             .arg(QDir::toNativeSeparators(path))
                       : tr("The file this computer's policies read, %1. They do not run in "
                            "this window (--no-local, or the file was refused at start): Save "
                            "writes it, and it is applied when GPU Warden next watches this "
                            "computer.")
                             .arg(QDir::toNativeSeparators(path)));
        QFile f(path);
        QString text;
        if (f.exists()) {
            if (!f.open(QIODevice::ReadOnly)) {
                setStatus(tr("Cannot read %1: %2").arg(path, f.errorString()));
            } else {
                text = QString::fromUtf8(f.readAll());
            }
        } else {
            text = tr("# policy.toml of this computer: every key at its default. See "
                      "docs/policies.md.\n") +
                   QString::fromUtf8(policyTomlFromJson(policyToJson(PolicyConfig{})));
            setStatus(tr("%1 does not exist yet; Save creates it.").arg(path));
        }
        m_savedText = text;
        m_loaded = true;
        setText(text);
        Q_EMIT loaded();
        return;
    }
    const RemoteServer& agent = *m_target.agent;
    setHeading(tr("The policy in force on %1 (%2). Applying it needs a token with admin "
                  "scope; the agent checks it again and keeps the previous version.")
                   .arg(agent.name, agent.url.toString(QUrl::RemoveUserInfo)));
    m_client = new PolicyClient(agent, this);
    setStatus(tr("Reading the policy of %1…").arg(agent.name));
    updateButtons();
    m_client->getPolicy([this, name = agent.name](const PolicyReply& r) {
        if (!r.ok) {
            setStatus(tr("Cannot read the policy of %1: %2").arg(name, r.error));
            showProblems({r.error}, {});
            updateButtons();
            Q_EMIT loaded();
            return;
        }
        // An admin token gets the text in force; a read token the effective
        // values (with the webhook URL hidden: such a token cannot save).
        const QString text =
            !r.text.isEmpty()
                ? r.text
                : tr("# The policy in force on %1 (version %2, from %3), every key with its "
                     "effective value.\n")
                          .arg(name)
                          .arg(r.version)
                          .arg(r.source.isEmpty() ? tr("unknown source") : r.source) +
                      QString::fromUtf8(policyTomlFromJson(r.policy));
        m_savedText = text;
        m_loaded = true;
        setText(text);
        setStatus(r.changedMs > 0
                      ? tr("Version %1, changed %2.")
                            .arg(r.version)
                            .arg(dateTimeText(QDateTime::fromMSecsSinceEpoch(r.changedMs)))
                      : tr("Version %1.").arg(r.version));
        Q_EMIT loaded();
    });
}

void PolicyDialog::onTextChanged()
{
    if (!m_formWriting)
        m_textEdited = true;
    m_validateTimer->start();
}

void PolicyDialog::validateNow()
{
    m_validateTimer->stop();
    const PolicyParseResult r = parsePolicy(text().toUtf8(), kFileName);
    m_policy = r.config;
    m_errorCount = int(r.errors.size());
    showProblems(r.errors, r.warnings);
    if (m_policy && m_textEdited)
        loadForm(*m_policy);
    if (m_policy)
        m_textEdited = false;
    updateButtons();
    Q_EMIT validated();
}

void PolicyDialog::showProblems(const QStringList& errors, const QStringList& warnings,
                                const QStringList& notes)
{
    m_problems->clear();
    const auto add = [this](const QString& message, QStyle::StandardPixmap icon,
                            const QString& prefix) {
        const policytext::Problem p = policytext::parseProblem(message);
        auto* item = new QListWidgetItem(style()->standardIcon(icon), prefix + p.text());
        item->setToolTip(message);
        item->setData(kLineRole, p.line);
        item->setData(kColumnRole, p.column);
        m_problems->addItem(item);
    };
    for (const QString& e : errors)
        add(e, QStyle::SP_MessageBoxCritical, QString());
    for (const QString& w : warnings)
        add(w, QStyle::SP_MessageBoxWarning, tr("warning: "));
    for (const QString& n : notes)
        add(n, QStyle::SP_MessageBoxInformation, QString());
    if (errors.isEmpty() && warnings.isEmpty())
        m_validity->setText(notes.isEmpty() ? tr("The policy is valid.") : QString());
    else if (errors.isEmpty())
        m_validity->setText(
            tr("The policy is valid, with %n warning(s):", nullptr, int(warnings.size())));
    else
        m_validity->setText(
            tr("%n mistake(s); Save waits until they are fixed:", nullptr, int(errors.size())));
    m_validity->setVisible(!m_validity->text().isEmpty());
}

void PolicyDialog::goToProblem(QListWidgetItem* item)
{
    if (!item)
        return;
    const int line = item->data(kLineRole).toInt();
    const int column = item->data(kColumnRole).toInt();
    if (line <= 0)
        return;
    const QTextBlock block = m_text->document()->findBlockByNumber(line - 1);
    if (!block.isValid())
        return;
    QTextCursor c(block);
    c.setPosition(block.position() + std::clamp(column - 1, 0, std::max(0, block.length() - 1)));
    m_tabs->setCurrentIndex(TextTab);
    m_text->setTextCursor(c);
    m_text->ensureCursorVisible();
    m_text->setFocus();
}

void PolicyDialog::writeKey(const QString& section, const QString& key, const QString& value)
{
    if (m_loadingForm)
        return;
    replaceDocument(m_text, policytext::setKey(text(), section, key, value), m_formWriting);
}

void PolicyDialog::writeUsers()
{
    QStringList lines;
    for (int row = 0; row < m_users->rowCount(); ++row) {
        const auto cell = [&](int column) {
            const QTableWidgetItem* item = m_users->item(row, column);
            return item ? item->text().trimmed() : QString();
        };
        const QString name = cell(0);
        if (name.isEmpty())
            continue;
        bool ok = false;
        const double share = cell(1).toDouble(&ok);
        // Not a number: written as it is, so the check points at it.
        const QString shareText = ok ? policytext::number(share) : policytext::string(cell(1));
        const QStringList windows = splitList(cell(2), QLatin1Char(';'));
        if (windows.isEmpty())
            lines << policytext::key(name) + QStringLiteral(" = ") + shareText;
        else
            lines << QStringLiteral("%1 = { share = %2, windows = %3 }")
                         .arg(policytext::key(name), shareText, policytext::stringArray(windows));
    }
    QString updated =
        policytext::removeKey(text(), QStringLiteral("quota"), QStringLiteral("users"));
    updated = policytext::setSection(updated, QStringLiteral("quota.users"), lines);
    replaceDocument(m_text, updated, m_formWriting);
}

void PolicyDialog::writeAccounts()
{
    QString updated = text();
    // The tables the form wrote or read before go, whatever their names now.
    for (const QString& section : policytext::sections(updated))
        if (section.startsWith(QLatin1String("accounts.")))
            updated = policytext::setSection(updated, section, {});
    for (const QString& name : std::as_const(m_accountsWritten))
        updated = policytext::removeKey(updated, QStringLiteral("accounts"), name);
    m_accountsWritten.clear();
    for (int row = 0; row < m_accounts->rowCount(); ++row) {
        const auto cell = [&](int column) {
            const QTableWidgetItem* item = m_accounts->item(row, column);
            return item ? item->text().trimmed() : QString();
        };
        const QString name = cell(0);
        if (name.isEmpty())
            continue;
        QStringList lines{QStringLiteral("members = ") +
                          policytext::stringArray(splitList(cell(1), QLatin1Char(',')))};
        // Not a number: written as it is, so the check points at it.
        const auto number = [&](int column, const char* key) {
            const QString v = cell(column);
            if (v.isEmpty())
                return;
            bool ok = false;
            const double d = v.toDouble(&ok);
            lines << QLatin1String(key) + QStringLiteral(" = ") +
                         (ok ? policytext::number(d) : policytext::string(v));
        };
        number(2, "max_gpus");
        number(3, "max_gpus_per_member");
        number(4, "share");
        updated = policytext::setSection(
            updated, QStringLiteral("accounts.") + policytext::key(name), lines);
        m_accountsWritten << name;
    }
    replaceDocument(m_text, updated, m_formWriting);
}

void PolicyDialog::loadForm(const PolicyConfig& p)
{
    m_loadingForm = true;
    for (const auto& [section, k] : std::as_const(m_formKeys)) {
        QWidget* field = m_fields.value(QLatin1String(section->name) + QLatin1Char('/') +
                                        QLatin1String(k->name));
        const QSignalBlocker block(field);
        const QJsonValue v = k->get(p);
        if (auto* w = qobject_cast<QDoubleSpinBox*>(field)) {
            w->setValue(v.toDouble());
        } else if (auto* w = qobject_cast<QSpinBox*>(field)) {
            w->setValue(int(std::min<double>(v.toDouble(), w->maximum())));
        } else if (auto* w = qobject_cast<QCheckBox*>(field)) {
            w->setChecked(v.toBool());
        } else if (auto* w = qobject_cast<QComboBox*>(field)) {
            w->setCurrentIndex(std::max(0, w->findData(v.toString())));
        } else if (auto* w = qobject_cast<QLineEdit*>(field)) {
            // A duration is {"text", "ms"}; a list shows its items, comma-separated.
            const auto text = [](const QJsonValue& item) {
                return item.isObject() ? item[QStringLiteral("text")].toString() : item.toString();
            };
            QString shown;
            if (v.isArray()) {
                QStringList items;
                for (const QJsonValue& item : v.toArray())
                    items << text(item);
                shown = items.join(QStringLiteral(", "));
            } else {
                shown = text(v);
            }
            if (w->text() != shown)
                w->setText(shown);
        }
    }
    {
        const QSignalBlocker block(m_users);
        m_users->setRowCount(0);
        for (const QuotaShare& s : p.quota.users) {
            const int row = m_users->rowCount();
            m_users->insertRow(row);
            QStringList windows;
            for (const QuotaWindow& w : s.windows)
                windows << w.text;
            m_users->setItem(row, 0, new QTableWidgetItem(s.name));
            m_users->setItem(row, 1, new QTableWidgetItem(policytext::number(s.sharePercent)));
            m_users->setItem(row, 2, new QTableWidgetItem(windows.join(QStringLiteral("; "))));
        }
    }
    {
        const QSignalBlocker block(m_accounts);
        m_accounts->setRowCount(0);
        m_accountsWritten.clear();
        const auto count = [](int n) {
            return n > 0 ? QString::number(n) : QString();
        };
        for (const AccountSpec& a : p.accounts.list) {
            const int row = m_accounts->rowCount();
            m_accounts->insertRow(row);
            QStringList members = a.users;
            for (const QString& g : a.groups)
                members << QLatin1Char('@') + g;
            m_accounts->setItem(row, 0, new QTableWidgetItem(a.name));
            m_accounts->setItem(row, 1, new QTableWidgetItem(members.join(QStringLiteral(", "))));
            m_accounts->setItem(row, 2, new QTableWidgetItem(count(a.maxGpus)));
            m_accounts->setItem(row, 3, new QTableWidgetItem(count(a.maxGpusPerMember)));
            m_accounts->setItem(row, 4,
                                new QTableWidgetItem(a.sharePercent
                                                         ? policytext::number(*a.sharePercent)
                                                         : QString()));
            m_accountsWritten << a.name;
        }
    }
    m_loadingForm = false;
}

void PolicyDialog::updateButtons()
{
    const bool valid = m_loaded && m_errorCount == 0 && m_policy.has_value();
    m_save->setEnabled(valid && !m_saving);
    m_replay->setEnabled(valid && !replayRunning());
    m_cancelReplay->setEnabled(replayRunning());
    m_tabs->widget(FormTab)->setEnabled(m_loaded);
}

void PolicyDialog::save()
{
    validateNow();
    if (hasErrors() || !m_policy || !m_loaded || m_saving)
        return;
    if (m_target.isLocal())
        saveLocal();
    else if (m_target.isDemo())
        saveDemo();
    else
        saveRemote();
}

void PolicyDialog::saveLocal()
{
    const QString path = m_target.localPath;
    const QString previous = path + QStringLiteral(".previous");
    const QString text = this->text();
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        setStatus(tr("Cannot write %1: %2").arg(path, f.errorString()));
        return;
    }
    f.write(text.toUtf8());
    if (QFileInfo::exists(path)) {
        QFile::remove(previous);
        if (!QFile::copy(path, previous)) {
            f.cancelWriting();
            f.commit();
            setStatus(tr("Not saved: the previous version could not be kept as %1.").arg(previous));
            return;
        }
    }
    if (!f.commit()) {
        setStatus(tr("Cannot write %1: %2").arg(path, f.errorString()));
        return;
    }
    m_savedText = text;
    setStatus(QFileInfo::exists(previous)
                  ? tr("Saved to %1; the previous version is kept as %2.").arg(path, previous)
                  : tr("Saved to %1.").arg(path));
    Q_EMIT saved(path);
}

void PolicyDialog::saveDemo()
{
    m_savedText = text();
    setStatus(tr("The demo applies this policy from its next reading on; no file was written."));
    Q_EMIT saved(m_savedText);
}

void PolicyDialog::saveRemote()
{
    m_saving = true;
    updateButtons();
    const QString name = m_target.agent->name;
    setStatus(tr("Sending the policy to %1…").arg(name));
    const QString sent = text();
    m_client->putPolicy(sent.toUtf8(), [this, sent, name](const PolicyReply& r) {
        m_saving = false;
        if (r.ok) {
            m_savedText = sent;
            QStringList notes;
            notes << (r.persisted
                          ? tr("%1 applied the policy (version %2).").arg(name).arg(r.version)
                          : tr("%1 applied the policy (version %2), but could not "
                               "store it: it lasts until the agent restarts.")
                                .arg(name)
                                .arg(r.version));
            const PolicyParseResult effective =
                parsePolicy(policyTomlFromJson(r.policy), kFileName);
            if (effective.config)
                notes << tr("In force now:")
                      << policySummary(*effective.config)
                             .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            showProblems({}, {}, notes);
            setStatus(notes.first());
            updateButtons();
            Q_EMIT saved(name);
            return;
        }
        if (!r.errors.isEmpty()) {
            setStatus(tr("%1 refused the policy: %2").arg(name, r.error));
            showProblems(r.errors, {});
        } else {
            setStatus(r.error);
            showProblems({r.error}, {});
        }
        updateButtons();
    });
}

bool PolicyDialog::replayRunning() const
{
    return (m_runner && m_runner->isRunning()) || m_agentReplay;
}

void PolicyDialog::setReplayRange(qint64 fromMs, qint64 toMs)
{
    m_replayRange = std::pair{fromMs, toMs};
}

void PolicyDialog::startReplay()
{
    validateNow();
    if (!m_policy || !m_loaded || replayRunning())
        return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // Plain variables, not a structured binding: the agent's replies are
    // handled in lambdas that capture them (clang before 16 refuses to
    // capture a binding).
    const std::pair<qint64, qint64> range =
        m_replayRange.value_or(std::pair{now - kReplaySpanMs, now});
    const qint64 from = range.first;
    const qint64 to = range.second;
    std::optional<PolicyConfig> current;
    const bool compare = m_savedText != text();
    if (compare)
        current = parsePolicy(m_savedText.toUtf8(), kFileName).config;
    m_tabs->setCurrentIndex(ReplayTab);
    m_replayTable->clear();
    m_replayCounts->clear();
    m_replayStatus->setText(tr("Replaying the edited policy…"));
    if (!m_target.agent) {
        m_runner->start(
            ReplayRequest{m_target.journalPath, *m_policy, current, from, to, m_target.readings});
        updateButtons();
        return;
    }
    m_agentReplay = true;
    updateButtons();
    const QByteArray edited = text().toUtf8();
    const QByteArray saved = m_savedText.toUtf8();
    const auto parse = [](const QList<QJsonObject>& json, QStringList* problems) {
        QList<PolicyEvent> out;
        for (qsizetype i = 0; i < json.size(); ++i) {
            QString why;
            if (auto e = policyEventFromJson(json[i], &why))
                out << *e;
            else if (problems->size() < ReplayRunner::kMaxProblems)
                *problems << tr("event %1 of the agent's answer skipped: %2").arg(i).arg(why);
        }
        return out;
    };
    m_client->replay(edited, from, to, [=, this](const ReplayReply& r) {
        if (!r.ok) {
            m_agentReplay = false;
            showReplay({}, std::nullopt, 0, r.errors, r.error, false);
            return;
        }
        QStringList problems;
        const QList<PolicyEvent> events = parse(r.events, &problems);
        if (!compare || !current) {
            m_agentReplay = false;
            showReplay(events, std::nullopt, r.readings, problems, {}, false);
            return;
        }
        m_replayStatus->setText(tr("Replaying the current policy for comparison…"));
        m_client->replay(saved, from, to, [=, this](const ReplayReply& c) mutable {
            m_agentReplay = false;
            std::optional<QList<PolicyEvent>> currentEvents;
            if (c.ok)
                currentEvents = parse(c.events, &problems);
            showReplay(events, currentEvents, r.readings, problems, {}, false);
        });
    });
}

void PolicyDialog::cancelReplay()
{
    if (m_runner->isRunning()) {
        m_runner->cancel();
        m_replayStatus->setText(tr("Cancelling…"));
        return;
    }
    if (m_agentReplay) {
        m_client->abort();
        m_agentReplay = false;
        showReplay({}, std::nullopt, 0, {}, {}, true);
    }
}

void PolicyDialog::showReplay(const QList<PolicyEvent>& edited,
                              const std::optional<QList<PolicyEvent>>& current, quint64 readings,
                              const QStringList& problems, const QString& error, bool cancelled)
{
    m_replayEvents = edited;
    m_replayTable->setSortingEnabled(false);
    m_replayTable->clear();
    for (const PolicyEvent& e : edited) {
        auto* item = new QTreeWidgetItem(m_replayTable);
        item->setText(0, kindText(e.kind));
        item->setText(1, subjectText(e));
        item->setText(2, dateTimeText(QDateTime::fromMSecsSinceEpoch(e.startMs)));
        item->setText(3, e.isOpen()
                             ? tr("%1 (open)").arg(formatDurationTwoUnits(qint64(e.durationMs)))
                             : formatDurationTwoUnits(qint64(e.durationMs)));
        item->setText(4, policyEventText(e));
        item->setToolTip(4, policyEventText(e));
    }
    m_replayTable->setSortingEnabled(true);
    for (int c = 0; c < 4; ++c)
        m_replayTable->resizeColumnToContents(c);

    QStringList counts;
    for (const PolicyEventKindInfo& info : policyEventKinds()) {
        // A GPU's faults and XIDs are the driver's, the same under any policy.
        if (info.health || info.xid)
            continue;
        const PolicyEventKind kind = info.kind;
        const auto count = [kind](const QList<PolicyEvent>& list) {
            return std::count_if(list.begin(), list.end(),
                                 [kind](const PolicyEvent& e) { return e.kind == kind; });
        };
        counts << (current ? tr("%1: %2 (current policy: %3)")
                                 .arg(kindText(kind))
                                 .arg(count(edited))
                                 .arg(count(*current))
                           : tr("%1: %2").arg(kindText(kind)).arg(count(edited)));
    }
    m_replayCounts->setText(error.isEmpty() && !cancelled ? counts.join(QStringLiteral(" · "))
                                                          : QString());
    QString status;
    if (!error.isEmpty())
        status = tr("The replay failed: %1").arg(error);
    else if (cancelled)
        status = tr("Replay cancelled after %n reading(s).", nullptr, int(readings));
    else if (readings == 0)
        status = tr("No readings in the last 24 hours to replay.");
    else
        status =
            tr("%n event(s) in %L1 readings of the last 24 hours.", nullptr, int(edited.size()))
                .arg(readings);
    if (!problems.isEmpty())
        status += QLatin1Char('\n') + problems.join(QLatin1Char('\n'));
    m_replayStatus->setText(status);
    updateButtons();
    Q_EMIT replayFinished();
}

} // namespace gw
