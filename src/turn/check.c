/* check: an order's names against the title — companies (by id or alias), trains, tiles, hexes,
 * goals, the start packet's items — so that the acknowledgement can refuse a line naming
 * something the game does not have, with "did you mean" where a name is near one it has, and
 * store the order with the title's own names (the parser knows the language, not the game).
 * What the title alone rules out is refused too: a bid where the packet is not auctioned or
 * under its least, a par not among the company's choices, a private no company may buy or a
 * price outside the title's range, an exchange the title does not have, a loan where the title
 * has none or for a company that is no major. Player names (BUY ...
 * FROM bob) are checked when the order is carried out. Pure. */
#include "turn/internal.h"
#include "util/util.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The refusal: "this game has no company "SXX"", with the nearest known name when one is near. */
static int no(char *why, size_t len, const char *what, const char *name, const char *near)
{
    if (near)
        snprintf(why, len, "this game has no %s \"%s\": did you mean \"%s\"?", what, name, near);
    else
        snprintf(why, len, "this game has no %s \"%s\"", what, name);
    return -1;
}

static const char *near_company(const eng_title *t, const char *name)
{
    for (int i = 0; i < t->nstart_items; i++) /* an item of the start packet: its company */
        if (strcasecmp(t->start_items[i].id, name) == 0)
            return t->companies[t->start_items[i].company].id;
    for (int c = 0; c < t->ncompanies; c++) {
        if (str_is_near(name, t->companies[c].id))
            return t->companies[c].id;
        for (int k = 0; k < t->companies[c].naliases; k++)
            if (str_is_near(name, t->companies[c].aliases[k]))
                return t->companies[c].id;
    }
    return NULL;
}

static const char *near_train(const eng_title *t, const char *name)
{
    for (int k = 0; k < t->ntrains; k++)
        if (str_is_near(name, t->trains[k].name))
            return t->trains[k].name;
    return NULL;
}

static const char *near_tile(const eng_title *t, const char *name)
{
    for (int k = 0; k < t->ntiles; k++)
        if (str_is_near(name, t->tiles[k].id))
            return t->tiles[k].id;
    return NULL;
}

/* The kinds of names an order holds: how the title finds one, writes it, and finds a near one. */
struct name_kind {
    const char *what;
    int (*find)(const eng_title *, const char *);
    const char *(*spelling)(const eng_title *, int);
    const char *(*near)(const eng_title *, const char *);
};

static const char *company_id(const eng_title *t, int i) { return t->companies[i].id; }
static const char *train_name(const eng_title *t, int i) { return t->trains[i].name; }
static const char *hex_id(const eng_title *t, int i) { return t->hexes[i].id; }
static const char *tile_id(const eng_title *t, int i) { return t->tiles[i].id; }

static const struct name_kind COMPANY = {"company", eng_company_index, company_id, near_company};
static const struct name_kind TRAIN = {"train", eng_train_index, train_name, near_train};
/* (a hex is found as a goal is: by its id or a city's name, one function for both) */
static const struct name_kind HEX = {"hex", turn_place_hex, hex_id, turn_place_near};
static const struct name_kind TILE = {"tile", eng_tile_index, tile_id, near_tile};
static const struct name_kind GOAL = {"city or hex", turn_place_hex, hex_id, turn_place_near};

/* A name in place (size bytes): as the title writes it; or refused, with a near name. */
static int canonical(const eng_title *t, const struct name_kind *k, char *name, size_t size,
                     char *why, size_t len)
{
    if (!name[0])
        return 0;
    int i = k->find(t, name);
    if (i < 0)
        return no(why, len, k->what, name, k->near(t, name));
    snprintf(name, size, "%s", k->spelling(t, i));
    return 0;
}

/* House rule 20: a percentage names that certificate; one no certificate of the company has
 * ("BUY 30% BA") is that many of its shares. */
