// The object that compiles the shared precompiled headers (core.h, ui.h).
