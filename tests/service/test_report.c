/* Tests for the turn report as mailed (src/service/report.c, start.c, turns.c; issue 14): the
 * MIME structure (text and HTML as alternatives, the pictures beside the HTML by Content-ID),
 * the text part's line lengths, the HTML read by a real HTML parser (libxml2), the map's size,
 * personalisation, the per-player choice of pictures, threading under the game's first mail,
 * an 8-bit From read and answered encoded, the start-of-game mail, and the GM's notes kept off
 * the players' copies. */
#include "mail_fixture.h"
#include "util/buf.h"

#include <libetpan/libetpan.h>
#include <libxml/HTMLparser.h>

/* Every player's orders in (these); the turn resolved after the grace period. */
static void resolve_turn_1_with(struct fixture *f, const char *alice, const char *bob,
                                const char *carol)
{
    mail_orders(f, "alice", "secret1", alice);
    mail_orders(f, "bob", "secret2", bob);
    mail_orders(f, "carol", "secret2", carol);
    assert_int_equal(pass(f), 0);
    util_set_clock(util_now() + 16 * 60);
    assert_int_equal(pass(f), 1);
}

static void resolve_turn_1(struct fixture *f)
{
    resolve_turn_1_with(f, "BUY NF\n", "BUY M1\n", "BUY LD\n");
}

/* ---- reading a mail's MIME parts ---- */

struct part {
    char type[64];
    char content_id[128];
    char *data; /* decoded */
    size_t len;
};

struct mime {
    char shape[256];
    struct part parts[8];
    int nparts;
};

static void decode(struct mailmime *mm, struct part *p)
{
    const char *body = mm->mm_data.mm_single->dt_data.dt_text.dt_data;
    size_t blen = mm->mm_data.mm_single->dt_data.dt_text.dt_length, cur = 0;
    int enc = mm->mm_data.mm_single->dt_encoding;
    char *out = NULL;
    size_t olen = 0;
    assert_int_equal(mailmime_part_parse(body, blen, &cur, enc, &out, &olen), MAILIMF_NO_ERROR);
    p->data = malloc(olen + 1);
    p->len = 0;
    for (size_t i = 0; i < olen; i++) /* text as the program wrote it: \n line ends */
        if (out[i] != '\r' || enc == MAILMIME_MECHANISM_BASE64)
            p->data[p->len++] = out[i];
    p->data[p->len] = '\0';
    mmap_string_unref(out);
}

static void walk(struct mailmime *mm, struct mime *m)
{
    if (mm->mm_type == MAILMIME_MESSAGE) {
        walk(mm->mm_data.mm_message.mm_msg_mime, m);
        return;
    }
    struct mailmime_content *ct = mm->mm_content_type;
    size_t n = strlen(m->shape);
    snprintf(m->shape + n, sizeof m->shape - n, "%s", ct->ct_subtype);
    if (mm->mm_type == MAILMIME_MULTIPLE) {
        strcat(m->shape, "(");
        for (clistiter *it = clist_begin(mm->mm_data.mm_multipart.mm_mp_list); it; it = it->next) {
            walk(it->data, m);
            if (it->next)
                strcat(m->shape, ",");
        }
        strcat(m->shape, ")");
        return;
    }
    assert_true(m->nparts < 8);
    struct part *p = &m->parts[m->nparts++];
    snprintf(p->type, sizeof p->type, "%s/%s",
             ct->ct_type->tp_type == MAILMIME_TYPE_DISCRETE_TYPE &&
                     ct->ct_type->tp_data.tp_discrete_type->dt_type == MAILMIME_DISCRETE_TYPE_IMAGE
                 ? "image" : "text",
             ct->ct_subtype);
    if (mm->mm_mime_fields)
        for (clistiter *it = clist_begin(mm->mm_mime_fields->fld_list); it; it = it->next) {
            struct mailmime_field *fld = it->data;
            if (fld->fld_type == MAILMIME_FIELD_ID)
                snprintf(p->content_id, sizeof p->content_id, "%s", fld->fld_data.fld_id);
        }
    decode(mm, p);
}

static void mime_read(const char *raw, struct mime *m)
{
    memset(m, 0, sizeof *m);
    size_t idx = 0;
    struct mailmime *mm = NULL;
    assert_int_equal(mailmime_parse(raw, strlen(raw), &idx, &mm), MAILIMF_NO_ERROR);
    walk(mm, m);
    mailmime_free(mm);
}

