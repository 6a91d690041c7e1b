/* import_ids: 18xx.games' ids in a game file read as pbemgm's things — players by their ids,
 * companies and start items by 18xx.games' names (the title's "18xx.games" ids, else its ids
 * and aliases), shares "PRR_5", trains "D-0" and who holds each, tiles "57-1" and the hex each
 * lies on, rotations and cities ("C11-0-2": the number of its part) as the title's "18xx.games"
 * section maps them (eng_xgames). */
#include "xgames/import_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int xg_seat_of(const xg_importer *x, const cJSON *id)
{
    char text[64];
    if (cJSON_IsNumber(id))
        snprintf(text, sizeof text, "%d", id->valueint);
    else if (cJSON_IsString(id))
        snprintf(text, sizeof text, "%s", id->valuestring);
    else
        return -1;
    for (int p = 0; p < x->nplayers; p++)
        if (strcmp(x->player_ids[p], text) == 0)
            return p;
    return -1;
}

int xg_company_of(const xg_importer *x, const char *name)
{
    if (!name)
        return -1;
    int c = eng_xg_company_named(x->t, name); /* the section's ids first (1835's minor "1") */
    return c >= 0 ? c : eng_company_index(x->t, name);
}

int xg_item_of(const xg_importer *x, const char *name)
{
    if (!name)
        return -1;
    int item = eng_xg_item_named(x->t, name); /* 1835's "BY_D", "1" */
    return item >= 0 ? item : eng_start_item_named(x->t, name);
}

/* "D-0": the part before the last '-' into out. */
static void before_last_dash(const char *id, char *out, size_t len)
{
    snprintf(out, len, "%s", id);
    char *dash = strrchr(out, '-');
    if (dash)
        *dash = '\0';
}

int xg_train_type(const xg_importer *x, const char *id)
{
    char name[XG_ID];
    before_last_dash(id, name, sizeof name);
    return eng_train_index(x->t, name);
}

/* Where id is in list (of n), or `otherwise` when it is not there. */
static int where(const xg_placed *list, int n, const char *id, int otherwise)
{
    for (int i = 0; i < n; i++)
        if (strcmp(list[i].id, id) == 0)
            return list[i].at;
    return otherwise;
}

/* id is at `at` now: its entry in list (of *n, at most max), added when new. */
static void put(xg_placed *list, int *n, int max, const char *id, int at)
{
    int i = 0;
    while (i < *n && strcmp(list[i].id, id) != 0)
        i++;
    if (i == *n) {
        if (*n == max)
            return;
        snprintf(list[(*n)++].id, XG_ID, "%s", id);
    }
    list[i].at = at;
}

int xg_train_holder(const xg_importer *x, const char *id)
{
    return where(x->trains, x->ntrains, id, XG_DEPOT);
}

void xg_train_moves(xg_importer *x, const char *id, int holder)
{
    put(x->trains, &x->ntrains, XG_MAX_TRAIN_IDS, id, holder);
}

bool xg_share_of(const xg_importer *x, const char *id, int *company, int *index)
{
    const char *us = id ? strrchr(id, '_') : NULL;
    if (!us || us == id || !us[1])
        return false;
    char name[XG_ID];
    snprintf(name, sizeof name, "%.*s", (int)(us - id), id);
    char *end;
    long k = strtol(us + 1, &end, 10);
    *company = xg_company_of(x, name);
    *index = (int)k;
    return *company >= 0 && *end == '\0' && k >= 0 && k < XG_MAX_SHARE_IDS;
}

void xg_tile_laid(xg_importer *x, const char *id, int hex)
{
    put(x->tiles, &x->ntiles, XG_MAX_TILE_IDS, id, hex);
}

int xg_tile_hex(const xg_importer *x, const char *id)
{
    int hex = where(x->tiles, x->ntiles, id, -1);
    if (hex >= 0)
        return hex;
    char name[XG_ID];
    before_last_dash(id, name, sizeof name); /* a preprinted hex's tile: "D14-0" */
    return eng_hex_index(x->t, name);
}

void xg_tile_name(const char *id, char *out, size_t len)
{
    before_last_dash(id, out, len);
}

static const eng_xg_place *place_of(const eng_xg_place *places, int n, int index)
{
    for (int i = 0; i < n; i++)
        if (places[i].index == index)
            return &places[i];
    return NULL;
}

int xg_rotation(const eng_title *t, int tile, int rotation)
{
    const eng_xg_place *p = place_of(t->xgames.tiles, t->xgames.ntiles, tile);
    return ((rotation + (p ? p->rotation : 0)) % 6 + 6) % 6;
}

int xg_city(const eng_title *t, int tile, int hex, int k)
{
    const eng_xg_place *p = tile >= 0 ? place_of(t->xgames.tiles, t->xgames.ntiles, tile)
                                      : place_of(t->xgames.hexes, t->xgames.nhexes, hex);
    for (int i = 0; p && i < p->ncity_parts; i++) /* the number is its part's ("C11-0-2") */
        if (p->city_parts[i] == k) {
            k = i;
            break;
        }
    return p && p->ncities > k && k >= 0 ? p->cities[k] : k;
}