static int certificates(const eng_title *t, ord_action *a, char *why, size_t len)
{
    int c = eng_company_index(t, a->company);
    if (!a->percent || c < 0 || (a->kind != ORD_BUY && a->kind != ORD_SELL))
        return 0;
    const eng_company *co = &t->companies[c];
    int share = 0;
    for (int k = 0; k < co->ncerts; k++) {
        if (co->certs[k].percent == a->percent)
            return 0;
        if (!co->certs[k].director && (!share || co->certs[k].percent < share))
            share = co->certs[k].percent;
    }
    if (!share || a->percent % share || a->count > 1) {
        snprintf(why, len, "%s has no %d%% certificate", co->id, a->percent);
        return -1;
    }
    a->count = a->percent / share;
    a->percent = 0;
    return 0;
}

/* A start packet item's id names what it sells: "BUY BY-20%-director", as the start mail lists
 * it, is "BUY BY". */
static void item_as_company(const eng_title *t, ord_action *a)
{
    if (a->kind != ORD_BUY || !a->company[0] || eng_company_index(t, a->company) >= 0)
        return;
    for (int i = 0; i < t->nstart_items; i++)
        if (strcasecmp(t->start_items[i].id, a->company) == 0) {
            snprintf(a->company, sizeof a->company, "%s",
                     t->companies[t->start_items[i].company].id);
            return;
        }
}

static const char *near_item(const eng_title *t, const char *name)
{
    for (int i = 0; i < t->nstart_items; i++)
        if (str_is_near(name, t->start_items[i].id))
            return t->start_items[i].id;
    return NULL;
}

/* BID: on an item of a packet sold by auction, never its first (bought at its price, however
 * low it falls), at least its price and the raise; the item as the title writes it. */
static int check_bid(const eng_title *t, ord_action *a, char *why, size_t len)
{
    if (!t->packet_auction)
        return snprintf(why, len, "this game sells its start packet at fixed prices: BUY the "
                                  "item, there is no bidding"),
               -1;
    int item = eng_start_item_named(t, a->company);
    if (item < 0)
        return no(why, len, "item in its start packet", a->company, near_item(t, a->company));
    const struct eng_start_item *it = &t->start_items[item];
    snprintf(a->company, sizeof a->company, "%s", it->id);
    if (item == 0)
        return snprintf(why, len, "%s is bought at its price (BUY %s), never bid on", it->id,
                        it->id),
               -1;
    if (a->price < it->price + t->bid_raise)
        return snprintf(why, len, "a bid on %s is at least %d (its price, %d, and %d more)",
                        it->id, it->price + t->bid_raise, it->price, t->bid_raise),
               -1;
    return 0;
}

/* A par the director names (PAR, BUY ... PAR): one of the company's choices. */
static int check_par(const eng_title *t, const ord_action *a, char *why, size_t len)
{
    int c = eng_company_index(t, a->company);
    if (c < 0 || (a->kind != ORD_PAR && (a->kind != ORD_BUY || !a->price)))
        return 0;
    const eng_company *co = &t->companies[c];
    if (co->npar_choices == 0)
        return snprintf(why, len, "%s's par is not chosen by its director in this game",
                        co->id),
               -1;
    if (eng_par_allowed(t, c, a->price))
        return 0;
    char list[96];
    return snprintf(why, len, "%s's par is one of %s, not %d", co->id,
                    eng_par_choices_text(t, c, list, sizeof list), a->price),
           -1;
}

/* BUY/SELL PRIVATE: a private the title lets a company buy, to a major, within the price range
 * the title sets (of its face value); when in the game is the engine's to say. */
