// A GPU's health figures from nvidia-smi (core/sampling/smihealth.h): our
// H200's answer, GPUs with errors, GPUs without the figures, and lines that
// cannot be read.
#include "sampling/smihealth.h"
#include "util/printable.h"

#include <QFile>
#include <QTest>

using namespace gw;

namespace {

QByteArray fixture(const QString& name)
{
    QFile f(QStringLiteral(GW_TEST_SOURCE_DIR "/fixtures/smihealth/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return f.readAll();
}

} // namespace

class TestSmiHealth : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theQueryAsksForWhatIsRead()
    {
        const QStringList args = smihealth::queryArguments();
        QCOMPARE(args.size(), 2);
        QVERIFY(args[0].startsWith(QLatin1String("--query-gpu=index,ecc.mode.current,")));
        QVERIFY(args[0].endsWith(
            QLatin1String("clocks_throttle_reasons.active,clocks_throttle_reasons.supported")));
        QCOMPARE(args[1], QStringLiteral("--format=csv,nounits"));
        // The fixture's header is exactly those fields.
        const QByteArray header = fixture(QStringLiteral("h200-580.159.04.csv")).split('\n')[0];
        QCOMPARE(QString::fromUtf8(header).remove(u' '), args[0].mid(int(qstrlen("--query-gpu="))));
    }

    void ourH200ReadsAsItAnswered()
    {
        QStringList warnings;
        const auto gpus =
            smihealth::parse(fixture(QStringLiteral("h200-580.159.04.csv")), warnings);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
        QCOMPARE(gpus.size(), 1);
        const GpuHealthFacts& f = gpus[0].facts;
        QCOMPARE(gpus[0].index, 0);
        QCOMPARE(f.eccEnabled, std::optional<bool>(true));
        QCOMPARE(f.eccUncorrectedVolatile, std::optional<quint64>(0));
        QCOMPARE(f.eccCorrectedAggregate, std::optional<quint64>(0));
        // Retired pages are an older GPU's: [N/A] is absent, not 0.
        QVERIFY(!f.retiredPagesSbe && !f.retiredPagesDbe && !f.retiredPagesPending);
        QCOMPARE(f.remappedRowsCorrectable, std::optional<quint32>(0));
        QCOMPARE(f.remapPending, std::optional<bool>(false));
        QCOMPARE(f.remapFailure, std::optional<bool>(false));
        QCOMPARE(f.clockEventReasons, std::optional<quint64>(0x1)); // idle
        QCOMPARE(f.clockEventReasonsSupported, std::optional<quint64>(0x1ff));
        // nvidia-smi has no energy counter and no XIDs.
        QVERIFY(!f.energyMj);
        QVERIFY(f.xids.isEmpty());
    }

    void errorsAbsentFiguresAndUnreadableLines()
    {
        QStringList warnings;
        const auto gpus = smihealth::parse(fixture(QStringLiteral("mixed.csv")), warnings);
        QCOMPARE(gpus.size(), 4);
        const GpuHealthFacts& a100 = gpus[0].facts;
        QCOMPARE(a100.eccUncorrectedVolatile, std::optional<quint64>(2));
        QCOMPARE(a100.eccCorrectedAggregate, std::optional<quint64>(40));
        QCOMPARE(a100.remappedRowsUncorrectable, std::optional<quint32>(2));
        QCOMPARE(a100.remapPending, std::optional<bool>(true));
        QCOMPARE(a100.clockEventReasons, std::optional<quint64>(0x60));
        const GpuHealthFacts& v100 = gpus[1].facts;
        QCOMPARE(v100.eccEnabled, std::optional<bool>(false));
        QVERIFY(!v100.eccCorrectedVolatile);
        QCOMPARE(v100.retiredPagesSbe, std::optional<quint32>(2));
        QCOMPARE(v100.retiredPagesPending, std::optional<bool>(true));
        QVERIFY(!v100.remapPending);
        // Nothing reported: every figure absent.
        QCOMPARE(gpus[2].facts, GpuHealthFacts());
        // Values that are not values are said and left out.
        const GpuHealthFacts& odd = gpus[3].facts;
        QCOMPARE(gpus[3].index, 3);
        QVERIFY(!odd.eccCorrectedVolatile && !odd.eccUncorrectedVolatile);
        QCOMPARE(odd.eccCorrectedAggregate, std::optional<quint64>(0));
        QVERIFY(!odd.retiredPagesPending && !odd.clockEventReasons &&
                !odd.clockEventReasonsSupported);
        const QStringList expected{
            QStringLiteral("line 5: \"-1\" is not a count for ecc.errors.corrected.volatile.total"),
            QStringLiteral("line 5: \"lots\" is not a count for "
                           "ecc.errors.uncorrected.volatile.total"),
            QStringLiteral("line 5: \"Maybe\" is not Yes or No for retired_pages.pending"),
            QStringLiteral("line 5: \"0xZZ\" is not a hexadecimal mask for "
                           "clocks_throttle_reasons.active"),
            QStringLiteral("line 5: \"1FF\" is not a hexadecimal mask"),
            QStringLiteral("line 6: 4 fields instead of 15; line skipped"),
            QStringLiteral("line 7: no GPU index; line skipped"),
        };
        QCOMPARE(warnings.size(), expected.size());
        for (int i = 0; i < expected.size(); ++i) {
            QVERIFY2(warnings[i].startsWith(QLatin1String("nvidia-smi health query, ")),
                     qPrintable(warnings[i]));
            QVERIFY2(warnings[i].contains(expected[i]), qPrintable(warnings[i]));
        }
    }

    void anOlderDriversAnswerIsSaidNotGuessed()
    {
        QStringList warnings;
        // A driver without remapped rows refuses the whole query; what it
        // prints instead is not a header of our fields.
        QVERIFY(smihealth::parse("Field \"remapped_rows.pending\" is not a valid field to "
                                 "query.\n\n",
                                 warnings)
                    .isEmpty());
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings[0].contains(QLatin1String("1 columns instead of 15")),
                 qPrintable(warnings[0]));
        warnings.clear();
        QVERIFY(smihealth::parse("", warnings).isEmpty());
        QCOMPARE(warnings, QStringList{QStringLiteral("nvidia-smi health query: nothing printed")});
    }
};

QTEST_GUILESS_MAIN(TestSmiHealth)
#include "tst_smihealth.moc"
