/* t1856: 1856's hooks (engine/hooks.h) — what its rules need beyond config/games/1856.json.
 *
 * Its special round: the national (the CGR, the title's "national" and its "national_rules";
 * eng_title.national), formed at the first train of `forms_on` (the 6) from the majors whose
 * loans are not repaid (the published rules; Rails CGRFormationRound, 18xx.games
 * event_nationalization!; 1856.json "decisions" says where they differ and what is chosen).
 *
 * The round is asked for by the purchase (after its discards) and the buyer's turn goes on
 * after it. Every major with loans first repays what its treasury can. Then each director, from
 * the buyer's director in seating order, his companies in operating order, is asked for each
 * company with loans left: REPAY N (ENG_ACT_REPAY_LOAN, amount N: the company's money first,
 * then his own; he sells no shares) or PASS (gives it up). A company with loans left is given
 * up; a director who cannot add enough for one loan is not asked.
 *
 * The companies given up merge into the national: their holders' shares 2 for 1 (a director's
 * certificate is 2; a player's odd share goes to the pool, the pool's are exchanged likewise,
 * its odd one lost; IPO shares are not exchanged), at most max_shares, 10% shares up to
 * share_split, else every share halved (the director's 10%, 5% shares); its director the
 * player with the most (the first from the buyer on a tie; with a single share, his
 * director's certificate is of one share, the second in the IPO, and he must buy it:
 * g->national_single, engine/national.c); its price the average of theirs (the lowest dropped
 * from three merged), down to $5, at least 100, the nearest space of the market's top row (a
 * tie: the higher); their money, trains and home stations (one per hex); their loans
 * cancelled; they close. No company given up: it does not form.
 *
 * Then its director chooses (directors_choose; g->national_choosing): the stations left, while
 * two share a hex or they are in more hexes than it has markers (STATION hex city: that one is
 * taken over, the others of its hex removed); over its train limit the trains it discards
 * (DISCARD_TRAIN, one that will rust first); then any that will rust he discards by choice. A
 * PASS leaves the rest to the fixed rule (the stations by company in the round's order and hex,
 * one per hex, at most station_limit, the rest removed; the cheapest trains that will rust to
 * the pool down to its limit). From the round's end the certificate limit follows the majors
 * open (national.cert_limit_after; query.c). */
#include "engine/hooks.h"
#include "engine/query.h"
#include "engine/refuse.h"
#include "engine/state.h"
#include "engine/titles/titles.h"

#include <string.h>

static const struct eng_national *nat(const eng_game *g)
{
    return &g->t->national;
}

static bool merging(const eng_game *g, int c)
{
    return (g->national_merging >> c) & 1u;
}

/* Where c comes in the operating order (those not in it after). */
static int or_position(const eng_game *g, int c)
{
    for (int i = 0; i < g->nor_order; i++)
        if (g->or_order[i] == c)
            return i;
    return g->nor_order + c;
}

/* The majors with loans, by director from the starter, each director's by operating order;
 * `given_up`: those given up, else those still to be asked. Returns how many. */
static int in_order(const eng_game *g, bool given_up, int *out)
{
    int n = 0;
    for (int k = 0; k < g->nplayers; k++) {
        int p = (g->national_starter + k) % g->nplayers, first = n;
        for (int c = 0; c < g->t->ncompanies; c++) {
            const eng_company_state *s = &g->co[c];
            if (!eng_is_major(g, c) || c == nat(g)->company || s->director != p)
                continue;
            if (given_up ? merging(g, c) : (!s->closed && s->loans > 0 && !merging(g, c)))
                out[n++] = c;
        }
        for (int i = first + 1; i < n; i++) /* insertion sort by operating order */
            for (int j = i; j > first && or_position(g, out[j]) < or_position(g, out[j - 1]);
                 j--) {
                int t = out[j];
                out[j] = out[j - 1];
                out[j - 1] = t;
            }
    }
    return n;
}

