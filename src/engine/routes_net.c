/* routes_net: the board as a graph for a company's runs (see routes.c) — every track path of
 * every hex a segment between two nodes of its hex, joined across map edges where track meets;
 * the stops and their values; the fewest stops from each node to a station; and the legs, every
 * stretch of track from a stop to the next stop, worked out once for the walks. */
#include "engine/privates.h"
#include "engine/routes_internal.h"
#include "util/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define MAX_NAMES 32

struct names {
    int n;
    char v[MAX_NAMES][ENG_ID];
};

static int intern(struct names *names, const char *s)
{
    if (!*s)
        return -1;
    for (int i = 0; i < names->n; i++)
        if (strcmp(names->v[i], s) == 0)
            return i;
    if (names->n == MAX_NAMES)
        return -1;
    snprintf(names->v[names->n], ENG_ID, "%s", s);
    return names->n++;
}

/* ---- the graph ---- */

struct raw {
    int n, cap;
    struct { int from; struct link l; } *v;
};

static void raw_add(struct raw *r, int from, int to, int seg, int toll, bool reusable)
{
    if (r->n == r->cap)
        r->v = xrealloc(r->v, (size_t)(r->cap = r->cap ? 2 * r->cap : 256) * sizeof *r->v);
    r->v[r->n].from = from;
    r->v[r->n++].l = (struct link){to, seg, toll, reusable};
}

static bool has_token(const eng_board *b, int hex, int city, int company)
{
    for (int s = 0; s < ENG_MAX_SLOTS; s++)
        if (b->tokens[hex][city][s] == company)
            return true;
    return false;
}

static void mark_stops(struct net *net, const eng_game *g, int company, int h, struct names *groups,
                       struct names *ovals)
{
    const eng_board *b = g->board;
    const eng_track *tr = eng_board_track(b, h, NULL);
    const eng_hex *hex = &g->t->hexes[h];
    eng_color color = g->t->phases[g->phase].offboard_color; /* which value by phase applies */
    for (int c = 0; c < tr->ncities; c++) {
        struct node *n = &net->nodes[h * ENG_NODES_PER_HEX + ENG_NODE_CITY + c];
        const eng_city *city = &tr->cities[c];
        n->kind = STOP_CITY;
        net->stops[net->nstops++] = h * ENG_NODES_PER_HEX + ENG_NODE_CITY + c;
        n->value = city->by_phase ? city->revenue_by_phase[color] : city->revenue;
        n->group = intern(groups, city->group);
        n->oval = intern(ovals, city->oval);
        n->passable = !eng_city_blocks(b, h, c, company);
        n->own_bank = has_token(b, h, c, company);
        for (int k = 0; k < tr->ncities; k++)
            if (k == c || (city->oval[0] && strcmp(tr->cities[k].oval, city->oval) == 0))
                n->token |= has_token(b, h, k, company);
    }
    for (int k = 0; k < tr->ntowns; k++) {
        struct node *n = &net->nodes[h * ENG_NODES_PER_HEX + ENG_NODE_TOWN + k];
        n->kind = STOP_TOWN;
        net->stops[net->nstops++] = h * ENG_NODES_PER_HEX + ENG_NODE_TOWN + k;
        const eng_town *town = &tr->towns[k];
        n->value = town->by_phase ? town->revenue_by_phase[color] : town->revenue;
        n->group = n->oval = -1;
        n->passable = true;
    }
    if (hex->offboard) {
        struct node *n = &net->nodes[h * ENG_NODES_PER_HEX + ENG_NODE_OFFBOARD];
        n->kind = STOP_OFFBOARD;
        net->stops[net->nstops++] = h * ENG_NODES_PER_HEX + ENG_NODE_OFFBOARD;
        n->value = hex->offboard_revenue[color];
        n->group = intern(groups, hex->offboard_group);
        n->oval = -1;
        n->passable = hex->offboard_run_through; /* (else it ends a run) */
        n->dead = n->value == 0 && !hex->doubles_run; /* Elsass worth 0 leaves the graph */
    }
    for (int k = 0; hex->doubles_run && k < ENG_NODES_PER_HEX; k++)
        if (net->nodes[h * ENG_NODES_PER_HEX + k].kind != NOT_STOP) {
            net->nodes[h * ENG_NODES_PER_HEX + k].doubles = hex->doubles_run;
            net->nodes[h * ENG_NODES_PER_HEX + k].doubles_plus = hex->doubles_run_plus;
        }
    int bonus = eng_run_bonus(g, company, h); /* (1856's bridge, tunnel and port) */
    for (int k = 0; bonus && k < ENG_NODES_PER_HEX; k++)
        if (net->nodes[h * ENG_NODES_PER_HEX + k].kind != NOT_STOP)
            net->nodes[h * ENG_NODES_PER_HEX + k].value += bonus;
}

