/* text: turning a mail's text into what its sender typed — HTML to plain text (libxml2's
 * HTML parser does the parsing), and quoted replies and signatures removed. */
#include "mail/message.h"
#include "util/buf.h"
#include "util/util.h"

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

/* Appends text with runs of white space folded to one space (unless in <pre>). */
static void add_text(buf *out, const char *s, bool pre)
{
    if (pre) {
        buf_adds(out, s);
        return;
    }
    for (; *s; s++) {
        bool space = *s == ' ' || *s == '\t' || *s == '\n' || *s == '\r';
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

struct line {
    const char *p;
    size_t n;
};

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
        if (is_cut_line(l->p, l->n))
            break;
        if (is_quote_line(l->p, l->n))
            continue;
        if (is_attribution(l->p, l->n)) {
            size_t j = i + 1;
            while (j < count && str_is_blank_n(lines[j].p, lines[j].n))
                j++;
            if (j == count || is_quote_line(lines[j].p, lines[j].n))
                continue;
        }
        buf_add(&out, l->p, l->n);
        buf_addc(&out, '\n');
    }
    free(lines);
    while (out.len && (out.data[out.len - 1] == '\n' || out.data[out.len - 1] == ' '))
        out.data[--out.len] = '\0';
    if (out.len)
        buf_addc(&out, '\n');
    return buf_steal(&out);
}
