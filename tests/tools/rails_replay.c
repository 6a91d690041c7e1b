/* rails_replay: replays a game recorded by Rails (its test-locale log) through the pbemgm
 * engine. Each *decision* line becomes an engine action; each *consequence* line is checked
 * against what the engine computed — a mismatch prints the line, expected and got, and the run
 * fails. The harness never copies a value from the log into the state.
 *
 *   rails_replay LOG [UNTIL]     (make rails-replay LOG=FILE [UNTIL=N])
 *
 * With UNTIL=N only the decisions on lines before N are applied, then the state is printed as
 *   {"players":{"<name>":{"cash":N}},"companies":{"<id>":{"cash":N,"price":N|null}},"bank":N}
 * The title is the log's (its first line, GameIs: config/games/TITLE.json); the game options of
 * a log come from tests/oracle/rails-TITLE.json (by the log's file name),
 * or from $PBEMGM_OPTIONS. The replay stops, saying so, where the engine's rules end (the first
 * company operating: operating rounds are a later issue). */
#include "engine/game.h"
#include "engine/routes.h"
#include "report/mapdraw.h"
#include "orders/order.h"
#include "turn/turn.h"
#include "util/buf.h"
#include "util/util.h"
#include "lib/rails_save.h"

#include <cJSON.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct replay {
    int formation_ended;        /* the company + 1 whose formation round ended before Rails
                                 * says so (its discards come after it here), or 0 */
    int scrapped_left;          /* obsolete trains scrapped not yet named by a line */
    const char *title_file;     /* config/games/NAME.json the log is played with */
    eng_title *title;
    eng_game *g;
    eng_options opt;
    char *players[ENG_MAX_PLAYERS];
    int nplayers;
    int player_cash, bank_has;
    bool used[ENG_MAX_EVENTS];  /* events of the last action already matched */
    int line;
    const char *text;
    char text_before[64];       /* the line before this one */
    bool older_rails;           /* a log of older Rails (StartOfInitialRound without number) */
    bool or_from_zero;          /* ... its operating rounds numbered from 0.0 */
    bool phases_from_one;       /* ... its phases numbered from 1 (older Rails' 1856) */
    const char *rest;           /* the log after this line (for a decision Rails does not log) */
    bool stopped;
    int snapshot;               /* Has lines after a round's end: that moment's money, or -1 */
    cJSON *offsets;             /* per tile: Rails' rotation offsets (tests/oracle/) */
    int revenue;                /* CompanyRevenue, waiting for its dividend line */
    int revenue_excess;         /* ... the part of it the GM gives (a known difference) */
    int payout_fix[ENG_MAX_PLAYERS]; /* ... paid out: each holder's part of it, given by the GM */
    int payout_fix_company;          /* ... and the company's, for its pool shares */
    int gm_corrections;
    int prices_lowered;         /* a second sale's price lowered anyway (lowered_anyway) */
    int revenues_checked;       /* CompanyRevenue lines the optimizer confirmed */
    buf log;                    /* every action taken, as JSON, a line each: the action log */
    bool bench;                 /* --bench: time the optimizer against the exhaustive search */
    bool tuned;                 /* RAILS_ROUTES_TUNE: the optimizer's long-list ways forced on */
    int tune_index, tune_help;
    bool hard_only;             /* --hard: only the hard positions, without the exhaustive search */
    bool turn_bench;            /* --turn-bench: time a turn's resolution at each OR's start */
    bool check_changed;         /* --check-changed: a changed board's runs against the whole */
    long changed_checked, changed_differ;
    int turn_positions;
    double turn_auto, turn_ordered, turn_auto_max; /* seconds */
    double turn_preview, turn_preview_max;         /* an acknowledgement's preview (2 rounds) */
    int bench_positions, bench_differ, bench_max_trains;
    long bench_max_routes;
    double bench_opt, bench_base; /* seconds */
    int revenues_below_best;    /* ... where the players ran less than the best run */
    int adds_player, adds_company, adds_amount; /* PresidentAddsCash, checked with its purchase */
    char stop_reason[512];
    bool not_built;             /* the stop is at something the engine has not built yet */
    /* 1856: money, loans and escrow just before the last action (its consequences' checks) */
    int cash_before[ENG_MAX_COMPANIES], escrow_before[ENG_MAX_COMPANIES];
    int loans_before[ENG_MAX_COMPANIES], player_cash_before[ENG_MAX_PLAYERS];
    int loans_at_formation[ENG_MAX_COMPANIES]; /* before the action that began the round */
    bool seen_escrow, seen_destination; /* the engine has held escrow / reached a destination */
    int escrow_ahead[ENG_MAX_COMPANIES]; /* money the engine has paid a company (its escrow
                                          * released, later sales) as its track reached the
                                          * destination that Rails holds in escrow until its
                                          * player says so (check_cash counts it) */
    int escrow_company, escrow_total;   /* HoldMoneyInEscrow, checked with the sale after it */
    int dest_claimed;           /* known difference "destination_claimed": the company + 1
                                 * whose destination Rails' player said reached, its track not
                                 * there: the GM gives it what Rails releases on the next line */
    int dest_early, dest_early_released; /* known difference "destination_by_lay": the company
                                          * + 1 whose player said its destination reached
                                          * before the lay that reaches it, and the escrow
                                          * Rails released then (checked after that lay) */
    int loan_value;             /* CompanyTakesLoan: a loan's amount (interest: a tenth) */
    int interest_due, interest_treasury, interest_revenue, interest_director; /* before a run */
    int interest_payer;         /* InterestPaidFromPresidentCash: the director, or -1 */
    unsigned merging;           /* WillMergeInto: bit c, checked closed as the formation ends */
    int cert_limit_after;       /* CertificateLimit said in the round, checked as it ends */
    char deferred[128];         /* known difference "after_formation": a purchase Rails made
                                 * before the formation round the engine holds at once, made
                                 * here as the round ends */
    int deferred_cash[ENG_MAX_COMPANIES]; /* ... what it moves, counted by check_cash till then */
    bool correcting;            /* a corrected purchase made: its line taken as it stands */
    unsigned closing;           /* PrivateCloses before the engine closes it: bit c, checked
                                 * closed as the operating company's turn ends */
    cJSON *known;               /* tests/oracle/rails-TITLE-known.json */
    char title_id[16];          /* the log's title (GameIs) */
    const char *log_name;
};

/* The documented difference at this line (tests/oracle/rails-TITLE-known.json), or NULL. */
static const cJSON *known_entry(struct replay *r)
{
    const cJSON *d, *list = cJSON_GetObjectItem(r->known, "differences");
    cJSON_ArrayForEach(d, list)
    {
        const cJSON *log = cJSON_GetObjectItem(d, "log"), *line = cJSON_GetObjectItem(d, "line");
        const cJSON *also = cJSON_GetObjectItem(d, "also"), *name; /* other recordings of it */
        bool mine = cJSON_IsString(log) && strcmp(log->valuestring, r->log_name) == 0;
        cJSON_ArrayForEach(name, also)
            mine |= cJSON_IsString(name) && strcmp(name->valuestring, r->log_name) == 0;
        if (mine && cJSON_IsNumber(line) && line->valueint == r->line)
            return d;
    }
    return NULL;
}

/* A documented difference at this line that stops the replay: stop there and say what it is.
 * One with a "correction" does not stop it: "gm_cash" (a revenue above what the trains can earn:
 * the best run, the rest given by the GM; a purchase the engine refuses: the GM charges its
 * price; a lay Rails charged less for than the map: the GM gives the rest back), "gm_tile" (a lay the company's track does not reach: the GM lays the tile),
 * "destination_by_lay" (a destination said reached before the lay that reaches it: checked
 * after that lay), "home_city" (the city of an undecided home). */
static bool known_difference(struct replay *r)
{
    const cJSON *d = known_entry(r);
    if (!d || cJSON_GetObjectItem(d, "correction"))
        return false;
    snprintf(r->stop_reason, sizeof r->stop_reason,
             "a known difference from Rails (tests/oracle/rails-%s-known.json)", r->title_id);
    return true;
}

static void print_holdings(struct replay *r);
static int failf(struct replay *r, const char *expected, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int failf(struct replay *r, const char *expected, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "MISMATCH at line %d: %s\n  expected: %s\n  got:      ", r->line, r->text,
            expected);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    print_holdings(r);
    return -1;
}

static int player_of(struct replay *r, const char *name)
{
    for (int p = 0; p < r->nplayers; p++)
        if (strcmp(r->players[p], name) == 0)
            return p;
    return -1;
}

static int company_of(struct replay *r, const char *id)
{
    return eng_company_index(r->title, id);
}

/* ---- events: a consequence must match one not yet matched ---- */

static bool take_event(struct replay *r, eng_event_kind kind, int player, int company,
                       const int *amount, const int *amount2)
{
    for (int i = 0; i < r->g->nevents; i++) {
        const eng_event *e = &r->g->events[i];
        if (r->used[i] || e->kind != kind)
            continue;
        if ((player != -2 && e->player != player) || (company != -2 && e->company != company) ||
            (amount && e->amount != *amount) || (amount2 && e->amount2 != *amount2))
            continue;
        r->used[i] = true;
        return true;
    }
    return false;
}

static const char *event_list(struct replay *r, eng_event_kind kind, buf *b)
{
    buf_reset(b);
    for (int i = 0; i < r->g->nevents; i++) {
        const eng_event *e = &r->g->events[i];
        if (e->kind != kind)
            continue;
        buf_printf(b, "[player %s company %s amounts %d %d%s] ",
                   e->player >= 0 ? r->players[e->player] : "-",
                   e->company >= 0 ? r->title->companies[e->company].id : "-", e->amount,
                   e->amount2, r->used[i] ? " (matched already)" : "");
    }
    return b->len ? b->data : "no such event";
}

static int expect_event(struct replay *r, eng_event_kind kind, int player, int company,
                        const int *amount, const int *amount2)
{
    if (take_event(r, kind, player, company, amount, amount2))
        return 0;
    buf b;
    buf_init(&b);
    int rc = failf(r, "this consequence", "%s", event_list(r, kind, &b));
    buf_free(&b);
    if (getenv("PBEMGM_REPLAY_EVENTS")) /* every event of the last action, for debugging */
        for (int i = 0; i < r->g->nevents; i++)
            fprintf(stderr, "  event %d: kind %d player %d company %d amounts %d %d\n", i,
                    r->g->events[i].kind, r->g->events[i].player, r->g->events[i].company,
                    r->g->events[i].amount, r->g->events[i].amount2);
    return rc;
}

/* ---- the game ---- */

static int create_game(struct replay *r)
{
    char why[256];
    r->g = eng_game_new(r->title, &r->opt, (const char *const *)r->players, r->nplayers, why,
                        sizeof why);
    if (!r->g) {
        fprintf(stderr, "cannot create the game: %s\n", why);
        return -1;
    }
    memset(r->used, 0, sizeof r->used);
    int line = r->line;
    r->line = 0;
    for (int p = 0; p < r->nplayers; p++)
        if (r->player_cash && r->g->players[p].cash != r->player_cash)
            return failf(r, "PlayerCash", "%s has %d", r->players[p], r->g->players[p].cash);
    if (r->bank_has && r->g->bank != r->bank_has)
        return failf(r, "BankHas", "the bank has %d", r->g->bank);
    r->line = line;
    return 0;
}

/* Debugging: PBEMGM_REPLAY_HOLDINGS=NAME prints that player's certificates on a refusal or a
 * mismatch. */
static void print_holdings(struct replay *r)
{
    const char *name = getenv("PBEMGM_REPLAY_HOLDINGS");
    int p = name ? player_of(r, name) : -1;
    if (p < 0)
        return;
    for (int c = 0; c < r->title->ncompanies; c++) {
        const eng_company_state *s = &r->g->co[c];
        if (r->title->companies[c].kind != ENG_MAJOR) {
            if (s->owner == p && !s->closed)
                fprintf(stderr, "  holds %s\n", r->title->companies[c].id);
            continue;
        }
        for (int i = 0; i < s->ncerts; i++)
            if (s->certs[i].owner == p)
                fprintf(stderr, "  holds %s %d%%%s\n", r->title->companies[c].id,
                        s->certs[i].percent, s->certs[i].director ? " (director)" : "");
    }
}

/* Each company's money, escrow and loans and each player's money before an action (what its
 * consequences are checked against). */
static void money_before(struct replay *r)
{
    for (int c = 0; c < r->title->ncompanies; c++) {
        r->cash_before[c] = r->g->co[c].cash;
        r->escrow_before[c] = r->g->co[c].escrow;
        r->loans_before[c] = r->g->co[c].loans;
    }
    for (int p = 0; p < r->nplayers; p++)
        r->player_cash_before[p] = r->g->players[p].cash;
}

/* What the engine has shown so far of escrow and destinations (before it has, a line about them
 * is something not built yet rather than a mismatch). */
static void features_seen(struct replay *r)
{
    for (int c = 0; c < r->title->ncompanies; c++) {
        r->seen_escrow |= r->g->co[c].escrow > 0;
        r->seen_destination |= r->g->co[c].destination_reached;
        if (r->escrow_before[c] > 0 && r->g->co[c].escrow == 0 &&
            r->g->co[c].destination_reached) /* released: Rails' ReleasedFromEscrow says it */
            r->escrow_ahead[c] += r->escrow_before[c];
    }
}

/* The engine takes an action as the action log holds it: written as JSON and read back, then
 * applied; when taken, its JSON goes to the log. */
static int take(struct replay *r, const eng_action *given, char *why, size_t len)
{
    eng_action back;
    char *json = eng_action_to_json(r->g, given);
    money_before(r);
    int rc = eng_action_from_json(r->g, json, &back, why, len);
    if (rc == 0 && (rc = eng_apply(r->g, &back, why, len)) == 0) {
        buf_adds(&r->log, json);
        buf_addc(&r->log, '\n');
        features_seen(r);
        for (int i = 0; i < r->g->nevents; i++)
            if (r->g->events[i].kind == ENG_EV_FORMATION_END)
                r->formation_ended = r->g->events[i].company + 1;
    }
    free(json);
    return rc;
}

static void turn_bench_position(struct replay *r);
static void check_changed_position(struct replay *r);

static int choose_par(struct replay *r);
static int split(char *line, char **f, int max);
static int not_built(struct replay *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int check_interest(struct replay *r, int c, int revenue, char how);
static int check_escrow(struct replay *r, int c);
static int check_merged(struct replay *r);
static void older_line(char *out, size_t size, const char *line);

/* A home city left to its director (1830's Erie) when its company first operates: Rails logs
 * no choice; on a hex without track it takes the first city (PublicCompany.layHomeBaseTokens:
 * homeCityNumber 1). 0, or -1 refused. */
static int undecided_home(struct replay *r)
{
    if (r->g->round != ENG_ROUND_OPERATING || eng_step_due(r->g) != ENG_STEP_HOME)
        return 0;
    char why[256];
    const cJSON *known = cJSON_GetObjectItem(known_entry(r), "home_city"); /* older Rails */
    eng_action home = {.kind = ENG_ACT_HOME, .player = r->g->current,
                       .city = cJSON_IsNumber(known) ? known->valueint : 0};
    if (take(r, &home, why, sizeof why) == 0)
        return 0;
    fprintf(stderr, "REFUSED at line %d: %s's home in its first city: %s\n", r->line,
            r->title->companies[r->g->operating].id, why);
    return -1;
}

static int apply(struct replay *r, const eng_action *a)
{
    char why[256];
    /* Rails ends a stock-round turn without a line: the next player's decision says so */
    if (r->g->round == ENG_ROUND_STOCK && a->player != r->g->current &&
        (r->g->turn_bought || r->g->turn_sold)) {
        eng_action done = {.kind = ENG_ACT_PASS, .player = r->g->current};
        if (take(r, &done, why, sizeof why)) {
            fprintf(stderr, "REFUSED at line %d: ending %s's turn: %s\n", r->line,
                    r->players[r->g->current], why);
            return -1;
        }
    }
    if (a->kind != ENG_ACT_HOME && undecided_home(r))
        return -1;
    if (take(r, a, why, sizeof why)) {
        fprintf(stderr, "REFUSED at line %d: %s\n  the engine says: %s\n", r->line, r->text, why);
        print_holdings(r);
        return -1;
    }
    memset(r->used, 0, sizeof r->used);
    r->snapshot = -1;
    if (r->g->par_pending != ENG_NONE && choose_par(r))
        return -1;
    if (r->turn_bench || r->check_changed)
        for (int i = 0; i < r->g->nevents; i++)
            if (r->g->events[i].kind == ENG_EV_OPERATING_ROUND && r->g->operating != ENG_NONE) {
                if (r->turn_bench)
                    turn_bench_position(r);
                else
                    check_changed_position(r);
                break;
            }
    return 0;
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; s && *s; s++)
        n += *s == '\n';
    return n;
}

/* The state is the replay of the action log: a new game fed the log's JSON lines ends in the
 * same state, board included. */
static double seconds_now(void);

