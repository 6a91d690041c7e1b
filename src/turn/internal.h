/* internal: what the parts of the turn resolver share — the resolution in progress, the
 * players' orders with what is used of them, and the one way to act (turn_act: apply an action,
 * record it, report its events). Not for use outside src/turn.
 * The parts, lowest first (none calls a part above it): act.c, fate.c, cond.c, place.c; then
 * packet.c and fallback.c; stock.c and operate.c; turn.c, the loop; preview.c, which runs the
 * loop on a copy. check.c (the names an order uses) needs only place.c. */
#ifndef PBEMGM_TURN_INTERNAL_H
#define PBEMGM_TURN_INTERNAL_H

#include "turn/turn.h"

typedef struct turn_orders {
    const ord_orders *o;         /* NULL: none */
    bool nmr;
    bool idle;                   /* a preview's other player */
    int *used;                   /* per order: certificates bought so far (BUY n), or USED_UP */
} turn_orders;

typedef struct turn_ctx {
    eng_game *g;
    const turn_settings *set;
    turn_result *out;
    turn_orders pl[ENG_MAX_PLAYERS];
    int limit;                   /* rounds this turn is to cover */
    bool stop;                   /* the turn is over */
    /* where the operating company's turn is, so that one interrupted (a discard, a formation)
     * goes on where it stopped */
    /* per company: operated in this turn, and its director then */
    bool operated[ENG_MAX_COMPANIES];
    bool ran[ENG_MAX_COMPANIES]; /* ran with trains in this turn (else: had none at its run) */
    int operated_by[ENG_MAX_COMPANIES];
    bool had_stock_round;        /* a stock round (or the start packet) was played */
    char round[64];              /* the round under way, by name */
    int start_round;             /* ... its number when it is the start packet's, else 0 */
    size_t listed_at;            /* where the last round in out->rounds_text is named */
    int listed_from, listed_to;  /* ... the start packet's rounds it names, or 0 */
    int passed_in_auction[ENG_MAX_PLAYERS]; /* the item + 1 of the auction among bidders in
                                 * which the player has passed with no further bid (he stays in
                                 * without LeaveAuctionOnPass: asked again, he passes again) */
} turn_ctx;

/* ---- act.c: acting and saying ---- */

/* Applies the action: 0, or -1 with why (and nothing changed). Records and reports it, and
 * counts the rounds it ended (the turn stops when it has covered its rounds). */
