#include "CFFmpegLog.h"

#include <libavutil/log.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local int capturing = 0;
static _Thread_local char last[512];
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void reel_av_log_callback(void *context, int level, const char *format, va_list arguments) {
    if (!capturing) {
        av_log_default_callback(context, level, format, arguments);
        return;
    }
    if (level > AV_LOG_ERROR) return;
    vsnprintf(last, sizeof last, format, arguments);
    size_t length = strlen(last);
    while (length > 0 && (last[length - 1] == '\n' || last[length - 1] == '\r' || last[length - 1] == ' '
                          || last[length - 1] == '.')) {
        last[--length] = 0;
    }
}

static void install(void) {
    av_log_set_callback(reel_av_log_callback);
}

void reel_av_log_capture_begin(void) {
    pthread_once(&installed, install);
    last[0] = 0;
    capturing = 1;
}

const char *reel_av_log_captured(void) {
    return last;
}

void reel_av_log_capture_end(void) {
    capturing = 0;
}
