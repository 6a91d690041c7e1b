/* Tests for src/store: schema, games and players, inbound deduplication, the outbox, audit,
 * the action log and the players' orders. */
#include "../helpers.h"
#include "mail/compose.h"
#include "mail/message.h"
#include "store/store.h"
#include "util/util.h"

#include <sqlite3.h>

struct fixture {
    char *dir;
    char *db;
    store *st;
};

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    f->dir = th_tempdir();
    f->db = th_path(f->dir, "t.db");
    char *err = NULL;
    f->st = store_open(f->db, &err);
    assert_non_null(f->st);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    store_close(f->st);
    free(f->db);
    th_rmrf(f->dir);
    free(f);
    return 0;
}

static void test_schema_is_migrated_once(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(store_schema_version(f->st), 14);
    store_close(f->st);
    char *err = NULL;
    f->st = store_open(f->db, &err); /* reopening applies nothing twice */
    assert_non_null(f->st);
    assert_int_equal(store_schema_version(f->st), 14);
}

static void test_unopenable_database_is_an_error(void **state)
{
    (void)state;
    char *err = NULL;
    assert_null(store_open("/nonexistent-dir/x.db", &err));
    assert_non_null(strstr(err, "/nonexistent-dir/x.db"));
    free(err);
}

static void test_games_and_players(void **state)
{
    struct fixture *f = *state;
    int64_t g;
    assert_int_equal(store_game_create(f->st, "Berlin1", "1835", &g), STORE_OK);
    assert_int_equal(store_game_create(f->st, "berlin1", "1835", NULL), STORE_DUPLICATE);
    store_game game;
    assert_int_equal(store_game_find(f->st, "BERLIN1", &game), STORE_OK);
    assert_string_equal(game.name, "Berlin1");
    assert_string_equal(game.status, "forming");
    store_game_clear(&game);
    assert_int_equal(store_game_find(f->st, "nope", &game), STORE_NOT_FOUND);
    int64_t a, b;
    assert_int_equal(store_player_add(f->st, g, "alice", "a@x", "$y$h1", &a), STORE_OK);
    assert_int_equal(store_player_add(f->st, g, "bob", "b@x", "$y$h2", &b), STORE_OK);
    assert_int_equal(store_player_add(f->st, g, "ALICE", "c@x", "$y$h3", NULL), STORE_DUPLICATE);
    store_player p;
    assert_int_equal(store_player_find(f->st, g, "Bob", &p), STORE_OK);
    assert_int_equal(p.seat, 2);
    assert_string_equal(p.address, "b@x");
    assert_string_equal(p.password_hash, "$y$h2");
    store_player_clear(&p);
}

/* A mail to store: its source, Message-ID and content fingerprint. */
static int add_mail(store *st, const char *source, const char *message_id, const char *key,
                    const char *raw, int64_t *id)
{
    store_new_mail m = {source, message_id, key, (int64_t)strlen(raw), raw, strlen(raw), false};
    return store_inbound_add(st, &m, id);
}

static void test_inbound_is_stored_once(void **state)
{
    struct fixture *f = *state;
    int64_t id;
    assert_int_equal(add_mail(f->st, "imap:INBOX:7:1", "m1@x", "k1", "raw1", &id), STORE_OK);
    /* the same source again, or the same mail (Message-ID and content) from another source */
    assert_int_equal(add_mail(f->st, "imap:INBOX:7:1", NULL, NULL, "raw1", NULL),
                     STORE_DUPLICATE);
    assert_int_equal(add_mail(f->st, "maildir:abc", "m1@x", "k1", "raw1", NULL),
                     STORE_DUPLICATE);
    /* mails without a Message-ID are told apart by their source */
    assert_int_equal(add_mail(f->st, "imap:INBOX:7:2", NULL, "k2", "r2", NULL), STORE_OK);
    assert_int_equal(add_mail(f->st, "imap:INBOX:7:3", NULL, "k3", "r3", NULL), STORE_OK);
    assert_int_equal(store_inbound_count(f->st, NULL), 3);
    store_inbound m;
    assert_int_equal(store_inbound_next_pending(f->st, &m), STORE_OK);
    assert_int_equal(m.id, id);
    assert_string_equal(m.raw, "raw1");
    assert_int_equal(m.attempts, 0);
    store_inbound_clear(&m);
    assert_int_equal(store_inbound_bump_attempts(f->st, id), STORE_OK);
    assert_int_equal(store_inbound_finish(f->st, id, "answered", "a@x", "s", 0, "ok"), STORE_OK);
    assert_int_equal(store_inbound_next_pending(f->st, &m), STORE_OK);
    assert_true(m.id != id);
    store_inbound_clear(&m);
    assert_int_equal(store_inbound_count(f->st, "answered"), 1);
    assert_int_equal(store_inbound_count(f->st, "received"), 2);
}

