#pragma once

// The stores the desktop keeps beside the live state: the policy events, the
// current verdicts, the token books of this machine's readings and the
// agents' reservations. The desktop session owns them and feeds them; the
// window (MainWindow) shows them and outlives none of them.

#include <QObject>

namespace gw {

class EventBook;
class ReservationsView;
class TokenBook;
class VerdictBook;

class DesktopStores final : public QObject
{
    Q_OBJECT
public:
    explicit DesktopStores(QObject* parent = nullptr);
    ~DesktopStores() override;

    EventBook* events() const { return m_events; }
    VerdictBook* verdicts() const { return m_verdicts; }
    TokenBook* tokens() const { return m_tokens; }
    ReservationsView* reservations() const { return m_reservations; }

private:
    EventBook* m_events;
    VerdictBook* m_verdicts;
    TokenBook* m_tokens;
    ReservationsView* m_reservations;
};

} // namespace gw
