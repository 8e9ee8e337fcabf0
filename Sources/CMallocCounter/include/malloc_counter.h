#ifndef KINETIC_MALLOC_COUNTER_H
#define KINETIC_MALLOC_COUNTER_H
#include <stdint.h>
/// Number of malloc/calloc/realloc calls made by this process since it started.
/// Only the benchmark links this target: it replaces the allocator entry points with counting wrappers.
uint64_t kinetic_allocation_count(void);
#endif
