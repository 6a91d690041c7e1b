/* Tests for src/mail/transport: mail_io_abort cuts off the sources' exchanges through their
 * kinds' cut_off (the source interface's own operation: transport.c names no backend). A
 * binary of its own: mail_io_abort stops every exchange of the process for good. */
#include "../helpers.h"
#include "mail/transport.h"

static int cut_offs_called;

static void count_cut_off(void)
{
    cut_offs_called++;
}

static int no_pending(void *impl, char ***keys, size_t *n, char **err)
{
    (void)impl, (void)err;
    *keys = NULL;
    *n = 0;
    return 0;
}

static void close_nothing(void *impl)
{
    (void)impl;
}

/* a kind of source whose exchanges can block, as IMAP's */
static const struct mail_source_ops blocking_ops = {.pending = no_pending,
                                                    .close = close_nothing,
                                                    .cut_off = count_cut_off};

/* Two sources of a kind that has a cut-off and one (Maildir) without: the abort cuts off the
 * kind's exchange once, and every exchange is aborted from then on. */
static void test_abort_cuts_off_through_the_sources_kind(void **state)
{
    (void)state;
    char *dir = th_tempdir(), *err = NULL;
    mail_source *a = mail_source_new(&blocking_ops, NULL);
    mail_source *b = mail_source_new(&blocking_ops, NULL);
    mail_source *md = mail_maildir_source(dir, &err);
    assert_non_null(md);
    assert_false(mail_io_aborted());
    assert_int_equal(cut_offs_called, 0);
    mail_io_abort();
    assert_int_equal(cut_offs_called, 1);
    assert_true(mail_io_aborted());
    mail_source_close(a);
    mail_source_close(b);
    mail_source_close(md);
    th_rmrf(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_abort_cuts_off_through_the_sources_kind),
    };
    return cmocka_run_group_tests_name("transport", tests, NULL, NULL);
}
