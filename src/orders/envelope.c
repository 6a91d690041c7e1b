/* envelope: GAME, PLAYER, PASSWORD, TURN, HELP, PICTURES, REPORT and SEND GAME FILE lines of a
 * player's mail (see envelope.h). */
#include "orders/envelope.h"
#include "util/buf.h"
#include "util/util.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void ord_add_error(ord_envelope *env, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *message = str_vformat(fmt, ap);
    va_end(ap);
    env->errors = xrealloc(env->errors, (env->nerrors + 1) * sizeof *env->errors);
    env->errors[env->nerrors++] = (ord_error){line, message};
}

static void add_line(ord_envelope *env, int number, const char *text)
{
    env->lines = xrealloc(env->lines, (env->nlines + 1) * sizeof *env->lines);
    env->lines[env->nlines++] = (ord_line){number, xstrdup(text)};
}

/* If line starts with keyword (then space, ':' or '='), returns the value after it. */
static const char *keyword_value(const char *line, const char *keyword)
{
    size_t n = strlen(keyword);
    if (strncasecmp(line, keyword, n) != 0)
        return NULL;
    const char *p = line + n;
    if (*p && *p != ' ' && *p != '\t' && *p != ':' && *p != '=')
        return NULL;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == ':' || *p == '=')
        p++;
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

static void set_once(ord_envelope *env, char **field, const char *keyword, const char *value,
                     int line)
{
    if (!*value) {
        ord_add_error(env, line, "%s needs a value, as in \"%s name\"", keyword, keyword);
    } else if (*field && strcmp(*field, value) != 0) {
        ord_add_error(env, line, "%s is given twice with different values", keyword);
    } else if (!*field) {
        *field = xstrdup(value);
    }
}

static void set_turn(ord_envelope *env, const char *value, int line)
{
    char *end;
    long t = strtol(value, &end, 10);
    if (!*value || *end || t < 0 || t > INT_MAX) {
        ord_add_error(env, line, "TURN needs a turn number, as in \"TURN 3\"");
    } else if (env->turn >= 0 && env->turn != (int)t) {
        ord_add_error(env, line, "TURN is given twice with different values");
    } else {
        env->turn = (int)t;
    }
}

/* "HELP", "HELP TILES", "HELP MAP" / "HELP HEXES" (any case, a '.' or '!' after it). */
static bool is_help(const char *text, ord_help_topic *topic)
{
    static const struct { const char *words; ord_help_topic topic; } helps[] = {
        {"help", ORD_HELP_GUIDE},       {"help orders", ORD_HELP_GUIDE},
        {"help tiles", ORD_HELP_TILES}, {"help map", ORD_HELP_MAP},
        {"help hexes", ORD_HELP_MAP},
    };
    size_t n = strlen(text);
    while (n && (text[n - 1] == '.' || text[n - 1] == '!'))
        n--;
    for (size_t i = 0; i < sizeof helps / sizeof *helps; i++)
        if (n == strlen(helps[i].words) && strncasecmp(text, helps[i].words, n) == 0) {
            if (helps[i].topic != ORD_HELP_GUIDE)
                *topic = helps[i].topic;
            return true;
        }
    return false;
}

/* The subject without any Re:/Fwd:/AW: prefixes. */
static const char *bare_subject(const char *s)
{
    static const char *const prefixes[] = {"re:", "fwd:", "fw:", "aw:", "wg:", "sv:", NULL};
    bool again = true;
    while (again) {
        again = false;
        while (*s == ' ')
            s++;
        for (int i = 0; prefixes[i]; i++)
            if (str_istarts(s, prefixes[i])) {
                s += strlen(prefixes[i]);
                again = true;
            }
    }
    return s;
}

/* PICTURES INLINE (or ON, YES) / PICTURES NONE (or OFF, NO). */
static void set_pictures(ord_envelope *env, const char *v, int number)
{
    static const struct { const char *word; ord_pictures choice; } words[] = {
        {"inline", ORD_PICTURES_INLINE}, {"on", ORD_PICTURES_INLINE}, {"yes", ORD_PICTURES_INLINE},
        {"none", ORD_PICTURES_NONE},     {"off", ORD_PICTURES_NONE},  {"no", ORD_PICTURES_NONE}};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strcasecmp(v, words[i].word) == 0) {
            env->pictures = words[i].choice;
            return;
        }
    ord_add_error(env, number, "PICTURES takes INLINE (the map and the charts in your reports) "
                               "or NONE (text and tables only), not \"%s\"", v);
}

/* The words alone on their line (any case, blanks between them as many as any, a '.' or '!'
 * after them): REPORT, SEND GAME FILE. */
