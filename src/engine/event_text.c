/* event_text: an engine event as one line of English, for turn reports and logs ("BA lays tile
 * 8 on H4 (cost 0)"). Pure: the names come from the title and the game. */
#include "engine/capital.h"
#include "engine/game.h"

#include <stdarg.h>
#include <stdio.h>

static const char *player_name(const eng_game *g, int p)
{
    return p >= 0 && p < g->nplayers ? g->players[p].name : "?";
}

static const char *company_id(const eng_game *g, int c)
{
    return c >= 0 && c < g->t->ncompanies ? g->t->companies[c].id : "?";
}

static const char *train_name(const eng_game *g, int tr)
{
    return tr >= 0 && tr < g->t->ntrains ? g->t->trains[tr].name : "?";
}

static const char *hex_id(const eng_game *g, int h)
{
    return h >= 0 && h < g->t->nhexes ? g->t->hexes[h].id : "?";
}

static const char *seller_text(const eng_game *g, int seller, char *buf, size_t len)
{
    if (seller == -1)
        return "the bank";
    if (seller == -2)
        return "the pool";
    snprintf(buf, len, "%s", company_id(g, seller));
    return buf;
}

static const char *dividend_text(int how)
{
    return how == 1 ? "pays out" : how == 2 ? "splits" : "withholds";
}

/* The event being written, and where. */
struct line {
    const eng_game *g;
    const eng_event *e;
    const char *P, *C; /* the event's player's name and company's id */
    char *buf;
    size_t len;
};

