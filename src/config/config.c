/* config: the daemon's configuration, one JSON file validated against a fixed schema. */
#include "config/config.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <cJSON.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#ifndef PBEMGM_TEMPLATES_DIR
#define PBEMGM_TEMPLATES_DIR "templates"
#endif

enum key_type { KEY_SECTION, KEY_STRING, KEY_PATH, KEY_INT, KEY_BOOL, KEY_CHOICE };

struct key {
    const char *name;        /* dotted path, e.g. "imap.port" */
    enum key_type type;
    size_t offset;           /* into cfg */
    int min, max;            /* KEY_INT range */
    const char *choices[4];  /* KEY_CHOICE: index stored as int */
};

#define OFF(field) offsetof(cfg, field)
static const struct key schema[] = {
    {"database", KEY_PATH, OFF(database), 0, 0, {0}},
    {"transport", KEY_CHOICE, OFF(transport), 0, 0, {"maildir", "imap"}},
    {"maildir", KEY_SECTION, 0, 0, 0, {0}},
    {"maildir.inbox", KEY_PATH, OFF(maildir_inbox), 0, 0, {0}},
    {"maildir.outbox", KEY_PATH, OFF(maildir_outbox), 0, 0, {0}},
    {"imap", KEY_SECTION, 0, 0, 0, {0}},
    {"imap.host", KEY_STRING, OFF(imap.host), 0, 0, {0}},
    {"imap.port", KEY_INT, OFF(imap.port), 1, 65535, {0}},
    {"imap.tls", KEY_CHOICE, OFF(imap.tls), 0, 0, {"none", "starttls", "implicit"}},
    {"imap.user", KEY_STRING, OFF(imap.user), 0, 0, {0}},
    {"imap.password", KEY_STRING, OFF(imap.password), 0, 0, {0}},
    {"imap.folder", KEY_STRING, OFF(imap.folder), 0, 0, {0}},
    {"imap.idle", KEY_BOOL, OFF(imap.idle), 0, 0, {0}},
    {"imap.timeout", KEY_INT, OFF(imap.timeout), 1, 3600, {0}},
    {"smtp", KEY_SECTION, 0, 0, 0, {0}},
    {"smtp.url", KEY_STRING, OFF(smtp.url), 0, 0, {0}},
    {"smtp.user", KEY_STRING, OFF(smtp.user), 0, 0, {0}},
    {"smtp.password", KEY_STRING, OFF(smtp.password), 0, 0, {0}},
    {"smtp.starttls", KEY_BOOL, OFF(smtp.starttls), 0, 0, {0}},
    {"smtp.timeout", KEY_INT, OFF(smtp.timeout), 1, 3600, {0}},
    {"daemon", KEY_SECTION, 0, 0, 0, {0}},
    {"daemon.address", KEY_STRING, OFF(daemon_address), 0, 0, {0}},
    {"daemon.name", KEY_STRING, OFF(daemon_name), 0, 0, {0}},
    {"gm", KEY_SECTION, 0, 0, 0, {0}},
    {"gm.address", KEY_STRING, OFF(gm_address), 0, 0, {0}},
    {"gm.name", KEY_STRING, OFF(gm_name), 0, 0, {0}},
    {"poll_interval", KEY_INT, OFF(poll_interval), 1, 86400, {0}},
    {"max_message_bytes", KEY_INT, OFF(max_message_bytes), 1024, 1 << 30, {0}},
    {"log", KEY_SECTION, 0, 0, 0, {0}},
    {"log.level", KEY_CHOICE, OFF(log_level), 0, 0, {"error", "warn", "info", "debug"}},
    {"log.syslog", KEY_BOOL, OFF(log_syslog), 0, 0, {0}},
    {"templates", KEY_PATH, OFF(templates), 0, 0, {0}},
    {"retry", KEY_SECTION, 0, 0, 0, {0}},
    {"retry.base_seconds", KEY_INT, OFF(retry_base), 1, 86400, {0}},
    {"retry.max_seconds", KEY_INT, OFF(retry_max), 1, 7 * 86400, {0}},
    {"retry.max_attempts", KEY_INT, OFF(max_attempts), 1, 1000, {0}},
    {"retry.max_processing_attempts", KEY_INT, OFF(max_processing_attempts), 1, 100, {0}},
    {"limits", KEY_SECTION, 0, 0, 0, {0}},
    {"limits.replies_per_hour", KEY_INT, OFF(limits.replies_per_hour), 1, 100000, {0}},
    {"limits.game_replies_per_hour", KEY_INT, OFF(limits.game_replies_per_hour), 1, 1000000, {0}},
    {"limits.password_failures", KEY_INT, OFF(limits.password_failures), 1, 1000, {0}},
    {"limits.sender_password_failures", KEY_INT, OFF(limits.sender_password_failures), 1, 1000,
     {0}},
    {"limits.error_lines", KEY_INT, OFF(limits.error_lines), 1, 100000, {0}},
    {"limits.lines", KEY_INT, OFF(limits.lines), 10, 10000000, {0}},
    {"limits.mime_parts", KEY_INT, OFF(limits.mime_parts), 2, 100000, {0}},
    {"retention", KEY_SECTION, 0, 0, 0, {0}},
    {"retention.sent_mail_days", KEY_INT, OFF(retention.sent_mail_days), 0, 36500, {0}},
    {"retention.inbound_days", KEY_INT, OFF(retention.inbound_days), 0, 36500, {0}},
};
#define NKEYS (sizeof schema / sizeof schema[0])

