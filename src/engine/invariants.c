/* invariants: the checks of invariants.h, one function per invariant, each saying what broke
 * (through eng_refuse's formatting) with the names a reader of the game knows.
 *
 * Where the money is: with the bank, the players and the companies, nowhere else — bids are
 * not held in escrow (a bidder's money stays his; auction.c counts what his bids promise), and
 * every rule that pays (start cash, privates' income, dividends, withheld revenue, floats, the
 * GM's corrections) pays from the bank, every cost is paid to it, so no rule of the engine
 * makes or destroys money: the sum stays the title's bank, also once the bank is broken (it
 * pays on below 0, as Rails). A certificate's place is its owner field: a player, the IPO,
 * the pool, or reserved for the minor or private it is exchanged for. A train is held by a
 * company, in the pool, with the bank, or gone: rusted or scrapped when obsolete (the only
 * ways a train leaves the game); a private's free train (18GA's OSO) is one more of its kind.
 * A station marker is on the map or still with its company.
 * A loan's money goes from the bank to the company and back, its interest to the bank. */
#include "engine/invariants.h"

#include "engine/capital.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- money ---- */

static int check_bids(const eng_game *g, int p, char *what, size_t len)
{
    int promised = 0;
    for (int i = 0; i < g->t->nstart_items && i < 32; i++) {
        int bid = g->bids[i][p];
        if (bid < 0 || (bid > 0 && g->item_sold[i]))
            return eng_refuse(what, len, "money: %s bids %d on %s, %s", g->players[p].name, bid,
                              g->t->start_items[i].id, bid < 0 ? "below 0" : "sold already");
        promised += bid;
    }
    if (promised > g->players[p].cash)
        return eng_refuse(what, len, "money: %s's bids promise %d and he has %d",
                          g->players[p].name, promised, g->players[p].cash);
    return 0;
}

/* The bank's, the players' and the companies' money. */
static int money_in_all(const eng_game *g)
{
    int total = g->bank;
    for (int p = 0; p < g->nplayers; p++)
        total += g->players[p].cash;
    for (int c = 0; c < g->t->ncompanies; c++)
        total += g->co[c].cash;
    return total;
}

static int check_money(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    (void)a;
    int players = 0, companies = 0;
    for (int p = 0; p < g->nplayers; p++) {
        if (g->players[p].cash < 0)
            return eng_refuse(what, len, "money: %s has %d", g->players[p].name,
                              g->players[p].cash);
        if (check_bids(g, p, what, len))
            return -1;
        players += g->players[p].cash;
    }
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (s->cash < 0 || (s->closed && s->cash != 0))
            return eng_refuse(what, len, "money: %s%s has %d", s->closed ? "closed " : "",
                              g->t->companies[c].id, s->cash);
        companies += s->cash;
    }
    int total = g->bank + players + companies;
    if (total != g->t->bank)
        return eng_refuse(what, len, "money: %d in all (bank %d, players %d, companies %d), not "
                                     "the %d the game began with", total, g->bank, players,
                          companies, g->t->bank);
    return 0;
}

/* ---- certificates ---- */

static const char *place_name(const eng_game *g, int owner)
{
    if (owner >= 0 && owner < g->nplayers)
        return g->players[owner].name;
    return owner == ENG_IPO ? "the IPO" : owner == ENG_POOL ? "the pool"
           : owner == ENG_RESERVED ? "reserve" : "nowhere";
}

