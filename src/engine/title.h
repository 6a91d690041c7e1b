/* title: an 18xx title as data — the map, the tile catalogue, companies, trains, phases, the
 * market — read from JSON (config/games/TITLE.json) and validated: every reference resolves,
 * and a broken file names the bad entry. Pure: it is given the JSON text, never a file.
 *
 * Hex geometry: a title's "layout" (docs/titles.md). A hex is named by a letter and a number
 * ("L14"); neighbours along a line of letters are two numbers apart.
 * - "pointy" (the default: 1830, 1835): pointy-topped hexes, the letter a row (A at the top),
 *   the number a column. Edges are numbered clockwise from the south-west: 0 SW, 1 W, 2 NW,
 *   3 NE, 4 E, 5 SE (18xx.games' pointy numbering; Rails' EW).
 * - "flat" (1856): flat-topped hexes, the letter a column (A at the west), the number a row.
 *   Edges are numbered clockwise from the south: 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE (18xx.games'
 *   flat numbering, lib/engine/hex.rb; Rails' NS HexSide numbering, MapOrientation.java).
 * Either way edge e's opposite is (e + 3) mod 6, and a tile laid with rotation r puts its edge
 * e on the map edge (e + r) mod 6, turning clockwise as 18xx.games' and Rails' rotations do. A
 * tile's track is written in edge numbers alone, so one tile's data serves both layouts (as
 * 18xx.games' lib/engine/config/tile.rb does). */
#ifndef PBEMGM_ENG_TITLE_H
#define PBEMGM_ENG_TITLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ENG_MAX_CITIES 4
#define ENG_MAX_TOWNS 2
#define ENG_MAX_PATHS 12
#define ENG_ID 16
#define ENG_NAME 48
#define ENG_MAX_COMPANIES_IN_LIMITS 16 /* a national's cert_limit_after: 0..15 majors */

typedef enum {
    ENG_WHITE, ENG_YELLOW, ENG_GREEN, ENG_BROWN, ENG_GRAY, ENG_RED, ENG_NCOLORS
} eng_color;

const char *eng_color_name(eng_color c);

/* One end of a track path. */
typedef enum { ENG_END_EDGE, ENG_END_CITY, ENG_END_TOWN, ENG_END_OFFBOARD, ENG_END_JUNCTION } eng_end_kind;

typedef struct eng_end {
    uint8_t kind;   /* eng_end_kind */
    uint8_t index;  /* the edge 0-5, or the city/town index */
} eng_end;

typedef struct eng_path {
    eng_end a, b;
    int toll;             /* a ferry: what crossing it costs a run (Hamburg's Elbe), else 0 */
} eng_path;

typedef struct eng_city {
    int revenue;
    int slots;
    char group[ENG_ID];   /* a train visits each group once (Berlin's two cities); "" none */
    char oval[ENG_ID];    /* circles in one city oval (brown Hamburg's two banks): one station
                           * for blocking and for counting; "" when the city is alone */
    char bank[ENG_ID];    /* Hamburg: "north" or "south" of the Elbe, for the record */
    float loc;            /* where to draw it: an edge direction (0-5, halves allowed), or -1 centre */
    bool by_phase;        /* "revenue_by_phase": its value is revenue_by_phase[the phase's
                           * offboard_color] (1830 C&R's Norfolk: 30, from phase 5 50) */
    int revenue_by_phase[ENG_NCOLORS];
    bool pass_own_station; /* "pass": "own_station": only a company with a station in it (or
                           * its oval) may run or reach through it; the others stop there
                           * (1830 C&R's Reading and Altoona; Rails runThrough=tokenOnly) */
    /* 18GA's rules (title_read_rules.c): */
    int neutral_stations; /* "neutral_stations": circles held by no company from the start (a map
                           * hex's city: 18GA's Montgomery E1 and Tallahassee J4, 18xx.games'
                           * neutral tokens): no station may go there, and runs pass through
                           * the city freely (18xx.games city.rb blocks?: a neutral token never
                           * blocks; Rails: a town counting as a city) */
    bool terminal;        /* a map hex's "terminal": true: every run ends in the city, none
                           * passes through it, whoever's stations (18GA Cotton Port's
                           * Charleston E15; 18xx.games path terminal:1); a run may start there */
} eng_city;

typedef struct eng_town {
    int revenue;
    float loc;
    bool by_phase;        /* as a city's */
    int revenue_by_phase[ENG_NCOLORS];
} eng_town;

/* An allowed upgrade: to tile `tile`, on any hex or only on the listed ones. */
typedef struct eng_upgrade {
    int tile;             /* index into eng_title.tiles */
    int nhexes;
    int *hexes;           /* indexes into eng_title.hexes; NULL when any hex */
    int from_phase;       /* allowed only from this phase (index) on, or 0: always (a tile's
                           * "upgrades_from_phase_P": 1856's towns to cities from phase 6) */
} eng_upgrade;

typedef struct eng_upgrades {
    int n;
    eng_upgrade *v;
} eng_upgrades;

/* Track content: a catalogue tile, or what is printed on a map hex. */
typedef struct eng_track {
    eng_color color;
    char label[ENG_ID];   /* "Y", "XX", "B", "HH", or "" */
    int ncities, ntowns, npaths;
    eng_city cities[ENG_MAX_CITIES];
    eng_town towns[ENG_MAX_TOWNS];
    eng_path paths[ENG_MAX_PATHS];
} eng_track;

