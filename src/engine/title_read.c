/* title_read: an 18xx title read from its JSON and validated, and freed. Every error names the
 * entry it is about, as in "hexes[C11].paths[2]: no city 3 on this hex". The order of the
 * reading is eng_title_from_json's; its parts are title_read_map.c, title_read_companies.c,
 * title_options.c, title_check.c (the references, once what they name is read) and
 * title_read_rules.c (18GA's: depot trains, the market's end, neutral stations, terminal
 * cities, only_tiles, homes); variants and game options' patches are title_patch.c. */
#include "engine/title_loader.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>

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
    free(t->market_closes);
    free(t->market_ends);
    free(t);
}

/* The title from its parsed JSON (root is the caller's). */
eng_title *eng_title_from_json(const cJSON *root, char **err)
{
    struct loader L = {.t = xcalloc(1, sizeof(eng_title)), .failed = false};
    L.t->formation.company = -1;
    L.t->national.company = -1;
    L.t->national.borrows = -1;
    buf_init(&L.err);
    if (get_str(&L, "title", root, "title", L.t->id, sizeof L.t->id, true) &&
        eng_title_read_tiles(&L, root) && eng_title_read_hexes(&L, root) &&
        eng_title_check_borders(&L) &&
        get_str(&L, "title", root, "not_playable_yet", L.t->not_playable,
                sizeof L.t->not_playable, false) &&
        get_str(&L, "title", root, "extends_title", L.t->extends, sizeof L.t->extends, false) &&
        eng_title_resolve_upgrades(&L, root) && eng_title_read_game_options(&L, root) &&
        eng_title_read_companies(&L, root) && eng_title_read_capital(&L, root) &&
        eng_title_read_phase_upgrades(&L, root) && eng_title_read_rules(&L, root)) {
        eng_title_resolve_option_companies(&L, root);
        eng_title_read_xgames(&L, root);
        eng_title_read_loans(&L, root);
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
