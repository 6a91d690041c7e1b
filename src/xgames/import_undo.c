/* import_undo: the file's actions as 18xx.games replays them (lib/engine/game/base.rb,
 * filtered_actions): an undo takes back the last action still in force (a message never), or
 * with action_id N every action after N (0: all); each undo's actions wait on a stack, a redo
 * restores the last of them, any other action clears the stack. The `skip` flags some exports
 * carry are not read. Kept actions come in order, each followed by its auto_actions. */
#include "xgames/import_internal.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

static bool is_type(const cJSON *a, const char *type)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(a, "type");
    return cJSON_IsString(t) && strcmp(t->valuestring, type) == 0;
}

/* One undo's actions taken back: their indexes. */
struct undone {
    int n;
    int *at;
};

struct resolve {
    const cJSON *const *all; /* the file's actions, by index */
    const cJSON **active; /* by index in the file: the action in force, or NULL */
    int n;
    struct undone *stack;
    int depth;
};

static int id_of(const cJSON *a)
{
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(a, "id");
    return cJSON_IsNumber(id) ? id->valueint : -1;
}

/* Where an undo goes back to: the index from which actions are taken back; -1 with why. */
static int undo_from(xg_importer *x, struct resolve *r, const cJSON *const *all, const cJSON *a,
                     int index)
{
    const cJSON *target = cJSON_GetObjectItemCaseSensitive(a, "action_id");
    if (target && !cJSON_IsNumber(target))
        return xg_refuse(x, "its action_id is not a number");
    if (target && target->valueint == 0)
        return 0;
    if (target) {
        for (int i = 0; i < index; i++)
            if (id_of(all[i]) == target->valueint)
                return i + 1;
        return xg_refuse(x, "it goes back to action %d, which comes nowhere before it",
                         target->valueint);
    }
    for (int i = index - 1; i >= 0; i--)
        if (r->active[i] && !is_type(r->active[i], "message"))
            return i;
    return 0;
}

static void undo(struct resolve *r, int from, int index)
{
    struct undone u = {0, xmalloc(sizeof(int) * (size_t)(index - from + 1))};
    for (int i = from; i < index; i++)
        if (r->active[i] && !is_type(r->active[i], "message")) {
            u.at[u.n++] = i;
            r->active[i] = NULL;
        }
    r->stack[r->depth++] = u;
}

static void clear_stack(struct resolve *r)
{
    while (r->depth > 0)
        free(r->stack[--r->depth].at);
}

static int redo(xg_importer *x, struct resolve *r, const cJSON *const *all)
{
    if (r->depth == 0)
        return xg_refuse(x, "there is nothing undone to redo");
    struct undone *u = &r->stack[--r->depth];
    for (int k = 0; k < u->n; k++)
        r->active[u->at[k]] = all[u->at[k]];
    free(u->at);
    return 0;
}

static int walk(xg_importer *x, struct resolve *r, const cJSON *const *all)
{
    for (int i = 0; i < r->n; i++) {
        x->id = id_of(all[i]);
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(all[i], "type");
        x->type = cJSON_IsString(type) ? type->valuestring : "?";
        if (is_type(all[i], "undo")) {
            int from = undo_from(x, r, all, all[i], i);
            if (from < 0)
                return -1;
            undo(r, from, i);
        } else if (is_type(all[i], "redo")) {
            if (redo(x, r, all))
                return -1;
        } else {
            if (!is_type(all[i], "message"))
                clear_stack(r);
            r->active[i] = all[i];
        }
    }
    return 0;
}

/* The kept actions, each with its auto_actions after it, into x->kept. */
static void keep_action(xg_importer *x, const struct resolve *r)
{
    int n = 0;
    for (int i = 0; i < r->n; i++)
        if (r->active[i])
            n += 1 + cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(r->active[i],
                                                                         "auto_actions"));
    x->kept = xcalloc((size_t)(n ? n : 1), sizeof *x->kept);
    for (int i = 0; i < r->n; i++) {
        if (!r->active[i])
            continue;
        int id = id_of(r->active[i]);
        x->kept[x->nkept++] = (xg_kept){r->active[i], id, false};
        x->out->nkept++;
        const cJSON *aa;
        cJSON_ArrayForEach(aa, cJSON_GetObjectItemCaseSensitive(r->active[i], "auto_actions"))
        {
            x->kept[x->nkept++] = (xg_kept){aa, id, true};
            x->out->nauto++;
        }
    }
    for (int i = 0; i < r->n; i++)
        x->out->nundone += !r->active[i] && !is_type(r->all[i], "undo") &&
                           !is_type(r->all[i], "redo");
}

int xg_resolve_actions(xg_importer *x, const cJSON *actions)
{
    struct resolve r = {0};
    r.n = cJSON_GetArraySize(actions);
    const cJSON **all = xcalloc((size_t)(r.n ? r.n : 1), sizeof *all);
    r.active = xcalloc((size_t)(r.n ? r.n : 1), sizeof *r.active);
    r.stack = xcalloc((size_t)(r.n ? r.n : 1), sizeof *r.stack);
    int i = 0;
    const cJSON *a;
    cJSON_ArrayForEach(a, actions)
        all[i++] = a;
    r.all = all;
    int rc = walk(x, &r, all);
    if (rc == 0)
        keep_action(x, &r);
    clear_stack(&r);
    free(r.stack);
    free(r.active);
    free(all);
    return rc;
}
