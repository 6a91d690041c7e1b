/* import_runs: a file's run_routes checked by pbemgm's rules before its revenue is paid — each
 * route a run the company may make with that train (its stops the route's "hexes", a hex with
 * several stops tried each way), earning what the file says it earns, the routes together
 * sharing no track (each route read each way it may be, until the routes together fit). 18xx.games trusts the revenue a file writes; pbemgm does not. */
#include "engine/routes.h"
#include "xgames/import_internal.h"

#include <stdio.h>
#include <string.h>

#define MOST_TRIES 64 /* ways of reading one route's stops (a hex with two cities: two) */

/* The stops of hex h: its cities' and towns' nodes as it is now, or its off-board's. */
static int stops_of_hex(const eng_game *g, int h, int *nodes)
{
    int rot, n = 0;
    const eng_track *tr = eng_board_track(g->board, h, &rot);
    for (int c = 0; tr && c < tr->ncities; c++)
        nodes[n++] = h * ENG_NODES_PER_HEX + ENG_NODE_CITY + c;
    for (int k = 0; tr && k < tr->ntowns; k++)
        nodes[n++] = h * ENG_NODES_PER_HEX + ENG_NODE_TOWN + k;
    if (g->t->hexes[h].offboard)
        nodes[n++] = h * ENG_NODES_PER_HEX + ENG_NODE_OFFBOARD;
    return n;
}

/* Way `way` of reading the route's hexes as stops into run (each hex's choice a digit of way
 * in the base of its number of stops); false past the last way or at a hex without a stop. */
static bool stops_way(const eng_game *g, const cJSON *hexes, int way, eng_train_run *run)
{
    run->nstops = 0;
    const cJSON *h;
    cJSON_ArrayForEach(h, hexes)
    {
        int nodes[ENG_MAX_CITIES + ENG_MAX_TOWNS + 1];
        int hex = cJSON_IsString(h) ? eng_hex_index(g->t, h->valuestring) : -1;
        int n = hex >= 0 ? stops_of_hex(g, hex, nodes) : 0;
        if (n == 0 || run->nstops == ENG_MAX_RUN_STOPS)
            return false;
        run->stops[run->nstops++] = nodes[way % n];
        way /= n;
    }
    return way == 0;
}

#define MOST_WAYS 8 /* ways of one route kept, each a run earning what the file says */

/* Route i of the file read into ways: each way of its stops that is a run the company may make
 * earning what the file says (its "revenue"; any, when it gives none); *n of them. */
static int route_ways(xg_importer *x, int c, int i, const cJSON *route, eng_train_run *ways,
                      int *n)
{
    const cJSON *hexes = cJSON_GetObjectItemCaseSensitive(route, "hexes");
    const char *train = xg_str(route, "train");
    eng_train_run run = {.train = train ? xg_train_type(x, train) : -1};
    if (run.train < 0 || !cJSON_IsArray(hexes))
        return xg_refuse(x, "route %d: no train of the company, or no hexes", i + 1);
    int said = xg_int(route, "revenue", -1), earned = -1, other = -1;
    char why[256] = "";
    *n = 0;
    for (int way = 0; way < MOST_TRIES && *n < MOST_WAYS && stops_way(x->g, hexes, way, &run);
         way++) {
        earned = eng_check_runs(x->g, c, &run, 1, why, sizeof why);
        if (earned >= 0 && (said < 0 || earned == said)) {
            run.revenue = earned;
            ways[(*n)++] = run;
        } else if (earned >= 0) {
            other = earned;
        }
    }
    if (*n > 0)
        return 0;
    if (other >= 0)
        return xg_refuse(x, "route %d earns %d by pbemgm's rules, not %d", i + 1, other, said);
    return xg_refuse(x, "route %d: %s", i + 1, why[0] ? why : "its hexes are not a run's stops");
}

/* The routes from k on read each one of its ways (runs[0..k) chosen) such that all together
 * are runs the company may make at once: their total, or -1 with why (the last tried). */
static int runs_together(const eng_game *g, int c, eng_train_run (*ways)[MOST_WAYS],
                         const int *nways, eng_train_run *runs, int k, int n, char *why,
                         size_t len)
{
    if (k == n)
        return eng_check_runs(g, c, runs, n, why, len);
    for (int w = 0; w < nways[k]; w++) {
        runs[k] = ways[k][w];
        int total = runs_together(g, c, ways, nways, runs, k + 1, n, why, len);
        if (total >= 0)
            return total;
    }
    return -1;
}

int xg_check_routes(xg_importer *x, int c, const cJSON *a, int *revenue)
{
    const cJSON *routes = cJSON_GetObjectItemCaseSensitive(a, "routes");
    if (!cJSON_IsArray(routes))
        return xg_refuse(x, "a run without its routes");
    int n = cJSON_GetArraySize(routes);
    if (n > ENG_MAX_TRAINS)
        return xg_refuse(x, "%d routes: more than a company's trains", n);
    eng_train_run ways[ENG_MAX_TRAINS][MOST_WAYS], runs[ENG_MAX_TRAINS];
    int nways[ENG_MAX_TRAINS];
    for (int i = 0; i < n; i++)
        if (route_ways(x, c, i, cJSON_GetArrayItem(routes, i), ways[i], &nways[i]))
            return -1;
    char why[256] = "";
    *revenue = n ? runs_together(x->g, c, ways, nways, runs, 0, n, why, sizeof why) : 0;
    return *revenue < 0 ? xg_refuse(x, "the routes together: %s", why) : 0;
}
