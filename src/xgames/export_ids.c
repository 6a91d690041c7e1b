/* export_ids: 18xx.games' names of the things pbemgm counts but does not name — each share
 * ("PRR_5": share 0 the director's), tile ("57-1": the copy) and train ("D-0") — found by
 * following them as 18xx.games moves them (its lib/engine/share_pool.rb, depot.rb and
 * game/base.rb update_tile_lists, read for the rules): a share bought or sold goes to the end of
 * its new holder's list, a presidency changing hands swaps the new president's first shares for
 * the director's certificate; the bank sells a type's copies in order; a tile taken off the map
 * goes to the end of the box. */
#include "xgames/export_internal.h"

#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XG_MAX_TILE_COPIES 64

static void shares_init(xg_writer *x, int c)
{
    xg_shares *s = &x->shares[c];
    const eng_company_state *st = &x->g->co[c];
    memset(s, 0, sizeof *s);
    for (int k = 0; k < st->ncerts && k < XG_MAX_SHARES; k++) {
        s->percent[k] = st->certs[k].percent;
        s->list[XG_IPO][s->n[XG_IPO]++] = k;
    }
    s->nshares = st->ncerts < XG_MAX_SHARES ? st->ncerts : XG_MAX_SHARES;
}

int xg_ids_init(xg_writer *x)
{
    const eng_title *t = x->t;
    for (int c = 0; c < t->ncompanies; c++)
        if (t->companies[c].kind == ENG_MAJOR)
            shares_init(x, c);
    x->supply_stride = XG_MAX_TILE_COPIES;
    x->supply = xcalloc((size_t)t->ntiles * XG_MAX_TILE_COPIES, sizeof *x->supply);
    x->nsupply = xcalloc((size_t)t->ntiles, sizeof *x->nsupply);
    x->laid_copy = xmalloc((size_t)t->nhexes * sizeof *x->laid_copy);
    for (int h = 0; h < t->nhexes; h++)
        x->laid_copy[h] = -1;
    for (int i = 0; i < t->ntiles; i++) {
        int n = t->tiles[i].count < 0 || t->tiles[i].count > XG_MAX_TILE_COPIES
                    ? XG_MAX_TILE_COPIES : t->tiles[i].count;
        for (int k = 0; k < n; k++)
            x->supply[i * XG_MAX_TILE_COPIES + k] = k;
        x->nsupply[i] = n;
    }
    x->operating = ENG_NONE;
    x->teleport = ENG_NONE;
    x->pending_sales = -1;
    x->sold = x->sold_by = ENG_NONE;
    x->private_bought_by = ENG_NONE;
    x->unvested_by = x->unvested = ENG_NONE; /* (turn_sold: none) */
    return 0;
}

void xg_ids_free(xg_writer *x)
{
    free(x->supply);
    free(x->nsupply);
    free(x->laid_copy);
}

/* A company's name on 18xx.games: the title's "18xx.games" id of it (eng_xg_company_id). */
const char *xg_company_name(const eng_title *t, int company)
{
    return eng_xg_company_id(t, company);
}

int xg_player_id(int seat)
{
    return seat + 1;
}

/* ---- shares ---- */

static int holder_percent(const xg_shares *s, int holder)
{
    int pct = 0;
    for (int i = 0; i < s->n[holder]; i++)
        pct += s->percent[s->list[holder][i]];
    return pct;
}

static int holder_of(const xg_shares *s, int share)
{
    for (int h = 0; h < XG_HOLDERS; h++)
        for (int i = 0; i < s->n[h]; i++)
            if (s->list[h][i] == share)
                return h;
    return -1;
}

static void move_share(xg_shares *s, int share, int to)
{
    int from = holder_of(s, share);
    if (from < 0)
        return;
    for (int i = 0; i < s->n[from]; i++)
        if (s->list[from][i] == share) {
            memmove(&s->list[from][i], &s->list[from][i + 1],
                    (size_t)(s->n[from] - i - 1) * sizeof(int));
            s->n[from]--;
            break;
        }
    s->list[to][s->n[to]++] = share;
}

int xg_share_to_buy(const xg_writer *x, int company, int from, bool director)
{
    const xg_shares *s = &x->shares[company];
    for (int i = 0; i < s->n[from]; i++)
        if ((s->list[from][i] == 0) == director)
            return s->list[from][i];
    return -1;
}

void xg_share_id(const eng_title *t, int company, int share, char *out, size_t len)
{
    snprintf(out, len, "%s_%d", xg_company_name(t, company), share);
}

