/* state: a game's state as template data for turn reports (src/report/state.c). */
#ifndef PBEMGM_REP_STATE_H
#define PBEMGM_REP_STATE_H

#include "engine/game.h"

#include <cJSON.h>

/* { round, phase, bank, train_on_sale, players: [{name, cash, certificates, limit, holdings}],
 *   companies: [{id, director, cash, price, trains}] } — the caller deletes it. */
cJSON *rep_state_json(const eng_game *g);

#endif
