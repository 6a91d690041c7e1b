/* steps: 18xx.games' operating steps that ask for an action where pbemgm's engine asks none,
 * as both the importer and the exporter must know them (steps_internal.h). The questions are
 * answered on the game as pbemgm has it, the same position as 18xx.games'. */
#include "xgames/steps_internal.h"

#include <string.h>

bool xg_track_power(const eng_game *g, int p)
{
    for (int i = 0; i < g->t->xgames.ntrack_powers; i++)
        if (g->t->xgames.track_powers[i] == p)
            return true;
    return false;
}

bool xg_track_waits(const eng_game *g, int c)
{
    bool may_buy = g->t->phases[g->phase].privates_to_companies;
    for (int p = 0; p < g->t->ncompanies; p++) {
        const eng_company *co = &g->t->companies[p];
        const eng_company_state *s = &g->co[p];
        if (!xg_track_power(g, p) || s->closed)
            continue;
        unsigned all = (1u << co->powers.ntile_hexes) - 1;
        if (s->held_by == c && co->powers.tile_extra && (all & ~s->powers_used))
            return true;
        if (may_buy && s->held_by == ENG_NONE && s->owner >= 0 && !co->never_to_company &&
            g->co[c].cash >= (co->price + 1) / 2)
            return true;
    }
    return false;
}

/* The shares of company c its players hold, in tens of percent. */
static int player_shares(const eng_game *g, int c)
{
    int percent = 0;
    for (int p = 0; p < g->nplayers; p++)
        percent += eng_percent_held(g, c, p);
    return percent / 10;
}

/* Whether company c may take a loan there now (game.rb can_take_loan?). */
static bool may_take_loan(const eng_game *g, int c, bool took_loan)
{
    const eng_xgames *x = &g->t->xgames;
    if (!x->loan_step || !eng_is_major(g, c))
        return false;
    bool phase_allows = true;
    for (int k = 0; k <= g->phase; k++)
        phase_allows &= strcmp(g->t->phases[k].name, x->loans_until_phase) != 0;
    return phase_allows && !took_loan && g->co[c].loans < player_shares(g, c);
}

bool xg_loan_step_asks(const eng_game *g, int c, bool took_loan)
{
    const eng_company_state *s = &g->co[c];
    return (g->t->xgames.loan_step && eng_is_major(g, c) && s->loans > 0 &&
            s->cash >= g->t->xgames.loan_value) ||
           may_take_loan(g, c, took_loan);
}

int xg_loan_power(const eng_game *g, int c, bool took_loan, bool interest_paid)
{
    int value = g->t->xgames.loan_value;
    int interest = interest_paid ? value * g->t->loans.interest_percent / 100 : 0;
    return may_take_loan(g, c, took_loan) ? value - interest : 0;
}

bool xg_may_buy_private(const eng_game *g)
{
    int p = g->current, first = g->t->xgames.private_trades_first_sr ? 1 : 2;
    if (!g->t->privates_between_players || g->round != ENG_ROUND_STOCK ||
        g->stock_round_number < first || g->turn_bought || g->players[p].cash <= 0)
        return false;
    for (int c = 0; c < g->t->ncompanies; c++)
        if (g->t->companies[c].kind == ENG_PRIVATE && !g->co[c].closed &&
            !g->t->companies[c].never_to_company && g->co[c].owner >= 0 && g->co[c].owner != p)
            return true;
    return false;
}

bool xg_token_power_waits(const eng_game *g, int c)
{
    const eng_xgames *xs = &g->t->xgames;
    if (eng_stations_placed(g, c) >= g->t->companies[c].ntokens)
        return false; /* (no marker left for it) */
    for (int i = 0; i < xs->ntoken_powers; i++) {
        int p = xs->token_powers[i], hex = g->t->companies[p].powers.token_hex;
        if (g->co[p].held_by != c || g->co[p].closed || eng_private_station_used(g, p))
            continue;
        const eng_track *tr = eng_board_track(g->board, hex, NULL);
        for (int k = 0; k < tr->ncities; k++)
            if (eng_station_check(g->board, NULL, c, hex, k, NULL, 0) == 0)
                return true;
    }
    return false;
}
