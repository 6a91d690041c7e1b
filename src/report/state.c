/* state: a game's state as a turn report shows it — each player's cash and certificates, each
 * company's treasury, price, trains and director, the bank, the trains on sale, the market, the
 * round in play and what follows it — built once from the engine into a rep_state (the text
 * tables read its fields, state_json.c makes the templates' data of it); and the order
 * template's sections (who directs what), the final ranking. Pure: reads the engine. */
#include "engine/capital.h"
#include "report/rules.h"
#include "report/state.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add_player_certs(const eng_game *g, int p, buf *b)
{
    const eng_title *t = g->t;
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (s->closed)
            continue;
        if (t->companies[c].kind != ENG_MAJOR) {
            if (s->owner == p)
                buf_printf(b, "%s%s", b->len ? ", " : "", t->companies[c].id);
            continue;
        }
        int pct = eng_percent_held(g, c, p);
        if (pct)
            buf_printf(b, "%s%s %d%%%s", b->len ? ", " : "", t->companies[c].id, pct,
                       s->director == p ? " (director)" : "");
    }
    for (int i = 0; t->packet_auction && i < t->nstart_items; i++) /* money a bid holds */
        if (!g->item_sold[i] && g->bids[i][p] > 0)
            buf_printf(b, "%sa bid of %d on %s (held)", b->len ? ", " : "", g->bids[i][p],
                       t->start_items[i].id);
}

static void build_players(const eng_game *g, rep_state *s)
{
    s->nplayers = g->nplayers;
    for (int p = 0; p < g->nplayers; p++) {
        rep_player *pl = &s->players[p];
        pl->name = g->players[p].name;
        pl->seat = p + 1;
        pl->cash = g->players[p].cash;
        pl->certificates = eng_certificate_count(g, p);
        pl->limit = eng_certificate_limit(g, p);
        pl->worth = eng_player_worth(g, p);
        buf b;
        buf_init(&b);
        add_player_certs(g, p, &b);
        pl->holdings = b.len ? buf_steal(&b) : (buf_free(&b), xstrdup("-"));
    }
}

/* Its trains, "2, 3"; one it may not sell (a private's free train: 18GA's OSO) marked "2 (not
 * sellable)". */
static char *trains_text(const eng_game *g, int c)
{
    buf b;
    buf_init(&b);
    unsigned char unsold[ENG_MAX_TRAIN_TYPES]; /* of each kind, those still to mark */
    memcpy(unsold, g->co[c].not_sellable, sizeof unsold);
    for (int k = 0; k < g->co[c].ntrains; k++) {
        int kind = g->co[c].trains[k];
        bool kept = kind >= 0 && kind < ENG_MAX_TRAIN_TYPES && unsold[kind] > 0;
        if (kept)
            unsold[kind]--;
        buf_printf(&b, "%s%s%s", k ? ", " : "", g->t->trains[kind].name,
                   kept ? " (not sellable)" : "");
    }
    if (!g->co[c].ntrains)
        buf_adds(&b, "-");
    return buf_steal(&b);
}

/* The company's colours as "#rrggbb", for the HTML. */
static void colours(const eng_company *co, char bg[8], char fg[8])
{
    snprintf(bg, 8, "#%06x", (unsigned)(co->color & 0xffffff));
    snprintf(fg, 8, "#%06x", (unsigned)(co->text_color & 0xffffff));
}

/* Its capitalisation by the train on sale (1856): the mode, and the destination where it
 * matters (started in escrow). */
static void capital_of(const eng_game *g, int c, rep_company *co)
{
    const eng_company_state *cs = &g->co[c];
    const eng_company *tc = &g->t->companies[c];
    if (!co->major || cs->capital == ENG_CAPITAL_TITLE)
        return;
    co->capital = eng_capital_mode_name(cs->capital);
    co->escrow = cs->escrow;
    co->destination_reached = cs->destination_reached;
    if (tc->ndest_hexes && (cs->capital == ENG_CAPITAL_ESCROW || cs->destination_reached))
        co->destination = g->t->hexes[tc->dest_hexes[0]].id;
}

