/* The GM's desk (src/service/desk.c, issue 13) by mail and by the service: who the GM is (the
 * game's GM address and password; the daemon's own address apart), STATUS, BECOME, PAUSE and
 * RESUME, REVIEW and RELEASE, ROLLBACK, ADJUST, DEADLINE, BROADCAST; each refusal changes
 * nothing, each change is audited and told. */
#include "mail_fixture.h"
#include "util/buf.h"

static int setup_desk(void **state)
{
    setup_started(state);
    struct fixture *f = *state;
    char *hash = pw_hash("masterpw");
    assert_int_equal(store_game_set_gm(f->st, f->game_id, "master@pbem.test", hash), STORE_OK);
    free(hash);
    return 0;
}

static void mail_from(struct fixture *f, const char *from, const char *text)
{
    char *m = str_format("From: %s\nSubject: desk\nMessage-ID: <d%d@pbem.test>\n\n%s", from,
                         f->seq, text);
    free(deliver(f, m));
    free(m);
}

/* The desk's answer to the GM's mail. */
static char *gm_answer(struct fixture *f)
{
    struct sent s;
    collect(f, &s);
    char *text = strdup(s.body[sent_to(&s, "master@pbem.test")]);
    sent_clear(&s);
    return text;
}


/* Mail from the game's GM is answered (it used to be dropped as the daemon's own); a wrong
 * password or another address changes nothing and is answered with why, never game state. */
static void test_the_gm_by_mail(void **state)
{
    struct fixture *f = *state;
    assert_false(str_ieq(f->c.daemon_address, "master@pbem.test"));
    mail_from(f, "master@pbem.test", "GAME g1\nGM\nPASSWORD masterpw\nSTATUS\nPAUSE\n");
    pass(f);
    char *a = gm_answer(f);
    expect_in(a, "== STATUS");
    expect_in(a, "alice");
    expect_in(a, "Game g1 is paused");
    free(a);
    store_game g = game(f);
    assert_true(g.paused_at > 0);
    store_game_clear(&g);
    clear_out(f);
    mail_from(f, "mallory@pbem.test", "GAME g1\nGM\nPASSWORD masterpw\nRESUME\n");
    mail_from(f, "master@pbem.test", "GAME g1\nGM\nPASSWORD guess\nRESUME\n");
    pass(f);
    struct sent s;
    collect(f, &s);
    const char *m = s.body[sent_to(&s, "mallory@pbem.test")];
    expect_in(m, "The game, your address or the GM password is not right");
    if (strstr(m, "alice"))
        fail_msg("the refusal shows game state:\n%s", m);
    expect_in(s.body[sent_to(&s, "master@pbem.test")], "The game, your address or the GM password is not right");
    sent_clear(&s);
    g = game(f);
    assert_true(g.paused_at > 0); /* still paused */
    store_game_clear(&g);
}

/* PAUSE: no deadline runs and PROCESS refuses, saying why; RESUME gives the time back. */
static void test_pause_and_resume(void **state)
{
    struct fixture *f = *state;
    char *out;
    assert_int_equal(desk(f, "PAUSE", "holidays", NULL, &out), 0);
    free(out);
    util_set_clock(1800000000 + 100 * 3600); /* past the deadline */
    assert_int_equal(pass(f), 0);
    assert_int_equal(desk(f, "PROCESS", NULL, NULL, &out), 1);
    expect_in(out, "is paused");
    free(out);
    assert_int_equal(desk(f, "RESUME", NULL, NULL, &out), 0);
    free(out);
    store_game g = game(f);
    assert_int_equal(g.turn, 1);
    assert_true(g.deadline_at == 1800000000 + 72 * 3600 + 100 * 3600);
    store_game_clear(&g);
}

/* REVIEW ON: the resolved turn's reports are held, the GM's copy says so and lists the rulings;
 * RELEASE sends them. */