static int check_private_sale(const eng_title *t, const ord_action *a, char *why, size_t len)
{
    int priv = eng_company_index(t, a->priv), buyer = eng_company_index(t, a->company);
    if (priv < 0)
        return 0;
    const eng_company *pc = &t->companies[priv];
    if (a->seller[0]) { /* between players: any price they agree (1830) */
        if (!t->privates_between_players)
            return snprintf(why, len, "in this game players do not sell each other privates"), -1;
        return pc->kind == ENG_PRIVATE
                   ? 0 : (snprintf(why, len, "%s is not a private company", pc->id), -1);
    }
    bool any_phase = false;
    for (int k = 0; k < t->nphases; k++)
        any_phase |= t->phases[k].privates_to_companies;
    if (!any_phase)
        return snprintf(why, len, "in this game companies never buy privates"), -1;
    if (pc->kind != ENG_PRIVATE)
        return snprintf(why, len, "%s is not a private company", pc->id), -1;
    if (pc->never_to_company)
        return snprintf(why, len, "%s is never sold to a company", pc->id), -1;
    if (buyer >= 0 && t->companies[buyer].kind != ENG_MAJOR)
        return snprintf(why, len, "only a major buys privates"), -1;
    int least = pc->price * t->private_sale_min_percent / 100;
    int most = pc->price * t->private_sale_max_percent / 100;
    if (a->price < least || a->price > most)
        return snprintf(why, len, "%s sells to a company for %d to %d", pc->id, least, most), -1;
    return 0;
}

/* EXCHANGE: a company the formation exchanges (1835's minors) or a private its owner trades
 * for a share (1830's M&H). */
static int check_exchange(const eng_title *t, const ord_action *a, char *why, size_t len)
{
    int c = eng_company_index(t, a->company);
    if (c < 0 || (t->companies[c].kind == ENG_PRIVATE && t->companies[c].exchange_company >= 0))
        return 0;
    for (int k = 0; k < t->formation.nexchanges; k++)
        if (t->formation.exchanges[k] == c)
            return 0;
    return snprintf(why, len, "%s is not exchanged for a share in this game", t->companies[c].id),
           -1;
}

/* GIVE UP: a major of a title with a national (1856's CGR), not the national itself. */
static int check_give_up(const eng_title *t, const ord_action *a, char *why, size_t len)
{
    int c = eng_company_index(t, a->company), n = t->national.company;
    if (n < 0)
        return snprintf(why, len, "no company is given up to a national in this game"), -1;
    if (c < 0 || t->companies[c].kind != ENG_MAJOR || c == n)
        return snprintf(why, len, "only a major with loans is given up to %s",
                        t->companies[n].id), -1;
    return 0;
}

/* EXCHANGE STATION: a title with a national whose director chooses its stations (1856's CGR). */
static int check_exchange_station(const eng_title *t, char *why, size_t len)
{
    int n = t->national.company;
    if (n < 0 || !t->national.directors_choose)
        return snprintf(why, len, "no national's director chooses its stations in this game"),
               -1;
    return 0;
}

/* BUY BONUS names the bonus ("Bridge") or its private ("Brdg"): the bonus's name stored as
 * its private's id, so that the rest checks a company's name. */
static void bonus_as_private(const eng_title *t, ord_action *a)
{
    for (int c = 0; a->kind == ORD_BUY_BONUS && c < t->ncompanies; c++)
        if (t->companies[c].powers.nbonus_hexes &&
            strcasecmp(t->companies[c].powers.bonus_name, a->priv) == 0)
            snprintf(a->priv, sizeof a->priv, "%s", t->companies[c].id);
}

/* BUY BONUS: a private with a run bonus others may buy (1856's Brdg and Tunn). */
static int check_bonus(const eng_title *t, const ord_action *a, char *why, size_t len)
{
    int priv = eng_company_index(t, a->priv);
    if (priv >= 0 && t->companies[priv].powers.nbonus_hexes)
        return 0;
    size_t at = (size_t)snprintf(why, len, "%s has no bonus to sell", a->priv);
    const char *sep = " (the bonuses: ";
    for (int c = 0; c < t->ncompanies && at < len; c++)
        if (t->companies[c].powers.nbonus_hexes) {
            at += (size_t)snprintf(why + at, len - at, "%s%s of %s", sep,
                                   t->companies[c].powers.bonus_name, t->companies[c].id);
            sep = ", ";
        }
    if (at < len)
        snprintf(why + at, len - at, "%s", strcmp(sep, ", ") == 0 ? ")" : " in this game");
    return -1;
}

