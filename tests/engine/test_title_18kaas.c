/* Tests for config/games/18Kaas.json: 18Kaas (1830's rules and companies on a map of the
 * Netherlands and the Ruhr) extending 1830.json with its own map ("replace_whole": ["hexes"]).
 * It loads through eng_title_load (and, for the options that change its data, through
 * eng_title_load_chosen, as the service does) in both map versions; its facts match Rails'
 * 18Kaas data; and its own rules play: the Ruhrgebied's run doubling (title.h's doubles_run,
 * routes.c) for cities only, for every stop, and the rules summary's +20/+30 alternative; the
 * B+ and U tiles only on their hexes (63 refused on Utrecht); the hex built only from the green
 * phase; Amsterdam's two green orientations; the privates' powers and refusals on their 18Kaas
 * hexes; cash and certificate limits by players; no sale in the first stock round. */
#include "game_fixture.h"
#include "engine/routes.h"

/* 18Kaas with the options given (NULL: the defaults), as the service loads it: the base, and
 * when the choices change the title's data the title they make. */
static eng_title *load_kaas(const char *options)
{
    char *err = NULL;
    eng_title *base = eng_title_load("18Kaas", tf_read_games_file, NULL, &err);
    if (!base)
        fail_msg("18Kaas.json does not load: %s", err);
    eng_title *t = tf_title_with(base, options);
    if (!t)
        return base;
    eng_title_free(base);
    return t;
}

/* The fixture's title becomes 18Kaas with these options (the one before freed). */
static void use_title(const char *options)
{
    eng_title_free(title);
    title = load_kaas(options);
}

static int setup_kaas(void **state)
{
    (void)state;
    title = load_kaas(NULL);
    return 0;
}

static const eng_hex *hex_of(const char *id)
{
    return &title->hexes[tf_hex(title, id)];
}

#define E(n) (1u << (n))

/* ---- the title as data ---- */

static void test_totals(void **state)
{
    (void)state;
    use_title(NULL);
    assert_string_equal(title->id, "18Kaas");
    assert_string_equal(title->extends, "1830");
    assert_string_equal(title->not_playable, ""); /* every rule built: it may be played */
    assert_int_equal(title->nhexes, 84);           /* none of 1830's 93 hexes is left */
    assert_int_equal(eng_hex_index(title, "F16"), -1);
    int hexes[ENG_NCOLORS] = {0};
    for (int i = 0; i < title->nhexes; i++)
        hexes[title->hexes[i].printed.color]++;
    assert_int_equal(hexes[ENG_RED], 9);
    assert_int_equal(hexes[ENG_GRAY], 8);
    assert_int_equal(hexes[ENG_YELLOW], 8);
    assert_int_equal(hexes[ENG_WHITE], 59);
    assert_int_equal(title->ntiles, 49); /* 1830's 46, and 52, 61+, 72 */
    int per_color[ENG_NCOLORS] = {0}, kinds[ENG_NCOLORS] = {0};
    tf_count_tiles(title, per_color, kinds);
    assert_int_equal(kinds[ENG_GREEN], 17);
    assert_int_equal(kinds[ENG_BROWN], 20);
    int privates = 0, majors = 0;
    for (int i = 0; i < title->ncompanies; i++) {
        privates += title->companies[i].kind == ENG_PRIVATE;
        majors += title->companies[i].kind == ENG_MAJOR;
    }
    assert_int_equal(privates, 6);
    assert_int_equal(majors, 8);
    assert_int_equal(title->bank, 12000);
    assert_int_equal(title->player_share_limit, 60);
    assert_int_equal(title->pool_limit_percent, 50);
    static const int cash[] = {0, 0, 1200, 800, 600, 480, 400},
                     limit[] = {0, 0, 28, 20, 16, 13, 11};
    assert_int_equal(title->min_players, 2);
    assert_int_equal(title->max_players, 6);
    for (int n = 2; n <= 6; n++) {
        assert_int_equal(title->start_cash[n], cash[n]);
        assert_int_equal(title->cert_limit[n], limit[n]);
    }
    const eng_train *d = &title->trains[train("D")];
    assert_int_equal(d->count, 6); /* Rails' 18Kaas default: UnlimitedTopTrains D=no */
    assert_false(d->count_unlimited);
    assert_int_equal(title->trains[train("6")].count, 2);
    assert_int_equal(title->nphases, 6);
}

