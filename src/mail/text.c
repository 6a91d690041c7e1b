/* text: turning a mail's text into what its sender typed — HTML to plain text (libxml2's
 * HTML parser does the parsing); typography made plain (smart quotes, dashes, bullets, the
 * spaces and invisible marks word processors write); quoted replies removed (">" lines;
 * everything below a client's header block "From: / Sent: / To:" and its translations, an
 * attribution "On ... wrote:" and its translations, a divider); a forwarded mail read when it
 * is all the mail says; what mail clients append ("Sent from my iPhone"), greetings ("Hi,"),
 * and the signature: below "-- ", from a sign-off ("Best regards,") or the sender's own name
 * on a line on. */
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

static bool contains_ci(const char *line, size_t n, const char *word)
{
    size_t k = strlen(word);
    for (size_t i = 0; i + k <= n; i++)
        if (strncasecmp(line + i, word, k) == 0)
            return true;
    return false;
}

/* The verbs of an attribution: "On ..., Alice wrote:", "1 jan. 2026 kl. 10:00 skrev Alice
 * <alice@example.org>:" (Apple Mail in Swedish). */
static const char *const ATTRIBUTION_VERBS[] = {" wrote", " schrieb", " a écrit", " schreef",
                                                " ha scritto", " escribió", " skrev", NULL};

/* "On Mon, 1 Jan 2026, Alice wrote:" and its translations: a line ending in ':' with the verb
 * in it (only ever taken so when a ">" quote follows it). */