static void mime_clear(struct mime *m)
{
    for (int i = 0; i < m->nparts; i++)
        free(m->parts[i].data);
}

static const struct part *part_of(const struct mime *m, const char *type)
{
    for (int i = 0; i < m->nparts; i++)
        if (strcmp(m->parts[i].type, type) == 0)
            return &m->parts[i];
    fail_msg("no %s part in %s", type, m->shape);
    return NULL;
}

/* ---- checks ---- */

static int html_errors;

static void count_error(void *ctx, const char *msg, ...)
{
    (void)ctx;
    (void)msg;
    html_errors++;
}

/* The errors libxml2's HTML parser reports on the text. */
/* The document as libxml2's HTML parser reads it (NULL when it cannot), its errors counted in
 * html_errors. */
static htmlDocPtr html_read(const char *html)
{
    html_errors = 0;
    xmlSetGenericErrorFunc(NULL, count_error);
    htmlDocPtr doc = htmlReadMemory(html, (int)strlen(html), NULL, "UTF-8",
                                    HTML_PARSE_NONET | HTML_PARSE_PEDANTIC);
    xmlSetGenericErrorFunc(NULL, NULL);
    return doc;
}

static int html_error_count(const char *html)
{
    xmlFreeDoc(html_read(html));
    return html_errors;
}

/* The check can fail: a misnested table, an unknown tag, a stray end tag. */
static void test_the_html_check_finds_errors(void **state)
{
    (void)state;
    assert_int_equal(html_error_count("<!DOCTYPE html><html><head><title>t</title></head>"
                                      "<body><p>fine</p></body></html>"), 0);
    assert_true(html_error_count("<html><body><table><tr><td>x</table></p></body></html>") > 0);
    assert_true(html_error_count("<html><body><frob>x</frob></body></html>") > 0);
    assert_true(html_error_count("<html><body><p>a</div></body></html>") > 0);
}

/* The HTML as libxml2's HTML parser reads it: no error, and it has a body. */
static void html_is_valid(const char *html)
{
    htmlDocPtr doc = html_read(html);
    assert_non_null(doc);
    xmlNodePtr root = xmlDocGetRootElement(doc);
    assert_non_null(root);
    assert_string_equal((const char *)root->name, "html");
    xmlFreeDoc(doc);
    if (html_errors)
        fail_msg("the HTML parser found %d error(s) in:\n%s", html_errors, html);
}

/* A PNG's width, from its IHDR. */
static unsigned png_width(const struct part *p)
{
    assert_true(p->len > 24 && memcmp(p->data + 1, "PNG", 3) == 0);
    const unsigned char *w = (const unsigned char *)p->data + 16;
    return (unsigned)w[0] << 24 | (unsigned)w[1] << 16 | (unsigned)w[2] << 8 | w[3];
}

/* Every "cid:" the HTML names is a picture of the mail. */
static void pictures_are_there(const struct mime *m, const char *html)
{
    int named = 0;
    for (const char *p = html; (p = strstr(p, "src=\"cid:")) != NULL; p++) {
        const char *id = p + 9, *end = strchr(id, '"');
        bool found = false;
        for (int i = 0; i < m->nparts; i++)
            found |= strlen(m->parts[i].content_id) == (size_t)(end - id) &&
                     strncmp(m->parts[i].content_id, id, (size_t)(end - id)) == 0;
        if (!found)
            fail_msg("%.*s is not a part of the mail", (int)(end - id), id);
        named++;
    }
    assert_int_equal(named, 2);
}

static int report_to(const struct sent *s, const char *to)
{
    return sent_to_with(s, to, "Subject: g1: turn 1");
}

/* The report a player gets: text and HTML as alternatives, the HTML's map (at least 1000 px
 * wide) and worth chart beside it by Content-ID; the text's lines at most 78 characters; the
 * HTML read without an error by libxml2; both personalised. */
