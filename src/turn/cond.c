/* cond: what the turn asks of the game without changing it — whether an order's conditions
 * hold now (house rule 12's IF), where an order starts, a player's next order of some kinds,
 * what one more train would earn a company. */
#include "engine/routes.h"
#include "turn/internal.h"

#include <stdlib.h>
#include <strings.h>

int turn_run_with_train(const eng_game *g, int company, int type)
{
    eng_game *more = eng_game_copy(g);
    eng_company_state *s = &more->co[company];
    eng_run run;
    if (s->ntrains < ENG_MAX_TRAINS)
        s->trains[s->ntrains++] = type;
    int revenue = eng_best_run(more, company, &run);
    eng_game_free(more);
    return revenue;
}
static bool compare(int have, ord_cmp cmp, int want)
{
    switch (cmp) {
    case ORD_GE: return have >= want;
    case ORD_LE: return have <= want;
    case ORD_GT: return have > want;
    case ORD_LT: return have < want;
    case ORD_EQ: return have == want;
    }
    return false;
}

int turn_unsold_item(const eng_game *g, int company)
{
    for (int i = 0; i < g->t->nstart_items; i++)
        if (!g->item_sold[i] && g->t->start_items[i].company == company)
            return i;
    return -1;
}

/* A certificate of the company can be bought now: from the start packet, the IPO or the pool. */
static bool available(const eng_game *g, int c)
{
    if (turn_unsold_item(g, c) >= 0)
        return true;
    if (!eng_is_major(g, c) || g->co[c].closed)
        return false;
    for (int k = 0; k < g->co[c].ncerts; k++) {
        int owner = g->co[c].certs[k].owner;
        if (owner == ENG_POOL || (owner == ENG_IPO && g->co[c].available))
            return true;
    }
    return false;
}

static bool train_available(const eng_game *g, int type)
{
    return type >= 0 && (eng_bank_sells(g, type) || g->pool_trains[type] > 0);
}

static bool cond_holds(const turn_ctx *x, int player, const ord_order *o, const ord_cond *c)
{
    const eng_game *g = x->g;
    int co = eng_company_index(g->t, c->name), section = eng_company_index(g->t, o->section);
    bool r = false;
    switch (c->kind) {
    case ORD_IF_AVAILABLE: r = co >= 0 && available(g, co); break;
    case ORD_IF_DIRECT: r = co >= 0 && eng_company_holder(g, co) == player; break;
    case ORD_IF_CASH:
        r = compare(section >= 0 ? g->co[section].cash : g->players[player].cash, c->cmp,
                    c->value);
        break;
    case ORD_IF_PHASE: r = compare(atoi(g->t->phases[g->phase].name), c->cmp, c->value); break;
    case ORD_IF_TRAIN: r = train_available(g, eng_train_index(g->t, c->name)); break;
    }
    return c->negate ? !r : r;
}

bool turn_conds_hold(const turn_ctx *x, int player, const ord_order *o)
{
    for (int i = 0; i < o->nconds; i++)
        if (!cond_holds(x, player, o, &o->conds[i]))
            return false;
    return true;
}

int turn_first_alt(const turn_ctx *x, int player, const ord_order *o)
{
    if (turn_conds_hold(x, player, o))
        return 0;
    return o->nalts > 1 ? 1 : -1;
}

int turn_next_order(const turn_ctx *x, int player, const char *section, unsigned kinds, int pos)
{
    const turn_orders *po = &x->pl[player];
    if (!po->o)
        return -1;
    for (int i = pos < 0 ? 0 : pos; i < po->o->n; i++) {
        const ord_order *o = &po->o->v[i];
        if (po->used[i] < USED_UP && strcasecmp(o->section, section) == 0 &&
            (kinds & KIND(o->alts[0].kind)))
            return i;
    }
    return -1;
}
