/* xgexport: 18xx.games' game files of games pbemgm's engine plays, for the export's check
 * against 18xx.games' own engine (tests/xgames/test_export_18xx.sh). A game is played by a
 * seeded robot through the engine's legal actions (the auction, pars, shares bought and sold,
 * tiles, stations, runs, trains, privates bought by companies, emergency sales), with the
 * title's 18xx.games options; its log is exported (xg_export), and pbemgm's position after
 * each exported action printed as the summary line scripts/xgames_diff.sh compares
 * (tests/tools/xgames/xgames_engine.rb describes the keys).
 *   xgexport play TITLE SEED MAX_ACTIONS OUT.json [PLAYERS]   plays (MAX_ACTIONS, then on
 *                                    to the next stock round's start, or the game's end),
 *                                    writes OUT.json (and OUT.json.log: pbemgm's actions),
 *                                    prints the positions
 *   xgexport log LOG.json OUT.json  exports a log ({"title","options","players","actions"}),
 *                                    prints the positions
 *   xgexport again FILE.json OUT.json  imports an 18xx.games file (xg_import) and exports it
 *                                    again (the round trip)
 * XGEXPORT_OPTIONS: more options for the games played ("WithOptional6Train=yes"). */
#include "engine/game.h"
#include "engine/title.h"
#include "util/util.h"
#include "xgames/export_internal.h"
#include "lib/xg_position.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static unsigned long seed;
static int last_lay = -1; /* the hex of the tile laid by the action just before, or -1 */

static int rnd(int n)
{
    seed = seed * 6364136223846793005UL + 1442695040888963407UL;
    return n > 0 ? (int)((seed >> 33) % (unsigned long)n) : 0;
}

static char *read_games_file(const char *name, void *ctx)
{
    (void)ctx;
    char path[256];
    snprintf(path, sizeof path, "config/games/%s.json", name);
    return util_read_file(path, NULL);
}

/* ---- the robot ---- */

/* The edges joined to city k of the track in a rotation. */
static unsigned city_edges(const eng_track *tr, int rot, int k)
{
    unsigned edges = 0;
    for (int i = 0; i < tr->npaths; i++) {
        int a = eng_end_node(&tr->paths[i].a, rot), b = eng_end_node(&tr->paths[i].b, rot);
        if (a == ENG_NODE_CITY + k && b < 6)
            edges |= 1u << b;
        if (b == ENG_NODE_CITY + k && a < 6)
            edges |= 1u << a;
    }
    return edges;
}

/* Whether an upgrade of several cities keeps them apart, each old city's track on a new city
 * of its own (18xx.games' old_cities_map_to_new; the engine lets two old cities' track go onto
 * one new city of 1830's OO tiles). */
static bool cities_kept_apart(const eng_game *g, const eng_action *a)
{
    int rot;
    const eng_track *old = eng_board_track(g->board, a->hex, &rot);
    const eng_track *now = &g->t->tiles[a->tile].track;
    if (old->ncities < 2 || now->ncities < 2)
        return true;
    unsigned used = 0;
    for (int k = 0; k < old->ncities; k++) {
        unsigned e = city_edges(old, rot, k);
        for (int m = 0; m < now->ncities && e; m++)
            if ((city_edges(now, a->rot, m) & e) == e) {
                if (used & (1u << m))
                    return false;
                used |= 1u << m;
            }
    }
    return true;
}

/* Whether 18xx.games would take the lay or the station as connected (its track followed as
 * 18xx.games does, xg_reach: the engine's legal lays and stations include some it refuses). */
static bool strict_ok(const eng_game *g, const eng_action *a, const uint32_t *seen)
{
    if (a->kind == ENG_ACT_TOKEN)
        return xg_city_reached(seen, a->hex, a->city);
    if (a->kind != ENG_ACT_LAY_TILE)
        return true;
    for (int p = 0; p < g->t->ncompanies; p++) { /* a private's lay needs no track */
        const eng_powers *pw = &g->t->companies[p].powers;
        for (int k = 0; k < pw->ntile_hexes; k++)
            if (pw->tile_hexes[k] == a->hex && g->co[p].held_by == g->operating &&
                !g->co[p].closed && !(g->co[p].powers_used & (1u << k)))
                return true;
    }
    const eng_track *tr = &g->t->tiles[a->tile].track;
    return (eng_track_edges(tr, a->rot) & xg_reached_edges(g, seen, a->hex)) != 0 &&
           cities_kept_apart(g, a);
}


