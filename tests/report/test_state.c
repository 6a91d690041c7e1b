/* The report's state (rep_state, report/state.c): built once from the engine, its fields and
 * the templates' JSON made of it say the same; the round in play and what follows it are the
 * engine's published order of play (eng_round_name, eng_rounds_next_text), not a rewriting of
 * it (issue 29, items 3 and 5). */
#include "../engine/game_fixture.h"
#include "report/state.h"

static const char *str_at(const cJSON *o, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* The JSON is the struct's, entry by entry. */
static void json_is_the_struct(const eng_game *g)
{
    rep_state s;
    rep_state_build(g, &s);
    cJSON *j = rep_state_to_json(&s);
    assert_string_equal(str_at(j, "round"), s.round);
    assert_string_equal(str_at(j, "rounds_next"), s.rounds_next);
    assert_string_equal(str_at(j, "trains_text"), s.trains_text);
    assert_string_equal(str_at(j, "market_text"), s.market_text);
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(j, "players");
    assert_int_equal(cJSON_GetArraySize(players), g->nplayers);
    for (int p = 0; p < s.nplayers; p++) {
        const cJSON *pl = cJSON_GetArrayItem(players, p);
        assert_string_equal(str_at(pl, "name"), g->players[p].name);
        assert_string_equal(str_at(pl, "holdings"), s.players[p].holdings);
        assert_int_equal(cJSON_GetObjectItem(pl, "cash")->valueint, g->players[p].cash);
    }
    const cJSON *companies = cJSON_GetObjectItemCaseSensitive(j, "companies");
    assert_int_equal(cJSON_GetArraySize(companies), s.ncompanies);
    for (int i = 0; i < s.ncompanies; i++) {
        const cJSON *co = cJSON_GetArrayItem(companies, i);
        int d = s.companies[i].director;
        assert_string_equal(str_at(co, "id"), s.companies[i].id);
        assert_string_equal(str_at(co, "director"), d >= 0 ? g->players[d].name : "-");
        assert_string_equal(str_at(co, "trains"), s.companies[i].trains);
    }
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(j, "market")), s.market_rows);
    assert_int_equal(cJSON_IsTrue(cJSON_GetObjectItem(j, "has_companies")), s.ncompanies > 0);
    cJSON_Delete(j);
    rep_state_free(&s);
}

/* The round in play as the engine names it for the report's state, and what follows it as
 * the engine tells it. */
static void order_of_play_is_the_engines(const eng_game *g)
{
    rep_state s;
    rep_state_build(g, &s);
    char want[256];
    eng_play_at now = eng_play_now(g);
    assert_string_equal(s.round, eng_round_name(g, &now, ENG_NAME_STATE, want, sizeof want));
    assert_string_equal(s.rounds_next, eng_rounds_next_text(g, want, sizeof want));
    rep_state_free(&s);
}

static void test_the_state_before_the_packet(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Clemens", 4);
    json_is_the_struct(g);
    order_of_play_is_the_engines(g);
    rep_state s;
    rep_state_build(g, &s);
    assert_string_equal(s.round, "the start packet");
    /* rep_rounds_next said "then another round of it or 1 operating round": the table sells
     * the packet into stock round 1, and only a round of passes goes on to an operating round */
    assert_string_equal(s.rounds_next, "the start packet, then stock round 1 once it is sold "
                                       "(should everyone pass first: operating round 0.1, and "
                                       "the start packet again)");
    assert_int_equal(s.ncompanies, 0);
    rep_state_free(&s);
    eng_game_free(g);
}

static void test_the_state_with_the_packet_in_a_stock_round(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=ThompsonFull", 4);
    order_of_play_is_the_engines(g);
    rep_state s;
    rep_state_build(g, &s);
    assert_string_equal(s.round, "stock round 1 (the start packet on sale)");
    /* rep_rounds_next said "then 1 operating round" (its number, not its name, read from the
     * phase) */
    assert_string_equal(s.rounds_next, "stock round 1, then operating round 1.1");
    rep_state_free(&s);
    eng_game_free(g);
}

