/* import: an 18xx.games game file read and applied through the engine (xgames.h). */
#include "xgames/xgames.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int xg_import(const char *json, eng_title_reader read, void *ctx, xg_game *out, char *why,
              size_t len)
{
    (void)json;
    (void)read;
    (void)ctx;
    memset(out, 0, sizeof *out);
    snprintf(why, len, "importing 18xx.games files is not built yet");
    return -1;
}

void xg_game_clear(xg_game *x)
{
    for (int i = 0; i < x->nactions; i++)
        free(x->actions[i]);
    free(x->actions);
    free(x->from_id);
    eng_game_free(x->g);
    eng_title_free(x->t);
    memset(x, 0, sizeof *x);
}
