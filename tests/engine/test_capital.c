/* Tests for capital.c on the 1856 title: capitalisation by the train on sale (escrow,
 * incremental, full) and where it changes, the escrow paid when track joins a company's home to
 * its destination (the amount), the float percent rising and a company short of it passed over,
 * a company closed on a closing space, and the alternate destinations option. 1830 and 1835
 * have none of it. The track joining home and destination is found through the engine's own
 * neighbours and lays, never by coordinates, so that it holds whatever the map's geometry. */
#include "game_fixture.h"
#include "engine/capital.h"
#include "engine/state.h"
#include "util/buf.h"

static char *title_text(const char *name, void *ctx)
{
    (void)ctx;
    return tf_json_of(name);
}

static int setup_1856(void **state)
{
    (void)state;
    title = tf_load_title("1856");
    return 0;
}

/* A 1856 game of four, the privates bought at their prices, everyone rich, in stock round 1,
 * selling allowed (FirstRoundSellRestriction off). */
static eng_game *in_stock_round(void)
{
    eng_game *g = new_game(NULL, 4);
    for (int k = 0; g->round == ENG_ROUND_START && k < 12; k++) {
        int cheapest = 0;
        while (g->item_sold[cheapest])
            cheapest++;
        must(g, (eng_action){.kind = ENG_ACT_BUY_ITEM, .item = cheapest});
    }
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    for (int p = 0; p < 4; p++) {
        g->players[p].cash += 2000;
        g->bank -= 2000;
    }
    g->opt.first_round_sell_restriction = false;
    return g;
}

static eng_action start(const char *company, int par)
{
    eng_action a = buy(company, false, 0);
    a.price = par;
    return a;
}

static const eng_event *event_of(const eng_game *g, eng_event_kind kind)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == kind)
            return &g->events[i];
    return NULL;
}

/* The bank's money and the escrow: the total the game began with, all in all. */
static void assert_money_kept(const eng_game *g)
{
    int total = g->bank;
    for (int p = 0; p < g->nplayers; p++)
        total += g->players[p].cash;
    for (int c = 0; c < g->t->ncompanies; c++)
        total += g->co[c].cash;
    assert_int_equal(total, g->t->bank);
}

/* The player to act buys one more IPO certificate of the company (the others pass to him). */
static void buy_ipo(eng_game *g, const char *company)
{
    must(g, buy(company, false, 10));
    must(g, pass()); /* (his turn ends) */
}

static void test_data(void **state)
{
    (void)state;
    const eng_capitalisation *cap = &title->capital;
    assert_int_equal(cap->nmodes, 3);
    assert_int_equal(cap->modes[0].value, ENG_CAPITAL_ESCROW);
    assert_int_equal(cap->modes[1].from_train, train("5"));
    assert_int_equal(cap->modes[1].value, ENG_CAPITAL_INCREMENTAL);
    assert_int_equal(cap->modes[2].from_train, train("6"));
    assert_int_equal(cap->modes[2].value, ENG_CAPITAL_FULL);
    assert_int_equal(cap->escrow_percent, 50);
    assert_int_equal(cap->nfloats, 5);
    for (int k = 0; k < 5; k++)
        assert_int_equal(cap->floats[k].value, 20 + 10 * k);
    const eng_company *lps = &title->companies[co("LPS")], *ca = &title->companies[co("CA")];
    assert_int_equal(lps->ndest_hexes, 1);
    assert_int_equal(lps->dest_hexes[0], tf_hex(title, "F17"));
    assert_int_equal(lps->dest_from, -1);
    assert_int_equal(ca->dest_hexes[0], tf_hex(title, "H15"));
    int cols = title->market_cols, closing = 0;
    for (int k = 0; k < title->market_rows * cols; k++)
        closing += title->market_closes[k];
    assert_int_equal(closing, 3);
    assert_true(title->market_closes[10 * cols + 1]);
    eng_title *t1835 = tf_load_title("1835"), *t1830 = tf_load_title("1830");
    assert_int_equal(t1835->capital.nmodes + t1835->capital.nfloats, 0);
    assert_int_equal(t1830->capital.nmodes + t1830->capital.nfloats, 0);
    assert_int_equal(t1835->companies[0].ndest_hexes, 0);
    eng_title_free(t1835);
    eng_title_free(t1830);
}

