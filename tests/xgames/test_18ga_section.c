/* test_18ga_section: 18GA's "18xx.games" section (config/games/18GA.json, read by
 * src/engine/title_xgames.c into eng_xgames) as the import and export of 18GA files need it:
 * the privates by 18xx.games' ids (MRC, W&SR, OSR, LTR, M&BR), the base step's order of
 * selling and buying, players' private trades from the first stock round, the Midland's tile
 * as the track step's and the W&S's station as the token step's; 1830 keeps its own; a
 * "token_step_powers" entry that is no private with a station power is refused, named. Run
 * from the source tree. */
#include "../helpers.h"
#include "engine/title.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static eng_title *load_text(const char *json, char **err)
{
    *err = NULL;
    return eng_title_parse(json, err);
}

static eng_title *load(const char *title)
{
    char path[64], *err = NULL;
    snprintf(path, sizeof path, "config/games/%s.json", title);
    char *json = util_read_file(path, NULL);
    assert_non_null(json);
    eng_title *t = load_text(json, &err);
    if (!t)
        fail_msg("%s does not load: %s", path, err);
    free(json);
    return t;
}

static void privates_by_their_ids_there(void **state)
{
    (void)state;
    eng_title *t = load("18GA");
    static const char *const ids[][2] = {
        {"LT", "LTR"}, {"MRC", "MRC"}, {"W&S", "W&SR"}, {"OSO", "OSR"}, {"M&B", "M&BR"},
        {"ACL", "ACL"}, {"CoG", "CoG"}, {"G&F", "G&F"}, {"GA", "GA"}, {"W&A", "W&A"},
        {"SAL", "SAL"}};
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
        int c = eng_company_index(t, ids[i][0]);
        assert_true(c >= 0);
        assert_string_equal(eng_xg_company_id(t, c), ids[i][1]);
        assert_int_equal(eng_xg_company_named(t, ids[i][1]), c);
    }
    assert_int_equal(eng_xg_company_named(t, "MR"), -1); /* (Rails' id, not 18xx.games') */
    eng_title_free(t);
}

static void steps_as_18xx_games_has_them(void **state)
{
    (void)state;
    eng_title *t = load("18GA");
    const eng_xgames *x = &t->xgames;
    assert_int_equal(x->sell_buy_order, ENG_XG_SELL_BUY_OR_BUY_SELL);
    assert_true(x->private_trades_first_sr);
    assert_int_equal(x->ntrack_powers, 1);
    assert_int_equal(x->track_powers[0], eng_company_index(t, "MRC"));
    assert_int_equal(x->ntoken_powers, 1);
    assert_int_equal(x->token_powers[0], eng_company_index(t, "W&S"));
    assert_false(x->loan_step || x->destination_check || x->unvested_shares ||
                 x->sell_in_blocks || x->empty_runs);
    eng_title_free(t);
    t = load("1830"); /* g_1830's own step: trades from the second stock round */
    assert_false(t->xgames.private_trades_first_sr);
    assert_int_equal(t->xgames.ntoken_powers, 0);
    assert_int_equal(t->xgames.sell_buy_order, ENG_XG_SELL_BUY_SELL);
    eng_title_free(t);
}

static void a_token_step_power_must_be_a_station_power(void **state)
{
    (void)state;
    char *json = util_read_file("config/games/18GA.json", NULL);
    assert_non_null(json);
    const char *at = strstr(json, "\"token_step_powers\": [\n   \"W&S\"");
    assert_non_null(at);
    size_t n = strlen(json), k = (size_t)(at - json);
    char *bad = malloc(n + 8);
    memcpy(bad, json, k);
    snprintf(bad + k, n + 8 - k, "\"token_step_powers\": [\n   \"LT\"%s",
             at + strlen("\"token_step_powers\": [\n   \"W&S\""));
    char *err = NULL;
    eng_title *t = load_text(bad, &err);
    assert_null(t);
    assert_non_null(err);
    assert_non_null(strstr(err, "token_step_powers[0]: no private with a station power"));
    free(err);
    free(bad);
    free(json);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(privates_by_their_ids_there),
        cmocka_unit_test(steps_as_18xx_games_has_them),
        cmocka_unit_test(a_token_step_power_must_be_a_station_power),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
