/* Tests for 1830's rules in the engine, each through eng_apply on config/games/1830.json:
 * privates bought by majors (privates.c), privates keeping their hexes free, the M&H traded
 * for an NYC share, the market's zones (stock.c), the bank broken ending the set of operating
 * rounds, the title's option preset "defaults" (options.c), and the operating order re-sorted
 * by price after each company (operating.c). Set-ups place certificates, money and prices
 * directly; money moved by a rule is checked to be conserved. */
#include "game_fixture.h"

/* 1830's market cells of each zone used below (row, column). */
enum { NORMAL_ROW = 5, NORMAL_COL = 6,   /* 67p */
       YELLOW_ROW = 5, YELLOW_COL = 3,   /* 50y */
       ORANGE_ROW = 5, ORANGE_COL = 1,   /* 34o */
       BROWN_ROW = 5, BROWN_COL = 0 };   /* 25b */

static int setup_1830(void **state)
{
    (void)state;
    title = tf_load_title("1830");
    return 0;
}

/* ---- set-ups ---- */

static int owner_of(const eng_game *g, const char *private_id)
{
    return g->co[co(private_id)].owner;
}

/* Three players (Ann, Bob, Cy), each given 1000 more; the privates bought in order at their
 * prices, B&O's par chosen: stock round 1. */
static eng_game *packet_sold(const char *options, int bo_par)
{
    eng_game *g = new_game(options, 3);
    static const char *const order[] = {"SVNRR", "C&StL", "D&H", "M&H", "C&A", "BO"};
    for (int i = 0; i < 6; i++)
        must(g, buy_item(order[i]));
    must(g, (eng_action){.kind = ENG_ACT_PAR, .company = co("B&O"), .price = bo_par});
    for (int p = 0; p < 3; p++)
        eng_bank_pays_player(g, p, 1000);
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    return g;
}

/* The player takes `tens` 10% certificates of the major from the IPO, paying the bank par. */
static void take_tens(eng_game *g, const char *id, int player, int tens)
{
    for (int k = 0; k < tens; k++) {
        give(g, id, 10, false, player);
        eng_bank_pays_player(g, player, -g->co[co(id)].par);
    }
    eng_check_float(g, co(id));
}

/* The major started at par by its director (unless started already), who also takes `tens`
 * 10% certificates; it floats once 60% is sold (10 x par from the bank). */
static void start_major(eng_game *g, const char *id, int par, int director, int tens)
{
    int c = co(id);
    if (!g->co[c].started) {
        give(g, id, 20, true, director);
        eng_set_par(g, c, par);
        eng_bank_pays_player(g, director, -2 * par);
    }
    assert_int_equal(g->co[c].par, par);
    take_tens(g, id, director, tens);
}

static void place(eng_game *g, const char *id, int row, int col)
{
    g->co[co(id)].row = row;
    g->co[co(id)].col = col;
    assert_true(eng_share_price(g, co(id)) > 0);
}

static void to_operating_round(eng_game *g)
{
    for (int k = 0; k < g->nplayers && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
}

/* PRR floated by Ann (60% at 100) and operating alone in operating round 1.1, in the phase
 * named (set during stock round 1: it fixes the number of rounds in the set). */
static eng_game *prr_operating(const char *options, const char *phase_name)
{
    eng_game *g = packet_sold(options, 100);
    start_major(g, "PRR", 100, 0, 4);
    g->phase = phase(phase_name);
    to_operating_round(g);
    assert_int_equal(g->operating, co("PRR"));
    return g;
}

/* ---- actions and checks ---- */

static eng_action buy_private(const char *id, int price)
{
    return (eng_action){.kind = ENG_ACT_BUY_PRIVATE, .company = co(id), .price = price};
}

static eng_action exchange(const char *id)
{
    return (eng_action){.kind = ENG_ACT_EXCHANGE, .company = co(id)};
}

static eng_action run(int revenue, bool payout)
{
    return (eng_action){.kind = ENG_ACT_RUN, .revenue = revenue, .payout = payout};
}

static eng_action done(void)
{
    return (eng_action){.kind = ENG_ACT_DONE};
}

static eng_action ipo_share(const char *id)
{
    return buy(id, false, 10);
}

static const eng_event *find_event(const eng_game *g, eng_event_kind kind, int company)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == kind && (company < 0 || g->events[i].company == company))
            return &g->events[i];
    return NULL;
}

static void assert_event_text(const eng_game *g, const eng_event *e, const char *want)
{
    char text[256];
    assert_non_null(e);
    eng_event_text(g, e, text, sizeof text);
    assert_string_equal(text, want);
}

/* Lays one of the tiles on the hex with the first rotation the engine accepts. */
static void lay_one_of(eng_game *g, const char *hex, const char *const *tiles, int ntiles)
{
    char why[256] = "";
    for (int k = 0; k < ntiles; k++)
        for (int rot = 0; rot < 6; rot++)
            if (try_act(g, (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = tf_hex(title, hex),
                                        .tile = tf_tile(title, tiles[k]), .rot = rot},
                        why) == 0)
                return;
    fail_msg("no tile fits %s: %s", hex, why);
}

static eng_action lay(const char *hex, const char *tile)
{
    return (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = tf_hex(title, hex),
                        .tile = tf_tile(title, tile)};
}

static const char *const PLAIN_TILES[] = {"7", "8", "9"};
static const char *const TOWN_TILES[] = {"3", "4", "58"};

/* ---- the title's option preset "defaults" ---- */

/* 1830's own defaults turn off the engine's 1835 ones (nationalisation, the 80% bonus); a
 * game's options still override them, and 1835 keeps its defaults. */
static void test_the_titles_defaults(void **state)
{
    (void)state;
    eng_options o;
    eng_options_default(title, &o);
    assert_int_equal(o.nationalisation_percent, 0);
    assert_false(o.cert_limit_bonus_80);
    eng_title *t1835 = tf_load_title("1835");
    eng_options_default(t1835, &o);
    assert_int_equal(o.nationalisation_percent, 55);
    assert_true(o.cert_limit_bonus_80);
    eng_title_free(t1835);
    char why[256];
    eng_options_default(title, &o);
    assert_int_equal(eng_options_parse(title, &o, "NationalisationThreshold=55", why, sizeof why),
                     0);
    assert_int_equal(o.nationalisation_percent, 55);
}

/* The preset "18xx.games" is the options of the title's "18xx.games" section: a game started
 * with it plays by 18xx.games' rules, so that its file loads there as it stands here. */