/* The title's errors name the entry: a step naming no train, a mode unknown, a destination
 * not a hex, a major without a destination where escrow applies. */
static void test_data_refused(void **state)
{
    (void)state;
    static const struct {
        const char *from, *to, *says;
    } cases[] = {
        {"\"from\": \"5\"", "\"from\": \"9\"", "no train \"9\""},
        {"\"mode\": \"full\"", "\"mode\": \"whole\"", "\"escrow\""},
        {"\"destination\": \"N17\"", "\"destination\": \"Z99\"", "no hex Z99"},
        {"\"destination\": \"N17\"", "\"destination\": null", "majors[BBG]: capitalisation"},
    };
    char *json = tf_json_of("1856");
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char *at = strstr(json, cases[k].from);
        assert_non_null(at);
        char *bad = str_format("%.*s%s%s", (int)(at - json), json, cases[k].to,
                               at + strlen(cases[k].from));
        char *err = NULL;
        eng_title *t = eng_title_parse(bad, &err);
        assert_null(t);
        if (!strstr(err, cases[k].says))
            fail_msg("\"%s\" does not say \"%s\"", err, cases[k].says);
        free(err);
        free(bad);
    }
    free(json);
}

/* Escrow: the first five shares pay the company, the rest are held by the bank. */
static void test_escrow_sales(void **state)
{
    (void)state;
    eng_game *g = in_stock_round();
    int lps = co("LPS"), bank = g->bank;
    must(g, start("LPS", 65));
    assert_int_equal(g->co[lps].capital, ENG_CAPITAL_ESCROW);
    assert_non_null(event_of(g, ENG_EV_CAPITALISED_AS));
    assert_true(g->co[lps].floated); /* 20% sold, 20% needed */
    assert_int_equal(event_of(g, ENG_EV_FLOATS)->amount, 0);
    assert_int_equal(g->co[lps].cash, 130);
    must(g, pass());
    for (int k = 0; k < 3; k++)
        buy_ipo(g, "LPS");
    assert_int_equal(g->co[lps].cash, 325); /* 50% sold: paid as sold */
    assert_int_equal(g->co[lps].escrow, 0);
    buy_ipo(g, "LPS");
    assert_int_equal(g->co[lps].cash, 325);
    assert_int_equal(g->co[lps].escrow, 65);
    buy_ipo(g, "LPS");
    assert_int_equal(g->co[lps].escrow, 130);
    assert_int_equal(g->bank, bank + 130); /* the escrow is the bank's money */
    assert_money_kept(g);
    char *json = eng_game_to_json(g);
    assert_non_null(strstr(json, "\"LPS\":{\"cash\":325,\"price\":65,\"director\":"));
    assert_non_null(strstr(json, "\"escrow\":130,\"destination_reached\":false}"));
    free(json);
    eng_game_free(g);
}