struct choice {
    int n;
    int at[1024];
};

static void collect(const eng_game *g, const eng_action *legal, int n, eng_action_kind kind,
                    int started, struct choice *out)
{
    out->n = 0;
    uint32_t *seen = kind == ENG_ACT_LAY_TILE || kind == ENG_ACT_TOKEN
                         ? xg_reach(g, g->operating) : NULL;
    for (int i = 0; i < n && out->n < 1024; i++) {
        if (legal[i].kind != kind)
            continue;
        if (started >= 0 && kind == ENG_ACT_BUY_SHARE &&
            (g->co[legal[i].company].started != (started == 1)))
            continue;
        if (kind == ENG_ACT_SELL && (legal[i].percent != 10 || !g->co[legal[i].company].started))
            continue; /* (pbemgm sells a share of a company not started: 18xx.games does not) */
        if (kind == ENG_ACT_SELL && g->turn_sale_price[legal[i].company] &&
            g->opt.separate_sales_at_same_price)
            continue; /* (a second sale in a turn at the first's price: 18xx.games prices
                       * each anew, SeparateSalesAtSamePrice=no) */
        if (kind == ENG_ACT_SELL && ((g->t->xgames.sell_in_blocks &&
                                      g->turn_sale_price[legal[i].company]) ||
                                     (g->t->xgames.unvested_shares && g->turn_bought)))
            continue; /* (a title selling in blocks there sells a company once a turn; one
                       * with unvested shares: none after a purchase, to be safe) */
        if (seen && !strict_ok(g, &legal[i], seen))
            continue;
        out->at[out->n++] = i;
    }
    free(seen);
}

static bool allowed(const eng_game *g, const eng_action *a);

static int any_of(const struct choice *c)
{
    return c->n ? c->at[rnd(c->n)] : -1;
}

static int first_kind(const eng_action *legal, int n, eng_action_kind kind)
{
    for (int i = 0; i < n; i++)
        if (legal[i].kind == kind)
            return i;
    return -1;
}

static int started_majors(const eng_game *g)
{
    int n = 0;
    for (int c = 0; c < g->t->ncompanies; c++)
        n += eng_is_major(g, c) && g->co[c].started;
    return n;
}

/* A private another player owns, bought in the stock round at its face value (18xx.games:
 * from the second stock round; with PrivatePurchaseUsesTurn the turn's one purchase): into *a. */
static bool private_from_player(const eng_game *g, eng_action *a)
{
    if (!g->t->privates_between_players || g->stock_round_number < 2 || rnd(100) >= 4)
        return false;
    for (int p = 0; p < g->t->ncompanies; p++) {
        const eng_company *co = &g->t->companies[p];
        if (co->kind != ENG_PRIVATE || g->co[p].closed || g->co[p].owner < 0 ||
            g->co[p].owner == g->current || co->brings_company >= 0)
            continue; /* (one that brought a share: 18xx.games gives the buyer that share
                       * again, from wherever it is — its "shares" ability kept) */
        *a = (eng_action){.kind = ENG_ACT_BUY_PRIVATE, .player = g->current, .company = p,
                          .price = co->price};
        if (allowed(g, a))
            return true;
    }
    return false;
}

/* Of the shares offered, one of a company in the zones that lift the limits (yellow: not
 * counted; orange and brown: more than the share limit), or -1. */
static int outside_limits(const eng_game *g, const eng_action *legal, const struct choice *buy)
{
    for (int k = 0; k < buy->n; k++)
        if (eng_market_zone(g, legal[buy->at[k]].company) >= ENG_ZONE_YELLOW)
            return buy->at[k];
    return -1;
}

/* Sales before and after a buy, several of a company (each at its price:
 * SeparateSalesAtSamePrice=no); a player over a limit is offered no pass and sells
 * (MustSellOverLimits); the priority follows the last to buy or sell (PriorityAfterLastToAct). */
