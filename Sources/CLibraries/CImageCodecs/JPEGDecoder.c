#include "JPEGDecoder.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

/*
 * As in PNGCodec.c: the outer function owns the libjpeg struct and every
 * allocation, `decode_guarded` only calls setjmp, and `decode_body` calls
 * libjpeg. What the body changes lives in a job struct the outer function
 * owns, so nothing it reads after a longjmp is an automatic variable of the
 * setjmp caller.
 */

typedef struct {
    struct jpeg_error_mgr base;   /* first: libjpeg hands out a pointer to it */
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    char *message;
    size_t message_size;
    uint32_t max_scans;
    int truncated;                /* libjpeg warned that the data ran out */
} error_manager;

static void on_error(j_common_ptr cinfo) {
    error_manager *errors = (error_manager *)cinfo->err;
    if (errors->message_size > 0) {
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        snprintf(errors->message, errors->message_size, "%s", text);
    }
    longjmp(errors->jump, 1);
}

/** Warnings (level -1) are ignored but one: the data ran out, after which
 *  libjpeg would carry on with grey blocks. Trace messages are dropped. */
static void on_message(j_common_ptr cinfo, int level) {
    error_manager *errors = (error_manager *)cinfo->err;
    if (level == -1 && cinfo->err->msg_code == JWRN_JPEG_EOF) {
        errors->truncated = 1;
        snprintf(errors->message, errors->message_size, "unexpected end of file");
        longjmp(errors->jump, 1);
    }
}

/** Stops a progressive file after `max_scans` scans: libjpeg-turbo's advice
 *  against files of thousands of tiny scans, each of which costs a pass. */
static void on_progress(j_common_ptr cinfo) {
    error_manager *errors = (error_manager *)cinfo->err;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->progressive_mode && (uint32_t)d->input_scan_number > errors->max_scans) {
        snprintf(errors->message, errors->message_size, "more than %u progressive scans", errors->max_scans);
        longjmp(errors->jump, 1);
    }
}

typedef struct {
    const uint8_t *data;
    size_t size;
    uint32_t max_width, max_height;
    uint64_t max_pixels;
    uint32_t width, height;
    uint8_t *pixels;
    JOCTET *icc;
    unsigned int icc_size;
    uint8_t *exif;
    size_t exif_size;
    cimage_status status;
} decode_job;

/** Copies the first APP1 marker that holds EXIF ("Exif\0\0" then TIFF). */
static void keep_exif(j_decompress_ptr cinfo, decode_job *job) {
    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m != NULL; m = m->next) {
        if (m->marker != JPEG_APP0 + 1 || m->data_length < 6 || memcmp(m->data, "Exif\0\0", 6) != 0) continue;
        job->exif = malloc(m->data_length);
        if (job->exif == NULL) return;   /* read as orientation 1, as when EXIF is missing */
        memcpy(job->exif, m->data, m->data_length);
        job->exif_size = m->data_length;
        return;
    }
}

static void decode_body(j_decompress_ptr cinfo, decode_job *job) {
    jpeg_mem_src(cinfo, job->data, (unsigned long)job->size);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);   /* EXIF */
    jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF);   /* ICC profile, in pieces */
    jpeg_read_header(cinfo, TRUE);

    job->width = cinfo->image_width;
    job->height = cinfo->image_height;
    if (job->width > job->max_width || job->height > job->max_height
        || (uint64_t)job->width * job->height > job->max_pixels) {
        job->status = CIMAGE_TOO_LARGE;
        return;
    }
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
        job->status = CIMAGE_UNSUPPORTED;
        return;
    }
    if (!jpeg_read_icc_profile(cinfo, &job->icc, &job->icc_size)) {
        job->icc = NULL;   /* absent, or its pieces are inconsistent: taken as sRGB */
        job->icc_size = 0;
    }
    keep_exif(cinfo, job);

    cinfo->out_color_space = JCS_EXT_RGBA;   /* grey and YCbCr alike; alpha 255 */
    jpeg_start_decompress(cinfo);
    size_t stride = (size_t)job->width * 4;
    job->pixels = malloc(stride * job->height);
    if (job->pixels == NULL) {
        job->status = CIMAGE_NO_MEMORY;
        return;
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW row = job->pixels + stride * cinfo->output_scanline;
        jpeg_read_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_decompress(cinfo);
    job->status = CIMAGE_OK;
}

static int decode_guarded(j_decompress_ptr cinfo, error_manager *errors, decode_job *job) {
    if (setjmp(errors->jump)) return 0;
    decode_body(cinfo, job);
    return 1;
}

cimage_status cjpeg_decode(const uint8_t *data, size_t size,
                           uint32_t max_width, uint32_t max_height,
                           uint64_t max_pixels, uint32_t max_scans,
                           uint8_t **out, uint32_t *width, uint32_t *height,
                           uint8_t **icc, size_t *icc_size,
                           uint8_t **exif, size_t *exif_size,
                           char *message, size_t message_size) {
    *out = NULL;
    *width = 0;
    *height = 0;
    *icc = NULL;
    *icc_size = 0;
    *exif = NULL;
    *exif_size = 0;
    if (message_size > 0) message[0] = '\0';

    struct jpeg_decompress_struct cinfo;
    error_manager errors;
    memset(&errors, 0, sizeof errors);
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error;
    errors.base.emit_message = on_message;
    errors.message = message;
    errors.message_size = message_size;
    errors.max_scans = max_scans;
    jpeg_create_decompress(&cinfo);
    errors.progress.progress_monitor = on_progress;
    cinfo.progress = &errors.progress;

    decode_job job;
    memset(&job, 0, sizeof job);
    job.data = data;
    job.size = size;
    job.max_width = max_width;
    job.max_height = max_height;
    job.max_pixels = max_pixels;
    int ok = decode_guarded(&cinfo, &errors, &job);
    jpeg_destroy_decompress(&cinfo);
    *width = job.width;
    *height = job.height;
    if (!ok || job.status != CIMAGE_OK) {
        free(job.pixels);
        free(job.icc);
        free(job.exif);
        if (!ok) return errors.truncated ? CIMAGE_TRUNCATED : CIMAGE_INVALID;
        if (job.status == CIMAGE_NO_MEMORY) snprintf(message, message_size, "out of memory");
        if (job.status == CIMAGE_TOO_LARGE) snprintf(message, message_size, "image too large");
        if (job.status == CIMAGE_UNSUPPORTED) snprintf(message, message_size, "CMYK colour");
        return job.status;
    }
    *out = job.pixels;
    *icc = job.icc;
    *icc_size = job.icc_size;
    *exif = job.exif;
    *exif_size = job.exif_size;
    return CIMAGE_OK;
}
