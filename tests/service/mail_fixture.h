/* mail_fixture: what the daemon's tests share — a database, a Maildir inbox and outbox, game
 * g1 with player alice (password secret1); mails delivered as files, the daemon's steps run
 * once, the mails it wrote collected and looked into. */
#ifndef PBEMGM_TEST_MAIL_FIXTURE_H
#define PBEMGM_TEST_MAIL_FIXTURE_H

#include "../helpers.h"
#include "service/service.h"
#include "mail/message.h"
#include "util/password.h"
#include "util/util.h"

#include <ctype.h>
#include <dirent.h>

struct fixture {
    char *dir;
    cfg c;
    store *st;
    mail_source *src;
    mail_sink *sink;
    int64_t game_id;
    int seq;
};

/* The service's inbox and outbox steps, asserted done: the number each took. */
static inline int fetched(const cfg *c, store *st, mail_source *src)
{
    int n = -1;
    assert_int_equal(svc_inbox_fetch(c, st, src, &n).kind, SVC_OK);
    return n;
}

static inline int processed(const cfg *c, store *st)
{
    int n = -1;
    assert_int_equal(svc_inbox_process_pending(c, st, &n).kind, SVC_OK);
    return n;
}

static inline int sent_due(const cfg *c, store *st, mail_sink *sink)
{
    int n = -1;
    assert_int_equal(svc_outbox_send_due(c, st, sink, &n).kind, SVC_OK);
    return n;
}

static inline int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    f->dir = th_tempdir();
    cfg_defaults(&f->c);
    free(f->c.database);
    free(f->c.maildir_inbox);
    free(f->c.maildir_outbox);
    free(f->c.gm_address);
    f->c.database = th_path(f->dir, "db.sqlite");
    f->c.maildir_inbox = th_path(f->dir, "in");
    f->c.maildir_outbox = th_path(f->dir, "out");
    f->c.gm_address = strdup("gm@pbem.test");
    char *err = NULL;
    f->st = store_open(f->c.database, &err);
    assert_non_null(f->st);
    assert_int_equal(svc_open_transport(&f->c, &f->src, &f->sink).kind, SVC_OK);
    assert_int_equal(store_game_create(f->st, "g1", "1835", &f->game_id), STORE_OK);
    char *hash = pw_hash("secret1");
    assert_int_equal(store_player_add(f->st, f->game_id, "alice", "alice@pbem.test", hash, NULL),
                     STORE_OK);
    free(hash);
    *state = f;
    return 0;
}

static inline int teardown(void **state)
{
    struct fixture *f = *state;
    mail_source_close(f->src);
    mail_sink_close(f->sink);
    store_close(f->st);
    cfg_free(&f->c);
    th_rmrf(f->dir);
    free(f);
    util_set_clock(0);
    return 0;
}

/* Delivers a mail into the inbox Maildir; returns its file name (malloc'd). */
static inline char *deliver(struct fixture *f, const char *text)
{
    char name[64];
    snprintf(name, sizeof name, "%d.M%d.test", 1000 + f->seq, f->seq);
    f->seq++;
    char *newdir = th_path(f->c.maildir_inbox, "new");
    char *p = th_path(newdir, name);
    th_write(p, text);
    free(p);
    free(newdir);
    return strdup(name);
}

static inline void run_once(struct fixture *f)
{
    assert_true(fetched(&f->c, f->st, f->src) >= 0);
    assert_true(processed(&f->c, f->st) >= 0);
    assert_true(sent_due(&f->c, f->st, f->sink) >= 0);
}

struct sent {
    int n;
    char *raw[16];
    char *body[16];
};

static inline void collect(struct fixture *f, struct sent *s)
{
    memset(s, 0, sizeof *s);
    char *newdir = th_path(f->c.maildir_outbox, "new");
    DIR *d = opendir(newdir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL && s->n < 16) {
        if (e->d_name[0] == '.')
            continue;
        char *p = th_path(newdir, e->d_name);
        size_t len;
        s->raw[s->n] = util_read_file(p, &len);
        mail_message m;
        mail_message_parse(s->raw[s->n], len, &m);
        s->body[s->n] = strdup(m.body);
        mail_message_clear(&m);
        free(p);
        s->n++;
    }
    if (d)
        closedir(d);
    free(newdir);
}

static inline void sent_clear(struct sent *s)
{
    for (int i = 0; i < s->n; i++) {
        free(s->raw[i]);
        free(s->body[i]);
    }
}

/* Empties the outgoing Maildir. */
static inline void clear_out(struct fixture *f)
{
    char *cmd = str_format("rm -f %s/new/*", f->c.maildir_outbox);
    assert_int_equal(system(cmd), 0);
    free(cmd);
}

/* The one sent mail addressed to `to` whose raw text has `having` (NULL: any); fails the test
 * unless there is exactly one. */
static inline int sent_to_with(const struct sent *s, const char *to, const char *having)
{
    int found = -1;
    for (int i = 0; i < s->n; i++) {
        const char *h = strstr(s->raw[i], "\r\nTo: ");
        const char *end = h ? strstr(h + 2, "\r\n") : NULL;
        if (h && end && memmem(h, (size_t)(end - h), to, strlen(to)) &&
            (!having || strstr(s->raw[i], having))) {
            if (found >= 0)
                fail_msg("two mails to %s", to);
            found = i;
        }
    }
    if (found < 0)
        fail_msg("no mail to %s", to);
    return found;
}

