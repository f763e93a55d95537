#include "CSpanBlend.h"

#include <string.h>
#include <wchar.h>

/* Eight pixels: as 32-bit pixels, as 16-bit lanes (R|G<<8 … split in pairs), as 64-bit words. */
typedef uint32_t pixels8 __attribute__((vector_size(32)));
typedef uint16_t lanes16 __attribute__((vector_size(32)));
typedef uint64_t words4 __attribute__((vector_size(32)));

#define INLINE static inline __attribute__((always_inline))

/* The 32-byte vectors never cross a call (every helper is inlined), so the
   warning that their calling convention differs with AVX does not apply. */
#pragma GCC diagnostic ignored "-Wpsabi"

INLINE pixels8 load8(const uint32_t *p) {
    pixels8 v;
    memcpy(&v, p, sizeof v);
    return v;
}

INLINE void store8(uint32_t *p, pixels8 v) { memcpy(p, &v, sizeof v); }

/* One pixel: R and B in one 32-bit multiply, G and A in the other. */
INLINE uint32_t scale1(uint32_t p, uint32_t f) {
    uint32_t rb = (p & 0x00FF00FFu) * f + 0x00800080u;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * f + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

INLINE uint32_t over1(uint32_t s, uint32_t d) { return s + scale1(d, 255 - (s >> 24)); }

/* Eight pixels, each times its factor (0…255, repeated in both 16-bit halves). */
INLINE pixels8 scale8(pixels8 p, lanes16 f) {
    lanes16 lanes = (lanes16)p;
    lanes16 rb = (lanes & 0xFF) * f + 0x80;
    lanes16 ag = (lanes >> 8) * f + 0x80;
    rb = (rb + (rb >> 8)) >> 8;
    ag = (ag + (ag >> 8)) & 0xFF00;
    return (pixels8)(rb | ag);
}

/* Four pixels as the low half of eight (the high half zero), so a short tail runs through the
   eight-pixel arithmetic instead of a copy of it. */
typedef uint32_t pixels4 __attribute__((vector_size(16)));

INLINE pixels8 load4(const uint32_t *p) {
    pixels4 v;
    memcpy(&v, p, sizeof v);
    return __builtin_shufflevector(v, (pixels4){0}, 0, 1, 2, 3, 4, 5, 6, 7);
}

INLINE void store4(uint32_t *p, pixels8 v) {
    pixels4 low = __builtin_shufflevector(v, v, 0, 1, 2, 3);
    memcpy(p, &low, sizeof low);
}

INLINE lanes16 factors(pixels8 f) { return (lanes16)(f | (f << 16)); }

INLINE pixels8 over8(pixels8 s, pixels8 d) { return s + scale8(d, factors(255 - (s >> 24))); }

INLINE int all_opaque(pixels8 s) {
    words4 q = (words4)s;
    const uint64_t mask = 0xFF000000FF000000ull;
    return ((q[0] & q[1] & q[2] & q[3]) & mask) == mask;
}

INLINE int all_zero(pixels8 s) {
    words4 q = (words4)s;
    return (q[0] | q[1] | q[2] | q[3]) == 0;
}

/* ---- The loops, written once ---------------------------------------------- */

INLINE void over_constant_body(uint32_t src, uint32_t inverse, uint32_t *dst, size_t count) {
    pixels8 s = (pixels8){0} + src;
    lanes16 f = (lanes16){0} + (uint16_t)inverse;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) store8(dst + i, s + scale8(load8(dst + i), f));
    for (; i < count; i++) dst[i] = src + scale1(dst[i], inverse);
}

/* Runs of eight opaque source pixels are copied, runs of eight transparent ones skipped (the same result). */
INLINE void over_body(const uint32_t *src, uint32_t *dst, size_t count) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        pixels8 s = load8(src + i);
        if (all_opaque(s)) {
            store8(dst + i, s);
        } else if (!all_zero(s)) {
            store8(dst + i, over8(s, load8(dst + i)));
        }
    }
    for (; i < count; i++) {
        uint32_t s = src[i];
        if (s >> 24 == 255) {
            dst[i] = s;
        } else if (s != 0) {
            dst[i] = over1(s, dst[i]);
        }
    }
}

INLINE void over_coverage_body(const uint32_t *src, uint32_t coverage, uint32_t *dst, size_t count) {
    lanes16 f = (lanes16){0} + (uint16_t)coverage;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        pixels8 s = load8(src + i);
        if (!all_zero(s)) store8(dst + i, over8(scale8(s, f), load8(dst + i)));
    }
    for (; i < count; i++) {
        if (src[i] != 0) dst[i] = over1(scale1(src[i], coverage), dst[i]);
    }
}

/* Each pixel at its own coverage: factors[i] holds k (0…255) in both 16-bit halves. Groups of eight
   uncovered pixels are skipped. Four more go in one half-width step: spans are short (the cells an
   edge crosses, a glyph row), so the tail matters. */
