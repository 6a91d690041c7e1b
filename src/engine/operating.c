/* operating: operating rounds. The privates pay their income; then the companies operate in
 * order — the minors by number (with MinorsRequireFloatedBY only once BY has floated), then the
 * majors by share price, the higher first. A company operating places its home station the
 * first time, lays track (majors two yellow tiles while only yellow may be laid, else one tile
 * or upgrade; minors one), places a station (20 M per hex of distance from its home), runs its
 * trains for the revenue its director declares, pays out (majors; the price moves right) or
 * withholds (the price moves left) — minors split half to the owner, half to the treasury —
 * and buys trains, one at a time (house rule 9), each purchase's consequences first: a new
 * phase, rusting, closing privates. The bank sells one train type at a time. */
#include "engine/capital.h"
#include "engine/hooks.h"
#include "engine/loans.h"
#include "engine/ending.h"
#include "engine/operating.h"
#include "engine/privates.h"
#include "engine/query.h"
#include "engine/routes.h"
#include "engine/sell.h"
#include "engine/state.h"
#include "engine/steps.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Its income: the title's, or the option the title names for it (LDIncome). */
static int private_income(const eng_game *g, int company)
{
    const eng_company *co = &g->t->companies[company];
    return co->revenue_option >= 0 ? eng_option_number(g->t, &g->opt, co->revenue_option)
                                   : co->revenue;
}

static void pay_privates(eng_game *g)
{
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (g->t->companies[c].kind != ENG_PRIVATE || s->closed || !eng_private_sold(g, c))
            continue;
        int amount = private_income(g, c);
        g->co[c].paid_this_or = true;
        if (s->held_by != ENG_NONE)
            eng_bank_pays_company(g, s->held_by, amount);
        else
            eng_bank_pays_player(g, s->owner, amount);
        eng_event_add_item(g, ENG_EV_PRIVATE_INCOME, s->owner, c, s->held_by, amount, 0);
    }
}

static bool may_operate(const eng_game *g, int c)
{
    const eng_company *co = &g->t->companies[c];
    const eng_company_state *s = &g->co[c];
    if (s->closed || !s->floated)
        return false;
    if (co->kind == ENG_MINOR && g->opt.rules.minors_wait_for >= 0)
        return g->co[g->opt.rules.minors_wait_for].floated;
    return co->kind != ENG_PRIVATE;
}

/* The majors of or_order[from..] in the running order; a minor keeps its place before them. */
static void sort_majors_from(eng_game *g, int from)
{
    while (from < g->nor_order && !eng_is_major(g, g->or_order[from]))
        from++;
    if (from < g->nor_order)
        eng_sort_running_order(g, g->or_order + from, g->nor_order - from);
}

/* Minors in their order, then majors in the running order. */
static void set_order(eng_game *g)
{
    g->nor_order = 0;
    g->joined_next = ENG_NONE;
    for (int c = 0; c < g->t->ncompanies; c++)
        if (may_operate(g, c) && g->t->companies[c].kind == ENG_MINOR)
            g->or_order[g->nor_order++] = c;
    for (int c = 0; c < g->t->ncompanies; c++)
        if (may_operate(g, c) && g->t->companies[c].kind == ENG_MAJOR)
            g->or_order[g->nor_order++] = c;
    sort_majors_from(g, 0);
}

static void note_bank(eng_game *g)
{
    if (g->bank <= 0 && !g->bank_broken) {
        g->bank_broken = true;
        eng_event_add(g, ENG_EV_BANK_BROKEN, ENG_NONE, ENG_NONE, g->bank, 0, false);
    }
}

/* The station placed, said with its city (the report names it where the hex has several). */
static void station_event(eng_game *g, int c, int hex, int city, int cost, bool free)
{
    eng_event_add(g, ENG_EV_TOKEN_PLACED, ENG_NONE, c, hex, cost, free);
    if (g->nevents > 0 && g->events[g->nevents - 1].kind == ENG_EV_TOKEN_PLACED)
        g->events[g->nevents - 1].item = city;
}

/* A home station on hex in city (-1: the first city with room). */
static void place_home_on(eng_game *g, int c, int hex, int city)
{
    const eng_track *tr = eng_board_track(g->board, hex, NULL);
    for (int k = 0; city < 0 && k < tr->ncities; k++) /* no given city: the first with room */
        if (eng_station_check(g->board, NULL, c, hex, k, NULL, 0) == 0)
            city = k;
    if (city >= 0)
        eng_place_station(g->board, NULL, c, hex, city, NULL, 0);
}

/* Its home stations: the home, and the others of its "homes" (18GA Cotton Port's GA). */
static void place_home(eng_game *g, int c)
{
    eng_company_state *s = &g->co[c];
    const eng_company *co = &g->t->companies[c];
    s->home_placed = true;
    if (co->home_hex < 0)
        return;
    place_home_on(g, c, co->home_hex, co->home_city);
    for (int i = 0; i < co->nmore_homes; i++)
        place_home_on(g, c, co->more_homes[i], -1);
}

void eng_place_starting_homes(eng_game *g)
{
    for (int c = 0; c < g->t->ncompanies; c++)
        if (g->t->companies[c].home_at_start)
            place_home(g, c);
}

/* A company whose home city is its director's choice: the home step is due, while more than one
 * city of its home hex has room for it; else its home goes where it can. */
static bool home_to_choose(const eng_game *g, int c)
{
    const eng_company *co = &g->t->companies[c];
    if (!co->home_choice || g->co[c].home_placed)
        return false;
    const eng_track *tr = eng_board_track(g->board, co->home_hex, NULL);
    int room = 0;
    for (int k = 0; k < tr->ncities; k++)
        room += eng_station_check(g->board, NULL, c, co->home_hex, k, NULL, 0) == 0;
    return room > 1;
}

/* The home station in the city its director chose (ENG_ACT_HOME); the circles kept for it in
 * the hex's other cities are freed. */
static int choose_home(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = g->operating;
    const eng_company *co = &g->t->companies[c];
    if (eng_step_due(g) != ENG_STEP_HOME)
        return eng_refuse(why, len, "%s's home station is placed already", co->id);
    if (eng_place_station(g->board, NULL, c, co->home_hex, a->city, why, len))
        return -1;
    const eng_track *tr = eng_board_track(g->board, co->home_hex, NULL);
    for (int k = 0; k < tr->ncities; k++)
        if (g->board->reserved[co->home_hex][k] == c)
            g->board->reserved[co->home_hex][k] = ENG_NONE;
    g->co[c].home_placed = true;
    station_event(g, c, co->home_hex, a->city, 0, false);
    return 0;
}

static int remove_trains(eng_company_state *s, int type);

/* A national without a train, before it has owned a permanent one, runs a train it borrows
 * for its turn's run (1856's CGR: a D, or the 8; national.borrows), given back after the run
 * or when its turn goes past it. */
static void borrow_train(eng_game *g, int c)
{
    const struct eng_national *n = &g->t->national;
    eng_company_state *s = &g->co[c];
    int b = n->borrows;
    if (c != n->company || b < 0 || s->ntrains > 0 || g->national_permanent ||
        (!g->t->trains[b].count_unlimited && g->trains_left[b] <= 0))
        return;
    if (!g->t->trains[b].count_unlimited)
        g->trains_left[b]--;
    s->trains[s->ntrains++] = b;
    g->national_borrowed = b;
    eng_event_add_item(g, ENG_EV_TRAIN_BORROWED, ENG_NONE, c, b, 0, 0);
}

