/* service: the game side of pbemgm, below both the daemon and the command line — loading a game
 * (its title and the replay of its action log), taking a player's mail (identity, orders stored
 * structured by section, the acknowledgement with the turn's own checks), reading a player's
 * orders for the turn as the resolver reads them, resolving turns and mailing their reports,
 * reminders, queueing mail in the outbox; taking mail in and sending the outbox for the daemon.
 * Every function works inside the caller's transaction unless it says otherwise.
 *
 * One convention: every service function that can fail says so with svc_result (done, the text
 * when any for the caller to pass on; refused, nothing changed, the text saying why; failed, the
 * text the error); what it makes besides (a count, a game, a report) goes to an out-parameter, a
 * count's may be NULL. A function that cannot fail returns its value. */
#ifndef PBEMGM_SVC_SERVICE_H
#define PBEMGM_SVC_SERVICE_H

#include "config/config.h"
#include "mail/compose.h"
#include "engine/game.h"
#include "mail/transport.h"
#include "orders/order.h"
#include "store/store.h"
#include "util/buf.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stdint.h>

/* ---- result.c: what a call of the service came to ---- */
typedef enum svc_kind {
    SVC_OK,      /* done (text, when any: for the caller to pass on: a warning, what was done) */
    SVC_REFUSED, /* refused, nothing changed: text says why, for the person who asked */
    SVC_FAILED,  /* the database or the system failed: text is the error; roll back */
} svc_kind;

#define SVC_TEXT_MAX 1024 /* a result's text, its '\0' included */

typedef struct svc_result {
    svc_kind kind;
    char text[SVC_TEXT_MAX];
} svc_result;

