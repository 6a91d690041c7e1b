/* turn: resolves one turn of a play-by-email game — the players' orders (src/orders) turned into
 * engine actions at the moment each player or company is due to act, under the GM's house
 * rules (docs/orders.md says what a player may expect):
 * - stock rounds: each player turn takes the player's next order; a SELL goes with the BUY
 *   after it (house rule 18); an order that cannot be carried out makes that turn a pass and
 *   nothing else is put in its place (house rule 19); "BUY 2 BA" is two certificates on two
 *   turns (house rule 20);
 * - operating rounds: a company acts on its director's orders as they stand when it operates;
 *   a tile or station that cannot be placed falls back through house rule 17's steps A-D;
 * - players who sent nothing (NMR) get their standing orders, goals and automatic play
 *   (house rules 12, 13); ambiguous orders are not carried out (house rule 16);
 * - the turn covers a number of rounds (house rule 14), fewer when the Prussian forms.
 * Pure like the engine: no I/O, deterministic. The report lines and the actions it applied (as
 * JSON, for the action log) come back in the result. */
#ifndef PBEMGM_TURN_TURN_H
#define PBEMGM_TURN_TURN_H

#include "engine/game.h"
#include "orders/order.h"
#include "util/buf.h"

#include <stdbool.h>

typedef struct turn_settings {
    int rounds;                  /* rounds this turn covers (house rule 14): default 2 */
    bool stop_after_formation;   /* the turn ends with the round in which the Prussian forms */
    bool preview;                /* a check, not the turn: house rule 17's searches are not run
                                  * (an impossible tile or station is only said) */
    char one_round_by[128];      /* who limited the turn to one round ("alice", "the game
                                  * master"), said where an order is not reached for it; "" */
} turn_settings;

void turn_settings_default(turn_settings *s);
/* House rule 14, the one reading of it (the turn and the acknowledgement both take their
 * settings from here): a turn covers rounds_per_turn rounds, one when anyone asked —
 * one_round_by names who did (the game master, any player's ONE ROUND: "alice and bob"), ""
 * for nobody — and it stops with the round in which the Prussian forms when
 * stop_after_formation. */
void turn_settings_for(turn_settings *s, int rounds_per_turn, bool stop_after_formation,
                       const char *one_round_by);

typedef struct turn_player {
    const ord_orders *orders;    /* the player's orders for the turn (standing ones included);
                                  * NULL when there are none */
    bool nmr;                    /* sent no orders for this turn (house rule 13) */
    bool idle;                   /* a preview's other player: passes, lays nothing, runs best */
} turn_player;

/* What became of an order: carried out, or not (why: the condition did not hold, the engine's
 * reason, the round ended before its turn ...). Every order of a turn ends with one. */
typedef enum { TURN_FATE_UNUSED = 0, TURN_FATE_DONE, TURN_FATE_NOT_DONE } turn_fate_kind;
typedef struct turn_fate {
    turn_fate_kind kind;
    int alt;        /* carried out: which alternative (0 the first; 1 and on its ELSEs) */
    char why[1024]; /* not carried out: why; carried out by an ELSE: why not the first (an
                     * ELSE chain of eight alternatives, each with its reason) */
} turn_fate;

typedef struct turn_result {
    turn_fate *fates[ENG_MAX_PLAYERS]; /* per player, index-aligned with its orders */
    int nfates[ENG_MAX_PLAYERS];
    buf report;                  /* what happened, a line each, orders' fates included */
    int nactions;
    char **actions;              /* the engine actions applied, as JSON, in order */
    int rounds;                  /* rounds completed in the turn */
    char rounds_text[256];       /* which: "stock round 2, operating round 2.1" */
    bool formed;                 /* the Prussian formed in this turn */
    bool game_over;
    int nrulings;
    char **rulings;              /* where the game master decided for a player (an NMR, house
                                  * rule 16's ambiguous orders, house rule 17's fallbacks, a
                                  * company played for its director): the report's line each */
} turn_result;

/* Plays the turn on g from its current state with players[0..g->nplayers-1]. Returns 0, or -1
 * when the resolver could not go on (a bug: said in the report; g holds what was applied). */
int turn_resolve(eng_game *g, const turn_settings *s, const turn_player *players,
                 turn_result *out);
void turn_result_clear(turn_result *r);

/* The ROUTE orders (one a train) in company c's section of these orders, as the rules would
 * run them now: their total; -1 with why when they cannot be run; -2 when there are none. */
int turn_route_total(const eng_game *g, int c, const ord_orders *orders, char *why, size_t len);

/* Whether the names an order uses (companies, trains, tiles, hexes, goals) are the title's:
 * 0, or -1 with why. */
int turn_check_order(const eng_title *t, const ord_order *o, char *why, size_t len);

/* The hex a place names — a GOAL, a STATION's or a tile's hex: a hex ("L14") or a hex's name
 * or one of its parts, with umlauts or without ("Berlin", "Nürnberg", "Nuernberg",
 * "Fürth/Nürnberg", 1830's "New York" of "New York & Newark"), or -1. */
int turn_place_hex(const eng_title *t, const char *goal);

/* The player's orders tried on a copy of g (g is not changed) as the turn would carry them out,
 * the other players idle (passing, laying nothing, running their best): the fates of
 * out->fates[player] are the turn's own checks, the others' orders unknown (the
 * acknowledgement); an order the preview did not reach (the others' passes ended the round
 * first) keeps TURN_FATE_UNUSED. A preview writes no report and keeps no action (out->report
 * stays empty, out->actions NULL each): the fates are all it is for. 0, or -1 when the resolver
 * could not go on. */
int turn_preview(const eng_game *g, const turn_settings *s, int player, const ord_orders *orders,
                 turn_result *out);

/* What became of an order, in words: "carried out", "carried out by its ELSE \"NO TILE\" (the
 * first could not be: why)" or "not carried out: why". */
void turn_fate_text(const turn_fate *f, const ord_order *o, buf *out);
/* The player's orders and their fates, a line each ("line 4 \"BUY 1 BY\": carried out"). */
void turn_fates_text(const turn_result *r, int player, const ord_orders *orders, buf *out);

/* turn_check_order, and the names written as the title has them: an alias ("SxE") becomes the
 * company's id, a hex, tile or train its id in the title's spelling, a goal its hex; a
 * percentage no certificate of the company has ("BUY 30% BA") becomes that many certificates
 * (house rule 20). An unknown name is refused with a suggestion where one is near. */
int turn_canonical_order(const eng_title *t, ord_order *o, char *why, size_t len);

#endif