static void compute_to_token(struct net *net);
static void compute_legs(struct net *net);

void eng_routes_build_net(struct net *net, const eng_game *g, int company)
{
    eng_routes_build_net_as(net, g, company, NULL);
}

void eng_routes_build_net_as(struct net *net, const eng_game *g, int company,
                             const struct renumber *rn)
{
    const eng_title *t = g->t;
    memset(net, 0, sizeof *net);
    net->nnodes = t->nhexes * ENG_NODES_PER_HEX;
    net->nodes = xcalloc((size_t)net->nnodes, sizeof *net->nodes);
    struct names groups = {0}, ovals = {0};
    struct raw raw = {0};
    net->seg_first = xmalloc(((size_t)t->nhexes + 1) * sizeof *net->seg_first);
    net->stops = xmalloc((size_t)net->nnodes * sizeof *net->stops);
    int next = 0, most = 0; /* the next number; the numbers used */
    for (int h = 0; h < t->nhexes; h++) {
        int rot;
        const eng_track *tr = eng_board_track(g->board, h, &rot);
        bool moved = rn && rn->hex >= 0 && h == rn->hex;
        net->seg_first[h] = moved ? rn->at : next;
        mark_stops(net, g, company, h, &groups, &ovals);
        bool open = eng_may_enter(g, company, h); /* (a hex its right closes: no track) */
        for (int i = 0; i < tr->npaths; i++) {
            int a = h * ENG_NODES_PER_HEX + eng_end_node(&tr->paths[i].a, rot);
            int c = h * ENG_NODES_PER_HEX + eng_end_node(&tr->paths[i].b, rot);
            int toll = tr->paths[i].toll;
            bool gm_ferry = toll > 0 && !g->opt.rules.ferry_toll_when_crossing;
            int seg = moved ? rn->at + i : next++;
            most = seg + 1 > most ? seg + 1 : most;
            if (!open)
                continue;
            raw_add(&raw, a, c, seg, toll, gm_ferry);
            raw_add(&raw, c, a, seg, toll, gm_ferry);
            if (gm_ferry && net->nodes[a].oval >= 0 && net->nodes[c].oval >= 0)
                net->nodes[a].ferry_toll = net->nodes[c].ferry_toll = toll;
        }
        if (moved)
            next += rn->gone; /* its old numbers stay unused */
    }
    uint8_t *touched = xcalloc((size_t)net->nnodes, 1); /* track ends there */
    int *ends = xmalloc(((size_t)raw.n + 1) * sizeof *ends), nends = 0; /* those nodes */
    for (int i = 0; i < raw.n; i++)
        if (!touched[raw.v[i].from]) {
            touched[raw.v[i].from] = 1;
            ends[nends++] = raw.v[i].from;
        }
    for (int k = 0; k < nends; k++) { /* track meeting track across a map edge */
        int from = ends[k], h = from / ENG_NODES_PER_HEX, e = from % ENG_NODES_PER_HEX;
        if (e >= 6)
            continue;
        int n = eng_neighbor(t, h, e), back = (e + 3) % 6;
        if (n < 0 || (t->hexes[h].blocked & (1u << e)) || (t->hexes[n].blocked & (1u << back)))
            continue;
        int to = n * ENG_NODES_PER_HEX + back;
        if (touched[to])
            raw_add(&raw, from, to, -1, 0, false);
    }
    free(touched);
    /* the links of each node together (each in the order added; only track ends have any) */
    for (int i = 0; i < raw.n; i++)
        net->nodes[raw.v[i].from].nlinks++;
    for (int k = 0, at = 0; k < nends; k++) {
        struct node *n = &net->nodes[ends[k]];
        n->first = at;
        at += n->nlinks;
        n->nlinks = 0;
    }
    free(ends);
    net->links = xmalloc((size_t)(raw.n ? raw.n : 1) * sizeof *net->links);
    for (int i = 0; i < raw.n; i++) {
        struct node *n = &net->nodes[raw.v[i].from];
        net->links[n->first + n->nlinks++] = raw.v[i].l;
    }
    free(raw.v);
    net->nsegs = most;
    net->seg_first[t->nhexes] = net->nsegs;
    net->words = (net->nsegs + 63) / 64;
    if (rn && rn->words > net->words)
        net->words = rn->words;
    compute_to_token(net);
    compute_legs(net);
}

