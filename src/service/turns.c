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
#include <unistd.h>

/* ---- the report ---- */

static cJSON *report_context(const cfg *c, const store_game *sg, const svc_game *dg,
                             const rep_state *s, const turn_result *r, const bool *nmr,
                             const bool *seat_open, int64_t next_deadline)
{
    cJSON *ctx = rep_state_to_json(s);
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

/* For the GM: where the game master decided for a player (src/turn's rulings), so that the GM
 * can look at them before release; the template shows them on the GM's copy only. */
static void add_rulings(cJSON *ctx, const turn_result *r)
{
    if (r->nrulings == 0)
        return;
    cJSON_AddItemToObject(ctx, "rulings",
                          cJSON_CreateStringArray((const char *const *)r->rulings, r->nrulings));
    cJSON_AddTrueToObject(ctx, "has_rulings");
}

struct corrections {
    int64_t since;
    cJSON *list;    /* corrections of the game (house rule 15) */
    cJSON *actions; /* the GM's other changes: pace, seats, orders entered for a player */
};

/* The GM's changes a report tells, and whether each is a correction (house rule 15: the game
 * itself put right) or another of the GM's actions. */
static const struct told_change {
    const char *action;
    bool correction;
} TOLD[] = {
    {"adjust", true},   {"rollback", true},  {"become", false},    {"deadline", false},
    {"replace", false}, {"pause", false},    {"resume", false},    {"one_round", false},
};

static void collect_correction(const store_audit_entry *e, void *ctx)
{
    struct corrections *k = ctx;
    if (e->at >= k->since && strcmp(e->action, "release") == 0) {
        /* told in the report just released (the GM's corrections during its review): not
         * told again in the next */
        cJSON_Delete(k->list);
        cJSON_Delete(k->actions);
        k->list = cJSON_CreateArray();
        k->actions = cJSON_CreateArray();
        return;
    }
    const struct told_change *t = NULL;
    for (size_t i = 0; i < sizeof TOLD / sizeof *TOLD; i++)
        if (strcmp(e->action, TOLD[i].action) == 0)
            t = &TOLD[i];
    if (!t || e->at < k->since || !e->detail)
        return;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "text", e->detail);
    if (e->reason && *e->reason)
        cJSON_AddStringToObject(o, "reason", e->reason);
    cJSON_AddItemToArray(t->correction ? k->list : k->actions, o);
}

/* The GM's changes since the turn began (the last report), told in this one with their reasons;
 * the ones made while the last report was held for review were told in it, on its release. */
static int add_corrections(store *st, const store_game *sg, cJSON *ctx)
{
    struct corrections k = {0, cJSON_CreateArray(), cJSON_CreateArray()};
    if (sg->turn > 1 && store_turn_resolved_at(st, sg->id, sg->turn - 1, &k.since) != STORE_OK)
        k.since = 0;
    int rc = store_audit_each(st, sg->id, collect_correction, &k);
    if (cJSON_GetArraySize(k.list)) {
        cJSON_AddItemToObject(ctx, "corrections", k.list);
        cJSON_AddTrueToObject(ctx, "has_corrections");
    } else
        cJSON_Delete(k.list);
    if (cJSON_GetArraySize(k.actions)) {
        cJSON_AddItemToObject(ctx, "gm_actions", k.actions);
        cJSON_AddTrueToObject(ctx, "has_gm_actions");
    } else
        cJSON_Delete(k.actions);
    return rc;
}

/* The GM's copy of a report as text (the preview). */
static char *report_for_gm(const cfg *c, const svc_game *dg, const rep_state *s, cJSON *ctx)
{
    svc_report_personalise(ctx, dg, s, -1, NULL);
    return svc_report_text(c, ctx);
}

/* The pictures of one turn's mails, referenced by Content-ID. */
struct pictures {
    svc_report_pics pics;
    char *map_cid, *worth_cid, *map_src, *worth_src;
    mail_inline_part parts[2];
    size_t nparts;
};

static void pictures_make(const cfg *c, const store_game *sg, const svc_game *dg,
                          const eng_board *before, struct pictures *pc)
{
    memset(pc, 0, sizeof *pc);
    char *caption = str_format("game %s after turn %d", sg->name, sg->turn);
    svc_report_pics_draw(dg, before, caption, &pc->pics);
    free(caption);
    pc->map_cid = svc_content_id(c, "map");
    pc->worth_cid = svc_content_id(c, "worth");
    if (pc->pics.map) {
        pc->parts[pc->nparts++] = (mail_inline_part){pc->map_cid, "image/png", "map.png",
                                                     pc->pics.map, pc->pics.map_len};
        pc->map_src = str_format("cid:%s", pc->map_cid);
    }
    if (pc->pics.worth) {
        pc->parts[pc->nparts++] = (mail_inline_part){pc->worth_cid, "image/png", "worth.png",
                                                     pc->pics.worth, pc->pics.worth_len};
        pc->worth_src = str_format("cid:%s", pc->worth_cid);
    }
}