/* Options that change the data: unlimited D, the optional 6-train, the map's version v1. */
static void test_options_change_the_title(void **state)
{
    (void)state;
    use_title(NULL);
    assert_int_equal(hex_of("I8")->printed.ncities, 0); /* v2: an empty hex */
    assert_int_equal(hex_of("I16")->cost, 0);
    use_title("VersionOf=v1");
    assert_string_equal(hex_of("I8")->name, "Gouda");
    assert_int_equal(hex_of("I8")->printed.ncities, 1);
    assert_int_equal(hex_of("I16")->cost, 80);
    assert_int_equal(title->nhexes, 84);
    use_title("UnlimitedTopTrains=yes, WithOptional6Train=yes");
    assert_true(title->trains[train("D")].count_unlimited);
    assert_int_equal(title->trains[train("6")].count, 3);
    use_title("18KaasRuhrgebiedDoublesOnlyMajors=no");
    assert_int_equal(hex_of("J17")->doubles_run, ENG_DOUBLES_STOPS);
    assert_int_equal(hex_of("K18")->doubles_run, ENG_DOUBLES_STOPS);
    use_title("RuhrgebiedRule=plus30");
    assert_int_equal(hex_of("J17")->doubles_run, ENG_DOUBLES_CITIES);
    assert_int_equal(hex_of("K18")->doubles_run_plus, 30);
    use_title(NULL);
}

static void test_map(void **state)
{
    (void)state;
    use_title(NULL);
    /* the Ruhrgebied: two red hexes worth 0, one location, doubling cities and off-boards */
    static const char *const ruhr[] = {"J17", "K18"};
    for (int i = 0; i < 2; i++) {
        const eng_hex *h = hex_of(ruhr[i]);
        assert_true(h->offboard);
        assert_int_equal(h->offboard_revenue[ENG_YELLOW], 0);
        assert_int_equal(h->offboard_revenue[ENG_GRAY], 0);
        assert_string_equal(h->offboard_group, "Ruhrgebied");
        assert_int_equal(h->doubles_run, ENG_DOUBLES_CITIES);
        assert_int_equal(h->doubles_run_plus, 0);
    }
    assert_int_equal(tf_edges_of(&hex_of("J17")->printed), E(1) | E(2)); /* to J15 and I16 */
    assert_int_equal(tf_edges_of(&hex_of("K18")->printed), E(1));        /* to Venlo */
    assert_int_equal(eng_neighbor(title, tf_hex(title, "K18"), 1), tf_hex(title, "K16"));
    assert_int_equal(eng_neighbor(title, tf_hex(title, "J17"), 2), tf_hex(title, "I16"));
    assert_int_equal(hex_of("C12")->doubles_run, ENG_DOUBLES_NONE);
    /* the other two-hex off-boards, values by phase */
    assert_string_equal(hex_of("C20")->offboard_group, hex_of("G20")->offboard_group);
    assert_string_equal(hex_of("J3")->offboard_group, hex_of("L1")->offboard_group);
    assert_int_equal(hex_of("J3")->offboard_revenue[ENG_YELLOW], 10);
    assert_int_equal(hex_of("J3")->offboard_revenue[ENG_BROWN], 60);
    assert_int_equal(hex_of("L9")->offboard_revenue[ENG_BROWN], 60);
    /* Amsterdam: two yellow cities of 40, their tracks W and SE (Rails -22, orientation 5) */
    const eng_hex *ams = hex_of("G10");
    assert_int_equal(ams->printed.color, ENG_YELLOW);
    assert_int_equal(ams->printed.ncities, 2);
    assert_int_equal(ams->printed.cities[0].revenue, 40);
    assert_int_equal(tf_edges_of(&ams->printed), E(1) | E(5));
    /* G12: an empty yellow hex of cost 80 (built from the green phase) */
    assert_int_equal(hex_of("G12")->printed.color, ENG_YELLOW);
    assert_int_equal(hex_of("G12")->printed.npaths, 0);
    assert_int_equal(hex_of("G12")->cost, 80);
    /* labels of the special hexes; gray track leading to its neighbours */
    assert_string_equal(hex_of("G8")->printed.label, "B+");
    assert_string_equal(hex_of("K8")->printed.label, "B");
    assert_string_equal(hex_of("I12")->printed.label, "U");
    assert_int_equal(tf_edges_of(&hex_of("E10")->printed), E(0) | E(1)); /* Hoorn: F9, E8 */
    assert_int_equal(hex_of("K16")->cost, 120);
}

