// The agent as its own keeper of the token books, over real loopback HTTP:
// an AgentServer in-process with a journal in a temporary folder, fed
// hand-built readings. Facts appear only when their hour closes; /v1/usage
// by cursor; /v1/balances equal buildBooks over the same readings (the
// worked example: 46); adjustments (scopes, refusals, by = token name) change
// the balance and appear in /v1/ledger; a restart mid-hour neither loses nor
// double-counts; everything is 404 while [tokens] is off; the books brought
// forward hour by hour equal the books made whole after every hour,
// adjustment, restart, change of prices and the clock set back.
#include "../tokens/tokenreadings.h"
#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "agent/tokendesk.h"
#include "journal/agentjournal.h"
#include "tokens/ledger.h"
#include "tokens/tokensjson.h"
#include "tokens/usage.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace gw;
using namespace gw::test;

namespace {

const QByteArray kRead = "r3ad";
const QByteArray kAdmin = "adm1n";
const char* const kBerlin = "Europe/Berlin";
const QString kServer = QStringLiteral("node-1");
const QString kAlice = QStringLiteral("alice");

AgentConfig config()
{
    AgentConfig c;
    c.port = 0;
    c.requestsPerSecond = 10'000;
    c.burst = 10'000;
    c.tokens = {{QStringLiteral("reader"), sha256(kRead), TokenScope::Read},
                {QStringLiteral("boss"), sha256(kAdmin), TokenScope::Admin}};
    return c;
}

PolicyConfig policy(bool tokens = true)
{
    PolicyConfig p;
    p.tokens.enabled = tokens;
    p.tokens.prices = {{QStringLiteral("RTX 2080"), 0.5, 12},
                       {QStringLiteral("RTX 3090"), 1, 13},
                       {QStringLiteral("RTX A6000"), 4, 14}};
    p.tokens.timeZone = QString::fromLatin1(kBerlin);
    return p;
}

// The worked example on one server: 8 × RTX 2080 for 5 h, 4 × RTX 3090 for
// 10 h, 2 × RTX A6000 for 3 h, then a reading with nothing held that closes
// the last hour.
QList<Snapshot> workedExample()
{
    QList<Snapshot> r;
    r << holding(kServer, kAlice, QStringLiteral("NVIDIA GeForce RTX 2080 Ti"), 8,
                 utcMs(2026, 11, 3, 9), 5 * 60);
    r << holding(kServer, kAlice, QStringLiteral("NVIDIA GeForce RTX 3090"), 4,
                 utcMs(2026, 11, 4, 8, 30), 10 * 60);
    r << holding(kServer, kAlice, QStringLiteral("NVIDIA RTX A6000"), 2, utcMs(2026, 11, 5, 22, 15),
                 3 * 60);
    r << reading(kServer, utcMs(2026, 11, 6, 3), 60'000);
    return r;
}

struct Reply
{
    int status = 0;
    QByteArray body;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QString message() const
    {
        return json()[QStringLiteral("error")][QStringLiteral("message")].toString();
    }
};

} // namespace

class TestAgentTokens : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QNetworkAccessManager m_nam;
    std::unique_ptr<AgentServer> m_server;
    qint64 m_now = 0;

    void startServer(bool journal, bool tokens = true)
    {
        m_server = std::make_unique<AgentServer>(config());
        m_server->setClock([this] { return m_now; });
        if (journal) {
            QString error;
            auto j = AgentJournal::open(m_dir.filePath(QStringLiteral("journal.db")), &error);
            QVERIFY2(j, qPrintable(error));
            m_server->attachJournal(std::move(j));
        }
        m_server->attachPolicy(nullptr, policy(tokens), {});
        QString error;
        QVERIFY2(m_server->listen(&error), qPrintable(error));
    }

    void publish(const QList<Snapshot>& readings)
    {
        for (const Snapshot& s : readings) {
            m_now = s.timestampMs;
            m_server->publish(s);
        }
    }

