/* message: a received mail read into the parts pbemgm needs (see message.h). The MIME tree and
 * the header are parsed by libetpan; this file walks them, picks the text and cleans it. */
#include "mail/message.h"
#include "util/buf.h"
#include "util/util.h"

#include <libetpan/libetpan.h>
#include <stdint.h>
#include <strings.h>
#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s)
{
    return s ? xstrdup(s) : NULL;
}

/* RFC 2047 decoding of a header value into UTF-8 (libetpan). Text outside encoded words that is
 * 8-bit is taken as UTF-8 when it is valid UTF-8 (RFC 6532: clients send "From: Clara Müller"
 * raw), else as ISO-8859-1. */
static char *decode_header_words(const char *value)
{
    if (!value)
        return NULL;
    size_t idx = 0;
    char *decoded = NULL;
    const char *raw_charset = mail_is_utf8(value, strlen(value)) ? "utf-8" : "iso-8859-1";
    if (mailmime_encoded_phrase_parse(raw_charset, value, strlen(value), &idx, "utf-8",
                                      &decoded) == MAILIMF_NO_ERROR &&
        decoded) {
        char *copy = xstrdup(decoded);
        free(decoded);
        return copy;
    }
    return xstrdup(value);
}

static void take_mailbox(const struct mailimf_mailbox_list *list, char **addr, char **name)
{
    if (!list || !list->mb_list || clist_isempty(list->mb_list))
        return;
    const struct mailimf_mailbox *mb = clist_content(clist_begin(list->mb_list));
    if (addr && mb->mb_addr_spec) {
        free(*addr);
        *addr = xstrdup(mb->mb_addr_spec);
    }
    if (name && mb->mb_display_name) {
        free(*name);
        *name = decode_header_words(mb->mb_display_name);
    }
}

static void take_address_list(const struct mailimf_address_list *list, char **addr,
                              char **name)
{
    if (!list || !list->ad_list || clist_isempty(list->ad_list))
        return;
    const struct mailimf_address *a = clist_content(clist_begin(list->ad_list));
    if (a->ad_type != MAILIMF_ADDRESS_MAILBOX)
        return;
    const struct mailimf_mailbox *mb = a->ad_data.ad_mailbox;
    if (mb->mb_addr_spec) {
        free(*addr);
        *addr = xstrdup(mb->mb_addr_spec);
    }
    if (name && mb->mb_display_name) {
        free(*name);
        *name = decode_header_words(mb->mb_display_name);
    }
}

static void add_msgids(buf *b, const clist *ids)
{
    if (!ids)
        return;
    for (clistiter *it = clist_begin(ids); it; it = clist_next(it))
        buf_printf(b, "%s<%s>", b->len ? " " : "", (const char *)clist_content(it));
}

static char *trimmed_copy(const char *value)
{
    char *v = xstrdup(value);
    str_trim(v);
    return v;
}

static void read_optional(mail_message *msg, const struct mailimf_optional_field *f)
{
    if (!f->fld_name || !f->fld_value)
        return;
    if (str_ieq(f->fld_name, "Auto-Submitted")) {
        free(msg->auto_submitted);
        msg->auto_submitted = trimmed_copy(f->fld_value);
    } else if (str_ieq(f->fld_name, "Precedence")) {
        free(msg->precedence);
        msg->precedence = trimmed_copy(f->fld_value);
    } else if (str_ieq(f->fld_name, "List-Id")) {
        msg->has_list_id = true;
    } else if (str_ieq(f->fld_name, "X-Autoreply") || str_ieq(f->fld_name, "X-Autorespond")) {
        msg->autoreply_header = true;
    } else if (str_ieq(f->fld_name, "Return-Path") && !msg->return_path) {
        /* libetpan leaves a null "<>" (or "< >") return path as an optional field */
        char *v = trimmed_copy(f->fld_value);
        if (v[0] == '<' && v[strspn(v + 1, " \t") + 1] == '>')
            v[0] = '\0';
        msg->return_path = v;
    }
}

