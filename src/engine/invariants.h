/* invariants: what must hold of a game after every action applied to it — money neither made
 * nor lost, each company's certificates adding to 100% in places that exist, the certificate
 * and train limits where the rules hold them, every train and every station marker in exactly
 * one place. Checked around each applied action in the test and fuzz builds (compiled with
 * -DENG_CHECK_INVARIANTS), where one the action broke is fatal: the impossible state aborts
 * with the action and what broke (as OpenSMTPD's fatalx). A game begins with them all held, so
 * every state a game reaches holds them. The release build does not check. Pure but for the
 * fatal report. */
#ifndef PBEMGM_ENG_INVARIANTS_H
#define PBEMGM_ENG_INVARIANTS_H

#include "engine/game.h"

#include <stddef.h>

/* Every invariant of g, the state after action a was applied (a NULL: no action, e.g. a new
 * game): 0, or -1 with the first one broken in what ("money: ...", "certificates: ...",
 * "certificate limit: ...", "train limit: ...", "trains: ...", "stations: ..."). */
int eng_invariants_check(const eng_game *g, const eng_action *a, char *what, size_t len);

/* What an action is checked against: the invariants that held before it (a state set up by
 * hand, as tests do, may break some: the action is answerable only for those that held), and
 * the money and the trains in the game then, which it must neither make nor lose (trains but
 * those that rust or go obsolete). */
typedef struct eng_invariants_before {
    unsigned held;                      /* bit k: the k-th class of checks held */
    int money;                          /* bank, players and companies */
    int trains[ENG_MAX_TRAIN_TYPES];    /* per kind: held, in the pool, with the bank */
} eng_invariants_before;

void eng_invariants_note(const eng_game *g, const eng_action *a, eng_invariants_before *b);

/* After action a was applied to g with result rc (b noted before it): when rc is 0 and the
 * action broke an invariant, says on stderr which, after which action (the action as the log
 * writes it, its player, the round), and aborts. Returns rc. */
int eng_invariants_after(const eng_game *g, const eng_action *a, const eng_invariants_before *b,
                         int rc);

/* The one call, around an action's application in eng_apply: the checks in test and fuzz
 * builds, the application alone in the release one. */
#ifdef ENG_CHECK_INVARIANTS
#define ENG_INVARIANTS_CHECKED(g, a, application)                                              \
    __extension__({                                                                            \
        eng_invariants_before inv_before_;                                                     \
        eng_invariants_note((g), (a), &inv_before_);                                           \
        eng_invariants_after((g), (a), &inv_before_, (application));                           \
    })
#else
#define ENG_INVARIANTS_CHECKED(g, a, application) (application)
#endif

#endif
