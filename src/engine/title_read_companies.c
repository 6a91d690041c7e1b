/* title_read_companies: a title's companies read from its JSON (privates, minors, majors, the
 * formed company), then its trains, phases, market, players and start packet. */
#include "engine/title_loader.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
    const cJSON *keeps = member(obj, "home_keeps");
    int k = keeps ? word_index(keeps, (const char *const[]){"each", "one"}, 2) : 0;
    if (k < 0 || (keeps && !c->home_choice))
        return bad(L, "%s.home_keeps: \"each\" or \"one\" (a circle kept in each city or in "
                      "one), for a home_city \"choice\"", where);
    c->home_keeps_one = k == 1;
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

/* The company formed from others: "formed_company" (1835's Prussian), or a "national" formed
 * from the majors given up to it (1856's CGR; its rules: title_read_national.c). */
static bool parse_formed_company(struct loader *L, const cJSON *root)
{
    const char *key = member(root, "formed_company") ? "formed_company" : "national";
    const cJSON *pr = member(root, key);
    if (!pr)
        return true;
    char where[64];
    eng_company *c = new_company(L, key, pr, ENG_MAJOR, where, sizeof where);
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
    t->market_closes = xcalloc((size_t)(t->market_rows * t->market_cols) + 1,
                               sizeof *t->market_closes);
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
            bool closes = strcmp(cell->valuestring, "0c") == 0; /* a closing space (1856) */
            t->market_closes[ri * t->market_cols + ci] = closes;
            if (cell->valuestring[0] && price <= 0 && !closes)
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
           (cJSON_IsObject(member(root, "capitalisation")) || /* by phase: title_read_capital.c */
            get_choice(L, root, "capitalisation", "incremental", "full",
                       &t->full_capitalisation)) &&
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

bool eng_title_read_companies(struct loader *L, const cJSON *root)
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
           eng_title_resolve_company_refs(L, root) &&
           parse_trains(L, root) && eng_title_resolve_formation_trains(L, root) &&
           eng_title_read_national(L, root) &&
           parse_phases(L, root) &&
           eng_title_read_free_trains(L, root) && /* (its train and phase named: after them) */
           parse_market(L, root) && eng_title_check_par_spaces(L) &&
           parse_players(L, root) && parse_start_packet(L, root) && eng_title_read_rights(L, root);
}
