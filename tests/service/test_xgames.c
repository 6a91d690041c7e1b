/* Tests for src/service/xgames.c (issue 30): an 18xx.games game file imported whole as a game
 * — or nothing at all when it is refused — its seats without an address until the GM gives
 * one, its start with the GM's options beside the file's (the log replayed under them), a game
 * over in the file finished; a game exported as a file: on the command line, by the desk's
 * EXPORT and a player's SEND GAME FILE (the answer carries it), with the final report. A file
 * read by src/xgames is made here by hand (the engine's own actions of a few moves of 1830),
 * so that these tests do not hang on the importer's reading of 18xx.games' format; files the
 * importer refuses go through svc_game_import itself. A game the exporter refuses (a GM's
 * correction in its log) is refused on the command line and by mail, the answer saying why and
 * carrying nothing. */
#include "mail_fixture.h"
#include "xgames/xgames.h"

#include <sqlite3.h>

static const char *const file_options = "LeaveAuctionOnPass=yes, DividendRounding=down";

/* An imported file as src/xgames makes it: 1830, Player 1..3, the first item bought, a pass. */
static void hand_made(xg_game *x, bool over)
{
    memset(x, 0, sizeof *x);
    snprintf(x->title, sizeof x->title, "1830");
    snprintf(x->options, sizeof x->options, "%s", file_options);
    x->nplayers = 3;
    const char *names[3];
    for (int p = 0; p < 3; p++) {
        snprintf(x->names[p], ENG_NAME, "Player_%d", p + 1);
        snprintf(x->file_names[p], ENG_NAME, "Player %d", p + 1);
        names[p] = x->names[p];
    }
    eng_title *t;
    assert_int_equal(svc_load_title("1830", &t).kind, SVC_OK);
    eng_options o;
    eng_options_default(t, &o);
    char why[256];
    assert_int_equal(eng_options_parse(t, &o, x->options, why, sizeof why), 0);
    eng_game *g = eng_game_new(t, &o, names, 3, why, sizeof why);
    assert_non_null(g);
    eng_action moves[2] = {{.kind = ENG_ACT_BUY_ITEM, .item = 0}, {.kind = ENG_ACT_PASS}};
    x->actions = calloc(2, sizeof *x->actions);
    x->from_id = calloc(2, sizeof *x->from_id);
    for (int i = 0; i < 2; i++) {
        moves[i].player = g->current;
        if (eng_apply(g, &moves[i], why, sizeof why))
            fail_msg("move %d: %s", i, why);
        x->actions[i] = eng_action_to_json(g, &moves[i]);
        x->from_id[i] = i + 1;
    }
    x->nactions = 2;
    x->over = over;
    if (over)
        snprintf(x->end_reason, sizeof x->end_reason, "bankrupt");
    eng_game_free(g);
    eng_title_free(t);
}

static svc_result import_as(struct fixture *f, const char *name, xg_game *x,
                            const svc_import_player *given, int n, char **said)
{
    buf out;
    buf_init(&out);
    svc_result r = svc_game_import_read(&f->c, f->st, name, "18xx.games file test.json", x,
                                        given, n, true, &out);
    *said = buf_steal(&out);
    buf_free(&out);
    xg_game_clear(x);
    return r;
}

/* A count from the database itself, as the test names it. */
static int count(struct fixture *f, const char *sql)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(f->c.database, &db), SQLITE_OK);
    sqlite3_stmt *s;
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &s, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(s), SQLITE_ROW);
    int n = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return n;
}

static store_game find(struct fixture *f, const char *name)
{
    store_game g = {0};
    assert_int_equal(store_game_find(f->st, name, &g), STORE_OK);
    return g;
}

static const svc_import_player two_addresses[] = {
    {"Player 1", "ann@pbem.test"}, /* the file's name */
    {"player_2", "bob@pbem.test"}, /* pbemgm's, in another case */
};

/* Game name imported from the hand-made file (over: its game over there): what the GM is told
 * (malloc'd). */
static char *imported(struct fixture *f, const char *name, bool over,
                      const svc_import_player *given, int n)
{
    xg_game x;
    hand_made(&x, over);
    char *said;
    svc_result r = import_as(f, name, &x, given, n, &said);
    if (r.kind != SVC_OK)
        fail_msg("import: %s", r.text);
    return said;
}

