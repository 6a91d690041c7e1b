/* text: turning a mail's text into what its sender typed — HTML to plain text (libxml2's
 * HTML parser does the parsing), and quoted replies removed (">" lines; everything below a
 * client's header block "From: / Sent: / To:" and its translations, an attribution "On ...
 * wrote:" and its translations, a divider), the signature below "-- ", and a closing line at
 * the end ("Regards, Alice"). */
#include "mail/message.h"
#include "util/buf.h"
#include "util/util.h"

#include <ctype.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <string.h>

/* Elements that start and end a line of text. */
static bool is_block(const char *name)
{
    static const char *const blocks[] = {"p", "div", "tr", "li", "h1", "h2", "h3", "h4", "h5",
                                         "h6", "pre", "table", "ul", "ol", "dl", "dt", "dd",
                                         "hr", "section", "article", "header", "footer", NULL};
    for (int i = 0; blocks[i]; i++)
        if (str_ieq(name, blocks[i]))
            return true;
    return false;
}

static bool is_skipped(xmlNode *n)
{
    const char *name = (const char *)n->name;
    if (str_ieq(name, "script") || str_ieq(name, "style") || str_ieq(name, "head") ||
        str_ieq(name, "title") || str_ieq(name, "blockquote"))
        return true;
    /* Quoted text of the mail being answered, as webmail clients mark it. */
    xmlChar *cls = xmlGetProp(n, (const xmlChar *)"class");
    bool quote = cls && (strstr((const char *)cls, "gmail_quote") ||
                         strstr((const char *)cls, "moz-cite-prefix") ||
                         strstr((const char *)cls, "yahoo_quoted"));
    xmlFree(cls);
    return quote;
}

static void newline(buf *out)
{
    if (out->len && out->data[out->len - 1] != '\n')
        buf_addc(out, '\n');
}

/* Whether s starts with a no-break space (&nbsp;, U+00A0 in UTF-8): a space to a reader. */
static bool nbsp_at(const char *s)
{
    return (unsigned char)s[0] == 0xc2 && (unsigned char)s[1] == 0xa0;
}

/* Appends text with runs of white space folded to one space (unless in <pre>); a no-break
 * space is a space (BUY&nbsp;M4 is BUY M4). */
static void add_text(buf *out, const char *s, bool pre)
{
    if (pre) {
        for (; *s; s++)
            if (nbsp_at(s))
                buf_addc(out, ' '), s++;
            else
                buf_addc(out, *s);
        return;
    }
    for (; *s; s++) {
        bool nbsp = nbsp_at(s);
        s += nbsp;
        bool space = nbsp || *s == ' ' || *s == '\t' || *s == '\n' || *s == '\r';
        if (!space) {
            buf_addc(out, *s);
        } else if (out->len && out->data[out->len - 1] != ' ' && out->data[out->len - 1] != '\n') {
            buf_addc(out, ' ');
        }
    }
}

static void walk(xmlNode *n, buf *out, bool pre)
{
    for (; n; n = n->next) {
        if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
            add_text(out, (const char *)n->content, pre);
            continue;
        }
        if (n->type != XML_ELEMENT_NODE)
            continue;
        const char *name = (const char *)n->name;
        if (is_skipped(n))
            continue;
        if (str_ieq(name, "br")) {
            buf_addc(out, '\n');
            continue;
        }
        bool block = is_block(name);
        if (block)
            newline(out);
        if (str_ieq(name, "li"))
            buf_adds(out, "- ");
        else if (str_ieq(name, "td") || str_ieq(name, "th"))
            add_text(out, " ", false);
        walk(n->children, out, pre || str_ieq(name, "pre"));
        if (block)
            newline(out);
    }
}

