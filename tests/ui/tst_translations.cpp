// The translations (translations/README.md, issue 30): German and Simplified
// Chinese complete, each placeholder and accelerator of a source in its
// translation, the plural forms each language has, no source text built by
// concatenation, the .ts files current with the code (lupdate run on copies
// finds nothing new and nothing gone), and the real desktop speaking the
// language the settings chose, else the system's; dates in the locale's
// form.

#include "common/datetimetext.h"

#include <QDateTime>
#include <QDirIterator>
#include <QFile>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace gw;
using namespace Qt::StringLiterals;

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type;             // the translation's type attribute
    QStringList translations; // one, or one per plural form
    QString key() const { return context + u'\x1f' + source + u'\x1f' + comment; }
};

QList<Message> readTs(const QString& path, QString* language, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = path + u": "_s + f.errorString();
        return {};
    }
    QXmlStreamReader xml(&f);
    QList<Message> out;
    QString context;
    Message msg;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == u"TS"_s) {
                *language = xml.attributes().value(u"language"_s).toString();
            } else if (name == u"name"_s) {
                context = xml.readElementText();
            } else if (name == u"message"_s) {
                msg = Message{};
                msg.context = context;
                msg.numerus = xml.attributes().value(u"numerus"_s) == u"yes"_s;
            } else if (name == u"source"_s) {
                msg.source = xml.readElementText();
            } else if (name == u"comment"_s) {
                msg.comment = xml.readElementText();
            } else if (name == u"translation"_s) {
                msg.type = xml.attributes().value(u"type"_s).toString();
                if (!msg.numerus)
                    msg.translations << xml.readElementText();
            } else if (name == u"numerusform"_s) {
                msg.translations << xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == u"message"_s) {
            out << msg;
        }
    }
    if (xml.hasError()) {
        *error = u"%1:%2: %3"_s.arg(path).arg(xml.lineNumber()).arg(xml.errorString());
        return {};
    }
    return out;
}

// %1 … %99, %L1, %n, %Ln, sorted: a multiset to compare.
QStringList placeholders(const QString& text)
{
    static const QRegularExpression re(u"%L?(?:[1-9][0-9]?|n)"_s);
    QStringList out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out << it.next().captured();
    out.sort();
    return out;
}

// An accelerator: a '&' before a character other than '&' (and not "&&").
bool hasAccelerator(const QString& text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != u'&')
            continue;
        if (text[i + 1] == u'&') {
            ++i;
            continue;
        }
        if (!text[i + 1].isSpace())
            return true;
    }
    return false;
}

// Every source file of the programs (core, ui, cli, app): path below the
// source folder and text.
QList<std::pair<QString, QString>> programSources()
{
    QList<std::pair<QString, QString>> out;
    for (const char* root : {"core", "ui", "cli", "app"}) {
        QDirIterator it(QStringLiteral(GW_SOURCE_DIR "/") + QLatin1String(root),
                        {u"*.cpp"_s, u"*.h"_s}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.open(QIODevice::ReadOnly))
                out.append({it.filePath().mid(int(qstrlen(GW_SOURCE_DIR)) + 1),
                            QString::fromUtf8(f.readAll())});
        }
    }
    return out;
}

QString tsPath(const QString& language)
{
    return QStringLiteral(GW_SOURCE_DIR "/translations/gpuwarden_") + language + u".ts"_s;
}

