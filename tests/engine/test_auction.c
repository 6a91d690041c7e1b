/* Tests for src/engine/auction.c: 1830's start packet sold by auction (buy the cheapest, bid
 * on the others, the first item's price falling, auctions among bidders), and the par a
 * director chooses (the B&O's with its private, any major's as it is started). */
#include "game_fixture.h"

static int setup_1830(void **state)
{
    (void)state;
    title = tf_load_title("1830");
    return 0;
}

static eng_action bid(const char *id, int amount)
{
    return (eng_action){.kind = ENG_ACT_BID, .item = item(id), .price = amount};
}

static eng_action par(const char *company, int price)
{
    return (eng_action){.kind = ENG_ACT_PAR, .company = co(company), .price = price};
}

static const eng_event *event_of(const eng_game *g, eng_event_kind kind)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == kind)
            return &g->events[i];
    return NULL;
}

static void test_title_data(void **state)
{
    (void)state;
    assert_true(title->packet_auction);
    assert_int_equal(title->bid_raise, 5);
    assert_int_equal(title->first_item_drop, 5);
    const eng_company *prr = &title->companies[co("PRR")];
    assert_int_equal(prr->npar_choices, 6);
    int row, col; /* 90 is a par space in row 1, not the 90 further left in the top row */
    assert_int_equal(eng_par_space(title, 90, &row, &col), 0);
    assert_int_equal(row, 1);
    assert_int_equal(col, 6);
    assert_int_equal(eng_par_space(title, 67, &row, &col), 0);
    assert_int_equal(row, 5);
    assert_true(title->on_market_when_started);
}

/* Only the cheapest is bought at its price; the others are bid on, by at least 5, and a bid
 * holds its money. */
static void test_buy_cheapest_bid_on_others(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 3); /* Ann, Bob, Cy with 800 each */
    refused(g, buy_item("D&H"), "only the cheapest item, SVNRR");
    refused(g, bid("SVNRR", 30), "the cheapest item");
    refused(g, bid("C&StL", 44), "at least 45");
    must(g, bid("C&StL", 45)); /* Ann */
    const eng_event *e = event_of(g, ENG_EV_BID);
    assert_non_null(e);
    assert_int_equal(e->amount, 45);
    assert_int_equal(e->amount2, 755); /* her money not held by bids */
    assert_int_equal(g->current, 1);
    refused(g, bid("C&StL", 49), "at least 50");
    must(g, bid("BO", 225)); /* Bob */
    must(g, bid("M&H", 780)); /* Cy: 800 */
    must(g, pass()); /* Ann */
    refused(g, bid("C&A", 600), "not held by other bids"); /* Bob: 800 - 225 */
    must(g, pass());
    refused(g, bid("M&H", 800), "holds the highest bid"); /* Cy's own */
    eng_game_free(g);
}

/* Everyone passing lowers SVNRR's price by 5; at 0 the player to act takes it, and a single
 * bidder then gets the next private for his bid; the next player goes on. */
static void test_first_item_falls(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 3);
    for (int price = 15; price >= 5; price -= 5) {
        for (int k = 0; k < 3; k++)
            must(g, pass());
        const eng_event *e = event_of(g, ENG_EV_ITEM_PRICE);
        assert_non_null(e);
        assert_int_equal(e->amount, price);
        assert_int_equal(eng_item_price(g, item("SVNRR")), price);
        assert_int_equal(g->current, 0); /* the turn goes on round the table */
    }
    must(g, pass());         /* Ann */
    must(g, bid("C&StL", 45)); /* Bob */
    must(g, pass());         /* Cy */
    must(g, pass());         /* Ann */
    must(g, pass());         /* Bob: three in a row */
    assert_true(g->item_sold[item("SVNRR")]);
    assert_int_equal(g->co[co("SVNRR")].owner, 2); /* Cy, the player to act, takes it for 0 */
    assert_int_equal(g->co[co("C&StL")].owner, 1); /* Bob, the single bidder, for 45 */
    assert_int_equal(g->players[1].cash, 755);
    assert_int_equal(g->players[2].cash, 800);
    assert_int_equal(g->current, 0); /* Ann: after Cy */
    assert_int_equal(g->round, ENG_ROUND_START);
    /* all pass again: D&H is not the first item, so the privates pay in an operating round,
     * and the packet goes on with the player after the last to pass */
    for (int k = 0; k < 3; k++)
        must(g, pass());
    assert_true(has_event(g, ENG_EV_PRIVATE_INCOME, 2, co("SVNRR")));
    assert_true(has_event(g, ENG_EV_PRIVATE_INCOME, 1, co("C&StL")));
    assert_int_equal(g->round, ENG_ROUND_START);
    assert_int_equal(g->start_round_number, 2);
    assert_int_equal(g->current, 0);
    eng_game_free(g);
}

