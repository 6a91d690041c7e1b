/* rules: a title's own rules as its players are told them (rules.h) — each sentence made from
 * the title's data: the phases whose companies buy a limited number of trains from the bank in
 * a turn, the market's end cells, a first turn's tile lays (an option), the neutral stations of
 * the map, the off-boards that raise a run (18Kaas's Ruhr), the homes placed at the start or
 * more than one, and the privates' powers unlike the usual: an extra tile of named tiles, a
 * station needing no tile or only in the turn of its tile, a free train; what a company pays for
 * a private where that is not the usual. Pure. */
#include "report/rules.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The lowest price of the market's end cells, 0 when it has none. */
static int market_end_price(const eng_title *t)
{
    int price = 0;
    for (int i = 0; t->market_ends && i < t->market_rows * t->market_cols; i++)
        if (t->market_ends[i] && t->market[i] > 0 && (!price || t->market[i] < price))
            price = t->market[i];
    return price;
}

/* How the game ends, where the title ends otherwise than 1830 (a market's end cell). */
static void say_ends(const eng_title *t, buf *b)
{
    int top = market_end_price(t);
    if (!top)
        return;
    buf_printf(b, "The game ends at once when a player goes bankrupt; when the bank breaks, at "
                  "the end of %s; and when a company's share price reaches %d (the market's "
                  "end), at the end of %s.\n",
               t->bank_break_ends_set ? "the set of operating rounds in play"
                                      : "the operating round in play",
               top, t->market_end_set ? "the set of operating rounds in play"
                                      : "the operating round in play");
}

/* The phases whose companies buy a limited number of trains from the bank in a turn (all with
 * the same limit said together: "In phases 2 and 3 ..."). */
static void say_depot_limits(const eng_title *t, buf *b)
{
    for (int limit = 1; limit <= 4; limit++) {
        buf names;
        buf_init(&names);
        int n = 0;
        for (int p = 0; p < t->nphases; p++)
            if (t->phases[p].depot_trains_per_turn == limit)
                buf_printf(&names, "%s%s", n++ ? " and " : "", t->phases[p].name);
        if (n)
            buf_printf(b, "In phase%s %s a company buys at most %d train%s from the bank (or "
                          "the pool) in an operating turn; trains from other companies are "
                          "not limited.\n",
                       n > 1 ? "s" : "", names.data, limit, limit > 1 ? "s" : "");
        buf_free(&names);
    }
}

/* The map's neutral stations: circles no company may take, held from the start. */
static void say_neutral_stations(const eng_title *t, buf *b)
{
    for (int h = 0; h < t->nhexes; h++) {
        const eng_track *tr = &t->hexes[h].printed;
        int n = 0;
        for (int c = 0; c < tr->ncities; c++)
            n += tr->cities[c].neutral_stations;
        char where[ENG_NAME + ENG_ID + 8];
        if (n)
            buf_printf(b, "%s holds %s neutral station%s from the start: no company may "
                          "take %s, and runs pass through.\n",
                       eng_hex_label(t, h, where, sizeof where), n > 1 ? "its" : "a",
                       n > 1 ? "s" : "", n > 1 ? "them" : "it");
    }
}

/* The majors whose home is on the map from the start, or who have more than one. */
static void say_homes(const eng_title *t, buf *b)
{
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company *co = &t->companies[c];
        char where[ENG_NAME + ENG_ID + 8];
        if (co->home_at_start && co->home_hex >= 0)
            buf_printf(b, "%s's home station stands on %s from the start, before %s floats: "
                          "as any station, it keeps other companies' runs from passing through "
                          "the city while the city is full (they may end there).\n",
                       co->id, eng_hex_label(t, co->home_hex, where, sizeof where), co->id);
        if (co->nmore_homes > 0 && co->home_hex >= 0) {
            buf_printf(b, "%s has %d home stations, placed when it first operates: %s", co->id,
                       co->nmore_homes + 1, eng_hex_label(t, co->home_hex, where, sizeof where));
            for (int k = 0; k < co->nmore_homes; k++)
                buf_printf(b, "%s%s", k == co->nmore_homes - 1 ? " and " : ", ",
                           eng_hex_label(t, co->more_homes[k], where, sizeof where));
            buf_printf(b, ".\n");
        }
    }
}

