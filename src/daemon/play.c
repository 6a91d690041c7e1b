/* play: the game side of the daemon. A running game's state is rebuilt from its action log
 * (title, options, players in seating order, then every action replayed); its turn is resolved
 * at the deadline, or as soon as every player has sent orders, by src/turn — each player's
 * orders for the turn with the standing orders and goals of earlier turns for the sections not
 * sent again; the actions join the log, NMRs are counted (house rule 13: the second marks the
 * seat for a replacement), and the report goes to every player and the GM. Players without
 * orders are reminded before the deadline. Each game's turn is one transaction. */
#include "daemon/daemon.h"
#include "engine/routes.h"
#include "orders/order.h"
#include "report/state.h"
#include "turn/turn.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef PBEMGM_GAMES_DIR
#define PBEMGM_GAMES_DIR "config/games"
#endif

/* ---- loading a game ---- */

static void collect_player(const store_player *p, void *ctx)
{
    dmn_game *dg = ctx;
    if (dg->nplayers < ENG_MAX_PLAYERS) {
        store_player *q = &dg->players[dg->nplayers];
        *q = *p;
        q->name = xstrdup(p->name);
        q->address = xstrdup(p->address);
        q->password_hash = p->password_hash ? xstrdup(p->password_hash) : NULL;
    }
    dg->nplayers++;
}

struct replay {
    eng_game *g;
    char why[256];
    int64_t seq;
};

static int replay_one(int64_t seq, int turn, const char *json, void *ctx)
{
    (void)turn;
    struct replay *r = ctx;
    eng_action a;
    r->seq = seq;
    if (eng_action_from_json(r->g, json, &a, r->why, sizeof r->why) ||
        eng_apply(r->g, &a, r->why, sizeof r->why))
        return 1;
    return 0;
}

eng_title *dmn_load_title(const char *title, char *why, size_t len)
{
    char *path = str_format("%s/%s.json", PBEMGM_GAMES_DIR, title);
    char *json = util_read_file(path, NULL), *err = NULL;
    eng_title *t = json ? eng_title_parse(json, &err) : NULL;
    if (!json)
        snprintf(why, len, "there is no title \"%s\" (%s)", title, path);
    else if (!t)
        snprintf(why, len, "%s: %s", path, err);
    free(err);
    free(json);
    free(path);
    return t;
}

int dmn_game_load(store *st, const store_game *sg, dmn_game *out, char *why, size_t len)
{
    memset(out, 0, sizeof *out);
    out->t = dmn_load_title(sg->title, why, len);
    if (!out->t)
        return -1;
    eng_options o;
    eng_options_default(&o);
    if (eng_options_parse(&o, sg->options ? sg->options : "", why, len) ||
        store_player_each(st, sg->id, collect_player, out) != STORE_OK) {
        dmn_game_unload(out);
        return -1;
    }
    const char *names[ENG_MAX_PLAYERS];
    for (int p = 0; p < out->nplayers && p < ENG_MAX_PLAYERS; p++)
        names[p] = out->players[p].name;
    out->g = out->nplayers <= ENG_MAX_PLAYERS
                 ? eng_game_new(out->t, &o, names, out->nplayers, why, len)
                 : NULL;
    if (!out->g) {
        dmn_game_unload(out);
        return -1;
    }
    struct replay r = {.g = out->g};
    int rc = store_action_each(st, sg->id, replay_one, &r);
    if (rc > 0)
        snprintf(why, len, "action %lld of the log does not replay: %s", (long long)r.seq, r.why);
    else if (rc)
        snprintf(why, len, "reading the action log failed: %s", store_errmsg(st));
    if (rc) {
        dmn_game_unload(out);
        return -1;
    }
    return 0;
}

void dmn_game_unload(dmn_game *dg)
{
    eng_game_free(dg->g);
    eng_title_free(dg->t);
    for (int p = 0; p < dg->nplayers && p < ENG_MAX_PLAYERS; p++)
        store_player_clear(&dg->players[p]);
    memset(dg, 0, sizeof *dg);
}

/* ---- a player's orders for the turn ---- */

struct order_text {
    buf body;
    char section[32];
    bool one_round;
    bool sections_sent[ENG_MAX_COMPANIES + 1]; /* by company, [0] the stock round */
};

static void add_line(struct order_text *ot, const char *section, const char *text)
{
    if (strcmp(section, DMN_TURN_SECTION) == 0) {
        buf_adds(&ot->body, "ONE ROUND\n");
        ot->one_round = true;
        return;
    }
    if (strcmp(section, ot->section) != 0) {
        buf_printf(&ot->body, "%s:\n", *section ? section : "STOCK");
        snprintf(ot->section, sizeof ot->section, "%s", section);
    }
    buf_printf(&ot->body, "%s\n", text);
}

