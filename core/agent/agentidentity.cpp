#include "agent/agentidentity.h"

#include "util/savefile.h"
#include "util/textparse.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUuid>

namespace gw {

namespace {

// The namespace of identities derived from a machine id (UUID version 5);
// fixed forever, or every derived identity would change.
const QUuid kMachineNamespace(QStringLiteral("8f0e4d7a-3b52-4c1e-9a6d-2f7b9c1e5a30"));

constexpr qint64 kMaxIdentityFileBytes = 256;

// The machine id as systemd writes it: 32 hex digits; empty if none.
QString readMachineId(const QString& path)
{
    const auto bytes = readSmallFile(path, nullptr, kMaxIdentityFileBytes);
    if (!bytes)
        return {};
    const QString text = QString::fromLatin1(*bytes).trimmed();
    if (text.size() != 32)
        return {};
    for (const QChar c : text) {
        if (!c.isDigit() && !(c >= QLatin1Char('a') && c <= QLatin1Char('f')) &&
            !(c >= QLatin1Char('A') && c <= QLatin1Char('F')))
            return {};
    }
    return text.toLower();
}

// Derived from the machine, else this run's; `why` says why no file.
AgentIdentity fallback(quint16 port, const QString& instance, const QString& machineIdPath,
                       const QString& why)
{
    AgentIdentity identity;
    const QString machine = readMachineId(machineIdPath);
    if (!machine.isEmpty()) {
        identity.id = QUuid::createUuidV5(kMachineNamespace,
                                          machine + QLatin1Char(':') + QString::number(port))
                          .toString(QUuid::WithoutBraces);
        identity.source = AgentIdentity::Source::Machine;
        identity.note =
            why.isEmpty()
                ? QStringLiteral("derived from %1 and port %2").arg(machineIdPath).arg(port)
                : QStringLiteral("%1; derived from %2 and port %3 instead")
                      .arg(why, machineIdPath)
                      .arg(port);
        return identity;
    }
    identity.id = instance;
    identity.source = AgentIdentity::Source::Run;
    identity.note =
        (why.isEmpty() ? QString() : why + QStringLiteral("; ")) +
        QStringLiteral("%1 holds no machine id: the identity is this run's and changes at the next "
                       "start (desktops watching this agent see a new server)")
            .arg(machineIdPath);
    return identity;
}

} // namespace

QString agentIdentitySourceName(AgentIdentity::Source source)
{
    switch (source) {
    case AgentIdentity::Source::File:
        return QStringLiteral("file");
    case AgentIdentity::Source::Machine:
        return QStringLiteral("machine");
    case AgentIdentity::Source::Run:
        break;
    }
    return QStringLiteral("run");
}

QString agentIdentityPath(const QString& journalPath)
{
    if (journalPath.isEmpty())
        return {};
    const QFileInfo journal(journalPath);
    return journal.dir().filePath(journal.completeBaseName() + QStringLiteral(".agent-id"));
}

AgentIdentity resolveAgentIdentity(const QString& journalPath, quint16 port,
                                   const QString& instance, const QString& machineIdPath)
{
    const QString path = agentIdentityPath(journalPath);
    if (path.isEmpty())
        return fallback(port, instance, machineIdPath, {});
    if (QFile::exists(path)) {
        QString why;
        const auto bytes = readSmallFile(path, &why, kMaxIdentityFileBytes);
        if (!bytes)
            return fallback(port, instance, machineIdPath,
                            QStringLiteral("cannot read the identity file %1").arg(why));
        const QUuid uuid = QUuid::fromString(QString::fromLatin1(*bytes).trimmed());
        if (uuid.isNull())
            return fallback(port, instance, machineIdPath,
                            QStringLiteral("the identity file %1 holds no identity (a UUID was "
                                           "expected); it is left as it is")
                                .arg(path));
        return {uuid.toString(QUuid::WithoutBraces), AgentIdentity::Source::File, {}};
    }
    AgentIdentity identity{
        QUuid::createUuid().toString(QUuid::WithoutBraces), AgentIdentity::Source::File, {}};
    QString error;
    if (!writeFileWhole(path, identity.id.toLatin1() + '\n', &error))
        return fallback(port, instance, machineIdPath,
                        QStringLiteral("the identity cannot be kept (%1)").arg(error));
    identity.note = QStringLiteral("a new identity, kept in %1").arg(path);
    return identity;
}

} // namespace gw
