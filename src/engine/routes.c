/* routes: the best run of a company's trains (see routes.h for the rules).
 *
 * The board becomes a graph: every track path of every hex is a segment between two nodes of
 * its hex (a map edge, a city, a town, the junction, the off-board), and a node on a map edge is
 * joined to the node on the neighbour's side when track meets there. A run alternates at a map
 * edge between a hex's path and the crossing (it never turns back at an edge). First every
 * single-train run is listed for each kind of train the company has (a depth-first walk from
 * every stop); then one run per train is chosen, no two sharing a segment. The optimizer sorts
 * each train's runs by value and stops a branch as soon as what it holds plus the best run of
 * every train still to choose cannot beat the best total found; it treats trains of one type as
 * interchangeable. The exhaustive baseline tries every combination. */
#include "engine/routes.h"
#include "util/util.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NOT_STOP, STOP_CITY, STOP_TOWN, STOP_OFFBOARD };
#define MAX_NAMES 32

struct link {
    int to;
    int seg;        /* a path of the hex, or -1: the crossing to the neighbouring hex */
    int toll;
    bool reusable;  /* a ferry inside a city oval, which every train may use (house rule 3) */
};

struct node {
    int first, nlinks;
    uint8_t kind;
    bool passable;  /* a run may go on through it */
    bool token;     /* the company has a station here (or in its oval) */
    bool own_bank;  /* ... here itself, not across the oval's ferry */
    int ferry_toll; /* an oval city: the toll of the ferry to its twin, paid by a run of a
                     * company whose station is across it that starts or ends here (house
                     * rule 3: its station is on the other bank); 0 with HamburgFerry=Rails */
    bool dead;      /* an off-board worth nothing now: not on the map */
    int value;
    int group;      /* once per train (Berlin, Elsass, Oberschlesien), or -1 */
    int oval;       /* cities of one oval count once (Hamburg's banks), or -1 */
};

struct net {
    int nnodes, nsegs, words;
    int *stops, nstops;   /* the nodes that are stops, in order (the walks start only there) */
    int *seg_first;       /* per hex: its first segment (its track's paths, numbered in hex
                           * order); seg_first[nhexes] = nsegs */
    struct node *nodes;
    struct link *links;
    /* The legs: from each stop, every stretch of track through no other stop to the next stop
     * (the walk's steps between stops, worked out once): per stop the range
     * [leg_first, leg_first + nlegs) of legs[]. */
    int *leg_first, *nlegs;
    int nleg, leg_cap;
    struct leg *legs;
    int *mids;            /* the nodes between the two stops of each leg, in order */
    int nmid, mid_cap;
    uint64_t *leg_segs;   /* each leg's track, words bits a leg */
    uint8_t *to_token; /* per node: the fewest stops a run arriving there still counts to reach
                        * a city with the company's station (that city included; 0 at one of
                        * its own, ROUTES_FAR when none can be reached): a lower bound, so a
                        * walk without a station yet that cannot make it stops */
};

#define ROUTES_FAR 255

struct leg {
    int from;        /* the stop it leaves */
    int to;          /* the stop it arrives at */
    int before;      /* the node it arrives from (the stop it left when there is none between) */
    int toll;
    int mid, nmid;   /* its nodes between the stops: mids[mid .. mid + nmid) */
};

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
        n->dead = n->value == 0; /* Elsass worth 0 leaves the graph */
    }
}

static void compute_to_token(struct net *net);
static void compute_legs(struct net *net);

/* A board changed in one hex, numbered like the board before: the other hexes' track keeps
 * its numbers, the changed hex's comes after all of the board before's (numbers from `at`),
 * its old numbers left unused. */
struct renumber {
    int hex, at;   /* (hex -1: the board before itself, numbered as always) */
    int gone;      /* the changed hex's paths before */
    int words;     /* the words of every run's track: at least the board's own */
};

static void build_net_as(struct net *net, const eng_game *g, int company,
                         const struct renumber *rn);

static void build_net(struct net *net, const eng_game *g, int company)
{
    build_net_as(net, g, company, NULL);
}

