/* Tests for src/turn/check.c and the order language's everyday notations (issue 11, defect 6):
 * what players write — the seeds' company names (SxE, PrE, MSE, Wte), counts glued to the
 * company (1SX, 2MSE), numbered lists, city names with umlauts or their transliterations, more
 * than four alternatives — is read; a name near a known one is refused with "did you mean";
 * accepted orders are stored with the title's own names. */
#include "../engine/title_fixture.h"
#include "orders/order.h"
#include "turn/turn.h"
#include "util/buf.h"

static eng_title *T, *T1835, *T1830, *T1856;

static int load(void **state)
{
    (void)state;
    T = T1835 = tf_load();
    T1830 = tf_load_title("1830");
    T1856 = tf_load_title("1856");
    return 0;
}

static int unload(void **state)
{
    (void)state;
    eng_title_free(T1835);
    eng_title_free(T1830);
    eng_title_free(T1856);
    return 0;
}

/* The mail text's single order, checked against the title T: its canonical form, or the
 * error. */
static char *read_order(const char *text)
{
    ord_envelope env;
    ord_orders o;
    ord_envelope_parse("orders", text, &env);
    ord_parse(&env, &o);
    char *out;
    char why[256];
    if (env.nerrors)
        out = str_format("error: %s", env.errors[0].message);
    else if (o.n != 1)
        out = str_format("%d orders", o.n);
    else if (turn_canonical_order(T, &o.v[0], why, sizeof why))
        out = str_format("refused: %s", why);
    else {
        char *f = ord_format(&o.v[0]);
        out = o.v[0].section[0] ? str_format("%s: %s", o.v[0].section, f) : xstrdup(f);
        free(f);
    }
    ord_orders_clear(&o);
    ord_envelope_clear(&env);
    return out;
}

static void expect(const char *text, const char *want)
{
    char *got = read_order(text);
    if (strcmp(got, want) != 0)
        fail_msg("\"%s\" reads as \"%s\", not \"%s\"", text, got, want);
    free(got);
}

static void expect_has(const char *text, const char *fragment)
{
    char *got = read_order(text);
    if (!strstr(got, fragment))
        fail_msg("\"%s\" reads as \"%s\", without \"%s\"", text, got, fragment);
    free(got);
}

static void test_the_names_players_write(void **state)
{
    (void)state;
    expect("Buy 1SX", "BUY 1 SX");
    expect("Buy 1 SxE", "BUY 1 SX");
    expect("BUY SxE", "BUY 1 SX");
    expect("buy 2MSE", "BUY 2 MS");           /* house rule 20's own example */
    expect("buy 1Wte", "BUY 1 WT");
    expect("sell 5% PrE", "SELL 1 5% PR");
    expect("BUY Sachsen", "BUY 1 SX");
    expect("IF SxE AVAILABLE THEN BUY SxE", "IF SX AVAILABLE THEN BUY 1 SX");
    expect("SxE:\nrun best", "SX: RUN BEST");
    expect("BUY pfb", "BUY 1 PfB");
    expect("1. Buy OBB", "BUY 1 OBB");
    expect("2) sell sx", "SELL 1 SX");
    expect("- PASS", "PASS");
    expect("* buy by", "BUY 1 BY");
    /* the start packet's item ids, as the start mail lists them */
    expect("BUY BY-20%-director", "BUY 1 BY");
    expect("buy by-20%-DIRECTOR", "BUY 1 BY");
    expect("BUY M3", "BUY 1 M3");
    expect("SELL BY-20%-director",
           "refused: this game has no company \"BY-20%-DIRECTOR\": did you mean \"BY\"?");
}

static void test_cities_with_umlauts_and_their_transliterations(void **state)
{
    (void)state;
    int nuernberg = tf_hex(T, "L14");
    (void)nuernberg;
    expect("BY:\nGOAL Nürnberg", "BY: GOAL L14");
    expect("BY:\nGOAL Nuernberg", "BY: GOAL L14");
    expect("BY:\nGOAL Nurnberg", "BY: GOAL L14");
    expect("BY:\nGOAL NÜRNBERG", "BY: GOAL L14");
    expect("BY:\nGOAL Fürth", "BY: GOAL L14");
    char want[64];
    int h = turn_place_hex(T, "Düsseldorf");
    assert_true(h >= 0);
    snprintf(want, sizeof want, "BY: GOAL %s", T->hexes[h].id);
    expect("BY:\nGOAL Duesseldorf", want);
    expect("BY:\nGOAL Düsseldorf", want);
    expect("BY:\nGOAL berlin", "BY: GOAL E19");
}