struct earlier {
    struct order_text *ot;
    const eng_title *t;
    int turn;                            /* the turn whose sections are being taken */
    bool taken[ENG_MAX_COMPANIES + 1];   /* sections already taken from a later turn */
    bool seen[ENG_MAX_COMPANIES + 1];    /* sections of the turn being read */
};

static int section_index(const eng_title *t, const char *section)
{
    if (!*section)
        return 0;
    int c = eng_company_index(t, section);
    return c >= 0 ? c + 1 : -1;
}

/* Standing orders and goals of the latest earlier turn that had the section, for each section
 * not sent this turn. */
static void earlier_turn(int turn, const char *section, const char *text, void *ctx)
{
    struct earlier *e = ctx;
    int k = section_index(e->t, section);
    if (k < 0 || e->ot->sections_sent[k])
        return;
    if (turn != e->turn) { /* a new turn: the sections read so far are taken */
        for (int i = 0; i <= ENG_MAX_COMPANIES; i++)
            e->taken[i] |= e->seen[i];
        memset(e->seen, 0, sizeof e->seen);
        e->turn = turn;
    }
    if (e->taken[k])
        return;
    e->seen[k] = true;
    if (str_istarts(text, "STANDING ") || str_istarts(text, "GOAL "))
        add_line(e->ot, section, text);
}

/* This turn's orders, their sections marked as sent (earlier turns' do not count for them). */
static void this_turn(const char *section, const char *text, void *ctx)
{
    struct earlier *e = ctx;
    int k = section_index(e->t, section);
    if (k >= 0)
        e->ot->sections_sent[k] = true;
    add_line(e->ot, section, text);
}

/* The player's orders for the turn as the resolver takes them; returns whether any were sent
 * for this turn. */
static int player_orders(store *st, const store_game *sg, const dmn_game *dg, int p,
                         ord_envelope *env, ord_orders *orders, bool *one_round, bool *sent)
{
    struct order_text ot = {0};
    buf_init(&ot.body);
    struct earlier e = {.ot = &ot, .t = dg->t, .turn = -1};
    int64_t pid = dg->players[p].id;
    int rc = store_orders_each(st, sg->id, pid, sg->turn, this_turn, &e);
    *sent = ot.body.len > 0;
    if (rc == STORE_OK)
        rc = store_orders_each_before(st, sg->id, pid, sg->turn, earlier_turn, &e);
    ord_envelope_parse("orders", ot.body.len ? ot.body.data : "", env);
    ord_parse(env, orders);
    *one_round = ot.one_round;
    buf_free(&ot.body);
    return rc;
}

/* ---- the report ---- */

void dmn_format_deadline(int64_t t, char *out, size_t len)
{
    time_t tt = (time_t)t;
    struct tm tm;
    gmtime_r(&tt, &tm);
    strftime(out, len, "%Y-%m-%d %H:%M UTC", &tm);
}

static cJSON *report_context(const cfg *c, const store_game *sg, const dmn_game *dg,
                             const turn_result *r, const bool *nmr, const bool *seat_open,
                             int64_t next_deadline)
{
    cJSON *ctx = rep_state_json(dg->g);
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "game", sg->name);
    cJSON_AddNumberToObject(ctx, "turn", sg->turn);
    cJSON_AddNumberToObject(ctx, "rounds", r->rounds);
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
    } else {
        char when[64];
        dmn_format_deadline(next_deadline, when, sizeof when);
        cJSON *next = cJSON_AddObjectToObject(ctx, "next");
        cJSON_AddNumberToObject(next, "turn", sg->turn + 1);
        cJSON_AddStringToObject(next, "deadline", when);
    }
    return ctx;
}

static int mail_everyone(const cfg *c, store *st, const dmn_game *dg, const char *subject,
                         const char *body)
{
    int rc = 0;
    for (int p = 0; p < dg->nplayers && rc == 0; p++) {
        dmn_mail m = {dg->players[p].address, dg->players[p].name, subject, body, NULL, NULL,
                      "auto-generated"};
        rc = dmn_queue_mail(c, st, 0, &m);
    }
    if (rc == 0 && c->gm_address) {
        dmn_mail m = {c->gm_address, c->gm_name, subject, body, NULL, NULL, "auto-generated"};
        rc = dmn_queue_mail(c, st, 0, &m);
    }
    return rc;
}

/* ---- resolving a turn ---- */

struct turn_input {
    ord_envelope env[ENG_MAX_PLAYERS];
    ord_orders orders[ENG_MAX_PLAYERS];
    turn_player players[ENG_MAX_PLAYERS];
    bool nmr[ENG_MAX_PLAYERS], seat_open[ENG_MAX_PLAYERS];
    bool one_round;
};