typedef struct eng_tile {
    char id[ENG_ID];
    int count;            /* in the box; -1 for unlimited */
    uint8_t rotations;    /* bit r set: rotation r allowed (brown Hamburg: only 0) */
    eng_track track;
    eng_upgrades upgrades;
} eng_tile;

typedef struct eng_hex {
    char id[ENG_ID];
    char name[ENG_NAME];
    int row, col;         /* row: its letter (0 = "A"), a row of a pointy map, a column of a
                           * flat one; col: its number as printed (title.h's geometry) */
    eng_track printed;    /* colour ENG_WHITE for an empty hex, ENG_RED for an off-board */
    int cost;             /* terrain cost to lay a tile here; 0 none */
    char terrain[ENG_ID]; /* "water", "mountain", or "" */
    uint8_t blocked;      /* bit e set: edge e is impassable */
    int right;            /* the right a company must hold to run into it (1830 C&R's
                           * Coalfields on L10), or -1 */
    eng_upgrades upgrades;/* what may be laid on the printed hex */
    bool offboard;
    int offboard_revenue[ENG_NCOLORS]; /* by phase colour (yellow, green, brown, gray) */
    char offboard_group[ENG_ID];
    bool offboard_run_through; /* "run_through": a run may pass through it, counting it, and
                                * track reaches beyond it (1830 C&R's Chicago and Gulf; Rails
                                * runThrough=yes); else it ends a run */
    char future_label[ENG_ID];       /* Berlin: the label its green tile must carry */
    /* 18GA's rules (title_read_rules.c): "only_tiles": {"green": ["453a"]}: the only tiles
     * of a colour that may be laid here (Augusta D10: 453a its only green tile; 18xx.games'
     * upgrades_to?); only_tiles[colour] 0: any the upgrades allow */
    int nonly_tiles[ENG_NCOLORS];
    int only_tiles[ENG_NCOLORS][4]; /* tile indexes */
    /* "doubles_run" (18Kaas's Ruhrgebied): a run that counts this hex's stop counts each of its
     * other stops twice — only cities and off-boards (ENG_DOUBLES_CITIES, "cities") or every
     * stop (ENG_DOUBLES_STOPS, "stops"); ENG_DOUBLES_NONE without. "doubles_run_plus" N > 0:
     * instead of twice, each such stop counts N more. An off-board worth 0 that doubles stays
     * on the map (it ends runs, and is counted as a stop). */
    uint8_t doubles_run;
    int doubles_run_plus;
} eng_hex;

enum { ENG_DOUBLES_NONE, ENG_DOUBLES_CITIES, ENG_DOUBLES_STOPS };

/* The market's zones (1830), each with the freedoms of those before it: a company's
 * certificates do not count toward the certificate limit (yellow), a player may hold more of it
 * than the share limit (orange), and may buy several of its shares in a turn (brown). */
enum { ENG_ZONE_NONE, ENG_ZONE_YELLOW, ENG_ZONE_ORANGE, ENG_ZONE_BROWN };

/* Company kinds. */
typedef enum { ENG_PRIVATE, ENG_MINOR, ENG_MAJOR } eng_company_kind;

typedef struct eng_cert {
    int percent;
    bool director;
    int count;
    int nreserved;
    int reserved_for[8];  /* the first nreserved of these are held for exchange (companies) */
} eng_cert;

/* When a major's shares may be bought from the IPO. */
typedef enum {
    ENG_AVAIL_START,         /* from the start */
    ENG_AVAIL_SOLD_OUT,      /* when all of `companies` are sold out */
    ENG_AVAIL_PERCENT_SOLD,  /* when `percent` of `company` is sold */
    ENG_AVAIL_DIRECTOR_SOLD, /* when the director's certificate of `company` is sold */
    ENG_AVAIL_FORMED,        /* when the title's special round forms it ("formed": 1856's
                              * national), never by the data alone */
} eng_avail_when;

typedef struct eng_avail {
    eng_avail_when when;
    int ncompanies;
    int companies[4];
    int percent;
} eng_avail;

/* A private company's powers, as the attributes of ../shared/seeds/003 (Rails' wiki:
 * PrivatesTileToken): who may use them, a tile lay and a station, when it closes. */
typedef enum {
    ENG_CLOSES_NEVER,        /* by its powers (the phase, or a train, may close it) */
    ENG_CLOSES_AFTER_TILES,  /* once every hex of its tile power is used */
    ENG_CLOSES_AFTER_TOKEN,  /* once its station is placed */
    ENG_CLOSES_AFTER_ANY,    /* after any use */
    ENG_CLOSES_AFTER_ALL,    /* once every power is used */
} eng_power_closes;

#define ENG_MAX_POWER_TILES 2
#define ENG_MAX_POWER_TILE_IDS 4
#define ENG_MAX_BONUS_HEXES 4
#define ENG_MAX_MARKER_HEXES 16

