/* formation: a company formed from others — 1835's Prussian (house rule 10, rules XIII), as the
 * title's "formation_rules" describe it. After the first train of `may_form_on` the founder's
 * owner (M2's) may form it; at the first `must_form_on` it is formed anyway; at the first
 * `all_exchange_on` every remaining minor and private is exchanged by force. A formation round
 * runs at those moments and before every later operating and stock round while anything can
 * still be exchanged: if the company is not formed, the founder's owner decides first (a
 * refusal ends the round); then each player in seating order, from the new director, exchanges
 * minors and privates for the company's reserved certificates — a minor's money, trains and
 * stations go to it — and says done. */
#include "engine/formation.h"
#include "engine/query.h"
#include "engine/state.h"

#include <string.h>

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

/* Starts a formation round; `next` says what follows it (see eng_game.formation_next). */
void eng_begin_formation(eng_game *g, int next)
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

int eng_formation_act(eng_game *g, const eng_action *a, char *why, size_t len)
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

