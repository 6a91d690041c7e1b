/* operate: one company's turn in an operating round, on its director's orders as they stand when
 * it operates — tiles, private powers and a station, the run and the dividend, trains, the end of
 * its turn — and the discards of a company over its train limit. A company whose director sent
 * no section for it (or no orders at all: NMR) is played automatically: its goal or the most
 * income for a tile and a station (house rules 12, 17), the best run paid out, a train only when
 * it must have one. Tile and station orders are used once; RUN and PAY OUT / WITHHOLD orders hold
 * for every operating round of the turn. A title's loans: TAKE LOAN orders are carried out as
 * the company's turn begins, REPAY after its trains, once each; a silent company takes none;
 * a director short of its interest or of loans it must repay sells shares for it. */
#include "engine/routes.h"
#include "turn/internal.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>


struct company_turn {
    int c, p;                /* the company and its director */
    const char *section;     /* its id: the orders' section */
    bool automatic;          /* no orders for it this turn (its standing orders still count) */
    bool idle;               /* a preview's company not being checked: runs, nothing else */
    const char *goal;        /* its latest GOAL, or NULL */
};

static bool still_operating(const turn_ctx *x, int c)
{
    const eng_game *g = x->g;
    return !x->stop && g->round == ENG_ROUND_OPERATING && g->operating == c && !g->forming &&
           g->discarding == ENG_NONE;
}

/* Whether the player sent orders for the section this turn (orders kept from an earlier turn
 * do not count: they are intentions, used when the company is played for its director). */
static bool has_section(const turn_ctx *x, int p, const char *section)
{
    const ord_orders *o = x->pl[p].o;
    for (int i = 0; o && i < o->n; i++)
        if (strcasecmp(o->v[i].section, section) == 0 && !o->v[i].earlier)
            return true;
    return false;
}

/* Whether the section holds orders of these kinds (this turn's or standing ones). */
static bool has_kinds(const turn_ctx *x, int p, const char *section, unsigned kinds)
{
    return turn_next_order(x, p, section, kinds, 0) >= 0;
}

/* Whether the director wrote nothing for this step of the company's turn (no orders of these
 * kinds in its section, this turn's or standing, or no section at all): the step is played for
 * the director as for a silent player (house rules 12 and 17). */
static bool step_unwritten(const turn_ctx *x, const struct company_turn *ct, unsigned kinds)
{
    return !has_kinds(x, ct->p, ct->section, kinds);
}

static const char *goal_of(const turn_ctx *x, int p, const char *section)
{
    const ord_orders *o = x->pl[p].o;
    const char *goal = NULL;
    for (int i = 0; o && i < o->n; i++)
        if (strcasecmp(o->v[i].section, section) == 0 && o->v[i].alts[0].kind == ORD_GOAL)
            goal = o->v[i].alts[0].goal;
    return goal;
}

/* The company's next order of these kinds after *i, marked used; orders whose conditions do
 * not hold (and that have no ELSE) are skipped and said. Returns the order with *from, the
 * alternative to start at, or NULL when none is left or the company's turn is interrupted. */
static const ord_order *next_order(turn_ctx *x, const struct company_turn *ct, unsigned kinds,
                                   int *i, int *from)
{
    while (still_operating(x, ct->c) &&
           (*i = turn_next_order(x, ct->p, ct->section, kinds, *i + 1)) >= 0) {
        const ord_order *o = &x->pl[ct->p].o->v[*i];
        x->pl[ct->p].used[*i] = USED_UP;
        if ((*from = turn_first_alt(x, ct->p, o)) >= 0)
            return o;
        turn_say_order(x, ct->p, o, "its condition does not hold: skipped");
        turn_not_done(x, ct->p, *i, "its condition did not hold when %s operated", ct->section);
    }
    return NULL;
}

/* ---- tiles ---- */

/* What a lay would earn the company: now, and with one more train of the kind on sale (so that
 * rotations that earn nothing yet are told apart by what they lead to). */
static void lay_worth(const eng_game *copy, int c, int *now, int *soon)
{
    eng_run run;
    *now = eng_best_run(copy, c, &run);
    *soon = turn_run_with_train(copy, c, copy->train_on_sale);
}

/* A lay without ROT: of the legal rotations, the one giving the most income now; among equals,
 * the one that earns most with the next train (a company without trains still builds
 * somewhere useful); then the first. */
static int lay_best_rotation(turn_ctx *x, eng_action *a, char *why, size_t len)
{
    int best_rot = -1, best_now = -1, best_soon = -1;
    for (int r = 0; r < 6; r++) {
        eng_game *copy = eng_game_copy(x->g);
        a->rot = r;
        if (eng_apply(copy, a, r == 0 ? why : NULL, r == 0 ? len : 0) == 0) {
            int now, soon;
            lay_worth(copy, x->g->operating, &now, &soon);
            if (now > best_now || (now == best_now && soon > best_soon))
                best_now = now, best_soon = soon, best_rot = r;
        }
        eng_game_free(copy);
    }
    if (best_rot < 0)
        return -1;
    a->rot = best_rot;
    return turn_act(x, a, why, len);
}

static int try_lay(turn_ctx *x, const struct company_turn *ct, const ord_action *l, char *why,
                   size_t len)
{
    const eng_title *t = x->g->t;
    eng_action a = {.kind = ENG_ACT_LAY_TILE, .player = ct->p, .hex = turn_place_hex(t, l->hex),
                    .tile = eng_tile_index(t, l->tile), .rot = l->rot,
                    .station_city = l->city};
    if (a.hex < 0)
        return snprintf(why, len, "there is no hex %s", l->hex), -1;
    if (a.tile < 0)
        return snprintf(why, len, "there is no tile %s", l->tile), -1;
    if (l->rot < 0)
        return lay_best_rotation(x, &a, why, len);
    return turn_act(x, &a, why, len);
}

/* Tries the order's alternatives (house rule 17 A): 0 laid, 1 NO TILE chosen, -1 none. Why the
 * alternatives before the one carried out could not be is said in the report. */
