/* png: a cairo surface as PNG bytes in memory (see png.h). */
#include "report/png.h"
#include "util/buf.h"

static cairo_status_t to_buf(void *closure, const unsigned char *data, unsigned int length)
{
    buf_add((buf *)closure, data, length);
    return CAIRO_STATUS_SUCCESS;
}

unsigned char *rpt_png_take(cairo_surface_t *s, const char *what, size_t *len, char **err)
{
    buf out;
    buf_init(&out);
    cairo_status_t st = cairo_surface_write_to_png_stream(s, to_buf, &out);
    cairo_surface_destroy(s);
    if (st != CAIRO_STATUS_SUCCESS) {
        *err = str_format("%s: %s", what, cairo_status_to_string(st));
        buf_free(&out);
        return NULL;
    }
    *len = out.len;
    return (unsigned char *)buf_steal(&out);
}
