/* turn: the turn's loop — whoever is due to act acts on their orders, round after round, until
 * the turn has covered its rounds (house rule 14) — and what became of the orders it did not
 * reach. The parts it calls: stock.c (stock and formation rounds), operate.c (operating rounds,
 * with fallback.c's house rule 17); all of them act and speak through act.c, fate.c and
 * cond.c, which call no part above them. */
#include "turn/internal.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STEPS 20000 /* actions in one turn: far more than any 1835 turn needs */

void turn_settings_default(turn_settings *s)
{
    memset(s, 0, sizeof *s);
    s->rounds = 2;
    s->stop_after_formation = true;
}

void turn_settings_for(turn_settings *s, int rounds_per_turn, bool stop_after_formation,
                       const char *one_round_by)
{
    turn_settings_default(s);
    s->rounds = one_round_by[0] ? 1 : rounds_per_turn;
    s->stop_after_formation = stop_after_formation;
    if (one_round_by[0] && rounds_per_turn > 1) /* said where it left an order unreached */
        snprintf(s->one_round_by, sizeof s->one_round_by, "%s", one_round_by);
}

void turn_result_clear(turn_result *r)
{
    buf_free(&r->report);
    for (int p = 0; p < ENG_MAX_PLAYERS; p++)
        free(r->fates[p]);
    for (int i = 0; i < r->nactions; i++)
        free(r->actions[i]);
    free(r->actions);
    for (int i = 0; i < r->nrulings; i++)
        free(r->rulings[i]);
    free(r->rulings);
    memset(r, 0, sizeof *r);
}

/* ---- the loop ---- */

static int step(turn_ctx *x)
{
    eng_game *g = x->g;
    if (g->forming)
        turn_formation_turn(x, g->current);
    else if (g->round == ENG_ROUND_START || g->round == ENG_ROUND_STOCK)
        x->had_stock_round = true, turn_stock_turn(x, g->current);
    else if (g->discarding != ENG_NONE)
        return turn_discard(x);
    else if (g->round == ENG_ROUND_OPERATING)
        return turn_operate(x);
    return 0;
}

static void tell_nmrs(turn_ctx *x)
{
    for (int p = 0; p < x->g->nplayers; p++)
        if (x->pl[p].nmr)
            turn_ruling(x, NULL,
                        "No orders from %s this turn (NMR): standing orders, goals and automatic "
                        "play (house rules 12, 13)",
                        x->g->players[p].name);
}

/* Why an order was never reached, from what the turn did. */
static void unreached(turn_ctx *x, int p, int i)
{
    const ord_order *o = &x->pl[p].o->v[i];
    ord_kind k = o->alts[0].kind;
    int c = eng_company_index(x->g->t, o->section);
    if (o->earlier) {
        if (!x->set->preview)
            turn_not_done(x, p, i, "a standing order or goal of an earlier turn, not needed in "
                                   "this turn");
    } else if (k == ORD_GOAL) {
        turn_done(x, p, i); /* an intention: it guides the company when it is played for you */
    } else if (k == ORD_FORM || k == ORD_NO_FORM || k == ORD_KEEP || k == ORD_GIVE_UP ||
               (k == ORD_EXCHANGE && !turn_stock_exchange(x->g->t, o))) {
        turn_not_done(x, p, i, "there was no formation round for it in this turn");
    } else if (k == ORD_PAR) {
        turn_not_done(x, p, i, "no par of %s was yours to choose in this turn",
                      o->alts[0].company);
    } else if (k == ORD_SELL_PRIVATE && o->alts[0].seller[0]) {
        turn_not_done(x, p, i, "%s did not buy it in this turn (BUY PRIVATE %s FROM %s FOR %d)",
                      o->alts[0].seller, o->alts[0].priv, x->g->players[p].name,
                      o->alts[0].price);
    } else if (k == ORD_SELL_PRIVATE) {
        int buyer = eng_company_index(x->g->t, o->alts[0].company);
        if (buyer >= 0 && x->operated[buyer])
            turn_not_done(x, p, i, "%s's director did not order that purchase",
                          o->alts[0].company);
        else
            turn_not_done(x, p, i, "%s did not operate in this turn", o->alts[0].company);
    } else if (!o->section[0] && x->pl[p].used[i] > 0) {
        turn_not_done(x, p, i, "%d of %d bought; the turn ended before the rest (orders are for "
                               "one turn)", x->pl[p].used[i], o->alts[0].count);
    } else if (!o->section[0]) {
        turn_not_done(x, p, i, x->had_stock_round ? "not reached: the turn's stock rounds ended "
                                                    "before its turn"
                               : x->set->preview ? "this turn has no stock round, only operating "
                                                   "rounds (orders are for one turn: send it in "
                                                   "the next turn's orders)"
                                                 : "this turn had no stock round (orders are for "
                                                   "one turn: send it again, or make it STANDING)");
    } else if ((c < 0 || !x->operated[c]) && x->set->one_round_by[0] && x->set->rounds == 1) {
        turn_not_done(x, p, i, "%s did not operate in this turn: the turn covered one round, "
                               "as %s asked (ONE ROUND, house rule 14)",
                      o->section, x->set->one_round_by);
    } else if (c < 0 || !x->operated[c]) {
        turn_not_done(x, p, i, "%s did not operate in this turn", o->section);
    } else if (x->operated_by[c] != p) {
        turn_not_done(x, p, i, "%s's director was %s when it operated", o->section,
                      x->g->players[x->operated_by[c]].name);
    } else if (o->nconds) {
        turn_not_done(x, p, i, "its condition did not hold when %s operated", o->section);
    } else if (k == ORD_SELL_TRAIN) {
        turn_not_done(x, p, i, "no company ordered that purchase");
    } else if (k == ORD_DISCARD) {
        turn_not_done(x, p, i, "%s had no train too many", o->section);
    } else if ((k == ORD_RUN || k == ORD_ROUTE || k == ORD_PAYOUT || k == ORD_WITHHOLD) &&
               !x->ran[c]) {
        turn_not_done(x, p, i, "%s had no train when its run came (trains are bought after the "
                               "run)", o->section);
    } else {
        turn_not_done(x, p, i, "not reached: %s's turn was over before its moment", o->section);
    }
}

