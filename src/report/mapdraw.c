/* mapdraw: the map picture, drawn with cairo (see mapdraw.h). Geometry: the title's layout
 * (title.h): edge e's midpoint lies at angle edge0 + 60e degrees from the centre (screen y
 * grows down), edge0 120 for pointy-topped hexes (edge 0 south-west), 90 for flat-topped ones
 * (edge 0 south); a hex's corners lie 30 degrees either side of its edges' midpoints. */
#include "report/mapdraw.h"
#include "report/png.h"
#include "util/buf.h"
#include "util/util.h"

#include <cairo-svg.h>
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define PICTURE_WIDTH 1600
#define MARGIN 44.0
#define LEGEND_HEIGHT 200.0
#define SQRT3 1.7320508075688772

static const double paper[3] = {0.97, 0.95, 0.90};

static void rgb(cairo_t *cr, uint32_t c)
{
    cairo_set_source_rgb(cr, ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0,
                         (c & 0xff) / 255.0);
}

static uint32_t hex_fill(eng_color c)
{
    switch (c) {
    case ENG_YELLOW: return 0xf3dd58;
    case ENG_GREEN: return 0x79b96d;
    case ENG_BROWN: return 0xc8925a;
    case ENG_GRAY: return 0xb4b4b4;
    case ENG_RED: return 0xd65a4e;
    default: return 0xeee6cf;
    }
}

/* Whether the title's map has an off-board that doubles a run (18Kaas's Ruhrgebied): the
 * legend says what its "×2" means (a line more). */
static bool has_run_doublers(const eng_title *t)
{
    for (int h = 0; h < t->nhexes; h++)
        if (t->hexes[h].doubles_run != ENG_DOUBLES_NONE)
            return true;
    return false;
}

/* Whether the title's map has neutral stations (18GA's Montgomery and Tallahassee): the legend
 * says what they look like (a line more). */
static bool has_neutral_stations(const eng_title *t)
{
    for (int h = 0; h < t->nhexes; h++)
        for (int c = 0; c < t->hexes[h].printed.ncities; c++)
            if (t->hexes[h].printed.cities[c].neutral_stations > 0)
                return true;
    return false;
}

double rpt_map_edge0(const eng_title *t)
{
    return t->layout == ENG_LAYOUT_FLAT ? 90.0 : 120.0;
}

/* A pointy map: a row per letter, 1.5 radii apart; the numbers across, half a hex's width
 * (sqrt(3) radii) apart. A flat one: a column per letter, 1.5 radii apart; the numbers down,
 * half a hex's height apart. The radius makes the map fill the standard width. */
void rpt_map_layout_for(const eng_title *t, rpt_map_layout *l)
{
    int letters = t->max_row - t->min_row, numbers = t->max_col - t->min_col;
    bool flat = t->layout == ENG_LAYOUT_FLAT;
    /* pointy: width = 2*margin + numbers * w/2 + w, with w = sqrt(3) * radius;
     * flat: width = 2*margin + letters * 1.5 * radius + 2 * radius */
    l->radius = flat ? (PICTURE_WIDTH - 2 * MARGIN) / (1.5 * letters + 2.0)
                     : (PICTURE_WIDTH - 2 * MARGIN) / (SQRT3 * (numbers / 2.0 + 1.0));
    double half_across = flat ? l->radius : SQRT3 * l->radius / 2;
    double half_down = flat ? SQRT3 * l->radius / 2 : l->radius;
    l->origin_x = MARGIN + half_across;
    l->origin_y = MARGIN + 30 + half_down; /* room for the title line */
    l->width = PICTURE_WIDTH;
    double down = flat ? numbers * half_down : letters * 1.5 * l->radius;
    l->map_bottom = l->origin_y + down + half_down + 20;
    int own_lines = has_neutral_stations(t) + has_run_doublers(t); /* (the legend's) */
    l->height = (int)(l->map_bottom + LEGEND_HEIGHT + own_lines * 26);
}

/* Where the line of a letter (its row, or its column when flat) and of a number lie. */
static double letter_at(const eng_title *t, const rpt_map_layout *l, int letter)
{
    double step = 1.5 * l->radius;
    return (t->layout == ENG_LAYOUT_FLAT ? l->origin_x : l->origin_y) +
           (letter - t->min_row) * step;
}

static double number_at(const eng_title *t, const rpt_map_layout *l, int number)
{
    double step = SQRT3 * l->radius / 2;
    return (t->layout == ENG_LAYOUT_FLAT ? l->origin_y : l->origin_x) +
           (number - t->min_col) * step;
}

void rpt_map_hex_center(const eng_title *t, const rpt_map_layout *l, int hex, double *x, double *y)
{
    const eng_hex *h = &t->hexes[hex];
    bool flat = t->layout == ENG_LAYOUT_FLAT;
    *x = flat ? letter_at(t, l, h->row) : number_at(t, l, h->col);
    *y = flat ? number_at(t, l, h->col) : letter_at(t, l, h->row);
}

