/* action: actions as JSON for the action log, and the state as JSON. Below eng_apply: the list
 * of legal actions, which applies them, is legal.c. */
#include "engine/query.h"
#include "engine/state.h"
#include "util/util.h"

#include <cJSON.h>
#include <stdlib.h>
#include <string.h>

/* Every kind of action, its name in the log, and the fields it carries. */
enum {
    F_ITEM = 1 << 0, F_COMPANY = 1 << 1, F_SHARE_FROM = 1 << 2, F_PERCENT = 1 << 3,
    F_HEX = 1 << 4, F_TILE = 1 << 5, F_ROT = 1 << 6, F_CITY = 1 << 7, F_REVENUE = 1 << 8,
    F_TRAIN = 1 << 9, F_TRAIN_FROM = 1 << 10, F_CERT_SIZE = 1 << 11, F_ADJUST = 1 << 12,
    F_PRICE = 1 << 13, /* a bid, or a par chosen (ENG_ACT_PAR) */
    F_PAR = 1 << 14,   /* buying a director's certificate: the par chosen, when one is */
    F_RIGHT = 1 << 15, /* a right (ENG_ACT_BUY_RIGHT), in item */
    F_COUNT = 1 << 16, /* how many (ENG_ACT_REPAY_LOAN: loans), in amount */
    F_STATION_CITY = 1 << 17, /* a tile's city for the stations waiting on the hex, when chosen */
};

static const struct {
    eng_action_kind kind;
    const char *name;
    unsigned fields;
} kinds[] = {
    {ENG_ACT_BUY_ITEM, "buy_item", F_ITEM},
    {ENG_ACT_PASS, "pass", 0},
    {ENG_ACT_BUY_SHARE, "buy", F_COMPANY | F_SHARE_FROM | F_PERCENT | F_PAR},
    {ENG_ACT_SELL, "sell", F_COMPANY | F_PERCENT | F_CERT_SIZE},
    {ENG_ACT_LAY_TILE, "lay_tile", F_HEX | F_TILE | F_ROT | F_STATION_CITY},
    {ENG_ACT_TOKEN, "station", F_HEX | F_CITY},
    {ENG_ACT_RUN, "run", F_REVENUE},
    {ENG_ACT_BUY_TRAIN, "buy_train", F_TRAIN | F_TRAIN_FROM},
    {ENG_ACT_DISCARD_TRAIN, "discard_train", F_COMPANY | F_TRAIN},
    {ENG_ACT_PRIVATE_TOKEN, "private_station", F_COMPANY | F_CITY},
    {ENG_ACT_DONE, "done", 0},
    {ENG_ACT_FORM, "form", 0},
    {ENG_ACT_EXCHANGE, "exchange", F_COMPANY},
    {ENG_ACT_RAISE_CASH, "raise_cash", F_TRAIN | F_TRAIN_FROM},
    {ENG_ACT_ADJUST, "adjust", F_ADJUST},
    {ENG_ACT_SKIP, "skip", 0},
    {ENG_ACT_BID, "bid", F_ITEM | F_PRICE},
    {ENG_ACT_PAR, "par", F_COMPANY | F_PRICE},
    {ENG_ACT_BUY_PRIVATE, "buy_private", F_COMPANY | F_PRICE},
    {ENG_ACT_HOME, "home", F_CITY},
    {ENG_ACT_BUY_RIGHT, "buy_right", F_RIGHT},
    {ENG_ACT_BUY_BONUS, "buy_bonus", F_COMPANY},       /* (privates' bonuses and markers) */
    {ENG_ACT_PLACE_MARKER, "port", F_COMPANY | F_HEX},
    {ENG_ACT_TAKE_LOAN, "take_loan", 0},
    {ENG_ACT_REPAY_LOAN, "repay_loan", F_COUNT},
};

/* The fields of each GM correction (F_ADJUST), beside its "what"; F_REVENUE stands for the
 * correction's amount, F_SHARE_FROM for the owners a certificate moves between. */
static const unsigned adjust_fields[ENG_ADJ_COUNT] = {
    [ENG_ADJ_CASH] = F_COMPANY | F_REVENUE,
    [ENG_ADJ_MOVE_CERT] = F_COMPANY | F_PERCENT | F_SHARE_FROM,
    [ENG_ADJ_PRICE] = F_COMPANY | F_REVENUE,
    [ENG_ADJ_TRAIN_ADD] = F_COMPANY | F_TRAIN,
    [ENG_ADJ_TRAIN_REMOVE] = F_COMPANY | F_TRAIN,
    [ENG_ADJ_TILE] = F_HEX | F_TILE | F_ROT,
    [ENG_ADJ_REMOVE_TILE] = F_HEX,
    [ENG_ADJ_TOKEN] = F_COMPANY | F_HEX,
    [ENG_ADJ_REMOVE_TOKEN] = F_COMPANY | F_HEX,
};

