/* title: an 18xx title as data, read from JSON and validated (see title.h). Every error names
 * the entry it is about, as in "hexes[C11].paths[2]: no city 3 on this hex". */
#include "engine/title.h"
#include "util/buf.h"
#include "util/util.h"

#include <cJSON.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const color_names[ENG_NCOLORS] = {"white", "yellow", "green",
                                                     "brown", "gray",   "red"};

const char *eng_color_name(eng_color c)
{
    return (unsigned)c < ENG_NCOLORS ? color_names[c] : "?";
}

static int color_parse(const char *s)
{
    for (int i = 0; i < ENG_NCOLORS; i++)
        if (strcmp(s, color_names[i]) == 0)
            return i;
    return -1;
}

/* The loader's state: the title being built, and the first error. */
struct loader {
    eng_title *t;
    buf err;
    bool failed;
};

static bool bad(struct loader *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool bad(struct loader *L, const char *fmt, ...)
{
    if (L->failed)
        return false;
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&L->err, fmt, ap);
    va_end(ap);
    L->failed = true;
    return false;
}

/* A member of an object; a JSON null counts as absent. */
static const cJSON *member(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNull(v) ? NULL : v;
}

/* Reads an optional integer member; false (with the error) when present but not an integer. */
static bool get_int(struct loader *L, const char *where, const cJSON *obj, const char *key,
                    int *out, int dflt)
{
    const cJSON *v = member(obj, key);
    if (!v) {
        *out = dflt;
        return true;
    }
    if (!cJSON_IsNumber(v) || v->valuedouble != (int)v->valuedouble)
        return bad(L, "%s.%s: must be a whole number", where, key);
    *out = (int)v->valuedouble;
    return true;
}

static bool get_str(struct loader *L, const char *where, const cJSON *obj, const char *key,
                    char *out, size_t size, bool required)
{
    const cJSON *v = member(obj, key);
    if (!v) {
        out[0] = '\0';
        return required ? bad(L, "%s: \"%s\" is missing", where, key) : true;
    }
    if (!cJSON_IsString(v))
        return bad(L, "%s.%s: must be a string", where, key);
    if (strlen(v->valuestring) >= size)
        return bad(L, "%s.%s: \"%s\" is too long", where, key, v->valuestring);
    strcpy(out, v->valuestring);
    return true;
}

/* A true/false member with a default. */
static bool get_bool_or(struct loader *L, const char *where, const cJSON *obj, const char *key,
                        bool *out, bool dflt)
{
    const cJSON *v = member(obj, key);
    *out = v ? cJSON_IsTrue(v) : dflt;
    return !v || cJSON_IsBool(v) ? true : bad(L, "%s.%s: must be true or false", where, key);
}

static const cJSON *get_array(struct loader *L, const char *where, const cJSON *obj,
                              const char *key, bool required)
{
    const cJSON *v = member(obj, key);
    if (!v) {
        if (required)
            bad(L, "%s: \"%s\" is missing", where, key);
        return NULL;
    }
    if (!cJSON_IsArray(v)) {
        bad(L, "%s.%s: must be a list", where, key);
        return NULL;
    }
    return v;
}

/* ---- coordinates ---- */

bool eng_parse_coord(const char *id, int *row, int *col)
{
    if (!isupper((unsigned char)id[0]) || !isdigit((unsigned char)id[1]))
        return false;
    char *end;
    long c = strtol(id + 1, &end, 10);
    if (*end || c < 0 || c > 99)
        return false;
    *row = id[0] - 'A';
    *col = (int)c;
    return true;
}

/* Pointy layout, doubled columns: the neighbour offsets (row, col) of edges 0..5. */
static const int edge_drow[6] = {1, 0, -1, -1, 0, 1};
static const int edge_dcol[6] = {-1, -2, -1, 1, 2, 1};

int eng_neighbor(const eng_title *t, int h, int edge)
{
    if (t->neighbors)
        return t->neighbors[h * 6 + edge];
    const eng_hex *x = &t->hexes[h];
    int row = x->row + edge_drow[edge], col = x->col + edge_dcol[edge];
    for (int i = 0; i < t->nhexes; i++)
        if (t->hexes[i].row == row && t->hexes[i].col == col)
            return i;
    return -1;
}

int eng_hex_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->nhexes; i++)
        if (strcasecmp(t->hexes[i].id, id) == 0)
            return i;
    return -1;
}

int eng_tile_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->ntiles; i++)
        if (strcasecmp(t->tiles[i].id, id) == 0)
            return i;
    return -1;
}

int eng_train_index(const eng_title *t, const char *name)
{
    for (int i = 0; i < t->ntrains; i++)
        if (strcasecmp(t->trains[i].name, name) == 0)
            return i;
    return -1;
}

int eng_right_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->nrights; i++)
        if (strcasecmp(t->rights[i].id, id) == 0)
            return i;
    return -1;
}

int eng_game_option_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->ngame_options; i++)
        if (strcasecmp(t->game_options[i].id, id) == 0)
            return i;
    return -1;
}

int eng_company_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->ncompanies; i++)
        if (strcasecmp(t->companies[i].id, id) == 0)
            return i;
    for (int i = 0; i < t->ncompanies; i++)
        for (int k = 0; k < t->companies[i].naliases; k++)
            if (strcasecmp(t->companies[i].aliases[k], id) == 0)
                return i;
    return -1;
}

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

/* Upgrade lists are resolved after all tiles and hexes are read. */
static bool parse_upgrades(struct loader *L, const char *where, const cJSON *list,
                           eng_upgrades *up)
{
    if (!list)
        return true;
    if (!cJSON_IsArray(list))
        return bad(L, "%s.upgrades_to: must be a list", where);
    up->v = xcalloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *up->v);
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        const cJSON *id = cJSON_IsObject(it) ? member(it, "tile") : it;
        if (!cJSON_IsString(id))
            return bad(L, "%s.upgrades_to: an entry is not a tile id", where);
        int tile = eng_tile_index(L->t, id->valuestring);
        if (tile < 0)
            return bad(L, "%s.upgrades_to: there is no tile \"%s\"", where, id->valuestring);
        eng_upgrade *u = &up->v[up->n++];
        u->tile = tile;
        const cJSON *hexes = cJSON_IsObject(it) ? member(it, "hexes") : NULL;
        if (hexes) {
            u->hexes = xcalloc((size_t)cJSON_GetArraySize(hexes) + 1, sizeof *u->hexes);
            const cJSON *h;
            cJSON_ArrayForEach(h, hexes)
            {
                int hi = cJSON_IsString(h) ? eng_hex_index(L->t, h->valuestring) : -1;
                if (hi < 0)
                    return bad(L, "%s.upgrades_to[%s]: no hex %s", where, id->valuestring,
                               cJSON_IsString(h) ? h->valuestring : "?");
                u->hexes[u->nhexes++] = hi;
            }
        }
    }
    return true;
}

static void free_upgrades(eng_upgrades *up)
{
    for (int i = 0; i < up->n; i++)
        free(up->v[i].hexes);
    free(up->v);
    up->v = NULL;
    up->n = 0;
}

static bool parse_tiles(struct loader *L, const cJSON *root)
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
        int edge;
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
    return !L->failed && parse_borders(L, where, borders, h);
}

static bool parse_hexes(struct loader *L, const cJSON *root)
{
    const cJSON *hexes = get_array(L, "title", root, "hexes", true);
    if (!hexes)
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

/* Blocked edges must agree on both sides. */
static bool check_borders(struct loader *L)
{
    eng_title *t = L->t;
    for (int h = 0; h < t->nhexes; h++)
        for (int e = 0; e < 6; e++) {
            if (!(t->hexes[h].blocked & (1u << e)))
                continue;
            int n = eng_neighbor(t, h, e);
            if (n >= 0)
                t->hexes[n].blocked |= (uint8_t)(1u << ((e + 3) % 6));
        }
    return true;
}

static bool resolve_upgrades(struct loader *L, const cJSON *root)
{
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, member(root, "tiles"))
    {
        char where[64];
        snprintf(where, sizeof where, "tiles[%s]", L->t->tiles[i].id);
        if (!parse_upgrades(L, where, member(it, "upgrades_to"), &L->t->tiles[i].upgrades))
            return false;
        i++;
    }
    i = 0;
    cJSON_ArrayForEach(it, member(root, "hexes"))
    {
        char where[64];
        snprintf(where, sizeof where, "hexes[%s]", L->t->hexes[i].id);
        if (!parse_upgrades(L, where, member(it, "upgrades_to"), &L->t->hexes[i].upgrades))
            return false;
        i++;
    }
    return true;
}

