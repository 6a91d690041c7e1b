/* Tests for src/daemon: the mail pipeline end to end over the Maildir transport — every mail
 * stored once and answered once, identities checked, machines never answered, bad mail
 * refused clearly — and the outbox's retries. */
#include "mail_fixture.h"

#include <sqlite3.h>

/* The stored text of inbound mail id (malloc'd), read from the database file. */
static char *stored_raw(struct fixture *f, int id)
{
    sqlite3 *db;
    sqlite3_stmt *st;
    char *raw = NULL;
    assert_int_equal(sqlite3_open(f->c.database, &db), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT raw FROM inbound WHERE id = ?1", -1, &st,
                                        NULL), SQLITE_OK);
    sqlite3_bind_int(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW)
        raw = strndup(sqlite3_column_blob(st, 0), (size_t)sqlite3_column_bytes(st, 0));
    sqlite3_finalize(st);
    sqlite3_close(db);
    return raw;
}

#define ALICE_OK "GAME g1\nPLAYER alice\nPASSWORD secret1\n"

static void test_help_is_answered_without_identity(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: Stranger <s@else.org>\nSubject: help\nMessage-ID: <h1@else.org>\n\n"
                    "please\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 1);
    int i = sent_to(&s, "s@else.org");
    expect_in(s.body[i], "HOW TO PLAY BY MAIL");
    expect_in(s.raw[i], "In-Reply-To: <h1@else.org>\r\n");
    expect_in(s.raw[i], "References: <h1@else.org>\r\n");
    expect_in(s.raw[i], "Auto-Submitted: auto-replied\r\n");
    expect_in(s.raw[i], "Subject: Re: help\r\n");
    sent_clear(&s);
    assert_int_equal(store_inbound_count(f->st, "answered"), 1);
}

/* Issue 27, item 12: orders that are there are found — an answer typed into the quoted order
 * form (its GAME and PLAYER lines quoted) is for the game its thread or its subject names, from
 * that game's player whose address sends it (the password checked as ever; a stranger's is
 * not); a forwarded mail with nothing above it is read; "Subject: HELP" with an empty or
 * signature-only body is answered with the guide. */
