/* orders: a player's orders for a turn, stored structured (src/orders/json.c) by section — the
 * stock round's (""), each company's, and the turn-wide ONE ROUND ("*") — and read back as the
 * resolver takes them: this turn's sections, and for each section not sent this turn the
 * standing orders and goals of the latest earlier turn that had it (marked earlier). Rows
 * stored before orders were kept structured are read from their canonical text. */
#include "orders/envelope.h"
#include "orders/json.h"
#include "turn/turn.h"
#include "service/service.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_SECTIONS 64

/* ---- reading ---- */

struct reading {
    ord_orders *out;
    int64_t *mail_of;                    /* this turn's orders: the mail each came in */
    char sent[MAX_SECTIONS][ORD_NAME];   /* sections of this turn */
    int nsent;
    struct {
        char section[ORD_NAME];
        int turn;                        /* the latest earlier turn that had it */
    } taken[MAX_SECTIONS];               /* sections taken from an earlier turn */
    int ntaken;
};

/* The earlier turn whose orders of the section are used: the first met (rows come latest turn
 * first); this turn's when the section is new. */
static int taken_turn(struct reading *r, const char *section, int turn)
{
    for (int i = 0; i < r->ntaken; i++)
        if (strcasecmp(r->taken[i].section, section) == 0)
            return r->taken[i].turn;
    if (r->ntaken < MAX_SECTIONS) {
        snprintf(r->taken[r->ntaken].section, ORD_NAME, "%s", section);
        r->taken[r->ntaken++].turn = turn;
    }
    return turn;
}

static bool section_in(char (*list)[ORD_NAME], int n, const char *section)
{
    for (int i = 0; i < n; i++)
        if (strcasecmp(list[i], section) == 0)
            return true;
    return false;
}

static void note_section(char (*list)[ORD_NAME], int *n, const char *section)
{
    if (*n < MAX_SECTIONS && !section_in(list, *n, section))
        snprintf(list[(*n)++], ORD_NAME, "%s", section);
}

/* The stored row as an order: its JSON, or (an old row) its canonical text parsed. */
static int row_order(const store_order *row, ord_order *o)
{
    char why[200];
    if (row->json)
        return ord_order_from_text(row->json, o, why, sizeof why) == 0 ? 0 : -1;
    ord_envelope env;
    ord_orders one;
    ord_envelope_parse("orders", row->text ? row->text : "", &env);
    ord_parse(&env, &one);
    int rc = one.n == 1 && env.nerrors == 0 ? 0 : -1;
    if (rc == 0) {
        *o = one.v[0];
        snprintf(o->section, sizeof o->section, "%s", row->section);
    }
    ord_orders_clear(&one);
    ord_envelope_clear(&env);
    return rc;
}

static void add_order(ord_orders *out, const ord_order *o)
{
    out->v = xrealloc(out->v, (size_t)(out->n + 1) * sizeof *out->v);
    out->v[out->n++] = *o;
}

static void this_turn_row(const store_order *row, void *ctx)
{
    struct reading *r = ctx;
    if (strcmp(row->section, SVC_TURN_SECTION) == 0) {
        r->out->one_round = true;
        return;
    }
    note_section(r->sent, &r->nsent, row->section);
    ord_order o;
    if (row_order(row, &o) == 0) {
        add_order(r->out, &o);
        r->mail_of = xrealloc(r->mail_of, (size_t)r->out->n * sizeof *r->mail_of);
        r->mail_of[r->out->n - 1] = row->inbound_id;
    }
    else
        log_error("a stored order cannot be read: %s", row->json ? row->json : row->text);
}

/* Standing orders and goals of the latest earlier turn that had the section. */
static void earlier_row(const store_order *row, void *ctx)
{
    struct reading *r = ctx;
    if (strcmp(row->section, SVC_TURN_SECTION) == 0 ||
        section_in(r->sent, r->nsent, row->section))
        return;
    if (taken_turn(r, row->section, row->turn) != row->turn)
        return; /* a later turn had the section */
    ord_order o;
    if (row_order(row, &o) == 0 && (o.standing || o.alts[0].kind == ORD_GOAL)) {
        o.earlier = true;
        add_order(r->out, &o);
    }
}