void eng_title_free(eng_title *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->ntiles; i++)
        free_upgrades(&t->tiles[i].upgrades);
    for (int i = 0; i < t->nhexes; i++)
        free_upgrades(&t->hexes[i].upgrades);
    free(t->neighbors);
    free(t->tiles);
    free(t->hexes);
    free(t->companies);
    free(t->trains);
    free(t->phases);
    free(t->market);
    free(t->market_par);
    free(t->market_zone);
    free(t);
}

/* ---- companies, trains, phases, market, players, start packet ---- */

static bool parse_color(struct loader *L, const char *where, const cJSON *obj, const char *key,
                        uint32_t *out, uint32_t dflt)
{
    char s[ENG_ID];
    if (!get_str(L, where, obj, key, s, sizeof s, false))
        return false;
    if (!s[0]) {
        *out = dflt;
        return true;
    }
    char *end;
    unsigned long v = strtoul(s + 1, &end, 16);
    if (s[0] != '#' || *end || strlen(s) != 7)
        return bad(L, "%s.%s: \"%s\" is not a colour like \"#0000ff\"", where, key, s);
    *out = (uint32_t)v;
    return true;
}

/* "home" and "home_city": the hex must exist and have that city ("choice": any of its cities,
 * the director's choice, where it has more than one). */
static bool parse_home(struct loader *L, const char *where, const cJSON *obj, eng_company *c)
{
    char hex[ENG_ID];
    c->home_hex = c->home_city = -1;
    if (!get_str(L, where, obj, "home", hex, sizeof hex, false))
        return false;
    if (!hex[0])
        return true;
    c->home_hex = eng_hex_index(L->t, hex);
    if (c->home_hex < 0)
        return bad(L, "%s.home: there is no hex %s", where, hex);
    const cJSON *hc = member(obj, "home_city");
    if (cJSON_IsNumber(hc))
        c->home_city = hc->valueint;
    else if (cJSON_IsString(hc) && strcmp(hc->valuestring, "choice") == 0)
        c->home_choice = true;
    else if (hc && !cJSON_IsNull(hc))
        return bad(L, "%s.home_city: a city's number or \"choice\"", where);
    const eng_track *tr = &L->t->hexes[c->home_hex].printed;
    if (c->home_choice && tr->ncities < 2)
        return bad(L, "%s.home_city: %s has one city, no choice", where, hex);
    if (tr->ncities == 0)
        return bad(L, "%s.home: %s has no city", where, hex);
    if (c->home_city >= tr->ncities)
        return bad(L, "%s.home_city: %s has no city %d", where, hex, c->home_city);
    return true;
}

static bool parse_certs(struct loader *L, const char *where, const cJSON *obj, eng_company *c)
{
    const cJSON *certs = get_array(L, where, obj, "certificates", true);
    if (!certs)
        return false;
    int total = 0, directors = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, certs)
    {
        if (c->ncerts == 8)
            return bad(L, "%s.certificates: too many kinds", where);
        eng_cert *ct = &c->certs[c->ncerts++];
        if (!get_int(L, where, it, "percent", &ct->percent, 0) ||
            !get_int(L, where, it, "count", &ct->count, 1))
            return false;
        const cJSON *res = get_array(L, where, it, "reserved_for", false), *r;
        cJSON_ArrayForEach(r, res)
        {
            int k = cJSON_IsString(r) ? eng_company_index(L->t, r->valuestring) : -1;
            if (k < 0 || ct->nreserved == 8 || ct->nreserved >= ct->count)
                return bad(L, "%s.certificates.reserved_for: \"%s\" is not a company", where,
                           cJSON_IsString(r) ? r->valuestring : "?");
            ct->reserved_for[ct->nreserved++] = k;
        }
        ct->director = cJSON_IsTrue(member(it, "director"));
        total += ct->percent * ct->count;
        directors += ct->director ? ct->count : 0;
    }
    if (total != 100)
        return bad(L, "%s.certificates: add up to %d%%, not 100%%", where, total);
    if (directors != 1)
        return bad(L, "%s.certificates: %d director certificates, not 1", where, directors);
    return true;
}

static bool parse_tokens(struct loader *L, const char *where, const cJSON *obj, eng_company *c)
{
    const cJSON *tokens = get_array(L, where, obj, "tokens", true);
    if (!tokens)
        return false;
    const cJSON *it;
    cJSON_ArrayForEach(it, tokens)
    {
        if (c->ntokens == 16 || !cJSON_IsNumber(it))
            return bad(L, "%s.tokens: a list of at most 16 token costs", where);
        c->token_costs[c->ntokens++] = it->valueint;
    }
    return true;
}

/* "aliases": other names for the company, each unique in the title. */
static bool parse_aliases(struct loader *L, const char *where, const cJSON *obj, eng_company *c)
{
    const cJSON *list = get_array(L, where, obj, "aliases", false), *it;
    cJSON_ArrayForEach(it, list)
    {
        if (c->naliases == 4 || !cJSON_IsString(it) || !it->valuestring[0] ||
            strlen(it->valuestring) >= ENG_ID)
            return bad(L, "%s.aliases: at most 4 names of at most %d characters", where,
                       ENG_ID - 1);
        if (eng_company_index(L->t, it->valuestring) >= 0)
            return bad(L, "%s.aliases: \"%s\" names another company", where, it->valuestring);
        snprintf(c->aliases[c->naliases++], ENG_ID, "%s", it->valuestring);
    }
    return true;
}

static eng_company *new_company(struct loader *L, const char *where, const cJSON *obj,
                                eng_company_kind kind, char *wbuf, size_t wlen)
{
    eng_company *c = &L->t->companies[L->t->ncompanies];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->float_option = c->revenue_option = c->exchange_company = -1;
    if (!get_str(L, where, obj, "id", c->id, sizeof c->id, true))
        return NULL;
    snprintf(wbuf, wlen, "%s[%s]", where, c->id);
    if (eng_company_index(L->t, c->id) >= 0) {
        bad(L, "%s: the id is used twice", wbuf);
        return NULL;
    }
    L->t->ncompanies++;
    if (!get_str(L, wbuf, obj, "name", c->name, sizeof c->name, true) ||
        !parse_aliases(L, wbuf, obj, c) ||
        !parse_color(L, wbuf, obj, "color", &c->color, 0x808080) ||
        !parse_color(L, wbuf, obj, "text_color", &c->text_color, 0xffffff))
        return NULL;
    return c;
}

/* A private's "blocks": the hexes it keeps free of tiles while a player owns it (1830). */
static bool parse_blocks(struct loader *L, const char *where, const cJSON *obj, eng_company *c)
{
    const cJSON *v;
    cJSON_ArrayForEach(v, get_array(L, where, obj, "blocks", false))
    {
        int h = cJSON_IsString(v) ? eng_hex_index(L->t, v->valuestring) : -1;
        if (h < 0 || c->nblocks == 4)
            return bad(L, "%s.blocks: not a hex (at most 4)", where);
        c->blocks[c->nblocks++] = h;
    }
    return !L->failed;
}

/* A major's "par_choices": the pars its director chooses from (1830); without them, its "par". */
static bool parse_par_choices(struct loader *L, const char *where, const cJSON *obj,
                              eng_company *c)
{
    const cJSON *list = get_array(L, where, obj, "par_choices", false), *v;
    cJSON_ArrayForEach(v, list)
    {
        if (c->npar_choices == 8)
            return bad(L, "%s.par_choices: at most 8", where);
        if (!cJSON_IsNumber(v) || v->valueint <= 0)
            return bad(L, "%s.par_choices: each is a price", where);
        c->par_choices[c->npar_choices++] = v->valueint;
    }
    if (L->failed)
        return false;
    return c->npar_choices || c->price > 0 ? true
                                           : bad(L, "%s: needs \"par\" or \"par_choices\"", where);
}

