// A bitmap moved by a fraction of a pixel, neither turned nor scaled: a list resting between pixels, a row sliding
// sideways. Every destination pixel then samples its source at the same fraction, so the four taps of four neighbouring
// pixels are two plain rows of the source, loaded four pixels at a time with no per-pixel addressing, and the weights
// are constants. When one of the two fractions is zero (a list moves up and down, a row from side to side) the
// filter is one interpolation, not two.
//
// The arithmetic is pixman's bilinear filter, as in the turned kernel: 7-bit weights, the vertical pass in 16-bit
// lanes, the horizontal one in 32-bit sums truncated by 14 bits. With a zero weight one pass multiplies by 128 and the
// truncation divides it back, which is the single 16-bit interpolation shifted by 7, exactly.
#include "kinetic_blend.h"
#include "bilinear_pixel_sse2.h"
#if defined(__SSE2__)

// (a·(128 − w) + b·w) >> 7 for the low (pixels 0, 1) and high (2, 3) halves of four pixels: a one-way interpolation.
static inline void interpolate_once(__m128i a, __m128i b, int w, __m128i *low, __m128i *high) {
    const __m128i zero = _mm_setzero_si128(), wa = _mm_set1_epi16((short)(weight_one - w)), wb = _mm_set1_epi16((short)w);
    *low = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(a, zero), wa), _mm_mullo_epi16(_mm_unpacklo_epi8(b, zero), wb)), weight_bits);
    *high = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(a, zero), wa), _mm_mullo_epi16(_mm_unpackhi_epi8(b, zero), wb)), weight_bits);
}

// Two pixels' vertical results (left taps and right taps, 16-bit lanes) blended horizontally by `weights`
// ((wx << 16) | (128 − wx) in each 32-bit lane), back in 16-bit lanes.
static inline __m128i horizontal_pass(__m128i left, __m128i right, __m128i weights) {
    __m128i first = _mm_srli_epi32(_mm_madd_epi16(_mm_unpacklo_epi16(left, right), weights), 2 * weight_bits);
    __m128i second = _mm_srli_epi32(_mm_madd_epi16(_mm_unpackhi_epi16(left, right), weights), 2 * weight_bits);
    return _mm_packs_epi32(first, second);
}

// The sample, times the opacity, OVER `under` (both two pixels in 16-bit lanes).
static inline __m128i over_two(__m128i sample, __m128i under, __m128i alpha, int opaque) {
    if (!opaque) sample = multiply_lanes(sample, alpha);
    __m128i inverse = _mm_sub_epi16(_mm_set1_epi16(0xFF), _mm_shufflehi_epi16(_mm_shufflelo_epi16(sample, 0xFF), 0xFF));
    return _mm_add_epi16(sample, multiply_lanes(under, inverse));
}

// Four neighbouring destination pixels at `out`, whose taps start at `top` (and the row below, `bottom`), all inside
// the source.
static inline void translated_four(uint32_t *out, const uint32_t *top, const uint32_t *bottom, int wx, int wy,
                                   __m128i alpha, int opaque) {
    const __m128i zero = _mm_setzero_si128();
    __m128i top_left = _mm_loadu_si128((const __m128i *)top), low, high;
    if (wx == 0) {
        __m128i bottom_left = _mm_loadu_si128((const __m128i *)bottom);
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_or_si128(top_left, bottom_left), zero)) == 0xFFFF) return;
        interpolate_once(top_left, bottom_left, wy, &low, &high);
    } else if (wy == 0) {
        __m128i top_right = _mm_loadu_si128((const __m128i *)(top + 1));
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_or_si128(top_left, top_right), zero)) == 0xFFFF) return;
        interpolate_once(top_left, top_right, wx, &low, &high);
    } else {
        __m128i top_right = _mm_loadu_si128((const __m128i *)(top + 1));
        __m128i bottom_left = _mm_loadu_si128((const __m128i *)bottom), bottom_right = _mm_loadu_si128((const __m128i *)(bottom + 1));
        __m128i any = _mm_or_si128(_mm_or_si128(top_left, top_right), _mm_or_si128(bottom_left, bottom_right));
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(any, zero)) == 0xFFFF) return;
        // The vertical pass in full (16-bit lanes, not shifted), then the horizontal one.
        const __m128i wa = _mm_set1_epi16((short)(weight_one - wy)), wb = _mm_set1_epi16((short)wy);
        const __m128i weights = _mm_set1_epi32((wx << 16) | (weight_one - wx));
#define VERTICAL(unpack, t, b) _mm_add_epi16(_mm_mullo_epi16(unpack(t, zero), wa), _mm_mullo_epi16(unpack(b, zero), wb))
        low = horizontal_pass(VERTICAL(_mm_unpacklo_epi8, top_left, bottom_left), VERTICAL(_mm_unpacklo_epi8, top_right, bottom_right), weights);
        high = horizontal_pass(VERTICAL(_mm_unpackhi_epi8, top_left, bottom_left), VERTICAL(_mm_unpackhi_epi8, top_right, bottom_right), weights);
#undef VERTICAL
    }
    __m128i under = _mm_loadu_si128((const __m128i *)out);
    low = over_two(low, _mm_unpacklo_epi8(under, zero), alpha, opaque);
    high = over_two(high, _mm_unpackhi_epi8(under, zero), alpha, opaque);
    _mm_storeu_si128((__m128i *)out, _mm_packus_epi16(low, high));
}
#endif

void kinetic_translated_over(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                             const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                             const int32_t matrix[6], uint32_t alpha) {
#if defined(__SSE2__)
    if (matrix[0] != 0x10000 || matrix[4] != 0x10000 || matrix[1] != 0 || matrix[3] != 0) {
        kinetic_bilinear_over(destination, destination_stride, x, y, width, height, source, source_stride,
                              source_width, source_height, matrix, alpha);
        return;
    }
    if (alpha == 0) return;
    if (alpha > 255) alpha = 255;
    const __m128i alpha_lanes = _mm_set1_epi16((short)alpha);
    for (int row = 0; row < height; row++) {
        int64_t u, v;
        row_start(matrix, x, y + row, &u, &v);
        const int64_t su = tap_origin(u), sv = tap_origin(v), tap_x = su >> 16, tap_y = sv >> 16;
        const int wx = tap_weight(su), wy = tap_weight(sv);
        uint32_t *out = destination + (y + row) * destination_stride + x;
        // The columns whose two taps lie inside the source, on a row whose two source rows do: [inside, beyond).
        int64_t inside = 0, beyond = 0;
        if (tap_y >= 0 && tap_y + 1 < source_height) {
            inside = tap_x >= 0 ? 0 : -tap_x;
            beyond = source_width - 1 - tap_x;
            if (beyond > width) beyond = width;
            if (inside > beyond) inside = beyond;
        }
        int column = 0;
        for (; column < inside; column++)
            composite_pixel_sse2(out + column, source, source_stride, source_width, source_height, tap_x + column, tap_y, wx, wy, alpha);
        for (; column + 4 <= beyond; column += 4) {
            const uint32_t *top = source + tap_y * source_stride + tap_x + column;
            translated_four(out + column, top, top + source_stride, wx, wy, alpha_lanes, alpha == 255);
        }
        for (; column < width; column++)
            composite_pixel_sse2(out + column, source, source_stride, source_width, source_height, tap_x + column, tap_y, wx, wy, alpha);
    }
#else
    kinetic_bilinear_over_portable(destination, destination_stride, x, y, width, height, source, source_stride,
                                   source_width, source_height, matrix, alpha);
#endif
}
