#include "clicoord.h"

#include "cliio.h"
#include "coord/advice.h"
#include "coord/coordjson.h"
#include "coord/parallelism.h"
#include "numberoptions.h"
#include "policy/policyconfig.h"
#include "remote/coordclient.h"
#include "sampling/commandline.h"
#include "sources/demoworld.h"
#include "sources/localproducer.h"
#include "util/duration.h"
#include "util/printable.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

#include <pwd.h>
#include <unistd.h>

namespace gw::cli {

namespace {

QString opt(const char* name)
{
    return QLatin1String(name);
}

// The login name of the caller: the job's processes will run as this user,
// which is how the agent ends a reservation when they appear.
QString loginName()
{
    if (const passwd* pw = getpwuid(getuid()); pw && pw->pw_name)
        return QString::fromLocal8Bit(pw->pw_name);
    return qEnvironmentVariable("USER");
}

QString number(double v)
{
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::DefaultNumberOptions);
    return c.toString(qint64(v));
}

QString unitLabel(const Candidate& c)
{
    return c.isMig() ? CliTr::tr("GPU %1 MIG %2").arg(c.gpuIndex).arg(c.migIndex)
                     : CliTr::tr("GPU %1").arg(c.gpuIndex);
}

QJsonObject weightsJson(const SelectionWeights& w)
{
    return {{QStringLiteral("free_memory"), w.freeMemory}, {QStringLiteral("idle"), w.idle}};
}

QJsonArray candidatesJson(const QList<Candidate>& units)
{
    QJsonArray a;
    for (const Candidate& c : units)
        a.append(candidateJson(c));
    return a;
}

bool wholeNumber(const QCommandLineParser& p, const char* name, int lo, int hi, QString* error,
                 int* out)
{
    bool ok = false;
    const QString text = p.value(opt(name));
    const int v = text.trimmed().toInt(&ok);
    if (!ok || v < lo || v > hi) {
        *error = CliTr::tr("--%1 must be a whole number from %2 to %3, not \"%4\"")
                     .arg(opt(name))
                     .arg(lo)
                     .arg(hi)
                     .arg(text);
        return false;
    }
    *out = v;
    return true;
}

} // namespace

void addCoordOptions(QCommandLineParser& p)
{
    p.addOption(
        {opt("gpus"), CliTr::tr("select, wait, run: how many GPUs (1 to 64)."), CliTr::tr("n")});
    p.addOption({opt("parallel"),
                 CliTr::tr("select, wait, run: the GPU count from a model's parallelism, "
                           "\"tp=4,pp=2,dp=1\" (world size = tp × pp × max(dp, cp, dcp))."),
                 CliTr::tr("sizes")});
    p.addOption({opt("task"),
                 CliTr::tr("select, wait, run: a task file (JSON or TOML) with the parallelism and "
                           "the model."),
                 CliTr::tr("file")});
    p.addOption({opt("min-free"),
                 CliTr::tr("select, wait, run: free memory each GPU needs, such as 8GiB (default: "
                           "none with --gpus; from the model's size with --parallel or --task)."),
                 CliTr::tr("size")});
    p.addOption({opt("max-util"),
                 CliTr::tr("select, wait, run: refuse GPUs busier than this percentage."),
                 CliTr::tr("percent")});
    p.addOption(
        {opt("mig"),
         CliTr::tr("select, wait, run: MIG instances as units: allow (when not enough whole "
                   "GPUs qualify), only, never (default: allow)."),
         CliTr::tr("allow|only|never")});
    p.addOption({opt("wait"),
                 CliTr::tr("select, wait, run: wait up to this long for enough GPUs, such as 5m "
                           "(default: 0, answer at once)."),
                 CliTr::tr("span")});
    p.addOption(
        {opt("ttl"),
         CliTr::tr("select, run with --source: how long the agent holds the GPUs for the job "
                   "to start (default: 2m)."),
         CliTr::tr("span")});
    p.addOption(
        {opt("user"),
         CliTr::tr("select, wait, run, advise: the user the GPUs are for (default: your login "
                   "name)."),
         CliTr::tr("name")});
    p.addOption({opt("priority"), CliTr::tr("advise: high, normal (default) or low."),
                 CliTr::tr("priority")});
    p.addOption({opt("attempt"),
                 CliTr::tr("advise: how often the job has waited already (the back-off doubles "
                           "with each)."),
                 CliTr::tr("n")});
}