/* The train on sale fixes a company's capitalisation when it starts; the change is announced. */
static void test_modes_by_train(void **state)
{
    (void)state;
    eng_game *g = in_stock_round();
    g->train_on_sale = train("4");
    assert_int_equal(eng_capital_mode_now(g), ENG_CAPITAL_ESCROW);
    g->train_on_sale = train("5"); /* the last 4 sold */
    must(g, pass());
    const eng_event *e = event_of(g, ENG_EV_CAPITALISATION);
    assert_non_null(e);
    assert_int_equal(e->amount, ENG_CAPITAL_INCREMENTAL);
    assert_int_equal(event_of(g, ENG_EV_FLOAT_PERCENT)->amount, 50);
    must(g, start("GT", 100));
    int gt = co("GT");
    assert_int_equal(g->co[gt].capital, ENG_CAPITAL_INCREMENTAL);
    assert_false(g->co[gt].floated); /* 20% of 50% */
    assert_int_equal(g->co[gt].cash, 200);
    must(g, pass());
    for (int k = 0; k < 6; k++)
        buy_ipo(g, "GT");
    assert_true(g->co[gt].floated);
    assert_int_equal(g->co[gt].cash, 800); /* 80% sold, every share paid it: no escrow */
    assert_int_equal(g->co[gt].escrow, 0);
    g->train_on_sale = train("6"); /* the third 5 sold */
    assert_int_equal(eng_capital_mode_now(g), ENG_CAPITAL_FULL);
    g->train_on_sale = train("D");
    assert_int_equal(eng_capital_mode_now(g), ENG_CAPITAL_FULL);
    assert_money_kept(g);
    eng_game_free(g);
}

/* Full: the IPO sales pay the bank; at 60% the company gets 10 x par. */
static void test_full(void **state)
{
    (void)state;
    eng_game *g = in_stock_round();
    g->train_on_sale = train("6");
    must(g, pass());
    int cv = co("CV"), bank = g->bank;
    must(g, start("CV", 90));
    assert_int_equal(g->co[cv].capital, ENG_CAPITAL_FULL);
    assert_int_equal(g->co[cv].cash, 0);
    must(g, pass());
    for (int k = 0; k < 3; k++)
        buy_ipo(g, "CV");
    assert_false(g->co[cv].floated); /* 50% of 60% */
    buy_ipo(g, "CV");
    assert_true(g->co[cv].floated);
    assert_int_equal(g->co[cv].cash, 900);
    assert_int_equal(g->bank, bank + 6 * 90 - 900);
    buy_ipo(g, "CV");
    assert_int_equal(g->co[cv].cash, 900); /* later IPO sales pay the bank */
    assert_money_kept(g);
    eng_game_free(g);
}

/* The float percent rises with the train on sale for a company that has not operated, and one
 * floated at 20% is passed over in its first turn once 30% is needed. */
