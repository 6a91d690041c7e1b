/* store: the SQLite database — games, players, inbound mail, the outbox, the audit log.
 * The only place SQL lives. Every statement is prepared once and reused. */
#ifndef PBEMGM_STORE_H
#define PBEMGM_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct store store;

enum store_rc {
    STORE_OK = 0,
    STORE_ERROR = -1,     /* the database failed; see store_errmsg() */
    STORE_NOT_FOUND = -2,
    STORE_DUPLICATE = -3, /* a unique value already exists */
};

/* Opens (creating if needed) the database at path and brings its schema up to date.
 * Returns NULL with *err (malloc'd) on failure. */
store *store_open(const char *path, char **err);
void store_close(store *st);
const char *store_errmsg(store *st);
int store_schema_version(store *st);

/* Transactions: BEGIN IMMEDIATE so that a writer never waits half-way. */
int store_begin(store *st);
/* A read transaction: one snapshot for several reads, without the write lock (WAL: writers go
 * on meanwhile). End it with store_rollback. */
int store_begin_read(store *st);
int store_commit(store *st);
void store_rollback(store *st);
/* A savepoint inside a transaction: one step of several in one commit, undone alone with
 * store_undo_step (which also ends it) or kept with store_keep_step. */
int store_begin_step(store *st);
int store_keep_step(store *st);
void store_undo_step(store *st);

/* ---- games and players ---- */
typedef struct store_game {
    int64_t id;
    char *name;
    char *title;
    char *status;
    int turn;          /* 0 until it starts */
    char *options;     /* the engine's options, "Name=Value,..." */
    int64_t deadline_at; /* when the current turn is resolved at the latest; 0: none */
    int turn_hours;    /* the time allowed for a turn */
    int remind_hours;  /* players without orders are reminded this long before the deadline */
    int rounds_per_turn; /* house rule 14: 2 */
    bool stop_after_formation; /* a turn ends with the round in which the Prussian forms */
    int one_round_turn;  /* the GM limited this turn to one round */
    int reminded_turn;   /* the last turn whose reminder was sent */
    int grace_minutes;   /* the turn is resolved this long after the last orders are in */
    int64_t early_due_at; /* all orders are in: the turn is due then; 0: not yet */
    char *gm_address;     /* the game's GM; NULL: the configuration's */
    char *gm_password_hash; /* the GM's password for the desk by mail; NULL: none set */
    int64_t paused_at;    /* paused since then: no deadline runs; 0: not paused */
    bool review;          /* resolved reports go to the GM and wait for release */
    int held;             /* reports held for release (0: none) */
    char *thread_id;      /* the Message-ID of the game's first mail: its mails thread under it;
                           * NULL until one is queued */
    char *imported_from;  /* an imported game: from where ("18xx.games file 26855.json");
                           * NULL: a game begun here */
} store_game;

typedef struct store_player {
    int64_t id;
    int64_t game_id;
    int seat;
    char *name;
    char *address;
    char *password_hash;
    int nmr_count;     /* turns without orders (house rule 13) */
    bool seat_open;    /* a replacement player is wanted */
    bool pictures;     /* reports carry their pictures inline (false: text and HTML only) */
} store_player;

int store_game_create(store *st, const char *name, const char *title, int64_t *id);
int store_game_find(store *st, const char *name, store_game *out);
/* Calls fn for each running game whose next moment has come by now — its reminder, its early
 * resolution (early_due_at: every player's orders in), or its deadline — in creation order. */
int store_game_each_due(store *st, int64_t now, void (*fn)(const store_game *, void *),
                        void *ctx);
/* The game whose thread begins with this Message-ID (without angle brackets): the game's own
 * thread (the GM's copies) or one of its players'. */
int store_game_find_thread(store *st, const char *message_id, store_game *out);
/* Calls fn for each game in creation order. */
int store_game_each(store *st, void (*fn)(const store_game *, void *), void *ctx);
void store_game_clear(store_game *g);