static void test_the_state_in_the_operating_rounds(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    json_is_the_struct(g);
    order_of_play_is_the_engines(g);
    rep_state s;
    rep_state_build(g, &s);
    assert_true(s.ncompanies > 0);
    bool directed = false;
    for (int i = 0; i < s.ncompanies; i++)
        directed |= s.companies[i].director >= 0;
    assert_true(directed);
    assert_non_null(strstr(s.round, "operating round"));
    rep_state_free(&s);
    eng_game_free(g);
}

/* The next round the last of its set: what follows the set is told too, as the report always
 * told it ("operating round 1.1, then operating round 1.2 and stock round 2"). */
static void test_the_end_of_a_set_is_told(void **state)
{
    (void)state;
    eng_game *g = by_operating("Variant=Clemens");
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
    g->ors_in_set = g->or_in_set + 1;
    char want[160];
    snprintf(want, sizeof want, "operating round %d.%d, then operating round %d.%d and %s",
             g->or_set, g->or_in_set, g->or_set, g->or_in_set + 1,
             eng_packet_sold_out(g) ? "stock round" : "the start packet");
    rep_state s;
    rep_state_build(g, &s);
    assert_true(strncmp(s.rounds_next, want, strlen(want)) == 0);
    rep_state_free(&s);
    g->ors_in_set = g->or_in_set + 2; /* a set with two more: the next alone */
    rep_state_build(g, &s);
    snprintf(want, sizeof want, "operating round %d.%d, then operating round %d.%d", g->or_set,
             g->or_in_set, g->or_set, g->or_in_set + 1);
    assert_string_equal(s.rounds_next, want);
    rep_state_free(&s);
    eng_game_free(g);
}

/* A title with loans (1856): each major's loans in the state and its JSON; 1835 has none. */
static void test_loans_in_the_state(void **state)
{
    (void)state;
    eng_game *g = by_operating(NULL);
    rep_state s;
    rep_state_build(g, &s);
    cJSON *j = rep_state_to_json(&s);
    assert_false(s.has_loans);
    assert_null(cJSON_GetObjectItem(j, "has_loans"));
    cJSON_Delete(j);
    rep_state_free(&s);
    eng_game_free(g);
    eng_title *t1835 = title;
    title = tf_load_title("1856");
    g = new_game(NULL, 3);
    give(g, "GT", 20, true, 0);
    eng_set_par(g, co("GT"), 100);
    g->co[co("GT")].loans = 3;
    rep_state_build(g, &s);
    j = rep_state_to_json(&s);
    assert_true(s.has_loans);
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(j, "has_loans")));
    const cJSON *gt = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "companies"), 0);
    assert_string_equal(str_at(gt, "id"), "GT");
    assert_int_equal(cJSON_GetObjectItem(gt, "loans")->valueint, 3);
    cJSON_Delete(j);
    j = rep_order_form_json(g, 0); /* the form reminds GT's director of its loans */
    gt = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "companies"), 0);
    const char *line = str_at(gt, "loans_line");
    assert_string_equal(line, "GT has 3 loans: TAKE LOAN (100, one a round), REPAY n LOANS "
                              "(after trains)");
    assert_true(strlen(line) + 2 <= 78); /* "# " before it, a text line of at most 78 */
    cJSON_Delete(j);
    rep_state_free(&s);
    eng_game_free(g);
    eng_title_free(title);
    title = t1835;
}

/* 1856: each started major's capitalisation, and where it is in escrow its destination and
 * the escrow held, in the state and its JSON; a title without them has none. */
