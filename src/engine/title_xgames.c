/* title_xgames: the title's "18xx.games" section read (eng_xgames, title.h): its title name on
 * 18xx.games, the options that are 18xx.games' rules, its optional rules as pbemgm's options,
 * and the tiles and hexes drawn there otherwise than here. The file format itself is
 * src/xgames'. */
#include "engine/title_loader.h"

#include <stdio.h>

/* One place: {"rotation": R, "cities": [..]} of the tile or hex `index`. */
static bool read_place(struct loader *L, const char *where, const cJSON *it, int index,
                       int ncities, eng_xg_place *out)
{
    out->index = index;
    if (!get_int(L, where, it, "rotation", &out->rotation, 0))
        return false;
    if (out->rotation < 0 || out->rotation > 5)
        return bad(L, "%s.rotation: must be 0 to 5", where);
    const cJSON *cities = member(it, "cities");
    out->ncities = cities ? cJSON_GetArraySize(cities) : 0;
    if (cities && (!cJSON_IsArray(cities) || out->ncities != ncities || ncities > 4))
        return bad(L, "%s.cities: must list each of its %d cities once", where, ncities);
    int k = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, cities)
    {
        if (!cJSON_IsNumber(c) || c->valueint < 0 || c->valueint >= ncities)
            return bad(L, "%s.cities[%d]: no such city", where, k);
        out->cities[k++] = c->valueint;
    }
    return true;
}

static bool read_places(struct loader *L, const cJSON *sec, bool tiles)
{
    eng_xgames *x = &L->t->xgames;
    const cJSON *it;
    cJSON_ArrayForEach(it, member(sec, tiles ? "tiles" : "hexes"))
    {
        char where[96];
        snprintf(where, sizeof where, "18xx.games.%s[%s]", tiles ? "tiles" : "hexes", it->string);
        int *n = tiles ? &x->ntiles : &x->nhexes;
        int i = tiles ? eng_tile_index(L->t, it->string) : eng_hex_index(L->t, it->string);
        if (i < 0)
            return bad(L, "%s: no such %s", where, tiles ? "tile" : "hex");
        if (*n == ENG_MAX_XG_PLACES)
            return bad(L, "%s: more than %d", where, ENG_MAX_XG_PLACES);
        const eng_track *tr = tiles ? &L->t->tiles[i].track : &L->t->hexes[i].printed;
        if (!read_place(L, where, it, i, tr->ncities,
                        tiles ? &x->tiles[(*n)++] : &x->hexes[(*n)++]))
            return false;
    }
    return true;
}

bool eng_title_read_xgames(struct loader *L, const cJSON *root)
{
    eng_xgames *x = &L->t->xgames;
    const cJSON *sec = member(root, "18xx.games");
    if (!sec)
        return true;
    const char *w = "18xx.games";
    if (!get_str(L, w, sec, "title", x->title, sizeof x->title, false) ||
        !get_str(L, w, sec, "options", x->options, sizeof x->options, false))
        return false;
    const cJSON *it;
    cJSON_ArrayForEach(it, member(sec, "optional_rules"))
    {
        if (x->nrules == ENG_MAX_XG_RULES)
            return bad(L, "%s.optional_rules: more than %d", w, ENG_MAX_XG_RULES);
        struct eng_xg_rule *r = &x->rules[x->nrules++];
        if (!cJSON_IsString(it) || strlen(it->string) >= sizeof r->rule ||
            strlen(it->valuestring) >= sizeof r->options)
            return bad(L, "%s.optional_rules[%s]: must be a short text of options", w,
                       it->string);
        snprintf(r->rule, sizeof r->rule, "%s", it->string);
        snprintf(r->options, sizeof r->options, "%s", it->valuestring);
    }
    return read_places(L, sec, true) && read_places(L, sec, false);
}
