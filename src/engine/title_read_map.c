/* title_read_map: a title's map read from its JSON — the tile catalogue ("tiles") and the
 * hexes ("hexes"), each with its track: cities, towns and paths. */
#include "engine/title_loader.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- track: cities, towns, paths ---- */

static float parse_loc(const cJSON *c)
{
    const cJSON *loc = member(c, "loc");
    if (cJSON_IsNumber(loc))
        return (float)loc->valuedouble;
    if (cJSON_IsString(loc) && strcmp(loc->valuestring, "center") != 0)
        return (float)atof(loc->valuestring);
    return -1.0f;
}

static bool parse_end(struct loader *L, const char *where, const eng_track *tr, const char *s,
                      eng_end *e)
{
    char kind = s[0];
    char *end;
    long n = strtol(s + 1, &end, 10);
    if (strcmp(s, "o") == 0) {
        *e = (eng_end){ENG_END_OFFBOARD, 0};
        return true;
    }
    if (strcmp(s, "j") == 0) {
        *e = (eng_end){ENG_END_JUNCTION, 0};
        return true;
    }
    if (!s[0] || *end || s[1] == '\0')
        return bad(L, "%s: \"%s\" is not a path end (eN, cN, tN, o or j)", where, s);
    if (kind == 'e' && n >= 0 && n < 6)
        *e = (eng_end){ENG_END_EDGE, (uint8_t)n};
    else if (kind == 'c' && n >= 0 && n < tr->ncities)
        *e = (eng_end){ENG_END_CITY, (uint8_t)n};
    else if (kind == 't' && n >= 0 && n < tr->ntowns)
        *e = (eng_end){ENG_END_TOWN, (uint8_t)n};
    else
        return bad(L, "%s: \"%s\" names no edge, city or town of this hex", where, s);
    return true;
}

/* Values by phase colour ({"yellow": 40, "brown": 70}: which applies is the phase's
 * "offboard_color"): a colour without a value takes the one before it, yellow `first`. */
static bool parse_by_color(struct loader *L, const char *where, const cJSON *obj, int *v,
                           int first)
{
    if (!cJSON_IsObject(obj))
        return bad(L, "%s: must be an object of phase colours", where);
    bool set[ENG_NCOLORS] = {false};
    const cJSON *it;
    cJSON_ArrayForEach(it, obj)
    {
        int c = color_parse(it->string);
        if (c < ENG_YELLOW || c > ENG_GRAY || !cJSON_IsNumber(it))
            return bad(L, "%s.%s: not a phase colour with a value", where, it->string);
        v[c] = (int)it->valuedouble;
        set[c] = true;
    }
    if (!set[ENG_YELLOW])
        v[ENG_YELLOW] = first;
    for (int c = ENG_GREEN; c <= ENG_GRAY; c++)
        if (!set[c])
            v[c] = v[c - 1];
    return true;
}

