/* Scenario tests for play by mail (src/daemon/play.c): orders mailed in through the Maildir
 * transport, the store and the order parser; turns resolved when every player has sent orders
 * or at the deadline; reports mailed to every player and the GM; reminders; NMRs (house
 * rule 13); a player revising orders; a mail for a past turn. */
#include "mail_fixture.h"
#include "util/buf.h"

#include <unistd.h>

static int game_turn(struct fixture *f)
{
    store_game g = game(f);
    int turn = g.turn;
    store_game_clear(&g);
    return turn;
}

static store_player player(struct fixture *f, const char *name)
{
    store_player p = {0};
    assert_int_equal(store_player_find(f->st, f->game_id, name, &p), STORE_OK);
    return p;
}

/* Every player's orders are in: the turn waits the game's grace period (15 minutes after the
 * last mail), then is resolved. */
static void resolved_after_grace(struct fixture *f)
{
    assert_int_equal(pass(f), 0);
    util_set_clock(util_now() + 14 * 60);
    assert_int_equal(pass(f), 0);
    util_set_clock(util_now() + 60);
    assert_int_equal(pass(f), 1);
}

/* Every player sends these orders, and the turn is resolved after the grace period. */
static void all_send(struct fixture *f, const char *alice, const char *bob, const char *carol)
{
    mail_orders(f, "alice", "secret1", alice);
    mail_orders(f, "bob", "secret2", bob);
    mail_orders(f, "carol", "secret2", carol);
    resolved_after_grace(f);
}

/* The stored report of turn 1 says this. */
static char *report_of_turn_1(struct fixture *f, const char *says)
{
    char *report = NULL;
    assert_int_equal(store_turn_report(f->st, f->game_id, 1, &report), STORE_OK);
    expect_in(report, says);
    return report;
}

/* The mails with this subject; each player and the GM gets one. */
static int count_subject(const struct sent *s, const char *subject, int *last)
{
    int n = 0;
    for (int i = 0; i < s->n; i++)
        if (strstr(s->raw[i], subject))
            n++, *last = i;
    return n;
}

static void clear_outbox_dir(struct fixture *f)
{
    char *newdir = th_path(f->c.maildir_outbox, "new");
    DIR *d = opendir(newdir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.') {
            char *p = th_path(newdir, e->d_name);
            unlink(p);
            free(p);
        }
    if (d)
        closedir(d);
    free(newdir);
}

/* A turn is resolved as soon as every player has sent orders: the start packet's purchases are
 * made in seating order, the report goes to the three players and the GM, the game is at turn 2,
 * and the actions are the game's log. */
static void test_turn_resolves_when_all_orders_are_in(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "TURN 1\nBUY NF\nPASS\n");
    mail_orders(f, "bob", "secret2", "BUY M1\n");
    assert_int_equal(pass(f), 0); /* carol has not sent orders yet */
    assert_int_equal(game_turn(f), 1);
    mail_orders(f, "carol", "secret2", "BUY LD ELSE PASS\n");
    resolved_after_grace(f);
    assert_int_equal(game_turn(f), 2);
    struct sent s;
    collect(f, &s);
    int at = -1;
    assert_int_equal(count_subject(&s, "Subject: g1: turn 1\r\n", &at), 4);
    expect_in(s.body[at], "Game g1, turn 1");
    expect_in(s.body[at], "alice buys NF for");
    expect_in(s.body[at], "bob buys M1 for");
    expect_in(s.body[at], "carol buys LD for");
    expect_in(s.body[at], "== Turn 2: orders are due by");
    int a = sent_to_with(&s, "alice@pbem.test", "Subject: g1: turn 1\r\n");
    expect_in(s.body[a], "PLAYER alice\n"); /* the form filled in for her */
    expect_in(s.body[a], "TURN 2\n");
    int gm = sent_to_with(&s, "gm@pbem.test", "Subject: g1: turn 1\r\n");
    if (strstr(s.body[gm], "PASSWORD your-password"))
        fail_msg("the GM's copy carries a player's form:\n%s", s.body[gm]);
    sent_clear(&s);
    free(report_of_turn_1(f, "alice buys NF"));
}

/* A player revising orders: the later mail's stock-round orders replace the earlier ones; the
 * turn is resolved with the revision. */
static void test_a_player_revises_orders(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "BUY NF\n");
    all_send(f, "BUY M1\n", "PASS\n", "PASS\n");
    char *report = report_of_turn_1(f, "alice buys M1");
    if (strstr(report, "alice buys NF"))
        fail_msg("the earlier orders were carried out:\n%s", report);
    free(report);
}

/* A mail for a turn that is over changes nothing: it is answered with why. */
static void test_a_mail_for_a_past_turn(void **state)
{
    struct fixture *f = *state;
    all_send(f, "PASS\n", "PASS\n", "PASS\n");
    clear_outbox_dir(f);
    mail_orders(f, "alice", "secret1", "TURN 1\nBUY NF\n");
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    int i = sent_to(&s, "alice@pbem.test");
    expect_sentence(s.body[i], "your mail is for turn 1, but the game is at turn 2: that turn is "
                               "over; nothing was changed");
    sent_clear(&s);
    store_player a = player(f, "alice");
    assert_int_equal(store_orders_count(f->st, f->game_id, a.id, 2), 0);
    store_player_clear(&a);
    assert_int_equal(game_turn(f), 2);
}

