#include "engine/desktopoptions.h"

#include "sampling/commandline.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace gw {

// The option texts keep the context "main" they were translated in; each
// call is spelled out so lupdate finds it.

void DesktopOptions::addOptions(QCommandLineParser& parser)
{
    parser.addOption(
        {QStringLiteral("demo"),
         QCoreApplication::translate("main", "Show a simulated fleet of three servers.")});
    parser.addOption(
        {QStringLiteral("demo-servers"),
         QCoreApplication::translate(
             "main", "Show a simulated fleet of this many servers (1 to 64; from the fourth on, "
                     "8 GPUs each)."),
         QStringLiteral("n")});
    parser.addOption({QStringLiteral("interval-ms"),
                      QCoreApplication::translate("main", "Sampling interval."),
                      QStringLiteral("ms"), QStringLiteral("1000")});
    parser.addOption(
        {QStringLiteral("page"),
         QCoreApplication::translate(
             "main",
             "Open on this page: overview, processes, details, events, tokens, enforcement "
             "or fair-share (the Tokens page's second and third tabs), or with a dialog open: "
             "find-gpus (Find GPUs), "
             "prices (the token price editor), report (the report dialog, building the last 24 "
             "h)."),
         QStringLiteral("page")});
    parser.addOption(
        {QStringLiteral("screenshot"),
         QCoreApplication::translate("main", "Save the window (with its open dialogs) as PNG after "
                                             "--quit-after-ms, then quit."),
         QStringLiteral("file")});
    parser.addOption(
        {QStringLiteral("quit-after-ms"),
         QCoreApplication::translate("main", "Close the window after this long (for tests)."),
         QStringLiteral("ms")});
}

void DesktopOptions::addWatchOptions(QCommandLineParser& parser)
{
    parser.addOption(
        {QStringLiteral("no-local"),
         QCoreApplication::translate(
             "main", "Do not sample this machine; watch only the configured servers.")});
    parser.addOption(
        {QStringLiteral("settings"),
         QCoreApplication::translate("main", "Settings file (servers list; default: the user's)."),
         QStringLiteral("file")});
    parser.addOption({QStringLiteral("history"),
                      QCoreApplication::translate(
                          "main", "History file (default: in the application's data folder)."),
                      QStringLiteral("file")});
    parser.addOption(
        {QStringLiteral("no-history"), QCoreApplication::translate("main", "Keep no history.")});
    parser.addOption({QStringLiteral("keep-raw-days"),
                      QCoreApplication::translate("main", "Keep every reading this many days."),
                      QStringLiteral("days"), QStringLiteral("7")});
    parser.addOption(
        {QStringLiteral("keep-minutes-days"),
         QCoreApplication::translate("main", "Keep per-minute roll-ups this many days."),
         QStringLiteral("days"), QStringLiteral("90")});
    parser.addOption({QStringLiteral("keep-hours-days"),
                      QCoreApplication::translate("main", "Keep per-hour roll-ups this many days."),
                      QStringLiteral("days"), QStringLiteral("730")});
}

std::optional<DesktopOptions> DesktopOptions::parse(const QCommandLineParser& parser,
                                                    bool agentSource, QString* error)
{
    DesktopOptions o;
    bool ok = false;
    const int intervalMs = parser.value(QStringLiteral("interval-ms")).toInt(&ok);
    if (!ok || intervalMs < kMinInterval.count() || intervalMs > kMaxInterval.count()) {
        *error = QStringLiteral("--interval-ms: expected %1..%2")
                     .arg(kMinInterval.count())
                     .arg(kMaxInterval.count());
        return std::nullopt;
    }
    o.interval = std::chrono::milliseconds(intervalMs);
    o.demo = parser.isSet(QStringLiteral("demo"));
    if (parser.isSet(QStringLiteral("page"))) {
        o.page = parser.value(QStringLiteral("page"));
        const QStringList pages{QStringLiteral("overview"),   QStringLiteral("processes"),
                                QStringLiteral("details"),    QStringLiteral("events"),
                                QStringLiteral("tokens"),     QStringLiteral("enforcement"),
                                QStringLiteral("fair-share"), QStringLiteral("find-gpus"),
                                QStringLiteral("prices"),     QStringLiteral("report")};
        if (!pages.contains(o.page)) {
            *error =
                QStringLiteral("--page: expected overview, processes, details, events, tokens, "
                               "enforcement, fair-share, find-gpus, prices or report, got \"%1\"")
                    .arg(o.page);
            return std::nullopt;
        }
    }
    if (parser.isSet(QStringLiteral("demo-servers"))) {
        const QString text = parser.value(QStringLiteral("demo-servers"));
        const int n = text.toInt(&ok);
        if (!ok || n < 1 || n > 64) {
            *error = QStringLiteral("--demo-servers: expected 1..64, got \"%1\"").arg(text);
            return std::nullopt;
        }
        o.demoServers = n;
        o.demo = true;
    }
    if (o.demo && agentSource) {
        *error = QStringLiteral("--demo shows a simulated fleet of its own; leave out --source");
        return std::nullopt;
    }
    // --source adds an agent; this machine is watched beside it unless
    // --no-local says otherwise.
    o.local = !o.demo && !parser.isSet(QStringLiteral("no-local"));
    if (o.local) {
        const auto sampler = samplerOptions(parser, error);
        if (!sampler)
            return std::nullopt;
        o.sampler = *sampler;
        o.backend = backendOption(parser);
    }

    if (!parser.isSet(QStringLiteral("no-history"))) {
        QString path = parser.value(QStringLiteral("history"));
        o.historyFile = HistoryFile::Given;
        if (path.isEmpty() && o.demo) {
            o.historyFile = HistoryFile::Demo; // the path comes with its folder
        } else if (path.isEmpty()) {
            path = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                   QStringLiteral("/history.sqlite");
            o.historyFile = HistoryFile::Default;
        }
        if (o.historyFile != HistoryFile::Demo)
            o.historyPath = path;
    }
    for (const auto& [option, target] :
         {std::pair{QStringLiteral("keep-raw-days"), &o.retention.rawMs},
          std::pair{QStringLiteral("keep-minutes-days"), &o.retention.minuteMs},
          std::pair{QStringLiteral("keep-hours-days"), &o.retention.hourMs}}) {
        const double days = parser.value(option).toDouble(&ok);
        if (!ok || days <= 0 || days > kMaxRetentionDays) {
            *error = QStringLiteral("--%1: expected a number of days (0 < days <= 36500), got "
                                    "\"%2\"")
                         .arg(option, parser.value(option));
            return std::nullopt;
        }
        *target = qint64(days * 24 * 3600 * 1000);
    }

    o.settingsFile = parser.value(QStringLiteral("settings"));
    if (parser.isSet(QStringLiteral("quit-after-ms"))) {
        const QString text = parser.value(QStringLiteral("quit-after-ms"));
        const int ms = text.toInt(&ok);
        if (!ok || ms <= 0) {
            *error = QStringLiteral("--quit-after-ms: expected a positive number of ms, got \"%1\"")
                         .arg(text);
            return std::nullopt;
        }
        o.quitAfter = std::chrono::milliseconds(ms);
    }
    o.screenshot = parser.value(QStringLiteral("screenshot"));
    return o;
}