static void test_the_18xx_games_preset(void **state)
{
    (void)state;
    char why[256];
    eng_options by_name, by_text;
    eng_options_default(title, &by_name);
    eng_options_default(title, &by_text);
    assert_int_equal(eng_options_parse(title, &by_name, "18xx.games", why, sizeof why), 0);
    assert_int_equal(eng_options_parse(title, &by_text, title->xgames.options, why, sizeof why),
                     0);
    assert_memory_equal(&by_name, &by_text, sizeof by_name);
    assert_true(by_name.rules.auction_pass_leaves);
    assert_true(by_name.dividend_round_down);
    eng_options o;
    eng_options_default(title, &o);
    assert_false(o.rules.auction_pass_leaves);
    assert_int_equal(eng_options_parse(title, &o, "house-rules", why, sizeof why), -1);
    assert_non_null(strstr(why, "pbem-house-rules, 18xx.games)"));
}

/* With the defaults a director holding 80% has no extra certificate and nobody nationalises;
 * with the options set, both apply. */
static void test_defaults_in_play(void **state)
{
    (void)state;
    static const char *const options[] = {NULL, "NationalisationThreshold=55,CertLimitBonus80=yes"};
    for (int k = 0; k < 2; k++) {
        eng_game *g = packet_sold(options[k], 100);
        start_major(g, "PRR", 100, 0, 6); /* Ann: 80% */
        assert_int_equal(eng_certificate_limit(g, 0), title->cert_limit[3] + k);
        g->co[co("PRR")].certs[eng_find_cert(g, co("PRR"), 0, 10, false)].owner = 1;
        g->co[co("PRR")].certs[eng_find_cert(g, co("PRR"), 0, 10, false)].owner = 1; /* Ann 60% */
        g->current = 0;
        eng_action buy_out = {.kind = ENG_ACT_BUY_SHARE, .company = co("PRR"),
                              .from_player = true, .seller = 1, .percent = 10};
        int money = total_money(g), bob = g->players[1].cash;
        if (k == 0) {
            refused(g, buy_out, "this game has no nationalisation");
        } else {
            must(g, buy_out); /* 150% of 100 */
            assert_int_equal(g->players[1].cash, bob + 150);
            assert_int_equal(eng_percent_held(g, co("PRR"), 0), 70);
        }
        assert_int_equal(total_money(g), money);
        eng_game_free(g);
    }
}

/* ---- privates bought by majors ---- */

/* From phase 3, between half and twice the face value, both included; the seller is paid
 * what the company pays; the private is then the company's. */
static void test_a_major_buys_a_private_from_phase_3(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "2");
    refused(g, buy_private("C&StL", 40), "companies buy privates from phase 3 on");
    g->phase = phase("3");
    refused(g, buy_private("C&StL", 19), "C&StL sells for 20 to 80");
    refused(g, buy_private("C&StL", 81), "C&StL sells for 20 to 80");
    refused(g, buy_private("PRR", 100), "that is not a private company");
    int prr = co("PRR"), cstl = co("C&StL"), seller = owner_of(g, "C&StL");
    int money = total_money(g), cash = g->co[prr].cash, seller_cash = g->players[seller].cash;
    must(g, buy_private("C&StL", 80));
    assert_int_equal(g->co[prr].cash, cash - 80);
    assert_int_equal(g->players[seller].cash, seller_cash + 80);
    assert_int_equal(total_money(g), money);
    assert_int_equal(g->co[cstl].owner, ENG_NONE);
    assert_int_equal(g->co[cstl].held_by, prr);
    char want[64];
    snprintf(want, sizeof want, "PRR buys C&StL from %s for 80", g->players[seller].name);
    assert_event_text(g, find_event(g, ENG_EV_BOUGHT_PRIVATE, prr), want);
    refused(g, buy_private("C&StL", 80), "C&StL belongs to PRR already");
    must(g, buy_private("SVNRR", 10)); /* half its face value */
    assert_int_equal(g->co[co("SVNRR")].held_by, prr);
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

