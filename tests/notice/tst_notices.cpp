// Notices to owners (docs/notices.md, issue 29): [contacts] parsed with
// file:line:column, the contacts file and the contact book, the wording per
// kind and language, and the Notifier through every way it sends, each for
// real: a fake sendmail it runs, an SMTP relay, a Matrix server and the
// webhooks on loopback, a real pseudo-terminal listed in a utmp file.

#include "notice/contactbook.h"
#include "notice/noticechannels.h"
#include "notice/noticetext.h"
#include "notice/notifier.h"
#include "noticefakes.h"
#include "policy/policyconfig.h"
#include "policy/policyschema.h"
#include "sleepchild.h"
#include "webhookreceiver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kT0 = 1'790'000'000'000; // 2026-09-21

PolicyConfig policyOf(const QByteArray& text)
{
    const PolicyParseResult r = parsePolicy(text, u"policy.toml"_s);
    if (!r.config)
        qFatal("policy: %s", qPrintable(r.errors.join(u'\n')));
    return *r.config;
}

// alice's idle process, first seen with its first warning: SIGTERM due 5 min on.
PolicyEvent idleEvent(const QString& user = u"alice"_s, qint64 pid = 4242)
{
    PolicyEvent e;
    e.id = u"idle-%1-%2"_s.arg(user).arg(pid);
    e.kind = PolicyEventKind::Idle;
    e.server = u"node-a"_s;
    e.startMs = kT0 - 1'800'000;
    e.detectedMs = kT0;
    e.gpuUuid = u"GPU-0"_s;
    e.gpuIndex = 2;
    e.pid = pid;
    e.user = user;
    e.command = u"python"_s;
    e.memoryMiB = 20480;
    e.durationMs = 1'800'000;
    PolicyAction warning;
    warning.kind = PolicyAction::Kind::Warning;
    warning.atMs = kT0;
    warning.dueMs = kT0 + 300'000;
    warning.detail = u"idle: terminate in 5m"_s;
    e.actions << warning;
    return e;
}

QString hhmm(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(u"HH:mm"_s);
}

// The records of `spy` once `n` have come (or 10 s passed).
QList<NoticeRecord> records(QSignalSpy& spy, qsizetype n)
{
    (void)QTest::qWaitFor([&] { return spy.size() >= n; }, 10'000);
    QList<NoticeRecord> out;
    for (const QList<QVariant>& args : std::as_const(spy))
        out << args[0].value<NoticeRecord>();
    return out;
}

// A Notifier for node-a on the clock `now`.
// (Told at once unless `coalesceMs` says otherwise.)
std::unique_ptr<Notifier> notifierOf(const PolicyConfig& policy, const qint64* now = nullptr,
                                     qint64 coalesceMs = 0)
{
    Notifier::Options o;
    o.server = u"node-a"_s;
    o.coalesceMs = coalesceMs;
    if (now)
        o.clock = [now] {
            return *now;
        };
    return std::make_unique<Notifier>(policy, o);
}

// A change the contact book sees: a modification time `secs` on.
void touch(const QString& path, int secs)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadWrite) || !f.setFileTime(QDateTime::currentDateTime().addSecs(secs),
                                                        QFileDevice::FileModificationTime))
        qFatal("cannot touch %s", qPrintable(path));
}

// The record of `channel`; a record saying none came otherwise.
const NoticeRecord* byChannel(const QList<NoticeRecord>& list, const QString& channel)
{
    for (const NoticeRecord& r : list)
        if (r.channel == channel)
            return &r;
    static NoticeRecord none;
    none.outcome = none.detail = u"(no record for "_s + channel + u')';
    return &none;
}

} // namespace

class TestNotices : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void contactsMistakesAreNamedWithTheirPlace_data();
    void contactsMistakesAreNamedWithTheirPlace();
    void contactsAreReadAndShownWithoutTheirSecrets();
    void theContactBookMergesThePolicyTheFileAndThePattern();
    void noticesAreWordedPerKindAndLanguage();
    void anAdminsTemplateWinsAndABrokenOneIsSaid();
    void mailGoesThroughSendmailAndARelayAsRfc5322();
    void aNoticeReachesEveryWayOnceAndTheRateLimitHoldsTheRest();
    void optedOutPeopleGetOnlyWhatIsEnforced();
    void anEventSeenThenWarnedAReadingApartIsOneNotice();
    void failuresAreRecordedWithTheirReason();
    void theProcesssLanguageIsUsedWhenTheContactsSayNone();
};