static void test_review_and_release(void **state)
{
    struct fixture *f = *state;
    char *out;
    assert_int_equal(desk(f, "REVIEW ON", NULL, NULL, &out), 0);
    free(out);
    clear_out(f);
    assert_int_equal(desk(f, "PROCESS", NULL, NULL, &out), 0);
    expect_in(out, "held for your review");
    free(out);
    pass(f);
    struct sent s;
    collect(f, &s);
    expect_in(s.body[sent_to_with(&s, "master@pbem.test", "held for your review")],
              "HELD FOR YOUR REVIEW");
    expect_in(s.body[sent_to_with(&s, "master@pbem.test", "held for your review")],
              "rulings to look at");
    for (int i = 0; i < s.n; i++)
        if (strstr(s.raw[i], "To: alice"))
            fail_msg("alice got the held report");
    sent_clear(&s);
    clear_out(f);
    assert_int_equal(desk(f, "PROCESS", NULL, NULL, &out), 1); /* the next waits for release */
    expect_in(out, "RELEASE it first");
    free(out);
    assert_int_equal(desk(f, "RELEASE", NULL, NULL, &out), 0);
    free(out);
    pass(f);
    collect(f, &s);
    expect_in(s.body[sent_to(&s, "alice@pbem.test")], "Game g1, turn 1");
    sent_clear(&s);
}

/* Issue 27, 8: RELEASE renders the held report afresh — the deadline is the one that starts at
 * the release (not the one computed when the turn was held, in the past after a long hold), the
 * GM's corrections made during the review are in it (and not told again in the next report) —
 * and an acknowledgement during the hold says the turn is in review and tries nothing on the
 * game, which already holds the held turn. */
static void test_release_renders_the_report_afresh(void **state)
{
    struct fixture *f = *state;
    char *out;
    assert_int_equal(desk(f, "REVIEW ON", NULL, NULL, &out), 0);
    free(out);
    mail_orders(f, "alice", "secret1", "BUY NF\n");
    pass(f);
    assert_int_equal(desk(f, "PROCESS", NULL, NULL, &out), 0);
    free(out);
    util_set_clock(1800000000 + 200 * 3600); /* a long review */
    assert_int_equal(desk(f, "ADJUST CASH bob +37", "a payment was missed", NULL, &out), 0);
    expect_in(out, "in the held report when you RELEASE it");
    free(out);
    store_game g = game(f);
    svc_game sg;
    assert_int_equal(svc_game_load(f->st, &g, &sg).kind, SVC_OK);
    int bob_cash = sg.g->players[1].cash;
    svc_game_unload(&sg);
    store_game_clear(&g);
    clear_out(f);
    mail_orders(f, "alice", "secret1", "BUY M1\n"); /* during the hold */
    pass(f);
    struct sent s;
    collect(f, &s);
    const char *ack = s.body[sent_to(&s, "alice@pbem.test")];
    expect_sentence(ack, "turn 1 is resolved and its report is with the game master for review");
    expect_in(ack, "M1");
    if (strstr(ack, "would be carried out") || strstr(ack, "would not be carried out") ||
        strstr(ack, "due by"))
        fail_msg("the acknowledgement during the hold tells the held turn:\n%s", ack);
    sent_clear(&s);
    clear_out(f);
    assert_int_equal(desk(f, "RELEASE", NULL, NULL, &out), 0);
    free(out);
    pass(f);
    collect(f, &s);
    char deadline[64], stale[64], cash[32];
    svc_format_time(1800000000 + 200 * 3600 + 72 * 3600, deadline, sizeof deadline);
    svc_format_time(1800000000 + 72 * 3600, stale, sizeof stale);
    snprintf(cash, sizeof cash, "You: cash %d,", bob_cash);
    for (int i = 0; i < 3; i++) {
        const char *to = i == 0 ? "alice@pbem.test" : i == 1 ? "bob@pbem.test" : "carol@pbem.test";
        const char *r = s.body[sent_to(&s, to)];
        expect_in(r, "Game g1, turn 1");
        expect_sentence(r, deadline);
        if (strstr(r, stale))
            fail_msg("the released report has the deadline of the hold (%s):\n%s", stale, r);
        expect_in(r, "correction: CASH bob +37 - a payment was missed");
    }
    const char *r = s.body[sent_to(&s, "bob@pbem.test")];
    expect_in(r, "The report for bob");
    expect_sentence(r, cash); /* bob's cash with the correction */
    expect_in(s.body[sent_to(&s, "alice@pbem.test")], "Your orders and what became of them");
    expect_in(s.body[sent_to(&s, "alice@pbem.test")], "\"BUY 1 NF\": carried out");
    sent_clear(&s);
    clear_out(f);
    assert_int_equal(desk(f, "REVIEW OFF", NULL, NULL, &out), 0);
    free(out);
    assert_int_equal(desk(f, "PROCESS", NULL, NULL, &out), 0); /* turn 2 */
    free(out);
    pass(f);
    collect(f, &s);
    r = s.body[sent_to(&s, "alice@pbem.test")];
    expect_in(r, "Game g1, turn 2");
    if (strstr(r, "CASH bob +37"))
        fail_msg("the correction told on release is told again:\n%s", r);
    sent_clear(&s);
}

