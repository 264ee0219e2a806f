#pragma once

// A Report as CSV (docs/reports.md): RFC 4180 (CRLF, fields with a comma,
// quote or line break quoted, quotes doubled), UTF-8, a header row, times in
// ISO 8601 with the offset of the report's time zone, numbers with a dot and
// no grouping whatever the locale, absent figures as empty fields. One table
// per kind of row (report, coverage, gap, unit, user, user_model, account,
// job, finding, pattern, warning):
// each on its own, or all in one file whose first column, `table`, names
// the table of the row and whose header is every table's columns in turn.

#include "report/report.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace gw {

struct CsvTable
{
    QString name;       // "unit"
    QStringList header; // column names
    QList<QStringList> rows;
};

// The report's tables, in the order above; every table is there, with only
// its header when it has no rows.
QList<CsvTable> reportTables(const Report& report);

// One table as a CSV file.
QByteArray csvOfTable(const CsvTable& table);
// Every table in one file, with the `table` column.
QByteArray reportCsv(const Report& report);

// How numbers and times are written (shared with tests that read them back).
QString csvNumber(double v);
QString csvTime(qint64 ms, const QString& timeZone);
// "hog", "held_idle", "over_quota", "overdraft", "coverage"
QString findingKindName(Finding::Kind kind);
// "contact_owner", "adjust_quota", "enable_enforcement", "check_agent"
QString findingAdviceName(Finding::Advice advice);

} // namespace gw
