// The floor's turned pixels eight at a time: structure of arrays, the way a compositor built for speed alone would
// do it. Four gathers fetch the eight pixels' four taps; the blue and red channels are then worked in the 16-bit
// halves of one register and the green and alpha channels in another, so every multiply serves sixteen channels.
#include "pixel_floor_avx2.h"
#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

// Weights of 7 bits: t·(128 − w) + b·w, sixteen 16-bit lanes at once (255 × 128 fits).
static inline AVX2 __m256i lerp16(__m256i a, __m256i b, __m256i weight) {
    return _mm256_add_epi16(_mm256_mullo_epi16(a, _mm256_sub_epi16(_mm256_set1_epi16(128), weight)), _mm256_mullo_epi16(b, weight));
}

// Left and right (16-bit lanes, two channels a pixel) blended horizontally by a multiply-add into 32-bit sums, and
// back to 16-bit lanes in the same places.
static inline AVX2 __m256i horizontal(__m256i left, __m256i right, __m256i weights) {
    __m256i low = _mm256_madd_epi16(_mm256_unpacklo_epi16(left, right), _mm256_unpacklo_epi32(weights, weights));
    __m256i high = _mm256_madd_epi16(_mm256_unpackhi_epi16(left, right), _mm256_unpackhi_epi32(weights, weights));
    return _mm256_packs_epi32(_mm256_srli_epi32(low, 14), _mm256_srli_epi32(high, 14));
}

// x·y / 255 rounded, in 16-bit lanes.
static inline AVX2 __m256i scale16(__m256i x, __m256i y) {
    __m256i product = _mm256_add_epi16(_mm256_mullo_epi16(x, y), _mm256_set1_epi16(128));
    return _mm256_srli_epi16(_mm256_add_epi16(product, _mm256_srli_epi16(product, 8)), 8);
}

AVX2 int bilinear_eight(uint32_t *out, const uint32_t *source, int source_width, int source_height, int32_t fx, int32_t fy,
                        int32_t dx, int32_t dy) {
    const __m256i zero = _mm256_setzero_si256(), lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i xs = _mm256_add_epi32(_mm256_set1_epi32(fx), _mm256_mullo_epi32(lanes, _mm256_set1_epi32(dx)));
    __m256i ys = _mm256_add_epi32(_mm256_set1_epi32(fy), _mm256_mullo_epi32(lanes, _mm256_set1_epi32(dy)));
    __m256i sx = _mm256_srai_epi32(xs, 16), sy = _mm256_srai_epi32(ys, 16);
    __m256i outside = _mm256_or_si256(_mm256_or_si256(_mm256_cmpgt_epi32(zero, sx), _mm256_cmpgt_epi32(sx, _mm256_set1_epi32(source_width - 2))),
                                      _mm256_or_si256(_mm256_cmpgt_epi32(zero, sy), _mm256_cmpgt_epi32(sy, _mm256_set1_epi32(source_height - 2))));
    if (!_mm256_testz_si256(outside, outside)) return 0;
    const int *taps = (const int *)source;
    __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(sy, _mm256_set1_epi32(source_width)), sx);
    __m256i tl = _mm256_i32gather_epi32(taps, index, 4), tr = _mm256_i32gather_epi32(taps + 1, index, 4);
    __m256i bl = _mm256_i32gather_epi32(taps + source_width, index, 4), br = _mm256_i32gather_epi32(taps + source_width + 1, index, 4);
    __m256i any = _mm256_or_si256(_mm256_or_si256(tl, tr), _mm256_or_si256(bl, br));
    if (_mm256_testz_si256(any, any)) return 1;

    // 7-bit weights; vertical ones in both 16-bit halves of a pixel's lane, horizontal as (128 − wx, wx) pairs.
    __m256i wx = _mm256_and_si256(_mm256_srli_epi32(xs, 9), _mm256_set1_epi32(127));
    __m256i wy = _mm256_and_si256(_mm256_srli_epi32(ys, 9), _mm256_set1_epi32(127));
    wy = _mm256_or_si256(wy, _mm256_slli_epi32(wy, 16));
    __m256i pair_weights = _mm256_or_si256(_mm256_sub_epi32(_mm256_set1_epi32(128), wx), _mm256_slli_epi32(wx, 16));
    const __m256i even_bytes = _mm256_set1_epi32(0x00FF00FF);
#define BLUE_RED(p) _mm256_and_si256(p, even_bytes)
#define GREEN_ALPHA(p) _mm256_srli_epi16(p, 8)
    __m256i blue_red = horizontal(lerp16(BLUE_RED(tl), BLUE_RED(bl), wy), lerp16(BLUE_RED(tr), BLUE_RED(br), wy), pair_weights);
    __m256i green_alpha = horizontal(lerp16(GREEN_ALPHA(tl), GREEN_ALPHA(bl), wy), lerp16(GREEN_ALPHA(tr), GREEN_ALPHA(br), wy), pair_weights);
    __m256i sample = _mm256_or_si256(blue_red, _mm256_slli_epi16(green_alpha, 8));

    // OVER: destination × (255 − sample alpha) / 255, plus the sample.
    __m256i destination = _mm256_loadu_si256((const __m256i *)out);
    __m256i inverse = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(sample, 24));
    inverse = _mm256_or_si256(inverse, _mm256_slli_epi32(inverse, 16));
    __m256i under = _mm256_or_si256(scale16(BLUE_RED(destination), inverse), _mm256_slli_epi16(scale16(GREEN_ALPHA(destination), inverse), 8));
#undef BLUE_RED
#undef GREEN_ALPHA
    _mm256_storeu_si256((__m256i *)out, _mm256_adds_epu8(sample, under));
    return 1;
}
#else
int bilinear_eight(uint32_t *out, const uint32_t *source, int source_width, int source_height, int32_t fx, int32_t fy,
                   int32_t dx, int32_t dy) {
    return 0;
}
#endif
