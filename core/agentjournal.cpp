#include "agentjournal.h"
