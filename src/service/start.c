/* start: the mail that opens a game — to every player when the game starts: the seating, the
 * start packet with its prices, the title's own rules (report/rules.h: what differs from the
 * usual, said from its data), the variant and the house rules in force, the first deadline
 * and the order form for turn 1 (templates/game_start.txt and .html), the starting map inline
 * for those who take pictures. A game imported under way (from 18xx.games): where it stands —
 * the round, the phase, who is to act, each player's cash and worth, what is left of the start
 * packet, the map as it is. */
#include "report/mapdraw.h"
#include "report/packet.h"
#include "report/rules.h"
#include "report/state.h"
#include "service/service.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The seats; a game under way (imported): who is to act now, each one's cash and worth. */
static cJSON *seating(const svc_game *dg, bool under_way)
{
    cJSON *arr = cJSON_CreateArray();
    for (int p = 0; p < dg->nplayers; p++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "seat", dg->players[p].seat);
        cJSON_AddStringToObject(o, "name", dg->players[p].name);
        if (p == dg->g->current)
            cJSON_AddTrueToObject(o, under_way ? "to_act" : "first");
        if (under_way) {
            cJSON_AddNumberToObject(o, "cash", dg->g->players[p].cash);
            cJSON_AddNumberToObject(o, "worth", eng_player_worth(dg->g, p));
        }
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

/* The start packet's items still on sale (a game imported under way may have sold some). */
static cJSON *start_packet(const eng_title *t, const eng_game *g, bool by_rows)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < t->nstart_items; i++) {
        if (i < (int)(sizeof g->item_sold / sizeof *g->item_sold) && g->item_sold[i])
            continue;
        const struct eng_start_item *it = &t->start_items[i];
        const eng_company *co = &t->companies[it->company];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", it->id);
        char what[128];
        if (it->percent)
            snprintf(what, sizeof what, "%d%% of %s%s", it->percent, co->name,
                     it->director ? " (the director's certificate)" : "");
        else if (co->brings_percent > 0) /* 1830's C&A and B&O privates */
            snprintf(what, sizeof what, "%s with %s %d%% %s%s", co->name,
                     co->brings_director ? "the" : "a", co->brings_percent,
                     t->companies[co->brings_company].id,
                     co->brings_director ? " director's certificate" : " share");
        else
            snprintf(what, sizeof what, "%s", co->name);
        cJSON_AddStringToObject(o, "what", what);
        char *order = rep_packet_order_text(t, i); /* the order language's own words */
        cJSON_AddStringToObject(o, "order", order);
        free(order);
        cJSON_AddNumberToObject(o, "price", it->price);
        if (by_rows) /* rows say what is on sale, unless all is at once or auctioned (1830) */
            cJSON_AddNumberToObject(o, "row", it->row + 1);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

static cJSON *start_context(const cfg *c, const store_game *sg, const svc_game *dg)
{
    cJSON *ctx = cJSON_CreateObject();
    cJSON_AddStringToObject(ctx, "gm_name", c->gm_name);
    cJSON_AddStringToObject(ctx, "gm_address", svc_gm_address(c, sg));
    cJSON_AddStringToObject(ctx, "daemon_address", c->daemon_address);
    cJSON_AddStringToObject(ctx, "game", sg->name);
    cJSON_AddStringToObject(ctx, "title", sg->title);
    cJSON_AddStringToObject(ctx, "options", sg->options && *sg->options ? sg->options : "none");
    cJSON_AddNumberToObject(ctx, "rounds_per_turn", sg->rounds_per_turn);
    cJSON_AddNumberToObject(ctx, "turn_hours", sg->turn_hours);
    char grace[32];
    snprintf(grace, sizeof grace, "%d minute%s", sg->grace_minutes,
             sg->grace_minutes == 1 ? "" : "s");
    cJSON_AddStringToObject(ctx, "grace_minutes", grace);
    if (sg->stop_after_formation && dg->t->formation.company >= 0) /* a title with one (1835) */
        cJSON_AddStringToObject(ctx, "stop_after_formation", dg->t->formation.round_name);
    if (dg->t->packet_auction) {
        cJSON_AddNumberToObject(ctx, "bid_raise", dg->t->bid_raise);
        if (dg->t->first_item_drop > 0 && dg->t->nstart_items > 0 && !dg->g->item_sold[0]) {
            cJSON *drop = cJSON_AddObjectToObject(ctx, "first_item_drop");
            cJSON_AddStringToObject(drop, "item", dg->t->start_items[0].id);
            cJSON_AddNumberToObject(drop, "by", dg->t->first_item_drop);
        }
    }
    if (sg->imported_from) { /* a game under way: where it stands */
        cJSON *imp = cJSON_AddObjectToObject(ctx, "imported");
        cJSON_AddStringToObject(imp, "from", sg->imported_from);
        eng_play_at now = eng_play_now(dg->g);
        char round[64];
        cJSON_AddStringToObject(imp, "round",
                                eng_round_name(dg->g, &now, ENG_NAME_TURN, round, sizeof round));
        cJSON_AddStringToObject(imp, "phase", dg->t->phases[dg->g->phase].name);
        cJSON_AddStringToObject(imp, "to_act", dg->players[dg->g->current].name);
    }
    cJSON_AddItemToObject(ctx, "seats", seating(dg, sg->imported_from != NULL));
    bool by_rows = dg->g && eng_packet_sold_by_rows(dg->g);
    if (by_rows)
        cJSON_AddTrueToObject(ctx, "by_rows");
    cJSON *packet = start_packet(dg->t, dg->g, by_rows);
    if (cJSON_GetArraySize(packet))
        cJSON_AddTrueToObject(ctx, "packet_left");
    cJSON_AddItemToObject(ctx, "packet", packet);
    cJSON *rules = rep_rules_json(dg->g); /* the title's own (18GA's ends, its train limit) */
    if (cJSON_GetArraySize(rules))
        cJSON_AddTrueToObject(ctx, "has_title_rules");
    cJSON_AddItemToObject(ctx, "title_rules", rules);
    char next_rounds[160], when[64];
    cJSON_AddStringToObject(ctx, "rounds_next",
                            eng_rounds_next_text(dg->g, next_rounds, sizeof next_rounds));
    svc_format_time(sg->deadline_at, when, sizeof when);
    cJSON *next = cJSON_AddObjectToObject(ctx, "next");
    cJSON_AddNumberToObject(next, "turn", sg->turn);
    cJSON_AddStringToObject(next, "deadline", when);
    return ctx;
}

static svc_result mail_player(const cfg *c, store *st, const store_game *sg, const svc_game *dg,
                              int p, int64_t inbound_id, cJSON *ctx, const mail_inline_part *map)
{
    cJSON_DeleteItemFromObjectCaseSensitive(ctx, "me");
    cJSON_DeleteItemFromObjectCaseSensitive(ctx, "form");
    cJSON_DeleteItemFromObjectCaseSensitive(ctx, "map_src");
    cJSON_AddStringToObject(ctx, "me", dg->players[p].name);
    cJSON_AddItemToObject(ctx, "form", rep_order_form_json(dg->g, p));
    bool pictures = dg->players[p].pictures && map;
    char *src = pictures ? str_format("cid:%s", map->content_id) : NULL;
    if (src)
        cJSON_AddStringToObject(ctx, "map_src", src);
    char *text = svc_render_text(c, "game_start.txt", ctx);
    char *html = svc_render_html(c, "game_start.html", ctx);
    char *subject = str_format(sg->imported_from ? "%s: the game goes on by mail"
                                                 : "%s: the game begins", sg->name);
    mail_outgoing m = {
        .to_addr = dg->players[p].address,
        .to_name = dg->players[p].name,
        .subject = subject,
        .body = text,
        .auto_submitted = "auto-generated",
        .html = html,
        .parts = pictures && html ? map : NULL,
        .nparts = pictures && html ? 1 : 0,
    };
    svc_result r = svc_queue_mail(c, st, inbound_id, sg->id, &m);
    free(subject);
    free(html);
    free(text);
    free(src);
    return r;
}

/* The opening mail to every player (only: -1), or to one. */
static svc_result mail_start(const cfg *c, store *st, const store_game *sg, int only,
                             int64_t inbound_id)
{
    svc_game dg;
    svc_result r = svc_game_load(st, sg, &dg);
    if (r.kind != SVC_OK)
        return r;
    cJSON *ctx = start_context(c, sg, &dg);
    char *err = NULL, *caption = str_format(sg->imported_from ? "game %s: the map as it stands"
                                                              : "game %s: the starting map",
                                            sg->name);
    size_t png_len = 0;
    rpt_map_marks marks;
    rpt_map_marks_of(dg.g, &marks);
    unsigned char *png = rpt_map_png_marked(dg.g->board, NULL, &marks, caption, &png_len, &err);
    if (!png) {
        log_error("%s", err);
        free(err);
    }
    char *cid = svc_content_id(c, "map");
    mail_inline_part map = {cid, "image/png", "map.png", png, png_len};
    for (int p = 0; p < dg.nplayers && r.kind == SVC_OK; p++)
        if (only < 0 || p == only)
            r = mail_player(c, st, sg, &dg, p, inbound_id, ctx, png ? &map : NULL);
    free(cid);
    free(caption);
    free(png);
    cJSON_Delete(ctx);
    svc_game_unload(&dg);
    return r;
}

svc_result svc_mail_game_start(const cfg *c, store *st, const store_game *sg)
{
    return mail_start(c, st, sg, -1, 0);
}

svc_result svc_mail_game_start_to(const cfg *c, store *st, const store_game *sg, int p,
                                  int64_t inbound_id)
{
    return mail_start(c, st, sg, p, inbound_id);
}