/* Issue 27, item 13: a STATION (and a tile's hex) names its city as GOAL does — by its name,
 * with umlauts or without, as the map writes it whole ("Fürth/Nürnberg"), in several words
 * (1830's "New York" of "New York & Newark") — one way, turn_place_hex; a near miss is told
 * "did you mean". */
static void test_a_station_names_its_city_as_a_goal_does(void **state)
{
    (void)state;
    expect("BY:\nSTATION Nürnberg", "BY: STATION L14");
    expect("BY:\nSTATION Nuernberg", "BY: STATION L14");
    expect("BY:\nSTATION Fürth/Nürnberg", "BY: STATION L14");
    expect("BY:\nSTATION Fürth/Nürnberg CITY 1 ELSE NO STATION",
           "BY: STATION L14 CITY 1 ELSE NO STATION");
    expect("BY:\nTOKEN \"Nürnberg\"", "BY: STATION L14"); /* (smart quotes: made plain before) */
    expect("BY:\nGOAL Fürth/Nürnberg", "BY: GOAL L14");
    expect("BY:\nLAY 9 ON Berlin ROT 2", "BY: LAY 9 ON E19 ROT 2");
    expect_has("BY:\nSTATION Nurnbergg", "this game has no hex \"NURNBERGG\": did you mean "
                                          "\"Fürth/Nürnberg\"?");
    expect_has("BY:\nSTATION Atlantis", "this game has no hex \"ATLANTIS\"");
    expect_has("BY:\nSTATION L144", "this game has no hex \"L144\": did you mean \"L14\"?");
    T = T1830;
    expect("PRR:\nGOAL New York", "PRR: GOAL G19");
    expect("PRR:\nGOAL new york & newark", "PRR: GOAL G19");
    expect("PRR:\nSTATION Philadelphia", "PRR: STATION H18");
    expect("PRR:\nSTATION New York CITY 2", "PRR: STATION G19 CITY 2");
    T = T1835;
}

static void test_did_you_mean(void **state)
{
    (void)state;
    expect_has("BYU 1 SX", "did you mean \"BUY\"?");
    expect_has("SEL 1 BY", "did you mean \"SELL\"?");
    expect_has("BY:\nSTATON L14", "did you mean \"STATION\"?");
    expect_has("BUY 1 SXX", "this game has no company \"SXX\": did you mean \"SX\"?");
    expect_has("BY:\nGOAL Nurnburg", "did you mean");
    expect_has("BY:\nBUY TRAIN 44", "did you mean \"4\"?");
    expect_has("BUY 1 QQQQ", "this game has no company \"QQQQ\"");
}

static void test_alternatives_and_percentages(void **state)
{
    (void)state;
    expect("BUY BA ELSE BUY BY ELSE BUY SX ELSE BUY WT ELSE BUY HE ELSE PASS",
           "BUY 1 BA ELSE BUY 1 BY ELSE BUY 1 SX ELSE BUY 1 WT ELSE BUY 1 HE ELSE PASS");
    expect_has("PASS ELSE PASS ELSE PASS ELSE PASS ELSE PASS ELSE PASS ELSE PASS ELSE PASS ELSE "
               "PASS", "at most 8 alternatives");
    expect("BUY 30% BA", "BUY 3 BA");      /* no 30% certificate: three shares */
    expect("BUY 20% MS", "BUY 1 20% MS");  /* house rule 20: that certificate */
    expect_has("BUY 15% BA", "is not a certificate size");
}

/* Issue 17: HOME is for a company whose home city is its director's choice (1830's Erie), in
 * its home hex, naming one of its cities; refused at once elsewhere. */
static void test_home_city(void **state)
{
    (void)state;
    expect_has("BY:\nHOME CITY 1", "refused: HOME is for a company whose home city its director "
                                   "chooses: BY's is not a choice");
    T = T1830;
    expect("ERIE:\nhome city 2", "ERIE: HOME CITY 2");
    expect("erie:\nhome e11 city 1", "ERIE: HOME E11 CITY 1");
    expect_has("ERIE:\nHOME CITY 3", "refused: E11 has cities 1 to 2");
    expect_has("ERIE:\nHOME E19 CITY 1", "refused: ERIE's home is in E11, not E19");
    expect_has("NYC:\nHOME CITY 1", "NYC's is not a choice");
    T = T1835;
}

