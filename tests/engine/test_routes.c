/* Tests for the revenue optimizer (src/engine/routes_best.c, on the runs routes.c lists) on a
 * small network built around München:
 *
 *     N12 (Augsburg, 20) --O13-- O15 (München, 30) --N16-- M15 (town, 10) -- L14 (Nürnberg, 30)
 *
 * every rule of a run (stops counted by kind of train, a station needed, no track twice, full
 * cities passed by no one but their owners), and the optimizer against the exhaustive search. */
#include "game_fixture.h"
#include "engine/routes.h"

/* The edge of hex a that faces hex b. */
static int edge_towards(const char *a, const char *b)
{
    return tf_edge_towards(title, a, b);
}

/* Lays a tile so that its track touches exactly the edges facing the two hexes given. */
static void lay_joining(eng_game *g, const char *hex, const char *tile, const char *n1,
                        const char *n2)
{
    unsigned want = (1u << edge_towards(hex, n1)) | (1u << edge_towards(hex, n2));
    const eng_tile *t = &title->tiles[tf_tile(title, tile)];
    char why[256] = "";
    for (int rot = 0; rot < 6; rot++)
        if (eng_track_edges(&t->track, rot) == want &&
            eng_lay_tile(g->board, ENG_NONE, tf_hex(title, hex), tf_tile(title, tile), rot,
                         0x3e, why, sizeof why) == 0)
            return;
    fail_msg("cannot lay %s on %s joining %s and %s: %s", tile, hex, n1, n2, why);
}

static void station(eng_game *g, const char *company, const char *hex, int city)
{
    char why[256];
    if (eng_place_station(g->board, NULL, co(company), tf_hex(title, hex), city, why, sizeof why))
        fail_msg("station of %s on %s: %s", company, hex, why);
}

/* A new game whose home circles are not kept: these positions put any company anywhere. */
static eng_game *free_game(const char *options)
{
    eng_game *g = new_game(options, 4);
    for (int h = 0; h < title->nhexes; h++)
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            g->board->reserved[h][c] = ENG_NONE;
    return g;
}

/* The network of the header, no stations yet, but for the tiles of the hexes in `skip` ("M15
 * N16"; NULL: all). */
static eng_game *network_without(const char *skip)
{
    static const char *const lays[][4] = {{"O15", "202", "O13", "N16"}, {"O13", "8", "O15", "N12"},
                                          {"N12", "57", "O13", "M11"}, {"N16", "8", "O15", "M15"},
                                          {"M15", "4", "N16", "L14"}};
    eng_game *g = free_game(NULL);
    for (int i = 0; i < 5; i++)
        if (!skip || !strstr(skip, lays[i][0]))
            lay_joining(g, lays[i][0], lays[i][1], lays[i][2], lays[i][3]);
    return g;
}

static eng_game *network(void)
{
    return network_without(NULL);
}

/* BY's best with these trains (names, NULL-terminated), remembered or computed afresh; checks
 * the exhaustive search agrees. */
static int best_run_of(eng_game *g, const char *const *trains, bool fresh)
{
    eng_company_state *s = &g->co[co("BY")];
    s->ntrains = 0;
    for (int i = 0; trains[i]; i++)
        s->trains[s->ntrains++] = train(trains[i]);
    eng_run run, all;
    int total = fresh ? eng_best_run_fresh(g, co("BY"), &run) : eng_best_run(g, co("BY"), &run);
    assert_int_equal(eng_best_run_exhaustive(g, co("BY"), &all), total);
    int sum = 0;
    for (int i = 0; i < run.ntrains; i++)
        sum += run.trains[i].revenue;
    assert_int_equal(sum, total);
    /* whether they earn more than a figure (the withhold check's question): more than one less,
     * and not more than the best */
    if (total > 0)
        assert_true(eng_run_above(g, co("BY"), total - 1) > total - 1);
    assert_true(eng_run_above(g, co("BY"), total) <= total);
    return total;
}

static int best(eng_game *g, const char *const *trains)
{
    return best_run_of(g, trains, false);
}

static eng_train_run declared(const char *train_name, const char *const *stops);

/* As best, computed afresh: the tests below change the title's data, which the best runs a
 * thread remembers do not know (they follow a game's board, trains and phase). */
static int best_fresh(eng_game *g, const char *const *trains)
{
    return best_run_of(g, trains, true);
}

/* House rule 17's trial of a lay: the best run of the board with the tile laid, worked out from
 * the runs of the board before it (only the runs through the hex listed again), is the one
 * computed afresh — under the rules of the stops as they are (BY's trains as set before). */
