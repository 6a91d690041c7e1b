/* maildir: the embedded transport that needs no server. Mail arrives as files in DIR/new/;
 * after the daemon has stored one it moves to DIR/cur/ (flag S). Outgoing mail is written to
 * DIR/tmp/, synced, and renamed into DIR/new/ under a name made from its Message-ID, so that
 * writing the same mail again replaces it instead of doubling it. inotify wakes the wait. */
#include "mail/transport.h"
#include "util/buf.h"
#include "util/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

struct maildir {
    char *dir;
    int inotify_fd; /* -1 when inotify is not available: wait sleeps instead */
};

static char *path_in(const struct maildir *md, const char *sub, const char *name)
{
    return str_format("%s/%s%s%s", md->dir, sub, name ? "/" : "", name ? name : "");
}

static int make_dirs(struct maildir *md, char **err)
{
    static const char *const subs[] = {"tmp", "new", "cur"};
    for (int i = 0; i < 3; i++) {
        char *p = path_in(md, subs[i], NULL);
        int rc = util_mkdirs(p);
        if (rc)
            *err = mail_errorf("%s: cannot create the directory: %s", p, strerror(errno));
        free(p);
        if (rc)
            return -1;
    }
    return 0;
}

static struct maildir *maildir_new(const char *dir, char **err)
{
    struct maildir *md = xcalloc(1, sizeof *md);
    md->dir = xstrdup(dir);
    md->inotify_fd = -1;
    if (make_dirs(md, err)) {
        free(md->dir);
        free(md);
        return NULL;
    }
    return md;
}

static void maildir_free(void *impl)
{
    struct maildir *md = impl;
    if (md->inotify_fd >= 0)
        close(md->inotify_fd);
    free(md->dir);
    free(md);
}

/* ---- the source ---- */

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int md_pending(void *impl, char ***keys, size_t *n, char **err)
{
    struct maildir *md = impl;
    char *newdir = path_in(md, "new", NULL);
    DIR *d = opendir(newdir);
    if (!d) {
        *err = mail_errorf("%s: %s", newdir, strerror(errno));
        free(newdir);
        return -1;
    }
    size_t count = 0, cap = 16;
    char **list = xmalloc(cap * sizeof *list);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap)
            list = xrealloc(list, (cap *= 2) * sizeof *list);
        list[count++] = xstrdup(e->d_name);
    }
    closedir(d);
    free(newdir);
    /* Maildir names start with the delivery time: sorting them is arrival order. */
    qsort(list, count, sizeof *list, cmp_names);
    *keys = list;
    *n = count;
    return 0;
}

/* At most max bytes of the open file fd of `size` bytes (a mail over the limit is not read
 * whole: only its header is kept); NULL with errno on failure. */