/* Each certificate in a place that exists; 100% in all; one director's certificate. */
static int check_cert_places(const eng_game *g, int c, char *what, size_t len)
{
    const eng_company_state *s = &g->co[c];
    const char *id = g->t->companies[c].id;
    int sum = 0, directors = 0;
    for (int i = 0; i < s->ncerts; i++) {
        const eng_cert_state *cs = &s->certs[i];
        int o = cs->owner, x = cs->reserved_for;
        bool place = (o >= 0 && o < g->nplayers) || o == ENG_IPO || o == ENG_POOL ||
                     (o == ENG_RESERVED && x >= 0 && x < g->t->ncompanies && !eng_is_major(g, x));
        if (!place)
            return eng_refuse(what, len, "certificates: a %d%% certificate of %s is in no place "
                                         "(owner %d)", cs->percent, id, o);
        if (o == ENG_RESERVED && g->co[x].closed)
            return eng_refuse(what, len, "certificates: a %d%% certificate of %s is still "
                                         "reserved for %s, which is closed", cs->percent, id,
                              g->t->companies[x].id);
        sum += cs->percent;
        directors += cs->director;
    }
    if (sum != 100)
        return eng_refuse(what, len, "certificates: %s's certificates add to %d%%", id, sum);
    if (directors != 1)
        return eng_refuse(what, len, "certificates: %s has %d director's certificates", id,
                          directors);
    return 0;
}

/* A major started has a director (one not started none), who holds the director's certificate
 * and at least as much as any other player (a formation round settles its company's director
 * at its end, as Rails). */
static int check_director(const eng_game *g, int c, char *what, size_t len)
{
    const eng_company_state *s = &g->co[c];
    const char *id = g->t->companies[c].id;
    int d = s->director, dc = 0;
    while (!s->certs[dc].director)
        dc++;
    int holder = s->certs[dc].owner;
    if (s->started != (d != ENG_NONE))
        return eng_refuse(what, len, "certificates: %s is %sstarted and has %s director", id,
                          s->started ? "" : "not ", d != ENG_NONE ? "a" : "no");
    if (d == ENG_NONE)
        return holder >= 0 || holder == ENG_POOL
                   ? eng_refuse(what, len, "certificates: %s has no director, and its director's "
                                           "certificate is with %s", id, place_name(g, holder))
                   : 0;
    if (d < 0 || d >= g->nplayers || holder != d)
        return eng_refuse(what, len, "certificates: %s's director is %s, its director's "
                                     "certificate with %s", id, place_name(g, d),
                          place_name(g, holder));
    if (g->forming && c == g->t->formation.company)
        return 0;
    for (int p = 0; p < g->nplayers; p++)
        if (eng_percent_held(g, c, p) > eng_percent_held(g, c, d))
            return eng_refuse(what, len, "certificates: %s holds %d%% of %s, more than its "
                                         "director %s's %d%%", g->players[p].name,
                              eng_percent_held(g, c, p), id, g->players[d].name,
                              eng_percent_held(g, c, d));
    return 0;
}

/* A minor or private: owned whole by a player, or held by a major (its owner then none). */
static int check_whole_company(const eng_game *g, int c, char *what, size_t len)
{
    const eng_company_state *s = &g->co[c];
    bool owner = s->owner == ENG_NONE || (s->owner >= 0 && s->owner < g->nplayers);
    bool held = s->held_by == ENG_NONE || (eng_is_major(g, s->held_by) && s->owner == ENG_NONE);
    if (s->ncerts != 0 || !owner || !held)
        return eng_refuse(what, len, "certificates: %s is owned by %d and held by %d (%d "
                                     "shares)", g->t->companies[c].id, s->owner, s->held_by,
                          s->ncerts);
    return 0;
}

static int check_certificates(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    (void)a;
    for (int c = 0; c < g->t->ncompanies; c++) {
        if (!eng_is_major(g, c)) {
            if (check_whole_company(g, c, what, len))
                return -1;
            continue;
        }
        if (check_cert_places(g, c, what, len) || check_director(g, c, what, len))
            return -1;
        int pool = eng_percent_held(g, c, ENG_POOL);
        if (pool > g->t->pool_limit_percent)
            return eng_refuse(what, len, "certificates: the pool holds %d%% of %s, above its "
                                         "%d%%", pool, g->t->companies[c].id,
                              g->t->pool_limit_percent);
    }
    return 0;
}

