#include "window/policytext.h"

#include <QRegularExpression>

namespace gw::policytext {

namespace {

// Where a comment starts in `line` (outside strings), or -1.
qsizetype commentStart(const QString& line)
{
    QChar quote;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            if (c == QLatin1Char('\\') && quote == QLatin1Char('"'))
                ++i;
            else if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
        } else if (c == QLatin1Char('#')) {
            return i;
        }
    }
    return -1;
}

// Opening minus closing brackets and braces outside strings and comments.
int bracketDelta(const QString& line)
{
    int depth = 0;
    QChar quote;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (!quote.isNull()) {
            if (c == QLatin1Char('\\') && quote == QLatin1Char('"'))
                ++i;
            else if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
        } else if (c == QLatin1Char('#')) {
            break;
        } else if (c == QLatin1Char('[') || c == QLatin1Char('{')) {
            ++depth;
        } else if (c == QLatin1Char(']') || c == QLatin1Char('}')) {
            --depth;
        }
    }
    return depth;
}

QString normalSection(QString name)
{
    name.remove(QLatin1Char(' '));
    name.remove(QLatin1Char('"'));
    return name;
}

struct Entry
{
    enum Kind
    {
        Header,
        Key
    } kind;
    QString name; // section (for headers) or key
    QString section;
    int first = 0;
    int last = 0; // the last line of a multi-line value
};

QList<Entry> scan(const QStringList& lines)
{
    static const QRegularExpression header(QStringLiteral(R"(^\s*\[([^\[\]]+)\]\s*(#.*)?$)"));
    static const QRegularExpression keyLine(
        QStringLiteral(R"(^\s*([A-Za-z0-9_-]+|"[^"]*")\s*=(.*)$)"));
    QList<Entry> out;
    QString section;
    for (int i = 0; i < lines.size(); ++i) {
        const QString& line = lines[i];
        if (const auto m = header.match(line); m.hasMatch()) {
            section = normalSection(m.captured(1));
            out << Entry{Entry::Header, section, section, i, i};
            continue;
        }
        if (const auto m = keyLine.match(line); m.hasMatch()) {
            Entry e{Entry::Key, m.captured(1), section, i, i};
            e.name.remove(QLatin1Char('"'));
            int depth = bracketDelta(m.captured(2));
            while (depth > 0 && e.last + 1 < lines.size())
                depth += bracketDelta(lines[++e.last]);
            out << e;
            i = e.last;
        }
    }
    return out;
}

QStringList splitLines(const QString& text)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast(); // the final newline
    return lines;
}

QString joinLines(const QStringList& lines)
{
    return lines.isEmpty() ? QString() : lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

// The header of `section` and the line after its body (the next header, or
// the end).
std::optional<std::pair<int, int>> findSection(const QList<Entry>& entries, int lineCount,
                                               const QString& section)
{
    for (qsizetype i = 0; i < entries.size(); ++i) {
        if (entries[i].kind != Entry::Header || entries[i].name != section)
            continue;
        int end = lineCount;
        for (qsizetype j = i + 1; j < entries.size(); ++j)
            if (entries[j].kind == Entry::Header) {
                end = entries[j].first;
                break;
            }
        return std::pair{entries[i].first, end};
    }
    return std::nullopt;
}

QStringList appendSection(QStringList lines, const QString& section, const QStringList& body)
{
    if (!lines.isEmpty() && !lines.last().trimmed().isEmpty())
        lines << QString();
    lines << QStringLiteral("[%1]").arg(section);
    lines << body;
    return lines;
}

} // namespace

QString string(const QString& text)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : text) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\') + c;
        else if (c == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else if (c == QLatin1Char('\t'))
            out += QStringLiteral("\\t");
        else if (c.unicode() < 0x20)
            out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + QLatin1Char('"');
}

QString number(double value)
{
    return QString::number(value, 'g', 15);
}

QString boolean(bool value)
{
    return value ? QStringLiteral("true") : QStringLiteral("false");
}

