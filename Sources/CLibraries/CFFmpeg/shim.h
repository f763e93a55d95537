#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/sha.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

/* Function-like and compound-literal macros Swift cannot import. */
static inline int reel_averror(int e) { return AVERROR(e); }
static inline int reel_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t reel_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline const char *reel_av_strerror(int err, char *buf, size_t size) {
    av_strerror(err, buf, size);
    return buf;
}

/* Converts one packed source image (e.g. RGBA) into a frame's planes.
 * Spares Swift the fixed-size pointer arrays (`data[8]`, `linesize[8]`) that
 * import as tuples. Returns the number of output rows, or a negative error. */
static inline int reel_sws_scale_to_frame(struct SwsContext *sws, const uint8_t *src,
                                          int src_stride, int src_height, AVFrame *dst) {
    const uint8_t *const planes[4] = { src, NULL, NULL, NULL };
    const int strides[4] = { src_stride, 0, 0, 0 };
    return sws_scale(sws, planes, strides, 0, src_height, dst->data, dst->linesize);
}

/* Converts a decoded frame into one packed destination image (e.g. RGB24). */
static inline int reel_sws_scale_from_frame(struct SwsContext *sws, const AVFrame *src,
                                            uint8_t *dst, int dst_stride) {
    uint8_t *const planes[4] = { dst, NULL, NULL, NULL };
    const int strides[4] = { dst_stride, 0, 0, 0 };
    return sws_scale(sws, (const uint8_t *const *)src->data, src->linesize, 0, src->height,
                     planes, strides);
}

/* Resamples a decoded frame (any layout, format and rate the resampler was
 * set up for; NULL flushes what it holds) into one packed destination
 * buffer of at most `dst_samples` samples per channel. Returns the samples
 * per channel written, or a negative error. */
static inline int reel_swr_convert_frame_to_packed(struct SwrContext *swr, uint8_t *dst, int dst_samples,
                                                   const AVFrame *src) {
    uint8_t *planes[1] = { dst };
    return swr_convert(swr, planes, dst_samples,
                       src ? (const uint8_t **)src->extended_data : NULL, src ? src->nb_samples : 0);
}

/* The address of channel `channel`'s samples in a frame (planar formats) or
 * of all samples (packed formats, channel 0). */
static inline uint8_t *reel_frame_channel(AVFrame *frame, int channel) {
    return frame->extended_data[channel];
}
