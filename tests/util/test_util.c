/* Tests for src/util: the buffer, string helpers, random tokens and password hashes. */
#include "../helpers.h"
#include "util/buf.h"
#include "util/password.h"
#include "util/util.h"

static void test_buf_grows_and_formats(void **state)
{
    (void)state;
    buf b;
    buf_init(&b);
    for (int i = 0; i < 1000; i++)
        buf_printf(&b, "%d,", i);
    assert_int_equal(b.len, strlen(b.data));
    assert_true(strncmp(b.data, "0,1,2,", 6) == 0);
    assert_non_null(strstr(b.data, "999,"));
    char *s = buf_steal(&b);
    assert_int_equal(b.len, 0);
    assert_null(b.data); /* the caller owns the text now */
    assert_non_null(strstr(s, "999,"));
    free(s);
    buf_free(&b); /* harmless after a steal */
}

static void test_str_helpers(void **state)
{
    (void)state;
    char s[] = "  \tHello World \n";
    assert_string_equal(str_trim(s), "Hello World");
    assert_true(str_ieq("GAME", "game"));
    assert_false(str_ieq("GAME", "games"));
    assert_true(str_istarts("Re: x", "re:"));
    assert_true(str_is_blank(" \t\n"));
    assert_false(str_is_blank(" x "));
    char up[] = "MiXeD";
    assert_string_equal(str_lower(up), "mixed");
}

/* "Did you mean": edits, swaps of neighbours, case ignored; near means one edit for short words,
 * two from six letters on, and not equal. */
static void test_edit_distance(void **state)
{
    (void)state;
    assert_int_equal(str_edit_distance("BUY", "buy"), 0);
    assert_int_equal(str_edit_distance("BYU", "BUY"), 1);   /* a swap */
    assert_int_equal(str_edit_distance("SEL", "SELL"), 1);
    assert_int_equal(str_edit_distance("STATON", "STATION"), 1);
    assert_int_equal(str_edit_distance("kitten", "sitting"), 3);
    assert_int_equal(str_edit_distance("", "abc"), 3);
    assert_true(str_is_near("SXX", "SX"));
    assert_false(str_is_near("SX", "SX"));
    assert_false(str_is_near("BY", "BA") && str_is_near("X", "Y")); /* one letter is no word */
    assert_true(str_is_near("Nurnburg", "Nurnberg"));
    assert_false(str_is_near("LAY", "PASS"));
}

static void test_random_token_alphabet(void **state)
{
    (void)state;
    char *a = util_random_token(32), *b = util_random_token(32);
    assert_int_equal(strlen(a), 32);
    assert_string_not_equal(a, b);
    assert_null(strpbrk(a, "0O1lI"));
    free(a);
    free(b);
}

static void test_password_hash_and_verify(void **state)
{
    (void)state;
    char *h = pw_hash("correct horse");
    assert_non_null(h);
    assert_true(strncmp(h, "$y$", 3) == 0); /* yescrypt */
    assert_true(pw_verify("correct horse", h));
    assert_false(pw_verify("correct horsE", h));
    assert_false(pw_verify("", h));
    assert_false(pw_verify("correct horse", ""));
    char *h2 = pw_hash("correct horse");
    assert_string_not_equal(h, h2); /* salted */
    free(h);
    free(h2);
}

static void test_clock_can_be_pinned(void **state)
{
    (void)state;
    util_set_clock(1000);
    assert_int_equal(util_now(), 1000);
    util_set_clock(0);
    assert_true(util_now() > 1700000000);
}

/* Issue 15: the cache of verified passwords answers as yescrypt does — a wrong password against a
 * remembered hash is refused, a changed password (a new stored hash) is checked afresh and the
 * old one no longer opens it — and remembers only verified pairs, never the password itself. */
static void test_verified_passwords_are_remembered(void **state)
{
    (void)state;
    pw_cache_clear();
    char *old = pw_hash("tulip-7"), *changed = pw_hash("maple-3");
    assert_false(pw_verify_cached("tulip-8", old));
    assert_int_equal(pw_cache_count(), 0);
    assert_true(pw_verify_cached("tulip-7", old));
    assert_int_equal(pw_cache_count(), 1);
    assert_true(pw_verify_cached("tulip-7", old)); /* from the cache */
    assert_false(pw_verify_cached("tulip-8", old));
    assert_false(pw_verify_cached("", old));
    assert_false(pw_verify_cached("tulip-7", changed));
    assert_true(pw_verify_cached("maple-3", changed));
    assert_int_equal(pw_cache_count(), 2);
    assert_false(pw_verify_cached("maple-3", old));
    assert_true(pw_cache_holds_no("tulip-7") && pw_cache_holds_no("maple-3"));
    pw_cache_clear();
    assert_int_equal(pw_cache_count(), 0);
    free(old);
    free(changed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_buf_grows_and_formats),
        cmocka_unit_test(test_str_helpers),
        cmocka_unit_test(test_edit_distance),
        cmocka_unit_test(test_random_token_alphabet),
        cmocka_unit_test(test_password_hash_and_verify),
        cmocka_unit_test(test_verified_passwords_are_remembered),
        cmocka_unit_test(test_clock_can_be_pinned),
    };
    return cmocka_run_group_tests_name("util", tests, NULL, NULL);
}
