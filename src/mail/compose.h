/* compose: building an outgoing mail — RFC 5322 header (Date, Message-ID, threading),
 * MIME-Version, UTF-8 text as quoted-printable, Auto-Submitted. libetpan writes the header
 * fields and the quoted-printable body; this module assembles them. Knows nothing of 18xx. */
#ifndef PBEMGM_COMPOSE_H
#define PBEMGM_COMPOSE_H

#include <stddef.h>
#include <time.h>

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
    time_t date;
} mail_outgoing;

/* A fresh Message-ID (without brackets) in the domain of address. */
char *mail_new_message_id(const char *address);
/* The whole message with CRLF line ends (malloc'd, NUL-terminated); *len its length. */
char *mail_compose(const mail_outgoing *m, const char *message_id, size_t *len);
/* RFC 2047 encoded words for a UTF-8 header text when it is not plain ASCII (malloc'd). */
char *mail_encode_header_text(const char *text);

#endif