static int replay_the_log(struct replay *r)
{
    char why[256];
    eng_game *g = eng_game_new(r->title, &r->opt, (const char *const *)r->players, r->nplayers,
                               why, sizeof why);
    int rc = g ? 0 : -1, n = 0;
    char *text = xstrdup(r->log.data ? r->log.data : ""), *save = NULL;
    double t0 = seconds_now();
    for (char *line = strtok_r(text, "\n", &save); line && rc == 0;
         line = strtok_r(NULL, "\n", &save), n++) {
        eng_action a; /* as the service replays a game's log: in place */
        if ((rc = eng_action_from_json(g, line, &a, why, sizeof why)) == 0)
            rc = eng_apply_logged(g, &a, why, sizeof why);
        if (rc)
            fprintf(stderr, "REPLAY OF THE LOG: action %d (%s) refused: %s\n", n + 1, line, why);
    }
    double t1 = seconds_now();
    if (rc == 0 && n)
        fprintf(stderr, "%s: the action log replays in %.2f us an action (%d actions)\n",
                r->log_name, (t1 - t0) * 1e6 / n, n);
    free(text);
    if (rc == 0) {
        char *want = eng_game_to_json(r->g), *got = eng_game_to_json(g);
        const eng_board *x = r->g->board, *y = g->board;
        size_t hexes = (size_t)r->title->nhexes;
        bool same = strcmp(want, got) == 0 &&
                    memcmp(x->tile, y->tile, hexes * sizeof *x->tile) == 0 &&
                    memcmp(x->rot, y->rot, hexes * sizeof *x->rot) == 0 &&
                    memcmp(x->tokens, y->tokens, hexes * sizeof *x->tokens) == 0;
        if (!same) {
            fprintf(stderr, "REPLAY OF THE LOG: %d actions give another state\n  %s\n  %s\n", n,
                    want, got);
            rc = -1;
        }
        free(want);
        free(got);
    }
    if (g)
        eng_game_free(g);
    return rc;
}

/* After a round-ending consequence, Rails lists everyone's money as the round ended: the
 * engine's snapshot event that follows the matched event. */
static void follow_round_end(struct replay *r, eng_event_kind kind)
{
    for (int i = 0; i < r->g->nevents; i++)
        if (r->g->events[i].kind == kind && r->used[i])
            for (int k = i + 1; k < r->g->nevents; k++)
                if (r->g->events[k].kind == ENG_EV_ROUND_END) {
                    r->snapshot = r->g->events[k].amount;
                    break;
                }
}

static int check_cash(struct replay *r, const char *who, int want)
{
    int p = player_of(r, who), c = company_of(r, who);
    const eng_snapshot *s = r->snapshot >= 0 ? &r->g->snapshots[r->snapshot] : NULL;
    int got = p >= 0   ? (s ? s->player_cash[p] : r->g->players[p].cash)
              : c >= 0 ? (s ? s->company_cash[c] : r->g->co[c].cash)
                       : -1;
    if (p < 0 && c < 0)
        return failf(r, who, "no such player or company");
    if (p < 0)
        want += r->escrow_ahead[c] - r->deferred_cash[c];
    if (got != want) {
        char exp[32];
        snprintf(exp, sizeof exp, "%d", want);
        return failf(r, exp, "%d", got);
    }
    return 0;
}

/* An action Rails does not log, taken after the one a line gave: the consequences Rails logs
 * next are those of both, so the events of the first are kept before the second's. */
static int take_keeping_events(struct replay *r, const eng_action *a)
{
    int before = r->g->nevents;
    eng_event saved[ENG_MAX_EVENTS];
    memcpy(saved, r->g->events, sizeof saved);
    bool used[ENG_MAX_EVENTS];
    memcpy(used, r->used, sizeof used);
    char why[256];
    if (take(r, a, why, sizeof why))
        return failf(r, "an action Rails does not log", "refused: %s", why);
    int after = r->g->nevents;
    if (before + after > ENG_MAX_EVENTS)
        return failf(r, "an action Rails does not log", "too many events to keep");
    memmove(r->g->events + before, r->g->events, (size_t)after * sizeof *saved);
    memcpy(r->g->events, saved, (size_t)before * sizeof *saved);
    r->g->nevents = before + after;
    memset(r->used, 0, sizeof r->used);
    memcpy(r->used, used, (size_t)before * sizeof *used);
    return 0;
}

/* A known difference the GM corrects (house rule 15): the company's trains ran their best, and
 * the GM gives the rest of the revenue Rails declared — to the company when it was withheld, to
 * each holder his part when it was paid out (the pool's part to the company, as a dividend is).
 * The Payout lines that follow are checked against the engine's dividend and this part. */
static int gm_give(struct replay *r, int company, int target, int amount)
{
    eng_action gm = {.kind = ENG_ACT_ADJUST, .adjust = ENG_ADJ_CASH, .player = r->g->current,
                     .target = target, .company = company, .amount = amount};
    return amount ? take_keeping_events(r, &gm) : 0;
}

/* Rails (since 2022) sells a company's shares again in the same turn at the turn's first price,
 * without moving it (SeparateSalesAtSamePrice, as here), and then offers its seller to lower
 * the price anyway (AdjustSharePrice, as the printed rules move it at each sale): the report
 * shows only the move. Here it is the GM's correction of the price (house rule 15), counted as
 * one. True when this line was that. */
static bool lowered_anyway(struct replay *r, int c, int from, int to)
{
    if (c < 0 || r->g->turn_sale_price[c] == 0 || eng_share_price(r->g, c) != from)
        return false;
    eng_action gm = {.kind = ENG_ACT_ADJUST, .adjust = ENG_ADJ_PRICE, .player = r->g->current,
                     .company = c, .amount = to};
    if (take_keeping_events(r, &gm))
        return false;
    r->prices_lowered++;
    return true;
}

/* The correction a known difference at this line asks for ("" none), and its right. */
static const char *known_correction(struct replay *r)
{
    const cJSON *c = cJSON_GetObjectItem(known_entry(r), "correction");
    return cJSON_IsString(c) ? c->valuestring : "";
}

static const char *known_right(struct replay *r)
{
    const cJSON *c = cJSON_GetObjectItem(known_entry(r), "right");
    return cJSON_IsString(c) ? c->valuestring : "";
}

/* The operating company buys the right for its price (BuysRight, or a correction standing for
 * it). */
static int buy_right(struct replay *r, int company, const char *right, int price)
{
    eng_action a = {.kind = ENG_ACT_BUY_RIGHT, .player = r->g->current,
                    .item = eng_right_index(r->title, right)};
    if (a.item < 0)
        return failf(r, "a right of the title", "no right \"%s\"", right);
    if (r->g->operating != company)
        return failf(r, "the right bought by the company operating", "%s operating",
                     r->g->operating >= 0 ? r->title->companies[r->g->operating].id : "none");
    return apply(r, &a) ? -1 : expect_event(r, ENG_EV_BOUGHT_RIGHT, -2, company, &price, NULL);
}

/* The GM's cash correction Rails logs (CorrectCash...,WHO,amount): a player's or a company's. */
static int gm_cash(struct replay *r, const char *who, int amount)
{
    int p = player_of(r, who), c = company_of(r, who);
    if (p < 0 && c < 0)
        return failf(r, "a player or a company", "\"%s\"", who);
    eng_action gm = {.kind = ENG_ACT_ADJUST, .adjust = ENG_ADJ_CASH, .player = r->g->current,
                     .target = p >= 0 ? p : ENG_NONE, .company = c, .amount = amount};
    char why[256];
    return take(r, &gm, why, sizeof why) ? failf(r, "the GM's correction", "refused: %s", why)
                                         : 0;
}

static int gm_gives_excess(struct replay *r, int c, int excess, bool paid_out)
{
    if (!paid_out)
        return gm_give(r, c, ENG_NONE, excess);
    for (int p = 0; p < r->nplayers; p++) {
        r->payout_fix[p] = excess * eng_percent_held(r->g, c, p) / 100;
        if (gm_give(r, c, p, r->payout_fix[p]))
            return -1;
    }
    r->payout_fix_company = excess * eng_percent_held(r->g, c, ENG_POOL) / 100;
    return gm_give(r, c, ENG_NONE, r->payout_fix_company);
}


/* Rails does not log the par the buyer of 1830's B&O private chooses for B&O: it is the price
 * of its first share bought from the IPO further on. Taken before the next decision. A log
 * with no such share (the Coalfields & Reading games end before B&O is bought into) gets the
 * lowest par: no line can depend on it unseen, for every line after is still checked. */
static int choose_par(struct replay *r)
{
    int c = r->g->par_pending, par = 0;
    const char *id = r->title->companies[c].id;
    for (const char *p = r->rest; p && *p && !par;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char copy[256], *f[16];
        snprintf(copy, sizeof copy, "%.*s", (int)(n < 255 ? n : 255), p);
        int nf = split(copy, f, 16);
        if (nf >= 6 && strcmp(f[0], "BUY_SHARE_LOG") == 0 && strcmp(f[3], id) == 0 &&
            strcmp(f[4], "IPO") == 0)
            par = atoi(f[5]);
        p = end ? end + 1 : NULL;
    }
    const eng_company *co = &r->title->companies[c];
    if (!par && co->npar_choices == 0)
        return failf(r, "a share of the company started with its private", "none bought later: "
                     "%s's par cannot be known", id);
    if (!par) {
        par = co->par_choices[0];
        fprintf(stderr, "line %d: %s's par is not in the log (no share of it bought from the IPO "
                        "later): %d taken, every line after checked as ever\n", r->line, id, par);
    }
    eng_action a = {.kind = ENG_ACT_PAR, .player = r->g->co[c].director, .company = c,
                    .price = par};
    return take_keeping_events(r, &a);
}

/* A start packet item as Rails names it: the item, or 1830's "B&O" (the private that brings
 * B&O's director's certificate, called as the company). */
static int item_of(struct replay *r, const char *name)
{
    return eng_start_item_named(r->title, name);
}

/* A private as Rails names it: 1830's "B&O" is also the private that brings its director. */
static int private_of(struct replay *r, const char *name)
{
    int c = company_of(r, name), item;
    if (c >= 0 && r->title->companies[c].kind == ENG_PRIVATE)
        return c;
    return (item = item_of(r, name)) >= 0 ? r->title->start_items[item].company : c;
}

/* BID_ITEM_LOG,P,bid,ITEM,money not held by bids */
static int bid(struct replay *r, char **f)
{
    eng_action a = {.kind = ENG_ACT_BID, .player = player_of(r, f[1]), .item = item_of(r, f[3]),
                    .price = atoi(f[2])};
    int money = atoi(f[4]);
    if (a.item < 0)
        return failf(r, "a start packet item", "none called %s", f[3]);
    if (apply(r, &a))
        return -1;
    return expect_event(r, ENG_EV_BID, a.player, -2, &a.price, &money);
}

/* BuysItemFor,P,ITEM,price  or  BuysItemFor,P,PRES_CERT_NAME,BY,20,price */
static int buys_item(struct replay *r, char **f, int n)
{
    int item = -1, price;
    if (n >= 6 && strcmp(f[2], "PRES_CERT_NAME") == 0) {
        int c = company_of(r, f[3]);
        for (int i = 0; i < r->title->nstart_items; i++)
            if (r->title->start_items[i].company == c && r->title->start_items[i].director)
                item = i;
        price = atoi(f[5]);
    } else {
        item = item_of(r, f[2]);
        price = atoi(f[3]);
    }
    if (item < 0)
        return failf(r, "a start packet item", "none called %s", f[2]);
    int p = player_of(r, f[1]);
    /* an auction's sale that followed another (a single bidder's, the last bidder's): a
     * consequence */
    if (take_event(r, ENG_EV_BOUGHT_ITEM, p, r->title->start_items[item].company, &price, NULL))
        return 0;
    eng_action a = {.kind = ENG_ACT_BUY_ITEM, .player = p, .item = item};
    if (apply(r, &a))
        return -1;
    return expect_event(r, ENG_EV_BOUGHT_ITEM, a.player, -2, &price, NULL);
}

static int buy_share(struct replay *r, char **f, bool start_company)
{
    eng_action a = {.kind = ENG_ACT_BUY_SHARE, .player = player_of(r, f[1])};
    int price;
    if (start_company) { /* START_COMPANY_LOG,P,C,par,price,n,pct,BANK */
        a.company = company_of(r, f[2]);
        a.percent = atoi(f[6]);
        price = atoi(f[4]);
        if (a.company >= 0 && r->title->companies[a.company].npar_choices)
            a.price = atoi(f[3]); /* the par the director chose */
    } else { /* BUY_SHARE_LOG,P,pct,C,IPO|Pool|player,price */
        a.company = company_of(r, f[3]);
        a.percent = atoi(f[2]);
        if (strcmp(f[4], "Pool") == 0) {
            a.from_pool = true;
        } else if (strcmp(f[4], "IPO") != 0) { /* nationalisation: from that player */
            a.from_player = true;
            if ((a.seller = player_of(r, f[4])) < 0)
                return failf(r, "a seller", "no player %s", f[4]);
        }
        price = atoi(f[5]);
    }
    if (apply(r, &a) ||
        expect_event(r, ENG_EV_BOUGHT_SHARE, a.player, a.company, &a.percent, &price))
        return -1;
    return a.company >= 0 && a.company == r->escrow_company ? check_escrow(r, a.company) : 0;
}

static int sell(struct replay *r, char **f, bool several)
{
    /* SELL_SHARE_LOG,P,pct,C,money  or  SELL_SHARES_LOG,P,n,pct,total,C,money */
    eng_action a = {.kind = ENG_ACT_SELL, .player = player_of(r, f[1])};
    a.company = company_of(r, several ? f[5] : f[3]);
    a.percent = atoi(several ? f[4] : f[2]);
    a.cert_size = several ? atoi(f[3]) : 0; /* SELL_SHARES_LOG names the certificates' size */
    int money = atoi(several ? f[6] : f[4]);
    if (apply(r, &a))
        return -1;
    return expect_event(r, ENG_EV_SOLD_SHARES, a.player, a.company, &a.percent, &money);
}

/* --bench: the optimizer and the exhaustive baseline on this position, each run `reps` times;
 * both must find the same total. */
static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool same_runs(const eng_run *a, const eng_run *b)
{
    if (a->total != b->total || a->ntrains != b->ntrains)
        return false;
    for (int i = 0; i < a->ntrains; i++) {
        const eng_train_run *x = &a->trains[i], *y = &b->trains[i];
        if (x->train != y->train || x->revenue != y->revenue || x->nstops != y->nstops ||
            memcmp(x->stops, y->stops, (size_t)x->nstops * sizeof *x->stops) != 0)
            return false;
    }
    return true;
}

static void bench_position(struct replay *r, int c)
{
    enum { reps = 20 };
    eng_run opt, base;
    double t0 = seconds_now();
    for (int i = 0; i < reps; i++)
        eng_best_run_fresh(r->g, c, &opt);
    double t1 = seconds_now();
    for (int i = 0; i < reps; i++)
        eng_best_run_exhaustive(r->g, c, &base);
    double t2 = seconds_now();
    r->bench_positions++;
    r->bench_opt += (t1 - t0) / reps;
    r->bench_base += (t2 - t1) / reps;
    r->bench_differ += opt.total != base.total;
    if (r->tuned) { /* the tuned ways choose the very runs the default ways choose */
        eng_run plain;
        eng_routes_tune(-1, -1);
        eng_best_run_fresh(r->g, c, &plain);
        eng_routes_tune(r->tune_index, r->tune_help);
        r->bench_differ += !same_runs(&plain, &opt);
    }
    if (opt.routes_considered > r->bench_max_routes)
        r->bench_max_routes = opt.routes_considered;
    if (r->g->co[c].ntrains > r->bench_max_trains)
        r->bench_max_trains = r->g->co[c].ntrains;
}

static int by_seconds(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* --bench, at the end of the game: hard positions — each company with stations on the final
 * (densest) board given three of the longest trains. The optimizer's time (the median of five:
 * a daemon computes runs all its life, and the first in a process also pays for the memory it
 * is the first to touch), and the exhaustive baseline's where it finishes within its budget of
 * combinations (--hard: not tried); one line each. */
static void hard_positions(struct replay *r)
{
    const eng_title *t = r->g->t;
    int longest = 0, most = 0; /* the most stops: an n+n train counts its towns too */
    for (int k = 0; k < t->ntrains; k++) {
        int stops = t->trains[k].cities + (t->trains[k].plus ? t->trains[k].towns : 0);
        if (stops >= most)
            most = stops, longest = k;
    }
    for (int c = 0; c < t->ncompanies; c++) {
        if (!eng_is_major(r->g, c) || r->g->co[c].closed)
            continue;
        if (eng_stations_placed(r->g, c) < 3)
            continue;
        eng_game *g = eng_game_copy(r->g);
        g->co[c].ntrains = 3;
        for (int k = 0; k < 3; k++)
            g->co[c].trains[k] = longest;
        eng_run opt, base;
        double took[5];
        for (int k = 0; k < 5; k++) {
            double t0 = seconds_now();
            eng_best_run_fresh(g, c, &opt);
            took[k] = seconds_now() - t0;
        }
        qsort(took, 5, sizeof *took, by_seconds);
        double t1 = seconds_now();
        int total = r->hard_only ? -1 : eng_best_run_exhaustive_within(g, c, 20000000L, &base);
        double t2 = seconds_now();
        printf("hard %s %s 3x%s %d %.9f %d %.9f %ld\n", r->log_name, t->companies[c].id,
               t->trains[longest].name, opt.total, took[2], total, t2 - t1,
               opt.routes_considered);
        eng_game_free(g);
    }
}