/* Issue 27 (4): a mail held back by the password throttle stays stored, unread, until its
 * time, and is then the next to process like any other; the wrong passwords are counted and
 * the one that ends a lock found. */
static void test_a_held_mail_waits_for_its_time(void **state)
{
    struct fixture *f = *state;
    util_set_clock(1000);
    int64_t held, other;
    assert_int_equal(add_mail(f->st, "maildir:1", "m1@x", "k1", "held", &held), STORE_OK);
    assert_int_equal(add_mail(f->st, "maildir:2", "m2@x", "k2", "other", &other), STORE_OK);
    assert_int_equal(store_inbound_next_held(f->st), 0);
    assert_int_equal(store_inbound_hold(f->st, held, 1900, "m@x.org", "s", "held"), STORE_OK);
    assert_int_equal(store_inbound_next_held(f->st), 1900);
    store_inbound m;
    assert_int_equal(store_inbound_next_pending(f->st, &m), STORE_OK);
    assert_int_equal(m.id, other);
    store_inbound_clear(&m);
    assert_int_equal(store_inbound_finish(f->st, other, "answered", "a@x", "s", 0, "ok"),
                     STORE_OK);
    assert_int_equal(store_inbound_next_pending(f->st, &m), STORE_NOT_FOUND);
    assert_int_equal(store_inbound_count(f->st, "received"), 1);
    util_set_clock(1900);
    assert_int_equal(store_inbound_next_pending(f->st, &m), STORE_OK);
    assert_int_equal(m.id, held);
    assert_int_equal(m.held_until, 1900);
    assert_string_equal(m.raw, "held");
    store_inbound_clear(&m);
    /* a mail processed already cannot be held */
    assert_int_equal(store_inbound_hold(f->st, other, 2000, NULL, NULL, NULL), STORE_NOT_FOUND);
    for (int i = 0; i < 3; i++) {
        util_set_clock(2000 + i * 10);
        assert_int_equal(store_auth_failure_add(f->st, "g/p", "m@x.org"), STORE_OK);
    }
    assert_int_equal(store_auth_failure_nth(f->st, "g/p", NULL, 0, 1), 2010);
    assert_int_equal(store_auth_failure_nth(f->st, NULL, "m@x.org", 2005, 0), 2010);
    assert_int_equal(store_auth_failure_nth(f->st, NULL, "m@x.org", 0, 3), 0);
    util_set_clock(0);
}

/* Issue 16: a second, different mail under a seen Message-ID (a corrected resend, or someone
 * pre-empting a known id) is stored; the same mail under it is not. */
static void test_a_seen_message_id_with_other_content_is_stored(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(add_mail(f->st, "maildir:1", "m1@x", "k1", "first", NULL), STORE_OK);
    assert_int_equal(add_mail(f->st, "maildir:2", "m1@x", "k2", "corrected", NULL), STORE_OK);
    assert_int_equal(add_mail(f->st, "maildir:3", "m1@x", "k2", "corrected", NULL),
                     STORE_DUPLICATE);
    assert_int_equal(store_inbound_count(f->st, NULL), 2);
}

/* Issue 16: a row claimed by one process is not given to another; a claim ends with the
 * sending; the one daemon frees the claims of dead processes. */
