#pragma once

// GET /v1/readings?from=MS&to=MS (read scope): the agent's own record of a
// range as readings, JSON Lines of snapshot JSON (the trace format,
// docs/traces.md), for reports made elsewhere (`gpuwarden-cli report
// --source URL`, docs/reports.md "Sources and the daily report").
//
// The record is the agent's history store, read by HistoryReadings: it
// keeps the range a report needs (a day and the hour before it) where the
// journal keeps 24 hours by default, and the readings are the ones a report
// from the same history file reads. 404 no_history when agent.toml has no
// `history`.
//
// Streamed with HTTP/1.1 chunked transfer coding, a few hundred readings a
// chunk, the next chunk made only once the socket has sent most of what it
// holds: a day of 1 Hz readings is never in memory. Each request reads the
// file with a read-only connection of its own (WAL lets the agent's writer
// go on); it runs on the agent's HTTP thread, between other requests.
// Errors before the first byte are the API's JSON errors (400 naming the
// parameter); a read error after it ends the stream without its last
// chunk, so the client sees a cut reply, never a short one that looks
// whole.

#include "agent/routetable.h"

#include <QHttpServerResponder>
#include <QString>

class QHttpServerRequest;

namespace gw {

class ReadingsRoute final : public RouteDesk
{
public:
    // The longest range served.
    static constexpr qint64 kMaxRangeMs = 31LL * 24 * 3'600'000;

    // `historyPath` empty: the agent keeps no history (404 no_history).
    explicit ReadingsRoute(QString historyPath);

    // GET /v1/readings: read scope.
    void addRoutes(RouteTable& table) override;

    // Answers `request` (already let through as read scope) on `responder`.
    void respond(const QHttpServerRequest& request, QHttpServerResponder&& responder) const;

private:
    QString m_path;
};

} // namespace gw
