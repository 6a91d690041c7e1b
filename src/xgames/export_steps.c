/* export_steps: where an operating company's turn stands among 18xx.games' steps (its
 * operating round: track, token, route and dividend, trains, companies — lib/engine/game/
 * g_1830/game.rb operating_round, read for the order; 1856's loan step after the trains) and
 * the passes it asks for; 1856's destination check after the track step. pbemgm
 * passes a step by acting at a later one (or SKIP, DONE); 18xx.games asks for a pass at a step
 * only when something could be done there (step/track.rb, token.rb, buy_train.rb,
 * buy_company.rb `actions`), and skips the others by itself. The questions are answered on the
 * game as pbemgm has it before the action written, the same position. */
#include "xgames/export_internal.h"


#include <limits.h>
#include <stdlib.h>

/* A private whose tile and station go on the same hex (1830's D&H: 18xx.games' teleport). */
bool xg_teleport_power(const eng_title *t, int private)
{
    const eng_powers *pw = &t->companies[private].powers;
    if (pw->closes_at_turn_end)
        return false; /* (its tile and station may come apart in the turn: 18xx.games has a
                       * tile_lay and a token ability, 1856's W&SR) */
    for (int k = 0; k < pw->ntile_hexes; k++)
        if (pw->tile_hexes[k] == pw->token_hex)
            return true;
    return false;
}

/* Whether company c holds a private whose free station it has not placed: 18xx.games counts
 * its price, 0, among the company's token prices (step/tokener.rb min_token_price; 1856's
 * W&SR; a teleport, 1830's D&H, is not a token ability there). */
static bool free_station_held(const eng_game *b, int c)
{
    for (int p = 0; p < b->t->ncompanies; p++) {
        const eng_powers *pw = &b->t->companies[p].powers;
        if (b->co[p].held_by == c && !b->co[p].closed && pw->token_hex >= 0 && pw->token_free &&
            !eng_private_station_used(b, p) && !xg_teleport_power(b->t, p))
            return true;
    }
    return false;
}

/* step/token.rb can_place_token?: a station marker left, its price in the treasury (with a
 * loan it may take, before its run: g_1856 step/token.rb buying_power), and a city with room
 * for it that the company's track reaches, as 18xx.games follows track; or a private's station
 * power left that keeps the step asking (xg_token_power_waits). */
static bool token_possible(const xg_writer *x, const eng_game *b, int c)
{
    const eng_company *co = &b->t->companies[c];
    int placed = eng_stations_placed(b, c);
    if (xg_token_power_waits(b, c))
        return true;
    int power = b->co[c].cash + xg_loan_power(b, c, x->took_loan, false);
    if (placed >= co->ntokens || (power < co->token_costs[placed] && !free_station_held(b, c)))
        return false;
    uint32_t *seen = xg_reach(b, c);
    bool any = false;
    for (int h = 0; h < b->t->nhexes && !any; h++) {
        const eng_track *tr = eng_board_track(b->board, h, NULL);
        for (int k = 0; k < tr->ncities && !any; k++)
            any = xg_city_reached(seen, h, k) &&
                  eng_station_check(b->board, NULL, c, h, k, NULL, 0) == 0;
    }
    free(seen);
    return any;
}

/* step/train.rb can_buy_train?: room for a train and the money for the cheapest on offer —
 * the bank's, the pool's (not after the phase's depot_trains_per_turn bought: 18GA's
 * step/single_depot_train_buy.rb), or, in a phase that lets companies sell each other trains,
 * any other company's (at least 1; depot.rb other_trains, a minor's too); or none held by a
 * major (it must buy; a minor never must, as in pbemgm: 1835's step/buy_train.rb
 * must_buy_train?). */
static bool train_asks(const eng_game *b, int c)
{
    const eng_company_state *s = &b->co[c];
    if (s->ntrains == 0 && eng_is_major(b, c))
        return true;
    if (s->ntrains >= eng_train_limit(b, c))
        return false;
    int least = INT_MAX, depot_limit = b->t->phases[b->phase].depot_trains_per_turn;
    bool depot_open = depot_limit == 0 || s->depot_trains < depot_limit;
    for (int k = 0; k < b->t->ntrains && depot_open; k++)
        if (eng_bank_sells(b, k) || b->pool_trains[k] > 0)
            least = b->t->trains[k].cost < least ? b->t->trains[k].cost : least;
    for (int o = 0; o < b->t->ncompanies && b->t->phases[b->phase].trains_between_companies; o++)
        if (o != c && !b->co[o].closed && b->co[o].ntrains > 0)
            least = 1;
    return s->cash >= least;
}

/* A private the company holds with an extra tile lay not used yet (1830's C&StL): 18xx.games
 * asks for a pass at the last step while it has one (buy_company.rb: an ability of the
 * corporation's usable now; the D&H's teleport has no such time). */