/* Players without orders are reminded once, some hours before the deadline; at the deadline the
 * turn is resolved without them. House rule 13: "In the event of a second NMR, a replacement
 * player will be found" — the first NMR is counted and the game plays for the player; at the
 * second the seat is marked and everyone, the GM included, is told. */
static void test_reminders_and_nmrs(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "BUY NF\n");
    util_set_clock(1800000000 + 47 * 3600); /* 25 hours before the deadline: not yet */
    assert_int_equal(pass(f), 0);
    struct sent s;
    int at = -1;
    collect(f, &s);
    assert_int_equal(count_subject(&s, "your orders for turn 1", &at), 0);
    sent_clear(&s);
    util_set_clock(1800000000 + 49 * 3600); /* 23 hours before */
    assert_int_equal(pass(f), 0);
    assert_int_equal(pass(f), 0);
    collect(f, &s);
    assert_int_equal(count_subject(&s, "your orders for turn 1", &at), 2); /* bob, carol; once */
    expect_in(s.body[at], "The turn is resolved at");
    sent_clear(&s);
    util_set_clock(1800000000 + 72 * 3600);
    assert_int_equal(pass(f), 1);
    collect(f, &s);
    assert_int_equal(count_subject(&s, "Subject: g1: turn 1\r\n", &at), 4);
    expect_in(s.body[at], "bob sent no orders this turn: NMR number 1 (house rule 13)");
    expect_in(s.body[at], "No orders from carol this turn (NMR)");
    sent_clear(&s);
    store_player c = player(f, "carol");
    assert_int_equal(c.nmr_count, 1);
    assert_false(c.seat_open);
    store_player_clear(&c);
    /* the second NMR: the seat needs a replacement */
    clear_outbox_dir(f);
    mail_orders(f, "alice", "secret1", "PASS\n");
    util_set_clock(1800000000 + 2 * 72 * 3600 + 60);
    assert_int_equal(pass(f), 1);
    collect(f, &s);
    assert_int_equal(count_subject(&s, "Subject: g1: turn 2\r\n", &at), 4);
    expect_in(s.body[at], "Seat 3 (carol) needs a replacement player after a second NMR");
    expect_in(s.body[sent_to_with(&s, "gm@pbem.test", "Subject: g1: turn 2\r\n")],
              "pbemgm player replace g1 carol NEWNAME NEWADDRESS");
    if (strstr(s.body[sent_to_with(&s, "alice@pbem.test", "Subject: g1: turn 2\r\n")],
               "pbemgm player"))
        fail_msg("a player's copy shows a shell command");
    sent_clear(&s);
    c = player(f, "carol");
    assert_int_equal(c.nmr_count, 2);
    assert_true(c.seat_open);
    /* the replacement takes the seat with a clean record */
    char *hash = pw_hash("fresh-1");
    assert_int_equal(store_player_replace(f->st, c.id, "dave", "dave@pbem.test", hash), STORE_OK);
    store_player_clear(&c);
    free(hash);
    store_player d = player(f, "dave");
    assert_int_equal(d.seat, 3);
    assert_int_equal(d.nmr_count, 0);
    assert_false(d.seat_open);
    store_player_clear(&d);
}

/* House rule 14: "Players may request one round" — ONE ROUND in any player's orders limits the
 * turn to one round. */
static void test_one_round_requested(void **state)
{
    struct fixture *f = *state;
    all_send(f, "BUY NF\nONE ROUND\n", "BUY M1\n", "BUY LD\n");
    char *report = report_of_turn_1(f, "carol buys LD");
    struct sent s;
    int at = -1;
    collect(f, &s);
    assert_int_equal(count_subject(&s, "Subject: g1: turn 1\r\n", &at), 4);
    expect_in(s.body[at], "Game g1, turn 1: the start packet\n");
    sent_clear(&s);
    free(report);
}

/* Issue 27, defect 6: one player's ONE ROUND voided the others' company orders without a word
 * (acknowledged "would be carried out now", then "M1 did not operate in this turn"). The
 * acknowledgements after it say the turn will cover one round and who asked; the report says it
 * covered one round and why the orders were not reached. */
static void test_one_round_is_told_to_everyone(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "BUY NF\nONE ROUND\n");
    assert_int_equal(pass(f), 0);
    clear_out(f);
    mail_orders(f, "bob", "secret2", "BUY M1\nM1:\nNO TILE\n");
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    int i = sent_to(&s, "bob@pbem.test");
    expect_sentence(s.body[i], "(this turn will cover one round only, as alice asked: ONE ROUND, "
                               "house rule 14; orders for the rounds after it will not be reached)");
    sent_clear(&s);
    mail_orders(f, "carol", "secret2", "BUY LD\n");
    clear_out(f);
    resolved_after_grace(f);
    collect(f, &s);
    i = sent_to_with(&s, "bob@pbem.test", "Subject: g1: turn 1");
    expect_sentence(s.body[i], "This turn covered one round only, as alice asked (ONE ROUND, house "
                               "rule 14): orders for the rounds after it were not reached.");
    expect_sentence(s.body[i], "\"M1: NO TILE\": not carried out: M1 did not operate in this "
                               "turn: the turn covered one round, as alice asked (ONE ROUND, "
                               "house rule 14)");
    sent_clear(&s);
}