static void return_train(eng_game *g, int c)
{
    int b = g->national_borrowed;
    if (b == ENG_NONE || c != g->t->national.company)
        return;
    g->national_borrowed = ENG_NONE;
    if (remove_trains(&g->co[c], b) && !g->t->trains[b].count_unlimited)
        g->trains_left[b]++;
    eng_event_add_item(g, ENG_EV_TRAIN_RETURNED, ENG_NONE, c, b, 0, 0);
}

static void start_company(eng_game *g)
{
    int c = g->or_order[g->or_pos];
    eng_company_state *s = &g->co[c];
    g->operating = c;
    s->lays = 0;
    s->step = ENG_STEP_TRACK;
    s->token_placed = s->ran = s->upgraded = false;
    s->depot_trains = 0;
    g->raising_train = ENG_NONE;
    eng_loans_turn_begins(g, c);
    /* SeparateSalesAtSamePrice remembers a sale's price for its turn only: an emergency sale
     * during one company's turn does not price a sale during another's */
    memset(g->turn_sale_price, 0, sizeof g->turn_sale_price);
    memset(g->turn_sold_percent, 0, sizeof g->turn_sold_percent);
    if (home_to_choose(g, c))
        s->step = ENG_STEP_HOME;
    else if (!s->home_placed)
        place_home(g, c);
    g->current = eng_company_holder(g, c);
    eng_event_add(g, ENG_EV_OPERATES, g->current, c, 0, 0, false);
    borrow_train(g, c);
}

/* The bank broken: the game ends with this operating round (1835, as Rails and 18xx.games
 * have it), or with this set of them (1830: bank_break_ends "set"); a price on the market's
 * end space so too (18GA: market_end). Whether it ended. */
static bool ends_the_game(eng_game *g)
{
    note_bank(g);
    bool last_in_set = g->or_in_set >= g->ors_in_set;
    bool bank = g->bank_broken && (!g->t->bank_break_ends_set || last_in_set);
    bool market = g->market_end_reached && (!g->t->market_end_set || last_in_set);
    if (bank || market) /* (both: named by the first that happened) */
        eng_end_game(g, market && (!bank || g->market_end_first) ? ENG_END_MARKET : ENG_END_BANK);
    return bank || market;
}

static void end_operating_round(eng_game *g)
{
    for (int c = 0; c < g->t->ncompanies; c++) {
        g->co[c].paid_this_or = false;
        for (int i = 0; i < g->co[c].ncerts; i++)
            g->co[c].certs[i].no_dividend = false;
    }
    eng_event_add(g, ENG_EV_END_OR, ENG_NONE, ENG_NONE, g->or_set, g->or_in_set, false);
    for (int p = 0; p < g->nplayers; p++)
        eng_event_add(g, ENG_EV_WORTH, p, ENG_NONE, eng_player_worth(g, p) - g->worth_at_or_start[p],
                      0, false);
    g->operating = ENG_NONE;
    if (ends_the_game(g))
        return;
    eng_round_end(g);
    g->round_state = ENG_ROUND_FINISHED;
}

static void go_on_from(eng_game *g);

void eng_begin_operating_round(eng_game *g)
{
    g->round = ENG_ROUND_OPERATING;
    if (++g->or_in_set == 1) /* a new set: as many rounds as the phase says now */
        g->ors_in_set = g->t->phases[g->phase].operating_rounds;
    for (int p = 0; p < g->nplayers; p++)
        g->worth_at_or_start[p] = eng_player_worth(g, p);
    eng_event_add(g, ENG_EV_OPERATING_ROUND, ENG_NONE, ENG_NONE, g->or_set, g->or_in_set, false);
    pay_privates(g);
    set_order(g);
    g->or_pos = 0;
    if (g->nor_order == 0) { /* no company: the privates' income alone (it may break the bank) */
        eng_event_add(g, ENG_EV_SHORT_OR, ENG_NONE, ENG_NONE, 0, 0, false);
        g->operating = ENG_NONE;
        if (ends_the_game(g))
            return;
        eng_round_end(g);
        g->round_state = ENG_ROUND_FINISHED;
        return;
    }
    go_on_from(g);
}

/* ---- trains and phases ---- */

/* The company's trains of that kind taken away: how many. */
static int remove_trains(eng_company_state *s, int type)
{
    int gone = 0;
    for (int i = 0; i < s->ntrains;)
        if (s->trains[i] == type) {
            s->trains[i] = s->trains[--s->ntrains];
            gone++;
        } else {
            i++;
        }
    return gone;
}

static void rust(eng_game *g, int type)
{
    bool any = false;
    for (int c = 0; c < g->t->ncompanies; c++)
        any |= remove_trains(&g->co[c], type) > 0;
    any |= g->pool_trains[type] > 0;
    g->pool_trains[type] = 0;
    if (any) {
        eng_event_add(g, ENG_EV_RUSTED, ENG_NONE, ENG_NONE, 0, 0, false);
        g->events[g->nevents - 1].item = type;
    }
}

static bool exchangeable(const eng_title *t, int c)
{
    for (int i = 0; i < t->formation.nexchanges; i++)
        if (t->formation.exchanges[i] == c)
            return true;
    return false;
}

/* The first train of a type: a new phase when one begins with it; trains rust. */
static void first_of_type(eng_game *g, int type)
{
    const eng_title *t = g->t;
    g->train_bought[type] = true;
    eng_event_add(g, ENG_EV_FIRST_TRAIN, ENG_NONE, ENG_NONE, 0, 0, false);
    g->events[g->nevents - 1].item = type;
    for (int p = 0; p < t->nphases; p++)
        if (p > g->phase && strcmp(t->phases[p].on, t->trains[type].name) == 0) {
            g->phase = p;
            eng_event_add(g, ENG_EV_PHASE, ENG_NONE, ENG_NONE, p, 0, false);
            eng_powers_new_phase(g); /* (1856: the port marker goes at the first 6) */
            if (t->phases[p].privates_close)            /* (1835: the 5) privates close, */
                for (int c = 0; c < t->ncompanies; c++) /* but those to be exchanged */
                    if (t->companies[c].kind == ENG_PRIVATE && eng_private_sold(g, c) &&
                        !exchangeable(t, c))
                        eng_close_private(g, c);
        }
    for (int k = 0; k < t->ntrains; k++)
        if (strcmp(t->trains[k].rusts_on, t->trains[type].name) == 0)
            rust(g, k);
    for (int k = 0; k < t->ntrains; k++)
        if (t->trains[k].obsolete_on == type && !g->train_obsolete[k]) {
            g->train_obsolete[k] = true;
            g->pool_trains[k] = 0; /* those in the pool rust at once (Rails) */
            eng_event_add(g, ENG_EV_OBSOLETE, ENG_NONE, ENG_NONE, 0, 0, false);
            g->events[g->nevents - 1].item = k;
        }
    if (g->hooks && g->hooks->special.first_train) /* the title's special round, asked for */
        g->hooks->special.first_train(g, type);
}

/* After a purchase's discards: the formation round it calls for, here — the order of play
 * holds it once the action is done, its events where they are asked for (special_asked_at);
 * this round goes on after it. */