void TestNotices::contactsMistakesAreNamedWithTheirPlace_data()
{
    QTest::addColumn<QByteArray>("toml");
    QTest::addColumn<QString>("error");
    QTest::newRow("near miss") << "[contacts]\nemial = \"x\"\n"_ba
                               << u"policy.toml:2:1: unknown key \"emial\" in [contacts] (did you "
                                  "mean \"email\"?); a person's contacts are a table"_s;
    QTest::newRow("pattern") << "[contacts]\nemail = \"{name}@x.org\"\n"_ba
                             << u"policy.toml:2:9: \"email\": \"{name}@x.org\" is not an address "
                                "pattern"_s;
    QTest::newRow("relative sendmail") << "[contacts]\nsendmail = \"sendmail\"\n"_ba
                                       << u"policy.toml:2:12: \"sendmail\": \"sendmail\" must be "
                                          "an absolute path"_s;
    QTest::newRow("relay") << "[contacts]\nsmtp_relay = \"http://mail\"\n"_ba
                           << u"\"smtp_relay\": \"http://mail\" is not a relay, such as "
                              "\"smtp://mail.example.org:25\""_s;
    QTest::newRow("homeserver") << "[contacts]\nmatrix_homeserver = \"ftp://m.org\"\n"_ba
                                << u"must be an http:// or https:// URL"_s;
    QTest::newRow("language") << "[contacts]\nlanguage = \"german\"\n"_ba
                              << u"\"language\": \"german\" is not a language code"_s;
    QTest::newRow("address") << "[contacts.alice]\nemail = \"alice\"\n"_ba
                             << u"policy.toml:2:9: \"email\" of [contacts.alice]: \"alice\" is not "
                                "an e-mail address"_s;
    QTest::newRow("room") << "[contacts.alice]\nmatrix = \"@alice:m.org\"\n"_ba
                          << u"is not a Matrix room id"_s;
    QTest::newRow("webhook") << "[contacts.alice]\nslack = \"hooks\"\n"_ba
                             << u"\"slack\" of [contacts.alice]: \"hooks\" is not a valid URL"_s;
    QTest::newRow("unknown") << "[contacts.alice]\ncolour = \"red\"\n"_ba
                             << u"policy.toml:2:1: unknown key \"colour\" in [contacts.alice]"_s;
    QTest::newRow("boolean") << "[contacts.alice]\nterminals = \"yes\"\n"_ba
                             << u"\"terminals\" must be true or false"_s;
    QTest::newRow("user name") << "[contacts.\"al ice\"]\nemail = \"a@b.org\"\n"_ba
                               << u"\"al ice\" is not a user name"_s;
}

void TestNotices::contactsMistakesAreNamedWithTheirPlace()
{
    QFETCH(QByteArray, toml);
    QFETCH(QString, error);
    const PolicyParseResult r = parsePolicy(toml, u"policy.toml"_s);
    QVERIFY(!r.config);
    QVERIFY2(r.errors.size() == 1 && r.errors[0].contains(error), qPrintable(r.errors.join(u'\n')));
}

void TestNotices::contactsAreReadAndShownWithoutTheirSecrets()
{
    const PolicyConfig c = policyOf(
        "[contacts]\nemail = \"{user}@lab.example.org\"\nfile = \"/etc/gpuwarden/contacts.toml\"\n"
        "smtp_relay = \"smtp://mail.lab:2525\"\nterminals = false\nlanguage = \"de\"\n"
        "[contacts.bob]\nemail = \"bob@home.example\"\nslack = "
        "\"https://hooks.slack.com/services/T0/B0/s3cret\"\nopt_out = true\n"
        "[contacts.alice]\nmatrix = \"!lab:m.org\"\nlanguage = \"zh\"\nterminals = true\n");
    QVERIFY(c.contacts.enabled);
    QCOMPARE(c.contacts.emailPattern, u"{user}@lab.example.org"_s);
    QCOMPARE(c.contacts.smtpRelay, u"smtp://mail.lab:2525"_s);
    QCOMPARE(c.contacts.sendmail, u"/usr/sbin/sendmail"_s);
    QCOMPARE(c.contacts.terminals, false);
    QCOMPARE(c.contacts.list.size(), 2);
    QCOMPARE(c.contacts.list[0].user, u"alice"_s); // by name
    QCOMPARE(c.contacts.list[0].terminals, std::optional<bool>(true));
    QCOMPARE(c.contacts.list[1].slackUrl, u"https://hooks.slack.com/services/T0/B0/s3cret"_s);
    QVERIFY(c.contacts.list[1].optOut);
    QVERIFY(!policyOf("[hog]\n").contacts.enabled);

    // The JSON names the ways without the secrets in a webhook's path; the
    // writer keeps the section's keys and leaves the people's tables out.
    const QJsonObject json = policyToJson(c).value(u"contacts"_s).toObject();
    const QByteArray text = QJsonDocument(json).toJson(QJsonDocument::Compact);
    QVERIFY2(!text.contains("s3cret"), text.constData());
    QCOMPARE(json[u"contacts"_s][1][u"slack"_s].toString(), u"https://hooks.slack.com/…"_s);
    const QByteArray toml = policyTomlFromJson(policyToJson(c));
    QVERIFY(!toml.contains("s3cret"));
    const PolicyConfig back = policyOf(toml);
    QCOMPARE(back.contacts.emailPattern, c.contacts.emailPattern);
    QCOMPARE(back.contacts.language, u"de"_s);
    QVERIFY(back.contacts.list.isEmpty());
    QVERIFY2(policySummary(c).contains(u"contacts: 2 listed, more in /etc/gpuwarden/contacts.toml, "
                                       "1 opted out of notices that enforce nothing"_s),
             qPrintable(policySummary(c)));
}

