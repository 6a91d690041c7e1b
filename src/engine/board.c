/* board: the state of the map and the rules of track and stations (see board.h). */
#include "engine/board.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <assert.h>
#include <string.h>

/* A board of the title's size, its arrays not filled. */
static eng_board *board_alloc(const eng_title *t)
{
    eng_board *b = xcalloc(1, sizeof *b);
    b->t = t;
    size_t n = (size_t)t->nhexes;
    b->tile = xmalloc(n * sizeof *b->tile);
    b->rot = xmalloc(n * sizeof *b->rot);
    b->tokens = xmalloc(n * sizeof *b->tokens);
    b->reserved = xmalloc(n * sizeof *b->reserved);
    b->left = xmalloc(((size_t)t->ntiles + 1) * sizeof *b->left);
    return b;
}

eng_board *eng_board_new(const eng_title *t)
{
    eng_board *b = board_alloc(t);
    size_t n = (size_t)t->nhexes;
    memset(b->rot, 0, n * sizeof *b->rot);
    for (size_t h = 0; h < n; h++) {
        b->tile[h] = ENG_NONE;
        for (int c = 0; c < ENG_MAX_CITIES; c++) {
            b->reserved[h][c] = ENG_NONE;
            for (int s = 0; s < ENG_MAX_SLOTS; s++)
                b->tokens[h][c][s] = ENG_NONE;
        }
    }
    for (int i = 0; i < t->ntiles; i++)
        b->left[i] = t->tiles[i].count;
    return b;
}

/* (each action applied copies the board: only the copying, not the filling of a new one) */
eng_board *eng_board_copy(const eng_board *src)
{
    eng_board *b = board_alloc(src->t);
    size_t n = (size_t)src->t->nhexes;
    memcpy(b->tile, src->tile, n * sizeof *b->tile);
    memcpy(b->rot, src->rot, n * sizeof *b->rot);
    memcpy(b->tokens, src->tokens, n * sizeof *b->tokens);
    memcpy(b->reserved, src->reserved, n * sizeof *b->reserved);
    memcpy(b->left, src->left, (size_t)src->t->ntiles * sizeof *b->left);
    b->unlimited_tiles = src->unlimited_tiles;
    return b;
}

void eng_board_free(eng_board *b)
{
    if (!b)
        return;
    free(b->tile);
    free(b->rot);
    free(b->left);
    free(b->tokens);
    free(b->reserved);
    free(b);
}

int eng_rotate_edge(int edge, int rot)
{
    return (edge + rot) % 6;
}

const eng_track *eng_board_track(const eng_board *b, int hex, int *rot)
{
    int tile = b->tile[hex];
    if (rot)
        *rot = tile == ENG_NONE ? 0 : b->rot[hex];
    return tile == ENG_NONE ? &b->t->hexes[hex].printed : &b->t->tiles[tile].track;
}

/* ---- track geometry helpers ---- */

/* The map edges a node (city/town) of a track touches, as a bit set. */
static unsigned node_edges(const eng_track *tr, int rot, eng_end_kind kind, int index)
{
    unsigned set = 0;
    for (int i = 0; i < tr->npaths; i++) {
        const eng_path *p = &tr->paths[i];
        if (p->a.kind == kind && p->a.index == index && p->b.kind == ENG_END_EDGE)
            set |= 1u << eng_rotate_edge(p->b.index, rot);
        if (p->b.kind == kind && p->b.index == index && p->a.kind == ENG_END_EDGE)
            set |= 1u << eng_rotate_edge(p->a.index, rot);
    }
    return set;
}

unsigned eng_track_edges(const eng_track *tr, int rot)
{
    unsigned set = 0;
    for (int i = 0; i < tr->npaths; i++) {
        if (tr->paths[i].a.kind == ENG_END_EDGE)
            set |= 1u << eng_rotate_edge(tr->paths[i].a.index, rot);
        if (tr->paths[i].b.kind == ENG_END_EDGE)
            set |= 1u << eng_rotate_edge(tr->paths[i].b.index, rot);
    }
    return set;
}

unsigned eng_track_joined(const eng_track *tr, int rot, int edge, int city)
{
    unsigned seen = 1u << (edge >= 0 ? edge : 8 + city);
    unsigned entry = edge >= 0 ? 1u << edge : 0;
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i < tr->npaths; i++) {
            unsigned a = 1u << eng_end_node(&tr->paths[i].a, rot);
            unsigned b = 1u << eng_end_node(&tr->paths[i].b, rot);
            /* edges are ends, not crossings: a route entering at one edge does not go on
             * through another edge's track */
            bool a_open = (seen & a) && (eng_end_node(&tr->paths[i].a, rot) >= 6 || a == entry);
            bool b_open = (seen & b) && (eng_end_node(&tr->paths[i].b, rot) >= 6 || b == entry);
            if (a_open && !(seen & b)) {
                seen |= b;
                grew = true;
            }
            if (b_open && !(seen & a)) {
                seen |= a;
                grew = true;
            }
        }
    }
    return seen & 0x3f & ~(edge >= 0 ? 1u << edge : 0u);
}

