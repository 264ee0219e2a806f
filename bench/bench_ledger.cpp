// The token books' cost, printed as figures (see docs/tokens.md):
//   ledger_rebuild_ms=          buildBooks over 30 days of a fleet: 40 users on
//                               16 servers × 8 GPUs, one user's fact per GPU
//                               and hour (facts of one server, user, model and
//                               hour merged by the books), Europe/Berlin
//   ledger_fleet_hourly_update_ms= the same month's books kept (RunningBooks),
//                               then one more hour of the fleet's facts
//                               brought forward; the median of 24 hours
//   usage_meter_readings_per_s= the usage meter over a day of 1 Hz readings of
//                               one 8-GPU server with 16 processes
//   balances_ms=                GET /v1/balances over loopback from an
//                               in-process agent whose journal holds 30 days
//                               of facts of 40 users on 8 GPUs (fed as hourly
//                               readings through the agent's meter); the
//                               median of 50 requests, and the first after
//                               the last hour closed (the agent builds the
//                               books when an hour closes, not per request)
// Facts and readings are made up front, so only the books (or the meter)
// are timed.

#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "agent/tokendesk.h"
#include "benchreference.h"
#include "journal/agentjournal.h"
#include "tokens/ledger.h"
#include "tokens/usage.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTemporaryDir>
#include <QTimeZone>

#include <algorithm>
#include <cstdio>
#include <random>

using namespace gw;