typedef struct eng_powers {
    bool user_owning_company; /* the powers' user: the major that owns the private (1830), else
                               * the major its owner directs, operating (1835) */
    int ntile_hexes;          /* a tile lay on each of these hexes (one lay a hex) */
    int tile_hexes[ENG_MAX_POWER_TILES];
    bool tile_extra;          /* besides the company's own lays; else one of them */
    bool tile_free;           /* no terrain cost */
    bool tile_connected;      /* the usual rule: the company's track must reach it */
    bool tile_any_lay_uses;   /* a tile laid there by anyone uses that hex's lay up (1835's OBB) */
    int token_hex;            /* a station there, or -1 */
    bool token_extra;         /* besides the company's station of the turn */
    bool token_free;          /* no cost */
    bool token_connected;     /* the usual rule: the company's track must reach it */
    eng_power_closes closes_after;
    int closes_on_train_of;   /* closes when this company buys its first train, or -1 */
    /* (1856's privates; docs/titles.md "powers") */
    int ntile_ids;            /* its tile lay may only be these tiles ("tiles"; 1856's W&SR:
                               * 59); 0: any the hex takes */
    int tile_ids[ENG_MAX_POWER_TILE_IDS];
    bool closes_at_turn_end;  /* "closes_at": "turn_end": closes_after is judged when the
                               * user's turn ends, so that its powers may all be used in that
                               * turn (1856's W&SR, Rails' endOfORTurn); else at once */
    /* "bonus": a run bonus (1856's bridge and tunnel): a major holding it earns bonus_value
     * more for each stop of a run's in bonus_hexes. The major that buys the private holds one;
     * bonus_for_sale more (-1: unlimited) are sold to other majors for bonus_price, by that
     * major while the private is its, by the bank once the private is closed. */
    char bonus_name[ENG_ID];
    int nbonus_hexes;         /* 0: no bonus */
    int bonus_hexes[ENG_MAX_BONUS_HEXES];
    int bonus_value, bonus_price, bonus_for_sale;
    /* "marker": a marker (1856's port) the owning company places on one of marker_hexes: its
     * runs earn marker_value more for each stop there; it goes in phase marker_removed_in
     * ("" never) */
    char marker_name[ENG_ID];
    int nmarker_hexes;        /* 0: no marker */
    int marker_hexes[ENG_MAX_MARKER_HEXES];
    int marker_value;
    char marker_removed_in[ENG_ID];
    /* (issue 32: 1830's and 18Kaas's D&H, 18GA's W&S and OSO; docs/titles.md "powers") */
    int token_requires_tile;  /* "token": {"requires_tile": ...}: ENG_TOKEN_TILE_... */
    int free_train;           /* "free_train": {"train"}: a train of this kind the company that
                               * buys the private receives at once, no purchase (18GA's OSO:
                               * its free 2-train, besides the title's count), or -1 */
    int free_train_unless_phase; /* ... none once this phase is reached ("unless_phase"), or
                                  * -1; nor while the company is at its train limit */
    bool free_train_not_sellable; /* ... it may not be sold to another company */
} eng_powers;

/* A private's station and the tile on its hex ("requires_tile"): */
enum {
    ENG_TOKEN_TILE_NOT_NEEDED, /* false: the station needs no tile there (1856's W&SR, 18GA's
                                * W&S) */
    ENG_TOKEN_AFTER_TILE,      /* true: only once a tile is on the hex, by anyone */
    ENG_TOKEN_SAME_TURN,       /* "same_turn": only in the turn in which the user laid the
                                * power's tile there (1830's D&H, Mayfair rules; seed 003) */
};

typedef struct eng_company {
    char id[ENG_ID];
    char name[ENG_NAME];
    int naliases;         /* other names players write for it ("SxE", "Sachsen") */
    char aliases[4][ENG_ID];
    eng_company_kind kind;
    bool formed;          /* formed from other companies, not started (1835: the Prussian) */
    int price;            /* privates and minors: purchase price; majors: par (0: chosen) */
    int npar_choices;     /* majors: the pars its director chooses from on starting it (1830);
                           * 0: the par is `price` */
    int par_choices[8];
    int revenue;          /* privates: income */
    int home_hex;         /* index into hexes, or -1 */
    int home_city;        /* city index within the home hex, or -1 when it has one city */
    bool home_choice;     /* "home_city": "choice": its director chooses the city when it
                           * first operates; each city keeps a circle for it until then (1830's
                           * Erie in E11, Rails' home city 0) */
    bool home_keeps_one;  /* ... "home_keeps": "one": one circle is kept for it, in the first
                           * city, and moves to another city with room when a station takes
                           * the last one there (1856's THB in Hamilton without Rails'
                           * 1856THBHomeBlocked); "each" (the default): one in each city */
    int ntokens;
    int token_costs[16];
    int ncerts;
    eng_cert certs[8];
    int float_percent;
    int float_option;     /* majors: the game option whose number is its float percent instead
                           * (1835's BY: "BYFloatsAt"), or -1 */
    int revenue_option;   /* privates: the game option whose number is its income instead
                           * (1835's LD: "LDIncome"), or -1 */
    uint32_t color;       /* 0xRRGGBB */
    uint32_t text_color;
    eng_powers powers;    /* privates */
    bool never_to_company; /* privates: no company may buy it (1830's B&O) */
    int exchange_company; /* privates: its owner may trade it for a share of this major
                           * ("trade_for_share"; 1830's M&H: 10% of NYC), closing it; -1 none */
    int exchange_percent;
    bool exchange_from_ipo, exchange_from_pool;
    int nblocks;          /* privates: hexes no tile may be laid on while a player owns it */
    int blocks[4];
    int brings_company;   /* privates: the share that comes with it, or -1 */
    int brings_percent;
    bool brings_director;
    eng_avail available;  /* majors */
    /* majors: the destination ("destination", 1856): reached once track joins a city of
     * dest_from (-1: its home hex) to a hex of dest_hexes, other companies' stations blocking
     * nothing (capital.c); ndest_hexes 0: none */
    int dest_from;
    int ndest_hexes;
    int dest_hexes[2];
    /* 18GA's rules (title_read_rules.c), majors: */
    int nmore_homes;      /* "homes": ["D10", "E15"]: home_hex is the first, these the others,
                           * each a home station placed with the first (in its first city; 18GA
                           * Cotton Port's GA) */
    int more_homes[3];
    bool home_at_start;   /* "home_blocks_until_floated": its home station is placed when the
                           * game starts, so that no other company's run passes its full home
                           * city before it floats (nor after, as any station: 18GA's ACL on
                           * Jacksonville J12, 18xx.games' flipped token) */
} eng_company;

