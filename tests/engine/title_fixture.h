/* title_fixture: loads config/games/1835.json for the engine tests (run from the source tree). */
#ifndef PBEMGM_TEST_TITLE_FIXTURE_H
#define PBEMGM_TEST_TITLE_FIXTURE_H

#include "../helpers.h"
#include "engine/title.h"
#include "util/util.h"

static inline char *tf_json(void)
{
    char *json = util_read_file("config/games/1835.json", NULL);
    assert_non_null(json);
    return json;
}

static inline eng_title *tf_load(void)
{
    char *json = tf_json();
    char *err = NULL;
    eng_title *t = eng_title_parse(json, &err);
    if (!t)
        fail_msg("1835.json does not load: %s", err);
    free(json);
    return t;
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

#endif
