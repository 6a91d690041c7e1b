/* adjust: the game master's corrections (house rule 15) as actions of the log — money, a
 * certificate moved, a share price, a train added or taken away, a tile or a station placed or
 * removed. A correction is the GM's, not a player's move: it is taken whoever is to act and in
 * any round, checked like any action (nothing changes when it is refused), and replays with the
 * log. The money it moves comes from or goes to the bank. */
#include "engine/adjust.h"
#include "engine/routes.h"
#include "engine/state.h"

#include <string.h>

static const char *const names[ENG_ADJ_COUNT] = {
    [ENG_ADJ_CASH] = "cash",           [ENG_ADJ_MOVE_CERT] = "move_cert",
    [ENG_ADJ_PRICE] = "price",         [ENG_ADJ_TRAIN_ADD] = "train_add",
    [ENG_ADJ_TRAIN_REMOVE] = "train_remove", [ENG_ADJ_TILE] = "tile",
    [ENG_ADJ_REMOVE_TILE] = "remove_tile", [ENG_ADJ_TOKEN] = "token",
    [ENG_ADJ_REMOVE_TOKEN] = "remove_token",
};

const char *eng_adjust_name(int what)
{
    return what >= 0 && what < ENG_ADJ_COUNT ? names[what] : "?";
}

int eng_adjust_index(const char *name)
{
    for (int k = 0; k < ENG_ADJ_COUNT; k++)
        if (strcmp(names[k], name) == 0)
            return k;
    return -1;
}

static int cash(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int *held = a->target >= 0 ? &g->players[a->target].cash
                               : a->company >= 0 ? &g->co[a->company].cash : NULL;
    if (!held)
        return eng_refuse(why, len, "whose money?");
    if (*held + a->amount < 0)
        return eng_refuse(why, len, "that leaves %d", *held + a->amount);
    if (g->bank - a->amount < 0)
        return eng_refuse(why, len, "the bank has only %d", g->bank);
    *held += a->amount;
    g->bank -= a->amount;
    return 0;
}

static int move_cert(eng_game *g, const eng_action *a, char *why, size_t len)
{
    int c = a->company;
    if (g->t->companies[c].kind != ENG_MAJOR)
        return eng_refuse(why, len, "%s has no shares", g->t->companies[c].id);
    int k = eng_find_cert(g, c, a->owner_from, a->percent, false);
    if (k < 0)
        k = eng_find_cert(g, c, a->owner_from, a->percent, true);
    if (k < 0 || g->co[c].certs[k].percent != a->percent)
        return eng_refuse(why, len, "there is no %d%% certificate of %s there", a->percent,
                          g->t->companies[c].id);
    if (g->co[c].certs[k].director && a->owner_to < 0)
        return eng_refuse(why, len, "the director's certificate stays with a player");
    g->co[c].certs[k].owner = a->owner_to;
    if (g->co[c].certs[k].director)
        g->co[c].director = a->owner_to;
    eng_check_director(g, c, false);
    return 0;
}

static int price(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_title *t = g->t;
    eng_company_state *s = &g->co[a->company];
    int best_r = -1, best_c = -1;
    for (int r = 0; r < t->market_rows; r++)
        for (int col = 0; col < t->market_cols; col++)
            if (t->market[r * t->market_cols + col] == a->amount &&
                (best_r < 0 || (r == s->row && best_r != s->row)))
                best_r = r, best_c = col;
    if (best_r < 0)
        return eng_refuse(why, len, "the market has no square of %d", a->amount);
    s->row = best_r;
    s->col = best_c;
    s->market_seq = ++g->market_clock;
    return 0;
}

