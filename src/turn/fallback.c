/* fallback: house rule 17 — when a company's tile or station cannot be placed as ordered (and
 * its own contingency, step A, is spent), or its director sent no orders for it: B. the tile
 * (station) that best follows the company's stated goal — the lay whose track leads nearest
 * the goal (a step along a route to it), the station nearest it, the better income breaking a
 * tie; C. the one giving the stockholders the most income ("this or the next turn": a company
 * without a train is judged with the train it will buy); for a
 * tile, when none raises the income, the lay whose track leads out nearest the closest city,
 * town or off-board the company does not reach yet (the next closest when none comes nearer;
 * income in the next turns, as a sensible director builds); and a
 * company with a destination it has not reached (1856), and no goal, builds towards it first;
 * D. none. Every legal placement is tried on a copy of the game; the choice and its step are
 * said in the report. */
#include "engine/routes.h"
#include "turn/internal.h"
#include "util/util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

struct choice {
    eng_action a;
    int target;      /* the place a lay of the next turns builds towards (for the report) */
    int revenue;     /* the company's best run after it */
    int distance;    /* hexes from the goal */
    bool found;
    bool destination; /* a lay towards the company's destination, not yet reached */
};

/* How near a lay brings the company's track to the goal: the goal's hex itself is 0; else the
 * nearest hex its track leads into — a step along a route towards the goal, not merely a tile
 * near it (a tile beside the goal whose track points away does not count as near). */
static int lay_distance(const eng_title *t, const eng_action *a, int goal)
{
    if (a->hex == goal)
        return 0;
    unsigned edges = eng_track_edges(&t->tiles[a->tile].track, a->rot);
    int best = 1000;
    for (int e = 0; e < 6; e++) {
        int n = eng_neighbor(t, a->hex, e);
        if ((edges & (1u << e)) && n >= 0 && eng_hex_distance(t, n, goal) < best)
            best = eng_hex_distance(t, n, goal);
    }
    return best < 1000 ? best + 1 : eng_hex_distance(t, a->hex, goal) + 2;
}

static int goal_distance(const eng_title *t, const eng_action *a, int goal)
{
    if (goal < 0)
        return 0;
    return a->kind == ENG_ACT_LAY_TILE ? lay_distance(t, a, goal)
                                       : eng_hex_distance(t, a->hex, goal);
}

static bool better(const struct choice *c, const struct choice *best, bool by_goal)
{
    if (!best->found)
        return true;
    if (by_goal && c->distance != best->distance)
        return c->distance < best->distance;
    return c->revenue > best->revenue;
}

/* What the company earns on this board: its best run — or, without a train yet, the best run of
 * the train on sale (the train it will buy: house rule 17 D's "this or the next turn"). */
static int earning(const eng_game *g, int company)
{
    eng_run run;
    if (g->co[company].ntrains > 0 || g->trains_left[g->train_on_sale] <= 0)
        return eng_best_run(g, company, &run);
    return turn_run_with_train(g, company, g->train_on_sale);
}

/* The train it will buy, when it has none: given it on a copy (house rule 17 D). */
static void with_train_to_buy(eng_game *g, int company)
{
    eng_company_state *s = &g->co[company];
    if (s->ntrains == 0 && g->trains_left[g->train_on_sale] > 0)
        s->trains[s->ntrains++] = g->train_on_sale;
}

/* The same on a board tried once (a placement's copy, changed in hex `hex` from the board
 * `before` knows): only the runs through that hex are listed again. */
static int earning_once(eng_game *g, int company, const eng_runs_before *before, int hex)
{
    eng_run run;
    with_train_to_buy(g, company);
    return eng_best_run_changed(before, g, hex, &run);
}

/* ---- trying many placements at once: each on its own copy, on every core ----
 * (A placement is tried with eng_apply_logged: the copy is thrown away when it is refused, so
 * eng_apply's own copy, which keeps a refused action from changing anything, is not needed.) */

#define MAX_WORKERS 4