/* Issue 27, 9: a replacement player gets what a new player needs — the welcome says the seat,
 * the turn and its deadline, and the last report made for the new player follows (the holdings
 * of the seat, the orders' fates, the order form in the new name); before the first report,
 * the game's opening mail. */
static void test_a_replacement_gets_what_a_new_player_needs(void **state)
{
    struct fixture *f = *state;
    char *out;
    assert_int_equal(desk(f, "REPLACE carol erin erin@pbem.test", NULL, NULL, &out), 0);
    free(out);
    pass(f);
    struct sent s;
    collect(f, &s);
    expect_sentence(s.body[sent_to_with(&s, "erin@pbem.test", "welcome to the game")],
                    "You take seat 3, until now carol's, in a game under way: it is at turn 1");
    expect_in(s.body[sent_to_with(&s, "erin@pbem.test", "the game begins")], "PLAYER erin");
    sent_clear(&s);
    clear_out(f);
    mail_orders(f, "bob", "secret2", "BUY NF\n");
    pass(f);
    assert_int_equal(desk(f, "PROCESS", NULL, NULL, &out), 0);
    free(out);
    pass(f);
    clear_out(f);
    assert_int_equal(desk(f, "REPLACE bob dave dave@pbem.test", NULL, NULL, &out), 0);
    free(out);
    pass(f);
    collect(f, &s);
    store_game g = game(f);
    char when[64];
    svc_format_time(g.deadline_at, when, sizeof when);
    store_game_clear(&g);
    const char *welcome = s.body[sent_to_with(&s, "dave@pbem.test", "welcome to the game")];
    expect_in(welcome, "Your password is:");
    char *sentence = str_format("You take seat 2, until now bob's, in a game under way: it is at "
                                "turn 2, and orders for it are due by %s.", when);
    expect_sentence(welcome, sentence);
    free(sentence);
    expect_sentence(welcome, "A copy of the report of turn 1, made for you, comes in a mail of "
                             "its own.");
    expect_in(welcome, "REPORT");
    lines_at_most_78(welcome);
    const char *copy = s.body[sent_to_with(&s, "dave@pbem.test", "(a copy)")];
    expect_in(copy, "The report for dave");
    expect_in(copy, "Your holdings:");
    expect_in(copy, "\"BUY 1 NF\": carried out"); /* the seat's orders */
    expect_in(copy, "PLAYER dave");
    expect_sentence(copy, when);
    sent_clear(&s);
}

/* BECOME: the GM enters a player's orders; the player is told; ORDERS shows them. */
static void test_become(void **state)
{
    struct fixture *f = *state;
    mail_from(f, "master@pbem.test", "GAME g1\nGM\nPASSWORD masterpw\nBECOME bob\nBUY M1\n"
                                     "ORDERS bob\nBECOME carol\nBUY NOTHING\n");
    pass(f);
    struct sent s;
    collect(f, &s);
    const char *a = s.body[sent_to(&s, "master@pbem.test")];
    expect_in(a, "Orders entered for bob");
    expect_in(a, "# g1, turn 1, bob: orders sent\nBUY 1 M1");
    expect_in(a, "Not done: BECOME carol: line 1");
    expect_in(s.body[sent_to(&s, "bob@pbem.test")], "The game master entered orders for bob");
    /* issue 27, defect 14: the mail had no verdicts */
    expect_in(s.body[sent_to(&s, "bob@pbem.test")], "    BUY 1 M1\n        would be carried out now");
    sent_clear(&s);
}

