/* legal: the list of legal actions a player has now (eng_legal_actions). An action is legal
 * exactly when eng_apply would take it: each candidate is tried on a copy of the game. Above
 * apply.c, as the one door it tries them through. */
#include "engine/query.h"
#include "engine/routes.h"
#include "engine/start.h"
#include "engine/state.h"

static bool legal(const eng_game *g, const eng_action *a)
{
    eng_game *copy = eng_game_copy(g);
    int rc = eng_apply(copy, a, NULL, 0);
    eng_game_free(copy);
    return rc == 0;
}

static void add_if_legal(const eng_game *g, const eng_action *a, eng_action *out, int max, int *n)
{
    if (*n < max && legal(g, a))
        out[(*n)++] = *a;
}

/* ---- legal actions ---- */

struct legal_list {
    const eng_game *g;
    eng_action *out;
    int max, n;
};

static void try_action(struct legal_list *l, eng_action a)
{
    add_if_legal(l->g, &a, l->out, l->max, &l->n);
}

static void stock_actions(struct legal_list *l, int player)
{
    const eng_game *g = l->g;
    static const int sizes[] = {0, 20};
    for (int c = 0; c < g->t->ncompanies; c++) {
        if (!eng_is_major(g, c))
            continue;
        for (int pool = 0; pool < 2; pool++)
            for (int s = 0; s < 2; s++)
                try_action(l, (eng_action){.kind = ENG_ACT_BUY_SHARE, .player = player,
                                           .company = c, .percent = sizes[s], .from_pool = pool});
        const eng_company *co = &g->t->companies[c]; /* starting it at a par of its director's */
        for (int k = 0; k < co->npar_choices && !g->co[c].started; k++)
            try_action(l, (eng_action){.kind = ENG_ACT_BUY_SHARE, .player = player, .company = c,
                                       .price = co->par_choices[k]});
        for (int pct = 5; pct <= 60; pct += 5)
            try_action(l, (eng_action){.kind = ENG_ACT_SELL, .player = player, .company = c,
                                       .percent = pct});
    }
}

/* The par a director is to choose now: each the title allows. */
static void par_actions(struct legal_list *l)
{
    const eng_game *g = l->g;
    int c = g->par_pending;
    const eng_company *co = &g->t->companies[c];
    for (int k = 0; k < co->npar_choices; k++)
        try_action(l, (eng_action){.kind = ENG_ACT_PAR, .player = g->co[c].director,
                                   .company = c, .price = co->par_choices[k]});
}

/* The least bid on an item of an auctioned packet (any higher one is as legal). */
static int least_bid(const eng_game *g, int item)
{
    int high = 0;
    for (int p = 0; p < g->nplayers; p++)
        high = g->bids[item][p] > high ? g->bids[item][p] : high;
    return (high ? high : g->item_price[item]) + g->t->bid_raise;
}

/* A national's director choosing after it formed: the stations of the companies given up
 * still on the map, its trains to discard. */
static void national_choices(struct legal_list *l, int player)
{
    const eng_game *g = l->g;
    int n = g->t->national.company;
    if (g->national_choosing == ENG_NATIONAL_CHOOSES_NOTHING)
        return;
    for (int h = 0; h < g->t->nhexes; h++)
        for (int c = 0; c < ENG_MAX_CITIES; c++) {
            bool given_up = false;
            for (int s = 0; s < ENG_MAX_SLOTS; s++) {
                int x = g->board->tokens[h][c][s];
                given_up |= x >= 0 && x != n && ((g->national_merging >> x) & 1u);
            }
            if (given_up)
                try_action(l, (eng_action){.kind = ENG_ACT_TOKEN, .player = player, .hex = h,
                                           .city = c});
        }
    for (int k = 0; k < g->t->ntrains; k++)
        try_action(l, (eng_action){.kind = ENG_ACT_DISCARD_TRAIN, .player = player,
                                   .company = n, .train = k});
}

static void formation_actions(struct legal_list *l, int player)
{
    try_action(l, (eng_action){.kind = ENG_ACT_FORM, .player = player});
    for (int c = 0; c < l->g->t->ncompanies; c++)
        try_action(l, (eng_action){.kind = ENG_ACT_EXCHANGE, .player = player, .company = c});
    int asking = l->g->national_asking; /* (a national's round: loans to repay) */
    for (int n = 1; asking != ENG_NONE && n <= l->g->co[asking].loans; n++)
        try_action(l, (eng_action){.kind = ENG_ACT_REPAY_LOAN, .player = player, .amount = n});
    national_choices(l, player);
}

static void track_actions(struct legal_list *l, int player)
{
    const eng_game *g = l->g;
    eng_lay_option opts[64];
    for (int h = 0; h < g->t->nhexes; h++) {
        int n = eng_lay_options(g->board, ENG_NONE, h, eng_lay_colors(g), opts,
                                64);
        for (int i = 0; i < n; i++)
            try_action(l, (eng_action){.kind = ENG_ACT_LAY_TILE, .player = player, .hex = h,
                                       .tile = opts[i].tile, .rot = opts[i].rot});
        const eng_track *tr = eng_board_track(g->board, h, NULL);
        for (int c = 0; c < tr->ncities; c++)
            try_action(l, (eng_action){.kind = ENG_ACT_TOKEN, .player = player, .hex = h,
                                       .city = c});
    }
    for (int p = 0; p < g->t->ncompanies; p++)
        try_action(l, (eng_action){.kind = ENG_ACT_PRIVATE_TOKEN, .player = player, .company = p,
                                   .city = -1});
}

