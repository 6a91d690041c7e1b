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

/* Issue 27, defect 14: a players' table line of 113 characters in a late 1830 report. A last
 * column too wide for the line wraps within its column, each further part under it; every
 * line fits in 78, and every word is kept, in order. */
static void test_a_wide_last_column_wraps_under_itself(void **state)
{
    (void)state;
    cJSON *rows = cJSON_CreateArray();
    const char *head[] = {"Player", "Cash", "Holdings"};
    const char *one[] = {"Alexandra", "1234",
                         "PRR 60% (director), NYC 20%, B&O 10%, C&O 30% (director), ERIE 10%, "
                         "B&M 20%, CPR 10%, NYNH 10%, SVNRR, D&H"};
    cJSON_AddItemToArray(rows, cJSON_CreateStringArray(head, 3));
    cJSON_AddItemToArray(rows, cJSON_CreateStringArray(one, 3));
    char *t = rpt_text_table(rows, 4);
    cJSON_Delete(rows);
    const char *line = t;
    int lines = 0;
    while (*line) {
        const char *end = strchr(line, '\n');
        int n = (int)(end ? end - line : (long)strlen(line));
        char *l = strndup(line, (size_t)n);
        if (rpt_text_width(l) > 78)
            fail_msg("a line of %d: \"%s\"\n%s", rpt_text_width(l), l, t);
        free(l);
        lines++;
        line = end ? end + 1 : line + n;
    }
    assert_true(lines >= 4); /* the header, its rule, and the holdings on two lines or more */
    assert_non_null(strstr(t, "    Alexandra  1234  PRR 60% (director), NYC 20%,"));
    assert_non_null(strstr(t, "\n                     "));  /* the rest under the column */
    assert_non_null(strstr(t, "SVNRR, D&H\n"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrap),
        cmocka_unit_test(test_a_wide_last_column_wraps_under_itself),
    };
    return cmocka_run_group_tests_name("text", tests, NULL, NULL);
}
