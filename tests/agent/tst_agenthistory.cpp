// GET /v1/history over real loopback HTTP: an in-process agent serving a real
// history store (SQLite, written by HistoryStore), its limits, and the
// desktop's strict reader of the reply.
#include "agent/agentserver.h"
#include "agent/historyroute.h"
#include "history/historystore.h"
#include "history/historywire.h"

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

namespace {

constexpr qint64 kT = 1795305600000 + 12 * 3'600'000; // a round hour
constexpr qint64 kHourMs = 3'600'000;
constexpr qint64 kEveryMs = 10'000;
// GPU-a has no reading in [kOutageFrom, kOutageTo): a 10-minute gap.
constexpr qint64 kOutageFrom = kT - kHourMs;
constexpr qint64 kOutageTo = kOutageFrom + 600'000;

struct Reply
{
    int status = 0;
    QJsonObject json;
};

Reply call(QNetworkAccessManager& nam, quint16 port, const QString& path,
           const QByteArray& token = "r3ad")
{
    QNetworkRequest req(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(port).arg(path)));
    if (!token.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + token);
    QNetworkReply* r = nam.get(req);
    QSignalSpy done(r, &QNetworkReply::finished);
    if (!r->isFinished())
        done.wait(10000);
    Reply out;
    out.status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.json = QJsonDocument::fromJson(r->readAll()).object();
    r->deleteLater();
    return out;
}

QString errorMessage(const Reply& r)
{
    return r.json[QStringLiteral("error")][QStringLiteral("message")].toString();
}