char *mail_html_to_text(const char *html, size_t len)
{
    htmlDocPtr doc = htmlReadMemory(html, (int)len, NULL, "UTF-8",
                                    HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
                                        HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
    buf out;
    buf_init(&out);
    if (doc) {
        walk(xmlDocGetRootElement(doc), &out, false);
        xmlFreeDoc(doc);
    }
    /* Trim the spaces that folding leaves at line starts and ends. */
    buf clean;
    buf_init(&clean);
    const char *p = out.data;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        while (n && *p == ' ') {
            p++;
            n--;
        }
        while (n && p[n - 1] == ' ')
            n--;
        buf_add(&clean, p, n);
        buf_addc(&clean, '\n');
        p = nl ? nl + 1 : p + strlen(p);
    }
    buf_free(&out);
    return buf_steal(&clean);
}

/* ---- quoted replies and signatures ---- */

static bool is_quote_line(const char *line, size_t n)
{
    size_t i = 0;
    while (i < n && line[i] == ' ')
        i++;
    return i < n && line[i] == '>';
}

static bool ends_with_ci(const char *line, size_t n, const char *suffix)
{
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
    size_t k = strlen(suffix);
    return n >= k && strncasecmp(line + n - k, suffix, k) == 0;
}

/* "On Mon, 1 Jan 2026, Alice wrote:" and its translations. */
static bool is_attribution(const char *line, size_t n)
{
    return ends_with_ci(line, n, "wrote:") || ends_with_ci(line, n, "schrieb:") ||
           ends_with_ci(line, n, "a écrit :") || ends_with_ci(line, n, "a écrit:") ||
           ends_with_ci(line, n, "escribió:");
}

static bool contains_ci(const char *line, size_t n, const char *word)
{
    size_t k = strlen(word);
    for (size_t i = 0; i + k <= n; i++)
        if (strncasecmp(line + i, word, k) == 0)
            return true;
    return false;
}

static bool starts_with_ci(const char *line, size_t n, const char *word)
{
    size_t k = strlen(word);
    return n >= k && strncasecmp(line, word, k) == 0;
}

/* An attribution that opens the quoted mail, maybe wrapped over two lines by the client:
 * "On <date>, <name> wrote:", "Am <date> schrieb <name>:", "Le <date>, <name> a écrit :",
 * "Op <date> schreef <name>:", "Il giorno <date> <name> ha scritto:", "El <date>, <name>
 * escribió:". */
static bool opens_attribution(const char *line, size_t n, const char *next, size_t next_n)
{
    static const char *const openers[] = {"On ", "Am ", "Le ", "Op ", "Il giorno ", "El ", NULL};
    static const char *const verbs[] = {" wrote", " schrieb", " a écrit", " schreef",
                                        " ha scritto", " escribió", NULL};
    bool opened = false;
    for (int i = 0; openers[i] && !opened; i++)
        opened = starts_with_ci(line, n, openers[i]);
    if (!opened)
        return false;
    for (int i = 0; verbs[i]; i++) {
        if (contains_ci(line, n, verbs[i]) && ends_with_ci(line, n, ":"))
            return true;
        if (next && (contains_ci(line, n, verbs[i]) || contains_ci(next, next_n, verbs[i])) &&
            ends_with_ci(next, next_n, ":") && !ends_with_ci(line, n, ":"))
            return true;
    }
    return false;
}

/* The header block a client writes above the quoted mail instead of ">" marks: a line "From:"
 * (or its translation) and, within the next lines, another header of the same language. */
struct header_words {
    const char *from;
    const char *others[5];
};

static const struct header_words HEADERS[] = {
    {"from", {"sent", "date", "to", "subject", "cc"}},
    {"von", {"gesendet", "datum", "an", "betreff", "cc"}},
    {"de", {"envoyé", "date", "à", "objet", "cc"}},
    {"van", {"verzonden", "datum", "aan", "onderwerp", "cc"}},
    {"da", {"inviato", "data", "a", "oggetto", "cc"}},
    {"de", {"enviado", "fecha", "para", "asunto", "cc"}},
    {"de", {"enviada", "data", "para", "assunto", "cc"}},
};
#define NHEADERS (sizeof HEADERS / sizeof *HEADERS)

