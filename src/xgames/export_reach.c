/* export_reach: a company's track as 18xx.games follows it (its graph: lib/engine/graph.rb),
 * for the questions 18xx.games asks before it offers a step (may the company place a station?).
 * A walk goes path by path and never turns back: arriving at a hex's edge along one path it
 * crosses to the neighbour (it does not leave along another path of the same hex), and it goes
 * on through a city, town or junction along another path than the one it came by. The engine's
 * reach (eng_reach_compute) turns back at edges — a switch like tile 25 or 70 then reaches a
 * third edge — so it is not used here. Cities full of other companies' stations are reached,
 * not passed; off-boards end a walk. */
#include "xgames/export_internal.h"

#include "util/util.h"

#include <stdlib.h>

struct walk {
    const eng_game *g;
    int company;
    uint32_t *seen;    /* per hex: bit node * 2 + dir, the answer */
    uint32_t *taken;   /* per hex: bit path * 2 + way, each path walked each way once */
    int *queue, tail;
};

/* Path i of the hex walked from its end `from` (way 0: a to b, 1: b to a). */
static void walk_path(struct walk *w, int hex, int i, int way)
{
    uint32_t bit = 1u << (i * 2 + way);
    if (w->taken[hex] & bit)
        return;
    w->taken[hex] |= bit;
    w->queue[w->tail++] = hex * 64 + i * 2 + way;
}

/* Every path of the hex from its node `node` but path `except` (the one arrived by). */
static void paths_from(struct walk *w, int hex, int node, int except)
{
    int rot;
    const eng_track *tr = eng_board_track(w->g->board, hex, &rot);
    for (int i = 0; i < tr->npaths; i++) {
        if (i == except)
            continue;
        if (eng_end_node(&tr->paths[i].a, rot) == node)
            walk_path(w, hex, i, 0);
        else if (eng_end_node(&tr->paths[i].b, rot) == node)
            walk_path(w, hex, i, 1);
    }
}

/* The end of a path walked reached: across the edge to the neighbour, or on through the city,
 * town or junction (not back along the same path), unless it is full or an off-board. */
static void arrive(struct walk *w, int hex, int i, int way)
{
    const eng_title *t = w->g->t;
    int rot;
    const eng_track *tr = eng_board_track(w->g->board, hex, &rot);
    int node = eng_end_node(way ? &tr->paths[i].a : &tr->paths[i].b, rot);
    w->seen[hex] |= 1u << (node * 2);
    if (node < 6) {
        int n = eng_neighbor(t, hex, node);
        if (n >= 0 && !(t->hexes[hex].blocked & (1u << node))) {
            int back = (node + 3) % 6;
            w->seen[n] |= 1u << (back * 2 + 1);
            paths_from(w, n, back, -1);
        }
    } else if (node != ENG_NODE_OFFBOARD &&
               !(node < ENG_NODE_TOWN && eng_city_blocks(w->g->board, hex, node - 8, w->company))) {
        paths_from(w, hex, node, i);
    }
}

uint32_t *xg_reach(const eng_game *g, int company)
{
    int nh = g->t->nhexes;
    struct walk w = {g, company, xcalloc((size_t)nh, sizeof(uint32_t)),
                     xcalloc((size_t)nh, sizeof(uint32_t)),
                     xmalloc((size_t)nh * 2 * ENG_MAX_PATHS * sizeof(int)), 0};
    for (int h = 0; h < nh; h++)
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            for (int k = 0; k < ENG_MAX_SLOTS; k++)
                if (g->board->tokens[h][c][k] == company) {
                    w.seen[h] |= 1u << ((ENG_NODE_CITY + c) * 2);
                    paths_from(&w, h, ENG_NODE_CITY + c, -1);
                }
    for (int head = 0; head < w.tail; head++)
        arrive(&w, w.queue[head] / 64, w.queue[head] % 64 / 2, w.queue[head] % 2);
    free(w.queue);
    free(w.taken);
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