/* Never the B&O, never a closed private, never for more than the company has. */
static void test_privates_a_major_may_not_buy(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    int prr = co("PRR");
    refused(g, buy_private("BO", 220), "BO is never sold to a company");
    g->co[co("D&H")].closed = true;
    refused(g, buy_private("D&H", 70), "D&H is closed");
    g->bank += g->co[prr].cash - 300;
    g->co[prr].cash = 300;
    refused(g, buy_private("C&A", 320), "PRR has 300");
    int money = total_money(g);
    must(g, buy_private("C&A", 300));
    assert_int_equal(g->co[prr].cash, 0);
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

/* The private's income goes to the company that holds it, from the next operating round. */
static void test_a_company_owned_private_pays_the_company(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3"); /* a set of two operating rounds */
    int prr = co("PRR"), cstl = co("C&StL"), seller = owner_of(g, "C&StL");
    give_train(g, "PRR", "2");
    must(g, buy_private("C&StL", 40));
    must(g, run(0, false));
    int cash = g->co[prr].cash, seller_cash = g->players[seller].cash, money = total_money(g);
    must(g, done()); /* operating round 1.2: the privates pay */
    assert_int_equal(g->or_in_set, 2);
    const eng_event *income = find_event(g, ENG_EV_PRIVATE_INCOME, cstl);
    assert_event_text(g, income, "PRR gets 10 from C&StL");
    assert_int_equal(g->co[prr].cash, cash + 10);
    int others = 0; /* the seller's other privates still pay him */
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_PRIVATE_INCOME && g->events[i].player == seller)
            others += g->events[i].amount;
    assert_int_equal(g->players[seller].cash, seller_cash + others);
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

/* C&StL's tile on B20 is the power of the company owning it, not of the major its owner
 * directs: free, unconnected, besides the company's own lay. */
static void test_powers_belong_to_the_owning_company(void **state)
{
    (void)state;
    eng_game *g = packet_sold(NULL, 100);
    int director = owner_of(g, "C&StL"), prr = co("PRR");
    start_major(g, "PRR", 100, director, 4);
    g->phase = phase("3");
    to_operating_round(g);
    assert_int_equal(g->operating, prr);
    refused(g, lay("B20", "3"), "B20 is kept free by C&StL while a player owns it");
    must(g, buy_private("C&StL", 40));
    int cash = g->co[prr].cash, lays = eng_lays_left(g);
    lay_one_of(g, "B20", TOWN_TILES, 3); /* far from PRR's track, routes not permissive */
    assert_non_null(find_event(g, ENG_EV_TILE_LAID, prr));
    assert_int_equal(g->co[prr].cash, cash);
    assert_int_equal(eng_lays_left(g), lays);
    eng_game_free(g);
}

/* D&H's powers, once a company owns it: tile 57 on F16 as the company's lay (paying the
 * mountain's 120), then a free station there, neither connected to its track. */
static void test_dh_tile_and_station_for_the_owning_company(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    int prr = co("PRR"), dh = co("D&H");
    eng_action station = {.kind = ENG_ACT_PRIVATE_TOKEN, .company = dh, .city = -1};
    refused(g, lay("F16", "57"), "F16 is kept free by D&H while a player owns it");
    refused(g, station, "PRR does not own D&H: only the company that owns it places its station");
    must(g, buy_private("D&H", 70));
    int money = total_money(g), cash = g->co[prr].cash;
    lay_one_of(g, "F16", (const char *const[]){"57"}, 1);
    assert_int_equal(g->co[prr].cash, cash - 120);
    assert_int_equal(eng_lays_left(g), 0);
    must(g, station);
    const eng_event *placed = find_event(g, ENG_EV_TOKEN_PLACED, prr);
    assert_non_null(placed);
    assert_int_equal(placed->amount, tf_hex(title, "F16"));
    assert_int_equal(placed->amount2, 0);
    assert_int_equal(g->co[prr].cash, cash - 120);
    assert_int_equal(eng_stations_placed(g, prr), 2); /* its home, and F16 */
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

/* Issue 32 (seed 003, the Mayfair rules): D&H's station only in the turn in which the owning
 * company lays D&H's tile — not before the tile, not in a later turn; a second one never. */
static void test_dh_station_only_in_the_turn_of_its_tile(void **state)
{
    (void)state;
    assert_int_equal(tf_company(title, "D&H")->powers.token_requires_tile, ENG_TOKEN_SAME_TURN);
    eng_game *g = prr_operating(NULL, "3"); /* a set of two operating rounds */
    int prr = co("PRR"), dh = co("D&H");
    eng_action station = {.kind = ENG_ACT_PRIVATE_TOKEN, .company = dh, .city = -1};
    give_train(g, "PRR", "2");
    must(g, buy_private("D&H", 70));
    refused(g, station, "D&H's station on F16 is placed only in the turn in which PRR lays "
                        "D&H's tile there");
    lay_one_of(g, "F16", (const char *const[]){"57"}, 1);
    must(g, run(0, false));
    refused(g, station, "PRR's station step is over (its turn is at the trains step)");
    must(g, done());
    assert_int_equal(g->or_in_set, 2);
    assert_int_equal(g->operating, prr);
    refused(g, station, "D&H's station on F16 is placed only in the turn in which PRR lays "
                        "D&H's tile there");
    assert_int_equal(eng_stations_placed(g, prr), 1);
    eng_game_free(g);
}

/* ... placed in that turn, once: the private stays open (closes_after never) and offers no
 * second station. */
static void test_dh_station_once(void **state)
{
    (void)state;
    eng_game *g = prr_operating(NULL, "3");
    int prr = co("PRR"), dh = co("D&H");
    eng_action station = {.kind = ENG_ACT_PRIVATE_TOKEN, .company = dh, .city = -1};
    give_train(g, "PRR", "2");
    must(g, buy_private("D&H", 70));
    lay_one_of(g, "F16", (const char *const[]){"57"}, 1);
    must(g, station);
    assert_false(g->co[dh].closed);
    refused(g, station, "PRR has placed its station this turn");
    must(g, run(0, false));
    must(g, done());
    assert_int_equal(g->operating, prr);
    refused(g, station, "D&H's station is placed already (once only)");
    eng_game_free(g);
}

/* Another company's tile on F16 ends D&H's powers there (the Mayfair rules): the owning
 * company's station is refused, and its next lay on F16 is an ordinary one (no longer tile 57
 * only, nor the power's). */
static void test_dh_ended_by_another_companys_tile(void **state)
{
    (void)state;
    eng_game *g = packet_sold("RouteAlgorithm=Permissive", 100);
    start_major(g, "PRR", 100, 0, 4);
    start_major(g, "NYC", 90, 1, 4);
    g->phase = phase("3");
    to_operating_round(g);
    int prr = co("PRR"), nyc = co("NYC"), dh = co("D&H");
    eng_action station = {.kind = ENG_ACT_PRIVATE_TOKEN, .company = dh, .city = -1};
    give_train(g, "PRR", "2");
    give_train(g, "NYC", "2");
    assert_int_equal(g->operating, prr);
    must(g, buy_private("D&H", 70));
    must(g, run(0, false));
    must(g, done());
    assert_int_equal(g->operating, nyc);
    int cash = g->co[nyc].cash;
    lay_one_of(g, "F16", (const char *const[]){"57"}, 1);
    assert_int_equal(g->co[nyc].cash, cash - 120);
    assert_int_not_equal(g->co[dh].powers_used & 1u, 0); /* its tile lay used up */
    must(g, run(0, false));
    must(g, done());
    assert_int_equal(g->operating, prr);
    refused(g, station, "D&H's station on F16 is placed only in the turn in which PRR lays "
                        "D&H's tile there");
    lay_one_of(g, "F16", (const char *const[]){"14", "15"}, 2); /* green: no power's lay */
    assert_non_null(find_event(g, ENG_EV_TILE_LAID, prr));
    refused(g, station, "D&H's station on F16 is placed only in the turn in which PRR lays "
                        "D&H's tile there");
    eng_game_free(g);
}

/* ---- privates keep their hexes free ---- */

/* No tile on a private's hexes while a player owns it; once a company owns it, they are open. */
static void test_privates_keep_their_hexes_free(void **state)
{
    (void)state;
    eng_game *g = prr_operating("RouteAlgorithm=Permissive", "3");
    assert_int_equal(eng_hex_blocked_by(g, tf_hex(title, "I13")), co("BO"));
    assert_int_equal(eng_hex_blocked_by(g, tf_hex(title, "I15")), co("BO"));
    assert_int_equal(eng_hex_blocked_by(g, tf_hex(title, "E19")), -1);
    refused(g, lay("G15", "9"), "G15 is kept free by SVNRR while a player owns it");
    refused(g, lay("D18", "9"), "D18 is kept free by M&H while a player owns it");
    must(g, buy_private("M&H", 110));
    assert_int_equal(eng_hex_blocked_by(g, tf_hex(title, "D18")), -1);
    int money = total_money(g);
    lay_one_of(g, "D18", PLAIN_TILES, 3);
    assert_non_null(find_event(g, ENG_EV_TILE_LAID, co("PRR")));
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

/* ---- the M&H traded for an NYC share ---- */

/* Its owner, on his stock round turn, gets 10% of NYC from the IPO for it; the M&H closes
 * (its hex opens); no money moves, and he may still buy a share in that turn. */
static void test_mh_traded_for_an_nyc_share(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 3);
    static const char *const order[] = {"SVNRR", "C&StL", "D&H", "M&H"};
    for (int i = 0; i < 4; i++)
        must(g, buy_item(order[i]));
    refused(g, exchange("M&H"), "nothing is exchanged during the start packet");
    eng_game_free(g);

    g = packet_sold(NULL, 100);
    int owner = owner_of(g, "M&H"), other = (owner + 1) % 3, mh = co("M&H"), nyc = co("NYC");
    g->current = other;
    char want[64];
    snprintf(want, sizeof want, "%s does not own M&H", g->players[other].name);
    refused(g, exchange("M&H"), want);
    g->current = owner;
    refused(g, exchange("C&StL"), "only a private with an exchange is exchanged now");
    int money = total_money(g), cash = g->players[owner].cash;
    must(g, exchange("M&H"));
    assert_int_equal(eng_percent_held(g, nyc, owner), 10);
    assert_int_equal(eng_percent_held(g, nyc, ENG_IPO), 90);
    assert_true(g->co[mh].closed);
    assert_true(has_event(g, ENG_EV_PRIVATE_CLOSES, -1, mh));
    snprintf(want, sizeof want, "%s gets 10%% of NYC for M&H", g->players[owner].name);
    assert_event_text(g, find_event(g, ENG_EV_GOT_SHARE, mh), want);
    assert_int_equal(g->players[owner].cash, cash);
    assert_int_equal(total_money(g), money);
    assert_int_equal(eng_hex_blocked_by(g, tf_hex(title, "D18")), -1);
    assert_int_equal(g->current, owner); /* no purchase: his turn goes on */
    eng_action start_prr = buy("PRR", false, 20);
    start_prr.price = 67;
    must(g, start_prr);
    g->current = owner;
    snprintf(want, sizeof want, "%s does not own M&H", g->players[owner].name);
    refused(g, exchange("M&H"), want);
    eng_game_free(g);
}

/* Not beyond 60% of NYC outside the orange zone; from the pool when the IPO has none; refused
 * when no 10% certificate is left. */
static void test_mh_exchange_limits(void **state)
{
    (void)state;
    eng_game *g = packet_sold(NULL, 100);
    int owner = owner_of(g, "M&H"), nyc = co("NYC");
    g->current = owner;
    start_major(g, "NYC", 67, owner, 4); /* 60% */
    refused(g, exchange("M&H"), "a player may hold at most 60% of NYC");
    place(g, "NYC", ORANGE_ROW, ORANGE_COL);
    must(g, exchange("M&H"));
    assert_int_equal(eng_percent_held(g, nyc, owner), 70);
    eng_game_free(g);

    g = packet_sold(NULL, 100);
    owner = owner_of(g, "M&H");
    int other = (owner + 1) % 3;
    g->current = owner;
    start_major(g, "NYC", 67, other, 4);
    take_tens(g, "NYC", (owner + 2) % 3, 3); /* one 10% left in the IPO: to the pool */
    g->co[nyc].certs[eng_find_cert(g, nyc, ENG_IPO, 10, false)].owner = ENG_POOL;
    eng_game *none_left = eng_game_copy(g);
    must(g, exchange("M&H"));
    assert_int_equal(eng_percent_held(g, nyc, owner), 10);
    assert_int_equal(eng_percent_held(g, nyc, ENG_POOL), 0);
    none_left->co[nyc].certs[eng_find_cert(none_left, nyc, ENG_POOL, 10, false)].owner = other;
    refused(none_left, exchange("M&H"), "no 10% certificate of NYC is left to exchange M&H for");
    eng_game_free(none_left);
    eng_game_free(g);
}

/* ---- the market's zones ---- */

static void test_the_zones_of_the_market(void **state)
{
    (void)state;
    eng_game *g = packet_sold(NULL, 100);
    static const struct {
        int row, col, zone;
    } cells[] = {{NORMAL_ROW, NORMAL_COL, ENG_ZONE_NONE}, {YELLOW_ROW, YELLOW_COL, ENG_ZONE_YELLOW},
                 {ORANGE_ROW, ORANGE_COL, ENG_ZONE_ORANGE}, {BROWN_ROW, BROWN_COL, ENG_ZONE_BROWN}};
    for (int k = 0; k < 4; k++) {
        place(g, "B&O", cells[k].row, cells[k].col);
        assert_int_equal(eng_market_zone(g, co("B&O")), cells[k].zone);
    }
    eng_game_free(g);
}

/* A player holding certificates to the limit: privates, and 10% certificates of majors not
 * started (counted: they have no price). */
static void fill_to_the_limit(eng_game *g, int player)
{
    static const char *const majors[] = {"C&O", "ERIE", "NYNH", "B&M", "CPR"};
    for (int m = 0; m < 5; m++)
        for (int k = 0; k < 8 && eng_certificate_count(g, player) <
                                     eng_certificate_limit(g, player); k++)
            give(g, majors[m], 10, false, player);
    assert_int_equal(eng_certificate_count(g, player), eng_certificate_limit(g, player));
}

/* Yellow: a company's certificates do not count toward the limit; a player at the limit may
 * buy one of them, not of a company outside the zone. */
static void test_yellow_zone_not_counted(void **state)
{
    (void)state;
    eng_game *g = packet_sold(NULL, 100);
    int ann = 0, bob = 1, nyc = co("NYC");
    fill_to_the_limit(g, ann);
    start_major(g, "NYC", 67, bob, 0);
    g->current = ann;
    refused(g, ipo_share("NYC"), "Ann holds 20 certificates, the limit");
    int bobs = eng_certificate_count(g, bob);
    place(g, "NYC", YELLOW_ROW, YELLOW_COL);
    assert_int_equal(eng_certificate_count(g, bob), bobs - 1); /* his director's certificate */
    int money = total_money(g), cash = g->players[ann].cash;
    must(g, ipo_share("NYC"));
    assert_int_equal(eng_percent_held(g, nyc, ann), 10);
    assert_int_equal(g->players[ann].cash, cash - 67);
    assert_int_equal(eng_certificate_count(g, ann), 20);
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

/* Orange: a player may hold more than 60% of the company (yellow does not allow it). */
static void test_orange_zone_lifts_the_share_limit(void **state)
{
    (void)state;
    eng_game *g = packet_sold(NULL, 100);
    int ann = 0, nyc = co("NYC");
    start_major(g, "NYC", 67, ann, 4);
    g->current = ann;
    refused(g, ipo_share("NYC"), "a player may hold at most 60% of NYC");
    place(g, "NYC", YELLOW_ROW, YELLOW_COL);
    refused(g, ipo_share("NYC"), "a player may hold at most 60% of NYC");
    place(g, "NYC", ORANGE_ROW, ORANGE_COL);
    int money = total_money(g);
    must(g, ipo_share("NYC"));
    assert_int_equal(eng_percent_held(g, nyc, ann), 70);
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

/* Brown: several shares of that company in one turn, not of another (orange: one). */
static void test_brown_zone_several_shares_a_turn(void **state)
{
    (void)state;
    eng_game *base = packet_sold(NULL, 100);
    int ann = 0, nyc = co("NYC");
    start_major(base, "NYC", 67, 1, 0);
    start_major(base, "PRR", 100, 2, 0);
    base->current = ann;

    eng_game *g = eng_game_copy(base);
    place(g, "NYC", ORANGE_ROW, ORANGE_COL);
    must(g, ipo_share("NYC"));
    refused(g, ipo_share("NYC"), "one certificate a turn");
    eng_game_free(g);

    g = eng_game_copy(base);
    place(g, "NYC", BROWN_ROW, BROWN_COL);
    int money = total_money(g), cash = g->players[ann].cash;
    must(g, ipo_share("NYC"));
    must(g, ipo_share("NYC"));
    assert_int_equal(eng_percent_held(g, nyc, ann), 20);
    assert_int_equal(g->players[ann].cash, cash - 2 * 67);
    assert_int_equal(total_money(g), money);
    refused(g, ipo_share("PRR"), "one certificate a turn");
    eng_game_free(g);

    g = eng_game_copy(base); /* another company first: the brown one no more */
    place(g, "NYC", BROWN_ROW, BROWN_COL);
    must(g, ipo_share("PRR"));
    refused(g, ipo_share("NYC"), "one certificate a turn (several only of one company in the "
                                 "brown zone)");
    eng_game_free(g);
    eng_game_free(base);
}

/* ---- the bank broken ends the set of operating rounds ---- */

/* The bank broken in the first of a set of two operating rounds: the second is played, then
 * the game ends; with bank_break_ends "round" it ends after the first. */
static void test_bank_broken_ends_the_set(void **state)
{
    (void)state;
    for (int ends_set = 1; ends_set >= 0; ends_set--) {
        title->bank_break_ends_set = ends_set;
        eng_game *g = prr_operating(NULL, "3");
        assert_int_equal(g->ors_in_set, 2);
        give_train(g, "PRR", "2");
        eng_bank_pays_player(g, 1, g->bank - 50);
        int money = total_money(g);
        must(g, run(200, true)); /* said as it breaks, with the payout (Rails) */
        assert_event_text(g, find_event(g, ENG_EV_BANK_BROKEN, -1),
                          ends_set ? "The bank is broken: the game ends with this set of "
                                     "operating rounds"
                                   : "The bank is broken: the game ends with this operating "
                                     "round");
        must(g, done());
        assert_null(find_event(g, ENG_EV_BANK_BROKEN, -1)); /* once */
        if (ends_set) {
            assert_int_equal(g->round, ENG_ROUND_OPERATING);
            assert_int_equal(g->or_in_set, 2);
            assert_false(has_event(g, ENG_EV_GAME_OVER, -1, -1));
            assert_int_equal(g->operating, co("PRR"));
            must(g, run(0, false));
            must(g, done());
        }
        assert_int_equal(g->round, ENG_ROUND_OVER);
        const eng_event *over = find_event(g, ENG_EV_GAME_OVER, -1);
        assert_non_null(over);
        assert_int_equal(over->amount, ENG_END_BANK);
        assert_int_equal(total_money(g), money);
        eng_game_free(g);
    }
    title->bank_break_ends_set = true;
}

/* ---- the operating order re-sorted by price ---- */

/* PRR (100), NYC (90), B&O (82): PRR's director sells 20% of NYC to pay for PRR's train,
 * NYC falls to 76 and operates after B&O. */
static void test_a_company_whose_price_fell_operates_later(void **state)
{
    (void)state;
    title->train_needs_route = false; /* PRR has no track yet: its purchase forced all the same */
    eng_game *g = packet_sold("FirstRoundSellRestriction=no", 82);
    int ann = 0, prr = co("PRR"), nyc = co("NYC"), bo = co("B&O");
    start_major(g, "PRR", 100, ann, 4);
    start_major(g, "NYC", 90, 1, 3);
    take_tens(g, "NYC", ann, 2);
    start_major(g, "B&O", 82, owner_of(g, "BO"), 4);
    to_operating_round(g);
    assert_int_equal(g->or_order[0], prr);
    assert_int_equal(g->or_order[1], nyc);
    assert_int_equal(g->or_order[2], bo);
    assert_int_equal(g->operating, prr);
    g->bank += g->co[prr].cash + g->players[ann].cash - 10;
    g->co[prr].cash = 0;
    g->players[ann].cash = 10;
    int money = total_money(g);
    must(g, (eng_action){.kind = ENG_ACT_RAISE_CASH, .train = train("2")});
    must(g, sell("NYC", 20));
    assert_int_equal(eng_share_price(g, nyc), 76);
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("2")});
    must(g, done());
    assert_int_equal(g->operating, bo);
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("2")});
    must(g, done());
    assert_int_equal(g->operating, nyc);
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
    title->train_needs_route = true;
}