static void build_net_as(struct net *net, const eng_game *g, int company,
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

static void free_net(struct net *net)
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

/* ---- single-train runs ---- */

struct route {
    int value;
    int nstops;
    uint16_t stops[ENG_MAX_RUN_STOPS]; /* (a node's number: below 65536, see list_runs) */
};

/* A list of runs: run r's track is pool[r * words .. (r + 1) * words), so that reading the
 * runs in order reads both arrays in order. */
struct routes {
    int n, cap, words;
    struct route *v;
    uint64_t *pool;
};

static uint64_t *track_of(const struct routes *l, int r)
{
    return l->pool + (size_t)r * (size_t)l->words;
}

/* A listing that has found this many runs, with starts left, is shared with a second thread. */
#define HELP_FROM_RUNS 1024
static int help_from = HELP_FROM_RUNS;

/* The runs as the walk finds them: in chunks of a fixed size, so that a long list grows
 * without copying what it holds (made one list, in order or by value, once it is complete). */
#define CHUNK_RUNS 4096

struct found {
    int n, nchunks, words;
    struct routes *chunks;      /* each CHUNK_RUNS long */
};

static struct routes *found_slot(struct found *f)
{
    if (f->n == f->nchunks * CHUNK_RUNS) {
        f->chunks = xrealloc(f->chunks, (size_t)(f->nchunks + 1) * sizeof *f->chunks);
        f->chunks[f->nchunks++] = (struct routes){
            0, CHUNK_RUNS, f->words, xmalloc(CHUNK_RUNS * sizeof(struct route)),
            xmalloc(CHUNK_RUNS * (size_t)f->words * sizeof(uint64_t))};
    }
    return &f->chunks[f->n / CHUNK_RUNS];
}

struct walker {
    const struct net *net;
    const eng_train *train;
    uint64_t *used;
    uint8_t *visited;
    int stops[ENG_MAX_RUN_STOPS];
    int nstops, ncities, ntowns, value, tolls, tokens;
    unsigned groups, ovals;
    struct found *out;
};

/* House rule 3: a run that starts or ends in Hamburg on the bank across the Elbe from the
 * company's station uses the ferry to reach it. */
static int endpoint_toll(const struct walker *w, int node)
{
    const struct node *n = &w->net->nodes[node];
    return n->token && !n->own_bank ? n->ferry_toll : 0;
}

static void record(struct walker *w)
{
    int value = w->value - w->tolls - endpoint_toll(w, w->stops[0]) -
                endpoint_toll(w, w->stops[w->nstops - 1]);
    if (value <= 0)
        return;
    struct routes *chunk = found_slot(w->out);
    struct route *rt = &chunk->v[chunk->n];
    rt->value = value;
    rt->nstops = w->nstops;
    for (int k = 0; k < w->nstops; k++)
        rt->stops[k] = (uint16_t)w->stops[k];
    memcpy(track_of(chunk, chunk->n), w->used, (size_t)chunk->words * sizeof *w->used);
    chunk->n++;
    w->out->n++;
}

static void walk_from(struct walker *w, int node);

/* Whether the train may count one more stop of this kind. */
static bool room_for(const struct walker *w, bool town)
{
    if (w->nstops == ENG_MAX_RUN_STOPS)
        return false;
    if (w->train->plus)
        return town ? w->ntowns < w->train->towns : w->ncities < w->train->cities;
    return w->ncities + w->ntowns < w->train->cities;
}

static void count_stop(struct walker *w, int node, int sign)
{
    const struct node *n = &w->net->nodes[node];
    bool town = n->kind == STOP_TOWN;
    if (sign > 0)
        w->stops[w->nstops++] = node;
    else
        w->nstops--;
    w->ncities += town ? 0 : sign;
    w->ntowns += town ? sign : 0;
    w->value += sign * n->value;
    w->tokens += sign * n->token;
    if (n->group >= 0)
        w->groups ^= 1u << n->group;
    if (n->oval >= 0)
        w->ovals ^= 1u << n->oval;
}

/* Arrived at a stop: count it (the second city of an oval, reached over the ferry straight from
 * the first, is the same stop), perhaps end the run here, perhaps go on through it. */
/* Whether a run arriving at this stop from node `from` reaches its oval's second city, which
 * counts as the same stop: only straight from the first, over the ferry (*fits false when
 * not so). */
static bool at_twin(const struct walker *w, int from, int node, bool *fits)
{
    const struct node *n = &w->net->nodes[node];
    if (n->oval < 0 || !(w->ovals & (1u << n->oval)))
        return false;
    *fits = from == w->stops[w->nstops - 1];
    return true;
}

/* Whether the run may count this stop (once per train for a group; room on the train). */
static bool may_count(const struct walker *w, int node)
{
    const struct node *n = &w->net->nodes[node];
    return (n->group < 0 || !(w->groups & (1u << n->group))) && room_for(w, n->kind == STOP_TOWN);
}

/* Arrived at a stop: count it (the second city of an oval, reached over the ferry straight from
 * the first, is the same stop), perhaps end the run here, perhaps go on through it. */
static void at_stop(struct walker *w, int from, int node)
{
    const struct node *n = &w->net->nodes[node];
    bool fits;
    if (at_twin(w, from, node, &fits)) {
        if (fits && n->passable)
            walk_from(w, node);
        return;
    }
    if (!may_count(w, node))
        return;
    count_stop(w, node, 1);
    if (w->tokens > 0 && w->stops[0] < node)
        record(w); /* each run once, from its lower end */
    if (n->passable)
        walk_from(w, node);
    count_stop(w, node, -1);
}

/* The stops the train may still count. */
static int stops_left(const struct walker *w)
{
    int left = w->train->plus ? w->train->cities - w->ncities + w->train->towns - w->ntowns
                              : w->train->cities - w->ncities - w->ntowns;
    return left < ENG_MAX_RUN_STOPS - w->nstops ? left : ENG_MAX_RUN_STOPS - w->nstops;
}

/* Takes leg l (its nodes between, its track, its toll): the run goes along it. */
static void go_along(struct walker *w, const struct leg *l, const uint64_t *bits, int sign)
{
    const struct net *net = w->net;
    const int *mid = net->mids + l->mid;
    for (int m = 0; m < l->nmid; m++)
        w->visited[mid[m]] = sign > 0;
    for (int i = 0; i < net->words; i++)
        w->used[i] ^= bits[i];
    w->visited[l->to] = sign > 0;
    w->tolls += sign * l->toll;
}

/* Whether the run may take leg l: its stop and its nodes between not visited yet (its track is
 * free then: each piece of track the run has taken joins two nodes it visited, and each piece
 * of this leg has a node it has not). */
static bool leg_free(const struct walker *w, const struct leg *l)
{
    if (w->visited[l->to])
        return false;
    const int *mid = w->net->mids + l->mid;
    for (int m = 0; m < l->nmid; m++)
        if (w->visited[mid[m]])
            return false;
    return true;
}

/* From a stop, each leg to the next stop that the run may take, and on. */
static void walk_from(struct walker *w, int node)
{
    const struct net *net = w->net;
    int left = w->tokens ? ENG_MAX_RUN_STOPS : stops_left(w);
    for (int k = net->leg_first[node]; k < net->leg_first[node] + net->nlegs[node]; k++) {
        const struct leg *l = &net->legs[k];
        if ((!w->tokens && net->to_token[l->to] > left) || !leg_free(w, l))
            continue;
        const uint64_t *bits = net->leg_segs + (size_t)k * (size_t)net->words;
        go_along(w, l, bits, 1);
        at_stop(w, l->before, l->to);
        go_along(w, l, bits, -1);
    }
}

/* Whether a run starting at stop s (counted) can reach a station within the train's stops. */
static bool starts_towards_token(const struct net *net, int s, const eng_train *train)
{
    int left = (train->plus ? train->cities + train->towns : train->cities) - 1;
    for (int i = net->nodes[s].first; i < net->nodes[s].first + net->nodes[s].nlinks; i++)
        if (net->to_token[net->links[i].to] <= left)
            return true;
    return false;
}

/* A listing, walked from its starts by one thread or two: each takes the next start not yet
 * taken; a second thread is started once the runs found show the list will be long. */
struct listing {
    const struct net *net;
    const eng_train *train;
    const int *starts;
    int nstarts;
    atomic_int next;            /* the next start to take */
    atomic_int found;           /* the runs found so far, by both */
    int *found_from;            /* per start (an index of starts): the runs found from it */
    uint8_t *walker_of;         /* ... and which walker found them */
};

/* One thread's walker of a listing, and what it found. */
struct share {
    struct listing *ls;
    int me;
    struct found found;
};

/* Walks from starts not yet taken until none are left; the first walker (not) starts the
 * second when the list grows long, and says so in *helping. */
static void walk_starts(struct share *sh, struct share *other, pthread_t *helper, bool *helping);

static void *help_list(void *arg)
{
    walk_starts(arg, NULL, NULL, NULL);
    return NULL;
}

/* Every run from stop s. */
static void walk_from_start(struct walker *w, int s)
{
    w->visited[s] = 1;
    count_stop(w, s, 1);
    walk_from(w, s);
    count_stop(w, s, -1);
    w->visited[s] = 0;
}

static void walk_starts(struct share *sh, struct share *other, pthread_t *helper, bool *helping)
{
    struct listing *ls = sh->ls;
    const struct net *net = ls->net;
    struct walker w = {.net = net, .train = ls->train, .out = &sh->found};
    w.used = xcalloc((size_t)sh->found.words, sizeof *w.used);
    w.visited = xcalloc((size_t)net->nnodes, 1);
    for (int k; (k = atomic_fetch_add(&ls->next, 1)) < ls->nstarts;) {
        int s = ls->starts[k], before = sh->found.n;
        walk_from_start(&w, s);
        ls->found_from[k] = sh->found.n - before;
        ls->walker_of[k] = (uint8_t)sh->me;
        int found = atomic_fetch_add(&ls->found, sh->found.n - before) + sh->found.n - before;
        if (other && !*helping && found >= help_from && k + 1 < ls->nstarts)
            *helping = pthread_create(helper, NULL, help_list, other) == 0;
    }
    free(w.used);
    free(w.visited);
}

static void gather(struct listing *ls, struct share *shares, bool by_value, struct routes *out);

/* Whether a run may start at stop s. */
static bool may_start(const struct net *net, int s, const eng_train *train)
{
    const struct node *nd = &net->nodes[s];
    return !nd->dead && nd->nlinks > 0 && (nd->token || starts_towards_token(net, s, train));
}

/* The stops a run of the train may start at. */
static int *starts_of(const struct net *net, const eng_train *train, int *n)
{
    int *starts = xmalloc(((size_t)net->nstops + 1) * sizeof *starts);
    *n = 0;
    for (int k = 0; k < net->nstops; k++)
        if (may_start(net, net->stops[k], train))
            starts[(*n)++] = net->stops[k];
    return starts;
}

/* Every run of the train, by value (the best first) or in the order found from the starts in
 * order — the same list whether one thread found them or two. */
static void list_runs(const struct net *net, const eng_train *train, bool by_value,
                      struct routes *out)
{
    assert(net->nnodes <= 65536); /* a stop's number fits a route's stops */
    struct listing ls = {.net = net, .train = train};
    int *starts = starts_of(net, train, &ls.nstarts);
    ls.starts = starts;
    atomic_init(&ls.next, 0);
    atomic_init(&ls.found, 0);
    ls.found_from = xcalloc((size_t)ls.nstarts + 1, sizeof *ls.found_from);
    ls.walker_of = xcalloc((size_t)ls.nstarts + 1, 1);
    struct share shares[2];
    for (int p = 0; p < 2; p++) /* (a net's words may leave room: see spare) */
        shares[p] = (struct share){&ls, p, {.words = net->words ? net->words : 1}};
    pthread_t helper;
    bool helping = false;
    walk_starts(&shares[0], &shares[1], &helper, &helping);
    if (helping)
        pthread_join(helper, NULL);
    gather(&ls, shares, by_value, out);
    free(ls.found_from);
    free(ls.walker_of);
    free(starts);
}

static void list_routes(const struct net *net, const eng_train *train, struct routes *out)
{
    list_runs(net, train, false, out);
}

/* ---- the runs through one hex ----
 * Each run through hex h is found once, as every run is listed (from its lower end), by the
 * first piece of it in h: a run that starts in h is walked from there as usual; any other run
 * reaches h first along one leg, its anchor, which leaves a stop a outside h. Those are found
 * from each such a: walking back from a along legs that touch no part of h (each way back so
 * far ends at a run's first stop), then over each anchor and on as usual. So only runs through
 * h are walked, not every run from every stop that could reach it. The way back is counted as
 * the run will be (what a run counts does not depend on its direction, but for an oval: its
 * city reached first is the one counted, which walking back is the other one) and its stops
 * are turned round to be the run's first. */

struct way_back {
    struct walker *w;
    const uint8_t *leg_through;     /* per leg: whether it touches h */
    int a;                          /* the stop the anchors leave */
    int anchor_stops;               /* the fewest an anchor adds (its stop, unless an oval's) */
    int anchor_to_token;            /* the fewest stops to a station from an anchor's stop on */
    int capacity;
};

static void turn_round(int *v, int n)
{
    for (int i = 0, k = n - 1; i < k; i++, k--) {
        int x = v[i];
        v[i] = v[k];
        v[k] = x;
    }
}

/* The way back is a run's beginning (its far end the first stop): over each anchor, and on. */
static void over_anchors(struct way_back *wb)
{
    struct walker *w = wb->w;
    const struct net *net = w->net;
    turn_round(w->stops, w->nstops);
    for (int k = net->leg_first[wb->a]; k < net->leg_first[wb->a] + net->nlegs[wb->a]; k++) {
        const struct leg *l = &net->legs[k];
        if (!wb->leg_through[k] || !leg_free(w, l))
            continue;
        const uint64_t *bits = net->leg_segs + (size_t)k * (size_t)net->words;
        go_along(w, l, bits, 1);
        at_stop(w, l->before, l->to);
        go_along(w, l, bits, -1);
    }
    turn_round(w->stops, w->nstops);
}

static void walk_back(struct way_back *wb, int y);

/* Whether a run over the way back (just counted), an anchor and on may still fit the train and
 * reach a station — beyond the anchor, or further back from y. */
static bool may_go_back(const struct way_back *wb, int y)
{
    const struct walker *w = wb->w;
    int stops = w->ncities + w->ntowns;
    if (stops + wb->anchor_stops > wb->capacity)
        return false;
    return w->tokens || stops + wb->anchor_to_token <= wb->capacity ||
           stops - 1 + w->net->to_token[y] + wb->anchor_stops <= wb->capacity;
}

/* Back along leg l to its stop: counted (an oval's second city, reached straight from the
 * first over the ferry, is counted instead of it: going forward it is reached first). */
static void back_to(struct way_back *wb, const struct leg *l)
{
    struct walker *w = wb->w;
    int x = w->stops[w->nstops - 1];
    bool fits;
    if (at_twin(w, l->before, l->to, &fits)) {
        if (!fits)
            return;
        count_stop(w, x, -1);
        count_stop(w, l->to, 1);
        if (may_go_back(wb, l->to))
            walk_back(wb, l->to);
        count_stop(w, l->to, -1);
        count_stop(w, x, 1);
    } else if (may_count(w, l->to)) {
        count_stop(w, l->to, 1);
        if (may_go_back(wb, l->to))
            walk_back(wb, l->to);
        count_stop(w, l->to, -1);
    }
}

/* The runs whose first stop is y, the far end of the way back (a itself when there is none),
 * then the ways back one leg longer. */
static void walk_back(struct way_back *wb, int y)
{
    struct walker *w = wb->w;
    const struct net *net = w->net;
    if (may_start(net, y, w->train))
        over_anchors(wb);
    if (!net->nodes[y].passable)
        return; /* (y would be passed through) */
    for (int k = net->leg_first[y]; k < net->leg_first[y] + net->nlegs[y]; k++) {
        const struct leg *l = &net->legs[k];
        if (wb->leg_through[k] || !leg_free(w, l))
            continue;
        const uint64_t *bits = net->leg_segs + (size_t)k * (size_t)net->words;
        go_along(w, l, bits, 1);
        back_to(wb, l);
        go_along(w, l, bits, -1);
    }
}

/* From stop a (outside h), the runs that reach h first along a leg from a. */
static void walk_back_from(struct way_back *wb, int a)
{
    struct walker *w = wb->w;
    const struct net *net = w->net;
    wb->a = a;
    wb->anchor_stops = wb->anchor_to_token = ROUTES_FAR;
    for (int k = net->leg_first[a]; k < net->leg_first[a] + net->nlegs[a]; k++) {
        const struct leg *l = &net->legs[k];
        if (!wb->leg_through[k])
            continue;
        int stops = net->nodes[l->to].oval < 0;
        wb->anchor_stops = stops < wb->anchor_stops ? stops : wb->anchor_stops;
        wb->anchor_to_token = net->to_token[l->to] < wb->anchor_to_token
                                  ? net->to_token[l->to] : wb->anchor_to_token;
    }
    if (wb->anchor_stops == ROUTES_FAR || net->nodes[a].dead || net->nodes[a].nlinks == 0)
        return; /* no leg from a reaches h */
    w->visited[a] = 1;
    count_stop(w, a, 1);
    if (may_go_back(wb, a))
        walk_back(wb, a);
    count_stop(w, a, -1);
    w->visited[a] = 0;
}

/* Every run of the train through hex h (leg_through: per leg, whether it touches h), by value
 * or in the order found. */
static void list_through(const struct net *net, const eng_train *train, int h,
                         const uint8_t *leg_through, bool by_value, struct routes *out)
{
    assert(net->nnodes <= 65536);
    struct listing ls = {.net = net, .train = train, .nstarts = 1};
    int all = 0;
    uint8_t walker = 0;
    ls.found_from = &all;
    ls.walker_of = &walker;
    struct share shares[2] = {{&ls, 0, {.words = net->words ? net->words : 1}},
                              {&ls, 1, {.words = net->words ? net->words : 1}}};
    struct walker w = {.net = net, .train = train, .out = &shares[0].found};
    w.used = xcalloc((size_t)shares[0].found.words, sizeof *w.used);
    w.visited = xcalloc((size_t)net->nnodes, 1);
    struct way_back wb = {.w = &w, .leg_through = leg_through,
                          .capacity = train->plus ? train->cities + train->towns : train->cities};
    for (int k = 0; k < net->nstops; k++) /* the runs that start in h */
        if (net->stops[k] / ENG_NODES_PER_HEX == h && may_start(net, net->stops[k], train))
            walk_from_start(&w, net->stops[k]);
    for (int k = 0; k < net->nstops; k++) /* the others, by the leg that first reaches h */
        if (net->stops[k] / ENG_NODES_PER_HEX != h)
            walk_back_from(&wb, net->stops[k]);
    all = shares[0].found.n;
    gather(&ls, shares, by_value, out);
    free(w.used);
    free(w.visited);
}

/* ---- the runs of a board changed in one hex ---- */

/* Per leg, whether it touches hex h (a node between its stops, or the stop it arrives at). */
static uint8_t *legs_through(const struct net *net, int h)
{
    uint8_t *through = xcalloc((size_t)net->nleg + 1, 1);
    for (int k = 0; k < net->nleg; k++) {
        const struct leg *l = &net->legs[k];
        through[k] = l->to / ENG_NODES_PER_HEX == h;
        for (int m = 0; m < l->nmid && !through[k]; m++)
            through[k] = net->mids[l->mid + m] / ENG_NODES_PER_HEX == h;
    }
    return through;
}

static const struct routes *chunk_of(const struct found *f, int i)
{
    return &f->chunks[i / CHUNK_RUNS];
}

/* The runs the walkers found as one list, their track with them: by value, the best first
 * (runs of one value stay in the order they were found from the starts in order: a counting
 * sort, values are small whole numbers), or in that order. The chunks are freed. */
static void gather(struct listing *ls, struct share *shares, bool by_value, struct routes *out)
{
    int most = 0, n = 0, words = shares[0].found.words;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < shares[p].found.n; i++, n++) {
            int value = chunk_of(&shares[p].found, i)->v[i % CHUNK_RUNS].value;
            most = value > most ? value : most;
        }
    int *start = xcalloc((size_t)most + 2, sizeof *start);
    for (int p = 0; p < 2 && by_value; p++)
        for (int i = 0; i < shares[p].found.n; i++)
            start[most - chunk_of(&shares[p].found, i)->v[i % CHUNK_RUNS].value + 1]++;
    for (int k = 1; k <= most + 1; k++)
        start[k] += start[k - 1];
    size_t room = n ? (size_t)n : 1;
    *out = (struct routes){n, n, words, xmalloc(room * sizeof *out->v),
                           xmalloc(room * (size_t)words * sizeof *out->pool)};
    int next[2] = {0, 0}, at = 0;
    for (int k = 0; k < ls->nstarts; k++) {
        int p = ls->walker_of[k];
        for (int m = 0; m < ls->found_from[k]; m++, at++) {
            int i = next[p]++;
            const struct routes *chunk = chunk_of(&shares[p].found, i);
            const struct route *rt = &chunk->v[i % CHUNK_RUNS];
            int to = by_value ? start[most - rt->value]++ : at;
            out->v[to] = *rt;
            memcpy(track_of(out, to), track_of(chunk, i % CHUNK_RUNS),
                   (size_t)words * sizeof *out->pool);
        }
    }
    assert(at == n);
    free(start);
    for (int p = 0; p < 2; p++) {
        for (int c = 0; c < shares[p].found.nchunks; c++) {
            free(shares[p].found.chunks[c].v);
            free(shares[p].found.chunks[c].pool);
        }
        free(shares[p].found.chunks);
    }
}

