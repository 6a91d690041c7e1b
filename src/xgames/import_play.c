/* import_play: the file's kept actions applied one by one (xg_play): each as pbemgm's action(s)
 * (brief of issue 30, §4) — the start packet's bids and purchases, pars, shares bought and
 * sold here; the operating round's in import_or.c — after what 18xx.games did by itself
 * (import_sync.c). Standing instructions (program_*) and messages stay out of the engine. */
#include "xgames/import_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int player_seat(xg_importer *x, const cJSON *a)
{
    int seat = xg_seat_of(x, cJSON_GetObjectItemCaseSensitive(a, "entity"));
    return seat >= 0 ? seat : xg_refuse(x, "its entity is no player of the file");
}

/* ---- the start packet ---- */

/* The first unsold item: 18xx.games' bid on it at its price now is a purchase. */
static int first_unsold(const eng_game *g)
{
    for (int i = 0; i < g->t->nstart_items; i++)
        if (!g->item_sold[i])
            return i;
    return -1;
}

static int bid(xg_importer *x, const cJSON *a)
{
    int seat = player_seat(x, a);
    const char *company = xg_str(a, "company");
    int item = xg_item_of(x, company), price = xg_int(a, "price", -1);
    if (seat < 0)
        return -1;
    if (item < 0)
        return xg_refuse(x, "the start packet has no %s", company ? company : "(no company)");
    if (xg_sync_player(x, seat))
        return -1;
    eng_game *g = x->g;
    bool buys = !x->t->packet_auction || /* (a packet at fixed prices: every bid buys) */
                (item == first_unsold(g) && price == g->item_price[item] &&
                 g->auction_item == ENG_NONE);
    eng_action act = {.kind = buys ? ENG_ACT_BUY_ITEM : ENG_ACT_BID, .player = seat,
                      .item = item, .price = buys ? 0 : price};
    return xg_apply(x, &act, NULL);
}

/* ---- the stock round ---- */

/* The player's buy, acting again after buying in his turn: in that turn while pbemgm takes it
 * there (several certificates of a company in the brown zone), else in his next turn — 18xx.games
 * ended his turn itself, nothing else being left to him, and the others' with it. */
static int sync_buyer(xg_importer *x, int seat, const eng_action *buy)
{
    if (xg_sync_player(x, seat))
        return -1;
    eng_game *g = x->g;
    if (g->round != ENG_ROUND_STOCK || !g->turn_bought || g->current != seat)
        return 0;
    eng_game *trial = eng_game_copy(g);
    bool same_turn = eng_apply(trial, buy, NULL, 0) == 0;
    eng_game_free(trial);
    if (same_turn)
        return 0;
    eng_action pass = {.kind = ENG_ACT_PASS, .player = seat};
    return xg_apply(x, &pass, "the end of the turn") || xg_sync_player(x, seat) ? -1 : 0;
}

static int par(xg_importer *x, const cJSON *a)
{
    int seat = player_seat(x, a), c = xg_company_of(x, xg_str(a, "corporation"));
    const char *sp = xg_str(a, "share_price");
    if (seat < 0)
        return -1;
    if (c < 0 || !sp)
        return xg_refuse(x, "it names no corporation or share price pbemgm knows");
    eng_action act = {.player = seat, .company = c, .price = atoi(sp)};
    if (x->g->par_pending == c) {
        act.kind = ENG_ACT_PAR;
    } else {
        act.kind = ENG_ACT_BUY_SHARE;
        if (sync_buyer(x, seat, &act))
            return -1;
        x->left_ipo[c][0] = true;
    }
    return xg_apply(x, &act, NULL);
}

/* While pbemgm is in an operating round: whether the file has gone on to the stock round
 * (the company's DONE pending), its next action a player's, not a company's. */
static bool file_in_stock_round(const xg_importer *x)
{
    for (int i = x->at + 1; i < x->nkept; i++) {
        const char *kind = xg_str(x->kept[i].a, "entity_type");
        const char *type = xg_str(x->kept[i].a, "type");
        if (type && xg_words_only(type))
            continue;
        return !kind || strcmp(kind, "player") == 0;
    }
    return true;
}