/* Adds a player in the next free seat of a game still forming: STORE_NOT_FOUND when there is
 * no such game (once a game starts, its seating is the engine's and never changes; a seat
 * changes hands with store_player_replace). The check and the insert are one statement, so a
 * game started by another process in between is never given a new seat. */
int store_player_add(store *st, int64_t game_id, const char *name, const char *address,
                     const char *password_hash, int64_t *id);
int store_player_find(store *st, int64_t game_id, const char *name, store_player *out);
int store_player_each(store *st, int64_t game_id, void (*fn)(const store_player *, void *),
                      void *ctx);
void store_player_clear(store_player *p);

/* ---- inbound mail ---- */
typedef struct store_inbound {
    int64_t id;
    char *source;
    char *message_id;   /* may be NULL */
    int64_t received_at;
    int64_t size;       /* of the whole message as it arrived */
    char *raw;          /* NUL-terminated copy of the stored bytes */
    size_t raw_len;
    bool truncated;
    int attempts;       /* times processing began */
    int failures;       /* times processing crashed (a fatal signal) */
    int64_t held_until; /* held back by the password throttle until then (0: never held) */
} store_inbound;

/* A mail as it arrives, to be stored. */
typedef struct store_new_mail {
    const char *source;      /* where it came from: unique */
    const char *message_id;  /* may be NULL */
    const char *content_key; /* a fingerprint of its author's headers and body, or NULL */
    int64_t size;            /* of the whole message as it arrived */
    const char *raw;
    size_t raw_len;
    bool truncated;
} store_new_mail;

/* True when a mail from this source, or with this Message-ID and this content, is stored
 * already (a different mail under a seen Message-ID is not). */
bool store_inbound_known(store *st, const char *source, const char *message_id,
                         const char *content_key);
/* Stores a mail as 'received'. STORE_DUPLICATE when it is known (store_inbound_known). */
int store_inbound_add(store *st, const store_new_mail *m, int64_t *id);
/* Counts a crash while processing the mail. */
int store_inbound_crashed(store *st, int64_t id);
/* A stored mail as the GM's list shows it (strings valid during the call). */
typedef struct store_inbound_row {
    int64_t id, received_at;
    const char *status, *sender, *subject, *outcome, *source;
    int attempts, failures;
    int64_t held_until; /* held back by the password throttle until then, or 0 */
} store_inbound_row;
typedef void (*store_inbound_fn)(const store_inbound_row *r, void *arg);
/* Every stored mail with this status (NULL: all), oldest first. */
int store_inbound_each(store *st, const char *status, store_inbound_fn fn, void *arg);
/* A mail set aside as failed, back to be processed: STORE_NOT_FOUND when there is no such mail,
 * STORE_DUPLICATE when it is not set aside. */
int store_inbound_retry(store *st, int64_t id);
/* Replaces the stored text of a mail (its password lines redacted). */
int store_inbound_redact(store *st, int64_t id, const char *raw, size_t raw_len);
/* Mails answered since a time: from this sender; about this game. */
int64_t store_inbound_answered_from(store *st, const char *sender, int64_t since);
int64_t store_inbound_answered_in_game(store *st, int64_t game_id, int64_t since);

/* ---- wrong passwords ---- */
/* Records a wrong password: for player ("game/player", lower case) and/or sender. */
int store_auth_failure_add(store *st, const char *player, const char *sender);
/* Wrong passwords since a time, for this player (when not NULL) else this sender. */
int64_t store_auth_failures(store *st, const char *player, const char *sender, int64_t since);
/* The time of the wrong password of index n (0: the oldest) since a time, for this player
 * (when not NULL) else this sender; 0 when there are not so many. */
int64_t store_auth_failure_nth(store *st, const char *player, const char *sender,
                               int64_t since, int64_t n);
/* The oldest mail still to be processed now (a held mail once its time has come):
 * STORE_NOT_FOUND when there is none. */
int store_inbound_next_pending(store *st, store_inbound *out);
/* A mail held back unread (it stays to be processed) until a time, with its sender, subject
 * and why; STORE_NOT_FOUND when it is not waiting to be processed. */
int store_inbound_hold(store *st, int64_t id, int64_t until, const char *sender,
                       const char *subject, const char *outcome);
