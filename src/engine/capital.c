/* capital: capitalisation by the train on sale, escrow and destinations, the float percent
 * rising, and the market's closing spaces — the rules 1856 has and 1830 and 1835 do not, all
 * from the title's data ("capitalisation", majors' "destination", "0c" market cells; a title
 * without them is left as it is).
 *
 * A major's capitalisation is fixed when it starts, by the train the bank sells then (Rails
 * PublicCompany_1856.start: trainNumberAvailableAtStart; 18xx.games Corporation#par!):
 * - escrow: each IPO sale pays the company while less than escrow_percent (50) of it is sold;
 *   the money of each later IPO sale is held by the bank for it (eng_company_state.escrow, part
 *   of the bank's money, as Rails and 18xx.games hold it) until track joins its home to its
 *   destination; then the bank pays it the escrow, and later IPO sales pay it (Rails
 *   StockRound_1856.getSharePriceRecipient; 18xx.games share_pool transfer_shares);
 * - incremental: each IPO sale pays the company;
 * - full: 10 x par when it floats; IPO sales pay the bank.
 * The float percent of a major that has not operated is the one in force (Rails
 * OperatingRound_1856.setNextOperatingCompany: 10 x the train on sale; 18xx.games
 * change_float): checked as it floats and again when its turn comes.
 * A destination is reached when track joins a city of its home hex (or the destination's
 * "from") to the destination hex, other companies' stations blocking nothing (18xx.games
 * hexes_connected?: a walk without a corporation); checked after each action that lays or
 * removes a tile, for every major (18xx.games' Escrow step after the track step checks them
 * all; Rails leaves it to the player, any time in the operating round). A major not started
 * whose destination is joined while escrow applies starts incremental (18xx.games).
 * A major whose price reaches a closing space closes: its certificates leave the game, its
 * stations the map, its trains go to the pool and its money to the bank (Rails
 * PublicCompany.setClosed, "from the 1856 rules"); a national that never closes (1856's CGR:
 * national_rules) does not, its price staying off the closing space (state.c). */
#include "engine/capital.h"

#include "engine/state.h"

const char *eng_capital_mode_name(int mode)
{
    switch (mode) {
    case ENG_CAPITAL_FULL: return "full";
    case ENG_CAPITAL_INCREMENTAL: return "incremental";
    case ENG_CAPITAL_ESCROW: return "escrow";
    default: return "as the title says";
    }
}

/* The value of the last step in force: the bank selling its train kind or a later one. */
static int step_now(const eng_game *g, const eng_capital_step *steps, int n, int none)
{
    int v = none;
    for (int i = 0; i < n; i++)
        if (g->train_on_sale >= steps[i].from_train)
            v = steps[i].value;
    return v;
}

int eng_capital_mode_now(const eng_game *g)
{
    const eng_capitalisation *c = &g->t->capital;
    return step_now(g, c->modes, c->nmodes, ENG_CAPITAL_TITLE);
}

static int float_percent_now(const eng_game *g)
{
    const eng_capitalisation *c = &g->t->capital;
    return step_now(g, c->floats, c->nfloats, 0);
}

void eng_capital_init(eng_game *g)
{
    g->capital_now = eng_capital_mode_now(g);
    g->float_percent_now = float_percent_now(g);
}

int eng_capital_float_percent(const eng_game *g, int company)
{
    const eng_company *co = &g->t->companies[company];
    int own = co->float_option >= 0 ? eng_option_number(g->t, &g->opt, co->float_option)
                                    : co->float_percent;
    if (g->t->capital.nfloats == 0 || g->co[company].operated > 0)
        return own;
    return float_percent_now(g);
}

void eng_capital_started(eng_game *g, int company)
{
    eng_company_state *c = &g->co[company];
    c->capital = eng_capital_mode_now(g);
    /* (18xx.games: a company whose destination was joined before it started is not escrowed) */
    if (c->capital == ENG_CAPITAL_ESCROW && c->destination_reached)
        c->capital = ENG_CAPITAL_INCREMENTAL;
    if (c->capital != ENG_CAPITAL_TITLE)
        eng_event_add(g, ENG_EV_CAPITALISED_AS, ENG_NONE, company, c->capital, 0, false);
}