static void test_float_percent(void **state)
{
    (void)state;
    eng_game *g = in_stock_round();
    int lps = co("LPS");
    assert_int_equal(eng_capital_float_percent(g, lps), 20);
    must(g, start("LPS", 65));
    assert_true(g->co[lps].floated);
    g->train_on_sale = train("3"); /* the last 2 sold */
    assert_int_equal(eng_capital_float_percent(g, lps), 30);
    must(g, pass());
    assert_int_equal(event_of(g, ENG_EV_FLOAT_PERCENT)->amount, 30);
    for (int k = 0; k < 4 && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    const eng_event *e = event_of(g, ENG_EV_MAY_NOT_OPERATE);
    assert_non_null(e);
    assert_int_equal(e->company, lps);
    assert_int_equal(e->amount, 20);
    assert_int_equal(e->amount2, 30);
    assert_int_equal(g->co[lps].operated, 0);
    g->co[lps].operated = 1;
    assert_int_equal(eng_capital_float_percent(g, lps), 20); /* its own, once it operated */
    eng_game_free(g);
}

/* ---- destinations ---- */

/* The lays that join the company's home to its destination, found hex by hex along a shortest
 * way over the map (the engine's neighbours), each the first legal lay that carries the track
 * on: how many (at most max), 0 when none is found this way. */
static int path_hexes(const eng_title *t, int from, int to, int *path, int max)
{
    int prev[256], queue[256], head = 0, tail = 0;
    for (int h = 0; h < t->nhexes; h++)
        prev[h] = -2;
    prev[from] = -1;
    queue[tail++] = from;
    while (head < tail && prev[to] == -2) {
        int h = queue[head++];
        for (int e = 0; e < 6; e++) {
            int n = eng_neighbor(t, h, e);
            if (n >= 0 && prev[n] == -2 && (n == to || !t->hexes[n].offboard)) {
                prev[n] = h;
                queue[tail++] = n;
            }
        }
    }
    int n = 0;
    for (int h = to; h >= 0 && n < max; h = prev[h])
        path[n++] = h;
    for (int i = 0; i < n / 2; i++) {
        int x = path[i];
        path[i] = path[n - 1 - i];
        path[n - 1 - i] = x;
    }
    return prev[to] == -2 ? 0 : n;
}

static int edge_to(const eng_title *t, int h, int n)
{
    for (int e = 0; e < 6; e++)
        if (eng_neighbor(t, h, e) == n)
            return e;
    return -1;
}

/* Whether track from the home's cities comes out of hex h at edge e (into its neighbour), or
 * (e < 0) onto hex h's own track. */
static bool carried_on(const eng_board *b, int home, int h, int e)
{
    eng_reach r;
    eng_reach_from_cities(b, home, &r);
    int n = e >= 0 ? eng_neighbor(b->t, h, e) : -1, rot;
    const eng_track *tr = eng_board_track(b, h, &rot);
    bool out = e >= 0 ? (r.edges[h] & (1u << e)) && n >= 0 &&
                            (r.edges[n] & (1u << ((e + 3) % 6)))
                      : r.cities[h] || (r.edges[h] & eng_track_edges(tr, rot));
    eng_reach_free(&r);
    return out;
}

struct lay {
    int hex, tile, rot;
};

/* On a copy of the board: for each hex of the way, a lay carrying the track on (none where it
 * already does), the destination's taking it in; the lays found, or -1. */
static int find_lays(const eng_game *g, int company, struct lay *lays, int max)
{
    const eng_title *t = g->t;
    int home = t->companies[company].home_hex, path[32];
    int n = path_hexes(t, home, t->companies[company].dest_hexes[0], path, 32), nlays = 0;
    eng_board *b = eng_board_copy(g->board);
    for (int i = 0; i < n && nlays >= 0; i++) {
        int e = i + 1 < n ? edge_to(t, path[i], path[i + 1]) : -1;
        if (carried_on(b, home, path[i], e))
            continue;
        eng_lay_option opts[64];
        int k, nopts = eng_lay_options(b, ENG_NONE, path[i], 0xffu, opts, 64);
        for (k = 0; k < nopts; k++) {
            eng_board *try = eng_board_copy(b);
            char why[128];
            bool ok = eng_lay_tile(try, ENG_NONE, path[i], opts[k].tile, opts[k].rot, 0xffu, why,
                                   sizeof why) == 0 && carried_on(try, home, path[i], e);
            eng_board_free(try);
            if (ok)
                break;
        }
        if (k == nopts || nlays == max) {
            nlays = -1;
            break;
        }
        char why[128];
        eng_lay_tile(b, ENG_NONE, path[i], opts[k].tile, opts[k].rot, 0xffu, why, sizeof why);
        lays[nlays++] = (struct lay){path[i], opts[k].tile, opts[k].rot};
    }
    eng_board_free(b);
    return nlays;
}

static eng_action lay_by_gm(const struct lay *l)
{
    return (eng_action){.kind = ENG_ACT_ADJUST, .adjust = ENG_ADJ_TILE, .hex = l->hex,
                        .tile = l->tile, .rot = l->rot};
}

/* A company of the title whose destination the lays along a shortest way can join (the
 * first), with them. */
static int company_with_way(const eng_game *g, struct lay *lays, int *nlays)
{
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company *co_ = &g->t->companies[c];
        if (co_->kind != ENG_MAJOR || co_->ndest_hexes == 0 || co_->dest_from >= 0)
            continue;
        *nlays = find_lays(g, c, lays, 16);
        if (*nlays > 1 && !eng_capital_destination_connected(g, c))
            return c;
    }
    fail_msg("no company's destination could be joined along a shortest way");
    return -1;
}