static void read_header(mail_message *msg, const struct mailimf_fields *fields)
{
    buf refs;
    buf_init(&refs);
    const clist *in_reply_to = NULL;
    for (clistiter *it = clist_begin(fields->fld_list); it; it = clist_next(it)) {
        const struct mailimf_field *f = clist_content(it);
        switch (f->fld_type) {
        case MAILIMF_FIELD_FROM:
            take_mailbox(f->fld_data.fld_from->frm_mb_list, &msg->from_addr, &msg->from_name);
            break;
        case MAILIMF_FIELD_REPLY_TO:
            take_address_list(f->fld_data.fld_reply_to->rt_addr_list, &msg->reply_to, NULL);
            break;
        case MAILIMF_FIELD_TO:
            take_address_list(f->fld_data.fld_to->to_addr_list, &msg->to_addr, &msg->to_name);
            break;
        case MAILIMF_FIELD_SUBJECT:
            free(msg->subject);
            msg->subject = decode_header_words(f->fld_data.fld_subject->sbj_value);
            break;
        case MAILIMF_FIELD_MESSAGE_ID:
            free(msg->message_id);
            msg->message_id = dup_or_null(f->fld_data.fld_message_id->mid_value);
            break;
        case MAILIMF_FIELD_REFERENCES:
            add_msgids(&refs, f->fld_data.fld_references->mid_list);
            break;
        case MAILIMF_FIELD_IN_REPLY_TO:
            in_reply_to = f->fld_data.fld_in_reply_to->mid_list;
            break;
        case MAILIMF_FIELD_RETURN_PATH:
            free(msg->return_path);
            msg->return_path = xstrdup(f->fld_data.fld_return_path->ret_path->pt_addr_spec
                                           ? f->fld_data.fld_return_path->ret_path->pt_addr_spec
                                           : "");
            break;
        case MAILIMF_FIELD_OPTIONAL_FIELD:
            read_optional(msg, f->fld_data.fld_optional_field);
            break;
        default:
            break;
        }
    }
    /* RFC 5322 3.6.4: a reply's References are the parent's References (or In-Reply-To)
     * followed by the parent's Message-ID. */
    if (!refs.len)
        add_msgids(&refs, in_reply_to);
    if (msg->message_id)
        buf_printf(&refs, "%s<%s>", refs.len ? " " : "", msg->message_id);
    msg->references = refs.len ? buf_steal(&refs) : NULL;
    buf_free(&refs);
}

/* ---- choosing and decoding the text part ---- */

struct text_choice {
    const struct mailmime *plain;
    const struct mailmime *html;
    int parts;
};

static bool is_attachment(const struct mailmime *part)
{
    struct mailmime_single_fields sf;
    mailmime_single_fields_init(&sf, part->mm_mime_fields, part->mm_content_type);
    return sf.fld_disposition && sf.fld_disposition->dsp_type &&
           sf.fld_disposition->dsp_type->dsp_type == MAILMIME_DISPOSITION_TYPE_ATTACHMENT;
}

static bool is_text_subtype(const struct mailmime_content *ct, const char *subtype)
{
    return ct && ct->ct_type && ct->ct_type->tp_type == MAILMIME_TYPE_DISCRETE_TYPE &&
           ct->ct_type->tp_data.tp_discrete_type &&
           ct->ct_type->tp_data.tp_discrete_type->dt_type == MAILMIME_DISCRETE_TYPE_TEXT &&
           ct->ct_subtype && str_ieq(ct->ct_subtype, subtype);
}

static void choose_text(const struct mailmime *part, struct text_choice *c)
{
    switch (part->mm_type) {
    case MAILMIME_SINGLE:
        c->parts++;
        if (is_attachment(part))
            return;
        if (!part->mm_content_type || is_text_subtype(part->mm_content_type, "plain")) {
            if (!c->plain)
                c->plain = part;
        } else if (is_text_subtype(part->mm_content_type, "html")) {
            if (!c->html)
                c->html = part;
        }
        break;
    case MAILMIME_MULTIPLE:
        for (clistiter *it = clist_begin(part->mm_data.mm_multipart.mm_mp_list); it;
             it = clist_next(it))
            choose_text(clist_content(it), c);
        break;
    case MAILMIME_MESSAGE:
        /* The top-level message: descend. An embedded message/rfc822 is an attachment. */
        if (part->mm_parent == NULL && part->mm_data.mm_message.mm_msg_mime)
            choose_text(part->mm_data.mm_message.mm_msg_mime, c);
        else
            c->parts++;
        break;
    default:
        break;
    }
}

