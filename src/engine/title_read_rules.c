/* title_read_rules: rules of the 1830 family read once the rest of a title is (docs/titles.md;
 * brought by 18GA, each absent in 1830, 1835 and 1856, whose rules stay as they were):
 * - a phase's "depot_trains_per_turn" (the trains a company buys from the bank in a turn);
 * - the market's end spaces ("300e") and "market_end" ("round" or "set": when the game ends
 *   after a company's price reached one);
 * - a map hex's city's "neutral_stations" (circles held by no company from the start), and a
 *   map hex's "terminal" (its cities end every run);
 * - a hex's "only_tiles" ({"green": ["453a"]}: the only tiles of a colour laid there);
 * - a major's "homes" (several home stations) and "home_blocks_until_floated" (its home
 *   station placed when the game starts). */
#include "engine/title_loader.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool read_depot_limits(struct loader *L, const cJSON *root)
{
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, member(root, "phases"))
    {
        eng_phase *ph = &L->t->phases[i++];
        char where[64];
        snprintf(where, sizeof where, "phases[%s]", ph->name);
        if (!get_int(L, where, it, "depot_trains_per_turn", &ph->depot_trains_per_turn, 0))
            return false;
        if (ph->depot_trains_per_turn < 0)
            return bad(L, "%s.depot_trains_per_turn: a number of trains (0: no limit)", where);
    }
    return true;
}

/* The end spaces: a cell whose price ends in "e" ("300e"). */
static bool read_market_end(struct loader *L, const cJSON *root)
{
    eng_title *t = L->t;
    const cJSON *rows = member(member(root, "market"), "rows"), *r;
    int ri = 0;
    cJSON_ArrayForEach(r, rows)
    {
        int ci = 0;
        const cJSON *cell;
        cJSON_ArrayForEach(cell, r)
        {
            if (cJSON_IsString(cell) && strchr(cell->valuestring, 'e')) {
                if (!t->market_ends)
                    t->market_ends = xcalloc((size_t)(t->market_rows * t->market_cols) + 1,
                                             sizeof *t->market_ends);
                t->market_ends[ri * t->market_cols + ci] = true;
            }
            ci++;
        }
        ri++;
    }
    const cJSON *end = member(root, "market_end");
    int k = end ? word_index(end, (const char *const[]){"round", "set"}, 2) : 0;
    if (k < 0)
        return bad(L, "title.market_end: must be \"round\" or \"set\"");
    if (end && !t->market_ends)
        return bad(L, "title.market_end: the market has no end space (a cell like \"300e\")");
    t->market_end_set = k == 1;
    return true;
}

/* A tile list by colour: {"green": ["453a"]}. */
static bool read_only_tiles(struct loader *L, const char *where, const cJSON *obj, eng_hex *h)
{
    const cJSON *by = member(obj, "only_tiles"), *col;
    if (by && !cJSON_IsObject(by))
        return bad(L, "%s.only_tiles: an object of tile colours, as {\"green\": [\"453a\"]}",
                   where);
    cJSON_ArrayForEach(col, by)
    {
        int c = color_parse(col->string);
        if (c < ENG_YELLOW || c > ENG_GRAY || !cJSON_IsArray(col) || !cJSON_GetArraySize(col))
            return bad(L, "%s.only_tiles.%s: a tile colour with a list of tiles", where,
                       col->string);
        const cJSON *id;
        cJSON_ArrayForEach(id, col)
        {
            int k = cJSON_IsString(id) ? eng_tile_index(L->t, id->valuestring) : -1;
            if (k < 0 || L->t->tiles[k].track.color != (eng_color)c || h->nonly_tiles[c] == 4)
                return bad(L, "%s.only_tiles.%s: not a %s tile (at most 4)", where,
                           col->string, col->string);
            h->only_tiles[c][h->nonly_tiles[c]++] = k;
        }
    }
    return true;
}

static bool read_hex_rules(struct loader *L, const cJSON *root)
{
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, member(root, "hexes"))
    {
        eng_hex *h = &L->t->hexes[i++];
        char where[64];
        snprintf(where, sizeof where, "hexes[%s]", h->id);
        bool terminal;
        if (!read_only_tiles(L, where, it, h) ||
            !get_bool_or(L, where, it, "terminal", &terminal, false))
            return false;
        if (terminal && h->printed.ncities == 0)
            return bad(L, "%s.terminal: the hex has no city", where);
        for (int k = 0; k < h->printed.ncities; k++)
            h->printed.cities[k].terminal = terminal;
        const cJSON *city;
        int k = 0;
        cJSON_ArrayForEach(city, member(it, "cities"))
        {
            eng_city *ct = &h->printed.cities[k++];
            char w[96];
            snprintf(w, sizeof w, "%s.cities[%d]", where, k - 1);
            if (!get_int(L, w, city, "neutral_stations", &ct->neutral_stations, 0))
                return false;
            if (ct->neutral_stations < 0 || ct->neutral_stations > ct->slots)
                return bad(L, "%s.neutral_stations: 0 to its %d slots", w, ct->slots);
        }
    }
    return true;
}

/* "homes": the first is home_hex, the others more_homes; each hex must have a city. */
static bool read_homes(struct loader *L, const char *where, const cJSON *obj, eng_company *c)
{
    const cJSON *homes = member(obj, "homes"), *it;
    if (!homes)
        return true;
    if (!cJSON_IsArray(homes) || cJSON_GetArraySize(homes) < 1 ||
        cJSON_GetArraySize(homes) > 1 + (int)(sizeof c->more_homes / sizeof *c->more_homes))
        return bad(L, "%s.homes: a list of 1 to 4 hexes", where);
    if (member(obj, "home"))
        return bad(L, "%s: \"home\" or \"homes\", not both", where);
    c->home_city = -1;
    cJSON_ArrayForEach(it, homes)
    {
        int h = cJSON_IsString(it) ? eng_hex_index(L->t, it->valuestring) : -1;
        if (h < 0 || L->t->hexes[h].printed.ncities == 0)
            return bad(L, "%s.homes: %s is not a hex with a city", where,
                       cJSON_IsString(it) ? it->valuestring : "?");
        if (c->home_hex < 0)
            c->home_hex = h;
        else
            c->more_homes[c->nmore_homes++] = h;
    }
    return true;
}

static bool read_major_rules(struct loader *L, const cJSON *root)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, member(root, "majors"))
    {
        const cJSON *id = member(it, "id");
        int k = cJSON_IsString(id) ? eng_company_index(L->t, id->valuestring) : -1;
        if (k < 0)
            continue; /* (companies read it: every major has its id) */
        eng_company *c = &L->t->companies[k];
        char where[64];
        snprintf(where, sizeof where, "majors[%s]", c->id);
        if (!read_homes(L, where, it, c) ||
            !get_bool_or(L, where, it, "home_blocks_until_floated", &c->home_at_start, false))
            return false;
        if (c->home_at_start && (c->home_hex < 0 || c->home_choice))
            return bad(L, "%s.home_blocks_until_floated: needs a home whose city is fixed",
                       where);
    }
    return true;
}

bool eng_title_read_rules(struct loader *L, const cJSON *root)
{
    return read_depot_limits(L, root) && read_market_end(L, root) && read_hex_rules(L, root) &&
           read_major_rules(L, root);
}
