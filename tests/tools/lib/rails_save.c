/* rails_save: the game options of a Rails saved game (a ".rails" file beside its ".report"), so
 * that rails_replay plays any Rails log with the options it was played with.
 *
 * A Rails save is a Java object stream: a version string, a date, a Long, the game's name and
 * then a map from option names to values (Rails' GameManager.saveGame), then the game's
 * actions. Only what comes before the map is read, with the stream's own grammar (Java's
 * Object Serialization Stream Protocol: strings, class descriptions, objects whose classes are
 * described in the stream, references to them by handle). */
#include "rails_save.h"

#include "util/buf.h"
#include "util/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    TC_NULL = 0x70, TC_REFERENCE = 0x71, TC_CLASSDESC = 0x72, TC_OBJECT = 0x73,
    TC_STRING = 0x74, TC_ENDBLOCKDATA = 0x78, TC_BLOCKDATA = 0x77, TC_BLOCKDATALONG = 0x7a,
    TC_LONGSTRING = 0x7c, SC_WRITE_METHOD = 0x01, SC_SERIALIZABLE = 0x02, MAX_HANDLES = 4096,
    MAX_FIELDS = 32
};

struct field {
    char type;
};

/* What a handle stands for: a string, or a class with its fields and its superclass. */
struct handle {
    char *string;           /* a string, else NULL */
    bool is_class;
    char name[128];
    uint8_t flags;
    int nfields;
    struct field fields[MAX_FIELDS];
    int super;              /* its superclass's handle, or -1 */
};

struct stream {
    char *data; /* the file read, freed with the stream */
    const unsigned char *p, *end;
    bool bad;
    int nhandles;
    struct handle h[MAX_HANDLES];
    int nstrings;           /* the strings read from the map's own data, in order */
    int strings[64];
};

static unsigned long long take(struct stream *s, int bytes)
{
    unsigned long long v = 0;
    if (s->end - s->p < bytes) {
        s->bad = true;
        return 0;
    }
    for (int i = 0; i < bytes; i++)
        v = v << 8 | *s->p++;
    return v;
}

static int new_handle(struct stream *s)
{
    if (s->nhandles >= MAX_HANDLES) {
        s->bad = true;
        return 0;
    }
    memset(&s->h[s->nhandles], 0, sizeof s->h[0]);
    s->h[s->nhandles].super = -1;
    return s->nhandles++;
}

static char *take_utf(struct stream *s, size_t n)
{
    if ((size_t)(s->end - s->p) < n) {
        s->bad = true;
        return xstrdup("");
    }
    char *v = xmalloc(n + 1);
    memcpy(v, s->p, n);
    v[n] = '\0';
    s->p += n;
    return v;
}

static int content(struct stream *s);

/* A class description (TC_CLASSDESC, a reference to one, or TC_NULL): its handle or -1. */
static int class_desc(struct stream *s)
{
    int tc = (int)take(s, 1);
    if (tc == TC_NULL)
        return -1;
    if (tc == TC_REFERENCE) {
        int k = (int)(take(s, 4) - 0x7e0000);
        return k >= 0 && k < s->nhandles && s->h[k].is_class ? k : (s->bad = true, -1);
    }
    if (tc != TC_CLASSDESC) {
        s->bad = true;
        return -1;
    }
    char *name = take_utf(s, (size_t)take(s, 2));
    take(s, 8); /* serialVersionUID */
    int k = new_handle(s);
    struct handle *c = &s->h[k];
    c->is_class = true;
    snprintf(c->name, sizeof c->name, "%s", name);
    free(name);
    c->flags = (uint8_t)take(s, 1);
    int n = (int)take(s, 2);
    for (int i = 0; i < n && !s->bad; i++) {
        char type = (char)take(s, 1);
        free(take_utf(s, (size_t)take(s, 2)));
        if (type == 'L' || type == '[')
            content(s); /* the field's class name, a string */
        if (i < MAX_FIELDS)
            s->h[k].fields[s->h[k].nfields++].type = type;
        else
            s->bad = true;
    }
    while (!s->bad && s->p < s->end && *s->p != TC_ENDBLOCKDATA) /* class annotation */
        content(s);
    take(s, 1);
    int super = class_desc(s);
    s->h[k].super = super;
    return k;
}

