// XID lines from the kernel log (core/sampling/kernellog.h): real lines of
// drivers from 2012 to today (tests/sampling/fixtures/kmsg/README.md says
// where each comes from), the kmsg record around them, a lost GPU's notice
// without an XID line, and lines that only look like one.
#include "sampling/kernellog.h"
#include "util/printable.h"

#include <QElapsedTimer>
#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <unistd.h>

using namespace gw;
using namespace gw::kernellog;

namespace {

QByteArray fixture(const QString& name)
{
    QFile f(QStringLiteral(GW_TEST_SOURCE_DIR "/fixtures/kmsg/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return f.readAll();
}

} // namespace

class TestKernelLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aRecordIsReadWithItsHeader()
    {
        QString why;
        const auto r = parseKmsgRecord("4,1005,2000000005,-;NVRM: Xid (PCI:0000:cb:00): 109, "
                                       "pid=1\n SUBSYSTEM=pci\n DEVICE=+pci:0000:cb:00.0\n",
                                       &why);
        QVERIFY2(r, qPrintable(why));
        QCOMPARE(r->facility, 0);
        QCOMPARE(r->level, 4);
        QCOMPARE(r->sequence, quint64(1005));
        QCOMPARE(r->monotonicUs, qint64(2000000005));
        QVERIFY(!r->fragment);
        // The continuation lines are not part of the message.
        QCOMPARE(r->message, QStringLiteral("NVRM: Xid (PCI:0000:cb:00): 109, pid=1"));

        // More header fields than four are allowed (the kernel may add
        // some); a fragment; a message with ';' in it.
        const auto more = parseKmsgRecord("30,7,8,c,caller=T1;a; b", &why);
        QVERIFY2(more, qPrintable(why));
        QCOMPARE(more->facility, 3);
        QCOMPARE(more->level, 6);
        QVERIFY(more->fragment);
        QCOMPARE(more->message, QStringLiteral("a; b"));

        // A control byte that reached the message is shown, not obeyed.
        const auto raw = parseKmsgRecord("4,8,9,-;name\x1b[2J\r", &why);
        QVERIFY2(raw, qPrintable(why));
        QCOMPARE(raw->message, QStringLiteral("name\\x1b[2J"));
    }

    void whatIsNotARecordSaysWhy_data()
    {
        QTest::addColumn<QByteArray>("record");
        QTest::addColumn<QString>("why");
        QTest::newRow("no header")
            << QByteArray("NVRM: Xid (PCI:0000:01:00): 79, x") << QStringLiteral("no ';'");
        QTest::newRow("three fields") << QByteArray("4,1,2;m") << QStringLiteral("3 fields");
        QTest::newRow("prefix") << QByteArray("x,1,2,-;m") << QStringLiteral("syslog prefix");
        QTest::newRow("prefix too big")
            << QByteArray("4096,1,2,-;m") << QStringLiteral("syslog prefix");
        QTest::newRow("sequence") << QByteArray("4,-1,2,-;m") << QStringLiteral("sequence");
        QTest::newRow("sequence past 64 bits")
            << QByteArray("4,18446744073709551616,2,-;m") << QStringLiteral("sequence");
        QTest::newRow("time") << QByteArray("4,1,abc,-;m") << QStringLiteral("time");
        QTest::newRow("flag") << QByteArray("4,1,2,x;m") << QStringLiteral("flag");
        QTest::newRow("too long") << QByteArray("4,1,2,-;") + QByteArray(20'000, 'a')
                                  << QStringLiteral("more than");
    }
    void whatIsNotARecordSaysWhy()
    {
        QFETCH(QByteArray, record);
        QFETCH(QString, why);
        QString said;
        QVERIFY(!parseKmsgRecord(record, &said));
        QVERIFY2(said.contains(why), qPrintable(said));
    }

    void realXidLinesAreRead_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("bus");
        QTest::addColumn<qint64>("pid"); // 0: none
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("text");
        QTest::newRow("2012, no PCI:")
            << QStringLiteral("NVRM: Xid (0000:01:00): 13, 0005 00000000 0000502d 00000104 "
                              "00000000 00000100")
            << 13 << QStringLiteral("00000000:01:00.0") << qint64(0) << QString()
            << QStringLiteral("0005 00000000 0000502d 00000104 00000000 00000100");
        QTest::newRow("pid and name")
            << QStringLiteral("NVRM: Xid (PCI:0000:cb:00): 109, pid=1797828, name=pt_main_thread, "
                              "Ch 00000008, errorString CTX SWITCH TIMEOUT, Info 0x58005")
            << 109 << QStringLiteral("00000000:CB:00.0") << qint64(1797828)
            << QStringLiteral("pt_main_thread")
            << QStringLiteral("Ch 00000008, errorString CTX SWITCH TIMEOUT, Info 0x58005");
        QTest::newRow("pid unknown")
            << QStringLiteral("NVRM: Xid (PCI:0000:43:00): 13, pid='<unknown>', name=<unknown>, "
                              "Graphics Exception: ESR 0x52e7b0=0x101000e")
            << 13 << QStringLiteral("00000000:43:00.0") << qint64(0) << QString()
            << QStringLiteral("Graphics Exception: ESR 0x52e7b0=0x101000e");
        QTest::newRow("pid, no name")
            << QStringLiteral("NVRM: Xid (PCI:0000:10:1c): 63, pid=1896, Row Remapper: New row "
                              "marked for remapping, reset gpu to activate.")
            << 63 << QStringLiteral("00000000:10:1C.0") << qint64(1896) << QString()
            << QStringLiteral("Row Remapper: New row marked for remapping, reset gpu to activate.");
        QTest::newRow("fallen off the bus")
            << QStringLiteral("NVRM: Xid (PCI:0000:44:00): 79, GPU has fallen off the bus") << 79
            << QStringLiteral("00000000:44:00.0") << qint64(0) << QString()
            << QStringLiteral("GPU has fallen off the bus");
        QTest::newRow("function and dmesg stamp")
            << QStringLiteral("[ 1843.308145] NVRM: Xid (PCI:0000:b3:00.0): 79, pid=12345, GPU "
                              "has fallen off the bus.")
            << 79 << QStringLiteral("00000000:B3:00.0") << qint64(12345) << QString()
            << QStringLiteral("GPU has fallen off the bus.");
        QTest::newRow("code alone")
            << QStringLiteral("NVRM: Xid (PCI:0000:b3:00.0): 79") << 79
            << QStringLiteral("00000000:B3:00.0") << qint64(0) << QString() << QString();
        // A pid that cannot be one is not guessed at: it stays in the text.
        QTest::newRow("pid not a pid")
            << QStringLiteral("NVRM: Xid (PCI:0000:01:00): 43, pid=-1, name=x, Ch 00000010") << 43
            << QStringLiteral("00000000:01:00.0") << qint64(0) << QString()
            << QStringLiteral("pid=-1, name=x, Ch 00000010");
        QTest::newRow("pid past the limit")
            << QStringLiteral("NVRM: Xid (PCI:0000:01:00): 43, pid=99999999, Ch 00000010") << 43
            << QStringLiteral("00000000:01:00.0") << qint64(0) << QString()
            << QStringLiteral("pid=99999999, Ch 00000010");
    }
    void realXidLinesAreRead()
    {
        QFETCH(QString, message);
        QFETCH(int, code);
        QFETCH(QString, bus);
        QFETCH(qint64, pid);
        QFETCH(QString, name);
        QFETCH(QString, text);
        QString why;
        const auto x = parseXidMessage(message, &why);
        QVERIFY2(x, qPrintable(why));
        QVERIFY(why.isEmpty());
        QCOMPARE(x->code, code);
        QCOMPARE(x->pciBusId, bus);
        QCOMPARE(x->pid.value_or(0), pid);
        QCOMPARE(x->pid.has_value(), pid != 0);
        QCOMPARE(x->processName, name);
        QCOMPARE(x->text, text);
        QVERIFY(!x->withoutXidLine);
    }

    void otherKernelLinesAreNotXids()
    {
        QString why;
        for (const QString& m :
             {QStringLiteral("NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  580.159.04"),
              QStringLiteral("nvidia-nvlink: Nvlink Core is being initialized"),
              QStringLiteral("NVRM: Xidfoo is not a word"), QString()}) {
            const bool looksLikeOne = m.startsWith(QLatin1String("NVRM: Xid"));
            QVERIFY(!parseXidMessage(m, &why));
            // "NVRM: Xid" and then nonsense is said; anything else is quiet.
            QCOMPARE(!why.isEmpty(), looksLikeOne);
        }
    }

    void theRealFixtureGivesEachXidOnceAndNoWarning()
    {
        Scanner scanner;
        scanner.feedText(fixture(QStringLiteral("xid-real.txt")));
        const QStringList warnings = scanner.takeWarnings();
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
        const QList<Scanner::Found> found = scanner.takeFound();
        QList<int> codes;
        QStringList buses;
        for (const Scanner::Found& f : found) {
            codes << f.xid.code;
            buses << f.xid.pciBusId;
        }
        QCOMPARE(codes, (QList<int>{13, 31, 69, 32, 109, 13, 119, 63, 45, 144, 79, 79}));
        QCOMPARE(buses.last(), QStringLiteral("00000000:B3:00.0"));
        // The last is the lost GPU's notice, read as XID 79, at the record
        // that said "fallen off the bus".
        QVERIFY(found.last().xid.withoutXidLine);
        QCOMPARE(found.last().sequence, quint64(1014));
        QCOMPARE(found.last().monotonicUs, qint64(2000000014));
        QCOMPARE(found[4].sequence, quint64(1005));
        QVERIFY(scanner.takeFound().isEmpty()); // taken once
    }

    // The driver's load line, in the H200 capture and an older driver's
    // form: where GPUs start afresh.
    void theDriverLoadingIsSeen()
    {
        Scanner scanner;
        scanner.feedText(fixture(QStringLiteral("xid-real.txt")));
        QList<Scanner::DriverLoad> loads = scanner.takeDriverLoads();
        QCOMPARE(loads.size(), 1);
        QCOMPARE(loads.first().sequence, quint64(355));
        QCOMPARE(loads.first().monotonicUs, qint64(624403));
        QCOMPARE(loads.first().version, QStringLiteral("580.159.04"));
        QVERIFY(scanner.takeDriverLoads().isEmpty());
        scanner.feedText("6,9,1,-;NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.104.05  "
                         "Sat Aug 19 01:15:15 UTC 2023\n"
                         "12,10,1,-;NVRM: loading NVIDIA UNIX x86_64 Kernel Module  1.0  forged\n");
        loads = scanner.takeDriverLoads();
        QCOMPARE(loads.size(), 1); // the one from user space is not the kernel's
        QCOMPARE(loads.first().version, QStringLiteral("535.104.05"));
    }

    void garbledLinesAreEachSaidAndGiveNoXid()
    {
        Scanner scanner;
        scanner.feedText(fixture(QStringLiteral("xid-garbled.txt")));
        const QList<Scanner::Found> found = scanner.takeFound();
        const QStringList warnings = scanner.takeWarnings();
        // Only the last record is an XID (43), its name made printable.
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().xid.code, 43);
        QCOMPARE(found.first().xid.pid, std::optional<qint64>(4242));
        QCOMPARE(found.first().xid.processName, QStringLiteral("evil\\x1b[2J"));
        QCOMPARE(found.first().xid.text, QStringLiteral("Ch 00000010"));
        const QStringList expected{
            QStringLiteral("kernel log record 900: an XID line GPU Warden cannot read (the GPU's "
                           "PCI address is not closed with ')'): NVRM: Xid (PCI:0000:"),
            QStringLiteral("kernel log record 901: an XID line GPU Warden cannot read (XID 99999 "
                           "is not a number from 1 to 999)"),
            QStringLiteral("record 902: an XID line GPU Warden cannot read (XID 0 is not"),
            QStringLiteral("record 903: an XID line GPU Warden cannot read (\"PCI:0000:zz:00\" is "
                           "not a PCI address)"),
            QStringLiteral("record 904: an XID line GPU Warden cannot read (no ':' after the PCI "
                           "address)"),
            QStringLiteral("record 905: an XID line GPU Warden cannot read (the XID number is not "
                           "followed by ',')"),
            QStringLiteral("record 906: an XID line GPU Warden cannot read (no '(' with the GPU's "
                           "PCI address"),
            QStringLiteral("kernel log line 8: not a kernel log record (no ';' ends the record's "
                           "header): this is not a kernel log record"),
            QStringLiteral("kernel log line 9: not a kernel log record (the time is not"),
            QStringLiteral("kernel log line 10: not a kernel log record (the flag is not"),
            QStringLiteral("kernel log line 11: not a kernel log record (the header has 3 fields"),
        };
        QCOMPARE(warnings.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            QVERIFY2(warnings[i].contains(expected[i]), qPrintable(warnings[i]));
            QVERIFY(isPrintableText(warnings[i]));
        }
    }

