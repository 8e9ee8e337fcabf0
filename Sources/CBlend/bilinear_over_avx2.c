// The turned-bitmap composite four destination pixels at a time, with AVX2: the kernel `kinetic_bilinear_over` runs
// where the processor has it. The arithmetic is the SSE2 kernel's, lane for lane, so the pixels are pixman's: 7-bit
// weights, the vertical pass in 16-bit lanes, the horizontal one as a multiply-add truncated by 14 bits, and
// multiplications by 8-bit alphas rounded as (t + t / 256) / 256 with t = a·b + 128.
//
// Why it is faster: one pass of the interpolation and the blend serves four pixels, where the SSE2 kernel leaves
// three quarters of every register empty. Where a group of four reaches past the source's edge (its taps would read
// outside), that group's first pixel goes through the SSE2 kernel, which handles edges tap by tap.
#include "kinetic_blend.h"
#include "bilinear_pixel_sse2.h"
#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>
#include "blend_four_avx2.h"

// One row of taps for four pixels: each pointer's two neighbouring source pixels, pixels 0 and 1 in the low 128-bit
// lane, 2 and 3 in the high one (AVX2 unpacks and packs work within a lane).
static inline AVX2 __m256i tap_pairs(const uint32_t *first, const uint32_t *second, const uint32_t *third, const uint32_t *fourth) {
    __m128i low = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)first), _mm_loadl_epi64((const __m128i *)second));
    __m128i high = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)third), _mm_loadl_epi64((const __m128i *)fourth));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1);
}

// Four per-pixel 32-bit values spread over 256 bits for the pixels the unpacks put together: `pick` (0, 0, 0, 0, 2,
// 2, 2, 2) gives pixel 0's value in the low lane and pixel 2's in the high one.
static inline AVX2 __m256i spread(__m128i values, __m256i pick) {
    return _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(values), pick);
}

// Pixels 0 and 2 (`even`) or 1 and 3 of a group, interpolated: vertically in 16-bit lanes, then horizontally with a
// multiply-add into 32-bit sums, shifted down by 14. Each lane holds one pixel's four channels as 32-bit values.
static inline AVX2 __m256i interpolate_two(__m256i top, __m256i bottom, __m256i vertical_weight, __m256i horizontal_weights) {
    const __m256i one = _mm256_set1_epi16(weight_one);
    __m256i vertical = _mm256_add_epi16(_mm256_mullo_epi16(top, _mm256_sub_epi16(one, vertical_weight)),
                                        _mm256_mullo_epi16(bottom, vertical_weight));
    __m256i pairs = _mm256_unpacklo_epi16(vertical, _mm256_srli_si256(vertical, 8));
    return _mm256_srli_epi32(_mm256_madd_epi16(pairs, horizontal_weights), 2 * weight_bits);
}

