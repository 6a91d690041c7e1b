/* text: tables and wrapping for the text part of a report (see text.h). */
#include "report/text.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

int rpt_text_width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Bytes of s that make at most cols characters. */
static size_t bytes_for(const char *s, size_t len, int cols)
{
    size_t i = 0;
    for (int c = 0; i < len; c++) {
        if (c == cols)
            break;
        i++;
        while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
            i++;
    }
    return i;
}

static void wrap_line(buf *out, const char *line, size_t len, int width)
{
    size_t indent = 0;
    while (indent < len && line[indent] == ' ')
        indent++;
    /* a line of prose goes on at the margin; an indented one (an item of a list) under itself,
     * four further in, so that the next item stands out */
    size_t more = indent == 0 ? 0 : indent + 4 < (size_t)width / 2 ? indent + 4 : indent;
    bool first = true;
    while (len) {
        size_t lead = first ? 0 : more;
        size_t fit = bytes_for(line, len, width - (int)lead);
        size_t cut = len;
        if (fit < len) { /* break at the last space that fits, else after the long word */
            cut = fit;
            while (cut > indent && line[cut] != ' ')
                cut--;
            if (cut <= indent) {
                cut = fit;
                while (cut < len && line[cut] != ' ')
                    cut++;
            }
        }
        for (size_t k = 0; k < lead; k++)
            buf_addc(out, ' ');
        size_t end = cut;
        while (end > 0 && line[end - 1] == ' ' && cut < len)
            end--;
        buf_add(out, line, end);
        buf_addc(out, '\n');
        while (cut < len && line[cut] == ' ')
            cut++;
        line += cut;
        len -= cut;
        first = false;
    }
}

char *rpt_wrap(const char *text, int width)
{
    buf out;
    buf_init(&out);
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char *line = xstrndup(p, len);
        if (rpt_text_width(line) <= width || len == 0) {
            buf_add(&out, p, len);
            buf_addc(&out, '\n');
        } else {
            wrap_line(&out, p, len, width);
        }
        free(line);
        p += len + (nl ? 1 : 0);
    }
    if (out.len && text[strlen(text) - 1] != '\n') /* keep a last line without its end as it was */
        out.data[--out.len] = '\0';
    return buf_steal(&out);
}

static const char *cell_text(const cJSON *row, int c)
{
    const cJSON *cell = cJSON_GetArrayItem(row, c);
    return cJSON_IsString(cell) ? cell->valuestring : "";
}

/* The last cell of a line, wrapped at spaces to width: its first part on the line, each further
 * part on a line of its own, starting at column `at` (under the cell). A word wider than the
 * width stays whole. */
static void add_wrapped_cell(buf *line, const char *t, int width, int at)
{
    int col = 0;
    const char *p = t;
    while (*p) {
        size_t n = strcspn(p, " ");
        char *word = xstrndup(p, n);
        int w = rpt_text_width(word);
        if (col > 0 && col + 1 + w > width) {
            buf_addc(line, '\n');
            for (int k = 0; k < at; k++)
                buf_addc(line, ' ');
            col = 0;
        } else if (col > 0) {
            buf_addc(line, ' ');
            col++;
        }
        buf_adds(line, word);
        col += w;
        free(word);
        p += n;
        while (*p == ' ')
            p++;
    }
}

char *rpt_text_table(const cJSON *rows, int indent)
{
    int ncols = 0, widths[32] = {0};
    const cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        int n = cJSON_GetArraySize(row);
        ncols = n > ncols ? (n < 32 ? n : 32) : ncols;
        for (int c = 0; c < n && c < 32; c++) {
            int w = rpt_text_width(cell_text(row, c));
            widths[c] = w > widths[c] ? w : widths[c];
        }
    }
    /* a last column too wide for the line wraps within what is left of it (a player's
     * holdings late in a game), when that leaves it room enough */
    int before_last = indent;
    for (int c = 0; c + 1 < ncols; c++)
        before_last += widths[c] + 2;
    bool wrap_last = ncols > 0 && before_last + widths[ncols - 1] > RPT_TEXT_WIDTH &&
                     RPT_TEXT_WIDTH - before_last >= 16;
    if (wrap_last)
        widths[ncols - 1] = RPT_TEXT_WIDTH - before_last;
    buf out;
    buf_init(&out);
    bool header = true;
    cJSON_ArrayForEach(row, rows)
    {
        buf line;
        buf_init(&line);
        for (int k = 0; k < indent; k++)
            buf_addc(&line, ' ');
        for (int c = 0; c < ncols; c++) {
            const char *t = cell_text(row, c);
            if (wrap_last && c + 1 == ncols)
                add_wrapped_cell(&line, t, widths[c], before_last);
            else
                buf_adds(&line, t);
            if (c + 1 < ncols)
                for (int k = rpt_text_width(t); k < widths[c] + 2; k++)
                    buf_addc(&line, ' ');
        }
        buf_trim_end(&line);
        buf_printf(&out, "%s\n", line.data);
        if (header) {
            int total = 0;
            for (int c = 0; c < ncols; c++)
                total += widths[c] + (c + 1 < ncols ? 2 : 0);
            for (int k = 0; k < indent; k++)
                buf_addc(&out, ' ');
            for (int k = 0; k < total; k++)
                buf_addc(&out, '-');
            buf_addc(&out, '\n');
            header = false;
        }
        buf_free(&line);
    }
    return buf_steal(&out);
}
