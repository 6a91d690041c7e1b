/* fuzz_orders: a libFuzzer target for the order parser (make fuzz) — any bytes as a player's
 * mail body go through the envelope and the order parser, and every order read is formatted
 * back; nothing may crash, leak or read out of bounds. */
#include "orders/order.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *body = malloc(size + 1);
    if (!body)
        return 0;
    memcpy(body, data, size);
    body[size] = '\0';
    ord_envelope env;
    ord_orders orders;
    ord_envelope_parse("orders", body, &env);
    ord_parse(&env, &orders);
    for (int i = 0; i < orders.n; i++)
        free(ord_format(&orders.v[i]));
    ord_orders_clear(&orders);
    ord_envelope_clear(&env);
    free(body);
    return 0;
}