/* When the first held mail is to be read (0: none held). */
int64_t store_inbound_next_held(store *st);
int store_inbound_bump_attempts(store *st, int64_t id);
/* Records how a mail was dealt with: status is "answered", "ignored" or "failed". */
int store_inbound_finish(store *st, int64_t id, const char *status, const char *sender,
                         const char *subject, int64_t player_id, const char *outcome);
void store_inbound_clear(store_inbound *m);
/* Number of inbound mails with this status (NULL: all). */
int64_t store_inbound_count(store *st, const char *status);

/* ---- the outbox ---- */
typedef struct store_outgoing {
    int64_t id;
    char *message_id;
    char *mail_from;
    char *recipients;   /* JSON array */
    char *raw;
    size_t raw_len;
    int attempts;
} store_outgoing;

int store_outbox_add(store *st, int64_t inbound_id, const char *message_id,
                     const char *mail_from, const char *recipients_json, const char *raw,
                     size_t raw_len, int64_t *id);
/* The pending mail due soonest at or before now: STORE_NOT_FOUND when none is due. */
int store_outbox_next_due(store *st, int64_t now, store_outgoing *out);
/* Claims a pending row for the process named owner before it is sent: STORE_NOT_FOUND when
 * another process has it (or it is no longer pending). Sent and retried rows are released. */
int store_outbox_claim(store *st, int64_t id, const char *owner);
/* Releases every claim: only for the one daemon (it holds the lock), at its start: claims then
 * left are those of a process that died. */
int store_outbox_release_claims(store *st);
int store_outbox_mark_sent(store *st, int64_t id);
/* Records a failed attempt; gives the mail up ('failed') when give_up. */
int store_outbox_mark_retry(store *st, int64_t id, const char *error, int64_t next_attempt_at,
                            bool give_up);
/* When the next pending mail is due, or 0 when nothing is pending. */
int64_t store_outbox_next_time(store *st);
int64_t store_outbox_count(store *st, const char *status);
void store_outgoing_clear(store_outgoing *m);

/* ---- keeping the database small (issue 28) ---- */
/* What is kept of a stored mail: the kept text (malloc'd, *out_len its length), or NULL to
 * keep it as it is. */
typedef char *(*store_trim_fn)(const char *raw, size_t len, size_t *out_len);
/* Trims at most `most` mails, in one transaction: outbox rows sent at or before sent_before
 * (only rows 'sent': nothing pending, claimed or given up) by trim_sent, and inbound mails
 * answered or ignored at or before inbound_before by trim_inbound. Each mail is trimmed once
 * (its trimmed_at set). Returns how many were trimmed, or -1. */
int store_trim_mails(store *st, int64_t sent_before, int64_t inbound_before, int most,
                     store_trim_fn trim_sent, store_trim_fn trim_inbound);
/* Gives up to `pages` free pages of the file back to the file system (incremental vacuum;
 * 0: every one). Returns the free pages left, or -1. */
int64_t store_reclaim(store *st, int pages);
/* Writes the write-ahead log into the database and empties it (the file's size is then the
 * database's); STORE_ERROR when a reader keeps it (busy). */
int store_checkpoint(store *st);
/* The database's pages in use and free, in bytes. */
int store_size(store *st, int64_t *used, int64_t *free_bytes);
/* Copies the database, live (a consistent snapshot; writers wait meanwhile), to a new file at
 * path; an existing file is never overwritten. Returns 0, or -1 with *err (malloc'd). */
int store_backup(store *st, const char *path, char **err);

/* ---- the audit log ---- */
int store_audit(store *st, const char *actor, const char *action, int64_t game_id,
                const char *detail);
int64_t store_audit_count(store *st, const char *action);
/* Whether the audit log holds this action for this game with this detail. */
bool store_audit_has(store *st, const char *action, int64_t game_id, const char *detail);

/* A forming game starts: running, with its options ("Name=Value,..."), at turn 1.
 * STORE_NOT_FOUND when it is not forming. */
int store_game_start(store *st, int64_t game_id, const char *options);

