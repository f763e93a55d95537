#ifndef CIMAGECODECS_IMAGEBUFFERS_H
#define CIMAGECODECS_IMAGEBUFFERS_H

#include <stddef.h>
#include <stdint.h>

/** How a codec call ended. */
typedef enum {
    CIMAGE_OK = 0,
    /** The data is not a valid file of the format, or the library failed; see the message. */
    CIMAGE_INVALID = 1,
    /** Dimensions exceed the caller's limits; width and height are set. */
    CIMAGE_TOO_LARGE = 2,
    /** An allocation failed. */
    CIMAGE_NO_MEMORY = 3,
    /** The data ends before the image does. */
    CIMAGE_TRUNCATED = 4,
    /** A valid file of a kind the decoder does not convert (a CMYK JPEG). */
    CIMAGE_UNSUPPORTED = 5,
} cimage_status;

/**
 * Straight → premultiplied alpha in place, for `pixel_count` RGBA8 pixels,
 * correctly rounded: round(c × a / 255). Opaque pixels are left as they are.
 */
void cimage_premultiply(uint8_t *rgba, size_t pixel_count);

/** Releases a buffer returned by any function of this target. */
void cimage_free(void *buffer);

#endif
