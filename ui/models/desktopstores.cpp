#include "models/desktopstores.h"

#include "models/eventbook.h"
#include "models/fairsharemodel.h"
#include "models/reservationsview.h"
#include "models/tokenbook.h"
#include "models/verdictbook.h"

namespace gw {

DesktopStores::DesktopStores(QObject* parent)
    : QObject(parent)
    , m_events(new EventBook(this))
    , m_verdicts(new VerdictBook(this))
    , m_tokens(new TokenBook(this))
    , m_reservations(new ReservationsView(this))
    , m_fairShare(new FairShareModel(this))
{}

DesktopStores::~DesktopStores() = default;

} // namespace gw
