/* import_or: the file's operating round actions as pbemgm's (brief of issue 30, §4): tiles and
 * stations with the title's rotations and cities (eng_xgames), a run and its dividend as one
 * RUN, trains by the holder of the train's id, a company's passes, the director's sales for a
 * train (RAISE_CASH first) and a bankruptcy (the director's sales, which 18xx.games makes
 * itself, then DONE). */
#include "xgames/import_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static eng_action company_action(const xg_importer *x, eng_action_kind kind, int c)
{
    return (eng_action){.kind = kind, .player = eng_company_holder(x->g, c)};
}


/* The home city of the printed hex from which, the tile laid, the station stands in `city`:
 * tried on a copy of the game; -1 none. */
static int home_city_for(xg_importer *x, int c, eng_action *lay, int hex, int city)
{
    const eng_track *tr = eng_board_track(x->g->board, hex, NULL);
    for (int k = 0; k < tr->ncities; k++) {
        eng_game *trial = eng_game_copy(x->g);
        eng_action home = company_action(x, ENG_ACT_HOME, c);
        home.city = k;
        bool ok = eng_apply(trial, &home, NULL, 0) == 0 && eng_apply(trial, lay, NULL, 0) == 0 &&
                  xg_station_in(trial, c, hex, city);
        eng_game_free(trial);
        if (ok)
            return k;
    }
    return -1;
}

/* 18xx.games lets a company whose home city is its choice (1830's Erie) lay its tile on its
 * home hex first and then choose the city on the tile ("must choose city for token"); pbemgm
 * has the station placed first (the 1830 clarification of rule 19.0: "each railroad begins
 * its first turn of operations by immediately playing a token on its base hex"). The file's
 * choice that follows the tile is applied first, in the printed hex's city that the tile turns
 * into the one chosen; that place_token then counts as applied (x->home_done). */
static int home_before_tile(xg_importer *x, int c, int hex, const char *id, int tile, int rot)
{
    if (eng_step_due(x->g) != ENG_STEP_HOME || x->at + 1 >= x->nkept)
        return 0;
    const cJSON *next = x->kept[x->at + 1].a;
    const char *type = xg_str(next, "type");
    if (!type || strcmp(type, "place_token") != 0 || xg_acting_company(x, next) != c)
        return 0;
    xg_tile_laid(x, id, hex);
    int token_hex, city;
    if (xg_city_of(x, xg_str(next, "city"), &token_hex, &city) || token_hex != hex)
        return token_hex != hex ? 0 : -1;
    eng_action lay = company_action(x, ENG_ACT_LAY_TILE, c);
    lay.hex = hex;
    lay.tile = tile;
    lay.rot = xg_rotation(x->t, tile, rot);
    int k = home_city_for(x, c, &lay, hex, city);
    if (k < 0)
        return xg_refuse(x, "no home city of %s in pbemgm becomes the city the file chooses "
                            "after this tile", x->t->companies[c].id);
    eng_action home = company_action(x, ENG_ACT_HOME, c);
    home.city = k;
    int id_now = x->id;
    x->id = x->kept[x->at + 1].id;
    int rc = xg_apply(x, &home, NULL);
    x->id = id_now;
    x->home_done = x->kept[x->at + 1].id;
    return rc;
}

/* Whether a station stands on hex while it has no track (placed before any tile). */
static bool station_waits(const xg_importer *x, int hex)
{
    const eng_track *tr = eng_board_track(x->g->board, hex, NULL);
    for (int c = 0; tr->npaths == 0 && c < tr->ncities; c++)
        if (eng_city_tokens(x->g->board, hex, c) > 0)
            return true;
    return false;
}

/* 18xx.games has the layer of the first tile on a hex where a station waits without track
 * choose its city ("must choose city for token", step/tracker.rb update_token!) by the
 * place_token that follows, naming a city of the tile (id "59-0-0"): that choice is the lay's
 * station_city (1-based); 0 when the file's next action is not that choice. */
