// HTTP server glue over GNU libmicrohttpd (see tp_http.h for the contract).
#define _GNU_SOURCE  // pthread_rwlockattr_setkind_np: writers first
#include "tp_http.h"
#include "tp_dl.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <microhttpd.h>

// libmicrohttpd is opened with dlopen when the editor starts, not linked: it pulls in GnuTLS and
// a dozen more libraries whose relocation would cost every other command about 6M instructions
// of dynamic loading (measured with callgrind on `tagproj --version`: 11.2M linked, 5.2M not).
#define TP_MHD_FUNCTIONS(X) \
    X(MHD_add_response_header) \
    X(MHD_create_response_from_buffer) \
    X(MHD_destroy_response) \
    X(MHD_get_connection_info) \
    X(MHD_get_daemon_info) \
    X(MHD_lookup_connection_value) \
    X(MHD_queue_response) \
    X(MHD_start_daemon) \
    X(MHD_stop_daemon) \

TP_DL_TABLE(TP_MHD_FUNCTIONS, mhd)

/// A connection as the watchdog sees it (libmicrohttpd's socket context for it).
struct watched {
    struct watched *prev, *next;
    int fd;
    int paused;          // the server is working on its request (its handler runs): no deadline
    int hung_up;         // the watchdog has shut its socket down
    uint64_t deadline;   // CLOCK_MONOTONIC ms by which the request under way must be whole
    uint64_t paused_at;  // when the deadline was paused
};

struct tp_http_server {
    // One daemon per address (127.0.0.1, then the LAN address if any), each with its own thread, or
    // with a thread per connection when reads are served side by side.
    struct MHD_Daemon *daemons[2];
    size_t daemon_count;
    tp_http_handler handler;
    tp_http_admit admit;
    // Held around the handler: shared by the requests `reads_only` says only read, on a server
    // that serves those side by side; exclusive for every other request, and for all of them on
    // a server that serves one request at a time.
    pthread_rwlock_t serving;
    tp_http_reads_only reads_only;  // NULL: one request at a time

    void *ctx;
    size_t max_body;
    // The one route whose body is streamed to a file (NULL: none), with its own limit.
    char *upload_route;
    size_t max_upload;
    tp_http_upload_open upload_open;
    tp_http_upload_too_large upload_too_large;
    uint64_t header_ms;
    // The watchdog: `watched` lists every open connection; all of it is guarded by `lock`.
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t watchdog;
    int stopping;
    struct watched *watched;
};

struct tp_http_request {
    struct MHD_Connection *connection;
    tp_http_server *server;
    const char *method, *url;
    uint8_t *body;
    size_t len;
    int too_large, responded, queued;
    // An upload: the file its body goes to (removed when the request ends), and the first write error.
    int is_upload, upload_fd;
    char *upload_file;
    int upload_errno;
};

/// Marks a message of the C server for `scripts/update-pot.sh` (po/tagproj.pot). The text stays
/// English here: the Swift side words it in the user's language (`EditorStartError`), from the
/// message and its placeholders' values as `copy_message` writes them.
#define N_(text) text

/// Writes a reason for the caller into `msg`: the message (`N_`, with `{name}` placeholders), then
/// for each placeholder its name and its value, each ended by a NUL, and a NUL after the last.
static void copy_message(char *msg, size_t cap, const char *text, ...) {
    if (!msg || !cap) return;
    memset(msg, 0, cap);
    size_t at = 0;
    va_list items;
    va_start(items, text);
    for (const char *item = text; item; item = va_arg(items, const char *)) {
        size_t n = strlen(item);
        if (at + n + 2 > cap) break;  // the rest left out; what is written stays NUL-ended
        memcpy(msg + at, item, n);
        at += n + 1;
    }
    va_end(items);
}

