/* order: the order of play, one table the engine owns. A round that ends says so
 * (eng_round_over); the table says which round follows it and how each begins; the title's
 * special round (1835: the Prussian's formation) is held before the rounds that allow one when
 * it is due, or called for in the middle of an operating round (a train bought), and the
 * interrupted round then goes on. The round files call only this file to change rounds, never
 * one another. */
#include "engine/formation.h"
#include "engine/operating.h"
#include "engine/order.h"
#include "engine/query.h"
#include "engine/start.h"
#include "engine/stock.h"

/* What follows a round: a decision on the game as the round ended. */
static eng_round after_start(const eng_game *g)
{
    /* the packet sold: a stock round; everyone passed: an operating round, then the packet */
    return eng_packet_sold_out(g) ? ENG_ROUND_STOCK : ENG_ROUND_OPERATING;
}

static eng_round after_stock(const eng_game *g)
{
    (void)g;
    return ENG_ROUND_OPERATING;
}

static eng_round after_operating(const eng_game *g)
{
    if (g->or_in_set < g->ors_in_set) /* the phase's number of operating rounds in a set */
        return ENG_ROUND_OPERATING;
    return eng_packet_sold_out(g) ? ENG_ROUND_STOCK : ENG_ROUND_START;
}

static const struct round_kind {
    void (*begin)(eng_game *g);
    bool special_first;            /* the title's special round, when due, comes first */
    int special_then;              /* ENG_AFTER_FORMATION_...: this round after it */
    eng_round (*after)(const eng_game *g);
} ORDER[] = {
    [ENG_ROUND_START] = {eng_begin_start_round, false, -1, after_start},
    [ENG_ROUND_STOCK] = {eng_begin_stock_round, true, ENG_AFTER_FORMATION_SR, after_stock},
    [ENG_ROUND_OPERATING] = {eng_begin_operating_round, true, ENG_AFTER_FORMATION_OR,
                             after_operating},
};

/* Round r begins: the special round first when it is due and not just held. */
static void enter(eng_game *g, eng_round r)
{
    const struct round_kind *k = &ORDER[r];
    if (k->special_first && !g->formation_held && eng_formation_due(g)) {
        g->round = r;
        g->operating = ENG_NONE;
        eng_begin_formation(g, k->special_then);
        return;
    }
    g->formation_held = false;
    k->begin(g);
}

void eng_play_begins(eng_game *g)
{
    enter(g, ENG_ROUND_START);
}

void eng_round_over(eng_game *g, eng_round ended)
{
    enter(g, ORDER[ended].after(g));
}

void eng_special_round(eng_game *g, int then)
{
    eng_begin_formation(g, then);
}

void eng_special_round_over(eng_game *g)
{
    switch (g->formation_next) {
    case ENG_AFTER_FORMATION_OPERATE:
        eng_resume_operating_round(g);
        return;
    case ENG_AFTER_FORMATION_OR:
        g->formation_held = true;
        enter(g, ENG_ROUND_OPERATING);
        return;
    case ENG_AFTER_FORMATION_SR:
        g->formation_held = true;
        enter(g, ENG_ROUND_STOCK);
        return;
    }
}