QString stringArray(const QStringList& items)
{
    QStringList quoted;
    for (const QString& s : items)
        quoted << string(s);
    return QStringLiteral("[") + quoted.join(QStringLiteral(", ")) + QStringLiteral("]");
}

QString key(const QString& name)
{
    static const QRegularExpression bare(QStringLiteral("^[A-Za-z0-9_-]+$"));
    return bare.match(name).hasMatch() ? name : string(name);
}

QString setKey(const QString& text, const QString& section, const QString& keyName,
               const QString& value)
{
    QStringList lines = splitLines(text);
    const QList<Entry> entries = scan(lines);
    const QString newLine = keyName + QStringLiteral(" = ") + value;
    const auto range = findSection(entries, int(lines.size()), section);
    if (!range)
        return joinLines(appendSection(lines, section, {newLine}));
    int insertAt = range->first + 1;
    for (const Entry& e : entries) {
        if (e.kind != Entry::Key || e.section != section || e.first < range->first ||
            e.first >= range->second)
            continue;
        if (e.name != keyName) {
            insertAt = e.last + 1;
            continue;
        }
        const QString old = lines[e.first];
        qsizetype indent = 0;
        while (indent < old.size() && old[indent].isSpace())
            ++indent;
        QString replaced = old.left(indent) + newLine;
        if (e.first == e.last) {
            const qsizetype hash = commentStart(old);
            if (hash >= 0)
                replaced += QLatin1Char(' ') + old.mid(hash);
        }
        lines.remove(e.first, e.last - e.first + 1);
        lines.insert(e.first, replaced);
        return joinLines(lines);
    }
    lines.insert(insertAt, newLine);
    return joinLines(lines);
}

QString removeKey(const QString& text, const QString& section, const QString& keyName)
{
    QStringList lines = splitLines(text);
    const QList<Entry> entries = scan(lines);
    for (const Entry& e : entries) {
        if (e.kind == Entry::Key && e.section == section && e.name == keyName) {
            lines.remove(e.first, e.last - e.first + 1);
            return joinLines(lines);
        }
    }
    return text;
}

QString setSection(const QString& text, const QString& section, const QStringList& body)
{
    QStringList lines = splitLines(text);
    const QList<Entry> entries = scan(lines);
    const auto range = findSection(entries, int(lines.size()), section);
    if (!range)
        return body.isEmpty() ? text : joinLines(appendSection(lines, section, body));
    int lastUsed = range->first; // blank lines after the body stay
    for (int i = range->second - 1; i > range->first; --i)
        if (!lines[i].trimmed().isEmpty()) {
            lastUsed = i;
            break;
        }
    if (body.isEmpty()) {
        int to = lastUsed;
        if (to + 1 < range->second)
            ++to; // one blank line with it
        lines.remove(range->first, to - range->first + 1);
        while (!lines.isEmpty() && lines.last().trimmed().isEmpty())
            lines.removeLast();
        return joinLines(lines);
    }
    lines.remove(range->first + 1, lastUsed - range->first);
    for (qsizetype i = 0; i < body.size(); ++i)
        lines.insert(range->first + 1 + i, body[i]);
    return joinLines(lines);
}

QStringList sections(const QString& text)
{
    QStringList out;
    for (const Entry& e : scan(splitLines(text)))
        if (e.kind == Entry::Header)
            out << e.name;
    return out;
}

QString Problem::text() const
{
    if (line <= 0)
        return reason;
    return QStringLiteral("%1:%2: %3").arg(line).arg(column).arg(reason);
}

Problem parseProblem(const QString& message)
{
    static const QRegularExpression positioned(QStringLiteral(R"(^(.*?):(\d+):(\d+): (.*)$)"),
                                               QRegularExpression::DotMatchesEverythingOption);
    const auto m = positioned.match(message);
    if (!m.hasMatch())
        return Problem{0, 0, message};
    return Problem{m.captured(2).toInt(), m.captured(3).toInt(), m.captured(4)};
}

} // namespace gw::policytext