/* The acknowledgement: lines naming what the game does not have are refused; provisional checks
 * against the board now, and the deadline. */
static void test_acknowledgement_checks_and_deadline(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "BUY NF\nBUY 1 ZZ\nBY:\nLAY 9 ON M13 ROT 0\nRUN BEST\n"
                                       "LAY 999 ON M13\nIF TRAIN 9 AVAILABLE THEN BUY TRAIN 4\n"
                                       "USE pfb\nSTOCK:\nSELL BY\nXY:\nRUN BEST\nFLY TO MOON\n");
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    int i = sent_to(&s, "alice@pbem.test");
    expect_in(s.body[i], "line 5: this game has no company \"ZZ\"; this line was not taken");
    /* an order under an unknown company's section says so (the section's line is no order) */
    expect_sentence(s.body[i], "line 15: this game has no company \"XY\": did you mean \"BY\"? "
                               "(the section \"XY:\" this line is in); this line was not taken");
    /* the refused lines in the mail's order (the parser's refusals were listed first) */
    const char *l10 = strstr(s.body[i], "line 10:"), *l15 = strstr(s.body[i], "line 15:"),
               *l16 = strstr(s.body[i], "line 16: \"FLY\" is not an order");
    assert_true(l10 && l15 && l16 && l10 < l15 && l15 < l16);
    expect_in(s.body[i], "line 9: this game has no tile \"999\"");
    expect_in(s.body[i], "line 10: this game has no train \"9\"");
    expect_in(s.body[i], "    BY: USE PfB\n"); /* PfB, in any case, as the title writes it */
    if (strstr(s.body[i], "ZZ\n"))
        fail_msg("a refused line was stored:\n%s", s.body[i]);
    expect_in(s.body[i], "(each tried now on a copy of the game, the other players passing");
    expect_in(s.body[i], "    BUY 1 NF\n        would be carried out now\n");
    expect_in(s.body[i], "    BY: LAY 9 ON M13 ROT 0\n        not checked: it comes after moves of "
                         "the other players\n        (you do not direct BY now");
    expect_in(s.body[i], "Orders for this turn are due by 2027-01-18 ");
    /* a long reason wrapped, as every line of the answer, for a text-only reader */
    expect_sentence(s.body[i], "SELL 1 BY would not be carried out now: nothing can be sold during "
                               "the start packet; that turn counts as a pass (house rule 19)");
    lines_at_most_78(s.body[i]);
    sent_clear(&s);
}

/* House rule 19, through the mail: carol's first order cannot be carried out (MS is not for
 * sale), so her first turn is a pass and her next order waits for her next turn — after bob's
 * and alice's purchases (carol acts first in this game). */
static void test_hr19_by_mail(void **state)
{
    struct fixture *f = *state;
    all_send(f, "BUY NF\n", "BUY M1\n", "BUY 20% MS\nBUY LD\n");
    char *report = report_of_turn_1(f, "nothing else is done in its place (house rule 19)");
    const char *nf = strstr(report, "alice buys NF"), *ld = strstr(report, "carol buys LD");
    assert_non_null(nf);
    assert_non_null(ld);
    assert_true(nf < ld);
    free(report);
}

/* Plays the engine forward and writes the actions to the game's log, as turns would have: every
 * player in turn buys the first start-packet item the rules allow, or passes; then BY's
 * operating turn is reached (Clemens: BY floats with the packet). */
static void play_to_by_operating(struct fixture *f)
{
    store_game sg = game(f);
    svc_game dg;
    char why[256];
    svc_result loaded = svc_game_load(f->st, &sg, &dg);
    if (loaded.kind != SVC_OK)
        fail_msg("%s", loaded.text);
    eng_game *g = dg.g;
    int by = eng_company_index(dg.t, "BY");
    for (int step = 0; step < 200 && !(g->round == ENG_ROUND_OPERATING && g->operating == by);
         step++) {
        eng_action legal[256];
        int n = eng_legal_actions(g, legal, 256), pick = n - 1; /* the last is PASS or DONE */
        for (int k = 0; k < n; k++)
            if (legal[k].kind == ENG_ACT_BUY_ITEM) {
                pick = k;
                break;
            }
        if (g->round == ENG_ROUND_OPERATING)
            for (int k = 0; k < n; k++)
                if (legal[k].kind == ENG_ACT_DONE)
                    pick = k;
        char *json = eng_action_to_json(g, &legal[pick]);
        assert_int_equal(eng_apply(g, &legal[pick], why, sizeof why), 0);
        assert_int_equal(store_action_append(f->st, f->game_id, 1, json), STORE_OK);
        free(json);
    }
    assert_int_equal(g->operating, by);
    svc_game_unload(&dg);
    store_game_clear(&sg);
}