/* One operating round resolved from this position on a copy: every player NMR (the companies
 * played automatically: house rule 17's searches for tiles and stations), and every director
 * ordering NO TILE and NO STATION (no search) — the baseline. */
static double resolve_copy(const eng_game *g, const turn_player *players)
{
    eng_game *copy = eng_game_copy(g);
    copy->opt.permissive_routes = false; /* as a PBEM game plays: track must connect */
    turn_settings s = {.rounds = 1, .stop_after_formation = true};
    turn_result res;
    double t0 = seconds_now();
    turn_resolve(copy, &s, players, &res);
    double t = seconds_now() - t0;
    turn_result_clear(&res);
    eng_game_free(copy);
    return t;
}

/* The acknowledgement's check of player 0's orders: the turn (two rounds) on a copy, the others
 * idle. */
static double preview_copy(const eng_game *g, const ord_orders *orders)
{
    eng_game *copy = eng_game_copy(g);
    copy->opt.permissive_routes = false;
    turn_settings s;
    turn_settings_default(&s);
    turn_result res;
    double t0 = seconds_now();
    turn_preview(copy, &s, 0, orders, &res);
    double t = seconds_now() - t0;
    turn_result_clear(&res);
    eng_game_free(copy);
    return t;
}

static void turn_bench_position(struct replay *r)
{
    const eng_game *g = r->g;
    turn_player nmr[ENG_MAX_PLAYERS] = {0}, ordered[ENG_MAX_PLAYERS] = {0};
    ord_envelope env[ENG_MAX_PLAYERS];
    ord_orders orders[ENG_MAX_PLAYERS];
    for (int p = 0; p < g->nplayers; p++) {
        buf b;
        buf_init(&b);
        buf_adds(&b, "PASS\n");
        for (int c = 0; c < g->t->ncompanies; c++) {
            int owner = eng_company_holder(g, c);
            if (owner == p && g->t->companies[c].kind != ENG_PRIVATE)
                buf_printf(&b, "%s:\nNO TILE\nNO STATION\nRUN BEST\n", g->t->companies[c].id);
        }
        ord_envelope_parse("orders", b.data, &env[p]);
        ord_parse(&env[p], &orders[p]);
        buf_free(&b);
        nmr[p].nmr = true;
        ordered[p].orders = &orders[p];
    }
    double t_auto = resolve_copy(g, nmr), t_ordered = resolve_copy(g, ordered);
    double t_preview = preview_copy(g, &orders[0]);
    r->turn_preview += t_preview;
    if (t_preview > r->turn_preview_max)
        r->turn_preview_max = t_preview;
    r->turn_positions++;
    r->turn_auto += t_auto;
    r->turn_ordered += t_ordered;
    if (t_auto > r->turn_auto_max)
        r->turn_auto_max = t_auto;
    if (getenv("PBEMGM_BENCH_POSITIONS")) /* each position's cost, to find the slowest */
        fprintf(stderr, "position %s:%d all NMR %.1f ms\n", r->log_name, r->line, t_auto * 1000);
    for (int p = 0; p < g->nplayers; p++) {
        ord_orders_clear(&orders[p]);
        ord_envelope_clear(&env[p]);
    }
}

/* The best run of a changed board from the runs before it, against the whole computation. */
static void compare_changed(struct replay *r, const eng_runs_before *before, const eng_game *g,
                            int c, int hex, const char *what)
{
    eng_run fast, whole;
    int x = eng_best_run_changed(before, g, hex, &fast);
    int y = eng_best_run_fresh(g, c, &whole);
    r->changed_checked++;
    if (x != y) {
        r->changed_differ++;
        fprintf(stderr, "line %d: %s after %s on %s: %d from the runs before, %d whole\n", r->line,
                g->t->companies[c].id, what, g->t->hexes[hex].id, x, y);
    }
}

/* --check-changed: at an operating round's start, for every company with trains, every tile
 * that may be laid (no connection asked) and every station the operating company may place:
 * the same best run both ways — under Rails' Elbe ferry, and under house rule 3's (the ferry
 * inside Hamburg's oval every train may use, its toll paid by a run from the far bank). */
static void check_changed_on(struct replay *r, const eng_game *g);

static void check_changed_position(struct replay *r)
{
    check_changed_on(r, r->g);
    eng_game *house = eng_game_copy(r->g);
    char why[256];
    if (eng_option_set(house->t, &house->opt, "HamburgFerry", "GM", why, sizeof why))
        fprintf(stderr, "rails_replay: %s\n", why);
    check_changed_on(r, house);
    eng_game_free(house);
}

static void check_changed_on(struct replay *r, const eng_game *g)
{
    eng_lay_option opts[64];
    unsigned colors = g->t->phases[g->phase].tile_colors;
    for (int c = 0; c < g->t->ncompanies; c++) {
        if (g->co[c].ntrains == 0)
            continue;
        eng_runs_before *before = eng_runs_before_new(g, c);
        for (int h = 0; h < g->t->nhexes; h++) {
            int n = eng_lay_options(g->board, ENG_NONE, h, colors, opts, 64);
            for (int i = 0; i < n; i++) {
                eng_game *copy = eng_game_copy(g);
                if (eng_lay_tile(copy->board, ENG_NONE, h, opts[i].tile, opts[i].rot, colors,
                                 NULL, 0) == 0)
                    compare_changed(r, before, copy, c, h, "a tile");
                eng_game_free(copy);
            }
            const eng_track *tr = eng_board_track(g->board, h, NULL);
            for (int city = 0; c == g->operating && city < tr->ncities; city++) {
                eng_action a = {.kind = ENG_ACT_TOKEN, .player = g->current, .hex = h,
                                .city = city};
                eng_game *copy = eng_game_copy(g);
                if (eng_apply(copy, &a, NULL, 0) == 0)
                    compare_changed(r, before, copy, c, h, "a station");
                eng_game_free(copy);
            }
        }
        eng_runs_before_free(before);
    }
}

/* An operating round's number "SET.N" as the engine counts it. Older Rails numbered the
 * operating rounds between start rounds from 0.0 (then 0.1, ...): the engine's 0.1, 0.2. */
static void or_set_number(struct replay *r, const char *s, int *set, int *n)
{
    *set = atoi(s);
    *n = atoi(strchr(s, '.') ? strchr(s, '.') + 1 : "0");
    if (*set == 0 && *n == 0)
        r->or_from_zero = true;
    if (*set == 0 && r->or_from_zero)
        ++*n;
}

static int or_number(struct replay *r, const char *s)
{
    int set, n;
    or_set_number(r, s, &set, &n);
    return expect_event(r, ENG_EV_OPERATING_ROUND, -2, -2, &set, &n);
}

static char *read_title_file(const char *name, void *ctx);

/* A tile the title file names by another id, Rails' externalId ("rails_ext_id": older Rails
 * logs the Coalfields & Reading 2053 as 53), or the id itself. */
static const char *tile_by_rails_ext_id(struct replay *r, const char *id)
{
    static char found[16];
    char *json = read_title_file(r->title_file, NULL);
    cJSON *root = json ? cJSON_Parse(json) : NULL, *t;
    snprintf(found, sizeof found, "%s", id);
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(root, "tiles"))
    {
        const cJSON *ext = cJSON_GetObjectItem(t, "rails_ext_id"),
                    *tid = cJSON_GetObjectItem(t, "id");
        if (cJSON_IsString(ext) && strcmp(ext->valuestring, id) == 0 && cJSON_IsString(tid))
            snprintf(found, sizeof found, "%s", tid->valuestring);
    }
    cJSON_Delete(root);
    free(json);
    return found;
}

/* Rails names rotations by compass words; the tile offsets file (tests/oracle/
 * rails-TITLE-tile-offsets.json, from Rails' Tiles.xml: tests/tools/rails_tile_offsets.py) says
 * how: our rotation = (offset(tile) + sign * word + add) mod 6, the word's index in its
 * "rotation" "names" (without one, a pointy map's: SW W NW NE E SE, sign 1, add 3, as 1830's
 * and 1835's). The first offset whose lay the engine accepts is the one (a refused try changes
 * nothing). A flat map's words (1856: S SW NW N NE SE) and the title's geometry change only the
 * file. */
static int rotation_word(const struct replay *r, const char *word, int *sign, int *add)
{
    static const char *const pointy[6] = {"SW", "W", "NW", "NE", "E", "SE"};
    const cJSON *rot = cJSON_GetObjectItem(r->offsets, "rotation");
    const cJSON *names = cJSON_GetObjectItem(rot, "names");
    const cJSON *sg = cJSON_GetObjectItem(rot, "sign"), *ad = cJSON_GetObjectItem(rot, "add");
    *sign = cJSON_IsNumber(sg) ? sg->valueint : 1;
    *add = cJSON_IsNumber(ad) ? ad->valueint : 3;
    for (int i = 0; i < 6; i++) {
        const cJSON *name = cJSON_GetArrayItem(names, i);
        const char *w = names ? (cJSON_IsString(name) ? name->valuestring : "") : pointy[i];
        if (strcmp(word, w) == 0)
            return i;
    }
    return -1;
}

/* The tile, hex and first rotation to try of a lay Rails logged (TILE, HEX, WORD), and the
 * offsets to try; -1 when they cannot be read. */
static int read_lay(struct replay *r, const char *tile_id, const char *hex, const char *word_s,
                    eng_action *a, const cJSON **offs, int *word, int *sign, int *add)
{
    *word = rotation_word(r, word_s, sign, add);
    /* a tile Rails logs by its externalId: the offsets file's "tile_ids" (18GA's 451: 451a) or
     * the title's rails_ext_id */
    const cJSON *ext = cJSON_GetObjectItem(cJSON_GetObjectItem(r->offsets, "tile_ids"), tile_id);
    const char *tile = eng_tile_index(r->title, tile_id) >= 0 ? tile_id
                       : cJSON_IsString(ext)                  ? ext->valuestring
                                                              : tile_by_rails_ext_id(r, tile_id);
    *offs = cJSON_GetObjectItem(cJSON_GetObjectItem(r->offsets, "offsets"), tile);
    a->hex = eng_hex_index(r->title, hex);
    a->tile = eng_tile_index(r->title, tile);
    return *word < 0 || !*offs || a->hex < 0 || a->tile < 0 ? -1 : 0;
}

/* The lay a (hex, tile) at the first of the tile's offsets the engine takes; 0, or -1 refused
 * (said). */
static int lay_at_offsets(struct replay *r, eng_action *a, const cJSON *offs, int word,
                          int sign, int add)
{
    char why[256], first[256] = "";
    const cJSON *d;
    cJSON_ArrayForEach(d, offs)
    {
        a->rot = ((d->valueint + sign * word + add) % 6 + 6) % 6;
        if (take(r, a, why, sizeof why) == 0) {
            memset(r->used, 0, sizeof r->used);
            r->snapshot = -1;
            return 0;
        }
        if (!first[0])
            snprintf(first, sizeof first, "%s", why);
    }
    fprintf(stderr, "REFUSED at line %d: %s\n  the engine says: %s\n", r->line, r->text, first);
    return -1;
}

static int gm_lays_tile(struct replay *r, char **f, int n);
static int check_number(struct replay *r, const char *what, int want, int got);

/* The lay after a destination Rails' player said reached too early (known difference
 * "destination_by_lay"): now the engine's track reaches it, and the escrow it paid is what Rails
 * released. */
static int destination_by_lay(struct replay *r)
{
    int c = r->dest_early - 1, released = r->escrow_ahead[c];
    r->dest_early = 0;
    r->escrow_ahead[c] = 0;
    if (!r->g->co[c].destination_reached)
        return failf(r, "its destination reached by this lay", "not reached");
    if (check_number(r, "escrow released", r->dest_early_released, released))
        return -1;
    return check_number(r, "escrow left", 0, r->g->co[c].escrow);
}

/* A lay Rails charged less for than the map says (known difference "gm_cash" on a lay line:
 * 18GA's J10, whose cost Rails' data lacked when the game was played): the engine charges the
 * map's cost, and the GM gives the company back what Rails did not charge (house rule 15), so
 * that the game goes on as it was played. */
static int lay_cost_refunded(struct replay *r, int c, int hex, int rails_cost)
{
    for (int i = 0; i < r->g->nevents; i++) {
        const eng_event *e = &r->g->events[i];
        if (r->used[i] || e->kind != ENG_EV_TILE_LAID || e->company != c || e->amount != hex)
            continue;
        int more = e->amount2 - rails_cost;
        r->used[i] = true;
        if (more <= 0)
            return failf(r, "a lay the engine charges more for than Rails", "%d", e->amount2);
        fprintf(stderr, "line %d: %s, charged %d here: the GM gives %s the %d back (a known "
                        "difference)\n", r->line, r->text, e->amount2, r->title->companies[c].id,
                more);
        return gm_cash(r, r->title->companies[c].id, more);
    }
    return expect_event(r, ENG_EV_TILE_LAID, -2, c, &hex, &rails_cost);
}

static int lay_tile(struct replay *r, char **f, int n)
{
    eng_action a = {.kind = ENG_ACT_LAY_TILE, .player = r->g->current};
    const cJSON *offs;
    int word, sign, add;
    /* a lay Rails allowed where the company's track does not reach (known difference
     * "gm_tile"): the GM lays the tile (house rule 15), the game after it depending on it */
    if (strcmp(known_correction(r), "gm_tile") == 0 && n >= 5) {
        fprintf(stderr, "line %d: %s, not connected here: the GM lays it (a known difference)\n",
                r->line, r->text);
        return gm_lays_tile(r, f + 1, n - 1);
    }
    if (read_lay(r, f[2], f[3], f[4], &a, &offs, &word, &sign, &add))
        return failf(r, "a tile, a hex and a rotation", "cannot read them");
    if (undecided_home(r) || lay_at_offsets(r, &a, offs, word, sign, add))
        return -1;
    int cost = n > 5 ? atoi(f[5]) : 0;
    if (strcmp(known_correction(r), "gm_cash") == 0) /* Rails charged less than the map says */
        return lay_cost_refunded(r, company_of(r, f[1]), a.hex, cost);
    if (expect_event(r, ENG_EV_TILE_LAID, -2, company_of(r, f[1]), &a.hex, &cost))
        return -1;
    return r->dest_early ? destination_by_lay(r) : 0;
}

/* Whether the tile is an upgrade of what lies on the hex (the GM's TILE correction lays one). */
static bool upgrades_what_lies(const struct replay *r, int hex, int tile)
{
    int now = r->g->board->tile[hex];
    const eng_upgrades *u = now == ENG_NONE ? &r->title->hexes[hex].upgrades
                                            : &r->title->tiles[now].upgrades;
    for (int i = 0; i < u->n; i++)
        if (u->v[i].tile == tile)
            return true;
    return false;
}

/* CorrectMapLaysTileAt,TILE,HEX,WORD: the GM's correction of the map (house rule 15): the tile
 * put there, whoever is to act; one that is no upgrade of the tile there (1856_J1 line 1591, a
 * 4 for WR's 58 on J9) replaces it: REMOVE TILE, then TILE. */
static int gm_lays_tile(struct replay *r, char **f, int n)
{
    eng_action a = {.kind = ENG_ACT_ADJUST, .adjust = ENG_ADJ_TILE, .player = r->g->current};
    const cJSON *offs;
    int word, sign, add;
    if (n < 4 || read_lay(r, f[1], f[2], f[3], &a, &offs, &word, &sign, &add))
        return failf(r, "a tile, a hex and a rotation", "cannot read them");
    if (r->g->board->tile[a.hex] != ENG_NONE && !upgrades_what_lies(r, a.hex, a.tile)) {
        eng_action rm = {.kind = ENG_ACT_ADJUST, .adjust = ENG_ADJ_REMOVE_TILE,
                         .player = r->g->current, .hex = a.hex};
        char why[256];
        if (take(r, &rm, why, sizeof why))
            return failf(r, "the tile there removed", "refused: %s", why);
    }
    return lay_at_offsets(r, &a, offs, word, sign, add);
}

static int operate(struct replay *r, eng_action a)
{
    a.player = r->g->current;
    return apply(r, &a);
}

/* Rails moves to the next company without a line of its own: tell the engine. */
static int finish_company(struct replay *r, int next)
{
    if (r->g->round != ENG_ROUND_OPERATING || r->g->operating == ENG_NONE ||
        r->g->operating == next)
        return 0;
    if (operate(r, (eng_action){.kind = ENG_ACT_DONE}))
        return -1;
    for (int c = 0; r->closing && c < r->title->ncompanies; c++) /* Rails' PrivateCloses */
        if ((r->closing >> c & 1u) && !r->g->co[c].closed)
            return failf(r, "the private Rails closed closed as the turn ended", "%s open",
                         r->title->companies[c].id);
    r->closing = 0;
    return 0;
}

static int train_of(struct replay *r, const char *name)
{
    return eng_train_index(r->title, name);
}

