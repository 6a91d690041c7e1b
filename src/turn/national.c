/* national: a national's director's choices after it formed, on his orders (1856's CGR; the
 * engine's round: titles/t1856.c). EXCHANGE STATION hex [CITY n] (any section) takes over a
 * station of a company merged into it; DISCARD train (the national's section) discards one of
 * its trains; each in the order written, while its moment lasts (a DISCARD waits for the
 * trains). Without one, or once they are used, the director passes: the fixed rule decides
 * the rest (docs/orders.md). */
#include "turn/internal.h"

#include <stdio.h>

/* The city of hex h holding a station of a company merged into the national: the one named
 * (1-based), else the only one; -1 none, -2 more than one (which?). */
static int given_up_city(const eng_game *g, int h, int named)
{
    if (named > 0)
        return named - 1;
    int found = -1;
    for (int c = 0; c < ENG_MAX_CITIES; c++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++) {
            int x = g->board->tokens[h][c][s];
            if (x >= 0 && x != g->t->national.company && ((g->national_merging >> x) & 1u))
                found = found == -1 || found == c ? c : -2;
        }
    return found;
}

/* The engine's action for the order: 0, or -1 with why. */
static int choice_action(const eng_game *g, int p, const ord_action *o, eng_action *a, char *why,
                         size_t len)
{
    *a = (eng_action){.player = p, .company = g->t->national.company};
    if (o->kind == ORD_DISCARD) {
        a->kind = ENG_ACT_DISCARD_TRAIN;
        a->train = eng_train_index(g->t, o->train);
        return 0;
    }
    a->kind = ENG_ACT_TOKEN;
    a->hex = turn_place_hex(g->t, o->hex);
    if (a->hex < 0)
        return snprintf(why, len, "there is no hex %s", o->hex), -1;
    a->city = given_up_city(g, a->hex, o->city);
    if (a->city == -2)
        return snprintf(why, len, "%s has stations of more than one company merged: which? "
                                  "(EXCHANGE STATION %s CITY n)", o->hex, o->hex), -1;
    if (a->city < 0)
        return snprintf(why, len, "no company merged has a station on %s", o->hex), -1;
    return 0;
}

/* The next order for this moment of the choices: an EXCHANGE STATION while the stations are
 * chosen, a DISCARD in the national's section while the trains are; -1 none. */
static int next_choice(const turn_ctx *x, int p)
{
    const eng_game *g = x->g;
    bool stations = g->national_choosing == ENG_NATIONAL_CHOOSES_STATIONS;
    const char *section = stations ? NULL : g->t->companies[g->t->national.company].id;
    const turn_orders *po = &x->pl[p];
    for (int i = 0; po->o && i < po->o->n; i++) {
        const ord_order *o = &po->o->v[i];
        if (po->used[i] >= USED_UP)
            continue;
        if (stations && ord_station_exchange(&o->alts[0]))
            return i;
        if (!stations && turn_next_order(x, p, section, KIND(ORD_DISCARD), i) == i)
            return i;
    }
    return -1;
}

/* Player p's order i for the choices: whether it was carried out. */
static bool carry_out(turn_ctx *x, int p, int i)
{
    const ord_order *o = &x->pl[p].o->v[i];
    char why[256];
    eng_action a;
    x->pl[p].used[i] = USED_UP;
    if (!turn_conds_hold(x, p, o)) {
        turn_say_order(x, p, o, "its condition does not hold: skipped");
        turn_not_done(x, p, i, "its condition did not hold in the formation round");
        return false;
    }
    if (choice_action(x->g, p, &o->alts[0], &a, why, sizeof why) ||
        turn_act(x, &a, why, sizeof why)) {
        turn_say_order(x, p, o, "");
        turn_say(x, "    not carried out: %s", why);
        turn_not_done(x, p, i, "%s", why);
        return false;
    }
    turn_done(x, p, i);
    return true;
}

void turn_national_choices(turn_ctx *x, int p)
{
    int i;
    while ((i = next_choice(x, p)) >= 0)
        if (carry_out(x, p, i))
            return; /* (one choice a call: the next moment may be another's) */
    char why[256];
    eng_action pass = {.kind = ENG_ACT_PASS, .player = p}; /* the fixed rule for the rest */
    turn_act(x, &pass, why, sizeof why);
}
