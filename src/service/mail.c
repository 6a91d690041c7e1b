/* mail: a stored player mail dealt with — who sends it (GAME, PLAYER, PASSWORD), what it asks
 * (HELP and its topics), the orders it carries for the game's current turn (parsed once, names
 * checked against the title, stored structured by section) — and the acknowledgement: every
 * line refused at once with its reason, the player's orders for the turn as they now stand,
 * and for each the verdict of the turn's own checks (src/turn's preview: the player's orders
 * carried out on a copy of the game, the others passing), the deadline and, when every
 * player's orders are in, when the turn will be resolved. The outcome and the reply are
 * written inside the caller's transaction. */
#include "mail/message.h"
#include "orders/envelope.h"
#include "orders/order.h"
#include "report/titletext.h"
#include "service/service.h"
#include "turn/turn.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/password.h"
#include "util/util.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- processing one mail ---- */

struct outcome {
    const char *status;   /* "answered", "ignored", "failed" */
    char *password;       /* the password the mail carried, to redact from the stored mail */
    buf text;             /* what happened, for the inbound record */
    int64_t player_id;
    bool db_error;        /* a write failed: the caller rolls everything back */
    char *answer_to;      /* the address of record the answer goes to (NULL: the mail's reply
                           * address) */
    char *answer_name;    /* ... and the name on it (NULL: the mail's sender's) */
    int mime_parts;       /* over the limit: the mail was not parsed beyond its header */
    int64_t game_id;      /* the game the mail is about, when the sender was recognised */
    int64_t held_until;   /* held back unread by the password throttle until then (0: not) */
    char *gm_address;     /* the GM of the game the mail names, when it exists (NULL: the
                           * configuration's) */
    char *file;           /* a file attached to the answer (the game's 18xx.games file: SEND */
    char *file_name;      /* GAME FILE, the desk's EXPORT), and its name; or NULL */
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

/* A refused line's reason as the answer shows it: at most this long (a line of a megabyte is
 * not quoted back whole), cut between UTF-8 characters. */
#define ERROR_TEXT_MAX 240

static void add_error(cJSON *arr, int line, const char *message)
{
    cJSON *e = cJSON_CreateObject();
    if (line > 0)
        cJSON_AddNumberToObject(e, "line", line);
    size_t n = strlen(message);
    if (n <= ERROR_TEXT_MAX) {
        cJSON_AddStringToObject(e, "message", message);
    } else {
        size_t cut = ERROR_TEXT_MAX;
        while (cut > 0 && ((unsigned char)message[cut] & 0xc0) == 0x80)
            cut--;
        char *text = str_format("%.*s ...", (int)cut, message);
        cJSON_AddStringToObject(e, "message", text);
        free(text);
    }
    cJSON_AddItemToArray(arr, e);
}

/* The refused lines, each with its reason: the first limits.error_lines of them, then how
 * many more (an answer is never many times the size of the mail it answers). */
/* The refused lines in the order of the mail (the parser's refusals come first, the names'
 * after: a stable sort by line). */
static void sort_errors_by_line(ord_envelope *env)
{
    for (size_t i = 1; i < env->nerrors; i++) {
        ord_error e = env->errors[i];
        size_t k = i;
        for (; k > 0 && env->errors[k - 1].line > e.line; k--)
            env->errors[k] = env->errors[k - 1];
        env->errors[k] = e;
    }
}

static void add_errors(const cfg *c, cJSON *ctx, ord_envelope *env)
{
    cJSON *arr = cJSON_AddArrayToObject(ctx, "errors");
    size_t shown = env->nerrors < (size_t)c->limits.error_lines ? env->nerrors
                                                                 : (size_t)c->limits.error_lines;
    sort_errors_by_line(env);
    for (size_t i = 0; i < shown; i++)
        add_error(arr, env->errors[i].line, env->errors[i].message);
    if (shown < env->nerrors) {
        char *more = str_format("... and %zu more lines were not taken, for the same kinds of "
                                "reasons (not listed one by one)", env->nerrors - shown);
        add_error(arr, 0, more);
        free(more);
    }
}

/* One answer for an unknown game, an unknown player and a wrong password alike: an answer
 * must not tell a stranger which games and players exist. */
static const char *const not_right =
    "The game, the player or the password is not right (which one is not said).";

/* Wrong passwords are counted over this window: by the sender always, and by the names the
 * mail gives (whether they exist or not) when it is not from the player's address of record. */
#define GUESS_WINDOW (15 * 60)

static char *guess_key(const ord_envelope *env)
{
    return str_lower(str_format("%s/%s", env->game, env->player));
}

/* When a lock on a count (player: a key, else the sender) ends: once the wrong passwords since
 * the window began fall below the limit (0: not locked now). */
static int64_t lock_end(store *st, const char *player, const char *sender, int limit)
{
    int64_t since = util_now() - GUESS_WINDOW;
    int64_t n = store_auth_failures(st, player, sender, since);
    if (limit <= 0 || n < limit)
        return 0;
    int64_t at = store_auth_failure_nth(st, player, sender, since, n - limit);
    return (at > 0 ? at : util_now()) + GUESS_WINDOW;
}

/* The throttle: when the lock on this sender, or (for a mail not from the player's address of
 * record: own false) on these names, ends; 0: no lock. The guesser is locked out, never the
 * player's own mail: a mail from the address of record is locked only by its sender's count
 * (and read all the same when its password is right). */
static int64_t locked_until(const cfg *c, store *st, const ord_envelope *env, const char *sender,
                            bool own)
{
    int64_t end = sender ? lock_end(st, NULL, sender, c->limits.sender_password_failures) : 0;
    if (!own) {
        char *key = guess_key(env);
        int64_t by_names = lock_end(st, key, NULL, c->limits.password_failures);
        free(key);
        if (by_names > end)
            end = by_names;
    }
    return end;
}

/* Checks GAME, PLAYER and PASSWORD. Returns NULL (the player's: caller clears) or a problem
 * text; *guess: the problem was a wrong name or password (counted against guessing); *hold: the
 * throttle holds the mail back unread until then (it is read when the lock ends). game is
 * filled when the game named exists. */
static const char *check_identity(const cfg *c, store *st, const ord_envelope *env,
                                  const char *sender, store_game *game, store_player *player,
                                  bool *guess, int64_t *hold)
{
    *guess = false;
    *hold = 0;
    if (!env->game)
        return "Your mail does not say which game it is for: add a line \"GAME name\".";
    if (!env->player)
        return "Your mail does not say which player sends it: add a line \"PLAYER name\".";
    if (!env->password)
        return "Your mail has no password: add a line \"PASSWORD yourpassword\".";
    bool found = store_game_find(st, env->game, game) == STORE_OK &&
                 store_player_find(st, game->id, env->player, player) == STORE_OK;
    bool own = found && sender && str_ieq(sender, player->address);
    int64_t lock = locked_until(c, st, env, sender, own);
    static const char *const held =
        "too many wrong passwords were tried lately for this player or from this address";
    if (lock && !own) { /* a guess is not even checked while locked */
        *hold = lock;
        return held;
    }
    /* (an unknown name costs the same check as a known one: the time tells nothing either) */
    bool right = pw_verify_cached(env->password, found ? player->password_hash
                                                       : pw_dummy_hash());
    if (found && right)
        return NULL;
    if (lock) { /* from the address of record, while it is locked: read when the lock ends */
        *hold = lock;
        return held;
    }
    *guess = true;
    return not_right;
}

/* The game's GM is told of a lock-out (what: which, and until when), and it is audited. */
static int tell_gm_of_lockout(const cfg *c, store *st, int64_t inbound_id, const store_game *game,
                              const char *what)
{
    if (store_audit(st, "daemon", "password_lockout", game->id, what) != STORE_OK)
        return -1;
    if (!game->id) /* names of no game: logged, and no GM to tell */
        return 0;
    cJSON *ctx = cJSON_CreateObject();
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "game", game->name);
    cJSON_AddStringToObject(ctx, "what", what);
    char *body = svc_render(c, "password_lockout.txt", ctx);
    char *subject = str_format("%s: a lock-out after wrong passwords", game->name);
    mail_outgoing m = {.to_addr = svc_gm_address(c, game), .to_name = c->gm_name,
                       .subject = subject, .body = body, .auto_submitted = "auto-generated"};
    int rc = svc_queue_mail(c, st, inbound_id, game->id, &m).kind == SVC_OK ? 0 : -1;
    free(subject);
    free(body);
    cJSON_Delete(ctx);
    return rc;
}

