/* auction: a start packet sold by auction (1830; the title's start_packet "sale": "auction"),
 * and the par a director chooses for a company started with an item.
 *
 * In turn, a player buys the cheapest unsold item at its price, bids on any other (at least
 * bid_raise over its price, or over its highest bid; a player's bids hold his money), or passes;
 * one who can do neither passes at once (Rails' autopass). A bid in turn gives the next player
 * the priority, as a purchase in turn does; an item won on bids leaves it where it was.
 * Once the cheapest is sold, the next cheapest is settled at once: without bids it is offered
 * in turn; with one bidder he buys it for his bid; with more it is auctioned among them (from
 * the bidder after the highest, in seating order, or the lowest bidder first under
 * AuctionLowestBidderActs with auction_pass_leaves: each raises or passes — a pass leaves the
 * auction under the rule auction_pass_leaves, else the bidder stays in — and one whose money
 * cannot reach the least bid drops out at once) until one is left or the others have all
 * passed in a row since the last bid.
 * The turn then passes on from the player whose turn set the sales off.
 * Everyone passing in turn lowers the first item's price by first_item_drop while it is unsold
 * (at 0 the player to act must take it); once it is sold, everyone passing stops the packet for
 * an operating round of what is sold, and the auction goes on after it where it stopped.
 * An item that brings a director's certificate of a company whose par is chosen (1830's B&O)
 * waits for its buyer's choice (ENG_ACT_PAR) before anything else happens. */
#include "engine/auction.h"
#include "engine/packet.h"
#include "engine/capital.h"
#include "engine/query.h"
#include "engine/state.h"

static int next_seat(const eng_game *g, int p)
{
    return (p + 1) % g->nplayers;
}

/* The cheapest item unsold (the packet lists them cheapest first), or -1. */
static int cheapest(const eng_game *g)
{
    for (int i = 0; i < g->t->nstart_items; i++)
        if (!g->item_sold[i])
            return i;
    return -1;
}

/* The player's money not held by his bids. */
static int free_cash(const eng_game *g, int p)
{
    int held = 0;
    for (int i = 0; i < g->t->nstart_items; i++)
        if (!g->item_sold[i])
            held += g->bids[i][p];
    return g->players[p].cash - held;
}

/* The highest bid on the item (0 none) and whose it is. */
static int highest_bid(const eng_game *g, int item, int *who);

int eng_least_bid(const eng_game *g, int item)
{
    int top, high = highest_bid(g, item, &top);
    return (high ? high : g->item_price[item]) + g->t->bid_raise;
}

static int highest_bid(const eng_game *g, int item, int *who)
{
    int best = 0;
    *who = ENG_NONE;
    for (int p = 0; p < g->nplayers; p++)
        if (g->bids[item][p] > best) {
            best = g->bids[item][p];
            *who = p;
        }
    return best;
}

static int bidders(const eng_game *g, int item)
{
    int n = 0;
    for (int p = 0; p < g->nplayers; p++)
        n += g->bids[item][p] > 0;
    return n;
}

static void all_passed(eng_game *g);

/* Whether p may do more than pass in his turn: buy the cheapest item or bid on another. */
static bool can_act(const eng_game *g, int p)
{
    int first = cheapest(g), money = free_cash(g, p);
    if (first >= 0 && money >= g->item_price[first])
        return true;
    for (int i = first + 1; first >= 0 && i < g->t->nstart_items; i++) {
        int top;
        highest_bid(g, i, &top);
        if (!g->item_sold[i] && top != p && money + g->bids[i][p] >= eng_least_bid(g, i))
            return true; /* (no raising one's own highest bid) */
    }
    return false;
}

void eng_auction_turn_to(eng_game *g, int p)
{
    for (int k = 0; k < g->nplayers; k++, p = next_seat(g, p)) {
        if (can_act(g, p)) {
            g->current = p;
            return;
        }
        eng_event_add(g, ENG_EV_CANNOT_BUY, p, ENG_NONE, 0, 0, false);
        g->resume_player = next_seat(g, p);
        if (++g->passes >= g->nplayers) {
            all_passed(g);
            return;
        }
    }
    g->current = p;
}

/* The bidder on the item with the lowest bid (AuctionLowestBidderActs), or ENG_NONE. */
static int lowest_bidder(const eng_game *g, int item)
{
    int low = ENG_NONE;
    for (int p = 0; p < g->nplayers; p++)
        if (g->bids[item][p] > 0 && (low == ENG_NONE || g->bids[item][p] < g->bids[item][low]))
            low = p;
    return low;
}