    void aLostGpusNoticeIsOneXid79()
    {
        // The notice and then the XID line for the same GPU (newer drivers
        // print both): one XID 79, the line's, with its pid.
        Scanner both;
        both.feedText("4,10,1,-;NVRM: The NVIDIA GPU 0000:b3:00.0\n"
                      "4,11,1,-;NVRM: (PCI ID: 10de:26b5) installed in this system has\n"
                      "4,12,1,-;NVRM: fallen off the bus and is not responding to commands.\n"
                      "4,13,1,-;NVRM: Xid (PCI:0000:b3:00.0): 79, pid=12345, GPU has fallen off "
                      "the bus.\n");
        const QList<Scanner::Found> one = both.takeFound();
        QCOMPARE(one.size(), 1);
        QCOMPARE(one.first().xid.code, 79);
        QVERIFY(!one.first().xid.withoutXidLine);
        QCOMPARE(one.first().xid.pid, std::optional<qint64>(12345));
        QCOMPARE(one.first().sequence, quint64(13));

        // Another GPU's XID 79 after the notice is its own.
        Scanner two;
        two.feedText("4,10,1,-;NVRM: The NVIDIA GPU 0000:b3:00.0\n"
                     "4,11,1,-;NVRM: fallen off the bus and is not responding to commands.\n"
                     "4,12,1,-;NVRM: Xid (PCI:0000:b4:00): 79, GPU has fallen off the bus.\n");
        const QList<Scanner::Found> both79 = two.takeFound();
        QCOMPARE(both79.size(), 2);
        QCOMPARE(both79[0].xid.pciBusId, QStringLiteral("00000000:B3:00.0"));
        QCOMPARE(both79[1].xid.pciBusId, QStringLiteral("00000000:B4:00.0"));

        // "fallen off the bus" with no notice before it, or far after it,
        // names no GPU: nothing is guessed.
        Scanner none;
        none.feedText("4,10,1,-;NVRM: fallen off the bus and is not responding to commands.\n"
                      "4,20,1,-;NVRM: The NVIDIA GPU 0000:b3:00.0\n"
                      "4,40,1,-;NVRM: fallen off the bus and is not responding to commands.\n");
        QVERIFY(none.takeFound().isEmpty());
        QVERIFY(none.takeWarnings().isEmpty());

        // The same notice written from user space (facility 1) is not the
        // driver's: no XID 79.
        Scanner forged;
        forged.feedText("12,10,1,-;NVRM: The NVIDIA GPU 0000:b3:00.0\n"
                        "12,11,1,-;NVRM: fallen off the bus and is not responding to commands.\n");
        QVERIFY(forged.takeFound().isEmpty());
    }

