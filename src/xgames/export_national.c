/* export_national: a national's formation (the title's special round: 1856's CGR) written as
 * 18xx.games writes it (g_1856 step/nationalization_payoff.rb, remove_tokens.rb,
 * discard_train.rb; game.rb merge_major, national_share_swap, national_token_swap, read for the
 * rules): a company given up, by its director or by pbemgm itself (one who cannot pay for a
 * loan is not asked; 18xx.games asks him), is its "merge"; its loans all repaid by the
 * director, its "pass". As it forms, 18xx.games makes every station of the merged companies
 * the national's (one a city; none besides a home in a home's hex), then has its president
 * remove one of two in a hex and those over its limit: each station pbemgm's national did
 * not take over is such a "remove_token". Its trains and discards follow; its shares are
 * numbered as national_share_swap hands them out. */
#include "xgames/export_internal.h"

#include <stdio.h>
#include <string.h>

static int refuse(xg_writer *x, const char *what)
{
    snprintf(x->why, x->len, "%s", what);
    return -1;
}

static int national(const xg_writer *x)
{
    return x->t->national.company;
}

static bool had_event(const eng_game *g, eng_event_kind kind)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == kind)
            return true;
    return false;
}

/* ---- the national formed: its shares, trains, and the merged companies' stations ---- */

/* 18xx.games' ids of the national's shares: a company of n shares has 0..n-2; a split one has
 * its second issue from twice share_split (national_issue_shares! numbers them from
 * total_shares, counted after the split). The IPO holds them in that order. */
static void national_ids(xg_writer *x, bool split)
{
    const struct eng_national *n = &x->t->national;
    const eng_company_state *st = &x->g->co[national(x)];
    xg_shares *s = &x->shares[national(x)];
    int unit = st->ncerts > 1 ? st->certs[1].percent : 10;
    memset(s, 0, sizeof *s);
    for (int id = 0; id < XG_MAX_SHARES; id++) {
        bool first = id <= n->share_split - 2;
        bool second = split && id >= 2 * n->share_split && id < 3 * n->share_split;
        if (!first && !second)
            continue;
        s->percent[id] = id == 0 ? 2 * unit : unit;
        s->list[XG_IPO][s->n[XG_IPO]++] = id;
        s->nshares = id + 1;
    }
    for (int k = 0; k < st->ncerts; k++) /* (a director of a single share: his is of one) */
        if (st->certs[k].director)
            s->percent[0] = st->certs[k].percent;
}

/* Its holder's ordinary certificates of the national in pbemgm. */
static int ordinary_held(const eng_game *g, int c, int holder)
{
    int n = 0;
    for (int k = 0; k < g->co[c].ncerts; k++)
        n += g->co[c].certs[k].owner == holder && !g->co[c].certs[k].director;
    return n;
}

/* The IPO's last n shares to holder, one by one (national_share_swap's .last). */
static void from_ipo_end(xg_shares *s, int holder, int n)
{
    for (int i = 0; i < n && s->n[XG_IPO] > 0; i++)
        s->list[holder][s->n[holder]++] = s->list[XG_IPO][--s->n[XG_IPO]];
}

static void national_shares(xg_writer *x)
{
    const struct eng_national *n = &x->t->national;
    const eng_game *g = x->g;
    int c = national(x);
    national_ids(x, g->co[c].ncerts > n->share_split);
    xg_shares *s = &x->shares[c];
    for (int k = 0; k < g->nplayers; k++) {
        int p = (g->national_starter + k) % g->nplayers;
        if (g->co[c].director == p && s->n[XG_IPO] > 0) {
            memmove(&s->list[XG_IPO][0], &s->list[XG_IPO][1],
                    (size_t)(s->n[XG_IPO] - 1) * sizeof(int));
            s->n[XG_IPO]--;
            s->list[p][s->n[p]++] = 0;
        }
        from_ipo_end(s, p, ordinary_held(g, c, p));
    }
    int pooled = ordinary_held(g, c, ENG_POOL);
    for (int i = 0; i < pooled; i++) { /* the IPO's last `pooled`, in their order */
        int at = s->n[XG_IPO] - pooled + i;
        if (at >= 0 && at < s->n[XG_IPO])
            s->list[XG_POOL][s->n[XG_POOL]++] = s->list[XG_IPO][at];
    }
    s->n[XG_IPO] = s->n[XG_IPO] > pooled ? s->n[XG_IPO] - pooled : 0;
}

/* The merged companies' trains to the national, in the order they merged; their loans gone. */
static void national_trains(xg_writer *x)
{
    const eng_game *g = x->g;
    for (int i = 0; i < g->national_nmerged; i++) {
        int m = g->national_merged[i];
        while (x->nheld[m] > 0) {
            xg_train tr = xg_trains_take(x, m, 0);
            xg_trains_move_to(x, x->nheld[national(x)] < ENG_MAX_TRAINS ? national(x) : ENG_NONE,
                              tr);
        }
        x->nloans[m] = 0;
    }
}

/* The merged companies' stations on the map as the formation began, in the order they merged
 * (18xx.games' order of the national's tokens, roughly). */
