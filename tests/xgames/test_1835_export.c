/* Tests for 1835 on 18xx.games: config/games/1835.json's "18xx.games" section (its title
 * there, the options that make pbemgm's rules 18xx.games' where an option exists, no optional
 * rule, the tiles it draws otherwise, the ids it spells otherwise) as the engine reads it, with
 * the title its options make; a short game played with them to where 18xx.games' engine stands
 * after the same game, and its export. Facts from tobymao/18xx at 111f7f69
 * (lib/engine/game/g_1835/, lib/engine/config/tile.rb; docs/titles.md, "1835 on
 * 18xx.games"). */
#include "../engine/title_fixture.h"
#include "engine/game.h"
#include "xgames/xgames.h"

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
    assert_true(o.no_train_price_left);               /* a major without a train moves left */
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
    /* the share each item brings there (entities.rb: not in the order bought) */
    const cJSON *shares = cJSON_GetObjectItem(sec, "item_shares");
    assert_int_equal(cJSON_GetArraySize(shares), 5);
    cJSON_ArrayForEach(it, shares)
    {
        int i = eng_start_item_index(t, it->string);
        assert_true(i >= 0);
        const eng_company *item = &t->companies[t->start_items[i].company];
        /* a private bringing a share of that company, or that company's certificate */
        int brings = item->kind == ENG_PRIVATE ? item->brings_company : t->start_items[i].company;
        assert_true(brings >= 0);
        assert_string_equal(t->companies[brings].id,
                            strncmp(it->valuestring, "SX", 2) ? "BY" : "SX");
    }
    assert_string_equal(cJSON_GetObjectItem(shares, "NF")->valuestring, "BY_2");
    assert_string_equal(cJSON_GetObjectItem(shares, "OBB")->valuestring, "BY_1");
    assert_string_equal(cJSON_GetObjectItem(shares, "PfB")->valuestring, "BY_3");
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

/* ---- a short game: pbemgm plays it, 18xx.games' engine loads its 18xx.games form ---- */

/* Four players, the options of the section: the whole packet in seating order by rows, stock
 * round 1, operating round 1 (every minor and BY lay track and buy 2-trains), stock round 2,
 * operating round 2 (M6 runs Hamburg-Kiel; BY lays two tiles, the OBB's tile on M15, a station
 * at Augsburg, and runs). Its action log as the engine writes it. */
