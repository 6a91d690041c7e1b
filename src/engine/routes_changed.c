/* routes_changed: house rule 17's search — the best runs of a board changed in one hex (a tile
 * laid there), from the runs of the board before: those that do not touch the hex are kept,
 * only the runs through it are listed again. */
#include "engine/routes_internal.h"
#include "util/util.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
                for (uint64_t word = track_of(l, r)[w]; word;) {
                    int h = seg_hex[w * 64 + __builtin_ctzll(word)];
                    int past = b->net.seg_first[h + 1] - w * 64; /* (h's pieces: one after
                                                                  * another; all of them) */
                    word = past >= 64 ? 0 : word & (~(uint64_t)0 << past);
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

/* ---- a change that leaves the runs as they were ----
 * Many lays only lead on into empty hexes, or upgrade a tile keeping its track and values: the
 * legs between stops are then those of the board before, only the changed hex's track numbered
 * anew — every run is one of the board before's, and its best run is the same. */

static bool same_node(const struct node *a, const struct node *b)
{
    return a->kind == b->kind && a->passable == b->passable && a->token == b->token &&
           a->own_bank == b->own_bank && a->ferry_toll == b->ferry_toll && a->dead == b->dead &&
           a->value == b->value && a->group == b->group && a->oval == b->oval &&
           a->doubles == b->doubles && a->doubles_plus == b->doubles_plus;
}

/* Per piece of hex h's track in net (numbered from at: rn's), the piece of old's joining the
 * same two nodes (-1: none, or more than one); false when some node of h differs. */
static bool match_pieces(const struct net *old, const struct net *net, int h,
                         const struct renumber *rn, int n, int *to_old)
{
    int first = h * ENG_NODES_PER_HEX;
    for (int i = 0; i < n; i++)
        to_old[i] = -1;
    for (int u = first; u < first + ENG_NODES_PER_HEX; u++) {
        if (!same_node(&old->nodes[u], &net->nodes[u]))
            return false;
        for (int i = net->nodes[u].first; i < net->nodes[u].first + net->nodes[u].nlinks; i++) {
            const struct link *l = &net->links[i];
            if (l->seg < 0)
                continue;
            int found = -1, count = 0;
            for (int k = old->nodes[u].first; k < old->nodes[u].first + old->nodes[u].nlinks; k++)
                if (old->links[k].seg >= 0 && old->links[k].to == l->to)
                    found = old->links[k].seg, count++;
            if (l->seg >= rn->at && l->seg < rn->at + n)
                to_old[l->seg - rn->at] = count == 1 ? found : -1;
        }
    }
    return true;
}

static bool leg_in(const struct net *net, const struct leg *l, int h)
{
    if (l->from / ENG_NODES_PER_HEX == h || l->to / ENG_NODES_PER_HEX == h ||
        l->before / ENG_NODES_PER_HEX == h)
        return true;
    for (int m = 0; m < l->nmid; m++)
        if (net->mids[l->mid + m] / ENG_NODES_PER_HEX == h)
            return true;
    return false;
}

/* Leg k of net, its track numbered as old's (h's n pieces, from rn->at, through to_old); false
 * when a piece has no match. */
static bool leg_as_old(const struct net *old, const struct net *net, const struct renumber *rn,
                       int n, const int *to_old, int k, uint64_t *bits)
{
    const uint64_t *own = net->leg_segs + (size_t)k * (size_t)net->words;
    memset(bits, 0, (size_t)old->words * sizeof *bits);
    for (int w = 0; w < net->words; w++)
        for (uint64_t word = own[w]; word; word &= word - 1) {
            int seg = w * 64 + __builtin_ctzll(word);
            bool in_h = seg >= rn->at && seg < rn->at + n;
            int as = in_h ? to_old[seg - rn->at] : seg;
            if (as < 0 || as >= old->words * 64)
                return false;
            bits[as / 64] |= (uint64_t)1 << (as % 64);
        }
    return true;
}

static bool same_leg(const struct net *old, int k, const struct net *net, int j,
                     const uint64_t *bits)
{
    const struct leg *a = &old->legs[k], *b = &net->legs[j];
    return a->from == b->from && a->to == b->to && a->before == b->before &&
           a->toll == b->toll && a->nmid == b->nmid &&
           memcmp(old->mids + a->mid, net->mids + b->mid, (size_t)a->nmid * sizeof(int)) == 0 &&
           memcmp(old->leg_segs + (size_t)k * (size_t)old->words, bits,
                  (size_t)old->words * sizeof *bits) == 0;
}

/* Whether net (the board of old changed in hex h, its n pieces of track numbered as rn says)
 * has old's legs and stops, but for the numbers of h's track: then its runs are old's. */
static bool same_network(const struct net *old, const struct net *net, int h,
                         const struct renumber *rn, int n)
{
    int nold = 0, nnew = 0;
    int *to_old = xmalloc(((size_t)n + 1) * sizeof *to_old);
    uint8_t *taken = xcalloc((size_t)old->nleg + 1, 1);
    uint64_t *bits = xmalloc((size_t)old->words * sizeof *bits);
    bool same = old->words == net->words && match_pieces(old, net, h, rn, n, to_old);
    for (int k = 0; same && k < old->nleg; k++)
        nold += leg_in(old, &old->legs[k], h);
    for (int j = 0; same && j < net->nleg; j++) {
        if (!leg_in(net, &net->legs[j], h))
            continue;
        nnew++;
        same = leg_as_old(old, net, rn, n, to_old, j, bits);
        int k = 0;
        while (same && k < old->nleg && (taken[k] || !same_leg(old, k, net, j, bits)))
            k++;
        same = same && k < old->nleg;
        if (same)
            taken[k] = 1;
    }
    free(to_old);
    free(taken);
    free(bits);
    return same && nold == nnew;
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
    eng_routes_build_net_as(&b->net, g, company, &spare);
    for (int i = 0; i < s->ntrains; i++) {
        int type = s->trains[i];
        if (b->listed[type])
            continue;
        struct view whole; /* (one list: nothing to keep) */
        uint8_t *none;
        eng_routes_runs_of(&b->net, &g->t->trains[type], type, true, NULL, &b->lists[type],
                           &whole, &none);
        b->listed[type] = true;
        index_by_hex(b, type);
    }
    eng_routes_best_of_lists(&b->net, s, b->lists, &b->best);
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
    eng_routes_free_lists(b->lists, b->listed);
    eng_routes_free_net(&b->net);
    free(b);
}

void eng_runs_before_best(const eng_runs_before *before, eng_run *out)
{
    *out = before->best;
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
        return eng_routes_best_run(g, before->company, out, true, 0); /* not what it knows */
    struct net net;
    struct renumber rn = {hex, before->net.nsegs, gone, before->words};
    eng_routes_build_net_as(&net, g, before->company, &rn);
    assert(net.words == before->words);
    if (same_network(&before->net, &net, hex, &rn, tr->npaths)) {
        eng_routes_free_net(&net);
        *out = before->best;
        return out->total;
    }
    struct change ch = {before, hex, legs_through(&net, hex)};
    int total = eng_routes_best_on(&net, g, s, &ch, true, 0, -1, out);
    free((void *)ch.leg_through);
    eng_routes_free_net(&net);
    return total;
}