/* The majors started and the minors owned, in the title's order. */
static void build_companies(const eng_game *g, rep_state *s)
{
    const eng_title *t = g->t;
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company_state *cs = &g->co[c];
        bool major = t->companies[c].kind == ENG_MAJOR;
        if (t->companies[c].kind == ENG_PRIVATE || cs->closed || (major && !cs->started) ||
            (!major && cs->owner < 0))
            continue;
        rep_company *co = &s->companies[s->ncompanies++];
        co->id = t->companies[c].id;
        co->director = eng_company_holder(g, c);
        co->cash = cs->cash;
        co->price = eng_share_price(g, c);
        co->trains = trains_text(g, c);
        co->stations_placed = eng_stations_placed(g, c);
        co->stations = t->companies[c].ntokens;
        co->major = major;
        co->floated = major && cs->floated;
        co->ipo = major ? eng_percent_held(g, c, ENG_IPO) : 0;
        co->pool = major ? eng_percent_held(g, c, ENG_POOL) : 0;
        co->loans = cs->loans;
        colours(&t->companies[c], co->color, co->text_color);
        capital_of(g, c, co);
    }
}

/* Each started major's capitalisation, destination and escrow in one line (1856), or NULL. */
static char *capital_text(const rep_state *s)
{
    buf b;
    buf_init(&b);
    for (int i = 0; i < s->ncompanies; i++) {
        const rep_company *co = &s->companies[i];
        if (!co->capital)
            continue;
        buf_printf(&b, "%s%s %s", b.len ? "; " : "", co->id, co->capital);
        if (co->destination && co->destination_reached)
            buf_printf(&b, ", destination %s reached", co->destination);
        else if (co->destination)
            buf_printf(&b, ", destination %s (%d held in escrow)", co->destination, co->escrow);
    }
    return b.len ? buf_steal(&b) : (buf_free(&b), NULL);
}

/* The privates' run bonuses and markers (1856's bridge, tunnel and port): "BBG: Bridge (Brdg,
 * +10 on P17, P19); CA: Port (Ship) on H17, +20", each major with the bonuses it holds (kept when
 * the private closes) and each marker on the map with the major it earns for; NULL when none. */
static char *powers_text(const eng_game *g)
{
    const eng_title *t = g->t;
    buf b;
    buf_init(&b);
    for (int c = 0; c < t->ncompanies; c++) {
        if (t->companies[c].kind != ENG_MAJOR || g->co[c].closed)
            continue;
        for (int p = 0; p < t->ncompanies && p < 32; p++) {
            const eng_powers *pw = &t->companies[p].powers;
            if (!(g->co[c].bonuses & (1u << p)) || !pw->nbonus_hexes)
                continue;
            buf_printf(&b, "%s%s: %s (%s, +%d on", b.len ? "; " : "", t->companies[c].id,
                       pw->bonus_name, t->companies[p].id, pw->bonus_value);
            for (int k = 0; k < pw->nbonus_hexes; k++)
                buf_printf(&b, "%s%s", k ? ", " : " ", t->hexes[pw->bonus_hexes[k]].id);
            buf_adds(&b, ")");
        }
    }
    for (int p = 0; p < t->ncompanies; p++) {
        const eng_company_state *ps = &g->co[p];
        const eng_powers *pw = &t->companies[p].powers;
        if (!pw->nmarker_hexes || !ps->marker_placed || ps->marker_user < 0)
            continue;
        buf_printf(&b, "%s%s: %s (%s) on %s, +%d", b.len ? "; " : "",
                   t->companies[ps->marker_user].id, pw->marker_name, t->companies[p].id,
                   t->hexes[ps->marker_hex].id, pw->marker_value);
    }
    return b.len ? buf_steal(&b) : (buf_free(&b), NULL);
}