/* A train's kind, as "distance" says (docs/titles.md): n ("distance": n), n+n ([n, m]: n
 * cities and off-boards and m towns), or unlimited ("unlimited": 1830's diesel — as many stops
 * as a run may have). Express and T-trains (stops skipped, hexes counted) are shapes to come. */
#define ENG_UNLIMITED_STOPS 99

typedef struct eng_train {
    char name[ENG_ID];
    int cities, towns;    /* n: cities = towns = n (towns count as stops); n+n: cities n, towns n;
                           * unlimited: ENG_UNLIMITED_STOPS */
    bool plus;            /* an n+n train */
    bool unlimited;
    int count;
    bool count_unlimited; /* "count": "unlimited" (1830's D): the bank never runs out of it */
    int available_from;   /* on sale, beside the cheaper kinds, from the first train of this
                           * kind bought ("available_from": 1830's D from the first 6); -1:
                           * once the kinds before it are sold out */
    int cost;
    char rusts_on[ENG_ID];
    int obsolete_on;      /* the kind whose first train makes this kind obsolete: each such
                           * train runs once more, then goes (1830 Coalfields & Reading's 2, 3
                           * and 4); -1: none */
    int ntrade_ins;       /* the bank sells it for exchange_cost with one of these trains traded
                           * in (1830: a D for 800 and a 4, 5 or 6) */
    int trade_ins[4];
    bool trade_in_any;    /* "trains": "any": with any one train the company owns traded in
                           * (1830 C&R's D, Rails: an obsolete 3 too); ntrade_ins is 0 */
    int trade_in_cost;
} eng_train;

typedef struct eng_phase {
    char name[ENG_ID];
    char on[ENG_ID];      /* the train that starts it */
    uint8_t tile_colors;  /* bit per eng_color allowed to be laid */
    eng_color offboard_color; /* which off-board value applies */
    int operating_rounds;
    int train_limit_minor, train_limit_major, train_limit_formed;
    int tile_lays_minor, tile_lays_major; /* tile lays a company has in a turn (1835's first
                                           * phases: a major two yellow tiles) */
    bool privates_close;  /* its first train closes the privates (those not to be exchanged) */
    bool trains_between_companies; /* a company may buy another's train */
    bool privates_to_companies; /* a major may buy a private from its owner (1830: from 3) */
    int depot_trains_per_turn; /* "depot_trains_per_turn": the most trains a company buys from
                                * the bank and the pool in a turn in this phase (18GA's 2 and 3:
                                * 1; 18xx.games SingleDepotTrainBuy); 0: no limit */
} eng_phase;

/* ---- capitalisation by the train on sale ("capitalisation" as an object: 1856) ----
 * How a major is paid for its IPO shares is fixed when it starts, by the train the bank sells
 * then: in full (10 x par when it floats; IPO sales later pay the bank), incrementally (each
 * IPO sale pays the company at once), or in escrow (as incrementally while less than
 * escrow_percent of it is sold; the money of the later IPO sales is held by the bank for it
 * until it reaches its destination). ENG_CAPITAL_TITLE: as full_capitalisation says (1830,
 * 1835). The float percent of a major that has not operated yet rises in the same way. */
typedef enum {
    ENG_CAPITAL_TITLE, ENG_CAPITAL_FULL, ENG_CAPITAL_INCREMENTAL, ENG_CAPITAL_ESCROW
} eng_capital_mode;

#define ENG_MAX_CAPITAL_STEPS 8
typedef struct eng_capital_step {
    int from_train;       /* in force while the bank sells this train kind or a later one */
    int value;            /* an eng_capital_mode, or a float percent */
} eng_capital_step;

typedef struct eng_capitalisation {
    int nmodes;           /* 0: the title's full_capitalisation for every major */
    eng_capital_step modes[ENG_MAX_CAPITAL_STEPS];
    int escrow_percent;   /* escrow: IPO sales pay the company while less than this is sold */
    int nfloats;          /* 0: each major's float_percent */
    eng_capital_step floats[ENG_MAX_CAPITAL_STEPS];
} eng_capitalisation;

/* ---- the game options a title declares ("game_options": docs/titles.md) ----
 * Each option is a few named choices. A choice may carry a number (a company's float percent
 * or income names the option: float_option) and may set some of the rules below; a rule no
 * chosen choice sets keeps its default (the first value). */
#define ENG_MAX_GAME_OPTIONS 16
#define ENG_MAX_CHOICES 8
#define ENG_MAX_PRESETS 4

