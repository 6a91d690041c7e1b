/* packet: the start packet sold by auction (the title's start_packet "sale": "auction", 1830)
 * as the turn plays it — a player's BID orders on his turns (BID 150 ON C&A: that bid; BID UP
 * TO 200 ON C&A: the least bid the rules allow, within the limit), the auction among an item's
 * bidders (each bidder, in the engine's order, raises by the least step while an order of his
 * for the item allows, else drops out), and the par a director chooses at once (PAR B&O 100;
 * without one, the game master chooses). Items are found by the title's names, never by
 * name in the code. */
#include "turn/internal.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

int turn_try_bid(turn_ctx *x, int p, const ord_action *b, char *why, size_t len)
{
    const eng_game *g = x->g;
    int item = eng_start_item_named(g->t, b->company);
    if (item < 0)
        return snprintf(why, len, "the start packet has no %s", b->company), -1;
    eng_action a = {.kind = ENG_ACT_BID, .player = p, .item = item, .price = b->price};
    if (b->up_to) {
        a.price = eng_least_bid(g, item);
        if (a.price > b->price)
            return snprintf(why, len, "the least bid on %s is %d, above the limit of %d",
                            g->t->start_items[item].id, a.price, b->price),
                   -1;
    }
    return turn_act(x, &a, why, len);
}

/* The alternative of the order that bids on the item (from the one its conditions lead to), or
 * -1. */
static int bid_on(const turn_ctx *x, int p, const ord_order *o, int item)
{
    int from = o->section[0] ? -1 : turn_first_alt(x, p, o);
    for (int k = from < 0 ? o->nalts : from; k < o->nalts; k++)
        if (o->alts[k].kind == ORD_BID && eng_start_item_named(x->g->t, o->alts[k].company) == item)
            return k;
    return -1;
}

/* Player p's turn in the auction among the item's bidders: his first order for the item that
 * can be carried out — a BID UP TO (again and again, while the limit allows) or a BID not used
 * yet — else he passes (and drops out, or stays in to pass again when asked: his orders are
 * the same). */
static void auction_turn(turn_ctx *x, int p)
{
    eng_game *g = x->g;
    int item = g->auction_item;
    const char *id = g->t->start_items[item].id;
    turn_orders *po = &x->pl[p];
    char why[256];
    eng_action pass = {.kind = ENG_ACT_PASS, .player = p};
    if (x->passed_in_auction[p] == item + 1) { /* his limits are where they were: again */
        if (turn_act(x, &pass, why, sizeof why))
            turn_say(x, "  (%s cannot pass: %s)", g->players[p].name, why);
        return;
    }
    for (int i = 0; po->o && i < po->o->n; i++) {
        const ord_order *o = &po->o->v[i];
        int k = bid_on(x, p, o, item);
        if (k < 0 || (!o->alts[k].up_to && po->used[i] >= USED_UP))
            continue;
        po->used[i] = USED_UP;
        if (turn_try_bid(x, p, &o->alts[k], why, sizeof why) == 0) {
            turn_done(x, p, i);
            return;
        }
        turn_say_order(x, p, o, "");
        turn_say(x, "    not carried out in the auction for %s: %s", id, why);
        turn_not_done(x, p, i, "in the auction for %s: %s", id, why);
    }
    turn_say(x, "  %s has no further bid on %s: %s", g->players[p].name, id,
             g->opt.rules.auction_pass_leaves ? "drops out" : "passes");
    x->passed_in_auction[p] = item + 1;
    if (turn_act(x, &pass, why, sizeof why))
        turn_say(x, "  (%s cannot pass: %s)", g->players[p].name, why);
}

/* The par the game master chooses for a director who wrote none that could be used: the
 * highest the title allows. */
static void chosen_for_director(turn_ctx *x, int p, int c)
{
    const eng_company *co = &x->g->t->companies[c];
    int par = 0;
    for (int k = 0; k < co->npar_choices; k++)
        if (co->par_choices[k] > par)
            par = co->par_choices[k];
    turn_ruling(x, NULL,
                "  %s wrote no par for %s that could be used: the game master chooses %d, the "
                "highest",
                x->g->players[p].name, co->id, par);
    eng_action a = {.kind = ENG_ACT_PAR, .player = p, .company = c, .price = par};
    char why[256];
    if (turn_act(x, &a, why, sizeof why))
        turn_say(x, "  (%s's par cannot be set: %s)", co->id, why);
}

/* The director's PAR orders for the company whose par is to be chosen now, in any section,
 * in order: the first that can be carried out. */
static void par_turn(turn_ctx *x, int p)
{
    eng_game *g = x->g;
    int c = g->par_pending;
    turn_orders *po = &x->pl[p];
    for (int i = 0; po->o && i < po->o->n; i++) {
        const ord_order *o = &po->o->v[i];
        int from = turn_first_alt(x, p, o);
        if (po->used[i] >= USED_UP || from < 0 || o->alts[from].kind != ORD_PAR ||
            eng_company_index(g->t, o->alts[from].company) != c)
            continue;
        po->used[i] = USED_UP;
        eng_action a = {.kind = ENG_ACT_PAR, .player = p, .company = c,
                        .price = o->alts[from].price};
        char why[256];
        if (turn_act(x, &a, why, sizeof why) == 0) {
            turn_done(x, p, i);
            return;
        }
        turn_say_order(x, p, o, "");
        turn_say(x, "    not carried out: %s", why);
        turn_not_done(x, p, i, "%s", why);
    }
    chosen_for_director(x, p, c);
}

bool turn_packet_turn(turn_ctx *x, int p)
{
    const eng_game *g = x->g;
    if (g->par_pending != ENG_NONE) {
        par_turn(x, p);
        return true;
    }
    if (g->round == ENG_ROUND_START && g->auction_item != ENG_NONE) {
        auction_turn(x, p);
        return true;
    }
    return false;
}
