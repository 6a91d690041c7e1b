/* slowserver: a server that is alive but hardly talks, for the tests of network deadlines
 * (issue 16): listens on 127.0.0.1:PORT and, to each connection, sends TEXT one byte every
 * INTERVAL seconds (an IMAP greeting that never ends). It stops by itself after LIFETIME
 * seconds (a bounded test).
 *   slowserver PORT INTERVAL LIFETIME [TEXT] */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static void dribble(int fd, const char *text, unsigned interval)
{
    for (size_t i = 0; text[i]; i++) {
        if (write(fd, text + i, 1) != 1)
            break;
        sleep(interval);
    }
    close(fd);
    _exit(0);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fputs("usage: slowserver PORT INTERVAL LIFETIME [TEXT]\n", stderr);
        return 2;
    }
    const char *text = argc > 4 ? argv[4] : "* OK IMAP4rev1 slow server ready and waiting\r\n";
    unsigned interval = (unsigned)atoi(argv[2]);
    signal(SIGCHLD, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    int s = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1]))};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(s, (struct sockaddr *)&a, sizeof a) != 0 || listen(s, 8) != 0) {
        perror("slowserver");
        return 1;
    }
    alarm((unsigned)atoi(argv[3])); /* the whole server ends then */
    for (;;) {
        int fd = accept(s, NULL, NULL);
        if (fd < 0)
            continue;
        if (fork() == 0) {
            alarm((unsigned)atoi(argv[3]));
            dribble(fd, text, interval);
        }
        close(fd);
    }
}
