/* import_sync: what 18xx.games does by itself and pbemgm asks an action for, done before the
 * file's next action: a player with nothing left to do in his turn passes (18xx.games: "has no
 * valid actions and passes"; a turn ends after a purchase when nothing else may follow), a
 * company's steps it has nothing for are skipped (a company with trains and no run runs for
 * nothing), its turn ends (DONE) when the file goes on with another — never the turn of a
 * company the file has not acted for. At the file's end the same, as far as 18xx.games has
 * gone by itself there (xg_finish_file). Each is pbemgm's own action, applied through the
 * engine, which refuses what its rules do not allow. */
#include "xgames/import_internal.h"

#include <stdbool.h>
#include <string.h>

/* How many of pbemgm's actions may be needed before one of the file's. */
#define MAX_SYNC 64

/* Whether the player to act may do nothing but pass (or has bought, and passes to end his
 * turn). */
static bool only_pass_left(const eng_game *g)
{
    if (g->round == ENG_ROUND_STOCK && (g->turn_bought || g->turn_sold))
        return true;
    eng_action legal[8];
    int n = eng_legal_actions(g, legal, 8);
    for (int i = 0; i < n; i++)
        if (legal[i].kind != ENG_ACT_PASS)
            return false;
    return true;
}

static int synth(xg_importer *x, eng_action a, const char *what)
{
    a.player = a.player >= 0 ? a.player : x->g->current;
    return xg_apply(x, &a, what);
}

/* The turn of the player to act passed, as 18xx.games passes a player with nothing to do. */
static int pass_for(xg_importer *x, int seat)
{
    eng_game *g = x->g;
    if (!only_pass_left(g))
        return xg_refuse(x, "pbemgm gives the turn to %s, who may still act; the file has %s "
                            "act", g->players[g->current].name,
                         seat >= 0 ? g->players[seat].name : "a company");
    return synth(x, (eng_action){.kind = ENG_ACT_PASS, .player = -1}, "pass");
}

/* The operating company's step moved on to `step` (not past the home city's choice). */
static int advance_step(xg_importer *x, eng_step step)
{
    eng_game *g = x->g;
    for (int n = 0; n < MAX_SYNC && eng_step_due(g) < step; n++) {
        eng_step due = eng_step_due(g);
        if (due == ENG_STEP_HOME)
            return xg_refuse(x, "%s must choose its home city first",
                             x->t->companies[g->operating].id);
        int rc = due == ENG_STEP_RUN
                     ? synth(x, (eng_action){.kind = ENG_ACT_RUN, .player = -1, .revenue = 0},
                             "no run")
                     : synth(x, (eng_action){.kind = ENG_ACT_SKIP, .player = -1}, "skip");
        if (rc)
            return -1;
    }
    return 0;
}

/* The operating company's turn ended: the steps it had nothing for, and DONE (the file's pass
 * that ended it, if it passed). */
static int finish_company(xg_importer *x)
{
    eng_game *g = x->g;
    int c = g->operating;
    if (x->turn_company != c) /* 18xx.games would have asked it for something */
        return xg_refuse(x, "pbemgm has %s operate now, for which the file has no action",
                         x->t->companies[c].id);
    if (advance_step(x, ENG_STEP_TRAINS))
        return -1;
    if (g->operating != c || g->round != ENG_ROUND_OPERATING)
        return 0;
    eng_action done = {.kind = ENG_ACT_DONE, .player = g->current};
    int rc;
    if (x->done_from && x->turn_company == c) {
        int id = x->id;
        x->id = x->done_from;
        rc = xg_apply(x, &done, NULL);
        x->id = id;
    } else {
        rc = xg_apply(x, &done, "done");
    }
    x->done_from = x->done_passes = 0; /* (the next turn may be the same company's: the first
                                        * of the next round) */
    x->turn_company = ENG_NONE;
    return rc;
}

int xg_sync_player(xg_importer *x, int seat)
{
    eng_game *g = x->g;
    for (int n = 0; n < MAX_SYNC; n++) {
        if (g->round == ENG_ROUND_OVER)
            return xg_refuse(x, "the game is over in pbemgm");
        if (g->round == ENG_ROUND_OPERATING && g->operating != ENG_NONE &&
            g->discarding == ENG_NONE) {
            if (finish_company(x))
                return -1;
            continue;
        }
        if (g->current == seat || g->par_pending != ENG_NONE || g->discarding != ENG_NONE)
            return 0;
        if (pass_for(x, seat))
            return -1;
    }
    return xg_refuse(x, "pbemgm does not come to %s's turn", g->players[seat].name);
}

static bool legal_now(const eng_game *g, eng_action a);

/* Whether the file chooses the operating company's home city in this turn: a place_token or
 * a lay_tile of it comes before any other entity's action. */
