/* Property tests of the order language: an order formatted in its canonical form (what the
 * acknowledgement, the report and `pbemgm orders` show) and parsed again is the same order;
 * its stored JSON form reads back to the same order. Orders are drawn at random (a fixed seed,
 * so a failure repeats) over every kind, condition and option the language has. */
#include "../helpers.h"
#include "orders/json.h"
#include "orders/order.h"
#include "util/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rng_state;

static unsigned next_rand(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(rng_state >> 33);
}

static int pick(int n)
{
    return (int)(next_rand() % (unsigned)n);
}

static const char *const COMPANIES[] = {"BY", "SX", "BA", "WT", "HE", "MS", "OL", "PR", "M1",
                                        "M6", "NF", "PFB", "C&A", "D&H", "B&O", "C&STL"};
static const char *const TRAINS[] = {"2", "2+2", "3", "3+3", "4", "4+4", "5", "5+5", "6", "6+6"};
static const char *const HEXES[] = {"L14", "N12", "O15", "E19", "A11", "G5", "L6"};
static const char *const TILES[] = {"57", "8", "201", "14", "63", "212"};

#define ANY(list) (list[pick((int)(sizeof list / sizeof *list))])

static void set(char *dst, const char *src)
{
    snprintf(dst, ORD_NAME, "%s", src);
}

/* The orders of 1830 a player may write among the stock-round orders (or, PAR and SELL
 * PRIVATE, in any section): bids, pars, a private's sale agreed. */
static void random_1830(ord_action *a, ord_kind kind)
{
    a->kind = kind;
    set(a->company, ANY(COMPANIES));
    a->price = 1 + pick(400);
    a->up_to = a->kind == ORD_BID && pick(2);
    if (a->kind == ORD_SELL_PRIVATE || a->kind == ORD_BUY_PRIVATE)
        set(a->priv, ANY(COMPANIES));
    if (a->kind == ORD_BUY_PRIVATE) { /* from a player, on a stock-round turn (issue 17) */
        a->company[0] = '\0';
        set(a->seller, "BOB");
    }
}

static void random_stock(ord_action *a)
{
    if (pick(4) == 0) {
        static const ord_kind kinds[] = {ORD_BID, ORD_PAR, ORD_SELL_PRIVATE, ORD_BUY_PRIVATE};
        random_1830(a, kinds[pick(4)]);
        return;
    }
    a->kind = pick(3) == 0 ? ORD_SELL : ORD_BUY;
    if (a->kind == ORD_BUY && pick(3) == 0)
        a->price = (int[]){67, 71, 100}[pick(3)]; /* a par */
    a->count = pick(3);
    a->percent = (int[]){0, 0, 5, 10, 20}[pick(5)];
    set(a->company, ANY(COMPANIES));
    if (a->kind == ORD_BUY) {
        int from = pick(4);
        a->from_pool = from == 1;
        a->from_ipo = from == 2;
        if (from == 3)
            set(a->seller, "BOB");
    }
    if (a->count == 1)
        a->count = 0; /* "BUY 1 X" and "BUY X" are the same order */
}

static void random_company_action(ord_action *a)
{
    static const ord_kind kinds[] = {ORD_LAY, ORD_NO_TILE, ORD_STATION, ORD_NO_STATION, ORD_RUN,
                                     ORD_ROUTE, ORD_PAYOUT, ORD_WITHHOLD, ORD_BUY_TRAIN,
                                     ORD_NO_TRAIN, ORD_SELL_TRAIN, ORD_DISCARD, ORD_PRIVATE,
                                     ORD_GOAL, ORD_BUY_PRIVATE, ORD_SELL_PRIVATE, ORD_PAR,
                                     ORD_HOME, ORD_TAKE_LOAN, ORD_REPAY_LOAN};
    a->kind = kinds[pick((int)(sizeof kinds / sizeof *kinds))];
    switch (a->kind) {
    case ORD_LAY:
        set(a->tile, ANY(TILES));
        set(a->hex, ANY(HEXES));
        a->rot = pick(7) - 1;
        break;
    case ORD_STATION: set(a->hex, ANY(HEXES)); a->city = pick(3); break;
    case ORD_HOME:
        if (pick(2))
            set(a->hex, ANY(HEXES));
        a->city = 1 + pick(2);
        break;
    case ORD_RUN: a->revenue = pick(2) ? -1 : 10 * pick(40); break;
    case ORD_ROUTE:
        set(a->train, ANY(TRAINS));
        a->nstops = 2 + pick(5);
        for (int i = 0; i < a->nstops; i++)
            snprintf(a->stops[i], sizeof a->stops[i], "%s", ANY(HEXES));
        break;
    case ORD_BUY_TRAIN:
        set(a->train, ANY(TRAINS));
        if (pick(3) == 0)
            a->from_pool = true;
        else if (pick(2) == 0)
            set(a->company, ANY(COMPANIES)), a->price = 1 + pick(500);
        break;
    case ORD_SELL_TRAIN:
        set(a->train, ANY(TRAINS));
        set(a->company, ANY(COMPANIES));
        a->price = 1 + pick(500);
        break;
    case ORD_DISCARD: set(a->train, ANY(TRAINS)); break;
    case ORD_PRIVATE: set(a->company, ANY(COMPANIES)); break;
    case ORD_GOAL: set(a->goal, pick(2) ? "BERLIN" : "L14"); break;
    case ORD_BUY_PRIVATE: set(a->priv, ANY(COMPANIES)); a->price = 1 + pick(400); break;
    case ORD_SELL_PRIVATE:
    case ORD_PAR: random_1830(a, a->kind); break;
    case ORD_REPAY_LOAN: a->count = pick(4) ? 1 + pick(5) : ORD_ALL_LOANS; break;
    default: break;
    }
}

