#pragma once

// The stores the desktop keeps beside the live state: the policy events, the
// current verdicts, the token books of this machine's readings, the
// agents' reservations and every server's fair share. The desktop session owns them and feeds them;
// the window (MainWindow) shows them and outlives none of them.

#include <QObject>

namespace gw {

class EventBook;
class FairShareModel;
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
    FairShareModel* fairShare() const { return m_fairShare; }

private:
    EventBook* m_events;
    VerdictBook* m_verdicts;
    TokenBook* m_tokens;
    ReservationsView* m_reservations;
    FairShareModel* m_fairShare;
};

} // namespace gw
