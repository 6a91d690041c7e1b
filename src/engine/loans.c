/* loans: a title's loans in the operating round (see loans.h). The facts, from Rails'
 * OperatingRound_1856 and 18xx.games' g_1856 (config/games/1856.json "loans", "decisions"):
 * a major takes a loan at any step of its turn, one a round, while it holds fewer than the
 * shares its players hold and the phase allows; the round's interest is settled at its run —
 * from the treasury in whole multiples of the title's unit, then kept back from the run's
 * revenue, then paid by the director, who sells shares first when he must and is bankrupt when
 * he cannot; a loan taken after that brings its amount less its interest; loans are repaid in
 * the trains step, after which no train is bought, those over the players' shares by force. */
#include "engine/ending.h"
#include "engine/loans.h"
#include "engine/query.h"
#include "engine/refuse.h"
#include "engine/state.h"

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

static const char *company_id(const eng_game *g, int c)
{
    return g->t->companies[c].id;
}

int eng_loans_max(const eng_game *g, int company)
{
    const eng_company_state *s = &g->co[company];
    int unit = 0, percent = 0;
    for (int i = 0; i < s->ncerts; i++) {
        if (unit == 0 || s->certs[i].percent < unit)
            unit = s->certs[i].percent;
        if (s->certs[i].owner >= 0)
            percent += s->certs[i].percent;
    }
    return unit ? percent / unit : 0; /* (a 20% director's certificate is two shares) */
}

int eng_loans_interest(const eng_game *g, int company)
{
    return g->co[company].loans * g->t->loans.amount * g->t->loans.interest_percent / 100;
}

int eng_loan_money_now(const eng_game *g)
{
    const eng_loans *l = &g->t->loans;
    bool settled = g->operating != ENG_NONE && g->co[g->operating].interest_paid;
    return l->amount - (settled ? l->amount * l->interest_percent / 100 : 0);
}

void eng_loans_turn_begins(eng_game *g, int company)
{
    g->co[company].loans_taken = 0;
    g->co[company].loans_repaid = false;
    g->co[company].interest_paid = false;
}

/* The loans the company must repay: those over the shares its players hold. */
static int loans_over(const eng_game *g, int c)
{
    int over = g->co[c].loans - eng_loans_max(g, c);
    return over > 0 ? over : 0;
}

static int no_loans_here(const eng_game *g, char *why, size_t len)
{
    if (g->t->loans.amount > 0 && eng_national_no_interest(g, g->operating))
        return eng_refuse(why, len, "%s takes no loans", company_id(g, g->operating));
    if (g->t->loans.amount > 0 && eng_is_major(g, g->operating))
        return 0;
    if (g->t->loans.amount > 0)
        return eng_refuse(why, len, "only a major company has loans, and %s is not one",
                          company_id(g, g->operating));
    return eng_refuse(why, len, "there are no loans in %s", g->t->id);
}

/* The company pays the bank. */
static void company_pays_bank(eng_game *g, int c, int amount)
{
    g->co[c].cash -= amount;
    g->bank += amount;
}

/* The director pays `owed` to the bank for his company's `what`: 0; -1 he must sell shares
 * first; 1 he cannot, having nothing to sell: bankrupt, the game over. */
static int director_pays(eng_game *g, int c, int owed, const char *what, char *why, size_t len)
{
    int dir = eng_company_holder(g, c);
    if (owed <= 0)
        return 0;
    if (g->players[dir].cash >= owed) {
        eng_player_pays_bank(g, dir, owed);
        return 0;
    }
    if (eng_can_sell_any(g, dir))
        return eng_refuse(why, len, "%s must pay %d for %s's %s and has %d: he must sell shares "
                                    "first", g->players[dir].name, owed, company_id(g, c), what,
                          g->players[dir].cash);
    eng_director_bankrupt(g, dir, c, owed - g->players[dir].cash, true);
    return 1;
}

static void interest_paid(eng_game *g, int c, int from, int amount, int due, int player)
{
    if (amount > 0)
        eng_event_add_item(g, ENG_EV_INTEREST_PAID, player, c, from, amount, due);
}

/* The round's interest on the company's loans, its run having earned `revenue`: from the
 * treasury, from the revenue (the bank keeps it back: *left is what is paid out or withheld),
 * from the director. 0, -1, 1 as director_pays. */
static int settle_interest(eng_game *g, int c, int revenue, int *left, char *why, size_t len)
{
    eng_company_state *s = &g->co[c];
    *left = revenue;
    if (s->interest_paid)
        return 0;
    s->interest_paid = true;
    int due = eng_national_no_interest(g, c) ? 0 : eng_loans_interest(g, c);
    if (due == 0)
        return 0;
    eng_event_add(g, ENG_EV_INTEREST_DUE, ENG_NONE, c, due, s->loans, false);
    int unit = g->t->loans.treasury_unit;
    int from_treasury = min_int(due, s->cash > 0 ? s->cash / unit * unit : 0);
    company_pays_bank(g, c, from_treasury);
    interest_paid(g, c, ENG_PAID_FROM_TREASURY, from_treasury, due, ENG_NONE);
    int from_revenue = min_int(due - from_treasury, revenue);
    *left -= from_revenue;
    interest_paid(g, c, ENG_PAID_FROM_REVENUE, from_revenue, due, ENG_NONE);
    int rest = due - from_treasury - from_revenue;
    int rc = director_pays(g, c, rest, "interest", why, len);
    if (rc == 0)
        interest_paid(g, c, ENG_PAID_FROM_DIRECTOR, rest, due, eng_company_holder(g, c));
    return rc;
}

int eng_loans_at_run(eng_game *g, int revenue, int *left, char *why, size_t len)
{
    *left = revenue;
    if (g->t->loans.amount == 0 || !eng_is_major(g, g->operating))
        return 0;
    return settle_interest(g, g->operating, revenue, left, why, len);
}

