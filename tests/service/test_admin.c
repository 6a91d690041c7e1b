/* Tests for src/service/admin.c and admin_show.c (issue 29): the command line's commands in the
 * service — a title's starting map is the map the opening mail shows (one home-circle rule: the
 * engine's), refusals come back as SVC_REFUSED with their reason and change nothing, the default
 * title is the service's, and `game set` names a formation round only for a title with one. */
#include "mail_fixture.h"
#include "engine/board.h"
#include "engine/title.h"

static svc_result create_started(struct fixture *f, const char *name, const char *title,
                                 int nplayers)
{
    buf out;
    buf_init(&out);
    svc_result r = svc_game_create(&f->c, f->st, name, title, NULL, NULL, &out);
    static const char *const who[] = {"ann", "ben", "cat", "dan", "eve", "fay"};
    for (int p = 0; p < nplayers && r.kind == SVC_OK; p++) {
        char address[64];
        snprintf(address, sizeof address, "%s@pbem.test", who[p]);
        svc_seat a = {.game = name, .name = who[p], .address = address, .password = "secret9"};
        r = svc_player_add(&f->c, f->st, &a, &out);
    }
    if (r.kind == SVC_OK)
        r = svc_game_start(&f->c, f->st, name, "", &out);
    buf_free(&out);
    return r;
}

/* 1830's Erie chooses its city of E11 later: the map `pbemgm map 1830` draws keeps a circle in
 * each, as the engine's game (whose map the opening mail shows) does; so does every hex. */
static void test_a_titles_map_is_the_opening_mails_map(void **state)
{
    struct fixture *f = *state;
    svc_result r = create_started(f, "g1830", "1830", 4);
    assert_int_equal(r.kind, SVC_OK);
    store_game g = {0};
    assert_int_equal(store_game_find(f->st, "g1830", &g), STORE_OK);
    svc_game dg;
    assert_int_equal(svc_game_load(f->st, &g, &dg).kind, SVC_OK);
    eng_game *start;
    assert_int_equal(svc_title_starting_game(dg.t, &start).kind, SVC_OK);
    const eng_board *mailed = dg.g->board, *drawn = start->board;
    int e11 = -1;
    for (int h = 0; h < dg.t->nhexes; h++) {
        if (strcmp(dg.t->hexes[h].id, "E11") == 0)
            e11 = h;
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            if (drawn->reserved[h][c] != mailed->reserved[h][c])
                fail_msg("%s city %d: the title's map keeps %d, the opening mail's %d",
                         dg.t->hexes[h].id, c, drawn->reserved[h][c], mailed->reserved[h][c]);
    }
    assert_true(e11 >= 0);
    assert_int_not_equal(drawn->reserved[e11][0], ENG_NONE);
    assert_int_equal(drawn->reserved[e11][1], drawn->reserved[e11][0]); /* Erie's, both */
    eng_game_free(start);
    svc_game_unload(&dg);
    store_game_clear(&g);
}

static int64_t count_games(struct fixture *f)
{
    buf out;
    buf_init(&out);
    assert_int_equal(svc_games_list(f->st, &out).kind, SVC_OK);
    int64_t n = 0;
    for (const char *p = out.data; p && *p; p++)
        n += *p == '\n';
    buf_free(&out);
    return n;
}

static void test_a_refusal_says_why_and_changes_nothing(void **state)
{
    struct fixture *f = *state;
    buf out;
    buf_init(&out);
    int64_t before = count_games(f);
    svc_result r = svc_game_create(&f->c, f->st, "g2", "18xx", NULL, NULL, &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    assert_string_equal(r.text, "there is no title \"18xx\" (see config/games/)");
    r = svc_game_create(&f->c, f->st, "g2", "18kaas", NULL, NULL, &out); /* its case */
    assert_int_equal(r.kind, SVC_REFUSED);
    assert_string_equal(r.text, "there is no title \"18kaas\" (see config/games/): did you mean "
                                "\"18Kaas\"?");
    r = svc_game_map(f->st, "18ga", 0, "x.png"); /* the map of a title, in the wrong case */
    assert_int_equal(r.kind, SVC_REFUSED);
    assert_string_equal(r.text, "\"18ga\" is neither a game nor a title: did you mean the title "
                                "\"18GA\"?");
    r = svc_game_create(&f->c, f->st, "G1", NULL, NULL, NULL, &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    assert_string_equal(r.text, "a game named \"G1\" exists already");
    assert_int_equal(svc_game_create(&f->c, f->st, "g3", "1830", NULL, NULL, &out).kind, SVC_OK);
    buf_reset(&out);
    r = svc_game_start(&f->c, f->st, "g3", "LeaveAuctionOnPass=yes, leaveauctiononpass=no", &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    assert_string_equal(r.text, "game options: leaveauctiononpass is given twice; give each "
                                "option once (see docs/game-options.md)");
    r = svc_game_start(&f->c, f->st, "nowhere", "", &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    assert_string_equal(r.text, "there is no game \"nowhere\"");
    assert_int_equal(count_games(f), before + 1);
    assert_int_equal(out.len, 0);
    /* the desk's refusal: its reason in what the GM is told */
    r = svc_gm_command(&f->c, f->st, "g1", "ROLLBACK 1", NULL, NULL, &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    assert_true(out.len > 0);
    buf_free(&out);
}

static void test_the_default_title_is_the_services(void **state)
{
    struct fixture *f = *state;
    buf out;
    buf_init(&out);
    assert_int_equal(svc_game_create(&f->c, f->st, "g2", NULL, NULL, NULL, &out).kind, SVC_OK);
    expect_in(out.data, "game g2 (" SVC_DEFAULT_TITLE ") created");
    buf_free(&out);
}

/* The pace's line names the title's formation round only when the title has one. */
static void test_game_set_names_a_formation_round_only_where_there_is_one(void **state)
{
    struct fixture *f = *state;
    buf out;
    buf_init(&out);
    svc_game_settings set = {48, -1, -1, -1, 1, -1, NULL, NULL};
    assert_int_equal(svc_game_set(&f->c, f->st, "g1", &set, &out).kind, SVC_OK);
    expect_in(out.data, "48 hours a turn");
    expect_in(out.data, "stop after the Prussian's formation round");
    buf_reset(&out);
    assert_int_equal(svc_game_create(&f->c, f->st, "g3", "1830", NULL, NULL, &out).kind, SVC_OK);
    buf_reset(&out);
    assert_int_equal(svc_game_set(&f->c, f->st, "g3", &set, &out).kind, SVC_OK);
    expect_in(out.data, "48 hours a turn");
    if (strstr(out.data, "formation"))
        fail_msg("1830 has no formation round: %s", out.data);
    buf_free(&out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_a_titles_map_is_the_opening_mails_map, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_refusal_says_why_and_changes_nothing, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_the_default_title_is_the_services, setup, teardown),
        cmocka_unit_test_setup_teardown(test_game_set_names_a_formation_round_only_where_there_is_one,
                                        setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
