/* json: an order as stored — the structured form the parser produced, as JSON, so that orders
 * are parsed once (when the mail comes in) and read back as they were understood, never
 * formatted to text and parsed again. Kinds, conditions and comparisons are stored by name
 * ("buy", "lay", "cash", ">="), so the stored form does not depend on the enums' order. */
#ifndef PBEMGM_ORD_JSON_H
#define PBEMGM_ORD_JSON_H

#include "orders/order.h"

#include <cJSON.h>
#include <stddef.h>

/* The order as a JSON object (caller deletes). */
cJSON *ord_order_to_json(const ord_order *o);
/* The order back from its JSON object: 0, or -1 with why (o is then cleared). */
int ord_order_from_json(const cJSON *j, ord_order *o, char *why, size_t len);
/* The same through text: a malloc'd string, and its reading. */
char *ord_order_json_text(const ord_order *o);
int ord_order_from_text(const char *text, ord_order *o, char *why, size_t len);

#endif