/* A private exchanged for a share (1830's M&H for an NYC share): its owner, in his turn. */
static int exchange(xg_importer *x, const cJSON *a)
{
    int priv = xg_company_of(x, xg_str(a, "entity")), c, k;
    const cJSON *share = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(a, "shares"), 0);
    if (priv < 0 || x->g->co[priv].owner < 0)
        return xg_refuse(x, "its private is no player's in pbemgm");
    if (!cJSON_IsString(share) || !xg_share_of(x, share->valuestring, &c, &k))
        return xg_refuse(x, "it names no share pbemgm knows");
    int seat = x->g->co[priv].owner;
    if (x->g->round == ENG_ROUND_OPERATING && !file_in_stock_round(x)) /* (18xx.games: at any
                                                                         * time) */
        return xg_refuse(x, "pbemgm exchanges %s only in its owner's stock round turn",
                         x->t->companies[priv].id);
    if (xg_sync_player(x, seat))
        return -1;
    x->left_ipo[c][k] = true;
    eng_action act = {.kind = ENG_ACT_EXCHANGE, .player = seat, .company = priv};
    return xg_apply(x, &act, NULL);
}

static int buy_shares(xg_importer *x, const cJSON *a)
{
    const char *kind = xg_str(a, "entity_type");
    if (kind && strcmp(kind, "company") == 0)
        return exchange(x, a);
    int seat = player_seat(x, a);
    const cJSON *shares = cJSON_GetObjectItemCaseSensitive(a, "shares");
    if (seat < 0)
        return -1;
    if (!cJSON_IsArray(shares) || cJSON_GetArraySize(shares) == 0)
        return xg_refuse(x, "it names no shares");
    const cJSON *s;
    bool first = true;
    cJSON_ArrayForEach(s, shares)
    {
        int c, k;
        if (!cJSON_IsString(s) || !xg_share_of(x, s->valuestring, &c, &k))
            return xg_refuse(x, "no such share as %s", cJSON_IsString(s) ? s->valuestring : "?");
        eng_action act = {.kind = ENG_ACT_BUY_SHARE, .player = seat, .company = c,
                          .from_pool = x->left_ipo[c][k]};
        if (first && sync_buyer(x, seat, &act))
            return -1;
        first = false;
        x->left_ipo[c][k] = true;
        if (xg_apply(x, &act, NULL))
            return -1;
    }
    return 0;
}

/* The percent the shares sold come to: the file's percent, else 10 a share and 20 for CORP_0. */
static int percent_sold(xg_importer *x, const cJSON *a, int *company)
{
    const cJSON *s;
    int pct = 0;
    *company = -1;
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(a, "shares"))
    {
        int c, k;
        if (!cJSON_IsString(s) || !xg_share_of(x, s->valuestring, &c, &k) ||
            (*company >= 0 && c != *company))
            return xg_refuse(x, "its shares are not of one company pbemgm knows");
        *company = c;
        pct += k == 0 ? 20 : 10;
    }
    if (*company < 0)
        return xg_refuse(x, "it names no shares");
    return xg_int(a, "percent", pct);
}

/* Whether the sale is a director's for a train: while pbemgm is in an operating round, the
 * file's next action after the sales is a company's purchase of a train or bankruptcy. */
static bool emergency(const xg_importer *x)
{
    if (x->g->round != ENG_ROUND_OPERATING)
        return false;
    for (int i = x->at + 1; i < x->nkept; i++) {
        const char *type = xg_str(x->kept[i].a, "type");
        if (type && strcmp(type, "sell_shares") != 0)
            return strcmp(type, "buy_train") == 0 || strcmp(type, "bankrupt") == 0;
    }
    return false;
}

static int sell_shares(xg_importer *x, const cJSON *a)
{
    int seat = player_seat(x, a), company, pct = seat < 0 ? -1 : percent_sold(x, a, &company);
    if (pct < 0)
        return -1;
    if (emergency(x))
        return xg_emergency_sell(x, seat, company, pct);
    if (xg_sync_player(x, seat))
        return -1;
    eng_action act = {.kind = ENG_ACT_SELL, .player = seat, .company = company, .percent = pct};
    return xg_apply(x, &act, NULL);
}

static int pass(xg_importer *x, const cJSON *a)
{
    const char *kind = xg_str(a, "entity_type");
    if (kind && strcmp(kind, "player") != 0 && x->g->forming)
        return xg_national_pass(x, a);
    const char *national = x->t->xgames.national, *entity = xg_str(a, "entity");
    if (x->after_formation && national[0] && entity && strcmp(entity, national) == 0)
        return 0; /* the national formed passes its discards: pbemgm has made them itself */
    if (kind && strcmp(kind, "player") != 0) {
        int c = xg_acting_company(x, a);
        return c < 0 ? -1 : xg_company_pass(x, c);
    }
    int seat = player_seat(x, a);
    if (seat < 0 || xg_sync_player(x, seat))
        return -1;
    eng_action act = {.kind = ENG_ACT_PASS, .player = seat};
    return xg_apply(x, &act, NULL);
}

