/* order: the order language of a player's mail (docs/orders.md) — what a player asks for this
 * turn, line by line, with contingencies. A line is an order: optional conditions (IF ...
 * THEN), then one action or alternatives (A ELSE B ELSE C), tried in order when the order's
 * moment comes. Orders are grouped: stock-round orders first, then one section per company the
 * player directs ("BY:"), in the order written. Words are case-insensitive; names are checked
 * against the title later (by the turn resolver), not here: the parser knows the language, not
 * the game (but for the names its errors' examples give). Every line that is not understood
 * gets an error with its line number. */
#ifndef PBEMGM_ORD_ORDER_H
#define PBEMGM_ORD_ORDER_H

#include "engine/title.h"
#include "orders/envelope.h"

#include <stdbool.h>

#define ORD_NAME 16
/* A place: a hex ("L14") or a city as the map names it ("Fürth/Nürnberg", "New York"). */
#define ORD_PLACE 40
#define ORD_MAX_ALTS 8
#define ORD_MAX_CONDS 4
#define ORD_MAX_STOPS 16

typedef enum {
    ORD_BUY,          /* BUY [n] [pct%] CO [PAR p] [FROM POOL|IPO|player]: n certificates (house
                       * rule 20); from a player: the director's nationalisation at 150%; PAR:
                       * the par of a company started with it (price) */
    ORD_SELL,         /* SELL [n] [pct%] CO */
    ORD_PASS,
    ORD_LAY,          /* LAY tile [ON] hex [ROT r] */
    ORD_NO_TILE,      /* NO TILE */
    ORD_STATION,      /* STATION hex [CITY n] */
    ORD_NO_STATION,
    ORD_RUN,          /* RUN BEST | RUN amount */
    ORD_ROUTE,        /* ROUTE train hex hex ...: one train's run, stop by stop */
    ORD_PAYOUT,
    ORD_WITHHOLD,
    ORD_BUY_TRAIN,    /* BUY TRAIN type [FROM POOL | FROM CO FOR price] */
    ORD_NO_TRAIN,
    ORD_SELL_TRAIN,   /* SELL TRAIN type TO CO FOR price: the seller's agreement */
    ORD_DISCARD,      /* DISCARD type */
    ORD_FORM,         /* FORM PR (the founder's owner) */
    ORD_NO_FORM,      /* DO NOT FORM */
    ORD_EXCHANGE,     /* EXCHANGE M3; EXCHANGE STATION hex [CITY n] (hex set, no company): in a
                       * national's formation round (1856's CGR) its director has it take over
                       * that station of a company merged into it (ord_station_exchange) */
    ORD_KEEP,         /* KEEP M3: no exchange */
    ORD_PRIVATE,      /* USE NF: a private's station power */
    ORD_GOAL,         /* GOAL hex-or-city: the company's stated intention (house rule 12) */
    ORD_ONE_ROUND,    /* this turn covers one round only (house rule 14) */
    ORD_HOME,         /* HOME [hex] CITY n: the city of its home hex a company whose home is
                       * its director's choice (1830's Erie) places its home station in */
    ORD_BID,          /* BID price ON item | BID UP TO price ON item: a start packet sold by
                       * auction (company: the item; up_to: price is a limit raised to) */
    ORD_PAR,          /* PAR CO price: the par of a company started with an item */
    ORD_BUY_PRIVATE,  /* BUY PRIVATE priv FOR price: the company buys it from its owner */
    ORD_SELL_PRIVATE, /* SELL PRIVATE priv TO CO FOR price: the owner's agreement to it */
    ORD_GIVE_UP,      /* GIVE UP CO: in a national's formation round (1856's CGR) its
                       * director lets the company merge rather than repay its loans */
    ORD_BUY_BONUS,    /* BUY BONUS priv-or-bonus: a private's run bonus (1856's bridge and
                       * tunnel tokens; priv: the private, or the bonus's name, "Bridge") */
    ORD_PORT,         /* PORT hex: the company's private's marker placed there (1856's port) */
    ORD_TAKE_LOAN,    /* TAKE LOAN (or LOAN): the company takes one loan (a title's loans: 1856) */
    ORD_REPAY_LOAN,   /* REPAY [n | ALL] [LOAN | LOANS]: the company repays n loans (count; 1
                       * when not said; ORD_ALL_LOANS: all its money pays for) */
} ord_kind;

