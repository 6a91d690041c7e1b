/* Tests for src/config: defaults, a full file, and every kind of bad input naming its key. */
#include "../helpers.h"
#include "config/config.h"
#include "util/log.h"

static void expect_error(const char *json, const char *fragment)
{
    cfg c;
    char *err = NULL;
    assert_int_equal(cfg_load_text(&c, json, NULL, &err), -1);
    assert_non_null(err);
    if (!strstr(err, fragment))
        fail_msg("error \"%s\" does not mention \"%s\"", err, fragment);
    /* on error the defaults are in place */
    assert_int_equal(c.transport, CFG_TRANSPORT_MAILDIR);
    free(err);
    cfg_free(&c);
}

static void test_defaults_are_maildir_and_sqlite(void **state)
{
    (void)state;
    cfg c;
    cfg_defaults(&c);
    assert_int_equal(c.transport, CFG_TRANSPORT_MAILDIR);
    assert_string_equal(c.database, "pbemgm.db");
    assert_string_equal(c.maildir_inbox, "maildir/in");
    assert_int_equal(c.poll_interval, 60);
    cfg_free(&c);
}

static void test_full_file_loads(void **state)
{
    (void)state;
    const char *json = "{\"database\": \"/var/lib/pbemgm/db\", \"transport\": \"imap\","
                       " \"imap\": {\"host\": \"mail.example.org\", \"port\": 993,"
                       " \"tls\": \"implicit\", \"user\": \"gm\", \"password\": \"x\","
                       " \"folder\": \"Games\", \"idle\": false, \"timeout\": 30},"
                       " \"smtp\": {\"url\": \"smtps://mail.example.org:465\", \"user\": \"gm\","
                       " \"password\": \"y\", \"starttls\": true},"
                       " \"gm\": {\"address\": \"gm@example.org\", \"name\": \"The GM\"},"
                       " \"poll_interval\": 120, \"max_message_bytes\": 65536,"
                       " \"log\": {\"level\": \"debug\", \"syslog\": true},"
                       " \"retry\": {\"base_seconds\": 30, \"max_seconds\": 600}}";
    cfg c;
    char *err = NULL;
    assert_int_equal(cfg_load_text(&c, json, "/etc/pbemgm", &err), 0);
    assert_int_equal(c.transport, CFG_TRANSPORT_IMAP);
    assert_string_equal(c.imap.host, "mail.example.org");
    assert_int_equal(c.imap.port, 993);
    assert_int_equal(c.imap.tls, CFG_TLS_IMPLICIT);
    assert_false(c.imap.idle);
    assert_string_equal(c.imap.folder, "Games");
    assert_true(c.smtp.starttls);
    assert_string_equal(c.gm_name, "The GM");
    assert_int_equal(c.log_level, LOG_LVL_DEBUG);
    assert_true(c.log_syslog);
    assert_int_equal(c.retry_base, 30);
    assert_string_equal(c.database, "/var/lib/pbemgm/db"); /* absolute stays */
    cfg_free(&c);
}

static void test_relative_paths_follow_the_file(void **state)
{
    (void)state;
    cfg c;
    char *err = NULL;
    assert_int_equal(cfg_load_text(&c, "{\"database\": \"db/x.sqlite\", \"maildir\":"
                                       " {\"inbox\": \"in\"}}", "/srv/gm", &err), 0);
    assert_string_equal(c.database, "/srv/gm/db/x.sqlite");
    assert_string_equal(c.maildir_inbox, "/srv/gm/in");
    cfg_free(&c);
}

static void test_bad_inputs_name_the_key(void **state)
{
    (void)state;
    expect_error("{\"databse\": \"x\"}", "unknown key 'databse'");
    expect_error("{\"imap\": {\"prot\": 1}}", "unknown key 'imap.prot'");
    expect_error("{\"imap\": {\"port\": \"143\"}}", "'imap.port' must be a whole number");
    expect_error("{\"imap\": {\"port\": 70000}}", "'imap.port' must be between 1 and 65535");
    expect_error("{\"imap\": {\"port\": 1.5}}", "'imap.port' must be a whole number");
    /* issue 16 (found by fuzz_config): a number beyond any integer is refused, not converted */
    expect_error("{\"limits\": {\"lines\": 17777777777777777377}}",
                 "'limits.lines' must be between 10 and 10000000");
    expect_error("{\"imap\": {\"idle\": \"yes\"}}", "'imap.idle' must be true or false");
    expect_error("{\"imap\": 5}", "'imap' must be an object");
    expect_error("{\"transport\": \"pop3\"}", "'transport' must be one of \"maildir\", \"imap\"");
    expect_error("{\"log\": {\"level\": \"loud\"}}", "'log.level' must be one of");
    expect_error("{\"database\": 5}", "'database' must be a string");
    expect_error("{\"gm\": {\"address\": \"nobody\"}}", "'gm.address' must be a mail address");
    expect_error("{\"transport\": \"imap\"}", "'imap.user' is required");
    expect_error("{\"smtp\": {\"url\": \"http://x\"}}", "'smtp.url' must start with smtp://");
    expect_error("{\"retry\": {\"base_seconds\": 100, \"max_seconds\": 50}}",
                 "'retry.max_seconds' must not be less");
    expect_error("{\n\"database\": \"x\",\n}", "not valid JSON (near line 3)");
    expect_error("[1, 2]", "must be a JSON object");
}

/* issue 28: how long whole mails are kept; 0 keeps none, a negative or absurd value is refused */
static void test_retention_settings(void **state)
{
    (void)state;
    cfg c;
    cfg_defaults(&c);
    assert_int_equal(c.retention.sent_mail_days, 7);
    assert_int_equal(c.retention.inbound_days, 90);
    cfg_free(&c);
    char *err = NULL;
    assert_int_equal(cfg_load_text(&c, "{\"retention\": {\"sent_mail_days\": 0,"
                                       " \"inbound_days\": 30}}", NULL, &err), 0);
    assert_int_equal(c.retention.sent_mail_days, 0);
    assert_int_equal(c.retention.inbound_days, 30);
    cfg_free(&c);
    expect_error("{\"retention\": {\"sent_mail_days\": -1}}",
                 "'retention.sent_mail_days' must be between 0 and 36500");
    expect_error("{\"retention\": {\"inbound_days\": 40000}}",
                 "'retention.inbound_days' must be between 0 and 36500");
    expect_error("{\"retention\": {\"days\": 3}}", "unknown key 'retention.days'");
}

static void test_missing_file_is_an_error(void **state)
{
    (void)state;
    cfg c;
    char *err = NULL;
    assert_int_equal(cfg_load(&c, "/nonexistent/pbemgm.json", &err), -1);
    assert_non_null(strstr(err, "/nonexistent/pbemgm.json"));
    free(err);
    cfg_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_are_maildir_and_sqlite),
        cmocka_unit_test(test_full_file_loads),
        cmocka_unit_test(test_relative_paths_follow_the_file),
        cmocka_unit_test(test_bad_inputs_name_the_key),
        cmocka_unit_test(test_retention_settings),
        cmocka_unit_test(test_missing_file_is_an_error),
    };
    return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}