/* Loans: refused at once where the title has none, or for a company that is no major; read in
 * a title with loans (1856). */
static void test_loan_orders(void **state)
{
    (void)state;
    expect_has("BY:\nTAKE LOAN", "refused: there are no loans in 1835");
    expect_has("BY:\nREPAY 2 LOANS", "refused: there are no loans in 1835");
    eng_title *t1856 = tf_load_title("1856");
    T = t1856;
    expect("gt:\ntake loan", "GT: TAKE LOAN");
    expect("GT:\nrepay all", "GT: REPAY ALL LOANS");
    expect_has("W&SR:\nTAKE LOAN", "refused: only a major has loans");
    T = T1835;
    eng_title_free(t1856);
}

/* 1830's orders against its title: the packet's items by their names (aliases too), a bid
 * under the least or on the first item, a par not among the choices (said with them), a
 * private no company may buy or at a price outside half to twice its face value, an exchange
 * the title does not have; 1835 refuses what it does not have. */
static void test_1830_orders(void **state)
{
    (void)state;
    T = T1830;
    expect("BID 170 ON C&A", "BID 170 ON C&A");
    expect_has("BID 150 ON C&A", "a bid on C&A is at least 165");
    expect("bid 170 on ca", "BID 170 ON C&A");             /* the private's alias */
    expect("bid 250 on b&o", "BID 250 ON BO");             /* the item bringing B&O's director */
    expect("BID UP TO 90 ON dh", "BID UP TO 90 ON D&H");
    expect("bid 45 on c&stl", "BID 45 ON C&StL");
    expect_has("bid 44 on c&stl", "a bid on C&StL is at least 45 (its price, 40, and 5 more)");
    expect_has("bid up to 60 on d&h", "a bid on D&H is at least 75");
    expect_has("bid 30 on svnrr", "SVNRR is bought at its price (BUY SVNRR), never bid on");
    expect_has("bid 100 on C&X", "this game has no item in its start packet \"C&X\"");
    expect("BUY PRR AT 67", "BUY 1 PRR PAR 67");
    expect_has("BUY PRR PAR 95", "PRR's par is one of 67, 71, 76, 82, 90, 100, not 95");
    expect("PAR B&O 100", "PAR B&O 100");
    expect_has("PAR B&O 101", "B&O's par is one of 67, 71, 76, 82, 90, 100, not 101");
    expect("PRR:\nBUY PRIVATE dh FOR 140", "PRR: BUY PRIVATE D&H FOR 140");
    expect("SELL PRIVATE D&H TO PRR FOR 140", "SELL PRIVATE D&H TO PRR FOR 140");
    expect_has("PRR:\nBUY PRIVATE D&H FOR 141", "D&H sells to a company for 35 to 140");
    expect_has("PRR:\nBUY PRIVATE D&H FOR 34", "D&H sells to a company for 35 to 140");
    expect_has("SELL PRIVATE D&H TO PRR FOR 150", "D&H sells to a company for 35 to 140");
    expect_has("PRR:\nBUY PRIVATE BO FOR 300", "BO is never sold to a company");
    expect_has("PRR:\nBUY PRIVATE NYC FOR 100", "NYC is not a private company");
    expect_has("SELL PRIVATE D&H TO C&A FOR 100", "only a major buys privates");
    expect_has("C&A:\nBUY PRIVATE D&H FOR 100", "only a major buys privates");
    expect("EXCHANGE M&H", "EXCHANGE M&H");
    /* issue 17: privates between players */
    expect("buy private svnrr from bob for 50", "BUY PRIVATE SVNRR FROM BOB FOR 50");
    expect("sell private svnrr to bob for 50", "SELL PRIVATE SVNRR TO BOB FOR 50");
    expect_has("PRR:\nBUY PRIVATE SVNRR FROM bob FOR 50", "a stock-round order in PRR's orders");
    expect_has("EXCHANGE C&A", "C&A is not exchanged for a share in this game");
    expect_has("PRR:\nEXCHANGE M&H", "write it among the stock-round orders");
    T = T1835;
    expect_has("BID 150 ON LD", "this game sells its start packet at fixed prices");
    expect_has("BUY BY PAR 92", "BY's par is not chosen by its director in this game");
    expect_has("BY:\nBUY PRIVATE NF FOR 100", "in this game companies never buy privates");
    expect_has("BUY PRIVATE NF FROM bob FOR 100", "in this game players do not sell each other "
                                                  "privates");
    expect("EXCHANGE M3", "EXCHANGE M3");
    expect("BY:\nEXCHANGE BB", "BY: EXCHANGE BB");
    expect_has("EXCHANGE SX", "SX is not exchanged for a share in this game");
}

