/* inbox: taking mail in. Ingest stores each fetched mail exactly once (deduplicated on its
 * source and its Message-ID) and only then acknowledges it to the source. Processing turns a
 * stored mail into its outcome and its replies in one transaction, so a reply is queued if
 * and only if the mail is recorded as dealt with. A mail that crashed processing too often is
 * set aside as 'failed' and the GM is told. */
#include "daemon/daemon.h"
#include "mail/message.h"
#include "orders/envelope.h"
#include "orders/order.h"
#include "report/template.h"
#include "turn/turn.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/password.h"
#include "util/util.h"

#include <cJSON.h>
#include <stdlib.h>
#include <string.h>

/* ---- ingest ---- */

static int store_item(store *st, const mail_item *item)
{
    char *message_id = mail_header_message_id(item->raw, item->raw_len);
    if (store_begin(st) != STORE_OK) {
        free(message_id);
        return -1;
    }
    int rc = store_inbound_add(st, item->source, message_id, (int64_t)item->size, item->raw,
                               item->raw_len, item->truncated, NULL);
    if (rc == STORE_OK && store_commit(st) == STORE_OK) {
        log_debug("stored %s (%s)", item->source, message_id ? message_id : "no Message-ID");
        free(message_id);
        return 1;
    }
    store_rollback(st);
    if (rc == STORE_DUPLICATE)
        log_info("mail %s (%s) is stored already", item->source,
                 message_id ? message_id : "no Message-ID");
    free(message_id);
    return rc == STORE_DUPLICATE ? 0 : -1;
}

int dmn_ingest(const cfg *c, store *st, mail_source *src)
{
    char **keys = NULL;
    size_t n = 0;
    char *err = NULL;
    if (mail_source_pending(src, &keys, &n, &err)) {
        log_error("fetching mail: %s", err);
        free(err);
        return -1;
    }
    int stored = 0;
    for (size_t i = 0; i < n; i++) {
        mail_item item = {0};
        if (mail_source_fetch(src, keys[i], (size_t)c->max_message_bytes, &item, &err)) {
            log_error("fetching mail %s: %s", keys[i], err);
            free(err);
            mail_keys_free(keys, n);
            return -1;
        }
        int rc = store_item(st, &item);
        mail_item_clear(&item);
        if (rc < 0) {
            log_error("storing mail %s: %s", keys[i], store_errmsg(st));
            mail_keys_free(keys, n);
            return -1;
        }
        stored += rc;
        /* Committed (or known): only now may the source forget it. */
        if (mail_source_ack(src, keys[i], &err)) {
            log_error("acknowledging mail %s: %s", keys[i], err);
            free(err);
            mail_keys_free(keys, n);
            return -1;
        }
    }
    mail_keys_free(keys, n);
    return stored;
}

/* ---- processing one mail ---- */

struct outcome {
    const char *status;   /* "answered", "ignored", "failed" */
    buf text;             /* what happened, for the inbound record */
    int64_t player_id;
    bool db_error;        /* a write failed: the caller rolls everything back */
};

static char *reply_subject(const char *subject)
{
    buf b;
    buf_init(&b);
    if (!subject || !*subject)
        buf_adds(&b, "Your mail to the game master");
    else if (str_istarts(subject, "re:"))
        buf_adds(&b, subject);
    else
        buf_printf(&b, "Re: %s", subject);
    return buf_steal(&b);
}

char *dmn_render(const cfg *c, const char *name, const cJSON *ctx)
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

static void add_errors(cJSON *ctx, const ord_envelope *env)
{
    cJSON *arr = cJSON_AddArrayToObject(ctx, "errors");
    for (size_t i = 0; i < env->nerrors; i++) {
        cJSON *e = cJSON_CreateObject();
        if (env->errors[i].line > 0)
            cJSON_AddNumberToObject(e, "line", env->errors[i].line);
        cJSON_AddStringToObject(e, "message", env->errors[i].message);
        cJSON_AddItemToArray(arr, e);
    }
}

/* Checks GAME, PLAYER and PASSWORD. Returns the player (caller clears) or a problem text. */
static const char *check_identity(store *st, const ord_envelope *env, store_game *game,
                                  store_player *player)
{
    if (!env->game)
        return "Your mail does not say which game it is for: add a line \"GAME name\".";
    if (store_game_find(st, env->game, game) != STORE_OK)
        return "There is no game of that name here.";
    if (!env->player)
        return "Your mail does not say which player sends it: add a line \"PLAYER name\".";
    if (store_player_find(st, game->id, env->player, player) != STORE_OK)
        return "That game has no player of that name.";
    if (!env->password)
        return "Your mail has no password: add a line \"PASSWORD yourpassword\".";
    if (!pw_verify(env->password, player->password_hash))
        return "The password is wrong.";
    return NULL;
}

