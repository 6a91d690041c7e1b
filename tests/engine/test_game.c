/* Tests for the rules engine's start packet and stock rounds (src/engine/apply.c, state.c, start.c,
 * stock.c, operating.c, action.c): every start-packet variant, and the awkward stock-round
 * cases. Some set-ups place certificates directly (white box) to reach a position quickly. */
#include "game_fixture.h"

/* The players to act over the next purchases: each buys the first item it may and can. */
static void dealing_order(eng_game *g, int *order, int n)
{
    for (int k = 0; k < n; k++) {
        order[k] = g->current;
        int it = -1;
        for (int i = 0; i < title->nstart_items && it < 0; i++) {
            eng_action a = {.kind = ENG_ACT_BUY_ITEM, .player = g->current, .item = i};
            eng_game *copy = eng_game_copy(g);
            if (eng_apply(copy, &a, NULL, 0) == 0)
                it = i;
            eng_game_free(copy);
        }
        assert_true(it >= 0);
        must(g, (eng_action){.kind = ENG_ACT_BUY_ITEM, .item = it});
    }
}

static void expect_order(const char *options, const int *want, int n)
{
    eng_game *g = new_game(options, 4);
    int got[16];
    dealing_order(g, got, n);
    for (int k = 0; k < n; k++)
        if (got[k] != want[k])
            fail_msg("%s: turn %d went to player %d, not %d", options, k + 1, got[k] + 1,
                     want[k] + 1);
    eng_game_free(g);
}

static void test_dealing_orders(void **state)
{
    (void)state;
    expect_order("Variant=Standard", (int[]){0, 1, 2, 3, 0, 1, 2, 3}, 8);
    expect_order("Variant=Snake", (int[]){0, 1, 2, 3, 3, 2, 1, 0, 0, 1}, 10);
    expect_order("Variant=Clemens", (int[]){3, 2, 1, 0, 0, 1, 2, 3, 0}, 9);
    expect_order("Variant=ThompsonFull", (int[]){0, 1, 2, 3, 3, 2, 1, 0, 0, 1}, 10);
    expect_order("Variant=ThompsonHalf", (int[]){0, 1, 2, 3, 3, 2, 1, 0, 0}, 9);
}

/* The dealing order a variant gives n players over their first turns (docs/game-options.md):
 * Standard 1..n, 1..n; Snake and Thompson 1..n, n..1, 1..n (the player at the turn deals
 * twice); Clemens n..1, then 1..n over and over. */
static int expected_dealer(const char *variant, int n, int k)
{
    int cycle = k / n, pos = k % n;
    if (!strcmp(variant, "Standard"))
        return pos;
    if (!strcmp(variant, "Clemens"))
        return cycle == 0 ? n - 1 - pos : pos;
    if (!strcmp(variant, "Snake"))
        return cycle == 1 ? n - 1 - pos : pos;
    return cycle % 2 ? n - 1 - pos : pos; /* Thompson: it turns every round */
}

static const char *const VARIANTS[] = {"Standard", "Snake", "Clemens", "ThompsonFull",
                                       "ThompsonHalf"};

static eng_game *variant_game(size_t v, int n)
{
    char options[64];
    snprintf(options, sizeof options, "Variant=%s", VARIANTS[v]);
    return new_game(options, n);
}

/* Every variant's dealing order with 3 to 7 players. */
static void test_dealing_orders_for_3_to_7_players(void **state)
{
    (void)state;
    for (size_t v = 0; v < sizeof VARIANTS / sizeof *VARIANTS; v++)
        for (int n = 3; n <= 7; n++) {
            eng_game *g = variant_game(v, n);
            int got[16], turns = n + n / 2; /* over the first turn of the order */
            for (int p = 0; p < n; p++)  /* everyone can pay for what is on sale */
                g->players[p].cash += 1000, g->bank -= 1000;
            dealing_order(g, got, turns);
            for (int k = 0; k < turns; k++)
                if (got[k] != expected_dealer(VARIANTS[v], n, k))
                    fail_msg("%s, %d players: turn %d went to player %d, not %d", VARIANTS[v], n,
                             k + 1, got[k] + 1, expected_dealer(VARIANTS[v], n, k) + 1);
            eng_game_free(g);
        }
}

/* Issue 27, defect 1: everyone passing means every player, each in his own turn. Where the
 * dealing order turns one player deals twice in a row; his two passes are not two players'.
 * Here the first n-1 players buy, then everyone passes: the round ends exactly when the last
 * player who had not passed since the last purchase passes, in every variant, 3 to 7 players.
 * (Thompson and Snake ended it after n passes: the last player's two and n-2 others.) */
