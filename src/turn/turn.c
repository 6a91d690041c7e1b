/* turn: the turn's loop — whoever is due to act acts on their orders, round after round, until
 * the turn has covered its rounds (house rule 14) — and the stock rounds and formation rounds.
 * Operating rounds are in operate.c, house rule 17's fallbacks in fallback.c. */
#include "engine/routes.h"
#include "turn/internal.h"
#include "util/util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_STEPS 20000 /* actions in one turn: far more than any 1835 turn needs */

void turn_settings_default(turn_settings *s)
{
    memset(s, 0, sizeof *s);
    s->rounds = 2;
    s->stop_after_formation = true;
}

void turn_result_clear(turn_result *r)
{
    buf_free(&r->report);
    for (int p = 0; p < ENG_MAX_PLAYERS; p++)
        free(r->fates[p]);
    for (int i = 0; i < r->nactions; i++)
        free(r->actions[i]);
    free(r->actions);
    for (int i = 0; i < r->nrulings; i++)
        free(r->rulings[i]);
    free(r->rulings);
    memset(r, 0, sizeof *r);
}

/* ---- shared helpers ---- */

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

/* ---- the fates of orders ---- */

int turn_order_index(const turn_ctx *x, int p, const ord_order *o)
{
    const ord_orders *os = x->pl[p].o;
    return os && o >= os->v && o < os->v + os->n ? (int)(o - os->v) : -1;
}

static turn_fate *fate_of(turn_ctx *x, int p, int i)
{
    if (p < 0 || p >= x->g->nplayers || i < 0 || i >= x->out->nfates[p])
        return NULL;
    turn_fate *f = &x->out->fates[p][i];
    return f->kind == TURN_FATE_UNUSED ? f : NULL;
}

void turn_agreement_fate(turn_ctx *x, int p, int i, int rc, const char *why)
{
    x->pl[p].used[i] = USED_UP;
    if (rc == 0)
        turn_done(x, p, i);
    else
        turn_not_done(x, p, i, "%s", why);
}

void turn_done(turn_ctx *x, int p, int i)
{
    turn_fate *f = fate_of(x, p, i);
    if (f)
        f->kind = TURN_FATE_DONE;
}

void turn_not_done(turn_ctx *x, int p, int i, const char *fmt, ...)
{
    turn_fate *f = fate_of(x, p, i);
    if (!f)
        return;
    f->kind = TURN_FATE_NOT_DONE;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->why, sizeof f->why, fmt, ap);
    va_end(ap);
}

void turn_fates_text(const turn_result *r, int player, const ord_orders *orders, buf *out)
{
    for (int i = 0; orders && i < orders->n && i < r->nfates[player]; i++) {
        const ord_order *o = &orders->v[i];
        const turn_fate *f = &r->fates[player][i];
        char *text = ord_format(o);
        if (o->earlier)
            buf_adds(out, "  (standing) ");
        else if (o->mail > 0)
            buf_printf(out, "  mail %d, line %d ", o->mail, o->line);
        else
            buf_printf(out, "  line %d ", o->line);
        buf_printf(out, "\"%s%s%s\": ", o->section, o->section[0] ? ": " : "", text);
        free(text);
        turn_fate_text(f, o, out);
        buf_addc(out, '\n');
    }
}

void turn_fate_text(const turn_fate *f, const ord_order *o, buf *out)
{
    if (f->kind != TURN_FATE_DONE) {
        buf_printf(out, "not carried out: %s", f->why[0] ? f->why : "not reached");
        return;
    }
    if (f->alt <= 0 || f->alt >= o->nalts) {
        buf_adds(out, "carried out");
        return;
    }
    char *alt = ord_format_action(&o->alts[f->alt]);
    buf_printf(out, "carried out by its ELSE \"%s\" (%s)", alt, f->why);
    free(alt);
}

void turn_add_reason(char *why, size_t len, const char *w)
{
    size_t n = strlen(why);
    if (n == 0)
        snprintf(why, len, "%s", w);
    else if (n < len)
        snprintf(why + n, len - n, "; its ELSE could not be either: %s", w);
}

void turn_used_alternative(turn_ctx *x, int p, const ord_order *o, int k, int from,
                           const char *first_why)
{
    const ord_orders *os = x->pl[p].o;
    if (k <= 0 || !os || o < os->v || o >= os->v + os->n)
        return;
    turn_fate *f = fate_of(x, p, (int)(o - os->v));
    if (!f)
        return;
    f->alt = k;
    if (from > 0 && k == from)
        snprintf(f->why, sizeof f->why, "its condition did not hold");
    else if (from > 0)
        snprintf(f->why, sizeof f->why, "its condition did not hold; the next could not be: %s",
                 first_why);
    else
        snprintf(f->why, sizeof f->why, "the first could not be: %s", first_why);
}

/* The round under way, named as the report names it (kind, its number, and an operating
 * round's number within its set); the start packet's number kept. */