static void maybe_form(eng_game *g)
{
    if (g->discarding == ENG_NONE && g->formation_pending) {
        g->formation_pending = false;
        g->round_state = ENG_SPECIAL_ROUND_DUE;
        g->special_asked_at = g->nevents;
    }
}

/* Over the limit, and not about to be exchanged away (the minors at the 5). */
static bool must_discard(const eng_game *g, int c)
{
    return !g->co[c].closed && g->co[c].ntrains > eng_train_limit(g, c) &&
           !(g->formation_force && exchangeable(g->t, c));
}

/* A company over its train limit after a phase change discards to the pool: the game waits
 * for its director. */
static void check_train_limits(eng_game *g)
{
    g->discarding = ENG_NONE; /* in operating order */
    for (int k = 0; k < g->nor_order && g->discarding == ENG_NONE; k++)
        if (must_discard(g, g->or_order[k]))
            g->discarding = g->or_order[k];
    for (int c = 0; c < g->t->ncompanies && g->discarding == ENG_NONE; c++)
        if (must_discard(g, c))
            g->discarding = c;
    g->current = eng_company_holder(g, g->discarding != ENG_NONE ? g->discarding : g->operating);
}

/* The company's train at index i leaves it, discarded over the limit or traded in: to the
 * pool, where any company may buy it (as 18xx.games' 1830 reclaims a traded one to the depot),
 * or scrapped when obsolete (it would rust in the pool at once; Rails: the scrap heap). */
static void give_up_train(eng_game *g, int c, int i, bool traded_in)
{
    eng_company_state *s = &g->co[c];
    int type = s->trains[i];
    s->trains[i] = s->trains[--s->ntrains];
    bool scrapped = g->train_obsolete[type];
    if (!scrapped)
        g->pool_trains[type]++;
    eng_event_add(g, ENG_EV_DISCARDED, ENG_NONE, c, scrapped, 0, traded_in);
    g->events[g->nevents - 1].item = type;
}

static int discard_train(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = a->company;
    if (c < 0 || c >= g->t->ncompanies || !must_discard(g, c))
        return eng_refuse(why, len, "that company has no train too many");
    if (eng_company_holder(g, c) != a->player)
        return eng_refuse(why, len, "only %s's director discards its trains",
                          g->t->companies[c].id);
    eng_company_state *s = &g->co[c];
    for (int i = 0; i < s->ntrains; i++)
        if (s->trains[i] == a->train) {
            give_up_train(g, c, i, false);
            check_train_limits(g);
            maybe_form(g);
            return 0;
        }
    return eng_refuse(why, len, "%s has no such train", g->t->companies[c].id);
}

/* Company c buying its first train (from the bank, the pool or another company): the private
 * that closes then closes (1835: LD with SX's; 1830: the B&O private with B&O's, as 18xx.games
 * closes it when B&O buys a 2 from PRR, 26855 action 164). */
static void first_train_closes(eng_game *g, int c)
{
    if (g->co[c].ntrains != 0 || g->co[c].operated != 0)
        return;
    for (int p = 0; p < g->t->ncompanies; p++)
        if (g->t->companies[p].powers.closes_on_train_of == c)
            eng_close_private(g, p);
}

/* From another company, at any price agreed (at least 1), from the second phase on; only the
 * company's own money (house rule 9). */
static int buy_from_company(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    int c = g->operating, seller = a->seller, type = a->train;
    if (seller < 0 || seller >= t->ncompanies || seller == c || t->companies[seller].kind == ENG_PRIVATE)
        return eng_refuse(why, len, "buy from which other company?");
    if (!t->phases[g->phase].trains_between_companies)
        return eng_refuse(why, len, "trains may not be bought from other companies in phase %s",
                          t->phases[g->phase].name);
    eng_company_state *s = &g->co[c], *from = &g->co[seller];
    int k = 0;
    while (k < from->ntrains && from->trains[k] != type)
        k++;
    if (k == from->ntrains)
        return eng_refuse(why, len, "%s has no %s train", t->companies[seller].id,
                          t->trains[type].name);
    if (eng_train_sale_refused(g, seller, type, why, len)) /* (18GA's OSO's free train) */
        return -1;
    if (a->price < 1 || s->cash < a->price)
        return eng_refuse(why, len, "a price of at least 1 that %s can pay (it has %d)",
                          t->companies[c].id, s->cash);
    if (eng_national_face_value(g, c, seller) && a->price != t->trains[type].cost)
        return eng_refuse(why, len, "%s trades trains with other companies at their cost only: "
                                    "a %s train for %d", t->companies[t->national.company].id,
                          t->trains[type].name, t->trains[type].cost);
    first_train_closes(g, c);
    from->trains[k] = from->trains[--from->ntrains];
    s->trains[s->ntrains++] = type;
    g->national_permanent |= c == t->national.company && eng_owns_permanent_train(g, c);
    s->cash -= a->price;
    from->cash += a->price;
    eng_event_add(g, ENG_EV_BOUGHT_TRAIN, ENG_NONE, c, a->price, seller, false);
    g->events[g->nevents - 1].item = type;
    return 0;
}

/* The kinds the bank sells now, "6 and D" ("none" when none). */
static const char *on_sale_names(const eng_game *g, char *out, size_t len)
{
    size_t n = 0;
    out[0] = 0;
    for (int k = 0; k < g->t->ntrains && n < len; k++)
        if (eng_bank_sells(g, k))
            n += (size_t)snprintf(out + n, len - n, "%s%s", n ? " and " : "", g->t->trains[k].name);
    return n ? out : "no";
}

/* The cheapest train company c could buy from the bank or the pool. */
static int cheapest_train(const eng_game *g, int c)
{
    int best = 0;
    for (int k = 0; k < g->t->ntrains; k++)
        if ((g->pool_trains[k] > 0 || eng_bank_sells(g, k)) && eng_national_may_buy(g, c, k) &&
            (best == 0 || g->t->trains[k].cost < best))
            best = g->t->trains[k].cost;
    return best;
}

/* Whether company c has a route: a run worth something through one of its stations. Any
 * longer route holds one between its station and the next stop, so the title's shortest train
 * is tried (quick where a long one would list every path of a late board). */
static bool has_route(const eng_game *g, int c)
{
    int shortest = 0;
    for (int k = 1; k < g->t->ntrains; k++)
        if (g->t->trains[k].cities + g->t->trains[k].towns <
            g->t->trains[shortest].cities + g->t->trains[shortest].towns)
            shortest = k;
    eng_game *trial = eng_game_copy(g);
    trial->co[c].ntrains = 1;
    trial->co[c].trains[0] = shortest;
    eng_run run;
    eng_best_run(trial, c, &run);
    eng_game_free(trial);
    return run.total > 0;
}

/* Whether the operating company must buy a train now: a major without one, while the bank or
 * the pool has one to sell (where the title says so, only with a route for it). */
static bool must_buy_train(const eng_game *g, int c)
{
    return eng_is_major(g, c) && g->co[c].ntrains == 0 && cheapest_train(g, c) > 0 &&
           (!g->t->train_needs_route || has_route(g, c)) &&
           !eng_national_withholds(g, c); /* (1856's CGR before a permanent train: it need
                                           * not own one; Rails mustOwnATrain) */
}

