/* start: the start packet. Items are bought at fixed prices; which items may be bought and the
 * dealing order depend on the way of dealing the options chose (docs/game-options.md):
 *   Standard  the items of the top unsold row, and the first unsold item of the next row
 *             while the top row has one item left; players in seating order.
 *   Snake     as Standard, but the second round of dealing runs in reverse.
 * A title may add its own ways (engine/hooks.h, eng_dealing: every item open at once, its own
 * first dealer and direction after each round, the packet dealt within stock rounds — 1835's
 * Clemens and Thompson, titles/t1835.c). A packet dealt within stock rounds resumes, after an
 * operating round, from the player who dealt last.
 * When the order turns, the player who ended a round of dealing also begins the next one.
 * Everyone passing, each in his own turn, since the last purchase (a player who cannot pay for
 * anything passes automatically) stops the packet for an operating round of what has been
 * sold; then the packet goes on. Where the order turns, one player deals twice in a row: his
 * two passes are one player's passing, not two (passes are counted by player, not by turn).
 * A title may sell its packet by auction instead (auction.c). */
#include "engine/auction.h"
#include "engine/hooks.h"
#include "engine/packet.h"
#include "engine/query.h"
#include "engine/start.h"
#include "engine/state.h"

#include <string.h>

static bool all_items_open(const eng_game *g)
{
    return eng_dealing_all_open(g) ||
           g->t->packet_auction; /* the cheapest bought, any other bid on */
}

bool eng_packet_sold_by_rows(const eng_game *g)
{
    return !all_items_open(g);
}

bool eng_item_available(const eng_game *g, int item)
{
    const eng_title *t = g->t;
    if (item < 0 || item >= t->nstart_items || g->item_sold[item])
        return false;
    if (all_items_open(g))
        return true;
    int top = -1, left_in_top = 0;
    for (int i = 0; i < t->nstart_items; i++)
        if (!g->item_sold[i] && (top < 0 || t->start_items[i].row < top))
            top = t->start_items[i].row;
    for (int i = 0; i < t->nstart_items; i++)
        left_in_top += !g->item_sold[i] && t->start_items[i].row == top;
    int row = t->start_items[item].row;
    if (row == top)
        return true;
    if (row != top + 1 || left_in_top != 1)
        return false;
    for (int i = 0; i < item; i++) /* only the first unsold item of the next row */
        if (!g->item_sold[i] && t->start_items[i].row == row)
            return false;
    return true;
}

static bool can_buy_anything(const eng_game *g, int player)
{
    for (int i = 0; i < g->t->nstart_items; i++)
        if (eng_item_available(g, i) && eng_item_price(g, i) <= g->players[player].cash)
            return true;
    return false;
}

/* The next player in the dealing order (see the top of this file). */
static void next_dealer(eng_game *g)
{
    int n = g->nplayers;
    if (++g->cycle_pos < n) {
        g->current = (g->current + g->direction + n) % n;
        return;
    }
    g->cycle_pos = 0;
    g->cycle++;
    int dir;
    if (g->dealing && g->dealing->direction_after_round)
        dir = g->dealing->direction_after_round(g);
    else if (g->start_round_number == 1 && g->opt.rules.start_order == ENG_START_SNAKE)
        dir = g->cycle == 1 ? -1 : 1;
    else
        dir = 1; /* Standard, later packet rounds, a title's way after its first round */
    if (dir == g->direction)
        g->current = (g->current + dir + n) % n;
    g->direction = dir;
}

/* The player passes in his turn; true when every player has passed since the last purchase. */
static bool passed_and_everyone_has(eng_game *g, int player)
{
    g->passes++;
    g->passed_players |= 1u << player;
    return g->passed_players == (1u << g->nplayers) - 1;
}

/* Moves to the next player who can buy something; those who cannot pass automatically. A
 * dealing order that turns deals one player twice in a row, so the guard allows two rounds. */
static void advance(eng_game *g)
{
    for (int guard = 0; guard <= 2 * g->nplayers; guard++) {
        next_dealer(g);
        if (can_buy_anything(g, g->current))
            return;
        eng_event_add(g, ENG_EV_CANNOT_BUY, g->current, ENG_NONE, 0, 0, false);
        if (passed_and_everyone_has(g, g->current)) {
            eng_start_all_passed(g);
            return;
        }
    }
}

void eng_begin_start_round(eng_game *g)
{
    int n = g->nplayers;
    g->round = ENG_ROUND_START;
    g->start_round_number++;
    eng_clear_passes(g);
    if (g->packet_in_stock_round) { /* (a title's way of dealing: within stock rounds) */
        g->stock_round_number++;
        eng_event_add(g, ENG_EV_STOCK_ROUND, ENG_NONE, ENG_NONE, g->stock_round_number, 0, false);
    } else {
        eng_event_add(g, ENG_EV_START_ROUND, ENG_NONE, ENG_NONE, g->start_round_number, 0, false);
    }
    if (g->start_round_number == 1) {
        g->current = 0;
        g->direction = 1;
        if (g->dealing && g->dealing->first_dealer)
            g->dealing->first_dealer(g);
        g->cycle = g->cycle_pos = 0;
    } else if (g->t->packet_auction) { /* the auction goes on where it stopped */
        g->current = g->resume_player;
        g->direction = 1;
    } else if (!g->packet_in_stock_round) {
        g->current = g->last_buyer == ENG_NONE ? g->priority : (g->last_buyer + 1) % n;
        g->direction = 1;
        g->cycle = 2;
        g->cycle_pos = 0;
    } else { /* within stock rounds: the dealing goes on from the last dealer */
        g->current = g->resume_player;
        next_dealer(g);
    }
    g->priority = g->current;
    eng_event_add(g, ENG_EV_PRIORITY, g->current, ENG_NONE, 0, 0, false);
    if (g->t->packet_auction) {
        eng_auction_turn_to(g, g->current);
    } else if (!can_buy_anything(g, g->current)) {
        eng_event_add(g, ENG_EV_CANNOT_BUY, g->current, ENG_NONE, 0, 0, false);
        if (passed_and_everyone_has(g, g->current))
            eng_start_all_passed(g);
        else
            advance(g);
    }
}

int eng_start_buy(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    int item = a->item;
    if (item < 0 || item >= t->nstart_items)
        return eng_refuse(why, len, "that is not in the start packet");
    if (g->item_sold[item])
        return eng_refuse(why, len, "%s is sold already", t->start_items[item].id);
    if (t->packet_auction)
        return eng_auction_buy(g, a, why, len);
    if (!eng_item_available(g, item))
        return eng_refuse(why, len, "%s is not on sale yet", t->start_items[item].id);
    int price = eng_item_price(g, item);
    if (g->players[a->player].cash < price)
        return eng_refuse(why, len, "%s costs %d, and %s has %d", t->start_items[item].id, price,
                          g->players[a->player].name, g->players[a->player].cash);
    eng_item_sold_to(g, a->player, item, price);
    if (eng_packet_sold_out(g))
        eng_packet_done(g);
    else
        advance(g);
    return 0;
}

int eng_start_pass(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (g->t->packet_auction)
        return eng_auction_pass(g, a, why, len);
    eng_event_add(g, ENG_EV_PASSES, a->player, ENG_NONE, 0, 0, false);
    if (passed_and_everyone_has(g, a->player))
        eng_start_all_passed(g);
    else
        advance(g);
    return 0;
}