static void test_capitalisation_and_destinations(void **state)
{
    (void)state;
    eng_game *g0 = new_game(NULL, 4);
    rep_state s;
    rep_state_build(g0, &s);
    assert_null(s.capital_text);
    rep_state_free(&s);
    eng_game_free(g0);
    eng_title *t1835 = title;
    title = tf_load_title("1856");
    eng_game *g = new_game(NULL, 4);
    while (g->round == ENG_ROUND_START) {
        int cheapest = 0;
        while (g->item_sold[cheapest])
            cheapest++;
        must(g, (eng_action){.kind = ENG_ACT_BUY_ITEM, .item = cheapest});
    }
    for (int p = 0; p < 4; p++) {
        g->players[p].cash += 1000;
        g->bank -= 1000;
    }
    eng_action start = buy("LPS", false, 0);
    start.price = 65;
    must(g, start);
    must(g, pass());
    for (int k = 0; k < 4; k++) {
        must(g, buy("LPS", false, 10));
        must(g, pass());
    }
    rep_state_build(g, &s);
    assert_string_equal(s.capital_text, "LPS escrow, destination F17 (65 held in escrow)");
    cJSON *j = rep_state_to_json(&s);
    const cJSON *lps = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "companies"), 0);
    assert_string_equal(str_at(lps, "capitalisation"), "escrow");
    assert_string_equal(str_at(lps, "destination"), "F17");
    assert_int_equal(cJSON_GetObjectItem(lps, "escrow")->valueint, 65);
    assert_true(cJSON_IsFalse(cJSON_GetObjectItem(lps, "destination_reached")));
    assert_string_equal(str_at(j, "capital_text"), s.capital_text);
    cJSON_Delete(j);
    rep_state_free(&s);
    eng_game_free(g);
    eng_title_free(title);
    title = t1835;
}

/* Issue 31: the privates' run bonuses a major holds (1856's bridge and tunnel, kept once the
 * private closes) and the markers on the map (the port, for the major that placed it) are said
 * in one line; a title without them says nothing. */
static void test_bonuses_and_markers_held(void **state)
{
    (void)state;
    eng_title *t1835 = title;
    title = tf_load_title("1856");
    eng_game *g = new_game(NULL, 4);
    rep_state s;
    int bbg = eng_company_index(title, "BBG"), ca = eng_company_index(title, "CA");
    int brdg = eng_company_index(title, "Brdg"), tunn = eng_company_index(title, "Tunn");
    int ship = eng_company_index(title, "Ship");
    rep_state_build(g, &s);
    assert_null(s.powers_text);
    rep_state_free(&s);
    g->co[bbg].bonuses = 1u << brdg | 1u << tunn;
    g->co[ship].marker_placed = true;
    g->co[ship].marker_hex = eng_hex_index(title, "H17");
    g->co[ship].marker_user = ca;
    rep_state_build(g, &s);
    assert_string_equal(s.powers_text, "BBG: Bridge (Brdg, +10 on P17, P19); BBG: Tunnel (Tunn, "
                                       "+10 on B13); CA: Port (Ship) on H17, +20");
    cJSON *j = rep_state_to_json(&s);
    assert_string_equal(str_at(j, "powers_text"), s.powers_text);
    cJSON_Delete(j);
    rep_state_free(&s);
    eng_game_free(g);
    eng_title_free(title);
    title = t1835;
}

/* Issue 31: a private's name is listed once: "Flos Tramway" (1856's name begins with its id),
 * not "Flos Flos Tramway"; the others with their ids, 1835's as before ("NF Nürnberg-Fürth"). */
static const char *label_of(const rep_state *s, const char *id)
{
    for (int i = 0; i < s->nprivates; i++)
        if (strcmp(s->privates[i].id, id) == 0)
            return s->privates[i].label;
    fail_msg("no private %s", id);
    return NULL;
}