static int try_tile_order(turn_ctx *x, const struct company_turn *ct, const ord_order *o,
                          int from, char *why, size_t len)
{
    why[0] = '\0';
    for (int i = from; i < o->nalts; i++) {
        char w[256];
        int rc = o->alts[i].kind == ORD_NO_TILE ? 1
                 : o->alts[i].kind == ORD_LAY && try_lay(x, ct, &o->alts[i], w, sizeof w) == 0
                     ? 0
                     : -1;
        if (rc >= 0 && why[0]) {
            turn_say_order(x, ct->p, o, "");
            turn_say(x, "    %s; its ELSE is carried out", why);
        }
        if (rc >= 0)
            turn_used_alternative(x, ct->p, o, i, from, why);
        if (rc >= 0)
            return rc;
        turn_add_reason(why, len, o->alts[i].kind == ORD_LAY ? w : "not a tile order");
    }
    return -1;
}

/* An impossible tile or station: house rule 17's steps B-D choose in its place — or, in a
 * preview, are only announced. */
static void tile_fallback(turn_ctx *x, const struct company_turn *ct)
{
    if (!x->set->preview)
        turn_fallback_tile(x, ct->c, ct->goal, false);
}

/* Whether the company's tile order after the i-th is still to be tried: a lay of its turn
 * left, or that order a tile on the hex of a private's extra tile it has not used (1830's
 * C&StL, 18GA's Midland: "LAY 57 ON F6" then "LAY 8 ON F12", the second besides its lay). */
static bool lay_order_due(turn_ctx *x, const struct company_turn *ct, unsigned kinds, int i)
{
    if (eng_lays_left(x->g) > 0)
        return true;
    int k = turn_next_order(x, ct->p, ct->section, kinds, i + 1);
    const ord_order *o = k >= 0 ? &x->pl[ct->p].o->v[k] : NULL;
    for (int a = 0; o && a < o->nalts; a++)
        if (o->alts[a].kind == ORD_LAY &&
            eng_extra_tile_power(x->g, ct->c, turn_place_hex(x->g->t, o->alts[a].hex)))
            return true;
    return false;
}

static void tiles(turn_ctx *x, const struct company_turn *ct)
{
    const unsigned kinds = KIND(ORD_LAY) | KIND(ORD_NO_TILE);
    if (ct->idle)
        return;
    if (step_unwritten(x, ct, kinds)) {
        /* no tile ordered: played for the director — towards the company's GOAL when it has
         * one (house rule 12), else for income (house rule 17) */
        if (!x->set->preview)
            turn_fallback_tile(x, ct->c, ct->goal, true);
        return;
    }
    const ord_order *o;
    int i = -1, from;
    while (lay_order_due(x, ct, kinds, i) && (o = next_order(x, ct, kinds, &i, &from))) {
        char why[256];
        int rc = try_tile_order(x, ct, o, from, why, sizeof why);
        if (rc >= 0)
            turn_done(x, ct->p, i);
        if (rc == 1)
            return;
        if (rc < 0) {
            turn_say_order(x, ct->p, o, "");
            turn_say(x, "    cannot be carried out: %s (house rule 17)", why);
            turn_not_done(x, ct->p, i, "%s; house rule 17 %s", why,
                          x->set->preview ? "would choose in its place (B-D)"
                                          : "chose in its place (see the report)");
            tile_fallback(x, ct);
        }
    }
}

/* ---- privates bought from their owners ---- */

/* The private's owner agreed: an order SELL PRIVATE priv TO the company FOR price, in any
 * section of his orders, not used yet, its conditions holding; its index or -1. */
static int owner_agreement(const turn_ctx *x, const struct company_turn *ct, int priv, int price,
                           int owner)
{
    const eng_title *t = x->g->t;
    const ord_orders *os = x->pl[owner].o;
    for (int i = 0; os && i < os->n; i++) {
        const ord_action *s = &os->v[i].alts[0];
        if (x->pl[owner].used[i] < USED_UP && s->kind == ORD_SELL_PRIVATE &&
            eng_company_index(t, s->priv) == priv && eng_company_index(t, s->company) == ct->c &&
            s->price == price && turn_conds_hold(x, owner, &os->v[i]))
            return i;
    }
    return -1;
}

/* BUY PRIVATE: carried out when the director owns the private, or its owner agreed (his order
 * then shares the purchase's fate). */
static int try_private(turn_ctx *x, const struct company_turn *ct, const ord_action *b,
                       char *why, size_t len)
{
    const eng_game *g = x->g;
    if (b->kind != ORD_BUY_PRIVATE)
        return snprintf(why, len, "not a private's purchase"), -1;
    int priv = eng_company_index(g->t, b->priv), owner = priv >= 0 ? g->co[priv].owner : -1;
    if (priv < 0)
        return snprintf(why, len, "there is no company %s", b->priv), -1;
    int agreed = -1;
    if (owner >= 0 && owner != ct->p &&
        (agreed = owner_agreement(x, ct, priv, b->price, owner)) < 0)
        return snprintf(why, len, "%s's owner, %s, has not agreed (SELL PRIVATE %s TO %s FOR %d "
                                  "in %s's orders)",
                        g->t->companies[priv].id, g->players[owner].name,
                        g->t->companies[priv].id, ct->section, b->price, g->players[owner].name),
               -1;
    eng_action a = {.kind = ENG_ACT_BUY_PRIVATE, .player = ct->p, .company = priv,
                    .price = b->price};
    int rc = turn_act(x, &a, why, len);
    if (agreed >= 0)
        turn_agreement_fate(x, owner, agreed, rc, why);
    return rc;
}

/* The orders of those kinds, each tried alternative by alternative (`try`: 0 carried out), in
 * the order written; what was not carried out said with why. */
typedef int (*alt_try)(turn_ctx *x, const struct company_turn *ct, const ord_action *a,
                       char *why, size_t len);

static void each_order(turn_ctx *x, const struct company_turn *ct, unsigned kinds, alt_try try)
{
    const ord_order *o;
    int i = -1, from;
    while (!ct->idle && (o = next_order(x, ct, kinds, &i, &from))) {
        char why[256] = "", w[256];
        int rc = -1;
        int k = from;
        for (; k < o->nalts; k++) {
            if ((rc = try(x, ct, &o->alts[k], w, sizeof w)) == 0)
                break;
            turn_add_reason(why, sizeof why, w);
        }
        if (rc == 0) {
            turn_used_alternative(x, ct->p, o, k, from, why);
            turn_done(x, ct->p, i);
            continue;
        }
        turn_say_order(x, ct->p, o, "");
        turn_say(x, "    not carried out: %s", why);
        turn_not_done(x, ct->p, i, "%s", why);
    }
}