static void test_everyone_passed_means_every_player(void **state)
{
    (void)state;
    for (size_t v = 0; v < sizeof VARIANTS / sizeof *VARIANTS; v++)
        for (int n = 3; n <= 7; n++) {
            eng_game *g = variant_game(v, n);
            int bought = 0, order[1];
            unsigned passed = 0, everyone = (1u << n) - 1;
            bool ended = false;
            for (int guard = 0; guard < 4 * n && !ended; guard++) {
                if (bought < n - 1) {
                    dealing_order(g, order, 1);
                    bought++;
                } else {
                    must(g, pass());
                }
                for (int i = 0; i < g->nevents; i++) {
                    const eng_event *e = &g->events[i];
                    if (e->kind == ENG_EV_BOUGHT_ITEM)
                        passed = 0;
                    else if (e->kind == ENG_EV_PASSES || e->kind == ENG_EV_CANNOT_BUY)
                        passed |= 1u << e->player;
                    else if (e->kind == ENG_EV_ALL_PASSED) {
                        if (passed != everyone)
                            fail_msg("%s, %d players: everyone passed with players %#x", VARIANTS[v],
                                     n, passed ^ everyone);
                        ended = true;
                        break;
                    }
                }
                if (!ended && passed == everyone)
                    fail_msg("%s, %d players: every player passed and the round goes on",
                             VARIANTS[v], n);
            }
            assert_true(ended);
            eng_game_free(g);
        }
}

static void test_standard_offers_the_top_row(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Standard", 4);
    /* NF alone in the top row: it and the first item of the next row */
    for (int i = 0; i < title->nstart_items; i++) {
        bool want = i == item("NF") || i == item("M1");
        assert_int_equal(eng_item_available(g, i), want);
    }
    refused(g, buy_item("LD"), "LD is not on sale yet");
    must(g, buy_item("M1"));
    assert_true(eng_item_available(g, item("LD")));
    assert_false(eng_item_available(g, item("M2")));
    refused(g, buy_item("M1"), "M1 is sold already");
    eng_game_free(g);
    g = new_game("Variant=Clemens", 4);
    for (int i = 0; i < title->nstart_items; i++)
        assert_true(eng_item_available(g, i));
    eng_game_free(g);
}

static void test_privates_bring_shares_and_by_floats(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Clemens", 4);
    int p = g->current;
    must(g, buy_item("LD"));
    assert_true(has_event(g, ENG_EV_ALSO_GETS, p, co("SX")));
    assert_int_equal(g->co[co("SX")].director, p);
    assert_int_equal(eng_share_price(g, co("SX")), 88);
    assert_false(g->co[co("SX")].floated);
    must(g, buy_item("NF"));
    must(g, buy_item("OBB"));
    must(g, buy_item("BY-20%-director"));
    assert_false(g->co[co("BY")].floated); /* 40% */
    must(g, buy_item("PfB"));
    assert_true(g->co[co("BY")].floated);   /* 50%: 5 x 92 */
    assert_int_equal(g->co[co("BY")].cash, 460);
    assert_true(has_event(g, ENG_EV_FLOATS, -1, co("BY")));
    eng_game_free(g);
}

/* Issue 17: the title names the option that sets a company's figure (BY's float percent:
 * BYFloatsAt), the engine never asks for a company by name: with BYFloatsAt=20, BY floats
 * with its director's certificate alone. */
static void test_an_option_the_title_names_sets_the_float(void **state)
{
    (void)state;
    assert_int_equal(title->companies[co("BY")].float_option,
                     eng_game_option_index(title, "BYFloatsAt"));
    assert_int_equal(title->companies[co("MS")].float_option,
                     eng_game_option_index(title, "MSOLFloatPercent"));
    assert_int_equal(title->companies[co("LD")].revenue_option,
                     eng_game_option_index(title, "LDIncome"));
    assert_int_equal(title->companies[co("SX")].float_option, -1);
    eng_game *g = new_game("Variant=Clemens, BYFloatsAt=20", 4);
    must(g, buy_item("BY-20%-director"));
    assert_true(g->co[co("BY")].floated); /* 20% */
    eng_game_free(g);
    eng_options o;
    eng_options_default(title, &o);
    assert_int_equal(eng_option_number(title, &o, eng_game_option_index(title, "LDIncome")), 20);
    assert_int_equal(eng_game_option_index(title, "LDINCOME"), eng_game_option_index(title,
                                                                                  "LDIncome"));
}

