/* png: a picture drawn with cairo as PNG bytes in memory, for a mail or a page. */
#ifndef PBEMGM_RPT_PNG_H
#define PBEMGM_RPT_PNG_H

#include <cairo.h>
#include <stddef.h>

/* The surface as PNG (malloc'd, *len long); the surface is destroyed. NULL with *err
 * (malloc'd, naming what it is) when cairo fails. */
unsigned char *rpt_png_take(cairo_surface_t *s, const char *what, size_t *len, char **err);

#endif
