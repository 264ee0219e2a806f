// PrometheusProducer against a fake Prometheus on loopback that serves
// DCGM-exporter-shaped replies, enforces the 11,000-points-per-series limit
// of query_range, and misbehaves on request.
#include "answerof.h"
#include "freeport.h"
#include "sources/prometheusproducer.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QSet>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>
#include <cmath>

using namespace gw;

namespace {

constexpr double kEvalTime = 1795342395.152; // seconds, as Prometheus writes them
const QString kUuidA0 = QStringLiteral("GPU-a0000000-0000-4000-8000-000000000000");
const QString kUuidA1 = QStringLiteral("GPU-a1111111-1111-4111-8111-111111111111");
const QString kUuidB0 = QStringLiteral("GPU-b0000000-0000-4000-8000-000000000000");
const QString kUuidC0 = QStringLiteral("GPU-c0000000-0000-4000-8000-000000000000");
const QString kResolutionError =
    QStringLiteral("exceeded maximum resolution of 11,000 points per timeseries. Try decreasing "
                   "the query resolution (?step=XX)");

// dgx-a writes the host as `hostname` (newer exporters), dgx-b as
// `Hostname`; the third host has neither, only the scrape's `instance`.
QJsonObject gpuLabels(const char* name, const char* hostKey, const char* host, int index,
                      const QString& uuid, const char* model)
{
    QJsonObject m{{QStringLiteral("__name__"), QLatin1String(name)},
                  {QStringLiteral("gpu"), QString::number(index)},
                  {QStringLiteral("UUID"), uuid},
                  {QStringLiteral("device"), QStringLiteral("nvidia%1").arg(index)},
                  {QStringLiteral("modelName"), QLatin1String(model)},
                  {QStringLiteral("pci_bus_id"), QStringLiteral("00000000:%1:00.0").arg(index + 1)},
                  {QStringLiteral("job"), QStringLiteral("dcgm")}};
    if (hostKey) {
        m.insert(QLatin1String(hostKey), QLatin1String(host));
        m.insert(QStringLiteral("instance"), QStringLiteral("exporter:9400"));
    } else {
        m.insert(QStringLiteral("instance"),
                 QString(QLatin1String(host) + QStringLiteral(":9400")));
    }
    return m;
}

struct FakeSeries
{
    QJsonObject metric;
    QString value;
};

QList<FakeSeries> fleet()
{
    const char* h100 = "NVIDIA H100 80GB HBM3";
    const char* a10 = "NVIDIA A10";
    auto a = [&](const char* name, int i) {
        return gpuLabels(name, "hostname", "dgx-a", i, i == 0 ? kUuidA0 : kUuidA1, h100);
    };
    auto b = [&](const char* name) {
        return gpuLabels(name, "Hostname", "dgx-b", 0, kUuidB0, a10);
    };
    auto c = [&](const char* name) {
        return gpuLabels(name, nullptr, "10.0.0.7", 0, kUuidC0, a10);
    };
    return {
        {a("DCGM_FI_DEV_GPU_UTIL", 0), QStringLiteral("42")},
        {a("DCGM_FI_DEV_GPU_UTIL", 1), QStringLiteral("7")},
        {a("DCGM_FI_DEV_MEM_COPY_UTIL", 0), QStringLiteral("13")},
        {a("DCGM_FI_DEV_MEM_COPY_UTIL", 1), QStringLiteral("NaN")},
        {a("DCGM_FI_DEV_FB_USED", 0), QStringLiteral("1000")},
        {a("DCGM_FI_DEV_FB_USED", 1), QStringLiteral("2000")},
        {a("DCGM_FI_DEV_FB_FREE", 0), QStringLiteral("80000")},
        {a("DCGM_FI_DEV_FB_FREE", 1), QStringLiteral("79000")},
        {a("DCGM_FI_DEV_FB_RESERVED", 0), QStringLiteral("559")},
        {a("DCGM_FI_DEV_FB_RESERVED", 1), QStringLiteral("559")},
        {a("DCGM_FI_DEV_GPU_TEMP", 0), QStringLiteral("50")},
        {a("DCGM_FI_DEV_GPU_TEMP", 1), QStringLiteral("41")},
        {a("DCGM_FI_DEV_POWER_USAGE", 0), QStringLiteral("300.500000")}, // GPU1 has none
        {a("DCGM_FI_DEV_SM_CLOCK", 0), QStringLiteral("1980")},
        {a("DCGM_FI_DEV_SM_CLOCK", 1), QStringLiteral("210")},
        {a("DCGM_FI_DEV_XID_ERRORS", 0), QStringLiteral("0")}, // not read
        {b("DCGM_FI_DEV_GPU_UTIL"), QStringLiteral("99")},
        {b("DCGM_FI_DEV_FB_USED"), QStringLiteral("22000")},
        {b("DCGM_FI_DEV_FB_FREE"), QStringLiteral("724")},
        {b("DCGM_FI_DEV_GPU_TEMP"), QStringLiteral("9223372036854775794")}, // DCGM blank
        {b("DCGM_FI_DEV_POWER_USAGE"), QStringLiteral("+Inf")},
        {c("DCGM_FI_DEV_GPU_UTIL"), QStringLiteral("5")},
    };
}

// Prometheus durations as the API takes them: "55", "55.5", "55s", "2m".
double seconds(const QString& text)
{
    static const QList<std::pair<QChar, double>> units{
        {QLatin1Char('s'), 1}, {QLatin1Char('m'), 60}, {QLatin1Char('h'), 3600}};
    for (const auto& [suffix, factor] : units)
        if (text.endsWith(suffix))
            return text.chopped(1).toDouble() * factor;
    return text.toDouble();
}

class FakePrometheus : public QObject
{
public:
    enum Mode
    {
        Normal,
        BadData,
        Execution422,
        HtmlError,
        Malformed,
        WrongShape,
        WrongResultType,
        StopsMidBody,
        Oversized,
        Silent,
    };

