// Counting wrappers around glibc's allocator. Because an executable's symbols take precedence over shared
// libraries', defining malloc here makes every allocation in the process (Swift runtime, Cairo, ...) pass
// through these functions, which forward to glibc's own implementations.
#define _GNU_SOURCE
#include "malloc_counter.h"
#include <dlfcn.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocation_count = 0;

// While recording, the callers of malloc/calloc/realloc are tallied (first 64 distinct return addresses).
static int recording = 0;
static void *callers[64];
static uint64_t caller_counts[64];

static void note_caller(void *caller) {
    if (!__atomic_load_n(&recording, __ATOMIC_RELAXED)) return;
    for (int i = 0; i < 64; i++) {
        if (callers[i] == caller) { __atomic_add_fetch(&caller_counts[i], 1, __ATOMIC_RELAXED); return; }
        if (callers[i] == 0) { callers[i] = caller; caller_counts[i] = 1; return; }
    }
}

void kinetic_allocation_recording(int on) { __atomic_store_n(&recording, on, __ATOMIC_RELAXED); }

void *kinetic_allocation_caller(int index, uint64_t *count) {
    if (index < 0 || index >= 64) return 0;
    *count = caller_counts[index];
    return callers[index];
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

const char *kinetic_allocation_caller_symbol(void *caller) {
    Dl_info info;
    return dladdr(caller, &info) && info.dli_sname ? info.dli_sname : "?";
}
