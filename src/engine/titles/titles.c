/* titles: the one table of the titles' hooks, by title id (see titles.h). A title without a
 * line here is data alone; a variant extending a title (its JSON's "extends") without a line
 * of its own has the hooks of the title at the bottom of its chain (eng_title.extends). */
#include "engine/titles/titles.h"
#include "engine/refuse.h"

#include <stdio.h>
#include <string.h>

static const eng_title_hooks *const TABLE[] = {
    &eng_hooks_1835,
    &eng_hooks_1856,
};

const eng_title_hooks *eng_title_hooks_find(const char *id)
{
    for (size_t i = 0; i < sizeof TABLE / sizeof *TABLE; i++)
        if (strcmp(TABLE[i]->id, id) == 0)
            return TABLE[i];
    return NULL;
}

const eng_dealing *eng_dealing_find(const eng_title_hooks *h, const char *word)
{
    for (int i = 0; h && i < h->ndealings; i++)
        if (strcmp(h->dealings[i].name, word) == 0)
            return &h->dealings[i];
    return NULL;
}

/* "standard, snake, clemens or ...": the words a choice's start_order may say. */
static void dealing_words(const eng_title_hooks *h, char *out, size_t len)
{
    int n = 2 + (h ? h->ndealings : 0);
    size_t at = 0;
    for (int i = 0; i < n && at < len; i++) {
        const char *w = i == 0 ? "standard" : i == 1 ? "snake" : h->dealings[i - 2].name;
        at += (size_t)snprintf(out + at, len - at, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
                               w);
    }
}

int eng_title_hooks_check(const eng_title *t, const eng_title_hooks *h, char *why, size_t len)
{
    for (int i = 0; i < t->ngame_options; i++)
        for (int k = 0; k < t->game_options[i].nchoices; k++) {
            const eng_choice *ch = &t->game_options[i].choices[k];
            if (!(ch->sets & ENG_RULE_START_ORDER) || ch->rules.start_order != ENG_START_TITLE ||
                eng_dealing_find(h, ch->rules.dealing))
                continue;
            char words[256];
            dealing_words(h, words, sizeof words);
            return eng_refuse(why, len,
                              "%s: game_options[%s].choices[%s].rules.start_order: \"%s\" must be "
                              "%s",
                              t->id, t->game_options[i].id, ch->name, ch->rules.dealing, words);
        }
    return 0;
}
