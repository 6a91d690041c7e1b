/* desk: the GM's desk — the verbs a game master uses on a game, the same on the command line
 * (src/cli) and by mail (mail.c: a mail with GAME, GM and PASSWORD): STATUS, ORDERS, BECOME,
 * PREVIEW, REVIEW, RELEASE, ROLLBACK, ADJUST, PAUSE, RESUME, ONE-ROUND, DEADLINE, BROADCAST,
 * REPLACE, PROCESS, HISTORY, EXPORT (the game's 18xx.games file, attached to the answer). One
 * table holds them: how many words each takes, whether a reason follows, whether lines follow
 * (BECOME's orders, BROADCAST's text). A verb checks everything before it
 * changes anything; every change is audited (who, from where, why) and told to the players. */
#define _DEFAULT_SOURCE /* timegm */
#include "engine/game.h"
#include "orders/envelope.h"
#include "service/service.h"
#include "util/buf.h"
#include "util/password.h"
#include "util/util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

struct call {
    svc_desk *d;
    const store_game *g;
    const svc_desk_cmd *cmd;
};

enum { NO_BODY, BODY_ORDERS, BODY_TEXT };

struct verb {
    const char *name;
    int nargs;          /* words after the verb; -1: ADJUST's correction decides */
    bool reason;        /* a reason is required after the words */
    int body;           /* lines that follow */
    bool running;       /* only for a running game */
    int (*run)(struct call *);
    const char *usage;
    int optional;       /* words that may follow the nargs ones (PROCESS's turn) */
};

/* What the GM is told: a line (tell), or a refusal — nothing changed (refuse). */
static int tell(struct call *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int tell(struct call *k, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&k->d->out, fmt, ap);
    va_end(ap);
    buf_addc(&k->d->out, '\n');
    return 0;
}