static void pictures_free(struct pictures *pc)
{
    svc_report_pics_free(&pc->pics);
    free(pc->map_cid);
    free(pc->worth_cid);
    free(pc->map_src);
    free(pc->worth_src);
}

/* One reader's report, rendered: queued (or held) when the turn is written. */
struct report_mail {
    char *to_addr, *to_name, *subject, *text, *html;
    bool pictures, hold;
};

struct rendered {
    struct pictures pc;
    int n;
    struct report_mail mails[ENG_MAX_PLAYERS + 1];
    char *file, *file_name; /* the game's 18xx.games file, attached (the final report), or NULL */
};

static void render_one(const cfg *c, const struct pictures *pc, cJSON *ctx, struct report_mail *m,
                       const char *to_addr, const char *to_name, const char *subject,
                       bool pictures, bool hold)
{
    m->text = svc_report_text(c, ctx);
    if (!pictures)
        cJSON_AddTrueToObject(ctx, "pictures_off");
    m->html = svc_report_html(c, ctx, pictures ? pc->map_src : NULL,
                              pictures ? pc->worth_src : NULL);
    cJSON_DeleteItemFromObjectCaseSensitive(ctx, "pictures_off");
    m->to_addr = xstrdup(to_addr);
    m->to_name = to_name ? xstrdup(to_name) : NULL;
    m->subject = xstrdup(subject);
    m->pictures = pictures && m->html;
    m->hold = hold;
}

/* The report for every player — their own orders' fates, their form; held for the GM's
 * release when the game is under review — and the GM's copy (marked held, with the rulings to
 * look at), rendered with the turn's pictures. Reads nothing from the store. */
static const char *fates_of(const cJSON *parts, int p)
{
    const cJSON *f = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(parts, "fates"), p);
    return cJSON_IsString(f) && *f->valuestring ? f->valuestring : NULL;
}

static void render_everyone(const cfg *c, const store_game *sg, const svc_game *dg,
                            const rep_state *s, const eng_board *before, const cJSON *parts,
                            const char *subject, cJSON *ctx, struct rendered *out)
{
    pictures_make(c, sg, dg, before, &out->pc);
    svc_report_add_history(ctx, dg);
    out->n = 0;
    for (int p = 0; p < dg->nplayers; p++) {
        svc_report_personalise(ctx, dg, s, p, fates_of(parts, p));
        render_one(c, &out->pc, ctx, &out->mails[out->n++], dg->players[p].address,
                   dg->players[p].name, subject, dg->players[p].pictures, sg->review);
    }
    svc_report_personalise(ctx, dg, s, -1, NULL);
    char *held = str_format("%s (held for your review)", subject);
    render_one(c, &out->pc, ctx, &out->mails[out->n++], svc_gm_address(c, sg), c->gm_name,
               sg->review ? held : subject, true, false);
    free(held);
}

/* The rendered mails into the outbox (or held): the writes of the report. */
static int queue_rendered(const cfg *c, store *st, const store_game *sg, int64_t inbound_id,
                          const struct rendered *rd)
{
    int rc = 0;
    mail_attachment file = {rd->file_name, "application/json", (const unsigned char *)rd->file,
                            rd->file ? strlen(rd->file) : 0};
    for (int i = 0; i < rd->n && rc == 0; i++) {
        const struct report_mail *m = &rd->mails[i];
        mail_outgoing mail = {
            .to_addr = m->to_addr,
            .to_name = m->to_name,
            .subject = m->subject,
            .body = m->text,
            .auto_submitted = "auto-generated",
            .html = m->html,
            .parts = m->pictures ? rd->pc.parts : NULL,
            .nparts = m->pictures ? rd->pc.nparts : 0,
            .attachments = rd->file ? &file : NULL,
            .nattachments = rd->file ? 1 : 0,
        };
        if (m->hold)
            rc = svc_hold_mail(c, st, sg->turn, sg->id, &mail).kind == SVC_OK ? 0 : -1;
        else
            rc = svc_queue_mail(c, st, inbound_id, sg->id, &mail).kind == SVC_OK ? 0 : -1;
    }
    return rc;
}

static void rendered_free(struct rendered *rd)
{
    for (int i = 0; i < rd->n; i++) {
        struct report_mail *m = &rd->mails[i];
        free(m->to_addr);
        free(m->to_name);
        free(m->subject);
        free(m->text);
        free(m->html);
    }
    pictures_free(&rd->pc);
    free(rd->file);
    free(rd->file_name);
    rd->file = rd->file_name = NULL;
    rd->n = 0;
}

/* The final report carries the game as an 18xx.games file (its log, and the turn's actions not
 * stored yet: extra): into rd, and ctx says so; a game that cannot be written goes without
 * (logged). -1 on a database error. */