static int changed_agrees(eng_game *g, const char *hex, const char *tile, const char *n1,
                          const char *n2)
{
    eng_runs_before *before = eng_runs_before_new(g, co("BY"));
    eng_run was, fresh_before; /* (its own best run, as the search tells eng_best_run) */
    eng_runs_before_best(before, &was);
    assert_int_equal(was.total, eng_best_run_fresh(g, co("BY"), &fresh_before));
    lay_joining(g, hex, tile, n1, n2);
    eng_run changed, fresh;
    int total = eng_best_run_fresh(g, co("BY"), &fresh);
    assert_int_equal(eng_best_run_changed(before, g, tf_hex(title, hex), &changed), total);
    eng_runs_before_free(before);
    return total;
}

/* Whether BY's track reaches hex's side towards hex `to` (where it may lay track). */
static bool reaches(eng_game *g, const char *hex, const char *to)
{
    eng_reach r;
    eng_reach_compute(g->board, co("BY"), &r);
    bool yes = r.edges[tf_hex(title, hex)] & (1u << edge_towards(hex, to));
    eng_reach_free(&r);
    return yes;
}

static void to_offboard_color(eng_game *g, eng_color color)
{
    for (g->phase = 0; g->phase < title->nphases; g->phase++)
        if (title->phases[g->phase].offboard_color == color)
            return;
    fail_msg("no phase of %s off-boards", eng_color_name(color));
}

/* The tests below change the title's data (shared by every test): each puts it back after
 * itself, failed or not. */
static eng_track kept_tile4;
static eng_hex kept_m15;
static eng_city kept_munich;

static int keep_title(void **state)
{
    (void)state;
    kept_tile4 = title->tiles[tf_tile(title, "4")].track;
    kept_m15 = title->hexes[tf_hex(title, "M15")];
    kept_munich = title->tiles[tf_tile(title, "202")].track.cities[0];
    return 0;
}

static int restore_title(void **state)
{
    (void)state;
    title->tiles[tf_tile(title, "4")].track = kept_tile4;
    title->hexes[tf_hex(title, "M15")] = kept_m15;
    title->tiles[tf_tile(title, "202")].track.cities[0] = kept_munich;
    return 0;
}

/* 1830 Coalfields & Reading's Norfolk and Coalfields: a town worth 10, from the brown phases 60
 * ("revenue_by_phase"), in the optimizer, the exhaustive search, a trial of a lay and a
 * director's declared run alike. */
static void test_values_by_phase(void **state)
{
    (void)state;
    eng_town *town = &title->tiles[tf_tile(title, "4")].track.towns[0];
    town->by_phase = true;
    for (int c = ENG_YELLOW; c <= ENG_GRAY; c++)
        town->revenue_by_phase[c] = c >= ENG_BROWN ? 60 : 10;
    eng_game *g = network();
    station(g, "BY", "O15", 0);
    assert_int_equal(best_fresh(g, (const char *[]){"2", NULL}), 50); /* yellow: Augsburg */
    to_offboard_color(g, ENG_GREEN);
    assert_int_equal(best_fresh(g, (const char *[]){"3", NULL}), 70);
    to_offboard_color(g, ENG_BROWN);
    assert_int_equal(best_fresh(g, (const char *[]){"2", NULL}), 30 + 60); /* the town */
    assert_int_equal(best_fresh(g, (const char *[]){"3", NULL}), 30 + 60 + 30);
    char why[256];
    eng_train_run run = declared("3", (const char *[]){"O15", "M15/t", "L14/2", NULL});
    assert_int_equal(eng_check_runs(g, co("BY"), &run, 1, why, sizeof why), 120);
    eng_game_free(g);
    g = network_without("M15");
    station(g, "BY", "O15", 0);
    to_offboard_color(g, ENG_BROWN);
    assert_int_equal(best_fresh(g, (const char *[]){"3", NULL}), 50);
    assert_int_equal(changed_agrees(g, "M15", "4", "N16", "L14"), 120);
    eng_game_free(g);
}

/* 1830 Coalfields & Reading's Chicago and Gulf: an off-board a run may pass through, counting
 * it ("run_through"), and the company's track reaches beyond; another ends a run. Here M15 is
 * an off-board of 40 between N16 and L14. */