/* 1856's CGR formed: its director's choices of the stations left and the trains over its limit
 * passed (the engine's fixed rule is Rails' own); its choice of more trains to discard left
 * open (Rails' voluntary DiscardTrain lines take it). */
static int national_rule_choices(struct replay *r)
{
    for (int guard = 0; r->g->forming && guard < 16 &&
                        (r->g->national_choosing == ENG_NATIONAL_CHOOSES_STATIONS ||
                         r->g->national_choosing == ENG_NATIONAL_MUST_DISCARD);
         guard++)
        if (operate(r, (eng_action){.kind = ENG_ACT_PASS}))
            return -1;
    return 0;
}

static int train_event(struct replay *r, eng_event_kind kind, const char *name)
{
    int type = train_of(r, name);
    for (int i = 0; i < r->g->nevents; i++)
        if (!r->used[i] && r->g->events[i].kind == kind && r->g->events[i].item == type) {
            r->used[i] = true;
            return 0;
        }
    buf b;
    buf_init(&b);
    int rc = failf(r, "this consequence", "%s", event_list(r, kind, &b));
    buf_free(&b);
    return rc;
}

/* The revenue the operating company declares next (its CompanyRevenue line before another
 * company operates), or -1. */
static int next_revenue(const struct replay *r, const char *company)
{
    for (const char *p = r->rest; p && *p;) {
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char copy[256], *f[16];
        snprintf(copy, sizeof copy, "%.*s", (int)(n < 255 ? n : 255), p);
        int nf = split(copy, f, 16);
        if (nf >= 1 && strcmp(f[0], "CompanyOperates") == 0)
            return -1;
        if (nf >= 3 && strcmp(f[0], "CompanyRevenue") == 0 && strcmp(f[1], company) == 0)
            return atoi(f[2]);
        p = end ? end + 1 : NULL;
    }
    return -1;
}

/* The city of a station Rails does not name (its report says only the hex): the engine's
 * choice, unless the company then cannot earn the revenue it declares next — then the first
 * city with which it can (Rails' director chose it: BY's PfB station in Ludwigshafen/Mannheim,
 * the city Baden's home did not need yet). */
static int station_city(struct replay *r, eng_action a)
{
    int c = r->g->operating, declared = next_revenue(r, r->title->companies[c].id);
    const eng_track *tr = eng_board_track(r->g->board, a.hex, NULL);
    if (declared <= 0 || tr->ncities < 2)
        return -1;
    a.player = r->g->current;
    for (int k = -1; k < tr->ncities; k++) {
        eng_game *copy = eng_game_copy(r->g);
        char why[256];
        a.city = k;
        eng_run best = {0};
        bool enough = eng_apply(copy, &a, why, sizeof why) == 0 &&
                      eng_best_run(copy, c, &best) >= declared;
        eng_game_free(copy);
        if (enough)
            return k;
    }
    return -1;
}

/* Rails before 2.4 logged no PlayerMustRaiseCash naming the train: only "PlayerMustSellShares,
 * P,shortfall", the train being the one the company buys after the sales (its next BuysTrain
 * line). The director raises cash for that train, the shortfall checked. */