/* ---- the stock round's end, the running order, a train without a route ---- */

/* In 1830 a turn that only sold is no pass (Rails StockRound.done): after Ann's sale the two
 * others pass and the round goes on to Ann, who may buy. */
static void test_a_turn_that_sold_is_no_pass(void **state)
{
    (void)state;
    eng_game *g = packet_sold("FirstRoundSellRestriction=no", 100);
    start_major(g, "NYC", 90, 1, 2); /* Bob's; Ann holds 10% of it */
    take_tens(g, "NYC", 0, 1);
    g->current = 0;
    int round = g->stock_round_number;
    must(g, sell("NYC", 10));
    must(g, pass()); /* Ann's turn ends */
    must(g, pass()); /* Bob */
    must(g, pass()); /* Cy */
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    assert_int_equal(g->stock_round_number, round);
    assert_int_equal(g->current, 0);
    title->sale_ends_passing = false; /* as 1835: the sale's turn counted as a pass */
    eng_game *h = packet_sold("FirstRoundSellRestriction=no", 100);
    start_major(h, "NYC", 90, 1, 2);
    take_tens(h, "NYC", 0, 1);
    h->current = 0;
    must(h, sell("NYC", 10));
    must(h, pass());
    must(h, pass());
    must(h, pass()); /* the round is over (an operating round of the privates, the next) */
    assert_true(h->round != ENG_ROUND_STOCK || h->stock_round_number > round);
    title->sale_ends_passing = true;
    eng_game_free(h);
    eng_game_free(g);
}

