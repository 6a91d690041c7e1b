/* turns: resolving a game's turns. A turn is resolved at its deadline, or when every player
 * has sent orders and the game's grace period after the last of them has passed (so a slip can
 * still be corrected), by src/turn with each player's orders as orders.c reads them; the
 * actions join the log, NMRs are counted (house rule 13: the second marks the seat for a
 * replacement; a mail whose orders were not understood is not an NMR, house rule 16), and the
 * report goes to every player — with the order form filled in for that player — and the GM.
 * Players without orders are reminded before the deadline. Each game's turn is one
 * transaction. */
#include "report/state.h"
#include "service/service.h"
#include "turn/turn.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the report ---- */

static cJSON *report_context(const cfg *c, const store_game *sg, const svc_game *dg,
                             const turn_result *r, const bool *nmr, const bool *seat_open,
                             int64_t next_deadline)
{
    cJSON *ctx = rep_state_json(dg->g);
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "game", sg->name);
    cJSON_AddNumberToObject(ctx, "turn", sg->turn);
    cJSON_AddNumberToObject(ctx, "rounds", r->rounds);
    cJSON_AddStringToObject(ctx, "rounds_text", r->rounds_text[0] ? r->rounds_text : "no round");
    cJSON_AddStringToObject(ctx, "happened", r->report.len ? r->report.data : "");
    cJSON *nmrs = cJSON_AddArrayToObject(ctx, "nmr");
    cJSON *open = cJSON_AddArrayToObject(ctx, "replacements");
    for (int p = 0; p < dg->nplayers; p++) {
        if (nmr[p]) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "name", dg->players[p].name);
            cJSON_AddNumberToObject(o, "count", dg->players[p].nmr_count + 1);
            cJSON_AddItemToArray(nmrs, o);
        }
        if (seat_open[p]) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddStringToObject(o, "name", dg->players[p].name);
            cJSON_AddStringToObject(o, "game", sg->name);
            cJSON_AddNumberToObject(o, "seat", dg->players[p].seat);
            cJSON_AddItemToArray(open, o);
        }
    }
    if (r->game_over) {
        cJSON_AddTrueToObject(ctx, "game_over");
        cJSON_AddItemToObject(ctx, "ranking", rep_ranking_json(dg->g));
    } else {
        char when[64];
        svc_format_time(next_deadline, when, sizeof when);
        cJSON *next = cJSON_AddObjectToObject(ctx, "next");
        cJSON_AddNumberToObject(next, "turn", sg->turn + 1);
        cJSON_AddStringToObject(next, "deadline", when);
    }
    return ctx;
}

/* For the GM: the lines of the report where the game master ruled for a player (house rule 16's
 * ambiguous orders, house rule 17's fallbacks, companies played for their director), so that
 * the GM can look at them before release. */
static void add_rulings(cJSON *ctx, const turn_result *r)
{
    cJSON *list = cJSON_AddArrayToObject(ctx, "rulings");
    const char *p = r->report.len ? r->report.data : "";
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *line = xstrndup(p, n);
        if (strstr(line, "house rule 16") || strstr(line, "house rule 17") ||
            strstr(line, "Played for its director") || strstr(line, "(NMR)"))
            cJSON_AddItemToArray(list, cJSON_CreateString(str_trim(line)));
        free(line);
        p = nl ? nl + 1 : p + n;
    }
    if (cJSON_GetArraySize(list) == 0)
        cJSON_DeleteItemFromObject(ctx, "rulings");
}

struct corrections {
    int64_t since;
    cJSON *list;
};

static void collect_correction(const store_audit_entry *e, void *ctx)
{
    struct corrections *k = ctx;
    static const char *const told[] = {"adjust", "rollback", "become", "deadline", "replace",
                                       "pause", "resume"};
    bool wanted = false;
    for (size_t i = 0; i < sizeof told / sizeof *told; i++)
        wanted |= strcmp(e->action, told[i]) == 0;
    if (!wanted || e->at < k->since || !e->detail)
        return;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "text", e->detail);
    if (e->reason && *e->reason)
        cJSON_AddStringToObject(o, "reason", e->reason);
    cJSON_AddItemToArray(k->list, o);
}