/* The company's BUY PRIVATE orders, at the start of its turn (the private's powers are then
 * its own for the turn). */
static void private_purchases(turn_ctx *x, const struct company_turn *ct)
{
    each_order(x, ct, KIND(ORD_BUY_PRIVATE), try_private);
}

/* ---- privates' run bonuses and markers (1856's bridge and tunnel tokens, the port) ---- */

/* The private a BUY BONUS names (by its id or its bonus's name), or -1. */
static int bonus_private(const eng_title *t, const char *name)
{
    for (int c = 0; c < t->ncompanies; c++)
        if (t->companies[c].powers.nbonus_hexes &&
            (strcasecmp(t->companies[c].powers.bonus_name, name) == 0 ||
             eng_company_index(t, name) == c))
            return c;
    return -1;
}

/* The private whose marker the company would place: the one whose powers are its own, else the
 * first with a marker (whose refusal says why), or -1. */
static int marker_private(const eng_game *g, int c)
{
    int first = -1;
    for (int p = 0; p < g->t->ncompanies; p++)
        if (g->t->companies[p].powers.nmarker_hexes) {
            if (eng_powers_for(g, p, c))
                return p;
            first = first < 0 ? p : first;
        }
    return first;
}

static int try_bonus(turn_ctx *x, const struct company_turn *ct, const ord_action *b, char *why,
                     size_t len)
{
    const eng_game *g = x->g;
    eng_action a = {.player = ct->p};
    if (b->kind == ORD_BUY_BONUS) {
        a.kind = ENG_ACT_BUY_BONUS;
        if ((a.company = bonus_private(g->t, b->priv)) < 0)
            return snprintf(why, len, "%s has no bonus to sell", b->priv), -1;
    } else if (b->kind == ORD_PORT) {
        a.kind = ENG_ACT_PLACE_MARKER;
        a.hex = turn_place_hex(g->t, b->hex);
        if ((a.company = marker_private(g, ct->c)) < 0 || a.hex < 0)
            return snprintf(why, len, a.hex < 0 ? "there is no hex %s"
                                                : "no private places a marker here", b->hex), -1;
    } else {
        return snprintf(why, len, "not a bonus or a marker"), -1;
    }
    return turn_act(x, &a, why, len);
}

/* The company's BUY BONUS and PORT orders, at the start of its turn once its BUY PRIVATE
 * orders are done (the engine takes them at any time of its turn; before the run they count
 * in it). */
static void bonus_orders(turn_ctx *x, const struct company_turn *ct)
{
    each_order(x, ct, KIND(ORD_BUY_BONUS) | KIND(ORD_PORT), try_bonus);
}

/* ---- private powers and the station ---- */

/* The cities of the hex where the station could go now. */
static int station_choices(const turn_ctx *x, const eng_action *a)
{
    const eng_track *tr = eng_board_track(x->g->board, a->hex, NULL);
    int n = 0;
    for (int city = 0; city < tr->ncities; city++) {
        eng_game *copy = eng_game_copy(x->g);
        eng_action b = *a;
        b.city = city;
        if (eng_apply(copy, &b, NULL, 0) == 0)
            n++;
        eng_game_free(copy);
    }
    return n;
}

/* An order not carried out because it is ambiguous (house rule 16: not an NMR), a ruling. */
static void not_carried_out_ambiguous(turn_ctx *x, const struct company_turn *ct,
                                      const ord_order *o, int i, const char *why)
{
    turn_say_order(x, ct->p, o, "");
    char whose[64];
    snprintf(whose, sizeof whose, "%s for %s, line %d", x->g->players[ct->p].name, ct->section,
             o->line);
    turn_ruling(x, whose, "    ambiguous, not carried out: %s (house rule 16; not an NMR)", why);
    turn_not_done(x, ct->p, i, "ambiguous: %s (house rule 16)", why);
}

/* A private's station order naming no city, where the station could go in more than one city
 * of its hex (L6, whose circle kept for Baden's home moves to the other city): why, true. */
static bool private_station_ambiguous(const turn_ctx *x, const eng_action *a, char *why,
                                      size_t len)
{
    const eng_company *pc = &x->g->t->companies[a->company];
    if (pc->kind != ENG_PRIVATE || pc->powers.token_hex < 0)
        return false;
    eng_action b = *a;
    b.hex = pc->powers.token_hex;
    if (station_choices(x, &b) < 2)
        return false;
    const char *hex = x->g->t->hexes[b.hex].id;
    snprintf(why, len, "%s's station could go in more than one city of %s: which one? (USE %s "
             "CITY n)", pc->id, hex, pc->id);
    return true;
}

static void private_powers(turn_ctx *x, const struct company_turn *ct)
{
    const ord_order *o;
    int i = -1, from;
    while (!ct->idle && (o = next_order(x, ct, KIND(ORD_PRIVATE), &i, &from))) {
        eng_action a = {.kind = ENG_ACT_PRIVATE_TOKEN, .player = ct->p,
                        .city = o->alts[from].city - 1, /* (0: not named, -1 as the engine picks) */
                        .company = eng_company_index(x->g->t, o->alts[from].company)};
        char why[256];
        if (a.company >= 0 && a.city < 0 && private_station_ambiguous(x, &a, why, sizeof why)) {
            not_carried_out_ambiguous(x, ct, o, i, why);
        } else if (a.company < 0 || turn_act(x, &a, why, sizeof why)) {
            const char *reason = a.company < 0 ? "there is no such private" : why;
            turn_say_order(x, ct->p, o, "");
            turn_say(x, "    not carried out: %s", reason);
            turn_not_done(x, ct->p, i, "%s", reason);
        } else {
            turn_done(x, ct->p, i);
        }
    }
}

/* 0 placed, 1 NO STATION, -1 not possible, -2 ambiguous (house rule 16). */
static int try_station(turn_ctx *x, const struct company_turn *ct, const ord_action *s, char *why,
                       size_t len)
{
    if (s->kind == ORD_NO_STATION)
        return 1;
    if (s->kind != ORD_STATION)
        return snprintf(why, len, "not a station order"), -1;
    eng_action a = {.kind = ENG_ACT_TOKEN, .player = ct->p,
                    .hex = turn_place_hex(x->g->t, s->hex), .city = s->city - 1};
    if (a.hex < 0)
        return snprintf(why, len, "there is no hex %s", s->hex), -1;
    if (s->city == 0 && station_choices(x, &a) > 1)
        return snprintf(why, len, "%s has more than one city where it could go: which one? "
                                  "(STATION %s CITY n)", s->hex, s->hex),
               -2;
    return turn_act(x, &a, why, len);
}

