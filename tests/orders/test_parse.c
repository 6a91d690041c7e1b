/* Tests for src/orders/parse: the order language — every kind of order, conditions and
 * alternatives, sections per company, canonical forms, and line-numbered errors that never
 * stop the rest of the mail from being read. */
#include "../engine/title_fixture.h"
#include "orders/order.h"
#include "util/buf.h"

struct parsed {
    ord_envelope env;
    ord_orders orders;
};

static const eng_title *T; /* the game's title the mail is parsed for; NULL: none known */

static void parse(struct parsed *p, const char *body)
{
    ord_envelope_parse("orders", body, &p->env);
    ord_parse_for(&p->env, T, &p->orders);
}

static void done(struct parsed *p)
{
    ord_orders_clear(&p->orders);
    ord_envelope_clear(&p->env);
}

/* Each order reads back in its canonical form (a company's order in BY's section). */
static void expect_canonical(const char *line, const char *canonical)
{
    struct parsed p;
    parse(&p, line);
    if (p.env.nerrors == 1 && strstr(p.env.errors[0].message, "a company's order among")) {
        done(&p);
        char *in_section = str_format("BY:\n%s", line);
        parse(&p, in_section);
        free(in_section);
    }
    if (p.env.nerrors)
        fail_msg("\"%s\": %s", line, p.env.errors[0].message);
    assert_int_equal(p.orders.n, 1);
    char *s = ord_format(&p.orders.v[0]);
    if (strcmp(s, canonical) != 0)
        fail_msg("\"%s\" reads as \"%s\", not \"%s\"", line, s, canonical);
    free(s);
    done(&p);
}

static void test_stock_round_orders(void **state)
{
    (void)state;
    expect_canonical("buy by", "BUY 1 BY");
    expect_canonical("Buy 2 SX from pool", "BUY 2 SX FROM POOL");
    expect_canonical("buy 10% ba from bob", "BUY 1 10% BA FROM BOB"); /* nationalisation */
    expect_canonical("route 3+3 o15 n12  L14", "ROUTE 3+3 O15 N12 L14");
    expect_canonical("BUY 20% MS", "BUY 1 20% MS"); /* house rule 20: that certificate only */
    expect_canonical("sell 3 ba", "SELL 3 BA");
    expect_canonical("sell 5% PR", "SELL 1 5% PR");
    expect_canonical("pass", "PASS");
    /* a postscript's mark before the order (issue 32: under the player's name it must be
     * recognised as an order to be said not taken) */
    expect_canonical("PS: buy by", "BUY 1 BY");
    expect_canonical("P.S. buy by", "BUY 1 BY");
    expect_canonical("p.s.: pass", "PASS");
    expect_canonical("PPS: pass", "PASS");
}

static void test_operating_orders(void **state)
{
    (void)state;
    expect_canonical("lay 57 on n12 rot 2", "LAY 57 ON N12 ROT 2");
    expect_canonical("tile 9 at O13", "LAY 9 ON O13");
    /* issue 31: the tile's city for the station already on the hex (1856's W&SR on I12) */
    expect_canonical("lay 59 on i12 rot 3 station city 2", "LAY 59 ON I12 ROT 3 STATION CITY 2");
    expect_canonical("lay 59 on i12 token city 1", "LAY 59 ON I12 STATION CITY 1");
    expect_canonical("no tile", "NO TILE");
    expect_canonical("station L14 city 2", "STATION L14 CITY 2");
    expect_canonical("token h20", "STATION H20");
    expect_canonical("home city 2", "HOME CITY 2"); /* issue 17: Erie's home city */
    expect_canonical("home e11 city 1", "HOME E11 CITY 1");
    expect_canonical("run best", "RUN BEST");
    expect_canonical("run 160", "RUN 160");
    expect_canonical("pay out", "PAY OUT");
    expect_canonical("withhold", "WITHHOLD");
    expect_canonical("buy train 4", "BUY TRAIN 4");
    expect_canonical("buy train 3+3 from pool", "BUY TRAIN 3+3 FROM POOL");
    expect_canonical("sell train 2 to by for 100", "SELL TRAIN 2 TO BY FOR 100");
    expect_canonical("buy train 2 from M1 for 5", "BUY TRAIN 2 FROM M1 FOR 5");
    expect_canonical("discard 3", "DISCARD 3");
    expect_canonical("form pr", "FORM PR");
    expect_canonical("do not form", "DO NOT FORM");
    expect_canonical("exchange m3", "EXCHANGE M3");
    expect_canonical("keep bb", "KEEP BB");
    expect_canonical("use nf", "USE NF");
    expect_canonical("goal berlin", "GOAL BERLIN");
}

