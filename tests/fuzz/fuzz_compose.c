/* fuzz_compose: a libFuzzer target for composing a reply (make fuzz) — the fields of an
 * outgoing mail (names, subject, threading, text, HTML) taken from any bytes: the mail
 * composed is 7-bit, every line ends in CRLF and is at most 998 characters, no field can add
 * a header of its own (no header injection), and the mail reads back with its subject. */
#include "fuzz.h"
#include "mail/compose.h"
#include "mail/message.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_wire(const char *raw, size_t len)
{
    size_t line = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)raw[i];
        if (c >= 0x80 || c == 0 || (c == '\n' && (i == 0 || raw[i - 1] != '\r')) ||
            (c == '\r' && (i + 1 >= len || raw[i + 1] != '\n'))) {
            fprintf(stderr, "byte %zu (0x%02x) breaks the wire form:\n%.*s\n", i, c,
                    (int)(len < 2000 ? len : 2000), raw);
            abort();
        }
        line = c == '\n' ? 0 : line + 1;
        if (line > 999)
            abort();
    }
    size_t header = mail_header_length(raw, len);
    /* every header line is a field we write, or a folded continuation */
    static const char *const ours[] = {"Date:", "From:", "To:", "Subject:", "Message-ID:",
                                       "In-Reply-To:", "References:", "MIME-Version:",
                                       "Content-Type:", "Content-Transfer-Encoding:",
                                       "Auto-Submitted:", "X-Mailer:", "\r\n"};
    for (size_t at = 0; at < header;) {
        const char *nl = memchr(raw + at, '\n', header - at);
        size_t end = nl ? (size_t)(nl - raw) + 1 : header;
        bool known = raw[at] == ' ' || raw[at] == '\t';
        for (size_t k = 0; k < sizeof ours / sizeof *ours && !known; k++)
            known = strncmp(raw + at, ours[k], strlen(ours[k])) == 0;
        if (!known) {
            fprintf(stderr, "a header line that is not ours: %.*s\n", (int)(end - at), raw + at);
            abort();
        }
        at = end;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the fields, separated by NUL bytes */
    char *buf = malloc(size + 8);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    memset(buf + size, 0, 8);
    const char *field[6] = {""};
    int k = 0;
    for (size_t i = 0; i <= size && k < 6; k++) {
        field[k] = buf + i;
        i += strlen(buf + i) + 1;
    }
    for (; k < 6; k++)
        field[k] = "";
    mail_outgoing m = {.from_addr = "pbemgm@localhost", .from_name = field[0],
                       .to_addr = "alice@pbem.test", .to_name = field[1], .subject = field[2],
                       .in_reply_to = *field[3] ? field[3] : NULL,
                       .auto_submitted = "auto-replied", .body = field[4],
                       .html = *field[5] ? field[5] : NULL, .date = 1800000000};
    size_t len;
    char *raw = mail_compose(&m, "x1@localhost", &len);
    if (raw) {
        check_wire(raw, len);
        mail_message back;
        mail_message_parse(raw, len, &back);
        if (!back.header_ok)
            abort();
        mail_message_clear(&back);
    }
    free(raw);
    free(buf);
    return 0;
}
