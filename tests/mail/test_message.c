/* Tests for src/mail/message and text: choosing, decoding and cleaning a received mail's text,
 * and deciding when a mail must not be answered. */
#include "../helpers.h"
#include "mail/message.h"
#include "util/buf.h"

static void parse(const char *raw, mail_message *m)
{
    mail_message_parse(raw, strlen(raw), m);
}

static void test_plain_mail(void **state)
{
    (void)state;
    mail_message m;
    parse("From: \"Alice A.\" <alice@example.org>\r\nTo: gm@x.org\r\nSubject: orders\r\n"
          "Message-ID: <abc@example.org>\r\nReferences: <r1@x> <r2@x>\r\n\r\n"
          "GAME g\r\nBUY 1 BY\r\n", &m);
    assert_true(m.header_ok);
    assert_string_equal(m.from_addr, "alice@example.org");
    assert_string_equal(m.from_name, "Alice A.");
    assert_string_equal(m.to_addr, "gm@x.org");
    assert_string_equal(m.subject, "orders");
    assert_string_equal(m.message_id, "abc@example.org");
    assert_string_equal(m.references, "<r1@x> <r2@x> <abc@example.org>");
    assert_int_equal(m.body_kind, MAIL_BODY_PLAIN);
    assert_string_equal(m.body, "GAME g\nBUY 1 BY\n");
    assert_null(mail_no_reply_reason(&m, "gm@x.org"));
    assert_string_equal(mail_reply_address(&m), "alice@example.org");
    mail_message_clear(&m);
}

static void test_multipart_alternative_prefers_plain(void **state)
{
    (void)state;
    mail_message m;
    parse("From: a@x.org\r\nMIME-Version: 1.0\r\n"
          "Content-Type: multipart/alternative; boundary=\"BB\"\r\n\r\n"
          "--BB\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>HTML part</p>\r\n"
          "--BB\r\nContent-Type: text/plain; charset=utf-8\r\n"
          "Content-Transfer-Encoding: quoted-printable\r\n\r\nPLAIN =C3=BCber=\r\nlong\r\n"
          "--BB--\r\n", &m);
    assert_int_equal(m.body_kind, MAIL_BODY_PLAIN);
    assert_string_equal(m.body, "PLAIN \xc3\xbc" "berlong\n");
    mail_message_clear(&m);
}

static void test_html_only_is_converted(void **state)
{
    (void)state;
    mail_message m;
    parse("From: a@x.org\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=UTF-8\r\n\r\n"
          "<html><head><style>p{}</style><title>t</title></head><body>"
          "<div>GAME   g1</div><p>PLAYER alice<br>PASSWORD pw</p>"
          "<ul><li>one</li><li>two &amp; three</li></ul>"
          "<div class=\"gmail_quote\">On Mon X wrote: old stuff</div>"
          "<blockquote>quoted</blockquote><script>var x;</script></body></html>", &m);
    assert_int_equal(m.body_kind, MAIL_BODY_HTML);
    assert_string_equal(m.body, "GAME g1\nPLAYER alice\nPASSWORD pw\n- one\n- two & three\n");
    mail_message_clear(&m);
}

/* A no-break space is a space: &nbsp; in HTML (in and out of <pre>), U+00A0 in plain text
 * (mail clients put it between words): "BUY&nbsp;M4" was "not an order". */
static void test_a_no_break_space_is_a_space(void **state)
{
    (void)state;
    mail_message m;
    parse("From: a@x.org\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=UTF-8\r\n\r\n"
          "<html><body><p>BUY&nbsp;M4</p><p>SELL&nbsp;&nbsp;1 BY</p><pre>PAR&nbsp;BA 84</pre>"
          "</body></html>", &m);
    assert_string_equal(m.body, "BUY M4\nSELL 1 BY\nPAR BA 84\n");
    mail_message_clear(&m);
    parse("From: a@x.org\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n"
          "BUY\xc2\xa0M4\r\nK\xc3\xb6ln\r\n", &m);
    assert_string_equal(m.body, "BUY M4\nK\xc3\xb6ln\n");
    mail_message_clear(&m);
}

