/* Tests for src/orders/parse: the orders of a national's formation round (1856's CGR): GIVE UP
 * company, read back in its canonical form and as JSON; a GIVE without UP refused, saying the
 * order. (REPAY n LOANS, the same round's other order, is the loans' own: test_parse.c.) */
#include "../engine/title_fixture.h"
#include "orders/json.h"
#include "orders/order.h"
#include "util/buf.h"

struct parsed {
    ord_envelope env;
    ord_orders orders;
};

static void parse(struct parsed *p, const char *body)
{
    ord_envelope_parse("orders", body, &p->env);
    ord_parse_for(&p->env, NULL, &p->orders);
}

static void done(struct parsed *p)
{
    ord_orders_clear(&p->orders);
    ord_envelope_clear(&p->env);
}

static void test_give_up(void **state)
{
    (void)state;
    struct parsed p;
    parse(&p, "give up tgb\n");
    assert_int_equal(p.env.nerrors, 0);
    assert_int_equal(p.orders.n, 1);
    assert_int_equal(p.orders.v[0].alts[0].kind, ORD_GIVE_UP);
    assert_string_equal(p.orders.v[0].alts[0].company, "TGB");
    char *s = ord_format(&p.orders.v[0]);
    assert_string_equal(s, "GIVE UP TGB");
    free(s);
    done(&p);
}

static void test_give_without_up(void **state)
{
    (void)state;
    struct parsed p;
    parse(&p, "give tgb\n");
    assert_int_equal(p.env.nerrors, 1);
    assert_non_null(strstr(p.env.errors[0].message, "GIVE UP company"));
    done(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_give_up),
        cmocka_unit_test(test_give_without_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
