/* game_fixture: what the engine's game tests share — a 1835 game of 4 players (Ann, Bob, Cy,
 * Dee), actions by the player to act, checks of refusals and events, and white-box set-ups
 * that place certificates directly to reach a position quickly. */
#ifndef PBEMGM_TEST_GAME_FIXTURE_H
#define PBEMGM_TEST_GAME_FIXTURE_H

#include "title_fixture.h"
#include "engine/game.h"
#include "engine/query.h"
#include "engine/start.h"
#include "engine/capital.h"
#include "engine/state.h"

static eng_title *title;

static inline int group_setup(void **state)
{
    (void)state;
    title = tf_load();
    return 0;
}

static inline int group_teardown(void **state)
{
    (void)state;
    eng_title_free(title);
    return 0;
}

static inline eng_game *new_game(const char *options, int n)
{
    static const char *const names[] = {"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"};
    eng_options o;
    eng_options_default(title, &o);
    char why[256];
    if (options && eng_options_parse(title, &o, options, why, sizeof why))
        fail_msg("options: %s", why);
    eng_game *g = eng_game_new(title, &o, names, n, why, sizeof why);
    if (!g)
        fail_msg("new game: %s", why);
    return g;
}

static inline int co(const char *id)
{
    int c = eng_company_index(title, id);
    if (c < 0)
        fail_msg("no company %s", id);
    return c;
}

static inline int item(const char *id)
{
    int i = eng_start_item_index(title, id);
    if (i < 0)
        fail_msg("no item %s", id);
    return i;
}

static inline int try_act(eng_game *g, eng_action a, char *why)
{
    a.player = g->current;
    return eng_apply(g, &a, why, 256);
}

static inline void must(eng_game *g, eng_action a)
{
    char why[256];
    if (try_act(g, a, why))
        fail_msg("refused: %s", why);
}

static inline void refused(eng_game *g, eng_action a, const char *fragment)
{
    char why[256] = "";
    if (try_act(g, a, why) == 0)
        fail_msg("allowed; expected \"%s\"", fragment);
    if (!strstr(why, fragment))
        fail_msg("\"%s\" does not mention \"%s\"", why, fragment);
}

static inline eng_action buy_item(const char *id)
{
    return (eng_action){.kind = ENG_ACT_BUY_ITEM, .item = item(id)};
}

static inline eng_action pass(void)
{
    return (eng_action){.kind = ENG_ACT_PASS};
}

static inline eng_action buy(const char *company, bool pool, int percent)
{
    return (eng_action){.kind = ENG_ACT_BUY_SHARE, .company = co(company), .from_pool = pool,
                        .percent = percent};
}

static inline eng_action sell(const char *company, int percent)
{
    return (eng_action){.kind = ENG_ACT_SELL, .company = co(company), .percent = percent};
}

static inline bool has_event(const eng_game *g, eng_event_kind kind, int player, int company)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == kind && (player < 0 || g->events[i].player == player) &&
            (company < 0 || g->events[i].company == company))
            return true;
    return false;
}

static inline void give(eng_game *g, const char *company, int percent, bool director, int owner)
{
    int c = co(company);
    eng_company_state *s = &g->co[c];
    for (int i = 0; i < s->ncerts; i++)
        if (s->certs[i].owner == ENG_IPO && s->certs[i].percent == percent &&
            s->certs[i].director == director) {
            s->certs[i].owner = owner;
            if (director) {
                s->started = true;
                s->director = owner;
                eng_set_par(g, c, 0);
            }
            return;
        }
    fail_msg("no %d%% certificate of %s in the IPO", percent, company);
}

/* A game whose packet is sold (Clemens order), everyone rich, in stock round 1. */
static inline eng_game *after_packet(const char *options)
{
    eng_game *g = new_game(options, 4);
    for (int p = 0; p < 4; p++) {
        g->players[p].cash += 1000;
        g->bank -= 1000;
    }
    static const char *const items[] = {"NF", "M1", "LD", "M2", "M3", "M4", "BY-20%-director",
                                        "BB", "HB", "M5", "M6", "OBB", "PfB"};
    for (int i = 0; i < 13; i++)
        must(g, buy_item(items[i]));
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    return g;
}

/* The money in all: the bank's, the players', the companies'. */
static inline int total_money(const eng_game *g)
{
    int sum = g->bank;
    for (int p = 0; p < g->nplayers; p++)
        sum += g->players[p].cash;
    for (int c = 0; c < g->t->ncompanies; c++)
        sum += g->co[c].cash;
    return sum;
}

/* The title's phase of that name. */
static inline int phase(const char *name)
{
    for (int p = 0; p < title->nphases; p++)
        if (strcmp(title->phases[p].name, name) == 0)
            return p;
    fail_msg("no phase %s", name);
    return -1;
}

static inline int train(const char *name)
{
    int k = eng_train_index(title, name);
    if (k < 0)
        fail_msg("no train %s", name);
    return k;
}

/* After the packet (Clemens: BY floats with it), everyone passes stock round 1 and the minors
 * end their turns: BY, the only major that floated, operates. */
static inline eng_game *by_operating(const char *options)
{
    eng_game *g = after_packet(options);
    for (int k = 0; k < 4; k++)
        must(g, pass());
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
    for (int k = 0; k < 8 && g->operating != co("BY"); k++)
        must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_equal(g->operating, co("BY"));
    return g;
}

/* The action read back from its log text (which it frees), failing the test if refused. */
static inline eng_action back_from_json(eng_game *g, char *json)
{
    eng_action back;
    char why[256];
    if (eng_action_from_json(g, json, &back, why, sizeof why))
        fail_msg("%s does not read back: %s", json, why);
    free(json);
    return back;
}

static inline void give_train(eng_game *g, const char *company, const char *name)
{
    eng_company_state *s = &g->co[co(company)];
    s->trains[s->ntrains++] = train(name);
    g->trains_left[train(name)]--;
}

#endif
