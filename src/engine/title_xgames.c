/* title_xgames: the title's "18xx.games" section read (eng_xgames, title.h): its title name on
 * 18xx.games, the options that are 18xx.games' rules, its optional rules as pbemgm's options,
 * the tiles and hexes drawn there otherwise than here (rotation, the order of their cities,
 * the numbers their cities' ids carry), the ids spelled there otherwise: companies, start
 * items and the certificate each item brings; when a stock-round turn may sell there; the
 * privates whose tile power lasts there while they are open, or is its track step's; which
 * shares a new president gives up there; what a company's special purchase and a private's
 * assignment there are in pbemgm. Each error names its entry. The file format itself is
 * src/xgames'. */
#include "engine/title_loader.h"

#include "engine/game.h"

#include <stdio.h>
#include <stdlib.h>

/* A list of numbers, each below `limit` and none twice, as long as the place's cities. */
static bool read_city_list(struct loader *L, const char *where, const cJSON *it, const char *key,
                           int ncities, int limit, int *out, int *n)
{
    const cJSON *list = member(it, key);
    *n = list ? cJSON_GetArraySize(list) : 0;
    if (list && (!cJSON_IsArray(list) || *n != ncities || ncities > 4))
        return bad(L, "%s.%s: must list each of its %d cities once", where, key, ncities);
    int k = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, list)
    {
        if (!cJSON_IsNumber(c) || c->valueint < 0 || c->valueint >= limit)
            return bad(L, "%s.%s[%d]: must be a number from 0 to %d", where, key, k, limit - 1);
        for (int j = 0; j < k; j++)
            if (out[j] == c->valueint)
                return bad(L, "%s.%s[%d]: %d twice", where, key, k, c->valueint);
        out[k++] = c->valueint;
    }
    return true;
}