/* An owner of a certificate as the log writes it: "ipo", "pool" or a seat number. */
static cJSON *owner_json(int owner)
{
    return owner >= 0 ? cJSON_CreateNumber(owner + 1)
                      : cJSON_CreateString(owner == ENG_POOL ? "pool" : "ipo");
}

static int owner_of(const eng_game *g, const cJSON *v)
{
    if (cJSON_IsNumber(v))
        return v->valueint >= 1 && v->valueint <= g->nplayers ? v->valueint - 1 : ENG_RESERVED;
    if (cJSON_IsString(v))
        return strcmp(v->valuestring, "pool") == 0 ? ENG_POOL
               : strcmp(v->valuestring, "ipo") == 0 ? ENG_IPO : ENG_RESERVED;
    return ENG_RESERVED;
}

static void fields_to_json(const eng_game *g, const eng_action *a, unsigned f, cJSON *o);

/* A correction: its kind, its fields; a CASH correction names a seat or a company. */
static void adjust_to_json(const eng_game *g, const eng_action *a, cJSON *o)
{
    unsigned f = a->adjust >= 0 && a->adjust < ENG_ADJ_COUNT ? adjust_fields[a->adjust] : 0;
    cJSON_AddStringToObject(o, "what", eng_adjust_name(a->adjust));
    if (a->adjust == ENG_ADJ_CASH && a->target >= 0) {
        cJSON_AddNumberToObject(o, "target_seat", a->target + 1);
        f &= ~(unsigned)F_COMPANY;
    }
    fields_to_json(g, a, f & ~(unsigned)(F_SHARE_FROM | F_REVENUE), o);
    if (f & F_REVENUE)
        cJSON_AddNumberToObject(o, "amount", a->amount);
    if (f & F_SHARE_FROM) {
        cJSON_AddItemToObject(o, "from_owner", owner_json(a->owner_from));
        cJSON_AddItemToObject(o, "to_owner", owner_json(a->owner_to));
    }
}
#define NKINDS (sizeof kinds / sizeof *kinds)

static unsigned fields_of(eng_action_kind kind, const char **name)
{
    for (size_t k = 0; k < NKINDS; k++)
        if (kinds[k].kind == kind) {
            if (name)
                *name = kinds[k].name;
            return kinds[k].fields;
        }
    return 0;
}

static void train_source_to_json(const eng_game *g, const eng_action *a, cJSON *o)
{
    if (a->from_company) {
        cJSON_AddStringToObject(o, "from", "company");
        cJSON_AddStringToObject(o, "seller", g->t->companies[a->seller].id);
        cJSON_AddNumberToObject(o, "price", a->price);
    } else {
        cJSON_AddStringToObject(o, "from", a->from_pool ? "pool" : "bank");
    }
}

/* The fields f of the action, as the log writes them. */
static void fields_to_json(const eng_game *g, const eng_action *a, unsigned f, cJSON *o)
{
    const eng_title *t = g->t;
    if (f & F_ITEM)
        cJSON_AddStringToObject(o, "item", t->start_items[a->item].id);
    if (f & F_RIGHT)
        cJSON_AddStringToObject(o, "right", t->rights[a->item].id);
    if (f & F_COMPANY)
        cJSON_AddStringToObject(o, "company", t->companies[a->company].id);
    if (f & F_SHARE_FROM)
        cJSON_AddStringToObject(o, "from", a->from_player ? "player" : a->from_pool ? "pool" : "ipo");
    if ((f & F_SHARE_FROM) && a->from_player)
        cJSON_AddNumberToObject(o, "seller_seat", a->seller + 1);
    if ((f & F_PERCENT) && a->percent)
        cJSON_AddNumberToObject(o, "percent", a->percent);
    if (f & F_PRICE)
        cJSON_AddNumberToObject(o, "price", a->price);
    if ((f & F_PAR) && a->price) /* (only then: older logs stay as they were) */
        cJSON_AddNumberToObject(o, "par", a->price);
    if ((f & F_CERT_SIZE) && a->cert_size)
        cJSON_AddNumberToObject(o, "certificate", a->cert_size);
    if (f & F_HEX)
        cJSON_AddStringToObject(o, "hex", t->hexes[a->hex].id);
    if (f & F_TILE)
        cJSON_AddStringToObject(o, "tile", t->tiles[a->tile].id);
    if (f & F_ROT)
        cJSON_AddNumberToObject(o, "rotation", a->rot);
    if ((f & F_CITY) && a->city >= 0)
        cJSON_AddNumberToObject(o, "city", a->city + 1);
    if (f & F_REVENUE) {
        cJSON_AddNumberToObject(o, "revenue", a->revenue);
        cJSON_AddBoolToObject(o, "payout", a->payout);
    }
    if (f & F_TRAIN)
        cJSON_AddStringToObject(o, "train", t->trains[a->train].name);
    if (f & F_TRAIN_FROM)
        train_source_to_json(g, a, o);
    if ((f & F_TRAIN_FROM) && a->trades_in) /* (only then: older logs stay as they were) */
        cJSON_AddStringToObject(o, "trade_in", t->trains[a->trade_in].name);
    if (f & F_COUNT)
        cJSON_AddNumberToObject(o, "count", a->amount);
    if ((f & F_STATION_CITY) && a->station_city > 0) /* (only then: older logs stay as they were) */
        cJSON_AddNumberToObject(o, "station_city", a->station_city);
}

