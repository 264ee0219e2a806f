#pragma once

// What tst_agentkeeper and tst_agentkeeperprom share: in-process agents on
// real loopback ports, each with its own journal in one temporary folder,
// one clock, readings by phase, and the calls a keeper's test makes.

#include "../tokens/tokenreadings.h"
#include "agent/agentconfig.h"
#include "agent/agentserver.h"
#include "agent/keeperlink.h"
#include "agent/tokendesk.h"
#include "journal/agentjournal.h"
#include "tokens/ledger.h"
#include "tokens/tokensjson.h"
#include "tokens/usage.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>

namespace keepertest {

using namespace gw;
using namespace gw::test;

inline const QByteArray kRead = "r3ad";
inline const QString kKeeper = QStringLiteral("node-1");
inline const QString kNode2 = QStringLiteral("node-2");
inline const QString kNode3 = QStringLiteral("node-3");

inline PolicyConfig policy()
{
    PolicyConfig p;
    p.tokens.enabled = true;
    p.tokens.prices = {{QStringLiteral("RTX 2080"), 0.5, 12},
                       {QStringLiteral("RTX 3090"), 1, 13},
                       {QStringLiteral("RTX A6000"), 4, 14}};
    p.tokens.timeZone = QStringLiteral("Europe/Berlin");
    return p;
}

// The GPU and user each server has in these tests.
struct Holder
{
    QString user;
    QString model;
    int gpus;
};

inline Holder holderOf(const QString& server)
{
    if (server == kNode2)
        return {QStringLiteral("bob"), QStringLiteral("NVIDIA GeForce RTX 3090"), 2};
    if (server == kNode3)
        return {QStringLiteral("carol"), QStringLiteral("NVIDIA RTX A6000"), 1};
    return {QStringLiteral("alice"), QStringLiteral("NVIDIA GeForce RTX 2080 Ti"), 4};
}

// Phase k: two hours of use from 09:00 + 2k h on 2026-11-03, then a reading
// with nothing held at the end that closes the second hour. `as` names the
// server in the readings (a peer misconfigured to another's name).
inline QList<Snapshot> phase(const QString& server, int k, const QString& as = {})
{
    const Holder h = holderOf(server);
    const QString name = as.isEmpty() ? server : as;
    QList<Snapshot> r = holding(name, h.user, h.model, h.gpus, utcMs(2026, 11, 3, 9 + 2 * k, k > 0),
                                k > 0 ? 119 : 120);
    r << reading(name, utcMs(2026, 11, 3, 11 + 2 * k), 60'000);
    return r;
}

inline bool factLess(const UsageFact& a, const UsageFact& b)
{
    return UsageMeter::Key::of(a) < UsageMeter::Key::of(b);
}

inline QList<UsageFact> sorted(QList<UsageFact> facts)
{
    std::sort(facts.begin(), facts.end(), factLess);
    return facts;
}

inline QList<UsageFact> ofServer(const QList<UsageFact>& facts, const QString& server)
{
    QList<UsageFact> out;
    for (const UsageFact& f : facts)
        if (f.server == server)
            out << f;
    return sorted(out);
}

struct Reply
{
    int status = 0;
    QByteArray body;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

inline QJsonObject serverEntry(const QJsonObject& balances, const QString& url)
{
    for (const QJsonValue& v : balances[QStringLiteral("servers")].toArray())
        if (v[QStringLiteral("url")].toString() == url)
            return v.toObject();
    return {};
}

// The agents of a test and what they are asked, over loopback.
class KeeperTestBase : public QObject
{
protected:
    QTemporaryDir m_dir;
    QNetworkAccessManager m_nam;
    qint64 m_now = 0;
    std::unique_ptr<AgentServer> m_keeper, m_node2, m_node3, m_relay;
    quint16 m_port2 = 0, m_port3 = 0;

    QString journalOf(const QString& name) const
    {
        return m_dir.filePath(name + QStringLiteral(".db"));
    }
    static QString url(quint16 port) { return QStringLiteral("http://127.0.0.1:%1").arg(port); }

    std::unique_ptr<AgentServer> start(const QString& name, quint16 port, TokenKeeping keeping = {},
                                       bool journal = true, const QString& tlsDir = {})
    {
        AgentConfig c;
        if (!tlsDir.isEmpty()) {
            c.tlsCertificate = tlsDir + QStringLiteral("/agent.crt");
            c.tlsKey = tlsDir + QStringLiteral("/agent.key");
        }
        c.port = port;
        c.serverName = name;
        c.requestsPerSecond = 10'000;
        c.burst = 10'000;
        c.tokens = {{QStringLiteral("reader"), sha256(kRead), TokenScope::Read}};
        c.keeping = std::move(keeping);
        auto s = std::make_unique<AgentServer>(c);
        s->setClock([this] { return m_now; });
        if (journal) {
            QString error;
            auto j = AgentJournal::open(journalOf(name), &error);
            if (!j)
                qFatal("%s", qPrintable(error));
            s->attachJournal(std::move(j));
        }
        s->attachPolicy(nullptr, policy(), {});
        QString error;
        if (!s->listen(&error))
            qFatal("%s", qPrintable(error));
        return s;
    }

    TokenKeeping keeperOf(QList<quint16> ports)
    {
        TokenKeeping k;
        for (quint16 p : ports)
            k.peers << TokenSource{url(p), QStringLiteral("t"), kRead, {}, QStringLiteral("test")};
        return k;
    }

    void startAll()
    {
        m_node2 = start(kNode2, m_port2);
        m_node3 = start(kNode3, m_port3);
        m_port2 = m_node2->port();
        m_port3 = m_node3->port();
        m_keeper = start(kKeeper, 0, keeperOf({m_port2, m_port3}));
    }

    void publish(AgentServer& s, const QList<Snapshot>& readings)
    {
        for (const Snapshot& r : readings) {
            m_now = r.timestampMs;
            s.publish(r);
        }
    }

    // A round of the link, waited for.
    bool poll(AgentServer& s)
    {
        s.keeperLink()->pollNow();
        QElapsedTimer t;
        t.start();
        while (s.keeperLink()->busy() && t.elapsed() < 15'000)
            QTest::qWait(5);
        return !s.keeperLink()->busy();
    }

    Reply call(quint16 port, const QString& path)
    {
        QNetworkRequest req(QUrl(url(port) + path));
        req.setRawHeader("Authorization", "Bearer " + kRead);
        QNetworkReply* r = m_nam.get(req);
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

    QList<UsageFact> servedFacts(quint16 port)
    {
        QList<UsageFact> out;
        quint64 after = 0;
        for (;;) {
            const Reply r = call(port, QStringLiteral("/v1/usage?after=%1").arg(after));
            const QJsonArray items = r.json()[QStringLiteral("usage")].toArray();
            if (r.status != 200 || items.isEmpty())
                return out;
            for (const QJsonValue& v : items) {
                QJsonObject o = v.toObject();
                after = quint64(o.take(QStringLiteral("sequence")).toInteger());
                QString error;
                if (const auto f = usageFactFromJson(o, &error))
                    out << *f;
            }
        }
    }

    // The books a single keeper of every fact would keep.
    QMap<QString, double> expectedBalances(const QList<UsageFact>& facts)
    {
        QSet<QString> models;
        for (const UsageFact& f : facts)
            models << f.gpuModel;
        return buildBooks(facts, policy().tokens, utcMs(2026, 11, 3, 9), m_now + 1, {}, models)
            .balances;
    }

    QMap<QString, double> balancesOf(const QJsonObject& o)
    {
        QMap<QString, double> out;
        const QJsonObject b = o[QStringLiteral("balances")].toObject();
        for (auto it = b.begin(); it != b.end(); ++it)
            out.insert(it.key(), it.value().toDouble());
        return out;
    }
};

} // namespace keepertest