static char **str_field(cfg *c, const struct key *k) { return (char **)((char *)c + k->offset); }
static int *int_field(cfg *c, const struct key *k) { return (int *)((char *)c + k->offset); }
static bool *bool_field(cfg *c, const struct key *k) { return (bool *)((char *)c + k->offset); }

static void set_str(cfg *c, const struct key *k, const char *value)
{
    char **f = str_field(c, k);
    free(*f);
    *f = xstrdup(value);
}

void cfg_defaults(cfg *c)
{
    memset(c, 0, sizeof *c);
    c->database = xstrdup("pbemgm.db");
    c->transport = CFG_TRANSPORT_MAILDIR;
    c->maildir_inbox = xstrdup("maildir/in");
    c->maildir_outbox = xstrdup("maildir/out");
    c->imap.host = xstrdup("127.0.0.1");
    c->imap.port = 143;
    c->imap.tls = CFG_TLS_NONE;
    c->imap.user = xstrdup("");
    c->imap.password = xstrdup("");
    c->imap.folder = xstrdup("INBOX");
    c->imap.idle = true;
    c->imap.timeout = 60;
    c->smtp.url = xstrdup("smtp://127.0.0.1:25");
    c->smtp.user = xstrdup("");
    c->smtp.password = xstrdup("");
    c->smtp.starttls = false;
    c->smtp.timeout = 60;
    c->daemon_address = xstrdup("pbemgm@localhost");
    c->daemon_name = xstrdup("pbemgm");
    c->gm_address = xstrdup("gm@localhost");
    c->gm_name = xstrdup("pbemgm");
    c->poll_interval = 60;
    c->max_message_bytes = 1024 * 1024;
    c->log_level = LOG_LVL_INFO;
    c->log_syslog = false;
    c->templates = xstrdup(PBEMGM_TEMPLATES_DIR);
    c->retry_base = 60;
    c->retry_max = 3600;
    c->max_attempts = 30;
    c->max_processing_attempts = 3;
    c->limits = (struct cfg_limits){.replies_per_hour = 30, .game_replies_per_hour = 300,
                                    .password_failures = 5, .sender_password_failures = 10,
                                    .error_lines = 40, .lines = 5000, .mime_parts = 64};
    c->retention = (struct cfg_retention){.sent_mail_days = 7, .inbound_days = 90};
}

void cfg_free(cfg *c)
{
    for (size_t i = 0; i < NKEYS; i++)
        if (schema[i].type == KEY_STRING || schema[i].type == KEY_PATH) {
            free(*str_field(c, &schema[i]));
            *str_field(c, &schema[i]) = NULL;
        }
}

static const struct key *find_key(const char *name)
{
    for (size_t i = 0; i < NKEYS; i++)
        if (strcmp(schema[i].name, name) == 0)
            return &schema[i];
    return NULL;
}

static char *resolve_path(const char *value, const char *base_dir)
{
    if (value[0] == '/' || !base_dir || !*base_dir)
        return xstrdup(value);
    return str_format("%s/%s", base_dir, value);
}

static int set_choice(cfg *c, const struct key *k, const cJSON *item, buf *err)
{
    for (int i = 0; i < 4 && k->choices[i]; i++)
        if (str_ieq(item->valuestring, k->choices[i])) {
            *int_field(c, k) = i;
            return 0;
        }
    buf_printf(err, "'%s' must be one of", k->name);
    for (int i = 0; i < 4 && k->choices[i]; i++)
        buf_printf(err, "%s \"%s\"", i ? "," : "", k->choices[i]);
    buf_printf(err, " (got \"%s\")", item->valuestring);
    return -1;
}