/* The bids on an unsold item of an auctioned packet, "Ann 45, Bob 50", or NULL when none. */
static char *bids_text(const eng_game *g, int item)
{
    buf b;
    buf_init(&b);
    for (int p = 0; p < g->nplayers; p++)
        if (g->bids[item][p] > 0)
            buf_printf(&b, "%s%s %d", b.len ? ", " : "", g->players[p].name, g->bids[item][p]);
    return b.len ? buf_steal(&b) : (buf_free(&b), NULL);
}

/* The private as the lists show it: its id and name, or its name alone when that begins with
 * the id as a word (1856's "Flos Tramway", not "Flos Flos Tramway"). */
static void private_label(const eng_company *co, char *out, size_t len)
{
    size_t n = strlen(co->id);
    bool begins = strncmp(co->name, co->id, n) == 0 && (co->name[n] == ' ' || !co->name[n]);
    if (begins || !co->name[0])
        snprintf(out, len, "%s", begins ? co->name : co->id);
    else
        snprintf(out, len, "%s %s", co->id, co->name);
}

/* The privates still open, with their owners (a player or a company) and income. */
static void build_privates(const eng_game *g, rep_state *s)
{
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company *co = &g->t->companies[c];
        if (co->kind != ENG_PRIVATE || g->co[c].closed)
            continue;
        rep_private *pr = &s->privates[s->nprivates++];
        pr->id = co->id;
        pr->name = co->name;
        private_label(co, pr->label, sizeof pr->label);
        pr->owner = g->co[c].owner;
        int holder = g->co[c].held_by;
        pr->held_by = holder >= 0 && holder < g->t->ncompanies ? g->t->companies[holder].id : NULL;
        pr->income = co->revenue;
        for (int i = 0; pr->owner < 0 && g->t->packet_auction && i < g->t->nstart_items; i++) {
            if (g->t->start_items[i].company != c || g->item_sold[i])
                continue;
            char *bids = bids_text(g, i);
            if (bids) {
                free(pr->bids);
                pr->bids = bids;
            }
        }
    }
}

/* The trains: each kind with how many the bank has left and their cost; the next phase. */
static void build_trains(const eng_game *g, rep_state *s)
{
    const eng_title *t = g->t;
    buf b;
    buf_init(&b);
    for (int k = 0; k < t->ntrains; k++) {
        if (g->trains_left[k] == 0 && g->pool_trains[k] == 0)
            continue;
        rep_train *tr = &s->trains[s->ntrains++];
        tr->name = t->trains[k].name;
        tr->unlimited = t->trains[k].count_unlimited;
        tr->left = g->trains_left[k];
        tr->cost = t->trains[k].cost;
        tr->pool = g->pool_trains[k];
        if (tr->unlimited)
            buf_printf(&b, "%s%s: unlimited", b.len ? ", " : "", tr->name);
        else
            buf_printf(&b, "%s%s: %d", b.len ? ", " : "", tr->name, tr->left);
        if (tr->pool)
            buf_printf(&b, " (and %d in the pool)", tr->pool);
    }
    s->trains_text = b.len ? buf_steal(&b) : (buf_free(&b), xstrdup("none"));
    if (g->phase + 1 < t->nphases) {
        s->next_phase = t->phases[g->phase + 1].name;
        s->next_phase_on = t->phases[g->phase + 1].on;
    }
}

/* The companies standing on market square (row, col), the earliest arrival first. */
static int companies_at(const eng_game *g, int row, int col, int *out)
{
    int n = 0;
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (s->closed || s->row != row || s->col != col || !eng_share_price(g, c))
            continue;
        int k = n++;
        for (; k > 0 && g->co[out[k - 1]].market_seq > s->market_seq; k--)
            out[k] = out[k - 1];
        out[k] = c;
    }
    return n;
}