static void test_companies(void **state)
{
    (void)state;
    use_title(NULL);
    static const struct { const char *id, *home; } homes[] = {
        {"PRR", "I12"}, {"NYC", "E10"}, {"CPR", "B17"}, {"B&O", "G8"},
        {"C&O", "O16"}, {"ERIE", "G16"}, {"NYNH", "G10"}, {"B&M", "K8"}};
    for (int i = 0; i < 8; i++)
        assert_int_equal(tf_company(title, homes[i].id)->home_hex, tf_hex(title, homes[i].home));
    assert_int_equal(tf_company(title, "NYNH")->home_city, 1); /* Amsterdam's SE city */
    const eng_company *dh = tf_company(title, "D&H");
    assert_int_equal(dh->powers.token_hex, tf_hex(title, "K16"));
    assert_int_equal(dh->powers.tile_hexes[0], tf_hex(title, "K16"));
    assert_false(dh->powers.tile_free);
    assert_true(dh->powers.token_free);
    const eng_company *cs = tf_company(title, "C&StL");
    assert_int_equal(cs->powers.tile_hexes[0], tf_hex(title, "D15"));
    assert_true(cs->powers.tile_extra);
    assert_true(cs->powers.tile_free);
}

/* ---- tiles: the B+ and U tiles only on their hexes, G12 from green, Amsterdam ---- */

static const unsigned YELLOW = 1u << ENG_YELLOW;
static const unsigned ALL_COLOURS = (1u << ENG_YELLOW) | (1u << ENG_GREEN) | (1u << ENG_BROWN);

/* A new game whose home circles are not kept: these positions put any company anywhere. */
static eng_game *free_game(const char *options)
{
    use_title(options);
    eng_game *g = new_game(options, 4);
    for (int h = 0; h < title->nhexes; h++)
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            g->board->reserved[h][c] = ENG_NONE;
    return g;
}

/* How many rotations of the tile the board accepts on the hex (no company: no connection). */
static int rotations_fitting(eng_game *g, const char *hex, const char *tile, unsigned colors,
                             char *why)
{
    int n = 0;
    for (int rot = 0; rot < 6; rot++)
        n += eng_lay_check(g->board, ENG_NONE, tf_hex(title, hex), tf_tile(title, tile), rot,
                           colors, NULL, why, 256) == 0;
    return n;
}

/* Lays the tile on the hex in the first rotation the board accepts. */
static void put(eng_game *g, const char *hex, const char *tile)
{
    char why[256] = "";
    for (int rot = 0; rot < 6; rot++)
        if (eng_lay_tile(g->board, ENG_NONE, tf_hex(title, hex), tf_tile(title, tile), rot,
                         ALL_COLOURS, why, sizeof why) == 0)
            return;
    fail_msg("cannot lay %s on %s: %s", tile, hex, why);
}

static void refused_lay(eng_game *g, const char *hex, const char *tile, unsigned colors,
                        const char *fragment)
{
    char why[256] = "";
    assert_int_equal(rotations_fitting(g, hex, tile, colors, why), 0);
    if (!strstr(why, fragment))
        fail_msg("%s on %s: \"%s\" does not mention \"%s\"", tile, hex, why, fragment);
}

static void test_b_plus_and_b(void **state)
{
    (void)state;
    eng_game *g = free_game(NULL);
    char why[256];
    /* Haarlem (B+): green 52, then brown 61+; never 1830's B tiles */
    refused_lay(g, "G8", "53", ALL_COLOURS, "may not be laid on the printed G8");
    assert_true(rotations_fitting(g, "G8", "52", ALL_COLOURS, why) > 0);
    /* Breda (B): 1830's green 53, then 61; never the B+ tiles */
    refused_lay(g, "K8", "52", ALL_COLOURS, "may not be laid on the printed K8");
    put(g, "K8", "53");
    refused_lay(g, "K8", "61+", ALL_COLOURS, "may not be laid on tile 53");
    assert_true(rotations_fitting(g, "K8", "61", ALL_COLOURS, why) > 0);
    put(g, "G8", "52");
    refused_lay(g, "G8", "61", ALL_COLOURS, "may not be laid on tile 52");
    put(g, "G8", "61+");
    const eng_track *tr = eng_board_track(g->board, tf_hex(title, "G8"), NULL);
    assert_int_equal(tr->cities[0].revenue, 60);
    assert_int_equal(tr->cities[0].slots, 2);
    eng_game_free(g);
}

static void test_u_tile_only_on_utrecht(void **state)
{
    (void)state;
    eng_game *g = free_game(NULL);
    char why[256];
    /* Amersfoort: 57, 15, then 63 — not 72 */
    put(g, "H13", "57");
    put(g, "H13", "15");
    refused_lay(g, "H13", "72", ALL_COLOURS, "may not be laid on tile 15");
    assert_true(rotations_fitting(g, "H13", "63", ALL_COLOURS, why) > 0);
    /* Utrecht (U): 57, 14, then 72 — not 63; a refusal names the tiles that go there */
    refused_lay(g, "I12", "9", ALL_COLOURS, "tile 9 may not be laid on the printed I12: it takes "
                                            "tile 57");
    put(g, "I12", "57");
    put(g, "I12", "14");
    refused_lay(g, "I12", "63", ALL_COLOURS, "may not be laid on tile 14: it takes tile 72");
    assert_true(rotations_fitting(g, "I12", "72", ALL_COLOURS, why) > 0);
    put(g, "I12", "72");
    assert_int_equal(eng_board_track(g->board, tf_hex(title, "I12"), NULL)->cities[0].slots, 3);
    eng_game_free(g);
}

