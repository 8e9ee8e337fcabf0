// The floor's turned pixels eight at a time, with AVX2 (pixel_floor_avx2.c).
#ifndef PIXEL_FLOOR_AVX2_H
#define PIXEL_FLOOR_AVX2_H
#include <stdint.h>

/// Blends the eight pixels at `out`, sampled bilinearly from `source` at 16.16 positions (fx, fy) stepping by (dx, dy),
/// when all their taps lie inside the source; returns 0, touching nothing, when one does not. Call it only where the
/// processor runs AVX2.
int bilinear_eight(uint32_t *out, const uint32_t *source, int source_width, int source_height, int32_t fx, int32_t fy,
                   int32_t dx, int32_t dy);
#endif