/* Each par a director may choose is a par space of the market ("100p"). */
static bool check_par_spaces(struct loader *L)
{
    const eng_title *t = L->t;
    for (int c = 0; c < t->ncompanies; c++)
        for (int k = 0; k < t->companies[c].npar_choices; k++) {
            int par = t->companies[c].par_choices[k], found = 0;
            for (int i = 0; i < t->market_rows * t->market_cols; i++)
                found += t->market_par[i] && t->market[i] == par;
            if (!found)
                return bad(L, "majors[%s].par_choices: %d is not a par space of the market "
                              "(a cell \"%dp\")", t->companies[c].id, par, par);
        }
    return true;
}

/* A company's figure set by a game option instead ("float_percent_set_by": "BYFloatsAt"): an
 * option whose every choice is a number. */
static bool option_ref(struct loader *L, const char *where, const cJSON *obj, const char *key,
                       int *out)
{
    char id[ENG_NAME];
    *out = -1;
    if (!get_str(L, where, obj, key, id, sizeof id, false) || !id[0])
        return !L->failed;
    int o = eng_game_option_index(L->t, id);
    if (o < 0)
        return bad(L, "%s.%s: there is no game option %s", where, key, id);
    for (int k = 0; k < L->t->game_options[o].nchoices; k++)
        if (!L->t->game_options[o].choices[k].numeric)
            return bad(L, "%s.%s: game option %s has a choice without a number", where, key, id);
    *out = o;
    return true;
}

static bool parse_company_list(struct loader *L, const cJSON *root, const char *key,
                               eng_company_kind kind)
{
    const cJSON *list = get_array(L, "title", root, key, true);
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        char where[64];
        eng_company *c = new_company(L, key, it, kind, where, sizeof where);
        if (!c)
            return false;
        bool ok = kind == ENG_PRIVATE
                      ? get_int(L, where, it, "price", &c->price, 0) &&
                            get_int(L, where, it, "revenue", &c->revenue, 0) &&
                            option_ref(L, where, it, "revenue_set_by", &c->revenue_option) &&
                            get_bool_or(L, where, it, "never_to_company", &c->never_to_company,
                                        false) &&
                            parse_blocks(L, where, it, c)
                  : kind == ENG_MINOR
                      ? get_int(L, where, it, "price", &c->price, 0) &&
                            parse_home(L, where, it, c) && parse_tokens(L, where, it, c)
                      : get_int(L, where, it, "par", &c->price, 0) &&
                            parse_home(L, where, it, c) && parse_tokens(L, where, it, c) &&
                            parse_certs(L, where, it, c) &&
                            get_int(L, where, it, "float_percent", &c->float_percent, 0) &&
                            option_ref(L, where, it, "float_percent_set_by", &c->float_option) &&
                            parse_par_choices(L, where, it, c);
        if (!ok)
            return false;
    }
    return !L->failed;
}

static bool parse_formed_company(struct loader *L, const cJSON *root)
{
    const cJSON *pr = member(root, "formed_company");
    if (!pr)
        return true;
    char where[64];
    eng_company *c = new_company(L, "formed_company", pr, ENG_MAJOR, where, sizeof where);
    if (!c)
        return false;
    c->formed = true;
    return get_int(L, where, pr, "par", &c->price, 0) && parse_home(L, where, pr, c) &&
           parse_tokens(L, where, pr, c) && parse_certs(L, where, pr, c);
}

/* "exchange": {"trains": ["4", "5", "6"], "cost": 800} — what may be traded in, and the price. */
static bool parse_trade_ins(struct loader *L, const cJSON *ex, eng_train *tr)
{
    char where[64];
    snprintf(where, sizeof where, "trains[%s].exchange", tr->name);
    const cJSON *any = member(ex, "trains");
    if (cJSON_IsString(any) && strcmp(any->valuestring, "any") != 0)
        return bad(L, "%s.trains: \"%s\": a list of trains or \"any\"", where,
                   any->valuestring);
    tr->trade_in_any = cJSON_IsString(any);
    if (tr->trade_in_any)
        return get_int(L, where, ex, "cost", &tr->trade_in_cost, 0);
    const cJSON *it;
    cJSON_ArrayForEach(it, get_array(L, where, ex, "trains", true))
    {
        int k = cJSON_IsString(it) ? eng_train_index(L->t, it->valuestring) : -1;
        if (k < 0 || tr->ntrade_ins == 4)
            return bad(L, "%s.trains: not a train (at most four)", where);
        tr->trade_ins[tr->ntrade_ins++] = k;
    }
    return !L->failed && get_int(L, where, ex, "cost", &tr->trade_in_cost, 0);
}

static bool parse_trains(struct loader *L, const cJSON *root)
{
    const cJSON *list = get_array(L, "title", root, "trains", true);
    if (!list)
        return false;
    eng_title *t = L->t;
    t->trains = xcalloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *t->trains);
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        eng_train *tr = &t->trains[t->ntrains++];
        char where[64];
        snprintf(where, sizeof where, "trains[%d]", t->ntrains - 1);
        if (!get_str(L, where, it, "name", tr->name, sizeof tr->name, true))
            return false;
        snprintf(where, sizeof where, "trains[%s]", tr->name);
        const cJSON *d = member(it, "distance");
        if (cJSON_IsString(d) && strcmp(d->valuestring, "unlimited") == 0) {
            tr->cities = tr->towns = ENG_UNLIMITED_STOPS;
            tr->unlimited = true;
        } else if (cJSON_IsNumber(d)) {
            tr->cities = tr->towns = d->valueint;
        } else if (cJSON_IsArray(d) && cJSON_GetArraySize(d) == 2) {
            tr->cities = cJSON_GetArrayItem(d, 0)->valueint;
            tr->towns = cJSON_GetArrayItem(d, 1)->valueint;
            tr->plus = true;
        } else {
            return bad(L, "%s.distance: a number, [large, small] for an n+n train, or "
                          "\"unlimited\"", where);
        }
        const cJSON *count = member(it, "count");
        tr->count_unlimited = cJSON_IsString(count) && strcmp(count->valuestring, "unlimited") == 0;
        if (cJSON_IsString(count) && !tr->count_unlimited)
            return bad(L, "%s.count: a number or \"unlimited\"", where);
        if ((!tr->count_unlimited && !get_int(L, where, it, "count", &tr->count, 0)) ||
            !get_int(L, where, it, "cost", &tr->cost, 0) ||
            !get_str(L, where, it, "rusts_on", tr->rusts_on, sizeof tr->rusts_on, false))
            return false;
    }
    eng_train *tr = t->trains;
    cJSON_ArrayForEach(it, list) /* the trains traded in and released by, once all are known */
    {
        if (member(it, "exchange") && !parse_trade_ins(L, member(it, "exchange"), tr))
            return false;
        const cJSON *obs = member(it, "obsolete_on");
        tr->obsolete_on = cJSON_IsString(obs) ? eng_train_index(t, obs->valuestring) : -1;
        if (obs && tr->obsolete_on < 0)
            return bad(L, "trains[%s].obsolete_on: not a train", tr->name);
        const cJSON *from = member(it, "available_from");
        tr->available_from = cJSON_IsString(from) ? eng_train_index(t, from->valuestring) : -1;
        if (from && tr->available_from < 0)
            return bad(L, "trains[%s].available_from: not a train", tr->name);
        tr++;
    }
    for (int i = 0; i < t->ntrains; i++) {
        bool found = !t->trains[i].rusts_on[0];
        for (int k = 0; k < t->ntrains && !found; k++)
            found = strcmp(t->trains[k].name, t->trains[i].rusts_on) == 0;
        if (!found)
            return bad(L, "trains[%s].rusts_on: there is no train \"%s\"", t->trains[i].name,
                       t->trains[i].rusts_on);
    }
    return true;
}

static bool train_exists(const eng_title *t, const char *name)
{
    for (int i = 0; i < t->ntrains; i++)
        if (strcasecmp(t->trains[i].name, name) == 0)
            return true;
    return false;
}

