// `gpuwarden-agent doctor` (core/agent/doctor): each check's finding on a
// set-up made for it (the real NVML loader on the fake driver and on none,
// a /proc of the test's own for hidepid and the PID namespace, a clock and
// free space given, a webhook that answers and one that does not), the exit
// status from the worst finding, and the real binary on a machine without a
// GPU.

#include "agent/doctor.h"
#include "agentcall.h"
#include "agentprocess.h"
#include "freeport.h"
#include "webhookreceiver.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using Level = DoctorFinding::Level;

namespace {

bool writeFile(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

// A /proc of the test's own in `dir`: its mount options, NSpid and CapEff.
bool fakeProc(const QString& dir, const QByteArray& mountOptions, const QByteArray& nspid,
              const QByteArray& capEff)
{
    return writeFile(dir + QStringLiteral("/self/mountinfo"),
                     "22 1 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc " +
                         mountOptions + "\n") &&
           writeFile(dir + QStringLiteral("/self/status"),
                     "Name:\tgpuwarden-agent\nNSpid:\t" + nspid + "\nCapEff:\t" + capEff + "\n");
}

QList<DoctorFinding> of(const QList<DoctorFinding>& all, const QString& check)
{
    QList<DoctorFinding> out;
    for (const DoctorFinding& f : all)
        if (f.check == check)
            out << f;
    return out;
}

QString listed(const QList<DoctorFinding>& all)
{
    return doctorText(all);
}

} // namespace

class TestAgentDoctor : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    // agent.toml with `agentLines` in [agent], a journal in the test's
    // folder, `more` after it, admin token "t", mode 0640.
    QString config(const QByteArray& agentLines, const QByteArray& more = {})
    {
        const QString path = m_dir.filePath(QStringLiteral("agent.toml"));
        writeFile(path, "[agent]\n" + agentLines + "[journal]\npath = \"" +
                            m_dir.filePath(QStringLiteral("state/journal.sqlite")).toUtf8() +
                            "\"\n" + more + "[[token]]\nname = \"t\"\nsha256 = \"" +
                            test::tokenHash("t") + "\"\nscope = \"admin\"\n");
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
        return path;
    }