static bool has_edge_path(const eng_track *tr, int rot, int e1, int e2)
{
    for (int i = 0; i < tr->npaths; i++) {
        const eng_path *p = &tr->paths[i];
        if (p->a.kind != ENG_END_EDGE || p->b.kind != ENG_END_EDGE)
            continue;
        int a = eng_rotate_edge(p->a.index, rot), c = eng_rotate_edge(p->b.index, rot);
        if ((a == e1 && c == e2) || (a == e2 && c == e1))
            return true;
    }
    return false;
}

/* The node of kind (city/town) of the new track whose edges include all of `edges`; -1 if none. */
static int node_with_edges(const eng_track *tr, int rot, eng_end_kind kind, unsigned edges)
{
    int n = kind == ENG_END_CITY ? tr->ncities : tr->ntowns;
    for (int i = 0; i < n; i++)
        if ((node_edges(tr, rot, kind, i) & edges) == edges)
            return i;
    return -1;
}

/* A city without track yet (the XX hexes) becomes a city of the new tile by number: the first
 * trackless city the first new city with room, and so on (as Rails relays stations; the tiles'
 * cities are listed in Rails' order, see config/games/1835.json). */
static int trackless_target(const eng_track *nw, const int *used, const bool *taken)
{
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < nw->ncities; k++)
            if (used[k] < nw->cities[k].slots && (pass == 1 || !taken[k]))
                return k;
    return ENG_NONE;
}

int eng_city_tokens(const eng_board *b, int hex, int city)
{
    int n = 0;
    for (int s = 0; s < ENG_MAX_SLOTS; s++)
        n += b->tokens[hex][city][s] != ENG_NONE;
    return n;
}

/* The new city old city c (its track on map sides `edges`) goes to: one with all those sides,
 * not one another old city with track went to while the tile has a city for each (an OO
 * upgrade keeps its cities apart: 18xx.games' "not legally rotated", Rails likewise). A city
 * without track takes one by number (trackless_target). ENG_NONE if none. */
static int city_target(const eng_track *old, const eng_track *nw, int rot, unsigned edges,
                       const int *used, const bool *taken)
{
    if (!edges)
        return trackless_target(nw, used, taken);
    bool apart = nw->ncities >= old->ncities;
    for (int k = 0; k < nw->ncities; k++)
        if ((node_edges(nw, rot, ENG_END_CITY, k) & edges) == edges && !(apart && taken[k]))
            return k;
    return ENG_NONE;
}

/* A town's track kept by a tile without towns (what its upgrade list allows): its edges all
 * lead to one city, or are joined by plain track. */
static bool town_track_kept(const eng_track *nw, int rot, unsigned edges)
{
    if (node_with_edges(nw, rot, ENG_END_CITY, edges) >= 0)
        return true;
    int first = -1;
    for (int e = 0; e < 6; e++)
        if (edges & (1u << e)) {
            if (first >= 0 && !has_edge_path(nw, rot, first, e))
                return false;
            first = first < 0 ? e : first;
        }
    return true;
}

/* Maps the old nodes (cities with track, cities without, then towns) onto the new track so
 * that every existing connection survives; tokens must fit. Returns 0 or -1 with why. */
static int map_nodes(const eng_board *b, int hex, const eng_track *old, int old_rot,
                     const eng_track *nw, int rot, eng_lay *out, char *why, size_t len)
{
    int used[ENG_MAX_CITIES] = {0};
    bool taken[ENG_MAX_CITIES] = {false};
    for (int pass = 0; pass < 2; pass++)
        for (int c = 0; c < old->ncities; c++) {
            unsigned edges = node_edges(old, old_rot, ENG_END_CITY, c);
            if ((pass == 0) != (edges != 0))
                continue;
            int target = city_target(old, nw, rot, edges, used, taken);
            if (target == ENG_NONE)
                return eng_refuse(why, len, "in that rotation the tile does not keep the track "
                                            "of city %d%s", c + 1,
                                  old->ncities > 1 ? " on a city of its own" : "");
            out->city_map[c] = target;
            taken[target] = true;
            used[target] += eng_city_tokens(b, hex, c) + (b->reserved[hex][c] != ENG_NONE);
            if (used[target] > nw->cities[target].slots)
                return eng_refuse(why, len, "the tile has no room for the stations already there");
        }
    if (old->ncities > 0 && nw->ncities == 0)
        return eng_refuse(why, len, "the tile has no city where the hex has one");
    if (old->ntowns > 0 && nw->ntowns == 0 && nw->ncities == 0 && old->npaths == 0)
        return eng_refuse(why, len, "the tile has no town where the hex has one");
    for (int w = 0; w < old->ntowns; w++) {
        unsigned edges = node_edges(old, old_rot, ENG_END_TOWN, w);
        int target = nw->ntowns ? node_with_edges(nw, rot, ENG_END_TOWN, edges) : ENG_NONE;
        out->town_map[w] = target;
        if (target == ENG_NONE && nw->ntowns == 0 && edges && town_track_kept(nw, rot, edges))
            continue; /* a town become a city or plain track (1856's, from phase 6) */
        if (target == ENG_NONE)
            return eng_refuse(why, len, "in that rotation the tile does not keep the track of the town");
        out->town_map[w] = target;
    }
    return 0;
}

