/* autogame: a game of 1835 (or another title) played by the game master alone, for make bench
 * (bench/autogame.sh) and the silent-game tests (tests/turn/test_silent_1856.sh): four players
 * buy the start packet (the first purchase the rules allow, each time), then never write again
 * — every turn is resolved with every player NMR, as house rules 12, 13 and 17 have the game
 * master play for them, until the game ends or the turn limit. Prints a line a turn (its
 * rounds, the phase, the bank, tiles on the map, trains, the time) and a summary line
 * "autogame TURNS TILES TRAINS PHASE SECONDS MAX_SECONDS ENDED", after a line "the game is over:
 * WHY" when it ended (WHY as the report says it: "the bank broke", "a bankruptcy").
 *   autogame [OPTIONS [MAX_TURNS]]   (OPTIONS default "Variant=Clemens")
 * AUTOGAME_PLAYERS=N plays with N players (2-7) instead of four; AUTOGAME_TITLE=1830 (1856, ...)
 * plays that title (config/games/TITLE.json, a variant with the title it extends; its start
 * packet bought the same way, by auction or not; when the packet makes no director, the first
 * stock round played too: buying_round);
 * AUTOGAME_INVEST=K: the players buy in the first K stock rounds (each round played by this
 * tool, not by the turn, and a turn covers one round): shares of their companies, and new
 * companies, as far as their money goes (a silent game of 1856 otherwise stays in phase 2: its
 * companies, capitalised by the shares sold, never have the money for a 3-train);
 * AUTOGAME_LOANS=1: each player orders a loan for each major he directs, every turn (1856: so
 * that the CGR's round has loans to ask about; the players are no longer NMR, their companies'
 * other steps still played for them);
 * AUTOGAME_MAP=FILE.png draws the board at the end; AUTOGAME_REPORT=1 prints each turn's
 * report; AUTOGAME_MAILED=1 prints it as the text mail the first player gets (the templates'
 * turn report: the game now, the tables, the market, the order form), between lines
 * "-- mailed report of turn N --" and "-- end of the mailed report --", and a line there when
 * its HTML part is not rendered or says "(null)". */
#include "engine/game.h"
#include "orders/envelope.h"
#include "orders/order.h"
#include "report/mapdraw.h"
#include "report/state.h"
#include "service/service.h"
#include "engine/title.h"
#include "turn/turn.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The start packet bought: each time the first purchase the rules allow, else a pass (an
 * operating round between: its first action that ends a company's turn). */
static int buy_the_packet(eng_game *g)
{
    for (int guard = 0; guard < 500; guard++) {
        bool unsold = false;
        for (int i = 0; i < g->t->nstart_items; i++)
            unsold |= !g->item_sold[i];
        if (!unsold || g->round == ENG_ROUND_STOCK)
            return 0;
        eng_action legal[256];
        int n = eng_legal_actions(g, legal, 256), pick = n - 1;
        for (int k = 0; k < n && g->round != ENG_ROUND_OPERATING; k++)
            if (legal[k].kind == ENG_ACT_BUY_ITEM) {
                pick = k;
                break;
            }
        for (int k = 0; k < n && g->round == ENG_ROUND_OPERATING; k++)
            if (legal[k].kind == ENG_ACT_DONE)
                pick = k;
        char why[256];
        if (n == 0 || eng_apply(g, &legal[pick], why, sizeof why))
            return -1;
    }
    return -1;
}

static bool directs_one(const eng_game *g, int p)
{
    for (int c = 0; c < g->t->ncompanies; c++)
        if (g->co[c].director == p)
            return true;
    return false;
}

/* The buy this player makes in a stock round played for him: another share of a company he
 * directs — while it has not floated, or in every such round when `invest` — else, directing
 * none (or in every such round when `invest`), the director's certificate of a company no one
 * has started (the highest par that leaves him the money for a share more), else -1. */
static int buy_of(const eng_game *g, const eng_action *legal, int n, bool invest)
{
    int start = -1;
    for (int k = 0; k < n; k++) {
        const eng_action *a = &legal[k];
        if (a->kind != ENG_ACT_BUY_SHARE && a->kind != ENG_ACT_PAR)
            continue;
        const eng_company_state *c = &g->co[a->company];
        if (a->kind == ENG_ACT_BUY_SHARE && !a->director && !a->from_pool && c->started &&
            (!c->floated || invest) && c->director == a->player)
            return k;
        if (!c->started && a->price > 0 && g->players[a->player].cash >= a->price * 3 &&
            (invest || !directs_one(g, a->player)) && (start < 0 || a->price > legal[start].price))
            start = k;
    }
    return start;
}

/* Whether the players buy in this stock round: the first, in titles whose start packet makes
 * no director (1856: privates only; else no company would ever start), and the first
 * AUTOGAME_INVEST stock rounds when set (the players put their money into their companies, so
 * that a poor title's silent game reaches its later phases). */
static int invest_rounds(void)
{
    return getenv("AUTOGAME_INVEST") ? atoi(getenv("AUTOGAME_INVEST")) : 0;
}