static const char *param_value(const struct mailmime_content *ct, const char *name)
{
    if (!ct || !ct->ct_parameters)
        return NULL;
    for (clistiter *it = clist_begin(ct->ct_parameters); it; it = clist_next(it)) {
        const struct mailmime_parameter *p = clist_content(it);
        if (p->pa_name && str_ieq(p->pa_name, name))
            return p->pa_value;
    }
    return NULL;
}

/* The part's bytes with its transfer encoding undone (malloc'd). */
static char *decode_part(const struct mailmime *part, size_t *len)
{
    const struct mailmime_data *d = part->mm_data.mm_single;
    if (!d || d->dt_type != MAILMIME_DATA_TEXT) {
        *len = 0;
        return xstrdup("");
    }
    struct mailmime_single_fields sf;
    mailmime_single_fields_init(&sf, part->mm_mime_fields, part->mm_content_type);
    int encoding = sf.fld_encoding ? sf.fld_encoding->enc_type : MAILMIME_MECHANISM_7BIT;
    size_t idx = 0;
    char *out = NULL;
    size_t out_len = 0;
    if (mailmime_part_parse(d->dt_data.dt_text.dt_data, d->dt_data.dt_text.dt_length, &idx,
                            encoding, &out, &out_len) != MAILIMF_NO_ERROR) {
        *len = d->dt_data.dt_text.dt_length;
        return xstrndup(d->dt_data.dt_text.dt_data, *len);
    }
    char *copy = xmalloc(out_len + 1);
    memcpy(copy, out, out_len);
    copy[out_len] = '\0';
    mmap_string_unref(out);
    *len = out_len;
    return copy;
}

bool mail_is_utf8(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        unsigned char c = *p;
        size_t follow;
        if (c < 0x80)
            follow = 0;
        else if (c >= 0xC2 && c <= 0xDF)
            follow = 1;
        else if ((c & 0xF0) == 0xE0)
            follow = 2;
        else if (c >= 0xF0 && c <= 0xF4)
            follow = 3;
        else
            return false;
        if ((size_t)(end - p) <= follow)
            return false;
        for (size_t i = 1; i <= follow; i++)
            if ((p[i] & 0xC0) != 0x80)
                return false;
        p += follow + 1;
    }
    return true;
}

char *mail_to_utf8(const char *text, size_t len, const char *charset)
{
    if (!charset || str_ieq(charset, "utf-8") || str_ieq(charset, "utf8") ||
        str_ieq(charset, "us-ascii"))
        return mail_is_utf8(text, len) ? xstrndup(text, len) : NULL;
    char *out = NULL;
    size_t out_len = 0;
    if (charconv_buffer("utf-8", charset, text, len, &out, &out_len) != MAIL_CHARCONV_NO_ERROR)
        return NULL;
    char *copy = xstrndup(out, out_len);
    charconv_buffer_free(out);
    return copy;
}

/* Normalises line ends to \n and removes NULs and other control characters but tab. */
static char *clean_text(const char *text, size_t len)
{
    buf b;
    buf_init(&b);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\r') {
            if (i + 1 < len && text[i + 1] == '\n')
                continue;
            c = '\n';
        }
        if (c < 0x20 && c != '\n' && c != '\t')
            continue;
        if (c == 0xc2 && i + 1 < len && (unsigned char)text[i + 1] == 0xa0) {
            c = ' '; /* a no-break space (UTF-8) is a space to a reader of orders */
            i++;
        }
        buf_addc(&b, (char)c);
    }
    return buf_steal(&b);
}

