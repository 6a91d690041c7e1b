/* import_home: a company's home city as 18xx.games places it by itself and chooses again after
 * the company's first tile on its home hex ("must choose city for token"): the city pbemgm's
 * station goes in so that it stands, the tile laid, where the file's later choice puts it. */
#include "xgames/import_internal.h"

#include <stdlib.h>
#include <string.h>

bool xg_station_in(const eng_game *g, int c, int hex, int city)
{
    for (int s = 0; s < ENG_MAX_SLOTS; s++)
        if (g->board->tokens[hex][city][s] == c)
            return true;
    return false;
}

/* Whether kept action i is company c's lay_tile on hex and the next its place_token in a city
 * of that tile: 18xx.games' "must choose city for token" on a home hex. The tile, its
 * rotation and the city chosen (pbemgm's) into *tile, *rot, *city. */
static bool home_choice_at(xg_importer *x, int i, int c, int hex, int *tile, int *rot, int *city)
{
    const cJSON *lay = x->kept[i].a, *token = x->kept[i + 1].a;
    const char *lt = xg_str(lay, "type"), *tt = xg_str(token, "type");
    const char *id = xg_str(lay, "tile"), *where = xg_str(lay, "hex"), *cid = xg_str(token, "city");
    if (!lt || !tt || strcmp(lt, "lay_tile") || strcmp(tt, "place_token") || !id || !where ||
        !cid || eng_hex_index(x->t, where) != hex || strncmp(cid, id, strlen(id)) ||
        cid[strlen(id)] != '-' || xg_company_of(x, xg_str(lay, "entity")) != c ||
        xg_company_of(x, xg_str(token, "entity")) != c)
        return false;
    char name[XG_ID];
    xg_tile_name(id, name, sizeof name);
    *tile = eng_tile_index(x->t, name);
    *rot = xg_rotation(x->t, *tile, xg_int(lay, "rotation", 0));
    *city = *tile < 0 ? -1 : xg_city(x->t, *tile, hex, atoi(cid + strlen(id) + 1));
    return *tile >= 0;
}

int xg_home_chosen_later(xg_importer *x, int c)
{
    int hex = x->t->companies[c].home_hex, tile, rot, city;
    for (int i = x->at; hex >= 0 && i + 1 < x->nkept; i++) {
        if (!home_choice_at(x, i, c, hex, &tile, &rot, &city))
            continue;
        const eng_track *tr = eng_board_track(x->g->board, hex, NULL);
        for (int k = 0; k < tr->ncities; k++) {
            eng_game *trial = eng_game_copy(x->g);
            eng_action home = {.kind = ENG_ACT_HOME, .player = eng_company_holder(x->g, c)};
            home.city = k;
            bool ok = eng_apply(trial, &home, NULL, 0) == 0 &&
                      eng_lay_tile(trial->board, c, hex, tile, rot,
                                   ~0u, NULL, 0) == 0 && /* (any colour, phase) */
                      xg_station_in(trial, c, hex, city);
            eng_game_free(trial);
            if (ok)
                return k;
        }
        return -1;
    }
    return -1;
}