static void edge_point(double e0, double cx, double cy, double dist, double edge, double *x,
                       double *y)
{
    double a = (e0 + 60.0 * edge) * M_PI / 180.0;
    *x = cx + dist * cos(a);
    *y = cy + dist * sin(a);
}

static void hex_path(cairo_t *cr, double e0, double cx, double cy, double r)
{
    for (int k = 0; k < 6; k++) {
        double a = (e0 + 30.0 + 60.0 * k) * M_PI / 180.0;
        if (k == 0)
            cairo_move_to(cr, cx + r * cos(a), cy + r * sin(a));
        else
            cairo_line_to(cr, cx + r * cos(a), cy + r * sin(a));
    }
    cairo_close_path(cr);
}

/* The font set and the pen where text s comes out centred on (x, y). */
static void move_to_centred(cairo_t *cr, const char *s, double x, double y, double size,
                            bool bold)
{
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, s, &ext);
    cairo_move_to(cr, x - ext.width / 2 - ext.x_bearing, y - ext.height / 2 - ext.y_bearing);
}

/* Text from a point on, leaving no current point (see text_centered). */
static void text_from(cairo_t *cr, double x, double y, const char *s)
{
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, s);
    cairo_new_path(cr);
}

static void text_centered(cairo_t *cr, const char *s, double x, double y, double size, bool bold)
{
    move_to_centred(cr, s, x, y, size, bold);
    cairo_show_text(cr, s);
    cairo_new_path(cr); /* (the text leaves a current point: a circle drawn next would be joined
                         * to it by a line) */
}

/* Text with a halo of paper around it, readable over track, tokens and neighbouring tiles. */
static void text_with_halo(cairo_t *cr, const char *s, double x, double y, double size, bool bold)
{
    move_to_centred(cr, s, x, y, size, bold);
    cairo_text_path(cr, s);
    cairo_set_source_rgb(cr, paper[0], paper[1], paper[2]);
    cairo_set_line_width(cr, size * 0.28);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke_preserve(cr);
    cairo_set_source_rgb(cr, 0.08, 0.08, 0.08);
    cairo_fill(cr);
}

/* Where a city or town sits in its hex. */
static void node_position(const eng_track *tr, int rot, double e0, eng_end_kind kind, int index,
                          double cx, double cy, double r, double *x, double *y)
{
    float loc = kind == ENG_END_CITY ? tr->cities[index].loc : tr->towns[index].loc;
    int count = kind == ENG_END_CITY ? tr->ncities : tr->ntowns;
    if (loc < 0 && count > 1) { /* no hint: spread them out */
        loc = (float)(index * 6 / count);
    }
    if (loc < 0) {
        *x = cx;
        *y = cy;
        return;
    }
    /* a node drawn towards its edge: take the direction of the first edge it connects to */
    for (int i = 0; i < tr->npaths; i++) {
        const eng_path *p = &tr->paths[i];
        const eng_end *node = p->a.kind == kind && p->a.index == index ? &p->a
                              : p->b.kind == kind && p->b.index == index ? &p->b : NULL;
        const eng_end *other = node == &p->a ? &p->b : &p->a;
        if (node && other->kind == ENG_END_EDGE && rot) {
            loc = (float)other->index;
            break;
        }
    }
    edge_point(e0, cx, cy, r * 0.45, fmod(loc + rot, 6.0), x, y);
}

static void end_position(const eng_track *tr, int rot, double e0, const eng_end *e, double cx,
                         double cy, double r, double *x, double *y)
{
    switch (e->kind) {
    case ENG_END_EDGE:
        edge_point(e0, cx, cy, r * SQRT3 / 2, eng_rotate_edge(e->index, rot), x, y);
        break;
    case ENG_END_CITY:
    case ENG_END_TOWN:
        node_position(tr, rot, e0, (eng_end_kind)e->kind, e->index, cx, cy, r, x, y);
        break;
    default:
        *x = cx;
        *y = cy;
    }
}