static int must_sell_for_next_train(struct replay *r, int dir, int shortfall)
{
    const char *c = r->g->operating >= 0 ? r->title->companies[r->g->operating].id : "?";
    char want[32], type[16] = "";
    int len = snprintf(want, sizeof want, "BuysTrain,%s,", c);
    for (const char *l = r->rest; l && *l && !*type; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
        if (strncmp(l, want, (size_t)len) == 0)
            sscanf(l + len, "%15[^,]", type);
    int t = train_of(r, type);
    if (dir < 0 || t < 0)
        return failf(r, "a train the company buys next", "none found for %s", c);
    if (apply(r, &(eng_action){.kind = ENG_ACT_RAISE_CASH, .player = dir,
                               .company = r->g->operating, .train = t,
                               .from_pool = t != r->g->train_on_sale}))
        return -1;
    return expect_event(r, ENG_EV_MUST_RAISE, dir, -2, &shortfall, NULL);
}

/* A purchase Rails made before the formation round that the engine holds at once after the
 * first 6 (known difference "after_formation"): made as the round ends, its money counted with
 * the buyer's and the seller's till then. */
static int defer_purchase(struct replay *r, char **f)
{
    int buyer = company_of(r, f[1]), seller = company_of(r, f[3]), price = atoi(f[4]);
    if (buyer < 0 || r->deferred[0])
        return failf(r, "a company's purchase to make after the round", "cannot");
    snprintf(r->deferred, sizeof r->deferred, "%s", r->text);
    r->deferred_cash[buyer] -= price;
    if (seller >= 0)
        r->deferred_cash[seller] += price;
    return 0;
}

static int operating_line(struct replay *r, char **f, int n);

/* A purchase a known difference corrects: made after the formation round ("after_formation"),
 * or with what the company lacks given by its director, which Rails did not log
 * ("director_adds": the GM moves it, the purchase is the company's own then). */
static int corrected_purchase(struct replay *r, char **f, int n)
{
    if (strcmp(known_correction(r), "after_formation") == 0)
        return defer_purchase(r, f);
    int c = company_of(r, f[1]);
    if (strcmp(known_correction(r), "director_adds") != 0 || c < 0)
        return failf(r, "a correction of a purchase", "\"%s\"", known_correction(r));
    int lacks = atoi(f[4]) - r->g->co[c].cash, dir = r->g->co[c].director;
    if (lacks > 0 && (gm_cash(r, r->players[dir], -lacks) || gm_cash(r, f[1], lacks)))
        return -1;
    r->correcting = true;
    int rc = operating_line(r, f, n);
    r->correcting = false;
    return rc;
}

/* ... and made now (the round over, the buyer's turn going on). */
static int make_deferred(struct replay *r)
{
    char copy[128], *f[16];
    if (!r->deferred[0])
        return 0;
    older_line(copy, sizeof copy, r->deferred);
    r->deferred[0] = '\0';
    memset(r->deferred_cash, 0, sizeof r->deferred_cash);
    fprintf(stderr, "line %d: %s made now, after the formation round (a known difference)\n",
            r->line, copy);
    return operating_line(r, f, split(copy, f, 16));
}

static int operating_line(struct replay *r, char **f, int n)
{
    const char *k = f[0];
    int a2 = n > 2 ? atoi(f[2]) : 0, a3 = n > 3 ? atoi(f[3]) : 0;
    if (strcmp(k, "LaysTileAt") == 0 || strcmp(k, "LaysTileAtFor") == 0)
        return lay_tile(r, f, n);
    if (strcmp(k, "LAYS_TOKEN_ON") == 0) {
        eng_action a = {.kind = ENG_ACT_TOKEN, .hex = eng_hex_index(r->title, f[2]), .city = -1};
        if (a.hex >= 0)
            a.city = station_city(r, a);
        if (operate(r, a))
            return -1;
        return expect_event(r, ENG_EV_TOKEN_PLACED, -2, company_of(r, f[1]), &a.hex, &a3);
    }
    if (strcmp(k, "LAYS_FREE_TOKEN_ON") == 0) {
        int hex = eng_hex_index(r->title, f[2]), priv = -1;
        for (int c = 0; c < r->title->ncompanies; c++)
            if (r->title->companies[c].kind == ENG_PRIVATE &&
                r->title->companies[c].powers.token_hex == hex)
                priv = c;
        eng_action a = {.kind = ENG_ACT_PRIVATE_TOKEN, .company = priv, .hex = hex, .city = -1};
        if (hex >= 0)
            a.city = station_city(r, a);
        return operate(r, a);
    }
    if (strcmp(k, "CompanyRevenue") == 0) { /* players may run less than the best, never more */
        r->revenue = a2;
        eng_run best;
        int c = r->g->operating;
        if (c < 0 || c != company_of(r, f[1]))
            return failf(r, f[1], "%s operating", c < 0 ? "nobody" : r->title->companies[c].id);
        eng_best_run(r->g, c, &best);
        if (getenv("PBEMGM_REPLAY_ROUTES"))
        {
            eng_run all;
            eng_best_run_exhaustive(r->g, c, &all);
            fprintf(stderr, "line %d: %s declares %d, best %d (%ld runs), exhaustive %d\n",
                    r->line, f[1], a2, best.total, best.routes_considered, all.total);
            fprintf(stderr, "  stations:");
            for (int h = 0; h < r->title->nhexes; h++)
                for (int ci = 0; ci < ENG_MAX_CITIES; ci++)
                    for (int sl = 0; sl < ENG_MAX_SLOTS; sl++)
                        if (r->g->board->tokens[h][ci][sl] == c)
                            fprintf(stderr, " %s.%d", r->title->hexes[h].id, ENG_NODE_CITY + ci);
            fputc('\n', stderr);
            for (int i = 0; i < best.ntrains; i++) {
                fprintf(stderr, "  %s %d:", r->title->trains[best.trains[i].train].name,
                        best.trains[i].revenue);
                for (int s = 0; s < best.trains[i].nstops; s++)
                    fprintf(stderr, " %s.%d",
                            r->title->hexes[best.trains[i].stops[s] / ENG_NODES_PER_HEX].id,
                            best.trains[i].stops[s] % ENG_NODES_PER_HEX);
                fputc('\n', stderr);
            }
        }
        if (best.total < a2 && known_entry(r) &&
            cJSON_GetObjectItem(known_entry(r), "correction")) {
            r->revenue_excess = a2 - best.total;
            r->gm_corrections++;
            fprintf(stderr, "line %d: %s declares %d, its trains earn %d at best: the GM gives "
                    "it the %d more (a known difference)\n", r->line, f[1], a2, best.total,
                    r->revenue_excess);
        } else if (best.total < a2) {
            return failf(r, "a revenue no higher than the optimizer's best",
                         "the best run of %s is %d", f[1], best.total);
        }
        r->revenues_checked++;
        r->revenues_below_best += best.total > a2;
        if (r->bench && r->g->co[c].ntrains >= 2)
            bench_position(r, c);
        return 0;
    }
    if (strcmp(k, "CompanyPaysOutFull") == 0 || strcmp(k, "CompanyWithholds") == 0 ||
        strcmp(k, "CompanySplits") == 0 || strcmp(k, "CompanyDoesNotPayDividend") == 0) {
        bool none = k[7] == 'D';
        int excess = r->revenue_excess, declared = r->revenue;
        /* 1856: the interest paid from the revenue is not paid out or kept (check_interest) */
        eng_action a = {.kind = ENG_ACT_RUN,
                        .revenue = (none && !r->interest_revenue ? 0 : declared) - excess,
                        .payout = k[7] == 'P'};
        if (!none && a2 != r->revenue - r->interest_revenue)
            return failf(r, "the revenue declared before, less its interest", "%d",
                         r->revenue - r->interest_revenue);
        r->revenue = r->revenue_excess = 0;
        memset(r->payout_fix, 0, sizeof r->payout_fix);
        r->payout_fix_company = 0;
        if (excess && k[7] != 'W' && k[7] != 'P')
            return failf(r, "a GM's correction of a withheld or paid out revenue", "%s", k);
        int c = r->g->operating;
        if (operate(r, a) || check_interest(r, c, declared - excess, k[7]))
            return -1;
        return excess ? gm_gives_excess(r, c, excess, a.payout) : 0;
    }
    if (strcmp(k, "Payout") == 0) { /* to a player, or to the company for its pool shares */
        int p = player_of(r, f[1]);
        int paid = a2 - (p >= 0 ? r->payout_fix[p] : r->payout_fix_company);
        return p >= 0 ? expect_event(r, ENG_EV_DIVIDEND, p, -2, &paid, NULL)
                      : expect_event(r, ENG_EV_COMPANY_GETS, -2, company_of(r, f[1]), &paid, NULL);
    }
    if (strcmp(k, "RECEIVES") == 0)
        return expect_event(r, ENG_EV_COMPANY_GETS, -2, company_of(r, f[1]), &a2, NULL);
    if (strcmp(k, "BuysPrivateFromFor") == 0) { /* BuysPrivateFromFor,C,PRIVATE,P,price */
        eng_action a = {.kind = ENG_ACT_BUY_PRIVATE, .company = private_of(r, f[2]),
                        .price = n > 4 ? atoi(f[4]) : 0};
        int seller = player_of(r, f[3]), buyer = company_of(r, f[1]);
        if (operate(r, a))
            return -1;
        return expect_event(r, ENG_EV_BOUGHT_PRIVATE, seller, buyer, &a.price, NULL);
    }
    if (strcmp(k, "BuysTrain") == 0 || strcmp(k, "ExchangesTrain") == 0) {
        /* BuysTrain,C,train,IPO|Pool|company,price; ExchangesTrain,C,old,new,IPO,price: the
         * old train traded in for the new from the bank (1830's D for a 4, 5 or 6) */
        int o = k[0] == 'E'; /* the fields after C one further on */
        if (n < 5 + o)
            return failf(r, "the train, where from and the price", "%d fields", n);
        if (!o && *known_correction(r) && !r->correcting)
            return corrected_purchase(r, f, n);
        eng_action a = {.kind = ENG_ACT_BUY_TRAIN, .train = train_of(r, f[2 + o]),
                        .trades_in = o, .trade_in = o ? train_of(r, f[2]) : -1};
        int price = atoi(f[4 + o]);
        if (strcmp(f[3 + o], "Pool") == 0) {
            a.from_pool = true;
        } else if (strcmp(f[3 + o], "IPO") != 0) {
            a.from_company = true;
            a.seller = company_of(r, f[3 + o]);
            a.price = price;
        }
        if (operate(r, a) ||
            expect_event(r, ENG_EV_BOUGHT_TRAIN, -2, company_of(r, f[1]), &price, NULL))
            return -1;
        if (r->adds_player >= 0) {
            int rc = expect_event(r, ENG_EV_DIRECTOR_ADDS, r->adds_player, r->adds_company,
                                  &r->adds_amount, NULL);
            r->adds_player = -1;
            return rc;
        }
        return 0;
    }
    if (strcmp(k, "CompanyDiscardsTrain") == 0) {
        int c = company_of(r, f[1]);
        if (r->g->forming && take_event(r, ENG_EV_DISCARDED, -2, c, NULL, NULL))
            return 0;
        if (r->g->forming && national_rule_choices(r))
            return -1;
        if (r->g->forming && r->g->national_choosing == ENG_NATIONAL_MAY_DISCARD &&
            !take_event(r, ENG_EV_DISCARDED, -2, c, NULL, NULL)) { /* by its director's choice */
            if (operate(r, (eng_action){.kind = ENG_ACT_DISCARD_TRAIN, .company = c,
                                        .train = train_of(r, f[2])}))
                return -1;
            return expect_event(r, ENG_EV_DISCARDED, -2, c, NULL, NULL);
        }
        if (r->g->discarding == ENG_NONE && take_event(r, ENG_EV_DISCARDED, -2, c, NULL, NULL))
            return 0; /* discarded by the engine (1856's CGR formed: the cheapest ones) */
        if (r->g->discarding == ENG_NONE)
            return failf(r, "the engine waiting for discards", "nobody has too many trains");
        const eng_company_state *s = &r->g->co[c];
        int director = r->title->companies[c].kind == ENG_MINOR ? s->owner : s->director;
        if (apply(r, &(eng_action){.kind = ENG_ACT_DISCARD_TRAIN, .player = director, .company = c,
                                   .train = train_of(r, f[2])}))
            return -1;
        return expect_event(r, ENG_EV_DISCARDED, -2, c, NULL, NULL);
    }
    if (strcmp(k, "PlayerMustRaiseCash") == 0) { /* the director chose a train he can't pay */
        int dir = player_of(r, f[1]), type = train_of(r, f[3]);
        bool pool = type >= 0 && type != r->g->train_on_sale;
        if (apply(r, &(eng_action){.kind = ENG_ACT_RAISE_CASH, .player = dir,
                                   .company = r->g->operating, .train = type, .from_pool = pool}))
            return -1;
        return expect_event(r, ENG_EV_MUST_RAISE, dir, -2, &a2, NULL);
    }
    if (strcmp(k, "PlayerMustSellShares") == 0 && r->g->raising_train == ENG_NONE)
        return must_sell_for_next_train(r, player_of(r, f[1]), a2);
    if (strcmp(k, "PlayerMustSellShares") == 0) /* the same shortfall, said again */
        return r->g->nevents && player_of(r, f[1]) >= 0 ? 0 : failf(r, f[1], "no such player");
    if (strncmp(k, "CorrectionMode", 14) == 0) /* the GM's corrections begin, end: no action */
        return 0;
    if (strcmp(k, "CorrectCashSubstractMoney") == 0 || strcmp(k, "CorrectCashAddMoney") == 0) {
        const char *as = known_correction(r);
        if (strcmp(as, "buys_right") == 0) /* the right's price, taken by the tester's hand */
            return buy_right(r, company_of(r, f[1]), known_right(r), a2);
        return gm_cash(r, f[1], k[11] == 'S' ? -a2 : a2);
    }
    if (strcmp(k, "PresidentAddsCash") == 0) { /* Rails prints it before its BuysTrain */
        r->adds_player = player_of(r, f[2]);
        r->adds_company = company_of(r, f[1]);
        r->adds_amount = atoi(f[3]);
        return 0;
    }
    if (strcmp(k, "FirstTrainBought") == 0)
        return train_event(r, ENG_EV_FIRST_TRAIN, f[1]);
    if (strcmp(k, "NewTrainAvailable") == 0)
        return train_event(r, ENG_EV_NEW_TRAIN, f[2]);
    char next[16];
    if (n > 1 && strncmp(k, "All ", 4) == 0 && strstr(k, "-trains are sold out") &&
        sscanf(f[1], " %15[^-]-trains now available", next) == 1) /* older Rails, in English */
        return train_event(r, ENG_EV_NEW_TRAIN, next);
    if (strcmp(k, "TrainsRusted") == 0)
        return train_event(r, ENG_EV_RUSTED, f[1]);
    if (strcmp(k, "TrainsObsolete.ALL") == 0) /* (Coalfields & Reading) */
        return train_event(r, ENG_EV_OBSOLETE, f[1]);
    if (strcmp(k, "TrainsObsoleteRusted") == 0) { /* TrainsObsoleteRusted,train,C */
        int type = train_of(r, f[1]), c = company_of(r, f[2]);
        for (int i = 0; i < r->g->nevents; i++) {
            const eng_event *e = &r->g->events[i];
            if (e->kind != ENG_EV_SCRAPPED || e->item != type || e->company != c)
                continue;
            if (!r->used[i]) { /* a line a train (older Rails), or one for them all */
                r->scrapped_left = e->amount - 1;
                return (r->used[i] = true), 0;
            }
            if (r->scrapped_left > 0)
                return r->scrapped_left--, 0;
        }
        return expect_event(r, ENG_EV_SCRAPPED, -2, c, NULL, NULL) ? -1
               : failf(r, f[1], "another train scrapped");
    }
    if (strcmp(k, "BuysRight") == 0) { /* BuysRight,C,right,price */
        if (strcmp(known_correction(r), "gm_cash") == 0) /* bought already: the GM's charge */
            return gm_cash(r, f[1], -a3);
        return buy_right(r, company_of(r, f[1]), f[2], a3);
    }
    if (strcmp(k, "StartOfPhase") == 0) {
        int want = -1; /* Rails names a phase by the train that starts it (older Rails' 1856:
                        * by its number from 1, its header's StartOfPhase,1) */
        for (int p = 0; p < r->title->nphases; p++)
            if (strcmp(r->title->phases[p].on, f[1]) == 0)
                want = p;
        if (r->phases_from_one)
            want = atoi(f[1]) - 1;
        return expect_event(r, ENG_EV_PHASE, -2, -2, &want, NULL);
    }
    if (strcmp(k, "PrivateCloses") == 0) { /* now, or (its power used: 1856's W&SR) as the
                                             * operating company's turn ends */
        int priv = private_of(r, f[1]);
        if (priv < 0 || take_event(r, ENG_EV_PRIVATE_CLOSES, -2, priv, NULL, NULL))
            return priv < 0 ? failf(r, "a private", "no private %s", f[1]) : 0;
        if (r->g->co[priv].closed || r->g->round != ENG_ROUND_OPERATING || priv >= 32)
            return expect_event(r, ENG_EV_PRIVATE_CLOSES, -2, priv, NULL, NULL);
        r->closing |= 1u << priv;
        return 0;
    }
    if (strcmp(k, "PhaseClosesAllPrivates") == 0)
        return 0; /* the PrivateCloses lines that follow are checked one by one */
    if (strcmp(k, "EndOfOperatingRound") == 0) {
        int set, num;
        or_set_number(r, f[1], &set, &num);
        if (finish_company(r, ENG_NONE) || expect_event(r, ENG_EV_END_OR, -2, -2, &set, &num))
            return -1;
        follow_round_end(r, ENG_EV_END_OR);
        return 0;
    }
    if (strcmp(k, "ORWorthIncrease") == 0) {
        int worth = atoi(f[3]);
        return expect_event(r, ENG_EV_WORTH, player_of(r, f[1]), -2, &worth, NULL);
    }
    return 2; /* not an operating-round line */
}

/* Declines are not logged in a formation round: pass for everyone before `player`. */
static int formation_turn_of(struct replay *r, int player)
{
    for (int guard = 0; r->g->forming && r->g->current != player && guard < 16; guard++)
        if (operate(r, (eng_action){.kind = ENG_ACT_PASS}))
            return -1;
    if (r->g->forming && r->g->current == player)
        return 0;
    return failf(r, "a formation round in which this player acts", "%s",
                 r->g->forming ? "another player's turn" : "no formation round");
}

static bool unmatched(struct replay *r, eng_event_kind kind, int player, int company)
{
    for (int i = 0; i < r->g->nevents; i++)
        if (!r->used[i] && r->g->events[i].kind == kind &&
            (player < 0 || r->g->events[i].player == player) &&
            (company < 0 || r->g->events[i].company == company))
            return true;
    return false;
}

/* The escrow the engine paid companies merging into national c ahead of Rails' player is c's
 * money now (Rails' stays with the bank). */
static void escrow_ahead_to_national(struct replay *r, int c)
{
    for (int m = 0; c >= 0 && m < r->title->ncompanies; m++)
        if (r->merging >> m & 1u) {
            r->escrow_ahead[c] += r->escrow_ahead[m];
            r->escrow_ahead[m] = 0;
        }
}

static int formation_line(struct replay *r, char **f, int n)
{
    const char *k = f[0];
    (void)n;
    if (strcmp(k, "StartFormationRound") == 0) {
        if (!r->g->forming && !unmatched(r, ENG_EV_FORMATION_START, -1, company_of(r, f[1])))
            return not_built(r, "the formation of %s (no special round began)", f[1]);
        memcpy(r->loans_at_formation, r->loans_before, sizeof r->loans_at_formation);
        return expect_event(r, ENG_EV_FORMATION_START, -2, company_of(r, f[1]), NULL, NULL);
    }
    if (strcmp(k, "StartingPlayer") == 0) {
        for (int i = r->g->nevents - 1; i >= 0; i--) {
            if (r->g->events[i].kind != ENG_EV_FORMATION_START)
                continue;
            /* the round's first to decide: the event's, or (a round of several decisions:
             * 1856's CGR) the player it asks first; no one asked, nothing to check */
            int first = r->g->events[i].player >= 0 ? r->g->events[i].player
                        : r->g->forming              ? r->g->current
                                                     : player_of(r, f[1]);
            return first == player_of(r, f[1]) ? 0 : failf(r, f[1], "another player decides");
        }
        return failf(r, "a formation round", "none");
    }
    if (strcmp(k, "START_MERGED_COMPANY") == 0) { /* forced: a consequence; else a decision */
        int c = company_of(r, f[1]);
        if (!unmatched(r, ENG_EV_FORMED, -1, c) &&
            operate(r, (eng_action){.kind = ENG_ACT_FORM}))
            return -1;
        int price = atoi(f[2]); /* then the price again (1835) or its cell (1856: G1) */
        escrow_ahead_to_national(r, c);
        return expect_event(r, ENG_EV_FORMED, -2, c, &price, NULL);
    }
    if (strcmp(k, "MERGE_MINOR_LOG") == 0) { /* MERGE_MINOR_LOG,P,X,PR,cash|no,trains|no */
        int p = player_of(r, f[1]), x = company_of(r, f[2]);
        if (!unmatched(r, ENG_EV_MERGED, p, x)) {
            if (formation_turn_of(r, p) ||
                apply(r, &(eng_action){.kind = ENG_ACT_EXCHANGE, .player = p, .company = x}))
                return -1;
        }
        int cash = atoi(f[4]);
        return expect_event(r, ENG_EV_MERGED, p, x, strcmp(f[4], "no") ? &cash : NULL, NULL);
    }
    if (strcmp(k, "GetShareForMinor") == 0) {
        int pct = atoi(f[2]);
        return expect_event(r, ENG_EV_GOT_SHARE, player_of(r, f[1]), company_of(r, f[5]), &pct,
                            NULL);
    }
    if (strcmp(k, "ExchangesBaseToken") == 0) {
        char hex[16];
        snprintf(hex, sizeof hex, "%s", f[3]);
        char *slash = strchr(hex, '/');
        if (slash)
            *slash = '\0';
        int h = eng_hex_index(r->title, hex), x = company_of(r, f[2]);
        if (take_event(r, ENG_EV_TOKEN_EXCHANGED, -2, x, &h, NULL))
            return 0;
        if (national_rule_choices(r)) /* (not a home: the stations left, by the rule) */
            return -1;
        return expect_event(r, ENG_EV_TOKEN_EXCHANGED, -2, x, &h, NULL);
    }
    if (strcmp(k, "GameOver") == 0)
        return expect_event(r, ENG_EV_GAME_OVER, -2, -2, NULL, NULL);
    if (strncmp(k, "EoGWinner", 9) == 0 || strncmp(k, "EoGFinalRanking", 15) == 0)
        return 0; /* the ranking's lines that follow are checked one by one */
    int place, worth;
    char who[64];
    if (sscanf(k, "%d. %d %63s", &place, &worth, who) == 3) /* "1. 8554 Lonny" */
        return expect_event(r, ENG_EV_FINAL_SCORE, player_of(r, who), -2, &worth, &place);
    if (strcmp(k, "BankIsBrokenReportText") == 0)
        return expect_event(r, ENG_EV_BANK_BROKEN, -2, -2, NULL, NULL);
    if (strcmp(k, "EndOfFormationRound") == 0 || strcmp(k, "EndOfFormationRoundNoInterrupt") == 0) {
        for (int guard = 0; r->g->forming && guard < 16; guard++)
            if (operate(r, (eng_action){.kind = ENG_ACT_PASS}))
                return -1;
        if (check_merged(r))
            return -1;
        int limit = r->cert_limit_after;
        r->cert_limit_after = 0;
        if (limit && check_number(r, "the certificate limit after the round", limit,
                                  eng_certificate_limit(r->g, 0)))
            return -1;
        int ended = r->formation_ended - 1;
        r->formation_ended = 0; /* Rails ends the round after the formed company's discards */
        if (!take_event(r, ENG_EV_FORMATION_END, -2, company_of(r, f[1]), NULL, NULL) &&
            ended != company_of(r, f[1]) &&
            expect_event(r, ENG_EV_FORMATION_END, -2, company_of(r, f[1]), NULL, NULL))
            return -1;
        return make_deferred(r);
    }
    return 2;
}

/* ---- 1856: loans and their interest, escrow and destinations, the CGR, bonus tokens ----
 *
 * Every key of Rails' 1856 logs (../shared/oracle/rails-1856/, tests/oracle/rails-1856/), what
 * the replay does with it (D a decision: an action; C a consequence: checked; I ignored, why):
 *   GameIs PlayerIs PlayerCash BankHas BankSizeIs StartOfPhase(header)  the header, as 1830's
 *   BID_ITEM_LOG BuysItemFor PASSES Autopasses         D the start auction, as 1830's
 *   TO_AUCTION ITEM_PRICE_REDUCED                       C as 1830's
 *   START_COMPANY_LOG BUY_SHARE_LOG SELL_SHARE(S)_LOG   D as 1830's (a par chosen)
 *   Floats,C                    C the company floats (ENG_EV_FLOATS; Rails says no cash: part
 *                                 of it may be in escrow)
 *   HoldMoneyInEscrow,price,total,C  C of the share bought on the line before it (older
 *                                 Rails) or after it: the bank holds `total` of C's money in
 *                                 escrow (eng_company_state.escrow); or, C's destination reached
 *                                 by the engine's track before Rails' player says so, C has it
 *                                 (Has lines count it until ReleasedFromEscrow)
 *   DestinationReached,C,HEX    C C's destination_reached (by the last action or before it:
 *                                 Rails' player may say it later than the track reached it)
 *   ReleasedFromEscrow,C,amount C the escrow C last held (and what Rails held after the
 *                                 engine's track reached the destination) was `amount`, now 0
 *   CompanyTakesLoan,C,value,received  D take_loan (ENG_ACT_TAKE_LOAN); C: one loan more, the
 *                                 treasury `received` more (90 once the round's interest is paid)
 *   CompanyMustPayLoanInterest,C,amount  C C's loans at a tenth of a loan's value each
 *   InterestPaidFromTreasury,C,amount[,loan]          C with the run (the dividend line after
 *   InterestPartlyPaidFromTreasury,C,paid,of[,loan]     it): the treasury pays them, the
 *   InterestPaidFromRevenue,C,paid,of[,loan]            revenue paid out or withheld is the
 *   InterestPaidFromPresidentCash,C,paid,of,[loan,]P    declared less the part from it, the
 *                                 director pays the rest: the company's and his money checked
 *   CompanyRepaysLoans,C,paid,of,count,value (or C,paid,count,value: Rails' message short of
 *                                 one value)  D in an operating round: repay_loan (amount =
 *                                 count); in the CGR's formation C by the Has lines ending it
 *   CompanyRepaysLoansWithPresCash,C,paid,of,count,value,P  the director's part (formation):
 *                                 read by CompanyHasLoans; C by the Has lines ending it
 *   StartFormationRound,CGR StartingPlayer EndOfFormationRound  C as 1835's Prussian
 *   CompanyHasLoans,C,P,count,value,total  C C's loans as the round began; D its director's:
 *                                 repay_loan of the loans left when his money follows, a pass
 *                                 (C given up) when loans are left without it, else none
 *   WillMergeInto,C,CGR         C C given up (national_merging); closed when the formation ends
 *   SharesReplacedForShares / HasMergedShares (older Rails),P|POOL,old,new,CGR  C the CGR
 *                                 shares held (new, counted in the CGR's smallest share)
 *   HasPutShareInPool,P         I the pool's shares are checked by the POOL line after it
 *   CompanyHasShares,CGR,n,pct  C the CGR's smallest share is pct, n of them in all
 *   START_MERGED_COMPANY IS_NOW_PRES_OF ExchangesBaseToken  C as 1835's
 *   CompanyDiscardsTrain,CGR,T  C the engine's discard of the formed company's excess (else D)
 *   DiscardsBaseToken / NoBaseTokenExchange,CGR,C,HEX/N  C C has no station on HEX now
 *   CertificateLimit,limit,players,companies  C eng_certificate_limit
 *   CanOperate / CannotOperate,CGR  I the CGR's CompanyOperates line (or none) checks it
 *   BuysBonusTokenFrom,C,NAME,value,SELLER|BANK,price  D buy_bonus (ENG_ACT_BUY_BONUS: the
 *                                 private whose powers' bonus_name is NAME); C the money paid,
 *                                 the bonus held
 *   AcquiresBonus,C,NAME,value,HEX...  C (with a private bought) C holds the bonus; the
 *                                 revenues after it are checked with it by the optimizer
 *   LaysBonusTokenOn,C,Port,value,HEX  D port (ENG_ACT_PLACE_MARKER: the private whose
 *                                 marker_name is NAME, the hex); C the marker there for C
 *   LAYS_FREE_TOKEN_ON,C,HEX    D the W&SR's station (a private's power, as 1835's)
 *   LaysTileAt(For) LAYS_TOKEN_ON CompanyRevenue CompanyPaysOutFull CompanyWithholds
 *   CompanyDoesNotPayDividend Payout BuysTrain BuysPrivateFromFor PresidentAddsCash
 *   PlayerMustSellShares CompanyDiscardsTrain ...  as 1830's and 1835's
 *   CorrectMapLaysTileAt,TILE,HEX,WORD  D the GM's tile (ENG_ADJ_TILE)
 *   PlayerIsBankrupt,P          C ENG_EV_BANKRUPT
 *   GameOver EoGWinner EoGFinalRanking "1. 753 Matt"  C as 1835's
 *   ---                         I older Rails' separator of turns
 * An action kind the engine does not know (its JSON type "?") or escrow and destinations it has
 * never shown stop the replay: "not built: ...". */

static int not_built(struct replay *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = snprintf(r->stop_reason, sizeof r->stop_reason, "not built: ");
    vsnprintf(r->stop_reason + k, sizeof r->stop_reason - (size_t)k, fmt, ap);
    va_end(ap);
    r->not_built = true;
    return 1;
}

/* An action of a kind the engine may not know yet: 1 (not built, said) when its action log has
 * no name for it, else as apply. */
static int apply_new(struct replay *r, const eng_action *a, const char *name)
{
    char *json = eng_action_to_json(r->g, a);
    bool unknown = strstr(json, "\"type\":\"?\"") != NULL;
    free(json);
    if (unknown)
        return not_built(r, "%s (the engine has no such action)", name);
    return apply(r, a);
}

static int check_number(struct replay *r, const char *what, int want, int got)
{
    char exp[96];
    snprintf(exp, sizeof exp, "%s %d", what, want);
    return want == got ? 0 : failf(r, exp, "%d", got);
}

/* The company's loans and treasury against the last action's: dloans and dcash more. */
static int loans_and_cash(struct replay *r, int c, int dloans, int dcash)
{
    const eng_company_state *s = &r->g->co[c];
    if (check_number(r, "loans", r->loans_before[c] + dloans, s->loans))
        return -1;
    return check_number(r, "in its treasury", r->cash_before[c] + dcash, s->cash);
}

static int operating_company(struct replay *r, const char *id)
{
    int c = company_of(r, id);
    if (c < 0 || c != r->g->operating)
        return failf(r, id, "%s operating",
                     r->g->operating >= 0 ? r->title->companies[r->g->operating].id : "none");
    return c;
}

/* CompanyTakesLoan,C,value,received */
static int take_loan(struct replay *r, char **f, int n)
{
    int c = n >= 4 ? operating_company(r, f[1]) : failf(r, "C,value,received", "%d fields", n);
    if (c < 0)
        return -1;
    eng_action a = {.kind = ENG_ACT_TAKE_LOAN, .player = r->g->current, .company = c};
    int rc = apply_new(r, &a, "take_loan");
    if (rc)
        return rc;
    r->loan_value = atoi(f[2]);
    return loans_and_cash(r, c, 1, atoi(f[3]));
}

/* How many loans a CompanyRepaysLoans(WithPresCash) line repays: its count field (the short
 * form of Rails' message names one value less). */
static int repaid_count(char **f, int n, bool director)
{
    if (director)
        return n >= 7 ? atoi(f[4]) : atoi(f[3]);
    return n >= 6 ? atoi(f[4]) : n == 5 ? atoi(f[3]) : 0;
}

/* CompanyRepaysLoans in an operating round: the operating company repays them (a decision). In
 * the CGR's formation: the company's part of its director's decision (CompanyHasLoans). */
static int repay_loans(struct replay *r, char **f, int n)
{
    int c = company_of(r, f[1]), count = repaid_count(f, n, false), paid = atoi(f[2]);
    if (c < 0 || n < 5)
        return failf(r, "C,paid,(of,)count,value", "cannot read it");
    if (r->g->forming) /* checked by the Has lines that end the formation */
        return 0;
    if (operating_company(r, f[1]) < 0)
        return -1;
    eng_action a = {.kind = ENG_ACT_REPAY_LOAN, .player = r->g->current, .company = c,
                    .amount = count};
    int rc = apply_new(r, &a, "repay_loan");
    return rc ? rc : loans_and_cash(r, c, -count, -paid);
}

/* CompanyRepaysLoansWithPresCash,C,paid,of,count,value,P: the director's money for the rest
 * (the decision taken at CompanyHasLoans; the money checked by the Has lines that end the
 * formation) */
static int repay_with_director(struct replay *r, char **f, int n)
{
    return player_of(r, f[n - 1]) >= 0 ? 0 : failf(r, "a director", "no player %s", f[n - 1]);
}

/* How many loans the lines after a CompanyHasLoans repay for the company: with its director's
 * money (director) or from its treasury alone; 0 when none follows before the next company's. */
static int repaid_next(const struct replay *r, const char *company, bool director_s)
{
    int count = 0;
    for (const char *p = r->rest; p && *p;) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char copy[256], *f[16];
        snprintf(copy, sizeof copy, "%.*s", (int)(len < 255 ? len : 255), p);
        if (str_is_blank(copy) || strncmp(copy, "CompanyHasLoans", 15) == 0)
            break;
        int nf = split(copy, f, 16);
        bool director = strcmp(f[0], "CompanyRepaysLoansWithPresCash") == 0;
        if (nf >= 5 && director == director_s &&
            (director || strcmp(f[0], "CompanyRepaysLoans") == 0) &&
            strcmp(f[1], company) == 0 && repaid_count(f, nf, director) > count)
            count = repaid_count(f, nf, director);
        p = end ? end + 1 : NULL;
    }
    return count;
}