svc_result svc_ok(void);
svc_result svc_ok_saying(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
svc_result svc_refused(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
svc_result svc_failed(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* SVC_FAILED with the database's last error. */
svc_result svc_store_failed(store *st);

/* ---- mailq.c: mail from the game master, queued ---- */
/* Composes m (its to, subject, text, HTML, pictures and files; in_reply_to and references when
 * it answers a mail) from the daemon's address (m's from and date are not read) and puts it in
 * the outbox; game_id: the game it is about (0: none), under whose first mail to the recipient
 * it threads. A mail to no address ('': an imported game's player without one yet) is not
 * queued (done: nothing to send). */
svc_result svc_queue_mail(const cfg *c, store *st, int64_t inbound_id, int64_t game_id,
                          const mail_outgoing *m);
/* A mail from the game master to every player of the game (text: what the GM did, or says),
 * wrapped for a text reader. */
svc_result svc_tell_players(const cfg *c, store *st, int64_t inbound_id, const store_game *g,
                            const char *subject, const char *text);
/* A mail composed earlier (a held report) into the outbox, to one address. */
svc_result svc_queue_composed(const cfg *c, store *st, int64_t inbound_id,
                              const char *message_id, const char *to_addr, const char *raw,
                              size_t len);
/* Composes it and holds it for the GM's release (a turn's report under review); none to no
 * address, as svc_queue_mail. */
svc_result svc_hold_mail(const cfg *c, store *st, int turn, int64_t game_id,
                         const mail_outgoing *m);
/* "<a> <b>": the ids a reply to a mail references — its References, then its own id. */
char *svc_reply_references(const char *references, const char *message_id);
/* Renders a template of the configured directory (a broken one gives a short apology). */
char *svc_render(const cfg *c, const char *name, const cJSON *ctx);
/* The same for a mail's text part: lines wrapped to 78 characters. */
char *svc_render_text(const cfg *c, const char *name, const cJSON *ctx);
/* An HTML template rendered; NULL when it is broken (logged: the mail goes as text). */
char *svc_render_html(const cfg *c, const char *name, const cJSON *ctx);
/* A Content-ID for a picture of a mail ("map.TOKEN@domain"), malloc'd. */
char *svc_content_id(const cfg *c, const char *what);
/* Opens the transport the configuration names (failed: why). */
svc_result svc_open_transport(const cfg *c, mail_source **src, mail_sink **sink);
/* Both ends of a transport closed (either may be NULL). */
void svc_close_transport(mail_source *src, mail_sink *sink);
/* Waits up to seconds for new mail at src (IMAP IDLE, inotify, or a sleep). */
svc_result svc_wait_mail(mail_source *src, int seconds);
/* Every exchange with a mail server under way ends now (async-signal-safe: for a SIGTERM). */
void svc_abort_mail(void);
/* The transports' libraries set up, once a process, before any transport opens; and undone. */
void svc_transport_setup(void);
void svc_transport_cleanup(void);
/* The game's GM: its own address, else the configuration's. */
const char *svc_gm_address(const cfg *c, const store_game *g);
/* A time as "2026-11-24 10:00 UTC". */
void svc_format_time(int64_t t, char *out, size_t len);

/* ---- game.c: a running game rebuilt ---- */
typedef struct svc_game {
    const eng_title *t;  /* parsed once a process: never freed by the game */
    eng_game *g;
    int nplayers;
    store_player players[ENG_MAX_PLAYERS]; /* in seating order */
    int nworth, worth_cap;
    int (*worth)[ENG_MAX_PLAYERS]; /* each player's worth at the end of turn k (k = 0: the
                                    * start), from the replay */
    eng_board *before;             /* svc_game_load_until: the board before that turn */
} svc_game;

/* The text of config/games/TITLE.json (malloc'd; NULL when it cannot be read): the titles'
 * reader (eng_title_reader) of the engine and of src/xgames. */
char *svc_read_title_file(const char *title, void *ctx);
/* config/games/TITLE.json read and checked into *out (the caller frees it; NULL when
 * refused: why). */
svc_result svc_load_title(const char *title, eng_title **out);
/* The title as the game's chosen options change it (eng_title_load_chosen: when
 * eng_choices_change_title), a new one the caller frees (NULL when refused: why). */
svc_result svc_load_title_chosen(const char *title, const eng_title *base, const int *chosen,
                                 eng_title **out);
/* The game's title, options, players, then every action of its log replayed (failed: the
 * players, the title, the options or the log cannot be read, or an action does not replay;
 * nothing to unload then). */
svc_result svc_game_load(store *st, const store_game *sg, svc_game *out);
/* The game as it was at the end of turn until (0: as it stands), with the board before that
 * turn in out->before. */
svc_result svc_game_load_until(store *st, const store_game *sg, int until, svc_game *out);
/* Records each player's worth now as that of turn (and of the turns before it not recorded). */
void svc_game_note_worth(svc_game *sg, int turn);
/* Forgets the game states this process kept (the next loads replay whole logs). */
void svc_games_forget(void);
/* The players only (no title, no state). */
svc_result svc_game_load_players(store *st, const store_game *sg, svc_game *out);
void svc_game_unload(svc_game *sg);

/* ---- orders.c: a player's orders for a turn ---- */
/* The section of the turn-wide ONE ROUND, beside "" (the stock round) and companies. */
#define SVC_TURN_SECTION "*"

typedef struct svc_orders {
    ord_orders orders;  /* this turn's, then the standing orders and goals of earlier turns
                         * for the sections not sent this turn (marked earlier) */
    bool sent;          /* the player sent orders for the turn (even ones not understood:
                         * house rule 16 — unclear orders are not an NMR) */
    int64_t sent_at;    /* when the latest mail with orders for the turn came */
} svc_orders;

/* The player's (index p of sg) orders for the game's current turn, as the resolver takes them. */
svc_result svc_player_orders(store *st, const store_game *game, const svc_game *sg, int p,
                             svc_orders *out);
void svc_orders_clear(svc_orders *o);
/* The player's orders (po, of seat index p) as the acknowledgement lists them, into ctx: each
 * with the verdict of the turn's own checks on a copy of the game now (the other players
 * passing); one_round_by: who limited the turn to one round ("" for nobody). */
void svc_orders_list(const store_game *game, const svc_game *sg, int p, const svc_orders *po,
                     const char *one_round_by, cJSON *ctx);
/* The same as text, a line or two each (who limited the turn to one round read from st). */
char *svc_orders_checked(store *st, const store_game *game, const svc_game *sg, int p,
                         const svc_orders *po);
/* Who has limited the current turn to one round (house rule 14), as every player's orders now
 * stand and the GM: svc_one_round_by's words into who. */
svc_result svc_one_round_asked(store *st, const store_game *game, const svc_game *sg, char *who,
                               size_t len);
/* Who limited the game's current turn to one round (house rule 14): the GM, and the players
 * of the seat indexes set in seats (bit p: sg's player p asked with ONE ROUND): "the game
 * master", "alice", "alice and bob"; "" for nobody. */
void svc_one_round_by(const store_game *game, const svc_game *sg, uint64_t seats, char *who,
                      size_t len);
/* The orders in the order language, a section at a time, as a player would write them. */
char *svc_orders_text(const ord_orders *o);
/* Stores the orders of each section these orders contain, in place of that section's earlier
 * ones (the other sections stay), and records that the player sent orders for the turn. */
svc_result svc_store_orders(store *st, const store_game *game, int64_t player_id,
                            int64_t inbound_id, const ord_orders *orders, bool any_lines);

/* Orders naming what the game does not have are refused, each with an error for its line; the
 * names of the others become the title's own (an alias, a city for its hex). */
void svc_check_names(const eng_title *t, ord_envelope *env, ord_orders *orders);

/* ---- mail.c: a stored player mail dealt with ---- */
/* Works out the mail's outcome, queues the replies and records it (failed: a database error;
 * a mail refused is answered, and done). */
svc_result svc_handle_mail(const cfg *c, store *st, const store_inbound *m);

/* ---- turns.c: resolving turns ---- */
/* Resolves the game's current turn now: the actions join the log, NMRs are counted, the report
 * is stored and mailed, the next turn begins. */
svc_result svc_resolve_turn(const cfg *c, store *st, const store_game *sg);
/* Every running game: resolves the turns that are due, sends the reminders that are; each game
 * in its own transaction (this function begins and commits). *resolved (may be NULL): the
 * number of turns resolved. Failed when one failed (logged). */
svc_result svc_turns_due(const cfg *c, store *st, int *resolved);
/* The next moment a running game's deadline or reminder comes; 0: none. */
int64_t svc_turns_next_time(store *st);
/* The turn whose report is held for the GM's release, or was the last resolved: the one before
 * the current (the current when the game is over). */
int svc_held_turn(const store_game *sg);
/* RELEASE: the held turn's report rendered again for every player as the game now stands after
 * the GM's review — the corrections made during it, the next turn's deadline (deadline; 0 when
 * the game is over) — and queued (inbound_id: the GM's mail, 0 the command line). *as_held:
 * true (nothing rendered) when the turn was held before its report's parts were kept (the held
 * mails are to be sent as they are). Inside the caller's transaction. */
svc_result svc_release_report(const cfg *c, store *st, const store_game *sg, int64_t inbound_id,
                              int64_t deadline, bool *as_held);
/* Player p (a seat index) mailed a copy of the last report, made for that player (the orders'
 * fates, the holdings, the order form, the deadline now); before the first turn's, the game's
 * opening mail. Done, its text what is sent, for the answer; refused when nothing is sent, its
 * text why (the report is held for review, or cannot be made); failed on a database error.
 * Inside the caller's transaction. */
svc_result svc_report_copy(const cfg *c, store *st, const store_game *sg, int p,
                           int64_t inbound_id);
/* SVC_OK when the game's turn may be resolved; else refused, why: not running, paused, or a
 * report held for the GM's release. */
svc_result svc_turn_blocked(const store_game *sg);
/* The turn resolved on a copy with the orders as they stand: the GM's full report in *out
 * (caller frees); nothing changed, nothing sent. */
svc_result svc_preview_turn(const cfg *c, store *st, const store_game *sg, char **out);
/* Whether the player has sent anything for the game's current turn, and when (*at 0: orders
 * stored before their mails were recorded). */
bool svc_player_sent_at(store *st, const store_game *sg, const store_player *p, int64_t *at);
/* Records when the game's turn is due early (every player's orders in, the grace period after
 * the last), or that it is not: after anything that changes whose orders are in — a mail, the
 * GM's BECOME, a new deadline, a new player. The daemon looks only at games whose moment has
 * come. */
svc_result svc_refresh_due(store *st, const store_game *sg);
/* The game's pace changed (was: as it stood): the turn's moment is computed again, and when
 * every player's orders were in and the promised time of the resolution moves (the grace
 * period changed), every player is told the new time. Inside the caller's transaction. */
svc_result svc_pace_changed(const cfg *c, store *st, const store_game *was);
/* When every player's orders are in: the latest mail plus the game's grace period (the deadline
 * if sooner); 0 while someone has sent nothing. */
int64_t svc_turn_due_at(store *st, const store_game *sg, const svc_game *players);

/* ---- report.c: a turn's report for each reader ---- */
struct rep_state; /* report/state.h */
typedef struct svc_report_pics {
    unsigned char *map, *worth;  /* PNG; NULL when it could not be drawn (logged) */
    size_t map_len, worth_len;
} svc_report_pics;

/* The map of dg (what is new since before marked; before may be NULL) and the worth chart. */
void svc_report_pics_draw(const svc_game *dg, const eng_board *before, const char *caption,
                          svc_report_pics *out);
void svc_report_pics_free(svc_report_pics *p);
/* Adds the game's history to a report's context: each player's worth turn by turn. */
void svc_report_add_history(cJSON *ctx, const svc_game *dg);
/* Makes ctx the report for reader p (a seat index; -1: the GM): the reader's name, position,
 * companies (first in the tables), orders and what became of them (your_orders, a line
 * each; may be NULL), the order form. s: the state of dg's game (rep_state_build), built once
 * for all the report's readers. */
void svc_report_personalise(cJSON *ctx, const svc_game *dg, const struct rep_state *s, int p,
                            const char *your_orders);
/* The text part: templates/turn_report.txt, wrapped to 78 characters. */
char *svc_report_text(const cfg *c, const cJSON *ctx);
/* The HTML part: templates/turn_report.html, the pictures at these sources (NULL: none shown);
 * NULL when the template is broken (logged). */
char *svc_report_html(const cfg *c, cJSON *ctx, const char *map_src, const char *worth_src);
/* The HTML as a page standing alone: the pictures inside it as data: URIs. */
char *svc_report_page(const cfg *c, cJSON *ctx, const svc_report_pics *pics);
/* The GM's report of a resolved turn as a page (the game as it was after it, its map and
 * worth chart) in *out (caller frees); refused when there is no such report. */
svc_result svc_report_page_of_turn(const cfg *c, store *st, const store_game *sg, int turn,
                                   char **out);

/* ---- start.c: the mail that opens a game ---- */
/* To every player of the game just started: the seating, the start packet, the variant and
 * house rules, the first deadline, the order form, the starting map. */
svc_result svc_mail_game_start(const cfg *c, store *st, const store_game *sg);
/* The same mail again, to player p (a seat index) only, with the deadline now. */
svc_result svc_mail_game_start_to(const cfg *c, store *st, const store_game *sg, int p,
                                  int64_t inbound_id);

/* ---- desk.c: the GM's desk ---- */
#define SVC_DESK_MAX_ARGS 8

typedef struct svc_desk {
    const cfg *c;
    store *st;
    const char *origin;  /* where the GM is: "command line", or "mail from ADDRESS" */
    int64_t inbound_id;  /* the GM's mail (0: the command line) */
    buf out;             /* what the GM is told */
    char *file;          /* a file for the GM (EXPORT: the game's 18xx.games file; malloc'd, */
    char *file_name;     /* the caller frees both): attached to the answer by mail */
} svc_desk;

/* One GM command: the verb (the desk's table), its words, the reason after them, and the lines
 * that follow (BECOME's orders, BROADCAST's message). */
typedef struct svc_desk_cmd {
    int verb;
    char *args[SVC_DESK_MAX_ARGS];
    int nargs;
    char *reason;   /* may be NULL */
    char *body;     /* may be NULL */
} svc_desk_cmd;

/* The verb's index ("STATUS", any case), or -1. */
int svc_desk_verb(const char *word);
/* Whether the lines after the verb are its own (BECOME, BROADCAST). */
bool svc_desk_takes_lines(int verb);
/* The verbs with their words, for an error message. */
const char *svc_desk_usage(void);
/* A command as the GM writes it on one line ("ROLLBACK 3 a wrong tile"); refused: why. */
svc_result svc_desk_parse(const char *line, svc_desk_cmd *cmd);
void svc_desk_cmd_clear(svc_desk_cmd *cmd);
/* Runs the command on the game inside the caller's transaction: done; refused (nothing
 * changed; why in d->out, the result's text empty); failed: a database error (the caller
 * rolls back). */
svc_result svc_desk_run(svc_desk *d, const store_game *g, const svc_desk_cmd *cmd);
/* Seats a player — a new seat, or old's (house rule 13) — and mails the welcome with the
 * password when mail. */
svc_result svc_seat_player(const cfg *c, store *st, const store_game *g, const store_player *old,
                           const char *name, const char *address, const char *password,
                           bool mail);
/* The welcome mail (the game, the password, how to send orders) queued for a player. */
svc_result svc_mail_welcome(const cfg *c, store *st, const store_game *g, const char *name,
                            const char *address, const char *password);

/* ---- xgames.c: 18xx.games' game files (src/xgames) ---- */
struct xg_game; /* xgames/xgames.h: a file imported */

/* A player's address given with an import: name is the player's pbemgm name or the file's. */
typedef struct svc_import_player {
    const char *name, *address;
} svc_import_player;

/* The file at path (18xx.games' game file) becomes game `name`, in one transaction, or nothing
 * does (refused: why — the file's fault, or the action, its id and type, and why pbemgm
 * cannot take it): its title and options, its players seated (addresses from given, matched
 * by name; the others '' until `player address`; each with a password made up and told in
 * out; mailed a welcome when mail and the game goes on), every decision the log's turn 0.
 * A game over in the file is finished; any other waits, forming, for `game start`. Begins and
 * commits its own transaction; audited. */
svc_result svc_game_import(const cfg *c, store *st, const char *name, const char *path,
                           const svc_import_player *given, int ngiven, bool mail, buf *out);
/* The same from a file read already (x; from: where it came from, as the game says it). */
svc_result svc_game_import_read(const cfg *c, store *st, const char *name, const char *from,
                                const struct xg_game *x, const svc_import_player *given,
                                int ngiven, bool mail, buf *out);
/* An imported game about to start with the GM's options (house rules, presets): its options
 * (*options, malloc'd): the GM's, then the file's (which stand where both say one: out tells
 * which of the GM's they overrode); refused while a seat has no address, or when the log
 * does not replay under them (the first action that does not, and why). Reads only. */
svc_result svc_import_start_options(store *st, const store_game *g, const char *gm_options,
                                    char **options, buf *out);
/* A player's address given (an imported game's seat without one, or a new one). A seat that had
 * none is mailed a welcome with a new password when mail and the game is not over; one that had
 * an address keeps its password. In its own transaction; audited. */
svc_result svc_player_address(const cfg *c, store *st, const char *game, const char *name,
                              const char *address, bool mail, buf *out);
/* The game as an 18xx.games game file (*json, malloc'd) from its players, options and action
 * log: done, its text a note when 18xx.games' rules differ from the game's options ("" when
 * they do not); refused (*json NULL): why it cannot be. Reads only. */
svc_result svc_game_file(store *st, const store_game *g, char **json);
/* The same with actions not in the log yet after its own (a turn's, before it is written). */
svc_result svc_game_file_with(store *st, const store_game *g, const char *const *extra,
                              int nextra, char **json);
/* The name the file goes by when attached: "GAME.json" (malloc'd). */
char *svc_game_file_name(const store_game *g);
/* `game export NAME [--to FILE]`: the file written to path, or (path NULL) into out. */
svc_result svc_game_export(store *st, const char *name, const char *path, buf *out);

/* ---- inbox.c: mail taken in, stored once, processed ---- */
/* Fetches the waiting mail of src, stores each once and acknowledges it; *stored (may be
 * NULL): the number newly stored. Failed when the source or the database failed (logged). */
svc_result svc_inbox_fetch(const cfg *c, store *st, mail_source *src, int *stored);
/* Processes every stored mail still waiting: a few mails to a transaction, each mail its own
 * step of it (its outcome and replies, or nothing of it); *done (may be NULL): the number
 * processed. Failed on a database error (logged; the mails processed before it are kept). */
svc_result svc_inbox_process_pending(const cfg *c, store *st, int *done);
/* The same for at most `most` of them (0: all). */
svc_result svc_inbox_process_some(const cfg *c, store *st, int most, int *done);
/* When the first mail held back (a password lock-out) may be read; 0: none. */
int64_t svc_inbox_next_held(store *st);
/* Counts the crash DATABASE.crash names (a mail whose processing died of a fatal signal) and
 * installs the handlers that write it; svc_inbox_crash_forget removes them (a child's own
 * work). */
void svc_inbox_crash_setup(const cfg *c, store *st);
void svc_inbox_crash_forget(void);

/* ---- outbox.c: the queued mail sent ---- */
/* Sends every outbox mail that is due; stops at the first temporary failure. *sent (may be
 * NULL): the number sent. Failed on a database error (logged). */
svc_result svc_outbox_send_due(const cfg *c, store *st, mail_sink *sink, int *sent);
/* The delay before attempt number attempts+1, doubling from retry_base up to retry_max. */
int64_t svc_outbox_retry_delay(const cfg *c, int attempts);
/* Frees the claims on outbox rows (a sender that ended, or died, left them). */
svc_result svc_outbox_release_claims(store *st);
/* When the next outbox retry is due; 0: none. */
int64_t svc_outbox_next_time(store *st);

/* ---- keep.c ---- */
/* Trims the stored mail past its retention (retention.*): at most most mails (0: all), a few
 * at a time, each few in one transaction; then gives up to pages free pages back to the file
 * system (0: all). *trimmed (may be NULL): the number trimmed. Failed: the database's error
 * (logged too). */
svc_result svc_trim_mail(const cfg *c, store *st, int most, int pages, int *trimmed);

/* ---- admin.c, admin_show.c: the GM's commands on the command line ----
 * Each writes what the GM is told into out (on a refusal too: the desk's reason), returns
 * SVC_OK, SVC_REFUSED or SVC_FAILED with its text, and begins and commits its own
 * transactions. */

/* The title a game is of when its GM names none. */
#define SVC_DEFAULT_TITLE "1835"

/* The configuration's database opened (migrated), and closed. */
svc_result svc_store_open(const cfg *c, store **st);
void svc_store_close(store *st);
/* The database and (Maildir) the mail folders made ready. */
svc_result svc_init(const cfg *c, store *st, buf *out);
/* A name a game, a player or a title may have: letters, digits, - and _, at most 40. */
bool svc_usable_name(const char *name);
/* Whether text reads as one mail address (local@domain, nothing around it). */
bool svc_plausible_address(const char *a);
/* Whether config/games holds the title. */
bool svc_title_exists(const char *title);
/* The title of config/games/ whose name differs from title only in case ("18kaas": "18Kaas"),
 * into out; NULL when there is none. */
const char *svc_title_in_case(const char *title, char *out, size_t len);

/* A game created (title NULL: SVC_DEFAULT_TITLE; gm, gm_password NULL: the configuration's). */
svc_result svc_game_create(const cfg *c, store *st, const char *name, const char *title,
                           const char *gm, const char *gm_password, buf *out);
svc_result svc_games_list(store *st, buf *out);
/* A forming game started with its players in seating order and these options; the opening
 * mail queued. */
svc_result svc_game_start(const cfg *c, store *st, const char *name, const char *options,
                          buf *out);

/* A seat given: the game, the player's name and address, a password (NULL: one is made up and
 * told), whether the player is mailed a welcome. */
typedef struct svc_seat {
    const char *game, *name, *address, *password;
    bool mail;
} svc_seat;

svc_result svc_player_add(const cfg *c, store *st, const svc_seat *a, buf *out);
/* House rule 13: a replacement takes old_name's seat. */
svc_result svc_player_replace(const cfg *c, store *st, const svc_seat *a, const char *old_name,
                              buf *out);
svc_result svc_players_list(store *st, const char *game, buf *out);

/* What `game set` changes: each number -1 when unchanged; review and stop_after_formation
 * -1 unchanged, 0 no, 1 yes; gm, gm_password NULL when unchanged. */
typedef struct svc_game_settings {
    int turn_hours, remind_hours, rounds_per_turn, grace_minutes, stop_after_formation;
    int review;
    const char *gm, *gm_password;
} svc_game_settings;

svc_result svc_game_set(const cfg *c, store *st, const char *game, const svc_game_settings *s,
                        buf *out);
/* A GM command of the desk (desk.c) on the game, as the GM would write it by mail, with the
 * reason and the lines that follow (each may be NULL), in one transaction. */
svc_result svc_gm_command(const cfg *c, store *st, const char *game, const char *line,
                          const char *reason, const char *body, buf *out);
svc_result svc_gm_command_on(const cfg *c, store *st, const store_game *g, const char *line,
                             const char *reason, const char *body, buf *out);
/* The game's current turn resolved now (turn: the number the GM gives, NULL: the current as
 * the command begins; a turn resolved meanwhile is refused, the next never resolved). */
svc_result svc_game_resolve(const cfg *c, store *st, const char *game, const char *turn,
                            buf *out);

/* A resolved turn's report (turn 0: the last resolved), as text under a line naming it, or
 * (html) as a page standing alone with its map and charts. */
svc_result svc_game_report(const cfg *c, store *st, const char *game, int turn, bool html,
                           buf *out);
/* A game of the title as the engine begins one (its fewest players, the default options): the
 * board every game of it starts from, home circles kept by the engine's own rule. */
svc_result svc_title_starting_game(const eng_title *t, eng_game **out);
/* The map a game of the title begins with, drawn into path (.png or .svg): the engine's own
 * starting board, the one the opening mail shows. */
svc_result svc_title_map(const char *title, const char *path);
/* The game's map as it stands (turn 0) or after turn; a forming game's: its title's. */
svc_result svc_game_map(store *st, const char *game, int turn, const char *path);
/* Counts of the stored mail and of the outbox, by state. */
svc_result svc_mail_counts(store *st, buf *out);
/* The stored mail (failed_only: the mail set aside because processing it crashed). */
svc_result svc_mail_list(store *st, bool failed_only, buf *out);
/* A mail set aside processed again by the daemon (audited). */
svc_result svc_mail_retry(store *st, int64_t id, buf *out);
/* The database copied, live, to a new file. */
svc_result svc_backup(const cfg *c, store *st, const char *path, buf *out);
/* Every stored mail past its retention trimmed and the space given back (a write-ahead log in
 * use: SVC_OK with a warning). */
svc_result svc_compact(const cfg *c, store *st, buf *out);

#endif
