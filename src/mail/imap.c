/* imap: the IMAP mail source, on libetpan. LOGIN, SELECT, UID SEARCH UNSEEN, UID FETCH with
 * BODY.PEEK[] (fetching never marks a message seen), UID STORE +FLAGS.SILENT (\Seen) only when
 * the daemon says the mail is stored. IDLE where the server has it, a plain wait otherwise.
 * The connection is made when first needed and made again after any failure. Every exchange
 * with the server has a total deadline (imap.timeout seconds), not only libetpan's idle
 * timeout: a server that sends a byte every few seconds is cut off (SIGALRM shuts the socket),
 * and mail_io_abort (SIGTERM) cuts off the exchange under way at once. */
#include "mail/transport.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <libetpan/libetpan.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

struct imap {
    mail_imap_settings s;  /* strings owned */
    mailimap *session;     /* NULL when not connected */
    uint32_t uidvalidity;
    uint32_t exists_searched; /* the messages the server had announced when we last searched */
    bool can_idle;
};

static volatile sig_atomic_t io_fd = -1;      /* the socket of the exchange under way */
static volatile sig_atomic_t io_expired;       /* its deadline passed (or it was aborted) */

static const char *imap_error_text(int rc)
{
    switch (rc) {
    case MAILIMAP_ERROR_CONNECTION_REFUSED: return "connection refused";
    case MAILIMAP_ERROR_STREAM: return "connection lost";
    case MAILIMAP_ERROR_LOGIN: return "login refused";
    case MAILIMAP_ERROR_SELECT: return "cannot select the folder";
    case MAILIMAP_ERROR_SSL: return "TLS failed";
    case MAILIMAP_ERROR_PARSE: return "unreadable server response";
    case MAILIMAP_ERROR_FETCH: return "FETCH failed";
    case MAILIMAP_ERROR_STORE: return "STORE failed";
    case MAILIMAP_ERROR_UID_SEARCH: return "SEARCH failed";
    default: return "IMAP error";
    }
}

static void disconnect(struct imap *im)
{
    if (!im->session)
        return;
    mailimap_free(im->session);
    im->session = NULL;
}

/* Fails the operation: forgets the connection so that the next call reconnects. */
static int fail(struct imap *im, int rc, const char *what, char **err)
{
    if (io_expired)
        *err = mail_errorf("IMAP %s:%d: %s: no answer within %d seconds (or stopped)",
                           im->s.host, im->s.port, what, im->s.timeout);
    else
        *err = mail_errorf("IMAP %s:%d: %s: %s (%d)", im->s.host, im->s.port, what,
                           imap_error_text(rc), rc);
    disconnect(im);
    return -1;
}

/* ---- deadlines ---- */

void mail_imap_cut_off(void)
{
    int fd = io_fd;
    io_expired = 1;
    if (fd >= 0)
        shutdown(fd, SHUT_RDWR); /* async-signal-safe: the blocked read returns at once */
}

static void on_deadline(int sig)
{
    (void)sig;
    mail_imap_cut_off();
}

static void deadline_begin(struct imap *im)
{
    util_on_signal(SIGALRM, on_deadline, 0); /* (a blocked connect or select ends too) */
    io_expired = mail_io_aborted();
    io_fd = im->session && im->session->imap_stream
                ? mailstream_low_get_fd(mailstream_get_low(im->session->imap_stream))
                : -1;
    alarm((unsigned)im->s.timeout);
}

static void deadline_end(void)
{
    alarm(0);
    io_fd = -1;
}

static bool ok(int rc)
{
    return rc == MAILIMAP_NO_ERROR || rc == MAILIMAP_NO_ERROR_AUTHENTICATED ||
           rc == MAILIMAP_NO_ERROR_NON_AUTHENTICATED;
}

/* A TCP connection to the server, its socket known (to the deadline) before the greeting. */
static int tcp_connect(struct imap *im)
{
    char port[16];
    snprintf(port, sizeof port, "%d", im->s.port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res = NULL;
    if (getaddrinfo(im->s.host, port, &hints, &res) != 0)
        return -1;
    int fd = -1;
    for (struct addrinfo *a = res; a && fd < 0 && !io_expired; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        io_fd = fd;
        if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            io_fd = -1;
            close(fd);
            fd = -1;
        }
    }
    freeaddrinfo(res);
    return fd;
}

