/* Tests for the engine's invariants (src/engine/invariants.c): a game played by its legal
 * actions holds them all; each invariant, broken in turn on a copy (money, bids, certificates,
 * the certificate limit after a purchase, the train limit, a train in two places, a rusted
 * train still held, a station twice in a hex, more stations than markers), is named by the
 * check; and a broken one is fatal after eng_apply in the test builds, naming the action. */
#include "game_fixture.h"
#include "engine/invariants.h"

#include <signal.h>
#include <sys/wait.h>

/* The check of g (after action a, or none) breaks, and what it says holds `fragment`. */
static void breaks(const eng_game *g, const eng_action *a, const char *fragment)
{
    char what[512] = "";
    if (eng_invariants_check(g, a, what, sizeof what) == 0)
        fail_msg("nothing broken; expected \"%s\"", fragment);
    if (!strstr(what, fragment))
        fail_msg("\"%s\" does not say \"%s\"", what, fragment);
}

static void holds(const eng_game *g, const eng_action *a)
{
    char what[512] = "";
    if (eng_invariants_check(g, a, what, sizeof what))
        fail_msg("broken: %s", what);
}

/* A game of four some way into its first operating rounds, played by the first legal action
 * each time but passes where another is open (the checks hold at every step). */
static eng_game *played(int steps)
{
    eng_game *g = new_game(NULL, 4);
    eng_action legal[512];
    char why[256];
    for (int i = 0; i < steps; i++) {
        int n = eng_legal_actions(g, legal, 512), pick = 0;
        if (n <= 0)
            break;
        while (pick + 1 < n && legal[pick].kind == ENG_ACT_PASS)
            pick++;
        if (eng_apply(g, &legal[pick], why, sizeof why))
            fail_msg("a legal action refused: %s", why);
        holds(g, &legal[pick]);
    }
    return g;
}

static void test_a_game_played_holds_them(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    holds(g, NULL);
    eng_game_free(g);
    g = played(120);
    holds(g, NULL);
    eng_game_free(g);
}

static void test_money_made_or_lost(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    g->players[1].cash += 5; /* from nowhere */
    breaks(g, NULL, "money: 12005 in all");
    g->players[1].cash -= 5;
    g->co[co("BY")].cash += 10;
    g->bank -= 5;
    breaks(g, NULL, "money: 12005 in all");
    g->bank -= 5;
    holds(g, NULL); /* the bank paid it: a transfer */
    g->players[2].cash -= 476; /* paid to the bank more than he has */
    g->bank += 476;
    breaks(g, NULL, "money: Cy has -1");
    eng_game_free(g);
}

static void test_bids_beyond_the_bidders_money(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    g->bids[1][0] = g->players[0].cash;
    holds(g, NULL); /* his money still, promised */
    g->bids[2][0] = 1;
    breaks(g, NULL, "money: Ann's bids promise 476 and he has 475");
    g->bids[2][0] = 0;
    g->item_sold[1] = true;
    breaks(g, NULL, "sold already");
    eng_game_free(g);
}

static void test_certificates_not_adding_to_100(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    eng_company_state *by = &g->co[co("BY")];
    int k = eng_find_cert(g, co("BY"), ENG_IPO, 10, false);
    by->certs[k].percent = 15;
    breaks(g, NULL, "certificates: BY's certificates add to 105%");
    by->certs[k].percent = 10;
    by->certs[k].owner = 9; /* a fifth player's, in a game of four */
    breaks(g, NULL, "in no place");
    by->certs[k].owner = ENG_POOL;
    by->certs[k].director = true;
    breaks(g, NULL, "BY has 2 director's certificates");
    by->certs[k].director = false;
    int d = eng_find_cert(g, co("BY"), ENG_IPO, 0, true);
    by->certs[d].owner = 1;
    breaks(g, NULL, "BY has no director, and its director's certificate is with Bob");
    by->director = 1;
    breaks(g, NULL, "BY is not started and has a director");
    by->started = true;
    holds(g, NULL);
    by->certs[k].owner = 2;
    int k2 = eng_find_cert(g, co("BY"), ENG_IPO, 10, false);
    by->certs[k2].owner = 2;
    int k3 = eng_find_cert(g, co("BY"), ENG_IPO, 10, false);
    by->certs[k3].owner = 2;
    breaks(g, NULL, "Cy holds 30% of BY, more than its director Bob's 20%");
    eng_game_free(g);
}

