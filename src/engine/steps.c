/* steps: the steps of a company's turn in an operating round (see steps.h). */
#include "engine/steps.h"

static const char *const STEP_NAMES[] = {"home", "track", "station", "run", "trains"};

/* The actions bound to a step: the last step each may come in, and the step it leaves the turn
 * at (a station ends the track step; the run, the steps before the trains). Others (selling
 * for a train, raising cash, a private's power, DONE) are not bound. */
static const struct step_rule {
    eng_action_kind kind;
    eng_step last, to;
} STEP_RULES[] = {
    {ENG_ACT_HOME, ENG_STEP_HOME, ENG_STEP_TRACK},
    {ENG_ACT_LAY_TILE, ENG_STEP_TRACK, ENG_STEP_TRACK},
    {ENG_ACT_TOKEN, ENG_STEP_STATION, ENG_STEP_STATION},
    {ENG_ACT_RUN, ENG_STEP_RUN, ENG_STEP_TRAINS},
    {ENG_ACT_BUY_TRAIN, ENG_STEP_TRAINS, ENG_STEP_TRAINS},
};

static const struct step_rule *step_rule(eng_action_kind kind)
{
    for (size_t i = 0; i < sizeof STEP_RULES / sizeof *STEP_RULES; i++)
        if (STEP_RULES[i].kind == kind)
            return &STEP_RULES[i];
    return NULL;
}

const char *eng_step_name(eng_step step)
{
    return step >= ENG_STEP_HOME && step <= ENG_STEP_TRAINS ? STEP_NAMES[step] : "?";
}

eng_step eng_step_due(const eng_game *g)
{
    if (g->operating == ENG_NONE)
        return ENG_STEP_TRAINS;
    const eng_company_state *s = &g->co[g->operating];
    return s->step == ENG_STEP_RUN && s->ntrains == 0 ? ENG_STEP_TRAINS : s->step;
}

int eng_step_check(const eng_game *g, const eng_action *a, char *why, size_t len)
{
    const struct step_rule *r = step_rule(a->kind);
    eng_step due = eng_step_due(g);
    if (due == ENG_STEP_HOME && a->kind != ENG_ACT_HOME) {
        const eng_company *co = &g->t->companies[g->operating];
        return eng_refuse(why, len, "%s places its home station first: in which city of %s is "
                                    "its director's choice", co->id, g->t->hexes[co->home_hex].id);
    }
    if (!r || due <= r->last)
        return 0;
    return eng_refuse(why, len, "%s's %s step is over (its turn is at the %s step)",
                      g->t->companies[g->operating].id, STEP_NAMES[r->last], STEP_NAMES[due]);
}

void eng_step_after(eng_game *g, int company, const eng_action *a)
{
    const struct step_rule *r = step_rule(a->kind);
    if (r && g->co[company].step < r->to)
        g->co[company].step = r->to;
}

void eng_step_reach(eng_game *g, int company, eng_step step)
{
    if (g->co[company].step < step)
        g->co[company].step = step;
}

int eng_step_skip(eng_game *g, char *why, size_t len)
{
    eng_step due = eng_step_due(g);
    const char *id = g->t->companies[g->operating].id;
    if (due == ENG_STEP_TRAINS)
        return eng_refuse(why, len, "%s's turn ends with DONE, not by passing a step", id);
    if (due == ENG_STEP_HOME)
        return eng_refuse(why, len, "%s places its home station first", id);
    if (due == ENG_STEP_RUN)
        return eng_refuse(why, len, "%s has trains: it declares their run (its revenue may be 0)",
                          id);
    g->co[g->operating].step = due + 1;
    return 0;
}