/* ---- the runs a train may make, as the choice reads them ----
 * Best first: one list, or two merged as they are read — the runs through a changed hex, and
 * the runs of the board before that do not touch it (most of them; a choice that stops early
 * reads few). */

/* A run as the choice reads it: the run and its track. */
struct run_ref {
    const struct route *rt;
    const uint64_t *bits;
};

struct view {
    int n;                          /* the runs in all */
    struct run_ref *at;             /* the first `have` of them in order (two lists) */
    int have, cap;
    const struct routes *a, *b;     /* the lists (b may be NULL), each in order */
    int ia, ib;                     /* the next run of each to take */
    const uint8_t *skip;            /* per run of b: left out */
    /* A long list indexed by track, 64 runs (a block) at a time, as the choice reads that far:
     * per block, per piece of track, which of the block's runs use it (made by by_track). */
    uint64_t **blocks;
    int words;                      /* of a run's track */
};

static void view_init(struct view *v, const struct routes *a, const struct routes *b,
                      const uint8_t *skip, int skipped)
{
    *v = (struct view){.n = a->n + (b ? b->n - skipped : 0), .a = a, .b = b, .skip = skip};
}

static struct run_ref ref_of(const struct routes *l, int r)
{
    return (struct run_ref){&l->v[r], track_of(l, r)};
}