static void station(turn_ctx *x, const struct company_turn *ct)
{
    const unsigned kinds = KIND(ORD_STATION) | KIND(ORD_NO_STATION);
    if (!eng_is_major(x->g, ct->c) || ct->idle)
        return;
    if (step_unwritten(x, ct, kinds)) {
        if (!x->set->preview)
            turn_fallback_station(x, ct->c, NULL, true); /* only for income now */
        return;
    }
    const ord_order *o;
    int i = -1, from;
    while ((o = next_order(x, ct, kinds, &i, &from))) {
        char why[256] = "", w[256];
        for (int k = from; k < o->nalts; k++) {
            int rc = try_station(x, ct, &o->alts[k], w, sizeof w);
            if (rc >= 0) {
                turn_used_alternative(x, ct->p, o, k, from, why);
                turn_done(x, ct->p, i);
                return;
            }
            if (rc == -2) {
                not_carried_out_ambiguous(x, ct, o, i, w);
                return;
            }
            turn_add_reason(why, sizeof why, w);
        }
        turn_say_order(x, ct->p, o, "");
        turn_say(x, "    cannot be carried out: %s (house rule 17)", why);
        turn_not_done(x, ct->p, i, "%s; house rule 17 %s", why,
                      x->set->preview ? "would choose in its place (B-D)"
                                      : "chose in its place (see the report)");
        if (!x->set->preview)
            turn_fallback_station(x, ct->c, ct->goal, false);
        return;
    }
}

/* ---- the home station, where its city is the director's choice (1830's Erie) ---- */

/* HOME CITY n as ordered, else (no order, or none possible) the first city with room. */
static void home(turn_ctx *x, const struct company_turn *ct)
{
    eng_game *g = x->g;
    const ord_order *o;
    int i = -1, from;
    char why[256];
    while ((o = next_order(x, ct, KIND(ORD_HOME), &i, &from))) {
        char first[256] = "";
        why[0] = '\0';
        for (int k = from; k < o->nalts; k++) { /* HOME CITY 1 ELSE HOME CITY 2 */
            if (k > from && !first[0])
                snprintf(first, sizeof first, "%s", why);
            eng_action a = {.kind = ENG_ACT_HOME, .player = ct->p, .city = o->alts[k].city - 1};
            if (o->alts[k].kind == ORD_HOME && turn_act(x, &a, why, sizeof why) == 0) {
                turn_used_alternative(x, ct->p, o, k, from, first);
                turn_done(x, ct->p, i);
                return;
            }
        }
        turn_say_order(x, ct->p, o, "");
        turn_say(x, "    cannot be carried out: %s", why);
        turn_not_done(x, ct->p, i, "%s; its home went to the first city with room", why);
        break;
    }
    const eng_company *co = &g->t->companies[ct->c];
    for (int city = 0; city < ENG_MAX_CITIES && still_operating(x, ct->c); city++) {
        eng_action a = {.kind = ENG_ACT_HOME, .player = ct->p, .city = city};
        if (turn_act(x, &a, why, sizeof why) == 0) {
            turn_say(x, "  %s places its home station in city %d of %s (no HOME order)",
                     ct->section, city + 1, g->t->hexes[co->home_hex].id);
            return;
        }
    }
}

/* ---- the run and the dividend ---- */

/* The first order of these kinds whose conditions hold (not used up: they hold all turn);
 * *unconditional gets the kinds ordered without a condition. */
static const ord_order *standing_choice(const turn_ctx *x, const struct company_turn *ct,
                                        unsigned kinds, unsigned *unconditional)
{
    const ord_orders *o = x->pl[ct->p].o;
    const ord_order *first = NULL;
    *unconditional = 0;
    for (int i = 0; o && i < o->n; i++) {
        const ord_order *r = &o->v[i];
        if (strcasecmp(r->section, ct->section) || !(kinds & KIND(r->alts[0].kind)))
            continue;
        if (r->nconds == 0)
            *unconditional |= KIND(r->alts[0].kind);
        if (!first && turn_conds_hold(x, ct->p, r))
            first = r;
    }
    return first;
}

/* Every order of these kinds in the company's section, unconditional ones or all: not carried
 * out, for why. */
static void not_done_all(turn_ctx *x, const struct company_turn *ct, unsigned kinds,
                         const char *why)
{
    int i = -1;
    while ((i = turn_next_order(x, ct->p, ct->section, kinds, i + 1)) >= 0)
        turn_not_done(x, ct->p, i, "%s", why);
}

static bool pays_out(turn_ctx *x, const struct company_turn *ct)
{
    const unsigned both = KIND(ORD_PAYOUT) | KIND(ORD_WITHHOLD);
    unsigned unconditional;
    const ord_order *d = standing_choice(x, ct, both, &unconditional);
    if (unconditional == both) { /* both, with no condition to choose */
        turn_ruling(x, NULL,
                    "  %s's orders for %s say both PAY OUT and WITHHOLD: ambiguous, neither order "
                    "decides; the revenue is paid out, as for a company played for its director "
                    "(house rule 16; not an NMR)",
                    x->g->players[ct->p].name, ct->section);
        not_done_all(x, ct, both, "ambiguous: both PAY OUT and WITHHOLD, without a condition to "
                                  "choose; the revenue was paid out (house rule 16)");
        return true;
    }
    if (d)
        turn_done(x, ct->p, turn_order_index(x, ct->p, d));
    return !d || d->alts[0].kind == ORD_PAYOUT;
}

/* The stops a hex may stand for on a route: its cities, its towns, or the off-board. */
static int stop_nodes(const eng_game *g, int hex, int *nodes)
{
    if (g->t->hexes[hex].offboard)
        return nodes[0] = hex * ENG_NODES_PER_HEX + ENG_NODE_OFFBOARD, 1;
    const eng_track *tr = eng_board_track(g->board, hex, NULL);
    int n = 0;
    for (int c = 0; c < tr->ncities; c++)
        nodes[n++] = hex * ENG_NODES_PER_HEX + ENG_NODE_CITY + c;
    for (int k = 0; k < tr->ntowns; k++)
        nodes[n++] = hex * ENG_NODES_PER_HEX + ENG_NODE_TOWN + k;
    return n;
}