/// The headers every response carries: the page runs only its own script and style, talks only
/// to this server, may not be framed, and nothing is cached or sniffed.
static void add_security_headers(struct MHD_Response *response) {
    mhd.MHD_add_response_header(response, "Content-Security-Policy",
                            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
                            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    mhd.MHD_add_response_header(response, "X-Frame-Options", "DENY");
    mhd.MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    mhd.MHD_add_response_header(response, "Referrer-Policy", "no-referrer");
    mhd.MHD_add_response_header(response, "Cross-Origin-Resource-Policy", "same-origin");
    mhd.MHD_add_response_header(response, "Cache-Control", "no-store");
}

int tp_http_respond(tp_http_request *r, unsigned status, const char *content_type, const uint8_t *body,
                    size_t len, const char *extra_name, const char *extra_value) {
    if (!r || r->responded) return -1;
    r->responded = 1;
    struct MHD_Response *response =
        mhd.MHD_create_response_from_buffer(len, (void *)(len ? body : (const uint8_t *)""), MHD_RESPMEM_MUST_COPY);
    if (!response) return -1;
    add_security_headers(response);
    if (content_type) mhd.MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
    if (extra_name && extra_value) mhd.MHD_add_response_header(response, extra_name, extra_value);
    r->queued = mhd.MHD_queue_response(r->connection, status, response) == MHD_YES;
    mhd.MHD_destroy_response(response);
    return r->queued ? 0 : -1;
}

static uint64_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000 + (uint64_t)t.tv_nsec / 1000000;
}

// libmicrohttpd's idle timeout starts again with every byte, so a client that sends one header
// line, or one byte of its body, every few seconds keeps its connection for ever, and enough of
// them fill every slot (the slowloris attack, and its slow-body variant). The watchdog bounds the
// time instead, with one deadline for the whole of each request, never moved by a byte arriving:
// its headers must be complete within `header_ms` of the connection opening or of the previous
// response on it ending, and its body by then plus the time the body takes at the floor rate
// (TP_HTTP_FLOOR_BYTES_PER_SECOND, for the length it declares, else the route's limit). The
// deadline is paused only while the server works on the request (an upload waiting for its file,
// the handler: an export may take long), and starts again for the next request when the
// response has been sent. Past it, the watchdog shuts the socket down and libmicrohttpd, reading
// end-of-file, closes the connection. libmicrohttpd has no call to close a connection from
// outside its thread, but shutdown(2) is safe there: an entry leaves the list (under the lock) in
// the CLOSED notification, before libmicrohttpd closes the descriptor, so a shut-down descriptor
// is always still the connection's own.

static void on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                          enum MHD_ConnectionNotificationCode code) {
    tp_http_server *server = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = mhd.MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
        struct watched *w = info ? calloc(1, sizeof *w) : NULL;
        if (!w) {
            if (info) shutdown(info->connect_fd, SHUT_RDWR);  // unwatched, it could be held for ever
            return;
        }
        w->fd = info->connect_fd;
        w->deadline = now_ms() + server->header_ms;
        pthread_mutex_lock(&server->lock);
        w->next = server->watched;
        if (w->next) w->next->prev = w;
        server->watched = w;
        pthread_mutex_unlock(&server->lock);
        *socket_context = w;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED && *socket_context) {
        struct watched *w = *socket_context;
        pthread_mutex_lock(&server->lock);
        if (w->prev) w->prev->next = w->next;
        else server->watched = w->next;
        if (w->next) w->next->prev = w->prev;
        pthread_mutex_unlock(&server->lock);
        free(w);
        *socket_context = NULL;
    }
}

/// What happens to a connection's deadline.
enum deadline_change {
    DEADLINE_EXTEND,   // by `ms`: the time its body may take
    DEADLINE_PAUSE,    // the server works on the request
    DEADLINE_RESUME,   // the server is done with it: the deadline moves by the time paused
    DEADLINE_RESTART,  // the request is over: the next one's headers are due within the limit from now
};

