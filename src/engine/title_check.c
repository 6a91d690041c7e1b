/* title_check: the references between a title's entries, resolved and checked once what they
 * name is read — borders on both sides, tile upgrades, what privates bring and majors need to
 * open, the formation, par spaces, rights. */
#include "engine/title_loader.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Blocked edges must agree on both sides. */
bool eng_title_check_borders(struct loader *L)
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

/* Upgrade lists are resolved after all tiles and hexes are read. */
bool eng_title_read_upgrades(struct loader *L, const char *where, const cJSON *list,
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

void eng_title_free_upgrades(eng_upgrades *up)
{
    for (int i = 0; i < up->n; i++)
        free(up->v[i].hexes);
    free(up->v);
    up->v = NULL;
    up->n = 0;
}

bool eng_title_resolve_upgrades(struct loader *L, const cJSON *root)
{
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, member(root, "tiles"))
    {
        char where[64];
        snprintf(where, sizeof where, "tiles[%s]", L->t->tiles[i].id);
        if (!eng_title_read_upgrades(L, where, member(it, "upgrades_to"), &L->t->tiles[i].upgrades))
            return false;
        i++;
    }
    i = 0;
    cJSON_ArrayForEach(it, member(root, "hexes"))
    {
        char where[64];
        snprintf(where, sizeof where, "hexes[%s]", L->t->hexes[i].id);
        if (!eng_title_read_upgrades(L, where, member(it, "upgrades_to"), &L->t->hexes[i].upgrades))
            return false;
        i++;
    }
    return true;
}

/* Each par a director may choose is a par space of the market ("100p"). */
bool eng_title_check_par_spaces(struct loader *L)
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
    else if (strcmp(when, "formed") == 0)
        a->when = ENG_AVAIL_FORMED;
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
    if (a->when != ENG_AVAIL_START && a->when != ENG_AVAIL_FORMED && a->ncompanies == 0)
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
    return eng_title_read_power_extras(L, where, pw, &c->powers);
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
    /* trains are read after the companies: resolved in eng_title_resolve_formation_trains */
    cJSON_ArrayForEach(it, member(fr, "exchanges"))
    {
        if (f->nexchanges == 12)
            return bad(L, "%s.exchanges: too many", w);
        if ((f->exchanges[f->nexchanges++] = company_ref(L, w, it)) < 0)
            return false;
    }
    return true;
}

bool eng_title_resolve_formation_trains(struct loader *L, const cJSON *root)
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

/* References between companies, once all are read: what privates bring, when majors open. */
bool eng_title_resolve_company_refs(struct loader *L, const cJSON *root)
{
    static const char *const lists[] = {"privates", "majors"};
    for (int l = 0; l < 2; l++) {
        const cJSON *it;
        cJSON_ArrayForEach(it, member(root, lists[l]))
        {
            eng_company *c =
                &L->t->companies[eng_company_index(L->t, member(it, "id")->valuestring)];
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
    const char *key = member(root, "formed_company") ? "formed_company" : "national";
    const cJSON *pr = member(root, key);
    if (pr) {
        eng_company *c = &L->t->companies[eng_company_index(L->t, member(pr, "id")->valuestring)];
        c->brings_company = -1;
        if (!parse_available(L, key, member(pr, "available"), &c->available))
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
bool eng_title_read_rights(struct loader *L, const cJSON *root)
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