/* Which of the n words v is (in that case), or -1 (not a string, or none of them). */
static int word_index(const cJSON *v, const char *const *words, int n)
{
    for (int k = 0; cJSON_IsString(v) && k < n; k++)
        if (strcmp(v->valuestring, words[k]) == 0)
            return k;
    return -1;
}

/* A member that is one of two words (absent: the first): *second when it is the second. */
static bool get_choice(struct loader *L, const cJSON *obj, const char *key, const char *first,
                       const char *second, bool *out)
{
    const cJSON *v = member(obj, key);
    int k = v ? word_index(v, (const char *const[]){first, second}, 2) : 0;
    *out = k == 1;
    return k >= 0 ? true : bad(L, "title.%s: must be \"%s\" or \"%s\"", key, first, second);
}


static bool parse_phases(struct loader *L, const cJSON *root)
{
    const cJSON *list = get_array(L, "title", root, "phases", true);
    if (!list)
        return false;
    eng_title *t = L->t;
    t->phases = xcalloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *t->phases);
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        eng_phase *ph = &t->phases[t->nphases++];
        char where[64];
        snprintf(where, sizeof where, "phases[%d]", t->nphases - 1);
        if (!get_str(L, where, it, "name", ph->name, sizeof ph->name, true) ||
            !get_str(L, where, it, "on", ph->on, sizeof ph->on, true) ||
            !get_int(L, where, it, "operating_rounds", &ph->operating_rounds, 1))
            return false;
        snprintf(where, sizeof where, "phases[%s]", ph->name);
        if (!train_exists(t, ph->on))
            return bad(L, "%s.on: there is no train \"%s\"", where, ph->on);
        const cJSON *tiles = get_array(L, where, it, "tiles", true), *c;
        cJSON_ArrayForEach(c, tiles)
        {
            int col = cJSON_IsString(c) ? color_parse(c->valuestring) : -1;
            if (col < ENG_YELLOW || col > ENG_GRAY)
                return bad(L, "%s.tiles: not a tile colour", where);
            ph->tile_colors |= (uint8_t)(1u << col);
            ph->offboard_color = (eng_color)col;
        }
        const cJSON *lays = member(it, "tile_lays");
        char in_lays[96];
        snprintf(in_lays, sizeof in_lays, "%s.tile_lays", where);
        if (!get_int(L, in_lays, lays, "minor", &ph->tile_lays_minor, 1) ||
            !get_int(L, in_lays, lays, "major", &ph->tile_lays_major, 1) ||
            !get_bool_or(L, where, it, "privates_close", &ph->privates_close, false) ||
            !get_bool_or(L, where, it, "trains_between_companies", &ph->trains_between_companies,
                         false) ||
            !get_bool_or(L, where, it, "privates_to_companies", &ph->privates_to_companies,
                         false))
            return false;
        const cJSON *lim = member(it, "train_limit");
        if (!cJSON_IsObject(lim) ||
            !get_int(L, where, lim, "minor", &ph->train_limit_minor, 0) ||
            !get_int(L, where, lim, "major", &ph->train_limit_major, 0) ||
            !get_int(L, where, lim, "formed", &ph->train_limit_formed, ph->train_limit_major))
            return bad(L, "%s.train_limit: needs \"minor\" and \"major\"", where);
    }
    return !L->failed;
}

/* A cell's zone from its letter: y, o, b (18xx.games' notation). */
static uint8_t zone_of(const char *cell)
{
    return strchr(cell, 'b') ? ENG_ZONE_BROWN
           : strchr(cell, 'o') ? ENG_ZONE_ORANGE
           : strchr(cell, 'y') ? ENG_ZONE_YELLOW
                               : ENG_ZONE_NONE;
}

static bool parse_market(struct loader *L, const cJSON *root)
{
    const cJSON *m = member(root, "market");
    const cJSON *rows = m ? get_array(L, "market", m, "rows", true) : NULL;
    if (!rows)
        return bad(L, "market: \"rows\" is missing");
    eng_title *t = L->t;
    t->market_rows = cJSON_GetArraySize(rows);
    const cJSON *r;
    cJSON_ArrayForEach(r, rows)
    {
        int n = cJSON_GetArraySize(r);
        t->market_cols = n > t->market_cols ? n : t->market_cols;
    }
    t->market = xcalloc((size_t)(t->market_rows * t->market_cols) + 1, sizeof *t->market);
    t->market_par = xcalloc((size_t)(t->market_rows * t->market_cols) + 1,
                            sizeof *t->market_par);
    t->market_zone = xcalloc((size_t)(t->market_rows * t->market_cols) + 1,
                             sizeof *t->market_zone);
    int ri = 0;
    cJSON_ArrayForEach(r, rows)
    {
        int ci = 0;
        const cJSON *cell;
        cJSON_ArrayForEach(cell, r)
        {
            if (!cJSON_IsString(cell))
                return bad(L, "market.rows[%d][%d]: a cell is a string like \"92p\"", ri, ci);
            int price = atoi(cell->valuestring);
            if (cell->valuestring[0] && price <= 0)
                return bad(L, "market.rows[%d][%d]: \"%s\" is not a price", ri, ci,
                           cell->valuestring);
            t->market_par[ri * t->market_cols + ci] = strchr(cell->valuestring, 'p') != NULL;
            t->market_zone[ri * t->market_cols + ci] = zone_of(cell->valuestring);
            t->market[ri * t->market_cols + ci++] = price;
        }
        ri++;
    }
    return true;
}

/* "private_sale_percent": [min, max], what a company pays for a private, of its face value. */
static bool parse_private_sale(struct loader *L, const cJSON *root)
{
    eng_title *t = L->t;
    const cJSON *v = get_array(L, "title", root, "private_sale_percent", false);
    t->private_sale_min_percent = 50;
    t->private_sale_max_percent = 200;
    if (!v)
        return !L->failed;
    const cJSON *lo = cJSON_GetArrayItem(v, 0), *hi = cJSON_GetArrayItem(v, 1);
    if (cJSON_GetArraySize(v) != 2 || !cJSON_IsNumber(lo) || !cJSON_IsNumber(hi) ||
        lo->valueint < 0 || hi->valueint < lo->valueint)
        return bad(L, "title.private_sale_percent: [least, most], as percents of face value");
    t->private_sale_min_percent = lo->valueint;
    t->private_sale_max_percent = hi->valueint;
    return true;
}

/* "player_share_limit_by_players": {"2": 70}: the limit with so many players instead. */
static bool parse_share_limit_by_players(struct loader *L, const cJSON *root)
{
    const cJSON *by = member(root, "player_share_limit_by_players"), *it;
    if (by && !cJSON_IsObject(by))
        return bad(L, "player_share_limit_by_players: must be an object by number of players");
    cJSON_ArrayForEach(it, by)
    {
        int n = atoi(it->string);
        if (n < 2 || n > 9 || !cJSON_IsNumber(it) || it->valueint < 10 || it->valueint > 100)
            return bad(L, "player_share_limit_by_players[%s]: a number of players and a percent "
                          "from 10 to 100", it->string);
        L->t->player_share_limit_by_players[n] = it->valueint;
    }
    return true;
}

static bool parse_players(struct loader *L, const cJSON *root)
{
    const cJSON *players = member(root, "players");
    if (!cJSON_IsObject(players))
        return bad(L, "players: must be an object by number of players");
    eng_title *t = L->t;
    t->min_players = 10;
    const cJSON *it;
    cJSON_ArrayForEach(it, players)
    {
        int n = atoi(it->string);
        char where[32];
        snprintf(where, sizeof where, "players[%s]", it->string);
        if (n < 2 || n > 9)
            return bad(L, "%s: not a number of players", where);
        if (!get_int(L, where, it, "cash", &t->start_cash[n], 0) ||
            !get_int(L, where, it, "certificate_limit", &t->cert_limit[n], 0))
            return false;
        t->min_players = n < t->min_players ? n : t->min_players;
        t->max_players = n > t->max_players ? n : t->max_players;
    }
    return get_int(L, "title", root, "bank", &t->bank, 0) &&
           get_int(L, "title", root, "pool_limit_percent", &t->pool_limit_percent, 50) &&
           get_int(L, "title", root, "player_share_limit_percent", &t->player_share_limit, 100) &&
           parse_share_limit_by_players(L, root) &&
           get_choice(L, root, "capitalisation", "incremental", "full", &t->full_capitalisation) &&
           get_choice(L, root, "on_market_when", "floated", "started",
                      &t->on_market_when_started) &&
           get_choice(L, root, "bank_break_ends", "round", "set", &t->bank_break_ends_set) &&
           get_choice(L, root, "price_drop_on_sale", "per_sale", "per_share",
                      &t->drop_per_share) &&
           get_int(L, "title", root, "station_cost_per_hex", &t->station_cost_per_hex, 0) &&
           get_bool_or(L, "title", root, "privates_between_players",
                       &t->privates_between_players, false) &&
           get_bool_or(L, "title", root, "sale_ends_passing", &t->sale_ends_passing, false) &&
           get_choice(L, root, "must_buy_train", "always", "with_route", &t->train_needs_route) &&
           parse_private_sale(L, root);
}

