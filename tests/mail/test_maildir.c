/* Tests for src/mail/maildir: the embedded transport's guarantees. */
#include "../helpers.h"
#include "mail/transport.h"
#include "util/buf.h"

#include <sys/stat.h>

static void drop(const char *dir, const char *name, const char *text)
{
    char *sub = th_path(dir, "new");
    char *p = th_path(sub, name);
    th_write(p, text);
    free(p);
    free(sub);
}

static bool exists(const char *dir, const char *rel)
{
    char *p = th_path(dir, rel);
    struct stat st;
    bool ok = stat(p, &st) == 0;
    free(p);
    return ok;
}

static void test_source_lists_fetches_and_acks(void **state)
{
    (void)state;
    char *dir = th_tempdir();
    char *err = NULL;
    mail_source *src = mail_maildir_source(dir, &err);
    assert_non_null(src);
    drop(dir, "200.M2.host", "Subject: second\n\nb\n");
    drop(dir, "100.M1.host:2,", "Subject: first\n\na\n");
    drop(dir, ".hidden", "x");
    char **keys;
    size_t n;
    assert_int_equal(mail_source_pending(src, &keys, &n, &err), 0);
    assert_int_equal(n, 2);
    assert_string_equal(keys[0], "100.M1.host:2,"); /* delivery order */
    mail_item item;
    assert_int_equal(mail_source_fetch(src, keys[0], 1 << 20, &item, &err), 0);
    assert_string_equal(item.source, "maildir:100.M1.host");
    assert_string_equal(item.raw, "Subject: first\n\na\n");
    assert_false(item.truncated);
    mail_item_clear(&item);
    /* fetching changes nothing; acking moves to cur/ with the Seen flag */
    assert_true(exists(dir, "new/100.M1.host:2,"));
    assert_int_equal(mail_source_ack(src, keys[1], &err), 0);
    assert_true(exists(dir, "cur/200.M2.host:2,S"));
    assert_false(exists(dir, "new/200.M2.host"));
    /* acking twice (a restart after the move) is fine */
    assert_int_equal(mail_source_ack(src, keys[1], &err), 0);
    mail_keys_free(keys, n);
    mail_source_close(src);
    th_rmrf(dir);
}

static void test_large_mail_comes_as_header_only(void **state)
{
    (void)state;
    char *dir = th_tempdir();
    char *err = NULL;
    mail_source *src = mail_maildir_source(dir, &err);
    char *big = malloc(5000);
    strcpy(big, "Subject: big\r\nFrom: a@b\r\n\r\n");
    size_t head = strlen(big);
    memset(big + head, 'x', 4000);
    big[head + 4000] = '\0';
    drop(dir, "1.big", big);
    mail_item item;
    assert_int_equal(mail_source_fetch(src, "1.big", 1024, &item, &err), 0);
    assert_true(item.truncated);
    assert_int_equal(item.size, strlen(big));
    assert_string_equal(item.raw, "Subject: big\r\nFrom: a@b\r\n\r\n");
    mail_item_clear(&item);
    free(big);
    mail_source_close(src);
    th_rmrf(dir);
}

/* A batch: the mails in the keys' order with their sizes, the one over the limit as its header
 * only; nothing acknowledged until the batch is (a crash before that: all of them again). */