/* Privates' run bonuses bought, and their markers placed (1856's bridge, tunnel, port). */
static void bonus_actions(struct legal_list *l, int player)
{
    const eng_title *t = l->g->t;
    for (int p = 0; p < t->ncompanies; p++) {
        if (t->companies[p].powers.nbonus_hexes)
            try_action(l, (eng_action){.kind = ENG_ACT_BUY_BONUS, .player = player, .company = p});
        const eng_powers *pw = &t->companies[p].powers;
        for (int i = 0; i < pw->nmarker_hexes; i++)
            try_action(l, (eng_action){.kind = ENG_ACT_PLACE_MARKER, .player = player,
                                       .company = p, .hex = pw->marker_hexes[i]});
    }
}

/* Trains from the bank and the pool, and the director's raising of money for one. Trains from
 * other companies are not listed: their price is the directors' to agree. */
static void train_actions(struct legal_list *l, int player)
{
    for (int k = 0; k < l->g->t->ntrains; k++)
        for (int pool = 0; pool < 2; pool++) {
            try_action(l, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .player = player, .train = k,
                                       .from_pool = pool});
            try_action(l, (eng_action){.kind = ENG_ACT_RAISE_CASH, .player = player, .train = k,
                                       .from_pool = pool});
        }
}

/* A loan taken; each number of loans repaid (a title's loans: 1856). */
static void loan_actions(struct legal_list *l, int player)
{
    const eng_game *g = l->g;
    if (g->t->loans.amount == 0 || g->operating == ENG_NONE)
        return;
    try_action(l, (eng_action){.kind = ENG_ACT_TAKE_LOAN, .player = player});
    for (int n = 1; n <= g->co[g->operating].loans; n++)
        try_action(l, (eng_action){.kind = ENG_ACT_REPAY_LOAN, .player = player, .amount = n});
}

/* The operating company's actions: track, stations, its best run paid out or withheld (or
 * nothing when it has no train), trains, loans, emergency sales, the end of its turn. */
static void operating_actions(struct legal_list *l, int player)
{
    const eng_game *g = l->g;
    try_action(l, (eng_action){.kind = ENG_ACT_SKIP, .player = player});
    for (int city = 0; city < ENG_MAX_CITIES; city++)
        try_action(l, (eng_action){.kind = ENG_ACT_HOME, .player = player, .city = city});
    for (int r = 0; r < g->t->nrights; r++)
        try_action(l, (eng_action){.kind = ENG_ACT_BUY_RIGHT, .player = player, .item = r});
    bonus_actions(l, player);
    track_actions(l, player);
    eng_run best;
    eng_best_run(g, g->operating, &best);
    for (int payout = 1; payout >= 0; payout--)
        try_action(l, (eng_action){.kind = ENG_ACT_RUN, .player = player, .revenue = best.total,
                                   .payout = payout});
    train_actions(l, player);
    loan_actions(l, player);
    for (int c = 0; c < g->t->ncompanies; c++)
        for (int pct = 5; pct <= 60; pct += 5)
            try_action(l, (eng_action){.kind = ENG_ACT_SELL, .player = player, .company = c,
                                       .percent = pct});
    try_action(l, (eng_action){.kind = ENG_ACT_DONE, .player = player});
}

int eng_legal_actions(const eng_game *g, eng_action *out, int max)
{
    struct legal_list l = {g, out, max, 0};
    int player = g->current;
    if (g->round == ENG_ROUND_OVER)
        return 0;
    if (g->par_pending != ENG_NONE) {
        par_actions(&l);
        return l.n;
    }
    if (g->round == ENG_ROUND_START) {
        for (int i = 0; i < g->t->nstart_items; i++) {
            try_action(&l, (eng_action){.kind = ENG_ACT_BUY_ITEM, .player = player, .item = i});
            try_action(&l, (eng_action){.kind = ENG_ACT_BID, .player = player, .item = i,
                                        .price = least_bid(g, i)});
        }
    } else if (g->round == ENG_ROUND_STOCK) {
        stock_actions(&l, player);
    } else if (g->forming) {
        formation_actions(&l, player);
    } else if (g->discarding != ENG_NONE) {
        int owner = eng_company_holder(g, g->discarding);
        for (int k = 0; k < g->t->ntrains; k++)
            try_action(&l, (eng_action){.kind = ENG_ACT_DISCARD_TRAIN, .player = owner,
                                        .company = g->discarding, .train = k});
        return l.n;
    } else {
        operating_actions(&l, player);
        return l.n;
    }
    try_action(&l, (eng_action){.kind = ENG_ACT_PASS, .player = player});
    return l.n;
}