static const char *by_director(struct fixture *f)
{
    static char name[32];
    store_game sg = game(f);
    svc_game dg;
    svc_result loaded = svc_game_load(f->st, &sg, &dg);
    if (loaded.kind != SVC_OK)
        fail_msg("%s", loaded.text);
    snprintf(name, sizeof name, "%s",
             dg.players[dg.g->co[eng_company_index(dg.t, "BY")].director].name);
    svc_game_unload(&dg);
    store_game_clear(&sg);
    return name;
}

/* BY's director sends these orders, every other player PASS; the turn is resolved at once. */
static void director_sends(struct fixture *f, const char *dir, const char *orders)
{
    all_send(f, strcmp(dir, "alice") ? "PASS\n" : orders, strcmp(dir, "bob") ? "PASS\n" : orders,
             strcmp(dir, "carol") ? "PASS\n" : orders);
}

/* House rules 17 and 16, through the mail: BY's impossible lay, with no train to earn from any
 * tile, gives way to track towards the nearest place it does not reach (the next turns' income);
 * the state rebuilt from the log afterwards shows the train BY bought.
 * In the next turn BY runs: its PAY OUT and WITHHOLD, both unconditional, are ambiguous — not
 * carried out, and not an NMR. */
static void test_hr17_and_hr16_by_mail(void **state)
{
    struct fixture *f = *state;
    play_to_by_operating(f);
    const char *dir = by_director(f);
    director_sends(f, dir, "BY:\nLAY 9 ON A11 ROT 0\nNO STATION\nPAY OUT\nWITHHOLD\n"
                           "BUY TRAIN 2\n");
    char *report = report_of_turn_1(f, "the nearest place it does not reach yet");
    expect_in(report, "BY buys a 2 train from the bank");
    free(report);
    store_game sg = game(f);
    svc_game dg;
    assert_int_equal(svc_game_load(f->st, &sg, &dg).kind, SVC_OK);
    assert_int_equal(dg.g->co[eng_company_index(dg.t, "BY")].ntrains, 1);
    svc_game_unload(&dg);
    store_game_clear(&sg);
    director_sends(f, dir, "BY:\nNO TILE\nNO STATION\nPAY OUT\nWITHHOLD\n");
    assert_int_equal(store_turn_report(f->st, f->game_id, 2, &report), STORE_OK);
    expect_in(report, "say both PAY OUT and WITHHOLD: ambiguous, neither order decides; the "
                      "revenue is paid out");
    free(report);
    store_player d = player(f, dir);
    assert_int_equal(d.nmr_count, 0);
    store_player_clear(&d);
}

/* House rule 12: "if the GM receives no move from a player who had clearly stated on the
 * previous turn that he had begun to lay track toward Berlin, ... the GM would on that basis use
 * the track which most directly fulfilled the goal of reaching Berlin. However, this would still
 * count as the first NMR." BY's director states GOAL BERLIN in turn 1 and sends nothing in turn
 * 2: BY's tile goes towards Berlin, and it is the director's first NMR. */
static void test_hr12_the_goal_of_an_nmr(void **state)
{
    struct fixture *f = *state;
    play_to_by_operating(f);
    const char *dir = by_director(f);
    director_sends(f, dir, "BY:\nGOAL BERLIN\nNO TILE\nNO STATION\nBUY TRAIN 2\n");
    if (strcmp(dir, "alice"))
        mail_orders(f, "alice", "secret1", "PASS\n");
    if (strcmp(dir, "bob"))
        mail_orders(f, "bob", "secret2", "PASS\n");
    if (strcmp(dir, "carol"))
        mail_orders(f, "carol", "secret2", "PASS\n");
    util_set_clock(1800000000 + 2 * 72 * 3600);
    assert_int_equal(pass(f), 1);
    char *report = NULL;
    assert_int_equal(store_turn_report(f->st, f->game_id, 2, &report), STORE_OK);
    expect_in(report, "Played for its director, as house rule 17 B: BY's tile towards its goal E19");
    free(report);
    store_player d = player(f, dir);
    assert_int_equal(d.nmr_count, 1);
    store_player_clear(&d);
}

/* A turn that cannot be resolved (here: a damaged action log) changes nothing; the GM is told
 * once, and the daemon tries again at every pass. */
static void test_a_turn_that_cannot_be_resolved(void **state)
{
    struct fixture *f = *state;
    assert_int_equal(store_action_append(f->st, f->game_id, 1, "{\"kind\":\"nonsense\"}"),
                     STORE_OK);
    mail_orders(f, "alice", "secret1", "PASS\n");
    mail_orders(f, "bob", "secret2", "PASS\n");
    mail_orders(f, "carol", "secret2", "PASS\n");
    for (int k = 0; k < 2; k++) {
        assert_true(fetched(&f->c, f->st, f->src) >= 0);
        assert_true(processed(&f->c, f->st) >= 0);
        util_set_clock(util_now() + 15 * 60); /* the grace period */
        assert_int_equal(svc_turns_due(&f->c, f->st, NULL).kind, SVC_FAILED);
        assert_true(sent_due(&f->c, f->st, f->sink) >= 0);
    }
    assert_int_equal(game_turn(f), 1);
    assert_int_equal(store_audit_count(f->st, "turn_failed"), 1);
    struct sent s;
    collect(f, &s);
    int i = sent_to(&s, "gm@pbem.test");
    expect_in(s.body[i], "turn 1, cannot be resolved");
    expect_in(s.body[i], "does not replay");
    sent_clear(&s);
}