/* Ann over the limit: broken only after a purchase of hers that counts. */
static void test_the_certificate_limit_after_a_purchase(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    const char *majors[] = {"BY", "SX", "BA"};
    for (int m = 0; m < 3; m++) /* their ordinary certificates: no director yet */
        for (int i = 0; i < g->co[co(majors[m])].ncerts; i++)
            if (!g->co[co(majors[m])].certs[i].director)
                g->co[co(majors[m])].certs[i].owner = 0;
    assert_true(eng_certificate_count(g, 0) > eng_certificate_limit(g, 0));
    holds(g, NULL); /* over it through no purchase: allowed (sold down later, or not at all) */
    eng_action buy = {.kind = ENG_ACT_BUY_SHARE, .player = 0, .company = co("BY")};
    breaks(g, &buy, "certificate limit: Ann holds");
    holds(g, &(eng_action){.kind = ENG_ACT_BUY_SHARE, .player = 1, .company = co("BY")});
    buy.from_player = true; /* a nationalising director's buy-out is not bound */
    holds(g, &buy);
    eng_game_free(g);
    g = new_game(NULL, 4);
    int saved = title->player_share_limit;
    title->player_share_limit = 60;
    for (int i = 0, n = 0; i < g->co[co("BY")].ncerts && n < 7; i++)
        if (!g->co[co("BY")].certs[i].director) {
            g->co[co("BY")].certs[i].owner = 0;
            n++;
        }
    buy.from_player = false;
    breaks(g, &buy, "certificate limit: Ann holds 70% of BY after buying, the limit is 60%");
    title->player_share_limit = saved;
    eng_game_free(g);
}

/* BY given trains from the bank, well kept: one more than its limit is broken unless a
 * discard is awaited. */
static void test_the_train_limit(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    int by = co("BY");
    for (int k = 0; k < eng_train_limit(g, by); k++)
        give_train(g, "BY", "2");
    holds(g, NULL);
    give_train(g, "BY", "2");
    breaks(g, NULL, "train limit: BY holds 5 trains, its limit is 4");
    g->discarding = by;
    holds(g, NULL);
    eng_game_free(g);
}

static void test_a_train_in_two_places(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    int by = co("BY");
    give_train(g, "BY", "2");
    g->pool_trains[0]++; /* the same train in the pool too */
    breaks(g, NULL, "trains: 1 2-trains held, 1 in the pool and 8 with the bank: 10, of the 9");
    g->pool_trains[0]--;
    g->co[by].ntrains = 0; /* lost: neither held nor rusted */
    breaks(g, NULL, "trains: 0 2-trains held, 0 in the pool and 8 with the bank: 8, of the 9");
    g->co[by].ntrains = 1;
    g->train_bought[train("4")] = true; /* the 2s rust on the first 4: none may be left */
    breaks(g, NULL, "trains: 1 2-trains held and 0 in the pool, rusted or obsolete");
    g->co[by].ntrains = 0;
    holds(g, NULL);
    eng_game_free(g);
}

/* The company's home city: its hex, and its city there. */
static int home_city(int company, int *hex)
{
    *hex = title->companies[company].home_hex;
    return title->companies[company].home_city < 0 ? 0 : title->companies[company].home_city;
}