/* A wrong password: counted (by its sender; by the names too unless it came from the
 * player's address of record); when it is the one that reaches a limit, that is a lock-out:
 * audited, the game's GM told, and the player of record (when the names are a player's)
 * told when it is the names that are locked. */
static int count_guess(const cfg *c, store *st, int64_t inbound_id, const ord_envelope *env,
                       const char *sender, const store_game *game, const store_player *player)
{
    bool own = player->address && sender && str_ieq(sender, player->address);
    char *key = own ? NULL : guess_key(env);
    int rc = store_auth_failure_add(st, key, sender) == STORE_OK ? 0 : -1;
    int64_t since = util_now() - GUESS_WINDOW;
    int64_t n = key ? store_auth_failures(st, key, NULL, since) : 0;
    int64_t by_sender = sender ? store_auth_failures(st, NULL, sender, since) : 0;
    bool names_locked = key && n == c->limits.password_failures;
    bool sender_locked = sender && by_sender == c->limits.sender_password_failures;
    if (rc == 0 && (names_locked || sender_locked)) {
        char when[64];
        buf what;
        buf_init(&what);
        if (names_locked) {
            svc_format_time(lock_end(st, key, NULL, c->limits.password_failures), when,
                            sizeof when);
            buf_printf(&what, "player %s locked out: %lld wrong passwords for the name in a "
                              "quarter of an hour, the last from %s; mail naming %s from other "
                              "addresses than the player's is held until %s, then read",
                       env->player, (long long)n, sender ? sender : "an unknown address",
                       env->player, when);
        }
        if (sender_locked) {
            svc_format_time(lock_end(st, NULL, sender, c->limits.sender_password_failures),
                            when, sizeof when);
            buf_printf(&what, "%saddress %s locked out: %lld wrong passwords from it in a "
                              "quarter of an hour (the last for player %s); its mail is held "
                              "until %s, then read", what.len ? "; " : "", sender,
                       (long long)by_sender, env->player, when);
        }
        rc = tell_gm_of_lockout(c, st, inbound_id, game, what.data);
        buf_free(&what);
    }
    free(key);
    if (rc || !names_locked || !player->address || !player->address[0])
        return rc;
    cJSON *ctx = cJSON_CreateObject();
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "gm_address", svc_gm_address(c, game));
    cJSON_AddStringToObject(ctx, "game", game->name);
    cJSON_AddStringToObject(ctx, "player", player->name);
    cJSON_AddNumberToObject(ctx, "count", (double)n);
    cJSON_AddStringToObject(ctx, "from", sender ? sender : "an unknown address");
    char *body = svc_render_text(c, "password_guessed.txt", ctx); /* (78 columns) */
    char *subject = str_format("%s: wrong passwords were tried for you", game->name);
    mail_outgoing m = {.to_addr = player->address, .to_name = player->name, .subject = subject,
                       .body = body, .auto_submitted = "auto-generated"};
    rc = svc_queue_mail(c, st, inbound_id, game->id, &m).kind == SVC_OK ? 0 : -1;
    free(subject);
    free(body);
    cJSON_Delete(ctx);
    return rc;
}

