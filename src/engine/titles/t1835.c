/* t1835: 1835's hooks (engine/hooks.h) — what its rules need beyond config/games/1835.json.
 *
 * Its ways of dealing the start packet, besides standard and snake (the game option Variant's
 * "start_order" words; docs/game-options.md):
 *   clemens        every item on sale at once; the first round of dealing runs in reverse from
 *                  the last player, then in seating order.
 *   thompson_full  every item on sale at once, dealt within stock rounds until it is sold; the
 *   thompson_half  dealing order turns every round (1-2-3-4-4-3-2-1-1-2...), and it resumes
 *                  from the last dealer after an operating round. The majors open for sale by
 *                  the title's "sales_groups": Full opens all but the formed company (the
 *                  Prussian) once the last company of the first group (SX) is sold out, Half
 *                  each group when the one before is sold out; the formed company opens at the
 *                  first director's certificate bought after the first group.
 *
 * Its special round: a company formed from others — the Prussian (house rule 10, rules XIII),
 * as the title's "formation_rules" describe it. After the first train of `may_form_on` the
 * founder's owner (M2's) may form it; at the first `must_form_on` it is formed anyway; at the
 * first `all_exchange_on` every remaining minor and private is exchanged by force. A formation
 * round runs at those moments and before every later operating and stock round while anything
 * can still be exchanged: if the company is not formed, the founder's owner decides first (a
 * refusal ends the round); then each player in seating order, from the new director, exchanges
 * minors and privates for the company's reserved certificates — a minor's money, trains and
 * stations go to it — and says done. */
#include "engine/hooks.h"
#include "engine/capital.h"
#include "engine/query.h"
#include "engine/state.h"
#include "engine/titles/titles.h"

#include <string.h>

/* ---- the ways of dealing ---- */

static void from_the_last_player_back(eng_game *g)
{
    g->current = g->nplayers - 1;
    g->direction = -1;
}

static int turning_every_round(const eng_game *g)
{
    return -g->direction;
}

static bool group_sold_out(const eng_game *g, int group)
{
    const eng_title *t = g->t;
    for (int k = 0; k < t->sales_group_size[group]; k++)
        if (!eng_ipo_sold_out(g, t->sales_groups[group][k]))
            return false;
    return true;
}

static int sales_group_of(const eng_title *t, int company)
{
    int group = -1;
    for (int s = 0; s < t->nsales_groups; s++)
        for (int k = 0; k < t->sales_group_size[s]; k++)
            if (t->sales_groups[s][k] == company)
                group = s;
    return group;
}

/* The formed company: at the first director's certificate after the first group. */
static bool formed_company_opens(const eng_game *g)
{
    const eng_title *t = g->t;
    for (int s = 1; s < t->nsales_groups; s++)
        for (int k = 0; k < t->sales_group_size[s]; k++)
            if (g->co[t->sales_groups[s][k]].director != ENG_NONE)
                return true;
    return false;
}

/* Thompson's opening of the majors: Full every group after the first once the first group's
 * last company is sold out, Half each group once every group before it is. */
static bool opens_by_sales_groups(const eng_game *g, int company, bool full)
{
    const eng_title *t = g->t;
    if (t->nsales_groups == 0)
        return eng_company_opens_by_data(g, company);
    if (t->companies[company].formed)
        return formed_company_opens(g);
    int group = sales_group_of(t, company);
    if (group <= 0)
        return group == 0;
    if (full)
        return eng_ipo_sold_out(g, t->sales_groups[0][t->sales_group_size[0] - 1]);
    for (int s = 0; s < group; s++)
        if (!group_sold_out(g, s))
            return false;
    return true;
}

static bool opens_thompson_full(const eng_game *g, int company)
{
    return opens_by_sales_groups(g, company, true);
}

static bool opens_thompson_half(const eng_game *g, int company)
{
    return opens_by_sales_groups(g, company, false);
}

static const eng_dealing DEALINGS[] = {
    {.name = "clemens", .all_items_open = true, .first_dealer = from_the_last_player_back},
    {.name = "thompson_full", .all_items_open = true, .in_stock_rounds = true,
     .direction_after_round = turning_every_round, .company_opens = opens_thompson_full},
    {.name = "thompson_half", .all_items_open = true, .in_stock_rounds = true,
     .direction_after_round = turning_every_round, .company_opens = opens_thompson_half},
};