static void test_base64_and_legacy_charset(void **state)
{
    (void)state;
    mail_message m;
    /* "Grüße aus Köln" in ISO-8859-1, base64 */
    parse("From: a@x.org\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=iso-8859-1\r\n"
          "Content-Transfer-Encoding: base64\r\n\r\nR3L832UgYXVzIEv2bG4K\r\n", &m);
    assert_string_equal(m.body, "Gr\xc3\xbc\xc3\x9f" "e aus K\xc3\xb6ln\n");
    assert_false(m.charset_unknown);
    mail_message_clear(&m);
}

static void test_unknown_charset_falls_back_without_loss(void **state)
{
    (void)state;
    mail_message m;
    parse("From: a@x.org\r\nContent-Type: text/plain; charset=x-klingon\r\n\r\nK\xf6ln\r\n", &m);
    assert_true(m.charset_unknown);
    assert_string_equal(m.body, "K\xc3\xb6ln\n");
    mail_message_clear(&m);
    /* undeclared 8-bit bytes that are not UTF-8 */
    parse("From: a@x.org\r\n\r\nK\xf6ln\r\n", &m);
    assert_string_equal(m.body, "K\xc3\xb6ln\n");
    mail_message_clear(&m);
}

static void test_rfc2047_subject_and_name(void **state)
{
    (void)state;
    mail_message m;
    parse("From: =?UTF-8?B?SsO2cmc=?= <j@x.org>\r\n"
          "Subject: =?ISO-8859-1?Q?Z=FCge_f=FCr?= Runde 3\r\n\r\nx\r\n", &m);
    assert_string_equal(m.from_name, "J\xc3\xb6rg");
    assert_string_equal(m.subject, "Z\xc3\xbcge f\xc3\xbcr Runde 3");
    mail_message_clear(&m);
}

static void test_quotes_and_signature_are_removed(void **state)
{
    (void)state;
    char *s = mail_strip_quotes("BUY 1 BY\n\nOn Mon, 1 Jan 2026, GM wrote:\n> old\n>> older\n"
                                "SELL 1 SX\n-- \nAlice\nBUY 9 XX\n");
    assert_string_equal(s, "BUY 1 BY\n\nSELL 1 SX\n");
    free(s);
    s = mail_strip_quotes("PASS\n\n-----Original Message-----\nFrom: gm\nBUY 1\n");
    assert_string_equal(s, "PASS\n");
    free(s);
    /* "wrote:" not followed by a quote is the player's own text */
    s = mail_strip_quotes("I wrote:\nBUY 1 BY\n");
    assert_string_equal(s, "I wrote:\nBUY 1 BY\n");
    free(s);
}

/* Issue 11, defect 2: a reply whose client writes a header block or an attribution above the
 * quoted mail, without ">" marks: everything from the block down is the quote — the quoted
 * "SELL 1 SX" is never an order. */
static void expect_stripped(const char *mail, const char *want)
{
    char *s = mail_strip_quotes(mail);
    if (strcmp(s, want) != 0)
        fail_msg("stripped to:\n%s\nnot:\n%s", s, want);
    free(s);
}

