#include "model/doctorfinding.h"

#include <QJsonObject>

#include <algorithm>

namespace gw {

using Level = DoctorFinding::Level;

QString doctorLevelName(Level level)
{
    switch (level) {
    case Level::Ok:
        return QStringLiteral("ok");
    case Level::Warning:
        return QStringLiteral("warning");
    case Level::Error:
        return QStringLiteral("error");
    }
    return {};
}

QString doctorText(const QList<DoctorFinding>& findings)
{
    QString text;
    for (const DoctorFinding& f : findings) {
        text += QStringLiteral("%1 %2 %3\n")
                    .arg(doctorLevelName(f.level), -8)
                    .arg(f.check, -11)
                    .arg(f.text);
        if (!f.fix.isEmpty())
            text += QStringLiteral("%1→ %2\n").arg(QString(21, QLatin1Char(' ')), f.fix);
    }
    return text;
}

QJsonArray doctorJson(const QList<DoctorFinding>& findings)
{
    QJsonArray out;
    for (const DoctorFinding& f : findings)
        out.append(QJsonObject{{QStringLiteral("level"), doctorLevelName(f.level)},
                               {QStringLiteral("check"), f.check},
                               {QStringLiteral("text"), f.text},
                               {QStringLiteral("fix"), f.fix}});
    return out;
}

std::optional<QList<DoctorFinding>> doctorFromJson(const QJsonArray& array, QString* error)
{
    QList<DoctorFinding> out;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QJsonObject o = array[i].toObject();
        DoctorFinding f;
        const QString level = o.value(QStringLiteral("level")).toString();
        bool known = false;
        for (const Level l : {Level::Ok, Level::Warning, Level::Error})
            if (doctorLevelName(l) == level) {
                f.level = l;
                known = true;
            }
        f.check = o.value(QStringLiteral("check")).toString();
        f.text = o.value(QStringLiteral("text")).toString();
        f.fix = o.value(QStringLiteral("fix")).toString();
        if (!known || f.check.isEmpty() || f.text.isEmpty()) {
            if (error)
                *error = QStringLiteral("finding %1 is not {\"level\": ok|warning|error, "
                                        "\"check\", \"text\", \"fix\"}")
                             .arg(i + 1);
            return std::nullopt;
        }
        out << f;
    }
    return out;
}

int doctorExitCode(const QList<DoctorFinding>& findings)
{
    int worst = 0;
    for (const DoctorFinding& f : findings)
        worst = std::max(worst, f.level == Level::Error ? 2 : f.level == Level::Warning ? 1 : 0);
    return worst;
}

} // namespace gw