/* The order form of each player's report, from "GAME" to the signature, with the password
 * filled in (malloc'd). */
static char *filled_form(const char *report, const char *password)
{
    const char *from = strstr(report, "\nGAME g1\n"), *to = from ? strstr(from, "\n--") : NULL;
    if (from && !to) /* the reading of the mail left the signature out */
        to = from + strlen(from);
    if (!from)
        fail_msg("the report carries no order form:\n%s", strstr(report, "== Turn") ? strstr(report, "== Turn") : report);
    buf b;
    buf_init(&b);
    buf_printf(&b, "%.*s\n", (int)(to - from - 1), from + 1);
    char *at = strstr(b.data, "your-password");
    if (!at)
        fail_msg("the form has no password line:\n%s", b.data);
    char *filled = str_format("%.*s%s%s", (int)(at - b.data), b.data, password,
                              at + strlen("your-password"));
    buf_free(&b);
    return filled;
}

/* Each player sends back the form of the latest report, filled in with the password and
 * nothing else; every line is accepted (none refused); returns where the next turn starts. */
static void send_back_forms(struct fixture *f, int turn, char *starts, size_t len)
{
    static const char *const names[] = {"alice", "bob", "carol"};
    static const char *const passwords[] = {"secret1", "secret2", "secret2"};
    struct sent s;
    collect(f, &s);
    char subject[64];
    snprintf(subject, sizeof subject, "Subject: g1: turn %d\r\n", turn);
    for (int p = 0; p < 3; p++) {
        char to[64];
        snprintf(to, sizeof to, "%s@pbem.test", names[p]);
        const char *report = s.body[sent_to_with(&s, to, subject)];
        const char *next = strstr(report, "The next turn starts with ");
        if (p == 0 && next)
            snprintf(starts, len, "%.*s", (int)strcspn(next + 26, "."), next + 26);
        char *form = filled_form(report, passwords[p]);
        char *mail = str_format("From: %s\nSubject: Re: g1: turn %d\nMessage-ID: <back%d.%d@pbem.test>"
                                "\n\n%s", to, turn, turn, p, form);
        free(deliver(f, mail));
        free(mail);
        free(form);
    }
    sent_clear(&s);
    clear_outbox_dir(f);
    assert_int_equal(pass(f), 0);
    collect(f, &s);
    for (int p = 0; p < 3; p++) {
        char to[64];
        snprintf(to, sizeof to, "%s@pbem.test", names[p]);
        const char *ack = s.body[sent_to(&s, to)];
        expect_in(ack, "Your mail for game g1 was received");
        if (strstr(ack, "\nline ") || strstr(ack, "not understood") || strstr(ack, "not taken"))
            fail_msg("the form sent back was not accepted whole:\n%s", ack);
    }
    sent_clear(&s);
}

/* The rule of issue 11: the form a report carries, filled in with the player's password and sent
 * back unchanged, is accepted without one refused line — with the start packet next, and with
 * the operating rounds next and the sections of the minors and majors each player directs. */
static void test_the_report_form_is_accepted_when_sent_back(void **state)
{
    struct fixture *f = *state;
    char kinds[512] = "", starts[64] = "";
    all_send(f, "BUY NF\n", "BUY M1\n", "BUY LD\n");
    send_back_forms(f, 1, starts, sizeof starts);
    snprintf(kinds, sizeof kinds, "%s|", starts);
    util_set_clock(util_now() + 15 * 60);
    assert_int_equal(pass(f), 1);
    play_to_by_operating(f);
    all_send(f, "PASS\n", "PASS\n", "PASS\n");
    for (int turn = 3; turn <= 5; turn++) {
        send_back_forms(f, turn, starts, sizeof starts);
        snprintf(kinds + strlen(kinds), sizeof kinds - strlen(kinds), "%s|", starts);
        util_set_clock(util_now() + 15 * 60);
        assert_int_equal(pass(f), 1);
    }
    if (!strstr(kinds, "the start packet") || !strstr(kinds, "operating round"))
        fail_msg("the turns did not start with the packet and an operating round: %s", kinds);
}

/* House rule 16: unclear orders are not an NMR. A mail whose every line was refused counts as
 * sent: the turn resolves once the others are in, and the sender's NMR count stays 0. */