/* Merges the two lists up to run r. */
static __attribute__((noinline)) void view_extend(struct view *v, int r)
{
    while (v->have <= r) {
        if (v->have == v->cap) {
            v->cap = v->cap ? 2 * v->cap : 256;
            v->at = xrealloc(v->at, (size_t)v->cap * sizeof *v->at);
        }
        while (v->ib < v->b->n && v->skip[v->ib])
            v->ib++;
        bool from_b = v->ib < v->b->n &&
                      (v->ia >= v->a->n || v->b->v[v->ib].value > v->a->v[v->ia].value);
        v->at[v->have++] = from_b ? ref_of(v->b, v->ib++) : ref_of(v->a, v->ia++);
    }
}

/* Run r of the view (r < n). */
static inline struct run_ref view_at(struct view *v, int r)
{
    if (!v->b)
        return ref_of(v->a, r); /* one list: itself */
    if (v->have <= r)
        view_extend(v, r);
    return v->at[r];
}

static void view_free(struct view *v)
{
    for (int b = 0; v->blocks && b < (v->n + 63) / 64; b++)
        free(v->blocks[b]);
    free(v->blocks);
    free(v->at);
}

/* The runs a view must have for the choice to read it through its index by track: below this
 * the runs are read one by one. */
#define INDEX_FROM 2048
static int index_from = INDEX_FROM;