    explicit FakePrometheus(Mode mode = Normal)
        : m_mode(mode)
    {
        m_clock.start();
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
                // The client hung up before an answer: it gave the request up.
                connect(s, &QTcpSocket::disconnected, this, [this, s] {
                    if (m_unanswered.remove(s))
                        ++abandoned;
                });
                connect(s, &QTcpSocket::readyRead, s, [this, s] { onData(s); });
            }
        });
    }

    // The connections still open close with the server, after this
    // object's members are gone: they must not count themselves then.
    ~FakePrometheus() override
    {
        const auto open = m_server.findChildren<QTcpSocket*>();
        for (QTcpSocket* s : open)
            s->disconnect(this);
    }

    QUrl url() const
    {
        return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
    }

    // Range queries have data from here on (Prometheus leaves out steps
    // with no sample).
    qint64 dataFromMs = 0;
    // In Normal mode: answer this many requests, then none.
    int goSilentAfter = -1;
    // In Normal mode: answer each request this much later.
    int answerDelayMs = 0;

    // Requests received and not answered, now and at most at once; requests
    // whose client hung up before the answer; when each request came.
    int open() const { return int(m_unanswered.size()); }
    int mostOpenAtOnce = 0;
    int abandoned = 0;
    QList<qint64> arrivalsMs;

    QStringList paths;
    QList<QUrlQuery> queries;
    QByteArray authorization;