std::optional<SelectOptions> selectOptions(const QCommandLineParser& p, QString* error)
{
    SelectOptions o;
    o.json = p.isSet(opt("json"));
    const int given =
        int(p.isSet(opt("gpus"))) + int(p.isSet(opt("parallel"))) + int(p.isSet(opt("task")));
    if (given == 0) {
        *error =
            CliTr::tr("give the number of GPUs: --gpus N, --parallel tp=4,pp=2 or --task FILE");
        return std::nullopt;
    }
    if (given > 1) {
        *error = CliTr::tr("give only one of --gpus, --parallel and --task");
        return std::nullopt;
    }

    std::optional<QString> model; // set with --parallel or --task: memory from the heuristic
    if (p.isSet(opt("gpus"))) {
        if (!wholeNumber(p, "gpus", 1, kMaxAllocateGpus, error, &o.request.gpus))
            return std::nullopt;
    } else {
        Parallelism par;
        if (p.isSet(opt("parallel"))) {
            QString why;
            const auto parsed = parseParallelism(p.value(opt("parallel")), &why);
            if (!parsed) {
                *error = CliTr::tr("--parallel: %1").arg(why);
                return std::nullopt;
            }
            par = *parsed;
            model = QString();
        } else {
            QString why;
            const auto task = loadTaskFile(p.value(opt("task")), &why);
            if (!task) {
                *error = CliTr::tr("--task: %1").arg(why);
                return std::nullopt;
            }
            par = task->parallelism;
            model = task->model;
        }
        const qint64 world = par.worldSize();
        if (world > kMaxAllocateGpus) {
            *error = CliTr::tr("%1 needs %2 GPUs; at most %3 can be asked for")
                         .arg(par.text())
                         .arg(world)
                         .arg(kMaxAllocateGpus);
            return std::nullopt;
        }
        o.request.gpus = int(world);
        o.notes << CliTr::tr("%1: world size %2 × %3 × max(%4, %5, %6) = %7 GPUs")
                       .arg(par.text())
                       .arg(par.tp)
                       .arg(par.pp)
                       .arg(par.dp)
                       .arg(par.cp)
                       .arg(par.dcp)
                       .arg(world);
    }

    if (p.isSet(opt("min-free"))) {
        QString why;
        const auto mib = parseMemorySize(p.value(opt("min-free")), &why);
        if (!mib) {
            *error = CliTr::tr("--min-free: %1").arg(why);
            return std::nullopt;
        }
        o.request.minFreeMiB = double(*mib);
    } else if (model) {
        const MemoryEstimate e = memoryHeuristicMiB(*model);
        o.request.minFreeMiB = double(e.mib);
        o.memoryRule = e.rule;
        o.notes << e.rule;
    }

    if (p.isSet(opt("max-util"))) {
        bool ok = false;
        const QString text = p.value(opt("max-util"));
        const double v = text.trimmed().toDouble(&ok);
        if (!ok || !(v >= 0 && v <= 100)) {
            *error =
                CliTr::tr("--max-util must be a percentage from 0 to 100, not \"%1\"").arg(text);
            return std::nullopt;
        }
        o.request.maxUtilizationPercent = v;
    }

    if (p.isSet(opt("mig"))) {
        const QString m = p.value(opt("mig")).trimmed().toLower();
        if (m == QLatin1String("allow"))
            o.request.mig = SelectionRequest::Mig::Allow;
        else if (m == QLatin1String("only"))
            o.request.mig = SelectionRequest::Mig::Only;
        else if (m == QLatin1String("never"))
            o.request.mig = SelectionRequest::Mig::Never;
        else {
            *error = CliTr::tr("--mig must be allow, only or never, not \"%1\"")
                         .arg(p.value(opt("mig")));
            return std::nullopt;
        }
    }

    PolicyConfig::Allocate allocate;
    if (p.isSet(opt("policy"))) {
        const PolicyParseResult r = loadPolicyFile(p.value(opt("policy")));
        if (!r.config) {
            *error = CliTr::tr("--policy: %1").arg(r.errors.join(QLatin1Char('\n')));
            return std::nullopt;
        }
        allocate = r.config->allocate;
    }
    o.weights = {allocate.freeMemoryWeight, allocate.idleWeight};
    // An agent holds for its own [allocate] default_ttl unless --ttl says
    // otherwise (0 leaves the ttl out of the request); a --policy file
    // stands for the agent's.
    o.request.ttlMs = p.isSet(opt("policy")) ? allocate.defaultTtlMs : 0;

    if (p.isSet(opt("wait"))) {
        QString why;
        const auto span = parseDuration(p.value(opt("wait")), &why);
        if (!span) {
            *error = CliTr::tr("--wait: %1").arg(why);
            return std::nullopt;
        }
        o.waitMs = span->count();
    }
    if (p.isSet(opt("ttl"))) {
        QString why;
        const auto span = parseDuration(p.value(opt("ttl")), &why);
        if (!span || span->count() < kMinAllocateTtlMs || span->count() > kMaxAllocateTtlMs) {
            *error =
                span
                    ? CliTr::tr("--ttl must be from 1s to 24h, not \"%1\"").arg(p.value(opt("ttl")))
                    : CliTr::tr("--ttl: %1").arg(why);
            return std::nullopt;
        }
        o.request.ttlMs = span->count();
    }

    o.request.user = p.isSet(opt("user")) ? p.value(opt("user")).trimmed() : loginName();
    if (o.request.user.isEmpty()) {
        *error = p.isSet(opt("user")) ? CliTr::tr("--user must name a user")
                                      : CliTr::tr("no login name found: give --user NAME");
        return std::nullopt;
    }

    QString why;
    if (p.values(opt("source")).size() > 1)
        o.fleet = agentSourcesOption(p, &why);
    else
        o.agent = agentSourceOption(p, &why);
    if (!why.isEmpty()) {
        *error = why;
        return std::nullopt;
    }
    return o;
}