/* Every old edge-to-edge track must still be there. */
static int keeps_plain_track(const eng_track *old, int old_rot, const eng_track *nw, int rot,
                             char *why, size_t len)
{
    for (int i = 0; i < old->npaths; i++) {
        const eng_path *p = &old->paths[i];
        if (p->a.kind != ENG_END_EDGE || p->b.kind != ENG_END_EDGE)
            continue;
        int e1 = eng_rotate_edge(p->a.index, old_rot), e2 = eng_rotate_edge(p->b.index, old_rot);
        if (!has_edge_path(nw, rot, e1, e2))
            return eng_refuse(why, len, "in that rotation the tile does not keep the track between "
                                  "sides %d and %d", e1, e2);
    }
    return 0;
}

static bool is_fixed_map_hex(const eng_board *b, int hex)
{
    const eng_hex *h = &b->t->hexes[hex];
    if (b->tile[hex] != ENG_NONE)
        return false;
    return h->offboard || ((h->printed.color == ENG_BROWN || h->printed.color == ENG_GRAY) &&
                           h->upgrades.n == 0);
}

/* A map edge's name in refusals, by the title's layout (title.h's geometry). */
static const char *edge_name(const eng_title *t, int edge)
{
    static const char *const pointy[6] = {"south-west", "west", "north-west",
                                          "north-east", "east", "south-east"};
    static const char *const flat[6] = {"south", "south-west", "north-west",
                                        "north", "north-east", "south-east"};
    return (t->layout == ENG_LAYOUT_FLAT ? flat : pointy)[edge];
}

/* New track may not run off the map, across an impassable side, or into a side of a fixed
 * map hex (brown, gray, off-board) where that hex has no track — house rule 7: the blank side
 * of a brown *tile* is fine, of a brown *map hex* is not. */
static int edges_lead_somewhere(const eng_board *b, int hex, unsigned edges, char *why,
                                size_t len)
{
    const eng_title *t = b->t;
    for (int e = 0; e < 6; e++) {
        if (!(edges & (1u << e)))
            continue;
        int n = eng_neighbor(t, hex, e);
        if (n < 0)
            return eng_refuse(why, len, "track would run off the map on the %s side",
                              edge_name(t, e));
        if (t->hexes[hex].blocked & (1u << e))
            return eng_refuse(why, len, "the %s side of %s is impassable", edge_name(t, e),
                        t->hexes[hex].id);
        if (is_fixed_map_hex(b, n)) {
            int nrot;
            const eng_track *nt = eng_board_track(b, n, &nrot);
            if (!(eng_track_edges(nt, nrot) & (1u << ((e + 3) % 6))))
                return eng_refuse(why, len, "track would run into a blank side of %s%s%s",
                            t->hexes[n].id, t->hexes[n].name[0] ? " " : "", t->hexes[n].name);
        }
    }
    return 0;
}

/* Whether the upgrade to `tile` on `hex` is in the list, in the phase `colors` says; *later:
 * the phase it is allowed from, when only a later one allows it (else -1). */
static bool upgrade_allowed(const eng_upgrades *up, int tile, int hex, unsigned colors,
                            int *later)
{
    int phase = (int)(colors >> ENG_LAY_PHASE_SHIFT) - 1; /* (-1: not said) */
    *later = -1;
    for (int i = 0; i < up->n; i++) {
        if (up->v[i].tile != tile)
            continue;
        if (up->v[i].from_phase > 0 && phase < up->v[i].from_phase) {
            *later = up->v[i].from_phase;
            continue;
        }
        if (!up->v[i].hexes)
            return true;
        for (int k = 0; k < up->v[i].nhexes; k++)
            if (up->v[i].hexes[k] == hex)
                return true;
    }
    return false;
}

/* The new tile touches an edge the company reaches, or a city where it has a station. */
static bool connected(const eng_board *b, int company, int hex, const eng_track *nw, int rot,
                      const eng_lay *lay, const eng_track *old)
{
    eng_reach r;
    eng_reach_compute(b, company, &r);
    bool ok = (eng_track_edges(nw, rot) & r.edges[hex]) != 0;
    for (int c = 0; c < old->ncities && !ok; c++)
        for (int s = 0; s < ENG_MAX_SLOTS && !ok; s++)
            ok = b->tokens[hex][c][s] == company && node_edges(nw, rot, ENG_END_CITY,
                                                               lay->city_map[c]) != 0;
    eng_reach_free(&r);
    return ok;
}

/* A hex's "only_tiles" of the new tile's colour (18GA's Augusta D10: green only 453a), which
 * the tile must be among: -1 with why, else 0. */
static int only_tiles_refused(const eng_title *t, int hex, int tile, char *why, size_t len)
{
    const eng_hex *h = &t->hexes[hex];
    eng_color c = t->tiles[tile].track.color;
    if (h->nonly_tiles[c] == 0)
        return 0;
    char list[4 * (ENG_ID + 2)] = "";
    for (int k = 0; k < h->nonly_tiles[c]; k++) {
        if (h->only_tiles[c][k] == tile)
            return 0;
        size_t at = strlen(list);
        snprintf(list + at, sizeof list - at, "%s%s", k ? ", " : "",
                 t->tiles[h->only_tiles[c][k]].id);
    }
    return eng_refuse(why, len, "on %s a %s tile may only be %s%s", h->id, eng_color_name(c),
                      h->nonly_tiles[c] > 1 ? "one of " : "", list);
}

