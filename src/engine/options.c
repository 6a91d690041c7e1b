/* options: a game's options (game.h; docs/game-options.md) — those every title has, in the
 * tables below, and those its title declares (title.h: each a few named choices, a choice a
 * number and/or rules it sets). Parsed from "Name=Value, Name=Value" once, when the game is
 * created or loaded, and kept structured. */
#include "engine/game.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void rules_from_choices(const eng_title *t, eng_options *o);

static int parse_list(const eng_title *t, eng_options *o, const char *text, bool presets,
                      char *why, size_t len);

void eng_options_default(const eng_title *t, eng_options *o)
{
    memset(o, 0, sizeof *o);
    o->first_round_sell_restriction = true;
    o->nationalisation_percent = 55; /* a Rails game: a 55% director nationalises */
    o->cert_limit_bonus_80 = true;
    o->priority_after_last_buyer = true;
    o->separate_sales_at_same_price = true; /* what Rails' recorded games do */
    o->rules.minors_wait_for = -1;
    for (int i = 0; i < t->ngame_options; i++)
        o->chosen[i] = t->game_options[i].by_default;
    rules_from_choices(t, o);
    for (int i = 0; i < t->npresets; i++) /* the title's own defaults: its preset "defaults" */
        if (strcmp(t->presets[i].name, "defaults") == 0)
            parse_list(t, o, t->presets[i].options, false, NULL, 0);
}

/* o->rules from the choices made: each rule as the last option setting it chose, else its
 * default. */
static void rules_from_choices(const eng_title *t, eng_options *o)
{
    eng_rules r = {.start_order = ENG_START_STANDARD, .minors_wait_for = -1};
    for (int i = 0; i < t->ngame_options; i++) {
        const eng_choice *ch = &t->game_options[i].choices[o->chosen[i]];
        if (ch->sets & ENG_RULE_START_ORDER) {
            r.start_order = ch->rules.start_order;
            memcpy(r.dealing, ch->rules.dealing, sizeof r.dealing);
        }
        if (ch->sets & ENG_RULE_FERRY)
            r.ferry_toll_when_crossing = ch->rules.ferry_toll_when_crossing;
        if (ch->sets & ENG_RULE_STATION_ENDS_TRACK)
            r.station_ends_track = ch->rules.station_ends_track;
        if (ch->sets & ENG_RULE_MINORS_WAIT)
            r.minors_wait_for = ch->rules.minors_wait_for;
        if (ch->sets & ENG_RULE_AUCTION_PASS_LEAVES)
            r.auction_pass_leaves = ch->rules.auction_pass_leaves;
        if (ch->sets & ENG_RULE_FIRST_TURN_LAYS)
            r.first_turn_tile_lays = ch->rules.first_turn_tile_lays;
    }
    o->rules = r;
}

void eng_options_for_title(const eng_title *t, eng_options *o)
{
    rules_from_choices(t, o);
}

int eng_option_number(const eng_title *t, const eng_options *o, int option)
{
    return t->game_options[option].choices[o->chosen[option]].number;
}

/* ---- the title's options ---- */

/* yes, true, on / no, false, off: 0 with *out, or -1. */
static int yes_no(const char *v, bool *out)
{
    if (str_ieq(v, "yes") || str_ieq(v, "true") || str_ieq(v, "on"))
        *out = true;
    else if (str_ieq(v, "no") || str_ieq(v, "false") || str_ieq(v, "off"))
        *out = false;
    else
        return -1;
    return 0;
}

/* Whether text names the choice: in any case, a number with or without "%", a choice "yes" or
 * "no" as yes_no reads it. */
static bool names_choice(const char *text, const char *choice)
{
    if (str_ieq(text, choice))
        return true;
    size_t n = strlen(text);
    if (n > 1 && text[n - 1] == '%' && strlen(choice) == n - 1 &&
        strncasecmp(text, choice, n - 1) == 0)
        return true;
    bool said, yes = str_ieq(choice, "yes");
    return (yes || str_ieq(choice, "no")) && yes_no(text, &said) == 0 && said == yes;
}