/* The off-boards that raise a run (18Kaas's Ruhrgebied), the hexes of one name together:
 * what a run that reaches one earns, as the game's options set it. */
static void say_run_raisers(const eng_title *t, buf *b)
{
    for (int h = 0; h < t->nhexes; h++) {
        const eng_hex *x = &t->hexes[h];
        bool first = true; /* the first hex of its name (the others said with it) */
        for (int k = 0; k < h && first; k++)
            first = !(t->hexes[k].doubles_run && !strcmp(t->hexes[k].name, x->name));
        if (!x->doubles_run || !first)
            continue;
        buf_printf(b, "%s (%s", x->name[0] ? x->name : x->id, x->id);
        for (int k = h + 1; k < t->nhexes; k++)
            if (t->hexes[k].doubles_run && x->name[0] && !strcmp(t->hexes[k].name, x->name))
                buf_printf(b, ", %s", t->hexes[k].id);
        const char *what = x->doubles_run == ENG_DOUBLES_STOPS ? "stops" : "cities";
        if (x->doubles_run_plus > 0)
            buf_printf(b, "): worth nothing itself, a run that reaches it counts %d more for each "
                          "of its other %s (it counts as a stop).\n",
                       x->doubles_run_plus, what);
        else
            buf_printf(b, "): worth nothing itself, a run that reaches it counts the other %s of "
                          "the run twice (it counts as a stop).\n",
                       what);
    }
}

/* A major's tile lays in its first operating turn, as the game's options set them. */
static void say_first_turn_lays(const eng_game *g, buf *b)
{
    int n = g->opt.rules.first_turn_tile_lays;
    if (n > 1)
        buf_printf(b, "A company's first operating turn has %d tile lays: a new tile or an "
                      "upgrade, then %s, unless the first was an upgrade.\n",
                   n, n == 2 ? "a new yellow tile" : "new yellow tiles");
}

/* A private's free train (18GA's OSO): what the company that buys it receives. */
static void say_free_train(const eng_title *t, int c, buf *b)
{
    const eng_company *co = &t->companies[c];
    const eng_powers *pw = &co->powers;
    if (pw->free_train < 0 || pw->free_train >= t->ntrains)
        return;
    buf_printf(b, "%s (%s): the company that buys it from its owner also receives a %s-train "
                  "from the bank, free",
               co->id, co->name, t->trains[pw->free_train].name);
    if (pw->free_train_unless_phase >= 0 && pw->free_train_unless_phase < t->nphases)
        buf_printf(b, " (not once phase %s has begun, nor at its train limit)",
                   t->phases[pw->free_train_unless_phase].name);
    buf_printf(b, "%s.\n", pw->free_train_not_sellable ? "; it may never sell that train" : "");
}

/* A private's station power that differs from a station's usual rules: a station needing no
 * tile there (18GA's W&S), or only in the turn its tile was laid (1830's and 18Kaas's D&H as
 * seed 003 rules it). */
static void say_station_power(const eng_title *t, int c, buf *b)
{
    const eng_company *co = &t->companies[c];
    const eng_powers *pw = &co->powers;
    char where[ENG_NAME + ENG_ID + 8];
    if (pw->token_hex < 0)
        return;
    eng_hex_label(t, pw->token_hex, where, sizeof where);
    if (pw->ntile_hexes == 0 && pw->token_requires_tile == ENG_TOKEN_TILE_NOT_NEEDED &&
        pw->user_owning_company)
        buf_printf(b, "%s (%s): the company that owns it may place a %sstation on %s in its "
                      "station step (USE %s), %s; it needs no track and no tile there.\n",
                   co->id, co->name, pw->token_free ? "free " : "", where, co->id,
                   pw->token_extra ? "besides its own" : "as its station of the turn");
    else if (pw->token_requires_tile == ENG_TOKEN_SAME_TURN)
        buf_printf(b, "%s (%s): its station on %s may be placed only in the turn in which its "
                      "company lays the private's tile there (USE %s after the tile).\n",
                   co->id, co->name, where, co->id);
}

/* A private's tile lay of named tiles besides the company's own (18GA's Midland: 7, 8 or 9 on
 * F12, free, no connection needed). */
