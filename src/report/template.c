/* template: a small mustache-style renderer (see template.h for the language). Tokenizes the
 * source once, matching sections, then renders the token list against a stack of contexts. */
#include "report/template.h"
#include "util/buf.h"
#include "util/util.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum tok_type { T_TEXT, T_VAR, T_RAW, T_SECTION, T_INVERTED, T_CLOSE, T_COMMENT };

struct token {
    enum tok_type type;
    const char *text; /* T_TEXT: the text; others: the name */
    size_t len;
    int line;
    size_t match;     /* T_SECTION/T_INVERTED: index of the closing token */
};

struct tokens {
    struct token *v;
    size_t n, cap;
};

static void push_token(struct tokens *t, struct token tok)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 32;
        t->v = xrealloc(t->v, t->cap * sizeof *t->v);
    }
    t->v[t->n++] = tok;
}

/* The line numbers of places met in order: each call counts only from the place before. */
struct line_cursor {
    const char *at;
    int line;
};

static int line_of(struct line_cursor *lc, const char *p)
{
    for (; lc->at < p; lc->at++)
        lc->line += (*lc->at == '\n');
    return lc->line;
}

/* A section/close/comment tag alone on its line: returns true and sets the extent to remove. */
static bool standalone(const char *src, const char *tag_start, const char *tag_end,
                       const char **line_start, const char **after)
{
    const char *p = tag_start;
    while (p > src && (p[-1] == ' ' || p[-1] == '\t'))
        p--;
    if (p != src && p[-1] != '\n')
        return false;
    const char *q = tag_end;
    while (*q == ' ' || *q == '\t' || *q == '\r')
        q++;
    if (*q != '\n' && *q != '\0')
        return false;
    *line_start = p;
    *after = *q ? q + 1 : q;
    return true;
}

static void trim_name(const char **name, size_t *len)
{
    while (*len && isspace((unsigned char)**name)) {
        (*name)++;
        (*len)--;
    }
    while (*len && isspace((unsigned char)(*name)[*len - 1]))
        (*len)--;
}

static int tokenize(const char *src, struct tokens *out, buf *err)
{
    size_t open[64];
    int depth = 0;
    const char *p = src;
    struct line_cursor lc = {src, 1};
    while (*p) {
        const char *tag = strstr(p, "{{");
        if (!tag) {
            push_token(out, (struct token){T_TEXT, p, strlen(p), line_of(&lc, p), 0});
            break;
        }
        bool triple = tag[2] == '{';
        const char *close = strstr(tag + 2, triple ? "}}}" : "}}");
        if (!close) {
            buf_printf(err, "line %d: a tag is not closed", line_of(&lc, tag));
            return -1;
        }
        const char *name = tag + (triple ? 3 : 2);
        size_t len = (size_t)(close - name);
        const char *tag_end = close + (triple ? 3 : 2);
        enum tok_type type = triple ? T_RAW : T_VAR;
        if (!triple && len > 0) {
            switch (*name) {
            case '#': type = T_SECTION; break;
            case '^': type = T_INVERTED; break;
            case '/': type = T_CLOSE; break;
            case '!': type = T_COMMENT; break;
            case '&': type = T_RAW; break;
            default: break;
            }
            if (type != T_VAR) {
                name++;
                len--;
            }
        }
        trim_name(&name, &len);
        const char *text_end = tag, *next = tag_end;
        if (type == T_SECTION || type == T_INVERTED || type == T_CLOSE || type == T_COMMENT) {
            const char *ls, *after;
            if (standalone(src, tag, tag_end, &ls, &after)) {
                text_end = ls;
                next = after;
            }
        }
        if (text_end > p)
            push_token(out, (struct token){T_TEXT, p, (size_t)(text_end - p), line_of(&lc, p), 0});
        int line = line_of(&lc, tag);
        if (type != T_COMMENT && len == 0) {
            buf_printf(err, "line %d: a tag has no name", line);
            return -1;
        }
        if (type == T_SECTION || type == T_INVERTED) {
            if (depth == 64) {
                buf_printf(err, "line %d: sections nested too deep", line);
                return -1;
            }
            open[depth++] = out->n;
        } else if (type == T_CLOSE) {
            if (depth == 0) {
                buf_printf(err, "line %d: {{/%.*s}} closes no section", line, (int)len, name);
                return -1;
            }
            struct token *o = &out->v[open[depth - 1]];
            if (o->len != len || strncmp(o->text, name, len) != 0) {
                buf_printf(err, "line %d: {{/%.*s}} does not close {{#%.*s}} of line %d", line,
                           (int)len, name, (int)o->len, o->text, o->line);
                return -1;
            }
            o->match = out->n;
            depth--;
        }
        push_token(out, (struct token){type, name, len, line, 0});
        p = next;
    }
    if (depth > 0) {
        struct token *o = &out->v[open[depth - 1]];
        buf_printf(err, "line %d: {{#%.*s}} is never closed", o->line, (int)o->len, o->text);
        return -1;
    }
    return 0;
}

