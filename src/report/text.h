/* text: laying out a report for text-only mail clients — tables whose columns line up, and
 * lines wrapped to the width a mail line may have (RFC 5322 recommends 78 characters). Widths
 * count characters (UTF-8 sequences), not bytes. */
#ifndef PBEMGM_RPT_TEXT_H
#define PBEMGM_RPT_TEXT_H

#include <cJSON.h>

#define RPT_TEXT_WIDTH 78

/* The text with every line longer than width broken at spaces; a continuation of an indented
 * line (a list's item) is indented four more than it, of a line at the margin (prose) not at
 * all. A word longer than the width stays whole. Malloc'd. */
char *rpt_wrap(const char *text, int width);
/* rows: an array of arrays of strings (the first row the header); the table with each column as
 * wide as its widest cell, columns two spaces apart, each line indented by indent, a rule
 * under the header. Malloc'd. */
char *rpt_text_table(const cJSON *rows, int indent);
/* The display width of a UTF-8 string. */
int rpt_text_width(const char *s);

#endif
