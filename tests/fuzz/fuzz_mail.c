/* fuzz_mail: a libFuzzer target for reading a received mail (make fuzz) — any bytes as a raw
 * mail go through the MIME parser and the choice and cleaning of its text (HTML, charsets,
 * quotes), whether to answer it, its fingerprint, the count of its parts and the redaction of
 * a password: nothing may crash, leak or read out of bounds; the text is UTF-8; the redacted
 * mail holds no line "PASSWORD secret" any more. */
#include "fuzz.h"
#include "mail/message.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *raw = fuzz_string(data, size);
    mail_message msg;
    mail_message_parse(raw, size, &msg);
    if (!mail_is_utf8(msg.body, strlen(msg.body)))
        abort();
    (void)mail_no_reply_reason(&msg, "pbemgm@localhost");
    (void)mail_mime_parts(raw, size);
    free(mail_content_key(raw, size));
    size_t n;
    char *redacted = mail_redact(raw, size, "PASSWORD", "secret", msg.body, &n);
    if (memmem(redacted, n, "PASSWORD secret\n", 16))
        abort();
    free(redacted);
    mail_message_clear(&msg);
    free(raw);
    return 0;
}
