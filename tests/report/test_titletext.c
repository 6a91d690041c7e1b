/* A title's hexes as text for HELP MAP (report/titletext.c; issue 32): a city whose value goes
 * by the phase says each value (18GA's Montgomery "30/40"), an off-board its values by phase
 * (Chattanooga "30/30/60"), one that raises a run how it does (18Kaas's Ruhrgebied); no line
 * longer than 78 characters. */
#include "../engine/title_fixture.h"
#include "report/titletext.h"

#include <stdlib.h>

static void expect_line(const char *text, const char *line)
{
    if (!strstr(text, line))
        fail_msg("\"%s\" not in:\n%s", line, text);
}

static void lines_fit(const char *text)
{
    size_t col = 0;
    for (const char *p = text; *p; p++) {
        col = *p == '\n' ? 0 : col + (((unsigned char)*p & 0xC0) != 0x80);
        if (col > 78)
            fail_msg("a line longer than 78 characters:\n%s", text);
    }
}

static void test_18ga_hexes(void **state)
{
    (void)state;
    eng_title *t = tf_load_title("18GA");
    char *text = rep_hexes_text(t);
    expect_line(text, "\nE1   Montgomery               1 city 30/40\n");
    expect_line(text, "\nJ4   Tallahassee              1 city 20/50\n");
    expect_line(text, "\nA3   Chattanooga              off-board 30/30/60\n");
    expect_line(text, "\nD10  Augusta                  1 city 0\n"); /* (one value: as before) */
    lines_fit(text);
    free(text);
    eng_title_free(t);
}

static void test_18kaas_ruhr(void **state)
{
    (void)state;
    char *err = NULL;
    eng_title *t = eng_title_load("18Kaas", tf_read_games_file, NULL, &err); /* (extends 1830) */
    if (!t)
        fail_msg("18Kaas: %s", err);
    char *text = rep_hexes_text(t);
    expect_line(text, "\nJ17  Ruhrgebied               off-board: doubles a run's other cities\n");
    expect_line(text, "\nL9   Brussel                  off-board 30/30/60\n");
    lines_fit(text);
    free(text);
    eng_title_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_18ga_hexes),
        cmocka_unit_test(test_18kaas_ruhr),
    };
    return cmocka_run_group_tests_name("titletext", tests, NULL, NULL);
}