static const char *const short_game[] = {
    "{\"type\":\"buy_item\",\"seat\":1,\"item\":\"NF\"}",
    "{\"type\":\"buy_item\",\"seat\":2,\"item\":\"M1\"}",
    "{\"type\":\"buy_item\",\"seat\":3,\"item\":\"LD\"}",
    "{\"type\":\"buy_item\",\"seat\":4,\"item\":\"M2\"}",
    "{\"type\":\"buy_item\",\"seat\":1,\"item\":\"M3\"}",
    "{\"type\":\"buy_item\",\"seat\":2,\"item\":\"M4\"}",
    "{\"type\":\"buy_item\",\"seat\":3,\"item\":\"BB\"}",
    "{\"type\":\"buy_item\",\"seat\":4,\"item\":\"BY-20%-director\"}",
    "{\"type\":\"buy_item\",\"seat\":1,\"item\":\"M5\"}",
    "{\"type\":\"buy_item\",\"seat\":2,\"item\":\"HB\"}",
    "{\"type\":\"buy_item\",\"seat\":3,\"item\":\"PfB\"}",
    "{\"type\":\"buy_item\",\"seat\":4,\"item\":\"OBB\"}",
    "{\"type\":\"buy_item\",\"seat\":1,\"item\":\"M6\"}",
    "{\"type\":\"pass\",\"seat\":2}",
    "{\"type\":\"pass\",\"seat\":3}",
    "{\"type\":\"pass\",\"seat\":4}",
    "{\"type\":\"buy\",\"seat\":1,\"company\":\"SX\",\"from\":\"ipo\"}",
    "{\"type\":\"pass\",\"seat\":1}",
    "{\"type\":\"pass\",\"seat\":2}",
    "{\"type\":\"pass\",\"seat\":3}",
    "{\"type\":\"pass\",\"seat\":4}",
    "{\"type\":\"pass\",\"seat\":1}",
    "{\"type\":\"lay_tile\",\"seat\":2,\"hex\":\"H2\",\"tile\":\"201\",\"rotation\":2}",
    "{\"type\":\"buy_train\",\"seat\":2,\"train\":\"2\",\"from\":\"bank\"}",
    "{\"type\":\"done\",\"seat\":2}",
    "{\"type\":\"lay_tile\",\"seat\":4,\"hex\":\"E17\",\"tile\":\"9\",\"rotation\":1}",
    "{\"type\":\"buy_train\",\"seat\":4,\"train\":\"2\",\"from\":\"bank\"}",
    "{\"type\":\"done\",\"seat\":4}",
    "{\"type\":\"lay_tile\",\"seat\":1,\"hex\":\"F14\",\"tile\":\"57\",\"rotation\":0}",
    "{\"type\":\"buy_train\",\"seat\":1,\"train\":\"2\",\"from\":\"bank\"}",
    "{\"type\":\"done\",\"seat\":1}",
    "{\"type\":\"lay_tile\",\"seat\":2,\"hex\":\"G5\",\"tile\":\"5\",\"rotation\":0}",
    "{\"type\":\"buy_train\",\"seat\":2,\"train\":\"2\",\"from\":\"bank\"}",
    "{\"type\":\"done\",\"seat\":2}",
    "{\"type\":\"lay_tile\",\"seat\":1,\"hex\":\"D18\",\"tile\":\"8\",\"rotation\":3}",
    "{\"type\":\"buy_train\",\"seat\":1,\"train\":\"2\",\"from\":\"bank\"}",
    "{\"type\":\"done\",\"seat\":1}",
    "{\"type\":\"lay_tile\",\"seat\":1,\"hex\":\"B10\",\"tile\":\"9\",\"rotation\":2}",
    "{\"type\":\"buy_train\",\"seat\":1,\"train\":\"2\",\"from\":\"bank\"}",
    "{\"type\":\"done\",\"seat\":1}",
    "{\"type\":\"lay_tile\",\"seat\":4,\"hex\":\"O15\",\"tile\":\"202\",\"rotation\":0}",
    "{\"type\":\"lay_tile\",\"seat\":4,\"hex\":\"N14\",\"tile\":\"9\",\"rotation\":2}",
    "{\"type\":\"buy_train\",\"seat\":4,\"train\":\"2\",\"from\":\"bank\"}",
    "{\"type\":\"buy_train\",\"seat\":4,\"train\":\"2\",\"from\":\"bank\"}",
    "{\"type\":\"done\",\"seat\":4}",
    "{\"type\":\"buy\",\"seat\":2,\"company\":\"SX\",\"from\":\"ipo\"}",
    "{\"type\":\"pass\",\"seat\":2}",
    "{\"type\":\"pass\",\"seat\":3}",
    "{\"type\":\"pass\",\"seat\":4}",
    "{\"type\":\"pass\",\"seat\":1}",
    "{\"type\":\"pass\",\"seat\":2}",
    "{\"type\":\"done\",\"seat\":2}",
    "{\"type\":\"done\",\"seat\":4}",
    "{\"type\":\"done\",\"seat\":1}",
    "{\"type\":\"done\",\"seat\":2}",
    "{\"type\":\"done\",\"seat\":1}",
    "{\"type\":\"lay_tile\",\"seat\":1,\"hex\":\"A11\",\"tile\":\"6\",\"rotation\":5}",
    "{\"type\":\"run\",\"seat\":1,\"revenue\":60,\"payout\":false}",
    "{\"type\":\"done\",\"seat\":1}",
    "{\"type\":\"lay_tile\",\"seat\":4,\"hex\":\"M13\",\"tile\":\"7\",\"rotation\":5}",
    "{\"type\":\"lay_tile\",\"seat\":4,\"hex\":\"N12\",\"tile\":\"57\",\"rotation\":0}",
    "{\"type\":\"lay_tile\",\"seat\":4,\"hex\":\"M15\",\"tile\":\"3\",\"rotation\":0}",
    "{\"type\":\"station\",\"seat\":4,\"hex\":\"N12\"}",
    "{\"type\":\"run\",\"seat\":4,\"revenue\":50,\"payout\":true}",
    "{\"type\":\"done\",\"seat\":4}",
};
#define SHORT_GAME_ACTIONS (int)(sizeof short_game / sizeof *short_game)

/* The same game as 18xx.games' actions ("type entity id"): written by hand and loaded by its
 * engine (tobymao/18xx at 111f7f69, strict: true) to the position pbemgm reaches: stock round
 * 3, C to act, A 92, B 47, C 130, D 36. */