bool eng_capital_ipo_sale(eng_game *g, int company, int player, int percent, int price)
{
    eng_company_state *c = &g->co[company];
    int sold_before = eng_percent_out_of_ipo(g, company) - percent;
    if (c->capital == ENG_CAPITAL_TITLE)
        return false;
    if (c->capital == ENG_CAPITAL_FULL) { /* its capital comes whole as it floats */
        eng_player_pays_bank(g, player, price);
        return true;
    }
    if (c->capital == ENG_CAPITAL_ESCROW && !c->destination_reached &&
        sold_before >= g->t->capital.escrow_percent) {
        eng_player_pays_bank(g, player, price); /* held by the bank for it */
        c->escrow += price;
        eng_event_add(g, ENG_EV_ESCROW, ENG_NONE, company, price, c->escrow, false);
        return true;
    }
    /* incremental, or escrow's first half (all once its destination is reached) */
    eng_player_pays_company(g, player, company, price);
    eng_event_add(g, ENG_EV_PAID_TO, ENG_NONE, company, price, 0, false);
    return true;
}

int eng_capital_float_cash(const eng_game *g, int company, int sold)
{
    const eng_company_state *c = &g->co[company];
    switch (c->capital) {
    case ENG_CAPITAL_FULL: return c->par * 10;
    case ENG_CAPITAL_ESCROW: case ENG_CAPITAL_INCREMENTAL: return 0;
    default: return c->par * (g->t->full_capitalisation ? 100 : sold) / 10;
    }
}

bool eng_capital_may_operate(eng_game *g, int company)
{
    const eng_company_state *c = &g->co[company];
    /* (a company formed from others, 1856's CGR, is not bound: Rails OperatingRound_1856) */
    if (g->t->capital.nfloats == 0 || c->operated > 0 || !eng_is_major(g, company) ||
        g->t->companies[company].formed)
        return true;
    int sold = eng_percent_out_of_ipo(g, company), need = eng_capital_float_percent(g, company);
    if (sold >= need)
        return true;
    eng_event_add(g, ENG_EV_MAY_NOT_OPERATE, ENG_NONE, company, sold, need, false);
    return false;
}

/* ---- destinations ---- */

/* Whether track (reach r) comes into hex h: one of its cities, or a side its track uses. */
static bool reaches_hex(const eng_game *g, const eng_reach *r, int h)
{
    int rot;
    const eng_track *tr = eng_board_track(g->board, h, &rot);
    return r->cities[h] != 0 || (r->edges[h] & eng_track_edges(tr, rot)) != 0;
}

bool eng_capital_destination_connected(const eng_game *g, int company)
{
    const eng_company *co = &g->t->companies[company];
    int from = co->dest_from >= 0 ? co->dest_from : co->home_hex;
    if (co->ndest_hexes == 0 || from < 0)
        return false;
    eng_reach r;
    eng_reach_from_cities(g->board, from, &r);
    bool joined = false;
    for (int k = 0; k < co->ndest_hexes && !joined; k++)
        joined = reaches_hex(g, &r, co->dest_hexes[k]);
    eng_reach_free(&r);
    return joined;
}

/* Whether reaching its destination means something to the company: its escrow paid (started
 * in escrow), or, not started while escrow applies, its start other than in escrow. */
static bool destination_matters(const eng_game *g, int company)
{
    const eng_company_state *c = &g->co[company];
    if (!eng_is_major(g, company) || c->closed || c->destination_reached ||
        g->t->companies[company].ndest_hexes == 0)
        return false;
    return c->started ? c->capital == ENG_CAPITAL_ESCROW
                      : eng_capital_mode_now(g) == ENG_CAPITAL_ESCROW;
}

static void reach_destination(eng_game *g, int company)
{
    eng_company_state *c = &g->co[company];
    const eng_company *co = &g->t->companies[company];
    c->destination_reached = true;
    eng_event_add(g, ENG_EV_DESTINATION, ENG_NONE, company, co->dest_hexes[0], 0, false);
    if (c->escrow > 0) {
        int paid = c->escrow;
        c->escrow = 0;
        eng_bank_pays_company(g, company, paid);
        eng_event_add(g, ENG_EV_ESCROW_PAID, ENG_NONE, company, paid, 0, false);
    }
}

static bool track_changed(const eng_game *g, const eng_action *a)
{
    if (a->kind == ENG_ACT_ADJUST)
        return a->adjust == ENG_ADJ_TILE || a->adjust == ENG_ADJ_REMOVE_TILE;
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_TILE_LAID)
            return true;
    return false;
}

static void check_destinations(eng_game *g)
{
    for (int c = 0; c < g->t->ncompanies; c++)
        if (destination_matters(g, c) && eng_capital_destination_connected(g, c))
            reach_destination(g, c);
}

/* ---- closing spaces ---- */

bool eng_capital_may_close(const eng_game *g, int company)
{
    return !eng_national_never_closes(g, company);
}

static bool on_closing_space(const eng_game *g, int company)
{
    const eng_company_state *c = &g->co[company];
    const eng_title *t = g->t;
    return t->market_closes && c->row >= 0 && !c->closed && eng_capital_may_close(g, company) &&
           t->market_closes[c->row * t->market_cols + c->col];
}

