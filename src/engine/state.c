/* state: the game's state and its primitives (see state.h). Knows no round. */
#include "engine/state.h"
#include "engine/hooks.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- events and money snapshots ---- */

void eng_event_add(eng_game *g, eng_event_kind kind, int player, int company, int amount,
                   int amount2, bool flag)
{
    if (g->nevents == ENG_MAX_EVENTS)
        return;
    g->events[g->nevents++] = (eng_event){kind, player, company, -1, amount, amount2, flag};
}

void eng_event_add_item(eng_game *g, eng_event_kind kind, int player, int company, int item,
                        int amount, int amount2)
{
    if (g->nevents == ENG_MAX_EVENTS)
        return;
    g->events[g->nevents++] = (eng_event){kind, player, company, item, amount, amount2, false};
}

void eng_round_end(eng_game *g)
{
    eng_money_snapshot(g, true);
}

void eng_money_snapshot(eng_game *g, bool round_ends)
{
    if (g->nsnapshots == 8)
        return;
    eng_snapshot *s = &g->snapshots[g->nsnapshots];
    for (int p = 0; p < g->nplayers; p++)
        s->player_cash[p] = g->players[p].cash;
    for (int c = 0; c < g->t->ncompanies; c++)
        s->company_cash[c] = g->co[c].cash;
    s->bank = g->bank;
    eng_event_add(g, ENG_EV_ROUND_END, ENG_NONE, ENG_NONE, g->nsnapshots++, 0, !round_ends);
}

/* ---- certificates and directors ---- */

bool eng_is_major(const eng_game *g, int company)
{
    return company >= 0 && g->t->companies[company].kind == ENG_MAJOR;
}

int eng_company_holder(const eng_game *g, int company)
{
    return eng_is_major(g, company) ? g->co[company].director : g->co[company].owner;
}

int eng_find_cert(const eng_game *g, int company, int owner, int percent, bool director)
{
    const eng_company_state *c = &g->co[company];
    for (int i = 0; i < c->ncerts; i++)
        if (c->certs[i].owner == owner && c->certs[i].director == director &&
            (percent == 0 || c->certs[i].percent == percent))
            return i;
    return -1;
}

int eng_percent_held(const eng_game *g, int company, int owner)
{
    int p = 0;
    const eng_company_state *c = &g->co[company];
    for (int i = 0; i < c->ncerts; i++)
        if (c->certs[i].owner == owner)
            p += c->certs[i].percent;
    return p;
}

int eng_percent_out_of_ipo(const eng_game *g, int company)
{
    int p = 0;
    const eng_company_state *c = &g->co[company];
    for (int i = 0; i < c->ncerts; i++)
        if (c->certs[i].owner >= 0 || c->certs[i].owner == ENG_POOL)
            p += c->certs[i].percent;
    return p;
}

bool eng_sold_out(const eng_game *g, int company)
{
    const eng_company_state *c = &g->co[company];
    if (!c->started)
        return false;
    for (int i = 0; i < c->ncerts; i++)
        if (c->certs[i].owner == ENG_IPO || c->certs[i].owner == ENG_POOL)
            return false;
    return true;
}

/* The player holding the most, ties going to the current director, then in seating order
 * after the director. A change swaps the director's certificate for ordinary ones. */
void eng_check_director(eng_game *g, int company, bool whole_first)
{
    eng_company_state *c = &g->co[company];
    if (!c->started || c->director == ENG_NONE)
        return;
    int cur = c->director, best = cur, best_pct = eng_percent_held(g, company, cur);
    for (int k = 1; k < g->nplayers; k++) {
        int p = (cur + k) % g->nplayers;
        int pct = eng_percent_held(g, company, p);
        if (pct > best_pct) {
            best = p;
            best_pct = pct;
        }
    }
    if (best != cur)
        eng_swap_director(g, company, cur, best, whole_first);
}

/* The new director gives the smallest certificates first (as Rails does in the stock round: two
 * 10% rather than one 20%, which keeps the old director free to sell 10%) — or, whole_first, one
 * certificate the size of the director's when he has one (as Rails does at the end of the
 * Prussian's formation: a 10% rather than two 5%). */
void eng_swap_director(eng_game *g, int company, int from, int to, bool whole_first)
{
    eng_company_state *c = &g->co[company];
    int dc = eng_find_cert(g, company, from, 0, true);
    int need = c->certs[dc].percent, given = 0;
    int whole = whole_first ? eng_find_cert(g, company, to, need, false) : -1;
    if (whole >= 0) {
        c->certs[whole].owner = from;
        given = need;
    }
    for (int size = 5; size <= need && given < need; size += 5)
        for (int i = 0; i < c->ncerts && given < need; i++)
            if (c->certs[i].owner == to && !c->certs[i].director && c->certs[i].percent == size &&
                given + size <= need) {
                c->certs[i].owner = from;
                given += size;
            }
    c->certs[dc].owner = to;
    c->director = to;
    eng_event_add(g, ENG_EV_PRESIDENT, to, company, 0, 0, false);
}

