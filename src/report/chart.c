/* chart: each player's worth turn by turn (see chart.h). */
#include "report/chart.h"
#include "report/png.h"

#include <cairo.h>
#include <stdio.h>

/* Colours that stay apart for the colour-blind (Okabe and Ito's palette). */
static const char *const colours[ENG_MAX_PLAYERS] = {"#0072b2", "#d55e00", "#009e73", "#cc79a7",
                                                     "#e69f00", "#56b4e9", "#000000"};

const char *rpt_player_colour(int p)
{
    return colours[p % ENG_MAX_PLAYERS];
}

static void set_colour(cairo_t *cr, const char *hex)
{
    unsigned v = 0;
    sscanf(hex + 1, "%x", &v);
    cairo_set_source_rgb(cr, ((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0,
                         (v & 0xff) / 255.0);
}

static void text_at(cairo_t *cr, const char *s, double x, double y, bool right)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    cairo_move_to(cr, right ? x - e.width - e.x_bearing : x, y);
    cairo_show_text(cr, s);
}

/* A round step for the value axis: 1, 2 or 5 times a power of ten, about five steps in all. */
static int value_step(int top)
{
    static const int mantissa[] = {1, 2, 5};
    for (int power = 1;; power *= 10)
        for (int i = 0; i < 3; i++)
            if (top / (mantissa[i] * power) <= 5)
                return mantissa[i] * power;
}

unsigned char *rpt_worth_chart_png(const char *const *names, int nplayers,
                                   const int (*worth)[ENG_MAX_PLAYERS], int nturns, size_t *len,
                                   char **err)
{
    const double left = 60, right = 150, top = 16, bottom = 34;
    double pw = RPT_CHART_WIDTH - left - right, ph = RPT_CHART_HEIGHT - top - bottom;
    int most = 1;
    for (int k = 0; k <= nturns; k++)
        for (int p = 0; p < nplayers; p++)
            most = worth[k][p] > most ? worth[k][p] : most;
    int step = value_step(most);
    int ceiling = (most + step - 1) / step * step;
    cairo_surface_t *s =
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, RPT_CHART_WIDTH, RPT_CHART_HEIGHT);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 11);
    cairo_set_line_width(cr, 1);
    for (int v = 0; v <= ceiling; v += step) { /* the value grid */
        double y = top + ph - ph * v / ceiling;
        cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
        cairo_move_to(cr, left, y);
        cairo_line_to(cr, left + pw, y);
        cairo_stroke(cr);
        char label[16];
        snprintf(label, sizeof label, "%d", v);
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        text_at(cr, label, left - 6, y + 4, true);
    }
    int tick = nturns > 20 ? 5 : nturns > 10 ? 2 : 1;
    for (int k = 0; k <= nturns; k += tick) { /* the turns */
        char label[16];
        snprintf(label, sizeof label, "%d", k);
        double x = left + (nturns ? pw * k / nturns : pw / 2);
        text_at(cr, label, x - 3, top + ph + 16, false);
    }
    text_at(cr, "turn", left + pw, top + ph + 30, true);
    cairo_set_line_width(cr, 2.5);
    for (int p = 0; p < nplayers; p++) {
        set_colour(cr, colours[p % ENG_MAX_PLAYERS]);
        for (int k = 0; k <= nturns; k++) {
            double x = left + (nturns ? pw * k / nturns : pw / 2);
            double y = top + ph - ph * worth[k][p] / ceiling;
            if (k == 0)
                cairo_move_to(cr, x, y);
            else
                cairo_line_to(cr, x, y);
        }
        cairo_stroke(cr);
        cairo_rectangle(cr, left + pw + 14, top + 8 + p * 20, 14, 4);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        char label[64];
        snprintf(label, sizeof label, "%.40s %d", names[p], worth[nturns][p]);
        text_at(cr, label, left + pw + 34, top + 14 + p * 20, false);
    }
    cairo_destroy(cr);
    return rpt_png_take(s, "the worth chart", len, err);
}
