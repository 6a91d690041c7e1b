/* The orders the start mail suggests for the start packet (report/packet.c, "the order that
 * buys it"): written by the order language's own formatter from structured orders, each reads
 * back (ord_parse) as the very order meant, for every item of 1835's and 1830's packets (issue
 * 29 item 3: the start mail cannot drift from the parser). */
#include "../engine/title_fixture.h"
#include "orders/order.h"
#include "report/packet.h"
#include "util/buf.h"

#include <cmocka.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A name as the parser keeps it: words are case-insensitive (the resolver matches names so). */
static void upper(char *s)
{
    for (; *s; s++)
        *s = (char)toupper((unsigned char)*s);
}

/* The order line parsed as a player's mail carries it: the one order it is. */
static void parses_back(const eng_title *t, int i)
{
    ord_action meant;
    rep_packet_order(t, i, &meant);
    upper(meant.company);
    char *line = rep_packet_order_text(t, i);
    char *body = str_format("GAME g1\nPLAYER ann\nPASSWORD pw\nTURN 1\n%s\n", line);
    ord_envelope env;
    ord_orders o;
    ord_envelope_parse("Re: g1: turn 1", body, &env);
    ord_parse(&env, &o);
    if (env.nerrors)
        fail_msg("%s, item %s: \"%s\" does not read: %s", t->id, t->start_items[i].id, line,
                 env.errors[0].message);
    if (o.n != 1 || o.v[0].nalts != 1 || o.v[0].nconds || o.v[0].section[0])
        fail_msg("%s, item %s: \"%s\" reads as %d orders", t->id, t->start_items[i].id, line,
                 o.n);
    if (memcmp(&o.v[0].alts[0], &meant, sizeof meant) != 0) {
        char *got = ord_format_action(&o.v[0].alts[0]), *want = ord_format_action(&meant);
        fail_msg("%s, item %s: \"%s\" reads as %s, not %s", t->id, t->start_items[i].id, line,
                 got, want);
    }
    ord_orders_clear(&o);
    ord_envelope_clear(&env);
    free(body);
    free(line);
}

static char *order_of(const eng_title *t, const char *item)
{
    for (int i = 0; i < t->nstart_items; i++)
        if (strcmp(t->start_items[i].id, item) == 0)
            return rep_packet_order_text(t, i);
    fail_msg("%s has no item %s", t->id, item);
    return NULL;
}

static void says(const eng_title *t, const char *item, const char *want)
{
    char *got = order_of(t, item);
    assert_string_equal(got, want);
    free(got);
}

static void test_the_1835_packet_orders_read_back(void **state)
{
    (void)state;
    eng_title *t = tf_load_title("1835");
    for (int i = 0; i < t->nstart_items; i++)
        parses_back(t, i);
    says(t, "NF", "BUY NF");                /* a private */
    says(t, "M1", "BUY M1");                /* a minor */
    says(t, "BY-20%-director", "BUY BY");   /* a director's certificate: its company's */
    eng_title_free(t);
}

static void test_the_1830_packet_orders_read_back(void **state)
{
    (void)state;
    eng_title *t = tf_load_title("1830");
    for (int i = 0; i < t->nstart_items; i++)
        parses_back(t, i);
    says(t, "SVNRR", "BUY SVNRR");          /* the first item: bought at its price */
    says(t, "C&StL", "BID 45 ON C&StL");    /* the others: the least bid, price and raise */
    says(t, "BO", "BID 225 ON BO");
    eng_title_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_1835_packet_orders_read_back),
        cmocka_unit_test(test_the_1830_packet_orders_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
