#pragma once
// RAII owner of the dlopen()ed NVML library (filled in with the NVML sampler).
