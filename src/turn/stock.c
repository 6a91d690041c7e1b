/* stock: a player's turn in a stock round (and the start packet) on his orders — SELLs with the
 * BUY after them (house rule 18), a failed order a pass (house rule 19), BUY n over n turns
 * (house rule 20), a private bought from a player with its owner's agreement — and his part in
 * a formation round (house rule 10). The start packet's bids and pars are packet.c's. */
#include "turn/internal.h"

#include <stdio.h>
#include <strings.h>

/* ---- stock rounds (and the start packet) ---- */

static int player_named(const eng_game *g, const char *name)
{
    for (int k = 0; k < g->nplayers; k++)
        if (strcasecmp(g->players[k].name, name) == 0)
            return k;
    return -1;
}

static int buy_from_player(turn_ctx *x, int p, int c, const ord_action *b, char *why,
                           size_t len)
{
    int seller = player_named(x->g, b->seller);
    if (seller < 0)
        return snprintf(why, len, "there is no player %s", b->seller), -1;
    eng_action a = {.kind = ENG_ACT_BUY_SHARE, .player = p, .company = c, .percent = b->percent,
                    .from_player = true, .seller = seller};
    return turn_act(x, &a, why, len);
}

/* A BUY alternative as the engine's action: the start packet's item when the company has an
 * unsold one, else a share from the IPO or the pool. */
static int try_buy(turn_ctx *x, int p, const ord_action *b, char *why, size_t len)
{
    eng_game *g = x->g;
    int c = eng_company_index(g->t, b->company);
    if (c < 0)
        return snprintf(why, len, "there is no company %s", b->company), -1;
    if (b->seller[0]) /* nationalisation: from another player, at 150% */
        return buy_from_player(x, p, c, b, why, len);
    int item = turn_unsold_item(g, c);
    if (item >= 0 && !b->from_pool) {
        eng_action a = {.kind = ENG_ACT_BUY_ITEM, .player = p, .item = item};
        if (turn_act(x, &a, why, len) == 0)
            return 0;
        if (g->round == ENG_ROUND_START)
            return -1;
    }
    eng_action a = {.kind = ENG_ACT_BUY_SHARE, .player = p, .company = c, .percent = b->percent,
                    .price = b->price}; /* a par of the director's, when it starts the company */
    if (!b->from_pool && turn_act(x, &a, why, len) == 0)
        return 0;
    if (b->from_ipo)
        return -1;
    char why_pool[256];
    a.from_pool = true;
    if (turn_act(x, &a, why_pool, sizeof why_pool) == 0)
        return 0;
    if (b->from_pool)
        snprintf(why, len, "%s", why_pool);
    return -1;
}

/* The sale of one certificate of company c by player p: the size named, else the largest the
 * player holds that is not the director's. */
static eng_action one_sale(const eng_game *g, int p, int c, int named)
{
    int size = named;
    for (int i = 0; !named && i < g->co[c].ncerts; i++)
        if (g->co[c].certs[i].owner == p && !g->co[c].certs[i].director &&
            g->co[c].certs[i].percent > size)
            size = g->co[c].certs[i].percent;
    return (eng_action){.kind = ENG_ACT_SELL, .player = p, .company = c,
                        .percent = size ? size : 10, .cert_size = size};
}

/* SELL n: n certificates (house rule 20), each its own sale — all of them, tried first on a
 * copy, or none. */
static int try_sell(turn_ctx *x, int p, const ord_action *s, char *why, size_t len)
{
    int c = eng_company_index(x->g->t, s->company), n = s->count > 0 ? s->count : 1;
    if (c < 0)
        return snprintf(why, len, "there is no company %s", s->company), -1;
    eng_game *trial = eng_game_copy(x->g);
    int rc = 0;
    for (int k = 0; k < n && rc == 0; k++) {
        eng_action a = one_sale(trial, p, c, s->percent);
        rc = eng_apply(trial, &a, why, len);
    }
    eng_game_free(trial);
    for (int k = 0; k < n && rc == 0; k++) {
        eng_action a = one_sale(x->g, p, c, s->percent);
        rc = turn_act(x, &a, why, len);
    }
    return rc;
}