int turn_act(turn_ctx *x, const eng_action *a, char *why, size_t len);
/* A line of the report (a newline is added). */
void turn_say(turn_ctx *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line of the report where the GM decides for a player: said, and kept in the result's
 * rulings for the GM to look at before release — after "whose: " (the player and section the
 * line does not name itself; NULL when it does). */
void turn_ruling(turn_ctx *x, const char *whose, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The order in its canonical form, for the report ("line 4: BUY BA"). */
void turn_say_order(turn_ctx *x, int player, const ord_order *o, const char *fate);
/* The round the game is in now, named in x->round. */
void turn_round_under_way(turn_ctx *x);

/* ---- fate.c: what became of the orders ---- */

/* The fate of player p's order i: carried out, or not with why (printf-like). An order keeps its
 * first fate. */
void turn_done(turn_ctx *x, int p, int i);
void turn_not_done(turn_ctx *x, int p, int i, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* An agreement (order i of player p: an owner's SELL PRIVATE) shares the fate of the
 * purchase that used it: rc 0 carried out, else not, for why. */
void turn_agreement_fate(turn_ctx *x, int p, int i, int rc, const char *why);
/* The index of order o in player p's orders. */
int turn_order_index(const turn_ctx *x, int p, const ord_order *o);
/* Why an alternative could not be, added to why the ones before it could not ("X; its ELSE
 * could not be either: Y"): every part of a failed order gives its reason. */
void turn_add_reason(char *why, size_t len, const char *w);
/* The order's alternative k was carried out (from: the first tried, 1 when its IF did not hold;
 * first_why: why the first tried could not be): its fate says so when k is an ELSE. */
void turn_used_alternative(turn_ctx *x, int p, const ord_order *o, int k, int from,
                           const char *first_why);

/* ---- cond.c: what the turn asks of the game ---- */

/* Whether the order's conditions hold now for the player (company section: CASH is the
 * company's treasury). */
bool turn_conds_hold(const turn_ctx *x, int player, const ord_order *o);
/* Where an order starts: 0 when its conditions hold; 1 when they do not and it has an ELSE
 * ("IF c THEN a ELSE b" does b); -1 when they do not and it has none: it is skipped. */
int turn_first_alt(const turn_ctx *x, int player, const ord_order *o);
/* The next order of the player in a section ("" the stock round) not used up, at or after
 * *pos, whose kind is in kinds (a bit per ord_kind); -1 when none. */
int turn_next_order(const turn_ctx *x, int player, const char *section, unsigned kinds, int pos);
/* The start packet's unsold item that sells the company, or -1. */
int turn_unsold_item(const eng_game *g, int company);
/* The company's best run with one more train of this type (tried on a copy): what a train to
 * buy would earn, for the choices made for a director. */
int turn_run_with_train(const eng_game *g, int company, int type);

/* ---- place.c: places by name (turn_place_hex is in turn.h) ---- */

/* A place of the title whose id or name (or a part of it, umlauts folded) is near the word: its
 * id when the word is near the id ("F66": "F6"), else its name as the title writes it; NULL when
 * none is. */
const char *turn_place_near(const eng_title *t, const char *word);

/* ---- packet.c: the start packet's bids and pars ---- */

/* A BID alternative of player p as the engine's bid (BID UP TO: the least bid allowed now,
 * within the limit): 0, or -1 with why. */
int turn_try_bid(turn_ctx *x, int p, const ord_action *b, char *why, size_t len);
/* Player p's turn when the game waits on him for something other than his next order — a
 * par to choose, or the auction among an item's bidders — played; false when it does not. */
bool turn_packet_turn(turn_ctx *x, int p);

/* ---- fallback.c: house rule 17 ---- */

/* House rule 17's steps B-D for a tile or a station: applies the lay/station chosen, or none;
 * says which step decided — for an order that failed, or (automatic) for a company played for
 * its director. */
void turn_fallback_tile(turn_ctx *x, int company, const char *goal, bool automatic);
void turn_fallback_station(turn_ctx *x, int company, const char *goal, bool automatic);

/* ---- stock.c: stock rounds (and the start packet) and formation rounds ---- */

/* One stock-round turn of player p on his orders; a par to choose or an auction among bidders
 * is played first. */
void turn_stock_turn(turn_ctx *x, int p);
/* Player p's part in a formation round (house rule 10). */
void turn_formation_turn(turn_ctx *x, int p);
/* Whether the order trades a private for a share on its owner's stock-round turn (1830's M&H)
 * rather than in a formation round. */
bool turn_stock_exchange(const eng_title *t, const ord_order *o);

/* ---- national.c: a national's director's choices after it formed (1856's CGR) ---- */

/* Player p, the national's director, chooses on his orders (EXCHANGE STATION from any section,
 * DISCARD from the national's), or passes: the fixed rule for the rest. */
void turn_national_choices(turn_ctx *x, int p);

/* ---- operate.c: operating rounds ---- */

/* One company's turn in an operating round. */
int turn_operate(turn_ctx *x);
/* A company over its train limit discards. */
int turn_discard(turn_ctx *x);

#define KIND(k) (1u << (k))
/* (a bit of an unsigned: the order kinds must stay below 32; the last one now is REPAY) */
_Static_assert(ORD_REPAY_LOAN < 32, "KIND() holds ord_kind values below 32 only");
#define USED_UP (1 << 20)

#endif
