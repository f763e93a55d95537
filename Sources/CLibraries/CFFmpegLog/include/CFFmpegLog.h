#ifndef REEL_CFFMPEGLOG_H
#define REEL_CFFMPEGLOG_H

/* Lets one thread collect FFmpeg's log messages instead of printing them, so
 * a library's reason for refusing a file ("Invalid sample rate: 0") can be
 * quoted in an error. Other threads log as before (av_log_default_callback,
 * at the level av_log_set_level chose). The callback is installed once, the
 * first time a thread begins capturing; the capture state is per thread. */

/* Starts capturing on this thread, forgetting earlier messages. */
void reel_av_log_capture_begin(void);

/* The last error-level message captured since `begin` (without its line
 * break or closing full stop; "" for none). Valid until this thread captures again. */
const char *reel_av_log_captured(void);

/* Stops capturing on this thread. */
void reel_av_log_capture_end(void);

#endif