static int try_private_from_player(turn_ctx *x, int p, const ord_action *b, char *why,
                                   size_t len);

static int try_stock_action(turn_ctx *x, int p, const ord_action *a, char *why, size_t len)
{
    switch (a->kind) {
    case ORD_BUY: return try_buy(x, p, a, why, len);
    case ORD_SELL: return try_sell(x, p, a, why, len);
    case ORD_PASS: return snprintf(why, len, "passes"), 1;
    case ORD_BID: return turn_try_bid(x, p, a, why, len);
    case ORD_BUY_PRIVATE: return try_private_from_player(x, p, a, why, len);
    case ORD_EXCHANGE: {
        eng_action e = {.kind = ENG_ACT_EXCHANGE, .player = p,
                        .company = eng_company_index(x->g->t, a->company)};
        if (e.company < 0)
            return snprintf(why, len, "there is no company %s", a->company), -1;
        return turn_act(x, &e, why, len);
    }
    default: return snprintf(why, len, "not a stock-round order"), -1;
    }
}

/* Tries an order's alternatives in turn: 0 when one was carried out, 1 for PASS, -1 when none
 * could be (why: the first alternative's reason). */
static int try_stock_order(turn_ctx *x, int p, const ord_order *o, int from, char *why,
                           size_t len)
{
    char first[1024] = ""; /* (each alternative's reason: eight fit) */
    for (int i = from; i < o->nalts; i++) {
        char w[256] = "";
        int rc = try_stock_action(x, p, &o->alts[i], w, sizeof w);
        if (rc >= 0)
            turn_used_alternative(x, p, o, i, from, first);
        if (rc >= 0)
            return rc;
        turn_add_reason(first, sizeof first, w);
    }
    snprintf(why, len, "%s", first);
    return -1;
}

/* The owner's agreement to sell the private to player p at that price (SELL PRIVATE priv TO p
 * FOR price, in any section, unused, its conditions holding): its index, or -1. */
static int agreement_to_player(const turn_ctx *x, int owner, int p, int priv, int price)
{
    const ord_orders *os = x->pl[owner].o;
    for (int i = 0; os && i < os->n; i++) {
        const ord_action *s = &os->v[i].alts[0];
        if (x->pl[owner].used[i] < USED_UP && s->kind == ORD_SELL_PRIVATE && s->seller[0] &&
            player_named(x->g, s->seller) == p && eng_company_index(x->g->t, s->priv) == priv &&
            s->price == price && turn_conds_hold(x, owner, &os->v[i]))
            return i;
    }
    return -1;
}

/* BUY PRIVATE priv FROM owner FOR price on p's stock-round turn (1830): with the owner's
 * agreement, whose order then shares the purchase's fate. No purchase: the turn goes on. */
static int try_private_from_player(turn_ctx *x, int p, const ord_action *b, char *why,
                                   size_t len)
{
    const eng_game *g = x->g;
    int priv = eng_company_index(g->t, b->priv), seller = player_named(g, b->seller);
    if (priv < 0 || seller < 0)
        return snprintf(why, len, "there is no %s %s", priv < 0 ? "company" : "player",
                        priv < 0 ? b->priv : b->seller), -1;
    if (g->co[priv].owner != seller)
        return snprintf(why, len, "%s does not own %s", g->players[seller].name,
                        g->t->companies[priv].id), -1;
    int agreed = agreement_to_player(x, seller, p, priv, b->price);
    if (agreed < 0)
        return snprintf(why, len, "%s has not agreed (SELL PRIVATE %s TO %s FOR %d in %s's "
                                  "orders)", g->players[seller].name, g->t->companies[priv].id,
                        g->players[p].name, b->price, g->players[seller].name), -1;
    eng_action a = {.kind = ENG_ACT_BUY_PRIVATE, .player = p, .company = priv,
                    .price = b->price};
    int rc = turn_act(x, &a, why, len);
    turn_agreement_fate(x, seller, agreed, rc, why);
    return rc;
}