static void test_an_outbox_row_is_claimed_once(void **state)
{
    struct fixture *f = *state;
    util_set_clock(1000);
    int64_t o1;
    assert_int_equal(store_outbox_add(f->st, 0, "o1@x", "gm@x", "[\"a@x\"]", "r1", 2, &o1),
                     STORE_OK);
    char *err = NULL;
    store *other = store_open(f->db, &err);
    assert_non_null(other);
    store_outgoing m;
    assert_int_equal(store_outbox_next_due(f->st, 1000, &m), STORE_OK);
    store_outgoing_clear(&m);
    assert_int_equal(store_outbox_claim(f->st, o1, "one"), STORE_OK);
    /* the other process sees it no more, and cannot claim it */
    assert_int_equal(store_outbox_next_due(other, 1000, &m), STORE_NOT_FOUND);
    assert_int_equal(store_outbox_claim(other, o1, "two"), STORE_NOT_FOUND);
    assert_int_equal(store_outbox_next_time(other), 0);
    /* a failed attempt ends the claim: due again later */
    assert_int_equal(store_outbox_mark_retry(f->st, o1, "421", 1060, false), STORE_OK);
    assert_int_equal(store_outbox_claim(other, o1, "two"), STORE_OK);
    assert_int_equal(store_outbox_release_claims(f->st), STORE_OK);
    assert_int_equal(store_outbox_claim(f->st, o1, "one"), STORE_OK);
    assert_int_equal(store_outbox_mark_sent(f->st, o1), STORE_OK);
    assert_int_equal(store_outbox_claim(other, o1, "two"), STORE_NOT_FOUND);
    store_close(other);
    util_set_clock(0);
}

static void test_transaction_rollback_keeps_nothing(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(store_begin(f->st), STORE_OK);
    assert_int_equal(add_mail(f->st, "s1", NULL, NULL, "x", NULL), STORE_OK);
    assert_int_equal(store_outbox_add(f->st, 0, "o1@x", "gm@x", "[\"a@x\"]", "raw", 3, NULL),
                     STORE_OK);
    store_rollback(f->st);
    assert_int_equal(store_inbound_count(f->st, NULL), 0);
    assert_int_equal(store_outbox_count(f->st, NULL), 0);
}

static void test_outbox_due_retry_sent(void **state)
{
    struct fixture *f = *state;
    util_set_clock(1000);
    int64_t o1, o2;
    assert_int_equal(store_outbox_add(f->st, 0, "o1@x", "gm@x", "[\"a@x\"]", "r1", 2, &o1),
                     STORE_OK);
    assert_int_equal(store_outbox_add(f->st, 0, "o2@x", "gm@x", "[\"b@x\"]", "r2", 2, &o2),
                     STORE_OK);
    assert_int_equal(store_outbox_add(f->st, 0, "o1@x", "gm@x", "[]", "r", 1, NULL),
                     STORE_DUPLICATE);
    assert_int_equal(store_outbox_next_time(f->st), 1000);
    store_outgoing m;
    assert_int_equal(store_outbox_next_due(f->st, 1000, &m), STORE_OK);
    assert_int_equal(m.id, o1);
    assert_string_equal(m.recipients, "[\"a@x\"]");
    store_outgoing_clear(&m);
    assert_int_equal(store_outbox_mark_retry(f->st, o1, "421 busy", 1060, false), STORE_OK);
    assert_int_equal(store_outbox_next_due(f->st, 1000, &m), STORE_OK);
    assert_int_equal(m.id, o2);
    store_outgoing_clear(&m);
    assert_int_equal(store_outbox_mark_sent(f->st, o2), STORE_OK);
    assert_int_equal(store_outbox_next_due(f->st, 1059, &m), STORE_NOT_FOUND);
    assert_int_equal(store_outbox_next_time(f->st), 1060);
    assert_int_equal(store_outbox_next_due(f->st, 1060, &m), STORE_OK);
    assert_int_equal(m.attempts, 1);
    store_outgoing_clear(&m);
    assert_int_equal(store_outbox_mark_retry(f->st, o1, "550 no", 2000, true), STORE_OK);
    assert_int_equal(store_outbox_next_time(f->st), 0);
    assert_int_equal(store_outbox_count(f->st, "failed"), 1);
    assert_int_equal(store_outbox_count(f->st, "sent"), 1);
    util_set_clock(0);
}

