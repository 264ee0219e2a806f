#pragma once

// An RFC 4180 reader for the tests: reads the report's CSV back into rows
// of fields, strictly (a stray quote, an unclosed quoted field or a bare CR
// is an error naming line:column), so a writer mistake cannot pass by being
// read leniently. Only for tests: nothing outside reads a report's CSV.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gw::test {

inline std::optional<QList<QStringList>> readCsv(const QByteArray& text, QString* error)
{
    QList<QStringList> rows;
    QStringList row;
    QByteArray cell;
    int line = 1, column = 1;
    const auto fail = [&](const char* why) {
        *error = QStringLiteral("%1:%2: %3").arg(line).arg(column).arg(QLatin1String(why));
        return std::nullopt;
    };
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        if (text[i] == '"') {
            ++i;
            ++column;
            for (;;) {
                if (i >= n)
                    return fail("quoted field not closed");
                if (text[i] == '"') {
                    if (i + 1 < n && text[i + 1] == '"') {
                        cell += '"';
                        i += 2;
                        column += 2;
                        continue;
                    }
                    ++i;
                    ++column;
                    break;
                }
                if (text[i] == '\n') {
                    ++line;
                    column = 0;
                }
                cell += text[i++];
                ++column;
            }
            if (i < n && text[i] != ',' && text[i] != '\r')
                return fail("text after a quoted field");
        }
        while (i < n && text[i] != ',' && text[i] != '\r') {
            if (text[i] == '"')
                return fail("quote inside an unquoted field");
            if (text[i] == '\n')
                return fail("line break without CR");
            cell += text[i++];
            ++column;
        }
        row << QString::fromUtf8(cell);
        cell.clear();
        if (i >= n)
            return fail("last line without CRLF");
        if (text[i] == ',') {
            ++i;
            ++column;
            continue;
        }
        // CR: must be CRLF.
        if (i + 1 >= n || text[i + 1] != '\n')
            return fail("CR without LF");
        i += 2;
        rows << row;
        row.clear();
        ++line;
        column = 1;
    }
    return rows;
}

} // namespace gw::test
