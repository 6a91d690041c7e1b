/* title_read_phase: a tile's upgrades allowed only from a phase on — its members
 * "upgrades_from_phase_P" (P a phase's name), lists as "upgrades_to" (docs/titles.md): 1856's
 * town tiles to plain track or cities from phase 6 (Rails' Upgrade phase="6,D"). Read once the
 * phases are, added to the tile's upgrades with their phase. */
#include "engine/title_loader.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PREFIX "upgrades_from_phase_"

static int phase_named(const eng_title *t, const char *name)
{
    for (int p = 0; p < t->nphases; p++)
        if (strcmp(t->phases[p].name, name) == 0)
            return p;
    return -1;
}

/* The list's upgrades appended to up, from phase `phase` on. */
static bool append(struct loader *L, const char *where, const cJSON *list, int phase,
                   eng_upgrades *up)
{
    eng_upgrades more = {0};
    if (!eng_title_read_upgrades(L, where, list, &more))
        return false;
    up->v = xrealloc(up->v, (size_t)(up->n + more.n + 1) * sizeof *up->v);
    for (int i = 0; i < more.n; i++) {
        more.v[i].from_phase = phase;
        up->v[up->n++] = more.v[i];
    }
    free(more.v);
    return true;
}

bool eng_title_read_phase_upgrades(struct loader *L, const cJSON *root)
{
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, member(root, "tiles"))
    {
        const cJSON *m;
        cJSON_ArrayForEach(m, it)
        {
            if (!m->string || strncmp(m->string, PREFIX, strlen(PREFIX)) != 0)
                continue;
            char where[64];
            snprintf(where, sizeof where, "tiles[%s].%s", L->t->tiles[i].id, m->string);
            int phase = phase_named(L->t, m->string + strlen(PREFIX));
            if (phase < 0)
                return bad(L, "%s: there is no phase \"%s\"", where, m->string + strlen(PREFIX));
            if (!append(L, where, m, phase, &L->t->tiles[i].upgrades))
                return false;
        }
        i++;
    }
    return true;
}
