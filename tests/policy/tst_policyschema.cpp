// The schema table of policy.toml against what is written about it: the key
// tables of docs/policies.md (name, type, default, range, unit of every key,
// each once, in its section), the parser (every default reads back, every
// plain key's range is enforced at its edges) and the JSON→TOML writer.
#include "policy/policyconfig.h"
#include "policy/policyevent.h"
#include "policy/policyschema.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

QString cell(QString text)
{
    text = text.trimmed();
    if (text.size() >= 2 && text.startsWith(u'`') && text.endsWith(u'`'))
        text = text.mid(1, text.size() - 2);
    return text;
}

// How the docs name a key: `threshold_percent`, or `[quota.users]` for a table.
QString docName(const gw::PolicySection& s, const gw::PolicyKey& k)
{
    if (k.type == gw::PolicyKeyType::AccountTables || k.type == gw::PolicyKeyType::ContactTables)
        return u"[%1.NAME]"_s.arg(QLatin1String(s.name));
    return k.isTable() ? u"[%1.%2]"_s.arg(QLatin1String(s.name), QLatin1String(k.name))
                       : QString::fromLatin1(k.name);
}

// The default as the docs write it: the TOML the writer gives, or "none".
QString docDefault(const gw::PolicyKey& k)
{
    const QJsonValue v = k.get(gw::PolicyConfig{});
    if (v.isUndefined() || (k.isTable() && v.toArray().isEmpty()))
        return u"none"_s;
    return QString::fromUtf8(gw::policyTomlValue(v));
}

// Every disagreement between the markdown's key tables (under "## [section]",
// header "| key | type | default | range | unit | meaning |") and the schema.
QStringList disagreements(const QString& markdown)
{
    static const QRegularExpression heading(uR"(^## \[([a-z_]+)\])"_s);
    QHash<QString, QHash<QString, QStringList>> documented; // section → key → cells
    QStringList out;
    QString section;
    bool inTable = false;
    for (const QString& line : markdown.split(u'\n')) {
        if (const auto m = heading.match(line); m.hasMatch()) {
            section = m.captured(1);
            inTable = false;
            continue;
        }
        if (line.startsWith(u"## "_s)) {
            section.clear();
            continue;
        }
        if (!line.startsWith(u'|')) {
            inTable = false;
            continue;
        }
        QStringList cells = line.split(u'|');
        cells = cells.mid(1, cells.size() - 2);
        if (cells.size() == 6 && cells[0].trimmed() == u"key" && cells[1].trimmed() == u"type") {
            inTable = !section.isEmpty();
            continue;
        }
        if (!inTable || cells.value(0).trimmed().startsWith(u"---"_s))
            continue;
        const QString key = cell(cells.value(0));
        if (documented[section].contains(key))
            out << u"[%1] %2 is documented twice"_s.arg(section, key);
        documented[section].insert(key, cells);
    }
    for (const gw::PolicySection& s : gw::policySchema()) {
        const QString name = QString::fromLatin1(s.name);
        auto rows = documented.take(name);
        for (const gw::PolicyKey& k : s.keys) {
            const QString key = docName(s, k);
            if (!rows.contains(key)) {
                out << u"[%1] %2 is not documented"_s.arg(name, key);
                continue;
            }
            const QStringList cells = rows.take(key);
            const auto expect = [&](int column, const QString& what, const QString& want) {
                if (cell(cells.value(column)) != want)
                    out << u"[%1] %2: the docs say %3 %4, the schema %5"_s.arg(
                        name, key, what, cell(cells.value(column)), want);
            };
            expect(1, u"type"_s, gw::policyKeyTypeName(k.type));
            expect(2, u"default"_s, docDefault(k));
            expect(3, u"range"_s, gw::policyKeyRange(k));
            expect(4, u"unit"_s, QString::fromUtf8(k.unit));
        }
        for (auto it = rows.cbegin(); it != rows.cend(); ++it)
            out << u"[%1] %2 is documented but not in the schema"_s.arg(name, it.key());
    }
    for (auto it = documented.cbegin(); it != documented.cend(); ++it)
        if (!it.value().isEmpty())
            out << u"[%1] is documented but not in the schema"_s.arg(it.key());
    return out;
}

