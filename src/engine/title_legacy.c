/* title_legacy: the legacy title options ("options": named patches of hexes and tiles applied to
 * a title already read, eng_title_set_option), which game options' "title" changes replace.
 * Only the tests use them; they live here alone to go in one cut. */
#include "engine/title_loader.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool patch_hex(struct loader *L, const char *where, const cJSON *patch, eng_hex *h)
{
    if (member(patch, "cost") && !get_int(L, where, patch, "cost", &h->cost, 0))
        return false;
    if (member(patch, "terrain"))
        return get_str(L, where, patch, "terrain", h->terrain, sizeof h->terrain, false);
    return true;
}

static bool apply_choice(struct loader *L, const char *where, const cJSON *choice)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, member(choice, "hexes"))
    {
        int h = eng_hex_index(L->t, it->string);
        if (h < 0)
            return bad(L, "%s.hexes: there is no hex %s", where, it->string);
        if (!patch_hex(L, where, it, &L->t->hexes[h]))
            return false;
    }
    cJSON_ArrayForEach(it, member(choice, "tiles"))
    {
        int k = eng_tile_index(L->t, it->string);
        if (k < 0)
            return bad(L, "%s.tiles: there is no tile %s", where, it->string);
        const cJSON *up = member(it, "upgrades_to");
        if (up) {
            eng_title_free_upgrades(&L->t->tiles[k].upgrades);
            if (!eng_title_read_upgrades(L, where, up, &L->t->tiles[k].upgrades))
                return false;
        }
    }
    return true;
}

int eng_title_set_option(eng_title *t, const char *json, const char *option, const char *choice,
                         char **err)
{
    struct loader L = {.t = t, .failed = false};
    buf_init(&L.err);
    cJSON *root = cJSON_Parse(json);
    const cJSON *opt = NULL, *it, *options = root ? member(root, "options") : NULL;
    cJSON_ArrayForEach(it, options)
    {
        const cJSON *id = member(it, "id");
        if (cJSON_IsString(id) && strcmp(id->valuestring, option) == 0)
            opt = it;
    }
    const cJSON *ch = opt ? member(member(opt, "choices"), choice) : NULL;
    if (!opt)
        bad(&L, "the title has no option \"%s\"", option);
    else if (!ch)
        bad(&L, "option %s has no choice \"%s\"", option, choice);
    else {
        char where[96];
        snprintf(where, sizeof where, "options[%s].choices[%s]", option, choice);
        apply_choice(&L, where, ch);
    }
    cJSON_Delete(root);
    if (L.failed) {
        *err = buf_steal(&L.err);
        return -1;
    }
    buf_free(&L.err);
    return 0;
}
