/* compose: building an outgoing mail (see compose.h). */
#include "mail/compose.h"
#include "util/buf.h"
#include "util/util.h"

#include <libetpan/libetpan.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool is_plain_ascii(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80 || (unsigned char)*s < 0x20)
            return false;
    return true;
}

/* Bytes of s to take for one encoded word: at most max, never splitting a UTF-8 sequence. */
static size_t utf8_chunk(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n <= max)
        return n;
    n = max;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return n ? n : max;
}

char *mail_encode_header_text(const char *text)
{
    if (is_plain_ascii(text))
        return xstrdup(text);
    buf out;
    buf_init(&out);
    const char *p = text;
    while (*p) {
        size_t n = utf8_chunk(p, 45); /* 45 bytes make 60 base64 characters: one short word */
        MMAPString *b64 = mmap_string_new("");
        int col = 0;
        mailmime_base64_write_mem(b64, &col, p, n);
        buf_printf(&out, "%s=?UTF-8?B?", out.len ? " " : "");
        for (size_t i = 0; i < b64->len; i++)
            if (b64->str[i] != '\r' && b64->str[i] != '\n')
                buf_addc(&out, b64->str[i]);
        buf_adds(&out, "?=");
        mmap_string_free(b64);
        p += n;
    }
    return buf_steal(&out);
}

char *mail_new_message_id(const char *address)
{
    const char *at = strchr(address, '@');
    const char *domain = (at && at[1]) ? at + 1 : "localhost";
    char *token = util_random_token(20);
    char *id = str_format("pbemgm.%lld.%s@%s", (long long)util_now(), token, domain);
    free(token);
    return id;
}

/* A Message-ID as a header may carry it: printable ASCII without spaces or brackets, else
 * nothing (an id comes from a received mail: it must not break the header). */
static bool usable_id(const char *id, size_t n)
{
    if (n == 0 || n > 250)
        return false;
    for (size_t i = 0; i < n; i++)
        if (id[i] <= ' ' || id[i] > '~' || id[i] == '<' || id[i] == '>')
            return false;
    return true;
}

static clist *msgid_list(const char *ids)
{
    clist *list = clist_new();
    const char *p = ids;
    while (p && (p = strchr(p, '<')) != NULL) {
        const char *end = strchr(p, '>');
        if (!end)
            break;
        if (usable_id(p + 1, (size_t)(end - p - 1)))
            clist_append(list, xstrndup(p + 1, (size_t)(end - p - 1)));
        p = end + 1;
    }
    return list;
}

static char *name_or_null(const char *name)
{
    return (name && *name) ? mail_encode_header_text(name) : NULL;
}

static void add_custom(struct mailimf_fields *fields, const char *name, const char *value)
{
    mailimf_fields_add(fields, mailimf_field_new_custom(xstrdup(name), xstrdup(value)));
}

static struct mailimf_fields *build_fields(const mail_outgoing *m, const char *message_id,
                                          const char *boundary)
{
    struct mailimf_mailbox_list *from = mailimf_mailbox_list_new_empty();
    mailimf_mailbox_list_add(from, mailimf_mailbox_new(name_or_null(m->from_name),
                                                       xstrdup(m->from_addr)));
    struct mailimf_address_list *to = mailimf_address_list_new_empty();
    mailimf_address_list_add_mb(to, name_or_null(m->to_name), xstrdup(m->to_addr));
    clist *in_reply_to = NULL;
    if (m->in_reply_to && usable_id(m->in_reply_to, strlen(m->in_reply_to))) {
        in_reply_to = clist_new();
        clist_append(in_reply_to, xstrdup(m->in_reply_to));
    }
    clist *references = m->references ? msgid_list(m->references) : NULL;
    struct mailimf_fields *fields = mailimf_fields_new_with_data_all(
        mailimf_get_date(m->date ? m->date : (time_t)util_now()), from, NULL, NULL, to, NULL,
        NULL, xstrdup(message_id), in_reply_to, references,
        mail_encode_header_text(m->subject ? m->subject : ""));
    add_custom(fields, "MIME-Version", "1.0");
    if (m->nattachments) {
        char *type = str_format("multipart/mixed; boundary=\"%s\"", boundary);
        add_custom(fields, "Content-Type", type);
        free(type);
    } else if (!m->html) {
        add_custom(fields, "Content-Type", "text/plain; charset=UTF-8");
        add_custom(fields, "Content-Transfer-Encoding", "quoted-printable");
    } else {
        char *type = str_format("multipart/alternative; boundary=\"%s\"", boundary);
        add_custom(fields, "Content-Type", type);
        free(type);
    }
    if (m->auto_submitted)
        add_custom(fields, "Auto-Submitted", m->auto_submitted);
    add_custom(fields, "X-Mailer", "pbemgm");
    return fields;
}