static void test_destination_pays_escrow(void **state)
{
    (void)state;
    eng_game *g = in_stock_round();
    struct lay lays[16];
    int nlays, c = company_with_way(g, lays, &nlays);
    const char *id = g->t->companies[c].id;
    must(g, start(id, 100));
    must(g, pass());
    for (int k = 0; k < 5; k++)
        buy_ipo(g, id);
    assert_int_equal(g->co[c].escrow, 200); /* 70% sold: 50% paid it, 20% held */
    assert_int_equal(g->co[c].cash, 500);
    for (int i = 0; i + 1 < nlays; i++)
        must(g, lay_by_gm(&lays[i]));
    assert_false(g->co[c].destination_reached);
    assert_int_equal(g->co[c].escrow, 200);
    must(g, lay_by_gm(&lays[nlays - 1]));
    const eng_event *e = event_of(g, ENG_EV_DESTINATION);
    assert_non_null(e);
    assert_int_equal(e->company, c);
    assert_int_equal(e->amount, g->t->companies[c].dest_hexes[0]);
    e = event_of(g, ENG_EV_ESCROW_PAID);
    assert_non_null(e);
    assert_int_equal(e->amount, 200);
    assert_true(g->co[c].destination_reached);
    assert_int_equal(g->co[c].escrow, 0);
    assert_int_equal(g->co[c].cash, 700);
    buy_ipo(g, id); /* now each IPO sale pays it */
    assert_int_equal(g->co[c].cash, 800);
    assert_int_equal(g->co[c].escrow, 0);
    assert_money_kept(g);
    eng_game_free(g);
}

/* A company not started whose destination is joined while escrow applies starts incremental
 * (18xx.games). */
static void test_destination_before_start(void **state)
{
    (void)state;
    eng_game *g = in_stock_round();
    struct lay lays[16];
    int nlays, c = company_with_way(g, lays, &nlays);
    for (int i = 0; i < nlays; i++)
        must(g, lay_by_gm(&lays[i]));
    assert_true(g->co[c].destination_reached);
    assert_null(event_of(g, ENG_EV_ESCROW_PAID));
    must(g, start(g->t->companies[c].id, 100));
    assert_int_equal(g->co[c].capital, ENG_CAPITAL_INCREMENTAL);
    eng_game_free(g);
}

/* The option 1856AlternateDestinations sets the alternate destinations. */
static void test_alternate_destinations(void **state)
{
    (void)state;
    eng_options o;
    char why[256], *err = NULL;
    eng_options_default(title, &o);
    assert_int_equal(eng_options_parse(title, &o, "1856AlternateDestinations=yes", why,
                                       sizeof why), 0);
    assert_true(eng_choices_change_title(title, o.chosen));
    eng_title *alt = eng_title_load_chosen("1856", title_text, NULL, title, o.chosen, &err);
    if (!alt)
        fail_msg("1856AlternateDestinations=yes: %s", err);
    const eng_company *bbg = &alt->companies[eng_company_index(alt, "BBG")];
    const eng_company *ca = &alt->companies[eng_company_index(alt, "CA")];
    const eng_company *tgb = &alt->companies[eng_company_index(alt, "TGB")];
    assert_int_equal(bbg->dest_hexes[0], tf_hex(alt, "N11"));
    assert_int_equal(ca->dest_from, tf_hex(alt, "F15"));
    assert_int_equal(ca->dest_hexes[0], tf_hex(alt, "A20"));
    assert_int_equal(tgb->ndest_hexes, 2);
    assert_int_equal(tgb->dest_hexes[1], tf_hex(alt, "N1"));
    assert_int_equal(alt->capital.nmodes, 3); /* the rest as it was */
    eng_title_free(alt);
}

