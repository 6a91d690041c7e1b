/* password: player password hashes with crypt(3) (libxcrypt, yescrypt "$y$"). */
#ifndef PBEMGM_PASSWORD_H
#define PBEMGM_PASSWORD_H

#include <stdbool.h>

/* A new yescrypt hash of password (malloc'd), or NULL if crypt(3) failed. */
char *pw_hash(const char *password);
/* True when password matches hash; compares in constant time. */
bool pw_verify(const char *password, const char *hash);
/* pw_verify with a memory of the passwords already verified in this process, as mail servers
 * keep an authentication cache: the first check of a (stored hash, password) pair is yescrypt's
 * (~15 ms); a verified pair is remembered by the stored hash, with an HMAC-SHA-256 of the hash
 * and the password under a random key of this process (about a microsecond to check), never the
 * password. A changed password or a replaced player has a new stored hash, so it is checked
 * afresh; a wrong password against a remembered hash is checked against the digest alone. */
bool pw_verify_cached(const char *password, const char *hash);
/* A hash no password matches (made once per process): checked in place of a missing
 * player's, so that an unknown name costs what a known one costs. */
const char *pw_dummy_hash(void);
/* Forgets every remembered pair. */
void pw_cache_clear(void);
/* The pairs remembered (for tests). */
int pw_cache_count(void);
/* True when no remembered entry contains the text (for tests: the password is never kept). */
bool pw_cache_holds_no(const char *text);

#endif
