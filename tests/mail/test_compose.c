/* Tests for src/mail/compose: outgoing mail is clean RFC 5322/2045 and reads back as written. */
#include "../helpers.h"
#include "mail/compose.h"
#include "mail/message.h"

#include <libetpan/libetpan.h>

static const char *body_text = "For J\xc3\xb6rg,\n\nline with = sign and trailing space \n"
                               "a very long line that goes on and on and on and on and on and "
                               "on and on and on past the seventy-six column limit\n\n-- \nGM\n";

static char *compose_sample(size_t *len)
{
    mail_outgoing m = {
        .from_addr = "gm@pbem.test",
        .from_name = "Spielleiter M\xc3\xbcller",
        .to_addr = "alice@pbem.test",
        .to_name = "Alice",
        .subject = "Re: Z\xc3\xbcge f\xc3\xbcr Runde 3",
        .in_reply_to = "orig@pbem.test",
        .references = "<r0@pbem.test> <orig@pbem.test>",
        .auto_submitted = "auto-replied",
        .body = body_text,
        .date = 1795248000,
    };
    return mail_compose(&m, "new-id@pbem.test", len);
}

static void test_headers_are_complete(void **state)
{
    (void)state;
    size_t len;
    char *raw = compose_sample(&len);
    assert_int_equal(len, strlen(raw));
    assert_non_null(strstr(raw, "Date: "));
    assert_non_null(strstr(raw, "Message-ID: <new-id@pbem.test>\r\n"));
    assert_non_null(strstr(raw, "In-Reply-To: <orig@pbem.test>\r\n"));
    assert_non_null(strstr(raw, "References: <r0@pbem.test> <orig@pbem.test>\r\n"));
    assert_non_null(strstr(raw, "MIME-Version: 1.0\r\n"));
    assert_non_null(strstr(raw, "Content-Type: text/plain; charset=UTF-8\r\n"));
    assert_non_null(strstr(raw, "Content-Transfer-Encoding: quoted-printable\r\n"));
    assert_non_null(strstr(raw, "Auto-Submitted: auto-replied\r\n"));
    assert_non_null(strstr(raw, "=?UTF-8?B?"));
    free(raw);
}

/* 7-bit clean, CRLF line ends only, no line over 78 characters. */
static void wire_is_clean(const char *raw, size_t len)
{
    size_t col = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)raw[i];
        assert_true(c < 0x80);
        if (c == '\n') {
            assert_true(i > 0 && raw[i - 1] == '\r');
            col = 0;
        } else if (c != '\r') {
            col++;
            assert_true(col <= 78);
        }
    }
}

static void test_wire_format_is_clean(void **state)
{
    (void)state;
    size_t len;
    char *raw = compose_sample(&len);
    wire_is_clean(raw, len);
    free(raw);
}

/* Issue 16 (found by fuzz_compose): an id from a received mail that would break the header is
 * not written; a lone CR in a text ends a line (it does not pass the encoder raw). */
static void test_what_would_break_the_wire_is_not_written(void **state)
{
    (void)state;
    mail_outgoing m = {.from_addr = "gm@pbem.test", .to_addr = "alice@pbem.test",
                       .subject = "x", .in_reply_to = "a\r\nBcc: evil@x.org",
                       .references = "<ok@pbem.test> <b\r\nX-Evil: 1>",
                       .body = "one\rtwo \x90\r\nthree", .date = 1795248000};
    size_t len;
    char *raw = mail_compose(&m, "id@pbem.test", &len);
    assert_null(strstr(raw, "Bcc:"));
    assert_null(strstr(raw, "X-Evil"));
    assert_null(strstr(raw, "In-Reply-To:"));
    assert_non_null(strstr(raw, "References: <ok@pbem.test>\r\n"));
    for (size_t i = 0; i < len; i++) {
        assert_true((unsigned char)raw[i] < 0x80);
        if (raw[i] == '\r')
            assert_true(raw[i + 1] == '\n');
        if (raw[i] == '\n')
            assert_true(i > 0 && raw[i - 1] == '\r');
    }
    free(raw);
}