static int connect_session(struct imap *im, char **err)
{
    if (im->session)
        return 0;
    im->session = mailimap_new(0, NULL);
    mailimap_set_timeout(im->session, im->s.timeout);
    int fd = tcp_connect(im);
    if (fd < 0)
        return fail(im, MAILIMAP_ERROR_CONNECTION_REFUSED, "connect", err);
    mailstream *stream = im->s.tls == 2 ? mailstream_ssl_open_timeout(fd, im->s.timeout)
                                        : mailstream_socket_open_timeout(fd, im->s.timeout);
    if (!stream) {
        close(fd);
        return fail(im, MAILIMAP_ERROR_SSL, "connect", err);
    }
    int rc = mailimap_connect(im->session, stream);
    if (!ok(rc))
        return fail(im, rc, "connect", err);
    if (im->s.tls == 1 && !ok(rc = mailimap_socket_starttls(im->session)))
        return fail(im, rc, "STARTTLS", err);
    if (!ok(rc = mailimap_login(im->session, im->s.user, im->s.password)))
        return fail(im, rc, "LOGIN", err);
    struct mailimap_capability_data *caps = NULL;
    if (ok(mailimap_capability(im->session, &caps)) && caps)
        mailimap_capability_data_free(caps);
    im->can_idle = im->s.idle && mailimap_has_idle(im->session);
    if (!ok(rc = mailimap_select(im->session, im->s.folder)))
        return fail(im, rc, "SELECT", err);
    uint32_t validity = im->session->imap_selection_info
                            ? im->session->imap_selection_info->sel_uidvalidity
                            : 0;
    if (im->uidvalidity && validity != im->uidvalidity)
        log_warn("IMAP folder %s: UIDVALIDITY changed from %u to %u", im->s.folder,
                 im->uidvalidity, validity);
    im->uidvalidity = validity;
    log_info("IMAP connected to %s:%d as %s, folder %s (UIDVALIDITY %u, IDLE %s)", im->s.host,
             im->s.port, im->s.user, im->s.folder, validity, im->can_idle ? "yes" : "no");
    return 0;
}

/* The folder's message count as the server last announced it (SELECT, and any untagged EXISTS,
 * which the server may send with the answer to any command). */
static uint32_t exists_announced(const struct imap *im)
{
    return im->session && im->session->imap_selection_info
               ? im->session->imap_selection_info->sel_exists
               : 0;
}

