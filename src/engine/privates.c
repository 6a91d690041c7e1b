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
 * leaves his turn as it was.
 * Privates' powers: whose they are, when they close (their tile lays and stations are
 * operating.c's; whether a station may go on its hex yet, here); a free train for the major
 * that buys the private (18GA's OSO), which it may not sell; a run bonus (1856's bridge and
 * tunnel) held by the major that buys the private, sold by it to other majors (by the bank
 * once the private is closed); a marker (1856's port) the owning major places on one of its
 * hexes; what both add to a run. */
#include "engine/privates.h"
#include "engine/query.h"
#include "engine/state.h"
#include "engine/steps.h"

#include <stdio.h>
#include <string.h>

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

static void bonus_with_private(eng_game *g, int buyer, int priv);
static void free_train_with_private(eng_game *g, int buyer, int priv);

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
    bonus_with_private(g, buyer, priv);
    free_train_with_private(g, buyer, priv);
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

/* ---- privates' powers ---- */

bool eng_powers_for(const eng_game *g, int priv, int c)
{
    const eng_company *pc = &g->t->companies[priv];
    if (pc->kind != ENG_PRIVATE || g->co[priv].closed || !eng_is_major(g, c))
        return false;
    return pc->powers.user_owning_company ? g->co[priv].held_by == c
                                          : g->co[priv].owner == g->co[c].director;
}

void eng_powers_left(const eng_game *g, int priv, bool *tile, bool *station)
{
    const eng_powers *pw = &g->t->companies[priv].powers;
    unsigned used = g->co[priv].powers_used, tiles = (1u << pw->ntile_hexes) - 1;
    *tile = pw->ntile_hexes > 0 && (used & tiles) != tiles;
    *station = pw->token_hex >= 0 && !(used & ENG_POWER_TOKEN_USED) &&
               !(pw->token_requires_tile == ENG_TOKEN_SAME_TURN && (used & tiles));
}

bool eng_extra_tile_power(const eng_game *g, int c, int hex)
{
    for (int p = 0; p < g->t->ncompanies; p++) {
        const eng_powers *pw = &g->t->companies[p].powers;
        for (int i = 0; pw->tile_extra && i < pw->ntile_hexes; i++)
            if (pw->tile_hexes[i] == hex && !(g->co[p].powers_used & (1u << i)) &&
                eng_powers_for(g, p, c))
                return true;
    }
    return false;
}

void eng_close_private(eng_game *g, int priv)
{
    if (g->co[priv].closed)
        return;
    g->co[priv].closed = true;
    eng_event_add(g, ENG_EV_PRIVATE_CLOSES, ENG_NONE, priv, 0, 0, false);
}

/* Whether the powers used close the private, as closes_after says (1835: OBB when both its
 * tiles are laid; NF and PfB with their station, house rule 5; 1856: W&SR after either). */
static bool powers_close(const eng_game *g, int priv)
{
    const eng_powers *pw = &g->t->companies[priv].powers;
    unsigned used = g->co[priv].powers_used, tiles = (1u << pw->ntile_hexes) - 1;
    unsigned all = tiles | (pw->token_hex >= 0 ? ENG_POWER_TOKEN_USED : 0) |
                   (pw->nmarker_hexes ? ENG_POWER_MARKER_USED : 0);
    return used && (pw->closes_after == ENG_CLOSES_AFTER_ANY ||
           (pw->closes_after == ENG_CLOSES_AFTER_TILES && (used & tiles) == tiles) ||
           (pw->closes_after == ENG_CLOSES_AFTER_TOKEN && (used & ENG_POWER_TOKEN_USED)) ||
           (pw->closes_after == ENG_CLOSES_AFTER_ALL && (used & all) == all));
}

void eng_use_power(eng_game *g, int priv, unsigned bit)
{
    g->co[priv].powers_used |= bit;
    if (!g->t->companies[priv].powers.closes_at_turn_end && powers_close(g, priv))
        eng_close_private(g, priv);
}

void eng_powers_turn_end(eng_game *g, int c)
{
    for (int p = 0; p < g->t->ncompanies; p++) {
        if (g->t->companies[p].powers.closes_at_turn_end && eng_powers_for(g, p, c) &&
            powers_close(g, p))
            eng_close_private(g, p);
        g->co[p].tile_power_now = false; /* (a station "same_turn": that turn is over) */
    }
}

void eng_power_tile_laid(eng_game *g, int priv, int k)
{
    const eng_powers *pw = &g->t->companies[priv].powers;
    g->co[priv].tile_power_now |= pw->tile_hexes[k] == pw->token_hex;
    eng_use_power(g, priv, 1u << k);
}

/* Whether the power's station may go on its hex as far as the tile there goes
 * ("requires_tile"): a tile there first, or laid by the user in this very turn (Mayfair's
 * 1830 D&H: after another company's tile, or in a later turn than its own, no longer). */
static int station_tile_refused(const eng_game *g, int priv, int c, char *why, size_t len)
{
    const eng_company *pc = &g->t->companies[priv];
    const char *hex = g->t->hexes[pc->powers.token_hex].id;
    switch (pc->powers.token_requires_tile) {
    case ENG_TOKEN_AFTER_TILE:
        return g->board->tile[pc->powers.token_hex] != ENG_NONE
                   ? 0
                   : eng_refuse(why, len, "%s's station on %s needs a tile there first", pc->id,
                                hex);
    case ENG_TOKEN_SAME_TURN:
        return g->co[priv].tile_power_now
                   ? 0
                   : eng_refuse(why, len, "%s's station on %s is placed only in the turn in "
                                          "which %s lays %s's tile there", pc->id, hex,
                                g->t->companies[c].id, pc->id);
    default:
        return 0;
    }
}

int eng_power_station_refused(const eng_game *g, int priv, int c, char *why, size_t len)
{
    const eng_company *pc = &g->t->companies[priv];
    if (g->co[priv].powers_used & ENG_POWER_TOKEN_USED)
        return eng_refuse(why, len, "%s's station is placed already (once only)", pc->id);
    return station_tile_refused(g, priv, c, why, len);
}

/* A major buying the private receives its free train at once — no purchase, its turn's
 * purchase still to make — unless the power's phase is reached (or the kind has rusted), or
 * the major holds as many trains as its limit: then the train is removed from play (18GA's
 * OSO; Rails OperatingRound_18GA.buyPrivate: a train added, not from the bank). */
static void free_train_with_private(eng_game *g, int buyer, int priv)
{
    const eng_powers *pw = &g->t->companies[priv].powers;
    eng_company_state *s = &g->co[buyer];
    if (pw->free_train < 0 || g->co[priv].free_train_given)
        return;
    int type = pw->free_train;
    bool removed = (pw->free_train_unless_phase >= 0 && g->phase >= pw->free_train_unless_phase) ||
                   eng_train_rusted(g, type) || g->train_obsolete[type] ||
                   s->ntrains >= eng_train_limit(g, buyer) || s->ntrains >= ENG_MAX_TRAINS;
    if (!removed) {
        if (g->operating == buyer && s->step == ENG_STEP_RUN && s->ntrains == 0)
            eng_step_reach(g, buyer, ENG_STEP_TRAINS); /* (bought at its trains step, its run
                                                        * passed: the train runs next turn) */
        s->trains[s->ntrains++] = type;
        s->not_sellable[type] += pw->free_train_not_sellable;
        g->co[priv].free_train_given = true;
    }
    eng_event_add_item(g, ENG_EV_FREE_TRAIN, ENG_NONE, buyer, priv, type, 0);
    g->events[g->nevents - 1].flag = removed;
}

static int trains_held(const eng_company_state *s, int type)
{
    int n = 0;
    for (int i = 0; i < s->ntrains; i++)
        n += s->trains[i] == type;
    return n;
}

int eng_train_sale_refused(const eng_game *g, int seller, int type, char *why, size_t len)
{
    const eng_company_state *s = &g->co[seller];
    if (s->not_sellable[type] == 0 || trains_held(s, type) > s->not_sellable[type])
        return 0;
    return eng_refuse(why, len, "%s's %s-train was a private's free train: it may not be sold "
                                "to another company", g->t->companies[seller].id,
                      g->t->trains[type].name);
}

void eng_powers_after_action(eng_game *g)
{
    for (int c = 0; c < g->t->ncompanies; c++)
        for (int k = 0; k < g->t->ntrains && k < ENG_MAX_TRAIN_TYPES; k++) {
            int held = trains_held(&g->co[c], k); /* (a free train gone: rusted, discarded) */
            if (g->co[c].not_sellable[k] > held)
                g->co[c].not_sellable[k] = (unsigned char)held;
        }
}

void eng_powers_new_phase(eng_game *g)
{
    const char *phase = g->t->phases[g->phase].name;
    for (int p = 0; p < g->t->ncompanies; p++) {
        const eng_powers *pw = &g->t->companies[p].powers;
        eng_company_state *ps = &g->co[p];
        if (!ps->marker_placed || strcmp(pw->marker_removed_in, phase) != 0)
            continue;
        ps->marker_placed = false;
        eng_event_add_item(g, ENG_EV_MARKER_REMOVED, ENG_NONE, ps->marker_user, p,
                           ps->marker_hex, 0);
    }
}

int eng_power_tile_refused(const eng_game *g, int priv, int tile, char *why, size_t len)
{
    const eng_powers *pw = &g->t->companies[priv].powers;
    for (int i = 0; i < pw->ntile_ids; i++)
        if (pw->tile_ids[i] == tile)
            return 0;
    if (pw->ntile_ids == 0)
        return 0;
    char tiles[ENG_MAX_POWER_TILE_IDS * (ENG_ID + 2)] = "";
    size_t at = 0; /* "59"; "7, 8 or 9" (18GA's MRC) */
    for (int i = 0; i < pw->ntile_ids && at < sizeof tiles; i++)
        at += (size_t)snprintf(tiles + at, sizeof tiles - at, "%s%s",
                               i == 0 ? "" : i + 1 == pw->ntile_ids ? " or " : ", ",
                               g->t->tiles[pw->tile_ids[i]].id);
    return eng_refuse(why, len, "%s's tile on %s is tile %s", g->t->companies[priv].id,
                      g->t->hexes[pw->tile_hexes[0]].id, tiles);
}

/* A major buying the private gets its run bonus (Rails' LocatedBonus, AcquiresBonus). */
static void bonus_with_private(eng_game *g, int buyer, int priv)
{
    if (g->t->companies[priv].powers.nbonus_hexes == 0 || (g->co[buyer].bonuses & (1u << priv)))
        return;
    g->co[buyer].bonuses |= 1u << priv;
    eng_event_add_item(g, ENG_EV_GOT_BONUS, ENG_NONE, buyer, priv, 0, 0);
}

/* Who sells the private's bonus now: the major holding the private, the bank (ENG_NONE) once
 * it is closed; -2 with why while a player owns it (none is sold then) or all are sold. */
static int bonus_seller(const eng_game *g, int priv, char *why, size_t len)
{
    const eng_company *pc = &g->t->companies[priv];
    const eng_company_state *ps = &g->co[priv];
    int most = pc->powers.bonus_for_sale;
    if (most >= 0 && ps->bonuses_sold >= most) {
        eng_refuse(why, len, "all %d of %s's %s bonus tokens are sold", most, pc->id,
                   pc->powers.bonus_name);
        return -2;
    }
    if (ps->closed)
        return ENG_NONE;
    if (ps->held_by != ENG_NONE)
        return ps->held_by;
    eng_refuse(why, len, "%s's %s bonus tokens are sold only once a company owns %s", pc->id,
               pc->powers.bonus_name, pc->id);
    return -2;
}

int eng_buy_bonus(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    int c = g->operating, priv = a->company;
    if (priv < 0 || priv >= t->ncompanies || t->companies[priv].kind != ENG_PRIVATE ||
        t->companies[priv].powers.nbonus_hexes == 0)
        return eng_refuse(why, len, "that is not a private with a bonus to sell");
    const eng_powers *pw = &t->companies[priv].powers;
    eng_company_state *s = &g->co[c];
    if (!eng_is_major(g, c))
        return eng_refuse(why, len, "only a major buys a %s bonus", pw->bonus_name);
    if (s->bonuses & (1u << priv))
        return eng_refuse(why, len, "%s has the %s bonus already", t->companies[c].id,
                          pw->bonus_name);
    int seller = bonus_seller(g, priv, why, len);
    if (seller == -2)
        return -1;
    if (s->cash < pw->bonus_price)
        return eng_refuse(why, len, "a %s bonus token costs %d, and %s has %d", pw->bonus_name,
                          pw->bonus_price, t->companies[c].id, s->cash);
    s->cash -= pw->bonus_price;
    if (seller == ENG_NONE)
        g->bank += pw->bonus_price;
    else
        g->co[seller].cash += pw->bonus_price;
    s->bonuses |= 1u << priv;
    g->co[priv].bonuses_sold++;
    eng_event_add_item(g, ENG_EV_BOUGHT_BONUS, ENG_NONE, c, priv, pw->bonus_price, seller);
    return 0;
}

/* The hexes a marker goes on, "C14, D19, ...", for the refusal. */
static const char *marker_hexes_text(const eng_game *g, const eng_powers *pw, char *out,
                                     size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (int i = 0; i < pw->nmarker_hexes && at < len; i++)
        at += (size_t)snprintf(out + at, len - at, "%s%s", i ? ", " : "",
                               g->t->hexes[pw->marker_hexes[i]].id);
    return out;
}

int eng_place_marker(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    int c = g->operating, priv = a->company;
    if (priv < 0 || priv >= t->ncompanies || t->companies[priv].kind != ENG_PRIVATE ||
        t->companies[priv].powers.nmarker_hexes == 0)
        return eng_refuse(why, len, "that is not a private with a marker");
    const eng_company *pc = &t->companies[priv];
    const eng_powers *pw = &pc->powers;
    if (g->co[priv].marker_placed || (g->co[priv].powers_used & ENG_POWER_MARKER_USED))
        return eng_refuse(why, len, "the %s marker is placed already", pw->marker_name);
    if (!eng_powers_for(g, priv, c))
        return eng_refuse(why, len, "%s may place the %s marker only while it owns %s (open)",
                          t->companies[c].id, pw->marker_name, pc->id);
    bool on = false;
    for (int i = 0; i < pw->nmarker_hexes; i++)
        on |= pw->marker_hexes[i] == a->hex;
    char hexes[ENG_MAX_MARKER_HEXES * 6];
    if (!on)
        return eng_refuse(why, len, "the %s marker goes on one of %s",
                          pw->marker_name, marker_hexes_text(g, pw, hexes, sizeof hexes));
    eng_company_state *ps = &g->co[priv];
    ps->marker_placed = true;
    ps->marker_hex = a->hex;
    ps->marker_user = c;
    eng_event_add_item(g, ENG_EV_MARKER_PLACED, ENG_NONE, c, priv, a->hex, 0);
    eng_use_power(g, priv, ENG_POWER_MARKER_USED);
    return 0;
}

int eng_run_bonus(const eng_game *g, int c, int hex)
{
    if (c < 0)
        return 0;
    int bonus = 0;
    for (int p = 0; p < g->t->ncompanies; p++) {
        const eng_powers *pw = &g->t->companies[p].powers;
        for (int i = 0; (g->co[c].bonuses & (1u << p)) && i < pw->nbonus_hexes; i++)
            bonus += pw->bonus_hexes[i] == hex ? pw->bonus_value : 0;
        const eng_company_state *ps = &g->co[p];
        if (ps->marker_placed && ps->marker_user == c && ps->marker_hex == hex)
            bonus += pw->marker_value;
    }
    return bonus;
}

unsigned long long eng_run_bonus_print(const eng_game *g, int c)
{
    unsigned long long print = g->co[c].bonuses;
    for (int p = 0; p < g->t->ncompanies; p++)
        if (g->co[p].marker_placed && g->co[p].marker_user == c)
            print = print * 131 + (unsigned long long)(p * 1000 + g->co[p].marker_hex + 1);
    return print;
}

bool eng_private_station_used(const eng_game *g, int private)
{
    return (g->co[private].powers_used & ENG_POWER_TOKEN_USED) != 0;
}
