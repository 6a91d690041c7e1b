/* title_options: the game options a title declares ("game_options", "option_presets"): their
 * choices, the rules each choice sets, and whether it changes the title's data. */
#include "engine/title_loader.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const start_orders[] = {"standard", "snake"};

/* A choice's "start_order": standard or snake, or a word naming a way of dealing the title's
 * hooks add (engine/hooks.h: checked when a game is created, eng_game_new). */
static bool parse_start_order(struct loader *L, const char *where, const cJSON *it,
                              eng_choice *ch)
{
    int k = word_index(it, start_orders, 2);
    if (k < 0 && (!cJSON_IsString(it) || !*it->valuestring ||
                  strlen(it->valuestring) >= sizeof ch->rules.dealing))
        return bad(L, "%s.start_order: must be standard, snake or the name of a way of dealing "
                      "the title's hooks add", where);
    ch->rules.start_order = k < 0 ? ENG_START_TITLE : (eng_start_order)k;
    if (k < 0)
        snprintf(ch->rules.dealing, sizeof ch->rules.dealing, "%s", it->valuestring);
    ch->sets |= ENG_RULE_START_ORDER;
    return true;
}

/* The rules a choice sets (its "rules"); a company's id (minors_wait_for) is looked up once the
 * companies are read (eng_title_resolve_option_companies). */
static bool parse_rules(struct loader *L, const char *where, const cJSON *rules, eng_choice *ch)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, rules)
    {
        if (strcmp(it->string, "start_order") == 0) {
            if (!parse_start_order(L, where, it, ch))
                return false;
        } else if (strcmp(it->string, "ferry_toll_when_crossing") == 0) {
            if (!get_bool_or(L, where, rules, it->string, &ch->rules.ferry_toll_when_crossing,
                             false))
                return false;
            ch->sets |= ENG_RULE_FERRY;
        } else if (strcmp(it->string, "station_ends_track") == 0) {
            if (!get_bool_or(L, where, rules, it->string, &ch->rules.station_ends_track, false))
                return false;
            ch->sets |= ENG_RULE_STATION_ENDS_TRACK;
        } else if (strcmp(it->string, "auction_pass_leaves") == 0) {
            if (!get_bool_or(L, where, rules, it->string, &ch->rules.auction_pass_leaves, false))
                return false;
            ch->sets |= ENG_RULE_AUCTION_PASS_LEAVES;
        } else if (strcmp(it->string, "minors_wait_for") == 0) {
            if (!cJSON_IsString(it))
                return bad(L, "%s.minors_wait_for: must be a company's id", where);
            ch->sets |= ENG_RULE_MINORS_WAIT;
        } else if (strcmp(it->string, "first_turn_tile_lays") == 0) {
            if (!get_int(L, where, rules, it->string, &ch->rules.first_turn_tile_lays, 0))
                return false;
            ch->sets |= ENG_RULE_FIRST_TURN_LAYS;
        } else {
            return bad(L, "%s: there is no rule \"%s\" (start_order, ferry_toll_when_crossing, "
                          "station_ends_track, minors_wait_for, auction_pass_leaves, "
                          "first_turn_tile_lays)", where,
                       it->string);
        }
    }
    return true;
}