static void give_up(eng_game *g, int c)
{
    g->national_merging |= 1u << c;
    eng_event_add(g, ENG_EV_WILL_MERGE, g->co[c].director, c, g->co[c].loans, 0, false);
}

/* c repays n loans: its money first, then its director's. */
static void repay(eng_game *g, int c, int n)
{
    eng_company_state *s = &g->co[c];
    int owed = n * nat(g)->loan_value, own = owed < s->cash ? owed : s->cash, dir = s->director;
    s->cash -= own;
    g->bank += own;
    if (owed > own)
        eng_player_pays_bank(g, dir, owed - own);
    s->loans -= n;
    eng_event_add_item(g, ENG_EV_LOANS_REPAID, dir, c, owed - own, n, own);
}

/* ---- the national formed ---- */

/* The average of the merged prices (the lowest dropped from three), down to 5, at least 100,
 * as the nearest space of the market's top row (a tie: the higher); its column. */
static int national_column(const eng_game *g, const int *merged, int n)
{
    int sum = 0, low = 1 << 30, count = n;
    for (int i = 0; i < n; i++) {
        int p = eng_share_price(g, merged[i]);
        sum += p;
        low = p < low ? p : low;
    }
    if (count >= 3) {
        sum -= low;
        count--;
    }
    int target = sum / count / 5 * 5, best = -1, best_d = 0;
    target = target < 100 ? 100 : target;
    for (int col = 0; col < g->t->market_cols; col++) {
        int p = g->t->market[col], d = p > target ? p - target : target - p;
        if (p >= 100 && (best < 0 || d <= best_d)) { /* (prices rise along the row) */
            best = col;
            best_d = d;
        }
    }
    return best;
}

/* Shares (of 10%) of the companies given up held by owner. */
static int shares_given_up(const eng_game *g, int owner)
{
    int n = 0;
    for (int c = 0; c < g->t->ncompanies; c++)
        for (int i = 0; merging(g, c) && i < g->co[c].ncerts; i++)
            n += g->co[c].certs[i].owner == owner ? g->co[c].certs[i].percent / 10 : 0;
    return n;
}

/* The national's certificates for `issued` shares: its director's (one share when he has a
 * single one, the other share then an ordinary certificate in the IPO) and the others, all in
 * the IPO. Returns the percent of a share. */
static int make_certs(eng_game *g, int issued, bool single_share_director)
{
    const struct eng_national *n = nat(g);
    eng_company_state *s = &g->co[n->company];
    int unit = issued > n->share_split ? 100 / (2 * n->share_split) : 100 / n->share_split;
    int ordinary = 100 / unit - 2 + (single_share_director ? 1 : 0);
    memset(s->certs, 0, sizeof s->certs);
    s->ncerts = 1 + ordinary;
    s->certs[0] = (eng_cert_state){.percent = single_share_director ? unit : 2 * unit,
                                   .director = true, .owner = ENG_IPO, .reserved_for = -1};
    for (int i = 1; i < s->ncerts; i++)
        s->certs[i] = (eng_cert_state){.percent = unit, .owner = ENG_IPO, .reserved_for = -1};
    return unit;
}

/* n ordinary certificates of the national from the IPO to owner. */
static void hand_out(eng_game *g, int owner, int n)
{
    eng_company_state *s = &g->co[nat(g)->company];
    for (int i = 1; i < s->ncerts && n > 0; i++)
        if (s->certs[i].owner == ENG_IPO) {
            s->certs[i].owner = owner;
            n--;
        }
}

/* The event of an exchange: owner's `old` shares for `got` of the national, `owed` due; those
 * owed beyond the national's last share are lost (the event's item; -1: none). */
static void exchange_event(eng_game *g, int owner, int old, int got, int owed)
{
    eng_event_add(g, ENG_EV_SHARES_MERGED, owner, nat(g)->company, old, got,
                  owner != ENG_NONE && old % 2);
    if (owed > got && g->nevents > 0)
        g->events[g->nevents - 1].item = owed - got;
}