static int tell_player_of_record(const cfg *c, store *st, int64_t inbound_id,
                                 const store_game *game, const store_player *player,
                                 const char *used_from)
{
    cJSON *ctx = cJSON_CreateObject();
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "game", game->name);
    cJSON_AddStringToObject(ctx, "player", player->name);
    cJSON_AddStringToObject(ctx, "from", used_from);
    char *body = dmn_render(c, "password_used.txt", ctx);
    char *subject = str_format("%s: your password was used from another address", game->name);
    dmn_mail m = {player->address, player->name, subject, body, NULL, NULL, "auto-generated"};
    int rc = dmn_queue_mail(c, st, inbound_id, &m);
    free(subject);
    free(body);
    cJSON_Delete(ctx);
    return rc;
}

static void list_order(const char *section, const char *text, void *ctx)
{
    cJSON *o = cJSON_CreateObject();
    if (*section && strcmp(section, DMN_TURN_SECTION) != 0)
        cJSON_AddStringToObject(o, "company", section);
    cJSON_AddStringToObject(o, "order", text);
    cJSON_AddItemToArray(ctx, o);
}

/* Stores the orders of each section the mail contains, in place of that section's earlier
 * ones (the other sections stay). */
static int store_sections(store *st, const store_inbound *m, const ord_orders *orders,
                          const store_game *game, const store_player *player)
{
    int rc = STORE_OK;
    char **texts = xmalloc((size_t)(orders->n ? orders->n : 1) * sizeof *texts);
    for (int i = 0; i < orders->n && rc == STORE_OK; i++) {
        bool first = true; /* each section once, at its first order */
        for (int k = 0; k < i; k++)
            first &= strcmp(orders->v[k].section, orders->v[i].section) != 0;
        if (!first)
            continue;
        int n = 0;
        for (int k = i; k < orders->n; k++)
            if (strcmp(orders->v[k].section, orders->v[i].section) == 0)
                texts[n++] = ord_format(&orders->v[k]);
        rc = store_orders_replace(st, game->id, player->id, game->turn, orders->v[i].section,
                                  (const char *const *)texts, n, m->id);
        for (int k = 0; k < n; k++)
            free(texts[k]);
    }
    free(texts);
    if (rc == STORE_OK && orders->one_round) {
        const char *one[] = {"ONE ROUND"};
        rc = store_orders_replace(st, game->id, player->id, game->turn, DMN_TURN_SECTION, one, 1,
                                  m->id);
    }
    return rc;
}

/* Orders naming what the game does not have are refused, each with an error for its line. */
static void drop_unknown_names(const eng_title *t, ord_envelope *env, ord_orders *orders)
{
    char why[256];
    int kept = 0;
    for (int i = 0; i < orders->n; i++) {
        if (turn_check_order(t, &orders->v[i], why, sizeof why) == 0)
            orders->v[kept++] = orders->v[i];
        else
            ord_add_error(env, orders->v[i].line, "%s; this line was not taken", why);
    }
    orders->n = kept;
}

/* The acknowledgement's checks of the orders against the board as it is now (provisional: the
 * other players' orders will change it). */
static void add_checks(const dmn_game *dg, const store_player *player, const ord_orders *orders,
                       cJSON *ctx)
{
    cJSON *list = cJSON_CreateArray();
    dmn_provisional_checks(dg, orders, player->seat - 1, list);
    if (cJSON_GetArraySize(list)) {
        cJSON_AddItemToObject(ctx, "checks", list);
        cJSON_AddTrueToObject(ctx, "has_checks");
    } else {
        cJSON_Delete(list);
    }
}

/* The mail's orders: read, checked against the game (when its state can be rebuilt; else
 * logged, and stored unchecked) and stored by section. */
static int take_turn_orders(store *st, const store_inbound *m, ord_envelope *env,
                            const store_game *game, const store_player *player, cJSON *ctx)
{
    dmn_game dg;
    char why[256];
    bool loaded = dmn_game_load(st, game, &dg, why, sizeof why) == 0;
    if (!loaded)
        log_error("game %s: %s", game->name, why);
    ord_orders orders;
    ord_parse(env, &orders);
    if (loaded)
        drop_unknown_names(dg.t, env, &orders);
    int rc = store_sections(st, m, &orders, game, player);
    if (rc == STORE_OK && loaded)
        add_checks(&dg, player, &orders, ctx);
    ord_orders_clear(&orders);
    if (loaded)
        dmn_game_unload(&dg);
    return rc;
}