int exitCodeOf(Selection::Outcome outcome)
{
    switch (outcome) {
    case Selection::Outcome::Granted:
        return 0;
    case Selection::Outcome::NotEnough:
        return kExitNoGpus;
    case Selection::Outcome::BadRequest:
        return kExitUsage;
    case Selection::Outcome::Failed:
        break;
    }
    return kExitFailed;
}

Selection selectHere(LocalProducer& producer, const SelectOptions& o)
{
    WallClock clock;
    return rankUntilEnough(
        o.request, o.weights, o.waitMs,
        [&producer](QString* why) -> std::optional<Snapshot> {
            Snapshot s = producer.sampleOnce();
            if (s.gpus.isEmpty()) {
                *why = s.warnings.isEmpty() ? CliTr::tr("no GPU found on this machine")
                                            : CliTr::tr("no GPU found on this machine: %1")
                                                  .arg(s.warnings.join(QStringLiteral("; ")));
                return std::nullopt;
            }
            return s;
        },
        [](qint64) { return ReservationBook(); }, clock);
}

Selection allocateAtAgent(const AgentEndpoint& agent, const SelectOptions& o)
{
    const AllocateReply r = requestAllocation(agent, AllocateBody{o.request, o.waitMs});
    Selection s;
    s.units = r.granted;
    s.refused = r.refused;
    s.notes = r.notes;
    s.reservation = r.reservation;
    s.waitedMs = r.waitedMs;
    s.error = r.error;
    if (r.reservation)
        s.server = r.reservation->server;
    if (r.httpStatus == 200 && r.reservation && r.granted.size() != o.request.gpus) {
        // Never hand a job fewer (or more) GPUs than it asked for.
        s.outcome = Selection::Outcome::Failed;
        s.error = CliTr::tr("the agent granted %1 units, %2 asked; not used")
                      .arg(r.granted.size())
                      .arg(o.request.gpus);
    } else if (r.httpStatus == 200 && r.reservation) {
        s.outcome = Selection::Outcome::Granted;
    } else if (r.httpStatus == 409 && r.overCap) {
        // Past a cap of [accounts]: waiting does not help until the
        // caller's own work ends.
        s.outcome = Selection::Outcome::BadRequest;
    } else if (r.httpStatus == 409) {
        s.outcome = Selection::Outcome::NotEnough;
    } else if (r.httpStatus == 400) {
        s.outcome =
            Selection::Outcome::BadRequest; // the agent refused an option (a wait over its cap)
    } else {
        s.outcome = Selection::Outcome::Failed;
        if (s.error.isEmpty())
            s.error = CliTr::tr("the agent granted nothing (HTTP %1)").arg(r.httpStatus);
    }
    return s;
}