static void test_orders_that_are_there_are_found(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(store_game_set_thread(f->st, f->game_id, "root@pbem.test"), STORE_OK);
    static const char *const mails[] = {
        "From: Alice <alice@pbem.test>\nSubject: Re: your mail\nMessage-ID: <t1@pbem.test>\n"
        "In-Reply-To: <x@pbem.test>\nReferences: <root@pbem.test> <x@pbem.test>\n\n"
        "> GAME g1\n> PLAYER alice\nPASSWORD secret1\n> # your orders:\nBUY 1 BY\n",
        "From: Alice <alice@pbem.test>\nSubject: SV: Re: g1: turn 1\nMessage-ID: <t2@pbem.test>\n"
        "\nDen 23 nov. 2026 kl. 10:00 skrev pbemgm <gm@pbem.test>:\n> GAME g1\n"
        "> PLAYER alice\nPASSWORD secret1\n>\nBUY 1 BY\n> # notes\n",
        "From: Alice <alice@pbem.test>\nSubject: Fwd: orders\nMessage-ID: <t3@pbem.test>\n\n"
        "---------- Forwarded message ---------\nFrom: Alice <alice@work.example>\nDate: Mon, 23 "
        "Nov 2026 at 10:00\nSubject: orders\nTo: <gm@pbem.test>\n\n\n" ALICE_OK "BUY 1 BY\n"
        "\nBest regards,\nAlice\n\nSent from my iPhone\n",
    };
    for (size_t k = 0; k < sizeof mails / sizeof *mails; k++) {
        clear_out(f);
        free(deliver(f, mails[k]));
        run_once(f);
        struct sent s;
        collect(f, &s);
        int i = sent_to(&s, "alice@pbem.test");
        expect_in(s.body[i], "received from player alice (seat 1)");
        expect_in(s.body[i], "\"BUY 1 BY\" was not taken (orders are not open yet");
        assert_null(strstr(s.body[i], "does not say"));
        assert_null(strstr(s.body[i], "REGARDS"));
        assert_null(strstr(s.body[i], "iPhone"));
        sent_clear(&s);
    }
    /* not a player of the game the subject names: nothing is found for him */
    clear_out(f);
    free(deliver(f, "From: mallory@else.org\nSubject: Re: g1: turn 1\nMessage-ID: <t4@else.org>"
                    "\n\n> GAME g1\n> PLAYER alice\nPASSWORD secret1\nBUY 1 BY\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    expect_in(s.body[sent_to(&s, "mallory@else.org")], "does not say which game");
    sent_clear(&s);
    /* HELP as the subject, the body empty or a signature only */
    static const char *const helps[] = {
        "From: Bob <bob@else.org>\nSubject: HELP\nMessage-ID: <h5@else.org>\n\n",
        "From: Bob <bob@else.org>\nSubject: help\nMessage-ID: <h6@else.org>\n\n-- \nBob\n",
        "From: Bob <bob@else.org>\nSubject: Help\nMessage-ID: <h7@else.org>\n\n\nSent from my "
        "iPhone\n",
    };
    for (size_t k = 0; k < sizeof helps / sizeof *helps; k++) {
        clear_out(f);
        free(deliver(f, helps[k]));
        run_once(f);
        collect(f, &s);
        expect_in(s.body[sent_to(&s, "bob@else.org")], "HOW TO PLAY BY MAIL");
        sent_clear(&s);
    }
}

/* No line longer than 78 characters (text-only readers). */
static void lines_fit(const char *text)
{
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n"), chars = 0;
        for (size_t i = 0; i < n; i++)
            chars += ((unsigned char)p[i] & 0xC0) != 0x80; /* UTF-8 characters */
        if (chars > 78)
            fail_msg("a line of %zu characters: %.*s", chars, (int)n, p);
        p += n + (p[n] != '\0');
    }
}

/* HELP mails the players' guide (the order language, not a promise of one); HELP TILES the
 * title's tiles, HELP MAP its hexes' names. */
static void test_help_topics(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: Ann <ann@else.org>\nSubject: orders\nMessage-ID: <h2@else.org>\n\n"
                    "HELP\n"));
    free(deliver(f, "From: Ann <ann@else.org>\nSubject: help tiles\nMessage-ID: <h3@else.org>"
                    "\n\nthanks\n"));
    free(deliver(f, "From: Ann <ann@else.org>\nSubject: hexes\nMessage-ID: <h4@else.org>\n\n"
                    "Help Map.\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 3);
    bool guide = false, tiles = false, map = false;
    for (int i = 0; i < s.n; i++) {
        lines_fit(s.body[i]);
        guide |= strstr(s.body[i], "STOCK-ROUND ORDERS") && strstr(s.body[i], "LAY 57 ON N12");
        tiles |= strstr(s.body[i], "The tiles of 1835") && strstr(s.body[i], "\n57 ");
        if (strstr(s.body[i], "The tiles of 1835") && strstr(s.body[i], "-> ,")) /* issue 27 */
            fail_msg("an upgrade list begins with a comma:\n%s", s.body[i]);
        map |= strstr(s.body[i], "The hexes of 1835") && strstr(s.body[i], "\nL14  F\xc3\xbcrth/N\xc3\xbcrnberg   ");
    }
    assert_true(guide);
    assert_true(tiles);
    assert_true(map);
    sent_clear(&s);
}

static void test_accepted_mail_reports_each_line(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: alice@pbem.test\nSubject: orders\n\n" ALICE_OK "BUY 1 BY\n\n"
                    "> quoted BUY 9 XX\n-- \nAlice\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 1);
    int i = sent_to(&s, "alice@pbem.test");
    expect_in(s.body[i], "received from player alice (seat 1)");
    expect_in(s.body[i], "line 4: \"BUY 1 BY\" was not taken (orders are not open yet");
    assert_null(strstr(s.body[i], "XX"));
    assert_null(strstr(s.body[i], "secret1")); /* the password is never echoed */
    sent_clear(&s);
    assert_int_equal(store_audit_count(f->st, "mail_accepted"), 1);
}

/* A running game: the orders are read, stored by section, and listed back as they stand; a
 * later mail replaces the sections it contains; a mail for another turn changes nothing. */
static void test_orders_are_stored_and_listed(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(store_game_start(f->st, f->game_id, ""), STORE_OK);
    free(deliver(f, "From: alice@pbem.test\nSubject: orders\nMessage-ID: <o1@pbem.test>\n\n"
                    ALICE_OK "TURN 1\nbuy by else pass\nBY:\nrun best\nfly away\none round\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    int i = sent_to(&s, "alice@pbem.test");
    expect_in(s.body[i], "line 8: \"FLY\" is not an order");
    expect_in(s.body[i], "Your orders for turn 1, as they stand now:");
    expect_in(s.body[i], "    BUY 1 BY ELSE PASS");
    expect_in(s.body[i], "    BY: RUN BEST");
    expect_in(s.body[i], "\n    ONE ROUND (this turn covers one round)\n"); /* not a company's */
    sent_clear(&s);
    /* the stock orders replaced, BY's kept */
    free(deliver(f, "From: alice@pbem.test\nSubject: orders\nMessage-ID: <o2@pbem.test>\n\n"
                    ALICE_OK "sell sx\n"));
    run_once(f);
    collect(f, &s);
    assert_int_equal(s.n, 2);
    bool found = false;
    for (int k = 0; k < s.n; k++)
        if (strstr(s.body[k], "SELL 1 SX")) {
            found = true;
            assert_null(strstr(s.body[k], "BUY 1 BY"));
            expect_in(s.body[k], "BY: RUN BEST");
        }
    assert_true(found);
    sent_clear(&s);
    /* a mail for a past turn */
    free(deliver(f, "From: alice@pbem.test\nSubject: orders\nMessage-ID: <o3@pbem.test>\n\n"
                    ALICE_OK "TURN 0\npass\n"));
    run_once(f);
    collect(f, &s);
    found = false;
    for (int k = 0; k < s.n; k++)
        if (has_sentence(s.body[k], "your mail is for turn 0, but the game is at turn 1: that "
                                    "turn is over; nothing was changed")) {
            found = true;
            expect_in(s.body[k], "SELL 1 SX"); /* still as they stood */
        }
    assert_true(found);
    sent_clear(&s);
}

static void test_identity_problems_change_nothing(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: a@x.org\nSubject: 1\n\nGAME g1\nPLAYER alice\nPASSWORD wrong\n"));
    free(deliver(f, "From: b@x.org\nSubject: 2\n\nGAME nosuch\nPLAYER alice\nPASSWORD x\n"));
    free(deliver(f, "From: c@x.org\nSubject: 3\n\nGAME g1\nPLAYER zed\nPASSWORD x\n"));
    free(deliver(f, "From: d@x.org\nSubject: 4\n\nGAME g1\nPLAYER alice\n"));
    free(deliver(f, "From: e@x.org\nSubject: 5\n\nBUY 1 BY\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 5);
    /* issue 16: one text for a wrong password, an unknown game and an unknown player: an
     * answer does not tell a stranger which games and players exist */
    const char *same = "The game, the player or the password is not right (which one is not "
                       "said).\nNothing was changed.";
    expect_in(s.body[sent_to(&s, "a@x.org")], same);
    expect_in(s.body[sent_to(&s, "b@x.org")], same);
    expect_in(s.body[sent_to(&s, "c@x.org")], same);
    /* whole lines: the wrapping once left "if" alone on one */
    expect_in(s.body[sent_to(&s, "a@x.org")], "lines of your mail;\nif you have lost your "
                                              "password, write to the game master at");
    expect_in(s.body[sent_to(&s, "d@x.org")], "Your mail has no password");
    expect_in(s.body[sent_to(&s, "e@x.org")], "does not say which game and player");
    sent_clear(&s);
    assert_int_equal(store_audit_count(f->st, "mail_accepted"), 0);
    assert_int_equal(store_audit_count(f->st, "identity_refused"), 4);
}

/* Issue 27 (10): a refusal names the game's GM wherever the game is known — a wrong password,
 * an unknown player, a missing GAME line in a reply to the game's mail — and the notices of
 * a password used elsewhere or guessed do; where the game is not known, the configuration's. */
static void test_refusals_name_the_games_gm(void **state)
{
    struct fixture *f = *state;
    f->c.limits.password_failures = 1;
    assert_int_equal(store_game_set_gm(f->st, f->game_id, "gerd@gm.example", NULL), STORE_OK);
    assert_int_equal(store_game_set_thread(f->st, f->game_id, "root.g1@pbem.test"), STORE_OK);
    free(deliver(f, "From: alice@phone.test\nSubject: 6\n\n" ALICE_OK));
    free(deliver(f, "From: a@x.org\nSubject: 1\n\nGAME g1\nPLAYER alice\nPASSWORD wrong\n"));
    free(deliver(f, "From: c@x.org\nSubject: 3\n\nGAME g1\nPLAYER zed\nPASSWORD x\n"));
    free(deliver(f, "From: d@x.org\nSubject: Re: g1\nIn-Reply-To: <r5@pbem.test>\n"
                    "References: <root.g1@pbem.test> <r5@pbem.test>\n\nPLAYER alice\n"
                    "PASSWORD secret1\n"));
    free(deliver(f, "From: e@x.org\nSubject: 5\n\nGAME nosuch\nPLAYER alice\nPASSWORD x\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    const char *to_gerd = "write to the game master at gerd@gm.example";
    expect_sentence(s.body[sent_to(&s, "a@x.org")], to_gerd);
    expect_sentence(s.body[sent_to(&s, "c@x.org")], to_gerd);
    expect_sentence(s.body[sent_to(&s, "d@x.org")], to_gerd);
    expect_sentence(s.body[sent_to(&s, "e@x.org")],
                    "write to the game master at gm@pbem.test");
    expect_sentence(s.body[sent_to_with(&s, "alice@pbem.test", "wrong passwords were tried")],
                    "tell the game master at gerd@gm.example");
    lines_at_most_78(s.body[sent_to_with(&s, "alice@pbem.test", "wrong passwords were tried")]);
    expect_sentence(s.body[sent_to_with(&s, "alice@pbem.test", "from another address")],
                    "tell the game master at gerd@gm.example");
    for (int i = 0; i < s.n; i++)
        if (strstr(s.raw[i], "To: ") && !strstr(s.raw[i], "To: e@x.org") &&
            strstr(s.body[i], "gm@pbem.test"))
            fail_msg("a mail of game g1 names the configuration's GM:\n%s", s.body[i]);
    sent_clear(&s);
}

/* Issue 16: mail about a player's orders goes to the player's address of record only; a mail
 * from another address, or asking for answers at another (Reply-To), is told to the player. */
static void test_password_from_another_address_tells_the_player(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: Mallory <mallory@pbem.test>\nSubject: x\n\n" ALICE_OK));
    free(deliver(f, "From: Alice <alice@pbem.test>\nReply-To: <eve@pbem.test>\nSubject: y\n\n"
                    ALICE_OK));
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 4); /* two answers and two warnings, all to alice */
    for (int i = 0; i < s.n; i++)
        if (strstr(s.raw[i], "mallory@") && !strstr(s.body[i], "mallory@pbem.test\n"))
            fail_msg("a mail went to mallory:\n%s", s.raw[i]);
    int warned = 0, answered = 0;
    for (int i = 0; i < s.n; i++) {
        if (strstr(s.raw[i], "\r\nTo: eve") || strstr(s.raw[i], "\r\nTo: Mallory") ||
            strstr(s.raw[i], "\r\nTo: mallory"))
            fail_msg("a mail went to a stranger:\n%s", s.raw[i]);
        if (has_sentence(s.body[i], "which is not the address on record for you")) {
            warned++;
            lines_at_most_78(s.body[i]); /* (a text reader's line) */
        }
        answered += strstr(s.body[i], "received from player alice") != NULL;
    }
    assert_int_equal(warned, 2);
    assert_int_equal(answered, 2);
    sent_clear(&s);
    assert_int_equal(store_audit_count(f->st, "password_used_elsewhere"), 2);
}

/* The number of sent mails whose raw text has `having`. */
static int sent_with(const struct sent *s, const char *having)
{
    int n = 0;
    for (int i = 0; i < s->n; i++)
        n += strstr(s->raw[i], having) != NULL;
    return n;
}

/* Issue 27 (4): wrong passwords from a stranger's address lock out the guesser, never the
 * player: alice's own mail, from her address of record with her password, is read at once;
 * mail naming her from other addresses is held back unread and read when the lock ends; the
 * lock-out is audited and the game's GM told once; the player is told. */
static void test_a_lockout_never_refuses_the_players_own_mail(void **state)
{
    struct fixture *f = *state;
    f->c.limits.password_failures = 3;
    util_set_clock(1800000000);
    assert_int_equal(store_game_set_gm(f->st, f->game_id, "gerd@gm.example", NULL), STORE_OK);
    for (int i = 0; i < 3; i++)
        free(deliver(f, "From: m@x.org\nSubject: g\n\nGAME g1\nPLAYER alice\nPASSWORD guess\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    int i = sent_to_with(&s, "alice@pbem.test", "wrong passwords were tried");
    expect_in(s.body[i], "3 wrong passwords were tried for you in game g1");
    expect_in(s.body[i], "m@x.org");
    expect_sentence(s.body[i], "Your own mail, from your address on record with your password, "
                               "is read as always.");
    i = sent_to_with(&s, "gerd@gm.example", "lock-out");
    expect_sentence(s.body[i], "player alice locked out: 3 wrong passwords");
    assert_int_equal(sent_with(&s, "To: gm@pbem.test"), 0);
    sent_clear(&s);
    assert_int_equal(store_audit_count(f->st, "password_lockout"), 1);

    /* her own mail is read at once; from her phone, and another guess, are held unanswered */
    clear_out(f);
    free(deliver(f, "From: alice@pbem.test\nSubject: ok\n\n" ALICE_OK));
    free(deliver(f, "From: alice@phone.test\nSubject: phone\n\n" ALICE_OK));
    free(deliver(f, "From: m@x.org\nSubject: g\n\nGAME g1\nPLAYER alice\nPASSWORD guess2\n"));
    run_once(f);
    collect(f, &s);
    assert_int_equal(s.n, 1);
    expect_in(s.body[0], "received from player alice");
    sent_clear(&s);
    assert_int_equal(store_audit_count(f->st, "mail_accepted"), 1);
    assert_int_equal(store_inbound_count(f->st, "received"), 2); /* kept, to be read */
    assert_int_equal(store_inbound_next_held(f->st), 1800000000 + 15 * 60);
    assert_int_equal(store_auth_failures(f->st, "g1/alice", NULL, 0), 3); /* not checked */

    /* the next pass within the lock reads nothing more; when the lock ends, both are read */
    clear_out(f);
    util_set_clock(1800000000 + 14 * 60);
    run_once(f);
    collect(f, &s);
    assert_int_equal(s.n, 0);
    sent_clear(&s);
    util_set_clock(1800000000 + 15 * 60);
    run_once(f);
    collect(f, &s);
    assert_int_equal(s.n, 3); /* alice's answer, her warning of the other address, the refusal */
    i = sent_to_with(&s, "alice@pbem.test", "received from player alice");
    expect_sentence(s.body[i], "was held back until now unread");
    i = sent_to(&s, "m@x.org");
    expect_in(s.body[i], "The game, the player or the password is not right");
    sent_clear(&s);
    assert_int_equal(store_audit_count(f->st, "mail_accepted"), 2);
    assert_int_equal(store_inbound_count(f->st, "received"), 0);
    assert_int_equal(store_inbound_next_held(f->st), 0);
    assert_int_equal(store_audit_count(f->st, "password_lockout"), 1); /* told once */
}

/* Issue 27 (16): the GM's history shows who sent a refused mail, and the lock-outs. */
static void test_the_history_shows_refused_senders_and_lockouts(void **state)
{
    struct fixture *f = *state;
    f->c.limits.password_failures = 2;
    for (int i = 0; i < 2; i++)
        free(deliver(f, "From: m@x.org\nSubject: g\n\nGAME g1\nPLAYER alice\nPASSWORD guess\n"));
    run_once(f);
    char *out = NULL;
    assert_int_equal(desk(f, "HISTORY", NULL, NULL, &out), 0);
    expect_in(out, "identity_refused");
    expect_in(out, "(a mail from m@x.org)");
    expect_in(out, "password_lockout");
    expect_in(out, "player alice locked out: 2 wrong passwords");
    free(out);
}

/* Issue 27 (4): the guesser is throttled by address: wrong passwords from one address (for
 * any names, or forged as the player's) hold back that address's mail — but the player's own
 * mail with the right password is read all the same, and a wrong password from the player's
 * own address does not lock the player's name. */
static void test_a_guesser_is_throttled_by_address(void **state)
{
    struct fixture *f = *state;
    f->c.limits.sender_password_failures = 3;
    util_set_clock(1800000000);
    /* forged as alice's: counted against her address, not her name */
    for (int i = 0; i < 3; i++)
        free(deliver(f, "From: alice@pbem.test\nReply-To: m@x.org\nSubject: g\n\n"
                        "GAME g1\nPLAYER alice\nPASSWORD guess\n"));
    run_once(f);
    assert_int_equal(store_auth_failures(f->st, "g1/alice", NULL, 0), 0);
    assert_int_equal(store_auth_failures(f->st, NULL, "alice@pbem.test", 0), 3);
    assert_int_equal(store_audit_count(f->st, "password_lockout"), 1);
    clear_out(f);
    free(deliver(f, "From: alice@pbem.test\nSubject: ok\n\n" ALICE_OK));          /* read */
    free(deliver(f, "From: alice@pbem.test\nReply-To: m@x.org\nSubject: g\n\n"
                    "GAME g1\nPLAYER alice\nPASSWORD guess4\n"));                    /* held */
    free(deliver(f, "From: alice@phone.test\nSubject: phone\n\n" ALICE_OK));       /* read */
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(sent_with(&s, "received from player alice"), 2);
    assert_int_equal(sent_with(&s, "To: m@x.org"), 0);
    sent_clear(&s);
    assert_int_equal(store_audit_count(f->st, "mail_accepted"), 2);
    assert_int_equal(store_inbound_count(f->st, "received"), 1);
    /* a stranger trying names from one address is held whatever the names */
    for (int i = 0; i < 3; i++) {
        char *text = str_format("From: m@y.org\nSubject: g\n\nGAME g1\nPLAYER zed%d\n"
                                "PASSWORD x\n", i);
        free(deliver(f, text));
        free(text);
    }
    free(deliver(f, "From: m@y.org\nSubject: g\n\nGAME g1\nPLAYER bob\nPASSWORD x\n"));
    run_once(f);
    assert_int_equal(store_inbound_count(f->st, "received"), 2);
    assert_int_equal(store_audit_count(f->st, "password_lockout"), 2);
}

/* Issue 16: the stored mail keeps no password, plain or encoded. */
static void test_the_stored_mail_keeps_no_password(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: alice@pbem.test\nSubject: p\n\n" ALICE_OK "secret1 is not a word here\n"));
    /* "GAME g1\nPLAYER alice\nPASSWORD secret1\n" in base64 */
    free(deliver(f, "From: alice@pbem.test\nSubject: q\nMIME-Version: 1.0\n"
                    "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
                    "R0FNRSBnMQpQTEFZRVIgYWxpY2UKUEFTU1dPUkQgc2VjcmV0MQo=\n"));
    run_once(f);
    assert_int_equal(store_audit_count(f->st, "mail_accepted"), 2);
    for (int id = 1; id <= 2; id++) {
        char *raw = stored_raw(f, id);
        assert_non_null(raw);
        if (strstr(raw, "PASSWORD secret1") || strstr(raw, "UEFTU1dPUkQgc2VjcmV0MQo"))
            fail_msg("mail %d keeps its password:\n%s", id, raw);
        expect_in(raw, "PASSWORD ********");
        expect_in(raw, "From: alice@pbem.test");
        free(raw);
    }
}

/* Issue 16: a second, different mail under a seen Message-ID is stored and answered. */
static void test_a_corrected_resend_under_one_message_id_is_answered(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: alice@pbem.test\nMessage-ID: <one@pbem.test>\n\n" ALICE_OK "BUY LD\n"));
    free(deliver(f, "From: alice@pbem.test\nMessage-ID: <one@pbem.test>\n\n" ALICE_OK "BUY NF\n"));
    run_once(f);
    assert_int_equal(store_inbound_count(f->st, "answered"), 2);
}

/* Issue 16: answers are rate-limited per address (a loop with a machine that ignores
 * Auto-Submitted ends); the last answer says so; later mails are read, not answered. */
static void test_answers_are_rate_limited(void **state)
{
    struct fixture *f = *state;
    f->c.limits.replies_per_hour = 3;
    for (int i = 0; i < 5; i++)
        free(deliver(f, "From: robot@x.org\nSubject: hi\n\nhello\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 3);
    int last = 0;
    for (int i = 0; i < s.n; i++)
        last += strstr(s.body[i], "This is the last answer for an hour") != NULL;
    assert_int_equal(last, 1);
    sent_clear(&s);
    assert_int_equal(store_inbound_count(f->st, "ignored"), 2);
    util_set_clock(util_now() + 3601);
    free(deliver(f, "From: robot@x.org\nSubject: hi\n\nhello\n"));
    run_once(f);
    assert_int_equal(store_inbound_count(f->st, "answered"), 4);
}

/* The mails waiting in a Maildir's new/ (not yet acknowledged). */
static int waiting_in(const char *maildir)
{
    char *newdir = th_path(maildir, "new");
    DIR *d = opendir(newdir);
    struct dirent *e;
    int left = 0;
    while ((e = readdir(d)) != NULL)
        left += e->d_name[0] != '.';
    closedir(d);
    free(newdir);
    return left;
}

/* Issue 16: a mail of thousands of unknown lines gets an answer of bounded size. */
static void test_an_answer_lists_a_bounded_number_of_errors(void **state)
{
    struct fixture *f = *state;
    buf b;
    buf_init(&b);
    buf_adds(&b, "From: alice@pbem.test\nSubject: junk\n\n" ALICE_OK);
    for (int i = 0; i < 4000; i++)
        buf_printf(&b, "FROBNICATE THE WIDGET NUMBER %d WITH GREAT CARE AND SOME MORE WORDS\n", i);
    free(deliver(f, b.data));
    size_t in = b.len;
    buf_free(&b);
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 1);
    expect_in(s.body[0], "more lines were not taken");
    if (strlen(s.raw[0]) > in / 4)
        fail_msg("an answer of %zu bytes to a mail of %zu", strlen(s.raw[0]), in);
    sent_clear(&s);
}

static void test_redelivered_mail_is_stored_and_answered_once(void **state)
{
    struct fixture *f = *state;
    const char *mail = "From: alice@pbem.test\nMessage-ID: <same@pbem.test>\n\n" ALICE_OK;
    free(deliver(f, mail));
    run_once(f);
    free(deliver(f, mail)); /* the server delivers it again under another name */
    run_once(f);
    /* A crash after the commit but before the ack: the mail is stored, and still in new/. */
    char *name = deliver(f, "From: alice@pbem.test\n\n" ALICE_OK); /* no Message-ID */
    char source[128];
    snprintf(source, sizeof source, "maildir:%s", name);
    const char *raw = "From: alice@pbem.test\n\n" ALICE_OK;
    store_new_mail nm = {source, NULL, NULL, 10, raw, strlen(raw), false};
    assert_int_equal(store_inbound_add(f->st, &nm, NULL), STORE_OK);
    run_once(f);
    run_once(f);
    assert_int_equal(store_inbound_count(f->st, NULL), 2);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 2);
    sent_clear(&s);
    assert_int_equal(waiting_in(f->c.maildir_inbox), 0); /* all acknowledged */
    free(name);
}

/* More mail than one batch holds: every mail stored once and acknowledged. A crash after a
 * batch's commit but before its ack leaves the whole batch stored and still waiting: the next
 * pass recognises each of its mails as known, stores none again and acknowledges them all. */
static void test_mail_comes_in_batches_stored_once(void **state)
{
    struct fixture *f = *state;
    enum { TOTAL = MAIL_BATCH_MAILS + 7, CRASHED = 5 };
    char *names[TOTAL];
    for (int i = 0; i < TOTAL; i++) {
        char *text = str_format("From: bob@pbem.test\nMessage-ID: <b%d@pbem.test>\n\nHELP\n", i);
        names[i] = deliver(f, text);
        free(text);
    }
    assert_int_equal(store_begin(f->st), STORE_OK); /* the first batch's commit, then a crash */
    for (int i = 0; i < CRASHED; i++) {
        char *source = str_format("maildir:%s", names[i]);
        char *id = str_format("b%d@pbem.test", i);
        store_new_mail nm = {source, id, NULL, 10, "x", 1, false};
        assert_int_equal(store_inbound_add(f->st, &nm, NULL), STORE_OK);
        free(source);
        free(id);
    }
    assert_int_equal(store_commit(f->st), STORE_OK);
    assert_int_equal(waiting_in(f->c.maildir_inbox), TOTAL);
    assert_int_equal(fetched(&f->c, f->st, f->src), TOTAL - CRASHED);
    assert_int_equal(store_inbound_count(f->st, NULL), TOTAL);
    assert_int_equal(waiting_in(f->c.maildir_inbox), 0);
    assert_int_equal(fetched(&f->c, f->st, f->src), 0);
    for (int i = 0; i < TOTAL; i++)
        free(names[i]);
}

static void test_machines_and_loops_get_no_answer(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: MAILER-DAEMON@pbem.test\nSubject: Undelivered\n\nbounce\n"));
    free(deliver(f, "From: a@x.org\nAuto-Submitted: auto-replied\nSubject: away\n\nhelp\n"));
    free(deliver(f, "From: a@x.org\nPrecedence: list\n\nhelp\n"));
    free(deliver(f, "From: pbemgm@localhost\nSubject: help\n\nhelp\n")); /* our own */
    free(deliver(f, "From: gm@pbem.test\nSubject: help\n\nhelp\n")); /* issue 13: the GM's */
    /* issue 16: the markers of machines that were answered before */
    free(deliver(f, "From: b@x.org\nReturn-Path: < >\nSubject: x\n\nhelp\n"));
    free(deliver(f, "From: c@x.org\nPrecedence: auto_reply\nSubject: x\n\nhelp\n"));
    free(deliver(f, "From: d@x.org\nX-Autoreply: yes\nSubject: x\n\nhelp\n"));
    free(deliver(f, "From: e@x.org\nReturn-Path: <e@x.org>\nMIME-Version: 1.0\n"
                    "Content-Type: multipart/report; report-type=delivery-status; boundary=b\n\n"
                    "--b\nContent-Type: text/plain\n\nhelp\n--b--\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 1); /* only the GM is answered: the GM is not the daemon */
    sent_to(&s, "gm@pbem.test");
    sent_clear(&s);
    assert_int_equal(store_inbound_count(f->st, "ignored"), 8);
}

static void test_bad_mail_gets_a_clear_answer(void **state)
{
    struct fixture *f = *state;
    f->c.max_message_bytes = 2048;
    char big[6000];
    snprintf(big, sizeof big, "From: big@x.org\nSubject: huge\n\n%s", ALICE_OK);
    size_t n = strlen(big);
    memset(big + n, 'x', sizeof big - n - 2);
    big[sizeof big - 2] = '\n';
    big[sizeof big - 1] = '\0';
    free(deliver(f, big));
    free(deliver(f, "From: bin@x.org\nMIME-Version: 1.0\nContent-Type: application/octet-stream\n"
                    "Content-Transfer-Encoding: base64\n\nAAECAwQFBgcICQ==\n"));
    free(deliver(f, "From: html@x.org\nMIME-Version: 1.0\nContent-Type: text/html\n\n"
                    "<p>GAME g1</p><p>PLAYER alice</p><p>PASSWORD secret1</p>"));
    free(deliver(f, "From: latin@x.org\nContent-Type: text/plain; charset=windows-1252\n\n"
                    "GAME g1\nPLAYER alice\nPASSWORD secret1\nK\xf6ln \x80\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 4 + 2); /* + "password used elsewhere" notices to alice */
    expect_in(s.body[sent_to(&s, "big@x.org")], "more than the 2 KiB");
    expect_in(s.body[sent_to(&s, "bin@x.org")], "no text that could be read");
    /* (answers about a player's orders go to the player's address of record) */
    int html = -1, latin = -1;
    for (int i = 0; i < s.n; i++) {
        if (!strstr(s.raw[i], "\r\nTo: alice <alice@pbem.test>"))
            continue;
        html = strstr(s.body[i], "its HTML was read as text") ? i : html;
        latin = strstr(s.body[i], "\"K\xc3\xb6ln \xe2\x82\xac\" was not taken") ? i : latin;
    }
    assert_true(html >= 0 && latin >= 0 && html != latin);
    expect_in(s.body[html], "received from player alice");
    sent_clear(&s);
    assert_int_equal(store_inbound_count(f->st, "answered"), 4);
}

static void test_a_mail_that_keeps_crashing_is_set_aside(void **state)
{
    struct fixture *f = *state;
    int64_t id;
    store_new_mail nm = {"test:poison", NULL, NULL, 5, "x", 1, false};
    assert_int_equal(store_inbound_add(f->st, &nm, &id), STORE_OK);
    for (int i = 0; i < f->c.max_processing_attempts; i++)
        assert_int_equal(store_inbound_crashed(f->st, id), STORE_OK);
    run_once(f);
    assert_int_equal(store_inbound_count(f->st, "failed"), 1);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 1);
    expect_in(s.body[sent_to(&s, "gm@pbem.test")], "could not process stored mail");
    sent_clear(&s);
}

/* A sink that fails as scripted, to drive the outbox's retry logic. */
struct scripted {
    int results[8];
    int n, calls;
};

static int scripted_send(void *impl, const char *from, const char *const *rcpts, size_t nrcpts,
                         const char *message_id, const char *raw, size_t len, char **err)
{
    (void)from, (void)rcpts, (void)nrcpts, (void)message_id, (void)raw, (void)len;
    struct scripted *s = impl;
    int rc = s->calls < s->n ? s->results[s->calls] : MAIL_SENT;
    s->calls++;
    if (rc != MAIL_SENT)
        *err = strdup(rc == MAIL_SEND_RETRY ? "421 try later" : "550 no such user");
    return rc;
}

static void scripted_close(void *impl)
{
    (void)impl;
}

static void test_outbox_retries_with_backoff_then_sends(void **state)
{
    struct fixture *f = *state;
    static const struct mail_sink_ops ops = {scripted_send, scripted_close};
    struct scripted sc = {{MAIL_SEND_RETRY, MAIL_SEND_RETRY}, 2, 0};
    mail_sink sink = {&ops, &sc};
    util_set_clock(10000);
    mail_outgoing m = {.to_addr = "a@x.org", .subject = "s", .body = "body\n",
                       .auto_submitted = "auto-generated"};
    assert_int_equal(svc_queue_mail(&f->c, f->st, 0, 0, &m).kind, SVC_OK);
    assert_int_equal(sent_due(&f->c, f->st, &sink), 0);
    assert_int_equal(store_outbox_next_time(f->st), 10000 + f->c.retry_base);
    assert_int_equal(sent_due(&f->c, f->st, &sink), 0); /* not due yet */
    assert_int_equal(sc.calls, 1);
    util_set_clock(10000 + f->c.retry_base);
    assert_int_equal(sent_due(&f->c, f->st, &sink), 0);
    assert_int_equal(store_outbox_next_time(f->st), 10000 + 3 * f->c.retry_base); /* doubled */
    util_set_clock(10000 + 3 * f->c.retry_base);
    assert_int_equal(sent_due(&f->c, f->st, &sink), 1);
    assert_int_equal(store_outbox_count(f->st, "sent"), 1);
    assert_int_equal(store_outbox_count(f->st, "pending"), 0);
}

static void test_outbox_gives_up_on_rejection(void **state)
{
    struct fixture *f = *state;
    static const struct mail_sink_ops ops = {scripted_send, scripted_close};
    struct scripted sc = {{MAIL_SEND_REJECTED}, 1, 0};
    mail_sink sink = {&ops, &sc};
    mail_outgoing m = {.to_addr = "nobody@x.org", .subject = "s", .body = "body\n",
                       .auto_submitted = "auto-generated"};
    assert_int_equal(svc_queue_mail(&f->c, f->st, 0, 0, &m).kind, SVC_OK);
    assert_int_equal(svc_queue_mail(&f->c, f->st, 0, 0, &m).kind, SVC_OK);
    assert_int_equal(sent_due(&f->c, f->st, &sink), 1); /* a rejection does not stop */
    assert_int_equal(store_outbox_count(f->st, "failed"), 1);
    assert_int_equal(store_audit_count(f->st, "mail_given_up"), 1);
}

static void test_retry_delay_doubles_to_a_cap(void **state)
{
    struct fixture *f = *state;
    f->c.retry_base = 60;
    f->c.retry_max = 3600;
    assert_int_equal(svc_outbox_retry_delay(&f->c, 0), 60);
    assert_int_equal(svc_outbox_retry_delay(&f->c, 1), 120);
    assert_int_equal(svc_outbox_retry_delay(&f->c, 5), 1920);
    assert_int_equal(svc_outbox_retry_delay(&f->c, 6), 3600);
    assert_int_equal(svc_outbox_retry_delay(&f->c, 100), 3600);
}

/* What a player types under his sign-off or his name is read as his signature (issue 27, 11);
 * an order among it is not lost without a word: the answer names it, not taken. A signature's
 * own lines (a name, a phone number) are not answered as errors. */
static void test_an_order_under_the_signature_is_said(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: Alice Smith <alice@pbem.test>\nSubject: orders\n"
                    "Message-ID: <sig1@pbem.test>\n\nGAME g1\nPLAYER alice\nPASSWORD secret1\n"
                    "BUY NF\n\nThanks,\nBUY M1\nAlice\nTel. 0123 456\n"));
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    const char *a = s.body[sent_to(&s, "alice@pbem.test")];
    expect_sentence(a, "\"BUY M1\" is under your sign-off or your name, where a signature is: it "
                       "was not taken; write your orders above your signature");
    if (strstr(a, "Tel.") || strstr(a, "\"Alice\""))
        fail_msg("a signature's line is answered:\n%s", a);
    expect_in(a, "BUY 1 NF");
    sent_clear(&s);
}

/* A greeting above the orders is dropped (issue 27, 11), but the lines keep their numbers in
 * the player's mail: a refusal names the line he wrote it on. */
static void test_a_greeting_keeps_the_line_numbers(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: alice@pbem.test\nSubject: orders\nMessage-ID: <hi1@pbem.test>\n\n"
                    "Hi,\n\nGAME g1\nPLAYER alice\nPASSWORD secret1\nBUY 1 ZZ\n"));
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    expect_sentence(s.body[sent_to(&s, "alice@pbem.test")],
                    "line 6: this game has no company \"ZZ\"");
    sent_clear(&s);
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_help_is_answered_without_identity),
        T(test_orders_that_are_there_are_found),
        T(test_help_topics),
        cmocka_unit_test_setup_teardown(test_a_greeting_keeps_the_line_numbers, setup_started,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_an_order_under_the_signature_is_said, setup_started,
                                        teardown),
        T(test_accepted_mail_reports_each_line),
        T(test_orders_are_stored_and_listed),
        T(test_identity_problems_change_nothing),
        T(test_password_from_another_address_tells_the_player),
        T(test_refusals_name_the_games_gm),
        T(test_a_lockout_never_refuses_the_players_own_mail),
        T(test_a_guesser_is_throttled_by_address),
        T(test_the_history_shows_refused_senders_and_lockouts),
        T(test_the_stored_mail_keeps_no_password),
        T(test_a_corrected_resend_under_one_message_id_is_answered),
        T(test_answers_are_rate_limited),
        T(test_an_answer_lists_a_bounded_number_of_errors),
        T(test_redelivered_mail_is_stored_and_answered_once),
        T(test_mail_comes_in_batches_stored_once),
        T(test_machines_and_loops_get_no_answer),
        T(test_bad_mail_gets_a_clear_answer),
        T(test_a_mail_that_keeps_crashing_is_set_aside),
        T(test_outbox_retries_with_backoff_then_sends),
        T(test_outbox_gives_up_on_rejection),
        T(test_retry_delay_doubles_to_a_cap),
    };
    return cmocka_run_group_tests_name("inbox", tests, NULL, NULL);
}