/* CompanyHasLoans,C,P,count,value,total (the CGR's formation): C's loans as the round began,
 * and its director's decision. Rails' lines after it: the treasury's repayment (what it can
 * repay: the round's own, no decision), the director's money for the rest (he repays them all:
 * repay_loan of the loans left), or neither with loans left (he gives C up: a pass). When the
 * engine does not ask about C (no loan left; a director who cannot pay one), no decision. */
static int has_loans(struct replay *r, char **f, int n)
{
    int c = company_of(r, f[1]), p = player_of(r, f[2]);
    if (n < 4 || c < 0 || p < 0)
        return failf(r, "C,director,count,...", "cannot read it");
    if (check_number(r, "loans as the formation began", atoi(f[3]), r->loans_at_formation[c]))
        return -1;
    bool director_pays = repaid_next(r, f[1], true) > 0;
    if (!r->g->forming || r->g->national_asking != c) /* all repaid, or he cannot pay one */
        return 0;
    if (!director_pays)
        return apply(r, &(eng_action){.kind = ENG_ACT_PASS, .player = p, .company = c});
    eng_action a = {.kind = ENG_ACT_REPAY_LOAN, .player = p, .company = c,
                    .amount = r->g->co[c].loans};
    return apply_new(r, &a, "repay_loan (the CGR's formation)");
}

/* The interest lines before a run: their parts, checked with the run (check_interest). */
static int interest_line(struct replay *r, char **f, int n)
{
    const char *k = f[0];
    int amount = n > 2 ? atoi(f[2]) : 0;
    if (operating_company(r, f[1]) < 0)
        return -1;
    if (strcmp(k, "CompanyMustPayLoanInterest") == 0) {
        r->interest_due = amount;
        int c = r->g->operating;
        return r->loan_value ? check_number(r, "interest on its loans", amount,
                                            r->g->co[c].loans * r->loan_value / 10)
                             : 0;
    }
    if (strcmp(k, "InterestPaidFromTreasury") == 0 ||
        strcmp(k, "InterestPartlyPaidFromTreasury") == 0)
        r->interest_treasury += amount;
    else if (strcmp(k, "InterestPaidFromRevenue") == 0)
        r->interest_revenue += amount;
    else { /* InterestPaidFromPresidentCash */
        r->interest_director += amount;
        if ((r->interest_payer = player_of(r, f[n - 1])) < 0)
            return failf(r, "the director paying", "no player %s", f[n - 1]);
    }
    return 0;
}

static int events_sum(const struct replay *r, eng_event_kind kind, int player, int company)
{
    int sum = 0;
    for (int i = 0; i < r->g->nevents; i++) {
        const eng_event *e = &r->g->events[i];
        if (e->kind == kind && (player < 0 || e->player == player) &&
            (company < 0 || e->company == company))
            sum += e->amount;
    }
    return sum;
}

/* After the run of company c (revenue declared, withheld or paid out, or none): the interest
 * Rails paid — the treasury's part out of it, the revenue's part out of what was paid out or
 * kept, the director's part out of his money. */
static int check_interest(struct replay *r, int c, int revenue, char how)
{
    int t = r->interest_treasury, rev = r->interest_revenue, d = r->interest_director;
    int payer = r->interest_payer;
    r->interest_due = r->interest_treasury = r->interest_revenue = r->interest_director = 0;
    r->interest_payer = -1;
    if (t + rev + d == 0)
        return 0;
    int kept = how == 'W' ? revenue - rev
               : how == 'P' ? events_sum(r, ENG_EV_COMPANY_GETS, -1, c) : 0;
    if (check_number(r, "in the treasury after its interest and run",
                     r->cash_before[c] - t + kept, r->g->co[c].cash))
        return -1;
    if (d == 0 || payer < 0)
        return 0;
    return check_number(r, "the director's money after paying interest",
                        r->player_cash_before[payer] - d +
                            events_sum(r, ENG_EV_DIVIDEND, payer, -1),
                        r->g->players[payer].cash);
}

/* Rails holding `total` of c's money in escrow while the engine's track has reached its
 * destination already (its player says so later: ReleasedFromEscrow): what the engine paid c of
 * it instead is counted with c's money until then. True when so. */
static bool escrow_paid_ahead(struct replay *r, int c, int total)
{
    if (!r->g->co[c].destination_reached || r->g->co[c].escrow != 0)
        return false;
    r->escrow_ahead[c] = total;
    return true;
}

/* After a share of the company bought: the escrow HoldMoneyInEscrow announced. */
static int check_escrow(struct replay *r, int c)
{
    int total = r->escrow_total;
    r->escrow_company = -1;
    if (r->g->co[c].escrow == total || escrow_paid_ahead(r, c, total))
        return 0;
    if (!r->seen_escrow)
        return not_built(r, "escrow (the bank holds none of %s's money: %d due)",
                         r->title->companies[c].id, total);
    return check_number(r, "held in escrow", total, r->g->co[c].escrow);
}

static int destination_line(struct replay *r, char **f, int n)
{
    int c = company_of(r, f[1]);
    if (c < 0 || n < 3)
        return failf(r, "C,...", "cannot read it");
    if (strcmp(known_correction(r), "destination_by_lay") == 0 &&
        strcmp(f[0], "DestinationReached") == 0 && !r->g->co[c].destination_reached) {
        r->dest_early = c + 1; /* its lay this turn reaches it: both lines checked then */
        return 0;
    }
    if (r->dest_early == c + 1 && strcmp(f[0], "ReleasedFromEscrow") == 0) {
        r->dest_early_released = atoi(f[2]);
        return 0;
    }
    if (strcmp(known_correction(r), "destination_claimed") == 0 &&
        !r->g->co[c].destination_reached) {
        r->dest_claimed = c + 1; /* Rails' player's word: its ReleasedFromEscrow next */
        return 0;
    }
    if (r->dest_claimed == c + 1 && strcmp(f[0], "ReleasedFromEscrow") == 0) {
        r->dest_claimed = 0; /* the engine still holds it (and pays it when the track gets
                              * there: counted then as paid ahead of Rails) */
        return check_number(r, "the escrow Rails released, held here", atoi(f[2]),
                            r->g->co[c].escrow) ? -1 : gm_cash(r, f[1], atoi(f[2]));
    }
    if (!r->seen_destination)
        return not_built(r, "destinations (%s has not reached %s in the engine)", f[1], f[2]);
    if (strcmp(f[0], "DestinationReached") == 0)
        return r->g->co[c].destination_reached ? 0
               : failf(r, "its destination reached", "not reached");
    /* the engine pays it as the track reaches the destination; Rails when its player says so,
     * which may be later: the escrow paid is compared, not the moment (what Rails held after
     * the engine's track had reached it included) */
    int released = r->escrow_ahead[c];
    r->escrow_ahead[c] = 0;
    if (check_number(r, "escrow released", atoi(f[2]), released))
        return -1;
    return check_number(r, "escrow left", 0, r->g->co[c].escrow);
}

/* The private whose run bonus (bonus_name) or marker (marker_name) Rails names ("Tunnel",
 * "Bridge", "Port": the title's powers), or -1. */
static int bonus_private(const struct replay *r, const char *name, bool marker)
{
    for (int c = 0; c < r->title->ncompanies; c++) {
        const eng_powers *pw = &r->title->companies[c].powers;
        if (r->title->companies[c].kind == ENG_PRIVATE &&
            strcmp(marker ? pw->marker_name : pw->bonus_name, name) == 0 &&
            (marker ? pw->nmarker_hexes : pw->nbonus_hexes) > 0)
            return c;
    }
    return -1;
}

/* The company holds the private's run bonus (bought, or with the private). */
static int check_bonus(struct replay *r, int c, int priv)
{
    return priv < 32 && (r->g->co[c].bonuses >> priv & 1u)
               ? 0 : failf(r, "the bonus held", "%s has no %s bonus", r->title->companies[c].id,
                           r->title->companies[priv].id);
}

/* BuysBonusTokenFrom,C,NAME,value,SELLER|BANK,price: buy_bonus; the buyer pays the price, to
 * the selling company (or the bank), and holds the bonus. */
static int buy_bonus(struct replay *r, char **f, int n)
{
    int priv = n >= 6 ? bonus_private(r, f[2], false) : -1;
    int c = operating_company(r, f[1]), seller = company_of(r, f[4]), price = atoi(f[5]);
    if (priv < 0 || c < 0)
        return c < 0 ? -1 : failf(r, "a bonus of the title", "\"%s\" unknown", f[2]);
    if (strcmp(known_correction(r), "gm_cash") == 0) /* held already: the GM charges the price */
        return seller == c ? 0 : gm_cash(r, f[1], -price); /* (paid to itself: nothing moves) */
    eng_action a = {.kind = ENG_ACT_BUY_BONUS, .player = r->g->current, .company = priv};
    int rc = apply_new(r, &a, "buy_bonus");
    if (rc)
        return rc;
    if (check_number(r, "paid for the bonus", price, r->cash_before[c] - r->g->co[c].cash) ||
        check_bonus(r, c, priv))
        return -1;
    return seller < 0 ? 0
           : check_number(r, "the seller's for the bonus", price,
                          r->g->co[seller].cash - r->cash_before[seller]);
}

/* AcquiresBonus,C,NAME,value,HEX...: the company holds the bonus (with the private bought) */
static int acquires_bonus(struct replay *r, char **f, int n)
{
    int c = company_of(r, f[1]), priv = n >= 3 ? bonus_private(r, f[2], false) : -1;
    if (c < 0 || priv < 0)
        return failf(r, "a company and a bonus of the title", "\"%s\", \"%s\"", f[1],
                     n >= 3 ? f[2] : "");
    return check_bonus(r, c, priv);
}

/* LaysBonusTokenOn,C,NAME,value,HEX: place_marker (the port's); the marker there, for C */
static int place_marker(struct replay *r, char **f, int n)
{
    int priv = n >= 5 ? bonus_private(r, f[2], true) : -1, c = operating_company(r, f[1]);
    eng_action a = {.kind = ENG_ACT_PLACE_MARKER, .player = r->g->current, .company = priv,
                    .hex = n >= 5 ? eng_hex_index(r->title, f[4]) : -1};
    if (c < 0)
        return -1;
    if (priv < 0 || a.hex < 0)
        return failf(r, "a marker of the title and a hex", "\"%s\" on \"%s\"", f[2],
                     n >= 5 ? f[4] : "");
    int rc = apply_new(r, &a, "place_marker (the port)");
    if (rc)
        return rc;
    const eng_company_state *ps = &r->g->co[priv];
    return ps->marker_placed && ps->marker_hex == a.hex && ps->marker_user == c
               ? 0 : failf(r, "the marker placed there for the company", "not so");
}

/* A company's shares held by an owner (a player, or "POOL"), counted in its smallest share. */
static int shares_held(const struct replay *r, int c, const char *who, int *unit)
{
    const eng_company_state *s = &r->g->co[c];
    int owner = strcmp(who, "POOL") == 0 ? ENG_POOL : player_of((struct replay *)r, who);
    *unit = 100;
    for (int i = 0; i < s->ncerts; i++)
        if (s->certs[i].percent > 0 && s->certs[i].percent < *unit)
            *unit = s->certs[i].percent;
    return eng_percent_held(r->g, c, owner) / *unit;
}

/* The CGR's formation's consequences. 2: not one of them. */
static int cgr_line(struct replay *r, char **f, int n)
{
    const char *k = f[0];
    int unit;
    if ((strcmp(k, "SharesReplacedForShares") == 0 || strcmp(k, "HasMergedShares") == 0) &&
        n >= 5 && company_of(r, f[4]) >= 0)
        return check_number(r, "shares of the formed company", atoi(f[3]),
                            shares_held(r, company_of(r, f[4]), f[1], &unit));
    if (strcmp(k, "CompanyHasShares") == 0 && n >= 4 && company_of(r, f[1]) >= 0) {
        shares_held(r, company_of(r, f[1]), "POOL", &unit);
        return check_number(r, "percent a share", atoi(f[3]), unit) ||
               check_number(r, "shares in all", atoi(f[2]), 100 / unit) ? -1 : 0;
    }
    if (strcmp(k, "CertificateLimit") == 0 && r->g->forming) { /* Rails says it before its */
        r->cert_limit_after = atoi(f[1]); /* director's choices: checked as the round ends */
        return 0;
    }
    if (strcmp(k, "CertificateLimit") == 0)
        return check_number(r, "the certificate limit", atoi(f[1]),
                            eng_certificate_limit(r->g, 0));
    if (strcmp(k, "WillMergeInto") == 0 && company_of(r, f[1]) >= 0) {
        int c = company_of(r, f[1]);
        r->merging |= 1u << c;
        return (r->g->national_merging >> c & 1u) || r->g->co[c].closed
                   ? 0 : failf(r, "given up to the national", "not given up");
    }
    if ((strcmp(k, "DiscardsBaseToken") == 0 || strcmp(k, "NoBaseTokenExchange") == 0) &&
        n >= 4) {
        if (national_rule_choices(r))
            return -1;
        char hex[16];
        snprintf(hex, sizeof hex, "%s", f[3]);
        if (strchr(hex, '/'))
            *strchr(hex, '/') = '\0';
        int h = eng_hex_index(r->title, hex), c = company_of(r, f[2]);
        for (int ci = 0; h >= 0 && c >= 0 && ci < ENG_MAX_CITIES; ci++)
            for (int sl = 0; sl < ENG_MAX_SLOTS; sl++)
                if (r->g->board->tokens[h][ci][sl] == c)
                    return failf(r, "no station of it there", "%s's station on %s", f[2], hex);
        return h >= 0 && c >= 0 ? 0 : failf(r, "a company and a hex", "cannot read them");
    }
    if (strcmp(k, "HasPutShareInPool") == 0 || strcmp(k, "CanOperate") == 0 ||
        strcmp(k, "CannotOperate") == 0)
        return 0; /* checked by the lines after them (the table above) */
    return 2;
}

