// The headers core/'s libraries share, compiled once per build folder and
// reused by each (core/CMakeLists.txt, gw_core_library): the standard
// library and QtCore only, since every library links QtCore and no other Qt
// module is linked by all. Nothing of ours is here, so the include lines
// drawn between the libraries (docs/architecture.md) still hold.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <QByteArray>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QObject>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QVariant>