/* The share a player over a limit is made to sell (MustSellOverLimits): 10% of the company he
 * holds more of than the share limit allows, else of the cheapest company of which he holds
 * more than the director's certificate; ENG_NONE when neither. */
static int company_to_sell(const eng_game *g, int p)
{
    int cheapest = ENG_NONE;
    for (int c = 0; c < g->t->ncompanies; c++) {
        if (!eng_is_major(g, c) || eng_percent_held(g, c, p) == 0)
            continue;
        if (eng_percent_held(g, c, p) > eng_player_share_limit(g))
            return c;
        bool spare = eng_percent_held(g, c, p) > (g->co[c].director == p ? 20 : 0);
        if (spare && (cheapest == ENG_NONE || eng_share_price(g, c) < eng_share_price(g, cheapest)))
            cheapest = c;
    }
    return cheapest;
}

/* A player over a limit who must sell before the turn ends (MustSellOverLimits) and whose orders
 * did not: the game master sells for him, a share at a time, said in the report. */
static void forced_sales(turn_ctx *x, int p)
{
    for (int n = 0; n < ENG_MAX_CERTS && eng_must_sell(x->g, p); n++) {
        char why[256];
        int c = company_to_sell(x->g, p);
        eng_action sell = {.kind = ENG_ACT_SELL, .player = p, .company = c, .percent = 10};
        if (c == ENG_NONE || turn_act(x, &sell, why, sizeof why))
            return;
        turn_say(x, "  (forced for %s: over the certificate or share limit, he must sell)",
                 x->g->players[p].name);
    }
}

/* A national's director of a single share (1856's CGR) who has not bought his second share
 * this turn: it is bought for him, from the IPO, else the pool, when his money pays for it (he
 * may not pass before: engine/national.c). */
static void bound_purchase(turn_ctx *x, int p)
{
    eng_game *g = x->g;
    int n = g->t->national.company;
    if (n < 0 || g->national_single != p || g->turn_bought || g->current != p)
        return;
    char why[256];
    for (int pool = 0; pool < 2; pool++) {
        eng_action buy = {.kind = ENG_ACT_BUY_SHARE, .player = p, .company = n, .from_pool = pool};
        if (turn_act(x, &buy, why, sizeof why) == 0) {
            turn_say(x, "  (%s, %s's director with a single share, must buy a second: bought)",
                     g->players[p].name, g->t->companies[n].id);
            return;
        }
    }
}

static void end_stock_turn(turn_ctx *x, int p)
{
    char why[256];
    eng_action pass = {.kind = ENG_ACT_PASS, .player = p};
    if (x->g->round == ENG_ROUND_STOCK && eng_must_sell(x->g, p))
        forced_sales(x, p);
    if (x->g->round == ENG_ROUND_STOCK)
        bound_purchase(x, p);
    if (x->g->current == p && turn_act(x, &pass, why, sizeof why))
        turn_say(x, "  (%s cannot end the turn: %s)", x->g->players[p].name, why);
}

static const unsigned STOCK_KINDS = KIND(ORD_BUY) | KIND(ORD_SELL) | KIND(ORD_PASS) |
                                    KIND(ORD_BID) | KIND(ORD_EXCHANGE) | KIND(ORD_BUY_PRIVATE);

/* Whether the order trades a private for a share on its owner's stock-round turn (1830's M&H):
 * an EXCHANGE of a private the title lets its owner exchange. Other exchanges are the
 * formation round's. */
