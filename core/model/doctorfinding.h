#pragma once

// A finding of `gpuwarden-agent doctor` (agent/doctor.h): ok, warning or
// error, the check, what was found and what to do. Here, below the agent,
// so the command line prints a remote agent's findings (GET /v1/doctor,
// `gpuwarden-cli doctor --source URL`) as the agent prints its own.

#include <QJsonArray>
#include <QList>
#include <QString>

#include <optional>

namespace gw {

struct DoctorFinding
{
    enum class Level
    {
        Ok,
        Warning,
        Error,
    };
    Level level = Level::Ok;
    QString check; // "config", "nvml", …
    QString text;  // what was found
    QString fix;   // what to do; empty when nothing needs doing

    bool operator==(const DoctorFinding&) const = default;
};

QString doctorLevelName(DoctorFinding::Level level); // "ok", "warning", "error"
// One line per finding ("warning  nvml        …"), its fix indented below.
QString doctorText(const QList<DoctorFinding>& findings);
// [{"level": "warning", "check": "nvml", "text": "…", "fix": "…"}, …]
QJsonArray doctorJson(const QList<DoctorFinding>& findings);
// The same read back; nothing (with `error`) for anything else.
std::optional<QList<DoctorFinding>> doctorFromJson(const QJsonArray& array, QString* error);
// 0 every finding ok, 1 the worst a warning, 2 an error.
int doctorExitCode(const QList<DoctorFinding>& findings);

} // namespace gw
