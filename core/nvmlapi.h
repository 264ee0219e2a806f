#pragma once
// Our own NVML declarations (filled in with the NVML sampler).
