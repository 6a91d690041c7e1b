/* report: a resolved turn's report as each reader gets it — the text part (tables that line up,
 * lines of at most 78 characters) and the HTML part from templates/turn_report.txt and .html,
 * personalised (the reader's name, position and companies first, the reader's orders and what
 * became of them, the order form), with the pictures: the map with this turn's new tiles and
 * stations marked, and each player's worth turn by turn. The GM's copy carries the GM's notes. */
#include "report/chart.h"
#include "report/mapdraw.h"
#include "report/text.h"
#include "report/state.h"
#include "service/service.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void svc_report_pics_draw(const svc_game *dg, const eng_board *before, const char *caption,
                          svc_report_pics *out)
{
    memset(out, 0, sizeof *out);
    char *err = NULL;
    rpt_map_marks marks;
    rpt_map_marks_of(dg->g, &marks);
    out->map = rpt_map_png_marked(dg->g->board, before, &marks, caption, &out->map_len, &err);
    if (!out->map) {
        log_error("%s", err);
        free(err);
        err = NULL;
    }
    const char *names[ENG_MAX_PLAYERS];
    for (int p = 0; p < dg->g->nplayers; p++)
        names[p] = dg->g->players[p].name;
    if (dg->nworth > 0)
        out->worth = rpt_worth_chart_png(names, dg->g->nplayers,
                                         (const int(*)[ENG_MAX_PLAYERS])dg->worth, dg->nworth - 1,
                                         &out->worth_len, &err);
    if (dg->nworth > 0 && !out->worth) {
        log_error("%s", err);
        free(err);
    }
}

void svc_report_pics_free(svc_report_pics *p)
{
    free(p->map);
    free(p->worth);
    memset(p, 0, sizeof *p);
}

static cJSON *header_row(const char *const *names, size_t n)
{
    return cJSON_CreateStringArray(names, (int)n);
}

static void add_cell(cJSON *row, const char *text)
{
    cJSON_AddItemToArray(row, cJSON_CreateString(text));
}

static void add_number(cJSON *row, int n)
{
    char t[16];
    snprintf(t, sizeof t, "%d", n);
    add_cell(row, t);
}

static cJSON *player_row(const rep_player *pl)
{
    cJSON *row = cJSON_CreateArray();
    add_cell(row, pl->name);
    add_number(row, pl->cash);
    char certs[32];
    snprintf(certs, sizeof certs, "%d/%d", pl->certificates, pl->limit);
    add_cell(row, certs);
    add_number(row, pl->worth);
    add_cell(row, pl->holdings);
    return row;
}

/* The players as a text table, the reader first (p: the reader's seat index, -1 the GM). */
static char *players_table(const rep_state *s, int p)
{
    static const char *const head[] = {"Player", "Cash", "Certs", "Worth", "Holdings"};
    cJSON *rows = cJSON_CreateArray();
    cJSON_AddItemToArray(rows, header_row(head, 5));
    if (p >= 0)
        cJSON_AddItemToArray(rows, player_row(&s->players[p]));
    for (int i = 0; i < s->nplayers; i++)
        if (i != p)
            cJSON_AddItemToArray(rows, player_row(&s->players[i]));
    char *t = rpt_text_table(rows, 4);
    cJSON_Delete(rows);
    return t;
}

static cJSON *company_row(const rep_state *s, const rep_company *co)
{
    cJSON *row = cJSON_CreateArray();
    add_cell(row, co->id);
    add_cell(row, co->director >= 0 ? s->players[co->director].name : "-");
    add_number(row, co->cash);
    if (s->has_loans && co->major) /* (a title with loans, 1856) */
        add_number(row, co->loans);
    else if (s->has_loans)
        add_cell(row, "");
    if (co->price)
        add_number(row, co->price);
    else
        add_cell(row, "-");
    if (co->major) {
        add_number(row, co->ipo);
        add_number(row, co->pool);
    } else {
        add_cell(row, "");
        add_cell(row, "");
    }
    char st[32];
    snprintf(st, sizeof st, "%d/%d", co->stations_placed, co->stations);
    add_cell(row, st);
    add_cell(row, co->trains);
    return row;
}