/* The player who follows `from` nearest in seating order (share_pool.rb distance). */
static int distance(int from, int to, int nplayers)
{
    if (from < 0)
        return 0;
    return from < to ? to - from : to - (from - nplayers);
}

/* The new president after a transfer, as share_pool.rb transfer_shares finds them: ENG_NONE
 * when it stays (or nobody may take it). */
static int new_president(const xg_shares *s, int nplayers, int previous)
{
    int max = 0;
    for (int p = 0; p < nplayers; p++)
        max = holder_percent(s, p) > max ? holder_percent(s, p) : max;
    if (max == 0 || (previous >= 0 && holder_percent(s, previous) == max))
        return ENG_NONE;
    int best = ENG_NONE;
    for (int p = 0; p < nplayers; p++) {
        if (holder_percent(s, p) != max)
            continue;
        if (previous < 0 && holder_of(s, 0) == p)
            return p;
        bool nearer = best == ENG_NONE ||
                      distance(previous, p, nplayers) < distance(previous, best, nplayers);
        if (holder_percent(s, p) >= s->percent[0] && nearer)
            best = p;
    }
    return best;
}

struct bundle {
    int n;
    int shares[XG_MAX_SHARES];
    int percent;           /* what it is sold for: less than its shares when partial */
};

static bool bundle_has_president(const struct bundle *b)
{
    for (int i = 0; i < b->n; i++)
        if (b->shares[i] == 0)
            return true;
    return false;
}

/* The share the new president gives up next for the director's certificate: the first he got
 * (share_pool.rb change_president), or, as the title's "presidency_swap" says, the largest, the
 * last he got among equals (1835's possible_reorder: sorted by percent, then reversed). */
static int swap_share(const eng_title *t, const xg_shares *s, int president)
{
    int best = 0;
    for (int i = 1; t->xgames.swap_largest_newest_first && i < s->n[president]; i++)
        if (s->percent[s->list[president][i]] >= s->percent[s->list[president][best]])
            best = i;
    return s->list[president][best];
}

/* share_pool.rb transfer_shares (the rules of 1830's kind: no president's share in the pool). */
static void transfer(xg_writer *x, int c, const struct bundle *b, int owner, int to)
{
    xg_shares *s = &x->shares[c];
    int n = x->g->nplayers, previous = holder_of(s, 0);
    previous = previous < n ? previous : ENG_NONE;
    int full = 0;
    for (int i = 0; i < b->n; i++) {
        full += s->percent[b->shares[i]];
        move_share(s, b->shares[i], to);
    }
    bool with_president = bundle_has_president(b), partial = full > b->percent;
    int president = new_president(s, n, previous);
    if (president == ENG_NONE)
        return;
    if (to == president && previous == owner && with_president && !partial)
        return;
    if (owner == president || previous == ENG_NONE)
        return;
    bool player_to_player = owner < n && to < n && with_president;
    int transfer_to = player_to_player ? to : XG_POOL;
    int swap_to = player_to_player                             ? to
                  : holder_percent(s, previous) >= s->percent[0] ? previous
                                                                 : transfer_to;
    for (int k = s->percent[0] / 10; k > 0 && s->n[president] > 0; k--)
        move_share(s, swap_share(x->t, s, president), swap_to);
    move_share(s, 0, president);
    for (int k = (full - b->percent) / 10; partial && k > 0 && s->n[transfer_to] > 0; k--)
        move_share(s, s->list[transfer_to][0], owner);
}

void xg_shares_buy(xg_writer *x, int company, int player, int from, int share)
{
    xg_shares *s = &x->shares[company];
    struct bundle b = {.n = 1, .shares = {share}, .percent = s->percent[share]};
    transfer(x, company, &b, from, player);
}

void xg_shares_give(xg_writer *x, int company, int player, bool director, int share)
{
    if (share < 0 || holder_of(&x->shares[company], share) != XG_IPO)
        share = xg_share_to_buy(x, company, XG_IPO, director);
    if (share >= 0)
        xg_shares_buy(x, company, player, XG_IPO, share);
}

cJSON *xg_shares_sell(xg_writer *x, int company, int player, int percent)
{
    xg_shares *s = &x->shares[company];
    struct bundle b = {.percent = percent};
    int sum = 0;
    for (int i = 0; i < s->n[player] && sum < percent; i++)
        if (s->list[player][i] != 0) {
            b.shares[b.n++] = s->list[player][i];
            sum += s->percent[s->list[player][i]];
        }
    if (sum < percent && holder_of(s, 0) == player)
        b.shares[b.n++] = 0;
    cJSON *ids = cJSON_CreateArray();
    for (int i = 0; i < b.n; i++) {
        char id[ENG_ID + 8];
        xg_share_id(x->t, company, b.shares[i], id, sizeof id);
        cJSON_AddItemToArray(ids, cJSON_CreateString(id));
    }
    transfer(x, company, &b, player, XG_POOL);
    return ids;
}