static int tell_player_of_record(const cfg *c, store *st, int64_t inbound_id,
                                 const store_game *game, const store_player *player,
                                 const char *used_from)
{
    cJSON *ctx = cJSON_CreateObject();
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "gm_address", svc_gm_address(c, game));
    cJSON_AddStringToObject(ctx, "game", game->name);
    cJSON_AddStringToObject(ctx, "player", player->name);
    cJSON_AddStringToObject(ctx, "from", used_from);
    char *body = svc_render_text(c, "password_used.txt", ctx); /* (78 columns) */
    char *subject = str_format("%s: your password was used from another address", game->name);
    mail_outgoing m = {.to_addr = player->address, .to_name = player->name, .subject = subject,
                       .body = body, .auto_submitted = "auto-generated"};
    int rc = svc_queue_mail(c, st, inbound_id, game->id, &m).kind == SVC_OK ? 0 : -1;
    free(subject);
    free(body);
    cJSON_Delete(ctx);
    return rc;
}

/* When every player's orders are in, the turn is resolved after the game's grace period; the
 * acknowledgement says when. */
static int note_all_in(store *st, const store_game *game, const svc_game *sg, cJSON *ctx)
{
    int64_t due = svc_turn_due_at(st, game, sg);
    if (due <= 0 || due >= game->deadline_at)
        return store_game_set_early_due(st, game->id, 0); /* not early (any more) */
    if (game->paused_at || game->held) /* nothing is resolved now: no time is promised */
        return store_game_set_early_due(st, game->id, due);
    char when[64];
    svc_format_time(due, when, sizeof when);
    cJSON *all = cJSON_AddObjectToObject(ctx, "all_in");
    cJSON_AddStringToObject(all, "at", when);
    char grace[32];
    snprintf(grace, sizeof grace, "%d minute%s", game->grace_minutes,
             game->grace_minutes == 1 ? "" : "s");
    cJSON_AddStringToObject(all, "grace", grace);
    return store_game_set_early_due(st, game->id, due);
}

/* The mail's orders for the current turn (env; NULL: none to take): read, names checked against
 * the game (when its state can be rebuilt; else logged, and stored unchecked), stored by
 * section; then the player's orders for the turn listed with the turn's verdict on each. */
static int take_turn_orders(store *st, const store_inbound *m, ord_envelope *env,
                            const store_game *game, const store_player *player, cJSON *ctx)
{
    svc_game sg;
    svc_result load = svc_game_load(st, game, &sg);
    bool loaded = load.kind == SVC_OK;
    if (!loaded) {
        log_error("game %s: %s", game->name, load.text);
        if (svc_game_load_players(st, game, &sg).kind != SVC_OK)
            return STORE_ERROR;
    }
    int rc = STORE_OK;
    if (env) {
        ord_orders orders;
        ord_parse_for(env, loaded ? sg.t : NULL, &orders);
        if (loaded)
            svc_check_names(sg.t, env, &orders);
        svc_result r = svc_store_orders(st, game, player->id, m->id, &orders, env->nlines > 0);
        rc = r.kind == SVC_OK ? STORE_OK : STORE_ERROR;
        ord_orders_clear(&orders);
    }
    svc_orders po = {0};
    if (rc == STORE_OK)
        rc = svc_player_orders(st, game, &sg, player->seat - 1, &po).kind == SVC_OK
                 ? STORE_OK : STORE_ERROR;
    char one_round_by[128] = ""; /* the answer says the turn will cover one round, for whom */
    if (rc == STORE_OK)
        rc = svc_one_round_asked(st, game, &sg, one_round_by, sizeof one_round_by).kind == SVC_OK
                 ? STORE_OK : STORE_ERROR;
    if (rc == STORE_OK) {
        svc_orders_list(game, &sg, player->seat - 1, &po, one_round_by, ctx);
        rc = note_all_in(st, game, &sg, ctx);
    }
    svc_orders_clear(&po);
    svc_game_unload(&sg);
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
    }
    bool take = env->turn < 0 || env->turn == game->turn;
    rc = take_turn_orders(st, m, take ? env : NULL, game, player, ctx);
    if (game->held) { /* the deadline starts when the report is released */
        cJSON *review = cJSON_AddObjectToObject(ctx, "in_review");
        cJSON_AddNumberToObject(review, "held", svc_held_turn(game));
        cJSON_AddNumberToObject(review, "turn", game->turn);
    } else if (game->paused_at) { /* no deadline runs: the one stored moves when it resumes */
        char since[64];
        svc_format_time(game->paused_at, since, sizeof since);
        cJSON_AddStringToObject(ctx, "paused_since", since);
    } else if (game->deadline_at > 0) {
        char when[64];
        svc_format_time(game->deadline_at, when, sizeof when);
        cJSON_AddStringToObject(ctx, "deadline", when);
    }
    return rc;
}

