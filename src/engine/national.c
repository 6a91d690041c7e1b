/* national: a national company's rules in the stock round once it has formed (national.h). */
#include "engine/national.h"
#include "engine/query.h"
#include "engine/refuse.h"
#include "engine/state.h"

/* The cheapest certificate of the national on sale (IPO at par, pool at the market): its
 * price; 0: none. */
static int cheapest_share(const eng_game *g, int n)
{
    const eng_company_state *s = &g->co[n];
    int best = 0;
    for (int i = 0; i < s->ncerts; i++) {
        const eng_cert_state *c = &s->certs[i];
        if (c->director || (c->owner != ENG_IPO && c->owner != ENG_POOL))
            continue;
        int unit = c->owner == ENG_IPO ? s->par : eng_share_price(g, n);
        int price = eng_shares_money(g, n, unit, c->percent);
        best = best == 0 || price < best ? price : best;
    }
    return best;
}

int eng_national_check_buy(const eng_game *g, int player, int company, char *why, size_t len)
{
    int n = g->t->national.company;
    if (n < 0 || g->national_single != player || company == n)
        return 0;
    int price = cheapest_share(g, n);
    if (company == ENG_NONE && (price == 0 || g->players[player].cash < price))
        return 0; /* (he cannot: bound again in the next stock round) */
    return eng_refuse(why, len, "%s, %s's director with a single share, must buy a second share "
                                "of %s first (the cheapest costs %d)", g->players[player].name,
                      g->t->companies[n].id, g->t->companies[n].id, price);
}

void eng_national_after_buy(eng_game *g, int company)
{
    int n = g->t->national.company;
    if (company != n || g->national_single == ENG_NONE)
        return;
    eng_company_state *s = &g->co[n];
    int dir = s->director, dc = eng_find_cert(g, n, dir, 0, true);
    for (int i = 0; dc >= 0 && i < s->ncerts; i++)
        if (i != dc && s->certs[i].owner == dir && !s->certs[i].director &&
            s->certs[i].percent == s->certs[dc].percent) {
            s->certs[dc].percent *= 2; /* the certificate of one share and another: of two */
            s->certs[i] = s->certs[--s->ncerts];
            g->national_single = ENG_NONE;
            eng_event_add(g, ENG_EV_DIRECTOR_WHOLE, dir, n, s->certs[dc].percent, 0, false);
            return;
        }
    g->national_single = dir; /* (a new director of a single share is bound in turn) */
}