/* The GM's changes since the turn began (the last report), told in this one with their reasons. */
static int add_corrections(store *st, const store_game *sg, cJSON *ctx)
{
    struct corrections k = {0, cJSON_CreateArray()};
    if (sg->turn > 1 && store_turn_resolved_at(st, sg->id, sg->turn - 1, &k.since) != STORE_OK)
        k.since = 0;
    int rc = store_audit_each(st, sg->id, collect_correction, &k);
    if (cJSON_GetArraySize(k.list)) {
        cJSON_AddItemToObject(ctx, "corrections", k.list);
        cJSON_AddTrueToObject(ctx, "has_corrections");
    }
    else
        cJSON_Delete(k.list);
    return rc;
}

/* The report for one reader: the players get the order form filled in for them (their name,
 * where the next turn starts, the sections of the companies they direct); the GM the plain
 * report. */
static char *report_for(const cfg *c, const svc_game *dg, cJSON *ctx, int p)
{
    cJSON_DeleteItemFromObject(ctx, "me");
    cJSON_DeleteItemFromObject(ctx, "form");
    cJSON *rulings = cJSON_DetachItemFromObject(ctx, "rulings");
    if (p >= 0)
        cJSON_AddStringToObject(ctx, "me", dg->players[p].name);
    else if (rulings) {
        cJSON_AddItemToObject(ctx, "gm_rulings", cJSON_Duplicate(rulings, true));
        cJSON_AddTrueToObject(ctx, "has_gm_rulings");
    }
    if (p >= 0 && !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(ctx, "game_over")))
        cJSON_AddItemToObject(ctx, "form", rep_order_form_json(dg->g, p));
    char *text = svc_render(c, "turn_report.txt", ctx);
    cJSON_DeleteItemFromObject(ctx, "gm_rulings");
    cJSON_DeleteItemFromObject(ctx, "has_gm_rulings");
    if (rulings)
        cJSON_AddItemToObject(ctx, "rulings", rulings);
    return text;
}

/* The report to every player — held for the GM's release when the game is under review — and
 * the GM's copy (marked held, with the rulings to look at). */
static int mail_everyone(const cfg *c, store *st, const store_game *sg, const svc_game *dg,
                         const char *subject, cJSON *ctx)
{
    int rc = 0;
    for (int p = 0; p < dg->nplayers && rc == 0; p++) {
        char *body = report_for(c, dg, ctx, p);
        svc_mail m = {dg->players[p].address, dg->players[p].name, subject, body, NULL, NULL,
                      "auto-generated"};
        rc = sg->review ? store_held_add(st, sg->id, sg->turn, m.to_addr, m.to_name, subject, body)
                        : svc_queue_mail(c, st, 0, &m);
        free(body);
    }
    if (rc == 0) {
        if (sg->review)
            cJSON_AddTrueToObject(ctx, "held");
        char *body = report_for(c, dg, ctx, -1);
        char *held = str_format("%s (held for your review)", subject);
        svc_mail m = {svc_gm_address(c, sg), c->gm_name, sg->review ? held : subject, body, NULL,
                      NULL, "auto-generated"};
        rc = svc_queue_mail(c, st, 0, &m);
        cJSON_DeleteItemFromObject(ctx, "held");
        free(held);
        free(body);
    }
    return rc;
}

/* ---- resolving a turn ---- */

struct turn_input {
    svc_orders orders[ENG_MAX_PLAYERS];
    turn_player players[ENG_MAX_PLAYERS];
    bool nmr[ENG_MAX_PLAYERS], seat_open[ENG_MAX_PLAYERS];
    bool one_round;
};

static int gather_orders(store *st, const store_game *sg, const svc_game *dg,
                         struct turn_input *in)
{
    for (int p = 0; p < dg->nplayers; p++) {
        if (svc_player_orders(st, sg, dg, p, &in->orders[p]) != STORE_OK)
            return -1;
        in->players[p].orders = &in->orders[p].orders;
        in->players[p].nmr = in->nmr[p] = !in->orders[p].sent;
        in->one_round |= in->orders[p].orders.one_round;
    }
    return 0;
}

