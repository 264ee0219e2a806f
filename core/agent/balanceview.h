#pragma once

// The balances enforcement judges by (docs/tokens.md, "Keeper of several
// agents" and "Enforcement"): the keeper's own books, or a relay's last
// reply from the keeper.

#include <QMap>
#include <QString>
#include <QStringList>

namespace gw {

struct BalanceView
{ // what enforcement judges by
    QMap<QString, double> balances;
    QStringList cutOff; // at or below the floor
    double overdraftFloor = -10;
    qint64 asOfMs =
        0; // books as of (keeper: end of last closed hour; relay: the keeper's as_of_ms)
    qint64 fetchedMs = 0; // relay: when read from the keeper; keeper: = now
    QString keeper;       // server name of the keeper
    QString error; // relay: last failure reading the keeper ("" ok); balances are the last read
    bool valid = false; // false: no balances at all (tokens off, keeper never read)
};

} // namespace gw
