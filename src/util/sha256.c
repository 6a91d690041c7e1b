/* sha256: SHA-256 as FIPS 180-4 specifies it (sections 4.1.2, 4.2.2, 5.1.1, 6.2), and HMAC over
 * it as RFC 2104 specifies (ipad 0x36, opad 0x5c, a key longer than a block hashed first). */
#include "util/sha256.h"

#include <string.h>

/* FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube roots of the first
 * 64 primes. */
static const uint32_t round_constant[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, int n)
{
    return (x >> n) | (x << (32 - n));
}

static uint32_t big_endian32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* FIPS 180-4 6.2.2: one 512-bit block into the hash value. */
static void compress(uint32_t h[8], const unsigned char *block)
{
    uint32_t w[64];
    for (int t = 0; t < 16; t++)
        w[t] = big_endian32(block + 4 * t);
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (int t = 0; t < 64; t++) {
        uint32_t sum1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        uint32_t choose = (e & f) ^ (~e & g);
        uint32_t t1 = k + sum1 + choose + round_constant[t] + w[t];
        uint32_t sum0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        uint32_t majority = (a & b) ^ (a & c) ^ (b & c);
        uint32_t t2 = sum0 + majority;
        k = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
    explicit_bzero(w, sizeof w);
}

void sha256_init(sha256_ctx *c)
{
    /* FIPS 180-4 5.3.3: the fractional parts of the square roots of the first 8 primes */
    static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(c->h, initial, sizeof initial);
    c->total = 0;
    c->used = 0;
}

void sha256_update(sha256_ctx *c, const void *data, size_t len)
{
    const unsigned char *p = data;
    c->total += len;
    while (len > 0) {
        size_t take = SHA256_BLOCK - c->used < len ? SHA256_BLOCK - c->used : len;
        memcpy(c->block + c->used, p, take);
        c->used += take, p += take, len -= take;
        if (c->used == SHA256_BLOCK) {
            compress(c->h, c->block);
            c->used = 0;
        }
    }
}

void sha256_final(sha256_ctx *c, unsigned char out[SHA256_BYTES])
{
    /* FIPS 180-4 5.1.1: a 1 bit, zeros, and the length in bits as 64 bits, big-endian */
    uint64_t bits = c->total * 8;
    c->block[c->used++] = 0x80;
    if (c->used > SHA256_BLOCK - 8) {
        memset(c->block + c->used, 0, SHA256_BLOCK - c->used);
        compress(c->h, c->block);
        c->used = 0;
    }
    memset(c->block + c->used, 0, SHA256_BLOCK - 8 - c->used);
    for (int i = 0; i < 8; i++)
        c->block[SHA256_BLOCK - 1 - i] = (unsigned char)(bits >> (8 * i));
    compress(c->h, c->block);
    for (int i = 0; i < 8; i++) {
        out[4 * i] = (unsigned char)(c->h[i] >> 24);
        out[4 * i + 1] = (unsigned char)(c->h[i] >> 16);
        out[4 * i + 2] = (unsigned char)(c->h[i] >> 8);
        out[4 * i + 3] = (unsigned char)c->h[i];
    }
    explicit_bzero(c, sizeof *c);
}

void sha256(const void *data, size_t len, unsigned char out[SHA256_BYTES])
{
    sha256_ctx c;
    sha256_init(&c);
    sha256_update(&c, data, len);
    sha256_final(&c, out);
}

void sha256_hmac(const void *key, size_t key_len, const void *a, size_t a_len, const void *b,
                 size_t b_len, unsigned char out[SHA256_BYTES])
{
    unsigned char k[SHA256_BLOCK] = {0}, pad[SHA256_BLOCK], inner[SHA256_BYTES];
    if (key_len > SHA256_BLOCK)
        sha256(key, key_len, k);
    else
        memcpy(k, key, key_len);
    sha256_ctx c;
    for (int i = 0; i < SHA256_BLOCK; i++)
        pad[i] = k[i] ^ 0x36;
    sha256_init(&c);
    sha256_update(&c, pad, sizeof pad);
    sha256_update(&c, a, a_len);
    if (b)
        sha256_update(&c, b, b_len);
    sha256_final(&c, inner);
    for (int i = 0; i < SHA256_BLOCK; i++)
        pad[i] = k[i] ^ 0x5c;
    sha256_init(&c);
    sha256_update(&c, pad, sizeof pad);
    sha256_update(&c, inner, sizeof inner);
    sha256_final(&c, out);
    explicit_bzero(k, sizeof k);
    explicit_bzero(pad, sizeof pad);
    explicit_bzero(inner, sizeof inner);
}