/* Bidders on a private that becomes the cheapest: auctioned among them from the one after
 * the highest bidder; with LeaveAuctionOnPass=yes a pass leaves the auction, and the last left
 * buys for his bid; the turn then goes on after the buyer of the item before. */
static void test_auction_among_bidders(void **state)
{
    (void)state;
    eng_game *g = new_game("LeaveAuctionOnPass=yes", 4); /* 600 each; a pass leaves */
    must(g, bid("D&H", 75));  /* Ann */
    must(g, bid("D&H", 80));  /* Bob */
    must(g, bid("M&H", 115)); /* Cy */
    must(g, bid("D&H", 90));  /* Dee */
    must(g, buy_item("SVNRR")); /* Ann: C&StL is next, without bids */
    assert_int_equal(g->current, 1);
    must(g, buy_item("C&StL")); /* Bob: D&H has three bidders */
    assert_non_null(event_of(g, ENG_EV_TO_AUCTION));
    assert_int_equal(g->auction_item, item("D&H"));
    assert_int_equal(g->current, 0); /* after Dee, the highest */
    refused(g, bid("M&H", 200), "D&H is being auctioned");
    refused(g, buy_item("D&H"), "being auctioned");
    refused(g, bid("D&H", 94), "at least 95");
    must(g, bid("D&H", 95)); /* Ann */
    assert_int_equal(g->current, 1);
    must(g, pass());         /* Bob drops out */
    assert_int_equal(g->current, 3);
    must(g, bid("D&H", 100)); /* Dee */
    assert_int_equal(g->current, 0);
    must(g, pass());         /* Ann drops out: Dee buys, then M&H goes to Cy, its one bidder */
    assert_int_equal(g->co[co("D&H")].owner, 3);
    assert_int_equal(g->players[3].cash, 500);
    assert_int_equal(g->co[co("M&H")].owner, 2);
    assert_int_equal(g->players[2].cash, 485);
    assert_int_equal(g->players[0].cash, 580); /* her bids released */
    assert_int_equal(g->auction_item, ENG_NONE);
    assert_int_equal(g->current, 2); /* Cy: after Bob, whose purchase set it off */
    eng_game_free(g);
}

/* The B&O private brings B&O's director's certificate: its buyer chooses the par at once, one
 * of the title's; nothing else happens before. */
static void test_bo_par(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 3);
    const char *order[] = {"SVNRR", "C&StL", "D&H", "M&H", "C&A"};
    for (int i = 0; i < 5; i++)
        must(g, buy_item(order[i]));
    int buyer = g->current; /* Bob */
    must(g, buy_item("BO"));
    assert_int_equal(g->par_pending, co("B&O"));
    assert_int_equal(g->round, ENG_ROUND_START);
    assert_int_equal(g->current, buyer);
    refused(g, pass(), "B&O's director must choose its par first");
    refused(g, par("B&O", 95), "one of 67, 71, 76, 82, 90, 100");
    refused(g, par("PRR", 90), "B&O's par is to be chosen now");
    must(g, par("B&O", 90));
    assert_int_equal(g->par_pending, ENG_NONE);
    assert_int_equal(eng_share_price(g, co("B&O")), 90);
    assert_int_equal(g->co[co("B&O")].row, 1); /* on the par space, not the top row's 90 */
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    assert_true(has_event(g, ENG_EV_PAR, buyer, co("B&O")));
    /* a major started in the stock round: its director names the par */
    eng_action start = buy("NYC", false, 20);
    refused(g, start, "NYC's director chooses its par: one of 67, 71, 76, 82, 90, 100");
    start.price = 71;
    int cash = g->players[g->current].cash;
    must(g, start);
    assert_int_equal(g->players[g->current].cash, cash - 142);
    assert_int_equal(g->co[co("NYC")].par, 71);
    eng_game_free(g);
}

/* Issue 17: in a stock round a player buys a private from another at a price they agree
 * (privates_between_players); it does not use his turn, and counts toward his certificates. */