/* The order in which the start packet is dealt (docs/game-options.md): standard or snake, or
 * a way of dealing the title's hooks add (engine/hooks.h), named by its word. */
typedef enum { ENG_START_STANDARD, ENG_START_SNAKE, ENG_START_TITLE } eng_start_order;

/* The rules a title's options may change, each in engine terms, whatever the title calls it. */
typedef struct eng_rules {
    eng_start_order start_order;
    char dealing[ENG_ID];          /* ENG_START_TITLE: the word naming the title's own way */
    bool ferry_toll_when_crossing; /* a path with a toll costs it only to a run that crosses it
                                    * (Rails' Elbe); else house rule 3's ferry */
    bool station_ends_track;       /* a private's free station ends the track step (house
                                    * rule 6: the Westermann rule) */
    int minors_wait_for;           /* minors operate only once this company has floated, or -1 */
    bool auction_pass_leaves;      /* a bidder who passes in an auction among bidders leaves it
                                    * (Rails' LeaveAuctionOnPass); else he stays in and may bid
                                    * again, the last bidder winning once the others have passed
                                    * in a row (Rails' default) */
    int first_turn_tile_lays;      /* a major's tile lays in its first operating turn: the first
                                    * a lay or an upgrade, the others yellow lays unless it
                                    * upgraded (18GA's double_yellow_first_or); 0: the phase's */
} eng_rules;

enum { /* which rules a choice sets */
    ENG_RULE_START_ORDER = 1u, ENG_RULE_FERRY = 2u, ENG_RULE_STATION_ENDS_TRACK = 4u,
    ENG_RULE_MINORS_WAIT = 8u, ENG_RULE_AUCTION_PASS_LEAVES = 16u,
    ENG_RULE_FIRST_TURN_LAYS = 32u
};

typedef struct eng_choice {
    char name[ENG_ID];
    bool numeric;
    int number;
    bool changes_title;   /* its "title": changes to the title's data, as a variant gives them
                           * (a train's count, what a private brings): eng_title_load_chosen */
    unsigned sets;        /* ENG_RULE_* */
    eng_rules rules;      /* the values of those it sets */
} eng_choice;

typedef struct eng_game_option {
    char id[ENG_NAME];
    int nchoices;
    int by_default;       /* a choice */
    eng_choice choices[ENG_MAX_CHOICES];
} eng_game_option;

/* A right a major buys from the bank to run into some hexes ("rights": 1830 Coalfields &
 * Reading's Coalfields access, 140, for L10). */
#define ENG_MAX_RIGHTS 8
typedef struct eng_right {
    char id[ENG_ID];
    int price;
} eng_right;

/* The title on 18xx.games (its game files: src/xgames), from the title's "18xx.games" section
 * (docs/titles.md): its title name there, the options that make pbemgm's rules 18xx.games'
 * ones, each optional rule there as pbemgm's options, where a tile's or a hex's drawing
 * there differs from the title's own: pbemgm's rotation = (18xx.games' rotation + rotation)
 * mod 6; cities[k] = pbemgm's city of 18xx.games' city k; city_parts[k] = the number
 * 18xx.games' id of its city k ends in ("C11-0-2": its part's place in the hex's code; k when
 * not given) — and the ids it spells otherwise: companies, start items, and the certificate a
 * start item brings. title "" when it has none there. */
#define ENG_MAX_XG_RULES 8
/* The preset a game of such a title may name for 18xx.games' rules (its options). */
#define ENG_PRESET_XGAMES "18xx.games"
#define ENG_MAX_XG_PLACES 16
typedef struct eng_xg_place {
    int index;            /* the tile (tiles) or the hex (hexes) */
    int rotation;
    int ncities;          /* 0: the same order */
    int cities[4];
    int ncity_parts;      /* 0: each city's number is its place */
    int city_parts[4];
} eng_xg_place;

#define ENG_MAX_XG_IDS 16
/* When a stock-round turn lets a player sell there ("sell_buy_order": its game.rb
 * SELL_BUY_ORDER): at any time (1830), not after a sale and a purchase in that order (1835),
 * not after a purchase. */
typedef enum { ENG_XG_SELL_BUY_SELL, ENG_XG_SELL_BUY_OR_BUY_SELL, ENG_XG_SELL_BUY }
    eng_xg_sell_order;