/* The changePresidentAtStart case: three privates' 10% outweigh a 20% director. */
static void test_directorship_moves_during_the_packet(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Clemens", 4);
    int dee = 3, ann = 0;
    assert_int_equal(g->current, dee);
    must(g, buy_item("NF"));       /* Dee */
    must(g, pass());               /* Cy */
    must(g, pass());               /* Bob */
    must(g, buy_item("BY-20%-director")); /* Ann */
    assert_int_equal(g->co[co("BY")].director, ann);
    must(g, pass());               /* Ann again (Clemens: forward from her) */
    must(g, pass());               /* Bob */
    must(g, pass());               /* Cy */
    must(g, buy_item("OBB"));      /* Dee: 20%, a tie keeps Ann */
    assert_int_equal(g->co[co("BY")].director, ann);
    must(g, pass());
    must(g, pass());
    must(g, pass());
    must(g, buy_item("PfB"));      /* Dee: 30% */
    assert_int_equal(g->co[co("BY")].director, dee);
    assert_true(has_event(g, ENG_EV_PRESIDENT, dee, co("BY")));
    assert_int_equal(eng_percent_held(g, co("BY"), ann), 20); /* two 10% for the director's */
    assert_int_equal(eng_percent_held(g, co("BY"), dee), 30);
    eng_game_free(g);
}

static void test_everyone_passing_interrupts_the_packet(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Standard", 4);
    must(g, buy_item("NF"));
    for (int k = 0; k < 4; k++)
        must(g, pass());
    /* an operating round for what is sold (NF pays; no company can operate) */
    assert_true(has_event(g, ENG_EV_ALL_PASSED, -1, -1));
    assert_true(has_event(g, ENG_EV_PRIVATE_INCOME, 0, co("NF")));
    assert_true(has_event(g, ENG_EV_SHORT_OR, -1, -1));
    assert_true(has_event(g, ENG_EV_START_ROUND, -1, -1));
    assert_int_equal(g->round, ENG_ROUND_START);
    assert_int_equal(g->start_round_number, 2);
    assert_int_equal(g->current, 1); /* the player after the last buyer */
    assert_int_equal(g->players[0].cash, 475 - 100 + 5);
    /* with a minor bought, the minor operates in that round */
    must(g, buy_item("M1"));
    for (int k = 0; k < 4; k++)
        must(g, pass());
    assert_int_equal(g->round, ENG_ROUND_OPERATING);
    assert_true(has_event(g, ENG_EV_OPERATES, 1, co("M1")));
    refused(g, pass(), "not an order for an operating round");
    eng_game_free(g);
}

/* Issue 17: MinorsRequireFloatedBY is the title's option, its rule naming the company the
 * minors wait for (no company name in the engine): the minor sold does not operate while BY
 * has not floated. */
static void test_minors_wait_for_the_company_the_option_names(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Standard, MinorsRequireFloatedBY=yes", 4);
    must(g, buy_item("NF"));
    must(g, buy_item("M1"));
    for (int k = 0; k < 4; k++)
        must(g, pass());
    assert_true(has_event(g, ENG_EV_ALL_PASSED, -1, -1));
    assert_false(has_event(g, ENG_EV_OPERATES, 1, co("M1")));
    assert_int_equal(g->round, ENG_ROUND_START);
    eng_game_free(g);
}

static void test_a_player_without_money_passes_automatically(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Standard", 4);
    g->players[1].cash -= 400; /* Bob keeps 75: not enough for anything */
    g->bank += 400;
    must(g, buy_item("NF"));   /* Ann; Bob cannot buy and passes */
    assert_true(has_event(g, ENG_EV_CANNOT_BUY, 1, -1));
    assert_int_equal(g->current, 2);
    eng_game_free(g);
}

/* Thompson: the dealing order goes on into the next stock round while the packet lasts. */
static void test_thompson_order_carries_into_the_second_stock_round(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=ThompsonFull", 4);
    assert_true(has_event(g, ENG_EV_STOCK_ROUND, -1, -1)); /* the packet is sold in SR 1 */
    must(g, buy_item("NF"));  /* Ann */
    must(g, buy_item("OBB")); /* Bob */
    must(g, buy_item("BB"));  /* Cy */
    must(g, buy_item("HB"));  /* Dee */
    assert_int_equal(g->current, 3); /* the order turns: Dee again */
    for (int k = 0; k < 4; k++)      /* Dee, Cy, Bob, Ann pass */
        must(g, pass());
    /* no company can operate: a short operating round, then stock round 2 */
    assert_int_equal(g->stock_round_number, 2);
    assert_int_equal(g->round, ENG_ROUND_START);
    assert_int_equal(g->current, 0);  /* Ann begins the next (forward) round of dealing */
    int order[5];
    dealing_order(g, order, 5);
    int want[] = {0, 1, 2, 3, 3};
    for (int k = 0; k < 5; k++)
        assert_int_equal(order[k], want[k]);
    eng_game_free(g);
}

/* ---- white-box helpers for stock rounds ---- */

