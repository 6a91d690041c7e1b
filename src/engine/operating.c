/* operating: the operating round as far as this engine goes so far — the privates pay their
 * income, then the companies operate: minors first (with MinorsRequireFloatedBY only once BY
 * has floated), then the majors by share price. What a company does when it operates (track,
 * stations, trains, dividends) comes with the operating-round issue; a round in which no
 * company can operate is over at once (a "short" operating round). */
#include "engine/rounds.h"

#include <string.h>

static int private_income(const eng_game *g, int company)
{
    if (strcmp(g->t->companies[company].id, "LD") == 0)
        return g->opt.ld_income;
    return g->t->companies[company].revenue;
}

static void pay_privates(eng_game *g)
{
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (g->t->companies[c].kind != ENG_PRIVATE || s->closed || s->owner == ENG_NONE)
            continue;
        int amount = private_income(g, c);
        eng_bank_pays_player(g, s->owner, amount);
        eng_event_add(g, ENG_EV_PRIVATE_INCOME, s->owner, c, amount, 0, false);
    }
}

static bool may_operate(const eng_game *g, int c)
{
    const eng_company *co = &g->t->companies[c];
    const eng_company_state *s = &g->co[c];
    if (s->closed || !s->floated)
        return false;
    if (co->kind == ENG_MINOR && g->opt.minors_require_floated_by) {
        int by = eng_company_index(g->t, "BY");
        return by >= 0 && g->co[by].floated;
    }
    return co->kind != ENG_PRIVATE;
}

/* Minors in their order, then majors by share price (the higher first). */
static int first_to_operate(const eng_game *g)
{
    int best = ENG_NONE;
    for (int c = 0; c < g->t->ncompanies; c++) {
        if (!may_operate(g, c))
            continue;
        if (g->t->companies[c].kind == ENG_MINOR)
            return c;
        if (best == ENG_NONE || eng_share_price(g, c) > eng_share_price(g, best))
            best = c;
    }
    return best;
}

static void end_operating_round(eng_game *g)
{
    if (g->or_in_set < g->t->phases[g->phase].operating_rounds)
        eng_begin_operating_round(g);
    else if (!eng_packet_sold_out(g))
        eng_begin_start_round(g);
    else
        eng_begin_stock_round(g);
}

void eng_begin_operating_round(eng_game *g)
{
    g->round = ENG_ROUND_OPERATING;
    g->or_in_set++;
    eng_event_add(g, ENG_EV_OPERATING_ROUND, ENG_NONE, ENG_NONE, g->or_set, g->or_in_set, false);
    pay_privates(g);
    int first = first_to_operate(g);
    if (first == ENG_NONE) {
        eng_event_add(g, ENG_EV_SHORT_OR, ENG_NONE, ENG_NONE, 0, 0, false);
        eng_round_end(g);
        end_operating_round(g);
        return;
    }
    const eng_company_state *s = &g->co[first];
    int who = g->t->companies[first].kind == ENG_MINOR ? s->owner : s->director;
    eng_event_add(g, ENG_EV_OPERATES, who, first, 0, 0, false);
}