/* ---- trains ---- */

void xg_train_id(const eng_title *t, xg_train tr, char *out, size_t len)
{
    snprintf(out, len, "%s-%d", t->trains[tr.type].name, tr.index);
}

int xg_held_train(const xg_writer *x, int company, int type)
{
    for (int k = 0; k < x->nheld[company]; k++)
        if (x->held[company][k].type == type)
            return k;
    return -1;
}

void xg_trains_move_to(xg_writer *x, int company, xg_train tr)
{
    if (company == ENG_NONE) {
        if (x->npool < XG_MAX_POOL_TRAINS)
            x->pool[x->npool++] = tr;
    } else if (x->nheld[company] < ENG_MAX_TRAINS) {
        x->held[company][x->nheld[company]++] = tr;
    }
}

/* Train k of the company (ENG_NONE: of the pool) taken out. */
xg_train xg_trains_take(xg_writer *x, int company, int k)
{
    xg_train *v = company == ENG_NONE ? x->pool : x->held[company];
    int *n = company == ENG_NONE ? &x->npool : &x->nheld[company];
    xg_train tr = v[k];
    memmove(&v[k], &v[k + 1], (size_t)(*n - k - 1) * sizeof *v);
    (*n)--;
    return tr;
}

int xg_pool_train(const xg_writer *x, int type)
{
    for (int k = 0; k < x->npool; k++)
        if (x->pool[k].type == type)
            return k;
    return -1;
}

void xg_trains_rust(xg_writer *x, int type)
{
    for (int c = 0; c < x->t->ncompanies; c++)
        for (int k = x->nheld[c] - 1; k >= 0; k--)
            if (x->held[c][k].type == type)
                xg_trains_take(x, c, k);
    for (int k = x->npool - 1; k >= 0; k--)
        if (x->pool[k].type == type)
            xg_trains_take(x, ENG_NONE, k);
}

/* ---- tiles and cities ---- */

void xg_tile_lay(xg_writer *x, int hex, int tile, char *out, size_t len)
{
    int *box = &x->supply[tile * x->supply_stride];
    int copy = x->nsupply[tile] > 0 ? box[0] : 0;
    if (x->nsupply[tile] > 0)
        memmove(box, box + 1, (size_t)--x->nsupply[tile] * sizeof *box);
    int old = x->before->board->tile[hex];
    if (old >= 0 && x->laid_copy[hex] >= 0 && x->nsupply[old] < x->supply_stride)
        x->supply[old * x->supply_stride + x->nsupply[old]++] = x->laid_copy[hex];
    x->laid_copy[hex] = copy;
    snprintf(out, len, "%s-%d", x->t->tiles[tile].id, copy);
}

/* The title's "18xx.games" drawing of the tile (tile >= 0) or of the printed hex, or NULL. */
static const eng_xg_place *drawn(const eng_title *t, int hex, int tile)
{
    const eng_xgames *xg = &t->xgames;
    int n = tile >= 0 ? xg->ntiles : xg->nhexes;
    const eng_xg_place *v = tile >= 0 ? xg->tiles : xg->hexes;
    for (int i = 0; i < n; i++)
        if (v[i].index == (tile >= 0 ? tile : hex))
            return &v[i];
    return NULL;
}

int xg_rotation_there(const eng_title *t, int hex, int tile, int rot)
{
    const eng_xg_place *p = drawn(t, hex, tile);
    return ((rot - (p ? p->rotation : 0)) % 6 + 6) % 6;
}

/* The number 18xx.games' id of its city k on the tile (or printed hex) carries. */
static int city_part(const eng_xg_place *p, int k)
{
    return p && k < p->ncity_parts ? p->city_parts[k] : k;
}

void xg_city_id(const xg_writer *x, int hex, int city, char *out, size_t len)
{
    int tile = x->g->board->tile[hex], k = city;
    const eng_xg_place *p = drawn(x->t, hex, tile);
    for (int i = 0; p && i < p->ncities; i++)
        if (p->cities[i] == city)
            k = i;
    if (tile >= 0)
        snprintf(out, len, "%s-%d-%d", x->t->tiles[tile].id, x->laid_copy[hex], city_part(p, k));
    else
        snprintf(out, len, "%s-0-%d", x->t->hexes[hex].id, city_part(p, k));
}
