// What an XID says about a GPU (core/model/xidcatalog.h): the catalogue's
// facts for the codes admins meet, GPU Warden's reading of them, and codes
// the catalogue does not list.
#include "model/xidcatalog.h"

#include <QSet>
#include <QTest>

using namespace gw;

class TestXidCatalog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theCodesAdminsMeetReadAsDocumented_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<int>("effect");
        QTest::addColumn<bool>("application");
        QTest::addColumn<int>("action");
        QTest::addColumn<QString>("description");
        // The user's program: told to its owner, the GPU stays ok.
        QTest::newRow("13") << 13 << int(XidEffect::None) << true
                            << int(XidAction::RestartApplication)
                            << QStringLiteral("Graphics Engine Exception");
        QTest::newRow("31") << 31 << int(XidEffect::None) << true
                            << int(XidAction::RestartApplication)
                            << QStringLiteral("GPU memory page fault");
        QTest::newRow("43") << 43 << int(XidEffect::None) << true << int(XidAction::None)
                            << QStringLiteral("GPU stopped processing");
        // Hardware or driver trouble that takes the GPU out.
        QTest::newRow("48") << 48 << int(XidEffect::Failing) << false << int(XidAction::ResetGpu)
                            << QStringLiteral("Double Bit ECC Error");
        QTest::newRow("64") << 64 << int(XidEffect::Failing) << false << int(XidAction::ResetGpu)
                            << QStringLiteral("GPU memory remapping failure");
        QTest::newRow("74") << 74 << int(XidEffect::Failing) << false << int(XidAction::ResetGpu)
                            << QStringLiteral("NVLINK Error");
        QTest::newRow("79") << 79 << int(XidEffect::Failing) << false << int(XidAction::RebootNode)
                            << QStringLiteral("GPU has fallen off the bus");
        QTest::newRow("95") << 95 << int(XidEffect::Failing) << false << int(XidAction::ResetGpu)
                            << QStringLiteral("Uncontained memory error");
        QTest::newRow("119") << 119 << int(XidEffect::Failing) << false << int(XidAction::ResetGpu)
                             << QStringLiteral("GSP RPC Timeout");
        // Still usable, handed out last.
        QTest::newRow("63") << 63 << int(XidEffect::Degraded) << false << int(XidAction::None)
                            << QStringLiteral("GPU memory remapping event");
        QTest::newRow("92") << 92 << int(XidEffect::Degraded) << false << int(XidAction::None)
                            << QStringLiteral("High single-bit ECC error rate");
        QTest::newRow("94") << 94 << int(XidEffect::Degraded) << false
                            << int(XidAction::RestartApplication)
                            << QStringLiteral("Contained memory error");
        // Informational.
        QTest::newRow("45") << 45 << int(XidEffect::None) << false << int(XidAction::None)
                            << QStringLiteral("Preemptive cleanup, due to previous errors");
        QTest::newRow("154") << 154 << int(XidEffect::None) << false << int(XidAction::None)
                             << QStringLiteral("GPU Recovery Action Changed");
    }
    void theCodesAdminsMeetReadAsDocumented()
    {
        QFETCH(int, code);
        QFETCH(int, effect);
        QFETCH(bool, application);
        QFETCH(int, action);
        QFETCH(QString, description);
        const XidInfo info = xidInfo(code);
        QVERIFY(info.known);
        QCOMPARE(info.code, code);
        QCOMPARE(int(info.effect), effect);
        QCOMPARE(info.application, application);
        QCOMPARE(int(info.action), action);
        QCOMPARE(QLatin1String(info.description), description);
        QCOMPARE(xidTitle(code), QStringLiteral("XID %1 (%2)").arg(code).arg(description));
    }

    // A newer driver's XID, or NVML's 999 for one it does not know itself:
    // degraded and said, never taken for nothing.
    void aCodeNotInTheCatalogueIsDegraded()
    {
        for (const int code : {999, 500, 0, -1, 9, 250}) {
            const XidInfo info = xidInfo(code);
            QVERIFY2(!info.known, qPrintable(QString::number(code)));
            QCOMPARE(info.code, code);
            QCOMPARE(info.effect, XidEffect::Degraded);
            QCOMPARE(info.action, XidAction::CheckHardware);
            QVERIFY(!info.application);
        }
        QCOMPARE(xidTitle(999), QStringLiteral("XID 999 (not in NVIDIA's catalogue)"));
    }

    // The table holds together: codes in order and once, every entry
    // described, no application fault that takes the GPU out, and every
    // action said in words.
    void theCatalogueHoldsTogether()
    {
        int count = 0;
        const XidInfo* all = xidCatalogue(&count);
        QVERIFY(count >= 90);
        QSet<QString> actions;
        for (int i = 0; i < count; ++i) {
            const XidInfo& e = all[i];
            if (i > 0)
                QVERIFY2(all[i - 1].code < e.code, qPrintable(QString::number(e.code)));
            QVERIFY(e.known);
            QVERIFY(e.code >= 1 && e.code <= 999);
            QVERIFY(*e.mnemonic && *e.description);
            QVERIFY2(!(e.application && e.effect == XidEffect::Failing),
                     qPrintable(QString::number(e.code)));
            QCOMPARE(xidInfo(e.code).code, e.code);
            actions << xidActionText(e.action);
        }
        QVERIFY(!actions.contains(QString()));
        QCOMPARE(actions.size(), 6); // every action occurs
    }
};

QTEST_GUILESS_MAIN(TestXidCatalog)
#include "tst_xidcatalog.moc"