/* Where a bank or pool train may be bought: 0, or -1 with why. */
static int train_on_offer(const eng_game *g, int type, bool from_pool, char *why, size_t len)
{
    const eng_title *t = g->t;
    if (type < 0 || type >= t->ntrains)
        return eng_refuse(why, len, "there is no such train");
    if (from_pool)
        return g->pool_trains[type] ? 0
                                    : eng_refuse(why, len, "the pool has no %s train",
                                                 t->trains[type].name);
    if (!eng_bank_sells(g, type)) {
        char names[64];
        return eng_refuse(why, len, "the bank sells %s trains now",
                          on_sale_names(g, names, sizeof names));
    }
    return 0;
}

/* The price of a train bought from the bank with one of the company's trains traded in, as the
 * bought train's kind allows (1830: a D for 800 and a 4, 5 or 6); -1 with why. */
static int trade_in_price(const eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_train *tr = &g->t->trains[a->train];
    const eng_company_state *s = &g->co[g->operating];
    bool allowed = tr->trade_in_any, owned = false;
    for (int k = 0; k < tr->ntrade_ins; k++)
        allowed |= tr->trade_ins[k] == a->trade_in;
    for (int k = 0; k < s->ntrains; k++)
        owned |= s->trains[k] == a->trade_in;
    if (!allowed)
        return eng_refuse(why, len, "a %s train is not sold for a train traded in%s%s", tr->name,
                          tr->ntrade_ins && a->trade_in >= 0 ? " like a " : "",
                          tr->ntrade_ins && a->trade_in >= 0 && a->trade_in < g->t->ntrains
                              ? g->t->trains[a->trade_in].name : "");
    if (a->from_pool || a->from_company)
        return eng_refuse(why, len, "a train traded in buys only from the bank");
    if (!owned)
        return eng_refuse(why, len, "%s has no %s train to trade in",
                          g->t->companies[g->operating].id, g->t->trains[a->trade_in].name);
    return tr->trade_in_cost;
}

/* The train traded in leaves the company (give_up_train). */
static void trade_in(eng_game *g, int c, int type)
{
    const eng_company_state *s = &g->co[c];
    int k = 0;
    while (k < s->ntrains && s->trains[k] != type)
        k++;
    give_up_train(g, c, k, true);
}

/* The phase's depot_trains_per_turn reached by the operating company's purchases from the
 * bank and the pool this turn (18GA's phases 2 and 3: one; 18xx.games SingleDepotTrainBuy):
 * -1 with why, else 0. */
static int depot_limit_reached(const eng_game *g, char *why, size_t len)
{
    const eng_phase *ph = &g->t->phases[g->phase];
    int n = ph->depot_trains_per_turn;
    if (n <= 0 || g->co[g->operating].depot_trains < n)
        return 0;
    return eng_refuse(why, len, "%s has bought %d train%s from the bank and the pool this turn, "
                      "the most a company may in phase %s (a train from another company it "
                      "may still buy)", g->t->companies[g->operating].id, n, n == 1 ? "" : "s",
                      ph->name);
}

static int buy_train(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    int c = g->operating, type = a->train;
    eng_company_state *s = &g->co[c];
    if (type < 0 || type >= t->ntrains)
        return eng_refuse(why, len, "there is no such train");
    if (!eng_national_may_buy(g, c, type))
        return eng_refuse(why, len, "%s buys no train that will rust (a %s train)",
                          t->companies[c].id, t->trains[type].name);
    if (s->ntrains - a->trades_in >= eng_train_limit(g, c))
        return eng_refuse(why, len, "%s has as many trains as it may (%d)", t->companies[c].id,
                          eng_train_limit(g, c));
    int price = a->trades_in ? trade_in_price(g, a, why, len) : t->trains[type].cost;
    if (price < 0)
        return -1;
    if (a->from_company)
        return buy_from_company(g, a, why, len);
    if (train_on_offer(g, type, a->from_pool, why, len) || depot_limit_reached(g, why, len))
        return -1;
    if (s->cash < price) { /* house rule 9: the director's money only when forced to buy */
        int dir = eng_company_holder(g, c), need = price - s->cash;
        if (!must_buy_train(g, c)) /* a minor's, or a voluntary purchase: its own money only */
            return eng_refuse(why, len, "a %s train costs %d, and %s has %d", t->trains[type].name,
                              price, t->companies[c].id, s->cash);
        if (g->players[dir].cash < need)
            return eng_refuse(why, len, "%s must add %d for the train and has %d: sell shares first",
                              g->players[dir].name, need, g->players[dir].cash);
        g->players[dir].cash -= need;
        s->cash += need;
        eng_event_add(g, ENG_EV_DIRECTOR_ADDS, dir, c, need, 0, false);
    }
    g->raising_train = ENG_NONE;
    s->cash -= price;
    g->bank += price;
    first_train_closes(g, c);
    if (a->trades_in)
        trade_in(g, c, a->trade_in);
    s->trains[s->ntrains++] = type;
    g->national_permanent |= c == t->national.company && eng_owns_permanent_train(g, c);
    s->depot_trains++;
    eng_event_add(g, ENG_EV_BOUGHT_TRAIN, ENG_NONE, c, price, a->from_pool ? -2 : -1, false);
    g->events[g->nevents - 1].item = type;
    if (a->from_pool) {
        g->pool_trains[type]--;
        return 0;
    }
    if (!t->trains[type].count_unlimited)
        g->trains_left[type]--;
    if (!g->train_bought[type]) {
        first_of_type(g, type);
        check_train_limits(g);
        maybe_form(g);
    }
    if (g->trains_left[type] == 0 && g->train_on_sale + 1 < t->ntrains) {
        g->train_on_sale++;
        eng_event_add(g, ENG_EV_NEW_TRAIN, ENG_NONE, ENG_NONE, 0, 0, false);
        g->events[g->nevents - 1].item = g->train_on_sale;
    }
    return 0;
}

/* ---- track, stations, revenue ---- */

unsigned eng_lay_colors(const eng_game *g)
{
    return g->t->phases[g->phase].tile_colors | (unsigned)(g->phase + 1) << ENG_LAY_PHASE_SHIFT;
}

static unsigned tile_colors_now(const eng_game *g)
{
    return eng_lay_colors(g);
}

/* Whether the company has the first turn's tile lays of the option rule (18GA's
 * double_yellow_first_or: 18xx.games gives them to the majors floated since the last operating
 * round, which is each one's first turn). */
static bool first_turn_lays(const eng_game *g, int c)
{
    return g->opt.rules.first_turn_tile_lays > 0 && g->t->companies[c].kind == ENG_MAJOR &&
           g->co[c].operated == 0;
}

/* The tile lays of a turn, as the phase says (1835: a major two yellow tiles at first), or the
 * option's first turn (after an upgrade, none more). */
static int lays_allowed(const eng_game *g, int c)
{
    const eng_phase *ph = &g->t->phases[g->phase];
    if (first_turn_lays(g, c))
        return g->co[c].upgraded ? 1 : g->opt.rules.first_turn_tile_lays;
    return g->t->companies[c].kind == ENG_MAJOR ? ph->tile_lays_major : ph->tile_lays_minor;
}

int eng_lays_left(const eng_game *g)
{
    if (g->operating == ENG_NONE)
        return 0;
    int left = lays_allowed(g, g->operating) - g->co[g->operating].lays;
    return left > 0 ? left : 0;
}

