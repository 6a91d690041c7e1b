/* Tests for src/turn/check.c and the order language's everyday notations (issue 11, defect 6):
 * what players write — the seeds' company names (SxE, PrE, MSE, Wte), counts glued to the
 * company (1SX, 2MSE), numbered lists, city names with umlauts or their transliterations, more
 * than four alternatives — is read; a name near a known one is refused with "did you mean";
 * accepted orders are stored with the title's own names. */
#include "../engine/title_fixture.h"
#include "orders/order.h"
#include "turn/turn.h"
#include "util/buf.h"

static eng_title *T;

static int load(void **state)
{
    (void)state;
    T = tf_load();
    return 0;
}

static int unload(void **state)
{
    (void)state;
    eng_title_free(T);
    return 0;
}

/* The mail text's single order, checked against the title: its canonical form, or the error. */
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
    int h = turn_goal_hex(T, "Düsseldorf");
    assert_true(h >= 0);
    snprintf(want, sizeof want, "BY: GOAL %s", T->hexes[h].id);
    expect("BY:\nGOAL Duesseldorf", want);
    expect("BY:\nGOAL Düsseldorf", want);
    expect("BY:\nGOAL berlin", "BY: GOAL E19");
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
    eng_title *t1835 = T;
    T = tf_load_title("1830");
    expect("ERIE:\nhome city 2", "ERIE: HOME CITY 2");
    expect("erie:\nhome e11 city 1", "ERIE: HOME E11 CITY 1");
    expect_has("ERIE:\nHOME CITY 3", "refused: E11 has cities 1 to 2");
    expect_has("ERIE:\nHOME E19 CITY 1", "refused: ERIE's home is in E11, not E19");
    expect_has("NYC:\nHOME CITY 1", "NYC's is not a choice");
    eng_title_free(T);
    T = t1835;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_names_players_write),
        cmocka_unit_test(test_cities_with_umlauts_and_their_transliterations),
        cmocka_unit_test(test_did_you_mean),
        cmocka_unit_test(test_alternatives_and_percentages),
        cmocka_unit_test(test_home_city),
    };
    return cmocka_run_group_tests(tests, load, unload);
}
