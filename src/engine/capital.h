/* capital: how a major is paid for its shares where the title's "capitalisation" goes by the
 * train on sale (1856: in escrow, incrementally, in full), the escrow the bank holds for it until
 * it reaches its destination, the float percent rising as trains sell, and the market's closing
 * spaces (see capital.c). A title without them is left as it is (1830, 1835). */
#ifndef PBEMGM_ENG_CAPITAL_H
#define PBEMGM_ENG_CAPITAL_H

#include "engine/game.h"

/* The game begins: the mode and float percent in force noted (no event). */
void eng_capital_init(eng_game *g);
/* The capitalisation of a major started now (ENG_CAPITAL_TITLE without steps). */
int eng_capital_mode_now(const eng_game *g);
/* The percent of a major that must be sold for it to float (or, not yet operated, to operate). */
int eng_capital_float_percent(const eng_game *g, int company);
/* A major starts (its par set): its capitalisation fixed. */
void eng_capital_started(eng_game *g, int company);
/* An IPO certificate of `percent` sold for `price` to the player (the certificate already his):
 * true when the company's capitalisation says where the money goes (the company, the escrow, or
 * the bank) and it went there; false: the title's usual way (the caller's). */
bool eng_capital_ipo_sale(eng_game *g, int company, int player, int percent, int price);
/* What a major receives when it floats with `sold` percent sold: 10 x par in full, nothing where
 * its IPO sales have paid it, else the par of what is sold (1835). */
int eng_capital_float_cash(const eng_game *g, int company, int sold);
/* The company's par: `par`, or the title's fixed par when 0; it starts on its par space, and its
 * capitalisation is the one in force now. */
void eng_set_par(eng_game *g, int company, int par);
/* A major floats when enough of it is sold (the float percent in force) and receives its money
 * as its capitalisation says. */
void eng_check_float(eng_game *g, int company);
/* Whether a major may operate in its turn now: one that has not operated yet must have the float
 * percent in force sold (else its turn is skipped, with ENG_EV_MAY_NOT_OPERATE); a company
 * formed from others (1856's CGR) is not bound. */
bool eng_capital_may_operate(eng_game *g, int company);
/* After each action applied (a: the action): the changes of capitalisation and float percent a
 * train bought made announced, the destinations reached (a tile laid or removed) paid their
 * escrow, and the majors whose price reached a closing space closed. */
/* Returns whether the company operating now has closed (its turn is over: the caller, above the
 * operating round, moves on). */
bool eng_capital_after_action(eng_game *g, const eng_action *a);
/* Whether the company's home is joined to its destination by track now. */
bool eng_capital_destination_connected(const eng_game *g, int company);
/* Whether the company closes on a closing space; a national that never closes may not (1856's
 * CGR: Rails canClose no, 18xx.games "may not close"): its price does not go there. */
bool eng_capital_may_close(const eng_game *g, int company);
/* The mode's name ("escrow"), for reports. */
const char *eng_capital_mode_name(int mode);

#endif