static void test_client_header_blocks_are_quotes(void **state)
{
    (void)state;
    const char *orders = "GAME g1\nPLAYER alice\nPASSWORD pw\nBUY 1 BY\n";
    static const char *const blocks[] = {
        /* Outlook, with and without the divider */
        "________________________________\nFrom: GM <gm@pbem.test>\nSent: Monday, 23 November "
        "2026 10:00\nTo: alice@pbem.test\nSubject: g1: turn 1\n\nSELL 1 SX\n",
        "From: GM <gm@pbem.test>\nSent: Monday, 23 November 2026 10:00\nTo: alice\n"
        "Subject: g1: turn 1\n\nSELL 1 SX\n",
        "*From:* GM\n*Sent:* Monday\n*To:* alice\n*Subject:* g1\nSELL 1 SX\n",
        /* German, French (with a plain and a non-breaking space), Dutch, Italian, Spanish */
        "Von: GM <gm@pbem.test>\nGesendet: Montag, 23. November 2026 10:00\nAn: alice\n"
        "Betreff: g1: Zug 1\n\nSELL 1 SX\n",
        "De : GM <gm@pbem.test>\nEnvoyé : lundi 23 novembre 2026 10:00\nÀ : alice\n"
        "Objet : g1\nSELL 1 SX\n",
        "De\xc2\xa0: GM\nEnvoy\xc3\xa9\xe2\x80\xaf: lundi\n\xc3\x80\xc2\xa0: alice\nSELL 1 SX\n",
        "Van: GM\nVerzonden: maandag 23 november 2026 10:00\nAan: alice\nOnderwerp: g1\n"
        "SELL 1 SX\n",
        "Da: GM\nInviato: lunedì 23 novembre 2026 10:00\nA: alice\nOggetto: g1\nSELL 1 SX\n",
        "De: GM\nEnviado: lunes, 23 de noviembre de 2026 10:00\nPara: alice\nAsunto: g1\n"
        "SELL 1 SX\n",
        /* attributions above an unmarked quote, one a two-line one */
        "On Mon, 23 Nov 2026 at 10:00, GM <gm@pbem.test> wrote:\n\nSELL 1 SX\n",
        "Am Mo., 23. Nov. 2026 um 10:00 Uhr schrieb Alice Müller <\nalice@pbem.test>:\n"
        "SELL 1 SX\n",
        "Le lun. 23 nov. 2026 à 10:00, GM <gm@pbem.test> a écrit :\nSELL 1 SX\n",
        "Op ma 23 nov. 2026 om 10:00 schreef GM <gm@pbem.test>:\nSELL 1 SX\n",
        "Il giorno lun 23 nov 2026 alle ore 10:00 GM <gm@pbem.test> ha scritto:\nSELL 1 SX\n",
        "El lun, 23 nov 2026 a las 10:00, GM (<gm@pbem.test>) escribió:\nSELL 1 SX\n",
    };
    for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++) {
        char *mail = str_format("%s\n%s", orders, blocks[i]);
        expect_stripped(mail, orders);
        free(mail);
    }
    /* a quote marked with ">" after an attribution: the answers between its lines count */
    expect_stripped("Am Mo., 23. Nov. 2026 um 10:00 Uhr schrieb GM <\ngm@pbem.test>:\n> old\n"
                    "BUY 1 BY\n", "BUY 1 BY\n");
    /* not a header block: one header-like line, or the player's own envelope */
    expect_stripped("GAME: g1\nPLAYER: alice\nTO: nobody\nBUY 1 BY\n",
                    "GAME: g1\nPLAYER: alice\nTO: nobody\nBUY 1 BY\n");
    expect_stripped("From: alice\nBUY 1 BY\n", "From: alice\nBUY 1 BY\n");
}

/* A closing after the orders is not worth an error line; a name alone without one stays. */
static void test_closing_lines_are_not_orders(void **state)
{
    (void)state;
    static const char *const closings[] = {
        "Regards, Alice\n", "Thanks!\n", "Thank you\n", "Cheers,\nAlice\n",
        "Best regards,\nAlice Müller\n", "Gruß\n", "Viele Grüße\nAlice\n", "LG Alice\n",
        "Cordialement,\nAlice\n", "Saludos\n", "Groeten,\nAlice\nBerlin\n", "Ciao!\n",
    };
    for (size_t i = 0; i < sizeof closings / sizeof *closings; i++) {
        char *mail = str_format("BUY 1 BY\nPASS\n\n%s", closings[i]);
        expect_stripped(mail, "BUY 1 BY\nPASS\n");
        free(mail);
    }
    expect_stripped("BUY 1 BY\nAlice\n", "BUY 1 BY\nAlice\n");
    expect_stripped("Thanks\nBUY 1 BY\n", "Thanks\nBUY 1 BY\n"); /* only at the end */
    expect_stripped("BUY 1 BY\nBest TILE 9 ON M13\n", "BUY 1 BY\nBest TILE 9 ON M13\n");
}