static void draw_paths(cairo_t *cr, const eng_track *tr, int rot, double e0, double cx, double cy,
                       double r)
{
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    for (int i = 0; i < tr->npaths; i++) {
        const eng_path *p = &tr->paths[i];
        double x1, y1, x2, y2;
        end_position(tr, rot, e0, &p->a, cx, cy, r, &x1, &y1);
        end_position(tr, rot, e0, &p->b, cx, cy, r, &x2, &y2);
        cairo_move_to(cr, x1, y1);
        if (p->toll) { /* the Elbe ferry */
            double dash[] = {r * 0.08, r * 0.06};
            cairo_set_dash(cr, dash, 2, 0);
            cairo_set_source_rgb(cr, 0.15, 0.35, 0.8);
            cairo_set_line_width(cr, r * 0.06);
            cairo_line_to(cr, x2, y2);
            cairo_stroke(cr);
            cairo_set_dash(cr, NULL, 0, 0);
            continue;
        }
        /* curves bend through the centre; straight lines stay straight */
        cairo_curve_to(cr, x1 + (cx - x1) * 0.55, y1 + (cy - y1) * 0.55, x2 + (cx - x2) * 0.55,
                       y2 + (cy - y2) * 0.55, x2, y2);
        cairo_set_source_rgb(cr, 0.97, 0.97, 0.95);
        cairo_set_line_width(cr, r * 0.17);
        cairo_stroke_preserve(cr);
        cairo_set_source_rgb(cr, 0.12, 0.12, 0.12);
        cairo_set_line_width(cr, r * 0.11);
        cairo_stroke(cr);
    }
}

void rpt_map_value_text(int revenue, bool by_phase, const int *revenue_by_phase, char *out,
                        size_t len)
{
    size_t at = (size_t)snprintf(out, len, "%d", by_phase ? revenue_by_phase[ENG_YELLOW] : revenue);
    for (int c = ENG_GREEN; by_phase && c <= ENG_GRAY && at < len; c++)
        if (revenue_by_phase[c] != revenue_by_phase[c - 1])
            at += (size_t)snprintf(out + at, len - at, "/%d", revenue_by_phase[c]);
}

/* A value in a white circle; a longer one ("30/40") in a white lozenge as wide as it. */
static void revenue_badge(cairo_t *cr, const char *s, double x, double y, double r)
{
    size_t n = strlen(s);
    if (n > 3) {
        double h = r * 0.16, w = h * 0.5 * (double)n;
        cairo_new_sub_path(cr);
        cairo_arc(cr, x + w - h, y, h, -M_PI / 2, M_PI / 2);
        cairo_arc(cr, x - w + h, y, h, M_PI / 2, 3 * M_PI / 2);
        cairo_close_path(cr);
    } else {
        cairo_arc(cr, x, y, r * 0.16, 0, 2 * M_PI);
    }
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    text_centered(cr, s, x, y, r * 0.17, true);
}

static void draw_token(cairo_t *cr, const eng_company *c, double x, double y, double rad)
{
    cairo_arc(cr, x, y, rad * 0.92, 0, 2 * M_PI);
    rgb(cr, c->color);
    cairo_fill(cr);
    rgb(cr, c->text_color);
    text_centered(cr, c->id, x, y, rad * (strlen(c->id) > 2 ? 0.62 : 0.8), true);
}

/* A neutral station (held by no company from the start): a gray disc with "N". */
static void draw_neutral_token(cairo_t *cr, double x, double y, double rad)
{
    cairo_arc(cr, x, y, rad * 0.92, 0, 2 * M_PI);
    cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 1, 1, 1);
    text_centered(cr, "N", x, y, rad * 0.8, true);
}