/* G12 (printed G13): an empty yellow hex, so its first tile is green: refused in the yellow
 * phase, any yellow tile refused, a green track tile laid once green tiles are. */
static void test_green_only_hex(void **state)
{
    (void)state;
    eng_game *g = free_game(NULL);
    char why[256];
    refused_lay(g, "G12", "9", ALL_COLOURS, "may not be laid on the printed G12: it takes tiles "
                                            "16, 18, 19, 20, 23, 24, 25, 26, 27, 28, ...");
    refused_lay(g, "G12", "8", ALL_COLOURS, "may not be laid on the printed G12");
    refused_lay(g, "G12", "23", YELLOW, "green tiles may not be laid in this phase");
    int fits = 0;
    static const char *const green[] = {"16", "18", "19", "20", "23", "24", "25", "26", "27",
                                        "28", "29"};
    for (int i = 0; i < 11; i++)
        fits += rotations_fitting(g, "G12", green[i], ALL_COLOURS, why);
    assert_true(fits > 0);
    eng_game_free(g);
}

/* Amsterdam's yellow tile becomes green 54 in exactly two rotations (each city keeps its
 * track), as the rules say; no other green tile. */
static void test_amsterdam_upgrade(void **state)
{
    (void)state;
    eng_game *g = free_game(NULL);
    char why[256] = "";
    assert_int_equal(rotations_fitting(g, "G10", "54", ALL_COLOURS, why), 2);
    for (int rot = 0; rot < 6; rot++)
        assert_int_equal(eng_lay_check(g->board, ENG_NONE, tf_hex(title, "G10"),
                                       tf_tile(title, "54"), rot, ALL_COLOURS, NULL, why,
                                       sizeof why) == 0,
                         rot == 4 || rot == 5);
    refused_lay(g, "G10", "59", ALL_COLOURS, "may not be laid on the printed G10");
    eng_game_free(g);
}

/* ---- the Ruhr rule ---- */

/* Lays a tile so that its track touches exactly the edges facing the hexes given. */
static void lay_joining(eng_game *g, const char *hex, const char *tile, const char *n1,
                        const char *n2)
{
    unsigned want = (1u << tf_edge_towards(title, hex, n1)) | (1u << tf_edge_towards(title, hex, n2));
    const eng_tile *t = &title->tiles[tf_tile(title, tile)];
    char why[256] = "";
    for (int rot = 0; rot < 6; rot++)
        if ((eng_track_edges(&t->track, rot) & want) == want &&
            eng_lay_tile(g->board, ENG_NONE, tf_hex(title, hex), tf_tile(title, tile), rot,
                         ALL_COLOURS, why, sizeof why) == 0)
            return;
    fail_msg("cannot lay %s on %s joining %s and %s: %s", tile, hex, n1, n2, why);
}

/* PRR's station in Utrecht (I12, 57: 20), track west to Gouda (I8, v1: a 57, 20) and east
 * through Arnhem/Nijmegen (I14, a town of 10 on a 55) and I16 (unless `to_ruhr` is false) to
 * the Ruhrgebied (J17). */
static eng_game *ruhr_network_to(const char *options, bool to_ruhr)
{
    eng_game *g = free_game(options);
    lay_joining(g, "I12", "57", "I10", "I14");
    lay_joining(g, "I10", "9", "I8", "I12");
    lay_joining(g, "I8", "57", "I6", "I10");
    lay_joining(g, "I14", "55", "I12", "I16");
    if (to_ruhr)
        lay_joining(g, "I16", "8", "I14", "J17");
    char why[256];
    if (eng_place_station(g->board, NULL, co("PRR"), tf_hex(title, "I12"), 0, why, sizeof why))
        fail_msg("PRR's station: %s", why);
    return g;
}

static eng_game *ruhr_network(const char *options)
{
    return ruhr_network_to(options, true);
}

/* PRR's best total with these trains (names, NULL-terminated), the exhaustive search agreeing,
 * and the run of its first train's stops (hexes) when asked. */
static int prr_best(eng_game *g, const char *const *trains)
{
    eng_company_state *s = &g->co[co("PRR")];
    s->ntrains = 0;
    for (int i = 0; trains[i]; i++)
        s->trains[s->ntrains++] = train(trains[i]);
    eng_run run, all;
    int total = eng_best_run_fresh(g, co("PRR"), &run);
    assert_int_equal(eng_best_run_exhaustive(g, co("PRR"), &all), total);
    return total;
}

