/* mailtool: a helper for the integration tests, the demo and the benchmark, built on pbemgm's
 * own mail modules.
 *   mailtool send SMTP_URL FROM TO FILE...   send raw messages over SMTP (libcurl)
 *   mailtool gen N GAME PLAYER PASSWORD FROM OUTDIR   write N player mails as files
 *   mailtool count MAILDIR                    messages in new/ and cur/ (each once)
 *   mailtool wait MAILDIR N SECONDS           wait until MAILDIR holds N messages (exit 1 if not)
 *   mailtool watch MAILDIR DB N SECONDS       from now, each 10 ms: the messages in MAILDIR, the
 *                                             mails DB's daemon answered, the answers it sent;
 *                                             prints when each reaches N (seconds from now) and
 *                                             the most delivered and not yet answered at once
 *   mailtool msgids MAILDIR                   the Message-ID of each message, one a line
 *   mailtool show FILE...                     header summary and decoded text of messages
 *   mailtool html FILE OUTDIR                 the HTML part as OUTDIR/page.html, its pictures
 *                                             beside it (cid: references made file names)
 *   mailtool batch PORT USER MAX_BYTES [ack]  one batch of USER's unseen mail fetched over IMAP
 *                                             on 127.0.0.1 (password USERpass), a line a mail
 *                                             (key, size, truncated, bytes, Message-ID); with
 *                                             ack, acknowledged */
#include "mail/message.h"
#include "mail/transport.h"
#include "util/buf.h"
#include "util/util.h"

#include <curl/curl.h>
#include <libetpan/libetpan.h>
#include <dirent.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

typedef void (*each_fn)(const char *path, void *ctx);

