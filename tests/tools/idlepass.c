/* idlepass: what the daemon's pass over the running games costs when nothing is due (make
 * bench, bench/idle.sh): N running games of three players, their deadlines far ahead, in a new
 * database; svc_turns_due timed over several passes. Prints "idle N MS_PER_PASS".
 *   idlepass N DIR */
#include "config/config.h"
#include "service/service.h"
#include "store/store.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    util_keep_freed_memory();
    if (argc != 3) {
        fputs("usage: idlepass N DIR\n", stderr);
        return 2;
    }
    int n = atoi(argv[1]);
    char *path = str_format("%s/idle-%d.sqlite", argv[2], n), *err = NULL;
    remove(path);
    store *st = store_open(path, &err);
    if (!st || store_begin(st) != STORE_OK) {
        fprintf(stderr, "idlepass: %s\n", err ? err : "cannot begin");
        return 1;
    }
    static const char *const names[] = {"ann", "bob", "cy"};
    for (int k = 0; k < n; k++) {
        char name[32], addr[64];
        snprintf(name, sizeof name, "idle%d", k);
        int64_t id;
        if (store_game_create(st, name, "1835", &id) != STORE_OK)
            return 1;
        for (int p = 0; p < 3; p++) {
            snprintf(addr, sizeof addr, "%s.%d@pbem.test", names[p], k);
            store_player_add(st, id, names[p], addr, "$y$not-a-real-hash", NULL);
        }
        store_game_start(st, id, "Variant=Clemens");
        store_game_set_deadline(st, id, util_now() + 30 * 24 * 3600);
    }
    store_commit(st);
    cfg c;
    cfg_defaults(&c);
    enum { PASSES = 10 };
    double t0 = seconds_now();
    int resolved = 0;
    for (int i = 0; i < PASSES; i++) {
        int done = 0;
        svc_turns_due(&c, st, &done);
        resolved += done;
    }
    double t1 = seconds_now();
    printf("idle %d %.3f %d\n", n, (t1 - t0) * 1000 / PASSES, resolved);
    cfg_free(&c);
    store_close(st);
    remove(path);
    free(path);
    return resolved == 0 ? 0 : 1;
}
