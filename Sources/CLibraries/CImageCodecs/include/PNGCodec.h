#ifndef CIMAGECODECS_PNGCODEC_H
#define CIMAGECODECS_PNGCODEC_H

/*
 * PNG encoding to and decoding from memory with libpng's classic API.
 *
 * libpng reports errors by longjmp. Every setjmp lives inside the functions
 * below, so no jump ever crosses a Swift frame: failures come back as a
 * status code plus a NUL-terminated message in a caller-provided buffer.
 * Pixels cross this boundary as RGBA8, rows top to bottom with no padding:
 * *premultiplied* alpha into the encoder (converted to PNG's straight alpha
 * here, one row at a time, so no second full-size image is ever allocated),
 * straight alpha out of the decoder (so its colours can be converted from
 * the file's ICC profile before they are premultiplied).
 */

#include "ImageBuffers.h"

/** Row filters, mapped onto libpng's PNG_FILTER_* flags in the .c file. */
typedef enum {
    CPNG_FILTER_NONE = 0,
    CPNG_FILTER_SUB = 1,
    CPNG_FILTER_UP = 2,
    CPNG_FILTER_AVG = 3,
    CPNG_FILTER_PAETH = 4,
    /** libpng picks a filter per row (its default; slower). */
    CPNG_FILTER_ADAPTIVE = 5,
} cpng_filter;

/** zlib strategies, mapped onto Z_* constants in the .c file. */
typedef enum {
    /** libpng's choice: Z_FILTERED when rows are filtered, else Z_DEFAULT_STRATEGY. */
    CPNG_STRATEGY_AUTOMATIC = 0,
    CPNG_STRATEGY_DEFAULT = 1,
    CPNG_STRATEGY_FILTERED = 2,
    /** Matches only at distance 1: fast; good after SUB or UP, which turn flat areas into zeros. */
    CPNG_STRATEGY_RLE = 3,
    CPNG_STRATEGY_HUFFMAN_ONLY = 4,
} cpng_strategy;

/**
 * Encodes premultiplied RGBA8 as an 8-bit RGBA PNG with straight alpha
 * (RGB when every pixel is opaque),
 * an sRGB chunk and nothing machine-dependent (no tIME, no text), so the
 * bytes depend only on the pixels and the parameters.
 *
 * `level` is the zlib level 0…9, `strategy` zlib's strategy. On success `*out` holds `*out_size` bytes
 * allocated with malloc; release them with cimage_free.
 */
cimage_status cpng_encode(const uint8_t *premultiplied_rgba,
                          uint32_t width, uint32_t height,
                          int level, cpng_filter filter, cpng_strategy strategy,
                          uint8_t **out, size_t *out_size,
                          char *message, size_t message_size);

/**
 * Decodes a PNG of any colour type and bit depth to *straight* RGBA8
 * (palette, grey and tRNS expanded, 16-bit scaled to 8 with rounding).
 * Gamma chunks are ignored: samples are taken as sRGB unless an iCCP chunk
 * is present, whose profile comes back in `*icc` (`*icc_size` bytes, NULL
 * when there is none) for the caller to convert with.
 *
 * Images wider than `max_width`, taller than `max_height` or with more than
 * `max_pixels` pixels are refused before any pixel memory is allocated; for
 * the pixel budget `*width` and `*height` report the claimed size. Data that
 * ends before the image does gives CIMAGE_TRUNCATED.
 * On success `*out` holds width × height × 4 bytes allocated with malloc;
 * release it and `*icc` with cimage_free.
 */
cimage_status cpng_decode(const uint8_t *data, size_t size,
                          uint32_t max_width, uint32_t max_height,
                          uint64_t max_pixels,
                          uint8_t **out, uint32_t *width, uint32_t *height,
                          uint8_t **icc, size_t *icc_size,
                          char *message, size_t message_size);

#endif