static void random_cond(ord_cond *c)
{
    c->kind = (ord_cond_kind)pick(5);
    c->negate = pick(3) == 0;
    if (c->kind == ORD_IF_CASH || c->kind == ORD_IF_PHASE) {
        c->cmp = (ord_cmp)pick(5);
        c->value = pick(1000);
    } else {
        set(c->name, c->kind == ORD_IF_TRAIN ? ANY(TRAINS) : ANY(COMPANIES));
    }
}

static void random_order(ord_order *o, bool company)
{
    memset(o, 0, sizeof *o);
    if (company)
        set(o->section, ANY(COMPANIES));
    o->standing = pick(4) == 0;
    o->nconds = pick(3);
    for (int i = 0; i < o->nconds; i++)
        random_cond(&o->conds[i]);
    o->nalts = 1 + pick(3);
    for (int i = 0; i < o->nalts; i++) {
        ord_action *a = &o->alts[i];
        memset(a, 0, sizeof *a);
        a->rot = -1;
        if (company)
            random_company_action(a);
        else if (pick(6) == 0)
            a->kind = ORD_PASS;
        else
            random_stock(a);
    }
}

/* The order's JSON with its line left out and "one certificate" said one way, for comparing. */
static char *comparable(const ord_order *o)
{
    ord_order copy = *o;
    copy.line = 0;
    for (int i = 0; i < copy.nalts; i++)
        if (copy.alts[i].count == 0 &&
            (copy.alts[i].kind == ORD_BUY || copy.alts[i].kind == ORD_SELL))
            copy.alts[i].count = 1;
    return ord_order_json_text(&copy);
}

/* The order's text parsed; fails the test when it is not one order. */
static void parse_one(const ord_order *o, ord_order *out)
{
    char *line = ord_format(o);
    char *text = o->section[0] ? str_format("%s:\n%s\n", o->section, line)
                               : str_format("%s\n", line);
    ord_envelope env;
    ord_orders back;
    ord_envelope_parse("orders", text, &env);
    ord_parse(&env, &back);
    if (env.nerrors || back.n != 1)
        fail_msg("\"%s\" does not parse back: %s", line,
                 env.nerrors ? env.errors[0].message : "no order");
    *out = back.v[0];
    ord_orders_clear(&back);
    ord_envelope_clear(&env);
    free(text);
    free(line);
}

static void same(const ord_order *a, const ord_order *b)
{
    char *want = comparable(a), *got = comparable(b);
    if (strcmp(want, got) != 0) {
        char *line = ord_format(a);
        fail_msg("\"%s\" parses back as another order:\n  %s\n  %s", line, want, got);
    }
    free(want);
    free(got);
}

/* An order formatted and parsed is the same order; formatted and parsed again, still. */
static void format_parse_same(void **state)
{
    (void)state;
    rng_state = 18351830;
    for (int n = 0; n < 3000; n++) {
        ord_order o, once, twice;
        random_order(&o, pick(2));
        parse_one(&o, &once);
        parse_one(&once, &twice);
        same(&o, &once);
        same(&once, &twice);
    }
}

static void json_reads_back(void **state)
{
    (void)state;
    rng_state = 1835;
    for (int n = 0; n < 3000; n++) {
        ord_order o, back;
        random_order(&o, pick(2));
        o.line = 1 + pick(100);
        char *text = ord_order_json_text(&o), why[200];
        if (ord_order_from_text(text, &back, why, sizeof why))
            fail_msg("%s does not read back: %s", text, why);
        char *again = ord_order_json_text(&back);
        assert_string_equal(text, again);
        free(text);
        free(again);
    }
}

static void damaged_json_is_refused(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", "[]", "{}", "{\"do\":[]}", "{\"do\":[{\"kind\":\"fly\"}]}",
        "{\"do\":[{\"kind\":\"buy\",\"company\":\"A-NAME-FAR-TOO-LONG-FOR-IT\"}]}",
        "{\"if\":[{\"kind\":\"cash\",\"cmp\":\"~\"}],\"do\":[{\"kind\":\"pass\"}]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        ord_order o;
        char why[200] = "";
        assert_int_equal(ord_order_from_text(bad[i], &o, why, sizeof why), -1);
        assert_non_null(strstr(why, "damaged"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(format_parse_same),
        cmocka_unit_test(json_reads_back),
        cmocka_unit_test(damaged_json_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
