#include "coord/parallelism.h"

#include "util/editdistance.h"
#include "util/textparse.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QLocale>
#include <QRegularExpression>

#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::coord)
};

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

struct Key
{
    const char* canonical;
    const char* longName; // with dashes
    int Parallelism::*field;
};

constexpr std::array<Key, 5> kKeys{{
    {"tp", "tensor", &Parallelism::tp},
    {"pp", "pipeline", &Parallelism::pp},
    {"dp", "data", &Parallelism::dp},
    {"cp", "context", &Parallelism::cp},
    {"dcp", "decode-context", &Parallelism::dcp},
}};

QStringList spellingsOf(const Key& k)
{
    const QString c = QString::fromLatin1(k.canonical);
    const QString l = QString::fromLatin1(k.longName);
    QString underscored = l;
    underscored.replace(QLatin1Char('-'), QLatin1Char('_'));
    return {l + QStringLiteral("-parallel-size"), underscored + QStringLiteral("_parallel_size"),
            c + QStringLiteral("-size"), c + QStringLiteral("_size"), c};
}

// Index into kKeys, or -1.
int keyIndex(const QString& written)
{
    const QString k = written.toLower();
    for (size_t i = 0; i < kKeys.size(); ++i)
        if (spellingsOf(kKeys[i]).contains(k))
            return int(i);
    return -1;
}

QStringList allSpellings()
{
    QStringList out;
    for (const Key& k : kKeys)
        out << spellingsOf(k);
    return out;
}

// `shown`: the name as printed ("parallelism.tq"); empty: printed elsewhere.
QString unknownKey(const QString& name, const QStringList& extra, const QString& shown)
{
    const QString best = nearestSpelling(name, allSpellings() + extra, 2, Qt::CaseInsensitive);
    QString message =
        shown.isEmpty() ? Tr::tr("unknown key") : Tr::tr("unknown key \"%1\"").arg(shown);
    if (!best.isEmpty())
        return message + Tr::tr(" (did you mean \"%1\"?)").arg(best);
    return message + Tr::tr(" (known: tp, pp, dp, cp, dcp or their long spellings such as "
                            "tensor-parallel-size)");
}

QString valueRange()
{
    return Tr::tr("must be a whole number from 1 to %1").arg(kMaxParallelism);
}

// Sets one key once; *error otherwise.
struct Collector
{
    Parallelism p;
    std::array<QString, kKeys.size()> seenAs;

    bool set(int index, int value, const QString& writtenAs, QString* why)
    {
        if (!seenAs[size_t(index)].isEmpty()) {
            *why = Tr::tr("%1 is given twice (\"%2\" and \"%3\")")
                       .arg(QString::fromLatin1(kKeys[size_t(index)].canonical),
                            seenAs[size_t(index)], writtenAs);
            return false;
        }
        seenAs[size_t(index)] = writtenAs;
        p.*(kKeys[size_t(index)].field) = value;
        return true;
    }
};

std::optional<int> wholeNumber(const QString& text)
{
    static const QRegularExpression digits(QStringLiteral("^[0-9]{1,9}$"));
    if (!digits.match(text).hasMatch())
        return std::nullopt;
    const int v = text.toInt();
    if (v < 1 || v > kMaxParallelism)
        return std::nullopt;
    return v;
}

void setError(QString* error, const QString& text)
{
    if (error)
        *error = text;
}

// ---- JSON ----

QString jsonValueText(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Double:
        return QString::number(v.toDouble(), 'g', 17);
    case QJsonValue::String:
        return QStringLiteral("\"%1\"").arg(v.toString());
    case QJsonValue::Bool:
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Array:
        return Tr::tr("an array");
    case QJsonValue::Object:
        return Tr::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return Tr::tr("nothing");
}