static void test_first_stock_round(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    int last = (g->current + 3) % 4; /* the one before the priority holder bought last */
    assert_true(has_event(g, ENG_EV_PRIORITY, (last + 1) % 4, -1));
    refused(g, sell("BY", 10), "no shares may be sold in the first stock round");
    int by_cash = g->co[co("BY")].cash;
    must(g, buy("BY", false, 0)); /* floated: the money goes to BY */
    assert_int_equal(g->co[co("BY")].cash, by_cash + 92);
    assert_true(has_event(g, ENG_EV_PAID_TO, -1, co("BY")));
    refused(g, buy("SX", false, 0), "one certificate a turn");
    must(g, pass()); /* ends the turn: not a pass */
    assert_int_equal(g->passes, 0);
    refused(g, buy("BA", false, 0), "BA is not yet available");
    refused(g, buy("BY", true, 0), "the pool has no certificate of BY");
    /* SX: IPO shares before it floats pay the bank; at 50% it floats with 5 x 88 */
    int bank = g->bank;
    must(g, buy("SX", false, 0));
    assert_int_equal(g->bank, bank + 88);
    must(g, pass());
    must(g, buy("SX", false, 0));
    must(g, pass());
    must(g, buy("SX", false, 0));
    assert_true(g->co[co("SX")].floated);
    assert_int_equal(g->co[co("SX")].cash, 440);
    eng_game_free(g);
}

static void test_limits(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    int p = g->current;
    /* no limit on holdings: past 60% of SX (a Rails game has a 70% holder) */
    while (eng_percent_held(g, co("SX"), p) < 60)
        give(g, "SX", 10, false, p);
    char *json = eng_game_to_json(g);
    must(g, buy("SX", false, 0));
    assert_int_equal(eng_percent_held(g, co("SX"), p), 70);
    free(json);
    eng_game_free(g);
    g = after_packet("Variant=Clemens");
    p = g->current;
    /* the certificate limit (4 players: 15) */
    static const char *const others[] = {"BA", "WT", "HE", "MS", "OL"};
    for (int k = 0; eng_certificate_count(g, p) < eng_certificate_limit(g, p); k++)
        give(g, others[k / 4], 10, false, p);
    assert_int_equal(eng_certificate_limit(g, p), 15);
    refused(g, buy("BY", false, 0), "holds 15 certificates, the limit");
    eng_game_free(g);
}

/* A 20% certificate where only 10% fits (the pool holds at most 50%). */
static void test_twenty_percent_certificates(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    g->stock_round_number = 2;
    int p = g->current, d = (p + 1) % 4;
    give(g, "BA", 20, true, d);
    for (int k = 0; k < 4; k++)
        give(g, "BA", 10, false, ENG_POOL);
    give(g, "BA", 20, false, p);
    give(g, "BA", 10, false, p);
    refused(g, sell("BA", 20), "the pool may hold at most 50% of BA");
    must(g, sell("BA", 10));
    eng_game_free(g);
    /* selling 10% of a lone 20% certificate cannot be done */
    g = after_packet("Variant=Clemens");
    int q = (g->current + 1) % 4;
    give(g, "BA", 20, true, q);
    give(g, "BA", 20, false, g->current);
    g->stock_round_number = 2;
    refused(g, sell("BA", 10), "cannot sell 10% of BA");
    must(g, sell("BA", 20));
    eng_game_free(g);
}

static void test_selling(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    g->stock_round_number = 2; /* past the first round's restriction */
    int p = g->current;
    for (int k = 0; k < 2; k++)
        give(g, "BY", 10, false, p);
    int price = eng_share_price(g, co("BY")), cash = g->players[p].cash;
    must(g, sell("BY", 10));
    assert_int_equal(g->players[p].cash, cash + price);
    assert_true(eng_share_price(g, co("BY")) < price); /* one row down */
    int lower = eng_share_price(g, co("BY"));
    must(g, sell("BY", 10)); /* the same turn: at the first sale's price, no second fall */
    assert_int_equal(g->players[p].cash, cash + 2 * price);
    assert_int_equal(eng_share_price(g, co("BY")), lower);
    assert_int_equal(eng_percent_held(g, co("BY"), ENG_POOL), 20);
    refused(g, buy("BY", true, 0), "sold BY this round");
    must(g, pass()); /* a turn without a purchase counts as a pass, sales or not */
    assert_int_equal(g->passes, 1);
    eng_game_free(g);
}

/* As Rails: a player may sell after buying in the same turn. */
static void test_sell_after_buying(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    g->stock_round_number = 2;
    int p = g->current;
    give(g, "BY", 10, false, p);
    must(g, buy("SX", false, 0));
    must(g, sell("BY", 10));
    refused(g, buy("SX", false, 0), "one certificate a turn");
    must(g, pass());
    assert_int_equal(g->current, (p + 1) % 4);
    eng_game_free(g);
}

/* Issue 17: stock rules the title gives (1830's, tried on 1835's board): full capitalisation —
 * BY floating receives ten shares at par, a later IPO sale pays the bank; the price falling a
 * row per share sold, even in the same turn; the most of a company a player may hold. */