/* The exchange of shares; returns the national's director. Once its max_shares are given out,
 * the shares owed to the holders after (seating order from the buyer, then the pool) are lost
 * (Rails CGRFormationRound.formCGR; 18xx.games national_share_swap). */
static int exchange_shares(eng_game *g)
{
    const struct eng_national *n = nat(g);
    int got[ENG_MAX_PLAYERS] = {0}, left = n->max_shares, pool = shares_given_up(g, ENG_POOL);
    int director = ENG_NONE, most = 0;
    for (int k = 0; k < g->nplayers; k++) {
        int p = (g->national_starter + k) % g->nplayers, old = shares_given_up(g, p);
        if (!old)
            continue;
        got[p] = old / 2 < left ? old / 2 : left;
        left -= got[p];
        pool += old % 2;
        exchange_event(g, p, old, got[p], old / 2);
        if (got[p] > most) {
            most = got[p];
            director = p;
        }
    }
    int pooled = pool / 2 < left ? pool / 2 : left, issued = n->max_shares - left + pooled;
    exchange_event(g, ENG_NONE, pool, pooled, pool / 2);
    if (director == ENG_NONE) /* (only pool shares: the first director after the buyer) */
        director = g->national_starter;
    int unit = make_certs(g, issued, most < 2);
    eng_event_add(g, ENG_EV_NATIONAL_SHARES, ENG_NONE, n->company, 100 / unit, unit, false);
    g->co[n->company].certs[0].owner = director;
    if (most < 2 && n->director_buys_second) { /* he buys the second share first (national.c) */
        g->national_single = director;
        eng_event_add(g, ENG_EV_MUST_BUY_SECOND, director, n->company, 0, 0, false);
    }
    for (int p = 0; p < g->nplayers; p++)
        hand_out(g, p, p == director ? (got[p] > 2 ? got[p] - 2 : 0) : got[p]);
    hand_out(g, ENG_POOL, pooled);
    return director;
}