static int relay_choice(xg_importer *x, int c, int hex, const char *id, int tile)
{
    if (!id || x->at + 1 >= x->nkept || !station_waits(x, hex))
        return 0;
    const cJSON *next = x->kept[x->at + 1].a;
    const char *type = xg_str(next, "type"), *city = xg_str(next, "city");
    size_t n = strlen(id);
    if (!type || strcmp(type, "place_token") != 0 || xg_acting_company(x, next) != c || !city ||
        strncmp(city, id, n) != 0 || city[n] != '-')
        return 0;
    int k = xg_city(x->t, tile, hex, atoi(city + n + 1));
    return k >= 0 ? k + 1 : 0;
}

int xg_lay_tile(xg_importer *x, const cJSON *a)
{
    int c = xg_acting_company(x, a), hex = eng_hex_index(x->t, xg_str(a, "hex") ? xg_str(a, "hex")
                                                                                 : "");
    const char *id = xg_str(a, "tile");
    char name[XG_ID];
    xg_tile_name(id ? id : "", name, sizeof name);
    int tile = eng_tile_index(x->t, name), rot = xg_int(a, "rotation", -1);
    if (c < 0)
        return -1;
    if (hex < 0 || tile < 0 || rot < 0 || rot > 5)
        return xg_refuse(x, "pbemgm has no hex %s, tile %s or rotation %d",
                         xg_str(a, "hex") ? xg_str(a, "hex") : "?", name, rot);
    const char *kind = xg_str(a, "entity_type");
    bool private_power = kind && strcmp(kind, "company") == 0; /* its step: the engine's to say */
    if (xg_sync_company(x, c, ENG_STEP_HOME) || home_before_tile(x, c, hex, id, tile, rot) ||
        (!private_power && xg_sync_company(x, c, ENG_STEP_TRACK)))
        return -1;
    eng_action act = company_action(x, ENG_ACT_LAY_TILE, c);
    act.hex = hex;
    act.tile = tile;
    act.rot = xg_rotation(x->t, tile, rot);
    act.station_city = relay_choice(x, c, hex, id, tile);
    if (xg_apply(x, &act, NULL))
        return -1;
    xg_tile_laid(x, id, hex);
    return 0;
}

/* Whether the file's action before this one is company c's first tile on hex, a printed hex
 * of cities without track. */
static bool after_first_tile(xg_importer *x, int c, int hex)
{
    const eng_track *printed = &x->t->hexes[hex].printed;
    const cJSON *lay = x->at > 0 ? x->kept[x->at - 1].a : NULL;
    const char *type = lay ? xg_str(lay, "type") : NULL, *where = lay ? xg_str(lay, "hex") : NULL;
    return type && strcmp(type, "lay_tile") == 0 && where && eng_hex_index(x->t, where) == hex &&
           xg_acting_company(x, lay) == c && printed->ncities > 1 && printed->npaths == 0;
}

/* Whether the file's place_token of company c in (hex, city) is 18xx.games choosing again the
 * city of a station placed on the printed hex before its first tile ("must choose city for
 * token": a home placed by itself, or a station taken over there), right after c's first tile
 * on that hex: pbemgm placed the station in its city then (home_by_itself) or carried it onto
 * the tile (to the city this place_token names: relay_choice), and it stands in that city —
 * the choice counted as applied. */
static bool city_chosen_again(xg_importer *x, int c, int hex, int city)
{
    if (!after_first_tile(x, c, hex))
        return false;
    for (int s = 0; s < ENG_MAX_SLOTS; s++)
        if (x->g->board->tokens[hex][city][s] >= 0)
            return true;
    return false;
}

/* The company other than c whose station stands on hex elsewhere than in city, when the
 * file's choice there is of the station it placed or took over before the first tile (the
 * home placed by itself: c's own; the national's, the section's "national"); -1 none. */
static int station_moved(xg_importer *x, int c, int hex, int city)
{
    int national = eng_company_index(x->t, x->t->xgames.national);
    for (int k = 0; k < ENG_MAX_CITIES; k++)
        for (int s = 0; k != city && s < ENG_MAX_SLOTS; s++) {
            int o = x->g->board->tokens[hex][k][s];
            if (o >= 0 && (o == c || o == national))
                return o;
        }
    return -1;
}