static void test_stock_rules_of_the_title(void **state)
{
    (void)state;
    title->full_capitalisation = true;
    eng_game *g = new_game("Variant=Clemens", 4);
    must(g, buy_item("NF"));
    must(g, buy_item("OBB"));
    must(g, buy_item("BY-20%-director"));
    must(g, buy_item("PfB"));
    assert_true(g->co[co("BY")].floated);
    assert_int_equal(g->co[co("BY")].cash, 920); /* 10 x 92, not 5 x 92 */
    eng_game_free(g);
    g = after_packet("Variant=Clemens");
    int by = co("BY"), cash = g->co[by].cash, bank = g->bank;
    must(g, buy("BY", false, 10));
    assert_int_equal(g->co[by].cash, cash); /* to the bank */
    assert_int_equal(g->bank, bank + 92);
    title->full_capitalisation = false;
    eng_game_free(g);
    title->drop_per_share = true;
    g = after_packet("Variant=Clemens");
    g->stock_round_number = 2;
    int p = g->current;
    for (int k = 0; k < 3; k++)
        give(g, "BY", 10, false, p);
    int price = eng_share_price(g, by);
    must(g, sell("BY", 20));
    int two_down = eng_share_price(g, by);
    assert_true(two_down < price);
    must(g, sell("BY", 10));
    assert_true(eng_share_price(g, by) < two_down); /* a row for this share too */
    title->drop_per_share = false;
    eng_game_free(g);
    g = after_packet("Variant=Clemens");
    p = g->current;
    title->player_share_limit = eng_percent_held(g, by, p) + 10;
    eng_game *copy = eng_game_copy(g);
    must(copy, buy("BY", false, 10)); /* up to the limit */
    eng_game_free(copy);
    title->player_share_limit = eng_percent_held(g, by, p) + 5;
    char want[64];
    snprintf(want, sizeof want, "a player may hold at most %d%% of BY", title->player_share_limit);
    refused(g, buy("BY", false, 10), want);
    title->player_share_limit = 100;
    eng_game_free(g);
}

static void test_pool_limit(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    g->stock_round_number = 2;
    int p = g->current;
    for (int k = 0; k < 5; k++)
        give(g, "SX", 10, false, k < 4 ? ENG_POOL : p);
    give(g, "SX", 10, false, p);
    refused(g, sell("SX", 20), "the pool may hold at most 50% of SX");
    title->pool_limit_percent = 40; /* (issue 17: the title's figure, not the engine's) */
    refused(g, sell("SX", 10), "the pool may hold at most 40% of SX");
    title->pool_limit_percent = 50;
    must(g, sell("SX", 10));
    eng_game_free(g);
}

/* Selling a director's share so that the directorship moves. */
static void test_director_sells_out(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    g->stock_round_number = 2;
    int a = g->current, b = (a + 1) % 4;
    give(g, "BA", 20, true, a);
    give(g, "BA", 10, false, a);
    give(g, "BA", 20, false, b);
    must(g, sell("BA", 20)); /* 10% of his own, then half of the director's */
    assert_int_equal(g->co[co("BA")].director, b);
    assert_true(has_event(g, ENG_EV_PRESIDENT, b, co("BA")));
    assert_int_equal(eng_percent_held(g, co("BA"), a), 10);
    assert_int_equal(eng_percent_held(g, co("BA"), b), 20);
    eng_game_free(g);
    /* nobody to take it over: the director's certificate stays */
    g = after_packet("Variant=Clemens");
    g->stock_round_number = 2;
    a = g->current;
    give(g, "BA", 20, true, a);
    refused(g, sell("BA", 20), "the director's certificate stays");
    eng_game_free(g);
}

static void test_end_of_round_sold_out_and_priority(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    /* BY sold out: everything in players' hands */
    int p = g->current;
    eng_company_state *by = &g->co[co("BY")];
    for (int i = 0; i < by->ncerts; i++)
        if (by->certs[i].owner == ENG_IPO)
            by->certs[i].owner = (p + 1) % 4;
    int price = eng_share_price(g, co("BY"));
    must(g, buy("SX", false, 0)); /* p buys last */
    for (int k = 0; k < 5; k++) /* p ends the turn, then all four pass */
        must(g, pass());
    assert_true(has_event(g, ENG_EV_SOLD_OUT, -1, co("BY")));
    assert_true(eng_share_price(g, co("BY")) > price); /* one row up */
    assert_true(has_event(g, ENG_EV_END_STOCK_ROUND, -1, -1));
    /* the operating round starts; priority for stock round 2: after the last BUYER */
    assert_int_equal(g->priority, (p + 1) % 4);
    eng_game_free(g);
}

/* Everything of the companies in the IPO goes to `owner`, but the last SX certificate, which
 * the player to act then buys: the purchase that sells them out. */