static int refuse(struct call *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(struct call *k, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_adds(&k->d->out, "Not done: ");
    buf_vprintf(&k->d->out, fmt, ap);
    va_end(ap);
    buf_addc(&k->d->out, '\n');
    return 1;
}

static int audit(struct call *k, const char *action, const char *detail)
{
    store_audit_entry e = {0, "gm", action, detail, k->d->origin, k->cmd->reason};
    return store_audit_add(k->d->st, &e, k->g->id) == STORE_OK ? 0 : -1;
}

/* A mail from the game's GM to every player (text: what the GM did, or says). */
static int tell_players(struct call *k, const char *subject, const char *text)
{
    svc_result r = svc_tell_players(k->d->c, k->d->st, k->d->inbound_id, k->g, subject, text);
    return r.kind == SVC_OK ? 0 : -1;
}

static int player_index(struct call *k, const svc_game *sg, const char *name)
{
    for (int p = 0; p < sg->nplayers; p++)
        if (str_ieq(sg->players[p].name, name))
            return p;
    refuse(k, "game %s has no player \"%s\"", k->g->name, name);
    return -1;
}

/* ---- seeing ---- */

static int verb_status(struct call *k)
{
    const store_game *g = k->g;
    char when[64] = "none";
    if (g->deadline_at)
        svc_format_time(g->deadline_at, when, sizeof when);
    tell(k, "Game %s (%s): %s, turn %d; deadline %s", g->name, g->title, g->status, g->turn, when);
    if (g->imported_from)
        tell(k, "Imported from %s%s", g->imported_from,
             strcmp(g->status, "forming") == 0
                 ? ": it goes on by mail from where the file stops once started (game start)"
                 : "");
    svc_game sg;
    if (strcmp(g->status, "running") == 0 && svc_game_load(k->d->st, g, &sg).kind == SVC_OK) {
        eng_play_at now = eng_play_now(sg.g);
        char round[64];
        tell(k, "Now: %s, phase %s", eng_round_name(sg.g, &now, ENG_NAME_KIND, round, sizeof round),
             sg.t->phases[sg.g->phase].name);
        svc_game_unload(&sg);
    }
    if (g->paused_at) {
        svc_format_time(g->paused_at, when, sizeof when);
        tell(k, "PAUSED since %s: no deadline runs (RESUME to go on)", when);
    }
    tell(k, "Review: %s%s", g->review ? "on" : "off",
         g->held ? "; a report is HELD for your release (RELEASE)" : "");
    tell(k, "GM: %s", svc_gm_address(k->d->c, g));
    if (svc_game_load_players(k->d->st, g, &sg).kind != SVC_OK)
        return -1;
    tell(k, "Seats:");
    for (int p = 0; p < sg.nplayers; p++) {
        const store_player *pl = &sg.players[p];
        int64_t at = 0;
        bool in = svc_player_sent_at(k->d->st, g, pl, &at);
        char sent[80] = "no orders yet";
        if (in && at) {
            svc_format_time(at, when, sizeof when);
            snprintf(sent, sizeof sent, "orders in (%s)", when);
        } else if (in) {
            snprintf(sent, sizeof sent, "orders in");
        }
        tell(k, "  %d %s <%s>\n      %s; %d NMR%s%s", pl->seat, pl->name,
             pl->address[0] ? pl->address : "no address yet", sent,
             pl->nmr_count, pl->nmr_count == 1 ? "" : "s",
             pl->seat_open ? "; a replacement is wanted" : "");
    }
    svc_game_unload(&sg);
    return 0;
}

static int verb_orders(struct call *k)
{
    svc_game sg;
    if (svc_game_load_players(k->d->st, k->g, &sg).kind != SVC_OK)
        return -1;
    int p = player_index(k, &sg, k->cmd->args[0]), rc = p < 0 ? 1 : 0;
    svc_orders o = {0};
    if (p >= 0 && svc_player_orders(k->d->st, k->g, &sg, p, &o).kind != SVC_OK)
        rc = -1;
    if (p >= 0 && rc == 0) {
        char *text = svc_orders_text(&o.orders);
        tell(k, "# %s, turn %d, %s: %s\n%s", k->g->name, k->g->turn, sg.players[p].name,
             o.sent ? "orders sent" : "nothing sent yet (an NMR if it stays so)", text);
        free(text);
    }
    svc_orders_clear(&o);
    svc_game_unload(&sg);
    return rc;
}

static int verb_preview(struct call *k)
{
    char *report = NULL;
    svc_result r = svc_preview_turn(k->d->c, k->d->st, k->g, &report);
    if (r.kind != SVC_OK)
        return refuse(k, "the turn cannot be previewed: %s", r.text);
    tell(k, "PREVIEW of turn %d with the orders as they stand (nothing changed, nothing sent):\n",
         k->g->turn);
    buf_adds(&k->d->out, report);
    free(report);
    return 0;
}

struct history {
    buf *out;
};

/* What a rollback cut, as the history says it (the audit keeps the actions and the reports
 * themselves, as JSON): the turn it went back to and how much was undone. NULL: not such a
 * record. */
static char *rollback_cut_summary(const char *detail)
{
    cJSON *kept = detail ? cJSON_Parse(detail) : NULL;
    const cJSON *actions = cJSON_GetObjectItemCaseSensitive(kept, "actions");
    const cJSON *reports = cJSON_GetObjectItemCaseSensitive(kept, "reports");
    const cJSON *turn = cJSON_GetObjectItemCaseSensitive(kept, "turn");
    char *text = NULL;
    if (cJSON_IsArray(actions)) {
        int na = cJSON_GetArraySize(actions), nr = cJSON_GetArraySize(reports);
        char back[48] = "";
        if (cJSON_IsNumber(turn))
            snprintf(back, sizeof back, "back to turn %d: ", turn->valueint);
        text = str_format("%s%d action%s undone, %d turn report%s withdrawn (kept in the "
                          "audit)", back, na, na == 1 ? "" : "s", nr, nr == 1 ? "" : "s");
    }
    cJSON_Delete(kept);
    return text;
}

static void history_line(const store_audit_entry *e, void *ctx)
{
    struct history *h = ctx;
    char when[64];
    svc_format_time(e->at, when, sizeof when);
    char *summary = strcmp(e->action, "rollback_cut") == 0 ? rollback_cut_summary(e->detail)
                                                           : NULL;
    const char *detail = summary ? summary : e->detail ? e->detail : "";
    buf_printf(h->out, "%s  %-8s %-22s %s", when, e->actor, e->action, detail);
    free(summary);
    if (e->origin)
        buf_printf(h->out, " [%s]", e->origin);
    buf_addc(h->out, '\n');
    if (e->reason && *e->reason)
        buf_printf(h->out, "    reason: %s\n", e->reason);
}

static int verb_history(struct call *k)
{
    tell(k, "The audit of game %s, oldest first:", k->g->name);
    struct history h = {&k->d->out};
    return store_audit_each(k->d->st, k->g->id, history_line, &h) == STORE_OK ? 0 : -1;
}

/* ---- ruling ---- */

static int verb_become(struct call *k)
{
    svc_game sg;
    svc_result loaded = svc_game_load(k->d->st, k->g, &sg);
    if (loaded.kind != SVC_OK)
        return refuse(k, "the game cannot be rebuilt: %s", loaded.text);
    int p = player_index(k, &sg, k->cmd->args[0]), rc = p < 0 ? 1 : 0;
    ord_envelope env;
    ord_envelope_parse(NULL, k->cmd->body ? k->cmd->body : "", &env);
    ord_orders orders = {0};
    if (rc == 0) {
        ord_parse_for(&env, sg.t, &orders);
        svc_check_names(sg.t, &env, &orders);
        if (env.nerrors) {
            rc = refuse(k, "BECOME %s: line %d: %s", sg.players[p].name, env.errors[0].line,
                        env.errors[0].message);
        } else if (env.nlines == 0) {
            rc = refuse(k, "BECOME %s carries no orders (they follow it, a line each)",
                        sg.players[p].name);
        }
    }
    if (rc == 0) {
        const store_player *pl = &sg.players[p];
        char *text = NULL;
        svc_orders now = {0};
        svc_result r = svc_store_orders(k->d->st, k->g, pl->id, k->d->inbound_id, &orders, true);
        if (r.kind == SVC_OK)
            r = svc_player_orders(k->d->st, k->g, &sg, p, &now);
        rc = r.kind == SVC_OK ? 0 : -1;
        if (rc == 0) {
            text = svc_orders_text(&now.orders);
            char *checked = svc_orders_checked(k->d->st, k->g, &sg, p, &now);
            char *detail = str_format("orders entered for %s, turn %d", pl->name, k->g->turn);
            char *note = str_format("The game master entered orders for %s for turn %d. "
                                    "Your orders for the turn now read, each tried now on a "
                                    "copy of the game (the other players passing: the turn "
                                    "makes the same checks, but their orders may change the "
                                    "outcome):\n\n%s", pl->name, k->g->turn, checked);
            free(checked);
            char *subj = str_format("%s: orders entered for you", k->g->name);
            mail_outgoing m = {.to_addr = pl->address, .to_name = pl->name, .subject = subj,
                               .body = note, .auto_submitted = "auto-generated"};
            rc = audit(k, "become", detail) ||
                         svc_queue_mail(k->d->c, k->d->st, k->d->inbound_id, k->g->id, &m).kind
                             != SVC_OK
                     ? -1 : 0;
            if (rc == 0)
                tell(k, "Orders entered for %s (turn %d); %s is told. They now read:\n%s",
                     pl->name, k->g->turn, pl->name, text);
            free(detail);
            free(note);
            free(subj);
        }
        free(text);
        svc_orders_clear(&now);
    }
    ord_orders_clear(&orders);
    ord_envelope_clear(&env);
    svc_game_unload(&sg);
    return rc;
}

static int verb_review(struct call *k)
{
    const char *w = k->cmd->args[0];
    bool on = str_ieq(w, "on") || str_ieq(w, "yes");
    if (!on && !str_ieq(w, "off") && !str_ieq(w, "no"))
        return refuse(k, "REVIEW takes ON or OFF, not \"%s\"", w);
    if (store_game_set_review(k->d->st, k->g->id, on) != STORE_OK ||
        audit(k, "review", on ? "review on" : "review off"))
        return -1;
    return tell(k, "Review is %s for game %s: %s", on ? "on" : "off", k->g->name,
                on ? "a resolved turn's report comes to you first, held until you RELEASE it"
                   : "reports go to the players as soon as a turn is resolved");
}

static int send_held(const store_held *h, void *ctx)
{
    struct call *k = ctx;
    if (h->raw) /* held composed: sent as it was written */
        return svc_queue_composed(k->d->c, k->d->st, k->d->inbound_id, h->message_id,
                                  h->to_addr, h->raw, h->raw_len).kind == SVC_OK ? 0 : -1;
    mail_outgoing m = {.to_addr = h->to_addr, .to_name = h->to_name, .subject = h->subject,
                       .body = h->body, .auto_submitted = "auto-generated"};
    return svc_queue_mail(k->d->c, k->d->st, k->d->inbound_id, k->g->id, &m).kind == SVC_OK ? 0
                                                                                           : -1;
}

static int verb_release(struct call *k)
{
    if (!k->g->held)
        return refuse(k, "game %s has no report held", k->g->name);
    int64_t deadline = util_now() + (int64_t)k->g->turn_hours * 3600;
    bool over = strcmp(k->g->status, "finished") == 0;
    /* the report rendered again: the game as the review left it (the GM's corrections), the
     * deadline that starts now; a report held before its parts were kept goes as it was held */
    bool as_held;
    svc_result r = svc_release_report(k->d->c, k->d->st, k->g, k->d->inbound_id,
                                      over ? 0 : deadline, &as_held);
    if (r.kind != SVC_OK)
        return refuse(k, "the held report cannot be rendered again: %s", r.text);
    if ((as_held && store_held_each(k->d->st, k->g->id, send_held, k) != STORE_OK) ||
        store_held_drop(k->d->st, k->g->id) != STORE_OK ||
        (!over && store_game_set_deadline(k->d->st, k->g->id, deadline) != STORE_OK) ||
        audit(k, "release", "held report released"))
        return -1;
    char when[64];
    svc_format_time(deadline, when, sizeof when);
    return tell(k, "The held report of game %s is sent to the players%s%s.", k->g->name,
                over ? "" : "; the next turn's deadline is ", over ? "" : when);
}

/* The actions and reports a rollback cuts, kept in the audit. */
struct cut {
    int turn;
    cJSON *actions;
};

static int collect_cut(int64_t seq, int turn, const char *json, void *ctx)
{
    (void)seq;
    struct cut *c = ctx;
    if (turn >= c->turn)
        cJSON_AddItemToArray(c->actions, cJSON_CreateString(json));
    return 0;
}

/* The NMRs counted for the turns a rollback undoes are given back (house rule 13: a seat is
 * open again when its count falls below two). Before the cut: it reads those turns' mails. */
static int give_back_nmrs(struct call *k, int from, int last)
{
    svc_game sg;
    if (svc_game_load_players(k->d->st, k->g, &sg).kind != SVC_OK)
        return -1;
    int rc = 0;
    for (int p = 0; p < sg.nplayers && rc == 0; p++) {
        const store_player *pl = &sg.players[p];
        int missed = 0;
        for (int t = from; t < last; t++) {
            store_game then = *k->g;
            then.turn = t;
            int64_t at;
            missed += !svc_player_sent_at(k->d->st, &then, pl, &at);
        }
        int count = pl->nmr_count > missed ? pl->nmr_count - missed : 0;
        if (missed && store_player_set_nmr(k->d->st, pl->id, count,
                                           pl->seat_open && count >= 2) != STORE_OK)
            rc = -1;
    }
    svc_game_unload(&sg);
    return rc;
}

/* A turn number as the GM writes it: digits only, 1 or more. */
static bool parse_turn_number(const char *w, int *turn)
{
    char *end;
    long v = strtol(w, &end, 10);
    if (!isdigit((unsigned char)*w) || *end || v < 1 || v > 100000)
        return false;
    *turn = (int)v;
    return true;
}

static int verb_rollback(struct call *k)
{
    char *end;
    long turn = strtol(k->cmd->args[0], &end, 10);
    const store_game *g = k->g;
    int last = strcmp(g->status, "finished") == 0 ? g->turn + 1 : g->turn;
    if (*end || turn < 1 || turn >= last)
        return refuse(k, "ROLLBACK takes a resolved turn, 1 to %d (game %s is at turn %d)",
                      last - 1, g->name, g->turn);
    struct cut cut = {(int)turn, cJSON_CreateArray()};
    cJSON *kept = cJSON_CreateObject();
    cJSON_AddNumberToObject(kept, "turn", (double)turn);
    cJSON_AddNumberToObject(kept, "from", g->turn);
    cJSON_AddItemToObject(kept, "actions", cut.actions);
    cJSON *reports = cJSON_AddArrayToObject(kept, "reports");
    int rc = store_action_each(k->d->st, g->id, collect_cut, &cut) == STORE_OK ? 0 : -1;
    for (int t = (int)turn; rc == 0 && t < last; t++) {
        char *report = NULL;
        if (store_turn_report(k->d->st, g->id, t, &report) == STORE_OK)
            cJSON_AddItemToArray(reports, cJSON_CreateString(report));
        free(report);
    }
    char *json = cJSON_PrintUnformatted(kept);
    cJSON_Delete(kept);
    int64_t deadline = util_now() + (int64_t)g->turn_hours * 3600;
    char *detail = str_format("rolled back to the start of turn %ld (from turn %d)", turn, g->turn);
    if (rc == 0)
        rc = give_back_nmrs(k, (int)turn, last) ||
                     store_game_cut(k->d->st, g->id, (int)turn, deadline) != STORE_OK ||
                     audit(k, "rollback", detail) ||
                     store_audit(k->d->st, "gm", "rollback_cut", g->id, json) != STORE_OK
                 ? -1 : 0;
    if (rc == 0) {
        char when[64];
        svc_format_time(deadline, when, sizeof when);
        char *text = str_format("The game master has rolled game %s back to the start of turn "
                                "%ld: %s\n\nWhat happened from that turn on is undone. Orders for "
                                "turn %ld may be sent again (the ones sent stand unless you "
                                "change them); the deadline is %s.", g->name, turn,
                                k->cmd->reason, turn, when);
        rc = tell_players(k, "the game is rolled back", text);
        free(text);
        if (rc == 0)
            tell(k, "Game %s is back at the start of turn %ld; the players are told; the "
                    "deadline is %s.", g->name, turn, when);
    }
    free(detail);
    free(json);
    return rc;
}

static int verb_pause(struct call *k)
{
    if (k->g->paused_at)
        return refuse(k, "game %s is paused already", k->g->name);
    if (store_game_set_paused(k->d->st, k->g->id, util_now()) != STORE_OK ||
        audit(k, "pause", "game paused"))
        return -1;
    char *text = str_format("The game master has paused the game%s%s. No deadline runs "
                            "until it resumes; your mails are still answered.",
                            k->cmd->reason ? ": " : "", k->cmd->reason ? k->cmd->reason : "");
    int rc = tell_players(k, "the game is paused", text);
    free(text);
    return rc ? -1 : tell(k, "Game %s is paused; the players are told.", k->g->name);
}

/* ONE-ROUND [reason]: the current turn limited to one round (house rule 14); every player is
 * told, since orders for the later rounds will not be reached. */
static int verb_one_round(struct call *k)
{
    if (k->g->one_round_turn == k->g->turn)
        return refuse(k, "turn %d of %s covers one round already", k->g->turn, k->g->name);
    char *detail = str_format("turn %d covers one round", k->g->turn);
    int rc = store_game_set_one_round(k->d->st, k->g->id, k->g->turn) != STORE_OK ||
                     audit(k, "one_round", detail)
                 ? -1 : 0;
    free(detail);
    if (rc)
        return -1;
    char *text = str_format("The game master has limited turn %d to one round (house rule "
                            "14)%s%s. Orders for the rounds after it will not be reached; your "
                            "orders are kept, and you may change them until the deadline.",
                            k->g->turn, k->cmd->reason ? ": " : "",
                            k->cmd->reason ? k->cmd->reason : "");
    char *subject = str_format("one round only in turn %d", k->g->turn);
    rc = tell_players(k, subject, text);
    free(subject);
    free(text);
    return rc ? -1 : tell(k, "Turn %d of %s covers one round; the players are told.", k->g->turn,
                          k->g->name);
}

static int verb_resume(struct call *k)
{
    if (!k->g->paused_at)
        return refuse(k, "game %s is not paused", k->g->name);
    int64_t deadline = k->g->deadline_at;
    if (deadline) /* the time the pause took is given back */
        deadline += util_now() - k->g->paused_at;
    if (store_game_set_paused(k->d->st, k->g->id, 0) != STORE_OK ||
        (deadline && store_game_set_deadline(k->d->st, k->g->id, deadline) != STORE_OK) ||
        audit(k, "resume", "game resumed"))
        return -1;
    char when[64] = "none";
    if (deadline)
        svc_format_time(deadline, when, sizeof when);
    char *text = str_format("The game master has resumed the game. Orders for turn %d are due "
                            "by %s.", k->g->turn, when);
    int rc = tell_players(k, "the game goes on", text);
    free(text);
    return rc ? -1 : tell(k, "Game %s goes on; the deadline is %s.", k->g->name, when);
}

/* "YYYY-MM-DD HH:MM" (UTC). */
static bool parse_time(const char *day, const char *hm, int64_t *out)
{
    struct tm tm = {0};
    char extra;
    if (sscanf(day, "%4d-%2d-%2d%c", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &extra) != 3 ||
        sscanf(hm, "%2d:%2d%c", &tm.tm_hour, &tm.tm_min, &extra) != 2)
        return false;
    if (tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 ||
        tm.tm_min > 59 || tm.tm_hour < 0 || tm.tm_min < 0)
        return false;
    struct tm back = tm;
    back.tm_year -= 1900;
    back.tm_mon -= 1;
    time_t t = timegm(&back); /* normalises 30 February to 2 March: such a date is refused */
    if (back.tm_mday != tm.tm_mday || back.tm_mon != tm.tm_mon - 1)
        return false;
    *out = (int64_t)t;
    return true;
}

static int verb_deadline(struct call *k)
{
    int64_t at;
    if (!parse_time(k->cmd->args[0], k->cmd->args[1], &at))
        return refuse(k, "DEADLINE takes a time as YYYY-MM-DD HH:MM (UTC), not \"%s %s\"",
                      k->cmd->args[0], k->cmd->args[1]);
    if (at <= util_now())
        return refuse(k, "that time has passed");
    char when[64];
    svc_format_time(at, when, sizeof when);
    char *detail = str_format("deadline of turn %d moved to %s", k->g->turn, when);
    int rc = store_game_set_deadline(k->d->st, k->g->id, at) != STORE_OK ||
                     store_game_set_reminded(k->d->st, k->g->id, k->g->turn - 1) != STORE_OK ||
                     audit(k, "deadline", detail)
                 ? -1 : 0;
    if (rc == 0) {
        char *text = str_format("The game master has moved the deadline of turn %d to %s: %s",
                                k->g->turn, when, k->cmd->reason);
        rc = tell_players(k, "the deadline moves", text);
        free(text);
    }
    free(detail);
    return rc ? -1
              : tell(k, "The deadline of turn %d is %s; the players are told.", k->g->turn, when);
}

static int verb_broadcast(struct call *k)
{
    if (!k->cmd->body || str_is_blank(k->cmd->body))
        return refuse(k, "BROADCAST needs the message, on the lines after it");
    char *detail = str_format("message to the players (%zu characters)", strlen(k->cmd->body));
    int rc = audit(k, "broadcast", detail) || tell_players(k, "a message from the game master",
                                                          k->cmd->body) ? -1 : 0;
    free(detail);
    return rc ? -1 : tell(k, "Your message is sent to every player of %s.", k->g->name);
}

/* PROCESS [turn]: the turn named (by default the current one) resolved now; a turn already
 * resolved (by the daemon a moment before, say) is refused, never the next one resolved. */
static int verb_process(struct call *k)
{
    int turn = k->g->turn;
    if (k->cmd->nargs == 1 && !parse_turn_number(k->cmd->args[0], &turn))
        return refuse(k, "\"%s\" is not a turn number (PROCESS [turn])", k->cmd->args[0]);
    if (turn < k->g->turn)
        return refuse(k, "turn %d of %s is resolved already (the game is at turn %d): nothing "
                         "was done", turn, k->g->name, k->g->turn);
    if (turn > k->g->turn)
        return refuse(k, "turn %d of %s has not begun (the game is at turn %d)", turn,
                      k->g->name, k->g->turn);
    svc_result b = svc_turn_blocked(k->g);
    if (b.kind != SVC_OK)
        return refuse(k, "%s", b.text);
    svc_result r = svc_resolve_turn(k->d->c, k->d->st, k->g);
    if (r.kind != SVC_OK)
        return refuse(k, "turn %d cannot be resolved: %s", k->g->turn, r.text);
    if (audit(k, "turn_resolve", NULL))
        return -1;
    return tell(k, "Turn %d of %s is resolved; %s", k->g->turn, k->g->name,
                k->g->review ? "the report is held for your review (RELEASE)"
                             : "the report is on its way to the players");
}

static int verb_replace(struct call *k)
{
    const char *old = k->cmd->args[0], *name = k->cmd->args[1], *address = k->cmd->args[2];
    store_player p = {0};
    if (store_player_find(k->d->st, k->g->id, old, &p) != STORE_OK)
        return refuse(k, "game %s has no player \"%s\"", k->g->name, old);
    char *password = util_random_token(10);
    svc_result r = svc_seat_player(k->d->c, k->d->st, k->g, &p, name, address, password, true);
    int rc = r.kind == SVC_OK ? 0 : r.kind == SVC_REFUSED ? 1 : -1;
    if (rc > 0)
        refuse(k, "%s", r.text);
    else if (rc == 0) {
        char *detail = str_format("%s takes %s's seat %d", name, p.name, p.seat);
        rc = audit(k, "replace", detail);
        if (rc == 0)
            tell(k, "%s takes %s's seat %d in %s; %s is mailed a welcome with a password.", name,
                 p.name, p.seat, k->g->name, name);
        free(detail);
    }
    free(password);
    store_player_clear(&p);
    return rc;
}

/* ---- ADJUST: corrections (house rule 15) ---- */

/* The words of each correction, and the engine's correction it is. */
static const struct correction {
    const char *words;   /* the first word(s) */
    int nwords;          /* words in all, the first included */
    int what;
} corrections[] = {
    {"CASH", 3, ENG_ADJ_CASH},           {"MOVE CERT", 6, ENG_ADJ_MOVE_CERT},
    {"PRICE", 3, ENG_ADJ_PRICE},         {"TRAIN", 4, ENG_ADJ_TRAIN_ADD},
    {"TILE", 4, ENG_ADJ_TILE},           {"REMOVE TILE", 3, ENG_ADJ_REMOVE_TILE},
    {"TOKEN", 3, ENG_ADJ_TOKEN},         {"REMOVE TOKEN", 4, ENG_ADJ_REMOVE_TOKEN},
};
#define NCORRECTIONS (sizeof corrections / sizeof *corrections)

static const struct correction *correction_of(char *const *w, int n)
{
    for (size_t i = 0; i < NCORRECTIONS; i++) {
        const char *words = corrections[i].words, *sp = strchr(words, ' ');
        bool two = sp != NULL;
        if (two ? n >= 2 && strncasecmp(w[0], words, (size_t)(sp - words)) == 0 &&
                      strlen(w[0]) == (size_t)(sp - words) && str_ieq(w[1], sp + 1)
                : n >= 1 && str_ieq(w[0], words))
            return &corrections[i];
    }
    return NULL;
}

static int owner_word(const eng_game *g, const char *w)
{
    if (str_ieq(w, "ipo") || str_ieq(w, "bank"))
        return ENG_IPO;
    if (str_ieq(w, "pool"))
        return ENG_POOL;
    for (int p = 0; p < g->nplayers; p++)
        if (str_ieq(g->players[p].name, w))
            return p;
    return ENG_RESERVED;
}

static bool int_word(const char *w, int *out)
{
    char *end;
    long v = strtol(w, &end, 10);
    if (!*w || (*end && strcmp(end, "%") != 0))
        return false;
    *out = (int)v;
    return true;
}

/* The correction's words as an engine action; 0, or 1 with why. */
static int correction_action(const eng_game *g, const struct correction *c, char *const *w,
                             eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    memset(a, 0, sizeof *a);
    a->kind = ENG_ACT_ADJUST;
    a->player = g->current;
    a->adjust = c->what;
    a->target = a->company = ENG_NONE;
    int two = strchr(c->words, ' ') ? 1 : 0;
    char *const *x = w + 1 + two; /* the words after the correction's name */
    switch (c->what) {
    case ENG_ADJ_CASH:
        if ((a->target = owner_word(g, x[0])) < 0 && (a->company = eng_company_index(t, x[0])) < 0)
            return snprintf(why, len, "\"%s\" is neither a player nor a company", x[0]), 1;
        if (a->target < 0)
            a->target = ENG_NONE;
        if (!int_word(x[1], &a->amount) || (x[1][0] != '+' && x[1][0] != '-'))
            return snprintf(why, len, "CASH takes +N or -N, not \"%s\"", x[1]), 1;
        return 0;
    case ENG_ADJ_MOVE_CERT:
        if ((a->company = eng_company_index(t, x[0])) < 0)
            return snprintf(why, len, "there is no company %s", x[0]), 1;
        if (!int_word(x[1], &a->percent) || a->percent <= 0)
            return snprintf(why, len, "MOVE CERT takes a size as N%%, not \"%s\"", x[1]), 1;
        a->owner_from = owner_word(g, x[2]);
        a->owner_to = owner_word(g, x[3]);
        if (a->owner_from == ENG_RESERVED || a->owner_to == ENG_RESERVED)
            return snprintf(why, len, "from and to are players, IPO or POOL"), 1;
        return 0;
    case ENG_ADJ_PRICE:
        if ((a->company = eng_company_index(t, x[0])) < 0)
            return snprintf(why, len, "there is no company %s", x[0]), 1;
        if (!int_word(x[1], &a->amount))
            return snprintf(why, len, "PRICE takes a price, not \"%s\"", x[1]), 1;
        return 0;
    case ENG_ADJ_TRAIN_ADD:
        if ((a->company = eng_company_index(t, x[0])) < 0)
            return snprintf(why, len, "there is no company %s", x[0]), 1;
        if (!str_ieq(x[1], "add") && !str_ieq(x[1], "remove"))
            return snprintf(why, len, "TRAIN takes ADD or REMOVE, not \"%s\"", x[1]), 1;
        a->adjust = str_ieq(x[1], "add") ? ENG_ADJ_TRAIN_ADD : ENG_ADJ_TRAIN_REMOVE;
        if ((a->train = eng_train_index(t, x[2])) < 0)
            return snprintf(why, len, "there is no train %s", x[2]), 1;
        return 0;
    case ENG_ADJ_TILE:
        if ((a->hex = eng_hex_index(t, x[0])) < 0)
            return snprintf(why, len, "there is no hex %s", x[0]), 1;
        if ((a->tile = eng_tile_index(t, x[1])) < 0)
            return snprintf(why, len, "there is no tile %s", x[1]), 1;
        if (!int_word(x[2], &a->rot) || a->rot < 0 || a->rot > 5)
            return snprintf(why, len, "a rotation is 0 to 5, not \"%s\"", x[2]), 1;
        return 0;
    case ENG_ADJ_REMOVE_TILE:
        if ((a->hex = eng_hex_index(t, x[0])) < 0)
            return snprintf(why, len, "there is no hex %s", x[0]), 1;
        return 0;
    default: /* TOKEN, REMOVE TOKEN */
        if ((a->company = eng_company_index(t, x[0])) < 0)
            return snprintf(why, len, "there is no company %s", x[0]), 1;
        if ((a->hex = eng_hex_index(t, x[1])) < 0)
            return snprintf(why, len, "there is no hex %s", x[1]), 1;
        return 0;
    }
}

static int verb_adjust(struct call *k)
{
    const svc_desk_cmd *cmd = k->cmd;
    const struct correction *c = correction_of(cmd->args, cmd->nargs);
    if (!c || cmd->nargs < c->nwords)
        return refuse(k, "ADJUST takes CASH player|company +/-N, MOVE CERT company N%% from to, "
                         "PRICE company N, TRAIN company ADD|REMOVE type, TILE hex tile rot, "
                         "REMOVE TILE hex, TOKEN company hex or REMOVE TOKEN company hex; then "
                         "the reason");
    svc_game sg;
    svc_result loaded = svc_game_load(k->d->st, k->g, &sg);
    if (loaded.kind != SVC_OK)
        return refuse(k, "the game cannot be rebuilt: %s", loaded.text);
    char why[256];
    eng_action a;
    int rc = correction_action(sg.g, c, cmd->args, &a, why, sizeof why);
    if (rc == 0 && eng_apply(sg.g, &a, why, sizeof why))
        rc = 1;
    if (rc == 1)
        refuse(k, "ADJUST: %s", why);
    buf words;
    buf_init(&words);
    for (int i = 0; i < c->nwords; i++)
        buf_printf(&words, "%s%s", i ? " " : "", cmd->args[i]);
    if (rc == 0) {
        char *json = eng_action_to_json(sg.g, &a);
        char *detail = str_format("correction: %s", words.data);
        /* a correction made while a report is held for review is of the turn in review: its
         * report, rendered again on RELEASE, shows it */
        int turn = k->g->held ? svc_held_turn(k->g) : k->g->turn;
        rc = store_action_append(k->d->st, k->g->id, turn, json) != STORE_OK ||
                     audit(k, "adjust", detail)
                 ? -1 : 0;
        if (rc == 0)
            tell(k, "Done: %s (%s). The players see it in %s.", words.data, cmd->reason,
                 k->g->held ? "the held report when you RELEASE it" : "the next report");
        free(json);
        free(detail);
    }
    buf_free(&words);
    svc_game_unload(&sg);
    return rc;
}

/* EXPORT: the game as an 18xx.games file, attached to the answer by mail (on the command line,
 * `game export` writes it). */
static int verb_export(struct call *k)
{
    char *json;
    svc_result r = svc_game_file(k->d->st, k->g, &json);
    if (r.kind == SVC_FAILED)
        return -1;
    if (r.kind == SVC_REFUSED)
        return refuse(k, "%s", r.text);
    free(k->d->file);
    free(k->d->file_name);
    k->d->file = json;
    k->d->file_name = svc_game_file_name(k->g);
    tell(k, "The game's file for 18xx.games is attached (%s): load it there with \"import "
            "hotseat game\" on the new-game page.%s%s", k->d->file_name, r.text[0] ? " Note: " : "",
         r.text);
    return 0;
}

/* ---- the table ---- */

static const struct verb verbs[] = {
    {"STATUS", 0, false, NO_BODY, false, verb_status, "STATUS", 0},
    {"ORDERS", 1, false, NO_BODY, true, verb_orders, "ORDERS player", 0},
    {"BECOME", 1, false, BODY_ORDERS, true, verb_become, "BECOME player, then the orders", 0},
    {"PREVIEW", 0, false, NO_BODY, true, verb_preview, "PREVIEW", 0},
    {"REVIEW", 1, false, NO_BODY, false, verb_review, "REVIEW ON|OFF", 0},
    {"RELEASE", 0, false, NO_BODY, false, verb_release, "RELEASE", 0},
    {"ROLLBACK", 1, true, NO_BODY, false, verb_rollback, "ROLLBACK turn reason", 0},
    {"ADJUST", -1, true, NO_BODY, true, verb_adjust, "ADJUST correction reason", 0},
    {"PAUSE", 0, false, NO_BODY, true, verb_pause, "PAUSE [reason]", 0},
    {"RESUME", 0, false, NO_BODY, true, verb_resume, "RESUME", 0},
    {"ONE-ROUND", 0, false, NO_BODY, true, verb_one_round, "ONE-ROUND [reason]", 0},
    {"DEADLINE", 2, true, NO_BODY, true, verb_deadline, "DEADLINE YYYY-MM-DD HH:MM reason", 0},
    {"BROADCAST", 0, false, BODY_TEXT, false, verb_broadcast, "BROADCAST, then the message", 0},
    {"REPLACE", 3, false, NO_BODY, false, verb_replace, "REPLACE old new address", 0},
    {"PROCESS", 0, false, NO_BODY, true, verb_process, "PROCESS [turn]", 1},
    {"HISTORY", 0, false, NO_BODY, false, verb_history, "HISTORY", 0},
    {"EXPORT", 0, false, NO_BODY, false, verb_export, "EXPORT", 0},
};
#define NVERBS ((int)(sizeof verbs / sizeof *verbs))

int svc_desk_verb(const char *word)
{
    for (int v = 0; v < NVERBS; v++)
        if (str_ieq(verbs[v].name, word))
            return v;
    return -1;
}

bool svc_desk_takes_lines(int verb)
{
    return verb >= 0 && verb < NVERBS && verbs[verb].body != NO_BODY;
}

const char *svc_desk_usage(void)
{
    static char text[1024];
    if (!text[0]) {
        size_t n = 0;
        for (int v = 0; v < NVERBS; v++)
            n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", v ? "; " : "",
                                  verbs[v].usage);
    }
    return text;
}