/* The turn's settings: its rounds (house rule 14: one when a player or the GM asked) and whether
 * it stops when the Prussian forms. */
static turn_settings settings_of(const store_game *sg, const struct turn_input *in)
{
    turn_settings set;
    turn_settings_default(&set);
    set.rounds = in->one_round || sg->one_round_turn == sg->turn ? 1 : sg->rounds_per_turn;
    set.stop_after_formation = sg->stop_after_formation;
    return set;
}

static void free_input(struct turn_input *in, int n)
{
    for (int p = 0; p < n; p++)
        svc_orders_clear(&in->orders[p]);
}

static int record_nmrs(store *st, const svc_game *dg, struct turn_input *in)
{
    for (int p = 0; p < dg->nplayers; p++) {
        int count = dg->players[p].nmr_count + (in->nmr[p] ? 1 : 0);
        in->seat_open[p] = dg->players[p].seat_open || count >= 2;
        if (in->nmr[p] && store_player_set_nmr(st, dg->players[p].id, count, in->seat_open[p]))
            return -1;
    }
    return 0;
}

static int store_result(store *st, const store_game *sg, const turn_result *r)
{
    for (int i = 0; i < r->nactions; i++)
        if (store_action_append(st, sg->id, sg->turn, r->actions[i]) != STORE_OK)
            return -1;
    return 0;
}

int svc_resolve_turn(const cfg *c, store *st, const store_game *sg, char *why, size_t len)
{
    if (svc_turn_blocked(sg, why, len))
        return -1;
    svc_game dg;
    if (svc_game_load(st, sg, &dg, why, len))
        return -1;
    struct turn_input *in = xmalloc(sizeof *in);
    memset(in, 0, sizeof *in);
    turn_result r = {0};
    int rc = gather_orders(st, sg, &dg, in);
    if (rc == 0) {
        turn_settings set = settings_of(sg, in);
        if (turn_resolve(dg.g, &set, in->players, &r))
            log_error("game %s, turn %d: the resolver stopped early", sg->name, sg->turn);
        int64_t next = util_now() + (int64_t)sg->turn_hours * 3600;
        rc = store_result(st, sg, &r) || record_nmrs(st, &dg, in) ||
             store_turn_add(st, sg->id, sg->turn, r.rounds, r.report.data) ||
             (r.game_over ? store_game_over(st, sg->id) : store_game_next_turn(st, sg->id, next));
        cJSON *ctx = rc == 0 ? report_context(c, sg, &dg, &r, in->nmr, in->seat_open, next) : NULL;
        if (ctx) {
            add_rulings(ctx, &r);
            rc = add_corrections(st, sg, ctx);
        }
        if (ctx && rc == 0) {
            char *subject = str_format("%s: turn %d", sg->name, sg->turn);
            rc = mail_everyone(c, st, sg, &dg, subject, ctx);
            free(subject);
        }
        cJSON_Delete(ctx);
        if (rc)
            snprintf(why, len, "%s", store_errmsg(st));
    } else {
        snprintf(why, len, "%s", store_errmsg(st));
    }
    turn_result_clear(&r);
    free_input(in, dg.nplayers);
    free(in);
    svc_game_unload(&dg);
    return rc ? -1 : 0;
}

/* ---- deadlines and reminders ---- */

/* Whether the player has sent anything for the turn, and when (*at 0: orders stored before
 * their mails were recorded). */
static bool sent_at(store *st, const store_game *sg, const store_player *p, int64_t *at)
{
    if (store_order_mail_last(st, sg->id, p->id, sg->turn, at) == STORE_OK)
        return true;
    *at = 0;
    return store_orders_count(st, sg->id, p->id, sg->turn) > 0;
}

static bool has_sent(store *st, const store_game *sg, const store_player *p)
{
    int64_t at;
    return sent_at(st, sg, p, &at);
}