#define MARKET_CELL 4 /* characters a market square takes in the text chart */
#define MARKET_TEXT_WIDTH 78 /* the text report's width (its lines are wrapped there) */

/* Columns c0 to c1 - 1 of the market as a text chart: each row's prices, the companies' ids
 * under their squares; a row without a square there left out. */
static void market_part(const rep_state *s, int c0, int c1, buf *text)
{
    buf line;
    buf_init(&line);
    for (int r = 0; r < s->market_rows; r++) {
        const rep_square *row = &s->market[r * s->market_cols];
        int depth = 0;
        bool any = false;
        buf_reset(&line);
        for (int c = c0; c < c1; c++) {
            if (row[c].price)
                buf_printf(&line, "%*d", MARKET_CELL, row[c].price);
            else
                buf_printf(&line, "%*s", MARKET_CELL, "");
            any |= row[c].price != 0;
            depth = row[c].ntokens > depth ? row[c].ntokens : depth;
        }
        if (!any && c0 > 0)
            continue;
        buf_trim_end(&line);
        buf_printf(text, "  %s\n", line.data);
        for (int d = 0; d < depth; d++) {
            buf_reset(&line);
            for (int c = c0; c < c1; c++)
                buf_printf(&line, "%*s", MARKET_CELL, d < row[c].ntokens ? row[c].tokens[d].id : "");
            buf_trim_end(&line);
            buf_printf(text, "  %s\n", line.data);
        }
    }
    buf_free(&line);
}

/* The market as a text chart; one wider than the report's lines (1856's 20 columns) in parts
 * side by side no more, one under the other: the left-hand squares, then the rest from the top
 * row down. */
static char *market_text(const rep_state *s)
{
    buf text;
    buf_init(&text);
    int fit = (MARKET_TEXT_WIDTH - 2) / MARKET_CELL;
    int parts = (s->market_cols + fit - 1) / fit;
    int per = parts ? (s->market_cols + parts - 1) / parts : 0;
    for (int k = 0; k < parts; k++) {
        if (k)
            buf_adds(&text, "  (the market goes on to the right:)\n");
        market_part(s, k * per, (k + 1) * per < s->market_cols ? (k + 1) * per : s->market_cols,
                    &text);
    }
    return buf_steal(&text);
}

/* The stock market as rows of squares with each company's token on its square. */
static void build_market(const eng_game *g, rep_state *s)
{
    const eng_title *t = g->t;
    s->market_rows = t->market_rows;
    s->market_cols = t->market_cols < ENG_MAX_COMPANIES ? t->market_cols : ENG_MAX_COMPANIES;
    s->market = xcalloc((size_t)(s->market_rows * s->market_cols) + 1, sizeof *s->market);
    for (int r = 0; r < s->market_rows; r++)
        for (int c = 0; c < s->market_cols; c++) {
            rep_square *sq = &s->market[r * s->market_cols + c];
            int at[ENG_MAX_COMPANIES];
            sq->price = t->market[r * t->market_cols + c];
            sq->ntokens = companies_at(g, r, c, at);
            for (int k = 0; k < sq->ntokens; k++) {
                sq->tokens[k].id = t->companies[at[k]].id;
                colours(&t->companies[at[k]], sq->tokens[k].color, sq->tokens[k].text_color);
            }
        }
    s->market_text = market_text(s);
}

/* The round in play as the report's state names it (eng_round_name's ENG_NAME_STATE). */
static const char *round_text(const eng_game *g, char *out, size_t len)
{
    eng_play_at now = eng_play_now(g);
    return eng_round_name(g, &now, ENG_NAME_STATE, out, len);
}

