/* daemon: the long-running loop — fetch mail and store it once, have the game service process
 * what is stored and resolve the turns that are due, send the outbox — and the pieces it is
 * made of, which tests use directly. The game side is src/service. */
#ifndef PBEMGM_DAEMON_H
#define PBEMGM_DAEMON_H

#include "config/config.h"
#include "mail/transport.h"
#include "store/store.h"

#include <stdbool.h>
#include <stdint.h>

/* ---- outbox.c ---- */
/* Sends every outbox mail that is due; stops at the first temporary failure. Returns the
 * number sent, or -1 on a database error. */
int dmn_drain_outbox(const cfg *c, store *st, mail_sink *sink);
/* The delay before attempt number attempts+1, doubling from retry_base up to retry_max. */
int64_t dmn_retry_delay(const cfg *c, int attempts);

/* ---- inbox.c ---- */
/* Processes every stored mail still waiting: a few mails to a transaction, each mail its own
 * step of it (its outcome and replies, or nothing of it). Returns the number processed, or -1
 * on a database error (the mails processed before it are kept). */
int dmn_process_pending(const cfg *c, store *st);
/* The same for at most `most` of them (0: all). */
int dmn_process_some(const cfg *c, store *st, int most);
/* Fetches the waiting mail of src, stores each once and acknowledges it. Returns the number
 * newly stored, or -1 when the source or the database failed. */
int dmn_ingest(const cfg *c, store *st, mail_source *src);
/* Counts the crash DATABASE.crash names (a mail whose processing died of a fatal signal) and
 * installs the handlers that write it; dmn_crash_forget removes them (a child's own work). */
void dmn_crash_setup(const cfg *c, store *st);
void dmn_crash_forget(void);

/* ---- daemon.c ---- */
/* Runs the daemon with the configuration at cfg_path (NULL: the embedded default) until
 * SIGTERM/SIGINT, or until nothing waits when once. Returns a process exit status. */
int dmn_serve(const char *cfg_path, bool once);

#endif