static int attach_game_file(store *st, const store_game *sg, const char *const *extra,
                            int nextra, cJSON *ctx, struct rendered *rd)
{
    char *json;
    svc_result r = svc_game_file_with(st, sg, extra, nextra, &json);
    if (r.kind == SVC_FAILED)
        return -1;
    if (r.kind == SVC_REFUSED) {
        log_warn("game %s: the final report goes without its file: %s", sg->name, r.text);
        return 0;
    }
    rd->file = json;
    rd->file_name = svc_game_file_name(sg);
    cJSON_DeleteItemFromObjectCaseSensitive(ctx, "game_file");
    cJSON *f = cJSON_AddObjectToObject(ctx, "game_file");
    cJSON_AddStringToObject(f, "name", rd->file_name);
    if (r.text[0])
        cJSON_AddStringToObject(f, "note", r.text);
    return 0;
}

/* ---- resolving a turn ---- */

struct turn_input {
    svc_orders orders[ENG_MAX_PLAYERS];
    turn_player players[ENG_MAX_PLAYERS];
    bool nmr[ENG_MAX_PLAYERS], seat_open[ENG_MAX_PLAYERS];
    uint64_t one_round;     /* the seat indexes whose orders say ONE ROUND (bit p) */
    char one_round_by[128]; /* who asked for it: "the game master", "alice and bob" */
};

static int gather_orders(store *st, const store_game *sg, const svc_game *dg,
                         struct turn_input *in)
{
    for (int p = 0; p < dg->nplayers; p++) {
        if (svc_player_orders(st, sg, dg, p, &in->orders[p]).kind != SVC_OK)
            return -1;
        in->players[p].orders = &in->orders[p].orders;
        in->players[p].nmr = in->nmr[p] = !in->orders[p].sent;
        if (in->orders[p].orders.one_round)
            in->one_round |= (uint64_t)1 << p;
    }
    svc_one_round_by(sg, dg, in->one_round, in->one_round_by, sizeof in->one_round_by);
    return 0;
}

/* The turn's settings: its rounds (house rule 14: one when a player or the GM asked, read as
 * the acknowledgement reads it) and whether it stops when the Prussian forms. */
static turn_settings settings_of(const store_game *sg, const struct turn_input *in)
{
    turn_settings set;
    turn_settings_for(&set, sg->rounds_per_turn, sg->stop_after_formation, in->one_round_by);
    return set;
}

static void free_input(struct turn_input *in, int n)
{
    for (int p = 0; p < n; p++)
        svc_orders_clear(&in->orders[p]);
}

/* House rule 13: a seat needs a replacement after its second NMR. */
static void mark_open_seats(const svc_game *dg, struct turn_input *in)
{
    for (int p = 0; p < dg->nplayers; p++)
        in->seat_open[p] = dg->players[p].seat_open ||
                           dg->players[p].nmr_count + (in->nmr[p] ? 1 : 0) >= 2;
}

static int record_nmrs(store *st, const svc_game *dg, const struct turn_input *in)
{
    for (int p = 0; p < dg->nplayers; p++)
        if (in->nmr[p] && store_player_set_nmr(st, dg->players[p].id, dg->players[p].nmr_count + 1,
                                               in->seat_open[p]))
            return -1;
    return 0;
}

static int store_result(store *st, const store_game *sg, const turn_result *r)
{
    for (int i = 0; i < r->nactions; i++)
        if (store_action_append(st, sg->id, sg->turn, r->actions[i]) != STORE_OK)
            return -1;
    return 0;
}

/* A turn resolved on the game rebuilt from the store: its orders, the result, the open seats. */
struct resolution {
    svc_game dg;
    struct turn_input in;
    turn_result r;
    eng_board *before; /* the board before the turn */
    rep_state state;   /* the game after the turn, for its report: built once */
};

static struct resolution *resolve_on_store(store *st, const store_game *sg, char *why,
                                           size_t len)
{
    struct resolution *res = xcalloc(1, sizeof *res);
    svc_result r = svc_game_load(st, sg, &res->dg);
    if (r.kind != SVC_OK) {
        snprintf(why, len, "%s", r.text);
        free(res);
        return NULL;
    }
    if (gather_orders(st, sg, &res->dg, &res->in)) {
        snprintf(why, len, "%s", store_errmsg(st));
        free_input(&res->in, res->dg.nplayers);
        svc_game_unload(&res->dg);
        free(res);
        return NULL;
    }
    turn_settings set = settings_of(sg, &res->in);
    res->before = eng_board_copy(res->dg.g->board);
    svc_game_note_worth(&res->dg, sg->turn - 1); /* the worth the turn starts with */
    if (turn_resolve(res->dg.g, &set, res->in.players, &res->r))
        log_error("game %s, turn %d: the resolver stopped early", sg->name, sg->turn);
    mark_open_seats(&res->dg, &res->in);
    rep_state_build(res->dg.g, &res->state);
    return res;
}

static void resolution_free(struct resolution *res)
{
    if (res->before)
        eng_board_free(res->before);
    rep_state_free(&res->state);
    turn_result_clear(&res->r);
    free_input(&res->in, res->dg.nplayers);
    svc_game_unload(&res->dg);
    free(res);
}