/* A private bought by a player from another in a stock round (g_1830's BuySellParShares: from
 * the second stock round, the turn's one purchase — pbemgm's PrivatePurchaseUsesTurn), at the
 * price agreed; one bought by a corporation is the operating round's (import_or.c). */
static int buy_company(xg_importer *x, const cJSON *a)
{
    const char *kind = xg_str(a, "entity_type");
    if (!kind || strcmp(kind, "player") != 0)
        return xg_buy_company(x, a);
    int seat = player_seat(x, a), priv = xg_company_of(x, xg_str(a, "company"));
    if (seat < 0)
        return -1;
    if (priv < 0)
        return xg_refuse(x, "pbemgm has no company %s",
                         xg_str(a, "company") ? xg_str(a, "company") : "(none)");
    if (xg_sync_player(x, seat))
        return -1;
    eng_action act = {.kind = ENG_ACT_BUY_PRIVATE, .player = seat, .company = priv,
                      .price = xg_int(a, "price", -1)};
    return xg_apply(x, &act, NULL);
}

/* ---- one action ---- */

static const struct {
    const char *type;
    int (*apply)(xg_importer *x, const cJSON *a);
} FORMS[] = {
    {"bid", bid},
    {"par", par},
    {"buy_shares", buy_shares},
    {"sell_shares", sell_shares},
    {"pass", pass},
    {"lay_tile", xg_lay_tile},
    {"place_token", xg_place_token},
    {"run_routes", xg_run_routes},
    {"dividend", xg_dividend},
    {"buy_train", xg_buy_train},
    {"discard_train", xg_discard_train},
    {"buy_company", buy_company},
    {"bankrupt", xg_bankrupt},
    {"take_loan", xg_take_loan},
    {"payoff_loan", xg_payoff_loan},
    {"destination_connection", xg_destination_connection},
    {"special_buy", xg_special_buy},
    {"assign", xg_assign},
    {"merge", xg_merge},
    {"remove_token", xg_remove_token},
    {"end_game", xg_end_game},
};

static int play_one(xg_importer *x, const cJSON *a)
{
    if (strcmp(x->type, "message") == 0 || strcmp(x->type, "log") == 0) { /* (a "log": a
                                                   * player's line, 18GA's hotseat files) */
        x->out->nmessages++;
        return 0;
    }
    if (strncmp(x->type, "program_", 8) == 0) { /* its effects are the auto actions */
        x->out->nprograms++;
        return 0;
    }
    for (size_t i = 0; i < sizeof FORMS / sizeof *FORMS; i++)
        if (strcmp(FORMS[i].type, x->type) == 0)
            return FORMS[i].apply(x, a);
    return xg_refuse(x, "pbemgm has no form for an action of this type");
}

/* Whether an action of this type may still be the national formation's, just ended in pbemgm
 * (18xx.games' merges, passes, stations given up, discards). */
static bool formation_goes_on(const char *type)
{
    static const char *const kinds[] = {"merge", "pass", "remove_token", "discard_train",
                                        "message"};
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (strcmp(kinds[i], type) == 0)
            return true;
    return strncmp(type, "program_", 8) == 0;
}

int xg_play(xg_importer *x, int until_id)
{
    for (x->at = 0; x->at < x->nkept; x->at++) {
        const xg_kept *k = &x->kept[x->at];
        if (until_id > 0 && k->id >= until_id) {
            x->out->stopped_at = k->id;
            x->type = "the file's end";
            return xg_finish_file(x);
        }
        x->id = k->id;
        x->type = xg_str(k->a, "type");
        if (!x->type)
            return xg_refuse(x, "an automatic action without a type");
        x->after_formation &= formation_goes_on(x->type);
        if (strcmp(x->type, "remove_token") != 0 &&
            xg_national_choosing(x, ENG_NATIONAL_CHOOSES_STATIONS) && xg_national_stations(x))
            return -1; /* (the file has given up no station there: it keeps all it may) */
        if (play_one(x, k->a))
            return -1;
    }
    x->type = "the file's end";
    /* (a game its players ended by hand stands where 18xx.games' engine had brought it) */
    return x->out->over && !x->out->ended_by_hand ? xg_finish_round(x) : xg_finish_file(x);
}
