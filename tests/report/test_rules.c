/* A title's own rules as its players are told them (report/rules.c; issue 32): 18GA's start mail
 * lists its end at the market's top, its one train from the bank a turn in phases 2 and 3, its
 * neutral stations, ACL's blocking home, the W&S's station and the OSO's free train, what a
 * company pays for a private (half to 1.5 times its face value), all from its data; the
 * report's "The game now" says the train limit only while its phase has it; 1835 and 1856 have
 * none of them, 1830 only its D&H's station in the turn of its tile. A train a
 * company may not sell is marked in the companies' table, and the order form says how to write
 * the powers of the privates a major holds (report/state.c). */
#include "../engine/game_fixture.h"
#include "engine/privates.h"
#include "report/rules.h"
#include "report/state.h"
#include "util/buf.h"

/* The title's list as one text, a line each. */
static char *rules_text(const eng_game *g)
{
    cJSON *list = rep_rules_json(g);
    buf b;
    buf_init(&b);
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
        buf_printf(&b, "%s\n", it->valuestring);
    cJSON_Delete(list);
    return buf_steal(&b);
}

static void expect_in(const char *text, const char *part)
{
    if (!text || !strstr(text, part))
        fail_msg("\"%s\" not in:\n%s", part, text ? text : "(nothing)");
}

static eng_game *game_of(const char *name, int players)
{
    eng_title_free(title);
    title = tf_load_title(name);
    return new_game(NULL, players);
}

static void test_18ga_rules_in_the_start_mail(void **state)
{
    (void)state;
    eng_game *g = game_of("18GA", 3);
    char *text = rules_text(g);
    expect_in(text, "The game ends at once when a player goes bankrupt; when the bank breaks, at "
                    "the end of the operating round in play; and when a company's share price "
                    "reaches 300 (the market's end)");
    expect_in(text, "In phases 2 and 3 a company buys at most 1 train from the bank (or the "
                    "pool) in an operating turn");
    expect_in(text, "ACL's home station stands on Jacksonville (J12) from the start, before "
                    "ACL floats: as any station, it keeps other companies' runs from passing "
                    "through the city while the city is full (they may end there).");
    expect_in(text, "MRC (Midland Railroad): the company that owns it may lay tile 7, 8 or 9 on "
                    "F12 besides its own lay, free, needing no connection.");
    expect_in(text, "W&S (Waycross & Southern");
    expect_in(text, "may place a free station on Waycross (I9) in its station step (USE W&S)");
    expect_in(text, "the company that buys it from its owner also receives a 2-train");
    expect_in(text, "it may never sell that train");
    expect_in(text, "From phase 3 a company may buy a private from its owner for 50% to 150% of "
                    "its face value (LT 10 to 30, MRC 20 to 60, W&S 35 to 105, OSO 50 to 150, "
                    "M&B 75 to 225).");
    free(text);
    eng_game_free(g);
}

static void test_18ga_rules_now_by_phase(void **state)
{
    (void)state;
    eng_game *g = game_of("18GA", 4);
    char *now = rep_rules_now_text(g);
    expect_in(now, "In this phase a company buys at most 1 train from the bank");
    expect_in(now, "reaches 300 (the market's end)");
    assert_int_not_equal(now[strlen(now) - 1], '\n'); /* (the template ends the line) */
    free(now);
    g->phase = phase("4");
    now = rep_rules_now_text(g);
    assert_null(strstr(now, "In this phase"));
    expect_in(now, "reaches 300");
    free(now);
    eng_round round = g->round;
    g->round = ENG_ROUND_OVER; /* over: how it ends is said no more */
    assert_null(rep_rules_now_text(g));
    g->round = round;
    rep_state s; /* the state carries it, the templates' JSON too */
    rep_state_build(g, &s);
    cJSON *j = rep_state_to_json(&s);
    expect_in(cJSON_GetStringValue(cJSON_GetObjectItem(j, "rules_now_text")), "reaches 300");
    cJSON_Delete(j);
    rep_state_free(&s);
    eng_game_free(g);
}

static void test_the_older_titles_say_little(void **state)
{
    (void)state;
    static const char *const quiet[] = {"1835", "1856"};
    for (size_t i = 0; i < sizeof quiet / sizeof *quiet; i++) {
        eng_game *g = game_of(quiet[i], 4);
        cJSON *list = rep_rules_json(g);
        assert_int_equal(cJSON_GetArraySize(list), 0);
        cJSON_Delete(list);
        assert_null(rep_rules_now_text(g));
        eng_game_free(g);
    }
    eng_game *g = game_of("1830", 4);
    char *text = rules_text(g);
    expect_in(text, "D&H (Delaware & Hudson): its station on Scranton (F16) may be placed only in "
                    "the turn in which its company lays the private's tile there");
    assert_null(strstr(text, "The game ends"));
    assert_null(strstr(text, "buy a private from its owner")); /* (the usual half to twice) */
    free(text);
    assert_null(rep_rules_now_text(g));
    eng_game_free(g);
}

