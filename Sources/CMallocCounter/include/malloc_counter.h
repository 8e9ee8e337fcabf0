#ifndef KINETIC_MALLOC_COUNTER_H
#define KINETIC_MALLOC_COUNTER_H
#include <stdint.h>
/// Number of malloc/calloc/realloc calls made by this process since it started.
/// Only the benchmark links this target: it replaces the allocator entry points with counting wrappers.
uint64_t kinetic_allocation_count(void);
/// Starts (1) or stops (0) tallying who calls the allocator.
void kinetic_allocation_recording(int on);
/// The `index`th distinct caller tallied (null past the last), with its count.
void *kinetic_allocation_caller(int index, uint64_t *count);
/// The shared object and the nearest exported symbol holding `caller`.
const char *kinetic_allocation_caller_library(void *caller);
const char *kinetic_allocation_caller_symbol(void *caller);
#endif