/* When this turn's orders came in more than one mail, each says which (its line numbers are
 * that mail's): the mails numbered in the order they came (their ids rise with it). */
static void number_mails(ord_orders *o, const int64_t *mail_of)
{
    int64_t ids[64];
    int n = 0;
    for (int i = 0; i < o->n; i++) { /* the distinct mails, in the order they came */
        int at = 0;
        while (at < n && ids[at] < mail_of[i])
            at++;
        if (!mail_of[i] || (at < n && ids[at] == mail_of[i]) || n == 64)
            continue;
        memmove(ids + at + 1, ids + at, (size_t)(n - at) * sizeof *ids);
        ids[at] = mail_of[i];
        n++;
    }
    for (int i = 0; n > 1 && i < o->n; i++)
        for (int k = 0; k < n; k++)
            if (ids[k] == mail_of[i])
                o->v[i].mail = k + 1;
}

svc_result svc_player_orders(store *st, const store_game *game, const svc_game *sg, int p,
                             svc_orders *out)
{
    memset(out, 0, sizeof *out);
    struct reading r = {.out = &out->orders};
    int64_t pid = sg->players[p].id;
    int rc = store_orders_each(st, game->id, pid, game->turn, this_turn_row, &r);
    if (rc == STORE_OK && r.mail_of)
        number_mails(&out->orders, r.mail_of);
    free(r.mail_of);
    if (rc == STORE_OK)
        rc = store_orders_each_before(st, game->id, pid, game->turn, earlier_row, &r);
    if (rc == STORE_OK) {
        int lr = store_order_mail_last(st, game->id, pid, game->turn, &out->sent_at);
        rc = lr == STORE_NOT_FOUND ? STORE_OK : lr;
        out->sent = lr == STORE_OK || r.nsent > 0 || out->orders.one_round;
    }
    return rc == STORE_OK ? svc_ok() : svc_store_failed(st);
}

void svc_orders_clear(svc_orders *o)
{
    ord_orders_clear(&o->orders);
    memset(o, 0, sizeof *o);
}

/* ---- as text ---- */

static void section_text(buf *b, const ord_orders *o, const char *section, bool earlier)
{
    bool header = false;
    for (int i = 0; i < o->n; i++) {
        const ord_order *r = &o->v[i];
        if (strcasecmp(r->section, section) != 0 || r->earlier != earlier)
            continue;
        if (!header && earlier)
            buf_printf(b, "# kept from an earlier turn:\n");
        header = true;
        char *text = ord_format(r);
        buf_printf(b, "%s\n", text);
        free(text);
    }
}

char *svc_orders_text(const ord_orders *o)
{
    buf b;
    buf_init(&b);
    if (o->one_round)
        buf_adds(&b, "ONE ROUND\n");
    char seen[MAX_SECTIONS][ORD_NAME];
    int nseen = 0;
    note_section(seen, &nseen, ""); /* the stock round first */
    for (int i = 0; i < o->n; i++)
        note_section(seen, &nseen, o->v[i].section);
    for (int s = 0; s < nseen; s++) {
        bool any = false;
        for (int i = 0; i < o->n && !any; i++)
            any = strcasecmp(o->v[i].section, seen[s]) == 0;
        if (!any)
            continue;
        if (seen[s][0])
            buf_printf(&b, "%s%s:\n", b.len ? "\n" : "", seen[s]);
        section_text(&b, o, seen[s], false);
        section_text(&b, o, seen[s], true);
    }
    if (!b.len)
        buf_adds(&b, "# no orders\n");
    return buf_steal(&b);
}

/* ---- storing ---- */

static int store_section(store *st, const store_game *game, int64_t player_id,
                         int64_t inbound_id, const ord_orders *orders, const char *section)
{
    char **texts = xmalloc((size_t)(orders->n ? orders->n : 1) * sizeof *texts);
    char **jsons = xmalloc((size_t)(orders->n ? orders->n : 1) * sizeof *jsons);
    int n = 0;
    for (int k = 0; k < orders->n; k++)
        if (strcasecmp(orders->v[k].section, section) == 0 && !orders->v[k].earlier) {
            texts[n] = ord_format(&orders->v[k]);
            jsons[n++] = ord_order_json_text(&orders->v[k]);
        }
    int rc = store_orders_replace(st, game->id, player_id, game->turn, section,
                                  (const char *const *)texts, (const char *const *)jsons, n,
                                  inbound_id);
    for (int k = 0; k < n; k++) {
        free(texts[k]);
        free(jsons[k]);
    }
    free(texts);
    free(jsons);
    return rc;
}

