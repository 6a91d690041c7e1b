/* game: the state of one game of an 18xx title, and the only way to change it — eng_apply(),
 * which validates one action and applies it whole, or rejects it with a message a player can
 * read. A game's state is the replay of its action log: same title, options, players and
 * actions give the same state, always (no clock, no randomness). Every consequence of an
 * action is also reported as an event, in order, for logs, reports and checks. Pure. */
#ifndef PBEMGM_ENG_GAME_H
#define PBEMGM_ENG_GAME_H

#include "engine/board.h"
#include "engine/title.h"

#include <stdbool.h>
#include <stddef.h>

#define ENG_MAX_PLAYERS 7
#define ENG_MAX_COMPANIES 24
#define ENG_MAX_CERTS 24
#define ENG_MAX_EVENTS 256
#define ENG_MAX_TRAINS 12
#define ENG_MAX_TRAIN_TYPES 16
#define ENG_TRAINS_UNLIMITED 9999 /* trains_left of a kind the bank never runs out of */

/* Where a certificate is. Players are 0..nplayers-1. */
enum { ENG_IPO = -1, ENG_POOL = -2, ENG_RESERVED = -3 };

/* ---- game options (docs/game-options.md; src/engine/options.c) ----
 * Those of every title (below), and the choices of the options the title declares
 * ("game_options" in its file: title.h), with the rules they set. */
typedef struct eng_options {
    int chosen[ENG_MAX_GAME_OPTIONS]; /* per game option of the title: the choice made */
    eng_rules rules;               /* as the choices set them */
    bool first_round_sell_restriction; /* no selling in the first stock round */
    bool separate_sales_at_same_price; /* SeparateSalesAtSamePrice */
    bool unlimited_tiles;          /* UnlimitedTiles */
    int nationalisation_percent;   /* a director holding this much may nationalise; 0 = never */
    bool cert_limit_bonus_80;      /* +1 certificate for each company a player directs at >= 80% */
    bool priority_after_last_buyer; /* house rule 11 */
    bool permissive_routes;        /* Rails' RouteAlgorithm=Permissive: track need not connect */
    bool dividend_round_down;      /* DividendRounding=down: a holder's dividend rounded down
                                    * (18xx.games); default up (Rails) */
    bool no_train_price_left;      /* NoTrainPriceLeft: a major without a train to run has its
                                    * price moved left (18xx.games); default no (Rails) */
    bool bankrupt_cash_to_bank;    /* BankruptCashToBank: the money a bankrupt director raised
                                    * and could not make enough of goes to the bank
                                    * (18xx.games); default no: it stays his (Rails) */
    bool extra_tile_any_step;      /* ExtraTileAnyStep: a private's tile laid besides the
                                    * company's lays (1830's C&StL) at any step of the owning
                                    * company's turn, after its run too (18xx.games); default
                                    * no: in its track step */
    bool brown_pool_only;          /* MultipleBrownFromIPO=no: several certificates of one
                                    * company in a turn (its price in the brown zone) only from
                                    * the pool (18xx.games without multiple_brown_from_ipo);
                                    * default yes: from the IPO too */
    bool priority_after_last_to_act; /* PriorityAfterLastToAct: a stock round's sales (and a
                                    * private bought from a player, PrivatePurchaseUsesTurn)
                                    * count as the last deal for the priority, as purchases do
                                    * (18xx.games); default no: purchases only (house rule 11) */
    bool must_sell_over_limits;    /* MustSellOverLimits: a player over the certificate limit
                                    * or a company's share limit in a stock round must sell
                                    * before anything else, and may not pass while he can
                                    * (18xx.games); default no: he may pass */
    bool auction_lowest_bidder_acts; /* AuctionLowestBidderActs: in an auction among an item's
                                    * bidders the lowest bidder acts next (18xx.games); default
                                    * no: the next bidder in seating order */
    bool private_purchase_uses_turn; /* PrivatePurchaseUsesTurn: a private bought from another
                                    * player in a stock round is the turn's one purchase
                                    * (18xx.games); default no: it leaves the turn as it was */
} eng_options;

/* The defaults: every title's, and each of the title's options at its default choice. */
void eng_options_default(const eng_title *t, eng_options *o);
/* The number of the choice made of the title's option (an option whose choices are numbers:
 * a company's float_option or revenue_option). */
int eng_option_number(const eng_title *t, const eng_options *o, int option);
/* Sets one option from text ("Variant", "Snake"), the title's or any title's; 0, or -1 with
 * why (the option's choices named). */
int eng_option_set(const eng_title *t, eng_options *o, const char *name, const char *value,
                   char *why, size_t len);
/* The rules of the choices made (o->chosen), as t says them: the title a game plays, when the
 * choices made against its base (eng_options_parse) changed its data (eng_title_load_chosen,
 * which keeps the game options as they are). No text is read again. */
void eng_options_for_title(const eng_title *t, eng_options *o);
/* Sets options from "Name=Value, Name=Value" and the title's presets ("pbem-house-rules"). */
int eng_options_parse(const eng_title *t, eng_options *o, const char *text, char *why,
                      size_t len);
/* Whether text (a GM's options, as for eng_options_parse) names one option twice
 * ("RuhrgebiedRule=plus20, RuhrgebiedRule=double"); -1 with why then, else 0. A preset's own
 * options do not count: an option after a preset changes the preset's. */
int eng_options_repeated(const char *text, char *why, size_t len);

/* The steps of a company's turn in an operating round, in order (order.c's table): an action
 * of a step ends the steps before it; SKIP passes the step due. The run is declared and its
 * dividend paid in one action. */
/* (ENG_STEP_HOME: a company whose home city is its choice places its home station first, 1830's
 * Erie; every other turn starts at the track) */