/* PORT hex: a hex one of the title's markers goes on (1856's thirteen port hexes). */
static int check_port(const eng_title *t, const ord_action *a, char *why, size_t len)
{
    int hex = turn_place_hex(t, a->hex), any = -1;
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_powers *pw = &t->companies[c].powers;
        any = pw->nmarker_hexes && any < 0 ? c : any;
        for (int i = 0; i < pw->nmarker_hexes; i++)
            if (pw->marker_hexes[i] == hex)
                return 0;
    }
    if (any < 0)
        return snprintf(why, len, "no private places a marker in this game"), -1;
    return snprintf(why, len, "%s is not a hex the %s marker goes on", a->hex,
                    t->companies[any].powers.marker_name), -1;
}

/* USE: a private with a station to place (1835's NF and PfB, 1830's D&H, 18GA's W&S); the
 * others said, with those that have one. */
static int check_use(const eng_title *t, const ord_action *a, char *why, size_t len)
{
    int priv = eng_company_index(t, a->company);
    if (priv >= 0 && t->companies[priv].powers.token_hex >= 0)
        return 0;
    char list[128] = "";
    size_t at = 0;
    for (int c = 0; c < t->ncompanies && at < sizeof list; c++) {
        const eng_company *pc = &t->companies[c];
        if (pc->kind == ENG_PRIVATE && pc->powers.token_hex >= 0)
            at += (size_t)snprintf(list + at, sizeof list - at, "%s%s on %s", at ? ", " : "",
                                   pc->id, t->hexes[pc->powers.token_hex].id);
    }
    if (!list[0])
        return snprintf(why, len, "no private places a station in this game"), -1;
    return snprintf(why, len, "USE places a private's station, and %s has none (the stations: "
                              "%s)", a->company, list), -1;
}

/* What the title alone rules out for the order's kind. */
static int title_allows(const eng_title *t, ord_action *a, char *why, size_t len)
{
    switch (a->kind) {
    case ORD_BID: return check_bid(t, a, why, len);
    case ORD_BUY:
    case ORD_PAR: return check_par(t, a, why, len);
    case ORD_BUY_PRIVATE:
    case ORD_SELL_PRIVATE: return check_private_sale(t, a, why, len);
    case ORD_EXCHANGE:
        return ord_station_exchange(a) ? check_exchange_station(t, why, len)
                                       : check_exchange(t, a, why, len);
    case ORD_GIVE_UP: return check_give_up(t, a, why, len);
    case ORD_BUY_BONUS: return check_bonus(t, a, why, len);
    case ORD_PORT: return check_port(t, a, why, len);
    case ORD_PRIVATE: return check_use(t, a, why, len);
    default: return 0;
    }
}

/* SELL PRIVATE priv TO someone not a company: a player, where players sell each other privates
 * (1830); stored as such (seller). */
static void sold_to_a_player(const eng_title *t, ord_action *a)
{
    if (a->kind == ORD_SELL_PRIVATE && t->privates_between_players && a->company[0] &&
        eng_company_index(t, a->company) < 0) {
        memcpy(a->seller, a->company, sizeof a->seller);
        a->company[0] = '\0';
    }
}

static int check_action(const eng_title *t, ord_action *a, char *why, size_t len)
{
    item_as_company(t, a);
    sold_to_a_player(t, a);
    bonus_as_private(t, a);
    if (a->kind != ORD_BID && canonical(t, &COMPANY, a->company, sizeof a->company, why, len))
        return -1;
    if (canonical(t, &COMPANY, a->priv, sizeof a->priv, why, len) ||
        canonical(t, &TRAIN, a->train, sizeof a->train, why, len) ||
        canonical(t, &HEX, a->hex, sizeof a->hex, why, len) ||
        canonical(t, &TILE, a->tile, sizeof a->tile, why, len) ||
        canonical(t, &GOAL, a->goal, sizeof a->goal, why, len) || certificates(t, a, why, len) ||
        title_allows(t, a, why, len))
        return -1;
    for (int i = 0; i < a->nstops; i++)
        if (canonical(t, &HEX, a->stops[i], sizeof a->stops[i], why, len))
            return -1;
    return 0;
}

/* HOME in the section of a company whose home city is its director's choice, in its home hex,
 * naming one of that hex's cities (as printed: an upgrade keeps them). */
