// A bitmap scaled (and moved) but not turned, with AVX2: a Honeycomb cell growing out of its category. Without a
// turn, every pixel of a destination column takes its horizontal taps and weight from the same source columns, and
// every pixel of a destination row its vertical ones from the same two source rows. So the filter separates:
//
// 1. per destination row, the vertical pass runs once along the source row pair, over just the source columns the
//    row reads, into a buffer of 16-bit channels, eight source pixels a step with plain loads;
// 2. four destination pixels at a time then read their neighbouring entries of that buffer and finish with the
//    horizontal pass, the opacity and OVER.
//
// This is pixman's order of operations (vertical in 16-bit lanes, horizontal in 32-bit sums truncated by 14 bits), so
// the pixels are pixman's. Source pixels outside the bitmap are transparent. Without AVX2 the player leaves scaled
// bitmaps to pixman's own scaled path, which a one-pixel-a-step version of this kernel did not beat.
#include "kinetic_blend.h"
#include "bilinear_pixel_sse2.h"
#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>
#include "blend_four_avx2.h"

/// Destination columns handled per pass, and the source columns one pass may read: a raster is at most twice its
/// on-screen size, so a pass of 512 columns reads about 1,026; a pass that would read more (a raster shrunk further)
/// goes to the general kernel.
enum { pass_columns = 512, buffer_columns = 2 * pass_columns + 16 };

// The vertical pass for one destination row: entries [0, count) of `buffer` (four 16-bit channels each) become
// top·(128 − wy) + bottom·wy for source columns first … first + count − 1, zero where a column or row is outside.
static AVX2 void vertical_pass(uint16_t *buffer, const uint32_t *source, ptrdiff_t stride, int source_width, int source_height,
                               int64_t first, int count, int64_t tap_y, int wy) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i wa = _mm256_set1_epi16((short)(weight_one - wy)), wb = _mm256_set1_epi16((short)wy);
    const uint32_t *top = tap_y >= 0 && tap_y < source_height ? source + tap_y * stride : NULL;
    const uint32_t *bottom = tap_y + 1 >= 0 && tap_y + 1 < source_height ? source + (tap_y + 1) * stride : NULL;
    int i = 0;
    // Columns left of the source, then those inside eight at a time (both rows inside), then the rest one at a time.
    for (; i < count && first + i < 0; i++) _mm_storel_epi64((__m128i *)(buffer + 4 * i), _mm_setzero_si128());
    if (top && bottom) {
        for (; i + 8 <= count && first + i + 8 <= source_width; i += 8) {
            __m256i t = _mm256_loadu_si256((const __m256i *)(top + first + i)), b = _mm256_loadu_si256((const __m256i *)(bottom + first + i));
            // Unpacks work within 128-bit lanes: `low` holds pixels 0, 1 | 4, 5 and `high` 2, 3 | 6, 7.
            __m256i low = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(t, zero), wa), _mm256_mullo_epi16(_mm256_unpacklo_epi8(b, zero), wb));
            __m256i high = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(t, zero), wa), _mm256_mullo_epi16(_mm256_unpackhi_epi8(b, zero), wb));
            _mm256_storeu_si256((__m256i *)(buffer + 4 * i), _mm256_permute2x128_si256(low, high, 0x20));
            _mm256_storeu_si256((__m256i *)(buffer + 4 * i + 16), _mm256_permute2x128_si256(low, high, 0x31));
        }
    }
    const __m128i zero128 = _mm_setzero_si128();
    const __m128i wa128 = _mm_set1_epi16((short)(weight_one - wy)), wb128 = _mm_set1_epi16((short)wy);
    for (; i < count; i++) {
        const int64_t column = first + i;
        const int inside = column >= 0 && column < source_width;
        __m128i t = _mm_cvtsi32_si128(inside && top ? (int)top[column] : 0), b = _mm_cvtsi32_si128(inside && bottom ? (int)bottom[column] : 0);
        __m128i v = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(t, zero128), wa128), _mm_mullo_epi16(_mm_unpacklo_epi8(b, zero128), wb128));
        _mm_storel_epi64((__m128i *)(buffer + 4 * i), v);
    }
}

