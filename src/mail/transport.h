/* transport: where mail comes from (a source: Maildir or IMAP) and where it goes (a sink:
 * Maildir or SMTP). The daemon stores a fetched mail, commits, and only then acknowledges it,
 * so a crash between the two means the mail is fetched again and recognised as known. A source
 * fetches and acknowledges in batches (IMAP: one exchange for many mails), bounded in mails and
 * bytes; the daemon stores a batch in one transaction and acknowledges it after the commit.
 * Knows nothing of 18xx or of the database. */
#ifndef PBEMGM_TRANSPORT_H
#define PBEMGM_TRANSPORT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct mail_item {
    char *key;       /* the source's own handle, for mail_source_ack() */
    char *source;    /* a name unique to this mail at this source, for deduplication */
    char *raw;       /* the message; only its header when truncated */
    size_t raw_len;
    size_t size;     /* the whole message's size */
    bool truncated;  /* larger than the limit: raw holds the header only */
} mail_item;

void mail_item_clear(mail_item *item);

/* A batch's bounds: at most this many mails, and past its first mail no more bytes (a mail
 * over the size limit counting as the limit) than MAIL_BATCH_BYTES. */
enum { MAIL_BATCH_MAILS = 100 };
#define MAIL_BATCH_BYTES ((size_t)8 << 20)

/* Mails fetched together: item[0..n), in the order of the keys they were fetched for. */
typedef struct mail_batch {
    mail_item item[MAIL_BATCH_MAILS];
    size_t n;
} mail_batch;

void mail_batch_clear(mail_batch *b);
typedef struct mail_source mail_source;

/* Lists the keys of waiting mails (malloc'd array of malloc'd strings), oldest first. */
int mail_source_pending(mail_source *src, char ***keys, size_t *n, char **err);
/* Fetches the first mails of keys[0..n) into b, in order, without marking them read: as many
 * as the batch's bounds allow, at least one when n > 0. A mail larger than max_bytes comes as
 * its header only. */
int mail_source_fetch_batch(mail_source *src, char *const *keys, size_t n, size_t max_bytes,
                            mail_batch *b, char **err);
/* Marks the mails of keys[0..n) as taken (IMAP \Seen, Maildir new/ to cur/): IMAP in one
 * exchange. */
int mail_source_ack_batch(mail_source *src, char *const *keys, size_t n, char **err);
/* The same for one mail. */
int mail_source_fetch(mail_source *src, const char *key, size_t max_bytes, mail_item *item,
                      char **err);
int mail_source_ack(mail_source *src, const char *key, char **err);
/* Waits up to timeout seconds for new mail (IMAP IDLE, inotify on Maildir); returns early on
 * a signal. Returns 0, or -1 with *err when the connection failed. */
int mail_source_wait(mail_source *src, int timeout, char **err);
void mail_source_close(mail_source *src);
void mail_keys_free(char **keys, size_t n);

enum mail_send_rc {
    MAIL_SENT = 0,
    MAIL_SEND_RETRY = -1,    /* a temporary failure: try again later */
    MAIL_SEND_REJECTED = -2, /* the server refused it for good (5xx) */
};

typedef struct mail_sink mail_sink;

/* Sends one message to the recipients. */
int mail_sink_send(mail_sink *sink, const char *from, const char *const *rcpts, size_t nrcpts,
                   const char *message_id, const char *raw, size_t len, char **err);
void mail_sink_close(mail_sink *sink);

/* ---- implementations ---- */
mail_source *mail_maildir_source(const char *dir, char **err);
mail_sink *mail_maildir_sink(const char *dir, char **err);

typedef struct mail_imap_settings {
    const char *host;
    int port;
    int tls;          /* 0 none, 1 STARTTLS, 2 implicit TLS */
    const char *user;
    const char *password;
    const char *folder;
    bool idle;
    int timeout;
} mail_imap_settings;
/* Connects lazily: the first call that needs the server connects, and after a failure the
 * next call reconnects. */
mail_source *mail_imap_source(const mail_imap_settings *s);

typedef struct mail_smtp_settings {
    const char *url;
    const char *user;
    const char *password;
    bool starttls;
    int timeout;
} mail_smtp_settings;
mail_sink *mail_smtp_sink(const mail_smtp_settings *s);

/* ---- the plumbing behind the two interfaces, and the sources' shared helpers ---- */
struct mail_source_ops {
    int (*pending)(void *impl, char ***keys, size_t *n, char **err);
    int (*fetch)(void *impl, char *const *keys, size_t n, size_t max_bytes, mail_batch *b,
                 char **err);
    int (*ack)(void *impl, char *const *keys, size_t n, char **err);
    int (*wait)(void *impl, int timeout, char **err);
    void (*close)(void *impl);
    /* Cuts off the exchange under way of any source of this kind, at once (async-signal-safe:
     * mail_io_abort calls it from a SIGTERM handler). NULL: the kind has no exchange that could
     * block (Maildir). */
    void (*cut_off)(void);
};
struct mail_source {
    const struct mail_source_ops *ops;
    void *impl;
};
/* A source of the kind ops, its state impl (taken over: ops->close frees it); mail_io_abort
 * cuts off the exchanges of its kind from then on. */
mail_source *mail_source_new(const struct mail_source_ops *ops, void *impl);
/* Whether one more mail of `size` bytes fits a batch of n mails holding
 * *bytes bytes (the first always does); when it does, *bytes counts it. */
bool mail_batch_take(size_t n, size_t *bytes, size_t size, size_t max_bytes);
/* A fetched mail filled in. data (malloc'd, at most max_bytes of the
 * message, NUL-terminated; taken over) becomes its raw text, cut to the header when the whole
 * message (size bytes) is over max_bytes; source (malloc'd) is taken over too. */
void mail_item_fill(mail_item *item, const char *key, char *source, char *data, size_t len,
                    size_t size, size_t max_bytes);

struct mail_sink_ops {
    int (*send)(void *impl, const char *from, const char *const *rcpts, size_t nrcpts,
                const char *message_id, const char *raw, size_t len, char **err);
    void (*close)(void *impl);
};
struct mail_sink {
    const struct mail_sink_ops *ops;
    void *impl;
};

/* Cuts off the network exchange under way (async-signal-safe: for a SIGTERM handler): it
 * fails at once, and the caller's loop goes on to its end. The sources' exchanges are cut off
 * by their kinds' cut_off; SMTP's sink ends on mail_io_aborted. */
void mail_io_abort(void);
/* Whether mail_io_abort was called: every exchange ends at once from then on. */
bool mail_io_aborted(void);

/* A formatted error message for *err (malloc'd). */
char *mail_errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
