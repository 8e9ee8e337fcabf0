// What the AVX2 kernels share: four interpolated samples, times the opacity, OVER four destination pixels, in
// pixman's arithmetic (multiplications by 8-bit alphas rounded as (t + t / 256) / 256 with t = a·b + 128, sums
// saturated at 255).
#ifndef KINETIC_BLEND_FOUR_AVX2_H
#define KINETIC_BLEND_FOUR_AVX2_H
#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>
#include <stdint.h>

#define AVX2 __attribute__((target("avx2")))

// a·b / 255 rounded, for 8-bit values in sixteen 16-bit lanes: (t + t / 256) / 256 is t·257 / 65536.
static inline AVX2 __m256i multiply_lanes_avx2(__m256i a, __m256i b) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(a, b), _mm256_set1_epi16(0x80));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(0x0101));
}

// `sample` (pixels 0 and 1 in the low 128-bit lane, 2 and 3 in the high one, a channel per 16-bit lane) times `alpha`
// (unless `opaque`: times 255 it would be itself), OVER the four pixels at `out`.
static inline AVX2 void blend_four_avx2(uint32_t *out, __m256i sample, __m256i alpha, int opaque) {
    if (!opaque) sample = multiply_lanes_avx2(sample, alpha);
    __m256i under = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)out));
    __m256i sample_alpha = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(sample, 0xFF), 0xFF);
    under = multiply_lanes_avx2(under, _mm256_sub_epi16(_mm256_set1_epi16(0xFF), sample_alpha));
    // The sum saturates at 255 as the SSE2 kernel's byte-wise add does; the pack leaves each lane's two pixels in its
    // low 64 bits, and the permute brings the four together.
    __m256i packed = _mm256_packus_epi16(_mm256_add_epi16(sample, under), _mm256_setzero_si256());
    packed = _mm256_permute4x64_epi64(packed, _MM_SHUFFLE(3, 1, 2, 0));
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(packed));
}
#endif
#endif
