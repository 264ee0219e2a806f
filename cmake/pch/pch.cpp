// The object that compiles core/'s shared precompiled header (corelib.h).