struct trial {
    const eng_game *g;
    int company;
    const eng_runs_before *before; /* the company's runs on g (with the train it will buy) */
    const eng_action *actions;
    int n;
    int *revenue;        /* per action: the company's earning after it, -1 when not legal */
    atomic_int next;
};

static void *try_some(void *arg)
{
    struct trial *t = arg;
    for (int i; (i = atomic_fetch_add(&t->next, 1)) < t->n;) {
        eng_game *copy = eng_game_copy(t->g);
        t->revenue[i] = eng_apply_logged(copy, &t->actions[i], NULL, 0) == 0
                            ? earning_once(copy, t->company, t->before, t->actions[i].hex)
                            : -1;
        eng_game_free(copy);
    }
    return NULL;
}

/* What the search found on the board before its trials, told to the memory of best runs: the
 * company's best run there, its income now (asked next: not listed again). */
static void remember_run(const eng_game *base, int company, const eng_runs_before *before)
{
    eng_run run;
    eng_runs_before_best(before, &run);
    eng_best_run_remember(base, company, &run);
}

/* revenue[i] for each action, the work shared among the machine's cores (the engine is pure:
 * every worker has its own copies); the same figures as one after the other. */
static void try_all(const eng_game *g, int company, const eng_action *actions, int n,
                    int *revenue)
{
    eng_game *base = eng_game_copy(g);
    with_train_to_buy(base, company);
    eng_runs_before *before = eng_runs_before_new(base, company);
    remember_run(base, company, before);
    struct trial t = {g, company, before, actions, n, revenue, 0};
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int workers = n < 8 ? 1 : cores > MAX_WORKERS ? MAX_WORKERS : cores < 1 ? 1 : (int)cores;
    pthread_t th[MAX_WORKERS];
    int started = 0;
    for (int k = 1; k < workers; k++)
        if (pthread_create(&th[started], NULL, try_some, &t) == 0)
            started++;
    try_some(&t);
    for (int k = 0; k < started; k++)
        pthread_join(th[k], NULL);
    eng_runs_before_free(before);
    eng_game_free(base);
}

/* Tries a on a copy; keeps it when it is better than *best. */
static void consider(turn_ctx *x, int company, int goal, const eng_action *a, struct choice *best)
{
    eng_game *copy = eng_game_copy(x->g);
    if (eng_apply_logged(copy, a, NULL, 0) == 0) {
        struct choice c = {.a = *a, .revenue = earning(copy, company), .found = true,
                           .distance = goal_distance(x->g->t, a, goal)};
        if (better(&c, best, goal >= 0))
            *best = c;
    }
    eng_game_free(copy);
}

/* The best of these placements (no goal: by income), as trying them one after the other in
 * this order would find it. */
static void choose_among(turn_ctx *x, int company, const eng_action *cand, int n,
                         struct choice *best)
{
    if (n == 0)
        return;
    int *revenue = xmalloc((size_t)n * sizeof *revenue);
    try_all(x->g, company, cand, n, revenue);
    for (int i = 0; i < n; i++) {
        struct choice c = {.a = cand[i], .revenue = revenue[i], .found = true};
        if (revenue[i] >= 0 && better(&c, best, false))
            *best = c;
    }
    free(revenue);
}

/* The placements to try at once (no goal), gathered. */
struct candidates {
    eng_action *v;
    int n, cap;
};

/* A legal-looking placement: with a goal, tried at once (the goal's distance prunes the search
 * as it goes); without, kept for choose_among. */
static void offer(turn_ctx *x, int company, int goal, const eng_action *a, struct choice *best,
                  struct candidates *cands)
{
    if (goal >= 0) {
        consider(x, company, goal, a, best);
        return;
    }
    if (cands->n == cands->cap)
        cands->v = xrealloc(cands->v, (size_t)(cands->cap = cands->cap ? 2 * cands->cap : 64) *
                                          sizeof *cands->v);
    cands->v[cands->n++] = *a;
}