/* The action log of a game: engine actions as JSON, appended in order (the state is their
 * replay). each() calls fn for every action in order until fn returns non-zero (returned). */
int store_action_append(store *st, int64_t game_id, int turn, const char *json);
int store_action_each(store *st, int64_t game_id,
                      int (*fn)(int64_t seq, int turn, const char *json, void *), void *ctx);
/* The same from the action of sequence number `from` on (each(): from 1). */
int store_action_each_from(store *st, int64_t game_id, int64_t from,
                           int (*fn)(int64_t seq, int turn, const char *json, void *), void *ctx);
/* How many times the game's log changed other than by an append (a cut, a deletion, an
 * action changed or put before the last): while it stays, the actions read before are as
 * they were. STORE_NOT_FOUND for no such game. */
int store_action_log_cuts(store *st, int64_t game_id, int64_t *cuts);

/* A player's orders for a turn by section ("" the stock round, or a company), each as its
 * canonical text and its structured form (JSON; NULL in rows stored before it was kept):
 * replace() puts these orders in place of the section's earlier ones (a later mail replaces the
 * parts it contains); each() lists them, section by section, in order. */
typedef struct store_order {
    int turn;
    const char *section;
    const char *text;
    const char *json;   /* may be NULL */
    int64_t inbound_id; /* the mail it came in (store_orders_each only; 0: none, or not read) */
} store_order;
typedef void (*store_order_fn)(const store_order *o, void *ctx);

int store_orders_replace(store *st, int64_t game_id, int64_t player_id, int turn,
                         const char *section, const char *const *texts,
                         const char *const *jsons, int n, int64_t inbound_id);
/* The seats (bit seat-1) whose players have orders of this section for the turn. */
int store_order_section_seats(store *st, int64_t game_id, int turn, const char *section,
                              uint64_t *seats);
int store_orders_each(store *st, int64_t game_id, int64_t player_id, int turn,
                      store_order_fn fn, void *ctx);

/* How many orders the player has for the turn (0: none yet). */
int store_orders_count(store *st, int64_t game_id, int64_t player_id, int turn);
/* The player's orders of earlier turns, the latest turn first (for standing orders and goals). */
int store_orders_each_before(store *st, int64_t game_id, int64_t player_id, int turn,
                             store_order_fn fn, void *ctx);
/* A mail that brought the player's orders for the turn; last(): when the latest came
 * (STORE_NOT_FOUND: none — the player has sent nothing for the turn). */
int store_order_mail_add(store *st, int64_t game_id, int64_t player_id, int turn,
                         int64_t inbound_id);
int store_order_mail_last(store *st, int64_t game_id, int64_t player_id, int turn,
                          int64_t *at);

/* ---- turns ---- */
/* Sets turn_hours, remind_hours, rounds_per_turn, stop_after_formation and grace_minutes from
 * pace. */
int store_game_set_pace(store *st, int64_t game_id, const store_game *pace);
int store_game_set_one_round(store *st, int64_t game_id, int turn);
int store_game_set_deadline(store *st, int64_t game_id, int64_t deadline_at);
int store_game_set_reminded(store *st, int64_t game_id, int turn);
/* Every player's orders are in: the turn is due at `at` (0: not any more). */
int store_game_set_early_due(store *st, int64_t game_id, int64_t at);
/* The game moves on to its next turn, due at deadline_at. */
int store_game_next_turn(store *st, int64_t game_id, int64_t deadline_at);
int store_game_over(store *st, int64_t game_id);
/* A resolved turn's report; report() gives it back (caller frees). context: what its report
 * says of the turn (JSON, src/service/turns.c), for rendering it again; context() gives it
 * back (NULL for a turn resolved before it was kept; STORE_NOT_FOUND: no such turn). */
int store_turn_add(store *st, int64_t game_id, int turn, int rounds, const char *report,
                   const char *context);