static bool holds_extra_lay(const eng_game *b, int c)
{
    for (int p = 0; p < b->t->ncompanies; p++) {
        const eng_company *co = &b->t->companies[p];
        if (co->kind != ENG_PRIVATE || b->co[p].held_by != c || b->co[p].closed ||
            !co->powers.tile_extra || xg_track_power(b, p)) /* (that one: its track step's) */
            continue;
        unsigned all = (1u << co->powers.ntile_hexes) - 1;
        if (all & ~b->co[p].powers_used)
            return true;
    }
    return false;
}

/* step/buy_company.rb can_buy_company?: the phase lets companies buy privates, a player owns
 * one a company may buy, and the treasury holds its least price (half its value) — with the
 * loan it may still take, in a title with a loan step (1856). */
static bool company_asks(const xg_writer *x, const eng_game *b, int c)
{
    if (holds_extra_lay(b, c))
        return true;
    if (!b->t->phases[b->phase].privates_to_companies)
        return false;
    int power = b->co[c].cash + xg_loan_power(b, c, x->took_loan, true);
    for (int p = 0; p < b->t->ncompanies; p++) {
        const eng_company *co = &b->t->companies[p];
        if (co->kind == ENG_PRIVATE && !co->never_to_company && !b->co[p].closed &&
            b->co[p].owner >= 0 && power >= (co->price + 1) / 2)
            return true;
    }
    return false;
}

/* Whether the private's tile power is there still: a hex of it unused, or, its uses not
 * counted there (the section's "tile_powers_last"), the power at all. */
static bool tile_power_left(const eng_game *g, int p)
{
    const eng_company *co = &g->t->companies[p];
    unsigned all = (1u << co->powers.ntile_hexes) - 1;
    if (all & ~g->co[p].powers_used)
        return true;
    for (int i = 0; i < g->t->xgames.nlasting; i++)
        if (g->t->xgames.lasting[i] == p)
            return all != 0;
    return false;
}

bool xg_director_lay_waits(const eng_game *g, int c)
{
    int director = g->co[c].director;
    if (!eng_is_major(g, c) || director < 0)
        return false;
    for (int p = 0; p < g->t->ncompanies; p++) {
        const eng_company *co = &g->t->companies[p];
        if (co->kind == ENG_PRIVATE && !co->powers.user_owning_company && !g->co[p].closed &&
            g->co[p].owner == director && g->co[p].held_by == ENG_NONE && tile_power_left(g, p))
            return true;
    }
    return false;
}

bool xg_step_asks(const xg_writer *x, xg_step step)
{
    const eng_game *b = x->before;
    int c = x->operating;
    switch (step) {
    case XG_AT_TRACK:
        return true;
    case XG_AT_TOKEN:
        return token_possible(x, b, c);
    case XG_AT_TRAIN:
        return train_asks(b, c);
    case XG_AT_LOAN:
        return xg_loan_step_asks(b, c, x->took_loan);
    case XG_AT_COMPANY:
        return company_asks(x, b, c);
    default:
        return false; /* a run is declared, never passed */
    }
}

void xg_steps_to(xg_writer *x, xg_step to)
{
    for (; x->step < to; x->step++) {
        cJSON *pass = xg_step_asks(x, x->step) ? xg_company_action(x, "pass", x->operating) : NULL;
        if (x->step == XG_AT_TRACK)
            xg_track_step_over(x, pass);
    }
}

void xg_track_step_over(xg_writer *x, cJSON *last)
{
    if (x->t->xgames.destination_check && !x->checked) {
        x->check_on = last ? last : cJSON_GetArrayItem(x->actions,
                                                       cJSON_GetArraySize(x->actions) - 1);
        x->checked = true;
    }
}

void xg_write_check(xg_writer *x)
{
    for (int c = 0; c < x->t->ncompanies; c++)
        x->reached[c] |= !x->before->co[c].destination_reached && x->g->co[c].destination_reached;
    if (!x->check_on)
        return;
    cJSON *autos = cJSON_GetObjectItemCaseSensitive(x->check_on, "auto_actions");
    if (!autos)
        autos = cJSON_AddArrayToObject(x->check_on, "auto_actions");
    cJSON *check = cJSON_CreateObject(), *list = cJSON_CreateArray();
    cJSON_AddStringToObject(check, "type", "destination_connection");
    const cJSON *by = cJSON_GetObjectItemCaseSensitive(x->check_on, "entity"); /* (the round
                                                                           * may be over) */
    cJSON_AddStringToObject(check, "entity", cJSON_IsString(by) ? by->valuestring : "");
    cJSON_AddStringToObject(check, "entity_type", "corporation");
    for (int c = 0; c < x->t->ncompanies; c++)
        if (x->reached[c]) {
            cJSON_AddItemToArray(list, cJSON_CreateString(xg_company_name(x->t, c)));
            x->reached[c] = false;
        }
    cJSON_AddItemToObject(check, "corporations", list);
    cJSON_AddItemToArray(autos, check);
    x->check_on = NULL;
}