static int stock_pick(const eng_game *g, const eng_action *legal, int n)
{
    struct choice start, buy, sell;
    collect(g, legal, n, ENG_ACT_BUY_SHARE, 0, &start);
    collect(g, legal, n, ENG_ACT_BUY_SHARE, 1, &buy);
    collect(g, legal, n, ENG_ACT_SELL, -1, &sell);
    int pass = first_kind(legal, n, ENG_ACT_PASS), r = rnd(100);
    if (pass < 0) /* (over a limit: only sales are left) */
        return sell.n ? any_of(&sell) : first_kind(legal, n, ENG_ACT_SELL);
    if (g->turn_bought && buy.n && r < 15)
        return any_of(&buy);
    if (g->turn_bought && sell.n && r < 25 && g->opt.priority_after_last_to_act &&
        !(g->turn_sold && g->t->xgames.sell_buy_order != ENG_XG_SELL_BUY_SELL))
        return any_of(&sell); /* (not after a sale and a purchase where 18xx.games' order of
                               * selling and buying forbids it: 18GA, 1856) */
    if (g->turn_bought)
        return pass;
    if (g->turn_sold && sell.n && r < 20)
        return any_of(&sell);
    if (g->turn_sold && (!buy.n || (r < 45 && g->opt.priority_after_last_to_act)))
        return pass; /* (a turn of sales only: the priority may follow it) */
    if (g->turn_sold)
        return any_of(&buy);
    if (start.n && started_majors(g) < 6 && r < 30)
        return any_of(&start);
    if (buy.n && r < 50 && outside_limits(g, legal, &buy) >= 0)
        return outside_limits(g, legal, &buy); /* (prices moving on: MustSellOverLimits) */
    if (buy.n && r < 80)
        return any_of(&buy);
    if (sell.n && buy.n > 1 && r < 88 && g->stock_round_number > 1)
        return any_of(&sell);
    return pass;
}

/* Of the bids offered, one on the item most bid on already (auctions among three bidders or
 * more: AuctionLowestBidderActs), or -1. */
static int most_bid_on(const eng_game *g, const eng_action *legal, const struct choice *bid)
{
    int best = -1, most = 0;
    for (int k = 0; k < bid->n; k++) {
        int item = legal[bid->at[k]].item, n = 0;
        for (int p = 0; p < g->nplayers; p++)
            n += g->bids[item][p] > 0;
        if (n > most) {
            most = n;
            best = bid->at[k];
        }
    }
    return best;
}

static int start_pick(const eng_game *g, const eng_action *legal, int n)
{
    struct choice buy, bid;
    collect(g, legal, n, ENG_ACT_BUY_ITEM, -1, &buy);
    collect(g, legal, n, ENG_ACT_BID, -1, &bid);
    int r = rnd(100), pass = first_kind(legal, n, ENG_ACT_PASS);
    if (buy.n && r < 55)
        return any_of(&buy);
    if (bid.n && r < 65 && most_bid_on(g, legal, &bid) >= 0)
        return most_bid_on(g, legal, &bid);
    if (bid.n && r < 75)
        return any_of(&bid);
    return pass >= 0 ? pass : any_of(&buy) >= 0 ? any_of(&buy) : 0;
}

/* Whether the engine takes the action now (tried on a copy). */
static bool allowed(const eng_game *g, const eng_action *a)
{
    char why[256];
    eng_game *try = eng_game_copy(g);
    bool ok = eng_apply(try, a, why, sizeof why) == 0;
    eng_game_free(try);
    return ok;
}

/* A train of another company with the same director, bought for what the buyer has (at least
 * 1, at most the train's price): into *a. */
static bool train_from_company(const eng_game *g, eng_action *a)
{
    int c = g->operating;
    if (rnd(100) >= 20 || g->co[c].cash < 1)
        return false;
    for (int o = 0; o < g->t->ncompanies; o++) {
        if (o == c || !eng_is_major(g, o) || g->co[o].director != g->co[c].director ||
            g->co[o].ntrains == 0)
            continue;
        int type = g->co[o].trains[0], price = g->t->trains[type].cost;
        *a = (eng_action){.kind = ENG_ACT_BUY_TRAIN, .player = g->current, .train = type,
                          .from_company = true, .seller = o,
                          .price = g->co[c].cash < price ? g->co[c].cash : price};
        if (allowed(g, a))
            return true;
    }
    return false;
}