typedef struct eng_xgames {
    char title[ENG_ID];
    char options[512];  /* (18xx.games' rules: eleven options for 1830) */
    int nrules;
    struct eng_xg_rule {
        char rule[ENG_NAME];    /* 18xx.games' optional rule ("optional_6_train") */
        char options[128];      /* as pbemgm's options ("WithOptional6Train=yes") */
    } rules[ENG_MAX_XG_RULES];
    int ntiles, nhexes;
    eng_xg_place tiles[ENG_MAX_XG_PLACES];
    eng_xg_place hexes[ENG_MAX_XG_PLACES];
    /* "companies": a company's id there when it is not the title's (1835's M1: "1") */
    int ncompanies;
    struct eng_xg_company {
        int company;
        char id[ENG_ID];
    } companies[ENG_MAX_XG_IDS];
    /* "start_items": a start item's id there when it is not its company's (1835's BY
     * director's certificate: "BY_D"), and the certificate it brings by its index there
     * ("BY_2": 2; -1: the director's, or else the first of the others left in the IPO) */
    int nitems;
    struct eng_xg_item {
        int item;
        char id[ENG_ID];        /* "" : its company's id there */
        int share;
    } items[ENG_MAX_XG_IDS];
    eng_xg_sell_order sell_buy_order;
    /* "presidency_swap": "largest_newest_first": a new president gives up his shares for the
     * director's certificate largest first, the last come first among equals (1835's
     * share_pool.rb possible_reorder); else in the order they came to him */
    bool swap_largest_newest_first;
    /* "tile_powers_last": privates whose tile power there has no count of uses: the track step
     * of a major its owner directs waits for it while it is open (1835's PfB) */
    int nlasting;
    int lasting[ENG_MAX_XG_IDS];
    /* "track_tile_powers": privates whose tile power there is its track step's (1856's W&SR
     * and TCC: entities.rb when 'track'): that step waits after the company's own lays while it
     * holds one unused whose tile is laid besides its own, or may buy one from a player
     * (step/tracker.rb can_lay_tile?) */
    int ntrack_powers;
    int track_powers[ENG_MAX_XG_IDS];
    /* "special_buys": a company's special_buy there, by its item's description, as pbemgm's
     * action (its JSON name in action.c) of a private (1856's "Bridge Token": buy_bonus of
     * Brdg) */
    int nbuys;
    struct eng_xg_buy {
        char description[ENG_NAME];
        char action[ENG_ID];
        int company;
    } buys[ENG_MAX_XG_IDS];
    /* "loan_step": {"value": 100, "until_phase": "6"}: its operating round's loan step asks
     * for a pass after the trains while the company may repay a loan of that value or take
     * one, before that phase (1856's step/loan.rb); loan_step false without */
    bool loan_step;
    int loan_value;
    char loans_until_phase[ENG_ID];
    /* "unvested_shares": a company's share bought in a stock-round turn may not be sold in that
     * turn unless the player keeps one of it (1856's step/buy_sell_par_shares.rb vested?) */
    bool unvested_shares;
    /* "sell_in_blocks": a stock-round turn sells a company's shares at most once (1856's
     * MUST_SELL_IN_BLOCKS) */
    bool sell_in_blocks;
    /* "destination_check": after its track step each company's turn has a destination check
     * there (1856's escrow step: destination_connection), written as an automatic action of
     * the action that ends the track step */
    bool destination_check;
    /* "empty_runs": a company with trains whose track reaches two stops or more is asked for
     * its run there, and a run of nothing is an empty run_routes (1856's hotseat006, action
     * 151; src/xgames/export_actions.c run_of_nothing) */
    bool empty_runs;
    /* "national": the id there of the company formed in its national formation (1856's
     * "CGR"), whose passes as it forms are its discards there; "" none */
    char national[ENG_ID];
    /* "assign": a private's assign to a hex there as pbemgm's action of that private on that
     * hex (its JSON name: 1856's "port"); "" none */
    char assign_action[ENG_ID];
    /* "private_trades_from_first_stock_round": players buy privates from each other there
     * already in the first stock round, as its base step/buy_sell_par_shares.rb
     * purchasable_companies allows while the phase says so (18GA); false: from the second,
     * as g_1830's own step has it (1830) */
    bool private_trades_first_sr;
    /* "token_step_powers": privates whose station power there keeps its owner's token step
     * asking (for a pass at least) while it is unused and its hex has room, whatever the
     * company may place otherwise (18GA's W&S: g_18_ga step/token.rb PASS_ONLY,
     * remaining_token_ability?) */
    int ntoken_powers;
    int token_powers[ENG_MAX_XG_IDS];
} eng_xgames;

/* The shape of a title's hexes ("layout"; the geometry at the top of this file). */
typedef enum { ENG_LAYOUT_POINTY, ENG_LAYOUT_FLAT } eng_layout;

/* A title's loans ("loans": docs/titles.md; 1856): a major borrows from the bank, one loan of
 * `amount` at a time, and pays interest_percent of its loans every operating round — from its
 * treasury (in whole multiples of treasury_unit), then from its run's revenue, then from its
 * director's money. amount 0: the title has no loans (1830, 1835). */
typedef enum {
    ENG_LOANS_MAX_PLAYER_SHARES  /* "player_shares": as many loans as its shares players hold */
} eng_loans_limit;

typedef struct eng_loans {
    int amount;            /* one loan's money; 0: no loans */
    int interest_percent;  /* of a loan, each operating round */
    eng_loans_limit max;
    int per_round;         /* loans a major may take in one operating round */
    int none_from_phase;   /* the first phase (index) from which none may be taken, or -1 */
    int treasury_unit;     /* the treasury pays interest in multiples of this (1: any amount) */
    int share_worth_less;  /* a player's share (10%) is worth so much less for each loan of its
                            * company, never below 0 (1856: 10; Rails getGameEndPrice) */
} eng_loans;