static void test_offboard_run_through(void **state)
{
    (void)state;
    eng_hex *m15 = &title->hexes[tf_hex(title, "M15")];
    m15->offboard = true;
    m15->printed = (eng_track){.color = ENG_RED, .npaths = 2};
    m15->printed.paths[0] = (eng_path){{ENG_END_EDGE, (uint8_t)edge_towards("M15", "N16")},
                                       {ENG_END_OFFBOARD, 0}, 0};
    m15->printed.paths[1] = (eng_path){{ENG_END_EDGE, (uint8_t)edge_towards("M15", "L14")},
                                       {ENG_END_OFFBOARD, 0}, 0};
    for (int c = ENG_YELLOW; c <= ENG_GRAY; c++)
        m15->offboard_revenue[c] = 40;
    for (int through = 0; through < 2; through++) {
        m15->offboard_run_through = through;
        eng_game *g = network_without("M15");
        station(g, "BY", "O15", 0);
        /* Augsburg-München-the off-board (90), or on to Nürnberg (120) */
        assert_int_equal(best_fresh(g, (const char *[]){"4", NULL}), through ? 120 : 90);
        assert_int_equal(best_fresh(g, (const char *[]){"3", NULL}), through ? 100 : 90);
        assert_int_equal(best_fresh(g, (const char *[]){"2", "2", NULL}), 70 + 50);
        assert_int_equal(reaches(g, "L14", "M15"), through); /* the track beyond it */
        eng_game_free(g);
        g = network_without("M15 N16"); /* a trial of N16's tile: the runs through it */
        station(g, "BY", "L14", 1);
        assert_int_equal(best_fresh(g, (const char *[]){"4", NULL}), 40 + 30);
        assert_int_equal(changed_agrees(g, "N16", "8", "O15", "M15"), through ? 120 : 70);
        eng_game_free(g);
    }
}

/* 1830 Coalfields & Reading's Reading and Altoona: a city only companies with a station in it
 * may pass ("pass": "own_station"), however many circles are free; the others' runs and track
 * end there. */
static void test_city_passed_by_own_companies(void **state)
{
    (void)state;
    eng_city *munich = &title->tiles[tf_tile(title, "202")].track.cities[0];
    eng_game *g = network();
    station(g, "BY", "N12", 0);
    assert_int_equal(best_fresh(g, (const char *[]){"4", NULL}), 90);
    assert_true(reaches(g, "N16", "O15"));
    munich->pass_own_station = true;
    assert_int_equal(best_fresh(g, (const char *[]){"4", NULL}), 50); /* Augsburg-München */
    assert_false(reaches(g, "N16", "O15"));
    station(g, "SX", "O15", 0); /* another company's station opens nothing */
    assert_int_equal(best_fresh(g, (const char *[]){"4", NULL}), 50);
    eng_game_free(g);
    g = network();
    station(g, "BY", "N12", 0);
    station(g, "BY", "O15", 0); /* its own: it passes */
    assert_int_equal(best_fresh(g, (const char *[]){"4", NULL}), 90);
    assert_true(reaches(g, "N16", "O15"));
    eng_game_free(g);
    g = network_without("N16"); /* trials of N16's tile, from either side */
    station(g, "BY", "N12", 0);
    assert_int_equal(best_fresh(g, (const char *[]){"4", NULL}), 50);
    assert_int_equal(changed_agrees(g, "N16", "8", "O15", "M15"), 50);
    eng_game_free(g);
    g = network_without("N16");
    station(g, "BY", "L14", 1);
    best_fresh(g, (const char *[]){"4", NULL});
    assert_int_equal(changed_agrees(g, "N16", "8", "O15", "M15"), 30 + 10 + 30);
    eng_game_free(g);
    /* stations on both sides: no run joins them through München */
    g = network_without("N16");
    station(g, "BY", "N12", 0);
    station(g, "BY", "L14", 1);
    best_fresh(g, (const char *[]){"4", NULL});
    assert_int_equal(changed_agrees(g, "N16", "8", "O15", "M15"), 30 + 10 + 30);
    assert_int_equal(best_fresh(g, (const char *[]){"4", "4", NULL}), 50 + 70);
    eng_game_free(g);
    /* ... and M15's tile a city of 10 that only its own companies pass, the trial's hex between
     * it and München: the trial walks back from M15 towards Nürnberg (a run's lower end), not
     * through M15 */
    munich->pass_own_station = false;
    eng_track *m15 = &title->tiles[tf_tile(title, "4")].track;
    m15->ntowns = 0;
    m15->ncities = 1;
    m15->cities[0] = (eng_city){.revenue = 10, .slots = 1, .loc = -1, .pass_own_station = true};
    for (int i = 0; i < m15->npaths; i++)
        m15->paths[i].b = (eng_end){ENG_END_CITY, 0};
    eng_track *printed = &title->hexes[tf_hex(title, "M15")].printed; /* (a city, upgraded) */
    printed->ntowns = 0;
    printed->ncities = 1;
    printed->cities[0] = (eng_city){.slots = 1, .loc = -1};
    g = network_without("N16");
    station(g, "BY", "N12", 0);
    station(g, "BY", "L14", 1);
    best_fresh(g, (const char *[]){"4", NULL});
    assert_int_equal(changed_agrees(g, "N16", "8", "O15", "M15"), 20 + 30 + 10); /* to M15 */
    assert_int_equal(best_fresh(g, (const char *[]){"4", "4", NULL}), 60 + 40);
    eng_game_free(g);
}

