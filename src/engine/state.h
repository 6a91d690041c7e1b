/* state: the game's state and its primitives, below every round and knowing none — events and
 * money snapshots, money moving (bank + players + companies constant), certificates and
 * directors, pars and floating, availability, market moves, the trains at the start, and a
 * game's copy. Not for use outside src/engine (the public part is in game.h). */
#ifndef PBEMGM_ENG_STATE_H
#define PBEMGM_ENG_STATE_H

#include "engine/game.h"

#include <stdbool.h>
#include <stddef.h>

void eng_event_add(eng_game *g, eng_event_kind kind, int player, int company, int amount,
                   int amount2, bool flag);
/* The same, with the event's item (a start packet item, a private, a company). */
void eng_event_add_item(eng_game *g, eng_event_kind kind, int player, int company, int item,
                        int amount, int amount2);
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
/* -1, with why naming the pars the director may choose. */
int eng_par_refused(const eng_title *t, int company, char *why, size_t len);
/* Each major not yet open for sale opens when the rule says (the way of dealing's
 * company_opens hook, else its "available" data): ENG_EV_RELEASED. */
void eng_update_availability(eng_game *g);
/* Whether the major opens by its "available" data (the default rule). */
bool eng_company_opens_by_data(const eng_game *g, int company);
/* Whether the company was started and none of it is left in the IPO. */
bool eng_ipo_sold_out(const eng_game *g, int company);

/* Market moves. */
void eng_price_down(eng_game *g, int company);
/* Down so many rows at once (as far as the market goes), one price event for the move. */
void eng_price_down_rows(eng_game *g, int company, int rows);
void eng_price_up(eng_game *g, int company);
void eng_price_left(eng_game *g, int company);
void eng_price_right(eng_game *g, int company);

/* The bank's trains as the game begins: none sold, the first kind on sale. */
void eng_init_trains(eng_game *g);

#endif