static bool parse_choices(struct loader *L, const char *where, const cJSON *choices,
                          eng_game_option *o)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, choices)
    {
        char w[160];
        snprintf(w, sizeof w, "%s.choices[%s]", where, it->string);
        if (o->nchoices == ENG_MAX_CHOICES)
            return bad(L, "%s: more than %d choices", where, ENG_MAX_CHOICES);
        eng_choice *ch = &o->choices[o->nchoices];
        memset(ch, 0, sizeof *ch);
        if (!cJSON_IsObject(it) || strlen(it->string) >= sizeof ch->name || !it->string[0])
            return bad(L, "%s: must be an object named by a short word", w);
        for (int k = 0; k < o->nchoices; k++)
            if (strcasecmp(o->choices[k].name, it->string) == 0)
                return bad(L, "%s: the choice is named twice", w);
        strcpy(ch->name, it->string);
        ch->numeric = member(it, "number") != NULL;
        const cJSON *changes = member(it, "title");
        if (changes && (!cJSON_IsObject(changes) || member(changes, "game_options") ||
                        member(changes, "option_presets") || member(changes, "extends")))
            return bad(L, "%s.title: must be an object of the title's data to change (not its "
                          "options, presets or base)", w);
        ch->changes_title = changes != NULL;
        if (!get_int(L, w, it, "number", &ch->number, 0) ||
            (member(it, "rules") && !parse_rules(L, w, member(it, "rules"), ch)))
            return false;
        o->nchoices++;
    }
    return true;
}

bool eng_title_read_game_options(struct loader *L, const cJSON *root)
{
    const cJSON *list = get_array(L, "title", root, "game_options", false), *it;
    cJSON_ArrayForEach(it, list)
    {
        if (L->t->ngame_options == ENG_MAX_GAME_OPTIONS)
            return bad(L, "game_options: more than %d", ENG_MAX_GAME_OPTIONS);
        eng_game_option *o = &L->t->game_options[L->t->ngame_options];
        char where[96], dflt[ENG_ID];
        if (!get_str(L, "game_options", it, "id", o->id, sizeof o->id, true))
            return false;
        snprintf(where, sizeof where, "game_options[%s]", o->id);
        if (eng_game_option_index(L->t, o->id) >= 0)
            return bad(L, "%s: the id is used twice", where);
        const cJSON *choices = member(it, "choices");
        if (!cJSON_IsObject(choices) || !parse_choices(L, where, choices, o))
            return L->failed ? false : bad(L, "%s.choices: must be an object of choices", where);
        if (o->nchoices == 0)
            return bad(L, "%s: has no choices", where);
        if (!get_str(L, where, it, "default", dflt, sizeof dflt, true))
            return false;
        o->by_default = -1;
        for (int k = 0; k < o->nchoices; k++)
            if (strcasecmp(o->choices[k].name, dflt) == 0)
                o->by_default = k;
        if (o->by_default < 0)
            return bad(L, "%s.default: \"%s\" is not one of its choices", where, dflt);
        L->t->ngame_options++;
    }
    const cJSON *presets = member(root, "option_presets");
    cJSON_ArrayForEach(it, presets)
    {
        if (L->t->npresets == ENG_MAX_PRESETS)
            return bad(L, "option_presets: more than %d", ENG_MAX_PRESETS);
        struct eng_preset *p = &L->t->presets[L->t->npresets++];
        if (!cJSON_IsString(it) || strlen(it->string) >= sizeof p->name ||
            strlen(it->valuestring) >= sizeof p->options)
            return bad(L, "option_presets[%s]: must be a short text of options", it->string);
        strcpy(p->name, it->string);
        strcpy(p->options, it->valuestring);
    }
    return !L->failed;
}

/* The companies the options' rules name (minors_wait_for), once the companies are read. */
bool eng_title_resolve_option_companies(struct loader *L, const cJSON *root)
{
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, member(root, "game_options"))
    {
        eng_game_option *o = &L->t->game_options[i++];
        for (int k = 0; k < o->nchoices; k++) {
            eng_choice *ch = &o->choices[k];
            const cJSON *waits = member(member(member(member(it, "choices"), ch->name), "rules"),
                                        "minors_wait_for");
            ch->rules.minors_wait_for = -1;
            if (!waits)
                continue;
            ch->rules.minors_wait_for = eng_company_index(L->t, waits->valuestring);
            if (ch->rules.minors_wait_for < 0)
                return bad(L, "game_options[%s].choices[%s].rules.minors_wait_for: there is no "
                              "company %s", o->id, ch->name, waits->valuestring);
        }
    }
    return true;
}
