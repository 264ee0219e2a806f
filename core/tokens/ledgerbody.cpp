#include "tokens/ledgerbody.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace gw {

std::optional<LedgerBody> ledgerBodyFromJson(const QByteArray& body, QString* error)
{
    auto fail = [&](const QString& why) -> std::optional<LedgerBody> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parse);
    if (parse.error != QJsonParseError::NoError)
        return fail(QStringLiteral("the body is not JSON: %1 at offset %2")
                        .arg(parse.errorString())
                        .arg(parse.offset));
    if (!doc.isObject())
        return fail(QStringLiteral("the body must be a JSON object"));
    const QJsonObject o = doc.object();
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() != QLatin1String("user") && it.key() != QLatin1String("amount") &&
            it.key() != QLatin1String("reason"))
            return fail(
                QStringLiteral("%1: unknown key (expected user, amount, reason)").arg(it.key()));
    }
    LedgerBody out;
    const QJsonValue user = o.value(QStringLiteral("user"));
    if (!user.isString() || user.toString().trimmed().isEmpty())
        return fail(QStringLiteral("user: required, a user name"));
    out.user = user.toString().trimmed();
    const QJsonValue amount = o.value(QStringLiteral("amount"));
    if (!amount.isDouble())
        return fail(QStringLiteral("amount: required, a number of tokens"));
    out.amount = amount.toDouble();
    if (!std::isfinite(out.amount) || out.amount == 0)
        return fail(QStringLiteral("amount: must be a finite number other than 0"));
    if (std::abs(out.amount) > kMaxAdjustmentTokens)
        return fail(QStringLiteral("amount: %1 is out of range: at most %2 tokens either way")
                        .arg(out.amount)
                        .arg(kMaxAdjustmentTokens, 0, 'f', 0));
    const QJsonValue reason = o.value(QStringLiteral("reason"));
    if (!reason.isString() || reason.toString().trimmed().isEmpty())
        return fail(QStringLiteral("reason: required, why the balance is adjusted"));
    out.reason = reason.toString().trimmed();
    return out;
}

} // namespace gw