svc_result svc_store_orders(store *st, const store_game *game, int64_t player_id,
                            int64_t inbound_id, const ord_orders *orders, bool any_lines)
{
    char done[MAX_SECTIONS][ORD_NAME];
    int ndone = 0, rc = STORE_OK;
    for (int i = 0; i < orders->n && rc == STORE_OK; i++) {
        if (orders->v[i].earlier || section_in(done, ndone, orders->v[i].section))
            continue;
        note_section(done, &ndone, orders->v[i].section);
        rc = store_section(st, game, player_id, inbound_id, orders, orders->v[i].section);
    }
    if (rc == STORE_OK && orders->one_round) {
        const char *one[] = {"ONE ROUND"}, *json[] = {"{\"one_round\":true}"};
        rc = store_orders_replace(st, game->id, player_id, game->turn, SVC_TURN_SECTION, one, json,
                                  1, inbound_id);
    }
    if (rc == STORE_OK && any_lines)
        rc = store_order_mail_add(st, game->id, player_id, game->turn, inbound_id);
    return rc == STORE_OK ? svc_ok() : svc_store_failed(st);
}

void svc_check_names(const eng_title *t, ord_envelope *env, ord_orders *orders)
{
    char why[256];
    int kept = 0;
    for (int i = 0; i < orders->n; i++) {
        if (turn_canonical_order(t, &orders->v[i], why, sizeof why) == 0)
            orders->v[kept++] = orders->v[i];
        else
            ord_add_error(env, orders->v[i].line, "%s; this line was not taken", why);
    }
    orders->n = kept;
}

/* ---- the orders with the turn's verdict on each (the acknowledgement's list) ---- */

/* One order as the acknowledgement lists it, with the turn's verdict on it now (g: the game now,
 * p: the player). */
static cJSON *order_item(const eng_game *g, int p, const ord_order *o, const turn_fate *fate)
{
    cJSON *it = cJSON_CreateObject();
    if (o->section[0])
        cJSON_AddStringToObject(it, "company", o->section);
    char *text = ord_format(o);
    cJSON_AddStringToObject(it, "order", text);
    free(text);
    if (o->earlier)
        cJSON_AddTrueToObject(it, "earlier");
    if (fate && fate->kind == TURN_FATE_DONE && fate->alt > 0 && fate->alt < o->nalts) {
        char *alt = ord_format_action(&o->alts[fate->alt]);
        char *check = str_format("would be carried out now by its ELSE \"%s\" (%s)", alt,
                                 fate->why);
        cJSON_AddStringToObject(it, "check", check);
        free(check);
        free(alt);
    } else if (fate && fate->kind == TURN_FATE_DONE)
        cJSON_AddStringToObject(it, "check", "would be carried out now");
    else if (fate && fate->kind == TURN_FATE_NOT_DONE)
        cJSON_AddStringToObject(it, "problem", fate->why);
    else if (fate)
        cJSON_AddTrueToObject(it, "unchecked");
    int c = g && o->section[0] ? eng_company_index(g->t, o->section) : -1;
    if (fate && fate->kind == TURN_FATE_UNUSED && c >= 0 && eng_company_holder(g, c) != p)
        cJSON_AddStringToObject(it, "not_director", o->section);
    return it;
}

/* The player's orders for the turn as they now stand, each with the verdict of the turn's own
 * checks on a copy of the game (the other players passing). */
