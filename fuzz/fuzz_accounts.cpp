// policy.toml's [accounts] as an admin might mistype it, and the accounts it
// gives at work: every account named, members valid, caps within 0..256;
// whom each fixed person is charged to, what a fixed reading with
// reservations holds, and the caps of requests from 0 to 300 GPUs must be
// consistent (a request within every cap passes none; a verdict names a
// cap that is set and really passed); the effective policy writes back to
// the same accounts. ([contacts] has a target of its own, fuzz_contacts.)
#include "policy/accounts.h"
#include "policy/policyconfig.h"

#include <cstddef>
#include <cstdint>

namespace {

using namespace gw;
using namespace Qt::StringLiterals;

Snapshot fixedReading()
{
    Snapshot s;
    s.server = u"node-1"_s;
    s.timestampMs = 1'795'340'000'000;
    for (int i = 0; i < 4; ++i) {
        GpuSample g;
        g.index = i;
        g.uuid = u"GPU-%1"_s.arg(i);
        s.gpus << g;
    }
    const auto add = [&](const QString& user, int gpu, qint64 pid, const QString& account) {
        GpuProcess p;
        p.pid = pid;
        p.startTimeMs = s.timestampMs - pid * 1000;
        p.user = user;
        p.gpuUuid = u"GPU-%1"_s.arg(gpu);
        if (!account.isEmpty())
            p.owner = ProcessOwner{user, account, u"label"_s, false};
        s.processes << p;
    };
    add(u"alice"_s, 0, 10, {});
    add(u"alice"_s, 1, 11, {});
    add(u"bob"_s, 2, 12, u"vision"_s);
    add(u"carol"_s, 3, 13, u"nlp"_s);
    add(u"carol"_s, 3, 14, {});
    return s;
}

QStringList groupsOf(const QString& user)
{
    if (user == "alice"_L1)
        return {u"vision"_s, u"students"_s};
    if (user == "dora"_L1)
        return {u"students"_s};
    return {user};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const Snapshot reading = fixedReading();
    static const QStringList people{u"alice"_s, u"bob"_s, u"carol"_s, u"dora"_s, u"x"_s};
    const QByteArray text(reinterpret_cast<const char*>(data), qsizetype(size));
    const PolicyParseResult r = parsePolicy(text, QStringLiteral("fuzz.toml"));
    if (r.config.has_value() != r.errors.isEmpty())
        __builtin_trap();
    for (const QString& e : r.errors + r.warnings)
        if (!e.startsWith(QLatin1String("fuzz.toml:")))
            __builtin_trap();
    if (!r.config)
        return 0;
    const PolicyConfig::Accounts& accounts = r.config->accounts;
    if (accounts.maxGpusPerUser < 0 || accounts.maxGpusPerUser > kMaxGpusPerServer)
        __builtin_trap();
    QString previous;
    for (const AccountSpec& a : accounts.list) {
        if (a.name.isEmpty() || a.name <= previous || a.maxGpus < 0 ||
            a.maxGpus > kMaxGpusPerServer || a.maxGpusPerMember < 0 ||
            a.maxGpusPerMember > kMaxGpusPerServer ||
            (a.sharePercent && !(*a.sharePercent >= 0 && *a.sharePercent <= 100)))
            __builtin_trap();
        for (const QString& m : a.users + a.groups)
            if (m.isEmpty() || m.startsWith(u'@'))
                __builtin_trap();
        previous = a.name;
    }
    const Holdings held = holdingsOf(reading, *r.config,
                                     {ReservedUnits{u"dora"_s, {u"0"_s, u"MIG-x"_s}, 0}}, groupsOf);
    for (const QString& user : people) {
        const QString account = accountOf(accounts, user, {}, groupsOf);
        if (!account.isEmpty() && !findAccount(accounts, account))
            __builtin_trap(); // without a workload's, only a configured account
        for (const int requested : {0, 1, 2, 5, 300}) {
            const auto cap = capPassed(accounts, held, user, account, requested);
            if (!cap)
                continue;
            if (cap->limit <= 0 || cap->held + requested <= cap->limit ||
                cap->requested != requested || cap->text(user).isEmpty())
                __builtin_trap();
        }
    }
    const PolicyParseResult again =
        parsePolicy(policyTomlFromJson(policyToJson(*r.config)), QStringLiteral("fuzz.toml"));
    if (!again.config || !(again.config->accounts == accounts))
        __builtin_trap();
    return 0;
}