static bool buying_round(const eng_game *g, bool packet_made_directors)
{
    int invest = invest_rounds();
    return g->round == ENG_ROUND_STOCK &&
           (g->stock_round_number <= invest ||
            (!packet_made_directors && g->stock_round_number == 1));
}

/* The stock round in play, played for the players: each buys (buy_of) until he cannot, then
 * passes; the turns that follow are every player's NMR. */
static int play_stock_round(eng_game *g)
{
    int round = g->stock_round_number;
    bool invest = invest_rounds() > 0;
    for (int guard = 0; guard < 500; guard++) {
        if (g->round != ENG_ROUND_STOCK || g->stock_round_number != round)
            return 0;
        eng_action legal[256];
        int n = eng_legal_actions(g, legal, 256), pick = buy_of(g, legal, n, invest);
        for (int k = 0; k < n && pick < 0; k++)
            if (legal[k].kind == ENG_ACT_PASS)
                pick = k;
        char why[256];
        if (n == 0 || pick < 0 || eng_apply(g, &legal[pick], why, sizeof why)) {
            fprintf(stderr, "autogame: stock round %d: %s\n", round, n ? why : "no legal action");
            return -1;
        }
    }
    return -1;
}

/* AUTOGAME_LOANS: player p's orders for the turn — "CO:\nTAKE LOAN" for each major he directs
 * (a loan each operating round while the rules allow, the rest played for him), so that a game
 * of 1856 has loans to repay when the CGR's round comes; without a major, none (an NMR). */
static bool loan_orders(const eng_game *g, int p, ord_envelope *env, ord_orders *o)
{
    char text[1024] = "";
    size_t len = 0;
    for (int c = 0; c < g->t->ncompanies && len < sizeof text - 64; c++)
        if (eng_is_major(g, c) && g->co[c].started && !g->co[c].closed &&
            g->co[c].director == p)
            len += (size_t)snprintf(text + len, sizeof text - len, "%s:\nTAKE LOAN\n",
                                    g->t->companies[c].id);
    if (!len)
        return false;
    ord_envelope_parse("orders", text, env);
    ord_parse_for(env, g->t, o);
    for (int i = 0; i < o->n; i++) {
        char why[256];
        (void)turn_canonical_order(g->t, &o->v[i], why, sizeof why);
    }
    return true;
}

static int tiles_on_map(const eng_game *g)
{
    int n = 0;
    for (int h = 0; h < g->t->nhexes; h++)
        n += g->board->tile[h] >= 0;
    return n;
}

static int trains_bought(const eng_game *g)
{
    int n = 0;
    for (int k = 0; k < g->t->ntrains; k++) /* (a kind without end: those the companies hold) */
        if (g->t->trains[k].count_unlimited)
            for (int c = 0; c < g->t->ncompanies; c++)
                for (int i = 0; i < g->co[c].ntrains; i++)
                    n += g->co[c].trains[i] == k;
        else
            n += g->t->trains[k].count - g->trains_left[k];
    return n;
}

/* AUTOGAME_MAILED: the turn's report as the first player's text mail (the service's templates,
 * its tables and order form), as turns.c renders it; the parts of the game's record (NMR
 * counts, the deadline, the worth by turn) left out. */
static void print_mailed_report(const eng_game *g, const turn_result *r, int turn)
{
    cfg c;
    cfg_defaults(&c);
    svc_game dg = {.t = g->t, .g = (eng_game *)g, .nplayers = g->nplayers};
    for (int p = 0; p < g->nplayers; p++) {
        dg.players[p].seat = p + 1;
        dg.players[p].name = (char *)g->players[p].name;
    }
    rep_state s;
    rep_state_build(g, &s);
    cJSON *ctx = rep_state_to_json(&s);
    cJSON_AddStringToObject(ctx, "game", "auto");
    cJSON_AddNumberToObject(ctx, "turn", turn);
    cJSON_AddStringToObject(ctx, "rounds_text", r->rounds_text[0] ? r->rounds_text : "no round");
    cJSON_AddStringToObject(ctx, "happened", r->report.len ? r->report.data : "");
    if (r->game_over) {
        cJSON_AddTrueToObject(ctx, "game_over");
        cJSON_AddItemToObject(ctx, "ranking", rep_ranking_json(g));
    } else {
        cJSON *next = cJSON_AddObjectToObject(ctx, "next");
        cJSON_AddNumberToObject(next, "turn", turn + 1);
        cJSON_AddStringToObject(next, "deadline", "(none)");
    }
    svc_report_personalise(ctx, &dg, &s, 0, NULL);
    char *text = svc_report_text(&c, ctx);
    char *html = svc_report_html(&c, ctx, NULL, NULL); /* (its HTML part: said when broken) */
    printf("-- mailed report of turn %d --\n%s%s-- end of the mailed report --\n", turn,
           text ? text : "(not rendered)\n",
           !html ? "the HTML part: not rendered\n"
                 : strstr(html, "(null)") ? "the HTML part says (null)\n" : "");
    free(html);
    free(text);
    cJSON_Delete(ctx);
    rep_state_free(&s);
    cfg_free(&c);
}