/* REPORT: a copy of the last turn report, made for the player (the game's opening mail before
 * the first), queued with the answer; the answer says so, or why not. -1 on a database error. */
static int report_copy(const cfg *c, store *st, const store_inbound *m, const store_game *game,
                       const store_player *player, cJSON *ctx)
{
    svc_result r = strcmp(game->status, "forming") == 0
                       ? svc_refused("REPORT: game %s has not started, so there is no report "
                                     "yet.", game->name)
                       : svc_report_copy(c, st, game, player->seat - 1, m->id);
    cJSON_AddStringToObject(ctx, "report_copy", r.text);
    return r.kind == SVC_OK ? 0 : r.kind == SVC_REFUSED ? 1 : -1;
}

/* SEND GAME FILE: the game's 18xx.games file attached to the answer, which says so (with the
 * note where 18xx.games' rules differ), or why not. -1 on a database error. */
static int game_file(store *st, const store_game *game, cJSON *ctx, struct outcome *out)
{
    char *json;
    svc_result r = svc_game_file(st, game, &json);
    if (r.kind == SVC_FAILED)
        return -1;
    if (r.kind == SVC_REFUSED) {
        cJSON_AddStringToObject(ctx, "game_file_refused", r.text);
        return 0;
    }
    free(out->file);
    free(out->file_name);
    out->file = json;
    out->file_name = svc_game_file_name(game);
    cJSON *f = cJSON_AddObjectToObject(ctx, "game_file");
    cJSON_AddStringToObject(f, "name", out->file_name);
    if (r.text[0])
        cJSON_AddStringToObject(f, "note", r.text);
    return 0;
}

/* A refused mail in the game's audit: why, and from whom. */
static int audit_refusal(store *st, const char *action, int64_t game_id, const char *problem,
                         const mail_message *msg)
{
    char *detail = str_format("%s (a mail from %s)", problem,
                              msg->from_addr ? msg->from_addr : "an unknown address");
    int rc = store_audit(st, "daemon", action, game_id, detail);
    free(detail);
    return rc;
}

/* A mail that carries a player's identity: check it, and tell the player what we read. */
static void handle_identity(const cfg *c, store *st, const store_inbound *m,
                            const mail_message *msg, ord_envelope *env, cJSON *ctx,
                            struct outcome *out)
{
    store_game game = {0};
    store_player player = {0};
    bool guess;
    int64_t hold;
    const char *problem = check_identity(c, st, env, msg->from_addr, &game, &player, &guess,
                                         &hold);
    if (game.id && !out->gm_address)
        out->gm_address = xstrdup(svc_gm_address(c, &game));
    if (hold) {
        char when[64];
        svc_format_time(hold, when, sizeof when);
        out->held_until = hold;
        buf_printf(&out->text, "held until %s, then read: %s", when, problem);
    } else if (problem) {
        cJSON_AddStringToObject(ctx, "identity_problem", problem);
        buf_printf(&out->text, "identity refused: %s", problem);
        out->db_error |= audit_refusal(st, "identity_refused", game.id, problem, msg) != 0;
        if (guess)
            out->db_error |= count_guess(c, st, m->id, env, msg->from_addr, &game, &player) != 0;
    } else {
        cJSON *acc = cJSON_AddObjectToObject(ctx, "accepted");
        cJSON_AddStringToObject(acc, "game", game.name);
        cJSON_AddStringToObject(acc, "player", player.name);
        cJSON_AddNumberToObject(acc, "seat", player.seat);
        bool finished = strcmp(game.status, "finished") == 0;
        if (strcmp(game.status, "running") == 0)
            out->db_error |= take_orders(st, m, env, &game, &player, ctx) != 0;
        else
            for (size_t i = 0; i < env->nlines; i++)
                ord_add_error(env, env->lines[i].number, "\"%s\" was not taken (%s)",
                              env->lines[i].text,
                              finished ? "the game is over" : "orders are not open yet in this game");
        if (finished) {
            cJSON *over = cJSON_AddObjectToObject(ctx, "game_finished");
            cJSON_AddStringToObject(over, "game", game.name);
            cJSON_AddNumberToObject(over, "turn", game.turn);
            if (game.imported_from) /* (over before it came here: no report of ours) */
                cJSON_AddStringToObject(over, "imported_from", game.imported_from);
        }
        if (env->report) /* REPORT: the last report, made for the player, in a mail of its own */
            out->db_error |= report_copy(c, st, m, &game, &player, ctx) < 0;
        if (env->game_file) /* SEND GAME FILE: attached to this answer */
            out->db_error |= game_file(st, &game, ctx, out) < 0;
        out->player_id = player.id;
        out->game_id = game.id;
        if (env->pictures != ORD_PICTURES_UNSAID) {
            bool on = env->pictures == ORD_PICTURES_INLINE;
            out->db_error |= store_player_set_pictures(st, player.id, on) != STORE_OK;
            cJSON_AddTrueToObject(ctx, on ? "pictures_inline" : "pictures_none");
        }
        buf_printf(&out->text, "from player %s of game %s%s", player.name, game.name,
                   out->file ? "; the game's file sent" : "");
        char *actor = str_format("player:%lld", (long long)player.id);
        out->db_error |= store_audit(st, actor, "mail_accepted", game.id, msg->message_id) != 0;
        free(actor);
        /* mail about a player's orders goes to the player's address of record only; a mail
         * from, or asking answers to, another address is told to that player */
        bool addressed = player.address[0] != '\0'; /* (an imported game's seat: not yet) */
        out->answer_to = addressed ? xstrdup(player.address) : NULL;
        bool own = msg->from_addr && str_ieq(msg->from_addr, player.address);
        out->answer_name = xstrdup(own && msg->from_name ? msg->from_name : player.name);
        const char *elsewhere = !addressed ? NULL
                                : msg->from_addr && !str_ieq(msg->from_addr, player.address)
                                    ? msg->from_addr
                                : msg->reply_to && !str_ieq(msg->reply_to, player.address)
                                    ? msg->reply_to : NULL;
        if (elsewhere) {
            out->db_error |= tell_player_of_record(c, st, m->id, &game, &player, elsewhere) != 0;
            out->db_error |= store_audit(st, "daemon", "password_used_elsewhere", game.id,
                                         elsewhere) != 0;
        }
    }
    store_game_clear(&game);
    store_player_clear(&player);
}