/* An n-train counts n stops, towns included; an n+n train n cities plus n towns. */
static void test_stops_by_kind_of_train(void **state)
{
    (void)state;
    eng_game *g = network();
    station(g, "BY", "O15", 0);
    assert_int_equal(best(g, (const char *[]){"2", NULL}), 50);   /* München-Augsburg */
    assert_int_equal(best(g, (const char *[]){"3", NULL}), 70);   /* München-town-Nürnberg */
    assert_int_equal(best(g, (const char *[]){"4", NULL}), 90);   /* all four */
    assert_int_equal(best(g, (const char *[]){"2+2", NULL}), 70); /* 2 cities and the town */
    /* issue 17: an unlimited train (1830's diesel) counts every stop of its run (computed
     * afresh: the remembered runs know a title's trains as they are in a game) */
    int two = train("2");
    eng_train kept = title->trains[two];
    title->trains[two].cities = title->trains[two].towns = ENG_UNLIMITED_STOPS;
    title->trains[two].unlimited = true;
    g->co[co("BY")].ntrains = 1;
    g->co[co("BY")].trains[0] = two;
    eng_run run;
    assert_int_equal(eng_best_run_fresh(g, co("BY"), &run), 90); /* all four, as the 4 */
    assert_int_equal(run.trains[0].nstops, 4);
    assert_int_equal(eng_best_run_exhaustive(g, co("BY"), &run), 90);
    title->trains[two] = kept;
    eng_game_free(g);
}

/* Issue 17: a hex that asks for a right (1830 Coalfields & Reading's L10) has no track for a
 * company without it: Nürnberg behind a right, BY's 4 stops at the town; with the right it
 * runs all four again (the remembered best runs know the company's rights). */
static void test_a_right_closes_a_hex(void **state)
{
    (void)state;
    eng_game *g = network();
    station(g, "BY", "O15", 0);
    assert_int_equal(best(g, (const char *[]){"4", NULL}), 90);
    title->nrights = 1;
    title->hexes[tf_hex(title, "L14")].right = 0;
    eng_run run;
    assert_int_equal(eng_best_run_fresh(g, co("BY"), &run), 60); /* Augsburg to the town */
    assert_int_equal(eng_best_run_exhaustive(g, co("BY"), &run), 60);
    g->co[co("BY")].rights = 1;
    assert_int_equal(eng_best_run(g, co("BY"), &run), 90);
    title->hexes[tf_hex(title, "L14")].right = -1;
    title->nrights = 0;
    eng_game_free(g);
}

/* The trains of one company share no track: two 2-trains take both arms from München. */
static void test_no_track_twice(void **state)
{
    (void)state;
    eng_game *g = network();
    station(g, "BY", "O15", 0);
    assert_int_equal(best(g, (const char *[]){"2", "2", NULL}), 50 + 40);
    assert_int_equal(best(g, (const char *[]){"2", "2", "2", NULL}), 50 + 40);
    /* not the 4 over all (90): the 4 east (70) and the 2 west (50) */
    assert_int_equal(best(g, (const char *[]){"4", "2", NULL}), 70 + 50);
    eng_game_free(g);
}

/* Issue 15: the best runs a thread remembers follow the board, the trains and the phase: asked
 * again after each change, the answer is the one computed afresh. */
static void test_remembered_runs_follow_the_board(void **state)
{
    (void)state;
    eng_game *g = network();
    eng_company_state *s = &g->co[co("BY")];
    s->ntrains = 1;
    s->trains[0] = train("2");
    eng_run run, fresh;
    assert_int_equal(eng_best_run(g, co("BY"), &run), 0); /* no station yet */
    station(g, "BY", "O15", 0);
    int two = eng_best_run(g, co("BY"), &run);
    assert_true(two > 0);
    assert_int_equal(two, eng_best_run_fresh(g, co("BY"), &fresh));
    s->trains[0] = train("4");
    int four = eng_best_run(g, co("BY"), &run);
    assert_true(four > two);
    assert_int_equal(four, eng_best_run_fresh(g, co("BY"), &fresh));
    station(g, "SX", "L14", 0); /* another company's station fills nothing here: same runs */
    assert_int_equal(eng_best_run(g, co("BY"), &run), eng_best_run_fresh(g, co("BY"), &fresh));
    g->board->tokens[tf_hex(title, "O15")][0][0] = ENG_NONE; /* the station gone */
    assert_int_equal(eng_best_run(g, co("BY"), &run), 0);
    eng_game_free(g);
}

