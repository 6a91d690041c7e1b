/* titles: the one table of the titles' hooks (engine/hooks.h), by title id, and each title's
 * hooks struct (titles/<id>.c). Included by the game's creation (apply.c) and the titles' own
 * files; the rest of the engine reaches a title's hooks through g->hooks only. */
#ifndef PBEMGM_ENG_TITLES_H
#define PBEMGM_ENG_TITLES_H

#include "engine/hooks.h"

/* The hooks of the title with this id, or NULL: a title of data alone (every default rule). */
const eng_title_hooks *eng_title_hooks_find(const char *id);
/* The way of dealing named `word` among the title's hooks' (h may be NULL), or NULL. */
const eng_dealing *eng_dealing_find(const eng_title_hooks *h, const char *word);
/* Whether every "start_order" word of the title's game options names standard, snake or a way
 * of dealing of its hooks: 0, or -1 with why naming the bad choice and the words allowed. */
int eng_title_hooks_check(const eng_title *t, const eng_title_hooks *h, char *why, size_t len);

/* Each title's hooks (titles/<id>.c). */
extern const eng_title_hooks eng_hooks_1835;
extern const eng_title_hooks eng_hooks_1856;

#endif