/* The report's context: the game now, what happened, the rulings, the GM's corrections. */
static cJSON *resolution_context(const cfg *c, store *st, const store_game *sg,
                                 const struct resolution *res, int64_t next_deadline)
{
    cJSON *ctx = report_context(c, sg, &res->dg, &res->state, &res->r, res->in.nmr,
                                res->in.seat_open, next_deadline);
    add_rulings(ctx, &res->r);
    turn_settings set = settings_of(sg, &res->in);
    if (set.one_round_by[0])
        cJSON_AddStringToObject(ctx, "one_round_by", set.one_round_by);
    if (sg->review)
        cJSON_AddTrueToObject(ctx, "held");
    if (add_corrections(st, sg, ctx) != STORE_OK) {
        cJSON_Delete(ctx);
        return NULL;
    }
    return ctx;
}

/* A turn resolved and its report rendered, not yet written: what prepare() read and made. */
struct prepared {
    struct resolution *res;
    int64_t next;         /* the next turn's deadline */
    struct rendered mails;
    char *parts;          /* what the report says of the turn (turn_parts), kept with it */
};

/* What a report says of its turn, as against the game's state, the reader and the deadline:
 * kept with the turn (JSON) so that its report can be rendered again from the store — on
 * release, with the game as the GM's review left it, and as a player's copy. */
static const char *const turn_keys[] = {"turn", "rounds", "rounds_text", "happened", "nmr",
                                        "replacements", "one_round_by", "game_over", "rulings",
                                        "has_rulings", "corrections", "has_corrections",
                                        "gm_actions", "has_gm_actions"};

static cJSON *turn_parts(const cJSON *ctx, const svc_game *dg, const turn_result *r,
                         const svc_orders *orders)
{
    cJSON *parts = cJSON_CreateObject();
    for (size_t i = 0; i < sizeof turn_keys / sizeof *turn_keys; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(ctx, turn_keys[i]);
        if (v)
            cJSON_AddItemToObject(parts, turn_keys[i], cJSON_Duplicate(v, true));
    }
    cJSON *fates = cJSON_AddArrayToObject(parts, "fates"); /* by seat: the orders' fates */
    for (int p = 0; p < dg->nplayers; p++) {
        buf b;
        buf_init(&b);
        turn_fates_text(r, p, &orders[p].orders, &b);
        cJSON_AddItemToArray(fates, cJSON_CreateString(b.data ? b.data : ""));
        buf_free(&b);
    }
    return parts;
}

static void prepared_free(struct prepared *p)
{
    if (!p)
        return;
    free(p->parts);
    rendered_free(&p->mails);
    resolution_free(p->res);
    free(p);
}

/* Resolves the game's turn on the state in the store and renders its report: reads only. */
static struct prepared *prepare(const cfg *c, store *st, const store_game *sg, char *why,
                                size_t len)
{
    struct resolution *res = resolve_on_store(st, sg, why, len);
    if (!res)
        return NULL;
    struct prepared *p = xcalloc(1, sizeof *p);
    p->res = res;
    svc_game_note_worth(&res->dg, sg->turn);
    p->next = util_now() + (int64_t)sg->turn_hours * 3600;
    cJSON *ctx = resolution_context(c, st, sg, res, p->next);
    if (!ctx) {
        snprintf(why, len, "%s", store_errmsg(st));
        prepared_free(p);
        return NULL;
    }
    cJSON *parts = turn_parts(ctx, &res->dg, &res->r, res->in.orders);
    if (res->r.game_over &&
        attach_game_file(st, sg, (const char *const *)res->r.actions, res->r.nactions, ctx,
                         &p->mails)) {
        snprintf(why, len, "%s", store_errmsg(st));
        cJSON_Delete(parts);
        cJSON_Delete(ctx);
        prepared_free(p);
        return NULL;
    }
    char *subject = str_format("%s: turn %d", sg->name, sg->turn);
    render_everyone(c, sg, &res->dg, &res->state, res->before, parts, subject, ctx, &p->mails);
    free(subject);
    p->parts = cJSON_PrintUnformatted(parts);
    cJSON_Delete(parts);
    cJSON_Delete(ctx);
    return p;
}

/* Writes a prepared turn: the actions join the log, the NMRs, the report, the next turn, the
 * mails. Inside the caller's transaction. */
static int write_prepared(const cfg *c, store *st, const store_game *sg, const struct prepared *p,
                          char *why, size_t len)
{
    const turn_result *r = &p->res->r;
    int rc = store_result(st, sg, r) || record_nmrs(st, &p->res->dg, &p->res->in) ||
             store_turn_add(st, sg->id, sg->turn, r->rounds, r->report.data, p->parts) ||
             (r->game_over ? store_game_over(st, sg->id) : store_game_next_turn(st, sg->id, p->next)) ||
             queue_rendered(c, st, sg, 0, &p->mails);
    if (rc)
        snprintf(why, len, "%s", store_errmsg(st));
    return rc ? -1 : 0;
}

