/* export: a game's action log written as an 18xx.games game file (xgames.h). */
#include "xgames/xgames.h"

#include <stdio.h>

char *xg_export(const xg_source *src, eng_title_reader read, void *ctx, char **warning,
                char *why, size_t len)
{
    (void)src;
    (void)read;
    (void)ctx;
    *warning = NULL;
    snprintf(why, len, "exporting 18xx.games files is not built yet");
    return NULL;
}
