#include "agent/doctor.h"

#include "agent/agentconfig.h"
#include "policy/policyconfig.h"
#include "sampling/nvmllibrary.h"
#include "sampling/procfs.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>
#include <QUrl>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/timex.h>
#include <unistd.h>

namespace gw {

namespace {

using Level = DoctorFinding::Level;

// The agent's command line speaks English, as its log does.
QString words(const char* text)
{
    return QString::fromUtf8(text);
}

DoctorFinding ok(const QString& check, const QString& text)
{
    return {Level::Ok, check, text, {}};
}

DoctorFinding warning(const QString& check, const QString& text, const QString& fix)
{
    return {Level::Warning, check, text, fix};
}

DoctorFinding error(const QString& check, const QString& text, const QString& fix)
{
    return {Level::Error, check, text, fix};
}

DoctorSetup::Clock kernelClock()
{
    timex tx = {};
    const int state = ::adjtimex(&tx);
    DoctorSetup::Clock c;
    if (state < 0)
        return c;
    c.synchronised = state != TIME_ERROR && !(tx.status & STA_UNSYNC);
    c.maxErrorMs = double(tx.maxerror) / 1000.0;
    return c;
}

std::optional<quint64> statvfsFree(const QString& path)
{
    struct statvfs st = {};
    if (::statvfs(QFile::encodeName(path).constData(), &st) != 0)
        return std::nullopt;
    return quint64(st.f_bavail) * quint64(st.f_frsize);
}

QString mib(quint64 bytes)
{
    return QStringLiteral("%1 MiB").arg(double(bytes) / (1024.0 * 1024.0), 0, 'f', 0);
}

// The effective capabilities of this process (/proc/self/status CapEff).
std::optional<quint64> effectiveCapabilities(const QString& procRoot)
{
    QFile f(procRoot + QStringLiteral("/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.startsWith("CapEff:")) {
            bool good = false;
            const quint64 caps = line.mid(7).trimmed().toULongLong(&good, 16);
            if (good)
                return caps;
        }
    }
    return std::nullopt;
}

// The hidepid= option of the /proc this process reads, from its mountinfo;
// "" when none (everything visible), absent when unknown.
std::optional<QString> hidepid(const QString& procRoot)
{
    QFile f(procRoot + QStringLiteral("/self/mountinfo"));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    for (const QByteArray& line : f.readAll().split('\n')) {
        // ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS … - FSTYPE SOURCE SUPEROPTIONS
        const qsizetype dash = line.indexOf(" - ");
        if (dash < 0)
            continue;
        const QList<QByteArray> before = line.left(dash).split(' ');
        const QList<QByteArray> after = line.mid(dash + 3).split(' ');
        if (before.size() < 5 || after.size() < 3 || before[4] != "/proc" || after[0] != "proc")
            continue;
        for (const QByteArray& option : after[2].split(','))
            if (option.startsWith("hidepid="))
                return QString::fromLatin1(option.mid(8));
        return QString();
    }
    return std::nullopt;
}

constexpr int kCapKill = 5, kCapSysNice = 23, kCapSyslog = 34;

void checkConfigFile(const QString& path, QList<DoctorFinding>& out)
{
    struct stat st = {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return;
    const QString mode = QString::number(st.st_mode & 0777, 8);
    if (st.st_mode & (S_IWGRP | S_IWOTH))
        out << error(words("config"),
                     words("%1 is writable by others (mode %2): anyone who can write it can give "
                           "themselves an admin token")
                         .arg(path, mode),
                     words("chmod 640 %1; chown root:gpuwarden %1").arg(path));
    else if (st.st_mode & S_IROTH)
        out << warning(words("config"),
                       words("%1 is readable by every user (mode %2): the tokens' hashes, peers' "
                             "addresses and token files are in it")
                           .arg(path, mode),
                       words("chmod 640 %1; chown root:gpuwarden %1").arg(path));
}

void checkListen(const AgentConfig& c, QList<DoctorFinding>& out)
{
    const bool tls = !c.tlsCertificate.isEmpty();
    const QString where = QStringLiteral("%1:%2").arg(c.listen.toString()).arg(c.port);
    const bool every = c.listen == QHostAddress::Any || c.listen == QHostAddress::AnyIPv4 ||
                       c.listen == QHostAddress::AnyIPv6;
    if (c.listen.isLoopback())
        out << ok(words("listen"),
                  words("%1, this machine only%2").arg(where, tls ? words(", TLS") : QString()));
    else if (every && !tls && qEnvironmentVariableIsSet("KUBERNETES_SERVICE_HOST"))
        // In a pod, every interface is the pod's own network namespace.
        out << warning(words("listen"),
                       words("%1: every interface of this pod, without TLS: tokens and "
                             "readings cross the cluster's network in clear")
                           .arg(where),
                       words("restrict the pod with a NetworkPolicy, or set [tls] with a "
                             "certificate from a Secret"));
    else if (every && !tls)
        out << error(words("listen"),
                     words("%1: every interface, without TLS: tokens and readings cross the "
                           "network in clear")
                         .arg(where),
                     words("set [tls] certificate and key in agent.toml, or listen on one address "
                           "of a trusted network"));
    else if (!tls)
        out << warning(
            words("listen"),
            words("%1 without TLS: tokens and readings cross that network in clear").arg(where),
            words("set [tls] certificate and key in agent.toml"));
    else
        out << ok(words("listen"), words("%1 with TLS").arg(where));
    for (const QString& file : {c.tlsCertificate, c.tlsKey}) {
        if (!file.isEmpty() && !QFileInfo(file).isReadable())
            out << error(words("listen"), words("%1 cannot be read").arg(file),
                         words("check the path and that the agent's user may read it"));
    }
}

void checkNvml(const DoctorSetup& setup, const std::optional<AgentConfig>& c,
               QList<DoctorFinding>& out)
{
    NvmlLibrary nvml;
    const bool asked = c && c->backend == QLatin1String("nvml");
    if (!nvml.load(setup.nvmlLibrary)) {
        const QString text = words("NVML not usable: %1").arg(nvml.error());
        if (asked)
            out << error(
                words("nvml"), text,
                words("backend = \"nvml\" is set: install the NVIDIA driver, or set backend "
                      "= \"auto\""));
        else
            out << warning(words("nvml"), text,
                           words("on a machine with NVIDIA GPUs, install the driver "
                                 "(nvidia-driver); elsewhere nothing to do: nvidia-smi, amdgpu or "
                                 "the host alone are read instead"));
        return;
    }
    char driver[96] = {};
    QString version;
    if (nvml.systemGetDriverVersion &&
        nvml.systemGetDriverVersion(driver, sizeof driver) == nvml::SUCCESS)
        version = QString::fromLatin1(driver);
    unsigned count = 0;
    const nvml::Return rc = nvml.deviceGetCount(&count);
    if (rc != nvml::SUCCESS) {
        out << error(words("nvml"), nvml.describe("nvmlDeviceGetCount", rc),
                     words("check the driver (nvidia-smi) and the agent's access to /dev/nvidia*"));
        return;
    }
    const QString text = words("driver %1, %2 GPU(s)")
                             .arg(version.isEmpty() ? words("of unknown version") : version)
                             .arg(count);
    if (count == 0)
        out << warning(words("nvml"), text,
                       words("the driver sees no GPU: check nvidia-smi and the kernel log"));
    else
        out << ok(words("nvml"), text);
}

void checkProcesses(const DoctorSetup& setup, QList<DoctorFinding>& out)
{
    if (inOwnPidNamespace(setup.procRoot).value_or(false))
        out << error(
            words("processes"),
            words("in a PID namespace of its own: the driver's pids are the host's, so no "
                  "GPU process can be told who it belongs to"),
            words("run in the host's PID namespace (Kubernetes hostPID: true, podman/docker "
                  "--pid=host)"));
    const std::optional<QString> hide = hidepid(setup.procRoot);
    const bool root = ::geteuid() == 0;
    if (hide && !hide->isEmpty() && *hide != QLatin1String("0") && *hide != QLatin1String("off") &&
        !root)
        out << warning(words("processes"),
                       words("/proc is mounted with hidepid=%1: other users' processes are hidden "
                             "from the agent")
                           .arg(*hide),
                       words("add the agent's user to the group /proc's gid= option names, or "
                             "mount /proc without hidepid"));
    else
        out << ok(words("processes"), root
                                          ? words("every process visible (root)")
                                          : words("every process visible (/proc without hidepid)"));
    const std::optional<quint64> caps = effectiveCapabilities(setup.procRoot);
    if (root || !caps) {
        if (!caps && !root)
            out << warning(words("processes"), words("the agent's capabilities cannot be read"),
                           {});
        return;
    }
    QStringList missing;
    if (!(*caps & (quint64(1) << kCapKill)))
        missing << QStringLiteral("CAP_KILL");
    if (!(*caps & (quint64(1) << kCapSysNice)))
        missing << QStringLiteral("CAP_SYS_NICE");
    if (missing.isEmpty())
        out << ok(words("processes"), words("other users' processes can be signalled and reniced"));
    else
        out << warning(words("processes"),
                       words("without %1: [idle] action = \"terminate\" and enforcement cannot act "
                             "on other users' processes")
                           .arg(missing.join(QStringLiteral(", "))),
                       words("where the policies act, run from the package's unit (it grants "
                             "them); where they only notify, nothing to do"));
}

void checkKernelLog(const AgentConfig& c, QList<DoctorFinding>& out)
{
    if (c.kernelLog.isEmpty()) {
        out << ok(words("kernel log"),
                  words("not read (kernel_log = \"\"): XIDs from NVML's events only"));
        return;
    }
    const int fd = ::open(QFile::encodeName(c.kernelLog).constData(), O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        out << warning(words("kernel log"),
                       words("%1 cannot be read (%2): XIDs from while the agent was down are not "
                             "found")
                           .arg(c.kernelLog, QString::fromLocal8Bit(std::strerror(errno))),
                       words("grant CAP_SYSLOG (the package's unit does), or set "
                             "kernel.dmesg_restrict = 0"));
        return;
    }
    ::close(fd);
    out << ok(words("kernel log"), words("%1 readable").arg(c.kernelLog));
}

void checkFolder(const DoctorSetup& setup, const QString& check, const QString& file,
                 quint64 needBytes, QList<DoctorFinding>& out)
{
    const QString dir = QFileInfo(file).absolutePath();
    if (!QFileInfo(dir).isDir()) {
        out << error(check, words("%1: the folder %2 does not exist").arg(file, dir),
                     words("create it, owned by the agent's user (the package's unit makes "
                           "/var/lib/gpuwarden)"));
        return;
    }
    if (::access(QFile::encodeName(dir).constData(), W_OK) != 0) {
        out << error(check, words("%1: the folder %2 is not writable").arg(file, dir),
                     words("give the agent's user write access to it"));
        return;
    }
    const std::optional<quint64> free = setup.freeBytes ? setup.freeBytes(dir) : statvfsFree(dir);
    if (!free) {
        out << ok(check, words("%1 writable (free space unknown)").arg(file));
        return;
    }
    const QString text =
        words("%1 writable; %2 free, about %3 needed").arg(file, mib(*free), mib(needBytes));
    if (*free < needBytes)
        out << error(check, text, words("free space, or shorten the retention in agent.toml"));
    else if (*free < 2 * needBytes)
        out << warning(check, text, words("less than twice what the retention needs: free space"));
    else
        out << ok(check, text);
}

void checkClock(const DoctorSetup& setup, QList<DoctorFinding>& out)
{
    const DoctorSetup::Clock c = setup.clock ? setup.clock() : kernelClock();
    if (!c.synchronised)
        out << warning(words("clock"), words("whether the clock is synchronised is unknown"),
                       words("run an NTP client (systemd-timesyncd, chrony)"));
    else if (!*c.synchronised)
        out << warning(words("clock"),
                       words("not synchronised: readings carry this machine's time, and desktops "
                             "judge staleness and line servers up by it"),
                       words("enable an NTP client (systemctl enable --now systemd-timesyncd, or "
                             "chrony)"));
    else
        out << ok(words("clock"),
                  c.maxErrorMs
                      ? words("synchronised (maximum error %1 ms)").arg(*c.maxErrorMs, 0, 'f', 1)
                      : words("synchronised"));
}

std::optional<PolicyConfig> checkPolicy(const AgentConfig& c, QList<DoctorFinding>& out)
{
    if (c.policyPath.isEmpty()) {
        out << ok(words("policy"), words("built-in defaults (no [policy] path)"));
        return PolicyConfig{};
    }
    const PolicyParseResult parsed = loadPolicyFile(c.policyPath);
    for (const QString& e : parsed.errors)
        out << error(words("policy"), e, words("the agent does not start with this file: fix it"));
    for (const QString& w : parsed.warnings)
        out << warning(words("policy"), w, {});
    if (parsed.config && parsed.warnings.isEmpty())
        out << ok(words("policy"), words("%1 read").arg(c.policyPath));
    return parsed.config;
}

void checkWebhook(const DoctorSetup& setup, const PolicyConfig& policy, QList<DoctorFinding>& out)
{
    const QUrl url(policy.alerts.webhookUrl);
    if (policy.alerts.webhookUrl.isEmpty())
        return;
    // Webhook URLs carry their secret in the path: only scheme and host shown.
    const QString shown = url.scheme() + QStringLiteral("://") + url.authority();
    // Asked with GET (no message posted): any HTTP answer, even 405, says
    // the receiver is there.
    QNetworkAccessManager nam;
    QNetworkRequest request(url);
    request.setTransferTimeout(setup.webhookTimeoutMs);
    QNetworkReply* reply = nam.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(setup.webhookTimeoutMs + 500, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (status.isValid())
        out << ok(words("webhook"),
                  words("%1 answers (HTTP %2 to a GET)").arg(shown).arg(status.toInt()));
    else
        out << warning(
            words("webhook"),
            words("%1 does not answer: %2")
                .arg(shown, reply->isFinished()
                                ? reply->errorString()
                                : words("no answer in %1 s").arg(setup.webhookTimeoutMs / 1000)),
            words("check the URL in policy.toml ([alerts] webhook_url) and the way out "
                  "from this machine"));
    reply->abort();
    reply->deleteLater();
}

// [contacts] (docs/notices.md): what the notices to owners need is there.
void checkContacts(const PolicyConfig& policy, QList<DoctorFinding>& out)
{
    const PolicyConfig::Contacts& c = policy.contacts;
    if (!c.enabled)
        return;
    const QString check = words("notices");
    int problems = 0;
    const auto warn = [&](const QString& text, const QString& fix) {
        out << warning(check, text, fix);
        ++problems;
    };
    if (c.smtpRelay.isEmpty() && !QFileInfo(c.sendmail).isExecutable())
        warn(words("%1 is not an executable program: mail notices fail").arg(c.sendmail),
             words("install a mail transfer agent (msmtp-mta, postfix, …), or set [contacts] "
                   "sendmail or smtp_relay"));
    const bool rooms = std::any_of(c.list.begin(), c.list.end(),
                                   [](const ContactSpec& x) { return !x.matrixRoom.isEmpty(); });
    if (rooms && c.matrixHomeserver.isEmpty())
        warn(words("Matrix rooms are listed but [contacts] has no matrix_homeserver"),
             words("set matrix_homeserver and matrix_token_file"));
    if (!c.matrixHomeserver.isEmpty()) {
        QFile token(c.matrixTokenFile);
        if (c.matrixTokenFile.isEmpty() || !token.open(QIODevice::ReadOnly) ||
            token.read(4096).trimmed().isEmpty())
            warn(words("the Matrix token file %1 cannot be read or is empty")
                     .arg(c.matrixTokenFile.isEmpty() ? words("(none set)") : c.matrixTokenFile),
                 words("put the access token of the agent's Matrix account in it (mode 0600)"));
    }
    if (c.terminals && !QFileInfo(c.utmp).isReadable())
        warn(words("%1 cannot be read: no notice reaches a terminal").arg(c.utmp),
             words("set [contacts] utmp, or terminals = false"));
    int inFile = 0;
    if (!c.file.isEmpty()) {
        QFile f(c.file);
        if (!f.open(QIODevice::ReadOnly)) {
            warn(words("the contacts file %1: %2").arg(c.file, f.errorString()),
                 words("create it, or leave [contacts] file out"));
        } else {
            const ContactsFileResult r = parseContactsFile(f.readAll(), c.file);
            for (const QString& e : r.errors)
                warn(e, words("fix the contacts file: until then its people are not told"));
            inFile = int(r.contacts.size());
        }
    }
    if (!c.templates.isEmpty()) {
        const QDir dir(c.templates);
        if (!dir.exists())
            warn(words("the templates folder %1 does not exist").arg(c.templates),
                 words("create it, or leave [contacts] templates out"));
        for (const QFileInfo& t : dir.entryInfoList({QStringLiteral("*.txt")}, QDir::Files)) {
            QFile f(t.filePath());
            if (!f.open(QIODevice::ReadOnly) || !f.readLine().startsWith("Subject:"))
                warn(words("%1: the first line must be \"Subject: …\"; the built-in text is used")
                         .arg(t.filePath()),
                     {});
        }
    }
    if (problems == 0)
        out << ok(check,
                  words("%1 listed in policy.toml, %2 in the contacts file; mail through %3")
                      .arg(c.list.size())
                      .arg(inFile)
                      .arg(c.smtpRelay.isEmpty() ? c.sendmail : redactedWebhookUrl(c.smtpRelay)));
}

} // namespace

QList<DoctorFinding> runDoctor(const DoctorSetup& setup)
{
    QList<DoctorFinding> out;
    QString why;
    const std::optional<AgentConfig> config = AgentConfig::load(setup.configPath, &why);
    if (config)
        out << ok(words("config"),
                  words("%1 read: %2 token(s)").arg(setup.configPath).arg(config->tokens.size()));
    else
        out << error(words("config"), why,
                     words("the agent does not start with this file: fix it"));
    checkConfigFile(setup.configPath, out);
    if (config && config->tokens.isEmpty())
        out << warning(words("config"), words("no [[token]]: every route but /healthz answers 401"),
                       words("gpuwarden-agent token new --name NAME --scope read|allocate|admin, "
                             "then systemctl reload gpuwarden-agent"));
    if (config) {
        // The example file's placeholder: no token has that hash.
        for (const AgentToken& t : config->tokens)
            if (t.sha256 == QByteArray(32, '\0'))
                out << warning(words("config"),
                               words("token \"%1\" has the example's placeholder hash (all "
                                     "zeros): no token matches it")
                                   .arg(t.name),
                               words("gpuwarden-agent token new --name NAME --scope SCOPE, then "
                                     "gpuwarden-agent token revoke %1")
                                   .arg(t.name));
    }
    if (config)
        checkListen(*config, out);
    checkNvml(setup, config, out);
    checkProcesses(setup, out);
    if (!config) {
        checkClock(setup, out);
        return out;
    }
    checkKernelLog(*config, out);
    const qint64 readingsPerHour = 3'600'000 / std::max(1, config->intervalMs);
    if (!config->journalPath.isEmpty())
        checkFolder(setup, words("journal"), config->journalPath,
                    quint64(readingsPerHour) * quint64(config->journalRetention.count()) *
                        kDoctorJournalBytesPerReading,
                    out);
    else
        out << warning(words("journal"),
                       words("none: a restart starts a new stream and loses what "
                             "clients had not fetched"),
                       words("set [journal] path (the default is in /var/lib/gpuwarden)"));
    if (!config->historyPath.isEmpty())
        checkFolder(setup, words("history"), config->historyPath,
                    quint64(readingsPerHour) * 24 * kDoctorJournalBytesPerReading, out);
    checkClock(setup, out);
    if (const std::optional<PolicyConfig> policy = checkPolicy(*config, out)) {
        checkWebhook(setup, *policy, out);
        checkContacts(*policy, out);
    }
    return out;
}

int runDoctorCommand(const QStringList& arguments, const QString& defaultConfig)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Checks this installation of the agent and says what to do about each "
                       "finding. Exit status: 0 all ok, 1 a warning, 2 an error."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("config"),
                      QStringLiteral("Agent configuration (default %1).").arg(defaultConfig),
                      QStringLiteral("file")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print the findings as JSON.")});
    parser.addOption({QStringLiteral("nvml-library"),
                      QStringLiteral("NVML library to load (default libnvidia-ml.so.1)."),
                      QStringLiteral("file")});
    if (!parser.parse(QStringList{QStringLiteral("gpuwarden-agent doctor")} + arguments) ||
        !parser.positionalArguments().isEmpty()) {
        std::fprintf(stderr, "gpuwarden-agent doctor: %s\n",
                     qPrintable(parser.errorText().isEmpty()
                                    ? QStringLiteral("takes no arguments but options")
                                    : parser.errorText()));
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        std::fprintf(stdout, "%s", qPrintable(parser.helpText()));
        return 0;
    }
    DoctorSetup setup;
    setup.configPath = parser.isSet(QStringLiteral("config"))
                           ? parser.value(QStringLiteral("config"))
                           : defaultConfig;
    if (parser.isSet(QStringLiteral("nvml-library")))
        setup.nvmlLibrary = parser.value(QStringLiteral("nvml-library"));
    const QList<DoctorFinding> findings = runDoctor(setup);
    if (parser.isSet(QStringLiteral("json")))
        std::fprintf(
            stdout, "%s\n",
            QJsonDocument(QJsonObject{{QStringLiteral("findings"), doctorJson(findings)},
                                      {QStringLiteral("status"), doctorExitCode(findings)}})
                .toJson(QJsonDocument::Indented)
                .constData());
    else
        std::fprintf(stdout, "%s", qPrintable(doctorText(findings)));
    return doctorExitCode(findings);
}

} // namespace gw