/* House rules 12 and 17: contingencies — conditions on the state, alternatives tried in turn. */
static void test_contingencies(void **state)
{
    (void)state;
    expect_canonical("if ba available then buy ba else buy 2 by else pass",
                     "IF BA AVAILABLE THEN BUY 1 BA ELSE BUY 2 BY ELSE PASS");
    expect_canonical("IF I DIRECT BA AND CASH >= 200 THEN BUY BA",
                     "IF I DIRECT BA AND CASH >= 200 THEN BUY 1 BA");
    expect_canonical("if phase at least 3 then lay 14 on L14 else lay 9 on M13",
                     "IF PHASE >= 3 THEN LAY 14 ON L14 ELSE LAY 9 ON M13");
    expect_canonical("if not train 4 available then buy train 3",
                     "IF NOT TRAIN 4 AVAILABLE THEN BUY TRAIN 3");
    expect_canonical("standing run best else withhold", "STANDING RUN BEST ELSE WITHHOLD");
}

/* Company sections: "BY:" opens BY's orders, "STOCK:" goes back; ONE ROUND is for the turn. */
static void test_sections_and_one_round(void **state)
{
    (void)state;
    struct parsed p;
    parse(&p, "game g1\nbuy by\nBY:\nlay 9 on o13\nrun best\nSX:\nrun best\nstock:\npass\n"
              "one round\n");
    assert_int_equal(p.env.nerrors, 0);
    assert_int_equal(p.orders.n, 5);
    assert_string_equal(p.orders.v[0].section, "");
    assert_string_equal(p.orders.v[1].section, "BY");
    assert_int_equal(p.orders.v[1].line, 4);
    assert_string_equal(p.orders.v[2].section, "BY");
    assert_string_equal(p.orders.v[3].section, "SX");
    assert_string_equal(p.orders.v[4].section, "");
    assert_true(p.orders.one_round);
    done(&p);
}

static void expect_error(const char *body, int line, const char *fragment)
{
    struct parsed p;
    parse(&p, body);
    assert_int_equal(p.env.nerrors, 1);
    assert_int_equal(p.env.errors[0].line, line);
    if (!strstr(p.env.errors[0].message, fragment))
        fail_msg("\"%s\" does not say \"%s\"", p.env.errors[0].message, fragment);
    done(&p);
}

/* A line not understood is an error with its number; the other lines still count. */
static void test_errors_name_the_line(void **state)
{
    (void)state;
    expect_error("buy by\nfly to the moon\n", 2, "\"FLY\" is not an order");
    expect_error("fly to the moon\n", 1, "GOAL, HOME, NO ...)"); /* whole: it was cut at 160 */
    expect_error("buy\n", 1, "company is missing");
    expect_error("lay 59 on i12 station 2\n", 1, "STATION CITY n after LAY");
    expect_error("lay 59 on i12 rot 3 station city 0\n", 1, "numbered from 1");
    expect_error("lay 9 on 12\n", 1, "\"12\" is not a hex"); /* (a name: the title's to say) */
    expect_error("BY:\nroute 2 o15\n", 2, "a route needs at least two stops");
    expect_error("lay 9 on N12 rot 7\n", 1, "the rotation is 0 to 5");
    expect_error("ERIE:\nhome e11\n", 2, "HOME E11 CITY n: which city");
    expect_error("buy 15% BY\n", 1, "\"15%\" is not a certificate size");
    expect_error("if ba available buy ba\n", 1, "THEN is missing");
    expect_error("if cash lots then pass\n", 1, "compare with");
    expect_error("buy train 2 from M1\n", 1, "FROM company FOR price");
    expect_error("run best now\n", 1, "\"NOW\" is not understood here");
    expect_error("pass\nbuy 2 by from\n", 2, "player, POOL or IPO to buy from is missing");
    /* issue 30: SEND GAME FILE is the envelope's, alone on its line; else said, not SELL */
    expect_error("send the game file\n", 1, "SEND GAME FILE, alone on its line, asks for");
    struct parsed p;
    parse(&p, "buy by\nnonsense\nsell sx\n");
    assert_int_equal(p.orders.n, 2);
    done(&p);
}

/* Issue 27, items 11 and 13: a quoted order or word (smart quotes are made plain before) is
 * read; a place may be a city's name in several words; two GOAL lines in one section: the
 * second refused at once, saying which is kept. */