static bool parse_track(struct loader *L, const char *where, const cJSON *obj, eng_track *tr)
{
    char color[ENG_ID];
    if (!get_str(L, where, obj, "color", color, sizeof color, true))
        return false;
    int c = color_parse(color);
    if (c < 0)
        return bad(L, "%s.color: \"%s\" is not a colour", where, color);
    tr->color = (eng_color)c;
    if (!get_str(L, where, obj, "label", tr->label, sizeof tr->label, false))
        return false;
    const cJSON *cities = get_array(L, where, obj, "cities", false);
    const cJSON *towns = get_array(L, where, obj, "towns", false);
    const cJSON *paths = get_array(L, where, obj, "paths", false);
    if (L->failed)
        return false;
    const cJSON *it;
    char w[128], pass[ENG_ID];
    cJSON_ArrayForEach(it, cities)
    {
        if (tr->ncities == ENG_MAX_CITIES)
            return bad(L, "%s: more than %d cities", where, ENG_MAX_CITIES);
        eng_city *ct = &tr->cities[tr->ncities++];
        if (!get_int(L, where, it, "revenue", &ct->revenue, 0) ||
            !get_int(L, where, it, "slots", &ct->slots, 1) ||
            !get_str(L, where, it, "group", ct->group, sizeof ct->group, false) ||
            !get_str(L, where, it, "oval", ct->oval, sizeof ct->oval, false) ||
            !get_str(L, where, it, "bank", ct->bank, sizeof ct->bank, false) ||
            !get_str(L, where, it, "pass", pass, sizeof pass, false))
            return false;
        if (ct->slots < 0 || ct->slots > 6)
            return bad(L, "%s.cities: %d slots is not possible", where, ct->slots);
        if (pass[0] && strcmp(pass, "any") != 0 && strcmp(pass, "own_station") != 0)
            return bad(L, "%s.cities[%d].pass: \"%s\" is not \"any\" or \"own_station\"",
                       where, tr->ncities - 1, pass);
        ct->pass_own_station = strcmp(pass, "own_station") == 0;
        ct->loc = parse_loc(it);
        const cJSON *byp = member(it, "revenue_by_phase");
        snprintf(w, sizeof w, "%s.cities[%d].revenue_by_phase", where, tr->ncities - 1);
        if (byp && !parse_by_color(L, w, byp, ct->revenue_by_phase, ct->revenue))
            return false;
        ct->by_phase = byp != NULL;
    }
    cJSON_ArrayForEach(it, towns)
    {
        if (tr->ntowns == ENG_MAX_TOWNS)
            return bad(L, "%s: more than %d towns", where, ENG_MAX_TOWNS);
        eng_town *tw = &tr->towns[tr->ntowns++];
        if (!get_int(L, where, it, "revenue", &tw->revenue, 0))
            return false;
        tw->loc = parse_loc(it);
        const cJSON *byp = member(it, "revenue_by_phase");
        snprintf(w, sizeof w, "%s.towns[%d].revenue_by_phase", where, tr->ntowns - 1);
        if (byp && !parse_by_color(L, w, byp, tw->revenue_by_phase, tw->revenue))
            return false;
        tw->by_phase = byp != NULL;
    }
    int i = 0;
    cJSON_ArrayForEach(it, paths)
    {
        char pw[96];
        snprintf(pw, sizeof pw, "%s.paths[%d]", where, i++);
        int n = cJSON_GetArraySize(it);
        if (!cJSON_IsArray(it) || n < 2 || n > 3 || !cJSON_IsString(cJSON_GetArrayItem(it, 0)) ||
            !cJSON_IsString(cJSON_GetArrayItem(it, 1)))
            return bad(L, "%s: a path is a list of two ends, as [\"e0\", \"c0\"]", pw);
        if (tr->npaths == ENG_MAX_PATHS)
            return bad(L, "%s: more than %d paths", where, ENG_MAX_PATHS);
        eng_path *p = &tr->paths[tr->npaths++];
        if (!parse_end(L, pw, tr, cJSON_GetArrayItem(it, 0)->valuestring, &p->a) ||
            !parse_end(L, pw, tr, cJSON_GetArrayItem(it, 1)->valuestring, &p->b))
            return false;
        if (n == 3 && !get_int(L, pw, cJSON_GetArrayItem(it, 2), "toll", &p->toll, 0))
            return false;
    }
    return true;
}

bool eng_title_read_tiles(struct loader *L, const cJSON *root)
{
    const cJSON *tiles = get_array(L, "title", root, "tiles", true);
    if (!tiles)
        return false;
    L->t->tiles = xcalloc((size_t)cJSON_GetArraySize(tiles) + 1, sizeof *L->t->tiles);
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, tiles)
    {
        eng_tile *tile = &L->t->tiles[L->t->ntiles];
        char where[64];
        snprintf(where, sizeof where, "tiles[%d]", i++);
        if (!get_str(L, where, it, "id", tile->id, sizeof tile->id, true))
            return false;
        snprintf(where, sizeof where, "tiles[%s]", tile->id);
        if (eng_tile_index(L->t, tile->id) >= 0)
            return bad(L, "%s: the id is used twice", where);
        L->t->ntiles++;
        if (!get_int(L, where, it, "count", &tile->count, -1) ||
            !parse_track(L, where, it, &tile->track))
            return false;
        tile->rotations = 0x3f;
        const cJSON *rots = get_array(L, where, it, "rotations", false);
        if (L->failed)
            return false;
        if (rots) {
            tile->rotations = 0;
            const cJSON *r;
            cJSON_ArrayForEach(r, rots)
            {
                if (!cJSON_IsNumber(r) || r->valueint < 0 || r->valueint > 5)
                    return bad(L, "%s.rotations: a rotation is 0 to 5", where);
                tile->rotations |= (uint8_t)(1u << r->valueint);
            }
        }
        if (tile->track.color == ENG_WHITE || tile->track.color == ENG_RED)
            return bad(L, "%s.color: a tile cannot be %s", where,
                       eng_color_name(tile->track.color));
    }
    return true;
}

static bool parse_offboard(struct loader *L, const char *where, const cJSON *off, eng_hex *h)
{
    h->offboard = true;
    char w[96];
    snprintf(w, sizeof w, "%s.offboard.revenue", where);
    if (!parse_by_color(L, w, member(off, "revenue"), h->offboard_revenue, 0))
        return false;
    snprintf(w, sizeof w, "%s.offboard", where);
    return get_str(L, where, off, "group", h->offboard_group, sizeof h->offboard_group, false) &&
           get_bool_or(L, w, off, "run_through", &h->offboard_run_through, false);
}

