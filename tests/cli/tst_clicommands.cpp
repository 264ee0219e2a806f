// gpuwarden-cli's command table (cli/commands.h) in process: which row the
// positional arguments call, --help's command list as it has always read,
// every row complete and reachable, report alone in a QApplication.

#include "commands.h"

#include <QSet>
#include <QTest>

using namespace gw::cli;
using namespace Qt::Literals::StringLiterals;

class TestCliCommands : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void positionalArgumentsCallTheirRow_data()
    {
        QTest::addColumn<QStringList>("positional");
        QTest::addColumn<QString>("command"); // empty: none
        QTest::addColumn<QStringList>("operands");
        const auto row = [](const char* name, const QStringList& positional, const char* command,
                            const QStringList& operands = {}) {
            QTest::newRow(name) << positional << QString::fromUtf8(command) << operands;
        };
        row("snapshot", {u"snapshot"_s}, "snapshot");
        row("snapshot with more", {u"snapshot"_s, u"now"_s}, "");
        row("token set", {u"token"_s, u"set"_s}, "token set");
        row("token remove", {u"token"_s, u"remove"_s}, "token remove");
        row("token alone", {u"token"_s}, "");
        row("token with a value", {u"token"_s, u"set"_s, u"tok"_s}, "");
        row("policy check FILE", {u"policy"_s, u"check"_s, u"p.toml"_s}, "policy check",
            {u"p.toml"_s});
        row("policy check without a file", {u"policy"_s, u"check"_s}, "");
        row("run with its command", {u"run"_s, u"python"_s, u"train.py"_s}, "run",
            {u"python"_s, u"train.py"_s});
        row("run alone", {u"run"_s}, "run");
        row("report", {u"report"_s}, "report");
        row("doctor", {u"doctor"_s}, "doctor");
        row("nothing", {}, "");
        row("a misspelling", {u"snapshots"_s}, "");
        row("case matters", {u"Snapshot"_s}, "");
    }
    void positionalArgumentsCallTheirRow()
    {
        QFETCH(QStringList, positional);
        QFETCH(QString, command);
        QFETCH(QStringList, operands);
        const Command* c = findCommand(positional);
        QCOMPARE(c ? c->name() : QString(), command);
        if (c)
            QCOMPARE(positional.mid(c->words.size()), operands);
    }

    void everyRowIsCompleteAndCalledByItsOwnWords()
    {
        QSet<QString> names;
        for (const Command& c : commands()) {
            QVERIFY2(!c.words.isEmpty() && c.run && !c.help.isEmpty() && !c.synopsis.isEmpty(),
                     qPrintable(c.name()));
            QVERIFY2(c.synopsis.startsWith(c.name()), qPrintable(c.synopsis));
            QVERIFY2(!names.contains(c.name()), qPrintable(c.name()));
            names.insert(c.name());
            QStringList positional = c.words;
            for (int i = 0; i < c.operands; ++i)
                positional << u"x"_s;
            QCOMPARE(findCommand(positional), &c);
        }
        QCOMPARE(names.size(), 14);
    }

    // A mistaken or missing command is answered with every command of the
    // table (report was once left out of a list written by hand), and so is
    // the positional argument's line of --help.
    void aMistakenCommandIsOfferedEveryCommand_data()
    {
        QTest::addColumn<QStringList>("positional");
        QTest::newRow("misspelt") << QStringList{u"snapshots"_s};
        QTest::newRow("none") << QStringList();
    }
    void aMistakenCommandIsOfferedEveryCommand()
    {
        QFETCH(QStringList, positional);
        const QString message = unknownCommandMessage(positional);
        const qsizetype from = message.indexOf(u"(try: "_s);
        QVERIFY2(from > 0 && message.endsWith(u')'), qPrintable(message));
        const QStringList offered =
            message.mid(from + 6).chopped(1).split(u", "_s, Qt::SkipEmptyParts);
        QStringList names;
        for (const Command& c : commands())
            names << c.name();
        QCOMPARE(offered, names);
        QVERIFY(offered.contains(u"report"_s));

        QCommandLineParser parser;
        setUpParser(parser);
        QVERIFY2(parser.helpText().simplified().contains(names.join(u" | "_s)),
                 qPrintable(parser.helpText()));
    }

    void theHelpListsTheCommandsAsItAlwaysHas()
    {
        QCommandLineParser parser;
        setUpParser(parser);
        QCOMPARE(
            parser.applicationDescription(),
            u"GPU Warden command line.\n\nCommands:\n"
            "  snapshot                    print one reading of this machine, the demo fleet "
            "or an agent\n"
            "  record --duration 10m --output FILE\n"
            "                              write readings at --interval-ms (default 1000) to "
            "a trace\n"
            "  token set --source URL      keep the agent's token (read from stdin) in the "
            "keychain\n"
            "  token remove --source URL   forget it\n"
            "  doctor --source URL         the agent's check of its installation (admin "
            "token)\n"
            "  policy check FILE           check a policy.toml and print the effective "
            "policy\n"
            "  replay --trace FILE | --history FILE [--policy FILE]\n"
            "                              the events a policy finds in a trace;\n"
            "                              --half-life D, --share NAME=P: what if, fair share "
            "at the end\n"
            "  select --gpus N | --parallel tp=4,pp=2 | --task FILE\n"
            "                              the GPUs a job should take: prints\n"
            "                              export CUDA_VISIBLE_DEVICES=1,3 (reserved with "
            "--source)\n"
            "  wait --gpus N …             the same without reserving\n"
            "  advise --source URL         whether to start now, and the share allowed\n"
            "  me [--socket PATH]          your own standing on this server, no token: "
            "processes, events,\n"
            "                              caps, fair share, tokens (from the agent's Unix "
            "socket)\n"
            "  run --gpus N … -- CMD ARGS  select, run CMD on its GPUs and record what it "
            "did\n"
            "  tokens --trace FILE | --history FILE --policy FILE\n"
            "                              the token books of a trace or history: balances, "
            "ledger\n"
            "  report --trace FILE | --history FILE --format csv|pdf\n"
            "                              a range's coverage, GPUs and users as CSV or PDF"_s);
        // The positional argument's line names every command.
        const QString help = parser.helpText();
        const qsizetype at = help.indexOf(u"Arguments:"_s);
        QVERIFY(at > 0);
        const QString summary = help.mid(at).simplified(); // wrapped lines as one
        for (const Command& c : commands())
            QVERIFY2(summary.contains(c.name()), qPrintable(c.name() + u" in"_s + summary));
        // Each command's own options are there too.
        for (const char* o : {"json", "source", "gpus", "interval", "record", "format", "compare",
                              "socket", "half-life", "share"})
            QVERIFY2(parser.helpText().contains(u"--"_s + QLatin1String(o)), o);
    }

    void onlyReportRunsInAQApplication()
    {
        const char* report[] = {"gpuwarden-cli", "--format", "pdf", "report"};
        const char* tokens[] = {"gpuwarden-cli", "tokens", "--trace", "report.jsonl"};
        const char* none[] = {"gpuwarden-cli"};
        QVERIFY(needsWidgets(4, report));
        QVERIFY(!needsWidgets(4, tokens));
        QVERIFY(!needsWidgets(1, none));
        int widgets = 0;
        for (const Command& c : commands())
            widgets += c.widgets ? 1 : 0;
        QCOMPARE(widgets, 1);
    }
};

QTEST_GUILESS_MAIN(TestCliCommands)
#include "tst_clicommands.moc"