void rep_state_build(const eng_game *g, rep_state *s)
{
    memset(s, 0, sizeof *s);
    round_text(g, s->round, sizeof s->round);
    eng_rounds_next_text(g, s->rounds_next, sizeof s->rounds_next);
    s->phase = g->t->phases[g->phase].name;
    s->bank = g->bank;
    s->train_on_sale = g->t->trains[g->train_on_sale].name;
    s->has_loans = g->t->loans.amount > 0;
    build_players(g, s);
    build_companies(g, s);
    build_privates(g, s);
    build_trains(g, s);
    build_market(g, s);
    s->capital_text = capital_text(s);
    s->powers_text = powers_text(g);
    s->rules_now_text = rep_rules_now_text(g);
}

void rep_state_free(rep_state *s)
{
    for (int p = 0; p < s->nplayers; p++)
        free(s->players[p].holdings);
    for (int i = 0; i < s->ncompanies; i++)
        free(s->companies[i].trains);
    for (int i = 0; i < s->nprivates; i++)
        free(s->privates[i].bids);
    free(s->trains_text);
    free(s->market);
    free(s->market_text);
    free(s->capital_text);
    free(s->powers_text);
    free(s->rules_now_text);
    memset(s, 0, sizeof *s);
}

/* The pars a director chooses from, "67, 71, 76" (of the first major that has them), or "". */
static void par_choices_text(const eng_title *t, char *out, size_t len)
{
    out[0] = '\0';
    for (int c = 0; c < t->ncompanies && !out[0]; c++)
        eng_par_choices_text(t, c, out, len);
}

/* The form's lines for what the title's rules ask of the player now (1830: the auction, a
 * company's par, a private traded for a share or between players). */
static void form_title_lines(const eng_game *g, int p, cJSON *o)
{
    const eng_title *t = g->t;
    char pars[64];
    par_choices_text(t, pars, sizeof pars);
    bool stockish = g->round == ENG_ROUND_START || g->round == ENG_ROUND_STOCK;
    if (g->round == ENG_ROUND_START && t->packet_auction)
        cJSON_AddTrueToObject(o, "auction");
    if (pars[0] && stockish)
        cJSON_AddStringToObject(o, "pars", pars);
    if (g->par_pending != ENG_NONE && g->co[g->par_pending].director == p)
        cJSON_AddStringToObject(o, "par_now", t->companies[g->par_pending].id);
    for (int c = 0; c < t->ncompanies; c++) {
        int for_share = t->companies[c].exchange_company;
        if (for_share >= 0 && g->co[c].owner == p && !g->co[c].closed) {
            cJSON_AddStringToObject(o, "exchange", t->companies[c].id);
            cJSON_AddStringToObject(o, "exchange_for", t->companies[for_share].id);
        }
    }
    if (t->privates_between_players && g->round != ENG_ROUND_OVER)
        cJSON_AddTrueToObject(o, "trade_privates");
}

/* A major's loans in a title with loans (1856), as the form reminds its director of them:
 * "GT has 2 loans: TAKE LOAN (100, one a round), REPAY n LOANS (after trains)"; none once it
 * may neither take nor repay one. */
static void form_loans_line(const eng_game *g, int c, cJSON *it)
{
    const eng_loans *l = &g->t->loans;
    int n = g->co[c].loans;
    bool may_take = l->none_from_phase < 0 || g->phase < l->none_from_phase;
    if (l->amount == 0 || !eng_is_major(g, c) || (!may_take && n == 0))
        return;
    char take[48] = "", line[128];
    if (may_take)
        snprintf(take, sizeof take, "TAKE LOAN (%d, %s)", l->amount,
                 l->per_round == 1 ? "one a round" : "some a round");
    snprintf(line, sizeof line, "%s has %d loan%s: %s%s%s", g->t->companies[c].id, n,
             n == 1 ? "" : "s", take, may_take && n ? ", " : "",
             n ? "REPAY n LOANS (after trains)" : "");
    cJSON_AddStringToObject(it, "loans_line", line);
}

/* The powers of the privates a major holds, as its director writes them (1830's D&H and
 * C&StL, 1856's, 18GA's W&S and Midland): "LAY 7, 8 or 9 ON F12 (MRC's tile); USE W&S (its
 * station on I9)", a private's tile before its station; a power used is said no more (nor a
 * station that went with its tile's turn: 1830's D&H as seed 003 rules it); nothing when it
 * holds none with such a power. */
