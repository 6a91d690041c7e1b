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
 * interchangeable. The exhaustive baseline tries every combination.
 *
 * This file lists the runs (routes_net.c makes the graph, routes_best.c chooses, routes_changed.c
 * is house rule 17's search, routes_check.c checks declared runs). */
#include "engine/routes_internal.h"
#include "util/util.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* (routes_internal.h: HELP_FROM_RUNS; eng_routes_tune changes it) */
int eng_routes_help_from = HELP_FROM_RUNS;

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
    int doublers;   /* stops counted whose hex doubles the run's others (doubles_run) */
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

/* What the run's doubling stops add (title.h's doubles_run: 18Kaas's Ruhrgebied): each of its
 * other stops that the doubler counts — cities and off-boards, or every stop — again, or its
 * doubles_plus. */
static int doubled(const struct walker *w)
{
    int more = 0;
    for (int d = 0; d < w->nstops; d++) {
        const struct node *dn = &w->net->nodes[w->stops[d]];
        if (!dn->doubles)
            continue;
        for (int k = 0; k < w->nstops; k++) {
            const struct node *n = &w->net->nodes[w->stops[k]];
            if (n->doubles || (n->kind == STOP_TOWN && dn->doubles != ENG_DOUBLES_STOPS))
                continue;
            more += dn->doubles_plus ? dn->doubles_plus : n->value;
        }
    }
    return more;
}

static void record(struct walker *w)
{
    int value = w->value - w->tolls - endpoint_toll(w, w->stops[0]) -
                endpoint_toll(w, w->stops[w->nstops - 1]) + (w->doublers ? doubled(w) : 0);
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
    w->doublers += n->doubles ? sign : 0;
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
        if (other && !*helping && found >= eng_routes_help_from && k + 1 < ls->nstarts)
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
void eng_routes_list_runs(const struct net *net, const eng_train *train, bool by_value,
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

void eng_routes_list_routes(const struct net *net, const eng_train *train, struct routes *out)
{
    eng_routes_list_runs(net, train, false, out);
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
void eng_routes_list_through(const struct net *net, const eng_train *train, int h,
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

/* ---- a view: the runs of one list, or of two merged by value (see routes_changed.c), read in
 * order of value as far as a reader needs them ---- */

void eng_routes_view_init(struct view *v, const struct routes *a, const struct routes *b,
                          const uint8_t *skip, int skipped)
{
    *v = (struct view){.n = a->n + (b ? b->n - skipped : 0), .a = a, .b = b, .skip = skip};
}

/* Merges the two lists up to run r. */
__attribute__((noinline)) void eng_routes_view_extend(struct view *v, int r)
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

void eng_routes_view_free(struct view *v)
{
    for (int b = 0; v->blocks && b < (v->n + 63) / 64; b++)
        free(v->blocks[b]);
    free(v->blocks);
    free(v->at);
}
