/* game: creation, options, money, certificates, directors, events and the dispatch of actions
 * (see game.h). The rounds live in start.c, stock.c and operating.c. */
#include "engine/invariants.h"
#include "engine/rounds.h"
#include "util/buf.h"
#include "util/util.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* ---- certificates ---- */

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

void eng_set_par(eng_game *g, int company, int par)
{
    eng_company_state *c = &g->co[company];
    c->par = par ? par : g->t->companies[company].price;
    if (eng_par_space(g->t, c->par, &c->row, &c->col))
        c->row = c->col = -1;
    if (g->t->on_market_when_started) /* 1830: on its par space from now, under those there */
        c->market_seq = ++g->market_clock;
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

/* Its float percent: the title's, or the option the title names for it (BYFloatsAt). */
static int float_percent(const eng_game *g, int company)
{
    const eng_company *co = &g->t->companies[company];
    return co->float_option >= 0 ? eng_option_number(g->t, &g->opt, co->float_option)
                                 : co->float_percent;
}

/* A major floats when enough of it is sold; it then receives the par value of every share sold
 * so far (the bank kept the money until then), and every later IPO sale pays it directly. */
void eng_check_float(eng_game *g, int company)
{
    eng_company_state *c = &g->co[company];
    int fp = float_percent(g, company);
    if (c->floated || !c->started || fp <= 0)
        return;
    int sold = eng_percent_out_of_ipo(g, company);
    if (sold < fp)
        return;
    c->floated = true;
    if (!g->t->on_market_when_started) /* Rails stacks a 1835 company on its square as it floats */
        c->market_seq = ++g->market_clock;
    int cash = c->par * (g->t->full_capitalisation ? 100 : sold) / 10;
    eng_bank_pays_company(g, company, cash);
    eng_event_add(g, ENG_EV_FLOATS, ENG_NONE, company, cash, 0, false);
}

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
    }
    return false;
}

/* Thompson: Full opens all but the Prussian once SX (the last company of the first sales
 * group) is sold out, and the Prussian at the next director's certificate bought; Half opens
 * the sales groups one after another, each when the one before is sold out. */
static bool thompson_available(const eng_game *g, int company)
{
    const eng_title *t = g->t;
    const eng_company *co = &t->companies[company];
    if (t->nsales_groups == 0)
        return avail_condition(g, &co->available);
    int group = -1;
    for (int s = 0; s < t->nsales_groups; s++)
        for (int k = 0; k < t->sales_group_size[s]; k++)
            if (t->sales_groups[s][k] == company)
                group = s;
    if (co->formed) {
        /* the first director's certificate after the first group (Full: after SX's) */
        for (int s = 1; s < t->nsales_groups; s++)
            for (int k = 0; k < t->sales_group_size[s]; k++)
                if (g->co[t->sales_groups[s][k]].director != ENG_NONE)
                    return true;
        return false;
    }
    if (group <= 0)
        return group == 0;
    if (g->opt.rules.start_order == ENG_START_THOMPSON_FULL)
        return ipo_empty(g, t->sales_groups[0][t->sales_group_size[0] - 1]);
    for (int s = 0; s < group; s++)
        for (int k = 0; k < t->sales_group_size[s]; k++)
            if (!ipo_empty(g, t->sales_groups[s][k]))
                return false;
    return true;
}