static void change_deadline(tp_http_server *server, struct MHD_Connection *connection, enum deadline_change change,
                            uint64_t ms) {
    const union MHD_ConnectionInfo *info = mhd.MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    struct watched *w = info ? info->socket_context : NULL;
    if (!w) return;
    pthread_mutex_lock(&server->lock);
    uint64_t now = now_ms();
    switch (change) {
    case DEADLINE_EXTEND:
        w->deadline += ms;
        break;
    case DEADLINE_PAUSE:
        if (!w->paused) w->paused_at = now;
        w->paused = 1;
        break;
    case DEADLINE_RESUME:
        if (w->paused) w->deadline += now - w->paused_at;
        w->paused = 0;
        pthread_cond_signal(&server->wake);  // it may be due before the watchdog wakes
        break;
    case DEADLINE_RESTART:
        w->paused = 0;
        w->deadline = now + server->header_ms;
        break;
    }
    pthread_mutex_unlock(&server->lock);
}

/// The milliseconds a body of `bytes` may take at the floor rate.
static uint64_t body_ms(uint64_t bytes) { return bytes * 1000 / TP_HTTP_FLOOR_BYTES_PER_SECOND; }

/// The watchdog thread: hangs up on every connection past its deadline, then sleeps until the
/// next deadline (a new connection's is never earlier than any already listed).
static void *watchdog_main(void *arg) {
    tp_http_server *server = arg;
    pthread_mutex_lock(&server->lock);
    while (!server->stopping) {
        uint64_t now = now_ms(), next = now + server->header_ms;
        for (struct watched *w = server->watched; w; w = w->next) {
            if (w->paused || w->hung_up) continue;
            if (w->deadline <= now) {
                shutdown(w->fd, SHUT_RDWR);
                w->hung_up = 1;
            } else if (w->deadline < next) {
                next = w->deadline;
            }
        }
        struct timespec until = {.tv_sec = (time_t)(next / 1000), .tv_nsec = (long)(next % 1000) * 1000000};
        pthread_cond_timedwait(&server->wake, &server->lock, &until);
    }
    pthread_mutex_unlock(&server->lock);
    return NULL;
}

// The few JSON answers the C server words itself stay English: no person sees them. The page's
// requests stay far below the body limit (its fields hold at most 400 characters), and "no
// response" and "the upload cannot be received" are failures of the server itself (a handler that
// did not answer, a file name that did not fit in memory). The one a person does see, an upload
// over the gallery's limit, is worded by the Swift side in the request's language.
static const char too_large_text[] = "{\"error\":\"the request body is too large\"}";

/// Answers 413 with the route's own message.
static void refuse_too_large(tp_http_request *r) {
    if (r->is_upload && r->server->upload_too_large) r->server->upload_too_large(r->server->ctx, r);
    if (!r->responded)
        tp_http_respond(r, MHD_HTTP_CONTENT_TOO_LARGE, "application/json", (const uint8_t *)too_large_text,
                        sizeof too_large_text - 1, NULL, NULL);
}

/// Starts an upload once its headers are in: refused (413) when it declares more than the limit,
/// else the Swift side checks it as it would any request and opens the file its body goes to
/// (or answers itself). Returns 0 to go on reading the body.
static int begin_upload(tp_http_request *r, size_t declared) {
    tp_http_server *server = r->server;
    r->is_upload = 1;
    if (declared > server->max_upload) {
        r->too_large = 1;
        return -1;
    }
    char file[4096] = {0};
    // Waiting for a request under way is the server's time, not the client's.
    change_deadline(server, r->connection, DEADLINE_PAUSE, 0);
    pthread_rwlock_wrlock(&server->serving);
    r->upload_fd = server->upload_open(server->ctx, r, file, sizeof file);
    pthread_rwlock_unlock(&server->serving);
    change_deadline(server, r->connection, DEADLINE_RESUME, 0);
    if (r->upload_fd >= 0 && !(r->upload_file = strdup(file))) {
        close(r->upload_fd);
        unlink(file);
        r->upload_fd = -1;
    }
    return r->upload_fd >= 0 ? 0 : -1;
}

/// Appends a piece of an upload's body to its file: nothing is kept in memory.
static void write_upload(tp_http_request *r, const char *data, size_t n) {
    if (r->upload_errno || r->too_large) return;
    if (n > r->server->max_upload - r->len) {
        r->too_large = 1;
        return;
    }
    r->len += n;
    while (n) {
        ssize_t written = write(r->upload_fd, data, n);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            r->upload_errno = written < 0 ? errno : ENOSPC;
            return;
        }
        data += written;
        n -= (size_t)written;
    }
}