static int gather_orders(store *st, const store_game *sg, const dmn_game *dg,
                         struct turn_input *in)
{
    for (int p = 0; p < dg->nplayers; p++) {
        bool one = false, sent = false;
        if (player_orders(st, sg, dg, p, &in->env[p], &in->orders[p], &one, &sent) != STORE_OK)
            return -1;
        in->players[p].orders = &in->orders[p];
        in->players[p].nmr = in->nmr[p] = !sent;
        in->one_round |= one;
    }
    return 0;
}

static void free_input(struct turn_input *in, int n)
{
    for (int p = 0; p < n; p++) {
        ord_orders_clear(&in->orders[p]);
        ord_envelope_clear(&in->env[p]);
    }
}

static int record_nmrs(store *st, const dmn_game *dg, struct turn_input *in)
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

int dmn_resolve_turn(const cfg *c, store *st, const store_game *sg, char *why, size_t len)
{
    dmn_game dg;
    if (dmn_game_load(st, sg, &dg, why, len))
        return -1;
    struct turn_input *in = xmalloc(sizeof *in);
    memset(in, 0, sizeof *in);
    turn_result r = {0};
    int rc = gather_orders(st, sg, &dg, in);
    if (rc == 0) {
        turn_settings set;
        turn_settings_default(&set);
        set.rounds = in->one_round || sg->one_round_turn == sg->turn ? 1 : sg->rounds_per_turn;
        set.stop_after_formation = sg->stop_after_formation;
        if (turn_resolve(dg.g, &set, in->players, &r))
            log_error("game %s, turn %d: the resolver stopped early", sg->name, sg->turn);
        int64_t next = util_now() + (int64_t)sg->turn_hours * 3600;
        rc = store_result(st, sg, &r) || record_nmrs(st, &dg, in) ||
             store_turn_add(st, sg->id, sg->turn, r.rounds, r.report.data) ||
             (r.game_over ? store_game_over(st, sg->id) : store_game_next_turn(st, sg->id, next));
        if (rc == 0) {
            cJSON *ctx = report_context(c, sg, &dg, &r, in->nmr, in->seat_open, next);
            char *body = dmn_render(c, "turn_report.txt", ctx);
            char *subject = str_format("%s: turn %d", sg->name, sg->turn);
            rc = mail_everyone(c, st, &dg, subject, body);
            free(subject);
            free(body);
            cJSON_Delete(ctx);
        }
        if (rc)
            snprintf(why, len, "%s", store_errmsg(st));
    } else {
        snprintf(why, len, "%s", store_errmsg(st));
    }
    turn_result_clear(&r);
    free_input(in, dg.nplayers);
    free(in);
    dmn_game_unload(&dg);
    return rc ? -1 : 0;
}

/* ---- deadlines and reminders ---- */

static int remind(const cfg *c, store *st, const store_game *sg, const dmn_game *dg)
{
    char when[64];
    dmn_format_deadline(sg->deadline_at, when, sizeof when);
    for (int p = 0; p < dg->nplayers; p++) {
        if (store_orders_count(st, sg->id, dg->players[p].id, sg->turn) > 0)
            continue;
        cJSON *ctx = cJSON_CreateObject();
        cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
        cJSON_AddStringToObject(ctx, "game", sg->name);
        cJSON_AddStringToObject(ctx, "player", dg->players[p].name);
        cJSON_AddNumberToObject(ctx, "turn", sg->turn);
        cJSON_AddStringToObject(ctx, "deadline", when);
        char *body = dmn_render(c, "reminder.txt", ctx);
        char *subject = str_format("%s: your orders for turn %d", sg->name, sg->turn);
        dmn_mail m = {dg->players[p].address, dg->players[p].name, subject, body, NULL, NULL,
                      "auto-generated"};
        int rc = dmn_queue_mail(c, st, 0, &m);
        free(subject);
        free(body);
        cJSON_Delete(ctx);
        if (rc)
            return -1;
    }
    return store_game_set_reminded(st, sg->id, sg->turn) == STORE_OK ? 0 : -1;
}

