/* title_read_powers: the parts of a private's "powers" (docs/titles.md) that 1856's privates
 * brought — the tiles its tile lay may be, closing at the end of the user's turn, a run bonus
 * other majors may buy (the bridge and the tunnel), a marker placed on one of some hexes (the
 * port) — and issue 32's: whether its station needs a tile on its hex first, or one laid in
 * that very turn (1830's D&H), and a free train for the company that buys it (18GA's OSO).
 * The tile lay and the station themselves are title_check.c's. */
#include "engine/title_loader.h"

#include <stdio.h>
#include <string.h>

/* A list of hex names into hexes (at most max); false with the error. */
static bool hex_list(struct loader *L, const char *where, const cJSON *obj, int *n, int *hexes,
                     int max)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, get_array(L, where, obj, "hexes", true))
    {
        int h = cJSON_IsString(it) ? eng_hex_index(L->t, it->valuestring) : -1;
        if (h < 0 || *n == max)
            return bad(L, "%s.hexes: not a hex (at most %d)", where, max);
        hexes[(*n)++] = h;
    }
    if (!L->failed && *n == 0)
        return bad(L, "%s.hexes: names no hex", where);
    return !L->failed;
}

/* "tile": {"tiles": [...]}: the tiles the power's lay may be. */
static bool tile_ids(struct loader *L, const char *where, const cJSON *tile, eng_powers *pw)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, get_array(L, where, tile, "tiles", false))
    {
        int k = cJSON_IsString(it) ? eng_tile_index(L->t, it->valuestring) : -1;
        if (k < 0 || pw->ntile_ids == ENG_MAX_POWER_TILE_IDS)
            return bad(L, "%s.tiles: not a tile (at most %d)", where, ENG_MAX_POWER_TILE_IDS);
        pw->tile_ids[pw->ntile_ids++] = k;
    }
    return !L->failed;
}

/* "bonus": {"name", "hexes", "value", "price", "for_sale": n or "unlimited"}. */
static bool bonus(struct loader *L, const char *where, const cJSON *b, eng_powers *pw)
{
    char w[96];
    snprintf(w, sizeof w, "%s.powers.bonus", where);
    const cJSON *sale = member(b, "for_sale");
    if (cJSON_IsString(sale) && strcmp(sale->valuestring, "unlimited") == 0)
        pw->bonus_for_sale = -1;
    else if (!get_int(L, w, b, "for_sale", &pw->bonus_for_sale, 0) || pw->bonus_for_sale < 0)
        return bad(L, "%s.for_sale: a number, or \"unlimited\"", w);
    if (!get_str(L, w, b, "name", pw->bonus_name, sizeof pw->bonus_name, true) ||
        !hex_list(L, w, b, &pw->nbonus_hexes, pw->bonus_hexes, ENG_MAX_BONUS_HEXES) ||
        !get_int(L, w, b, "value", &pw->bonus_value, 0) ||
        !get_int(L, w, b, "price", &pw->bonus_price, 0))
        return false;
    if (pw->bonus_value <= 0 || pw->bonus_price < 0)
        return bad(L, "%s: its value must be above 0, its price not below", w);
    return true;
}

/* "marker": {"name", "hexes", "value", "removed_in_phase"}. */
static bool marker(struct loader *L, const char *where, const cJSON *m, eng_powers *pw)
{
    char w[96];
    snprintf(w, sizeof w, "%s.powers.marker", where);
    if (!get_str(L, w, m, "name", pw->marker_name, sizeof pw->marker_name, true) ||
        !hex_list(L, w, m, &pw->nmarker_hexes, pw->marker_hexes, ENG_MAX_MARKER_HEXES) ||
        !get_int(L, w, m, "value", &pw->marker_value, 0) ||
        !get_str(L, w, m, "removed_in_phase", pw->marker_removed_in,
                 sizeof pw->marker_removed_in, false))
        return false;
    return pw->marker_value > 0 ? true : bad(L, "%s.value: must be above 0", w);
}