static int set_title_option(const eng_title *t, eng_options *o, int i, const char *value,
                            char *why, size_t len)
{
    const eng_game_option *opt = &t->game_options[i];
    for (int k = 0; k < opt->nchoices; k++)
        if (names_choice(value, opt->choices[k].name)) {
            o->chosen[i] = k;
            rules_from_choices(t, o);
            return 0;
        }
    char list[ENG_MAX_CHOICES * (ENG_ID + 4)] = "";
    for (int k = 0; k < opt->nchoices; k++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 k == 0 ? "" : k == opt->nchoices - 1 ? " or " : ", ", opt->choices[k].name);
    return eng_refuse(why, len, "%s must be %s, not \"%s\"", opt->id, list, value);
}

/* ---- the options of every title ---- */

static const struct {
    const char *name;
    size_t off;
} FLAGS[] = {
    {"FirstRoundSellRestriction", offsetof(eng_options, first_round_sell_restriction)},
    {"SeparateSalesAtSamePrice", offsetof(eng_options, separate_sales_at_same_price)},
    {"UnlimitedTiles", offsetof(eng_options, unlimited_tiles)},
    {"CertLimitBonus80", offsetof(eng_options, cert_limit_bonus_80)},
    {"PriorityAfterLastBuyer", offsetof(eng_options, priority_after_last_buyer)},
    {"PermissiveRoutes", offsetof(eng_options, permissive_routes)},
    {"NoTrainPriceLeft", offsetof(eng_options, no_train_price_left)},
    {"BankruptCashToBank", offsetof(eng_options, bankrupt_cash_to_bank)},
    {"ExtraTileAnyStep", offsetof(eng_options, extra_tile_any_step)},
    {"PriorityAfterLastToAct", offsetof(eng_options, priority_after_last_to_act)},
    {"MustSellOverLimits", offsetof(eng_options, must_sell_over_limits)},
    {"AuctionLowestBidderActs", offsetof(eng_options, auction_lowest_bidder_acts)},
    {"PrivatePurchaseUsesTurn", offsetof(eng_options, private_purchase_uses_turn)},
};

/* NationalisationThreshold: 51..100, or none (0). */
static int set_nationalisation(eng_options *o, const char *value, char *why, size_t len)
{
    bool none = str_ieq(value, "none");
    int n = none ? 0 : atoi(value);
    if (!none && (n < 51 || n > 100))
        return eng_refuse(why, len, "NationalisationThreshold must be 51..100 or none");
    o->nationalisation_percent = n;
    return 0;
}

static int set_common_option(eng_options *o, const char *name, const char *value, char *why,
                             size_t len)
{
    if (str_ieq(name, "NationalisationThreshold"))
        return set_nationalisation(o, value, why, len);
    if (str_ieq(name, "RouteAlgorithm")) { /* Rails: Permissive, Semi-Restrictive, Restrictive */
        o->permissive_routes = str_ieq(value, "Permissive");
        return 0;
    }
    if (str_ieq(name, "DividendRounding")) { /* 1835: only the Prussian's 5% shares make
                                              * fractions */
        if (!str_ieq(value, "up") && !str_ieq(value, "down"))
            return eng_refuse(why, len, "DividendRounding must be up or down, not \"%s\"", value);
        o->dividend_round_down = str_ieq(value, "down");
        return 0;
    }
    if (str_ieq(name, "MultipleBrownFromIPO")) { /* stored the other way round: default yes */
        bool yes;
        if (yes_no(value, &yes))
            return eng_refuse(why, len, "MultipleBrownFromIPO must be yes or no, not \"%s\"",
                              value);
        o->brown_pool_only = !yes;
        return 0;
    }
    if (str_ieq(name, "FirstRoundSellRestriction") && str_ieq(value, "First Round")) {
        o->first_round_sell_restriction = true;
        return 0;
    }
    for (size_t i = 0; i < sizeof FLAGS / sizeof *FLAGS; i++)
        if (str_ieq(name, FLAGS[i].name)) {
            if (yes_no(value, (bool *)((char *)o + FLAGS[i].off)))
                return eng_refuse(why, len, "%s must be yes or no, not \"%s\"", FLAGS[i].name,
                                  value);
            return 0;
        }
    return eng_refuse(why, len, "there is no game option \"%s\"", name);
}

