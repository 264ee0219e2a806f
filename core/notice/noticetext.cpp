#include "notice/noticetext.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <optional>

namespace gw {

namespace {

// The built-in wording: per language, the templates per kind and the words
// the placeholders need. UTF-8.
struct Words
{
    const char* language;
    // Steps.
    const char* warn;       // %1 time, %2 how long from now
    const char* warnDry;    // %1 time
    const char* terminated; // %1 time
    const char* killed;     // %1 time
    const char* actedDry;   // %1 time
    // Durations.
    const char* hoursMinutes; // %1 h, %2 min
    const char* minutes;
    const char* seconds;
    const char* more;   // %1 notices held back
    const char* optOut; // a notice that announces nothing enforced
    const char* capUser;
    const char* capMember;  // %1 account
    const char* capAccount; // %1 account
};

constexpr Words kWords[] = {
    {"en", "If nothing changes, it will be stopped at %1 (in %2).",
     "Under the policy it would be stopped at %1; this server only records that (dry run).",
     "It was stopped at %1 (SIGTERM).",
     "It did not end after SIGTERM and was killed at %1 (SIGKILL).",
     "Under the policy it would have been stopped at %1; nothing was done (dry run).",
     "%1 h %2 min", "%1 min", "%1 s",
     "(%1 more notices like this one were held back since the last one.)",
     "This notice announces nothing enforced; your admin can switch such notices off for you "
     "(opt_out in [contacts]).",
     "the cap per person", "the cap per member of account %1", "the cap of account %1"},
    {"de", "Wenn sich nichts ändert, wird er um %1 beendet (in %2).",
     "Nach der Richtlinie würde er um %1 beendet; dieser Server zeichnet das nur auf "
     "(Probelauf).",
     "Er wurde um %1 beendet (SIGTERM).",
     "Er endete nach SIGTERM nicht und wurde um %1 abgebrochen (SIGKILL).",
     "Nach der Richtlinie wäre er um %1 beendet worden; es wurde nichts getan (Probelauf).",
     "%1 Std. %2 Min.", "%1 Min.", "%1 Sek.",
     "(Seit dem letzten Hinweis wurden %1 weitere dieser Art zurückgehalten.)",
     "Dieser Hinweis kündigt keine Maßnahme an; Ihr Admin kann solche Hinweise für Sie "
     "abschalten (opt_out in [contacts]).",
     "die Obergrenze pro Person", "die Obergrenze pro Mitglied des Kontos %1",
     "die Obergrenze des Kontos %1"},
    {"zh", "如果情况不变，它将在 %1（%2后）被终止。",
     "按策略它将在 %1 被终止；本服务器只作记录（演练模式）。", "它已于 %1 被终止（SIGTERM）。",
     "它在 SIGTERM 后未结束，已于 %1 被强制终止（SIGKILL）。",
     "按策略它本应在 %1 被终止；实际未做任何操作（演练模式）。", "%1 小时 %2 分钟", "%1 分钟",
     "%1 秒", "（自上一条通知以来，另有 %1 条同类通知被暂缓发送。）",
     "本通知不涉及任何强制措施；管理员可以为您关闭此类通知（[contacts] 中的 opt_out）。",
     "每人上限", "账户 %1 的每成员上限", "账户 %1 的上限"},
};

struct Template
{
    const char* kind;
    const char* language;
    const char* text; // "Subject: …\n\nbody"
};

constexpr Template kTemplates[] = {
    {"idle", "en",
     "Subject: Idle GPU on {server}: {command} (PID {pid})\n\n"
     "Hello {user},\n\n"
     "your process {command} (PID {pid}) holds {memory} on GPU {gpu} of {server} and has not "
     "used it for {duration}.\n{steps}\n"
     "If you still need the GPU, please use it; if not, end the process so that others can "
     "work.\n\n"
     "Your standing on {server}: run `gpuwarden-cli me` there.\n{more}\n{optout}"},
    {"hog", "en",
     "Subject: GPU hog on {server}: {command} (PID {pid})\n\n"
     "Hello {user},\n\n"
     "your process {command} (PID {pid}) has kept GPU {gpu} of {server} at {peak} for "
     "{duration}, longer than the policy allows.\n{steps}\n"
     "Your standing on {server}: run `gpuwarden-cli me` there.\n{more}\n{optout}"},
    {"fair_share", "en",
     "Subject: Over your share of {server}\n\n"
     "Hello {user},\n\n"
     "your GPUs on {server} came to {mean} of the server, above your quota of {quota}.\n"
     "{steps}\n"
     "Your share and fair-share factor: run `gpuwarden-cli me` on {server}.\n{more}\n{optout}"},
    {"over_cap", "en",
     "Subject: Over a GPU cap on {server}\n\n"
     "Hello {user},\n\n"
     "you hold {held} GPUs on {server}; {cap_scope} is {cap}. Your process {command} (PID "
     "{pid}) on GPU {gpu} is past it.\n{steps}\n"
     "Please release the GPUs you do not need.\n{more}\n{optout}"},
    {"xid", "en",
     "Subject: GPU error from your program on {server}\n\n"
     "Hello {user},\n\n"
     "your process {command} (PID {pid}) caused XID {xid} on GPU {gpu} of {server}: "
     "{xid_text}.\nThis is usually a fault of the program or its data; the GPU itself is "
     "fine.\n{more}\n{optout}"},
    {"tokens", "en",
     "Subject: Your GPU tokens on {server}\n\n"
     "Hello {user},\n\n{text}\n\n"
     "Your balance and how it will change: run `gpuwarden-cli me` on {server}.\n{more}"},
    {"", "en",
     "Subject: GPU Warden on {server}\n\nHello {user},\n\n{what}\n{steps}\n{more}\n{optout}"},

    {"idle", "de",
     "Subject: Ungenutzte GPU auf {server}: {command} (PID {pid})\n\n"
     "Hallo {user},\n\n"
     "Ihr Prozess {command} (PID {pid}) belegt {memory} auf GPU {gpu} von {server} und hat sie "
     "seit {duration} nicht genutzt.\n{steps}\n"
     "Wenn Sie die GPU noch brauchen, nutzen Sie sie bitte; sonst beenden Sie den Prozess, "
     "damit andere arbeiten können.\n\n"
     "Ihr Stand auf {server}: `gpuwarden-cli me` dort aufrufen.\n{more}\n{optout}"},
    {"hog", "de",
     "Subject: GPU-Dauerlast auf {server}: {command} (PID {pid})\n\n"
     "Hallo {user},\n\n"
     "Ihr Prozess {command} (PID {pid}) hält GPU {gpu} von {server} seit {duration} bei "
     "{peak}, länger als die Richtlinie erlaubt.\n{steps}\n"
     "Ihr Stand auf {server}: `gpuwarden-cli me` dort aufrufen.\n{more}\n{optout}"},
    {"fair_share", "de",
     "Subject: Über Ihrem Anteil an {server}\n\n"
     "Hallo {user},\n\n"
     "Ihre GPUs auf {server} kamen auf {mean} des Servers, über Ihrem Anteil von {quota}.\n"
     "{steps}\n"
     "Ihr Anteil und Fair-Share-Faktor: `gpuwarden-cli me` auf {server} aufrufen.\n{more}\n"
     "{optout}"},
    {"over_cap", "de",
     "Subject: Über einer GPU-Obergrenze auf {server}\n\n"
     "Hallo {user},\n\n"
     "Sie halten {held} GPUs auf {server}; {cap_scope} ist {cap}. Ihr Prozess {command} (PID "
     "{pid}) auf GPU {gpu} liegt darüber.\n{steps}\n"
     "Bitte geben Sie die GPUs frei, die Sie nicht brauchen.\n{more}\n{optout}"},
    {"xid", "de",
     "Subject: GPU-Fehler durch Ihr Programm auf {server}\n\n"
     "Hallo {user},\n\n"
     "Ihr Prozess {command} (PID {pid}) hat auf GPU {gpu} von {server} XID {xid} ausgelöst: "
     "{xid_text}.\nMeist liegt das am Programm oder an seinen Daten; die GPU selbst ist in "
     "Ordnung.\n{more}\n{optout}"},
    {"tokens", "de",
     "Subject: Ihre GPU-Token auf {server}\n\n"
     "Hallo {user},\n\n{text}\n\n"
     "Ihr Guthaben und wie es sich ändert: `gpuwarden-cli me` auf {server} aufrufen.\n{more}"},
    {"", "de",
     "Subject: GPU Warden auf {server}\n\nHallo {user},\n\n{what}\n{steps}\n{more}\n{optout}"},

    {"idle", "zh",
     "Subject: {server} 上的 GPU 闲置：{command}（PID {pid}）\n\n"
     "{user}，您好：\n\n"
     "您的进程 {command}（PID {pid}）在 {server} 的 GPU {gpu} 上占用了 {memory}，但已有 "
     "{duration} 未使用它。\n{steps}\n"
     "如果您仍需要这块 GPU，请使用它；否则请结束该进程，以便他人使用。\n\n"
     "您在 {server} 上的状态：在该服务器上运行 `gpuwarden-cli me`。\n{more}\n{optout}"},
    {"hog", "zh",
     "Subject: {server} 上的 GPU 长时间高负载：{command}（PID {pid}）\n\n"
     "{user}，您好：\n\n"
     "您的进程 {command}（PID {pid}）使 {server} 的 GPU {gpu} 保持在 {peak} 已有 "
     "{duration}，超过了策略允许的时长。\n{steps}\n"
     "您在 {server} 上的状态：在该服务器上运行 `gpuwarden-cli me`。\n{more}\n{optout}"},
    {"fair_share", "zh",
     "Subject: 您在 {server} 上超出了份额\n\n"
     "{user}，您好：\n\n"
     "您在 {server} 上的 GPU 使用达到服务器的 {mean}，超过了您的配额 {quota}。\n{steps}\n"
     "您的份额和公平共享系数：在 {server} 上运行 `gpuwarden-cli me`。\n{more}\n{optout}"},
    {"over_cap", "zh",
     "Subject: 您在 {server} 上超出了 GPU 上限\n\n"
     "{user}，您好：\n\n"
     "您在 {server} 上占用了 {held} 块 GPU；{cap_scope}为 {cap}。您在 GPU {gpu} 上的进程 "
     "{command}（PID {pid}）超出了上限。\n{steps}\n"
     "请释放您不需要的 GPU。\n{more}\n{optout}"},
    {"xid", "zh",
     "Subject: 您的程序在 {server} 上引发了 GPU 错误\n\n"
     "{user}，您好：\n\n"
     "您的进程 {command}（PID {pid}）在 {server} 的 GPU {gpu} 上引发了 XID {xid}："
     "{xid_text}。\n这通常是程序或其数据的问题；GPU 本身没有故障。\n{more}\n{optout}"},
    {"tokens", "zh",
     "Subject: 您在 {server} 上的 GPU 令牌\n\n"
     "{user}，您好：\n\n{text}\n\n"
     "您的余额及其变化：在 {server} 上运行 `gpuwarden-cli me`。\n{more}"},
    {"", "zh",
     "Subject: {server} 上的 GPU Warden "
     "通知\n\n{user}，您好：\n\n{what}\n{steps}\n{more}\n{optout}"},
};

const Words& wordsFor(const QString& language)
{
    for (const Words& w : kWords)
        if (language == QLatin1String(w.language))
            return w;
    return kWords[0];
}

QString u8(const char* text)
{
    return QString::fromUtf8(text);
}

QString durationWords(double ms, const Words& w)
{
    const qint64 seconds = qint64(std::llround(std::max(0.0, ms) / 1000));
    if (seconds < 60)
        return u8(w.seconds).arg(seconds);
    const qint64 minutes = seconds / 60;
    if (minutes < 60)
        return u8(w.minutes).arg(minutes);
    return u8(w.hoursMinutes).arg(minutes / 60).arg(minutes % 60);
}

QString clock(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("HH:mm"));
}

QString percent(double v)
{
    return QStringLiteral("%1 %").arg(std::round(v * 10) / 10);
}

QString stepsText(const NoticeFacts& f, const Words& w)
{
    QStringList lines;
    for (const PolicyAction& a : f.steps) {
        switch (a.kind) {
        case PolicyAction::Kind::Warning:
            if (a.simulated)
                lines << u8(w.warnDry).arg(clock(a.dueMs.value_or(a.atMs)));
            else
                lines << u8(w.warn).arg(
                    clock(a.dueMs.value_or(a.atMs)),
                    durationWords(double(a.dueMs.value_or(a.atMs) - a.atMs), w));
            break;
        case PolicyAction::Kind::Terminate:
        case PolicyAction::Kind::Kill:
            if (a.simulated)
                lines << u8(w.actedDry).arg(clock(a.atMs));
            else
                lines << u8(a.kind == PolicyAction::Kind::Kill ? w.killed : w.terminated)
                             .arg(clock(a.atMs));
            break;
        case PolicyAction::Kind::Refused:
            break;
        }
    }
    return lines.join(QLatin1Char('\n'));
}

// "Subject: …" then a blank line then the body; nothing when it is not so.
std::optional<std::pair<QString, QString>> splitTemplate(const QString& text)
{
    static const QLatin1String kSubject("Subject:");
    if (!text.startsWith(kSubject))
        return std::nullopt;
    const qsizetype end = text.indexOf(QLatin1Char('\n'));
    if (end < 0)
        return std::pair{text.mid(kSubject.size()).trimmed(), QString()};
    return std::pair{text.mid(kSubject.size(), end - kSubject.size()).trimmed(), text.mid(end + 1)};
}

// Blank lines where an empty placeholder stood run together; none at the
// ends.
QString tidy(QString body)
{
    static const QRegularExpression blankRun(QStringLiteral("\n{3,}"));
    body.replace(blankRun, QStringLiteral("\n\n"));
    return body.trimmed() + QLatin1Char('\n');
}

} // namespace

