/* import_sync: what 18xx.games does by itself and pbemgm asks an action for, done before the
 * file's next action: a player with nothing left to do in his turn passes (18xx.games: "has no
 * valid actions and passes"; a turn ends after a purchase when nothing else may follow), a
 * company's steps it has nothing for are skipped (a company with trains and no run runs for
 * nothing), its turn ends (DONE) when the file goes on with another. Each is pbemgm's own
 * action, applied through the engine, which refuses what its rules do not allow. */
#include "xgames/import_internal.h"

#include <stdbool.h>

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
    x->done_from = 0;
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
                x->done_from = 0;
            }
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
