// /v1/samples and /v1/history in CBOR (docs/agent-api.md, "CBOR samples",
// "CBOR history") over real loopback HTTP: asked for with Accept, the same
// readings and buckets as the JSON form field for field, absent values
// included; JSON stays the default; and the desktop's readers refuse a cut
// or malformed reply with the byte offset, never a silent zero.
#include "policytesthelpers.h"

#include "agent/agentserver.h"
#include "history/historystore.h"
#include "history/historywire.h"
#include "journal/agentjournal.h"
#include "model/snapshotcbor.h"
#include "model/snapshotjson.h"
#include "sources/demoworld.h"

#include <QCborStreamWriter>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 kHourMs = 3'600'000;

using gwtest::kT;
using gwtest::Reply;

// Every request here with the read token.
Reply call(QNetworkAccessManager& nam, quint16 port, const QString& path,
           const QByteArray& accept = {})
{
    return gwtest::call(nam, port, path, "r3ad", "GET", {}, accept);
}

AgentConfig config(const QString& history = {})
{
    AgentConfig c;
    c.port = 0;
    c.ringSize = 50;
    c.historyPath = history;
    c.tokens = {{u"reader"_s, QCryptographicHash::hash("r3ad", QCryptographicHash::Sha256),
                 TokenScope::Read}};
    return c;
}

// A reading with absent values: no utilisation on one GPU, no host CPU, a
// process without memory, a GPU with an error.
Snapshot withAbsentValues(qint64 t)
{
    Snapshot s = DemoWorld().serverAt(1, t);
    if (!s.gpus.isEmpty()) {
        s.gpus[0].utilizationGpuPercent.reset();
        s.gpus[0].powerW.reset();
        s.gpus.last().error = u"GPU is lost"_s;
    }
    s.host.cpuPercent.reset();
    if (!s.processes.isEmpty())
        s.processes[0].usedMemoryMiB.reset();
    return s;
}