/* ---- pars and floating ---- */

int eng_share_price(const eng_game *g, int company)
{
    const eng_company_state *c = &g->co[company];
    if (c->row < 0)
        return 0;
    return g->t->market[c->row * g->t->market_cols + c->col];
}

int eng_par_space(const eng_title *t, int par, int *row, int *col)
{
    for (int pass = 0; pass < 2; pass++) /* a par space first ("100p"), else the first cell */
        for (int r = 0; r < t->market_rows; r++)
            for (int c = 0; c < t->market_cols; c++) {
                int i = r * t->market_cols + c;
                if (t->market[i] == par && (pass || t->market_par[i])) {
                    *row = r;
                    *col = c;
                    return 0;
                }
            }
    return -1;
}

const char *eng_par_choices_text(const eng_title *t, int company, char *out, size_t len)
{
    const eng_company *co = &t->companies[company];
    size_t n = 0;
    out[0] = '\0';
    for (int k = 0; k < co->npar_choices && n < len; k++)
        n += (size_t)snprintf(out + n, len - n, "%s%d", k ? ", " : "", co->par_choices[k]);
    return out;
}

int eng_par_refused(const eng_title *t, int company, char *why, size_t len)
{
    const eng_company *co = &t->companies[company];
    if (!co->npar_choices)
        return eng_refuse(why, len, "%s's par is %d", co->id, co->price);
    char list[64];
    return eng_refuse(why, len, "%s's director chooses its par: one of %s", co->id,
                      eng_par_choices_text(t, company, list, sizeof list));
}

bool eng_par_allowed(const eng_title *t, int company, int par)
{
    const eng_company *co = &t->companies[company];
    for (int k = 0; k < co->npar_choices; k++)
        if (co->par_choices[k] == par)
            return true;
    return co->npar_choices == 0 && (par == 0 || par == co->price);
}

/* ---- availability ---- */

/* "Sold out" for releasing the next companies: none of its shares left in the IPO (shares
 * sold back to the pool count as sold — as Rails releases MS with WT shares in the pool). */
static bool ipo_empty(const eng_game *g, int company)
{
    return g->co[company].started && eng_percent_out_of_ipo(g, company) == 100;
}

static bool avail_condition(const eng_game *g, const eng_avail *a)
{
    switch (a->when) {
    case ENG_AVAIL_START:
        return true;
    case ENG_AVAIL_SOLD_OUT:
        for (int i = 0; i < a->ncompanies; i++)
            if (!ipo_empty(g, a->companies[i]))
                return false;
        return true;
    case ENG_AVAIL_PERCENT_SOLD:
        return eng_percent_out_of_ipo(g, a->companies[0]) >= a->percent;
    case ENG_AVAIL_DIRECTOR_SOLD:
        return g->co[a->companies[0]].director != ENG_NONE;
    case ENG_AVAIL_FORMED: /* its formation opens it */
        return false;
    }
    return false;
}

bool eng_company_opens_by_data(const eng_game *g, int company)
{
    return avail_condition(g, &g->t->companies[company].available);
}

bool eng_ipo_sold_out(const eng_game *g, int company)
{
    return ipo_empty(g, company);
}

void eng_update_availability(eng_game *g)
{
    bool (*opens)(const eng_game *, int) = g->dealing ? g->dealing->company_opens : NULL;
    for (int c = 0; c < g->t->ncompanies; c++) {
        if (!eng_is_major(g, c) || g->co[c].available)
            continue;
        bool open = opens ? opens(g, c) : eng_company_opens_by_data(g, c);
        if (open) {
            g->co[c].available = true;
            eng_event_add(g, ENG_EV_RELEASED, ENG_NONE, c, 0, 0, false);
        }
    }
}

/* ---- money ---- */

void eng_player_pays_bank(eng_game *g, int player, int amount)
{
    g->players[player].cash -= amount;
    g->bank += amount;
}

void eng_bank_pays_player(eng_game *g, int player, int amount)
{
    g->players[player].cash += amount;
    g->bank -= amount;
}

void eng_bank_pays_company(eng_game *g, int company, int amount)
{
    g->co[company].cash += amount;
    g->bank -= amount;
}

void eng_company_pays_player(eng_game *g, int company, int player, int amount)
{
    g->co[company].cash -= amount;
    g->players[player].cash += amount;
}