/* In an auction among bidders: the next after `after` in seating order who bid and does not
 * hold the highest bid; under AuctionLowestBidderActs (18xx.games' waterfall_auction.rb:
 * bids.min_by(&:price) acts) the lowest bidder, where a pass leaves the auction. */
static int next_bidder(const eng_game *g, int item, int after)
{
    int top;
    highest_bid(g, item, &top);
    if (g->opt.auction_lowest_bidder_acts && g->opt.rules.auction_pass_leaves)
        return lowest_bidder(g, item);
    for (int k = 1; k <= g->nplayers; k++) {
        int p = (after + k) % g->nplayers;
        if (g->bids[item][p] > 0 && p != top)
            return p;
    }
    return top;
}

static void item_event(eng_game *g, eng_event_kind kind, int player, int item, int amount,
                       int amount2)
{
    eng_event_add_item(g, kind, player, g->t->start_items[item].company, item, amount, amount2);
}

static void sell(eng_game *g, int player, int item, int price, bool in_turn);

/* The auction among bidders after `after` acted: the next bidder who can raise is to act
 * (true), those who cannot dropping out; with one bidder left, or the others all passed since
 * the last bid, the highest buys for his bid and the auction is over (false: the caller settles
 * what follows). */
static bool auction_goes_on(eng_game *g, int after)
{
    int item = g->auction_item;
    while (bidders(g, item) > 1 && g->auction_passes < bidders(g, item) - 1) {
        int p = next_bidder(g, item, after), least = eng_least_bid(g, item);
        int money = free_cash(g, p) + g->bids[item][p];
        if (money >= least) {
            g->current = p;
            return true;
        }
        item_event(g, ENG_EV_CANNOT_RAISE, p, item, least, money);
        g->bids[item][p] = 0;
        after = p;
    }
    int top, bid = highest_bid(g, item, &top);
    g->auction_item = ENG_NONE;
    sell(g, top, item, bid, false);
    return false;
}

/* An item sold: bought in the player's turn (the next player has the priority, as after a
 * bid in turn), or won on bids, which leaves the priority where it was (Rails). */
static void sell(eng_game *g, int player, int item, int price, bool in_turn)
{
    int priority_after = g->last_buyer;
    for (int p = 0; p < g->nplayers; p++)
        g->bids[item][p] = 0;
    eng_item_sold_to(g, player, item, price);
    if (!in_turn)
        g->last_buyer = priority_after;
}

/* After a sale: the cheapest items with bids are settled (see the top) until the game waits on
 * a player: a par to choose, an auction among bidders, or the next turn. */
static void settle(eng_game *g)
{
    while (g->par_pending == ENG_NONE && g->auction_item == ENG_NONE) {
        int item = cheapest(g);
        if (item < 0) {
            eng_packet_done(g);
            return;
        }
        int top, bid = highest_bid(g, item, &top), n = bidders(g, item);
        if (n == 0) {
            eng_auction_turn_to(g, g->resume_player);
            return;
        }
        if (n == 1) {
            sell(g, top, item, bid, false);
            continue;
        }
        g->auction_item = item;
        g->auction_passes = 0;
        item_event(g, ENG_EV_TO_AUCTION, ENG_NONE, item, 0, 0);
        if (!auction_goes_on(g, top))
            continue;
        return;
    }
    if (g->par_pending != ENG_NONE)
        g->current = g->co[g->par_pending].director;
}

int eng_auction_buy(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    if (g->auction_item != ENG_NONE)
        return eng_refuse(why, len, "%s is being auctioned among its bidders: bid or pass",
                          t->start_items[g->auction_item].id);
    int item = cheapest(g), price = g->item_price[item];
    if (a->item != item)
        return eng_refuse(why, len, "only the cheapest item, %s, is bought at its price; bid on "
                                    "%s instead", t->start_items[item].id,
                          t->start_items[a->item].id);
    if (free_cash(g, a->player) < price)
        return eng_refuse(why, len, "%s costs %d, and %s has %d not held by bids",
                          t->start_items[item].id, price, g->players[a->player].name,
                          free_cash(g, a->player));
    sell(g, a->player, item, price, true);
    g->resume_player = next_seat(g, a->player);
    settle(g);
    return 0;
}