static void test_players_trade_privates(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 3);
    const char *order[] = {"SVNRR", "C&StL", "D&H", "M&H", "C&A", "BO"};
    for (int i = 0; i < 6; i++)
        must(g, buy_item(order[i]));
    must(g, par("B&O", 90));
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    int buyer = g->current, svnrr = co("SVNRR"), seller = g->co[svnrr].owner;
    eng_action trade = {.kind = ENG_ACT_BUY_PRIVATE, .company = svnrr, .price = 55};
    if (seller == buyer) { /* someone else's private */
        svnrr = co("C&StL");
        seller = g->co[svnrr].owner;
        trade.company = svnrr;
    }
    int total = g->players[buyer].cash + g->players[seller].cash;
    trade.price = g->players[buyer].cash + 1;
    refused(g, trade, "has");
    trade.price = 55;
    must(g, trade);
    assert_int_equal(g->co[svnrr].owner, buyer);
    assert_int_equal(g->players[buyer].cash + g->players[seller].cash, total);
    assert_int_equal(g->current, buyer); /* his turn goes on */
    assert_true(has_event(g, ENG_EV_PRIVATE_TRADED, buyer, svnrr));
    refused(g, trade, "owns");
    trade.company = co("B&O");
    refused(g, trade, "that is not a private company");
    title->privates_between_players = false;
    trade.company = co("D&H");
    refused(g, trade, "in 1830 players do not sell each other privates");
    title->privates_between_players = true;
    eng_game_free(g);
}

/* The new actions go through the action log and back. */
static void test_log_round_trip(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 3);
    eng_action as[] = {bid("M&H", 120), par("B&O", 100), buy("NYC", false, 20)};
    as[2].price = 82;
    const char *want[] = {"\"type\":\"bid\"", "\"type\":\"par\"", "\"par\":82"};
    for (int i = 0; i < 3; i++) {
        as[i].player = 1;
        char *json = eng_action_to_json(g, &as[i]), why[256];
        assert_non_null(strstr(json, want[i]));
        eng_action back;
        assert_int_equal(eng_action_from_json(g, json, &back, why, sizeof why), 0);
        assert_int_equal(back.kind, as[i].kind);
        assert_int_equal(back.price, as[i].price);
        assert_int_equal(back.player, 1);
        free(json);
    }
    eng_game_free(g);
}

/* The legal actions of an auction are the engine's own: buying the cheapest, the least bid on
 * each other item, passing; and the pars while one is to be chosen. */
static void test_legal_actions(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 3);
    eng_action out[64];
    int n = eng_legal_actions(g, out, 64), buys = 0, bids = 0;
    for (int i = 0; i < n; i++) {
        buys += out[i].kind == ENG_ACT_BUY_ITEM;
        bids += out[i].kind == ENG_ACT_BID;
    }
    assert_int_equal(buys, 1);
    assert_int_equal(bids, 5);
    const char *order[] = {"SVNRR", "C&StL", "D&H", "M&H", "C&A", "BO"};
    for (int i = 0; i < 6; i++)
        must(g, buy_item(order[i]));
    n = eng_legal_actions(g, out, 64);
    assert_int_equal(n, 6);
    for (int i = 0; i < n; i++)
        assert_int_equal(out[i].kind, ENG_ACT_PAR);
    eng_game_free(g);
}

/* In an auction among bidders, one whose money cannot reach the least bid drops out at once
 * (Rails passes for him: 1830_sell_Presidency2's C&A); the winner of an auction does not take
 * the priority, which stays after the last player to buy or bid in turn. */
static void test_a_bidder_who_cannot_raise_drops_out(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4); /* 600 each */
    must(g, bid("BO", 225));     /* Ann */
    must(g, bid("C&A", 165));    /* Bob */
    must(g, buy_item("SVNRR"));  /* Cy */
    must(g, buy_item("C&StL"));  /* Dee */
    must(g, bid("C&A", 370));    /* Ann: 5 left not held by bids */
    must(g, buy_item("D&H"));    /* Bob */
    must(g, buy_item("M&H"));    /* Cy: C&A is auctioned between Bob and Ann */
    assert_int_equal(g->auction_item, item("C&A"));
    assert_int_equal(g->current, 1);
    must(g, bid("C&A", 375));    /* Bob: Ann's 375 cannot reach 380 */
    const eng_event *out = event_of(g, ENG_EV_CANNOT_RAISE);
    assert_non_null(out);
    assert_int_equal(out->player, 0);
    assert_int_equal(out->amount, 380);
    assert_int_equal(out->amount2, 375);
    assert_int_equal(g->co[co("C&A")].owner, 1);
    assert_int_equal(g->players[1].cash, 600 - 70 - 375);
    assert_int_equal(g->co[co("BO")].owner, 0); /* her single bid on the B&O */
    must(g, par("B&O", 100));
    assert_int_equal(g->round, ENG_ROUND_STOCK);
    assert_int_equal(g->current, 3); /* after Cy, the last to buy in turn, not after Ann */
    eng_game_free(g);
}

/* A player who can neither buy the cheapest item nor bid on another passes at once, and counts
 * as passing (Rails' autopass: 1830_sellPresidency's Palmiro). */