QStringList DesktopOptions::withoutQtOptions(const QStringList& arguments)
{
    // QGuiApplication's and QApplication's options (Qt 6), with and without
    // a value; Qt takes them with one dash or two, and "-style=Fusion" too.
    static const QStringList withValue{QStringLiteral("platform"),
                                       QStringLiteral("platformpluginpath"),
                                       QStringLiteral("platformtheme"),
                                       QStringLiteral("plugin"),
                                       QStringLiteral("qwindowgeometry"),
                                       QStringLiteral("qwindowicon"),
                                       QStringLiteral("qwindowtitle"),
                                       QStringLiteral("qmljsdebugger"),
                                       QStringLiteral("style"),
                                       QStringLiteral("stylesheet"),
                                       QStringLiteral("session"),
                                       QStringLiteral("display"),
                                       QStringLiteral("geometry"),
                                       QStringLiteral("title"),
                                       QStringLiteral("name"),
                                       QStringLiteral("visual"),
                                       QStringLiteral("graphicssystem")};
    static const QStringList flags{QStringLiteral("reverse"), QStringLiteral("widgetcount"),
                                   QStringLiteral("nograb"),  QStringLiteral("dograb"),
                                   QStringLiteral("sync"),    QStringLiteral("testability")};
    QStringList out;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == QLatin1String("--")) { // the rest is positional
            out += arguments.mid(i);
            break;
        }
        if (i == 0 || !a.startsWith(QLatin1Char('-'))) {
            out.append(a);
            continue;
        }
        QString name = a.mid(a.startsWith(QLatin1String("--")) ? 2 : 1);
        const qsizetype eq = name.indexOf(QLatin1Char('='));
        const bool inlineValue = eq >= 0;
        if (inlineValue)
            name.truncate(eq);
        if (withValue.contains(name)) {
            if (!inlineValue)
                ++i; // its value
            continue;
        }
        if (flags.contains(name) && !inlineValue)
            continue;
        out.append(a);
    }
    return out;
}

bool DesktopOptions::prepareHistory(QString* error)
{
    if (historyFile == HistoryFile::Demo && !historyPath) {
        // A folder of this run's own, private to this user: a second demo
        // (or another user's) never shares, wipes or reads it.
        QString base = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
        if (base.isEmpty() || !QFileInfo(base).isWritable())
            base = QDir::tempPath();
        auto folder =
            std::make_shared<QTemporaryDir>(base + QStringLiteral("/gpuwarden-demo-XXXXXX"));
        if (!folder->isValid()) {
            *error = QStringLiteral("cannot make a folder for the demo's history in %1: %2")
                         .arg(base, folder->errorString());
            return false;
        }
        QFile::setPermissions(folder->path(),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        demoFolder = std::move(folder);
        historyPath = demoFolder->filePath(QStringLiteral("history.sqlite"));
    } else if (historyPath && historyFile == HistoryFile::Default) {
        QDir().mkpath(QFileInfo(*historyPath).absolutePath());
    }
    return true;
}

std::unique_ptr<QSettings> DesktopOptions::openSettings() const
{
    if (settingsFile.isEmpty())
        return std::make_unique<QSettings>();
    return std::make_unique<QSettings>(settingsFile, QSettings::IniFormat);
}

QString localPolicyPath(const QSettings& settings)
{
    const QString configured = settings.value(QLatin1String(kPolicyPathKey)).toString();
    if (!configured.isEmpty())
        return configured;
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) +
           QStringLiteral("/gpuwarden/policy.toml");
}

} // namespace gw