/* A run needs one of the company's stations. */
static void test_a_station_is_needed(void **state)
{
    (void)state;
    eng_game *g = network();
    assert_int_equal(best(g, (const char *[]){"4", NULL}), 0);
    station(g, "SX", "N12", 0); /* another company's station does not help */
    assert_int_equal(best(g, (const char *[]){"4", NULL}), 0);
    eng_game_free(g);
}

/* A city full of other companies' stations ends a run; it is not passed through. */
static void test_full_city_blocks(void **state)
{
    (void)state;
    eng_game *g = network();
    station(g, "BY", "N12", 0);
    assert_int_equal(best(g, (const char *[]){"4", NULL}), 90);
    station(g, "SX", "O15", 0); /* München's one circle: SX's */
    assert_int_equal(best(g, (const char *[]){"4", NULL}), 50);
    eng_game_free(g);
}

/* The best run is reported train by train, stop by stop. */
static void test_the_run_reported(void **state)
{
    (void)state;
    eng_game *g = network();
    station(g, "BY", "O15", 0);
    eng_company_state *s = &g->co[co("BY")];
    s->ntrains = 1;
    s->trains[0] = train("3");
    eng_run run;
    assert_int_equal(eng_best_run(g, co("BY"), &run), 70);
    assert_int_equal(run.ntrains, 1);
    assert_int_equal(run.trains[0].nstops, 3);
    int hexes[3];
    for (int k = 0; k < 3; k++)
        hexes[k] = run.trains[0].stops[k] / ENG_NODES_PER_HEX;
    bool forward = hexes[0] == tf_hex(title, "O15");
    assert_int_equal(hexes[forward ? 0 : 2], tf_hex(title, "O15"));
    assert_int_equal(hexes[1], tf_hex(title, "M15"));
    assert_int_equal(hexes[forward ? 2 : 0], tf_hex(title, "L14"));
    eng_game_free(g);
}

/* Brown Hamburg (C11): the north bank joined to Schwerin (C13, 10), the south bank through D10
 * to Bremen (D8, 20); SX's station north of the Elbe, BA's south of it; WT's in Bremen. */
static eng_game *hamburg(const char *options)
{
    eng_game *g = free_game(options);
    station(g, "SX", "C11", 2); /* green Hamburg: city 3 (E, NE) is north of the Elbe, */
    station(g, "BA", "C11", 0); /* city 1 (SW) south of it */
    char why[256];
    if (eng_lay_tile(g->board, ENG_NONE, tf_hex(title, "C11"), tf_tile(title, "221"), 0, 0x3e, why,
                     sizeof why))
        fail_msg("brown Hamburg: %s", why);
    lay_joining(g, "D10", "8", "C11", "D8");
    lay_joining(g, "D8", "6", "D10", "E7"); /* toward an empty hex */
    station(g, "WT", "D8", 0);
    return g;
}

static int best_of(eng_game *g, const char *company, const char *const *trains)
{
    eng_company_state *s = &g->co[co(company)];
    s->ntrains = 0;
    for (int i = 0; trains[i]; i++)
        s->trains[s->ntrains++] = train(trains[i]);
    eng_run run, all;
    int total = eng_best_run(g, co(company), &run);
    assert_int_equal(eng_best_run_exhaustive(g, co(company), &all), total);
    return total;
}

/* House rule 3 (the GM's examples): "a run from Kiel to Hamburg to Bremen would pay only 50M for
 * the Hamburg portion for any of the three companies. A run from Hamburg to Bremen for the PrE
 * and SxE would also pay only 50M for Hamburg, but would pay 60M for the BaE that wouldn't need
 * to use the ferry. However, the BaE would get only 50M if it started in Hamburg and went north
 * to Kiel." — and the ferry is "NOT counted as track which can be run on only once". */
static void test_hamburg_ferry_house_rule_3(void **state)
{
    (void)state;
    eng_game *g = hamburg(NULL);
    assert_int_equal(best_of(g, "SX", (const char *[]){"3", NULL}), 10 + 50 + 20); /* through */
    assert_int_equal(best_of(g, "BA", (const char *[]){"3", NULL}), 10 + 50 + 20);
    assert_int_equal(best_of(g, "WT", (const char *[]){"3", NULL}), 10 + 50 + 20);
    /* Hamburg-Bremen: 50 for SX (station north), 60 for BA; BA north to Schwerin: 50 */
    assert_int_equal(best_of(g, "SX", (const char *[]){"2", "2", NULL}), (50 + 20) + (60 + 10));
    assert_int_equal(best_of(g, "BA", (const char *[]){"2", "2", NULL}), (60 + 20) + (50 + 10));
    assert_int_equal(best_of(g, "WT", (const char *[]){"2", NULL}), 60 + 20); /* no ferry */
    eng_game_free(g);
    /* Rails: the toll only when a run crosses */
    g = hamburg("HamburgFerry=Rails");
    assert_int_equal(best_of(g, "SX", (const char *[]){"2", "2", NULL}), (60 + 20) + (60 + 10));
    assert_int_equal(best_of(g, "BA", (const char *[]){"3", NULL}), 10 + 50 + 20);
    eng_game_free(g);
}