/* Whether the line is "word:" (any case, spaces — also non-breaking ones — before the colon,
 * markup stars around it, as "*From:*"). */
static bool is_header(const char *line, size_t n, const char *word)
{
    size_t i = 0;
    while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '*'))
        i++;
    size_t k = strlen(word);
    if (i + k > n || strncasecmp(line + i, word, k) != 0)
        return false;
    i += k;
    for (;;) {
        if (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '*'))
            i++;
        else if (i + 1 < n && (unsigned char)line[i] == 0xC2 && (unsigned char)line[i + 1] == 0xA0)
            i += 2; /* U+00A0 */
        else if (i + 2 < n && (unsigned char)line[i] == 0xE2 && (unsigned char)line[i + 1] == 0x80 &&
                 (unsigned char)line[i + 2] == 0xAF)
            i += 3; /* U+202F, as French typography puts before a colon */
        else
            break;
    }
    return i < n && line[i] == ':';
}

struct line {
    const char *p;
    size_t n;
};

/* Whether the first line from `from` on that is not blank (and not the second line of a wrapped
 * attribution) is a ">" quote, or there is none. */
static bool quote_follows(const struct line *lines, size_t count, size_t from)
{
    size_t j = from;
    while (j < count && (str_is_blank_n(lines[j].p, lines[j].n) ||
                         (j == from && ends_with_ci(lines[j].p, lines[j].n, ":") &&
                          !is_quote_line(lines[j].p, lines[j].n))))
        j++;
    return j == count || is_quote_line(lines[j].p, lines[j].n);
}

static bool opens_header_block(const struct line *lines, size_t count, size_t at)
{
    for (size_t h = 0; h < NHEADERS; h++) {
        if (!is_header(lines[at].p, lines[at].n, HEADERS[h].from))
            continue;
        for (size_t j = at + 1; j < count && j <= at + 6; j++)
            for (int k = 0; k < 5; k++)
                if (is_header(lines[j].p, lines[j].n, HEADERS[h].others[k]))
                    return true;
    }
    return false;
}

/* ---- closing lines ---- */

/* "Regards, Alice", "Thanks!", "Viele Grüße": a short line opening with a closing phrase,
 * then at most a name. */
static bool is_closing(const char *line, size_t n)
{
    static const char *const closings[] = {
        "best regards", "kind regards", "warm regards", "regards", "best wishes", "best",
        "cheers", "thanks", "thank you", "thx", "many thanks", "greetings", "yours", "sincerely",
        "all the best", "ciao", "viele grüße", "viele grüsse", "liebe grüße", "beste grüße",
        "freundliche grüße", "mit freundlichen grüßen", "grüße", "gruß", "gruss", "grüsse",
        "lg", "mfg", "vg", "cordialement", "amitiés", "bien à vous", "merci", "saludos",
        "un saludo", "gracias", "groeten", "met vriendelijke groet", "groetjes", "saluti",
        "cordiali saluti", "grazie", "a presto", "obrigado", "abraços", NULL};
    while (n && (line[0] == ' ' || line[0] == '\t'))
        line++, n--;
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
    if (n == 0 || n > 40)
        return false;
    for (int i = 0; closings[i]; i++) {
        size_t k = strlen(closings[i]);
        if (n < k || strncasecmp(line, closings[i], k) != 0)
            continue;
        const char *rest = line + k;
        size_t left = n - k, words = 0;
        if (left && !strchr(" ,.!;-", rest[0]))
            continue; /* a longer word ("Bestand") */
        for (size_t j = 0; j < left; j++)
            if (rest[j] != ' ' && (j == 0 || rest[j - 1] == ' '))
                words++;
        if (words <= 3 && !memchr(rest, ':', left))
            return true;
    }
    return false;
}