static void draw_cities(cairo_t *cr, const eng_board *b, int hex, const eng_track *tr, int rot,
                        double e0, double cx, double cy, double r)
{
    double rad = r * 0.2;
    for (int c = 0; c < tr->ncities; c++) {
        double x, y;
        node_position(tr, rot, e0, ENG_END_CITY, c, cx, cy, r, &x, &y);
        int slots = tr->cities[c].slots;
        for (int s = 0; s < slots; s++) {
            double sx = x + (s - (slots - 1) / 2.0) * rad * 2;
            cairo_arc(cr, sx, y, rad, 0, 2 * M_PI);
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_fill_preserve(cr);
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            cairo_set_line_width(cr, r * 0.035);
            cairo_stroke(cr);
            int company = b->tokens[hex][c][s];
            if (company != ENG_NONE)
                draw_token(cr, &b->t->companies[company], sx, y, rad);
            else if (s >= slots - tr->cities[c].neutral_stations)
                draw_neutral_token(cr, sx, y, rad);
            else if (s == 0 && b->reserved[hex][c] != ENG_NONE) {
                const eng_company *home = &b->t->companies[b->reserved[hex][c]];
                rgb(cr, home->color);
                text_centered(cr, home->id, sx, y, rad * 0.62, false);
            }
        }
        const eng_city *ct = &tr->cities[c];
        char value[32];
        rpt_map_value_text(ct->revenue, ct->by_phase, ct->revenue_by_phase, value, sizeof value);
        if (ct->revenue > 0)
            revenue_badge(cr, value, x + (slots / 2.0 + 0.6) * rad * 2 * 0.8 +
                                         (strlen(value) > 3 ? r * 0.1 : 0),
                          y - rad * 1.2, r);
    }
    for (int w = 0; w < tr->ntowns; w++) {
        double x, y;
        node_position(tr, rot, e0, ENG_END_TOWN, w, cx, cy, r, &x, &y);
        cairo_arc(cr, x, y, r * 0.09, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
        cairo_fill(cr);
        const eng_town *tw = &tr->towns[w];
        char value[32];
        rpt_map_value_text(tw->revenue, tw->by_phase, tw->revenue_by_phase, value, sizeof value);
        if (tw->revenue > 0)
            revenue_badge(cr, value, x + r * 0.22 + (strlen(value) > 3 ? r * 0.1 : 0),
                          y - r * 0.2, r);
    }
}

/* Whether a phase of the title takes the off-boards' gray values (1856's D): the map then shows
 * four values, yellow/green/brown/gray, else three. */
static bool gray_offboard_values(const eng_title *t)
{
    for (int p = 0; p < t->nphases; p++)
        if (t->phases[p].offboard_color == ENG_GRAY)
            return true;
    return false;
}

static void draw_offboard(cairo_t *cr, const eng_title *t, const eng_hex *h, double cx,
                          double cy, double r)
{
    char s[48];
    if (h->doubles_run != ENG_DOUBLES_NONE) { /* (18Kaas's Ruhrgebied: worth what it raises) */
        if (h->doubles_run_plus > 0)
            snprintf(s, sizeof s, "+%d", h->doubles_run_plus);
        else
            snprintf(s, sizeof s, "\xc3\x97" "2"); /* "×2" */
        cairo_set_source_rgb(cr, 1, 1, 1);
        text_centered(cr, s, cx, cy - r * 0.05, r * 0.3, true);
        return;
    }
    int n = snprintf(s, sizeof s, "%d/%d/%d", h->offboard_revenue[ENG_YELLOW],
                     h->offboard_revenue[ENG_GREEN], h->offboard_revenue[ENG_BROWN]);
    if (gray_offboard_values(t))
        snprintf(s + n, sizeof s - (size_t)n, "/%d", h->offboard_revenue[ENG_GRAY]);
    cairo_set_source_rgb(cr, 1, 1, 1);
    text_centered(cr, s, cx, cy - r * 0.05, r * 0.2, true);
}

static void draw_terrain(cairo_t *cr, const eng_hex *h, double cx, double cy, double r)
{
    char s[16];
    snprintf(s, sizeof s, "%d", h->cost);
    double x = cx + r * 0.42, y = cy - r * 0.5;
    if (strcmp(h->terrain, "mountain") == 0) {
        cairo_move_to(cr, x - r * 0.14, y + r * 0.1);
        cairo_line_to(cr, x, y - r * 0.12);
        cairo_line_to(cr, x + r * 0.14, y + r * 0.1);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0.45, 0.3, 0.15);
        cairo_fill(cr);
    } else {
        cairo_set_source_rgb(cr, 0.2, 0.45, 0.85);
        cairo_set_line_width(cr, r * 0.035);
        for (int i = 0; i < 2; i++) {
            double wy = y - r * 0.04 + i * r * 0.08;
            cairo_move_to(cr, x - r * 0.14, wy);
            cairo_curve_to(cr, x - r * 0.07, wy - r * 0.06, x, wy + r * 0.06, x + r * 0.14, wy);
            cairo_stroke(cr);
        }
    }
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    text_centered(cr, s, x, y + r * 0.22, r * 0.15, false);
}

static void draw_hex(cairo_t *cr, const eng_board *b, const rpt_map_layout *l, int hex)
{
    const eng_title *t = b->t;
    const eng_hex *h = &t->hexes[hex];
    double cx, cy, r = l->radius;
    rpt_map_hex_center(t, l, hex, &cx, &cy);
    int rot;
    const eng_track *tr = eng_board_track(b, hex, &rot);
    double e0 = rpt_map_edge0(t);
    hex_path(cr, e0, cx, cy, r);
    rgb(cr, hex_fill(tr->color));
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.45, 0.42, 0.36);
    cairo_set_line_width(cr, 1.2);
    cairo_stroke(cr);
    if (b->tile[hex] == ENG_NONE && h->cost > 0)
        draw_terrain(cr, h, cx, cy, r);
    draw_paths(cr, tr, rot, e0, cx, cy, r);
    if (h->offboard)
        draw_offboard(cr, t, h, cx, cy, r);
    draw_cities(cr, b, hex, tr, rot, e0, cx, cy, r);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    if (tr->label[0])
        text_centered(cr, tr->label, cx - r * 0.5, cy - r * 0.42, r * 0.2, true);
}

