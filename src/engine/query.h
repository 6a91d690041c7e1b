/* query: the questions about the game's state that rounds share — whether shares are traded,
 * the running order, a private's hold on the map, the start packet's
 * state (the public ones are in game.h). Above state.c, below every round; knows no round. */
#ifndef PBEMGM_ENG_QUERY_H
#define PBEMGM_ENG_QUERY_H

#include "engine/game.h"

#include <stdbool.h>
#include <stddef.h>

/* Whether the company's shares are traded: 0, or -1 with why (closed; a minor or private —
 * sold, and to whom). */
int eng_check_traded(const eng_game *g, int company, char *why, size_t len);
/* Whether major a operates before major b (the running order: price, square, arrival). */
bool eng_operates_before(const eng_game *g, int a, int b);
/* The majors sorted into the running order (eng_operates_before; stable). */
void eng_sort_running_order(const eng_game *g, int *majors, int n);
bool eng_private_sold(const eng_game *g, int priv);
/* The private owned by a player that keeps the hex free of tiles, or -1. */
int eng_hex_blocked_by(const eng_game *g, int hex);
bool eng_packet_sold_out(const eng_game *g);
int eng_item_price(const eng_game *g, int item);

#endif