/* A private the operating company may buy from a player, at its face value: into *a. */
static bool private_to_buy(const eng_game *g, eng_action *a)
{
    int c = g->operating;
    if (!g->t->phases[g->phase].privates_to_companies || rnd(100) >= 30)
        return false;
    for (int p = 0; p < g->t->ncompanies; p++) {
        const eng_company *co = &g->t->companies[p];
        if (co->kind != ENG_PRIVATE || co->never_to_company || g->co[p].closed ||
            g->co[p].owner < 0 || g->co[c].cash < co->price)
            continue;
        *a = (eng_action){.kind = ENG_ACT_BUY_PRIVATE, .player = g->current, .company = p,
                          .price = co->price};
        if (allowed(g, a))
            return true;
    }
    return false;
}

/* Whether private p is one of the section's "token_step_powers" (its station placed in the
 * token step: 18GA's W&S). */
static bool token_step_power(const eng_game *g, int p)
{
    for (int i = 0; i < g->t->xgames.ntoken_powers; i++)
        if (g->t->xgames.token_powers[i] == p)
            return true;
    return false;
}

static int operating_pick(const eng_game *g, const eng_action *legal, int n)
{
    struct choice c;
    int r = rnd(100), skip = first_kind(legal, n, ENG_ACT_SKIP);
    int done = first_kind(legal, n, ENG_ACT_DONE);
    if (g->discarding != ENG_NONE || g->par_pending != ENG_NONE)
        return rnd(n);
    int station = first_kind(legal, n, ENG_ACT_PRIVATE_TOKEN);
    if (station >= 0 && g->t->companies[legal[station].company].powers.token_hex == last_lay)
        return station; /* right after its tile (18xx.games' teleport: both at once) */
    switch (eng_step_due(g)) {
    case ENG_STEP_HOME:
        collect(g, legal, n, ENG_ACT_HOME, -1, &c);
        return any_of(&c);
    case ENG_STEP_TRACK:
        collect(g, legal, n, ENG_ACT_LAY_TILE, -1, &c);
        return c.n && r < 85 ? any_of(&c) : skip;
    case ENG_STEP_STATION:
        if (station >= 0 && r < 50 && token_step_power(g, legal[station].company))
            return station; /* (18GA's W&S: its station in its token step) */
        collect(g, legal, n, ENG_ACT_TOKEN, -1, &c);
        return c.n && r < 60 ? any_of(&c) : skip;
    case ENG_STEP_RUN: {
        int run = first_kind(legal, n, ENG_ACT_RUN);
        return run >= 0 && r < 20 && run + 1 < n && legal[run + 1].kind == ENG_ACT_RUN ? run + 1
                                                                                      : run;
    }
    default:
        break;
    }
    collect(g, legal, n, ENG_ACT_BUY_TRAIN, -1, &c);
    int raise = first_kind(legal, n, ENG_ACT_RAISE_CASH);
    if (c.n && (g->co[g->operating].ntrains == 0 || r < 45))
        return c.at[0];
    if (raise >= 0 && g->raising_train == ENG_NONE)
        return raise;
    for (int k = 0; k < n && g->raising_train != ENG_NONE; k++) /* the emergency sales (its */
        if (legal[k].kind == ENG_ACT_SELL && g->co[legal[k].company].started) /* own too, */
            return k; /* its presidency kept: the engine's rule, as 18xx.games') */
    return done;
}

static int pick(const eng_game *g, eng_action *legal, int n, eng_action *out)
{
    int k;
    if (g->par_pending != ENG_NONE)
        k = rnd(n);
    else if (g->round == ENG_ROUND_START)
        k = start_pick(g, legal, n);
    else if (g->round == ENG_ROUND_STOCK && !g->turn_bought && private_from_player(g, out))
        return 0;
    else if (g->round == ENG_ROUND_STOCK)
        k = stock_pick(g, legal, n);
    else if (g->discarding == ENG_NONE && eng_step_due(g) == ENG_STEP_TRAINS &&
             g->raising_train == ENG_NONE &&
             (private_to_buy(g, out) || train_from_company(g, out)))
        return 0;
    else
        k = operating_pick(g, legal, n);
    if (k < 0 || k >= n)
        return -1;
    *out = legal[k];
    return 0;
}

/* ---- export ---- */

