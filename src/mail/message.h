/* message: a received mail read into the parts pbemgm needs — who sent it, what it answers,
 * whether it was sent by a machine, and its text as UTF-8 with quoted replies and signatures
 * removed. Parsing is libetpan's; this module only chooses and cleans. Knows nothing of 18xx. */
#ifndef PBEMGM_MESSAGE_H
#define PBEMGM_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>

enum mail_body_kind {
    MAIL_BODY_PLAIN,   /* from a text/plain part */
    MAIL_BODY_HTML,    /* converted from a text/html part */
    MAIL_BODY_NONE,    /* no text part at all (only attachments or binary) */
};

typedef struct mail_message {
    bool header_ok;        /* false: the header could not be read at all */
    char *from_addr;       /* addr-spec, e.g. "alice@example.org" (may be NULL) */
    char *from_name;       /* display name, UTF-8 (may be NULL) */
    char *to_addr;         /* addr-spec of the first To address (may be NULL) */
    char *to_name;         /* its display name, UTF-8 (may be NULL) */
    char *reply_to;        /* addr-spec of Reply-To (may be NULL) */
    char *return_path;     /* addr-spec of Return-Path; "" for the null sender <> */
    char *subject;         /* UTF-8, RFC 2047 decoded (may be NULL) */
    char *message_id;      /* without angle brackets (may be NULL) */
    char *references;      /* space-separated <ids> for threading a reply (may be NULL) */
    char *auto_submitted;  /* Auto-Submitted value (may be NULL) */
    char *precedence;      /* Precedence value (may be NULL) */
    bool has_list_id;
    bool autoreply_header; /* X-Autoreply or X-Autorespond */
    bool is_report;        /* multipart/report: a delivery or disposition notice */
    enum mail_body_kind body_kind;
    char *body;            /* UTF-8 text, quotes and signature removed; never NULL */
    char *below_signature; /* the sender's own lines under his sign-off or name, read as his
                            * signature (not quoted, not blank); NULL when none */
    int body_skipped;      /* lines of the text dropped above body's first (a greeting): body's
                            * line n is the mail text's line n + body_skipped */
    bool charset_unknown;  /* a charset we could not convert; the text was read as Latin-1 */
    int attachments;       /* parts that are not the chosen text */
} mail_message;

/* Parses raw (RFC 5322). Always fills msg (free with mail_message_clear); returns 0, or -1
 * when the MIME structure could not be read and body holds the raw text as best effort. */
int mail_message_parse(const char *raw, size_t len, mail_message *msg);
void mail_message_clear(mail_message *msg);

/* Why an automatic reply must not be sent to this mail (bounce, auto-reply, list, ourselves),
 * or NULL when a reply is fine. own_address is our address. */
const char *mail_no_reply_reason(const mail_message *msg, const char *own_address);
/* Where a reply goes: Reply-To, else From (NULL if neither). */
const char *mail_reply_address(const mail_message *msg);

/* Only the Message-ID of a raw mail (malloc'd, without brackets), or NULL. Cheap: reads the
 * header only. */
char *mail_header_message_id(const char *raw, size_t len);
/* A fingerprint of the mail as its author wrote it (malloc'd hex): its author's header fields
 * and its body, not the fields servers add on the way; CRLF and LF alike. */
char *mail_content_key(const char *raw, size_t len);
/* The mail with a secret taken out, for storing (malloc'd, *out_len): each whole-word
 * occurrence of secret on a line that names keyword becomes "********". When no such line is
 * in the raw mail (an encoded body), the author's header and text (the mail as it was read)
 * are kept instead, redacted. */
char *mail_redact(const char *raw, size_t len, const char *keyword, const char *secret,
                  const char *text, size_t *out_len);
/* The Content-Type fields of a raw mail, counted in one pass without parsing it (its MIME
 * parts and their nesting are at most this many): a mail with too many is not parsed. */
int mail_mime_parts(const char *raw, size_t len);
/* What the database keeps of a mail it no longer needs whole (issue 28), with a field
 * X-Pbemgm-Trimmed saying so; NULL when it keeps the mail as it is. mail_keep_text: a sent
 * multipart mail's header and its text/plain parts, those inside a multipart part too (its HTML,
 * pictures and attached files dropped);
 * mail_keep_header: a mail's header only. */
char *mail_keep_text(const char *raw, size_t len, size_t *out_len);
char *mail_keep_header(const char *raw, size_t len, size_t *out_len);
/* A mail's header only, its X-Pbemgm-Trimmed saying why (note); NULL when it has no body. */
char *mail_keep_header_noted(const char *raw, size_t len, const char *note, size_t *out_len);
/* The length of the header block of raw (up to and including the blank line). */
size_t mail_header_length(const char *raw, size_t len);

/* Text helpers, exported for tests. */
/* Converts HTML to plain text (libxml2's HTML parser); drops quoted blockquotes. */
char *mail_html_to_text(const char *html, size_t len);
/* What the sender typed: the typography made plain (dashes, smart quotes, bullets, odd spaces);
 * quoted reply text removed (> lines and their "... wrote:" line, a client's header block),
 * everything below a "-- " signature line, an original-message divider, a client's footer
 * ("Sent from my iPhone") or a sign-off ("Best regards,") under the text; greeting lines
 * ("Hi,"); a forwarded mail read when nothing is written above it; trailing blank lines. */
char *mail_strip_quotes(const char *text);
/* The same, and a line that is the sender's name (sender: the From's display name, or NULL) ends
 * the text as a signature does ("Bob" under the orders of "Bob Smith"). */
char *mail_strip_quotes_from(const char *text, const char *sender);
/* The same; *below (malloc'd, or NULL) receives the sender's own lines under a sign-off or his
 * name, read as his signature: those not quoted nor blank, so that a caller can tell him of an
 * order among them rather than drop it without a word; *skipped the lines of text dropped
 * above the first kept (a greeting, blank lines, a forward's header), so that the kept text's
 * line n is the mail's line n + *skipped. below and skipped may be NULL. */
char *mail_strip_quotes_below(const char *text, const char *sender, char **below,
                              int *skipped);
/* Converts text in charset to UTF-8 (malloc'd); NULL if the charset is unknown. */
char *mail_to_utf8(const char *text, size_t len, const char *charset);
bool mail_is_utf8(const char *s, size_t len);

#endif