/* ---- the special round: the formed company ---- */

static const struct eng_formation *rules(const eng_game *g)
{
    return &g->t->formation;
}

static bool formed(const eng_game *g)
{
    return g->co[rules(g)->company].started;
}

static int owner_of(const eng_game *g, int c)
{
    return g->co[c].owner;
}

/* The reserved certificate of the formed company for `x` goes to `player`; x's money, trains
 * and stations go to the company; x closes. */
static void exchange(eng_game *g, int x, int player)
{
    const struct eng_formation *f = rules(g);
    int pr = f->company;
    eng_company_state *cp = &g->co[pr], *sx = &g->co[x];
    int pct = 0;
    for (int i = 0; i < cp->ncerts; i++)
        if (cp->certs[i].owner == ENG_RESERVED && cp->certs[i].reserved_for == x) {
            cp->certs[i].owner = player;
            cp->certs[i].no_dividend = sx->paid_this_or; /* house rule 10: no double income */
            pct = cp->certs[i].percent;
        }
    int cash = sx->cash, trains = sx->ntrains;
    cp->cash += cash;
    sx->cash = 0;
    for (int k = 0; k < sx->ntrains && cp->ntrains < ENG_MAX_TRAINS; k++)
        cp->trains[cp->ntrains++] = sx->trains[k];
    sx->ntrains = 0;
    bool is_private = g->t->companies[x].kind == ENG_PRIVATE;
    eng_event_add(g, ENG_EV_MERGED, player, x, cash, trains, is_private);
    eng_event_add(g, ENG_EV_GOT_SHARE, player, x, pct, 0, false);
    eng_board *b = g->board;
    for (int h = 0; h < g->t->nhexes; h++)
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            for (int s = 0; s < ENG_MAX_SLOTS; s++) {
                if (b->tokens[h][c][s] != x)
                    continue;
                bool has = false; /* one station of the company per hex */
                for (int k = 0; k < ENG_MAX_CITIES; k++)
                    for (int t = 0; t < ENG_MAX_SLOTS; t++)
                        has |= b->tokens[h][k][t] == pr;
                b->tokens[h][c][s] = has ? ENG_NONE : pr;
                eng_event_add(g, ENG_EV_TOKEN_EXCHANGED, ENG_NONE, x, h, c, false);
            }
    sx->closed = true;
    if (is_private)
        eng_event_add(g, ENG_EV_PRIVATE_CLOSES, ENG_NONE, x, 0, 0, false);
}

/* Forms the company: the founder's owner is its director; it floats with the par value of the
 * shares bought from it so far; the founder is exchanged first. */
static void form(eng_game *g)
{
    const struct eng_formation *f = rules(g);
    int pr = f->company, founder = owner_of(g, f->founder);
    eng_company_state *cp = &g->co[pr];
    cp->started = true;
    cp->home_placed = true;
    eng_set_par(g, pr, 0);
    eng_event_add(g, ENG_EV_FORMED, founder, pr, eng_share_price(g, pr), 0, false);
    int bought = 0;
    for (int i = 0; i < cp->ncerts; i++)
        if (cp->certs[i].owner >= 0 || cp->certs[i].owner == ENG_POOL)
            bought += cp->certs[i].percent;
    cp->floated = true;
    cp->market_seq = ++g->market_clock;
    int cash = cp->par * bought / 10;
    eng_bank_pays_company(g, pr, cash);
    eng_event_add(g, ENG_EV_FLOATS, ENG_NONE, pr, cash, 0, false);
    cp->director = founder;
    exchange(g, f->founder, founder);
}

static void end_formation(eng_game *g)
{
    g->forming = false;
    eng_event_add(g, ENG_EV_FORMATION_END, ENG_NONE, rules(g)->company, g->formation_next, 0,
                  false);
    /* the directorship goes to whoever now holds the most, shares bought before included (as
     * Rails, at the end of the round, not after each exchange) */
    eng_check_director(g, rules(g)->company, true);
    g->round_state = ENG_SPECIAL_ROUND_FINISHED;
}

/* The first player, from the one given, who still holds something to exchange. */
static void next_exchanger(eng_game *g)
{
    const struct eng_formation *f = rules(g);
    while (g->formation_turns > 0) {
        for (int i = 0; i < f->nexchanges; i++) {
            const eng_company_state *s = &g->co[f->exchanges[i]];
            if (!s->closed && s->owner == g->current)
                return;
        }
        g->current = (g->current + 1) % g->nplayers;
        g->formation_turns--;
    }
    end_formation(g);
}