/* The tiles that may be laid on hex in some phase, as a player reads them: "tile 57", "tiles
 * 7, 8 or 9" (the first ten, then "..."). */
enum { ENG_MAX_TILES_NAMED = 10 };

static const char *tiles_taken(const eng_title *t, const eng_upgrades *up, int hex, char *out,
                               size_t len)
{
    int ids[ENG_MAX_TILES_NAMED], n = 0;
    bool more = false;
    for (int i = 0; i < up->n; i++) {
        bool here = !up->v[i].hexes, seen = false;
        for (int k = 0; !here && k < up->v[i].nhexes; k++)
            here = up->v[i].hexes[k] == hex;
        for (int k = 0; k < n; k++)
            seen |= ids[k] == up->v[i].tile;
        if (here && !seen && n < ENG_MAX_TILES_NAMED)
            ids[n++] = up->v[i].tile;
        else if (here && !seen)
            more = true;
    }
    if (n == 0 && !more) {
        snprintf(out, len, "no tile");
        return out;
    }
    size_t at = (size_t)snprintf(out, len, "tile%s ", n > 1 || more ? "s" : "");
    for (int k = 0; k < n && at < len; k++)
        at += (size_t)snprintf(out + at, len - at, "%s%s", k == 0 ? "" : k == n - 1 && !more
                               ? " or " : ", ", t->tiles[ids[k]].id);
    if (more && at < len)
        snprintf(out + at, len - at, ", ...");
    return out;
}

static int check_stock_and_colour(const eng_board *b, int hex, int tile, unsigned colors,
                                  char *why, size_t len)
{
    const eng_title *t = b->t;
    const eng_tile *nt = &t->tiles[tile];
    if (!(colors & (1u << nt->track.color)))
        return eng_refuse(why, len, "%s tiles may not be laid in this phase",
                    eng_color_name(nt->track.color));
    if (!b->unlimited_tiles && b->left[tile] == 0)
        return eng_refuse(why, len, "no tile %s is left", nt->id);
    const eng_hex *h = &t->hexes[hex];
    if (h->offboard)
        return eng_refuse(why, len, "%s is off the board", h->id);
    const eng_upgrades *up = b->tile[hex] == ENG_NONE ? &h->upgrades : &t->tiles[b->tile[hex]].upgrades;
    int later;
    if (!upgrade_allowed(up, tile, hex, colors, &later)) {
        if (later >= 0)
            return eng_refuse(why, len, "tile %s may be laid on %s%s from phase %s on", nt->id,
                              b->tile[hex] == ENG_NONE ? "" : "tile ",
                              b->tile[hex] == ENG_NONE ? h->id : t->tiles[b->tile[hex]].id,
                              t->phases[later].name);
        if (up->n == 0)
            return eng_refuse(why, len, "%s cannot be built on any more", h->id);
        char takes[96];
        return eng_refuse(why, len, "tile %s may not be laid on %s%s: it takes %s", nt->id,
                    b->tile[hex] == ENG_NONE ? "the printed " : "tile ",
                    b->tile[hex] == ENG_NONE ? h->id : t->tiles[b->tile[hex]].id,
                    tiles_taken(t, up, hex, takes, sizeof takes));
    }
    return only_tiles_refused(t, hex, tile, why, len);
}

int eng_lay_check(const eng_board *b, int company, int hex, int tile, int rot, unsigned colors,
                  eng_lay *out, char *why, size_t whylen)
{
    const eng_title *t = b->t;
    if (hex < 0 || hex >= t->nhexes)
        return eng_refuse(why, whylen, "there is no such hex");
    if (tile < 0 || tile >= t->ntiles)
        return eng_refuse(why, whylen, "there is no such tile");
    if (rot < 0 || rot > 5)
        return eng_refuse(why, whylen, "a rotation is 0 to 5");
    if (check_stock_and_colour(b, hex, tile, colors, why, whylen))
        return -1;
    if (!(t->tiles[tile].rotations & (1u << rot)))
        return eng_refuse(why, whylen, "tile %s may not be laid in rotation %d", t->tiles[tile].id, rot);
    int old_rot;
    const eng_track *old = eng_board_track(b, hex, &old_rot);
    const eng_track *nw = &t->tiles[tile].track;
    eng_lay lay;
    memset(&lay, 0, sizeof lay);
    if (keeps_plain_track(old, old_rot, nw, rot, why, whylen) ||
        map_nodes(b, hex, old, old_rot, nw, rot, &lay, why, whylen) ||
        edges_lead_somewhere(b, hex, eng_track_edges(nw, rot), why, whylen))
        return -1;
    if (company != ENG_NONE && !connected(b, company, hex, nw, rot, &lay, old))
        return eng_refuse(why, whylen, "%s is not connected to the company's track there",
                    t->hexes[hex].id);
    lay.cost = b->tile[hex] == ENG_NONE ? t->hexes[hex].cost : 0;
    if (out)
        *out = lay;
    return 0;
}