static bool parse_start_item(struct loader *L, const cJSON *it, struct eng_start_item *si)
{
    char where[64], kind[ENG_ID], company[ENG_ID];
    if (!get_str(L, "start_packet.items", it, "id", si->id, sizeof si->id, true))
        return false;
    snprintf(where, sizeof where, "start_packet.items[%s]", si->id);
    if (!get_int(L, where, it, "price", &si->price, 0) ||
        !get_str(L, where, it, "kind", kind, sizeof kind, true) ||
        !get_str(L, where, it, "company", company, sizeof company, false))
        return false;
    bool share = strcmp(kind, "share") == 0;
    si->company = eng_company_index(L->t, share ? company : si->id);
    if (si->company < 0)
        return bad(L, "%s: there is no company \"%s\"", where, share ? company : si->id);
    if (share) {
        const eng_company *c = &L->t->companies[si->company];
        for (int k = 0; k < c->ncerts; k++)
            if (c->certs[k].director) {
                si->percent = c->certs[k].percent;
                si->director = true;
            }
    }
    si->row = -1;
    return true;
}

static bool parse_start_packet(struct loader *L, const cJSON *root)
{
    const cJSON *sp = member(root, "start_packet");
    const cJSON *items = sp ? get_array(L, "start_packet", sp, "items", true) : NULL;
    const cJSON *rows = sp ? get_array(L, "start_packet", sp, "rows", true) : NULL;
    if (!items || !rows)
        return bad(L, "start_packet: needs \"items\" and \"rows\"");
    eng_title *t = L->t;
    const cJSON *sale = member(sp, "sale");
    int how = sale ? word_index(sale, (const char *const[]){"fixed", "auction"}, 2) : 0;
    if (how < 0)
        return bad(L, "start_packet.sale: must be \"fixed\" or \"auction\"");
    t->packet_auction = how == 1;
    if (!get_int(L, "start_packet", sp, "bid_raise", &t->bid_raise, 5) ||
        !get_int(L, "start_packet", sp, "first_item_drop", &t->first_item_drop, 0))
        return false;
    if (t->packet_auction && t->bid_raise <= 0)
        return bad(L, "start_packet.bid_raise: must be at least 1");
    const cJSON *it;
    cJSON_ArrayForEach(it, items)
    {
        if (t->nstart_items == 32)
            return bad(L, "start_packet.items: too many");
        if (!parse_start_item(L, it, &t->start_items[t->nstart_items++]))
            return false;
    }
    int row = 0;
    const cJSON *r;
    cJSON_ArrayForEach(r, rows)
    {
        cJSON_ArrayForEach(it, r)
        {
            int k = 0;
            while (k < t->nstart_items && (!cJSON_IsString(it) ||
                                           strcmp(t->start_items[k].id, it->valuestring) != 0))
                k++;
            if (k == t->nstart_items)
                return bad(L, "start_packet.rows[%d]: \"%s\" is not an item", row,
                           cJSON_IsString(it) ? it->valuestring : "?");
            t->start_items[k].row = row;
        }
        row++;
    }
    for (int k = 0; k < t->nstart_items; k++)
        if (t->start_items[k].row < 0)
            return bad(L, "start_packet.items[%s]: in no row", t->start_items[k].id);
    return true;
}

static int company_ref(struct loader *L, const char *where, const cJSON *v)
{
    int k = cJSON_IsString(v) ? eng_company_index(L->t, v->valuestring) : -1;
    if (k < 0)
        bad(L, "%s: \"%s\" is not a company", where, cJSON_IsString(v) ? v->valuestring : "?");
    return k;
}

static bool parse_available(struct loader *L, const char *where, const cJSON *av, eng_avail *a)
{
    char when[ENG_ID];
    if (!av)
        return bad(L, "%s: \"available\" is missing", where);
    if (!get_str(L, where, av, "when", when, sizeof when, true))
        return false;
    if (strcmp(when, "start") == 0)
        a->when = ENG_AVAIL_START;
    else if (strcmp(when, "sold_out") == 0)
        a->when = ENG_AVAIL_SOLD_OUT;
    else if (strcmp(when, "percent_sold") == 0)
        a->when = ENG_AVAIL_PERCENT_SOLD;
    else if (strcmp(when, "director_sold") == 0)
        a->when = ENG_AVAIL_DIRECTOR_SOLD;
    else
        return bad(L, "%s.available.when: \"%s\" is not known", where, when);
    const cJSON *list = member(av, "companies"), *it;
    cJSON_ArrayForEach(it, list)
    {
        if (a->ncompanies == 4)
            return bad(L, "%s.available: too many companies", where);
        if ((a->companies[a->ncompanies++] = company_ref(L, where, it)) < 0)
            return false;
    }
    if (member(av, "company")) {
        a->ncompanies = 1;
        if ((a->companies[0] = company_ref(L, where, member(av, "company"))) < 0)
            return false;
    }
    if (a->when != ENG_AVAIL_START && a->ncompanies == 0)
        return bad(L, "%s.available: names no company", where);
    return get_int(L, where, av, "percent", &a->percent, 0);
}

static bool parse_tile_power(struct loader *L, const char *where, const cJSON *tile,
                             eng_powers *pw)
{
    char w[96];
    snprintf(w, sizeof w, "%s.powers.tile", where);
    const cJSON *it;
    cJSON_ArrayForEach(it, get_array(L, w, tile, "hexes", true))
    {
        int h = cJSON_IsString(it) ? eng_hex_index(L->t, it->valuestring) : -1;
        if (h < 0 || pw->ntile_hexes == ENG_MAX_POWER_TILES)
            return bad(L, "%s.hexes: not a hex (at most %d)", w, ENG_MAX_POWER_TILES);
        pw->tile_hexes[pw->ntile_hexes++] = h;
    }
    return !L->failed && get_bool_or(L, w, tile, "extra", &pw->tile_extra, false) &&
           get_bool_or(L, w, tile, "free", &pw->tile_free, false) &&
           get_bool_or(L, w, tile, "connected", &pw->tile_connected, true) &&
           get_bool_or(L, w, tile, "any_lay_uses", &pw->tile_any_lay_uses, false);
}

static bool parse_token_power(struct loader *L, const char *where, const cJSON *tok,
                              eng_powers *pw)
{
    char w[96];
    snprintf(w, sizeof w, "%s.powers.token", where);
    const cJSON *hex = member(tok, "hex");
    if (!cJSON_IsString(hex) || (pw->token_hex = eng_hex_index(L->t, hex->valuestring)) < 0)
        return bad(L, "%s.hex: not a hex", w);
    return get_bool_or(L, w, tok, "extra", &pw->token_extra, false) &&
           get_bool_or(L, w, tok, "free", &pw->token_free, false) &&
           get_bool_or(L, w, tok, "connected", &pw->token_connected, true);
}

