/* fuzz_turn: a libFuzzer target for a turn played from arbitrary orders (make fuzz) — a 1835
 * game of four is brought to a position chosen by the first byte (that many legal actions,
 * chosen by the next bytes), then the rest of the input is the first player's order mail: its
 * acknowledgement's check (turn_preview) and the turn itself (turn_resolve, the others idle)
 * run on copies. The engine's invariants (src/engine/invariants.c: money, certificates, the
 * limits, trains and stations) are checked after every action applied on the way, in the
 * position and in the turn's trials alike (the fuzz build has -DENG_CHECK_INVARIANTS), a broken
 * one aborting with the action; nothing may crash, leak or read out of bounds, and every order
 * ends with a fate. */
#include "fuzz.h"
#include "engine/game.h"
#include "engine/title.h"
#include "orders/order.h"
#include "turn/turn.h"
#include "util/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const eng_title *title(void)
{
    static eng_title *t;
    if (!t) {
        char *json = util_read_file(PBEMGM_GAMES_DIR "/1835.json", NULL);
        char *err = NULL;
        t = json ? eng_title_parse(json, &err) : NULL;
        free(json);
        free(err);
        if (!t)
            abort();
    }
    return t;
}

static eng_game *position(const uint8_t *data, size_t size, size_t *used)
{
    static const char *const names[] = {"Ann", "Bob", "Cy", "Dee"};
    eng_options o;
    eng_options_default(title(), &o);
    char why[256];
    eng_game *g = eng_game_new(title(), &o, names, 4, why, sizeof why);
    if (!g)
        abort();
    int steps = size ? data[0] % 16 : 0; /* (each legal action is tried on a copy: few) */
    *used = size ? 1 : 0;
    eng_action legal[512];
    for (int i = 0; i < steps && *used < size; i++) {
        int n = eng_legal_actions(g, legal, 512);
        if (n <= 0)
            break;
        if (eng_apply(g, &legal[data[(*used)++] % n], why, sizeof why) != 0)
            abort(); /* a legal action is taken */
    }
    return g;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t used;
    eng_game *g = position(data, size, &used);
    char *body = malloc(size - used + 1);
    memcpy(body, data + used, size - used);
    body[size - used] = '\0';
    ord_envelope env;
    ord_orders orders;
    ord_envelope_parse("orders", body, &env);
    ord_parse(&env, &orders);
    turn_settings s;
    turn_settings_default(&s);
    turn_result r = {0};
    int p = g->current >= 0 && g->current < g->nplayers ? g->current : 0;
    if (turn_preview(g, &s, p, &orders, &r) == 0 && r.nfates[p] != orders.n)
        abort(); /* every order has its fate */
    turn_result_clear(&r);
    turn_player players[ENG_MAX_PLAYERS] = {0};
    for (int i = 0; i < g->nplayers; i++) /* the others idle (house rule 17's searches, */
        players[i].idle = i != p;          /* slow, are bench/turns.sh's real positions) */
    players[p].orders = &orders;
    eng_game *copy = eng_game_copy(g);
    memset(&r, 0, sizeof r);
    turn_resolve(copy, &s, players, &r);
    turn_result_clear(&r);
    eng_game_free(copy);
    ord_orders_clear(&orders);
    ord_envelope_clear(&env);
    free(body);
    eng_game_free(g);
    return 0;
}
