/* cli: the GM's command line (src/cli/cli.c). */
#ifndef PBEMGM_CLI_H
#define PBEMGM_CLI_H

/* Runs the command of argv ("pbemgm [-c CONFIG] COMMAND ..."); returns the exit status. */
int cli_main(int argc, char **argv);

#endif
