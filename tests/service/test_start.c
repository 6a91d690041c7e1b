/* The mail that opens a game (service/start.c): every order it suggests for the start packet
 * ("the order that buys it") reads back (ord_parse) as the order the packet's item means
 * (report/packet.c), in the mail as sent, for a game of 1835 and one of 1830 (issue 29 item 3:
 * the start mail cannot drift from the parser). */
#include "mail_fixture.h"
#include "../engine/title_fixture.h"
#include "orders/order.h"
#include "report/packet.h"

/* The start packet's lines of a start mail's text, a wrapped line joined again: "ID: what,
 * price: ORDER" each. */
static int packet_lines(const char *body, char lines[][256], int max)
{
    const char *from = strstr(body, "\n== The start packet"), *to = strstr(body, "\n== The rules");
    assert_non_null(from);
    assert_non_null(to);
    int n = 0;
    for (const char *p = strchr(from + 1, '\n'); p && p < to; p = strchr(p + 1, '\n')) {
        const char *line = p + 1;
        size_t len = strcspn(line, "\n");
        if (strncmp(line, "        ", 8) == 0 && n > 0) /* a wrapped line goes on */
            snprintf(lines[n - 1] + strlen(lines[n - 1]), 256 - strlen(lines[n - 1]), " %.*s",
                     (int)(len - 8), line + 8);
        else if (strncmp(line, "    ", 4) == 0 && line[4] != ' ' && n < max)
            snprintf(lines[n++], 256, "%.*s", (int)(len - 4), line + 4);
    }
    return n;
}

/* The one order a line of a player's mail reads as. */
static ord_action read_back(const char *line)
{
    char *body = str_format("GAME g1\nPLAYER alice\nPASSWORD secret1\nTURN 1\n%s\n", line);
    ord_envelope env;
    ord_orders o;
    ord_envelope_parse("Re: g1: turn 1", body, &env);
    ord_parse(&env, &o);
    if (env.nerrors || o.n != 1 || o.v[0].nalts != 1)
        fail_msg("\"%s\" does not read as one order: %s", line,
                 env.nerrors ? env.errors[0].message : "");
    ord_action a = o.v[0].alts[0];
    ord_orders_clear(&o);
    ord_envelope_clear(&env);
    free(body);
    return a;
}

/* Game `name` of `title`, with alice, bob and carol, started; its opening mail to alice. */
static char *start_mail(struct fixture *f, const char *name, const char *title)
{
    int64_t id = f->game_id;
    if (strcmp(name, "g1") != 0)
        assert_int_equal(store_game_create(f->st, name, title, &id), STORE_OK);
    for (int p = strcmp(name, "g1") == 0; p < 3; p++) {
        static const char *const who[] = {"alice", "bob", "carol"};
        char *address = str_format("%s@pbem.test", who[p]);
        assert_int_equal(store_player_add(f->st, id, who[p], address, "x", NULL), STORE_OK);
        free(address);
    }
    assert_int_equal(store_game_start(f->st, id, ""), STORE_OK);
    store_game sg = {0};
    assert_int_equal(store_game_find(f->st, name, &sg), STORE_OK);
    assert_int_equal(svc_mail_game_start(&f->c, f->st, &sg).kind, SVC_OK);
    store_game_clear(&sg);
    assert_true(sent_due(&f->c, f->st, f->sink) >= 0);
    struct sent s;
    collect(f, &s);
    char *body = strdup(s.body[sent_to_with(&s, "alice@pbem.test", "the game begins")]);
    sent_clear(&s);
    clear_out(f);
    return body;
}

static void packet_orders_read_back(struct fixture *f, const char *name, const char *title)
{
    char *body = start_mail(f, name, title);
    eng_title *t = NULL; /* (as the service reads it: a title that extends another, 18Kaas) */
    assert_int_equal(svc_load_title(title, &t).kind, SVC_OK);
    char lines[32][256];
    int n = packet_lines(body, lines, 32);
    assert_int_equal(n, t->nstart_items);
    for (int i = 0; i < n; i++) {
        const char *order = strrchr(lines[i], ':');
        assert_non_null(order);
        order += 2;
        char *want = rep_packet_order_text(t, i), *as_read = NULL, *meant = NULL;
        ord_action got = read_back(order), m;
        rep_packet_order(t, i, &m);
        as_read = ord_format_action(&got);
        meant = ord_format_action(&m);
        if (strcmp(order, want) != 0 || strcasecmp(as_read, meant) != 0 || got.kind != m.kind)
            fail_msg("%s, item %s: the mail says \"%s\", read as %s; meant %s", title,
                     t->start_items[i].id, order, as_read, meant);
        free(want), free(as_read), free(meant);
    }
    eng_title_free(t);
    free(body);
}

