#include "policy/policycheck.h"

#include "policy/policyconfig.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace gw {

PolicyCheckOutcome checkPolicyFile(const QString& path, bool json)
{
    const PolicyParseResult r = loadPolicyFile(path);
    PolicyCheckOutcome outcome;
    for (const QString& w : r.warnings)
        outcome.err += w + QLatin1Char('\n');
    for (const QString& e : r.errors)
        outcome.err += e + QLatin1Char('\n');
    if (!r.config) {
        outcome.exitCode = r.unreadable ? 1 : 2;
        return outcome;
    }
    outcome.out = json ? QString::fromUtf8(QJsonDocument(policyToJson(*r.config)).toJson())
                       : QCoreApplication::translate("gw::policy", "%1: valid\n").arg(path) +
                             policySummary(*r.config);
    return outcome;
}

} // namespace gw