// Two hours of node1 every 10 s: GPU-a's utilisation is the minute of the
// hour (0..59), GPU-b's memory 1000 MiB + the second of the minute, the
// host's CPU 25 %; GPU-a reports nothing during the outage.
QList<Snapshot> twoHours()
{
    QList<Snapshot> out;
    for (qint64 ms = kT - 2 * kHourMs; ms < kT; ms += kEveryMs) {
        Snapshot s;
        s.server = QStringLiteral("node1");
        s.timestampMs = ms;
        s.intervalMs = kEveryMs;
        s.host.cpuPercent = 25;
        GpuSample a;
        a.index = 0;
        a.uuid = QStringLiteral("GPU-a");
        if (ms < kOutageFrom || ms >= kOutageTo)
            a.utilizationGpuPercent = double((ms / 60'000) % 60);
        GpuSample b;
        b.index = 1;
        b.uuid = QStringLiteral("GPU-b");
        b.memoryUsedMiB = 1000 + double((ms / 1000) % 60);
        s.gpus = {a, b};
        out << s;
    }
    return out;
}

AgentConfig config(const QString& historyPath)
{
    AgentConfig c;
    c.port = 0;
    c.historyPath = historyPath;
    c.tokens = {{QStringLiteral("reader"),
                 QCryptographicHash::hash("r3ad", QCryptographicHash::Sha256), TokenScope::Read}};
    return c;
}

QString historyPath(qint64 from, qint64 to, const QString& rest)
{
    return QStringLiteral("/v1/history?from=%1&to=%2&%3").arg(from).arg(to).arg(rest);
}

} // namespace

class TestAgentHistory : public QObject
{
    Q_OBJECT

    QNetworkAccessManager m_nam;
    QTemporaryDir m_dir;
    QString m_path;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_path = m_dir.filePath(QStringLiteral("history.sqlite"));
        QString error;
        auto store = HistoryStore::open(m_path, HistoryStore::Mode::ReadWrite, &error);
        QVERIFY2(store, qPrintable(error));
        QVERIFY2(store->append(twoHours(), &error), qPrintable(error));
        QVERIFY2(store->flush(&error), qPrintable(error));
    }

    void agentWithoutHistoryAnswersNoHistory()
    {
        AgentServer server(config(QString()));
        QString error;
        QVERIFY2(server.listen(&error), qPrintable(error));
        const Reply r =
            call(m_nam, server.port(), historyPath(0, 1, u"points=1&series=host/10"_qs));
        QCOMPARE(r.status, 404);
        QCOMPARE(r.json[QStringLiteral("error")][QStringLiteral("code")].toString(),
                 QStringLiteral("no_history"));
    }

    void needsAReadToken()
    {
        AgentServer server(config(m_path));
        QString error;
        QVERIFY(server.listen(&error));
        const QString path = historyPath(kT - kHourMs, kT, u"points=60&series=host/10"_qs);
        QCOMPARE(call(m_nam, server.port(), path, QByteArray()).status, 401);
        QCOMPARE(call(m_nam, server.port(), path).status, 200);
    }

    // The reply holds what the store itself answers for the same query,
    // read back by the desktop's reader; the outage is a gap.
    void servesTheStoreReduced()
    {
        AgentServer server(config(m_path));
        server.setClock([] { return kT + 5000; });
        QString error;
        QVERIFY(server.listen(&error));
        const qint64 from = kT - 2 * kHourMs;
        const Reply r =
            call(m_nam, server.port(),
                 historyPath(from, kT, u"step=60000&series=GPU-a/1,GPU-b/2,host/10,GPU-zz/1"_qs));
        QCOMPARE(r.status, 200);
        const std::optional<HistoryReply> reply = parseHistoryReply(r.json, &error);
        QVERIFY2(reply, qPrintable(error));
        QCOMPARE(reply->nowMs, kT + 5000);
        QCOMPARE(reply->server, QStringLiteral("node1")); // the store's one server
        QCOMPARE(reply->stepMs, 60'000);
        QCOMPARE(reply->series.size(), 4);
        QCOMPARE(reply->series[0].key.target, QStringLiteral("GPU-a"));
        QCOMPARE(reply->series[1].key.metric, MetricId::GpuMemoryUsed);
        QVERIFY(reply->series[3].buckets.isEmpty()); // a GPU the store never saw

        auto store = HistoryStore::open(m_path, HistoryStore::Mode::ReadOnly, &error);
        QVERIFY(store);
        for (int i = 0; i < 3; ++i) {
            const HistoryResult direct = store->query(reply->series[i].key, from, kT, 120);
            QList<HistoryBucket> nonEmpty;
            for (const HistoryBucket& b : direct.buckets)
                if (b.count > 0)
                    nonEmpty << b;
            QCOMPARE(reply->series[i].buckets.size(), nonEmpty.size());
            for (qsizetype j = 0; j < nonEmpty.size(); ++j) {
                QCOMPARE(reply->series[i].buckets[j].startMs, nonEmpty[j].startMs);
                QCOMPARE(reply->series[i].buckets[j].min, nonEmpty[j].min);
                QCOMPARE(reply->series[i].buckets[j].max, nonEmpty[j].max);
                QCOMPARE(reply->series[i].buckets[j].mean, nonEmpty[j].mean);
                QCOMPARE(reply->series[i].buckets[j].count, nonEmpty[j].count);
            }
        }
        // 2 h at one minute, 6 readings a minute; GPU-a lacks 10 minutes.
        QCOMPARE(reply->series[1].buckets.size(), 120);
        QCOMPARE(reply->series[1].buckets.first().count, 6);
        QCOMPARE(reply->series[0].buckets.size(), 110);
        QCOMPARE(reply->series[0].gaps.size(), 1);
        QVERIFY(reply->series[0].gaps[0].first <= kOutageFrom);
        QVERIFY(reply->series[0].gaps[0].second >= kOutageTo - 60'000);
        const auto gapEnd =
            std::find_if(reply->series[0].buckets.cbegin(), reply->series[0].buckets.cend(),
                         [](const HistoryBucket& b) { return b.gapBefore; });
        QVERIFY(gapEnd != reply->series[0].buckets.cend());
        QCOMPARE(gapEnd->startMs, kOutageTo);
        QCOMPARE(reply->series[0].buckets.first().mean, double(((from / 60'000) % 60)));
        QVERIFY(reply->series[2].gaps.isEmpty());
    }

    void refusesWithTheReason_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("reason");
        QStringList many;
        for (int i = 0; i <= HistoryRoute::kMaxSeries; ++i)
            many << QStringLiteral("GPU-%1/1").arg(i);
        const QString from = QString::number(kT - kHourMs);
        const QString to = QString::number(kT);
        const QString range = u"from="_qs + from + u"&to="_qs + to;
        QTest::newRow("too many series")
            << range + u"&points=10&series="_qs + many.join(u',') << u"at most 64"_qs;
        QTest::newRow("too many points")
            << range + u"&points=11001&series=host/10"_qs << u"\"points\""_qs;
        QTest::newRow("step too fine")
            << range + u"&step=100&series=host/10"_qs << u"36000 buckets; at most 11000"_qs;
        QTest::newRow("longer than kept")
            << u"from=0&to="_qs + to + u"&points=10&series=host/10"_qs << u"longer than"_qs;
        QTest::newRow("backwards")
            << u"from="_qs + to + u"&to="_qs + from + u"&points=10&series=host/10"_qs
            << u"must be after"_qs;
        QTest::newRow("no range") << u"points=10&series=host/10"_qs << u"are required"_qs;
        QTest::newRow("no series") << range + u"&points=10"_qs << u"\"series\" is required"_qs;
        QTest::newRow("unknown metric")
            << range + u"&points=10&series=GPU-a/99"_qs << u"names no known metric"_qs;
        QTest::newRow("not a key")
            << range + u"&points=10&series=GPU-a"_qs << u"<target>/<metric number>"_qs;
        QTest::newRow("points and step")
            << range + u"&points=10&step=60000&series=host/10"_qs << u"not both"_qs;
        QTest::newRow("neither") << range + u"&series=host/10"_qs << u"is required"_qs;
        QTest::newRow("from twice")
            << range + u"&from=5&points=10&series=host/10"_qs << u"\"from\""_qs;
        QTest::newRow("negative points")
            << range + u"&points=-1&series=host/10"_qs << u"\"points\""_qs;
    }

    void refusesWithTheReason()
    {
        QFETCH(QString, query);
        QFETCH(QString, reason);
        AgentServer server(config(m_path));
        QString error;
        QVERIFY(server.listen(&error));
        const Reply r = call(m_nam, server.port(), u"/v1/history?"_qs + query);
        QCOMPARE(r.status, 400);
        QVERIFY2(errorMessage(r).contains(reason), qPrintable(errorMessage(r)));
    }

    void namesTheServerWhenGivenAndAnswersEmptyForAnother()
    {
        AgentServer server(config(m_path));
        QString error;
        QVERIFY(server.listen(&error));
        const Reply r =
            call(m_nam, server.port(),
                 historyPath(kT - kHourMs, kT, u"points=60&server=other&series=host/10"_qs));
        QCOMPARE(r.status, 200);
        const auto reply = parseHistoryReply(r.json, &error);
        QVERIFY2(reply, qPrintable(error));
        QCOMPARE(reply->server, QStringLiteral("other"));
        QVERIFY(reply->series[0].buckets.isEmpty());
    }

    // The desktop's reader refuses what does not hold together, naming the key.
    void readerNamesTheKey_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("where");
        const QByteArray head =
            R"("now_ms":5,"server":"s","from_ms":0,"to_ms":600000,"step_ms":60000,)";
        auto reply = [&](const QByteArray& series) -> QByteArray {
            return "{" + head + R"("series":[)" + series + "]}";
        };
        QTest::newRow("no server")
            << QByteArray(R"({"now_ms":5,"from_ms":0,"to_ms":6,"step_ms":1,"series":[]})")
            << u"server"_qs;
        QTest::newRow("fractional time")
            << QByteArray(
                   R"({"now_ms":5.5,"server":"s","from_ms":0,"to_ms":6,"step_ms":1,"series":[]})")
            << u"now_ms"_qs;
        QTest::newRow("bad key") << reply(R"({"key":"GPU-a/77","buckets":[],"gaps":[]})")
                                 << u"series[0].key"_qs;
        QTest::newRow("max below min")
            << reply(
                   R"({"key":"GPU-a/1","buckets":[{"start_ms":0,"min":5,"max":4,"mean":4.5,"count":2}],"gaps":[]})")
            << u"series[0].buckets[0]"_qs;
        QTest::newRow("zero count")
            << reply(
                   R"({"key":"GPU-a/1","buckets":[{"start_ms":0,"min":5,"max":5,"mean":5,"count":0}],"gaps":[]})")
            << u"series[0].buckets[0].count"_qs;
        QTest::newRow("out of order")
            << reply(
                   R"({"key":"GPU-a/1","buckets":[{"start_ms":60000,"min":5,"max":5,"mean":5,"count":1},{"start_ms":0,"min":5,"max":5,"mean":5,"count":1}],"gaps":[]})")
            << u"series[0].buckets[1].start_ms"_qs;
        QTest::newRow("outside range")
            << reply(
                   R"({"key":"GPU-a/1","buckets":[{"start_ms":600000,"min":5,"max":5,"mean":5,"count":1}],"gaps":[]})")
            << u"series[0].buckets[0].start_ms"_qs;
        QTest::newRow("mean a string")
            << reply(
                   R"({"key":"host/10","buckets":[{"start_ms":0,"min":5,"max":5,"mean":"5","count":1}],"gaps":[]})")
            << u"series[0].buckets[0].mean"_qs;
        QTest::newRow("bad gap") << reply(R"({"key":"host/10","buckets":[],"gaps":[[5]]})")
                                 << u"series[0].gaps[0]"_qs;
        QTest::newRow("no gaps") << reply(R"({"key":"host/10","buckets":[]})")
                                 << u"series[0].gaps"_qs;
    }

    void readerNamesTheKey()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, where);
        const QJsonDocument doc = QJsonDocument::fromJson(json);
        QVERIFY2(doc.isObject(), json.constData());
        QString error;
        QVERIFY(!parseHistoryReply(doc.object(), &error));
        QVERIFY2(error.startsWith(where + u':'), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestAgentHistory)
#include "tst_agenthistory.moc"
