/* Tests for 1835 on 18xx.games: config/games/1835.json's "18xx.games" section (its title
 * there, the options that make pbemgm's rules 18xx.games' where an option exists, its
 * optional rule, the tiles it draws otherwise, the ids it spells otherwise) as the engine
 * reads it, with the title its options make. Facts from tobymao/18xx at 111f7f69
 * (lib/engine/game/g_1835/, lib/engine/config/tile.rb; docs/titles.md, "1835 on
 * 18xx.games"). */
#include "../engine/title_fixture.h"
#include "engine/game.h"

#include <cJSON.h>

static char *read_title(const char *name, void *ctx)
{
    (void)ctx;
    return tf_json_of(name);
}

/* The section as the file has it (what the engine's struct does not keep). */
static cJSON *section(void)
{
    char *json = tf_json_of("1835");
    cJSON *root = cJSON_Parse(json);
    free(json);
    assert_non_null(root);
    cJSON *sec = cJSON_DetachItemFromObject(root, "18xx.games");
    cJSON_Delete(root);
    assert_non_null(sec);
    return sec;
}

static const eng_xg_place *tile_place(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->xgames.ntiles; i++)
        if (t->xgames.tiles[i].index == tf_tile(t, id))
            return &t->xgames.tiles[i];
    return NULL;
}

static void test_section_reads(void **state)
{
    (void)state;
    eng_title *t = tf_load();
    const eng_xgames *x = &t->xgames;
    assert_string_equal(x->title, "1835");
    /* its one optional rule, clemens, is read by no code there: not mapped (the _about) */
    assert_int_equal(x->nrules, 0);
    /* 211-214: Rails' city order here, 18xx.games' the other way round; the rest alike */
    assert_int_equal(x->ntiles, 4);
    static const char *const swapped[] = {"211", "212", "213", "214"};
    for (int i = 0; i < 4; i++) {
        const eng_xg_place *p = tile_place(t, swapped[i]);
        assert_non_null(p);
        assert_int_equal(p->rotation, 0);
        assert_int_equal(p->ncities, 2);
        assert_int_equal(p->cities[0], 1);
        assert_int_equal(p->cities[1], 0);
    }
    assert_null(tile_place(t, "210"));
    assert_null(tile_place(t, "215"));
    assert_null(tile_place(t, "221"));
    /* C11 and L14 are listed for their city ids only: drawn alike */
    assert_int_equal(x->nhexes, 2);
    for (int i = 0; i < x->nhexes; i++) {
        assert_int_equal(x->hexes[i].rotation, 0);
        assert_int_equal(x->hexes[i].ncities, 0);
    }
    eng_title_free(t);
}

/* The options parse and set what 18xx.games does; the title they make moves the river cost
 * to Dresden and lets green 14 and 15 become 63. */
static void test_options_are_18xx_games_rules(void **state)
{
    (void)state;
    eng_title *t = tf_load();
    eng_options o;
    eng_options_default(t, &o);
    char why[256] = "";
    if (eng_options_parse(t, &o, t->xgames.options, why, sizeof why))
        fail_msg("options: %s", why);
    assert_int_equal(o.nationalisation_percent, 51);  /* > 50% (can_nationalize?) */
    assert_false(o.separate_sales_at_same_price);     /* a row down per sale action */
    assert_true(o.first_round_sell_restriction);      /* defaults that are 18xx.games' */
    assert_true(o.cert_limit_bonus_80);
    assert_true(o.rules.ferry_toll_when_crossing);    /* the toll on a crossing run only */
    assert_int_equal(o.rules.start_order, ENG_START_STANDARD);
    assert_true(eng_choices_change_title(t, o.chosen));
    char *err = NULL;
    eng_title *played = eng_title_load_chosen("1835", read_title, NULL, t, o.chosen, &err);
    if (!played)
        fail_msg("the title with the options: %s", err);
    assert_int_equal(played->hexes[tf_hex(played, "H20")].cost, 50);
    assert_int_equal(played->hexes[tf_hex(played, "C11")].cost, 0);
    const eng_tile *t14 = &played->tiles[tf_tile(played, "14")];
    bool to_63 = false;
    for (int i = 0; i < t14->upgrades.n; i++)
        to_63 |= t14->upgrades.v[i].tile == tf_tile(played, "63");
    assert_true(to_63);
    static const char *const ms_ol[] = {"MS", "OL"};
    for (int i = 0; i < 2; i++) {
        const eng_company *c = tf_company(played, ms_ol[i]);
        assert_true(c->float_option >= 0);
        assert_int_equal(eng_option_number(played, &o, c->float_option), 60);
    }
    eng_title_free(played);
    eng_title_free(t);
}

/* The ids 18xx.games spells otherwise name this title's companies and start items, and every
 * other company keeps its id there (entities.rb: NF LD BB HB OBB; BY SX BA WT HE PR MS OL). */
static void test_ids(void **state)
{
    (void)state;
    eng_title *t = tf_load();
    cJSON *sec = section();
    const cJSON *companies = cJSON_GetObjectItem(sec, "companies"), *it;
    assert_int_equal(cJSON_GetArraySize(companies), 7);
    cJSON_ArrayForEach(it, companies)
    {
        assert_true(eng_company_index(t, it->string) >= 0);
        assert_true(cJSON_IsString(it));
    }
    assert_string_equal(cJSON_GetObjectItem(companies, "PfB")->valuestring, "PB");
    assert_string_equal(cJSON_GetObjectItem(companies, "M1")->valuestring, "1");
    assert_string_equal(cJSON_GetObjectItem(companies, "M6")->valuestring, "6");
    static const char *const same[] = {"NF", "LD", "BB", "HB", "OBB", "BY", "SX", "BA",
                                        "WT", "HE", "PR", "MS", "OL"};
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) {
        assert_true(eng_company_index(t, same[i]) >= 0);
        assert_null(cJSON_GetObjectItem(companies, same[i]));
    }
    const cJSON *items = cJSON_GetObjectItem(sec, "start_items");
    assert_int_equal(cJSON_GetArraySize(items), 1);
    assert_true(eng_start_item_index(t, "BY-20%-director") >= 0);
    assert_string_equal(cJSON_GetObjectItem(items, "BY-20%-director")->valuestring, "BY_D");
    /* 18xx.games' city ids: the part's index in the hex's code */
    const cJSON *hexes = cJSON_GetObjectItem(sec, "hexes");
    const cJSON *c11 = cJSON_GetObjectItem(cJSON_GetObjectItem(hexes, "C11"), "city_parts");
    const cJSON *l14 = cJSON_GetObjectItem(cJSON_GetObjectItem(hexes, "L14"), "city_parts");
    assert_int_equal(cJSON_GetArraySize(c11), t->hexes[tf_hex(t, "C11")].printed.ncities);
    assert_int_equal(cJSON_GetArraySize(l14), t->hexes[tf_hex(t, "L14")].printed.ncities);
    assert_int_equal(cJSON_GetArrayItem(c11, 2)->valueint, 4);
    assert_int_equal(cJSON_GetArrayItem(l14, 1)->valueint, 3);
    cJSON_Delete(sec);
    eng_title_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_section_reads),
        cmocka_unit_test(test_options_are_18xx_games_rules),
        cmocka_unit_test(test_ids),
    };
    return cmocka_run_group_tests_name("1835_export", tests, NULL, NULL);
}
