/* export_steps: where an operating company's turn stands among 18xx.games' steps (its
 * operating round: track, token, route and dividend, trains, companies — lib/engine/game/
 * g_1830/game.rb operating_round, read for the order) and the passes it asks for. pbemgm
 * passes a step by acting at a later one (or SKIP, DONE); 18xx.games asks for a pass at a step
 * only when something could be done there (step/track.rb, token.rb, buy_train.rb,
 * buy_company.rb `actions`), and skips the others by itself. The questions are answered on the
 * game as pbemgm has it before the action written, the same position. */
#include "xgames/export_internal.h"

#include "engine/routes.h"

#include <limits.h>

/* step/token.rb can_place_token?: a station marker left, its price in the treasury, and a
 * city the company's track reaches with room for it. */
static bool token_possible(const eng_game *b, int c)
{
    const eng_company *co = &b->t->companies[c];
    int placed = eng_stations_placed(b, c);
    if (placed >= co->ntokens || b->co[c].cash < co->token_costs[placed])
        return false;
    eng_reach r;
    eng_reach_compute(b->board, c, &r);
    bool any = false;
    for (int h = 0; h < b->t->nhexes && !any; h++) {
        const eng_track *tr = eng_board_track(b->board, h, NULL);
        for (int k = 0; k < tr->ncities && !any; k++)
            any = eng_station_check(b->board, &r, c, h, k, NULL, 0) == 0;
    }
    eng_reach_free(&r);
    return any;
}

/* step/train.rb can_buy_train?: room for a train and the money for the cheapest on offer —
 * the bank's, the pool's, or any other company's (at least 1); or none held (must buy). */
static bool train_asks(const eng_game *b, int c)
{
    const eng_company_state *s = &b->co[c];
    if (s->ntrains == 0)
        return true;
    if (s->ntrains >= eng_train_limit(b, c))
        return false;
    int least = INT_MAX;
    for (int k = 0; k < b->t->ntrains; k++)
        if (eng_bank_sells(b, k) || b->pool_trains[k] > 0)
            least = b->t->trains[k].cost < least ? b->t->trains[k].cost : least;
    for (int o = 0; o < b->t->ncompanies; o++)
        if (o != c && eng_is_major(b, o) && b->co[o].ntrains > 0)
            least = 1;
    return s->cash >= least;
}

/* A private the company holds with a power not used yet (18xx.games asks for a pass at the
 * last step while it has one: buy_company.rb). */
static bool holds_live_power(const eng_game *b, int c)
{
    for (int p = 0; p < b->t->ncompanies; p++) {
        const eng_company *co = &b->t->companies[p];
        if (co->kind != ENG_PRIVATE || b->co[p].held_by != c || b->co[p].closed)
            continue;
        unsigned all = (1u << co->powers.ntile_hexes) - 1;
        if (co->powers.token_hex >= 0)
            all |= 1u << 2;
        if (all & ~b->co[p].powers_used)
            return true;
    }
    return false;
}

/* step/buy_company.rb can_buy_company?: the phase lets companies buy privates, a player owns
 * one a company may buy, and the treasury holds its least price (half its value). */
static bool company_asks(const eng_game *b, int c)
{
    if (holds_live_power(b, c))
        return true;
    if (!b->t->phases[b->phase].privates_to_companies)
        return false;
    for (int p = 0; p < b->t->ncompanies; p++) {
        const eng_company *co = &b->t->companies[p];
        if (co->kind == ENG_PRIVATE && !co->never_to_company && !b->co[p].closed &&
            b->co[p].owner >= 0 && b->co[c].cash >= (co->price + 1) / 2)
            return true;
    }
    return false;
}

static bool asks_at(const xg_writer *x, xg_step step)
{
    const eng_game *b = x->before;
    int c = x->operating;
    switch (step) {
    case XG_AT_TRACK:
        return true;
    case XG_AT_TOKEN:
        return token_possible(b, c);
    case XG_AT_TRAIN:
        return train_asks(b, c);
    case XG_AT_COMPANY:
        return company_asks(b, c);
    default:
        return false; /* a run is declared, never passed */
    }
}

void xg_steps_to(xg_writer *x, xg_step to)
{
    for (; x->step < to; x->step++)
        if (asks_at(x, x->step))
            xg_company_action(x, "pass", x->operating);
}
