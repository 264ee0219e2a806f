#include "tokens/tokensjson.h"

#include "model/jsonfields.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QSet>

namespace gw {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::TokensJson)
};

using P = JsonFields::Presence;

constexpr qint64 kMaxSlices = 1024;

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
    // Only where known: a reader before accounts refuses keys it does not
    // know, and most facts have none.
    if (!f.account.isEmpty())
        o.insert(QStringLiteral("account"), f.account);
    if (f.energyMj || f.noEnergySeconds) {
        o.insert(QStringLiteral("energy_mj"), f.energyMj);
        o.insert(QStringLiteral("no_energy_seconds"), f.noEnergySeconds);
    }
    return o;
}

std::optional<UsageFact> usageFactFromJson(const QJsonObject& o, QString* error,
                                           const QString& path)
{
    static const QStringList kKeys{
        QStringLiteral("server"),           QStringLiteral("user"),
        QStringLiteral("gpu_model"),        QStringLiteral("mig_profile"),
        QStringLiteral("mig_slices"),       QStringLiteral("gpu_slices"),
        QStringLiteral("hour_start_ms"),    QStringLiteral("held_gpu_seconds"),
        QStringLiteral("used_gpu_seconds"), QStringLiteral("account"),
        QStringLiteral("energy_mj"),        QStringLiteral("no_energy_seconds")};
    JsonFields r(o, error, path);
    r.onlyKeys(kKeys);
    UsageFact f;
    readInto(f.server, r.text(QStringLiteral("server")));
    readInto(f.user, r.text(QStringLiteral("user")));
    readInto(f.gpuModel, r.text(QStringLiteral("gpu_model")));
    readInto(f.migProfile, r.text(QStringLiteral("mig_profile"), P::Optional));
    readInto(f.migSlices, r.integer(QStringLiteral("mig_slices"), P::Optional, 0, kMaxSlices));
    readInto(f.gpuSlices, r.integer(QStringLiteral("gpu_slices"), P::Optional, 0, kMaxSlices));
    readInto(f.hourStartMs, r.integer(QStringLiteral("hour_start_ms")));
    readInto(f.heldGpuSeconds, r.number(QStringLiteral("held_gpu_seconds")));
    readInto(f.usedGpuSeconds, r.number(QStringLiteral("used_gpu_seconds")));
    readInto(f.account, r.text(QStringLiteral("account"), P::Optional));
    readInto(f.energyMj, r.number(QStringLiteral("energy_mj"), P::Optional));
    readInto(f.noEnergySeconds, r.number(QStringLiteral("no_energy_seconds"), P::Optional));
    if (f.energyMj < 0)
        r.fail(QStringLiteral("energy_mj"), QStringLiteral("must be 0 or more"));
    if (f.noEnergySeconds < 0)
        r.fail(QStringLiteral("no_energy_seconds"), QStringLiteral("must be 0 or more"));
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
    JsonFields r(o, error, path);
    r.onlyKeys(kKeys);
    CoverageGap g;
    readInto(g.server, r.text(QStringLiteral("server")));
    readInto(g.fromMs, r.integer(QStringLiteral("from_ms")));
    readInto(g.toMs, r.integer(QStringLiteral("to_ms")));
    if (r.ok() && g.toMs < g.fromMs)
        r.fail(QStringLiteral("to_ms"), Tr::tr("before from_ms"));
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
    if (e.energyKWh || e.pricePerKwh) { // charge = "energy"
        o.insert(QStringLiteral("energy_kwh"), e.energyKWh);
        o.insert(QStringLiteral("price_per_kwh"), e.pricePerKwh);
    }
    if (!e.migProfile.isEmpty() || e.migSlices || e.gpuSlices) {
        o.insert(QStringLiteral("mig_profile"), e.migProfile);
        o.insert(QStringLiteral("mig_slices"), e.migSlices);
        o.insert(QStringLiteral("gpu_slices"), e.gpuSlices);
    }
    if (!e.account.isEmpty())
        o.insert(QStringLiteral("account"), e.account);
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
                                   QStringLiteral("energy_kwh"),
                                   QStringLiteral("price_per_kwh"),
                                   QStringLiteral("by"),
                                   QStringLiteral("reason"),
                                   QStringLiteral("detail"),
                                   QStringLiteral("account")};
    static const QStringList kKinds = [] {
        QStringList names;
        for (LedgerEntry::Kind k :
             {LedgerEntry::Kind::Grant, LedgerEntry::Kind::Monthly, LedgerEntry::Kind::Daily,
              LedgerEntry::Kind::Usage, LedgerEntry::Kind::Adjustment})
            names << ledgerKindName(k);
        return names;
    }();
    JsonFields r(o, error, path);
    r.onlyKeys(kKeys);
    LedgerEntry e;
    readInto(e.id, r.nonEmptyText(QStringLiteral("id")));
    if (const auto kind = r.choice(QStringLiteral("kind"), kKinds))
        e.kind = ledgerKindFromName(*kind).value_or(e.kind);
    readInto(e.user, r.text(QStringLiteral("user")));
    readInto(e.atMs, r.integer(QStringLiteral("at_ms")));
    readInto(e.amount, r.number(QStringLiteral("amount")));
    readInto(e.server, r.text(QStringLiteral("server"), P::Optional));
    readInto(e.gpuModel, r.text(QStringLiteral("gpu_model"), P::Optional));
    readInto(e.migProfile, r.text(QStringLiteral("mig_profile"), P::Optional));
    readInto(e.migSlices, r.integer(QStringLiteral("mig_slices"), P::Optional, 0, kMaxSlices));
    readInto(e.gpuSlices, r.integer(QStringLiteral("gpu_slices"), P::Optional, 0, kMaxSlices));
    readInto(e.account, r.text(QStringLiteral("account"), P::Optional));
    readInto(e.hourStartMs, r.integer(QStringLiteral("hour_start_ms"), P::Optional));
    readInto(e.gpuHours, r.number(QStringLiteral("gpu_hours"), P::Optional));
    readInto(e.pricePerGpuHour, r.number(QStringLiteral("price_per_gpu_hour"), P::Optional));
    readInto(e.energyKWh, r.number(QStringLiteral("energy_kwh"), P::Optional));
    readInto(e.pricePerKwh, r.number(QStringLiteral("price_per_kwh"), P::Optional));
    readInto(e.by, r.text(QStringLiteral("by"), P::Optional));
    readInto(e.reason, r.text(QStringLiteral("reason"), P::Optional));
    readInto(e.detail, r.text(QStringLiteral("detail"), P::Optional));
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
    JsonFields r(o, error);
    r.onlyKeys(kKeys);
    Books b;
    readInto(b.balances, r.numbers(QStringLiteral("balances")));
    const auto entries = r.array(QStringLiteral("entries"));
    readInto(b.cutOff, r.strings(QStringLiteral("cut_off"), P::Optional));
    readInto(b.warnings, r.strings(QStringLiteral("warnings"), P::Optional));
    QSet<QString> ids;
    if (entries)
        r.objects(QStringLiteral("entries"), *entries, b.entries,
                  [&](const QJsonObject& e, QString* why,
                      const QString& where) -> std::optional<LedgerEntry> {
                      auto entry = ledgerEntryFromJson(e, why, where);
                      if (entry && ids.contains(entry->id)) {
                          *why = where + QStringLiteral(".id: ") +
                                 Tr::tr("\"%1\" appears twice").arg(entry->id);
                          return std::nullopt;
                      }
                      if (entry)
                          ids.insert(entry->id);
                      return entry;
                  });
    r.objects(QStringLiteral("gaps"), P::Optional, b.gaps, coverageGapFromJson);
    if (!r.ok())
        return std::nullopt;
    return b;
}

std::optional<Books> booksFromJsonText(const QByteArray& text, QString* error)
{
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
    if (pe.error != QJsonParseError::NoError) {
        setError(error,
                 Tr::tr("malformed JSON at offset %1: %2").arg(pe.offset).arg(pe.errorString()));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        setError(error, Tr::tr("expected a JSON object of books"));
        return std::nullopt;
    }
    return booksFromJson(doc.object(), error);
}

} // namespace gw