static void add_word(svc_desk_cmd *cmd, const char *w, size_t n)
{
    if (cmd->nargs < SVC_DESK_MAX_ARGS)
        cmd->args[cmd->nargs++] = xstrndup(w, n);
}

svc_result svc_desk_parse(const char *line, svc_desk_cmd *cmd)
{
    memset(cmd, 0, sizeof *cmd);
    const char *p = line;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = strcspn(p, " \t");
    char *word = xstrndup(p, n);
    cmd->verb = svc_desk_verb(word);
    free(word);
    if (cmd->verb < 0)
        return svc_refused("\"%.*s\" is not a GM command (%s)", (int)n, p, svc_desk_usage());
    const struct verb *v = &verbs[cmd->verb];
    p += n;
    /* the words: a fixed count, or ADJUST's correction (as many as it takes) */
    int want = v->nargs < 0 ? v->nargs : v->nargs + v->optional;
    while (*p) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || (want >= 0 && cmd->nargs >= want))
            break;
        size_t m = strcspn(p, " \t");
        add_word(cmd, p, m);
        p += m;
        if (want < 0 && cmd->nargs == 2) { /* ADJUST: its correction's words, then the reason */
            const struct correction *c = correction_of(cmd->args, cmd->nargs);
            want = c ? c->nwords : 2;
        }
    }
    if (*p)
        cmd->reason = str_trim(xstrdup(p));
    return svc_ok();
}

