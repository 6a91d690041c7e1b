/* hooks: what a title's rules need beyond its data (config/games/TITLE.json), as one struct of
 * named hooks per title (docs/titles.md, "Adding a title"). The struct is found by the title's
 * id in one table (titles/titles.c, as OpenSMTPD's table.c finds a backend) when a game is
 * created, and kept in the game (g->hooks). A title without an entry, or a NULL hook, means the
 * default rule, said at each hook below. Generic code includes this header only, never a
 * title's file; it calls a hook through g->hooks, usually by the helpers at the bottom. */
#ifndef PBEMGM_ENG_HOOKS_H
#define PBEMGM_ENG_HOOKS_H

#include "engine/game.h"

#include <stdbool.h>
#include <stddef.h>

/* A way of dealing the start packet a title adds to the two every title has (a choice's rule
 * "start_order": "standard", the items of the top row in seating order, and "snake", the same
 * with the second round of dealing reversed), named by that rule's word in the title's JSON.
 * Each member NULL or false: as standard. */
typedef struct eng_dealing {
    const char *name;        /* the word of the rule ("clemens") */
    /* every unsold item on sale at once; false: the rows of the packet say what is */
    bool all_items_open;
    /* the packet is dealt within stock rounds, from the first, until it is sold out
     * (g->packet_in_stock_round): a round of it counts as a stock round, dealing resumes from
     * the player who dealt last, and the rest of the stock round goes on once it is sold */
    bool in_stock_rounds;
    /* the first round of dealing begins: sets g->current and g->direction; NULL: the first
     * player, in seating order */
    void (*first_dealer)(eng_game *g);
    /* the direction of dealing after a round of it (g->cycle counts those begun, g->direction
     * is the one in use); NULL: in seating order (+1) */
    int (*direction_after_round)(const eng_game *g);
    /* whether the major `company`, not yet open for sale, opens now; NULL: as its
     * "available" data says */
    bool (*company_opens)(const eng_game *g, int company);
} eng_dealing;

/* A title's special round, held before the stock and operating rounds while it is due, or
 * asked for by an operating round in the middle of an action (a train bought), which goes on
 * after it (order.c). g->forming is true while it is under way; its end sets g->round_state to
 * ENG_SPECIAL_ROUND_FINISHED, g->formation_next saying what follows (ENG_AFTER_FORMATION_...).
 * No due hook: the title has no special round. */
typedef struct eng_special_round {
    bool (*due)(const eng_game *g);               /* whether one is due now */
    void (*begin)(eng_game *g, int next);         /* it begins; next: ENG_AFTER_FORMATION_... */
    int (*act)(eng_game *g, const eng_action *a, char *why, size_t len); /* an action in it */
    /* the first train of kind `type` was bought: sets g->formation_pending (and
     * g->formation_force) when that asks for the round at once; NULL: never */
    void (*first_train)(eng_game *g, int type);
} eng_special_round;

typedef struct eng_title_hooks {
    const char *id;              /* the title's id ("1835"), as its JSON's "title" */
    int ndealings;
    const eng_dealing *dealings; /* ways of dealing beyond standard and snake */
    eng_special_round special;
} eng_title_hooks;

/* ---- asked by generic code: the default rule when the hook is absent ---- */

static inline bool eng_special_round_due(const eng_game *g)
{
    return g->hooks && g->hooks->special.due && g->hooks->special.due(g);
}

/* Every unsold item of the start packet on sale at once (else by rows). */
static inline bool eng_dealing_all_open(const eng_game *g)
{
    return g->dealing && g->dealing->all_items_open;
}

#endif