struct ctx_stack {
    const cJSON *v[64];
    int n;
};

static const cJSON *lookup(const struct ctx_stack *cs, const char *name, size_t len)
{
    if (len == 1 && name[0] == '.')
        return cs->n ? cs->v[cs->n - 1] : NULL;
    char path[256];
    if (len >= sizeof path)
        return NULL;
    memcpy(path, name, len);
    path[len] = '\0';
    char *save = NULL;
    char *part = strtok_r(path, ".", &save);
    if (!part)
        return NULL;
    const cJSON *found = NULL;
    for (int i = cs->n - 1; i >= 0 && !found; i--)
        if (cJSON_IsObject(cs->v[i]))
            found = cJSON_GetObjectItemCaseSensitive(cs->v[i], part);
    while (found && (part = strtok_r(NULL, ".", &save)) != NULL)
        found = cJSON_IsObject(found) ? cJSON_GetObjectItemCaseSensitive(found, part) : NULL;
    return found;
}

static bool truthy(const cJSON *v)
{
    if (!v || cJSON_IsNull(v) || cJSON_IsFalse(v))
        return false;
    if (cJSON_IsArray(v))
        return cJSON_GetArraySize(v) > 0;
    if (cJSON_IsString(v))
        return v->valuestring && *v->valuestring;
    if (cJSON_IsNumber(v))
        return v->valuedouble != 0;
    return true;
}

static void add_escaped(buf *out, const char *s, enum tpl_mode mode)
{
    if (mode == TPL_TEXT) {
        buf_adds(out, s);
        return;
    }
    for (; *s; s++) {
        switch (*s) {
        case '&': buf_adds(out, "&amp;"); break;
        case '<': buf_adds(out, "&lt;"); break;
        case '>': buf_adds(out, "&gt;"); break;
        case '"': buf_adds(out, "&quot;"); break;
        case '\'': buf_adds(out, "&#39;"); break;
        default: buf_addc(out, *s);
        }
    }
}

static void add_value(buf *out, const cJSON *v, enum tpl_mode mode)
{
    if (!v || cJSON_IsNull(v))
        return;
    if (cJSON_IsString(v)) {
        add_escaped(out, v->valuestring, mode);
    } else if (cJSON_IsNumber(v)) {
        double d = v->valuedouble;
        if (d == floor(d) && fabs(d) < 1e15)
            buf_printf(out, "%lld", (long long)d);
        else
            buf_printf(out, "%g", d);
    } else if (cJSON_IsBool(v)) {
        buf_adds(out, cJSON_IsTrue(v) ? "true" : "false");
    }
}

