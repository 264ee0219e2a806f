#include "prometheusproducer.h"