/* RFC 3676 format=flowed: a line ending in a space continues on the next one. */
static char *unflow(const char *text, bool delsp)
{
    buf b;
    buf_init(&b);
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        const char *line = p;
        if (n > 0 && line[0] == ' ') { /* space-stuffing */
            line++;
            n--;
        }
        bool soft = n > 0 && line[n - 1] == ' ' && !(n == 3 && strncmp(line, "-- ", 3) == 0);
        buf_add(&b, line, soft && delsp ? n - 1 : n);
        if (!soft && nl)
            buf_addc(&b, '\n');
        p = nl ? nl + 1 : p + strlen(p);
    }
    return buf_steal(&b);
}

/* Reads one chosen text part into UTF-8. */
static char *part_text(const struct mailmime *part, mail_message *msg)
{
    size_t len;
    char *raw = decode_part(part, &len);
    const char *charset = param_value(part->mm_content_type, "charset");
    char *utf8 = mail_to_utf8(raw, len, charset);
    if (!utf8) {
        /* Unknown charset or bytes that are not what was declared: read as Windows-1252,
         * which never fails, so nothing of the mail is lost. */
        msg->charset_unknown = charset && !str_ieq(charset, "utf-8");
        utf8 = mail_to_utf8(raw, len, "windows-1252");
        if (!utf8)
            utf8 = mail_to_utf8(raw, len, "iso-8859-1");
    }
    free(raw);
    char *clean = clean_text(utf8, strlen(utf8));
    free(utf8);
    const char *format = param_value(part->mm_content_type, "format");
    if (format && str_ieq(format, "flowed")) {
        const char *delsp = param_value(part->mm_content_type, "delsp");
        char *flowed = unflow(clean, delsp && str_ieq(delsp, "yes"));
        free(clean);
        clean = flowed;
    }
    return clean;
}

static void read_body(mail_message *msg, const struct mailmime *root)
{
    struct text_choice c = {0};
    choose_text(root, &c);
    char *text = NULL;
    if (c.plain) {
        msg->body_kind = MAIL_BODY_PLAIN;
        text = part_text(c.plain, msg);
    } else if (c.html) {
        msg->body_kind = MAIL_BODY_HTML;
        char *html = part_text(c.html, msg);
        text = mail_html_to_text(html, strlen(html));
        free(html);
    } else {
        msg->body_kind = MAIL_BODY_NONE;
    }
    msg->attachments = c.parts - (c.plain || c.html ? 1 : 0);
    msg->body = text ? mail_strip_quotes_below(text, msg->from_name, &msg->below_signature,
                                               &msg->body_skipped)
                     : xstrdup("");
    free(text);
}

int mail_message_parse(const char *raw, size_t len, mail_message *msg)
{
    memset(msg, 0, sizeof *msg);
    size_t idx = 0;
    struct mailmime *mime = NULL;
    if (mailmime_parse(raw, len, &idx, &mime) != MAILIMF_NO_ERROR || !mime) {
        msg->body_kind = MAIL_BODY_PLAIN;
        char *clean = clean_text(raw, len);
        msg->body = mail_strip_quotes(clean);
        free(clean);
        return -1;
    }
    if (mime->mm_type == MAILMIME_MESSAGE && mime->mm_data.mm_message.mm_fields) {
        msg->header_ok = true;
        read_header(msg, mime->mm_data.mm_message.mm_fields);
    }
    const struct mailmime *top = mime->mm_type == MAILMIME_MESSAGE
                                     ? mime->mm_data.mm_message.mm_msg_mime : mime;
    const struct mailmime_content *ct = top ? top->mm_content_type : NULL;
    msg->is_report = ct && ct->ct_type && ct->ct_type->tp_type == MAILMIME_TYPE_COMPOSITE_TYPE &&
                     ct->ct_subtype && str_ieq(ct->ct_subtype, "report");
    read_body(msg, mime);
    mailmime_free(mime);
    return 0;
}