static void test_the_report_is_text_and_html_with_its_pictures(void **state)
{
    struct fixture *f = *state;
    resolve_turn_1(f);
    struct sent s;
    collect(f, &s);
    struct mime m;
    mime_read(s.raw[report_to(&s, "alice@pbem.test")], &m);
    assert_string_equal(m.shape, "alternative(plain,related(html,png,png))");
    const struct part *text = part_of(&m, "text/plain"), *html = part_of(&m, "text/html");
    lines_at_most_78(text->data);
    html_is_valid(html->data);
    pictures_are_there(&m, html->data);
    assert_true(png_width(part_of(&m, "image/png")) >= 1000);
    expect_in(text->data, "The report for alice.");
    expect_in(text->data, "== Your orders and what became of them");
    expect_in(text->data, "\"BUY 1 NF\": carried out");
    expect_in(html->data, "The report for alice.");
    expect_in(html->data, "<tr class=\"you\"><td class=\"head\">alice</td>");
    /* issue 27, item 17: on a phone the tables stack (a card a row, each cell labelled), the
       market scrolls in its own box, the pictures are no wider than the page (even where a
       client drops the <style>); tests/report/test_phone_width.sh measures it in Chromium */
    expect_in(html->data, "<table class=\"stack\">\n<caption class=\"phone\" style=\"display: none\">"
                          "Players</caption>\n<thead><tr><th>Player</th>");
    expect_in(html->data, "<td class=\"n pair\" data-label=\"Cash\">");
    expect_in(html->data, "<td data-label=\"Holdings\">");
    expect_in(html->data, "<div class=\"wide\" style=\"overflow-x: auto\">\n<table class=\"market\">");
    expect_in(html->data, "width=\"640\" height=\"260\" style=\"max-width: 100%; height: auto\"");
    expect_in(html->data, "@media screen and (max-width: 560px)");
    expect_in(text->data, "Stock market");
    expect_in(text->data, "Worth by turn:");
    expect_in(text->data, "Companies (IPO and Pool"); /* M1 started */
    expect_in(html->data, "<th>Company</th>");
    assert_null(strstr(text->data, "none has started yet"));
    expect_in(html->data, "PLAYER alice\nPASSWORD your-password\nTURN 2");
    /* tables that line up: each row's cash under the header's */
    const char *head = strstr(text->data, "    Player");
    assert_non_null(head);
    int cash_col = (int)(strstr(head, "Cash") - head);
    const char *row = strstr(head, "\n    alice ");
    assert_non_null(row);
    row++;
    assert_true(row[cash_col - 1] == ' ' && row[cash_col] >= '0' && row[cash_col] <= '9');
    mime_clear(&m);
    sent_clear(&s);
}

/* Before any company starts (everyone passed), the report says so in place of a table of
 * companies with its headings alone. */
static void test_no_company_started_yet(void **state)
{
    struct fixture *f = *state;
    resolve_turn_1_with(f, "PASS\n", "PASS\n", "PASS\n");
    struct sent s;
    collect(f, &s);
    struct mime m;
    mime_read(s.raw[report_to(&s, "alice@pbem.test")], &m);
    const struct part *text = part_of(&m, "text/plain"), *html = part_of(&m, "text/html");
    expect_in(text->data, "\nCompanies: none has started yet.\n");
    /* the turn covered both rounds of passes, the operating round between them no round of it */
    expect_in(text->data, "turn 1: the start packet (rounds 1 and 2)");
    /* the order of play as the engine tells it: the packet sold, stock round 1; else again */
    expect_in(text->data, "Now: the start packet (round 3), then stock round 1");
    expect_in(html->data, "<p>Companies: none has started yet.</p>");
    assert_null(strstr(text->data, "Companies (IPO and Pool"));
    assert_null(strstr(html->data, "<th>Company</th>"));
    html_is_valid(html->data);
    mime_clear(&m);
    sent_clear(&s);
}

/* The GM's copy carries the GM's notes (the rulings, a command to run); the players' copies
 * never show a shell command or the GM's notes. Carol is silent: her company is played for
 * her, a ruling. */