void svc_desk_cmd_clear(svc_desk_cmd *cmd)
{
    for (int i = 0; i < cmd->nargs; i++)
        free(cmd->args[i]);
    free(cmd->reason);
    free(cmd->body);
    memset(cmd, 0, sizeof *cmd);
}

/* The verb on the game as it is now, read inside the caller's transaction: the game the caller
 * read before may have moved on meanwhile (the daemon resolved a turn). */
static int run_on_game_now(svc_desk *d, const store_game *g, const svc_desk_cmd *cmd);

svc_result svc_desk_run(svc_desk *d, const store_game *g, const svc_desk_cmd *cmd)
{
    store_game now = {0};
    int rc = store_game_find(d->st, g->name, &now);
    if (rc == STORE_NOT_FOUND) {
        struct call k = {d, g, cmd};
        rc = refuse(&k, "there is no game \"%s\" any more", g->name);
    } else {
        rc = rc == STORE_OK ? run_on_game_now(d, &now, cmd) : -1;
    }
    store_game_clear(&now);
    if (rc < 0)
        return svc_store_failed(d->st);
    /* refused: why is in d->out, with what else the GM is told */
    return rc > 0 ? (svc_result){.kind = SVC_REFUSED} : svc_ok();
}

static int run_on_game_now(svc_desk *d, const store_game *g, const svc_desk_cmd *cmd)
{
    struct call k = {d, g, cmd};
    if (cmd->verb < 0 || cmd->verb >= NVERBS)
        return refuse(&k, "not a GM command");
    const struct verb *v = &verbs[cmd->verb];
    if (v->nargs >= 0 && (cmd->nargs < v->nargs || cmd->nargs > v->nargs + v->optional))
        return refuse(&k, "%s takes: %s", v->name, v->usage);
    if (v->reason && (!cmd->reason || str_is_blank(cmd->reason)))
        return refuse(&k, "%s needs a reason (%s): the players are told it", v->name, v->usage);
    if (v->running && strcmp(g->status, "running") != 0)
        return refuse(&k, "game %s is %s, not running", g->name, g->status);
    int rc = v->run(&k);
    if (rc == 0) { /* orders, deadline or players may have changed: when is the turn due? */
        store_game now = {0};
        if (store_game_find(d->st, g->name, &now) != STORE_OK ||
            svc_refresh_due(d->st, &now).kind != SVC_OK)
            rc = -1;
        store_game_clear(&now);
    }
    return rc;
}