static void remove_stations(eng_game *g, int company)
{
    eng_board *b = g->board;
    for (int h = 0; h < g->t->nhexes; h++)
        for (int city = 0; city < ENG_MAX_CITIES; city++) {
            if (b->reserved[h][city] == company)
                b->reserved[h][city] = ENG_NONE;
            for (int s = 0; s < ENG_MAX_SLOTS; s++)
                if (b->tokens[h][city][s] == company)
                    b->tokens[h][city][s] = ENG_NONE;
        }
}

/* Its certificates out of the game (back to the IPO of a closed company, which sells nothing),
 * its trains to the pool, its money and privates gone. */
static void close_major(eng_game *g, int company)
{
    eng_company_state *c = &g->co[company];
    eng_event_add(g, ENG_EV_MARKET_CLOSES, c->director, company, c->cash, 0, false);
    for (int i = 0; i < c->ncerts; i++)
        c->certs[i].owner = ENG_IPO;
    for (int i = 0; i < c->ntrains; i++)
        g->pool_trains[c->trains[i]]++;
    c->ntrains = 0;
    g->bank += c->cash;
    c->cash = 0;
    c->escrow = 0; /* (the bank's money all along) */
    c->loans = 0;
    c->closed = true;
    c->available = false;
    c->started = false; /* (no director, its certificates nobody's) */
    c->director = ENG_NONE;
    c->row = c->col = -1;
    remove_stations(g, company);
    for (int p = 0; p < g->t->ncompanies; p++)
        if (g->co[p].held_by == company && !g->co[p].closed) {
            g->co[p].closed = true;
            g->co[p].held_by = ENG_NONE;
            eng_event_add(g, ENG_EV_PRIVATE_CLOSES, ENG_NONE, p, 0, 0, false);
        }
}

/* Closes the majors on a closing space; whether the one operating now was among them. */
static bool close_fallen(eng_game *g)
{
    bool operating_closed = false;
    for (int c = 0; c < g->t->ncompanies; c++)
        if (eng_is_major(g, c) && on_closing_space(g, c)) {
            close_major(g, c);
            operating_closed |= g->round == ENG_ROUND_OPERATING && g->operating == c;
        }
    return operating_closed;
}

/* ---- a company started and floated ---- */

void eng_set_par(eng_game *g, int company, int par)
{
    eng_company_state *c = &g->co[company];
    c->par = par ? par : g->t->companies[company].price;
    if (eng_par_space(g->t, c->par, &c->row, &c->col))
        c->row = c->col = -1;
    if (g->t->on_market_when_started) /* 1830: on its par space from now, under those there */
        c->market_seq = ++g->market_clock;
    eng_capital_started(g, company);
}

/* A major floats when enough of it is sold; it then receives the par value of every share sold
 * so far (the bank kept the money until then), and every later IPO sale pays it directly. */
void eng_check_float(eng_game *g, int company)
{
    eng_company_state *c = &g->co[company];
    int fp = eng_capital_float_percent(g, company); /* (BYFloatsAt; 1856's rising) */
    if (c->floated || !c->started || fp <= 0)
        return;
    int sold = eng_percent_out_of_ipo(g, company);
    if (sold < fp)
        return;
    c->floated = true;
    if (!g->t->on_market_when_started) /* Rails stacks a 1835 company on its square as it floats */
        c->market_seq = ++g->market_clock;
    int cash = eng_capital_float_cash(g, company, sold);
    eng_bank_pays_company(g, company, cash);
    eng_event_add(g, ENG_EV_FLOATS, ENG_NONE, company, cash, 0, false);
}

/* ---- the steps announced ---- */

static void announce_steps(eng_game *g)
{
    int mode = eng_capital_mode_now(g), fp = float_percent_now(g);
    if (mode != g->capital_now)
        eng_event_add(g, ENG_EV_CAPITALISATION, ENG_NONE, ENG_NONE, mode, 0, false);
    if (fp != g->float_percent_now)
        eng_event_add(g, ENG_EV_FLOAT_PERCENT, ENG_NONE, ENG_NONE, fp, 0, false);
    g->capital_now = mode;
    g->float_percent_now = fp;
}

bool eng_capital_after_action(eng_game *g, const eng_action *a)
{
    if (g->t->capital.nmodes == 0 && g->t->capital.nfloats == 0 && !g->t->market_closes)
        return false;
    announce_steps(g);
    if (g->t->capital.nmodes && track_changed(g, a))
        check_destinations(g);
    return close_fallen(g);
}
