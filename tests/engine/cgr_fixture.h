/* cgr_fixture: white-box set-ups of 1856 positions the CGR's tests share (the engine's
 * test_cgr.c, the turn's test_turn.c): majors started with their certificates, loans, money
 * and stations placed directly, and an operating round begun with the 6 on sale. Uses
 * game_fixture.h's `title` (1856 loaded). */
#ifndef PBEMGM_TEST_CGR_FIXTURE_H
#define PBEMGM_TEST_CGR_FIXTURE_H

#include "game_fixture.h"
#include "engine/operating.h"
#include "engine/stock.h"

/* Money from the bank to a company. */
static inline void fund(eng_game *g, const char *company, int cash)
{
    g->co[co(company)].cash += cash;
    g->bank -= cash;
}

/* The first IPO certificate of that size to owner. */
static inline void hand(eng_game *g, int c, int percent, bool director, int owner)
{
    eng_company_state *s = &g->co[c];
    for (int i = 0; i < s->ncerts; i++)
        if (s->certs[i].owner == ENG_IPO && s->certs[i].percent == percent &&
            s->certs[i].director == director) {
            s->certs[i].owner = owner;
            return;
        }
    fail_msg("no %d%% certificate in the IPO", percent);
}

/* A major started at par by director, floated, with its home station; then `extra` 10% shares
 * to each owner listed (ENG_POOL for the pool), `loans` loans and `cash`. */
static inline int start(eng_game *g, const char *id, int director, int par, const int *extra,
                        int n, int loans, int cash)
{
    int c = co(id);
    eng_company_state *s = &g->co[c];
    hand(g, c, 20, true, director);
    for (int i = 0; i < n; i++)
        hand(g, c, 10, false, extra[i]);
    s->started = s->floated = s->available = s->home_placed = true;
    s->operated = 1; /* (it has operated: the float percent rising binds only one that has not,
                      * engine/capital.c) */
    s->director = director;
    eng_set_par(g, c, par);
    s->market_seq = ++g->market_clock;
    s->loans = loans;
    fund(g, id, cash);
    int h = title->companies[c].home_hex;
    g->board->tokens[h][0][0] = c;
    g->board->reserved[h][0] = ENG_NONE; /* (its home circle, kept for it till now) */
    return c;
}

static inline void station(eng_game *g, const char *company, const char *hex, int city)
{
    g->board->tokens[tf_hex(title, hex)][city][0] = co(company);
}

/* The 6 on sale, phase 5, the packet sold, players rich; operating round 1 begins. */
static inline void operate(eng_game *g)
{
    for (int i = 0; i < title->nstart_items; i++)
        g->item_sold[i] = true;
    for (int k = 0; k < train("6"); k++) {
        g->trains_left[k] = k < train("4") ? 0 : g->trains_left[k]; /* (2s and 3s rusted) */
        g->train_bought[k] = true;
    }
    g->train_on_sale = train("6");
    g->phase = 3; /* the 5's */
    for (int p = 0; p < 4; p++) {
        g->players[p].cash += 500;
        g->bank -= 500;
    }
    g->stock_round_number = 1;
    eng_begin_operating_round(g);
}

/* To a stock round now, the player to act first. */
static inline void to_stock_round(eng_game *g, int player)
{
    g->operating = ENG_NONE;
    eng_begin_stock_round(g);
    g->current = player;
}

/* (Players 0 to 3: Ann, Bob, Cy, Dee.) GT alone given up: Dee's 3 shares for 1 of the CGR
 * (the odd one to the pool, lost), Cy's 2 for 1; Cy, first from the buyer Ann, is its director
 * with a single share. */
static inline eng_game *single_share_director(void)
{
    eng_game *g = new_game(NULL, 4);
    start(g, "WGB", 0, 100, NULL, 0, 0, 700);
    start(g, "GT", 3, 75, (int[]){3, 2, 2}, 3, 1, 0);
    operate(g);
    for (int p = 1; p < 4; p++) { /* nobody can help */
        g->bank += g->players[p].cash;
        g->players[p].cash = 0;
    }
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("6")});
    assert_false(g->forming); /* (nothing to choose) */
    int cgr = co("CGR");
    assert_true(has_event(g, ENG_EV_MUST_BUY_SECOND, 2, cgr));
    assert_int_equal(g->co[cgr].director, 2);
    assert_int_equal(g->national_single, 2);
    assert_int_equal(eng_percent_held(g, cgr, 2), 10);
    assert_int_equal(eng_percent_held(g, cgr, 3), 10);
    for (int p = 1; p < 4; p++) {
        g->players[p].cash += 500;
        g->bank -= 500;
    }
    return g;
}

#endif