/* Issue 27, item 11: what mail clients and providers append, greetings and sign-offs in our
 * players' languages, and several-line signatures under a sign-off, are not the sender's text;
 * an order, with "Best" or "Thanks" in it or not, stays. */
static void test_what_clients_and_people_append_is_not_text(void **state)
{
    (void)state;
    const char *orders = "GAME g1\nPLAYER bob\nPASSWORD pw\nBUY 1 BY\nPASS\n";
    static const char *const tails[] = {
        "Sent from my iPhone\n", "Sent from my Galaxy\n", "Sent from Yahoo Mail for iPhone\n",
        "Sent from Mail for Windows\n", "Get Outlook for iOS<https://aka.ms/o0ukef>\n",
        "Sent with Proton Mail secure email.\n", "Von meinem iPhone gesendet\n",
        "Gesendet von meinem Samsung Galaxy Smartphone.\n", "Skickat från min iPhone\n",
        "Hämta Outlook för Android\n", "Envoyé de mon iPhone\n", "Verstuurd vanaf mijn iPhone\n",
        "Inviato da iPhone\n", "Enviado desde mi iPhone\n",
        "Best regards,\nBob\n\nSent from my iPhone\n", "Thanks,\nBob\n",
        "Best regards,\nBob Smith\nSenior Engineer | ACME Rail AB\nPhone: +46 8 123 45 67\n"
        "www.acme.example\n\nThis e-mail and any attachments are confidential.\n",
        "Med vänliga hälsningar\nBob\n", "Mvh Bob\n", "Hälsningar,\nBob Svensson\nGöteborg\n",
        "Mit freundlichen Grüßen\nBob\nACME GmbH, Hauptstraße 1, 80331 München\n",
        "Bien cordialement,\nBob\n", "Met vriendelijke groet,\nBob\n", "Un saluto\n",
        "Atentamente,\nBob\n", "Tack!\n", "Danke\n",
    };
    for (size_t i = 0; i < sizeof tails / sizeof *tails; i++) {
        char *mail = str_format("%s\n%s", orders, tails[i]);
        expect_stripped(mail, orders);
        free(mail);
    }
    /* a greeting before the orders and the envelope */
    static const char *const greetings[] = {"Hi,", "Hello Gerd,", "Dear GM:", "Hi all!",
                                            "Hallo zusammen,", "Hej!", "Hej Gerd,",
                                            "Bonjour,", "Hoi allemaal,", "Ciao a tutti,",
                                            "Hola,"};
    for (size_t i = 0; i < sizeof greetings / sizeof *greetings; i++) {
        char *mail = str_format("%s\n\n%s", greetings[i], orders);
        expect_stripped(mail, orders);
        free(mail);
    }
    /* under text, a greeting is the sender's (the GM's BROADCAST "Hello all,") */
    expect_stripped("BROADCAST\nHello all,\nthe deadline moves.\n",
                    "BROADCAST\nHello all,\nthe deadline moves.\n");
    /* orders stay: a name of a city, a "Best" that is no sign-off, a sign-off first */
    expect_stripped("BUY 1 BY\nBest TILE 9\n", "BUY 1 BY\nBest TILE 9\n");
    expect_stripped("Hi 5 BY\n", "Hi 5 BY\n");
    expect_stripped("Thanks\nBUY 1 BY\n", "Thanks\nBUY 1 BY\n");
}