static void sell_out_by_buying(eng_game *g, const char *const *companies, int n, int owner)
{
    for (int c = 0; c < n; c++) {
        eng_company_state *s = &g->co[co(companies[c])];
        for (int i = 0; i < s->ncerts; i++)
            if (s->certs[i].owner == ENG_IPO)
                s->certs[i].owner = owner;
    }
    int last = eng_find_cert(g, co("SX"), owner, 10, false);
    g->co[co("SX")].certs[last].owner = ENG_IPO;
    must(g, buy("SX", false, 0));
}

static void test_release_of_companies(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    assert_false(g->co[co("BA")].available);
    sell_out_by_buying(g, (const char *[]){"BY", "SX"}, 2, (g->current + 2) % 4);
    assert_true(has_event(g, ENG_EV_RELEASED, -1, co("BA")));
    assert_true(g->co[co("BA")].available);
    must(g, pass()); /* ends that turn */
    assert_false(g->co[co("WT")].available);
    assert_false(g->co[co("PR")].available);
    int p = g->current;
    must(g, buy("BA", false, 0)); /* the director's certificate: BA starts */
    assert_int_equal(g->co[co("BA")].director, p);
    assert_int_equal(eng_share_price(g, co("BA")), 84);
    assert_true(g->co[co("PR")].available); /* PR shares: once BA's director is sold */
    eng_game_free(g);
}

/* Thompson Half: a sales group opens, all at once, when the one before is sold out. */
static void test_thompson_half_sales_groups(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=ThompsonHalf");
    assert_false(g->co[co("BA")].available);
    sell_out_by_buying(g, (const char *[]){"BY", "SX"}, 2, (g->current + 2) % 4);
    must(g, pass());
    assert_true(g->co[co("BA")].available && g->co[co("WT")].available &&
                g->co[co("HE")].available);
    assert_false(g->co[co("MS")].available);
    assert_false(g->co[co("PR")].available);
    must(g, buy("HE", false, 0)); /* any director of group 2 opens the PR */
    assert_true(g->co[co("PR")].available);
    eng_game_free(g);
    /* Thompson Full: everything but the PR once SX is sold out, BY or not */
    g = after_packet("Variant=ThompsonFull");
    sell_out_by_buying(g, (const char *[]){"SX"}, 1, (g->current + 2) % 4);
    assert_false(eng_sold_out(g, co("BY")));
    assert_true(g->co[co("MS")].available && g->co[co("OL")].available);
    eng_game_free(g);
}

/* Nationalisation: a director holding the threshold buys at 150% from another player. */
static void test_nationalisation(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens,NationalisationThreshold=60");
    int p = g->current, q = (p + 1) % 4;
    eng_action nat = buy("BA", false, 20);
    nat.from_player = true;
    nat.seller = q;
    give(g, "BA", 20, true, p);
    for (int k = 0; k < 3; k++)
        give(g, "BA", 10, false, p);
    give(g, "BA", 20, false, q);
    refused(g, nat, "holding 60% or more");   /* 50% */
    give(g, "BA", 10, false, p);                /* 60% */
    int price = eng_share_price(g, co("BA")), pc = g->players[p].cash, qc = g->players[q].cash;
    must(g, nat);
    assert_int_equal(g->players[p].cash, pc - price * 2 * 3 / 2);
    assert_int_equal(g->players[q].cash, qc + price * 2 * 3 / 2);
    assert_int_equal(eng_percent_held(g, co("BA"), p), 80);
    assert_int_equal(eng_percent_held(g, co("BA"), q), 0);
    eng_game_free(g);
}

static void test_refused_action_changes_nothing(void **state)
{
    (void)state;
    eng_game *g = after_packet("Variant=Clemens");
    char *before = eng_game_to_json(g);
    refused(g, sell("BY", 10), "first stock round");
    refused(g, buy("MS", false, 0), "not yet available");
    eng_action wrong = {.kind = ENG_ACT_PASS, .player = (g->current + 1) % 4};
    char why[256];
    assert_int_equal(eng_apply(g, &wrong, why, sizeof why), -1);
    assert_non_null(strstr(why, "turn"));
    char *after = eng_game_to_json(g);
    assert_string_equal(before, after);
    free(before);
    free(after);
    eng_game_free(g);
}

static void test_replay_and_json_round_trip(void **state)
{
    (void)state;
    eng_game *a = new_game("Variant=Snake", 4), *b = new_game("Variant=Snake", 4);
    for (int k = 0; k < 12; k++) {
        eng_action legal[64];
        int n = eng_legal_actions(a, legal, 64);
        assert_true(n > 0);
        eng_action pick = legal[(k * 7) % n]; /* a fixed, varied choice */
        char *json = eng_action_to_json(a, &pick);
        eng_action back;
        char why[256];
        assert_int_equal(eng_action_from_json(b, json, &back, why, sizeof why), 0);
        assert_int_equal(eng_apply(a, &pick, why, sizeof why), 0);
        assert_int_equal(eng_apply(b, &back, why, sizeof why), 0);
        free(json);
        if (a->round != ENG_ROUND_START && a->round != ENG_ROUND_STOCK)
            break;
    }
    char *ja = eng_game_to_json(a), *jb = eng_game_to_json(b);
    assert_string_equal(ja, jb); /* the same log gives the same state */
    free(ja);
    free(jb);
    eng_game_free(a);
    eng_game_free(b);
}