int xg_place_token(xg_importer *x, const cJSON *a)
{
    int c = xg_acting_company(x, a), hex = -1, city = -1;
    if (x->home_done == x->id) /* applied before the tile (home_before_tile) */
        return 0;
    if (c < 0 || xg_city_of(x, xg_str(a, "city"), &hex, &city))
        return -1;
    const char *kind = xg_str(a, "entity_type");
    bool private_power = kind && strcmp(kind, "company") == 0;
    if (!private_power && city_chosen_again(x, c, hex, city))
        return 0;
    int moved = private_power ? -1 : station_moved(x, c, hex, city);
    if (moved >= 0 && after_first_tile(x, c, hex))
        return xg_refuse(x, "18xx.games lets %s's station on %s, placed before its first tile, "
                            "be placed again in another city of the tile; pbemgm takes that "
                            "choice with the tile's lay, from the place_token right after it", x->t->companies[moved].id,
                         x->t->hexes[hex].id);
    int priv = private_power ? xg_company_of(x, xg_str(a, "entity")) : -1;
    if (xg_sync_company(x, c, ENG_STEP_HOME))
        return -1;
    eng_action act;
    if (private_power) {
        act = company_action(x, ENG_ACT_PRIVATE_TOKEN, c);
        act.company = priv;
    } else if (eng_step_due(x->g) == ENG_STEP_HOME) {
        act = company_action(x, ENG_ACT_HOME, c);
    } else {
        if (xg_sync_company(x, c, ENG_STEP_STATION))
            return -1;
        act = company_action(x, ENG_ACT_TOKEN, c);
        act.hex = hex;
    }
    act.city = city;
    return xg_apply(x, &act, NULL);
}

int xg_run_routes(xg_importer *x, const cJSON *a)
{
    int c = xg_acting_company(x, a);
    if (c < 0 || xg_sync_company(x, c, ENG_STEP_RUN))
        return -1;
    if (xg_check_routes(x, c, a, &x->run_revenue))
        return -1;
    x->run_pending = true;
    return 0;
}

int xg_dividend(xg_importer *x, const cJSON *a)
{
    int c = xg_acting_company(x, a);
    const char *kind = xg_str(a, "kind");
    if (c < 0)
        return -1;
    if (!kind || (strcmp(kind, "payout") != 0 && strcmp(kind, "withhold") != 0))
        return xg_refuse(x, "pbemgm pays out or withholds, not \"%s\"", kind ? kind : "");
    if (xg_sync_company(x, c, ENG_STEP_RUN))
        return -1;
    eng_action act = company_action(x, ENG_ACT_RUN, c);
    act.revenue = x->run_pending ? x->run_revenue : 0;
    act.payout = strcmp(kind, "payout") == 0;
    x->run_pending = false;
    return xg_apply(x, &act, NULL);
}

/* Where the train of id comes from, into act: the bank, the pool, or a company. */
static void train_source(xg_importer *x, const char *id, eng_action *act, int price)
{
    int holder = xg_train_holder(x, id);
    act->train = xg_train_type(x, id);
    act->from_pool = holder == XG_POOL;
    if (holder >= 0) {
        act->from_company = true;
        act->seller = holder;
        act->price = price;
    }
}

int xg_buy_train(xg_importer *x, const cJSON *a)
{
    int c = xg_acting_company(x, a);
    const char *id = xg_str(a, "train"), *exchange = xg_str(a, "exchange");
    if (c < 0)
        return -1;
    if (!id || xg_train_type(x, id) < 0 || (exchange && xg_train_type(x, exchange) < 0))
        return xg_refuse(x, "pbemgm has no train %s", id ? id : "(none)");
    if (xg_sync_company(x, c, ENG_STEP_TRAINS))
        return -1;
    eng_action act = company_action(x, ENG_ACT_BUY_TRAIN, c);
    train_source(x, id, &act, xg_int(a, "price", 0));
    if (exchange) {
        act.trades_in = true;
        act.trade_in = xg_train_type(x, exchange);
    }
    if (xg_apply(x, &act, NULL))
        return -1;
    xg_train_moves(x, id, c);
    if (exchange)
        xg_train_moves(x, exchange, XG_POOL);
    return 0;
}

