/* preview: the acknowledgement's checks, made by the turn itself — the player's orders carried
 * out on a copy of the game as the turn would (the same resolver, the same engine calls), the
 * other players idle: passing in the stock rounds, their companies laying nothing and running
 * their best. House rule 17's searches are not run; an impossible tile or station is said. The
 * fates of the player's orders are the verdicts the acknowledgement shows. */
#include "turn/turn.h"

#include <string.h>

int turn_preview(const eng_game *g, const turn_settings *s, int player, const ord_orders *orders,
                 turn_result *out)
{
    turn_settings set = *s;
    set.preview = true;
    turn_player players[ENG_MAX_PLAYERS];
    memset(players, 0, sizeof players);
    for (int p = 0; p < g->nplayers; p++)
        players[p].idle = p != player;
    players[player].orders = orders;
    eng_game *copy = eng_game_copy(g);
    int rc = turn_resolve(copy, &set, players, out);
    eng_game_free(copy);
    return rc;
}
