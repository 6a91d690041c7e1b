/* envelope: the lines of a player's mail that say who sends it and for which game and turn —
 * GAME, PLAYER (or GM: the game master's mail), PASSWORD, TURN — and the HELP, PICTURES, REPORT
 * and SEND GAME FILE commands. Every
 * other non-blank line is kept, with its line number, for the order parser (or the GM's desk).
 * Keywords are case-insensitive and may be followed by ':' or '='. */
#ifndef PBEMGM_ENVELOPE_H
#define PBEMGM_ENVELOPE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ord_line {
    int number;    /* 1-based line number in the mail's text */
    char *text;    /* trimmed */
} ord_line;

/* HELP: the guide; HELP TILES: the title's tiles; HELP MAP (or HEXES): the board's hexes. */
typedef enum { ORD_HELP_GUIDE, ORD_HELP_TILES, ORD_HELP_MAP } ord_help_topic;

typedef struct ord_error {
    int line;      /* 0 when it is about the whole mail */
    char *message;
} ord_error;

/* PICTURES INLINE / PICTURES NONE: whether the player's reports carry their pictures. */
typedef enum { ORD_PICTURES_UNSAID = 0, ORD_PICTURES_INLINE, ORD_PICTURES_NONE } ord_pictures;

typedef struct ord_envelope {
    char *game;        /* NULL when not given */
    char *player;
    char *password;
    bool gm;           /* a line "GM": the mail is the game master's, to the GM's desk */
    int turn;          /* -1 when not given */
    bool help;         /* HELP asked for, in the text or as the subject */
    ord_help_topic help_topic; /* HELP TILES, HELP MAP: what else the player asks for */
    ord_pictures pictures;     /* PICTURES: the player's choice, when the mail says one */
    bool report;       /* REPORT: a copy of the last turn report, made for the player */
    bool game_file;    /* SEND GAME FILE: the game as an 18xx.games file, attached to the
                        * answer (changes nothing) */
    ord_line *lines;   /* the rest, for the order parser */
    size_t nlines;
    ord_error *errors;
    size_t nerrors;
} ord_envelope;

void ord_envelope_parse(const char *subject, const char *body, ord_envelope *env);
void ord_envelope_clear(ord_envelope *env);
/* The value of the first PASSWORD line of a body, read as ord_envelope_parse reads it, without
 * keeping the other lines (malloc'd, or NULL): for a mail that is refused unread but stored. */
char *ord_envelope_password(const char *body);
/* Adds an error (message formatted like printf). */
/* The lines' numbers moved by n (the mail's text had n lines above what was parsed: a
 * greeting): the numbers given with orders and refusals are the mail's own. */
void ord_envelope_shift_lines(ord_envelope *env, int n);
void ord_add_error(ord_envelope *env, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