static int cmp_uid(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int imap_pending_now(void *impl, char ***keys, size_t *n, char **err)
{
    struct imap *im = impl;
    if (connect_session(im, err))
        return -1;
    im->exists_searched = exists_announced(im);
    struct mailimap_search_key *key = mailimap_search_key_new(
        MAILIMAP_SEARCH_KEY_UNSEEN, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
        NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL);
    clist *result = NULL;
    int rc = mailimap_uid_search(im->session, NULL, key, &result);
    mailimap_search_key_free(key);
    if (!ok(rc))
        return fail(im, rc, "UID SEARCH UNSEEN", err);
    size_t count = (size_t)clist_count(result);
    uint32_t *uids = xmalloc((count ? count : 1) * sizeof *uids);
    size_t i = 0;
    for (clistiter *it = clist_begin(result); it; it = clist_next(it))
        uids[i++] = *(uint32_t *)clist_content(it);
    mailimap_search_result_free(result);
    qsort(uids, count, sizeof *uids, cmp_uid);
    char **list = xmalloc((count ? count : 1) * sizeof *list);
    for (i = 0; i < count; i++)
        list[i] = str_format("%u", uids[i]);
    free(uids);
    *keys = list;
    *n = count;
    return 0;
}

/* UID FETCH of one attribute list; calls take() on each static item of the answer. */
static int fetch_uid(struct imap *im, uint32_t uid, struct mailimap_fetch_type *type,
                     void (*take)(const struct mailimap_msg_att_static *, void *), void *ctx,
                     char **err)
{
    struct mailimap_set *set = mailimap_set_new_single(uid);
    clist *result = NULL;
    int rc = mailimap_uid_fetch(im->session, set, type, &result);
    mailimap_set_free(set);
    mailimap_fetch_type_free(type);
    if (!ok(rc))
        return fail(im, rc, "UID FETCH", err);
    for (clistiter *it = clist_begin(result); it; it = clist_next(it)) {
        const struct mailimap_msg_att *att = clist_content(it);
        for (clistiter *j = clist_begin(att->att_list); j; j = clist_next(j)) {
            const struct mailimap_msg_att_item *item = clist_content(j);
            if (item->att_type == MAILIMAP_MSG_ATT_ITEM_STATIC)
                take(item->att_data.att_static, ctx);
        }
    }
    mailimap_fetch_list_free(result);
    return 0;
}

static void take_size(const struct mailimap_msg_att_static *a, void *ctx)
{
    if (a->att_type == MAILIMAP_MSG_ATT_RFC822_SIZE)
        *(size_t *)ctx = a->att_data.att_rfc822_size;
}

static void take_body(const struct mailimap_msg_att_static *a, void *ctx)
{
    mail_item *item = ctx;
    if (a->att_type != MAILIMAP_MSG_ATT_BODY_SECTION || item->raw)
        return;
    const struct mailimap_msg_att_body_section *sec = a->att_data.att_body_section;
    item->raw = xmalloc(sec->sec_length + 1);
    memcpy(item->raw, sec->sec_body_part ? sec->sec_body_part : "", sec->sec_length);
    item->raw[sec->sec_length] = '\0';
    item->raw_len = sec->sec_length;
}

static struct mailimap_fetch_type *fetch_type_of(struct mailimap_fetch_att *att)
{
    struct mailimap_fetch_type *type = mailimap_fetch_type_new_fetch_att_list_empty();
    mailimap_fetch_type_new_fetch_att_list_add(type, att);
    return type;
}

static int imap_fetch_now(void *impl, const char *key, size_t max_bytes, mail_item *item, char **err)
{
    struct imap *im = impl;
    if (connect_session(im, err))
        return -1;
    uint32_t uid = (uint32_t)strtoul(key, NULL, 10);
    memset(item, 0, sizeof *item);
    size_t size = 0;
    if (fetch_uid(im, uid, fetch_type_of(mailimap_fetch_att_new_rfc822_size()), take_size, &size,
                  err))
        return -1;
    bool truncated = size > max_bytes;
    struct mailimap_section *section =
        truncated ? mailimap_section_new_header() : mailimap_section_new(NULL);
    if (fetch_uid(im, uid, fetch_type_of(mailimap_fetch_att_new_body_peek_section(section)),
                  take_body, item, err)) {
        mail_item_clear(item);
        return -1;
    }
    if (!item->raw) {
        *err = mail_errorf("IMAP: message UID %u is gone", uid);
        return -1;
    }
    item->key = xstrdup(key);
    item->source = str_format("imap:%s:%u:%u", im->s.folder, im->uidvalidity, uid);
    item->size = size ? size : item->raw_len;
    item->truncated = truncated;
    return 0;
}

static int imap_ack_now(void *impl, const char *key, char **err)
{
    struct imap *im = impl;
    if (connect_session(im, err))
        return -1;
    struct mailimap_flag_list *flags = mailimap_flag_list_new_empty();
    mailimap_flag_list_add(flags, mailimap_flag_new_seen());
    struct mailimap_store_att_flags *att = mailimap_store_att_flags_new_add_flags_silent(flags);
    struct mailimap_set *set = mailimap_set_new_single((uint32_t)strtoul(key, NULL, 10));
    int rc = mailimap_uid_store(im->session, set, att);
    mailimap_set_free(set);
    mailimap_store_att_flags_free(att);
    return ok(rc) ? 0 : fail(im, rc, "UID STORE \\Seen", err);
}

/* Each exchange under its deadline. */
static int imap_pending(void *impl, char ***keys, size_t *n, char **err)
{
    deadline_begin(impl);
    int rc = imap_pending_now(impl, keys, n, err);
    deadline_end();
    return rc;
}

static int imap_fetch(void *impl, const char *key, size_t max_bytes, mail_item *item, char **err)
{
    deadline_begin(impl);
    int rc = imap_fetch_now(impl, key, max_bytes, item, err);
    deadline_end();
    return rc;
}

static int imap_ack(void *impl, const char *key, char **err)
{
    deadline_begin(impl);
    int rc = imap_ack_now(impl, key, err);
    deadline_end();
    return rc;
}

/* The wait itself is not an exchange: only entering and leaving IDLE are. Mail that came while
 * the daemon worked is no reason to wait: a server announces new mail once, with the answer to
 * whatever command comes next (a FETCH or STORE of the last pass, say: then IDLE says nothing
 * more), or on entering IDLE (then the announcement may have been read with IDLE's
 * continuation, into libetpan's buffer, where poll does not see it). Without this the mail that
 * came during a pass waited for the poll interval. */
static int imap_wait(void *impl, int timeout, char **err)
{
    struct imap *im = impl;
    deadline_begin(im);
    int rc = connect_session(im, err) ? -1 : 0;
    bool news = !rc && exists_announced(im) != im->exists_searched;
    if (!rc && !news && im->can_idle && !ok(rc = mailimap_idle(im->session)))
        rc = fail(im, rc, "IDLE", err);
    deadline_end();
    if (rc || io_expired || news)
        return rc;
    if (!im->can_idle) {
        struct timespec ts = {timeout, 0};
        nanosleep(&ts, NULL);
        return 0;
    }
    struct pollfd pfd = {mailimap_idle_get_fd(im->session), POLLIN, 0};
    if (im->session->imap_stream->read_buffer_len == 0 &&
        exists_announced(im) == im->exists_searched)
        poll(&pfd, 1, timeout * 1000); /* new mail, the timeout, or a signal */
    deadline_begin(im);
    rc = mailimap_idle_done(im->session);
    rc = ok(rc) ? 0 : fail(im, rc, "IDLE DONE", err);
    deadline_end();
    return rc;
}

static void imap_close(void *impl)
{
    struct imap *im = impl;
    if (im->session)
        mailimap_logout(im->session);
    disconnect(im);
    free((char *)im->s.host);
    free((char *)im->s.user);
    free((char *)im->s.password);
    free((char *)im->s.folder);
    free(im);
}

static const struct mail_source_ops imap_ops = {imap_pending, imap_fetch, imap_ack, imap_wait,
                                                imap_close};

mail_source *mail_imap_source(const mail_imap_settings *s)
{
    struct imap *im = xcalloc(1, sizeof *im);
    im->s = *s;
    im->s.host = xstrdup(s->host);
    im->s.user = xstrdup(s->user);
    im->s.password = xstrdup(s->password);
    im->s.folder = xstrdup(s->folder);
    mail_source *src = xcalloc(1, sizeof *src);
    src->ops = &imap_ops;
    src->impl = im;
    return src;
}