/* The companies Rails merged into the formed one are closed once its formation ends. */
static int check_merged(struct replay *r)
{
    for (int c = 0; c < r->title->ncompanies; c++)
        if ((r->merging >> c & 1u) && !r->g->co[c].closed)
            return failf(r, "merged companies closed", "%s is not",
                         r->title->companies[c].id);
    r->merging = 0;
    return 0;
}

/* A line of 1856's rules; 2: not one of them. */
static int title_1856_line(struct replay *r, char **f, int n)
{
    const char *k = f[0];
    if (strcmp(k, "CompanyTakesLoan") == 0)
        return take_loan(r, f, n);
    if (strcmp(k, "CompanyRepaysLoans") == 0)
        return repay_loans(r, f, n);
    if (strcmp(k, "CompanyRepaysLoansWithPresCash") == 0 && n >= 6)
        return repay_with_director(r, f, n);
    if (strcmp(k, "CompanyHasLoans") == 0)
        return has_loans(r, f, n);
    if (strncmp(k, "CompanyMustPayLoanInterest", 26) == 0 || strncmp(k, "InterestPa", 10) == 0)
        return n >= 3 ? interest_line(r, f, n) : failf(r, "C,amount", "%d fields", n);
    if (strcmp(k, "HoldMoneyInEscrow") == 0 && n >= 4) {
        /* today's Rails writes it before the share bought, older Rails after it: held already,
         * or checked with the next share bought */
        int c = r->escrow_company = company_of(r, f[3]);
        r->escrow_total = atoi(f[2]);
        if (c >= 0 && (r->g->co[c].escrow == r->escrow_total ||
                       escrow_paid_ahead(r, c, r->escrow_total)))
            r->escrow_company = -1;
        return c >= 0 ? 0 : failf(r, "a company", "no company %s", f[3]);
    }
    if (strcmp(k, "DestinationReached") == 0 || strcmp(k, "ReleasedFromEscrow") == 0)
        return destination_line(r, f, n);
    if (strcmp(k, "BuysBonusTokenFrom") == 0)
        return buy_bonus(r, f, n);
    if (strcmp(k, "LaysBonusTokenOn") == 0)
        return place_marker(r, f, n);
    if (strcmp(k, "AcquiresBonus") == 0)
        return acquires_bonus(r, f, n);
    return cgr_line(r, f, n);
}

/* Messages for what the engine does not do yet: the replay stops there, saying so. */
static const char *not_yet(const char *k)
{
    static const char *const keys[] = {
        NULL};
    for (int i = 0; keys[i]; i++)
        if (strcmp(k, keys[i]) == 0)
            return keys[i];
    return NULL;
}

/* Whether the last action ended an auction among bidders for player p because the others could
 * not raise (the engine drops them at once): Rails passes for them unlogged and then asks p,
 * the last bidder left, who passes (its line "PASSES,p" before the sale). */
static bool won_when_others_could_not_raise(const struct replay *r, int p)
{
    bool dropped = false;
    for (int i = 0; i < r->g->nevents; i++) {
        const eng_event *e = &r->g->events[i];
        dropped |= e->kind == ENG_EV_CANNOT_RAISE;
        if (dropped && e->kind == ENG_EV_BOUGHT_ITEM && e->player == p)
            return true;
    }
    return false;
}

/* HasPriority: the player who acts first. Rails before 2.x named the holder of the priority
 * deal when the start round began, before 1835's Clemens dealing turned the first cycle round
 * (V1.9.2 StartRound.start, then StartRound_1835.start): in its logs the first start round's
 * line names the first player while the last acts first. */
static int has_priority(struct replay *r, int player)
{
    bool start = r->older_rails && strncmp(r->text_before, "StartOfInitialRound", 19) == 0;
    if (start && player == 0 && take_event(r, ENG_EV_PRIORITY, -2, -2, NULL, NULL))
        return 0;
    return expect_event(r, ENG_EV_PRIORITY, player, -2, NULL, NULL);
}

/* Rails 1.x began every start round of the Clemens dealing with the last player (V1.9.2
 * StartRound_1835.start), Rails 2.x and the engine only the first: in a later start round its
 * log says first that the last player cannot buy anything, then the priority holder acts. When
 * the engine agrees that the last player can afford no item left, the turn changes nothing and
 * the line is taken as read (under Clemens every item left is on sale). */
static bool older_clemens_first_turn(struct replay *r, int player)
{
    if (!r->older_rails || strncmp(r->text_before, "HasPriority", 11) != 0 ||
        player != r->nplayers - 1 || (r->g->opt.rules.start_order != ENG_START_TITLE ||
                                    strcmp(r->g->opt.rules.dealing, "clemens") != 0))
        return false;
    if (take_event(r, ENG_EV_CANNOT_BUY, player, -2, NULL, NULL))
        return true; /* the engine's turn came to the player too */
    for (int i = 0; i < r->title->nstart_items; i++)
        if (!r->g->item_sold[i] && r->g->item_price[i] <= r->g->players[player].cash)
            return false;
    return true;
}

/* One line; returns 0, -1 on a mismatch, 1 when the replay must stop here. */
static int replay_line(struct replay *r, char **f, int n)
{
    const char *k = f[0];
    int a1 = n > 1 ? atoi(f[1]) : 0, a2 = n > 2 ? atoi(f[2]) : 0, a3 = n > 3 ? atoi(f[3]) : 0;
    int a4 = n > 4 ? atoi(f[4]) : 0;
    if (strcmp(k, "BuysItemFor") == 0)
        return buys_item(r, f, n);
    if (strcmp(k, "BID_ITEM_LOG") == 0)
        return bid(r, f);
    if (strcmp(k, "SwapsPrivateForCertificate") == 0) { /* P,PRIVATE,pct,CO: M&H for NYC */
        eng_action a = {.kind = ENG_ACT_EXCHANGE, .player = player_of(r, f[1]),
                        .company = private_of(r, f[2])};
        if (apply(r, &a))
            return -1;
        return expect_event(r, ENG_EV_GOT_SHARE, a.player, a.company, &a3, NULL);
    }
    if (strcmp(k, "ITEM_PRICE_REDUCED") == 0) {
        int item = item_of(r, f[1]);
        return expect_event(r, ENG_EV_ITEM_PRICE, -2,
                            item < 0 ? -3 : r->title->start_items[item].company, &a2, NULL);
    }
    if (strcmp(k, "TO_AUCTION") == 0) {
        int item = item_of(r, f[1]);
        return expect_event(r, ENG_EV_TO_AUCTION, -2,
                            item < 0 ? -3 : r->title->start_items[item].company, NULL, NULL);
    }
    if (strcmp(k, "PASSES") == 0 || strcmp(k, "Autopasses") == 0) {
        eng_action a = {.kind = ENG_ACT_PASS, .player = player_of(r, f[1])};
        return won_when_others_could_not_raise(r, a.player) ? 0 : apply(r, &a);
    }
    if (strcmp(k, "BUY_SHARE_LOG") == 0)
        return buy_share(r, f, false);
    if (strcmp(k, "START_COMPANY_LOG") == 0)
        return buy_share(r, f, true);
    if (strcmp(k, "SELL_SHARE_LOG") == 0 || strcmp(k, "SELL_SHARES_LOG") == 0)
        return sell(r, f, k[10] == 'S');
    if (strcmp(k, "Has") == 0)
        return check_cash(r, f[1], a2);
    if (strcmp(k, "LoadInterrupted") == 0) { /* the save's end: Rails refused its action N */
        fprintf(stderr, "line %d: Rails' load of the save ended before its action %d\n", r->line,
                a1);
        return 0;
    }
    if (strcmp(k, "Floats") == 0) /* (1856: its money partly in escrow, not said) */
        return expect_event(r, ENG_EV_FLOATS, -2, company_of(r, f[1]), NULL, NULL);
    if (strcmp(k, "---") == 0) /* older Rails: between turns */
        return 0;
    if (strcmp(k, "CorrectMapLaysTileAt") == 0)
        return gm_lays_tile(r, f, n);
    if (strcmp(k, "PlayerIsBankrupt") == 0)
        return expect_event(r, ENG_EV_BANKRUPT, player_of(r, f[1]), -2, NULL, NULL);
    if (strcmp(k, "FloatsWithCash") == 0)
        return expect_event(r, ENG_EV_FLOATS, -2, company_of(r, f[1]), &a2, NULL);
    if (strcmp(k, "ALSO_GETS") == 0)
        return expect_event(r, ENG_EV_ALSO_GETS, player_of(r, f[1]), company_of(r, f[3]), &a4,
                            NULL);
    if (strcmp(k, "HasPriority") == 0)
        return has_priority(r, player_of(r, f[1]));
    if (strcmp(k, "CannotBuyAnything") == 0) {
        if (older_clemens_first_turn(r, player_of(r, f[1])))
            return 0;
        if (expect_event(r, ENG_EV_CANNOT_BUY, player_of(r, f[1]), -2, NULL, NULL))
            return -1;
        if (r->older_rails) /* no ALL_PASSED then: the money as the start round ended */
            follow_round_end(r, ENG_EV_CANNOT_BUY);
        return 0;
    }
    if (strcmp(k, "ALL_PASSED") == 0) {
        if (expect_event(r, ENG_EV_ALL_PASSED, -2, -2, NULL, NULL))
            return -1;
        follow_round_end(r, ENG_EV_ALL_PASSED);
        return 0;
    }
    if (strcmp(k, "START_OR") == 0) {
        r->snapshot = -1;
        return or_number(r, f[1]);
    }
    if (strcmp(k, "ReceivesFor") == 0)
        return expect_event(r, ENG_EV_PRIVATE_INCOME, player_of(r, f[1]), private_of(r, f[3]),
                            &a2, NULL);
    if (strcmp(k, "ShortORExecuted") == 0) {
        if (expect_event(r, ENG_EV_SHORT_OR, -2, -2, NULL, NULL))
            return -1;
        follow_round_end(r, ENG_EV_SHORT_OR);
        return 0;
    }
    if (strcmp(k, "StartOfInitialRound") == 0) { /* older Rails: without the round's number */
        r->snapshot = -1;
        r->older_rails |= n == 1;
        return expect_event(r, ENG_EV_START_ROUND, -2, -2, n > 1 ? &a1 : NULL, NULL);
    }
    if (strcmp(k, "StartStockRound") == 0) {
        r->snapshot = -1;
        return expect_event(r, ENG_EV_STOCK_ROUND, -2, -2, &a1, NULL);
    }
    if (strcmp(k, "END_SR") == 0) {
        if (expect_event(r, ENG_EV_END_STOCK_ROUND, -2, -2, &a1, NULL))
            return -1;
        follow_round_end(r, ENG_EV_END_STOCK_ROUND);
        return 0;
    }
    if (strcmp(k, "PriceIsPaidTo") == 0)
        return expect_event(r, ENG_EV_PAID_TO, -2, company_of(r, f[2]), &a1, NULL);
    if (strcmp(k, "IS_NOW_PRES_OF") == 0) { /* the event, or (a company formed: 1856's CGR)
                                              * its director so named */
        int p = player_of(r, f[1]), c = company_of(r, f[2]);
        if (c >= 0 && !take_event(r, ENG_EV_PRESIDENT, p, c, NULL, NULL) &&
            (unmatched(r, ENG_EV_PRESIDENT, -1, c) || r->g->co[c].director != p))
            return expect_event(r, ENG_EV_PRESIDENT, p, c, NULL, NULL);
        return c >= 0 ? 0 : failf(r, "a company", "no company %s", f[2]);
    }
    if (strcmp(k, "PRICE_MOVES_LOG") == 0) {
        int c = company_of(r, f[1]);
        if (take_event(r, ENG_EV_PRICE, -2, c, &a2, &a4) || lowered_anyway(r, c, a2, a4))
            return 0;
        return expect_event(r, ENG_EV_PRICE, -2, c, &a2, &a4);
    }
    if (strcmp(k, "PRICE_STAYS_LOG") == 0)
        return expect_event(r, ENG_EV_PRICE, -2, company_of(r, f[1]), &a2, &a2);
    /* Rails before 2.x: "SoldOut,CO,old price,space,new price,space" after its price move, and
     * "SoldOutNoRaise,CO,price,space" for a sold-out company whose price stays */
    if (strcmp(k, "SoldOut") == 0 || strcmp(k, "SoldOutNoRaise") == 0)
        return expect_event(r, ENG_EV_SOLD_OUT, -2, company_of(r, f[1]), NULL, NULL);
    if (strcmp(k, "SharesReleased") == 0)
        return expect_event(r, ENG_EV_RELEASED, -2, company_of(r, f[2]), NULL, NULL);
    if (strcmp(k, "CompanyOperates") == 0) {
        if (finish_company(r, company_of(r, f[1])))
            return -1;
        (void)a3;
        return expect_event(r, ENG_EV_OPERATES, player_of(r, f[2]), company_of(r, f[1]), NULL,
                            NULL);
    }
    int op = operating_line(r, f, n);
    if (op != 2)
        return op;
    op = formation_line(r, f, n);
    if (op != 2)
        return op;
    if ((op = title_1856_line(r, f, n)) != 2)
        return op;
    if (not_yet(k)) {
        snprintf(r->stop_reason, sizeof r->stop_reason, "%s", k);
        return 1;
    }
    return failf(r, "a message the harness knows", "\"%s\" is not handled yet", k);
}

/* The header before the first round: players and the money they start with. */
static int header_line(struct replay *r, char **f, int n)
{
    if (strcmp(f[0], "GameIs") == 0)
        return strcmp(f[1], r->title_id) == 0 ? 0 : failf(r, r->title_id, "%s", f[1]);
    if (strcmp(f[0], "PlayerIs") == 0 && n >= 3 && r->nplayers < ENG_MAX_PLAYERS) {
        r->players[r->nplayers++] = xstrdup(f[2]);
        return 0;
    }
    if (strcmp(f[0], "PlayerCash") == 0)
        r->player_cash = atoi(f[1]);
    else if (strcmp(f[0], "BankHas") == 0)
        r->bank_has = atoi(f[1]);
    else if (strcmp(f[0], "StartOfPhase") == 0) /* Rails' first phase: "2", older 1856's "1" */
        r->phases_from_one = n > 1 && strcmp(f[1], "1") == 0 && strcmp(r->title->phases[0].on, "1");
    else if (strcmp(f[0], "BankSizeIs") == 0)
        return 0; /* it repeats BankHas */
    else
        return 1; /* not a header line */
    return 0;
}

/* The title a log is of: its first line, "GameIs,1830" ("" when it has none). */
static const char *title_of(const char *log_path)
{
    static char id[16];
    FILE *f = fopen(log_path, "r");
    char line[64] = "";
    if (f && fgets(line, sizeof line, f))
        sscanf(line, "GameIs,%15[^,\r\n]", id);
    if (f)
        fclose(f);
    return id;
}

/* tests/oracle/rails-TITLE<what>.json */
static char *read_oracle(const char *title, const char *what, size_t *len)
{
    char path[128];
    snprintf(path, sizeof path, "tests/oracle/rails-%s%s.json", title, what);
    return util_read_file(path, len);
}

/* The Rails save beside a log (X.report: X.rails): its options as Rails names them, or NULL. */
static char *save_options(const char *log)
{
    size_t n = strlen(log);
    if (n < 7 || strcmp(log + n - 7, ".report") != 0)
        return NULL;
    char *path = str_format("%.*s.rails", (int)(n - 7), log);
    char *opts = rails_save_options(path);
    free(path);
    return opts;
}

/* One of Rails' option value in a "Name=Value, ..." list (malloc'd), or NULL. */
static char *rails_option(const char *list, const char *name)
{
    char *copy = xstrdup(list), *save = NULL, *v = NULL;
    for (char *it = strtok_r(copy, ",", &save); it && !v; it = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(it, '=');
        if (eq && (*eq = '\0', strcmp(str_trim(it), name) == 0))
            v = xstrdup(str_trim(eq + 1));
    }
    free(copy);
    return v;
}

/* Rails' options as pbemgm's for the title: the names that differ renamed, those that only
 * change Rails' screens or that the title plays otherwise left out (said on stderr). */
