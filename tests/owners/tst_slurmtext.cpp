// Slurm's tools as the owner lookup reads them: real `scontrol` output of a
// one-node Slurm 22.05 (fixtures/slurm/README.md) and a GPU job's -d line
// from scontrol(1), and lines that must be refused with a reason.
#include "owners/slurmtext.h"
#include "ownertests.h"

#include <QFile>
#include <QTest>

using namespace gw::owners;
using namespace Qt::StringLiterals;

namespace {

QByteArray fixture(const QString& name)
{
    return gw::test::ownerFixture(u"slurm/"_s + name);
}

} // namespace

class TestSlurmText : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aRealRunningJob()
    {
        QString error;
        const auto job = parseScontrolJob(fixture(u"show-job-1-running.txt"_s), &error);
        QVERIFY2(job, qPrintable(error));
        QCOMPARE(job->jobId, u"1"_s);
        QCOMPARE(job->name, u"wrap"_s);
        QCOMPARE(job->user, u"gwbob"_s);
        QCOMPARE(job->uid, std::optional<uint>(1001));
        QCOMPARE(job->account, u"vision"_s);
        QCOMPARE(job->partition, u"debug"_s);
        QCOMPARE(job->state, u"RUNNING"_s);
        QCOMPARE(job->nodeList, u"vm"_s);
        QVERIFY(!job->gpuCount); // TRES names no gres/gpu
        QVERIFY(job->gpuIndices.isEmpty());
    }

    void aRealJobWithoutAccountHasNone()
    {
        QString error;
        const auto job = parseScontrolJob(fixture(u"show-job-2-noaccount.txt"_s), &error);
        QVERIFY2(job, qPrintable(error));
        QCOMPARE(job->account, QString()); // "(null)" is no account, not one named so
    }

    void aRealCancelledJob()
    {
        QString error;
        const auto job = parseScontrolJob(fixture(u"show-job-1-cancelled.txt"_s), &error);
        QVERIFY2(job, qPrintable(error));
        QCOMPARE(job->state, u"CANCELLED"_s);
    }

    void aGpuJobsDetailLineNamesItsGpus()
    {
        QString error;
        const auto job = parseScontrolJob(fixture(u"show-job-57-gpus-d.txt"_s), &error);
        QVERIFY2(job, qPrintable(error));
        QCOMPARE(job->user, u"bob"_s);
        QCOMPARE(job->account, u"vision"_s);
        QCOMPARE(job->partition, u"gpu"_s);
        QCOMPARE(job->gpuCount, std::optional<int>(2));
        QCOMPARE(job->gpuIndices, (QList<int>{1, 3}));
    }

    void theErrorOfAnUnknownJobIsNoJob()
    {
        QString error;
        QVERIFY(!parseScontrolJob(fixture(u"show-job-999-missing.txt"_s), &error));
        QVERIFY2(
            error.startsWith(u"scontrol: no JobId in \"slurm_load_jobs error: Invalid job id"_s),
            qPrintable(error));
    }

    void aUserIdNotNameAndUidIsRefused()
    {
        QString error;
        QVERIFY(!parseScontrolJob("JobId=5 UserId=bob Account=x", &error));
        QCOMPARE(error, u"scontrol: job 5: UserId \"bob\" is not name(uid)"_s);
        QVERIFY(!parseScontrolJob("JobId=5 UserId=bob(x) Account=x", &error));
        QVERIFY(!parseScontrolJob("JobId=5x UserId=bob(1)", &error));
        QCOMPARE(error, u"scontrol: JobId \"5x\" is not a number"_s);
    }

    void realListPids()
    {
        QStringList warnings;
        QCOMPARE(parseListPids(fixture(u"listpids-1.txt"_s), &warnings),
                 (QList<SlurmPid>{{30590, u"1"_s, u"batch"_s}, {30591, u"1"_s, u"batch"_s}}));
        const auto step0 = parseListPids(fixture(u"listpids-2-step0.txt"_s), &warnings);
        QCOMPARE(step0.size(), 4);
        QCOMPARE(step0.last(), (SlurmPid{31168, u"2"_s, u"0"_s}));
        QVERIFY(parseListPids(fixture(u"listpids-999.txt"_s), &warnings).isEmpty());
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
    }

    void aListPidsRowOfWordsIsSaidAndSkipped()
    {
        QStringList warnings;
        const auto rows = parseListPids(
            "PID JOBID STEPID LOCALID GLOBALID\nabc 1 batch 0 0\n77 2 0 0 0\n", &warnings);
        QCOMPARE(rows, (QList<SlurmPid>{{77, u"2"_s, u"0"_s}}));
        QCOMPARE(warnings.size(), 1);
        QVERIFY(warnings[0].startsWith(u"scontrol listpids: line 2 is not"_s));
    }

    void indexLists()
    {
        QCOMPARE(parseIndexList(u"0,2-3"), (std::optional<QList<int>>(QList<int>{0, 2, 3})));
        QCOMPARE(parseIndexList(u"5"), (std::optional<QList<int>>(QList<int>{5})));
        QVERIFY(!parseIndexList(u"3-1"));
        QVERIFY(!parseIndexList(u"0-99999"));
        QVERIFY(!parseIndexList(u"a"));
        QVERIFY(!parseIndexList(u""));
    }
};

QTEST_GUILESS_MAIN(TestSlurmText)
#include "tst_slurmtext.moc"
