#ifndef CSPANBLEND_H
#define CSPANBLEND_H

/*
 * Source-over of premultiplied RGBA8 spans (R, G, B, A bytes in memory,
 * held as uint32_t): the innermost loops of Reel's rasterizer.
 *
 * Why C: Swift compiles a function for one instruction set, fixed at build
 * time. These loops run twice as wide with AVX2, which not every x86-64
 * machine has, so on x86-64 each is built twice (baseline SSE2 and AVX2)
 * and the first call picks the widest the CPU supports. The arithmetic is
 * integer and the same in both, so every machine produces the same bytes.
 *
 * scale(p, f) is every channel of p times f / 255 rounded to nearest
 * (x = c·f + 128, (x + (x >> 8)) >> 8), exactly `PixelMath.scale`.
 */

#include <stddef.h>
#include <stdint.h>

/** dst[i] = src + scale(dst[i], inverse) for i < count (one colour, inverse = 255 − its alpha). */
void reel_over_constant(uint32_t src, uint32_t inverse, uint32_t *dst, size_t count);

/** dst[i] = src[i] + scale(dst[i], 255 − alpha(src[i])) for i < count. */
void reel_over(const uint32_t *src, uint32_t *dst, size_t count);

/** reel_over with each source pixel first scaled by coverage (0 < coverage < 255). */
void reel_over_coverage(const uint32_t *src, uint32_t coverage, uint32_t *dst, size_t count);

/** dst[i] = src·k[i] + dst[i]·(255 − α(src·k[i])) for i < count, each at its own coverage k[i]
    (0…255), held in factors[i] in both 16-bit halves (k · 0x10001). */
void reel_over_factors(uint32_t src, const uint32_t *factors, uint32_t *dst, size_t count);

/** The coverage of count adjacent cells of a row of signed areas (see CoverageSweep): acc
    plus the cells up to each, folded by the fill rule (nonzero, or evenodd when evenodd ≠ 0)
    to 0…255 and stored as factors (k · 0x10001). Zeroes the cells and returns acc plus all
    of them. Inline: spans are mostly a few cells, and the rule is known where it is called.
    The sums run in cell order, one addition after another: the same floats on every
    machine; no contraction into fused multiply-adds, which only some CPUs have. */
static inline float reel_coverage_factors(float *cells, size_t count, float acc, int evenodd,
                                          uint32_t *factors) {
#pragma STDC FP_CONTRACT OFF
    for (size_t i = 0; i < count; i++) {
        acc += cells[i];
        cells[i] = 0;
        float v = __builtin_fabsf(acc);
        if (evenodd) {
            v = __builtin_fmodf(v, 2.0f);
            v = v > 1.0f ? 2.0f - v : v;
        } else {
            v = 1.0f < v ? 1.0f : v;
        }
        factors[i] = (uint32_t)(int32_t)(v * 255.0f + 0.5f) * 0x10001u;
    }
    return acc;
}

/** dst[i] = value for i < count, with the C library's wmemset (its widest stores). */
void reel_fill(uint32_t *dst, uint32_t value, size_t count);

/** Asks the CPU to bring the cache line holding p into cache for writing,
    ahead of need (Swift has no prefetch of its own). */
static inline void reel_prefetch_for_write(const void *p) { __builtin_prefetch(p, 1, 3); }

/** Which loops the calls use: 0 the portable ones, 1 the AVX2 ones; -1 (the
    start) picks by the CPU. For tests that compare the two. */
void reel_span_blend_select(int variant);

/** The loops in use: 0 portable, 1 AVX2. */
int reel_span_blend_variant(void);

#endif