static void say_extra_tile_power(const eng_title *t, int c, buf *b)
{
    const eng_company *co = &t->companies[c];
    const eng_powers *pw = &co->powers;
    if (!pw->tile_extra || pw->ntile_ids == 0 || pw->ntile_hexes == 0 || !pw->user_owning_company)
        return;
    buf_printf(b, "%s (%s): the company that owns it may lay tile ", co->id, co->name);
    rep_power_tiles(t, pw, b);
    char where[ENG_NAME + ENG_ID + 8];
    buf_printf(b, " on %s besides its own lay%s%s.\n",
               eng_hex_label(t, pw->tile_hexes[0], where, sizeof where),
               pw->tile_free ? ", free" : "", pw->tile_connected ? "" : ", needing no connection");
}

void rep_power_tiles(const eng_title *t, const eng_powers *pw, buf *b)
{
    for (int k = 0; k < pw->ntile_ids; k++)
        buf_printf(b, "%s%s", k == 0 ? "" : k == pw->ntile_ids - 1 ? " or " : ", ",
                   t->tiles[pw->tile_ids[k]].id);
}

/* The privates' powers of rules unlike the usual (say_free_train, say_station_power,
 * say_extra_tile_power). */
static void say_privates(const eng_title *t, buf *b)
{
    for (int c = 0; c < t->ncompanies; c++)
        if (t->companies[c].kind == ENG_PRIVATE) {
            say_extra_tile_power(t, c, b);
            say_station_power(t, c, b);
            say_free_train(t, c, b);
        }
}

/* What a company pays a player for a private, where the title's bounds are not the usual half
 * to twice its face value (18GA: half to one and a half times), with each private's. */
static void say_private_sale(const eng_title *t, buf *b)
{
    int lo = t->private_sale_min_percent, hi = t->private_sale_max_percent, n = 0;
    if (lo == 50 && hi == 200)
        return;
    int from = 0;
    while (from < t->nphases && !t->phases[from].privates_to_companies)
        from++;
    if (from == t->nphases)
        return; /* (no company ever buys one) */
    buf_printf(b, "From phase %s a company may buy a private from its owner for %d%% to %d%% of "
                  "its face value", t->phases[from].name, lo, hi);
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company *co = &t->companies[c];
        if (co->kind == ENG_PRIVATE && !co->never_to_company && co->price > 0)
            buf_printf(b, "%s%s %d to %d", n++ ? ", " : " (", co->id, co->price * lo / 100,
                       co->price * hi / 100);
    }
    buf_printf(b, "%s.\n", n ? ")" : "");
}

/* The sentences of rep_rules_json, each ending in '\n'. */
static void say_all(const eng_game *g, buf *b)
{
    say_ends(g->t, b);
    say_depot_limits(g->t, b);
    say_first_turn_lays(g, b);
    say_neutral_stations(g->t, b);
    say_run_raisers(g->t, b);
    say_homes(g->t, b);
    say_privates(g->t, b);
    say_private_sale(g->t, b);
}

static cJSON *lines_json(const char *text)
{
    cJSON *arr = cJSON_CreateArray();
    for (const char *p = text; p && *p;) {
        size_t n = strcspn(p, "\n");
        char *line = xstrndup(p, n);
        cJSON_AddItemToArray(arr, cJSON_CreateString(line));
        free(line);
        p += n + (p[n] == '\n');
    }
    return arr;
}

cJSON *rep_rules_json(const eng_game *g)
{
    buf b;
    buf_init(&b);
    say_all(g, &b);
    cJSON *arr = lines_json(b.data);
    buf_free(&b);
    return arr;
}

char *rep_rules_now_text(const eng_game *g)
{
    const eng_title *t = g->t;
    if (g->round == ENG_ROUND_OVER) /* (the report says how it ended) */
        return NULL;
    buf b;
    buf_init(&b);
    int limit = g->phase >= 0 && g->phase < t->nphases
                    ? t->phases[g->phase].depot_trains_per_turn
                    : 0;
    if (limit)
        buf_printf(&b, "In this phase a company buys at most %d train%s from the bank (or the "
                       "pool) in an operating turn.\n",
                   limit, limit > 1 ? "s" : "");
    say_ends(t, &b);
    if (!b.len) {
        buf_free(&b);
        return NULL;
    }
    b.data[--b.len] = '\0'; /* (the last line's end: the templates end it) */
    return buf_steal(&b);
}