/* ---- the certificate limit: the rules bind a player by it when he buys (a certificate from
 * the IPO or the pool that counts, a private from another player); he may be over it through
 * no purchase of his own — a price moving out of a zone whose certificates do not count, a
 * directorship changing hands, the formation's exchanges, the 80% bonus lost — and a
 * nationalising director's buy-out is not bound (as Rails). So: after a purchase of his, the
 * buyer is within it, and within the share limit. ---- */

static int check_buyer(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    if (!a)
        return 0;
    int p = a->player, c = a->company;
    bool share = a->kind == ENG_ACT_BUY_SHARE && !a->from_player;
    bool private = a->kind == ENG_ACT_BUY_PRIVATE && g->round == ENG_ROUND_STOCK && !g->forming;
    if ((!share && !private) || p < 0 || p >= g->nplayers || c < 0 || c >= g->t->ncompanies)
        return 0;
    if ((private || eng_market_zone(g, c) < ENG_ZONE_YELLOW) &&
        eng_certificate_count(g, p) > eng_certificate_limit(g, p))
        return eng_refuse(what, len, "certificate limit: %s holds %d certificates after buying "
                                     "%s, the limit is %d", g->players[p].name,
                          eng_certificate_count(g, p), g->t->companies[c].id,
                          eng_certificate_limit(g, p));
    if (share && eng_market_zone(g, c) < ENG_ZONE_ORANGE &&
        eng_percent_held(g, c, p) > eng_player_share_limit(g))
        return eng_refuse(what, len, "certificate limit: %s holds %d%% of %s after buying, the "
                                     "limit is %d%%", g->players[p].name,
                          eng_percent_held(g, c, p), g->t->companies[c].id,
                          eng_player_share_limit(g));
    return 0;
}

/* ---- the train limit: a company holds no more trains than the phase allows, but while the
 * game waits for a discard (g->discarding: one company at a time, in operating order), during
 * a formation round (the formed company takes the minors' trains; it discards when play goes
 * on), and for a company about to be exchanged away at the train that forces every exchange
 * (it is not asked to discard). ---- */

static bool exchanged_by_force(const eng_game *g, int c)
{
    const struct eng_formation *f = &g->t->formation;
    for (int i = 0; g->formation_force && i < f->nexchanges; i++)
        if (f->exchanges[i] == c)
            return true;
    return false;
}

static int check_train_limits(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    (void)a;
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (s->closed || s->ntrains <= eng_train_limit(g, c))
            continue;
        if (g->discarding != ENG_NONE || g->forming || exchanged_by_force(g, c))
            continue;
        return eng_refuse(what, len, "train limit: %s holds %d trains, its limit is %d, and no "
                                     "discard is awaited", g->t->companies[c].id, s->ntrains,
                          eng_train_limit(g, c));
    }
    return 0;
}

/* ---- trains: each in one place ---- */

/* Whether trains of the kind may have left the game: rusted (the kind it rusts on bought) or
 * obsolete (scrapped after its last run, or at once from the pool). */
static bool kind_may_be_gone(const eng_game *g, int k, bool *rusted)
{
    *rusted = eng_train_rusted(g, k);
    return *rusted || g->train_obsolete[k];
}

/* The trains of the kind privates gave the majors that bought them, besides the title's count
 * (18GA's OSO's free 2-train). */
static int free_trains_given(const eng_game *g, int k)
{
    int n = 0;
    for (int p = 0; p < g->t->ncompanies; p++)
        n += g->t->companies[p].powers.free_train == k && g->co[p].free_train_given;
    return n;
}