static void test_round_trip_through_the_parser(void **state)
{
    (void)state;
    size_t len;
    char *raw = compose_sample(&len);
    mail_message m;
    assert_int_equal(mail_message_parse(raw, len, &m), 0);
    assert_string_equal(m.subject, "Re: Z\xc3\xbcge f\xc3\xbcr Runde 3");
    assert_string_equal(m.from_name, "Spielleiter M\xc3\xbcller");
    assert_string_equal(m.from_addr, "gm@pbem.test");
    assert_string_equal(m.to_addr, "alice@pbem.test");
    assert_string_equal(m.to_name, "Alice");
    assert_string_equal(m.message_id, "new-id@pbem.test");
    /* the parser drops the signature; everything above it survives byte for byte, including
     * the trailing space (libetpan's writer would double it without the workaround) */
    assert_string_equal(m.body, "For J\xc3\xb6rg,\n\nline with = sign and trailing space \n"
                                "a very long line that goes on and on and on and on and on and "
                                "on and on and on past the seventy-six column limit\n");
    mail_message_clear(&m);
    free(raw);
}

static void test_signature_separator_is_exact(void **state)
{
    (void)state;
    mail_outgoing m = {.from_addr = "gm@x", .to_addr = "a@x", .subject = "s", .body = "x\n-- \nGM\n"};
    size_t len;
    char *raw = mail_compose(&m, "i@x", &len);
    const char *body = strstr(raw, "\r\n\r\n") + 4;
    assert_string_equal(body, "x\r\n--=20\r\nGM\r\n");
    free(raw);
}

static void test_encoded_words(void **state)
{
    (void)state;
    char *plain = mail_encode_header_text("plain ascii");
    assert_string_equal(plain, "plain ascii");
    free(plain);
    /* a long text splits into several words, none splitting a UTF-8 sequence */
    char *enc = mail_encode_header_text("\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4"
                                        "\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4"
                                        "\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4"
                                        "\xc3\xa4\xc3\xa4\xc3\xa4\xc3\xa4");
    assert_non_null(strstr(enc, "?= =?UTF-8?B?"));
    free(enc);
}

static void test_message_ids_are_unique_and_in_our_domain(void **state)
{
    (void)state;
    char *a = mail_new_message_id("gm@pbem.test"), *b = mail_new_message_id("gm@pbem.test");
    assert_string_not_equal(a, b);
    assert_non_null(strstr(a, "@pbem.test"));
    assert_null(strchr(a, '<'));
    free(a);
    free(b);
}

static const unsigned char picture[300] = {0x89, 'P', 'N', 'G', 0, 1, 2, 255};

static char *compose_html(size_t *len, size_t nparts)
{
    mail_inline_part parts[2] = {
        {"map.1@pbem.test", "image/png", "map.png", picture, sizeof picture},
        {"worth.1@pbem.test", "image/png", "worth.png", picture, 10},
    };
    mail_outgoing m = {
        .from_addr = "gm@pbem.test", .to_addr = "alice@pbem.test", .subject = "berlin: turn 3",
        .body = body_text, .html = "<p>For J\xc3\xb6rg, <img src=\"cid:map.1@pbem.test\"></p>\n",
        .parts = parts, .nparts = nparts, .date = 1795248000,
    };
    return mail_compose(&m, "html-id@pbem.test", len);
}

/* The MIME tree as libetpan reads it: "alternative(plain,related(html,png,png))". */
static void mime_shape(struct mailmime *mm, char *out, size_t size)
{
    struct mailmime_content *ct = mm->mm_content_type;
    size_t n = strlen(out);
    if (mm->mm_type == MAILMIME_MESSAGE) {
        mime_shape(mm->mm_data.mm_message.mm_msg_mime, out, size);
        return;
    }
    snprintf(out + n, size - n, "%s", ct ? ct->ct_subtype : "?");
    if (mm->mm_type != MAILMIME_MULTIPLE)
        return;
    strncat(out, "(", size - strlen(out) - 1);
    for (clistiter *it = clist_begin(mm->mm_data.mm_multipart.mm_mp_list); it; it = it->next) {
        mime_shape(it->data, out, size);
        if (it->next)
            strncat(out, ",", size - strlen(out) - 1);
    }
    strncat(out, ")", size - strlen(out) - 1);
}