static int train(eng_game *g, const eng_action *a, bool add, char *why, size_t len)
{
    eng_company_state *s = &g->co[a->company];
    if (add) {
        if (g->trains_left[a->train] <= 0)
            return eng_refuse(why, len, "the bank has no %s train left",
                              g->t->trains[a->train].name);
        if (s->ntrains >= ENG_MAX_TRAINS)
            return eng_refuse(why, len, "the company holds too many trains");
        if (!g->t->trains[a->train].count_unlimited)
            g->trains_left[a->train]--;
        s->trains[s->ntrains++] = a->train;
        return 0;
    }
    for (int i = 0; i < s->ntrains; i++)
        if (s->trains[i] == a->train) {
            memmove(&s->trains[i], &s->trains[i + 1],
                    (size_t)(s->ntrains - i - 1) * sizeof *s->trains);
            s->ntrains--;
            g->trains_left[a->train] += !g->t->trains[a->train].count_unlimited;
            return 0;
        }
    return eng_refuse(why, len, "%s has no %s train", g->t->companies[a->company].id,
                      g->t->trains[a->train].name);
}

static bool hex_has_tokens(const eng_board *b, int hex)
{
    for (int c = 0; c < ENG_MAX_CITIES; c++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            if (b->tokens[hex][c][s] != ENG_NONE)
                return true;
    return false;
}

static int remove_tile(eng_game *g, const eng_action *a, char *why, size_t len)
{
    eng_board *b = g->board;
    if (b->tile[a->hex] == ENG_NONE)
        return eng_refuse(why, len, "%s has no tile", g->t->hexes[a->hex].id);
    if (hex_has_tokens(b, a->hex))
        return eng_refuse(why, len, "%s has stations on it: remove them first",
                          g->t->hexes[a->hex].id);
    if (b->left[b->tile[a->hex]] >= 0)
        b->left[b->tile[a->hex]]++;
    b->tile[a->hex] = ENG_NONE;
    b->rot[a->hex] = 0;
    return 0;
}

static int token(eng_game *g, const eng_action *a, char *why, size_t len)
{
    eng_board *b = g->board;
    int c = a->company;
    if (eng_stations_placed(g, c) >= g->t->companies[c].ntokens)
        return eng_refuse(why, len, "%s has no station markers left", g->t->companies[c].id);
    const eng_track *tr = eng_board_track(b, a->hex, NULL);
    char first[256] = "";
    for (int city = 0; city < tr->ncities; city++)
        if (eng_place_station(b, NULL, c, a->hex, city, city ? NULL : first, sizeof first) == 0) {
            if (g->t->companies[c].home_hex == a->hex)
                g->co[c].home_placed = true;
            return 0;
        }
    return eng_refuse(why, len, "%s", first[0] ? first : "no station fits there");
}

static int remove_token(eng_game *g, const eng_action *a, char *why, size_t len)
{
    eng_board *b = g->board;
    for (int k = 0; k < ENG_MAX_CITIES; k++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            if (b->tokens[a->hex][k][s] == a->company) {
                for (int n = s; n + 1 < ENG_MAX_SLOTS; n++)
                    b->tokens[a->hex][k][n] = b->tokens[a->hex][k][n + 1];
                b->tokens[a->hex][k][ENG_MAX_SLOTS - 1] = ENG_NONE;
                return 0;
            }
    return eng_refuse(why, len, "%s has no station in %s", g->t->companies[a->company].id,
                      g->t->hexes[a->hex].id);
}

int eng_adjust(eng_game *g, const eng_action *a, char *why, size_t len)
{
    switch (a->adjust) {
    case ENG_ADJ_CASH:
        return cash(g, a, why, len);
    case ENG_ADJ_MOVE_CERT:
        return move_cert(g, a, why, len);
    case ENG_ADJ_PRICE:
        return price(g, a, why, len);
    case ENG_ADJ_TRAIN_ADD:
    case ENG_ADJ_TRAIN_REMOVE:
        return train(g, a, a->adjust == ENG_ADJ_TRAIN_ADD, why, len);
    case ENG_ADJ_TILE:
        return eng_lay_tile(g->board, ENG_NONE, a->hex, a->tile, a->rot, /* any, any phase */
                            0xffu | 0xffu << ENG_LAY_PHASE_SHIFT, why, len);
    case ENG_ADJ_REMOVE_TILE:
        return remove_tile(g, a, why, len);
    case ENG_ADJ_TOKEN:
        return token(g, a, why, len);
    case ENG_ADJ_REMOVE_TOKEN:
        return remove_token(g, a, why, len);
    default:
        return eng_refuse(why, len, "not a correction");
    }
}
