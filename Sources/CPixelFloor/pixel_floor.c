// The benchmark's floor: the same pixel work a frame does, as tight C with SIMD and nothing else (no engine, no
// Cairo, no pixman, no allocation in the timed part), so `frame ÷ floor` says how far the compositor is from what
// this machine can do. SSE2 is part of every x86-64, and turned pixels go eight at a time with AVX2 where the
// processor has it (pixel_floor_avx2.c; only CBlend's CPUID check is borrowed from the engine); elsewhere the plain
// loops below are the floor.
#include "pixel_floor.h"
#include "pixel_floor_avx2.h"
#include "kinetic_blend.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

void pixel_floor_clear(uint32_t *pixels, size_t count, uint32_t value) {
    size_t i = 0;
#if defined(__SSE2__)
    __m128i fill = _mm_set1_epi32((int)value);
    for (; i + 4 <= count; i += 4) _mm_storeu_si128((__m128i *)(pixels + i), fill);
#endif
    for (; i < count; i++) pixels[i] = value;
}

/// x / 255 rounded, for x up to 255 × 255, as pixman computes it: (x + 128 + ((x + 128) >> 8)) >> 8.
static inline uint32_t divide255(uint32_t x) {
    x += 128;
    return (x + (x >> 8)) >> 8;
}

static inline uint32_t over1(uint32_t s, uint32_t d) {
    uint32_t inverse = 255 - (s >> 24), result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t channel = ((s >> shift) & 0xFF) + divide255(((d >> shift) & 0xFF) * inverse);
        result |= (channel > 255 ? 255 : channel) << shift;
    }
    return result;
}

#if defined(__SSE2__)
/// Two pixels' OVER in 16-bit lanes: s + d × (255 − αs) / 255.
static inline __m128i over_lanes(__m128i s16, __m128i d16) {
    __m128i alpha = _mm_shufflelo_epi16(_mm_shufflehi_epi16(s16, 0xFF), 0xFF);
    __m128i inverse = _mm_xor_si128(alpha, _mm_set1_epi16(0x00FF));
    __m128i product = _mm_add_epi16(_mm_mullo_epi16(d16, inverse), _mm_set1_epi16(128));
    product = _mm_srli_epi16(_mm_add_epi16(product, _mm_srli_epi16(product, 8)), 8);
    return _mm_add_epi16(s16, product);
}
#endif

void pixel_floor_over(uint32_t *destination, const uint32_t *source, size_t count) {
    size_t i = 0;
#if defined(__SSE2__)
    __m128i zero = _mm_setzero_si128();
    for (; i + 4 <= count; i += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(source + i));
        // Four transparent pixels change nothing; four opaque ones replace: the shortcuts every SIMD compositor takes.
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(s, zero)) == 0xFFFF) continue;
        if ((_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_srli_epi32(s, 24), _mm_set1_epi32(0xFF))) & 0x1111) == 0x1111) {
            _mm_storeu_si128((__m128i *)(destination + i), s);
            continue;
        }
        __m128i d = _mm_loadu_si128((const __m128i *)(destination + i));
        __m128i low = over_lanes(_mm_unpacklo_epi8(s, zero), _mm_unpacklo_epi8(d, zero));
        __m128i high = over_lanes(_mm_unpackhi_epi8(s, zero), _mm_unpackhi_epi8(d, zero));
        _mm_storeu_si128((__m128i *)(destination + i), _mm_packus_epi16(low, high));
    }
#endif
    for (; i < count; i++) destination[i] = over1(source[i], destination[i]);
}

/// The columns of a row whose sample position u0 + x·du stays in [low, high): where the bilinear taps are all inside
/// the source. Returns false when there are none.
static int span(double u0, double du, double low, double high, int width, int *from, int *to) {
    double a = 0, b = width;
    if (du > 1e-12) {
        a = fmax(a, ceil((low - u0) / du));
        b = fmin(b, ceil((high - u0) / du));
    } else if (du < -1e-12) {
        a = fmax(a, floor((high - u0) / du) + 1);
        b = fmin(b, floor((low - u0) / du) + 1);
    } else if (u0 < low || u0 >= high) {
        return 0;
    }
    if (a >= b) return 0;
    *from = (int)a;
    *to = (int)b;
    return 1;
}