/* The companies as a text table, those reader p (a seat index, -1 the GM) directs first. */
static char *companies_table(const rep_state *s, int p)
{
    static const char *const head[] = {"Co", "Director", "Cash", "Price", "IPO", "Pool",
                                       "Stations", "Trains"};
    static const char *const with_loans[] = {"Co", "Director", "Cash", "Loans", "Price", "IPO",
                                             "Pool", "Stations", "Trains"};
    cJSON *rows = cJSON_CreateArray();
    cJSON_AddItemToArray(rows, s->has_loans ? header_row(with_loans, 9) : header_row(head, 8));
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < s->ncompanies; i++)
            if ((p >= 0 && s->companies[i].director == p) == (pass == 0))
                cJSON_AddItemToArray(rows, company_row(s, &s->companies[i]));
    char *t = rpt_text_table(rows, 4);
    cJSON_Delete(rows);
    return t;
}

#define WORTH_TURNS 10 /* the turns the worth table shows: the last ones */

/* Each player's worth at the end of the last turns: a text table and rows for the HTML. */
static void add_worth(cJSON *ctx, const svc_game *dg)
{
    if (dg->nworth == 0)
        return;
    int from = dg->nworth > WORTH_TURNS ? dg->nworth - WORTH_TURNS : 0;
    cJSON *rows = cJSON_CreateArray(), *html = cJSON_AddArrayToObject(ctx, "worth_rows");
    cJSON *head = cJSON_CreateArray();
    cJSON_AddItemToArray(head, cJSON_CreateString("Turn"));
    for (int p = 0; p < dg->g->nplayers; p++) {
        char name[12];
        snprintf(name, sizeof name, "%.10s", dg->g->players[p].name);
        cJSON_AddItemToArray(head, cJSON_CreateString(name));
    }
    cJSON_AddItemToArray(rows, head);
    for (int k = from; k < dg->nworth; k++) {
        cJSON *row = cJSON_CreateArray(), *hrow = cJSON_CreateObject();
        char turn[16];
        snprintf(turn, sizeof turn, "%d", k);
        cJSON_AddItemToArray(row, cJSON_CreateString(k ? turn : "start"));
        cJSON_AddStringToObject(hrow, "turn", k ? turn : "start");
        cJSON *vals = cJSON_AddArrayToObject(hrow, "values");
        for (int p = 0; p < dg->g->nplayers; p++) {
            char v[16];
            snprintf(v, sizeof v, "%d", dg->worth[k][p]);
            cJSON_AddItemToArray(row, cJSON_CreateString(v));
            cJSON_AddItemToArray(vals, cJSON_CreateNumber(dg->worth[k][p]));
        }
        cJSON_AddItemToArray(rows, row);
        cJSON_AddItemToArray(html, hrow);
    }
    char *t = rpt_text_table(rows, 4);
    cJSON_AddTrueToObject(ctx, "has_worth");
    cJSON_AddStringToObject(ctx, "worth_text", t);
    free(t);
    cJSON_Delete(rows);
    cJSON *names = cJSON_AddArrayToObject(ctx, "worth_names");
    for (int p = 0; p < dg->g->nplayers; p++) {
        cJSON *n = cJSON_CreateObject();
        cJSON_AddStringToObject(n, "name", dg->g->players[p].name);
        cJSON_AddStringToObject(n, "colour", rpt_player_colour(p));
        cJSON_AddItemToArray(names, n);
    }
}

void svc_report_add_history(cJSON *ctx, const svc_game *dg)
{
    add_worth(ctx, dg);
}

static void replace(cJSON *ctx, const char *key, cJSON *value)
{
    cJSON_DeleteItemFromObjectCaseSensitive(ctx, key);
    if (value)
        cJSON_AddItemToObject(ctx, key, value);
}

/* The lines of text as a list of strings (for the HTML), NULL for none. */
static cJSON *lines_of(const char *text)
{
    if (!text || !*text)
        return NULL;
    cJSON *arr = cJSON_CreateArray();
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char *line = xstrndup(p, n);
        cJSON_AddItemToArray(arr, cJSON_CreateString(line));
        free(line);
        p += n + (nl ? 1 : 0);
    }
    return arr;
}

/* Marks the reader's entries of the state's list in the templates' data (is_you, mine). */
static void mark_reader(cJSON *list, const char *key, const bool *is_reader)
{
    cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, list)
        replace(it, key, is_reader[i++] ? cJSON_CreateTrue() : NULL);
}