/* A running game: the orders for its current turn (a mail for another turn changes nothing),
 * stored by section; the answer lists the player's orders for the turn as they now stand. */
static int take_orders(store *st, const store_inbound *m, ord_envelope *env,
                       const store_game *game, const store_player *player, cJSON *ctx)
{
    cJSON_AddNumberToObject(ctx, "turn", game->turn);
    int rc = STORE_OK;
    if (env->turn >= 0 && env->turn != game->turn) {
        ord_add_error(env, 0, "your mail is for turn %d, but the game is at turn %d: %s; nothing "
                              "was changed", env->turn, game->turn,
                      env->turn < game->turn ? "that turn is over" : "that turn has not begun");
    } else {
        rc = take_turn_orders(st, m, env, game, player, ctx);
    }
    if (game->deadline_at > 0) {
        char when[64];
        dmn_format_deadline(game->deadline_at, when, sizeof when);
        cJSON_AddStringToObject(ctx, "deadline", when);
    }
    cJSON *list = cJSON_AddArrayToObject(ctx, "orders");
    if (rc == STORE_OK)
        rc = store_orders_each(st, game->id, player->id, game->turn, list_order, list);
    if (cJSON_GetArraySize(list) == 0)
        cJSON_AddTrueToObject(ctx, "no_orders");
    return rc;
}

/* A mail that carries a player's identity: check it, and tell the player what we read. */
static void handle_identity(const cfg *c, store *st, const store_inbound *m,
                            const mail_message *msg, ord_envelope *env, cJSON *ctx,
                            struct outcome *out)
{
    store_game game = {0};
    store_player player = {0};
    const char *problem = check_identity(st, env, &game, &player);
    if (problem) {
        cJSON_AddStringToObject(ctx, "identity_problem", problem);
        buf_printf(&out->text, "identity refused: %s", problem);
        out->db_error |= store_audit(st, "daemon", "identity_refused", game.id, problem) != 0;
    } else {
        cJSON *acc = cJSON_AddObjectToObject(ctx, "accepted");
        cJSON_AddStringToObject(acc, "game", game.name);
        cJSON_AddStringToObject(acc, "player", player.name);
        cJSON_AddNumberToObject(acc, "seat", player.seat);
        if (strcmp(game.status, "running") == 0)
            out->db_error |= take_orders(st, m, env, &game, &player, ctx) != 0;
        else
            for (size_t i = 0; i < env->nlines; i++)
                ord_add_error(env, env->lines[i].number,
                              "\"%s\" is not understood (orders are not open yet in this game)",
                              env->lines[i].text);
        out->player_id = player.id;
        buf_printf(&out->text, "from player %s of game %s", player.name, game.name);
        char *actor = str_format("player:%lld", (long long)player.id);
        out->db_error |= store_audit(st, actor, "mail_accepted", game.id, msg->message_id) != 0;
        free(actor);
        if (msg->from_addr && !str_ieq(msg->from_addr, player.address)) {
            out->db_error |= tell_player_of_record(c, st, m->id, &game, &player,
                                                   msg->from_addr) != 0;
            out->db_error |= store_audit(st, "daemon", "password_used_elsewhere", game.id,
                                         msg->from_addr) != 0;
        }
    }
    store_game_clear(&game);
    store_player_clear(&player);
}

static void read_text(const cfg *c, store *st, const store_inbound *m, const mail_message *msg,
                      cJSON *ctx, struct outcome *out)
{
    ord_envelope env;
    ord_envelope_parse(msg->subject, msg->body, &env);
    if (msg->body_kind == MAIL_BODY_HTML)
        cJSON_AddTrueToObject(ctx, "from_html");
    if (msg->charset_unknown)
        cJSON_AddTrueToObject(ctx, "charset_unknown");
    bool identity = env.game || env.player || env.password;
    if (identity) {
        handle_identity(c, st, m, msg, &env, ctx, out);
    } else if (!env.help) {
        cJSON_AddTrueToObject(ctx, "no_identity");
        buf_adds(&out->text, "no game, player or password");
    }
    if (env.help) {
        char *help = dmn_render(c, "help.txt", ctx);
        cJSON_AddStringToObject(ctx, "help_text", help);
        free(help);
        buf_printf(&out->text, "%shelp sent", out->text.len ? "; " : "");
    }
    add_errors(ctx, &env);
    ord_envelope_clear(&env);
}

