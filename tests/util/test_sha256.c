/* Tests for src/util/sha256: SHA-256 against FIPS 180-2's examples and the padding's edges,
 * HMAC-SHA-256 against RFC 4231's test cases. */
#include "../helpers.h"
#include "util/sha256.h"

#include <stdio.h>

static void hex_of(const unsigned char *d, char out[2 * SHA256_BYTES + 1])
{
    for (int i = 0; i < SHA256_BYTES; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

static void assert_sha256(const void *data, size_t len, const char *want)
{
    unsigned char d[SHA256_BYTES];
    char hex[2 * SHA256_BYTES + 1];
    sha256(data, len, d);
    hex_of(d, hex);
    assert_string_equal(hex, want);
}

static void test_sha256_known_digests(void **state)
{
    (void)state;
    assert_sha256("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    assert_sha256("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    assert_sha256(two, strlen(two),
                  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    /* the padding's edges: the length fits in the last block (55), does not (56), a whole
     * block (64) */
    char x[64];
    memset(x, 'x', sizeof x);
    assert_sha256(x, 55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072");
    assert_sha256(x, 56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e");
    assert_sha256(x, 64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c");
}

/* A million 'a's given in uneven pieces: the partial block carried between updates. */
static void test_sha256_in_pieces(void **state)
{
    (void)state;
    char a[997];
    memset(a, 'a', sizeof a);
    sha256_ctx c;
    sha256_init(&c);
    size_t left = 1000000;
    for (size_t piece = 1; left > 0; piece = piece % (sizeof a - 7) + 7) {
        size_t n = piece < left ? piece : left;
        sha256_update(&c, a, n);
        left -= n;
    }
    unsigned char d[SHA256_BYTES];
    char hex[2 * SHA256_BYTES + 1];
    sha256_final(&c, d);
    hex_of(d, hex);
    assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

static void assert_hmac(const void *key, size_t key_len, const char *data, const char *want)
{
    unsigned char d[SHA256_BYTES];
    char hex[2 * SHA256_BYTES + 1];
    sha256_hmac(key, key_len, data, strlen(data), NULL, 0, d);
    hex_of(d, hex);
    assert_string_equal(hex, want);
    /* the data given in two parts is the same message */
    size_t half = strlen(data) / 2;
    sha256_hmac(key, key_len, data, half, data + half, strlen(data) - half, d);
    hex_of(d, hex);
    assert_string_equal(hex, want);
}

static void test_hmac_rfc4231(void **state)
{
    (void)state;
    unsigned char k1[20], k6[131];
    memset(k1, 0x0b, sizeof k1);
    memset(k6, 0xaa, sizeof k6);
    assert_hmac(k1, sizeof k1, "Hi There",
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    assert_hmac("Jefe", 4, "what do ya want for nothing?",
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    assert_hmac(k6, sizeof k6, "Test Using Larger Than Block-Size Key - Hash Key First",
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha256_known_digests),
        cmocka_unit_test(test_sha256_in_pieces),
        cmocka_unit_test(test_hmac_rfc4231),
    };
    return cmocka_run_group_tests_name("sha256", tests, NULL, NULL);
}