static bool run_reaches(eng_game *g, const char *hex)
{
    eng_run run;
    eng_best_run_fresh(g, co("PRR"), &run);
    for (int i = 0; i < run.ntrains; i++)
        for (int k = 0; k < run.trains[i].nstops; k++)
            if (run.trains[i].stops[k] / ENG_NODES_PER_HEX == tf_hex(title, hex))
                return true;
    return false;
}

/* The default (18KaasRuhrgebiedDoublesOnlyMajors=yes): a run into the Ruhrgebied counts its
 * cities twice, not its towns; the Ruhrgebied counts as a stop, worth nothing itself; the best
 * run takes it over a run without it. */
static void test_ruhr_doubles_cities(void **state)
{
    (void)state;
    eng_game *g = ruhr_network("VersionOf=v1");
    /* a 2-train: Gouda - Utrecht 40; Utrecht - the town 30; the Ruhr is three stops away */
    assert_int_equal(prr_best(g, (const char *const[]){"2", NULL}), 40);
    assert_false(run_reaches(g, "J17"));
    /* a 3-train: Utrecht, the town, the Ruhr: 20 + 10 + 0, and Utrecht again: 50, more than
     * Gouda - Utrecht - the town (50: equal) ... a 4-train: Gouda, Utrecht, the town, the Ruhr:
     * 50 and the two cities again: 90 (without the Ruhr at most 50) */
    assert_int_equal(prr_best(g, (const char *const[]){"3", NULL}), 50);
    assert_int_equal(prr_best(g, (const char *const[]){"4", NULL}), 90);
    assert_true(run_reaches(g, "J17"));
    eng_game_free(g);
}

/* 18KaasRuhrgebiedDoublesOnlyMajors=no: the towns count twice too. */
static void test_ruhr_doubles_every_stop(void **state)
{
    (void)state;
    eng_game *g = ruhr_network("VersionOf=v1, 18KaasRuhrgebiedDoublesOnlyMajors=no");
    assert_int_equal(prr_best(g, (const char *const[]){"3", NULL}), 60); /* 30 and 30 again */
    assert_int_equal(prr_best(g, (const char *const[]){"4", NULL}), 100);
    assert_int_equal(prr_best(g, (const char *const[]){"2", NULL}), 40); /* no Ruhr: as before */
    eng_game_free(g);
}

/* The rules summary's alternative: +30 (or +20) to each other city instead of doubling it. */
static void test_ruhr_alternative(void **state)
{
    (void)state;
    eng_game *g = ruhr_network("VersionOf=v1, RuhrgebiedRule=plus30");
    assert_int_equal(prr_best(g, (const char *const[]){"3", NULL}), 60);  /* 30 + 30 */
    assert_int_equal(prr_best(g, (const char *const[]){"4", NULL}), 110); /* 50 + 2 x 30 */
    eng_game_free(g);
    g = ruhr_network("VersionOf=v1, RuhrgebiedRule=plus20, 18KaasRuhrgebiedDoublesOnlyMajors=no");
    assert_int_equal(prr_best(g, (const char *const[]){"3", NULL}), 70);  /* 30 + 2 x 20 */
    assert_int_equal(prr_best(g, (const char *const[]){"4", NULL}), 110); /* 50 + 3 x 20 */
    eng_game_free(g);
}

/* A run declared into the Ruhrgebied is worth its doubled value. */
static void test_ruhr_declared_run(void **state)
{
    (void)state;
    eng_game *g = ruhr_network("VersionOf=v1");
    eng_company_state *s = &g->co[co("PRR")];
    s->ntrains = 1;
    s->trains[0] = train("3");
    eng_run run;
    assert_int_equal(eng_best_run_fresh(g, co("PRR"), &run), 50);
    char why[256] = "";
    eng_train_run declared = run.trains[0];
    int total = eng_check_runs(g, co("PRR"), &declared, 1, why, sizeof why);
    assert_int_equal(total, 50);
    eng_game_free(g);
}

/* House rule 17's trial of a lay (the runs of the board before, only those through the changed
 * hex listed again) counts the Ruhr as the full search does: the track into it laid last. */
