/* ending: the game's end (see ending.h) — the final worth and places, and a director who
 * cannot pay what his company owes and has nothing left to sell. Below the operating round and
 * the loans, which both end a game so. */
#include "engine/ending.h"
#include "engine/query.h"
#include "engine/sell.h"
#include "engine/state.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

void eng_end_game(eng_game *g, int reason)
{
    g->round = ENG_ROUND_OVER;
    g->operating = ENG_NONE;
    eng_event_add(g, ENG_EV_GAME_OVER, ENG_NONE, ENG_NONE, reason, 0, false);
    int worth[ENG_MAX_PLAYERS], place[ENG_MAX_PLAYERS];
    for (int p = 0; p < g->nplayers; p++)
        worth[p] = eng_player_worth(g, p);
    for (int p = 0; p < g->nplayers; p++) {
        place[p] = 1;
        for (int q = 0; q < g->nplayers; q++)
            place[p] += worth[q] > worth[p];
    }
    for (int at = 1; at <= g->nplayers; at++) /* by place, seating order among equals */
        for (int p = 0; p < g->nplayers; p++)
            if (place[p] == at)
                eng_event_add(g, ENG_EV_FINAL_SCORE, p, ENG_NONE, worth[p], at, false);
    eng_round_end(g);
}

/* (tried on a scratch copy) */
bool eng_can_sell_any(const eng_game *g, int player)
{
    eng_game *scratch = xmalloc(sizeof *scratch);
    bool any = false;
    for (int c = 0; c < g->t->ncompanies && !any; c++) {
        if (!eng_is_major(g, c))
            continue;
        for (int pct = 5; pct <= 20 && !any; pct += 5) {
            memcpy(scratch, g, sizeof *scratch);
            eng_action sell = {.kind = ENG_ACT_SELL, .player = player, .company = c,
                               .percent = pct};
            any = eng_sell_shares(scratch, &sell, NULL, 0) == 0;
        }
    }
    free(scratch);
    return any;
}

void eng_director_bankrupt(eng_game *g, int dir, int c, int short_by, bool for_loans)
{
    eng_event_add(g, ENG_EV_BANKRUPT, dir, c, short_by, 0, for_loans);
    if (g->opt.bankrupt_cash_to_bank) { /* (18xx.games: the bankrupt's cash set to 0) */
        g->bank += g->players[dir].cash;
        g->players[dir].cash = 0;
    }
    eng_end_game(g, ENG_END_BANKRUPTCY);
}