/* A report as pbemgm mails it: text, HTML and a picture of 200 kB. */
static char *report_mail(const char *id, size_t *len)
{
    static unsigned char picture[200000];
    for (size_t i = 0; i < sizeof picture; i++)
        picture[i] = (unsigned char)(i * 7919u >> 3);
    mail_inline_part part = {"map@x", "image/png", "map.png", picture, sizeof picture};
    mail_outgoing m = {.from_addr = "pbemgm@x", .to_addr = "a@x", .subject = "g1: turn 1",
                       .body = "The text of the report.\n", .html = "<p>The HTML <img src=\"cid:map@x\"></p>",
                       .parts = &part, .nparts = 1, .date = 1000};
    return mail_compose(&m, id, len);
}

static char *raw_of(const char *db_path, const char *sql)
{
    sqlite3 *db;
    sqlite3_stmt *s;
    assert_int_equal(sqlite3_open(db_path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &s, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(s), SQLITE_ROW);
    char *raw = xstrndup((const char *)sqlite3_column_blob(s, 0),
                         (size_t)sqlite3_column_bytes(s, 0));
    sqlite3_finalize(s);
    sqlite3_close(db);
    return raw;
}

/* issue 28: a sent mail keeps its header and text once its retention is over; nothing unsent
 * (pending, claimed) is touched, nor a mail sent within the retention; an answered mail keeps
 * its header; each once; the space is given back. */
static void test_trimming_keeps_unsent_mail_and_the_text_of_sent(void **state)
{
    struct fixture *f = *state;
    util_set_clock(1000);
    const char *ids[] = {"o1@x", "o2@x", "o3@x", "o4@x"};
    int64_t o[4];
    size_t len = 0;
    for (int i = 0; i < 4; i++) {
        char *raw = report_mail(ids[i], &len);
        assert_int_equal(store_outbox_add(f->st, 0, ids[i], "pbemgm@x", "[\"a@x\"]", raw, len,
                                          &o[i]), STORE_OK);
        free(raw);
    }
    assert_int_equal(store_outbox_mark_sent(f->st, o[0]), STORE_OK);  /* sent at 1000 */
    assert_int_equal(store_outbox_claim(f->st, o[2], "sender"), STORE_OK); /* being sent */
    util_set_clock(5000);
    assert_int_equal(store_outbox_mark_sent(f->st, o[3]), STORE_OK);  /* sent at 5000 */
    int64_t in1, in2;
    assert_int_equal(add_mail(f->st, "s1", "m1@x", NULL, "Subject: orders\r\n\r\nGAME g1\r\n", &in1),
                     STORE_OK);
    assert_int_equal(add_mail(f->st, "s2", "m2@x", NULL, "Subject: later\r\n\r\nGAME g1\r\n", &in2),
                     STORE_OK);
    util_set_clock(1000);
    assert_int_equal(store_inbound_finish(f->st, in1, "answered", "a@x", "orders", 0, "ok"),
                     STORE_OK);
    int64_t used_before, free_before;
    assert_int_equal(store_size(f->st, &used_before, &free_before), STORE_OK);

    util_set_clock(6000);
    assert_int_equal(store_trim_mails(f->st, 2000, 2000, 100, mail_keep_text, mail_keep_header), 2);
    char *r = raw_of(f->db, "SELECT raw FROM outbox WHERE message_id = 'o1@x'");
    assert_non_null(strstr(r, "Subject: g1: turn 1"));
    assert_non_null(strstr(r, "Message-ID: <o1@x>"));
    assert_non_null(strstr(r, "The text of the report."));
    assert_non_null(strstr(r, "X-Pbemgm-Trimmed:"));
    assert_null(strstr(r, "image/png"));
    assert_null(strstr(r, "text/html"));
    assert_true(strlen(r) < 2000);
    free(r);
    for (int i = 1; i < 4; i++) { /* pending, claimed, sent within the retention: whole */
        char sql[96];
        snprintf(sql, sizeof sql, "SELECT raw FROM outbox WHERE id = %lld", (long long)o[i]);
        r = raw_of(f->db, sql);
        assert_true(strlen(r) > 200000);
        free(r);
    }
    r = raw_of(f->db, "SELECT raw FROM inbound WHERE source = 's1'");
    assert_non_null(strstr(r, "Subject: orders"));
    assert_null(strstr(r, "GAME g1"));
    free(r);
    r = raw_of(f->db, "SELECT raw FROM inbound WHERE source = 's2'"); /* not answered yet */
    assert_non_null(strstr(r, "GAME g1"));
    free(r);
    /* once each; later, the rest, a bounded number at a time */
    assert_int_equal(store_trim_mails(f->st, 2000, 2000, 100, mail_keep_text, mail_keep_header), 0);
    assert_int_equal(store_outbox_mark_sent(f->st, o[1]), STORE_OK);
    assert_int_equal(store_trim_mails(f->st, 6000, 6000, 1, mail_keep_text, mail_keep_header), 1);
    assert_int_equal(store_trim_mails(f->st, 6000, 6000, 1, mail_keep_text, mail_keep_header), 1);
    assert_int_equal(store_trim_mails(f->st, 6000, 6000, 1, mail_keep_text, mail_keep_header), 0);
    assert_int_equal(store_outbox_count(f->st, "pending"), 1); /* the claimed one */
    /* the space: free pages, then given back */
    int64_t used, freeb;
    assert_int_equal(store_size(f->st, &used, &freeb), STORE_OK);
    assert_true(used < used_before / 2);
    assert_true(freeb > 0);
    assert_int_equal(store_reclaim(f->st, 0), 0);
    assert_int_equal(store_size(f->st, &used, &freeb), STORE_OK);
    assert_int_equal(freeb, 0);
    util_set_clock(0);
}

/* A backup is a database of its own; an existing file is not overwritten. */
static void test_backup_copies_and_never_overwrites(void **state)
{
    struct fixture *f = *state;
    int64_t g;
    assert_int_equal(store_game_create(f->st, "g1", "1835", &g), STORE_OK);
    char *copy = th_path(f->dir, "copy.db"), *err = NULL;
    assert_int_equal(store_backup(f->st, copy, &err), 0);
    store *c = store_open(copy, &err);
    assert_non_null(c);
    store_game game;
    assert_int_equal(store_game_find(c, "g1", &game), STORE_OK);
    store_game_clear(&game);
    store_close(c);
    assert_int_equal(store_backup(f->st, copy, &err), -1);
    assert_non_null(strstr(err, "exists: not overwritten"));
    free(err);
    free(copy);
}

static void test_audit(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(store_audit(f->st, "gm", "game_create", 0, "x"), STORE_OK);
    assert_int_equal(store_audit(f->st, "daemon", "game_create", 0, NULL), STORE_OK);
    assert_int_equal(store_audit_count(f->st, "game_create"), 2);
    assert_int_equal(store_audit_count(f->st, "other"), 0);
}

struct collected {
    int n;
    char text[8][64];
};

static int collect_action(int64_t seq, int turn, const char *json, void *ctx)
{
    struct collected *c = ctx;
    snprintf(c->text[c->n++], sizeof c->text[0], "%lld/%d/%s", (long long)seq, turn, json);
    return c->n == 8;
}

/* The action log keeps the order of the actions, per game. */
static void test_action_log(void **state)
{
    struct fixture *f = *state;
    int64_t g1, g2;
    assert_int_equal(store_game_create(f->st, "g1", "1835", &g1), STORE_OK);
    assert_int_equal(store_game_create(f->st, "g2", "1835", &g2), STORE_OK);
    assert_int_equal(store_action_append(f->st, g1, 1, "{\"type\":\"pass\"}"), STORE_OK);
    assert_int_equal(store_action_append(f->st, g2, 1, "{\"type\":\"done\"}"), STORE_OK);
    assert_int_equal(store_action_append(f->st, g1, 2, "{\"type\":\"buy\"}"), STORE_OK);
    struct collected c = {0};
    assert_int_equal(store_action_each(f->st, g1, collect_action, &c), STORE_OK);
    assert_int_equal(c.n, 2);
    assert_string_equal(c.text[0], "1/1/{\"type\":\"pass\"}");
    assert_string_equal(c.text[1], "2/2/{\"type\":\"buy\"}");
}

/* The log read from an action on; the count of its changes other than appends (issue 15: a
 * process keeping a game's state reads only what was appended while the count stays). */
static void test_action_log_cuts_are_counted(void **state)
{
    struct fixture *f = *state;
    int64_t g1, g2, cuts = -1;
    assert_int_equal(store_game_create(f->st, "g1", "1835", &g1), STORE_OK);
    assert_int_equal(store_game_create(f->st, "g2", "1835", &g2), STORE_OK);
    for (int turn = 1; turn <= 3; turn++)
        assert_int_equal(store_action_append(f->st, g1, turn, "{\"type\":\"pass\"}"), STORE_OK);
    assert_int_equal(store_action_append(f->st, g2, 1, "{\"type\":\"done\"}"), STORE_OK);
    struct collected c = {0};
    assert_int_equal(store_action_each_from(f->st, g1, 2, collect_action, &c), STORE_OK);
    assert_int_equal(c.n, 2);
    assert_string_equal(c.text[0], "2/2/{\"type\":\"pass\"}");
    assert_int_equal(store_action_log_cuts(f->st, g1, &cuts), STORE_OK);
    assert_int_equal(cuts, 0); /* appends are not counted */
    assert_int_equal(store_action_log_cuts(f->st, 999, &cuts), STORE_NOT_FOUND);
    assert_int_equal(store_game_cut(f->st, g1, 3, 0), STORE_OK);
    assert_int_equal(store_action_log_cuts(f->st, g1, &cuts), STORE_OK);
    assert_int_equal(cuts, 1);
    /* by hand: a change, an action put before the last, a deletion; an append is not */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->db, &db), SQLITE_OK);
    static const char *const edits[] = {
        "UPDATE actions SET json = '{}' WHERE game_id = 1 AND seq = 1",
        "DELETE FROM actions WHERE game_id = 1 AND seq = 1",
        "INSERT INTO actions (game_id, seq, turn, json, at) VALUES (1, 1, 1, '{}', 0)",
        "INSERT INTO actions (game_id, seq, turn, json, at) VALUES (1, 3, 3, '{}', 0)",
    };
    static const int64_t want[] = {2, 3, 4, 4};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(sqlite3_exec(db, edits[i], NULL, NULL, NULL), SQLITE_OK);
        assert_int_equal(store_action_log_cuts(f->st, g1, &cuts), STORE_OK);
        assert_int_equal(cuts, want[i]);
    }
    sqlite3_close(db);
    assert_int_equal(store_action_log_cuts(f->st, g2, &cuts), STORE_OK);
    assert_int_equal(cuts, 0); /* another game's log is its own */
}