void TestNotices::theContactBookMergesThePolicyTheFileAndThePattern()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(u"contacts.toml"_s);
    test::writeTestFile(file, "[alice]\nemail = \"alice@old.example\"\nntfy = "
                              "\"https://ntfy.sh/alice\"\n[carol]\nlanguage = \"de\"\n");
    PolicyConfig c =
        policyOf("[contacts]\nemail = \"{user}@lab.example\"\nfile = \"" + file.toUtf8() +
                 "\"\n[contacts.alice]\nemail = \"alice@new.example\"\n");
    ContactBook book;
    book.setContacts(c.contacts);
    QString problem;
    ContactWays alice = book.lookup(u"alice"_s, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(alice.email, u"alice@new.example"_s); // the policy's over the file's
    QCOMPARE(alice.ntfyUrl, u"https://ntfy.sh/alice"_s);
    QVERIFY(alice.terminals && alice.listed);
    QCOMPARE(book.lookup(u"carol"_s, &problem).language, u"de"_s);
    QCOMPARE(book.lookup(u"carol"_s, &problem).email, u"carol@lab.example"_s);
    const ContactWays dan = book.lookup(u"dan"_s, &problem);
    QCOMPARE(dan.email, u"dan@lab.example"_s);
    QVERIFY(!dan.listed);
    // A workload's owner has no address by the pattern.
    QVERIFY(book.lookup(u"container:job1"_s, &problem).email.isEmpty());

    // A broken edit keeps who was read and says why; a fixed one is read.
    QTest::qWait(20);
    test::writeTestFile(file, "[alice]\nemail = \"nope\"\n[erin]\nemail = \"erin@x.example\"\n");
    touch(file, 5);
    alice = book.lookup(u"alice"_s, &problem);
    QVERIFY2(problem.startsWith(file + u":2:9: \"email\" of [alice]: \"nope\""_s),
             qPrintable(problem));
    QCOMPARE(alice.ntfyUrl, u"https://ntfy.sh/alice"_s);
    test::writeTestFile(file, "[erin]\nemail = \"erin@x.example\"\n");
    touch(file, 10);
    QCOMPARE(book.lookup(u"erin"_s, &problem).email, u"erin@x.example"_s);
    QVERIFY(problem.isEmpty());
    QVERIFY(book.lookup(u"alice"_s, &problem).ntfyUrl.isEmpty());
    // A file that is gone is said, not taken for "nobody listed".
    QFile::remove(file);
    book.lookup(u"erin"_s, &problem);
    QVERIFY2(problem.startsWith(file + u": "_s), qPrintable(problem));
}

