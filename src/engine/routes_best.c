/* routes_best: the optimizer — the runs of each train as the choice reads them (one list, or two
 * merged: see routes_changed.c), then one run per train chosen by a bounded search, no two
 * sharing track (the exhaustive baseline tries every combination); and the best runs each thread
 * remembers, so an unchanged board costs nothing. */
#include "engine/privates.h"
#include "engine/routes_internal.h"
#include "util/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The runs a view must have for the choice to read it through its index by track: below this
 * the runs are read one by one. */
#define INDEX_FROM 2048
static int index_from = INDEX_FROM;

void eng_routes_tune(int index, int help)
{
    index_from = index < 0 ? INDEX_FROM : index;
    eng_routes_help_from = help < 0 ? HELP_FROM_RUNS : help;
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
            c->gave_up = c->above; /* (enough) */
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
 * value when bounded) into out; above >= 0: the first found worth more than that, else a total
 * of at most that (no train running). */
static int choose_runs(const struct net *net, const int *order, int ntrains,
                       struct view *const *per, bool bounded, long budget, int above,
                       eng_run *out)
{
    struct choice c = {.k = ntrains, .bounded = bounded, .words = net->words ? net->words : 1,
                       .budget = budget, .above = above >= 0, .best = above > 0 ? above : 0};
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
    out->total = c.gave_up && !c.above ? -1 : c.best;
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

void eng_routes_free_lists(struct routes *lists, const bool *listed)
{
    for (int k = 0; k < ENG_MAX_TRAIN_TYPES; k++)
        if (listed[k]) {
            free(lists[k].v);
            free(lists[k].pool);
        }
}

/* The best run of the company's trains from their runs already listed on net (per type, best
 * first): as eng_routes_best_on finds it. */
int eng_routes_best_of_lists(const struct net *net, const eng_company_state *s,
                             const struct routes *lists, eng_run *out)
{
    struct view views[ENG_MAX_TRAIN_TYPES];
    bool made[ENG_MAX_TRAIN_TYPES] = {false};
    struct view *per[ENG_MAX_TRAINS];
    int order[ENG_MAX_TRAINS];
    train_order(s, order);
    for (int i = 0; i < s->ntrains; i++) {
        if (!made[order[i]])
            eng_routes_view_init(&views[order[i]], &lists[order[i]], NULL, NULL, 0);
        made[order[i]] = true;
        per[i] = &views[order[i]];
    }
    memset(out, 0, sizeof *out);
    int total = choose_runs(net, order, s->ntrains, per, true, 0, -1, out);
    for (int k = 0; k < ENG_MAX_TRAIN_TYPES; k++)
        if (made[k]) {
            out->routes_considered += views[k].n;
            eng_routes_view_free(&views[k]);
        }
    return total;
}

/* The best run of the company's trains on net (above: see choose_runs). */
int eng_routes_best_on(const struct net *net, const eng_game *g, const eng_company_state *s,
                       const struct change *ch, bool bounded, long budget, int above,
                       eng_run *out)
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
            eng_routes_runs_of(net, &g->t->trains[type], type, bounded, ch, &lists[type],
                               &views[type], &skips[type]);
            listed[type] = true;
            out->routes_considered += views[type].n;
        }
        per[i] = &views[type];
    }
    int total = choose_runs(net, order, s->ntrains, per, bounded, budget, above, out);
    for (int k = 0; k < ENG_MAX_TRAIN_TYPES; k++)
        if (listed[k]) {
            eng_routes_view_free(&views[k]);
            free(skips[k]);
        }
    eng_routes_free_lists(lists, listed);
    return total;
}

int eng_routes_best_run(const eng_game *g, int company, eng_run *out, bool bounded, long budget)
{
    memset(out, 0, sizeof *out);
    struct net net;
    eng_routes_build_net(&net, g, company);
    int total = eng_routes_best_on(&net, g, &g->co[company], NULL, bounded, budget, -1, out);
    eng_routes_free_net(&net);
    return total;
}

int eng_run_above(const eng_game *g, int company, int floor)
{
    eng_run out = {0};
    struct net net;
    eng_routes_build_net(&net, g, company);
    int total = eng_routes_best_on(&net, g, &g->co[company], NULL, true, 0,
                                   floor > 0 ? floor : 0, &out);
    eng_routes_free_net(&net);
    return total;
}

void eng_routes_runs_of(const struct net *net, const eng_train *train, int type, bool bounded,
                        const struct change *ch, struct routes *list, struct view *view,
                        uint8_t **skip)
{
    *skip = NULL;
    if (ch)
        eng_routes_list_through(net, train, ch->hex, ch->leg_through, bounded, list);
    else
        eng_routes_list_runs(net, train, bounded, list);
    if (!ch) {
        eng_routes_view_init(view, list, NULL, NULL, 0);
        return;
    }
    const struct routes *old = &ch->before->lists[type];
    const int *first = ch->before->touch_first[type], *runs = ch->before->touch_runs[type];
    *skip = xcalloc((size_t)old->n + 1, 1);
    for (int k = first[ch->hex]; k < first[ch->hex + 1]; k++)
        (*skip)[runs[k]] = 1;
    eng_routes_view_init(view, list, old, *skip, first[ch->hex + 1] - first[ch->hex]);
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
    unsigned long long bonus = eng_run_bonus_print(g, company); /* (1856's bridge, port) */
    mix(&p, &bonus, sizeof bonus);
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
    int total = eng_routes_best_run(g, company, out, true, 0);
    eng_best_run_remember(g, company, out);
    return total;
}

void eng_best_run_remember(const eng_game *g, int company, const eng_run *run)
{
    struct print2 p = run_print(g, company);
    struct kept_run *k = &kept_runs[kept_next];
    kept_next = (kept_next + 1) % RUNS_KEPT;
    *k = (struct kept_run){p.a, p.b, true, *run};
}

int eng_best_run_fresh(const eng_game *g, int company, eng_run *out)
{
    return eng_routes_best_run(g, company, out, true, 0);
}

int eng_best_run_exhaustive(const eng_game *g, int company, eng_run *out)
{
    return eng_routes_best_run(g, company, out, false, 0);
}

int eng_best_run_exhaustive_within(const eng_game *g, int company, long steps, eng_run *out)
{
    return eng_routes_best_run(g, company, out, false, steps);
}
