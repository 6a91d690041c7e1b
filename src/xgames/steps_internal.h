/* steps_internal: 18xx.games' operating steps as both the importer and the exporter must know
 * them (steps.c): when a step asks for an action there that pbemgm's engine does not ask for.
 * Not for other modules. */
#ifndef PBEMGM_XG_STEPS_INTERNAL_H
#define PBEMGM_XG_STEPS_INTERNAL_H

#include "engine/game.h"

#include <stdbool.h>

/* Whether private p is one of the section's "track_tile_powers" (its tile power there is the
 * track step's only). */
bool xg_track_power(const eng_game *g, int p);

/* Whether 18xx.games' track step waits for company c after its own lays (step/tracker.rb
 * can_lay_tile?), for a private of the section's "track_tile_powers": c holds one unused whose
 * tile is laid besides its own, or, the phase letting companies buy privates, a player owns
 * one whose least price (half its value) c's money reaches. */
bool xg_track_waits(const eng_game *g, int c);

/* Whether 18xx.games' loan step asks company c for a pass after its trains (the section's
 * "loan_step": g_1856 step/loan.rb, blocking once the trains step is passed): it may repay a
 * loan (it holds one and the money for it), or take one (fewer than the shares its players
 * hold, none taken this round — took_loan — in a phase before the section's until_phase). */
bool xg_loan_step_asks(const eng_game *g, int c, bool took_loan);

/* The money a loan would bring company c at a step that counts it there, or 0: one loan more,
 * less its interest once paid (its company step, after the run: g_1856 step/buy_company.rb
 * buying_power), the whole loan before (its token step: g_1856 step/token.rb buying_power). */
int xg_loan_power(const eng_game *g, int c, bool took_loan, bool interest_paid);

/* Whether the player to act in a stock round could buy a private from another player there
 * (g_1830/step/buy_sell_par_shares.rb purchasable_companies: from the second stock round —
 * from the first where the section says "private_trades_from_first_stock_round", the base
 * step's, 18GA —, before buying anything in the turn, with money; pbemgm's legal actions do
 * not list it: its price is agreed): 18xx.games asks him then, though he may do nothing
 * else. */
bool xg_may_buy_private(const eng_game *g);

/* Whether company c, a station marker left, holds a private of the section's
 * "token_step_powers" whose station it has not placed and whose hex has a city with room for
 * it (18GA's W&S in Waycross: g_18_ga step/token.rb remaining_token_ability?, tokenable?
 * without connection or cost): 18xx.games' token step asks it then, for a pass at least. */
bool xg_token_power_waits(const eng_game *g, int c);

/* step/route.rb actions: whether company c, with trains, has track from its stations that
 * reaches two stops or more (graph.rb route_info route_available; here from all its stations
 * at once, export_reach.c): 18xx.games asks it to run then, and skips its route step else. */
bool xg_route_available(const eng_game *g, int c);

#endif