/* A private's powers (docs/titles.md): its tile lay, its station, when it closes. */
static bool parse_powers(struct loader *L, const char *where, const cJSON *pw, eng_company *c)
{
    static const char *const closes[] = {"never", "tiles", "token", "any", "all"};
    const cJSON *train = member(pw, "closes_on_first_train_of"), *user = member(pw, "user");
    if (train && (c->powers.closes_on_train_of = company_ref(L, where, train)) < 0)
        return false;
    int who = user ? word_index(user, (const char *const[]){"owner_directs", "owning_company"}, 2)
                   : 0;
    if (who < 0)
        return bad(L, "%s.powers.user: \"owner_directs\" (the major its owner directs) or "
                      "\"owning_company\" (the major that owns it)", where);
    c->powers.user_owning_company = who == 1;
    if ((member(pw, "tile") && !parse_tile_power(L, where, member(pw, "tile"), &c->powers)) ||
        (member(pw, "token") && !parse_token_power(L, where, member(pw, "token"), &c->powers)))
        return false;
    const cJSON *after = member(pw, "closes_after");
    int k = after ? word_index(after, closes, 5) : ENG_CLOSES_NEVER;
    if (k < 0)
        return bad(L, "%s.powers.closes_after: must be never, tiles, token, any or all", where);
    c->powers.closes_after = (eng_power_closes)k;
    return true;
}

static int train_ref(struct loader *L, const char *where, const cJSON *v)
{
    for (int i = 0; cJSON_IsString(v) && i < L->t->ntrains; i++)
        if (strcmp(L->t->trains[i].name, v->valuestring) == 0)
            return i;
    bad(L, "%s: \"%s\" is not a train", where, cJSON_IsString(v) ? v->valuestring : "?");
    return -1;
}

static bool parse_formation(struct loader *L, const cJSON *pr)
{
    struct eng_formation *f = &L->t->formation;
    const cJSON *fr = member(pr, "formation_rules"), *it;
    f->company = -1;
    if (!fr)
        return true;
    const char *w = "formed_company.formation_rules";
    f->company = eng_company_index(L->t, member(pr, "id")->valuestring);
    if ((f->founder = company_ref(L, w, member(fr, "founder"))) < 0)
        return false;
    /* trains are read after the companies: resolved in resolve_formation_trains */
    cJSON_ArrayForEach(it, member(fr, "exchanges"))
    {
        if (f->nexchanges == 12)
            return bad(L, "%s.exchanges: too many", w);
        if ((f->exchanges[f->nexchanges++] = company_ref(L, w, it)) < 0)
            return false;
    }
    return true;
}

static bool resolve_formation_trains(struct loader *L, const cJSON *root)
{
    const cJSON *fr = member(member(root, "formed_company"), "formation_rules");
    struct eng_formation *f = &L->t->formation;
    if (!fr)
        return true;
    const char *w = "formed_company.formation_rules";
    return get_str(L, w, fr, "round_name", f->round_name, sizeof f->round_name, true) &&
           (f->may_form_on = train_ref(L, w, member(fr, "may_form_on"))) >= 0 &&
           (f->must_form_on = train_ref(L, w, member(fr, "must_form_on"))) >= 0 &&
           (f->all_exchange_on = train_ref(L, w, member(fr, "all_exchange_on"))) >= 0;
}

/* References between companies, once all are read: what privates bring, when majors open. */
/* A private's "trade_for_share": {"company", "percent", "from": ["ipo", "pool"]}: its owner may
 * trade it for such a share (1830's M&H). (1835's "exchange" is the formation's, not this.) */
static bool parse_exchange(struct loader *L, const char *where, const cJSON *obj, eng_company *c)
{
    const cJSON *ex = member(obj, "trade_for_share"), *v;
    if (!ex)
        return true;
    if ((c->exchange_company = company_ref(L, where, member(ex, "company"))) < 0 ||
        !get_int(L, where, ex, "percent", &c->exchange_percent, 10))
        return false;
    cJSON_ArrayForEach(v, get_array(L, where, ex, "from", true))
    {
        int k = word_index(v, (const char *const[]){"ipo", "pool"}, 2);
        if (k < 0)
            return bad(L, "%s.trade_for_share.from: \"ipo\" or \"pool\"", where);
        *(k ? &c->exchange_from_pool : &c->exchange_from_ipo) = true;
    }
    return !L->failed;
}

static bool resolve_company_refs(struct loader *L, const cJSON *root)
{
    static const char *const lists[] = {"privates", "majors"};
    for (int l = 0; l < 2; l++) {
        const cJSON *it;
        cJSON_ArrayForEach(it, member(root, lists[l]))
        {
            eng_company *c = &L->t->companies[eng_company_index(L->t, member(it, "id")->valuestring)];
            char where[64];
            snprintf(where, sizeof where, "%s[%s]", lists[l], c->id);
            c->brings_company = -1;
            c->powers.token_hex = -1;
            c->powers.closes_on_train_of = -1;
            const cJSON *pw = member(it, "powers");
            if (pw && !parse_powers(L, where, pw, c))
                return false;
            if (!parse_exchange(L, where, it, c))
                return false;
            const cJSON *br = member(it, "brings");
            if (br) {
                if ((c->brings_company = company_ref(L, where, member(br, "company"))) < 0 ||
                    !get_int(L, where, br, "percent", &c->brings_percent, 0))
                    return false;
                c->brings_director = cJSON_IsTrue(member(br, "director"));
            }
            if (l == 1 && !parse_available(L, where, member(it, "available"), &c->available))
                return false;
        }
    }
    const cJSON *pr = member(root, "formed_company");
    if (pr) {
        eng_company *c = &L->t->companies[eng_company_index(L->t, member(pr, "id")->valuestring)];
        c->brings_company = -1;
        if (!parse_available(L, "formed_company", member(pr, "available"), &c->available))
            return false;
    }
    if (pr && !parse_formation(L, pr))
        return false;
    const cJSON *groups = member(root, "sales_groups"), *g;
    cJSON_ArrayForEach(g, groups)
    {
        if (L->t->nsales_groups == 4)
            return bad(L, "sales_groups: at most 4");
        int n = L->t->nsales_groups++;
        const cJSON *it;
        cJSON_ArrayForEach(it, g)
        {
            if (L->t->sales_group_size[n] == 4)
                return bad(L, "sales_groups[%d]: at most 4 companies", n);
            int k = company_ref(L, "sales_groups", it);
            if (k < 0)
                return false;
            L->t->sales_groups[n][L->t->sales_group_size[n]++] = k;
        }
    }
    return true;
}

/* "rights": [{"id", "price", "hexes": [...]}]: what a major buys to run into those hexes. */
static bool parse_rights(struct loader *L, const cJSON *root)
{
    eng_title *t = L->t;
    for (int h = 0; h < t->nhexes; h++)
        t->hexes[h].right = -1;
    const cJSON *it;
    cJSON_ArrayForEach(it, get_array(L, "title", root, "rights", false))
    {
        if (t->nrights == ENG_MAX_RIGHTS)
            return bad(L, "rights: at most %d", ENG_MAX_RIGHTS);
        eng_right *r = &t->rights[t->nrights];
        char where[64];
        snprintf(where, sizeof where, "rights[%d]", t->nrights);
        if (!get_str(L, where, it, "id", r->id, sizeof r->id, true) ||
            !get_int(L, where, it, "price", &r->price, 0))
            return false;
        snprintf(where, sizeof where, "rights[%s]", r->id);
        const cJSON *h;
        cJSON_ArrayForEach(h, get_array(L, where, it, "hexes", true))
        {
            int k = cJSON_IsString(h) ? eng_hex_index(t, h->valuestring) : -1;
            if (k < 0)
                return bad(L, "%s.hexes: not a hex", where);
            t->hexes[k].right = t->nrights;
        }
        if (L->failed)
            return false;
        t->nrights++;
    }
    return !L->failed;
}

static bool parse_companies(struct loader *L, const cJSON *root)
{
    const cJSON *lists[] = {member(root, "privates"), member(root, "minors"),
                            member(root, "majors")};
    int n = 1;
    for (int i = 0; i < 3; i++)
        n += cJSON_GetArraySize(lists[i]);
    L->t->companies = xcalloc((size_t)n + 1, sizeof *L->t->companies);
    return parse_company_list(L, root, "privates", ENG_PRIVATE) &&
           parse_company_list(L, root, "minors", ENG_MINOR) &&
           parse_company_list(L, root, "majors", ENG_MAJOR) && parse_formed_company(L, root) &&
           resolve_company_refs(L, root) &&
           parse_trains(L, root) && resolve_formation_trains(L, root) && parse_phases(L, root) &&
           parse_market(L, root) && check_par_spaces(L) &&
           parse_players(L, root) && parse_start_packet(L, root) && parse_rights(L, root);
}

