/* parse: the order language (order.h, docs/orders.md) — a line is split into words, then read
 * by a small recursive-descent parser: [STANDING] [IF cond [AND cond]... THEN] action
 * [ELSE action]... A line "BY:" (or "BY") opens the section of a company's orders; "STOCK:"
 * goes back to the stock round's. */
#include "engine/title.h"
#include "orders/order.h"
#include "util/buf.h"
#include "util/util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 48

/* The names the errors' examples use: the game's own (its first major, the first private a
 * company may buy and the most a company pays for it, its first train), or, with no title
 * known, words saying what goes there ("SELL TRAIN train TO company FOR price"). */
struct examples {
    char company[ORD_NAME], priv[ORD_NAME], priv_price[16], train[ORD_NAME], train_price[16];
    char hex[ORD_NAME]; /* a hex of the map: the first major's home (1835's BY: O15) */
};

struct words {
    int n, at;
    char v[MAX_WORDS][ORD_NAME + 8];
    char error[320]; /* (the longest: a word not an order, with every verb) */
    const struct examples *ex;
};

/* The title's first company of a kind (a private: the first a company may buy). */
static const eng_company *first_of_kind(const eng_title *t, eng_company_kind kind)
{
    for (int i = 0; i < t->ncompanies; i++) {
        const eng_company *c = &t->companies[i];
        if (c->kind == kind && (kind != ENG_PRIVATE || !c->never_to_company))
            return c;
    }
    return NULL;
}

/* Whether a company may ever buy a private in the title (1830: from its phase 3; 1835: never). */
static bool privates_go_to_companies(const eng_title *t)
{
    for (int p = 0; p < t->nphases; p++)
        if (t->phases[p].privates_to_companies)
            return true;
    return false;
}

static void examples_of(const eng_title *t, struct examples *ex)
{
    *ex = (struct examples){"company", "private", "price", "train", "price", "L14"};
    const eng_company *major = t ? first_of_kind(t, ENG_MAJOR) : NULL;
    const eng_company *priv =
        t && privates_go_to_companies(t) ? first_of_kind(t, ENG_PRIVATE) : NULL;
    if (major)
        snprintf(ex->company, sizeof ex->company, "%s", major->id);
    if (major && major->home_hex >= 0)
        snprintf(ex->hex, sizeof ex->hex, "%s", t->hexes[major->home_hex].id);
    if (priv) {
        int most = priv->price * t->private_sale_max_percent / 100;
        snprintf(ex->priv, sizeof ex->priv, "%s", priv->id);
        snprintf(ex->priv_price, sizeof ex->priv_price, "%d", most > 0 ? most : priv->price);
    }
    if (t && t->ntrains > 0) {
        snprintf(ex->train, sizeof ex->train, "%s", t->trains[0].name);
        snprintf(ex->train_price, sizeof ex->train_price, "100");
    }
}

/* Upper-cases and splits a line into words; ',' and ';' separate too, and '"' (an order or a
 * word quoted, as "PASS" or BUY "SX"); '>=' and friends stay. */
static void split(const char *line, struct words *w)
{
    memset(w, 0, sizeof *w);
    for (const char *p = line; *p;) {
        while (*p && (isspace((unsigned char)*p) || *p == ',' || *p == ';' || *p == '"'))
            p++;
        if (!*p || w->n == MAX_WORDS)
            break;
        size_t len = 0;
        while (p[len] && !isspace((unsigned char)p[len]) && p[len] != ',' && p[len] != ';' &&
               p[len] != '"')
            len++;
        size_t keep = len < sizeof w->v[0] - 1 ? len : sizeof w->v[0] - 1;
        for (size_t i = 0; i < keep; i++)
            w->v[w->n][i] = (char)toupper((unsigned char)p[i]);
        w->n++;
        p += len;
    }
}

static const char *peek(const struct words *w)
{
    return w->at < w->n ? w->v[w->at] : "";
}

static bool accept(struct words *w, const char *word)
{
    if (w->at < w->n && strcmp(w->v[w->at], word) == 0) {
        w->at++;
        return true;
    }
    return false;
}