void eng_routes_tune(int index, int help)
{
    index_from = index < 0 ? INDEX_FROM : index;
    help_from = help < 0 ? HELP_FROM_RUNS : help;
}

/* Block b of the view's index by track: per piece of track (words * 64 of them), a bit per run
 * of the block that uses it. */
static const uint64_t *by_track(struct view *v, int words, int b)
{
    if (!v->blocks) {
        v->blocks = xcalloc((size_t)(v->n + 63) / 64, sizeof *v->blocks);
        v->words = words;
    }
    if (!v->blocks[b]) {
        uint64_t *blk = v->blocks[b] = xcalloc((size_t)words * 64, sizeof *blk);
        for (int p = b * 64; p < v->n && p < (b + 1) * 64; p++) {
            const uint64_t *bits = view_at(v, p).bits;
            for (int w = 0; w < words; w++)
                for (uint64_t word = bits[w]; word; word &= word - 1)
                    blk[w * 64 + __builtin_ctzll(word)] |= (uint64_t)1 << (p % 64);
        }
    }
    return v->blocks[b];
}

/* ---- choosing one run per train ---- */

/* The runs left to the trains of one type after one of them has chosen: those after its run in
 * the list (no better: the trains are interchangeable) that share no track with the runs chosen
 * so far, in order — found as the later trains read them, from the list or from the runs left
 * after the choice before (so that a run known to clash with an earlier choice is not looked at
 * again by every later one). Each is kept with its value and its track (read again and again by
 * the later trains: read in order, from one array). */
struct left {
    uint64_t *ent;              /* per run: its position in the view << 32 | its value, then
                                 * its track (words): `stride` words a run */
    int n, cap, stride;
    uint64_t *mask;             /* the track chosen when it was made */
    struct left *parent;        /* read from: the runs left before, or (NULL) the view */
    int next;                   /* the next of those (an index of parent, or a position) */
    bool done;
    struct view *v;
    /* read from a long view (parent NULL): through its index, the pieces of track of mask,
     * and the runs of the block being read that share none of them */
    bool indexed;
    int *pieces, npieces;
    int block;
    uint64_t free_runs;
};

struct choice {
    int k;                                /* trains */
    struct view *per[ENG_MAX_TRAINS];
    int top[ENG_MAX_TRAINS + 1];          /* best possible from train i on */
    bool bounded;                         /* the optimizer; else the exhaustive baseline */
    uint64_t *used;
    int words;
    int cur[ENG_MAX_TRAINS], pick[ENG_MAX_TRAINS];
    struct left left[ENG_MAX_TRAINS];     /* made by train i for the next trains of its type */
    int best;
    long steps, budget;                   /* combinations tried; 0: no limit */
    bool gave_up;                         /* the budget ran out */
};

static bool disjoint_of(const uint64_t *mask, const uint64_t *bits, int words)
{
    for (int i = 0; i < words; i++)
        if (bits[i] & mask[i])
            return false;
    return true;
}

static bool disjoint(const struct choice *c, const uint64_t *bits)
{
    return disjoint_of(c->used, bits, c->words);
}

static void toggle(struct choice *c, const uint64_t *bits)
{
    for (int i = 0; i < c->words; i++)
        c->used[i] ^= bits[i];
}

static struct run_ref run_of(struct view *v, int r)
{
    return v->b ? view_at(v, r) : ref_of(v->a, r);
}

static int entry_value(const uint64_t *e)
{
    return (int)(uint32_t)e[0];
}

static int entry_pos(const uint64_t *e)
{
    return (int)(e[0] >> 32);
}

/* Moves l->next on to the next run of the view that shares no track with l's mask, read
 * through the view's index a block at a time; false when there is none worth more than floor
 * (a block whose first run is worth no more is not looked at). */
static bool next_free(const struct choice *c, struct left *l, int floor)
{
    struct view *v = l->v;
    while (l->next < v->n) {
        int b = l->next / 64;
        if (l->block != b) {
            if (run_of(v, b * 64).rt->value <= floor)
                return false;
            const uint64_t *blk = by_track(v, c->words, b);
            uint64_t clash = 0;
            for (int k = 0; k < l->npieces; k++)
                clash |= blk[l->pieces[k]];
            l->free_runs = ~clash;
            l->block = b;
        }
        uint64_t here = l->free_runs & (~(uint64_t)0 << (l->next % 64));
        if (here) {
            l->next = b * 64 + __builtin_ctzll(here);
            return l->next < v->n;
        }
        l->next = (b + 1) * 64;
    }
    return false;
}

/* The k-th run left (its entry), if it is worth more than `floor`; NULL when there are no more
 * such (the runs are in order: one worth less ends the looking, and nothing past it is looked
 * at now). */
static const uint64_t *left_at(const struct choice *c, struct left *l, int k, int floor)
{
    while (l->n <= k) {
        if (l->done)
            return NULL;
        int p, value;
        const uint64_t *bits;
        if (l->parent) {
            const uint64_t *e = left_at(c, l->parent, l->next, floor);
            if (!e)
                return NULL;
            p = entry_pos(e), value = entry_value(e), bits = e + 1;
        } else {
            if (l->indexed ? !next_free(c, l, floor) : l->next >= l->v->n) {
                l->done = l->next >= l->v->n;
                return NULL;
            }
            struct run_ref run = run_of(l->v, p = l->next);
            value = run.rt->value, bits = run.bits;
        }
        if (value <= floor)
            return NULL;
        l->next++;
        if (!l->indexed && !disjoint_of(l->mask, bits, c->words))
            continue;
        if (l->n == l->cap) {
            l->cap = l->cap ? 2 * l->cap : 256;
            l->ent = xrealloc(l->ent, (size_t)l->cap * (size_t)l->stride * sizeof *l->ent);
        }
        uint64_t *e = l->ent + (size_t)l->n++ * (size_t)l->stride;
        e[0] = (uint64_t)p << 32 | (uint32_t)value;
        memcpy(e + 1, bits, (size_t)c->words * sizeof *bits);
    }
    const uint64_t *e = l->ent + (size_t)k * (size_t)l->stride;
    return entry_value(e) > floor ? e : NULL;
}

/* Train i's runs left after train i's choice at position r, read from `from` (NULL: the view
 * after r; else the runs left before, after their index k). */
