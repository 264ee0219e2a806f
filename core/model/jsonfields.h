#pragma once

// JsonFields: one JSON object read strictly, key by key. Each read names the
// key and how it may be absent (Presence); a missing key, a wrong type, a
// number that is not finite or an integer that is not exact is a mistake, and
// the first mistake is kept with its path ("servers[2].reachable: expected
// true or false, got a string"). After a mistake every read returns nothing,
// so a caller reads all its keys and asks ok() once.
//
//   JsonFields f(o, &error, QStringLiteral("entries[3]"));
//   f.onlyKeys({"id", "user", "at_ms"});               // else "x: unknown key (known: …)"
//   const auto id = f.text(QStringLiteral("id"));       // Required
//   const auto at = f.integer(QStringLiteral("at_ms"), JsonFields::Presence::Required, 0);
//   if (!f.ok()) return std::nullopt;

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw {

class JsonFields
{
public:
    // How a key may be absent; a value that is there must always be of the type.
    enum class Presence
    {
        Required,       // there, and not null
        Optional,       // may be missing (nothing read); null is a wrong type
        Nullable,       // there; null = not reported (nothing read)
        OptionalOrNull, // may be missing or null; either = not reported
    };
    static constexpr qint64 kMaxExactInteger = 9007199254740992; // 2^53: exact in a double

    // `error` (may be null) gets the first mistake; `path` prefixes key names.
    JsonFields(const QJsonObject& o, QString* error, QString path = {});

    // Refuses a key not in `known`: "path.x: unknown key (known: a, b)".
    JsonFields& onlyKeys(const QStringList& known);

    bool ok() const { return m_ok; }
    const QString& error() const { return m_message; } // the first mistake, with its path
    const QString& path() const { return m_path; }
    const QJsonObject& object() const { return m_o; }
    bool has(const QString& key) const { return m_o.contains(key); }
    // "path.key", or "key" at the top.
    QString name(const QString& key) const;
    // Keeps "path.key: why" as the mistake unless one is kept already.
    void fail(const QString& key, const QString& why);

    std::optional<QString> text(const QString& key, Presence p = Presence::Required);
    // A string that is not empty ("must not be empty").
    std::optional<QString> nonEmptyText(const QString& key, Presence p = Presence::Required);
    // A string that is one of `allowed` (where "" is allowed, `allowed` holds it).
    std::optional<QString> choice(const QString& key, const QStringList& allowed,
                                  Presence p = Presence::Required);
    // A finite number.
    std::optional<double> number(const QString& key, Presence p = Presence::Required);
    // A whole number, exact in a double, from `min` to `max`.
    std::optional<qint64> integer(const QString& key, Presence p = Presence::Required,
                                  qint64 min = -kMaxExactInteger, qint64 max = kMaxExactInteger);
    std::optional<bool> boolean(const QString& key, Presence p = Presence::Required);
    std::optional<QJsonObject> object(const QString& key, Presence p = Presence::Required);
    std::optional<QJsonArray> array(const QString& key, Presence p = Presence::Required);
    // An array of strings ("key[2]: expected a string, got a number").
    std::optional<QStringList> strings(const QString& key, Presence p = Presence::Required);
    // An object of name: finite number ("key.alice: expected a number, got a string").
    std::optional<QMap<QString, double>> numbers(const QString& key,
                                                 Presence p = Presence::Required);

    // The object at `key` read by `read(const QJsonObject&, QString* error, const QString&
    // path) -> std::optional<T>`, which sets *error when it returns nothing.
    template <typename Read>
    auto objectOf(const QString& key, Presence p, Read read)
        -> decltype(read(QJsonObject(), nullptr, QString()))
    {
        const auto o = object(key, p);
        if (!o)
            return std::nullopt;
        QString why;
        auto v = read(*o, &why, name(key));
        if (!v)
            failRead(name(key), why);
        return v;
    }

    // Each element of `a` (the array at `key`) an object read by `read` as for
    // objectOf, appended to `out`; the paths count from `firstIndex` ("key[7]").
    template <typename T, typename Read>
    void objects(const QString& key, const QJsonArray& a, QList<T>& out, Read read,
                 qsizetype firstIndex = 0)
    {
        for (qsizetype i = 0; m_ok && i < a.size(); ++i) {
            const QString at = element(key, firstIndex + i);
            if (!a[i].isObject()) {
                failWith(at + QStringLiteral(": ") + expectedGot(Kind::Object, a[i]));
                return;
            }
            QString why;
            if (auto v = read(a[i].toObject(), &why, at))
                out << *v;
            else
                failRead(at, why);
        }
    }
    // The same for the array read at `key` itself.
    template <typename T, typename Read>
    void objects(const QString& key, Presence p, QList<T>& out, Read read)
    {
        if (const auto a = array(key, p))
            objects(key, *a, out, read);
    }

private:
    // In the order of kNames in jsonfields.cpp.
    enum class Kind
    {
        String,
        Number,
        Integer,
        Boolean,
        Object,
        Array
    };
    // The value at `key` when there is one to read and it is of `kind`;
    // nothing otherwise, with a mistake where `p` says it must be there or
    // the value is of another kind.
    std::optional<QJsonValue> take(const QString& key, Presence p, Kind kind);
    // "expected a number, got a string", "expected a number or null, got …".
    static QString expectedGot(Kind kind, const QJsonValue& v, Presence p = Presence::Required);
    QString element(const QString& key, qsizetype i) const;
    void failWith(const QString& message);
    // A reader's mistake as it said it ("where: does not read" if it said nothing).
    void failRead(const QString& where, const QString& why);

    QJsonObject m_o;
    QString* m_error;
    QString m_path;
    QString m_message;
    bool m_ok = true;
};

// `out` = what was read, converted; left as it is when nothing was read:
//   readInto(entry.reason, f.text(QStringLiteral("reason"), JsonFields::Presence::Optional));
template <typename T, typename V>
void readInto(T& out, const std::optional<V>& v)
{
    if (v)
        out = T(*v);
}

} // namespace gw