static void test_batch_fetches_in_order_and_acks_after(void **state)
{
    (void)state;
    char *dir = th_tempdir();
    char *err = NULL;
    mail_source *src = mail_maildir_source(dir, &err);
    char big[3000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    char *text = str_format("Subject: big\n\n%s\n", big);
    drop(dir, "100.M1.host", "Subject: one\n\na\n");
    drop(dir, "200.M2.host", text);
    drop(dir, "300.M3.host", "Subject: three\n\nccc\n");
    char **keys;
    size_t n;
    assert_int_equal(mail_source_pending(src, &keys, &n, &err), 0);
    assert_int_equal(n, 3);
    mail_batch *b = calloc(1, sizeof *b);
    assert_int_equal(mail_source_fetch_batch(src, keys, n, 1024, b, &err), 0);
    assert_int_equal(b->n, 3);
    assert_string_equal(b->item[0].source, "maildir:100.M1.host");
    assert_int_equal(b->item[0].size, 16);
    assert_false(b->item[0].truncated);
    assert_string_equal(b->item[1].key, "200.M2.host");
    assert_int_equal(b->item[1].size, strlen(text));
    assert_true(b->item[1].truncated);
    assert_string_equal(b->item[1].raw, "Subject: big\n\n");
    assert_string_equal(b->item[2].raw, "Subject: three\n\nccc\n");
    mail_batch_clear(b);
    /* "a crash" before the ack: the next run finds every one of them waiting */
    mail_source_close(src);
    src = mail_maildir_source(dir, &err);
    char **again;
    size_t m;
    assert_int_equal(mail_source_pending(src, &again, &m, &err), 0);
    assert_int_equal(m, 3);
    mail_keys_free(again, m);
    assert_int_equal(mail_source_ack_batch(src, keys, n, &err), 0);
    assert_int_equal(mail_source_pending(src, &again, &m, &err), 0);
    assert_int_equal(m, 0);
    mail_keys_free(again, m);
    assert_true(exists(dir, "cur/300.M3.host:2,S"));
    mail_keys_free(keys, n);
    free(b);
    free(text);
    mail_source_close(src);
    th_rmrf(dir);
}

/* A batch stops at MAIL_BATCH_MAILS mails, and before a mail that would take it over
 * MAIL_BATCH_BYTES (a mail over the limit counting as the limit); the first always comes. */
static void test_batch_is_bounded(void **state)
{
    (void)state;
    char *dir = th_tempdir();
    char *err = NULL;
    mail_source *src = mail_maildir_source(dir, &err);
    for (int i = 0; i < MAIL_BATCH_MAILS + 20; i++) {
        char name[32];
        snprintf(name, sizeof name, "%d.M.host", 1000 + i);
        drop(dir, name, "Subject: s\n\nx\n");
    }
    char **keys;
    size_t n;
    assert_int_equal(mail_source_pending(src, &keys, &n, &err), 0);
    mail_batch *b = calloc(1, sizeof *b);
    assert_int_equal(mail_source_fetch_batch(src, keys, n, 1024, b, &err), 0);
    assert_int_equal(b->n, MAIL_BATCH_MAILS);
    mail_batch_clear(b);
    assert_int_equal(mail_source_fetch_batch(src, keys + MAIL_BATCH_MAILS, n - MAIL_BATCH_MAILS,
                                             1024, b, &err), 0);
    assert_int_equal(b->n, 20);
    mail_batch_clear(b);
    mail_keys_free(keys, n);
    /* bytes: three mails of 0.4 budgets each: two in a batch; the limit caps a mail's share */
    size_t third = MAIL_BATCH_BYTES * 2 / 5;
    size_t counted = 0;
    assert_true(mail_batch_take(0, &counted, third, SIZE_MAX));
    assert_true(mail_batch_take(1, &counted, third, SIZE_MAX));
    assert_false(mail_batch_take(2, &counted, third, SIZE_MAX));
    assert_true(mail_batch_take(2, &counted, third, 1024));
    counted = MAIL_BATCH_BYTES;
    assert_true(mail_batch_take(0, &counted, third, SIZE_MAX)); /* the first always fits */
    free(b);
    mail_source_close(src);
    th_rmrf(dir);
}

static void test_sink_writes_once_per_message_id(void **state)
{
    (void)state;
    char *dir = th_tempdir();
    char *err = NULL;
    mail_sink *sink = mail_maildir_sink(dir, &err);
    assert_non_null(sink);
    const char *rcpt[] = {"a@b"};
    const char *raw = "Subject: x\r\n\r\nhello\r\n";
    for (int i = 0; i < 3; i++)
        assert_int_equal(mail_sink_send(sink, "gm@b", rcpt, 1, "id/1@b", raw, strlen(raw), &err),
                         MAIL_SENT);
    assert_true(exists(dir, "new/id_1_b"));
    char *newdir = th_path(dir, "new");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "test $(ls '%s' | wc -l) -eq 1", newdir);
    assert_int_equal(system(cmd), 0);
    free(newdir);
    mail_sink_close(sink);
    th_rmrf(dir);
}

static void test_unusable_directory_is_an_error(void **state)
{
    (void)state;
    char *err = NULL;
    assert_null(mail_maildir_source("/proc/pbemgm-cannot-be-here", &err));
    assert_non_null(err);
    free(err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_source_lists_fetches_and_acks),
        cmocka_unit_test(test_large_mail_comes_as_header_only),
        cmocka_unit_test(test_batch_fetches_in_order_and_acks_after),
        cmocka_unit_test(test_batch_is_bounded),
        cmocka_unit_test(test_sink_writes_once_per_message_id),
        cmocka_unit_test(test_unusable_directory_is_an_error),
    };
    return cmocka_run_group_tests_name("maildir", tests, NULL, NULL);
}
