/* title_patch: a title patched before it is read — a variant that extends another ("extends",
 * its lists merged entry by entry), and the "title" changes of the game options chosen;
 * eng_title_load and eng_title_load_chosen. */
#include "engine/title_loader.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The key an entry of a list is known by in a variant, or NULL for a member replaced whole. */
static const char *entry_key(const char *list)
{
    static const char *const by_id[] = {"hexes", "tiles", "privates", "minors", "majors",
                                        "game_options"};
    for (size_t i = 0; i < sizeof by_id / sizeof *by_id; i++)
        if (strcmp(list, by_id[i]) == 0)
            return "id";
    return strcmp(list, "trains") == 0 || strcmp(list, "phases") == 0 ? "name" : NULL;
}

static int entry_index(const cJSON *list, const char *key, const char *value)
{
    int i = 0;
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(it, key);
        if (cJSON_IsString(k) && strcmp(k->valuestring, value) == 0)
            return i;
        i++;
    }
    return -1;
}

/* An entry's members given by a patch replace the entry's own (the others are kept). */
static void patch_entry(cJSON *entry, const cJSON *patch)
{
    const cJSON *m;
    cJSON_ArrayForEach(m, patch)
    {
        if (strcmp(m->string, "patch") == 0)
            continue;
        if (cJSON_GetObjectItemCaseSensitive(entry, m->string))
            cJSON_ReplaceItemInObjectCaseSensitive(entry, m->string, cJSON_Duplicate(m, true));
        else
            cJSON_AddItemToObject(entry, m->string, cJSON_Duplicate(m, true));
    }
}

/* The variant's entries into the base's list: replaced by key, removed, patched or added. */
static bool merge_list(cJSON *base, const cJSON *over, const char *key, const char *list,
                       char **err)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, over)
    {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(it, key);
        if (!cJSON_IsString(k)) {
            *err = str_format("%s: an entry without its \"%s\"", list, key);
            return false;
        }
        int at = entry_index(base, key, k->valuestring);
        bool removed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(it, "remove"));
        if (removed && at < 0) {
            *err = str_format("%s[%s]: removed, but the base has none", list, k->valuestring);
            return false;
        }
        bool patch = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(it, "patch"));
        if (patch && at < 0) {
            *err = str_format("%s[%s]: patched, but the base has none", list, k->valuestring);
            return false;
        }
        if (removed)
            cJSON_DeleteItemFromArray(base, at);
        else if (patch)
            patch_entry(cJSON_GetArrayItem(base, at), it);
        else if (at >= 0)
            cJSON_ReplaceItemInArray(base, at, cJSON_Duplicate(it, true));
        else
            cJSON_AddItemToArray(base, cJSON_Duplicate(it, true));
    }
    return true;
}

/* Whether over names the list `list` in its "replace_whole": a variant whose list is not
 * merged entry by entry but replaces the base's (18Kaas's map: none of 1830's hexes stays). */
static bool replaced_whole(const cJSON *over, const char *list)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(over, "replace_whole"))
        if (cJSON_IsString(it) && strcmp(it->valuestring, list) == 0)
            return true;
    return false;
}

/* over's members into base (both parsed titles); false with err. */
static bool merge_title(cJSON *base, const cJSON *over, char **err)
{
    const cJSON *m;
    cJSON_ArrayForEach(m, over)
    {
        if (strcmp(m->string, "extends") == 0 || strcmp(m->string, "replace_whole") == 0)
            continue;
        const char *key = entry_key(m->string);
        cJSON *mine = cJSON_GetObjectItemCaseSensitive(base, m->string);
        if (key && cJSON_IsArray(m) && cJSON_IsArray(mine) && !replaced_whole(over, m->string)) {
            if (!merge_list(mine, m, key, m->string, err))
                return false;
        } else if (mine) {
            cJSON_ReplaceItemInObjectCaseSensitive(base, m->string, cJSON_Duplicate(m, true));
        } else {
            cJSON_AddItemToObject(base, m->string, cJSON_Duplicate(m, true));
        }
    }
    return true;
}

