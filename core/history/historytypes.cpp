// The types are plain values; this file compiles the header on its own, so
// it stays self-contained.
#include "history/historytypes.h"