static bool file_chooses_home(const xg_importer *x)
{
    int c = x->g->operating;
    for (int i = x->at; i < x->nkept; i++) {
        const char *type = xg_str(x->kept[i].a, "type");
        if (!type || xg_words_only(type))
            continue;
        if (xg_acting_company((xg_importer *)x, x->kept[i].a) != c)
            return false;
        if (strcmp(type, "place_token") == 0 || strcmp(type, "lay_tile") == 0)
            return true;
    }
    return false;
}

/* A home city of the company's choice that 18xx.games does not ask for: the only one open,
 * or, the file choosing none in the turn, the hex's first city there ("THB places a token on
 * L15": step/home_token.rb, the first city of a hex without a reserved one) — which 18xx.games
 * asks again when the company lays its first tile there ("must choose city for token"): the
 * city of the hex now that becomes that choice, when the file makes it. pbemgm asks once; the
 * station is placed there. 0, or -1 with why. */
static int home_by_itself(xg_importer *x)
{
    eng_game *g = x->g;
    if (eng_step_due(g) != ENG_STEP_HOME)
        return 0;
    int open = 0, city = -1;
    for (int k = 0; k < ENG_MAX_CITIES; k++)
        if (legal_now(g, (eng_action){.kind = ENG_ACT_HOME, .city = k})) {
            open++;
            city = k;
        }
    int hex = x->t->companies[g->operating].home_hex;
    if (open > 1 && hex >= 0 && !file_chooses_home(x)) {
        city = xg_home_chosen_later(x, g->operating);
        if (city < 0)
            city = xg_city(x->t, g->board->tile[hex], hex, 0);
    }
    else if (open != 1)
        return 0;
    return synth(x, (eng_action){.kind = ENG_ACT_HOME, .player = -1, .city = city}, "home");
}

int xg_sync_company(xg_importer *x, int c, eng_step step)
{
    eng_game *g = x->g;
    for (int n = 0; n < MAX_SYNC; n++) {
        if (g->round == ENG_ROUND_OVER)
            return xg_refuse(x, "the game is over in pbemgm");
        if (g->discarding != ENG_NONE || g->par_pending != ENG_NONE)
            return 0;
        if (g->round != ENG_ROUND_OPERATING) {
            if (pass_for(x, -1))
                return -1;
            continue;
        }
        if (g->operating == c) {
            if (x->turn_company != c) {
                x->turn_company = c;
                x->done_from = x->done_passes = 0;
            }
            if (home_by_itself(x))
                return -1;
            return step == ENG_STEP_HOME ? 0 : advance_step(x, step);
        }
        if (finish_company(x))
            return -1;
    }
    return xg_refuse(x, "pbemgm does not come to %s's turn", x->t->companies[c].id);
}

int xg_finish_round(xg_importer *x)
{
    eng_game *g = x->g;
    int set = g->or_set, number = g->or_in_set;
    for (int n = 0; n < MAX_SYNC && g->round == ENG_ROUND_OPERATING && g->operating != ENG_NONE &&
                    g->discarding == ENG_NONE && g->or_set == set && g->or_in_set == number;
         n++)
        if (finish_company(x))
            return -1;
    return 0;
}

/* Whether the player to act may take action a now (tried on a copy). */
static bool legal_now(const eng_game *g, eng_action a)
{
    a.player = g->current;
    eng_game *trial = eng_game_copy(g);
    bool ok = eng_apply(trial, &a, NULL, 0) == 0;
    eng_game_free(trial);
    return ok;
}

/* Whether the operating company may buy a private now (at its face value, or half of it). */
static bool may_buy_a_private(const xg_importer *x)
{
    for (int p = 0; p < x->t->ncompanies; p++) {
        int face = x->t->companies[p].price;
        if (x->t->companies[p].kind == ENG_PRIVATE &&
            (legal_now(x->g, (eng_action){.kind = ENG_ACT_BUY_PRIVATE, .company = p,
                                          .price = face}) ||
             legal_now(x->g, (eng_action){.kind = ENG_ACT_BUY_PRIVATE, .company = p,
                                          .price = (face + 1) / 2})))
            return true;
    }
    return false;
}

/* Whether the player to act may do nothing but pass, by the engine's list of legal actions
 * and a private he could buy from another player (18xx.games asks him then). */
static bool nothing_but_pass(const eng_game *g)
{
    if (xg_may_buy_private(g))
        return false;
    eng_action legal[2];
    int n = eng_legal_actions(g, legal, 2);
    return n == 1 && legal[0].kind == ENG_ACT_PASS;
}

/* Whether the operating company may place a station anywhere now. */
static bool may_place_a_station(const eng_game *g)
{
    for (int h = 0; h < g->t->nhexes; h++) {
        const eng_track *tr = eng_board_track(g->board, h, NULL);
        for (int k = 0; k < tr->ncities; k++)
            if (legal_now(g, (eng_action){.kind = ENG_ACT_TOKEN, .hex = h, .city = k}))
                return true;
    }
    return false;
}