/* config/games/NAME.json, for a title and the titles it extends. */
static char *read_games_file(const char *name, void *ctx)
{
    (void)ctx;
    char path[256];
    snprintf(path, sizeof path, "config/games/%s.json", name);
    return util_read_file(path, NULL);
}

int main(int argc, char **argv)
{
    util_keep_freed_memory();
    const char *title = getenv("AUTOGAME_TITLE") ? getenv("AUTOGAME_TITLE") : "1835";
    const char *options = argc > 1 ? argv[1] : strcmp(title, "1835") == 0 ? "Variant=Clemens" : "";
    int max_turns = argc > 2 ? atoi(argv[2]) : 150;
    char *err = NULL, why[256];
    eng_title *t = eng_title_load(title, read_games_file, NULL, &err); /* (a variant: its base) */
    eng_options o;
    if (t)
        eng_options_default(t, &o);
    const char *names[7] = {"Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus"};
    int nplayers = getenv("AUTOGAME_PLAYERS") ? atoi(getenv("AUTOGAME_PLAYERS")) : 4;
    if (nplayers < 2 || nplayers > 7)
        nplayers = 4;
    bool parsed = t && eng_options_parse(t, &o, options, why, sizeof why) == 0;
    eng_title *base = NULL; /* the options change the title's data (18Kaas's Ruhr rule): the
                             * game plays the title they make, as the service's games do */
    if (parsed && eng_choices_change_title(t, o.chosen)) {
        base = t;
        t = eng_title_load_chosen(title, read_games_file, NULL, base, o.chosen, &err);
        if (t)
            eng_options_for_title(t, &o);
        parsed = t != NULL;
    }
    eng_game *g = parsed ? eng_game_new(t, &o, names, nplayers, why, sizeof why) : NULL;
    bool made_directors = false; /* (by the start packet) */
    int packet = g ? buy_the_packet(g) : -1;
    for (int c = 0; packet == 0 && c < t->ncompanies; c++)
        made_directors |= g->co[c].director != ENG_NONE;
    if (packet || (buying_round(g, made_directors) && play_stock_round(g))) {
        fprintf(stderr, "autogame: cannot start: %s\n", err ? err : why);
        return 1;
    }
    double total = 0, slowest = 0;
    int turn = 0;
    char why_over[64] = "";
    bool loans = getenv("AUTOGAME_LOANS") && atoi(getenv("AUTOGAME_LOANS")) > 0;
    for (; turn < max_turns && g->round != ENG_ROUND_OVER; turn++) {
        turn_player pl[ENG_MAX_PLAYERS] = {0};
        ord_envelope envs[ENG_MAX_PLAYERS] = {0};
        ord_orders ords[ENG_MAX_PLAYERS] = {0};
        for (int p = 0; p < g->nplayers; p++) {
            pl[p].nmr = !(loans && loan_orders(g, p, &envs[p], &ords[p]));
            pl[p].orders = pl[p].nmr ? NULL : &ords[p];
        }
        if (buying_round(g, made_directors) && play_stock_round(g))
            break;
        turn_settings s;
        turn_settings_default(&s);
        if (invest_rounds() > 0) /* a round a turn: the stock rounds bought in come first */
            s.rounds = 1;
        turn_result r;
        double t0 = seconds_now();
        int rc = turn_resolve(g, &s, pl, &r);
        double dt = seconds_now() - t0;
        total += dt;
        slowest = dt > slowest ? dt : slowest;
        if (getenv("AUTOGAME_REPORT"))
            fputs(r.report.data, stdout);
        if (getenv("AUTOGAME_MAILED"))
            print_mailed_report(g, &r, turn + 1);
        const char *over = strstr(r.report.data, "The game is over (");
        if (over) /* what ended it, as the report says: "the bank broke", "a bankruptcy" */
            snprintf(why_over, sizeof why_over, "%.*s", (int)strcspn(over + 18, ")"), over + 18);
        printf("turn %3d: %-44s phase %-4s bank %6d tiles %3d trains %2d %8.1f ms%s\n", turn + 1,
               r.rounds_text, t->phases[g->phase].name, g->bank, tiles_on_map(g),
               trains_bought(g), dt * 1000, rc ? " (stopped)" : "");
        turn_result_clear(&r);
        for (int p = 0; p < g->nplayers; p++) {
            ord_orders_clear(&ords[p]);
            ord_envelope_clear(&envs[p]);
        }
        if (rc)
            break;
    }
    const char *map = getenv("AUTOGAME_MAP"); /* the board at the end, as a picture */
    char *map_err = NULL;
    if (map && rpt_map_draw(g->board, NULL, "the end of an automatic game", map, &map_err)) {
        fprintf(stderr, "autogame: %s\n", map_err);
        free(map_err);
    }
    if (why_over[0])
        printf("the game is over: %s\n", why_over);
    printf("autogame %d %d %d %s %.6f %.6f %s\n", turn, tiles_on_map(g), trains_bought(g),
           t->phases[g->phase].name, total, slowest, g->round == ENG_ROUND_OVER ? "ended" : "running");
    eng_game_free(g);
    eng_title_free(t);
    if (base)
        eng_title_free(base);
    return 0;
}