static int check_train_kind(const eng_game *g, int k, int held, char *what, size_t len)
{
    const eng_train *tr = &g->t->trains[k];
    int pool = g->pool_trains[k], left = g->trains_left[k];
    bool rusted, may_be_gone = kind_may_be_gone(g, k, &rusted);
    if (pool < 0 || left < 0 || (tr->count_unlimited && left != ENG_TRAINS_UNLIMITED))
        return eng_refuse(what, len, "trains: %d %s-trains in the pool, %d with the bank", pool,
                          tr->name, left);
    if ((rusted && held + pool > 0) || (g->train_obsolete[k] && pool > 0))
        return eng_refuse(what, len, "trains: %d %s-trains held and %d in the pool, rusted or "
                                     "obsolete", held, tr->name, pool);
    if (tr->count_unlimited)
        return 0;
    int in_play = held + pool + left, count = tr->count + free_trains_given(g, k);
    if (in_play > count || (in_play < count && !may_be_gone))
        return eng_refuse(what, len, "trains: %d %s-trains held, %d in the pool and %d with the "
                                     "bank: %d, of the %d there are", held, tr->name, pool, left,
                          in_play, count);
    return 0;
}

/* The trains of each kind held by companies, in the pool and with the bank (less the free
 * trains privates gave: what is conserved). */
static void trains_in_play(const eng_game *g, int *in_play)
{
    for (int k = 0; k < g->t->ntrains && k < ENG_MAX_TRAIN_TYPES; k++)
        in_play[k] = g->pool_trains[k] + g->trains_left[k] - free_trains_given(g, k);
    for (int c = 0; c < g->t->ncompanies; c++)
        for (int i = 0; i < g->co[c].ntrains && i < ENG_MAX_TRAINS; i++)
            if (g->co[c].trains[i] >= 0 && g->co[c].trains[i] < ENG_MAX_TRAIN_TYPES)
                in_play[g->co[c].trains[i]]++;
}

static int check_trains(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    (void)a;
    int held[ENG_MAX_TRAIN_TYPES] = {0};
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (s->ntrains < 0 || s->ntrains > ENG_MAX_TRAINS || (s->closed && s->ntrains))
            return eng_refuse(what, len, "trains: %s%s holds %d trains", s->closed ? "closed " : "",
                              g->t->companies[c].id, s->ntrains);
        for (int i = 0; i < s->ntrains; i++) {
            if (s->trains[i] < 0 || s->trains[i] >= g->t->ntrains)
                return eng_refuse(what, len, "trains: %s holds a train of no kind (%d)",
                                  g->t->companies[c].id, s->trains[i]);
            held[s->trains[i]]++;
        }
    }
    for (int k = 0; k < g->t->ntrains && k < ENG_MAX_TRAIN_TYPES; k++)
        if (check_train_kind(g, k, held[k], what, len))
            return -1;
    return 0;
}

/* ---- stations: each marker on the map once or with its company; one station of a company
 * in a hex; stations only in the cities of the hex's track, no more than their circles, a
 * circle kept for a home only where it fits. ---- */

/* Whether the city holds a station or a kept circle. */
static bool city_used(const eng_board *b, int h, int k)
{
    if (b->reserved[h][k] != ENG_NONE)
        return true;
    for (int s = 0; s < ENG_MAX_SLOTS; s++)
        if (b->tokens[h][k][s] != ENG_NONE)
            return true;
    return false;
}

/* A station of a company closed as it merged into the national, left on the map while the
 * national's director chooses which it takes over (1856's CGR; titles/t1856.c). */
static bool awaiting_national(const eng_game *g, int x)
{
    return g->forming && g->national_choosing == ENG_NATIONAL_CHOOSES_STATIONS &&
           ((g->national_merging >> x) & 1u);
}