/* Companies sold out at the end of a stock round move up in the running order: of two on one
 * square the first arrived moves first, and operates first (Rails' 1830_sell_Presidency2, SR
 * 7: B&O, then NYC). */
static void test_sold_out_companies_move_in_running_order(void **state)
{
    (void)state;
    eng_game *g = packet_sold("FirstRoundSellRestriction=no", 90);
    int nyc = co("NYC"), bo = co("B&O");
    start_major(g, "NYC", 90, 1, 8); /* NYC listed before B&O, arrived at 90 after it */
    take_tens(g, "B&O", owner_of(g, "BO"), 8);
    assert_true(g->co[bo].market_seq < g->co[nyc].market_seq);
    to_operating_round(g);
    assert_int_equal(g->or_order[0], bo);
    assert_int_equal(g->or_order[1], nyc);
    int first = -1;
    for (int i = 0; i < g->nevents && first < 0; i++)
        if (g->events[i].kind == ENG_EV_SOLD_OUT)
            first = g->events[i].company;
    assert_int_equal(first, bo);
    eng_game_free(g);
}

/* A major without a train and without a route need not buy one in 1830 (18xx.games' rule;
 * Rails' 1830_A: CPR ends its turn without one); with a route it must. */
static void test_a_train_is_forced_only_with_a_route(void **state)
{
    (void)state;
    eng_game *g = prr_operating("FirstRoundSellRestriction=no", "2");
    g->co[co("PRR")].cash = 0; /* nothing to buy with: the director's money would have to pay */
    must(g, done());
    assert_true(g->operating != co("PRR"));
    eng_game_free(g);
    g = prr_operating("FirstRoundSellRestriction=no", "2");
    lay_one_of(g, "H10", (const char *const[]){"57"}, 1); /* Altoona - Pittsburgh: a route */
    g->co[co("PRR")].cash = 0;
    refused(g, done(), "PRR has no train and must buy one");
    eng_game_free(g);
}