void svc_orders_list(const store_game *game, const svc_game *sg, int p, const svc_orders *po,
                     const char *one_round_by, cJSON *ctx)
{
    turn_result r = {0};
    bool checked = false;
    if (one_round_by[0] && game->rounds_per_turn > 1)
        cJSON_AddStringToObject(ctx, "one_round_by", one_round_by);
    /* while the last turn's report is held for the GM's review the game already holds that
     * turn: a check on it would tell its results before the report */
    if (sg->g && !game->held) {
        turn_settings set;
        turn_settings_for(&set, game->rounds_per_turn, game->stop_after_formation, one_round_by);
        checked = turn_preview(sg->g, &set, p, &po->orders, &r) == 0;
    }
    cJSON *list = cJSON_AddArrayToObject(ctx, "orders");
    for (int i = 0; i < po->orders.n; i++)
        cJSON_AddItemToArray(list, order_item(sg->g, p, &po->orders.v[i],
                                              checked && i < r.nfates[p] ? &r.fates[p][i] : NULL));
    if (po->orders.one_round) {
        cJSON *one = cJSON_CreateObject();
        cJSON_AddStringToObject(one, "order", "ONE ROUND (this turn covers one round)");
        cJSON_AddItemToArray(list, one);
    }
    if (po->orders.n == 0 && !po->orders.one_round)
        cJSON_AddTrueToObject(ctx, po->sent ? "orders_pass" : "no_orders");
    if (checked)
        cJSON_AddTrueToObject(ctx, "checked");
    turn_result_clear(&r);
}

void svc_one_round_by(const store_game *sg, const svc_game *dg, uint64_t seats, char *who,
                      size_t len)
{
    who[0] = '\0';
    size_t n = 0;
    if (sg->one_round_turn == sg->turn)
        n = (size_t)snprintf(who, len, "the game master");
    int asked = 0;
    for (int p = 0; p < dg->nplayers; p++)
        asked += (seats >> p) & 1;
    for (int p = 0, k = 0; p < dg->nplayers && n < len; p++) {
        if (!((seats >> p) & 1))
            continue;
        k++;
        const char *sep = n == 0 ? "" : k == asked ? " and " : ", ";
        n += (size_t)snprintf(who + n, len - n, "%s%s", sep, dg->players[p].name);
    }
}

svc_result svc_one_round_asked(store *st, const store_game *game, const svc_game *sg, char *who,
                               size_t len)
{
    uint64_t seats = 0; /* (bit seat-1: the seat indexes svc_one_round_by takes) */
    who[0] = '\0';
    int rc = store_order_section_seats(st, game->id, game->turn, SVC_TURN_SECTION, &seats);
    if (rc == STORE_OK)
        svc_one_round_by(game, sg, seats, who, len);
    return rc == STORE_OK ? svc_ok() : svc_store_failed(st);
}

char *svc_orders_checked(store *st, const store_game *game, const svc_game *sg, int p,
                         const svc_orders *po)
{
    char one_round_by[128];
    svc_result r = svc_one_round_asked(st, game, sg, one_round_by, sizeof one_round_by);
    if (r.kind != SVC_OK)
        log_warn("game %s: who asked for one round is not known: %s", game->name, r.text);
    cJSON *ctx = cJSON_CreateObject();
    svc_orders_list(game, sg, p, po, one_round_by, ctx);
    buf b;
    buf_init(&b);
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItem(ctx, "orders"))
    {
        const char *co = cJSON_GetStringValue(cJSON_GetObjectItem(it, "company"));
        buf_printf(&b, "    %s%s%s%s\n", co ? co : "", co ? ": " : "",
                   cJSON_GetStringValue(cJSON_GetObjectItem(it, "order")),
                   cJSON_GetObjectItem(it, "earlier") ? " (kept from earlier)" : "");
        const char *check = cJSON_GetStringValue(cJSON_GetObjectItem(it, "check"));
        const char *problem = cJSON_GetStringValue(cJSON_GetObjectItem(it, "problem"));
        if (check)
            buf_printf(&b, "        %s\n", check);
        else if (problem)
            buf_printf(&b, "        would not be carried out now: %s\n", problem);
        else if (cJSON_GetObjectItem(it, "unchecked"))
            buf_adds(&b, "        not checked: it comes after moves of the other players\n");
    }
    if (!b.len)
        buf_adds(&b, "    (none)\n");
    cJSON_Delete(ctx);
    return buf_steal(&b);
}
