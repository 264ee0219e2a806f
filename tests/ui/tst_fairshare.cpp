// Fair share on the desktop, per user and per account (issue 29): the JSON
// of /v1/info's users and accounts read back as written; FairShareModel's
// rows, words and updates (a reading a second changes cells, not the rows);
// the Tokens page's "Fair share" tab rendered at 1024 × 700 in a dark
// palette; and the real demo agent over loopback telling a desktop link its
// users' factors.

#include "agentcall.h"
#include "agentprocess.h"
#include "darkpalette.h"
#include "models/fairsharemodel.h"
#include "policy/policyservice.h"
#include "policy/policystatusjson.h"
#include "remote/agentlink.h"
#include "screenshotpath.h"
#include "sleepchild.h"
#include "window/fairshareview.h"

#include <QHeaderView>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

PolicyStatus status(const QString& server)
{
    PolicyStatus s;
    s.server = server;
    s.atMs = 1'790'000'000'000;
    s.users = {{u"alice"_s, 30, 15, 22.4, 12.5, 0.42}, {u"bob"_s, 100, 100, 3, 0.25, 0.97}};
    PolicyStatus::Account vision;
    vision.account = u"vision"_s;
    vision.users = {u"alice"_s, u"bob"_s};
    vision.decayedUsageHours = 12.75;
    vision.sharePercent = 40;
    vision.fairShareFactor = 0.58;
    PolicyStatus::Account students;
    students.account = u"students"_s;
    s.accounts = {students, vision};
    return s;
}

QString cell(const QAbstractItemModel& m, int row, int column)
{
    return m.index(row, column).data().toString();
}

} // namespace

class TestFairShare : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void theInfoJsonReadsBackAsWritten();
    void eachServersUsersAndAccountsAreRows();
    void theTabShowsThemAndSaysWhyItIsEmpty();
    void theDemoAgentTellsALinkItsFactors();
};

void TestFairShare::theInfoJsonReadsBackAsWritten()
{
    const PolicyStatus s = status(u"node-a"_s);
    const PolicyStatus back = policyStatusSharesFromJson(policyStatusSharesJson(s), u"node-a"_s, 7);
    QCOMPARE(back.users, s.users);
    QCOMPARE(back.accounts.size(), 2);
    QCOMPARE(back.accounts, (QList<PolicyStatus::Account>{s.accounts[0], s.accounts[1]}));
    QVERIFY(!back.accounts[0].fairShareFactor); // no share: no factor, null on the wire
    QCOMPARE(back.atMs, 7);
    // Mistyped entries are skipped or left at their defaults, never a crash.
    const QJsonObject odd{
        {u"users"_s,
         QJsonObject{{u"carol"_s, 3}, {u"dan"_s, QJsonObject{{u"fair_share_factor"_s, u"x"_s}}}}},
        {u"accounts"_s, QJsonArray{1, 2}}};
    const PolicyStatus parsed = policyStatusSharesFromJson(odd, u"n"_s, 0);
    // dan's factor is not a number: he is left out, not shown with a factor of 1.
    QVERIFY(parsed.users.isEmpty());
    QVERIFY(parsed.accounts.isEmpty());
    const QJsonObject older{
        {u"users"_s, QJsonObject{{u"erin"_s, QJsonObject{{u"quota_percent"_s, 30},
                                                         {u"share_percent"_s, 12}}}}}};
    QVERIFY(policyStatusSharesFromJson(older, u"n"_s, 0).users.isEmpty());
}

