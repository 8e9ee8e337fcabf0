// The turned-bitmap composite: a bilinear sample of the source, times the layer's opacity, OVER the destination.
//
// pixman does the same through its general path, a pixel at a time with a spill to memory between the fetch and the
// blend; here the two are one loop, with SSE2 where the machine has it. Each step is written to give pixman's exact
// result: weights of 7 bits (the fraction's top bits), a sum truncated by 14 bits, and multiplications by 8-bit
// alphas rounded as (t + t / 256) / 256 with t = a·b + 128.
#include "kinetic_blend.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { weight_bits = 7, weight_one = 1 << weight_bits };

#if !defined(__SSE2__)
// a·b / 255, rounded, for 8-bit a and b.
static inline uint32_t multiply_channel(uint32_t a, uint32_t b) {
    uint32_t t = a * b + 0x80;
    return ((t >> 8) + t) >> 8;
}

static inline uint32_t multiply_pixel(uint32_t pixel, uint32_t alpha) {
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) result |= multiply_channel((pixel >> shift) & 0xFF, alpha) << shift;
    return result;
}

// source OVER destination, channel sums saturated at 255 (premultiplied input never reaches it).
static inline uint32_t over(uint32_t source, uint32_t destination) {
    uint32_t under = multiply_pixel(destination, 255 - (source >> 24)), result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t sum = ((source >> shift) & 0xFF) + ((under >> shift) & 0xFF);
        result |= (sum > 255 ? 255 : sum) << shift;
    }
    return result;
}
#endif

// The two horizontally neighbouring pixels at (x, y) and (x + 1, y), transparent where outside the source.
static inline void neighbours(const uint32_t *source, ptrdiff_t stride, int width, int height, int64_t x, int64_t y, uint32_t pair[2]) {
    pair[0] = pair[1] = 0;
    if (y < 0 || y >= height) return;
    const uint32_t *row = source + y * stride;
    if (x >= 0 && x < width) pair[0] = row[x];
    if (x + 1 >= 0 && x + 1 < width) pair[1] = row[x + 1];
}

#if defined(__SSE2__)
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
static inline __m128i sample(const uint32_t *source, ptrdiff_t stride, int width, int height, int64_t x, int64_t y, int dx, int dy) {
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
static inline void blend(uint32_t *out, __m128i sample, __m128i alpha) {
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
#else
static inline uint32_t interpolate_pixels(const uint32_t top[2], const uint32_t bottom[2], int dx, int dy) {
    uint32_t result = 0;
    uint32_t wtl = (weight_one - dx) * (weight_one - dy), wtr = dx * (weight_one - dy), wbl = (weight_one - dx) * dy, wbr = dx * dy;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t sum = ((top[0] >> shift) & 0xFF) * wtl + ((top[1] >> shift) & 0xFF) * wtr
                     + ((bottom[0] >> shift) & 0xFF) * wbl + ((bottom[1] >> shift) & 0xFF) * wbr;
        result |= (sum >> (2 * weight_bits)) << shift;
    }
    return result;
}

static inline uint32_t sample(const uint32_t *source, ptrdiff_t stride, int width, int height, int64_t x, int64_t y, int dx, int dy) {
    if (x + 1 < 0 || x >= width || y + 1 < 0 || y >= height) return 0;
    uint32_t top[2], bottom[2];
    neighbours(source, stride, width, height, x, y, top);
    neighbours(source, stride, width, height, x, y + 1, bottom);
    return interpolate_pixels(top, bottom, dx, dy);
}

static inline void blend(uint32_t *out, uint32_t pixel, uint32_t alpha) {
    if (alpha != 255) pixel = multiply_pixel(pixel, alpha);
    if (pixel == 0) return;
    *out = (pixel >> 24) == 0xFF ? pixel : over(pixel, *out);
}
#endif

void kinetic_bilinear_over(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                           const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                           const int32_t matrix[6], uint32_t alpha) {
    if (alpha == 0) return;
    if (alpha > 255) alpha = 255;
#if defined(__SSE2__)
    const __m128i opacity = _mm_set1_epi16((short)alpha);
#else
    const uint32_t opacity = alpha;
#endif
    const int64_t half = 0x8000;
    for (int row = 0; row < height; row++) {
        // The first pixel's centre through the matrix, rounded once as pixman rounds it; then one step per pixel.
        const int64_t px = ((int64_t)x << 16) + half, py = ((int64_t)(y + row) << 16) + half;
        int64_t u = ((int64_t)matrix[0] * px + (int64_t)matrix[1] * py + ((int64_t)matrix[2] << 16) + half) >> 16;
        int64_t v = ((int64_t)matrix[3] * px + (int64_t)matrix[4] * py + ((int64_t)matrix[5] << 16) + half) >> 16;
        uint32_t *out = destination + (y + row) * destination_stride + x;
        for (int column = 0; column < width; column++, u += matrix[0], v += matrix[3]) {
            // The taps sit half a pixel up and left of the sample point.
            const int64_t su = u - half, sv = v - half;
            blend(out + column, sample(source, source_stride, source_width, source_height, su >> 16, sv >> 16,
                                       (int)((su >> (16 - weight_bits)) & (weight_one - 1)), (int)((sv >> (16 - weight_bits)) & (weight_one - 1))),
                  opacity);
        }
    }
}
