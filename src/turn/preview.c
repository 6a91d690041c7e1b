/* STUB: replaced by the resolver's preview. */
#include "turn/turn.h"

#include <string.h>

int turn_preview(const eng_game *g, const turn_settings *s, int player, const ord_orders *orders,
                 turn_result *out)
{
    (void)g, (void)s, (void)player, (void)orders;
    memset(out, 0, sizeof *out);
    return -1;
}

int turn_canonical_order(const eng_title *t, ord_order *o, char *why, size_t len)
{
    return turn_check_order(t, o, why, len);
}
