// What both turned-bitmap kernels share: where each destination pixel samples the source, and the source's pixels
// around that point. pixman's bilinear filter, step for step: the sample point is the pixel centre through the
// matrix, rounded once per row; its taps sit half a pixel up and left; the weights are the fractions' top 7 bits.
#ifndef KINETIC_BILINEAR_TAPS_H
#define KINETIC_BILINEAR_TAPS_H
#include <stddef.h>
#include <stdint.h>

enum { weight_bits = 7, weight_one = 1 << weight_bits };

// Where a row's first pixel centre lands in the source, in 16.16 fixed point, rounded once as pixman rounds it;
// each pixel to the right then adds (matrix[0], matrix[3]).
static inline void row_start(const int32_t matrix[6], int x, int y, int64_t *u, int64_t *v) {
    const int64_t half = 0x8000, px = ((int64_t)x << 16) + half, py = ((int64_t)y << 16) + half;
    *u = ((int64_t)matrix[0] * px + (int64_t)matrix[1] * py + ((int64_t)matrix[2] << 16) + half) >> 16;
    *v = ((int64_t)matrix[3] * px + (int64_t)matrix[4] * py + ((int64_t)matrix[5] << 16) + half) >> 16;
}

// A sample point's bilinear taps lie half a pixel before it on each axis: `tap_origin` moves a coordinate there.
// The first tap is then its whole part (`>> 16`) and its 7-bit fraction, `tap_weight`, is the second tap's weight.
static inline int64_t tap_origin(int64_t coordinate) { return coordinate - 0x8000; }
static inline int tap_weight(int64_t origin) { return (int)((origin >> (16 - weight_bits)) & (weight_one - 1)); }

// The two horizontally neighbouring pixels at (x, y) and (x + 1, y), transparent where outside the source.
static inline void neighbours(const uint32_t *source, ptrdiff_t stride, int width, int height, int64_t x, int64_t y, uint32_t pair[2]) {
    pair[0] = pair[1] = 0;
    if (y < 0 || y >= height) return;
    const uint32_t *row = source + y * stride;
    if (x >= 0 && x < width) pair[0] = row[x];
    if (x + 1 >= 0 && x + 1 < width) pair[1] = row[x + 1];
}

// One destination pixel's composite: `out` is the pixel; (tap_x, tap_y) is the source's first tap, (weight_x,
// weight_y) the second taps' 7-bit weights, and `alpha` the opacity (1–255).
typedef void (*bilinear_pixel)(uint32_t *out, const uint32_t *source, ptrdiff_t source_stride, int source_width,
                               int source_height, int64_t tap_x, int64_t tap_y, int weight_x, int weight_y, uint32_t alpha);

// Walks the destination rectangle row by row and hands each pixel's taps to `pixel`. It is inlined into each kernel
// with that kernel's own `pixel`, so the call becomes direct and is inlined in turn: one tight loop per kernel.
static inline __attribute__((always_inline))
void bilinear_walk(uint32_t *destination, ptrdiff_t destination_stride, int x, int y, int width, int height,
                   const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                   const int32_t matrix[6], uint32_t alpha, bilinear_pixel pixel) {
    if (alpha == 0) return;
    if (alpha > 255) alpha = 255;
    for (int row = 0; row < height; row++) {
        int64_t u, v;
        row_start(matrix, x, y + row, &u, &v);
        uint32_t *out = destination + (y + row) * destination_stride + x;
        for (int column = 0; column < width; column++, u += matrix[0], v += matrix[3]) {
            const int64_t su = tap_origin(u), sv = tap_origin(v);
            pixel(out + column, source, source_stride, source_width, source_height, su >> 16, sv >> 16, tap_weight(su), tap_weight(sv), alpha);
        }
    }
}
#endif
