/* state: a game's state as template data for turn reports (src/report/state.c). */
#ifndef PBEMGM_REP_STATE_H
#define PBEMGM_REP_STATE_H

#include "engine/game.h"

#include <cJSON.h>

/* { round, phase, bank, train_on_sale, players: [{name, cash, certificates, limit, holdings}],
 *   companies: [{id, director, cash, price, trains}] } — the caller deletes it. */
cJSON *rep_state_json(const eng_game *g);

/* What the order form of a report carries for player p: { round (where the next turn starts),
 * stock (a stock round or the start packet comes first), forming, companies: [{id, minor}] —
 * the companies p directs } — the caller deletes it. */
cJSON *rep_order_form_json(const eng_game *g, int p);

/* The final ranking: [{place, name, worth, winner}], the richest first (ties share a place, in
 * seating order); the caller deletes it. */
cJSON *rep_ranking_json(const eng_game *g);

#endif
