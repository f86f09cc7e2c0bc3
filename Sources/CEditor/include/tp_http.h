#ifndef TP_HTTP_H
#define TP_HTTP_H
// A small HTTP server on GNU libmicrohttpd, bound to 127.0.0.1 (and, when asked, one LAN address
// as well), for the editor.
//
// libmicrohttpd calls its access handler several times per request (headers, then pieces of the
// body); this shim gathers a whole request (body capped) and calls the Swift handler once per
// request. Each address has its own daemon, with one thread, or a thread per connection when reads
// are served side by side; the handler runs under a lock that GET and HEAD requests then share
// (so the handler must be safe to call from several threads at once for them) and every other
// request holds alone. The handler answers with tp_http_respond before it returns. Every
// response carries the same security headers (a strict Content-Security-Policy, no framing, no
// sniffing, no referrer, no caching).
#include <stddef.h>
#include <stdint.h>

/// A request, valid only during the handler call.
typedef struct tp_http_request tp_http_request;

/// Called once per complete request; must call tp_http_respond (else the shim answers 500).
typedef void (*tp_http_handler)(void *ctx, tp_http_request *request);

/// Called for every request as soon as its headers are complete, before any of its body is read,
/// without the lock the handler runs under (so it never waits for a request under way, and may
/// run on several threads at once): the checks that need no body. Returns 0 to let the request
/// go on, or answers it with tp_http_respond and returns -1: its body is then never read, and the
/// connection is closed once the answer is sent.
typedef int (*tp_http_admit)(void *ctx, tp_http_request *request);

/// The slowest a request's body may arrive, in bytes a second (64 KiB/s, half a megabit: a 100 MB
/// upload, the gallery's default limit, may take 25 minutes). Slower, it is cut at its deadline.
#define TP_HTTP_FLOOR_BYTES_PER_SECOND (64 * 1024)

/// Called once a request's body is whole, before its handler, without the handler's lock: 1 when
/// the request only reads (it may then run beside other such requests), 0 when it must run alone.
typedef int (*tp_http_reads_only)(void *ctx, tp_http_request *request);

/// A running server.
typedef struct tp_http_server tp_http_server;

/// Called (alone, like a POST's handler) when the headers of a POST to the upload route are
/// in and `admit` let it through, before any of its body is read: returns a file
/// descriptor, open for writing, that the body is streamed to, with the file's path in `path`
/// (removed by the shim when the request ends, whatever happened); or answers with
/// tp_http_respond and returns -1 (the body is then never read).
typedef int (*tp_http_upload_open)(void *ctx, tp_http_request *request, char *path, size_t path_cap);

/// Called (without the handler's lock) to refuse an upload over its limit: answers with
/// tp_http_respond, a 413 worded in the request's language.
typedef void (*tp_http_upload_too_large)(void *ctx, tp_http_request *request);

/// The one route whose body is streamed to a file instead of gathered in memory, with its own
/// limit (over it: 413 by `too_large`, before a byte is read when the length is declared).
typedef struct {
    const char *route;
    size_t max_bytes;
    tp_http_upload_too_large too_large;
    tp_http_upload_open open;
} tp_http_upload;

/// Starts a server on 127.0.0.1:`port` (0: any free port) and, when `lan_address` (a dotted IPv4
/// address) is not NULL, on that address at the same port too; never on every address (0.0.0.0).
/// At most `max_connections` at once (and at most half the process's file descriptors), request
/// bodies capped at `max_body` bytes (larger ones get 413 before the handler sees them), except on
/// `upload`'s route when given (NULL: none), whose body goes to a file under its own limit. Each
/// request has one deadline for the whole of it, however steadily it sends: its headers must be
/// complete `header_seconds` after the connection opened, or after the previous response on it
/// ended, and its body by then plus the time it takes at TP_HTTP_FLOOR_BYTES_PER_SECOND (for the
/// length it declares, else the route's limit); past it the connection is closed, so slow clients
/// cannot hold every connection. The deadline is paused while the server itself works on the
/// request (its handler, an upload's `open`). `admit` checks every request when its headers are
/// in. Without `reads_only` the requests are handled one at a time; with it, those it says only
/// read are handled side by side, and any other waits for those under way and runs alone, before
/// reads that came after it: the caller decides by what a request does, not by its method.
/// `*bound_port` receives the port. Returns NULL on failure, with the reason in `msg`: an English
/// message with `{name}` placeholders (marked N_ for po/tagproj.pot), then each placeholder's name
/// and value, every string NUL-ended and an empty one after the last, for the caller to word in the
/// user's language; a reason from the library loader is a single message.
tp_http_server *tp_http_start(uint16_t port, const char *lan_address, unsigned max_connections,
                              size_t max_body, const tp_http_upload *upload, unsigned header_seconds,
                              tp_http_reads_only reads_only, tp_http_admit admit, tp_http_handler handler, void *ctx,
                              uint16_t *bound_port, char *msg, size_t msg_cap);
/// Stops the server, closing every connection; waits for a running handler to return.
void tp_http_stop(tp_http_server *server);

/// Lowers the calling thread, and it alone, to the least priority (nice 19), for work done in the
/// background while the server answers. Returns 0, or -1 with errno set.
int tp_thread_lower_priority(void);

/// The request's method (`GET`, `POST`…).
const char *tp_http_method(const tp_http_request *request);
/// The request's path, without the query.
const char *tp_http_path(const tp_http_request *request);
/// A request header's value (case-insensitive name), or NULL.
const char *tp_http_header(const tp_http_request *request, const char *name);
/// A query argument's value, or NULL.
const char *tp_http_argument(const tp_http_request *request, const char *name);
/// A cookie's value, or NULL.
const char *tp_http_cookie(const tp_http_request *request, const char *name);
/// The body (maybe empty; never NULL when `len` is 0? then it may be NULL).
const uint8_t *tp_http_body(const tp_http_request *request, size_t *len);

/// For an upload (see tp_http_upload), during the handler: the bytes of body received (all of it;
/// the file is closed) and, in `write_errno`, the first error writing them to the file (0: none).
size_t tp_http_upload_status(const tp_http_request *request, int *write_errno);
/// The path of the file an upload's body was written to (NULL: the request is not an upload).
const char *tp_http_upload_file(const tp_http_request *request);

/// Answers the request: `status`, `content_type`, the body (copied), and an optional extra header
/// (`extra_name`/`extra_value`, e.g. Set-Cookie; both NULL for none). Only the first call counts.
/// Returns 0 on success.
int tp_http_respond(tp_http_request *request, unsigned status, const char *content_type,
                    const uint8_t *body, size_t len, const char *extra_name, const char *extra_value);

#endif