static void test_the_gms_notes_are_on_the_gms_copy_only(void **state)
{
    struct fixture *f = *state;
    resolve_turn_1(f);
    mail_orders(f, "alice", "secret1", "PASS\n");
    mail_orders(f, "bob", "secret2", "PASS\n");
    util_set_clock(1800000000 + 200 * 3600); /* past turn 2's deadline: carol NMR */
    assert_int_equal(pass(f), 1);
    struct sent s;
    collect(f, &s);
    int gm = sent_to_with(&s, "gm@pbem.test", "Subject: g1: turn 2");
    struct mime m;
    mime_read(s.raw[gm], &m);
    expect_in(part_of(&m, "text/plain")->data, "For the GM: rulings to look at");
    expect_in(part_of(&m, "text/html")->data, "For the GM: rulings to look at");
    html_is_valid(part_of(&m, "text/html")->data);
    lines_at_most_78(part_of(&m, "text/plain")->data);
    mime_clear(&m);
    static const char *const players[] = {"alice@pbem.test", "bob@pbem.test", "carol@pbem.test"};
    for (int i = 0; i < 3; i++) {
        mime_read(s.raw[sent_to_with(&s, players[i], "Subject: g1: turn 2")], &m);
        for (int k = 0; k < 2; k++) {
            const char *t = part_of(&m, k ? "text/html" : "text/plain")->data;
            if (strstr(t, "pbemgm ") || strstr(t, "For the GM"))
                fail_msg("%s's copy shows the GM's notes:\n%s", players[i], t);
        }
        mime_clear(&m);
    }
    sent_clear(&s);
}

/* PICTURES NONE: the player's reports come as text and HTML without pictures (the HTML says
 * how to have them again); the others' still carry them. PICTURES INLINE turns them back on. */
static void test_a_player_chooses_no_pictures(void **state)
{
    struct fixture *f = *state;
    mail_orders(f, "alice", "secret1", "PICTURES NONE\n");
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    expect_in(s.body[sent_to(&s, "alice@pbem.test")], "PICTURES NONE: from now on your turn");
    sent_clear(&s);
    resolve_turn_1(f);
    collect(f, &s);
    struct mime m;
    mime_read(s.raw[report_to(&s, "alice@pbem.test")], &m);
    assert_string_equal(m.shape, "alternative(plain,html)");
    expect_in(part_of(&m, "text/html")->data, "PICTURES INLINE");
    html_is_valid(part_of(&m, "text/html")->data);
    mime_clear(&m);
    mime_read(s.raw[report_to(&s, "bob@pbem.test")], &m);
    assert_string_equal(m.shape, "alternative(plain,related(html,png,png))");
    mime_clear(&m);
    sent_clear(&s);
    store_player p = {0};
    assert_int_equal(store_player_find(f->st, f->game_id, "alice", &p), STORE_OK);
    assert_false(p.pictures);
    store_player_clear(&p);
    mail_orders(f, "alice", "secret1", "PICTURES INLINE\n");
    assert_int_equal(pass(f), 0);
    assert_int_equal(store_player_find(f->st, f->game_id, "alice", &p), STORE_OK);
    assert_true(p.pictures);
    store_player_clear(&p);
    mail_orders(f, "alice", "secret1", "PICTURES SOMETIMES\n");
    assert_int_equal(pass(f), 0);
    collect(f, &s);
    expect_in(s.body[sent_to_with(&s, "alice@pbem.test", "SOMETIMES")],
              "PICTURES takes INLINE");
    sent_clear(&s);
}

/* The value of a header of a raw mail (unfolded), malloc'd; NULL when absent. */
static char *header(const char *raw, const char *name)
{
    char *key = str_format("\r\n%s: ", name);
    const char *p = strstr(raw, key);
    size_t klen = strlen(key);
    free(key);
    if (!p)
        return NULL;
    p += klen;
    buf b;
    buf_init(&b);
    for (; *p; p++) {
        if (p[0] == '\r' && p[1] == '\n' && (p[2] == ' ' || p[2] == '\t')) {
            p += 2;
            continue;
        }
        if (p[0] == '\r')
            break;
        buf_addc(&b, *p);
    }
    return buf_steal(&b);
}

/* Every mail of a game to a player threads under that player's own first mail of it (issue 27:
 * every thread's root was the first player's mail, which the others never received), the GM's
 * under the game's first mail to the GM; a reply to a player's mail answers it and references
 * all of its ids. */