static enum MHD_Result on_access(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                 const char *version, const char *upload_data, size_t *upload_data_size,
                                 void **req_cls) {
    (void)version;
    tp_http_server *server = cls;
    tp_http_request *r = *req_cls;
    if (!r) {
        r = calloc(1, sizeof *r);
        if (!r) return MHD_NO;
        r->connection = connection;
        r->server = server;
        r->method = method;
        r->url = url;
        r->upload_fd = -1;
        *req_cls = r;
        // The checks that need no body (Host, token, Origin, method, path), made now, before a byte
        // of it is read: a client that fails them cannot hold the connection through its body.
        if (server->admit(server->ctx, r) != 0) {
            if (!r->responded) {
                static const char text[] = "{\"error\":\"no response\"}";
                tp_http_respond(r, MHD_HTTP_INTERNAL_SERVER_ERROR, "application/json", (const uint8_t *)text,
                                sizeof text - 1, NULL, NULL);
            }
            return r->queued ? MHD_YES : MHD_NO;
        }
        const char *length = mhd.MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        const char *encoding = mhd.MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
        int is_upload = server->upload_route && strcmp(url, server->upload_route) == 0 && strcmp(method, "POST") == 0;
        // The body's time at the floor rate joins the deadline: for the length declared, or the
        // route's limit when none is (chunked); nothing when there is no body.
        size_t limit = is_upload ? server->max_upload : server->max_body;
        unsigned long long declared = length ? strtoull(length, NULL, 10) : encoding ? limit : 0;
        change_deadline(server, connection, DEADLINE_EXTEND, body_ms(declared < limit ? declared : limit));
        if (is_upload) {
            if (begin_upload(r, length ? strtoull(length, NULL, 10) : 0) == 0) return MHD_YES;
            if (r->too_large) refuse_too_large(r);
            if (!r->responded) {
                static const char text[] = "{\"error\":\"the upload cannot be received\"}";
                tp_http_respond(r, MHD_HTTP_INTERNAL_SERVER_ERROR, "application/json", (const uint8_t *)text, sizeof text - 1, NULL, NULL);
            }
            return r->queued ? MHD_YES : MHD_NO;
        }
        if (length && strtoull(length, NULL, 10) > server->max_body) {
            // Refused before a byte of the body is read; libmicrohttpd closes the connection after.
            r->too_large = 1;
            tp_http_respond(r, MHD_HTTP_CONTENT_TOO_LARGE, "application/json", (const uint8_t *)too_large_text,
                            sizeof too_large_text - 1, NULL, NULL);
            return r->queued ? MHD_YES : MHD_NO;
        }
        return MHD_YES;
    }
    if (*upload_data_size) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (r->upload_fd >= 0) {
            write_upload(r, upload_data, n);
            return MHD_YES;
        }
        if (r->too_large) return MHD_YES;
        if (n > server->max_body - r->len) {
            r->too_large = 1;
            free(r->body);
            r->body = NULL;
            r->len = 0;
            return MHD_YES;
        }
        uint8_t *grown = realloc(r->body, r->len + n);
        if (!grown) return MHD_NO;
        memcpy(grown + r->len, upload_data, n);
        r->body = grown;
        r->len += n;
        return MHD_YES;
    }
    if (r->responded) return r->queued ? MHD_YES : MHD_NO;
    if (r->upload_fd >= 0) {
        close(r->upload_fd);
        r->upload_fd = -1;
    }
    if (r->too_large) {
        refuse_too_large(r);
    } else {
        // The body is whole: the deadline stops while the handler runs (an export may take long),
        // and starts again for the next request once the response is sent. Requests that only
        // read, by what they do (the caller says), run side by side where the server allows it
        // (the photo decodes while the tags are drawn, a page reads while a picture is exported);
        // any other waits for them and runs alone.
        change_deadline(server, connection, DEADLINE_PAUSE, 0);
        if (server->reads_only && server->reads_only(server->ctx, r))
            pthread_rwlock_rdlock(&server->serving);
        else
            pthread_rwlock_wrlock(&server->serving);
        server->handler(server->ctx, r);
        pthread_rwlock_unlock(&server->serving);
        if (!r->responded) {
            static const char text[] = "{\"error\":\"no response\"}";
            tp_http_respond(r, MHD_HTTP_INTERNAL_SERVER_ERROR, "application/json", (const uint8_t *)text,
                            sizeof text - 1, NULL, NULL);
        }
    }
    return r->queued ? MHD_YES : MHD_NO;
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                         enum MHD_RequestTerminationCode code) {
    (void)code;
    change_deadline(cls, connection, DEADLINE_RESTART, 0);
    tp_http_request *r = *req_cls;
    if (!r) return;
    if (r->upload_fd >= 0) close(r->upload_fd);
    if (r->upload_file) {
        unlink(r->upload_file);
        free(r->upload_file);
    }
    free(r->body);
    free(r);
    *req_cls = NULL;
}