/// One turned pixel: the bilinear sample whose top-left tap is `tap`, weighted by the 16.16 positions' fractions,
/// OVER `out`.
static inline void bilinear_pixel(uint32_t *out, const uint32_t *tap, int source_width, int32_t fx, int32_t fy) {
    uint32_t t0 = tap[0], t1 = tap[1], t2 = tap[source_width], t3 = tap[source_width + 1];
    if ((t0 | t1 | t2 | t3) == 0) return;
    uint32_t wx = (uint32_t)(fx >> 8) & 0xFF, wy = (uint32_t)(fy >> 8) & 0xFF;
#if defined(__SSE2__)
    __m128i zero = _mm_setzero_si128();
    __m128i top = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)tap), zero);
    __m128i bottom = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(tap + source_width)), zero);
    // Vertical in 16-bit lanes (weights of 7 bits keep 255 × 128 in range), then horizontal with a multiply-add.
    int vy = (int)(wy >> 1), vx = (int)(wx >> 1);
    __m128i vertical = _mm_add_epi16(_mm_mullo_epi16(top, _mm_set1_epi16((short)(128 - vy))), _mm_mullo_epi16(bottom, _mm_set1_epi16((short)vy)));
    __m128i pairs = _mm_unpacklo_epi16(vertical, _mm_srli_si128(vertical, 8));
    __m128i sums = _mm_madd_epi16(pairs, _mm_set1_epi32((vx << 16) | (128 - vx)));
    __m128i sample = _mm_packs_epi32(_mm_srli_epi32(sums, 14), zero);
    __m128i d16 = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)*out), zero);
    *out = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(over_lanes(sample, d16), zero));
#else
    uint32_t texel[4] = {t0, t1, t2, t3}, sample = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t a = (texel[0] >> shift) & 0xFF, b = (texel[1] >> shift) & 0xFF, c = (texel[2] >> shift) & 0xFF, d = (texel[3] >> shift) & 0xFF;
        uint32_t top = a * (256 - wx) + b * wx, bottom = c * (256 - wx) + d * wx;
        sample |= ((top * (256 - wy) + bottom * wy) >> 16) << shift;
    }
    *out = over1(sample, *out);
#endif
}

void pixel_floor_bilinear_over(uint32_t *destination, size_t stride, int width, int height, const uint32_t *source,
                               int source_width, int source_height, double xx, double xy, double yx, double yy, double x0, double y0) {
    // Only the columns whose four taps lie inside the source are visited (the footprint: a turned square covers about
    // half its bounding box), and a sample whose four taps are all transparent changes nothing, so it is skipped, as
    // any compositor may. Positions in 16.16 fixed point, stepped along the row. With AVX2, eight pixels at a time.
    const int wide = kinetic_blend_has_avx2();
    int32_t dxx = (int32_t)lrint(xx * 65536), dyx = (int32_t)lrint(yx * 65536);
    for (int row = 0; row < height; row++) {
        double u0 = xy * (row + 0.5) + xx * 0.5 + x0 - 0.5, v0 = yy * (row + 0.5) + yx * 0.5 + y0 - 0.5;
        int a0, a1, b0, b1;
        if (!span(u0, xx, 0, source_width - 1, width, &a0, &a1) || !span(v0, yx, 0, source_height - 1, width, &b0, &b1)) continue;
        int from = a0 > b0 ? a0 : b0, to = a1 < b1 ? a1 : b1;
        uint32_t *out = destination + (size_t)row * stride;
        int32_t fx = (int32_t)lrint((u0 + from * xx) * 65536), fy = (int32_t)lrint((v0 + from * yx) * 65536);
        int column = from;
        while (column < to) {
            if (wide && column + 8 <= to && bilinear_eight(out + column, source, source_width, source_height, fx, fy, dxx, dyx)) {
                column += 8;
                fx += 8 * dxx;
                fy += 8 * dyx;
                continue;
            }
            int sx = fx >> 16, sy = fy >> 16;
            // Rounding at a span's ends can step just outside.
            if (sx >= 0 && sy >= 0 && sx < source_width - 1 && sy < source_height - 1)
                bilinear_pixel(out + column, source + (size_t)sy * source_width + sx, source_width, fx, fy);
            column++;
            fx += dxx;
            fy += dyx;
        }
    }
}