/* A first turn's lays after the first are yellow tiles on hexes without one, and none follows
 * an upgrade (18xx.games {lay: :not_if_upgraded, upgrade: false}): -1 with why, else 0. */
static int first_turn_lay_refused(const eng_game *g, int c, int hex, char *why, size_t len)
{
    const eng_company_state *s = &g->co[c];
    if (!first_turn_lays(g, c) || s->lays == 0)
        return 0;
    if (s->upgraded)
        return eng_refuse(why, len, "%s has upgraded a tile: in its first turn that is its only "
                          "tile lay", g->t->companies[c].id);
    if (eng_board_track(g->board, hex, NULL)->color != ENG_WHITE)
        return eng_refuse(why, len, "%s's lays in its first turn after the first are yellow "
                          "tiles on empty hexes: %s has track", g->t->companies[c].id,
                          g->t->hexes[hex].id);
    return 0;
}


/* The private whose tile power the operating major may use on this hex, unused: the private
 * and the power's index, or -1. */
static int tile_power(const eng_game *g, int c, int hex, int *k)
{
    for (int p = 0; p < g->t->ncompanies; p++) {
        const eng_powers *pw = &g->t->companies[p].powers;
        for (int i = 0; eng_powers_for(g, p, c) && i < pw->ntile_hexes; i++)
            if (pw->tile_hexes[i] == hex && !(g->co[p].powers_used & (1u << i))) {
                *k = i;
                return p;
            }
    }
    return -1;
}

/* A tile through a private's power: free of terrain cost or not, its track connected to the
 * company's or not, besides the company's lays or one of them — as the power says. */
static int power_lay(eng_game *g, const eng_action *a, int priv, int k, char *why, size_t len)
{
    int c = g->operating;
    const eng_powers *pw = &g->t->companies[priv].powers;
    eng_company_state *s = &g->co[c];
    if (!pw->tile_extra && s->lays >= lays_allowed(g, c))
        return eng_refuse(why, len, "%s has laid all the track it may this turn",
                          g->t->companies[c].id);
    if (eng_power_tile_refused(g, priv, a->tile, why, len) ||
        (!pw->tile_extra && first_turn_lay_refused(g, c, a->hex, why, len)))
        return -1;
    int company = pw->tile_connected && !g->opt.permissive_routes ? c : ENG_NONE;
    eng_lay lay;
    if (eng_lay_check(g->board, company, a->hex, a->tile, a->rot, tile_colors_now(g), &lay, why,
                      len))
        return -1;
    int cost = pw->tile_free ? 0 : lay.cost;
    if (s->cash < cost)
        return eng_refuse(why, len, "building there costs %d, and %s has %d", cost,
                          g->t->companies[c].id, s->cash);
    eng_color old_color = eng_board_track(g->board, a->hex, NULL)->color;
    if (eng_lay_tile_relay(g->board, company, a->hex, a->tile, a->rot, tile_colors_now(g),
                           a->station_city - 1, why, len))
        return -1;
    s->cash -= cost;
    g->bank += cost;
    s->lays += !pw->tile_extra;
    if (!pw->tile_extra)
        g->co[c].upgraded |= old_color != ENG_WHITE;
    eng_power_tile_laid(g, priv, k);
    eng_event_add(g, ENG_EV_TILE_LAID, ENG_NONE, c, a->hex, cost, false);
    g->events[g->nevents - 1].item = a->tile;
    return 0;
}

/* A tile laid on a private's power hex by other means uses that hex's lay up where the power
 * says so: OBB, whose powers are its two yellow tiles, closes once both hexes have track,
 * whoever laid it (as Rails: a minor's paid tile on M17 closed OBB in a recorded game). */
static void void_tile_powers(eng_game *g, int hex)
{
    for (int p = 0; p < g->t->ncompanies; p++) {
        const eng_powers *pw = &g->t->companies[p].powers;
        if (g->t->companies[p].kind != ENG_PRIVATE || g->co[p].closed || !pw->tile_any_lay_uses)
            continue;
        for (int i = 0; i < pw->ntile_hexes; i++)
            if (pw->tile_hexes[i] == hex && !(g->co[p].powers_used & (1u << i)))
                eng_use_power(g, p, 1u << i);
    }
}

static int lay_tile(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = g->operating;
    eng_company_state *s = &g->co[c];
    if (s->ran)
        return eng_refuse(why, len, "track comes before running trains");
    int k, priv = tile_power(g, c, a->hex, &k);
    if (priv >= 0)
        return power_lay(g, a, priv, k, why, len);
    int blocker = eng_hex_blocked_by(g, a->hex);
    if (blocker >= 0)
        return eng_refuse(why, len, "%s is kept free by %s while a player owns it",
                          g->t->hexes[a->hex].id, g->t->companies[blocker].id);
    if (s->lays >= lays_allowed(g, c))
        return eng_refuse(why, len, "%s has laid all the track it may this turn",
                          g->t->companies[c].id);
    if (first_turn_lay_refused(g, c, a->hex, why, len))
        return -1;
    eng_lay lay;
    int company = g->opt.permissive_routes ? ENG_NONE : c;
    if (eng_lay_check(g->board, company, a->hex, a->tile, a->rot, tile_colors_now(g), &lay, why,
                      len))
        return -1;
    if (s->cash < lay.cost)
        return eng_refuse(why, len, "building there costs %d, and %s has %d", lay.cost,
                          g->t->companies[c].id, s->cash);
    bool upgrade = eng_board_track(g->board, a->hex, NULL)->color != ENG_WHITE;
    if (eng_lay_tile_relay(g->board, company, a->hex, a->tile, a->rot, tile_colors_now(g),
                           a->station_city - 1, why, len))
        return -1;
    s->cash -= lay.cost;
    g->bank += lay.cost;
    s->lays++;
    s->upgraded |= upgrade;
    eng_event_add(g, ENG_EV_TILE_LAID, ENG_NONE, c, a->hex, lay.cost, false);
    g->events[g->nevents - 1].item = a->tile;
    void_tile_powers(g, a->hex);
    return 0;
}

/* The distance between two hexes counted over the hexes of the map, a step at a time: around
 * the gaps in its outline, not across them (as Rails counts it: BY's station on Dresden H20
 * costs 160, 8 steps from Muenchen O15, though 7 hexes apart as the crow flies). */
static int map_distance(const eng_title *t, int from, int to)
{
    int *dist = xmalloc(sizeof *dist * (size_t)t->nhexes), *queue = xmalloc(sizeof *queue *
                                                                               (size_t)t->nhexes);
    for (int h = 0; h < t->nhexes; h++)
        dist[h] = -1;
    int head = 0, tail = 0;
    dist[from] = 0;
    queue[tail++] = from;
    while (head < tail && dist[to] < 0) {
        int h = queue[head++];
        for (int e = 0; e < 6; e++) {
            int n = eng_neighbor(t, h, e);
            if (n >= 0 && dist[n] < 0) {
                dist[n] = dist[h] + 1;
                queue[tail++] = n;
            }
        }
    }
    int d = dist[to];
    free(dist);
    free(queue);
    return d < 0 ? 0 : d;
}

/* A station's cost: its marker's own (the company's token costs), and the title's cost per hex
 * from the home hex (1835: 20 M, the rules' "Entfernung"), counted over the map. */
