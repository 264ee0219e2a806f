#include "nvmllibrary.h"