void mail_message_clear(mail_message *msg)
{
    free(msg->below_signature);
    free(msg->from_addr);
    free(msg->from_name);
    free(msg->to_addr);
    free(msg->to_name);
    free(msg->reply_to);
    free(msg->return_path);
    free(msg->subject);
    free(msg->message_id);
    free(msg->references);
    free(msg->auto_submitted);
    free(msg->precedence);
    free(msg->body);
    memset(msg, 0, sizeof *msg);
}

/* ---- whether to answer ---- */

static bool local_part_is(const char *addr, const char *name)
{
    size_t n = strlen(name);
    return addr && strncasecmp(addr, name, n) == 0 && (addr[n] == '@' || addr[n] == '\0');
}

const char *mail_no_reply_reason(const mail_message *msg, const char *own_address)
{
    const char *to = mail_reply_address(msg);
    if (!to || !*to || !strchr(to, '@'))
        return "it has no address to answer";
    if (msg->return_path && !*msg->return_path)
        return "it is a bounce (null Return-Path)";
    if (msg->is_report)
        return "it is a delivery or disposition report (multipart/report)";
    if (msg->autoreply_header)
        return "it was sent automatically (X-Autoreply)";
    if (local_part_is(msg->from_addr, "mailer-daemon") || local_part_is(to, "mailer-daemon") ||
        local_part_is(msg->from_addr, "postmaster"))
        return "it comes from a mailer daemon";
    if (msg->auto_submitted && !str_ieq(msg->auto_submitted, "no"))
        return "it was sent automatically (Auto-Submitted)";
    if (msg->precedence && str_ieq(msg->precedence, "auto_reply"))
        return "it was sent automatically (Precedence: auto_reply)";
    if (msg->precedence && (str_ieq(msg->precedence, "bulk") || str_ieq(msg->precedence, "junk") ||
                            str_ieq(msg->precedence, "list")))
        return "it is bulk or list mail (Precedence)";
    if (msg->has_list_id)
        return "it comes from a mailing list (List-Id)";
    if (own_address && (str_ieq(to, own_address) ||
                        (msg->from_addr && str_ieq(msg->from_addr, own_address))))
        return "it comes from our own address";
    return NULL;
}

const char *mail_reply_address(const mail_message *msg)
{
    return msg->reply_to ? msg->reply_to : msg->from_addr;
}

/* ---- header-only helpers ---- */

size_t mail_header_length(const char *raw, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++) {
        if (raw[i] == '\n' && raw[i + 1] == '\n')
            return i + 2;
        if (raw[i] == '\n' && raw[i + 1] == '\r' && i + 2 < len && raw[i + 2] == '\n')
            return i + 3;
    }
    return len;
}

char *mail_header_message_id(const char *raw, size_t len)
{
    size_t hlen = mail_header_length(raw, len);
    size_t idx = 0;
    struct mailimf_fields *fields = NULL;
    if (mailimf_fields_parse(raw, hlen, &idx, &fields) != MAILIMF_NO_ERROR || !fields)
        return NULL;
    char *id = NULL;
    for (clistiter *it = clist_begin(fields->fld_list); it && !id; it = clist_next(it)) {
        const struct mailimf_field *f = clist_content(it);
        if (f->fld_type == MAILIMF_FIELD_MESSAGE_ID && f->fld_data.fld_message_id->mid_value)
            id = xstrdup(f->fld_data.fld_message_id->mid_value);
    }
    mailimf_fields_free(fields);
    return id;
}

/* ---- the fingerprint of a mail ---- */

/* Whether the header line at p (its name) is one its author wrote, not one a server on the
 * way added (Received, Return-Path, Delivered-To, spam verdicts ...). */
static bool author_header(const char *p, size_t n)
{
    static const char *const names[] = {"from:", "to:", "cc:", "subject:", "date:",
                                        "message-id:", "in-reply-to:", "references:",
                                        "reply-to:", "content-type:",
                                        "content-transfer-encoding:"};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        size_t m = strlen(names[k]);
        if (n >= m && strncasecmp(p, names[k], m) == 0)
            return true;
    }
    return false;
}

/* The header fields its author wrote (each with its continuation lines) appended to out; the
 * Content-* fields too when content, which describe the body as it was sent. */
