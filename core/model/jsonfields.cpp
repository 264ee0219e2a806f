#include "model/jsonfields.h"

#include "model/snapshotjson.h"

#include <QCoreApplication>

#include <cmath>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::JsonFields)
};

bool canBeAbsent(JsonFields::Presence p)
{
    return p == JsonFields::Presence::Optional || p == JsonFields::Presence::OptionalOrNull;
}

bool nullIsAbsent(JsonFields::Presence p)
{
    return p == JsonFields::Presence::Nullable || p == JsonFields::Presence::OptionalOrNull;
}

// A double as written in the input: "1.5", "9007199254740994", "inf".
QString numberText(double d)
{
    return QString::number(d, 'g', 17);
}

} // namespace

JsonFields::JsonFields(const QJsonObject& o, QString* error, QString path)
    : m_o(o)
    , m_error(error)
    , m_path(std::move(path))
{}

JsonFields& JsonFields::onlyKeys(const QStringList& known)
{
    for (auto it = m_o.begin(); m_ok && it != m_o.end(); ++it)
        if (!known.contains(it.key()))
            fail(it.key(), Tr::tr("unknown key (known: %1)").arg(known.join(QStringLiteral(", "))));
    return *this;
}

QString JsonFields::name(const QString& key) const
{
    return m_path.isEmpty() ? key : m_path + u'.' + key;
}

void JsonFields::fail(const QString& key, const QString& why)
{
    failWith(name(key) + QStringLiteral(": ") + why);
}

void JsonFields::failWith(const QString& message)
{
    if (!m_ok)
        return;
    m_ok = false;
    m_message = message;
    if (m_error)
        *m_error = message;
}

void JsonFields::failRead(const QString& where, const QString& why)
{
    failWith(why.isEmpty() ? where + QStringLiteral(": ") + Tr::tr("does not read") : why);
}

QString JsonFields::element(const QString& key, qsizetype i) const
{
    return name(key) + u'[' + QString::number(i) + u']';
}

QString JsonFields::expectedGot(Kind kind, const QJsonValue& v, Presence p)
{
    // What each kind is called, without and with null allowed (Kind's order).
    static const char* const kNames[][2] = {
        {QT_TRANSLATE_NOOP("gw::JsonFields", "a string"),
         QT_TRANSLATE_NOOP("gw::JsonFields", "a string or null")},
        {QT_TRANSLATE_NOOP("gw::JsonFields", "a number"),
         QT_TRANSLATE_NOOP("gw::JsonFields", "a number or null")},
        {QT_TRANSLATE_NOOP("gw::JsonFields", "an integer"),
         QT_TRANSLATE_NOOP("gw::JsonFields", "an integer or null")},
        {QT_TRANSLATE_NOOP("gw::JsonFields", "true or false"),
         QT_TRANSLATE_NOOP("gw::JsonFields", "true, false or null")},
        {QT_TRANSLATE_NOOP("gw::JsonFields", "an object"),
         QT_TRANSLATE_NOOP("gw::JsonFields", "an object or null")},
        {QT_TRANSLATE_NOOP("gw::JsonFields", "an array"),
         QT_TRANSLATE_NOOP("gw::JsonFields", "an array or null")},
    };
    const QString what = Tr::tr(kNames[int(kind)][nullIsAbsent(p) ? 1 : 0]);
    // A number of the wrong sort (1.5 for an integer, inf) is said by its
    // value, any other value by its type.
    const bool wrongSort = v.isDouble() && (kind == Kind::Number || kind == Kind::Integer);
    const QString got = wrongSort ? numberText(v.toDouble()) : jsonTypeName(v);
    return Tr::tr("expected %1, got %2").arg(what, got);
}