Selection waitAtAgent(const AgentEndpoint& agent, const SelectOptions& o)
{
    bool warned = false;
    WallClock clock;
    return rankUntilEnough(
        o.request, o.weights, o.waitMs,
        [&agent](QString* why) { return readAgentSnapshot(agent, why); },
        [&agent, &warned](qint64 now) {
            QString why;
            const auto state = requestAllocationState(agent, &why);
            if (state)
                return heldUnits(*state, now);
            if (!warned)
                note(CliTr::tr("reservations unknown, waiting as if there were none: %1").arg(why));
            warned = true;
            return ReservationBook();
        },
        clock);
}

namespace {

// `value` as one word for sh: as it is when it holds only
// [A-Za-z0-9,._:/-], single-quoted otherwise (agents send these values;
// eval must never run one).
QString shellWord(const QString& value)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9,._:/-]*$"));
    QString v = value;
    if (!plain.match(v).hasMatch())
        v = QLatin1Char('\'') + v.replace(QLatin1Char('\''), QStringLiteral("'\\''")) +
            QLatin1Char('\'');
    return v;
}

} // namespace

namespace {

// The --source agents as selectAcrossFleet asks them.
class SourceFleet final : public FleetAgents
{
public:
    SourceFleet(const QList<AgentEndpoint>& fleet, const SelectOptions& once, bool reserve)
        : m_fleet(fleet)
        , m_once(once)
        , m_reserve(reserve)
    {}
    qsizetype count() const override { return m_fleet.size(); }
    QString address(qsizetype i) const override { return m_fleet[i].url.toString(); }
    std::optional<Snapshot> latest(qsizetype i, QString* why) override
    {
        return readAgentSnapshot(m_fleet[i], why);
    }
    Selection ask(qsizetype i) override
    {
        return m_reserve ? allocateAtAgent(m_fleet[i], m_once) : waitAtAgent(m_fleet[i], m_once);
    }

private:
    const QList<AgentEndpoint>& m_fleet;
    const SelectOptions& m_once;
    bool m_reserve;
};

} // namespace

namespace {

// The simulated demo fleet as selectAcrossFleet sees it: each server read
// now, ranked here, nothing reserved (nobody else sees the demo's GPUs).
class DemoFleet final : public FleetAgents
{
public:
    DemoFleet(int servers, const SelectOptions& once)
        : m_world(servers)
        , m_once(once)
    {}
    qsizetype count() const override { return m_world.serverCount(); }
    QString address(qsizetype) const override { return QStringLiteral("demo"); }
    std::optional<Snapshot> latest(qsizetype i, QString*) override
    {
        return m_world.serverAt(int(i), QDateTime::currentMSecsSinceEpoch());
    }
    Selection ask(qsizetype i) override
    {
        WallClock clock;
        return rankUntilEnough(
            m_once.request, m_once.weights, 0, [this, i](QString* why) { return latest(i, why); },
            [](qint64) { return ReservationBook(); }, clock);
    }

private:
    DemoWorld m_world;
    const SelectOptions& m_once;
};

} // namespace

Selection selectInDemo(int servers, const SelectOptions& o)
{
    SelectOptions once = o;
    once.waitMs = 0;
    DemoFleet demo(servers, once);
    WallClock clock;
    Selection s = gw::selectAcrossFleet(demo, o.request.gpus, o.waitMs, clock);
    for (const QString& line : s.passedOver)
        note(line);
    return s;
}

