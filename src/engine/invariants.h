/* invariants: what must hold of a game after every action applied to it — money neither made
 * nor lost, each company's certificates adding to 100% in places that exist, the certificate
 * and train limits where the rules hold them, every train and every station marker in exactly
 * one place. Checked after each applied action in the test and fuzz builds (compiled with
 * -DENG_CHECK_INVARIANTS), where a broken one is fatal: an impossible state aborts with the
 * action and what broke (as OpenSMTPD's fatalx). The release build does not check. Pure but
 * for the fatal report. */
#ifndef PBEMGM_ENG_INVARIANTS_H
#define PBEMGM_ENG_INVARIANTS_H

#include "engine/game.h"

#include <stddef.h>

/* Every invariant of g, the state after action a was applied (a NULL: no action, e.g. a new
 * game): 0, or -1 with the first one broken in what ("money: ...", "certificates: ...",
 * "certificate limit: ...", "train limit: ...", "trains: ...", "stations: ..."). */
int eng_invariants_check(const eng_game *g, const eng_action *a, char *what, size_t len);

/* After action a was applied to g with result rc: when rc is 0 and an invariant is broken,
 * says on stderr which, after which action (its kind, its player, the action as the log
 * writes it, the round), and aborts. Returns rc. */
int eng_invariants_after(const eng_game *g, const eng_action *a, int rc);

/* The one call in eng_apply: the check in test and fuzz builds, nothing in the release one. */
#ifdef ENG_CHECK_INVARIANTS
#define ENG_INVARIANTS_AFTER(g, a, rc) eng_invariants_after((g), (a), (rc))
#else
#define ENG_INVARIANTS_AFTER(g, a, rc) (rc)
#endif

#endif