std::optional<TaskFile> parseJsonTask(const QByteArray& bytes, const QString& name, QString* error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError) {
        int line = 1;
        int column = 1;
        for (qsizetype i = 0; i < std::min<qsizetype>(pe.offset, bytes.size()); ++i) {
            if (bytes[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        setError(
            error,
            QStringLiteral("%1:%2:%3: %4").arg(name).arg(line).arg(column).arg(pe.errorString()));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        setError(error, name + Tr::tr(": the top level must be an object"));
        return std::nullopt;
    }
    TaskFile task;
    Collector c;
    QString why;
    const auto fail = [&](const QString& path, const QString& what) {
        setError(error, QStringLiteral("%1: %2: %3").arg(name, path, what));
        return std::nullopt;
    };
    const auto number = [&](const QString& path, const QString& key,
                            const QJsonValue& v) -> std::optional<bool> {
        const int index = keyIndex(key);
        if (index < 0)
            return std::nullopt;
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d != std::floor(d) || d < 1 || d > kMaxParallelism) {
            why = valueRange() + Tr::tr(", not %1").arg(jsonValueText(v));
            return false;
        }
        return c.set(index, int(d), path, &why);
    };
    const QJsonObject top = doc.object();
    for (auto it = top.begin(); it != top.end(); ++it) {
        const QString key = it.key();
        if (key == QLatin1String("model")) {
            if (!it->isString())
                return fail(key, Tr::tr("must be a string, not %1").arg(jsonValueText(*it)));
            task.model = it->toString();
        } else if (key == QLatin1String("parallelism")) {
            if (!it->isObject())
                return fail(key, Tr::tr("must be an object, not %1").arg(jsonValueText(*it)));
            const QJsonObject inner = it->toObject();
            for (auto jt = inner.begin(); jt != inner.end(); ++jt) {
                const QString path = key + QLatin1Char('.') + jt.key();
                const std::optional<bool> ok = number(path, jt.key(), *jt);
                if (!ok)
                    return fail(path, unknownKey(jt.key(), {}, QString()));
                if (!*ok)
                    return fail(path, why);
            }
        } else {
            const std::optional<bool> ok = number(key, key, *it);
            if (!ok)
                return fail(
                    key, unknownKey(key, {QStringLiteral("model"), QStringLiteral("parallelism")},
                                    QString()));
            if (!*ok)
                return fail(key, why);
        }
    }
    task.parallelism = c.p;
    return task;
}

// ---- TOML ----

QString tomlValueText(const toml::node& n)
{
    if (const auto* i = n.as_integer())
        return QString::number(i->get());
    if (const auto* f = n.as_floating_point())
        return QString::number(f->get(), 'g', 17);
    if (const auto* s = n.as_string())
        return QStringLiteral("\"%1\"").arg(qs(s->get()));
    if (const auto* b = n.as_boolean())
        return b->get() ? QStringLiteral("true") : QStringLiteral("false");
    if (n.is_table())
        return Tr::tr("a table");
    if (n.is_array())
        return Tr::tr("an array");
    return Tr::tr("a date or time");
}

std::optional<TaskFile> parseTomlTask(const QByteArray& bytes, const QString& name, QString* error)
{
    const auto at = [&](const toml::source_region& where) {
        return QStringLiteral("%1:%2:%3: ").arg(name).arg(where.begin.line).arg(where.begin.column);
    };
    toml::table root;
    try {
        root = toml::parse(std::string_view(bytes.constData(), size_t(bytes.size())),
                           std::string_view());
    } catch (const toml::parse_error& e) {
        setError(error, at(e.source()) + qs(e.description()));
        return std::nullopt;
    }
    TaskFile task;
    Collector c;
    QString why;
    const auto fail = [&](const toml::source_region& where, const QString& what) {
        setError(error, at(where) + what);
        return std::nullopt;
    };
    // nullopt: not a parallelism key.
    const auto number = [&](const QString& path, const QString& key,
                            const toml::node& n) -> std::optional<bool> {
        const int index = keyIndex(key);
        if (index < 0)
            return std::nullopt;
        const auto* i = n.as_integer();
        if (!i || i->get() < 1 || i->get() > kMaxParallelism) {
            why = Tr::tr("%1 ").arg(path) + valueRange() + Tr::tr(", not %1").arg(tomlValueText(n));
            return false;
        }
        return c.set(index, int(i->get()), path, &why);
    };
    for (const auto& [k, node] : root) {
        const QString key = qs(k.str());
        if (key == QLatin1String("model")) {
            const auto* s = node.as_string();
            if (!s)
                return fail(node.source(),
                            Tr::tr("model must be a string, not %1").arg(tomlValueText(node)));
            task.model = qs(s->get());
        } else if (key == QLatin1String("parallelism")) {
            const auto* inner = node.as_table();
            if (!inner)
                return fail(node.source(),
                            Tr::tr("parallelism must be a table, not %1").arg(tomlValueText(node)));
            for (const auto& [ik, inode] : *inner) {
                const QString ikey = qs(ik.str());
                const QString path = key + QLatin1Char('.') + ikey;
                const std::optional<bool> ok = number(path, ikey, inode);
                if (!ok)
                    return fail(ik.source(), unknownKey(ikey, {}, path));
                if (!*ok)
                    return fail(inode.source(), why);
            }
        } else {
            const std::optional<bool> ok = number(key, key, node);
            if (!ok)
                return fail(
                    k.source(),
                    unknownKey(key, {QStringLiteral("model"), QStringLiteral("parallelism")}, key));
            if (!*ok)
                return fail(node.source(), why);
        }
    }
    task.parallelism = c.p;
    return task;
}

} // namespace