const char *pixel_floor_instructions(void) {
#if defined(__SSE2__)
    return kinetic_blend_has_avx2() ? "AVX2" : "SSE2";
#else
    return "no SIMD";
#endif
}

// MARK: A frame's work, timed

enum { SPRITE = 192 };

typedef struct {
    uint32_t *frame;
    const uint32_t *sprite;
    int width, height;
    size_t cleared, plain, resampled;
} Work;

/// One thread's share: clears its part of the frame, then blends its share of plain and turned sprites in place.
static void *do_work(void *argument) {
    Work *work = argument;
    pixel_floor_clear(work->frame, work->cleared, 0xFFF6F4EFu);
    size_t done = 0, offset = 0, total = (size_t)work->width * work->height;
    while (done < work->plain) {
        size_t count = work->plain - done < SPRITE * SPRITE ? work->plain - done : SPRITE * SPRITE;
        if (offset + count > total) offset = 0;
        pixel_floor_over(work->frame + offset, work->sprite, count);
        done += count;
        offset = (offset + count * 7) % total;
    }
    // Turned sprites: a 192-pixel square at 30°, blended over a 262-pixel block (the rotated square's bounds).
    const double angle = 0.5235987755982988, c = cos(angle), s = sin(angle);
    const int block = 262;
    done = 0;
    int placement = 0;
    while (done < work->resampled && work->height >= block && work->width >= block) {
        int bx = (placement * 331) % (work->width - block), by = (placement * 197) % (work->height - block);
        placement++;
        double cx = block / 2.0, half = SPRITE / 2.0;
        pixel_floor_bilinear_over(work->frame + (size_t)by * work->width + bx, (size_t)work->width, block, block, work->sprite, SPRITE, SPRITE,
                                  c, s, -s, c, half - c * cx - s * cx, half + s * cx - c * cx);
        done += (size_t)block * block;
    }
    return NULL;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
}

double pixel_floor_frame(int width, int height, size_t cleared, size_t plain, size_t resampled, int threads) {
    if (width <= 0 || height <= 0) return 0;
    if (threads < 1) threads = 1;
    if (threads > 16) threads = 16;
    size_t total = (size_t)width * height;
    uint32_t *frame = malloc(total * sizeof(uint32_t)), *sprite = malloc(SPRITE * SPRITE * sizeof(uint32_t));
    if (!frame || !sprite) {
        free(frame);
        free(sprite);
        return -1;
    }
    // A disc with a one-pixel soft edge, premultiplied, as the badges and balls have.
    for (int y = 0; y < SPRITE; y++) {
        for (int x = 0; x < SPRITE; x++) {
            double dx = x + 0.5 - SPRITE / 2.0, dy = y + 0.5 - SPRITE / 2.0, edge = SPRITE / 2.0 - sqrt(dx * dx + dy * dy);
            uint32_t a = (uint32_t)(edge <= 0 ? 0 : edge >= 1 ? 255 : edge * 255);
            sprite[y * SPRITE + x] = a << 24 | (a * 0xE1 / 255) << 16 | (a * 0x59 / 255) << 8 | (a * 0x26 / 255);
        }
    }
    memset(frame, 0, total * sizeof(uint32_t));
    Work work[16];
    pthread_t thread[16];
    int rows = height / threads;
    for (int i = 0; i < threads; i++) {
        int top = i * rows, count = i == threads - 1 ? height - top : rows;
        work[i] = (Work){frame + (size_t)top * width, sprite, width, count,
                         (cleared > total ? total : cleared) / threads, plain / threads, resampled / threads};
    }
    double start = now_ms();
    for (int i = 1; i < threads; i++) pthread_create(&thread[i], NULL, do_work, &work[i]);
    do_work(&work[0]);
    for (int i = 1; i < threads; i++) pthread_join(thread[i], NULL);
    double elapsed = now_ms() - start;
    free(frame);
    free(sprite);
    return elapsed;
}