/* Issue 27, item 11: the sender's own name alone on a line ("Bob" from "Bob Smith") is his
 * signature, with what is under it; a name that is not his stays. */
static void test_the_senders_name_is_a_signature(void **state)
{
    (void)state;
    mail_message m;
    parse("From: Bob Smith <bob@example.org>\r\nSubject: orders\r\n\r\n"
          "GAME g1\r\nBUY 1 BY\r\n\r\nBob\r\nACME Rail\r\n", &m);
    assert_string_equal(m.body, "GAME g1\nBUY 1 BY\n");
    mail_message_clear(&m);
    parse("From: Bob Smith <bob@example.org>\r\nSubject: orders\r\n\r\n"
          "GAME g1\r\nBUY 1 BY\r\n/Bob Smith\r\n", &m);
    assert_string_equal(m.body, "GAME g1\nBUY 1 BY\n");
    mail_message_clear(&m);
    parse("From: Bob Smith <bob@example.org>\r\nSubject: orders\r\n\r\n"
          "GAME g1\r\nBUY 1 BY\r\nAlice\r\n", &m);
    assert_string_equal(m.body, "GAME g1\nBUY 1 BY\nAlice\n");
    mail_message_clear(&m);
}

/* Issue 27, item 11: a Swedish (Danish, Norwegian) attribution and header block: the quote. */
static void test_a_swedish_quote_is_a_quote(void **state)
{
    (void)state;
    const char *orders = "GAME g1\nPLAYER bob\nPASSWORD pw\nBUY 1 BY\n";
    static const char *const quotes[] = {
        "Den 23 nov. 2026 kl. 10:00 skrev GM <gm@pbem.test>:\n\nSELL 1 SX\n",
        "Den mån 23 nov. 2026 10:00GM <gm@pbem.test> skrev:\n> SELL 1 SX\n",
        "23 nov. 2026 kl. 10:00 skrev GM <gm@pbem.test>:\n\n> SELL 1 SX\n",
        "Från: GM <gm@pbem.test>\nSkickat: den 23 november 2026 10:00\nTill: bob\n"
        "Ämne: g1: tur 1\n\nSELL 1 SX\n",
        "-----Ursprungligt meddelande-----\nSELL 1 SX\n",
        "-----Message d'origine-----\nSELL 1 SX\n",
    };
    for (size_t i = 0; i < sizeof quotes / sizeof *quotes; i++) {
        char *mail = str_format("%s\n%s", orders, quotes[i]);
        expect_stripped(mail, orders);
        free(mail);
    }
}

/* Issue 27, item 11: Word's and phones' typography is plain text: en and em dashes, bullets
 * as list markers, smart quotes, the odd spaces and invisible marks. */
static void test_typography_is_plain(void **state)
{
    (void)state;
    expect_stripped("\xe2\x80\x93 BUY SX\n\xe2\x80\x94 PASS\n\xe2\x80\xa2 SELL 1 BA\n"
                    "\xef\x82\xb7\tBUY 1 BY\n",
                    "- BUY SX\n- PASS\n- SELL 1 BA\n-\tBUY 1 BY\n");
    expect_stripped("\xe2\x80\x9cPASS\xe2\x80\x9d\n\xe2\x80\x9e" "BUY SX\xe2\x80\x9c\nDON\xe2\x80"
                    "\x99T FORM\n", "\"PASS\"\n\"BUY SX\"\nDON'T FORM\n");
    expect_stripped("\xef\xbb\xbf" "BUY\xe2\x80\xaf" "1\xe2\x80\x89" "BY\xe2\x80\x8b\n",
                    "BUY 1 BY\n");
    /* a dash inside a name stays a dash, a bullet inside a line stays */
    expect_stripped("GOAL N\xc3\xbcrnberg\xe2\x80\x93" "F\xc3\xbcrth \xe2\x80\xa2\n",
                    "GOAL N\xc3\xbcrnberg-F\xc3\xbcrth \xe2\x80\xa2\n");
}

