/* rounds: what the engine's files share inside the engine — events, money, certificates,
 * directors, and the round transitions. Not for use outside src/engine. */
#ifndef PBEMGM_ENG_ROUNDS_H
#define PBEMGM_ENG_ROUNDS_H

#include "engine/game.h"

#include <stdarg.h>
#include <stdbool.h>

void eng_event_add(eng_game *g, eng_event_kind kind, int player, int company, int amount,
                   int amount2, bool flag);
/* The same, with the event's item (a start packet item, a private, a company). */
void eng_event_add_item(eng_game *g, eng_event_kind kind, int player, int company, int item,
                        int amount, int amount2);
/* A company over its train limit (after a phase change, or the Prussian's formation) is the one
 * to discard, in operating order; the game waits for its director. */
void eng_check_train_limits(eng_game *g);
/* Whether the company's shares are traded: 0, or -1 with why (closed; a minor or private —
 * sold, and to whom). */
int eng_check_traded(const eng_game *g, int company, char *why, size_t len);
/* Records everyone's money as a round ends (an ENG_EV_ROUND_END event). */
void eng_round_end(eng_game *g);
/* The money at this moment (a ROUND_END event, as Rails prints it); round_ends false: the round
 * goes on (the event's flag says so) — Thompson's start packet sold out within a stock round. */
void eng_money_snapshot(eng_game *g, bool round_ends);

/* Money: every movement keeps bank + players + companies constant. */
void eng_player_pays_bank(eng_game *g, int player, int amount);
void eng_bank_pays_player(eng_game *g, int player, int amount);
void eng_bank_pays_company(eng_game *g, int company, int amount);
void eng_player_pays_company(eng_game *g, int player, int company, int amount);
void eng_company_pays_player(eng_game *g, int company, int player, int amount);

/* Certificates. */
int eng_find_cert(const eng_game *g, int company, int owner, int percent, bool director);
void eng_check_director(eng_game *g, int company, bool whole_first);
/* Hands the director's certificate from `from` to `to`, who gives ordinary certificates of the
 * same size in exchange. */
void eng_swap_director(eng_game *g, int company, int from, int to, bool whole_first);
bool eng_sold_out(const eng_game *g, int company);
int eng_percent_out_of_ipo(const eng_game *g, int company);
void eng_check_float(eng_game *g, int company);
/* The company's par: `par`, or the title's fixed par when 0; it starts on its par space. */
void eng_set_par(eng_game *g, int company, int par);
/* -1, with why naming the pars the director may choose. */
int eng_par_refused(const eng_title *t, int company, char *why, size_t len);
void eng_update_availability(eng_game *g);

/* Market moves. */
void eng_price_down(eng_game *g, int company);
/* Down so many rows at once (as far as the market goes), one price event for the move. */
void eng_price_down_rows(eng_game *g, int company, int rows);
void eng_price_up(eng_game *g, int company);
void eng_price_left(eng_game *g, int company);
void eng_price_right(eng_game *g, int company);

/* Rounds: how each begins (called by order.c only). */
void eng_begin_start_round(eng_game *g);
void eng_begin_stock_round(eng_game *g);
void eng_begin_operating_round(eng_game *g);
bool eng_packet_sold_out(const eng_game *g);
/* order.c: the order of play. The first round; a round has ended (what follows is the table's
 * decision); the title's special round now, then `then` (ENG_AFTER_FORMATION_...); it has
 * ended. */
void eng_play_begins(eng_game *g);
void eng_round_over(eng_game *g, eng_round ended);
void eng_special_round(eng_game *g, int then);
void eng_special_round_over(eng_game *g);
/* order.c: the steps of a company's turn — whether the action may come now, the step it
 * leaves the turn at, a step reached otherwise (house rule 6: a private's station ends the
 * track step), SKIP. */
int eng_step_check(const eng_game *g, const eng_action *a, char *why, size_t len);
void eng_step_after(eng_game *g, int company, const eng_action *a);
void eng_step_reach(eng_game *g, int company, eng_step step);
int eng_step_skip(eng_game *g, char *why, size_t len);
/* operating.c: the operating round a special round interrupted goes on. */
void eng_resume_operating_round(eng_game *g);
/* start.c */
int eng_start_buy(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_start_pass(eng_game *g, const eng_action *a, char *why, size_t len);
bool eng_item_available(const eng_game *g, int item);
/* The item goes to the player for price, with what comes with it (a share, a director's
 * certificate: the company's par set, or to be chosen: par_pending). */
void eng_item_sold_to(eng_game *g, int player, int item, int price);
/* The packet is sold: the round's end (Thompson: the stock round goes on). */
void eng_packet_done(eng_game *g);
/* Everyone passed in turn: an operating round of what is sold, then the packet goes on. */
void eng_start_all_passed(eng_game *g);
/* auction.c: the packet sold by auction (the title's start_packet "sale": "auction") */
int eng_auction_buy(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_auction_bid(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_auction_pass(eng_game *g, const eng_action *a, char *why, size_t len);
/* The turn in an auctioned packet goes to p, or past those who can neither buy the cheapest
 * item nor bid on another: each passes at once (Rails' autopass). */
void eng_auction_turn_to(eng_game *g, int p);
int eng_choose_par(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_item_price(const eng_game *g, int item);
/* operating.c */
/* Whether major a operates before major b (the running order: price, square, arrival). */
bool eng_operates_before(const eng_game *g, int a, int b);
/* The majors sorted into the running order (eng_operates_before; stable). */
void eng_sort_running_order(const eng_game *g, int *majors, int n);
void eng_init_trains(eng_game *g);
int eng_operate(eng_game *g, const eng_action *a, char *why, size_t len);
/* privates.c: privates bought by majors */
int eng_buy_private(eng_game *g, const eng_action *a, char *why, size_t len);
bool eng_private_sold(const eng_game *g, int priv);
/* The private owned by a player that keeps the hex free of tiles, or -1. */
int eng_hex_blocked_by(const eng_game *g, int hex);
/* Its owner trades the private for a share (its "exchange"), in his stock round turn. */
int eng_exchange_private(eng_game *g, const eng_action *a, char *why, size_t len);
/* The player acting buys a private from its owner, in a stock round (privates_between_players);
 * the owner's agreement is the turn resolver's to see. It is no purchase: the turn goes on. */
int eng_trade_private(eng_game *g, const eng_action *a, char *why, size_t len);
/* formation.c */
bool eng_formation_due(const eng_game *g);
void eng_begin_formation(eng_game *g, int next);
int eng_formation_act(eng_game *g, const eng_action *a, char *why, size_t len);
/* adjust.c: the GM's correction, on the game as it stands */
int eng_adjust(eng_game *g, const eng_action *a, char *why, size_t len);
/* stock.c */
int eng_stock_buy(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_stock_sell(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_stock_pass(eng_game *g, const eng_action *a, char *why, size_t len);

#endif