/* The stations waiting in the printed cities without track go to new city `to` (the layer's
 * choice: Rails' relayBaseTokens, 18xx.games' "must choose city for token"), when it has room
 * for them beside what the other old cities bring. */
static int relay_waiting(const eng_board *b, int hex, int tile, int to, eng_lay *lay, char *why,
                         size_t len)
{
    int old_rot;
    const eng_track *old = eng_board_track(b, hex, &old_rot);
    const eng_track *nw = &b->t->tiles[tile].track;
    const char *hid = b->t->hexes[hex].id, *tid = b->t->tiles[tile].id;
    bool waiting = false;
    for (int c = 0; c < old->ncities; c++)
        if (!node_edges(old, old_rot, ENG_END_CITY, c) && eng_city_tokens(b, hex, c) > 0) {
            lay->city_map[c] = to < nw->ncities ? to : ENG_NONE;
            waiting = true;
        }
    if (!waiting)
        return eng_refuse(why, len, "no station on %s waits for a city of the tile", hid);
    if (to < 0 || to >= nw->ncities)
        return eng_refuse(why, len, "tile %s has no city %d", tid, to + 1);
    int used = 0;
    for (int c = 0; c < old->ncities; c++)
        if (lay->city_map[c] == to)
            used += eng_city_tokens(b, hex, c) + (b->reserved[hex][c] != ENG_NONE);
    if (used > nw->cities[to].slots)
        return eng_refuse(why, len, "city %d of tile %s has no room for the station waiting on %s",
                          to + 1, tid, hid);
    return 0;
}

int eng_lay_tile(eng_board *b, int company, int hex, int tile, int rot, unsigned colors,
                 char *why, size_t whylen)
{
    return eng_lay_tile_relay(b, company, hex, tile, rot, colors, ENG_NONE, why, whylen);
}

int eng_lay_tile_relay(eng_board *b, int company, int hex, int tile, int rot, unsigned colors,
                       int relay, char *why, size_t whylen)
{
    eng_lay lay;
    if (eng_lay_check(b, company, hex, tile, rot, colors, &lay, why, whylen))
        return -1;
    if (relay != ENG_NONE && relay_waiting(b, hex, tile, relay, &lay, why, whylen))
        return -1;
    const eng_track *old = eng_board_track(b, hex, NULL);
    int tokens[ENG_MAX_CITIES][ENG_MAX_SLOTS], reserved[ENG_MAX_CITIES];
    memcpy(tokens, b->tokens[hex], sizeof tokens);
    memcpy(reserved, b->reserved[hex], sizeof reserved);
    for (int c = 0; c < ENG_MAX_CITIES; c++) {
        b->reserved[hex][c] = ENG_NONE;
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            b->tokens[hex][c][s] = ENG_NONE;
    }
    for (int c = 0; c < old->ncities; c++) {
        int to = lay.city_map[c];
        if (reserved[c] != ENG_NONE)
            b->reserved[hex][to] = reserved[c];
        for (int s = 0; s < ENG_MAX_SLOTS; s++) {
            if (tokens[c][s] == ENG_NONE)
                continue;
            int free_slot = 0;
            while (b->tokens[hex][to][free_slot] != ENG_NONE)
                free_slot++;
            b->tokens[hex][to][free_slot] = tokens[c][s];
        }
    }
    if (b->tile[hex] != ENG_NONE && b->left[b->tile[hex]] >= 0)
        b->left[b->tile[hex]]++; /* the old tile goes back to the box */
    if (b->left[tile] > 0)
        b->left[tile]--;
    b->tile[hex] = tile;
    b->rot[hex] = rot;
    return 0;
}

/* Two rotations of a tile give the same track when their path sets are equal. */
static bool same_track(const eng_track *tr, int r1, int r2)
{
    for (int i = 0; i < tr->npaths; i++) {
        const eng_path *p = &tr->paths[i];
        bool found = false;
        for (int k = 0; k < tr->npaths && !found; k++) {
            const eng_path *q = &tr->paths[k];
            eng_end pa = p->a, pb = p->b, qa = q->a, qb = q->b;
            if (pa.kind == ENG_END_EDGE) pa.index = (uint8_t)eng_rotate_edge(pa.index, r1);
            if (pb.kind == ENG_END_EDGE) pb.index = (uint8_t)eng_rotate_edge(pb.index, r1);
            if (qa.kind == ENG_END_EDGE) qa.index = (uint8_t)eng_rotate_edge(qa.index, r2);
            if (qb.kind == ENG_END_EDGE) qb.index = (uint8_t)eng_rotate_edge(qb.index, r2);
            found = (memcmp(&pa, &qa, sizeof pa) == 0 && memcmp(&pb, &qb, sizeof pb) == 0) ||
                    (memcmp(&pa, &qb, sizeof pa) == 0 && memcmp(&pb, &qa, sizeof pb) == 0);
        }
        if (!found)
            return false;
    }
    return true;
}

