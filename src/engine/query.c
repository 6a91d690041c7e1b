/* query: the questions rounds share about the game's state (see query.h). */
#include "engine/query.h"
#include "engine/state.h"

#include <string.h>
#include <strings.h>

/* ---- counting ---- */

int eng_market_zone(const eng_game *g, int company)
{
    const eng_company_state *s = &g->co[company];
    return s->row < 0 ? ENG_ZONE_NONE : g->t->market_zone[s->row * g->t->market_cols + s->col];
}

int eng_cert_halves(const eng_game *g, int company, int cert)
{
    const eng_cert_state *c = &g->co[company].certs[cert];
    return g->t->half_cert_percent && c->percent == g->t->half_cert_percent && !c->director ? 1
                                                                                            : 2;
}

int eng_certificate_halves(const eng_game *g, int player)
{
    int n = 0;
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (g->t->companies[c].kind != ENG_MAJOR) {
            n += 2 * (s->owner == player && !s->closed);
            continue;
        }
        if (eng_market_zone(g, c) >= ENG_ZONE_YELLOW) /* (1830) not counted */
            continue;
        for (int i = 0; i < s->ncerts; i++)
            n += s->certs[i].owner == player ? eng_cert_halves(g, c, i) : 0;
    }
    return n;
}

int eng_certificate_count(const eng_game *g, int player)
{
    return (eng_certificate_halves(g, player) + 1) / 2;
}

/* After the national's round (1856's CGR), whether it formed or not: the limit by the majors
 * open, the national counted once formed (its data's cert_limit_after; the nearest number of
 * majors below that has an entry); 0 before it, or without such data. */
static int limit_after_national(const eng_game *g)
{
    const struct eng_national *n = &g->t->national;
    if (n->company < 0 || !n->counts_after || !g->train_bought[n->forms_on] || g->forming)
        return 0;
    int open = 0;
    for (int c = 0; c < g->t->ncompanies; c++)
        open += eng_is_major(g, c) && !g->co[c].closed && (c != n->company || g->co[c].started);
    for (int k = open < ENG_MAX_COMPANIES_IN_LIMITS ? open : ENG_MAX_COMPANIES_IN_LIMITS - 1;
         k > 0; k--)
        if (n->cert_limit_after[k][g->nplayers])
            return n->cert_limit_after[k][g->nplayers];
    return 0;
}

int eng_certificate_limit(const eng_game *g, int player)
{
    int after = limit_after_national(g);
    int limit = after ? after : g->t->cert_limit[g->nplayers];
    if (g->opt.cert_limit_bonus_80)
        for (int c = 0; c < g->t->ncompanies; c++)
            if (eng_is_major(g, c) && g->co[c].director == player &&
                eng_percent_held(g, c, player) >= 80)
                limit++;
    return limit;
}

int eng_player_share_limit(const eng_game *g)
{
    int by = g->t->player_share_limit_by_players[g->nplayers];
    return by ? by : g->t->player_share_limit;
}

/* ---- the start packet ---- */

int eng_start_item_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->nstart_items; i++)
        if (strcmp(t->start_items[i].id, id) == 0)
            return i;
    return -1;
}

int eng_start_item_named(const eng_title *t, const char *name)
{
    for (int i = 0; i < t->nstart_items; i++)
        if (strcasecmp(t->start_items[i].id, name) == 0)
            return i;
    int c = eng_company_index(t, name);
    for (int i = 0; c >= 0 && i < t->nstart_items; i++) /* the item that sells the company */
        if (t->start_items[i].company == c)
            return i;
    for (int i = 0; c >= 0 && i < t->nstart_items; i++) { /* that brings its director's share */
        const eng_company *with = &t->companies[t->start_items[i].company];
        if (with->brings_company == c && with->brings_director)
            return i;
    }
    return -1;
}

bool eng_packet_sold_out(const eng_game *g)
{
    for (int i = 0; i < g->t->nstart_items; i++)
        if (!g->item_sold[i])
            return false;
    return true;
}

int eng_item_price(const eng_game *g, int item)
{
    return g->item_price[item];
}

/* ---- shares traded ---- */

int eng_check_traded(const eng_game *g, int company, char *why, size_t len)
{
    if (company < 0 || company >= g->t->ncompanies)
        return eng_refuse(why, len, "that is not a company whose shares are traded");
    const char *id = g->t->companies[company].id;
    if (g->co[company].closed)
        return eng_refuse(why, len, "%s is closed", id);
    if (!eng_is_major(g, company) && g->co[company].owner >= 0) /* a minor or private, sold */
        return eng_refuse(why, len, "%s has been sold (%s has it); there is no other certificate "
                                    "of it", id, g->players[g->co[company].owner].name);
    if (!eng_is_major(g, company))
        return eng_refuse(why, len, "%s has no shares: it is sold with the start packet", id);
    return 0;
}

/* ---- the running order, worth, trains and stations ---- */

/* Whether major a operates before major b: the higher price, then the square further right,
 * then higher up, then the one that arrived on its square first (the top of the stack; Rails'
 * 1835 games: MS, parked at 80 before WT moved onto the same square, operates first). */
bool eng_operates_before(const eng_game *g, int a, int b)
{
    const eng_company_state *x = &g->co[a], *y = &g->co[b];
    int pa = eng_share_price(g, a), pb = eng_share_price(g, b);
    if (pa != pb)
        return pa > pb;
    if (x->col != y->col)
        return x->col > y->col;
    if (x->row != y->row)
        return x->row < y->row;
    return x->market_seq < y->market_seq;
}