static int set_value(cfg *c, const struct key *k, const cJSON *item, const char *base_dir,
                     buf *err)
{
    switch (k->type) {
    case KEY_SECTION:
        break; /* handled by the caller */
    case KEY_STRING:
    case KEY_PATH:
        if (!cJSON_IsString(item)) {
            buf_printf(err, "'%s' must be a string", k->name);
            return -1;
        }
        if (k->type == KEY_PATH) {
            char *p = resolve_path(item->valuestring, base_dir);
            free(*str_field(c, k));
            *str_field(c, k) = p;
        } else {
            set_str(c, k, item->valuestring);
        }
        return 0;
    case KEY_INT:
        /* (the range first: a number beyond any integer is not converted to one) */
        if (cJSON_IsNumber(item) && (item->valuedouble < k->min || item->valuedouble > k->max)) {
            buf_printf(err, "'%s' must be between %d and %d (got %.0f)", k->name, k->min, k->max,
                       item->valuedouble);
            return -1;
        }
        if (!cJSON_IsNumber(item) || item->valuedouble != (double)(int)item->valuedouble) {
            buf_printf(err, "'%s' must be a whole number", k->name);
            return -1;
        }
        *int_field(c, k) = (int)item->valuedouble;
        return 0;
    case KEY_BOOL:
        if (!cJSON_IsBool(item)) {
            buf_printf(err, "'%s' must be true or false", k->name);
            return -1;
        }
        *bool_field(c, k) = cJSON_IsTrue(item);
        return 0;
    case KEY_CHOICE:
        if (!cJSON_IsString(item)) {
            buf_printf(err, "'%s' must be a string", k->name);
            return -1;
        }
        return set_choice(c, k, item, err);
    }
    return 0;
}

static int load_object(cfg *c, const cJSON *obj, const char *prefix, const char *base_dir,
                       buf *err)
{
    const cJSON *item;
    cJSON_ArrayForEach(item, obj)
    {
        buf name;
        buf_init(&name);
        buf_printf(&name, "%s%s%s", prefix, *prefix ? "." : "", item->string);
        const struct key *k = find_key(name.data);
        int rc = 0;
        if (!k) {
            buf_printf(err, "unknown key '%s'", name.data);
            rc = -1;
        } else if (k->type == KEY_SECTION) {
            if (!cJSON_IsObject(item)) {
                buf_printf(err, "'%s' must be an object", name.data);
                rc = -1;
            } else {
                rc = load_object(c, item, name.data, base_dir, err);
            }
        } else {
            rc = set_value(c, k, item, base_dir, err);
        }
        buf_free(&name);
        if (rc)
            return rc;
    }
    return 0;
}

static int check_consistency(const cfg *c, buf *err)
{
    if (!strchr(c->gm_address, '@')) {
        buf_printf(err, "'gm.address' must be a mail address (got \"%s\")", c->gm_address);
        return -1;
    }
    if (!strchr(c->daemon_address, '@')) {
        buf_printf(err, "'daemon.address' must be a mail address (got \"%s\")",
                   c->daemon_address);
        return -1;
    }
    if (str_ieq(c->daemon_address, c->gm_address)) {
        buf_printf(err, "'daemon.address' (the address pbemgm sends from and players write to) "
                        "must differ from 'gm.address' (the game master's own), both are \"%s\"",
                   c->gm_address);
        return -1;
    }
    if (c->transport == CFG_TRANSPORT_IMAP && !*c->imap.user) {
        buf_adds(err, "'imap.user' is required when 'transport' is \"imap\"");
        return -1;
    }
    if (strncmp(c->smtp.url, "smtp://", 7) != 0 && strncmp(c->smtp.url, "smtps://", 8) != 0) {
        buf_printf(err, "'smtp.url' must start with smtp:// or smtps:// (got \"%s\")",
                   c->smtp.url);
        return -1;
    }
    if (c->retry_max < c->retry_base) {
        buf_adds(err, "'retry.max_seconds' must not be less than 'retry.base_seconds'");
        return -1;
    }
    return 0;
}

int cfg_load_text(cfg *c, const char *text, const char *base_dir, char **err)
{
    buf e;
    buf_init(&e);
    cfg_defaults(c);
    cJSON *root = cJSON_Parse(text);
    int rc = 0;
    if (!root) {
        const char *where = cJSON_GetErrorPtr();
        int line = 1;
        for (const char *p = text; where && p < where; p++)
            line += (*p == '\n');
        buf_printf(&e, "not valid JSON (near line %d)", line);
        rc = -1;
    } else if (!cJSON_IsObject(root)) {
        buf_adds(&e, "the configuration must be a JSON object");
        rc = -1;
    } else {
        rc = load_object(c, root, "", base_dir, &e);
        if (rc == 0)
            rc = check_consistency(c, &e);
    }
    cJSON_Delete(root);
    if (rc) {
        cfg_free(c);
        cfg_defaults(c);
        *err = buf_steal(&e);
    }
    buf_free(&e);
    return rc;
}

int cfg_load(cfg *c, const char *path, char **err)
{
    char *text = util_read_file(path, NULL);
    if (!text) {
        cfg_defaults(c);
        *err = str_format("%s: cannot read the configuration file", path);
        return -1;
    }
    char *dir = xstrdup(path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        dir[0] = '\0';
    char *inner = NULL;
    int rc = cfg_load_text(c, text, dir, &inner);
    if (rc) {
        *err = str_format("%s: %s", path, inner);
        free(inner);
    }
    free(dir);
    free(text);
    return rc;
}

const char *cfg_default_path(void)
{
    const char *env = getenv("PBEMGM_CONFIG");
    if (env && *env)
        return env;
    return access("pbemgm.json", R_OK) == 0 ? "pbemgm.json" : NULL;
}
