/* export_reach: a company's track as 18xx.games follows it (its graph: lib/engine/graph.rb,
 * part/node.rb and path.rb walk), for the questions 18xx.games asks before it offers a step
 * (may the company place a station?). Every simple walk from the company's stations: path by
 * path, arriving at a hex's edge it crosses to the neighbour (it does not leave along another
 * path of the same hex), never twice through a city, town, piece of track or hex side. The
 * engine's reach (eng_reach_compute) never turns back either, but it does not remember a walk's
 * whole way: a loop back through a city passed before and out along its first track still
 * counts there, never here, as in 18xx.games. Cities full of other companies' stations are
 * reached, not passed; off-boards end a walk. */
#include "xgames/export_internal.h"

#include "util/util.h"

#include <stdlib.h>

#define XG_REACH_BUDGET 400000 /* steps of the search: beyond, what is found so far */

/* The walks from the company's stations, each one simple — no city, town, piece of track or
 * hex side twice (lib/engine/part/node.rb and path.rb walk) — and every node they reach. */
struct walk {
    const eng_game *g;
    int company;
    uint32_t *seen;        /* per hex: bit node * 2 + dir, the answer */
    uint16_t *nodes_on;    /* per hex: the cities and towns (bit node) on the walk now */
    uint16_t *paths_on;    /* per hex: the paths on the walk now */
    uint8_t *sides_on;     /* per hex: the sides crossed by the walk now */
    long budget;
};

static void from_node(struct walk *w, int hex, int node);
static void along(struct walk *w, int hex, int i, int node);

/* Along each path of the hex that ends at the node. */
static void paths_from(struct walk *w, int hex, int node)
{
    int rot;
    const eng_track *tr = eng_board_track(w->g->board, hex, &rot);
    for (int i = 0; i < tr->npaths; i++)
        if (eng_end_node(&tr->paths[i].a, rot) == node ||
            eng_end_node(&tr->paths[i].b, rot) == node)
            along(w, hex, i, node);
}

/* Along path i of the hex from its end `node`, on to where it leads. */
static void along(struct walk *w, int hex, int i, int node)
{
    const eng_title *t = w->g->t;
    int rot;
    const eng_track *tr = eng_board_track(w->g->board, hex, &rot);
    int a = eng_end_node(&tr->paths[i].a, rot), b = eng_end_node(&tr->paths[i].b, rot);
    int to = a == node ? b : a;
    if ((w->paths_on[hex] & (1u << i)) || --w->budget < 0)
        return;
    w->paths_on[hex] |= (uint16_t)(1u << i);
    w->seen[hex] |= 1u << (to * 2);
    if (to < 6) {
        int n = eng_neighbor(t, hex, to), back = (to + 3) % 6;
        if (n >= 0 && !(t->hexes[hex].blocked & (1u << to)) && !(w->sides_on[hex] & (1u << to))) {
            w->sides_on[hex] |= (uint8_t)(1u << to);
            w->sides_on[n] |= (uint8_t)(1u << back);
            w->seen[n] |= 1u << (back * 2 + 1);
            paths_from(w, n, back);
            w->sides_on[hex] &= (uint8_t)~(1u << to);
            w->sides_on[n] &= (uint8_t)~(1u << back);
        }
    } else if (to != ENG_NODE_OFFBOARD &&
               !(to < ENG_NODE_TOWN && eng_city_blocks(w->g->board, hex, to - 8, w->company))) {
        from_node(w, hex, to);
    }
    w->paths_on[hex] &= (uint16_t)~(1u << i);
}

/* On from a city, town or junction along each of its paths, unless the walk has been there. */
static void from_node(struct walk *w, int hex, int node)
{
    if (w->nodes_on[hex] & (1u << node))
        return;
    w->nodes_on[hex] |= (uint16_t)(1u << node);
    paths_from(w, hex, node);
    w->nodes_on[hex] &= (uint16_t)~(1u << node);
}

uint32_t *xg_reach(const eng_game *g, int company)
{
    size_t nh = (size_t)g->t->nhexes;
    struct walk w = {g, company, xcalloc(nh, sizeof(uint32_t)), xcalloc(nh, sizeof(uint16_t)),
                     xcalloc(nh, sizeof(uint16_t)), xcalloc(nh, sizeof(uint8_t)),
                     XG_REACH_BUDGET};
    for (size_t h = 0; h < nh; h++)
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            for (int k = 0; k < ENG_MAX_SLOTS; k++)
                if (g->board->tokens[h][c][k] == company) {
                    w.seen[h] |= 1u << ((ENG_NODE_CITY + c) * 2);
                    from_node(&w, (int)h, ENG_NODE_CITY + c);
                }
    free(w.nodes_on);
    free(w.paths_on);
    free(w.sides_on);
    return w.seen;
}

unsigned xg_reached_edges(const eng_game *g, const uint32_t *seen, int hex)
{
    unsigned edges = 0;
    for (int e = 0; e < 6; e++) {
        int n = eng_neighbor(g->t, hex, e);
        if ((seen[hex] >> (e * 2)) & 3u || (n >= 0 && (seen[n] >> (((e + 3) % 6) * 2)) & 1u))
            edges |= 1u << e;
    }
    return edges;
}

bool xg_city_reached(const uint32_t *seen, int hex, int city)
{
    return city >= 0 && city < ENG_MAX_CITIES && (seen[hex] >> ((ENG_NODE_CITY + city) * 2)) & 1u;
}

bool xg_route_available(const eng_game *b, int c)
{
    if (b->co[c].ntrains == 0)
        return false;
    uint32_t *seen = xg_reach(b, c);
    int stops = 0;
    for (int h = 0; h < b->t->nhexes && stops < 2; h++)
        for (int node = ENG_NODE_CITY;
             node <= ENG_NODE_OFFBOARD && eng_board_track(b->board, h, NULL)->npaths > 0;
             node++) /* (a station in a city without track, 18GA's W&S in Waycross: no stop
                      * of a route) */
            stops += node != ENG_NODE_JUNCTION && ((seen[h] >> (node * 2)) & 1u);
    free(seen);
    return stops >= 2;
}