/* imp imported, Player_3 without an address. */
static void import_imp(struct fixture *f)
{
    free(imported(f, "imp", false, two_addresses, 2));
}

/* ... and its welcomes sent, the outgoing mail emptied. */
static void import_imp_welcomed(struct fixture *f)
{
    import_imp(f);
    run_once(f);
    clear_out(f);
}

static void test_an_import_creates_the_game_whole(void **state)
{
    struct fixture *f = *state;
    char *said = imported(f, "imp", false, two_addresses, 2);
    expect_in(said, "imported from 18xx.games file test.json: 2 decisions");
    expect_in(said, "seat 1: Player_1 (\"Player 1\" in the file) <ann@pbem.test>, password ");
    expect_in(said, "seat 3: Player_3 (\"Player 3\" in the file) <no address yet>");
    expect_in(said, "pbemgm player address imp NAME ADDRESS");
    free(said);
    store_game g = find(f, "imp");
    assert_string_equal(g.status, "forming");
    assert_string_equal(g.title, "1830");
    assert_string_equal(g.options, file_options);
    assert_string_equal(g.imported_from, "18xx.games file test.json");
    svc_game sg;
    assert_int_equal(svc_game_load_players(f->st, &g, &sg).kind, SVC_OK);
    assert_int_equal(sg.nplayers, 3);
    assert_string_equal(sg.players[0].address, "ann@pbem.test");
    assert_string_equal(sg.players[1].address, "bob@pbem.test");
    assert_string_equal(sg.players[2].name, "Player_3");
    assert_string_equal(sg.players[2].address, "");
    svc_game_unload(&sg);
    assert_int_equal(count(f, "SELECT COUNT(*) FROM actions a JOIN games g ON g.id = a.game_id "
                              "WHERE g.name = 'imp' AND a.turn = 0"), 2);
    assert_true(store_audit_count(f->st, "game_import") == 1);
    /* the log is the game: replayed, the third player is to act */
    assert_int_equal(svc_game_load(f->st, &g, &sg).kind, SVC_OK);
    assert_int_equal(sg.g->current, 2);
    svc_game_unload(&sg);
    /* welcomed: the two with an address, no mail to the third */
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 2);
    expect_in(s.body[sent_to(&s, "ann@pbem.test")], "welcome to game imp");
    sent_to(&s, "bob@pbem.test");
    sent_clear(&s);
    buf out;
    buf_init(&out);
    assert_int_equal(svc_games_list(f->st, &out).kind, SVC_OK);
    expect_in(out.data, "forming  (imported from 18xx.games file test.json)");
    buf_free(&out);
    store_game_clear(&g);
}

static void expect_nothing_of(struct fixture *f, const char *name)
{
    store_game g = {0};
    assert_int_equal(store_game_find(f->st, name, &g), STORE_NOT_FOUND);
    assert_int_equal(count(f, "SELECT COUNT(*) FROM players WHERE game_id NOT IN "
                              "(SELECT id FROM games)"), 0);
    assert_int_equal(count(f, "SELECT COUNT(*) FROM actions"), 0);
    assert_int_equal(count(f, "SELECT COUNT(*) FROM players"), 1); /* g1's alice */
    assert_int_equal(count(f, "SELECT COUNT(*) FROM outbox"), 0);
    assert_int_equal(store_audit_count(f->st, "game_import"), 0);
}

/* Refused half-way (the second seat cannot be given: a name twice), nothing is left of it. */
static void test_a_refused_import_creates_nothing(void **state)
{
    struct fixture *f = *state;
    xg_game x;
    hand_made(&x, false);
    snprintf(x.names[1], ENG_NAME, "Player_1");
    char *said;
    svc_result r = import_as(f, "bad", &x, two_addresses, 1, &said);
    assert_int_equal(r.kind, SVC_REFUSED);
    expect_in(r.text, "a player of that name already");
    assert_string_equal(said, "");
    free(said);
    expect_nothing_of(f, "bad");
    /* a name the file has not, an address that is none */
    hand_made(&x, false);
    svc_import_player wrong[] = {{"Zed", "zed@pbem.test"}};
    r = import_as(f, "bad", &x, wrong, 1, &said);
    assert_int_equal(r.kind, SVC_REFUSED);
    expect_in(r.text, "the file has no player \"Zed\" (its players: Player_1, Player_2, Player_3)");
    free(said);
    hand_made(&x, false);
    svc_import_player nobody[] = {{"Player_2", "not an address"}};
    assert_int_equal(import_as(f, "bad", &x, nobody, 1, &said).kind, SVC_REFUSED);
    free(said);
    expect_nothing_of(f, "bad");
}