qint64 Parallelism::worldSize() const
{
    return qint64(tp) * pp * std::max({dp, cp, dcp});
}

QString Parallelism::text() const
{
    return QStringLiteral("tp=%1,pp=%2,dp=%3,cp=%4,dcp=%5")
        .arg(tp)
        .arg(pp)
        .arg(dp)
        .arg(cp)
        .arg(dcp);
}

QStringList parallelismSpellings(const QString& canonical)
{
    for (const Key& k : kKeys)
        if (canonical == QLatin1String(k.canonical))
            return spellingsOf(k);
    return {};
}

std::optional<Parallelism> parseParallelism(const QString& text, QString* error)
{
    const QString trimmedText = text.trimmed();
    if (trimmedText.isEmpty()) {
        setError(error, Tr::tr("no parallelism given: write it as \"tp=4,pp=2,dp=1\""));
        return std::nullopt;
    }
    Collector c;
    for (const QString& rawItem : trimmedText.split(QLatin1Char(','))) {
        const QString item = rawItem.trimmed();
        if (item.isEmpty()) {
            setError(error, Tr::tr("empty item in \"%1\": items are key=value, separated by commas")
                                .arg(trimmedText));
            return std::nullopt;
        }
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        if (eq < 0) {
            setError(error,
                     Tr::tr("\"%1\" is not key=value: write it as \"tp=4,pp=2,dp=1\"").arg(item));
            return std::nullopt;
        }
        const QString key = item.left(eq).trimmed();
        const QString value = item.mid(eq + 1).trimmed();
        const int index = keyIndex(key);
        if (index < 0) {
            setError(error, unknownKey(key, {}, key));
            return std::nullopt;
        }
        const std::optional<int> v = wholeNumber(value);
        if (!v) {
            setError(error,
                     Tr::tr("%1 ").arg(key) + valueRange() + Tr::tr(", not \"%1\"").arg(value));
            return std::nullopt;
        }
        QString why;
        if (!c.set(index, *v, key, &why)) {
            setError(error, why);
            return std::nullopt;
        }
    }
    return c.p;
}

std::optional<TaskFile> parseTaskFile(const QByteArray& bytes, const QString& name, QString* error)
{
    bool json;
    if (name.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
        json = true;
    } else if (name.endsWith(QLatin1String(".toml"), Qt::CaseInsensitive)) {
        json = false;
    } else {
        const QByteArrayView t = trimmed(bytes);
        json = !t.isEmpty() && t.front() == '{';
    }
    return json ? parseJsonTask(bytes, name, error) : parseTomlTask(bytes, name, error);
}