static void collect_order(const store_order *o, void *ctx)
{
    struct collected *c = ctx;
    snprintf(c->text[c->n++], sizeof c->text[0], "%s|%s|%s", o->section, o->text,
             o->json ? o->json : "-");
}

/* A later mail replaces the sections it contains and keeps the others. */
static void test_orders_replace_by_section(void **state)
{
    struct fixture *f = *state;
    int64_t g;
    assert_int_equal(store_game_create(f->st, "g1", "1835", &g), STORE_OK);
    assert_int_equal(store_player_add(f->st, g, "ann", "ann@example.org", "x", NULL), STORE_OK);
    store_player p;
    assert_int_equal(store_player_find(f->st, g, "ann", &p), STORE_OK);
    const char *stock[] = {"BUY 1 BY", "PASS"}, *by[] = {"RUN BEST"}, *stock2[] = {"SELL 1 SX"};
    const char *by_json[] = {"{\"run\":1}"};
    assert_int_equal(store_orders_replace(f->st, g, p.id, 3, "", stock, NULL, 2, 0), STORE_OK);
    assert_int_equal(store_orders_replace(f->st, g, p.id, 3, "BY", by, by_json, 1, 0), STORE_OK);
    assert_int_equal(store_orders_replace(f->st, g, p.id, 3, "", stock2, NULL, 1, 0), STORE_OK);
    struct collected c = {0};
    assert_int_equal(store_orders_each(f->st, g, p.id, 3, collect_order, &c), STORE_OK);
    assert_int_equal(c.n, 2);
    assert_string_equal(c.text[0], "|SELL 1 SX|-");
    assert_string_equal(c.text[1], "BY|RUN BEST|{\"run\":1}");
    c.n = 0;
    assert_int_equal(store_orders_each(f->st, g, p.id, 4, collect_order, &c), STORE_OK);
    assert_int_equal(c.n, 0);
    store_player_clear(&p);
}