void svc_report_personalise(cJSON *ctx, const svc_game *dg, const rep_state *s, int p,
                            const char *your_orders)
{
    replace(ctx, "me", p >= 0 ? cJSON_CreateString(dg->players[p].name) : NULL);
    bool over = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(ctx, "game_over"));
    replace(ctx, "form", p >= 0 && !over ? rep_order_form_json(dg->g, p) : NULL);
    cJSON *orders = p >= 0 ? lines_of(your_orders) : NULL;
    replace(ctx, "has_your_orders", orders ? cJSON_CreateTrue() : NULL);
    replace(ctx, "your_orders", orders);
    bool you[ENG_MAX_PLAYERS] = {0}, mine[ENG_MAX_COMPANIES] = {0};
    if (p >= 0)
        you[p] = true;
    mark_reader(cJSON_GetObjectItemCaseSensitive(ctx, "players"), "is_you", you);
    cJSON *yours = NULL;
    if (p >= 0) {
        yours = rep_player_json(s, p);
        cJSON_AddTrueToObject(yours, "is_you");
    }
    replace(ctx, "you", yours);
    cJSON *own = cJSON_CreateArray();
    for (int i = 0; i < s->ncompanies; i++) {
        mine[i] = p >= 0 && s->companies[i].director == p;
        cJSON *co = mine[i] ? rep_company_json(s, i) : NULL;
        if (co) {
            cJSON_AddTrueToObject(co, "mine");
            cJSON_AddItemToArray(own, co);
        }
    }
    mark_reader(cJSON_GetObjectItemCaseSensitive(ctx, "companies"), "mine", mine);
    replace(ctx, "your_companies", cJSON_GetArraySize(own) ? own : (cJSON_Delete(own), NULL));
    char *pt = players_table(s, p), *ct = companies_table(s, p);
    replace(ctx, "players_table", cJSON_CreateString(pt));
    replace(ctx, "companies_table", cJSON_CreateString(ct));
    free(pt);
    free(ct);
}

char *svc_report_text(const cfg *c, const cJSON *ctx)
{
    return svc_render_text(c, "turn_report.txt", ctx);
}

char *svc_report_html(const cfg *c, cJSON *ctx, const char *map_src, const char *worth_src)
{
    replace(ctx, "map_src", map_src ? cJSON_CreateString(map_src) : NULL);
    replace(ctx, "worth_src", worth_src ? cJSON_CreateString(worth_src) : NULL);
    char *html = svc_render_html(c, "turn_report.html", ctx);
    replace(ctx, "map_src", NULL);
    replace(ctx, "worth_src", NULL);
    return html;
}

/* A picture as a data: URI, for a page written to a file. */
static char *data_uri(const unsigned char *png, size_t len)
{
    char *b64 = util_base64(png, len);
    char *uri = str_format("data:image/png;base64,%s", b64);
    free(b64);
    return uri;
}

char *svc_report_page(const cfg *c, cJSON *ctx, const svc_report_pics *pics)
{
    char *map = pics->map ? data_uri(pics->map, pics->map_len) : NULL;
    char *worth = pics->worth ? data_uri(pics->worth, pics->worth_len) : NULL;
    char *html = svc_report_html(c, ctx, map, worth);
    free(map);
    free(worth);
    return html;
}

svc_result svc_report_page_of_turn(const cfg *c, store *st, const store_game *sg, int turn,
                                   char **out)
{
    *out = NULL;
    char *happened = NULL;
    int rc = store_turn_report(st, sg->id, turn, &happened);
    if (rc == STORE_NOT_FOUND)
        return svc_refused("game %s has no report of turn %d", sg->name, turn);
    if (rc != STORE_OK)
        return svc_store_failed(st);
    svc_game dg;
    svc_result r = svc_game_load_until(st, sg, turn, &dg);
    if (r.kind != SVC_OK) {
        free(happened);
        return r;
    }
    rep_state s;
    rep_state_build(dg.g, &s);
    cJSON *ctx = rep_state_to_json(&s);
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "game", sg->name);
    cJSON_AddNumberToObject(ctx, "turn", turn);
    cJSON_AddStringToObject(ctx, "rounds_text", "the GM's copy, written from the game's record");
    cJSON_AddStringToObject(ctx, "happened", happened);
    svc_report_add_history(ctx, &dg);
    svc_report_personalise(ctx, &dg, &s, -1, NULL);
    rep_state_free(&s);
    svc_report_pics pics;
    char *caption = str_format("game %s after turn %d", sg->name, turn);
    svc_report_pics_draw(&dg, dg.before, caption, &pics);
    *out = svc_report_page(c, ctx, &pics);
    svc_report_pics_free(&pics);
    free(caption);
    cJSON_Delete(ctx);
    svc_game_unload(&dg);
    free(happened);
    if (!*out)
        return svc_failed("the report's HTML template is broken (see the log)");
    return svc_ok();
}