/* How close the nearest city, town or station of the hex's track comes to (x, y). */
static double nearest_node(const eng_track *tr, int rot, double e0, double cx, double cy, double r,
                           double x, double y)
{
    double best = 1e9;
    for (int k = 0; k < tr->ncities + tr->ntowns; k++) {
        bool city = k < tr->ncities;
        double nx, ny;
        node_position(tr, rot, e0, city ? ENG_END_CITY : ENG_END_TOWN, city ? k : k - tr->ncities,
                      cx, cy, r, &nx, &ny);
        double half = city ? tr->cities[k].slots * r * 0.2 : 0; /* a row of station circles */
        double dx = fabs(nx - x) > half ? fabs(nx - x) - half : 0, dy = ny - y;
        double d = sqrt(dx * dx + dy * dy);
        best = d < best ? d : best;
    }
    return best;
}

static double name_size(const eng_hex *h, double r)
{
    return r * (strlen(h->name) > 12 ? 0.13 : 0.15);
}

/* The name's box when drawn at the font size, centred at (0, 0): half its width and height. */
static void name_extent(cairo_t *cr, const eng_hex *h, double r, double *hw, double *hh)
{
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, name_size(h, r));
    cairo_text_extents_t ext;
    cairo_text_extents(cr, h->name, &ext);
    *hw = ext.width / 2;
    *hh = ext.height / 2;
}

/* Whether a station place of the track covers the box centred at (x, y). */
static bool box_covered(const eng_track *tr, int rot, double e0, double cx, double cy, double r,
                        double x, double y, double hw, double hh)
{
    double rad = r * 0.2;
    for (int c = 0; c < tr->ncities; c++) {
        double nx, ny;
        node_position(tr, rot, e0, ENG_END_CITY, c, cx, cy, r, &nx, &ny);
        for (int k = 0; k < tr->cities[c].slots; k++) {
            double sx = nx + (k - (tr->cities[c].slots - 1) / 2.0) * rad * 2;
            double qx = sx < x - hw ? x - hw : sx > x + hw ? x + hw : sx;
            double qy = ny < y - hh ? y - hh : ny > y + hh ? y + hh : ny;
            if ((qx - sx) * (qx - sx) + (qy - ny) * (qy - ny) < rad * rad)
                return true;
        }
    }
    return false;
}

/* Where the hex's name goes: the first of below, above, the middle and between that no station
 * place covers (below when all are). */
static double name_y(const eng_track *tr, int rot, double e0, double cx, double cy, double r,
                     double hw, double hh)
{
    static const double spots[] = {0.68, -0.66, 0, 0.3, -0.3, 0.5, -0.5};
    for (size_t i = 0; i < sizeof spots / sizeof *spots; i++)
        if (!box_covered(tr, rot, e0, cx, cy, r, cx, cy + r * spots[i], hw, hh))
            return cy + r * spots[i];
    return cy + r * spots[0];
}

/* The hex's name and tile number, drawn after every hex so that no token or neighbour covers
 * them: each where no station is (the name above, below or between them). */
static void draw_labels(cairo_t *cr, const eng_board *b, const rpt_map_layout *l, int hex)
{
    const eng_title *t = b->t;
    const eng_hex *h = &t->hexes[hex];
    double cx, cy, r = l->radius;
    rpt_map_hex_center(t, l, hex, &cx, &cy);
    int rot;
    const eng_track *tr = eng_board_track(b, hex, &rot);
    double ny = cy + 10 * r; /* no name */
    if (h->name[0]) {
        double hw, hh;
        name_extent(cr, h, r, &hw, &hh);
        ny = name_y(tr, rot, rpt_map_edge0(t), cx, cy, r, hw, hh);
        text_with_halo(cr, h->name, cx, ny, name_size(h, r), false);
    }
    if (b->tile[hex] == ENG_NONE)
        return;
    static const double spots[][2] = {{0.55, 0.3}, {-0.55, 0.3}, {0.55, -0.3}, {-0.55, -0.3}};
    double bx = 0, by = 0, best = -1;
    for (size_t i = 0; i < sizeof spots / sizeof *spots; i++) {
        double x = cx + r * spots[i][0], y = cy + r * spots[i][1];
        double d = nearest_node(tr, rot, rpt_map_edge0(t), cx, cy, r, x, y);
        if (fabs(y - ny) < r * 0.25)
            d -= r * 0.3; /* not on the name's line */
        if (d > best)
            best = d, bx = x, by = y;
    }
    text_with_halo(cr, t->tiles[b->tile[hex]].id, bx, by, r * 0.13, false);
}