static struct left *leave(struct choice *c, int i, struct left *from, int k, int r)
{
    struct left *l = &c->left[i];
    if (!l->mask)
        l->mask = xmalloc((size_t)c->words * sizeof *l->mask);
    memcpy(l->mask, c->used, (size_t)c->words * sizeof *l->mask);
    l->n = 0;
    l->stride = c->words + 1;
    l->done = false;
    l->parent = from;
    l->next = from ? k + 1 : r + 1;
    l->v = c->per[i];
    l->indexed = !from && l->v->n >= index_from;
    if (l->indexed) {
        if (!l->pieces)
            l->pieces = xmalloc((size_t)c->words * 64 * sizeof *l->pieces);
        l->npieces = 0;
        for (int w = 0; w < c->words; w++)
            for (uint64_t word = l->mask[w]; word; word &= word - 1)
                l->pieces[l->npieces++] = w * 64 + __builtin_ctzll(word);
        l->block = -1;
    }
    return l;
}

static void choose(struct choice *c, int i, int value, struct left *in);

/* The most a run may be worth and still not do better: x / m rounded down (x may be < 0). */
static int floor_div(int x, int m)
{
    return x >= 0 ? x / m : -((-x + m - 1) / m);
}

/* Train i takes run r (worth run_value, its track bits) and the next trains choose. */
static void take(struct choice *c, int i, int value, int r, int run_value, const uint64_t *bits,
                 struct left *in, int k, int twins)
{
    toggle(c, bits);
    c->cur[i] = r;
    choose(c, i + 1, value + run_value, twins ? leave(c, i, in, k, r) : NULL);
    if (in) /* (the later trains may have made in's entries grow, and move) */
        bits = in->ent + (size_t)k * (size_t)in->stride + 1;
    toggle(c, bits);
}

static void choose(struct choice *c, int i, int value, struct left *in)
{
    if (c->gave_up || (c->budget && ++c->steps > c->budget)) {
        c->gave_up = true;
        return;
    }
    if (i == c->k) {
        if (value > c->best) {
            c->best = value;
            memcpy(c->pick, c->cur, sizeof c->pick);
        }
        return;
    }
    struct view *rs = c->per[i];
    bool same = c->bounded && i > 0 && c->per[i - 1] == rs;
    /* the trains of this type still to choose take runs after this one in the list (no
     * better than it); the others at most their best */
    int twins = 0;
    while (c->bounded && i + 1 + twins < c->k && c->per[i + 1 + twins] == rs)
        twins++;
    int bound = c->top[i + 1 + twins];
    if (same) { /* the runs the train before left (none if it did not run): no clash to look
                 * for; in order, and one worth no more than the floor cannot do better */
        const uint64_t *e;
        for (int k = 0;
             in && (e = left_at(c, in, k, floor_div(c->best - value - bound, 1 + twins))); k++)
            take(c, i, value, entry_pos(e), entry_value(e), e + 1, in, k, twins);
    } else {
        for (int r = 0; r < rs->n; r++) {
            struct run_ref run = run_of(rs, r);
            if (c->bounded && value + run.rt->value * (1 + twins) + bound <= c->best)
                break; /* sorted: no later run of this train does better */
            if (disjoint(c, run.bits))
                take(c, i, value, r, run.rt->value, run.bits, NULL, 0, twins);
        }
    }
    c->cur[i] = -1; /* this train does not run (nor, then, the rest of its type) */
    if (!c->bounded || value + c->top[i + 1] > c->best)
        choose(c, i + 1, value, NULL);
}

/* The company's trains, those of one type next to each other. */
static void train_order(const eng_company_state *s, int *order)
{
    for (int i = 0; i < s->ntrains; i++)
        order[i] = s->trains[i];
    for (int i = 1; i < s->ntrains; i++)
        for (int k = i; k > 0 && order[k] < order[k - 1]; k--) {
            int tmp = order[k];
            order[k] = order[k - 1];
            order[k - 1] = tmp;
        }
}

/* The best choice of one run per train (order: the trains; per[i]: train i's runs, sorted by
 * value when bounded) into out. */
static int choose_runs(const struct net *net, const int *order, int ntrains,
                       struct view *const *per, bool bounded, long budget, eng_run *out)
{
    struct choice c = {.k = ntrains, .bounded = bounded, .words = net->words ? net->words : 1,
                       .budget = budget};
    for (int i = 0; i < ntrains; i++)
        c.per[i] = per[i];
    for (int i = c.k - 1; i >= 0; i--) {
        int top = 0, looked = bounded && c.per[i]->n > 0 ? 1 : c.per[i]->n; /* (sorted: the
                                                                              * first run) */
        for (int r = 0; r < looked; r++)
            top = view_at(c.per[i], r).rt->value > top ? view_at(c.per[i], r).rt->value : top;
        c.top[i] = c.top[i + 1] + top;
    }
    c.used = xcalloc((size_t)c.words, sizeof *c.used);
    for (int i = 0; i < c.k; i++)
        c.cur[i] = c.pick[i] = -1;
    choose(&c, 0, 0, NULL);
    for (int i = 0; i < c.k; i++) {
        free(c.left[i].ent);
        free(c.left[i].mask);
        free(c.left[i].pieces);
    }
    out->total = c.gave_up ? -1 : c.best;
    out->ntrains = c.k;
    for (int i = 0; i < c.k; i++) {
        eng_train_run *tr = &out->trains[i];
        tr->train = order[i];
        if (c.pick[i] < 0)
            continue;
        const struct route *rt = view_at(c.per[i], c.pick[i]).rt;
        tr->revenue = rt->value;
        tr->nstops = rt->nstops;
        for (int k = 0; k < rt->nstops; k++)
            tr->stops[k] = rt->stops[k];
    }
    free(c.used);
    return out->total;
}

static void free_lists(struct routes *lists, const bool *listed)
{
    for (int k = 0; k < ENG_MAX_TRAIN_TYPES; k++)
        if (listed[k]) {
            free(lists[k].v);
            free(lists[k].pool);
        }
}

/* A board changed in one hex, against the runs of the board before it: only the runs through
 * the hex are listed; the runs before that do not touch it are read with them. */
struct change {
    const eng_runs_before *before;
    int hex;
    const uint8_t *leg_through;
};

/* The runs of one train type, as the choice reads them (sorted when bounded; a change: merged
 * with the runs before; *skip then what of those it leaves out). */
static void runs_of(const struct net *net, const eng_train *train, int type, bool bounded,
                    const struct change *ch, struct routes *list, struct view *view,
                    uint8_t **skip);