static void note_stations(xg_writer *x)
{
    const eng_game *b = x->before, *g = x->g;
    x->nmerged_st = 0;
    for (int i = 0; i < g->national_nmerged; i++)
        for (int h = 0; h < g->t->nhexes; h++)
            for (int k = 0; k < ENG_MAX_CITIES; k++)
                for (int sl = 0; sl < ENG_MAX_SLOTS; sl++)
                    if (b->board->tokens[h][k][sl] == g->national_merged[i] &&
                        x->nmerged_st < XG_MAX_MERGED_STATIONS)
                        x->merged_st[x->nmerged_st++] = (struct xg_station){
                            .company = g->national_merged[i], .hex = h, .city = k, .slot = sl};
}

/* ---- its stations given up ---- */

static bool national_at(const xg_writer *x, int hex, int city)
{
    for (int k = 0; k < ENG_MAX_CITIES; k++)
        for (int sl = 0; sl < ENG_MAX_SLOTS; sl++)
            if (x->g->board->tokens[hex][k][sl] == national(x) && (city < 0 || k == city))
                return true;
    return false;
}

static bool a_home_hex(const xg_writer *x, int hex)
{
    for (int i = 0; i < x->g->national_nmerged; i++)
        if (x->t->companies[x->g->national_merged[i]].home_hex == hex)
            return true;
    return false;
}

/* Station i not taken over, of a city none before it named: 18xx.games' remove_token of it
 * (its duplicates: those in a hex where the national kept another city's). */
static bool removed_there(const xg_writer *x, int i, bool duplicates)
{
    const struct xg_station *st = &x->merged_st[i];
    if (national_at(x, st->hex, st->city) || a_home_hex(x, st->hex) ||
        national_at(x, st->hex, -1) != duplicates)
        return false;
    for (int j = 0; j < i; j++)
        if (x->merged_st[j].hex == st->hex && x->merged_st[j].city == st->city)
            return false;
    return true;
}

static void remove_tokens(xg_writer *x)
{
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < x->nmerged_st; i++)
            if (removed_there(x, i, pass == 0)) {
                char city[ENG_ID + 24];
                xg_city_id(x, x->merged_st[i].hex, x->merged_st[i].city, city, sizeof city);
                cJSON *o = xg_company_action(x, "remove_token", national(x));
                cJSON_AddStringToObject(o, "city", city);
                cJSON_AddNumberToObject(o, "slot", x->merged_st[i].slot);
            }
    x->nmerged_st = 0;
}

/* ---- the actions ---- */

static void discards(xg_writer *x)
{
    for (int i = 0; i < x->g->nevents; i++) {
        const eng_event *e = &x->g->events[i];
        int k = e->kind == ENG_EV_DISCARDED && e->company == national(x)
                    ? xg_held_train(x, national(x), e->item) : -1;
        if (k < 0)
            continue;
        xg_train tr = xg_trains_take(x, national(x), k);
        char id[ENG_ID + 16];
        xg_train_id(x->t, tr, id, sizeof id);
        cJSON_AddStringToObject(xg_company_action(x, "discard_train", national(x)), "train", id);
        xg_trains_move_to(x, ENG_NONE, tr);
    }
}

/* What the action made of the formation: the merges, the national formed, the stations it gave
 * up once its director's choice of them is over, its discards. */
static void follow_formation(xg_writer *x)
{
    const eng_game *b = x->before, *g = x->g;
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_WILL_MERGE) {
            cJSON *o = xg_company_action(x, "merge", g->events[i].company);
            cJSON_AddStringToObject(o, "corporation", xg_company_name(x->t, g->events[i].company));
        }
    bool formed = had_event(g, ENG_EV_FORMED);
    if (formed) {
        national_shares(x);
        national_trains(x);
        note_stations(x);
    }
    bool choosing = g->forming && g->national_choosing == ENG_NATIONAL_CHOOSES_STATIONS;
    if ((formed || b->national_choosing == ENG_NATIONAL_CHOOSES_STATIONS) && !choosing)
        remove_tokens(x);
    discards(x);
}

int xg_write_formation(xg_writer *x, const eng_action *a)
{
    const eng_game *b = x->before;
    int asked = b->national_asking;
    if (b->national_choosing == ENG_NATIONAL_CHOOSES_NOTHING && a->kind == ENG_ACT_REPAY_LOAN) {
        if (asked < 0 || a->amount < b->co[asked].loans)
            return refuse(x, "some of a company's loans repaid as the national forms: 18xx.games "
                             "repays them all or merges the company");
        xg_company_action(x, "pass", asked);
        x->nloans[asked] = 0;
    } else if (b->national_choosing == ENG_NATIONAL_MAY_DISCARD && a->kind == ENG_ACT_PASS) {
        xg_company_action(x, "pass", national(x));
    }
    follow_formation(x);
    return 0;
}

void xg_follow_formation_begun(xg_writer *x)
{
    if (!x->before->forming && had_event(x->g, ENG_EV_FORMATION_START))
        follow_formation(x); /* (the directors who cannot pay are not asked) */
}