/* The title's JSON with what it extends under it, or NULL with err. */
static cJSON *load_layers(const char *name, eng_title_reader read, void *ctx, int depth,
                          char **err)
{
    char *json = read(name, ctx);
    if (!json) {
        *err = str_format("there is no title \"%s\"", name);
        return NULL;
    }
    char *where = str_format("%s.json: ", name);
    cJSON *root = eng_title_json_parse(where, json, err);
    free(json);
    const cJSON *ext = root ? cJSON_GetObjectItemCaseSensitive(root, "extends") : NULL;
    cJSON *base = NULL;
    if (ext && (!cJSON_IsString(ext) || depth >= 4)) {
        *err = str_format("%sextends: %s", where,
                          cJSON_IsString(ext) ? "more than four titles deep" : "a title's name");
    } else if (ext && (base = load_layers(ext->valuestring, read, ctx, depth + 1, err)) &&
               !cJSON_GetObjectItemCaseSensitive(base, "extends_title") &&
               !cJSON_AddItemToObject(base, "extends_title", /* the first title of the chain */
                                      cJSON_Duplicate(member(base, "title"), true))) {
        *err = str_format("%sextends: a title without its \"title\"", where);
        cJSON_Delete(base);
        base = NULL;
    } else if (base && !merge_title(base, root, err)) {
        char *e = *err;
        *err = str_format("%s%s", where, e);
        free(e);
        cJSON_Delete(base);
        base = NULL;
    }
    free(where);
    if (!ext)
        return root;
    cJSON_Delete(root);
    return base;
}

/* The "title" changes of the choice named `choice` of the option `id` in the title's JSON. */
static const cJSON *choice_changes(const cJSON *root, const char *id, const char *choice)
{
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(root, "game_options"), *o;
    cJSON_ArrayForEach(o, opts)
    {
        const cJSON *oid = cJSON_GetObjectItemCaseSensitive(o, "id");
        if (cJSON_IsString(oid) && strcmp(oid->valuestring, id) == 0)
            return cJSON_GetObjectItemCaseSensitive(
                cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(o, "choices"),
                                                 choice),
                "title");
    }
    return NULL;
}

bool eng_choices_change_title(const eng_title *t, const int *chosen)
{
    for (int i = 0; i < t->ngame_options; i++)
        if (t->game_options[i].choices[chosen[i]].changes_title)
            return true;
    return false;
}

eng_title *eng_title_load_chosen(const char *name, eng_title_reader read, void *ctx,
                                 const eng_title *base, const int *chosen, char **err)
{
    cJSON *root = load_layers(name, read, ctx, 0, err);
    for (int i = 0; root && i < base->ngame_options; i++) {
        const eng_game_option *opt = &base->game_options[i];
        const eng_choice *ch = &opt->choices[chosen[i]];
        const cJSON *patch = ch->changes_title ? choice_changes(root, opt->id, ch->name) : NULL;
        cJSON *mine = patch ? cJSON_Duplicate(patch, true) : NULL;
        if (mine && !merge_title(root, mine, err)) {
            char *e = *err;
            *err = str_format("%s.json: game_options[%s].choices[%s].title: %s", name, opt->id,
                              ch->name, e);
            free(e);
            cJSON_Delete(root);
            root = NULL;
        }
        cJSON_Delete(mine);
    }
    eng_title *t = root ? eng_title_from_json(root, err) : NULL;
    cJSON_Delete(root);
    return t;
}

eng_title *eng_title_load(const char *name, eng_title_reader read, void *ctx, char **err)
{
    cJSON *root = load_layers(name, read, ctx, 0, err);
    eng_title *t = root ? eng_title_from_json(root, err) : NULL;
    cJSON_Delete(root);
    return t;
}
