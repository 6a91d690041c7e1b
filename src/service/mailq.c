/* mailq: mail from the game master — composed and put in the outbox (the daemon sends it), its
 * text rendered from the templates — and the transport the configuration names. */
#include "mail/compose.h"
#include "report/template.h"
#include "report/text.h"
#include "service/service.h"
#include "util/log.h"
#include "util/buf.h"
#include "util/util.h"

#include <cJSON.h>
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

char *svc_reply_references(const char *references, const char *message_id)
{
    buf b;
    buf_init(&b);
    if (references && *references)
        buf_adds(&b, references);
    if (message_id && *message_id) {
        char *own = str_format("<%s>", message_id);
        if (!strstr(b.data ? b.data : "", own))
            buf_printf(&b, "%s%s", b.len ? " " : "", own);
        free(own);
    }
    return b.len ? buf_steal(&b) : (buf_free(&b), NULL);
}

/* Threading: a game's mail to a player answers that player's first mail of the game (unless it
 * answers one of his) and references it first; the first mail to him begins his thread. Mail
 * to anyone else of the game (its GM) threads likewise under the game's first such mail. No
 * one's thread begins with a mail he never received. */
struct threading {
    char *in_reply_to, *references;
};

/* The Message-ID the recipient's thread of the game begins with (*root NULL: this mail begins
 * it, and is recorded so). */
static int thread_root(store *st, int64_t game_id, const mail_outgoing *m,
                       const char *message_id, char **root)
{
    int64_t player = 0;
    int rc = store_player_thread(st, game_id, m->to_addr, &player, root);
    if (rc == STORE_OK && !*root)
        return store_player_set_thread(st, player, message_id) == STORE_OK ? 0 : -1;
    if (rc == STORE_OK)
        return 0;
    if (rc != STORE_NOT_FOUND || store_game_thread(st, game_id, root) != STORE_OK)
        return -1;
    if (!*root)
        return store_game_set_thread(st, game_id, message_id) == STORE_OK ? 0 : -1;
    return 0;
}

static int thread_of(store *st, int64_t game_id, const mail_outgoing *m, const char *message_id,
                     struct threading *th)
{
    th->in_reply_to = m->in_reply_to ? xstrdup(m->in_reply_to) : NULL;
    th->references = m->references ? xstrdup(m->references) : NULL;
    if (!game_id)
        return 0;
    char *root = NULL;
    if (thread_root(st, game_id, m, message_id, &root))
        return -1;
    if (!root)
        return 0; /* this mail begins the thread */
    if (!th->in_reply_to)
        th->in_reply_to = xstrdup(root);
    char *first = str_format("<%s>", root);
    if (!th->references || !strstr(th->references, first)) {
        char *refs = str_format("%s%s%s", first, th->references ? " " : "",
                                th->references ? th->references : "");
        free(th->references);
        th->references = refs;
    }
    free(first);
    free(root);
    return 0;
}

/* The mail composed from the daemon's address, threaded, with a fresh Message-ID (*message_id,
 * malloc'd): NULL on a database error. */
static char *compose(const cfg *c, store *st, int64_t game_id, const mail_outgoing *m,
                     char **message_id, size_t *len)
{
    *message_id = mail_new_message_id(c->daemon_address);
    struct threading th = {0};
    char *raw = NULL;
    if (thread_of(st, game_id, m, *message_id, &th) == 0) {
        mail_outgoing out = *m;
        out.from_addr = c->daemon_address;
        out.from_name = c->daemon_name;
        out.in_reply_to = th.in_reply_to;
        out.references = th.references;
        out.date = 0;
        raw = mail_compose(&out, *message_id, len);
    }
    free(th.in_reply_to);
    free(th.references);
    if (!raw) {
        free(*message_id);
        *message_id = NULL;
    }
    return raw;
}

svc_result svc_queue_composed(const cfg *c, store *st, int64_t inbound_id,
                              const char *message_id, const char *to_addr, const char *raw,
                              size_t len)
{
    cJSON *rcpts = cJSON_CreateArray();
    cJSON_AddItemToArray(rcpts, cJSON_CreateString(to_addr));
    char *rcpts_json = cJSON_PrintUnformatted(rcpts);
    int rc = store_outbox_add(st, inbound_id, message_id, c->daemon_address, rcpts_json, raw, len,
                              NULL);
    cJSON_Delete(rcpts);
    free(rcpts_json);
    return rc == STORE_OK ? svc_ok() : svc_store_failed(st);
}

/* A player with no address yet (an imported game's seat, until `player address`): no mail. */
static bool addressed(const mail_outgoing *m)
{
    if (m->to_addr && *m->to_addr)
        return true;
    log_debug("no mail for %s (\"%s\"): no address yet", m->to_name ? m->to_name : "?",
              m->subject ? m->subject : "");
    return false;
}