/* ---- seating a player (player add / replace, REPLACE) ---- */

static char *welcome_body(const cfg *c, const store_game *g, const char *player,
                          const char *password, const store_player *old, const char *copy)
{
    cJSON *ctx = cJSON_CreateObject();
    if (old && copy) { /* a seat in a game under way: where it stands, what comes with this */
        cJSON *seat = cJSON_AddObjectToObject(ctx, "under_way");
        cJSON_AddNumberToObject(seat, "seat", old->seat);
        cJSON_AddStringToObject(seat, "old", old->name);
        cJSON_AddNumberToObject(seat, "turn", g->turn);
        if (strcmp(g->status, "running") == 0 && !g->held && g->deadline_at > 0) {
            char when[64];
            svc_format_time(g->deadline_at, when, sizeof when);
            cJSON_AddStringToObject(seat, "deadline", when);
        }
        if (strcmp(g->status, "finished") == 0)
            cJSON_AddTrueToObject(seat, "over");
        cJSON_AddStringToObject(seat, "copy", copy);
    }
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "gm_address", svc_gm_address(c, g));
    cJSON_AddStringToObject(ctx, "daemon_address", c->daemon_address);
    cJSON_AddStringToObject(ctx, "game", g->name);
    cJSON_AddStringToObject(ctx, "player", player);
    cJSON_AddStringToObject(ctx, "password", password);
    char *body = svc_render_text(c, "welcome.txt", ctx);
    cJSON_Delete(ctx);
    return body;
}

