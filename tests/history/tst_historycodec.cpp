// The chunk codec: whatever goes in comes out, gaps stay gaps.

#include "history/historycodec.h"

#include <QRandomGenerator>
#include <QTest>

#include <optional>
#include <vector>

using namespace gw;

namespace {

struct Sample
{
    qint64 ms;
    std::optional<qint64> q;
    bool operator==(const Sample&) const = default;
};

std::vector<Sample> roundTrip(const std::vector<Sample>& in, qsizetype* bytes = nullptr)
{
    ChunkEncoder enc;
    for (const Sample& s : in)
        enc.append(s.ms, s.q);
    if (bytes)
        *bytes = enc.sizeBytes();
    ChunkDecoder dec(enc.bytes(), enc.startMs(), enc.count());
    std::vector<Sample> out;
    Sample s{};
    while (dec.next(&s.ms, &s.q))
        out.push_back(s);
    return out;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<Sample>)

class TestHistoryCodec : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void roundTripKeepsEverySample_data()
    {
        QTest::addColumn<std::vector<Sample>>("samples");
        const qint64 t = 1'790'000'000'000;
        QTest::newRow("steady 1 Hz constant")
            << std::vector<Sample>{{t, 5}, {t + 1000, 5}, {t + 2000, 5}};
        QTest::newRow("single") << std::vector<Sample>{{t, 42}};
        QTest::newRow("first absent")
            << std::vector<Sample>{{t, std::nullopt}, {t + 1000, 0}, {t + 2000, std::nullopt}};
        QTest::newRow("all absent")
            << std::vector<Sample>{{t, std::nullopt}, {t + 1000, std::nullopt}};
        QTest::newRow("zero is not absent")
            << std::vector<Sample>{{t, 0}, {t + 1000, std::nullopt}, {t + 2000, 0}};
        QTest::newRow("negative deltas and values") << std::vector<Sample>{
            {t, 10}, {t + 1000, 3}, {t + 2000, -7}, {t + 3000, -300}, {t + 4000, -70000}};
        QTest::newRow("every value width")
            << std::vector<Sample>{{t, 0},
                                   {t + 1000, 7},
                                   {t + 2000, -1},
                                   {t + 3000, 126},
                                   {t + 4000, -129},
                                   {t + 5000, 32767},
                                   {t + 6000, -32768},
                                   {t + 7000, 40000},
                                   {t + 8000, std::numeric_limits<qint64>::max() / 4},
                                   {t + 9000, std::numeric_limits<qint64>::min() / 4}};
        QTest::newRow("irregular timestamps")
            << std::vector<Sample>{{t, 1},
                                   {t + 997, 1},
                                   {t + 2003, 2},
                                   {t + 2004, 2},
                                   {t + 5000, 3},
                                   {t + 60'000, 4},
                                   {t + 60'250, 4},
                                   {t + 10LL * 24 * 3600 * 1000, 5},
                                   {t + 10LL * 24 * 3600 * 1000 + 1000, 5}};
        QTest::newRow("huge timestamp jump")
            << std::vector<Sample>{{0, 1}, {1, 2}, {t * 3, 3}, {t * 3 + 1000, 4}};
        std::vector<Sample> noisy;
        auto* rng = QRandomGenerator::global();
        qint64 ms = t;
        for (int i = 0; i < 5000; ++i) {
            ms += 1 + rng->bounded(3000);
            const bool absent = rng->bounded(10) == 0;
            noisy.push_back(
                {ms, absent ? std::nullopt : std::optional<qint64>(rng->bounded(-5000, 5000))});
        }
        QTest::newRow("random") << noisy;
    }
    void roundTripKeepsEverySample()
    {
        QFETCH(std::vector<Sample>, samples);
        QCOMPARE(roundTrip(samples), samples);
    }

    void minuteRollupsRoundTripCompactly()
    {
        QList<MinuteRollup> minutes;
        for (int m : {0, 1, 2, 7, 30, 59}) // sparse minutes too
            minutes.append({m, -40 + m, 900 + m, 60 * (300 + m), 60});
        minutes[2] = {2, -5, -1, -7, 3}; // negative values, mean -2.33 (floored to -3)
        const QByteArray packed = encodeMinuteRollups(minutes);
        QCOMPARE(decodeMinuteRollups(packed), std::optional(minutes));
        QVERIFY2(packed.size() <= minutes.size() * 10, QByteArray::number(packed.size()));
        QCOMPARE(decodeMinuteRollups(QByteArray()), std::optional(QList<MinuteRollup>()));
    }

    void minuteRollupsMergeAndRejectGarbage()
    {
        QList<MinuteRollup> into{{3, 10, 20, 45, 3}, {5, 1, 1, 1, 1}};
        mergeMinuteRollups(into, {{3, 5, 25, 30, 2}, {4, 7, 7, 7, 1}});
        const QList<MinuteRollup> expected{{3, 5, 25, 75, 5}, {4, 7, 7, 7, 1}, {5, 1, 1, 1, 1}};
        QCOMPARE(into, expected);
        QByteArray packed = encodeMinuteRollups(expected);
        QVERIFY(!decodeMinuteRollups(packed.left(packed.size() - 1)));        // truncated
        QVERIFY(!decodeMinuteRollups(QByteArray("\x40\x01\x02\x00\x00", 5))); // minute 64
    }

    void steadySeriesCostsTwoBitsPerSample()
    {
        std::vector<Sample> in;
        for (int i = 0; i < 3600; ++i)
            in.push_back({1'000'000 + i * 1000LL, 55});
        qsizetype bytes = 0;
        QCOMPARE(roundTrip(in, &bytes), in);
        QVERIFY2(bytes <= 3600 * 2 / 8 + 4, QByteArray::number(bytes).constData());
    }

    void gapCostsLessThanAByte()
    {
        std::vector<Sample> in;
        for (int i = 0; i < 800; ++i)
            in.push_back({i * 1000LL, std::nullopt});
        qsizetype bytes = 0;
        QCOMPARE(roundTrip(in, &bytes), in);
        QVERIFY(bytes <= 800 * 6 / 8 + 1);
    }

    void truncatedChunkIsReportedCorrupt()
    {
        ChunkEncoder enc;
        for (int i = 0; i < 100; ++i)
            enc.append(i * 1000 + (i % 3) * 7, i * 1000);
        const QByteArray bytes = enc.bytes();
        ChunkDecoder dec(bytes.left(bytes.size() / 2), enc.startMs(), enc.count());
        qint64 ms = 0;
        std::optional<qint64> q;
        int n = 0;
        while (dec.next(&ms, &q))
            ++n;
        QVERIFY(n < 100);
        QVERIFY(dec.corrupt());
    }

    void partialByteIsPersistedBetweenAppends()
    {
        // The store writes the open chunk after every commit: what bytes()
        // says at any moment must decode to everything appended so far.
        ChunkEncoder enc;
        for (int i = 0; i < 50; ++i) {
            enc.append(i * 1000, i % 2 ? std::optional<qint64>(i) : std::nullopt);
            ChunkDecoder dec(enc.bytes(), enc.startMs(), enc.count());
            qint64 ms = 0;
            std::optional<qint64> q;
            int n = 0;
            while (dec.next(&ms, &q))
                ++n;
            QCOMPARE(n, i + 1);
            QCOMPARE(ms, i * 1000);
            QCOMPARE(q.has_value(), i % 2 == 1);
        }
    }
};

QTEST_GUILESS_MAIN(TestHistoryCodec)
#include "tst_historycodec.moc"