/* ---- the game options the title declares ---- */

static const char *const start_orders[] = {"standard", "snake"};

/* A choice's "start_order": standard or snake, or a word naming a way of dealing the title's
 * hooks add (engine/hooks.h: checked when a game is created, eng_game_new). */
static bool parse_start_order(struct loader *L, const char *where, const cJSON *it,
                              eng_choice *ch)
{
    int k = word_index(it, start_orders, 2);
    if (k < 0 && (!cJSON_IsString(it) || !*it->valuestring ||
                  strlen(it->valuestring) >= sizeof ch->rules.dealing))
        return bad(L, "%s.start_order: must be standard, snake or the name of a way of dealing "
                      "the title's hooks add", where);
    ch->rules.start_order = k < 0 ? ENG_START_TITLE : (eng_start_order)k;
    if (k < 0)
        snprintf(ch->rules.dealing, sizeof ch->rules.dealing, "%s", it->valuestring);
    ch->sets |= ENG_RULE_START_ORDER;
    return true;
}

/* The rules a choice sets (its "rules"); a company's id (minors_wait_for) is looked up once the
 * companies are read (resolve_option_companies). */
static bool parse_rules(struct loader *L, const char *where, const cJSON *rules, eng_choice *ch)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, rules)
    {
        if (strcmp(it->string, "start_order") == 0) {
            if (!parse_start_order(L, where, it, ch))
                return false;
        } else if (strcmp(it->string, "ferry_toll_when_crossing") == 0) {
            if (!get_bool_or(L, where, rules, it->string, &ch->rules.ferry_toll_when_crossing,
                             false))
                return false;
            ch->sets |= ENG_RULE_FERRY;
        } else if (strcmp(it->string, "station_ends_track") == 0) {
            if (!get_bool_or(L, where, rules, it->string, &ch->rules.station_ends_track, false))
                return false;
            ch->sets |= ENG_RULE_STATION_ENDS_TRACK;
        } else if (strcmp(it->string, "auction_pass_leaves") == 0) {
            if (!get_bool_or(L, where, rules, it->string, &ch->rules.auction_pass_leaves, false))
                return false;
            ch->sets |= ENG_RULE_AUCTION_PASS_LEAVES;
        } else if (strcmp(it->string, "minors_wait_for") == 0) {
            if (!cJSON_IsString(it))
                return bad(L, "%s.minors_wait_for: must be a company's id", where);
            ch->sets |= ENG_RULE_MINORS_WAIT;
        } else {
            return bad(L, "%s: there is no rule \"%s\" (start_order, ferry_toll_when_crossing, "
                          "station_ends_track, minors_wait_for, auction_pass_leaves)", where,
                       it->string);
        }
    }
    return true;
}

static bool parse_choices(struct loader *L, const char *where, const cJSON *choices,
                          eng_game_option *o)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, choices)
    {
        char w[160];
        snprintf(w, sizeof w, "%s.choices[%s]", where, it->string);
        if (o->nchoices == ENG_MAX_CHOICES)
            return bad(L, "%s: more than %d choices", where, ENG_MAX_CHOICES);
        eng_choice *ch = &o->choices[o->nchoices];
        memset(ch, 0, sizeof *ch);
        if (!cJSON_IsObject(it) || strlen(it->string) >= sizeof ch->name || !it->string[0])
            return bad(L, "%s: must be an object named by a short word", w);
        for (int k = 0; k < o->nchoices; k++)
            if (strcasecmp(o->choices[k].name, it->string) == 0)
                return bad(L, "%s: the choice is named twice", w);
        strcpy(ch->name, it->string);
        ch->numeric = member(it, "number") != NULL;
        const cJSON *changes = member(it, "title");
        if (changes && (!cJSON_IsObject(changes) || member(changes, "game_options") ||
                        member(changes, "option_presets") || member(changes, "extends")))
            return bad(L, "%s.title: must be an object of the title's data to change (not its "
                          "options, presets or base)", w);
        ch->changes_title = changes != NULL;
        if (!get_int(L, w, it, "number", &ch->number, 0) ||
            (member(it, "rules") && !parse_rules(L, w, member(it, "rules"), ch)))
            return false;
        o->nchoices++;
    }
    return true;
}

static bool parse_game_options(struct loader *L, const cJSON *root)
{
    const cJSON *list = get_array(L, "title", root, "game_options", false), *it;
    cJSON_ArrayForEach(it, list)
    {
        if (L->t->ngame_options == ENG_MAX_GAME_OPTIONS)
            return bad(L, "game_options: more than %d", ENG_MAX_GAME_OPTIONS);
        eng_game_option *o = &L->t->game_options[L->t->ngame_options];
        char where[96], dflt[ENG_ID];
        if (!get_str(L, "game_options", it, "id", o->id, sizeof o->id, true))
            return false;
        snprintf(where, sizeof where, "game_options[%s]", o->id);
        if (eng_game_option_index(L->t, o->id) >= 0)
            return bad(L, "%s: the id is used twice", where);
        const cJSON *choices = member(it, "choices");
        if (!cJSON_IsObject(choices) || !parse_choices(L, where, choices, o))
            return L->failed ? false : bad(L, "%s.choices: must be an object of choices", where);
        if (o->nchoices == 0)
            return bad(L, "%s: has no choices", where);
        if (!get_str(L, where, it, "default", dflt, sizeof dflt, true))
            return false;
        o->by_default = -1;
        for (int k = 0; k < o->nchoices; k++)
            if (strcasecmp(o->choices[k].name, dflt) == 0)
                o->by_default = k;
        if (o->by_default < 0)
            return bad(L, "%s.default: \"%s\" is not one of its choices", where, dflt);
        L->t->ngame_options++;
    }
    const cJSON *presets = member(root, "option_presets");
    cJSON_ArrayForEach(it, presets)
    {
        if (L->t->npresets == ENG_MAX_PRESETS)
            return bad(L, "option_presets: more than %d", ENG_MAX_PRESETS);
        struct eng_preset *p = &L->t->presets[L->t->npresets++];
        if (!cJSON_IsString(it) || strlen(it->string) >= sizeof p->name ||
            strlen(it->valuestring) >= sizeof p->options)
            return bad(L, "option_presets[%s]: must be a short text of options", it->string);
        strcpy(p->name, it->string);
        strcpy(p->options, it->valuestring);
    }
    return !L->failed;
}

/* The companies the options' rules name (minors_wait_for), once the companies are read. */
static bool resolve_option_companies(struct loader *L, const cJSON *root)
{
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, member(root, "game_options"))
    {
        eng_game_option *o = &L->t->game_options[i++];
        for (int k = 0; k < o->nchoices; k++) {
            eng_choice *ch = &o->choices[k];
            const cJSON *waits = member(member(member(member(it, "choices"), ch->name), "rules"),
                                        "minors_wait_for");
            ch->rules.minors_wait_for = -1;
            if (!waits)
                continue;
            ch->rules.minors_wait_for = eng_company_index(L->t, waits->valuestring);
            if (ch->rules.minors_wait_for < 0)
                return bad(L, "game_options[%s].choices[%s].rules.minors_wait_for: there is no "
                              "company %s", o->id, ch->name, waits->valuestring);
        }
    }
    return true;
}

/* The title from its parsed JSON (root is the caller's). */
static eng_title *parse_root(const cJSON *root, char **err)
{
    struct loader L = {.t = xcalloc(1, sizeof(eng_title)), .failed = false};
    L.t->formation.company = -1;
    buf_init(&L.err);
    if (get_str(&L, "title", root, "title", L.t->id, sizeof L.t->id, true) &&
        parse_tiles(&L, root) && parse_hexes(&L, root) && check_borders(&L) &&
        get_str(&L, "title", root, "not_playable_yet", L.t->not_playable,
                sizeof L.t->not_playable, false) &&
        get_str(&L, "title", root, "extends_title", L.t->extends, sizeof L.t->extends, false) &&
        resolve_upgrades(&L, root) && parse_game_options(&L, root) &&
        parse_companies(&L, root)) {
        resolve_option_companies(&L, root);
    }
    if (L.failed) {
        *err = buf_steal(&L.err);
        eng_title_free(L.t);
        return NULL;
    }
    buf_free(&L.err);
    int *table = xmalloc((size_t)(L.t->nhexes ? L.t->nhexes : 1) * 6 * sizeof *table);
    for (int h = 0; h < L.t->nhexes; h++) /* the routes ask for neighbours all the time */
        for (int e = 0; e < 6; e++)
            table[h * 6 + e] = eng_neighbor(L.t, h, e);
    L.t->neighbors = table;
    return L.t;
}

