/* import_city: a city as an 18xx.games file names it ("57-1-0": tile 57's copy 1, its city 0)
 * found on pbemgm's board, for the actions that name one (a station placed, a station the
 * national chooses). Above the ids' and the refusals' files, below the actions that use it. */
#include "xgames/import_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "57-1-0": the hex the tile 57-1 lies on and pbemgm's city of its city 0. */
int xg_city_of(xg_importer *x, const char *id, int *hex, int *city)
{
    char tile_id[XG_ID], name[XG_ID];
    snprintf(tile_id, sizeof tile_id, "%s", id ? id : "");
    char *dash = strrchr(tile_id, '-');
    if (!dash)
        return xg_refuse(x, "no such city as %s", id ? id : "(none)");
    *dash = '\0';
    int k = atoi(dash + 1);
    if (k < 0 || k >= ENG_MAX_CITIES)
        return xg_refuse(x, "no such city as %s", id);
    *hex = xg_tile_hex(x, tile_id);
    if (*hex < 0)
        return xg_refuse(x, "the tile of city %s lies nowhere on the map", id);
    xg_tile_name(tile_id, name, sizeof name);
    int tile = eng_hex_index(x->t, name) == *hex ? -1 : eng_tile_index(x->t, name);
    *city = xg_city(x->t, tile, *hex, k);
    return 0;
}