static void test_unclear_orders_are_not_an_nmr(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "FLY TO THE MOON\nBYU 1 SX\n");
    mail_orders(f, "bob", "secret2", "PASS\n");
    mail_orders(f, "carol", "secret2", "PASS\n");
    resolved_after_grace(f);
    store_player a = player(f, "alice");
    assert_int_equal(a.nmr_count, 0);
    store_player_clear(&a);
    char *report = NULL;
    assert_int_equal(store_turn_report(f->st, f->game_id, 1, &report), STORE_OK);
    if (strstr(report, "No orders from alice"))
        fail_msg("alice's unclear mail counted as an NMR:\n%s", report);
    free(report);
}

/* When the last player's orders are in, every sender is told when the turn will be resolved;
 * a mail in the grace period starts it again, and the turn is resolved with that correction. */
static void test_grace_period_after_the_last_orders(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "BUY NF\n");
    mail_orders(f, "bob", "secret2", "PASS\n");
    mail_orders(f, "carol", "secret2", "PASS\n");
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    expect_in(s.body[sent_to(&s, "carol@pbem.test")],
              "Every player's orders are in: the turn will be resolved at");
    /* the time whole on its line, no word of it left alone by the wrapping */
    assert_null(strstr(s.body[sent_to(&s, "carol@pbem.test")], "UTC,\n"));
    expect_in(s.body[sent_to(&s, "carol@pbem.test")], " UTC, 15 minutes after the last mail");
    sent_clear(&s);
    util_set_clock(util_now() + 10 * 60);
    mail_orders(f, "alice", "secret1", "BUY M1\n"); /* a slip corrected */
    assert_int_equal(pass(f), 0);
    util_set_clock(util_now() + 10 * 60);
    assert_int_equal(pass(f), 0); /* 10 minutes after the correction */
    util_set_clock(util_now() + 5 * 60);
    assert_int_equal(pass(f), 1);
    free(report_of_turn_1(f, "alice buys M1"));
    /* issue 27, defect 14: "1 minutes" */
    store_game g = game(f);
    g.grace_minutes = 1;
    assert_int_equal(store_game_set_pace(f->st, f->game_id, &g), STORE_OK);
    store_game_clear(&g);
    clear_out(f);
    mail_orders(f, "alice", "secret1", "PASS\n");
    mail_orders(f, "bob", "secret2", "PASS\n");
    mail_orders(f, "carol", "secret2", "PASS\n");
    assert_int_equal(pass(f), 0);
    collect(f, &s);
    expect_in(s.body[sent_to(&s, "carol@pbem.test")], " UTC, 1 minute after the last mail");
    sent_clear(&s);
}

/* Issue 27, defect 14: changing the grace period moved a promised resolution time without
 * telling anyone. Every player's orders are in (the turn promised 15 minutes after the last);
 * the GM makes it 60: the players are told the new time, and the turn waits for it. */
static void test_a_new_grace_period_is_told(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "BUY NF\n");
    mail_orders(f, "bob", "secret2", "PASS\n");
    mail_orders(f, "carol", "secret2", "PASS\n");
    assert_int_equal(pass(f), 0);
    clear_out(f);
    store_game was = game(f), now = game(f);
    assert_true(was.early_due_at > 0);
    now.grace_minutes = 60;
    assert_int_equal(store_game_set_pace(f->st, f->game_id, &now), STORE_OK);
    assert_int_equal(svc_pace_changed(&f->c, f->st, &was).kind, SVC_OK);
    char when[64];
    svc_format_time(was.early_due_at + 45 * 60, when, sizeof when);
    store_game_clear(&was);
    store_game_clear(&now);
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    char *said = str_format("The game master has changed the grace period (15 to 60 minutes): "
                            "the turn will now be resolved at %s.", when);
    expect_sentence(s.body[sent_to(&s, "bob@pbem.test")], said);
    free(said);
    sent_clear(&s);
    util_set_clock(util_now() + 20 * 60); /* the old time has passed: not resolved */
    assert_int_equal(pass(f), 0);
    util_set_clock(util_now() + 41 * 60);
    assert_int_equal(pass(f), 1);
}

/* Issue 27, defect 14: line numbers from different mails collided in "Your orders" (two
 * "line 4"s). Orders that came in several mails say which. */
static void test_orders_of_several_mails_say_which(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "BUY NF\n");
    assert_int_equal(pass(f), 0);
    mail_orders(f, "alice", "secret1", "BY:\nNO TILE\n");
    mail_orders(f, "bob", "secret2", "PASS\n");
    mail_orders(f, "carol", "secret2", "PASS\n");
    clear_out(f);
    resolved_after_grace(f);
    struct sent s;
    collect(f, &s);
    const char *r = s.body[sent_to_with(&s, "alice@pbem.test", "Subject: g1: turn 1")];
    expect_in(r, "mail 1, line 4 \"BUY 1 NF\"");
    expect_in(r, "mail 2, line 5 \"BY: NO TILE\"");
    sent_clear(&s);
}

/* Issue 11, defect 1: the action log names seats, so a replaced player's seat replays: turns
 * resolve after a replacement and after a second one of the same seat; the newcomer's orders
 * are used, the old password no longer works. */