void TestNotices::noticesAreWordedPerKindAndLanguage()
{
    NoticeFacts f;
    f.kind = u"idle"_s;
    f.server = u"node-a"_s;
    f.user = u"alice"_s;
    f.event = idleEvent();
    f.steps = f.event.actions;
    const QString due = hhmm(kT0 + 300'000);

    NoticeText en = wordNotice(f, u"en_GB.UTF-8"_s, {});
    QCOMPARE(en.language, u"en"_s);
    QCOMPARE(en.subject, u"Idle GPU on node-a: python (PID 4242)"_s);
    QVERIFY2(
        en.body.startsWith(u"Hello alice,\n\nyour process python (PID 4242) holds 20480 MiB on "
                           "GPU 2 of node-a and has not used it for 30 min.\nIf nothing "
                           "changes, it will be stopped at %1 (in 5 min).\n"_s.arg(due)),
        qPrintable(en.body));
    QVERIFY(!en.body.contains(u"opt_out"_s)); // it announces a step
    QCOMPARE(en.source, u"built-in"_s);

    const NoticeText de = wordNotice(f, u"de_DE.UTF-8"_s, {});
    QCOMPARE(de.language, u"de"_s);
    QCOMPARE(de.subject, u"Ungenutzte GPU auf node-a: python (PID 4242)"_s);
    QVERIFY2(de.body.contains(u"wird er um %1 beendet (in 5 Min.)"_s.arg(due)),
             qPrintable(de.body));
    const NoticeText zh = wordNotice(f, u"zh_CN"_s, {});
    QVERIFY2(zh.body.contains(u"它将在 %1（5 分钟后）被终止"_s.arg(due)), qPrintable(zh.body));
    QCOMPARE(wordNotice(f, u"fr"_s, {}).language, u"en"_s); // no French: English
    QCOMPARE(wordNotice(f, u"C"_s, {}).language, u"en"_s);

    // A dry run's step and a notice with no step: nothing enforced, so the
    // opt-out is named; notices held back are counted.
    f.steps[0].simulated = true;
    f.heldBack = 3;
    en = wordNotice(f, u"en"_s, {});
    QVERIFY2(en.body.contains(u"Under the policy it would be stopped at %1; this server only "
                              "records that (dry run)."_s.arg(due)),
             qPrintable(en.body));
    QVERIFY(en.body.contains(u"(opt_out in [contacts])"_s));
    QVERIFY(en.body.contains(u"(3 more notices like this one were held back"_s));
    QVERIFY(!noticeAnnouncesEnforcement(f));

    // Each kind has its words.
    f.kind = u"over_cap"_s;
    f.event.kind = PolicyEventKind::OverCap;
    f.event.capScope = u"member"_s;
    f.event.account = u"vision"_s;
    f.event.capGpus = 2;
    f.event.heldGpus = 3;
    f.steps.clear();
    QVERIFY2(wordNotice(f, u"en"_s, {})
                 .body.contains(
                     u"you hold 3 GPUs on node-a; the cap per member of account vision is 2."_s),
             qPrintable(wordNotice(f, u"en"_s, {}).body));
    f.kind = u"tokens"_s;
    f.text = u"Token books on node-a: python (PID 4242, alice) on GPU 2 — notify"_s;
    QCOMPARE(wordNotice(f, u"en"_s, {}).subject, u"Your GPU tokens on node-a"_s);
    QVERIFY(noticeAnnouncesEnforcement(f));
}

void TestNotices::anAdminsTemplateWinsAndABrokenOneIsSaid()
{
    QTemporaryDir dir;
    test::writeTestFile(
        dir.filePath(u"idle.de.txt"_s),
        "Subject: {server}: GPU {gpu} ungenutzt\n\nHallo {user}, {steps} {unknown}\n");
    test::writeTestFile(dir.filePath(u"idle.txt"_s), "no subject line\n");
    NoticeFacts f;
    f.kind = u"idle"_s;
    f.server = u"node-a"_s;
    f.user = u"alice"_s;
    f.event = idleEvent();
    f.steps = f.event.actions;
    const NoticeText de = wordNotice(f, u"de"_s, dir.path());
    QCOMPARE(de.subject, u"node-a: GPU 2 ungenutzt"_s);
    QCOMPARE(de.body, u"Hallo alice, Wenn sich nichts ändert, wird er um %1 beendet (in 5 Min.). "
                      "{unknown}\n"_s.arg(hhmm(kT0 + 300'000)));
    QCOMPARE(de.source, dir.filePath(u"idle.de.txt"_s));
    const NoticeText en = wordNotice(f, u"en"_s, dir.path());
    QCOMPARE(en.source, u"built-in"_s);
    QCOMPARE(en.problem,
             dir.filePath(u"idle.txt"_s) + u": the first line must be \"Subject: …\""_s);
}

void TestNotices::mailGoesThroughSendmailAndARelayAsRfc5322()
{
    NoticeDelivery d{u"email"_s,
                     u"alice@lab.example"_s,
                     u"alice"_s,
                     u"GPU auf node-a ungenützt"_s,
                     u"Hallo alice,\n.\nein Punkt für Sie.\n"_s,
                     u"idle-1"_s};
    const QByteArray lf = noticeMailMessage(u"gw@node-a"_s, d, false);
    QVERIFY2(lf.contains("\nTo: alice@lab.example\n"), lf.constData());
    QVERIFY(lf.contains(QByteArray("\nSubject: =?UTF-8?B?" +
                                   u"GPU auf node-a ungenützt"_s.toUtf8().toBase64() + "?=\n")));
    QVERIFY(lf.contains("\nContent-Transfer-Encoding: base64\n"));
    QVERIFY(lf.contains("\nAuto-Submitted: auto-generated\n"));
    QVERIFY(lf.contains("\nX-GPU-Warden-Event: idle-1\n"));
    QVERIFY(!lf.contains('\r'));

    // Through a relay: the envelope, CR LF, a lone '.' line stuffed.
    test::SmtpReceiver relay;
    QVERIFY(relay.listen());
    PolicyConfig c =
        policyOf("[contacts]\nsmtp_relay = \"smtp://127.0.0.1:" + QByteArray::number(relay.port()) +
                 "\"\nfrom = \"gw@lab.example\"\n");
    NoticeChannels channels;
    channels.setup(c.contacts, u"node-a"_s, 5000);
    d.subject = u"Idle GPU"_s;
    d.body = u"Hello alice,\n.\na dot.\n"_s;
    std::optional<NoticeDeliveryResult> result;
    channels.send(d, [&](const NoticeDeliveryResult& r) { result = r; });
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 5000);
    QCOMPARE(result->outcome, NoticeDeliveryResult::Outcome::Done);
    QVERIFY2(result->detail.contains(u"250 2.0.0 Ok: queued as 4711"_s),
             qPrintable(result->detail));
    QCOMPARE(relay.mails.size(), 1);
    QCOMPARE(relay.mails[0].helo, "node-a"_ba);
    QCOMPARE(relay.mails[0].from, "<gw@lab.example>"_ba);
    QCOMPARE(relay.mails[0].to, "<alice@lab.example>"_ba);
    QVERIFY(relay.mails[0].data.contains("\r\nSubject: Idle GPU\r\n"));
    QVERIFY2(relay.mails[0].data.endsWith("\r\n\r\nHello alice,\r\n..\r\na dot.\r\n"),
             relay.mails[0].data.constData());

    // A recipient the relay refuses: failed, with its words.
    relay.refuseRecipient = true;
    result.reset();
    channels.send(d, [&](const NoticeDeliveryResult& r) { result = r; });
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 5000);
    QCOMPARE(result->outcome, NoticeDeliveryResult::Outcome::Failed);
    QVERIFY2(result->detail.endsWith(u"550 5.1.1 No such user here"_s), qPrintable(result->detail));
}

void TestNotices::aNoticeReachesEveryWayOnceAndTheRateLimitHoldsTheRest()
{
    QTemporaryDir dir;
    const QString sendmail = test::writeFakeSendmail(dir.path());
    test::WebhookReceiver matrix, slack, ntfy;
    matrix.okBody = R"({"event_id":"$1"})";
    QVERIFY(matrix.listen() && slack.listen() && ntfy.listen());
    test::writeTestFile(dir.filePath(u"token"_s), "syt_abc\n");
    test::TestTerminal terminal;
    if (!terminal.open())
        QSKIP("no pseudo-terminal here (posix_openpt): every way is tried where there is one");
    test::writeTestUtmp(dir.filePath(u"utmp"_s), {{u"alice"_s, terminal.line()}});
    const QByteArray hs = "http://127.0.0.1:" + QByteArray::number(matrix.port());
    const PolicyConfig policy = policyOf(
        "[alerts]\nrate_limit = \"10m\"\n[contacts]\nemail = \"{user}@lab.example\"\nsendmail = "
        "\"" +
        sendmail.toUtf8() + "\"\nmatrix_homeserver = \"" + hs + "\"\nmatrix_token_file = \"" +
        dir.filePath(u"token"_s).toUtf8() + "\"\nutmp = \"" + dir.filePath(u"utmp"_s).toUtf8() +
        "\"\n[contacts.alice]\nmatrix = \"!lab:m.test\"\nslack = \"" + slack.url().toUtf8() +
        "\"\nmattermost = \"" + slack.url().toUtf8() +
        "\"\nntfy = \"http://127.0.0.1:" + QByteArray::number(ntfy.port()) + "/alice-gpus\"\n");
    qint64 now = kT0;
    const auto owned = notifierOf(policy, &now);
    Notifier& notifier = *owned;
    QSignalSpy spy(&notifier, &Notifier::recorded);

    PolicyEvent e = idleEvent();
    notifier.notify(e);
    const QList<NoticeRecord> sent = records(spy, 6);
    QTest::qWait(200);
    QCOMPARE(spy.size(), 6);
    QStringList ways;
    for (const NoticeRecord& r : sent) {
        QVERIFY2(r.outcome == u"done"_s, qPrintable(r.channel + u": "_s + r.detail));
        QCOMPARE(r.user, u"alice"_s);
        QCOMPARE(r.pid, 4242);
        QCOMPARE(r.subject, u"Idle GPU on node-a: python (PID 4242)"_s);
        QVERIFY(r.enforced);
        ways << r.channel;
    }
    ways.sort();
    QCOMPARE(ways, (QStringList{u"email"_s, u"matrix"_s, u"mattermost"_s, u"ntfy"_s, u"slack"_s,
                                u"terminal"_s}));
    QCOMPARE(byChannel(sent, u"email"_s)->to, u"alice@lab.example"_s);
    QCOMPARE(byChannel(sent, u"slack"_s)->to, u"http://127.0.0.1:%1/…"_s.arg(slack.port()));
    QCOMPARE(byChannel(sent, u"terminal"_s)->detail, u"written to %1"_s.arg(terminal.line()));

    const QList<QByteArray> mails = test::fakeSendmailMessages(dir.path());
    QCOMPARE(mails.size(), 1);
    QVERIFY(mails[0].startsWith("ARGS: -t -oi\nFrom: GPU Warden <gpuwarden-agent@node-a>\n"));
    QCOMPARE(matrix.requests.size(), 1);
    QCOMPARE(matrix.requests[0].headers.value("authorization"), "Bearer syt_abc"_ba);
    QCOMPARE(slack.requests.size(), 2); // Slack and Mattermost: one each
    const QString slackText =
        QJsonDocument::fromJson(slack.requests[0].body).object()[u"text"_s].toString();
    QVERIFY(slackText.startsWith(u"*Idle GPU on node-a: python (PID 4242)*\n\nHello alice,"_s));
    QCOMPARE(ntfy.requests.size(), 1);
    QCOMPARE(ntfy.requests[0].path, "/alice-gpus"_ba);
    QCOMPARE(ntfy.requests[0].headers.value("title"), "Idle GPU on node-a: python (PID 4242)"_ba);
    QVERIFY(ntfy.requests[0].body.startsWith("Hello alice,\n\nyour process python"));
    const QByteArray shown = terminal.read(2000);
    QVERIFY2(shown.startsWith("\r\n\aMessage from gpuwarden-agent@node-a at "), shown.constData());
    QVERIFY(shown.contains("\r\nIdle GPU on node-a: python (PID 4242)\r\nHello alice,\r\n"));
    QVERIFY(shown.endsWith("EOF\r\n"));

    // The second warning within the rate limit: held back, recorded once.
    PolicyAction second = e.actions[0];
    second.atMs = kT0 + 200'000;
    e.actions << second;
    now = kT0 + 200'000;
    notifier.notify(e);
    notifier.notify(e); // no news: nothing at all
    QTRY_COMPARE(spy.size(), 7);
    const NoticeRecord held = spy.at(6).at(0).value<NoticeRecord>();
    QCOMPARE(held.outcome, u"declined"_s);
    QVERIFY(held.channel.isEmpty());
    QCOMPARE(held.detail, u"rate limit: one notice per kind and person every 10m"_s);
    QCOMPARE(notifier.counters().rateLimited, 1u);
    // After it, the next news goes out and says how many were held back.
    PolicyAction stop;
    stop.kind = PolicyAction::Kind::Terminate;
    stop.atMs = kT0 + 700'000;
    e.actions << stop;
    now = kT0 + 700'000;
    notifier.notify(e);
    QTRY_COMPARE(spy.size(), 13);
    QCOMPARE(test::fakeSendmailMessages(dir.path()).size(), 2);
    QVERIFY(test::fakeSendmailMessages(dir.path())[1].contains(
        "(1 more notices like this one were held back since the last one.)"));
    QCOMPARE(notifier.counters().sent, 12u);
    // A GPU's fault and an event without a person: no notice.
    PolicyEvent health;
    health.id = u"h1"_s;
    health.kind = PolicyEventKind::GpuHealth;
    health.gpuUuid = u"GPU-0"_s;
    notifier.notify(health);
    QTest::qWait(200);
    QCOMPARE(spy.size(), 13);
}

void TestNotices::optedOutPeopleGetOnlyWhatIsEnforced()
{
    QTemporaryDir dir;
    const QString sendmail = test::writeFakeSendmail(dir.path());
    const PolicyConfig policy =
        policyOf("[alerts]\nrate_limit = \"1s\"\n[contacts]\nterminals = false\nsendmail = \"" +
                 sendmail.toUtf8() +
                 "\"\n[contacts.alice]\nemail = \"alice@lab.example\"\nopt_out = true\n");
    qint64 now = kT0;
    const auto owned = notifierOf(policy, &now);
    Notifier& notifier = *owned;
    QSignalSpy spy(&notifier, &Notifier::recorded);
    PolicyEvent e = idleEvent();
    e.actions[0].simulated = true; // a dry run's warning: nothing enforced
    notifier.notify(e);
    QTRY_COMPARE(spy.size(), 1);
    NoticeRecord r = spy.at(0).at(0).value<NoticeRecord>();
    QCOMPARE(r.outcome, u"declined"_s);
    QCOMPARE(r.detail, u"alice opted out of notices that announce nothing enforced"_s);
    QVERIFY(test::fakeSendmailMessages(dir.path()).isEmpty());
    PolicyAction real;
    real.kind = PolicyAction::Kind::Terminate;
    real.atMs = kT0 + 5000;
    e.actions << real;
    now = kT0 + 5000;
    notifier.notify(e);
    QTRY_COMPARE(spy.size(), 2);
    r = spy.at(1).at(0).value<NoticeRecord>();
    QCOMPARE(r.outcome, u"done"_s);
    QCOMPARE(r.channel, u"email"_s);
    QVERIFY(r.enforced);
    QCOMPARE(test::fakeSendmailMessages(dir.path()).size(), 1);
}

void TestNotices::anEventSeenThenWarnedAReadingApartIsOneNotice()
{
    // Seen at one reading, its first warning at the next: without waiting,
    // the first notice would announce nothing enforced and the rate limit
    // would hold the warning back.
    QTemporaryDir dir;
    const QString sendmail = test::writeFakeSendmail(dir.path());
    const PolicyConfig policy =
        policyOf("[contacts]\nterminals = false\nsendmail = \"" + sendmail.toUtf8() +
                 "\"\nemail = \"{user}@lab.example\"\n");
    const auto owned = notifierOf(policy, nullptr, 400);
    Notifier& notifier = *owned;
    QSignalSpy spy(&notifier, &Notifier::recorded);
    PolicyEvent e = idleEvent();
    e.server = u"gpu-lab-07"_s; // the server as its events name it, not the notifier's
    const QList<PolicyAction> warning = e.actions;
    e.actions.clear();
    notifier.notify(e); // seen
    QTest::qWait(100);
    e.actions = warning;
    notifier.notify(e); // warned, a reading later
    QTRY_COMPARE(spy.size(), 1);
    QTest::qWait(600);
    QCOMPARE(spy.size(), 1);
    const NoticeRecord r = spy.at(0).at(0).value<NoticeRecord>();
    QCOMPARE(r.outcome, u"done"_s);
    QVERIFY(r.enforced);
    const QList<QByteArray> mails = test::fakeSendmailMessages(dir.path());
    QCOMPARE(mails.size(), 1);
    QVERIFY2(mails[0].contains(QByteArray("it will be stopped at " + hhmm(kT0 + 300'000).toUtf8())),
             mails[0].constData());
    QVERIFY(!mails[0].contains("opt_out"));
    QVERIFY2(mails[0].contains("\nSubject: Idle GPU on gpu-lab-07: python (PID 4242)\n"),
             mails[0].constData());
}

void TestNotices::failuresAreRecordedWithTheirReason()
{
    QTemporaryDir dir;
    const QString sendmail = test::writeFakeSendmail(dir.path(), 75, "queue file write error");
    test::WebhookReceiver matrix;
    matrix.failFirst = 100;
    QVERIFY(matrix.listen());
    test::TestTerminal closed;
    if (!closed.open())
        QSKIP("no pseudo-terminal here (posix_openpt): the failures are tried where there is one");
    QVERIFY(closed.setMessages(false));
    test::writeTestUtmp(dir.filePath(u"utmp"_s), {{u"alice"_s, closed.line()}});
    const PolicyConfig policy = policyOf(
        "[contacts]\nemail = \"{user}@lab.example\"\nsendmail = \"" + sendmail.toUtf8() +
        "\"\nmatrix_homeserver = \"http://127.0.0.1:" + QByteArray::number(matrix.port()) +
        "\"\nmatrix_token_file = \"" + dir.filePath(u"no-token"_s).toUtf8() + "\"\nutmp = \"" +
        dir.filePath(u"utmp"_s).toUtf8() + "\"\n[contacts.alice]\nmatrix = \"!lab:m.test\"\n" +
        "[contacts.bob]\nterminals = true\nntfy = \"http://127.0.0.1:1/x\"\n" +
        "[contacts.dave]\nmatrix = \"!lab:m.test\"\nterminals = false\n");
    const auto owned = notifierOf(policy);
    Notifier& notifier = *owned;
    QSignalSpy spy(&notifier, &Notifier::recorded);
    notifier.notify(idleEvent());
    const QList<NoticeRecord> list = records(spy, 3);
    QCOMPARE(byChannel(list, u"email"_s)->outcome, u"failed"_s);
    QCOMPARE(byChannel(list, u"email"_s)->detail,
             sendmail + u" exited with 75: queue file write error"_s);
    QCOMPARE(byChannel(list, u"matrix"_s)->outcome, u"failed"_s);
    QVERIFY2(byChannel(list, u"matrix"_s)->detail.startsWith(dir.filePath(u"no-token"_s) + u": "_s),
             qPrintable(byChannel(list, u"matrix"_s)->detail));
    QCOMPARE(byChannel(list, u"terminal"_s)->outcome, u"declined"_s);
    QCOMPARE(byChannel(list, u"terminal"_s)->detail,
             u"no terminal took it: %1 (mesg n)"_s.arg(closed.line()));
    QVERIFY(closed.read(200).isEmpty());

    // bob: not logged in, and his ntfy server is not there.
    spy.clear();
    notifier.notify(idleEvent(u"bob"_s, 4343));
    const QList<NoticeRecord> bob = records(spy, 3);
    QCOMPARE(byChannel(bob, u"terminal"_s)->outcome, u"declined"_s);
    QCOMPARE(byChannel(bob, u"terminal"_s)->detail, u"bob is not logged in"_s);
    QCOMPARE(byChannel(bob, u"ntfy"_s)->outcome, u"failed"_s);
    QVERIFY2(byChannel(bob, u"ntfy"_s)->detail.startsWith(u"http://127.0.0.1:1/…: "_s),
             qPrintable(byChannel(bob, u"ntfy"_s)->detail));

    // Matrix answering 403 with its error code: said (dave: alice's next
    // idle notice would fall in the rate limit).
    test::writeTestFile(dir.filePath(u"no-token"_s), "syt_x\n");
    matrix.failStatus = "403 Forbidden";
    matrix.failBody = R"({"errcode":"M_FORBIDDEN","error":"You are not in the room"})";
    spy.clear();
    notifier.notify(idleEvent(u"dave"_s, 5151));
    const QList<NoticeRecord> dave = records(spy, 2);
    const NoticeRecord* refused = byChannel(dave, u"matrix"_s);
    QVERIFY(refused);
    QCOMPARE(refused->outcome, u"failed"_s);
    QCOMPARE(refused->detail, u"!lab:m.test: HTTP 403: M_FORBIDDEN: You are not in the room"_s);
    QCOMPARE(notifier.counters().failed, 6u); // mail thrice (alice, bob, dave), Matrix twice, ntfy
}

void TestNotices::theProcesssLanguageIsUsedWhenTheContactsSayNone()
{
    QTemporaryDir dir;
    const QString sendmail = test::writeFakeSendmail(dir.path());
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(u"LC_ALL"_s);
    env.remove(u"LC_MESSAGES"_s);
    env.insert(u"LANG"_s, u"de_DE.UTF-8"_s);
    child.setProcessEnvironment(env);
    QVERIFY(test::startSleepChild(child));
    const PolicyConfig policy =
        policyOf("[contacts]\nterminals = false\nemail = \"{user}@lab.example\"\nsendmail = \"" +
                 sendmail.toUtf8() + "\"\n[contacts.carol]\nlanguage = \"zh\"\n");
    const auto owned = notifierOf(policy);
    Notifier& notifier = *owned;
    QSignalSpy spy(&notifier, &Notifier::recorded);
    notifier.notify(idleEvent(u"alice"_s, child.processId()));
    notifier.notify(idleEvent(u"carol"_s, child.processId()));
    QTRY_COMPARE(spy.size(), 2);
    QStringList languages;
    for (const QList<QVariant>& args : std::as_const(spy))
        languages << args[0].value<NoticeRecord>().user + u'=' +
                         args[0].value<NoticeRecord>().language;
    languages.sort();
    // alice's process says German; carol's contacts say Chinese, over it.
    QCOMPARE(languages, (QStringList{u"alice=de"_s, u"carol=zh"_s}));
    child.kill();
    child.waitForFinished();
}

QTEST_GUILESS_MAIN(TestNotices)
#include "tst_notices.moc"