static int each_message(const char *maildir, each_fn fn, void *ctx)
{
    static const char *const subs[] = {"new", "cur"};
    int n = 0;
    for (int i = 0; i < 2; i++) {
        buf dir;
        buf_init(&dir);
        buf_printf(&dir, "%s/%s", maildir, subs[i]);
        DIR *d = opendir(dir.data);
        struct dirent *e;
        while (d && (e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            n++;
            if (fn) {
                buf path;
                buf_init(&path);
                buf_printf(&path, "%s/%s", dir.data, e->d_name);
                fn(path.data, ctx);
                buf_free(&path);
            }
        }
        if (d)
            closedir(d);
        buf_free(&dir);
    }
    return n;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

struct names {
    char **v;
    size_t n, cap;
};

/* each_message's callback: the message's unique name (its file name before ':'). */
static void collect_name(const char *path, void *ctx)
{
    struct names *l = ctx;
    const char *base = strrchr(path, '/');
    if (l->n == l->cap)
        l->v = xrealloc(l->v, (l->cap = l->cap ? 2 * l->cap : 256) * sizeof *l->v);
    l->v[l->n] = xstrdup(base ? base + 1 : path);
    l->v[l->n][strcspn(l->v[l->n], ":")] = '\0';
    l->n++;
}

/* Messages in new/ and cur/, each once: a message the IMAP server moves from new/ to cur/
 * between the two readings is seen in both (its unique name is the part before ':'). */
static int count_messages(const char *maildir)
{
    struct names l = {0};
    each_message(maildir, collect_name, &l);
    if (l.n > 1)
        qsort(l.v, l.n, sizeof *l.v, cmp_str);
    int distinct = 0;
    for (size_t i = 0; i < l.n; i++)
        distinct += i == 0 || strcmp(l.v[i], l.v[i - 1]) != 0;
    for (size_t i = 0; i < l.n; i++)
        free(l.v[i]);
    free(l.v);
    return distinct;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* The benchmark's sampler, in one process (a shell loop starting two programs a sample cost
 * the machine more than the daemon it measured, and saw only each 0.1 s). Lines: "delivered S",
 * "answered S", "sent S", "backlog K"; exit 1 when not all three reached N in time. */
static int cmd_watch(const char *maildir, const char *db_path, int want, int seconds)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    double at[3] = {-1, -1, -1}; /* delivered, answered, sent */
    int backlog = 0, counts[3] = {0, 0, 0};
    while (seconds_since(&t0) < seconds && (at[0] < 0 || at[1] < 0 || at[2] < 0)) {
        counts[0] = count_messages(maildir);
        if (!q && sqlite3_open_v2(db_path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
            sqlite3_busy_timeout(db, 100);
            sqlite3_prepare_v2(db, "SELECT (SELECT COUNT(*) FROM inbound WHERE status = "
                                   "'answered'), (SELECT COUNT(*) FROM outbox WHERE status = "
                                   "'sent' AND inbound_id IS NOT NULL)", -1, &q, NULL);
        }
        if (q && sqlite3_step(q) == SQLITE_ROW) {
            counts[1] = sqlite3_column_int(q, 0);
            counts[2] = sqlite3_column_int(q, 1);
        }
        if (q)
            sqlite3_reset(q);
        double now = seconds_since(&t0);
        for (int i = 0; i < 3; i++)
            if (at[i] < 0 && counts[i] >= want)
                at[i] = now;
        if (counts[0] - counts[1] > backlog)
            backlog = counts[0] - counts[1];
        usleep(10 * 1000);
    }
    sqlite3_finalize(q);
    sqlite3_close(db);
    static const char *const what[] = {"delivered", "answered", "sent"};
    for (int i = 0; i < 3; i++)
        if (at[i] >= 0)
            printf("%s %.3f\n", what[i], at[i]);
    printf("backlog %d\n", backlog);
    if (at[0] < 0 || at[1] < 0 || at[2] < 0) {
        fprintf(stderr, "mailtool watch: %d delivered, %d answered, %d sent of %d\n", counts[0],
                counts[1], counts[2], want);
        return 1;
    }
    return 0;
}

static int cmd_send(int argc, char **argv)
{
    if (argc < 4)
        return 2;
    mail_smtp_settings s = {argv[0], "", "", false, 30};
    mail_sink *sink = mail_smtp_sink(&s);
    const char *rcpt[] = {argv[2]};
    int failed = 0;
    for (int i = 3; i < argc; i++) {
        size_t len;
        char *raw = util_read_file(argv[i], &len);
        char *err = NULL;
        if (!raw || mail_sink_send(sink, argv[1], rcpt, 1, "", raw, len, &err) != MAIL_SENT) {
            fprintf(stderr, "mailtool: %s: %s\n", argv[i], err ? err : "cannot read");
            failed++;
        }
        free(err);
        free(raw);
    }
    mail_sink_close(sink);
    return failed ? 1 : 0;
}

static int cmd_gen(int argc, char **argv)
{
    if (argc != 6)
        return 2;
    int n = atoi(argv[0]);
    for (int i = 1; i <= n; i++) {
        buf path, text;
        buf_init(&path);
        buf_init(&text);
        buf_printf(&path, "%s/mail%05d.eml", argv[5], i);
        buf_printf(&text,
                   "From: Player <%s>\r\nTo: gm@pbem.test\r\nSubject: orders %d\r\n"
                   "Message-ID: <bench-%d-%ld@pbem.test>\r\nDate: Sat, 21 Nov 2026 10:00:00 +0000\r\n"
                   "\r\nGAME %s\r\nPLAYER %s\r\nPASSWORD %s\r\nBUY 1 BY\r\n",
                   argv[4], i, i, (long)getpid(), argv[1], argv[2], argv[3]);
        FILE *f = fopen(path.data, "w");
        if (!f || fwrite(text.data, 1, text.len, f) != text.len || fclose(f)) {
            perror(path.data);
            return 1;
        }
        buf_free(&path);
        buf_free(&text);
    }
    return 0;
}

static void print_msgid(const char *path, void *ctx)
{
    (void)ctx;
    size_t len;
    char *raw = util_read_file(path, &len);
    char *id = raw ? mail_header_message_id(raw, len) : NULL;
    printf("%s\n", id ? id : "(none)");
    free(id);
    free(raw);
}

static void show(const char *path, void *ctx)
{
    (void)ctx;
    size_t len;
    char *raw = util_read_file(path, &len);
    if (!raw) {
        perror(path);
        return;
    }
    mail_message m;
    mail_message_parse(raw, len, &m);
    printf("From:     %s <%s>\nTo:       %s <%s>\nSubject:  %s\n\n%s\n",
           m.from_name ? m.from_name : "", m.from_addr ? m.from_addr : "",
           m.to_name ? m.to_name : "", m.to_addr ? m.to_addr : "", m.subject ? m.subject : "",
           m.body);
    mail_message_clear(&m);
    free(raw);
}

/* ---- html: a mail's HTML part and its pictures as files ---- */

struct page {
    char *html;
    int npics;
    char *cid[8], *file[8];
};

static char *decoded_part(struct mailmime *mm, size_t *len)
{
    const char *body = mm->mm_data.mm_single->dt_data.dt_text.dt_data;
    size_t blen = mm->mm_data.mm_single->dt_data.dt_text.dt_length, cur = 0;
    char *out = NULL;
    if (mailmime_part_parse(body, blen, &cur, mm->mm_data.mm_single->dt_encoding, &out, len) !=
        MAILIMF_NO_ERROR)
        return NULL;
    char *copy = xmalloc(*len + 1); /* pictures hold NULs: not a string copy */
    memcpy(copy, out, *len);
    copy[*len] = '\0';
    mmap_string_unref(out);
    return copy;
}

static void collect_parts(struct mailmime *mm, const char *dir, struct page *pg)
{
    if (mm->mm_type == MAILMIME_MESSAGE) {
        collect_parts(mm->mm_data.mm_message.mm_msg_mime, dir, pg);
        return;
    }
    if (mm->mm_type == MAILMIME_MULTIPLE) {
        for (clistiter *it = clist_begin(mm->mm_data.mm_multipart.mm_mp_list); it; it = it->next)
            collect_parts(it->data, dir, pg);
        return;
    }
    const char *sub = mm->mm_content_type ? mm->mm_content_type->ct_subtype : "";
    size_t len = 0;
    if (strcasecmp(sub, "html") == 0 && !pg->html) {
        pg->html = decoded_part(mm, &len);
        return;
    }
    const char *cid = NULL;
    if (mm->mm_mime_fields)
        for (clistiter *it = clist_begin(mm->mm_mime_fields->fld_list); it; it = it->next) {
            struct mailmime_field *f = it->data;
            if (f->fld_type == MAILMIME_FIELD_ID)
                cid = f->fld_data.fld_id;
        }
    if (!cid || pg->npics == 8)
        return;
    char *data = decoded_part(mm, &len);
    char *name = str_format("picture%d.%s", pg->npics + 1, sub);
    char *path = str_format("%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (f && data) {
        fwrite(data, 1, len, f);
        pg->cid[pg->npics] = str_format("cid:%s", cid);
        pg->file[pg->npics++] = xstrdup(name);
    }
    if (f)
        fclose(f);
    free(path);
    free(name);
    free(data);
}

static int cmd_html(const char *file, const char *dir)
{
    size_t len;
    char *raw = util_read_file(file, &len);
    size_t idx = 0;
    struct mailmime *mm = NULL;
    if (!raw || mailmime_parse(raw, len, &idx, &mm) != MAILIMF_NO_ERROR) {
        fprintf(stderr, "mailtool: %s is not a mail\n", file);
        free(raw);
        return 1;
    }
    struct page pg = {0};
    collect_parts(mm, dir, &pg);
    mailmime_free(mm);
    free(raw);
    if (!pg.html) {
        fprintf(stderr, "mailtool: %s has no HTML part\n", file);
        return 1;
    }
    buf out;
    buf_init(&out);
    for (const char *p = pg.html; *p;) { /* cid:ID becomes the picture's file name */
        int hit = -1;
        for (int i = 0; i < pg.npics && hit < 0; i++)
            if (strncmp(p, pg.cid[i], strlen(pg.cid[i])) == 0)
                hit = i;
        if (hit >= 0) {
            buf_adds(&out, pg.file[hit]);
            p += strlen(pg.cid[hit]);
        } else {
            buf_addc(&out, *p++);
        }
    }
    char *path = str_format("%s/page.html", dir);
    FILE *f = fopen(path, "w");
    int rc = f && fputs(out.data, f) >= 0 ? 0 : 1;
    if (f)
        fclose(f);
    printf("%s (%d pictures)\n", path, pg.npics);
    free(path);
    buf_free(&out);
    free(pg.html);
    for (int i = 0; i < pg.npics; i++)
        free(pg.cid[i]), free(pg.file[i]);
    return rc;
}

/* One batch of the unseen mail of an IMAP account, as the daemon takes it. */
static int cmd_batch(int argc, char **argv)
{
    if (argc != 3 && !(argc == 4 && strcmp(argv[3], "ack") == 0))
        return 2;
    char *password = str_format("%spass", argv[1]);
    mail_imap_settings s = {"127.0.0.1", atoi(argv[0]), 0, argv[1], password, "INBOX", false, 20};
    mail_source *src = mail_imap_source(&s);
    char **keys = NULL, *err = NULL;
    size_t n = 0;
    mail_batch *b = calloc(1, sizeof *b);
    int rc = mail_source_pending(src, &keys, &n, &err) ||
             mail_source_fetch_batch(src, keys, n, (size_t)atol(argv[2]), b, &err);
    for (size_t i = 0; !rc && i < b->n; i++) {
        const mail_item *m = &b->item[i];
        char *id = mail_header_message_id(m->raw, m->raw_len);
        printf("%s %zu %s %zu %s\n", m->key, m->size, m->truncated ? "truncated" : "whole",
               m->raw_len, id ? id : "-");
        free(id);
    }
    if (!rc && argc == 4)
        rc = mail_source_ack_batch(src, keys, b->n, &err);
    if (rc)
        fprintf(stderr, "mailtool batch: %s\n", err);
    free(err);
    mail_batch_clear(b);
    free(b);
    mail_keys_free(keys, n);
    mail_source_close(src);
    free(password);
    return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        goto usage;
    const char *cmd = argv[1];
    if (strcmp(cmd, "send") == 0) {
        curl_global_init(CURL_GLOBAL_DEFAULT);
        int rc = cmd_send(argc - 2, argv + 2);
        curl_global_cleanup();
        if (rc != 2)
            return rc;
    } else if (strcmp(cmd, "gen") == 0) {
        int rc = cmd_gen(argc - 2, argv + 2);
        if (rc != 2)
            return rc;
    } else if (strcmp(cmd, "count") == 0 && argc == 3) {
        printf("%d\n", count_messages(argv[2]));
        return 0;
    } else if (strcmp(cmd, "wait") == 0 && argc == 5) {
        int want = atoi(argv[3]);
        time_t until = time(NULL) + atoi(argv[4]);
        while (count_messages(argv[2]) < want) {
            if (time(NULL) >= until)
                return 1;
            usleep(100 * 1000);
        }
        return 0;
    } else if (strcmp(cmd, "watch") == 0 && argc == 6) {
        return cmd_watch(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]));
    } else if (strcmp(cmd, "msgids") == 0 && argc == 3) {
        each_message(argv[2], print_msgid, NULL);
        return 0;
    } else if (strcmp(cmd, "html") == 0 && argc == 4) {
        return cmd_html(argv[2], argv[3]);
    } else if (strcmp(cmd, "batch") == 0) {
        int rc = cmd_batch(argc - 2, argv + 2);
        if (rc != 2)
            return rc;
    } else if (strcmp(cmd, "show") == 0 && argc >= 3) {
        for (int i = 2; i < argc; i++)
            show(argv[i], NULL);
        return 0;
    }
usage:
    fputs("usage: mailtool send|gen|count|wait|watch|msgids|show|html|batch ... (see the source)\n", stderr);
    return 2;
}
