/* daemon: the long-running loop — fetch mail and store it once, process what is stored,
 * send the outbox — and the pieces it is made of, which the CLI and tests use directly. */
#ifndef PBEMGM_DAEMON_H
#define PBEMGM_DAEMON_H

#include "config/config.h"
#include "engine/game.h"
#include "orders/order.h"
#include "mail/transport.h"
#include "store/store.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stdint.h>

/* ---- outbox.c ---- */
typedef struct dmn_mail {
    const char *to_addr;
    const char *to_name;        /* may be NULL */
    const char *subject;
    const char *body;
    const char *in_reply_to;    /* may be NULL */
    const char *references;     /* may be NULL */
    const char *auto_submitted; /* "auto-replied" for answers, "auto-generated" otherwise */
} dmn_mail;

/* Composes a mail from the GM and puts it in the outbox (inside the caller's transaction). */
int dmn_queue_mail(const cfg *c, store *st, int64_t inbound_id, const dmn_mail *m);
/* Sends every outbox mail that is due; stops at the first temporary failure. Returns the
 * number sent, or -1 on a database error. */
int dmn_drain_outbox(const cfg *c, store *st, mail_sink *sink);
/* The delay before attempt number attempts+1, doubling from retry_base up to retry_max. */
int64_t dmn_retry_delay(const cfg *c, int attempts);

/* ---- inbox.c ---- */
/* Deals with one stored mail: works out its outcome, queues the replies and records it, all
 * inside the caller's transaction. Returns 0, or -1 on a database error. */
int dmn_handle_mail(const cfg *c, store *st, const store_inbound *m);
/* Processes every stored mail still waiting; each in its own transaction. Returns the number
 * processed, or -1 on a database error. */
int dmn_process_pending(const cfg *c, store *st);
/* Fetches the waiting mail of src, stores each once and acknowledges it. Returns the number
 * newly stored, or -1 when the source or the database failed. */
int dmn_ingest(const cfg *c, store *st, mail_source *src);

/* Renders a template of the configured directory (a broken one gives a short apology). */
char *dmn_render(const cfg *c, const char *name, const cJSON *ctx);

/* ---- play.c ---- */
/* The orders' section for the turn-wide ONE ROUND, beside "" (the stock round) and companies. */
#define DMN_TURN_SECTION "*"

/* A running game rebuilt: its title, its players in seating order, its state (the replay of its
 * action log). */
typedef struct dmn_game {
    eng_title *t;
    eng_game *g;
    int nplayers;
    store_player players[ENG_MAX_PLAYERS];
} dmn_game;

eng_title *dmn_load_title(const char *title, char *why, size_t len);
int dmn_game_load(store *st, const store_game *sg, dmn_game *out, char *why, size_t len);
void dmn_game_unload(dmn_game *dg);
/* Resolves the game's current turn now, inside the caller's transaction: the actions join the
 * log, NMRs are counted, the report is stored and mailed, the next turn begins. */
int dmn_resolve_turn(const cfg *c, store *st, const store_game *sg, char *why, size_t len);
/* Every running game: resolves the turns that are due, sends the reminders that are; each game
 * in its own transaction. Returns the number of turns resolved, or -1 when one failed. */
int dmn_turns_due(const cfg *c, store *st);
/* Checks of a player's orders against the board now, as lines for the acknowledgement. */
void dmn_provisional_checks(const dmn_game *dg, const ord_orders *orders, int player,
                            cJSON *list);
/* A time as "2026-11-24 10:00 UTC". */
void dmn_format_deadline(int64_t t, char *out, size_t len);

/* ---- daemon.c ---- */
/* Runs the daemon with the configuration at cfg_path (NULL: the embedded default) until
 * SIGTERM/SIGINT, or until nothing waits when once. Returns a process exit status. */
int dmn_serve(const char *cfg_path, bool once);
/* Opens the transport the configuration names. Returns 0, or -1 with *err. */
int dmn_open_transport(const cfg *c, mail_source **src, mail_sink **sink, char **err);

#endif