/* net->to_token by a breadth-first search from the company's stations outwards (a link is
 * track both ways): arriving at a stop counts it, and a run goes on only through a city it may
 * pass. The rules that only shorten what is possible (no node twice, groups, the sides of a map
 * edge) are left out, so the count never exceeds the truth. */
static bool blocked(const struct node *n)
{
    return n->kind != NOT_STOP && !n->passable;
}

/* dist, set at its sources (the nodes below ROUTES_FAR), spread outwards: arriving at a stop
 * counts it. A stop a run may not pass is not entered. A deque: 0-cost moves in front, 1-cost
 * at the back. */
static void spread_stops(const struct net *net, uint8_t *dist)
{
    int *queue = xmalloc((size_t)net->nnodes * 2 * sizeof *queue), head = net->nnodes,
        tail = net->nnodes;
    for (int x = 0; x < net->nnodes; x++)
        if (dist[x] < ROUTES_FAR)
            queue[tail++] = x;
    while (head < tail) {
        int u = queue[head++];
        const struct node *nu = &net->nodes[u];
        for (int i = nu->first; i < nu->first + nu->nlinks; i++) {
            int v = net->links[i].to;
            const struct node *nv = &net->nodes[v];
            if (nv->dead || blocked(nv))
                continue;
            int d = dist[u] + (nv->kind != NOT_STOP);
            if (d >= dist[v] || d >= ROUTES_FAR)
                continue;
            dist[v] = (uint8_t)d;
            if (nv->kind == NOT_STOP && head > 0)
                queue[--head] = v;
            else if (tail < 2 * net->nnodes)
                queue[tail++] = v;
        }
    }
    free(queue);
}

static void compute_to_token(struct net *net)
{
    net->to_token = xmalloc((size_t)net->nnodes);
    memset(net->to_token, ROUTES_FAR, (size_t)net->nnodes);
    for (int k = 0; k < net->nstops; k++)
        if (net->nodes[net->stops[k]].token && net->nodes[net->stops[k]].kind == STOP_CITY)
            net->to_token[net->stops[k]] = 1; /* the station's city itself counts */
    spread_stops(net, net->to_token);
}

void eng_routes_free_net(struct net *net)
{
    free(net->stops);
    free(net->seg_first);
    free(net->nodes);
    free(net->links);
    free(net->to_token);
    free(net->leg_first);
    free(net->nlegs);
    free(net->legs);
    free(net->mids);
    free(net->leg_segs);
}

/* ---- the legs between stops ---- */

static bool seg_used(const uint64_t *bits, int seg)
{
    return (bits[seg / 64] >> (seg % 64)) & 1u;
}