static bool parse_borders(struct loader *L, const char *where, const cJSON *borders, eng_hex *h)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, borders)
    {
        int edge = -1;
        char type[ENG_ID];
        if (!get_int(L, where, it, "edge", &edge, -1) ||
            !get_str(L, where, it, "type", type, sizeof type, false))
            return false;
        if (edge < 0 || edge > 5)
            return bad(L, "%s.borders: edge %d is not 0-5", where, edge);
        if (type[0] && strcmp(type, "impassable") != 0)
            return bad(L, "%s.borders: type \"%s\" is not known", where, type);
        h->blocked |= (uint8_t)(1u << edge);
    }
    return true;
}

/* "doubles_run": "cities" or "stops", and "doubles_run_plus" (title.h's eng_hex). */
static bool parse_doubles_run(struct loader *L, const char *where, const cJSON *it, eng_hex *h)
{
    const cJSON *d = member(it, "doubles_run");
    int k = d ? word_index(d, (const char *const[]){"cities", "stops"}, 2) : -1;
    if (d && k < 0)
        return bad(L, "%s.doubles_run: \"cities\" or \"stops\"", where);
    h->doubles_run = (uint8_t)(k < 0 ? ENG_DOUBLES_NONE
                                     : k == 0 ? ENG_DOUBLES_CITIES : ENG_DOUBLES_STOPS);
    if (!get_int(L, where, it, "doubles_run_plus", &h->doubles_run_plus, 0))
        return false;
    if (h->doubles_run_plus < 0 || (h->doubles_run_plus && !d))
        return bad(L, "%s.doubles_run_plus: a value above 0, with \"doubles_run\"", where);
    return true;
}

static bool parse_hex(struct loader *L, const cJSON *it, eng_hex *h)
{
    char where[64];
    snprintf(where, sizeof where, "hexes[%s]", h->id);
    if (!eng_parse_coord(h->id, &h->row, &h->col))
        return bad(L, "%s: not a hex name like \"L14\"", where);
    const eng_hex *first = &L->t->hexes[0];
    if (((h->row + h->col) & 1) != ((first->row + first->col) & 1))
        return bad(L, "%s: row and column do not fit the grid of %s", where, first->id);
    if (!get_str(L, where, it, "name", h->name, sizeof h->name, false) ||
        !parse_track(L, where, it, &h->printed) ||
        !get_int(L, where, it, "cost", &h->cost, 0) ||
        !get_str(L, where, it, "terrain", h->terrain, sizeof h->terrain, false) ||
        !get_str(L, where, it, "future_label", h->future_label, sizeof h->future_label, false))
        return false;
    const cJSON *off = member(it, "offboard");
    if (off && !parse_offboard(L, where, off, h))
        return false;
    if (h->offboard != (h->printed.color == ENG_RED))
        return bad(L, "%s: an off-board hex is red, and only it", where);
    const cJSON *borders = get_array(L, where, it, "borders", false);
    return !L->failed && parse_borders(L, where, borders, h) && parse_doubles_run(L, where, it, h);
}

/* "layout": "pointy" (the default) or "flat" (title.h's geometry). */
static bool read_layout(struct loader *L, const cJSON *root)
{
    char layout[ENG_ID];
    if (!get_str(L, "title", root, "layout", layout, sizeof layout, false))
        return false;
    if (!layout[0] || strcmp(layout, "pointy") == 0)
        L->t->layout = ENG_LAYOUT_POINTY;
    else if (strcmp(layout, "flat") == 0)
        L->t->layout = ENG_LAYOUT_FLAT;
    else
        return bad(L, "title.layout: \"%s\" is neither \"pointy\" nor \"flat\"", layout);
    return true;
}

bool eng_title_read_hexes(struct loader *L, const cJSON *root)
{
    const cJSON *hexes = get_array(L, "title", root, "hexes", true);
    if (!hexes || !read_layout(L, root))
        return false;
    eng_title *t = L->t;
    t->hexes = xcalloc((size_t)cJSON_GetArraySize(hexes) + 1, sizeof *t->hexes);
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, hexes)
    {
        eng_hex *h = &t->hexes[t->nhexes];
        char where[64];
        snprintf(where, sizeof where, "hexes[%d]", i++);
        if (!get_str(L, where, it, "id", h->id, sizeof h->id, true))
            return false;
        if (eng_hex_index(t, h->id) >= 0)
            return bad(L, "hexes[%s]: the hex is listed twice", h->id);
        t->nhexes++;
        if (!parse_hex(L, it, h))
            return false;
    }
    t->min_row = t->max_row = t->hexes[0].row;
    t->min_col = t->max_col = t->hexes[0].col;
    for (int k = 0; k < t->nhexes; k++) {
        const eng_hex *h = &t->hexes[k];
        t->min_row = h->row < t->min_row ? h->row : t->min_row;
        t->max_row = h->row > t->max_row ? h->row : t->max_row;
        t->min_col = h->col < t->min_col ? h->col : t->min_col;
        t->max_col = h->col > t->max_col ? h->col : t->max_col;
    }
    return true;
}