typedef struct eng_title {
    char id[ENG_ID];
    eng_layout layout;
    char not_playable[512]; /* a title whose rules the engine does not have all of yet: what it
                             * lacks ("not_playable_yet"), or "" (games may be played) */
    char extends[ENG_ID];   /* a variant (eng_title_load): the title at the bottom of the chain
                             * it extends, whose hooks it has unless it has its own; else "" */
    int nhexes;
    eng_hex *hexes;
    int ntiles;
    eng_tile *tiles;
    int ncompanies;
    eng_company *companies;
    int ntrains;
    eng_train *trains;
    int nphases;
    eng_phase *phases;
    int nrights;
    eng_right rights[ENG_MAX_RIGHTS];
    int market_rows, market_cols;
    int *market;          /* rows*cols prices; 0 = no cell */
    bool *market_par;     /* rows*cols: a par space ("100p"): a company started at that par
                           * begins there */
    uint8_t *market_zone; /* rows*cols: ENG_ZONE_... ("60y", "39o", "25b") */
    bool *market_closes;  /* rows*cols: a closing space ("0c", 1856): a company whose price
                           * reaches it closes (capital.c) */
    bool *market_ends;    /* rows*cols: an end space ("300e", 18GA): a company whose price
                           * reaches it ends the game (market_end_set: after the set of
                           * operating rounds, else after the operating round; 18xx.games
                           * stock_market: :current_or); NULL when the market has none */
    bool market_end_set;  /* "market_end": "set"; "round" (the default) */
    eng_capitalisation capital; /* "capitalisation" by the train on sale (1856), else none */
    int bank;
    int pool_limit_percent;   /* the most of a company the pool may hold */
    int player_share_limit;   /* the most of a company a player may hold (1830: 60; 100: none) */
    int player_share_limit_by_players[10]; /* instead, with so many players (1830's option
                               * TwoPlayersCertLimit70Percent: 70 with two); 0: the general */
    bool full_capitalisation; /* a company floating receives its whole capital (10 shares at par)
                               * and later IPO sales pay the bank (1830); else incrementally
                               * (1835: what was sold at floating, then each IPO sale) */
    bool drop_per_share;      /* a sale moves the price down a row per 10% sold (1830; the turn's
                               * sales of a company counted together: two 5% a row, 1856's CGR);
                               * else once per sale (1835) */
    bool bank_break_ends_set; /* the bank broken ends the game after the set of operating
                               * rounds under way (1830), else after the operating round */
    bool on_market_when_started; /* a company's marker goes on its par space when its par is
                                  * set (1830), else when it floats (1835, as Rails): companies
                                  * on one square operate in the order they arrived there */
    bool train_needs_route;   /* a major without a train must buy one only if it has a route
                               * for it (1830, 18xx.games MUST_BUY_TRAIN :route; "must_buy_train":
                               * "with_route"); else always (1835, as Rails) */
    bool sale_ends_passing;   /* a stock-round turn that only sold is no pass: the round goes
                               * on (1830, Rails' StockRound); else it counts as one (1835,
                               * Rails' StockRound_1835) */
    bool privates_between_players; /* players sell each other privates in a stock round, at
                                    * a price they agree (1830) */
    int private_sale_min_percent, private_sale_max_percent; /* what a company pays a player for
                                  * a private, of its face value (1830: 50 to 200) */
    int station_cost_per_hex; /* a station's cost grows so much per hex from the company's home
                               * (1835), besides its marker's own cost (tokens) */
    int min_players, max_players;
    int start_cash[10];   /* by number of players */
    int cert_limit[10];
    /* the company formed from others (1835's Prussian); -1 when the title has none */
    struct eng_formation {
        int company;
        int founder;          /* whose owner forms it (M2) */
        int may_form_on, must_form_on, all_exchange_on; /* train types */
        int nexchanges;
        int exchanges[12];    /* minors and privates exchanged for its shares */
        char round_name[ENG_NAME]; /* as reports name its round ("the Prussian's formation
                                    * round") */
        bool joins_next;      /* formed during an operating round, it operates right after the
                               * company whose turn it was (1856's national); else among those
                               * still to operate by its price (1835) */
    } formation;
    /* A national formed from the majors given up to it (1856's CGR: "national" and its
     * "national_rules"); company -1 when the title has none. Its round is the title's special
     * round (hooks.h); formation.company and round_name name it too. */
    struct eng_national {
        int company;
        int forms_on;         /* train type: its first one asks for the round */
        int loan_value;       /* what repaying one loan costs */
        int max_shares;       /* the most shares it issues (20) */
        int share_split;      /* over this many shares issued, every share is split in two
                               * (10: 5% shares, the director's 10%) */
        int station_limit;    /* the most stations it takes over (10) */
        bool counts_after;    /* cert_limit_after is given */
        /* the certificate limit once its round is over, by the number of majors open (the
         * national counted once formed) and of players; 0: no entry (the nearest below) */
        int cert_limit_after[ENG_MAX_COMPANIES_IN_LIMITS][10];
        bool no_interest;     /* it pays no interest (takes no loans) */
        bool never_closes;    /* it does not close on the market's closing spaces */
        bool withholds_until_permanent; /* it withholds its revenue, and its price does not
                                         * move, until it owns a train that never rusts */
        /* its rules afterwards (t1856.c's round sets them up; operating.c, stock.c ask): */
        int borrows;          /* the train type it runs when it has none, until it has owned a
                               * permanent one (the first of "borrows_when_trainless" the title
                               * has: 1856's D, the 8 with 1856AlternateTrains); -1: none */
        bool face_value_trades; /* trains between it and another company at their cost only */
        bool buys_permanent_only; /* it buys no train that will rust (1856: no 4) */
        bool ipo_to_bank;     /* the money for its shares bought from the IPO goes to the bank */
        bool director_buys_second; /* a director of a single share must buy a second one in the
                                    * next stock round, before any other purchase */
        bool directors_choose; /* its director chooses the stations over its limit or sharing a
                                * hex, and the trains discarded (else the fixed rule) */
        bool price_per_share; /* its price is that of one of its shares, whatever their
                               * percent (1856's CGR of 20: a 5% share at the full price) */
    } national;
    /* certificates of this percent, not a director's, count half toward the certificate limit
     * (1856: the CGR's 5% shares); 0: every certificate counts one */
    int half_cert_percent;
    int nsales_groups;    /* Thompson Half */
    int sales_group_size[4];
    int sales_groups[4][4];
    /* how the start packet is sold: at fixed prices in the dealing order (1835), or by auction
     * (1830: "sale": "auction" — the cheapest item is bought at its price, any other is bid on) */
    bool packet_auction;
    int bid_raise;        /* auction: the least a bid exceeds the price or the highest bid by */
    int first_item_drop;  /* auction: everyone passing lowers the first item's price so much
                           * while it is unsold (at 0 the player to act must take it) */
    int nstart_items;
    struct eng_start_item {
        char id[ENG_ID];
        int company;      /* what it is (a private, a minor, or the company whose share it is) */
        int percent;      /* a share item: its size; else 0 */
        bool director;
        int price;
        int row;          /* its row in the start packet, from 0 */
    } start_items[32];
    int ngame_options;
    eng_game_option game_options[ENG_MAX_GAME_OPTIONS];
    int npresets;         /* names for sets of options ("pbem-house-rules") */
    struct eng_preset {
        char name[ENG_NAME];
        char options[256];
    } presets[ENG_MAX_PRESETS];
    eng_xgames xgames;    /* on 18xx.games ("18xx.games") */
    eng_loans loans;      /* "loans" (1856); amount 0 without */
    int min_row, max_row, min_col, max_col; /* the map's extent */
    int *neighbors;       /* nhexes * 6: eng_neighbor's answers, worked out once */
} eng_title;

