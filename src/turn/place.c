/* place: the hex a player's word names — a hex's id, its name or a part of it, with umlauts or
 * without — and the place near a misspelt one, for the checks' suggestions. */
#include "turn/internal.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* A name folded for comparing: lower case; ä ö ü ß as ae oe ue ss (umlauts_as_vowels: as a o u
 * s) — so that "Nuernberg", "Nurnberg" and "NÜRNBERG" all find Nürnberg. */
static void fold_name(const char *s, bool umlauts_as_vowels, char *out, size_t len)
{
    static const struct { const char *utf8, *two, *one; } umlauts[] = {
        {"\xc3\xa4", "ae", "a"}, {"\xc3\x84", "ae", "a"}, {"\xc3\xb6", "oe", "o"},
        {"\xc3\x96", "oe", "o"}, {"\xc3\xbc", "ue", "u"}, {"\xc3\x9c", "ue", "u"},
        {"\xc3\x9f", "ss", "s"},
    };
    size_t n = 0;
    while (*s && n + 3 < len) {
        size_t k = 0;
        while (k < sizeof umlauts / sizeof *umlauts && strncmp(s, umlauts[k].utf8, 2) != 0)
            k++;
        if (k < sizeof umlauts / sizeof *umlauts) {
            const char *with = umlauts_as_vowels ? umlauts[k].one : umlauts[k].two;
            n += (size_t)snprintf(out + n, len - n, "%s", with);
            s += 2;
        } else {
            out[n++] = (char)tolower((unsigned char)*s++);
        }
    }
    out[n] = '\0';
}

/* Whether a player's word names this part of a hex's name, folded either way. */
static bool same_name(const char *word, const char *part)
{
    for (int way = 0; way < 2; way++) {
        char a[64], b[64];
        fold_name(word, way, a, sizeof a);
        fold_name(part, way, b, sizeof b);
        if (strcmp(a, b) == 0)
            return true;
    }
    return false;
}

/* The next part of a hex's name from *p on ("Nürnberg" of "Nürnberg-Fürth", "New York" of "New
 * York & Newark"), without the spaces around it; false at the end. */
static bool next_part(const char **p, char *part, size_t size)
{
    if (!**p)
        return false;
    size_t n = strcspn(*p, "/-&");
    const char *s = *p;
    size_t k = n;
    while (k && *s == ' ')
        s++, k--;
    while (k && s[k - 1] == ' ')
        k--;
    snprintf(part, size, "%.*s", (int)k, s);
    *p += n;
    if (**p)
        (*p)++;
    return true;
}

/* Whether the word names the hex: its whole name, or one of its parts ("Nürnberg" of
 * "Nürnberg-Fürth", "Mainz" of "Mainz/Wiesbaden", "New York" of "New York & Newark"); a
 * player's spaces are the name's ("NEW YORK"). */
static bool names_hex(const eng_hex *h, const char *word)
{
    if (!h->name[0])
        return false;
    if (same_name(word, h->name))
        return true;
    char part[ENG_NAME];
    for (const char *p = h->name; next_part(&p, part, sizeof part);)
        if (part[0] && same_name(word, part))
            return true;
    return false;
}

const char *turn_place_near(const eng_title *t, const char *word)
{
    char w[64], part[64], folded[64];
    fold_name(word, true, w, sizeof w);
    for (int i = 0; i < t->nhexes; i++) {
        const eng_hex *h = &t->hexes[i];
        if (str_is_near(word, h->id)) /* a hex's id mistyped ("F66"): the id meant, "F6" */
            return h->id;
        for (const char *p = h->name; next_part(&p, part, sizeof part);) {
            fold_name(part, true, folded, sizeof folded);
            if (part[0] && str_is_near(w, folded))
                return h->name;
        }
    }
    return NULL;
}
int turn_place_hex(const eng_title *t, const char *goal)
{
    if (!goal || !*goal)
        return -1;
    int h = eng_hex_index(t, goal); /* "L14", or a hex's name ("Berlin") */
    for (int i = 0; i < t->nhexes && h < 0; i++)
        if (names_hex(&t->hexes[i], goal))
            h = i;
    return h;
}