INLINE void over_factors_body(uint32_t src, const uint32_t *factors, uint32_t *dst, size_t count) {
    pixels8 s = (pixels8){0} + src;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        pixels8 k = load8(factors + i);
        if (!all_zero(k)) store8(dst + i, over8(scale8(s, (lanes16)k), load8(dst + i)));
    }
    if (i + 4 <= count) {
        pixels8 k = load4(factors + i);
        if (!all_zero(k)) store4(dst + i, over8(scale8(s, (lanes16)k), load4(dst + i)));
        i += 4;
    }
    for (; i < count; i++) {
        uint32_t k = factors[i] & 0xFF;
        if (k != 0) dst[i] = over1(scale1(src, k), dst[i]);
    }
}

/* ---- Variants and the choice between them --------------------------------- */

static void over_constant_portable(uint32_t src, uint32_t inverse, uint32_t *dst, size_t count) {
    over_constant_body(src, inverse, dst, count);
}
static void over_portable(const uint32_t *src, uint32_t *dst, size_t count) { over_body(src, dst, count); }
static void over_factors_portable(uint32_t src, const uint32_t *factors, uint32_t *dst, size_t count) {
    over_factors_body(src, factors, dst, count);
}
static void over_coverage_portable(const uint32_t *src, uint32_t coverage, uint32_t *dst, size_t count) {
    over_coverage_body(src, coverage, dst, count);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define HAVE_AVX2_VARIANT 1
#define AVX2 __attribute__((target("avx2")))
static AVX2 void over_constant_avx2(uint32_t src, uint32_t inverse, uint32_t *dst, size_t count) {
    over_constant_body(src, inverse, dst, count);
}
static AVX2 void over_avx2(const uint32_t *src, uint32_t *dst, size_t count) { over_body(src, dst, count); }
static AVX2 void over_factors_avx2(uint32_t src, const uint32_t *factors, uint32_t *dst, size_t count) {
    over_factors_body(src, factors, dst, count);
}
static AVX2 void over_coverage_avx2(const uint32_t *src, uint32_t coverage, uint32_t *dst, size_t count) {
    over_coverage_body(src, coverage, dst, count);
}
#endif

/* -1 until the first call decides; every thread decides the same. */
static int selected = -1;

void reel_span_blend_select(int variant) {
#ifdef HAVE_AVX2_VARIANT
    if (variant < 0) {
        __builtin_cpu_init();
        variant = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
#else
    variant = 0;
#endif
    __atomic_store_n(&selected, variant, __ATOMIC_RELAXED);
}

int reel_span_blend_variant(void) {
    int v = __atomic_load_n(&selected, __ATOMIC_RELAXED);
    if (v < 0) {
        reel_span_blend_select(-1);
        v = __atomic_load_n(&selected, __ATOMIC_RELAXED);
    }
    return v;
}

void reel_over_constant(uint32_t src, uint32_t inverse, uint32_t *dst, size_t count) {
#ifdef HAVE_AVX2_VARIANT
    if (reel_span_blend_variant()) {
        over_constant_avx2(src, inverse, dst, count);
        return;
    }
#endif
    over_constant_portable(src, inverse, dst, count);
}

void reel_over(const uint32_t *src, uint32_t *dst, size_t count) {
#ifdef HAVE_AVX2_VARIANT
    if (reel_span_blend_variant()) {
        over_avx2(src, dst, count);
        return;
    }
#endif
    over_portable(src, dst, count);
}

void reel_over_coverage(const uint32_t *src, uint32_t coverage, uint32_t *dst, size_t count) {
#ifdef HAVE_AVX2_VARIANT
    if (reel_span_blend_variant()) {
        over_coverage_avx2(src, coverage, dst, count);
        return;
    }
#endif
    over_coverage_portable(src, coverage, dst, count);
}

void reel_over_factors(uint32_t src, const uint32_t *factors, uint32_t *dst, size_t count) {
#ifdef HAVE_AVX2_VARIANT
    if (reel_span_blend_variant()) {
        over_factors_avx2(src, factors, dst, count);
        return;
    }
#endif
    over_factors_portable(src, factors, dst, count);
}

_Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wmemset must store 32-bit units");

/* wmemset does not align its stores: from a destination off a 64-byte boundary (a Swift array's
   storage is) it runs a quarter slower over a frame. The head up to the boundary is stored here. */
void reel_fill(uint32_t *dst, uint32_t value, size_t count) {
    size_t head = ((64 - ((uintptr_t)dst & 63)) & 63) / sizeof(uint32_t);
    if (head > count) head = count;
    for (size_t i = 0; i < head; i++) dst[i] = value;
    wmemset((wchar_t *)(dst + head), (wchar_t)value, count - head);
}
