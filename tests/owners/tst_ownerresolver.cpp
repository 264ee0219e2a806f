// The runtimes asked for a reading's workloads, cached by id: a reading
// never waits (a name comes in the next one), a lookup is made once while
// it is pending, a runtime that fails is said once and asked again after a
// while, a container or job the runtime no longer knows is not asked again.
// A fake daemon on a Unix socket and a fake scontrol (a script printing
// real Slurm output) stand in for the runtimes.
#include "owners/ownerresolver.h"
#include "ownertests.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace gw::owners;
using namespace Qt::StringLiterals;

namespace {

const QString kId = u"561bb04bdcbb06efbd7936e1ad3f0530ac58c8f324e507878d81c8455bdc21b9"_s;

using gw::test::ownerFixture;

Workload podman(const QString& id = kId)
{
    Workload w;
    w.kind = WorkloadKind::Podman;
    w.id = id;
    return w;
}

Workload slurm(const QString& job)
{
    Workload w;
    w.kind = WorkloadKind::Slurm;
    w.id = job;
    return w;
}

// The real Podman inspect of the fixtures for kId, Podman's 404 for any other.
struct FakeDaemon : gw::test::FakeEngine
{
    explicit FakeDaemon(const QString& path)
        : FakeEngine(path)
    {
        answer = [](const QByteArray& request) -> QByteArray {
            QByteArray head = "HTTP/1.1 404 Not Found\r\n";
            QString body = u"podman/container-missing.json"_s;
            if (request.contains(kId.toLatin1())) {
                head = "HTTP/1.1 200 OK\r\n";
                body = u"podman/container-job1.json"_s;
            }
            const QByteArray bytes = ownerFixture(body);
            return head + "Content-Length: " + QByteArray::number(bytes.size()) + "\r\n\r\n" +
                   bytes;
        };
    }
};

} // namespace