typedef enum {
    ENG_STEP_HOME, ENG_STEP_TRACK, ENG_STEP_STATION, ENG_STEP_RUN, ENG_STEP_TRAINS
} eng_step;

/* ---- state ---- */
typedef struct eng_cert_state {
    int percent;
    bool director;
    int owner;           /* a player, ENG_IPO, ENG_POOL or ENG_RESERVED */
    int reserved_for;    /* ENG_RESERVED: the company (minor or private) it is exchanged for */
    bool no_dividend;    /* exchanged for a minor/private that already paid this OR (house
                          * rule 10: no double income); cleared when the OR ends */
} eng_cert_state;

typedef struct eng_company_state {
    int cash;
    int owner;           /* privates and minors: the player who owns it, or ENG_NONE */
    int held_by;         /* privates: the major that bought it from its owner (1830; owner is
                          * then ENG_NONE), or ENG_NONE */
    unsigned rights;     /* majors: bit r, the title's right r bought (1830 C&R's Coalfields) */
    bool started;        /* majors: the director's certificate is sold and the price set */
    bool floated;
    bool closed;
    bool available;      /* majors: shares may be bought from the IPO */
    int par;             /* majors started: the par, fixed by the title or chosen; else 0 */
    int row, col;        /* market position; -1 without a price */
    int market_seq;      /* when it arrived on its market square (the earlier goes first) */
    int director;        /* majors: a player, or ENG_NONE */
    int ncerts;
    eng_cert_state certs[ENG_MAX_CERTS];
    int operated;        /* operating rounds it has operated in */
    int ntrains;
    int trains[ENG_MAX_TRAINS]; /* train types */
    bool home_placed;
    int lays;            /* tile lays this turn */
    eng_step step;       /* the step of its turn it is at */
    bool token_placed;   /* this turn */
    bool ran;            /* this turn: revenue declared and paid out or kept */
    unsigned powers_used; /* privates: bit k for power tile k, bit 2 for the station */
    bool paid_this_or;   /* minors and privates: paid their owner income in this OR */
    /* a title with loans and destinations (1856): */
    int loans;           /* majors: loans taken and not yet repaid (each of the title's loan
                          * amount) */
    int escrow;          /* majors: money of its sold shares the bank holds for it until it
                          * reaches its destination */
    bool destination_reached; /* majors: its run has reached its destination (escrow paid) */
    /* capitalisation by the train on sale (1856; capital.c): */
    int capital;         /* majors: its eng_capital_mode, fixed when it starts; ENG_CAPITAL_TITLE
                          * (0) in a title without "capitalisation" steps */
    /* privates' run bonuses and markers (1856's bridge, tunnel and port; privates.c): */
    unsigned bonuses;    /* majors: bit p, the run bonus of private p held (with the private,
                          * or bought: ENG_ACT_BUY_BONUS) — kept once the private closes */
    int bonuses_sold;    /* privates with a bonus: how many sold to other majors */
    bool marker_placed;  /* privates with a marker: it is on the map, on marker_hex, for the
                          * runs of marker_user (the major that placed it) */
    int marker_hex, marker_user;
    /* loans (loans.c), for its turn in an operating round, cleared when its turn begins: */
    int loans_taken;     /* loans taken this turn (at most the title's per_round) */
    bool loans_repaid;   /* it has repaid loans this turn: no more loans taken, trains bought */
    bool interest_paid;  /* this round's interest on its loans is settled */
    /* 18GA's rules (title_read_rules.c), for its turn, cleared when its turn begins: */
    int depot_trains;    /* trains bought from the bank or the pool (a phase's
                          * depot_trains_per_turn) */
    bool upgraded;       /* it has upgraded a tile (first_turn_tile_lays: no yellow lay after) */
    /* privates' powers of issue 32 (privates.c): */
    bool tile_power_now; /* privates: the user laid the power's tile on the station's hex in
                          * the turn going on (its station "requires_tile": "same_turn", 1830's
                          * D&H) */
    bool free_train_given; /* privates with a free_train: the train went to the company that
                            * bought it (one more of its kind in the game) */
    unsigned char not_sellable[ENG_MAX_TRAIN_TYPES]; /* majors: how many of its trains of each
                          * kind may not be sold to another company (18GA's OSO's free 2) */
} eng_company_state;

typedef struct eng_player_state {
    char name[ENG_NAME];
    int cash;
    bool sold_this_round[ENG_MAX_COMPANIES]; /* may not buy back in the same stock round */
} eng_player_state;

typedef enum { ENG_ROUND_START, ENG_ROUND_STOCK, ENG_ROUND_OPERATING, ENG_ROUND_OVER } eng_round;
/* What the round in play asks of the order of play once the action is done (order.c enters
 * the next round while the one in play is finished): nothing; it is finished (the table says
 * what follows); the operating round asks for the title's special round now (a train bought),
 * to go on after it; the special round is finished (formation_next says what follows). */
typedef enum {
    ENG_ROUND_GOES_ON, ENG_ROUND_FINISHED, ENG_SPECIAL_ROUND_DUE, ENG_SPECIAL_ROUND_FINISHED
} eng_round_state;
enum { ENG_END_BANK, ENG_END_BANKRUPTCY, ENG_END_MARKET /* an end space reached (18GA) */ };
/* Where a company's interest came from (ENG_EV_INTEREST_PAID's item). */
enum { ENG_PAID_FROM_TREASURY, ENG_PAID_FROM_REVENUE, ENG_PAID_FROM_DIRECTOR };

