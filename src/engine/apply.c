/* apply: a game's creation and the one way to change it, eng_apply (see game.h) — who may act,
 * and the action handed to the round in play; above every round and the order of play. */
#include "engine/adjust.h"
#include "engine/auction.h"
#include "engine/capital.h"
#include "engine/invariants.h"
#include "engine/operating.h"
#include "engine/order.h"
#include "engine/privates.h"
#include "engine/query.h"
#include "engine/sell.h"
#include "engine/start.h"
#include "engine/state.h"
#include "engine/stock.h"
#include "engine/titles/titles.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_up_certificates(eng_game *g, int company)
{
    const eng_company *co = &g->t->companies[company];
    eng_company_state *c = &g->co[company];
    for (int k = 0; k < co->ncerts; k++)
        for (int n = 0; n < co->certs[k].count && c->ncerts < ENG_MAX_CERTS; n++) {
            eng_cert_state *cs = &c->certs[c->ncerts++];
            cs->percent = co->certs[k].percent;
            cs->director = co->certs[k].director;
            cs->owner = n < co->certs[k].nreserved ? ENG_RESERVED : ENG_IPO;
            cs->reserved_for = n < co->certs[k].nreserved ? co->certs[k].reserved_for[n] : ENG_NONE;
        }
}

eng_game *eng_game_new(const eng_title *t, const eng_options *opt, const char *const *players,
                       int nplayers, char *why, size_t len)
{
    if (nplayers < t->min_players || nplayers > t->max_players || nplayers > ENG_MAX_PLAYERS) {
        eng_refuse(why, len, "%s is for %d to %d players, not %d", t->id, t->min_players,
                   t->max_players, nplayers);
        return NULL;
    }
    if (t->ncompanies > ENG_MAX_COMPANIES) {
        eng_refuse(why, len, "the title has too many companies");
        return NULL;
    }
    for (int i = 0; i < nplayers; i++)
        for (int k = 0; k < i; k++)
            if (str_ieq(players[i], players[k])) {
                eng_refuse(why, len, "two players are called %s", players[i]);
                return NULL;
            }
    const eng_title_hooks *hooks = eng_title_hooks_find(t->id); /* a variant: its base's */
    if (!hooks && t->extends[0])
        hooks = eng_title_hooks_find(t->extends);
    if (eng_title_hooks_check(t, hooks, why, len))
        return NULL;
    eng_game *g = xcalloc(1, sizeof *g);
    g->t = t;
    g->opt = *opt;
    g->hooks = hooks;
    if (opt->rules.start_order == ENG_START_TITLE)
        g->dealing = eng_dealing_find(hooks, opt->rules.dealing);
    g->nplayers = nplayers;
    g->bank = t->bank;
    for (int i = 0; i < nplayers; i++) {
        snprintf(g->players[i].name, sizeof g->players[i].name, "%s", players[i]);
        eng_bank_pays_player(g, i, t->start_cash[nplayers]);
    }
    for (int c = 0; c < t->ncompanies; c++) {
        g->co[c].owner = g->co[c].director = g->co[c].held_by = ENG_NONE;
        g->co[c].row = g->co[c].col = -1;
        if (t->companies[c].kind == ENG_MAJOR)
            set_up_certificates(g, c);
    }
    g->board = eng_starting_board(t);
    g->board->unlimited_tiles = opt->unlimited_tiles;
    eng_place_starting_homes(g);
    eng_init_trains(g);
    g->last_buyer = ENG_NONE;
    g->auction_item = g->par_pending = ENG_NONE;
    g->formation_founder = t->formation.company >= 0 ? t->formation.founder : ENG_NONE;
    g->joined_next = ENG_NONE;
    g->national_asking = g->national_borrowed = g->national_single = ENG_NONE;
    for (int i = 0; i < t->nstart_items; i++)
        g->item_price[i] = t->start_items[i].price;
    g->direction = 1;
    g->packet_in_stock_round = g->dealing && g->dealing->in_stock_rounds;
    eng_capital_init(g);
    eng_update_availability(g);
    g->nevents = 0; /* what is open from the start is not news */
    eng_play_begins(g);
    return g;
}