char *eng_action_to_json(const eng_game *g, const eng_action *a)
{
    const char *name = "?";
    unsigned f = fields_of(a->kind, &name);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", name);
    cJSON_AddNumberToObject(o, "seat", a->player + 1); /* seats, not names: a seat's player may
                                                        * be replaced (house rule 13) */
    fields_to_json(g, a, f, o);
    if (f & F_ADJUST)
        adjust_to_json(g, a, o);
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return s;
}

static int player_index(const eng_game *g, const char *name)
{
    for (int p = 0; p < g->nplayers; p++)
        if (str_ieq(g->players[p].name, name))
            return p;
    return -1;
}

static const char *str_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* A player of the action: its seat (seat_key, 1-based), or in logs written before seats were,
 * the player's name (name_key). The index, or -1. */
static int seat_of(const eng_game *g, const cJSON *o, const char *seat_key, const char *name_key)
{
    const cJSON *seat = cJSON_GetObjectItem(o, seat_key);
    if (cJSON_IsNumber(seat))
        return seat->valueint >= 1 && seat->valueint <= g->nplayers ? seat->valueint - 1 : -1;
    const char *name = str_of(o, name_key);
    return name ? player_index(g, name) : -1;
}

static int int_of(const cJSON *o, const char *key, int dflt)
{
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsNumber(v) ? v->valueint : dflt;
}

/* A field naming a thing of the title: its index into *out, or -1 with why. */
static int lookup(const eng_title *t, const cJSON *o, const char *key,
                  int (*find)(const eng_title *, const char *), int *out, char *why, size_t len)
{
    const char *name = str_of(o, key);
    *out = name ? find(t, name) : -1;
    if (*out < 0)
        return eng_refuse(why, len, "the action's %s is missing or unknown%s%s", key,
                          name ? ": " : "", name ? name : "");
    return 0;
}

static int fields_from_json(const eng_game *g, const cJSON *o, unsigned f, eng_action *a,
                            char *why, size_t len);

static int adjust_from_json(const eng_game *g, const cJSON *o, eng_action *a, char *why,
                            size_t len)
{
    const char *what = str_of(o, "what");
    a->adjust = what ? eng_adjust_index(what) : -1;
    if (a->adjust < 0)
        return eng_refuse(why, len, "the correction's kind is missing or unknown");
    unsigned f = adjust_fields[a->adjust];
    a->target = ENG_NONE;
    a->company = ENG_NONE;
    if (a->adjust == ENG_ADJ_CASH && cJSON_GetObjectItem(o, "target_seat")) {
        if ((a->target = seat_of(g, o, "target_seat", "target")) < 0)
            return eng_refuse(why, len, "the correction's player is unknown");
        f &= ~(unsigned)F_COMPANY;
    }
    if (fields_from_json(g, o, f & ~(unsigned)(F_SHARE_FROM | F_REVENUE), a, why, len))
        return -1;
    a->amount = int_of(o, "amount", 0);
    if (f & F_SHARE_FROM) {
        a->owner_from = owner_of(g, cJSON_GetObjectItem(o, "from_owner"));
        a->owner_to = owner_of(g, cJSON_GetObjectItem(o, "to_owner"));
        if (a->owner_from == ENG_RESERVED || a->owner_to == ENG_RESERVED)
            return eng_refuse(why, len, "the correction's owners are unknown");
    }
    return 0;
}