static char *translate_options(const eng_title *t, const char *rails)
{
    static const char *const screens[] = {"NumberOfPlayers", "NoMapMode",
                                           "RouteAwareness", "RevenueCalculation",
                                           "BeginnerGame", "NetworthHidden"};
    static const char *const renamed[][2] = {{"UnlimitedTopTrains_D", "UnlimitedTopTrains"},
                                             {"UnlimitedTopTrains_8", "UnlimitedTopTrains"},
                                             {"C&ACertificate(ReadingOnly)", "C&ACertificate"}};
    /* Rails 1.x's values (its 1835 Game.xml: LDIncome values="20M,30M"; an empty Variant,
     * the standard game: V1.9.2 StartRound.start); Rails' FirstRoundSellRestriction "First
     * Stock Round" (1856's default: no sale in the whole first stock round, StockRound.
     * checkFirstRoundSellRestriction) is the engine's yes */
    static const char *const old_values[][2] = {{"20M", "20"}, {"30M", "30"}, {"", "Standard"},
                                                {"First Stock Round", "yes"}};
    buf b;
    buf_init(&b);
    char *copy = xstrdup(rails), *save = NULL;
    for (char *it = strtok_r(copy, ",", &save); it; it = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(it, '=');
        if (!eq)
            continue;
        *eq = '\0';
        const char *name = str_trim(it), *value = str_trim(eq + 1);
        bool skip = false;
        for (size_t i = 0; i < sizeof screens / sizeof *screens; i++)
            skip |= strcmp(name, screens[i]) == 0;
        if (strcmp(name, "Variant") == 0) /* 1835's start order; 1830's: the title file */
            skip = eng_game_option_index(t, "Variant") < 0;
        for (size_t i = 0; i < sizeof renamed / sizeof *renamed; i++)
            if (strcmp(name, renamed[i][0]) == 0)
                name = renamed[i][1];
        for (size_t i = 0; i < sizeof old_values / sizeof *old_values; i++)
            if (strcmp(value, old_values[i][0]) == 0)
                value = old_values[i][1];
        eng_options scratch;
        char why[256];
        eng_options_default(t, &scratch);
        if (skip)
            continue;
        if (eng_option_set(t, &scratch, name, value, why, sizeof why)) {
            fprintf(stderr, "rails_replay: Rails' option %s=%s left out (%s)\n", name, value, why);
            continue;
        }
        buf_printf(&b, "%s%s=%s", b.len ? ", " : "", name, value);
    }
    free(copy);
    char *out = xstrdup(b.data);
    buf_free(&b);
    return out;
}

/* A save of Rails 1.x with Variant=Clemens: those Rails ran the minors only once BY had
 * floated (V1.9.2 GameManager_1835.runIfStartPacketIsNotCompletelySold: Variant Clemens or
 * MinorsRequireFloatedBY); Rails 2.x asks an option "Clemens" that no game has, so its Clemens
 * is the start order alone, as the title's. The options (rails, consumed) with
 * MinorsRequireFloatedBY=yes for such a save, said; else as they were. */
static char *older_clemens(const char *log, char *rails)
{
    size_t n = strlen(log);
    char *path = str_format("%.*s.rails", (int)(n - 7), log);
    char *version = rails_save_version(path), *variant = rails_option(rails, "Variant");
    free(path);
    if (version && strncmp(version, "1.", 2) == 0 && variant && strcmp(variant, "Clemens") == 0) {
        buf b;
        buf_init(&b);
        char *copy = xstrdup(rails), *save = NULL;
        for (char *it = strtok_r(copy, ",", &save); it; it = strtok_r(NULL, ",", &save))
            if (strncmp(str_trim(it), "MinorsRequireFloatedBY=", 23) != 0)
                buf_printf(&b, "%s%s", b.len ? ", " : "", str_trim(it));
        buf_printf(&b, ", MinorsRequireFloatedBY=yes");
        fprintf(stderr, "rails_replay: a save of Rails %s: its Clemens dealing ran the minors "
                        "only once BY had floated (MinorsRequireFloatedBY=yes)\n", version);
        free(copy);
        free(rails);
        rails = xstrdup(b.data);
        buf_free(&b);
    }
    free(version);
    free(variant);
    return rails;
}

/* The log's options: PBEMGM_OPTIONS, else those of the Rails save beside it, else the
 * oracle's entry for it, else Rails' defaults (said). */
static char *options_for(const char *log, const eng_title *t)
{
    const char *env = getenv("PBEMGM_OPTIONS");
    if (env)
        return xstrdup(env);
    char *rails = save_options(log), *opts = NULL;
    char *data = read_oracle(title_of(log), "", NULL);
    cJSON *root = data ? cJSON_Parse(data) : NULL;
    char *copy = xstrdup(log);
    const cJSON *o = cJSON_GetObjectItem(root, basename(copy));
    const char *oracle = cJSON_IsString(o) ? o->valuestring : NULL;
    o = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "_as_logged"), basename(copy));
    const char *as_logged = cJSON_IsString(o) ? o->valuestring : NULL;
    if (rails) { /* the save's, then what the Rails that wrote the log played (the oracle's
                  * "_as_logged": a rule its save does not name) */
        rails = older_clemens(log, rails);
        char *saved = translate_options(t, rails);
        opts = as_logged ? str_format("%s, %s", saved, as_logged) : xstrdup(saved);
        fprintf(stderr, "rails_replay: the options of the Rails save: %s%s%s\n", saved,
                as_logged ? "; as its log was written: " : "", as_logged ? as_logged : "");
        free(saved);
        free(rails);
    } else if (oracle)
        opts = xstrdup(oracle);
    cJSON_Delete(root);
    free(data);
    free(copy);
    if (!opts) {
        fprintf(stderr, "rails_replay: no options known for %s (neither a Rails save beside it "
                        "nor tests/oracle): Rails' defaults\n", log);
        opts = xstrdup("");
    }
    return opts;
}

/* The title file a log is played with: the one its Rails save's Variant names, else the
 * variant that the oracle's "_title_files" names for it (1830's Coalfields & Reading games),
 * else its GameIs title; NULL for a Rails variant no title here plays. */
static char *title_file_for(const char *log)
{
    static const char *const variants[][2] = {{"Basegame", ""}, {"Standard", ""},
                                              {"", ""}, /* Rails 1.x: no variant chosen */
                                              {"Clemens", ""}, {"Snake", ""},
                                              {"Coalfields&Reading", "-coalfields"}};
    char *rails = save_options(log), *name = NULL;
    char *variant = rails ? rails_option(rails, "Variant") : NULL;
    free(rails);
    if (variant) {
        for (size_t i = 0; i < sizeof variants / sizeof *variants && !name; i++)
            if (strcmp(variant, variants[i][0]) == 0)
                name = str_format("%s%s", title_of(log), variants[i][1]);
        if (!name)
            fprintf(stderr, "rails_replay: Rails' variant %s is no title here\n", variant);
        free(variant);
        return name;
    }
    char *data = read_oracle(title_of(log), "", NULL);
    cJSON *root = data ? cJSON_Parse(data) : NULL;
    char *copy = xstrdup(log);
    const cJSON *f = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "_title_files"), basename(copy));
    name = xstrdup(cJSON_IsString(f) ? f->valuestring : title_of(log));
    cJSON_Delete(root);
    free(data);
    free(copy);
    return name;
}

/* A title's file in config/games (eng_title_reader). */
static char *read_title_file(const char *name, void *ctx)
{
    (void)ctx;
    char path[128];
    snprintf(path, sizeof path, "config/games/%s.json", name);
    return util_read_file(path, NULL);
}

static void print_state(struct replay *r)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *pl = cJSON_AddObjectToObject(root, "players");
    for (int p = 0; r->g && p < r->nplayers; p++)
        cJSON_AddNumberToObject(cJSON_AddObjectToObject(pl, r->players[p]), "cash",
                                r->g->players[p].cash);
    cJSON *co = cJSON_AddObjectToObject(root, "companies");
    for (int c = 0; r->g && c < r->title->ncompanies; c++) {
        if (r->g->co[c].closed)
            continue;
        cJSON *o = cJSON_AddObjectToObject(co, r->title->companies[c].id);
        cJSON_AddNumberToObject(o, "cash", r->g->co[c].cash);
        int price = eng_share_price(r->g, c);
        if (price)
            cJSON_AddNumberToObject(o, "price", price);
        else
            cJSON_AddNullToObject(o, "price");
    }
    cJSON_AddNumberToObject(root, "bank", r->g ? r->g->bank : 0);
    char *s = cJSON_PrintUnformatted(root);
    puts(s);
    free(s);
    cJSON_Delete(root);
}

/* A line as today's Rails writes it, into out: older Rails wrote a minor's half of a split
 * revenue in English ("M1 receives 20"), today "RECEIVES,M1,20"; and amounts with their
 * currency ("$105", older 1856 logs), today without. */
static void older_line(char *out, size_t size, const char *given)
{
    char line[1024];
    size_t k = 0;
    for (const char *p = given; *p && k + 1 < sizeof line; p++)
        if (!(*p == '$' && (p[1] == '-' || (p[1] >= '0' && p[1] <= '9'))))
            line[k++] = *p;
    line[k] = '\0';
    const char *at = strstr(line, " receives ");
    char *end;
    long amount = at ? strtol(at + 10, &end, 10) : 0;
    if (at && !strchr(line, ',') && end != at + 10 && *end == '\0')
        snprintf(out, size, "RECEIVES,%.*s,%ld", (int)(at - line), line, amount);
    else
        snprintf(out, size, "%s", line);
}

static int split(char *line, char **f, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *p = strtok_r(line, ",", &save); p && n < max; p = strtok_r(NULL, ",", &save))
        f[n++] = p;
    return n;
}

int main(int argc, char **argv)
{
    util_keep_freed_memory();
    struct replay r = {.snapshot = -1, .adds_player = -1, .escrow_company = -1,
                       .interest_payer = -1};
    const char *tune = getenv("RAILS_ROUTES_TUNE"); /* "INDEX HELP": see eng_routes_tune */
    if (tune && sscanf(tune, "%d %d", &r.tune_index, &r.tune_help) == 2) {
        r.tuned = true;
        eng_routes_tune(r.tune_index, r.tune_help);
    }
    buf_init(&r.log);
    if (argc > 1 && strcmp(argv[1], "--bench") == 0) {
        r.bench = true;
        argv++;
        argc--;
    } else if (argc > 1 && strcmp(argv[1], "--hard") == 0) {
        r.hard_only = true;
        argv++;
        argc--;
    } else if (argc > 1 && strcmp(argv[1], "--turn-bench") == 0) {
        r.turn_bench = true;
        argv++;
        argc--;
    } else if (argc > 1 && strcmp(argv[1], "--check-changed") == 0) {
        r.check_changed = true;
        argv++;
        argc--;
    }
    if (argc < 2) {
        fputs("usage: rails_replay [--bench|--hard|--turn-bench|--check-changed] LOG [UNTIL]\n", stderr);
        return 2;
    }
    int until = argc > 2 ? atoi(argv[2]) : 0;
    snprintf(r.title_id, sizeof r.title_id, "%s", title_of(argv[1]));
    char *title_file = title_file_for(argv[1]), *err = NULL;
    char *log = util_read_file(argv[1], NULL);
    eng_title *base = log && title_file ? eng_title_load(title_file, read_title_file, NULL, &err)
                                        : NULL;
    if (!base) {
        fprintf(stderr, "rails_replay: cannot read %s or its title \"%s\" %s\n", argv[1],
                title_file ? title_file : "?", err ? err : "");
        return 2;
    }
    eng_options_default(base, &r.opt);
    r.opt.permissive_routes = true;    /* all the logs: RouteAlgorithm=Permissive */
    char *offsets = read_oracle(r.title_id, "-tile-offsets", NULL);
    r.offsets = offsets ? cJSON_Parse(offsets) : NULL;
    free(offsets);
    char *known = read_oracle(r.title_id, "-known", NULL);
    r.known = known ? cJSON_Parse(known) : NULL;
    free(known);
    char *name_copy = xstrdup(argv[1]);
    r.log_name = xstrdup(basename(name_copy));
    free(name_copy);
    char *opts = options_for(argv[1], base), why[256];
    if (eng_options_parse(base, &r.opt, opts, why, sizeof why) ||
        (eng_game_option_index(base, "HamburgFerry") >= 0 && /* Rails: the Elbe toll */
         eng_option_set(base, &r.opt, "HamburgFerry", "Rails", why, sizeof why))) {
        fprintf(stderr, "rails_replay: the options for %s: %s\n", argv[1], why);
        return 2;
    }
    /* the title as the options change it (1830's WithOptional6Train: a third 6) */
    r.title = eng_choices_change_title(base, r.opt.chosen)
                  ? eng_title_load_chosen(title_file, read_title_file, NULL, base, r.opt.chosen,
                                          &err)
                  : base;
    if (!r.title) {
        fprintf(stderr, "rails_replay: %s\n", err);
        return 2;
    }
    r.title_file = title_file;
    int rc = 0, applied = 0;
    char *save = NULL;
    for (char *line = strtok_r(log, "\n", &save); line && rc == 0;
         line = strtok_r(NULL, "\n", &save)) {
        r.line++;
        for (char *p = line; *p; p++)
            if (*p == '\r')
                *p = '\0';
        if (until && r.line >= until)
            break;
        char copy[1024], *f[16];
        older_line(copy, sizeof copy, line);
        r.text = line;
        r.rest = save;
        int n = split(copy, f, 16);
        if (n == 0 || str_is_blank(line))
            continue;
        if (!r.g) {
            int h = header_line(&r, f, n);
            if (h <= 0) {
                rc = h;
                continue;
            }
            if ((rc = create_game(&r)) != 0)
                break;
        }
        if (known_difference(&r)) {
            fprintf(stderr, "stopped at line %d (%s): %s\n", r.line, line, r.stop_reason);
            r.stopped = true;
            break;
        }
        rc = replay_line(&r, f, n);
        snprintf(r.text_before, sizeof r.text_before, "%s", line);
        if (getenv("PBEMGM_REPLAY_TRACE") && r.g) /* whose turn after each line, for debugging */
            fprintf(stderr, "line %d: round %d, %s to act, %d passes\n", r.line, r.g->round,
                    r.g->current >= 0 ? r.players[r.g->current] : "nobody", r.g->passes);
        if (getenv("PBEMGM_REPLAY_TRACE") && r.g)
            for (int k = 0; k < r.title->ntrains; k++)
                fprintf(stderr, "  %s: left %d pool %d obsolete %d\n", r.title->trains[k].name,
                        r.g->trains_left[k], r.g->pool_trains[k], r.g->train_obsolete[k]);
        applied++;
        if (rc == 1) {
            fprintf(stderr, r.not_built ? "stopped at line %d (%s): %s\n"
                                        : "stopped at line %d (%s): %s is not in the engine yet\n",
                    r.line, line, r.stop_reason);
            r.stopped = true;
            rc = 0;
            break;
        }
    }
    if (rc == 0 && r.g && !until)
        rc = replay_the_log(&r);
    const char *actions = getenv("RAILS_ACTIONS"); /* the game as pbemgm logs it, for a bench */
    FILE *af = actions && r.g ? fopen(actions, "w") : NULL;
    if (af) {
        fprintf(af, "# players");
        for (int p = 0; p < r.nplayers; p++)
            fprintf(af, " %s", r.players[p]);
        fprintf(af, "\n# options %s\n# over %d\n%s", opts, r.g->round == ENG_ROUND_OVER,
                r.log.data ? r.log.data : "");
        fclose(af);
    }
    const char *map = getenv("RAILS_MAP"); /* the board where the replay stopped, as a picture */
    char *map_err = NULL;
    if (map && r.g && rpt_map_draw(r.g->board, NULL, r.log_name, map, &map_err)) {
        fprintf(stderr, "rails_replay: %s\n", map_err);
        free(map_err);
    }
    if (rc == 0 && until)
        print_state(&r);
    else if (rc == 0) {
        fprintf(stderr, "%s: the action log (%d actions as JSON) replays to the same state\n",
                argv[1], count_lines(r.log.data));
        fprintf(stderr, "%s: %d declared revenues, none above the optimizer's best (%d below it)"
                        "%s\n", argv[1], r.revenues_checked - r.gm_corrections,
                r.revenues_below_best,
                r.gm_corrections ? "; above it only the known differences the GM corrects" : "");
        if (r.gm_corrections)
            fprintf(stderr, "%s: %d declared revenues above the best, each a known difference "
                            "the GM corrected\n", argv[1], r.gm_corrections);
        if (r.prices_lowered)
            fprintf(stderr, "%s: %d share prices lowered after a second sale in a turn (Rails' "
                            "AdjustSharePrice), each the GM's correction\n", argv[1],
                    r.prices_lowered);
        if (r.check_changed)
            printf("changed %ld %ld\n", r.changed_checked, r.changed_differ);
        if (r.turn_bench) /* one line for bench/turns.sh to add up */
            printf("turnbench %d %.9f %.9f %.9f %.9f %.9f\n", r.turn_positions, r.turn_auto,
                   r.turn_ordered, r.turn_auto_max, r.turn_preview, r.turn_preview_max);
        if (r.bench || r.hard_only)
            hard_positions(&r);
        if (r.bench) /* one line for bench/routes.sh to add up */
            printf("bench %d %d %.9f %.9f %d %ld\n", r.bench_positions, r.bench_differ,
                   r.bench_opt, r.bench_base, r.bench_max_trains, r.bench_max_routes);
        fprintf(stderr, "%s: %d lines checked, all consequences match%s\n", argv[1], applied,
                r.stopped ? " up to there" : "");
    }
    for (int p = 0; p < r.nplayers; p++)
        free(r.players[p]);
    buf_free(&r.log);
    eng_game_free(r.g);
    if (r.title != base)
        eng_title_free(base);
    eng_title_free(r.title);
    cJSON_Delete(r.offsets);
    cJSON_Delete(r.known);
    free((char *)r.log_name);
    free((char *)r.title_file);
    free(opts);
    free(log);
    return rc == 0 ? 0 : 1;
}