class TestOwnerResolver : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    OwnerResolver::Options options()
    {
        OwnerResolver::Options o;
        o.podmanSocket = m_dir.filePath(u"podman.sock"_s);
        o.dockerSocket = m_dir.filePath(u"docker.sock"_s);
        o.scontrol = m_dir.filePath(u"scontrol"_s);
        o.timeoutMs = 300;
        o.retryAfterMs = 400;
        return o;
    }

    // A scontrol that prints real Slurm output: job 1 running (account
    // vision), any other job unknown, with Slurm's own error.
    void writeScontrol(const QByteArray& extra = {})
    {
        QFile f(m_dir.filePath(u"scontrol"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("#!/bin/sh\n" + extra +
                "[ \"$5\" = 1 ] && exec cat '" GW_TEST_SOURCE_DIR
                "/fixtures/slurm/show-job-1-running.txt'\n"
                "echo 'slurm_load_jobs error: Invalid job id specified' >&2\n"
                "exit 1\n");
        f.close();
        QVERIFY(f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    }

private Q_SLOTS:
    void aContainersNamesComeInTheNextReadingAskedOnce()
    {
        FakeDaemon daemon(options().podmanSocket);
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        QVERIFY(!resolver.namesOf(podman()).container); // not yet: the reading does not wait
        QVERIFY(!resolver.namesOf(podman()).container); // pending: not asked twice
        QVERIFY(learned.wait(5000));
        QCOMPARE(daemon.requests, 1);
        const WorkloadNames n = resolver.namesOf(podman());
        QVERIFY(n.container);
        QCOMPARE(n.container->name, u"job1"_s);
        QCOMPARE(n.container->labels.value(u"gpuwarden.user"_s), u"alice"_s);
        QCOMPARE(resolver.namesOf(podman()).container, n.container);
        QCOMPARE(daemon.requests, 1); // cached
        // One the runtime does not know (ended): not asked again.
        const QString other(64, u'e');
        QVERIFY(!resolver.namesOf(podman(other)).container);
        QVERIFY(learned.wait(5000));
        QVERIFY(!resolver.namesOf(podman(other)).container);
        QTest::qWait(500);
        QVERIFY(!resolver.namesOf(podman(other)).container);
        QCOMPARE(daemon.requests, 2);
    }

    void aStalledRuntimeIsSaidOnceAndAskedAgainLater()
    {
        FakeDaemon daemon(options().podmanSocket);
        daemon.stall = true;
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        QSignalSpy warnings(&resolver, &OwnerResolver::warning);
        resolver.namesOf(podman());
        QVERIFY(learned.wait(5000));
        QCOMPARE(resolver.failed(), 1);
        QCOMPARE(warnings.size(), 1);
        QVERIFY2(warnings[0][0].toString().contains(u"no answer within 300 ms"_s),
                 qPrintable(warnings[0][0].toString()));
        resolver.namesOf(podman()); // within the retry time: not asked
        QCOMPARE(resolver.inFlight(), 0);
        QTest::qWait(450);
        daemon.stall = false;
        resolver.namesOf(podman()); // asked again
        QCOMPARE(resolver.inFlight(), 1);
        QVERIFY(learned.wait(5000));
        QVERIFY(resolver.namesOf(podman()).container);
        QCOMPARE(warnings.size(), 1); // said once
    }

    void noDaemonIsSaidOnce()
    {
        OwnerResolver resolver(options()); // nothing listens
        QSignalSpy warnings(&resolver, &OwnerResolver::warning);
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        resolver.namesOf(podman());
        QVERIFY(learned.wait(5000));
        resolver.namesOf(podman(QString(64, u'a')));
        QVERIFY(learned.wait(5000));
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings[0][0].toString(), u"container names are not available: "_s +
                                                options().podmanSocket +
                                                u": no such socket (is the daemon running?)"_s);
    }

    void aSlurmJobsNamesFromScontrol()
    {
        writeScontrol();
        OwnerResolver resolver(options());
        QSignalSpy learned(&resolver, &OwnerResolver::learned);
        QVERIFY(!resolver.namesOf(slurm(u"1"_s)).job);
        QVERIFY(learned.wait(5000));
        const WorkloadNames n = resolver.namesOf(slurm(u"1"_s));
        QVERIFY(n.job);
        QCOMPARE(n.job->user, u"gwbob"_s);
        QCOMPARE(n.job->account, u"vision"_s);
        // Unknown to Slurm (ended and purged): gone, no warning.
        QSignalSpy warnings(&resolver, &OwnerResolver::warning);
        resolver.namesOf(slurm(u"77"_s));
        QVERIFY(learned.wait(5000));
        QVERIFY(!resolver.namesOf(slurm(u"77"_s)).job);
        QCOMPARE(resolver.inFlight(), 0);
        QCOMPARE(warnings.size(), 0);
    }

    void goingWhileScontrolRunsCallsNothing()
    {
        writeScontrol("sleep 5\n");
        OwnerResolver::Options o = options();
        o.timeoutMs = 10'000;
        QElapsedTimer clock;
        clock.start();
        {
            OwnerResolver resolver(o);
            resolver.namesOf(slurm(u"1"_s));
            QCOMPARE(resolver.inFlight(), 1);
            QTest::qWait(200); // scontrol runs
        }                      // killed with the resolver; its end reaches no cache that is gone
        QVERIFY(clock.elapsed() < 3000);
    }

    void aMissingOrHangingScontrolIsSaid()
    {
        OwnerResolver::Options o = options();
        o.scontrol = m_dir.filePath(u"no-scontrol"_s);
        OwnerResolver missing(o);
        QSignalSpy said(&missing, &OwnerResolver::warning);
        missing.namesOf(slurm(u"1"_s));
        QVERIFY(said.wait(5000));
        QVERIFY2(said[0][0].toString().startsWith(u"Slurm job names are not available: "_s +
                                                  o.scontrol + u": "_s),
                 qPrintable(said[0][0].toString()));
        writeScontrol("sleep 5\n");
        OwnerResolver hanging(options());
        QSignalSpy hung(&hanging, &OwnerResolver::warning);
        QElapsedTimer clock;
        clock.start();
        hanging.namesOf(slurm(u"1"_s));
        QVERIFY(hung.wait(5000));
        QVERIFY(clock.elapsed() < 3000);
        QVERIFY2(hung[0][0].toString().contains(u"did not answer within 300 ms"_s),
                 qPrintable(hung[0][0].toString()));
    }
};

QTEST_GUILESS_MAIN(TestOwnerResolver)
#include "tst_ownerresolver.moc"
