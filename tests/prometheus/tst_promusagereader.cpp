// The keeper's Prometheus path the whole way round: a real agent with
// [tokens] exports its closed hours' usage, Debian's real Prometheus scrapes
// it, PromUsageReader reads it back. What the reader takes equals the
// agent's own sums to the last bit; a poll with nothing new takes nothing; a
// new hour brings exactly its growth; the keeper's own server is skipped; a
// restarted keeper (its cursor stored) takes nothing twice; Prometheus gone
// is an error that names it and leaves the cursor where it was.
#include "agent/agentserver.h"
#include "agent/promusagereader.h"
#include "agent/tokendesk.h"
#include "localprometheus.h"
#include "policy/policyconfig.h"
#include "sources/demoworld.h"

#include <QSignalSpy>
#include <QTest>

#include <memory>
#include <optional>

using namespace gw;

namespace {

constexpr qint64 kHourMs = 3'600'000;
constexpr qint64 kT = 1795305600000 + 12 * kHourMs; // on the hour

using Sums = QMap<QString, double>; // "user/model/profile/charge" → GPU-seconds

Sums sums(const QList<UsageCounter>& counters)
{
    Sums out;
    for (const UsageCounter& c : counters)
        out[c.user + u'/' + c.gpuModel + u'/' + c.migProfile +
            (c.used ? QStringLiteral("/used") : QStringLiteral("/held"))] += c.value;
    return out;
}

Sums sums(const QList<UsageFact>& facts)
{
    return sums(usageCounters(facts));
}

Sums minus(const Sums& a, const Sums& b)
{
    Sums out;
    for (auto it = a.cbegin(); it != a.cend(); ++it)
        if (const double d = it.value() - b.value(it.key()); d != 0)
            out.insert(it.key(), d);
    return out;
}

} // namespace

class TestPromUsageReader : public QObject
{
    Q_OBJECT

    std::unique_ptr<AgentServer> m_agent;
    qint64 m_now = kT - 2 * kHourMs;

    // Readings of the demo's gpu-lab-01 every 10 s up to `until`.
    void publishUntil(qint64 until)
    {
        for (; m_now <= until; m_now += 10'000) {
            Snapshot s = DemoWorld().serverAt(0, m_now);
            s.intervalMs = 10'000;
            m_agent->publish(s);
        }
    }

    std::optional<PromUsageReader::Result> poll(PromUsageReader& reader,
                                                const PromUsageCursor& cursor)
    {
        std::optional<PromUsageReader::Result> out;
        if (!reader.poll(cursor, [&](const PromUsageReader::Result& r) { out = r; }))
            return std::nullopt;
        if (!QTest::qWaitFor([&] { return out.has_value(); }, 15000))
            return std::nullopt;
        return out;
    }

    // Polls until the reader takes something (Prometheus starts, then
    // scrapes every second); the result of that poll, or the last one.
    std::optional<PromUsageReader::Result> pollUntilFacts(PromUsageReader& reader,
                                                          const PromUsageCursor& cursor)
    {
        std::optional<PromUsageReader::Result> r;
        for (int i = 0; i < 80; ++i) {
            r = poll(reader, cursor);
            if (r && r->error.isEmpty() && !r->facts.isEmpty())
                return r;
            QTest::qWait(250);
        }
        return r;
    }

private Q_SLOTS:
    void wholeWayRound()
    {
        AgentConfig config;
        config.port = 0;
        config.tokens.append({QStringLiteral("prom"), sha256("read-token"), TokenScope::Read});
        m_agent = std::make_unique<AgentServer>(config);
        m_agent->setClock([this] { return m_now; });
        PolicyConfig policy;
        policy.tokens.enabled = true;
        m_agent->attachPolicy(nullptr, policy, {});
        QString why;
        QVERIFY2(m_agent->listen(&why), qPrintable(why));
        publishUntil(kT + 60'000); // two hours closed

        test::LocalPrometheus prometheus;
        QVERIFY2(prometheus.start(m_agent->port(), &why), qPrintable(why));
        PromUsageReader reader(prometheus.url());

        const Sums agentTwoHours = sums(m_agent->tokenDesk()->facts());
        QVERIFY(!agentTwoHours.isEmpty());
        auto first = pollUntilFacts(reader, {});
        QVERIFY(first);
        QVERIFY2(first->error.isEmpty(), qPrintable(first->error));
        QCOMPARE(sums(first->facts), agentTwoHours); // exact, not approximately
        QCOMPARE(first->servers, 1);
        for (const UsageFact& f : first->facts) {
            QCOMPARE(f.server, QStringLiteral("gpu-lab-01"));
            QCOMPARE(f.hourStartMs, kT - kHourMs); // the last hour closed
        }
        QVERIFY(first->warnings.isEmpty());

        // Nothing new: nothing taken.
        auto again = poll(reader, first->cursor);
        QVERIFY(again && again->error.isEmpty());
        QVERIFY(again->facts.isEmpty());

        // A keeper restarted from its stored cursor takes nothing twice.
        const auto stored = PromUsageCursor::fromJson(first->cursor.toJson(), &why);
        QVERIFY2(stored, qPrintable(why));
        PromUsageReader restarted(prometheus.url());
        auto afterRestart = poll(restarted, *stored);
        QVERIFY(afterRestart && afterRestart->error.isEmpty());
        QVERIFY(afterRestart->facts.isEmpty());

        // The next hour closes: exactly its growth, charged to it.
        publishUntil(kT + kHourMs + 60'000);
        const Sums grown = minus(sums(m_agent->tokenDesk()->facts()), agentTwoHours);
        QVERIFY(!grown.isEmpty());
        auto next = pollUntilFacts(reader, first->cursor);
        QVERIFY(next && next->error.isEmpty());
        QCOMPARE(sums(next->facts), grown);
        for (const UsageFact& f : next->facts)
            QCOMPARE(f.hourStartMs, kT);

        // The keeper's own server is its meter's, never Prometheus's.
        reader.setSkippedServers({QStringLiteral("gpu-lab-01")});
        auto skipped = poll(reader, {});
        QVERIFY(skipped && skipped->error.isEmpty());
        QVERIFY(skipped->facts.isEmpty());
        QCOMPARE(skipped->servers, 1);
        QVERIFY(skipped->cursor.absorbed.isEmpty());

        // Prometheus gone: an error naming it; the cursor stays.
        const QUrl gone = prometheus.url();
        prometheus.stop();
        PromUsageReader orphan(gone);
        auto down = poll(orphan, next->cursor);
        QVERIFY(down);
        QVERIFY2(down->error.startsWith(gone.toString() + QStringLiteral("/api/v1/query: ")),
                 qPrintable(down->error));
        QCOMPARE(down->cursor, next->cursor);
        QVERIFY(down->facts.isEmpty());
    }
};

QTEST_MAIN(TestPromUsageReader)
#include "tst_promusagereader.moc"