/* Files the importer refuses: nothing is created, the reason is told with the file's name. */
static void test_a_bad_file_is_refused_whole(void **state)
{
    struct fixture *f = *state;
    char *path = th_path(f->dir, "notjson.json");
    th_write(path, "this is not JSON {");
    buf out;
    buf_init(&out);
    svc_result r = svc_game_import(&f->c, f->st, "bad", path, NULL, 0, true, &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    expect_in(r.text, "notjson.json is not imported, nothing was created: ");
    r = svc_game_import(&f->c, f->st, "bad", "/nonexistent/file.json", NULL, 0, true, &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    expect_in(r.text, "/nonexistent/file.json cannot be read");
    r = svc_game_import(&f->c, f->st, "g1", path, NULL, 0, true, &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    expect_in(r.text, "a game named \"g1\" exists already");
    assert_int_equal(out.len, 0);
    buf_free(&out);
    free(path);
    expect_nothing_of(f, "bad");
}

static void test_a_game_over_in_the_file_is_finished(void **state)
{
    struct fixture *f = *state;
    char *said = imported(f, "done", true, NULL, 0);
    expect_in(said, "the game is over there (bankrupt): done is finished");
    free(said);
    buf report;
    buf_init(&report);
    assert_int_equal(svc_game_report(&f->c, f->st, "done", 0, false, &report).kind, SVC_OK);
    expect_in(report.data, "Game done, turn 1\nThe game was played on 18xx.games and imported "
                           "(18xx.games file test.json): 2 decisions. It ended there (bankrupt).");
    buf_free(&report);
    store_game g = find(f, "done");
    assert_string_equal(g.status, "finished");
    store_game_clear(&g);
    buf out;
    buf_init(&out);
    assert_int_equal(svc_games_list(f->st, &out).kind, SVC_OK);
    expect_in(out.data, "finished  (imported from 18xx.games file test.json)");
    buf_free(&out);
    assert_int_equal(count(f, "SELECT COUNT(*) FROM outbox"), 0); /* nobody to welcome */
}

static void test_an_imported_game_starts_where_the_file_stops(void **state)
{
    struct fixture *f = *state;
    import_imp_welcomed(f);
    buf out;
    buf_init(&out);
    svc_result r = svc_game_start(&f->c, f->st, "imp", "pbem-house-rules", &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    expect_in(r.text, "player Player_3 (seat 3) has no address yet");
    svc_seat no_seat = {.game = "imp", .name = "Dee", .address = "dee@pbem.test", .mail = true};
    r = svc_player_add(&f->c, f->st, &no_seat, &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    expect_in(r.text, "imp is imported: its seats are those of the file");
    assert_int_equal(svc_player_address(&f->c, f->st, "imp", "player_3", "cy@pbem.test", true,
                                         &out).kind, SVC_OK);
    expect_in(out.data, "player Player_3 of imp: address cy@pbem.test; a welcome mail");
    buf_free(&out);
    buf_init(&out);
    r = svc_game_start(&f->c, f->st, "imp", "pbem-house-rules, LeaveAuctionOnPass=no", &out);
    if (r.kind != SVC_OK)
        fail_msg("start: %s\n%s", r.text, out.data);
    expect_in(out.data, "the file's options stand where yours differ: LeaveAuctionOnPass=yes");
    expect_in(out.data, "its imported log replays under");
    expect_in(out.data, "Player_3 to act");
    buf_free(&out);
    store_game g = find(f, "imp");
    assert_string_equal(g.status, "running");
    assert_int_equal(g.turn, 1);
    expect_in(g.options, "pbem-house-rules");
    expect_in(g.options, file_options);
    svc_game sg;
    assert_int_equal(svc_game_load(f->st, &g, &sg).kind, SVC_OK);
    assert_int_equal(sg.g->current, 2);
    svc_game_unload(&sg);
    store_game_clear(&g);
    run_once(f);
    struct sent s;
    collect(f, &s);
    int cy = sent_to_with(&s, "cy@pbem.test", "the game goes on by mail");
    expect_sentence(s.body[cy], "was begun on 18xx.games and goes on here by mail");
    expect_sentence(s.body[cy], "Player_3 is to act");
    expect_in(s.body[cy], "Seat 3: Player_3 (to act now): cash ");
    sent_to_with(&s, "cy@pbem.test", "welcome to the game"); /* (given with the address) */
    sent_to_with(&s, "ann@pbem.test", "the game goes on by mail");
    sent_clear(&s);
}

/* A log that does not replay under the options the game would start with: refused, naming the
 * first action that does not; the game stays as it was. */
static void test_a_log_that_does_not_replay_is_not_started(void **state)
{
    struct fixture *f = *state;
    import_imp(f);
    store_game g = find(f, "imp");
    assert_int_equal(store_action_append(f->st, g.id, 0,
                                         "{\"kind\":\"buy_item\",\"player\":0,\"item\":0}"),
                     STORE_OK);
    buf out;
    buf_init(&out);
    assert_int_equal(svc_player_address(&f->c, f->st, "imp", "Player_3", "cy@pbem.test", false,
                                        &out).kind, SVC_OK);
    svc_result r = svc_game_start(&f->c, f->st, "imp", "", &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    expect_in(r.text, "imp cannot start with the options");
    expect_in(r.text, "action 3 of the log does not replay");
    buf_free(&out);
    store_game_clear(&g);
    g = find(f, "imp");
    assert_string_equal(g.status, "forming");
    store_game_clear(&g);
}

/* A real file (tests/service/data: the auction and the pars of 18xx.games game 26855, which
 * its engine loads): imported, started, the game goes on from there. */
static void test_a_recorded_file_imports_and_starts(void **state)
{
    struct fixture *f = *state;
    buf out;
    buf_init(&out);
    svc_import_player all[] = {{"Player 1", "p1@pbem.test"}, {"Player 2", "p2@pbem.test"},
                               {"Player 3", "p3@pbem.test"}, {"Player_4", "p4@pbem.test"}};
    svc_result r = svc_game_import(&f->c, f->st, "rec", "tests/service/data/xgames_1830_start.json",
                                   all, 4, true, &out);
    if (r.kind != SVC_OK)
        fail_msg("import: %s", r.text);
    expect_in(out.data, "game rec (1830) imported from 18xx.games file xgames_1830_start.json");
    buf_free(&out);
    store_game g = find(f, "rec");
    assert_string_equal(g.status, "forming");
    assert_true(count(f, "SELECT COUNT(*) FROM actions WHERE turn = 0") >= 38);
    store_game_clear(&g);
    buf_init(&out);
    r = svc_game_start(&f->c, f->st, "rec", "pbem-house-rules", &out);
    if (r.kind != SVC_OK)
        fail_msg("start: %s\n%s", r.text, out.data ? out.data : "");
    buf_free(&out);
    g = find(f, "rec");
    assert_string_equal(g.status, "running");
    svc_game sg;
    assert_int_equal(svc_game_load(f->st, &g, &sg).kind, SVC_OK);
    assert_int_equal(sg.nplayers, 4);
    assert_int_equal(sg.g->players[3].cash, 187); /* as 18xx.games' engine has it then */
    assert_int_equal(sg.g->players[0].cash, 117);
    svc_game_unload(&sg);
    store_game_clear(&g);
}

/* The file of game name (NULL when the exporter refuses it: *why then). */
static char *file_or_why(struct fixture *f, const char *name, char *why, size_t len)
{
    store_game g = find(f, name);
    char *json;
    svc_result r = svc_game_file(f->st, &g, &json);
    store_game_clear(&g);
    assert_int_not_equal(r.kind, SVC_FAILED);
    snprintf(why, len, "%s", r.text);
    return json;
}

/* The file of game name, which the exporter must write (these tests' games are 1830's as
 * 18xx.games plays it). */
static char *file_of(struct fixture *f, const char *name, char *why, size_t len)
{
    char *json = file_or_why(f, name, why, len);
    if (!json)
        fail_msg("%s is not written as an 18xx.games file: %s", name, why);
    return json;
}

/* 18xx.games' bank-end game of 1830 (tests/oracle, from tobymao/18xx) without its last 24
 * decisions (in its last operating round, after the bank broke) and its result: imported,
 * started, its turn resolved (every player an NMR: the companies run and pay as the rules have
 * it, their tiles automatic play's) ends the game with 18xx.games' ranking, and the final
 * report carries the file. */
static void test_an_imported_game_ends_by_mail(void **state)
{
    struct fixture *f = *state;
    char *json = util_read_file("tests/oracle/18xx-games/1830/1830_game_end_bank.json", NULL);
    if (!json)
        fail_msg("tests/oracle/18xx-games/1830/1830_game_end_bank.json is not in the tree");
    cJSON *file = cJSON_Parse(json);
    free(json);
    assert_non_null(file);
    cJSON *actions = cJSON_GetObjectItem(file, "actions");
    for (int i = 0; i < 24; i++)
        cJSON_DeleteItemFromArray(actions, cJSON_GetArraySize(actions) - 1);
    cJSON_DeleteItemFromObject(file, "result");
    cJSON_DeleteItemFromObject(file, "game_end_reason");
    cJSON_ReplaceItemInObject(file, "status", cJSON_CreateString("active"));
    char *cut = cJSON_PrintUnformatted(file);
    cJSON_Delete(file);
    char *path = th_path(f->dir, "cut.json");
    th_write(path, cut);
    free(cut);
    svc_import_player all[] = {{"Player 1", "p1@pbem.test"}, {"Player 2", "p2@pbem.test"},
                               {"Player 3", "p3@pbem.test"}};
    buf out;
    buf_init(&out);
    svc_result r = svc_game_import(&f->c, f->st, "end", path, all, 3, false, &out);
    free(path);
    if (r.kind != SVC_OK)
        fail_msg("import: %s", r.text);
    r = svc_game_start(&f->c, f->st, "end", "", &out);
    if (r.kind != SVC_OK)
        fail_msg("start: %s", r.text);
    run_once(f);
    clear_out(f);
    assert_int_equal(svc_game_resolve(&f->c, f->st, "end", NULL, &out).kind, SVC_OK);
    buf_free(&out);
    store_game g = find(f, "end");
    assert_string_equal(g.status, "finished");
    char why[SVC_TEXT_MAX];
    char *exported = file_of(f, "end", why, sizeof why);
    store_game_clear(&g);
    buf_init(&out);
    assert_int_equal(svc_game_report(&f->c, f->st, "end", 0, false, &out).kind, SVC_OK);
    /* 18xx.games' order (13048, 12109, 12025 there); the values differ by a few dollars, the
     * last round's lays being automatic play's, not the players' own */
    expect_in(out.data, "1. Player_2 with 130");
    expect_in(out.data, "2. Player_3 with 121");
    expect_in(out.data, "3. Player_1 with 120");
    buf_free(&out);
    run_once(f);
    struct sent s;
    collect(f, &s);
    int i = sent_to_with(&s, "p1@pbem.test", "Subject: end: turn 1");
    expect_in(s.body[i], "The game is over");
    expect_in(s.raw[i], "Content-Disposition: attachment; filename=\"end.json\"");
    sent_to_with(&s, "gm@pbem.test", "Subject: end: turn 1"); /* the GM's copy too */
    sent_clear(&s);
    free(exported);
}

/* ---- the file written ---- */

static void test_an_export_of_a_stored_game(void **state)
{
    struct fixture *f = *state;
    import_imp(f);
    char why[SVC_TEXT_MAX];
    char *json = file_of(f, "imp", why, sizeof why);
    char *path = th_path(f->dir, "imp.json");
    buf out;
    buf_init(&out);
    svc_result r = svc_game_export(f->st, "imp", path, &out);
    if (!json) { /* the exporter refuses: said, nothing written */
        assert_int_equal(r.kind, SVC_REFUSED);
        expect_in(r.text, "game imp cannot be written as an 18xx.games file: ");
        assert_int_equal(access(path, F_OK), -1);
    } else {
        assert_int_equal(r.kind, SVC_OK);
        expect_in(out.data, "game imp written to ");
        char *written = util_read_file(path, NULL);
        cJSON *file = cJSON_Parse(written);
        assert_non_null(file);
        assert_string_equal(cJSON_GetObjectItem(file, "title")->valuestring, "1830");
        assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(file, "players")), 3);
        assert_true(cJSON_GetArraySize(cJSON_GetObjectItem(file, "actions")) >= 2);
        cJSON_Delete(file);
        free(written);
        buf_free(&out);
        buf_init(&out);
        assert_int_equal(svc_game_export(f->st, "imp", NULL, &out).kind, SVC_OK);
        expect_in(out.data, "\"title\"");
    }
    assert_int_equal(svc_game_export(f->st, "nope", NULL, &out).kind, SVC_REFUSED);
    buf_free(&out);
    free(path);
    free(json);
}

/* The raw mail carries the game's file as an attachment named name, or says why not. */
static void expect_file_or_why(const char *raw, const char *body, const char *name,
                               bool exported)
{
    char *disposition = str_format("Content-Disposition: attachment; filename=\"%s\"", name);
    if (exported) {
        expect_in(raw, disposition);
        expect_in(raw, "Content-Type: application/json");
    } else {
        assert_null(strstr(raw, "Content-Disposition: attachment"));
        expect_in(body, "cannot be written as an 18xx.games file");
    }
    free(disposition);
}

/* A player of imp with a known password. */
static void password_for(struct fixture *f, const char *player, const char *password)
{
    store_game g = find(f, "imp");
    store_player p = {0};
    assert_int_equal(store_player_find(f->st, g.id, player, &p), STORE_OK);
    char *hash = pw_hash(password);
    assert_int_equal(store_player_set_address(f->st, p.id, p.address, hash), STORE_OK);
    free(hash);
    store_player_clear(&p);
    store_game_clear(&g);
}

static void test_a_players_word_gets_the_file(void **state)
{
    struct fixture *f = *state;
    import_imp_welcomed(f);
    password_for(f, "Player_1", "secret9");
    char why[SVC_TEXT_MAX];
    char *json = file_of(f, "imp", why, sizeof why);
    free(deliver(f, "From: ann@pbem.test\nSubject: the file\nMessage-ID: <w1@pbem.test>\n\n"
                    "GAME imp\nPLAYER Player_1\nPASSWORD secret9\nsend game file.\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    assert_int_equal(s.n, 1);
    int i = sent_to(&s, "ann@pbem.test");
    expect_in(s.body[i], "SEND GAME FILE: ");
    assert_null(strstr(s.body[i], "not an order")); /* the word is no order */
    expect_file_or_why(s.raw[i], s.body[i], "imp.json", json != NULL);
    if (json)
        expect_sentence(s.body[i], "the whole game is attached as a file for 18xx.games "
                                   "(imp.json)");
    sent_clear(&s);
    assert_int_equal(count(f, "SELECT COUNT(*) FROM orders"), 0); /* it changed nothing */
    free(json);
}

/* The desk's EXPORT, by mail: the answer to the GM carries the file. */
static void test_the_desks_export(void **state)
{
    struct fixture *f = *state;
    import_imp_welcomed(f);
    buf out;
    buf_init(&out);
    svc_game_settings set = {-1, -1, -1, -1, -1, -1, NULL, "deskpw1"};
    assert_int_equal(svc_game_set(&f->c, f->st, "imp", &set, &out).kind, SVC_OK);
    buf_free(&out);
    char why[SVC_TEXT_MAX];
    char *json = file_of(f, "imp", why, sizeof why);
    free(deliver(f, "From: gm@pbem.test\nSubject: desk\nMessage-ID: <d1@pbem.test>\n\n"
                    "GAME imp\nGM\nPASSWORD deskpw1\nEXPORT\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    int i = sent_to(&s, "gm@pbem.test");
    expect_in(s.body[i], "== EXPORT");
    expect_file_or_why(s.raw[i], s.body[i], "imp.json", json != NULL);
    if (json)
        expect_sentence(s.body[i], "The game's file for 18xx.games is attached (imp.json)");
    sent_clear(&s);
    free(json);
}

/* The final report (here: its copy, rendered again from the store as the release renders it;
 * an import over in the file has one, its turn 1) carries the file. */
static void test_the_final_report_carries_the_file(void **state)
{
    struct fixture *f = *state;
    svc_import_player one[] = {{"Player_1", "ann@pbem.test"}};
    free(imported(f, "done", true, one, 1));
    store_game g = find(f, "done");
    char why[SVC_TEXT_MAX];
    char *json = file_of(f, "done", why, sizeof why);
    assert_int_equal(store_begin(f->st), STORE_OK);
    svc_result r = svc_report_copy(&f->c, f->st, &g, 0, 0);
    if (r.kind != SVC_OK)
        fail_msg("copy: %s", r.text);
    assert_int_equal(store_commit(f->st), STORE_OK);
    store_game_clear(&g);
    run_once(f);
    struct sent s;
    collect(f, &s);
    int i = sent_to(&s, "ann@pbem.test");
    expect_in(s.body[i], "The game is over");
    if (json) {
        expect_in(s.raw[i], "Content-Disposition: attachment; filename=\"done.json\"");
        expect_sentence(s.body[i], "The whole game is attached as a file for 18xx.games "
                                   "(done.json)");
    } else {
        assert_null(strstr(s.raw[i], "Content-Disposition: attachment"));
        assert_null(strstr(s.body[i], "is attached"));
    }
    sent_clear(&s);
    free(json);
}

/* A game the exporter refuses (a GM's correction has no form in 18xx.games): the CLI's export
 * is refused naming the correction and writes nothing; a player's SEND GAME FILE is answered
 * with the reason and carries nothing. */
static void test_a_game_with_a_correction_is_not_exported(void **state)
{
    struct fixture *f = *state;
    import_imp_welcomed(f);
    buf out;
    buf_init(&out);
    assert_int_equal(svc_player_address(&f->c, f->st, "imp", "Player_3", "cy@pbem.test", false,
                                         &out).kind, SVC_OK);
    assert_int_equal(svc_game_start(&f->c, f->st, "imp", "", &out).kind, SVC_OK);
    svc_result r = svc_gm_command(&f->c, f->st, "imp", "ADJUST CASH Player_1 +10", "a slip",
                                  NULL, &out);
    if (r.kind != SVC_OK)
        fail_msg("adjust: %s\n%s", r.text, out.data);
    buf_free(&out);
    run_once(f);
    clear_out(f);
    char why[SVC_TEXT_MAX];
    assert_null(file_or_why(f, "imp", why, sizeof why));
    expect_in(why, "ADJUST");
    char *path = th_path(f->dir, "imp.json");
    buf_init(&out);
    r = svc_game_export(f->st, "imp", path, &out);
    assert_int_equal(r.kind, SVC_REFUSED);
    expect_in(r.text, "game imp cannot be written as an 18xx.games file: ");
    assert_int_equal(access(path, F_OK), -1);
    buf_free(&out);
    free(path);
    password_for(f, "Player_1", "secret9");
    free(deliver(f, "From: ann@pbem.test\nSubject: the file\nMessage-ID: <w9@pbem.test>\n\n"
                    "GAME imp\nPLAYER Player_1\nPASSWORD secret9\nSEND GAME FILE\n"));
    run_once(f);
    struct sent s;
    collect(f, &s);
    int i = sent_to(&s, "ann@pbem.test");
    expect_file_or_why(s.raw[i], s.body[i], "imp.json", false);
    sent_clear(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_an_import_creates_the_game_whole, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_game_with_a_correction_is_not_exported, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_refused_import_creates_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_bad_file_is_refused_whole, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_game_over_in_the_file_is_finished, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_an_imported_game_starts_where_the_file_stops, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_log_that_does_not_replay_is_not_started, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_recorded_file_imports_and_starts, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_an_imported_game_ends_by_mail, setup, teardown),
        cmocka_unit_test_setup_teardown(test_an_export_of_a_stored_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_a_players_word_gets_the_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_desks_export, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_final_report_carries_the_file, setup, teardown),
    };
    return cmocka_run_group_tests_name("xgames service", tests, NULL, NULL);
}