/// Frees a server whose daemon and watchdog are stopped or were never started.
static void free_server(tp_http_server *server) {
    free(server->upload_route);
    pthread_rwlock_destroy(&server->serving);
    pthread_cond_destroy(&server->wake);
    pthread_mutex_destroy(&server->lock);
    free(server);
}

/// Starts a daemon listening on `address` (dotted IPv4) at `port`, with the server's callbacks;
/// NULL with the reason in `msg` when it cannot.
static struct MHD_Daemon *listen_on(tp_http_server *server, const char *address, uint16_t port,
                                    unsigned max_connections, char *msg, size_t msg_cap) {
    struct sockaddr_in socket_address;
    memset(&socket_address, 0, sizeof socket_address);
    socket_address.sin_family = AF_INET;
    socket_address.sin_port = htons(port);
    struct MHD_Daemon *daemon = NULL;
    // One thread, with epoll on Linux, where a connection that sends nothing costs the thread
    // nothing; or a thread per connection, so that a request never waits behind another one
    // that its connection happened to share a thread with (a pool assigns connections to
    // threads when they open, not when a request comes).
    unsigned flags = server->reads_only ? MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL
                                              : MHD_USE_AUTO_INTERNAL_THREAD;
    // A dotted IPv4 address, and a single one: never every address at once.
    if (inet_pton(AF_INET, address, &socket_address.sin_addr) == 1 && socket_address.sin_addr.s_addr != htonl(INADDR_ANY))
        daemon = mhd.MHD_start_daemon(
            flags, port, NULL, NULL, on_access, server,
            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&socket_address,
            MHD_OPTION_CONNECTION_LIMIT, max_connections,
            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30,
            MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
            MHD_OPTION_NOTIFY_COMPLETED, on_completed, server,
            MHD_OPTION_NOTIFY_CONNECTION, on_connection, server,
            MHD_OPTION_END);
    if (!daemon) {
        char where[80];
        snprintf(where, sizeof where, "%s:%u", address, (unsigned)port);
        copy_message(msg, msg_cap, N_("cannot listen on {address} (is the port in use?)"), "address", where, NULL);
    }
    return daemon;
}