#define ORD_ALL_LOANS (-1) /* REPAY ALL: as many loans as the company can repay */

typedef struct ord_action {
    ord_kind kind;
    int count;                /* certificates to buy or sell (1 when not said) */
    int percent;              /* an explicit certificate size (BUY 20% MS); 0: any */
    char company[ORD_NAME];   /* BUY/SELL/EXCHANGE/KEEP/FORM/USE/PAR; FROM company (trains); the
                               * item bid on; TO company (a train or a private sold) */
    char priv[ORD_NAME];      /* BUY/SELL PRIVATE: the private */
    bool up_to;               /* BID UP TO: price is the most the player bids */
    bool from_pool, from_ipo;
    char seller[ORD_NAME];    /* BUY ... FROM a player (nationalisation; BUY PRIVATE priv FROM a
                               * player); SELL PRIVATE priv TO a player: that player (a private
                               * sold between players, 1830) */
    char hex[ORD_PLACE], tile[ORD_NAME];
    int rot;                  /* -1: not said */
    int city;                 /* STATION CITY n (1-based; after LAY: the tile's city for the
                               * station already on the hex); 0: not said */
    int revenue;              /* RUN amount; -1: RUN BEST */
    char train[ORD_NAME];
    int price;                /* a train or a private from its owner; a bid; a par */
    char goal[ORD_PLACE];
    int nstops;               /* ROUTE: the hexes of the run in order */
    char stops[ORD_MAX_STOPS][8];
} ord_action;

/* Whether the action is EXCHANGE STATION: an ORD_EXCHANGE naming a hex (a kind of its own
 * would not fit: the turn's KIND() holds ord_kind values below 32 only). */
static inline bool ord_station_exchange(const ord_action *a)
{
    return a->kind == ORD_EXCHANGE && a->hex[0] != '\0';
}

typedef enum { ORD_IF_AVAILABLE, ORD_IF_DIRECT, ORD_IF_CASH, ORD_IF_PHASE, ORD_IF_TRAIN } ord_cond_kind;
typedef enum { ORD_GE, ORD_LE, ORD_GT, ORD_LT, ORD_EQ } ord_cmp;

typedef struct ord_cond {
    ord_cond_kind kind;
    bool negate;              /* IF NOT ... */
    char name[ORD_NAME];      /* a company (AVAILABLE, DIRECT) or a train (TRAIN ... AVAILABLE) */
    ord_cmp cmp;              /* CASH, PHASE */
    int value;
} ord_cond;

typedef struct ord_order {
    int line;
    char section[ORD_NAME];   /* "" for stock-round orders, else the company ("BY") */
    bool standing;            /* STANDING: lasts across turns until cancelled */
    bool earlier;             /* carried over from an earlier turn (a standing order or goal) */
    int mail;                 /* which of the player's mails for the turn it came in (1, 2, ...)
                               * when they came in more than one (their line numbers would
                               * collide); 0: one mail (not stored: the service says it) */
    int nconds;
    ord_cond conds[ORD_MAX_CONDS];
    int nalts;
    ord_action alts[ORD_MAX_ALTS];
} ord_order;

typedef struct ord_orders {
    ord_order *v;
    int n;
    bool one_round;
} ord_orders;

/* Parses the order lines of an envelope into orders; errors go to the envelope, with their
 * line numbers. Never fails otherwise. The errors' examples name the title's companies, private
 * and train ("FROM PRR FOR 100"); ord_parse, with no title known, says what goes there ("FROM
 * company FOR price"). */
void ord_parse_for(ord_envelope *env, const eng_title *t, ord_orders *out);
void ord_parse(ord_envelope *env, ord_orders *out);
void ord_orders_clear(ord_orders *o);
/* The order in canonical form, as the acknowledgement repeats it. */
char *ord_format(const ord_order *o);
/* One alternative of an order in canonical form ("NO TILE"). */
char *ord_format_action(const ord_action *a);
/* The same as a player writes it, what goes without saying unsaid ("BUY NF" for BUY 1 NF): for
 * the orders a mail suggests; it reads back as the same action. */
char *ord_format_action_as_written(const ord_action *a);

#endif
