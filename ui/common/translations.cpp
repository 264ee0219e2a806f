#include "common/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace gw {

void installTranslations(QCoreApplication& app)
{
    // Parented to the application: they must live as long as it does.
    auto* qt = new QTranslator(&app);
    if (qt->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    auto* ours = new QTranslator(&app);
    // A locale without a translation of its own (C, POSIX, en_US) reads the
    // source texts with English plural forms ("1 GPU", "2 GPUs").
    if (ours->load(QLocale(), QStringLiteral("gpuwarden"), QStringLiteral("_"),
                   QStringLiteral(":/i18n")) ||
        ours->load(QStringLiteral("gpuwarden_en"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(ours);
}

} // namespace gw