int eng_auction_bid(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    int item = a->item, p = a->player;
    if (!t->packet_auction)
        return eng_refuse(why, len, "this title sells its start packet at fixed prices");
    if (item < 0 || item >= t->nstart_items)
        return eng_refuse(why, len, "that is not in the start packet");
    const char *id = t->start_items[item].id;
    if (g->item_sold[item])
        return eng_refuse(why, len, "%s is sold already", id);
    if (g->auction_item != ENG_NONE && item != g->auction_item)
        return eng_refuse(why, len, "%s is being auctioned among its bidders: bid on it or pass",
                          t->start_items[g->auction_item].id);
    if (g->auction_item == ENG_NONE && item == cheapest(g))
        return eng_refuse(why, len, "%s is the cheapest item: it is bought at its price (%d), "
                                    "not bid on", id, g->item_price[item]);
    int top, high = highest_bid(g, item, &top);
    if (top == p)
        return eng_refuse(why, len, "%s holds the highest bid on %s already (%d)",
                          g->players[p].name, id, high);
    int least = eng_least_bid(g, item);
    if (a->price < least)
        return eng_refuse(why, len, "a bid on %s must be at least %d", id, least);
    int money = free_cash(g, p) + g->bids[item][p];
    if (a->price > money)
        return eng_refuse(why, len, "%s has %d not held by other bids", g->players[p].name,
                          money);
    g->bids[item][p] = a->price;
    g->passes = g->auction_passes = 0;
    item_event(g, ENG_EV_BID, p, item, a->price, free_cash(g, p));
    if (g->auction_item != ENG_NONE) {
        if (!auction_goes_on(g, p))
            settle(g);
    } else {
        g->last_buyer = p; /* a bid in turn gives the next player the priority (Rails) */
        g->resume_player = next_seat(g, p);
        eng_auction_turn_to(g, g->resume_player);
    }
    return 0;
}

/* A bidder passes in the auction among bidders: he leaves it (rules.auction_pass_leaves) or
 * stays in; the highest buys once the others have left or passed in a row. */
static void auction_pass(eng_game *g, int p)
{
    if (g->opt.rules.auction_pass_leaves)
        g->bids[g->auction_item][p] = 0;
    else
        g->auction_passes++;
    if (!auction_goes_on(g, p))
        settle(g);
}

/* Everyone passed in turn: the first item's price falls while it is unsold (at 0 the player to
 * act takes it), else the packet stops for an operating round. */
static void all_passed(eng_game *g)
{
    const eng_title *t = g->t;
    if (g->item_sold[0] || t->first_item_drop <= 0) {
        eng_start_all_passed(g);
        return;
    }
    g->passes = 0;
    eng_event_add(g, ENG_EV_ALL_PASSED, ENG_NONE, ENG_NONE, 0, 0, false);
    int price = g->item_price[0] - t->first_item_drop;
    g->item_price[0] = price > 0 ? price : 0;
    item_event(g, ENG_EV_ITEM_PRICE, ENG_NONE, 0, g->item_price[0], 0);
    if (g->item_price[0] > 0) {
        eng_auction_turn_to(g, g->resume_player);
        return;
    }
    int taker = g->resume_player;
    sell(g, taker, 0, 0, true);
    g->resume_player = next_seat(g, taker);
    settle(g);
}

int eng_auction_pass(eng_game *g, const eng_action *a, char *why, size_t len)
{
    (void)why;
    (void)len;
    eng_event_add(g, ENG_EV_PASSES, a->player, ENG_NONE, 0, 0, false);
    if (g->auction_item != ENG_NONE) {
        auction_pass(g, a->player);
        return 0;
    }
    g->resume_player = next_seat(g, a->player);
    if (++g->passes >= g->nplayers)
        all_passed(g);
    else
        eng_auction_turn_to(g, g->resume_player);
    return 0;
}

int eng_choose_par(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    int c = g->par_pending;
    if (c == ENG_NONE)
        return eng_refuse(why, len, "no company's par is to be chosen now");
    if (a->company != c)
        return eng_refuse(why, len, "%s's par is to be chosen now", t->companies[c].id);
    if (a->player != g->co[c].director)
        return eng_refuse(why, len, "%s's director chooses its par", t->companies[c].id);
    if (!a->price || !eng_par_allowed(t, c, a->price))
        return eng_par_refused(t, c, why, len);
    eng_set_par(g, c, a->price);
    g->par_pending = ENG_NONE;
    eng_event_add(g, ENG_EV_PAR, a->player, c, a->price, 0, false);
    eng_check_float(g, c);
    if (g->round == ENG_ROUND_START && t->packet_auction)
        settle(g);
    return 0;
}