QString noticeLanguage(const QString& language)
{
    static const QRegularExpression re(QStringLiteral("^([a-zA-Z]{2,3})(?:[_.@-]|$)"));
    const auto m = re.match(language.trimmed());
    if (!m.hasMatch())
        return {};
    return m.captured(1).toLower();
}

bool noticeAnnouncesEnforcement(const NoticeFacts& f)
{
    if (f.kind == QLatin1String("tokens"))
        return true;
    return std::any_of(f.steps.begin(), f.steps.end(),
                       [](const PolicyAction& a) { return !a.simulated; });
}

QStringList builtInNoticeLanguages()
{
    QStringList out;
    for (const Words& w : kWords)
        out << QLatin1String(w.language);
    return out;
}

QString fillNoticeTemplate(const QString& text, const NoticeFacts& f, const QString& language)
{
    const Words& w = wordsFor(language);
    const PolicyEvent& e = f.event;
    const auto value = [&](QStringView name) -> std::optional<QString> {
        if (name == u"user")
            return f.user;
        if (name == u"server")
            return f.server;
        if (name == u"gpu")
            return e.gpuIndex >= 0 ? QString::number(e.gpuIndex) : QStringLiteral("-");
        if (name == u"command")
            return e.command;
        if (name == u"pid")
            return QString::number(e.pid);
        if (name == u"memory")
            return QStringLiteral("%1 MiB").arg(qint64(std::llround(e.memoryMiB)));
        if (name == u"duration")
            return durationWords(e.durationMs, w);
        if (name == u"peak")
            return percent(e.peakPercent);
        if (name == u"mean")
            return percent(e.meanPercent);
        if (name == u"quota")
            return percent(e.quotaPercent);
        if (name == u"account")
            return e.account;
        if (name == u"held")
            return QString::number(e.heldGpus);
        if (name == u"cap")
            return QString::number(e.capGpus);
        if (name == u"cap_scope")
            return e.capScope == QLatin1String("member")    ? u8(w.capMember).arg(e.account)
                   : e.capScope == QLatin1String("account") ? u8(w.capAccount).arg(e.account)
                                                            : u8(w.capUser);
        if (name == u"xid")
            return QString::number(e.xid);
        if (name == u"xid_text")
            return e.xidText;
        if (name == u"what")
            return e.id.isEmpty() ? f.text : policyEventText(e);
        if (name == u"text")
            return f.text;
        if (name == u"steps")
            return stepsText(f, w);
        if (name == u"more")
            return f.heldBack > 0 ? u8(w.more).arg(f.heldBack) : QString();
        if (name == u"optout")
            return noticeAnnouncesEnforcement(f) ? QString() : u8(w.optOut);
        return std::nullopt;
    };
    QString out;
    out.reserve(text.size() + 256);
    qsizetype i = 0;
    while (i < text.size()) {
        const qsizetype open = text.indexOf(QLatin1Char('{'), i);
        if (open < 0) {
            out += QStringView(text).mid(i);
            break;
        }
        out += QStringView(text).mid(i, open - i);
        const qsizetype close = text.indexOf(QLatin1Char('}'), open + 1);
        const auto v =
            close > open ? value(QStringView(text).mid(open + 1, close - open - 1)) : std::nullopt;
        if (v) {
            out += *v;
            i = close + 1;
        } else {
            out += QLatin1Char('{');
            i = open + 1;
        }
    }
    return out;
}