typedef enum {
    ENG_EV_START_ROUND,   /* amount: its number */
    ENG_EV_STOCK_ROUND,   /* amount: its number */
    ENG_EV_END_STOCK_ROUND,
    ENG_EV_OPERATING_ROUND, /* amount: set, amount2: number within the set ("1.1") */
    ENG_EV_PRIORITY,      /* player */
    ENG_EV_BOUGHT_ITEM,   /* player, company (what the item is), amount: price, amount2: the
                           * start packet item */
    ENG_EV_ALSO_GETS,     /* player, company, amount: percent, flag: director certificate */
    ENG_EV_FLOATS,        /* company, amount: cash */
    ENG_EV_CANNOT_BUY,    /* player: passed automatically, no money for anything */
    ENG_EV_PASSES,        /* player */
    ENG_EV_ALL_PASSED,    /* the start packet round ended with everyone passing */
    ENG_EV_BOUGHT_SHARE,  /* player, company, amount: percent, amount2: price, flag: from pool */
    ENG_EV_PAID_TO,       /* company, amount */
    ENG_EV_SOLD_SHARES,   /* player, company, amount: percent, amount2: money */
    ENG_EV_PRESIDENT,     /* player, company */
    ENG_EV_PRICE,         /* company, amount: old price, amount2: new price */
    ENG_EV_SOLD_OUT,      /* company */
    ENG_EV_RELEASED,      /* company */
    ENG_EV_PRIVATE_INCOME,/* player, company (the private), amount; item: the major that
                           * holds the private and gets it (player ENG_NONE), or ENG_NONE */
    ENG_EV_SHORT_OR,      /* an operating round in which no company could operate */
    ENG_EV_OPERATES,      /* company, player (its director or owner) */
    ENG_EV_ROUND_END,     /* amount: index into eng_game.snapshots — the money at that moment;
                           * flag: the round goes on (a snapshot only, not the round's end) */
    ENG_EV_TILE_LAID,     /* company, amount: hex, amount2: cost, item: tile */
    ENG_EV_TOKEN_PLACED,  /* company, amount: hex, amount2: cost, flag: free (a private's power) */
    ENG_EV_REVENUE,       /* company, amount: revenue, amount2: 0 withheld, 1 paid out, 2 split */
    ENG_EV_NO_DIVIDEND,   /* company: no revenue */
    ENG_EV_DIVIDEND,      /* player, company, amount (to a player) */
    ENG_EV_COMPANY_GETS,  /* company, amount (a minor's half, or a withheld revenue) */
    ENG_EV_BOUGHT_TRAIN,  /* company, item: train type, amount: price, amount2: seller (-1 bank,
                           * -2 pool, else a company) */
    ENG_EV_FIRST_TRAIN,   /* item: train type */
    ENG_EV_NEW_TRAIN,     /* item: the type now sold by the bank */
    ENG_EV_PHASE,         /* amount: the new phase */
    ENG_EV_RUSTED,        /* item: train type */
    ENG_EV_OBSOLETE,      /* item: train type: its trains run once more, then go */
    ENG_EV_BOUGHT_RIGHT,  /* company, item: the right, amount: the price */
    ENG_EV_SCRAPPED,      /* company, item: train type, amount: how many: obsolete trains gone
                           * after their last run */
    ENG_EV_PRIVATE_CLOSES,/* company */
    ENG_EV_DISCARDED,     /* company, item: train type; flag: traded in for a train bought
                           * (else discarded over the limit); amount 1: an obsolete one,
                           * scrapped, not to the pool (Rails: ScrapHeap) */
    ENG_EV_END_OR,        /* amount: set, amount2: number */
    ENG_EV_WORTH,         /* player, amount: change of worth over the operating round */
    ENG_EV_MUST_RAISE,    /* player: the director, company, amount: what he must raise by selling */
    ENG_EV_DIRECTOR_ADDS, /* player, company, amount: the director's money for a forced train */
    ENG_EV_FORMATION_START, /* company: the one to form; player: who decides whether to form */
    ENG_EV_FORMATION_END, /* company */
    ENG_EV_FORMED,        /* player: its director, company, amount: its price */
    ENG_EV_MERGED,        /* player, company: exchanged, amount: money, amount2: trains moved */
    ENG_EV_GOT_SHARE,     /* player, company: what was exchanged, amount: percent; item: the
                           * company whose share (a private's exchange), else ENG_NONE (the
                           * formed company's) */
    ENG_EV_BANK_BROKEN,   /* the bank has run out: the game ends with this operating round
                           * (or set of them: bank_break_ends_set) */
    ENG_EV_BANKRUPT,      /* player: cannot pay for the train his company must buy; company;
                           * flag: for its interest or loans instead (loans.c) */
    ENG_EV_GAME_OVER,     /* amount: ENG_END_BANK, ENG_END_BANKRUPTCY or ENG_END_MARKET */
    ENG_EV_FINAL_SCORE,   /* player, amount: cash + shares at market value (+ privates still
                           * open at face value), amount2: place (1 = the winner) */
    ENG_EV_TOKEN_EXCHANGED, /* company: whose station was replaced, amount: hex, amount2: city */
    /* loans (loans.c; a title's "loans", 1856): */
    ENG_EV_LOAN_TAKEN,    /* company, amount: the money it received (a loan's amount, less its
                           * interest when taken after this round's interest was paid: Rails'
                           * CompanyTakesLoan,LPS,100,90), amount2: its loans now */
    ENG_EV_INTEREST_DUE,  /* company, amount: the interest due this round, amount2: its loans
                           * (Rails CompanyMustPayLoanInterest) */
    ENG_EV_INTEREST_PAID, /* company, amount: paid, amount2: the interest due, item: from what
                           * (ENG_PAID_FROM_...); player: the director when from his money */
    /* (loans repaid: ENG_EV_LOANS_REPAID below, in an operating round too: Rails'
     * CompanyRepaysLoans is its amount2, ...WithPresCash its item) */
    ENG_EV_BID,           /* player, company (the item's), item, amount: the bid, amount2: the
                           * player's money not held by bids */
    ENG_EV_ITEM_PRICE,    /* company (the item's), item, amount: its price now (everyone passed) */
    ENG_EV_TO_AUCTION,    /* company (the item's), item: auctioned among its bidders now */
    ENG_EV_PAR,           /* player, company, amount: the par the director chose */
    ENG_EV_BOUGHT_PRIVATE, /* company: the major buying, item: the private, player: its seller,
                            * amount: the price */
    ENG_EV_PRIVATE_TRADED, /* player: the buyer, company: the private, item: the seller (a
                            * player), amount: the price */
    ENG_EV_CANNOT_RAISE,  /* player, company (the item's), item, amount: the least bid, amount2:
                           * what the player could bid: he drops out of the auction (Rails'
                           * autopass) */
    /* capitalisation, destinations, closing spaces (1856; capital.c): */
    ENG_EV_CAPITALISED_AS, /* company: a major just started, amount: its eng_capital_mode (18xx.games
                            * "parred as an Escrow cap corporation") */
    ENG_EV_ESCROW,        /* company, amount: the money of an IPO share the bank holds for it,
                           * amount2: all it holds for it now (Rails HoldMoneyInEscrow,amount,
                           * amount2,company); the buyer's BOUGHT_SHARE comes before */
    ENG_EV_DESTINATION,   /* company, amount: the hex of its destination reached (Rails
                           * DestinationReached); checked after every action that lays or removes
                           * a tile, for every major not closed whose escrow it would pay (or, not
                           * started, while escrow capitalisation applies) */
    ENG_EV_ESCROW_PAID,   /* company, amount: the escrow the bank pays it on reaching its
                           * destination, > 0 (Rails ReleasedFromEscrow); after DESTINATION */
    ENG_EV_CAPITALISATION, /* amount: the eng_capital_mode of majors started from now on (a train
                            * bought: 18xx.games no_more_escrow_corps, no_more_incremental_corps) */
    ENG_EV_FLOAT_PERCENT, /* amount: the percent a major that has not operated must have sold to
                           * operate, from now on (a train bought: 18xx.games change_float) */
    ENG_EV_MAY_NOT_OPERATE, /* company, amount: its percent sold, amount2: the percent needed: its
                             * turn in this operating round is skipped (Rails MayNotYetOperate) */
    ENG_EV_MARKET_CLOSES, /* company: its price reached a closing space: it closes, its
                           * certificates gone, its stations off the map, its trains to the pool,
                           * its money to the bank (Rails PublicCompany.setClosed) */
    /* a national formed from majors given up to it (1856's CGR; titles/t1856.c): */
    ENG_EV_LOANS_REPAID,  /* company, player: its director, amount: loans repaid, amount2: paid
                           * from the company's money, item: from the director's (also loans
                           * repaid in an operating round: loans.c) */
    ENG_EV_WILL_MERGE,    /* company: given up to the national (its loans not all repaid),
                           * player: its director */
    ENG_EV_SHARES_MERGED, /* player (ENG_NONE: the pool), company: the national, amount: the
                           * merged companies' shares given up, amount2: the national's got;
                           * flag: an odd share went to the pool; item: shares owed beyond
                           * the national's last (lost), -1: none */
    ENG_EV_NATIONAL_SHARES, /* company: the national, amount: its shares, amount2: percent of
                             * each */
    ENG_EV_TOKEN_REMOVED, /* company: whose station goes (not taken over), amount: hex,
                           * amount2: city */
    ENG_EV_NOT_FORMED,    /* company: the national, no major given up to it */
    ENG_EV_CERT_LIMIT,    /* amount: the certificate limit now, amount2: the majors open */
    ENG_EV_TRAIN_BORROWED, /* company: the national, item: the train it runs having none */
    ENG_EV_TRAIN_RETURNED, /* company: the national, item: the borrowed train, given back */
    ENG_EV_NATIONAL_CHOICE, /* company: the national, player: its director, amount: what he
                             * chooses now (ENG_NATIONAL_CHOOSES_...), amount2: how many */
    ENG_EV_MUST_BUY_SECOND, /* company: the national, player: its director of a single share,
                             * who must buy a second one in the next stock round */
    ENG_EV_DIRECTOR_WHOLE, /* company: the national, player: its director, whose certificate of
                            * one share and another are one of two now, amount: its percent */
    /* privates' run bonuses and markers (1856): */
    ENG_EV_GOT_BONUS,     /* company: the major, item: the private whose run bonus it holds now
                           * (bought with the private; Rails' AcquiresBonus) */
    ENG_EV_BOUGHT_BONUS,  /* company: the buyer, item: the private, amount: the price, amount2:
                           * the company it paid (ENG_NONE: the bank) (BuysBonusTokenFrom) */
    ENG_EV_MARKER_PLACED, /* company, item: the private, amount: the hex (LaysBonusTokenOn) */
    ENG_EV_MARKER_REMOVED, /* company: whose it was, item: the private, amount: the hex */
    /* 18GA's rules: */
    ENG_EV_MARKET_END,    /* company: its price reached the market's end space (amount): the
                           * game ends after the operating round (or set: market_end_set) */
    /* a private's free train (18GA's OSO; privates.c): */
    ENG_EV_FREE_TRAIN,    /* company: the major that bought the private, item: the private,
                           * amount: the train type; flag: removed from play instead (its phase
                           * reached, or the major at its train limit) */
} eng_event_kind;

