/* password: player password hashes with crypt(3) (libxcrypt, yescrypt "$y$"), and the cache of
 * passwords verified in this process. */
#include "util/password.h"
#include "util/util.h"

#include <crypt.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* crypt(3) of the password with the setting (malloc'd), or NULL. */
static char *pw_crypt(const char *password, const char *setting)
{
    struct crypt_data *cd = xcalloc(1, sizeof *cd);
    char *out = crypt_r(password, setting, cd);
    char *hash = (out && out[0] != '*') ? xstrdup(out) : NULL;
    explicit_bzero(cd, sizeof *cd);
    free(cd);
    return hash;
}

char *pw_hash(const char *password)
{
    char *setting = crypt_gensalt_ra("$y$", 0, NULL, 0);
    char *hash = setting ? pw_crypt(password, setting) : NULL;
    free(setting);
    return hash;
}

/* Whether two strings of the same length are equal, in time that depends only on the length
 * (nettle's memeql_sec). */
static bool same_in_constant_time(const char *a, const char *b, size_t n)
{
    return memeql_sec(a, b, n) != 0;
}

bool pw_verify(const char *password, const char *hash)
{
    if (!password || !hash || !*hash)
        return false;
    struct crypt_data *cd = xcalloc(1, sizeof *cd);
    char *out = crypt_r(password, hash, cd);
    bool ok = false;
    if (out && out[0] != '*' && strlen(out) == strlen(hash))
        ok = same_in_constant_time(out, hash, strlen(hash));
    explicit_bzero(cd, sizeof *cd);
    free(cd);
    return ok;
}

/* ---- the cache of verified pairs ---- */

#define PW_CACHE_SIZE 4096 /* a power of two; full: forgotten at once and filled again */

struct pw_entry {
    char *hash;   /* the stored hash (the key) */
    char *quick;  /* HMAC-SHA-256, under this process's key, of the hash and the password
                     verified against it (hex) */
};

static struct pw_entry pw_cache[PW_CACHE_SIZE];
static int pw_cache_used;

static size_t pw_slot(const char *hash)
{
    return (size_t)(util_fnv1a(UTIL_FNV_BASIS, hash, strlen(hash)) & (PW_CACHE_SIZE - 1));
}

/* The entry of the stored hash, or the empty slot where it goes. */
static struct pw_entry *pw_find(const char *hash)
{
    size_t i = pw_slot(hash);
    while (pw_cache[i].hash && strcmp(pw_cache[i].hash, hash) != 0)
        i = (i + 1) & (PW_CACHE_SIZE - 1);
    return &pw_cache[i];
}

void pw_cache_clear(void)
{
    for (int i = 0; i < PW_CACHE_SIZE; i++) {
        free(pw_cache[i].hash);
        if (pw_cache[i].quick)
            explicit_bzero(pw_cache[i].quick, strlen(pw_cache[i].quick));
        free(pw_cache[i].quick);
        pw_cache[i].hash = pw_cache[i].quick = NULL;
    }
    pw_cache_used = 0;
}

/* The keyed digest of (hash, password), as hex into out: HMAC-SHA-256 (nettle) under a key
 * that is random, made once per process and never leaves it, so the digest says nothing of the
 * password outside it. */
static void pw_quick(const char *password, const char *hash,
                     char out[2 * SHA256_DIGEST_SIZE + 1])
{
    static unsigned char key[SHA256_BLOCK_SIZE];
    static bool keyed;
    if (!keyed) {
        util_random_bytes(key, sizeof key);
        keyed = true;
    }
    struct hmac_sha256_ctx ctx;
    hmac_sha256_set_key(&ctx, sizeof key, key);
    /* (the stored hash ends at its NUL: the two parts cannot run into each other) */
    hmac_sha256_update(&ctx, strlen(hash) + 1, (const uint8_t *)hash);
    hmac_sha256_update(&ctx, strlen(password), (const uint8_t *)password);
    unsigned char mac[SHA256_DIGEST_SIZE];
    hmac_sha256_digest(&ctx, sizeof mac, mac);
    explicit_bzero(&ctx, sizeof ctx);
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++) {
        out[2 * i] = hex[mac[i] >> 4];
        out[2 * i + 1] = hex[mac[i] & 15];
    }
    out[2 * SHA256_DIGEST_SIZE] = '\0';
    explicit_bzero(mac, sizeof mac);
}

static void pw_remember(const char *password, const char *hash)
{
    char quick[2 * SHA256_DIGEST_SIZE + 1];
    pw_quick(password, hash, quick);
    if (pw_cache_used >= PW_CACHE_SIZE / 2)
        pw_cache_clear();
    struct pw_entry *e = pw_find(hash);
    e->hash = xstrdup(hash);
    e->quick = xstrdup(quick);
    explicit_bzero(quick, sizeof quick);
    pw_cache_used++;
}

bool pw_verify_cached(const char *password, const char *hash)
{
    if (!password || !hash || !*hash)
        return false;
    struct pw_entry *e = pw_find(hash);
    if (e->hash) {
        char quick[2 * SHA256_DIGEST_SIZE + 1];
        pw_quick(password, hash, quick);
        bool ok = same_in_constant_time(quick, e->quick, 2 * SHA256_DIGEST_SIZE);
        explicit_bzero(quick, sizeof quick);
        return ok;
    }
    bool ok = pw_verify(password, hash);
    if (ok)
        pw_remember(password, hash);
    return ok;
}

const char *pw_dummy_hash(void)
{
    static char *dummy;
    if (!dummy) {
        char *secret = util_random_token(24);
        dummy = pw_hash(secret);
        free(secret);
    }
    return dummy ? dummy : "*";
}

int pw_cache_count(void)
{
    return pw_cache_used;
}

bool pw_cache_holds_no(const char *text)
{
    for (int i = 0; i < PW_CACHE_SIZE; i++)
        if ((pw_cache[i].hash && strstr(pw_cache[i].hash, text)) ||
            (pw_cache[i].quick && strstr(pw_cache[i].quick, text)))
            return false;
    return true;
}