// Four neighbouring destination pixels at `out`, whose taps all lie inside the source. (u, v) is the first pixel's
// tap origin in 16.16 fixed point and (du, dv) the step to the next; positions wrap in 32 bits on the way, which
// still gives each true position, since every one fits.
static inline AVX2 void composite_four(uint32_t *out, const uint32_t *source, ptrdiff_t stride, int32_t u, int32_t v,
                                       int32_t du, int32_t dv, __m256i alpha, int opaque) {
    const __m256i zero = _mm256_setzero_si256();
    const __m128i steps = _mm_setr_epi32(0, 1, 2, 3);
    __m128i us = _mm_add_epi32(_mm_set1_epi32(u), _mm_mullo_epi32(steps, _mm_set1_epi32(du)));
    __m128i vs = _mm_add_epi32(_mm_set1_epi32(v), _mm_mullo_epi32(steps, _mm_set1_epi32(dv)));
    __m128i offsets = _mm_add_epi32(_mm_mullo_epi32(_mm_srai_epi32(vs, 16), _mm_set1_epi32((int)stride)), _mm_srai_epi32(us, 16));
    int32_t at[4];
    _mm_storeu_si128((__m128i *)at, offsets);
    const uint32_t *t0 = source + at[0], *t1 = source + at[1], *t2 = source + at[2], *t3 = source + at[3];
    __m256i top = tap_pairs(t0, t1, t2, t3), bottom = tap_pairs(t0 + stride, t1 + stride, t2 + stride, t3 + stride);
    // Sixteen transparent taps: four transparent samples, which change nothing.
    __m256i any = _mm256_or_si256(top, bottom);
    if (_mm256_testz_si256(any, any)) return;

    const __m128i fraction = _mm_set1_epi32(weight_one - 1);
    __m128i wx = _mm_and_si128(_mm_srli_epi32(us, 16 - weight_bits), fraction);
    __m128i wy = _mm_and_si128(_mm_srli_epi32(vs, 16 - weight_bits), fraction);
    // wy in both 16-bit halves of a lane; (wx << 16 | (128 − wx)) pairs each left tap with 128 − wx, each right with wx.
    __m128i vertical = _mm_or_si128(wy, _mm_slli_epi32(wy, 16));
    __m128i horizontal = _mm_or_si128(_mm_slli_epi32(wx, 16), _mm_sub_epi32(_mm_set1_epi32(weight_one), wx));
    const __m256i even = _mm256_setr_epi32(0, 0, 0, 0, 2, 2, 2, 2), odd = _mm256_setr_epi32(1, 1, 1, 1, 3, 3, 3, 3);
    __m256i sums_even = interpolate_two(_mm256_unpacklo_epi8(top, zero), _mm256_unpacklo_epi8(bottom, zero),
                                        spread(vertical, even), spread(horizontal, even));
    __m256i sums_odd = interpolate_two(_mm256_unpackhi_epi8(top, zero), _mm256_unpackhi_epi8(bottom, zero),
                                       spread(vertical, odd), spread(horizontal, odd));
    // Pixels 0 and 1 in the low lane, 2 and 3 in the high one, a channel per 16-bit lane.
    blend_four_avx2(out, _mm256_packs_epi32(sums_even, sums_odd), alpha, opaque);
}

// Whether a pixel's four taps, the first at (x, y), all lie inside the source.
static inline int taps_inside(int64_t x, int64_t y, int width, int height) {
    return x >= 0 && x + 1 < width && y >= 0 && y + 1 < height;
}

AVX2 void kinetic_bilinear_over_avx2(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                                     const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                                     const int32_t matrix[6], uint32_t alpha) {
    // Positions and offsets in 32-bit lanes need the source's 16.16 coordinates and its pixel count to fit in 31 bits.
    if (source_width >= 32768 || source_height >= 32768 || (int64_t)source_stride * source_height >= INT32_MAX) {
        kinetic_bilinear_over_sse2(destination, destination_stride, x, y, width, height, source, source_stride,
                                   source_width, source_height, matrix, alpha);
        return;
    }
    if (alpha == 0) return;
    if (alpha > 255) alpha = 255;
    const __m256i alpha_lanes = _mm256_set1_epi16((short)alpha);
    const int64_t du = matrix[0], dv = matrix[3];
    for (int row = 0; row < height; row++) {
        int64_t u, v;
        row_start(matrix, x, y + row, &u, &v);
        uint32_t *out = destination + (y + row) * destination_stride + x;
        int column = 0;
        while (column < width) {
            const int64_t su = tap_origin(u), sv = tap_origin(v);
            // The taps move along a line, so a group whose first and last pixels read inside the source reads inside
            // for all four.
            if (column + 4 <= width && taps_inside(su >> 16, sv >> 16, source_width, source_height)
                && taps_inside((su + 3 * du) >> 16, (sv + 3 * dv) >> 16, source_width, source_height)) {
                composite_four(out + column, source, source_stride, (int32_t)su, (int32_t)sv, (int32_t)du, (int32_t)dv,
                               alpha_lanes, alpha == 255);
                column += 4;
                u += 4 * du;
                v += 4 * dv;
                continue;
            }
            composite_pixel_sse2(out + column, source, source_stride, source_width, source_height, su >> 16, sv >> 16,
                                 tap_weight(su), tap_weight(sv), alpha);
            column++;
            u += du;
            v += dv;
        }
    }
}
#else
void kinetic_bilinear_over_avx2(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                                const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                                const int32_t matrix[6], uint32_t alpha) {
    kinetic_bilinear_over_sse2(destination, destination_stride, x, y, width, height, source, source_stride,
                               source_width, source_height, matrix, alpha);
}
#endif