static int fields_from_json(const eng_game *g, const cJSON *o, unsigned f, eng_action *a,
                            char *why, size_t len)
{
    const eng_title *t = g->t;
    const char *from = str_of(o, "from") ? str_of(o, "from") : "";
    if (((f & F_ITEM) && lookup(t, o, "item", eng_start_item_index, &a->item, why, len)) ||
        ((f & F_RIGHT) && lookup(t, o, "right", eng_right_index, &a->item, why, len)) ||
        ((f & F_COMPANY) && lookup(t, o, "company", eng_company_index, &a->company, why, len)) ||
        ((f & F_HEX) && lookup(t, o, "hex", eng_hex_index, &a->hex, why, len)) ||
        ((f & F_TILE) && lookup(t, o, "tile", eng_tile_index, &a->tile, why, len)) ||
        ((f & F_TRAIN) && lookup(t, o, "train", eng_train_index, &a->train, why, len)))
        return -1;
    a->percent = int_of(o, "percent", 0);
    a->cert_size = int_of(o, "certificate", 0);
    a->rot = int_of(o, "rotation", 0);
    a->city = int_of(o, "city", 0) - 1;
    a->revenue = int_of(o, "revenue", 0);
    a->payout = cJSON_IsTrue(cJSON_GetObjectItem(o, "payout"));
    a->price = int_of(o, (f & F_PAR) ? "par" : "price", 0);
    a->from_pool = strcmp(from, "pool") == 0;
    a->from_player = (f & F_SHARE_FROM) && strcmp(from, "player") == 0;
    a->from_company = (f & F_TRAIN_FROM) && strcmp(from, "company") == 0;
    if (a->from_player && (a->seller = seat_of(g, o, "seller_seat", "seller")) < 0)
        return eng_refuse(why, len, "buying from a player needs the seller");
    if (a->from_company && lookup(t, o, "seller", eng_company_index, &a->seller, why, len))
        return -1;
    if (f & F_COUNT)
        a->amount = int_of(o, "count", 1);
    if (f & F_STATION_CITY)
        a->station_city = int_of(o, "station_city", 0);
    a->trades_in = (f & F_TRAIN_FROM) && cJSON_GetObjectItem(o, "trade_in");
    if (a->trades_in && lookup(t, o, "trade_in", eng_train_index, &a->trade_in, why, len))
        return -1;
    return 0;
}

int eng_action_from_json(const eng_game *g, const char *json, eng_action *a, char *why,
                         size_t len)
{
    memset(a, 0, sizeof *a);
    cJSON *o = cJSON_Parse(json);
    const char *type = str_of(o, "type");
    int rc = 0;
    size_t k = 0;
    while (type && k < NKINDS && strcmp(type, kinds[k].name) != 0)
        k++;
    if (!o || !type || k == NKINDS)
        rc = eng_refuse(why, len, "not an action");
    else if ((a->player = seat_of(g, o, "seat", "player")) < 0)
        rc = eng_refuse(why, len, "the action's seat is missing or there is no such player");
    else {
        a->kind = kinds[k].kind;
        rc = a->kind == ENG_ACT_ADJUST ? adjust_from_json(g, o, a, why, len)
                                       : fields_from_json(g, o, kinds[k].fields, a, why, len);
    }
    cJSON_Delete(o);
    return rc;
}

static const char *const round_names[] = {"start packet", "stock round", "operating round",
                                          "over"};

char *eng_game_to_json(const eng_game *g)
{
    const eng_title *t = g->t;
    cJSON *root = cJSON_CreateObject();
    cJSON *players = cJSON_AddObjectToObject(root, "players");
    for (int p = 0; p < g->nplayers; p++) {
        cJSON *pl = cJSON_AddObjectToObject(players, g->players[p].name);
        cJSON_AddNumberToObject(pl, "cash", g->players[p].cash);
        cJSON_AddNumberToObject(pl, "certificates", eng_certificate_count(g, p));
    }
    cJSON *companies = cJSON_AddObjectToObject(root, "companies");
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (s->closed)
            continue;
        cJSON *co = cJSON_AddObjectToObject(companies, t->companies[c].id);
        cJSON_AddNumberToObject(co, "cash", s->cash);
        if (s->loans)
            cJSON_AddNumberToObject(co, "loans", s->loans);
        if (eng_share_price(g, c))
            cJSON_AddNumberToObject(co, "price", eng_share_price(g, c));
        else
            cJSON_AddNullToObject(co, "price");
        int holder = eng_company_holder(g, c);
        if (holder != ENG_NONE)
            cJSON_AddStringToObject(co, t->companies[c].kind == ENG_MAJOR ? "director" : "owner",
                                    g->players[holder].name);
        if (s->capital == ENG_CAPITAL_ESCROW) { /* (1856: capital.c) */
            cJSON_AddNumberToObject(co, "escrow", s->escrow);
            cJSON_AddBoolToObject(co, "destination_reached", s->destination_reached);
        }
    }
    cJSON_AddNumberToObject(root, "bank", g->bank);
    cJSON_AddStringToObject(root, "round", round_names[g->round]);
    if (g->round != ENG_ROUND_OVER)
        cJSON_AddStringToObject(root, "to_act", g->players[g->current].name);
    char *s = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return s;
}
