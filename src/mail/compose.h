/* compose: building an outgoing mail — RFC 5322 header (Date, Message-ID, threading),
 * MIME-Version, UTF-8 text as quoted-printable, Auto-Submitted; with an HTML version, a
 * multipart/alternative of the text and the HTML, the HTML's pictures beside it in a
 * multipart/related (referenced by Content-ID, base64); with files attached, a
 * multipart/mixed of that body first and each file after it (base64, named). libetpan writes
 * the header fields, the quoted-printable and the base64; this module assembles them. Knows
 * nothing of 18xx. */
#ifndef PBEMGM_COMPOSE_H
#define PBEMGM_COMPOSE_H

#include <stddef.h>
#include <time.h>

/* A picture the HTML shows inline ("cid:ID"). */
typedef struct mail_inline_part {
    const char *content_id;     /* without brackets */
    const char *content_type;   /* "image/png" */
    const char *filename;       /* "map.png" */
    const unsigned char *data;
    size_t len;
} mail_inline_part;

/* A file attached to the mail (after its text: a mail client offers it to save). */
typedef struct mail_attachment {
    const char *filename;       /* "game.json": letters, digits, '.', '-', '_' (others become _) */
    const char *content_type;   /* "application/json" */
    const unsigned char *data;
    size_t len;
} mail_attachment;

typedef struct mail_outgoing {
    const char *from_addr;
    const char *from_name;      /* may be NULL */
    const char *to_addr;
    const char *to_name;        /* may be NULL */
    const char *subject;        /* UTF-8 */
    const char *in_reply_to;    /* Message-ID being answered, without brackets; may be NULL */
    const char *references;     /* "<a> <b> ..." for threading; may be NULL */
    const char *auto_submitted; /* "auto-replied" or "auto-generated"; NULL means no header */
    const char *body;           /* UTF-8 text with \n line ends */
    const char *html;           /* the same as an HTML page (UTF-8); NULL: text only */
    const mail_inline_part *parts; /* the HTML's pictures; only with html */
    size_t nparts;
    const mail_attachment *attachments; /* files after the text (and HTML); may be NULL */
    size_t nattachments;
    time_t date;
} mail_outgoing;

/* A fresh Message-ID (without brackets) in the domain of address. */
char *mail_new_message_id(const char *address);
/* The whole message with CRLF line ends (malloc'd, NUL-terminated); *len its length. */
char *mail_compose(const mail_outgoing *m, const char *message_id, size_t *len);
/* RFC 2047 encoded words for a UTF-8 header text when it is not plain ASCII (malloc'd). */
char *mail_encode_header_text(const char *text);

#endif