bool turn_stock_exchange(const eng_title *t, const ord_order *o)
{
    int c = eng_company_index(t, o->alts[0].company);
    return o->alts[0].kind == ORD_EXCHANGE && c >= 0 && t->companies[c].kind == ENG_PRIVATE &&
           t->companies[c].exchange_company >= 0;
}

/* Whether the order leaves the turn as it was (carried out before the turn's purchase): a
 * private traded for a share, or bought from a player (1830). */
static bool turn_free(const eng_title *t, const ord_order *o)
{
    return turn_stock_exchange(t, o) || o->alts[0].kind == ORD_BUY_PRIVATE;
}

/* A BID on an item already sold (won by this player in the auction among bidders, say) and no
 * ELSE: it cannot be carried out, and costs no turn (it cost a stock-round turn as a failed
 * order). Said, and used up. */
static bool moot_bid(turn_ctx *x, int p, int i)
{
    const ord_order *o = &x->pl[p].o->v[i];
    if (o->alts[0].kind != ORD_BID || o->nalts != 1)
        return false;
    const eng_game *g = x->g;
    int item = eng_start_item_named(g->t, o->alts[0].company);
    if (item < 0 || !g->item_sold[item])
        return false;
    int company = g->t->start_items[item].company, owner = g->co[company].owner;
    x->pl[p].used[i] = USED_UP;
    if (owner == p)
        turn_not_done(x, p, i, "you had won %s already: no turn was spent on the bid",
                      g->t->start_items[item].id);
    else
        turn_not_done(x, p, i, "%s was sold already%s%s: no turn was spent on the bid",
                      g->t->start_items[item].id, owner >= 0 ? " to " : "",
                      owner >= 0 ? g->players[owner].name : "");
    return true;
}

/* The player's next order whose conditions hold; orders whose conditions do not are skipped
 * (said in the report) — they are the player's own contingencies (house rule 12). */
static int next_stock_order(turn_ctx *x, int p)
{
    int i = -1;
    while ((i = turn_next_order(x, p, "", STOCK_KINDS, i + 1)) >= 0) {
        const ord_order *o = &x->pl[p].o->v[i];
        if (o->alts[0].kind == ORD_EXCHANGE && !turn_stock_exchange(x->g->t, o))
            continue;
        if (moot_bid(x, p, i))
            continue;
        if (turn_first_alt(x, p, o) >= 0)
            return i;
        x->pl[p].used[i] = USED_UP;
        turn_say_order(x, p, o, "its condition does not hold: skipped");
        turn_not_done(x, p, i, "its condition did not hold when it was your turn");
    }
    return -1;
}

/* Carries out order i; a BUY of n certificates stays for the next turn until all are bought.
 * Returns what try_stock_order returns. */
static int carry_out(turn_ctx *x, int p, int i)
{
    const ord_order *o = &x->pl[p].o->v[i];
    char why[1024];
    int rc = try_stock_order(x, p, o, turn_first_alt(x, p, o), why, sizeof why);
    int want = o->alts[0].kind == ORD_BUY && o->nalts == 1 && o->alts[0].count > 1
                   ? o->alts[0].count : 1;
    int bought = x->pl[p].used[i];
    if (rc == 0 && ++x->pl[p].used[i] < want)
        return 0; /* more certificates to buy on later turns */
    x->pl[p].used[i] = USED_UP;
    if (rc >= 0) {
        turn_done(x, p, i);
        return rc;
    }
    turn_say_order(x, p, o, "");
    turn_say(x, "    not carried out: %s; nothing else is done in its place (house rule 19)", why);
    if (bought)
        turn_not_done(x, p, i, "%d of %d bought; then: %s (house rule 19)", bought, want, why);
    else
        turn_not_done(x, p, i, "%s; that turn counts as a pass (house rule 19)", why);
    return rc;
}

/* A SELL of a group failed: the rest of the group and the BUY paired with it (house rule 18)
 * are not carried out either; the turn is a pass. An exchange is no part of the pair: it
 * waits. */