// The plural forms Qt gives a language.
int pluralForms(const QString& tsLanguage)
{
    return tsLanguage.startsWith(u"zh"_s) ? 1 : 2;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Dates and clock times in the locale's form, the year in full; ISO 8601
    // without a locale (the C locale the tests run in).
    void datesFollowTheLocale()
    {
        const QDateTime at(QDate(2026, 11, 29), QTime(14, 5, 9));
        const QLocale before;
        QCOMPARE(dateTimeText(at), u"2026-11-29 14:05"_s);
        QCOMPARE(dateTimeText(at, ClockPrecision::Seconds), u"2026-11-29 14:05:09"_s);
        QLocale::setDefault(QLocale(u"de_DE"_s));
        QCOMPARE(dateTimeText(at), u"29.11.2026 14:05"_s);
        QCOMPARE(clockText(at, ClockPrecision::Seconds), u"14:05:09"_s);
        QLocale::setDefault(QLocale(u"zh_CN"_s));
        QCOMPARE(dateTimeText(at), u"2026/11/29 14:05"_s);
        QLocale::setDefault(QLocale(u"en_US"_s));
        const QString us = dateTimeText(at);
        QVERIFY2(us.startsWith(u"11/29/2026 2:05"_s) && us.contains(u"PM"_s), qPrintable(us));
        QLocale::setDefault(before);
    }

    void everyStringIsTranslated_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("de") << u"de"_s;
        QTest::newRow("zh_CN") << u"zh_CN"_s;
    }
    // No unfinished, vanished or obsolete message, no empty translation; each
    // placeholder of the source in each form of its translation; a menu's
    // accelerator kept; the language's number of plural forms.
    void everyStringIsTranslated()
    {
        QFETCH(QString, language);
        QString tsLanguage, error;
        const QList<Message> messages = readTs(tsPath(language), &tsLanguage, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(messages.size() > 1000);
        QStringList problems;
        for (const Message& m : messages) {
            const QString where = m.context + u": \""_s + m.source.left(60) + u"\": "_s;
            if (!m.type.isEmpty()) {
                problems << where + m.type;
                continue;
            }
            if (m.numerus && m.translations.size() != pluralForms(tsLanguage))
                problems << where + u"%1 plural forms"_s.arg(m.translations.size());
            for (const QString& t : m.translations) {
                if (t.trimmed().isEmpty()) {
                    problems << where + u"empty"_s;
                    continue;
                }
                const QStringList wanted = placeholders(m.source);
                if (placeholders(t) != wanted)
                    problems << where + u"placeholders %1 in \"%2\""_s.arg(
                                            placeholders(t).join(u' '), t);
                if (hasAccelerator(m.source) && !hasAccelerator(t))
                    problems << where + u"no accelerator in \"%1\""_s.arg(t);
            }
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(u"%1 of %2 messages:\n"_s.arg(problems.size()).arg(messages.size()) +
                            problems.mid(0, 40).join(u'\n')));
    }

    // A source text is a literal (adjacent literals are one): a text built
    // with '+' or passed in a variable is never found in a .ts file.
    void noSourceTextIsBuilt()
    {
        static const QRegularExpression built(
            // (A plain literal: moc does not read raw strings.)
            u"(?:\\btr\\(|QCoreApplication::translate\\(\\s*\"[^\"]*\"\\s*,)\\s*"
            u"\"(?:[^\"\\\\]|\\\\.)*\"\\s*[+%]"_s);
        // A macro around QT_TRANSLATE_NOOP hides its texts: lupdate does not
        // expand macros.
        static const QRegularExpression hidden(
            u"#define\\s+\\w+\\([^)]*\\)\\s+QT_TR(?:ANSLATE)?_NOOP"_s);
        QStringList problems;
        const auto sources = programSources();
        QVERIFY(sources.size() > 300);
        for (const auto& [path, text] : sources) {
            for (auto m = built.globalMatch(text); m.hasNext();)
                problems << path + u": "_s + m.next().captured().simplified();
            for (auto m = hidden.globalMatch(text); m.hasNext();)
                problems << path + u": "_s + m.next().captured().simplified();
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    // Each context of the .ts files is one the program translates with: a
    // class with Q_OBJECT or Q_GADGET (its tr()), a Q_DECLARE_TR_FUNCTIONS
    // context, or a literal one (translate("ctx", …), QT_TRANSLATE_NOOP).
    // A tr() lupdate files under a context the program never asks for is
    // never translated (a free helper's tr(), a class without Q_OBJECT
    // reaching its base's tr()).
    void everyContextIsOneTheProgramUses()
    {
        static const QRegularExpression literal(
            u"(?:translate\\(|QT_TRANSLATE_NOOP3?\\(|Q_DECLARE_TR_FUNCTIONS\\()\\s*\"?([\\w:-]+)"_s);
        static const QRegularExpression qobject(
            u"\\b(?:class|struct)\\s+(\\w+)(?:\\s+final)?\\s*(?::[^;{]*)?\\{\\s*Q_(?:OBJECT|GADGET)"_s);
        QSet<QString> contexts, classes;
        for (const auto& [path, text] : programSources()) {
            for (auto m = literal.globalMatch(text); m.hasNext();)
                contexts.insert(m.next().captured(1));
            for (auto m = qobject.globalMatch(text); m.hasNext();)
                classes.insert(m.next().captured(1));
        }
        QVERIFY(classes.contains(u"MainWindow"_s));
        QString language, error;
        const QList<Message> messages = readTs(tsPath(u"de"_s), &language, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList problems;
        for (const Message& m : messages) {
            if (contexts.contains(m.context) || (m.context.startsWith(u"gw::"_s) &&
                                                 classes.contains(m.context.section(u"::"_s, -1))))
                continue;
            problems << m.context + u": \""_s + m.source.left(60) + u'"';
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    // lupdate over the sources into copies of the files: nothing new, nothing
    // gone (`cmake --build build --target update_translations` was run).
    void theFilesAreCurrent()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // The project file lists the sources; the target's first step writes it.
        QProcess gen;
        gen.start(u"cmake"_s, {u"-DIN_FILE=" GW_LUPDATE_PROJECT ".cmake"_s,
                               u"-DOUT_FILE="_s + dir.filePath(u"project.json"_s), u"-P"_s,
                               QStringLiteral(GW_LUPDATE_GENERATOR)});
        QVERIFY(gen.waitForFinished(60'000));
        QVERIFY2(gen.exitCode() == 0, gen.readAllStandardError().constData());
        for (const QString& language : {u"de"_s, u"zh_CN"_s, u"en"_s}) {
            const QString copy = dir.filePath(u"gpuwarden_%1.ts"_s.arg(language));
            QVERIFY(QFile::copy(tsPath(language), copy));
            QProcess lupdate;
            lupdate.start(QStringLiteral(GW_LUPDATE),
                          {u"-project"_s, dir.filePath(u"project.json"_s), u"-no-obsolete"_s,
                           u"-locations"_s, u"none"_s, u"-ts"_s, copy});
            QVERIFY(lupdate.waitForFinished(120'000));
            QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());
            QString l1, l2, error;
            const QList<Message> before = readTs(tsPath(language), &l1, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            const QList<Message> after = readTs(copy, &l2, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QSet<QString> was, is;
            for (const Message& m : before)
                was.insert(m.key());
            for (const Message& m : after)
                is.insert(m.key());
            QStringList changes;
            for (const QString& k : is - was)
                changes << u"new: "_s + QString(k).replace(u'\x1f', u" | "_s);
            for (const QString& k : was - is)
                changes << u"gone: "_s + QString(k).replace(u'\x1f', u" | "_s);
            changes.sort();
            QVERIFY2(changes.isEmpty(),
                     qPrintable(u"gpuwarden_%1.ts is not current (cmake --build build --target "
                                "update_translations):\n"_s.arg(language) +
                                changes.mid(0, 30).join(u'\n')));
        }
    }

    // The real desktop's --help in the language of its settings, else the
    // system's; English where neither is translated.
    void theDesktopSpeaksTheChosenLanguage_data()
    {
        QTest::addColumn<QString>("setting");
        QTest::addColumn<QString>("lang");
        QTest::addColumn<QString>("ts"); // whose translation is expected; empty: English
        QTest::newRow("setting de") << u"de"_s << u"C.UTF-8"_s << u"de"_s;
        QTest::newRow("setting zh_CN") << u"zh_CN"_s << u"de_DE.UTF-8"_s << u"zh_CN"_s;
        QTest::newRow("system de") << QString() << u"de_DE.UTF-8"_s << u"de"_s;
        QTest::newRow("system zh") << QString() << u"zh_CN.UTF-8"_s << u"zh_CN"_s;
        QTest::newRow("setting en") << u"en"_s << u"de_DE.UTF-8"_s << QString();
        QTest::newRow("system C") << QString() << u"C.UTF-8"_s << QString();
    }
    void theDesktopSpeaksTheChosenLanguage()
    {
        QFETCH(QString, setting);
        QFETCH(QString, lang);
        QFETCH(QString, ts);
        const QString source = u"Monitoring and admin for shared GPU servers."_s;
        QString expected = source;
        if (!ts.isEmpty()) {
            QString language, error;
            const QList<Message> messages = readTs(tsPath(ts), &language, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            const auto it = std::find_if(messages.cbegin(), messages.cend(), [&](const Message& m) {
                return m.context == u"main"_s && m.source == source;
            });
            QVERIFY(it != messages.cend());
            QVERIFY2(it->type.isEmpty(), "not translated");
            expected = it->translations.value(0);
        }
        QTemporaryDir home;
        QVERIFY(home.isValid());
        if (!setting.isEmpty()) {
            QVERIFY(QDir().mkpath(home.filePath(u"config/gpuwarden"_s)));
            QFile conf(home.filePath(u"config/gpuwarden/GPU Warden.conf"_s));
            QVERIFY(conf.open(QIODevice::WriteOnly));
            conf.write("[ui]\nlanguage=" + setting.toUtf8() + "\n");
        }
        QProcess desk;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"XDG_CONFIG_HOME"_s, home.filePath(u"config"_s));
        env.insert(u"HOME"_s, home.path());
        env.remove(u"LANGUAGE"_s);
        env.insert(u"LC_ALL"_s, lang);
        env.insert(u"LANG"_s, lang);
        desk.setProcessEnvironment(env);
        desk.start(QStringLiteral(GW_BIN_DIR "/gpuwarden"), {u"--help"_s});
        QVERIFY(desk.waitForFinished(30'000));
        const QString out = QString::fromUtf8(desk.readAllStandardOutput());
        QVERIFY2(out.contains(expected), qPrintable(out.left(300)));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
