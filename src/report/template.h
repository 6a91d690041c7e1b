/* template: a small mustache-style renderer for the reply and report templates.
 *
 *   {{name}}          a value, looked up through the enclosing sections; dotted names descend
 *   {{{name}}} {{&name}}  a value, never escaped
 *   {{#name}}..{{/name}}  a section: repeated for each element of a list, entered for an object,
 *                     shown once for any other true value; skipped for a missing, false, null,
 *                     zero, empty-string or empty-list value
 *   {{^name}}..{{/name}}  shown only when the section would be skipped
 *   {{.}}             the current list element
 *   {{! comment}}     nothing
 * A section, close or comment tag alone on its line takes the whole line with it. In HTML mode
 * {{name}} escapes & < > " '. The context is a cJSON value. */
#ifndef PBEMGM_TEMPLATE_H
#define PBEMGM_TEMPLATE_H

#include <cJSON.h>

enum tpl_mode { TPL_TEXT, TPL_HTML };

/* Renders src with ctx. Returns the text (malloc'd), or NULL with *err (malloc'd) saying what
 * is wrong and on which line. */
char *tpl_render(const char *src, const cJSON *ctx, enum tpl_mode mode, char **err);
/* Renders dir/name; HTML mode when the name ends in ".html". {{>other.txt}} in it is replaced
 * by the file dir/other.txt first (a partial; one level). */
char *tpl_render_file(const char *dir, const char *name, const cJSON *ctx, char **err);

#endif
