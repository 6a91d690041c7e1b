/* title_read_loans: a title's "loans" (docs/titles.md), read into eng_title.loans and checked —
 * the amount of a loan, its interest, how many a major may hold and take in a round, the phase
 * from which none may be taken, the unit the treasury pays interest in, and what a loan takes
 * off the worth of each of its company's shares. A title without
 * "loans" has none. */
#include "engine/title_loader.h"

static const char *const MAX_WORDS[] = {"player_shares"};

/* The phase named by "none_from_phase" (its index in l), or -1 when the member is absent. */
static bool read_phase(struct loader *L, const cJSON *obj, eng_loans *l)
{
    char name[ENG_ID];
    if (!get_str(L, "loans", obj, "none_from_phase", name, sizeof name, false))
        return false;
    l->none_from_phase = -1;
    if (!name[0])
        return true;
    for (int k = 0; k < L->t->nphases; k++)
        if (strcmp(L->t->phases[k].name, name) == 0)
            l->none_from_phase = k;
    return l->none_from_phase >= 0 ||
           bad(L, "loans.none_from_phase: there is no phase \"%s\"", name);
}

static bool check_loans(struct loader *L, const eng_loans *l)
{
    if (l->amount <= 0)
        return bad(L, "loans.amount: must be more than 0");
    if (l->interest_percent < 0 || l->interest_percent > 100)
        return bad(L, "loans.interest_percent: must be from 0 to 100");
    if (l->per_round < 1)
        return bad(L, "loans.per_round: must be at least 1");
    if (l->treasury_unit < 1)
        return bad(L, "loans.treasury_unit: must be at least 1");
    if (l->share_worth_less < 0)
        return bad(L, "loans.share_worth_less: must not be below 0");
    return true;
}

bool eng_title_read_loans(struct loader *L, const cJSON *root)
{
    const cJSON *obj = member(root, "loans");
    eng_loans *l = &L->t->loans;
    memset(l, 0, sizeof *l);
    l->none_from_phase = -1;
    if (!obj)
        return true;
    if (!cJSON_IsObject(obj))
        return bad(L, "loans: must be an object");
    int max = word_index(member(obj, "max"), MAX_WORDS, 1);
    if (max < 0)
        return bad(L, "loans.max: must be \"player_shares\"");
    l->max = (eng_loans_limit)max;
    return get_int(L, "loans", obj, "amount", &l->amount, 0) &&
           get_int(L, "loans", obj, "interest_percent", &l->interest_percent, 0) &&
           get_int(L, "loans", obj, "per_round", &l->per_round, 1) &&
           get_int(L, "loans", obj, "treasury_unit", &l->treasury_unit, 1) &&
           get_int(L, "loans", obj, "share_worth_less", &l->share_worth_less, 0) &&
           read_phase(L, obj, l) && check_loans(L, l);
}
