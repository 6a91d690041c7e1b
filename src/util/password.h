/* password: player password hashes with crypt(3) (libxcrypt, yescrypt "$y$"). */
#ifndef PBEMGM_PASSWORD_H
#define PBEMGM_PASSWORD_H

#include <stdbool.h>

/* A new yescrypt hash of password (malloc'd), or NULL if crypt(3) failed. */
char *pw_hash(const char *password);
/* True when password matches hash; compares in constant time. */
bool pw_verify(const char *password, const char *hash);

#endif