static void test_a_player_who_cannot_act_passes(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 3); /* 800 each */
    must(g, bid("C&A", 795)); /* Ann: 5 not held */
    must(g, pass());          /* Bob */
    must(g, pass());          /* Cy: Ann cannot act, everyone has passed: SVNRR falls */
    assert_true(has_event(g, ENG_EV_CANNOT_BUY, 0, ENG_NONE));
    const eng_event *e = event_of(g, ENG_EV_ITEM_PRICE);
    assert_non_null(e);
    assert_int_equal(e->amount, 15);
    assert_int_equal(g->current, 1);
    eng_game_free(g);
}

/* Rails' default (LeaveAuctionOnPass=no): a bidder who passed stays in and may bid again; the
 * highest buys once all the others have passed in a row. */
static void test_a_pass_stays_in_the_auction(void **state)
{
    (void)state;
    eng_game *g = new_game(NULL, 4); /* 600 each */
    must(g, bid("D&H", 75));  /* Ann */
    must(g, bid("D&H", 80));  /* Bob */
    must(g, bid("M&H", 115)); /* Cy */
    must(g, bid("D&H", 90));  /* Dee */
    must(g, buy_item("SVNRR")); /* Ann */
    must(g, buy_item("C&StL")); /* Bob: D&H auctioned among Ann, Bob and Dee */
    assert_int_equal(g->current, 0);
    must(g, pass());          /* Ann passes, and stays in */
    assert_int_equal(g->current, 1);
    must(g, bid("D&H", 95));  /* Bob */
    assert_int_equal(g->current, 3);
    must(g, pass());          /* Dee */
    assert_int_equal(g->current, 0);
    must(g, bid("D&H", 100)); /* Ann bids again */
    must(g, pass());          /* Bob */
    assert_int_equal(g->auction_item, item("D&H"));
    assert_int_equal(g->current, 3);
    must(g, pass());          /* Dee: the others have passed in a row: Ann buys */
    assert_int_equal(g->co[co("D&H")].owner, 0);
    assert_int_equal(g->players[0].cash, 600 - 20 - 100);
    assert_int_equal(g->auction_item, ENG_NONE);
    eng_game_free(g);
}

/* AuctionLowestBidderActs (18xx.games' waterfall auction: the lowest bidder acts): with three
 * bidders whose bids are not in seating order (Bob raised his in a later turn), the lowest,
 * Ann, acts first; by default Cy, the next after the highest in seating order. */
static void test_the_lowest_bidder_acts(void **state)
{
    (void)state;
    for (int on = 0; on < 2; on++) {
        eng_game *g = new_game(on ? "LeaveAuctionOnPass=yes, AuctionLowestBidderActs=yes"
                                  : "LeaveAuctionOnPass=yes", 4);
        must(g, bid("D&H", 75)); /* Ann */
        must(g, bid("D&H", 80)); /* Bob */
        must(g, bid("D&H", 85)); /* Cy */
        must(g, pass());         /* Dee */
        must(g, pass());         /* Ann */
        must(g, bid("D&H", 90)); /* Bob raises his in turn */
        must(g, pass());         /* Cy */
        must(g, buy_item("SVNRR")); /* Dee */
        must(g, buy_item("C&StL")); /* Ann: D&H auctioned among Ann 75, Cy 85, Bob 90 */
        assert_int_equal(g->auction_item, item("D&H"));
        assert_int_equal(g->current, on ? 0 : 2);
        must(g, pass()); /* the one to act leaves */
        assert_int_equal(g->current, on ? 2 : 0);
        must(g, pass()); /* so does the other: Bob buys for 90 */
        assert_int_equal(g->co[co("D&H")].owner, 1);
        assert_int_equal(g->players[1].cash, 600 - 90);
        eng_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_title_data),
        cmocka_unit_test(test_buy_cheapest_bid_on_others),
        cmocka_unit_test(test_first_item_falls),
        cmocka_unit_test(test_auction_among_bidders),
        cmocka_unit_test(test_a_bidder_who_cannot_raise_drops_out),
        cmocka_unit_test(test_a_pass_stays_in_the_auction),
        cmocka_unit_test(test_the_lowest_bidder_acts),
        cmocka_unit_test(test_a_player_who_cannot_act_passes),
        cmocka_unit_test(test_bo_par),
        cmocka_unit_test(test_players_trade_privates),
        cmocka_unit_test(test_log_round_trip),
        cmocka_unit_test(test_legal_actions),
    };
    return cmocka_run_group_tests_name("auction", tests, setup_1830, group_teardown);
}
