// The headers the desktop's libraries share (ui/CMakeLists.txt), compiled
// once per library: core/'s (QtCore and the standard library) and the
// QtWidgets and QtCharts classes most views use.
#pragma once

#include "corelib.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QBoxLayout>
#include <QComboBox>
#include <QFont>
#include <QFontMetrics>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPalette>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QWidget>
