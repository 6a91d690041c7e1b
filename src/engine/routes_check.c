/* routes_check: the runs a director declares, checked under the rules of routes.h — each a run
 * the company may make, together sharing no track. */
#include "engine/routes_internal.h"
#include "util/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    eng_routes_build_net(&net, g, company);
    struct routes lists[ENG_MAX_TRAINS];
    struct view views[ENG_MAX_TRAINS];
    struct choice c = {.k = n, .words = net.words ? net.words : 1};
    int rc = 0, made = 0;
    for (int i = 0; i < n && rc == 0; i++, made++) {
        struct routes all;
        eng_routes_list_routes(&net, &g->t->trains[runs[i].train], &all);
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
        eng_routes_view_init(&views[i], &lists[i], NULL, NULL, 0);
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
        eng_routes_view_free(&views[i]);
        free(lists[i].v);
        free(lists[i].pool);
    }
    eng_routes_free_net(&net);
    return rc;
}