static void author_fields(const char *raw, size_t hlen, bool content, buf *out)
{
    bool keep = false;
    for (size_t at = 0; at < hlen;) {
        const char *nl = memchr(raw + at, '\n', hlen - at);
        size_t end = nl ? (size_t)(nl - raw) + 1 : hlen;
        if (raw[at] != ' ' && raw[at] != '\t') /* a new field; else its continuation */
            keep = author_header(raw + at, end - at) &&
                   (content || strncasecmp(raw + at, "content-", 8) != 0);
        if (keep)
            buf_add(out, raw + at, end - at);
        at = end;
    }
}

/* Appends text without its CRs: CRLF or LF, one mail either way. */
static void add_without_cr(buf *out, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != '\r')
            buf_addc(out, p[i]);
}

char *mail_content_key(const char *raw, size_t len)
{
    size_t hlen = mail_header_length(raw, len);
    buf fields, all;
    buf_init(&fields);
    buf_init(&all);
    author_fields(raw, hlen, true, &fields);
    add_without_cr(&all, fields.data ? fields.data : "", fields.len);
    buf_addc(&all, '\n');
    add_without_cr(&all, raw + hlen, len - hlen);
    /* two independent fingerprints of 64 bits: told apart only with an equal Message-ID */
    uint64_t a = util_fnv1a(UTIL_FNV_BASIS, all.data, all.len);
    uint64_t b = util_fnv1a(UTIL_FNV_BASIS ^ 0x9E3779B97F4A7C15ULL, all.data, all.len);
    buf_free(&fields);
    buf_free(&all);
    return str_format("%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
}

/* ---- a secret taken out of a stored mail ---- */

static bool word_char(char c)
{
    return c && !strchr(" \t\r\n<>\"'()[]{},;:", c);
}

/* Replaces each whole-word occurrence of secret on a line that also names keyword; the number
 * replaced in *found. */
static char *redact_lines(const char *text, size_t len, const char *keyword, const char *secret,
                          size_t *out_len, int *found)
{
    buf b;
    buf_init(&b);
    size_t slen = strlen(secret), klen = strlen(keyword);
    *found = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - text) + 1 : len;
        bool named = false;
        for (size_t i = at; i + klen <= end && !named; i++)
            named = strncasecmp(text + i, keyword, klen) == 0;
        for (size_t i = at; i < end;) {
            if (named && slen && i + slen <= end && memcmp(text + i, secret, slen) == 0 &&
                (i == at || !word_char(text[i - 1])) &&
                (i + slen == end || !word_char(text[i + slen]))) {
                buf_adds(&b, "********");
                i += slen;
                (*found)++;
            } else {
                buf_addc(&b, text[i++]);
            }
        }
        at = end;
    }
    *out_len = b.len;
    return buf_steal(&b);
}

char *mail_redact(const char *raw, size_t len, const char *keyword, const char *secret,
                  const char *text, size_t *out_len)
{
    int found;
    char *plain = redact_lines(raw, len, keyword, secret, out_len, &found);
    if (found > 0 || !text)
        return plain;
    free(plain);
    /* the secret is there but not on a line of its own (an encoded body, or a line folded
     * apart): keep the author's header and the text as it was read, redacted */
    buf b;
    buf_init(&b);
    author_fields(raw, mail_header_length(raw, len), false, &b);
    buf_adds(&b, "Content-Type: text/plain; charset=utf-8\n"
                 "X-Pbemgm-Redacted: the mail as read, its password taken out\n\n");
    size_t n;
    int ignored;
    char *body = redact_lines(text, strlen(text), keyword, secret, &n, &ignored);
    buf_add(&b, body, n);
    free(body);
    *out_len = b.len;
    return buf_steal(&b);
}

/* ---- how complex a mail is, before it is parsed ---- */

int mail_mime_parts(const char *raw, size_t len)
{
    int parts = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(raw + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - raw) + 1 : len;
        if (end - at > 13 && strncasecmp(raw + at, "content-type:", 13) == 0)
            parts++;
        at = end;
    }
    return parts;
}
