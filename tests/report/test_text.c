/* Tests for src/report/text: wrapping text mails to the width a text reader shows. */
#include "../helpers.h"
#include "report/text.h"

static void expect_wrap(const char *text, int width, const char *want)
{
    char *out = rpt_wrap(text, width);
    assert_string_equal(out, want);
    free(out);
}

/* Prose goes on at the margin (the acknowledgement's "the turn will be resolved at ... UTC,"
 * left "    UTC," alone on a line, indented as if it were an item of a list); an indented item
 * goes on four further in; a short line, a long word and a last line without its end stay. */
static void test_wrap(void **state)
{
    (void)state;
    expect_wrap("Every player's orders are in: the turn will be resolved at 2026-11-25 10:53 UTC,\n",
                78,
                "Every player's orders are in: the turn will be resolved at 2026-11-25 10:53\n"
                "UTC,\n");
    expect_wrap("  BY lays tile 9 on N14 and places a station on N12 for 40\n", 30,
                "  BY lays tile 9 on N14 and\n"
                "      places a station on N12\n"
                "      for 40\n");
    expect_wrap("short\n\nlines", 30, "short\n\nlines");
    expect_wrap("a Donaudampfschifffahrtsgesellschaftskapitän here\n", 20,
                "a\nDonaudampfschifffahrtsgesellschaftskapitän\nhere\n");
    expect_wrap("Preußische Eisenbahn fährt\n", 26, "Preußische Eisenbahn fährt\n"); /* 26 wide */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrap),
    };
    return cmocka_run_group_tests_name("text", tests, NULL, NULL);
}