Selection selectAcrossFleet(const QList<AgentEndpoint>& fleet, const SelectOptions& o, bool reserve)
{
    SelectOptions once = o;
    once.waitMs = 0;
    SourceFleet agents(fleet, once, reserve);
    WallClock clock;
    Selection s = gw::selectAcrossFleet(agents, o.request.gpus, o.waitMs, clock);
    for (const QString& line : s.passedOver)
        note(line);
    return s;
}

QString exportLine(const QString& value)
{
    return QStringLiteral("export CUDA_VISIBLE_DEVICES=") + shellWord(value) + QLatin1Char('\n');
}

int reportSelection(const Selection& s, const SelectOptions& o)
{
    const int rc = exitCodeOf(s.outcome);
    if (rc != 0 && rc != kExitNoGpus)
        return fail(rc, s.error);
    if (!s.granted()) {
        // One line per unit: why each refused one was, and that the others would do.
        QStringList lines{s.error};
        for (const Candidate& c : s.units)
            lines
                << CliTr::tr("%1: qualifies (score %2)").arg(unitLabel(c)).arg(c.score, 0, 'f', 3);
        for (const QString& why : s.refused) // the agent's words: one line each
            lines << printableText(why);
        if (o.json) {
            print(stdout,
                  QString::fromUtf8(
                      QJsonDocument(
                          QJsonObject{
                              {QStringLiteral("error"), s.error},
                              {QStringLiteral("refused"), QJsonArray::fromStringList(s.refused)},
                              {QStringLiteral("qualified"), candidatesJson(s.units)},
                              {QStringLiteral("waited_ms"), double(s.waitedMs)},
                          })
                          .toJson()));
        }
        return fail(kExitNoGpus, lines.join(QLatin1Char('\n')));
    }

    QStringList ids;
    for (const Candidate& c : s.units)
        ids << CliTr::tr("%1 (score %2, %3 MiB free)")
                   .arg(unitLabel(c))
                   .arg(c.score, 0, 'f', 3)
                   .arg(number(c.freeMiB));
    note(s.reservation
             ? CliTr::tr("reserved on %1 for %2 until %3: %4")
                   .arg(printableText(s.server), printableText(s.reservation->user),
                        QDateTime::fromMSecsSinceEpoch(s.reservation->expiresMs)
                            .toString(QStringLiteral("HH:mm:ss")),
                        ids.join(QStringLiteral(", ")))
             : CliTr::tr("%1: %2").arg(printableText(s.server), ids.join(QStringLiteral(", "))));
    for (const QString& why : s.notes) // a degraded GPU taken, and why it came last
        note(printableText(why));
    if (o.json) {
        QJsonObject j{
            {QStringLiteral("server"), s.server},
            {QStringLiteral("source"), s.source.isEmpty() ? QJsonValue() : s.source},
            {QStringLiteral("cuda_visible_devices"), s.cudaVisibleDevices()},
            {QStringLiteral("reservation"),
             s.reservation ? QJsonValue(reservationJson(*s.reservation)) : QJsonValue()},
            {QStringLiteral("granted"), candidatesJson(s.units)},
            {QStringLiteral("refused"), QJsonArray::fromStringList(s.refused)},
            {QStringLiteral("notes"), QJsonArray::fromStringList(s.notes)},
            // The agent ranks with its own weights and does not say them.
            {QStringLiteral("weights"),
             o.agent ? QJsonValue() : QJsonValue(weightsJson(o.weights))},
            {QStringLiteral("min_free_mib"), o.request.minFreeMiB},
            {QStringLiteral("memory_rule"),
             o.memoryRule.isEmpty() ? QJsonValue() : QJsonValue(o.memoryRule)},
            {QStringLiteral("waited_ms"), double(s.waitedMs)},
        };
        print(stdout, QString::fromUtf8(QJsonDocument(j).toJson()));
    } else {
        print(stdout, exportLine(s.cudaVisibleDevices()));
        // Asked of several agents: which one, for the job to run there.
        if (!s.source.isEmpty())
            print(stdout, QStringLiteral("export GPUWARDEN_SERVER=%1\nexport GPUWARDEN_SOURCE=%2\n")
                              .arg(shellWord(s.server), shellWord(s.source)));
    }
    return 0;
}

