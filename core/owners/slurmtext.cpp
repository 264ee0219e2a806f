#include "owners/slurmtext.h"

#include "util/printable.h"
#include "util/textparse.h"

#include <QCoreApplication>

#include <utility>

namespace gw::owners {

namespace {

using namespace Qt::StringLiterals;

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(gw::owners)
};

// "Key=" at the start of a token: a letter, then letters, digits and the
// ':', '/' and '_' of keys such as AllocNode:Sid and CPUs/Task.
qsizetype keyLength(QStringView token)
{
    if (token.isEmpty() || !token[0].isLetter())
        return -1;
    for (qsizetype i = 1; i < token.size(); ++i) {
        const QChar c = token[i];
        if (c == u'=')
            return i;
        if (!c.isLetterOrNumber() && c != u':' && c != u'/' && c != u'_')
            return -1;
    }
    return -1;
}

// The pairs in order; a token that does not start a pair belongs to the
// value before it (Slurm leaves spaces in a few values, such as Comment).
QList<std::pair<QString, QString>> pairs(const QString& line)
{
    QList<std::pair<QString, QString>> out;
    for (QStringView token : QStringView(line).split(u' ', Qt::SkipEmptyParts)) {
        const qsizetype k = keyLength(token);
        if (k > 0)
            out.append({token.first(k).toString(), token.sliced(k + 1).toString()});
        else if (!out.isEmpty())
            out.last().second += u' ' + token.toString();
    }
    return out;
}

QString valueOf(const QList<std::pair<QString, QString>>& ps, QLatin1StringView key)
{
    for (const auto& [k, v] : ps) {
        if (k == key)
            return v;
    }
    return {};
}

QString orEmpty(const QString& v)
{
    return v == "(null)"_L1 ? QString() : v;
}

} // namespace

std::optional<QList<int>> parseIndexList(QStringView text)
{
    QList<int> out;
    for (QStringView part : text.split(u',')) {
        const qsizetype dash = part.indexOf(u'-');
        bool ok1 = false;
        bool ok2 = true;
        const int from = (dash < 0 ? part : part.first(dash)).toInt(&ok1);
        const int to = dash < 0 ? from : part.sliced(dash + 1).toInt(&ok2);
        if (!ok1 || !ok2 || from < 0 || to < from || to - from >= 1024 ||
            out.size() + (to - from) >= 1024)
            return std::nullopt;
        for (int i = from; i <= to; ++i)
            out.append(i);
    }
    return out;
}

std::optional<SlurmJob> parseScontrolJob(QByteArrayView line, QString* error)
{
    const auto fail = [error](const QString& why) -> std::optional<SlurmJob> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const auto ps = pairs(QString::fromUtf8(line).trimmed());
    SlurmJob job;
    job.jobId = valueOf(ps, "JobId"_L1);
    if (job.jobId.isEmpty())
        return fail(Tr::tr("scontrol: no JobId in \"%1\"").arg(printableText(excerpt(line, 80))));
    if (!parseU64(job.jobId.toUtf8()))
        return fail(Tr::tr("scontrol: JobId \"%1\" is not a number")
                        .arg(printableText(job.jobId.left(40))));
    const QString userId = valueOf(ps, "UserId"_L1);
    const qsizetype open = userId.lastIndexOf(u'(');
    bool uidOk = false;
    const uint uid = open > 0 && userId.endsWith(u')')
                         ? QStringView(userId).sliced(open + 1).chopped(1).toUInt(&uidOk)
                         : 0;
    if (!uidOk)
        return fail(Tr::tr("scontrol: job %1: UserId \"%2\" is not name(uid)")
                        .arg(job.jobId, printableText(userId.left(80))));
    job.user = userId.first(open);
    job.uid = uid;
    job.name = valueOf(ps, "JobName"_L1);
    job.account = orEmpty(valueOf(ps, "Account"_L1));
    job.partition = orEmpty(valueOf(ps, "Partition"_L1));
    job.state = valueOf(ps, "JobState"_L1);
    job.nodeList = orEmpty(valueOf(ps, "NodeList"_L1));
    for (QStringView t : QStringView(valueOf(ps, "TRES"_L1)).split(u',')) {
        if (t.startsWith("gres/gpu="_L1)) {
            bool ok = false;
            const int n = t.sliced(9).toInt(&ok);
            if (ok && n >= 0)
                job.gpuCount = n;
        }
    }
    // -d: "GRES=gpu:2(IDX:0-1)", "gpu:a100:2(IDX:0,2)", several kinds
    // comma-separated ("gpu:2(IDX:0-1),mps:0").
    for (const auto& [k, v] : ps) {
        if (k != "GRES"_L1)
            continue;
        const qsizetype at = v.startsWith("gpu"_L1) ? 0 : v.indexOf(",gpu"_L1);
        if (at < 0)
            continue;
        const qsizetype idx = v.indexOf("(IDX:"_L1, at);
        const qsizetype close = idx < 0 ? -1 : v.indexOf(u')', idx);
        if (close > idx) {
            if (const auto list = parseIndexList(QStringView(v).sliced(idx + 5, close - idx - 5)))
                job.gpuIndices = *list;
        }
        break; // this node's line comes first; one node is what an agent sees
    }
    return job;
}

QList<SlurmPid> parseListPids(QByteArrayView bytes, QStringList* warnings)
{
    QList<SlurmPid> out;
    const QString text = QString::fromUtf8(bytes);
    int lineNumber = 0;
    for (QStringView line : QStringView(text).split(u'\n')) {
        ++lineNumber;
        // The tool prints "There are no steps …" right after the heading,
        // on the same line when it has no rows to end it.
        const qsizetype none = line.indexOf("There are no steps"_L1);
        if (none >= 0)
            line = line.first(none);
        const QList<QStringView> f = line.split(u' ', Qt::SkipEmptyParts);
        if (f.isEmpty() || f[0] == "PID"_L1)
            continue;
        bool pidOk = false;
        const qint64 pid = f[0].toLongLong(&pidOk);
        bool jobOk = false;
        if (f.size() >= 3)
            (void)f[1].toULongLong(&jobOk);
        if (!pidOk || pid <= 0 || !jobOk) {
            if (warnings)
                *warnings << Tr::tr("scontrol listpids: line %1 is not \"PID JOBID STEPID …\": %2")
                                 .arg(lineNumber)
                                 .arg(printableText(line.left(80).toString().trimmed()));
            continue;
        }
        out.append({pid, f[1].toString(), f[2].toString()});
    }
    return out;
}

} // namespace gw::owners
