#pragma once

// Loads Qt's own and GPU Warden's translations for the user's locale (ours
// are compiled in under :/i18n) and installs them on the application.

class QCoreApplication;

namespace gw {

void installTranslations(QCoreApplication& app);

} // namespace gw