tp_http_server *tp_http_start(uint16_t port, const char *lan_address, unsigned max_connections, size_t max_body,
                              const tp_http_upload *upload, unsigned header_seconds, tp_http_reads_only reads_only,
                              tp_http_admit admit, tp_http_handler handler, void *ctx,
                              uint16_t *bound_port, char *msg, size_t msg_cap) {
    if (TP_DL_LOAD(mhd, "libmicrohttpd.so.12", "libmicrohttpd12", msg, msg_cap) != 0) return NULL;
    tp_http_server *server = calloc(1, sizeof *server);
    if (!server) {
        copy_message(msg, msg_cap, N_("out of memory"), NULL);
        return NULL;
    }
    server->handler = handler;
    server->admit = admit;
    server->ctx = ctx;
    server->max_body = max_body;
    if (upload && upload->route && upload->open) {
        server->upload_route = strdup(upload->route);
        server->upload_too_large = upload->too_large;
        server->max_upload = upload->max_bytes;
        server->upload_open = upload->open;
    }
    server->header_ms = (uint64_t)header_seconds * 1000;
    pthread_condattr_t clock;
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&server->wake, &clock);
    pthread_condattr_destroy(&clock);
    pthread_mutex_init(&server->lock, NULL);
    // A waiting writer goes before readers that come after it: a stream of reads (the page's
    // polling, tag images) never starves an edit.
    pthread_rwlockattr_t preference;
    pthread_rwlockattr_init(&preference);
    pthread_rwlockattr_setkind_np(&preference, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
    pthread_rwlock_init(&server->serving, &preference);
    pthread_rwlockattr_destroy(&preference);
    server->reads_only = reads_only;
    // Connections take at most half the descriptors, so that the project, fonts and exports
    // still open when every connection is in use; the daemons share that half.
    unsigned daemons = lan_address ? 2 : 1;
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY &&
        max_connections > files.rlim_cur / 2)
        max_connections = (unsigned)(files.rlim_cur / 2);
    max_connections /= daemons;
    // Loopback always; the LAN address only when asked, on the same port. Never 0.0.0.0.
    server->daemons[0] = listen_on(server, "127.0.0.1", port, max_connections, msg, msg_cap);
    if (server->daemons[0]) {
        server->daemon_count = 1;
        const union MHD_DaemonInfo *info = mhd.MHD_get_daemon_info(server->daemons[0], MHD_DAEMON_INFO_BIND_PORT);
        *bound_port = info ? info->port : port;
        if (lan_address && (server->daemons[1] = listen_on(server, lan_address, *bound_port, max_connections, msg, msg_cap)))
            server->daemon_count = 2;
    }
    if (server->daemon_count != daemons) {
        if (server->daemon_count) mhd.MHD_stop_daemon(server->daemons[0]);
        free_server(server);
        return NULL;
    }
    if (pthread_create(&server->watchdog, NULL, watchdog_main, server) != 0) {
        for (size_t i = 0; i < server->daemon_count; i++) mhd.MHD_stop_daemon(server->daemons[i]);
        copy_message(msg, msg_cap, N_("cannot start the thread that closes slow connections"), NULL);
        free_server(server);
        return NULL;
    }
    return server;
}

void tp_http_stop(tp_http_server *server) {
    if (!server) return;
    // every connection's CLOSED notification runs before stop_daemon returns
    for (size_t i = 0; i < server->daemon_count; i++) mhd.MHD_stop_daemon(server->daemons[i]);
    pthread_mutex_lock(&server->lock);
    server->stopping = 1;
    pthread_cond_signal(&server->wake);
    pthread_mutex_unlock(&server->lock);
    pthread_join(server->watchdog, NULL);
    free_server(server);
}

const char *tp_http_method(const tp_http_request *r) { return r->method; }
const char *tp_http_path(const tp_http_request *r) { return r->url; }

const char *tp_http_header(const tp_http_request *r, const char *name) {
    return mhd.MHD_lookup_connection_value(r->connection, MHD_HEADER_KIND, name);
}

const char *tp_http_argument(const tp_http_request *r, const char *name) {
    return mhd.MHD_lookup_connection_value(r->connection, MHD_GET_ARGUMENT_KIND, name);
}

const char *tp_http_cookie(const tp_http_request *r, const char *name) {
    return mhd.MHD_lookup_connection_value(r->connection, MHD_COOKIE_KIND, name);
}

const uint8_t *tp_http_body(const tp_http_request *r, size_t *len) {
    *len = r->len;
    return r->body;
}

size_t tp_http_upload_status(const tp_http_request *r, int *write_errno) {
    *write_errno = r->upload_errno;
    return r->len;
}

const char *tp_http_upload_file(const tp_http_request *r) { return r->upload_file; }

int tp_thread_lower_priority(void) {
    // On Linux a nice value belongs to a thread, named by its id.
    return setpriority(PRIO_PROCESS, (id_t)gettid(), 19);
}