/* The body with every line end as CRLF, as quoted-printable wants its input (LF, CRLF and a
 * lone CR each end a line: a lone CR would pass the encoder and break the mail). */
static char *crlf_text(const char *text)
{
    buf b;
    buf_init(&b);
    for (const char *p = text; *p; p++) {
        if (*p == '\r' && p[1] == '\n')
            continue;
        if (*p == '\r' || *p == '\n')
            buf_adds(&b, "\r\n");
        else
            buf_addc(&b, *p);
    }
    if (!b.len || b.data[b.len - 1] != '\n')
        buf_adds(&b, "\r\n");
    return buf_steal(&b);
}

/* libetpan 1.9.4's quoted-printable writer emits the last white space of a line twice: raw and
 * then encoded ("a \r\n" becomes "a =20\r\n", which decodes to two spaces). A literal "=20"
 * in the text is always written "=3D20", so a raw blank right before a line-final =20/=09 can
 * only be that duplicate: drop it. */
static void fix_qp_trailing_space(MMAPString *s, size_t from)
{
    size_t out = from;
    for (size_t i = from; i < s->len; i++) {
        char c = s->str[i];
        bool dup = (c == ' ' || c == '\t') && i + 5 < s->len && s->str[i + 1] == '=' &&
                   strncmp(s->str + i + 2, c == ' ' ? "20\r\n" : "09\r\n", 4) == 0;
        if (!dup)
            s->str[out++] = c;
    }
    s->len = out;
    s->str[out] = '\0';
}

/* Text as quoted-printable with CRLF line ends, appended to s. */
static void append_qp(MMAPString *s, const char *text)
{
    char *body = crlf_text(text ? text : "");
    int col = 0;
    size_t start = s->len;
    mailmime_quoted_printable_write_mem(s, &col, 1, body, strlen(body));
    fix_qp_trailing_space(s, start);
    free(body);
}

static void append_text_part(MMAPString *s, const char *subtype, const char *text)
{
    mmap_string_append(s, "Content-Type: text/");
    mmap_string_append(s, subtype);
    mmap_string_append(s, "; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n");
    append_qp(s, text);
}

/* A part's header (head, freed here), then its data as base64, its last line ended. */
static void append_base64_part(MMAPString *s, char *head, const unsigned char *data, size_t len)
{
    mmap_string_append(s, head);
    free(head);
    int col = 0;
    mailmime_base64_write_mem(s, &col, (const char *)data, len);
    if (s->len < 2 || s->str[s->len - 1] != '\n')
        mmap_string_append(s, "\r\n");
}

static void append_picture(MMAPString *s, const mail_inline_part *p)
{
    char *head = str_format("Content-Type: %s; name=\"%s\"\r\nContent-Transfer-Encoding: base64\r\n"
                            "Content-ID: <%s>\r\nContent-Disposition: inline; filename=\"%s\"\r\n\r\n",
                            p->content_type, p->filename, p->content_id, p->filename);
    append_base64_part(s, head, p->data, p->len);
}

static void append_boundary(MMAPString *s, const char *boundary, bool last)
{
    mmap_string_append(s, "\r\n--");
    mmap_string_append(s, boundary);
    mmap_string_append(s, last ? "--\r\n" : "\r\n");
}

/* The boundary of a multipart inside the mail's ("=_pbemgm_KIND_..."): one of its own, since one
 * that began with the outer one would end the outer part for a careless reader. */
static char *inner_boundary(const char *kind)
{
    char *token = util_random_token(16);
    char *b = str_format("=_pbemgm_%s_%s", kind, token);
    free(token);
    return b;
}