void eng_player_pays_company(eng_game *g, int player, int company, int amount)
{
    g->players[player].cash -= amount;
    g->co[company].cash += amount;
}

/* ---- the market: a 2-D grid. A move right off the end of a row goes up instead, a move left
 * off its start goes down (the usual 18xx rule; Rails' 1835 games: BY 140 I5 -> 154 I4 paying
 * out, WT 78 A4 -> 72 A5 withholding); a move with nowhere to go leaves the price. ---- */

static int market_price_at(const eng_title *t, int row, int col)
{
    return t->market[row * t->market_cols + col];
}

static bool cell(const eng_game *g, int row, int col)
{
    const eng_title *t = g->t;
    return row >= 0 && row < t->market_rows && col >= 0 && col < t->market_cols &&
           (t->market[row * t->market_cols + col] > 0 ||
            (t->market_closes && t->market_closes[row * t->market_cols + col]));
}

bool eng_national_never_closes(const eng_game *g, int company)
{
    return company >= 0 && company == g->t->national.company && g->t->national.never_closes;
}

/* A square the company's price may go to: a cell, a closing space only for a company that may
 * close there (1856's CGR may not: capital.c). */
static bool square_for(const eng_game *g, int company, int row, int col)
{
    return cell(g, row, col) &&
           (market_price_at(g->t, row, col) > 0 || !eng_national_never_closes(g, company));
}

/* The first price on an end space of the market (18GA's 300e) ends the game after the
 * operating round (or set: market_end_set; operating.c). */
static void note_market_end(eng_game *g, int company)
{
    const eng_company_state *c = &g->co[company];
    const eng_title *t = g->t;
    if (!t->market_ends || g->market_end_reached || c->row < 0 ||
        !t->market_ends[c->row * t->market_cols + c->col])
        return;
    g->market_end_reached = true;
    eng_event_add(g, ENG_EV_MARKET_END, ENG_NONE, company, eng_share_price(g, company), 0, false);
}

static void move_price(eng_game *g, int company, int drow, int dcol)
{
    eng_company_state *c = &g->co[company];
    if (c->row < 0)
        return;
    int old = eng_share_price(g, company);
    if (square_for(g, company, c->row + drow, c->col + dcol)) {
        c->row += drow;
        c->col += dcol;
        c->market_seq = ++g->market_clock; /* to the bottom of the square's stack */
    }
    eng_event_add(g, ENG_EV_PRICE, ENG_NONE, company, old, eng_share_price(g, company), false);
    note_market_end(g, company);
}

void eng_price_down(eng_game *g, int company)
{
    move_price(g, company, 1, 0);
}

void eng_price_down_rows(eng_game *g, int company, int rows)
{
    eng_company_state *c = &g->co[company];
    if (c->row < 0 || rows <= 0)
        return;
    int old = eng_share_price(g, company), moved = 0;
    while (moved < rows && square_for(g, company, c->row + 1, c->col)) {
        c->row++;
        moved++;
    }
    if (moved)
        c->market_seq = ++g->market_clock;
    eng_event_add(g, ENG_EV_PRICE, ENG_NONE, company, old, eng_share_price(g, company), false);
}

void eng_price_up(eng_game *g, int company)
{
    move_price(g, company, -1, 0);
}

void eng_price_left(eng_game *g, int company)
{
    const eng_company_state *c = &g->co[company];
    bool edge = c->row >= 0 && !cell(g, c->row, c->col - 1);
    move_price(g, company, edge ? 1 : 0, edge ? 0 : -1);
}

void eng_price_right(eng_game *g, int company)
{
    const eng_company_state *c = &g->co[company];
    bool edge = c->row >= 0 && !cell(g, c->row, c->col + 1);
    move_price(g, company, edge ? -1 : 0, edge ? 0 : 1);
}

/* ---- trains and copies ---- */

void eng_init_trains(eng_game *g)
{
    g->discarding = ENG_NONE;
    g->raising_train = ENG_NONE;
    for (int i = 0; i < g->t->ntrains && i < ENG_MAX_TRAIN_TYPES; i++)
        g->trains_left[i] = g->t->trains[i].count_unlimited ? ENG_TRAINS_UNLIMITED
                                                            : g->t->trains[i].count;
    g->train_on_sale = 0;
    g->operating = ENG_NONE;
}

void eng_game_free(eng_game *g)
{
    if (!g)
        return;
    eng_board_free(g->board);
    free(g);
}

eng_game *eng_game_copy(const eng_game *g)
{
    eng_game *copy = xmalloc(sizeof *copy);
    memcpy(copy, g, sizeof *copy);
    copy->board = eng_board_copy(g->board);
    return copy;
}