void TestFairShare::eachServersUsersAndAccountsAreRows()
{
    FairShareModel m;
    QSignalSpy resets(&m, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&m, &QAbstractItemModel::dataChanged);
    m.setServerStatus(u"node-b"_s, status(u"ignored"_s));
    m.setStatus(status(u"node-a"_s));
    QCOMPARE(m.rowCount(), 8);
    // node-a first; on it the accounts, then the users, by name.
    QCOMPARE(cell(m, 0, FairShareModel::ServerColumn), u"node-a"_s);
    QCOMPARE(cell(m, 0, FairShareModel::WhoColumn), u"account students"_s);
    QCOMPARE(cell(m, 0, FairShareModel::QuotaColumn), u"—"_s);
    QCOMPARE(cell(m, 0, FairShareModel::FactorColumn), u"—"_s);
    QCOMPARE(cell(m, 1, FairShareModel::WhoColumn), u"account vision"_s);
    QCOMPARE(cell(m, 1, FairShareModel::QuotaColumn), u"40 %"_s);
    QCOMPARE(cell(m, 1, FairShareModel::UsageColumn), u"12.8 h"_s);
    QCOMPARE(cell(m, 1, FairShareModel::FactorColumn), u"0.58"_s);
    QVERIFY(m.index(1, FairShareModel::WhoColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .endsWith(u"alice, bob"_s));
    QCOMPARE(cell(m, 2, FairShareModel::WhoColumn), u"alice"_s);
    QCOMPARE(cell(m, 2, FairShareModel::QuotaColumn), u"30 % (now 15 %)"_s);
    QCOMPARE(cell(m, 2, FairShareModel::ShareColumn), u"22 %"_s);
    QCOMPARE(cell(m, 3, FairShareModel::UsageColumn), u"15.0 min"_s); // under an hour
    QCOMPARE(cell(m, 4, FairShareModel::ServerColumn), u"node-b"_s);
    QCOMPARE(resets.size(), 2);

    // The next reading: new figures, the same rows: cells change.
    PolicyStatus next = status(u"node-a"_s);
    next.users[0].fairShareFactor = 0.40;
    m.setStatus(next);
    QCOMPARE(resets.size(), 2);
    QCOMPARE(changes.size(), 1);
    QCOMPARE(cell(m, 2, FairShareModel::FactorColumn), u"0.40"_s);
    m.setStatus(next); // nothing new: nothing said
    QCOMPARE(changes.size(), 1);
    // A new user is a new row.
    next.users << PolicyStatus::User{u"carol"_s, 100, 100, 0, 0, 1};
    m.setStatus(next);
    QCOMPARE(resets.size(), 3);
    QCOMPARE(m.rowCount(), 9);
    m.removeServer(u"node-b"_s);
    QCOMPARE(m.rowCount(), 5);
    QCOMPARE(m.newestMs(), 1'790'000'000'000);
}

void TestFairShare::theTabShowsThemAndSaysWhyItIsEmpty()
{
    FairShareModel m;
    FairShareView view(&m);
    QVERIFY(view.stateText().startsWith(u"No fair share yet"_s));
    m.setStatus(status(u"gpu-lab-01"_s));
    m.setStatus(status(u"gpu-lab-02"_s));
    QVERIFY(view.stateText().startsWith(u"Every server's users and accounts"_s));
    // Lowest factor first.
    QCOMPARE(view.table()->model()->index(0, FairShareModel::FactorColumn).data().toString(),
             u"0.42"_s);
    view.setPalette(test::darkPalette());
    view.setAutoFillBackground(true);
    view.resize(1024, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // Every column fits the width at 1024.
    int width = 0;
    for (int c = 0; c < FairShareModel::ColumnCount; ++c)
        width += view.table()->horizontalHeader()->sectionSize(c);
    QVERIFY2(width <= view.table()->viewport()->width() + 1, qPrintable(QString::number(width)));
    QVERIFY(view.grab().save(test::screenshotPath(u"fair-share-tab.png"_s)));
}

void TestFairShare::theDemoAgentTellsALinkItsFactors()
{
    QTemporaryDir dir;
    const QString config = dir.filePath(u"agent.toml"_s);
    test::writeTestFile(config, "[[token]]\nname = \"r\"\nsha256 = \"" + test::tokenHash("r") +
                                    "\"\nscope = \"read\"\n");
    QProcess agent;
    const quint16 port = test::startDemoAgent(agent, QStringLiteral(GW_AGENT), config);
    QVERIFY2(port, agent.readAllStandardError().constData());
    QNetworkAccessManager nam;
    AgentLink link(RemoteServer(u"lab-1"_s, QUrl(u"http://127.0.0.1:%1"_s.arg(port)), "r"), &nam);
    QSignalSpy told(&link, &AgentLink::fairShareReceived);
    link.start();
    QTRY_VERIFY_WITH_TIMEOUT(!told.isEmpty(), 20'000);
    const auto s = told.at(0).at(1).value<PolicyStatus>();
    QCOMPARE(told.at(0).at(0).toString(), u"lab-1"_s);
    QCOMPARE(s.server, u"lab-1"_s); // filed under the name it is watched by
    QVERIFY(!s.users.isEmpty());
    for (const PolicyStatus::User& u : s.users)
        QVERIFY2(u.fairShareFactor > 0 && u.fairShareFactor <= 1, qPrintable(u.user));
    FairShareModel m;
    m.setServerStatus(u"lab-1"_s, s);
    QCOMPARE(m.rowCount(), s.users.size() + s.accounts.size());
    link.stop();
    agent.terminate();
    agent.waitForFinished(10'000);
}

QTEST_MAIN(TestFairShare)
#include "tst_fairshare.moc"
