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
    eng_title *t = tf_load_title(title);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_the_1835_start_mail_orders_read_back, setup, teardown),
        cmocka_unit_test_setup_teardown(test_the_1830_start_mail_orders_read_back, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