/* What a national's director chooses after it forms (g->national_choosing). */
enum { ENG_NATIONAL_CHOOSES_NOTHING, ENG_NATIONAL_CHOOSES_STATIONS, ENG_NATIONAL_MUST_DISCARD,
       ENG_NATIONAL_MAY_DISCARD };

/* Everyone's money when a round ended (for reports, and for checking against other programs). */
typedef struct eng_snapshot {
    int player_cash[ENG_MAX_PLAYERS];
    int company_cash[ENG_MAX_COMPANIES];
    int bank;
} eng_snapshot;

typedef struct eng_event {
    eng_event_kind kind;
    int player, company, item;
    int amount, amount2;
    bool flag;
} eng_event;

typedef struct eng_game {
    const struct eng_title_hooks *hooks; /* the title's hooks (hooks.h), or NULL: none */
    const struct eng_dealing *dealing;   /* the title's way of dealing the start packet the
                                          * options chose (hooks.h), or NULL: standard or snake */
    const eng_title *t;
    eng_options opt;
    int nplayers;
    eng_player_state players[ENG_MAX_PLAYERS];
    eng_company_state co[ENG_MAX_COMPANIES];
    int bank;
    eng_board *board;
    int phase;                /* index into t->phases */
    eng_round round;
    eng_round_state round_state; /* GOES_ON but within an action (see eng_round_state) */
    int special_asked_at;     /* SPECIAL_ROUND_DUE: the events of the action when the round asked
                               * for it; the special round's own come in there */
    int start_round_number;   /* start packet rounds so far */
    int stock_round_number;   /* stock rounds so far */
    int or_set, or_in_set;    /* "1.1": the set after stock round 1, its first OR */
    int current;              /* the player to act */
    int priority;             /* who held priority when the round began */
    int passes;               /* consecutive passes */
    unsigned passed_players;  /* start packet: a bit for each player who has passed in his own
                               * turn since the last purchase; every bit set: everyone passed */
    int last_buyer;           /* who bought last (house rule 11), or sold last under
                               * PriorityAfterLastToAct; or ENG_NONE */
    bool item_sold[32];
    int item_price[32];       /* what each item costs now (an auction's first item falls) */
    int bids[32][ENG_MAX_PLAYERS]; /* auction: each player's bid on each item; 0 none */
    int auction_item;         /* auction: the item auctioned among its bidders now, or ENG_NONE */
    int auction_passes;       /* auction among bidders: passes since the last bid (bidders who
                               * pass stay in unless rules.auction_pass_leaves) */
    int resume_player;        /* auction: whose turn comes once the item sales it set off and the
                               * auction among bidders are done; the next round's first player */
    int par_pending;          /* a company whose director must choose its par now (1830's B&O,
                               * bought with its private), or ENG_NONE */
    int cycle_pos;            /* start packet dealing: position in the current cycle */
    int cycle;                /* start packet dealing: cycles begun */
    int direction;            /* +1 or -1 */
    bool packet_in_stock_round; /* the start packet is dealt within stock rounds (a title's way
                               * of dealing: hooks.h, in_stock_rounds) until it is sold out */
    int turn_sale_price[ENG_MAX_COMPANIES]; /* this turn's first sale of each company: its price */
    /* issue 31 (1856's CGR, H13): this turn's sales of each company in percent, for a row down
     * per whole 10% sold in the turn (price_drop_on_sale per_share: two 5% sales are a row) */
    int turn_sold_percent[ENG_MAX_COMPANIES];
    bool turn_bought;         /* stock round: the player to act has bought this turn */
    int turn_bought_company;  /* ... what: the company, or ENG_NONE once two were bought */
    bool turn_bought_ipo;     /* ... some of it from the IPO */
    bool turn_sold;
    int nevents;
    eng_event events[ENG_MAX_EVENTS]; /* of the last eng_apply (or of creation) */
    int nsnapshots;
    eng_snapshot snapshots[8];        /* of the last eng_apply: see ENG_EV_ROUND_END */
    /* operating rounds */
    int operating;            /* the company operating, or ENG_NONE */
    int discarding;           /* a company over its train limit that must discard first */
    int raising_train;        /* ENG_ACT_RAISE_CASH: the train the director sells shares for, or
                               * ENG_NONE */
    bool raising_from_pool;
    bool bank_broken;         /* the game ends when this operating round ends */
    bool market_end_reached;  /* a price reached the market's end space (18GA): the game ends
                               * as the bank's break ends it, by market_end_set */
    bool market_end_first;    /* ... before the bank broke: the game's end is the market's when
                               * both end it at once (18xx.games' game_end_reason: the first
                               * trigger, 18GA_game_end_stock_market) */
    int market_clock;         /* counts arrivals on market squares */
    bool forming;             /* a formation round is under way */
    bool formation_pending;   /* one is due as soon as the discards are done */
    bool formation_force;     /* ... in which every exchange is forced */
    bool formation_held;      /* the one before this round has been held */
    int formation_next;       /* ENG_AFTER_FORMATION_... */
    int formation_turns;      /* players still to be asked */
    /* the national's round (1856's CGR; titles/t1856.c): */
    int national_starter;     /* who bought the train that asked for it: its order begins there */
    int national_asking;      /* the company whose director is asked to repay its loans, or
                               * ENG_NONE */
    unsigned national_merging; /* bit c: major c is given up to the national */
    bool national_permanent;  /* the national has owned a train that never rusts (as it formed
                               * or ran): it no longer must withhold */
    int national_choosing;    /* after it formed, its director chooses (ENG_NATIONAL_...) */
    int national_nmerged;     /* the companies given up to it, in the round's order (that of */
    int national_merged[ENG_MAX_COMPANIES]; /* the fixed rule for the stations left over) */
    int national_borrowed;    /* the train type the national runs this turn having none (given
                               * back after its run), or ENG_NONE */
    int national_single;      /* its director holding a single share, who must buy a second
                               * (the next stock round), or ENG_NONE */
    int formation_founder;    /* the company whose having operated in the round keeps the
                               * formed company from joining it: the title's founder (1835's M2),
                               * or as the special round sets it (1856: the first merged into the
                               * CGR in operating order); ENG_NONE: none */
    int joined_next;          /* the formed company that joined the round right after the one
                               * operating (formation.joins_next): it operates next, not sorted
                               * by price with the rest as that turn ends (1856's CGR: Rails
                               * resetOperatingCompanies); ENG_NONE: none */
    int nor_order, or_pos;
    int ors_in_set;           /* fixed when the set begins, by the phase then */
    int or_order[ENG_MAX_COMPANIES];
    int trains_left[ENG_MAX_TRAIN_TYPES];  /* with the bank */
    int pool_trains[ENG_MAX_TRAIN_TYPES];  /* in the pool */
    int train_on_sale;        /* the type the bank sells now */
    bool train_bought[ENG_MAX_TRAIN_TYPES];
    bool train_obsolete[ENG_MAX_TRAIN_TYPES]; /* its trains run once more, then go */
    int worth_at_or_start[ENG_MAX_PLAYERS];
    /* capitalisation by the train on sale (1856; capital.c): the mode of majors started now
     * and the float percent of those not yet operated, as last announced */
    int capital_now, float_percent_now;
} eng_game;