    DoctorSetup setup(const QString& configPath)
    {
        DoctorSetup s;
        s.configPath = configPath;
        s.nvmlLibrary = QStringLiteral(GW_FAKE_NVML);
        s.clock = [] {
            return DoctorSetup::Clock{true, 12.5};
        };
        s.freeBytes = [](const QString&) {
            return std::optional<quint64>(quint64(100) << 30);
        };
        s.webhookTimeoutMs = 2000;
        return s;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("state"))));
        qputenv("GW_FAKE_NVML_SCENARIO", GW_NVML_SCENARIOS "/basic.scenario");
    }

    void aGoodInstallationIsAllOk()
    {
        // A /proc as the package's unit gives it, whoever runs the test:
        // no hidepid, the host's PID namespace, CAP_KILL and CAP_SYS_NICE.
        const QString proc = m_dir.filePath(QStringLiteral("proc-good"));
        QVERIFY(fakeProc(proc, "rw", "4242", "0000000400800020"));
        // A kernel log anyone may read (/dev/kmsg needs CAP_SYSLOG where
        // kernel.dmesg_restrict = 1).
        const QString kmsg = m_dir.filePath(QStringLiteral("kmsg"));
        QVERIFY(writeFile(kmsg, "6,1,1,-;Linux version 6.1\n"));
        DoctorSetup s = setup(config("kernel_log = \"" + kmsg.toUtf8() + "\"\n"));
        s.procRoot = proc;
        const QList<DoctorFinding> all = runDoctor(s);
        for (const DoctorFinding& f : all)
            QVERIFY2(f.level == Level::Ok, qPrintable(listed(all)));
        QCOMPARE(doctorExitCode(all), 0);
        const QList<DoctorFinding> nvml = of(all, QStringLiteral("nvml"));
        QCOMPARE(nvml.size(), 1);
        QVERIFY2(nvml[0].text.startsWith(QStringLiteral("driver 550.54.15, ")),
                 qPrintable(nvml[0].text));
        QVERIFY(of(all, QStringLiteral("clock"))[0].text.contains(QStringLiteral("12.5 ms")));
        QVERIFY(of(all, QStringLiteral("listen"))[0].text.startsWith(
            QStringLiteral("127.0.0.1:9807, this machine only")));
        // Text: the level, the check, what was found; JSON the same.
        QVERIFY(doctorText(all).startsWith(QStringLiteral("ok       config      ")));
        QCOMPARE(doctorJson(all).size(), all.size());
        QCOMPARE(doctorJson(all)[0].toObject()[QStringLiteral("level")].toString(),
                 QStringLiteral("ok"));
    }

    void everyInterfaceWithoutTlsIsAnError()
    {
        const QList<DoctorFinding> all = runDoctor(setup(config("listen = \"0.0.0.0\"\n")));
        const QList<DoctorFinding> listen = of(all, QStringLiteral("listen"));
        QCOMPARE(listen.size(), 1);
        QCOMPARE(listen[0].level, Level::Error);
        QVERIFY(listen[0].text.contains(QStringLiteral("every interface, without TLS")));
        QVERIFY(listen[0].fix.contains(QStringLiteral("[tls]")));
        QCOMPARE(doctorExitCode(all), 2);
        // In a Kubernetes pod every interface is the pod's network: a warning.
        qputenv("KUBERNETES_SERVICE_HOST", "10.96.0.1");
        const QList<DoctorFinding> pod =
            of(runDoctor(setup(config("listen = \"0.0.0.0\"\n"))), QStringLiteral("listen"));
        qunsetenv("KUBERNETES_SERVICE_HOST");
        QCOMPARE(pod[0].level, Level::Warning);
        QVERIFY(pod[0].fix.contains(QStringLiteral("NetworkPolicy")));
    }

    void noDriverIsAWarningUnlessNvmlIsAskedFor()
    {
        DoctorSetup s = setup(config(""));
        s.nvmlLibrary = m_dir.filePath(QStringLiteral("no-libnvidia-ml.so.1"));
        QList<DoctorFinding> nvml = of(runDoctor(s), QStringLiteral("nvml"));
        QCOMPARE(nvml.size(), 1);
        QCOMPARE(nvml[0].level, Level::Warning);
        QVERIFY2(nvml[0].text.startsWith(QStringLiteral("NVML not usable: ")),
                 qPrintable(nvml[0].text));
        s.configPath = config("backend = \"nvml\"\n");
        nvml = of(runDoctor(s), QStringLiteral("nvml"));
        QCOMPARE(nvml[0].level, Level::Error);
    }

    void hiddenProcessesAndAPidNamespaceAreSaid()
    {
        // A /proc of the test's own: hidepid=2 in its mountinfo, and a PID
        // namespace below the host's (NSpid lists two pids).
        const QString proc = m_dir.filePath(QStringLiteral("proc"));
        QVERIFY(fakeProc(proc, "rw,hidepid=2,gid=27", "4242\t7", "0000000000000020"));
        DoctorSetup s = setup(config(""));
        s.procRoot = proc;
        const QList<DoctorFinding> found = of(runDoctor(s), QStringLiteral("processes"));
        QVERIFY2(!found.isEmpty() && found[0].level == Level::Error &&
                     found[0].text.contains(QStringLiteral("PID namespace of its own")),
                 qPrintable(listed(found)));
        QVERIFY(found[0].fix.contains(QStringLiteral("hostPID: true")));
        if (::geteuid() != 0) {
            // As root, hidepid hides nothing and the capabilities are all there.
            QVERIFY2(listed(found).contains(QStringLiteral("hidepid=2")),
                     qPrintable(listed(found)));
            QVERIFY(listed(found).contains(QStringLiteral("without CAP_SYS_NICE")));
        }
    }

    void foldersFreeSpaceAndTheClock()
    {
        // A journal folder that is not there: an error that says which.
        const QString path = m_dir.filePath(QStringLiteral("agent.toml"));
        QVERIFY(writeFile(path, "[journal]\npath = \"" +
                                    m_dir.filePath(QStringLiteral("gone/journal.sqlite")).toUtf8() +
                                    "\"\n[[token]]\nname = \"t\"\nsha256 = \"" +
                                    test::tokenHash("t") + "\"\n"));
        QList<DoctorFinding> journal = of(runDoctor(setup(path)), QStringLiteral("journal"));
        QCOMPARE(journal.size(), 1);
        QCOMPARE(journal[0].level, Level::Error);
        QVERIFY(journal[0].text.contains(QStringLiteral("does not exist")));

        // Free space against the retention: 24 h at 1 Hz.
        const quint64 need = 86'400 * kDoctorJournalBytesPerReading;
        DoctorSetup s = setup(config(""));
        s.freeBytes = [&](const QString&) {
            return std::optional<quint64>(need / 2);
        };
        journal = of(runDoctor(s), QStringLiteral("journal"));
        QCOMPARE(journal[0].level, Level::Error);
        s.freeBytes = [&](const QString&) {
            return std::optional<quint64>(need + need / 2);
        };
        journal = of(runDoctor(s), QStringLiteral("journal"));
        QCOMPARE(journal[0].level, Level::Warning);

        // The clock.
        s.clock = [] {
            return DoctorSetup::Clock{false, std::nullopt};
        };
        QList<DoctorFinding> clock = of(runDoctor(s), QStringLiteral("clock"));
        QCOMPARE(clock[0].level, Level::Warning);
        QVERIFY(clock[0].fix.contains(QStringLiteral("NTP")));
    }

    void aConfigOrPolicyTheAgentRefusesIsAnError()
    {
        const QString path = m_dir.filePath(QStringLiteral("broken.toml"));
        QVERIFY(writeFile(path, "[agent]\nport = 70000\n"));
        QList<DoctorFinding> all = runDoctor(setup(path));
        QCOMPARE(all[0].level, Level::Error);
        QVERIFY2(all[0].text.startsWith(path + QStringLiteral(":2:")), qPrintable(all[0].text));
        QCOMPARE(doctorExitCode(all), 2);
        // The checks that need no config still run.
        QVERIFY(!of(all, QStringLiteral("nvml")).isEmpty());
        QVERIFY(!of(all, QStringLiteral("clock")).isEmpty());

        const QString policy = m_dir.filePath(QStringLiteral("policy.toml"));
        QVERIFY(writeFile(policy, "[hog]\nthreshold_percent = 150\n"));
        all = runDoctor(setup(config("", "[policy]\npath = \"" + policy.toUtf8() + "\"\n")));
        const QList<DoctorFinding> p = of(all, QStringLiteral("policy"));
        QVERIFY(!p.isEmpty());
        QCOMPARE(p[0].level, Level::Error);
        QVERIFY2(p[0].text.startsWith(policy + QStringLiteral(":2:")), qPrintable(p[0].text));
    }

    void theExamplesPlaceholderTokenIsAWarning()
    {
        const QString path = config("", "[[token]]\nname = \"workstation\"\nsha256 = \"" +
                                            QByteArray(64, '0') + "\"\n");
        const QList<DoctorFinding> c = of(runDoctor(setup(path)), QStringLiteral("config"));
        QCOMPARE(c.size(), 2);
        QCOMPARE(c[1].level, Level::Warning);
        QVERIFY(
            c[1].text.contains(QStringLiteral("\"workstation\" has the example's placeholder")));
        QVERIFY(c[1].fix.endsWith(QStringLiteral("token revoke workstation")));
    }

    void noTokenIsAWarning()
    {
        const QString path = m_dir.filePath(QStringLiteral("notoken.toml"));
        QVERIFY(writeFile(path, "[agent]\nport = 9807\n"));
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner));
        const QList<DoctorFinding> c = of(runDoctor(setup(path)), QStringLiteral("config"));
        QCOMPARE(c.size(), 2);
        QCOMPARE(c[0].level, Level::Ok);
        QVERIFY2(c[0].text.endsWith(QStringLiteral("read: 0 token(s)")), qPrintable(c[0].text));
        QCOMPARE(c[1].level, Level::Warning);
        QVERIFY(c[1].text.contains(QStringLiteral("every route but /healthz answers 401")));
        QVERIFY(c[1].fix.startsWith(QStringLiteral("gpuwarden-agent token new")));
    }

    void aWorldReadableConfigIsAWarning()
    {
        const QString path = config("");
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner |
                                                QFile::ReadGroup | QFile::ReadOther));
        const QList<DoctorFinding> c = of(runDoctor(setup(path)), QStringLiteral("config"));
        QCOMPARE(c.size(), 2);
        QCOMPARE(c[1].level, Level::Warning);
        QVERIFY(c[1].text.contains(QStringLiteral("mode 644")));
        QVERIFY(c[1].fix.startsWith(QStringLiteral("chmod 640 ")));
    }

    void theWebhookIsAskedWithoutPostingAMessage()
    {
        test::WebhookReceiver receiver;
        QVERIFY(receiver.listen());
        const QString policy = m_dir.filePath(QStringLiteral("hook.toml"));
        QVERIFY(writeFile(policy, "[alerts]\nwebhook_url = \"http://127.0.0.1:" +
                                      QByteArray::number(receiver.port()) +
                                      "/services/T000/B000/secret\"\n"));
        const QString path = config("", "[policy]\npath = \"" + policy.toUtf8() + "\"\n");
        QList<DoctorFinding> hook = of(runDoctor(setup(path)), QStringLiteral("webhook"));
        QCOMPARE(hook.size(), 1);
        QCOMPARE(hook[0].level, Level::Ok);
        QVERIFY2(hook[0].text.contains(QStringLiteral("answers (HTTP")), qPrintable(hook[0].text));
        QVERIFY(!hook[0].text.contains(QStringLiteral("secret"))); // the path is the secret
        for (const auto& r : receiver.requests)
            QVERIFY(r.method != "POST");

        // Nobody there: a warning.
        QVERIFY(writeFile(policy, "[alerts]\nwebhook_url = \"http://127.0.0.1:" +
                                      QByteArray::number(test::freePort()) + "/hook\"\n"));
        hook = of(runDoctor(setup(path)), QStringLiteral("webhook"));
        QCOMPARE(hook[0].level, Level::Warning);
        QVERIFY(hook[0].text.contains(QStringLiteral("does not answer")));
    }

    void theNoticesWaysAreChecked()
    {
        // [contacts] (docs/notices.md): a sendmail that is not there, a
        // Matrix token file that is empty, a contacts file with a mistake,
        // a template without its subject line: each a warning.
        const QString policy = m_dir.filePath(QStringLiteral("contacts.toml"));
        const QString people = m_dir.filePath(QStringLiteral("people.toml"));
        const QString token = m_dir.filePath(QStringLiteral("matrix.token"));
        const QString templates = m_dir.filePath(QStringLiteral("notices"));
        QVERIFY(QDir().mkpath(templates));
        QVERIFY(writeFile(people, "[alice]\nemail = \"nope\"\n"));
        QVERIFY(writeFile(token, "\n"));
        QVERIFY(writeFile(templates + QStringLiteral("/idle.txt"), "Hello {user}\n"));
        QVERIFY(writeFile(policy, "[contacts]\nsendmail = \"/nonexistent/sendmail\"\nfile = \"" +
                                      people.toUtf8() +
                                      "\"\nmatrix_homeserver = \"https://m.example.org\"\n"
                                      "matrix_token_file = \"" +
                                      token.toUtf8() + "\"\ntemplates = \"" + templates.toUtf8() +
                                      "\"\nterminals = false\n"));
        const QString path = config("", "[policy]\npath = \"" + policy.toUtf8() + "\"\n");
        QStringList said;
        for (const DoctorFinding& f : of(runDoctor(setup(path)), QStringLiteral("notices"))) {
            QCOMPARE(f.level, Level::Warning);
            said << f.text;
        }
        QCOMPARE(said.size(), 4);
        QCOMPARE(said[0], QStringLiteral("/nonexistent/sendmail is not an executable program: mail "
                                         "notices fail"));
        QCOMPARE(said[1],
                 QStringLiteral("the Matrix token file %1 cannot be read or is empty").arg(token));
        QVERIFY2(said[2].startsWith(people + QStringLiteral(":2:9: ")), qPrintable(said[2]));
        QCOMPARE(said[3], templates + QStringLiteral("/idle.txt: the first line must be \"Subject: "
                                                     "…\"; the built-in text is used"));
        // All there: one line that says so.
        QVERIFY(writeFile(people, "[alice]\nemail = \"alice@lab.example\"\n"));
        QVERIFY(writeFile(token, "syt_x\n"));
        QVERIFY(writeFile(templates + QStringLiteral("/idle.txt"), "Subject: {server}\n\nHi\n"));
        QVERIFY(writeFile(policy, "[contacts]\nsendmail = \"/bin/sh\"\nfile = \"" +
                                      people.toUtf8() + "\"\nterminals = false\n"));
        const QList<DoctorFinding> fine = of(runDoctor(setup(path)), QStringLiteral("notices"));
        QCOMPARE(fine.size(), 1);
        QCOMPARE(fine[0].level, Level::Ok);
        QCOMPARE(fine[0].text, QStringLiteral("0 listed in policy.toml, 1 in the contacts file; "
                                              "mail through /bin/sh"));
    }

    void aRunningAgentChecksItselfForTheCommandLine()
    {
        // GET /v1/doctor (admin) runs the same checks as the agent runs; the
        // command line prints them and exits with their worst.
        const QString path = config("", "[[token]]\nname = \"r\"\nsha256 = \"" +
                                            test::tokenHash("r") + "\"\nscope = \"read\"\n");
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
        QProcess agent;
        const quint16 port = test::startDemoAgent(agent, QStringLiteral(GW_AGENT), path);
        QVERIFY(port != 0);
        QNetworkAccessManager nam;
        const test::AgentReply reply =
            test::callAgent(nam, port, QStringLiteral("/v1/doctor"), "t");
        QCOMPARE(reply.status, 200);
        QString error;
        const auto findings =
            doctorFromJson(reply.json()[QStringLiteral("findings")].toArray(), &error);
        QVERIFY2(findings, qPrintable(error));
        QVERIFY(!of(*findings, QStringLiteral("config")).isEmpty());
        QCOMPARE(of(*findings, QStringLiteral("config"))[0].text,
                 path + QStringLiteral(" read: 2 token(s)"));
        QCOMPARE(reply.json()[QStringLiteral("status")].toInt(), doctorExitCode(*findings));
        // A read token may not ask.
        QCOMPARE(test::callAgent(nam, port, QStringLiteral("/v1/doctor"), "r").status, 403);

        QProcess cli;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("GPUWARDEN_TOKEN"), QStringLiteral("t"));
        cli.setProcessEnvironment(env);
        cli.start(QStringLiteral(GW_CLI), {QStringLiteral("doctor"), QStringLiteral("--source"),
                                           QStringLiteral("http://127.0.0.1:%1").arg(port)});
        QVERIFY(cli.waitForFinished(30'000));
        QCOMPARE(cli.exitCode(), doctorExitCode(*findings));
        // The same findings; their figures (free MiB, the clock's error) are
        // of a second run a moment later, which other tests' files move.
        const auto figuresOut = [](QString text) {
            static const QRegularExpression number(QStringLiteral("\\d+(\\.\\d+)?"));
            return text.replace(number, QStringLiteral("N"));
        };
        QCOMPARE(figuresOut(QString::fromUtf8(cli.readAllStandardOutput())),
                 figuresOut(doctorText(*findings)));
        agent.terminate();
        QVERIFY(agent.waitForFinished(10'000));

        // A demo without agent.toml has no installation to check.
        QProcess demo;
        demo.start(QStringLiteral(GW_AGENT),
                   {QStringLiteral("--demo"), QStringLiteral("--port"), QStringLiteral("0")});
        QVERIFY(demo.waitForReadyRead(10'000));
        const QByteArray demoLine = demo.readLine().trimmed();
        const quint16 demoPort = quint16(demoLine.mid(demoLine.lastIndexOf(':') + 1).toUInt());
        QByteArray err;
        QTRY_VERIFY((err += demo.readAllStandardError()).contains("token for this run (admin): "));
        const qsizetype at = err.indexOf("token for this run (admin): ") + 28;
        const QByteArray demoToken = err.mid(at, err.indexOf('\n', at) - at).trimmed();
        const test::AgentReply none =
            test::callAgent(nam, demoPort, QStringLiteral("/v1/doctor"), demoToken);
        QCOMPARE(none.status, 404);
        QVERIFY(none.body.contains("no_config"));
        demo.terminate();
        QVERIFY(demo.waitForFinished(10'000));
    }

    void theBinaryOnAMachineWithoutAGpu()
    {
        // No driver here (a library that is not there): the nvml warning at
        // least, so exit status 1 or 2, and the same findings as JSON.
        const QString path = config("");
        QProcess p;
        p.start(QStringLiteral(GW_AGENT),
                {QStringLiteral("doctor"), QStringLiteral("--config"), path,
                 QStringLiteral("--nvml-library"), m_dir.filePath(QStringLiteral("none.so")),
                 QStringLiteral("--json")});
        QVERIFY(p.waitForFinished(20'000));
        const QJsonObject o = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
        QVERIFY(p.exitCode() == 1 || p.exitCode() == 2);
        QCOMPARE(o[QStringLiteral("status")].toInt(), p.exitCode());
        bool nvmlWarned = false;
        for (const QJsonValue& f : o[QStringLiteral("findings")].toArray())
            nvmlWarned |= f[QStringLiteral("check")].toString() == QLatin1String("nvml") &&
                          f[QStringLiteral("level")].toString() == QLatin1String("warning");
        QVERIFY(nvmlWarned);
        QProcess bad;
        bad.start(QStringLiteral(GW_AGENT), {QStringLiteral("doctor"), QStringLiteral("extra")});
        QVERIFY(bad.waitForFinished(10'000));
        QCOMPARE(bad.exitCode(), 2);
    }
};

QTEST_GUILESS_MAIN(TestAgentDoctor)
#include "tst_agentdoctor.moc"
