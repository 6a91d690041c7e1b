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
    struct change ch = {before, hex, legs_through(&net, hex)};
    int total = eng_routes_best_on(&net, g, s, &ch, true, 0, out);
    free((void *)ch.leg_through);
    eng_routes_free_net(&net);
    return total;
}