static void collect_earlier(const store_order *o, void *ctx)
{
    struct collected *c = ctx;
    snprintf(c->text[c->n++], sizeof c->text[0], "|%d|%.12s|%.24s", o->turn, o->section,
             o->text);
}

/* A game's pace, its turns' reports, NMRs and a replacement, earlier turns' orders. */
static void test_turns(void **state)
{
    struct fixture *f = *state;
    int64_t g;
    assert_int_equal(store_game_create(f->st, "g1", "1835", &g), STORE_OK);
    assert_int_equal(store_player_add(f->st, g, "ann", "ann@example.org", "x", NULL), STORE_OK);
    assert_int_equal(store_player_add(f->st, g, "bob", "bob@example.org", "x", NULL), STORE_OK);
    store_game sg;
    assert_int_equal(store_game_find(f->st, "g1", &sg), STORE_OK);
    assert_int_equal(sg.turn_hours, 72); /* the defaults */
    assert_int_equal(sg.rounds_per_turn, 2);
    assert_true(sg.stop_after_formation);
    sg.turn_hours = 48, sg.remind_hours = 12, sg.rounds_per_turn = 3;
    sg.stop_after_formation = false;
    assert_int_equal(store_game_set_pace(f->st, g, &sg), STORE_OK);
    assert_int_equal(store_game_start(f->st, g, "Variant=Snake"), STORE_OK);
    assert_int_equal(store_game_next_turn(f->st, g, 12345), STORE_OK);
    store_game_clear(&sg);
    assert_int_equal(store_game_find(f->st, "g1", &sg), STORE_OK);
    assert_int_equal(sg.turn, 2);
    assert_int_equal(sg.deadline_at, 12345);
    assert_int_equal(sg.turn_hours, 48);
    assert_int_equal(sg.remind_hours, 12);
    assert_int_equal(sg.rounds_per_turn, 3);
    assert_false(sg.stop_after_formation);
    assert_string_equal(sg.options, "Variant=Snake");
    store_game_clear(&sg);
    assert_int_equal(store_game_next_time(f->st), 12345 - 12 * 3600); /* the reminder */
    assert_int_equal(store_game_set_reminded(f->st, g, 2), STORE_OK);
    assert_int_equal(store_game_next_time(f->st), 12345); /* then the deadline */
    assert_int_equal(store_turn_add(f->st, g, 1, 2, "it happened\n", NULL), STORE_OK);
    assert_int_equal(store_turn_add(f->st, g, 1, 2, "again", NULL), STORE_DUPLICATE); /* once a turn */
    char *report = NULL;
    assert_int_equal(store_turn_report(f->st, g, 1, &report), STORE_OK);
    assert_string_equal(report, "it happened\n");
    free(report);
    assert_int_equal(store_turn_report(f->st, g, 2, &report), STORE_NOT_FOUND);
    char *context = NULL; /* what the report says of the turn, kept to render it again */
    assert_int_equal(store_turn_context(f->st, g, 1, &context), STORE_OK);
    assert_null(context);
    assert_int_equal(store_turn_set_context(f->st, g, 1, "{\"rounds\":2}"), STORE_OK);
    assert_int_equal(store_turn_context(f->st, g, 1, &context), STORE_OK);
    assert_string_equal(context, "{\"rounds\":2}");
    free(context);
    assert_int_equal(store_turn_context(f->st, g, 2, &context), STORE_NOT_FOUND);
    store_player p;
    assert_int_equal(store_player_find(f->st, g, "ann", &p), STORE_OK);
    assert_int_equal(store_player_set_nmr(f->st, p.id, 2, true), STORE_OK);
    assert_int_equal(store_player_replace(f->st, p.id, "bob", "b@x.org", "y"), STORE_DUPLICATE);
    assert_int_equal(store_seat_change_count(f->st, g, p.seat), 0); /* a refusal leaves none */
    assert_int_equal(store_player_replace(f->st, p.id, "cy", "cy@x.org", "y"), STORE_OK);
    assert_int_equal(store_seat_change_count(f->st, g, p.seat), 1);
    store_player q;
    assert_int_equal(store_player_find(f->st, g, "cy", &q), STORE_OK);
    assert_int_equal(q.seat, p.seat);
    assert_int_equal(q.nmr_count, 0);
    assert_false(q.seat_open);
    const char *t1[] = {"STANDING RUN BEST", "GOAL BERLIN"}, *t2[] = {"PASS"};
    assert_int_equal(store_orders_replace(f->st, g, q.id, 1, "BY", t1, NULL, 2, 0), STORE_OK);
    assert_int_equal(store_orders_replace(f->st, g, q.id, 2, "", t2, NULL, 1, 0), STORE_OK);
    assert_int_equal(store_orders_count(f->st, g, q.id, 2), 1);
    assert_int_equal(store_orders_count(f->st, g, q.id, 3), 0);
    struct collected c = {0};
    assert_int_equal(store_orders_each_before(f->st, g, q.id, 3, collect_earlier, &c), STORE_OK);
    assert_int_equal(c.n, 3);
    assert_string_equal(c.text[0], "|2||PASS"); /* the latest turn first */
    assert_string_equal(c.text[1], "|1|BY|STANDING RUN BEST");
    store_player_clear(&p);
    store_player_clear(&q);
}

