/* title_fixture: loads a title of config/games/ (1835 unless named) for the engine tests (run
 * from the source tree), and looks up its entries, failing the test on a name it lacks. */
#ifndef PBEMGM_TEST_TITLE_FIXTURE_H
#define PBEMGM_TEST_TITLE_FIXTURE_H

#include "../helpers.h"
#include "engine/game.h"
#include "engine/title.h"
#include "util/util.h"

static inline char *tf_json_of(const char *title)
{
    char path[64];
    snprintf(path, sizeof path, "config/games/%s.json", title);
    char *json = util_read_file(path, NULL);
    if (!json)
        fail_msg("cannot read %s", path);
    return json;
}

static inline eng_title *tf_load_title(const char *title)
{
    char *json = tf_json_of(title);
    char *err = NULL;
    eng_title *t = eng_title_parse(json, &err);
    if (!t)
        fail_msg("%s.json does not load: %s", title, err);
    free(json);
    return t;
}

static inline char *tf_json(void)
{
    return tf_json_of("1835");
}

static inline eng_title *tf_load(void)
{
    return tf_load_title("1835");
}

/* Tiles by colour: how many (per_color) and how many kinds (kinds), each ENG_NCOLORS long. */
static inline void tf_count_tiles(const eng_title *t, int *per_color, int *kinds)
{
    for (int i = 0; i < t->ntiles; i++) {
        per_color[t->tiles[i].track.color] += t->tiles[i].count;
        kinds[t->tiles[i].track.color]++;
    }
}

static inline const eng_company *tf_company(const eng_title *t, const char *id)
{
    int i = eng_company_index(t, id);
    if (i < 0)
        fail_msg("no company %s", id);
    return &t->companies[i];
}

static inline int tf_hex(const eng_title *t, const char *id)
{
    int h = eng_hex_index(t, id);
    if (h < 0)
        fail_msg("no hex %s", id);
    return h;
}

static inline int tf_tile(const eng_title *t, const char *id)
{
    int k = eng_tile_index(t, id);
    if (k < 0)
        fail_msg("no tile %s", id);
    return k;
}

/* Whether the upgrades allow tile id on hex (NULL: on any hex, unrestricted). */
static inline bool tf_upgrades_to_on(const eng_title *t, const eng_upgrades *up, const char *id,
                                     const char *hex)
{
    for (int i = 0; i < up->n; i++) {
        if (up->v[i].tile != tf_tile(t, id))
            continue;
        if (!up->v[i].hexes)
            return true;
        for (int k = 0; hex && k < up->v[i].nhexes; k++)
            if (up->v[i].hexes[k] == tf_hex(t, hex))
                return true;
    }
    return false;
}

/* A title file's text by the title's name, from config/games/ (eng_title_load's reader). */
static inline char *tf_read_games_file(const char *name, void *ctx)
{
    (void)ctx;
    char path[128];
    snprintf(path, sizeof path, "config/games/%s.json", name);
    return util_read_file(path, NULL);
}

/* The title base (config/games/ID.json) as the game options in text make it, when their
 * choices change its data (eng_title_load_chosen, as the service loads it); NULL when they
 * change nothing (text NULL: the defaults). The test fails when the options are not the title's
 * or the title they make does not load. */
static inline eng_title *tf_title_with(const eng_title *base, const char *text)
{
    eng_options o;
    char why[256], *err = NULL;
    eng_options_default(base, &o);
    if (text && eng_options_parse(base, &o, text, why, sizeof why) != 0)
        fail_msg("%s: %s", text, why);
    if (!eng_choices_change_title(base, o.chosen))
        return NULL;
    eng_title *t = eng_title_load_chosen(base->id, tf_read_games_file, NULL, base, o.chosen, &err);
    if (!t)
        fail_msg("%s with %s does not load: %s", base->id, text, err);
    return t;
}

/* The edges a track reaches, a bit per edge (as printed: no rotation). */
static inline unsigned tf_edges_of(const eng_track *tr)
{
    unsigned m = 0;
    for (int i = 0; i < tr->npaths; i++) {
        if (tr->paths[i].a.kind == ENG_END_EDGE)
            m |= 1u << tr->paths[i].a.index;
        if (tr->paths[i].b.kind == ENG_END_EDGE)
            m |= 1u << tr->paths[i].b.index;
    }
    return m;
}

/* The edge of hex a that faces hex b. */
static inline int tf_edge_towards(const eng_title *t, const char *a, const char *b)
{
    for (int e = 0; e < 6; e++)
        if (eng_neighbor(t, tf_hex(t, a), e) == tf_hex(t, b))
            return e;
    fail_msg("%s and %s are not neighbours", a, b);
    return -1;
}

#endif