bool rpt_map_name_covered(const eng_board *b, int hex)
{
    const eng_hex *h = &b->t->hexes[hex];
    if (!h->name[0])
        return false;
    rpt_map_layout l;
    rpt_map_layout_for(b->t, &l);
    double cx, cy, r = l.radius, hw, hh;
    rpt_map_hex_center(b->t, &l, hex, &cx, &cy);
    int rot;
    const eng_track *tr = eng_board_track(b, hex, &rot);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1);
    cairo_t *cr = cairo_create(s);
    name_extent(cr, h, r, &hw, &hh);
    cairo_destroy(cr);
    cairo_surface_destroy(s);
    double e0 = rpt_map_edge0(b->t);
    return box_covered(tr, rot, e0, cx, cy, r, cx, name_y(tr, rot, e0, cx, cy, r, hw, hh), hw, hh);
}

/* What is new since the board before: a tile laid or upgraded (an outline round its hex), a
 * station placed (a ring round the token). */
#define MARK_RGB 0xd01c8b

static bool tile_is_new(const eng_board *b, const eng_board *before, int hex)
{
    return b->tile[hex] != before->tile[hex] ||
           (b->tile[hex] != ENG_NONE && b->rot[hex] != before->rot[hex]);
}

static bool had_station(const eng_board *b, int hex, int company)
{
    for (int c = 0; c < ENG_MAX_CITIES; c++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            if (b->tokens[hex][c][s] == company)
                return true;
    return false;
}

static void draw_marks(cairo_t *cr, const eng_board *b, const eng_board *before,
                       const rpt_map_layout *l, int hex)
{
    double cx, cy, r = l->radius;
    rpt_map_hex_center(b->t, l, hex, &cx, &cy);
    rgb(cr, MARK_RGB);
    if (tile_is_new(b, before, hex)) {
        hex_path(cr, rpt_map_edge0(b->t), cx, cy, r * 0.94);
        cairo_set_line_width(cr, r * 0.09);
        cairo_stroke(cr);
    }
    int rot;
    const eng_track *tr = eng_board_track(b, hex, &rot);
    double e0 = rpt_map_edge0(b->t);
    for (int c = 0; c < tr->ncities; c++) {
        double x, y, rad = r * 0.2;
        node_position(tr, rot, e0, ENG_END_CITY, c, cx, cy, r, &x, &y);
        for (int s = 0; s < tr->cities[c].slots; s++) {
            int company = b->tokens[hex][c][s];
            if (company == ENG_NONE || had_station(before, hex, company))
                continue;
            cairo_arc(cr, x + (s - (tr->cities[c].slots - 1) / 2.0) * rad * 2, y, rad * 1.3, 0,
                      2 * M_PI);
            cairo_set_line_width(cr, r * 0.07);
            cairo_stroke(cr);
        }
    }
}

/* Impassable sides: a thick blue line (the Elbe). */
static void draw_borders(cairo_t *cr, const eng_title *t, const rpt_map_layout *l)
{
    double r = l->radius;
    cairo_set_source_rgb(cr, 0.15, 0.35, 0.8);
    cairo_set_line_width(cr, r * 0.12);
    for (int h = 0; h < t->nhexes; h++)
        for (int e = 0; e < 6; e++) {
            if (!(t->hexes[h].blocked & (1u << e)))
                continue;
            double cx, cy, x1, y1, x2, y2;
            rpt_map_hex_center(t, l, h, &cx, &cy);
            double a1 = (rpt_map_edge0(t) + 60.0 * e - 30.0) * M_PI / 180.0, a2 = a1 + M_PI / 3;
            x1 = cx + r * cos(a1);
            y1 = cy + r * sin(a1);
            x2 = cx + r * cos(a2);
            y2 = cy + r * sin(a2);
            cairo_move_to(cr, x1, y1);
            cairo_line_to(cr, x2, y2);
            cairo_stroke(cr);
        }
}

/* The letters and numbers round the map: a pointy map's letters down both sides and numbers
 * along the top and bottom, a flat one's the other way round. */
static void draw_coordinates(cairo_t *cr, const eng_title *t, const rpt_map_layout *l)
{
    double r = l->radius;
    bool flat = t->layout == ENG_LAYOUT_FLAT;
    double top = l->origin_y - (flat ? SQRT3 * r / 2 : r) - 8, bottom = l->map_bottom - 8;
    cairo_set_source_rgb(cr, 0.35, 0.3, 0.25);
    for (int row = t->min_row; row <= t->max_row; row++) {
        char s[4] = {(char)('A' + row), 0};
        double at = letter_at(t, l, row);
        text_centered(cr, s, flat ? at : MARGIN * 0.45, flat ? top : at, 18, true);
        text_centered(cr, s, flat ? at : l->width - MARGIN * 0.45, flat ? bottom : at, 18, true);
    }
    for (int col = t->min_col; col <= t->max_col; col++) {
        char s[8];
        snprintf(s, sizeof s, "%d", col);
        double at = number_at(t, l, col);
        text_centered(cr, s, flat ? MARGIN * 0.45 : at, flat ? at : top, 15, false);
        text_centered(cr, s, flat ? l->width - MARGIN * 0.45 : at, flat ? at : bottom, 15, false);
    }
}

static void legend_swatch(cairo_t *cr, double x, double y, uint32_t fill, const char *label)
{
    cairo_rectangle(cr, x, y - 9, 22, 18);
    rgb(cr, fill);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 15);
    text_from(cr, x + 30, y + 5, label);
}

