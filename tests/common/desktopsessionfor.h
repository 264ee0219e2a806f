#pragma once

// The desktop as `gpuwarden` runs it, for the window's tests: the session
// (DesktopSession, the composition root its main() runs) for a command line,
// the dialogs its window has open, and every dialog of the demo's window
// opened in turn.

#include "app/desktopsession.h"
#include "engine/desktopoptions.h"
#include "window/enforcementtab.h"
#include "window/fairshareview.h"
#include "window/findgpusdialog.h"
#include "window/mainwindow.h"
#include "window/policydialog.h"
#include "window/reportdialog.h"
#include "window/tokensview.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDialog>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>

#include <functional>
#include <memory>

namespace gw::test {

// The session `gpuwarden` would run for these arguments; null (and a
// warning saying why) when refused.
inline std::unique_ptr<DesktopSession> sessionFor(const QStringList& args)
{
    QCommandLineParser parser;
    addDesktopOptions(parser);
    if (!parser.parse(QStringList{QStringLiteral("gpuwarden")} + args)) {
        qWarning("%s", qPrintable(parser.errorText()));
        return nullptr;
    }
    QString error;
    auto setup = desktopSetup(parser, &error);
    if (!setup) {
        qWarning("%s", qPrintable(error));
        return nullptr;
    }
    return std::make_unique<DesktopSession>(std::move(*setup));
}

// The dialogs of `window` that are shown now, its own top-level children.
inline QList<QDialog*> shownDialogs(const QWidget* window)
{
    QList<QDialog*> out;
    for (QWidget* top : QApplication::topLevelWidgets()) {
        auto* d = qobject_cast<QDialog*>(top);
        if (d && d->isVisible() && d->parentWidget() && d->parentWidget()->window() == window)
            out.append(d);
    }
    return out;
}

// Shows each page of `w` in turn (Overview, Processes, Details, Events,
// Tokens and its Enforcement and Fair share tabs) and hands its name to
// `visit` while it is shown.
inline void visitEveryPage(MainWindow* w, const std::function<void(const QString&)>& visit)
{
    w->showOverview();
    visit(QStringLiteral("Overview"));
    w->showFleetProcesses();
    visit(QStringLiteral("Processes"));
    w->showDetails();
    visit(QStringLiteral("Details"));
    w->showEvents();
    visit(QStringLiteral("Events"));
    w->showTokens();
    visit(QStringLiteral("Tokens"));
    w->tokensTabs()->setCurrentWidget(w->enforcementTab());
    visit(QStringLiteral("Enforcement"));
    w->tokensTabs()->setCurrentWidget(w->fairShareView());
    visit(QStringLiteral("Fair share"));
}

// Opens each dialog of the demo's window in turn: the policy, Find GPUs,
// the report, the price editor and the balance adjustment (the last two
// once the Tokens page has its books); hands each to `visit` with its name
// once it is shown, then closes it. What did not open, said.
inline QStringList visitEveryDialog(MainWindow* w,
                                    const std::function<void(QDialog*, const QString&)>& visit)
{
    QStringList problems;
    const auto shown = [&](QDialog* d, const QString& what) {
        if (!d || !QTest::qWaitForWindowExposed(d)) {
            problems << what + QStringLiteral(": not opened");
            return;
        }
        QApplication::processEvents();
        visit(d, what);
        d->close();
    };
    shown(w->showPolicyDialog(), QStringLiteral("Policy"));
    shown(w->showFindGpusDialog(), QStringLiteral("Find GPUs"));
    shown(w->showReportDialog(), QStringLiteral("Report"));
    w->showTokens();
    // The books of the demo's week (built in the background).
    if (!QTest::qWaitFor([&] { return w->tokensView()->openPriceEditor() != nullptr; }, 20000))
        return problems << QStringLiteral("the Tokens page's books never came");
    // The one dialog the window shows now; two or none is a problem.
    const auto only = [&](const QString& what) -> QDialog* {
        const QList<QDialog*> open = shownDialogs(w);
        if (open.size() > 1)
            problems << what + QStringLiteral(": %1 dialogs open at once").arg(open.size());
        return open.size() == 1 ? open.first() : nullptr;
    };
    shown(only(QStringLiteral("Prices")), QStringLiteral("Prices"));
    w->tokensView()->adjustButton()->click();
    shown(only(QStringLiteral("Adjust balance")), QStringLiteral("Adjust balance"));
    return problems;
}

} // namespace gw::test