/* ---- actions ---- */
typedef enum {
    ENG_ACT_BUY_ITEM,   /* start packet: item */
    ENG_ACT_PASS,
    ENG_ACT_BUY_SHARE,  /* company, from_pool, percent (0: the next certificate);
                         * from_player: nationalisation, at 150% of the market price */
    ENG_ACT_SELL,       /* company, percent */
    ENG_ACT_LAY_TILE,   /* hex, tile, rot (the operating company) */
    ENG_ACT_TOKEN,      /* hex, city (-1: the first with room) */
    ENG_ACT_RUN,        /* revenue, payout (majors: pay out or withhold; minors split) */
    ENG_ACT_BUY_TRAIN,  /* train, from_pool / seller company (from_company), price */
    ENG_ACT_DISCARD_TRAIN, /* company (over its limit), train: to the pool */
    ENG_ACT_PRIVATE_TOKEN, /* company: the private (NF, PfB) whose free station is placed */
    ENG_ACT_DONE,       /* the operating company's turn ends */
    ENG_ACT_FORM,       /* the founder's owner forms the company (1835: the Prussian) */
    ENG_ACT_EXCHANGE,   /* company: a minor or private exchanged for the formed company's share */
    ENG_ACT_RAISE_CASH, /* train, from_pool: the bank or pool train a company without trains
                         * will buy with its director's money, who must sell shares for it */
    ENG_ACT_ADJUST,     /* the GM's correction (house rule 15): adjust says what (adjust.c) */
    ENG_ACT_SKIP,       /* the operating company passes its step (no tile, no station) */
    ENG_ACT_BID,        /* start packet sold by auction: item, price (the bid) */
    ENG_ACT_BUY_RIGHT,  /* item: the title's right the operating major buys from the bank (1830
                         * Coalfields & Reading's Coalfields access) */
    ENG_ACT_HOME,       /* city: the operating company's home station, in that city of its home
                         * hex, its choice (a home without home_city: 1830's Erie in E11) */
    ENG_ACT_BUY_PRIVATE, /* company: a private the operating major buys from its owner, for
                          * price (the owner's agreement is the turn resolver's to see); in a
                          * stock round, the player acting buys it from its owner (1830) */
    ENG_ACT_PAR,        /* company, price: the par its director chooses (a company started
                         * with a private, 1830's B&O); a director's certificate bought from the
                         * IPO carries its par in price instead */
    ENG_ACT_TAKE_LOAN,  /* the operating major takes one loan (1856; loans.c): at any step of
                         * its turn while the phase allows loans, it holds fewer than the shares
                         * its players hold, took fewer than per_round this turn and repaid none.
                         * It receives the loan's amount from the bank, less one round's
                         * interest on it once this round's interest is settled (after its run:
                         * Rails' "100,90"). Rails TakeLoans (1 loan), 18xx.games take_loan. */
    ENG_ACT_REPAY_LOAN, /* amount: loans the operating major repays (1856; loans.c), each the
                         * title's loan amount to the bank, in its trains step (no train bought
                         * after it that turn), from its treasury; the loans over the shares its
                         * players hold must be repaid, the director paying what the treasury
                         * lacks for those (else repaid so at DONE). Rails RepayLoans (its
                         * number), 18xx.games payoff_loan (one each). In the title's special
                         * round (the CGR's formation) its director repays them, with the
                         * company's money, then his own. */
    ENG_ACT_BUY_BONUS,  /* company: the private whose run bonus the operating major buys, at any
                         * time of its turn, from the major holding the private (or the bank
                         * once it is closed): 1856's bridge and tunnel tokens */
    ENG_ACT_PLACE_MARKER, /* company: the private, hex: where the operating major places its
                           * marker, at any time of its turn (1856's port) */
} eng_action_kind;