/* Who may act now: 0, or -1 with why. */
static int check_actor(const eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (g->round == ENG_ROUND_OVER)
        return eng_refuse(why, len, "the game is over");
    if (a->player < 0 || a->player >= g->nplayers)
        return eng_refuse(why, len, "there is no such player");
    bool discard = a->kind == ENG_ACT_DISCARD_TRAIN && g->discarding != ENG_NONE;
    bool gm = a->kind == ENG_ACT_ADJUST; /* the GM's, whoever is to act */
    bool par = a->kind == ENG_ACT_PAR && g->par_pending != ENG_NONE; /* its director's, at once */
    if (a->player != g->current && !discard && !gm && !par) /* any over-limit company may
                                                               * discard first */
        return eng_refuse(why, len, "it is %s's turn, not %s's", g->players[g->current].name,
                          g->players[a->player].name);
    return 0;
}

/* The action carried out on work, by the round it is in. */
static int dispatch(eng_game *work, const eng_action *a, char *why, size_t len)
{
    work->nevents = 0;
    work->nsnapshots = 0;
    bool packet = work->round == ENG_ROUND_START;
    if (a->kind == ENG_ACT_ADJUST)
        return eng_adjust(work, a, why, len);
    if (a->kind == ENG_ACT_PAR)
        return eng_choose_par(work, a, why, len);
    if (work->par_pending != ENG_NONE)
        return eng_refuse(why, len, "%s's director must choose its par first",
                          work->t->companies[work->par_pending].id);
    if (work->forming) /* (only a title with a special round begins one: hooks.h) */
        return work->hooks->special.act(work, a, why, len);
    if (work->round == ENG_ROUND_OPERATING)
        return eng_operate(work, a, why, len);
    int rc;
    switch (a->kind) {
    case ENG_ACT_BUY_ITEM:
        return packet ? eng_start_buy(work, a, why, len)
                      : eng_refuse(why, len, "the start packet is not on sale now");
    case ENG_ACT_BID:
        return packet ? eng_auction_bid(work, a, why, len)
                      : eng_refuse(why, len, "nothing is auctioned now");
    case ENG_ACT_PASS:
        return packet ? eng_start_pass(work, a, why, len) : eng_stock_pass(work, a, why, len);
    case ENG_ACT_BUY_SHARE:
        if (!packet)
            return eng_stock_buy(work, a, why, len);
        if ((rc = eng_check_traded(work, a->company, why, len)) == 0)
            rc = eng_refuse(why, len, "shares are not on sale before the start packet is sold");
        return rc;
    case ENG_ACT_SELL:
        return packet ? eng_refuse(why, len, "nothing can be sold during the start packet")
                      : eng_sell_shares(work, a, why, len);
    case ENG_ACT_EXCHANGE:
        return packet ? eng_refuse(why, len, "nothing is exchanged during the start packet")
                      : eng_exchange_private(work, a, why, len);
    case ENG_ACT_BUY_PRIVATE:
        return packet ? eng_refuse(why, len, "privates change hands after the start packet")
                      : eng_stock_buy_private(work, a, why, len);
    default:
        return eng_refuse(why, len, "that is not an order for this round");
    }
}

/* The action carried out on g by the round in play, then the order of play's next round while
 * that one is finished. */
static int apply_and_go_on(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int rc = dispatch(g, a, why, len);
    if (rc == 0) {
        eng_powers_after_action(g); /* (trains that may not be sold: privates.h) */
        /* (1856: escrow, closing spaces; capital.h) */
        if (eng_capital_after_action(g, a))
            eng_operating_company_closed(g, g->operating);
        eng_order_go_on(g);
    }
    return rc;
}

/* The one place after each applied action: the invariants checked around it in the test and
 * fuzz builds (invariants.h). */
static int apply_action(eng_game *g, const eng_action *a, char *why, size_t len)
{
    return ENG_INVARIANTS_CHECKED(g, a, apply_and_go_on(g, a, why, len));
}

int eng_apply(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (check_actor(g, a, why, len))
        return -1;
    /* Work on a copy: a refused action changes nothing, whatever step refused it. */
    eng_game *work = eng_game_copy(g);
    int rc = apply_action(work, a, why, len);
    if (rc == 0) {
        eng_board_free(g->board);
        memcpy(g, work, sizeof *g);
    } else {
        eng_board_free(work->board);
    }
    free(work);
    return rc;
}

int eng_apply_logged(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (check_actor(g, a, why, len))
        return -1;
    return apply_action(g, a, why, len);
}