namespace {

// select and wait: the options, the notes, and a producer for this machine.
int selectOrWait(const QCommandLineParser& parser, bool reserve)
{
    QString error;
    const auto o = selectOptions(parser, &error);
    if (!o)
        return fail(kExitUsage, error);
    for (const QString& n : o->notes)
        note(n);
    if (parser.isSet(opt("demo"))) {
        if (o->agent || !o->fleet.isEmpty())
            return fail(kExitUsage, CliTr::tr("give --demo or --source, not both"));
        const Selection s = selectInDemo(demoServersOption(parser), *o);
        if (s.granted())
            note(CliTr::tr("the demo fleet is simulated: nothing reserved"));
        return reportSelection(s, *o);
    }
    if (!o->fleet.isEmpty()) {
        const Selection s = selectAcrossFleet(o->fleet, *o, reserve);
        if (!reserve && s.granted())
            note(CliTr::tr("nothing reserved (wait only waits; select reserves)"));
        return reportSelection(s, *o);
    }
    if (o->agent) {
        const Selection s = reserve ? allocateAtAgent(*o->agent, *o) : waitAtAgent(*o->agent, *o);
        if (!reserve && s.granted())
            note(CliTr::tr("nothing reserved (wait only waits; select reserves)"));
        return reportSelection(s, *o);
    }
    const auto sampler = samplerOptions(parser, &error);
    if (!sampler)
        return fail(kExitUsage, error);
    LocalProducer producer(*sampler, backendOption(parser));
    note(producer.init());
    if (reserve)
        note(CliTr::tr("no agent: nothing reserved (--source URL reserves at the agent)"));
    return reportSelection(selectHere(producer, *o), *o);
}

} // namespace

int selectCommand(const QCommandLineParser& parser)
{
    return selectOrWait(parser, true);
}

int waitCommand(const QCommandLineParser& parser)
{
    return selectOrWait(parser, false);
}

int adviseCommand(const QCommandLineParser& p)
{
    QString error;
    if (!p.isSet(QStringLiteral("source")))
        return fail(kExitUsage, CliTr::tr("advise needs an agent (--source URL): advice comes from "
                                          "the agent's record of each user's use"));
    const auto agent = agentSourceOption(p, &error);
    if (!agent)
        return fail(kExitUsage, error);
    const QString user = p.isSet(opt("user")) ? p.value(opt("user")).trimmed() : loginName();
    if (user.isEmpty())
        return fail(kExitUsage, p.isSet(opt("user"))
                                    ? CliTr::tr("--user must name a user")
                                    : CliTr::tr("no login name found: give --user NAME"));
    Priority priority = Priority::Normal;
    if (p.isSet(opt("priority"))) {
        const auto parsed = parsePriority(p.value(opt("priority")), &error);
        if (!parsed)
            return fail(kExitUsage, CliTr::tr("--priority: %1").arg(error));
        priority = *parsed;
    }
    int attempt = 0;
    if (p.isSet(opt("attempt")) && !wholeNumber(p, "attempt", 0, 1000, &error, &attempt))
        return fail(kExitUsage, error);

    const auto advice = requestAdvice(*agent, user, priority, attempt, &error);
    if (!advice)
        return fail(kExitFailed, error);
    if (p.isSet(opt("json"))) {
        print(stdout, QString::fromUtf8(QJsonDocument(adviceJson(*advice)).toJson()));
        return 0;
    }
    const auto pct = [](double v) {
        return QString::number(v, 'f', v == qint64(v) ? 0 : 1);
    };
    print(stdout,
          CliTr::tr("%1 (%2 priority) may use %3% of the GPUs now, uses %4%\n"
                    "  quota:     %5\n"
                    "  load band: %6\n"
                    "  defensive: %7\n"
                    "%8\n")
              .arg(advice->user, priorityName(advice->priority), pct(advice->allowedSharePercent),
                   pct(advice->sharePercent), advice->quota.reason, advice->band.reason,
                   advice->defensive.reason, advice->reason));
    return 0;
}

} // namespace gw::cli
