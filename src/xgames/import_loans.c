/* import_loans: an 18xx.games file's loans (its g_1856 Loan step) played on pbemgm's game —
 * take_loan (one loan for the operating corporation, at any step of its turn) and payoff_loan
 * (one loan repaid, after its trains). The interest and the forced repayments are no actions
 * there or here: both engines do them. */
#include "xgames/import_internal.h"

int xg_take_loan(xg_importer *x, const cJSON *a)
{
    int c = xg_acting_company(x, a);
    if (c < 0 || xg_sync_company(x, c, ENG_STEP_HOME)) /* (its turn, at the step it is at) */
        return -1;
    eng_action act = {.kind = ENG_ACT_TAKE_LOAN, .player = eng_company_holder(x->g, c)};
    return xg_apply(x, &act, NULL);
}

int xg_payoff_loan(xg_importer *x, const cJSON *a)
{
    int c = xg_acting_company(x, a);
    if (c < 0 || xg_sync_company(x, c, ENG_STEP_TRAINS))
        return -1;
    eng_action act = {.kind = ENG_ACT_REPAY_LOAN, .player = eng_company_holder(x->g, c),
                      .amount = 1};
    return xg_apply(x, &act, NULL);
}