int eng_lay_options(const eng_board *b, int company, int hex, unsigned colors,
                    eng_lay_option *out, int max)
{
    int n = 0;
    for (int tile = 0; tile < b->t->ntiles; tile++) {
        const eng_track *tr = &b->t->tiles[tile].track;
        for (int rot = 0; rot < 6; rot++) {
            bool repeat = false;
            for (int r = 0; r < rot && !repeat; r++)
                repeat = same_track(tr, r, rot);
            eng_lay lay;
            if (repeat || eng_lay_check(b, company, hex, tile, rot, colors, &lay, NULL, 0))
                continue;
            if (n < max)
                out[n] = (eng_lay_option){tile, rot, lay.cost};
            n++;
        }
    }
    return n < max ? n : max;
}

/* ---- reach ---- */

/* A city blocks a company that has no token in it (or its oval) when all its circles are
 * taken by other companies' tokens, or always when it is passed only by its own companies
 * ("pass": "own_station"). */
bool eng_city_blocks(const eng_board *b, int hex, int city, int company)
{
    const eng_track *tr = eng_board_track(b, hex, NULL);
    if (tr->cities[city].terminal) /* (18GA Cotton Port's Charleston) */
        return true;
    int free_circles = 0;
    for (int c = 0; c < tr->ncities; c++) {
        bool same = c == city || (tr->cities[city].oval[0] &&
                                  strcmp(tr->cities[c].oval, tr->cities[city].oval) == 0);
        if (!same)
            continue;
        for (int s = 0; s < tr->cities[c].slots; s++) {
            if (b->tokens[hex][c][s] == company)
                return false;
            free_circles += b->tokens[hex][c][s] == ENG_NONE;
        }
    }
    if (tr->cities[city].neutral_stations > 0) /* (18GA's E1, J4: 18xx.games' City#blocks?; its
                                                * circle, never a company's, stays free too) */
        return tr->cities[city].pass_own_station;
    return free_circles == 0 || tr->cities[city].pass_own_station;
}

/* The walk of a company's track from its stations, as a route goes: path by path, never
 * turning back. A hex side is a state each way: reached along the hex's own track (the walk
 * must cross to the neighbour) or from the neighbour (it goes on along the hex's paths from
 * that side) — so track meeting at a side (a switch like 1830's tile 25) is not a turn. A city,
 * town or junction is left along any of its paths but the one the walk came in by; a station's
 * city along all. (The rules: a route "may not reverse direction at a junction"; 18xx.games'
 * graph walks path by path, Rails' network iterator passes a side once each way.) */
struct walk {
    const eng_board *b;
    int company;
    bool no_blocking;  /* stations block nothing (a destination's connection: capital.c) */
    eng_reach *r;
    int *queue;   /* entries: (hex * 16 + node) * 2 + way; way 1: a side reached from outside */
    int head, tail, cap;
    uint8_t *side_in, *side_out; /* per hex: the sides reached along its track, from outside */
    uint16_t (*left)[ENG_NODES_PER_HEX - ENG_NODE_CITY]; /* per node: the paths left along */
    uint16_t (*came)[ENG_NODES_PER_HEX - ENG_NODE_CITY]; /* per node: the paths come in by */
};

static void enqueue(struct walk *w, int hex, int node, int way)
{
    if (w->tail == w->cap)
        w->queue = xrealloc(w->queue, (size_t)(w->cap *= 2) * sizeof *w->queue);
    w->queue[w->tail++] = (hex * ENG_NODES_PER_HEX + node) * 2 + way;
}

/* Arrives at a side: along the hex's track (outside false) or from the neighbour. */
static void reach_side(struct walk *w, int hex, int side, bool outside)
{
    uint8_t *seen = outside ? &w->side_out[hex] : &w->side_in[hex];
    if (*seen & (1u << side))
        return;
    *seen |= (uint8_t)(1u << side);
    w->r->edges[hex] |= (uint8_t)(1u << side);
    enqueue(w, hex, side, outside);
}

/* Arrives at a city, town, junction or off-board along path `via` (-1: a station there). */
static void reach_node(struct walk *w, int hex, int node, int via)
{
    uint16_t *came = &w->came[hex][node - ENG_NODE_CITY];
    uint16_t bit = via < 0 ? 0xffff : (uint16_t)(1u << via);
    if ((*came & bit) == bit)
        return;
    *came |= bit;
    if (node >= ENG_NODE_CITY && node < ENG_NODE_TOWN)
        w->r->cities[hex] |= (uint8_t)(1u << (node - ENG_NODE_CITY));
    enqueue(w, hex, node, 0);
}

int eng_end_node(const eng_end *e, int rot)
{
    switch (e->kind) {
    case ENG_END_EDGE: return eng_rotate_edge(e->index, rot);
    case ENG_END_CITY: return 8 + e->index;
    case ENG_END_TOWN: return 12 + e->index;
    case ENG_END_JUNCTION: return 14;
    default: return 15; /* off-board: a dead end */
    }
}