namespace {

constexpr int kUsers = 40, kServers = 16, kGpus = 8, kDays = 30;
constexpr qint64 kHourMs = 3'600'000;

PolicyConfig::Tokens rules()
{
    PolicyConfig::Tokens t;
    t.enabled = true;
    t.prices = {{QStringLiteral("RTX 2080"), 0.5, 1},
                {QStringLiteral("RTX 3090"), 1, 2},
                {QStringLiteral("RTX A6000"), 4, 3},
                {QStringLiteral("H100"), 8, 4}};
    t.timeZone = QStringLiteral("Europe/Berlin");
    return t;
}

const QStringList& models()
{
    static const QStringList m{
        QStringLiteral("NVIDIA GeForce RTX 2080 Ti"), QStringLiteral("NVIDIA GeForce RTX 3090"),
        QStringLiteral("NVIDIA RTX A6000"), QStringLiteral("NVIDIA H100 80GB HBM3")};
    return m;
}

QList<UsageFact> fleetFacts(qint64 fromMs, int days = kDays, unsigned seed = 13)
{
    std::mt19937 rng(seed);
    QStringList users;
    for (int u = 0; u < kUsers; ++u)
        users << QStringLiteral("user%1").arg(u, 2, 10, QLatin1Char('0'));
    QList<UsageFact> facts;
    facts.reserve(kServers * kGpus * days * 24);
    for (int s = 0; s < kServers; ++s) {
        const QString server = QStringLiteral("gpu-node-%1").arg(s, 2, 10, QLatin1Char('0'));
        for (int h = 0; h < days * 24; ++h)
            for (int g = 0; g < kGpus; ++g) {
                UsageFact f;
                f.server = server;
                f.user = users[int(rng() % kUsers)];
                f.gpuModel = models()[(s + g / 4) % models().size()]; // two models a server
                f.hourStartMs = fromMs + h * kHourMs;
                f.heldGpuSeconds = double(600 + rng() % 3001);
                f.usedGpuSeconds = f.heldGpuSeconds * double(rng() % 101) / 100;
                facts << f;
            }
    }
    return facts;
}

QList<Snapshot> dayOfReadings(qint64 fromMs)
{
    QList<Snapshot> out;
    out.reserve(86'400);
    for (int i = 0; i < 86'400; ++i) {
        Snapshot s;
        s.server = QStringLiteral("gpu-node-00");
        s.timestampMs = fromMs + i * 1000LL;
        s.intervalMs = 1000;
        for (int g = 0; g < kGpus; ++g) {
            GpuSample gpu;
            gpu.index = g;
            gpu.uuid = QStringLiteral("GPU-%1").arg(g);
            gpu.name = models()[g / 4];
            gpu.utilizationGpuPercent = 30 + (i + g) % 70;
            s.gpus << gpu;
            for (int p = 0; p < 2; ++p) {
                GpuProcess proc;
                proc.pid = 1000 + g * 2 + p;
                proc.user = QStringLiteral("user%1").arg((g * 2 + p + i / 3600) % kUsers);
                proc.gpuUuid = gpu.uuid;
                proc.usedMemoryMiB = 1000 + 500 * p;
                s.processes << proc;
            }
        }
        out << s;
    }
    return out;
}

// One GET over loopback; the milliseconds it took, -1 when it failed.
double timedGet(QNetworkAccessManager& nam, const QUrl& url, const QByteArray& token)
{
    QNetworkRequest req(url);
    req.setRawHeader("Authorization", "Bearer " + token);
    QElapsedTimer t;
    t.start();
    QNetworkReply* r = nam.get(req);
    QEventLoop loop;
    QObject::connect(r, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const double ms = double(t.nsecsElapsed()) / 1e6;
    const bool ok = r->error() == QNetworkReply::NoError && r->readAll().contains("\"balances\"");
    delete r;
    return ok ? ms : -1;
}

int balancesBench(qint64 from)
{
    QTemporaryDir dir;
    const QByteArray token = "bench";
    AgentConfig config;
    config.port = 0;
    config.requestsPerSecond = 1e6;
    config.burst = 1'000'000;
    config.tokens = {{QStringLiteral("reader"), sha256(token), TokenScope::Read}};
    AgentServer server(config);
    qint64 now = from;
    server.setClock([&now] { return now; });
    QString error;
    auto journal = AgentJournal::open(dir.filePath(QStringLiteral("journal.db")), &error);
    if (!journal) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    server.attachJournal(std::move(journal));
    PolicyConfig policy;
    policy.tokens = rules();
    server.attachPolicy(nullptr, policy, {});
    if (!server.listen(&error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    // Hourly readings for 30 days: every GPU held by a user drawn at random.
    std::mt19937 rng(13);
    for (int h = 0; h <= kDays * 24; ++h) {
        Snapshot s;
        s.server = QStringLiteral("gpu-node-00");
        s.timestampMs = from + h * kHourMs;
        s.intervalMs = kHourMs;
        for (int g = 0; g < kGpus; ++g) {
            GpuSample gpu;
            gpu.index = g;
            gpu.uuid = QStringLiteral("GPU-%1").arg(g);
            gpu.name = models()[g / 2];
            gpu.utilizationGpuPercent = 50;
            s.gpus << gpu;
            GpuProcess proc;
            proc.pid = 1000 + g;
            proc.user = QStringLiteral("user%1").arg(int(rng() % kUsers), 2, 10, QLatin1Char('0'));
            proc.gpuUuid = gpu.uuid;
            proc.usedMemoryMiB = 1000;
            s.processes << proc;
        }
        now = s.timestampMs;
        server.publish(s);
    }
    const qsizetype facts = server.tokenDesk()->facts().size();
    QNetworkAccessManager nam;
    const QUrl url(QStringLiteral("http://127.0.0.1:%1/v1/balances").arg(server.port()));
    const double first = timedGet(nam, url, token);
    QList<double> times;
    for (int i = 0; i < 50; ++i)
        times << timedGet(nam, url, token);
    std::sort(times.begin(), times.end());
    if (first < 0 || times.first() < 0)
        return 1;
    std::printf("balances_ms=%.2f (GET /v1/balances over loopback, median of 50; the first "
                "after the last hour closed: %.2f ms; books of %lld facts; %d users, %d GPUs, %d "
                "days; target <= 5)\n",
                times[times.size() / 2], first, static_cast<long long>(facts), kUsers, kGpus,
                kDays);
    return 0;
}

// The reading of one 8-GPU server at `ms`: each GPU held by one or two
// users drawn per hour, two GPUs left idle some hours.
Snapshot quarterReading(qint64 ms, std::mt19937& rng, QList<QStringList>& holders, qint64& heldHour)
{
    if (holders.isEmpty() || heldHour != ms - ms % kHourMs) {
        heldHour = ms - ms % kHourMs;
        holders.clear();
        for (int g = 0; g < kGpus; ++g) {
            QStringList users;
            const int n = int(rng() % 4); // 0 (idle), 1, 1, 2
            for (int p = 0; p < (n == 3 ? 2 : n == 0 ? 0 : 1); ++p)
                users << QStringLiteral("user%1").arg(int(rng() % kUsers), 2, 10, QLatin1Char('0'));
            holders << users;
        }
    }
    Snapshot s;
    s.server = QStringLiteral("gpu-node-00");
    s.timestampMs = ms;
    s.intervalMs = kHourMs / 4;
    for (int g = 0; g < kGpus; ++g) {
        GpuSample gpu;
        gpu.index = g;
        gpu.uuid = QStringLiteral("GPU-%1").arg(g);
        gpu.name = models()[g / 2];
        gpu.utilizationGpuPercent = 20 + int(rng() % 80);
        s.gpus << gpu;
        for (qsizetype p = 0; p < holders[g].size(); ++p) {
            GpuProcess proc;
            proc.pid = 1000 + g * 2 + int(p);
            proc.user = holders[g][p];
            proc.gpuUuid = gpu.uuid;
            proc.usedMemoryMiB = 1000 + 500 * int(p);
            s.processes << proc;
        }
    }
    return s;
}

int hourlyUpdateBench(qint64 from)
{
    qint64 now = from;
    TokenDesk desk([&now] { return now; });
    PolicyConfig policy;
    policy.tokens = rules();
    policy.tokens.users = {QStringLiteral("user00"), QStringLiteral("user01")};
    desk.setPolicy(policy);
    std::mt19937 rng(29);
    QList<QStringList> holders;
    qint64 heldHour = 0;
    qint64 ms = from;
    // Readings up to (not including) the hour that ends at `untilMs`.
    auto feedUntil = [&](qint64 untilMs) {
        for (; ms < untilMs; ms += kHourMs / 4) {
            now = ms;
            desk.published(quarterReading(ms, rng, holders, heldHour));
        }
    };
    double figure = -1;
    for (const int days : {7, 30, 90}) {
        feedUntil(from + days * 24 * kHourMs);
        if (desk.books().entries.isEmpty())
            return 1;
        QList<double> times;
        for (int h = 0; h < 24; ++h) {
            // The reading at the hour's end timed, then the hour's quarters.
            now = ms;
            const Snapshot closing = quarterReading(ms, rng, holders, heldHour);
            QElapsedTimer t;
            t.start();
            desk.published(closing);
            times << double(t.nsecsElapsed()) / 1e6;
            if (desk.closedThroughMs() != closing.timestampMs)
                return 1;
            ms += kHourMs / 4;
            feedUntil(closing.timestampMs + kHourMs);
        }
        std::sort(times.begin(), times.end());
        const double median = times[times.size() / 2];
        const Books& b = desk.books();
        std::printf("ledger_hourly_update_ms_%dd=%.3f (one hour closed on the agent's books after "
                    "%d days: %lld facts, %lld entries; median of 24 hours; max %.3f)\n",
                    days, median, days, static_cast<long long>(desk.facts().size()),
                    static_cast<long long>(b.entries.size()), times.last());
        if (days == 30)
            figure = median;
    }
    std::printf("ledger_hourly_update_ms=%.3f (one hour closed on a month-old book of the agent, "
                "8 GPUs, 40 users; median of 24 hours; flat: see the 7d and 90d lines)\n",
                figure);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    gw::bench::printReference();
    QCoreApplication app(argc, argv);
    const QTimeZone berlin("Europe/Berlin");
    const qint64 from = QDateTime(QDate(2026, 11, 1), QTime(0, 0), berlin).toMSecsSinceEpoch();
    const qint64 until = QDateTime(QDate(2026, 12, 1), QTime(0, 0), berlin).toMSecsSinceEpoch();

    {
        const QList<UsageFact> facts = fleetFacts(from);
        double best = 1e18;
        qsizetype entries = 0;
        for (int run = 0; run < 5; ++run) {
            QElapsedTimer t;
            t.start();
            const Books b = buildBooks(facts, rules(), from, until);
            best = std::min(best, double(t.nsecsElapsed()) / 1e6);
            entries = b.entries.size();
        }
        std::printf("ledger_rebuild_ms=%.1f (%d users, %d servers x %d GPUs x %d days: %lld hourly "
                    "facts, %lld entries; best of 5; target <= 500)\n",
                    best, kUsers, kServers, kGpus, kDays, static_cast<long long>(facts.size()),
                    static_cast<long long>(entries));

        // The same month kept (a keeper's books of the fleet), then each
        // hour of the next day brought forward: what replaces a rebuild.
        RunningBooks kept(rules(), from);
        kept.addFacts(facts);
        kept.advanceTo(until);
        const QList<UsageFact> next = fleetFacts(until, 1, 14);
        QList<double> times;
        for (int h = 0; h < 24; ++h) {
            const qint64 end = until + (h + 1) * kHourMs;
            QList<UsageFact> hour;
            for (const UsageFact& f : next)
                if (f.hourStartMs + kHourMs == end)
                    hour << f;
            QElapsedTimer t;
            t.start();
            kept.addFacts(hour);
            kept.advanceTo(end + 1);
            times << double(t.nsecsElapsed()) / 1e6;
            if (kept.lastUpdate().whole)
                return 1;
        }
        std::sort(times.begin(), times.end());
        std::printf("ledger_fleet_hourly_update_ms=%.3f (the same month kept, then one hour of %d "
                    "facts brought forward; median of the next 24 hours, a midnight among them; "
                    "max %.3f)\n",
                    times[times.size() / 2], kServers * kGpus, times.last());
    }
    {
        const QList<Snapshot> readings = dayOfReadings(from);
        double best = 1e18;
        for (int run = 0; run < 3; ++run) {
            QElapsedTimer t;
            t.start();
            UsageMeter m;
            for (const Snapshot& r : readings)
                m.feed(r);
            m.finish();
            if (m.facts().isEmpty())
                return 1;
            best = std::min(best, double(t.nsecsElapsed()) / 1e9);
        }
        std::printf("usage_meter_readings_per_s=%.0f (one day at 1 Hz, 8 GPUs, 16 processes per "
                    "reading; best of 3)\n",
                    double(readings.size()) / best);
    }
    if (const int rc = hourlyUpdateBench(from))
        return rc;
    return balancesBench(from);
}
