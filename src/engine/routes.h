/* routes: the runs of a company's trains and the best of them. A run of one train goes from stop
 * to stop along track (cities, towns, off-boards), at least one city holding the company's
 * station, no stop twice, no track twice, not through a city other companies' tokens fill (it may
 * start or end there; a city with a neutral station never stops it, a terminal one always:
 * board.h's eng_city_blocks), nor through an off-board (which ends it); an n-train counts at
 * most n stops, an n+n train n cities and off-boards plus n towns; each group (Berlin's two
 * cities, the Elsass and Oberschlesien off-boards) once per train; an off-board worth nothing in
 * this phase leaves the map, unless it doubles the run (title.h's doubles_run: 18Kaas's
 * Ruhrgebied, whose run counts its other cities twice); a ferry's toll comes off the run
 * (Hamburg's Elbe: HamburgFerry=GM, house rule 3, also when the run starts or ends on the bank
 * across from the company's station, and every train may take the ferry; =Rails, only when a
 * run crosses). The trains of one company share
 * no other track. eng_best_run() finds the best total exactly by a bounded search;
 * eng_best_run_exhaustive() tries every combination — the baseline the tests and the benchmark
 * compare it with. Pure. */
#ifndef PBEMGM_ENG_ROUTES_H
#define PBEMGM_ENG_ROUTES_H

#include "engine/game.h"

/* The stops one run may count: more than any title's map lets a run reach, so that an unlimited
 * train (1830's and 1856's D) is never cut short. 1856's map has 26 cities, 23 towns and its
 * off-boards (a run ends at them: two at most), 51 stops; its D ran 18 in Rails' 1856_A (line
 * 1668) and 20 later, where 16 made the best 40 short. */
#define ENG_MAX_RUN_STOPS 64

typedef struct eng_train_run {
    int train;                      /* the train type */
    int revenue;                    /* 0 when it does not run */
    int nstops;
    int stops[ENG_MAX_RUN_STOPS];   /* hex * ENG_NODES_PER_HEX + node (board.h), in order */
} eng_train_run;

typedef struct eng_run {
    int total;
    int ntrains;
    eng_train_run trains[ENG_MAX_TRAINS];
    long routes_considered;         /* single-train runs found, for the benchmark */
} eng_run;

/* The company's best total revenue now with its trains, and one way to earn it. Each thread
 * remembers its last results by a fingerprint of what they depend on (the board, the company's
 * trains, the phase), so asking again on an unchanged board costs nothing. */
int eng_best_run(const eng_game *g, int company, eng_run *out);
/* Tells the memory of eng_best_run this thread's run of the company on g, found otherwise (house
 * rule 17's search: eng_runs_before_best): asked for, it is not computed again. */
void eng_best_run_remember(const eng_game *g, int company, const eng_run *run);
/* Whether the company's trains can earn more than floor (>= 0): the total of the first choice
 * found worth more, else at most floor (a search that stops early: not the best run). */
int eng_run_above(const eng_game *g, int company, int floor);
/* The same, always computed (the benchmark's timing). */
int eng_best_run_fresh(const eng_game *g, int company, eng_run *out);
/* The same total by trying every combination of single-train runs (slow; for checks). */
int eng_best_run_exhaustive(const eng_game *g, int company, eng_run *out);
/* The same within a number of combinations tried: the total, or -1 when it did not finish (for
 * the benchmark's hard positions). */
int eng_best_run_exhaustive_within(const eng_game *g, int company, long steps, eng_run *out);

/* For tests, before any other call: the length of a train's list of runs from which the
 * optimizer reads it through an index by track, and the runs found from which a listing is
 * shared with a second thread (-1: the defaults, 2048 and 1024), so that every way of finding the
 * best run can be checked on small positions. */
void eng_routes_tune(int index_from, int help_from);

/* The runs of a company on a board, kept to find the best run of the same board changed in one
 * hex (a tile laid there) quickly: the runs that do not touch the hex are the same, only those
 * through it are listed again. For house rule 17's trial of every legal lay; read-only once
 * made (threads may share it). */
typedef struct eng_runs_before eng_runs_before;
eng_runs_before *eng_runs_before_new(const eng_game *g, int company);
void eng_runs_before_free(eng_runs_before *b);
/* eng_best_run on g, which is the board of `before` changed in hex `hex` only (the company's
 * trains the same; else it is computed whole): the same total. */
/* The best run of the board `before` was made on (from the runs it listed). */
void eng_runs_before_best(const eng_runs_before *before, eng_run *out);
int eng_best_run_changed(const eng_runs_before *before, const eng_game *g, int hex,
                         eng_run *out);

/* Checks the runs a director declares (each a train of the company and its stops in order, as
 * eng_train_run), under the same rules: each must be a run the company may make, and together
 * they share no track. Returns their total, or -1 with a reason a player can read. */
int eng_check_runs(const eng_game *g, int company, const eng_train_run *runs, int n, char *why,
                   size_t len);

#endif