private:
    void onData(QTcpSocket* s)
    {
        QByteArray& buffer = m_buffers[s];
        buffer += s->readAll();
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
        buffer.clear();
        const QUrl target(QString::fromLatin1(lines.value(0).split(' ').value(1)));
        authorization.clear();
        for (const QByteArray& line : lines)
            if (line.toLower().startsWith("authorization:"))
                authorization = line.mid(14).trimmed();
        paths << target.path();
        queries << QUrlQuery(target);
        arrivalsMs << m_clock.elapsed();
        m_unanswered.insert(s);
        mostOpenAtOnce = std::max(mostOpenAtOnce, open());
        if (answerDelayMs > 0 && m_mode == Normal) {
            QTimer::singleShot(answerDelayMs, s,
                               [this, s, target] { answer(s, target.path(), QUrlQuery(target)); });
            return;
        }
        answer(s, target.path(), QUrlQuery(target));
    }

    void send(QTcpSocket* s, const QByteArray& status, const QByteArray& body, qint64 length = -1)
    {
        m_unanswered.remove(s);
        s->write("HTTP/1.1 " + status +
                 "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
                 QByteArray::number(length < 0 ? body.size() : length) + "\r\n\r\n" + body);
        if (length < 0)
            s->disconnectFromHost();
    }

    static QByteArray json(const QJsonObject& o)
    {
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    }

    static QByteArray error(const char* type, const QString& message)
    {
        return json({{QStringLiteral("status"), QStringLiteral("error")},
                     {QStringLiteral("errorType"), QLatin1String(type)},
                     {QStringLiteral("error"), message}});
    }

    static QByteArray success(const QJsonValue& data)
    {
        return json({{QStringLiteral("status"), QStringLiteral("success")},
                     {QStringLiteral("data"), data}});
    }

    void answer(QTcpSocket* s, const QString& path, const QUrlQuery& q)
    {
        switch (m_mode) {
        case BadData:
            return send(s, "400 Bad Request",
                        error("bad_data", QStringLiteral("invalid parameter \"query\": 1:5: parse "
                                                         "error: unclosed left parenthesis")));
        case Execution422:
            return send(s, "422 Unprocessable Entity",
                        error("execution", QStringLiteral("expanding series: too many samples")));
        case HtmlError:
            return send(s, "502 Bad Gateway", "<html>proxy error</html>");
        case Malformed:
            return send(s, "200 OK", R"({"status":"success","data":{"resultType":"vec)");
        case WrongShape:
            // The first series is fine, the second is not: nothing at all comes out.
            return send(
                s, "200 OK",
                R"({"status":"success","data":{"resultType":"vector","result":[)"
                R"({"metric":{"__name__":"DCGM_FI_DEV_GPU_UTIL","Hostname":"h","gpu":"0"},"value":[1,"4"]},)"
                R"({"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","Hostname":"h","gpu":"0"},"value":[1,40]}]}})");
        case WrongResultType:
            return send(s, "200 OK",
                        success(QJsonObject{
                            {QStringLiteral("resultType"), QStringLiteral("scalar")},
                            {QStringLiteral("result"), QJsonArray{1.0, QStringLiteral("1")}}}));
        case StopsMidBody:
            send(s, "200 OK", R"({"status":"success","data":{"resultType":"vector","result":[{"me)",
                 5000);
            s->flush();
            s->disconnectFromHost();
            return;
        case Oversized: {
            // Keeps a megabyte queued until the client hangs up.
            send(s, "200 OK", "{\"status\":\"success\",\"data\":\"", qint64(1) << 30);
            auto refill = [s] {
                if (s->bytesToWrite() < (1 << 20))
                    s->write(QByteArray(1 << 20, 'x'));
            };
            connect(s, &QTcpSocket::bytesWritten, s, refill);
            refill();
            return;
        }
        case Silent:
            return;
        case Normal:
            break;
        }
        if (goSilentAfter >= 0 && paths.size() > goSilentAfter)
            return;
        if (path == QLatin1String("/api/v1/status/buildinfo"))
            return send(s, "200 OK",
                        success(QJsonObject{{QStringLiteral("version"), QStringLiteral("2.42.0")},
                                            {QStringLiteral("branch"), QStringLiteral("HEAD")}}));
        if (path == QLatin1String("/api/v1/query"))
            return send(s, "200 OK", success(vector()));
        if (path == QLatin1String("/api/v1/query_range"))
            return queryRange(s, q);
        send(s, "404 Not Found", error("not_found", QStringLiteral("no route")));
    }

    static QJsonObject vector()
    {
        QJsonArray result;
        for (const FakeSeries& f : fleet())
            result.append(QJsonObject{{QStringLiteral("metric"), f.metric},
                                      {QStringLiteral("value"), QJsonArray{kEvalTime, f.value}}});
        return {{QStringLiteral("resultType"), QStringLiteral("vector")},
                {QStringLiteral("result"), result}};
    }

    // Checks start/end/step the way Prometheus 2.42 does (web/api/v1/api.go).
    void queryRange(QTcpSocket* s, const QUrlQuery& q)
    {
        const double start = seconds(q.queryItemValue(QStringLiteral("start")));
        const double end = seconds(q.queryItemValue(QStringLiteral("end")));
        const double step = seconds(q.queryItemValue(QStringLiteral("step")));
        if (step <= 0)
            return send(s, "400 Bad Request",
                        error("bad_data", QStringLiteral("invalid parameter \"step\": zero or "
                                                         "negative query resolution step widths "
                                                         "are not accepted.")));
        if (end < start)
            return send(s, "400 Bad Request",
                        error("bad_data", QStringLiteral("invalid parameter \"end\": end timestamp "
                                                         "must not be before start time")));
        if (std::floor((end - start) / step) > 11000)
            return send(s, "400 Bad Request", error("bad_data", kResolutionError));
        QJsonArray a0;
        QJsonArray a1;
        for (qint64 k = 0; start + k * step <= end; ++k) {
            const double t = start + k * step;
            if (t * 1000 < dataFromMs)
                continue;
            a0.append(QJsonArray{t, QString::number(k % 100)});
            a1.append(QJsonArray{t, QStringLiteral("3")});
        }
        auto item = [](int gpu, const QString& uuid, const QJsonArray& values) {
            return QJsonObject{
                {QStringLiteral("metric"), gpuLabels("DCGM_FI_DEV_GPU_UTIL", "Hostname", "dgx-a",
                                                     gpu, uuid, "NVIDIA H100 80GB HBM3")},
                {QStringLiteral("values"), values}};
        };
        send(s, "200 OK",
             success(QJsonObject{{QStringLiteral("resultType"), QStringLiteral("matrix")},
                                 {QStringLiteral("result"),
                                  QJsonArray{item(0, kUuidA0, a0), item(1, kUuidA1, a1)}}}));
    }

    Mode m_mode;
    QTcpServer m_server;
    QHash<QTcpSocket*, QByteArray> m_buffers;
    QSet<QTcpSocket*> m_unanswered;
    QElapsedTimer m_clock;
};