/* At the first train of all_exchange_on: every exchange at once. */
static void force_all_exchanges(eng_game *g)
{
    const struct eng_formation *f = rules(g);
    if (f->company < 0)
        return;
    if (!formed(g))
        form(g);
    for (int i = 0; i < f->nexchanges; i++) {
        int x = f->exchanges[i];
        if (!g->co[x].closed && g->co[x].owner != ENG_NONE)
            exchange(g, x, g->co[x].owner);
    }
}

/* Something a player still holds that can be exchanged. */
static bool exchange_left(const eng_game *g)
{
    const struct eng_formation *f = rules(g);
    for (int i = 0; i < f->nexchanges; i++) {
        const eng_company_state *s = &g->co[f->exchanges[i]];
        if (!s->closed && s->owner != ENG_NONE)
            return true;
    }
    return false;
}

static bool formation_due(const eng_game *g)
{
    const struct eng_formation *f = rules(g);
    return f->company >= 0 && g->train_bought[f->may_form_on] && exchange_left(g);
}

/* The first train of a type: the formation round it asks for at once, after the discards. */
static void formation_first_train(eng_game *g, int type)
{
    const struct eng_formation *f = rules(g);
    if (f->company >= 0 && type == f->all_exchange_on && formation_due(g))
        g->formation_pending = g->formation_force = true; /* all exchanges, after discards */
    else if (f->company >= 0 && formation_due(g) &&
             (type == f->may_form_on || (type == f->must_form_on && !g->co[f->company].started)))
        g->formation_pending = true; /* the 4+4 forces it only if it is not formed yet */
}

/* Starts a formation round; `next` says what follows it (see eng_game.formation_next). */
static void begin_formation(eng_game *g, int next)
{
    const struct eng_formation *f = rules(g);
    g->forming = true;
    g->formation_next = next;
    g->formation_turns = g->nplayers;
    bool deciding = !formed(g) && !g->train_bought[f->must_form_on];
    eng_event_add(g, ENG_EV_FORMATION_START, deciding ? owner_of(g, f->founder) : ENG_NONE,
                  f->company, 0, 0, false);
    if (g->formation_force) { /* the all-exchange train: nothing to decide */
        g->formation_force = false;
        force_all_exchanges(g);
        end_formation(g);
        return;
    }
    if (!formed(g) && !deciding)
        form(g); /* the must-form train has come: formed anyway */
    g->current = formed(g) ? g->co[f->company].director : owner_of(g, f->founder);
    if (formed(g))
        next_exchanger(g);
}

static int formation_act(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const struct eng_formation *f = rules(g);
    const char *pr = g->t->companies[f->company].id;
    if (!formed(g)) { /* the founder's owner decides */
        if (a->kind == ENG_ACT_FORM) {
            form(g);
            g->current = g->co[f->company].director;
            next_exchanger(g);
            return 0;
        }
        if (a->kind == ENG_ACT_PASS) {
            end_formation(g);
            return 0;
        }
        return eng_refuse(why, len, "%s must first decide whether to form %s",
                          g->players[g->current].name, pr);
    }
    if (a->kind == ENG_ACT_EXCHANGE) {
        int x = a->company;
        bool listed = false;
        for (int i = 0; i < f->nexchanges; i++)
            listed |= f->exchanges[i] == x;
        if (!listed || g->co[x].closed || g->co[x].owner != a->player)
            return eng_refuse(why, len, "%s has nothing of that to exchange for %s",
                              g->players[a->player].name, pr);
        exchange(g, x, a->player);
        next_exchanger(g);
        return 0;
    }
    if (a->kind == ENG_ACT_PASS) { /* this player is done */
        g->current = (g->current + 1) % g->nplayers;
        g->formation_turns--;
        next_exchanger(g);
        return 0;
    }
    return eng_refuse(why, len, "in the %s formation round: exchange, or pass", pr);
}


const eng_title_hooks eng_hooks_1835 = {
    .id = "1835",
    .ndealings = (int)(sizeof DEALINGS / sizeof *DEALINGS),
    .dealings = DEALINGS,
    .special = {.due = formation_due, .begin = begin_formation, .act = formation_act,
                .first_train = formation_first_train},
};