/* Issue 12, defect 1: the end of a game is recorded — the store wrote a status its own schema
 * refuses ('over'), so no game could end. */
static void test_a_game_ends_finished(void **state)
{
    struct fixture *f = *state;
    int64_t g;
    assert_int_equal(store_game_create(f->st, "g1", "1835", &g), STORE_OK);
    assert_int_equal(store_game_start(f->st, g, ""), STORE_OK);
    assert_int_equal(store_game_over(f->st, g), STORE_OK);
    store_game sg;
    assert_int_equal(store_game_find(f->st, "g1", &sg), STORE_OK);
    assert_string_equal(sg.status, "finished");
    assert_int_equal(sg.deadline_at, 0);
    store_game_clear(&sg);
}

/* The daemon wakes for a turn whose orders are all in (its grace period) before the deadline. */
static void test_the_grace_period_wakes_the_daemon(void **state)
{
    struct fixture *f = *state;
    int64_t g;
    assert_int_equal(store_game_create(f->st, "g1", "1835", &g), STORE_OK);
    assert_int_equal(store_game_start(f->st, g, ""), STORE_OK);
    assert_int_equal(store_game_set_deadline(f->st, g, 100000), STORE_OK);
    assert_int_equal(store_game_set_reminded(f->st, g, 1), STORE_OK);
    assert_int_equal(store_game_next_time(f->st), 100000);
    assert_int_equal(store_game_set_early_due(f->st, g, 5000), STORE_OK);
    assert_int_equal(store_game_next_time(f->st), 5000);
    store_game sg;
    assert_int_equal(store_game_find(f->st, "g1", &sg), STORE_OK);
    assert_int_equal(sg.early_due_at, 5000);
    assert_int_equal(sg.grace_minutes, 15);
    store_game_clear(&sg);
    assert_int_equal(store_game_next_turn(f->st, g, 200000), STORE_OK); /* a new turn: none */
    assert_int_equal(store_game_next_time(f->st), 200000 - 24 * 3600);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_schema_is_migrated_once, setup, teardown),
        cmocka_unit_test(test_unopenable_database_is_an_error),
        cmocka_unit_test_setup_teardown(test_games_and_players, setup, teardown),
        cmocka_unit_test_setup_teardown(test_inbound_is_stored_once, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_held_mail_waits_for_its_time, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_seen_message_id_with_other_content_is_stored,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_an_outbox_row_is_claimed_once, setup, teardown),
        cmocka_unit_test_setup_teardown(test_transaction_rollback_keeps_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_outbox_due_retry_sent, setup, teardown),
        cmocka_unit_test_setup_teardown(test_audit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_action_log, setup, teardown),
        cmocka_unit_test_setup_teardown(test_action_log_cuts_are_counted, setup, teardown),
        cmocka_unit_test_setup_teardown(test_orders_replace_by_section, setup, teardown),
        cmocka_unit_test_setup_teardown(test_turns, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_game_ends_finished, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_grace_period_wakes_the_daemon, setup, teardown),
        cmocka_unit_test_setup_teardown(test_trimming_keeps_unsent_mail_and_the_text_of_sent,
                                        setup, teardown),
        cmocka_unit_test_setup_teardown(test_backup_copies_and_never_overwrites, setup,
                                        teardown),
    };
    return cmocka_run_group_tests_name("store", tests, NULL, NULL);
}
