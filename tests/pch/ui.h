// core.h and the QtWidgets headers the desktop's tests and benchmarks share
// (for programs that link gpuwarden_ui; see core.h).
#pragma once

#include "core.h"

#include <QAbstractItemModel>
#include <QApplication>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QTableView>
#include <QWidget>
