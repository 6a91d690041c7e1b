/* privates: privates changing hands — bought by a major from its owner in an operating round,
 * exchanged by its owner for a share or bought by another player in a stock round (see
 * privates.c). Below the rounds that use them. */
#ifndef PBEMGM_ENG_PRIVATES_H
#define PBEMGM_ENG_PRIVATES_H

#include "engine/game.h"

#include <stdbool.h>
#include <stddef.h>

int eng_buy_private(eng_game *g, const eng_action *a, char *why, size_t len);
/* Its owner trades the private for a share (its "exchange"), in his stock round turn. */
int eng_exchange_private(eng_game *g, const eng_action *a, char *why, size_t len);
/* The player acting buys a private from its owner, in a stock round (privates_between_players);
 * the owner's agreement is the turn resolver's to see. It is no purchase: the turn goes on. */
int eng_trade_private(eng_game *g, const eng_action *a, char *why, size_t len);


/* ---- privates' powers (the tile lays and stations are operating.c's; docs/titles.md) ---- */

/* A private's powers used so far (powers_used): bit k for the tile lay on its hex k, and: */
#define ENG_POWER_TOKEN_USED (1u << ENG_MAX_POWER_TILES)
#define ENG_POWER_MARKER_USED (1u << (ENG_MAX_POWER_TILES + 1))

/* (eng_powers_for, whose the powers are: game.h) */
/* Marks a power used; the private closes as its powers say — at once, or at the end of the
 * user's turn (closes_at_turn_end: eng_powers_turn_end). */
void eng_use_power(eng_game *g, int priv, unsigned bit);
void eng_close_private(eng_game *g, int priv);
/* The end of company c's turn: the privates whose powers close then (1856's W&SR). */
void eng_powers_turn_end(eng_game *g, int c);
/* A new phase (g->phase): the markers it removes (1856's port, at the first 6). */
void eng_powers_new_phase(eng_game *g);
/* 0, or -1 with why: the tile is not one the private's tile lay may be (1856's W&SR: 59). */
int eng_power_tile_refused(const eng_game *g, int priv, int tile, char *why, size_t len);
/* The user's lay through the private's tile power on its hex k: used (the private closes as
 * its powers say), and, on the station's hex, laid in this turn, for a station "same_turn"
 * (1830's D&H). */
void eng_power_tile_laid(eng_game *g, int priv, int k);
/* 0, or -1 with why: company c (the powers' user) may not place the private's station now as
 * far as the power goes — placed already (once only), or no tile on its hex as its
 * "requires_tile" wants (a tile first; laid by c in this turn). */
int eng_power_station_refused(const eng_game *g, int priv, int c, char *why, size_t len);
/* 0, or -1 with why: company seller may not sell a train of the kind to another company — it
 * holds no more of them than those that may not be sold (18GA's OSO's free train). */
int eng_train_sale_refused(const eng_game *g, int seller, int type, char *why, size_t len);
/* After each action: a company's trains that may not be sold are no more than it holds (the
 * free train rusted or discarded, none later bought is marked). */
void eng_powers_after_action(eng_game *g);

/* The operating major buys a private's run bonus (ENG_ACT_BUY_BONUS). */
int eng_buy_bonus(eng_game *g, const eng_action *a, char *why, size_t len);
/* The operating major places a private's marker (ENG_ACT_PLACE_MARKER). */
int eng_place_marker(eng_game *g, const eng_action *a, char *why, size_t len);
/* What company c's run earns more at each stop in hex: its bonuses and markers there. */
int eng_run_bonus(const eng_game *g, int c, int hex);
/* A number that changes whenever company c's bonuses or markers do (the routes' memory). */
unsigned long long eng_run_bonus_print(const eng_game *g, int c);

#endif
