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
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static char *read_title(const char *name, void *ctx)
{
    (void)ctx;
    return tf_json_of(name);
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
    /* C11 and L14 are listed for their city ids only: drawn alike, their cities numbered by
     * their parts' places in the hex's code (C11-0-0, C11-0-2, C11-0-4; L14-0-0, L14-0-3) */
    assert_int_equal(x->nhexes, 2);
    for (int i = 0; i < x->nhexes; i++) {
        const eng_xg_place *h = &x->hexes[i];
        assert_int_equal(h->rotation, 0);
        assert_int_equal(h->ncities, 0);
        bool c11 = h->index == tf_hex(t, "C11");
        assert_true(c11 || h->index == tf_hex(t, "L14"));
        assert_int_equal(h->ncity_parts, c11 ? 3 : 2);
        assert_int_equal(h->city_parts[0], 0);
        assert_int_equal(h->city_parts[1], c11 ? 2 : 3);
        if (c11)
            assert_int_equal(h->city_parts[2], 4);
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

/* The ids 18xx.games spells otherwise, as the engine reads them: the companies (every other
 * keeps its id there: entities.rb NF LD BB HB OBB; BY SX BA WT HE PR MS OL), the BY director's
 * certificate as an item, and the certificate each item brings (entities.rb: not in the order
 * they are bought). */
static void test_ids(void **state)
{
    (void)state;
    eng_title *t = tf_load();
    static const char *const spelt[][2] = {{"PfB", "PB"}, {"M1", "1"}, {"M2", "2"}, {"M3", "3"},
                                           {"M4", "4"},   {"M5", "5"}, {"M6", "6"}};
    assert_int_equal(t->xgames.ncompanies, 7);
    for (size_t i = 0; i < sizeof spelt / sizeof *spelt; i++) {
        int c = eng_company_index(t, spelt[i][0]);
        assert_string_equal(eng_xg_company_id(t, c), spelt[i][1]);
        assert_int_equal(eng_xg_company_named(t, spelt[i][1]), c);
    }
    static const char *const same[] = {"NF", "LD", "BB", "HB", "OBB", "BY", "SX", "BA",
                                        "WT", "HE", "PR", "MS", "OL"};
    for (size_t i = 0; i < sizeof same / sizeof *same; i++)
        assert_string_equal(eng_xg_company_id(t, eng_company_index(t, same[i])), same[i]);
    assert_int_equal(eng_xg_company_named(t, "PfB"), -1); /* exactly its id there */
    int by_d = eng_start_item_index(t, "BY-20%-director");
    assert_string_equal(eng_xg_item_id(t, by_d), "BY_D");
    assert_int_equal(eng_xg_item_named(t, "BY_D"), by_d);
    assert_string_equal(eng_xg_item_id(t, eng_start_item_index(t, "M1")), "1");
    assert_string_equal(eng_xg_item_id(t, eng_start_item_index(t, "PfB")), "PB");
    static const struct {
        const char *item;
        int share;
    } brings[] = {{"NF", 2}, {"OBB", 1}, {"PfB", 3}, {"LD", 0}, {"BY-20%-director", 0},
                  {"BB", -1}, {"M2", -1}};
    for (size_t i = 0; i < sizeof brings / sizeof *brings; i++)
        assert_int_equal(eng_xg_item_share(t, eng_start_item_index(t, brings[i].item)),
                         brings[i].share);
    /* a turn that sold and then bought sells no more there (base.rb SELL_BUY_ORDER) */
    assert_int_equal(t->xgames.sell_buy_order, ENG_XG_SELL_BUY_OR_BUY_SELL);
    /* PB's tile ability has no count there: it lasts while PB is open (OBB's counts 2) */
    assert_int_equal(t->xgames.nlasting, 1);
    assert_int_equal(t->xgames.lasting[0], eng_company_index(t, "PfB"));
    /* a new president gives up his largest shares, the last he got first (share_pool.rb) */
    assert_true(t->xgames.swap_largest_newest_first);
    eng_title_free(t);
}

/* The title with its section's member `key` set to `value` (JSON): NULL and the error. */
static char *section_error(const char *key, const char *value)
{
    char *json = tf_json_of("1835");
    cJSON *root = cJSON_Parse(json);
    free(json);
    cJSON *sec = cJSON_GetObjectItem(root, "18xx.games");
    cJSON_DeleteItemFromObject(sec, key);
    cJSON_AddItemToObject(sec, key, cJSON_Parse(value));
    char *text = cJSON_PrintUnformatted(root), *err = NULL;
    cJSON_Delete(root);
    eng_title *t = eng_title_parse(text, &err);
    free(text);
    if (t)
        fail_msg("\"%s\": %s was taken", key, value);
    return err;
}

/* A wrong entry is refused, naming it. */
static void test_section_errors(void **state)
{
    (void)state;
    static const char *const bad[][3] = {
        {"companies", "{\"M9\": \"9\"}", "18xx.games.companies[M9]: no such company"},
        {"companies", "{\"M1\": \"NF\"}", "18xx.games.companies[M1]: \"NF\" is another"},
        {"companies", "{\"M1\": 1}", "18xx.games.companies[M1]: must be its short id"},
        {"start_items", "{\"XX\": {}}", "18xx.games.start_items[XX]: no such start item"},
        {"start_items", "{\"NF\": {\"share\": \"SX_2\"}}",
         "18xx.games.start_items[NF].share: \"SX_2\" is no certificate of BY"},
        {"start_items", "{\"NF\": {\"share\": \"BY_9\"}}",
         "18xx.games.start_items[NF].share: \"BY_9\" is no certificate of BY (BY_0 to BY_8)"},
        {"start_items", "{\"NF\": {\"share\": \"BY_0\"}}",
         "18xx.games.start_items[NF].share: BY_0 is the director's"},
        {"start_items", "{\"BB\": {\"share\": \"BY_4\"}}",
         "18xx.games.start_items[BB].share: the item brings no certificate"},
        {"hexes", "{\"C11\": {\"city_parts\": [0, 2]}}",
         "18xx.games.hexes[C11].city_parts: must list each of its 3 cities once"},
        {"hexes", "{\"C11\": {\"city_parts\": [0, 2, 2]}}",
         "18xx.games.hexes[C11].city_parts[2]: 2 twice"},
        {"sell_buy_order", "\"buy_sell\"",
         "18xx.games.sell_buy_order: \"buy_sell\" is none of"},
        {"presidency_swap", "\"newest\"",
         "18xx.games.presidency_swap: \"newest\" is neither oldest_first"},
        {"tile_powers_last", "[\"LD\"]",
         "18xx.games.tile_powers_last[0]: no private with a tile power"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char *err = section_error(bad[i][0], bad[i][1]);
        assert_non_null(err);
        if (strncmp(err, bad[i][2], strlen(bad[i][2])))
            fail_msg("%s: %s\n  said: %s", bad[i][0], bad[i][1], err);
        free(err);
    }
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

/* The short game as an 18xx.games file (malloc'd). */
static char *short_game_file(void)
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
    return json;
}

/* The short game exported: "type entity id" of each of its actions. */
static char **export_short_game(int *n)
{
    char *json = short_game_file();
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

/* The whole game as 18xx.games' engine loaded it (the hand-made file of the same game). */
static void test_short_game_export_is_the_hand_made_file(void **state)
{
    (void)state;
    int n = 0;
    char **lines = export_short_game(&n);
    for (int i = 0; i < n && i < SHORT_GAME_18XX; i++)
        if (strcmp(lines[i], short_game_18xx[i]))
            fail_msg("action %d: \"%s\", 18xx.games' engine loaded \"%s\"", i + 1, lines[i],
                     short_game_18xx[i]);
    assert_int_equal(n, SHORT_GAME_18XX);
    free_lines(lines, n);
}

/* 18xx.games' engine's position after the file (scripts/xgames_engine.sh position): its
 * summary line parsed, or NULL with *unavailable when the engine is not here. */
static cJSON *engine_position(const char *json, bool *unavailable)
{
    char path[] = "/tmp/pbemgm-1835-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(json, f);
    fclose(f);
    char cmd[256], line[16384], last[16384] = "";
    snprintf(cmd, sizeof cmd, "sh scripts/xgames_engine.sh position %s 2>/dev/null", path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    while (fgets(line, sizeof line, p))
        snprintf(last, sizeof last, "%s", line);
    int status = pclose(p);
    remove(path);
    *unavailable = WIFEXITED(status) && WEXITSTATUS(status) == 2;
    return *unavailable ? NULL : cJSON_Parse(last);
}

static const cJSON *corporation_there(const cJSON *pos, const char *id)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(pos, "corporations"))
        if (!strcmp(cJSON_GetObjectItem(c, "id")->valuestring, id))
            return c;
    return NULL;
}

/* The export loaded by 18xx.games' own engine (when it runs here: Ruby and tobymao/18xx's
 * source, scripts/xgames_engine.sh) stands where pbemgm's game stands: the same player to act
 * in the same round, every player's cash and certificates the same, BY's price, trains and
 * president the same. BY's cash is 10 less there: its station at Augsburg free there (pbemgm:
 * 40, two hexes from München), the OBB's tile on M15 paying the water there (50; free in
 * pbemgm) — docs/titles.md, "1835 on 18xx.games". */
static void test_short_game_export_loads(void **state)
{
    (void)state;
    char *json = short_game_file();
    bool unavailable = false;
    cJSON *pos = engine_position(json, &unavailable);
    free(json);
    if (unavailable)
        skip();
    if (!pos || !cJSON_GetObjectItem(pos, "players"))
        fail_msg("18xx.games' engine did not load the export");
    eng_title *base = tf_load();
    eng_options o;
    eng_title *t = played_title(base, &o);
    char why[256] = "";
    eng_game *g = eng_game_new(t, &o, players, 4, why, sizeof why);
    for (int i = 0; i < SHORT_GAME_ACTIONS; i++) {
        eng_action a;
        assert_int_equal(eng_action_from_json(g, short_game[i], &a, why, sizeof why), 0);
        assert_int_equal(eng_apply(g, &a, why, sizeof why), 0);
    }
    assert_string_equal(cJSON_GetObjectItem(pos, "round")->valuestring, "stock");
    assert_string_equal(cJSON_GetArrayItem(cJSON_GetObjectItem(pos, "acting"), 0)->valuestring,
                        players[g->current]);
    const cJSON *pl;
    int p = 0;
    cJSON_ArrayForEach(pl, cJSON_GetObjectItem(pos, "players"))
    {
        assert_int_equal(cJSON_GetObjectItem(pl, "cash")->valueint, g->players[p].cash);
        const cJSON *shares = cJSON_GetObjectItem(pl, "shares");
        for (int c = 0; c < t->ncompanies; c++) {
            const cJSON *there = cJSON_GetObjectItem(shares, t->companies[c].id);
            if (eng_is_major(g, c))
                assert_int_equal(there ? there->valueint : 0, eng_percent_held(g, c, p));
        }
        p++;
    }
    assert_int_equal(p, 4);
    int by = eng_company_index(t, "BY");
    const cJSON *by_there = corporation_there(pos, "BY");
    assert_non_null(by_there);
    assert_int_equal(cJSON_GetObjectItem(by_there, "price")->valueint, eng_share_price(g, by));
    assert_string_equal(cJSON_GetObjectItem(by_there, "president")->valuestring,
                        players[g->co[by].director]);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(by_there, "trains")),
                     g->co[by].ntrains);
    assert_int_equal(cJSON_GetObjectItem(by_there, "cash")->valueint, g->co[by].cash + 40 - 50);
    cJSON_Delete(pos);
    eng_game_free(g);
    eng_title_free(t);
    eng_title_free(base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_section_reads),
        cmocka_unit_test(test_options_are_18xx_games_rules),
        cmocka_unit_test(test_ids),
        cmocka_unit_test(test_section_errors),
        cmocka_unit_test(test_short_game_plays),
        cmocka_unit_test(test_short_game_export_ids),
        cmocka_unit_test(test_short_game_export_is_the_hand_made_file),
        cmocka_unit_test(test_short_game_export_loads),
    };
    return cmocka_run_group_tests_name("1835_export", tests, NULL, NULL);
}