static const char *const short_game_18xx[] = {
    "bid 1 NF",
    "bid 2 1",
    "bid 3 LD",
    "bid 4 2",
    "bid 1 3",
    "bid 2 4",
    "bid 3 BB",
    "bid 4 BY_D",
    "bid 1 5",
    "bid 2 HB",
    "bid 3 PB",
    "bid 4 OBB",
    "bid 1 6",
    "buy_shares 1 SX_1",
    "lay_tile 1 201-0@H2/2",
    "buy_train 1 2-0",
    "lay_tile 2 9-0@E17/1",
    "buy_train 2 2-1",
    "pass 2",
    "lay_tile 3 57-0@F14/0",
    "buy_train 3 2-2",
    "lay_tile 4 5-0@G5/0",
    "buy_train 4 2-3",
    "pass 4",
    "lay_tile 5 8-0@D18/3",
    "buy_train 5 2-4",
    "lay_tile 6 9-1@B10/2",
    "buy_train 6 2-5",
    "lay_tile BY 202-0@O15/0",
    "lay_tile BY 9-2@N14/2",
    "pass BY",
    "buy_train BY 2-6",
    "buy_train BY 2-7",
    "pass BY",
    "buy_shares 2 SX_2",
    "pass 2",
    "pass 3",
    "pass 4",
    "pass 1",
    "pass 2",
    "pass 1",
    "pass 2",
    "pass 2",
    "pass 3",
    "pass 4",
    "pass 4",
    "pass 5",
    "lay_tile 6 6-0@A11/5",
    "run_routes 6 2-5",
    "lay_tile BY 7-0@M13/5",
    "lay_tile BY 57-1@N12/0",
    "lay_tile OBB 3-0@M15/0",
    "pass BY",
    "place_token BY 57-1-0",
    "run_routes BY 2-6",
    "dividend BY payout",
    "pass BY",
};
#define SHORT_GAME_18XX (int)(sizeof short_game_18xx / sizeof *short_game_18xx)

static const char *const players[] = {"A", "B", "C", "D"};

static eng_title *played_title(eng_title *base, eng_options *o)
{
    eng_options_default(base, o);
    char why[256] = "";
    if (eng_options_parse(base, o, base->xgames.options, why, sizeof why))
        fail_msg("options: %s", why);
    char *err = NULL;
    eng_title *t = eng_title_load_chosen("1835", read_title, NULL, base, o->chosen, &err);
    if (!t)
        fail_msg("the title with the options: %s", err);
    return t;
}

static void test_short_game_plays(void **state)
{
    (void)state;
    eng_title *base = tf_load();
    eng_options o;
    eng_title *t = played_title(base, &o);
    char why[256] = "";
    eng_game *g = eng_game_new(t, &o, players, 4, why, sizeof why);
    assert_non_null(g);
    for (int i = 0; i < SHORT_GAME_ACTIONS; i++) {
        eng_action a;
        if (eng_action_from_json(g, short_game[i], &a, why, sizeof why) ||
            eng_apply(g, &a, why, sizeof why))
            fail_msg("action %d %s: %s", i + 1, short_game[i], why);
    }
    /* where 18xx.games' engine stands after the same game: stock round, C to act */
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    assert_int_equal(g->current, 2);
    static const int cash[] = {92, 47, 130, 36};
    for (int p = 0; p < 4; p++)
        assert_int_equal(g->players[p].cash, cash[p]);
    /* BY at 92 there too: moved left in operating round 1, when it had no train to run
     * (NoTrainPriceLeft), and right when it paid; but its cash there 200 (docs/titles.md: its
     * station free, the OBB's tile paying M15's water) */
    int by = eng_company_index(t, "BY");
    assert_int_equal(eng_share_price(g, by), 92);
    assert_int_equal(g->co[by].cash, 210);
    eng_game_free(g);
    eng_title_free(t);
    eng_title_free(base);
}