static int say(const struct line *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int say(const struct line *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(l->buf, l->len, fmt, ap);
    va_end(ap);
    return n;
}

/* The rounds begin and end; who has priority, who passes, who operates. */
static int round_text(const struct line *l)
{
    const eng_event *e = l->e;
    switch (e->kind) {
    case ENG_EV_START_ROUND: return say(l, "Start round %d", e->amount);
    case ENG_EV_STOCK_ROUND: return say(l, "Stock round %d", e->amount);
    case ENG_EV_END_STOCK_ROUND: return say(l, "Stock round %d ends", e->amount);
    case ENG_EV_OPERATING_ROUND: return say(l, "Operating round %d.%d", e->amount, e->amount2);
    case ENG_EV_END_OR: return say(l, "Operating round %d.%d ends", e->amount, e->amount2);
    case ENG_EV_SHORT_OR: return say(l, "No company can operate");
    case ENG_EV_OPERATES: return say(l, "%s operates (%s)", l->C, l->P);
    case ENG_EV_PRIORITY: return say(l, "%s has priority", l->P);
    case ENG_EV_PASSES: return say(l, "%s passes", l->P);
    case ENG_EV_ALL_PASSED: return say(l, "Everyone passed");
    case ENG_EV_CANNOT_BUY: return say(l, "%s cannot pay for anything and passes", l->P);
    default: return 0;
    }
}

/* The start packet: items bought, bid on, auctioned. */
static int start_packet_text(const struct line *l)
{
    const eng_event *e = l->e;
    const char *P = l->P, *C = l->C;
    switch (e->kind) {
    case ENG_EV_BOUGHT_ITEM: /* amount2: the item */
        return say(l, "%s buys %s for %d", P, C, e->amount);
    case ENG_EV_ALSO_GETS:
        return say(l, "%s also gets %d%% of %s%s", P, e->amount, C,
                   e->flag ? " (director)" : "");
    case ENG_EV_BID:
        return say(l, "%s bids %d for %s (%d not held by bids)", P, e->amount, C, e->amount2);
    case ENG_EV_ITEM_PRICE: return say(l, "Everyone passed: %s now costs %d", C, e->amount);
    case ENG_EV_TO_AUCTION: return say(l, "%s is auctioned among its bidders", C);
    case ENG_EV_CANNOT_RAISE:
        return say(l, "%s cannot bid %d for %s (at most %d): out of its auction", P, e->amount,
                   C, e->amount2);
    default: return 0;
    }
}

/* Shares bought and sold, prices, directors. */
static int stock_text(const struct line *l)
{
    const eng_event *e = l->e;
    const char *P = l->P, *C = l->C;
    switch (e->kind) {
    case ENG_EV_FLOATS:
        return e->amount ? say(l, "%s floats with %d", C, e->amount)
                         : say(l, "%s floats (its IPO sales have paid it)", C);
    case ENG_EV_BOUGHT_SHARE:
        return say(l, "%s buys %d%% of %s%s for %d", P, e->amount, C,
                   e->flag ? " from the pool" : "", e->amount2);
    case ENG_EV_PAID_TO: return say(l, "  %d goes to %s", e->amount, C);
    case ENG_EV_SOLD_SHARES:
        return say(l, "%s sells %d%% of %s for %d", P, e->amount, C, e->amount2);
    case ENG_EV_PRESIDENT: return say(l, "%s is now the director of %s", P, C);
    case ENG_EV_PRICE: return say(l, "%s's price: %d -> %d", C, e->amount, e->amount2);
    case ENG_EV_SOLD_OUT: return say(l, "%s is sold out", C);
    case ENG_EV_RELEASED: return say(l, "%s is now available", C);
    case ENG_EV_PAR: return say(l, "%s sets %s's par at %d", P, C, e->amount);
    default: return 0;
    }
}

/* Privates' income, sales and closing; rights bought. */
static int private_text(const struct line *l)
{
    const eng_event *e = l->e;
    const eng_game *g = l->g;
    const char *P = l->P, *C = l->C;
    switch (e->kind) {
    case ENG_EV_PRIVATE_INCOME:
        return say(l, "%s gets %d from %s", e->item >= 0 ? company_id(g, e->item) : P, e->amount,
                   C);
    case ENG_EV_BOUGHT_PRIVATE:
        return say(l, "%s buys %s from %s for %d", C, company_id(g, e->item), P, e->amount);
    case ENG_EV_PRIVATE_TRADED:
        return say(l, "%s buys %s from %s for %d", P, C, g->players[e->item].name, e->amount);
    case ENG_EV_PRIVATE_CLOSES: return say(l, "%s closes", C);
    case ENG_EV_BOUGHT_RIGHT:
        return say(l, "%s buys the %s right for %d", C, g->t->rights[e->item].id, e->amount);
    default: return 0;
    }
}

static int tile_text(const struct line *l)
{
    const eng_event *e = l->e;
    const eng_game *g = l->g;
    int n = say(l, "%s lays tile %s on %s", l->C,
                e->item >= 0 && e->item < g->t->ntiles ? g->t->tiles[e->item].id : "?",
                hex_id(g, e->amount));
    if (e->amount2 && n > 0 && (size_t)n < l->len)
        n += snprintf(l->buf + n, l->len - (size_t)n, " (terrain %d)", e->amount2);
    return n;
}

static int token_text(const struct line *l)
{
    const eng_event *e = l->e;
    const eng_game *g = l->g;
    char where[48]; /* the city, where the hex has several (CITY n of the orders) */
    snprintf(where, sizeof where, "%s", hex_id(g, e->amount));
    if (e->item >= 0 && eng_board_track(g->board, e->amount, NULL)->ncities > 1)
        snprintf(where, sizeof where, "%s (city %d)", hex_id(g, e->amount), e->item + 1);
    return e->flag ? say(l, "%s places a free station on %s", l->C, where)
                   : say(l, "%s places a station on %s for %d", l->C, where, e->amount2);
}

/* Track, stations, revenue and dividends. */
static int operating_text(const struct line *l)
{
    const eng_event *e = l->e;
    const char *P = l->P, *C = l->C;
    switch (e->kind) {
    case ENG_EV_TILE_LAID: return tile_text(l);
    case ENG_EV_TOKEN_PLACED: return token_text(l);
    case ENG_EV_REVENUE:
        return say(l, "%s runs for %d and %s", C, e->amount, dividend_text(e->amount2));
    case ENG_EV_NO_DIVIDEND: return say(l, "%s earns nothing", C);
    case ENG_EV_DIVIDEND: return say(l, "  %s gets %d from %s", P, e->amount, C);
    case ENG_EV_COMPANY_GETS: return say(l, "  %s gets %d", C, e->amount);
    default: return 0;
    }
}

/* Loans: taken, their interest, repaid. */
static int loan_text(const struct line *l)
{
    const eng_event *e = l->e;
    switch (e->kind) {
    case ENG_EV_LOAN_TAKEN:
        return say(l, "%s takes a loan and receives %d (%d loan%s)", l->C, e->amount, e->amount2,
                   e->amount2 == 1 ? "" : "s");
    case ENG_EV_INTEREST_DUE:
        return say(l, "%s owes %d interest on %d loan%s", l->C, e->amount, e->amount2,
                   e->amount2 == 1 ? "" : "s");
    case ENG_EV_INTEREST_PAID:
        if (e->item == ENG_PAID_FROM_DIRECTOR)
            return say(l, "  %s pays %d of %s's interest", l->P, e->amount, l->C);
        if (e->item == ENG_PAID_FROM_REVENUE)
            return say(l, "  %d of %s's interest kept back from its run's revenue", e->amount,
                       l->C);
        return say(l, "  %d of %s's interest from its treasury", e->amount, l->C);
    default: return 0;
    }
}

/* A train discarded or traded in: to the pool, or scrapped when obsolete. */
static int discard_text(const struct line *l)
{
    const eng_event *e = l->e;
    return say(l,
               !e->flag    ? (e->amount ? "%s discards an obsolete %s train (scrapped)"
                                        : "%s discards a %s train to the pool")
               : e->amount ? "%s trades in an obsolete %s train (scrapped)"
                           : "%s trades in a %s train (to the pool)",
               l->C, train_name(l->g, e->item));
}

/* Trains bought, rusted, discarded; the phases they bring. */
static int train_text(const struct line *l)
{
    const eng_event *e = l->e;
    const eng_game *g = l->g;
    const char *P = l->P, *C = l->C, *T = train_name(g, e->item);
    char s[32];
    switch (e->kind) {
    case ENG_EV_BOUGHT_TRAIN:
        return say(l, "%s buys a %s train from %s for %d", C, T,
                   seller_text(g, e->amount2, s, sizeof s), e->amount);
    case ENG_EV_FIRST_TRAIN: return say(l, "The first %s train is sold", T);
    case ENG_EV_NEW_TRAIN: return say(l, "The bank now sells %s trains", T);
    case ENG_EV_PHASE:
        return say(l, "Phase %s begins",
                   e->amount >= 0 && e->amount < g->t->nphases ? g->t->phases[e->amount].name
                                                               : "?");
    case ENG_EV_RUSTED: return say(l, "%s trains rust", T);
    case ENG_EV_OBSOLETE: return say(l, "%s trains are obsolete: each runs once more", T);
    case ENG_EV_SCRAPPED:
        return say(l, "%s's obsolete %s train%s scrapped after its run", C, T,
                   e->amount > 1 ? "s are" : " is");
    case ENG_EV_DISCARDED: return discard_text(l);
    case ENG_EV_MUST_RAISE:
        return say(l, "%s must raise %d for %s's train by selling shares", P, e->amount, C);
    case ENG_EV_DIRECTOR_ADDS: return say(l, "%s adds %d to %s's train", P, e->amount, C);
    default: return 0;
    }
}

/* A company formed from others: its exchanges. */
static int formation_text(const struct line *l)
{
    const eng_event *e = l->e;
    const eng_game *g = l->g;
    const char *P = l->P, *C = l->C;
    switch (e->kind) {
    case ENG_EV_FORMATION_START:
        return e->player >= 0 ? say(l, "%s may form %s", P, C) : say(l, "Exchanges for %s", C);
    case ENG_EV_FORMATION_END: return say(l, "The %s exchanges end", C);
    case ENG_EV_FORMED: return say(l, "%s forms at %d, %s its director", C, e->amount, P);
    case ENG_EV_MERGED:
        return say(l, "%s exchanges %s (%d in cash, %d trains move)", P, C, e->amount,
                   e->amount2);
    case ENG_EV_GOT_SHARE:
        if (e->item >= 0) /* a private's exchange: the share's company */
            return say(l, "%s gets %d%% of %s for %s", P, e->amount, company_id(g, e->item), C);
        return say(l, "  %s gets %d%% for %s", P, e->amount, C);
    case ENG_EV_TOKEN_EXCHANGED:
        return say(l, "%s's station on %s becomes %s's", C, hex_id(g, e->amount),
                   g->t->formation.company >= 0 ? g->t->companies[g->t->formation.company].id
                                                : "?");
    default: return 0;
    }
}

/* A national formed from the majors given up to it (1856's CGR). */
static int national_text(const struct line *l)
{
    const eng_event *e = l->e;
    const char *P = l->P, *C = l->C;
    switch (e->kind) {
    case ENG_EV_LOANS_REPAID:
        if (e->item > 0)
            return say(l, "%s repays %d loan%s: %d from its treasury, %d from %s", C, e->amount,
                       e->amount == 1 ? "" : "s", e->amount2, e->item, P);
        return say(l, "%s repays %d loan%s from its treasury (%d)", C, e->amount,
                   e->amount == 1 ? "" : "s", e->amount2);
    case ENG_EV_WILL_MERGE: return say(l, "%s (%s) merges into the national", C, P);
    case ENG_EV_SHARES_MERGED:
        if (e->item > 0)
            return say(l, "%s exchanges %d share%s for %d of %s%s; %d more %s lost: its %d shares "
                          "are all given out", e->player >= 0 ? P : "The pool", e->amount,
                       e->amount == 1 ? "" : "s", e->amount2, C,
                       e->flag ? " (an odd share to the pool)" : "", e->item,
                       e->item == 1 ? "is" : "are", l->g->t->national.max_shares);
        return say(l, "%s exchanges %d share%s for %d of %s%s", e->player >= 0 ? P : "The pool",
                   e->amount, e->amount == 1 ? "" : "s", e->amount2, C,
                   e->flag ? " (an odd share to the pool)" : "");
    case ENG_EV_NATIONAL_SHARES:
        return say(l, "%s has %d shares of %d%%", C, e->amount, e->amount2);
    case ENG_EV_TOKEN_REMOVED:
        return say(l, "%s's station on %s is removed", C, hex_id(l->g, e->amount));
    case ENG_EV_NOT_FORMED: return say(l, "%s does not form: no company merges", C);
    case ENG_EV_CERT_LIMIT:
        return say(l, "The certificate limit is now %d (%d companies)", e->amount, e->amount2);
    case ENG_EV_TRAIN_BORROWED:
        return say(l, "%s has no train: it borrows a %s for its run", C, train_name(l->g, e->item));
    case ENG_EV_TRAIN_RETURNED:
        return say(l, "%s gives the borrowed %s back", C, train_name(l->g, e->item));
    case ENG_EV_NATIONAL_CHOICE: {
        static const char *const what[] = {
            [ENG_NATIONAL_CHOOSES_STATIONS] = "the stations it takes over",
            [ENG_NATIONAL_MUST_DISCARD] = "the trains it discards over its limit",
            [ENG_NATIONAL_MAY_DISCARD] = "whether it discards trains that will rust"};
        bool known = e->amount > 0 && e->amount <= ENG_NATIONAL_MAY_DISCARD;
        return say(l, "%s, %s's director, chooses %s", P, C, known ? what[e->amount] : "?");
    }
    case ENG_EV_MUST_BUY_SECOND:
        return say(l, "%s, %s's director with a single share, must buy a second one in the next "
                      "stock round", P, C);
    case ENG_EV_DIRECTOR_WHOLE:
        return say(l, "%s holds %s's director's certificate of two shares (%d%%)", P, C,
                   e->amount);
    default: return 0;
    }
}

/* The game's end: the bank broken, a bankruptcy, the scores. */
static int end_text(const struct line *l)
{
    const eng_event *e = l->e;
    switch (e->kind) {
    case ENG_EV_BANK_BROKEN:
        return say(l, "The bank is broken: the game ends with this %s",
                   l->g->t->bank_break_ends_set ? "set of operating rounds" : "operating round");
    case ENG_EV_BANKRUPT:
        return say(l, "%s is bankrupt: %s cannot %s", l->P, l->C,
                   e->flag ? "pay what it owes on its loans" : "buy its train");
    case ENG_EV_GAME_OVER:
        return say(l, "The game is over (%s)",
                   e->amount == ENG_END_BANK     ? "the bank broke"
                   : e->amount == ENG_END_MARKET ? "a company reached the market's end"
                                                 : "a bankruptcy");
    case ENG_EV_MARKET_END:
        return say(l, "%s's price reaches the market's end (%d): the game ends with this %s", l->C,
                   e->amount, l->g->t->market_end_set ? "set of operating rounds"
                   : l->g->round == ENG_ROUND_OPERATING ? "operating round"
                                                         : "next operating round");
    case ENG_EV_FINAL_SCORE: return say(l, "%d. %s with %d", e->amount2, l->P, e->amount);
    default: return 0;
    }
}

/* Capitalisation by the train on sale, escrow and destinations, closing spaces (1856:
 * capital.c). */
static int capital_text(const struct line *l)
{
    const eng_event *e = l->e;
    const eng_game *g = l->g;
    const char *C = l->C, *mode = eng_capital_mode_name(e->amount);
    switch (e->kind) {
    case ENG_EV_CAPITALISED_AS: return say(l, "%s starts with %s capitalisation", C, mode);
    case ENG_EV_ESCROW:
        return say(l, "  the bank holds %d for %s in escrow (%d in all)", e->amount, C,
                   e->amount2);
    case ENG_EV_DESTINATION:
        return say(l, "%s has reached its destination, %s", C,
                   e->amount >= 0 && e->amount < g->t->nhexes ? g->t->hexes[e->amount].id : "?");
    case ENG_EV_ESCROW_PAID: return say(l, "  the bank pays %s its escrow, %d", C, e->amount);
    case ENG_EV_CAPITALISATION:
        return say(l, "Companies started from now on have %s capitalisation", mode);
    case ENG_EV_FLOAT_PERCENT:
        return say(l, "A company that has not operated yet needs %d%% sold to operate",
                   e->amount);
    case ENG_EV_MAY_NOT_OPERATE:
        return say(l, "%s may not operate yet: %d%% of it is sold, %d%% needed", C, e->amount,
                   e->amount2);
    case ENG_EV_MARKET_CLOSES:
        return say(l, "%s's price reached a closing space: it closes (its shares gone, its "
                      "stations off the map, its trains to the pool, its %d to the bank)",
                   C, e->amount);
    default: return 0;
    }
}

/* Privates' run bonuses and markers (1856's bridge, tunnel and port), free trains (18GA's
 * OSO). */
static int bonus_text(const struct line *l)
{
    const eng_event *e = l->e;
    const eng_game *g = l->g;
    const eng_powers *pw = &g->t->companies[e->item].powers;
    switch (e->kind) {
    case ENG_EV_GOT_BONUS:
        return say(l, "%s gets %s's %s bonus: %d more for each stop of a run there", l->C,
                   company_id(g, e->item), pw->bonus_name, pw->bonus_value);
    case ENG_EV_BOUGHT_BONUS:
        return say(l, "%s buys a %s bonus token (%d more a stop) from %s for %d", l->C,
                   pw->bonus_name, pw->bonus_value,
                   e->amount2 >= 0 ? company_id(g, e->amount2) : "the bank", e->amount);
    case ENG_EV_MARKER_PLACED:
        return say(l, "%s places the %s marker (%d more a stop) on %s", l->C, pw->marker_name,
                   pw->marker_value, g->t->hexes[e->amount].id);
    case ENG_EV_MARKER_REMOVED:
        return say(l, "%s's %s marker is removed from %s", l->C, pw->marker_name,
                   g->t->hexes[e->amount].id);
    case ENG_EV_FREE_TRAIN:
        return e->flag ? say(l, "%s's free %s-train is removed from play (%s may not have it "
                                "now)", company_id(g, e->item), g->t->trains[e->amount].name,
                             l->C)
                       : say(l, "%s receives %s's free %s-train%s", l->C, company_id(g, e->item),
                             g->t->trains[e->amount].name,
                             pw->free_train_not_sellable ? " (it may not be sold)" : "");
    default: return 0;
    }
}

/* Which part of the game writes the event (every kind named: the compiler says when one is
 * missing); NULL for an event a reader need not see. */
static int (*text_of(eng_event_kind kind))(const struct line *)
{
    switch (kind) {
    case ENG_EV_ROUND_END: case ENG_EV_WORTH:
        return NULL;
    case ENG_EV_START_ROUND: case ENG_EV_STOCK_ROUND: case ENG_EV_END_STOCK_ROUND:
    case ENG_EV_OPERATING_ROUND: case ENG_EV_END_OR: case ENG_EV_SHORT_OR: case ENG_EV_OPERATES:
    case ENG_EV_PRIORITY: case ENG_EV_PASSES: case ENG_EV_ALL_PASSED: case ENG_EV_CANNOT_BUY:
        return round_text;
    case ENG_EV_BOUGHT_ITEM: case ENG_EV_ALSO_GETS: case ENG_EV_BID: case ENG_EV_ITEM_PRICE:
    case ENG_EV_TO_AUCTION: case ENG_EV_CANNOT_RAISE:
        return start_packet_text;
    case ENG_EV_FLOATS: case ENG_EV_BOUGHT_SHARE: case ENG_EV_PAID_TO: case ENG_EV_SOLD_SHARES:
    case ENG_EV_PRESIDENT: case ENG_EV_PRICE: case ENG_EV_SOLD_OUT: case ENG_EV_RELEASED:
    case ENG_EV_PAR:
        return stock_text;
    case ENG_EV_PRIVATE_INCOME: case ENG_EV_BOUGHT_PRIVATE: case ENG_EV_PRIVATE_TRADED:
    case ENG_EV_PRIVATE_CLOSES: case ENG_EV_BOUGHT_RIGHT:
        return private_text;
    case ENG_EV_TILE_LAID: case ENG_EV_TOKEN_PLACED: case ENG_EV_REVENUE:
    case ENG_EV_NO_DIVIDEND: case ENG_EV_DIVIDEND: case ENG_EV_COMPANY_GETS:
        return operating_text;
    case ENG_EV_BOUGHT_TRAIN: case ENG_EV_FIRST_TRAIN: case ENG_EV_NEW_TRAIN: case ENG_EV_PHASE:
    case ENG_EV_RUSTED: case ENG_EV_OBSOLETE: case ENG_EV_SCRAPPED: case ENG_EV_DISCARDED:
    case ENG_EV_MUST_RAISE: case ENG_EV_DIRECTOR_ADDS:
        return train_text;
    case ENG_EV_FORMATION_START: case ENG_EV_FORMATION_END: case ENG_EV_FORMED:
    case ENG_EV_MERGED: case ENG_EV_GOT_SHARE: case ENG_EV_TOKEN_EXCHANGED:
        return formation_text;
    case ENG_EV_LOANS_REPAID: case ENG_EV_WILL_MERGE: case ENG_EV_SHARES_MERGED:
    case ENG_EV_NATIONAL_SHARES: case ENG_EV_TOKEN_REMOVED: case ENG_EV_NOT_FORMED:
    case ENG_EV_CERT_LIMIT: case ENG_EV_TRAIN_BORROWED: case ENG_EV_TRAIN_RETURNED:
    case ENG_EV_NATIONAL_CHOICE: case ENG_EV_MUST_BUY_SECOND: case ENG_EV_DIRECTOR_WHOLE:
        return national_text;
    case ENG_EV_BANK_BROKEN: case ENG_EV_BANKRUPT: case ENG_EV_GAME_OVER:
    case ENG_EV_FINAL_SCORE: case ENG_EV_MARKET_END:
        return end_text;
    case ENG_EV_CAPITALISED_AS: case ENG_EV_ESCROW: case ENG_EV_DESTINATION:
    case ENG_EV_ESCROW_PAID: case ENG_EV_CAPITALISATION: case ENG_EV_FLOAT_PERCENT:
    case ENG_EV_MAY_NOT_OPERATE: case ENG_EV_MARKET_CLOSES:
        return capital_text;
    case ENG_EV_GOT_BONUS: case ENG_EV_BOUGHT_BONUS: case ENG_EV_MARKER_PLACED:
    case ENG_EV_MARKER_REMOVED: case ENG_EV_FREE_TRAIN:
        return bonus_text;
    case ENG_EV_LOAN_TAKEN: case ENG_EV_INTEREST_DUE: case ENG_EV_INTEREST_PAID:
        return loan_text;
    }
    return NULL;
}

/* Writes the line; returns its length, or 0 for an event a reader need not see. */
int eng_event_text(const eng_game *g, const eng_event *e, char *buf, size_t len)
{
    struct line l = {g, e, player_name(g, e->player), company_id(g, e->company), buf, len};
    int (*text)(const struct line *) = text_of(e->kind);
    int n = text ? text(&l) : 0;
    if (n < 0)
        n = 0;
    if ((size_t)n >= len)
        n = len ? (int)len - 1 : 0;
    return n;
}