static void test_the_1835_start_mail_orders_read_back(void **state)
{
    packet_orders_read_back(*state, "g1", "1835");
}

static void test_the_1830_start_mail_orders_read_back(void **state)
{
    packet_orders_read_back(*state, "g2", "1830");
}

static void test_the_18ga_start_mail_orders_read_back(void **state)
{
    packet_orders_read_back(*state, "g3", "18GA");
}

static void test_the_18kaas_start_mail_orders_read_back(void **state)
{
    packet_orders_read_back(*state, "g4", "18Kaas");
}

/* The text with its lines joined (a line break and the indentation after it: a space; an
 * empty line stays), so that a sentence the mail wraps is found whole. */
static char *unwrapped(const char *text)
{
    buf b;
    buf_init(&b);
    for (const char *p = text; *p; p++) {
        if (*p == '\n' && p[1] != '\n' && (p == text || p[-1] != '\n')) {
            buf_addc(&b, ' ');
            p += strspn(p + 1, " ");
        } else
            buf_addc(&b, *p);
    }
    return buf_steal(&b);
}

static void expect_said(const char *text, const char *part)
{
    char *joined = unwrapped(text);
    bool found = strstr(joined, part) != NULL;
    free(joined);
    if (!found)
        fail_msg("\"%s\" not in:\n%s", part, text);
}

/* Issue 32: the start mail of 18GA explains its start (the auction, what comes with the M&B)
 * and its own rules (the end at 300, one train from the bank a turn, ACL's blocking home, the
 * W&S's station, the OSO's free train); 18Kaas's its D&H and the Ruhr. */
static void test_the_18ga_start_mail_explains_its_rules(void **state)
{
    char *body = start_mail(*state, "g3", "18GA");
    lines_at_most_78(body);
    expect_in(body, "game g3 (18GA) begins");
    expect_in(body, "Sold by auction: on your turn BUY the cheapest item at its price");
    expect_said(body, "M&B: Macon & Birmingham with a 10% CoG share, 150: BID 155 ON M&B");
    expect_said(body, "Should everyone pass while LT is unsold, its price falls by 5; at 0 the "
                      "player to act must take it.");
    expect_in(body, "== Special rules of 18GA\n");
    expect_said(body, "when a company's share price reaches 300 (the market's end), at the end "
                      "of the operating round in play.");
    expect_said(body, "In phases 2 and 3 a company buys at most 1 train from the bank (or the "
                      "pool) in an operating turn");
    expect_said(body, "ACL's home station stands on Jacksonville (J12) from the start");
    expect_said(body, "may place a free station on Waycross (I9) in its station step (USE W&S)");
    expect_said(body, "also receives a 2-train from the bank, free (not once phase 4 has begun, "
                      "nor at its train limit); it may never sell that train.");
    free(body);
}

static void test_the_18kaas_start_mail_explains_its_rules(void **state)
{
    char *body = start_mail(*state, "g4", "18Kaas");
    lines_at_most_78(body);
    expect_in(body, "== Special rules of 18Kaas\n");
    expect_said(body, "D&H (Delaware & Hudson): its station on Venlo (K16) may be placed only "
                      "in the turn in which its company lays the private's tile there");
    expect_said(body, "Ruhrgebied (J17, K18): worth nothing itself, a run that reaches it "
                      "counts the other cities of the run twice");
    free(body);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_the_1835_start_mail_orders_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_1830_start_mail_orders_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_18ga_start_mail_orders_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_18kaas_start_mail_orders_read_back, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_the_18ga_start_mail_explains_its_rules, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_the_18kaas_start_mail_explains_its_rules, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