    Reply call(const QString& path, const QByteArray& token = kRead,
               const QByteArray& method = "GET", const QByteArray& body = {})
    {
        QNetworkRequest req(
            QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_server->port()).arg(path)));
        req.setRawHeader("Authorization", "Bearer " + token);
        if (!body.isEmpty())
            req.setHeader(QNetworkRequest::ContentTypeHeader,
                          QByteArrayLiteral("application/json"));
        QNetworkReply* r = body.isEmpty() ? m_nam.sendCustomRequest(req, method)
                                          : m_nam.sendCustomRequest(req, method, body);
        if (!r->isFinished()) {
            QSignalSpy done(r, &QNetworkReply::finished);
            done.wait(10'000);
        }
        Reply out;
        out.status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        out.body = r->readAll();
        r->deleteLater();
        return out;
    }

    QList<UsageFact> servedFacts()
    {
        QList<UsageFact> out;
        quint64 after = 0;
        for (;;) {
            const Reply r = call(QStringLiteral("/v1/usage?after=%1").arg(after));
            if (r.status != 200)
                return out;
            const QJsonArray items = r.json()[QStringLiteral("usage")].toArray();
            if (items.isEmpty())
                return out;
            for (const QJsonValue& v : items) {
                QJsonObject o = v.toObject();
                const quint64 sequence = quint64(o.take(QStringLiteral("sequence")).toInteger());
                if (sequence != after + 1)
                    return {};
                after = sequence;
                QString error;
                const auto f = usageFactFromJson(o, &error);
                if (!f)
                    qWarning() << error;
                else
                    out << *f;
            }
        }
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QFile::remove(m_dir.filePath(QStringLiteral("journal.db")));
        m_now = utcMs(2026, 11, 3, 9);
    }

    void cleanup() { m_server.reset(); }

    void factsAppearOnlyWhenTheHourCloses()
    {
        startServer(true);
        const QList<Snapshot> r = workedExample();
        publish(r.mid(0, 60)); // 09:00 … 09:59
        Reply u = call(QStringLiteral("/v1/usage"));
        QCOMPARE(u.status, 200);
        QCOMPARE(u.json()[QStringLiteral("usage")].toArray().size(), 0);
        QCOMPARE(u.json()[QStringLiteral("last_sequence")].toInteger(), 0);
        publish(r.mid(60, 1)); // 10:00 closes 09:00–10:00
        u = call(QStringLiteral("/v1/usage"));
        const QJsonArray items = u.json()[QStringLiteral("usage")].toArray();
        QCOMPARE(items.size(), 1);
        QCOMPARE(items[0][QStringLiteral("sequence")].toInteger(), 1);
        QCOMPARE(items[0][QStringLiteral("hour_start_ms")].toInteger(), utcMs(2026, 11, 3, 9));
        QCOMPARE(items[0][QStringLiteral("held_gpu_seconds")].toDouble(), 8 * 3600.0);
        QCOMPARE(u.json()[QStringLiteral("truncated")].toBool(), false);
    }

    void usageByCursor()
    {
        startServer(true);
        publish(workedExample());
        const Reply all = call(QStringLiteral("/v1/usage"));
        const qint64 last = all.json()[QStringLiteral("last_sequence")].toInteger();
        QCOMPARE(last, 5 + 11 + 4); // hours touched: 5, 08:30–18:30 = 11, 22:15–01:15 = 4
        const Reply page = call(QStringLiteral("/v1/usage?after=3&limit=2"));
        QCOMPARE(page.status, 200);
        const QJsonArray items = page.json()[QStringLiteral("usage")].toArray();
        QCOMPARE(items.size(), 2);
        QCOMPARE(items[0][QStringLiteral("sequence")].toInteger(), 4);
        QCOMPARE(page.json()[QStringLiteral("next")].toInteger(), 5);
        QCOMPARE(page.json()[QStringLiteral("truncated")].toBool(), false);
        const Reply end = call(QStringLiteral("/v1/usage?after=%1").arg(last));
        QCOMPARE(end.json()[QStringLiteral("usage")].toArray().size(), 0);
        QCOMPARE(end.json()[QStringLiteral("next")].toInteger(), last);
        QCOMPARE(call(QStringLiteral("/v1/usage?after=x")).status, 400);
    }

    void balancesAreTheBooksOfTheSameReadings()
    {
        startServer(true);
        const QList<Snapshot> r = workedExample();
        publish(r);
        m_now = utcMs(2026, 11, 30, 12);
        // Expected from the core: the meter over the same readings, hours
        // closed by the last reading.
        UsageMeter meter;
        for (const Snapshot& s : r)
            meter.feed(s);
        QList<UsageFact> expected;
        for (const UsageFact& f : meter.facts())
            if (f.hourStartMs + 3'600'000 <= r.back().timestampMs)
                expected << f;
        QCOMPARE(servedFacts(), expected);
        const Books books = buildBooks(expected, policy().tokens, utcMs(2026, 11, 3, 9), m_now + 1,
                                       {}, meter.gpuModelsSeen());
        const Reply b = call(QStringLiteral("/v1/balances"));
        QCOMPARE(b.status, 200);
        const QJsonObject o = b.json();
        QCOMPARE(o[QStringLiteral("balances")][kAlice].toDouble(), books.balances.value(kAlice));
        QCOMPARE(o[QStringLiteral("balances")][kAlice].toDouble(), 46.0); // the worked example
        QCOMPARE(o[QStringLiteral("as_of_ms")].toInteger(), utcMs(2026, 11, 6, 3));
        QCOMPARE(o[QStringLiteral("now_ms")].toInteger(), m_now);
        QCOMPARE(o[QStringLiteral("overdraft_floor")].toDouble(), -10.0);
        QCOMPARE(o[QStringLiteral("cut_off")].toArray().size(), 0);
        QVERIFY(o[QStringLiteral("gaps")].toArray().size() >= 2);
        const Reply m = call(QStringLiteral("/metrics"));
        QVERIFY2(m.body.contains("gpuwarden_token_balance{user=\"alice\"} 46\n"),
                 m.body.constData());
        // The closed hours' GPU-seconds as counters, for a keeper reading
        // the fleet through Prometheus: 8 × 5 h, 4 × 10 h, 2 × 3 h.
        for (const auto& [model, seconds] : {std::pair{"NVIDIA GeForce RTX 2080 Ti", "144000"},
                                             std::pair{"NVIDIA GeForce RTX 3090", "144000"},
                                             std::pair{"NVIDIA RTX A6000", "21600"}}) {
            const QByteArray line = "gpuwarden_token_usage_gpu_seconds_total{server=\"" +
                                    kServer.toUtf8() + "\",user=\"alice\",gpu_model=\"" + model +
                                    "\",charge=\"held\"} " + seconds + "\n";
            QVERIFY2(m.body.contains(line), line.constData());
        }
        const QByteArray closed = "gpuwarden_token_usage_closed_through_seconds{server=\"" +
                                  kServer.toUtf8() + "\"} " +
                                  QByteArray::number(utcMs(2026, 11, 6, 3) / 1000) + "\n";
        QVERIFY2(m.body.contains(closed), m.body.constData());
    }

    void adjustments()
    {
        startServer(true);
        publish(workedExample());
        m_now = utcMs(2026, 11, 30, 12);
        const QByteArray good = R"({"user":"alice","amount":-50,"reason":"ran on a reserved GPU"})";
        Reply r = call(QStringLiteral("/v1/ledger"), kRead, "POST", good);
        QCOMPARE(r.status, 403);
        r = call(QStringLiteral("/v1/ledger"), kAdmin, "POST", R"({"user":"alice","amount":-50})");
        QCOMPARE(r.status, 400);
        QVERIFY2(r.message().contains(QStringLiteral("reason")), qPrintable(r.message()));
        r = call(QStringLiteral("/v1/ledger"), kAdmin, "POST",
                 R"({"user":"alice","amount":0,"reason":"x"})");
        QCOMPARE(r.status, 400);
        QVERIFY2(r.message().contains(QStringLiteral("amount")), qPrintable(r.message()));
        r = call(QStringLiteral("/v1/ledger"), kAdmin, "POST", "{\"user\":");
        QCOMPARE(r.status, 400);
        QCOMPARE(call(QStringLiteral("/v1/balances"))
                     .json()[QStringLiteral("balances")][kAlice]
                     .toDouble(),
                 46.0);

        r = call(QStringLiteral("/v1/ledger"), kAdmin, "POST", good);
        QCOMPARE(r.status, 201);
        QCOMPARE(r.json()[QStringLiteral("kind")].toString(), QStringLiteral("adjustment"));
        QCOMPARE(r.json()[QStringLiteral("by")].toString(), QStringLiteral("boss"));
        QCOMPARE(r.json()[QStringLiteral("reason")].toString(),
                 QStringLiteral("ran on a reserved GPU"));
        QCOMPARE(r.json()[QStringLiteral("amount")].toDouble(), -50.0);
        const QJsonObject b = call(QStringLiteral("/v1/balances")).json();
        QCOMPARE(b[QStringLiteral("balances")][kAlice].toDouble(), -4.0);

        const Reply l = call(QStringLiteral("/v1/ledger?user=alice"));
        QCOMPARE(l.status, 200);
        const QJsonArray entries = l.json()[QStringLiteral("entries")].toArray();
        QCOMPARE(entries.last()[QStringLiteral("kind")].toString(), QStringLiteral("adjustment"));
        QCOMPARE(entries.first()[QStringLiteral("kind")].toString(), QStringLiteral("grant"));
        const Reply tail =
            call(QStringLiteral("/v1/ledger?user=alice&after=%1&limit=1").arg(entries.size() - 2));
        QCOMPARE(tail.json()[QStringLiteral("entries")].toArray().size(), 1);
        QCOMPARE(tail.json()[QStringLiteral("truncated")].toBool(), true);

        // Stored: a restart keeps it.
        m_server.reset();
        startServer(true);
        QCOMPARE(call(QStringLiteral("/v1/balances"))
                     .json()[QStringLiteral("balances")][kAlice]
                     .toDouble(),
                 -4.0);
    }

    // The agent brings its books forward as each hour closes (RunningBooks):
    // after every hour, adjustment, restart, change of prices and the clock
    // set back they are the books made whole from everything it holds, to the
    // last entry, and an hour's close keeps every entry before it.
    void hourByHourTheDeskKeepsTheBooksMadeWhole()
    {
        startServer(true);
        const QStringList models{QStringLiteral("NVIDIA GeForce RTX 3090"),
                                 QStringLiteral("NVIDIA RTX A6000")};
        // Six readings an hour, four GPUs held by users changing by the hour;
        // someone new from the 40th hour; nobody in the 20th.
        auto hourOf = [&](qint64 hourMs, int h) {
            QList<Snapshot> out;
            for (int i = 0; i < 6; ++i) {
                Snapshot s = reading(kServer, hourMs + i * 600'000, 600'000);
                for (int g = 0; g < 4 && h != 20; ++g) {
                    const QString uuid = QStringLiteral("GPU-%1").arg(g);
                    GpuSample sample = gpu(uuid, models[g / 2]);
                    sample.index = g;
                    s.gpus << sample;
                    const int u = (h * 7 + g * 3) % (h >= 40 ? 6 : 5);
                    s.processes << process(1000 + g, QStringLiteral("u%1").arg(u), uuid, 4000);
                }
                out << s;
            }
            return out;
        };
        auto same = [&](const char* when, int h) {
            TokenDesk* desk = m_server->tokenDesk();
            const Books& kept = desk->books();
            const Books whole = desk->booksMadeWhole();
            QVERIFY2(kept == whole, qPrintable(QStringLiteral("%1 at hour %2: %3 entries kept, %4 "
                                                              "made whole")
                                                   .arg(QLatin1String(when))
                                                   .arg(h)
                                                   .arg(kept.entries.size())
                                                   .arg(whole.entries.size())));
        };
        auto adjust = [&](const QString& user, int amount) {
            const Reply r = call(QStringLiteral("/v1/ledger"), kAdmin, "POST",
                                 QStringLiteral(R"({"user":"%1","amount":%2,"reason":"hour test"})")
                                     .arg(user)
                                     .arg(amount)
                                     .toUtf8());
            QCOMPARE(r.status, 201);
        };
        // From 20:00 UTC on 29 November for three days: Berlin's midnights
        // and the 1st of December (monthly additions) among them.
        const qint64 from = utcMs(2026, 11, 29, 20);
        constexpr qint64 kHour = 3'600'000;
        for (int h = 0; h < 72; ++h) {
            const qsizetype before = m_server->tokenDesk()->books().entries.size();
            publish(hourOf(from + h * kHour, h)); // its first reading closes the hour before
            if (h >= 2) {
                const RunningBooks::Update u = m_server->tokenDesk()->lastBooksUpdate();
                QVERIFY2(!u.whole, qPrintable(QString::number(h)));
                // Kept all, but after an adjustment at the hour's very end:
                // its use is made again from there.
                if ((h - 1) % 11 == 5)
                    QVERIFY2(u.kept < before && u.kept > before - 10,
                             qPrintable(QStringLiteral("%1 of %2").arg(u.kept).arg(before)));
                else
                    QVERIFY2(u.kept == before, qPrintable(QStringLiteral("hour %1: %2 of %3 kept")
                                                              .arg(h)
                                                              .arg(u.kept)
                                                              .arg(before)));
            }
            same("hour closed", h);
            if (h % 7 == 3) {
                m_now += 120'000;
                adjust(QStringLiteral("u%1").arg(h % 5), h % 2 ? -25 : 15);
                same("adjusted within an hour", h);
            }
            if (h % 11 == 5) {
                // At the very instant the hour ends, before its closing
                // reading: that hour's use comes after, at the same instant.
                m_now = from + (h + 1) * kHour;
                adjust(QStringLiteral("newcomer-%1").arg(h), 4);
                same("adjusted at an hour's end", h);
            }
            if (h == 30) {
                QString error;
                QVERIFY(m_server->closeJournal(&error));
                m_server.reset();
                startServer(true);
                same("restarted", h);
            }
            if (h == 50) {
                PolicyConfig p = policy();
                p.tokens.prices[1].perGpuHour = 2;
                m_server->attachPolicy(nullptr, p, {});
                same("prices changed", h);
                QVERIFY(m_server->tokenDesk()->lastBooksUpdate().whole);
            }
        }
        // The clock set back two hours, and on again.
        const qint64 end = from + 72 * kHour;
        publish(hourOf(end - 2 * kHour, 72).mid(0, 2));
        same("clock set back", 72);
        publish(hourOf(end + kHour, 73));
        same("clock on again", 73);
        const Books& b = m_server->tokenDesk()->books();
        QVERIFY(std::any_of(b.entries.cbegin(), b.entries.cend(), [](const LedgerEntry& e) {
            return e.kind == LedgerEntry::Kind::Monthly;
        }));
        QCOMPARE(call(QStringLiteral("/v1/balances"))
                     .json()[QStringLiteral("balances")][QStringLiteral("u5")]
                     .toDouble(),
                 b.balances.value(QStringLiteral("u5")));
    }

    void restartMidHourNeitherLosesNorDoubleCounts()
    {
        const QList<Snapshot> r = holding(kServer, kAlice, QStringLiteral("NVIDIA RTX A6000"), 2,
                                          utcMs(2026, 11, 3, 9, 0, 30), 200);
        // Uninterrupted.
        startServer(true);
        publish(r);
        const QList<UsageFact> whole = servedFacts();
        QCOMPARE(whole.size(), 3); // 09, 10, 11 closed by 12:19:30
        m_server.reset();
        QFile::remove(m_dir.filePath(QStringLiteral("journal.db")));

        // Stopped at 10:29:30 and started again in the same hour.
        m_now = r.first().timestampMs;
        startServer(true);
        publish(r.mid(0, 90));
        QCOMPARE(servedFacts().size(), 1);
        QString error;
        QVERIFY(m_server->closeJournal(&error));
        m_server.reset();
        startServer(true);
        publish(r.mid(90));
        const QList<UsageFact> again = servedFacts();
        QCOMPARE(again.size(), whole.size());
        for (qsizetype i = 0; i < again.size(); ++i)
            QCOMPARE(again[i].heldGpuSeconds, whole[i].heldGpuSeconds);
        QCOMPARE(again, whole);
    }

    // Down from 10:29:30 to 11:11:30: the same readings give the same facts
    // whether the agent stayed up (a gap) or was restarted in a later hour.
    void restartInALaterHourGivesTheSameFacts()
    {
        QList<Snapshot> r = holding(kServer, kAlice, QStringLiteral("NVIDIA RTX A6000"), 2,
                                    utcMs(2026, 11, 3, 9, 0, 30), 200);
        r.remove(90, 41); // 10:30:30 … 11:10:30 missing
        startServer(true);
        publish(r);
        const QList<UsageFact> whole = servedFacts();
        QCOMPARE(whole.size(), 3);
        m_server.reset();
        QFile::remove(m_dir.filePath(QStringLiteral("journal.db")));

        m_now = r.first().timestampMs;
        startServer(true);
        publish(r.mid(0, 90));
        QString error;
        QVERIFY(m_server->closeJournal(&error));
        m_server.reset();
        m_now = r[90].timestampMs;
        startServer(true);
        publish(r.mid(90));
        QCOMPARE(servedFacts(), whole);
        // The gap is in the books of the run that saw it.
        m_now = r.back().timestampMs + 60'000;
        QCOMPARE(
            call(QStringLiteral("/v1/balances")).json()[QStringLiteral("gaps")].toArray().size(),
            1);
    }

    void upgradesFormat2InPlace()
    {
        const QString path = m_dir.filePath(QStringLiteral("journal.db"));
        startServer(true);
        publish(workedExample().mid(0, 70));
        m_server.reset();
        {
            QSqlDatabase db =
                QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("downgrade"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            QSqlQuery q(db);
            for (const char* s : {"DROP TABLE usage", "DROP TABLE adjustment",
                                  "DROP TABLE peer_usage", "DROP TABLE audit",
                                  "DELETE FROM meta WHERE key IN ('usage_closed_through_ms', "
                                  "'tokens_start_ms')",
                                  "PRAGMA user_version = 2"})
                QVERIFY2(q.exec(QString::fromLatin1(s)), qPrintable(q.lastError().text()));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("downgrade"));
        // Opened as format 2: the tables come back, the readings stay, and
        // the hour closed before the upgrade is metered again from them.
        m_now = workedExample()[69].timestampMs;
        startServer(true);
        publish(workedExample().mid(70, 60));
        const Reply u = call(QStringLiteral("/v1/usage"));
        QCOMPARE(u.status, 200);
        QVERIFY(u.json()[QStringLiteral("usage")].toArray().size() >= 1);
        QCOMPARE(call(QStringLiteral("/v1/ledger"), kAdmin, "POST",
                      R"({"user":"alice","amount":5,"reason":"x"})")
                     .status,
                 201);
    }

    void everythingIs404WithoutTokens()
    {
        startServer(true, false);
        publish(workedExample().mid(0, 70));
        for (const QString& path : {QStringLiteral("/v1/usage"), QStringLiteral("/v1/balances"),
                                    QStringLiteral("/v1/ledger")}) {
            const Reply r = call(path);
            QCOMPARE(r.status, 404);
            QVERIFY(r.message().contains(QStringLiteral("[tokens]")));
        }
        QVERIFY(!call(QStringLiteral("/metrics")).body.contains("gpuwarden_token_balance"));
        const Reply r = call(QStringLiteral("/v1/ledger"), kAdmin, "POST",
                             R"({"user":"alice","amount":5,"reason":"x"})");
        QCOMPARE(r.status, 404);
        QCOMPARE(r.json()[QStringLiteral("error")][QStringLiteral("code")].toString(),
                 QStringLiteral("not_found"));
    }
};

QTEST_MAIN(TestAgentTokens)
#include "tst_agenttokens.moc"
