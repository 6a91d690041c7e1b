/* privates: private companies that majors buy from their owners (1830: in a phase that allows
 * it — from the first 3-train — for a price between private_sale_percent's least and most of
 * its face value, never one marked never_to_company such as the B&O). The operating major's
 * director buys; the seller is the private's owner, whose agreement the turn resolver sees to.
 * From then on the major receives the private's income, and a power whose user is the owning
 * company is the major's to use. A private owned by a player keeps its "blocks" hexes free of
 * tiles; once a company owns it (or it closes) they are open.
 * A private with an "exchange" (1830's M&H) may be traded by its owner, on his turn in a stock
 * round, for a share of that major from the IPO (else the pool), within his share limit; the
 * private closes. It is no purchase: the turn goes on.
 * Where the title allows (privates_between_players: 1830), a player buys a private from
 * another in a stock round, at a price they agree, within his certificate limit; that too
 * leaves his turn as it was. */
#include "engine/privates.h"
#include "engine/query.h"
#include "engine/state.h"

/* The first phase in which majors may buy privates, for the refusal; "" when none. */
static const char *first_phase_allowing(const eng_title *t)
{
    for (int p = 0; p < t->nphases; p++)
        if (t->phases[p].privates_to_companies)
            return t->phases[p].name;
    return "";
}

static int check_sale(const eng_game *g, int buyer, int priv, int price, char *why, size_t len)
{
    const eng_title *t = g->t;
    if (priv < 0 || priv >= t->ncompanies || t->companies[priv].kind != ENG_PRIVATE)
        return eng_refuse(why, len, "that is not a private company");
    const eng_company *pc = &t->companies[priv];
    const eng_company_state *ps = &g->co[priv];
    if (!t->phases[g->phase].privates_to_companies)
        return first_phase_allowing(t)[0]
                   ? eng_refuse(why, len, "companies buy privates from phase %s on",
                                first_phase_allowing(t))
                   : eng_refuse(why, len, "in this title companies never buy privates");
    if (!eng_is_major(g, buyer))
        return eng_refuse(why, len, "only a major buys privates");
    if (pc->never_to_company)
        return eng_refuse(why, len, "%s is never sold to a company", pc->id);
    if (ps->closed)
        return eng_refuse(why, len, "%s is closed", pc->id);
    if (ps->held_by != ENG_NONE)
        return eng_refuse(why, len, "%s belongs to %s already", pc->id,
                          t->companies[ps->held_by].id);
    if (ps->owner == ENG_NONE)
        return eng_refuse(why, len, "%s has no owner yet", pc->id);
    int least = pc->price * t->private_sale_min_percent / 100;
    int most = pc->price * t->private_sale_max_percent / 100;
    if (price < least || price > most)
        return eng_refuse(why, len, "%s sells for %d to %d", pc->id, least, most);
    if (g->co[buyer].cash < price)
        return eng_refuse(why, len, "%s has %d", t->companies[buyer].id, g->co[buyer].cash);
    return 0;
}

int eng_buy_private(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int buyer = g->operating, priv = a->company;
    if (check_sale(g, buyer, priv, a->price, why, len))
        return -1;
    eng_company_state *ps = &g->co[priv];
    int seller = ps->owner;
    eng_company_pays_player(g, buyer, seller, a->price);
    ps->owner = ENG_NONE;
    ps->held_by = buyer;
    eng_event_add_item(g, ENG_EV_BOUGHT_PRIVATE, seller, buyer, priv, a->price, 0);
    return 0;
}

/* The certificate the private is exchanged for: from the IPO, else the pool; -1 with why. */
static int exchange_cert(const eng_game *g, const eng_company *pc, char *why, size_t len)
{
    int c = pc->exchange_company, cert = -1;
    if (pc->exchange_from_ipo)
        cert = eng_find_cert(g, c, ENG_IPO, pc->exchange_percent, false);
    if (cert < 0 && pc->exchange_from_pool)
        cert = eng_find_cert(g, c, ENG_POOL, pc->exchange_percent, false);
    if (cert < 0)
        return eng_refuse(why, len, "no %d%% certificate of %s is left to exchange %s for",
                          pc->exchange_percent, g->t->companies[c].id, pc->id);
    return cert;
}

int eng_exchange_private(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    int priv = a->company;
    if (priv < 0 || priv >= t->ncompanies || t->companies[priv].kind != ENG_PRIVATE ||
        t->companies[priv].exchange_company < 0)
        return eng_refuse(why, len, "only a private with an exchange is exchanged now");
    const eng_company *pc = &t->companies[priv];
    if (g->co[priv].closed || g->co[priv].owner != a->player)
        return eng_refuse(why, len, "%s does not own %s", g->players[a->player].name, pc->id);
    int c = pc->exchange_company;
    int most = eng_player_share_limit(g);
    if (eng_percent_held(g, c, a->player) + pc->exchange_percent > most &&
        eng_market_zone(g, c) < ENG_ZONE_ORANGE)
        return eng_refuse(why, len, "a player may hold at most %d%% of %s", most,
                          t->companies[c].id);
    int cert = exchange_cert(g, pc, why, len);
    if (cert < 0)
        return -1;
    g->co[c].certs[cert].owner = a->player;
    eng_event_add_item(g, ENG_EV_GOT_SHARE, a->player, priv, c, pc->exchange_percent, 0);
    g->co[priv].closed = true;
    eng_event_add(g, ENG_EV_PRIVATE_CLOSES, ENG_NONE, priv, 0, 0, false);
    eng_check_director(g, c, false);
    return 0;
}

int eng_trade_private(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    int priv = a->company, buyer = a->player;
    if (!t->privates_between_players)
        return eng_refuse(why, len, "in %s players do not sell each other privates", t->id);
    if (priv < 0 || priv >= t->ncompanies || t->companies[priv].kind != ENG_PRIVATE)
        return eng_refuse(why, len, "that is not a private company");
    const eng_company *pc = &t->companies[priv];
    int seller = g->co[priv].owner;
    if (g->co[priv].closed || seller == ENG_NONE)
        return eng_refuse(why, len, "%s is %s", pc->id,
                          g->co[priv].closed ? "closed" : "not a player's");
    if (seller == buyer)
        return eng_refuse(why, len, "%s owns %s already", g->players[buyer].name, pc->id);
    if (a->price < 0 || g->players[buyer].cash < a->price)
        return eng_refuse(why, len, "%s has %d", g->players[buyer].name, g->players[buyer].cash);
    if (eng_certificate_count(g, buyer) + 1 > eng_certificate_limit(g, buyer))
        return eng_refuse(why, len, "%s holds %d certificates, the limit", g->players[buyer].name,
                          eng_certificate_count(g, buyer));
    g->players[buyer].cash -= a->price;
    g->players[seller].cash += a->price;
    g->co[priv].owner = buyer;
    eng_event_add_item(g, ENG_EV_PRIVATE_TRADED, buyer, priv, seller, a->price, 0);
    return 0;
}