/* The welcome queued: the game, the password, what comes with a seat under way (copy). */
static int welcome(const cfg *c, store *st, const store_game *g, const store_player *old,
                   const char *name, const char *address, const char *password, const char *copy)
{
    char *body = welcome_body(c, g, name, password, old, copy);
    char *subject = str_format("%s: welcome to the game", g->name);
    mail_outgoing m = {.to_addr = address, .to_name = name, .subject = subject,
                       .body = body, .auto_submitted = "auto-generated"};
    int rc = svc_queue_mail(c, st, 0, g->id, &m).kind == SVC_OK ? 0 : -1;
    free(subject);
    free(body);
    return rc;
}

svc_result svc_mail_welcome(const cfg *c, store *st, const store_game *g, const char *name,
                            const char *address, const char *password)
{
    return welcome(c, st, g, NULL, name, address, password, NULL) ? svc_store_failed(st)
                                                                   : svc_ok();
}

svc_result svc_seat_player(const cfg *c, store *st, const store_game *g, const store_player *old,
                           const char *name, const char *address, const char *password,
                           bool mail)
{
    char *hash = pw_hash(password);
    if (!hash)
        return svc_refused("crypt(3) could not hash the password");
    int64_t id = 0;
    int r = old ? store_player_replace(st, old->id, name, address, hash)
                : store_player_add(st, g->id, name, address, hash, &id);
    free(hash);
    if (r == STORE_DUPLICATE)
        return svc_refused("game %s has a player of that name already", g->name);
    if (r == STORE_NOT_FOUND)
        return svc_refused("game %s has started: its seating is fixed and a new seat would break "
                           "it; to give a seat to a new player use `player replace %s OLD %s "
                           "ADDRESS` (REPLACE by mail)",
                           g->name, g->name, name);
    if (r != STORE_OK)
        return svc_store_failed(st);
    int rc = 0;
    svc_result copy = svc_ok();
    if (mail && old && strcmp(g->status, "forming") != 0) /* what a new player needs: the last
                                                             * report, made for the new player */
        copy = svc_report_copy(c, st, g, old->seat - 1, 0);
    if (copy.kind == SVC_FAILED)
        rc = -1;
    if (mail && rc == 0)
        rc = welcome(c, st, g, old, name, address, password, copy.text[0] ? copy.text : NULL);
    if (rc == 0 && store_audit(st, "gm", old ? "player_replace" : "player_add", g->id,
                               old ? old->name : name) != STORE_OK)
        rc = -1;
    if (rc == 0 && svc_refresh_due(st, g).kind != SVC_OK) /* a new player has sent nothing yet */
        rc = -1;
    return rc ? svc_store_failed(st) : svc_ok();
}