/* The one sent mail addressed to `to`; fails the test unless there is exactly one. */
static inline int sent_to(const struct sent *s, const char *to)
{
    return sent_to_with(s, to, NULL);
}

static inline void expect_in(const char *text, const char *fragment)
{
    if (!strstr(text, fragment))
        fail_msg("\"%s\" not in:\n%s", fragment, text);
}

/* Every line of a text mail within 78 characters (UTF-8 counted by character). */
static inline void lines_at_most_78(const char *text)
{
    int col = 0, line = 1;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            col = 0;
            line++;
        } else if (((unsigned char)*p & 0xC0) != 0x80 && ++col > 78) {
            fail_msg("line %d is longer than 78 characters:\n%s", line, text);
        }
    }
}

/* The text with every run of blanks and line breaks as one space (malloc'd): a sentence the
 * mail wrapped to 78 characters reads as written. */
static inline char *words_of(const char *text)
{
    char *out = xmalloc(strlen(text) + 1), *o = out;
    for (const char *p = text; *p; p++)
        if (!isspace((unsigned char)*p))
            *o++ = *p;
        else if (o > out && o[-1] != ' ')
            *o++ = ' ';
    *o = '\0';
    return out;
}

/* A sentence somewhere in the text, however the text is wrapped. */
static inline bool has_sentence(const char *text, const char *sentence)
{
    char *words = words_of(text);
    bool found = strstr(words, sentence) != NULL;
    free(words);
    return found;
}

static inline void expect_sentence(const char *text, const char *sentence)
{
    if (!has_sentence(text, sentence))
        fail_msg("\"%s\" not in:\n%s", sentence, text);
}

/* g1 started with alice, bob and carol (bob's and carol's password secret2), at a fixed time,
 * its first deadline 72 hours on. */
static inline int setup_started(void **state)
{
    setup(state);
    struct fixture *f = *state;
    char *hash = pw_hash("secret2");
    assert_int_equal(store_player_add(f->st, f->game_id, "bob", "bob@pbem.test", hash, NULL),
                     STORE_OK);
    assert_int_equal(store_player_add(f->st, f->game_id, "carol", "carol@pbem.test", hash, NULL),
                     STORE_OK);
    free(hash);
    util_set_clock(1800000000);
    assert_int_equal(store_game_start(f->st, f->game_id, "Variant=Clemens"), STORE_OK);
    assert_int_equal(store_game_set_deadline(f->st, f->game_id, 1800000000 + 72 * 3600),
                     STORE_OK);
    return 0;
}

/* The daemon's pass: mail in, answers, due turns, mail out; the turns resolved. */
static inline int pass(struct fixture *f)
{
    assert_true(fetched(&f->c, f->st, f->src) >= 0);
    assert_true(processed(&f->c, f->st) >= 0);
    int resolved = -1;
    assert_int_equal(svc_turns_due(&f->c, f->st, &resolved).kind, SVC_OK);
    assert_true(sent_due(&f->c, f->st, f->sink) >= 0);
    return resolved;
}

static inline store_game game(struct fixture *f)
{
    store_game g = {0};
    assert_int_equal(store_game_find(f->st, "g1", &g), STORE_OK);
    return g;
}

/* A player's mail to g1 with these orders, delivered. */
static inline void mail_orders(struct fixture *f, const char *player, const char *password,
                               const char *orders)
{
    char *text = str_format("From: %s@pbem.test\nSubject: orders\nMessage-ID: <m%d@pbem.test>\n\n"
                            "GAME g1\nPLAYER %s\nPASSWORD %s\n%s",
                            player, f->seq, player, password, orders);
    free(deliver(f, text));
    free(text);
}

/* A command through the desk, as the command line gives it: 0, 1 refused, -1; what the GM is
 * told in *out (malloc'd). */
static inline int desk(struct fixture *f, const char *line, const char *reason, const char *body,
                       char **out)
{
    store_game g = game(f);
    svc_desk d = {&f->c, f->st, "command line", 0, {0}, NULL, NULL};
    buf_init(&d.out);
    svc_desk_cmd cmd;
    assert_int_equal(svc_desk_parse(line, &cmd).kind, SVC_OK);
    if (reason)
        cmd.reason = strdup(reason);
    if (body)
        cmd.body = strdup(body);
    assert_int_equal(store_begin(f->st), STORE_OK);
    svc_result r = svc_desk_run(&d, &g, &cmd);
    int rc = r.kind == SVC_OK ? 0 : r.kind == SVC_REFUSED ? 1 : -1;
    if (rc == 0)
        assert_int_equal(store_commit(f->st), STORE_OK);
    else
        store_rollback(f->st);
    *out = buf_steal(&d.out);
    buf_free(&d.out);
    free(d.file); /* (EXPORT's file: for the answer by mail) */
    free(d.file_name);
    svc_desk_cmd_clear(&cmd);
    store_game_clear(&g);
    return rc;
}

#endif