static void test_legal_actions_are_legal(void **state)
{
    (void)state;
    eng_game *g = new_game("Variant=Standard", 4);
    eng_action legal[64];
    int n = eng_legal_actions(g, legal, 64);
    assert_int_equal(n, 3); /* NF, M1, pass */
    for (int i = 0; i < n; i++)
        assert_true(legal[i].kind == ENG_ACT_PASS || legal[i].item == item("NF") ||
                    legal[i].item == item("M1"));
    eng_game_free(g);
    g = after_packet("Variant=Clemens");
    n = eng_legal_actions(g, legal, 64);
    for (int i = 0; i < n; i++) {
        eng_game *copy = eng_game_copy(g);
        assert_int_equal(eng_apply(copy, &legal[i], NULL, 0), 0);
        assert_true(legal[i].kind != ENG_ACT_SELL); /* first stock round */
        eng_game_free(copy);
    }
    eng_game_free(g);
}

static void test_options(void **state)
{
    (void)state;
    eng_options o;
    eng_options_default(title, &o);
    char why[256];
    int by = eng_game_option_index(title, "BYFloatsAt"), ld = eng_game_option_index(title,
                                                                                   "LDIncome");
    assert_int_equal(o.rules.start_order, ENG_START_STANDARD); /* the title's defaults */
    assert_false(o.rules.station_ends_track);
    assert_false(o.rules.ferry_toll_when_crossing);
    assert_int_equal(o.rules.minors_wait_for, -1);
    assert_int_equal(eng_option_number(title, &o, by), 50);
    assert_int_equal(eng_options_parse(title, &o, "pbem-house-rules", why, sizeof why), 0);
    assert_int_equal(o.rules.start_order, ENG_START_TITLE); /* the title's preset: its own */
    assert_string_equal(o.rules.dealing, "thompson_half");     /* way of dealing (t1835.c) */
    assert_true(o.rules.station_ends_track);
    assert_true(o.priority_after_last_buyer);
    assert_int_equal(eng_options_parse(title, &o, "Variant=Snake, BYFloatsAt=20%, LDIncome=30",
                                       why, sizeof why), 0);
    assert_int_equal(o.rules.start_order, ENG_START_SNAKE);
    assert_true(o.rules.station_ends_track); /* (a choice not made again stays) */
    assert_int_equal(eng_option_number(title, &o, by), 20);
    assert_int_equal(eng_option_number(title, &o, ld), 30);
    assert_int_equal(eng_options_parse(title, &o, "minorsrequirefloatedby=On, HamburgFerry=rails",
                                       why, sizeof why), 0);
    assert_int_equal(o.rules.minors_wait_for, co("BY")); /* the rule names its company */
    assert_true(o.rules.ferry_toll_when_crossing);
    assert_int_equal(eng_options_parse(title, &o, "Variant=Quick", why, sizeof why), -1);
    assert_string_equal(why, "Variant must be Standard, Snake, Clemens, ThompsonFull or "
                             "ThompsonHalf, not \"Quick\"");
    assert_int_equal(eng_options_parse(title, &o, "BYFloatsAt=30", why, sizeof why), -1);
    assert_string_equal(why, "BYFloatsAt must be 50 or 20, not \"30\"");
    assert_int_equal(eng_options_parse(title, &o, "Nonsense=1", why, sizeof why), -1);
    assert_non_null(strstr(why, "no game option \"Nonsense\""));
    assert_int_equal(eng_options_parse(title, &o, "UnlimitedTiles=perhaps", why, sizeof why), -1);
    assert_int_equal(eng_options_parse(title, &o, "house-rules", why, sizeof why), -1);
    char twice[256]; /* an option named twice (in any case) in the GM's text; a preset's own do
                      * not count */
    assert_int_equal(eng_options_repeated("Variant=Snake, BYFloatsAt=20%, variant=Clemens", twice,
                                          sizeof twice), -1);
    assert_string_equal(twice, "variant is given twice; give each option once");
    assert_int_equal(eng_options_repeated("pbem-house-rules, Variant=Snake, pbem-house-rules",
                                          twice, sizeof twice), 0);
    assert_true(title->npresets >= 1);
    for (int k = 0; k < title->npresets; k++) { /* every preset the title names parses */
        eng_options_default(title, &o);
        if (eng_options_parse(title, &o, title->presets[k].options, why, sizeof why))
            fail_msg("preset %s: %s", title->presets[k].name, why);
    }
    assert_non_null(strstr(why, "\"house-rules\" is neither Name=Value nor a preset of 1835 "
                                "(pbem-house-rules, 18xx.games)"));
    eng_game *g = eng_game_new(title, &o, (const char *[]){"A", "B"}, 2, why, sizeof why);
    assert_null(g);
    assert_non_null(strstr(why, "3 to 7 players"));
}