/* Whether an order the turn did not use can be judged: always in the turn; in a preview only
 * when its company operated (else the others' moves, unknown, decide whether it is reached). */
static bool judged(const turn_ctx *x, int p, int i)
{
    if (!x->set->preview)
        return true;
    const ord_order *o = &x->pl[p].o->v[i];
    ord_kind k = o->alts[0].kind;
    /* a stock-round order in a turn of operating rounds only (a set of two, 18GA's and 1830's
     * phase 3): the others' moves bring no stock round into it (unless the game ends first) */
    if (!o->section[0] && !o->earlier && !x->had_stock_round && x->g->round != ENG_ROUND_OVER &&
        (k == ORD_BUY || k == ORD_SELL || k == ORD_PASS || k == ORD_BID))
        return true;
    int c = eng_company_index(x->g->t, x->pl[p].o->v[i].section);
    return c >= 0 && x->operated[c] && !x->pl[p].o->v[i].earlier;
}

/* Every order the turn did not use gets its reason; the report ends with each player's orders
 * and what became of them. */
static void close_fates(turn_ctx *x)
{
    for (int p = 0; p < x->g->nplayers; p++) {
        for (int i = 0; i < x->out->nfates[p]; i++)
            if (x->out->fates[p][i].kind == TURN_FATE_UNUSED && judged(x, p, i))
                unreached(x, p, i);
        if (!x->pl[p].o || x->pl[p].o->n == 0 || x->pl[p].idle)
            continue;
        turn_say(x, "\nOrders of %s:", x->g->players[p].name);
        turn_fates_text(x->out, p, x->pl[p].o, &x->out->report);
    }
}

/* A turn that begins inside a company's turn (the last one ended as it began to operate):
 * the report says which, so that its first lines ("M1 runs for 40") are not without their
 * company. */
static void say_where_it_goes_on(turn_ctx *x)
{
    const eng_game *g = x->g;
    if (g->round != ENG_ROUND_OPERATING || g->operating < 0 || g->forming || x->set->preview)
        return;
    int c = g->operating, p = eng_company_holder(g, c);
    turn_say(x, "%c%s goes on: %s operates (%s)", toupper((unsigned char)x->round[0]),
             x->round + 1, g->t->companies[c].id, p >= 0 ? g->players[p].name : "no director");
}

int turn_resolve(eng_game *g, const turn_settings *s, const turn_player *players,
                 turn_result *out)
{
    memset(out, 0, sizeof *out);
    buf_init(&out->report);
    turn_ctx x = {.g = g, .set = s, .out = out, .limit = s->rounds > 0 ? s->rounds : 1};
    for (int p = 0; p < g->nplayers; p++) {
        int n = players[p].orders ? players[p].orders->n : 0;
        x.pl[p].o = players[p].orders;
        x.pl[p].nmr = players[p].nmr;
        x.pl[p].idle = players[p].idle;
        x.pl[p].used = calloc((size_t)n + 1, sizeof(int));
        out->fates[p] = calloc((size_t)n + 1, sizeof(turn_fate));
        out->nfates[p] = n;
    }
    turn_round_under_way(&x);
    tell_nmrs(&x);
    say_where_it_goes_on(&x);
    int rc = 0;
    for (int steps = 0; !x.stop && g->round != ENG_ROUND_OVER; steps++) {
        int before = out->nactions;
        if (steps >= MAX_STEPS || step(&x) || out->nactions == before) {
            turn_say(&x, "The resolver stopped: nothing more could be done (please tell the GM)");
            rc = -1;
            break;
        }
    }
    close_fates(&x);
    for (int p = 0; p < g->nplayers; p++)
        free(x.pl[p].used);
    return rc;
}