static void test_a_private_named_once(void **state)
{
    (void)state;
    rep_state s;
    eng_game *g = new_game(NULL, 4);
    rep_state_build(g, &s);
    assert_string_equal(label_of(&s, "NF"), "NF Nürnberg-Fürth");
    rep_state_free(&s);
    eng_game_free(g);
    eng_title *t1835 = title;
    title = tf_load_title("1856");
    g = new_game(NULL, 4);
    rep_state_build(g, &s);
    assert_string_equal(label_of(&s, "Flos"), "Flos Tramway");
    assert_string_equal(label_of(&s, "W&SR"), "W&SR Waterloo & Saugeen Railway");
    assert_string_equal(label_of(&s, "Ship"), "Ship Great Lakes Shipping Company");
    cJSON *j = rep_state_to_json(&s);
    const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "privates"), 0);
    assert_string_equal(str_at(first, "label"), "Flos Tramway");
    cJSON_Delete(j);
    rep_state_free(&s);
    eng_game_free(g);
    eng_title_free(title);
    title = t1835;
}

/* A private a company bought is the company's in the privates' list (1830's D&H: "PRR"), not
 * the bank's; one never sold is the bank's, one a player bought the player's. */
static void test_a_private_a_company_owns_is_listed_as_its(void **state)
{
    (void)state;
    eng_title *t1835 = title;
    title = tf_load_title("1830");
    eng_game *g = new_game(NULL, 3);
    int dh = eng_company_index(title, "D&H"), sv = eng_company_index(title, "SVNRR");
    g->co[dh].held_by = eng_company_index(title, "PRR");
    g->co[sv].owner = 1;
    rep_state s;
    rep_state_build(g, &s);
    cJSON *j = rep_state_to_json(&s);
    const cJSON *it;
    int seen = 0;
    cJSON_ArrayForEach(it, cJSON_GetObjectItem(j, "privates"))
    {
        const char *id = str_at(it, "id"), *owner = str_at(it, "owner");
        if (strcmp(id, "D&H") == 0 && ++seen)
            assert_string_equal(owner, "PRR");
        else if (strcmp(id, "SVNRR") == 0 && ++seen)
            assert_string_equal(owner, g->players[1].name);
        else if (strcmp(id, "C&A") == 0 && ++seen)
            assert_string_equal(owner, "the bank");
    }
    assert_int_equal(seen, 3);
    cJSON_Delete(j);
    rep_state_free(&s);
    eng_game_free(g);
    eng_title_free(title);
    title = t1835;
}

/* Issue 31: 1856's market (20 columns) is wider than the text report's 78 characters: it is
 * printed in two parts, one under the other, no line longer than 78; 1830's (19) and 1835's fit
 * in one. */
static void test_a_wide_market_fits_the_text(void **state)
{
    (void)state;
    eng_game *g0 = new_game(NULL, 4);
    rep_state s;
    rep_state_build(g0, &s);
    assert_null(strstr(s.market_text, "goes on to the right"));
    rep_state_free(&s);
    eng_game_free(g0);
    eng_title *t1835 = title;
    title = tf_load_title("1856");
    eng_game *g = new_game(NULL, 4);
    rep_state_build(g, &s);
    assert_non_null(strstr(s.market_text, "  (the market goes on to the right:)\n   225 250"));
    for (const char *l = s.market_text; *l;) {
        size_t n = strcspn(l, "\n");
        if (n > 78)
            fail_msg("a line of %zu characters: %.*s", n, (int)n, l);
        l += n + (l[n] != '\0');
    }
    rep_state_free(&s);
    eng_game_free(g);
    eng_title_free(title);
    title = t1835;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_state_before_the_packet),
        cmocka_unit_test(test_the_state_with_the_packet_in_a_stock_round),
        cmocka_unit_test(test_the_state_in_the_operating_rounds),
        cmocka_unit_test(test_the_end_of_a_set_is_told),
        cmocka_unit_test(test_loans_in_the_state),
        cmocka_unit_test(test_capitalisation_and_destinations),
        cmocka_unit_test(test_bonuses_and_markers_held),
        cmocka_unit_test(test_a_private_named_once),
        cmocka_unit_test(test_a_private_a_company_owns_is_listed_as_its),
        cmocka_unit_test(test_a_wide_market_fits_the_text),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
