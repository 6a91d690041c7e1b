/* state: a game's state as template data for turn reports (src/report/state.c). */
#ifndef PBEMGM_REP_STATE_H
#define PBEMGM_REP_STATE_H

#include "engine/game.h"

#include <cJSON.h>

/* { round, phase, bank, train_on_sale, rounds_next,
 *   players: [{name, seat, cash, certificates, limit, holdings, worth}],
 *   companies: [{id, director, cash, price, trains, stations, ipo, pool, floated, minor, color,
 *                text_color}],
 *   privates: [{id, name, owner, income}], trains: [{name, left, cost, pool}], trains_text,
 *   next_phase: {name, on}, market: [{cells: [{price, tokens: [{id, color, text_color}]}]}],
 *   market_text: the market as a text chart } — the caller deletes it. */
cJSON *rep_state_json(const eng_game *g);
/* The round the game is in and those that follow it ("stock round 3, then 2 operating
 * rounds"), in out. */
const char *rep_rounds_next(const eng_game *g, char *out, size_t len);

/* What the order form of a report carries for player p: { round (where the next turn starts),
 * stock (a stock round or the start packet comes first), forming, companies: [{id, minor}] —
 * the companies p directs } — the caller deletes it. */
cJSON *rep_order_form_json(const eng_game *g, int p);

/* The final ranking: [{place, name, worth, winner}], the richest first (ties share a place, in
 * seating order); the caller deletes it. */
cJSON *rep_ranking_json(const eng_game *g);

#endif
