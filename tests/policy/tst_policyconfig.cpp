#include "clirunner.h"
#include "policy/policyconfig.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace Qt::Literals::StringLiterals;

namespace {

using clitest::Run;
using clitest::runCli;

PolicyParseResult parse(const char* text)
{
    return parsePolicy(QByteArray(text), QStringLiteral("policy.toml"));
}

constexpr qint64 kMin = 60'000;

} // namespace

class TestPolicyConfig : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emptyFileGivesTheDefaults()
    {
        const auto r = parse("");
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        QVERIFY(r.errors.isEmpty());
        QVERIFY(r.warnings.isEmpty());
        const PolicyConfig& c = *r.config;
        QCOMPARE(c, PolicyConfig());
        QCOMPARE(c.hog.thresholdPercent, 80.0);
        QCOMPARE(c.hog.durationMs, 10 * kMin);
        QCOMPARE(c.hog.scope, HogScope::Process);
        QVERIFY(c.hog.alert);
        QCOMPARE(c.idle.minGpuUtilizationPercent, 10.0);
        QCOMPARE(c.idle.timeWindowMs, 30 * kMin);
        QCOMPARE(c.idle.minMemoryMib, 1024);
        QVERIFY(c.idle.confirmPower);
        QCOMPARE(c.idle.warningsMs, (QList<qint64>{15 * kMin, 5 * kMin}));
        QCOMPARE(c.idle.action, IdleAction::Notify);
        QVERIFY(!c.idle.dryRun);
        QCOMPARE(c.idle.killGraceMs, 30'000);
        QCOMPARE(c.quota.windowMs, 60 * kMin);
        QCOMPARE(c.quota.defaultSharePercent, 100.0);
        QCOMPARE(c.adaptive.bands.size(), 3);
        QCOMPARE(c.adaptive.bands[0], (LoadBand{30, 1.0}));
        QCOMPARE(c.adaptive.bands[1], (LoadBand{70, 0.5}));
        QCOMPARE(c.adaptive.bands[2], (LoadBand{100, 0.1}));
        QCOMPARE(c.adaptive.hostileHogFraction, 0.3);
        QCOMPARE(c.adaptive.defensiveMultiplier, 0.1);
        QCOMPARE(c.adaptive.hostileWindowMs, 24 * 60 * kMin);
    }

    void everyKeySet()
    {
        const auto r = parse(R"([hog]
threshold_percent = 90.5
duration = "2h"
scope = "user"
alert = false
[idle]
min_gpu_utilization = 5
time_window = "1h"
min_memory_mib = 2048
confirm_power = false
warnings = ["5m", "20m", "30s"]
action = "terminate"
exempt_users = ["root", "svc_ml"]
exempt_commands = ["jupyter-lab"]
dry_run = true
kill_grace = "1m"
[quota]
window = "2h"
default_share = 20
[quota.users]
alice = 30
bob = { share = 12.5, windows = ["Mon-Fri 09:00-11:00"] }
[quota.groups]
students = 40
[adaptive]
enabled = false
bands = [{ up_to = 50, multiplier = 1 }, { up_to = 100, multiplier = 0.25 }]
hostile_hog_fraction = 0.5
hostile_window = "12h"
defensive_multiplier = 0.2
)");
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        const PolicyConfig& c = *r.config;
        QCOMPARE(c.hog.thresholdPercent, 90.5);
        QCOMPARE(c.hog.durationMs, 120 * kMin);
        QCOMPARE(c.hog.scope, HogScope::User);
        QVERIFY(!c.hog.alert);
        QCOMPARE(c.idle.minGpuUtilizationPercent, 5.0);
        QCOMPARE(c.idle.timeWindowMs, 60 * kMin);
        QCOMPARE(c.idle.minMemoryMib, 2048);
        QVERIFY(!c.idle.confirmPower);
        // Longest first, whatever the order written.
        QCOMPARE(c.idle.warningsMs, (QList<qint64>{20 * kMin, 5 * kMin, 30'000}));
        QCOMPARE(c.idle.action, IdleAction::Terminate);
        QCOMPARE(c.idle.exemptUsers, (QStringList{u"root"_s, u"svc_ml"_s}));
        QCOMPARE(c.idle.exemptCommands, QStringList{u"jupyter-lab"_s});
        QVERIFY(c.idle.dryRun);
        QCOMPARE(c.idle.killGraceMs, kMin);
        QCOMPARE(c.quota.windowMs, 120 * kMin);
        QCOMPARE(c.quota.defaultSharePercent, 20.0);
        QCOMPARE(c.quota.users.size(), 2);
        QCOMPARE(c.quota.users[0].name, QStringLiteral("alice"));
        QCOMPARE(c.quota.users[0].sharePercent, 30.0);
        QVERIFY(c.quota.users[0].windows.isEmpty());
        QCOMPARE(c.quota.users[1].name, QStringLiteral("bob"));
        QCOMPARE(c.quota.users[1].sharePercent, 12.5);
        QCOMPARE(c.quota.users[1].windows.size(), 1);
        QCOMPARE(c.quota.users[1].windows[0].days, quint8(0b0011111));
        QCOMPARE(c.quota.users[1].windows[0].startMinute, 9 * 60);
        QCOMPARE(c.quota.users[1].windows[0].endMinute, 11 * 60);
        QCOMPARE(c.quota.groups.size(), 1);
        QCOMPARE(c.quota.groups[0].name, QStringLiteral("students"));
        QVERIFY(!c.adaptive.enabled);
        QCOMPARE(c.adaptive.bands, (QList<LoadBand>{LoadBand{50, 1.0}, LoadBand{100, 0.25}}));
        QCOMPARE(c.adaptive.hostileHogFraction, 0.5);
        QCOMPARE(c.adaptive.hostileWindowMs, 12 * 60 * kMin);
        QCOMPARE(c.adaptive.defensiveMultiplier, 0.2);

        // The JSON carries what was read.
        const QJsonObject j = policyToJson(c);
        QCOMPARE(j[u"hog"_s][u"scope"_s].toString(), QStringLiteral("user"));
        QCOMPARE(j[u"hog"_s][u"duration"_s][u"text"_s].toString(), QStringLiteral("2h"));
        QCOMPARE(j[u"hog"_s][u"duration"_s][u"ms"_s].toInteger(), 120 * kMin);
        QCOMPARE(j[u"idle"_s][u"action"_s].toString(), QStringLiteral("terminate"));
        QCOMPARE(j[u"idle"_s][u"warnings"_s].toArray().size(), 3);
        QCOMPARE(j[u"idle"_s][u"warnings"_s][2][u"text"_s].toString(), QStringLiteral("30s"));
        QCOMPARE(j[u"idle"_s][u"kill_grace"_s][u"ms"_s].toInteger(), kMin);
        QCOMPARE(j[u"quota"_s][u"users"_s][1][u"windows"_s][0].toString(),
                 QStringLiteral("Mon-Fri 09:00-11:00"));
        QCOMPARE(j[u"quota"_s][u"groups"_s][0][u"share_percent"_s].toDouble(), 40.0);
        QCOMPARE(j[u"adaptive"_s][u"bands"_s][1][u"multiplier"_s].toDouble(), 0.25);
        QCOMPARE(j[u"adaptive"_s][u"enabled"_s].toBool(), false);
    }

    void eachMistakeNamedWithItsPosition_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("error");
        QTest::newRow("unknown key, did you mean")
            << QByteArray("[hog]\nthreshhold_percent = 80\n")
            << QByteArray(
                   "policy.toml:2:1: unknown key \"threshhold_percent\" in [hog] (did you mean "
                   "\"threshold_percent\"?)");
        QTest::newRow("unknown key, nothing near")
            << QByteArray("[idle]\n  colour = 1\n")
            << QByteArray("policy.toml:2:3: unknown key \"colour\" in [idle]");
        QTest::newRow("wrong type")
            << QByteArray("[hog]\nalert = \"yes\"\n")
            << QByteArray("policy.toml:2:9: \"alert\" must be true or false");
        QTest::newRow("number as string")
            << QByteArray("[hog]\nthreshold_percent = \"80\"\n")
            << QByteArray("policy.toml:2:21: \"threshold_percent\" must be a number");
        QTest::newRow("out of range")
            << QByteArray("[hog]\nthreshold_percent = 120\n")
            << QByteArray(
                   "policy.toml:2:21: \"threshold_percent\" must be between 0 and 100, not 120");
        QTest::newRow("fraction out of range")
            << QByteArray("[adaptive]\nhostile_hog_fraction = 1.5\n")
            << QByteArray(
                   "policy.toml:2:24: \"hostile_hog_fraction\" must be between 0 and 1, not 1.5");
        QTest::newRow("bad duration")
            << QByteArray("[hog]\nduration = \"10x\"\n")
            << QByteArray("policy.toml:2:12: \"duration\": \"10x\" is not a duration: write a "
                          "whole number "
                          "and s, m, h or d, such as \"30s\", \"10m\", \"2h\"");
        QTest::newRow("zero duration")
            << QByteArray("[idle]\nkill_grace = \"0s\"\n")
            << QByteArray("policy.toml:2:14: \"kill_grace\": \"0s\" must be "
                          "longer than zero");
        QTest::newRow("duration too long")
            << QByteArray("[idle]\nkill_grace = \"2h\"\n")
            << QByteArray(
                   "policy.toml:2:14: \"kill_grace\" must be between 1s and 10m, not \"2h\"");
        QTest::newRow("duration as number")
            << QByteArray("[hog]\nduration = 600\n")
            << QByteArray("policy.toml:2:12: \"duration\" must be a string in quotes");
        QTest::newRow("bad enum") << QByteArray("[idle]\naction = \"kill\"\n")
                                  << QByteArray(
                                         "policy.toml:2:10: \"action\" must be \"notify\" or "
                                         "\"terminate\", not \"kill\"");
        QTest::newRow("bad scope")
            << QByteArray("[hog]\nscope = \"group\"\n")
            << QByteArray("policy.toml:2:9: \"scope\" must be \"process\" or \"user\" or "
                          "\"workload\" or \"account\", not \"group\"");
        QTest::newRow("unknown section")
            << QByteArray("[hog]\n\n[reports]\nx = 1\n")
            << QByteArray(
                   "policy.toml:3:2: unknown section [reports]; the known sections are [hog], "
                   "[idle], [quota], [accounts], [adaptive], [alerts], [contacts], [allocate], "
                   "[tokens], "
                   "[energy], [owners]");
        QTest::newRow("bad day")
            << QByteArray("[quota.users]\nbob = { share = 10, windows = [\"Mon-Xyz 09:00-11:00\"] "
                          "}\n")
            << QByteArray(
                   "policy.toml:2:32: window \"Mon-Xyz 09:00-11:00\": \"Mon-Xyz\" is not a day or "
                   "a "
                   "range of days (Mon, Tue, Wed, Thu, Fri, Sat, Sun; \"Mon-Fri\", \"Sat,Sun\")");
        QTest::newRow("bad hour")
            << QByteArray("[quota.users]\nbob = { share = 10, windows = [\"Mon 25:00-26:00\"] }\n")
            << QByteArray(
                   "policy.toml:2:32: window \"Mon 25:00-26:00\": \"25:00\" is not a time of day "
                   "(00:00 to 23:59, or 24:00 as an end)");
        QTest::newRow("empty window")
            << QByteArray("[quota.users]\nbob = { share = 10, windows = [\"Mon 09:00-09:00\"] }\n")
            << QByteArray("policy.toml:2:32: window \"Mon 09:00-09:00\": the window starts and "
                          "ends at the "
                          "same time");
        QTest::newRow("share out of range")
            << QByteArray("[quota.users]\nalice = 130\n")
            << QByteArray("policy.toml:2:9: the share of [quota.users] \"alice\" must be between 0 "
                          "and 100, "
                          "not 130");
        QTest::newRow("bad user name")
            << QByteArray("[quota.users]\n\"al ice\" = 10\n")
            << QByteArray("policy.toml:2:1: \"al ice\" in [quota.users] is not a valid user name");
        QTest::newRow("bad exempt user")
            << QByteArray("[idle]\nexempt_users = [\"ok\", \"-x\"]\n")
            << QByteArray("policy.toml:2:23: \"-x\" is not a valid user name");
        QTest::newRow("warning not shorter")
            << QByteArray("[idle]\ntime_window = \"30m\"\nwarnings = [\"30m\"]\n")
            << QByteArray(
                   "policy.toml:3:13: warning \"30m\" must be shorter than \"time_window\" (30m)");
        QTest::newRow("warning twice")
            << QByteArray("[idle]\nwarnings = [\"5m\", \"300s\"]\n")
            << QByteArray("policy.toml:2:19: warning \"5m\" is given twice");
        QTest::newRow("bands not increasing")
            << QByteArray("[adaptive]\nbands = [{ up_to = 70, multiplier = 1 }, { up_to = 30, "
                          "multiplier = 0.5 }]\n")
            << QByteArray("policy.toml:2:52: bands must go up: \"up_to\" 30 after 70");
        QTest::newRow("bands not reaching 100")
            << QByteArray("[adaptive]\nbands = [{ up_to = 70, multiplier = 1 }]\n")
            << QByteArray(
                   "policy.toml:2:9: the last band must reach \"up_to\" = 100, not 70, so every "
                   "load has one");
        QTest::newRow("multiplier above 1")
            << QByteArray("[adaptive]\nbands = [{ up_to = 100, multiplier = 2 }]\n")
            << QByteArray("policy.toml:2:38: \"multiplier\" must be between 0 and 1, not 2");
        QTest::newRow("section as value")
            << QByteArray("idle = 3\n")
            << QByteArray("policy.toml:1:8: \"idle\" (write it as a section, "
                          "[idle]) must be a table");
        QTest::newRow("toml syntax") << QByteArray("[hog]\nalert = tru\n")
                                     << QByteArray(); // toml++'s own words, checked below
    }

    void eachMistakeNamedWithItsPosition()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, error);
        const auto r = parsePolicy(text, QStringLiteral("policy.toml"));
        QVERIFY(!r.config);
        QCOMPARE(r.errors.size(), 1);
        if (error.isEmpty())
            QVERIFY2(r.errors[0].startsWith(QLatin1String("policy.toml:2:")),
                     qPrintable(r.errors[0]));
        else
            QCOMPARE(r.errors[0].toUtf8(), error);
    }

    void everyErrorIsCollectedInFileOrder()
    {
        const auto r = parse("[quota]\ndefault_share = -1\n[hog]\nscope = \"x\"\nduration = "
                             "\"1y\"\n[adaptive]\nenabled = 1\n");
        QVERIFY(!r.config);
        QCOMPARE(r.errors.size(), 4);
        QVERIFY(r.errors[0].startsWith(QLatin1String("policy.toml:2:17: ")));
        QVERIFY(r.errors[1].startsWith(QLatin1String("policy.toml:4:9: ")));
        QVERIFY(r.errors[2].startsWith(QLatin1String("policy.toml:5:12: ")));
        QVERIFY(r.errors[3].startsWith(QLatin1String("policy.toml:7:11: ")));
    }

    void sharesOverOneHundredWarnOnly()
    {
        // bob comes first by name, alice last in the file: the warning is at alice.
        const auto r = parse("[quota.users]\nbob = 50\nalice = 60\n");
        QVERIFY(r.config);
        QCOMPARE(r.warnings.size(), 1);
        QVERIFY2(r.warnings[0].startsWith(QLatin1String("policy.toml:3:9: warning: the users' "
                                                        "shares add up to 110 %")),
                 qPrintable(r.warnings[0]));
    }

    void shorterTimeWindowDropsDefaultWarningsThatDoNotFit()
    {
        const auto r = parse("[idle]\ntime_window = \"10m\"\n");
        QVERIFY(r.config);
        QCOMPARE(r.config->idle.warningsMs, QList<qint64>{5 * kMin});
    }

    void windows()
    {
        QString why;
        // Friday evening into Saturday morning.
        const auto w = parseQuotaWindow(QStringLiteral("Fri 22:00-02:00"), &why);
        QVERIFY2(w, qPrintable(why));
        QVERIFY(w->crossesMidnight());
        QCOMPARE(w->days, quint8(1 << 4));
        QVERIFY(w->contains(5, 22 * 60)); // Fri 22:00
        QVERIFY(w->contains(5, 23 * 60 + 59));
        QVERIFY(w->contains(6, 0));        // Sat 00:00
        QVERIFY(w->contains(6, 60 + 59));  // Sat 01:59
        QVERIFY(!w->contains(6, 2 * 60));  // Sat 02:00: over
        QVERIFY(!w->contains(5, 60));      // Fri 01:00: Thursday started nothing
        QVERIFY(!w->contains(6, 22 * 60)); // Sat 22:00

        // Sunday night runs into Monday: the week wraps.
        const auto sun = parseQuotaWindow(QStringLiteral("Sun 23:00-01:00"), &why);
        QVERIFY(sun && sun->contains(1, 30) && !sun->contains(7, 30));

        const auto weekdays = parseQuotaWindow(QStringLiteral("Mon-Fri 09:00-11:00"), &why);
        QVERIFY(weekdays);
        QVERIFY(weekdays->contains(1, 9 * 60));
        QVERIFY(!weekdays->contains(1, 11 * 60));
        QVERIFY(!weekdays->contains(6, 10 * 60));

        const auto wrap = parseQuotaWindow(QStringLiteral("Fri-Mon 00:00-24:00"), &why);
        QVERIFY(wrap);
        QCOMPARE(wrap->days, quint8(0b1110001));

        const auto list = parseQuotaWindow(QStringLiteral("sat,SUN 10:00-12:00"), &why);
        QVERIFY(list);
        QCOMPARE(list->days, quint8(0b1100000));

        for (const char* bad : {"25:00", "Mon 25:00-26:00", "Mon-Xyz 09:00-10:00", "Mon 9:00-10:00",
                                "Mon 09:60-10:00", "Mon 24:00-02:00", "Mon-Tue-Wed 09:00-10:00",
                                "Mon 09:00", "", "Mon 09:00-10:00 x"}) {
            QVERIFY2(!parseQuotaWindow(QString::fromLatin1(bad), &why), bad);
            QVERIFY(!why.isEmpty());
        }
    }

    void durations()
    {
        QCOMPARE(parsePolicyDuration(QStringLiteral("30s"), nullptr), 30'000);
        QCOMPARE(parsePolicyDuration(QStringLiteral("10m"), nullptr), 10 * kMin);
        QCOMPARE(parsePolicyDuration(QStringLiteral("2h"), nullptr), 120 * kMin);
        QCOMPARE(parsePolicyDuration(QStringLiteral("1d"), nullptr), 24 * 60 * kMin);
        for (const char* bad :
             {"10x", "10", "m", "-5m", "1.5h", " 5m", "5 m", "0s", "5M", "9999999999s"})
            QVERIFY2(!parsePolicyDuration(QString::fromLatin1(bad), nullptr), bad);
        QCOMPARE(formatPolicyDuration(90'000), QStringLiteral("90s"));
        QCOMPARE(formatPolicyDuration(24 * 60 * kMin), QStringLiteral("1d"));
    }

    void exampleFileIsValidAndMatchesTheDefaults()
    {
        QFile f(QStringLiteral(GW_POLICY_EXAMPLE));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto r = parsePolicy(f.readAll(), QStringLiteral("policy.toml.example"));
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        QVERIFY(r.warnings.isEmpty());
        // Everything but the example quotas is the default.
        PolicyConfig c = *r.config;
        QCOMPARE(c.quota.users.size(), 2);
        QCOMPARE(c.quota.users[1].windows.size(), 2);
        QCOMPARE(c.quota.groups.size(), 1);
        c.quota.users.clear();
        c.quota.groups.clear();
        QCOMPARE(c, PolicyConfig());
    }

    void cliCheck()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString bad = dir.filePath(QStringLiteral("bad.toml"));
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("[hog]\nscope = \"group\"\n[idle]\nkill_grace = \"10x\"\n");
        }

        Run r = runCli(
            {QStringLiteral("policy"), QStringLiteral("check"), QStringLiteral(GW_POLICY_EXAMPLE)});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("valid") && r.out.contains("hog: 80 % GPU for 10m"), r.out);
        QVERIFY2(r.err.isEmpty(), r.err);

        r = runCli({QStringLiteral("policy"), QStringLiteral("check"), QStringLiteral("--json"),
                    QStringLiteral(GW_POLICY_EXAMPLE)});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j[u"idle"_s][u"time_window"_s][u"text"_s].toString(), QStringLiteral("30m"));
        QCOMPARE(j[u"quota"_s][u"users"_s][0][u"name"_s].toString(), QStringLiteral("alice"));

        r = runCli({QStringLiteral("policy"), QStringLiteral("check"), bad});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        const QList<QByteArray> lines = r.err.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].startsWith((bad + QStringLiteral(":2:9: \"scope\"")).toUtf8()), r.err);
        QVERIFY2(lines[1].startsWith((bad + QStringLiteral(":4:14: \"kill_grace\"")).toUtf8()),
                 r.err);

        // A warning does not refuse the file.
        const QString generous = dir.filePath(QStringLiteral("generous.toml"));
        {
            QFile f(generous);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("[quota.users]\nalice = 60\nbob = 50\n");
        }
        r = runCli({QStringLiteral("policy"), QStringLiteral("check"), generous});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.startsWith((generous + QStringLiteral(":3:7: warning: ")).toUtf8()), r.err);

        r = runCli({QStringLiteral("policy"), QStringLiteral("check"),
                    dir.filePath(QStringLiteral("missing.toml"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("cannot read the policy"), r.err);
    }

    void alertsSection()
    {
        const auto r = parse(R"([alerts]
webhook_url = "https://hooks.example.com/services/T000/B000/secret"
rate_limit = "30m"
retries = 0
timeout = "5s"
)");
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        const PolicyConfig::Alerts& a = r.config->alerts;
        QCOMPARE(a.webhookUrl, u"https://hooks.example.com/services/T000/B000/secret"_s);
        QCOMPARE(a.rateLimitMs, 30 * kMin);
        QCOMPARE(a.retries, 0);
        QCOMPARE(a.timeoutMs, 5'000);

        // Defaults: no webhook, 10m, 5 retries, 10s.
        const PolicyConfig::Alerts d = parse("").config->alerts;
        QVERIFY(d.webhookUrl.isEmpty());
        QCOMPARE(d.rateLimitMs, 10 * kMin);
        QCOMPARE(d.retries, 5);
        QCOMPARE(d.timeoutMs, 10'000);
        // An empty URL is no webhook; http is allowed (a receiver on the LAN).
        QVERIFY(parse("[alerts]\nwebhook_url = \"\"\n").config->alerts.webhookUrl.isEmpty());
        QCOMPARE(parse("[alerts]\nwebhook_url = \"http://10.0.0.5:8080/hook\"\n")
                     .config->alerts.webhookUrl,
                 u"http://10.0.0.5:8080/hook"_s);
        QCOMPARE(parse("[alerts]\nretries = 20\n").config->alerts.retries, 20);

        // The JSON and the summary show the host, never the secret path.
        const QJsonObject j = policyToJson(*r.config)[u"alerts"_s].toObject();
        QCOMPARE(j[u"webhook_url"_s].toString(), u"https://hooks.example.com/…"_s);
        QCOMPARE(j[u"rate_limit"_s][u"text"_s].toString(), u"30m"_s);
        QCOMPARE(j[u"rate_limit"_s][u"ms"_s].toInteger(), 30 * kMin);
        QCOMPARE(j[u"retries"_s].toInt(), 0);
        QCOMPARE(j[u"timeout"_s][u"ms"_s].toInteger(), 5'000);
        const QString summary = policySummary(*r.config);
        QVERIFY2(summary.contains(u"alerts: webhook https://hooks.example.com/…, at most one per "
                                  "kind and user every 30m, 0 retries, timeout 5s"_s),
                 qPrintable(summary));
        QVERIFY(!summary.contains(u"secret"_s));
        QVERIFY(policySummary(PolicyConfig()).contains(u"alerts: no webhook"_s));
        QCOMPARE(redactedWebhookUrl(u"http://10.0.0.5:8080/"_s), u"http://10.0.0.5:8080"_s);
        QCOMPARE(redactedWebhookUrl(QString()), QString());
    }

    void allocateSection()
    {
        const auto r = parse("[allocate]\nfree_memory_weight = 0.7\nidle_weight = 0.3\n"
                             "default_ttl = \"5m\"\nmax_wait = \"1h\"\n");
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        QCOMPARE(r.config->allocate.freeMemoryWeight, 0.7);
        QCOMPARE(r.config->allocate.idleWeight, 0.3);
        QCOMPARE(r.config->allocate.defaultTtlMs, 5 * kMin);
        QCOMPARE(r.config->allocate.maxWaitMs, 60 * kMin);
        // Defaults: the issue's 0.6 / 0.4, 120 s, 10 min.
        const PolicyConfig::Allocate d = parse("").config->allocate;
        QCOMPARE(d.freeMemoryWeight, 0.6);
        QCOMPARE(d.idleWeight, 0.4);
        QCOMPARE(d.defaultTtlMs, 2 * kMin);
        QCOMPARE(d.maxWaitMs, 10 * kMin);
        const QJsonObject j = policyToJson(*r.config)[u"allocate"_s].toObject();
        QCOMPARE(j[u"free_memory_weight"_s].toDouble(), 0.7);
        QCOMPARE(j[u"default_ttl"_s][u"text"_s].toString(), u"5m"_s);
        QVERIFY2(policySummary(*r.config).contains(
                     u"allocate: score 0.7 × free memory + 0.3 × idle; reservations "
                     "last 5m, waits at most 1h"_s),
                 qPrintable(policySummary(*r.config)));
        // Mistakes, with their place.
        QCOMPARE(parse("[allocate]\nidle_weight = 1.5\n").errors.value(0),
                 u"policy.toml:2:15: \"idle_weight\" must be between 0 and 1, not 1.5"_s);
        QCOMPARE(parse("[allocate]\nfree_memory_weight = 0\nidle_weight = 0\n").errors.value(0),
                 u"policy.toml:1:1: [allocate]: \"free_memory_weight\" and \"idle_weight\" are "
                 "both 0: every GPU would score the same"_s);
        QCOMPARE(parse("[allocate]\nmax_wait = \"2d\"\n").errors.size(), 1);
        QCOMPARE(parse("[allocate]\nttl = \"5m\"\n").errors.value(0),
                 u"policy.toml:2:1: unknown key \"ttl\" in [allocate]"_s);
    }

    void alertsMistakes_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("ftp URL") << QByteArray("[alerts]\nwebhook_url = \"ftp://x.org/hook\"\n")
                                 << u"policy.toml:2:15: \"webhook_url\": \"ftp://x.org/hook\" must "
                                    "be an http:// or https:// URL"_s;
        QTest::newRow("no host") << QByteArray("[alerts]\nwebhook_url = \"http://\"\n")
                                 << u"policy.toml:2:15: \"webhook_url\": \"http://\" is not a "
                                    "valid URL, such as \"https://hooks.example.com/services/…\""_s;
        QTest::newRow("not a URL")
            << QByteArray("[alerts]\nwebhook_url = \"hooks.example.com/x\"\n")
            << u"policy.toml:2:15: \"webhook_url\": \"hooks.example.com/x\" is not a valid URL, "
               "such as \"https://hooks.example.com/services/…\""_s;
        QTest::newRow("space in host")
            << QByteArray("[alerts]\nwebhook_url = \"https://hooks example.com/x\"\n")
            << u"policy.toml:2:15: \"webhook_url\": \"https://hooks example.com/x\" is not a "
               "valid URL, such as \"https://hooks.example.com/services/…\""_s;
        QTest::newRow("URL as number") << QByteArray("[alerts]\nwebhook_url = 5\n")
                                       << u"policy.toml:2:15: \"webhook_url\" must be a string in "
                                          "quotes"_s;
        QTest::newRow("retries too many")
            << QByteArray("[alerts]\nretries = 21\n")
            << u"policy.toml:2:11: \"retries\" must be between 0 and 20, not 21"_s;
        QTest::newRow("retries negative")
            << QByteArray("[alerts]\nretries = -1\n")
            << u"policy.toml:2:11: \"retries\" must be between 0 and 20, not -1"_s;
        QTest::newRow("retries fraction")
            << QByteArray("[alerts]\nretries = 2.5\n")
            << u"policy.toml:2:11: \"retries\" must be a whole number"_s;
        QTest::newRow("retries in quotes") << QByteArray("[alerts]\nretries = \"5\"\n")
                                           << u"policy.toml:2:11: \"retries\" must be a number"_s;
        QTest::newRow("rate limit not a duration")
            << QByteArray("[alerts]\nrate_limit = \"10x\"\n")
            << u"policy.toml:2:14: \"rate_limit\": \"10x\" is not a duration: write a whole "
               "number and s, m, h or d, such as \"30s\", \"10m\", \"2h\""_s;
        QTest::newRow("rate limit too long")
            << QByteArray("[alerts]\nrate_limit = \"2d\"\n")
            << u"policy.toml:2:14: \"rate_limit\" must be between 1s and 1d, not \"2d\""_s;
        QTest::newRow("timeout too long")
            << QByteArray("[alerts]\ntimeout = \"1h\"\n")
            << u"policy.toml:2:11: \"timeout\" must be between 1s and 5m, not \"1h\""_s;
        QTest::newRow("timeout zero") << QByteArray("[alerts]\ntimeout = \"0s\"\n")
                                      << u"policy.toml:2:11: \"timeout\": \"0s\" must be longer "
                                         "than zero"_s;
        QTest::newRow("near miss") << QByteArray("[alerts]\nwebhook_ur = \"https://x.org\"\n")
                                   << u"policy.toml:2:1: unknown key \"webhook_ur\" in [alerts] "
                                      "(did you mean \"webhook_url\"?)"_s;
        QTest::newRow("near miss retries") << QByteArray("[alerts]\nretrys = 3\n")
                                           << u"policy.toml:2:1: unknown key \"retrys\" in "
                                              "[alerts] (did you mean \"retries\"?)"_s;
        QTest::newRow("alerts not a table")
            << QByteArray("alerts = 1\n")
            << u"policy.toml:1:10: \"alerts\" (write it as a section, [alerts]) must be a "
               "table"_s;
    }
    void alertsMistakes()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        const auto r = parsePolicy(text, u"policy.toml"_s);
        QVERIFY(!r.config);
        QCOMPARE(r.errors, QStringList{error});
    }
    void tokensEveryKeyRead()
    {
        const auto r = parse("[tokens]\n"
                             "initial = 50\n"
                             "monthly = 20.5\n"
                             "overdraft_floor = -5\n"
                             "daily = 2\n"
                             "daily_when = \"always\"\n"
                             "charge = \"used\"\n"
                             "default_price = 0.25\n"
                             "time_zone = \"Europe/Berlin\"\n"
                             "users = [\"alice\", \"bob\"]\n"
                             "[tokens.prices]\n"
                             "\"RTX 3090\" = 1\n"
                             "\"RTX 2080\" = 0.5\n"
                             "H100 = 8\n"
                             "\"RTX A6000\" = 4\n");
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        QVERIFY(r.warnings.isEmpty());
        const PolicyConfig::Tokens& t = r.config->tokens;
        QVERIFY(t.enabled);
        QCOMPARE(t.initial, 50.0);
        QCOMPARE(t.monthly, 20.5);
        QCOMPARE(t.overdraftFloor, -5.0);
        QCOMPARE(t.daily, 2.0);
        QCOMPARE(t.dailyWhen, PolicyConfig::Tokens::DailyWhen::Always);
        QCOMPARE(t.charge, PolicyConfig::Tokens::Charge::Used);
        QCOMPARE(t.defaultPrice, 0.25);
        QCOMPARE(t.timeZone, u"Europe/Berlin"_s);
        QCOMPARE(t.users, (QStringList{u"alice"_s, u"bob"_s}));
        // In file order, each with its line.
        QCOMPARE(t.prices.size(), 4);
        const QStringList patterns{u"RTX 3090"_s, u"RTX 2080"_s, u"H100"_s, u"RTX A6000"_s};
        const QList<double> perHour{1, 0.5, 8, 4};
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(t.prices[i].pattern, patterns[i]);
            QCOMPARE(t.prices[i].perGpuHour, perHour[i]);
            QCOMPARE(t.prices[i].line, 12 + i);
        }
        // Without the section: no books; an empty section: books with the defaults.
        QVERIFY(!parse("").config->tokens.enabled);
        const auto empty = parse("[tokens]\n");
        QVERIFY2(empty.config, qPrintable(empty.errors.join(u'\n')));
        PolicyConfig::Tokens defaults;
        defaults.enabled = true;
        QCOMPARE(empty.config->tokens, defaults);
        QCOMPARE(defaults.initial, 100.0);
        QCOMPARE(defaults.monthly, 30.0);
        QCOMPARE(defaults.overdraftFloor, -10.0);
        QCOMPARE(defaults.daily, 1.0);
        QCOMPARE(defaults.defaultPrice, 1.0);
        QCOMPARE(defaults.dailyWhen, PolicyConfig::Tokens::DailyWhen::Negative);
        QCOMPARE(defaults.charge, PolicyConfig::Tokens::Charge::Held);
        QVERIFY(defaults.timeZone.isEmpty());
        QVERIFY(parse("[tokens]\ntime_zone = \"UTC\"\n").config);
        // A user listed twice warns and counts once, as in [idle].
        const auto twice = parse("[tokens]\nusers = [\"alice\", \"alice\"]\n");
        QVERIFY(twice.config);
        QCOMPARE(twice.config->tokens.users, QStringList{u"alice"_s});
        QCOMPARE(twice.warnings,
                 QStringList{u"policy.toml:2:19: warning: \"alice\" is listed twice"_s});
    }

    void tokensMistakes_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("unknown key, did you mean")
            << QByteArray("[tokens]\nmonthy = 30\n")
            << u"policy.toml:2:1: unknown key \"monthy\" in [tokens] (did you mean "
               "\"monthly\"?)"_s;
        QTest::newRow("negative price")
            << QByteArray("[tokens]\n[tokens.prices]\n\"RTX 3090\" = -1\n")
            << u"policy.toml:3:14: the price of \"RTX 3090\" must be 0 or more tokens per "
               "GPU-hour, not -1"_s;
        QTest::newRow("price not a number")
            << QByteArray("[tokens.prices]\nH100 = \"8\"\n")
            << u"policy.toml:2:8: the price of \"H100\" must be a number"_s;
        QTest::newRow("price infinite")
            << QByteArray("[tokens.prices]\nH100 = inf\n")
            << u"policy.toml:2:8: the price of \"H100\" must be a finite number, not inf"_s;
        QTest::newRow("price nan") << QByteArray("[tokens.prices]\nH100 = nan\n")
                                   << u"policy.toml:2:8: the price of \"H100\" must be a finite "
                                      "number, not nan"_s;
        QTest::newRow("empty pattern")
            << QByteArray("[tokens.prices]\n\"\" = 1\n")
            << u"policy.toml:2:1: a pattern in [tokens.prices] is empty: write a part of the "
               "GPU's name, such as \"RTX 3090\""_s;
        QTest::newRow("blank pattern")
            << QByteArray("[tokens.prices]\n\"  \" = 1\n")
            << u"policy.toml:2:1: a pattern in [tokens.prices] is empty: write a part of the "
               "GPU's name, such as \"RTX 3090\""_s;
        QTest::newRow("pattern twice ignoring case")
            << QByteArray("[tokens.prices]\n\"RTX 3090\" = 1\n\"rtx 3090\" = 2\n")
            << u"policy.toml:3:1: price \"rtx 3090\" repeats \"RTX 3090\" (line 2); patterns "
               "are matched ignoring case"_s;
        QTest::newRow("prices not a table")
            << QByteArray("[tokens]\nprices = 1\n")
            << u"policy.toml:2:10: [tokens.prices] must be a table"_s;
        QTest::newRow("negative default price")
            << QByteArray("[tokens]\ndefault_price = -0.5\n")
            << u"policy.toml:2:17: \"default_price\" must be 0 or more, not -0.5"_s;
        QTest::newRow("negative initial")
            << QByteArray("[tokens]\ninitial = -1\n")
            << u"policy.toml:2:11: \"initial\" must be 0 or more, not -1"_s;
        QTest::newRow("negative monthly")
            << QByteArray("[tokens]\nmonthly = -30\n")
            << u"policy.toml:2:11: \"monthly\" must be 0 or more, not -30"_s;
        QTest::newRow("negative daily") << QByteArray("[tokens]\ndaily = -1\n")
                                        << u"policy.toml:2:9: \"daily\" must be 0 or more, "
                                           "not -1"_s;
        QTest::newRow("floor above zero")
            << QByteArray("[tokens]\noverdraft_floor = 10\n")
            << u"policy.toml:2:19: \"overdraft_floor\" must be 0 or below, not 10"_s;
        QTest::newRow("floor infinite")
            << QByteArray("[tokens]\noverdraft_floor = -inf\n")
            << u"policy.toml:2:19: \"overdraft_floor\" must be a finite number, not -inf"_s;
        QTest::newRow("initial as string") << QByteArray("[tokens]\ninitial = \"100\"\n")
                                           << u"policy.toml:2:11: \"initial\" must be a number"_s;
        QTest::newRow("daily_when typo")
            << QByteArray("[tokens]\ndaily_when = \"negativ\"\n")
            << u"policy.toml:2:14: \"daily_when\" must be \"negative\" or \"always\", not "
               "\"negativ\""_s;
        QTest::newRow("charge typo")
            << QByteArray("[tokens]\ncharge = \"hold\"\n")
            << u"policy.toml:2:10: \"charge\" must be \"held\" or \"used\" or \"energy\", not \"hold\""_s;
        QTest::newRow("unknown time zone")
            << QByteArray("[tokens]\ntime_zone = \"Europe/Berln\"\n")
            << u"policy.toml:2:13: \"time_zone\": \"Europe/Berln\" is not a known time zone; "
               "write an IANA name such as \"Europe/Berlin\" or \"UTC\""_s;
        QTest::newRow("empty time zone")
            << QByteArray("[tokens]\ntime_zone = \"\"\n")
            << u"policy.toml:2:13: \"time_zone\" is empty: leave it out for this machine's "
               "zone"_s;
        QTest::newRow("bad user name")
            << QByteArray("[tokens]\nusers = [\"al ice\"]\n")
            << u"policy.toml:2:10: \"al ice\" is not a valid user name"_s;
        QTest::newRow("users not a list")
            << QByteArray("[tokens]\nusers = \"alice\"\n")
            << u"policy.toml:2:9: \"users\" must be a list in brackets, [...]"_s;
        QTest::newRow("tokens not a table")
            << QByteArray("tokens = 1\n")
            << u"policy.toml:1:10: \"tokens\" (write it as a section, [tokens]) must be a "
               "table"_s;
    }
    void tokensMistakes()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        const auto r = parsePolicy(text, u"policy.toml"_s);
        QVERIFY(!r.config);
        QCOMPARE(r.errors, QStringList{error});
    }

    void tokensJsonAndSummary()
    {
        const auto r = parse("[tokens]\nmonthly = 20\ndaily_when = \"always\"\ncharge = \"used\"\n"
                             "time_zone = \"UTC\"\nusers = [\"carol\"]\n"
                             "[tokens.prices]\n\"RTX 2080\" = 0.5\nH100 = 8\n");
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        const QJsonObject j = policyToJson(*r.config)[u"tokens"_s].toObject();
        QCOMPARE(j[u"initial"_s].toDouble(), 100.0);
        QCOMPARE(j[u"monthly"_s].toDouble(), 20.0);
        QCOMPARE(j[u"overdraft_floor"_s].toDouble(), -10.0);
        QCOMPARE(j[u"daily"_s].toDouble(), 1.0);
        QCOMPARE(j[u"daily_when"_s].toString(), u"always"_s);
        QCOMPARE(j[u"charge"_s].toString(), u"used"_s);
        QCOMPARE(j[u"default_price"_s].toDouble(), 1.0);
        QCOMPARE(j[u"time_zone"_s].toString(), u"UTC"_s);
        QCOMPARE(j[u"users"_s].toArray().toVariantList(), QVariantList{u"carol"_s});
        const QJsonArray prices = j[u"prices"_s].toArray();
        QCOMPARE(prices.size(), 2);
        QCOMPARE(prices[0][u"pattern"_s].toString(), u"RTX 2080"_s);
        QCOMPARE(prices[0][u"per_gpu_hour"_s].toDouble(), 0.5);
        QCOMPARE(prices[0][u"line"_s].toInt(), 8);
        QCOMPARE(prices[1][u"pattern"_s].toString(), u"H100"_s);
        // Absent section, absent key: no books; the machine's zone is not written.
        QVERIFY(!policyToJson(PolicyConfig()).contains(u"tokens"_s));
        QVERIFY(!policyToJson(*parse("[tokens]\n").config)[u"tokens"_s].toObject().contains(
            u"time_zone"_s));
        const QString summary = policySummary(*r.config);
        QVERIFY2(summary.contains(u"tokens: RTX 2080 0.5, H100 8, others 1 per GPU-hour (weighted "
                                  "by use); initial 100, monthly 20, daily 1 always, floor -10; "
                                  "days in UTC\ntokens users: carol\n"_s),
                 qPrintable(summary));
        QVERIFY(policySummary(PolicyConfig()).contains(u"tokens: no books"_s));
    }

    void tokensEnforcementKeysRead()
    {
        using Mode = PolicyConfig::Tokens::Enforcement::Mode;
        const auto r = parse("[tokens]\n"
                             "enforce = \"propose\"\n"
                             "demand_utilisation = 85.5\n"
                             "demand_for = \"15m\"\n"
                             "demand_on_refused_allocation = false\n"
                             "step_after = \"2m\"\n"
                             "kill_grace = \"10s\"\n"
                             "protected_users = [\"carol\"]\n"
                             "protected_commands = [\"sshd\", \"Xorg\"]\n"
                             "dry_run = true\n");
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        const auto& e = r.config->tokens.enforcement;
        QCOMPARE(e.mode, Mode::Propose);
        QCOMPARE(e.demandUtilisationPercent, 85.5);
        QCOMPARE(e.demandForMs, 15 * 60'000);
        QVERIFY(!e.demandOnRefusedAllocation);
        QCOMPARE(e.stepAfterMs, 2 * 60'000);
        QCOMPARE(e.killGraceMs, 10'000);
        QCOMPARE(e.protectedUsers, QStringList{u"carol"_s});
        QCOMPARE(e.protectedCommands, (QStringList{u"sshd"_s, u"Xorg"_s}));
        QVERIFY(e.dryRun);
        QCOMPARE(parse("[tokens]\nenforce = \"auto\"\n").config->tokens.enforcement.mode,
                 Mode::Auto);
        // Defaults: off, 90 % for 10 min, refused allocations count, 5 min, 30 s.
        const PolicyConfig::Tokens::Enforcement d;
        QCOMPARE(parse("[tokens]\n").config->tokens.enforcement, d);
        QCOMPARE(d.mode, Mode::Off);
        QCOMPARE(d.demandUtilisationPercent, 90.0);
        QCOMPARE(d.demandForMs, 10 * 60'000);
        QVERIFY(d.demandOnRefusedAllocation);
        QCOMPARE(d.stepAfterMs, 5 * 60'000);
        QCOMPARE(d.killGraceMs, 30'000);
        QVERIFY(!d.dryRun);

        // JSON as the file's keys, durations as text and ms.
        const QJsonObject j = policyToJson(*r.config)[u"tokens"_s].toObject();
        QCOMPARE(j[u"enforce"_s].toString(), u"propose"_s);
        QCOMPARE(j[u"demand_utilisation"_s].toDouble(), 85.5);
        QCOMPARE(j[u"demand_for"_s][u"text"_s].toString(), u"15m"_s);
        QCOMPARE(j[u"demand_for"_s][u"ms"_s].toInteger(), 15 * 60'000);
        QCOMPARE(j[u"demand_on_refused_allocation"_s].toBool(), false);
        QCOMPARE(j[u"step_after"_s][u"text"_s].toString(), u"2m"_s);
        QCOMPARE(j[u"kill_grace"_s][u"ms"_s].toInteger(), 10'000);
        QCOMPARE(j[u"protected_users"_s].toArray().toVariantList(), QVariantList{u"carol"_s});
        QCOMPARE(j[u"protected_commands"_s].toArray().size(), 2);
        QCOMPARE(j[u"dry_run"_s].toBool(), true);
        const QString summary = policySummary(*r.config);
        QVERIFY2(summary.contains(u"tokens enforcement: propose (dry run); demand 85.5 % for "
                                  "15m; steps every 2m, kill grace 10s"_s),
                 qPrintable(summary));
    }

    void tokensEnforcementMistakes_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("mode typo")
            << QByteArray("[tokens]\nenforce = \"automatic\"\n")
            << u"policy.toml:2:11: \"enforce\" must be \"off\" or \"propose\" or \"auto\", not "
               "\"automatic\""_s;
        QTest::newRow("mode as bool")
            << QByteArray("[tokens]\nenforce = true\n")
            << u"policy.toml:2:11: \"enforce\" must be a string in quotes"_s;
        QTest::newRow("key typo, did you mean")
            << QByteArray("[tokens]\nstep_afer = \"5m\"\n")
            << u"policy.toml:2:1: unknown key \"step_afer\" in [tokens] (did you mean "
               "\"step_after\"?)"_s;
        QTest::newRow("utilisation above 100")
            << QByteArray("[tokens]\ndemand_utilisation = 101\n")
            << u"policy.toml:2:22: \"demand_utilisation\" must be between 0 and 100, not 101"_s;
        QTest::newRow("demand_for too short")
            << QByteArray("[tokens]\ndemand_for = \"30s\"\n")
            << u"policy.toml:2:14: \"demand_for\" must be between 1m and 1d, not \"30s\""_s;
        QTest::newRow("step_after not a duration")
            << QByteArray("[tokens]\nstep_after = 300\n")
            << u"policy.toml:2:14: \"step_after\" must be a string in quotes"_s;
        QTest::newRow("kill_grace too long")
            << QByteArray("[tokens]\nkill_grace = \"1h\"\n")
            << u"policy.toml:2:14: \"kill_grace\" must be between 1s and 10m, not \"1h\""_s;
        QTest::newRow("bad protected user")
            << QByteArray("[tokens]\nprotected_users = [\"ro ot\"]\n")
            << u"policy.toml:2:20: \"ro ot\" is not a valid user name"_s;
        QTest::newRow("dry_run as string")
            << QByteArray("[tokens]\ndry_run = \"yes\"\n")
            << u"policy.toml:2:11: \"dry_run\" must be true or false"_s;
    }
    void tokensEnforcementMistakes()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        const auto r = parsePolicy(text, u"policy.toml"_s);
        QVERIFY(!r.config);
        QCOMPARE(r.errors, QStringList{error});
    }

    void tokensExampleInTheExampleFileIsValid()
    {
        // The example's [tokens] is commented out (no books by default); with
        // its "# " removed it is the contract's example.
        QFile f(QStringLiteral(GW_POLICY_EXAMPLE));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QByteArray tokens;
        bool inside = false;
        for (const QByteArray& line : lines) {
            if (line.startsWith("# [tokens]"))
                inside = true;
            else if (inside && line.isEmpty())
                break; // the next section's comments
            if (inside && line.startsWith("# ") && !line.startsWith("# #"))
                tokens += line.mid(2) + '\n';
        }
        const auto r = parsePolicy(tokens, u"example"_s);
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n') + QString::fromUtf8(tokens)));
        const PolicyConfig::Tokens& t = r.config->tokens;
        QVERIFY(t.enabled);
        QCOMPARE(t.timeZone, u"Europe/Berlin"_s);
        QCOMPARE(t.prices.size(), 4);
        QCOMPARE(t.prices[0], (PolicyConfig::Tokens::Price{u"RTX 2080"_s, 0.5, 0}));
        QCOMPARE(t.prices[3], (PolicyConfig::Tokens::Price{u"H100"_s, 8, 0}));
        QCOMPARE(t.users, (QStringList{u"alice"_s, u"bob"_s}));
        QCOMPARE(t.charge, PolicyConfig::Tokens::Charge::Held);
        QCOMPARE(t.perKwh, 10.0);
    }

    void energyExampleInTheExampleFileIsValid()
    {
        QFile f(QStringLiteral(GW_POLICY_EXAMPLE));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray energy;
        bool inside = false;
        for (const QByteArray& line : f.readAll().split('\n')) {
            if (line.startsWith("# [energy]"))
                inside = true;
            else if (inside && line.isEmpty())
                break;
            if (inside && line.startsWith("# "))
                energy += line.mid(2) + '\n';
        }
        const auto r = parsePolicy(energy, u"example"_s);
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n') + QString::fromUtf8(energy)));
        QCOMPARE(r.config->energy.pricePerKwh, std::optional<double>(0.32));
        QCOMPARE(r.config->energy.currency, u"EUR"_s);
        QCOMPARE(r.config->energy.gramsCo2PerKwh, std::optional<double>(380));
        QVERIFY(r.warnings.isEmpty());
        // Its JSON and summary.
        const QJsonObject j = policyToJson(*r.config)[u"energy"_s].toObject();
        QCOMPARE(j[u"price_per_kwh"_s].toDouble(), 0.32);
        QCOMPARE(j[u"currency"_s].toString(), u"EUR"_s);
        QVERIFY2(
            policySummary(*r.config).contains(u"energy: 0.32 EUR per kWh; 380 g CO2 per kWh"_s),
            qPrintable(policySummary(*r.config)));
        // Absent: no section in the JSON, nothing in the report.
        QVERIFY(!policyToJson(PolicyConfig{}).contains(u"energy"_s));
    }

    void energyMistakes_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("error");
        QTest::newRow("negative price")
            << QByteArray("[energy]\nprice_per_kwh = -0.3\n")
            << u"policy.toml:2:17: \"price_per_kwh\" must be 0 or more, not -0.3"_s;
        QTest::newRow("currency with a space")
            << QByteArray("[energy]\nprice_per_kwh = 0.3\ncurrency = \"US D\"\n")
            << u"policy.toml:3:12: \"currency\": \"US D\" is not a currency as a report writes it: "
               "1 to 8 characters, no spaces, such as \"EUR\" or \"€\""_s;
        QTest::newRow("currency not a string")
            << QByteArray("[energy]\ncurrency = 978\n")
            << u"policy.toml:2:12: \"currency\" must be a string in quotes"_s;
        QTest::newRow("co2 not a number")
            << QByteArray("[energy]\ngrams_co2_per_kwh = \"lots\"\n")
            << u"policy.toml:2:21: \"grams_co2_per_kwh\" must be a number"_s;
        QTest::newRow("typo")
            << QByteArray("[energy]\nprice_per_kw = 0.3\n")
            << u"policy.toml:2:1: unknown key \"price_per_kw\" in [energy] (did you mean "
               "\"price_per_kwh\"?)"_s;
        QTest::newRow("charge typo")
            << QByteArray("[tokens]\ncharge = \"energie\"\n")
            << u"policy.toml:2:10: \"charge\" must be \"held\" or \"used\" or \"energy\", not "
               "\"energie\""_s;
    }

    void energyMistakes()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, error);
        const auto r = parsePolicy(file, u"policy.toml"_s);
        QVERIFY(!r.config);
        QCOMPARE(r.errors, QStringList{error});
    }

    void energyCurrencyWithoutAPriceIsAWarning()
    {
        const auto r = parsePolicy("[energy]\ncurrency = \"EUR\"\n", u"policy.toml"_s);
        QVERIFY(r.config);
        QCOMPARE(r.warnings,
                 QStringList{u"policy.toml:2:12: warning: [energy]: \"currency\" without "
                             "\"price_per_kwh\": the report shows no cost"_s});
        QCOMPARE(r.config->energy.currency, u"EUR"_s);
    }

    void chargeByEnergy()
    {
        const auto r = parsePolicy("[tokens]\ncharge = \"energy\"\nper_kwh = 4\n", u"p.toml"_s);
        QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
        QCOMPARE(r.config->tokens.charge, PolicyConfig::Tokens::Charge::Energy);
        QCOMPARE(r.config->tokens.perKwh, 4.0);
        QVERIFY2(policySummary(*r.config).contains(u"tokens: 4 per kWh (energy used)"_s),
                 qPrintable(policySummary(*r.config)));
        // Written and read back.
        const auto again = parsePolicy(policyTomlFromJson(policyToJson(*r.config)), u"p.toml"_s);
        QVERIFY(again.config);
        QCOMPARE(again.config->tokens, r.config->tokens);
    }
};

QTEST_GUILESS_MAIN(TestPolicyConfig)
#include "tst_policyconfig.moc"
