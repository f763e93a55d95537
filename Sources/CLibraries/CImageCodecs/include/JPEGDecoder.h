#ifndef CIMAGECODECS_JPEGDECODER_H
#define CIMAGECODECS_JPEGDECODER_H

/*
 * JPEG decoding from memory with libjpeg-turbo's libjpeg API.
 *
 * libjpeg reports errors by longjmp, like libpng: the setjmp lives in the
 * function below, and failures come back as a status and a message.
 */

#include "ImageBuffers.h"

/**
 * Decodes a baseline or progressive JPEG (YCbCr, RGB or grey) to RGBA8 with
 * alpha 255, rows top to bottom with no padding. The pixels are the file's
 * samples as stored: no EXIF orientation and no colour conversion is
 * applied here. Instead the embedded ICC profile (APP2 markers, joined) comes
 * back in `*icc` and the EXIF block (the APP1 marker's payload, from its
 * "Exif\0\0" header on) in `*exif`; each is NULL with size 0 when absent.
 *
 * Images wider than `max_width`, taller than `max_height` or with more than
 * `max_pixels` pixels are refused after the header is read and before any
 * pixel or coefficient memory is allocated (`*width` and `*height` report
 * the claimed size); a progressive file with more than `max_scans` scans is
 * refused as it is read (each scan revisits the whole image). Data that ends
 * before the image does gives CIMAGE_TRUNCATED; a CMYK or YCCK file gives
 * CIMAGE_UNSUPPORTED. On success release `*out`, `*icc` and `*exif` with
 * cimage_free.
 */
cimage_status cjpeg_decode(const uint8_t *data, size_t size,
                           uint32_t max_width, uint32_t max_height,
                           uint64_t max_pixels, uint32_t max_scans,
                           uint8_t **out, uint32_t *width, uint32_t *height,
                           uint8_t **icc, size_t *icc_size,
                           uint8_t **exif, size_t *exif_size,
                           char *message, size_t message_size);

#endif