/* Hamburg full: a company without a station there ends its run in Hamburg (house rule 3's note:
 * "unless at least one of the three station circles is empty"). */
static void test_full_hamburg_ends_runs(void **state)
{
    (void)state;
    eng_game *g = hamburg(NULL);
    eng_run open, full;
    best_of(g, "WT", (const char *[]){"3", NULL});
    eng_best_run(g, co("WT"), &open);
    station(g, "PR", "C11", 0); /* the third circle (north) */
    assert_int_equal(best_of(g, "WT", (const char *[]){"3", NULL}), 60 + 20);
    eng_best_run(g, co("WT"), &full);
    assert_true(full.routes_considered < open.routes_considered); /* no run through Hamburg */
    for (int k = 0; k < full.trains[0].nstops; k++)
        assert_int_not_equal(full.trains[0].stops[k] / ENG_NODES_PER_HEX, tf_hex(title, "C13"));
    assert_int_equal(best_of(g, "SX", (const char *[]){"3", NULL}), 10 + 50 + 20); /* its own */
    eng_game_free(g);
}

static eng_train_run declared(const char *train_name, const char *const *stops)
{
    eng_train_run r = {.train = train(train_name)};
    for (; stops[r.nstops]; r.nstops++) { /* "O15" a city, "M15/t" its town, "L14/2" city 2 */
        char hex[8];
        snprintf(hex, sizeof hex, "%.*s", (int)strcspn(stops[r.nstops], "/"), stops[r.nstops]);
        const char *slash = strchr(stops[r.nstops], '/');
        int node = !slash ? ENG_NODE_CITY
                   : slash[1] == 't' ? ENG_NODE_TOWN : ENG_NODE_CITY + atoi(slash + 1) - 1;
        r.stops[r.nstops] = tf_hex(title, hex) * ENG_NODES_PER_HEX + node;
    }
    return r;
}

/* A director's own runs are checked under the same rules, and their total is what they earn. */
static void test_declared_runs(void **state)
{
    (void)state;
    eng_game *g = network();
    station(g, "BY", "O15", 0);
    eng_company_state *s = &g->co[co("BY")];
    s->ntrains = 2;
    s->trains[0] = train("3");
    s->trains[1] = train("2");
    char why[256];
    eng_train_run runs[2] = {declared("3", (const char *[]){"O15", "M15/t", "L14/2", NULL}),
                             declared("2", (const char *[]){"N12", "O15", NULL})};
    assert_int_equal(eng_check_runs(g, co("BY"), runs, 2, why, sizeof why), 70 + 50);
    runs[0] = declared("3", (const char *[]){"L14/2", "M15/t", "O15", NULL}); /* either way */
    assert_int_equal(eng_check_runs(g, co("BY"), runs, 2, why, sizeof why), 70 + 50);
    runs[0] = declared("3", (const char *[]){"O15", "L14/2", NULL}); /* the town is counted */
    assert_int_equal(eng_check_runs(g, co("BY"), runs, 1, why, sizeof why), -1);
    assert_non_null(strstr(why, "not a run BY may make"));
    runs[0] = declared("3", (const char *[]){"N12", "O15", NULL});
    assert_int_equal(eng_check_runs(g, co("BY"), runs, 2, why, sizeof why), -1);
    assert_non_null(strstr(why, "the runs use the same track"));
    runs[0] = declared("4", (const char *[]){"N12", "O15", NULL});
    assert_int_equal(eng_check_runs(g, co("BY"), runs, 1, why, sizeof why), -1);
    assert_non_null(strstr(why, "BY has 0 4 trains, not 1"));
    eng_game_free(g);
}

/* House rule 4: "Schwerin (C13) and Oldenburg (D6), even though permanently valued at 10M, must
 * be considered 'large stations' if they are on the route of any train which is limited to an
 * equal number of large and small stations (2+2, 3+3, etc.)": the title has them as cities. */
