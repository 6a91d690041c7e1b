/* fuzz_text: a libFuzzer target for the text helpers of reading mail (make fuzz) — any bytes
 * as text in a charset (named by the first byte) to UTF-8, then as HTML to plain text and as
 * a reply whose quotes and signature are removed: nothing may crash, leak or read out of bounds,
 * and what comes out is UTF-8. */
#include "fuzz.h"
#include "mail/message.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void utf8_or_abort(const char *s)
{
    if (s && !mail_is_utf8(s, strlen(s)))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const charsets[] = {"utf-8", "iso-8859-1", "windows-1252", "iso-8859-15",
                                           "koi8-r", "shift_jis", "utf-16", "x-unknown"};
    if (size == 0)
        return 0;
    const char *charset = charsets[data[0] % 8];
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    /* as the mail reader does: the part's charset to UTF-8 first, then HTML to text */
    char *utf8 = mail_to_utf8(text, size - 1, charset);
    utf8_or_abort(utf8);
    if (utf8) {
        char *plain = mail_html_to_text(utf8, strlen(utf8));
        utf8_or_abort(plain);
        char *stripped = mail_strip_quotes(utf8);
        utf8_or_abort(stripped);
        free(stripped);
        char *below = NULL; /* the sender's name a signature; what is under it kept */
        stripped = mail_strip_quotes_below(utf8, "Bob Smith", &below, NULL);
        utf8_or_abort(stripped);
        if (below)
            utf8_or_abort(below);
        free(below);
        free(stripped);
        free(plain);
    }
    free(utf8);
    free(text);
    return 0;
}
