#ifndef PIXEL_FLOOR_H
#define PIXEL_FLOOR_H

#include <stddef.h>
#include <stdint.h>

/// The benchmark's floor: a frame's pixel work (clear, OVER, bilinear-sampled OVER) as tight C with SIMD (SSE2, and
/// AVX2 for the bilinear part where the processor has it), on one core or spread over `threads` (see pixel_floor.c). Pixels are premultiplied ARGB32, as Cairo and pixman keep them.

/// Sets `count` pixels to `value`.
void pixel_floor_clear(uint32_t *pixels, size_t count, uint32_t value);

/// `destination = source + destination × (1 − αsource)` for `count` pixels, rounded as pixman rounds.
void pixel_floor_over(uint32_t *destination, const uint32_t *source, size_t count);

/// Blends a `source_width`×`source_height` sprite over the `width`×`height` block at `destination` (rows
/// `stride` pixels apart), each destination pixel sampled from the sprite bilinearly at the affine map
/// (x, y) → (xx·x + xy·y + x0, yx·x + yy·y + y0); samples outside the sprite are transparent.
void pixel_floor_bilinear_over(uint32_t *destination, size_t stride, int width, int height, const uint32_t *source,
                               int source_width, int source_height, double xx, double xy, double yx, double yy, double x0, double y0);

/// The instructions the floor's bilinear part runs with on this processor: "AVX2", "SSE2" or "no SIMD".
const char *pixel_floor_instructions(void);

/// The work of one frame, timed: `cleared` pixels cleared, `plain` blended with OVER and `resampled` blended
/// bilinearly from a turned sprite, into a frame of `width`×`height`, on `threads` threads (1: this one).
/// Returns the milliseconds it took.
double pixel_floor_frame(int width, int height, size_t cleared, size_t plain, size_t resampled, int threads);

#endif