/* Along each of the hex's paths from `node` but those in `skip`, to their other ends. */
static void follow_paths(struct walk *w, int hex, int node, unsigned skip)
{
    int rot;
    const eng_track *tr = eng_board_track(w->b, hex, &rot);
    for (int i = 0; i < tr->npaths; i++) {
        if (skip & (1u << i))
            continue;
        int a = eng_end_node(&tr->paths[i].a, rot), c = eng_end_node(&tr->paths[i].b, rot);
        int to = a == node ? c : c == node ? a : -1;
        if (to < 0)
            continue;
        if (to < 6)
            reach_side(w, hex, to, false);
        else
            reach_node(w, hex, to, i);
    }
}

/* Across the side to the neighbour, where its track meets it. */
static void cross(struct walk *w, int hex, int side)
{
    const eng_title *t = w->b->t;
    int n = eng_neighbor(t, hex, side);
    if (n < 0 || (t->hexes[hex].blocked & (1u << side)))
        return;
    int back = (side + 3) % 6;
    int nrot;
    const eng_track *nt = eng_board_track(w->b, n, &nrot);
    if (eng_track_edges(nt, nrot) & (1u << back))
        reach_side(w, n, back, true);
}

/* Whether the walk starts at this city, from the company's station there (reach_node's via
 * -1): it leaves a city it may not pass (a terminal one) along every path. */
static bool station_start(const struct walk *w, int hex, int node)
{
    return w->came[hex][node - ENG_NODE_CITY] == 0xffff;
}

static void expand(struct walk *w, int hex, int node, int way)
{
    if (node < 6) {
        if (way)
            follow_paths(w, hex, node, 0); /* in from the neighbour: along this hex's track */
        else
            cross(w, hex, node);
        return;
    }
    if (node == ENG_NODE_OFFBOARD && !w->b->t->hexes[hex].offboard_run_through)
        return; /* off-board: a dead end, unless runs pass through it */
    if (node >= 8 && node < 12 && !w->no_blocking && !station_start(w, hex, node) &&
        eng_city_blocks(w->b, hex, node - 8, w->company))
        return;
    uint16_t *left = &w->left[hex][node - ENG_NODE_CITY];
    uint16_t came = w->came[hex][node - ENG_NODE_CITY];
    /* every path but the one come in by; come in by two, every path */
    uint16_t open = (came & (came - 1)) ? 0xffff : (uint16_t)~came;
    uint16_t skip = (uint16_t)(*left | ~open);
    *left |= open;
    follow_paths(w, hex, node, skip);
}

/* The walk from the company's stations, or (from_hex >= 0) from every city of that hex with
 * no station blocking. */
static void reach_walk(const eng_board *b, int company, int from_hex, eng_reach *r)
{
    const eng_title *t = b->t;
    r->nhexes = t->nhexes;
    r->edges = xcalloc((size_t)t->nhexes, 1);
    r->cities = xcalloc((size_t)t->nhexes, 1);
    r->station = xcalloc((size_t)t->nhexes, sizeof *r->station);
    struct walk w = {.b = b, .company = company, .r = r, .cap = 64, .no_blocking = from_hex >= 0};
    w.queue = xmalloc((size_t)w.cap * sizeof *w.queue);
    w.side_in = xcalloc((size_t)t->nhexes, 1);
    w.side_out = xcalloc((size_t)t->nhexes, 1);
    w.left = xcalloc((size_t)t->nhexes, sizeof *w.left);
    w.came = xcalloc((size_t)t->nhexes, sizeof *w.came);
    for (int c = 0; from_hex >= 0 && c < eng_board_track(b, from_hex, NULL)->ncities; c++)
        reach_node(&w, from_hex, ENG_NODE_CITY + c, -1);
    for (int h = 0; from_hex < 0 && h < t->nhexes; h++)
        for (int c = 0; c < ENG_MAX_CITIES; c++)
            for (int s = 0; s < ENG_MAX_SLOTS; s++)
                if (b->tokens[h][c][s] == company) {
                    r->station[h] = true;
                    reach_node(&w, h, ENG_NODE_CITY + c, -1);
                }
    while (w.head < w.tail) {
        int item = w.queue[w.head++];
        int at = item / 2;
        expand(&w, at / ENG_NODES_PER_HEX, at % ENG_NODES_PER_HEX, item % 2);
    }
    /* A reached side of a hex is also the reached side of its neighbour: new track there
     * connects. */
    for (int h = 0; h < t->nhexes; h++)
        for (int e = 0; e < 6; e++) {
            if (!(r->edges[h] & (1u << e)))
                continue;
            int n = eng_neighbor(t, h, e);
            if (n >= 0 && !(t->hexes[h].blocked & (1u << e)))
                r->edges[n] |= (uint8_t)(1u << ((e + 3) % 6));
        }
    free(w.queue);
    free(w.side_in);
    free(w.side_out);
    free(w.left);
    free(w.came);
}

void eng_reach_compute(const eng_board *b, int company, eng_reach *r)
{
    reach_walk(b, company, -1, r);
}

void eng_reach_from_cities(const eng_board *b, int hex, eng_reach *r)
{
    reach_walk(b, ENG_NONE, hex, r);
}

void eng_reach_free(eng_reach *r)
{
    free(r->edges);
    free(r->cities);
    free(r->station);
    memset(r, 0, sizeof *r);
}

/* ---- stations ---- */

void eng_reserve(eng_board *b, int company, int hex, int city)
{
    b->reserved[hex][city < 0 ? 0 : city] = company;
}