static void test_turns_go_on_after_replacements(void **state)
{
    struct fixture *f = *state;
    all_send(f, "BUY NF\n", "BUY M1\n", "BUY LD\n");
    char *hash = pw_hash("secret3");
    store_player c = player(f, "carol");
    assert_int_equal(store_player_replace(f->st, c.id, "dave", "dave@pbem.test", hash), STORE_OK);
    store_player_clear(&c);
    mail_orders(f, "alice", "secret1", "PASS\n");
    mail_orders(f, "bob", "secret2", "PASS\n");
    mail_orders(f, "carol", "secret2", "PASS\n"); /* carol has left: refused */
    assert_int_equal(pass(f), 0);
    util_set_clock(util_now() + 73 * 3600); /* dave's first turn passes without his orders */
    assert_int_equal(pass(f), 1);
    assert_int_equal(game_turn(f), 3);
    char *report = NULL;
    assert_int_equal(store_turn_report(f->st, f->game_id, 2, &report), STORE_OK);
    expect_in(report, "No orders from dave this turn (NMR)");
    free(report);
    mail_orders(f, "alice", "secret1", "PASS\n");
    mail_orders(f, "bob", "secret2", "PASS\n");
    mail_orders(f, "dave", "secret3", "BUY M2 ELSE PASS\n");
    resolved_after_grace(f);
    c = player(f, "dave");
    assert_int_equal(store_player_replace(f->st, c.id, "erin", "erin@pbem.test", hash), STORE_OK);
    store_player_clear(&c);
    free(hash);
    for (int turn = 4; turn <= 5; turn++) {
        mail_orders(f, "alice", "secret1", "PASS\n");
        mail_orders(f, "bob", "secret2", "PASS\n");
        mail_orders(f, "erin", "secret3", "PASS\n");
        resolved_after_grace(f);
        assert_int_equal(game_turn(f), turn + 1);
    }
    assert_int_equal(store_seat_change_count(f->st, f->game_id, 3), 2);
    store_game sg = game(f);
    svc_game dg;
    svc_result loaded = svc_game_load(f->st, &sg, &dg);
    if (loaded.kind != SVC_OK)
        fail_msg("the game does not replay after two replacements: %s", loaded.text);
    assert_string_equal(dg.g->players[2].name, "erin");
    svc_game_unload(&dg);
    store_game_clear(&sg);
}

/* Issue 12, defect 1: a mail about a finished game is answered saying so; nothing is taken. */
static void test_a_finished_game_answers_so(void **state)
{
    struct fixture *f = *state;
    all_send(f, "BUY NF\n", "BUY M1\n", "BUY LD\n");
    assert_int_equal(store_game_over(f->st, f->game_id), STORE_OK);
    clear_outbox_dir(f);
    mail_orders(f, "alice", "secret1", "BUY M2\n");
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    const char *ack = s.body[sent_to(&s, "alice@pbem.test")];
    expect_in(ack, "Game g1 is over: it ended with turn 2");
    expect_in(ack, "\"BUY M2\" was not taken (the game is over)");
    sent_clear(&s);
    store_player a = player(f, "alice");
    assert_int_equal(store_orders_count(f->st, f->game_id, a.id, 2), 0);
    store_player_clear(&a);
}

/* Issue 12: a game played to its end through the daemon's steps — the start packet bought, then
 * every player silent: each turn resolved at its deadline, automatic play builds, runs and buys
 * trains until the bank breaks; the last report goes to everyone with the ranking and the
 * winner, the game is finished, and a mail about it is answered so. */
static void test_a_silent_game_plays_to_its_end(void **state)
{
    struct fixture *f = *state;
    play_to_by_operating(f);
    int turns = 0;
    for (; turns < 80; turns++) {
        store_game g = game(f);
        bool running = strcmp(g.status, "running") == 0;
        int64_t deadline = g.deadline_at;
        store_game_clear(&g);
        if (!running)
            break;
        util_set_clock(deadline + 1);
        clear_outbox_dir(f);
        assert_int_equal(pass(f), 1);
    }
    store_game g = game(f);
    assert_string_equal(g.status, "finished");
    int last = g.turn;
    store_game_clear(&g);
    assert_true(turns > 3);
    struct sent s;
    collect(f, &s);
    char subject[64];
    snprintf(subject, sizeof subject, "Subject: g1: turn %d\r\n", last);
    const char *report = s.body[sent_to_with(&s, "alice@pbem.test", subject)];
    expect_in(report, "The game is over (the bank broke)");
    expect_in(report, "== The game is over. The final ranking");
    expect_in(report, " - the winner\n");
    if (strstr(report, "PASSWORD your-password"))
        fail_msg("the last report carries an order form:\n%s", report);
    sent_clear(&s);
    clear_outbox_dir(f);
    mail_orders(f, "bob", "secret2", "PASS\n");
    assert_int_equal(pass(f), 0);
    collect(f, &s);
    expect_in(s.body[sent_to(&s, "bob@pbem.test")], "Game g1 is over");
    sent_clear(&s);
}

/* Issue 15: every running game whose deadline has passed is resolved, however many there are
 * (only the first 64 were: games 65 on never moved). */