int store_turn_report(store *st, int64_t game_id, int turn, char **report);
int store_turn_context(store *st, int64_t game_id, int turn, char **context);
int store_turn_set_context(store *st, int64_t game_id, int turn, const char *context);
int store_turn_resolved_at(store *st, int64_t game_id, int turn, int64_t *at);
/* When a running game next has something due (a reminder or a deadline), or 0 when none. */
int64_t store_game_next_time(store *st);
int store_player_set_nmr(store *st, int64_t player_id, int nmr_count, bool seat_open);
/* A new player takes the seat (house rule 13): name, address and password; NMRs cleared; the
 * change recorded (seat_changes: who left, who came, the turn). STORE_DUPLICATE when the name
 * is taken in the game. */
int store_player_replace(store *st, int64_t player_id, const char *name, const char *address,
                         const char *password_hash);
/* How many times the game's seat has changed hands. */
int store_seat_change_count(store *st, int64_t game_id, int seat);

/* ---- the GM's desk ---- */
/* The game's GM address and desk password (a NULL argument keeps the stored value). */
int store_game_set_gm(store *st, int64_t game_id, const char *address, const char *password_hash);
/* Paused since paused_at (0: running again). */
int store_game_set_paused(store *st, int64_t game_id, int64_t paused_at);
int store_game_set_review(store *st, int64_t game_id, bool review);
/* The game's thread: set to message_id unless the game has one already. */
int store_game_set_thread(store *st, int64_t game_id, const char *message_id);
/* What a turn's resolution reads of the game, summed up (*stamp malloc'd): the action log, the
 * orders, the players, their mails, the audit, the game's settings and held reports. Equal
 * stamps: a resolution computed on the first is still the one to write. */
int store_game_stamp(store *st, int64_t game_id, char **stamp);
/* The game's thread (*message_id malloc'd, NULL when it has none yet). */
/* The thread of the game's player at this address (the first of them): his id and the
 * Message-ID his thread begins with (NULL: none yet); STORE_NOT_FOUND: no player there. */
int store_player_thread(store *st, int64_t game_id, const char *address, int64_t *player_id,
                        char **message_id);
/* The player's thread begins with this mail, unless it has begun already. */
int store_player_set_thread(store *st, int64_t player_id, const char *message_id);
int store_game_thread(store *st, int64_t game_id, char **message_id);
/* A game imported (issue 30), still forming: its options (those of the file) and from where. */
int store_game_set_imported(store *st, int64_t game_id, const char *options, const char *from);
/* The player's address ('': not known yet, an imported game's) and password (NULL: kept); the
 * player's thread begins again at the new address. */
int store_player_set_address(store *st, int64_t player_id, const char *address,
                             const char *password_hash);
/* Whether the player's reports carry their pictures. */
int store_player_set_pictures(store *st, int64_t player_id, bool pictures);

/* A report held for the GM's release (review on); each() until fn returns non-zero (returned);
 * drop() forgets every held report of the game. */
typedef struct store_held {
    int turn;
    const char *to_addr, *to_name, *subject, *body;
    const char *message_id; /* the mail composed: its id and its whole text (NULL: held before */
    const char *raw;        /* mails were held composed; body is the text to compose) */
    size_t raw_len;
} store_held;
typedef int (*store_held_fn)(const store_held *h, void *ctx);
int store_held_add(store *st, int64_t game_id, const store_held *h);
int store_held_each(store *st, int64_t game_id, store_held_fn fn, void *ctx);
int store_held_drop(store *st, int64_t game_id);

/* An audit entry with from where (the command line, or a mail from an address) and why (a GM's
 * change); each() lists a game's audit, oldest first (at: when). */
typedef struct store_audit_entry {
    int64_t at;
    const char *actor, *action, *detail, *origin, *reason;
} store_audit_entry;
int store_audit_add(store *st, const store_audit_entry *e, int64_t game_id);
int store_audit_each(store *st, int64_t game_id, void (*fn)(const store_audit_entry *, void *),
                     void *ctx);

/* Rollback: the game back at the start of `turn` — its actions and reports from that turn on,
 * the orders and order mails of later turns and any held reports deleted (the caller keeps what
 * was cut in the audit); running, at that turn, due at deadline_at. */
int store_game_cut(store *st, int64_t game_id, int turn, int64_t deadline_at);

#endif
