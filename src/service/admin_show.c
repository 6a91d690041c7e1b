/* admin_show: what the GM looks at and keeps from the command line — a turn's report, the map of
 * a title or a game, the stored mail and the outbox (a mail set aside processed again), the
 * database backed up and compacted. Each writes what the GM is told into out and returns a
 * svc_result, as admin.c's commands do. */
#include "engine/title.h"
#include "report/mapdraw.h"
#include "service/service.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a turn's report ---- */

svc_result svc_game_report(const cfg *c, store *st, const char *game, int turn, bool html,
                           buf *out)
{
    store_game g = {0};
    if (store_game_find(st, game, &g) != STORE_OK)
        return svc_refused("there is no game \"%s\"", game);
    if (!turn) /* the last resolved turn: the one before the current, or a finished game's last */
        turn = strcmp(g.status, "finished") == 0 ? g.turn : g.turn - 1;
    char *text = NULL;
    svc_result r = svc_ok();
    if (html) {
        svc_result page = svc_report_page_of_turn(c, st, &g, turn, &text);
        if (page.kind != SVC_OK)
            r = svc_refused("%s", page.text);
    } else {
        int rc = store_turn_report(st, g.id, turn, &text);
        if (rc == STORE_NOT_FOUND)
            r = svc_refused("game %s has no report of turn %d", g.name, turn);
        else if (rc != STORE_OK)
            r = svc_store_failed(st);
        else
            buf_printf(out, "Game %s, turn %d\n", g.name, turn);
    }
    if (r.kind == SVC_OK)
        buf_adds(out, text);
    free(text);
    store_game_clear(&g);
    return r;
}

/* ---- maps ---- */

svc_result svc_title_starting_game(const eng_title *t, eng_game **out)
{
    eng_options o;
    eng_options_default(t, &o);
    char names[ENG_MAX_PLAYERS][24], why[256];
    const char *v[ENG_MAX_PLAYERS];
    int n = t->min_players > 0 && t->min_players <= ENG_MAX_PLAYERS ? t->min_players : 1;
    for (int p = 0; p < n; p++) {
        snprintf(names[p], sizeof names[p], "player%d", p + 1);
        v[p] = names[p];
    }
    *out = eng_game_new(t, &o, v, n, why, sizeof why);
    return *out ? svc_ok() : svc_refused("%s", why);
}

svc_result svc_title_map(const char *title, const char *path)
{
    eng_title *t;
    svc_result r = svc_load_title(title, &t);
    if (r.kind != SVC_OK)
        return r;
    eng_game *g;
    r = svc_title_starting_game(t, &g);
    char *err = NULL;
    rpt_map_marks marks; /* (what the start has of them: 18GA's ACL's home, blocking) */
    if (r.kind == SVC_OK)
        rpt_map_marks_of(g, &marks);
    if (r.kind == SVC_OK &&
        rpt_map_draw_marked(g->board, NULL, &marks, "starting map", path, &err))
        r = svc_failed("%s", err);
    free(err);
    if (g)
        eng_game_free(g);
    eng_title_free(t);
    return r;
}

/* A game's map as it stands, or after turn (that turn's new tiles and stations marked). */
static svc_result draw_game_map(store *st, const store_game *g, int turn, const char *path)
{
    if (turn > 0 && turn >= g->turn && strcmp(g->status, "finished") != 0)
        return svc_refused("game %s is at turn %d: turn %d is not resolved yet", g->name,
                           g->turn, turn);
    svc_game dg;
    char *err = NULL;
    svc_result loaded = svc_game_load_until(st, g, turn, &dg);
    if (loaded.kind != SVC_OK)
        return svc_refused("%s", loaded.text);
    char *caption = turn ? str_format("game %s after turn %d", g->name, turn)
                         : str_format("game %s, turn %d", g->name, g->turn);
    rpt_map_marks marks;
    rpt_map_marks_of(dg.g, &marks);
    svc_result r = rpt_map_draw_marked(dg.g->board, turn ? dg.before : NULL, &marks, caption, path,
                                       &err)
                       ? svc_failed("%s", err) : svc_ok();
    free(err);
    free(caption);
    svc_game_unload(&dg);
    return r;
}

