#include "serverlist.h"