static int check_city(const eng_game *g, int h, const eng_track *tr, int k, int *seen_in_hex,
                      int *placed, char *what, size_t len)
{
    const eng_board *b = g->board;
    const char *hex = g->t->hexes[h].id;
    int n = 0;
    for (int s = 0; s < ENG_MAX_SLOTS; s++) {
        int x = b->tokens[h][k][s];
        if (x == ENG_NONE)
            continue;
        if (x < 0 || x >= g->t->ncompanies || k >= tr->ncities ||
            (g->co[x].closed && !awaiting_national(g, x)))
            return eng_refuse(what, len, "stations: a station of %d in city %d of %s (the hex "
                                         "has %d)%s", x, k + 1, hex, tr->ncities,
                              x >= 0 && x < g->t->ncompanies && g->co[x].closed ? ", closed" : "");
        if (seen_in_hex[x]++)
            return eng_refuse(what, len, "stations: %s has two stations in %s",
                              g->t->companies[x].id, hex);
        placed[x]++;
        n++;
    }
    bool kept = b->reserved[h][k] != ENG_NONE;
    if (n + kept > 0 && (k >= tr->ncities || n + kept > tr->cities[k].slots))
        return eng_refuse(what, len, "stations: city %d of %s holds %d stations%s, it has %d "
                                     "circles", k + 1, hex, n, kept ? " and a kept circle" : "",
                          k < tr->ncities ? tr->cities[k].slots : 0);
    return 0;
}

static int check_stations(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    (void)a;
    int placed[ENG_MAX_COMPANIES] = {0};
    for (int h = 0; h < g->t->nhexes; h++) {
        int seen_in_hex[ENG_MAX_COMPANIES] = {0};
        const eng_track *tr = NULL; /* (looked up only for a hex with stations: most have none) */
        for (int k = 0; k < ENG_MAX_CITIES; k++) {
            if (!city_used(g->board, h, k))
                continue;
            tr = tr ? tr : eng_board_track(g->board, h, NULL);
            if (check_city(g, h, tr, k, seen_in_hex, placed, what, len))
                return -1;
        }
    }
    for (int c = 0; c < g->t->ncompanies; c++)
        if (placed[c] > g->t->companies[c].ntokens)
            return eng_refuse(what, len, "stations: %s has %d stations on the map and %d "
                                         "markers", g->t->companies[c].id, placed[c],
                              g->t->companies[c].ntokens);
    return 0;
}

/* Loans (a title's "loans"): none where the title has none, only majors hold them, never
 * fewer than none, and no more taken in a turn than the title allows. The money of a loan
 * moves between the bank and the company, so the money check covers it. */
static int check_loans(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    (void)a;
    const eng_loans *l = &g->t->loans;
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        bool may = l->amount > 0 && g->t->companies[c].kind == ENG_MAJOR;
        if (s->loans < 0 || (!may && s->loans != 0))
            return eng_refuse(what, len, "loans: %s has %d loans", g->t->companies[c].id,
                              s->loans);
        if (s->loans_taken > (may ? l->per_round : 0))
            return eng_refuse(what, len, "loans: %s took %d loans this turn",
                              g->t->companies[c].id, s->loans_taken);
    }
    return 0;
}

/* ---- escrow (1856: capital.c) ---- */

/* The escrow is part of the bank's money (counted there), held for a major started in escrow
 * that has not reached its destination: never below 0, none for any other, never more than the
 * part of its capital the bank keeps for it (5 shares at par). */
static int check_escrow(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    (void)a;
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        bool may = s->capital == ENG_CAPITAL_ESCROW && !s->destination_reached && !s->closed;
        if (s->escrow < 0 || (s->escrow > 0 && !may) ||
            s->escrow > s->par * (100 - g->t->capital.escrow_percent) / 10)
            return eng_refuse(what, len, "money: %s has %d in escrow (%s capitalisation%s)",
                              g->t->companies[c].id, s->escrow,
                              eng_capital_mode_name(s->capital),
                              s->destination_reached ? ", its destination reached" : "");
    }
    return 0;
}

/* ---- privates' run bonuses and markers (1856's bridge, tunnel and port): a major holds only
 * bonuses privates have, no more are sold than the private sells, a marker is on one of its
 * hexes for a major. ---- */

