/* main: the pbemgm program — `pbemgm [-c CONFIG] serve [--once]` runs the daemon (src/daemon),
 * every other command is the GM's command line (src/cli). The two sit side by side on the game
 * service; only this file knows both. */
#include "cli/cli.h"
#include "config/config.h"
#include "daemon/daemon.h"
#include "util/util.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    util_keep_freed_memory();
    int i = 1;
    const char *cfg_path = NULL;
    if (i + 1 < argc && strcmp(argv[i], "-c") == 0) {
        cfg_path = argv[i + 1];
        i += 2;
    } else {
        cfg_path = cfg_default_path();
    }
    if (i < argc && strcmp(argv[i], "serve") == 0) {
        bool once = i + 1 < argc && strcmp(argv[i + 1], "--once") == 0;
        if (argc - i - 1 > (once ? 1 : 0)) {
            fputs("usage: pbemgm [-c CONFIG] serve [--once]\n", stderr);
            return 2;
        }
        return dmn_serve(cfg_path, once);
    }
    return cli_main(argc, argv);
}