/* The declared runs; a hex with two cities or towns is tried each way (the first way the rules
 * accept counts). */
static int routes_total(const eng_game *g, int c, const ord_action *const *routes, int n,
                        char *why, size_t len)
{
    eng_train_run runs[ENG_MAX_TRAINS] = {0};
    int nodes[ENG_MAX_TRAINS][ORD_MAX_STOPS][8], count[ENG_MAX_TRAINS][ORD_MAX_STOPS];
    long ways = 1;
    for (int r = 0; r < n; r++) {
        runs[r].train = eng_train_index(g->t, routes[r]->train);
        runs[r].nstops = routes[r]->nstops;
        if (runs[r].train < 0)
            return snprintf(why, len, "there is no %s train", routes[r]->train), -1;
        for (int k = 0; k < routes[r]->nstops; k++) {
            int hex = eng_hex_index(g->t, routes[r]->stops[k]);
            count[r][k] = hex < 0 ? 0 : stop_nodes(g, hex, nodes[r][k]);
            if (count[r][k] == 0)
                return snprintf(why, len, "%s is not a stop", routes[r]->stops[k]), -1;
            ways *= count[r][k];
        }
    }
    for (long way = 0; way < ways && way < 4096; way++) {
        long rest = way;
        for (int r = 0; r < n; r++)
            for (int k = 0; k < runs[r].nstops; k++) {
                runs[r].stops[k] = nodes[r][k][rest % count[r][k]];
                rest /= count[r][k];
            }
        int total = eng_check_runs(g, c, runs, n, way == 0 ? why : NULL, len);
        if (total >= 0)
            return total;
    }
    return -1;
}

int turn_route_total(const eng_game *g, int c, const ord_orders *orders, char *why, size_t len)
{
    const ord_action *routes[ENG_MAX_TRAINS];
    int n = 0;
    for (int i = 0; orders && i < orders->n && n < ENG_MAX_TRAINS; i++)
        if (!strcasecmp(orders->v[i].section, g->t->companies[c].id) &&
            orders->v[i].alts[0].kind == ORD_ROUTE)
            routes[n++] = &orders->v[i].alts[0];
    return n ? routes_total(g, c, routes, n, why, len) : -2;
}

/* The company's ROUTE orders, if any: their total, or the best when they cannot be run. */
static int routes_or_best(turn_ctx *x, const struct company_turn *ct, int best)
{
    char why[256] = "";
    int total = turn_route_total(x->g, ct->c, x->pl[ct->p].o, why, sizeof why);
    if (total >= 0) {
        int i = -1;
        while ((i = turn_next_order(x, ct->p, ct->section, KIND(ORD_ROUTE), i + 1)) >= 0)
            turn_done(x, ct->p, i);
    }
    if (total != -1)
        return total;
    turn_say(x, "  %s's routes for %s cannot be run: %s; the trains run their best (%d)",
             x->g->players[ct->p].name, ct->section, why, best);
    char reason[340];
    snprintf(reason, sizeof reason, "the routes cannot be run: %s; the trains ran their best (%d)",
             why, best);
    not_done_all(x, ct, KIND(ORD_ROUTE), reason);
    return best;
}

static bool train_earns(const eng_game *g, int c, int type);

/* The dividend of a company played for its director (docs/house-rules.md): paid out, unless
 * withholding this run buys the train on sale — one the company cannot pay for now, has room
 * for, and that raises its run — at its next turn. */
static bool pays_out_for_director(turn_ctx *x, const struct company_turn *ct, int revenue)
{
    const eng_game *g = x->g;
    const eng_company_state *s = &g->co[ct->c];
    if (g->t->companies[ct->c].kind == ENG_MINOR)
        return true; /* a minor's run is split, never withheld: nothing to say */
    int type = g->train_on_sale, cost = g->t->trains[type].cost;
    bool saves = g->trains_left[type] > 0 && s->cash < cost && s->cash + revenue >= cost &&
                 s->ntrains < eng_train_limit(g, ct->c) && train_earns(g, ct->c, type);
    if (saves)
        turn_ruling(x, NULL, "  Played for its director: %s withholds to buy a %s train",
                    ct->section, g->t->trains[type].name);
    return !saves;
}

/* Whether the run is paid out: the director's PAY OUT / WITHHOLD; for a company played for its
 * director without them, the director's rule; a preview's idle company pays out. */
static bool dividend_paid_out(turn_ctx *x, const struct company_turn *ct, int revenue)
{
    if (ct->idle)
        return true;
    if (step_unwritten(x, ct, KIND(ORD_PAYOUT) | KIND(ORD_WITHHOLD)))
        return pays_out_for_director(x, ct, revenue);
    return pays_out(x, ct);
}

/* ---- money the director owes, loans ---- */

/* The director sells one certificate, the first sale the rules allow him now (the engine allows
 * one only while he must raise money). Whether he sold. */
static bool sell_one(turn_ctx *x, const struct company_turn *ct)
{
    char why[256];
    for (int c = 0; c < x->g->t->ncompanies; c++)
        for (int pct = 5; pct <= 20; pct += 5) {
            eng_action sale = {.kind = ENG_ACT_SELL, .player = ct->p, .company = c,
                               .percent = pct};
            if (turn_act(x, &sale, why, sizeof why) == 0)
                return true;
        }
    return false;
}

/* The action carried out; when the engine refuses it because the director must first sell
 * shares for what his company owes (its loans' interest, loans it must repay: the engine's
 * refusal says "must sell shares first"), he sells, a certificate at a time, until it is. */
static int act_selling_first(turn_ctx *x, const struct company_turn *ct, const eng_action *a,
                             char *why, size_t len)
{
    for (int guard = 0; guard < 64; guard++) {
        if (turn_act(x, a, why, len) == 0)
            return 0;
        if (!strstr(why, "must sell shares first") || !sell_one(x, ct))
            return -1;
    }
    return -1;
}

/* The engine's action for a TAKE LOAN or REPAY order: 0, or -1 with why. REPAY ALL: as many
 * as the company's money pays for. */
