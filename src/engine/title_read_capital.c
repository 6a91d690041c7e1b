/* title_read_capital: a title's capitalisation by the train on sale, its float percents by the
 * same, and its majors' destinations (1856; docs/titles.md) — read once the companies and the
 * trains are, each step naming a train kind of the title:
 *
 *   "capitalisation": {"modes": [{"from": "2", "mode": "escrow"}, ...],
 *                      "escrow_percent": 50,
 *                      "float_percent": [{"from": "2", "percent": 20}, ...]}
 *   a major's "destination": "N17" (from its home), or {"from": "F15", "to": ["A20"]}
 *
 * A title whose "capitalisation" is a word ("full", "incremental") has none of this. */
#include "engine/title_loader.h"

#include <stdio.h>

/* The steps of one list, each in force from its train kind on, in the order of the trains. */
static bool read_steps(struct loader *L, const cJSON *cap, const char *key, const char *value,
                       eng_capital_step *steps, int *n)
{
    const cJSON *list = get_array(L, "capitalisation", cap, key, false);
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        char where[64], train[ENG_ID];
        snprintf(where, sizeof where, "capitalisation.%s[%d]", key, *n);
        if (*n == ENG_MAX_CAPITAL_STEPS)
            return bad(L, "%s: too many steps", where);
        if (!get_str(L, where, it, "from", train, sizeof train, true))
            return false;
        eng_capital_step *st = &steps[(*n)++];
        st->from_train = eng_train_index(L->t, train);
        if (st->from_train < 0)
            return bad(L, "%s.from: there is no train \"%s\"", where, train);
        if (*n > 1 && st->from_train <= steps[*n - 2].from_train)
            return bad(L, "%s.from: the steps go in the order of the trains", where);
        if (strcmp(value, "mode") == 0) {
            int k = word_index(member(it, "mode"),
                               (const char *const[]){"full", "incremental", "escrow"}, 3);
            if (k < 0)
                return bad(L, "%s.mode: must be \"full\", \"incremental\" or \"escrow\"", where);
            st->value = ENG_CAPITAL_FULL + k;
        } else if (!get_int(L, where, it, value, &st->value, 0) || st->value <= 0 ||
                   st->value > 100) {
            return bad(L, "%s.%s: a percent from 1 to 100", where, value);
        }
    }
    if (list && *n == 0)
        return bad(L, "capitalisation.%s: at least one step", key);
    if (*n && steps[0].from_train != 0)
        return bad(L, "capitalisation.%s[0].from: the first step is from the first train", key);
    return !L->failed;
}

static bool read_capitalisation(struct loader *L, const cJSON *root)
{
    const cJSON *cap = member(root, "capitalisation");
    eng_capitalisation *c = &L->t->capital;
    if (!cJSON_IsObject(cap))
        return true;
    if (!read_steps(L, cap, "modes", "mode", c->modes, &c->nmodes) ||
        !read_steps(L, cap, "float_percent", "percent", c->floats, &c->nfloats) ||
        !get_int(L, "capitalisation", cap, "escrow_percent", &c->escrow_percent, 50))
        return false;
    if (c->nmodes == 0)
        return bad(L, "capitalisation.modes: is missing");
    if (c->escrow_percent <= 0 || c->escrow_percent > 100)
        return bad(L, "capitalisation.escrow_percent: a percent from 1 to 100");
    return true;
}

static bool read_hex(struct loader *L, const char *where, const cJSON *v, int *hex)
{
    if (!cJSON_IsString(v))
        return bad(L, "%s: a hex's name", where);
    *hex = eng_hex_index(L->t, v->valuestring);
    return *hex >= 0 ? true : bad(L, "%s: there is no hex %s", where, v->valuestring);
}

/* A major's "destination": a hex reached from its home, or {"from": hex, "to": [hexes]}. */
static bool read_destination(struct loader *L, const cJSON *it, eng_company *c)
{
    char where[64];
    snprintf(where, sizeof where, "majors[%s].destination", c->id);
    const cJSON *d = member(it, "destination");
    c->dest_from = -1;
    c->ndest_hexes = 0;
    if (!d)
        return true;
    if (cJSON_IsString(d)) {
        c->ndest_hexes = 1;
        return read_hex(L, where, d, &c->dest_hexes[0]);
    }
    const cJSON *from = member(d, "from"), *to = member(d, "to"), *h;
    if (!cJSON_IsObject(d) || !cJSON_IsArray(to) || cJSON_GetArraySize(to) < 1 ||
        cJSON_GetArraySize(to) > 2)
        return bad(L, "%s: a hex, or {\"from\": hex, \"to\": [one or two hexes]}", where);
    if (from && !read_hex(L, where, from, &c->dest_from))
        return false;
    cJSON_ArrayForEach(h, to)
    {
        if (!read_hex(L, where, h, &c->dest_hexes[c->ndest_hexes++]))
            return false;
    }
    return true;
}

static bool read_destinations(struct loader *L, const cJSON *root)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, member(root, "majors"))
    {
        const cJSON *id = member(it, "id");
        int c = cJSON_IsString(id) ? eng_company_index(L->t, id->valuestring) : -1;
        if (c < 0 || !read_destination(L, it, &L->t->companies[c]))
            return !L->failed;
    }
    return true;
}

/* Escrow is paid on reaching a destination: every major but a formed one needs one. */
static bool check_escrow_destinations(struct loader *L)
{
    const eng_title *t = L->t;
    bool escrow = false;
    for (int i = 0; i < t->capital.nmodes; i++)
        escrow |= t->capital.modes[i].value == ENG_CAPITAL_ESCROW;
    for (int c = 0; escrow && c < t->ncompanies; c++)
        if (t->companies[c].kind == ENG_MAJOR && !t->companies[c].formed &&
            t->companies[c].ndest_hexes == 0)
            return bad(L, "majors[%s]: capitalisation in escrow needs its \"destination\"",
                       t->companies[c].id);
    return true;
}

bool eng_title_read_capital(struct loader *L, const cJSON *root)
{
    for (int c = 0; c < L->t->ncompanies; c++)
        L->t->companies[c].dest_from = -1;
    return read_capitalisation(L, root) && read_destinations(L, root) &&
           check_escrow_destinations(L);
}