std::optional<TaskFile> loadTaskFile(const QString& path, QString* error)
{
    QString why;
    const std::optional<QByteArray> bytes = readSmallFile(path, &why, 1 << 20);
    if (!bytes) {
        setError(error, Tr::tr("cannot read the task file %1").arg(why));
        return std::nullopt;
    }
    return parseTaskFile(*bytes, path, error);
}

MemoryEstimate memoryHeuristicMiB(const QString& model)
{
    // A count is "70b", "1.5b" or "8x7b", not inside a longer word or number.
    static const QRegularExpression size(
        QStringLiteral(
            "(?<![0-9a-z.])(?:([0-9]{1,4})x)?([0-9]{1,5}(?:\\.[0-9]{1,3})?)b(?![a-z0-9])"),
        QRegularExpression::CaseInsensitiveOption);
    double best = -1;
    QString bestText;
    for (auto it = size.globalMatch(model); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const double experts = m.captured(1).isEmpty() ? 1 : m.captured(1).toDouble();
        const double billions = experts * m.captured(2).toDouble();
        if (billions > best) {
            best = billions;
            bestText = m.captured(1).isEmpty()
                           ? QStringLiteral("%1B").arg(m.captured(2))
                           : QStringLiteral("%1×%2B = %3B")
                                 .arg(m.captured(1), m.captured(2), QString::number(billions));
        }
    }
    const QLocale english(QLocale::English, QLocale::UnitedStates);
    MemoryEstimate e;
    QString why;
    if (best < 0) {
        e.mib = 8000;
        why = model.trimmed().isEmpty() ? Tr::tr("no model named")
                                        : Tr::tr("no parameter count in the name");
    } else if (best >= 65) {
        e.mib = 20000;
        why = Tr::tr("%1 parameters (65B or more)").arg(bestText);
    } else if (best >= 7) {
        e.mib = 12000;
        why = Tr::tr("%1 parameters (7B to under 65B)").arg(bestText);
    } else {
        e.mib = 8000;
        why = Tr::tr("%1 parameters (under 7B)").arg(bestText);
    }
    const QString subject = model.trimmed().isEmpty() ? Tr::tr("memory per GPU") : model.trimmed();
    e.rule = Tr::tr("%1: %2 → %3 MiB per GPU (model-size heuristic; --min-free overrides it)")
                 .arg(subject, why, english.toString(e.mib));
    return e;
}

std::optional<qint64> parseMemorySize(const QString& text, QString* error)
{
    static const QRegularExpression re(
        QStringLiteral("^([0-9]{1,9}(?:\\.[0-9]{1,6})?)\\s*(|m|mb|mib|g|gb|gib|t|tb|tib)$"),
        QRegularExpression::CaseInsensitiveOption);
    const QString t = text.trimmed();
    if (t.isEmpty()) {
        setError(error, Tr::tr("no memory size given: write it as \"8GiB\", \"512MiB\" or a number "
                               "of MiB"));
        return std::nullopt;
    }
    const QRegularExpressionMatch m = re.match(t);
    if (!m.hasMatch()) {
        setError(error, Tr::tr("\"%1\" is not a memory size: write it as \"8GiB\", \"512MiB\" or a "
                               "number of MiB")
                            .arg(t));
        return std::nullopt;
    }
    const QString unit = m.captured(2).toLower();
    double factor = 1;
    if (unit.startsWith(QLatin1Char('g')))
        factor = 1024;
    else if (unit.startsWith(QLatin1Char('t')))
        factor = 1024.0 * 1024;
    const double mib = std::ceil(m.captured(1).toDouble() * factor - 1e-9);
    if (mib < 1) {
        setError(error, Tr::tr("\"%1\" is no memory: the size must be at least 1 MiB").arg(t));
        return std::nullopt;
    }
    if (mib > 1024.0 * 1024) {
        setError(error, Tr::tr("\"%1\" is more than 1 TiB per GPU").arg(t));
        return std::nullopt;
    }
    return qint64(mib);
}

} // namespace gw