/* The mail's MIME tree as libetpan reads it, into shape. */
static void shape_of(const char *raw, size_t len, char *shape, size_t size)
{
    size_t idx = 0;
    struct mailmime *mm = NULL;
    assert_int_equal(mailmime_parse(raw, len, &idx, &mm), MAILIMF_NO_ERROR);
    shape[0] = '\0';
    mime_shape(mm, shape, size);
    mailmime_free(mm);
}

static void test_html_with_pictures_is_alternative_and_related(void **state)
{
    (void)state;
    size_t len;
    char *raw = compose_html(&len, 2);
    char shape[256];
    shape_of(raw, len, shape, sizeof shape);
    assert_string_equal(shape, "alternative(plain,related(html,png,png))");
    assert_non_null(strstr(raw, "Content-ID: <map.1@pbem.test>\r\n"));
    assert_non_null(strstr(raw, "Content-ID: <worth.1@pbem.test>\r\n"));
    wire_is_clean(raw, len); /* the picture included */
    /* the reader takes the text version */
    mail_message msg;
    assert_int_equal(mail_message_parse(raw, len, &msg), 0);
    assert_non_null(strstr(msg.body, "For J\xc3\xb6rg,\n\nline with = sign"));
    assert_null(strstr(msg.body, "<p>"));
    mail_message_clear(&msg);
    free(raw);
}

static void test_html_without_pictures_is_alternative(void **state)
{
    (void)state;
    size_t len;
    char *raw = compose_html(&len, 0);
    char shape[256];
    shape_of(raw, len, shape, sizeof shape);
    assert_string_equal(shape, "alternative(plain,html)");
    free(raw);
}

/* The picture decodes to the bytes given. */
static void test_the_picture_reads_back(void **state)
{
    (void)state;
    size_t len;
    char *raw = compose_html(&len, 1);
    const char *b64 = strstr(raw, "filename=\"map.png\"\r\n\r\n");
    assert_non_null(b64);
    b64 += strlen("filename=\"map.png\"\r\n\r\n");
    size_t cur = 0;
    char *decoded = NULL;
    size_t dlen = 0;
    size_t b64len = (size_t)(strstr(b64, "\r\n--") - b64);
    assert_int_equal(mailmime_base64_body_parse(b64, b64len, &cur, &decoded, &dlen),
                     MAILIMF_NO_ERROR);
    assert_int_equal(dlen, sizeof picture);
    assert_memory_equal(decoded, picture, sizeof picture);
    mmap_string_unref(decoded);
    free(raw);
}

/* ---- files attached ---- */

static const char game_file[] = "{\"id\":1,\"title\":\"1830\",\"actions\":[]}";

static char *compose_attached(size_t *len, bool html)
{
    mail_inline_part part = {"map.1@pbem.test", "image/png", "map.png", picture, sizeof picture};
    mail_attachment file = {"berlin 1.json", "application/json",
                            (const unsigned char *)game_file, sizeof game_file - 1};
    mail_outgoing m = {
        .from_addr = "gm@pbem.test", .to_addr = "alice@pbem.test", .subject = "berlin: the file",
        .body = body_text, .html = html ? "<p>For J\xc3\xb6rg</p>\n" : NULL,
        .parts = html ? &part : NULL, .nparts = html ? 1 : 0,
        .attachments = &file, .nattachments = 1, .date = 1795248000,
    };
    return mail_compose(&m, "file-id@pbem.test", len);
}

/* The file comes after the whole body (text and HTML), a part of a multipart/mixed. */
static void test_an_attachment_follows_the_body_in_a_mixed(void **state)
{
    (void)state;
    size_t len;
    char *raw = compose_attached(&len, true);
    char shape[256];
    shape_of(raw, len, shape, sizeof shape);
    assert_string_equal(shape, "mixed(alternative(plain,related(html,png)),json)");
    assert_non_null(strstr(raw, "Content-Type: multipart/mixed; boundary="));
    wire_is_clean(raw, len);
    free(raw);
    raw = compose_attached(&len, false);
    shape_of(raw, len, shape, sizeof shape);
    assert_string_equal(shape, "mixed(plain,json)");
    wire_is_clean(raw, len);
    free(raw);
}

/* As a mail client shows it: the text first (the project's own reader takes it), the file
 * named as an attachment, its bytes as given. */