static void handle_parsed(const cfg *c, store *st, const store_inbound *m,
                          const mail_message *msg, struct outcome *out)
{
    const char *no_reply = mail_no_reply_reason(msg, c->gm_address);
    if (no_reply) {
        out->status = "ignored";
        buf_printf(&out->text, "not answered: %s", no_reply);
        out->db_error |= store_audit(st, "daemon", "mail_not_answered", 0, no_reply) != 0;
        return;
    }
    cJSON *ctx = cJSON_CreateObject();
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "gm_address", c->gm_address);
    if (m->truncated) {
        cJSON *tl = cJSON_AddObjectToObject(ctx, "too_large");
        cJSON_AddNumberToObject(tl, "size_kib", (double)((m->size + 1023) / 1024));
        cJSON_AddNumberToObject(tl, "limit_kib", (double)(c->max_message_bytes / 1024));
        buf_adds(&out->text, "refused: too large");
    } else if (str_is_blank(msg->body)) {
        cJSON_AddTrueToObject(ctx, "no_text");
        cJSON_AddNumberToObject(ctx, "attachments", msg->attachments);
        buf_adds(&out->text, "no text to read");
    } else {
        read_text(c, st, m, msg, ctx, out);
    }
    char *body = dmn_render(c, "reply.txt", ctx);
    char *subject = reply_subject(msg->subject);
    dmn_mail reply = {mail_reply_address(msg), msg->from_name, subject, body, msg->message_id,
                      msg->references, "auto-replied"};
    out->db_error |= dmn_queue_mail(c, st, m->id, &reply) != 0;
    free(subject);
    free(body);
    cJSON_Delete(ctx);
    out->status = "answered";
}

int dmn_handle_mail(const cfg *c, store *st, const store_inbound *m)
{
    mail_message msg;
    mail_message_parse(m->raw, m->raw_len, &msg);
    struct outcome out = {.status = "answered", .player_id = 0, .db_error = false};
    buf_init(&out.text);
    handle_parsed(c, st, m, &msg, &out);
    int rc = store_inbound_finish(st, m->id, out.status, msg.from_addr, msg.subject,
                                  out.player_id, out.text.data);
    bool db_error = out.db_error;
    log_info("mail %lld from %s: %s", (long long)m->id, msg.from_addr ? msg.from_addr : "?",
             out.text.data);
    buf_free(&out.text);
    mail_message_clear(&msg);
    return rc == STORE_OK && !db_error ? 0 : -1;
}

/* A mail that processing has failed on too often: set it aside and tell the GM. */
static int set_aside(const cfg *c, store *st, const store_inbound *m)
{
    if (store_begin(st) != STORE_OK)
        return -1;
    char *body = str_format(
        "pbemgm could not process stored mail #%lld (%s) after %d attempts and has set it "
        "aside.\nIt is kept in the database (table inbound, status 'failed').\n",
        (long long)m->id, m->source, m->attempts);
    dmn_mail note = {c->gm_address, c->gm_name, "pbemgm: a mail could not be processed", body,
                     NULL, NULL, "auto-generated"};
    int rc = store_inbound_finish(st, m->id, "failed", NULL, NULL, 0, "processing failed") ||
             dmn_queue_mail(c, st, 0, &note) ||
             store_audit(st, "daemon", "mail_set_aside", 0, m->source);
    free(body);
    if (rc || store_commit(st) != STORE_OK) {
        store_rollback(st);
        return -1;
    }
    log_error("mail %lld set aside after %d failed attempts", (long long)m->id, m->attempts);
    return 0;
}

static int process_one(const cfg *c, store *st, store_inbound *m)
{
    if (m->attempts >= c->max_processing_attempts)
        return set_aside(c, st, m);
    /* Count the attempt first, in its own commit: a mail that kills the process is noticed. */
    if (store_inbound_bump_attempts(st, m->id) != STORE_OK)
        return -1;
    if (store_begin(st) != STORE_OK)
        return -1;
    if (dmn_handle_mail(c, st, m) || store_commit(st) != STORE_OK) {
        log_error("processing mail %lld: %s", (long long)m->id, store_errmsg(st));
        store_rollback(st);
        return -1;
    }
    return 0;
}

int dmn_process_pending(const cfg *c, store *st)
{
    int done = 0;
    for (;;) {
        store_inbound m = {0};
        int rc = store_inbound_next_pending(st, &m);
        if (rc == STORE_NOT_FOUND)
            return done;
        if (rc != STORE_OK)
            return -1;
        rc = process_one(c, st, &m);
        store_inbound_clear(&m);
        if (rc)
            return -1;
        done++;
    }
}