static int loan_action(const turn_ctx *x, const struct company_turn *ct, const ord_action *o,
                       eng_action *a, char *why, size_t len)
{
    const eng_game *g = x->g;
    *a = (eng_action){.kind = ENG_ACT_TAKE_LOAN, .player = ct->p};
    if (o->kind == ORD_TAKE_LOAN)
        return 0;
    if (o->kind != ORD_REPAY_LOAN)
        return snprintf(why, len, "not a loan order"), -1;
    a->kind = ENG_ACT_REPAY_LOAN;
    a->amount = o->count;
    if (o->count == ORD_ALL_LOANS && g->t->loans.amount > 0) {
        int can = g->co[ct->c].cash / g->t->loans.amount;
        a->amount = can < g->co[ct->c].loans ? can : g->co[ct->c].loans;
        if (a->amount == 0)
            return snprintf(why, len, "%s has no loan its money repays (%d; a loan is %d)",
                            ct->section, g->co[ct->c].cash, g->t->loans.amount), -1;
    }
    return 0;
}

/* The company's orders of that kind (TAKE LOAN at the start of its turn, REPAY after its
 * trains), each carried out or said why not; a silent company takes and repays none (the
 * engine repays at the turn's end those it must). */
static void loan_orders(turn_ctx *x, const struct company_turn *ct, ord_kind kind)
{
    if (ct->idle)
        return;
    const ord_order *o;
    int i = -1, from;
    while ((o = next_order(x, ct, KIND(kind), &i, &from))) {
        char why[256] = "", w[256];
        int k = from, rc = -1;
        for (; k < o->nalts && rc < 0; k++) {
            eng_action a;
            rc = loan_action(x, ct, &o->alts[k], &a, w, sizeof w);
            if (rc == 0)
                rc = act_selling_first(x, ct, &a, w, sizeof w);
            if (rc < 0)
                turn_add_reason(why, sizeof why, w);
        }
        if (rc == 0) {
            turn_used_alternative(x, ct->p, o, k - 1, from, why);
            turn_done(x, ct->p, i);
        } else {
            turn_say_order(x, ct->p, o, "");
            turn_say(x, "    not carried out: %s", why);
            turn_not_done(x, ct->p, i, "%s", why);
        }
    }
}

/* Each train of the run that counts a stop whose hex doubles the run's other stops (title.h's
 * doubles_run: 18Kaas's Ruhrgebied): the report says so, with what that train earns. */
static void say_doubled_runs(turn_ctx *x, const struct company_turn *ct, const eng_run *run)
{
    const eng_title *t = x->g->t;
    for (int r = 0; r < run->ntrains; r++) {
        const eng_train_run *tr = &run->trains[r];
        for (int k = 0; tr->revenue > 0 && k < tr->nstops; k++) {
            int hi = tr->stops[k] / ENG_NODES_PER_HEX;
            const eng_hex *h = &t->hexes[hi];
            if (!h->doubles_run)
                continue;
            const char *what = h->doubles_run == ENG_DOUBLES_STOPS ? "stops" : "cities";
            char where[ENG_NAME + ENG_ID + 8];
            eng_hex_label(t, hi, where, sizeof where);
            if (h->doubles_run_plus)
                turn_say(x, "  %s's %s train runs into %s: each of its other %s counts %d more "
                            "(the train earns %d)",
                         ct->section, t->trains[tr->train].name, where, what,
                         h->doubles_run_plus, tr->revenue);
            else
                turn_say(x, "  %s's %s train runs into %s: its other %s count twice (the train "
                            "earns %d)",
                         ct->section, t->trains[tr->train].name, where, what, tr->revenue);
            break;
        }
    }
}

static void run(turn_ctx *x, const struct company_turn *ct)
{
    eng_game *g = x->g;
    if (g->co[ct->c].ntrains == 0)
        return; /* (its RUN and dividend orders: "it had no train to run", unless it runs later) */
    x->ran[ct->c] = true;
    eng_run best;
    int total = eng_best_run(g, ct->c, &best);
    unsigned unused;
    const ord_order *r = ct->idle ? NULL : standing_choice(x, ct, KIND(ORD_RUN), &unused);
    int declared = ct->idle ? -2 : routes_or_best(x, ct, total);
    if (declared >= 0)
        total = declared;
    else if (r && r->alts[0].revenue >= 0) {
        if (r->alts[0].revenue <= total)
            total = r->alts[0].revenue;
        else
            turn_say(x, "  %s's order \"RUN %d\" for %s: its trains can earn at most %d; they run "
                        "for %d",
                     g->players[ct->p].name, r->alts[0].revenue, ct->section, total, total);
    }
    if (r)
        turn_done(x, ct->p, turn_order_index(x, ct->p, r));
    if (declared < 0 && total == best.total)
        say_doubled_runs(x, ct, &best);
    eng_action a = {.kind = ENG_ACT_RUN, .player = ct->p, .revenue = total,
                    .payout = dividend_paid_out(x, ct, total)};
    char why[256];
    if (act_selling_first(x, ct, &a, why, sizeof why)) /* (its interest first: loans) */
        turn_say(x, "  %s cannot run: %s", ct->section, why);
}

/* ---- trains ---- */

/* The selling company's director ordered the same sale: SELL TRAIN t TO buyer FOR price in the
 * seller's section (used up when found). */
static bool seller_agrees(turn_ctx *x, const struct company_turn *ct, const ord_action *b)
{
    int seller = eng_company_index(x->g->t, b->company), owner = eng_company_holder(x->g, seller);
    if (owner < 0)
        return false;
    int i = -1;
    while ((i = turn_next_order(x, owner, b->company, KIND(ORD_SELL_TRAIN), i + 1)) >= 0) {
        const ord_action *s = &x->pl[owner].o->v[i].alts[0];
        if (!strcasecmp(s->train, b->train) && !strcasecmp(s->company, ct->section) &&
            s->price == b->price && turn_conds_hold(x, owner, &x->pl[owner].o->v[i])) {
            x->pl[owner].used[i] = USED_UP;
            turn_done(x, owner, i);
            return true;
        }
    }
    return false;
}

