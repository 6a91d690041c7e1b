/* Tests for src/report/mapdraw: the map picture is produced at the standard width, shows the
 * hexes in their colours, and shows laid tiles and station tokens where they are. */
#include "../engine/title_fixture.h"
#include "engine/board.h"
#include "report/mapdraw.h"

#include <cairo.h>
#include <math.h>

struct fx {
    eng_title *t;
    eng_board *b;
    char *dir;
    rpt_map_layout l;
};

static int setup(void **state)
{
    struct fx *f = calloc(1, sizeof *f);
    f->t = tf_load();
    f->b = eng_board_new(f->t);
    f->dir = th_tempdir();
    rpt_map_layout_for(f->t, &f->l);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fx *f = *state;
    eng_board_free(f->b);
    eng_title_free(f->t);
    th_rmrf(f->dir);
    free(f);
    return 0;
}

static cairo_surface_t *draw_png(struct fx *f)
{
    char *path = th_path(f->dir, "map.png"), *err = NULL;
    if (rpt_map_draw(f->b, NULL, "test", path, &err))
        fail_msg("draw: %s", err);
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
    free(path);
    return s;
}

static uint32_t pixel(cairo_surface_t *s, double x, double y)
{
    cairo_surface_flush(s);
    const unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    const uint32_t *row = (const uint32_t *)(data + (int)y * stride);
    return row[(int)x] & 0xffffff;
}

static uint32_t hex_pixel(struct fx *f, cairo_surface_t *s, const char *hex, double dx, double dy)
{
    double x, y;
    rpt_map_hex_center(f->t, &f->l, tf_hex(f->t, hex), &x, &y);
    return pixel(s, x + dx * f->l.radius, y + dy * f->l.radius);
}

static void test_starting_map(void **state)
{
    struct fx *f = *state;
    cairo_surface_t *s = draw_png(f);
    assert_int_equal(cairo_image_surface_get_width(s), 1600);
    assert_true(cairo_image_surface_get_height(s) > 1800);
    assert_int_equal(hex_pixel(f, s, "E11", 0, 0), 0xeee6cf);        /* open */
    assert_int_equal(hex_pixel(f, s, "E19", 0, 0.5), 0xf3dd58);      /* Berlin: yellow */
    assert_int_equal(hex_pixel(f, s, "C11", 0.5, -0.55), 0x79b96d);  /* Hamburg: green */
    assert_int_equal(hex_pixel(f, s, "C13", -0.5, 0.5), 0xc8925a);   /* Schwerin: brown */
    assert_int_equal(hex_pixel(f, s, "C21", 0, 0.6), 0xd65a4e);      /* Ostpreussen */
    cairo_surface_destroy(s);
}

/* A city whose value goes by the phase is written with each value as it changes (18GA's
 * Montgomery "30/40"); any other with its one value. */
static void test_values_by_phase(void **state)
{
    (void)state;
    char s[32];
    const int by_phase[ENG_NCOLORS] = {[ENG_YELLOW] = 30, [ENG_GREEN] = 30, [ENG_BROWN] = 40,
                                       [ENG_GRAY] = 40};
    rpt_map_value_text(30, true, by_phase, s, sizeof s);
    assert_string_equal(s, "30/40");
    rpt_map_value_text(20, false, by_phase, s, sizeof s);
    assert_string_equal(s, "20");
    eng_title *t = tf_load_title("18GA");
    const eng_city *montgomery = &t->hexes[tf_hex(t, "E1")].printed.cities[0];
    rpt_map_value_text(montgomery->revenue, montgomery->by_phase, montgomery->revenue_by_phase, s,
                       sizeof s);
    assert_string_equal(s, "30/40");
    eng_title_free(t);
}

