// Counting wrappers around glibc's allocator. Because an executable's symbols take precedence over shared
// libraries', defining malloc here makes every allocation in the process (Swift runtime, Cairo, ...) pass
// through these functions, which forward to glibc's own implementations.
#include "malloc_counter.h"
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocation_count = 0;

void *malloc(size_t size) {
    __atomic_add_fetch(&allocation_count, 1, __ATOMIC_RELAXED);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    __atomic_add_fetch(&allocation_count, 1, __ATOMIC_RELAXED);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    __atomic_add_fetch(&allocation_count, 1, __ATOMIC_RELAXED);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

uint64_t kinetic_allocation_count(void) { return __atomic_load_n(&allocation_count, __ATOMIC_RELAXED); }