/* Whether the national already has a station in hex h. */
static bool national_in_hex(const eng_game *g, int h)
{
    for (int c = 0; c < ENG_MAX_CITIES; c++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            if (g->board->tokens[h][c][s] == nat(g)->company)
                return true;
    return false;
}

/* x's stations in hex h (homes: only in its home hex; else in every other): taken over while
 * the national has none in the hex and stations left, else removed. */
static void take_stations(eng_game *g, int x, bool homes, int *placed)
{
    const struct eng_national *n = nat(g);
    for (int h = 0; h < g->t->nhexes; h++) {
        if ((h == g->t->companies[x].home_hex) != homes)
            continue;
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            for (int s = 0; s < ENG_MAX_SLOTS; s++) {
                int *slot = &g->board->tokens[h][c][s];
                if (*slot != x)
                    continue;
                bool take = !national_in_hex(g, h) && *placed < n->station_limit;
                *slot = take ? n->company : ENG_NONE;
                *placed += take;
                eng_event_add(g, take ? ENG_EV_TOKEN_EXCHANGED : ENG_EV_TOKEN_REMOVED, ENG_NONE,
                              x, h, c, false);
            }
    }
}

/* x's run bonuses (1856's bridge and tunnel tokens) to the national; a second of one goes back
 * on sale (Rails CGRFormationRound moves the bonuses still valid, a duplicate sellable again;
 * 18xx.games merge_major: a second token back to the bank pool). */
static void take_bonuses(eng_game *g, int x)
{
    int n = nat(g)->company;
    for (int p = 0; p < g->t->ncompanies && p < 32; p++) {
        unsigned bit = 1u << p;
        if (!(g->co[x].bonuses & bit))
            continue;
        if (g->co[n].bonuses & bit) {
            g->co[p].bonuses_sold -= g->co[p].bonuses_sold > 0;
            continue;
        }
        g->co[n].bonuses |= bit;
        eng_event_add_item(g, ENG_EV_GOT_BONUS, ENG_NONE, n, p, 0, 0);
    }
    g->co[x].bonuses = 0;
}

/* x's money, trains and bonuses to the national, its loans cancelled (its escrow the bank's again),
 * its shares gone; it closes. */
static void absorb(eng_game *g, int x)
{
    const struct eng_national *n = nat(g);
    eng_company_state *s = &g->co[x], *cg = &g->co[n->company];
    int cash = s->cash, trains = s->ntrains;
    cg->cash += cash;
    s->cash = 0;
    for (int k = 0; k < s->ntrains; k++)
        if (cg->ntrains < ENG_MAX_TRAINS)
            cg->trains[cg->ntrains++] = s->trains[k];
        else
            g->pool_trains[s->trains[k]]++;
    s->ntrains = 0;
    eng_event_add(g, ENG_EV_MERGED, s->director, x, cash, trains, false);
    s->escrow = s->loans = 0; /* (the escrow: the bank's money all along, engine/capital.c) */
    for (int i = 0; i < s->ncerts; i++)
        s->certs[i].owner = ENG_IPO;
    take_bonuses(g, x);
    for (int c = 0; c < g->t->ncompanies; c++) /* (a private it held: the national's) */
        if (g->co[c].held_by == x)
            g->co[c].held_by = n->company;
    for (int h = 0; h < g->t->nhexes; h++) /* (a home circle still kept for it) */
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            if (g->board->reserved[h][c] == x)
                g->board->reserved[h][c] = ENG_NONE;
    s->closed = true;
    s->started = s->floated = false;
    s->director = ENG_NONE;
    s->row = s->col = -1;
}

/* Over its train limit: the cheapest trains that will rust go first, then the cheapest, to
 * the pool. */
static void discard_excess(eng_game *g)
{
    int c = nat(g)->company;
    eng_company_state *s = &g->co[c];
    while (s->ntrains > eng_train_limit(g, c)) {
        int pick = 0;
        for (int i = 1; i < s->ntrains; i++) {
            const eng_train *a = &g->t->trains[s->trains[i]], *b = &g->t->trains[s->trains[pick]];
            bool a_rusts = a->rusts_on[0] != '\0', b_rusts = b->rusts_on[0] != '\0';
            if (a_rusts > b_rusts || (a_rusts == b_rusts && a->cost < b->cost))
                pick = i;
        }
        int type = s->trains[pick];
        s->trains[pick] = s->trains[--s->ntrains];
        g->pool_trains[type]++;
        eng_event_add_item(g, ENG_EV_DISCARDED, ENG_NONE, c, type, 0, 0);
    }
}

/* The national forms from the companies given up (merged: in order). */
static void form(eng_game *g, const int *merged, int nmerged)
{
    const struct eng_national *n = nat(g);
    eng_company_state *cg = &g->co[n->company];
    int col = national_column(g, merged, nmerged);
    int director = exchange_shares(g);
    cg->started = cg->floated = cg->available = cg->home_placed = true;
    cg->director = director;
    cg->row = 0;
    cg->col = col;
    cg->par = g->t->market[col];
    cg->market_seq = ++g->market_clock;
    eng_event_add(g, ENG_EV_FORMED, director, n->company, cg->par, 0, false);
    int placed = 0;
    for (int i = 0; i < nmerged; i++)
        take_stations(g, merged[i], true, &placed);
    for (int i = 0; i < nmerged; i++)
        absorb(g, merged[i]);
    eng_event_add(g, ENG_EV_FLOATS, ENG_NONE, n->company, cg->cash, 0, false);
    g->national_permanent = eng_owns_permanent_train(g, n->company); /* (Rails: before discards) */
}

/* ---- its director's choices: the stations left over, the trains discarded ---- */

static void finish_round(eng_game *g);

/* The stations of the companies given up still on the map (not homes: those are settled)
 * that the national may take over: in a hex where it has none. Returns how many; *dup: two
 * share a hex; *hexes: the hexes they are in. */
static int stations_left(const eng_game *g, bool *dup, int *hexes)
{
    int n = 0;
    *dup = false;
    *hexes = 0;
    for (int h = 0; h < g->t->nhexes; h++) {
        int here = 0;
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            for (int sl = 0; sl < ENG_MAX_SLOTS; sl++) {
                int x = g->board->tokens[h][c][sl];
                here += x >= 0 && x != nat(g)->company && merging(g, x) && !national_in_hex(g, h);
            }
        n += here;
        *dup |= here > 1;
        *hexes += here > 0;
    }
    return n;
}

static int room_left(const eng_game *g)
{
    return nat(g)->station_limit - eng_stations_placed(g, nat(g)->company);
}

/* The fixed rule for the stations left: by company in the round's order, then by hex, one a
 * hex, while the national has markers; the rest removed. */
static void stations_by_rule(eng_game *g)
{
    int placed = eng_stations_placed(g, nat(g)->company);
    for (int i = 0; i < g->national_nmerged; i++)
        take_stations(g, g->national_merged[i], false, &placed);
}

static bool will_rust(const eng_game *g, int type)
{
    return g->t->trains[type].rusts_on[0] != '\0' || g->t->trains[type].obsolete_on >= 0;
}

static int trains_that_rust(const eng_game *g)
{
    const eng_company_state *s = &g->co[nat(g)->company];
    int n = 0;
    for (int i = 0; i < s->ntrains; i++)
        n += will_rust(g, s->trains[i]);
    return n;
}

static void ask(eng_game *g, int what, int how_many)
{
    int c = nat(g)->company;
    g->national_choosing = what;
    g->current = g->co[c].director;
    eng_event_add(g, ENG_EV_NATIONAL_CHOICE, g->current, c, what, how_many, false);
}

/* The trains: over its limit its director discards (those that will rust first), then he may
 * discard those that will rust; without choices, the fixed rule (discard_excess). */
static void settle_trains(eng_game *g)
{
    int c = nat(g)->company, over = g->co[c].ntrains - eng_train_limit(g, c);
    if (over > 0 && nat(g)->directors_choose) {
        if (g->national_choosing != ENG_NATIONAL_MUST_DISCARD)
            ask(g, ENG_NATIONAL_MUST_DISCARD, over);
        return;
    }
    discard_excess(g);
    if (nat(g)->directors_choose && trains_that_rust(g) > 0) {
        if (g->national_choosing != ENG_NATIONAL_MAY_DISCARD)
            ask(g, ENG_NATIONAL_MAY_DISCARD, trains_that_rust(g));
        return;
    }
    finish_round(g);
}

/* The stations: each left alone in its hex while there is room is taken over; where two share
 * a hex, or there are more hexes than room, its director chooses (else the fixed rule). */
static void settle_stations(eng_game *g)
{
    bool dup;
    int hexes, left = stations_left(g, &dup, &hexes), room = room_left(g);
    if (left > 0 && room > 0 && (dup || hexes > room) && nat(g)->directors_choose) {
        if (g->national_choosing != ENG_NATIONAL_CHOOSES_STATIONS)
            ask(g, ENG_NATIONAL_CHOOSES_STATIONS, room);
        return;
    }
    stations_by_rule(g); /* (no choice left: the same as the rule) */
    g->national_choosing = ENG_NATIONAL_CHOOSES_NOTHING;
    settle_trains(g);
}

/* STATION hex city: the national takes over that station of a company given up; the others
 * in its hex are removed, and all left once it has no marker left. */
static int choose_station(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const char *id = g->t->companies[nat(g)->company].id;
    int h = a->hex, c = a->city, at = -1;
    for (int sl = 0; h >= 0 && h < g->t->nhexes && c >= 0 && c < ENG_MAX_CITIES &&
                     sl < ENG_MAX_SLOTS && at < 0; sl++) {
        int x = g->board->tokens[h][c][sl];
        at = x >= 0 && x != nat(g)->company && merging(g, x) ? sl : -1;
    }
    if (at < 0 || national_in_hex(g, h))
        return eng_refuse(why, len, "%s takes over a station of a company merged into it, in a "
                                    "hex where it has none%s", id, at >= 0 ? " (it has one there)"
                                                                         : "");
    int x = g->board->tokens[h][c][at];
    g->board->tokens[h][c][at] = nat(g)->company;
    eng_event_add(g, ENG_EV_TOKEN_EXCHANGED, ENG_NONE, x, h, c, false);
    for (int k = 0; k < ENG_MAX_CITIES; k++) /* the others in its hex */
        for (int sl = 0; sl < ENG_MAX_SLOTS; sl++) {
            int *slot = &g->board->tokens[h][k][sl], y = *slot;
            if (y >= 0 && y != nat(g)->company && merging(g, y)) {
                *slot = ENG_NONE;
                eng_event_add(g, ENG_EV_TOKEN_REMOVED, ENG_NONE, y, h, k, false);
            }
        }
    if (room_left(g) == 0)
        stations_by_rule(g); /* (no marker left: every one left is removed) */
    settle_stations(g);
    return 0;
}

/* DISCARD train: one of the national's, to the pool (one that will rust while it has any). */
static int choose_discard(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = nat(g)->company, type = a->train;
    eng_company_state *s = &g->co[c];
    const char *id = g->t->companies[c].id;
    bool must = g->national_choosing == ENG_NATIONAL_MUST_DISCARD;
    int k = 0;
    while (k < s->ntrains && s->trains[k] != type)
        k++;
    if (k == s->ntrains)
        return eng_refuse(why, len, "%s has no such train", id);
    if (!will_rust(g, type) && (!must || trains_that_rust(g) > 0))
        return eng_refuse(why, len, "%s discards a train that will rust %s", id,
                          must ? "first" : "(it keeps the others)");
    s->trains[k] = s->trains[--s->ntrains];
    g->pool_trains[type]++;
    eng_event_add_item(g, ENG_EV_DISCARDED, ENG_NONE, c, type, 0, 0);
    settle_trains(g);
    return 0;
}

/* An action while the national's director chooses: STATION, DISCARD, or PASS (the fixed rule
 * for the rest). */
static int choice_act(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int what = g->national_choosing;
    const char *id = g->t->companies[nat(g)->company].id;
    if (a->kind == ENG_ACT_PASS) {
        if (what == ENG_NATIONAL_CHOOSES_STATIONS) {
            stations_by_rule(g);
            settle_stations(g);
        } else if (what == ENG_NATIONAL_MUST_DISCARD) {
            discard_excess(g);
            settle_trains(g);
        } else {
            finish_round(g);
        }
        return 0;
    }
    if (what == ENG_NATIONAL_CHOOSES_STATIONS && a->kind == ENG_ACT_TOKEN)
        return choose_station(g, a, why, len);
    if (what != ENG_NATIONAL_CHOOSES_STATIONS && a->kind == ENG_ACT_DISCARD_TRAIN)
        return choose_discard(g, a, why, len);
    return eng_refuse(why, len, "%s's director chooses %s now, or passes", id,
                      what == ENG_NATIONAL_CHOOSES_STATIONS ? "the stations it takes over"
                                                            : "the trains it discards");
}

/* ---- the round ---- */

static void finish_round(eng_game *g)
{
    const struct eng_national *n = nat(g);
    int nmerged = g->national_nmerged;
    g->national_choosing = ENG_NATIONAL_CHOOSES_NOTHING;
    g->forming = false;
    g->national_asking = ENG_NONE;
    eng_event_add(g, ENG_EV_FORMATION_END, ENG_NONE, n->company, g->formation_next, 0, false);
    int open = 0;
    for (int c = 0; c < g->t->ncompanies; c++)
        open += eng_is_major(g, c) && !g->co[c].closed && (c != n->company || nmerged);
    if (n->counts_after)
        eng_event_add(g, ENG_EV_CERT_LIMIT, ENG_NONE, ENG_NONE, eng_certificate_limit(g, 0),
                      open, false);
    g->round_state = ENG_SPECIAL_ROUND_FINISHED;
}

/* No director left to ask: the national forms from the companies given up (or not). */
static void end_round(eng_game *g)
{
    const struct eng_national *n = nat(g);
    int merged[ENG_MAX_COMPANIES], nmerged = in_order(g, true, merged);
    g->formation_founder = ENG_NONE; /* the first merged in operating order: it has operated */
    for (int i = 0; i < nmerged; i++)
        if (g->formation_founder == ENG_NONE ||
            or_position(g, merged[i]) < or_position(g, g->formation_founder))
            g->formation_founder = merged[i];
    g->national_nmerged = nmerged;
    memcpy(g->national_merged, merged, sizeof merged);
    if (!nmerged) {
        eng_event_add(g, ENG_EV_NOT_FORMED, ENG_NONE, n->company, 0, 0, false);
        finish_round(g);
        return;
    }
    form(g, merged, nmerged);
    settle_stations(g);
}

/* The next director to ask, or the round's end. */
static void ask_next(eng_game *g)
{
    int left[ENG_MAX_COMPANIES];
    while (in_order(g, false, left) > 0) {
        int c = left[0], dir = g->co[c].director;
        if (g->co[c].cash + g->players[dir].cash < nat(g)->loan_value) {
            give_up(g, c); /* he cannot help: not asked */
            continue;
        }
        g->national_asking = c;
        g->current = dir;
        return;
    }
    end_round(g);
}

static bool national_due(const eng_game *g)
{
    (void)g;
    return false; /* (only asked for by the train) */
}

static void national_first_train(eng_game *g, int type)
{
    if (nat(g)->company >= 0 && type == nat(g)->forms_on)
        g->formation_pending = true;
}

/* The round begins: every treasury repays what it can, then the directors are asked. */
static void begin_national(eng_game *g, int next)
{
    const struct eng_national *n = nat(g);
    g->forming = true;
    g->formation_next = next;
    g->national_merging = 0;
    g->national_starter = g->operating != ENG_NONE ? eng_company_holder(g, g->operating)
                                                   : g->current;
    eng_event_add(g, ENG_EV_FORMATION_START, ENG_NONE, n->company, 0, 0, false);
    int left[ENG_MAX_COMPANIES], nleft = in_order(g, false, left);
    for (int i = 0; i < nleft; i++) {
        eng_company_state *s = &g->co[left[i]];
        int can = s->cash / n->loan_value;
        if (can > 0)
            repay(g, left[i], can < s->loans ? can : s->loans);
    }
    ask_next(g);
}

static int national_act(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (g->national_choosing != ENG_NATIONAL_CHOOSES_NOTHING)
        return choice_act(g, a, why, len);
    int c = g->national_asking, v = nat(g)->loan_value;
    const eng_company_state *s = &g->co[c];
    const char *id = g->t->companies[c].id, *name = g->players[a->player].name;
    if (a->kind == ENG_ACT_PASS) {
        give_up(g, c);
        ask_next(g);
        return 0;
    }
    if (a->kind != ENG_ACT_REPAY_LOAN)
        return eng_refuse(why, len, "in %s %s must repay %s's %d loan%s or give %s up",
                          g->t->formation.round_name, name, id, s->loans,
                          s->loans == 1 ? "" : "s", id);
    if (a->amount < 1 || a->amount > s->loans)
        return eng_refuse(why, len, "%s has %d loan%s: it cannot repay %d", id, s->loans,
                          s->loans == 1 ? "" : "s", a->amount);
    if (s->cash + g->players[a->player].cash < a->amount * v)
        return eng_refuse(why, len, "repaying %d loan%s of %s costs %d; %s has %d and %s %d (no "
                                    "shares may be sold for it)", a->amount,
                          a->amount == 1 ? "" : "s", id, a->amount * v, id, s->cash, name,
                          g->players[a->player].cash);
    repay(g, c, a->amount);
    if (g->co[c].loans > 0)
        give_up(g, c);
    ask_next(g);
    return 0;
}

const eng_title_hooks eng_hooks_1856 = {
    .id = "1856",
    .special = {.due = national_due, .begin = begin_national, .act = national_act,
                .first_train = national_first_train},
};