svc_result svc_resolve_turn(const cfg *c, store *st, const store_game *sg)
{
    svc_result r = svc_turn_blocked(sg);
    if (r.kind != SVC_OK)
        return r;
    char why[SVC_TEXT_MAX] = "";
    struct prepared *p = prepare(c, st, sg, why, sizeof why);
    int rc = p ? write_prepared(c, st, sg, p, why, sizeof why) : -1;
    prepared_free(p);
    return rc ? svc_failed("%s", why) : svc_ok();
}

/* The turn resolved on a copy with every player's orders as they stand: the GM's report
 * (with the rulings to look at) in *out; nothing stored, nothing sent. */
svc_result svc_preview_turn(const cfg *c, store *st, const store_game *sg, char **out)
{
    char why[SVC_TEXT_MAX] = "";
    struct resolution *res = resolve_on_store(st, sg, why, sizeof why);
    if (!res)
        return svc_failed("%s", why);
    store_game unheld = *sg;
    unheld.review = false; /* a preview is not held */
    int64_t next = util_now() + (int64_t)sg->turn_hours * 3600;
    cJSON *ctx = resolution_context(c, st, &unheld, res, next);
    if (ctx) {
        *out = report_for_gm(c, &res->dg, &res->state, ctx);
        cJSON_Delete(ctx);
    }
    resolution_free(res);
    return ctx ? svc_ok() : svc_store_failed(st);
}

/* ---- a resolved turn's report rendered again from the store ---- */

int svc_held_turn(const store_game *sg)
{
    return strcmp(sg->status, "finished") == 0 ? sg->turn : sg->turn - 1;
}

/* What the report of the turn said of it (turn_parts); for a turn resolved before that was
 * kept, what happened only. NULL with why when there is no such turn. */
static cJSON *stored_parts(store *st, const store_game *sg, int turn, char *why, size_t len)
{
    char *json = NULL;
    int rc = store_turn_context(st, sg->id, turn, &json);
    if (rc != STORE_OK) {
        snprintf(why, len, "%s", rc == STORE_NOT_FOUND ? "there is no such report"
                                                       : store_errmsg(st));
        return NULL;
    }
    cJSON *parts = json ? cJSON_Parse(json) : NULL;
    free(json);
    if (parts)
        return parts;
    char *happened = NULL; /* (resolved before the report's parts were kept) */
    if (store_turn_report(st, sg->id, turn, &happened) != STORE_OK) {
        snprintf(why, len, "%s", store_errmsg(st));
        return NULL;
    }
    parts = cJSON_CreateObject();
    cJSON_AddNumberToObject(parts, "turn", turn);
    cJSON_AddStringToObject(parts, "rounds_text", "written again from the game's record");
    cJSON_AddStringToObject(parts, "happened", happened ? happened : "");
    free(happened);
    return parts;
}

/* The report of the turn (its parts) on the game as it stood at the end of the turn — the GM's
 * corrections made while it was held for review included — rendered for the players (only:
 * one seat index; -1 every player), with the deadline of the turn after it (0: none). */
static svc_result render_stored(const cfg *c, store *st, const store_game *sg, int turn,
                                const cJSON *parts, int64_t deadline, int only,
                                const char *subject, struct rendered *out)
{
    svc_game dg;
    svc_result r = svc_game_load_until(st, sg, turn, &dg);
    if (r.kind != SVC_OK)
        return r;
    rep_state s; /* the game's state: the report's data, and each reader's */
    rep_state_build(dg.g, &s);
    cJSON *ctx = rep_state_to_json(&s);
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "game", sg->name);
    const cJSON *v;
    cJSON_ArrayForEach(v, parts)
        if (strcmp(v->string, "fates") != 0)
            cJSON_AddItemToObject(ctx, v->string, cJSON_Duplicate(v, true));
    bool over = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(parts, "game_over"));
    if (over && attach_game_file(st, sg, NULL, 0, ctx, out)) {
        rep_state_free(&s);
        cJSON_Delete(ctx);
        svc_game_unload(&dg);
        return svc_store_failed(st);
    }
    if (over) {
        cJSON_DeleteItemFromObjectCaseSensitive(ctx, "ranking");
        cJSON_AddItemToObject(ctx, "ranking", rep_ranking_json(dg.g));
    } else if (deadline > 0) {
        char when[64];
        svc_format_time(deadline, when, sizeof when);
        cJSON *next = cJSON_AddObjectToObject(ctx, "next");
        cJSON_AddNumberToObject(next, "turn", turn + 1);
        cJSON_AddStringToObject(next, "deadline", when);
    }
    store_game then = *sg;
    then.turn = turn;
    pictures_make(c, &then, &dg, dg.before, &out->pc);
    svc_report_add_history(ctx, &dg);
    out->n = 0;
    for (int p = 0; p < dg.nplayers; p++) {
        if (only >= 0 && p != only)
            continue;
        svc_report_personalise(ctx, &dg, &s, p, fates_of(parts, p));
        render_one(c, &out->pc, ctx, &out->mails[out->n++], dg.players[p].address,
                   dg.players[p].name, subject, dg.players[p].pictures, false);
    }
    rep_state_free(&s);
    cJSON_Delete(ctx);
    svc_game_unload(&dg);
    return svc_ok();
}