static void drop_the_pair(turn_ctx *x, int p, int failed)
{
    int i = failed;
    while ((i = turn_next_order(x, p, "", STOCK_KINDS, i + 1)) >= 0) {
        const ord_order *o = &x->pl[p].o->v[i];
        if (o->alts[0].kind == ORD_EXCHANGE)
            continue;
        if (o->alts[0].kind == ORD_PASS)
            break;
        x->pl[p].used[i] = USED_UP;
        turn_say_order(x, p, o, "not carried out: the SELL paired with it failed (house rule 18)");
        turn_not_done(x, p, i, "the SELL paired with it (line %d) failed: that turn counts as a "
                               "pass (house rules 18, 19)", x->pl[p].o->v[failed].line);
        if (o->alts[0].kind != ORD_SELL)
            break;
    }
}

/* Orders at the head of the player's orders that leave the turn as it was (1830: the M&H's
 * exchange, a private bought from a player): no purchase, so the turn goes on with the next
 * order. Returns that order; -1 when none is left; -2 when the turn is over: one failed (a
 * pass, house rule 19) or its ELSE bought or sold. */
static int exchanges_first(turn_ctx *x, int p)
{
    int i = next_stock_order(x, p);
    while (i >= 0 && turn_free(x->g->t, &x->pl[p].o->v[i]) && !x->stop) {
        if (carry_out(x, p, i) < 0 || x->g->turn_bought || x->g->turn_sold)
            return -2;
        i = next_stock_order(x, p);
    }
    return i;
}

/* One stock-round turn of player p: its exchanges first, then consecutive SELLs and the BUY
 * that follows them (house rule 18), or a BUY, a BID, or a PASS; no order left is a pass. A
 * failed order makes the turn a pass (house rule 19); a failed SELL takes its group and the
 * paired BUY with it. A par to choose or an auction among bidders is played first. */
void turn_stock_turn(turn_ctx *x, int p)
{
    if (turn_packet_turn(x, p))
        return;
    int i = exchanges_first(x, p), before = x->out->nactions;
    const eng_game *g = x->g;
    if (i < 0) {
        if (!x->stop && g->current == p &&
            (g->round == ENG_ROUND_STOCK || g->round == ENG_ROUND_START))
            end_stock_turn(x, p);
        return;
    }
    bool failed = false;
    while (i >= 0 && x->pl[p].o->v[i].alts[0].kind == ORD_SELL && !x->stop) {
        if (carry_out(x, p, i) < 0) {
            drop_the_pair(x, p, i);
            failed = true;
            break;
        }
        i = next_stock_order(x, p);
    }
    if (!failed && i >= 0 && x->pl[p].o->v[i].alts[0].kind != ORD_SELL && !x->stop &&
        x->g->round != ENG_ROUND_OPERATING)
        carry_out(x, p, i);
    /* a start-packet purchase ends the turn by itself (the same player may be next: Snake,
     * Thompson); a share bought or sold needs the turn ended; nothing done is a pass */
    bool ended_itself = x->out->nactions > before && !g->turn_bought && !g->turn_sold;
    if (!x->stop && !ended_itself && g->current == p &&
        (g->round == ENG_ROUND_STOCK || g->round == ENG_ROUND_START))
        end_stock_turn(x, p);
}

/* ---- formation rounds (house rule 10) ---- */

static const unsigned FORMATION_KINDS = KIND(ORD_FORM) | KIND(ORD_NO_FORM) |
                                        KIND(ORD_EXCHANGE) | KIND(ORD_KEEP) | KIND(ORD_GIVE_UP) |
                                        KIND(ORD_REPAY_LOAN);

/* GIVE UP CO, and a REPAY in CO's section, wait until CO is the company asked in a national's
 * round (1856's CGR); EXCHANGE STATION until its director chooses the stations. */
