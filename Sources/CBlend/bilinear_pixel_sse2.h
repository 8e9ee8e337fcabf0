// The turned-bitmap composite one destination pixel at a time, with SSE2: what bilinear_over.c runs on every
// x86-64, and what the AVX2 kernel falls back to where a group of four pixels reaches past the source's edge.
// Each step gives pixman's exact result: weights of 7 bits (the fraction's top bits), a sum truncated by 14 bits,
// and multiplications by 8-bit alphas rounded as (t + t / 256) / 256 with t = a·b + 128.
#ifndef KINETIC_BILINEAR_PIXEL_SSE2_H
#define KINETIC_BILINEAR_PIXEL_SSE2_H
#include "bilinear_taps.h"
#if defined(__SSE2__)
#include <emmintrin.h>

// a·b / 255 rounded, lane by lane, for 8-bit values held in 16-bit lanes: (t + t / 256) / 256 is t·257 / 65536.
static inline __m128i multiply_lanes(__m128i a, __m128i b) {
    __m128i t = _mm_add_epi16(_mm_mullo_epi16(a, b), _mm_set1_epi16(0x80));
    return _mm_mulhi_epu16(t, _mm_set1_epi16(0x0101));
}

// Bilinear interpolation of top = (tl, tr) and bottom = (bl, br) in the low halves: vertically in 16-bit lanes
// (255 × 128 fits), then horizontally with a multiply-add into 32-bit sums. The result's channels are in the low
// four 16-bit lanes.
static inline __m128i interpolate(__m128i top, __m128i bottom, int dx, int dy) {
    const __m128i zero = _mm_setzero_si128();
    __m128i t = _mm_unpacklo_epi8(top, zero), b = _mm_unpacklo_epi8(bottom, zero);
    __m128i vertical = _mm_add_epi16(_mm_mullo_epi16(t, _mm_set1_epi16((short)(weight_one - dy))), _mm_mullo_epi16(b, _mm_set1_epi16((short)dy)));
    __m128i pairs = _mm_unpacklo_epi16(vertical, _mm_srli_si128(vertical, 8));
    __m128i sums = _mm_madd_epi16(pairs, _mm_set1_epi32((dx << 16) | (weight_one - dx)));
    return _mm_packs_epi32(_mm_srli_epi32(sums, 2 * weight_bits), zero);
}

// The bilinear sample whose top-left tap is (x, y), weighted by dx and dy (0–127).
static inline __m128i sample_sse2(const uint32_t *source, ptrdiff_t stride, int width, int height, int64_t x, int64_t y, int dx, int dy) {
    if (x >= 0 && x + 1 < width && y >= 0 && y + 1 < height) {
        const uint32_t *row = source + y * stride + x;
        return interpolate(_mm_loadl_epi64((const __m128i *)row), _mm_loadl_epi64((const __m128i *)(row + stride)), dx, dy);
    }
    if (x + 1 < 0 || x >= width || y + 1 < 0 || y >= height) return _mm_setzero_si128();
    uint32_t top[2], bottom[2];
    neighbours(source, stride, width, height, x, y, top);
    neighbours(source, stride, width, height, x, y + 1, bottom);
    return interpolate(_mm_loadl_epi64((const __m128i *)top), _mm_loadl_epi64((const __m128i *)bottom), dx, dy);
}

// One destination pixel: the sample at `alpha`, OVER what is there.
static inline void blend_sse2(uint32_t *out, __m128i sample, __m128i alpha) {
    const __m128i zero = _mm_setzero_si128();
    sample = multiply_lanes(sample, alpha);
    __m128i packed = _mm_packus_epi16(sample, zero);
    uint32_t pixel = (uint32_t)_mm_cvtsi128_si32(packed);
    if (pixel == 0) return;
    if ((pixel >> 24) == 0xFF) { *out = pixel; return; }
    __m128i inverse = _mm_sub_epi16(_mm_set1_epi16(0xFF), _mm_shufflelo_epi16(sample, _MM_SHUFFLE(3, 3, 3, 3)));
    __m128i under = multiply_lanes(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)*out), zero), inverse);
    *out = (uint32_t)_mm_cvtsi128_si32(_mm_adds_epu8(packed, _mm_packus_epi16(under, zero)));
}

static inline void composite_pixel_sse2(uint32_t *out, const uint32_t *source, ptrdiff_t source_stride, int source_width,
                                        int source_height, int64_t tap_x, int64_t tap_y, int weight_x, int weight_y, uint32_t alpha) {
    // Four transparent taps give a transparent sample, which changes nothing: the empty corners of a turned badge or
    // disc cost two loads, not the interpolation and the blend.
    if (tap_x >= 0 && tap_x + 1 < source_width && tap_y >= 0 && tap_y + 1 < source_height) {
        const uint32_t *row = source + tap_y * source_stride + tap_x;
        if ((row[0] | row[1] | row[source_stride] | row[source_stride + 1]) == 0) return;
    }
    blend_sse2(out, sample_sse2(source, source_stride, source_width, source_height, tap_x, tap_y, weight_x, weight_y),
               _mm_set1_epi16((short)alpha));
}
#endif
#endif
