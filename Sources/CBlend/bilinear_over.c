// The turned-bitmap composite: a bilinear sample of the source, times the layer's opacity, OVER the destination.
//
// pixman does the same through its general path, a pixel at a time with a spill to memory between the fetch and the
// blend; here the two are one loop. Three kernels give the same pixels: four pixels at a time with AVX2
// (bilinear_over_avx2.c) where the processor has it, one at a time with SSE2 (bilinear_pixel_sse2.h) on every other
// x86-64, and one channel at a time elsewhere (bilinear_over_portable.c). Which one runs is decided once, from CPUID.
#include "kinetic_blend.h"
#include "bilinear_pixel_sse2.h"
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

// What CPUID says, asked once: CPUID is slow (a virtual machine traps it), and kernels ask per composite.
enum answer { answer_unknown, answer_no, answer_yes };
static int avx2_answer = answer_unknown;

// Whether AVX2 is usable, from CPUID itself.
static int processor_runs_avx2(void) {
#if (defined(__x86_64__) || defined(__i386__)) && defined(__SSE2__)
    // AVX2 is usable when the processor has it (leaf 7, EBX bit 5) and the system saves the 256-bit registers
    // across context switches (OSXSAVE, then XCR0's SSE and AVX state bits).
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE) || !(ecx & bit_AVX)) return 0;
    unsigned int xcr0_low, xcr0_high;
    __asm__ volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 0x6) != 0x6) return 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return (ebx & bit_AVX2) != 0;
#else
    return 0;
#endif
}

int kinetic_blend_has_avx2(void) {
    // Every thread that races to ask first writes the same answer, so a relaxed atomic suffices.
    int answer = __atomic_load_n(&avx2_answer, __ATOMIC_RELAXED);
    if (answer == answer_unknown) {
        answer = processor_runs_avx2() ? answer_yes : answer_no;
        __atomic_store_n(&avx2_answer, answer, __ATOMIC_RELAXED);
    }
    return answer == answer_yes;
}

void kinetic_bilinear_over_sse2(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                                const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                                const int32_t matrix[6], uint32_t alpha) {
#if defined(__SSE2__)
    bilinear_walk(destination, destination_stride, x, y, width, height, source, source_stride, source_width, source_height,
                  matrix, alpha, composite_pixel_sse2);
#else
    kinetic_bilinear_over_portable(destination, destination_stride, x, y, width, height, source, source_stride,
                                   source_width, source_height, matrix, alpha);
#endif
}

void kinetic_bilinear_over(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                           const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                           const int32_t matrix[6], uint32_t alpha) {
#if defined(__SSE2__)
    if (kinetic_blend_has_avx2()) {
        kinetic_bilinear_over_avx2(destination, destination_stride, x, y, width, height, source, source_stride,
                                   source_width, source_height, matrix, alpha);
    } else {
        kinetic_bilinear_over_sse2(destination, destination_stride, x, y, width, height, source, source_stride,
                                   source_width, source_height, matrix, alpha);
    }
#else
    kinetic_bilinear_over_portable(destination, destination_stride, x, y, width, height, source, source_stride,
                                   source_width, source_height, matrix, alpha);
#endif
}