static void test_ruhr_in_the_trial_of_a_lay(void **state)
{
    (void)state;
    eng_game *g = ruhr_network_to("VersionOf=v1", false);
    eng_company_state *s = &g->co[co("PRR")];
    s->ntrains = 1;
    s->trains[0] = train("4");
    eng_runs_before *before = eng_runs_before_new(g, co("PRR"));
    eng_run was, fresh, changed;
    eng_runs_before_best(before, &was);
    assert_int_equal(was.total, 50); /* Gouda, Utrecht, the town */
    lay_joining(g, "I16", "8", "I14", "J17");
    assert_int_equal(eng_best_run_fresh(g, co("PRR"), &fresh), 90);
    assert_int_equal(eng_best_run_changed(before, g, tf_hex(title, "I16"), &changed), 90);
    eng_runs_before_free(before);
    eng_game_free(g);
}

/* ---- the privates on their 18Kaas hexes ---- */

/* Three players, each given 1000 more; the privates bought in order at their prices, B&O's
 * par 100: stock round 1. */
static eng_game *packet_sold(const char *options)
{
    use_title(options);
    eng_game *g = new_game(options, 3);
    static const char *const order[] = {"SVNRR", "C&StL", "D&H", "M&H", "C&A", "BO"};
    for (int i = 0; i < 6; i++)
        must(g, buy_item(order[i]));
    must(g, (eng_action){.kind = ENG_ACT_PAR, .company = co("B&O"), .price = 100});
    for (int p = 0; p < 3; p++)
        eng_bank_pays_player(g, p, 1000);
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    return g;
}

/* PRR started at 100 by the owner of `private_id` with 60%, operating alone in operating round
 * 1.1 in phase 3. */
static eng_game *prr_operating(const char *private_id)
{
    eng_game *g = packet_sold(NULL);
    int director = g->co[co(private_id)].owner, prr = co("PRR");
    if (!g->co[prr].started) {
        give(g, "PRR", 20, true, director);
        eng_set_par(g, prr, 100);
        eng_bank_pays_player(g, director, -200);
    }
    while (eng_percent_held(g, prr, director) < 60) {
        give(g, "PRR", 10, false, director);
        eng_bank_pays_player(g, director, -100);
    }
    eng_check_float(g, prr);
    g->phase = phase("3");
    for (int k = 0; k < g->nplayers && g->round == ENG_ROUND_STOCK; k++)
        must(g, pass());
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
    assert_int_equal(g->operating, prr);
    return g;
}

static eng_action buy_private(const char *id, int price)
{
    return (eng_action){.kind = ENG_ACT_BUY_PRIVATE, .company = co(id), .price = price};
}

static eng_action lay(const char *hex, const char *tile, int rot)
{
    return (eng_action){.kind = ENG_ACT_LAY_TILE, .hex = tf_hex(title, hex),
                        .tile = tf_tile(title, tile), .rot = rot};
}

/* Lays one of the tiles on the hex with the first rotation the engine accepts. */
static void lay_one_of(eng_game *g, const char *hex, const char *const *tiles, int ntiles)
{
    char why[256] = "";
    for (int k = 0; k < ntiles; k++)
        for (int rot = 0; rot < 6; rot++)
            if (try_act(g, lay(hex, tiles[k], rot), why) == 0)
                return;
    fail_msg("no tile fits %s: %s", hex, why);
}

/* The privates keep their 18Kaas hexes free while players own them. */
static void test_privates_block_their_hexes(void **state)
{
    (void)state;
    eng_game *g = packet_sold(NULL);
    static const struct { const char *hex, *by; } blocks[] = {
        {"H9", "SVNRR"}, {"D15", "C&StL"}, {"K16", "D&H"}, {"D9", "M&H"}, {"J7", "C&A"},
        {"G6", "BO"}, {"G8", "BO"}};
    for (int i = 0; i < 7; i++)
        assert_int_equal(eng_hex_blocked_by(g, tf_hex(title, blocks[i].hex)), co(blocks[i].by));
    assert_int_equal(eng_hex_blocked_by(g, tf_hex(title, "I12")), -1);
    eng_game_free(g);
    g = prr_operating("SVNRR");
    refused(g, lay("H9", "9", 0), "H9 is kept free by SVNRR while a player owns it");
    refused(g, lay("D9", "9", 0), "D9 is kept free by M&H while a player owns it");
    eng_game_free(g);
}

/* The C&StL, owned by the operating company: a free extra tile on D15, not connected. */
static void test_cstl_tile_on_d15(void **state)
{
    (void)state;
    eng_game *g = prr_operating("C&StL");
    int prr = co("PRR");
    refused(g, lay("D15", "9", 0), "D15 is kept free by C&StL while a player owns it");
    must(g, buy_private("C&StL", 40));
    int cash = g->co[prr].cash, lays = eng_lays_left(g);
    lay_one_of(g, "D15", (const char *const[]){"7", "8", "9"}, 3); /* far from Utrecht */
    assert_int_equal(g->co[prr].cash, cash);
    assert_int_equal(eng_lays_left(g), lays); /* extra: its own lay still to come */
    assert_int_not_equal(g->board->tile[tf_hex(title, "D15")], ENG_NONE);
    eng_game_free(g);
}