    void anXidWrittenByUserSpaceIsNotTaken()
    {
        // Facility 1 (user): what `echo … > /dev/kmsg` as root writes.
        Scanner scanner;
        scanner.feedText("12,7,1,-;NVRM: Xid (PCI:0000:01:00): 79, GPU has fallen off the bus\n");
        QVERIFY(scanner.takeFound().isEmpty());
        const QStringList w = scanner.takeWarnings();
        QCOMPARE(w.size(), 1);
        QVERIFY2(w.first().contains(QLatin1String("record 7: an XID line written by user space "
                                                  "(syslog facility 1), not by the driver")),
                 qPrintable(w.first()));
    }

    void aFileIsReadAsItGrows()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kmsg.txt"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
        f.write("4,1,1,-;NVRM: Xid (PCI:0000:01:00): 13, pid=10, name=a, Graphics Exception\n"
                " SUBSYSTEM=pci\n");
        Reader reader(path);
        QStringList warnings;
        QList<Scanner::Found> found = reader.poll(&warnings);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
        QVERIFY(reader.readable());
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().xid.code, 13);
        // Nothing new: nothing found again.
        QVERIFY(reader.poll(&warnings).isEmpty());
        // Half a record is kept until its end arrives.
        f.write("4,2,2,-;NVRM: Xid (PCI:0000:02:00): 7");
        QVERIFY(reader.poll(&warnings).isEmpty());
        f.write("9, GPU has fallen off the bus\n");
        found = reader.poll(&warnings);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().xid.code, 79);
        QCOMPARE(found.first().xid.pciBusId, QStringLiteral("00000000:02:00.0"));
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
    }

    void aLogThatCannotBeOpenedIsSaidOnce()
    {
        Reader reader(QStringLiteral("/nonexistent/kmsg"));
        QStringList warnings;
        QVERIFY(reader.poll(&warnings).isEmpty());
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings.first().contains(QLatin1String("cannot read the kernel log "
                                                         "/nonexistent/kmsg: No such file")),
                 qPrintable(warnings.first()));
        QVERIFY(!reader.readable());
        reader.poll(&warnings);
        QCOMPARE(warnings.size(), 1);
    }

    // The real /dev/kmsg: read without blocking, one record a read, a line
    // written into it found by its sequence number. (The line is no XID:
    // other monitors of a GPU server's log would take a forged one for a
    // fault; anXidWrittenByUserSpaceIsNotTaken covers that case.)
    void theRealKernelLogIsReadWithoutBlocking()
    {
        const int w = ::open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
        if (w < 0)
            QSKIP("/dev/kmsg cannot be written here (not root)");
        auto closeW = qScopeGuard([w] { ::close(w); });
        Reader reader;
        QStringList warnings;
        // The first poll reads what the ring buffer holds (up to
        // kMaxRecordsPerPoll records; a long buffer takes more polls).
        QElapsedTimer clock;
        clock.start();
        reader.poll(&warnings);
        if (!reader.readable())
            QSKIP(qPrintable(QStringLiteral("/dev/kmsg cannot be read here: ") +
                             warnings.join(u' ')));
        for (int i = 0; i < 100 && !reader.poll(&warnings).isEmpty(); ++i) {
        }
        const qint64 firstMs = clock.elapsed();
        const std::optional<quint64> before = reader.lastSequence();
        QVERIFY(before);
        const QByteArray line = "<6>gpuwarden tst_kernellog: a test line, no fault\n";
        QCOMPARE(::write(w, line.constData(), size_t(line.size())), ssize_t(line.size()));
        // Others may write meanwhile: ours is at least the next record.
        QVERIFY(reader.poll(&warnings).isEmpty());
        QVERIFY(reader.lastSequence());
        QVERIFY(*reader.lastSequence() > *before);
        // Nothing more: a poll returns at once.
        clock.restart();
        reader.poll(&warnings);
        qInfo("the kernel log to record %llu read in %lld ms; an empty poll took %lld ms",
              static_cast<unsigned long long>(*reader.lastSequence()),
              static_cast<long long>(firstMs), static_cast<long long>(clock.elapsed()));
        QVERIFY(clock.elapsed() < 1000);
        QVERIFY2(warnings.filter(QLatin1String("cannot")).isEmpty(),
                 qPrintable(warnings.join(u'\n')));
    }

    void pciAddressesTakeTheSamplersForm()
    {
        QCOMPARE(normalisePciBusId(u"0000:01:00"), QStringLiteral("00000000:01:00.0"));
        QCOMPARE(normalisePciBusId(u"PCI:0000:cb:00.0"), QStringLiteral("00000000:CB:00.0"));
        QCOMPARE(normalisePciBusId(u"00000000:CB:00.0"), QStringLiteral("00000000:CB:00.0"));
        QCOMPARE(normalisePciBusId(u"0001:10:1c.3"), QStringLiteral("00000001:10:1C.3"));
        for (const char16_t* bad : {u"", u"0000:01", u"000:01:00", u"0000:1:00", u"0000:01:00.8",
                                    u"0000:01:00.", u"0000:0g:00", u"0000:01:00:00"})
            QVERIFY2(normalisePciBusId(bad).isEmpty(), qPrintable(QString::fromUtf16(bad)));
    }
};

QTEST_GUILESS_MAIN(TestKernelLog)
#include "tst_kernellog.moc"
