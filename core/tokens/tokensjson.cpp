#include "tokens/tokensjson.h"

#include "model/snapshotjson.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QSet>

#include <cmath>

namespace gw {

namespace {

QString tr(const char* s)
{
    return QCoreApplication::translate("gw::TokensJson", s);
}

constexpr double kMaxExactInteger = 9007199254740992.0; // 2^53

// Reads one object strictly: every key known, every value of its type; the
// first mistake is kept with the key's path.
class Reader
{
public:
    Reader(const QJsonObject& o, QString* error, const QString& path, const QStringList& known)
        : m_o(o)
        , m_error(error)
        , m_path(path)
    {
        for (auto it = o.begin(); it != o.end(); ++it)
            if (!known.contains(it.key())) {
                fail(it.key(), tr("unknown key (known: %1)").arg(known.join(QStringLiteral(", "))));
                break;
            }
    }
    bool ok() const { return m_ok; }
    bool has(const QString& key) const { return m_o.contains(key); }
    void fail(const QString& key, const QString& why)
    {
        if (!m_ok)
            return;
        m_ok = false;
        if (m_error)
            *m_error = name(key) + QStringLiteral(": ") + why;
    }
    QString name(const QString& key) const { return m_path.isEmpty() ? key : m_path + u'.' + key; }
    bool present(const QString& key, bool required)
    {
        if (!m_ok)
            return false;
        if (m_o.contains(key))
            return true;
        if (required)
            fail(key, tr("required"));
        return false;
    }
    void text(const QString& key, QString& out, bool required = false)
    {
        if (!present(key, required))
            return;
        const QJsonValue v = m_o.value(key);
        if (!v.isString())
            return fail(key, tr("expected a string, got %1").arg(jsonTypeName(v)));
        out = v.toString();
    }
    void number(const QString& key, double& out, bool required = false)
    {
        if (!present(key, required))
            return;
        const QJsonValue v = m_o.value(key);
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return fail(key, tr("expected a number, got %1").arg(jsonTypeName(v)));
        out = v.toDouble();
    }
    void integer(const QString& key, qint64& out, bool required = false, qint64 min = 0)
    {
        if (!present(key, required))
            return;
        const QJsonValue v = m_o.value(key);
        const double d = v.toDouble();
        if (!v.isDouble() || !std::isfinite(d) || std::trunc(d) != d ||
            std::abs(d) > kMaxExactInteger)
            return fail(key, tr("expected an integer, got %1").arg(jsonTypeName(v)));
        if (d < double(min))
            return fail(key, tr("expected at least %1, got %2").arg(min).arg(qint64(d)));
        out = qint64(d);
    }
    void smallInt(const QString& key, int& out)
    {
        qint64 v = out;
        integer(key, v);
        if (m_ok && v > 1024)
            return fail(key, tr("expected at most 1024, got %1").arg(v));
        out = int(v);
    }
    const QJsonObject& object() const { return m_o; }

private:
    const QJsonObject& m_o;
    QString* m_error;
    QString m_path;
    bool m_ok = true;
};

QString at(const QString& path, const QString& key, qsizetype i)
{
    return (path.isEmpty() ? key : path + u'.' + key) + u'[' + QString::number(i) + u']';
}

void setError(QString* error, const QString& why)
{
    if (error)
        *error = why;
}

} // namespace

QJsonObject usageFactToJson(const UsageFact& f)
{
    QJsonObject o{
        {QStringLiteral("server"), f.server},
        {QStringLiteral("user"), f.user},
        {QStringLiteral("gpu_model"), f.gpuModel},
        {QStringLiteral("hour_start_ms"), double(f.hourStartMs)},
        {QStringLiteral("held_gpu_seconds"), f.heldGpuSeconds},
        {QStringLiteral("used_gpu_seconds"), f.usedGpuSeconds},
    };
    if (!f.migProfile.isEmpty() || f.migSlices || f.gpuSlices) {
        o.insert(QStringLiteral("mig_profile"), f.migProfile);
        o.insert(QStringLiteral("mig_slices"), f.migSlices);
        o.insert(QStringLiteral("gpu_slices"), f.gpuSlices);
    }
    return o;
}

std::optional<UsageFact> usageFactFromJson(const QJsonObject& o, QString* error,
                                           const QString& path)
{
    static const QStringList kKeys{
        QStringLiteral("server"),          QStringLiteral("user"),
        QStringLiteral("gpu_model"),       QStringLiteral("mig_profile"),
        QStringLiteral("mig_slices"),      QStringLiteral("gpu_slices"),
        QStringLiteral("hour_start_ms"),   QStringLiteral("held_gpu_seconds"),
        QStringLiteral("used_gpu_seconds")};
    Reader r(o, error, path, kKeys);
    UsageFact f;
    r.text(QStringLiteral("server"), f.server, true);
    r.text(QStringLiteral("user"), f.user, true);
    r.text(QStringLiteral("gpu_model"), f.gpuModel, true);
    r.text(QStringLiteral("mig_profile"), f.migProfile);
    r.smallInt(QStringLiteral("mig_slices"), f.migSlices);
    r.smallInt(QStringLiteral("gpu_slices"), f.gpuSlices);
    r.integer(QStringLiteral("hour_start_ms"), f.hourStartMs, true, -kMaxExactInteger);
    r.number(QStringLiteral("held_gpu_seconds"), f.heldGpuSeconds, true);
    r.number(QStringLiteral("used_gpu_seconds"), f.usedGpuSeconds, true);
    if (!r.ok())
        return std::nullopt;
    return f;
}

QJsonObject coverageGapToJson(const CoverageGap& g)
{
    return {{QStringLiteral("server"), g.server},
            {QStringLiteral("from_ms"), double(g.fromMs)},
            {QStringLiteral("to_ms"), double(g.toMs)}};
}

std::optional<CoverageGap> coverageGapFromJson(const QJsonObject& o, QString* error,
                                               const QString& path)
{
    static const QStringList kKeys{QStringLiteral("server"), QStringLiteral("from_ms"),
                                   QStringLiteral("to_ms")};
    Reader r(o, error, path, kKeys);
    CoverageGap g;
    r.text(QStringLiteral("server"), g.server, true);
    r.integer(QStringLiteral("from_ms"), g.fromMs, true, -kMaxExactInteger);
    r.integer(QStringLiteral("to_ms"), g.toMs, true, -kMaxExactInteger);
    if (r.ok() && g.toMs < g.fromMs)
        r.fail(QStringLiteral("to_ms"), tr("before from_ms"));
    if (!r.ok())
        return std::nullopt;
    return g;
}

QJsonObject ledgerEntryToJson(const LedgerEntry& e)
{
    QJsonObject o{
        {QStringLiteral("id"), e.id},         {QStringLiteral("kind"), ledgerKindName(e.kind)},
        {QStringLiteral("user"), e.user},     {QStringLiteral("at_ms"), double(e.atMs)},
        {QStringLiteral("amount"), e.amount},
    };
    // Only what the kind has (a usage entry's fields, an adjustment's), so
    // a ledger page stays small; reading takes any of them for any kind.
    if (!e.server.isEmpty() || !e.gpuModel.isEmpty() || e.hourStartMs || e.gpuHours ||
        e.pricePerGpuHour) {
        o.insert(QStringLiteral("server"), e.server);
        o.insert(QStringLiteral("gpu_model"), e.gpuModel);
        o.insert(QStringLiteral("hour_start_ms"), double(e.hourStartMs));
        o.insert(QStringLiteral("gpu_hours"), e.gpuHours);
        o.insert(QStringLiteral("price_per_gpu_hour"), e.pricePerGpuHour);
    }
    if (!e.migProfile.isEmpty() || e.migSlices || e.gpuSlices) {
        o.insert(QStringLiteral("mig_profile"), e.migProfile);
        o.insert(QStringLiteral("mig_slices"), e.migSlices);
        o.insert(QStringLiteral("gpu_slices"), e.gpuSlices);
    }
    if (!e.by.isEmpty())
        o.insert(QStringLiteral("by"), e.by);
    if (!e.reason.isEmpty())
        o.insert(QStringLiteral("reason"), e.reason);
    if (!e.detail.isEmpty())
        o.insert(QStringLiteral("detail"), e.detail);
    return o;
}

std::optional<LedgerEntry> ledgerEntryFromJson(const QJsonObject& o, QString* error,
                                               const QString& path)
{
    static const QStringList kKeys{QStringLiteral("id"),
                                   QStringLiteral("kind"),
                                   QStringLiteral("user"),
                                   QStringLiteral("at_ms"),
                                   QStringLiteral("amount"),
                                   QStringLiteral("server"),
                                   QStringLiteral("gpu_model"),
                                   QStringLiteral("mig_profile"),
                                   QStringLiteral("mig_slices"),
                                   QStringLiteral("gpu_slices"),
                                   QStringLiteral("hour_start_ms"),
                                   QStringLiteral("gpu_hours"),
                                   QStringLiteral("price_per_gpu_hour"),
                                   QStringLiteral("by"),
                                   QStringLiteral("reason"),
                                   QStringLiteral("detail")};
    Reader r(o, error, path, kKeys);
    LedgerEntry e;
    r.text(QStringLiteral("id"), e.id, true);
    if (r.ok() && e.id.isEmpty())
        r.fail(QStringLiteral("id"), tr("must not be empty"));
    QString kind;
    r.text(QStringLiteral("kind"), kind, true);
    if (r.ok()) {
        if (const auto k = ledgerKindFromName(kind))
            e.kind = *k;
        else
            r.fail(QStringLiteral("kind"),
                   tr("\"%1\" is not one of grant, monthly, daily, usage, adjustment").arg(kind));
    }
    r.text(QStringLiteral("user"), e.user, true);
    r.integer(QStringLiteral("at_ms"), e.atMs, true, -kMaxExactInteger);
    r.number(QStringLiteral("amount"), e.amount, true);
    r.text(QStringLiteral("server"), e.server);
    r.text(QStringLiteral("gpu_model"), e.gpuModel);
    r.text(QStringLiteral("mig_profile"), e.migProfile);
    r.smallInt(QStringLiteral("mig_slices"), e.migSlices);
    r.smallInt(QStringLiteral("gpu_slices"), e.gpuSlices);
    r.integer(QStringLiteral("hour_start_ms"), e.hourStartMs, false, -kMaxExactInteger);
    r.number(QStringLiteral("gpu_hours"), e.gpuHours);
    r.number(QStringLiteral("price_per_gpu_hour"), e.pricePerGpuHour);
    r.text(QStringLiteral("by"), e.by);
    r.text(QStringLiteral("reason"), e.reason);
    r.text(QStringLiteral("detail"), e.detail);
    if (!r.ok())
        return std::nullopt;
    return e;
}

QJsonObject booksToJson(const Books& b)
{
    QJsonObject balances;
    for (auto it = b.balances.cbegin(); it != b.balances.cend(); ++it)
        balances.insert(it.key(), it.value());
    QJsonArray entries;
    for (const LedgerEntry& e : b.entries)
        entries.append(ledgerEntryToJson(e));
    QJsonArray gaps;
    for (const CoverageGap& g : b.gaps)
        gaps.append(coverageGapToJson(g));
    return {{QStringLiteral("balances"), balances},
            {QStringLiteral("cut_off"), QJsonArray::fromStringList(b.cutOff)},
            {QStringLiteral("entries"), entries},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(b.warnings)},
            {QStringLiteral("gaps"), gaps}};
}