static bool not_asked_yet(const eng_game *g, const ord_order *o)
{
    const ord_action *a = &o->alts[0];
    if (ord_station_exchange(a)) /* (its director's choice once it formed: national.c) */
        return true;
    const char *co = a->kind == ORD_GIVE_UP ? a->company
                     : a->kind == ORD_REPAY_LOAN ? o->section : NULL;
    return co && (g->national_asking == ENG_NONE ||
                  eng_company_index(g->t, co) != g->national_asking);
}

/* One formation order of the player's (its i-th), carried out or said why not. */
static void formation_order(turn_ctx *x, int p, int i)
{
    eng_game *g = x->g;
    const ord_order *o = &x->pl[p].o->v[i];
    if (!turn_conds_hold(x, p, o)) {
        turn_say_order(x, p, o, "its condition does not hold: skipped");
        turn_not_done(x, p, i, "its condition did not hold in the formation round");
        return;
    }
    const ord_action *a = &o->alts[0];
    eng_action e = {.player = p};
    if (a->kind == ORD_FORM) {
        e.kind = ENG_ACT_FORM;
    } else if (a->kind == ORD_EXCHANGE) {
        e.kind = ENG_ACT_EXCHANGE;
        e.company = eng_company_index(g->t, a->company);
    } else if (a->kind == ORD_GIVE_UP) {
        e.kind = ENG_ACT_PASS; /* (the company asked merges) */
    } else if (a->kind == ORD_REPAY_LOAN) { /* its loans repaid, the director adding */
        e.kind = ENG_ACT_REPAY_LOAN;
        e.amount = a->count == ORD_ALL_LOANS ? g->co[g->national_asking].loans : a->count;
    } else {
        turn_done(x, p, i); /* DO NOT FORM, KEEP: what happens when nothing is done */
        return;
    }
    char why[256];
    if (turn_act(x, &e, why, sizeof why)) {
        turn_say_order(x, p, o, "");
        turn_say(x, "    not carried out: %s", why);
        turn_not_done(x, p, i, "%s", why);
    } else {
        turn_done(x, p, i);
    }
}

/* The player's formation orders, from any section, in order; then the end of the player's part
 * (a pass). Without orders, the founder's owner does not form and nothing is exchanged unless
 * the rules force it. An order that waits for its company to be asked is taken up when it is,
 * wherever it stands among the player's orders: once another company is asked, the orders are
 * read again from the first (those used are not used twice). */
void turn_formation_turn(turn_ctx *x, int p)
{
    eng_game *g = x->g;
    const turn_orders *po = &x->pl[p];
    if (g->national_choosing != ENG_NATIONAL_CHOOSES_NOTHING) {
        turn_national_choices(x, p);
        return;
    }
    for (int i = 0; po->o && i < po->o->n && g->forming && g->current == p && !x->stop; i++) {
        const ord_order *o = &po->o->v[i];
        if (po->used[i] >= USED_UP || !(FORMATION_KINDS & KIND(o->alts[0].kind)) ||
            not_asked_yet(g, o))
            continue;
        x->pl[p].used[i] = USED_UP;
        int asked = g->national_asking;
        formation_order(x, p, i);
        if (g->national_asking != asked)
            i = -1; /* (another company asked: its orders may stand before this one) */
    }
    if (!g->forming || g->current != p || x->stop)
        return;
    char why[256];
    eng_action pass = {.kind = ENG_ACT_PASS, .player = p};
    if (turn_act(x, &pass, why, sizeof why) == 0)
        return;
    /* a forced exchange: the first the rules allow */
    eng_action legal[64];
    int n = eng_legal_actions(g, legal, 64);
    for (int k = 0; k < n; k++)
        if (legal[k].kind == ENG_ACT_EXCHANGE || legal[k].kind == ENG_ACT_FORM) {
            turn_say(x, "  (forced for %s)", g->players[p].name);
            turn_act(x, &legal[k], why, sizeof why);
            return;
        }
}