/* GIVE UP (a national's formation round, 1856's CGR): a major of a title with a national. */
static void test_give_up(void **state)
{
    (void)state;
    eng_title *t1856 = tf_load_title("1856");
    T = t1856;
    expect("give up tgb", "GIVE UP TGB");
    expect_has("GIVE UP CGR", "only a major with loans is given up to CGR");
    expect_has("GIVE UP Flos", "only a major with loans is given up to CGR");
    expect("exchange station n17 city 2", "EXCHANGE STATION N17 CITY 2");
    expect_has("EXCHANGE STATION Q99", "Q99");
    T = T1835;
    expect_has("GIVE UP BY", "no company is given up to a national in this game");
    expect_has("EXCHANGE STATION L14", "no national's director chooses its stations in this game");
    eng_title_free(t1856);
}

/* 1856's privates' orders: a bonus named by its name or its private, stored as the private;
 * a private without a bonus, or a hex without a port, refused saying what there is; both in a
 * major's orders; 1835 has neither. */
static void test_1856_bonus_and_port(void **state)
{
    (void)state;
    T = T1856;
    expect("GT:\nBUY BONUS bridge", "GT: BUY BONUS Brdg");
    expect("GT:\nbuy bonus tunnel", "GT: BUY BONUS Tunn");
    expect("GT:\nbuy bonus scftc", "GT: BUY BONUS Tunn"); /* 18xx.games' id */
    expect_has("GT:\nBUY BONUS Ship", "Ship has no bonus to sell (the bonuses: Bridge of Brdg, "
                                      "Tunnel of Tunn)");
    expect_has("BUY BONUS Bridge", "a company's order among the stock-round orders");
    expect("LPS:\nPORT c14", "LPS: PORT C14");
    expect("LPS:\nPORT maudaumin", "LPS: PORT C14"); /* C14 by its name */
    expect("GT:\nuse w&sr city 2", "GT: USE W&SR CITY 2");
    expect("GT:\nUSE WSRC", "GT: USE W&SR");
    expect_has("LPS:\nPORT L15", "L15 is not a hex the Port marker goes on");
    T = T1835;
    expect_has("BY:\nPORT L14", "no private places a marker in this game");
    expect_has("BY:\nBUY BONUS NF", "NF has no bonus to sell in this game");
}

/* Issue 32: USE for a private's station — 18GA's W&S (by its aliases too), 1830's D&H; a
 * private without one (18GA's Midland, whose power is a tile: LAY) refused saying which have
 * one. */
static void test_use_a_privates_station(void **state)
{
    (void)state;
    eng_title *t18ga = tf_load_title("18GA");
    T = t18ga;
    expect("CoG:\nUSE W&S", "CoG: USE W&S");
    expect("cog:\nuse wsr", "CoG: USE W&S");
    expect_has("CoG:\nUSE MRC", "refused: USE places a private's station, and MRC has none (the "
                                "stations: W&S on I9)");
    expect_has("CoG:\nUSE OSO", "OSO has none");
    T = T1830;
    expect("PRR:\nuse d&h", "PRR: USE D&H");
    expect_has("PRR:\nUSE C&StL", "C&StL has none (the stations: D&H on F16)");
    T = T1835;
    eng_title_free(t18ga);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_names_players_write),
        cmocka_unit_test(test_cities_with_umlauts_and_their_transliterations),
        cmocka_unit_test(test_a_station_names_its_city_as_a_goal_does),
        cmocka_unit_test(test_did_you_mean),
        cmocka_unit_test(test_alternatives_and_percentages),
        cmocka_unit_test(test_home_city),
        cmocka_unit_test(test_loan_orders),
        cmocka_unit_test(test_1830_orders),
        cmocka_unit_test(test_give_up),
        cmocka_unit_test(test_1856_bonus_and_port),
        cmocka_unit_test(test_use_a_privates_station),
    };
    return cmocka_run_group_tests(tests, load, unload);
}