std::optional<QJsonValue> JsonFields::take(const QString& key, Presence p, Kind kind)
{
    if (!m_ok)
        return std::nullopt;
    if (!m_o.contains(key)) {
        if (!canBeAbsent(p))
            fail(key, Tr::tr("missing"));
        return std::nullopt;
    }
    const QJsonValue v = m_o.value(key);
    if (v.isNull() && nullIsAbsent(p))
        return std::nullopt;
    bool right = false;
    switch (kind) {
    case Kind::String:
        right = v.isString();
        break;
    case Kind::Number:
        right = v.isDouble() && std::isfinite(v.toDouble());
        break;
    case Kind::Integer: {
        const double d = v.toDouble();
        right = v.isDouble() && std::isfinite(d) && std::trunc(d) == d &&
                std::abs(d) <= double(kMaxExactInteger);
        break;
    }
    case Kind::Boolean:
        right = v.isBool();
        break;
    case Kind::Object:
        right = v.isObject();
        break;
    case Kind::Array:
        right = v.isArray();
        break;
    }
    if (!right) {
        fail(key, expectedGot(kind, v, p));
        return std::nullopt;
    }
    return v;
}

std::optional<QString> JsonFields::text(const QString& key, Presence p)
{
    const auto v = take(key, p, Kind::String);
    return v ? std::optional<QString>(v->toString()) : std::nullopt;
}

std::optional<QString> JsonFields::nonEmptyText(const QString& key, Presence p)
{
    auto s = text(key, p);
    if (s && s->isEmpty()) {
        fail(key, Tr::tr("must not be empty"));
        return std::nullopt;
    }
    return s;
}

std::optional<QString> JsonFields::choice(const QString& key, const QStringList& allowed,
                                          Presence p)
{
    auto s = text(key, p);
    if (s && !allowed.contains(*s)) {
        fail(key,
             Tr::tr("\"%1\" is not one of \"%2\"").arg(*s, allowed.join(QStringLiteral("\", \""))));
        return std::nullopt;
    }
    return s;
}

std::optional<double> JsonFields::number(const QString& key, Presence p)
{
    const auto v = take(key, p, Kind::Number);
    return v ? std::optional<double>(v->toDouble()) : std::nullopt;
}

std::optional<qint64> JsonFields::integer(const QString& key, Presence p, qint64 min, qint64 max)
{
    const auto v = take(key, p, Kind::Integer);
    if (!v)
        return std::nullopt;
    const qint64 i = qint64(v->toDouble());
    if (i < min) {
        fail(key, Tr::tr("expected at least %1, got %2").arg(min).arg(i));
        return std::nullopt;
    }
    if (i > max) {
        fail(key, Tr::tr("expected at most %1, got %2").arg(max).arg(i));
        return std::nullopt;
    }
    return i;
}

std::optional<bool> JsonFields::boolean(const QString& key, Presence p)
{
    const auto v = take(key, p, Kind::Boolean);
    return v ? std::optional<bool>(v->toBool()) : std::nullopt;
}

std::optional<QJsonObject> JsonFields::object(const QString& key, Presence p)
{
    const auto v = take(key, p, Kind::Object);
    return v ? std::optional<QJsonObject>(v->toObject()) : std::nullopt;
}

std::optional<QJsonArray> JsonFields::array(const QString& key, Presence p)
{
    const auto v = take(key, p, Kind::Array);
    return v ? std::optional<QJsonArray>(v->toArray()) : std::nullopt;
}

std::optional<QStringList> JsonFields::strings(const QString& key, Presence p)
{
    const auto a = array(key, p);
    if (!a)
        return std::nullopt;
    QStringList out;
    for (qsizetype i = 0; i < a->size(); ++i) {
        if (!a->at(i).isString()) {
            failWith(element(key, i) + QStringLiteral(": ") + expectedGot(Kind::String, a->at(i)));
            return std::nullopt;
        }
        out << a->at(i).toString();
    }
    return out;
}

std::optional<QMap<QString, double>> JsonFields::numbers(const QString& key, Presence p)
{
    const auto o = object(key, p);
    if (!o)
        return std::nullopt;
    QMap<QString, double> out;
    for (auto it = o->begin(); it != o->end(); ++it) {
        if (!it.value().isDouble() || !std::isfinite(it.value().toDouble())) {
            failWith(name(key) + u'.' + it.key() + QStringLiteral(": ") +
                     expectedGot(Kind::Number, it.value()));
            return std::nullopt;
        }
        out.insert(it.key(), it.value().toDouble());
    }
    return out;
}

} // namespace gw