/* A silent 1830 game never ended: the privates' income in operating rounds in which no company
 * operates broke the bank (it stood at -21175 after 150 turns) and nothing looked. The bank
 * broken there ends the game as anywhere (with the set of operating rounds). */
static void test_the_privates_income_breaks_the_bank(void **state)
{
    (void)state;
    eng_game *g = packet_sold(NULL, 100);
    int income = 0;
    for (int c = 0; c < title->ncompanies; c++)
        if (title->companies[c].kind == ENG_PRIVATE)
            income += title->companies[c].revenue;
    int extra = g->bank - (income - 1); /* one short of the privates' income */
    g->bank -= extra;
    g->players[0].cash += extra;
    for (int k = 0; k < 3 && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    assert_true(g->bank_broken);
    assert_int_equal(g->round, ENG_ROUND_OVER);
    assert_true(has_event(g, ENG_EV_GAME_OVER, ENG_NONE, ENG_NONE));
    eng_game_free(g);
}

/* The one home-circle rule, the map before the game as the game itself: Erie's E11 keeps a
 * circle in each of its two cities (its director's choice), every other home its city's. */
static void test_the_starting_board_keeps_erie_a_circle_in_each_city(void **state)
{
    (void)state;
    eng_board *b = eng_starting_board(title);
    eng_game *g = new_game(NULL, 3);
    int e11 = eng_hex_index(title, "E11"), erie = eng_company_index(title, "ERIE");
    assert_int_equal(b->reserved[e11][0], erie);
    assert_int_equal(b->reserved[e11][1], erie);
    for (int h = 0; h < title->nhexes; h++)
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            assert_int_equal(b->reserved[h][c], g->board->reserved[h][c]);
    eng_game_free(g);
    eng_board_free(b);
}

/* ---- 18xx.games' rules as options (its "18xx.games" section in 1830.json) ---- */

static eng_action skip_step(void)
{
    return (eng_action){.kind = ENG_ACT_SKIP};
}

/* NoTrainPriceLeft: PRR without a train goes past its run step and its price moves left, as a
 * revenue withheld (18xx.games); by default (Rails) it stays. */
static void test_no_train_moves_the_price_left(void **state)
{
    (void)state;
    for (int on = 0; on < 2; on++) {
        eng_game *g = prr_operating(on ? "NoTrainPriceLeft=yes" : NULL, "2");
        int prr = co("PRR"), price = eng_share_price(g, prr);
        must(g, skip_step());
        must(g, skip_step()); /* past the station step: no train to run */
        assert_int_equal(eng_share_price(g, prr) < price, on);
        assert_int_equal(find_event(g, ENG_EV_NO_DIVIDEND, prr) != NULL, on);
        if (on)
            refused(g, lay("H10", "57"), "track step is over");
        eng_game_free(g);
    }
}

/* MultipleBrownFromIPO=no: in the brown zone several certificates in a turn only from the pool
 * (18xx.games without multiple_brown_from_ipo; the 1830 clarification of rule 10.0). */
static void test_several_brown_shares_only_from_the_pool(void **state)
{
    (void)state;
    eng_game *g = packet_sold("MultipleBrownFromIPO=no", 100);
    int ann = 0, nyc = co("NYC");
    start_major(g, "NYC", 67, 1, 0);
    give(g, "NYC", 10, false, ENG_POOL);
    give(g, "NYC", 10, false, ENG_POOL);
    place(g, "NYC", BROWN_ROW, BROWN_COL);
    g->current = ann;
    eng_game *copy = eng_game_copy(g);
    must(g, buy("NYC", true, 10));
    must(g, buy("NYC", true, 10));
    refused(g, ipo_share("NYC"), "several of a company in the brown zone only from the pool");
    assert_int_equal(eng_percent_held(g, nyc, ann), 20);
    must(copy, ipo_share("NYC")); /* one from the IPO, then none from anywhere */
    refused(copy, buy("NYC", true, 10), "one certificate a turn from the IPO");
    eng_game_free(copy);
    eng_game_free(g);
}

/* BankruptCashToBank: the director who cannot pay for the train his company must buy loses
 * his money to the bank (18xx.games sets it to 0); by default he keeps it. */
static void test_the_bankrupts_money_goes_to_the_bank(void **state)
{
    (void)state;
    for (int on = 0; on < 2; on++) {
        eng_game *g = packet_sold(on ? "BankruptCashToBank=yes" : NULL, 100);
        start_major(g, "PRR", 100, 0, 0); /* Ann holds only the director's certificate */
        take_tens(g, "PRR", 1, 1);
        take_tens(g, "PRR", 2, 1);
        give(g, "PRR", 10, false, ENG_POOL);
        give(g, "PRR", 10, false, ENG_POOL);
        eng_check_float(g, co("PRR"));
        g->phase = phase("2");
        to_operating_round(g);
        lay_one_of(g, "H10", (const char *const[]){"57"}, 1); /* a route */
        g->co[co("PRR")].cash = 0;
        eng_bank_pays_player(g, 0, 10 - g->players[0].cash);
        int money = total_money(g);
        must(g, done());
        assert_int_equal(g->round, ENG_ROUND_OVER);
        assert_int_equal(g->players[0].cash, on ? 0 : 10);
        assert_int_equal(total_money(g), money);
        eng_game_free(g);
    }
}

/* ExtraTileAnyStep: C&StL's tile, besides its company's lays, after the company's run too
 * (18xx.games); by default only in its track step. */
static void test_an_extra_tile_at_any_step(void **state)
{
    (void)state;
    for (int on = 0; on < 2; on++) {
        eng_game *g = packet_sold(on ? "ExtraTileAnyStep=yes" : NULL, 100);
        start_major(g, "PRR", 100, owner_of(g, "C&StL"), 4);
        g->phase = phase("3");
        to_operating_round(g);
        give_train(g, "PRR", "2");
        must(g, buy_private("C&StL", 40));
        must(g, run(0, false));
        eng_action tile = lay("B20", "3");
        char why[256];
        assert_int_equal(try_act(g, tile, why) == 0, on);
        eng_game_free(g);
    }
}

/* The B&O private closes when B&O buys its first train, from another company too (18xx.games:
 * 26855 action 164, B&O's 2 bought from PRR). */
static void test_bo_closes_with_a_train_from_a_company(void **state)
{
    (void)state;
    eng_game *g = packet_sold(NULL, 100);
    start_major(g, "PRR", 100, 0, 4);
    start_major(g, "B&O", 100, 2, 4);
    give_train(g, "PRR", "2");
    g->phase = phase("3");
    to_operating_round(g);
    if (g->operating == co("PRR"))
        must(g, done());
    assert_int_equal(g->operating, co("B&O"));
    must(g, skip_step());
    must(g, skip_step());
    eng_action from_prr = {.kind = ENG_ACT_BUY_TRAIN, .train = eng_train_index(title, "2"),
                           .from_company = true, .seller = co("PRR"), .price = 90};
    must(g, from_prr);
    assert_true(g->co[co("BO")].closed);
    eng_game_free(g);
}

/* ---- where 18xx.games' rules differ: options, and one rule both programs share ---- */

/* PriorityAfterLastToAct (18xx.games: the player after the last to act, buy or sell): Ann
 * buys, Cy only sells, everyone passes; the priority goes to Bob after Ann (the last to buy),
 * or to Ann after Cy. */
static void test_priority_after_the_last_to_act(void **state)
{
    (void)state;
    for (int on = 0; on < 2; on++) {
        eng_game *g = packet_sold(on ? "FirstRoundSellRestriction=no, PriorityAfterLastToAct=yes"
                                     : "FirstRoundSellRestriction=no", 100);
        start_major(g, "NYC", 90, 1, 2); /* Bob's */
        take_tens(g, "NYC", 2, 1);       /* Cy holds 10% */
        g->current = 0;
        must(g, ipo_share("NYC")); /* Ann */
        must(g, pass());
        must(g, pass());           /* Bob */
        must(g, sell("NYC", 10));  /* Cy */
        must(g, pass());
        to_operating_round(g);
        assert_int_equal(g->priority, on ? 0 : 1);
        eng_game_free(g);
    }
}

/* SeparateSalesAtSamePrice=no (18xx.games): each sale at the price of the moment; yes (Rails'
 * games): a second sale of a company in the turn at the first one's price. */
static void test_separate_sales_each_at_its_price(void **state)
{
    (void)state;
    for (int same = 0; same < 2; same++) {
        eng_game *g = packet_sold(same ? "FirstRoundSellRestriction=no"
                                       : "FirstRoundSellRestriction=no, "
                                         "SeparateSalesAtSamePrice=no", 100);
        start_major(g, "NYC", 90, 1, 2);
        take_tens(g, "NYC", 0, 2); /* Ann holds 20% */
        g->current = 0;
        int cash = g->players[0].cash;
        must(g, sell("NYC", 10));
        int after_one = eng_share_price(g, co("NYC"));
        assert_true(after_one < 90);
        must(g, sell("NYC", 10));
        assert_int_equal(g->players[0].cash, cash + 90 + (same ? 90 : after_one));
        eng_game_free(g);
    }
    eng_options o;
    eng_options_default(title, &o);
    assert_true(o.separate_sales_at_same_price);
    assert_int_equal(eng_options_parse(title, &o, "18xx.games", NULL, 0), 0);
    assert_false(o.separate_sales_at_same_price);
}

/* MustSellOverLimits (18xx.games: must_sell? offers only sales): Ann holds 70% of NYC, which
 * the orange zone allowed, the price back in the normal zone: she may neither pass nor buy
 * before selling down to 60%; by default she passes. */
static void test_over_a_limit_one_must_sell(void **state)
{
    (void)state;
    for (int on = 0; on < 2; on++) {
        eng_game *g = packet_sold(on ? "FirstRoundSellRestriction=no, MustSellOverLimits=yes"
                                     : "FirstRoundSellRestriction=no", 100);
        start_major(g, "NYC", 67, 0, 5); /* Ann: 70% */
        start_major(g, "PRR", 100, 1, 0);
        place(g, "NYC", NORMAL_ROW, NORMAL_COL);
        g->current = 0;
        if (!on) {
            must(g, pass());
            eng_game_free(g);
            continue;
        }
        refused(g, pass(), "Ann is over the certificate or share limit and must sell");
        refused(g, ipo_share("PRR"), "must sell before he buys");
        must(g, sell("NYC", 10));
        must(g, ipo_share("PRR"));
        must(g, pass());
        eng_game_free(g);
    }
}

/* PrivatePurchaseUsesTurn (18xx.games: a private bought from a player is one of the turn's
 * purchases): after it no share, nor a private after a share; by default both. */
static void test_a_private_bought_uses_the_turn(void **state)
{
    (void)state;
    for (int on = 0; on < 2; on++) {
        eng_game *g = packet_sold(on ? "PrivatePurchaseUsesTurn=yes" : NULL, 100);
        start_major(g, "NYC", 90, 1, 0);
        int seller = owner_of(g, "D&H") == 0 ? owner_of(g, "SVNRR") : owner_of(g, "D&H");
        const char *priv = owner_of(g, "D&H") == 0 ? "SVNRR" : "D&H";
        assert_true(seller != 0);
        g->current = 0;
        eng_game *share_first = eng_game_copy(g);
        must(g, buy_private(priv, 50));
        assert_int_equal(owner_of(g, priv), 0);
        must(share_first, ipo_share("NYC"));
        if (on) {
            refused(g, ipo_share("NYC"), "one certificate a turn");
            refused(share_first, buy_private(priv, 50), "one purchase a turn");
            must(g, pass()); /* not a pass: the turn had a purchase */
            assert_int_equal(g->passes, 0);
        } else {
            must(g, ipo_share("NYC"));
            must(share_first, buy_private(priv, 50));
        }
        eng_game_free(share_first);
        eng_game_free(g);
    }
}

/* A director raising money for his company's train may not sell so much of it that its
 * presidency passes (Rails' ShareSellingRound, CannotDumpTrainBuyingPresidency; 18xx.games'
 * emergency_money.rb): Ann 40%, Bob 30% of PRR; 20% is refused, 10% (30 against 30) sold. */
static void test_a_train_buyer_keeps_its_presidency(void **state)
{
    (void)state;
    eng_game *g = packet_sold("FirstRoundSellRestriction=no", 100);
    int ann = 0, prr = co("PRR");
    start_major(g, "PRR", 100, ann, 2);
    take_tens(g, "PRR", 1, owner_of(g, "C&A") == 1 ? 2 : 3); /* (C&A brings 10% of PRR) */
    assert_int_equal(eng_percent_held(g, prr, 1), 30);
    g->phase = phase("2");
    to_operating_round(g);
    assert_int_equal(g->operating, prr);
    lay_one_of(g, "H10", (const char *const[]){"57"}, 1); /* a route: the train is forced */
    g->bank += g->co[prr].cash + g->players[ann].cash - 10;
    g->co[prr].cash = 0;
    g->players[ann].cash = 10;
    int money = total_money(g);
    must(g, (eng_action){.kind = ENG_ACT_RAISE_CASH, .train = train("2")});
    refused(g, sell("PRR", 20), "its director keeps its presidency");
    must(g, sell("PRR", 10));
    assert_int_equal(g->co[prr].director, ann);
    must(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = train("2")});
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_titles_defaults),
        cmocka_unit_test(test_the_18xx_games_preset),
        cmocka_unit_test(test_priority_after_the_last_to_act),
        cmocka_unit_test(test_separate_sales_each_at_its_price),
        cmocka_unit_test(test_over_a_limit_one_must_sell),
        cmocka_unit_test(test_a_private_bought_uses_the_turn),
        cmocka_unit_test(test_a_train_buyer_keeps_its_presidency),
        cmocka_unit_test(test_no_train_moves_the_price_left),
        cmocka_unit_test(test_several_brown_shares_only_from_the_pool),
        cmocka_unit_test(test_the_bankrupts_money_goes_to_the_bank),
        cmocka_unit_test(test_an_extra_tile_at_any_step),
        cmocka_unit_test(test_bo_closes_with_a_train_from_a_company),
        cmocka_unit_test(test_the_privates_income_breaks_the_bank),
        cmocka_unit_test(test_a_turn_that_sold_is_no_pass),
        cmocka_unit_test(test_sold_out_companies_move_in_running_order),
        cmocka_unit_test(test_a_train_is_forced_only_with_a_route),
        cmocka_unit_test(test_defaults_in_play),
        cmocka_unit_test(test_a_major_buys_a_private_from_phase_3),
        cmocka_unit_test(test_privates_a_major_may_not_buy),
        cmocka_unit_test(test_a_company_owned_private_pays_the_company),
        cmocka_unit_test(test_powers_belong_to_the_owning_company),
        cmocka_unit_test(test_dh_tile_and_station_for_the_owning_company),
        cmocka_unit_test(test_dh_station_only_in_the_turn_of_its_tile),
        cmocka_unit_test(test_dh_station_once),
        cmocka_unit_test(test_dh_ended_by_another_companys_tile),
        cmocka_unit_test(test_privates_keep_their_hexes_free),
        cmocka_unit_test(test_mh_traded_for_an_nyc_share),
        cmocka_unit_test(test_mh_exchange_limits),
        cmocka_unit_test(test_the_zones_of_the_market),
        cmocka_unit_test(test_yellow_zone_not_counted),
        cmocka_unit_test(test_orange_zone_lifts_the_share_limit),
        cmocka_unit_test(test_brown_zone_several_shares_a_turn),
        cmocka_unit_test(test_bank_broken_ends_the_set),
        cmocka_unit_test(test_a_company_whose_price_fell_operates_later),
        cmocka_unit_test(test_the_starting_board_keeps_erie_a_circle_in_each_city),
    };
    return cmocka_run_group_tests(tests, setup_1830, group_teardown);
}