/* Whether the action comes after the company's run: its interest is settled before it. */
static bool settles_interest(const eng_game *g, const eng_action *a)
{
    switch (a->kind) {
    case ENG_ACT_BUY_TRAIN: case ENG_ACT_RAISE_CASH: case ENG_ACT_DONE: case ENG_ACT_REPAY_LOAN:
        return true;
    case ENG_ACT_TAKE_LOAN:
        return eng_step_due(g) == ENG_STEP_TRAINS;
    default:
        return false;
    }
}

int eng_loans_before(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = g->operating;
    if (g->t->loans.amount == 0 || !eng_is_major(g, c))
        return 0;
    if (g->co[c].loans_repaid && (a->kind == ENG_ACT_BUY_TRAIN || a->kind == ENG_ACT_RAISE_CASH))
        return eng_refuse(why, len, "%s has repaid loans this turn: it buys no more trains",
                          company_id(g, c));
    int left;
    return settles_interest(g, a) ? settle_interest(g, c, 0, &left, why, len) : 0;
}

int eng_take_loan(eng_game *g, const eng_action *a, char *why, size_t len)
{
    (void)a;
    if (no_loans_here(g, why, len))
        return -1;
    int c = g->operating;
    eng_company_state *s = &g->co[c];
    const eng_loans *l = &g->t->loans;
    if (l->none_from_phase >= 0 && g->phase >= l->none_from_phase)
        return eng_refuse(why, len, "no loans are taken from phase %s on",
                          g->t->phases[l->none_from_phase].name);
    if (s->loans >= eng_loans_max(g, c))
        return eng_refuse(why, len, "%s has %d loans, as many as the shares its players hold (%d)",
                          company_id(g, c), s->loans, eng_loans_max(g, c));
    if (s->loans_taken >= l->per_round)
        return eng_refuse(why, len, "%s has taken %s this round already", company_id(g, c),
                          l->per_round == 1 ? "its loan" : "all the loans it may");
    if (s->loans_repaid)
        return eng_refuse(why, len, "%s has repaid loans this turn and takes none now",
                          company_id(g, c));
    int money = eng_loan_money_now(g);
    eng_bank_pays_company(g, c, money);
    s->loans++;
    s->loans_taken++;
    eng_event_add(g, ENG_EV_LOAN_TAKEN, ENG_NONE, c, money, s->loans, false);
    return 0;
}

/* n loans repaid: the company's money, then the director's for the rest. 0, -1, 1. */
static int repay(eng_game *g, int c, int n, char *why, size_t len)
{
    eng_company_state *s = &g->co[c];
    int cost = n * g->t->loans.amount;
    int from_company = min_int(cost, s->cash > 0 ? s->cash : 0);
    company_pays_bank(g, c, from_company);
    s->loans -= n;
    s->loans_repaid = true;
    int rest = cost - from_company;
    int rc = director_pays(g, c, rest, n == 1 ? "loan" : "loans", why, len);
    if (rc == 0) /* (the CGR's round's event: Rails CompanyRepaysLoans, ...WithPresCash) */
        eng_event_add_item(g, ENG_EV_LOANS_REPAID, eng_company_holder(g, c), c, rest, n,
                           from_company);
    return rc;
}

int eng_repay_loans(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (no_loans_here(g, why, len))
        return -1;
    int c = g->operating, n = a->amount;
    const eng_company_state *s = &g->co[c];
    if (n < 1)
        return eng_refuse(why, len, "a repayment says how many loans (at least 1)");
    if (n > s->loans)
        return eng_refuse(why, len, "%s has %d loan%s, not %d", company_id(g, c), s->loans,
                          s->loans == 1 ? "" : "s", n);
    if (eng_step_due(g) != ENG_STEP_TRAINS)
        return eng_refuse(why, len, "%s repays loans in its trains step, after its run",
                          company_id(g, c));
    if (s->ntrains == 0)
        return eng_refuse(why, len, "%s has no train: it buys one before it repays loans",
                          company_id(g, c));
    int cost = n * g->t->loans.amount, must = loans_over(g, c);
    if (cost > s->cash && n > must)
        return eng_refuse(why, len, "%d loan%s cost %d and %s has %d (its director adds money "
                                    "only for the %d it must repay)", n, n == 1 ? "" : "s", cost,
                          company_id(g, c), s->cash, must);
    return repay(g, c, n, why, len) < 0 ? -1 : 0; /* (1: bankrupt, the game over) */
}

int eng_loans_turn_ends(eng_game *g, char *why, size_t len)
{
    int c = g->operating;
    if (g->t->loans.amount == 0 || !eng_is_major(g, c) || loans_over(g, c) == 0)
        return 0;
    return repay(g, c, loans_over(g, c), why, len);
}

int eng_loans_director_short(const eng_game *g)
{
    int c = g->operating;
    if (c == ENG_NONE || g->t->loans.amount == 0 || !eng_is_major(g, c))
        return 0;
    const eng_company_state *s = &g->co[c];
    int cash = s->cash > 0 ? s->cash : 0, owed = 0;
    if (!s->interest_paid) {
        int due = eng_loans_interest(g, c), unit = g->t->loans.treasury_unit;
        int from_treasury = min_int(due, cash / unit * unit);
        cash -= from_treasury;
        owed += due - from_treasury;
    }
    if (eng_step_due(g) == ENG_STEP_TRAINS) {
        int repay_cost = loans_over(g, c) * g->t->loans.amount;
        owed += repay_cost > cash ? repay_cost - cash : 0;
    }
    int dir = eng_company_holder(g, c);
    return owed > g->players[dir].cash ? owed - g->players[dir].cash : 0;
}
