/* password: player password hashes with crypt(3) (libxcrypt, yescrypt "$y$"). */
#include "util/password.h"
#include "util/util.h"

#include <crypt.h>
#include <stdlib.h>
#include <string.h>

char *pw_hash(const char *password)
{
    char *setting = crypt_gensalt_ra("$y$", 0, NULL, 0);
    if (!setting)
        return NULL;
    struct crypt_data *cd = xcalloc(1, sizeof *cd);
    char *out = crypt_r(password, setting, cd);
    char *hash = (out && out[0] != '*') ? xstrdup(out) : NULL;
    explicit_bzero(cd, sizeof *cd);
    free(cd);
    free(setting);
    return hash;
}

bool pw_verify(const char *password, const char *hash)
{
    if (!password || !hash || !*hash)
        return false;
    struct crypt_data *cd = xcalloc(1, sizeof *cd);
    char *out = crypt_r(password, hash, cd);
    bool ok = false;
    if (out && out[0] != '*') {
        size_t n = strlen(hash);
        if (strlen(out) == n) {
            unsigned char diff = 0;
            for (size_t i = 0; i < n; i++)
                diff |= (unsigned char)(out[i] ^ hash[i]);
            ok = (diff == 0);
        }
    }
    explicit_bzero(cd, sizeof *cd);
    free(cd);
    return ok;
}
