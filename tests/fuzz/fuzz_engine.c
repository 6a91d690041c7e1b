/* fuzz_engine: a libFuzzer target for the rules engine alone (make fuzz) — a game of 1835, 1830
 * or 1856 (the first byte: the title — bit 6 set 1856, else bit 0 1835 or 1830 — and the number
 * of players) played deep, two bytes an action.
 * In an operating round the company's turn is played from a few cheap actions the first byte
 * picks (skip a step, run for a revenue the second byte gives, buy the train on sale or one
 * from the pool, place a station, lay a tile, sell for a train, done), tried in turn until one
 * is taken; elsewhere, and when none is, the first byte picks one of the legal actions of the
 * player to act (listing them is slow in an operating round: every tile is tried), or, its top
 * bit set, that action with one field changed by the second byte — which the engine may refuse,
 * and then nothing may change. The engine's invariants (src/engine/invariants.c: money,
 * certificates, the limits, trains and stations) are checked after every action applied (the
 * fuzz build has -DENG_CHECK_INVARIANTS), a broken one aborting with the action; nothing may
 * crash, leak or read out of bounds. */
#include "fuzz.h"
#include "engine/game.h"
#include "engine/title.h"
#include "util/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STEPS 400

static const eng_title *title(int which)
{
    static eng_title *t[3];
    static const char *const files[3] = {PBEMGM_GAMES_DIR "/1835.json",
                                         PBEMGM_GAMES_DIR "/1830.json",
                                         PBEMGM_GAMES_DIR "/1856.json"};
    if (!t[which]) {
        char *json = util_read_file(files[which], NULL);
        char *err = NULL;
        t[which] = json ? eng_title_parse(json, &err) : NULL;
        free(json);
        free(err);
        if (!t[which])
            abort();
    }
    return t[which];
}

static eng_game *new_game(uint8_t first)
{
    static const char *const names[] = {"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"};
    const eng_title *t = title(first & 0x40 ? 2 : first & 1);
    int span = t->max_players - t->min_players + 1;
    int n = t->min_players + ((first >> 1) & 0x1f) % (span > 0 ? span : 1);
    eng_options o;
    eng_options_default(t, &o);
    char why[256];
    eng_game *g = eng_game_new(t, &o, names, n, why, sizeof why);
    if (!g)
        abort();
    return g;
}

/* The action with one field set from the byte v, within the ranges the log reader allows (a
 * company, a train, a hex that exists); the rest as the engine must judge them. */
static void change_field(const eng_game *g, eng_action *a, uint8_t v)
{
    const eng_title *t = g->t;
    switch (v % 10) {
    case 0: a->price = (v / 10) * 10 - 50; break;
    case 1: a->percent = (v / 10) * 5 % 40; break;
    case 2: a->company = (v / 10) % t->ncompanies; break;
    case 3: a->train = (v / 10) % t->ntrains; break;
    case 4: a->hex = (v / 10) % t->nhexes; break;
    case 5: a->city = (v / 10) % 4 - 1; break;
    case 6: a->revenue = (v / 10) * 20; break;
    case 7: a->from_pool = !a->from_pool; break;
    case 8: a->item = (v / 10) % (t->nstart_items > 0 ? t->nstart_items : 1); break;
    default: a->rot = (v / 10) % 6; break;
    }
}

/* One of the operating company's cheap actions, from b (which) and v (its figure). */
static eng_action cheap_action(const eng_game *g, int which, uint8_t v)
{
    const eng_title *t = g->t;
    eng_action a = {.player = g->current, .company = g->operating, .city = -1};
    int pool = 0;
    while (pool + 1 < t->ntrains && g->pool_trains[pool] == 0)
        pool++;
    switch (which % 8) {
    case 0: a.kind = ENG_ACT_SKIP; break;
    case 1: a.kind = ENG_ACT_RUN; a.revenue = (v % 16) * 10; a.payout = v & 0x10; break;
    case 2: a.kind = ENG_ACT_BUY_TRAIN; a.train = g->train_on_sale; break;
    case 3: a.kind = ENG_ACT_BUY_TRAIN; a.train = pool; a.from_pool = true; break;
    case 4: a.kind = ENG_ACT_TOKEN; a.hex = v % t->nhexes; break;
    case 5: a.kind = ENG_ACT_LAY_TILE; a.hex = v % t->nhexes; a.tile = (v * 7) % t->ntiles;
            a.rot = v % 6; break;
    case 6: a.kind = ENG_ACT_RAISE_CASH; a.train = g->train_on_sale; break;
    default: a.kind = ENG_ACT_DONE; break;
    }
    return a;
}

/* In an operating round's company turn: a cheap action taken (0), trying b's first, or -1. */
static int operate_cheaply(eng_game *g, uint8_t b, uint8_t v)
{
    if (g->round != ENG_ROUND_OPERATING || g->forming || g->operating == ENG_NONE ||
        g->discarding != ENG_NONE || g->par_pending != ENG_NONE)
        return -1;
    char why[256];
    for (int k = 0; k < 8; k++) {
        eng_action a = cheap_action(g, b + k, v);
        if (eng_apply(g, &a, why, sizeof why) == 0)
            return 0;
    }
    return -1;
}

/* One of the legal actions, or (top bit of b) one of its fields changed by v: refused, it
 * changes nothing. */
static int take_legal(eng_game *g, uint8_t b, uint8_t v)
{
    eng_action legal[512];
    char why[256];
    int n = eng_legal_actions(g, legal, 512);
    if (n <= 0)
        return -1;
    eng_action a = legal[(b & 0x7f) % n];
    if (!(b & 0x80)) {
        if (eng_apply(g, &a, why, sizeof why) != 0)
            abort(); /* a legal action is taken */
        return 0;
    }
    change_field(g, &a, v);
    char *before = eng_game_to_json(g);
    if (eng_apply(g, &a, why, sizeof why) != 0) {
        char *after = eng_game_to_json(g);
        if (strcmp(before, after) != 0)
            abort(); /* refused: nothing changed */
        free(after);
    }
    free(before);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    eng_game *g = new_game(data[0]);
    for (size_t at = 1; at + 1 < size && at < 2 * MAX_STEPS; at += 2)
        if (operate_cheaply(g, data[at], data[at + 1]) && take_legal(g, data[at], data[at + 1]))
            break;
    eng_game_free(g);
    return 0;
}
