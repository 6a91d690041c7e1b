/* title: an 18xx title as data, read from JSON and validated (see title.h). Every error names
 * the entry it is about, as in "hexes[C11].paths[2]: no city 3 on this hex". This file is the
 * door: colours, coordinates, the lookups by id, the order of the reading (eng_title_from_json)
 * and freeing; the reading's parts are title_read_map.c, title_read_companies.c,
 * title_options.c and title_check.c; variants and game options' patches title_patch.c; the
 * legacy title options title_legacy.c. */
#include "engine/title_loader.h"
#include "util/util.h"

#include <ctype.h>
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

void eng_title_free(eng_title *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->ntiles; i++)
        eng_title_free_upgrades(&t->tiles[i].upgrades);
    for (int i = 0; i < t->nhexes; i++)
        eng_title_free_upgrades(&t->hexes[i].upgrades);
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

/* The title from its parsed JSON (root is the caller's). */
eng_title *eng_title_from_json(const cJSON *root, char **err)
{
    struct loader L = {.t = xcalloc(1, sizeof(eng_title)), .failed = false};
    L.t->formation.company = -1;
    buf_init(&L.err);
    if (get_str(&L, "title", root, "title", L.t->id, sizeof L.t->id, true) &&
        eng_title_read_tiles(&L, root) && eng_title_read_hexes(&L, root) &&
        eng_title_check_borders(&L) &&
        get_str(&L, "title", root, "not_playable_yet", L.t->not_playable,
                sizeof L.t->not_playable, false) &&
        eng_title_resolve_upgrades(&L, root) && eng_title_read_game_options(&L, root) &&
        eng_title_read_companies(&L, root)) {
        eng_title_resolve_option_companies(&L, root);
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
cJSON *eng_title_json_parse(const char *name, const char *json, char **err)
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
    cJSON *root = eng_title_json_parse("", json, err);
    eng_title *t = root ? eng_title_from_json(root, err) : NULL;
    cJSON_Delete(root);
    return t;
}
