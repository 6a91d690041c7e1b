/* config: the daemon's configuration, one JSON file validated against a fixed schema.
 * Every key has a default (the embedded default is Maildir in/out and a SQLite file), so an
 * absent file is a valid configuration. Unknown keys and wrong types are errors naming the key. */
#ifndef PBEMGM_CONFIG_H
#define PBEMGM_CONFIG_H

#include <stdbool.h>

enum cfg_transport { CFG_TRANSPORT_MAILDIR, CFG_TRANSPORT_IMAP };
enum cfg_tls { CFG_TLS_NONE, CFG_TLS_STARTTLS, CFG_TLS_IMPLICIT };

typedef struct cfg {
    char *database;
    int transport;               /* enum cfg_transport */
    char *maildir_inbox;         /* Maildir the players' mail arrives in */
    char *maildir_outbox;        /* Maildir our outgoing mail is written to */
    struct {
        char *host;
        int port;
        int tls;                 /* enum cfg_tls */
        char *user;
        char *password;
        char *folder;
        bool idle;
        int timeout;             /* seconds for one network operation */
    } imap;
    struct {
        char *url;               /* smtp://host:port or smtps://host:port */
        char *user;
        char *password;
        bool starttls;
        int timeout;
    } smtp;
    char *daemon_address;        /* pbemgm's own: the From of its mail, where players write */
    char *daemon_name;
    char *gm_address;            /* the game master's own (a game may name its own GM) */
    char *gm_name;
    int poll_interval;           /* seconds between mailbox checks without IDLE */
    int max_message_bytes;       /* larger mails are refused with a reply */
    int log_level;               /* enum log_level */
    bool log_syslog;
    char *templates;             /* directory of reply templates */
    int retry_base;              /* first retry delay for outgoing mail, seconds */
    int retry_max;               /* the longest delay between retries, seconds */
    int max_attempts;            /* after this many failures an outgoing mail is given up */
    int max_processing_attempts; /* a mail that crashed processing this often is set aside */
    struct cfg_limits {          /* what one address, one game or one mail may ask of us */
        int replies_per_hour;    /* answers to one sender in an hour; more are read, not answered */
        int game_replies_per_hour; /* answers about one game in an hour */
        int password_failures;   /* wrong passwords for one player in 15 minutes before the
                                  * player's mail is refused unread until then */
        int sender_password_failures; /* the same for one sender */
        int error_lines;         /* refused lines an answer lists one by one */
        int lines;               /* lines of text a mail may have */
        int mime_parts;          /* MIME parts (and multipart nesting) a mail may have */
    } limits;
    struct cfg_retention {       /* how long whole mails are kept (days; 0: not kept) */
        int sent_mail_days;      /* a sent mail whole; then its header and text part only */
        int inbound_days;        /* an answered mail's (redacted) text; then its header only */
    } retention;
} cfg;

/* Fills c with the defaults. */
void cfg_defaults(cfg *c);
/* Loads path over the defaults. Returns 0, or -1 with *err (malloc'd) naming the problem;
 * on error c holds only the defaults. Relative paths in the file are taken relative to the
 * file's directory. */
int cfg_load(cfg *c, const char *path, char **err);
/* Same, from a JSON text (base_dir resolves relative paths; NULL for the working directory). */
int cfg_load_text(cfg *c, const char *text, const char *base_dir, char **err);
void cfg_free(cfg *c);
/* The configuration file to use when none is named: $PBEMGM_CONFIG, else ./pbemgm.json when it
 * exists, else NULL (the embedded default). */
const char *cfg_default_path(void);

#endif