static int try_train(turn_ctx *x, const struct company_turn *ct, const ord_action *b, char *why,
                     size_t len)
{
    eng_game *g = x->g;
    if (b->kind == ORD_NO_TRAIN)
        return 1;
    if (b->kind != ORD_BUY_TRAIN)
        return snprintf(why, len, "not a train order"), -1;
    eng_action a = {.kind = ENG_ACT_BUY_TRAIN, .player = ct->p,
                    .train = eng_train_index(g->t, b->train), .from_pool = b->from_pool};
    if (a.train < 0)
        return snprintf(why, len, "there is no %s train", b->train), -1;
    if (b->company[0]) {
        a.from_company = true;
        a.seller = eng_company_index(g->t, b->company);
        a.price = b->price;
        if (a.seller < 0)
            return snprintf(why, len, "there is no company %s", b->company), -1;
        if (eng_company_holder(g, a.seller) != ct->p && !seller_agrees(x, ct, b))
            return snprintf(why, len, "%s's director has not agreed (SELL TRAIN %s TO %s FOR "
                                      "%d in %s's orders)",
                            b->company, b->train, ct->section, b->price, b->company),
                   -1;
    }
    return turn_act(x, &a, why, len);
}

/* Whether one more train of this type would raise the company's best run. */
static bool train_earns(const eng_game *g, int c, int type)
{
    eng_run run;
    int now = g->co[c].ntrains ? eng_best_run(g, c, &run) : 0;
    eng_game *more = eng_game_copy(g); /* (as turn_run_with_train: it only asks "more?") */
    eng_company_state *s = &more->co[c];
    if (s->ntrains < ENG_MAX_TRAINS)
        s->trains[s->ntrains++] = type;
    bool earns = eng_run_above(more, c, now) > now;
    eng_game_free(more);
    return earns;
}

/* A company played for its director, with no train order, buys as a sensible director would,
 * with its own money (docs/house-rules.md, house rule 17's logic for trains):
 * - it has no train: the cheapest on offer (a minor too: it earns nothing without one);
 * - the train on sale raises its run, and it has the money and the room: that train;
 * - the train on sale is the last of its type, and the company has room for it and twice its
 *   price: that train, which brings the next type on sale — the game moves on through its
 *   phases as the table's would (companies holding money do not wait for ever for one another
 *   to buy the last one).
 * Each purchase is said in the report with its reason. */
static int cheapest_on_offer(const eng_game *g, bool *pool)
{
    int type = g->train_on_sale;
    *pool = false;
    for (int k = 0; k < g->t->ntrains; k++)
        if (g->pool_trains[k] && g->t->trains[k].cost < g->t->trains[type].cost)
            type = k, *pool = true;
    return type;
}

/* The train on sale is the last of its type and the company, buying it, keeps as much again:
 * bought, it brings the next type on sale and the game into its next phase, as a table's
 * directors with money to spare would (none of the silent companies waits for ever for another
 * to buy it). */
static bool last_of_its_type_to_spare(const eng_game *g, int c, int type)
{
    return g->trains_left[type] == 1 && g->co[c].cash >= 2 * g->t->trains[type].cost;
}

/* The train on sale is of a type newer than every train the company holds: it outlasts them
 * (the older types rust first) and it comes with a new phase's track. */
static bool newer_than_its_trains(const eng_game *g, int c, int type)
{
    const eng_company_state *s = &g->co[c];
    for (int k = 0; k < s->ntrains; k++)
        if (s->trains[k] >= type)
            return false;
    return true;
}

static void automatic_train(turn_ctx *x, const struct company_turn *ct)
{
    eng_game *g = x->g;
    if (!step_unwritten(x, ct, KIND(ORD_BUY_TRAIN) | KIND(ORD_NO_TRAIN)))
        return;
    for (int guard = 0; guard < 4 && still_operating(x, ct->c); guard++) {
        const eng_company_state *s = &g->co[ct->c];
        bool pool = false;
        int type = s->ntrains == 0 ? cheapest_on_offer(g, &pool) : g->train_on_sale;
        if ((!pool && g->trains_left[type] <= 0) || g->t->trains[type].cost > s->cash)
            return;
        const char *reason = NULL;
        if (s->ntrains == 0)
            reason = "a train to earn with";
        else if (train_earns(g, ct->c, type))
            reason = "a train that raises its run";
        else if (last_of_its_type_to_spare(g, ct->c, type))
            reason = "the last train of its type, with money to spare: the next type goes on "
                     "sale";
        else if (newer_than_its_trains(g, ct->c, type))
            reason = "a train of a newer type than its own, which outlasts them (the older "
                     "types rust first)";
        if (!reason)
            return;
        eng_action buy = {.kind = ENG_ACT_BUY_TRAIN, .player = ct->p, .train = type,
                          .from_pool = pool};
        char why[256];
        if (turn_act(x, &buy, why, sizeof why) != 0)
            return;
        turn_ruling(x, NULL, "  Played for its director: %s buys %s", ct->section, reason);
    }
}

static void trains(turn_ctx *x, const struct company_turn *ct)
{
    if (ct->idle)
        return;
    automatic_train(x, ct);
    const ord_order *o;
    int i = -1, from;
    while ((o = next_order(x, ct, KIND(ORD_BUY_TRAIN) | KIND(ORD_NO_TRAIN), &i, &from))) {
        char why[256] = "", w[256];
        int rc = -1;
        int k = from;
        for (; k < o->nalts; k++) {
            if ((rc = try_train(x, ct, &o->alts[k], w, sizeof w)) >= 0)
                break;
            turn_add_reason(why, sizeof why, w);
        }
        if (rc >= 0) {
            turn_used_alternative(x, ct->p, o, k, from, why);
            turn_done(x, ct->p, i);
        }
        if (rc == 1)
            return;
        if (rc < 0) {
            turn_say_order(x, ct->p, o, "");
            turn_say(x, "    not carried out: %s", why);
            turn_not_done(x, ct->p, i, "%s", why);
        }
    }
}

/* A major without a train must buy one (house rule 9): the cheapest the bank or the pool has;
 * when the director must add money and has too little, the director sells shares, the first
 * sale the rules allow each time, until it can be paid. */
