/* rails_save: what rails_replay reads from a Rails saved game (rails_save.c). */
#ifndef PBEMGM_TESTS_RAILS_SAVE_H
#define PBEMGM_TESTS_RAILS_SAVE_H

/* The game options of the Rails save at path, as Rails names them ("Variant=Basegame,
 * WithOptional6Train=no, ..."; malloc'd), or NULL when it cannot be read. */
char *rails_save_options(const char *path);

/* The version of Rails that wrote the save at path ("1.8.8", "2.4.6+"; malloc'd), or NULL. */
char *rails_save_version(const char *path);

#endif