void eng_update_availability(eng_game *g)
{
    bool thompson = g->opt.rules.start_order == ENG_START_THOMPSON_FULL ||
                    g->opt.rules.start_order == ENG_START_THOMPSON_HALF;
    for (int c = 0; c < g->t->ncompanies; c++) {
        if (!eng_is_major(g, c) || g->co[c].available)
            continue;
        bool open = thompson ? thompson_available(g, c)
                             : avail_condition(g, &g->t->companies[c].available);
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

static bool cell(const eng_game *g, int row, int col)
{
    const eng_title *t = g->t;
    return row >= 0 && row < t->market_rows && col >= 0 && col < t->market_cols &&
           t->market[row * t->market_cols + col] > 0;
}

static void move_price(eng_game *g, int company, int drow, int dcol)
{
    eng_company_state *c = &g->co[company];
    if (c->row < 0)
        return;
    int old = eng_share_price(g, company);
    if (cell(g, c->row + drow, c->col + dcol)) {
        c->row += drow;
        c->col += dcol;
        c->market_seq = ++g->market_clock; /* to the bottom of the square's stack */
    }
    eng_event_add(g, ENG_EV_PRICE, ENG_NONE, company, old, eng_share_price(g, company), false);
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
    while (moved < rows && cell(g, c->row + 1, c->col)) {
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

/* ---- counting ---- */

int eng_market_zone(const eng_game *g, int company)
{
    const eng_company_state *s = &g->co[company];
    return s->row < 0 ? ENG_ZONE_NONE : g->t->market_zone[s->row * g->t->market_cols + s->col];
}

int eng_certificate_count(const eng_game *g, int player)
{
    int n = 0;
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (g->t->companies[c].kind != ENG_MAJOR) {
            n += s->owner == player && !s->closed;
            continue;
        }
        if (eng_market_zone(g, c) >= ENG_ZONE_YELLOW) /* (1830) not counted */
            continue;
        for (int i = 0; i < s->ncerts; i++)
            n += s->certs[i].owner == player;
    }
    return n;
}

int eng_certificate_limit(const eng_game *g, int player)
{
    int limit = g->t->cert_limit[g->nplayers];
    if (g->opt.cert_limit_bonus_80)
        for (int c = 0; c < g->t->ncompanies; c++)
            if (eng_is_major(g, c) && g->co[c].director == player &&
                eng_percent_held(g, c, player) >= 80)
                limit++;
    return limit;
}

int eng_start_item_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->nstart_items; i++)
        if (strcmp(t->start_items[i].id, id) == 0)
            return i;
    return -1;
}

int eng_start_item_named(const eng_title *t, const char *name)
{
    for (int i = 0; i < t->nstart_items; i++)
        if (strcasecmp(t->start_items[i].id, name) == 0)
            return i;
    int c = eng_company_index(t, name);
    for (int i = 0; c >= 0 && i < t->nstart_items; i++) /* the item that sells the company */
        if (t->start_items[i].company == c)
            return i;
    for (int i = 0; c >= 0 && i < t->nstart_items; i++) { /* that brings its director's share */
        const eng_company *with = &t->companies[t->start_items[i].company];
        if (with->brings_company == c && with->brings_director)
            return i;
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

/* ---- creation ---- */

static void set_up_certificates(eng_game *g, int company)
{
    const eng_company *co = &g->t->companies[company];
    eng_company_state *c = &g->co[company];
    for (int k = 0; k < co->ncerts; k++)
        for (int n = 0; n < co->certs[k].count && c->ncerts < ENG_MAX_CERTS; n++) {
            eng_cert_state *cs = &c->certs[c->ncerts++];
            cs->percent = co->certs[k].percent;
            cs->director = co->certs[k].director;
            cs->owner = n < co->certs[k].nreserved ? ENG_RESERVED : ENG_IPO;
            cs->reserved_for = n < co->certs[k].nreserved ? co->certs[k].reserved_for[n] : ENG_NONE;
        }
}

/* Every company's home circle is kept for it until it places its home station (the Prussian's
 * home is M2's, exchanged at its formation); a hex whose home city is not given keeps its first
 * city, and one whose home city is the director's choice keeps a circle in each. */
static void reserve_homes(eng_game *g)
{
    const eng_title *t = g->t;
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company *co = &t->companies[c];
        if (co->home_hex < 0 || co->formed || co->kind == ENG_PRIVATE)
            continue;
        int city = co->home_city < 0 ? 0 : co->home_city;
        int last = co->home_choice ? eng_board_track(g->board, co->home_hex, NULL)->ncities - 1
                                   : city;
        for (; city <= last; city++)
            if (g->board->reserved[co->home_hex][city] == ENG_NONE)
                eng_reserve(g->board, c, co->home_hex, city);
    }
}

eng_game *eng_game_new(const eng_title *t, const eng_options *opt, const char *const *players,
                       int nplayers, char *why, size_t len)
{
    if (nplayers < t->min_players || nplayers > t->max_players || nplayers > ENG_MAX_PLAYERS) {
        eng_refuse(why, len, "%s is for %d to %d players, not %d", t->id, t->min_players,
                   t->max_players, nplayers);
        return NULL;
    }
    if (t->ncompanies > ENG_MAX_COMPANIES) {
        eng_refuse(why, len, "the title has too many companies");
        return NULL;
    }
    for (int i = 0; i < nplayers; i++)
        for (int k = 0; k < i; k++)
            if (str_ieq(players[i], players[k])) {
                eng_refuse(why, len, "two players are called %s", players[i]);
                return NULL;
            }
    eng_game *g = xcalloc(1, sizeof *g);
    g->t = t;
    g->opt = *opt;
    g->nplayers = nplayers;
    g->bank = t->bank;
    for (int i = 0; i < nplayers; i++) {
        snprintf(g->players[i].name, sizeof g->players[i].name, "%s", players[i]);
        eng_bank_pays_player(g, i, t->start_cash[nplayers]);
    }
    for (int c = 0; c < t->ncompanies; c++) {
        g->co[c].owner = g->co[c].director = g->co[c].held_by = ENG_NONE;
        g->co[c].row = g->co[c].col = -1;
        if (t->companies[c].kind == ENG_MAJOR)
            set_up_certificates(g, c);
    }
    g->board = eng_board_new(t);
    g->board->unlimited_tiles = opt->unlimited_tiles;
    reserve_homes(g);
    eng_init_trains(g);
    g->last_buyer = ENG_NONE;
    g->auction_item = g->par_pending = ENG_NONE;
    for (int i = 0; i < t->nstart_items; i++)
        g->item_price[i] = t->start_items[i].price;
    g->direction = 1;
    g->thompson_packet = opt->rules.start_order == ENG_START_THOMPSON_FULL ||
                         opt->rules.start_order == ENG_START_THOMPSON_HALF;
    eng_update_availability(g);
    g->nevents = 0; /* what is open from the start is not news */
    eng_play_begins(g);
    return g;
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

/* ---- actions ---- */

/* Who may act now: 0, or -1 with why. */
static int check_actor(const eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (g->round == ENG_ROUND_OVER)
        return eng_refuse(why, len, "the game is over");
    if (a->player < 0 || a->player >= g->nplayers)
        return eng_refuse(why, len, "there is no such player");
    bool discard = a->kind == ENG_ACT_DISCARD_TRAIN && g->discarding != ENG_NONE;
    bool gm = a->kind == ENG_ACT_ADJUST; /* the GM's, whoever is to act */
    bool par = a->kind == ENG_ACT_PAR && g->par_pending != ENG_NONE; /* its director's, at once */
    if (a->player != g->current && !discard && !gm && !par) /* any over-limit company may
                                                               * discard first */
        return eng_refuse(why, len, "it is %s's turn, not %s's", g->players[g->current].name,
                          g->players[a->player].name);
    return 0;
}

/* The action carried out on work, by the round it is in. */
static int dispatch(eng_game *work, const eng_action *a, char *why, size_t len)
{
    work->nevents = 0;
    work->nsnapshots = 0;
    bool packet = work->round == ENG_ROUND_START;
    if (a->kind == ENG_ACT_ADJUST)
        return eng_adjust(work, a, why, len);
    if (a->kind == ENG_ACT_PAR)
        return eng_choose_par(work, a, why, len);
    if (work->par_pending != ENG_NONE)
        return eng_refuse(why, len, "%s's director must choose its par first",
                          work->t->companies[work->par_pending].id);
    if (work->forming)
        return eng_formation_act(work, a, why, len);
    if (work->round == ENG_ROUND_OPERATING)
        return eng_operate(work, a, why, len);
    int rc;
    switch (a->kind) {
    case ENG_ACT_BUY_ITEM:
        return packet ? eng_start_buy(work, a, why, len)
                      : eng_refuse(why, len, "the start packet is not on sale now");
    case ENG_ACT_BID:
        return packet ? eng_auction_bid(work, a, why, len)
                      : eng_refuse(why, len, "nothing is auctioned now");
    case ENG_ACT_PASS:
        return packet ? eng_start_pass(work, a, why, len) : eng_stock_pass(work, a, why, len);
    case ENG_ACT_BUY_SHARE:
        if (!packet)
            return eng_stock_buy(work, a, why, len);
        if ((rc = eng_check_traded(work, a->company, why, len)) == 0)
            rc = eng_refuse(why, len, "shares are not on sale before the start packet is sold");
        return rc;
    case ENG_ACT_SELL:
        return packet ? eng_refuse(why, len, "nothing can be sold during the start packet")
                      : eng_stock_sell(work, a, why, len);
    case ENG_ACT_EXCHANGE:
        return packet ? eng_refuse(why, len, "nothing is exchanged during the start packet")
                      : eng_exchange_private(work, a, why, len);
    case ENG_ACT_BUY_PRIVATE:
        return packet ? eng_refuse(why, len, "privates change hands after the start packet")
                      : eng_trade_private(work, a, why, len);
    default:
        return eng_refuse(why, len, "that is not an order for this round");
    }
}

int eng_apply(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (check_actor(g, a, why, len))
        return -1;
    /* Work on a copy: a refused action changes nothing, whatever step refused it. */
    eng_game *work = eng_game_copy(g);
    int rc = eng_apply_logged(work, a, why, len);
    if (rc == 0) {
        eng_board_free(g->board);
        memcpy(g, work, sizeof *g);
    } else {
        eng_board_free(work->board);
    }
    free(work);
    return rc;
}

int eng_apply_logged(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (check_actor(g, a, why, len))
        return -1;
    return ENG_INVARIANTS_CHECKED(g, a, dispatch(g, a, why, len));
}

int eng_player_share_limit(const eng_game *g)
{
    int by = g->t->player_share_limit_by_players[g->nplayers];
    return by ? by : g->t->player_share_limit;
}