QString policiesPage()
{
    QFile f(QStringLiteral(GW_DOCS_DIR "/policies.md"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

} // namespace

class TestPolicySchema : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void docsKeyTablesAgreeWithTheSchema()
    {
        const QString page = policiesPage();
        QVERIFY(!page.isEmpty());
        const QStringList problems = disagreements(page);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void docsCheckFailsOnEveryKindOfDisagreement_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("problem");
        QTest::newRow("default")
            << u"| `threshold_percent` | number | `80` |"_s
            << u"| `threshold_percent` | number | `90` |"_s
            << u"[hog] threshold_percent: the docs say default 90, the schema 80"_s;
        QTest::newRow("type") << u"| `alert` | boolean |"_s << u"| `alert` | number |"_s
                              << u"[hog] alert: the docs say type number, the schema boolean"_s;
        QTest::newRow("range") << u"| `duration` | duration | `\"10m\"` | 1s–7d |"_s
                               << u"| `duration` | duration | `\"10m\"` | 1s–1d |"_s
                               << u"[hog] duration: the docs say range 1s–1d, the schema 1s–7d"_s;
        QTest::newRow("unit")
            << u"| `min_memory_mib` | whole number | `1024` | 0–16777216 | MiB |"_s
            << u"| `min_memory_mib` | whole number | `1024` | 0–16777216 | GiB |"_s
            << u"[idle] min_memory_mib: the docs say unit GiB, the schema MiB"_s;
        QTest::newRow("missing") << u"| `scope` |"_s << u"| `scope_of` |"_s
                                 << u"[hog] scope is not documented"_s;
    }
    void docsCheckFailsOnEveryKindOfDisagreement()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, problem);
        QString page = policiesPage();
        QVERIFY2(page.contains(from), qPrintable(from));
        page.replace(from, to);
        QVERIFY2(disagreements(page).contains(problem),
                 qPrintable(disagreements(page).join(u'\n')));
    }

    void everyDefaultReadsBackFromTheWriter()
    {
        gw::PolicyConfig withTokens;
        withTokens.tokens.enabled = true;
        for (const gw::PolicyConfig& c : {gw::PolicyConfig{}, withTokens}) {
            const QByteArray toml = gw::policyTomlFromJson(gw::policyToJson(c));
            const gw::PolicyParseResult r = gw::parsePolicy(toml, u"p"_s);
            QVERIFY2(r.config, qPrintable(r.errors.join(u'\n') + u'\n' + QString::fromUtf8(toml)));
            QVERIFY(*r.config == c);
        }
    }

    void everyNumberKeyIsRefusedJustOutsideItsRange()
    {
        for (const gw::PolicySection& s : gw::policySchema()) {
            for (const gw::PolicyKey& k : s.keys) {
                if (k.type != gw::PolicyKeyType::Number && k.type != gw::PolicyKeyType::Integer &&
                    k.type != gw::PolicyKeyType::WholeNumber)
                    continue;
                for (double v : {k.min - 1, k.max + 1}) {
                    const QByteArray toml = "[" + QByteArray(s.name) + "]\n" + k.name + " = " +
                                            QByteArray::number(v, 'g', 17) + '\n';
                    const gw::PolicyParseResult r = gw::parsePolicy(toml, u"p"_s);
                    QVERIFY2(!r.config && r.errors.size() == 1 && r.errors[0].startsWith(u"p:2:"_s),
                             toml.constData());
                }
                const QByteArray edge = "[" + QByteArray(s.name) + "]\n" + k.name + " = " +
                                        QByteArray::number(k.max, 'g', 17) + '\n';
                const gw::PolicyParseResult r = gw::parsePolicy(edge, u"p"_s);
                QVERIFY2(r.config, qPrintable(r.errors.join(u'\n')));
                QCOMPARE(k.get(*r.config).toDouble(), k.max);
            }
        }
    }

    void everyEventKindHasOneRowInTheEnumsOrder()
    {
        const QList<gw::PolicyEventKindInfo>& kinds = gw::policyEventKinds();
        QCOMPARE(kinds.size(), 6);
        QSet<QString> names, letters;
        QSet<quint32> colours;
        for (qsizetype i = 0; i < kinds.size(); ++i) {
            const gw::PolicyEventKindInfo& k = kinds[i];
            QCOMPARE(int(k.kind), int(i));
            QCOMPARE(&gw::policyEventKindInfo(k.kind), &k);
            QCOMPARE(gw::policyEventKindFromName(gw::policyEventKindName(k.kind)), k.kind);
            names << QLatin1String(k.name);
            letters << QLatin1String(k.letter);
            colours << k.lightRgb << k.darkRgb;
            gw::PolicyEvent e;
            e.kind = k.kind;
            e.server = u"node-1"_s;
            e.user = u"alice"_s;
            e.gpuIndex = 3;
            // A GPU's fault is about the GPU, the others about their owner.
            QVERIFY(gw::policyEventText(e).contains(k.health ? u"node-1 GPU 3"_s : u"alice"_s));
        }
        QCOMPARE(names, (QSet<QString>{u"hog"_s, u"idle"_s, u"fair_share"_s, u"gpu_health"_s,
                                       u"xid"_s, u"over_cap"_s}));
        QCOMPARE(letters.size(), kinds.size()); // a bar's letter tells the kind apart
        QCOMPARE(colours.size(), 2 * kinds.size());
        QCOMPARE(gw::policyEventKindFromName(u"hogs"_s), std::nullopt);
    }

    void unknownJsonKeysAreWrittenAfterTheKnownOnes()
    {
        QJsonObject hog = gw::policyToJson(gw::PolicyConfig{})[u"hog"_s].toObject();
        hog.insert(u"a_new_key"_s, 3);
        const QByteArray toml = gw::policyTomlFromJson(QJsonObject{{u"hog"_s, hog}});
        QCOMPARE(toml, QByteArray("[hog]\nthreshold_percent = 80\nduration = \"10m\"\nscope = "
                                  "\"process\"\nalert = true\na_new_key = 3\n"));
        // … so the parser names it, where a newer agent has a key this side lacks.
        QVERIFY(gw::parsePolicy(toml, u"p"_s).errors.value(0).contains(u"unknown key"_s));
    }
};

QTEST_GUILESS_MAIN(TestPolicySchema)
#include "tst_policyschema.moc"
