/* export_routes: a run as 18xx.games' run_routes and dividend. pbemgm's run is its total (the
 * best the engine finds, eng_best_run, for the company's trains at that moment); 18xx.games
 * wants each train's route: the train's copy, the hexes of its stops, the hexes between each
 * two stops ("connections", each from the later stop back to the earlier, as its files have
 * them) and the route's revenue, which it takes as given (lib/engine/route.rb `revenue`): the
 * routes' revenues are made to sum to the revenue declared. The hexes between two stops are
 * found by following the track (a walk through edges and junctions, not through other stops),
 * track the company's other trains use avoided where it can be. The dividend follows, but for
 * a minor's run (it splits its revenue without a choice). */
#include "xgames/export_internal.h"

#include "engine/routes.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XG_MAX_RUN_HEXES 128

/* The walk of one train's run, leg after leg, back when a leg's way leaves none for a later
 * one. */
struct walk {
    const eng_game *g;
    const eng_train_run *run;
    bool *used;           /* per hex * ENG_MAX_PATHS: a piece of track this train has taken */
    const bool *avoid;    /* ... the company's other trains took (NULL: none) */
    int leg;              /* the leg walked: from stop leg to stop leg + 1 */
    int n;
    int hexes[XG_MAX_RUN_HEXES];
    int leg_start[ENG_MAX_RUN_STOPS]; /* where each leg's hexes begin in hexes[] */
};

static bool walk_from(struct walk *w, int hex, int node);

/* The leg just arrived: the next one walked, or the run done. */
static bool next_leg(struct walk *w)
{
    if (w->leg + 2 >= w->run->nstops)
        return true;
    int from = w->run->stops[++w->leg];
    w->leg_start[w->leg] = w->n;
    w->hexes[w->n++] = from / ENG_NODES_PER_HEX;
    if (walk_from(w, from / ENG_NODES_PER_HEX, from % ENG_NODES_PER_HEX))
        return true;
    w->n--;
    w->leg--;
    return false;
}

/* Onwards from `node` of `hex` along path i, if it starts there. */
static bool take_path(struct walk *w, int hex, int node, const eng_track *tr, int rot, int i)
{
    int a = eng_end_node(&tr->paths[i].a, rot), b = eng_end_node(&tr->paths[i].b, rot);
    int slot = hex * ENG_MAX_PATHS + i, to = w->run->stops[w->leg + 1];
    if ((a != node && b != node) || w->used[slot] || (w->avoid && w->avoid[slot]))
        return false;
    int other = a == node ? b : a;
    w->used[slot] = true;
    bool found = false;
    if (hex == to / ENG_NODES_PER_HEX && other == to % ENG_NODES_PER_HEX) {
        found = next_leg(w);
    } else if (other < 6) {
        int next = eng_neighbor(w->g->t, hex, other);
        if (next >= 0 && w->n < XG_MAX_RUN_HEXES) {
            w->hexes[w->n++] = next;
            found = walk_from(w, next, (other + 3) % 6);
            if (!found)
                w->n--;
        }
    } else if (other == ENG_NODE_JUNCTION) {
        found = walk_from(w, hex, other);
    }
    if (!found)
        w->used[slot] = false;
    return found;
}

static bool walk_from(struct walk *w, int hex, int node)
{
    int rot;
    const eng_track *tr = eng_board_track(w->g->board, hex, &rot);
    for (int i = 0; i < tr->npaths; i++)
        if (take_path(w, hex, node, tr, rot, i))
            return true;
    return false;
}

/* The walk of the run (its legs' hexes in w->hexes), avoiding `avoid`; false when none. */
static bool walk_run(struct walk *w, const eng_game *g, const eng_train_run *r, bool *used,
                     const bool *avoid)
{
    *w = (struct walk){.g = g, .run = r, .used = used, .avoid = avoid, .n = 1};
    w->hexes[0] = r->stops[0] / ENG_NODES_PER_HEX;
    return walk_from(w, w->hexes[0], r->stops[0] % ENG_NODES_PER_HEX);
}

/* The train's connections: each leg's hexes from its later stop back to its earlier one; its
 * track added to taken (the company's trains so far). NULL when the run has no way on the
 * map. */