/* ---- the GM's desk by mail ---- */

/* A GM's mail: the game's GM address and password, checked. NULL, or why not (never game
 * state). */
static const char *check_gm(const cfg *c, store *st, const mail_message *msg,
                            const ord_envelope *env, store_game *game)
{
    static const char *const refused =
        "The game, your address or the GM password is not right (which one is not said; a "
        "game's desk takes mail only when it has a GM password, set with \"pbemgm game set "
        "NAME --gm-password PW\"): nothing was done.";
    if (!env->game)
        return "Your mail does not say which game it is for: add a line \"GAME name\".";
    bool found = store_game_find(st, env->game, game) == STORE_OK && game->gm_password_hash;
    bool right = env->password &&
                 pw_verify_cached(env->password, found ? game->gm_password_hash
                                                       : pw_dummy_hash());
    if (!found || !right || !msg->from_addr ||
        !str_ieq(msg->from_addr, svc_gm_address(c, game)))
        return refused;
    return NULL;
}

/* The GM's commands, a line each; BECOME takes the lines after it up to the next command,
 * BROADCAST the rest of the mail. */
static int run_gm_lines(svc_desk *d, const store_game *game, const ord_envelope *env)
{
    for (size_t i = 0; i < env->nlines; i++) {
        svc_desk_cmd cmd;
        buf_printf(&d->out, "== %s\n", env->lines[i].text);
        svc_result parsed = svc_desk_parse(env->lines[i].text, &cmd);
        if (parsed.kind != SVC_OK) {
            buf_printf(&d->out, "Not done: line %d: %s\n\n", env->lines[i].number, parsed.text);
            continue;
        }
        if (svc_desk_takes_lines(cmd.verb)) {
            bool to_end = svc_desk_verb("BROADCAST") == cmd.verb;
            buf body;
            buf_init(&body);
            while (i + 1 < env->nlines) {
                const ord_line *next = &env->lines[i + 1];
                char first[32];
                snprintf(first, sizeof first, "%.*s", (int)strcspn(next->text, " \t:"),
                         next->text);
                if (!to_end && svc_desk_verb(first) >= 0)
                    break;
                for (int blank = env->lines[i].number + 1; body.len && blank < next->number;
                     blank++)
                    buf_addc(&body, '\n'); /* the blank lines the envelope left out */
                buf_printf(&body, "%s\n", next->text);
                i++;
            }
            cmd.body = buf_steal(&body);
            buf_free(&body);
        }
        store_game now = {0}; /* each command sees what the ones before it did */
        bool failed = store_game_find(d->st, game->name, &now) != STORE_OK ||
                      svc_desk_run(d, &now, &cmd).kind == SVC_FAILED;
        store_game_clear(&now);
        svc_desk_cmd_clear(&cmd);
        buf_adds(&d->out, "\n");
        if (failed)
            return -1;
    }
    return 0;
}

static void handle_gm(const cfg *c, store *st, const store_inbound *m, const mail_message *msg,
                      ord_envelope *env, cJSON *ctx, struct outcome *out)
{
    store_game game = {0};
    const char *problem = check_gm(c, st, msg, env, &game);
    char *origin = str_format("mail from %s", msg->from_addr ? msg->from_addr : "?");
    svc_desk d = {c, st, origin, m->id, {0}, NULL, NULL};
    buf_init(&d.out);
    if (problem) {
        cJSON_AddStringToObject(ctx, "gm_problem", problem);
        buf_printf(&out->text, "GM desk refused: %s", problem);
        out->db_error |= audit_refusal(st, "gm_refused", game.id, problem, msg) != 0;
    } else {
        if (env->nlines == 0)
            buf_printf(&d.out, "Your mail has no command. The desk takes: %s\n",
                       svc_desk_usage());
        out->db_error |= run_gm_lines(&d, &game, env) != 0;
        cJSON_AddStringToObject(ctx, "gm_game", game.name);
        cJSON_AddStringToObject(ctx, "gm_text", d.out.data ? str_trim(d.out.data) : "");
        out->answer_to = xstrdup(svc_gm_address(c, &game)); /* about the game: to the GM only */
        buf_printf(&out->text, "GM desk, game %s", game.name);
        out->file = d.file; /* EXPORT's: attached to the answer */
        out->file_name = d.file_name;
        d.file = d.file_name = NULL;
    }
    free(d.file);
    free(d.file_name);
    buf_free(&d.out);
    free(origin);
    store_game_clear(&game);
}