static int check_bonus_private(const eng_game *g, int p, char *what, size_t len)
{
    const eng_powers *pw = &g->t->companies[p].powers;
    const eng_company_state *ps = &g->co[p];
    const char *id = g->t->companies[p].id;
    if (ps->bonuses_sold < 0 || (pw->bonus_for_sale >= 0 && ps->bonuses_sold > pw->bonus_for_sale))
        return eng_refuse(what, len, "bonuses: %d of %s's sold, %d for sale", ps->bonuses_sold,
                          id, pw->bonus_for_sale);
    if (!ps->marker_placed)
        return 0;
    bool on = false;
    for (int i = 0; i < pw->nmarker_hexes; i++)
        on |= pw->marker_hexes[i] == ps->marker_hex;
    if (!on || !eng_is_major(g, ps->marker_user))
        return eng_refuse(what, len, "bonuses: %s's marker on hex %d for company %d", id,
                          ps->marker_hex, ps->marker_user);
    return 0;
}

static int check_bonuses(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    (void)a;
    for (int c = 0; c < g->t->ncompanies; c++) {
        for (int p = 0; p < g->t->ncompanies && p < 32; p++)
            if ((g->co[c].bonuses & (1u << p)) &&
                (!eng_is_major(g, c) || g->t->companies[p].powers.nbonus_hexes == 0))
                return eng_refuse(what, len, "bonuses: %s holds %s's, which has none",
                                  g->t->companies[c].id, g->t->companies[p].id);
        if (g->t->companies[c].kind == ENG_PRIVATE && check_bonus_private(g, c, what, len))
            return -1;
    }
    return 0;
}

/* ---- a national's round (1856's CGR): a company is asked, and its director chooses, only
 * while it is under way, and every company given up to a formed national is closed, without
 * money, trains, loans or a certificate held by anyone; a train it borrows is held only in its
 * own turn, as its only train; a director bound to buy a second share is its director. ---- */

static int check_given_up(const eng_game *g, int c, char *what, size_t len)
{
    const eng_company_state *s = &g->co[c];
    bool held = false;
    for (int i = 0; i < s->ncerts; i++)
        held |= s->certs[i].owner >= 0 || s->certs[i].owner == ENG_POOL;
    if (!s->closed || s->cash || s->ntrains || s->loans || held)
        return eng_refuse(what, len, "national: %s, given up to %s, is %s with %d, %d trains, "
                                     "%d loans%s", g->t->companies[c].id,
                          g->t->companies[g->t->national.company].id,
                          s->closed ? "closed" : "open", s->cash, s->ntrains, s->loans,
                          held ? " and certificates held" : "");
    return 0;
}

static int check_national(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    (void)a;
    int n = g->t->national.company;
    if (n < 0)
        return 0;
    if (!g->forming && g->national_asking != ENG_NONE)
        return eng_refuse(what, len, "national: %s is asked outside the round",
                          g->t->companies[g->national_asking].id);
    if (!g->forming && g->national_choosing != ENG_NATIONAL_CHOOSES_NOTHING)
        return eng_refuse(what, len, "national: its director chooses outside the round");
    if (g->national_single != ENG_NONE && g->co[n].director != g->national_single)
        return eng_refuse(what, len, "national: %s, bound to buy a second share, is not %s's "
                                     "director", g->players[g->national_single].name,
                          g->t->companies[n].id);
    if (g->national_borrowed != ENG_NONE && (g->operating != n || g->co[n].ntrains != 1))
        return eng_refuse(what, len, "national: a borrowed train held out of its turn or with "
                                     "%d trains", g->co[n].ntrains);
    for (int c = 0; c < g->t->ncompanies && !g->forming && g->co[n].started; c++)
        if (((g->national_merging >> c) & 1u) && check_given_up(g, c, what, len))
            return -1;
    return 0;
}

