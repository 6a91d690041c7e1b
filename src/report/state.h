/* state: a game's state as a report shows it (src/report/state.c): a typed struct built once from
 * the engine, read by the text tables, and given to the templates as JSON made from it. */
#ifndef PBEMGM_REP_STATE_H
#define PBEMGM_REP_STATE_H

#include "engine/game.h"

#include <cJSON.h>

/* A player: seat is 1-based; holdings "BY 20% (director), M3, a bid of 45 on SVB (held)" or "-". */
typedef struct rep_player {
    const char *name;
    int seat, cash, certificates, limit, worth;
    char *holdings;
} rep_player;

/* A company the report shows (a major started, a minor owned): director a seat index (-1: none);
 * price 0: none; ipo and pool the percentages held there (majors only); colours "#rrggbb". */
typedef struct rep_company {
    const char *id;
    int director, cash, price;
    char *trains; /* "2, 3" or "-" */
    int stations_placed, stations;
    bool major, floated;
    int ipo, pool;
    char color[8], text_color[8];
    /* a title whose capitalisation goes by the train on sale (1856): the company's ("escrow"),
     * else NULL; its destination hex ("F17") or NULL, whether reached, the escrow held for it */
    const char *capital, *destination;
    bool destination_reached;
    int escrow;
    int loans;    /* a title with loans (1856): its loans not yet repaid */
} rep_company;

/* A private still open: owner a seat index (-1: none), held_by the company that owns it (its
 * id; NULL: none; neither: the bank's); bids on it while in an auctioned packet, "Ann 45, Bob
 * 50" (NULL: none). */
typedef struct rep_private {
    const char *id, *name;
    char label[ENG_ID + ENG_NAME + 1]; /* as the lists show it: "D&H Delaware & Hudson"; its
                                        * name alone when it begins with the id ("Flos
                                        * Tramway") */
    int owner, income;
    const char *held_by;
    char *bids;
} rep_private;

/* A kind of train the bank or the pool still has. */
typedef struct rep_train {
    const char *name;
    bool unlimited;
    int left, cost, pool;
} rep_train;

/* A company's token on the market. */
typedef struct rep_token {
    const char *id;
    char color[8], text_color[8];
} rep_token;

/* A square of the market (price 0: no square), its tokens the earliest arrival first. */
typedef struct rep_square {
    int price, ntokens;
    rep_token tokens[ENG_MAX_COMPANIES];
} rep_square;

typedef struct rep_state {
    char round[64];       /* the round in play, eng_round_name's ENG_NAME_STATE */
    char rounds_next[256]; /* the round in play and what follows it (eng_rounds_next_text) */
    const char *phase, *train_on_sale;
    int bank;
    int nplayers, ncompanies, nprivates, ntrains;
    rep_player players[ENG_MAX_PLAYERS];   /* in seating order */
    rep_company companies[ENG_MAX_COMPANIES];
    rep_private privates[ENG_MAX_COMPANIES];
    rep_train trains[ENG_MAX_TRAIN_TYPES];
    char *trains_text;                     /* "2: 3, 3: 4 (and 1 in the pool)" or "none" */
    const char *next_phase, *next_phase_on; /* NULL: the last phase is in play */
    int market_rows, market_cols;
    rep_square *market;                    /* market_rows * market_cols squares */
    char *market_text;                     /* the market as a text chart */
    char *capital_text;   /* each started major's capitalisation, destination and escrow, "LPS
                           * escrow, destination F17 (130 held); GT incremental" (1856), or NULL */
    bool has_loans;                        /* the title has loans: each major's are shown */
    char *powers_text;    /* the privates' run bonuses each major holds and the markers on the
                           * map, "BBG: Bridge (Brdg, +10 on P17, P19); CA: Port (Ship) on H17,
                           * +20" (1856), or NULL */
    char *rules_now_text; /* the title's own rules that hold now (report/rules.h: 18GA's one
                           * train from the bank a turn in this phase, its end at the market's
                           * top), lines, or NULL */
} rep_state;

/* The state of game g, built once from the engine; rep_state_free frees it. */
void rep_state_build(const eng_game *g, rep_state *s);
void rep_state_free(rep_state *s);
/* The state as the templates' data: { round, phase, bank, train_on_sale, players: [{name, cash,
 * certificates, limit, holdings, worth, seat}], has_companies, companies: [{id, director (a
 * name or "-"), cash, price (a number or "-"), trains, stations ("2/4"), ipo, pool, floated,
 * minor, color, text_color, loans and has_loans where the title has loans; and where
 * capitalisation goes by the train on sale (1856): capitalisation, destination,
 * destination_reached, escrow}], has_loans, capital_text, powers_text, has_privates, privates:
 * [{id, name, owner (a name or "the bank"), income, bids}], trains: [{name, left (a number or
 * "unlimited"), cost, pool}], trains_text, next_phase: {name, on}, market: [{cells: [{price, tokens: [{id, color,
 * text_color}]}]}], market_text, rounds_next } — the caller deletes it. */
cJSON *rep_state_to_json(const rep_state *s);
cJSON *rep_player_json(const rep_state *s, int p);
cJSON *rep_company_json(const rep_state *s, int i);
/* rep_state_to_json of the state of g. */
cJSON *rep_state_json(const eng_game *g);

/* What the order form of a report carries for player p: { round (where the next turn starts),
 * stock (a stock round or the start packet comes first), forming, companies: [{id, minor}] —
 * the companies p directs } — the caller deletes it. */
cJSON *rep_order_form_json(const eng_game *g, int p);

/* The final ranking: [{place, name, worth, winner}], the richest first (ties share a place, in
 * seating order); the caller deletes it. */
cJSON *rep_ranking_json(const eng_game *g);

#endif