/* HELP: the players' guide; HELP TILES / HELP MAP: the tiles or the hexes of the game's title
 * (the named game's, else the default title's). */
static char *help_text(const cfg *c, store *st, const ord_envelope *env, const cJSON *ctx)
{
    if (env->help_topic == ORD_HELP_GUIDE)
        return svc_render(c, "help.txt", ctx);
    store_game game = {0};
    bool known = env->game && store_game_find(st, env->game, &game) == STORE_OK;
    eng_title *t;
    svc_result r = svc_load_title(known ? game.title : SVC_DEFAULT_TITLE, &t);
    store_game_clear(&game);
    if (!t)
        return str_format("(The list cannot be made: %s.)\n", r.text);
    char *text = env->help_topic == ORD_HELP_TILES ? rep_tiles_text(t) : rep_hexes_text(t);
    eng_title_free(t);
    return text;
}

/* The game whose thread a mail answers: one of its References (or In-Reply-To) is the game's
 * first mail. */
static bool game_of_thread(store *st, const char *references, store_game *game)
{
    const char *p = references;
    bool known = false;
    for (int tries = 0; !known && p && tries < 32; tries++) {
        const char *open = strchr(p, '<'), *close = open ? strchr(open, '>') : NULL;
        if (!close)
            break;
        char *id = xstrndup(open + 1, (size_t)(close - open - 1));
        known = store_game_find_thread(st, id, game) == STORE_OK;
        free(id);
        p = close + 1;
    }
    return known;
}

/* The GM of the game a mail is about, when the game is known: the game its GAME line names,
 * else the game whose thread the mail answers (its References or In-Reply-To name the game's
 * first mail). A refusal names that GM, not the configuration's. */
static void note_known_game(const cfg *c, store *st, const ord_envelope *env,
                            const mail_message *msg, struct outcome *out)
{
    if (out->gm_address)
        return;
    store_game game = {0};
    bool known = env->game ? store_game_find(st, env->game, &game) == STORE_OK
                           : game_of_thread(st, msg->references, &game);
    if (known)
        out->gm_address = xstrdup(svc_gm_address(c, &game));
    store_game_clear(&game);
}

/* ---- the game and the player a reply is for ---- */

/* The game a reply's subject names: our subjects start with it ("Re: AW: berlin1: turn 3"). */
static char *game_of_subject(const char *subject)
{
    static const char *const prefixes[] = {"re", "aw", "sv", "vs", "fw", "fwd", "wg", "tr",
                                           "antw", "rif", "r", NULL};
    const char *p = subject ? subject : "";
    for (;;) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, ": ");
        if (p[n] != ':' || n == 0)
            return NULL;
        bool prefix = false;
        for (int i = 0; prefixes[i] && !prefix; i++)
            prefix = strlen(prefixes[i]) == n && strncasecmp(p, prefixes[i], n) == 0;
        if (!prefix)
            return xstrndup(p, n);
        p += n + 1;
    }
}

struct by_address {
    const char *address;
    char *player;
};

static void player_of_address(const store_player *pl, void *ctx)
{
    struct by_address *b = ctx;
    if (!b->player && pl->address && str_ieq(pl->address, b->address))
        b->player = xstrdup(pl->name);
}

/* A mail with a PASSWORD but no GAME or no PLAYER line — an answer typed into the quoted order
 * form, whose GAME and PLAYER lines are quoted — is for the game its thread (References,
 * In-Reply-To) or its subject names, from the player of that game whose address sends it. The
 * password is checked as ever; nothing is said of a game the sender is not a player of. */
static void identity_from_reply(store *st, const mail_message *msg, ord_envelope *env)
{
    if (env->gm || !env->password || (env->game && env->player) || !msg->from_addr)
        return;
    char *game = env->game ? xstrdup(env->game) : NULL;
    store_game g = {0};
    if (!game && game_of_thread(st, msg->references, &g))
        game = xstrdup(g.name);
    store_game_clear(&g);
    if (!game)
        game = game_of_subject(msg->subject);
    if (game && store_game_find(st, game, &g) == STORE_OK) {
        struct by_address b = {msg->from_addr, NULL};
        if (store_player_each(st, g.id, player_of_address, &b) == STORE_OK && b.player &&
            (!env->player || str_ieq(env->player, b.player))) {
            if (!env->game)
                env->game = xstrdup(g.name);
            if (!env->player)
                env->player = xstrdup(b.player);
        }
        free(b.player);
    }
    store_game_clear(&g);
    free(game);
}

/* The sender's lines under his sign-off or his name are read as his signature; one of them
 * that reads as an order is not lost without a word: the answer says it was not taken. */