std::optional<Books> booksFromJson(const QJsonObject& o, QString* error)
{
    static const QStringList kKeys{QStringLiteral("balances"), QStringLiteral("cut_off"),
                                   QStringLiteral("entries"), QStringLiteral("warnings"),
                                   QStringLiteral("gaps")};
    Reader r(o, error, {}, kKeys);
    if (!r.ok())
        return std::nullopt;
    Books b;
    for (const QString& key : {QStringLiteral("balances"), QStringLiteral("entries")})
        if (!o.contains(key)) {
            setError(error, key + QStringLiteral(": ") + tr("required"));
            return std::nullopt;
        }
    const QJsonValue bal = o.value(QStringLiteral("balances"));
    if (!bal.isObject()) {
        setError(error,
                 tr("balances: expected an object of user: number, got %1").arg(jsonTypeName(bal)));
        return std::nullopt;
    }
    const QJsonObject balances = bal.toObject();
    for (auto it = balances.begin(); it != balances.end(); ++it) {
        if (!it.value().isDouble() || !std::isfinite(it.value().toDouble())) {
            setError(error, QStringLiteral("balances.") + it.key() + QStringLiteral(": ") +
                                tr("expected a number, got %1").arg(jsonTypeName(it.value())));
            return std::nullopt;
        }
        b.balances.insert(it.key(), it.value().toDouble());
    }
    auto array = [&](const QString& key, QJsonArray* out) {
        if (!o.contains(key))
            return true;
        const QJsonValue v = o.value(key);
        if (!v.isArray()) {
            setError(error, key + QStringLiteral(": ") +
                                tr("expected an array, got %1").arg(jsonTypeName(v)));
            return false;
        }
        *out = v.toArray();
        return true;
    };
    auto strings = [&](const QString& key, QStringList* out) {
        QJsonArray a;
        if (!array(key, &a))
            return false;
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a[i].isString()) {
                setError(error, at({}, key, i) + QStringLiteral(": ") +
                                    tr("expected a string, got %1").arg(jsonTypeName(a[i])));
                return false;
            }
            *out << a[i].toString();
        }
        return true;
    };
    auto objects = [&](const QString& key, auto parse) {
        QJsonArray a;
        if (!array(key, &a))
            return false;
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QString where = at({}, key, i);
            if (!a[i].isObject()) {
                setError(error, where + QStringLiteral(": ") +
                                    tr("expected an object, got %1").arg(jsonTypeName(a[i])));
                return false;
            }
            if (!parse(a[i].toObject(), where))
                return false;
        }
        return true;
    };
    if (!strings(QStringLiteral("cut_off"), &b.cutOff) ||
        !strings(QStringLiteral("warnings"), &b.warnings))
        return std::nullopt;
    QSet<QString> ids;
    const bool entriesOk =
        objects(QStringLiteral("entries"), [&](const QJsonObject& e, const QString& where) {
            const auto entry = ledgerEntryFromJson(e, error, where);
            if (!entry)
                return false;
            if (ids.contains(entry->id)) {
                setError(error, where + QStringLiteral(".id: ") +
                                    tr("\"%1\" appears twice").arg(entry->id));
                return false;
            }
            ids.insert(entry->id);
            b.entries << *entry;
            return true;
        });
    if (!entriesOk)
        return std::nullopt;
    const bool gapsOk =
        objects(QStringLiteral("gaps"), [&](const QJsonObject& g, const QString& where) {
            const auto gap = coverageGapFromJson(g, error, where);
            if (gap)
                b.gaps << *gap;
            return gap.has_value();
        });
    if (!gapsOk)
        return std::nullopt;
    return b;
}

std::optional<Books> booksFromJsonText(const QByteArray& text, QString* error)
{
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
    if (pe.error != QJsonParseError::NoError) {
        setError(error, tr("malformed JSON at offset %1: %2").arg(pe.offset).arg(pe.errorString()));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        setError(error, tr("expected a JSON object of books"));
        return std::nullopt;
    }
    return booksFromJson(doc.object(), error);
}

} // namespace gw
