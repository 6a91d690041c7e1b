/* fallback: house rule 17 — when a company's tile or station cannot be placed as ordered (and
 * its own contingency, step A, is spent), or its director sent no orders for it: B. the tile
 * (station) that best follows the company's stated goal — the legal one nearest the goal's hex,
 * the better income breaking a tie; C. the one giving the stockholders the most income now;
 * D. none, when nothing brings more money now than the company earns without it. Every legal
 * placement is tried on a copy of the game; the choice and its step are said in the report. */
#include "engine/routes.h"
#include "turn/internal.h"

#include <stdlib.h>

struct choice {
    eng_action a;
    int revenue;     /* the company's best run after it */
    int distance;    /* hexes from the goal */
    bool found;
};

/* Hexes between two hexes (neighbours in a row are two columns apart). */
static int hex_distance(const eng_title *t, int a, int b)
{
    int dr = abs(t->hexes[a].row - t->hexes[b].row), dc = abs(t->hexes[a].col - t->hexes[b].col);
    return dr + (dc > dr ? (dc - dr) / 2 : 0);
}

static bool better(const struct choice *c, const struct choice *best, bool by_goal)
{
    if (!best->found)
        return true;
    if (by_goal && c->distance != best->distance)
        return c->distance < best->distance;
    return c->revenue > best->revenue;
}

/* Tries a on a copy; keeps it when it is better than *best. */
static void consider(turn_ctx *x, int company, int goal, const eng_action *a, struct choice *best)
{
    eng_game *copy = eng_game_copy(x->g);
    if (eng_apply(copy, a, NULL, 0) == 0) {
        eng_run run;
        struct choice c = {.a = *a, .revenue = eng_best_run(copy, company, &run), .found = true,
                           .distance = goal >= 0 ? hex_distance(x->g->t, a->hex, goal) : 0};
        if (better(&c, best, goal >= 0))
            *best = c;
    }
    eng_game_free(copy);
}

static int income_now(const turn_ctx *x, int company)
{
    eng_run run;
    return eng_best_run(x->g, company, &run);
}

/* Applies the choice by house rule 17's steps, or nothing (D); says which. */
static void decide(turn_ctx *x, int company, int goal, const struct choice *best,
                   const char *what, bool automatic)
{
    const char *co = x->g->t->companies[company].id;
    const char *rule = automatic ? "Played for its director, as house rule 17" : "House rule 17";
    int now = income_now(x, company);
    char why[256];
    if (best->found && goal >= 0) {
        turn_say(x, "  %s B: %s's %s towards its goal %s", rule, co, what,
                 x->g->t->hexes[goal].id);
    } else if (best->found && best->revenue > now) {
        turn_say(x, "  %s C: %s's %s for the most income now (%d instead of %d)", rule, co,
                 what, best->revenue, now);
    } else {
        turn_say(x, "  %s D: no %s for %s: none brings it more income now", rule, what, co);
        return;
    }
    if (turn_act(x, &best->a, why, sizeof why))
        turn_say(x, "  (%s)", why);
}

/* Whether the company's track could lead into hex h: it reaches the hex, or a neighbour's side
 * facing it (only such hexes can take its tile, unless routes need no connection). */
static bool within_reach(const eng_game *g, const eng_reach *r, int h)
{
    if (g->opt.permissive_routes || r->edges[h] || r->cities[h] || r->station[h])
        return true;
    for (int e = 0; e < 6; e++) {
        int n = eng_neighbor(g->t, h, e);
        if (n >= 0 && (r->edges[n] & (1u << ((e + 3) % 6))))
            return true;
    }
    return false;
}

void turn_fallback_tile(turn_ctx *x, int company, const char *goal_name, bool automatic)
{
    eng_game *g = x->g;
    if (eng_lays_left(g) == 0)
        return;
    int goal = turn_goal_hex(g->t, goal_name);
    struct choice best = {0};
    eng_lay_option opts[64];
    eng_reach reach;
    eng_reach_compute(g->board, company, &reach);
    for (int h = 0; h < g->t->nhexes; h++) {
        if (!within_reach(g, &reach, h))
            continue;
        if (goal >= 0 && best.found && hex_distance(g->t, h, goal) > best.distance)
            continue; /* cannot beat what is found */
        int n = eng_lay_options(g->board, ENG_NONE, h, g->t->phases[g->phase].tile_colors, opts,
                                64);
        for (int i = 0; i < n; i++) {
            eng_action a = {.kind = ENG_ACT_LAY_TILE, .player = g->current, .hex = h,
                            .tile = opts[i].tile, .rot = opts[i].rot};
            consider(x, company, goal, &a, &best);
        }
    }
    eng_reach_free(&reach);
    decide(x, company, goal, &best, "tile", automatic);
}

void turn_fallback_station(turn_ctx *x, int company, const char *goal_name, bool automatic)
{
    eng_game *g = x->g;
    if (g->co[company].token_placed || !eng_is_major(g, company))
        return;
    int goal = turn_goal_hex(g->t, goal_name);
    struct choice best = {0};
    eng_reach reach;
    eng_reach_compute(g->board, company, &reach);
    for (int h = 0; h < g->t->nhexes; h++) {
        if (!reach.cities[h] && !g->opt.permissive_routes)
            continue; /* a station needs a city the company reaches */
        const eng_track *tr = eng_board_track(g->board, h, NULL);
        for (int city = 0; city < tr->ncities; city++) {
            eng_action a = {.kind = ENG_ACT_TOKEN, .player = g->current, .hex = h, .city = city};
            consider(x, company, goal, &a, &best);
        }
    }
    eng_reach_free(&reach);
    decide(x, company, goal, &best, "station", automatic);
}