/* One place: {"rotation": R, "cities": [..], "city_parts": [..]} of the tile or hex `index`. */
static bool read_place(struct loader *L, const char *where, const cJSON *it, int index,
                       int ncities, eng_xg_place *out)
{
    out->index = index;
    if (!get_int(L, where, it, "rotation", &out->rotation, 0))
        return false;
    if (out->rotation < 0 || out->rotation > 5)
        return bad(L, "%s.rotation: must be 0 to 5", where);
    return read_city_list(L, where, it, "cities", ncities, ncities, out->cities, &out->ncities) &&
           read_city_list(L, where, it, "city_parts", ncities, 16, out->city_parts,
                          &out->ncity_parts);
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

const char *eng_xg_company_id(const eng_title *t, int company)
{
    const eng_xgames *x = &t->xgames;
    for (int i = 0; i < x->ncompanies; i++)
        if (x->companies[i].company == company)
            return x->companies[i].id;
    const eng_company *co = &t->companies[company];
    return co->kind == ENG_PRIVATE && co->naliases > 0 ? co->aliases[0] : co->id;
}

int eng_xg_company_named(const eng_title *t, const char *id)
{
    for (int c = 0; id && c < t->ncompanies; c++)
        if (strcmp(eng_xg_company_id(t, c), id) == 0)
            return c;
    return -1;
}

static const struct eng_xg_item *item_there(const eng_title *t, int item)
{
    for (int i = 0; i < t->xgames.nitems; i++)
        if (t->xgames.items[i].item == item)
            return &t->xgames.items[i];
    return NULL;
}

const char *eng_xg_item_id(const eng_title *t, int item)
{
    const struct eng_xg_item *it = item_there(t, item);
    return it && it->id[0] ? it->id : eng_xg_company_id(t, t->start_items[item].company);
}

int eng_xg_item_named(const eng_title *t, const char *id)
{
    for (int i = 0; id && i < t->nstart_items; i++)
        if (strcmp(eng_xg_item_id(t, i), id) == 0)
            return i;
    return -1;
}

int eng_xg_item_share(const eng_title *t, int item)
{
    const struct eng_xg_item *it = item >= 0 ? item_there(t, item) : NULL;
    return it ? it->share : -1;
}

/* "companies": {"M1": "1", ...}: each a company of the title, its id there unlike any other
 * company's there. */
static bool read_companies(struct loader *L, const cJSON *sec)
{
    eng_xgames *x = &L->t->xgames;
    const cJSON *all = member(sec, "companies"), *it;
    if (all && !cJSON_IsObject(all))
        return bad(L, "18xx.games.companies: must be {\"ID\": \"its id there\", ...}");
    cJSON_ArrayForEach(it, all)
    {
        char where[96];
        snprintf(where, sizeof where, "18xx.games.companies[%s]", it->string);
        int c = eng_company_index(L->t, it->string);
        if (c < 0)
            return bad(L, "%s: no such company", where);
        if (x->ncompanies == ENG_MAX_XG_IDS)
            return bad(L, "%s: more than %d", where, ENG_MAX_XG_IDS);
        if (!cJSON_IsString(it) || !it->valuestring[0] ||
            strlen(it->valuestring) >= sizeof x->companies[0].id)
            return bad(L, "%s: must be its short id on 18xx.games", where);
        int other = eng_xg_company_named(L->t, it->valuestring);
        if (other >= 0 && other != c)
            return bad(L, "%s: \"%s\" is another company's id there", where, it->valuestring);
        x->companies[x->ncompanies].company = c;
        snprintf(x->companies[x->ncompanies++].id, ENG_ID, "%s", it->valuestring);
    }
    return true;
}

/* The company whose certificate start item i brings: its own (a certificate item), the one
 * its private brings, or -1. */
static int item_brings(const eng_title *t, int i)
{
    const struct eng_start_item *si = &t->start_items[i];
    return si->percent ? si->company : t->companies[si->company].brings_company;
}

static bool item_director(const eng_title *t, int i)
{
    const struct eng_start_item *si = &t->start_items[i];
    return si->percent ? si->director : t->companies[si->company].brings_director;
}

static int certificates(const eng_company *co)
{
    int n = 0;
    for (int k = 0; k < co->ncerts; k++)
        n += co->certs[k].count;
    return n;
}

/* "share": "BY_2", the certificate the item brings by its id there: its company's id there,
 * and the certificate's number (0 the director's, and only his). */
static bool read_item_share(struct loader *L, const char *where, const cJSON *it, int i,
                            struct eng_xg_item *out)
{
    char text[ENG_ID * 2];
    out->share = -1;
    if (!get_str(L, where, it, "share", text, sizeof text, false) || !text[0])
        return !L->failed;
    int c = item_brings(L->t, i);
    if (c < 0)
        return bad(L, "%s.share: the item brings no certificate", where);
    const char *name = eng_xg_company_id(L->t, c), *us = strrchr(text, '_');
    char *end = NULL;
    long k = us ? strtol(us + 1, &end, 10) : -1;
    if (!us || (size_t)(us - text) != strlen(name) || strncmp(text, name, strlen(name)) ||
        end == us + 1 || *end || k < 0 || k >= certificates(&L->t->companies[c]))
        return bad(L, "%s.share: \"%s\" is no certificate of %s (%s_0 to %s_%d)", where, text,
                   L->t->companies[c].id, name, name, certificates(&L->t->companies[c]) - 1);
    if ((k == 0) != item_director(L->t, i))
        return bad(L, "%s.share: %s is %s director's certificate, and the item brings %s", where,
                   text, k == 0 ? "the" : "not the", item_director(L->t, i) ? "it" : "another");
    out->share = (int)k;
    return true;
}

/* "start_items": {"NF": {"share": "BY_2"}, "BY-20%-director": {"id": "BY_D", ...}}. */
static bool read_items(struct loader *L, const cJSON *sec)
{
    eng_xgames *x = &L->t->xgames;
    const cJSON *all = member(sec, "start_items"), *it;
    if (all && !cJSON_IsObject(all))
        return bad(L, "18xx.games.start_items: must be {\"ITEM\": {...}, ...}");
    cJSON_ArrayForEach(it, all)
    {
        char where[96];
        snprintf(where, sizeof where, "18xx.games.start_items[%s]", it->string);
        int i = eng_start_item_index(L->t, it->string);
        if (i < 0)
            return bad(L, "%s: no such start item", where);
        if (x->nitems == ENG_MAX_XG_IDS)
            return bad(L, "%s: more than %d", where, ENG_MAX_XG_IDS);
        if (!cJSON_IsObject(it))
            return bad(L, "%s: must be {\"id\": ..., \"share\": ...}", where);
        struct eng_xg_item *out = &x->items[x->nitems];
        out->item = i;
        if (!get_str(L, where, it, "id", out->id, sizeof out->id, false) ||
            !read_item_share(L, where, it, i, out))
            return false;
        x->nitems++;
    }
    return true;
}

/* "sell_buy_order": 18xx.games' word for it (default "sell_buy_sell"). */
static bool read_sell_order(struct loader *L, const cJSON *sec)
{
    static const char *const words[] = {"sell_buy_sell", "sell_buy_or_buy_sell", "sell_buy"};
    char word[ENG_NAME];
    if (!get_str(L, "18xx.games", sec, "sell_buy_order", word, sizeof word, false))
        return false;
    for (int i = 0; i < 3; i++)
        if (!word[0] || strcmp(word, words[i]) == 0) {
            L->t->xgames.sell_buy_order = word[0] ? (eng_xg_sell_order)i : ENG_XG_SELL_BUY_SELL;
            return true;
        }
    return bad(L, "18xx.games.sell_buy_order: \"%s\" is none of sell_buy_sell, "
                  "sell_buy_or_buy_sell, sell_buy", word);
}

/* "presidency_swap": "oldest_first" (the default) or "largest_newest_first". */
static bool read_swap(struct loader *L, const cJSON *sec)
{
    char word[ENG_NAME];
    if (!get_str(L, "18xx.games", sec, "presidency_swap", word, sizeof word, false))
        return false;
    if (word[0] && strcmp(word, "oldest_first") && strcmp(word, "largest_newest_first"))
        return bad(L, "18xx.games.presidency_swap: \"%s\" is neither oldest_first nor "
                      "largest_newest_first", word);
    L->t->xgames.swap_largest_newest_first = strcmp(word, "largest_newest_first") == 0;
    return true;
}

/* A list of privates with a tile power ("tile_powers_last": ["PfB"]), or with a station
 * power ("token_step_powers"), into out. */
static bool read_tile_privates(struct loader *L, const cJSON *sec, const char *key, int *out,
                               int *n)
{
    bool stations = strcmp(key, "token_step_powers") == 0;
    const cJSON *all = member(sec, key), *it;
    if (all && !cJSON_IsArray(all))
        return bad(L, "18xx.games.%s: must be a list of privates", key);
    int k = 0;
    cJSON_ArrayForEach(it, all)
    {
        int c = cJSON_IsString(it) ? eng_company_index(L->t, it->valuestring) : -1;
        if (c < 0 || L->t->companies[c].kind != ENG_PRIVATE ||
            (stations ? L->t->companies[c].powers.token_hex < 0
                      : L->t->companies[c].powers.ntile_hexes == 0))
            return bad(L, "18xx.games.%s[%d]: no private with a %s power", key, k,
                       stations ? "station" : "tile");
        if (*n == ENG_MAX_XG_IDS)
            return bad(L, "18xx.games.%s: more than %d", key, ENG_MAX_XG_IDS);
        out[(*n)++] = c;
        k++;
    }
    return true;
}

static bool read_lasting(struct loader *L, const cJSON *sec)
{
    eng_xgames *x = &L->t->xgames;
    return read_tile_privates(L, sec, "tile_powers_last", x->lasting, &x->nlasting) &&
           read_tile_privates(L, sec, "track_tile_powers", x->track_powers, &x->ntrack_powers) &&
           read_tile_privates(L, sec, "token_step_powers", x->token_powers, &x->ntoken_powers);
}

/* "special_buys": {"Bridge Token": {"action": "buy_bonus", "company": "Brdg"}, ...}. */
static bool read_buys(struct loader *L, const cJSON *sec)
{
    eng_xgames *x = &L->t->xgames;
    const cJSON *all = member(sec, "special_buys"), *it;
    if (all && !cJSON_IsObject(all))
        return bad(L, "18xx.games.special_buys: must be {\"ITEM\": {\"action\": ..., "
                      "\"company\": ...}, ...}");
    cJSON_ArrayForEach(it, all)
    {
        char where[96], company[ENG_ID];
        snprintf(where, sizeof where, "18xx.games.special_buys[%s]", it->string);
        if (x->nbuys == ENG_MAX_XG_IDS)
            return bad(L, "%s: more than %d", where, ENG_MAX_XG_IDS);
        struct eng_xg_buy *b = &x->buys[x->nbuys];
        if (!cJSON_IsObject(it) || strlen(it->string) >= sizeof b->description)
            return bad(L, "%s: must be {\"action\": ..., \"company\": ...}", where);
        snprintf(b->description, sizeof b->description, "%s", it->string);
        if (!get_str(L, where, it, "action", b->action, sizeof b->action, true) ||
            !get_str(L, where, it, "company", company, sizeof company, true))
            return false;
        if ((b->company = eng_company_index(L->t, company)) < 0)
            return bad(L, "%s.company: no such company %s", where, company);
        x->nbuys++;
    }
    return true;
}

/* "loan_step": {"value": 100, "until_phase": "6"}. */
static bool read_loan_step(struct loader *L, const cJSON *sec)
{
    eng_xgames *x = &L->t->xgames;
    const cJSON *it = member(sec, "loan_step");
    const char *w = "18xx.games.loan_step";
    if (!it)
        return true;
    if (!cJSON_IsObject(it))
        return bad(L, "%s: must be {\"value\": ..., \"until_phase\": ...}", w);
    if (!get_int(L, w, it, "value", &x->loan_value, 0) ||
        !get_str(L, w, it, "until_phase", x->loans_until_phase, sizeof x->loans_until_phase,
                 true))
        return false;
    if (x->loan_value <= 0)
        return bad(L, "%s.value: must be more than 0", w);
    x->loan_step = true;
    return true;
}

static bool read_checks(struct loader *L, const cJSON *sec)
{
    return get_bool_or(L, "18xx.games", sec, "destination_check",
                       &L->t->xgames.destination_check, false) &&
           get_bool_or(L, "18xx.games", sec, "unvested_shares", &L->t->xgames.unvested_shares,
                       false) &&
           get_bool_or(L, "18xx.games", sec, "sell_in_blocks", &L->t->xgames.sell_in_blocks,
                       false) &&
           get_bool_or(L, "18xx.games", sec, "empty_runs", &L->t->xgames.empty_runs, false) &&
           get_bool_or(L, "18xx.games", sec, "private_trades_from_first_stock_round",
                       &L->t->xgames.private_trades_first_sr, false) &&
           read_loan_step(L, sec);
}

bool eng_title_read_xgames(struct loader *L, const cJSON *root)
{
    eng_xgames *x = &L->t->xgames;
    const cJSON *sec = member(root, "18xx.games");
    if (!sec)
        return true;
    const char *w = "18xx.games";
    if (!get_str(L, w, sec, "title", x->title, sizeof x->title, false) ||
        !get_str(L, w, sec, "options", x->options, sizeof x->options, false) ||
        !get_str(L, w, sec, "assign", x->assign_action, sizeof x->assign_action, false) ||
        !get_str(L, w, sec, "national", x->national, sizeof x->national, false))
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
    return read_places(L, sec, true) && read_places(L, sec, false) && read_companies(L, sec) &&
           read_items(L, sec) && read_sell_order(L, sec) && read_lasting(L, sec) &&
           read_swap(L, sec) && read_buys(L, sec) && read_checks(L, sec);
}