/* A company whose price reaches a closing space closes. */
static void test_closing_space(void **state)
{
    (void)state;
    eng_game *g = in_stock_round();
    int lps = co("LPS"), ann = g->current;
    must(g, start("LPS", 65));
    must(g, pass());
    buy_ipo(g, "LPS");
    while (g->current != ann)
        must(g, pass());
    must(g, buy("LPS", false, 10));
    must(g, pass());
    give_train(g, "LPS", "2");
    int city_hex = 0; /* a station of it in the first city of the map */
    while (eng_board_track(g->board, city_hex, NULL)->ncities == 0)
        city_hex++;
    g->board->tokens[city_hex][0][0] = lps;
    g->co[lps].row = 8; /* 30, just above the closing space below it */
    g->co[lps].col = 0;
    assert_int_equal(eng_share_price(g, lps), 30);
    while (g->current != ann)
        must(g, pass());
    int cash = g->co[lps].cash, bank = g->bank;
    must(g, sell("LPS", 10));
    const eng_event *e = event_of(g, ENG_EV_MARKET_CLOSES);
    assert_non_null(e);
    assert_int_equal(e->company, lps);
    assert_true(g->co[lps].closed);
    assert_int_equal(g->co[lps].cash, 0);
    assert_int_equal(g->bank, bank - 30 + cash); /* the sale paid, its money to the bank */
    assert_int_equal(g->co[lps].ntrains, 0);
    assert_int_equal(g->pool_trains[train("2")], 1);
    assert_int_equal(eng_stations_placed(g, lps), 0);
    assert_int_equal(eng_percent_held(g, lps, ann), 0);
    assert_int_equal(g->co[lps].director, ENG_NONE);
    assert_money_kept(g);
    eng_game_free(g);
}

/* The operating company withholding onto a closing space closes, and its turn ends there. */
static void test_closing_while_operating(void **state)
{
    (void)state;
    eng_game *g = in_stock_round();
    int lps = co("LPS");
    must(g, start("LPS", 65));
    for (int k = 0; k < 8 && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
    assert_int_equal(g->operating, lps);
    give_train(g, "LPS", "2");
    g->co[lps].row = 8;
    g->co[lps].col = 0;
    must(g, ((eng_action){.kind = ENG_ACT_RUN, .revenue = 0, .payout = false}));
    assert_non_null(event_of(g, ENG_EV_MARKET_CLOSES));
    assert_true(g->co[lps].closed);
    assert_true(g->operating != lps);
    assert_int_equal(g->round, ENG_ROUND_STOCK); /* the only company: the round is over */
    assert_money_kept(g);
    eng_game_free(g);
}

/* The national (1856's CGR) never closes: its price stays off the closing space. */
static void test_national_never_closes(void **state)
{
    (void)state;
    eng_game *g = in_stock_round();
    int cgr = title->national.company;
    assert_true(cgr >= 0);
    assert_false(eng_capital_may_close(g, cgr));
    assert_true(eng_capital_may_close(g, co("LPS")));
    g->co[cgr].row = 8;
    g->co[cgr].col = 0;
    eng_price_down(g, cgr);
    eng_price_left(g, cgr);
    assert_int_equal(g->co[cgr].row, 8);
    assert_int_equal(eng_share_price(g, cgr), 30);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data),
        cmocka_unit_test(test_data_refused),
        cmocka_unit_test(test_escrow_sales),
        cmocka_unit_test(test_modes_by_train),
        cmocka_unit_test(test_full),
        cmocka_unit_test(test_float_percent),
        cmocka_unit_test(test_destination_pays_escrow),
        cmocka_unit_test(test_destination_before_start),
        cmocka_unit_test(test_alternate_destinations),
        cmocka_unit_test(test_closing_space),
        cmocka_unit_test(test_closing_while_operating),
        cmocka_unit_test(test_national_never_closes),
    };
    return cmocka_run_group_tests(tests, setup_1856, group_teardown);
}