static void test_quotes_places_and_one_goal(void **state)
{
    (void)state;
    expect_canonical("\"PASS\"", "PASS");
    expect_canonical("BUY \"SX\"", "BUY 1 SX");
    expect_canonical("goal new york", "GOAL NEW YORK");
    expect_canonical("station fürth/nürnberg city 2", "STATION FüRTH/NüRNBERG CITY 2");
    expect_canonical("lay 9 on bad homburg r 2", "LAY 9 ON BAD HOMBURG ROT 2");
    expect_canonical("if cash >= 100 then station leipzig else no station",
                     "IF CASH >= 100 THEN STATION LEIPZIG ELSE NO STATION");
    expect_error("BY:\nGOAL Berlin\nRUN BEST\ngoal Hamburg\n", 4,
                 "a second GOAL for BY: a company has one goal, and the first (line 2, GOAL "
                 "BERLIN) is kept; this line was not taken");
    struct parsed p;
    parse(&p, "BY:\nGOAL Berlin\nSX:\nGOAL Leipzig\nBY:\nRUN BEST\n");
    assert_int_equal(p.env.nerrors, 0); /* one goal a company */
    assert_int_equal(p.orders.n, 3);
    done(&p);
    expect_error("station a very long name of a town that is on no map at all\n", 1,
                 "is too long for a hex");
}

/* Notes (lines starting with #) are not orders; "BY: RUN BEST" opens BY's section with its
 * first order; an order in the wrong section would never be used, so it is refused there. */
static void test_notes_inline_sections_and_misplaced_orders(void **state)
{
    (void)state;
    struct parsed p;
    parse(&p, "# stock round: BUY, SELL, PASS\nbuy sx\n\nBY:\n# BY: LAY tile ON hex\n"
              "M2: run best\nbuy train 2\n  # an indented note\nSTOCK: pass\n");
    assert_int_equal(p.env.nerrors, 0);
    assert_int_equal(p.orders.n, 4);
    assert_string_equal(p.orders.v[1].section, "M2");
    assert_int_equal(p.orders.v[1].alts[0].kind, ORD_RUN);
    assert_string_equal(p.orders.v[2].section, "M2");
    assert_string_equal(p.orders.v[3].section, "");
    assert_int_equal(p.orders.v[3].alts[0].kind, ORD_PASS);
    done(&p);
    expect_error("lay 9 on o13\n", 1, "a company's order among the stock-round orders");
    expect_error("BY:\nbuy 1 sx\n", 2, "a stock-round order in BY's orders");
    expect_error("BY:\nlay 9 on o13 else buy sx\n", 2, "a stock-round order in BY's orders");
    parse(&p, "BY:\nform\nexchange m1\none round\n"); /* the Prussian's: any section */
    assert_int_equal(p.env.nerrors, 0);
    assert_int_equal(p.orders.n, 2);
    done(&p);
}

/* 1830's orders: bids on the auctioned start packet (a bid, or a limit raised to), the par of a
 * company started (with its director's certificate, or at once: PAR), a private bought by a
 * major and its owner's agreement, a private exchanged; the variants players write. */
/* 1856's privates: a bonus token bought (by the bonus's name or its private's), the port
 * marker placed (a hex or a place). */
static void test_1856_orders(void **state)
{
    (void)state;
    expect_canonical("BUY BONUS Bridge", "BUY BONUS BRIDGE");
    expect_canonical("buy bonus tunn", "BUY BONUS TUNN");
    expect_canonical("PORT C14", "PORT C14");
    expect_canonical("port goderich", "PORT GODERICH");
    expect_canonical("BUY BONUS BRIDGE ELSE BUY BONUS TUNNEL",
                     "BUY BONUS BRIDGE ELSE BUY BONUS TUNNEL");
}

