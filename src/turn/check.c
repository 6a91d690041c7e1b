/* check: an order's names against the title — companies (by id or alias), trains, tiles, hexes,
 * goals — so that the acknowledgement can refuse a line naming something the game does not
 * have, with "did you mean" where a name is near one it has, and store the order with the
 * title's own names (the parser knows the language, not the game). Player names (BUY ... FROM
 * bob) are checked when the order is carried out. Pure. */
#include "turn/internal.h"
#include "util/util.h"

#include <stdio.h>
#include <string.h>

/* The refusal: "this game has no company "SXX"", with the nearest known name when one is near. */
static int no(char *why, size_t len, const char *what, const char *name, const char *near)
{
    if (near)
        snprintf(why, len, "this game has no %s \"%s\": did you mean \"%s\"?", what, name, near);
    else
        snprintf(why, len, "this game has no %s \"%s\"", what, name);
    return -1;
}

static const char *near_company(const eng_title *t, const char *name)
{
    for (int c = 0; c < t->ncompanies; c++) {
        if (str_is_near(name, t->companies[c].id))
            return t->companies[c].id;
        for (int k = 0; k < t->companies[c].naliases; k++)
            if (str_is_near(name, t->companies[c].aliases[k]))
                return t->companies[c].id;
    }
    return NULL;
}

static const char *near_train(const eng_title *t, const char *name)
{
    for (int k = 0; k < t->ntrains; k++)
        if (str_is_near(name, t->trains[k].name))
            return t->trains[k].name;
    return NULL;
}

static const char *near_tile(const eng_title *t, const char *name)
{
    for (int k = 0; k < t->ntiles; k++)
        if (str_is_near(name, t->tiles[k].id))
            return t->tiles[k].id;
    return NULL;
}

static const char *near_place(const eng_title *t, const char *name)
{
    return turn_place_near(t, name);
}

/* A company name in place: its id. */
static int company(const eng_title *t, char *name, char *why, size_t len)
{
    if (!name[0])
        return 0;
    int c = eng_company_index(t, name);
    if (c < 0)
        return no(why, len, "company", name, near_company(t, name));
    snprintf(name, ORD_NAME, "%s", t->companies[c].id);
    return 0;
}

static int train(const eng_title *t, char *name, char *why, size_t len)
{
    if (!name[0])
        return 0;
    int k = eng_train_index(t, name);
    if (k < 0)
        return no(why, len, "train", name, near_train(t, name));
    snprintf(name, ORD_NAME, "%s", t->trains[k].name);
    return 0;
}

static int hex(const eng_title *t, char *id, size_t size, char *why, size_t len)
{
    if (!id[0])
        return 0;
    int h = eng_hex_index(t, id);
    if (h < 0)
        return no(why, len, "hex", id, near_place(t, id));
    snprintf(id, size, "%s", t->hexes[h].id);
    return 0;
}

static int tile(const eng_title *t, char *id, char *why, size_t len)
{
    if (!id[0])
        return 0;
    int k = eng_tile_index(t, id);
    if (k < 0)
        return no(why, len, "tile", id, near_tile(t, id));
    snprintf(id, ORD_NAME, "%s", t->tiles[k].id);
    return 0;
}

static int goal(const eng_title *t, char *name, char *why, size_t len)
{
    if (!name[0])
        return 0;
    int h = turn_goal_hex(t, name);
    if (h < 0)
        return no(why, len, "city or hex", name, near_place(t, name));
    snprintf(name, ORD_NAME, "%s", t->hexes[h].id);
    return 0;
}

/* House rule 20: a percentage names that certificate; one no certificate of the company has
 * ("BUY 30% BA") is that many of its shares. */
static int certificates(const eng_title *t, ord_action *a, char *why, size_t len)
{
    int c = eng_company_index(t, a->company);
    if (!a->percent || c < 0 || (a->kind != ORD_BUY && a->kind != ORD_SELL))
        return 0;
    const eng_company *co = &t->companies[c];
    int share = 0;
    for (int k = 0; k < co->ncerts; k++) {
        if (co->certs[k].percent == a->percent)
            return 0;
        if (!co->certs[k].director && (!share || co->certs[k].percent < share))
            share = co->certs[k].percent;
    }
    if (!share || a->percent % share || a->count > 1) {
        snprintf(why, len, "%s has no %d%% certificate", co->id, a->percent);
        return -1;
    }
    a->count = a->percent / share;
    a->percent = 0;
    return 0;
}

static int check_action(const eng_title *t, ord_action *a, char *why, size_t len)
{
    if (company(t, a->company, why, len) || train(t, a->train, why, len) ||
        hex(t, a->hex, sizeof a->hex, why, len) || tile(t, a->tile, why, len) ||
        goal(t, a->goal, why, len) || certificates(t, a, why, len))
        return -1;
    for (int i = 0; i < a->nstops; i++)
        if (hex(t, a->stops[i], sizeof a->stops[i], why, len))
            return -1;
    return 0;
}

int turn_canonical_order(const eng_title *t, ord_order *o, char *why, size_t len)
{
    if (company(t, o->section, why, len))
        return -1;
    for (int i = 0; i < o->nconds; i++) {
        ord_cond *c = &o->conds[i];
        if (c->kind == ORD_IF_TRAIN ? train(t, c->name, why, len) : company(t, c->name, why, len))
            return -1;
    }
    for (int i = 0; i < o->nalts; i++)
        if (check_action(t, &o->alts[i], why, len))
            return -1;
    return 0;
}

int turn_check_order(const eng_title *t, const ord_order *o, char *why, size_t len)
{
    ord_order copy = *o;
    return turn_canonical_order(t, &copy, why, len);
}