int xg_discard_train(xg_importer *x, const cJSON *a)
{
    int c = xg_acting_company(x, a);
    const char *id = xg_str(a, "train"), *national = x->t->xgames.national;
    const char *entity = xg_str(a, "entity");
    if (c < 0)
        return -1;
    if (xg_national_choosing(x, ENG_NATIONAL_MUST_DISCARD) ||
        xg_national_choosing(x, ENG_NATIONAL_MAY_DISCARD))
        return xg_national_discard(x, a);
    if (x->after_formation && national[0] && entity && strcmp(entity, national) == 0) {
        xg_train_moves(x, id ? id : "", XG_POOL); /* (pbemgm's national has discarded its */
        return 0;                                 /* trains over its limit as it formed) */
    }
    if (!id || xg_train_type(x, id) < 0)
        return xg_refuse(x, "pbemgm has no train %s", id ? id : "(none)");
    eng_action act = company_action(x, ENG_ACT_DISCARD_TRAIN, c);
    act.company = c;
    act.train = xg_train_type(x, id);
    if (xg_apply(x, &act, NULL))
        return -1;
    xg_train_moves(x, id, XG_POOL);
    return 0;
}

int xg_buy_company(xg_importer *x, const cJSON *a)
{
    const char *kind = xg_str(a, "entity_type");
    int priv = xg_company_of(x, xg_str(a, "company"));
    if (priv < 0)
        return xg_refuse(x, "pbemgm has no company %s", xg_str(a, "company") ? xg_str(a, "company")
                                                                               : "(none)");
    if (kind && strcmp(kind, "corporation") != 0)
        return xg_refuse(x, "pbemgm has a private bought only by a corporation or a player");
    int c = xg_acting_company(x, a);
    if (c < 0 || xg_sync_company(x, c, ENG_STEP_HOME))
        return -1;
    eng_step due = eng_step_due(x->g);
    if ((due == ENG_STEP_STATION || due == ENG_STEP_RUN) && /* (past its track: the steps */
        xg_skip_empty_steps_after_track(x))                 /* 18xx.games skipped first) */
        return -1;
    eng_action act = company_action(x, ENG_ACT_BUY_PRIVATE, c);
    act.company = priv;
    act.price = xg_int(a, "price", 0);
    x->done_from = 0; /* its turn goes on */
    return xg_apply(x, &act, NULL);
}

int xg_company_pass(xg_importer *x, int c)
{
    if (xg_sync_company(x, c, ENG_STEP_HOME))
        return -1;
    eng_game *g = x->g;
    eng_step due = eng_step_due(g);
    if (due == ENG_STEP_TRACK && g->co[c].lays > 0 && /* (past its lays: the station step's, */
        !xg_track_waits(g, c)) {                      /* unless the track step waits there) */
        eng_action skip = company_action(x, ENG_ACT_SKIP, c);
        if (xg_apply(x, &skip, "skip"))
            return -1;
        due = eng_step_due(g);
    }
    if (due == ENG_STEP_STATION) { /* (a station step 18xx.games skips: the pass is a later
                                    * step's) */
        if (xg_skip_empty_station(x))
            return -1;
        due = eng_step_due(g);
    }
    if (due == ENG_STEP_TRACK || due == ENG_STEP_STATION) {
        eng_action skip = company_action(x, ENG_ACT_SKIP, c);
        return xg_apply(x, &skip, NULL);
    }
    x->done_passes += xg_may_buy_a_train(g) ? 1 : 2; /* (18xx.games skips a trains step with
                                                      * nothing to buy: the pass is the
                                                      * privates') */
    x->done_from = x->id; /* its trains or its privates passed: its turn ends (DONE) once the
                           * file goes on with another */
    return 0;
}

/* The next kept action of the file that buys a train or declares bankruptcy: the train its
 * director sells shares for. */