static void test_a_games_mails_thread_under_its_first(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: alice@pbem.test\nSubject: orders\nMessage-ID: <a1@pbem.test>\n"
                    "References: <x0@pbem.test> <x1@pbem.test>\n\n"
                    "GAME g1\nPLAYER alice\nPASSWORD secret1\nBUY NF\n"));
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    int ack = sent_to(&s, "alice@pbem.test");
    char *irt = header(s.raw[ack], "In-Reply-To"), *refs = header(s.raw[ack], "References");
    assert_string_equal(irt, "<a1@pbem.test>");
    expect_in(refs, "<x0@pbem.test> <x1@pbem.test> <a1@pbem.test>");
    free(irt);
    free(refs);
    sent_clear(&s);
    mail_orders(f, "bob", "secret2", "BUY M1\n");
    mail_orders(f, "carol", "secret2", "BUY LD\n");
    assert_int_equal(pass(f), 0);
    util_set_clock(util_now() + 16 * 60);
    assert_int_equal(pass(f), 1);
    collect(f, &s);
    int reports = 0;
    char *roots[4] = {0};
    const char *who[4] = {"alice@pbem.test", "bob@pbem.test", "carol@pbem.test",
                          "gm@pbem.test"};
    for (int k = 0; k < 4; k++) {
        int64_t id;
        char *root = NULL;
        if (k < 3)
            assert_int_equal(store_player_thread(f->st, f->game_id, who[k], &id, &root), STORE_OK);
        else
            assert_int_equal(store_game_thread(f->st, f->game_id, &root), STORE_OK);
        assert_non_null(root);
        roots[k] = str_format("<%s>", root);
        free(root);
        for (int j = 0; j < k; j++) /* each its own */
            assert_string_not_equal(roots[j], roots[k]);
    }
    for (int i = 0; i < s.n; i++) {
        if (!strstr(s.raw[i], "Subject: g1: turn 1"))
            continue;
        int k = 0;
        while (k < 3 && !strstr(s.raw[i], who[k]))
            k++;
        char *r = header(s.raw[i], "References"), *in = header(s.raw[i], "In-Reply-To");
        if (!r) { /* the first mail of its reader's thread: it is the root */
            char *id = header(s.raw[i], "Message-ID");
            assert_string_equal(id, roots[k]);
            free(id);
            free(in);
            reports++;
            continue;
        }
        if (strncmp(r, roots[k], strlen(roots[k])) != 0)
            fail_msg("the report to %s references %s, not its own thread %s", who[k], r,
                     roots[k]);
        assert_string_equal(in, roots[k]);
        free(r);
        free(in);
        reports++;
    }
    assert_int_equal(reports, 4);
    for (int k = 0; k < 4; k++)
        free(roots[k]);
    sent_clear(&s);
}

/* A From header in raw UTF-8 (8-bit, as some clients send it) is read as written and the answer
 * names the player RFC 2047-encoded. */
static void test_an_8bit_from_is_read_and_answered_encoded(void **state)
{
    struct fixture *f = *state;
    free(deliver(f, "From: Clara M\xc3\xbcller <alice@pbem.test>\nSubject: Z\xc3\xbcge\n"
                    "Message-ID: <c1@pbem.test>\n\nGAME g1\nPLAYER alice\nPASSWORD secret1\n"
                    "BUY NF\n"));
    assert_int_equal(pass(f), 0);
    struct sent s;
    collect(f, &s);
    const char *raw = s.raw[sent_to(&s, "alice@pbem.test")];
    char *to = header(raw, "To"), *subject = header(raw, "Subject");
    expect_in(to, "=?UTF-8?B?");
    for (const char *p = raw; *p; p++)
        assert_true((unsigned char)*p < 0x80);
    mail_message m;
    mail_message_parse(raw, strlen(raw), &m);
    assert_string_equal(m.to_name, "Clara M\xc3\xbcller");
    assert_string_equal(m.subject, "Re: Z\xc3\xbcge");
    mail_message_clear(&m);
    free(to);
    free(subject);
    sent_clear(&s);
}

/* The start of the game: every player gets the seating, the packet, the rules in force, the
 * first deadline and the form for turn 1, as text and HTML with the starting map. */
