#include "remotefleet.h"