static const cJSON *train_sold_for(const xg_importer *x)
{
    for (int i = x->at; i < x->nkept; i++) {
        const char *type = xg_str(x->kept[i].a, "type");
        if (type && (strcmp(type, "buy_train") == 0 || strcmp(type, "bankrupt") == 0))
            return x->kept[i].a;
    }
    return NULL;
}

/* RAISE_CASH for the train the file buys next (or, going bankrupt, the cheapest the bank or the
 * pool sells), unless it is being raised for already. */
static int raise_cash(xg_importer *x, int c)
{
    eng_game *g = x->g;
    if (g->raising_train != ENG_NONE)
        return 0;
    const cJSON *next = train_sold_for(x);
    const char *type = next ? xg_str(next, "type") : NULL;
    if (!type)
        return xg_refuse(x, "the director sells shares in an operating round and no train is "
                            "bought after it");
    eng_action act = company_action(x, ENG_ACT_RAISE_CASH, c);
    if (strcmp(type, "buy_train") == 0) {
        train_source(x, xg_str(next, "train") ? xg_str(next, "train") : "", &act, 0);
        if (act.from_company)
            return xg_refuse(x, "pbemgm's director adds money only for a bank or pool train "
                                "(house rule 9), and the file buys one from another company");
        return xg_apply(x, &act, "raise cash");
    }
    int best = -1; /* going bankrupt: the cheapest train on offer */
    for (int k = 0; k < x->t->ntrains; k++)
        if ((eng_bank_sells(g, k) || g->pool_trains[k]) &&
            (best < 0 || x->t->trains[k].cost < x->t->trains[best].cost))
            best = k;
    act.train = best;
    act.from_pool = best >= 0 && !eng_bank_sells(g, best);
    return xg_apply(x, &act, "raise cash");
}

/* The operating company whose director the seat is (the file's emergency sale names only the
 * player): the company that buys the train next, else the one operating. */
static int company_selling_for(const xg_importer *x)
{
    const cJSON *next = train_sold_for(x);
    int c = next ? xg_company_of(x, xg_str(next, "entity")) : -1;
    return c >= 0 ? c : x->g->operating;
}

int xg_emergency_sell(xg_importer *x, int seat, int company, int percent)
{
    int c = company_selling_for(x);
    if (c < 0 || xg_sync_company(x, c, ENG_STEP_TRAINS) || raise_cash(x, c))
        return -1;
    eng_action act = {.kind = ENG_ACT_SELL, .player = seat, .company = company,
                      .percent = percent};
    return xg_apply(x, &act, NULL);
}

/* The most of company co the director may sell now: one sale, as much as the engine takes. */
static bool sell_most(xg_importer *x, int seat, int co)
{
    for (int pct = eng_percent_held(x->g, co, seat); pct > 0; pct -= 5) {
        eng_action act = {.kind = ENG_ACT_SELL, .player = seat, .company = co, .percent = pct};
        eng_game *trial = eng_game_copy(x->g);
        bool ok = eng_apply(trial, &act, NULL, 0) == 0;
        eng_game_free(trial);
        if (ok)
            return xg_apply(x, &act, "bankrupt's sale") == 0;
    }
    return false;
}

int xg_bankrupt(xg_importer *x, const cJSON *a)
{
    int c = xg_acting_company(x, a);
    if (c < 0 || xg_sync_company(x, c, ENG_STEP_TRAINS) || raise_cash(x, c))
        return -1;
    int seat = eng_company_holder(x->g, c);
    for (bool sold = true; sold;) {
        sold = false;
        for (int co = 0; co < x->t->ncompanies; co++)
            if (eng_is_major(x->g, co) && eng_percent_held(x->g, co, seat) > 0)
                sold |= sell_most(x, seat, co);
    }
    eng_action done = company_action(x, ENG_ACT_DONE, c);
    if (xg_apply(x, &done, NULL))
        return -1;
    return x->g->round == ENG_ROUND_OVER
               ? 0 : xg_refuse(x, "pbemgm does not declare %s's director bankrupt",
                               x->t->companies[c].id);
}
