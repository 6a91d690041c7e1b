/* imap: the IMAP mail source, on libetpan. LOGIN, SELECT, UID SEARCH UNSEEN; a batch is
 * fetched in two commands for a UID set: UID FETCH (RFC822.SIZE), which sets the batch's
 * bounds, then UID FETCH (BODY.PEEK[]<0.limit>) (fetching never marks a message seen; a mail
 * over the limit is cut to its header); one UID STORE +FLAGS.SILENT (\Seen) for a batch only
 * when the daemon says it is stored. IDLE where the server has it, a plain wait otherwise.
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
#include <stdint.h>
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

/* Cuts off the IMAP exchange under way (async-signal-safe): its deadline, and the source's
 * cut_off for mail_io_abort. */
static void imap_cut_off(void)
{
    int fd = io_fd;
    io_expired = 1;
    if (fd >= 0)
        shutdown(fd, SHUT_RDWR); /* async-signal-safe: the blocked read returns at once */
}

static void on_deadline(int sig)
{
    (void)sig;
    imap_cut_off();
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

static uint32_t uid_of(const char *key)
{
    return (uint32_t)strtoul(key, NULL, 10);
}

/* The UID set of keys[0..n): runs of consecutive UIDs as intervals. */
static struct mailimap_set *uid_set(char *const *keys, size_t n)
{
    struct mailimap_set *set = mailimap_set_new_empty();
    for (size_t i = 0; i < n;) {
        uint32_t first = uid_of(keys[i]), last = first;
        while (++i < n && uid_of(keys[i]) == last + 1)
            last++;
        if (first == last)
            mailimap_set_add_single(set, first);
        else
            mailimap_set_add_interval(set, first, last);
    }
    return set;
}

/* What a batch's two FETCH commands bring, by the mail's place among the keys. */
struct batch_fetch {
    uint32_t uid[MAIL_BATCH_MAILS];
    size_t size[MAIL_BATCH_MAILS];  /* SIZE_MAX: not (yet) answered */
    char *data[MAIL_BATCH_MAILS];   /* malloc'd, NUL-terminated */
    size_t len[MAIL_BATCH_MAILS];
    size_t n;
};

/* The place of uid in the batch, or bf->n. */
static size_t place_of(const struct batch_fetch *bf, uint32_t uid)
{
    size_t i = 0;
    while (i < bf->n && bf->uid[i] != uid)
        i++;
    return i;
}

static uint32_t uid_in(const struct mailimap_msg_att *att)
{
    for (clistiter *j = clist_begin(att->att_list); j; j = clist_next(j)) {
        const struct mailimap_msg_att_item *item = clist_content(j);
        if (item->att_type == MAILIMAP_MSG_ATT_ITEM_STATIC &&
            item->att_data.att_static->att_type == MAILIMAP_MSG_ATT_UID)
            return item->att_data.att_static->att_data.att_uid;
    }
    return 0;
}

/* Takes a message's answer: its size, or its (partial) body. Answers for other messages (a
 * server may add some) are left out. */
static void take_message(const struct mailimap_msg_att *att, struct batch_fetch *bf)
{
    size_t i = place_of(bf, uid_in(att));
    if (i == bf->n)
        return;
    for (clistiter *j = clist_begin(att->att_list); j; j = clist_next(j)) {
        const struct mailimap_msg_att_item *item = clist_content(j);
        if (item->att_type != MAILIMAP_MSG_ATT_ITEM_STATIC)
            continue;
        const struct mailimap_msg_att_static *a = item->att_data.att_static;
        if (a->att_type == MAILIMAP_MSG_ATT_RFC822_SIZE) {
            bf->size[i] = a->att_data.att_rfc822_size;
        } else if (a->att_type == MAILIMAP_MSG_ATT_BODY_SECTION && !bf->data[i]) {
            const struct mailimap_msg_att_body_section *sec = a->att_data.att_body_section;
            bf->data[i] = xmalloc(sec->sec_length + 1);
            memcpy(bf->data[i], sec->sec_body_part ? sec->sec_body_part : "", sec->sec_length);
            bf->data[i][sec->sec_length] = '\0';
            bf->len[i] = sec->sec_length;
        }
    }
}

/* UID FETCH of one attribute for the first bf->n keys, taken into bf. */
static int fetch_batch_att(struct imap *im, char *const *keys, struct mailimap_fetch_att *att,
                           struct batch_fetch *bf, char **err)
{
    struct mailimap_set *set = uid_set(keys, bf->n);
    struct mailimap_fetch_type *type = mailimap_fetch_type_new_fetch_att_list_empty();
    mailimap_fetch_type_new_fetch_att_list_add(type, att);
    clist *result = NULL;
    int rc = mailimap_uid_fetch(im->session, set, type, &result);
    mailimap_set_free(set);
    mailimap_fetch_type_free(type);
    if (!ok(rc))
        return fail(im, rc, "UID FETCH", err);
    for (clistiter *it = clist_begin(result); it; it = clist_next(it))
        take_message(clist_content(it), bf);
    mailimap_fetch_list_free(result);
    return 0;
}

/* The batch's size: its first keys whose sizes fit its bounds; -1 when a mail is gone. */
static int bound_batch(struct imap *im, struct batch_fetch *bf, size_t max_bytes, char **err)
{
    size_t bytes = 0;
    for (size_t i = 0; i < bf->n; i++) {
        if (bf->size[i] == SIZE_MAX) {
            *err = mail_errorf("IMAP %s:%d: message UID %u is gone", im->s.host, im->s.port,
                               bf->uid[i]);
            return -1;
        }
        if (!mail_batch_take(i, &bytes, bf->size[i], max_bytes)) {
            bf->n = i;
            break;
        }
    }
    return 0;
}

/* The fetched mails into b, in the keys' order; -1 (nothing in b) when one did not come. */
static int fill_batch(struct imap *im, char *const *keys, struct batch_fetch *bf,
                      size_t max_bytes, mail_batch *b, char **err)
{
    for (size_t i = 0; i < bf->n; i++)
        if (!bf->data[i]) {
            *err = mail_errorf("IMAP %s:%d: message UID %u is gone", im->s.host, im->s.port,
                               bf->uid[i]);
            return -1;
        }
    for (size_t i = 0; i < bf->n; i++) {
        char *source = str_format("imap:%s:%u:%u", im->s.folder, im->uidvalidity, bf->uid[i]);
        mail_item_fill(&b->item[i], keys[i], source, bf->data[i], bf->len[i], bf->size[i],
                       max_bytes);
        bf->data[i] = NULL; /* (taken over) */
    }
    b->n = bf->n;
    return 0;
}

static int imap_fetch_now(void *impl, char *const *keys, size_t n, size_t max_bytes,
                          mail_batch *b, struct batch_fetch *bf, char **err)
{
    struct imap *im = impl;
    if (n == 0)
        return 0;
    if (connect_session(im, err))
        return -1;
    bf->n = n < MAIL_BATCH_MAILS ? n : MAIL_BATCH_MAILS;
    for (size_t i = 0; i < bf->n; i++) {
        bf->uid[i] = uid_of(keys[i]);
        bf->size[i] = SIZE_MAX;
    }
    uint32_t part = max_bytes < UINT32_MAX ? (uint32_t)max_bytes : UINT32_MAX;
    if (fetch_batch_att(im, keys, mailimap_fetch_att_new_rfc822_size(), bf, err) ||
        bound_batch(im, bf, max_bytes, err) ||
        fetch_batch_att(im, keys,
                        mailimap_fetch_att_new_body_peek_section_partial(
                            mailimap_section_new(NULL), 0, part),
                        bf, err))
        return -1;
    return fill_batch(im, keys, bf, max_bytes, b, err);
}

static int imap_ack_now(void *impl, char *const *keys, size_t n, char **err)
{
    struct imap *im = impl;
    if (connect_session(im, err))
        return -1;
    struct mailimap_flag_list *flags = mailimap_flag_list_new_empty();
    mailimap_flag_list_add(flags, mailimap_flag_new_seen());
    struct mailimap_store_att_flags *att = mailimap_store_att_flags_new_add_flags_silent(flags);
    struct mailimap_set *set = uid_set(keys, n);
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

static int imap_fetch(void *impl, char *const *keys, size_t n, size_t max_bytes, mail_batch *b,
                      char **err)
{
    struct batch_fetch *bf = xcalloc(1, sizeof *bf);
    deadline_begin(impl);
    int rc = imap_fetch_now(impl, keys, n, max_bytes, b, bf, err);
    deadline_end();
    for (size_t i = 0; i < bf->n; i++)
        free(bf->data[i]); /* (what a failed batch had brought) */
    free(bf);
    return rc;
}

static int imap_ack(void *impl, char *const *keys, size_t n, char **err)
{
    deadline_begin(impl);
    int rc = imap_ack_now(impl, keys, n, err);
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
                                                imap_close, imap_cut_off};

mail_source *mail_imap_source(const mail_imap_settings *s)
{
    struct imap *im = xcalloc(1, sizeof *im);
    im->s = *s;
    im->s.host = xstrdup(s->host);
    im->s.user = xstrdup(s->user);
    im->s.password = xstrdup(s->password);
    im->s.folder = xstrdup(s->folder);
    return mail_source_new(&imap_ops, im);
}