static void test_every_due_game_is_resolved(void **state)
{
    struct fixture *f = *state;
    enum { GAMES = 70 };
    char *hash = pw_hash("secret3");
    for (int k = 2; k <= GAMES; k++) {
        char name[16];
        snprintf(name, sizeof name, "g%d", k);
        int64_t id;
        assert_int_equal(store_game_create(f->st, name, "1835", &id), STORE_OK);
        for (int p = 0; p < 3; p++) {
            char pname[16], addr[48];
            snprintf(pname, sizeof pname, "p%d", p);
            snprintf(addr, sizeof addr, "p%d.%d@pbem.test", p, k);
            assert_int_equal(store_player_add(f->st, id, pname, addr, hash, NULL), STORE_OK);
        }
        assert_int_equal(store_game_start(f->st, id, "Variant=Clemens"), STORE_OK);
        assert_int_equal(store_game_set_deadline(f->st, id, 1800000000 + 3600), STORE_OK);
    }
    free(hash);
    util_set_clock(1800000000 + 2 * 3600);
    int resolved = 0;
    assert_int_equal(svc_turns_due(&f->c, f->st, &resolved).kind, SVC_OK);
    assert_int_equal(resolved, GAMES - 1); /* g1's deadline is later */
    static const char *const checked[] = {"g2", "g64", "g65", "g66", "g70"};
    for (size_t i = 0; i < sizeof checked / sizeof *checked; i++) {
        store_game g = {0};
        assert_int_equal(store_game_find(f->st, checked[i], &g), STORE_OK);
        if (g.turn != 2)
            fail_msg("game %s is at turn %d after its deadline", checked[i], g.turn);
        store_game_clear(&g);
    }
}

/* Issue 27, 9: REPORT (a word of the order language) asks for the last report: answered with a
 * mail of its own, the report of the last turn made for that player (the orders' fates, the
 * holdings, the deadline, the order form); before the first turn's report, the game's opening
 * mail. A mail with only REPORT sends no orders (not counted as the player's mail of the turn). */
static void test_report_asks_for_the_last_report(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "carol", "secret2", "REPORT\n");
    pass(f);
    struct sent s;
    collect(f, &s);
    expect_sentence(s.body[sent_to_with(&s, "carol@pbem.test", "Re: orders")],
                    "No turn has been resolved yet: the game's opening mail");
    expect_in(s.body[sent_to_with(&s, "carol@pbem.test", "the game begins")], "BUY");
    sent_clear(&s);
    clear_out(f);
    mail_orders(f, "alice", "secret1", "BUY NF\n");
    pass(f);
    util_set_clock(1800000000 + 73 * 3600); /* past the deadline: turn 1 is resolved */
    assert_int_equal(pass(f), 1);
    clear_out(f);
    mail_orders(f, "bob", "secret2", "report.\n");
    mail_orders(f, "alice", "secret1", "Report\n");
    pass(f);
    collect(f, &s);
    assert_int_equal(s.n, 4); /* two answers, two copies: nobody else is mailed */
    expect_sentence(s.body[sent_to_with(&s, "bob@pbem.test", "Re: orders")],
                    "A copy of the report of turn 1, made for you, comes in a mail of its own.");
    const char *copy = s.body[sent_to_with(&s, "bob@pbem.test", "(a copy)")];
    expect_in(copy, "Game g1, turn 1");
    expect_in(copy, "The report for bob");
    expect_in(copy, "bob sent no orders this turn: NMR number 1");
    expect_in(copy, "PLAYER bob");
    store_game g = game(f);
    char when[64];
    svc_format_time(g.deadline_at, when, sizeof when);
    expect_sentence(copy, when);
    copy = s.body[sent_to_with(&s, "alice@pbem.test", "(a copy)")];
    expect_in(copy, "The report for alice");
    expect_in(copy, "\"BUY 1 NF\": carried out");
    sent_clear(&s);
    store_player bob = {0};
    assert_int_equal(store_player_find(f->st, g.id, "bob", &bob), STORE_OK);
    int64_t at;
    assert_false(svc_player_sent_at(f->st, &g, &bob, &at)); /* REPORT sends no orders */
    store_player_clear(&bob);
    store_game_clear(&g);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup_started, teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(test_turn_resolves_when_all_orders_are_in),
        T(test_a_player_revises_orders),
        T(test_a_mail_for_a_past_turn),
        T(test_reminders_and_nmrs),
        T(test_one_round_requested),
        T(test_one_round_is_told_to_everyone),
        T(test_a_new_grace_period_is_told),
        T(test_orders_of_several_mails_say_which),
        T(test_acknowledgement_checks_and_deadline),
        T(test_hr19_by_mail),
        T(test_hr17_and_hr16_by_mail),
        T(test_hr12_the_goal_of_an_nmr),
        T(test_a_turn_that_cannot_be_resolved),
        T(test_the_report_form_is_accepted_when_sent_back),
        T(test_unclear_orders_are_not_an_nmr),
        T(test_grace_period_after_the_last_orders),
        T(test_turns_go_on_after_replacements),
        T(test_a_finished_game_answers_so),
        T(test_a_silent_game_plays_to_its_end),
        T(test_every_due_game_is_resolved),
        T(test_report_asks_for_the_last_report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
