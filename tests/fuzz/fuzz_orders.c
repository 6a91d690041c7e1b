/* fuzz_orders: a libFuzzer target for the order parser (make fuzz) — any bytes as a player's
 * mail body go through the envelope and the order parser; nothing may crash, leak or read out of
 * bounds, and every order read, formatted back (as the acknowledgement and the report show it)
 * and parsed again, is the same order (compared in its stored JSON form), and that JSON reads
 * back to it. */
#include "fuzz.h"
#include "orders/json.h"
#include "orders/order.h"
#include "util/buf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The order's JSON without its line number. */
static char *comparable(const ord_order *o)
{
    ord_order copy = *o;
    copy.line = 0;
    return ord_order_json_text(&copy);
}

static void same_after_format(const ord_order *o)
{
    char *line = ord_format(o);
    /* the section on the order's own line ("BY: RUN BEST"): a section alone on a line may be
     * a word the envelope takes for itself ("GM:" marks the GM's mail) */
    char *text = o->section[0] ? str_format("%s: %s\n", o->section, line)
                               : str_format("%s\n", line);
    ord_envelope env;
    ord_orders back;
    ord_envelope_parse("orders", text, &env);
    ord_parse(&env, &back);
    char *want = comparable(o), *got = back.n == 1 ? comparable(&back.v[0]) : NULL;
    if (env.nerrors || back.n != 1 || strcmp(want, got) != 0) {
        fprintf(stderr, "\"%s\" does not read back: %s\n%s\n", line,
                env.nerrors ? env.errors[0].message : "", got ? got : "-");
        abort();
    }
    ord_order from_json;
    char why[200];
    if (ord_order_from_text(want, &from_json, why, sizeof why))
        abort();
    free(want);
    free(got);
    ord_orders_clear(&back);
    ord_envelope_clear(&env);
    free(text);
    free(line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *body = fuzz_string(data, size);
    ord_envelope env;
    ord_orders orders;
    ord_envelope_parse("orders", body, &env);
    ord_parse(&env, &orders);
    for (int i = 0; i < orders.n; i++)
        same_after_format(&orders.v[i]);
    ord_orders_clear(&orders);
    ord_envelope_clear(&env);
    free(body);
    return 0;
}