static bool is_attribution(const char *line, size_t n)
{
    if (!ends_with_ci(line, n, ":"))
        return false;
    for (int i = 0; ATTRIBUTION_VERBS[i]; i++)
        if (contains_ci(line, n, ATTRIBUTION_VERBS[i]))
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
 * escribió:", "Den <date> skrev <name>:" (Swedish, Danish, Norwegian). */
static bool opens_attribution(const char *line, size_t n, const char *next, size_t next_n)
{
    static const char *const openers[] = {"On ", "Am ", "Le ", "Op ", "Il giorno ", "El ",
                                          "Den ", NULL};
    const char *const *verbs = ATTRIBUTION_VERBS;
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
    {"från", {"skickat", "datum", "till", "ämne", "kopia"}},
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

/* ---- greetings, sign-offs, names ---- */

/* Whether the line is one of the phrases, then at most `names` words of a name (letters: no
 * digits, no ':' inside — "Best TILE 9 ON M13" is an order), with ',', '.', '!' (and, when
 * colon, one ':') after it. */
static bool phrase_then_name(const char *line, size_t n, const char *const *phrases,
                             size_t names, bool colon)
{
    while (n && (line[0] == ' ' || line[0] == '\t'))
        line++, n--;
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
    if (colon && n && line[n - 1] == ':')
        n--;
    if (n == 0 || n > 40)
        return false;
    for (int i = 0; phrases[i]; i++) {
        size_t k = strlen(phrases[i]);
        if (n < k || strncasecmp(line, phrases[i], k) != 0)
            continue;
        const char *rest = line + k;
        size_t left = n - k, words = 0;
        if (left && !strchr(" ,.!;-", rest[0]))
            continue; /* a longer word ("Bestand") */
        bool letters = true;
        for (size_t j = 0; j < left; j++) {
            if (rest[j] != ' ' && (j == 0 || rest[j - 1] == ' '))
                words++;
            if (isdigit((unsigned char)rest[j]) || rest[j] == ':')
                letters = false;
        }
        if (words <= names && letters)
            return true;
    }
    return false;
}

/* "Regards, Alice", "Thanks!", "Viele Grüße", "Med vänliga hälsningar": a short line opening
 * with a sign-off, then at most a name. In the languages our players write. */
static bool is_closing(const char *line, size_t n)
{
    static const char *const closings[] = {
        /* English */
        "best regards", "kind regards", "warm regards", "warmest regards", "regards",
        "best wishes", "best", "cheers", "thanks", "thank you", "thanks again", "thx", "ty",
        "many thanks", "greetings", "yours", "yours truly", "sincerely", "all the best",
        "take care", "have fun", "see you", "bye",
        /* German */
        "viele grüße", "viele grüsse", "liebe grüße", "liebe grüsse", "beste grüße",
        "beste grüsse", "freundliche grüße", "freundliche grüsse", "mit freundlichen grüßen",
        "mit freundlichen grüssen", "schöne grüße", "schöne grüsse", "herzliche grüße",
        "grüße", "gruß", "gruss", "grüsse", "lg", "mfg", "vg", "danke", "vielen dank",
        "danke schön", "bis bald", "tschüss", "tschüs",
        /* Swedish */
        "med vänliga hälsningar", "vänliga hälsningar", "vänligen", "hälsningar",
        "mvh", "vh", "hälsning", "tack", "tack så mycket", "ha det bra", "hej då", "kram",
        /* French */
        "cordialement", "bien cordialement", "amitiés", "bien à vous", "merci", "merci beaucoup",
        "à bientôt", "salutations", "bonne journée", "bises",
        /* Dutch */
        "groeten", "met vriendelijke groet", "vriendelijke groet", "groetjes", "groet",
        "hartelijke groet", "dank je", "dank u", "bedankt", "tot ziens",
        /* Italian */
        "saluti", "cordiali saluti", "distinti saluti", "un saluto", "grazie", "a presto",
        "ciao", "buona giornata",
        /* Spanish, Portuguese */
        "saludos", "un saludo", "gracias", "muchas gracias", "atentamente", "hasta luego",
        "obrigado", "obrigada", "abraços", "cumprimentos", NULL};
    return phrase_then_name(line, n, closings, 3, false);
}

/* "Hi,", "Hello Gerd,", "Dear all,", "Hallo zusammen,", "Hej!", "Bonjour," — a greeting line,
 * never an order. */
static bool is_greeting(const char *line, size_t n)
{
    static const char *const greetings[] = {
        "hi", "hello", "hey", "hiya", "dear", "good morning", "good afternoon", "good evening",
        "hallo", "liebe", "lieber", "liebes", "moin", "moin moin", "servus", "guten tag",
        "guten morgen", "guten abend", "grüß gott", "grüezi", "sehr geehrte", "sehr geehrter",
        "hej", "hejsan", "hallå", "tjena", "tjenare", "god morgon", "god dag", "god kväll",
        "kära", "bonjour", "bonsoir", "salut", "coucou", "cher", "chère", "chers", "hoi",
        "beste", "goedemorgen", "goedemiddag", "goedenavond", "ciao", "salve", "buongiorno",
        "buonasera", "caro", "cara", "cari", "hola", "buenos días", "buenas tardes", "buenas",
        "estimado", "estimada", "querido", "querida", "olá", "bom dia", NULL};
    return phrase_then_name(line, n, greetings, 3, true);
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

/* Whether the line is the sender's name as a signature: the name the mail's From gives, or its
 * first word ("Bob" of "Bob Smith"), maybe after "/", "//", "-" or "~" ("/Bob", Swedish
 * style), maybe with a '.' or '!' after it. */
static bool is_sender_name(const char *line, size_t n, const char *sender)
{
    if (!sender || !*sender)
        return false;
    while (n && strchr(" \t/-~", line[0]))
        line++, n--;
    while (n && strchr(" \t.!,", line[n - 1]))
        n--;
    if (n < 2)
        return false;
    size_t whole = strlen(sender), first = strcspn(sender, " ");
    return (n == whole && strncasecmp(line, sender, n) == 0) ||
           (n == first && strncasecmp(line, sender, n) == 0);
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

/* ---- what mail clients write ---- */

/* The line (trimmed) starts with one of the prefixes, and is short. */
static bool starts_with_one(const char *line, size_t n, const char *const *prefixes,
                            size_t longest)
{
    while (n && (line[0] == ' ' || line[0] == '\t'))
        line++, n--;
    if (n > longest)
        return false;
    for (int i = 0; prefixes[i]; i++)
        if (starts_with_ci(line, n, prefixes[i]))
            return true;
    return false;
}

/* What a mobile or desktop client or a mail provider writes under the mail: "Sent from my
 * iPhone", "Von meinem iPhone gesendet", "Skickat från min iPhone", "Get Outlook for iOS". */
static bool is_client_footer(const char *line, size_t n)
{
    static const char *const footers[] = {
        "sent from my ", "sent from ", "sent with ", "sent via ", "sent using ",
        "sent on the go", "get outlook for ", "download outlook for ",
        "von meinem ", "gesendet von ", "gesendet vom ", "gesendet mit ", "outlook für ",
        "holen sie sich outlook", "diese nachricht wurde von meinem",
        "skickat från ", "skickades från ", "skickat med ", "skickat via ", "hämta outlook ",
        "sendt fra ", "envoyé de ", "envoyé depuis ", "envoyé à partir de ", "envoyé avec ",
        "obtenir outlook ", "verstuurd vanaf ", "verzonden vanaf ", "verzonden met ",
        "verstuurd met ", "download outlook voor ", "outlook voor ",
        "inviato da ", "inviato dal mio ", "inviato con ", "scarica outlook ",
        "enviado desde ", "enviado con ", "enviado do meu ", "obtener outlook ", NULL};
    return starts_with_one(line, n, footers, 100);
}

/* The words a forwarded mail's divider or opening line has, in our players' languages. */
static bool names_a_forward(const char *line, size_t n)
{
    static const char *const words[] = {"forward", "weitergeleitet", "vidarebefordra",
                                        "videresendt", "transféré", "réexpédié", "doorgestuurd",
                                        "inoltrato", "reenviado", "encaminhad", NULL};
    for (int i = 0; words[i]; i++)
        if (contains_ci(line, n, words[i]))
            return true;
    return false;
}

/* A divider of dashes around words ("-----Ursprungligt meddelande-----"): whether it is. */
static bool is_dashed(const char *line, size_t n)
{
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
    return n >= 10 && starts_with_ci(line, n, "---") && strncmp(line + n - 3, "---", 3) == 0;
}

/* The line opening a forwarded mail: Gmail's "---------- Forwarded message ---------",
 * Thunderbird's "-------- Weitergeleitete Nachricht --------", Apple Mail's "Begin forwarded
 * message:" and their translations. */
static bool opens_forward(const char *line, size_t n)
{
    if (!names_a_forward(line, n))
        return false;
    return is_dashed(line, n) || (n <= 60 && ends_with_ci(line, n, ":"));
}

/* A header line of a forwarded mail's block: "Subject: ...", "Date:\tMon, ..." — a word or
 * two, then ':'. */
static bool is_header_like(const char *line, size_t n)
{
    size_t i = 0, words = 0;
    while (i < n && line[i] == '*')
        i++;
    while (i < n && line[i] != ':') {
        unsigned char c = (unsigned char)line[i];
        if (c != ' ' && (i == 0 || line[i - 1] == ' '))
            words++;
        if (c < 0x80 && !isalpha(c) && c != ' ' && c != '*' && c != '-')
            return false;
        i++;
    }
    return i < n && i <= 24 && words >= 1 && words <= 2;
}

/* Lines below which nothing the sender typed follows. */
static bool is_cut_line(const char *line, size_t n)
{
    if ((n == 3 && strncmp(line, "-- ", 3) == 0) || (n == 2 && strncmp(line, "--", 2) == 0))
        return true;
    static const char *const dividers[] = {"-----Original Message-----",
                                           "----- Original Message -----",
                                           "-----Ursprüngliche Nachricht-----",
                                           "________________________________", NULL};
    for (int i = 0; dividers[i]; i++)
        if (n >= strlen(dividers[i]) && strncasecmp(line, dividers[i], strlen(dividers[i])) == 0)
            return true;
    /* the original mail's divider in other languages ("-----Ursprungligt meddelande-----",
     * "-----Message d'origine-----", "-----Oorspronkelijk bericht-----") */
    static const char *const originals[] = {"origin", "ursprüng", "ursprung", "oorspronkelijk",
                                            "oprindelig", "opprinnelig", NULL};
    if (is_dashed(line, n))
        for (int i = 0; originals[i]; i++)
            if (contains_ci(line, n, originals[i]))
                return true;
    return false;
}

/* ---- typography ---- */

/* What word processors and phones write for plain characters: a dash (en, em, minus) is '-',
 * a smart quote a plain one, a bullet at a line's start '-' (a list marker), the other spaces
 * (no-break, narrow, thin) a space, and invisible marks (zero-width space, byte order mark)
 * nothing. */
static char *plain_typography(const char *text)
{
    static const struct { const char *utf8, *plain; bool at_start; } map[] = {
        {"\xc2\xa0", " ", false},     /* U+00A0 no-break space */
        {"\xe2\x80\xaf", " ", false}, /* U+202F narrow no-break space */
        {"\xe2\x80\x82", " ", false}, {"\xe2\x80\x83", " ", false}, /* en, em space */
        {"\xe2\x80\x87", " ", false}, {"\xe2\x80\x89", " ", false}, /* figure, thin space */
        {"\xe2\x80\x8b", "", false},  /* U+200B zero-width space */
        {"\xe2\x80\x8c", "", false},  {"\xe2\x80\x8d", "", false},  {"\xe2\x81\xa0", "", false},
        {"\xef\xbb\xbf", "", false},  /* U+FEFF byte order mark */
        {"\xe2\x80\x90", "-", false}, {"\xe2\x80\x91", "-", false}, /* hyphens */
        {"\xe2\x80\x92", "-", false}, {"\xe2\x80\x93", "-", false}, /* figure dash, en dash */
        {"\xe2\x80\x94", "-", false}, {"\xe2\x80\x95", "-", false}, /* em dash, bar */
        {"\xe2\x88\x92", "-", false}, /* U+2212 minus */
        {"\xe2\x80\x98", "'", false}, {"\xe2\x80\x99", "'", false}, /* ‘ ’ */
        {"\xe2\x80\x9a", "'", false}, {"\xe2\x80\x9b", "'", false},
        {"\xe2\x80\x9c", "\"", false}, {"\xe2\x80\x9d", "\"", false}, /* “ ” */
        {"\xe2\x80\x9e", "\"", false}, {"\xe2\x80\x9f", "\"", false}, /* „ */
        {"\xc2\xab", "\"", false},     {"\xc2\xbb", "\"", false},     /* « » */
        {"\xe2\x80\xa2", "-", true},   {"\xe2\x80\xa3", "-", true},   /* • ‣ */
        {"\xe2\x81\x83", "-", true},   {"\xe2\x97\x8f", "-", true},   /* ⁃ ● */
        {"\xe2\x97\xa6", "-", true},   {"\xe2\x96\xaa", "-", true},   /* ◦ ▪ */
        {"\xe2\x96\xa0", "-", true},   {"\xc2\xb7", "-", true},       /* ■ · */
        {"\xe2\x88\x99", "-", true},   {"\xef\x82\xb7", "-", true},   /* ∙, Word's  */
        {"\xef\x82\xa7", "-", true},   {"\xe2\x9e\xa2", "-", true},   /* Word's , ➢ */
    };
    buf out;
    buf_init(&out);
    bool line_start = true;
    for (const char *p = text; *p;) {
        size_t k = 0;
        if ((unsigned char)*p >= 0x80)
            for (; k < sizeof map / sizeof *map; k++)
                if ((line_start || !map[k].at_start) &&
                    strncmp(p, map[k].utf8, strlen(map[k].utf8)) == 0)
                    break;
        if (k < sizeof map / sizeof *map && (unsigned char)*p >= 0x80) {
            buf_adds(&out, map[k].plain);
            p += strlen(map[k].utf8);
            line_start = line_start && !*map[k].plain;
            continue;
        }
        if (*p == '\n')
            line_start = true;
        else if (*p != ' ' && *p != '\t')
            line_start = false;
        buf_addc(&out, *p++);
    }
    return buf_steal(&out);
}

/* ---- the text ---- */

/* The first line after a forwarded mail's opening line and its header block (From:, Date:,
 * Subject:, To:): where the forwarded text starts. */
static size_t past_forward_header(const struct line *lines, size_t count, size_t from)
{
    size_t j = from;
    while (j < count && str_is_blank_n(lines[j].p, lines[j].n))
        j++;
    while (j < count && is_header_like(lines[j].p, lines[j].n))
        j++;
    return j;
}

/* The non-blank lines after line i. */
static size_t lines_left(const struct line *lines, size_t count, size_t i)
{
    size_t n = 0;
    for (size_t j = i + 1; j < count; j++)
        n += !str_is_blank_n(lines[j].p, lines[j].n);
    return n;
}

/* The sender's own lines under line i (his signature's, or what he typed below it): the lines
 * that are neither blank nor quoted, up to a quote's opening; NULL when there are none. */
static char *own_lines_below(const struct line *lines, size_t count, size_t i)
{
    buf b;
    buf_init(&b);
    for (size_t j = i + 1; j < count; j++) {
        const struct line *l = &lines[j];
        const struct line *next = j + 1 < count ? &lines[j + 1] : NULL;
        if (is_cut_line(l->p, l->n) || opens_header_block(lines, count, j) ||
            is_client_footer(l->p, l->n) || opens_forward(l->p, l->n) ||
            opens_attribution(l->p, l->n, next ? next->p : NULL, next ? next->n : 0) ||
            is_attribution(l->p, l->n))
            break;
        if (is_quote_line(l->p, l->n) || str_is_blank_n(l->p, l->n))
            continue;
        buf_add(&b, l->p, l->n);
        buf_addc(&b, '\n');
    }
    return b.len ? buf_steal(&b) : (buf_free(&b), NULL);
}

char *mail_strip_quotes_from(const char *text, const char *sender)
{
    return mail_strip_quotes_below(text, sender, NULL, NULL);
}

char *mail_strip_quotes_below(const char *text, const char *sender, char **below,
                              int *skipped)
{
    if (below)
        *below = NULL;
    if (skipped)
        *skipped = 0;
    char *plain = plain_typography(text);
    size_t count = 0, cap = 64;
    struct line *lines = xmalloc(cap * sizeof *lines);
    for (const char *p = plain; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        if (count == cap)
            lines = xrealloc(lines, (cap *= 2) * sizeof *lines);
        lines[count++] = (struct line){p, n};
        p = nl ? nl + 1 : p + n;
    }
    buf out;
    buf_init(&out);
    bool typed = false; /* a line of the sender's own text is above */
    for (size_t i = 0; i < count; i++) {
        const struct line *l = &lines[i];
        if (opens_forward(l->p, l->n)) {
            if (typed)
                break; /* the sender's text above: the forwarded mail is a quote */
            i = past_forward_header(lines, count, i + 1) - 1;
            continue; /* a forwarded mail and nothing else: what it says is what is sent */
        }
        if (is_cut_line(l->p, l->n) || opens_header_block(lines, count, i) ||
            is_client_footer(l->p, l->n))
            break; /* below: the quoted mail, or what the client appends */
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
        bool greeting = is_greeting(l->p, l->n); /* ("Ciao", "Salut": either, by where) */
        if (typed && ((is_closing(l->p, l->n) && (!greeting || lines_left(lines, count, i) <= 3)) ||
                      is_sender_name(l->p, l->n, sender))) {
            if (below) /* (what he typed under it is said, not lost without a word) */
                *below = own_lines_below(lines, count, i);
            break; /* the signature: a sign-off or the sender's name, and what is under it */
        }
        if ((greeting && !typed) || is_sender_name(l->p, l->n, sender))
            continue; /* (a greeting under text is the sender's: the GM's BROADCAST has one) */
        if (!typed && str_is_blank_n(l->p, l->n))
            continue; /* (the blank lines a greeting or a forward's header leave) */
        if (!typed && skipped) /* (a greeting, a forward's header above: the mail's numbers) */
            *skipped = (int)i;
        typed = true;
        buf_add(&out, l->p, l->n);
        buf_addc(&out, '\n');
    }
    free(lines);
    free(plain);
    drop_closing(&out);
    while (out.len && (out.data[out.len - 1] == '\n' || out.data[out.len - 1] == ' '))
        out.data[--out.len] = '\0';
    if (out.len)
        buf_addc(&out, '\n');
    return buf_steal(&out);
}

char *mail_strip_quotes(const char *text)
{
    return mail_strip_quotes_from(text, NULL);
}