/* The GM's corrections (ENG_ACT_ADJUST): CASH target player (or company) +/- amount from the
 * bank; MOVE_CERT company percent owner_from -> owner_to; PRICE company amount; TRAIN_ADD /
 * TRAIN_REMOVE company train (from / to the bank); TILE hex tile rot; REMOVE_TILE hex; TOKEN /
 * REMOVE_TOKEN company hex. */
enum {
    ENG_ADJ_CASH, ENG_ADJ_MOVE_CERT, ENG_ADJ_PRICE, ENG_ADJ_TRAIN_ADD, ENG_ADJ_TRAIN_REMOVE,
    ENG_ADJ_TILE, ENG_ADJ_REMOVE_TILE, ENG_ADJ_TOKEN, ENG_ADJ_REMOVE_TOKEN, ENG_ADJ_COUNT
};
const char *eng_adjust_name(int what);
int eng_adjust_index(const char *name);

/* What follows a formation round. */
enum { ENG_AFTER_FORMATION_OPERATE, ENG_AFTER_FORMATION_OR, ENG_AFTER_FORMATION_SR };

typedef struct eng_action {
    eng_action_kind kind;
    int player;
    int item;
    int company;
    int percent;
    bool from_pool;
    bool director;      /* buying: the director's certificate (starting a company) */
    bool from_player;   /* buying from another player (nationalisation): from `seller` */
    int seller;
    int hex, tile, rot, city;
    int revenue;
    bool payout;
    int train;
    bool trades_in;     /* buying a train from the bank: trading in a train of type trade_in
                         * (as the bought train's kind allows) */
    int trade_in;
    int cert_size;      /* selling: only certificates of this size (0: the largest first) */
    bool from_company;  /* a train from another company: `seller` is that company */
    int price;          /* a train from a company; a bid; a par (ENG_ACT_PAR, or buying a
                         * director's certificate of a company whose par is chosen) */
    int adjust;         /* ENG_ACT_ADJUST: ENG_ADJ_... */
    int target;         /* ENG_ADJ_CASH: the player, or ENG_NONE for the company */
    int amount;         /* ENG_ADJ_CASH: money (+/-); ENG_ADJ_PRICE: the price;
                         * ENG_ACT_REPAY_LOAN: how many loans */
    int owner_from, owner_to; /* ENG_ADJ_MOVE_CERT: a player, ENG_IPO or ENG_POOL */
    /* relay (issue 31): ENG_ACT_LAY_TILE: 1 + the new tile's city the stations standing in the
     * hex's cities without track go to (the layer's choice); 0: where the tile's numbering
     * puts them (eng_lay_tile) */
    int station_city;
} eng_action;