/* The JSON text parsed, or NULL with the line of the fault in err. */
static cJSON *parse_json(const char *name, const char *json, char **err)
{
    cJSON *root = cJSON_Parse(json);
    if (!root) {
        int line = 1;
        for (const char *p = json, *at = cJSON_GetErrorPtr(); at && p < at; p++)
            line += *p == '\n';
        *err = str_format("%snot valid JSON (near line %d)", name, line);
    }
    return root;
}

eng_title *eng_title_parse(const char *json, char **err)
{
    cJSON *root = parse_json("", json, err);
    eng_title *t = root ? parse_root(root, err) : NULL;
    cJSON_Delete(root);
    return t;
}

/* ---- a title that extends another (a variant) ---- */

/* The key an entry of a list is known by in a variant, or NULL for a member replaced whole. */
static const char *entry_key(const char *list)
{
    static const char *const by_id[] = {"hexes", "tiles", "privates", "minors", "majors",
                                        "game_options"};
    for (size_t i = 0; i < sizeof by_id / sizeof *by_id; i++)
        if (strcmp(list, by_id[i]) == 0)
            return "id";
    return strcmp(list, "trains") == 0 || strcmp(list, "phases") == 0 ? "name" : NULL;
}

static int entry_index(const cJSON *list, const char *key, const char *value)
{
    int i = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(it, key);
        if (cJSON_IsString(k) && strcmp(k->valuestring, value) == 0)
            return i;
        i++;
    }
    return -1;
}

/* An entry's members given by a patch replace the entry's own (the others are kept). */
static void patch_entry(cJSON *entry, const cJSON *patch)
{
    const cJSON *m;
    cJSON_ArrayForEach(m, patch)
    {
        if (strcmp(m->string, "patch") == 0)
            continue;
        if (cJSON_GetObjectItemCaseSensitive(entry, m->string))
            cJSON_ReplaceItemInObjectCaseSensitive(entry, m->string, cJSON_Duplicate(m, true));
        else
            cJSON_AddItemToObject(entry, m->string, cJSON_Duplicate(m, true));
    }
}

/* The variant's entries into the base's list: replaced by key, removed, patched or added. */
static bool merge_list(cJSON *base, const cJSON *over, const char *key, const char *list,
                       char **err)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, over)
    {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(it, key);
        if (!cJSON_IsString(k)) {
            *err = str_format("%s: an entry without its \"%s\"", list, key);
            return false;
        }
        int at = entry_index(base, key, k->valuestring);
        bool removed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(it, "remove"));
        if (removed && at < 0) {
            *err = str_format("%s[%s]: removed, but the base has none", list, k->valuestring);
            return false;
        }
        bool patch = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(it, "patch"));
        if (patch && at < 0) {
            *err = str_format("%s[%s]: patched, but the base has none", list, k->valuestring);
            return false;
        }
        if (removed)
            cJSON_DeleteItemFromArray(base, at);
        else if (patch)
            patch_entry(cJSON_GetArrayItem(base, at), it);
        else if (at >= 0)
            cJSON_ReplaceItemInArray(base, at, cJSON_Duplicate(it, true));
        else
            cJSON_AddItemToArray(base, cJSON_Duplicate(it, true));
    }
    return true;
}

/* over's members into base (both parsed titles); false with err. */
static bool merge_title(cJSON *base, const cJSON *over, char **err)
{
    const cJSON *m;
    cJSON_ArrayForEach(m, over)
    {
        if (strcmp(m->string, "extends") == 0)
            continue;
        const char *key = entry_key(m->string);
        cJSON *mine = cJSON_GetObjectItemCaseSensitive(base, m->string);
        if (key && cJSON_IsArray(m) && cJSON_IsArray(mine)) {
            if (!merge_list(mine, m, key, m->string, err))
                return false;
        } else if (mine) {
            cJSON_ReplaceItemInObjectCaseSensitive(base, m->string, cJSON_Duplicate(m, true));
        } else {
            cJSON_AddItemToObject(base, m->string, cJSON_Duplicate(m, true));
        }
    }
    return true;
}

/* The title's JSON with what it extends under it, or NULL with err. */
static cJSON *load_layers(const char *name, eng_title_reader read, void *ctx, int depth,
                          char **err)
{
    char *json = read(name, ctx);
    if (!json) {
        *err = str_format("there is no title \"%s\"", name);
        return NULL;
    }
    char *where = str_format("%s.json: ", name);
    cJSON *root = parse_json(where, json, err);
    free(json);
    const cJSON *ext = root ? cJSON_GetObjectItemCaseSensitive(root, "extends") : NULL;
    cJSON *base = NULL;
    if (ext && (!cJSON_IsString(ext) || depth >= 4)) {
        *err = str_format("%sextends: %s", where,
                          cJSON_IsString(ext) ? "more than four titles deep" : "a title's name");
    } else if (ext && (base = load_layers(ext->valuestring, read, ctx, depth + 1, err)) &&
               !cJSON_GetObjectItemCaseSensitive(base, "extends_title") &&
               !cJSON_AddItemToObject(base, "extends_title", /* the first title of the chain */
                                      cJSON_Duplicate(member(base, "title"), true))) {
        *err = str_format("%sextends: a title without its \"title\"", where);
        cJSON_Delete(base);
        base = NULL;
    } else if (base && !merge_title(base, root, err)) {
        char *e = *err;
        *err = str_format("%s%s", where, e);
        free(e);
        cJSON_Delete(base);
        base = NULL;
    }
    free(where);
    if (!ext)
        return root;
    cJSON_Delete(root);
    return base;
}

/* The "title" changes of the choice named `choice` of the option `id` in the title's JSON. */
static const cJSON *choice_changes(const cJSON *root, const char *id, const char *choice)
{
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(root, "game_options"), *o;
    cJSON_ArrayForEach(o, opts)
    {
        const cJSON *oid = cJSON_GetObjectItemCaseSensitive(o, "id");
        if (cJSON_IsString(oid) && strcmp(oid->valuestring, id) == 0)
            return cJSON_GetObjectItemCaseSensitive(
                cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(o, "choices"),
                                                 choice),
                "title");
    }
    return NULL;
}

bool eng_choices_change_title(const eng_title *t, const int *chosen)
{
    for (int i = 0; i < t->ngame_options; i++)
        if (t->game_options[i].choices[chosen[i]].changes_title)
            return true;
    return false;
}

eng_title *eng_title_load_chosen(const char *name, eng_title_reader read, void *ctx,
                                 const eng_title *base, const int *chosen, char **err)
{
    cJSON *root = load_layers(name, read, ctx, 0, err);
    for (int i = 0; root && i < base->ngame_options; i++) {
        const eng_game_option *opt = &base->game_options[i];
        const eng_choice *ch = &opt->choices[chosen[i]];
        const cJSON *patch = ch->changes_title ? choice_changes(root, opt->id, ch->name) : NULL;
        cJSON *mine = patch ? cJSON_Duplicate(patch, true) : NULL;
        if (mine && !merge_title(root, mine, err)) {
            char *e = *err;
            *err = str_format("%s.json: game_options[%s].choices[%s].title: %s", name, opt->id,
                              ch->name, e);
            free(e);
            cJSON_Delete(root);
            root = NULL;
        }
        cJSON_Delete(mine);
    }
    eng_title *t = root ? parse_root(root, err) : NULL;
    cJSON_Delete(root);
    return t;
}

eng_title *eng_title_load(const char *name, eng_title_reader read, void *ctx, char **err)
{
    cJSON *root = load_layers(name, read, ctx, 0, err);
    eng_title *t = root ? parse_root(root, err) : NULL;
    cJSON_Delete(root);
    return t;
}