static int income_now(const turn_ctx *x, int company)
{
    return earning(x->g, company);
}

/* Applies the choice by house rule 17's steps, or nothing (D); says which. When no tile raises
 * the income (now, or with the train it will buy), the company builds towards the nearest city
 * or town it does not reach yet (next): income in the next turns. */
static void decide(turn_ctx *x, int company, int goal, const struct choice *best,
                   const struct choice *next, const char *what, bool automatic)
{
    const char *co = x->g->t->companies[company].id;
    const char *rule = automatic ? "Played for its director, as house rule 17" : "House rule 17";
    int now = income_now(x, company);
    char why[256];
    const struct choice *chosen = best;
    if (next && next->found && next->destination) {
        turn_ruling(x, NULL,
                    "  %s B: %s's %s towards its destination %s (reaching it pays its escrow)",
                    rule, co, what, x->g->t->hexes[next->target].id);
        chosen = next;
    } else if (best->found && goal >= 0) {
        turn_ruling(x, NULL, "  %s B: %s's %s towards its goal %s", rule, co, what,
                    x->g->t->hexes[goal].id);
    } else if (best->found && best->revenue > now) {
        turn_ruling(x, NULL, "  %s C: %s's %s for the most income (%d instead of %d)", rule, co,
                    what, best->revenue, now);
    } else if (next && next->found) {
        turn_ruling(x, NULL,
                    "  %s B: %s's %s towards %s, the nearest place it does not reach yet (income "
                    "in the next turns)", rule, co, what, x->g->t->hexes[next->target].id);
        chosen = next;
    } else {
        turn_ruling(x, NULL,
                    "  %s D: no %s for %s: none brings it more income now or in the next turns",
                    rule, what, co);
        return;
    }
    if (turn_act(x, &chosen->a, why, sizeof why))
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

/* The hexes with a city, a town or an off-board that the company's track does not touch yet,
 * nearest its home first (else any hex it reaches): at most max in out; returns how many. */
static int unreached_places(const eng_game *g, const eng_reach *r, int company, int *out,
                            int max)
{
    const eng_title *t = g->t;
    int from = t->companies[company].home_hex, n = 0;
    for (int h = 0; from < 0 && h < t->nhexes; h++)
        if (r->station[h])
            from = h;
    for (int h = 0; from >= 0 && h < t->nhexes; h++) {
        const eng_track *tr = eng_board_track(g->board, h, NULL);
        bool stop = tr->ncities || tr->ntowns || t->hexes[h].offboard;
        if (!stop || r->edges[h] || r->cities[h] || r->station[h])
            continue;
        int d = eng_hex_distance(t, from, h), k = n < max ? n++ : max;
        for (; k > 0 && eng_hex_distance(t, from, out[k - 1]) > d; k--)
            if (k < max)
                out[k] = out[k - 1];
        if (k < max)
            out[k] = h;
    }
    return n;
}

/* The hex of the company's destination it builds towards (1856's: reaching it pays the escrow
 * held for it, docs/house-rules.md "Playing for a silent player"): the nearest of its
 * destination's hexes while it has not reached it; -1 when it has, or has none. */
static int destination_target(const eng_game *g, int company)
{
    const eng_company *c = &g->t->companies[company];
    int from = c->dest_from >= 0 ? c->dest_from : c->home_hex, best = -1;
    if (g->co[company].destination_reached || from < 0)
        return -1;
    for (int k = 0; k < c->ndest_hexes; k++)
        if (best < 0 || eng_hex_distance(g->t, from, c->dest_hexes[k]) <
                            eng_hex_distance(g->t, from, best))
            best = c->dest_hexes[k];
    return best;
}

/* The distance from the company's track to target: from the hexes its track runs through (two
 * sides reached, or a city) — not those only a side of a neighbour's track faces. */
static int reached_distance(const eng_game *g, const eng_reach *r, int target)
{
    int best = 1000;
    for (int h = 0; target >= 0 && h < g->t->nhexes; h++)
        if ((__builtin_popcount(r->edges[h]) >= 2 || r->cities[h] || r->station[h]) &&
            eng_hex_distance(g->t, h, target) < best)
            best = eng_hex_distance(g->t, h, target);
    return best;
}

/* Whether a lay in hex h rebuilds track the company's runs use already: a tile laid there
 * that its track leads into (not a printed hex: a first tile there is new track). */
static bool rebuilds_its_track(const eng_game *g, const eng_reach *r, int h)
{
    return g->board->tile[h] != ENG_NONE && (r->edges[h] || r->cities[h]);
}

/* Whether the company's track enters hex h already. */
static bool enters(const eng_reach *r, int h)
{
    return r->edges[h] || r->cities[h] || r->station[h];
}

/* Whether track across side e of hex h goes on into the neighbour n: not an impassable side,
 * nor a side of n's track (printed or laid) that has none (London's printed city, say). */
static bool goes_on(const eng_game *g, int h, int e, int n)
{
    int rot, back = (e + 3) % 6;
    const eng_track *tr = eng_board_track(g->board, n, &rot);
    if ((g->t->hexes[h].blocked >> e) & 1u || (g->t->hexes[n].blocked >> back) & 1u)
        return false;
    return tr->npaths == 0 || (eng_track_edges(tr, rot) >> back) & 1u;
}

/* The distance to target of the new hexes track in hex h leads into across `edges` (the
 * neighbour's + 1; a side into a hex its track enters already is no step: a loop; nor one
 * track cannot go on across); 1000: none. */
static int leads_to(const eng_game *g, const eng_reach *r, int h, unsigned edges, int target)
{
    int best = 1000;
    for (int e = 0; e < 6; e++) {
        int n = eng_neighbor(g->t, h, e);
        if ((edges & (1u << e)) && n >= 0 && !enters(r, n) && goes_on(g, h, e, n) &&
            eng_hex_distance(g->t, n, target) + 1 < best)
            best = eng_hex_distance(g->t, n, target) + 1;
    }
    return best;
}

/* How near a lay leads to target: 0 on it, else as leads_to (never below its hex's distance). */
static int lead_distance(const eng_game *g, const eng_reach *r, const eng_action *a, int target)
{
    if (a->hex == target)
        return 0;
    return leads_to(g, r, a->hex, eng_track_edges(&g->t->tiles[a->tile].track, a->rot), target);
}

/* How near the company's track leads to target now: its open ends measured as leads_to; a
 * station's hex as a tile without track (its distance + 2). A lay helps when below this. */
static int track_distance(const eng_game *g, const eng_reach *r, int target)
{
    int best = 1000;
    for (int h = 0; target >= 0 && h < g->t->nhexes; h++) {
        int d = leads_to(g, r, h, r->edges[h], target);
        best = d < best ? d : best;
        if (r->station[h] && eng_hex_distance(g->t, h, target) + 2 < best)
            best = eng_hex_distance(g->t, h, target) + 2;
    }
    return best;
}

/* The legal lay whose track leads nearest to target (lead_distance: the rotation pointing at
 * it through new hexes, not any on a near hex; distance only: no run is computed). A lay
 * rebuilding the company's own track that leads no nearer than `rebuild_below` is not one
 * (1000: any is). */
static void towards(turn_ctx *x, const eng_reach *reach, int target, int rebuild_below,
                    struct choice *next)
{
    eng_game *g = x->g;
    int best_d = 1000;
    eng_lay_option opts[64];
    for (int h = 0; h < g->t->nhexes; h++) {
        int d = eng_hex_distance(g->t, h, target);
        if (!within_reach(g, reach, h) || d >= best_d)
            continue;
        int n = eng_lay_options(g->board, ENG_NONE, h, eng_lay_colors(g), opts,
                                64);
        for (int i = 0; i < n && d < best_d; i++) {
            eng_action a = {.kind = ENG_ACT_LAY_TILE, .player = g->current, .hex = h,
                            .tile = opts[i].tile, .rot = opts[i].rot};
            int lay_d = lead_distance(g, reach, &a, target);
            if (lay_d >= best_d || (lay_d >= rebuild_below && rebuilds_its_track(g, reach, h)))
                continue;
            eng_game *copy = eng_game_copy(g);
            if (eng_apply_logged(copy, &a, NULL, 0) == 0) { /* (a copy thrown away) */
                *next = (struct choice){.a = a, .found = true, .distance = lay_d, .target = target};
                best_d = lay_d;
            }
            eng_game_free(copy);
        }
    }
}

void turn_fallback_tile(turn_ctx *x, int company, const char *goal_name, bool automatic)
{
    eng_game *g = x->g;
    if (eng_lays_left(g) == 0)
        return;
    int goal = turn_place_hex(g->t, goal_name);
    struct choice best = {0}, next = {0};
    eng_lay_option opts[64];
    eng_reach reach;
    eng_reach_compute(g->board, company, &reach);
    struct candidates cands = {0}; /* without a goal: every lay, tried at once below */
    for (int h = 0; h < g->t->nhexes; h++) {
        if (!within_reach(g, &reach, h))
            continue;
        if (goal >= 0 && best.found && eng_hex_distance(g->t, h, goal) > best.distance)
            continue; /* cannot beat what is found (a lay's distance is at least its hex's) */
        int n = eng_lay_options(g->board, ENG_NONE, h, eng_lay_colors(g), opts,
                                64);
        for (int i = 0; i < n; i++) {
            eng_action a = {.kind = ENG_ACT_LAY_TILE, .player = g->current, .hex = h,
                            .tile = opts[i].tile, .rot = opts[i].rot};
            offer(x, company, goal, &a, &best, &cands);
        }
    }
    choose_among(x, company, cands.v, cands.n, &best);
    free(cands.v);
    int dest = goal < 0 ? destination_target(g, company) : -1;
    if (dest >= 0) /* a lay nearer the destination than its track is now, else as without one */
        towards(x, &reach, dest, 1000, &next);
    next.destination = next.found && next.distance < reached_distance(g, &reach, dest);
    if (!next.destination)
        next = (struct choice){0};
    int places[3], nplaces = goal < 0 && !next.destination &&
                                     !(best.found && best.revenue > income_now(x, company))
                                 ? unreached_places(g, &reach, company, places, 3)
                                 : 0;
    /* the nearest place its track can come nearer to (its own track rebuilt to lead no nearer
     * is no step: THB's loop of three tiles around Hamilton was rebuilt, then nothing) */
    for (int k = 0; k < nplaces && !next.found; k++)
        towards(x, &reach, places[k], track_distance(g, &reach, places[k]), &next);
    eng_reach_free(&reach);
    decide(x, company, goal, &best, &next, "tile", automatic);
}

void turn_fallback_station(turn_ctx *x, int company, const char *goal_name, bool automatic)
{
    eng_game *g = x->g;
    if (g->co[company].token_placed || !eng_is_major(g, company))
        return;
    int goal = turn_place_hex(g->t, goal_name);
    struct choice best = {0};
    eng_reach reach;
    eng_reach_compute(g->board, company, &reach);
    struct candidates cands = {0};
    for (int h = 0; h < g->t->nhexes; h++) {
        if (!reach.cities[h] && !g->opt.permissive_routes)
            continue; /* a station needs a city the company reaches */
        const eng_track *tr = eng_board_track(g->board, h, NULL);
        for (int city = 0; city < tr->ncities; city++) {
            eng_action a = {.kind = ENG_ACT_TOKEN, .player = g->current, .hex = h, .city = city};
            offer(x, company, goal, &a, &best, &cands);
        }
    }
    choose_among(x, company, cands.v, cands.n, &best);
    free(cands.v);
    eng_reach_free(&reach);
    decide(x, company, goal, &best, NULL, "station", automatic);
}