static void test_a_station_twice(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    int by = co("BY"), hex, city = home_city(by, &hex);
    g->board->reserved[hex][city] = ENG_NONE;
    g->board->tokens[hex][city][0] = by;
    holds(g, NULL);
    g->board->tokens[hex][city][1] = by;
    breaks(g, NULL, "stations: BY has two stations in");
    g->board->tokens[hex][city][1] = ENG_NONE;
    int placed = 1;
    for (int h = 0; h < title->nhexes && placed <= title->companies[by].ntokens; h++) {
        const eng_track *tr = eng_board_track(g->board, h, NULL);
        if (h != hex && tr->ncities > 0 && g->board->tokens[h][0][0] == ENG_NONE &&
            g->board->reserved[h][0] == ENG_NONE) {
            g->board->tokens[h][0][0] = by;
            placed++;
        }
    }
    breaks(g, NULL, "markers");
    eng_game_free(g);
}

/* What the child, running fn(g, a), wrote on stderr, and how it ended (waitpid's status). */
static int in_child(void (*fn)(eng_game *, const eng_action *), eng_game *g, const eng_action *a,
                   char *said, size_t len)
{
    int out[2];
    assert_int_equal(pipe(out), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(out[1], 2);
        fn(g, a);
        _exit(0);
    }
    close(out[1]);
    size_t n = 0;
    ssize_t r;
    while (n + 1 < len && (r = read(out[0], said + n, len - 1 - n)) > 0)
        n += (size_t)r;
    said[n] = '\0';
    close(out[0]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    return status;
}

static void dies_saying(void (*fn)(eng_game *, const eng_action *), eng_game *g,
                        const eng_action *a, const char *fragment)
{
    char said[2048];
    int status = in_child(fn, g, a, said, sizeof said);
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT)
        fail_msg("not aborted (status %d): %s", status, said);
    if (!strstr(said, fragment))
        fail_msg("\"%s\" does not say \"%s\"", said, fragment);
}

static void apply(eng_game *g, const eng_action *a)
{
    char why[256];
    eng_apply(g, a, why, sizeof why);
}

/* An action that makes 5 out of nothing, as the check sees it. */
static void make_money(eng_game *g, const eng_action *a)
{
    eng_invariants_before before;
    eng_invariants_note(g, a, &before);
    g->players[0].cash += 5;
    eng_invariants_after(g, a, &before, 0);
}

/* An action answers for what it broke, fatally, naming itself: money made (whatever held
 * before), an invariant that held broken (a certificate moved to no place: eng_apply takes an
 * owner the log reader would refuse); one already broken in a state set up by hand is not the
 * action's. The release build checks nothing. */
static void test_a_broken_invariant_is_fatal(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4);
    eng_action pick = {.kind = ENG_ACT_BUY_ITEM, .player = 0, .item = 0};
    dies_saying(make_money, g, &pick,
                "engine invariant broken after the action {\"type\":\"buy_item\",\"seat\":1");
    dies_saying(make_money, g, &pick, "(by Ann; the game now in start packet round 1): money: "
                                      "12005 in all after the action, 12000 before");
    eng_action lost = {.kind = ENG_ACT_ADJUST, .player = 1, .adjust = ENG_ADJ_MOVE_CERT,
                       .company = co("BY"), .percent = 10, .owner_from = ENG_IPO,
                       .owner_to = 9};
    char said[2048];
#ifdef ENG_CHECK_INVARIANTS
    dies_saying(apply, g, &lost, "\"type\":\"adjust\"");
    dies_saying(apply, g, &lost, "certificates: a 10% certificate of BY is in no place");
    g->bank += 7; /* broken before: the purchase is not answerable for it */
    assert_int_equal(in_child(apply, g, &pick, said, sizeof said), 0);
    g->bank -= 7;
#else
    assert_int_equal(in_child(apply, g, &lost, said, sizeof said), 0);
#endif
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_game_played_holds_them),
        cmocka_unit_test(test_money_made_or_lost),
        cmocka_unit_test(test_bids_beyond_the_bidders_money),
        cmocka_unit_test(test_certificates_not_adding_to_100),
        cmocka_unit_test(test_the_certificate_limit_after_a_purchase),
        cmocka_unit_test(test_the_train_limit),
        cmocka_unit_test(test_a_train_in_two_places),
        cmocka_unit_test(test_a_station_twice),
        cmocka_unit_test(test_a_broken_invariant_is_fatal),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