static int remind(const cfg *c, store *st, const store_game *sg, const svc_game *dg)
{
    char when[64];
    svc_format_time(sg->deadline_at, when, sizeof when);
    for (int p = 0; p < dg->nplayers; p++) {
        if (has_sent(st, sg, &dg->players[p]))
            continue;
        cJSON *ctx = cJSON_CreateObject();
        cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
        cJSON_AddStringToObject(ctx, "game", sg->name);
        cJSON_AddStringToObject(ctx, "player", dg->players[p].name);
        cJSON_AddNumberToObject(ctx, "turn", sg->turn);
        cJSON_AddStringToObject(ctx, "deadline", when);
        char *body = svc_render(c, "reminder.txt", ctx);
        char *subject = str_format("%s: your orders for turn %d", sg->name, sg->turn);
        svc_mail m = {dg->players[p].address, dg->players[p].name, subject, body, NULL, NULL,
                      "auto-generated"};
        int rc = svc_queue_mail(c, st, 0, &m);
        free(subject);
        free(body);
        cJSON_Delete(ctx);
        if (rc)
            return -1;
    }
    return store_game_set_reminded(st, sg->id, sg->turn) == STORE_OK ? 0 : -1;
}

int64_t svc_turn_due_at(store *st, const store_game *sg, const svc_game *players)
{
    int64_t last = 0;
    for (int p = 0; p < players->nplayers; p++) {
        int64_t at;
        if (!sent_at(st, sg, &players->players[p], &at))
            return 0;
        if (at > last)
            last = at;
    }
    int64_t due = (last ? last : util_now()) + (int64_t)sg->grace_minutes * 60;
    return sg->deadline_at > 0 && sg->deadline_at < due ? sg->deadline_at : due;
}

struct running {
    int n;
    store_game v[64];
};

static void collect_running(const store_game *g, void *ctx)
{
    struct running *r = ctx;
    if (r->n < 64 && strcmp(g->status, "running") == 0) {
        store_game *q = &r->v[r->n++];
        *q = *g;
        q->name = xstrdup(g->name);
        q->title = xstrdup(g->title);
        q->status = xstrdup(g->status);
        q->options = g->options ? xstrdup(g->options) : NULL;
        q->gm_address = g->gm_address ? xstrdup(g->gm_address) : NULL;
        q->gm_password_hash = g->gm_password_hash ? xstrdup(g->gm_password_hash) : NULL;
    }
}

/* A turn that cannot be resolved (a bug, a damaged action log): the GM is mailed once for the
 * game's turn, and the daemon keeps trying at every pass. */
static void tell_gm_once(const cfg *c, store *st, const store_game *sg, const char *why)
{
    char *detail = str_format("turn %d: %s", sg->turn, why);
    if (store_begin(st) != STORE_OK) {
        free(detail);
        return;
    }
    int rc = 0;
    if (!store_audit_has(st, "turn_failed", sg->id, detail)) {
        char *subject = str_format("%s: turn %d cannot be resolved", sg->name, sg->turn);
        char *body = str_format("Game %s, turn %d, cannot be resolved:\n\n    %s\n\nNothing of the "
                                "turn was applied; the daemon tries again at every pass. The "
                                "players' orders are kept.\n",
                                sg->name, sg->turn, why);
        svc_mail m = {svc_gm_address(c, sg), c->gm_name, subject, body, NULL, NULL,
                      "auto-generated"};
        rc = svc_queue_mail(c, st, 0, &m) || store_audit(st, "daemon", "turn_failed", sg->id,
                                                         detail);
        free(subject);
        free(body);
    }
    if (rc || store_commit(st) != STORE_OK)
        store_rollback(st);
    free(detail);
}

/* One game's due work, in one transaction: the turn resolved when its deadline has passed or
 * every player has sent orders; else the reminder when it is time. */
