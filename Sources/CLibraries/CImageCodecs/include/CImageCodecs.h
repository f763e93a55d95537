#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

/*
 * Image codecs whose libraries report errors by longjmp (libpng, libjpeg),
 * and the pixel conversion every decoder ends with.
 *
 * Every setjmp lives inside these C functions, so no jump ever crosses a
 * Swift frame: failures come back as a status code plus a NUL-terminated
 * message in a caller-provided buffer.
 */

#include "ImageBuffers.h"
#include "PNGCodec.h"
#include "JPEGDecoder.h"

#endif