static int check_home(const eng_title *t, const ord_order *o, const ord_action *a, char *why,
                      size_t len)
{
    int c = eng_company_index(t, o->section);
    if (c < 0 || !t->companies[c].home_choice)
        return snprintf(why, len, "HOME is for a company whose home city its director chooses%s%s"
                                  "%s", c >= 0 ? ": " : "", c >= 0 ? t->companies[c].id : "",
                        c >= 0 ? "'s is not a choice" : ", in its section"), -1;
    const eng_company *co = &t->companies[c];
    const char *home = t->hexes[co->home_hex].id;
    if (a->hex[0] && strcmp(a->hex, home) != 0)
        return snprintf(why, len, "%s's home is in %s, not %s", co->id, home, a->hex), -1;
    int n = t->hexes[co->home_hex].printed.ncities;
    if (a->city < 1 || a->city > n)
        return snprintf(why, len, "%s has cities 1 to %d", home, n), -1;
    return 0;
}

/* Where the title needs an order written: a private bought by a major, in a major's section; a
 * private traded for a share, among the stock-round orders (it is done on the owner's turn). */
static int placed(const eng_title *t, const ord_order *o, const ord_action *a, char *why,
                  size_t len)
{
    int section = eng_company_index(t, o->section), c = eng_company_index(t, a->company);
    if (a->kind == ORD_BUY_PRIVATE && section >= 0 && t->companies[section].kind != ENG_MAJOR)
        return snprintf(why, len, "only a major buys privates: write it in the major's orders"),
               -1;
    if ((a->kind == ORD_BUY_BONUS || a->kind == ORD_PORT) && section >= 0 &&
        t->companies[section].kind != ENG_MAJOR)
        return snprintf(why, len, "only a major %s: write it in the major's orders",
                        a->kind == ORD_PORT ? "places a marker" : "buys a bonus"), -1;
    if (a->kind == ORD_EXCHANGE && o->section[0] && c >= 0 &&
        t->companies[c].kind == ENG_PRIVATE && t->companies[c].exchange_company >= 0)
        return snprintf(why, len, "%s is exchanged on your stock-round turn: write it among the "
                                  "stock-round orders", t->companies[c].id),
               -1;
    return 0;
}

/* A loan taken or repaid: in a title with loans, in a major's section. */
static int check_loan(const eng_title *t, const ord_order *o, const ord_action *a, char *why,
                      size_t len)
{
    if (a->kind != ORD_TAKE_LOAN && a->kind != ORD_REPAY_LOAN)
        return 0;
    if (t->loans.amount == 0)
        return snprintf(why, len, "there are no loans in %s", t->id), -1;
    int section = eng_company_index(t, o->section);
    if (section >= 0 && t->companies[section].kind != ENG_MAJOR)
        return snprintf(why, len, "only a major has loans: write it in the major's orders"), -1;
    return 0;
}

int turn_canonical_order(const eng_title *t, ord_order *o, char *why, size_t len)
{
    if (canonical(t, &COMPANY, o->section, sizeof o->section, why, len)) {
        /* (the "XY:" line itself is no order: each order under it says why) */
        size_t n = strlen(why);
        snprintf(why + n, len - n, " (the section \"%s:\" this line is in)", o->section);
        return -1;
    }
    for (int i = 0; i < o->nconds; i++) {
        ord_cond *c = &o->conds[i];
        if (canonical(t, c->kind == ORD_IF_TRAIN ? &TRAIN : &COMPANY, c->name, sizeof c->name,
                      why, len))
            return -1;
    }
    for (int i = 0; i < o->nalts; i++)
        if (check_action(t, &o->alts[i], why, len) || placed(t, o, &o->alts[i], why, len) ||
            check_loan(t, o, &o->alts[i], why, len) ||
            (o->alts[i].kind == ORD_HOME && check_home(t, o, &o->alts[i], why, len)))
            return -1;
    return 0;
}

int turn_check_order(const eng_title *t, const ord_order *o, char *why, size_t len)
{
    ord_order copy = *o;
    return turn_canonical_order(t, &copy, why, len);
}
