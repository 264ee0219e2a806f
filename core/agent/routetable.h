#pragma once

// The agent's routes as a table. A route declares its path (Qt HttpServer's
// pattern, "<arg>" for one segment), the methods it answers, the scope it
// needs and its handler; each desk adds its own routes (RouteDesk) and the
// server binds the table once. For every request the table does, in order:
//
//   path ─► method (405 with Allow; HEAD wherever GET) ─► Admission (413,
//   429, 401, 403) ─► the route's handler ─► the reply (HEAD: headers only)
//
// Several routes may share a path with different methods and scopes
// (GET /v1/policy: read; PUT /v1/policy: admin).

#include "agent/admission.h"
#include "agent/apireply.h"

#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QHttpServer;
class QHttpServerResponder;

namespace gw {

// A request let through admission, as a handler sees it.
struct RouteRequest
{
    const QHttpServerRequest& http;
    QStringList args; // the path's "<arg>" segments, in order
    // The token presented (null on Scope::Anyone routes).
    std::shared_ptr<const AgentToken> token;

    // The presented token's name; empty without one.
    QString tokenName() const { return token ? token->name : QString(); }
};

struct Route
{
    using Respond = std::function<QHttpServerResponse(const RouteRequest&)>;
    // A handler that answers on the responder itself: later (a held
    // allocation) or in pieces (a stream).
    using Answer = std::function<void(const RouteRequest&, QHttpServerResponder&&)>;

    QString path;
    QHttpServerRequest::Methods methods = QHttpServerRequest::Method::Get;
    Scope scope = Scope::Read;
    Respond respond; // one of the two
    Answer answer;
};

class RouteTable
{
public:
    // `envelope`: who answers the cursor routes' pages (instance, stream,
    // clock); routes that page by cursor take a copy.
    explicit RouteTable(std::function<CursorEnvelope()> envelope = {})
        : m_envelope(std::move(envelope))
    {}
    const std::function<CursorEnvelope()>& envelope() const { return m_envelope; }

    void add(Route route);
    void add(const QString& path, QHttpServerRequest::Methods methods, Scope scope,
             Route::Respond respond);
    void addAnswering(const QString& path, QHttpServerRequest::Methods methods, Scope scope,
                      Route::Answer answer);

    const QList<Route>& routes() const { return m_routes; }
    // The routes for `path`, in the order they were added.
    QList<const Route*> find(const QString& path) const;

    // Hands every path to `server` (once, in the order first added) with the
    // method check, `admission` and the reply around each handler, and a
    // JSON 404 for every other path. Routes added after this are not served.
    void bind(QHttpServer& server, Admission& admission) const;

private:
    std::function<CursorEnvelope()> m_envelope;
    QList<Route> m_routes;
};

// Sends `response`, or for HEAD (`head`) its status and headers with the
// Content-Length the body would have had, and no body: what the table does
// with a Respond handler's answer, for Answer handlers that answer later.
void sendResponse(bool head, const QHttpServerResponse& response, QHttpServerResponder&& responder);

// A part of the agent that serves routes: it adds them to the table, and
// the server binds them with the same admission as every other route.
class RouteDesk
{
public:
    virtual ~RouteDesk() = default;
    virtual void addRoutes(RouteTable& table) = 0;
};

} // namespace gw