static int export_log(const char *title, const char *options, const char *const *players,
                      int nplayers, char **actions, int nactions, const char *out,
                      int *written)
{
    xg_source src = {title, options, nplayers, players, nactions,
                     (const char *const *)actions, written};
    char why[1024], *warning = NULL;
    char *json = xg_export(&src, read_games_file, NULL, &warning, why, sizeof why);
    if (warning)
        fprintf(stderr, "xgexport: warning: %s\n", warning);
    free(warning);
    if (!json) {
        fprintf(stderr, "xgexport: %s\n", why);
        return 1;
    }
    FILE *f = fopen(out, "w");
    if (!f || fputs(json, f) < 0 || fclose(f)) {
        fprintf(stderr, "xgexport: cannot write %s\n", out);
        free(json);
        return 1;
    }
    free(json);
    return 0;
}

static void write_log(const char *path, const char *title, const char *options,
                      const char *const *players, int nplayers, char **actions, int n)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "title", title);
    cJSON_AddStringToObject(o, "options", options);
    cJSON *pl = cJSON_AddArrayToObject(o, "players");
    for (int p = 0; p < nplayers; p++)
        cJSON_AddItemToArray(pl, cJSON_CreateString(players[p]));
    cJSON *acts = cJSON_AddArrayToObject(o, "actions");
    for (int i = 0; i < n; i++)
        cJSON_AddItemToArray(acts, cJSON_Parse(actions[i]));
    char *s = cJSON_Print(o);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(s, f);
        fclose(f);
    }
    free(s);
    cJSON_Delete(o);
}

/* Replays the log again, printing pbemgm's position wherever the export's id moved on. */
static void print_positions(const eng_title *t, const eng_options *o, const char *const *players,
                            int nplayers, char **actions, int n, const int *written)
{
    char why[512];
    eng_game *g = eng_game_new(t, o, players, nplayers, why, sizeof why);
    for (int i = 0; g && i < n; i++) {
        eng_action a;
        if (eng_action_from_json(g, actions[i], &a, why, sizeof why) ||
            eng_apply(g, &a, why, sizeof why))
            break;
        if (i + 1 == n || written[i + 1] != written[i])
            xgp_print(g, written[i]);
    }
    eng_game_free(g);
}

static int play(const char *title, unsigned long s, int max, const char *out, int nplayers)
{
    static const char *names[ENG_MAX_PLAYERS] = {"Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus"};
    seed = s;
    char *err = NULL, why[512];
    eng_title *t = eng_title_load(title, read_games_file, NULL, &err);
    if (!t) {
        fprintf(stderr, "xgexport: %s\n", err);
        return 1;
    }
    char options[1024]; /* the title's 18xx.games options, and XGEXPORT_OPTIONS's */
    const char *more = getenv("XGEXPORT_OPTIONS") ? getenv("XGEXPORT_OPTIONS") : "";
    snprintf(options, sizeof options, "%s%s%s", t->xgames.options, *more ? ", " : "", more);
    eng_options o;
    eng_options_default(t, &o);
    bool parsed = eng_options_parse(t, &o, options, why, sizeof why) == 0;
    if (parsed && eng_choices_change_title(t, o.chosen)) { /* (18GA's Cotton Port: the title
                                                             * its choices make, as the import's) */
        eng_title *chosen = eng_title_load_chosen(title, read_games_file, NULL, t, o.chosen, &err);
        eng_title_free(t);
        if (!(t = chosen)) {
            fprintf(stderr, "xgexport: %s\n", err);
            return 1;
        }
        eng_options_for_title(t, &o);
    }
    eng_game *g = parsed ? eng_game_new(t, &o, names, nplayers, why, sizeof why) : NULL;
    char **log = xcalloc((size_t)2 * max + 1, sizeof *log);
    int n = 0;
    bool stable = false; /* a stock round has just begun: the position of a round's start */
    while (g && (n < max || !stable) && n < 2 * max && g->round != ENG_ROUND_OVER) {
        static eng_action legal[4096];
        eng_action a;
        eng_round was = g->round;
        int k = eng_legal_actions(g, legal, 4096);
        if (k == 0 || pick(g, legal, k, &a) || eng_apply(g, &a, why, sizeof why)) {
            fprintf(stderr, "xgexport: the robot is stuck after %d actions: %s\n", n, why);
            break;
        }
        log[n++] = eng_action_to_json(g, &a);
        last_lay = a.kind == ENG_ACT_LAY_TILE ? a.hex : -1;
        stable = was == ENG_ROUND_OPERATING && g->round == ENG_ROUND_STOCK;
    }
    char path[512];
    snprintf(path, sizeof path, "%s.log", out);
    write_log(path, title, options, names, nplayers, log, n);
    int *written = xcalloc((size_t)n + 1, sizeof *written);
    int rc = g ? export_log(title, options, names, nplayers, log, n, out, written) : 1;
    if (rc == 0)
        print_positions(t, &o, names, nplayers, log, n, written);
    for (int i = 0; i < n; i++)
        free(log[i]);
    free(log);
    free(written);
    eng_game_free(g);
    eng_title_free(t);
    return rc;
}