/* The order of play as the engine publishes it: the round in play named as the turn, the
 * report's state and the GM's desk name it; what follows, from the table; and each round that
 * begins is the one eng_play_next foretold. */
static void test_the_order_of_play_published(void **state)
{
    (void)state;
    char a[160];
    eng_game *g = new_game("Variant=Clemens", 4);
    eng_play_at now = eng_play_now(g);
    assert_string_equal(eng_round_name(g, &now, ENG_NAME_TURN, a, sizeof a), "the start packet");
    assert_string_equal(eng_round_name(g, &now, ENG_NAME_KIND, a, sizeof a), "the start packet");
    assert_string_equal(eng_rounds_next_text(g, a, sizeof a),
                        "the start packet, then stock round 1 once it is sold (should everyone "
                        "pass first: operating round 0.1, and the start packet again)");
    eng_game_free(g);
    g = new_game("Variant=ThompsonFull", 4);
    now = eng_play_now(g);
    assert_string_equal(eng_round_name(g, &now, ENG_NAME_TURN, a, sizeof a), "stock round 1");
    assert_string_equal(eng_round_name(g, &now, ENG_NAME_STATE, a, sizeof a),
                        "stock round 1 (the start packet on sale)");
    eng_game_free(g);
    g = after_packet("Variant=Clemens");
    assert_string_equal(eng_rounds_next_text(g, a, sizeof a),
                        "stock round 1, then operating round 1.1");
    int changes = 0;
    for (int k = 0; k < 80 && g->round != ENG_ROUND_OVER; k++) {
        bool special;
        eng_play_at next = eng_play_next(g, &special);
        eng_action act = g->round == ENG_ROUND_OPERATING ? (eng_action){.kind = ENG_ACT_DONE}
                                                          : pass();
        int rc = try_act(g, act, a);
        if (rc && g->round == ENG_ROUND_OPERATING) /* a major without a train buys one first */
            rc = try_act(g, (eng_action){.kind = ENG_ACT_BUY_TRAIN, .train = g->train_on_sale}, a);
        if (rc)
            break;
        for (int i = 0; i < g->nevents; i++) {
            eng_event_kind kind = g->events[i].kind;
            if (kind != ENG_EV_STOCK_ROUND && kind != ENG_EV_OPERATING_ROUND &&
                kind != ENG_EV_START_ROUND)
                continue;
            assert_false(special);
            assert_int_equal(next.number, g->events[i].amount);
            if (kind == ENG_EV_OPERATING_ROUND)
                assert_int_equal(next.number_in_set, g->events[i].amount2);
            changes++;
            break;
        }
    }
    assert_true(changes >= 4);
    now = eng_play_now(g);
    assert_string_equal(eng_round_name(g, &now, ENG_NAME_KIND, a, sizeof a),
                        g->round == ENG_ROUND_STOCK ? "a stock round" : "an operating round");
    eng_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dealing_orders),
        cmocka_unit_test(test_dealing_orders_for_3_to_7_players),
        cmocka_unit_test(test_everyone_passed_means_every_player),
        cmocka_unit_test(test_standard_offers_the_top_row),
        cmocka_unit_test(test_privates_bring_shares_and_by_floats),
        cmocka_unit_test(test_an_option_the_title_names_sets_the_float),
        cmocka_unit_test(test_directorship_moves_during_the_packet),
        cmocka_unit_test(test_everyone_passing_interrupts_the_packet),
        cmocka_unit_test(test_minors_wait_for_the_company_the_option_names),
        cmocka_unit_test(test_a_player_without_money_passes_automatically),
        cmocka_unit_test(test_thompson_order_carries_into_the_second_stock_round),
        cmocka_unit_test(test_first_stock_round),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_twenty_percent_certificates),
        cmocka_unit_test(test_selling),
        cmocka_unit_test(test_pool_limit),
        cmocka_unit_test(test_stock_rules_of_the_title),
        cmocka_unit_test(test_sell_after_buying),
        cmocka_unit_test(test_director_sells_out),
        cmocka_unit_test(test_end_of_round_sold_out_and_priority),
        cmocka_unit_test(test_release_of_companies),
        cmocka_unit_test(test_thompson_half_sales_groups),
        cmocka_unit_test(test_nationalisation),
        cmocka_unit_test(test_refused_action_changes_nothing),
        cmocka_unit_test(test_replay_and_json_round_trip),
        cmocka_unit_test(test_legal_actions_are_legal),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_the_order_of_play_published),
    };
    return cmocka_run_group_tests_name("game", tests, group_setup, group_teardown);
}
