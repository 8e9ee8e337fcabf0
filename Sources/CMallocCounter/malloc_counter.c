// Counting wrappers around glibc's allocator. Because an executable's symbols take precedence over shared
// libraries', defining malloc here makes every allocation in the process (Swift runtime, Cairo, ...) pass
// through these functions, which forward to glibc's own implementations.
#define _GNU_SOURCE
#include "malloc_counter.h"
#include <dlfcn.h>
#include <execinfo.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocation_count = 0;

// While recording, the callers of malloc/calloc/realloc are tallied (the first 64 distinct chains), frame by frame.
// Recording is for one thread at a time (the benchmark's): the compositor's threads allocate nothing.
static int recording = 0;
enum { depth = 4 };
static void *callers[64][depth];
static uint64_t caller_counts[64];

// The first `depth` return addresses on the stack that lie in the executable itself, past the allocator and the
// Swift runtime: the program's own code that asked for the memory (Swift allocates through swift_allocObject and
// swift_slowAlloc, so malloc's direct caller says nothing; and the first of its own frames is often a standard
// library function specialised into it, so the next ones say who called that).
static void program_callers(void *direct, void *found[depth]) {
    static __thread int inside = 0;
    for (int i = 0; i < depth; i++) found[i] = 0;
    found[0] = direct;
    if (inside) return;
    inside = 1;
    void *frames[32];
    int count = backtrace(frames, 32);
    Dl_info self, frame;
    // The stack from the allocator's own caller (`direct`) outwards; the frames before it are these wrappers.
    int start = 0;
    while (start < count && frames[start] != direct) start++;
    if (start < count && dladdr((void *)&program_callers, &self)) {
        int kept = 0;
        for (int i = start; i < count && kept < depth; i++) {
            if (dladdr(frames[i], &frame) && frame.dli_fbase == self.dli_fbase) found[kept++] = frames[i];
        }
    }
    inside = 0;
}

// A frame's chains wait here until the frame ends, to be tallied or dropped (`kinetic_allocation_frame_end`).
static void *pending[1024][depth];
static int pending_count = 0;

static void note_caller(void *direct) {
    if (!__atomic_load_n(&recording, __ATOMIC_RELAXED)) return;
    if (pending_count >= 1024) return;
    program_callers(direct, pending[pending_count++]);
}

static void tally(void *chain[depth]) {
    for (int i = 0; i < 64; i++) {
        int same = 1;
        for (int j = 0; j < depth; j++) same &= callers[i][j] == chain[j];
        if (same) { caller_counts[i] += 1; return; }
        if (callers[i][0] == 0) { for (int j = 0; j < depth; j++) callers[i][j] = chain[j]; caller_counts[i] = 1; return; }
    }
}

void kinetic_allocation_frame_end(int keep) {
    if (keep) for (int i = 0; i < pending_count; i++) tally(pending[i]);
    pending_count = 0;
}

void kinetic_allocation_recording(int on) { __atomic_store_n(&recording, on, __ATOMIC_RELAXED); }

void kinetic_allocation_tally_reset(void) {
    for (int i = 0; i < 64; i++) { for (int j = 0; j < depth; j++) callers[i][j] = 0; caller_counts[i] = 0; }
    pending_count = 0;
}

void *kinetic_allocation_caller(int index, int level, uint64_t *count) {
    if (index < 0 || index >= 64 || level < 0 || level >= depth) return 0;
    *count = caller_counts[index];
    return callers[index][level];
}

void *malloc(size_t size) {
    __atomic_add_fetch(&allocation_count, 1, __ATOMIC_RELAXED);
    note_caller(__builtin_return_address(0));
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    __atomic_add_fetch(&allocation_count, 1, __ATOMIC_RELAXED);
    note_caller(__builtin_return_address(0));
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    __atomic_add_fetch(&allocation_count, 1, __ATOMIC_RELAXED);
    note_caller(__builtin_return_address(0));
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

uint64_t kinetic_allocation_count(void) { return __atomic_load_n(&allocation_count, __ATOMIC_RELAXED); }

const char *kinetic_allocation_caller_library(void *caller) {
    Dl_info info;
    return dladdr(caller, &info) && info.dli_fname ? info.dli_fname : "?";
}

void *kinetic_allocation_caller_offset(void *caller) {
    Dl_info info;
    return dladdr(caller, &info) ? (void *)((char *)caller - (char *)info.dli_fbase) : caller;
}

const char *kinetic_allocation_caller_symbol(void *caller) {
    Dl_info info;
    return dladdr(caller, &info) && info.dli_sname ? info.dli_sname : "?";
}