int eng_option_set(const eng_title *t, eng_options *o, const char *name, const char *value,
                   char *why, size_t len)
{
    int i = eng_game_option_index(t, name);
    return i >= 0 ? set_title_option(t, o, i, value, why, len)
                  : set_common_option(o, name, value, why, len);
}

/* A word without '=' that is no preset: refused with the title's presets (its "defaults" is
 * applied to every game, not named). */
static int refuse_word(const eng_title *t, const char *item, bool presets, char *why, size_t len)
{
    char names[128] = "";
    for (int k = 0, n = 0; presets && k < t->npresets && (size_t)n < sizeof names; k++)
        if (strcmp(t->presets[k].name, "defaults") != 0)
            n += snprintf(names + n, sizeof names - (size_t)n, "%s%s", n ? ", " : "",
                          t->presets[k].name);
    if (presets && t->xgames.title[0] && strlen(names) + sizeof ENG_PRESET_XGAMES + 2 < sizeof names)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                 names[0] ? ", " : "", ENG_PRESET_XGAMES);
    return names[0] ? eng_refuse(why, len, "\"%s\" is neither Name=Value nor a preset of %s (%s)",
                                 item, t->id, names)
                    : eng_refuse(why, len, "\"%s\" is not Name=Value", item);
}

/* The options of the title's preset of that name: one of its "option_presets", or
 * "18xx.games", 18xx.games' rules (its "18xx.games" section's options) where it is a title of
 * 18xx.games; NULL none. */
static const char *preset_named(const eng_title *t, const char *name)
{
    for (int k = 0; k < t->npresets; k++)
        if (str_ieq(name, t->presets[k].name))
            return t->presets[k].options;
    return t->xgames.title[0] && str_ieq(name, ENG_PRESET_XGAMES) ? t->xgames.options : NULL;
}

static int parse_list(const eng_title *t, eng_options *o, const char *text, bool presets,
                      char *why, size_t len)
{
    char *copy = xstrdup(text), *save = NULL;
    int rc = 0;
    for (char *item = strtok_r(copy, ",", &save); item && !rc; item = strtok_r(NULL, ",", &save)) {
        str_trim(item);
        if (!*item)
            continue;
        char *eq = strchr(item, '=');
        if (!eq) {
            const char *preset = presets ? preset_named(t, item) : NULL;
            rc = preset ? parse_list(t, o, preset, false, why, len)
                        : refuse_word(t, item, presets, why, len);
            continue;
        }
        *eq = '\0';
        rc = eng_option_set(t, o, str_trim(item), str_trim(eq + 1), why, len);
    }
    free(copy);
    return rc;
}

int eng_options_parse(const eng_title *t, eng_options *o, const char *text, char *why,
                      size_t len)
{
    return parse_list(t, o, text, true, why, len);
}

int eng_options_repeated(const char *text, char *why, size_t len)
{
    char *copy = xstrdup(text), *save = NULL, *seen[64];
    int n = 0, rc = 0;
    for (char *item = strtok_r(copy, ",", &save); item && !rc; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        if (!eq)
            continue; /* a preset */
        *eq = '\0';
        const char *name = str_trim(item);
        for (int i = 0; i < n && !rc; i++)
            if (strcasecmp(seen[i], name) == 0)
                rc = eng_refuse(why, len, "%s is given twice; give each option once", name);
        if (n < (int)(sizeof seen / sizeof *seen))
            seen[n++] = (char *)name;
    }
    free(copy);
    return rc;
}