/* Issue 27, item 12: a forwarded mail with nothing written above it is what is sent (Gmail,
 * Thunderbird, Apple Mail, in English, German and Swedish); with the sender's text above it,
 * it is a quote. */
static void test_a_forwarded_mail_is_read(void **state)
{
    (void)state;
    const char *orders = "GAME g1\nPLAYER bob\nPASSWORD pw\nBUY 1 BY\n";
    static const char *const openers[] = {
        "---------- Forwarded message ---------\nFrom: Bob <bob@example.org>\nDate: Mon, 23 "
        "Nov 2026 at 10:00\nSubject: orders\nTo: <gm@pbem.test>\n\n\n",
        "-------- Weitergeleitete Nachricht --------\nBetreff: \tZug 1\nDatum: \tMon, 23 Nov "
        "2026\nVon: \tBob <bob@example.org>\nAn: \tgm@pbem.test\n\n\n",
        "Begin forwarded message:\n\nFrom: Bob <bob@example.org>\nSubject: orders\nDate: 23 "
        "November 2026 at 10:00:00 CET\nTo: gm@pbem.test\n\n",
        "Vidarebefordrat brev:\n\nFrån: Bob <bob@example.org>\nÄmne: order\nDatum: 23 november "
        "2026 10:00:00 CET\nTill: gm@pbem.test\n\n",
    };
    for (size_t i = 0; i < sizeof openers / sizeof *openers; i++) {
        char *mail = str_format("%s%s", openers[i], orders);
        expect_stripped(mail, orders);
        free(mail);
        mail = str_format("Hi,\n\n%s%s\nSent from my iPhone\n", openers[i], orders);
        expect_stripped(mail, orders);
        free(mail);
        mail = str_format("PASS\n\n%s%s", openers[i], orders);
        expect_stripped(mail, "PASS\n");
        free(mail);
    }
}

static void test_format_flowed_is_joined(void **state)
{
    (void)state;
    mail_message m;
    parse("From: a@x.org\r\nContent-Type: text/plain; charset=utf-8; format=flowed\r\n\r\n"
          "a long line \r\ncontinued\r\n next\r\n", &m);
    assert_string_equal(m.body, "a long line continued\nnext\n");
    mail_message_clear(&m);
}

static void test_attachment_only_has_no_text(void **state)
{
    (void)state;
    mail_message m;
    parse("From: a@x.org\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=Z\r\n\r\n"
          "--Z\r\nContent-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n"
          "iVBORw0KGgo=\r\n--Z\r\nContent-Type: text/plain\r\n"
          "Content-Disposition: attachment; filename=a.txt\r\n\r\nnot the body\r\n--Z--\r\n", &m);
    assert_int_equal(m.body_kind, MAIL_BODY_NONE);
    assert_string_equal(m.body, "");
    assert_int_equal(m.attachments, 2);
    mail_message_clear(&m);
}

static void test_garbage_never_crashes(void **state)
{
    (void)state;
    const char *inputs[] = {"", "\r\n\r\n", "no header at all", "From: <<<>>>\r\n\r\nx",
                            "Content-Type: multipart/mixed; boundary=\r\n\r\n--\r\n--",
                            "From: a@x\r\nContent-Type: text/plain\r\n"
                            "Content-Transfer-Encoding: base64\r\n\r\n!!!###"};
    for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
        mail_message m;
        mail_message_parse(inputs[i], strlen(inputs[i]), &m);
        assert_non_null(m.body);
        mail_message_clear(&m);
    }
    unsigned char bin[4096];
    for (size_t i = 0; i < sizeof bin; i++)
        bin[i] = (unsigned char)(i * 131 + 7);
    mail_message m;
    mail_message_parse((const char *)bin, sizeof bin, &m);
    assert_non_null(m.body);
    assert_true(mail_is_utf8(m.body, strlen(m.body)));
    mail_message_clear(&m);
}