/* House rule 14 read one way: alice's ONE ROUND limits the turn, so the orders the GM enters for
 * bob are checked as the turn will play them — one round, the start packet — and M1's tile,
 * which only a second round would reach, is not said to be carried out (the BECOME check read
 * only bob's own ONE ROUND, and tried two rounds). */
static void test_become_reads_any_players_one_round(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "BUY NF\nONE ROUND\n");
    pass(f);
    clear_out(f);
    mail_from(f, "master@pbem.test", "GAME g1\nGM\nPASSWORD masterpw\nBECOME bob\nBUY M1\n"
                                     "M1:\nNO TILE\n");
    pass(f);
    struct sent s;
    collect(f, &s);
    const char *b = s.body[sent_to(&s, "bob@pbem.test")];
    expect_in(b, "    BUY 1 M1\n        would be carried out now");
    expect_in(b, "    M1: NO TILE\n        not checked");
    sent_clear(&s);
}

/* ROLLBACK: back to the start of a turn; the cut actions kept in the audit; players told. */
static void test_rollback(void **state)
{
    struct fixture *f = *state;
    char *out;
    assert_int_equal(desk(f, "PROCESS", NULL, NULL, &out), 0);
    free(out);
    assert_int_equal(desk(f, "ROLLBACK 1", NULL, NULL, &out), 1); /* a reason is needed */
    expect_in(out, "needs a reason");
    free(out);
    assert_int_equal(desk(f, "ROLLBACK 2", "x", NULL, &out), 1); /* not resolved yet */
    free(out);
    store_player before = {0};
    assert_int_equal(store_player_find(f->st, f->game_id, "alice", &before), STORE_OK);
    assert_int_equal(before.nmr_count, 1); /* turn 1 was an NMR */
    store_player_clear(&before);
    clear_out(f);
    assert_int_equal(desk(f, "ROLLBACK 1 alice's mail was lost", NULL, NULL, &out), 0);
    free(out);
    store_game g = game(f);
    assert_int_equal(g.turn, 1);
    store_game_clear(&g);
    assert_int_equal(store_audit_count(f->st, "rollback_cut"), 1);
    store_player alice = {0};
    assert_int_equal(store_player_find(f->st, f->game_id, "alice", &alice), STORE_OK);
    assert_int_equal(alice.nmr_count, 0); /* the undone turn's NMR is given back */
    store_player_clear(&alice);
    pass(f);
    struct sent s;
    collect(f, &s);
    expect_sentence(s.body[sent_to_with(&s, "alice@pbem.test", "rolled back")], "alice's mail was lost");
    sent_clear(&s);
    svc_game sg;
    g = game(f);
    assert_int_equal(svc_game_load(f->st, &g, &sg).kind, SVC_OK);
    assert_int_equal(sg.g->round, ENG_ROUND_START); /* the packet is unsold again */
    svc_game_unload(&sg);
    store_game_clear(&g);
}

/* ADJUST: an audited correction as an action of the log (it replays); a bad one changes
 * nothing; the next report tells it with the reason. */