void eng_sort_running_order(const eng_game *g, int *majors, int n)
{
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && eng_operates_before(g, majors[k], majors[k - 1]); k--) {
            int tmp = majors[k];
            majors[k] = majors[k - 1];
            majors[k - 1] = tmp;
        }
}

/* A player's worth: cash, shares at the market price (a company not formed yet, the
 * Prussian, at its par), privates at face value; minors do not count (as Rails). */
static bool is_national(const eng_game *g, int company);

int eng_shares_money(const eng_game *g, int company, int unit, int percent)
{
    const eng_company_state *s = &g->co[company];
    int per = 10; /* (a price per 10%) */
    for (int i = 0; is_national(g, company) && g->t->national.price_per_share && i < s->ncerts;
         i++)
        if (!s->certs[i].director) { /* (its ordinary shares' percent: one share) */
            per = s->certs[i].percent;
            break;
        }
    return unit * percent / per;
}

int eng_player_worth(const eng_game *g, int p)
{
    int worth = g->players[p].cash;
    for (int c = 0; c < g->t->ncompanies; c++) {
        int price = eng_share_price(g, c);
        if (price == 0 && g->t->companies[c].formed)
            price = g->t->companies[c].price;
        if (price && g->co[c].loans) /* (a title's loans: each takes so much off a share) */
            price = price > g->co[c].loans * g->t->loans.share_worth_less
                        ? price - g->co[c].loans * g->t->loans.share_worth_less : 0;
        if (eng_is_major(g, c))
            worth += eng_shares_money(g, c, price, eng_percent_held(g, c, p));
        else if (g->t->companies[c].kind == ENG_PRIVATE && g->co[c].owner == p &&
                 !g->co[c].closed)
            worth += g->t->companies[c].price;
    }
    return worth;
}

int eng_train_limit(const eng_game *g, int c)
{
    const eng_phase *ph = &g->t->phases[g->phase];
    const eng_company *co = &g->t->companies[c];
    return co->kind == ENG_MINOR ? ph->train_limit_minor
           : co->formed        ? ph->train_limit_formed
                                 : ph->train_limit_major;
}

bool eng_owns_permanent_train(const eng_game *g, int company)
{
    const eng_company_state *s = &g->co[company];
    bool borrowed = company == g->t->national.company && g->national_borrowed != ENG_NONE;
    for (int i = 0; i < s->ntrains; i++) {
        const eng_train *tr = &g->t->trains[s->trains[i]];
        if (borrowed && s->trains[i] == g->national_borrowed) {
            borrowed = false; /* (the national's borrowed train is not its own) */
            continue;
        }
        if (!tr->rusts_on[0] && tr->obsolete_on < 0)
            return true;
    }
    return false;
}

static bool is_national(const eng_game *g, int company)
{
    return company >= 0 && company == g->t->national.company;
}

bool eng_national_withholds(const eng_game *g, int company)
{
    return is_national(g, company) && g->t->national.withholds_until_permanent &&
           !g->national_permanent && !eng_owns_permanent_train(g, company);
}

bool eng_national_no_interest(const eng_game *g, int company)
{
    return is_national(g, company) && g->t->national.no_interest;
}

bool eng_national_ipo_to_bank(const eng_game *g, int company)
{
    return is_national(g, company) && g->t->national.ipo_to_bank;
}

bool eng_national_face_value(const eng_game *g, int buyer, int seller)
{
    return g->t->national.face_value_trades && (is_national(g, buyer) || is_national(g, seller));
}

bool eng_national_may_buy(const eng_game *g, int company, int type)
{
    return !is_national(g, company) || !g->t->national.buys_permanent_only ||
           (!g->t->trains[type].rusts_on[0] && g->t->trains[type].obsolete_on < 0);
}

bool eng_train_rusted(const eng_game *g, int type)
{
    for (int j = 0; j < g->t->ntrains; j++)
        if (g->train_bought[j] && strcmp(g->t->trains[type].rusts_on, g->t->trains[j].name) == 0)
            return true;
    return false;
}

bool eng_bank_sells(const eng_game *g, int type)
{
    if (type < 0 || type >= g->t->ntrains || g->trains_left[type] <= 0)
        return false;
    int from = g->t->trains[type].available_from;
    return type == g->train_on_sale || (from >= 0 && g->train_bought[from]);
}

int eng_stations_placed(const eng_game *g, int company)
{
    int placed = 0;
    for (int h = 0; h < g->t->nhexes; h++)
        for (int k = 0; k < ENG_MAX_CITIES; k++)
            for (int sl = 0; sl < ENG_MAX_SLOTS; sl++)
                placed += g->board->tokens[h][k][sl] == company;
    return placed;
}

bool eng_may_enter(const eng_game *g, int company, int hex)
{
    int r = g->t->hexes[hex].right;
    return r < 0 || (company >= 0 && (g->co[company].rights & (1u << r)));
}

/* ---- privates ---- */

int eng_hex_blocked_by(const eng_game *g, int hex)
{
    const eng_title *t = g->t;
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company *pc = &t->companies[c];
        if (pc->kind != ENG_PRIVATE || g->co[c].closed || g->co[c].owner == ENG_NONE)
            continue;
        for (int k = 0; k < pc->nblocks; k++)
            if (pc->blocks[k] == hex)
                return c;
    }
    return -1;
}

bool eng_private_sold(const eng_game *g, int priv)
{
    return g->co[priv].owner != ENG_NONE || g->co[priv].held_by != ENG_NONE;
}