static void render(const struct tokens *t, size_t from, size_t to, struct ctx_stack *cs,
                   enum tpl_mode mode, buf *out)
{
    for (size_t i = from; i < to; i++) {
        const struct token *tok = &t->v[i];
        switch (tok->type) {
        case T_TEXT:
            buf_add(out, tok->text, tok->len);
            break;
        case T_VAR:
        case T_RAW:
            add_value(out, lookup(cs, tok->text, tok->len), tok->type == T_VAR ? mode : TPL_TEXT);
            break;
        case T_SECTION: {
            const cJSON *v = lookup(cs, tok->text, tok->len);
            if (truthy(v) && cs->n < 64) {
                if (cJSON_IsArray(v)) {
                    const cJSON *item;
                    cJSON_ArrayForEach(item, v)
                    {
                        cs->v[cs->n++] = item;
                        render(t, i + 1, tok->match, cs, mode, out);
                        cs->n--;
                    }
                } else {
                    bool push = cJSON_IsObject(v);
                    if (push)
                        cs->v[cs->n++] = v;
                    render(t, i + 1, tok->match, cs, mode, out);
                    if (push)
                        cs->n--;
                }
            }
            i = tok->match;
            break;
        }
        case T_INVERTED:
            if (!truthy(lookup(cs, tok->text, tok->len)))
                render(t, i + 1, tok->match, cs, mode, out);
            i = tok->match;
            break;
        case T_CLOSE:
        case T_COMMENT:
            break;
        }
    }
}

char *tpl_render(const char *src, const cJSON *ctx, enum tpl_mode mode, char **err)
{
    struct tokens t = {0};
    buf e, out;
    buf_init(&e);
    buf_init(&out);
    char *result = NULL;
    if (tokenize(src, &t, &e) == 0) {
        struct ctx_stack cs = {.n = 0};
        if (ctx)
            cs.v[cs.n++] = ctx;
        render(&t, 0, t.n, &cs, mode, &out);
        result = buf_steal(&out);
    } else {
        *err = buf_steal(&e);
    }
    free(t.v);
    buf_free(&e);
    buf_free(&out);
    return result;
}

/* src with each {{>name}} replaced by the file dir/name (one level: a partial's own partials
 * stay as they are); NULL with *err when one cannot be read. */
static char *with_partials(const char *dir, const char *src, char **err)
{
    buf out;
    buf_init(&out);
    const char *p = src, *tag;
    while ((tag = strstr(p, "{{>")) != NULL) {
        const char *end = strstr(tag, "}}");
        if (!end)
            break;
        buf_add(&out, p, (size_t)(tag - p));
        char *name = str_trim(xstrndup(tag + 3, (size_t)(end - tag - 3)));
        char *path = str_format("%s/%s", dir, name);
        char *part = strchr(name, '/') ? NULL : util_read_file(path, NULL);
        if (!part)
            *err = str_format("%s: cannot read the partial template \"%s\"", path, name);
        else
            buf_adds(&out, part);
        free(part);
        free(path);
        free(name);
        if (!part) {
            buf_free(&out);
            return NULL;
        }
        p = end + 2;
        if (out.len && out.data[out.len - 1] == '\n' && *p == '\n')
            p++; /* a partial alone on its line takes the line */
    }
    buf_adds(&out, p);
    return buf_steal(&out);
}

char *tpl_render_file(const char *dir, const char *name, const cJSON *ctx, char **err)
{
    char *path = str_format("%s/%s", dir, name);
    char *raw = util_read_file(path, NULL);
    char *src = raw ? with_partials(dir, raw, err) : NULL;
    free(raw);
    if (raw && !src) {
        free(path);
        return NULL;
    }
    char *result = NULL;
    if (!src) {
        *err = str_format("%s: cannot read the template", path);
    } else {
        size_t n = strlen(name);
        enum tpl_mode mode = (n > 5 && strcmp(name + n - 5, ".html") == 0) ? TPL_HTML : TPL_TEXT;
        char *inner = NULL;
        result = tpl_render(src, ctx, mode, &inner);
        if (!result) {
            *err = str_format("%s: %s", path, inner);
            free(inner);
        }
        free(src);
    }
    free(path);
    return result;
}
