/* sha256: SHA-256 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104), for the in-memory password cache:
 * a keyed digest, fast to check, of a password already verified with yescrypt. */
#ifndef PBEMGM_SHA256_H
#define PBEMGM_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_BYTES 32
#define SHA256_BLOCK 64

typedef struct sha256_ctx {
    uint32_t h[8];
    uint64_t total;                   /* bytes hashed so far */
    unsigned char block[SHA256_BLOCK]; /* the partial block */
    size_t used;                      /* bytes of it filled */
} sha256_ctx;

void sha256_init(sha256_ctx *c);
void sha256_update(sha256_ctx *c, const void *data, size_t len);
/* The digest into out; the context is wiped. */
void sha256_final(sha256_ctx *c, unsigned char out[SHA256_BYTES]);
/* SHA-256 of data in one call. */
void sha256(const void *data, size_t len, unsigned char out[SHA256_BYTES]);
/* HMAC-SHA-256 of the two parts a then b (b may be NULL) under key. */
void sha256_hmac(const void *key, size_t key_len, const void *a, size_t a_len, const void *b,
                 size_t b_len, unsigned char out[SHA256_BYTES]);

#endif