static int token_cost(const eng_game *g, int c, int hex)
{
    const eng_company *co = &g->t->companies[c];
    int placed = eng_stations_placed(g, c), per_hex = g->t->station_cost_per_hex;
    int marker = placed < co->ntokens ? co->token_costs[placed] : 0;
    return marker + (co->home_hex < 0 || per_hex == 0
                         ? 0 : per_hex * map_distance(g->t, co->home_hex, hex));
}

/* The city of the hex a station goes to when the order does not say: the first with a free
 * circle that the company's track reaches, else (Permissive routes) the first with a free
 * circle (Rails placed BY's station on Nürnberg's city that its track reached); a city where
 * it would move the circle kept for another company's home only when no other will do. */
static int free_city(const eng_game *g, const eng_reach *reach, int c, int hex, int city)
{
    if (city >= 0)
        return city;
    const eng_track *tr = eng_board_track(g->board, hex, NULL);
    for (int pass = 0; pass < 4; pass++)
        for (int k = 0; k < tr->ncities; k++)
            if (eng_station_check(g->board, pass & 2 ? NULL : reach, c, hex, k, NULL, 0) == 0 &&
                (pass & 1 || !eng_station_moves_kept_circle(g->board, c, hex, k)))
                return k;
    return 0;
}

/* Company c's station on hex (*city -1: as free_city chooses, and then the city chosen) for cost: a marker left, the
 * money, and — connected — the company's track reaching it (unless routes are permissive); the
 * money is paid. */
static int put_station(eng_game *g, int c, int hex, int *city_out, int cost, bool connected,
                       char *why, size_t len)
{
    int city = *city_out;
    const eng_company *co = &g->t->companies[c];
    eng_company_state *s = &g->co[c];
    if (eng_stations_placed(g, c) >= co->ntokens)
        return eng_refuse(why, len, "%s has no station markers left", co->id);
    if (s->cash < cost)
        return eng_refuse(why, len, "a station there costs %d, and %s has %d", cost, co->id,
                          s->cash);
    eng_reach r;
    if (connected)
        eng_reach_compute(g->board, c, &r);
    const eng_reach *reach = connected && !g->opt.permissive_routes ? &r : NULL;
    city = free_city(g, connected ? &r : NULL, c, hex, city);
    *city_out = city;
    int rc = eng_place_station(g->board, reach, c, hex, city, why, len);
    if (connected)
        eng_reach_free(&r);
    if (rc)
        return -1;
    s->cash -= cost;
    g->bank += cost;
    return 0;
}

static int place_token(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = g->operating;
    eng_company_state *s = &g->co[c];
    const eng_company *co = &g->t->companies[c];
    if (co->kind != ENG_MAJOR)
        return eng_refuse(why, len, "minors have only their home station");
    if (s->token_placed || s->ran)
        return eng_refuse(why, len, "one station a turn, before the trains run");
    if (a->hex < 0 || a->hex >= g->t->nhexes)
        return eng_refuse(why, len, "there is no such hex");
    int cost = token_cost(g, c, a->hex), city = a->city;
    if (put_station(g, c, a->hex, &city, cost, true, why, len))
        return -1;
    s->token_placed = true;
    station_event(g, c, a->hex, city, cost, false);
    return 0;
}

/* A private's station (1835: NF and PfB): the owner, directing the major, places its station
 * on the private's hex — free or not, connected or not, besides its station of the turn or as
 * it, as the power says. A private whose powers are the owning company's (1830's D&H) has no
 * owner among the players: its company's director places it (eng_powers_for). */
static int private_token(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    int c = g->operating, priv = a->company;
    if (priv < 0 || priv >= t->ncompanies || t->companies[priv].kind != ENG_PRIVATE)
        return eng_refuse(why, len, "that is not a private company");
    const eng_company *pc = &t->companies[priv];
    const eng_powers *pw = &pc->powers;
    if (g->co[priv].closed || (!pw->user_owning_company && g->co[priv].owner != a->player))
        return eng_refuse(why, len, "%s does not own %s", g->players[a->player].name, pc->id);
    if (pw->token_hex >= 0 && pw->user_owning_company && !g->co[priv].closed &&
        eng_is_major(g, c) && g->co[priv].held_by != c) /* (1830's D&H, 18GA's W&S) */
        return eng_refuse(why, len, "%s does not own %s: only the company that owns it places "
                          "its station", t->companies[c].id, pc->id);
    if (pw->token_hex < 0 || !eng_powers_for(g, priv, c))
        return eng_refuse(why, len, "%s has no station power for %s", pc->id, t->companies[c].id);
    eng_company_state *s = &g->co[c];
    if (!pw->token_extra && s->token_placed)
        return eng_refuse(why, len, "%s has placed its station this turn", t->companies[c].id);
    if (!pw->token_extra && (s->ran || eng_step_due(g) > ENG_STEP_STATION)) /* (as STATION) */
        return eng_refuse(why, len, "%s's station step is over (its turn is at the %s step)",
                          t->companies[c].id, eng_step_name(eng_step_due(g)));
    if (eng_power_station_refused(g, priv, c, why, len))
        return -1;
    int hex = pw->token_hex, cost = pw->token_free ? 0 : token_cost(g, c, hex), city = a->city;
    if (put_station(g, c, hex, &city, cost, pw->token_connected, why, len))
        return -1;
    s->token_placed |= !pw->token_extra;
    if (g->opt.rules.station_ends_track) /* house rule 6 (Westermann): the station step — the
                                          * track step is over, laid or not */
        eng_step_reach(g, c, ENG_STEP_STATION);
    station_event(g, c, hex, city, cost, true);
    eng_use_power(g, priv, ENG_POWER_TOKEN_USED);
    return 0;
}

/* The director of a company that must buy a train names the bank or pool train he will pay
 * for and cannot afford: he must then sell shares for the difference (house rule 9: his money
 * only for a forced purchase, and only for a bank or pool train). */
static int raise_cash(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = g->operating, dir = eng_company_holder(g, c);
    const eng_company_state *s = &g->co[c];
    if (!must_buy_train(g, c))
        return eng_refuse(why, len, "%s need not buy a train", g->t->companies[c].id);
    if (train_on_offer(g, a->train, a->from_pool, why, len))
        return -1;
    int short_by = g->t->trains[a->train].cost - s->cash - g->players[dir].cash;
    if (short_by <= 0)
        return eng_refuse(why, len, "%s and %s can pay for the %s train without selling",
                          g->t->companies[c].id, g->players[dir].name,
                          g->t->trains[a->train].name);
    g->raising_train = a->train;
    g->raising_from_pool = a->from_pool;
    eng_event_add(g, ENG_EV_MUST_RAISE, dir, c, short_by, 0, false);
    g->events[g->nevents - 1].item = a->train;
    return 0;
}

/* The director selling shares for the train named by raise_cash(), while still short. */
static int emergency_sell(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = g->operating, dir = eng_company_holder(g, c);
    const eng_company_state *s = &g->co[c];
    if (a->player == dir && g->raising_train == ENG_NONE && eng_loans_director_short(g) > 0)
        return eng_sell_shares(g, a, why, len); /* for its interest or loans due (loans.c) */
    if (g->raising_train == ENG_NONE || a->player != dir)
        return eng_refuse(why, len, "shares are sold in an operating round only by a director "
                                    "raising money for a train the company must buy, or for "
                                    "its interest or loans he must pay");
    if (s->cash + g->players[dir].cash >= g->t->trains[g->raising_train].cost)
        return eng_refuse(why, len, "%s has raised enough for the %s train",
                          g->players[dir].name, g->t->trains[g->raising_train].name);
    return eng_sell_shares(g, a, why, len);
}