/* The short game exported: "type entity id" of each of its actions. */
static char **export_short_game(int *n)
{
    xg_source src = {.title = "1835", .options = NULL, .nplayers = 4, .players = players,
                     .nactions = SHORT_GAME_ACTIONS, .actions = short_game};
    eng_title *base = tf_load();
    src.options = base->xgames.options;
    char *warning = NULL, why[256] = "";
    char *json = xg_export(&src, read_title, NULL, &warning, why, sizeof why);
    eng_title_free(base);
    free(warning);
    if (!json)
        fail_msg("export: %s", why);
    cJSON *root = cJSON_Parse(json);
    free(json);
    assert_non_null(root);
    assert_string_equal(cJSON_GetObjectItem(root, "title")->valuestring, "1835");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(root, "players")), 4);
    const cJSON *settings = cJSON_GetObjectItem(root, "settings");
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(settings, "optional_rules")), 0);
    const cJSON *actions = cJSON_GetObjectItem(root, "actions"), *a;
    char **out = calloc((size_t)cJSON_GetArraySize(actions) + 1, sizeof *out);
    *n = 0;
    cJSON_ArrayForEach(a, actions)
    {
        const char *type = cJSON_GetObjectItem(a, "type")->valuestring;
        const cJSON *e = cJSON_GetObjectItem(a, "entity"), *routes;
        char entity[16], key[64] = "";
        if (cJSON_IsNumber(e))
            snprintf(entity, sizeof entity, "%d", e->valueint);
        else
            snprintf(entity, sizeof entity, "%s", e->valuestring);
        if (!strcmp(type, "bid"))
            snprintf(key, sizeof key, " %s", cJSON_GetObjectItem(a, "company")->valuestring);
        else if (!strcmp(type, "buy_shares"))
            snprintf(key, sizeof key, " %s",
                     cJSON_GetArrayItem(cJSON_GetObjectItem(a, "shares"), 0)->valuestring);
        else if (!strcmp(type, "lay_tile"))
            snprintf(key, sizeof key, " %s@%s/%d", cJSON_GetObjectItem(a, "tile")->valuestring,
                     cJSON_GetObjectItem(a, "hex")->valuestring,
                     cJSON_GetObjectItem(a, "rotation")->valueint);
        else if (!strcmp(type, "buy_train"))
            snprintf(key, sizeof key, " %s", cJSON_GetObjectItem(a, "train")->valuestring);
        else if (!strcmp(type, "place_token"))
            snprintf(key, sizeof key, " %s", cJSON_GetObjectItem(a, "city")->valuestring);
        else if ((routes = cJSON_GetObjectItem(a, "routes")))
            snprintf(key, sizeof key, " %s",
                     cJSON_GetObjectItem(cJSON_GetArrayItem(routes, 0), "train")->valuestring);
        else if (!strcmp(type, "dividend"))
            snprintf(key, sizeof key, " %s", cJSON_GetObjectItem(a, "kind")->valuestring);
        size_t len = strlen(type) + strlen(entity) + strlen(key) + 2;
        out[*n] = malloc(len);
        snprintf(out[(*n)++], len, "%s %s%s", type, entity, key);
    }
    cJSON_Delete(root);
    return out;
}

static bool in_export(char **lines, int n, const char *line)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(lines[i], line))
            return true;
    return false;
}

static void free_lines(char **lines, int n)
{
    for (int i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
}

/* What the export writes as 18xx.games does, whatever it still writes otherwise (below):
 * shares, tiles with their copies and rotations, trains, the station's city, the OBB's tile. */
static void test_short_game_export_ids(void **state)
{
    (void)state;
    int n = 0;
    char **lines = export_short_game(&n);
    static const char *const expected[] = {
        "bid 1 NF", "bid 3 LD", "bid 3 BB", "bid 2 HB", "bid 4 OBB", "buy_shares 1 SX_1",
        "buy_shares 2 SX_2", "lay_tile BY 202-0@O15/0", "lay_tile BY 9-2@N14/2",
        "buy_train BY 2-7", "lay_tile BY 7-0@M13/5", "lay_tile BY 57-1@N12/0",
        "lay_tile OBB 3-0@M15/0", "place_token BY 57-1-0", "run_routes BY 2-6",
        "dividend BY payout"};
    for (size_t i = 0; i < sizeof expected / sizeof *expected; i++)
        if (!in_export(lines, n, expected[i]))
            fail_msg("the export has no \"%s\"", expected[i]);
    free_lines(lines, n);
}

/* The whole game as 18xx.games' engine loaded it. */
static void test_short_game_export_loads(void **state)
{
    (void)state;
    /* The exporter does not yet read the section's "companies", "start_items" and
     * "city_parts" (it writes M1 and PfB, and BY for the BY director's certificate), writes a
     * minor's dividend and a pass after a minor that cannot pay for a train, and omits the pass
     * 18xx.games asks of a major whose director owns the OBB after its track (docs/titles.md,
     * "1835 on 18xx.games"). Remove this skip when it does. */
    skip();
    int n = 0;
    char **lines = export_short_game(&n);
    for (int i = 0; i < n && i < SHORT_GAME_18XX; i++)
        if (strcmp(lines[i], short_game_18xx[i]))
            fail_msg("action %d: \"%s\", 18xx.games' engine loaded \"%s\"", i + 1, lines[i],
                     short_game_18xx[i]);
    assert_int_equal(n, SHORT_GAME_18XX);
    free_lines(lines, n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_section_reads),
        cmocka_unit_test(test_options_are_18xx_games_rules),
        cmocka_unit_test(test_ids),
        cmocka_unit_test(test_short_game_plays),
        cmocka_unit_test(test_short_game_export_ids),
        cmocka_unit_test(test_short_game_export_loads),
    };
    return cmocka_run_group_tests_name("1835_export", tests, NULL, NULL);
}