/* The best run of the company's trains on net. */
static int best_on(const struct net *net, const eng_game *g, const eng_company_state *s,
                   const struct change *ch, bool bounded, long budget, eng_run *out)
{
    struct routes lists[ENG_MAX_TRAIN_TYPES];
    struct view views[ENG_MAX_TRAIN_TYPES];
    uint8_t *skips[ENG_MAX_TRAIN_TYPES];
    bool listed[ENG_MAX_TRAIN_TYPES] = {false};
    struct view *per[ENG_MAX_TRAINS];
    int order[ENG_MAX_TRAINS];
    train_order(s, order);
    for (int i = 0; i < s->ntrains; i++) {
        int type = order[i];
        if (!listed[type]) {
            runs_of(net, &g->t->trains[type], type, bounded, ch, &lists[type], &views[type],
                    &skips[type]);
            listed[type] = true;
            out->routes_considered += views[type].n;
        }
        per[i] = &views[type];
    }
    int total = choose_runs(net, order, s->ntrains, per, bounded, budget, out);
    for (int k = 0; k < ENG_MAX_TRAIN_TYPES; k++)
        if (listed[k]) {
            view_free(&views[k]);
            free(skips[k]);
        }
    free_lists(lists, listed);
    return total;
}

static int best_run(const eng_game *g, int company, eng_run *out, bool bounded, long budget)
{
    memset(out, 0, sizeof *out);
    struct net net;
    build_net(&net, g, company);
    int total = best_on(&net, g, &g->co[company], NULL, bounded, budget, out);
    free_net(&net);
    return total;
}

/* ---- the best runs of a board changed in one hex, from the runs of the board before ---- */

struct eng_runs_before {
    const eng_title *t;
    int company, ntrains;
    int trains[ENG_MAX_TRAINS];
    struct net net;
    int words;             /* of every run's track: the board's, and a word to spare for the
                            * changed hex's new track (numbered after the board's) */
    struct routes lists[ENG_MAX_TRAIN_TYPES]; /* best first */
    bool listed[ENG_MAX_TRAIN_TYPES];
    /* per train type, per hex: the runs that touch it, runs[first[h] .. first[h + 1]) */
    int *touch_first[ENG_MAX_TRAIN_TYPES], *touch_runs[ENG_MAX_TRAIN_TYPES];
};

/* Which runs of the list touch each hex (the hexes of their track). */
static void index_by_hex(eng_runs_before *b, int type)
{
    const struct routes *l = &b->lists[type];
    int nhexes = b->t->nhexes;
    int *seg_hex = xmalloc(((size_t)b->net.nsegs + 1) * sizeof *seg_hex);
    for (int h = 0; h < nhexes; h++)
        for (int seg = b->net.seg_first[h]; seg < b->net.seg_first[h + 1]; seg++)
            seg_hex[seg] = h;
    int *count = xcalloc((size_t)nhexes + 1, sizeof *count);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            b->touch_first[type] = xcalloc((size_t)nhexes + 1, sizeof *count);
            for (int h = 0; h < nhexes; h++)
                b->touch_first[type][h + 1] = b->touch_first[type][h] + count[h];
            b->touch_runs[type] = xmalloc(((size_t)b->touch_first[type][nhexes] + 1) *
                                          sizeof *b->touch_runs[type]);
            memset(count, 0, ((size_t)nhexes + 1) * sizeof *count);
        }
        for (int r = 0; r < l->n; r++) {
            int last = -1; /* (a run's segments of one hex are numbered together) */
            for (int w = 0; w < l->words; w++)
                for (uint64_t word = track_of(l, r)[w]; word; word &= word - 1) {
                    int h = seg_hex[w * 64 + __builtin_ctzll(word)];
                    if (h == last)
                        continue;
                    last = h;
                    if (pass == 1)
                        b->touch_runs[type][b->touch_first[type][h] + count[h]] = r;
                    count[h]++;
                }
        }
    }
    free(count);
    free(seg_hex);
}

eng_runs_before *eng_runs_before_new(const eng_game *g, int company)
{
    eng_runs_before *b = xcalloc(1, sizeof *b);
    const eng_company_state *s = &g->co[company];
    b->t = g->t;
    b->company = company;
    b->ntrains = s->ntrains;
    memcpy(b->trains, s->trains, (size_t)s->ntrains * sizeof *s->trains);
    int paths = 0; /* (the board's track, numbered as always, and a word to spare) */
    for (int h = 0; h < g->t->nhexes; h++)
        paths += eng_board_track(g->board, h, NULL)->npaths;
    b->words = (paths + 63) / 64 + 1;
    struct renumber spare = {-1, 0, 0, b->words};
    build_net_as(&b->net, g, company, &spare);
    for (int i = 0; i < s->ntrains; i++) {
        int type = s->trains[i];
        if (b->listed[type])
            continue;
        struct view whole; /* (one list: nothing to keep) */
        uint8_t *none;
        runs_of(&b->net, &g->t->trains[type], type, true, NULL, &b->lists[type], &whole, &none);
        b->listed[type] = true;
        index_by_hex(b, type);
    }
    return b;
}

void eng_runs_before_free(eng_runs_before *b)
{
    if (!b)
        return;
    for (int k = 0; k < ENG_MAX_TRAIN_TYPES; k++) {
        free(b->touch_first[k]);
        free(b->touch_runs[k]);
    }
    free_lists(b->lists, b->listed);
    free_net(&b->net);
    free(b);
}

static void runs_of(const struct net *net, const eng_train *train, int type, bool bounded,
                    const struct change *ch, struct routes *list, struct view *view,
                    uint8_t **skip)
{
    *skip = NULL;
    if (ch)
        list_through(net, train, ch->hex, ch->leg_through, bounded, list);
    else
        list_runs(net, train, bounded, list);
    if (!ch) {
        view_init(view, list, NULL, NULL, 0);
        return;
    }
    const struct routes *old = &ch->before->lists[type];
    const int *first = ch->before->touch_first[type], *runs = ch->before->touch_runs[type];
    *skip = xcalloc((size_t)old->n + 1, 1);
    for (int k = first[ch->hex]; k < first[ch->hex + 1]; k++)
        (*skip)[runs[k]] = 1;
    view_init(view, list, old, *skip, first[ch->hex + 1] - first[ch->hex]);
}

int eng_best_run_changed(const eng_runs_before *before, const eng_game *g, int hex, eng_run *out)
{
    memset(out, 0, sizeof *out);
    const eng_company_state *s = &g->co[before->company];
    const eng_track *tr = eng_board_track(g->board, hex, NULL);
    int gone = before->net.seg_first[hex + 1] - before->net.seg_first[hex];
    if (g->t != before->t || s->ntrains != before->ntrains ||
        memcmp(s->trains, before->trains, (size_t)s->ntrains * sizeof *s->trains) != 0 ||
        before->net.nsegs + tr->npaths > 64 * before->words)
        return best_run(g, before->company, out, true, 0); /* not what it knows */
    struct net net;
    struct renumber rn = {hex, before->net.nsegs, gone, before->words};
    build_net_as(&net, g, before->company, &rn);
    assert(net.words == before->words);
    struct change ch = {before, hex, legs_through(&net, hex)};
    int total = best_on(&net, g, s, &ch, true, 0, out);
    free((void *)ch.leg_through);
    free_net(&net);
    return total;
}

/* ---- declared runs ---- */

static bool same_stops(const struct route *rt, const eng_train_run *d)
{
    if (rt->nstops != d->nstops)
        return false;
    bool forward = true, backward = true;
    for (int k = 0; k < d->nstops; k++) {
        forward &= rt->stops[k] == d->stops[k];
        backward &= rt->stops[k] == d->stops[d->nstops - 1 - k];
    }
    return forward || backward;
}

