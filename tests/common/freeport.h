#pragma once

// A loopback port nobody listens on right now: for servers a test starts,
// and for "nothing there" cases.

#include <QHostAddress>
#include <QTcpServer>

namespace gw::test {

inline quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

} // namespace gw::test