/* Every company's home circle is kept for it until it places its home station (the Prussian's
 * home is M2's, exchanged at its formation); a hex whose home city is not given keeps its first
 * city, and one whose home city is the director's choice keeps a circle in each (or only in the
 * first: home_keeps_one). */
eng_board *eng_starting_board(const eng_title *t)
{
    eng_board *b = eng_board_new(t);
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company *co = &t->companies[c];
        if (co->home_hex < 0 || co->formed || co->kind == ENG_PRIVATE)
            continue;
        int city = co->home_city < 0 ? 0 : co->home_city;
        int last = co->home_choice && !co->home_keeps_one
                       ? eng_board_track(b, co->home_hex, NULL)->ncities - 1 : city;
        for (; city <= last; city++)
            if (b->reserved[co->home_hex][city] == ENG_NONE)
                eng_reserve(b, c, co->home_hex, city);
        for (int i = 0; i < co->nmore_homes; i++) /* ("homes": each in its first city) */
            if (b->reserved[co->more_homes[i]][0] == ENG_NONE)
                eng_reserve(b, c, co->more_homes[i], 0);
    }
    return b;
}

/* The city of the hex where the circle kept in `city` for another company's home may go
 * instead, or -1. It may when the title does not fix that home's city (Rails' home city 0:
 * Baden in Ludwigshafen/Mannheim, whose director takes the city left when its home is laid;
 * 18xx.games: "Baden chooses its slot"; 1856's THB, home_keeps_one) and another city has a
 * circle neither taken nor kept. A home its director chooses among all the cities keeping a
 * circle in each (1830's Erie) does not move. */
static int kept_circle_moves_to(const eng_board *b, int hex, int city)
{
    const eng_company *holder = &b->t->companies[b->reserved[hex][city]];
    if (holder->home_city >= 0 || (holder->home_choice && !holder->home_keeps_one))
        return -1;
    const eng_track *tr = eng_board_track(b, hex, NULL);
    for (int k = 0; k < tr->ncities; k++)
        if (k != city && b->reserved[hex][k] == ENG_NONE &&
            eng_city_tokens(b, hex, k) + tr->cities[k].neutral_stations < tr->cities[k].slots)
            return k;
    return -1;
}

/* Whether the circle kept in the city is another company's and stays there. */
static bool kept_for_another(const eng_board *b, int company, int hex, int city)
{
    return b->reserved[hex][city] != ENG_NONE && b->reserved[hex][city] != company &&
           kept_circle_moves_to(b, hex, city) < 0;
}

bool eng_station_moves_kept_circle(const eng_board *b, int company, int hex, int city)
{
    return b->reserved[hex][city] != ENG_NONE && b->reserved[hex][city] != company &&
           !kept_for_another(b, company, hex, city);
}

int eng_station_check(const eng_board *b, const eng_reach *reach, int company, int hex, int city,
                      char *why, size_t whylen)
{
    const eng_title *t = b->t;
    if (hex < 0 || hex >= t->nhexes)
        return eng_refuse(why, whylen, "there is no such hex");
    const eng_track *tr = eng_board_track(b, hex, NULL);
    const char *hid = t->hexes[hex].id;
    if (tr->ncities == 0)
        return eng_refuse(why, whylen, "%s has no city", hid);
    if (city < 0 || city >= tr->ncities)
        return eng_refuse(why, whylen, "%s has no city %d", hid, city + 1);
    for (int c = 0; c < tr->ncities; c++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            if (b->tokens[hex][c][s] == company)
                return eng_refuse(why, whylen, "the company has a station in %s already", hid);
    int held = kept_for_another(b, company, hex, city), neutral = tr->cities[city].neutral_stations;
    if (eng_city_tokens(b, hex, city) + held + neutral >= tr->cities[city].slots)
        return eng_refuse(why, whylen, "%s has no free station circle%s%s", hid,
                          held ? " (one is kept for a home station)" : "",
                          neutral ? " (held by no company)" : "");
    if (reach && !(reach->cities[hex] & (1u << city)))
        return eng_refuse(why, whylen, "%s is not reached by the company's track", hid);
    return 0;
}

int eng_place_station(eng_board *b, const eng_reach *reach, int company, int hex, int city,
                      char *why, size_t whylen)
{
    if (eng_station_check(b, reach, company, hex, city, why, whylen))
        return -1;
    if (b->reserved[hex][city] == company)
        b->reserved[hex][city] = ENG_NONE;
    const eng_track *tr = eng_board_track(b, hex, NULL);
    if (b->reserved[hex][city] != ENG_NONE && /* the home's circle kept here goes elsewhere */
        eng_city_tokens(b, hex, city) + 2 > tr->cities[city].slots) {
        int to = kept_circle_moves_to(b, hex, city);
        assert(to >= 0); /* (else the check kept the circle: there was room for both) */
        b->reserved[hex][to] = b->reserved[hex][city];
        b->reserved[hex][city] = ENG_NONE;
    }
    int s = 0;
    while (b->tokens[hex][city][s] != ENG_NONE)
        s++;
    b->tokens[hex][city][s] = company;
    return 0;
}