bool xg_may_buy_a_train(const eng_game *g)
{
    for (int k = 0; k < g->t->ntrains; k++) {
        if (legal_now(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = k}) ||
            legal_now(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = k, .from_pool = true}))
            return true;
        for (int c = 0; c < g->t->ncompanies; c++)
            if (c != g->operating && eng_is_major(g, c) &&
                legal_now(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = k, .price = 1,
                                          .from_company = true, .seller = c}))
                return true;
    }
    return false;
}

int xg_skip_empty_station(xg_importer *x)
{
    eng_game *g = x->g;
    if (eng_step_due(g) != ENG_STEP_STATION || may_place_a_station(g) ||
        xg_token_power_waits(g, g->operating))
        return 0;
    return synth(x, (eng_action){.kind = ENG_ACT_SKIP, .player = -1}, "skip");
}

int xg_skip_empty_steps_after_track(xg_importer *x)
{
    eng_game *g = x->g;
    if (xg_skip_empty_station(x))
        return -1;
    if (eng_step_due(g) == ENG_STEP_RUN && !xg_route_available(g, g->operating) &&
        synth(x, (eng_action){.kind = ENG_ACT_RUN, .player = -1, .revenue = 0}, "no run"))
        return -1; /* (18xx.games skips its route step: it does not run, its price moves left) */
    return 0;
}

/* The steps of the company whose turn the file was in that it has nothing for, skipped as
 * 18xx.games skips them: its track when its lays are done, its station when it may place
 * none and holds no private whose station keeps the step asking (18GA's W&S) (its price
 * moving left then, with no train to run: NoTrainPriceLeft). */
static int skip_empty_steps(xg_importer *x)
{
    eng_game *g = x->g;
    int c = g->operating;
    if (g->round != ENG_ROUND_OPERATING || c != x->turn_company || g->discarding != ENG_NONE ||
        (x->out->stopped_at && x->home_done >= x->out->stopped_at)) /* (18xx.games waits for the
                                                                      * home city there) */
        return 0;
    if (eng_step_due(g) == ENG_STEP_TRACK && eng_lays_left(g) == 0 && !xg_track_waits(g, c) &&
        synth(x, (eng_action){.kind = ENG_ACT_SKIP, .player = -1}, "skip"))
        return -1;
    if (g->operating == c && xg_skip_empty_steps_after_track(x))
        return -1;
    if (g->operating == c && eng_step_due(g) == ENG_STEP_TRAINS && g->co[c].ran &&
        !xg_may_buy_a_train(g) && !may_buy_a_private(x)) /* 18xx.games: "skips buy trains" */
        return finish_company(x);
    return 0;
}

/* Whether the stock-round turn of the player to act, who has bought in it, is over there:
 * he may buy no more, and no sale is left to him that 18xx.games' order of selling and
 * buying allows (the section's "sell_buy_order": after a purchase none, or none after a sale
 * and then a purchase) — 18xx.games then moves on by itself (18GA_game_end_bank's action 104: a
 * sale, a purchase, and the next player's turn). */
static bool bought_turn_over(const xg_importer *x)
{
    const eng_game *g = x->g;
    eng_xg_sell_order order = g->t->xgames.sell_buy_order;
    if (g->round != ENG_ROUND_STOCK || !g->turn_bought || g->par_pending != ENG_NONE ||
        order == ENG_XG_SELL_BUY_SELL)
        return false;
    const char *last = NULL; /* the file's last move applied */
    for (int i = x->at - 1; i >= 0 && !last; i--) {
        const char *type = xg_str(x->kept[i].a, "type");
        last = type && !xg_words_only(type) ? type : NULL;
    }
    bool bought_last = last && (strcmp(last, "buy_shares") == 0 || strcmp(last, "par") == 0);
    if (order == ENG_XG_SELL_BUY || (g->turn_sold && bought_last))
        return true;
    eng_action legal[512];
    int n = eng_legal_actions(g, legal, 512);
    for (int i = 0; i < n; i++)
        if (legal[i].kind == ENG_ACT_SELL && g->co[legal[i].company].started)
            return false;
    return true;
}

int xg_finish_file(xg_importer *x)
{
    eng_game *g = x->g;
    if (skip_empty_steps(x))
        return -1;
    if (bought_turn_over(x) &&
        synth(x, (eng_action){.kind = ENG_ACT_PASS, .player = -1}, "the end of the turn"))
        return -1;
    if (x->done_passes > 0 && g->round == ENG_ROUND_OPERATING &&
        g->operating == x->turn_company && (x->done_passes >= 2 || !may_buy_a_private(x)) &&
        finish_company(x))
        return -1;
    for (int n = 0; n < MAX_SYNC &&
                    (g->round == ENG_ROUND_STOCK || g->round == ENG_ROUND_START) &&
                    g->par_pending == ENG_NONE && nothing_but_pass(g);
         n++)
        if (synth(x, (eng_action){.kind = ENG_ACT_PASS, .player = -1}, "pass"))
            return -1;
    return 0;
}