static void test_tiles_and_stations_show(void **state)
{
    struct fx *f = *state;
    char why[128];
    eng_lay_option opts[16];
    int e11 = tf_hex(f->t, "E11");
    int n = eng_lay_options(f->b, ENG_NONE, e11, 1u << ENG_YELLOW, opts, 16);
    assert_true(n > 0);
    assert_int_equal(eng_lay_tile(f->b, ENG_NONE, e11, opts[0].tile, opts[0].rot,
                                  1u << ENG_YELLOW, why, sizeof why), 0);
    int by = eng_company_index(f->t, "BY"), o15 = tf_hex(f->t, "O15");
    assert_int_equal(eng_place_station(f->b, NULL, by, o15, 0, why, sizeof why), 0);
    cairo_surface_t *s = draw_png(f);
    /* a yellow tile lies on E11 now: its corners are yellow */
    assert_int_equal(hex_pixel(f, s, "E11", 0, -0.8), 0xf3dd58);
    /* BY's token: München's circle (drawn towards edge 1, west) holds BY's colour */
    const eng_track *tr = eng_board_track(f->b, o15, NULL);
    double a = (120.0 + 60.0 * tr->cities[0].loc) * M_PI / 180.0;
    uint32_t want = f->t->companies[by].color, got = hex_pixel(f, s, "O15", 0.45 * cos(a) - 0.12,
                                                                0.45 * sin(a) + 0.1);
    if (got != want)
        fail_msg("BY's token colour %06x not found at München (got %06x)", want, got);
    cairo_surface_destroy(s);
}

/* Cairo's paths of the picture (not its glyphs' symbols) that begin with a long line and go on
 * with a curve: a circle joined by a stray line to the text drawn before it (a letter's outline
 * drawn as a path has lines of a few pixels only). */
static int stray_lines(const char *svg)
{
    const char *body = strstr(svg, "</defs>"), *p = body ? body : svg;
    int n = 0;
    double x0, y0, x1, y1;
    while ((p = strstr(p, " d=\"M "))) {
        p += 4; /* at the M */
        int used = 0;
        if (sscanf(p, "M %lf %lf L %lf %lf C%n", &x0, &y0, &x1, &y1, &used) == 4 && used > 0)
            n += hypot(x1 - x0, y1 - y0) > 16;
    }
    return n;
}

/* A city's circle drawn after a value badge or a home's name is not joined to it by a line (the
 * helper trying the 1830 map saw a stray line from New York's badge; Berlin's too). */
static void test_no_stray_lines(void **state)
{
    struct fx *f = *state;
    char *path = th_path(f->dir, "lines.svg"), *err = NULL;
    if (rpt_map_draw(f->b, NULL, "test", path, &err))
        fail_msg("draw: %s", err);
    char *svg = util_read_file(path, NULL);
    assert_non_null(svg);
    assert_int_equal(stray_lines(svg), 0);
    free(svg);
    free(path);
}

static void test_svg_and_bad_names(void **state)
{
    struct fx *f = *state;
    char *path = th_path(f->dir, "map.svg"), *err = NULL;
    assert_int_equal(rpt_map_draw(f->b, NULL, NULL, path, &err), 0);
    char *svg = util_read_file(path, NULL);
    assert_non_null(strstr(svg, "<svg"));
    free(svg);
    free(path);
    path = th_path(f->dir, "map.gif");
    assert_int_equal(rpt_map_draw(f->b, NULL, NULL, path, &err), -1);
    assert_non_null(strstr(err, "must end in .png or .svg"));
    free(err);
    free(path);
    assert_int_equal(rpt_map_draw(f->b, NULL, NULL, "/nonexistent-dir/map.png", &err), -1);
    free(err);
}

/* Every city's name stays readable: no station place covers it, on the printed map and with the
 * tiles of a late game (green, brown) on the cities the issue named — Mainz/Wiesbaden and
 * Ludwigshafen/Mannheim were covered by their stations. */
