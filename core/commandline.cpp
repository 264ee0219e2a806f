#include "commandline.h"

#include "agentclient.h"
#include "secretstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace gw {

namespace {
QString tr(const char* s)
{
    return QCoreApplication::translate("gw::CommandLine", s);
}
} // namespace

void addSamplerOptions(QCommandLineParser& p)
{
    p.addOption({QStringLiteral("backend"),
                 tr("GPU backend: auto (NVML, then nvidia-smi, then amdgpu), nvml, nvidia-smi, "
                    "amdgpu or host."),
                 tr("name"), QStringLiteral("auto")});
    p.addOption({QStringLiteral("proc-root"), tr("Root of the /proc tree to read."), tr("dir"),
                 QStringLiteral("/proc")});
    p.addOption({QStringLiteral("sys-root"), tr("Root of the /sys tree to read."), tr("dir"),
                 QStringLiteral("/sys")});
    p.addOption({QStringLiteral("cgroup-root"), tr("Where the cgroup file systems are mounted."),
                 tr("dir"), QStringLiteral("/sys/fs/cgroup")});
    p.addOption({QStringLiteral("nvml-library"),
                 tr("NVML library to load (name searched on the library path, or a path)."),
                 tr("file"), QStringLiteral("libnvidia-ml.so.1")});
    p.addOption({QStringLiteral("nvidia-smi"), tr("nvidia-smi program (name on PATH, or a path)."),
                 tr("file"), QStringLiteral("nvidia-smi")});
}

std::optional<SamplerOptions> samplerOptions(const QCommandLineParser& p, QString* error)
{
    SamplerOptions o;
    o.procRoot = p.value(QStringLiteral("proc-root"));
    o.sysRoot = p.value(QStringLiteral("sys-root"));
    o.cgroupRoot = p.value(QStringLiteral("cgroup-root"));
    o.nvmlLibrary = p.value(QStringLiteral("nvml-library"));
    o.smiProgram = p.value(QStringLiteral("nvidia-smi"));
    for (const auto& [name, dir] : {std::pair{QStringLiteral("--proc-root"), o.procRoot},
                                    std::pair{QStringLiteral("--sys-root"), o.sysRoot}}) {
        if (!QFileInfo(dir).isDir()) {
            *error = tr("%1: \"%2\" is not a directory").arg(name, dir);
            return std::nullopt;
        }
    }
    const QString backend = backendOption(p);
    static const QStringList known{QStringLiteral("auto"), QStringLiteral("nvml"),
                                   QStringLiteral("nvidia-smi"), QStringLiteral("amdgpu"),
                                   QStringLiteral("host")};
    if (!known.contains(backend)) {
        *error = tr("--backend: unknown backend \"%1\" (known: %2)")
                     .arg(backend, known.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    return o;
}

QString backendOption(const QCommandLineParser& p)
{
    return p.value(QStringLiteral("backend"));
}

void addAgentSourceOption(QCommandLineParser& p)
{
    p.addOption({QStringLiteral("source"),
                 tr("Read a gpuwarden-agent at this URL instead of this machine (token from "
                    "GPUWARDEN_TOKEN, else from the keychain)."),
                 tr("url")});
    p.addOption({QStringLiteral("pin"),
                 tr("With an https:// --source: accept only the certificate with this SHA-256 "
                    "fingerprint (AB:CD:…, as openssl x509 -fingerprint -sha256 prints it), "
                    "self-signed or not."),
                 tr("sha256")});
}

std::optional<QUrl> agentUrlOption(const QCommandLineParser& p, QString* error)
{
    if (!p.isSet(QStringLiteral("source")))
        return std::nullopt;
    const QString text = p.value(QStringLiteral("source"));
    const QUrl url(text);
    if (!url.isValid() || url.host().isEmpty() ||
        (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
        *error =
            tr("--source: expected an http:// or https:// URL of an agent, got \"%1\"").arg(text);
        return std::nullopt;
    }
    return url;
}

std::optional<AgentSource> agentSourceOption(const QCommandLineParser& p, QString* error)
{
    const std::optional<QUrl> url = agentUrlOption(p, error);
    if (!url)
        return std::nullopt;
    AgentSource source{*url, qgetenv("GPUWARDEN_TOKEN"), {}, {}};
    if (p.isSet(QStringLiteral("pin"))) {
        source.pinnedSha256 = parseFingerprint(p.value(QStringLiteral("pin")));
        if (source.pinnedSha256.isEmpty()) {
            *error = tr("--pin: expected a SHA-256 fingerprint (64 hex digits, colons allowed), "
                        "got \"%1\"")
                         .arg(p.value(QStringLiteral("pin")));
            return std::nullopt;
        }
        if (url->scheme() != QLatin1String("https")) {
            *error = tr("--pin needs an https:// --source");
            return std::nullopt;
        }
    }
    if (!source.token.isEmpty()) {
        source.tokenOrigin = tr("the token came from GPUWARDEN_TOKEN");
        return source;
    }
    const QString key = SecretStore::tokenKey(*url);
    const SecretResult stored = SecretStore().readBlocking(key);
    if (stored.secret && !stored.secret->isEmpty()) {
        source.token = *stored.secret;
        source.tokenOrigin = tr("the token came from the keychain (key \"%1\")").arg(key);
    } else if (!stored.error.isEmpty()) {
        source.tokenOrigin =
            tr("no token: GPUWARDEN_TOKEN is not set and the keychain could not be read (key "
               "\"%1\"): %2")
                .arg(key, stored.error);
    } else {
        source.tokenOrigin =
            tr("no token: GPUWARDEN_TOKEN is not set and the keychain has none under \"%1\" "
               "(store one with: gpuwarden-cli token set --source URL)")
                .arg(key);
    }
    return source;
}

} // namespace gw