/* A part's header: a multipart of this subtype (and parameters) under boundary b. */
static void append_multipart_header(MMAPString *s, const char *subtype, const char *b)
{
    mmap_string_append(s, "Content-Type: multipart/");
    mmap_string_append(s, subtype);
    mmap_string_append(s, ";\r\n boundary=\"");
    mmap_string_append(s, b);
    mmap_string_append(s, "\"\r\n\r\n");
}

/* The HTML and its pictures: a multipart/related, or the HTML alone when it has none. */
static void append_html(MMAPString *s, const mail_outgoing *m)
{
    if (!m->nparts) {
        append_text_part(s, "html", m->html);
        return;
    }
    char *related = inner_boundary("related");
    append_multipart_header(s, "related; type=\"text/html\"", related);
    mmap_string_append(s, "--");
    mmap_string_append(s, related);
    mmap_string_append(s, "\r\n");
    append_text_part(s, "html", m->html);
    for (size_t i = 0; i < m->nparts; i++) {
        append_boundary(s, related, false);
        append_picture(s, &m->parts[i]);
    }
    append_boundary(s, related, true);
    free(related);
}

/* The text and the HTML as alternatives (boundaries start "=_", which neither quoted-printable
 * nor base64 can produce). */
static void append_alternative(MMAPString *s, const mail_outgoing *m, const char *boundary)
{
    mmap_string_append(s, "This is a message in MIME format: the text and the HTML versions.\r\n--");
    mmap_string_append(s, boundary);
    mmap_string_append(s, "\r\n");
    append_text_part(s, "plain", m->body);
    append_boundary(s, boundary, false);
    append_html(s, m);
    append_boundary(s, boundary, true);
}

/* A file name as a header may carry it quoted: letters, digits, '.', '-' and '_' kept, every
 * other byte '_' (a name comes from a game's name: it must not break the header). */
static char *safe_filename(const char *name)
{
    char *s = xstrdup(name && *name ? name : "attachment");
    for (char *p = s; *p; p++)
        if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') && !(*p >= '0' && *p <= '9') &&
            *p != '.' && *p != '-' && *p != '_')
            *p = '_';
    return s;
}

static void append_attachment(MMAPString *s, const mail_attachment *a)
{
    char *name = safe_filename(a->filename);
    char *head = str_format("Content-Type: %s; name=\"%s\"\r\nContent-Transfer-Encoding: base64\r\n"
                            "Content-Disposition: attachment; filename=\"%s\"\r\n\r\n",
                            a->content_type ? a->content_type : "application/octet-stream", name,
                            name);
    free(name);
    append_base64_part(s, head, a->data, a->len);
}

/* The body as it would be without files (the text, or the text and the HTML as alternatives),
 * then each file: a multipart/mixed under the mail's boundary. */
static void append_mixed(MMAPString *s, const mail_outgoing *m, const char *boundary)
{
    mmap_string_append(s, "This is a message in MIME format: its text, then the files attached."
                          "\r\n--");
    mmap_string_append(s, boundary);
    mmap_string_append(s, "\r\n");
    if (m->html) {
        char *alternative = inner_boundary("alternative");
        append_multipart_header(s, "alternative", alternative);
        append_alternative(s, m, alternative);
        free(alternative);
    } else {
        append_text_part(s, "plain", m->body);
    }
    for (size_t i = 0; i < m->nattachments; i++) {
        append_boundary(s, boundary, false);
        append_attachment(s, &m->attachments[i]);
    }
    append_boundary(s, boundary, true);
}

char *mail_compose(const mail_outgoing *m, const char *message_id, size_t *len)
{
    char *token = util_random_token(16);
    char *boundary = str_format("=_pbemgm_%s", token);
    free(token);
    struct mailimf_fields *fields = build_fields(m, message_id, boundary);
    MMAPString *s = mmap_string_new("");
    int col = 0;
    mailimf_fields_write_mem(s, &col, fields);
    mmap_string_append(s, "\r\n");
    if (m->nattachments)
        append_mixed(s, m, boundary);
    else if (m->html)
        append_alternative(s, m, boundary);
    else
        append_qp(s, m->body);
    mailimf_fields_free(fields);
    free(boundary);
    char *out = xstrndup(s->str, s->len);
    *len = s->len;
    mmap_string_free(s);
    return out;
}
