/* title: an 18xx title as data (see title.h) — its colours, coordinates and neighbours, and
 * its entries looked up by id. Reading a title from JSON is title_read.c and the files it
 * names. */
#include "engine/title.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const color_names[ENG_NCOLORS] = {"white", "yellow", "green",
                                                     "brown", "gray",   "red"};

const char *eng_color_name(eng_color c)
{
    return (unsigned)c < ENG_NCOLORS ? color_names[c] : "?";
}

/* ---- coordinates ---- */

bool eng_parse_coord(const char *id, int *row, int *col)
{
    if (!isupper((unsigned char)id[0]) || !isdigit((unsigned char)id[1]))
        return false;
    char *end;
    long c = strtol(id + 1, &end, 10);
    if (*end || c < 0 || c > 99)
        return false;
    *row = id[0] - 'A';
    *col = (int)c;
    return true;
}

/* The neighbour offsets (letter, number) of edges 0..5: pointy, the letter a row and the
 * numbers of a row two apart; flat, the letter a column and the numbers of a column two apart
 * (Rails' MapOrientation rowDelta/colDelta for EW and NS, the same neighbours). */
static const int edge_dletter[2][6] = {{1, 0, -1, -1, 0, 1}, {0, -1, -1, 0, 1, 1}};
static const int edge_dnumber[2][6] = {{-1, -2, -1, 1, 2, 1}, {2, 1, -1, -2, -1, 1}};

int eng_neighbor(const eng_title *t, int h, int edge)
{
    if (t->neighbors)
        return t->neighbors[h * 6 + edge];
    const eng_hex *x = &t->hexes[h];
    int flat = t->layout == ENG_LAYOUT_FLAT;
    int row = x->row + edge_dletter[flat][edge], col = x->col + edge_dnumber[flat][edge];
    for (int i = 0; i < t->nhexes; i++)
        if (t->hexes[i].row == row && t->hexes[i].col == col)
            return i;
    return -1;
}

/* In both layouts a step to a neighbour changes the letter by one and the number by one, or
 * the number by two alone: so the distance is the letters' difference, plus what the numbers'
 * difference exceeds it by, halved. */
int eng_hex_distance(const eng_title *t, int a, int b)
{
    int dl = abs(t->hexes[a].row - t->hexes[b].row), dn = abs(t->hexes[a].col - t->hexes[b].col);
    return dl + (dn > dl ? (dn - dl) / 2 : 0);
}

const char *eng_hex_label(const eng_title *t, int h, char *out, size_t len)
{
    if (h < 0 || h >= t->nhexes)
        snprintf(out, len, "?");
    else if (t->hexes[h].name[0])
        snprintf(out, len, "%s (%s)", t->hexes[h].name, t->hexes[h].id);
    else
        snprintf(out, len, "%s", t->hexes[h].id);
    return out;
}

int eng_hex_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->nhexes; i++)
        if (strcasecmp(t->hexes[i].id, id) == 0)
            return i;
    return -1;
}

int eng_tile_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->ntiles; i++)
        if (strcasecmp(t->tiles[i].id, id) == 0)
            return i;
    return -1;
}

int eng_train_index(const eng_title *t, const char *name)
{
    for (int i = 0; i < t->ntrains; i++)
        if (strcasecmp(t->trains[i].name, name) == 0)
            return i;
    return -1;
}

int eng_right_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->nrights; i++)
        if (strcasecmp(t->rights[i].id, id) == 0)
            return i;
    return -1;
}

int eng_game_option_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->ngame_options; i++)
        if (strcasecmp(t->game_options[i].id, id) == 0)
            return i;
    return -1;
}

int eng_company_index(const eng_title *t, const char *id)
{
    for (int i = 0; i < t->ncompanies; i++)
        if (strcasecmp(t->companies[i].id, id) == 0)
            return i;
    for (int i = 0; i < t->ncompanies; i++)
        for (int k = 0; k < t->companies[i].naliases; k++)
            if (strcasecmp(t->companies[i].aliases[k], id) == 0)
                return i;
    return -1;
}