svc_result svc_queue_mail(const cfg *c, store *st, int64_t inbound_id, int64_t game_id,
                          const mail_outgoing *m)
{
    if (!addressed(m))
        return svc_ok();
    char *message_id;
    size_t len;
    char *raw = compose(c, st, game_id, m, &message_id, &len);
    if (!raw)
        return svc_store_failed(st);
    svc_result r = svc_queue_composed(c, st, inbound_id, message_id, m->to_addr, raw, len);
    free(raw);
    free(message_id);
    return r;
}

svc_result svc_hold_mail(const cfg *c, store *st, int turn, int64_t game_id,
                         const mail_outgoing *m)
{
    if (!addressed(m))
        return svc_ok();
    char *message_id;
    size_t len;
    char *raw = compose(c, st, game_id, m, &message_id, &len);
    if (!raw)
        return svc_store_failed(st);
    store_held h = {turn, m->to_addr, m->to_name, m->subject, m->body, message_id, raw, len};
    int rc = store_held_add(st, game_id, &h);
    free(raw);
    free(message_id);
    return rc == STORE_OK ? svc_ok() : svc_store_failed(st);
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

char *svc_render_text(const cfg *c, const char *name, const cJSON *ctx)
{
    char *text = svc_render(c, name, ctx);
    char *wrapped = rpt_wrap(text, RPT_TEXT_WIDTH);
    free(text);
    return wrapped;
}

char *svc_render_html(const cfg *c, const char *name, const cJSON *ctx)
{
    char *err = NULL;
    char *html = tpl_render_file(c->templates, name, ctx, &err);
    if (!html) { /* the text version still goes */
        log_error("template: %s", err);
        free(err);
    }
    return html;
}

char *svc_content_id(const cfg *c, const char *what)
{
    const char *at = strchr(c->daemon_address, '@');
    char *token = util_random_token(16);
    char *id = str_format("%s.%s%s", what, token, at ? at : "@pbemgm");
    free(token);
    return id;
}

svc_result svc_open_transport(const cfg *c, mail_source **src, mail_sink **sink)
{
    *src = NULL;
    *sink = NULL;
    char *err = NULL;
    if (c->transport == CFG_TRANSPORT_MAILDIR) {
        *src = mail_maildir_source(c->maildir_inbox, &err);
        if (*src)
            *sink = mail_maildir_sink(c->maildir_outbox, &err);
    } else {
        mail_imap_settings is = {c->imap.host, c->imap.port,     c->imap.tls,   c->imap.user,
                                 c->imap.password, c->imap.folder, c->imap.idle, c->imap.timeout};
        *src = mail_imap_source(&is);
        mail_smtp_settings ss = {c->smtp.url, c->smtp.user, c->smtp.password, c->smtp.starttls,
                                 c->smtp.timeout};
        *sink = mail_smtp_sink(&ss);
    }
    if (*src && *sink)
        return svc_ok();
    mail_source_close(*src);
    mail_sink_close(*sink);
    *src = NULL;
    *sink = NULL;
    svc_result r = svc_failed("%s", err ? err : "cannot start");
    free(err);
    return r;
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

svc_result svc_tell_players(const cfg *c, store *st, int64_t inbound_id, const store_game *g,
                            const char *subject, const char *text)
{
    svc_game sg;
    svc_result r = svc_game_load_players(st, g, &sg);
    if (r.kind != SVC_OK)
        return r;
    char *subj = str_format("%s: %s", g->name, subject);
    int rc = 0;
    for (int p = 0; p < sg.nplayers && rc == 0; p++) {
        char *raw = str_format("Game %s, to %s:\n\n%s\n\n-- \n%s\n", g->name,
                               sg.players[p].name, text, c->gm_name);
        char *body = rpt_wrap(raw, RPT_TEXT_WIDTH); /* a text reader's line */
        free(raw);
        mail_outgoing m = {.to_addr = sg.players[p].address, .to_name = sg.players[p].name,
                           .subject = subj, .body = body, .auto_submitted = "auto-generated"};
        rc = svc_queue_mail(c, st, inbound_id, g->id, &m).kind != SVC_OK;
        free(body);
    }
    free(subj);
    svc_game_unload(&sg);
    return rc ? svc_store_failed(st) : svc_ok();
}

void svc_close_transport(mail_source *src, mail_sink *sink)
{
    mail_source_close(src);
    mail_sink_close(sink);
}

svc_result svc_wait_mail(mail_source *src, int seconds)
{
    char *err = NULL;
    if (!mail_source_wait(src, seconds, &err))
        return svc_ok();
    svc_result r = svc_failed("%s", err ? err : "cannot wait for mail");
    free(err);
    return r;
}

void svc_abort_mail(void)
{
    mail_io_abort();
}

void svc_transport_setup(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

void svc_transport_cleanup(void)
{
    curl_global_cleanup();
}