static void forced_train(turn_ctx *x, const struct company_turn *ct)
{
    eng_game *g = x->g;
    turn_say(x, "  %s must buy a train", ct->section);
    int cheapest = -1;
    bool pool = false;
    for (int k = 0; k < g->t->ntrains; k++) {
        if (g->pool_trains[k] && (cheapest < 0 || g->t->trains[k].cost <
                                                      g->t->trains[cheapest].cost))
            cheapest = k, pool = true;
        if (eng_bank_sells(g, k) &&
            (cheapest < 0 || g->t->trains[k].cost < g->t->trains[cheapest].cost))
            cheapest = k, pool = false;
    }
    if (cheapest < 0)
        return;
    eng_action buy = {.kind = ENG_ACT_BUY_TRAIN, .player = ct->p, .train = cheapest,
                      .from_pool = pool};
    char why[256];
    if (turn_act(x, &buy, why, sizeof why) == 0)
        return;
    eng_action raise = {.kind = ENG_ACT_RAISE_CASH, .player = ct->p, .train = cheapest,
                        .from_pool = pool};
    if (turn_act(x, &raise, why, sizeof why))
        return;
    for (int guard = 0; guard < 64 && still_operating(x, ct->c); guard++) {
        if (turn_act(x, &buy, why, sizeof why) == 0)
            return;
        eng_action legal[256];
        int n = eng_legal_actions(g, legal, 256), k = 0;
        while (k < n && legal[k].kind != ENG_ACT_SELL)
            k++;
        if (k == n || turn_act(x, &legal[k], why, sizeof why))
            return;
    }
}

static void finish(turn_ctx *x, const struct company_turn *ct)
{
    eng_action done = {.kind = ENG_ACT_DONE, .player = ct->p};
    char why[256];
    if (act_selling_first(x, ct, &done, why, sizeof why) == 0)
        return;
    forced_train(x, ct);
    if (still_operating(x, ct->c) && act_selling_first(x, ct, &done, why, sizeof why))
        turn_say(x, "  %s cannot end its turn: %s", ct->section, why);
}

/* The step passed when its orders are carried out and the company still stands at it (no tile
 * laid, no station placed). */
static void pass_step(turn_ctx *x, const struct company_turn *ct, eng_step step)
{
    eng_action skip = {.kind = ENG_ACT_SKIP, .player = ct->p};
    char why[256];
    if (still_operating(x, ct->c) && eng_step_due(x->g) == step && turn_act(x, &skip, why,
                                                                             sizeof why))
        turn_say(x, "  %s cannot pass its %s step: %s", ct->section, eng_step_name(step), why);
}

/* The company's turn, step by step as the engine says which is due: it may be interrupted (a
 * discard, the Prussian's formation called for by a train bought) and called again, and goes on
 * at the step it stands at. */
int turn_operate(turn_ctx *x)
{
    eng_game *g = x->g;
    struct company_turn ct = {.c = g->operating, .p = g->current};
    ct.section = g->t->companies[ct.c].id;
    ct.automatic = x->pl[ct.p].nmr || !has_section(x, ct.p, ct.section);
    ct.idle = x->pl[ct.p].idle || (x->set->preview && ct.automatic);
    ct.goal = goal_of(x, ct.p, ct.section);
    x->operated[ct.c] = true;
    x->operated_by[ct.c] = ct.p;
    if (eng_step_due(g) == ENG_STEP_TRACK && g->co[ct.c].lays == 0 && ct.automatic &&
        !x->pl[ct.p].nmr && !ct.idle)
        turn_say(x, "  %s sent no orders for %s this turn: %s", g->players[ct.p].name,
                 ct.section,
                 has_kinds(x, ct.p, ct.section, ~0u)
                     ? "its standing orders and goal are used, the rest is played for its "
                       "director"
                     : "it is played automatically");
    for (int guard = 0; guard < 8 && still_operating(x, ct.c); guard++) {
        eng_step step = eng_step_due(g);
        switch (step) {
        case ENG_STEP_HOME:
            home(x, &ct);
            break;
        case ENG_STEP_TRACK:
            loan_orders(x, &ct, ORD_TAKE_LOAN); /* before its track: the loan's whole amount */
            private_purchases(x, &ct);
            bonus_orders(x, &ct);
            tiles(x, &ct);
            break;
        case ENG_STEP_STATION:
            private_powers(x, &ct);
            station(x, &ct);
            break;
        case ENG_STEP_RUN:
            run(x, &ct);
            break;
        case ENG_STEP_TRAINS:
            trains(x, &ct); /* a discard or a formation may interrupt it: it goes on after */
            if (still_operating(x, ct.c) && eng_step_due(g) == ENG_STEP_TRAINS)
                loan_orders(x, &ct, ORD_REPAY_LOAN);
            if (still_operating(x, ct.c) && eng_step_due(g) == ENG_STEP_TRAINS)
                finish(x, &ct);
            return 0;
        }
        if (step != ENG_STEP_RUN && step != ENG_STEP_HOME)
            pass_step(x, &ct, step);
        if (still_operating(x, ct.c) && eng_step_due(g) == step)
            break; /* (it cannot get past this step: said above) */
    }
    if (still_operating(x, ct.c)) /* (stuck before the trains step) */
        finish(x, &ct);
    return 0;
}

int turn_discard(turn_ctx *x)
{
    eng_game *g = x->g;
    int c = g->discarding, p = eng_company_holder(g, c);
    const char *section = g->t->companies[c].id;
    int i = -1;
    char why[256];
    while ((i = turn_next_order(x, p, section, KIND(ORD_DISCARD), i + 1)) >= 0) {
        const ord_order *o = &x->pl[p].o->v[i];
        x->pl[p].used[i] = USED_UP;
        eng_action a = {.kind = ENG_ACT_DISCARD_TRAIN, .player = p, .company = c,
                        .train = eng_train_index(g->t, o->alts[0].train)};
        bool holds = turn_conds_hold(x, p, o);
        if (holds && turn_act(x, &a, why, sizeof why) == 0) {
            turn_done(x, p, i);
            return 0;
        }
        turn_say_order(x, p, o, "not carried out");
        turn_not_done(x, p, i, "%s", holds ? why : "its condition did not hold");
    }
    int cheapest = -1; /* none ordered: the cheapest train goes */
    for (int k = 0; k < g->co[c].ntrains; k++) {
        int type = g->co[c].trains[k];
        if (cheapest < 0 || g->t->trains[type].cost < g->t->trains[cheapest].cost)
            cheapest = type;
    }
    eng_action a = {.kind = ENG_ACT_DISCARD_TRAIN, .player = p, .company = c, .train = cheapest};
    turn_say(x, "  %s has a train too many; it discards its cheapest", section);
    return turn_act(x, &a, why, sizeof why) ? -1 : 0;
}