static bool is_words(const char *text, const char *const *words)
{
    const char *p = text;
    for (int i = 0; words[i]; i++) {
        while (i && (*p == ' ' || *p == '\t'))
            p++;
        size_t n = strlen(words[i]);
        if (strncasecmp(p, words[i], n) != 0 || (i && p[-1] != ' ' && p[-1] != '\t'))
            return false;
        p += n;
    }
    while (*p == '.' || *p == '!')
        p++;
    return *p == '\0';
}

static bool is_report(const char *text)
{
    static const char *const words[] = {"report", NULL};
    return is_words(text, words);
}

/* SEND GAME FILE: the game as an 18xx.games file, attached to the answer. */
static bool is_game_file(const char *text)
{
    static const char *const words[] = {"send", "game", "file", NULL};
    return is_words(text, words);
}

static void parse_line(ord_envelope *env, char *text, int number)
{
    const char *v;
    if (is_help(text, &env->help_topic))
        env->help = true;
    else if (is_report(text))
        env->report = true;
    else if (is_game_file(text))
        env->game_file = true;
    else if ((v = keyword_value(text, "game")))
        set_once(env, &env->game, "GAME", v, number);
    else if ((v = keyword_value(text, "gm")) && !*v)
        env->gm = true;
    else if ((v = keyword_value(text, "player")))
        set_once(env, &env->player, "PLAYER", v, number);
    else if ((v = keyword_value(text, "password")))
        set_once(env, &env->password, "PASSWORD", v, number);
    else if ((v = keyword_value(text, "turn")))
        set_turn(env, v, number);
    else if ((v = keyword_value(text, "pictures")))
        set_pictures(env, v, number);
    else
        add_line(env, number, text);
}

/* Whether the line is only the name (maybe "/bob", "- Bob", "Bob."): a signature. */
static bool only_name(const char *text, const char *name)
{
    while (*text && strchr("/-~ \t", *text))
        text++;
    size_t n = strlen(text);
    while (n && strchr(" \t.!,", text[n - 1]))
        n--;
    return n >= 2 && n == strlen(name) && strncasecmp(text, name, n) == 0;
}

/* The player's own name alone on a line under his orders ("bob") is his signature: it and what
 * is under it (his title, his company, his telephone) are no orders. */
static void drop_signature(ord_envelope *env)
{
    if (!env->player)
        return;
    for (size_t i = 0; i < env->nlines; i++) {
        if (!only_name(env->lines[i].text, env->player))
            continue;
        size_t to = i > 0 ? env->nlines : 1; /* (first: only the name; orders may follow) */
        for (size_t k = i; k < to; k++)
            free(env->lines[k].text);
        memmove(env->lines + i, env->lines + to, (env->nlines - to) * sizeof *env->lines);
        env->nlines -= to - i;
        return;
    }
}

void ord_envelope_parse(const char *subject, const char *body, ord_envelope *env)
{
    memset(env, 0, sizeof *env);
    env->turn = -1;
    if (subject) {
        char *s = str_trim(xstrdup(bare_subject(subject)));
        env->help = is_help(s, &env->help_topic);
        free(s);
    }
    int number = 0;
    const char *p = body;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        number++;
        char *text = str_trim(xstrndup(p, n));
        if (*text)
            parse_line(env, text, number);
        free(text);
        p = nl ? nl + 1 : p + n;
    }
    drop_signature(env);
}

char *ord_envelope_password(const char *body)
{
    for (const char *p = body; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        while (n && (*p == ' ' || *p == '\t'))
            p++, n--;
        if (n > 8 && strncasecmp(p, "password", 8) == 0) { /* (only such lines are copied) */
            char *text = str_trim(xstrndup(p, n));
            const char *v = keyword_value(text, "password");
            char *found = v && *v ? xstrdup(v) : NULL;
            explicit_bzero(text, strlen(text));
            free(text);
            if (found)
                return found;
        }
        p = nl ? nl + 1 : p + n;
    }
    return NULL;
}

void ord_envelope_clear(ord_envelope *env)
{
    free(env->game);
    free(env->player);
    if (env->password)
        explicit_bzero(env->password, strlen(env->password));
    free(env->password);
    for (size_t i = 0; i < env->nlines; i++)
        free(env->lines[i].text);
    free(env->lines);
    for (size_t i = 0; i < env->nerrors; i++)
        free(env->errors[i].message);
    free(env->errors);
    memset(env, 0, sizeof *env);
}

void ord_envelope_shift_lines(ord_envelope *env, int n)
{
    for (size_t i = 0; n > 0 && i < env->nlines; i++)
        env->lines[i].number += n;
    for (size_t i = 0; n > 0 && i < env->nerrors; i++)
        if (env->errors[i].line > 0)
            env->errors[i].line += n;
}
