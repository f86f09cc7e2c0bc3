// HTTP server glue over GNU libmicrohttpd (see tp_http.h for the contract).
#include "tp_http.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>

// libmicrohttpd is opened with dlopen when the editor starts, not linked: it pulls in GnuTLS and
// a dozen more libraries whose relocation would cost every other command about 6M instructions
// of dynamic loading (measured with callgrind on `tagproj --version`: 11.2M linked, 5.2M not).
static struct {
    int loaded;
    struct MHD_Daemon *(*start_daemon)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                       MHD_AccessHandlerCallback, void *, ...);
    void (*stop_daemon)(struct MHD_Daemon *);
    const union MHD_DaemonInfo *(*get_daemon_info)(struct MHD_Daemon *, enum MHD_DaemonInfoType, ...);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
    enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    void (*destroy_response)(struct MHD_Response *);
    const char *(*lookup_connection_value)(struct MHD_Connection *, enum MHD_ValueKind, const char *);
} mhd;

/// Opens libmicrohttpd and finds the functions the server uses; 0 on success.
static int load_mhd(char *msg, size_t cap) {
    if (mhd.loaded) return 0;
    void *lib = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(msg, cap, "cannot load GNU libmicrohttpd (libmicrohttpd.so.12; Debian package libmicrohttpd12): %s",
                 dlerror());
        return -1;
    }
#define FIND(field, name)                                                                      \
    if (!(*(void **)&mhd.field = dlsym(lib, name))) {                                          \
        snprintf(msg, cap, "libmicrohttpd.so.12 lacks %s", name);                              \
        return -1;                                                                             \
    }
    FIND(start_daemon, "MHD_start_daemon")
    FIND(stop_daemon, "MHD_stop_daemon")
    FIND(get_daemon_info, "MHD_get_daemon_info")
    FIND(create_response_from_buffer, "MHD_create_response_from_buffer")
    FIND(add_response_header, "MHD_add_response_header")
    FIND(queue_response, "MHD_queue_response")
    FIND(destroy_response, "MHD_destroy_response")
    FIND(lookup_connection_value, "MHD_lookup_connection_value")
#undef FIND
    mhd.loaded = 1;  // the library stays loaded for the life of the process
    return 0;
}

struct tp_http_server {
    struct MHD_Daemon *daemon;
    tp_http_handler handler;
    void *ctx;
    size_t max_body;
};

struct tp_http_request {
    struct MHD_Connection *connection;
    tp_http_server *server;
    const char *method, *url;
    uint8_t *body;
    size_t len;
    int too_large, responded, queued;
};

static void copy_message(char *msg, size_t cap, const char *text) {
    if (msg && cap) snprintf(msg, cap, "%s", text);
}

/// The headers every response carries: the page runs only its own script and style, talks only
/// to this server, may not be framed, and nothing is cached or sniffed.
static void add_security_headers(struct MHD_Response *response) {
    mhd.add_response_header(response, "Content-Security-Policy",
                            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
                            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    mhd.add_response_header(response, "X-Frame-Options", "DENY");
    mhd.add_response_header(response, "X-Content-Type-Options", "nosniff");
    mhd.add_response_header(response, "Referrer-Policy", "no-referrer");
    mhd.add_response_header(response, "Cross-Origin-Resource-Policy", "same-origin");
    mhd.add_response_header(response, "Cache-Control", "no-store");
}

int tp_http_respond(tp_http_request *r, unsigned status, const char *content_type, const uint8_t *body,
                    size_t len, const char *extra_name, const char *extra_value) {
    if (!r || r->responded) return -1;
    r->responded = 1;
    struct MHD_Response *response =
        mhd.create_response_from_buffer(len, (void *)(len ? body : (const uint8_t *)""), MHD_RESPMEM_MUST_COPY);
    if (!response) return -1;
    add_security_headers(response);
    if (content_type) mhd.add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
    if (extra_name && extra_value) mhd.add_response_header(response, extra_name, extra_value);
    r->queued = mhd.queue_response(r->connection, status, response) == MHD_YES;
    mhd.destroy_response(response);
    return r->queued ? 0 : -1;
}

static const char too_large_text[] = "{\"error\":\"the request body is too large\"}";

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
        *req_cls = r;
        const char *length = mhd.lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
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
    if (r->too_large) {
        tp_http_respond(r, MHD_HTTP_CONTENT_TOO_LARGE, "application/json", (const uint8_t *)too_large_text,
                        sizeof too_large_text - 1, NULL, NULL);
    } else {
        server->handler(server->ctx, r);
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
    (void)cls, (void)connection, (void)code;
    tp_http_request *r = *req_cls;
    if (!r) return;
    free(r->body);
    free(r);
    *req_cls = NULL;
}

tp_http_server *tp_http_start(uint16_t port, unsigned max_connections, size_t max_body, tp_http_handler handler,
                              void *ctx, uint16_t *bound_port, char *msg, size_t msg_cap) {
    if (load_mhd(msg, msg_cap) != 0) return NULL;
    tp_http_server *server = calloc(1, sizeof *server);
    if (!server) {
        copy_message(msg, msg_cap, "out of memory");
        return NULL;
    }
    server->handler = handler;
    server->ctx = ctx;
    server->max_body = max_body;
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // loopback only: never reachable from the network
    server->daemon = mhd.start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL, port, NULL, NULL, on_access, server,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_CONNECTION_LIMIT, max_connections,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(64 * 1024),
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
        MHD_OPTION_END);
    if (!server->daemon) {
        char text[160];
        snprintf(text, sizeof text, "cannot listen on 127.0.0.1:%u (is the port in use?)", (unsigned)port);
        copy_message(msg, msg_cap, text);
        free(server);
        return NULL;
    }
    const union MHD_DaemonInfo *info = mhd.get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    *bound_port = info ? info->port : port;
    return server;
}

void tp_http_stop(tp_http_server *server) {
    if (!server) return;
    mhd.stop_daemon(server->daemon);
    free(server);
}

const char *tp_http_method(const tp_http_request *r) { return r->method; }
const char *tp_http_path(const tp_http_request *r) { return r->url; }

const char *tp_http_header(const tp_http_request *r, const char *name) {
    return mhd.lookup_connection_value(r->connection, MHD_HEADER_KIND, name);
}

const char *tp_http_argument(const tp_http_request *r, const char *name) {
    return mhd.lookup_connection_value(r->connection, MHD_GET_ARGUMENT_KIND, name);
}

const char *tp_http_cookie(const tp_http_request *r, const char *name) {
    return mhd.lookup_connection_value(r->connection, MHD_COOKIE_KIND, name);
}

const uint8_t *tp_http_body(const tp_http_request *r, size_t *len) {
    *len = r->len;
    return r->body;
}