static cJSON *connections(const eng_game *g, const eng_train_run *r, bool *taken)
{
    size_t n = (size_t)g->t->nhexes * ENG_MAX_PATHS;
    bool *used = xcalloc(n, sizeof *used);
    struct walk w;
    bool found = walk_run(&w, g, r, used, taken);
    if (!found) {
        memset(used, 0, n * sizeof *used);
        found = walk_run(&w, g, r, used, NULL);
    }
    cJSON *all = found ? cJSON_CreateArray() : NULL;
    for (int leg = 0; found && leg + 1 < r->nstops; leg++) {
        int from = w.leg_start[leg], end = leg + 2 < r->nstops ? w.leg_start[leg + 1] : w.n;
        cJSON *chain = cJSON_CreateArray();
        for (int i = end - 1; i >= from; i--)
            cJSON_AddItemToArray(chain, cJSON_CreateString(g->t->hexes[w.hexes[i]].id));
        cJSON_AddItemToArray(all, chain);
    }
    for (size_t i = 0; found && i < n; i++)
        taken[i] |= used[i];
    free(used);
    return all;
}

static cJSON *route(xg_writer *x, const eng_train_run *r, xg_train tr, int revenue, bool *taken)
{
    cJSON *conn = connections(x->before, r, taken);
    if (!conn)
        return NULL;
    cJSON *o = cJSON_CreateObject();
    char id[ENG_ID + 16], text[ENG_MAX_RUN_STOPS * (ENG_ID + 1) + 1] = "";
    xg_train_id(x->t, tr, id, sizeof id);
    cJSON_AddStringToObject(o, "train", id);
    cJSON_AddItemToObject(o, "connections", conn);
    cJSON *hexes = cJSON_AddArrayToObject(o, "hexes");
    for (int s = 0; s < r->nstops; s++) {
        const char *hex = x->t->hexes[r->stops[s] / ENG_NODES_PER_HEX].id;
        cJSON_AddItemToArray(hexes, cJSON_CreateString(hex));
        size_t at = strlen(text);
        snprintf(text + at, sizeof text - at, "%s%s", s ? "-" : "", hex);
    }
    cJSON_AddNumberToObject(o, "revenue", revenue);
    cJSON_AddStringToObject(o, "revenue_str", text);
    return o;
}

/* The company's copy of a train of this type not given a route yet. */
static int unused_copy(const xg_writer *x, int c, int type, const bool *given)
{
    for (int k = 0; k < x->nheld[c]; k++)
        if (x->held[c][k].type == type && !given[k])
            return k;
    return -1;
}

/* Each run's revenue, the declared total's difference from the runs' put on the first ones
 * (never below zero). */
static void share_out(const eng_run *run, int revenue, int *out)
{
    int diff = revenue - run->total;
    for (int i = 0; i < run->ntrains; i++) {
        out[i] = run->trains[i].revenue;
        int change = diff < -out[i] ? -out[i] : diff;
        if (run->trains[i].nstops >= 2 && (out[i] > 0 || diff > 0)) {
            out[i] += change;
            diff -= change;
        }
    }
}

static cJSON *routes(xg_writer *x, int c, int revenue)
{
    eng_run run;
    eng_best_run(x->before, c, &run);
    int rev[ENG_MAX_TRAINS];
    share_out(&run, revenue, rev);
    bool given[ENG_MAX_TRAINS] = {0};
    bool *taken = xcalloc((size_t)x->t->nhexes * ENG_MAX_PATHS, sizeof *taken);
    cJSON *all = cJSON_CreateArray();
    for (int i = 0; i < run.ntrains && all; i++) {
        const eng_train_run *r = &run.trains[i];
        int k = unused_copy(x, c, r->train, given);
        if (r->nstops < 2 || rev[i] <= 0 || k < 0)
            continue;
        given[k] = true;
        cJSON *o = route(x, r, x->held[c][k], rev[i], taken);
        if (o) {
            cJSON_AddItemToArray(all, o);
        } else {
            cJSON_Delete(all);
            all = NULL;
        }
    }
    free(taken);
    return all;
}

int xg_write_run(xg_writer *x, int company, int revenue, bool payout)
{
    cJSON *all = routes(x, company, revenue);
    if (!all || cJSON_GetArraySize(all) == 0) {
        cJSON_Delete(all);
        snprintf(x->why, x->len, "a run of %d whose routes cannot be drawn on the map", revenue);
        return -1;
    }
    cJSON_AddItemToObject(xg_company_action(x, "run_routes", company), "routes", all);
    if (x->t->companies[company].kind != ENG_MINOR) /* (a minor has no choice: half to its
                                                      * owner, half kept, in pbemgm as in
                                                      * 18xx.games, step/minor_half_pay.rb,
                                                      * which asks for no dividend) */
        cJSON_AddStringToObject(xg_company_action(x, "dividend", company), "kind",
                                payout ? "payout" : "withhold");
    return 0;
}