/* "token": {"requires_tile": false, true or "same_turn"} (ENG_TOKEN_TILE_...). */
static bool requires_tile(struct loader *L, const char *where, const cJSON *tok, eng_powers *pw)
{
    const cJSON *v = member(tok, "requires_tile");
    if (!v || cJSON_IsFalse(v))
        pw->token_requires_tile = ENG_TOKEN_TILE_NOT_NEEDED;
    else if (cJSON_IsTrue(v))
        pw->token_requires_tile = ENG_TOKEN_AFTER_TILE;
    else if (cJSON_IsString(v) && strcmp(v->valuestring, "same_turn") == 0)
        pw->token_requires_tile = ENG_TOKEN_SAME_TURN;
    else
        return bad(L, "%s.powers.token.requires_tile: false, true (a tile there first) or "
                      "\"same_turn\" (only in the turn the power's tile is laid)", where);
    return true;
}

bool eng_title_read_power_extras(struct loader *L, const char *where, const cJSON *pw,
                                 eng_powers *out)
{
    char w[96];
    if (member(pw, "token") && !requires_tile(L, where, member(pw, "token"), out))
        return false;
    snprintf(w, sizeof w, "%s.powers.tile", where);
    const cJSON *at = member(pw, "closes_at");
    int k = at ? word_index(at, (const char *const[]){"at_once", "turn_end"}, 2) : 0;
    if (k < 0)
        return bad(L, "%s.powers.closes_at: \"at_once\" or \"turn_end\"", where);
    out->closes_at_turn_end = k == 1;
    return (!member(pw, "tile") || tile_ids(L, w, member(pw, "tile"), out)) &&
           (!member(pw, "bonus") || bonus(L, where, member(pw, "bonus"), out)) &&
           (!member(pw, "marker") || marker(L, where, member(pw, "marker"), out));
}

/* The index of the train (phase false) or phase named by obj's key, or -1 with the error. */
static int named(struct loader *L, const char *where, const cJSON *obj, const char *key,
                 bool phase)
{
    const eng_title *t = L->t;
    const cJSON *v = member(obj, key);
    int n = phase ? t->nphases : t->ntrains;
    for (int i = 0; cJSON_IsString(v) && i < n; i++)
        if (strcmp(phase ? t->phases[i].name : t->trains[i].name, v->valuestring) == 0)
            return i;
    bad(L, "%s.%s: \"%s\" is not a %s of the title", where, key,
        cJSON_IsString(v) ? v->valuestring : "?", phase ? "phase" : "train");
    return -1;
}

/* "free_train": {"train": "2", "unless_phase": "4", "not_sellable": true}. */
static bool free_train(struct loader *L, const char *where, const cJSON *ft, eng_powers *pw)
{
    char w[96];
    snprintf(w, sizeof w, "%s.powers.free_train", where);
    if ((pw->free_train = named(L, w, ft, "train", false)) < 0)
        return false;
    if (member(ft, "unless_phase") &&
        (pw->free_train_unless_phase = named(L, w, ft, "unless_phase", true)) < 0)
        return false;
    return get_bool_or(L, w, ft, "not_sellable", &pw->free_train_not_sellable, false);
}

bool eng_title_read_free_trains(struct loader *L, const cJSON *root)
{
    for (int c = 0; c < L->t->ncompanies; c++)
        L->t->companies[c].powers.free_train = L->t->companies[c].powers.free_train_unless_phase =
            -1;
    const cJSON *it;
    cJSON_ArrayForEach(it, member(root, "privates"))
    {
        const cJSON *ft = member(member(it, "powers"), "free_train");
        if (!ft)
            continue;
        int c = eng_company_index(L->t, member(it, "id")->valuestring);
        char where[64];
        snprintf(where, sizeof where, "privates[%s]", L->t->companies[c].id);
        if (!free_train(L, where, ft, &L->t->companies[c].powers))
            return false;
    }
    return true;
}
