#ifndef KINETIC_MALLOC_COUNTER_H
#define KINETIC_MALLOC_COUNTER_H
#include <stdint.h>
/// Number of malloc/calloc/realloc calls made by this process since it started.
/// Only the benchmark links this target: it replaces the allocator entry points with counting wrappers.
uint64_t kinetic_allocation_count(void);
/// Starts (1) or stops (0) noting who calls the allocator: the first frames of the program's own code on the stack.
void kinetic_allocation_recording(int on);
/// Empties the tally and the frame's pending callers.
void kinetic_allocation_tally_reset(void);
/// Ends a frame: its callers are added to the tally (`keep` 1) or forgotten (0).
void kinetic_allocation_frame_end(int keep);
/// The `index`th distinct chain of callers tallied (null past the last), with its count: `level` 0 is the innermost
/// of the program's own frames, 1 to 3 the ones that called it (null where the stack ended).
void *kinetic_allocation_caller(int index, int level, uint64_t *count);
/// The shared object and the nearest exported symbol holding `caller`.
const char *kinetic_allocation_caller_library(void *caller);
const char *kinetic_allocation_caller_symbol(void *caller);
/// `caller`'s offset in its shared object or executable (for addr2line when it has no exported symbol).
void *kinetic_allocation_caller_offset(void *caller);
#endif