// Two destination pixels' horizontal pass, one per 128-bit lane: the buffer entries `low` and `high` point at (each a
// left tap followed by its right one), weighted by `weight_low` and `weight_high` ((wx << 16) | (128 − wx)). Each lane
// gives its pixel's four channels as 32-bit values.
static inline AVX2 __m256i horizontal_two(const uint16_t *low, const uint16_t *high, int32_t weight_low, int32_t weight_high) {
    __m256i pairs = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)low)),
                                            _mm_loadu_si128((const __m128i *)high), 1);
    __m256i weights = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_set1_epi32(weight_low)), _mm_set1_epi32(weight_high), 1);
    __m256i interleaved = _mm256_unpacklo_epi16(pairs, _mm256_srli_si256(pairs, 8));
    return _mm256_srli_epi32(_mm256_madd_epi16(interleaved, weights), 2 * weight_bits);
}

// Destination columns [0, count) of one row: the horizontal pass, the opacity and OVER, four pixels a step (the
// last few one at a time).
static AVX2 void horizontal_pass(uint32_t *out, const uint16_t *buffer, const int32_t *entries, const int32_t *weights,
                                 int count, uint32_t alpha) {
    const __m256i alpha_lanes = _mm256_set1_epi16((short)alpha);
    int c = 0;
    for (; c + 4 <= count; c += 4) {
        // Pixels 0 and 2, then 1 and 3: packed together they come out 0, 1 in the low lane and 2, 3 in the high one.
        __m256i even = horizontal_two(buffer + 4 * entries[c], buffer + 4 * entries[c + 2], weights[c], weights[c + 2]);
        __m256i odd = horizontal_two(buffer + 4 * entries[c + 1], buffer + 4 * entries[c + 3], weights[c + 1], weights[c + 3]);
        __m256i sample = _mm256_packs_epi32(even, odd);
        if (_mm256_testz_si256(sample, sample)) continue;  // four transparent samples change nothing
        blend_four_avx2(out + c, sample, alpha_lanes, alpha == 255);
    }
    const __m128i zero128 = _mm_setzero_si128(), alpha128 = _mm_set1_epi16((short)alpha);
    for (; c < count; c++) {
        __m128i pair = _mm_loadu_si128((const __m128i *)(buffer + 4 * entries[c]));
        __m128i sums = _mm_madd_epi16(_mm_unpacklo_epi16(pair, _mm_srli_si128(pair, 8)), _mm_set1_epi32(weights[c]));
        blend_sse2(out + c, _mm_packs_epi32(_mm_srli_epi32(sums, 2 * weight_bits), zero128), alpha128);
    }
}

AVX2 void kinetic_scaled_over(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                              const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                              const int32_t matrix[6], uint32_t alpha) {
    if (matrix[1] != 0 || matrix[3] != 0) {
        kinetic_bilinear_over(destination, destination_stride, x, y, width, height, source, source_stride,
                              source_width, source_height, matrix, alpha);
        return;
    }
    if (alpha == 0) return;
    if (alpha > 255) alpha = 255;
    uint16_t buffer[4 * buffer_columns];
    int32_t entries[pass_columns], weights[pass_columns];
    for (int left = 0; left < width; left += pass_columns) {
        const int columns = width - left < pass_columns ? width - left : pass_columns;
        // Each column's left tap and weight, the same on every row (without a turn the row plays no part in u).
        int64_t u, v;
        row_start(matrix, x + left, y, &u, &v);
        int64_t low = INT64_MAX, high = INT64_MIN;
        for (int c = 0; c < columns; c++, u += matrix[0]) {
            const int64_t su = tap_origin(u), tap = su >> 16;
            if (tap < low) low = tap;
            if (tap > high) high = tap;
            const int wx = tap_weight(su);
            weights[c] = (wx << 16) | (weight_one - wx);
        }
        if (high - low + 2 > buffer_columns) {
            // Shrunk more than twice: more source columns than one buffer holds.
            kinetic_bilinear_over(destination, destination_stride, x + left, y, columns, height, source, source_stride,
                                  source_width, source_height, matrix, alpha);
            continue;
        }
        row_start(matrix, x + left, y, &u, &v);
        for (int c = 0; c < columns; c++, u += matrix[0]) entries[c] = (int32_t)((tap_origin(u) >> 16) - low);
        for (int row = 0; row < height; row++) {
            row_start(matrix, x + left, y + row, &u, &v);
            const int64_t sv = tap_origin(v);
            vertical_pass(buffer, source, source_stride, source_width, source_height, low, (int)(high - low + 2), sv >> 16, tap_weight(sv));
            horizontal_pass(destination + (y + row) * destination_stride + x + left, buffer, entries, weights, columns, alpha);
        }
    }
}
#else
void kinetic_scaled_over(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                         const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                         const int32_t matrix[6], uint32_t alpha) {
    kinetic_bilinear_over(destination, destination_stride, x, y, width, height, source, source_stride,
                          source_width, source_height, matrix, alpha);
}
#endif
