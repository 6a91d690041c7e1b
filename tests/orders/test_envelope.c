/* Tests for src/orders/envelope: GAME/PLAYER/PASSWORD/TURN/HELP lines of a player's mail. */
#include "../helpers.h"
#include "orders/envelope.h"

static void test_reads_identity_in_any_spelling(void **state)
{
    (void)state;
    ord_envelope e;
    ord_envelope_parse("orders", "game: berlin1\nPlayer = alice\n  PASSWORD   s3cret  \n"
                                 "turn 4\n\nBUY 1 BY\nsell 2 SX\n", &e);
    assert_string_equal(e.game, "berlin1");
    assert_string_equal(e.player, "alice");
    assert_string_equal(e.password, "s3cret");
    assert_int_equal(e.turn, 4);
    assert_false(e.help);
    assert_int_equal(e.nlines, 2);
    assert_int_equal(e.lines[0].number, 6);
    assert_string_equal(e.lines[0].text, "BUY 1 BY");
    assert_int_equal(e.lines[1].number, 7);
    assert_int_equal(e.nerrors, 0);
    ord_envelope_clear(&e);
}

static void test_help_in_body_or_subject(void **state)
{
    (void)state;
    ord_envelope e;
    ord_envelope_parse("Re: AW: help", "", &e);
    assert_true(e.help);
    ord_envelope_clear(&e);
    ord_envelope_parse("hello", "Help\n", &e);
    assert_true(e.help);
    assert_int_equal(e.nlines, 0);
    ord_envelope_clear(&e);
    ord_envelope_parse("helpful tips", "helpdesk\n", &e);
    assert_false(e.help);
    assert_int_equal(e.nlines, 1);
    ord_envelope_clear(&e);
}

/* REPORT (issue 27, 9): the word alone on its line asks for the last report; not an order. */
static void test_report_asks_for_the_last_report(void **state)
{
    (void)state;
    ord_envelope e;
    ord_envelope_parse("orders", "GAME g1\nreport.\nBUY M1\n", &e);
    assert_true(e.report);
    assert_int_equal(e.nlines, 1);
    ord_envelope_clear(&e);
    ord_envelope_parse("report", "REPORTS\nREPORT 3\n", &e);
    assert_false(e.report);
    assert_int_equal(e.nlines, 2);
    ord_envelope_clear(&e);
}

/* SEND GAME FILE (issue 30): the words alone on their line ask for the game's 18xx.games file;
 * not an order, and nothing else reads as it. */
static void test_send_game_file_asks_for_the_file(void **state)
{
    (void)state;
    ord_envelope e;
    ord_envelope_parse("orders", "GAME g1\nsend  Game\tfile!\nBUY M1\n", &e);
    assert_true(e.game_file);
    assert_false(e.report);
    assert_int_equal(e.nlines, 1);
    assert_string_equal(e.game, "g1");
    ord_envelope_clear(&e);
    ord_envelope_parse("file", "SEND GAME FILES\nSENDGAME FILE\nSEND GAME\nSEND GAME FILE 3\n", &e);
    assert_false(e.game_file);
    assert_int_equal(e.nlines, 4);
    ord_envelope_clear(&e);
}

static void test_conflicts_and_missing_values_are_errors(void **state)
{
    (void)state;
    ord_envelope e;
    ord_envelope_parse(NULL, "GAME a\nGAME b\nPLAYER\nTURN x\nGAME a\n", &e);
    assert_string_equal(e.game, "a");
    assert_null(e.player);
    assert_int_equal(e.turn, -1);
    assert_int_equal(e.nerrors, 3);
    assert_int_equal(e.errors[0].line, 2);
    assert_non_null(strstr(e.errors[0].message, "GAME is given twice"));
    assert_int_equal(e.errors[1].line, 3);
    assert_non_null(strstr(e.errors[1].message, "PLAYER needs a value"));
    assert_int_equal(e.errors[2].line, 4);
    assert_non_null(strstr(e.errors[2].message, "TURN needs a turn number"));
    ord_envelope_clear(&e);
}

/* Issue 27, item 11: the player's own name alone on a line under his orders is his signature —
 * it and the lines under it (his title, his company) are no orders; first, only the name goes. */
static void test_the_players_name_is_a_signature(void **state)
{
    (void)state;
    ord_envelope e;
    ord_envelope_parse("orders", "GAME g1\nPLAYER bob\nPASSWORD pw\nBUY 1 BY\nPASS\n\nBob\n"
                                 "Senior Engineer, ACME Rail\n+46 8 123 45 67\n", &e);
    assert_int_equal(e.nlines, 2);
    assert_string_equal(e.lines[1].text, "PASS");
    ord_envelope_clear(&e);
    ord_envelope_parse("orders", "GAME g1\nPLAYER bob\nPASSWORD pw\n/bob\nBUY 1 BY\n", &e);
    assert_int_equal(e.nlines, 1);
    assert_string_equal(e.lines[0].text, "BUY 1 BY");
    ord_envelope_clear(&e);
    ord_envelope_parse("orders", "GAME g1\nPLAYER bob\nPASSWORD pw\nBUY 1 BY\nbobby\n", &e);
    assert_int_equal(e.nlines, 2); /* another word: the parser's to refuse */
    ord_envelope_clear(&e);
}

static void test_keyword_must_be_a_whole_word(void **state)
{
    (void)state;
    ord_envelope e;
    ord_envelope_parse(NULL, "games are fun\nplayers: 4\n", &e);
    assert_null(e.game);
    assert_null(e.player);
    assert_int_equal(e.nlines, 2);
    ord_envelope_clear(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_identity_in_any_spelling),
        cmocka_unit_test(test_help_in_body_or_subject),
        cmocka_unit_test(test_report_asks_for_the_last_report),
        cmocka_unit_test(test_send_game_file_asks_for_the_file),
        cmocka_unit_test(test_conflicts_and_missing_values_are_errors),
        cmocka_unit_test(test_keyword_must_be_a_whole_word),
        cmocka_unit_test(test_the_players_name_is_a_signature),
    };
    return cmocka_run_group_tests_name("envelope", tests, NULL, NULL);
}