static void test_an_attachment_reads_back(void **state)
{
    (void)state;
    size_t len;
    char *raw = compose_attached(&len, true);
    mail_message msg;
    assert_int_equal(mail_message_parse(raw, len, &msg), 0);
    assert_int_equal(msg.body_kind, MAIL_BODY_PLAIN);
    assert_non_null(strstr(msg.body, "For J\xc3\xb6rg,\n\nline with = sign"));
    assert_true(msg.attachments >= 1);
    mail_message_clear(&msg);
    size_t idx = 0;
    struct mailmime *mm = NULL;
    assert_int_equal(mailmime_parse(raw, len, &idx, &mm), MAILIMF_NO_ERROR);
    clist *parts = mm->mm_data.mm_message.mm_msg_mime->mm_data.mm_multipart.mm_mp_list;
    assert_int_equal(clist_count(parts), 2);
    struct mailmime *file = clist_nth_data(parts, 1);
    assert_int_equal(file->mm_content_type->ct_type->tp_data.tp_discrete_type->dt_type,
                     MAILMIME_DISCRETE_TYPE_APPLICATION);
    assert_string_equal(file->mm_content_type->ct_subtype, "json");
    struct mailmime_single_fields sf;
    mailmime_single_fields_init(&sf, file->mm_mime_fields, file->mm_content_type);
    assert_non_null(sf.fld_disposition);
    assert_int_equal(sf.fld_disposition->dsp_type->dsp_type, MAILMIME_DISPOSITION_TYPE_ATTACHMENT);
    assert_string_equal(sf.fld_disposition_filename, "berlin_1.json"); /* (the blank made safe) */
    assert_int_equal(sf.fld_encoding->enc_type, MAILMIME_MECHANISM_BASE64);
    const char *body = file->mm_body->dt_data.dt_text.dt_data;
    size_t blen = file->mm_body->dt_data.dt_text.dt_length, cur = 0, dlen = 0;
    char *decoded = NULL;
    assert_int_equal(mailmime_base64_body_parse(body, blen, &cur, &decoded, &dlen),
                     MAILIMF_NO_ERROR);
    assert_int_equal(dlen, sizeof game_file - 1);
    assert_memory_equal(decoded, game_file, dlen);
    mmap_string_unref(decoded);
    mailmime_free(mm);
    free(raw);
}

/* Trimmed after its retention (issue 28), a mail with a file keeps its text: the text/plain
 * inside its multipart/alternative, not the HTML, the picture or the file. */
static void test_a_trimmed_mail_with_a_file_keeps_its_text(void **state)
{
    (void)state;
    size_t len, kept_len;
    char *raw = compose_attached(&len, true);
    char *kept = mail_keep_text(raw, len, &kept_len);
    assert_non_null(kept);
    assert_non_null(strstr(kept, "X-Pbemgm-Trimmed:"));
    assert_null(strstr(kept, "application/json"));
    assert_null(strstr(kept, "text/html"));
    mail_message msg;
    assert_int_equal(mail_message_parse(kept, kept_len, &msg), 0);
    assert_non_null(strstr(msg.body, "For J\xc3\xb6rg,\n\nline with = sign"));
    mail_message_clear(&msg);
    free(kept);
    free(raw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_headers_are_complete),
        cmocka_unit_test(test_wire_format_is_clean),
        cmocka_unit_test(test_round_trip_through_the_parser),
        cmocka_unit_test(test_what_would_break_the_wire_is_not_written),
        cmocka_unit_test(test_signature_separator_is_exact),
        cmocka_unit_test(test_encoded_words),
        cmocka_unit_test(test_message_ids_are_unique_and_in_our_domain),
        cmocka_unit_test(test_html_with_pictures_is_alternative_and_related),
        cmocka_unit_test(test_html_without_pictures_is_alternative),
        cmocka_unit_test(test_the_picture_reads_back),
        cmocka_unit_test(test_an_attachment_follows_the_body_in_a_mixed),
        cmocka_unit_test(test_an_attachment_reads_back),
        cmocka_unit_test(test_a_trimmed_mail_with_a_file_keeps_its_text),
    };
    return cmocka_run_group_tests_name("compose", tests, NULL, NULL);
}
