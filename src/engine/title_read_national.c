/* title_read_national: a title's "national" — a major formed from the majors given up to it in
 * the title's special round (1856's CGR) — and its "national_rules": the train that asks for
 * the round, the loan repaid, its shares, its stations, the certificate limit after it and its
 * own rules afterwards (eng_title.national); and the title's "half_certificate_percent" (the
 * certificates counting half toward the limit: 1856's CGR 5% shares). The company itself is
 * read with the others (title_read_companies.c, as a formed company). */
#include "engine/title_loader.h"

#include <stdio.h>
#include <stdlib.h>

static int train_named(const eng_title *t, const cJSON *v)
{
    for (int k = 0; cJSON_IsString(v) && k < t->ntrains; k++)
        if (strcmp(t->trains[k].name, v->valuestring) == 0)
            return k;
    return -1;
}

/* "cert_limit_after": {"11": {"3": 28, "4": 22, ...}, "10": {...}, ...}: by majors left, then
 * by players. */
static bool read_cert_limits(struct loader *L, const char *w, const cJSON *lim,
                             struct eng_national *n)
{
    const cJSON *row, *cell;
    cJSON_ArrayForEach(row, lim)
    {
        int companies = atoi(row->string);
        if (companies < 1 || companies >= ENG_MAX_COMPANIES_IN_LIMITS || !cJSON_IsObject(row))
            return bad(L, "%s.cert_limit_after: \"%s\" is not a number of companies with a "
                          "limit by players", w, row->string);
        cJSON_ArrayForEach(cell, row)
        {
            int players = atoi(cell->string);
            if (players < 1 || players > 9 || !cJSON_IsNumber(cell))
                return bad(L, "%s.cert_limit_after[%s]: \"%s\" is not a number of players "
                              "with its limit", w, row->string, cell->string);
            n->cert_limit_after[companies][players] = cell->valueint;
        }
        n->counts_after = true;
    }
    return true;
}

/* "borrows_when_trainless": ["D", "8"]: the first of them the title has (its options may have
 * replaced one by the other). */
static bool read_borrowed(struct loader *L, const char *w, const cJSON *r, struct eng_national *n)
{
    const cJSON *list = member(r, "borrows_when_trainless"), *v;
    n->borrows = -1;
    if (list && !cJSON_IsArray(list))
        return bad(L, "%s.borrows_when_trainless: a list of trains", w);
    cJSON_ArrayForEach(v, list)
    {
        if (n->borrows < 0)
            n->borrows = train_named(L->t, v);
    }
    if (list && cJSON_GetArraySize(list) > 0 && n->borrows < 0)
        return bad(L, "%s.borrows_when_trainless: none of them is a train of the title", w);
    return true;
}

static void read_flags(const cJSON *r, struct eng_national *n)
{
    n->no_interest = cJSON_IsTrue(member(r, "no_interest"));
    n->never_closes = cJSON_IsTrue(member(r, "never_closes"));
    n->withholds_until_permanent = cJSON_IsTrue(member(r, "withholds_until_permanent"));
    n->face_value_trades = cJSON_IsTrue(member(r, "face_value_trades"));
    n->buys_permanent_only = cJSON_IsTrue(member(r, "buys_permanent_only"));
    n->ipo_to_bank = cJSON_IsTrue(member(r, "ipo_sales_to_bank"));
    n->director_buys_second = cJSON_IsTrue(member(r, "single_share_director_buys_second"));
    n->directors_choose = cJSON_IsTrue(member(r, "director_chooses_stations_and_discards"));
    n->price_per_share = cJSON_IsTrue(member(r, "price_per_share"));
}

bool eng_title_read_national(struct loader *L, const cJSON *root)
{
    eng_title *t = L->t;
    if (!get_int(L, "the title", root, "half_certificate_percent", &t->half_cert_percent, 0))
        return false;
    const cJSON *nat = member(root, "national");
    const cJSON *r = member(nat, "national_rules");
    t->national.borrows = -1;
    if (!nat || member(root, "formed_company") || !r)
        return true;
    struct eng_national *n = &t->national;
    const char *w = "national.national_rules";
    n->company = eng_company_index(t, member(nat, "id")->valuestring);
    if ((n->forms_on = train_named(t, member(r, "forms_on"))) < 0)
        return bad(L, "%s.forms_on: not a train", w);
    if (!get_int(L, w, r, "loan_value", &n->loan_value, 100) ||
        !get_int(L, w, r, "max_shares", &n->max_shares, 20) ||
        !get_int(L, w, r, "split_over_shares", &n->share_split, 10) ||
        !get_int(L, w, r, "station_limit", &n->station_limit, t->companies[n->company].ntokens) ||
        !get_str(L, w, r, "round_name", t->formation.round_name, sizeof t->formation.round_name,
                 true))
        return false;
    read_flags(r, n);
    if (!read_borrowed(L, w, r, n))
        return false;
    const cJSON *lim = member(r, "cert_limit_after");
    if (lim && !read_cert_limits(L, w, lim, n))
        return false;
    t->formation.company = n->company; /* the special round's company (order.c names it) */
    t->formation.founder = -1;
    t->formation.may_form_on = t->formation.must_form_on = t->formation.all_exchange_on =
        n->forms_on;
    t->formation.joins_next = true;
    return true;
}
