#include "agent/routetable.h"

#include "agent/apireply.h"

#include <QHttpServer>
#include <QHttpServerResponder>

#include <array>
#include <memory>

namespace gw {

namespace {

using Method = QHttpServerRequest::Method;
using Methods = QHttpServerRequest::Methods;

// Every header our responses carry: HEAD repeats them without the body
// (Qt 6.4's response has no way to list its headers).
constexpr std::array kResponseHeaders = {"Content-Type",     "Cache-Control", "Vary",
                                         "Content-Encoding", "Allow",         "Retry-After",
                                         "WWW-Authenticate"};

void send(const QHttpServerRequest& request, const QHttpServerResponse& response,
          QHttpServerResponder&& responder)
{
    sendResponse(request.method() == Method::Head, response, std::move(responder));
}

// HEAD goes wherever GET goes (RFC 9110 9.3.2), and nowhere else.
bool methodAllowed(Method method, Methods allowed)
{
    return allowed.testFlag(method) || (method == Method::Head && allowed.testFlag(Method::Get));
}

QByteArray allowHeader(Methods allowed)
{
    QByteArrayList names;
    for (const auto& [method, name] :
         {std::pair{Method::Get, "GET, HEAD"}, std::pair{Method::Post, "POST"},
          std::pair{Method::Put, "PUT"}, std::pair{Method::Patch, "PATCH"},
          std::pair{Method::Delete, "DELETE"}}) {
        if (allowed.testFlag(method))
            names.append(name);
    }
    return names.join(", ");
}

// The routes of one path, as bound.
struct PathRoutes
{
    QList<Route> routes;
    Methods methods;
};

void dispatch(const PathRoutes& path, Admission& admission, const QStringList& args,
              const QHttpServerRequest& request, QHttpServerResponder&& responder)
{
    const Route* route = nullptr;
    for (const Route& r : path.routes) {
        if (methodAllowed(request.method(), r.methods)) {
            route = &r;
            break;
        }
    }
    if (!route) {
        const QByteArray allow = allowHeader(path.methods);
        QHttpServerResponse r =
            jsonError(405, QStringLiteral("method_not_allowed"),
                      QStringLiteral("only %1 is served here").arg(QString::fromLatin1(allow)));
        r.addHeader(QByteArrayLiteral("Allow"), allow);
        send(request, r, std::move(responder));
        return;
    }
    Admission::Request asked;
    asked.scope = route->scope;
    asked.client = request.remoteAddress().toString();
    asked.authorization = requestHeader(request, QByteArrayLiteral("Authorization"));
    asked.bodyBytes = request.body().size();
    const Admission::Verdict verdict = admission.admit(asked);
    if (verdict.refusal) {
        QHttpServerResponse r =
            jsonError(verdict.refusal->status, verdict.refusal->code, verdict.refusal->message);
        for (const auto& [name, value] : verdict.refusal->headers)
            r.addHeader(name, value);
        send(request, r, std::move(responder));
        return;
    }
    const RouteRequest call{request, args, verdict.token};
    if (route->answer)
        route->answer(call, std::move(responder));
    else
        send(request, route->respond(call), std::move(responder));
}

} // namespace

// HEAD: the status and headers, and no body (RFC 9110 9.3.2).
void sendResponse(bool head, const QHttpServerResponse& response, QHttpServerResponder&& responder)
{
    if (!head) {
        response.write(std::move(responder));
        return;
    }
    responder.writeStatusLine(response.statusCode());
    for (const char* name : kResponseHeaders) {
        const QByteArray key(name);
        for (const QByteArray& value : response.headers(key))
            responder.writeHeader(key, value);
    }
    responder.writeHeader(QByteArrayLiteral("Content-Length"),
                          QByteArray::number(response.data().size()));
    responder.writeBody(QByteArray());
}

void RouteTable::add(Route route)
{
    Q_ASSERT(bool(route.respond) != bool(route.answer));
    m_routes.append(std::move(route));
}

void RouteTable::add(const QString& path, QHttpServerRequest::Methods methods, Scope scope,
                     Route::Respond respond)
{
    add(Route{path, methods, scope, std::move(respond), {}});
}

void RouteTable::addAnswering(const QString& path, QHttpServerRequest::Methods methods, Scope scope,
                              Route::Answer answer)
{
    add(Route{path, methods, scope, {}, std::move(answer)});
}

QList<const Route*> RouteTable::find(const QString& path) const
{
    QList<const Route*> out;
    for (const Route& r : m_routes) {
        if (r.path == path)
            out.append(&r);
    }
    return out;
}

void RouteTable::bind(QHttpServer& server, Admission& admission) const
{
    QStringList paths;
    for (const Route& r : m_routes) {
        if (!paths.contains(r.path))
            paths.append(r.path);
    }
    Admission* admit = &admission;
    for (const QString& p : std::as_const(paths)) {
        auto routes = std::make_shared<PathRoutes>();
        for (const Route* r : find(p)) {
            routes->routes.append(*r);
            routes->methods |= r->methods;
        }
        switch (p.count(QStringLiteral("<arg>"))) {
        case 0:
            server.route(p, [routes, admit](const QHttpServerRequest& request,
                                            QHttpServerResponder&& responder) {
                dispatch(*routes, *admit, {}, request, std::move(responder));
            });
            break;
        case 1:
            server.route(p, [routes, admit](const QString& a, const QHttpServerRequest& request,
                                            QHttpServerResponder&& responder) {
                dispatch(*routes, *admit, {a}, request, std::move(responder));
            });
            break;
        case 2:
            server.route(p, [routes, admit](const QString& a, const QString& b,
                                            const QHttpServerRequest& request,
                                            QHttpServerResponder&& responder) {
                dispatch(*routes, *admit, {a, b}, request, std::move(responder));
            });
            break;
        case 3:
            server.route(p, [routes, admit](const QString& a, const QString& b, const QString& c,
                                            const QHttpServerRequest& request,
                                            QHttpServerResponder&& responder) {
                dispatch(*routes, *admit, {a, b, c}, request, std::move(responder));
            });
            break;
        default:
            qFatal("agent route %s: at most three <arg> segments", qPrintable(p));
        }
    }
    server.setMissingHandler(
        [](const QHttpServerRequest& request, QHttpServerResponder&& responder) {
            send(request,
                 jsonError(404, QStringLiteral("not_found"),
                           QStringLiteral("no route %1").arg(request.url().path())),
                 std::move(responder));
        });
}

} // namespace gw
