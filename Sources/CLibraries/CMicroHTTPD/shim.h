#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/* MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot
 * call, and the end-of-stream markers and unknown size are macros. */

/* Starts a daemon listening on `address` (IPv4 or IPv6, port 0 = any free
 * port) with one thread per connection, so a handler or a content reader may
 * block without holding up other clients. */
static inline struct MHD_Daemon *reel_mhd_start(const struct sockaddr *address, int ipv6,
                                                MHD_AccessHandlerCallback handler,
                                                MHD_RequestCompletedCallback completed, void *context) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_ERROR_LOG;
    if (ipv6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_END);
}

/* The port the daemon listens on (the real one when 0 was asked for). */
static inline uint16_t reel_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

static inline uint64_t reel_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
static inline ssize_t reel_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