/* A holder's dividend for pct percent of a revenue: fractions (the Prussian's 5% shares) are
 * rounded up as Rails does, or down as 18xx.games does (DividendRounding). */
static int dividend_share(const eng_game *g, int revenue, int pct)
{
    int whole = revenue * pct;
    return whole / 100 + (!g->opt.dividend_round_down && whole % 100 != 0);
}

/* ---- rights (1830 Coalfields & Reading: the Coalfields access) ---- */

/* The operating major buys a right from the bank, once, with its own money. */
static int buy_right(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = g->operating, r = a->item;
    if (r < 0 || r >= g->t->nrights)
        return eng_refuse(why, len, "there is no such right");
    const eng_right *right = &g->t->rights[r];
    eng_company_state *s = &g->co[c];
    if (!eng_is_major(g, c))
        return eng_refuse(why, len, "only a major buys the %s right", right->id);
    if (s->rights & (1u << r))
        return eng_refuse(why, len, "%s has the %s right already", g->t->companies[c].id,
                          right->id);
    if (s->cash < right->price)
        return eng_refuse(why, len, "the %s right costs %d, and %s has %d", right->id,
                          right->price, g->t->companies[c].id, s->cash);
    s->cash -= right->price;
    g->bank += right->price;
    s->rights |= 1u << r;
    eng_event_add(g, ENG_EV_BOUGHT_RIGHT, ENG_NONE, c, right->price, 0, false);
    g->events[g->nevents - 1].item = r;
    return 0;
}

/* After its run the company's obsolete trains go, a kind at a time. */
static void scrap_obsolete(eng_game *g, int c)
{
    eng_company_state *s = &g->co[c];
    for (int k = 0; k < g->t->ntrains; k++) {
        if (!g->train_obsolete[k])
            continue;
        int gone = remove_trains(s, k);
        if (gone) {
            eng_event_add(g, ENG_EV_SCRAPPED, ENG_NONE, c, gone, 0, false);
            g->events[g->nevents - 1].item = k;
        }
    }
}

static int pay_run(eng_game *g, const eng_action *a, char *why, size_t len);

static int run_trains(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int rc = pay_run(g, a, why, len);
    if (rc == 0 && g->operating != ENG_NONE) { /* (not when its interest bankrupted its director) */
        note_bank(g); /* said as it breaks (Rails: BankIsBrokenReportText amid the payout) */
        return_train(g, g->operating);
        scrap_obsolete(g, g->operating);
    }
    return rc;
}

/* The run's revenue paid out, withheld, or none. */
static int pay_run(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = g->operating;
    eng_company_state *s = &g->co[c];
    const eng_company *co = &g->t->companies[c];
    if (s->ran)
        return eng_refuse(why, len, "%s has run its trains this turn", co->id);
    if (a->revenue < 0 || (a->revenue > 0 && s->ntrains == 0))
        return eng_refuse(why, len, "%s has no train to run", co->id);
    int rev, rc = eng_loans_at_run(g, a->revenue, &rev, why, len); /* interest first */
    if (rc != 0)
        return rc < 0 ? -1 : 0; /* (1: the director bankrupt, the game over) */
    s->ran = true;
    bool still = eng_national_withholds(g, c); /* (1856's CGR: withholds, its price still) */
    g->national_permanent |= c == g->t->national.company && eng_owns_permanent_train(g, c);
    if (rev == 0) {
        eng_event_add(g, ENG_EV_NO_DIVIDEND, ENG_NONE, c, 0, 0, false);
        if (co->kind == ENG_MAJOR && !still)
            eng_price_left(g, c);
        return 0;
    }
    if (co->kind == ENG_MINOR) { /* half to the owner, half to the treasury */
        int half = rev / 2;
        eng_event_add(g, ENG_EV_REVENUE, ENG_NONE, c, rev, 2, false);
        g->bank -= rev;
        s->cash += rev - half;
        eng_event_add(g, ENG_EV_COMPANY_GETS, ENG_NONE, c, rev - half, 0, false);
        g->players[s->owner].cash += half;
        s->paid_this_or = true;
        eng_event_add(g, ENG_EV_DIVIDEND, s->owner, c, half, 0, false);
        return 0;
    }
    bool payout = a->payout && !still;
    eng_event_add(g, ENG_EV_REVENUE, ENG_NONE, c, rev, payout ? 1 : 0, false);
    if (!payout) {
        eng_bank_pays_company(g, c, rev);
        eng_event_add(g, ENG_EV_COMPANY_GETS, ENG_NONE, c, rev, 0, false);
        if (!still)
            eng_price_left(g, c);
        return 0;
    }
    for (int p = 0; p < g->nplayers; p++) {
        int pct = 0; /* shares exchanged for what already paid this OR earn nothing (rule 10) */
        for (int i = 0; i < s->ncerts; i++)
            if (s->certs[i].owner == p && !s->certs[i].no_dividend)
                pct += s->certs[i].percent;
        if (pct == 0)
            continue;
        int amount = dividend_share(g, rev, pct);
        eng_bank_pays_player(g, p, amount);
        eng_event_add(g, ENG_EV_DIVIDEND, p, c, amount, pct, false);
    }
    int pool = eng_percent_held(g, c, ENG_POOL); /* the pool's share goes to the company */
    if (pool) {
        int amount = dividend_share(g, rev, pool);
        eng_bank_pays_company(g, c, amount);
        eng_event_add(g, ENG_EV_COMPANY_GETS, ENG_NONE, c, amount, pool, false);
    }
    eng_price_right(g, c);
    return 0;
}

static void next_company(eng_game *g);

/* The operating company's turn ends. A major without a train must have bought one; when
 * neither it nor its director, having sold all he can, can pay for the cheapest, the director
 * is bankrupt and the game ends. */
static int finish_company(eng_game *g, char *why, size_t len)
{
    int c = g->operating, dir = eng_company_holder(g, c);
    if (must_buy_train(g, c)) {
        int price = cheapest_train(g, c);
        if (g->co[c].cash + g->players[dir].cash >= price || eng_can_sell_any(g, dir))
            return eng_refuse(why, len, "%s has no train and must buy one (the cheapest costs "
                                        "%d; %s has %d)", g->t->companies[c].id, price,
                              g->t->companies[c].id, g->co[c].cash);
        eng_director_bankrupt(g, dir, c, price - g->co[c].cash - g->players[dir].cash, false);
        return 0;
    }
    int rc = eng_loans_turn_ends(g, why, len); /* the loans it must repay */
    if (rc == 0)
        next_company(g);
    return rc < 0 ? -1 : 0; /* (1: the director bankrupt, the game over) */
}

/* Whether the company at or_pos is passed over: closed (exchanged for the Prussian during the
 * round), or not yet operated and short of the float percent now in force (1856: capital.c). */
static bool passed_over(eng_game *g)
{
    int c = g->or_order[g->or_pos];
    return g->co[c].closed || !eng_capital_may_operate(g, c);
}