static void test_the_start_of_the_game_is_mailed(void **state)
{
    struct fixture *f = *state;
    store_game g = game(f);
    assert_int_equal(svc_mail_game_start(&f->c, f->st, &g).kind, SVC_OK);
    store_game_clear(&g);
    assert_int_equal(sent_due(&f->c, f->st, f->sink), 3);
    struct sent s;
    collect(f, &s);
    struct mime m;
    mime_read(s.raw[sent_to_with(&s, "bob@pbem.test", "the game begins")], &m);
    assert_string_equal(m.shape, "alternative(plain,related(html,png))");
    const char *text = part_of(&m, "text/plain")->data, *html = part_of(&m, "text/html")->data;
    lines_at_most_78(text);
    html_is_valid(html);
    expect_in(text, "Dear bob,");
    expect_in(text, "Seat 3: carol (the first to act)"); /* Clemens: the last seat first */
    /* each item with what comes with it */
    expect_in(text, "NF: N\xc3\xbcrnberg-F\xc3\xbcrth with a 10% BY share, 100");
    expect_in(text, "Variant and options: Variant=Clemens.");
    expect_in(text, "== Turn 1: orders are due by");
    expect_in(text, "PLAYER bob\nPASSWORD your-password\nTURN 1");
    expect_in(html, "<td class=\"head\">NF</td>");
    /* each item with the order that buys it: the form's own words are accepted */
    expect_in(text, "with a 10% BY share, 100: BUY NF\n");
    /* Clemens puts every item on sale at once: no row is named (issue 27: the rows misled) */
    if (strstr(text, "(row ") || strstr(text, "the row it is sold from"))
        fail_msg("rows named where every item is on sale:\n%s", text);
    expect_in(html, "<td class=\"head\">BY-20%-director</td>");
    expect_in(html, "<code>BUY BY</code>");
    /* the formation that may end a turn early is the title's, named as its data names it */
    expect_sentence(text, "ends early with the Prussian's formation round;");
    /* the mail sent back as it is from its form on, the password filled in: every line is
     * accepted (the notes after the form were read as orders: "SEND", "HELP") */
    const char *form = strstr(text, "GAME g1\n");
    assert_non_null(form);
    buf back;
    buf_init(&back);
    buf_adds(&back, "From: bob@pbem.test\nSubject: Re: g1\nMessage-ID: <back1@pbem.test>\n\n");
    for (const char *p = form; *p; p++)
        if (strncmp(p, "your-password", 13) == 0)
            buf_adds(&back, "secret2"), p += 12;
        else
            buf_addc(&back, *p);
    mime_clear(&m);
    sent_clear(&s);
    free(deliver(f, back.data));
    buf_free(&back);
    assert_int_equal(pass(f), 0);
    collect(f, &s);
    const char *ack = s.body[sent_to_with(&s, "bob@pbem.test", "Re: g1")];
    if (strstr(ack, "not an order") || strstr(ack, "not taken"))
        fail_msg("the start mail's form, sent back, was not all taken:\n%s", ack);
    expect_in(ack, "Your orders for turn 1");
    sent_clear(&s);
}

/* The page `game report --html` writes: valid HTML, its pictures inside it. */
static void test_the_report_as_a_page(void **state)
{
    struct fixture *f = *state;
    resolve_turn_1(f);
    store_game g = game(f);
    char *html = NULL;
    assert_int_equal(svc_report_page_of_turn(&f->c, f->st, &g, 1, &html).kind, SVC_OK);
    html_is_valid(html);
    expect_in(html, "src=\"data:image/png;base64,iVBORw0KGgo");
    free(html);
    svc_result none = svc_report_page_of_turn(&f->c, f->st, &g, 2, &html);
    assert_int_equal(none.kind, SVC_REFUSED);
    expect_in(none.text, "has no report of turn 2");
    assert_null(html);
    store_game_clear(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_html_check_finds_errors),
        cmocka_unit_test_setup_teardown(test_no_company_started_yet, setup_started, teardown),
        cmocka_unit_test_setup_teardown(test_the_report_is_text_and_html_with_its_pictures,
                                        setup_started, teardown),
        cmocka_unit_test_setup_teardown(test_the_gms_notes_are_on_the_gms_copy_only,
                                        setup_started, teardown),
        cmocka_unit_test_setup_teardown(test_a_player_chooses_no_pictures, setup_started,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_a_games_mails_thread_under_its_first, setup_started,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_an_8bit_from_is_read_and_answered_encoded,
                                        setup_started, teardown),
        cmocka_unit_test_setup_teardown(test_the_start_of_the_game_is_mailed, setup_started,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_the_report_as_a_page, setup_started, teardown),
    };
    return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}
