/* act: how the turn acts and speaks — an action applied, recorded and its events reported
 * (turn_act), the report's lines and the GM's rulings, and the rounds the turn has covered
 * (house rule 14: counted and named as they end, so that the loop knows when to stop). Every
 * part of the turn acts through here; it calls no other part. */
#include "turn/internal.h"
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void turn_say(turn_ctx *x, const char *fmt, ...)
{
    if (x->set->preview) /* (the acknowledgement's check reads only the fates) */
        return;
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&x->out->report, fmt, ap);
    va_end(ap);
    buf_addc(&x->out->report, '\n');
}

void turn_ruling(turn_ctx *x, const char *whose, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *line = str_vformat(fmt, ap);
    va_end(ap);
    buf_printf(&x->out->report, "%s\n", line);
    turn_result *r = x->out;
    r->rulings = xrealloc(r->rulings, (size_t)(r->nrulings + 1) * sizeof *r->rulings);
    const char *text = line + strspn(line, " ");
    r->rulings[r->nrulings++] = whose ? str_format("%s: %s", whose, text) : xstrdup(text);
    free(line);
}

void turn_say_order(turn_ctx *x, int player, const ord_order *o, const char *fate)
{
    char *text = ord_format(o);
    turn_say(x, "  %s's order (line %d) \"%s\"%s%s", x->g->players[player].name, o->line, text,
             *fate ? ": " : "", fate);
    free(text);
}

/* The round under way, named as the engine names it for the turn (the order of play's
 * eng_round_name); the start packet's number kept. */
static void name_round(turn_ctx *x, eng_play_at at)
{
    bool packet = at.kind == ENG_ROUND_START && !at.packet_in_stock_round && !at.special;
    x->start_round = packet ? (at.number > 1 ? at.number : 1) : 0;
    eng_round_name(x->g, &at, ENG_NAME_TURN, x->round, sizeof x->round);
}

/* The round the game is in now. */
void turn_round_under_way(turn_ctx *x)
{
    name_round(x, eng_play_now(x->g));
}

/* A round is over: counted, and named in the turn's list of rounds. The start packet's rounds
 * one after another are named together: "the start packet" then its round 2 read "the start
 * packet (rounds 1 and 2)", then "(rounds 1 to 3)" (the operating round between them, the
 * privates' income only, is no round of the turn). */
static void round_ended(turn_ctx *x)
{
    turn_result *r = x->out;
    r->rounds++;
    char *text = r->rounds_text;
    size_t size = sizeof r->rounds_text, n = strlen(text);
    if (x->start_round > 1 && x->listed_to == x->start_round - 1) {
        x->listed_to = x->start_round;
        snprintf(text + x->listed_at, size - x->listed_at, "the start packet (rounds %d %s %d)",
                 x->listed_from, x->listed_to - x->listed_from == 1 ? "and" : "to",
                 x->listed_to);
        return;
    }
    x->listed_at = n ? n + 2 : 0;
    x->listed_from = x->listed_to = x->start_round;
    snprintf(text + n, size - n, "%s%s", n ? ", " : "", x->round);
}

/* The round an event begins, named (several rounds may begin and end in one action: each round
 * ended is named as it was, not as the game is after the action). */
static void round_begun(turn_ctx *x, const eng_event *e)
{
    if (e->kind == ENG_EV_START_ROUND && !x->g->packet_in_stock_round)
        name_round(x, (eng_play_at){.kind = ENG_ROUND_START, .number = e->amount});
    else if (e->kind == ENG_EV_STOCK_ROUND)
        name_round(x, (eng_play_at){.kind = ENG_ROUND_STOCK, .number = e->amount});
    else if (e->kind == ENG_EV_OPERATING_ROUND)
        name_round(x, (eng_play_at){.kind = ENG_ROUND_OPERATING, .number = e->amount,
                                    .number_in_set = e->amount2});
}

static void count_round_ends(turn_ctx *x)
{
    const eng_game *g = x->g;
    bool short_or = false, ended = false; /* short: an OR in which no company could operate */
    for (int i = 0; i < g->nevents; i++) {
        const eng_event *e = &g->events[i];
        if (e->kind == ENG_EV_SHORT_OR)
            short_or = true;
        /* (flag: only a snapshot, the round goes on; a short operating round — the privates'
         * income between two rounds of the start packet — is no round of the turn: no one
         * decided anything in it) */
        if (e->kind == ENG_EV_ROUND_END && !e->flag && !short_or)
            round_ended(x);
        if (e->kind == ENG_EV_ROUND_END && !e->flag)
            short_or = false, ended = true;
        round_begun(x, e);
        if (e->kind == ENG_EV_FORMED) {
            x->out->formed = true;
            if (x->set->stop_after_formation && x->limit > x->out->rounds + 1)
                x->limit = x->out->rounds + 1; /* this round is the turn's last */
        }
        if (e->kind == ENG_EV_GAME_OVER)
            x->out->game_over = true;
    }
    if (ended)
        turn_round_under_way(x);
    if (x->out->rounds >= x->limit || x->out->game_over)
        x->stop = true;
}

static void report_events(turn_ctx *x)
{
    if (x->set->preview)
        return;
    char line[256];
    for (int i = 0; i < x->g->nevents; i++)
        if (eng_event_text(x->g, &x->g->events[i], line, sizeof line) > 0)
            turn_say(x, "%s", line);
}

int turn_act(turn_ctx *x, const eng_action *a, char *why, size_t len)
{
    /* (a preview counts the actions taken, and keeps none: nothing is logged from it) */
    char *json = x->set->preview ? NULL : eng_action_to_json(x->g, a);
    if (eng_apply(x->g, a, why, len)) {
        free(json);
        return -1;
    }
    turn_result *r = x->out;
    r->actions = xrealloc(r->actions, (size_t)(r->nactions + 1) * sizeof *r->actions);
    r->actions[r->nactions++] = json;
    report_events(x);
    count_round_ends(x);
    return 0;
}