/* pbemgm's positions of a logged game (its title loaded with its options), as play prints
 * them. */
static int positions_of(const char *title, const char *options, const char *const *players,
                        int nplayers, char **log, int n, const int *written)
{
    char *err = NULL, why[512];
    eng_title *t = eng_title_load(title, read_games_file, NULL, &err);
    eng_options o;
    if (t)
        eng_options_default(t, &o);
    if (!t || eng_options_parse(t, &o, options, why, sizeof why)) {
        fprintf(stderr, "xgexport: %s\n", t ? why : err);
        free(err);
        eng_title_free(t);
        return 1;
    }
    print_positions(t, &o, players, nplayers, log, n, written);
    eng_title_free(t);
    return 0;
}

static int from_log(const char *path, const char *out)
{
    char *text = util_read_file(path, NULL);
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    free(text);
    const cJSON *pl = cJSON_GetObjectItem(o, "players"), *acts = cJSON_GetObjectItem(o, "actions");
    const cJSON *title = cJSON_GetObjectItem(o, "title"), *opts = cJSON_GetObjectItem(o, "options");
    if (!cJSON_IsArray(pl) || !cJSON_IsArray(acts) || !cJSON_IsString(title)) {
        fprintf(stderr, "xgexport: %s is not a log\n", path);
        cJSON_Delete(o);
        return 1;
    }
    const char *players[ENG_MAX_PLAYERS];
    int np = 0, n = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, pl) if (np < ENG_MAX_PLAYERS) players[np++] = it->valuestring;
    char **log = xcalloc((size_t)cJSON_GetArraySize(acts) + 1, sizeof *log);
    cJSON_ArrayForEach(it, acts) log[n++] = cJSON_PrintUnformatted(it);
    const char *options = cJSON_IsString(opts) ? opts->valuestring : "";
    int *written = xcalloc((size_t)n + 1, sizeof *written);
    int rc = export_log(title->valuestring, options, players, np, log, n, out, written);
    if (rc == 0)
        rc = positions_of(title->valuestring, options, players, np, log, n, written);
    free(written);
    for (int i = 0; i < n; i++)
        free(log[i]);
    free(log);
    cJSON_Delete(o);
    return rc;
}

/* An 18xx.games file imported and exported again. */
static int again(const char *path, const char *out)
{
    char *json = util_read_file(path, NULL), why[1024];
    xg_game x;
    if (!json || xg_import(json, read_games_file, NULL, &x, why, sizeof why)) {
        fprintf(stderr, "xgexport: %s: %s\n", path, json ? why : "unreadable");
        free(json);
        return 1;
    }
    free(json);
    const char *players[ENG_MAX_PLAYERS];
    for (int p = 0; p < x.nplayers; p++)
        players[p] = x.names[p];
    int rc = export_log(x.title, x.options, players, x.nplayers, x.actions, x.nactions, out,
                        NULL);
    xg_game_clear(&x);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "again") == 0)
        return again(argv[2], argv[3]);
    if (argc >= 6 && strcmp(argv[1], "play") == 0)
        return play(argv[2], strtoul(argv[3], NULL, 10), atoi(argv[4]), argv[5],
                    argc > 6 ? atoi(argv[6]) : 4);
    if (argc == 4 && strcmp(argv[1], "log") == 0)
        return from_log(argv[2], argv[3]);
    fprintf(stderr, "usage: xgexport play TITLE SEED MAX_ACTIONS OUT.json [PLAYERS]\n"
                    "       xgexport log LOG.json OUT.json\n");
    return 64;
}