/* The D&H, owned by the operating company: 57 on Venlo (K16) as its lay paying 120, then a free
 * station there, neither connected to its track; no other tile by the power. */
static void test_dh_on_venlo(void **state)
{
    (void)state;
    eng_game *g = prr_operating("D&H");
    int prr = co("PRR"), dh = co("D&H");
    eng_action station = {.kind = ENG_ACT_PRIVATE_TOKEN, .company = dh, .city = -1};
    refused(g, lay("K16", "57", 0), "K16 is kept free by D&H while a player owns it");
    refused(g, station, "PRR does not own D&H");
    must(g, buy_private("D&H", 70));
    int money = total_money(g), cash = g->co[prr].cash;
    lay_one_of(g, "K16", (const char *const[]){"57"}, 1);
    assert_int_equal(g->co[prr].cash, cash - 120);
    assert_int_equal(eng_lays_left(g), 0);
    must(g, station);
    assert_int_equal(g->co[prr].cash, cash - 120);
    assert_int_equal(eng_stations_placed(g, prr), 2); /* its home, and Venlo */
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

/* Seed 003: the D&H's station on Venlo only in the turn its tile was laid there, not a turn
 * later. */
static void test_dh_station_only_in_the_turn_of_its_tile(void **state)
{
    (void)state;
    eng_game *g = prr_operating("D&H");
    int prr = co("PRR"), dh = co("D&H");
    assert_int_equal(tf_company(title, "D&H")->powers.token_requires_tile, ENG_TOKEN_SAME_TURN);
    eng_action station = {.kind = ENG_ACT_PRIVATE_TOKEN, .company = dh, .city = -1};
    give_train(g, "PRR", "2");
    must(g, buy_private("D&H", 70));
    refused(g, station, "D&H's station on K16 is placed only in the turn in which PRR lays "
                        "D&H's tile there");
    lay_one_of(g, "K16", (const char *const[]){"57"}, 1);
    must(g, (eng_action){.kind = ENG_ACT_RUN, .revenue = 0, .payout = false});
    must(g, (eng_action){.kind = ENG_ACT_DONE});
    assert_int_equal(g->operating, prr);
    refused(g, station, "D&H's station on K16 is placed only in the turn in which PRR lays "
                        "D&H's tile there");
    assert_int_equal(eng_stations_placed(g, prr), 1);
    eng_game_free(g);
}

/* ---- players ---- */

static void test_cash_by_players(void **state)
{
    (void)state;
    use_title(NULL);
    static const int cash[] = {0, 0, 1200, 800, 600, 480, 400},
                     limit[] = {0, 0, 28, 20, 16, 13, 11};
    for (int n = 2; n <= 6; n++) {
        eng_game *g = new_game(NULL, n);
        for (int p = 0; p < n; p++)
            assert_int_equal(g->players[p].cash, cash[n]);
        assert_int_equal(eng_certificate_limit(g, 0), limit[n]);
        eng_game_free(g);
    }
}

/* Rails' NoSaleInFirstSR (the engine's FirstRoundSellRestriction, on by default). */
static void test_no_sale_in_first_stock_round(void **state)
{
    (void)state;
    eng_game *g = packet_sold(NULL);
    int p = g->current;
    give(g, "PRR", 20, true, p);
    eng_set_par(g, co("PRR"), 100);
    give(g, "PRR", 10, false, p);
    refused(g, sell("PRR", 10), "no shares may be sold in the first stock round");
    eng_game_free(g);
}

/* ---- a whole game by a robot ---- */

static int first_of(const eng_action *v, int n, eng_action_kind kind)
{
    for (int i = 0; i < n; i++)
        if (v[i].kind == kind)
            return i;
    return -1;
}

/* A stock-round purchase: a share of a company the player directs, from the IPO; else, when he
 * directs none, the director's certificate of a company at the lowest par; else -1. */
static int robot_buys(const eng_game *g, const eng_action *v, int n)
{
    int start = -1;
    bool directs = false;
    for (int c = 0; c < g->t->ncompanies; c++)
        directs |= g->co[c].started && g->co[c].director == g->current;
    for (int i = 0; i < n; i++) {
        if (v[i].kind != ENG_ACT_BUY_SHARE || v[i].from_pool)
            continue;
        const eng_company_state *c = &g->co[v[i].company];
        if (c->started && c->director == g->current)
            return i;
        if (!c->started && v[i].price > 0 && !directs &&
            (start < 0 || v[i].price < v[start].price))
            start = i; /* (legal.c: a company started at a par, its director's certificate) */
    }
    return start;
}

/* The robot's action among the legal ones: the start packet bought in order; in stock rounds
 * its own companies' shares bought, one company started, else a pass; in operating rounds the
 * home, a tile, a station, the best run paid out, trains from the bank, then the turn's end. */
static int robot_pick(const eng_game *g, const eng_action *v, int n)
{
    if (g->par_pending != ENG_NONE) {
        int best = 0;
        for (int i = 1; i < n; i++)
            best = v[i].price > v[best].price ? i : best;
        return best;
    }
    if (g->round == ENG_ROUND_START)
        return first_of(v, n, ENG_ACT_BUY_ITEM) >= 0 ? first_of(v, n, ENG_ACT_BUY_ITEM)
                                                     : first_of(v, n, ENG_ACT_PASS);
    if (g->round == ENG_ROUND_STOCK) {
        int buy = robot_buys(g, v, n);
        return buy >= 0 ? buy : first_of(v, n, ENG_ACT_PASS);
    }
    static const eng_action_kind order[] = {ENG_ACT_DISCARD_TRAIN, ENG_ACT_HOME,
                                            ENG_ACT_LAY_TILE, ENG_ACT_TOKEN, ENG_ACT_RUN,
                                            ENG_ACT_BUY_TRAIN, ENG_ACT_SELL, ENG_ACT_DONE,
                                            ENG_ACT_SKIP, ENG_ACT_PASS};
    for (size_t k = 0; k < sizeof order / sizeof *order; k++)
        for (int i = 0; i < n; i++)
            if (v[i].kind == order[k] && (v[i].kind != ENG_ACT_RUN || v[i].payout) &&
                (v[i].kind != ENG_ACT_BUY_TRAIN || !v[i].from_company))
                return i;
    return 0;
}

/* Four players and the robot's choices play a whole game of 18Kaas (the default options) by
 * the engine's legal actions, each applied: it ends (the bank broken) with tiles laid and
 * trains bought into phase 4, the money conserved. (A silent game through the turn, the game
 * master playing for everyone: tests/tools/autogame with AUTOGAME_TITLE=18Kaas.) */
static void test_a_whole_game(void **state)
{
    (void)state;
    use_title(NULL);
    eng_game *g = new_game(NULL, 4);
    int money = total_money(g), steps = 0;
    enum { max = 4096 };
    eng_action *v = xmalloc(max * sizeof *v);
    for (; steps < 20000 && g->round != ENG_ROUND_OVER; steps++) {
        int n = eng_legal_actions(g, v, max);
        if (n == 0)
            fail_msg("no legal action at step %d", steps);
        int pick = robot_pick(g, v, n);
        if (pick < 0)
            fail_msg("the robot finds nothing to do at step %d", steps);
        char why[256];
        if (eng_apply(g, &v[pick], why, sizeof why))
            fail_msg("legal action refused at step %d: %s", steps, why);
    }
    free(v);
    assert_int_equal(g->round, ENG_ROUND_OVER);
    assert_true(g->bank < 0); /* (the bank broke) */
    assert_true(g->phase >= phase("4"));
    int tiles = 0;
    for (int h = 0; h < title->nhexes; h++)
        tiles += g->board->tile[h] != ENG_NONE;
    assert_true(tiles >= 10);
    assert_int_equal(total_money(g), money);
    eng_game_free(g);
}

static int teardown(void **state)
{
    return group_teardown(state);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_totals),
        cmocka_unit_test(test_options_change_the_title),
        cmocka_unit_test(test_map),
        cmocka_unit_test(test_companies),
        cmocka_unit_test(test_b_plus_and_b),
        cmocka_unit_test(test_u_tile_only_on_utrecht),
        cmocka_unit_test(test_green_only_hex),
        cmocka_unit_test(test_amsterdam_upgrade),
        cmocka_unit_test(test_ruhr_doubles_cities),
        cmocka_unit_test(test_ruhr_doubles_every_stop),
        cmocka_unit_test(test_ruhr_alternative),
        cmocka_unit_test(test_ruhr_declared_run),
        cmocka_unit_test(test_ruhr_in_the_trial_of_a_lay),
        cmocka_unit_test(test_privates_block_their_hexes),
        cmocka_unit_test(test_cstl_tile_on_d15),
        cmocka_unit_test(test_dh_on_venlo),
        cmocka_unit_test(test_dh_station_only_in_the_turn_of_its_tile),
        cmocka_unit_test(test_cash_by_players),
        cmocka_unit_test(test_no_sale_in_first_stock_round),
        cmocka_unit_test(test_a_whole_game),
    };
    return cmocka_run_group_tests(tests, setup_kaas, teardown);
}
