/* event_text: an engine event as one line of English, for turn reports and logs ("BA lays tile
 * 8 on H4 (cost 0)"). Pure: the names come from the title and the game. */
#include "engine/game.h"

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

/* Writes the line; returns its length, or 0 for an event a reader need not see. */
int eng_event_text(const eng_game *g, const eng_event *e, char *buf, size_t len)
{
    const char *P = player_name(g, e->player), *C = company_id(g, e->company);
    char s[32];
    int n = 0;
    switch (e->kind) {
    case ENG_EV_START_ROUND: n = snprintf(buf, len, "Start round %d", e->amount); break;
    case ENG_EV_STOCK_ROUND: n = snprintf(buf, len, "Stock round %d", e->amount); break;
    case ENG_EV_END_STOCK_ROUND: n = snprintf(buf, len, "Stock round %d ends", e->amount); break;
    case ENG_EV_OPERATING_ROUND:
        n = snprintf(buf, len, "Operating round %d.%d", e->amount, e->amount2);
        break;
    case ENG_EV_PRIORITY: n = snprintf(buf, len, "%s has priority", P); break;
    case ENG_EV_BOUGHT_ITEM:
        n = snprintf(buf, len, "%s buys %s for %d", P, C, e->amount); /* amount2: the item */
        break;
    case ENG_EV_ALSO_GETS:
        n = snprintf(buf, len, "%s also gets %d%% of %s%s", P, e->amount, C,
                     e->flag ? " (director)" : "");
        break;
    case ENG_EV_FLOATS: n = snprintf(buf, len, "%s floats with %d", C, e->amount); break;
    case ENG_EV_CANNOT_BUY:
        n = snprintf(buf, len, "%s cannot pay for anything and passes", P);
        break;
    case ENG_EV_PASSES: n = snprintf(buf, len, "%s passes", P); break;
    case ENG_EV_ALL_PASSED: n = snprintf(buf, len, "Everyone passed"); break;
    case ENG_EV_BOUGHT_SHARE:
        n = snprintf(buf, len, "%s buys %d%% of %s%s for %d", P, e->amount, C,
                     e->flag ? " from the pool" : "", e->amount2);
        break;
    case ENG_EV_PAID_TO: n = snprintf(buf, len, "  %d goes to %s", e->amount, C); break;
    case ENG_EV_SOLD_SHARES:
        n = snprintf(buf, len, "%s sells %d%% of %s for %d", P, e->amount, C, e->amount2);
        break;
    case ENG_EV_PRESIDENT: n = snprintf(buf, len, "%s is now the director of %s", P, C); break;
    case ENG_EV_PRICE:
        n = snprintf(buf, len, "%s's price: %d -> %d", C, e->amount, e->amount2);
        break;
    case ENG_EV_SOLD_OUT: n = snprintf(buf, len, "%s is sold out", C); break;
    case ENG_EV_RELEASED: n = snprintf(buf, len, "%s is now available", C); break;
    case ENG_EV_PRIVATE_INCOME:
        n = snprintf(buf, len, "%s gets %d from %s",
                     e->item >= 0 ? company_id(g, e->item) : P, e->amount, C);
        break;
    case ENG_EV_BOUGHT_PRIVATE:
        n = snprintf(buf, len, "%s buys %s from %s for %d", C, company_id(g, e->item), P,
                     e->amount);
        break;
    case ENG_EV_PRIVATE_TRADED:
        n = snprintf(buf, len, "%s buys %s from %s for %d", P, C, g->players[e->item].name,
                     e->amount);
        break;
    case ENG_EV_SHORT_OR: n = snprintf(buf, len, "No company can operate"); break;
    case ENG_EV_OPERATES: n = snprintf(buf, len, "%s operates (%s)", C, P); break;
    case ENG_EV_ROUND_END: break;
    case ENG_EV_TILE_LAID:
        n = snprintf(buf, len, "%s lays tile %s on %s", C,
                     e->item >= 0 && e->item < g->t->ntiles ? g->t->tiles[e->item].id : "?",
                     hex_id(g, e->amount));
        if (e->amount2 && n > 0 && (size_t)n < len)
            n += snprintf(buf + n, len - (size_t)n, " (terrain %d)", e->amount2);
        break;
    case ENG_EV_TOKEN_PLACED: {
        char where[48]; /* the city, where the hex has several (CITY n of the orders) */
        snprintf(where, sizeof where, "%s", hex_id(g, e->amount));
        if (e->item >= 0 && eng_board_track(g->board, e->amount, NULL)->ncities > 1)
            snprintf(where, sizeof where, "%s (city %d)", hex_id(g, e->amount), e->item + 1);
        n = e->flag ? snprintf(buf, len, "%s places a free station on %s", C, where)
                    : snprintf(buf, len, "%s places a station on %s for %d", C, where,
                               e->amount2);
        break;
    }
    case ENG_EV_REVENUE:
        n = snprintf(buf, len, "%s runs for %d and %s", C, e->amount, dividend_text(e->amount2));
        break;
    case ENG_EV_NO_DIVIDEND: n = snprintf(buf, len, "%s earns nothing", C); break;
    case ENG_EV_DIVIDEND: n = snprintf(buf, len, "  %s gets %d from %s", P, e->amount, C); break;
    case ENG_EV_COMPANY_GETS: n = snprintf(buf, len, "  %s gets %d", C, e->amount); break;
    case ENG_EV_BOUGHT_TRAIN:
        n = snprintf(buf, len, "%s buys a %s train from %s for %d", C, train_name(g, e->item),
                     seller_text(g, e->amount2, s, sizeof s), e->amount);
        break;
    case ENG_EV_FIRST_TRAIN:
        n = snprintf(buf, len, "The first %s train is sold", train_name(g, e->item));
        break;
    case ENG_EV_NEW_TRAIN:
        n = snprintf(buf, len, "The bank now sells %s trains", train_name(g, e->item));
        break;
    case ENG_EV_PHASE:
        n = snprintf(buf, len, "Phase %s begins",
                     e->amount >= 0 && e->amount < g->t->nphases ? g->t->phases[e->amount].name
                                                                 : "?");
        break;
    case ENG_EV_RUSTED: n = snprintf(buf, len, "%s trains rust", train_name(g, e->item)); break;
    case ENG_EV_BOUGHT_RIGHT:
        n = snprintf(buf, len, "%s buys the %s right for %d", C, g->t->rights[e->item].id,
                     e->amount);
        break;
    case ENG_EV_OBSOLETE:
        n = snprintf(buf, len, "%s trains are obsolete: each runs once more", train_name(g, e->item));
        break;
    case ENG_EV_SCRAPPED:
        n = snprintf(buf, len, "%s's obsolete %s train%s scrapped after its run", C,
                     train_name(g, e->item), e->amount > 1 ? "s are" : " is");
        break;
    case ENG_EV_PRIVATE_CLOSES: n = snprintf(buf, len, "%s closes", C); break;
    case ENG_EV_DISCARDED:
        n = snprintf(buf, len,
                     !e->flag    ? (e->amount ? "%s discards an obsolete %s train (scrapped)"
                                              : "%s discards a %s train to the pool")
                     : e->amount ? "%s trades in an obsolete %s train (scrapped)"
                                           : "%s trades in a %s train (to the pool)",
                     C, train_name(g, e->item));
        break;
    case ENG_EV_END_OR:
        n = snprintf(buf, len, "Operating round %d.%d ends", e->amount, e->amount2);
        break;
    case ENG_EV_WORTH: break;
    case ENG_EV_MUST_RAISE:
        n = snprintf(buf, len, "%s must raise %d for %s's train by selling shares", P, e->amount, C);
        break;
    case ENG_EV_DIRECTOR_ADDS:
        n = snprintf(buf, len, "%s adds %d to %s's train", P, e->amount, C);
        break;
    case ENG_EV_FORMATION_START:
        n = e->player >= 0 ? snprintf(buf, len, "%s may form %s", P, C)
                           : snprintf(buf, len, "Exchanges for %s", C);
        break;
    case ENG_EV_FORMATION_END: n = snprintf(buf, len, "The %s exchanges end", C); break;
    case ENG_EV_FORMED:
        n = snprintf(buf, len, "%s forms at %d, %s its director", C, e->amount, P);
        break;
    case ENG_EV_MERGED:
        n = snprintf(buf, len, "%s exchanges %s (%d in cash, %d trains move)", P, C, e->amount,
                     e->amount2);
        break;
    case ENG_EV_GOT_SHARE:
        if (e->item >= 0) /* a private's exchange: the share's company */
            n = snprintf(buf, len, "%s gets %d%% of %s for %s", P, e->amount,
                         company_id(g, e->item), C);
        else
            n = snprintf(buf, len, "  %s gets %d%% for %s", P, e->amount, C);
        break;
    case ENG_EV_BANK_BROKEN:
        n = snprintf(buf, len, "The bank is broken: the game ends with this %s",
                     g->t->bank_break_ends_set ? "set of operating rounds" : "operating round");
        break;
    case ENG_EV_BANKRUPT:
        n = snprintf(buf, len, "%s is bankrupt: %s cannot buy its train", P, C);
        break;
    case ENG_EV_GAME_OVER:
        n = snprintf(buf, len, "The game is over (%s)",
                     e->amount == ENG_END_BANK ? "the bank broke" : "a bankruptcy");
        break;
    case ENG_EV_FINAL_SCORE:
        n = snprintf(buf, len, "%d. %s with %d", e->amount2, P, e->amount);
        break;
    case ENG_EV_BID:
        n = snprintf(buf, len, "%s bids %d for %s (%d not held by bids)", P, e->amount, C,
                     e->amount2);
        break;
    case ENG_EV_ITEM_PRICE:
        n = snprintf(buf, len, "Everyone passed: %s now costs %d", C, e->amount);
        break;
    case ENG_EV_TO_AUCTION:
        n = snprintf(buf, len, "%s is auctioned among its bidders", C);
        break;
    case ENG_EV_CANNOT_RAISE:
        n = snprintf(buf, len, "%s cannot bid %d for %s (at most %d): out of its auction", P,
                     e->amount, C, e->amount2);
        break;
    case ENG_EV_PAR: n = snprintf(buf, len, "%s sets %s's par at %d", P, C, e->amount); break;
    case ENG_EV_TOKEN_EXCHANGED:
        n = snprintf(buf, len, "%s's station on %s becomes %s's", C, hex_id(g, e->amount),
                     g->t->formation.company >= 0 ? g->t->companies[g->t->formation.company].id
                                                  : "?");
        break;
    }
    if (n < 0)
        n = 0;
    if ((size_t)n >= len)
        n = len ? (int)len - 1 : 0;
    return n;
}