static void test_schwerin_and_oldenburg_are_large(void **state)
{
    (void)state;
    static const char *const hexes[] = {"C13", "D6"};
    for (int k = 0; k < 2; k++) {
        const eng_track *tr = &title->hexes[tf_hex(title, hexes[k])].printed;
        assert_int_equal(tr->ncities, 1);
        assert_int_equal(tr->ntowns, 0);
        assert_int_equal(tr->cities[0].revenue, 10);
    }
    /* and a 2+2 counts Schwerin among its two cities: no Schwerin-Hamburg-Bremen (3 cities; 80
     * were Schwerin a small station), only two of them (70) */
    eng_game *g = hamburg(NULL);
    assert_int_equal(best_of(g, "SX", (const char *[]){"2+2", NULL}), 70);
    eng_game_free(g);
}

/* Berlin's two cities count once per train: a loop from one to the other earns nothing. */
static void test_berlin_once_per_train(void **state)
{
    (void)state;
    eng_game *g = free_game(NULL);
    lay_joining(g, "E17", "7", "E19", "D18");
    lay_joining(g, "D18", "7", "E17", "E19");
    station(g, "BY", "E19", 0);
    assert_int_equal(best(g, (const char *[]){"2", NULL}), 0);
    eng_game_free(g);
}

/* The Elsass off-board is worth nothing in yellow (and brown): not on the map then; 50 in green. */
static void test_elsass_worth_nothing_leaves_the_map(void **state)
{
    (void)state;
    eng_game *g = free_game(NULL);
    int l6 = tf_hex(title, "L6"), tile = tf_tile(title, "213"), sw = edge_towards("L6", "M5");
    char why[256];
    int rot = 0;
    while (rot < 6 && !(eng_track_edges(&title->tiles[tile].track, rot) & (1u << sw)))
        rot++;
    assert_int_equal(eng_lay_tile(g->board, ENG_NONE, l6, tile, rot, 0x3e, why, sizeof why), 0);
    int rrot, city = 0;
    const eng_track *tr = eng_board_track(g->board, l6, &rrot);
    while (city < tr->ncities && !(eng_track_joined(tr, rrot, -1, city) & (1u << sw)))
        city++;
    station(g, "BY", "L6", city);
    assert_int_equal(best(g, (const char *[]){"2", NULL}), 0); /* yellow: Elsass 0 */
    for (g->phase = 0; g->phase < title->nphases; g->phase++)
        if (title->phases[g->phase].offboard_color == ENG_GREEN)
            break;
    assert_int_equal(best(g, (const char *[]){"2", NULL}), 30 + 50);
    eng_game_free(g);
}

/* Issue 30: a run, and the track a company reaches, never turn back where two paths meet at a
 * hex side (the rules: a route "may not reverse direction at a junction"). N16 gets tile 25
 * with both its paths at the side towards N18: one from München's side, one to Ostbayern's
 * town (M15) — the town is reached from München only by turning there. */
static void test_no_turning_back_at_a_switch(void **state)
{
    (void)state;
    eng_game *g = network_without("N16");
    station(g, "BY", "O15", 0);
    char why[256];
    int n16 = tf_hex(title, "N16");
    int towards_n18 = edge_towards("N16", "N18"), towards_o15 = edge_towards("N16", "O15");
    assert_int_equal(eng_lay_tile(g->board, ENG_NONE, n16, tf_tile(title, "8"), towards_n18,
                                  0x3e, why, sizeof why), 0);
    assert_int_equal(eng_lay_tile(g->board, ENG_NONE, n16, tf_tile(title, "25"), towards_n18,
                                  0x3e, why, sizeof why), 0);
    int rot;
    const eng_track *tr = eng_board_track(g->board, n16, &rot);
    assert_int_equal(eng_track_edges(tr, rot),
                     (1u << towards_n18) | (1u << towards_o15) |
                         (1u << edge_towards("N16", "M15")));
    assert_true(reaches(g, "N16", "N18"));
    assert_false(reaches(g, "N16", "M15"));
    assert_false(reaches(g, "M15", "L14"));
    eng_company_state *s = &g->co[co("BY")];
    s->ntrains = 1;
    s->trains[0] = train("2");
    eng_train_run run = declared("2", (const char *[]){"O15", "M15/t", NULL});
    assert_int_equal(eng_check_runs(g, co("BY"), &run, 1, why, sizeof why), -1);
    assert_non_null(strstr(why, "not a run BY may make"));
    assert_int_equal(best(g, (const char *[]){"4", NULL}), 50); /* Augsburg only */
    eng_game_free(g);
}

/* Issue 31: an unlimited train counts every stop of a run however long (1856_A's GW's D ran 18
 * stops for 710 in Rails, line 1668; the runs listed stopped at 16, its best there 670): a line
 * of LONG_RUN hexes printed as BY's city then one town after another, each joined to the next. */
#define LONG_RUN 24

/* A path of `want` hexes from hex `at`, each the neighbour of the one before, none twice, none
 * an off-board: depth first, deterministic. */
