#include "agentlink.h"