/* The invariants, each a class of checks; what held before an action must hold after it. */
static int (*const CHECKS[])(const eng_game *, const eng_action *, char *, size_t) = {
    check_money, check_certificates, check_buyer, check_train_limits, check_trains,
    check_stations, check_national, check_bonuses, check_escrow, check_loans,
};
enum { NCHECKS = sizeof CHECKS / sizeof *CHECKS };

int eng_invariants_check(const eng_game *g, const eng_action *a, char *what, size_t len)
{
    for (int k = 0; k < NCHECKS; k++)
        if (CHECKS[k](g, a, what, len))
            return -1;
    return 0;
}

void eng_invariants_note(const eng_game *g, const eng_action *a, eng_invariants_before *b)
{
    b->held = 0;
    for (int k = 0; k < NCHECKS; k++)
        if (CHECKS[k](g, a, NULL, 0) == 0)
            b->held |= 1u << k;
    b->money = money_in_all(g);
    memset(b->trains, 0, sizeof b->trains);
    trains_in_play(g, b->trains);
}

/* What the action made or lost: money, or trains other than those rusted or obsolete. */
static int check_conserved(const eng_game *g, const eng_invariants_before *b, char *what,
                           size_t len)
{
    int money = money_in_all(g), trains[ENG_MAX_TRAIN_TYPES] = {0};
    if (money != b->money)
        return eng_refuse(what, len, "money: %d in all after the action, %d before", money,
                          b->money);
    trains_in_play(g, trains);
    for (int k = 0; k < g->t->ntrains && k < ENG_MAX_TRAIN_TYPES; k++) {
        bool rusted;
        if (g->t->trains[k].count_unlimited) /* (the bank never runs out of them) */
            continue;
        if (trains[k] > b->trains[k] || (trains[k] < b->trains[k] &&
                                         !kind_may_be_gone(g, k, &rusted)))
            return eng_refuse(what, len, "trains: %d %s-trains held, in the pool and with the "
                                         "bank after the action, %d before", trains[k],
                              g->t->trains[k].name, b->trains[k]);
    }
    return 0;
}

/* Those that held before the action and broke: 0, or -1 with what. */
static int broken_by(const eng_game *g, const eng_action *a, const eng_invariants_before *b,
                     char *what, size_t len)
{
    if (check_conserved(g, b, what, len))
        return -1;
    for (int k = 0; k < NCHECKS; k++)
        if ((b->held & (1u << k)) && CHECKS[k](g, a, what, len))
            return -1;
    return 0;
}

/* Where the game is now, for the fatal report: "stock round 3", "operating round 2.1 (BY)". */
static const char *where_now(const eng_game *g, char *out, size_t len)
{
    if (g->forming)
        snprintf(out, len, "a formation round");
    else if (g->round == ENG_ROUND_START)
        snprintf(out, len, "start packet round %d", g->start_round_number);
    else if (g->round == ENG_ROUND_STOCK)
        snprintf(out, len, "stock round %d", g->stock_round_number);
    else if (g->round == ENG_ROUND_OPERATING)
        snprintf(out, len, "operating round %d.%d (%s)", g->or_set, g->or_in_set,
                 g->operating >= 0 ? g->t->companies[g->operating].id : "none operating");
    else
        snprintf(out, len, "the game's end");
    return out;
}

int eng_invariants_after(const eng_game *g, const eng_action *a, const eng_invariants_before *b,
                         int rc)
{
    char what[512];
    if (rc != 0 || broken_by(g, a, b, what, sizeof what) == 0)
        return rc;
    char where[96];
    char *json = eng_action_to_json(g, a);
    fprintf(stderr, "pbemgm: engine invariant broken after the action %s (by %s; the game now "
                    "in %s): %s\n", json ? json : "?",
            a->player >= 0 && a->player < g->nplayers ? g->players[a->player].name : "no player",
            where_now(g, where, sizeof where), what);
    free(json);
    abort();
}