/* A game's mark (rpt_map_mark): a marker or a blocking home, a label in the company's colours
 * across the hex's top; a destination, a diamond in its colours with its id, at the hex's left. */
static void draw_game_mark(cairo_t *cr, const eng_title *t, const rpt_map_layout *l,
                           const rpt_map_mark *m)
{
    const eng_company *c = &t->companies[m->company];
    double cx, cy, r = l->radius;
    rpt_map_hex_center(t, l, m->hex, &cx, &cy);
    cairo_set_line_width(cr, 1.5);
    if (m->kind == RPT_MARK_MARKER || m->kind == RPT_MARK_BLOCKING) {
        double w = r * 1.1, h = r * 0.3, y = cy - r * 0.62;
        cairo_rectangle(cr, cx - w / 2, y - h / 2, w, h);
        rgb(cr, c->color);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        cairo_stroke(cr);
        rgb(cr, c->text_color);
        text_centered(cr, m->label, cx, y, h * 0.7, true);
        return;
    }
    double x = cx - r * 0.55, y = cy - r * 0.25, d = r * 0.3;
    cairo_move_to(cr, x, y - d);
    cairo_line_to(cr, x + d, y);
    cairo_line_to(cr, x, y + d);
    cairo_line_to(cr, x - d, y);
    cairo_close_path(cr);
    rgb(cr, c->color);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_stroke(cr);
    rgb(cr, c->text_color);
    text_centered(cr, c->id, x, y, d * (strlen(c->id) > 2 ? 0.55 : 0.7), true);
}

/* The legend's line for the game's marks, when there are any; y moves down. */
static void legend_game_marks(cairo_t *cr, const rpt_map_marks *marks, double *y)
{
    bool blocking = false, others = false;
    for (int i = 0; marks && i < marks->n; i++)
        *(marks->v[i].kind == RPT_MARK_BLOCKING ? &blocking : &others) = true;
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    if (others) {
        *y += 26;
        text_from(cr, MARGIN, *y + 5,
                  "Diamond with a company's id: its destination, not reached yet. Coloured bar "
                  "across a hex: a private's marker there (its bonus), for that company.");
    }
    if (blocking) {
        *y += 26;
        text_from(cr, MARGIN, *y + 5,
                  "Bar \"blocks\" in a company's colours: its home station, placed at the start "
                  "(shown until it floats); others' runs do not pass through its full city.");
    }
}

/* The legend's line for the map's off-boards that raise a run, when it has some; y moves down. */
static void legend_run_doublers(cairo_t *cr, const eng_title *t, double *y)
{
    if (!has_run_doublers(t))
        return;
    *y += 26;
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 15);
    text_from(cr, MARGIN, *y + 5,
              "\xc3\x97" "2 on an off-board: worth nothing itself; a run that reaches it counts "
              "its other cities twice (+20, +30: that much more each, as the game's options "
              "say).");
}

/* The legend's line for the map's neutral stations, when it has some; y moves down. */
static void legend_neutral_stations(cairo_t *cr, const eng_title *t, double *y)
{
    if (!has_neutral_stations(t))
        return;
    *y += 26;
    draw_neutral_token(cr, MARGIN + 11, *y, 11);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 15);
    text_from(cr, MARGIN + 30, *y + 5,
              "A neutral station, held by no company from the start: no company may take its "
              "place; runs pass through.");
}