static void form_privates_line(const eng_game *g, int c, cJSON *it)
{
    const eng_title *t = g->t;
    buf b;
    buf_init(&b);
    for (int v = 0; v < t->ncompanies; v++) {
        const eng_powers *pw = &t->companies[v].powers;
        if (t->companies[v].kind != ENG_PRIVATE || g->co[v].closed || g->co[v].held_by != c)
            continue;
        const char *id = t->companies[v].id;
        bool tile_left, station_left;
        eng_powers_left(g, v, &tile_left, &station_left);
        if (tile_left) {
            buf_printf(&b, "%sLAY ", b.len ? "; " : "");
            rep_power_tiles(t, pw, &b);
            buf_printf(&b, "%s ON %s (%s's tile)", pw->ntile_ids ? "" : "tile",
                       t->hexes[pw->tile_hexes[0]].id, id);
        }
        if (station_left)
            buf_printf(&b, "%sUSE %s (its station on %s)", b.len ? "; " : "", id,
                       t->hexes[pw->token_hex].id);
    }
    if (b.len)
        cJSON_AddStringToObject(it, "privates_line", b.data);
    buf_free(&b);
}

cJSON *rep_order_form_json(const eng_game *g, int p)
{
    cJSON *o = cJSON_CreateObject();
    char text[64];
    cJSON_AddStringToObject(o, "round", round_text(g, text, sizeof text));
    if (g->round == ENG_ROUND_START || g->round == ENG_ROUND_STOCK)
        cJSON_AddTrueToObject(o, "stock");
    if (g->forming)
        cJSON_AddTrueToObject(o, "forming");
    form_title_lines(g, p, o);
    cJSON *arr = cJSON_AddArrayToObject(o, "companies");
    for (int c = 0; c < g->t->ncompanies; c++) {
        if (g->t->companies[c].kind == ENG_PRIVATE || g->co[c].closed ||
            eng_company_holder(g, c) != p)
            continue;
        cJSON *it = cJSON_CreateObject();
        cJSON_AddStringToObject(it, "id", g->t->companies[c].id);
        if (!eng_is_major(g, c))
            cJSON_AddTrueToObject(it, "minor");
        if (g->t->companies[c].home_choice && !g->co[c].home_placed)
            cJSON_AddStringToObject(it, "home", g->t->hexes[g->t->companies[c].home_hex].id);
        if (eng_is_major(g, c) && g->t->phases[g->phase].privates_to_companies)
            cJSON_AddTrueToObject(it, "buy_private");
        form_loans_line(g, c, it);
        if (eng_is_major(g, c))
            form_privates_line(g, c, it);
        cJSON_AddItemToArray(arr, it);
    }
    return o;
}

/* The final ranking: each player's worth and place, the richest first (ties share a place). */
cJSON *rep_ranking_json(const eng_game *g)
{
    int worth[ENG_MAX_PLAYERS], order[ENG_MAX_PLAYERS];
    for (int p = 0; p < g->nplayers; p++)
        worth[p] = eng_player_worth(g, p), order[p] = p;
    for (int i = 1; i < g->nplayers; i++) /* by worth, seating order among equals */
        for (int j = i; j > 0 && worth[order[j]] > worth[order[j - 1]]; j--) {
            int k = order[j];
            order[j] = order[j - 1];
            order[j - 1] = k;
        }
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < g->nplayers; i++) {
        int p = order[i], place = 1;
        for (int q = 0; q < g->nplayers; q++)
            place += worth[q] > worth[p];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "place", place);
        cJSON_AddStringToObject(o, "name", g->players[p].name);
        cJSON_AddNumberToObject(o, "worth", worth[p]);
        if (place == 1)
            cJSON_AddTrueToObject(o, "winner");
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}