NoticeText wordNotice(const NoticeFacts& facts, const QString& language,
                      const QString& templatesDir)
{
    NoticeText out;
    const QString lang =
        noticeLanguage(language).isEmpty() ? QStringLiteral("en") : noticeLanguage(language);
    // The admin's: <kind>.<language>.txt, then <kind>.txt (their own
    // default wording, taken to be English).
    if (!templatesDir.isEmpty()) {
        const QDir dir(templatesDir);
        const QStringList names{facts.kind + QLatin1Char('.') + lang + QStringLiteral(".txt"),
                                facts.kind + QStringLiteral(".txt")};
        for (const QString& name : names) {
            const QString path = dir.filePath(name);
            if (!QFileInfo::exists(path))
                continue;
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly)) {
                out.problem = QStringLiteral("%1: %2").arg(path, f.errorString());
                break;
            }
            const QByteArray bytes = f.read(64 * 1024);
            const auto parts = splitTemplate(QString::fromUtf8(bytes));
            if (!parts || parts->first.isEmpty()) {
                out.problem = QStringLiteral("%1: the first line must be \"Subject: …\"").arg(path);
                break;
            }
            out.language = name.count(QLatin1Char('.')) == 2 ? lang : QStringLiteral("en");
            out.subject = fillNoticeTemplate(parts->first, facts, out.language).simplified();
            out.body = tidy(fillNoticeTemplate(parts->second, facts, out.language));
            out.source = path;
            return out;
        }
    }
    const Template* chosen = nullptr;
    for (const QString& l : {lang, QStringLiteral("en")}) {
        for (const Template& t : kTemplates)
            if (l == QLatin1String(t.language) && facts.kind == QLatin1String(t.kind)) {
                chosen = &t;
                break;
            }
        if (!chosen)
            for (const Template& t : kTemplates)
                if (l == QLatin1String(t.language) && *t.kind == '\0') {
                    chosen = &t;
                    break;
                }
        if (chosen)
            break;
    }
    const auto parts = splitTemplate(u8(chosen->text));
    out.language = QLatin1String(chosen->language);
    out.subject = fillNoticeTemplate(parts->first, facts, out.language).simplified();
    out.body = tidy(fillNoticeTemplate(parts->second, facts, out.language));
    out.source = QStringLiteral("built-in");
    return out;
}

} // namespace gw
