#pragma once

// gpuwarden-cli report --trace FILE | --history FILE [--policy FILE]
//                      [--last 24h | --from T [--to T]] [--tz ZONE] [--server NAME]…
//                      --format csv [--output PATH] [--split]
//                      --format pdf --output FILE [--paper a4|letter]
//
// A report's content (docs/reports.md) over a range of recorded readings:
// coverage per server, each GPU and MIG instance, each user, as CSV: one
// file with a `table` column (to PATH, or stdout without --output), or with
// --split one file per table, PATH/<table>.csv. The range: --last (ending
// now; 24h when neither is given) or --from/--to (--to defaults to now),
// times as `replay` reads them, in --tz, else the policy's [tokens]
// time_zone, else this machine's zone, which is also the zone of the CSV's
// times. The hour before the range is read too, so a reading just before
// it counts for its part inside, and a GPU that stopped reporting shows with
// zero coverage.
//
// How the readings were read goes to stderr and into the report's warnings:
// each server whose sampling interval was inferred, and each whose time in
// the range was mostly gaps (readings/readingstream.h).
//
// PDF: the report laid out on pages (ui/report/reportdocument.h), A4 or
// Letter, to FILE (`-`: stdout, only into a pipe). It needs the
// QApplication that cli_main.cpp makes for `report`.
//
// Exit 0 done; 1 a file could not be read or written, or a trace line is
// bad (named); 2 a bad option or a refused policy.

#include <QCommandLineParser>

namespace gw::cli {

void addReportOptions(QCommandLineParser& parser);
int reportCommand(const QCommandLineParser& parser);

} // namespace gw::cli
