/* loans: a title's loans (eng_title.loans; 1856) in the operating round — a major taking one,
 * the interest due each round (treasury, then revenue, then director), repaying them, and the
 * loans it must repay at its turn's end. Below operating.c, which calls these at its steps. */
#ifndef PBEMGM_ENG_LOANS_H
#define PBEMGM_ENG_LOANS_H

#include "engine/game.h"

#include <stddef.h>

/* The most loans the company may hold now (the shares its players hold), and the interest its
 * loans cost each round. */
int eng_loans_max(const eng_game *g, int company);
int eng_loans_interest(const eng_game *g, int company);
/* What a loan taken now brings the operating company (its interest kept back once this round's
 * interest is settled). */
int eng_loan_money_now(const eng_game *g);
/* The operating company's turn begins: no loan taken, none repaid, no interest paid yet. */
void eng_loans_turn_begins(eng_game *g, int company);
/* Before an action of the operating company's turn: no train bought once loans are repaid;
 * the round's interest settled (without revenue) before an action past its run. 0, -1 refused
 * (why), 1 the director is bankrupt (the game is over; the action is not carried out). */
int eng_loans_before(eng_game *g, const eng_action *a, char *why, size_t len);
/* The round's interest settled at the company's run of `revenue`: the revenue left to pay out
 * or withhold in *left. 0, -1 refused, 1 the director is bankrupt (the game is over). */
int eng_loans_at_run(eng_game *g, int revenue, int *left, char *why, size_t len);
/* ENG_ACT_TAKE_LOAN, ENG_ACT_REPAY_LOAN (game.h); repaying may end the game (the director
 * bankrupt), with 0. */
int eng_take_loan(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_repay_loans(eng_game *g, const eng_action *a, char *why, size_t len);
/* At DONE: the loans over the shares its players hold repaid. 0, -1, 1 as eng_loans_before. */
int eng_loans_turn_ends(eng_game *g, char *why, size_t len);
/* What the operating company's director lacks for the interest still due (counting no revenue)
 * or the loans his company must repay: he may sell shares for it in the operating round. */
int eng_loans_director_short(const eng_game *g);

#endif