static void name_round(turn_ctx *x, eng_round kind, int n, int n2)
{
    x->start_round = kind == ENG_ROUND_START ? (n > 1 ? n : 1) : 0;
    if (kind == ENG_ROUND_START && n > 1) /* (1830: after an OR) */
        snprintf(x->round, sizeof x->round, "the start packet (round %d)", n);
    else if (kind == ENG_ROUND_START)
        snprintf(x->round, sizeof x->round, "the start packet");
    else if (kind == ENG_ROUND_STOCK)
        snprintf(x->round, sizeof x->round, "stock round %d", n);
    else if (kind == ENG_ROUND_OPERATING)
        snprintf(x->round, sizeof x->round, "operating round %d.%d", n, n2);
    else
        snprintf(x->round, sizeof x->round, "the end of the game");
}

/* The round the game is in now. */
static void round_under_way(turn_ctx *x)
{
    const eng_game *g = x->g;
    if (g->forming) {
        snprintf(x->round, sizeof x->round, "%s", g->t->formation.round_name);
        x->start_round = 0;
    } else if (g->round == ENG_ROUND_START && g->packet_in_stock_round) {
        name_round(x, ENG_ROUND_STOCK, g->stock_round_number, 0);
    } else if (g->round == ENG_ROUND_START) {
        name_round(x, ENG_ROUND_START, g->start_round_number, 0);
    } else if (g->round == ENG_ROUND_STOCK) {
        name_round(x, ENG_ROUND_STOCK, g->stock_round_number, 0);
    } else {
        name_round(x, g->round, g->or_set, g->or_in_set);
    }
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
        name_round(x, ENG_ROUND_START, e->amount, 0);
    else if (e->kind == ENG_EV_STOCK_ROUND)
        name_round(x, ENG_ROUND_STOCK, e->amount, 0);
    else if (e->kind == ENG_EV_OPERATING_ROUND)
        name_round(x, ENG_ROUND_OPERATING, e->amount, e->amount2);
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
        round_under_way(x);
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

/* A name folded for comparing: lower case; ä ö ü ß as ae oe ue ss (umlauts_as_vowels: as a o u
 * s) — so that "Nuernberg", "Nurnberg" and "NÜRNBERG" all find Nürnberg. */
static void fold_name(const char *s, bool umlauts_as_vowels, char *out, size_t len)
{
    static const struct { const char *utf8, *two, *one; } umlauts[] = {
        {"\xc3\xa4", "ae", "a"}, {"\xc3\x84", "ae", "a"}, {"\xc3\xb6", "oe", "o"},
        {"\xc3\x96", "oe", "o"}, {"\xc3\xbc", "ue", "u"}, {"\xc3\x9c", "ue", "u"},
        {"\xc3\x9f", "ss", "s"},
    };
    size_t n = 0;
    while (*s && n + 3 < len) {
        size_t k = 0;
        while (k < sizeof umlauts / sizeof *umlauts && strncmp(s, umlauts[k].utf8, 2) != 0)
            k++;
        if (k < sizeof umlauts / sizeof *umlauts) {
            const char *with = umlauts_as_vowels ? umlauts[k].one : umlauts[k].two;
            n += (size_t)snprintf(out + n, len - n, "%s", with);
            s += 2;
        } else {
            out[n++] = (char)tolower((unsigned char)*s++);
        }
    }
    out[n] = '\0';
}

/* Whether a player's word names this part of a hex's name, folded either way. */
static bool same_name(const char *word, const char *part)
{
    for (int way = 0; way < 2; way++) {
        char a[64], b[64];
        fold_name(word, way, a, sizeof a);
        fold_name(part, way, b, sizeof b);
        if (strcmp(a, b) == 0)
            return true;
    }
    return false;
}

/* The next part of a hex's name from *p on ("Nürnberg" of "Nürnberg-Fürth", "New York" of "New
 * York & Newark"), without the spaces around it; false at the end. */
static bool next_part(const char **p, char *part, size_t size)
{
    if (!**p)
        return false;
    size_t n = strcspn(*p, "/-&");
    const char *s = *p;
    size_t k = n;
    while (k && *s == ' ')
        s++, k--;
    while (k && s[k - 1] == ' ')
        k--;
    snprintf(part, size, "%.*s", (int)k, s);
    *p += n;
    if (**p)
        (*p)++;
    return true;
}

/* Whether the word names the hex: its whole name, or one of its parts ("Nürnberg" of
 * "Nürnberg-Fürth", "Mainz" of "Mainz/Wiesbaden", "New York" of "New York & Newark"); a
 * player's spaces are the name's ("NEW YORK"). */
static bool names_hex(const eng_hex *h, const char *word)
{
    if (!h->name[0])
        return false;
    if (same_name(word, h->name))
        return true;
    char part[ENG_NAME];
    for (const char *p = h->name; next_part(&p, part, sizeof part);)
        if (part[0] && same_name(word, part))
            return true;
    return false;
}

const char *turn_place_near(const eng_title *t, const char *word)
{
    char w[64], part[64], folded[64];
    fold_name(word, true, w, sizeof w);
    for (int i = 0; i < t->nhexes; i++) {
        const eng_hex *h = &t->hexes[i];
        if (str_is_near(word, h->id))
            return h->name[0] ? h->name : h->id;
        for (const char *p = h->name; next_part(&p, part, sizeof part);) {
            fold_name(part, true, folded, sizeof folded);
            if (part[0] && str_is_near(w, folded))
                return h->name;
        }
    }
    return NULL;
}

int turn_run_with_train(const eng_game *g, int company, int type)
{
    eng_game *more = eng_game_copy(g);
    eng_company_state *s = &more->co[company];
    eng_run run;
    if (s->ntrains < ENG_MAX_TRAINS)
        s->trains[s->ntrains++] = type;
    int revenue = eng_best_run(more, company, &run);
    eng_game_free(more);
    return revenue;
}

int turn_place_hex(const eng_title *t, const char *goal)
{
    if (!goal || !*goal)
        return -1;
    int h = eng_hex_index(t, goal); /* "L14", or a hex's name ("Berlin") */
    for (int i = 0; i < t->nhexes && h < 0; i++)
        if (names_hex(&t->hexes[i], goal))
            h = i;
    return h;
}

/* ---- conditions ---- */

static bool compare(int have, ord_cmp cmp, int want)
{
    switch (cmp) {
    case ORD_GE: return have >= want;
    case ORD_LE: return have <= want;
    case ORD_GT: return have > want;
    case ORD_LT: return have < want;
    case ORD_EQ: return have == want;
    }
    return false;
}

static int unsold_item_of(const eng_game *g, int company)
{
    for (int i = 0; i < g->t->nstart_items; i++)
        if (!g->item_sold[i] && g->t->start_items[i].company == company)
            return i;
    return -1;
}

/* A certificate of the company can be bought now: from the start packet, the IPO or the pool. */
static bool available(const eng_game *g, int c)
{
    if (unsold_item_of(g, c) >= 0)
        return true;
    if (!eng_is_major(g, c) || g->co[c].closed)
        return false;
    for (int k = 0; k < g->co[c].ncerts; k++) {
        int owner = g->co[c].certs[k].owner;
        if (owner == ENG_POOL || (owner == ENG_IPO && g->co[c].available))
            return true;
    }
    return false;
}

static bool train_available(const eng_game *g, int type)
{
    return type >= 0 && (eng_bank_sells(g, type) || g->pool_trains[type] > 0);
}

static bool cond_holds(const turn_ctx *x, int player, const ord_order *o, const ord_cond *c)
{
    const eng_game *g = x->g;
    int co = eng_company_index(g->t, c->name), section = eng_company_index(g->t, o->section);
    bool r = false;
    switch (c->kind) {
    case ORD_IF_AVAILABLE: r = co >= 0 && available(g, co); break;
    case ORD_IF_DIRECT: r = co >= 0 && eng_company_holder(g, co) == player; break;
    case ORD_IF_CASH:
        r = compare(section >= 0 ? g->co[section].cash : g->players[player].cash, c->cmp,
                    c->value);
        break;
    case ORD_IF_PHASE: r = compare(atoi(g->t->phases[g->phase].name), c->cmp, c->value); break;
    case ORD_IF_TRAIN: r = train_available(g, eng_train_index(g->t, c->name)); break;
    }
    return c->negate ? !r : r;
}

bool turn_conds_hold(const turn_ctx *x, int player, const ord_order *o)
{
    for (int i = 0; i < o->nconds; i++)
        if (!cond_holds(x, player, o, &o->conds[i]))
            return false;
    return true;
}

int turn_first_alt(const turn_ctx *x, int player, const ord_order *o)
{
    if (turn_conds_hold(x, player, o))
        return 0;
    return o->nalts > 1 ? 1 : -1;
}

int turn_next_order(const turn_ctx *x, int player, const char *section, unsigned kinds, int pos)
{
    const turn_orders *po = &x->pl[player];
    if (!po->o)
        return -1;
    for (int i = pos < 0 ? 0 : pos; i < po->o->n; i++) {
        const ord_order *o = &po->o->v[i];
        if (po->used[i] < USED_UP && strcasecmp(o->section, section) == 0 &&
            (kinds & KIND(o->alts[0].kind)))
            return i;
    }
    return -1;
}

/* ---- stock rounds (and the start packet) ---- */

static int player_named(const eng_game *g, const char *name)
{
    for (int k = 0; k < g->nplayers; k++)
        if (strcasecmp(g->players[k].name, name) == 0)
            return k;
    return -1;
}

static int buy_from_player(turn_ctx *x, int p, int c, const ord_action *b, char *why,
                           size_t len)
{
    int seller = player_named(x->g, b->seller);
    if (seller < 0)
        return snprintf(why, len, "there is no player %s", b->seller), -1;
    eng_action a = {.kind = ENG_ACT_BUY_SHARE, .player = p, .company = c, .percent = b->percent,
                    .from_player = true, .seller = seller};
    return turn_act(x, &a, why, len);
}

/* A BUY alternative as the engine's action: the start packet's item when the company has an
 * unsold one, else a share from the IPO or the pool. */
static int try_buy(turn_ctx *x, int p, const ord_action *b, char *why, size_t len)
{
    eng_game *g = x->g;
    int c = eng_company_index(g->t, b->company);
    if (c < 0)
        return snprintf(why, len, "there is no company %s", b->company), -1;
    if (b->seller[0]) /* nationalisation: from another player, at 150% */
        return buy_from_player(x, p, c, b, why, len);
    int item = unsold_item_of(g, c);
    if (item >= 0 && !b->from_pool) {
        eng_action a = {.kind = ENG_ACT_BUY_ITEM, .player = p, .item = item};
        if (turn_act(x, &a, why, len) == 0)
            return 0;
        if (g->round == ENG_ROUND_START)
            return -1;
    }
    eng_action a = {.kind = ENG_ACT_BUY_SHARE, .player = p, .company = c, .percent = b->percent,
                    .price = b->price}; /* a par of the director's, when it starts the company */
    if (!b->from_pool && turn_act(x, &a, why, len) == 0)
        return 0;
    if (b->from_ipo)
        return -1;
    char why_pool[256];
    a.from_pool = true;
    if (turn_act(x, &a, why_pool, sizeof why_pool) == 0)
        return 0;
    if (b->from_pool)
        snprintf(why, len, "%s", why_pool);
    return -1;
}

/* The sale of one certificate of company c by player p: the size named, else the largest the
 * player holds that is not the director's. */
static eng_action one_sale(const eng_game *g, int p, int c, int named)
{
    int size = named;
    for (int i = 0; !named && i < g->co[c].ncerts; i++)
        if (g->co[c].certs[i].owner == p && !g->co[c].certs[i].director &&
            g->co[c].certs[i].percent > size)
            size = g->co[c].certs[i].percent;
    return (eng_action){.kind = ENG_ACT_SELL, .player = p, .company = c,
                        .percent = size ? size : 10, .cert_size = size};
}

/* SELL n: n certificates (house rule 20), each its own sale — all of them, tried first on a
 * copy, or none. */
static int try_sell(turn_ctx *x, int p, const ord_action *s, char *why, size_t len)
{
    int c = eng_company_index(x->g->t, s->company), n = s->count > 0 ? s->count : 1;
    if (c < 0)
        return snprintf(why, len, "there is no company %s", s->company), -1;
    eng_game *trial = eng_game_copy(x->g);
    int rc = 0;
    for (int k = 0; k < n && rc == 0; k++) {
        eng_action a = one_sale(trial, p, c, s->percent);
        rc = eng_apply(trial, &a, why, len);
    }
    eng_game_free(trial);
    for (int k = 0; k < n && rc == 0; k++) {
        eng_action a = one_sale(x->g, p, c, s->percent);
        rc = turn_act(x, &a, why, len);
    }
    return rc;
}

static int try_private_from_player(turn_ctx *x, int p, const ord_action *b, char *why,
                                   size_t len);

static int try_stock_action(turn_ctx *x, int p, const ord_action *a, char *why, size_t len)
{
    switch (a->kind) {
    case ORD_BUY: return try_buy(x, p, a, why, len);
    case ORD_SELL: return try_sell(x, p, a, why, len);
    case ORD_PASS: return snprintf(why, len, "passes"), 1;
    case ORD_BID: return turn_try_bid(x, p, a, why, len);
    case ORD_BUY_PRIVATE: return try_private_from_player(x, p, a, why, len);
    case ORD_EXCHANGE: {
        eng_action e = {.kind = ENG_ACT_EXCHANGE, .player = p,
                        .company = eng_company_index(x->g->t, a->company)};
        if (e.company < 0)
            return snprintf(why, len, "there is no company %s", a->company), -1;
        return turn_act(x, &e, why, len);
    }
    default: return snprintf(why, len, "not a stock-round order"), -1;
    }
}

/* Tries an order's alternatives in turn: 0 when one was carried out, 1 for PASS, -1 when none
 * could be (why: the first alternative's reason). */
static int try_stock_order(turn_ctx *x, int p, const ord_order *o, int from, char *why,
                           size_t len)
{
    char first[256] = "";
    for (int i = from; i < o->nalts; i++) {
        char w[256] = "";
        int rc = try_stock_action(x, p, &o->alts[i], w, sizeof w);
        if (rc >= 0)
            turn_used_alternative(x, p, o, i, from, first);
        if (rc >= 0)
            return rc;
        turn_add_reason(first, sizeof first, w);
    }
    snprintf(why, len, "%s", first);
    return -1;
}

/* The owner's agreement to sell the private to player p at that price (SELL PRIVATE priv TO p
 * FOR price, in any section, unused, its conditions holding): its index, or -1. */
static int agreement_to_player(const turn_ctx *x, int owner, int p, int priv, int price)
{
    const ord_orders *os = x->pl[owner].o;
    for (int i = 0; os && i < os->n; i++) {
        const ord_action *s = &os->v[i].alts[0];
        if (x->pl[owner].used[i] < USED_UP && s->kind == ORD_SELL_PRIVATE && s->seller[0] &&
            player_named(x->g, s->seller) == p && eng_company_index(x->g->t, s->priv) == priv &&
            s->price == price && turn_conds_hold(x, owner, &os->v[i]))
            return i;
    }
    return -1;
}

/* BUY PRIVATE priv FROM owner FOR price on p's stock-round turn (1830): with the owner's
 * agreement, whose order then shares the purchase's fate. No purchase: the turn goes on. */
static int try_private_from_player(turn_ctx *x, int p, const ord_action *b, char *why,
                                   size_t len)
{
    const eng_game *g = x->g;
    int priv = eng_company_index(g->t, b->priv), seller = player_named(g, b->seller);
    if (priv < 0 || seller < 0)
        return snprintf(why, len, "there is no %s %s", priv < 0 ? "company" : "player",
                        priv < 0 ? b->priv : b->seller), -1;
    if (g->co[priv].owner != seller)
        return snprintf(why, len, "%s does not own %s", g->players[seller].name,
                        g->t->companies[priv].id), -1;
    int agreed = agreement_to_player(x, seller, p, priv, b->price);
    if (agreed < 0)
        return snprintf(why, len, "%s has not agreed (SELL PRIVATE %s TO %s FOR %d in %s's "
                                  "orders)", g->players[seller].name, g->t->companies[priv].id,
                        g->players[p].name, b->price, g->players[seller].name), -1;
    eng_action a = {.kind = ENG_ACT_BUY_PRIVATE, .player = p, .company = priv,
                    .price = b->price};
    int rc = turn_act(x, &a, why, len);
    turn_agreement_fate(x, seller, agreed, rc, why);
    return rc;
}

static void end_stock_turn(turn_ctx *x, int p)
{
    char why[256];
    eng_action pass = {.kind = ENG_ACT_PASS, .player = p};
    if (turn_act(x, &pass, why, sizeof why))
        turn_say(x, "  (%s cannot end the turn: %s)", x->g->players[p].name, why);
}

static const unsigned STOCK_KINDS = KIND(ORD_BUY) | KIND(ORD_SELL) | KIND(ORD_PASS) |
                                    KIND(ORD_BID) | KIND(ORD_EXCHANGE) | KIND(ORD_BUY_PRIVATE);

/* Whether the order trades a private for a share on its owner's stock-round turn (1830's M&H):
 * an EXCHANGE of a private the title lets its owner exchange. Other exchanges are the
 * formation round's. */
static bool stock_exchange(const eng_title *t, const ord_order *o)
{
    int c = eng_company_index(t, o->alts[0].company);
    return o->alts[0].kind == ORD_EXCHANGE && c >= 0 && t->companies[c].kind == ENG_PRIVATE &&
           t->companies[c].exchange_company >= 0;
}

/* Whether the order leaves the turn as it was (carried out before the turn's purchase): a
 * private traded for a share, or bought from a player (1830). */
static bool turn_free(const eng_title *t, const ord_order *o)
{
    return stock_exchange(t, o) || o->alts[0].kind == ORD_BUY_PRIVATE;
}

/* A BID on an item already sold (won by this player in the auction among bidders, say) and no
 * ELSE: it cannot be carried out, and costs no turn (it cost a stock-round turn as a failed
 * order). Said, and used up. */
static bool moot_bid(turn_ctx *x, int p, int i)
{
    const ord_order *o = &x->pl[p].o->v[i];
    if (o->alts[0].kind != ORD_BID || o->nalts != 1)
        return false;
    const eng_game *g = x->g;
    int item = eng_start_item_named(g->t, o->alts[0].company);
    if (item < 0 || !g->item_sold[item])
        return false;
    int company = g->t->start_items[item].company, owner = g->co[company].owner;
    x->pl[p].used[i] = USED_UP;
    if (owner == p)
        turn_not_done(x, p, i, "you had won %s already: no turn was spent on the bid",
                      g->t->start_items[item].id);
    else
        turn_not_done(x, p, i, "%s was sold already%s%s: no turn was spent on the bid",
                      g->t->start_items[item].id, owner >= 0 ? " to " : "",
                      owner >= 0 ? g->players[owner].name : "");
    return true;
}

/* The player's next order whose conditions hold; orders whose conditions do not are skipped
 * (said in the report) — they are the player's own contingencies (house rule 12). */
static int next_stock_order(turn_ctx *x, int p)
{
    int i = -1;
    while ((i = turn_next_order(x, p, "", STOCK_KINDS, i + 1)) >= 0) {
        const ord_order *o = &x->pl[p].o->v[i];
        if (o->alts[0].kind == ORD_EXCHANGE && !stock_exchange(x->g->t, o))
            continue;
        if (moot_bid(x, p, i))
            continue;
        if (turn_first_alt(x, p, o) >= 0)
            return i;
        x->pl[p].used[i] = USED_UP;
        turn_say_order(x, p, o, "its condition does not hold: skipped");
        turn_not_done(x, p, i, "its condition did not hold when it was your turn");
    }
    return -1;
}

/* Carries out order i; a BUY of n certificates stays for the next turn until all are bought.
 * Returns what try_stock_order returns. */
static int carry_out(turn_ctx *x, int p, int i)
{
    const ord_order *o = &x->pl[p].o->v[i];
    char why[256];
    int rc = try_stock_order(x, p, o, turn_first_alt(x, p, o), why, sizeof why);
    int want = o->alts[0].kind == ORD_BUY && o->nalts == 1 && o->alts[0].count > 1
                   ? o->alts[0].count : 1;
    int bought = x->pl[p].used[i];
    if (rc == 0 && ++x->pl[p].used[i] < want)
        return 0; /* more certificates to buy on later turns */
    x->pl[p].used[i] = USED_UP;
    if (rc >= 0) {
        turn_done(x, p, i);
        return rc;
    }
    turn_say_order(x, p, o, "");
    turn_say(x, "    not carried out: %s; nothing else is done in its place (house rule 19)", why);
    if (bought)
        turn_not_done(x, p, i, "%d of %d bought; then: %s (house rule 19)", bought, want, why);
    else
        turn_not_done(x, p, i, "%s; that turn counts as a pass (house rule 19)", why);
    return rc;
}

/* A SELL of a group failed: the rest of the group and the BUY paired with it (house rule 18)
 * are not carried out either; the turn is a pass. An exchange is no part of the pair: it
 * waits. */
static void drop_the_pair(turn_ctx *x, int p, int failed)
{
    int i = failed;
    while ((i = turn_next_order(x, p, "", STOCK_KINDS, i + 1)) >= 0) {
        const ord_order *o = &x->pl[p].o->v[i];
        if (o->alts[0].kind == ORD_EXCHANGE)
            continue;
        if (o->alts[0].kind == ORD_PASS)
            break;
        x->pl[p].used[i] = USED_UP;
        turn_say_order(x, p, o, "not carried out: the SELL paired with it failed (house rule 18)");
        turn_not_done(x, p, i, "the SELL paired with it (line %d) failed: that turn counts as a "
                               "pass (house rules 18, 19)", x->pl[p].o->v[failed].line);
        if (o->alts[0].kind != ORD_SELL)
            break;
    }
}

/* Orders at the head of the player's orders that leave the turn as it was (1830: the M&H's
 * exchange, a private bought from a player): no purchase, so the turn goes on with the next
 * order. Returns that order; -1 when none is left; -2 when the turn is over: one failed (a
 * pass, house rule 19) or its ELSE bought or sold. */
static int exchanges_first(turn_ctx *x, int p)
{
    int i = next_stock_order(x, p);
    while (i >= 0 && turn_free(x->g->t, &x->pl[p].o->v[i]) && !x->stop) {
        if (carry_out(x, p, i) < 0 || x->g->turn_bought || x->g->turn_sold)
            return -2;
        i = next_stock_order(x, p);
    }
    return i;
}

/* One stock-round turn of player p: its exchanges first, then consecutive SELLs and the BUY
 * that follows them (house rule 18), or a BUY, a BID, or a PASS; no order left is a pass. A
 * failed order makes the turn a pass (house rule 19); a failed SELL takes its group and the
 * paired BUY with it. A par to choose or an auction among bidders is played first. */
static void stock_turn(turn_ctx *x, int p)
{
    if (turn_packet_turn(x, p))
        return;
    int i = exchanges_first(x, p), before = x->out->nactions;
    const eng_game *g = x->g;
    if (i < 0) {
        if (!x->stop && g->current == p &&
            (g->round == ENG_ROUND_STOCK || g->round == ENG_ROUND_START))
            end_stock_turn(x, p);
        return;
    }
    bool failed = false;
    while (i >= 0 && x->pl[p].o->v[i].alts[0].kind == ORD_SELL && !x->stop) {
        if (carry_out(x, p, i) < 0) {
            drop_the_pair(x, p, i);
            failed = true;
            break;
        }
        i = next_stock_order(x, p);
    }
    if (!failed && i >= 0 && x->pl[p].o->v[i].alts[0].kind != ORD_SELL && !x->stop &&
        x->g->round != ENG_ROUND_OPERATING)
        carry_out(x, p, i);
    /* a start-packet purchase ends the turn by itself (the same player may be next: Snake,
     * Thompson); a share bought or sold needs the turn ended; nothing done is a pass */
    bool ended_itself = x->out->nactions > before && !g->turn_bought && !g->turn_sold;
    if (!x->stop && !ended_itself && g->current == p &&
        (g->round == ENG_ROUND_STOCK || g->round == ENG_ROUND_START))
        end_stock_turn(x, p);
}

/* ---- formation rounds (house rule 10) ---- */

static const unsigned FORMATION_KINDS =
    KIND(ORD_FORM) | KIND(ORD_NO_FORM) | KIND(ORD_EXCHANGE) | KIND(ORD_KEEP);

/* The player's formation orders, from any section, in order; then the end of the player's part
 * (a pass). Without orders, the founder's owner does not form and nothing is exchanged unless
 * the rules force it. */
static void formation_turn(turn_ctx *x, int p)
{
    eng_game *g = x->g;
    const turn_orders *po = &x->pl[p];
    for (int i = 0; po->o && i < po->o->n && g->forming && g->current == p && !x->stop; i++) {
        const ord_order *o = &po->o->v[i];
        if (po->used[i] >= USED_UP || !(FORMATION_KINDS & KIND(o->alts[0].kind)))
            continue;
        x->pl[p].used[i] = USED_UP;
        if (!turn_conds_hold(x, p, o)) {
            turn_say_order(x, p, o, "its condition does not hold: skipped");
            turn_not_done(x, p, i, "its condition did not hold in the formation round");
            continue;
        }
        const ord_action *a = &o->alts[0];
        eng_action e = {.player = p};
        if (a->kind == ORD_FORM) {
            e.kind = ENG_ACT_FORM;
        } else if (a->kind == ORD_EXCHANGE) {
            e.kind = ENG_ACT_EXCHANGE;
            e.company = eng_company_index(g->t, a->company);
        } else {
            turn_done(x, p, i); /* DO NOT FORM, KEEP: what happens when nothing is done */
            continue;
        }
        char why[256];
        if (turn_act(x, &e, why, sizeof why)) {
            turn_say_order(x, p, o, "");
            turn_say(x, "    not carried out: %s", why);
            turn_not_done(x, p, i, "%s", why);
        } else {
            turn_done(x, p, i);
        }
    }
    if (!g->forming || g->current != p || x->stop)
        return;
    char why[256];
    eng_action pass = {.kind = ENG_ACT_PASS, .player = p};
    if (turn_act(x, &pass, why, sizeof why) == 0)
        return;
    /* a forced exchange: the first the rules allow */
    eng_action legal[64];
    int n = eng_legal_actions(g, legal, 64);
    for (int k = 0; k < n; k++)
        if (legal[k].kind == ENG_ACT_EXCHANGE || legal[k].kind == ENG_ACT_FORM) {
            turn_say(x, "  (forced for %s)", g->players[p].name);
            turn_act(x, &legal[k], why, sizeof why);
            return;
        }
}

/* ---- the loop ---- */

static int step(turn_ctx *x)
{
    eng_game *g = x->g;
    if (g->forming)
        formation_turn(x, g->current);
    else if (g->round == ENG_ROUND_START || g->round == ENG_ROUND_STOCK)
        x->had_stock_round = true, stock_turn(x, g->current);
    else if (g->discarding != ENG_NONE)
        return turn_discard(x);
    else if (g->round == ENG_ROUND_OPERATING)
        return turn_operate(x);
    return 0;
}

static void tell_nmrs(turn_ctx *x)
{
    for (int p = 0; p < x->g->nplayers; p++)
        if (x->pl[p].nmr)
            turn_ruling(x, NULL,
                        "No orders from %s this turn (NMR): standing orders, goals and automatic "
                        "play (house rules 12, 13)",
                        x->g->players[p].name);
}

/* Why an order was never reached, from what the turn did. */
static void unreached(turn_ctx *x, int p, int i)
{
    const ord_order *o = &x->pl[p].o->v[i];
    ord_kind k = o->alts[0].kind;
    int c = eng_company_index(x->g->t, o->section);
    if (o->earlier) {
        if (!x->set->preview)
            turn_not_done(x, p, i, "a standing order or goal of an earlier turn, not needed in "
                                   "this turn");
    } else if (k == ORD_GOAL) {
        turn_done(x, p, i); /* an intention: it guides the company when it is played for you */
    } else if (k == ORD_FORM || k == ORD_NO_FORM || k == ORD_KEEP ||
               (k == ORD_EXCHANGE && !stock_exchange(x->g->t, o))) {
        turn_not_done(x, p, i, "there was no formation round for it in this turn");
    } else if (k == ORD_PAR) {
        turn_not_done(x, p, i, "no par of %s was yours to choose in this turn",
                      o->alts[0].company);
    } else if (k == ORD_SELL_PRIVATE && o->alts[0].seller[0]) {
        turn_not_done(x, p, i, "%s did not buy it in this turn (BUY PRIVATE %s FROM %s FOR %d)",
                      o->alts[0].seller, o->alts[0].priv, x->g->players[p].name,
                      o->alts[0].price);
    } else if (k == ORD_SELL_PRIVATE) {
        int buyer = eng_company_index(x->g->t, o->alts[0].company);
        if (buyer >= 0 && x->operated[buyer])
            turn_not_done(x, p, i, "%s's director did not order that purchase",
                          o->alts[0].company);
        else
            turn_not_done(x, p, i, "%s did not operate in this turn", o->alts[0].company);
    } else if (!o->section[0] && x->pl[p].used[i] > 0) {
        turn_not_done(x, p, i, "%d of %d bought; the turn ended before the rest (orders are for "
                               "one turn)", x->pl[p].used[i], o->alts[0].count);
    } else if (!o->section[0]) {
        turn_not_done(x, p, i, x->had_stock_round
                                   ? "not reached: the turn's stock rounds ended before its turn"
                                   : "this turn had no stock round (orders are for one turn: send "
                                     "it again, or make it STANDING)");
    } else if ((c < 0 || !x->operated[c]) && x->set->one_round_by[0] && x->set->rounds == 1) {
        turn_not_done(x, p, i, "%s did not operate in this turn: the turn covered one round, "
                               "as %s asked (ONE ROUND, house rule 14)",
                      o->section, x->set->one_round_by);
    } else if (c < 0 || !x->operated[c]) {
        turn_not_done(x, p, i, "%s did not operate in this turn", o->section);
    } else if (x->operated_by[c] != p) {
        turn_not_done(x, p, i, "%s's director was %s when it operated", o->section,
                      x->g->players[x->operated_by[c]].name);
    } else if (o->nconds) {
        turn_not_done(x, p, i, "its condition did not hold when %s operated", o->section);
    } else if (k == ORD_SELL_TRAIN) {
        turn_not_done(x, p, i, "no company ordered that purchase");
    } else if (k == ORD_DISCARD) {
        turn_not_done(x, p, i, "%s had no train too many", o->section);
    } else if ((k == ORD_RUN || k == ORD_ROUTE || k == ORD_PAYOUT || k == ORD_WITHHOLD) &&
               !x->ran[c]) {
        turn_not_done(x, p, i, "%s had no train when its run came (trains are bought after the "
                               "run)", o->section);
    } else {
        turn_not_done(x, p, i, "not reached: %s's turn was over before its moment", o->section);
    }
}

/* Whether an order the turn did not use can be judged: always in the turn; in a preview only
 * when its company operated (else the others' moves, unknown, decide whether it is reached). */
static bool judged(const turn_ctx *x, int p, int i)
{
    if (!x->set->preview)
        return true;
    int c = eng_company_index(x->g->t, x->pl[p].o->v[i].section);
    return c >= 0 && x->operated[c] && !x->pl[p].o->v[i].earlier;
}

/* Every order the turn did not use gets its reason; the report ends with each player's orders
 * and what became of them. */
static void close_fates(turn_ctx *x)
{
    for (int p = 0; p < x->g->nplayers; p++) {
        for (int i = 0; i < x->out->nfates[p]; i++)
            if (x->out->fates[p][i].kind == TURN_FATE_UNUSED && judged(x, p, i))
                unreached(x, p, i);
        if (!x->pl[p].o || x->pl[p].o->n == 0 || x->pl[p].idle)
            continue;
        turn_say(x, "\nOrders of %s:", x->g->players[p].name);
        turn_fates_text(x->out, p, x->pl[p].o, &x->out->report);
    }
}

/* A turn that begins inside a company's turn (the last one ended as it began to operate):
 * the report says which, so that its first lines ("M1 runs for 40") are not without their
 * company. */
static void say_where_it_goes_on(turn_ctx *x)
{
    const eng_game *g = x->g;
    if (g->round != ENG_ROUND_OPERATING || g->operating < 0 || g->forming || x->set->preview)
        return;
    int c = g->operating, p = eng_company_holder(g, c);
    turn_say(x, "%c%s goes on: %s operates (%s)", toupper((unsigned char)x->round[0]),
             x->round + 1, g->t->companies[c].id, p >= 0 ? g->players[p].name : "no director");
}

int turn_resolve(eng_game *g, const turn_settings *s, const turn_player *players,
                 turn_result *out)
{
    memset(out, 0, sizeof *out);
    buf_init(&out->report);
    turn_ctx x = {.g = g, .set = s, .out = out, .limit = s->rounds > 0 ? s->rounds : 1};
    for (int p = 0; p < g->nplayers; p++) {
        int n = players[p].orders ? players[p].orders->n : 0;
        x.pl[p].o = players[p].orders;
        x.pl[p].nmr = players[p].nmr;
        x.pl[p].idle = players[p].idle;
        x.pl[p].used = calloc((size_t)n + 1, sizeof(int));
        out->fates[p] = calloc((size_t)n + 1, sizeof(turn_fate));
        out->nfates[p] = n;
    }
    round_under_way(&x);
    tell_nmrs(&x);
    say_where_it_goes_on(&x);
    int rc = 0;
    for (int steps = 0; !x.stop && g->round != ENG_ROUND_OVER; steps++) {
        int before = out->nactions;
        if (steps >= MAX_STEPS || step(&x) || out->nactions == before) {
            turn_say(&x, "The resolver stopped: nothing more could be done (please tell the GM)");
            rc = -1;
            break;
        }
    }
    close_fates(&x);
    for (int p = 0; p < g->nplayers; p++)
        free(x.pl[p].used);
    return rc;
}