static void draw_legend(cairo_t *cr, const eng_title *t, const rpt_map_layout *l, bool marks,
                        const rpt_map_marks *game_marks)
{
    double y = l->map_bottom + 20;
    static const struct { eng_color c; const char *label; } colours[] = {
        {ENG_WHITE, "open"}, {ENG_YELLOW, "yellow"}, {ENG_GREEN, "green"},
        {ENG_BROWN, "brown / fixed"}, {ENG_RED, "off-board: yellow/green/brown phase values"}};
    const char *gray_label = "off-board: yellow/green/brown/gray phase values";
    double x = MARGIN;
    for (size_t i = 0; i < sizeof colours / sizeof *colours; i++) {
        bool gray = colours[i].c == ENG_RED && gray_offboard_values(t);
        legend_swatch(cr, x, y, hex_fill(colours[i].c), gray ? gray_label : colours[i].label);
        x += i + 1 < sizeof colours / sizeof *colours ? 150 : 0;
    }
    y += 34;
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 15);
    text_from(cr, MARGIN, y + 5,
              "Brown triangle: mountain, blue waves: river (cost to build). Thick blue side: "
              "impassable. White circles: station places; a company's id in colour: its home.");
    y += 26;
    text_from(cr, MARGIN, y + 5,
              "Black dot: a town. Number in a white circle: revenue. Small number in a hex: the "
              "tile laid there. Y, X, XX, B, HH: the hex's label (the tiles that upgrade it). "
              "Coloured disc: a station.");
    if (marks) {
        y += 26;
        double mx = MARGIN + 11;
        rgb(cr, MARK_RGB);
        cairo_set_line_width(cr, 4);
        hex_path(cr, rpt_map_edge0(t), mx, y, 10);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        text_from(cr, MARGIN + 30, y + 5, "Outlined hex: a tile laid this turn. Ringed token: a station placed "
                            "this turn.");
    }
    legend_game_marks(cr, game_marks, &y);
    legend_neutral_stations(cr, t, &y);
    legend_run_doublers(cr, t, &y);
    y += 40;
    x = MARGIN;
    double r = 15;
    for (int i = 0; i < t->ncompanies && x < l->width - 80; i++) {
        const eng_company *c = &t->companies[i];
        if (c->kind == ENG_PRIVATE)
            continue;
        cairo_arc(cr, x + r, y, r, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        cairo_fill(cr);
        draw_token(cr, c, x + r, y, r);
        x += 2 * r + 10;
    }
}

static void draw_all(cairo_t *cr, const eng_board *b, const eng_board *before,
                     const rpt_map_marks *marks, const rpt_map_layout *l, const char *caption)
{
    const eng_title *t = b->t;
    cairo_set_source_rgb(cr, paper[0], paper[1], paper[2]);
    cairo_paint(cr);
    buf title;
    buf_init(&title);
    buf_printf(&title, "%s%s%s", t->id, caption ? " — " : "", caption ? caption : "");
    cairo_set_source_rgb(cr, 0.15, 0.12, 0.1);
    text_centered(cr, title.data, l->width / 2.0, MARGIN * 0.6, 24, true);
    buf_free(&title);
    for (int h = 0; h < t->nhexes; h++)
        draw_hex(cr, b, l, h);
    draw_borders(cr, t, l);
    for (int h = 0; h < t->nhexes; h++)
        draw_labels(cr, b, l, h);
    for (int h = 0; before && h < t->nhexes; h++)
        draw_marks(cr, b, before, l, h);
    for (int i = 0; marks && i < marks->n; i++)
        draw_game_mark(cr, t, l, &marks->v[i]);
    draw_coordinates(cr, t, l);
    draw_legend(cr, t, l, before != NULL, marks);
}

int rpt_map_draw(const eng_board *b, const eng_board *before, const char *caption,
                 const char *path, char **err)
{
    return rpt_map_draw_marked(b, before, NULL, caption, path, err);
}

int rpt_map_draw_marked(const eng_board *b, const eng_board *before, const rpt_map_marks *marks,
                        const char *caption, const char *path, char **err)
{
    rpt_map_layout l;
    rpt_map_layout_for(b->t, &l);
    size_t n = strlen(path);
    bool svg = n > 4 && strcmp(path + n - 4, ".svg") == 0;
    bool png = n > 4 && strcmp(path + n - 4, ".png") == 0;
    if (!svg && !png) {
        *err = str_format("%s: the picture's name must end in .png or .svg", path);
        return -1;
    }
    cairo_surface_t *s = svg ? cairo_svg_surface_create(path, l.width, l.height)
                             : cairo_image_surface_create(CAIRO_FORMAT_RGB24, l.width, l.height);
    cairo_t *cr = cairo_create(s);
    draw_all(cr, b, before, marks, &l, caption);
    cairo_destroy(cr);
    cairo_status_t st = png ? cairo_surface_write_to_png(s, path) : CAIRO_STATUS_SUCCESS;
    cairo_surface_finish(s);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(s);
    cairo_surface_destroy(s);
    if (st != CAIRO_STATUS_SUCCESS) {
        *err = str_format("%s: %s", path, cairo_status_to_string(st));
        return -1;
    }
    return 0;
}

unsigned char *rpt_map_png(const eng_board *b, const eng_board *before, const char *caption,
                           size_t *len, char **err)
{
    return rpt_map_png_marked(b, before, NULL, caption, len, err);
}

unsigned char *rpt_map_png_marked(const eng_board *b, const eng_board *before,
                                  const rpt_map_marks *marks, const char *caption, size_t *len,
                                  char **err)
{
    rpt_map_layout l;
    rpt_map_layout_for(b->t, &l);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, l.width, l.height);
    cairo_t *cr = cairo_create(s);
    draw_all(cr, b, before, marks, &l, caption);
    cairo_destroy(cr);
    return rpt_png_take(s, "the map", len, err);
}
