/* loans_fixture: a game of 1856 (the global `title` must be 1856's) set up for the loans tests:
 * three players in an operating round, GT operating — Ann directs it (20% and 30%), Bob holds
 * 10%: six shares with players, so at most six loans — with `cash` in its treasury and `loans`
 * taken. White-box: certificates, money and loans placed directly. */
#ifndef PBEMGM_TEST_LOANS_FIXTURE_H
#define PBEMGM_TEST_LOANS_FIXTURE_H

#include "game_fixture.h"
#include "engine/operating.h"

static inline eng_game *gt_operating(int cash, int loans)
{
    eng_game *g = new_game(NULL, 3);
    int gt = co("GT");
    give(g, "GT", 20, true, 0);
    eng_set_par(g, gt, 100);
    for (int k = 0; k < 3; k++)
        give(g, "GT", 10, false, 0);
    give(g, "GT", 10, false, 1);
    g->co[gt].floated = true;
    eng_bank_pays_company(g, gt, cash);
    g->co[gt].loans = loans;
    g->round = ENG_ROUND_OPERATING;
    eng_begin_operating_round(g);
    assert_int_equal(g->operating, gt);
    assert_int_equal(g->current, 0);
    return g;
}

#endif
