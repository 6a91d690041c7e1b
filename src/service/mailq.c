/* mailq: mail from the game master — composed and put in the outbox (the daemon sends it), its
 * text rendered from the templates — and the transport the configuration names. */
#include "mail/compose.h"
#include "report/template.h"
#include "service/service.h"
#include "util/log.h"
#include "util/util.h"

#include <cJSON.h>
#include <stdlib.h>
#include <time.h>

int svc_queue_mail(const cfg *c, store *st, int64_t inbound_id, const svc_mail *m)
{
    char *message_id = mail_new_message_id(c->daemon_address);
    mail_outgoing out = {
        .from_addr = c->daemon_address,
        .from_name = c->daemon_name,
        .to_addr = m->to_addr,
        .to_name = m->to_name,
        .subject = m->subject,
        .in_reply_to = m->in_reply_to,
        .references = m->references,
        .auto_submitted = m->auto_submitted,
        .body = m->body,
    };
    size_t len;
    char *raw = mail_compose(&out, message_id, &len);
    cJSON *rcpts = cJSON_CreateArray();
    cJSON_AddItemToArray(rcpts, cJSON_CreateString(m->to_addr));
    char *rcpts_json = cJSON_PrintUnformatted(rcpts);
    int rc = store_outbox_add(st, inbound_id, message_id, c->daemon_address, rcpts_json, raw, len,
                              NULL);
    cJSON_Delete(rcpts);
    free(rcpts_json);
    free(raw);
    free(message_id);
    return rc == STORE_OK ? 0 : -1;
}

char *svc_render(const cfg *c, const char *name, const cJSON *ctx)
{
    char *err = NULL;
    char *text = tpl_render_file(c->templates, name, ctx, &err);
    if (!text) {
        log_error("template: %s", err);
        free(err);
        /* A broken template must not cost the player an answer. */
        text = xstrdup("Your mail was received, but the game master's reply template is broken.\n"
                       "The game master has been told.\n");
    }
    return text;
}

int svc_open_transport(const cfg *c, mail_source **src, mail_sink **sink, char **err)
{
    *src = NULL;
    *sink = NULL;
    if (c->transport == CFG_TRANSPORT_MAILDIR) {
        *src = mail_maildir_source(c->maildir_inbox, err);
        if (*src)
            *sink = mail_maildir_sink(c->maildir_outbox, err);
    } else {
        mail_imap_settings is = {c->imap.host, c->imap.port,     c->imap.tls,   c->imap.user,
                                 c->imap.password, c->imap.folder, c->imap.idle, c->imap.timeout};
        *src = mail_imap_source(&is);
        mail_smtp_settings ss = {c->smtp.url, c->smtp.user, c->smtp.password, c->smtp.starttls,
                                 c->smtp.timeout};
        *sink = mail_smtp_sink(&ss);
    }
    if (*src && *sink)
        return 0;
    mail_source_close(*src);
    mail_sink_close(*sink);
    *src = NULL;
    *sink = NULL;
    return -1;
}

void svc_format_time(int64_t t, char *out, size_t len)
{
    time_t tt = (time_t)t;
    struct tm tm;
    gmtime_r(&tt, &tm);
    strftime(out, len, "%Y-%m-%d %H:%M UTC", &tm);
}

const char *svc_gm_address(const cfg *c, const store_game *g)
{
    return g && g->gm_address && *g->gm_address ? g->gm_address : c->gm_address;
}
