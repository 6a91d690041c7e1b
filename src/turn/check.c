/* check: an order's names against the title — companies, trains, tiles, hexes, goals — so that
 * the acknowledgement can refuse a line naming something the game does not have (the parser
 * knows the language, not the game). Player names (BUY ... FROM bob) are checked when the order
 * is carried out. Pure. */
#include "turn/turn.h"

#include <stdio.h>

static int no(char *why, size_t len, const char *what, const char *name)
{
    snprintf(why, len, "this game has no %s \"%s\"", what, name);
    return -1;
}

static int check_company(const eng_title *t, const char *id, char *why, size_t len)
{
    return !id[0] || eng_company_index(t, id) >= 0 ? 0 : no(why, len, "company", id);
}

static int check_train(const eng_title *t, const char *name, char *why, size_t len)
{
    return !name[0] || eng_train_index(t, name) >= 0 ? 0 : no(why, len, "train", name);
}

static int check_hex(const eng_title *t, const char *id, char *why, size_t len)
{
    return !id[0] || eng_hex_index(t, id) >= 0 ? 0 : no(why, len, "hex", id);
}

static int check_action(const eng_title *t, const ord_action *a, char *why, size_t len)
{
    if (check_company(t, a->company, why, len) || check_train(t, a->train, why, len) ||
        check_hex(t, a->hex, why, len))
        return -1;
    if (a->tile[0] && eng_tile_index(t, a->tile) < 0)
        return no(why, len, "tile", a->tile);
    if (a->goal[0] && turn_goal_hex(t, a->goal) < 0)
        return no(why, len, "city or hex", a->goal);
    for (int i = 0; i < a->nstops; i++)
        if (check_hex(t, a->stops[i], why, len))
            return -1;
    return 0;
}

int turn_check_order(const eng_title *t, const ord_order *o, char *why, size_t len)
{
    if (check_company(t, o->section, why, len))
        return -1;
    for (int i = 0; i < o->nconds; i++) {
        const ord_cond *c = &o->conds[i];
        if (c->kind == ORD_IF_TRAIN ? check_train(t, c->name, why, len)
                                    : check_company(t, c->name, why, len))
            return -1;
    }
    for (int i = 0; i < o->nalts; i++)
        if (check_action(t, &o->alts[i], why, len))
            return -1;
    return 0;
}
