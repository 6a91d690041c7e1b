/* routes_internal: what the files of the route optimizer share (routes.c and routes_*.c) — the
 * board as a graph, the lists of single-train runs, the view the choice reads them through, the
 * choice itself, and the runs of a board kept for house rule 17's search. Not for use outside
 * these files. The few functions the hot loops call across files are static inline here. */
#ifndef PBEMGM_ENG_ROUTES_INTERNAL_H
#define PBEMGM_ENG_ROUTES_INTERNAL_H

#include "engine/routes.h"

#include <stdbool.h>
#include <stdint.h>

enum { NOT_STOP, STOP_CITY, STOP_TOWN, STOP_OFFBOARD };

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
    uint8_t doubles; /* its hex's doubles_run (title.h: a run counting it counts its other
                      * cities, or stops, twice: 18Kaas's Ruhrgebied), else ENG_DOUBLES_NONE */
    int doubles_plus; /* its hex's doubles_run_plus: so much more each instead of twice, or 0 */
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

/* A board changed in one hex, numbered like the board before: the other hexes' track keeps
 * its numbers, the changed hex's comes after all of the board before's (numbers from `at`),
 * its old numbers left unused. */
struct renumber {
    int hex, at;   /* (hex -1: the board before itself, numbered as always) */
    int gone;      /* the changed hex's paths before */
    int words;     /* the words of every run's track: at least the board's own */
};

/* The same, numbered as rn says (NULL: as always). */
void eng_routes_build_net_as(struct net *net, const eng_game *g, int company,
                             const struct renumber *rn);

/* ---- single-train runs ---- */

struct route {
    int value;
    int nstops;
    uint16_t stops[ENG_MAX_RUN_STOPS]; /* (a node's number: below 65536, see
                                        * eng_routes_list_runs) */
};

/* A list of runs: run r's track is pool[r * words .. (r + 1) * words), so that reading the
 * runs in order reads both arrays in order. */
struct routes {
    int n, cap, words;
    struct route *v;
    uint64_t *pool;
};

static inline uint64_t *track_of(const struct routes *l, int r)
{
    return l->pool + (size_t)r * (size_t)l->words;
}

/* A listing that has found this many runs, with starts left, is shared with a second thread. */
#define HELP_FROM_RUNS 1024

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

static inline struct run_ref ref_of(const struct routes *l, int r)
{
    return (struct run_ref){&l->v[r], track_of(l, r)};
}

/* Merges the two lists up to run r (routes_best.c). */
void eng_routes_view_extend(struct view *v, int r);

/* Run r of the view (r < n). */
static inline struct run_ref view_at(struct view *v, int r)
{
    if (!v->b)
        return ref_of(v->a, r); /* one list: itself */
    if (v->have <= r)
        eng_routes_view_extend(v, r);
    return v->at[r];
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
    bool gave_up;                         /* the budget ran out, or (above) found */
    bool above;                           /* only a choice worth more than best at the start
                                           * is looked for, the first found ends the search */
};

static inline bool disjoint_of(const uint64_t *mask, const uint64_t *bits, int words)
{
    for (int i = 0; i < words; i++)
        if (bits[i] & mask[i])
            return false;
    return true;
}

static inline bool disjoint(const struct choice *c, const uint64_t *bits)
{
    return disjoint_of(c->used, bits, c->words);
}

static inline void toggle(struct choice *c, const uint64_t *bits)
{
    for (int i = 0; i < c->words; i++)
        c->used[i] ^= bits[i];
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
void eng_routes_runs_of(const struct net *net, const eng_train *train, int type, bool bounded,
                        const struct change *ch, struct routes *list, struct view *view,
                        uint8_t **skip);

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
    eng_run best;          /* the best run of the company's trains on this board */
};

/* The board as a graph for the company (routes_net.c), numbered as always. */
void eng_routes_build_net(struct net *net, const eng_game *g, int company);
void eng_routes_free_net(struct net *net);

/* The listing (routes.c): every run of the train, by value (the best first) or in the order
 * found; the same in the order found (eng_routes_list_routes); every run through hex h
 * (leg_through: per leg, whether it touches h). A listing with this many runs found, and starts
 * left, is shared with a second thread. */
extern int eng_routes_help_from;
void eng_routes_list_runs(const struct net *net, const eng_train *train, bool by_value,
                          struct routes *out);
void eng_routes_list_routes(const struct net *net, const eng_train *train, struct routes *out);
void eng_routes_list_through(const struct net *net, const eng_train *train, int h,
                             const uint8_t *leg_through, bool by_value, struct routes *out);

/* The view and the choice (routes_best.c). */
void eng_routes_view_init(struct view *v, const struct routes *a, const struct routes *b,
                          const uint8_t *skip, int skipped);
void eng_routes_view_free(struct view *v);
void eng_routes_free_lists(struct routes *lists, const bool *listed);
int eng_routes_best_on(const struct net *net, const eng_game *g, const eng_company_state *s,
                       const struct change *ch, bool bounded, long budget, int above,
                       eng_run *out);
int eng_routes_best_run(const eng_game *g, int company, eng_run *out, bool bounded,
                        long budget);
int eng_routes_best_of_lists(const struct net *net, const eng_company_state *s,
                             const struct routes *lists, eng_run *out);

#endif