/* The next company to operate from or_pos on, or the round's end. */
static void go_on_from(eng_game *g)
{
    while (g->or_pos < g->nor_order && passed_over(g))
        g->or_pos++;
    if (g->or_pos < g->nor_order)
        start_company(g);
    else
        end_operating_round(g);
}

static void next_company(eng_game *g)
{
    eng_powers_turn_end(g, g->operating); /* (1856's W&SR: Rails' endOfORTurn) */
    note_bank(g);
    g->co[g->operating].operated++;
    /* those still to operate by their prices now: a price moved by this company's turn (an
     * emergency sale, 1830_5forDtrainExchange OR 4.1) changes the order (Rails' dynamic
     * operating order); a company formed in this turn to operate next stays next */
    int from = g->or_pos + 1;
    if (from < g->nor_order && g->or_order[from] == g->joined_next)
        from++;
    g->joined_next = ENG_NONE;
    sort_majors_from(g, from);
    g->or_pos++;
    go_on_from(g);
}

void eng_operating_company_closed(eng_game *g, int company)
{
    if (g->round == ENG_ROUND_OPERATING && g->operating == company && !g->forming)
        next_company(g);
}

/* A company formed during an operating round joins it among the majors still to operate (or
 * right after the company whose turn it was: formation.joins_next) — unless its founder has
 * operated in it already (house rule 10: the Prussian formed after M2 operated waits for the
 * next round; 1856's CGR waits when a company merged into it has: g->formation_founder). */
static void join_operating_round(eng_game *g, int company, int founder)
{
    int at = -1;
    for (int i = 0; i < g->nor_order; i++) {
        if (g->or_order[i] == company)
            return;
        if (g->or_order[i] == founder)
            at = i;
    }
    if (at >= 0 && at <= g->or_pos)
        return;
    if (!g->co[company].floated || g->nor_order == ENG_MAX_COMPANIES)
        return;
    int pos = g->or_pos + 1;
    while (!g->t->formation.joins_next && pos < g->nor_order &&
           (!eng_is_major(g, g->or_order[pos]) ||
            eng_operates_before(g, g->or_order[pos], company)))
        pos++;
    memmove(&g->or_order[pos + 1], &g->or_order[pos],
            (size_t)(g->nor_order - pos) * sizeof *g->or_order);
    g->or_order[pos] = company;
    g->nor_order++;
    if (g->t->formation.joins_next)
        g->joined_next = company;
}

/* After the formation called for by a train bought: the new company joins the round, and the
 * company whose turn it was goes on (or the one over its limit discards first). */
void eng_resume_operating_round(eng_game *g)
{
    join_operating_round(g, g->t->formation.company, g->formation_founder);
    if (g->co[g->operating].closed) { /* merged into the formed company (1856's CGR): its turn
                                       * is over */
        next_company(g);
        return;
    }
    check_train_limits(g); /* the minors' trains may take it over its limit */
    g->current = g->discarding != ENG_NONE ? g->co[g->discarding].director
                 : g->t->companies[g->operating].kind == ENG_MINOR ? g->co[g->operating].owner
                                                                     : g->co[g->operating].director;
}

static int operate(eng_game *g, const eng_action *a, char *why, size_t len);

/* NoTrainPriceLeft (18xx.games; the 1830 clarification of rule 20.2: a corporation without a
 * train "will just not make any more money and its stock will continue to fall in value"): a
 * major with no train to run when its turn goes past the run step earns nothing, and its price
 * moves left, as for a revenue withheld. Rails moves nothing (the option's default). */
static void no_run(eng_game *g, int c)
{
    eng_company_state *s = &g->co[c];
    if (!g->opt.no_train_price_left || s->ran || s->ntrains > 0 || !eng_is_major(g, c) ||
        eng_national_withholds(g, c)) /* (1856's CGR: its price still) */
        return;
    s->ran = true;
    eng_event_add(g, ENG_EV_NO_DIVIDEND, ENG_NONE, c, 0, 0, false);
    eng_price_left(g, c);
}

/* The actions of the trains step and the turn's end: the run step is past. */
static bool past_the_run(eng_action_kind kind)
{
    return kind == ENG_ACT_BUY_TRAIN || kind == ENG_ACT_RAISE_CASH || kind == ENG_ACT_SELL ||
           kind == ENG_ACT_DONE;
}

int eng_operate(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (g->operating == ENG_NONE)
        return eng_refuse(why, len, "no company is operating");
    if (g->discarding != ENG_NONE)
        return a->kind == ENG_ACT_DISCARD_TRAIN
                   ? discard_train(g, a, why, len)
                   : eng_refuse(why, len, "%s has too many trains and must discard one first",
                                g->t->companies[g->discarding].id);
    int c = g->operating, k, priv = a->kind == ENG_ACT_LAY_TILE ? tile_power(g, c, a->hex, &k) : -1;
    if (priv >= 0 && g->opt.extra_tile_any_step && g->t->companies[priv].powers.tile_extra)
        return power_lay(g, a, priv, k, why, len); /* (outside the steps) */
    int rc = eng_step_check(g, a, why, len);
    if (rc == 0 && (rc = eng_loans_before(g, a, why, len)) > 0)
        return 0; /* the director bankrupt for the interest: the game is over */
    if (rc == 0 && past_the_run(a->kind)) {
        return_train(g, c); /* (its run passed over) */
        no_run(g, c);
    }
    if (rc == 0)
        rc = operate(g, a, why, len);
    if (rc == 0) {
        eng_step_after(g, c, a);
        if (g->operating == c && g->co[c].step >= ENG_STEP_RUN &&
            eng_step_due(g) == ENG_STEP_TRAINS)
            no_run(g, c);
    }
    return rc;
}

static int operate(eng_game *g, const eng_action *a, char *why, size_t len)
{
    switch (a->kind) {
    case ENG_ACT_SKIP:
        return eng_step_skip(g, why, len);
    case ENG_ACT_HOME:
        return choose_home(g, a, why, len);
    case ENG_ACT_BUY_RIGHT:
        return buy_right(g, a, why, len);
    case ENG_ACT_LAY_TILE:
        return lay_tile(g, a, why, len);
    case ENG_ACT_TOKEN:
        return place_token(g, a, why, len);
    case ENG_ACT_PRIVATE_TOKEN:
        return private_token(g, a, why, len);
    case ENG_ACT_RUN:
        return run_trains(g, a, why, len);
    case ENG_ACT_BUY_TRAIN:
        return buy_train(g, a, why, len);
    case ENG_ACT_SELL:
        return emergency_sell(g, a, why, len);
    case ENG_ACT_RAISE_CASH:
        return raise_cash(g, a, why, len);
    case ENG_ACT_BUY_PRIVATE:
        return eng_buy_private(g, a, why, len);
    case ENG_ACT_BUY_BONUS:
        return eng_buy_bonus(g, a, why, len);
    case ENG_ACT_PLACE_MARKER:
        return eng_place_marker(g, a, why, len);
    case ENG_ACT_DONE:
        return finish_company(g, why, len);
    case ENG_ACT_TAKE_LOAN:
        return eng_take_loan(g, a, why, len);
    case ENG_ACT_REPAY_LOAN:
        return eng_repay_loans(g, a, why, len);
    default:
        return eng_refuse(why, len, "that is not an order for an operating round");
    }
}