static void warn_orders_below(const mail_message *msg, ord_envelope *env)
{
    for (const char *p = msg->below_signature; p && *p;) {
        size_t n = strcspn(p, "\n");
        char *line = xstrndup(p, n);
        ord_envelope one;
        ord_orders orders;
        ord_envelope_parse("orders", line, &one);
        ord_parse(&one, &orders);
        if (one.nerrors == 0 && orders.n > 0)
            ord_add_error(env, 0, "\"%s\" is under your sign-off or your name, where a "
                                  "signature is: it was not taken; write your orders above "
                                  "your signature", str_trim(line));
        ord_orders_clear(&orders);
        ord_envelope_clear(&one);
        free(line);
        p += n + (p[n] == '\n');
    }
}

static void read_text(const cfg *c, store *st, const store_inbound *m, const mail_message *msg,
                      cJSON *ctx, struct outcome *out)
{
    ord_envelope env;
    ord_envelope_parse(msg->subject, msg->body, &env);
    ord_envelope_shift_lines(&env, msg->body_skipped); /* (the numbers the player's mail has) */
    identity_from_reply(st, msg, &env);
    if (msg->body_kind == MAIL_BODY_HTML)
        cJSON_AddTrueToObject(ctx, "from_html");
    if (msg->charset_unknown)
        cJSON_AddTrueToObject(ctx, "charset_unknown");
    bool identity = env.game || env.player || env.password;
    if (env.password)
        out->password = xstrdup(env.password);
    if (env.gm) {
        handle_gm(c, st, m, msg, &env, ctx, out);
    } else if (identity) {
        handle_identity(c, st, m, msg, &env, ctx, out);
    } else if (!env.help) {
        cJSON_AddTrueToObject(ctx, "no_identity");
        buf_adds(&out->text, "no game, player or password");
    }
    note_known_game(c, st, &env, msg, out);
    if (identity && !env.gm)
        warn_orders_below(msg, &env);
    if (env.help) {
        char *help = help_text(c, st, &env, ctx);
        cJSON_AddStringToObject(ctx, "help_text", help);
        free(help);
        buf_printf(&out->text, "%shelp sent", out->text.len ? "; " : "");
    }
    add_errors(c, ctx, &env);
    ord_envelope_clear(&env);
}

/* The password a mail carries, for its redaction when it is stored, though it is not read. */
static void take_password(const mail_message *msg, struct outcome *out)
{
    out->password = ord_envelope_password(msg->body);
}

static int count_lines(const char *text)
{
    int n = 0;
    for (const char *p = text; (p = strchr(p, '\n')) != NULL; p++)
        n++;
    return n;
}

/* The rate limits of answers (a loop with a machine that ignores Auto-Submitted, a flood from
 * one address or about one game, breaks here): why this mail is read but not answered, or
 * NULL. The last answer before the limit says so. */
static const char *reply_limit(const cfg *c, store *st, const mail_message *msg,
                               const struct outcome *out, cJSON *ctx)
{
    int64_t since = util_now() - 3600;
    int64_t from = msg->from_addr ? store_inbound_answered_from(st, msg->from_addr, since) : 0;
    int64_t game = out->game_id ? store_inbound_answered_in_game(st, out->game_id, since) : 0;
    if (from >= c->limits.replies_per_hour)
        return "the answers to this address in the last hour reached the limit";
    if (game >= c->limits.game_replies_per_hour)
        return "the answers about this game in the last hour reached the limit";
    bool last_from = from == c->limits.replies_per_hour - 1;
    if (last_from || game == c->limits.game_replies_per_hour - 1) {
        cJSON *last = cJSON_AddObjectToObject(ctx, "last_answer");
        cJSON_AddNumberToObject(last, "limit", last_from ? c->limits.replies_per_hour
                                                         : c->limits.game_replies_per_hour);
        cJSON_AddStringToObject(last, "of", last_from ? "from one address" : "about one game");
    }
    return NULL;
}

/* "Subject: HELP" (HELP TILES, HELP MAP): asked, whatever the body says, or when it says nothing
 * (a mail with only a signature). */
static bool subject_asks_help(const char *subject)
{
    ord_envelope env;
    ord_envelope_parse(subject, "", &env);
    bool help = env.help;
    ord_envelope_clear(&env);
    return help;
}