static int game_due(const cfg *c, store *st, const store_game *sg)
{
    if (sg->paused_at || sg->held)
        return 0; /* paused, or a report waits for the GM's release: no deadline runs */
    int64_t now = util_now();
    char why[256] = "a database error";
    svc_game dg; /* the players only: the state is rebuilt when the turn is resolved */
    if (store_begin(st) != STORE_OK)
        return -1;
    if (svc_game_load_players(st, sg, &dg)) {
        store_rollback(st);
        log_error("game %s: its players cannot be read", sg->name);
        return -1;
    }
    int64_t all_in = svc_turn_due_at(st, sg, &dg);
    bool due = (sg->deadline_at > 0 && now >= sg->deadline_at) || (all_in > 0 && now >= all_in);
    bool remind_now = !due && sg->deadline_at > 0 && sg->reminded_turn < sg->turn &&
                      now >= sg->deadline_at - (int64_t)sg->remind_hours * 3600;
    int rc = 0;
    if (remind_now)
        rc = remind(c, st, sg, &dg);
    svc_game_unload(&dg);
    if (due && rc == 0) {
        rc = svc_resolve_turn(c, st, sg, why, sizeof why);
        if (rc)
            log_error("game %s, turn %d: %s", sg->name, sg->turn, why);
        else
            log_info("game %s: turn %d resolved", sg->name, sg->turn);
    }
    if (rc == 0 && store_commit(st) == STORE_OK)
        return due ? 1 : 0;
    store_rollback(st);
    if (due)
        tell_gm_once(c, st, sg, why);
    return -1;
}

int svc_turns_due(const cfg *c, store *st)
{
    struct running r = {0};
    if (store_game_each(st, collect_running, &r) != STORE_OK)
        return -1;
    int resolved = 0, failed = 0;
    for (int i = 0; i < r.n; i++) {
        int rc = game_due(c, st, &r.v[i]);
        if (rc < 0)
            failed++;
        else
            resolved += rc;
        store_game_clear(&r.v[i]);
    }
    return failed ? -1 : resolved;
}


int svc_turn_blocked(const store_game *sg, char *why, size_t len)
{
    if (strcmp(sg->status, "running") != 0)
        return snprintf(why, len, "game %s is %s, not running", sg->name, sg->status), -1;
    if (sg->paused_at) {
        char since[64];
        svc_format_time(sg->paused_at, since, sizeof since);
        return snprintf(why, len, "game %s is paused (since %s): RESUME it first", sg->name,
                        since), -1;
    }
    if (sg->held)
        return snprintf(why, len, "game %s: the report of turn %d is held for review: RELEASE "
                                  "it first", sg->name, sg->turn - 1), -1;
    return 0;
}

/* The turn resolved on a copy with every player's orders as they stand: the GM's report
 * (with the rulings to look at) in *out; nothing stored, nothing sent. */
int svc_preview_turn(const cfg *c, store *st, const store_game *sg, char **out, char *why,
                     size_t len)
{
    svc_game dg;
    if (svc_game_load(st, sg, &dg, why, len))
        return -1;
    struct turn_input *in = xcalloc(1, sizeof *in);
    turn_result r = {0};
    int rc = gather_orders(st, sg, &dg, in);
    if (rc == 0) {
        turn_settings set = settings_of(sg, in);
        turn_resolve(dg.g, &set, in->players, &r);
        for (int p = 0; p < dg.nplayers; p++)
            in->seat_open[p] = dg.players[p].seat_open || (in->nmr[p] && dg.players[p].nmr_count >= 1);
        cJSON *ctx = report_context(c, sg, &dg, &r, in->nmr, in->seat_open,
                                    util_now() + (int64_t)sg->turn_hours * 3600);
        add_rulings(ctx, &r);
        rc = add_corrections(st, sg, ctx);
        *out = report_for(c, &dg, ctx, -1);
        cJSON_Delete(ctx);
    }
    if (rc)
        snprintf(why, len, "%s", store_errmsg(st));
    turn_result_clear(&r);
    free_input(in, dg.nplayers);
    free(in);
    svc_game_unload(&dg);
    return rc ? -1 : 0;
}
