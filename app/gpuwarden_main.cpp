// gpuwarden: the desktop application. Parses arguments and wires parts; the
// logic lives in core/ and ui/.

#include "commandline.h"
#include "demofleet.h"
#include "fleet.h"
#include "localproducer.h"
#include "mainwindow.h"
#include "source.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QTimer>
#include <QTranslator>

#include <chrono>
#include <cstdio>

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("GPU Warden"));
    QApplication::setOrganizationName(QStringLiteral("gpuwarden"));
    QApplication::setApplicationVersion(QStringLiteral(GW_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("gpuwarden"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gpuwarden.svg")));

    QTranslator qtTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                          QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("gpuwarden"), QStringLiteral("_"),
                        QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Monitoring and admin for shared GPU servers."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("demo"),
                      QApplication::translate("main", "Show a simulated fleet of three servers.")});
    parser.addOption({QStringLiteral("interval-ms"),
                      QApplication::translate("main", "Sampling interval."), QStringLiteral("ms"),
                      QStringLiteral("1000")});
    parser.addOption({QStringLiteral("screenshot"),
                      QApplication::translate(
                          "main", "Save the window as PNG after --quit-after-ms, then quit."),
                      QStringLiteral("file")});
    parser.addOption(
        {QStringLiteral("quit-after-ms"),
         QApplication::translate("main", "Close the window after this long (for tests)."),
         QStringLiteral("ms")});
    gw::addSamplerOptions(parser);
    parser.process(app);

    bool ok = false;
    const int intervalMs = parser.value(QStringLiteral("interval-ms")).toInt(&ok);
    if (!ok || intervalMs < 100 || intervalMs > 3'600'000) {
        std::fprintf(stderr, "gpuwarden: --interval-ms: expected 100..3600000\n");
        return 2;
    }
    const bool demo = parser.isSet(QStringLiteral("demo"));
    std::unique_ptr<gw::Producer> producer;
    if (demo) {
        producer = std::make_unique<gw::DemoProducer>();
    } else {
        QString error;
        const auto options = gw::samplerOptions(parser, &error);
        if (!options) {
            std::fprintf(stderr, "gpuwarden: %s\n", qPrintable(error));
            return 2;
        }
        producer = std::make_unique<gw::LocalProducer>(*options, gw::backendOption(parser));
    }

    gw::Fleet fleet;
    gw::Source source(std::move(producer), std::chrono::milliseconds(intervalMs));
    gw::MainWindow window(&fleet);
    QObject::connect(&source, &gw::Source::snapshotReady, &fleet, &gw::Fleet::ingest);
    QObject::connect(&source, &gw::Source::backfillReady, &fleet, &gw::Fleet::ingestBatch);
    QObject::connect(&source, &gw::Source::statusChanged, &window,
                     &gw::MainWindow::setBackendStatus);
    window.show();
    source.start(demo ? std::chrono::minutes(60) : std::chrono::milliseconds(0));

    if (parser.isSet(QStringLiteral("quit-after-ms"))) {
        const int ms = parser.value(QStringLiteral("quit-after-ms")).toInt();
        const QString shot = parser.value(QStringLiteral("screenshot"));
        QTimer::singleShot(ms, &window, [&window, shot] {
            window.refreshCharts();
            if (!shot.isEmpty() && !window.grab().save(shot))
                std::fprintf(stderr, "gpuwarden: could not write %s\n", qPrintable(shot));
            window.close();
        });
    }
    const int rc = QApplication::exec();
    source.stop();
    return rc;
}