// Two hours of one server every 10 s, GPU-a silent for 10 minutes.
QList<Snapshot> twoHours()
{
    QList<Snapshot> out;
    for (qint64 ms = kT - 2 * kHourMs; ms < kT; ms += 10'000) {
        Snapshot s;
        s.server = u"node1"_s;
        s.timestampMs = ms;
        s.intervalMs = 10'000;
        s.host.cpuPercent = 12.5 + double(ms / 10'000 % 7) / 10;
        GpuSample a;
        a.index = 0;
        a.uuid = u"GPU-a"_s;
        if (ms < kT - kHourMs || ms >= kT - kHourMs + 600'000)
            a.utilizationGpuPercent = double((ms / 60'000) % 60);
        a.powerW = 100.3 + double(ms / 10'000 % 13);
        GpuSample b;
        b.index = 1;
        b.uuid = u"GPU-b"_s;
        b.memoryUsedMiB = 1000 + double((ms / 1000) % 60);
        s.gpus = {a, b};
        out << s;
    }
    return out;
}

// Everything a history reply says, gapBefore included, for comparing.
QJsonObject everything(const HistoryReply& r)
{
    QJsonObject o = historyReplyJson(r);
    QJsonArray marks;
    for (const HistoryWireSeries& s : r.series) {
        QJsonArray m;
        for (const HistoryBucket& b : s.buckets)
            m.append(QJsonArray{b.endMs, b.gapBefore});
        marks.append(m);
    }
    o.insert(u"marks"_s, marks);
    return o;
}

} // namespace

class TestAgentWireCbor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void samplesInCborAreTheJsonPageFieldForField()
    {
        QTemporaryDir dir;
        QString error;
        AgentServer server(config()); // a ring of 50: the oldest from the journal
        auto journal = AgentJournal::open(dir.filePath(u"journal.sqlite"_s), &error);
        QVERIFY2(journal, qPrintable(error));
        server.attachJournal(std::move(journal));
        QVERIFY(server.listen(&error));
        for (int i = 0; i < 120; ++i)
            server.publish(i % 7 == 3 ? withAbsentValues(kT + i * 1000)
                                      : DemoWorld().serverAt(i % 3, kT + i * 1000));
        int compared = 0;
        for (const auto& [after, limit] : QList<std::pair<int, int>>{
                 {0, 1000}, {5, 33}, {60, 10}, {119, 100}, {120, 100}, {0, 1}}) {
            const QString path = u"/v1/samples?after=%1&limit=%2"_s.arg(after).arg(limit);
            const Reply json = call(m_nam, server.port(), path);
            const Reply cbor = call(m_nam, server.port(), path, "application/cbor");
            QCOMPARE(json.status, 200);
            QCOMPARE(cbor.status, 200);
            QCOMPARE(json.contentType, QByteArray("application/json"));
            QCOMPARE(cbor.contentType, QByteArray("application/cbor"));
            QVERIFY(cbor.vary.contains("Accept"));
            const QJsonObject o = QJsonDocument::fromJson(json.body).object();
            const std::optional<SamplesPage> page = parseSamplesPageCbor(cbor.body, &error);
            QVERIFY2(page, qPrintable(error));
            QCOMPARE(page->instance, o[u"instance"_s].toString());
            QCOMPARE(page->stream, o[u"stream"_s].toString());
            QVERIFY(page->nowMs);
            QCOMPARE(page->next, quint64(o[u"next"_s].toInteger()));
            QCOMPARE(page->lastSequence, quint64(o[u"last_sequence"_s].toInteger()));
            QCOMPARE(page->truncated, o[u"truncated"_s].toBool());
            const QJsonArray samples = o[u"samples"_s].toArray();
            QCOMPARE(page->samples.size(), samples.size());
            QCOMPARE(page->skipped, 0);
            for (qsizetype i = 0; i < samples.size(); ++i) {
                const QJsonObject j = samples[i].toObject();
                const auto fromJson = snapshotFromJson(j, &error);
                QVERIFY2(fromJson, qPrintable(error));
                QCOMPARE(page->samples[i], *fromJson);
                QCOMPARE(toJson(page->samples[i]), toJson(*fromJson));
                QCOMPARE(page->sequences[i], quint64(j[u"sequence"_s].toInteger()));
                ++compared;
            }
        }
        QVERIFY(compared > 150);
        // Older than the ring and the journal alike: the hole is said in both.
        AgentServer small(config());
        QVERIFY(small.listen(&error));
        for (int i = 0; i < 80; ++i)
            small.publish(DemoWorld().serverAt(0, kT + i * 1000));
        const auto page = parseSamplesPageCbor(
            call(m_nam, small.port(), u"/v1/samples?after=5&limit=1000"_s, "application/cbor").body,
            &error);
        QVERIFY2(page, qPrintable(error));
        QVERIFY(page->truncated);
        QCOMPARE(page->samples.size(), 50);
        QCOMPARE(page->sequences.first(), quint64(31));
    }

    void jsonStaysTheDefault()
    {
        AgentServer server(config());
        QString error;
        QVERIFY(server.listen(&error));
        server.publish(DemoWorld().serverAt(0, kT));
        for (const QByteArray& accept :
             {QByteArray(), QByteArray("*/*"), QByteArray("application/json"),
              QByteArray("application/json, application/cbor;q=0.5"),
              QByteArray("application/cbor;q=0")}) {
            const Reply r = call(m_nam, server.port(), u"/v1/samples"_s, accept);
            QCOMPARE(r.contentType, QByteArray("application/json"));
            QVERIFY(QJsonDocument::fromJson(r.body).isObject());
        }
        const Reply c = call(m_nam, server.port(), u"/v1/samples"_s,
                             "application/json;q=0.5, application/cbor");
        QCOMPARE(c.contentType, QByteArray("application/cbor"));
    }

    void historyInCborIsTheJsonReplyFieldForField()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"history.sqlite"_s);
        QString error;
        {
            auto store = HistoryStore::open(path, HistoryStore::Mode::ReadWrite, &error);
            QVERIFY2(store, qPrintable(error));
            QVERIFY2(store->append(twoHours(), &error), qPrintable(error));
            QVERIFY2(store->flush(&error), qPrintable(error));
        }
        AgentServer server(config(path));
        server.setClock([] { return kT + 5000; });
        QVERIFY(server.listen(&error));
        for (const QString& q :
             {u"step=60000&series=GPU-a/1,GPU-b/2,host/10,GPU-zz/1,GPU-a/5"_s,
              u"points=7&series=GPU-a/1,host/10"_s, u"step=10000&series=GPU-a/1"_s}) {
            const QString p =
                u"/v1/history?from=%1&to=%2&%3"_s.arg(kT - 2 * kHourMs).arg(kT).arg(q);
            const Reply json = call(m_nam, server.port(), p);
            const Reply cbor = call(m_nam, server.port(), p, "application/cbor");
            QCOMPARE(json.status, 200);
            QCOMPARE(cbor.status, 200);
            QCOMPARE(cbor.contentType, QByteArray("application/cbor"));
            QCOMPARE(json.contentType, QByteArray("application/json"));
            const auto fromJson =
                parseHistoryReply(QJsonDocument::fromJson(json.body).object(), &error);
            QVERIFY2(fromJson, qPrintable(q + u": "_s + error));
            const auto fromCbor = parseHistoryReplyCbor(cbor.body, &error);
            QVERIFY2(fromCbor, qPrintable(error));
            QCOMPARE(everything(*fromCbor), everything(*fromJson));
            QVERIFY(!fromCbor->series.first().buckets.isEmpty());
            QVERIFY(cbor.body.size() < json.body.size() / 2);
        }
        // Buckets coarser than the outage: a gap of no width, within the
        // bucket it marks (refused as "empty" before, failing the reply).
        const Reply coarse = call(
            m_nam, server.port(),
            u"/v1/history?from=%1&to=%2&points=7&series=GPU-a/1"_s.arg(kT - 2 * kHourMs).arg(kT),
            "application/cbor");
        const auto c = parseHistoryReplyCbor(coarse.body, &error);
        QVERIFY2(c, qPrintable(error));
        QCOMPARE(c->series[0].gaps.size(), 1);
        QCOMPARE(c->series[0].gaps[0].first, c->series[0].gaps[0].second);
        QCOMPARE(std::count_if(c->series[0].buckets.cbegin(), c->series[0].buckets.cend(),
                               [](const HistoryBucket& b) { return b.gapBefore; }),
                 1);
        // Errors stay JSON, whatever was asked.
        const Reply bad = call(m_nam, server.port(), u"/v1/history?from=5"_s, "application/cbor");
        QCOMPARE(bad.status, 400);
        QVERIFY(QJsonDocument::fromJson(bad.body).isObject());
    }

    // Cut anywhere, a reply is an error naming the byte, never a short answer.
    void everyCutReplyIsAnErrorWithItsOffset()
    {
        HistoryReply h;
        h.nowMs = kT;
        h.server = u"node1"_s;
        h.fromMs = kT - kHourMs;
        h.toMs = kT;
        h.stepMs = 60'000;
        HistoryWireSeries s;
        s.key = SeriesKey{QString(), u"GPU-a"_s, MetricId::GpuUtilization};
        for (int i = 0; i < 4; ++i)
            s.buckets << HistoryBucket{h.fromMs + i * 60'000,
                                       h.fromMs + (i + 1) * 60'000,
                                       1.5,
                                       3.125,
                                       2.25,
                                       qint64(6),
                                       false};
        s.gaps << std::pair<qint64, qint64>(h.fromMs + 4 * 60'000, h.fromMs + 9 * 60'000);
        h.series << s;
        const QByteArray history = historyReplyCbor(h);
        QString error;
        QVERIFY2(parseHistoryReplyCbor(history, &error), qPrintable(error));
        for (qsizetype n = 0; n < history.size(); ++n) {
            error.clear();
            QVERIFY2(!parseHistoryReplyCbor(history.left(n), &error), qPrintable(u"%1"_s.arg(n)));
            QVERIFY2(error.contains(u"(byte "_s), qPrintable(error));
        }
        QVERIFY(!parseHistoryReplyCbor(history + char(0), &error));
        QVERIFY2(error.contains(u"more data after the reply"_s), qPrintable(error));

        QList<QByteArray> maps;
        for (int i = 0; i < 3; ++i)
            maps << toCbor(withAbsentValues(kT + i * 1000), quint64(i + 1));
        const QByteArray page = samplesPageCbor(u"i"_s, u"s"_s, kT, 3, 3, false, maps);
        const auto whole = parseSamplesPageCbor(page, &error);
        QVERIFY2(whole, qPrintable(error));
        QCOMPARE(whole->samples.size(), 3);
        QCOMPARE(whole->samples[2],
                 *snapshotFromCborBytes(toCbor(withAbsentValues(kT + 2000)), nullptr));
        for (qsizetype n = 0; n < page.size(); ++n) {
            error.clear();
            QVERIFY2(!parseSamplesPageCbor(page.left(n), &error), qPrintable(u"%1"_s.arg(n)));
            QVERIFY2(error.contains(u"(byte "_s), qPrintable(error));
        }
    }

    // Well formed but not a reading: skipped and counted, as in JSON; the
    // page's other readings are kept.
    void aWrongReadingIsSkippedNotThePage()
    {
        QByteArray wrong;
        {
            QCborStreamWriter w(&wrong);
            w.startMap(1);
            w.append(quint64(cborkey::Server));
            w.append(quint64(5)); // a server that is a number
            w.endMap();
        }
        const QByteArray page = samplesPageCbor(u"i"_s, u"s"_s, kT, 3, 3, false,
                                                {toCbor(DemoWorld().serverAt(0, kT), 1), wrong,
                                                 toCbor(DemoWorld().serverAt(0, kT + 1000), 3)});
        QString error;
        const auto p = parseSamplesPageCbor(page, &error);
        QVERIFY2(p, qPrintable(error));
        QCOMPARE(p->samples.size(), 2);
        QCOMPARE(p->skipped, 1);
        QCOMPARE(p->sampleCount, 2 + 1);
        QVERIFY2(p->skippedWhy.startsWith(u"server"_s), qPrintable(p->skippedWhy));
        QCOMPARE(p->sequences, (QList<quint64>{1, 3}));
    }

    // The history reader as strict as the JSON one, each mistake by its path.
    void historyReaderNamesTheKeyAndByte_data()
    {
        QTest::addColumn<QByteArray>("cbor");
        QTest::addColumn<QString>("where");
        auto reply = [](const std::function<void(QCborStreamWriter&)>& series, qint64 now = 5,
                        bool server = true) {
            QByteArray out;
            QCborStreamWriter w(&out);
            w.startMap();
            w.append(quint64(HistoryNowMs));
            w.append(now);
            if (server) {
                w.append(quint64(HistoryServer));
                w.append("s"_L1);
            }
            w.append(quint64(HistoryFromMs));
            w.append(quint64(0));
            w.append(quint64(HistoryToMs));
            w.append(quint64(600000));
            w.append(quint64(HistoryStepMs));
            w.append(quint64(60000));
            w.append(quint64(HistorySeries));
            w.startArray();
            series(w);
            w.endArray();
            w.endMap();
            return out;
        };
        auto oneSeries = [&](const QString& key, const QList<QList<double>>& buckets,
                             bool gaps = true) {
            return reply([=](QCborStreamWriter& w) {
                w.startMap();
                w.append(quint64(HistorySeriesKey));
                w.append(QStringView(key));
                w.append(quint64(HistoryBuckets));
                w.startArray();
                for (const QList<double>& b : buckets) {
                    w.startArray();
                    for (qsizetype i = 0; i < b.size(); ++i)
                        writeCborNumber(w, b[i]);
                    w.endArray();
                }
                w.endArray();
                if (gaps) {
                    w.append(quint64(HistoryGaps));
                    w.startArray(0);
                    w.endArray();
                }
                w.endMap();
            });
        };
        QTest::newRow("no server") << reply([](QCborStreamWriter&) {}, 5, false) << u"series"_s;
        QTest::newRow("negative time") << reply([](QCborStreamWriter&) {}, -5) << u"now_ms"_s;
        QTest::newRow("bad key") << oneSeries(u"GPU-a/77"_s, {}) << u"series[0].key"_s;
        QTest::newRow("max below min")
            << oneSeries(u"GPU-a/1"_s, {{0, 5, 4, 4.5, 2}}) << u"series[0].buckets[0]"_s;
        QTest::newRow("zero count")
            << oneSeries(u"GPU-a/1"_s, {{0, 5, 5, 5, 0}}) << u"series[0].buckets[0][4]"_s;
        QTest::newRow("fractional start")
            << oneSeries(u"GPU-a/1"_s, {{0.5, 5, 5, 5, 1}}) << u"series[0].buckets[0][0]"_s;
        QTest::newRow("short bucket")
            << oneSeries(u"GPU-a/1"_s, {{0, 5, 5, 5}}) << u"series[0].buckets[0]"_s;
        QTest::newRow("out of order")
            << oneSeries(u"GPU-a/1"_s, {{60000, 5, 5, 5, 1}, {0, 5, 5, 5, 1}})
            << u"series[0].buckets[1].start_ms"_s;
        QTest::newRow("outside range")
            << oneSeries(u"GPU-a/1"_s, {{600000, 5, 5, 5, 1}}) << u"series[0].buckets[0][0]"_s;
        QTest::newRow("not finite") << oneSeries(u"host/10"_s, {{0, 5, 5, std::nan(""), 1}})
                                    << u"series[0].buckets[0][3]"_s;
        QTest::newRow("no gaps") << oneSeries(u"host/10"_s, {}, false) << u"series[0].gaps"_s;
    }

    void historyReaderNamesTheKeyAndByte()
    {
        QFETCH(QByteArray, cbor);
        QFETCH(QString, where);
        QString error;
        QVERIFY(!parseHistoryReplyCbor(cbor, &error));
        QVERIFY2(error.startsWith(where + u" (byte "_s), qPrintable(error));
    }

private:
    QNetworkAccessManager m_nam;
};

QTEST_GUILESS_MAIN(TestAgentWireCbor)
#include "tst_agentwirecbor.moc"
