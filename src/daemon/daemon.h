/* daemon: the long-running loop — fetch mail and store it once, have the game service process
 * what is stored and resolve the turns that are due, send the outbox. An adapter of the
 * service (src/service), as the command line is: the loop, its child processes and its
 * signals are its own; everything it does to the mail and the games is the service's. */
#ifndef PBEMGM_DAEMON_H
#define PBEMGM_DAEMON_H

#include <stdbool.h>

/* Runs the daemon with the configuration at cfg_path (NULL: the embedded default) until
 * SIGTERM/SIGINT, or until nothing waits when once. Returns a process exit status. */
int dmn_serve(const char *cfg_path, bool once);

#endif
