// The turned-bitmap composite without SIMD, one channel at a time: what a machine without SSE2 runs. It is always
// built, so the tests hold it to pixman's pixels on every machine. Multiplications by 8-bit alphas round as pixman's
// do, (t + t / 256) / 256 with t = a·b + 128, and a bilinear sum is truncated by 14 bits.
#include "kinetic_blend.h"
#include "bilinear_taps.h"

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

static inline uint32_t sample_portable(const uint32_t *source, ptrdiff_t stride, int width, int height, int64_t x, int64_t y, int dx, int dy) {
    if (x + 1 < 0 || x >= width || y + 1 < 0 || y >= height) return 0;
    uint32_t top[2], bottom[2];
    neighbours(source, stride, width, height, x, y, top);
    neighbours(source, stride, width, height, x, y + 1, bottom);
    return interpolate_pixels(top, bottom, dx, dy);
}

static inline void blend_portable(uint32_t *out, uint32_t pixel, uint32_t alpha) {
    if (alpha != 255) pixel = multiply_pixel(pixel, alpha);
    if (pixel == 0) return;
    *out = (pixel >> 24) == 0xFF ? pixel : over(pixel, *out);
}

static inline void composite_pixel_portable(uint32_t *out, const uint32_t *source, ptrdiff_t source_stride, int source_width,
                                            int source_height, int64_t tap_x, int64_t tap_y, int weight_x, int weight_y, uint32_t alpha) {
    blend_portable(out, sample_portable(source, source_stride, source_width, source_height, tap_x, tap_y, weight_x, weight_y), alpha);
}

void kinetic_bilinear_over_portable(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                                    const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                                    const int32_t matrix[6], uint32_t alpha) {
    bilinear_walk(destination, destination_stride, x, y, width, height, source, source_stride, source_width, source_height,
                  matrix, alpha, composite_pixel_portable);
}