static void test_no_station_covers_a_name(void **state)
{
    struct fx *f = *state;
    for (int h = 0; h < f->t->nhexes; h++)
        if (rpt_map_name_covered(f->b, h))
            fail_msg("the name of %s (%s) is under a station", f->t->hexes[h].id,
                     f->t->hexes[h].name);
    static const char *const named[] = {"J6", "L6"};
    for (int i = 0; i < 2; i++) { /* each tile of its label (yellow to brown), each rotation */
        int hex = tf_hex(f->t, named[i]);
        const eng_track *printed = eng_board_track(f->b, hex, NULL);
        int tried = 0;
        for (int k = 0; k < f->t->ntiles; k++)
            for (int rot = 0; rot < 6; rot++) {
                const eng_track *tr = &f->t->tiles[k].track;
                if (strcmp(tr->label, printed->label) != 0 || tr->ncities != printed->ncities ||
                    !(f->t->tiles[k].rotations & (1u << rot)))
                    continue;
                eng_board *b = eng_board_copy(f->b);
                b->tile[hex] = k;
                b->rot[hex] = rot;
                if (rpt_map_name_covered(b, hex))
                    fail_msg("%s under tile %s rotation %d: its name is under a station",
                             named[i], f->t->tiles[k].id, rot);
                eng_board_free(b);
                tried++;
            }
        assert_true(tried > 0);
    }
}

static int setup_1856(void **state)
{
    int rc = setup(state);
    struct fx *f = *state;
    eng_board_free(f->b);
    eng_title_free(f->t);
    f->t = tf_load_title("1856");
    f->b = eng_starting_board(f->t);
    rpt_map_layout_for(f->t, &f->l);
    return rc;
}

/* A flat layout (1856) is drawn as printed: the letters columns from the west (Detroit - Windsor
 * A20 at the west, Lower Canada Q8 at the east), a column's hexes one hex's height apart, the
 * next column's 1.5 radii across and half a height down; hexes with flat tops and corners east
 * and west; a track leaving by edge 4 (north-east) drawn there. */
static void test_flat_map(void **state)
{
    struct fx *f = *state;
    double r = f->l.radius, x[4], y[4];
    static const char *const at[4] = {"A20", "Q8", "N1", "N3"};
    for (int i = 0; i < 4; i++)
        rpt_map_hex_center(f->t, &f->l, tf_hex(f->t, at[i]), &x[i], &y[i]);
    assert_true(x[0] < x[1] && y[0] > y[1]);
    assert_true(fabs(x[1] - x[0] - 16 * 1.5 * r) < 1e-6);
    assert_true(fabs(x[2] - x[3]) < 1e-6 && fabs(y[3] - y[2] - sqrt(3) * r) < 1e-6);
    assert_true(rpt_map_edge0(f->t) == 90.0);
    cairo_surface_t *s = draw_png(f);
    assert_int_equal(cairo_image_surface_get_width(s), 1600);
    assert_true(x[1] + r <= 1600);
    assert_int_equal(hex_pixel(f, s, "Q10", 0.93, 0), 0xd65a4e); /* its east corner */
    assert_int_equal(hex_pixel(f, s, "Q10", 0, 0.82), 0xd65a4e); /* its flat bottom */
    assert_int_equal(hex_pixel(f, s, "G14", 0, -0.82), 0xeee6cf);
    double a = (90.0 + 60.0 * 4) * M_PI / 180.0; /* Detroit's track to its north-east */
    uint32_t track = hex_pixel(f, s, "A20", 0.75 * cos(a), 0.75 * sin(a));
    if (track != 0x1f1f1f && track != 0x1e1e1e)
        fail_msg("no track on Detroit's north-east edge (got %06x)", track);
    cairo_surface_destroy(s);
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_starting_map),
        T(test_tiles_and_stations_show),
        T(test_svg_and_bad_names),
        T(test_no_stray_lines),
        T(test_no_station_covers_a_name),
        cmocka_unit_test(test_values_by_phase),
        cmocka_unit_test_setup_teardown(test_flat_map, setup_1856, teardown),
    };
    return cmocka_run_group_tests_name("mapdraw", tests, NULL, NULL);
}