static void test_adjust(void **state)
{
    struct fixture *f = *state;
    char *out;
    store_game g = game(f);
    svc_game sg;
    assert_int_equal(svc_game_load(f->st, &g, &sg).kind, SVC_OK);
    int cash = sg.g->players[0].cash;
    svc_game_unload(&sg);
    assert_int_equal(desk(f, "ADJUST CASH alice +50 a payment was missed", NULL, NULL, &out), 0);
    free(out);
    assert_int_equal(desk(f, "ADJUST CASH alice -99999 too much", NULL, NULL, &out), 1);
    expect_in(out, "leaves");
    free(out);
    assert_int_equal(desk(f, "ADJUST PRICE BY 999 no such square", NULL, NULL, &out), 1);
    free(out);
    assert_int_equal(desk(f, "ADJUST TILE A1 9 0", NULL, NULL, &out), 1); /* no reason */
    free(out);
    assert_int_equal(svc_game_load(f->st, &g, &sg).kind, SVC_OK);
    assert_int_equal(sg.g->players[0].cash, cash + 50);
    svc_game_unload(&sg);
    clear_out(f);
    util_set_clock(util_now() + 60);
    assert_int_equal(desk(f, "PROCESS", NULL, NULL, &out), 0);
    free(out);
    pass(f);
    struct sent s;
    collect(f, &s);
    const char *r = s.body[sent_to(&s, "alice@pbem.test")];
    expect_in(r, "The game master's corrections");
    expect_in(r, "correction: CASH alice +50 - a payment was missed");
    sent_clear(&s);
    store_game_clear(&g);
    /* issue 27, defect 14: a pause, a resume and a deadline are no corrections (house rule 15):
     * the report tells them apart */
    assert_int_equal(desk(f, "PAUSE a holiday", NULL, NULL, &out), 0);
    free(out);
    assert_int_equal(desk(f, "RESUME", NULL, NULL, &out), 0);
    free(out);
    clear_out(f);
    assert_int_equal(desk(f, "PROCESS", NULL, NULL, &out), 0);
    free(out);
    pass(f);
    collect(f, &s);
    r = s.body[sent_to_with(&s, "alice@pbem.test", "Subject: g1: turn 2")];
    if (strstr(r, "The game master's corrections"))
        fail_msg("a pause is told as a correction:\n%s", r);
    expect_in(r, "What the game master did since the last report");
    sent_clear(&s);
}

/* DEADLINE moves this turn's deadline and tells the players; BROADCAST mails everyone. */
static void test_deadline_and_broadcast(void **state)
{
    struct fixture *f = *state;
    char *out;
    assert_int_equal(desk(f, "DEADLINE 2027-13-01 10:00 bad", NULL, NULL, &out), 1);
    free(out);
    assert_int_equal(desk(f, "DEADLINE 2030-02-30 10:00 no such day", NULL, NULL, &out), 1);
    expect_in(out, "YYYY-MM-DD HH:MM");
    free(out);
    assert_int_equal(desk(f, "DEADLINE 2030-01-02 10:00 the holidays", NULL, NULL, &out), 0);
    free(out);
    store_game g = game(f);
    assert_int_equal(g.deadline_at, 1893578400);
    store_game_clear(&g);
    assert_int_equal(desk(f, "BROADCAST", NULL, "Welcome to g1!\n", &out), 0);
    free(out);
    pass(f);
    struct sent s;
    collect(f, &s);
    expect_sentence(s.body[sent_to_with(&s, "carol@pbem.test", "deadline moves")], "the holidays");
    lines_at_most_78(s.body[sent_to_with(&s, "carol@pbem.test", "deadline moves")]); /* issue 27 */
    expect_in(s.body[sent_to_with(&s, "carol@pbem.test", "a message from")], "Welcome to g1!");
    sent_clear(&s);
}

/* BROADCAST by mail: the message is the rest of the mail, its paragraphs kept; PREVIEW by mail
 * answers with the turn's report, and nothing is resolved. */
static void test_broadcast_and_preview_by_mail(void **state)
{
    struct fixture *f = *state;
    mail_from(f, "master@pbem.test", "GAME g1\nGM\nPASSWORD masterpw\nPREVIEW\nBROADCAST\n"
                                     "Hello all,\n\nthe second paragraph.\nSTATUS is a word here.\n");
    pass(f);
    struct sent s;
    collect(f, &s);
    expect_in(s.body[sent_to(&s, "master@pbem.test")], "PREVIEW of turn 1");
    expect_in(s.body[sent_to(&s, "carol@pbem.test")],
              "Hello all,\n\nthe second paragraph.\nSTATUS is a word here.");
    sent_clear(&s);
    store_game g = game(f);
    assert_int_equal(g.turn, 1);
    store_game_clear(&g);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup_desk, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_the_gm_by_mail), T(test_pause_and_resume), T(test_review_and_release),
        T(test_release_renders_the_report_afresh),
        T(test_a_replacement_gets_what_a_new_player_needs),
        T(test_become),         T(test_become_reads_any_players_one_round),
        T(test_rollback),         T(test_adjust),
        T(test_deadline_and_broadcast), T(test_broadcast_and_preview_by_mail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