/* A new game: the players in seating order. Returns NULL with why. */
eng_game *eng_game_new(const eng_title *t, const eng_options *opt, const char *const *players,
                       int nplayers, char *why, size_t len);
void eng_game_free(eng_game *g);
/* A copy of the whole state, board included, to try things on (free with eng_game_free). */
eng_game *eng_game_copy(const eng_game *g);

/* Validates and applies one action whole, or changes nothing and says why. The events of the
 * action replace those of the one before. */
int eng_apply(eng_game *g, const eng_action *a, char *why, size_t len);
/* eng_apply without the copy, for an action of a game's log (applied before, so it is legal):
 * when it is refused all the same, g is left half-changed and must be thrown away. */
int eng_apply_logged(eng_game *g, const eng_action *a, char *why, size_t len);

/* The actions the player to act may take now (at most max); returns how many. */
int eng_legal_actions(const eng_game *g, eng_action *out, int max);

/* Actions as JSON objects (for the action log) and back. */
char *eng_action_to_json(const eng_game *g, const eng_action *a);
int eng_action_from_json(const eng_game *g, const char *json, eng_action *a, char *why,
                         size_t len);

/* The state as JSON (players' cash and certificates, companies, bank, round). */
char *eng_game_to_json(const eng_game *g);

/* The tile colours the phase allows, and the phase (for upgrades allowed from a phase on): the
 * `colors` of eng_lay_check and eng_lay_options now. */
unsigned eng_lay_colors(const eng_game *g);
/* The tile lays the operating company has left this turn (a private's extra free tile aside). */
int eng_lays_left(const eng_game *g);
/* The step of the operating company's turn due now (a company without trains has no run to
 * declare: its trains step), and a step's name ("track"). */
eng_step eng_step_due(const eng_game *g);
const char *eng_step_name(eng_step step);

/* ---- the order of play, published (order.c, from its table) ---- */

/* A round of the order of play: its kind and numbers (a start packet round's or stock round's
 * number; an operating round's set and its number within the set, "2.1"), whether it is the
 * start packet dealt within a stock round (Thompson), or the title's special round (its name:
 * t->formation.round_name; then kind is the round it belongs to). */
typedef struct eng_play_at {
    eng_round kind;
    int number, number_in_set;
    bool packet_in_stock_round;
    bool special;
} eng_play_at;

/* How a round is named: as the turn names it ("the start packet", "the start packet (round
 * 2)", "stock round 3", "operating round 2.1", the special round by its name, "the end of the
 * game"); as the report's state does (the start packet unnumbered, Thompson's "stock round 2
 * (the start packet on sale)", "the game is over"; a special round under way by the round it
 * belongs to); by its kind alone, as the GM's desk ("the start packet", "a stock round", "an
 * operating round", "over"). */
typedef enum { ENG_NAME_TURN, ENG_NAME_STATE, ENG_NAME_KIND } eng_round_naming;

/* The round in play. */
eng_play_at eng_play_now(const eng_game *g);
/* The round the table has follow the one in play, were it to end as the game stands (the
 * special round in play: the round it goes on to); *special_first: the title's special round
 * is due before it. The start packet's two ways on are eng_rounds_next_text's to tell. */
eng_play_at eng_play_next(const eng_game *g, bool *special_first);
const char *eng_round_name(const eng_game *g, const eng_play_at *at, eng_round_naming naming,
                           char *out, size_t len);
/* The round in play and what follows it, from the table, with its branches: "operating round
 * 1.2, then stock round 2", "stock round 1, then the Prussian formation round, then operating
 * round 1.1", "the start packet, then stock round 1 once it is sold (should everyone pass
 * first: operating round 0.1, and the start packet again)". */
const char *eng_rounds_next_text(const eng_game *g, char *out, size_t len);

/* The event as one line of English for reports (no newline); returns its length, 0 for an event
 * a reader need not see (a round's money snapshot, a worth change). */
int eng_event_text(const eng_game *g, const eng_event *e, char *buf, size_t len);