static void seg_flip(uint64_t *bits, int seg)
{
    bits[seg / 64] ^= (uint64_t)1 << (seg % 64);
}

struct leg_walk {
    struct net *net;
    int from;            /* the stop the legs leave */
    uint8_t *visited;
    uint64_t *used;      /* track of the leg so far */
    int path[4096], npath, toll;
};

static void leg_add(struct leg_walk *lw, int to, int before)
{
    struct net *net = lw->net;
    if (net->nleg == net->leg_cap) {
        net->leg_cap = net->leg_cap ? 2 * net->leg_cap : 256;
        net->legs = xrealloc(net->legs, (size_t)net->leg_cap * sizeof *net->legs);
        net->leg_segs = xrealloc(net->leg_segs, (size_t)net->leg_cap * (size_t)net->words *
                                                    sizeof *net->leg_segs);
    }
    while (net->nmid + lw->npath > net->mid_cap) {
        net->mid_cap = net->mid_cap ? 2 * net->mid_cap : 1024;
        net->mids = xrealloc(net->mids, (size_t)net->mid_cap * sizeof *net->mids);
    }
    struct leg *l = &net->legs[net->nleg];
    *l = (struct leg){lw->from, to, before, lw->toll, net->nmid, lw->npath};
    memcpy(net->mids + net->nmid, lw->path, (size_t)lw->npath * sizeof *lw->path);
    net->nmid += lw->npath;
    memcpy(net->leg_segs + (size_t)net->nleg * (size_t)net->words, lw->used,
           (size_t)net->words * sizeof *lw->used);
    net->nleg++;
}

/* Every way on from node through nodes that are not stops, as the walk of a run goes (a map
 * edge alternates between a hex's track and the crossing; no node or track twice), to a stop. */
static void leg_walk(struct leg_walk *lw, int node, bool crossed)
{
    const struct net *net = lw->net;
    const struct node *nd = &net->nodes[node];
    bool side = node % ENG_NODES_PER_HEX < 6;
    for (int i = nd->first; i < nd->first + nd->nlinks; i++) {
        const struct link *l = &net->links[i];
        bool crossing = l->seg < 0;
        if ((side && crossing == crossed) || lw->visited[l->to] || net->nodes[l->to].dead ||
            l->to == lw->from)
            continue;
        bool track = !crossing && !l->reusable;
        if (track && seg_used(lw->used, l->seg))
            continue;
        if (track)
            seg_flip(lw->used, l->seg);
        lw->toll += l->toll;
        if (net->nodes[l->to].kind != NOT_STOP) {
            leg_add(lw, l->to, node);
        } else if (lw->npath < (int)(sizeof lw->path / sizeof *lw->path)) {
            lw->visited[l->to] = 1;
            lw->path[lw->npath++] = l->to;
            leg_walk(lw, l->to, crossing);
            lw->npath--;
            lw->visited[l->to] = 0;
        }
        lw->toll -= l->toll;
        if (track)
            seg_flip(lw->used, l->seg);
    }
}

static void compute_legs(struct net *net)
{
    net->leg_first = xcalloc((size_t)net->nnodes, sizeof *net->leg_first);
    net->nlegs = xcalloc((size_t)net->nnodes, sizeof *net->nlegs);
    struct leg_walk *lw = xcalloc(1, sizeof *lw);
    lw->net = net;
    lw->visited = xcalloc((size_t)net->nnodes, 1);
    lw->used = xcalloc((size_t)(net->words ? net->words : 1), sizeof *lw->used);
    for (int k = 0; k < net->nstops; k++) {
        int s = net->stops[k];
        const struct node *n = &net->nodes[s];
        net->leg_first[s] = net->nleg;
        if (n->dead || n->nlinks == 0)
            continue;
        lw->from = s;
        leg_walk(lw, s, false);
        net->nlegs[s] = net->nleg - net->leg_first[s];
    }
    free(lw->visited);
    free(lw->used);
    free(lw);
}
