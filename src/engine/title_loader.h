/* title_loader: what the files reading a title share (title_*.c) — the loader's
 * state, the primitives reading a member of the JSON (each error names its entry), and the stages
 * eng_title_from_json runs in order. Not for use outside these files. */
#ifndef PBEMGM_ENG_TITLE_LOADER_H
#define PBEMGM_ENG_TITLE_LOADER_H

#include "engine/title.h"
#include "util/buf.h"

#include <cJSON.h>
#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

/* The loader's state: the title being built, and the first error. */
struct loader {
    eng_title *t;
    buf err;
    bool failed;
};

static inline bool bad(struct loader *L, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static inline bool bad(struct loader *L, const char *fmt, ...)
{
    if (L->failed)
        return false;
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(&L->err, fmt, ap);
    va_end(ap);
    L->failed = true;
    return false;
}

/* A member of an object; a JSON null counts as absent. */
static inline const cJSON *member(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNull(v) ? NULL : v;
}

/* Reads an optional integer member; false (with the error) when present but not an integer. */
static inline bool get_int(struct loader *L, const char *where, const cJSON *obj,
                           const char *key, int *out, int dflt)
{
    const cJSON *v = member(obj, key);
    if (!v) {
        *out = dflt;
        return true;
    }
    if (!cJSON_IsNumber(v) || v->valuedouble != (int)v->valuedouble)
        return bad(L, "%s.%s: must be a whole number", where, key);
    *out = (int)v->valuedouble;
    return true;
}

static inline bool get_str(struct loader *L, const char *where, const cJSON *obj,
                           const char *key, char *out, size_t size, bool required)
{
    const cJSON *v = member(obj, key);
    if (!v) {
        out[0] = '\0';
        return required ? bad(L, "%s: \"%s\" is missing", where, key) : true;
    }
    if (!cJSON_IsString(v))
        return bad(L, "%s.%s: must be a string", where, key);
    if (strlen(v->valuestring) >= size)
        return bad(L, "%s.%s: \"%s\" is too long", where, key, v->valuestring);
    strcpy(out, v->valuestring);
    return true;
}

/* A true/false member with a default. */
static inline bool get_bool_or(struct loader *L, const char *where, const cJSON *obj,
                               const char *key, bool *out, bool dflt)
{
    const cJSON *v = member(obj, key);
    *out = v ? cJSON_IsTrue(v) : dflt;
    return !v || cJSON_IsBool(v) ? true : bad(L, "%s.%s: must be true or false", where, key);
}

static inline const cJSON *get_array(struct loader *L, const char *where, const cJSON *obj,
                                     const char *key, bool required)
{
    const cJSON *v = member(obj, key);
    if (!v) {
        if (required)
            bad(L, "%s: \"%s\" is missing", where, key);
        return NULL;
    }
    if (!cJSON_IsArray(v)) {
        bad(L, "%s.%s: must be a list", where, key);
        return NULL;
    }
    return v;
}

/* Which of the n words v is (in that case), or -1 (not a string, or none of them). */
static inline int word_index(const cJSON *v, const char *const *words, int n)
{
    for (int k = 0; cJSON_IsString(v) && k < n; k++)
        if (strcmp(v->valuestring, words[k]) == 0)
            return k;
    return -1;
}

/* A colour by its name ("yellow"), or -1. */
static inline int color_parse(const char *s)
{
    for (int i = 0; i < ENG_NCOLORS; i++)
        if (strcmp(s, eng_color_name((eng_color)i)) == 0)
            return i;
    return -1;
}

/* The title from its parsed JSON (root is the caller's), or NULL with err (title_read.c). */
eng_title *eng_title_from_json(const cJSON *root, char **err);
/* The JSON text parsed, or NULL with the line of the fault in err (name leads it). */
cJSON *eng_title_json_parse(const char *name, const char *json, char **err);

/* The map (title_read_map.c): the tile catalogue, then the hexes. */
bool eng_title_read_tiles(struct loader *L, const cJSON *root);
bool eng_title_read_hexes(struct loader *L, const cJSON *root);

/* Companies, trains, phases, market, players, start packet, rights (title_read_companies.c),
 * their references resolved as each list they name is read. */
bool eng_title_read_companies(struct loader *L, const cJSON *root);

/* Capitalisation by the train on sale, float percents, majors' destinations
 * (title_read_capital.c), once the companies and trains are read. */
bool eng_title_read_capital(struct loader *L, const cJSON *root);

/* The game options the title declares (title_options.c), and the companies their rules name,
 * once the companies are read. */
bool eng_title_read_game_options(struct loader *L, const cJSON *root);
bool eng_title_resolve_option_companies(struct loader *L, const cJSON *root);

/* The references between entries, resolved and checked once what they name is read
 * (title_check.c). */
bool eng_title_check_borders(struct loader *L);
bool eng_title_read_upgrades(struct loader *L, const char *where, const cJSON *list,
                             eng_upgrades *up);
void eng_title_free_upgrades(eng_upgrades *up);
bool eng_title_resolve_upgrades(struct loader *L, const cJSON *root);
bool eng_title_resolve_company_refs(struct loader *L, const cJSON *root);
bool eng_title_resolve_formation_trains(struct loader *L, const cJSON *root);
/* A "national"'s "national_rules" (1856's CGR), once trains are read (title_read_national.c). */
bool eng_title_read_national(struct loader *L, const cJSON *root);
/* The tiles' "upgrades_from_phase_P" (title_read_phase.c), once the phases are read. */
bool eng_title_read_phase_upgrades(struct loader *L, const cJSON *root);
/* A private's powers beyond its tile lay and station (title_read_powers.c): the tiles its lay
 * may be, when it closes, its run bonus, its marker. */
bool eng_title_read_power_extras(struct loader *L, const char *where, const cJSON *pw,
                                 eng_powers *out);
/* Each private's "free_train" power (18GA's OSO), once the trains and phases are read; -1 in
 * every company without one (title_read_powers.c). */
bool eng_title_read_free_trains(struct loader *L, const cJSON *root);
bool eng_title_check_par_spaces(struct loader *L);
bool eng_title_read_rights(struct loader *L, const cJSON *root);

/* The title's loans ("loans": title_read_loans.c), once the phases are read. */
bool eng_title_read_loans(struct loader *L, const cJSON *root);
/* title_read_rules.c: depot trains a turn, the market's end, neutral stations, terminal cities,
 * only_tiles, several homes, a home placed at the start (docs/titles.md) */
bool eng_title_read_rules(struct loader *L, const cJSON *root);

/* The title on 18xx.games ("18xx.games": title_xgames.c), once the tiles and hexes are read. */
bool eng_title_read_xgames(struct loader *L, const cJSON *root);

#endif
