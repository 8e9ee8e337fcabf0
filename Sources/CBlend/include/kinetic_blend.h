#ifndef KINETIC_BLEND_H
#define KINETIC_BLEND_H
#include <stddef.h>
#include <stdint.h>

/// Composites a turned (or otherwise affinely placed) premultiplied ARGB32 bitmap OVER a rectangle of a premultiplied
/// ARGB32 destination, sampling it bilinearly, at `alpha` (0–255).
///
/// `matrix` maps destination pixels to source pixels in 16.16 fixed point, row by row:
/// u = matrix[0]·x + matrix[1]·y + matrix[2], v = matrix[3]·x + matrix[4]·y + matrix[5], taken at pixel centres.
/// Source pixels outside the bitmap count as transparent. The arithmetic is pixman's for the same composite (7-bit
/// filter weights, the same rounding), so a frame is the same whichever of the two drew it.
///
/// `destination` points at pixel (0, 0) of the destination; strides are in pixels.
void kinetic_bilinear_over(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                           const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                           const int32_t matrix[6], uint32_t alpha);

/// The same composite without SIMD, one channel at a time: what `kinetic_bilinear_over` does on a machine without
/// SSE2. It is exported so that its pixels are checked against pixman's on every machine, not only on those that
/// run it.
void kinetic_bilinear_over_portable(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                                    const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                                    const int32_t matrix[6], uint32_t alpha);

/// The SSE2 kernel, one pixel at a time (the portable one where SSE2 is missing). `kinetic_bilinear_over` runs it on
/// processors without AVX2; it is exported so that the tests hold it to pixman's pixels on every x86-64.
void kinetic_bilinear_over_sse2(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                                const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                                const int32_t matrix[6], uint32_t alpha);

/// The AVX2 kernel, four pixels at a time. Call it only when `kinetic_blend_has_avx2()` says the processor runs AVX2
/// (elsewhere it is the SSE2 kernel); `kinetic_bilinear_over` chooses it by itself.
void kinetic_bilinear_over_avx2(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                                const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                                const int32_t matrix[6], uint32_t alpha);

/// The same composite for a bitmap that is only moved (`matrix` is 1, 0, 0, 1 with any offsets), by a fraction of a
/// pixel: four pixels at a time from plain rows of the source, with constant weights. Any other matrix goes to
/// `kinetic_bilinear_over`. Its pixels are pixman's, as the other kernels' are.
void kinetic_translated_over(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                             const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                             const int32_t matrix[6], uint32_t alpha);

/// The same composite for a bitmap scaled and moved but not turned (`matrix[1]` and `matrix[3]` are 0), with AVX2:
/// the filter separated into a vertical pass along each source row pair and a horizontal pass four pixels at a time.
/// Call it only when `kinetic_blend_has_avx2()` says the processor runs AVX2; any other matrix goes to
/// `kinetic_bilinear_over`. Its pixels are pixman's, as the other kernels' are.
void kinetic_scaled_over(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                         const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                         const int32_t matrix[6], uint32_t alpha);

/// Whether this processor and system run AVX2 (CPUID and the saved register state), so that its kernel may be used.
/// CPUID is asked once; later calls cost a load.
int kinetic_blend_has_avx2(void);
#endif