static void test_1830_orders(void **state)
{
    (void)state;
    expect_canonical("BID 150 ON C&A", "BID 150 ON C&A");
    expect_canonical("bid 150 c&a", "BID 150 ON C&A");
    expect_canonical("Bid C&A 150", "BID 150 ON C&A");
    expect_canonical("bid on c&a 150", "BID 150 ON C&A");
    expect_canonical("BID $150 FOR C&A", "BID 150 ON C&A");
    expect_canonical("bid on d&h at 80", "BID 80 ON D&H");
    expect_canonical("BID UP TO 200 ON C&A", "BID UP TO 200 ON C&A");
    expect_canonical("bid max 200 on c&a", "BID UP TO 200 ON C&A");
    expect_canonical("BID C&A UP TO $200", "BID UP TO 200 ON C&A");
    expect_canonical("bid on c&a maximum 200", "BID UP TO 200 ON C&A");
    expect_canonical("BUY PRR AT 67", "BUY 1 PRR PAR 67");
    expect_canonical("buy prr par 67", "BUY 1 PRR PAR 67");
    expect_canonical("buy prr at par 67 from ipo", "BUY 1 PRR PAR 67 FROM IPO");
    expect_canonical("buy prr from ipo at $67", "BUY 1 PRR PAR 67 FROM IPO");
    expect_canonical("PAR B&O 100", "PAR B&O 100");
    expect_canonical("par b&o at 100", "PAR B&O 100");
    expect_canonical("par 100 for B&O", "PAR B&O 100");
    /* a leading number is the par only with FOR or ON: the canonical form reads back the same
     * (fuzz_orders: "PAR 2;3" was written "PAR 2 3" and read back as par 2 of company 3) */
    expect_canonical("par 2;3", "PAR 2 3");
    expect_canonical("PAR 2 3", "PAR 2 3");
    expect_canonical("BUY PRIVATE D&H FOR 140", "BUY PRIVATE D&H FOR 140");
    expect_canonical("buy private d&h 140", "BUY PRIVATE D&H FOR 140");
    expect_canonical("buy d&h for $140", "BUY PRIVATE D&H FOR 140");
    expect_canonical("SELL PRIVATE D&H TO PRR FOR 140", "SELL PRIVATE D&H TO PRR FOR 140");
    expect_canonical("sell d&h to prr for 140", "SELL PRIVATE D&H TO PRR FOR 140");
    expect_canonical("sell private d&h to prr at 140", "SELL PRIVATE D&H TO PRR FOR 140");
    expect_canonical("EXCHANGE M&H", "EXCHANGE M&H");
    expect_canonical("bid 80 on d&h else bid 45 on c&stl else pass",
                     "BID 80 ON D&H ELSE BID 45 ON C&STL ELSE PASS");
    struct parsed p; /* a par and a private's sale: in any section */
    parse(&p, "PRR:\nbuy private d&h for 140\npar b&o 100\nsell private c&a to nyc for 200\n"
              "stock:\npar b&o 100\nsell private c&a to nyc for 200\n");
    assert_int_equal(p.env.nerrors, 0);
    assert_int_equal(p.orders.n, 5);
    assert_int_equal(p.orders.v[0].alts[0].kind, ORD_BUY_PRIVATE);
    assert_string_equal(p.orders.v[0].alts[0].priv, "D&H");
    assert_int_equal(p.orders.v[0].alts[0].price, 140);
    assert_true(p.orders.v[0].alts[0].company[0] == '\0');
    assert_string_equal(p.orders.v[2].alts[0].company, "NYC");
    done(&p);
}

/* The 1830 orders' mistakes, each with what is wrong. */
static void test_1830_errors(void **state)
{
    (void)state;
    expect_error("bid on c&a\n", 1, "the bid must be a number");
    expect_error("bid up 200 on c&a\n", 1, "BID UP TO 200 ON item");
    expect_error("bid 150\n", 1, "item of the start packet is missing");
    expect_error("buy prr at\n", 1, "the par must be a number");
    expect_error("buy prr par 0\n", 1, "the par is more than 0");
    expect_error("par b&o\n", 1, "the par must be a number");
    expect_error("PRR:\nbuy private d&h\n", 2, "the price must be a number");
    expect_error("PRR:\nbuy 2 d&h for 140\n", 2, "a private is one");
    eng_title *t1830 = tf_load_title("1830");
    T = t1830;
    expect_error("sell private d&h for 140\n", 1, "SELL PRIVATE SVNRR TO PRR FOR 40");
    T = NULL;
    eng_title_free(t1830);
    expect_error("buy private d&h for 140\n", 1, "a company's order among the stock-round");
    expect_error("PRR:\nbid 150 on c&a\n", 2, "a stock-round order in PRR's orders");
}

/* An error's example names the game's own companies, private and train: an 1830 game's its
 * first major and first private (the most a company pays for it), an 1835 game's BY (and no
 * private: no company ever buys one there); with no title known, words say what goes there. */
