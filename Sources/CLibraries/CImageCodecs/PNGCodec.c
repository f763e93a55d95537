#include "PNGCodec.h"

#include <png.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Each public function splits in three: an outer function that owns the
 * libpng structs and every allocation, a `guarded` function whose only job is
 * the setjmp, and a `body` that calls libpng. State the body changes lives in
 * a job struct owned by the outer function, so nothing the outer function
 * reads after a longjmp is an automatic variable of the setjmp caller (whose
 * value C would leave indeterminate).
 */

/* ---- Messages ------------------------------------------------------------ */

/** Where libpng's error text goes; `warning` keeps the last warning because
 *  libpng often explains an error in a warning first ("Image width exceeds
 *  user limit in IHDR" followed by the error "Invalid IHDR data"). */
typedef struct {
    char *message;
    size_t message_size;
    char warning[160];
} messages;

static void set_message(messages *m, const char *text) {
    if (m->message_size == 0) return;
    if (m->warning[0] != '\0')
        snprintf(m->message, m->message_size, "%s (%s)", text, m->warning);
    else
        snprintf(m->message, m->message_size, "%s", text);
}

static void on_error(png_structp png, png_const_charp text) {
    set_message((messages *)png_get_error_ptr(png), text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    messages *m = (messages *)png_get_error_ptr(png);
    snprintf(m->warning, sizeof m->warning, "%s", text);
}

static messages make_messages(char *message, size_t message_size) {
    messages m;
    m.message = message;
    m.message_size = message_size;
    m.warning[0] = '\0';
    if (message_size > 0) message[0] = '\0';
    return m;
}

/* ---- Alpha conversion (writing) ------------------------------------------ */

/** Premultiplied → straight, correctly rounded: round(c × 255 / a). */
static void unpremultiply_row(const uint8_t *src, uint8_t *dst, uint32_t width) {
    for (uint32_t x = 0; x < width; x++, src += 4, dst += 4) {
        unsigned a = src[3];
        if (a == 255) {
            memcpy(dst, src, 4);
        } else if (a == 0) {
            memset(dst, 0, 4);
        } else {
            for (int c = 0; c < 3; c++) {
                unsigned v = (src[c] * 255u + a / 2) / a;
                dst[c] = (uint8_t)(v > 255 ? 255 : v);
            }
            dst[3] = (uint8_t)a;
        }
    }
}

/* ---- Encoding ------------------------------------------------------------ */

typedef struct {
    const uint8_t *pixels;
    uint32_t width, height;
    int level;
    int filter_flags;
    int strategy;       /* a Z_* strategy, or -1 for libpng's choice */
    uint8_t *row;       /* one straight-alpha row */
    uint8_t *data;      /* the growing PNG */
    size_t size, capacity;
    int out_of_memory;
} encode_job;

static void write_bytes(png_structp png, png_bytep bytes, size_t length) {
    encode_job *job = (encode_job *)png_get_io_ptr(png);
    if (length > job->capacity - job->size) {
        size_t capacity = job->capacity ? job->capacity : 64 * 1024;
        while (length > capacity - job->size) capacity *= 2;
        uint8_t *grown = realloc(job->data, capacity);
        if (grown == NULL) {
            job->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        job->data = grown;
        job->capacity = capacity;
    }
    memcpy(job->data + job->size, bytes, length);
    job->size += length;
}

static void flush_nothing(png_structp png) { (void)png; }

/** Whether every pixel has alpha 255. */
static int is_opaque(const uint8_t *pixels, size_t pixel_count) {
    uint8_t all = 255;
    for (size_t i = 0; i < pixel_count; i++) all &= pixels[4 * i + 3];
    return all == 255;
}

static void encode_body(png_structp png, png_infop info, encode_job *job) {
    png_set_write_fn(png, job, write_bytes, flush_nothing);
    /* An opaque image is written as RGB: a quarter less to filter and
       compress, and a smaller file; libpng drops the alpha byte itself. */
    int opaque = is_opaque(job->pixels, (size_t)job->width * job->height);
    png_set_IHDR(png, info, job->width, job->height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, job->level);
    if (job->strategy >= 0) png_set_compression_strategy(png, job->strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, job->filter_flags);
    png_write_info(png, info);
    /* After png_write_info: libpng checks the filler against the colour type written. */
    if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER);
    size_t stride = (size_t)job->width * 4;
    for (uint32_t y = 0; y < job->height; y++) {
        if (opaque) {
            png_write_row(png, job->pixels + stride * y);
        } else {
            unpremultiply_row(job->pixels + stride * y, job->row, job->width);
            png_write_row(png, job->row);
        }
    }
    png_write_end(png, NULL);
}

static int encode_guarded(png_structp png, png_infop info, encode_job *job) {
    if (setjmp(png_jmpbuf(png))) return 0;
    encode_body(png, info, job);
    return 1;
}

static int filter_flags(cpng_filter filter) {
    switch (filter) {
    case CPNG_FILTER_NONE: return PNG_FILTER_NONE;
    case CPNG_FILTER_SUB: return PNG_FILTER_SUB;
    case CPNG_FILTER_UP: return PNG_FILTER_UP;
    case CPNG_FILTER_AVG: return PNG_FILTER_AVG;
    case CPNG_FILTER_PAETH: return PNG_FILTER_PAETH;
    case CPNG_FILTER_ADAPTIVE: return PNG_ALL_FILTERS;
    }
    return PNG_FILTER_NONE;
}

static int zlib_strategy(cpng_strategy strategy) {
    switch (strategy) {
    case CPNG_STRATEGY_AUTOMATIC: return -1;
    case CPNG_STRATEGY_DEFAULT: return Z_DEFAULT_STRATEGY;
    case CPNG_STRATEGY_FILTERED: return Z_FILTERED;
    case CPNG_STRATEGY_RLE: return Z_RLE;
    case CPNG_STRATEGY_HUFFMAN_ONLY: return Z_HUFFMAN_ONLY;
    }
    return -1;
}

cimage_status cpng_encode(const uint8_t *premultiplied_rgba,
                          uint32_t width, uint32_t height,
                          int level, cpng_filter filter, cpng_strategy strategy,
                          uint8_t **out, size_t *out_size,
                          char *message, size_t message_size) {
    messages msgs = make_messages(message, message_size);
    *out = NULL;
    *out_size = 0;

    encode_job job = {0};
    job.pixels = premultiplied_rgba;
    job.width = width;
    job.height = height;
    job.level = level;
    job.filter_flags = filter_flags(filter);
    job.strategy = zlib_strategy(strategy);
    job.row = malloc((size_t)width * 4);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &msgs, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (job.row == NULL || info == NULL) {
        if (png) png_destroy_write_struct(&png, &info);
        free(job.row);
        set_message(&msgs, "out of memory");
        return CIMAGE_NO_MEMORY;
    }

    int ok = encode_guarded(png, info, &job);
    png_destroy_write_struct(&png, &info);
    free(job.row);
    if (!ok) {
        free(job.data);
        return job.out_of_memory ? CIMAGE_NO_MEMORY : CIMAGE_INVALID;
    }
    *out = job.data;
    *out_size = job.size;
    return CIMAGE_OK;
}

/* ---- Decoding ------------------------------------------------------------ */

typedef struct {
    const uint8_t *data;
    size_t size, offset;
    uint32_t max_width, max_height;
    uint64_t max_pixels;
    uint32_t width, height;
    uint8_t *pixels;
    png_bytep *rows;
    uint8_t *icc;
    size_t icc_size;
    int truncated;
    cimage_status status;
} decode_job;

static void read_bytes(png_structp png, png_bytep bytes, size_t length) {
    decode_job *job = (decode_job *)png_get_io_ptr(png);
    if (length > job->size - job->offset) {
        job->truncated = 1;
        png_error(png, "unexpected end of file");
    }
    memcpy(bytes, job->data + job->offset, length);
    job->offset += length;
}

/** Copies the iCCP chunk's profile, if any, for the caller's colour conversion. */
static void keep_icc_profile(png_structp png, png_infop info, decode_job *job) {
    png_charp name;
    int compression;
    png_bytep profile;
    png_uint_32 length;
    if (!png_get_iCCP(png, info, &name, &compression, &profile, &length) || length == 0) return;
    job->icc = malloc(length);
    if (job->icc == NULL) return;   /* taken as sRGB, as when the profile is unusable */
    memcpy(job->icc, profile, length);
    job->icc_size = length;
}

static void decode_body(png_structp png, png_infop info, decode_job *job) {
    png_set_read_fn(png, job, read_bytes);
    /* Checked by libpng while parsing IHDR, before any image memory exists. */
    png_set_user_limits(png, job->max_width, job->max_height);
    /* Ancillary chunks (iCCP, zTXt, sPLT…) are decompressed into memory of
     * their own: cap each at 4 MiB and their number at 256, so a small file
     * cannot expand into a large allocation outside the pixel budget. */
    png_set_chunk_malloc_max(png, 4u << 20);
    png_set_chunk_cache_max(png, 256);
    png_read_info(png, info);

    png_uint_32 width, height;
    int bit_depth, color_type;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, NULL, NULL, NULL);
    job->width = width;
    job->height = height;
    if ((uint64_t)width * height > job->max_pixels) {
        job->status = CIMAGE_TOO_LARGE;
        return;
    }
    keep_icc_profile(png, info, job);

    int has_alpha = (color_type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    png_set_expand(png);            /* palette → RGB, grey < 8 bits → 8, tRNS → alpha */
    png_set_scale_16(png);          /* 16 → 8 bits rounded, not truncated */
    png_set_gray_to_rgb(png);
    if (!has_alpha) png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4)
        png_error(png, "unexpected row layout after conversion to RGBA8");

    size_t stride = (size_t)width * 4;
    job->pixels = malloc(stride * height);
    job->rows = malloc(sizeof(png_bytep) * height);
    if (job->pixels == NULL || job->rows == NULL) {
        job->status = CIMAGE_NO_MEMORY;
        return;
    }
    for (uint32_t y = 0; y < height; y++) job->rows[y] = job->pixels + stride * y;
    png_read_image(png, job->rows);
    png_read_end(png, NULL);
    job->status = CIMAGE_OK;
}