svc_result svc_release_report(const cfg *c, store *st, const store_game *sg, int64_t inbound_id,
                              int64_t deadline, bool *as_held)
{
    int turn = svc_held_turn(sg);
    char *json = NULL;
    *as_held = true; /* until the report's parts are read */
    if (store_turn_context(st, sg->id, turn, &json) != STORE_OK || !json)
        return svc_ok(); /* held before the report's parts were kept: sent as it was held */
    cJSON *parts = cJSON_Parse(json);
    free(json);
    if (!parts)
        return svc_ok();
    *as_held = false;
    /* the GM's corrections: those the report told, and those made during the review */
    store_game then = *sg;
    then.turn = turn;
    cJSON *now = cJSON_CreateObject();
    int rc = add_corrections(st, &then, now) == STORE_OK ? 0 : -1;
    cJSON_DeleteItemFromObjectCaseSensitive(parts, "corrections");
    cJSON_DeleteItemFromObjectCaseSensitive(parts, "has_corrections");
    cJSON_DeleteItemFromObjectCaseSensitive(parts, "gm_actions");
    cJSON_DeleteItemFromObjectCaseSensitive(parts, "has_gm_actions");
    const cJSON *v;
    cJSON_ArrayForEach(v, now)
        cJSON_AddItemToObject(parts, v->string, cJSON_Duplicate(v, true));
    cJSON_Delete(now);
    char *kept = rc == 0 ? cJSON_PrintUnformatted(parts) : NULL;
    if (rc == 0 && store_turn_set_context(st, sg->id, turn, kept) != STORE_OK)
        rc = -1;
    free(kept);
    struct rendered rd = {0};
    char *subject = str_format("%s: turn %d", sg->name, turn);
    svc_result r = rc ? svc_store_failed(st)
                      : render_stored(c, st, sg, turn, parts, deadline, -1, subject, &rd);
    if (r.kind == SVC_OK && queue_rendered(c, st, sg, inbound_id, &rd))
        r = svc_store_failed(st);
    free(subject);
    rendered_free(&rd);
    cJSON_Delete(parts);
    return r;
}

svc_result svc_report_copy(const cfg *c, store *st, const store_game *sg, int p,
                           int64_t inbound_id)
{
    if (sg->held)
        return svc_refused("The report of turn %d is with the game master for review: it comes "
                           "to you when it is released.", svc_held_turn(sg));
    int turn = svc_held_turn(sg); /* the last turn resolved */
    if (turn < 1) { /* none yet: the game's opening mail is what there is */
        svc_result r = svc_mail_game_start_to(c, st, sg, p, inbound_id);
        if (r.kind != SVC_OK)
            return r;
        return svc_ok_saying("No turn has been resolved yet: the game's opening mail (the "
                             "seating, the start packet, your order form) comes again in a "
                             "mail of its own.");
    }
    char why[256] = "";
    cJSON *parts = stored_parts(st, sg, turn, why, sizeof why);
    if (!parts)
        return svc_refused("The report of turn %d cannot be copied: %s.", turn, why);
    struct rendered rd = {0};
    char *subject = str_format("%s: the report of turn %d (a copy)", sg->name, turn);
    int64_t deadline = strcmp(sg->status, "running") == 0 ? sg->deadline_at : 0;
    svc_result r = render_stored(c, st, sg, turn, parts, deadline, p, subject, &rd);
    if (r.kind != SVC_OK) {
        log_error("game %s: the report of turn %d cannot be copied: %s", sg->name, turn, r.text);
        r = svc_refused("The report of turn %d cannot be copied now (the game master is told "
                        "by the log).", turn);
    } else if (queue_rendered(c, st, sg, inbound_id, &rd)) {
        r = svc_store_failed(st);
    } else {
        r = svc_ok_saying("A copy of the report of turn %d, made for you, comes in a mail of its "
                          "own.", turn);
    }
    free(subject);
    rendered_free(&rd);
    cJSON_Delete(parts);
    return r;
}

/* ---- deadlines and reminders ---- */

bool svc_player_sent_at(store *st, const store_game *sg, const store_player *p, int64_t *at)
{
    if (store_order_mail_last(st, sg->id, p->id, sg->turn, at) == STORE_OK)
        return true;
    *at = 0;
    return store_orders_count(st, sg->id, p->id, sg->turn) > 0;
}

static bool has_sent(store *st, const store_game *sg, const store_player *p)
{
    int64_t at;
    return svc_player_sent_at(st, sg, p, &at);
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
        mail_outgoing m = {.to_addr = dg->players[p].address, .to_name = dg->players[p].name,
                           .subject = subject, .body = body, .auto_submitted = "auto-generated"};
        svc_result r = svc_queue_mail(c, st, 0, sg->id, &m);
        free(subject);
        free(body);
        cJSON_Delete(ctx);
        if (r.kind != SVC_OK)
            return -1;
    }
    return store_game_set_reminded(st, sg->id, sg->turn) == STORE_OK ? 0 : -1;
}