svc_result svc_game_map(store *st, const char *game, int turn, const char *path)
{
    store_game g = {0};
    char near[64];
    svc_result r = store_game_find(st, game, &g) == STORE_OK ? svc_ok()
                   : svc_title_in_case(game, near, sizeof near)
                       ? svc_refused("\"%s\" is neither a game nor a title: did you mean the "
                                     "title \"%s\"?", game, near)
                       : svc_refused("\"%s\" is neither a game nor a title", game);
    if (r.kind == SVC_OK)
        r = strcmp(g.status, "forming") == 0 ? svc_title_map(g.title, path)
                                             : draw_game_map(st, &g, turn, path);
    store_game_clear(&g);
    return r;
}

/* ---- stored mail ---- */

svc_result svc_mail_counts(store *st, buf *out)
{
    static const char *const in_states[] = {"received", "answered", "ignored", "failed"};
    static const char *const out_states[] = {"pending", "sent", "failed"};
    buf_adds(out, "inbound:");
    for (int i = 0; i < 4; i++)
        buf_printf(out, " %s %lld", in_states[i], (long long)store_inbound_count(st, in_states[i]));
    buf_adds(out, "\noutbox:");
    for (int i = 0; i < 3; i++)
        buf_printf(out, " %s %lld", out_states[i],
                   (long long)store_outbox_count(st, out_states[i]));
    buf_adds(out, "\n");
    return svc_ok();
}

static void list_mail(const store_inbound_row *r, void *arg)
{
    buf *out = arg;
    char when[64];
    svc_format_time(r->received_at, when, sizeof when);
    buf_printf(out, "%-6lld %-8s %s  from %s  \"%s\"", (long long)r->id, r->status, when,
               r->sender ? r->sender : "?", r->subject ? r->subject : "");
    if (r->failures)
        buf_printf(out, "  crashed %d time%s", r->failures, r->failures == 1 ? "" : "s");
    if (r->held_until && strcmp(r->status, "received") == 0) {
        svc_format_time(r->held_until, when, sizeof when);
        buf_printf(out, "  held until %s", when);
    }
    buf_printf(out, "%s%s\n", r->outcome ? "  " : "", r->outcome ? r->outcome : "");
}

svc_result svc_mail_list(store *st, bool failed_only, buf *out)
{
    return store_inbound_each(st, failed_only ? "failed" : NULL, list_mail, out) == STORE_OK
               ? svc_ok() : svc_store_failed(st);
}

svc_result svc_mail_retry(store *st, int64_t id, buf *out)
{
    if (store_begin(st) != STORE_OK)
        return svc_store_failed(st);
    int rc = store_inbound_retry(st, id);
    char detail[64];
    snprintf(detail, sizeof detail, "mail #%lld", (long long)id);
    if (rc == STORE_OK)
        rc = store_audit(st, "gm", "mail_retried", 0, detail);
    if (rc != STORE_OK || store_commit(st) != STORE_OK) {
        svc_result r = rc == STORE_NOT_FOUND ? svc_refused("there is no mail #%lld", (long long)id)
                       : rc == STORE_DUPLICATE
                           ? svc_refused("mail #%lld is not set aside: only failed mail is "
                                         "retried", (long long)id)
                           : svc_store_failed(st);
        store_rollback(st);
        return r;
    }
    buf_printf(out, "mail #%lld will be processed again by the daemon\n", (long long)id);
    return svc_ok();
}

/* ---- the database kept ---- */

svc_result svc_backup(const cfg *c, store *st, const char *path, buf *out)
{
    char *err = NULL;
    if (store_backup(st, path, &err)) {
        svc_result r = svc_failed("backup: %s", err);
        free(err);
        return r;
    }
    buf_printf(out, "%s written: a copy of %s\n", path, c->database);
    return svc_ok();
}

static double mb(int64_t bytes)
{
    return (double)bytes / (1024.0 * 1024.0);
}

svc_result svc_compact(const cfg *c, store *st, buf *out)
{
    int64_t used0, free0, used, freeb;
    if (store_size(st, &used0, &free0) != STORE_OK)
        return svc_store_failed(st);
    int n = 0;
    if (svc_trim_mail(c, st, 0, 0, &n).kind != SVC_OK)
        return svc_failed("compact: %s", store_errmsg(st));
    svc_result r = svc_ok();
    if (store_checkpoint(st) != STORE_OK) /* (a reader: the log empties later) */
        snprintf(r.text, sizeof r.text, "the write-ahead log is in use: %s", store_errmsg(st));
    if (store_size(st, &used, &freeb) != STORE_OK)
        return svc_store_failed(st);
    buf_printf(out, "%d mails trimmed; %.2f MB (%.2f MB free) before, %.2f MB now\n", n, mb(used0),
               mb(free0), mb(used + freeb));
    return r;
}