static bool long_path(int *path, int n, int want)
{
    if (n == want)
        return true;
    for (int e = 0; e < 6; e++) {
        int h = eng_neighbor(title, path[n - 1], e);
        bool used = h < 0 || title->hexes[h].offboard;
        for (int i = 0; i < n && !used; i++)
            used = path[i] == h;
        if (used)
            continue;
        path[n] = h;
        if (long_path(path, n + 1, want))
            return true;
    }
    return false;
}

/* Hex h printed gray: its city (the first of the line) or its town, joined to the edges towards
 * the hexes before and after it (-1: none). */
static void print_stop(int h, int before, int after)
{
    eng_hex *x = &title->hexes[h];
    eng_track *tr = &x->printed;
    memset(tr, 0, sizeof *tr);
    tr->color = ENG_GRAY;
    x->blocked = 0;
    x->right = -1;
    bool city = before < 0;
    if (city)
        tr->cities[tr->ncities++] = (eng_city){.revenue = 20, .slots = 1};
    else
        tr->towns[tr->ntowns++] = (eng_town){.revenue = 10};
    eng_end node = {city ? ENG_END_CITY : ENG_END_TOWN, 0};
    for (int e = 0; e < 6; e++) {
        int n = eng_neighbor(title, h, e);
        if (n >= 0 && (n == before || n == after))
            tr->paths[tr->npaths++] = (eng_path){{ENG_END_EDGE, (uint8_t)e}, node, 0};
    }
}

/* The title's hexes and its 2-train as they were (the test below changes them; put back after
 * it, failed or not). */
static eng_hex *kept_hexes;
static eng_train kept_two;

static int keep_hexes(void **state)
{
    (void)state;
    kept_hexes = xmalloc((size_t)title->nhexes * sizeof *kept_hexes);
    memcpy(kept_hexes, title->hexes, (size_t)title->nhexes * sizeof *kept_hexes);
    kept_two = title->trains[train("2")];
    return 0;
}

static int restore_hexes(void **state)
{
    (void)state;
    memcpy(title->hexes, kept_hexes, (size_t)title->nhexes * sizeof *kept_hexes);
    free(kept_hexes);
    title->trains[train("2")] = kept_two;
    return 0;
}

static void test_unlimited_train_counts_a_long_run(void **state)
{
    (void)state;
    int path[LONG_RUN] = {tf_hex(title, "O15")};
    assert_true(long_path(path, 1, LONG_RUN));
    for (int i = 0; i < LONG_RUN; i++)
        print_stop(path[i], i > 0 ? path[i - 1] : -1, i + 1 < LONG_RUN ? path[i + 1] : -1);
    eng_game *g = free_game(NULL);
    station(g, "BY", "O15", 0);
    int two = train("2");
    title->trains[two].cities = title->trains[two].towns = ENG_UNLIMITED_STOPS;
    title->trains[two].unlimited = true;
    g->co[co("BY")].ntrains = 1;
    g->co[co("BY")].trains[0] = two;
    eng_run run;
    int want = 20 + (LONG_RUN - 1) * 10; /* the city and every town */
    assert_int_equal(eng_best_run_fresh(g, co("BY"), &run), want);
    assert_int_equal(run.trains[0].nstops, LONG_RUN);
    assert_int_equal(eng_best_run_exhaustive(g, co("BY"), &run), want);
    char why[256];
    assert_int_equal(eng_check_runs(g, co("BY"), run.trains, 1, why, sizeof why), want);
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stops_by_kind_of_train),
        cmocka_unit_test(test_no_track_twice),
        cmocka_unit_test(test_a_right_closes_a_hex),
        cmocka_unit_test(test_a_station_is_needed),
        cmocka_unit_test(test_remembered_runs_follow_the_board),
        cmocka_unit_test(test_full_city_blocks),
        cmocka_unit_test(test_the_run_reported),
        cmocka_unit_test(test_hamburg_ferry_house_rule_3),
        cmocka_unit_test(test_full_hamburg_ends_runs),
        cmocka_unit_test(test_declared_runs),
        cmocka_unit_test(test_schwerin_and_oldenburg_are_large),
        cmocka_unit_test(test_berlin_once_per_train),
        cmocka_unit_test(test_elsass_worth_nothing_leaves_the_map),
        cmocka_unit_test(test_no_turning_back_at_a_switch),
        cmocka_unit_test_setup_teardown(test_values_by_phase, keep_title, restore_title),
        cmocka_unit_test_setup_teardown(test_offboard_run_through, keep_title, restore_title),
        cmocka_unit_test_setup_teardown(test_city_passed_by_own_companies, keep_title,
                                        restore_title),
        cmocka_unit_test_setup_teardown(test_unlimited_train_counts_a_long_run, keep_hexes,
                                        restore_hexes),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