static void expect_no_reply(const char *raw, const char *fragment)
{
    mail_message m;
    parse(raw, &m);
    const char *why = mail_no_reply_reason(&m, "gm@x.org");
    assert_non_null(why);
    if (!strstr(why, fragment))
        fail_msg("reason \"%s\" does not mention \"%s\"", why, fragment);
    mail_message_clear(&m);
}

static void test_machines_and_ourselves_get_no_reply(void **state)
{
    (void)state;
    expect_no_reply("From: MAILER-DAEMON@x.org\r\n\r\nbounce", "mailer daemon");
    expect_no_reply("Return-Path: <>\r\nFrom: a@y.org\r\n\r\nbounce", "bounce");
    expect_no_reply("From: a@y.org\r\nAuto-Submitted: auto-replied\r\n\r\nvacation", "Auto-Sub");
    expect_no_reply("From: a@y.org\r\nPrecedence: bulk\r\n\r\nnews", "Precedence");
    expect_no_reply("From: a@y.org\r\nPrecedence: list\r\n\r\nnews", "Precedence");
    expect_no_reply("From: a@y.org\r\nList-Id: <l.y.org>\r\n\r\nnews", "List-Id");
    expect_no_reply("From: GM@x.org\r\n\r\nloop", "our own address");
    expect_no_reply("From: a@y.org\r\nReply-To: gm@x.org\r\n\r\nloop", "our own address");
    expect_no_reply("Subject: x\r\n\r\nnobody", "no address");
    mail_message m;
    parse("From: a@y.org\r\nAuto-Submitted: no\r\nReply-To: b@y.org\r\n\r\nfine", &m);
    assert_null(mail_no_reply_reason(&m, "gm@x.org"));
    assert_string_equal(mail_reply_address(&m), "b@y.org");
    mail_message_clear(&m);
}

static void test_header_only_helpers(void **state)
{
    (void)state;
    const char *raw = "Subject: s\r\nMessage-ID: <id-1@x>\r\n\r\nbody\r\n";
    char *id = mail_header_message_id(raw, strlen(raw));
    assert_string_equal(id, "id-1@x");
    free(id);
    assert_int_equal(mail_header_length(raw, strlen(raw)), strlen(raw) - 6);
    assert_null(mail_header_message_id("Subject: s\r\n\r\n", 14));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_mail),
        cmocka_unit_test(test_multipart_alternative_prefers_plain),
        cmocka_unit_test(test_html_only_is_converted),
        cmocka_unit_test(test_a_no_break_space_is_a_space),
        cmocka_unit_test(test_base64_and_legacy_charset),
        cmocka_unit_test(test_unknown_charset_falls_back_without_loss),
        cmocka_unit_test(test_rfc2047_subject_and_name),
        cmocka_unit_test(test_quotes_and_signature_are_removed),
        cmocka_unit_test(test_format_flowed_is_joined),
        cmocka_unit_test(test_client_header_blocks_are_quotes),
        cmocka_unit_test(test_closing_lines_are_not_orders),
        cmocka_unit_test(test_what_clients_and_people_append_is_not_text),
        cmocka_unit_test(test_the_senders_name_is_a_signature),
        cmocka_unit_test(test_a_swedish_quote_is_a_quote),
        cmocka_unit_test(test_typography_is_plain),
        cmocka_unit_test(test_a_forwarded_mail_is_read),
        cmocka_unit_test(test_attachment_only_has_no_text),
        cmocka_unit_test(test_garbage_never_crashes),
        cmocka_unit_test(test_machines_and_ourselves_get_no_reply),
        cmocka_unit_test(test_header_only_helpers),
    };
    return cmocka_run_group_tests_name("message", tests, NULL, NULL);
}