/* Parses and validates a title. Returns NULL with *err (malloc'd) naming the bad entry. */
eng_title *eng_title_parse(const char *json, char **err);
/* A title by its name, its file's text given by read (NULL: no such title; the caller frees
 * it). A file may say "extends": "BASE" and give only what differs (a variant, 1830's
 * Coalfields & Reading): its "hexes", "tiles", "privates", "minors" and "majors" (by "id") and
 * "trains" and "phases" (by "name") each replace the base's entry of that id or are added (an
 * entry {"id": X, "remove": true} takes it out, one with "patch": true changes only the members
 * it gives; "game_options" by "id" too); any other member replaces the base's. A list the
 * variant names in "replace_whole" (["hexes"]: 18Kaas's own map) replaces the base's whole.
 * Bases may extend others, four deep. */
typedef char *(*eng_title_reader)(const char *name, void *ctx);
eng_title *eng_title_load(const char *name, eng_title_reader read, void *ctx, char **err);
/* Whether the choices `chosen` (eng_options.chosen) made against t change its data (a choice's
 * "title"): the game then plays the title eng_title_load_chosen makes. */
bool eng_choices_change_title(const eng_title *t, const int *chosen);
/* The title a game plays with the choices `chosen` made against base (name's title, loaded as
 * above): a new title with each such choice's "title" changes merged in (a variant's way:
 * entries by id or name replaced, added, removed, or patched: {"id": X, "patch": true, ...}
 * changes only the members given; "game_options" merge by id too). NULL with err. */
eng_title *eng_title_load_chosen(const char *name, eng_title_reader read, void *ctx,
                                 const eng_title *base, const int *chosen, char **err);
void eng_title_free(eng_title *t);

/* Lookups by id or name, in any case (players write "PFB" for PfB): the index, or -1. */
int eng_hex_index(const eng_title *t, const char *id);
int eng_tile_index(const eng_title *t, const char *id);
int eng_company_index(const eng_title *t, const char *id);
int eng_train_index(const eng_title *t, const char *name);
int eng_right_index(const eng_title *t, const char *id);
int eng_game_option_index(const eng_title *t, const char *id);
/* A company's id on 18xx.games (its "18xx.games" "companies" entry; else a private's first
 * alias, as "CS" for 1830's C&StL; else its id), and the company of such an id (exactly), or
 * -1. */
const char *eng_xg_company_id(const eng_title *t, int company);
int eng_xg_company_named(const eng_title *t, const char *id);
/* A start item's id on 18xx.games (its "start_items" "id"; else its company's id there), the
 * item of such an id (exactly) or -1, and the certificate the item brings there (its number
 * in the company's ids: "BY_2" 2), or -1 when the section does not say. */
const char *eng_xg_item_id(const eng_title *t, int item);
int eng_xg_item_named(const eng_title *t, const char *id);
int eng_xg_item_share(const eng_title *t, int item);
/* A hex as reports name it: "Jacksonville (J12)", or "J12" for a hex without a name ("?"
 * for no hex); written into out, which is returned. */
const char *eng_hex_label(const eng_title *t, int h, char *out, size_t len);
/* The hex on the other side of edge e of hex h, or -1 off the map. */
int eng_neighbor(const eng_title *t, int h, int edge);
/* The number of hexes from hex a to hex b (neighbours 1), in either layout. */
int eng_hex_distance(const eng_title *t, int a, int b);
/* Parses "L14" into row/col (letter, number); false when it is not a hex name. */
bool eng_parse_coord(const char *id, int *row, int *col);

#endif