svc_result svc_refresh_due(store *st, const store_game *sg)
{
    if (strcmp(sg->status, "running") != 0)
        return svc_ok();
    svc_game dg;
    svc_result r = svc_game_load_players(st, sg, &dg);
    if (r.kind != SVC_OK)
        return r;
    int64_t due = svc_turn_due_at(st, sg, &dg);
    svc_game_unload(&dg);
    bool early = due > 0 && (sg->deadline_at <= 0 || due < sg->deadline_at);
    return store_game_set_early_due(st, sg->id, early ? due : 0) == STORE_OK
               ? svc_ok() : svc_store_failed(st);
}

svc_result svc_pace_changed(const cfg *c, store *st, const store_game *was)
{
    store_game now = {0};
    int rc = store_game_find(st, was->name, &now) == STORE_OK ? 0 : -1;
    if (rc == 0)
        rc = svc_refresh_due(st, &now).kind == SVC_OK ? 0 : -1;
    store_game_clear(&now);
    if (rc == 0)
        rc = store_game_find(st, was->name, &now) == STORE_OK ? 0 : -1;
    if (rc == 0 && was->early_due_at > 0 && now.early_due_at != was->early_due_at &&
        !now.paused_at) {
        char when[64];
        svc_format_time(now.early_due_at ? now.early_due_at : now.deadline_at, when,
                        sizeof when);
        char *text = str_format("Every player's orders for turn %d are in. The game master has "
                                "changed the grace period (%d to %d minutes): the turn will now "
                                "be resolved at %s.", now.turn, was->grace_minutes,
                                now.grace_minutes, when);
        char *subject = str_format("turn %d will be resolved at %s", now.turn, when);
        rc = svc_tell_players(c, st, 0, &now, subject, text).kind == SVC_OK ? 0 : -1;
        free(subject);
        free(text);
    }
    store_game_clear(&now);
    return rc ? svc_store_failed(st) : svc_ok();
}

int64_t svc_turn_due_at(store *st, const store_game *sg, const svc_game *players)
{
    int64_t last = 0;
    for (int p = 0; p < players->nplayers; p++) {
        int64_t at;
        if (!svc_player_sent_at(st, sg, &players->players[p], &at))
            return 0;
        if (at > last)
            last = at;
    }
    int64_t due = (last ? last : util_now()) + (int64_t)sg->grace_minutes * 60;
    return sg->deadline_at > 0 && sg->deadline_at < due ? sg->deadline_at : due;
}

/* The names of the running games whose moment has come, all of them (each game is then read
 * afresh for its own transaction). */
struct running {
    int n, cap;
    char **names;
};

static void collect_running(const store_game *g, void *ctx)
{
    struct running *r = ctx;
    if (r->n == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 64;
        r->names = xrealloc(r->names, (size_t)r->cap * sizeof *r->names);
    }
    r->names[r->n++] = xstrdup(g->name);
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
        mail_outgoing m = {.to_addr = svc_gm_address(c, sg), .to_name = c->gm_name,
                           .subject = subject, .body = body, .auto_submitted = "auto-generated"};
        rc = svc_queue_mail(c, st, 0, sg->id, &m).kind != SVC_OK ||
             store_audit(st, "daemon", "turn_failed", sg->id, detail);
        free(subject);
        free(body);
    }
    if (rc || store_commit(st) != STORE_OK)
        store_rollback(st);
    free(detail);
}

/* The tests' way to hold a resolution between its computing and its writing (seconds), to see
 * that mail is answered meanwhile: PBEMGM_TEST_RESOLVE_PAUSE. */
static void test_pause(void)
{
    const char *pause = getenv("PBEMGM_TEST_RESOLVE_PAUSE");
    if (pause && atoi(pause) > 0)
        sleep((unsigned)atoi(pause));
}

/* The turn found due, resolved without holding the write lock while it is computed: on a
 * snapshot (a read transaction), then written in a short write transaction if nothing it read
 * has changed meanwhile (the game's stamp), else computed again; after three tries, computed
 * inside the write transaction. Only that turn: once another process (the GM's `game resolve`)
 * has resolved it, the game is at the next turn, which is not due, and nothing is done.
 * 1 resolved, 0 not due any more, -1 failed (why). */