const GpuSample* gpu(const Snapshot& s, const QString& uuid)
{
    return s.gpuByUuid(uuid);
}

} // namespace

class TestPrometheusProducer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readsDcgmExporterSeriesPerHost()
    {
        FakePrometheus fake;
        PrometheusProducer producer(fake.url());
        const QList<Snapshot> got = test::produced(producer);
        QVERIFY2(producer.lastError().isEmpty(), qPrintable(producer.lastError()));
        QCOMPARE(got.size(), 3);
        // Hosts by name; `instance` names the host that has no host label.
        QCOMPARE(got[0].server, QStringLiteral("10.0.0.7"));
        QCOMPARE(got[1].server, QStringLiteral("dgx-a"));
        QCOMPARE(got[2].server, QStringLiteral("dgx-b"));
        for (const Snapshot& s : got) {
            QCOMPARE(s.timestampMs, 1795342395152);
            QCOMPARE(s.backend, QStringLiteral("prometheus"));
            QCOMPARE(s.host.hostname, s.server);
        }
        QVERIFY(fake.authorization.isEmpty()); // no token, no header

        const Snapshot& a = got[1];
        QCOMPARE(a.gpus.size(), 2);
        QCOMPARE(a.gpus[0].uuid, kUuidA0);
        QCOMPARE(a.gpus[1].uuid, kUuidA1);
        const GpuSample& a0 = a.gpus[0];
        const GpuSample& a1 = a.gpus[1];
        QCOMPARE(a0.index, 0);
        QCOMPARE(a1.index, 1);
        QCOMPARE(a0.name, QStringLiteral("NVIDIA H100 80GB HBM3"));
        QCOMPARE(a0.pciBusId, QStringLiteral("00000000:1:00.0"));
        QCOMPARE(a0.utilizationGpuPercent, 42.0);
        QCOMPARE(a1.utilizationGpuPercent, 7.0);
        QCOMPARE(a0.utilizationMemoryPercent, 13.0);
        QCOMPARE(a1.utilizationMemoryPercent, std::nullopt); // "NaN"
        QCOMPARE(a0.memoryUsedMiB, 1000.0);
        QCOMPARE(a0.memoryTotalMiB, 1000.0 + 80000.0 + 559.0); // used + free + reserved
        QCOMPARE(a1.memoryTotalMiB, 2000.0 + 79000.0 + 559.0);
        QCOMPARE(a0.temperatureC, 50.0);
        QCOMPARE(a0.powerW, 300.5);
        QCOMPARE(a1.powerW, std::nullopt); // no series: absent, not 0
        QCOMPARE(a0.smClockMHz, 1980.0);
        QCOMPARE(a1.smClockMHz, 210.0);
        QCOMPARE(a0.powerLimitW, std::nullopt);
        QCOMPARE(a0.fanPercent, std::nullopt);
        QVERIFY(a.processes.isEmpty());

        const Snapshot& b = got[2];
        QCOMPARE(b.gpus.size(), 1);
        QCOMPARE(b.gpus[0].name, QStringLiteral("NVIDIA A10"));
        QCOMPARE(b.gpus[0].utilizationGpuPercent, 99.0);
        QCOMPARE(b.gpus[0].memoryTotalMiB, 22724.0);    // no reserved series
        QCOMPARE(b.gpus[0].temperatureC, std::nullopt); // DCGM blank
        QCOMPARE(b.gpus[0].powerW, std::nullopt);       // +Inf
        QCOMPARE(b.gpus[0].memoryUsedMiB, 22000.0);

        QCOMPARE(got[0].gpus.size(), 1);
        QCOMPARE(gpu(got[0], kUuidC0)->utilizationGpuPercent, 5.0);
        QCOMPARE(gpu(got[0], kUuidC0)->memoryTotalMiB, std::nullopt); // no used/free

        // One query per poll, with every family in one selector.
        QCOMPARE(fake.paths, QStringList{QStringLiteral("/api/v1/query")});
        const QString query =
            fake.queries[0].queryItemValue(QStringLiteral("query"), QUrl::FullyDecoded);
        QCOMPARE(query, producer.selector());
        QVERIFY2(query.startsWith(QStringLiteral("{__name__=~\"DCGM_FI_DEV_(GPU_UTIL|")),
                 qPrintable(query));
    }

    void sendsTheBearerToken()
    {
        FakePrometheus fake;
        PrometheusProducer producer(fake.url(), "s3cret");
        QCOMPARE(test::produced(producer).size(), 3);
        QCOMPARE(fake.authorization, QByteArray("Bearer s3cret"));
    }

    void hostFilterKeepsOneHost_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("uuid");
        QTest::newRow("lowercase hostname label") << QStringLiteral("dgx-a") << kUuidA0;
        QTest::newRow("Hostname label") << QStringLiteral("dgx-b") << kUuidB0;
        QTest::newRow("instance only") << QStringLiteral("10.0.0.7") << kUuidC0;
    }

    void hostFilterKeepsOneHost()
    {
        QFETCH(QString, host);
        QFETCH(QString, uuid);
        FakePrometheus fake;
        PrometheusProducer producer(fake.url(), {}, host);
        const QList<Snapshot> got = test::produced(producer);
        QCOMPARE(got.size(), 1);
        QCOMPARE(got[0].server, host);
        QCOMPARE(got[0].gpus.first().uuid, uuid);
        // The filter is also in the query, so Prometheus sends only that host.
        const QString query =
            fake.queries[0].queryItemValue(QStringLiteral("query"), QUrl::FullyDecoded);
        QVERIFY2(query.contains(QStringLiteral(",Hostname=\"%1\"}").arg(host)), qPrintable(query));
        QVERIFY2(query.contains(QStringLiteral(",hostname=\"%1\"}").arg(host)), qPrintable(query));
    }

    void initNamesTheServerAndCountsWhatItSees()
    {
        FakePrometheus fake;
        PrometheusProducer producer(fake.url());
        const QString line = test::initialised(producer);
        QCOMPARE(line, QStringLiteral("Prometheus 2.42.0 at %1: 3 servers, 4 GPUs")
                           .arg(fake.url().toString()));
        QCOMPARE(fake.paths.first(), QStringLiteral("/api/v1/status/buildinfo"));

        PrometheusProducer nobody(fake.url(), {}, QStringLiteral("elsewhere"));
        const QString nobodyLine = test::initialised(nobody);
        QVERIFY2(
            nobodyLine.endsWith(QStringLiteral("0 servers, 0 GPUs (no DCGM_FI_DEV_* or gpuwarden_* "
                                               "series for host elsewhere)")),
            qPrintable(nobodyLine));
    }

    void theFakeRefusesMoreThan11000PointsPerSeries()
    {
        // Without this the backfill test below would prove nothing.
        FakePrometheus fake;
        QNetworkAccessManager nam;
        QUrl url = fake.url();
        url.setPath(QStringLiteral("/api/v1/query_range"));
        url.setQuery(QStringLiteral("query=up&start=0&end=604800&step=54"));
        QNetworkReply* reply = nam.get(QNetworkRequest(url));
        QSignalSpy done(reply, &QNetworkReply::finished);
        QVERIFY(done.wait(5000));
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 400);
        QCOMPARE(QJsonDocument::fromJson(reply->readAll())[QStringLiteral("error")].toString(),
                 kResolutionError);
        reply->deleteLater();
    }

    void sevenDayBackfillAsksALegalStep()
    {
        FakePrometheus fake;
        const qint64 to = 1795342395152;
        const qint64 from = to - 7 * 24 * 3'600'000LL;
        fake.dataFromMs = to - 10 * 60'000; // the server only has the last 10 minutes
        PrometheusProducer producer(fake.url());
        const QList<Snapshot> got = test::backfilled(producer, from, to);
        QVERIFY2(producer.lastError().isEmpty(), qPrintable(producer.lastError()));

        QCOMPARE(fake.paths, QStringList{QStringLiteral("/api/v1/query_range")});
        const QUrlQuery& q = fake.queries[0];
        const double start = q.queryItemValue(QStringLiteral("start")).toDouble();
        const double end = q.queryItemValue(QStringLiteral("end")).toDouble();
        const double step = q.queryItemValue(QStringLiteral("step")).toDouble();
        QCOMPARE(step, 55.0); // 604800 s / 55 s = 10996 points
        QVERIFY((end - start) / step <= PrometheusProducer::kMaxPointsPerSeries);
        QVERIFY(start * 1000 >= from);
        QVERIFY(end * 1000 < to);

        // Ten minutes at 55 s: 11 readings, oldest first, both GPUs in each.
        QCOMPARE(got.size(), 11);
        for (int i = 0; i < got.size(); ++i) {
            QCOMPARE(got[i].server, QStringLiteral("dgx-a"));
            QCOMPARE(got[i].gpus.size(), 2);
            QCOMPARE(got[i].timestampMs % 55'000, 0);
            QVERIFY(got[i].timestampMs >= fake.dataFromMs && got[i].timestampMs < to);
            if (i > 0)
                QCOMPARE(got[i].timestampMs - got[i - 1].timestampMs, 55'000);
            const qint64 k = qint64(std::llround((got[i].timestampMs / 1000.0 - start) / step));
            QCOMPARE(got[i].gpus[0].utilizationGpuPercent, double(k % 100));
            QCOMPARE(got[i].gpus[1].utilizationGpuPercent, 3.0);
            QCOMPARE(got[i].gpus[0].powerW, std::nullopt);
        }
    }

    void stepIsNeverFinerThanOneSecond()
    {
        QCOMPARE(PrometheusProducer::backfillStepMs(0, 0), 1000);
        QCOMPARE(PrometheusProducer::backfillStepMs(0, 60'000), 1000);
        QCOMPARE(PrometheusProducer::backfillStepMs(0, 10'999'000), 1000);
        QCOMPARE(PrometheusProducer::backfillStepMs(0, 11'000'000), 2000);
        QCOMPARE(PrometheusProducer::backfillStepMs(0, 30LL * 24 * 3'600'000), 236'000);

        FakePrometheus fake;
        const qint64 to = 1795342395152;
        fake.dataFromMs = 0;
        PrometheusProducer producer(fake.url());
        const QList<Snapshot> got = test::backfilled(producer, to - 60'000, to);
        QCOMPARE(fake.queries[0].queryItemValue(QStringLiteral("step")), QStringLiteral("1"));
        QCOMPARE(got.size(), 60); // [from, to) on a whole-second grid
        QVERIFY(got.first().timestampMs >= to - 60'000);
        QVERIFY(got.last().timestampMs < to);
        QVERIFY(test::backfilled(producer, to, to).isEmpty());
    }

    void badRepliesGiveClearErrors_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bad_data, HTTP 400")
            << int(FakePrometheus::BadData)
            << QStringLiteral("/api/v1/query: HTTP 400, bad_data: invalid parameter \"query\": "
                              "1:5: parse error: unclosed left parenthesis");
        QTest::newRow("execution, HTTP 422")
            << int(FakePrometheus::Execution422)
            << QStringLiteral("/api/v1/query: HTTP 422, execution: expanding series: too many "
                              "samples");
        QTest::newRow("proxy error page") << int(FakePrometheus::HtmlError)
                                          << QStringLiteral("/api/v1/query: HTTP 502 Bad Gateway");
        QTest::newRow("malformed JSON")
            << int(FakePrometheus::Malformed)
            << QStringLiteral("/api/v1/query: malformed JSON at offset");
        QTest::newRow("wrong shape") << int(FakePrometheus::WrongShape)
                                     << QStringLiteral("/api/v1/query: unexpected reply: "
                                                       "data.result[1].value: expected [time, "
                                                       "\"value\"]");
        QTest::newRow("wrong result type")
            << int(FakePrometheus::WrongResultType)
            << QStringLiteral("unexpected reply: data.resultType: expected \"vector\"");
        QTest::newRow("stops mid-body")
            << int(FakePrometheus::StopsMidBody) << QStringLiteral("the reply broke off");
        QTest::newRow("oversized") << int(FakePrometheus::Oversized)
                                   << QStringLiteral("the reply is larger than 1.0 MiB; refused");
        QTest::newRow("silent") << int(FakePrometheus::Silent)
                                << QStringLiteral("no complete reply within 0.4 s");
    }

    void badRepliesGiveClearErrors()
    {
        QFETCH(int, mode);
        QFETCH(QString, expected);
        FakePrometheus fake{FakePrometheus::Mode(mode)};
        PrometheusProducer producer(fake.url());
        producer.setTimeoutMs(400);
        producer.setMaxReplyBytes(1 << 20);
        QVERIFY(test::produced(producer).isEmpty()); // nothing half-built
        const QString error = producer.lastError();
        QVERIFY2(error.startsWith(fake.url().toString()), qPrintable(error));
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY(test::backfilled(producer, 0, 3'600'000).isEmpty());
        QVERIFY(!producer.lastError().isEmpty());

        const QString status = test::initialised(producer);
        QVERIFY2(status.startsWith(QStringLiteral("Prometheus at %1 ").arg(fake.url().toString())),
                 qPrintable(status));
        QVERIFY2(status.contains(expected.section(QStringLiteral("/api/v1/query: "), -1)),
                 qPrintable(status));
    }

    void callsReturnBeforeTheReplyAndAnswerLater()
    {
        FakePrometheus fake;
        fake.answerDelayMs = 500;
        PrometheusProducer producer(fake.url());
        auto got = std::make_shared<std::optional<QList<Snapshot>>>();
        QElapsedTimer clock;
        clock.start();
        producer.produce([got](const QList<Snapshot>& s) { *got = s; });
        QVERIFY2(clock.elapsed() < 250, "produce() waited for the reply");
        QVERIFY(!got->has_value());
        QTRY_VERIFY_WITH_TIMEOUT(got->has_value(), 5000);
        QVERIFY(clock.elapsed() >= 500);
        QCOMPARE(got->value().size(), 3);
    }

    void aProducerDestroyedMidRequestAbortsItAndNeverAnswers()
    {
        FakePrometheus fake{FakePrometheus::Silent};
        auto producer = std::make_unique<PrometheusProducer>(fake.url());
        auto answered = std::make_shared<bool>(false);
        producer->produce([answered](const QList<Snapshot>&) { *answered = true; });
        QTRY_COMPARE_WITH_TIMEOUT(fake.open(), 1, 5000);
        producer.reset();
        // The server sees the connection closed: the request was given up,
        // not left open until its timeout.
        QTRY_COMPARE_WITH_TIMEOUT(fake.abandoned, 1, 2000);
        QCOMPARE(fake.open(), 0);
        QTest::qWait(50);
        QVERIFY(!*answered);
    }

    void stoppingTheSourceDuringARequestAbortsIt()
    {
        FakePrometheus fake;
        fake.goSilentAfter = 2; // init's two requests; the first poll then hangs
        auto owned = std::make_unique<PrometheusProducer>(fake.url());
        const QPointer<PrometheusProducer> producer = owned.get();
        Source source(std::move(owned), std::chrono::milliseconds(100));
        QSignalSpy status(&source, &Source::statusChanged);
        QSignalSpy snapshots(&source, &Source::snapshotReady);
        source.start();
        QVERIFY(status.wait(5000));
        QVERIFY2(status[0][0].toString().endsWith(QStringLiteral("3 servers, 4 GPUs")),
                 qPrintable(status[0][0].toString()));
        QTRY_COMPARE_WITH_TIMEOUT(fake.paths.size(), 3, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(fake.open(), 1, 5000);
        QElapsedTimer clock;
        clock.start();
        source.stop(); // destroys the producer while its reply is still open
        QVERIFY2(clock.elapsed() < 1000, "stop() waited for the reply to time out");
        QVERIFY(!source.isRunning());
        QVERIFY(producer.isNull()); // destroyed on the worker thread, which has ended
        QTRY_COMPARE_WITH_TIMEOUT(fake.abandoned, 1, 2000);
        // The hung poll answered nothing, and no other poll was started.
        const auto said = status.size();
        QTest::qWait(300);
        QCOMPARE(fake.paths.size(), 3);
        QCOMPARE(status.size(), said);
        QCOMPARE(snapshots.size(), 0); // init's query is not a poll
    }

    void stoppingTheSourceDuringInitAbortsIt()
    {
        FakePrometheus fake{FakePrometheus::Silent};
        Source source(std::make_unique<PrometheusProducer>(fake.url()),
                      std::chrono::milliseconds(100));
        QSignalSpy status(&source, &Source::statusChanged);
        source.start(std::chrono::hours(1));
        QTRY_COMPARE_WITH_TIMEOUT(fake.open(), 1, 5000); // buildinfo, unanswered
        QElapsedTimer clock;
        clock.start();
        source.stop();
        QVERIFY2(clock.elapsed() < 1000, "stop() waited for the reply to time out");
        QTRY_COMPARE_WITH_TIMEOUT(fake.abandoned, 1, 2000);
        QTest::qWait(100);
        // No status line, no backfill request, nothing after the abort.
        QCOMPARE(status.size(), 0);
        QCOMPARE(fake.paths, QStringList{QStringLiteral("/api/v1/status/buildinfo")});
    }

    void aSlowServerDelaysThePollsInsteadOfPilingThemUp()
    {
        // Each answer takes six intervals: polls must wait for it.
        FakePrometheus fake;
        fake.answerDelayMs = 300;
        Source source(std::make_unique<PrometheusProducer>(fake.url()),
                      std::chrono::milliseconds(50));
        QSignalSpy snapshots(&source, &Source::snapshotReady);
        source.start();
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 3 * 3, 10'000); // three polls, 3 hosts each
        source.stop();
        QCOMPARE(fake.mostOpenAtOnce, 1);
        // One request after the other, each after the previous answer.
        for (qsizetype i = 1; i < fake.arrivalsMs.size(); ++i)
            QVERIFY2(fake.arrivalsMs[i] - fake.arrivalsMs[i - 1] >= 300,
                     qPrintable(QStringLiteral("request %1 came %2 ms after the one before")
                                    .arg(i)
                                    .arg(fake.arrivalsMs[i] - fake.arrivalsMs[i - 1])));
    }

    void nobodyListeningSaysSo()
    {
        const QUrl url(QStringLiteral("http://127.0.0.1:%1").arg(test::freePort()));
        PrometheusProducer producer(url);
        const QString status = test::initialised(producer);
        QVERIFY2(status.startsWith(
                     QStringLiteral("Prometheus at %1 not reachable: ").arg(url.toString())),
                 qPrintable(status));
        QVERIFY2(status.contains(QStringLiteral("refused"), Qt::CaseInsensitive),
                 qPrintable(status));
        QVERIFY(test::produced(producer).isEmpty());
        QVERIFY(producer.lastError().contains(QStringLiteral("refused"), Qt::CaseInsensitive));
        // What the source shows while it lasts (the status bar's line).
        QCOMPARE(producer.problem(), QStringLiteral("Prometheus: ") + producer.lastError());
    }
};

QTEST_GUILESS_MAIN(TestPrometheusProducer)
#include "tst_prometheusproducer.moc"
