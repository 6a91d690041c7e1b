/* titletext: the title's tiles and hexes as text (titletext.h). Pure: reads the title. */
#include "report/titletext.h"
#include "report/mapdraw.h"
#include "util/buf.h"

#include <stdio.h>
#include <string.h>

static const char *color_name(eng_color c)
{
    static const char *const names[] = {"white", "yellow", "green", "brown", "gray", "red"};
    return c >= 0 && c < ENG_NCOLORS ? names[c] : "?";
}

/* "2 cities 30, 1 town 10" — what the track has to stop at. */
static void stops_text(const eng_track *tr, buf *b)
{
    char v[32]; /* (a value by phase: "30/40", as the map writes it) */
    if (tr->ncities) {
        const eng_city *c = &tr->cities[0];
        rpt_map_value_text(c->revenue, c->by_phase, c->revenue_by_phase, v, sizeof v);
        buf_printf(b, "%d cit%s %s", tr->ncities, tr->ncities > 1 ? "ies" : "y", v);
    }
    if (tr->ntowns) {
        const eng_town *w = &tr->towns[0];
        rpt_map_value_text(w->revenue, w->by_phase, w->revenue_by_phase, v, sizeof v);
        buf_printf(b, "%s%d town%s %s", tr->ncities ? ", " : "", tr->ntowns,
                   tr->ntowns > 1 ? "s" : "", v);
    }
    if (!tr->ncities && !tr->ntowns)
        buf_adds(b, "track only");
    if (tr->label[0])
        buf_printf(b, " (%s)", tr->label);
}

/* Appends an item to a line, wrapping before 78 characters with an indent. */
static void add_wrapped(buf *b, size_t *col, const char *item)
{
    size_t n = strlen(item);
    if (*col + n + 2 > 78) {
        buf_adds(b, "\n        ");
        *col = 8;
    } else if (*col > 8) {
        buf_adds(b, ", ");
        *col += 2;
    }
    buf_adds(b, item);
    *col += n;
}

char *rep_tiles_text(const eng_title *t)
{
    buf b;
    buf_init(&b);
    buf_printf(&b, "The tiles of %s (id, colour, how many, stops; upgrades to):\n\n", t->id);
    for (int k = 0; k < t->ntiles; k++) {
        const eng_tile *tile = &t->tiles[k];
        buf line;
        buf_init(&line);
        buf_printf(&line, "%-5s %-6s ", tile->id, color_name(tile->track.color));
        if (tile->count < 0)
            buf_adds(&line, "any  ");
        else
            buf_printf(&line, "%-4dx ", tile->count);
        stops_text(&tile->track, &line);
        buf_printf(&b, "%s\n", line.data);
        buf_free(&line);
        if (!tile->upgrades.n)
            continue;
        buf_adds(&b, "     -> "); /* 8 columns: the first upgrade takes no comma before it */
        size_t col = 8;
        for (int u = 0; u < tile->upgrades.n; u++) {
            char item[32];
            snprintf(item, sizeof item, "%s", t->tiles[tile->upgrades.v[u].tile].id);
            add_wrapped(&b, &col, item);
        }
        buf_addc(&b, '\n');
    }
    return buf_steal(&b);
}

/* Appends s padded to width characters (UTF-8 counted as characters, not bytes). */
static void add_padded(buf *b, const char *s, size_t width)
{
    size_t chars = 0;
    for (const char *p = s; *p; p++)
        chars += ((unsigned char)*p & 0xC0) != 0x80;
    buf_printf(b, "%s%*s", s, chars < width ? (int)(width - chars) : 0, "");
}

/* "off-board 30/30/60" (yellow/green/brown, and gray where a phase takes it); one that raises a
 * run (18Kaas's Ruhrgebied) says how. */
static void offboard_text(const eng_title *t, const eng_hex *hex, buf *b)
{
    if (hex->doubles_run) {
        const char *what = hex->doubles_run == ENG_DOUBLES_STOPS ? "stops" : "cities";
        if (hex->doubles_run_plus > 0) /* (what stops for the "city" of a stop) */
            buf_printf(b, "off-board: +%d for each other %s of a run", hex->doubles_run_plus,
                       hex->doubles_run == ENG_DOUBLES_STOPS ? "stop" : "city");
        else
            buf_printf(b, "off-board: doubles a run's other %s", what);
        return;
    }
    const int *v = hex->offboard_revenue;
    buf_printf(b, "off-board %d/%d/%d", v[ENG_YELLOW], v[ENG_GREEN], v[ENG_BROWN]);
    for (int p = 0; p < t->nphases; p++)
        if (t->phases[p].offboard_color == ENG_GRAY) {
            buf_printf(b, "/%d", v[ENG_GRAY]);
            break;
        }
}

char *rep_hexes_text(const eng_title *t)
{
    buf b;
    buf_init(&b);
    buf_printf(&b, "The hexes of %s with a name or something printed on them\n(id, name, what "
                   "is there, terrain cost):\n\n", t->id);
    for (int h = 0; h < t->nhexes; h++) {
        const eng_hex *hex = &t->hexes[h];
        const eng_track *tr = &hex->printed;
        bool offboard = tr->color == ENG_RED;
        if (!hex->name[0] && !tr->ncities && !tr->ntowns && !offboard && !hex->cost)
            continue;
        buf line;
        buf_init(&line);
        buf_printf(&line, "%-4s ", hex->id);
        add_padded(&line, hex->name[0] ? hex->name : "-", 24);
        buf_addc(&line, ' ');
        if (offboard)
            offboard_text(t, hex, &line);
        else if (tr->ncities || tr->ntowns)
            stops_text(tr, &line);
        if (hex->cost)
            buf_printf(&line, "%s%s %d", line.data[line.len - 1] == ' ' ? "" : "; ",
                       hex->terrain[0] ? hex->terrain : "terrain", hex->cost);
        buf_printf(&b, "%s\n", line.data);
        buf_free(&line);
    }
    return buf_steal(&b);
}
