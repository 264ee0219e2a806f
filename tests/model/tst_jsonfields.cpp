// JsonFields: every presence × type against a good value, a missing key, null
// and a value of the wrong type; integers (exact, limits), choices, unknown
// keys, the first mistake kept, and the path through nested objects and arrays.

#include "model/jsonfields.h"

#include <QJsonDocument>
#include <QTest>

#include <limits>

using namespace gw;
using namespace Qt::StringLiterals;
using P = JsonFields::Presence;

namespace {

QJsonObject parse(const char* text)
{
    return QJsonDocument::fromJson(QByteArray(text)).object();
}

// Reads `key` as `type` and gives what was read back as JSON (null for nothing).
QJsonValue readAs(JsonFields& f, const QString& type, const QString& key, P p)
{
    if (type == u"text") {
        const auto v = f.text(key, p);
        return v ? QJsonValue(*v) : QJsonValue();
    }
    if (type == u"number") {
        const auto v = f.number(key, p);
        return v ? QJsonValue(*v) : QJsonValue();
    }
    if (type == u"integer") {
        const auto v = f.integer(key, p);
        return v ? QJsonValue(*v) : QJsonValue();
    }
    if (type == u"boolean") {
        const auto v = f.boolean(key, p);
        return v ? QJsonValue(*v) : QJsonValue();
    }
    if (type == u"object") {
        const auto v = f.object(key, p);
        return v ? QJsonValue(*v) : QJsonValue();
    }
    if (type == u"array") {
        const auto v = f.array(key, p);
        return v ? QJsonValue(*v) : QJsonValue();
    }
    if (type == u"strings") {
        const auto v = f.strings(key, p);
        return v ? QJsonValue(QJsonArray::fromStringList(*v)) : QJsonValue();
    }
    if (type == u"numbers") {
        const auto v = f.numbers(key, p);
        if (!v)
            return QJsonValue();
        QJsonObject o;
        for (auto it = v->cbegin(); it != v->cend(); ++it)
            o.insert(it.key(), *it);
        return o;
    }
    qFatal("no such type");
}

struct Type
{
    const char* name;
    QJsonValue good;
    QJsonValue wrong;
    const char* expected;       // what Required and Optional say
    const char* expectedOrNull; // what Nullable and OptionalOrNull say
    const char* got;            // how `wrong` is named
};

} // namespace