static void handle_parsed(const cfg *c, store *st, const store_inbound *m,
                          const mail_message *msg, struct outcome *out)
{
    const char *no_reply = mail_no_reply_reason(msg, c->daemon_address);
    if (no_reply) {
        out->status = "ignored";
        buf_printf(&out->text, "not answered: %s", no_reply);
        out->db_error |= store_audit(st, "daemon", "mail_not_answered", 0, no_reply) != 0;
        return;
    }
    cJSON *ctx = cJSON_CreateObject();
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    if (m->held_until) {
        char came[64];
        svc_format_time(m->received_at, came, sizeof came);
        cJSON_AddStringToObject(ctx, "was_held", came);
    }
    int lines;
    if (m->truncated) {
        cJSON *tl = cJSON_AddObjectToObject(ctx, "too_large");
        cJSON_AddNumberToObject(tl, "size_kib", (double)((m->size + 1023) / 1024));
        cJSON_AddNumberToObject(tl, "limit_kib", (double)(c->max_message_bytes / 1024));
        buf_adds(&out->text, "refused: too large");
    } else if (out->mime_parts) {
        cJSON *tc = cJSON_AddObjectToObject(ctx, "too_complex");
        cJSON_AddNumberToObject(tc, "parts", out->mime_parts);
        cJSON_AddNumberToObject(tc, "limit", c->limits.mime_parts);
        buf_adds(&out->text, "refused: too many MIME parts");
    } else if ((lines = count_lines(msg->body)) > c->limits.lines) {
        cJSON *tl = cJSON_AddObjectToObject(ctx, "too_many_lines");
        cJSON_AddNumberToObject(tl, "lines", lines);
        cJSON_AddNumberToObject(tl, "limit", c->limits.lines);
        buf_adds(&out->text, "refused: too many lines");
        take_password(msg, out); /* not read, but stored: without its password */
    } else if (str_is_blank(msg->body) && !subject_asks_help(msg->subject)) {
        cJSON_AddTrueToObject(ctx, "no_text");
        cJSON_AddNumberToObject(ctx, "attachments", msg->attachments);
        buf_adds(&out->text, "no text to read");
    } else {
        read_text(c, st, m, msg, ctx, out);
    }
    if (out->held_until) { /* not read: no answer until it is */
        cJSON_Delete(ctx);
        return;
    }
    cJSON_AddStringToObject(ctx, "gm_address", out->gm_address ? out->gm_address
                                                               : c->gm_address);
    const char *limit = reply_limit(c, st, msg, out, ctx);
    if (limit) {
        out->status = "ignored";
        buf_printf(&out->text, "; not answered: %s", limit);
        cJSON_Delete(ctx);
        return;
    }
    char *body = svc_render_text(c, "reply.txt", ctx);
    char *subject = reply_subject(msg->subject);
    char *refs = svc_reply_references(msg->references, msg->message_id);
    mail_attachment file = {out->file_name, "application/json", (const unsigned char *)out->file,
                            out->file ? strlen(out->file) : 0};
    mail_outgoing reply = {
        .to_addr = out->answer_to ? out->answer_to : mail_reply_address(msg),
        .to_name = out->answer_to ? out->answer_name : msg->from_name,
        .subject = subject,
        .body = body,
        .in_reply_to = msg->message_id,
        .references = refs,
        .auto_submitted = "auto-replied",
        .attachments = out->file ? &file : NULL,
        .nattachments = out->file ? 1 : 0,
    };
    out->db_error |= svc_queue_mail(c, st, m->id, out->game_id, &reply).kind != SVC_OK;
    free(refs);
    free(subject);
    free(body);
    cJSON_Delete(ctx);
    out->status = "answered";
}

/* A mail whose MIME structure was too big to parse is stored with its header only: its
 * password, if it has one, cannot be found in its body unparsed, and must not be kept. */
static int keep_header_only(store *st, const store_inbound *m, int parts, int limit)
{
    char *note = str_format("the body of this mail is not kept: its %d MIME parts are more "
                            "than the limit of %d, so it was not read", parts, limit);
    size_t n;
    char *kept = mail_keep_header_noted(m->raw, m->raw_len, note, &n);
    int rc = kept ? store_inbound_redact(st, m->id, kept, n) : STORE_OK; /* (no body: as is) */
    free(kept);
    free(note);
    return rc;
}

svc_result svc_handle_mail(const cfg *c, store *st, const store_inbound *m)
{
    mail_message msg;
    struct outcome out = {.status = "answered", .player_id = 0, .db_error = false};
    int parts = mail_mime_parts(m->raw, m->raw_len);
    if (parts > c->limits.mime_parts) /* only its header is read: who to answer */
        out.mime_parts = parts;
    mail_message_parse(m->raw, out.mime_parts ? mail_header_length(m->raw, m->raw_len)
                                               : m->raw_len, &msg);
    buf_init(&out.text);
    handle_parsed(c, st, m, &msg, &out);
    int rc;
    if (out.held_until) /* kept as it came, password and all, to be read when the lock ends */
        rc = store_inbound_hold(st, m->id, out.held_until, msg.from_addr, msg.subject,
                                out.text.data);
    else
        rc = store_inbound_finish(st, m->id, out.status, msg.from_addr, msg.subject,
                                  out.player_id, out.text.data);
    bool read = !out.held_until; /* (a mail held back was not read: nothing to redact) */
    if (read && rc == STORE_OK && out.mime_parts) /* its body unread: a password unfound */
        rc = keep_header_only(st, m, out.mime_parts, c->limits.mime_parts);
    else if (read && rc == STORE_OK && out.password) { /* the stored mail keeps no password */
        size_t n;
        char *redacted = mail_redact(m->raw, m->raw_len, "PASSWORD", out.password, msg.body, &n);
        rc = store_inbound_redact(st, m->id, redacted, n);
        free(redacted);
    }
    if (out.password)
        explicit_bzero(out.password, strlen(out.password));
    bool db_error = out.db_error;
    free(out.password);
    free(out.answer_to);
    free(out.answer_name);
    free(out.gm_address);
    free(out.file);
    free(out.file_name);
    log_info("mail %lld from %s: %s", (long long)m->id, msg.from_addr ? msg.from_addr : "?",
             out.text.data);
    buf_free(&out.text);
    mail_message_clear(&msg);
    return rc == STORE_OK && !db_error ? svc_ok() : svc_store_failed(st);
}