static char *read_at_most(int fd, size_t size, size_t max, size_t *len)
{
    size_t want = size < max ? size : max, got = 0;
    char *data = xmalloc(want + 1);
    while (got < want) {
        ssize_t r = read(fd, data + got, want - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            free(data);
            return NULL;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    data[got] = '\0';
    *len = got;
    return data;
}

/* The mail new/key opened, its size in *size; -1 with *err on failure. */
static int open_mail(const struct maildir *md, const char *key, size_t *size, char **err)
{
    char *p = path_in(md, "new", key);
    int fd = open(p, O_RDONLY | O_CLOEXEC);
    struct stat sb;
    if (fd >= 0 && fstat(fd, &sb) == 0) {
        *size = (size_t)sb.st_size;
    } else {
        *err = mail_errorf("%s: %s", p, strerror(errno));
        if (fd >= 0)
            close(fd);
        fd = -1;
    }
    free(p);
    return fd;
}

/* The Maildir name without its flags (after ':'): the same mail in new/ and in cur/. */
static char *source_of(const char *key)
{
    const char *colon = strchr(key, ':');
    return str_format("maildir:%.*s", (int)(colon ? (size_t)(colon - key) : strlen(key)), key);
}

/* The mail of the open file fd (size bytes) into item; -1 with *err. */
static int read_item(const struct maildir *md, int fd, const char *key, size_t size,
                     size_t max_bytes, mail_item *item, char **err)
{
    size_t len;
    char *data = read_at_most(fd, size, max_bytes, &len);
    if (!data) {
        *err = mail_errorf("%s/new/%s: %s", md->dir, key, strerror(errno));
        return -1;
    }
    mail_item_fill(item, key, source_of(key), data, len, size, max_bytes);
    return 0;
}

/* A batch: the files read one by one, as many as its bounds allow (a file's size is known
 * before it is read). */
static int md_fetch(void *impl, char *const *keys, size_t n, size_t max_bytes, mail_batch *b,
                    char **err)
{
    struct maildir *md = impl;
    size_t bytes = 0;
    for (size_t i = 0; i < n; i++) {
        size_t size;
        int fd = open_mail(md, keys[i], &size, err);
        if (fd < 0) {
            mail_batch_clear(b);
            return -1;
        }
        if (!mail_batch_take(b->n, &bytes, size, max_bytes)) {
            close(fd);
            break; /* the batch is full */
        }
        int rc = read_item(md, fd, keys[i], size, max_bytes, &b->item[b->n], err);
        close(fd);
        if (rc) {
            mail_batch_clear(b);
            return -1;
        }
        b->n++;
    }
    return 0;
}

static int md_ack_one(struct maildir *md, const char *key, char **err)
{
    char *from = path_in(md, "new", key);
    char *name = str_format("%s%s", key, strstr(key, ":2,") ? "" : ":2,S");
    char *to = path_in(md, "cur", name);
    free(name);
    int rc = rename(from, to);
    if (rc && errno == ENOENT)
        rc = 0; /* moved already (by an earlier run that stopped before it could say so) */
    if (rc)
        *err = mail_errorf("%s: cannot move to cur/: %s", from, strerror(errno));
    free(from);
    free(to);
    return rc ? -1 : 0;
}

/* A batch: each file moved in turn (a crash halfway leaves the rest in new/, to be fetched
 * again and recognised as known). */
static int md_ack(void *impl, char *const *keys, size_t n, char **err)
{
    for (size_t i = 0; i < n; i++)
        if (md_ack_one(impl, keys[i], err))
            return -1;
    return 0;
}

static void sleep_interruptible(int seconds)
{
    struct timespec ts = {seconds, 0};
    nanosleep(&ts, NULL); /* a signal ends it early, which is what we want */
}

static int md_wait(void *impl, int timeout, char **err)
{
    struct maildir *md = impl;
    (void)err;
    if (md->inotify_fd < 0) {
        md->inotify_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        char *newdir = path_in(md, "new", NULL);
        if (md->inotify_fd >= 0 &&
            inotify_add_watch(md->inotify_fd, newdir, IN_MOVED_TO | IN_CLOSE_WRITE) < 0) {
            close(md->inotify_fd);
            md->inotify_fd = -1;
        }
        free(newdir);
    }
    if (md->inotify_fd < 0) {
        sleep_interruptible(timeout);
        return 0;
    }
    struct pollfd pfd = {md->inotify_fd, POLLIN, 0};
    if (poll(&pfd, 1, timeout * 1000) > 0) {
        char events[4096];
        while (read(md->inotify_fd, events, sizeof events) > 0)
            ;
    }
    return 0;
}

static const struct mail_source_ops maildir_source_ops = {md_pending, md_fetch, md_ack, md_wait,
                                                          maildir_free, NULL};

mail_source *mail_maildir_source(const char *dir, char **err)
{
    struct maildir *md = maildir_new(dir, err);
    if (!md)
        return NULL;
    return mail_source_new(&maildir_source_ops, md);
}

/* ---- the sink ---- */

/* A file name from a Message-ID: letters, digits, '.', '-' and '_' only. */
static char *file_name_for(const char *message_id)
{
    buf b;
    buf_init(&b);
    for (const char *p = message_id; *p; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '.' || c == '-' || c == '_';
        buf_addc(&b, ok ? c : '_');
    }
    return buf_steal(&b);
}

static int write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        data += n;
        len -= (size_t)n;
    }
    return 0;
}

static int md_send(void *impl, const char *from, const char *const *rcpts, size_t nrcpts,
                   const char *message_id, const char *raw, size_t len, char **err)
{
    struct maildir *md = impl;
    (void)from;
    (void)rcpts;
    (void)nrcpts;
    char *name = file_name_for(message_id);
    char *tmp = path_in(md, "tmp", name);
    char *dst = path_in(md, "new", name);
    int rc = MAIL_SEND_RETRY;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        *err = mail_errorf("%s: %s", tmp, strerror(errno));
    } else if (write_all(fd, raw, len) || fsync(fd)) {
        *err = mail_errorf("%s: %s", tmp, strerror(errno));
        close(fd);
        unlink(tmp);
    } else if (close(fd) || rename(tmp, dst)) {
        *err = mail_errorf("%s: %s", dst, strerror(errno));
        unlink(tmp);
    } else {
        rc = MAIL_SENT;
    }
    free(name);
    free(tmp);
    free(dst);
    return rc;
}

static const struct mail_sink_ops maildir_sink_ops = {md_send, maildir_free};

mail_sink *mail_maildir_sink(const char *dir, char **err)
{
    struct maildir *md = maildir_new(dir, err);
    if (!md)
        return NULL;
    mail_sink *sink = xcalloc(1, sizeof *sink);
    sink->ops = &maildir_sink_ops;
    sink->impl = md;
    return sink;
}