class TestJsonFields : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void presenceByTypeByCase_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<int>("presence");
        QTest::addColumn<QJsonObject>("input");
        QTest::addColumn<QJsonValue>("read"); // what is read, null for nothing
        QTest::addColumn<QString>("error");   // empty: no mistake
        const QList<Type> types{
            {"text", QJsonValue(u"hi"_s), QJsonValue(3), "a string", "a string or null",
             "a number"},
            {"number", QJsonValue(2.5), QJsonValue(u"2.5"_s), "a number", "a number or null",
             "a string"},
            {"integer", QJsonValue(-42), QJsonValue(true), "an integer", "an integer or null",
             "a boolean"},
            {"boolean", QJsonValue(false), QJsonValue(0), "true or false", "true, false or null",
             "a number"},
            {"object", QJsonValue(QJsonObject{{u"a"_s, 1}}), QJsonValue(QJsonArray{}), "an object",
             "an object or null", "an array"},
            {"array", QJsonValue(QJsonArray{1, u"x"_s}), QJsonValue(QJsonObject{}), "an array",
             "an array or null", "an object"},
            {"strings", QJsonValue(QJsonArray{u"a"_s, u"b"_s}), QJsonValue(u"a"_s), "an array",
             "an array or null", "a string"},
            {"numbers", QJsonValue(QJsonObject{{u"alice"_s, 1.5}, {u"bob"_s, -2}}), QJsonValue(7),
             "an object", "an object or null", "a number"},
        };
        const QList<std::pair<P, const char*>> presences{{P::Required, "required"},
                                                         {P::Optional, "optional"},
                                                         {P::Nullable, "nullable"},
                                                         {P::OptionalOrNull, "optional-or-null"}};
        for (const Type& t : types)
            for (const auto& [p, pname] : presences) {
                const bool mayBeMissing = p == P::Optional || p == P::OptionalOrNull;
                const bool nullIsNothing = p == P::Nullable || p == P::OptionalOrNull;
                const QString expected =
                    QString::fromLatin1(nullIsNothing ? t.expectedOrNull : t.expected);
                auto row = [&](const char* what) {
                    return &(QTest::addRow("%s %s %s", t.name, pname, what)
                             << QString::fromLatin1(t.name) << int(p));
                };
                *row("good") << QJsonObject{{u"k"_s, t.good}} << t.good << QString();
                *row("missing") << QJsonObject{{u"other"_s, 1}} << QJsonValue()
                                << (mayBeMissing ? QString() : u"top.k: missing"_s);
                *row("null") << QJsonObject{{u"k"_s, QJsonValue()}} << QJsonValue()
                             << (nullIsNothing
                                     ? QString()
                                     : u"top.k: expected "_s + expected + u", got null"_s);
                *row("wrong type")
                    << QJsonObject{{u"k"_s, t.wrong}} << QJsonValue()
                    << u"top.k: expected "_s + expected + u", got "_s + QString::fromLatin1(t.got);
            }
    }
    void presenceByTypeByCase()
    {
        QFETCH(QString, type);
        QFETCH(int, presence);
        QFETCH(QJsonObject, input);
        QFETCH(QJsonValue, read);
        QFETCH(QString, error);
        QString got;
        JsonFields f(input, &got, u"top"_s);
        QCOMPARE(readAs(f, type, u"k"_s, P(presence)), read);
        QCOMPARE(f.ok(), error.isEmpty());
        QCOMPARE(got, error);
        QCOMPARE(f.error(), error);
    }

    void integersAreExactAndWithinLimits_data()
    {
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<qint64>("read"); // when error is empty
        QTest::addColumn<QString>("error");
        QTest::newRow("zero") << QJsonValue(0) << qint64(0) << QString();
        QTest::newRow("2^53") << QJsonValue(9007199254740992.0) << qint64(9007199254740992)
                              << QString();
        QTest::newRow("-2^53") << QJsonValue(-9007199254740992.0) << qint64(-9007199254740992)
                               << QString();
        QTest::newRow("beyond 2^53") << QJsonValue(9007199254740994.0) << qint64(0)
                                     << u"n: expected an integer, got 9007199254740994"_s;
        QTest::newRow("fraction") << QJsonValue(1.5) << qint64(0)
                                  << u"n: expected an integer, got 1.5"_s;
        QTest::newRow("1e300") << QJsonValue(1e300) << qint64(0)
                               << u"n: expected an integer, got 1.0000000000000001e+300"_s;
        QTest::newRow("infinite") << QJsonValue(std::numeric_limits<double>::infinity())
                                  << qint64(0) << u"n: expected an integer, got inf"_s;
        QTest::newRow("text") << QJsonValue(u"7"_s) << qint64(0)
                              << u"n: expected an integer, got a string"_s;
    }
    void integersAreExactAndWithinLimits()
    {
        QFETCH(QJsonValue, value);
        QFETCH(qint64, read);
        QFETCH(QString, error);
        QString got;
        JsonFields f(QJsonObject{{u"n"_s, value}}, &got);
        const auto n = f.integer(u"n"_s);
        QCOMPARE(got, error);
        QCOMPARE(n.has_value(), error.isEmpty());
        if (n)
            QCOMPARE(*n, read);
    }

    void integerLimitsAreSaid()
    {
        QString error;
        JsonFields low(parse(R"({"pid":0})"), &error, u"candidates[1]"_s);
        QVERIFY(!low.integer(u"pid"_s, P::Required, 1));
        QCOMPARE(error, u"candidates[1].pid: expected at least 1, got 0"_s);
        JsonFields high(parse(R"({"slices":1025})"), &error);
        QVERIFY(!high.integer(u"slices"_s, P::Optional, 0, 1024));
        QCOMPARE(error, u"slices: expected at most 1024, got 1025"_s);
        JsonFields edge(parse(R"({"slices":1024,"pid":1})"), &error);
        QCOMPARE(edge.integer(u"slices"_s, P::Optional, 0, 1024), qint64(1024));
        QCOMPARE(edge.integer(u"pid"_s, P::Required, 1), qint64(1));
        QVERIFY(edge.ok());
    }

    void numbersMustBeFinite()
    {
        QString error;
        JsonFields f(QJsonObject{{u"x"_s, -std::numeric_limits<double>::infinity()}}, &error);
        QVERIFY(!f.number(u"x"_s, P::OptionalOrNull));
        QCOMPARE(error, u"x: expected a number or null, got -inf"_s);
    }

    void elementsNameTheirIndex()
    {
        QString error;
        JsonFields s(parse(R"({"cut_off":["a",2]})"), &error, u"reply"_s);
        QVERIFY(!s.strings(u"cut_off"_s));
        QCOMPARE(error, u"reply.cut_off[1]: expected a string, got a number"_s);
        JsonFields m(parse(R"({"balances":{"alice":1,"bob":"2"}})"), &error);
        QVERIFY(!m.numbers(u"balances"_s));
        QCOMPARE(error, u"balances.bob: expected a number, got a string"_s);
    }

    void choiceAndNonEmpty()
    {
        QString error;
        JsonFields f(parse(R"({"mode":"auto","step":"","kind":"dialy","id":""})"), &error);
        QCOMPARE(f.choice(u"mode"_s, {u"off"_s, u"auto"_s}), u"auto"_s);
        QCOMPARE(f.choice(u"step"_s, {u"kill"_s, QString()}), QString());
        QCOMPARE(f.choice(u"absent"_s, {u"a"_s}, P::Optional), std::nullopt);
        QVERIFY(f.ok());
        QVERIFY(!f.choice(u"kind"_s, {u"grant"_s, u"daily"_s}));
        QCOMPARE(error, u"kind: \"dialy\" is not one of \"grant\", \"daily\""_s);
        JsonFields e(parse(R"({"id":""})"), &error, u"entries[0]"_s);
        QVERIFY(!e.nonEmptyText(u"id"_s));
        QCOMPARE(error, u"entries[0].id: must not be empty"_s);
    }

    void unknownKeysAreRefusedWhereAsked()
    {
        QString error;
        JsonFields f(parse(R"({"a":1,"colour":2})"), &error, u"x"_s);
        QVERIFY(f.ok()); // not refused until asked
        f.onlyKeys({u"a"_s, u"b"_s});
        QVERIFY(!f.ok());
        QCOMPARE(error, u"x.colour: unknown key (known: a, b)"_s);
        QVERIFY(!f.integer(u"a"_s)); // reads nothing once wrong
        QString none;
        QVERIFY(JsonFields(parse(R"({"a":1})"), &none).onlyKeys({u"a"_s}).ok());
        QVERIFY(none.isEmpty());
    }

    void theFirstMistakeIsKept()
    {
        QString error;
        JsonFields f(parse(R"({"a":"x","b":"y"})"), &error);
        QVERIFY(!f.integer(u"a"_s));
        QVERIFY(!f.integer(u"b"_s));
        f.fail(u"c"_s, u"later"_s);
        QCOMPARE(error, u"a: expected an integer, got a string"_s);
        QCOMPARE(f.error(), error);
    }

    void noErrorPointerStillSaysWhy()
    {
        JsonFields f(parse(R"({"a":true})"), nullptr, u"p"_s);
        QVERIFY(!f.text(u"a"_s));
        QCOMPARE(f.error(), u"p.a: expected a string, got a boolean"_s);
    }

    void pathsThroughNestedObjectsAndArrays()
    {
        // servers[i] read by a reader of its own; gaps counted from 7.
        const QJsonObject o = parse(R"({"servers":[{"url":"a","reachable":true},
                                                   {"url":"b","reachable":"yes"}],
                                       "audit":{"seq":"1"}, "gaps":[{"from":1}, 3]})");
        struct Server
        {
            QString url;
            bool reachable = false;
        };
        auto readServer = [](const QJsonObject& s, QString* error,
                             const QString& path) -> std::optional<Server> {
            JsonFields f(s, error, path);
            Server out;
            out.url = f.text(u"url"_s).value_or(QString());
            out.reachable = f.boolean(u"reachable"_s).value_or(false);
            return f.ok() ? std::optional(out) : std::nullopt;
        };
        QString error;
        JsonFields top(o, &error, u"reply"_s);
        QList<Server> servers;
        top.objects(u"servers"_s, P::Required, servers, readServer);
        QCOMPARE(servers.size(), 1);
        QCOMPARE(error, u"reply.servers[1].reachable: expected true or false, got a string"_s);

        JsonFields audit(o, &error);
        const auto seq = audit.objectOf(
            u"audit"_s, P::Required,
            [](const QJsonObject& a, QString* why, const QString& path) -> std::optional<qint64> {
                JsonFields f(a, why, path);
                return f.integer(u"seq"_s);
            });
        QVERIFY(!seq);
        QCOMPARE(error, u"audit.seq: expected an integer, got a string"_s);

        JsonFields gaps(o, &error);
        QList<qint64> froms;
        gaps.objects(
            u"gaps"_s, gaps.array(u"gaps"_s).value_or(QJsonArray()), froms,
            [](const QJsonObject& g, QString* why, const QString& path) {
                return JsonFields(g, why, path).integer(u"from"_s);
            },
            7);
        QCOMPARE(froms, QList<qint64>{1});
        QCOMPARE(error, u"gaps[8]: expected an object, got a number"_s);

        // A reader that says nothing is still named.
        JsonFields quiet(o, &error);
        QList<int> none;
        quiet.objects(u"servers"_s, P::Required, none,
                      [](const QJsonObject&, QString*, const QString&) -> std::optional<int> {
                          return std::nullopt;
                      });
        QCOMPARE(error, u"servers[0]: does not read"_s);
    }
};

QTEST_GUILESS_MAIN(TestJsonFields)
#include "tst_jsonfields.moc"