static bool fail(struct words *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(struct words *w, const char *fmt, ...)
{
    if (!w->error[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(w->error, sizeof w->error, fmt, ap);
        va_end(ap);
    }
    return false;
}

static bool is_number(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

/* A name: a company, a train ("2+2"), a tile, a city: letters (also non-ASCII ones, as
 * "Nürnberg"), digits, '+', '-' and '&' (1830's "C&A"). */
static bool take_name(struct words *w, char *out, const char *what)
{
    const char *s = peek(w);
    if (!*s || strcmp(s, "ELSE") == 0 || strcmp(s, "THEN") == 0 || strcmp(s, "AND") == 0)
        return fail(w, "%s is missing", what);
    for (const char *p = s; *p; p++) /* '%' as in the start packet's "BY-20%-director" */
        if (!isalnum((unsigned char)*p) && *p != '+' && *p != '-' && *p != '&' &&
            (*p != '%' || p == s) &&
            (unsigned char)*p < 0x80)
            return fail(w, "\"%s\" is not a %s", s, what);
    if (strlen(s) >= ORD_NAME)
        return fail(w, "\"%s\" is too long for a %s", s, what);
    snprintf(out, ORD_NAME, "%s", s);
    w->at++;
    return true;
}

/* Whether the word is a hex: letters then digits, as L14. */
static bool is_hex(const char *s)
{
    size_t letters = 0;
    while (isalpha((unsigned char)s[letters]))
        letters++;
    return letters > 0 && letters <= 2 && is_number(s + letters) && strlen(s) < ORD_NAME;
}

static bool take_hex(struct words *w, char *out)
{
    const char *s = peek(w);
    if (!is_hex(s))
        return fail(w, "\"%s\" is not a hex (as %s)", s, w->ex ? w->ex->hex : "L14");
    snprintf(out, ORD_NAME, "%s", s);
    w->at++;
    return true;
}

/* A word of a city's name: letters (also non-ASCII ones), '-', '/', '&', '.', '\''. */
static bool is_place_word(const char *s)
{
    if (!*s)
        return false;
    for (const char *p = s; *p; p++)
        if ((unsigned char)*p < 0x80 && !isalpha((unsigned char)*p) && !strchr("-/&.'", *p))
            return false;
    return true;
}

/* The words that end a place's name: what may follow it in an order. */
static bool ends_place(const char *s)
{
    static const char *const after[] = {"CITY", "ELSE", "THEN", "AND", "ROT", "ROTATION", "R"};
    for (size_t i = 0; i < sizeof after / sizeof *after; i++)
        if (strcmp(s, after[i]) == 0)
            return true;
    return false;
}

/* A place (out: ORD_PLACE bytes): a hex ("L14"), or a city as the map names it, in one word or
 * several ("NÜRNBERG", "FÜRTH/NÜRNBERG", "NEW YORK"), up to CITY, ELSE, THEN, AND, ROT or the end;
 * which hex it names is the title's to say (turn_place_hex). */
static bool take_place(struct words *w, char *out, const char *what)
{
    const char *s = peek(w);
    if (is_hex(s))
        return take_hex(w, out);
    if (!is_place_word(s))
        return fail(w, "\"%s\" is not a %s (as %s, or a city's name)", s, what,
                    w->ex ? w->ex->hex : "L14");
    out[0] = '\0';
    size_t n = 0;
    while (w->at < w->n && is_place_word(peek(w)) && !ends_place(peek(w))) {
        size_t k = strlen(peek(w));
        if (n + (n > 0) + k >= ORD_PLACE)
            return fail(w, "\"%s\" is too long for a %s", s, what);
        n += (size_t)snprintf(out + n, ORD_PLACE - n, "%s%s", n ? " " : "", peek(w));
        w->at++;
    }
    return true;
}

static bool take_number(struct words *w, int *out, const char *what)
{
    if (!is_number(peek(w)) || strlen(peek(w)) > 6)
        return fail(w, "%s must be a number, not \"%s\"", what, peek(w));
    *out = atoi(peek(w));
    w->at++;
    return true;
}

/* An amount of money: a number, "$" before it allowed ("$150"). */
static bool is_money(const char *s)
{
    return is_number(s + (*s == '$'));
}

static bool take_money(struct words *w, int *out, const char *what)
{
    char *s = w->v[w->at < w->n ? w->at : 0];
    if (w->at < w->n && *s == '$' && is_number(s + 1))
        memmove(s, s + 1, strlen(s));
    return take_number(w, out, what);
}

/* A count written onto the company ("1SX", "2MSE" — house rule 20's own example): split. */
static void split_glued_count(struct words *w, ord_action *a)
{
    char *s = w->v[w->at];
    size_t digits = 0;
    while (isdigit((unsigned char)s[digits]))
        digits++;
    if (digits == 0 || digits > 2 || !isalpha((unsigned char)s[digits]))
        return;
    a->count = atoi(s);
    memmove(s, s + digits, strlen(s + digits) + 1);
}

/* [n] [pct%] company — "2 BY", "20% MS", "BY", "1SX" */
static bool take_certificates(struct words *w, ord_action *a)
{
    if (w->at < w->n)
        split_glued_count(w, a);
    if (!a->count && is_number(peek(w)) &&
        take_number(w, &a->count, "the number of certificates") && a->count == 0)
        return fail(w, "the number of certificates is at least 1");
    if (!a->count)
        a->count = 1; /* "BUY BY" is one certificate, as "BUY 1 BY" */
    const char *s = peek(w);
    size_t len = strlen(s);
    if (len > 1 && s[len - 1] == '%') {
        char digits[8] = "";
        snprintf(digits, sizeof digits, "%.*s", (int)(len - 1), s);
        if (!is_number(digits) || (atoi(digits) != 5 && atoi(digits) % 10 != 0))
            return fail(w, "\"%s\" is not a certificate size (5%%, 10%%, 20%%)", s);
        a->percent = atoi(digits);
        w->at++;
    }
    return take_name(w, a->company, "company");
}

/* POOL, or IPO / BANK, after FROM. */
static bool take_pool_or_ipo(struct words *w, ord_action *a)
{
    if (accept(w, "POOL"))
        return (a->from_pool = true);
    if (accept(w, "IPO") || accept(w, "BANK"))
        return (a->from_ipo = true);
    return false;
}

/* [FOR | AT] price: what a company pays for a private. */
static bool take_private_price(struct words *w, ord_action *a)
{
    if (!accept(w, "FOR"))
        (void)accept(w, "AT");
    return take_money(w, &a->price, "the price") &&
           (a->price > 0 || fail(w, "the price is more than 0"));
}

/* PRIVATE priv [FOR] price (the company's purchase), PRIVATE priv FROM player [FOR] price (a
 * player's, 1830), or PRIVATE priv TO CO-or-player [FOR] price (the owner's agreement), after
 * BUY or SELL (whether TO names a company or a player is the title's to say: turn/check.c). */
static bool parse_private_sale(struct words *w, ord_action *a, bool buy)
{
    a->kind = buy ? ORD_BUY_PRIVATE : ORD_SELL_PRIVATE;
    if (!take_name(w, a->priv, "private company"))
        return false;
    if (buy && accept(w, "FROM") && !take_name(w, a->seller, "player"))
        return false;
    if (!buy && (!accept(w, "TO") || !take_name(w, a->company, "company")))
        return fail(w, "a private is sold to a company at a price: SELL PRIVATE %s TO %s FOR %s",
                    w->ex->priv, w->ex->company, w->ex->priv_price);
    return take_private_price(w, a);
}

/* "BUY D&H FOR 140", "SELL D&H TO PRR FOR 140": read as certificates, a private after all. */
static bool certificates_as_private(struct words *w, ord_action *a, bool buy)
{
    if (a->count != 1 || a->percent)
        return fail(w, "a private is one: %s PRIVATE %s ...", buy ? "BUY" : "SELL", a->company);
    memcpy(a->priv, a->company, sizeof a->priv);
    a->company[0] = '\0';
    a->count = 0;
    a->kind = buy ? ORD_BUY_PRIVATE : ORD_SELL_PRIVATE;
    if (!buy && !take_name(w, a->company, "company"))
        return false;
    return take_private_price(w, a);
}

/* After BUY's certificates: PAR p (AT p, AT PAR p) and FROM ..., in either order. */
static bool buy_options(struct words *w, ord_action *a)
{
    for (int k = 0; k < 2; k++) {
        if (!a->price && (accept(w, "PAR") || accept(w, "AT"))) {
            (void)accept(w, "PAR");
            if (!take_money(w, &a->price, "the par"))
                return false;
            if (a->price == 0)
                return fail(w, "the par is more than 0");
        } else if (!a->from_pool && !a->from_ipo && !a->seller[0] && accept(w, "FROM") &&
                   !take_pool_or_ipo(w, a) &&
                   !take_name(w, a->seller, "player, POOL or IPO to buy from")) {
            return false;
        }
    }
    return true;
}

static bool parse_buy(struct words *w, ord_action *a)
{
    if (accept(w, "PRIVATE"))
        return parse_private_sale(w, a, true);
    if (accept(w, "BONUS")) /* BUY BONUS Bridge (1856's bonus tokens) */
        return (a->kind = ORD_BUY_BONUS, take_name(w, a->priv, "bonus (or its private)"));
    if (accept(w, "TRAIN")) {
        a->kind = ORD_BUY_TRAIN;
        if (!take_name(w, a->train, "train"))
            return false;
        if (accept(w, "FROM") && !take_pool_or_ipo(w, a) &&
            (!take_name(w, a->company, "company") || !accept(w, "FOR") ||
             !take_number(w, &a->price, "the price")))
            return fail(w, "a train from a company needs its price: FROM %s FOR %s",
                        w->ex->company, w->ex->train_price);
        return true;
    }
    a->kind = ORD_BUY;
    if (!take_certificates(w, a))
        return false;
    if (accept(w, "FOR"))
        return certificates_as_private(w, a, true);
    return buy_options(w, a);
}

/* UP TO (MAX, MAXIMUM, LIMIT): the bid is a limit. */
static bool take_up_to(struct words *w)
{
    if (accept(w, "UP"))
        return accept(w, "TO") || fail(w, "BID UP TO 200 ON item");
    return accept(w, "MAX") || accept(w, "MAXIMUM") || accept(w, "LIMIT");
}

/* BID [UP TO] price [ON | FOR] item, or BID [ON] item [UP TO | AT | FOR] price. */
static bool parse_bid(struct words *w, ord_action *a)
{
    a->kind = ORD_BID;
    a->up_to = take_up_to(w);
    if (w->error[0])
        return false;
    if (is_money(peek(w))) {
        if (!take_money(w, &a->price, "the bid"))
            return false;
        if (!accept(w, "ON"))
            (void)accept(w, "FOR");
        return take_name(w, a->company, "item of the start packet");
    }
    (void)accept(w, "ON");
    if (!take_name(w, a->company, "item of the start packet"))
        return false;
    if (!a->up_to && !(a->up_to = take_up_to(w)) && !w->error[0] && !accept(w, "AT"))
        (void)accept(w, "FOR");
    return !w->error[0] && take_money(w, &a->price, "the bid");
}

/* PAR CO [AT] price, or PAR price [FOR | ON] CO. */
/* The word after the next, or "". */
static const char *peek_second(const struct words *w)
{
    return w->at + 1 < w->n ? w->v[w->at + 1] : "";
}

/* PAR co [AT] price, or PAR price FOR|ON co (a leading number is the par only with FOR or ON:
 * "PAR 2 3" is company 2's par, so the canonical form reads back the same). */
static bool parse_par(struct words *w, ord_action *a)
{
    a->kind = ORD_PAR;
    const char *second = peek_second(w);
    if (is_money(peek(w)) && (strcmp(second, "FOR") == 0 || strcmp(second, "ON") == 0)) {
        if (!take_money(w, &a->price, "the par"))
            return false;
        w->at++; /* FOR or ON */
        return take_name(w, a->company, "company");
    }
    if (!take_name(w, a->company, "company"))
        return false;
    (void)accept(w, "AT");
    return take_money(w, &a->price, "the par");
}

static bool parse_lay(struct words *w, ord_action *a)
{
    a->kind = ORD_LAY;
    if (!take_name(w, a->tile, "tile"))
        return false;
    if (!accept(w, "ON"))
        (void)(accept(w, "IN") || accept(w, "AT"));
    if (!take_place(w, a->hex, "hex"))
        return false;
    if ((accept(w, "ROT") || accept(w, "ROTATION") || accept(w, "R")) &&
        !(take_number(w, &a->rot, "the rotation") &&
          (a->rot < 6 || fail(w, "the rotation is 0 to 5"))))
        return false;
    /* STATION CITY n: the tile's city for a station placed on the hex before any track */
    if (accept(w, "STATION") || accept(w, "TOKEN"))
        return (accept(w, "CITY") || fail(w, "STATION CITY n after LAY: the tile's city for the "
                                             "station already on the hex")) &&
               take_number(w, &a->city, "the city") &&
               (a->city >= 1 || fail(w, "the cities of a tile are numbered from 1"));
    return true;
}

/* ROUTE train hex hex ...: the stops of one train's run, in order. */
static bool parse_route(struct words *w, ord_action *a)
{
    a->kind = ORD_ROUTE;
    if (!take_name(w, a->train, "train"))
        return false;
    while (*peek(w) && strcmp(peek(w), "ELSE") != 0) {
        char hex[ORD_NAME];
        if (a->nstops == ORD_MAX_STOPS)
            return fail(w, "a route has at most %d stops", ORD_MAX_STOPS);
        if (!take_hex(w, hex))
            return false;
        if (strlen(hex) >= sizeof a->stops[0])
            return fail(w, "\"%s\" is not a hex (as %s)", hex, w->ex ? w->ex->hex : "L14");
        memcpy(a->stops[a->nstops++], hex, strlen(hex) + 1); /* fits: checked above */
    }
    return a->nstops >= 2 || fail(w, "a route needs at least two stops: ROUTE 2 O15 N12");
}

static bool parse_no(struct words *w, ord_action *a)
{
    if (accept(w, "TILE") || accept(w, "TRACK"))
        a->kind = ORD_NO_TILE;
    else if (accept(w, "STATION") || accept(w, "TOKEN"))
        a->kind = ORD_NO_STATION;
    else if (accept(w, "TRAIN") || accept(w, "TRAINS"))
        a->kind = ORD_NO_TRAIN;
    else
        return fail(w, "NO TILE, NO STATION or NO TRAIN, not NO \"%s\"", peek(w));
    return true;
}

/* The order word nearest to a misspelt one, or NULL. */
static const char *near_verb(const char *word)
{
    static const char *const verbs[] = {"BUY", "SELL", "PASS", "LAY", "TILE", "STATION", "TOKEN",
                                        "RUN", "ROUTE", "PAY", "PAYOUT", "WITHHOLD", "DISCARD",
                                        "FORM", "EXCHANGE", "KEEP", "USE", "GOAL", "BID", "PAR",
                                        "HOME", "REPORT", "GIVE", "LOAN", "REPAY", NULL};
    for (int i = 0; verbs[i]; i++)
        if (str_is_near(word, verbs[i]))
            return verbs[i];
    return NULL;
}

static bool parse_sell(struct words *w, ord_action *a)
{
    if (accept(w, "TRAIN")) {
        a->kind = ORD_SELL_TRAIN;
        if (!take_name(w, a->train, "train"))
            return false;
        if (!accept(w, "TO") || !take_name(w, a->company, "company") || !accept(w, "FOR") ||
            !take_number(w, &a->price, "the price"))
            return fail(w, "a train is sold to a company at a price: SELL TRAIN %s TO %s FOR %s",
                        w->ex->train, w->ex->company, w->ex->train_price);
        return true;
    }
    if (accept(w, "PRIVATE"))
        return parse_private_sale(w, a, false);
    a->kind = ORD_SELL;
    if (!take_certificates(w, a))
        return false;
    return !accept(w, "TO") || certificates_as_private(w, a, false);
}

static bool parse_pass(struct words *w, ord_action *a)
{
    (void)w;
    return (a->kind = ORD_PASS, true);
}

static bool parse_home(struct words *w, ord_action *a) /* HOME [hex] CITY n */
{
    a->kind = ORD_HOME;
    if (!accept(w, "CITY"))
        return take_hex(w, a->hex) &&
               (accept(w, "CITY") || fail(w, "HOME %s CITY n: which city", a->hex)) &&
               take_number(w, &a->city, "the city");
    return take_number(w, &a->city, "the city");
}

static bool parse_station(struct words *w, ord_action *a)
{
    a->kind = ORD_STATION;
    if (!take_place(w, a->hex, "hex"))
        return false;
    return !accept(w, "CITY") || take_number(w, &a->city, "the city");
}

static bool parse_run(struct words *w, ord_action *a)
{
    a->kind = ORD_RUN;
    a->revenue = -1;
    return accept(w, "BEST") || take_number(w, &a->revenue, "the revenue (or BEST)");
}

static bool parse_payout(struct words *w, ord_action *a)
{
    (void)accept(w, "OUT");
    return (a->kind = ORD_PAYOUT, true);
}

static bool parse_withhold(struct words *w, ord_action *a)
{
    (void)w;
    return (a->kind = ORD_WITHHOLD, true);
}

static bool parse_discard(struct words *w, ord_action *a)
{
    return (a->kind = ORD_DISCARD, take_name(w, a->train, "train"));
}

static bool parse_form(struct words *w, ord_action *a)
{
    a->kind = ORD_FORM;
    return !*peek(w) || strcmp(peek(w), "ELSE") == 0 || take_name(w, a->company, "company");
}

/* DO NOT FORM [company], DON'T FORM [company] (the verb is the word before this one). */
static bool parse_do_not(struct words *w, ord_action *a)
{
    if (strcmp(w->v[w->at - 1], "DO") == 0 && !accept(w, "NOT"))
        return fail(w, "DO NOT FORM");
    if (!accept(w, "FORM"))
        return fail(w, "DO NOT FORM");
    (void)(*peek(w) && strcmp(peek(w), "ELSE") != 0 && take_name(w, a->company, "company"));
    return (a->kind = ORD_NO_FORM, true);
}

static bool parse_exchange(struct words *w, ord_action *a)
{
    if (accept(w, "STATION")) { /* EXCHANGE STATION hex [CITY n]: a national's choice */
        a->kind = ORD_EXCHANGE; /* (with a hex: ord_station_exchange) */
        return take_place(w, a->hex, "hex") &&
               (!accept(w, "CITY") || take_number(w, &a->city, "the city"));
    }
    return (a->kind = ORD_EXCHANGE, take_name(w, a->company, "company"));
}

static bool parse_keep(struct words *w, ord_action *a)
{
    return (a->kind = ORD_KEEP, take_name(w, a->company, "company"));
}

static bool parse_use(struct words *w, ord_action *a) /* USE private [CITY n]: its station there */
{
    a->kind = ORD_PRIVATE;
    return take_name(w, a->company, "private company") &&
           (!accept(w, "CITY") || take_number(w, &a->city, "the city"));
}

static bool parse_port(struct words *w, ord_action *a) /* PORT hex: 1856's port marker */
{
    return (a->kind = ORD_PORT, take_place(w, a->hex, "port hex"));
}

static bool parse_goal(struct words *w, ord_action *a)
{
    return (a->kind = ORD_GOAL, take_place(w, a->goal, "goal"));
}

/* GIVE UP CO: a national's formation round (1856's CGR): the company merges into it. */
static bool parse_give_up(struct words *w, ord_action *a)
{
    if (!accept(w, "UP"))
        return fail(w, "GIVE UP company (it merges into the national rather than repay its "
                       "loans)");
    return (a->kind = ORD_GIVE_UP, take_name(w, a->company, "company"));
}

static bool not_an_order(struct words *w);

static bool parse_one_round(struct words *w, ord_action *a)
{
    if (!accept(w, "ROUND"))
        return not_an_order(w);
    return (a->kind = ORD_ONE_ROUND, true);
}

/* SEND GAME FILE is the envelope's (envelope.c: the game's 18xx.games file, answered at once),
 * when alone on its line; here it is not, or is misspelt: said so, not taken for SELL. */
static bool parse_send(struct words *w, ord_action *a)
{
    (void)a;
    return fail(w, "SEND GAME FILE, alone on its line, asks for the game's file for "
                   "18xx.games (it is no order and changes nothing)");
}

/* TAKE LOAN, LOAN: one loan for the company (a title's loans). */
static bool parse_take(struct words *w, ord_action *a)
{
    if (strcmp(w->v[w->at - 1], "TAKE") == 0 && !accept(w, "LOAN"))
        return fail(w, "TAKE LOAN (one loan a round), not TAKE \"%s\"", peek(w));
    return (a->kind = ORD_TAKE_LOAN, true);
}

/* REPAY [n | ALL] [LOAN | LOANS]. */
static bool parse_repay(struct words *w, ord_action *a)
{
    a->kind = ORD_REPAY_LOAN;
    a->count = 1;
    if (accept(w, "ALL"))
        a->count = ORD_ALL_LOANS;
    else if (isdigit((unsigned char)*peek(w)) &&
             (!take_number(w, &a->count, "how many loans") || a->count < 1))
        return fail(w, "REPAY n LOANS repays at least one: REPAY 1 LOAN, or REPAY ALL LOANS");
    (void)(accept(w, "LOAN") || accept(w, "LOANS"));
    return true;
}

/* The order language's verbs, each with its reader (called with the verb taken). */
static const struct verb {
    const char *word;
    bool (*parse)(struct words *w, ord_action *a);
} VERBS[] = {
    {"BUY", parse_buy},         {"SELL", parse_sell},         {"BID", parse_bid},
    {"PAR", parse_par},         {"PASS", parse_pass},         {"LAY", parse_lay},
    {"TILE", parse_lay},        {"NO", parse_no},             {"HOME", parse_home},
    {"STATION", parse_station}, {"TOKEN", parse_station},     {"RUN", parse_run},
    {"ROUTE", parse_route},     {"PAY", parse_payout},        {"PAYOUT", parse_payout},
    {"WITHHOLD", parse_withhold}, {"DISCARD", parse_discard}, {"FORM", parse_form},
    {"DO", parse_do_not},       {"DON'T", parse_do_not},      {"EXCHANGE", parse_exchange},
    {"KEEP", parse_keep},       {"USE", parse_use},           {"GOAL", parse_goal},
    {"ONE", parse_one_round},   {"SEND", parse_send},
    {"GIVE", parse_give_up},
    {"PORT", parse_port}, /* (1856's privates: PORT hex; BUY BONUS is BUY's) */
    {"TAKE", parse_take},       {"LOAN", parse_take},         {"REPAY", parse_repay},
};

/* The word before the reader is no verb: said, with the nearest verb where one is near. */
static bool not_an_order(struct words *w)
{
    w->at--;
    const char *verb = peek(w);
    const char *near = near_verb(verb);
    if (near)
        return fail(w, "\"%s\" is not an order: did you mean \"%s\"?", verb, near);
    return fail(w, "\"%s\" is not an order (BUY, SELL, PASS, BID, PAR, LAY, STATION, RUN, PAY, "
                   "WITHHOLD, ROUTE, BUY TRAIN, BUY PRIVATE, DISCARD, FORM, EXCHANGE, KEEP, USE, "
                   "GOAL, HOME, NO ...)", verb);
}

static bool parse_action(struct words *w, ord_action *a)
{
    memset(a, 0, sizeof *a);
    a->rot = -1;
    const char *verb = peek(w);
    if (!*verb)
        return fail(w, "an order is missing");
    w->at++;
    for (size_t i = 0; i < sizeof VERBS / sizeof *VERBS; i++)
        if (strcmp(verb, VERBS[i].word) == 0)
            return VERBS[i].parse(w, a);
    return not_an_order(w);
}

static bool take_cmp(struct words *w, ord_cmp *cmp)
{
    static const struct { const char *word; ord_cmp cmp; } ops[] = {
        {">=", ORD_GE}, {"<=", ORD_LE}, {">", ORD_GT}, {"<", ORD_LT}, {"=", ORD_EQ},
    };
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (accept(w, ops[i].word)) {
            *cmp = ops[i].cmp;
            return true;
        }
    if (accept(w, "AT")) {
        if (accept(w, "LEAST"))
            return (*cmp = ORD_GE, true);
        if (accept(w, "MOST"))
            return (*cmp = ORD_LE, true);
    }
    return fail(w, "compare with >=, <=, >, <, = or AT LEAST / AT MOST, not \"%s\"", peek(w));
}

static bool parse_cond(struct words *w, ord_cond *c)
{
    memset(c, 0, sizeof *c);
    c->negate = accept(w, "NOT");
    if (accept(w, "I")) {
        c->kind = ORD_IF_DIRECT;
        if (!accept(w, "DIRECT"))
            return fail(w, "IF I DIRECT company");
        return take_name(w, c->name, "company");
    }
    if (accept(w, "CASH") || accept(w, "PHASE")) {
        c->kind = strcmp(w->v[w->at - 1], "CASH") == 0 ? ORD_IF_CASH : ORD_IF_PHASE;
        return take_cmp(w, &c->cmp) && take_number(w, &c->value, "the value to compare");
    }
    if (accept(w, "TRAIN")) {
        c->kind = ORD_IF_TRAIN;
        return take_name(w, c->name, "train") &&
               (accept(w, "AVAILABLE") || fail(w, "IF TRAIN 4 AVAILABLE"));
    }
    c->kind = ORD_IF_AVAILABLE;
    return take_name(w, c->name, "company") &&
           (accept(w, "AVAILABLE") || fail(w, "IF company AVAILABLE, IF I DIRECT company, IF "
                                              "CASH >= n, IF PHASE >= n or IF TRAIN n AVAILABLE"));
}

static bool parse_order(struct words *w, ord_order *o)
{
    o->standing = accept(w, "STANDING");
    if (accept(w, "IF")) {
        do {
            if (o->nconds == ORD_MAX_CONDS)
                return fail(w, "at most %d conditions", ORD_MAX_CONDS);
            if (!parse_cond(w, &o->conds[o->nconds++]))
                return false;
        } while (accept(w, "AND"));
        if (!accept(w, "THEN"))
            return fail(w, "THEN is missing after the condition");
    }
    do {
        if (o->nalts == ORD_MAX_ALTS)
            return fail(w, "at most %d alternatives (ELSE) in one order: split it into two "
                           "orders", ORD_MAX_ALTS);
        if (!parse_action(w, &o->alts[o->nalts++]))
            return false;
    } while (accept(w, "ELSE"));
    if (w->at < w->n)
        return fail(w, "\"%s\" is not understood here", peek(w));
    return true;
}

/* "BY:" or "STOCK:" opens a section: alone on a line, or with the section's first order after
 * it ("BY: RUN BEST"), which is then read from the next word on (*first). */
static bool section_header(const struct words *w, char *section, int *first)
{
    if (w->n < 1)
        return false;
    const char *s = w->v[0];
    size_t len = strlen(s);
    if (len < 2 || s[len - 1] != ':')
        return false;
    if (strncmp(s, "STOCK", len - 1) == 0 || strncmp(s, "SR", len - 1) == 0)
        section[0] = '\0';
    else
        snprintf(section, ORD_NAME, "%.*s", (int)(len - 1), s);
    *first = 1;
    return true;
}

/* A list marker the player numbered or bulleted the orders with ("1.", "2)", "-", "*", "•"):
 * how long it is with the spaces after it, or 0. */
static size_t list_marker(const char *line)
{
    size_t i = 0;
    while (isdigit((unsigned char)line[i]) && i < 3)
        i++;
    if (i > 0 && (line[i] == '.' || line[i] == ')'))
        i++;
    else if (line[0] == '-' || line[0] == '*')
        i = 1;
    else if (strncmp(line, "\xe2\x80\xa2", 3) == 0) /* U+2022 */
        i = 3;
    else
        return 0;
    if (line[i] != ' ' && line[i] != '\t')
        return 0;
    while (line[i] == ' ' || line[i] == '\t')
        i++;
    return i;
}

/* A postscript's mark before an order ("PS: BUY BY", "P.S. BUY BY", "PPS: PASS"): how long
 * it is with the spaces after it, or 0. The order after it is an order like any other (under
 * the player's name it is said not taken, as every order there: src/service/mail.c). */
static size_t postscript_mark(const char *line)
{
    static const char *const marks[] = {"P.P.S.", "P.S.", "PPS", "PS", NULL};
    for (int k = 0; marks[k]; k++) {
        size_t i = strlen(marks[k]);
        if (strncasecmp(line, marks[k], i) != 0)
            continue;
        if (line[i] == ':' || (line[i] == '.' && line[i - 1] != '.'))
            i++;
        else if (line[i - 1] != '.')
            return 0; /* ("PS BUY BY": a company PS's name, perhaps) */
        if (line[i] != ' ' && line[i] != '\t')
            return 0;
        while (line[i] == ' ' || line[i] == '\t')
            i++;
        return i;
    }
    return 0;
}

/* Whether the line is a note for the reader, not an order: it starts with '#'. */
static bool is_note(const char *line)
{
    while (isspace((unsigned char)*line))
        line++;
    return *line == '#';
}

static bool stock_kind(const ord_action *a)
{
    ord_kind k = a->kind;
    return k == ORD_BUY || k == ORD_SELL || k == ORD_PASS || k == ORD_BID ||
           (k == ORD_BUY_PRIVATE && a->seller[0]); /* from a player, on a stock-round turn */
}

/* Orders of any section: the Prussian's formation, ONE ROUND, a par chosen at once, a private
 * sold to a company (its owner's agreement), a national's formation (GIVE UP, EXCHANGE
 * STATION). */
static bool any_section_kind(ord_kind k)
{
    return k == ORD_FORM || k == ORD_NO_FORM || k == ORD_EXCHANGE || k == ORD_KEEP ||
           k == ORD_ONE_ROUND || k == ORD_PAR || k == ORD_SELL_PRIVATE || k == ORD_GIVE_UP;
}

/* A stock-round order in a company's section, or a company's order among the stock-round
 * orders, would never be used: refused, with where it belongs. */
static bool misplaced(const ord_order *o, const struct examples *ex, char *why, size_t len)
{
    for (int i = 0; i < o->nalts; i++) {
        ord_kind k = o->alts[i].kind;
        if (any_section_kind(k))
            continue;
        if (o->section[0] && stock_kind(&o->alts[i])) {
            snprintf(why, len, "a stock-round order in %s's orders: write it before the company "
                               "lines, or after a line \"STOCK:\"", o->section);
            return true;
        }
        if (!o->section[0] && !stock_kind(&o->alts[i])) {
            snprintf(why, len, "a company's order among the stock-round orders: write it after "
                               "the company's line (as \"%s:\")", ex->company);
            return true;
        }
    }
    return false;
}

static const ord_action *goal_of(const ord_order *o)
{
    for (int i = 0; i < o->nalts; i++)
        if (o->alts[i].kind == ORD_GOAL)
            return &o->alts[i];
    return NULL;
}

/* A company has one goal: a second GOAL in its section is refused, saying which is kept (the
 * first; a later mail's section replaces it whole). */
static bool second_goal(const ord_orders *out, const ord_order *o, char *why, size_t len)
{
    if (!goal_of(o))
        return false;
    for (int i = 0; i < out->n; i++) {
        const ord_action *first = goal_of(&out->v[i]);
        if (first && strcmp(out->v[i].section, o->section) == 0) {
            snprintf(why, len, "a second GOAL for %s: a company has one goal, and the first (line "
                               "%d, GOAL %s) is kept; this line was not taken",
                     o->section[0] ? o->section : "the stock round", out->v[i].line, first->goal);
            return true;
        }
    }
    return false;
}

void ord_parse_for(ord_envelope *env, const eng_title *t, ord_orders *out)
{
    memset(out, 0, sizeof *out);
    char section[ORD_NAME] = "";
    struct examples ex;
    examples_of(t, &ex);
    struct words w;
    for (size_t i = 0; i < env->nlines; i++) {
        const char *text = env->lines[i].text;
        if (is_note(text))
            continue;
        const char *order = text + list_marker(text);
        split(order + postscript_mark(order), &w);
        w.ex = &ex;
        if (section_header(&w, section, &w.at) && w.at == w.n)
            continue;
        if (w.n == 0)
            continue;
        ord_order o = {.line = env->lines[i].number};
        snprintf(o.section, sizeof o.section, "%s", section);
        char why[200];
        if (!parse_order(&w, &o)) {
            ord_add_error(env, o.line, "%s", w.error);
            continue;
        }
        if (misplaced(&o, &ex, why, sizeof why)) {
            ord_add_error(env, o.line, "%s; this line was not taken", why);
            continue;
        }
        if (second_goal(out, &o, why, sizeof why)) {
            ord_add_error(env, o.line, "%s", why);
            continue;
        }
        if (o.nconds == 0 && o.nalts == 1 && o.alts[0].kind == ORD_ONE_ROUND) {
            out->one_round = true;
            continue;
        }
        out->v = xrealloc(out->v, (size_t)(out->n + 1) * sizeof *out->v);
        out->v[out->n++] = o;
    }
}

void ord_parse(ord_envelope *env, ord_orders *out)
{
    ord_parse_for(env, NULL, out);
}

void ord_orders_clear(ord_orders *o)
{
    free(o->v);
    memset(o, 0, sizeof *o);
}

/* ---- canonical form ---- */

static void format_lay(buf *b, const ord_action *a)
{
    buf_printf(b, "LAY %s ON %s", a->tile, a->hex);
    if (a->rot >= 0)
        buf_printf(b, " ROT %d", a->rot);
    if (a->city)
        buf_printf(b, " STATION CITY %d", a->city);
}

/* as_written: one certificate goes unsaid (BUY NF), as a player writes it. */
static void format_action(buf *b, const ord_action *a, bool as_written)
{
    switch (a->kind) {
    case ORD_BUY:
    case ORD_SELL:
        buf_adds(b, a->kind == ORD_BUY ? "BUY" : "SELL");
        if (!as_written || a->count > 1)
            buf_printf(b, " %d", a->count ? a->count : 1);
        if (a->percent)
            buf_printf(b, " %d%%", a->percent);
        buf_printf(b, " %s", a->company);
        if (a->kind == ORD_BUY && a->price)
            buf_printf(b, " PAR %d", a->price);
        if (a->from_pool || a->from_ipo || a->seller[0])
            buf_printf(b, " FROM %s", a->from_pool ? "POOL" : a->from_ipo ? "IPO" : a->seller);
        break;
    case ORD_PASS: buf_adds(b, "PASS"); break;
    case ORD_LAY: format_lay(b, a); break;
    case ORD_NO_TILE: buf_adds(b, "NO TILE"); break;
    case ORD_STATION:
        buf_printf(b, "STATION %s", a->hex);
        if (a->city)
            buf_printf(b, " CITY %d", a->city);
        break;
    case ORD_NO_STATION: buf_adds(b, "NO STATION"); break;
    case ORD_HOME:
        buf_printf(b, "HOME %s%sCITY %d", a->hex, a->hex[0] ? " " : "", a->city);
        break;
    case ORD_SELL_TRAIN:
        buf_printf(b, "SELL TRAIN %s TO %s FOR %d", a->train, a->company, a->price);
        break;
    case ORD_ROUTE:
        buf_printf(b, "ROUTE %s", a->train);
        for (int i = 0; i < a->nstops; i++)
            buf_printf(b, " %s", a->stops[i]);
        break;
    case ORD_RUN:
        if (a->revenue < 0)
            buf_adds(b, "RUN BEST");
        else
            buf_printf(b, "RUN %d", a->revenue);
        break;
    case ORD_PAYOUT: buf_adds(b, "PAY OUT"); break;
    case ORD_WITHHOLD: buf_adds(b, "WITHHOLD"); break;
    case ORD_BUY_TRAIN:
        buf_printf(b, "BUY TRAIN %s", a->train);
        if (a->from_pool)
            buf_adds(b, " FROM POOL");
        else if (a->company[0])
            buf_printf(b, " FROM %s FOR %d", a->company, a->price);
        break;
    case ORD_NO_TRAIN: buf_adds(b, "NO TRAIN"); break;
    case ORD_DISCARD: buf_printf(b, "DISCARD %s", a->train); break;
    case ORD_FORM: buf_printf(b, "FORM%s%s", a->company[0] ? " " : "", a->company); break;
    case ORD_NO_FORM: buf_printf(b, "DO NOT FORM%s%s", a->company[0] ? " " : "", a->company); break;
    case ORD_EXCHANGE:
        if (!ord_station_exchange(a)) {
            buf_printf(b, "EXCHANGE %s", a->company);
            break;
        }
        buf_printf(b, "EXCHANGE STATION %s", a->hex);
        if (a->city)
            buf_printf(b, " CITY %d", a->city);
        break;
    case ORD_KEEP: buf_printf(b, "KEEP %s", a->company); break;
    case ORD_GIVE_UP: buf_printf(b, "GIVE UP %s", a->company); break;
    case ORD_PRIVATE:
        buf_printf(b, "USE %s", a->company);
        if (a->city)
            buf_printf(b, " CITY %d", a->city);
        break;
    case ORD_GOAL: buf_printf(b, "GOAL %s", a->goal); break;
    case ORD_ONE_ROUND: buf_adds(b, "ONE ROUND"); break;
    case ORD_BID:
        buf_printf(b, "BID %s%d ON %s", a->up_to ? "UP TO " : "", a->price, a->company);
        break;
    case ORD_PAR: buf_printf(b, "PAR %s %d", a->company, a->price); break;
    case ORD_BUY_PRIVATE:
        buf_printf(b, "BUY PRIVATE %s%s%s FOR %d", a->priv, a->seller[0] ? " FROM " : "",
                   a->seller, a->price);
        break;
    case ORD_SELL_PRIVATE:
        buf_printf(b, "SELL PRIVATE %s TO %s FOR %d", a->priv,
                   a->seller[0] ? a->seller : a->company, a->price);
        break;
    case ORD_BUY_BONUS: buf_printf(b, "BUY BONUS %s", a->priv); break;
    case ORD_PORT: buf_printf(b, "PORT %s", a->hex); break;
    case ORD_TAKE_LOAN: buf_adds(b, "TAKE LOAN"); break;
    case ORD_REPAY_LOAN:
        if (a->count == ORD_ALL_LOANS)
            buf_adds(b, "REPAY ALL LOANS");
        else
            buf_printf(b, "REPAY %d LOAN%s", a->count, a->count == 1 ? "" : "S");
        break;
    }
}

static void format_cond(buf *b, const ord_cond *c)
{
    static const char *const cmps[] = {">=", "<=", ">", "<", "="};
    if (c->negate)
        buf_adds(b, "NOT ");
    switch (c->kind) {
    case ORD_IF_AVAILABLE: buf_printf(b, "%s AVAILABLE", c->name); break;
    case ORD_IF_DIRECT: buf_printf(b, "I DIRECT %s", c->name); break;
    case ORD_IF_CASH: buf_printf(b, "CASH %s %d", cmps[c->cmp], c->value); break;
    case ORD_IF_PHASE: buf_printf(b, "PHASE %s %d", cmps[c->cmp], c->value); break;
    case ORD_IF_TRAIN: buf_printf(b, "TRAIN %s AVAILABLE", c->name); break;
    }
}

char *ord_format_action(const ord_action *a)
{
    buf b;
    buf_init(&b);
    format_action(&b, a, false);
    return buf_steal(&b);
}

char *ord_format_action_as_written(const ord_action *a)
{
    buf b;
    buf_init(&b);
    format_action(&b, a, true);
    return buf_steal(&b);
}

char *ord_format(const ord_order *o)
{
    buf b;
    buf_init(&b);
    if (o->standing)
        buf_adds(&b, "STANDING ");
    for (int i = 0; i < o->nconds; i++) {
        buf_adds(&b, i ? " AND " : "IF ");
        format_cond(&b, &o->conds[i]);
    }
    if (o->nconds)
        buf_adds(&b, " THEN ");
    for (int i = 0; i < o->nalts; i++) {
        if (i)
            buf_adds(&b, " ELSE ");
        format_action(&b, &o->alts[i], false);
    }
    return buf_steal(&b);
}