static bool all_orders_in(store *st, const store_game *sg, const dmn_game *dg)
{
    for (int p = 0; p < dg->nplayers; p++)
        if (store_orders_count(st, sg->id, dg->players[p].id, sg->turn) == 0)
            return false;
    return true;
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
    if (!store_audit_has(st, "turn_failed", sg->id, detail) && c->gm_address) {
        char *subject = str_format("%s: turn %d cannot be resolved", sg->name, sg->turn);
        char *body = str_format("Game %s, turn %d, cannot be resolved:\n\n    %s\n\nNothing of the "
                                "turn was applied; the daemon tries again at every pass. The "
                                "players' orders are kept.\n",
                                sg->name, sg->turn, why);
        dmn_mail m = {c->gm_address, c->gm_name, subject, body, NULL, NULL, "auto-generated"};
        rc = dmn_queue_mail(c, st, 0, &m) || store_audit(st, "daemon", "turn_failed", sg->id,
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
    int64_t now = util_now();
    char why[256] = "a database error";
    dmn_game dg = {0}; /* the players only: the state is rebuilt when the turn is resolved */
    if (store_begin(st) != STORE_OK)
        return -1;
    if (store_player_each(st, sg->id, collect_player, &dg) != STORE_OK ||
        dg.nplayers > ENG_MAX_PLAYERS) {
        store_rollback(st);
        dmn_game_unload(&dg);
        log_error("game %s: its players cannot be read", sg->name);
        return -1;
    }
    bool due = (sg->deadline_at > 0 && now >= sg->deadline_at) || all_orders_in(st, sg, &dg);
    bool remind_now = !due && sg->deadline_at > 0 && sg->reminded_turn < sg->turn &&
                      now >= sg->deadline_at - (int64_t)sg->remind_hours * 3600;
    int rc = 0;
    if (remind_now)
        rc = remind(c, st, sg, &dg);
    dmn_game_unload(&dg);
    if (due && rc == 0) {
        rc = dmn_resolve_turn(c, st, sg, why, sizeof why);
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

int dmn_turns_due(const cfg *c, store *st)
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

/* ---- the acknowledgement's provisional checks ---- */

static void check_lay(const eng_game *g, int c, const ord_action *a, cJSON *list)
{
    int hex = eng_hex_index(g->t, a->hex), tile = eng_tile_index(g->t, a->tile);
    char why[256] = "", line[400];
    int ok = -1;
    if (hex < 0 || tile < 0)
        snprintf(why, sizeof why, "there is no %s %s", hex < 0 ? "hex" : "tile",
                 hex < 0 ? a->hex : a->tile);
    for (int r = a->rot >= 0 ? a->rot : 0; hex >= 0 && tile >= 0 && r < 6 && ok; r++) {
        eng_lay lay;
        ok = eng_lay_check(g->board, c, hex, tile, r, g->t->phases[g->phase].tile_colors, &lay,
                           why[0] ? NULL : why, sizeof why);
        if (a->rot >= 0)
            break;
    }
    snprintf(line, sizeof line, "%s: LAY %s ON %s%s %s", g->t->companies[c].id, a->tile, a->hex,
             a->rot >= 0 ? "" : " (any rotation)",
             ok == 0 ? "could be laid now" : "could not be laid now: ");
    buf b;
    buf_init(&b);
    buf_printf(&b, "%s%s", line, ok == 0 ? "" : why);
    cJSON_AddItemToArray(list, cJSON_CreateString(b.data));
    buf_free(&b);
}

/* The company's ROUTE orders as they would run now. */
static void check_routes(const eng_game *g, int c, const ord_orders *orders, cJSON *list)
{
    char why[256] = "", line[400];
    int total = turn_route_total(g, c, orders, why, sizeof why);
    if (total >= 0)
        snprintf(line, sizeof line, "%s: the routes would earn %d now", g->t->companies[c].id,
                 total);
    else
        snprintf(line, sizeof line, "%s: the routes could not be run now: %s",
                 g->t->companies[c].id, why);
    cJSON_AddItemToArray(list, cJSON_CreateString(line));
}

void dmn_provisional_checks(const dmn_game *dg, const ord_orders *orders, int player,
                            cJSON *list)
{
    const eng_game *g = dg->g;
    bool run_checked[ENG_MAX_COMPANIES] = {0};
    for (int i = 0; i < orders->n; i++) {
        const ord_order *o = &orders->v[i];
        int c = eng_company_index(g->t, o->section);
        if (c < 0)
            continue;
        if (eng_company_holder(g, c) != player) {
            char line[200];
            snprintf(line, sizeof line, "%s: you do not direct it now; these orders count only if "
                                        "you do when it operates", o->section);
            if (!run_checked[c])
                cJSON_AddItemToArray(list, cJSON_CreateString(line));
            run_checked[c] = true;
            continue;
        }
        for (int k = 0; k < o->nalts; k++) {
            if (o->alts[k].kind == ORD_LAY)
                check_lay(g, c, &o->alts[k], list);
            if (o->alts[k].kind == ORD_ROUTE && !run_checked[c]) {
                check_routes(g, c, orders, list);
                run_checked[c] = true;
            }
            if (o->alts[k].kind == ORD_RUN && !run_checked[c]) {
                eng_run best;
                char line[200];
                snprintf(line, sizeof line, "%s: RUN BEST would earn %d now", o->section,
                         eng_best_run(g, c, &best));
                cJSON_AddItemToArray(list, cJSON_CreateString(line));
                run_checked[c] = true;
            }
        }
    }
}