/* An 18GA game of three, CoG started by Ann at 100. */
static eng_game *cog_started(void)
{
    eng_game *g = game_of("18GA", 3);
    give(g, "CoG", 20, true, 0);
    eng_set_par(g, co("CoG"), 100);
    return g;
}

/* A train its company may not sell (18GA's OSO's free 2-train) is marked in the table. */
static void test_a_train_not_sellable_is_marked(void **state)
{
    (void)state;
    eng_game *g = cog_started();
    give_train(g, "CoG", "2");
    give_train(g, "CoG", "2");
    g->co[co("CoG")].not_sellable[train("2")] = 1;
    rep_state s;
    rep_state_build(g, &s);
    assert_string_equal(s.companies[0].id, "CoG");
    assert_string_equal(s.companies[0].trains, "2 (not sellable), 2");
    rep_state_free(&s);
    eng_game_free(g);
}

/* The order form reminds a major's director of its privates' powers and how to write them. */
static void test_the_form_says_the_privates_powers(void **state)
{
    (void)state;
    eng_game *g = cog_started();
    g->co[co("W&S")].held_by = co("CoG");
    g->co[co("MRC")].held_by = co("CoG");
    cJSON *form = rep_order_form_json(g, 0);
    const cJSON *cog = cJSON_GetArrayItem(cJSON_GetObjectItem(form, "companies"), 0);
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(cog, "id")), "CoG");
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(cog, "privates_line")),
                        "LAY 7, 8 or 9 ON F12 (MRC's tile); USE W&S (its station on I9)");
    cJSON_Delete(form);
    g->co[co("W&S")].powers_used = ENG_POWER_TOKEN_USED; /* a power used is said no more */
    form = rep_order_form_json(g, 0);
    cog = cJSON_GetArrayItem(cJSON_GetObjectItem(form, "companies"), 0);
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(cog, "privates_line")),
                        "LAY 7, 8 or 9 ON F12 (MRC's tile)");
    cJSON_Delete(form);
    g->co[co("MRC")].powers_used = 1u; /* (its one tile) */
    form = rep_order_form_json(g, 0);
    cog = cJSON_GetArrayItem(cJSON_GetObjectItem(form, "companies"), 0);
    assert_null(cJSON_GetObjectItem(cog, "privates_line"));
    cJSON_Delete(form);
    g->co[co("W&S")].held_by = ENG_NONE; /* none held: no line */
    g->co[co("MRC")].held_by = ENG_NONE;
    form = rep_order_form_json(g, 0);
    cog = cJSON_GetArrayItem(cJSON_GetObjectItem(form, "companies"), 0);
    assert_null(cJSON_GetObjectItem(cog, "privates_line"));
    cJSON_Delete(form);
    eng_game_free(g);
}

/* 1830's D&H (seed 003): its station only in the turn of its tile, so once the tile is laid the
 * form offers neither. */
static void test_the_form_drops_a_station_gone_with_its_tiles_turn(void **state)
{
    (void)state;
    eng_game *g = game_of("1830", 3);
    give(g, "PRR", 20, true, 0);
    eng_set_par(g, co("PRR"), 67);
    g->co[co("D&H")].held_by = co("PRR");
    cJSON *form = rep_order_form_json(g, 0);
    const cJSON *prr = cJSON_GetArrayItem(cJSON_GetObjectItem(form, "companies"), 0);
    assert_string_equal(cJSON_GetStringValue(cJSON_GetObjectItem(prr, "privates_line")),
                        "LAY 57 ON F16 (D&H's tile); USE D&H (its station on F16)");
    cJSON_Delete(form);
    g->co[co("D&H")].powers_used = 1u; /* its tile laid in an earlier turn */
    form = rep_order_form_json(g, 0);
    prr = cJSON_GetArrayItem(cJSON_GetObjectItem(form, "companies"), 0);
    assert_null(cJSON_GetObjectItem(prr, "privates_line"));
    cJSON_Delete(form);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_18ga_rules_in_the_start_mail),
        cmocka_unit_test(test_18ga_rules_now_by_phase),
        cmocka_unit_test(test_the_older_titles_say_little),
        cmocka_unit_test(test_a_train_not_sellable_is_marked),
        cmocka_unit_test(test_the_form_says_the_privates_powers),
        cmocka_unit_test(test_the_form_drops_a_station_gone_with_its_tiles_turn),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