/* Helpers the rounds and reports share. */
bool eng_is_major(const eng_game *g, int company);
/* A player's worth: cash, shares at the market price (a company not formed yet, the Prussian,
 * at its par; a title's loans: less share_worth_less a loan, 1856), privates at face value;
 * minors do not count (as Rails). The final score. */
int eng_player_worth(const eng_game *g, int p);
/* How many trains the company may hold in this phase (minor, major or the Prussian). */
/* Whether the start packet is sold row by row (Standard, Snake): its rows say what is on sale.
 * Not so where every item is on sale at once (Clemens, Thompson) or it is auctioned. */
bool eng_packet_sold_by_rows(const eng_game *g);
int eng_train_limit(const eng_game *g, int company);
/* A national's own rules (eng_title.national; 1856's CGR), false for any other company: it
 * must withhold, its price still, until it has owned a train that never rusts; it pays no
 * interest; it never closes. */
bool eng_national_withholds(const eng_game *g, int company);
bool eng_national_no_interest(const eng_game *g, int company);
bool eng_national_never_closes(const eng_game *g, int company);
/* ... the money for its shares bought from the IPO goes to the bank (not to it); a train
 * between buyer and seller, one of them the national, is traded at its cost only; whether
 * it may buy a train of this type (not one that will rust). */
bool eng_national_ipo_to_bank(const eng_game *g, int company);
/* What `percent` of the company is worth at `unit`, its price: unit per 10%, or per share of a
 * national whose price is per share (national.price_per_share: 1856's CGR of 20 shares, a 5%
 * share at the full price; Rails, 18xx.games num_shares x price). */
int eng_shares_money(const eng_game *g, int company, int unit, int percent);
bool eng_national_face_value(const eng_game *g, int buyer, int seller);
bool eng_national_may_buy(const eng_game *g, int company, int type);
/* Whether the company holds a train that never rusts nor becomes obsolete (the national's
 * borrowed train is not its own). */
bool eng_owns_permanent_train(const eng_game *g, int company);
/* Whether the private's free station (its power's token) has been placed. */
bool eng_private_station_used(const eng_game *g, int private);
/* The player who decides for the company: a major's director, a minor's or private's owner;
 * ENG_NONE when there is none. */
int eng_company_holder(const eng_game *g, int company);
int eng_share_price(const eng_game *g, int company);     /* 0 without a price */
int eng_percent_held(const eng_game *g, int company, int owner);
/* The station markers the company has on the map. */
int eng_stations_placed(const eng_game *g, int company);
/* The certificates that count toward the limit (those of a company in a market zone do not),
 * a half one (the title's half_cert_percent: 1856's CGR 5% shares) rounded up; in halves; and
 * the halves one certificate of the company counts (1 or 2). Over the limit: halves > 2 x
 * limit, or as well count > limit. */
int eng_certificate_count(const eng_game *g, int player);
int eng_certificate_halves(const eng_game *g, int player);
int eng_cert_halves(const eng_game *g, int company, int cert);
/* The market zone the company's price is in (ENG_ZONE_...). */
int eng_market_zone(const eng_game *g, int company);
int eng_certificate_limit(const eng_game *g, int player);
/* Whether the player, over the certificate limit or a company's share limit (prices having
 * moved), must sell before he buys or passes in this stock round (MustSellOverLimits) and can. */
bool eng_must_sell(const eng_game *g, int player);
/* Whether the private's powers are open to major c: the private is open and c is their user —
 * the major that owns it, or the major its owner directs, as the powers say (privates.c). */
bool eng_powers_for(const eng_game *g, int priv, int c);
/* The private's powers not used yet, for a later turn (issue 32: the order form): *tile
 * whether one of its tiles is left to lay, *station whether its station is left to place — not
 * once placed, nor once its tile is laid when the station goes only with the tile's turn
 * (1830's D&H, seed 003). */
void eng_powers_left(const eng_game *g, int priv, bool *tile, bool *station);
/* Whether major c may lay a tile on the hex through a private's power besides its own lays
 * (tile.extra: 1830's C&StL, 18GA's Midland), unused yet (privates.c; the turn tries a LAY
 * order there once the company's own lays are done). */
bool eng_extra_tile_power(const eng_game *g, int c, int hex);
/* Whether the company may run into the hex: it holds the right the hex asks for, if any. */
bool eng_may_enter(const eng_game *g, int company, int hex);
/* Whether the bank sells trains of this kind now: the kind on sale, or one available from a
 * kind already bought (1830's D from the first 6), while any are left. */
bool eng_bank_sells(const eng_game *g, int type);
/* Whether the trains of this kind have rusted: the kind they rust on has been bought. */
bool eng_train_rusted(const eng_game *g, int type);
int eng_start_item_index(const eng_title *t, const char *id);
/* The start packet item a player or a log names: by its id (any case), else the item that sells
 * the company of that name, else the one that brings its director's certificate (1830's "B&O":
 * the BO private); -1 none. */
int eng_start_item_named(const eng_title *t, const char *name);
/* The least bid the rules allow on the item now: its price or its highest bid, and bid_raise. */
int eng_least_bid(const eng_game *g, int item);
/* The most of a company a player may hold in this game (the title's, by number of players). */
int eng_player_share_limit(const eng_game *g);
/* Whether par is one the company may start at: one of its par choices, else its par (0: its
 * par). */
bool eng_par_allowed(const eng_title *t, int company, int par);
/* The pars its director chooses from, "67, 71, 76, 82, 90, 100" ("" none). */
const char *eng_par_choices_text(const eng_title *t, int company, char *out, size_t len);
/* The market space a company started at `par` begins on: the par space ("100p") of that price,
 * else the first cell of it; 0, or -1 when the market has none. */
int eng_par_space(const eng_title *t, int par, int *row, int *col);

#endif
