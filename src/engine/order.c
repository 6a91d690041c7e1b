/* order: the order of play, one table the engine owns. A round never calls it: a round that
 * ends only says so (g->round_state, eng_round_state), and after each action the loop here
 * enters the next round while the one in play is finished (as 18xx.games' "next round while
 * finished"); the table says which round follows it and how each begins. The title's special
 * round (1835: the Prussian's formation) is held before the rounds that allow one when it is
 * due, or asked for by an operating round (a train bought), which then goes on after it. */
#include "engine/formation.h"
#include "engine/operating.h"
#include "engine/order.h"
#include "engine/query.h"
#include "engine/start.h"
#include "engine/stock.h"

#include <string.h>

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

/* The special round is over: the round it interrupted goes on, or the round it was held before
 * begins. */
static void special_round_over(eng_game *g)
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

/* The special round an operating round asked for in the middle of an action begins; its events
 * come where it was asked for, before those the action had left to tell (the train on sale
 * next, after the purchase that called for it). */
static void begin_special_round_asked(eng_game *g)
{
    eng_event after[ENG_MAX_EVENTS];
    int asked = g->special_asked_at, nafter = g->nevents - asked;
    memcpy(after, g->events + asked, (size_t)nafter * sizeof *after);
    g->nevents = asked;
    eng_begin_formation(g, ENG_AFTER_FORMATION_OPERATE);
    for (int i = 0; i < nafter && g->nevents < ENG_MAX_EVENTS; i++)
        g->events[g->nevents++] = after[i];
}

void eng_order_go_on(eng_game *g)
{
    for (;;) {
        eng_round_state asked = g->round_state;
        g->round_state = ENG_ROUND_GOES_ON;
        switch (asked) {
        case ENG_ROUND_GOES_ON:
            return;
        case ENG_ROUND_FINISHED:
            enter(g, ORDER[g->round].after(g));
            break;
        case ENG_SPECIAL_ROUND_DUE:
            begin_special_round_asked(g);
            break;
        case ENG_SPECIAL_ROUND_FINISHED:
            special_round_over(g);
            break;
        }
    }
}

void eng_play_begins(eng_game *g)
{
    enter(g, ENG_ROUND_START);
    eng_order_go_on(g);
}