static int decode_guarded(png_structp png, png_infop info, decode_job *job) {
    if (setjmp(png_jmpbuf(png))) return 0;
    decode_body(png, info, job);
    return 1;
}

cimage_status cpng_decode(const uint8_t *data, size_t size,
                          uint32_t max_width, uint32_t max_height,
                          uint64_t max_pixels,
                          uint8_t **out, uint32_t *width, uint32_t *height,
                          uint8_t **icc, size_t *icc_size,
                          char *message, size_t message_size) {
    messages msgs = make_messages(message, message_size);
    *out = NULL;
    *width = 0;
    *height = 0;
    *icc = NULL;
    *icc_size = 0;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        set_message(&msgs, "bad signature");
        return CIMAGE_INVALID;
    }

    decode_job job = {0};
    job.data = data;
    job.size = size;
    job.max_width = max_width;
    job.max_height = max_height;
    job.max_pixels = max_pixels;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &msgs, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        if (png) png_destroy_read_struct(&png, &info, NULL);
        set_message(&msgs, "out of memory");
        return CIMAGE_NO_MEMORY;
    }

    int ok = decode_guarded(png, info, &job);
    png_destroy_read_struct(&png, &info, NULL);
    free(job.rows);
    *width = job.width;
    *height = job.height;
    if (!ok || job.status != CIMAGE_OK) {
        free(job.pixels);
        free(job.icc);
        if (ok && job.status == CIMAGE_NO_MEMORY) set_message(&msgs, "out of memory");
        if (ok && job.status == CIMAGE_TOO_LARGE) set_message(&msgs, "image too large");
        if (!ok) return job.truncated ? CIMAGE_TRUNCATED : CIMAGE_INVALID;
        return job.status;
    }
    *out = job.pixels;
    *icc = job.icc;
    *icc_size = job.icc_size;
    return CIMAGE_OK;
}