static void field_values(struct stream *s, const struct handle *c)
{
    for (int i = 0; i < c->nfields && !s->bad; i++)
        switch (c->fields[i].type) {
        case 'B': case 'Z': take(s, 1); break;
        case 'C': case 'S': take(s, 2); break;
        case 'I': case 'F': take(s, 4); break;
        case 'J': case 'D': take(s, 8); break;
        default: content(s); break;
        }
}

/* Block data and objects up to TC_ENDBLOCKDATA; a map's strings (keys and values in turn)
 * remembered when keep. */
static void annotation(struct stream *s, bool keep)
{
    while (!s->bad && s->p < s->end && *s->p != TC_ENDBLOCKDATA) {
        int k = content(s);
        if (keep && k >= 0 && s->h[k].string && s->nstrings < 64)
            s->strings[s->nstrings++] = k;
    }
    take(s, 1);
}

/* An object's data, its classes from the farthest superclass down. */
static void class_data(struct stream *s, int k, int depth)
{
    if (k < 0 || depth > 16 || s->bad)
        return;
    class_data(s, s->h[k].super, depth + 1);
    const struct handle *c = &s->h[k];
    if (!(c->flags & SC_SERIALIZABLE))
        return;
    field_values(s, c);
    if (c->flags & SC_WRITE_METHOD)
        annotation(s, strcmp(c->name, "java.util.HashMap") == 0);
}

/* One element of the stream: the handle of the string or object read, or -1. */
static int content(struct stream *s)
{
    int tc = s->p < s->end ? *s->p : -1;
    switch (tc) {
    case TC_STRING:
    case TC_LONGSTRING: {
        take(s, 1);
        int k = new_handle(s);
        char *v = take_utf(s, (size_t)take(s, tc == TC_STRING ? 2 : 8));
        if (s->bad) {
            free(v);
            return -1;
        }
        s->h[k].string = v;
        return k;
    }
    case TC_REFERENCE: {
        take(s, 1);
        int k = (int)(take(s, 4) - 0x7e0000);
        return k >= 0 && k < s->nhandles ? k : (s->bad = true, -1);
    }
    case TC_NULL: take(s, 1); return -1;
    case TC_BLOCKDATA: take(s, 1); s->p += take(s, 1); return -1;
    case TC_BLOCKDATALONG: take(s, 1); s->p += take(s, 4); return -1;
    case TC_OBJECT: {
        take(s, 1);
        int c = class_desc(s), k = new_handle(s);
        class_data(s, c, 0);
        return k;
    }
    case TC_CLASSDESC: return class_desc(s);
    default: s->bad = true; return -1;
    }
}

/* A save's Java object stream opened (NULL: the file cannot be read); its header read, bad if
 * it is not one. */
static struct stream *stream_open(const char *path)
{
    size_t len = 0;
    char *data = util_read_file(path, &len);
    if (!data)
        return NULL;
    struct stream *s = xmalloc(sizeof *s);
    memset(s, 0, sizeof *s);
    s->data = data;
    s->p = (const unsigned char *)data;
    s->end = s->p + len;
    if (take(s, 2) != 0xaced || take(s, 2) != 5)
        s->bad = true;
    return s;
}

static void stream_close(struct stream *s)
{
    for (int i = 0; i < s->nhandles; i++)
        free(s->h[i].string);
    free(s->data);
    free(s);
}

char *rails_save_options(const char *path)
{
    struct stream *s = stream_open(path);
    if (!s)
        return NULL;
    for (int i = 0; i < 8 && !s->bad && s->nstrings == 0; i++) /* up to the options' map */
        content(s);
    char *out = NULL;
    if (!s->bad && s->nstrings >= 2) {
        buf b;
        buf_init(&b);
        for (int i = 0; i + 1 < s->nstrings; i += 2)
            buf_printf(&b, "%s%s=%s", i ? ", " : "", s->h[s->strings[i]].string,
                       s->h[s->strings[i + 1]].string);
        out = xstrdup(b.data);
        buf_free(&b);
    }
    stream_close(s);
    return out;
}

char *rails_save_version(const char *path)
{
    struct stream *s = stream_open(path);
    if (!s)
        return NULL;
    char *out = NULL;
    if (!s->bad) {
        int k = content(s); /* the stream's first element: Rails' version */
        if (!s->bad && k >= 0 && s->h[k].string)
            out = xstrdup(s->h[k].string);
    }
    stream_close(s);
    return out;
}