/* A line that is only a name ("Alice", "Alice Müller"): up to three words of letters. */
static bool is_name_line(const char *line, size_t n)
{
    size_t words = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c != ' ' && (i == 0 || line[i - 1] == ' '))
            words++;
        if (c < 0x80 && !isalpha(c) && c != ' ' && c != '.' && c != '-' && c != '\'')
            return false;
    }
    return words >= 1 && words <= 3 && n <= 40;
}

/* The line of text ending before `before` (blank lines and trailing spaces skipped): its start
 * and end; false when there is none. */
static bool line_before(const buf *out, size_t before, size_t *start, size_t *end)
{
    size_t e = before;
    while (e && (out->data[e - 1] == '\n' || out->data[e - 1] == ' '))
        e--;
    size_t s = e;
    while (s && out->data[s - 1] != '\n')
        s--;
    *start = s;
    *end = e;
    return e > s;
}

/* Drops the closing at the end of the text — "Regards, Alice", or "Regards," and one or two
 * name lines after it — when there is text above it. */
static void drop_closing(buf *out)
{
    size_t start[3], end[3];
    int n = 0;
    size_t from = out->len;
    while (n < 3 && line_before(out, from, &start[n], &end[n])) {
        from = start[n];
        n++;
    }
    for (int k = 0; k < n; k++) {
        bool closing = is_closing(out->data + start[k], end[k] - start[k]);
        if (closing && !str_is_blank_n(out->data, start[k])) {
            out->len = start[k];
            out->data[out->len] = '\0';
            return;
        }
        if (closing || !is_name_line(out->data + start[k], end[k] - start[k]))
            return;
    }
}

/* Lines below which nothing the sender typed follows. */
static bool is_cut_line(const char *line, size_t n)
{
    if ((n == 3 && strncmp(line, "-- ", 3) == 0) || (n == 2 && strncmp(line, "--", 2) == 0))
        return true;
    static const char *const dividers[] = {"-----Original Message-----",
                                           "----- Original Message -----",
                                           "-----Ursprüngliche Nachricht-----",
                                           "---------- Forwarded message ---------",
                                           "________________________________", NULL};
    for (int i = 0; dividers[i]; i++)
        if (n >= strlen(dividers[i]) && strncasecmp(line, dividers[i], strlen(dividers[i])) == 0)
            return true;
    return false;
}

char *mail_strip_quotes(const char *text)
{
    size_t count = 0, cap = 64;
    struct line *lines = xmalloc(cap * sizeof *lines);
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (count == cap)
            lines = xrealloc(lines, (cap *= 2) * sizeof *lines);
        lines[count++] = (struct line){p, n};
        p = nl ? nl + 1 : p + n;
    }
    buf out;
    buf_init(&out);
    for (size_t i = 0; i < count; i++) {
        const struct line *l = &lines[i];
        if (is_cut_line(l->p, l->n) || opens_header_block(lines, count, i))
            break; /* below: the quoted mail */
        const struct line *next = i + 1 < count ? &lines[i + 1] : NULL;
        if (opens_attribution(l->p, l->n, next ? next->p : NULL, next ? next->n : 0)) {
            if (!quote_follows(lines, count, i + 1))
                break; /* the quoted mail below is not marked with ">": all of it is the quote */
            if (!ends_with_ci(l->p, l->n, ":"))
                i++; /* its second line */
            continue;
        }
        if (is_quote_line(l->p, l->n))
            continue;
        if (is_attribution(l->p, l->n) && quote_follows(lines, count, i + 1))
            continue; /* the quote is marked: the player's answers between its lines count */
        buf_add(&out, l->p, l->n);
        buf_addc(&out, '\n');
    }
    free(lines);
    drop_closing(&out);
    while (out.len && (out.data[out.len - 1] == '\n' || out.data[out.len - 1] == ' '))
        out.data[--out.len] = '\0';
    if (out.len)
        buf_addc(&out, '\n');
    return buf_steal(&out);
}
