/* order: the order of play, one table the engine owns. A round never calls it: a round that
 * ends only says so (g->round_state, eng_round_state), and after each action the loop here
 * enters the next round while the one in play is finished (as 18xx.games' "next round while
 * finished"); the table says which round follows it and how each begins. The title's special
 * round (1835: the Prussian's formation) is held before the rounds that allow one when it is
 * due, or asked for by an operating round (a train bought), which then goes on after it. */
#include "engine/hooks.h"
#include "engine/operating.h"
#include "engine/order.h"
#include "engine/query.h"
#include "engine/start.h"
#include "engine/stock.h"

#include <stdio.h>
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
    if (k->special_first && !g->formation_held && eng_special_round_due(g)) {
        g->round = r;
        g->operating = ENG_NONE;
        g->hooks->special.begin(g, k->special_then);
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
    g->hooks->special.begin(g, ENG_AFTER_FORMATION_OPERATE);
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

/* ---- the order of play, published ---- */

eng_play_at eng_play_now(const eng_game *g)
{
    eng_play_at at = {.kind = g->round, .special = g->forming};
    switch (g->round) {
    case ENG_ROUND_START:
        at.packet_in_stock_round = g->packet_in_stock_round; /* (dealt within a stock round) */
        at.number = g->packet_in_stock_round ? g->stock_round_number : g->start_round_number;
        break;
    case ENG_ROUND_STOCK:
        at.number = g->stock_round_number;
        break;
    case ENG_ROUND_OPERATING:
        at.number = g->or_set;
        at.number_in_set = g->or_in_set;
        break;
    case ENG_ROUND_OVER:
        break;
    }
    return at;
}

/* Round r as it would begin now, numbered as its begin numbers it, after the one in play. */
static eng_play_at as_it_begins(const eng_game *g, eng_round r)
{
    eng_play_at at = {.kind = r};
    switch (r) {
    case ENG_ROUND_START:
        at.packet_in_stock_round = g->packet_in_stock_round;
        at.number = g->packet_in_stock_round ? g->stock_round_number + 1 : g->start_round_number + 1;
        break;
    case ENG_ROUND_STOCK:
        at.number = g->stock_round_number + 1;
        break;
    case ENG_ROUND_OPERATING: /* a stock round (or the packet's) ending opens a set */
        at.number = g->round == ENG_ROUND_OPERATING ? g->or_set : g->stock_round_number;
        at.number_in_set = g->round == ENG_ROUND_STOCK || g->or_set != at.number
                               ? 1 : g->or_in_set + 1;
        break;
    case ENG_ROUND_OVER:
        break;
    }
    return at;
}

/* The special round in play: the round it goes on to. */
static eng_play_at after_special_round(const eng_game *g)
{
    switch (g->formation_next) {
    case ENG_AFTER_FORMATION_OPERATE: {
        eng_play_at at = eng_play_now(g);
        at.special = false;
        return at;
    }
    case ENG_AFTER_FORMATION_OR: /* held before the round in play, which begins after it */
        return (eng_play_at){.kind = ENG_ROUND_OPERATING, .number = g->or_set,
                             .number_in_set = g->or_in_set + 1};
    default:
        return (eng_play_at){.kind = ENG_ROUND_STOCK, .number = g->stock_round_number + 1};
    }
}

eng_play_at eng_play_next(const eng_game *g, bool *special_first)
{
    *special_first = false;
    if (g->forming)
        return after_special_round(g);
    if (g->round == ENG_ROUND_OVER)
        return eng_play_now(g);
    eng_round r = ORDER[g->round].after(g);
    *special_first = ORDER[r].special_first && eng_special_round_due(g);
    return as_it_begins(g, r);
}

static const char *name_for_turn(const eng_game *g, const eng_play_at *at, char *out, size_t len)
{
    if (at->special)
        snprintf(out, len, "%s", g->t->formation.round_name);
    else if (at->kind == ENG_ROUND_START && at->packet_in_stock_round)
        snprintf(out, len, "stock round %d", at->number);
    else if (at->kind == ENG_ROUND_START && at->number > 1) /* (1830: after an OR) */
        snprintf(out, len, "the start packet (round %d)", at->number);
    else if (at->kind == ENG_ROUND_START)
        snprintf(out, len, "the start packet");
    else if (at->kind == ENG_ROUND_STOCK)
        snprintf(out, len, "stock round %d", at->number);
    else if (at->kind == ENG_ROUND_OPERATING)
        snprintf(out, len, "operating round %d.%d", at->number, at->number_in_set);
    else
        snprintf(out, len, "the end of the game");
    return out;
}

static const char *name_for_state(const eng_game *g, const eng_play_at *at, char *out,
                                  size_t len)
{
    eng_play_at round = *at;
    round.special = false; /* a special round under way: the round it belongs to */
    if (at->kind == ENG_ROUND_START && at->packet_in_stock_round)
        snprintf(out, len, "stock round %d (the start packet on sale)", at->number);
    else if (at->kind == ENG_ROUND_START)
        snprintf(out, len, "the start packet");
    else if (at->kind == ENG_ROUND_OVER)
        snprintf(out, len, "the game is over");
    else
        name_for_turn(g, &round, out, len);
    return out;
}

const char *eng_round_name(const eng_game *g, const eng_play_at *at, eng_round_naming naming,
                           char *out, size_t len)
{
    static const char *const KINDS[] = {
        [ENG_ROUND_START] = "the start packet", [ENG_ROUND_STOCK] = "a stock round",
        [ENG_ROUND_OPERATING] = "an operating round", [ENG_ROUND_OVER] = "over"};
    if (naming == ENG_NAME_TURN)
        return name_for_turn(g, at, out, len);
    if (naming == ENG_NAME_STATE)
        return name_for_state(g, at, out, len);
    snprintf(out, len, "%s", KINDS[at->kind]);
    return out;
}

/* The next round is the last operating round of the set in play: what follows the set is told
 * too ("operating round 1.1, then operating round 1.2 and stock round 2"). */
static bool ends_the_set(const eng_game *g, const eng_play_at *now, const eng_play_at *next)
{
    return now->kind == ENG_ROUND_OPERATING && !now->special &&
           next->kind == ENG_ROUND_OPERATING && next->number == now->number &&
           next->number_in_set >= g->ors_in_set;
}

/* The round that follows the set in play: a stock round once the packet is sold, else the
 * packet again (as after_operating, one set on). */
static const char *after_the_set(const eng_game *g, char *out, size_t len)
{
    eng_round r = eng_packet_sold_out(g) ? ENG_ROUND_STOCK : ENG_ROUND_START;
    eng_play_at at = as_it_begins(g, r);
    return eng_round_name(g, &at, ENG_NAME_TURN, out, len);
}

const char *eng_rounds_next_text(const eng_game *g, char *out, size_t len)
{
    eng_play_at now = eng_play_now(g), sold;
    bool special;
    eng_play_at next = eng_play_next(g, &special);
    char a[64], b[64], c[64];
    eng_round_name(g, &now, ENG_NAME_TURN, a, sizeof a);
    eng_round_name(g, &next, ENG_NAME_TURN, b, sizeof b);
    const char *first = special ? g->t->formation.round_name : NULL;
    if (g->round == ENG_ROUND_OVER)
        snprintf(out, len, "%s", a);
    else if (now.kind == ENG_ROUND_START && !now.packet_in_stock_round && !now.special) {
        sold = as_it_begins(g, ENG_ROUND_STOCK); /* the packet sold: a stock round */
        bool sold_first = ORDER[ENG_ROUND_STOCK].special_first && eng_special_round_due(g);
        snprintf(out, len, "%s, then %s%s%s once it is sold (should everyone pass first: %s, "
                 "and the start packet again)", a, sold_first ? g->t->formation.round_name : "",
                 sold_first ? ", then " : "", eng_round_name(g, &sold, ENG_NAME_TURN, c, sizeof c),
                 b);
    } else if (first)
        snprintf(out, len, "%s, then %s, then %s", a, first, b);
    else if (ends_the_set(g, &now, &next))
        snprintf(out, len, "%s, then %s and %s", a, b, after_the_set(g, c, sizeof c));
    else
        snprintf(out, len, "%s, then %s", a, b);
    return out;
}