/* The best total with every train on one of its candidate runs, no track shared; -1 if none. */
static int all_run(struct choice *c, int i, int value)
{
    if (i == c->k)
        return value;
    int best = -1;
    struct view *rs = c->per[i];
    for (int r = 0; r < rs->n; r++) {
        struct run_ref run = view_at(rs, r);
        if (!disjoint(c, run.bits))
            continue;
        toggle(c, run.bits);
        int v = all_run(c, i + 1, value + run.rt->value);
        toggle(c, run.bits);
        best = v > best ? v : best;
    }
    return best;
}

/* The declared trains are the company's, each at most as often as it has it. */
static int trains_owned(const eng_game *g, int company, const eng_train_run *runs, int n,
                        char *why, size_t len)
{
    const eng_company_state *s = &g->co[company];
    for (int i = 0; i < n; i++) {
        int type = runs[i].train, have = 0, declared = 0;
        if (type < 0 || type >= g->t->ntrains)
            return eng_refuse(why, len, "there is no such train");
        for (int k = 0; k < s->ntrains; k++)
            have += s->trains[k] == type;
        for (int k = 0; k < n; k++)
            declared += runs[k].train == type;
        if (declared > have)
            return eng_refuse(why, len, "%s has %d %s train%s, not %d", g->t->companies[company].id,
                              have, g->t->trains[type].name, have == 1 ? "" : "s", declared);
    }
    return 0;
}

int eng_check_runs(const eng_game *g, int company, const eng_train_run *runs, int n, char *why,
                   size_t len)
{
    if (n > ENG_MAX_TRAINS || trains_owned(g, company, runs, n, why, len))
        return n > ENG_MAX_TRAINS ? eng_refuse(why, len, "too many trains") : -1;
    struct net net;
    build_net(&net, g, company);
    struct routes lists[ENG_MAX_TRAINS];
    struct view views[ENG_MAX_TRAINS];
    struct choice c = {.k = n, .words = net.words ? net.words : 1};
    int rc = 0, made = 0;
    for (int i = 0; i < n && rc == 0; i++, made++) {
        struct routes all;
        list_routes(&net, &g->t->trains[runs[i].train], &all);
        lists[i] = (struct routes){.words = all.words};
        for (int r = 0; r < all.n; r++) /* keep the runs through exactly these stops */
            if (same_stops(&all.v[r], &runs[i])) {
                lists[i].v = xrealloc(lists[i].v, (size_t)(lists[i].n + 1) * sizeof *lists[i].v);
                lists[i].pool = xrealloc(lists[i].pool, (size_t)(lists[i].n + 1) *
                                                            (size_t)all.words * sizeof *all.pool);
                lists[i].v[lists[i].n] = all.v[r];
                memcpy(track_of(&lists[i], lists[i].n), track_of(&all, r),
                       (size_t)all.words * sizeof *all.pool);
                lists[i].n++;
            }
        free(all.v);
        free(all.pool);
        view_init(&views[i], &lists[i], NULL, NULL, 0);
        c.per[i] = &views[i];
        if (lists[i].n == 0)
            rc = eng_refuse(why, len, "train %d (%s): that is not a run %s may make", i + 1,
                            g->t->trains[runs[i].train].name, g->t->companies[company].id);
    }
    if (rc == 0) {
        c.used = xcalloc((size_t)c.words, sizeof *c.used);
        rc = all_run(&c, 0, 0);
        if (rc < 0)
            eng_refuse(why, len, "the runs use the same track");
        free(c.used);
    }
    for (int i = 0; i < made; i++) {
        view_free(&views[i]);
        free(lists[i].v);
        free(lists[i].pool);
    }
    free_net(&net);
    return rc;
}

/* ---- the best runs remembered ----
 * Between two turns the board does not change, yet every acknowledgement's trial of a player's
 * orders runs every company again: each thread remembers its last best runs by what they
 * depend on — the board (tiles, rotations, stations, reserved circles), the company, its
 * trains and rights, the phase's off-board values and the ferry rule — under two independent 64-bit
 * fingerprints. */

#define RUNS_KEPT 32

struct kept_run {
    uint64_t a, b;
    bool used;
    eng_run run;
};

static _Thread_local struct kept_run kept_runs[RUNS_KEPT];
static _Thread_local int kept_next;

struct print2 {
    uint64_t a, b;
};

static void mix_word(struct print2 *p, uint64_t w)
{
    p->a = (p->a ^ w) * 1099511628211ULL;          /* FNV-1a, a word at a time */
    p->b = (p->b + w + 1) * 0x9E3779B97F4A7C15ULL; /* a multiplicative hash */
    p->b ^= p->b >> 29;
}

static void mix(struct print2 *p, const void *data, size_t len)
{
    const unsigned char *d = data;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, d + i, 8);
        mix_word(p, w);
    }
    uint64_t tail = 0;
    memcpy(&tail, d + i, len - i);
    mix_word(p, tail ^ ((uint64_t)len << 56));
}

static struct print2 run_print(const eng_game *g, int company)
{
    const eng_board *b = g->board;
    size_t hexes = (size_t)g->t->nhexes;
    struct print2 p = {1469598103934665603ULL, 0x243F6A8885A308D3ULL};
    const eng_company_state *s = &g->co[company];
    int head[5] = {company, s->ntrains, g->t->phases[g->phase].offboard_color,
                   g->opt.rules.ferry_toll_when_crossing, (int)s->rights};
    mix(&p, &g->t, sizeof g->t);
    mix(&p, head, sizeof head);
    mix(&p, s->trains, (size_t)s->ntrains * sizeof *s->trains);
    mix(&p, b->tile, hexes * sizeof *b->tile);
    mix(&p, b->rot, hexes * sizeof *b->rot);
    mix(&p, b->tokens, hexes * sizeof *b->tokens);
    mix(&p, b->reserved, hexes * sizeof *b->reserved);
    return p;
}

int eng_best_run(const eng_game *g, int company, eng_run *out)
{
    struct print2 p = run_print(g, company);
    for (int i = 0; i < RUNS_KEPT; i++)
        if (kept_runs[i].used && kept_runs[i].a == p.a && kept_runs[i].b == p.b) {
            *out = kept_runs[i].run;
            return out->total;
        }
    int total = best_run(g, company, out, true, 0);
    struct kept_run *k = &kept_runs[kept_next];
    kept_next = (kept_next + 1) % RUNS_KEPT;
    *k = (struct kept_run){p.a, p.b, true, *out};
    return total;
}

int eng_best_run_fresh(const eng_game *g, int company, eng_run *out)
{
    return best_run(g, company, out, true, 0);
}

int eng_best_run_exhaustive(const eng_game *g, int company, eng_run *out)
{
    return best_run(g, company, out, false, 0);
}

int eng_best_run_exhaustive_within(const eng_game *g, int company, long steps, eng_run *out)
{
    return best_run(g, company, out, false, steps);
}