static int resolve_off_lock(const cfg *c, store *st, const char *name, int turn, char *why,
                            size_t len)
{
    for (int attempt = 0; attempt < 4; attempt++) {
        bool last = attempt == 3;
        if ((last ? store_begin(st) : store_begin_read(st)) != STORE_OK)
            return snprintf(why, len, "%s", store_errmsg(st)), -1;
        store_game g = {0};
        char *before = NULL, *after = NULL;
        struct prepared *p = NULL;
        int rc = store_game_find(st, name, &g) == STORE_OK &&
                         store_game_stamp(st, g.id, &before) == STORE_OK
                     ? 0 : -1;
        if (rc == 0 && g.turn != turn)
            rc = 1; /* resolved meanwhile by another process: the next turn is not due */
        if (rc == 0 && svc_turn_blocked(&g).kind != SVC_OK)
            rc = 1; /* paused, held or over meanwhile */
        if (rc == 0 && !(p = prepare(c, st, &g, why, len)))
            rc = -1;
        if (!last && rc == 0) {
            store_rollback(st); /* the snapshot ends; now the writes */
            test_pause();
            if (store_begin(st) != STORE_OK || store_game_stamp(st, g.id, &after) != STORE_OK)
                rc = -1;
            else if (strcmp(before, after) != 0)
                rc = 2; /* something changed: again */
        }
        if (rc == 0)
            rc = write_prepared(c, st, &g, p, why, len);
        if (rc == 0 && store_commit(st) != STORE_OK)
            rc = -1;
        if (rc != 0)
            store_rollback(st);
        prepared_free(p);
        free(before);
        free(after);
        store_game_clear(&g);
        if (rc == -1 && !*why)
            snprintf(why, len, "%s", store_errmsg(st));
        if (rc != 2)
            return rc == 0 ? 1 : rc == 1 ? 0 : -1;
    }
    return -1;
}

/* One game's due work: the reminder when it is time (one transaction); the turn resolved when
 * its deadline has passed or every player has sent orders (resolve_off_lock). */
static int game_due(const cfg *c, store *st, const store_game *sg)
{
    if (sg->paused_at || sg->held)
        return 0; /* paused, or a report waits for the GM's release: no deadline runs */
    int64_t now = util_now();
    char why[256] = "";
    svc_game dg; /* the players only: the state is rebuilt when the turn is resolved */
    if (store_begin_read(st) != STORE_OK) /* looking only: no write lock */
        return -1;
    if (svc_game_load_players(st, sg, &dg).kind != SVC_OK) {
        store_rollback(st);
        log_error("game %s: its players cannot be read", sg->name);
        return -1;
    }
    int64_t all_in = svc_turn_due_at(st, sg, &dg);
    store_rollback(st);
    bool due = (sg->deadline_at > 0 && now >= sg->deadline_at) || (all_in > 0 && now >= all_in);
    bool remind_now = !due && sg->deadline_at > 0 && sg->reminded_turn < sg->turn &&
                      now >= sg->deadline_at - (int64_t)sg->remind_hours * 3600;
    int rc = 0;
    if (remind_now) {
        rc = store_begin(st) != STORE_OK || remind(c, st, sg, &dg) ? -1 : 0;
        if (rc || store_commit(st) != STORE_OK) {
            store_rollback(st);
            rc = -1;
        }
    }
    svc_game_unload(&dg);
    if (rc)
        return -1;
    if (!due)
        return 0;
    rc = resolve_off_lock(c, st, sg->name, sg->turn, why, sizeof why);
    if (rc > 0)
        log_info("game %s: turn %d resolved", sg->name, sg->turn);
    else if (rc == 0)
        log_info("game %s: turn %d was resolved or held meanwhile", sg->name, sg->turn);
    if (rc >= 0)
        return rc;
    log_error("game %s, turn %d: %s", sg->name, sg->turn, why);
    tell_gm_once(c, st, sg, why);
    return -1;
}

svc_result svc_turns_due(const cfg *c, store *st, int *resolved_out)
{
    struct running r = {0};
    if (resolved_out)
        *resolved_out = 0;
    if (store_game_each_due(st, util_now(), collect_running, &r) != STORE_OK) {
        for (int i = 0; i < r.n; i++)
            free(r.names[i]);
        free(r.names);
        return svc_store_failed(st);
    }
    int resolved = 0, failed = 0;
    for (int i = 0; i < r.n; i++) {
        store_game g = {0};
        int rc = store_game_find(st, r.names[i], &g) == STORE_OK ? game_due(c, st, &g) : -1;
        if (rc < 0)
            failed++;
        else
            resolved += rc;
        store_game_clear(&g);
        free(r.names[i]);
    }
    free(r.names);
    if (failed)
        return svc_failed("%d game(s) could not resolve a due turn (logged)", failed);
    if (resolved_out)
        *resolved_out = resolved;
    return svc_ok();
}


svc_result svc_turn_blocked(const store_game *sg)
{
    if (strcmp(sg->status, "running") != 0)
        return svc_refused("game %s is %s, not running", sg->name, sg->status);
    if (sg->paused_at) {
        char since[64];
        svc_format_time(sg->paused_at, since, sizeof since);
        return svc_refused("game %s is paused (since %s): RESUME it first", sg->name, since);
    }
    if (sg->held)
        return svc_refused("game %s: the report of turn %d is held for review: RELEASE it first",
                           sg->name, sg->turn - 1);
    return svc_ok();
}


int64_t svc_turns_next_time(store *st)
{
    return store_game_next_time(st);
}