static void test_examples_name_the_game(void **state)
{
    (void)state;
    static const char *const mistakes[] = {"sell private d&h for 140\n",
                                           "PRR:\nbuy train 2 from M1\n",
                                           "M1:\nsell train 2 to by\n", "lay 9 on o13\n"};
    static const char *const in_1830[] = {
        "SELL PRIVATE SVNRR TO PRR FOR 40", "FROM PRR FOR 100", "SELL TRAIN 2 TO PRR FOR 100",
        "the company's line (as \"PRR:\")"};
    static const char *const in_1835[] = {
        "SELL PRIVATE private TO BY FOR price", "FROM BY FOR 100", "SELL TRAIN 2 TO BY FOR 100",
        "the company's line (as \"BY:\")"};
    static const char *const unknown[] = {
        "SELL PRIVATE private TO company FOR price", "FROM company FOR price",
        "SELL TRAIN train TO company FOR price", "the company's line (as \"company:\")"};
    eng_title *t1830 = tf_load_title("1830"), *t1835 = tf_load_title("1835");
    for (int i = 0; i < 4; i++) {
        int line = strchr(mistakes[i], ':') ? 2 : 1;
        T = t1830;
        expect_error(mistakes[i], line, in_1830[i]);
        struct parsed p;
        parse(&p, mistakes[i]);
        if (strstr(p.env.errors[0].message, "BY"))
            fail_msg("an 1830 game's error names BY: %s", p.env.errors[0].message);
        done(&p);
        T = t1835;
        expect_error(mistakes[i], line, in_1835[i]);
        T = NULL;
        expect_error(mistakes[i], line, unknown[i]);
    }
    /* a hex the map has: the first major's home (1830's PRR: H12; 1835's BY: O15) */
    T = t1830;
    expect_error("PRR:\nroute 2 nowhere h12\n", 2, "\"NOWHERE\" is not a hex (as H12)");
    T = t1835;
    expect_error("BY:\ngoal 12\n", 2, "is not a goal (as O15, or a city's name)");
    T = NULL;
    expect_error("BY:\nroute 2 nowhere o15\n", 2, "\"NOWHERE\" is not a hex (as L14)");
    eng_title_free(t1830);
    eng_title_free(t1835);
}

/* Nothing a player types crashes the parser: long lines, odd bytes, many words. */
/* A title's loans (1856): TAKE LOAN (LOAN), REPAY [n | ALL] [LOAN | LOANS], a company's
 * orders. */
static void test_loan_orders(void **state)
{
    (void)state;
    expect_canonical("take loan", "TAKE LOAN");
    expect_canonical("loan", "TAKE LOAN");
    expect_canonical("repay", "REPAY 1 LOAN");
    expect_canonical("repay 2 loans", "REPAY 2 LOANS");
    expect_canonical("Repay all loans", "REPAY ALL LOANS");
    expect_canonical("if cash >= 300 then repay 3 else repay 1", "IF CASH >= 300 THEN REPAY 3 "
                                                                 "LOANS ELSE REPAY 1 LOAN");
    expect_error("BY:\ntake a loan\n", 2, "TAKE LOAN (one loan a round)");
    expect_error("BY:\nrepay 0 loans\n", 2, "repays at least one");
    expect_error("take loan\n", 1, "a company's order among the stock-round orders");
}

static void test_hostile_input(void **state)
{
    (void)state;
    char body[4096];
    memset(body, 'x', sizeof body - 1);
    body[sizeof body - 1] = '\0';
    struct parsed p;
    parse(&p, body);
    assert_int_equal(p.orders.n, 0);
    assert_int_equal(p.env.nerrors, 1);
    done(&p);
    parse(&p, "buy 999999999999 by\nif if if if then then\nelse\n%%%% \x01\x02\nbuy 1 ABCDEFGHIJKLMNOPQRSTUVWXYZ\n"
              "a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l m n o "
              "p q r s t u v w x y z\n");
    assert_int_equal(p.orders.n, 0);
    assert_true(p.env.nerrors >= 5);
    done(&p);
}

/* A national's formation round (1856's CGR): GIVE UP company and EXCHANGE STATION hex [CITY
 * n], in any section; GIVE alone is no order. (REPAY n LOANS, the round's other order, is the
 * loans' own.) */
static void test_national_orders(void **state)
{
    (void)state;
    expect_canonical("give up tgb", "GIVE UP TGB");
    expect_error("give tgb\n", 1, "GIVE UP company");
    /* its director's choice of the stations it takes over (the trains: DISCARD) */
    expect_canonical("exchange station n17 city 2", "EXCHANGE STATION N17 CITY 2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stock_round_orders),
        cmocka_unit_test(test_operating_orders),
        cmocka_unit_test(test_1830_orders),
        cmocka_unit_test(test_1856_orders),
        cmocka_unit_test(test_1830_errors),
        cmocka_unit_test(test_contingencies),
        cmocka_unit_test(test_sections_and_one_round),
        cmocka_unit_test(test_errors_name_the_line),
        cmocka_unit_test(test_quotes_places_and_one_goal),
        cmocka_unit_test(test_notes_inline_sections_and_misplaced_orders),
        cmocka_unit_test(test_examples_name_the_game),
        cmocka_unit_test(test_loan_orders),
        cmocka_unit_test(test_hostile_input),
        cmocka_unit_test(test_national_orders),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
