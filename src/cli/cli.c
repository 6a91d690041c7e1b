/* cli: the pbemgm command line — the GM's side: init, games, players, orders, status, the map.
 * An adapter of argv over the service (src/service), as the daemon is one of mail: it reads the
 * words, calls the service, and prints what the GM is told. `pbemgm serve` (the daemon) is
 * dispatched by src/app/main.c; this module does not know it. */
#include "cli/cli.h"
#include "config/config.h"
#include "service/service.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
    "usage: pbemgm [-c CONFIG] COMMAND ...\n"
    "\n"
    "  init                                  create the database and the mail folders\n"
    "  game create NAME [--title TITLE] [--gm ADDRESS] [--gm-password PW]\n"
    "                                        create a game (title " SVC_DEFAULT_TITLE
    " by default; its GM:\n"
    "                                        the configuration's gm.address by default)\n"
    "  game list                             list the games\n"
    "  game start NAME [--options TEXT]      start a game with its players, in seating order;\n"
    "                                        TEXT: Name=Value,... or pbem-house-rules (an\n"
    "                                        imported game keeps its file's options too)\n"
    "  game import NAME FILE [--player NAME=ADDRESS]... [--no-mail]\n"
    "                                        an 18xx.games game file (its Tools tab) becomes\n"
    "                                        game NAME, all of it or nothing; it waits for\n"
    "                                        game start (finished when the file's game is)\n"
    "  game export NAME [--to FILE]          the game as an 18xx.games file (\"import hotseat\n"
    "                                        game\" there), to FILE or stdout\n"
    "  player add GAME NAME ADDRESS [--password PW] [--no-mail]\n"
    "                                        add a player; without --password one is made up;\n"
    "                                        the player is mailed a welcome with the password\n"
    "  player list GAME                      list a game's players (with their NMRs)\n"
    "  player address GAME NAME ADDRESS [--no-mail]\n"
    "                                        give a player an address; a seat without one (an\n"
    "                                        imported game's) is mailed a welcome with a new\n"
    "                                        password\n"
    "  player replace GAME OLD NEW ADDRESS [--password PW] [--no-mail]\n"
    "                                        a replacement player takes OLD's seat\n"
    "  game set NAME [--turn-hours H] [--remind-hours H] [--rounds N]\n"
    "               [--stop-after-formation yes|no] [--grace-minutes M]\n"
    "               [--review yes|no] [--gm ADDRESS] [--gm-password PW]\n"
    "                                        the game's pace (house rule 14; M: the turn is\n"
    "                                        resolved M minutes after the last orders, 15),\n"
    "                                        review, and its GM\n"
    "  game one-round NAME [--reason TEXT]   limit the current turn to one round; players told\n"
    "  game resolve NAME [TURN]              resolve the current turn (or TURN, which must\n"
    "                                        be the current one) now; a turn resolved\n"
    "                                        meanwhile is refused, never the next resolved\n"
    "  game report NAME [TURN] [--html FILE] print a resolved turn's report (or write it as a\n"
    "                                        page, with its map and charts)\n"
    "  game status NAME                      turn, deadline, pause and review; each seat\n"
    "  game preview NAME                     the turn resolved on a copy: nothing changes\n"
    "  game release NAME                     send the report held for review\n"
    "  game rollback NAME TURN --reason TEXT back to the start of TURN; players told\n"
    "  game adjust NAME \"CORRECTION\" --reason TEXT\n"
    "                                        a correction (house rule 15): CASH, MOVE CERT,\n"
    "                                        PRICE, TRAIN, TILE, REMOVE TILE, TOKEN, REMOVE\n"
    "                                        TOKEN (docs/gm-guide.md)\n"
    "  game pause NAME [--reason TEXT] / game resume NAME\n"
    "  game deadline NAME \"YYYY-MM-DD HH:MM\" --reason TEXT\n"
    "                                        move this turn's deadline (UTC); players told\n"
    "  game broadcast NAME FILE              mail FILE's text to every player\n"
    "  game history NAME                     the game's audit\n"
    "  orders GAME PLAYER [--set FILE]       the player's orders for the current turn, as the\n"
    "                                        turn will read them; --set: enter FILE's orders\n"
    "                                        for the player (who is told)\n"
    "  status                                count stored mail and the outbox\n"
    "  mail list [--failed]                  the stored mail (--failed: set aside, because\n"
    "                                        processing it crashed the daemon)\n"
    "  mail retry ID                         process a mail set aside again\n"
    "  map GAME|TITLE [--turn N] --png FILE|--svg FILE\n"
    "                                        draw the game's map as it stands (after turn N:\n"
    "                                        that turn's new tiles marked); a title's: its start\n"
    "  backup FILE                           copy the database, live, to FILE (a new file:\n"
    "                                        an existing one is not overwritten)\n"
    "  db compact                            trim every stored mail past its retention\n"
    "                                        (retention.*) and give the space back now\n"
    "  serve [--once]                        run the daemon (--once: what waits, then exit)\n"
    "\n"
    "CONFIG defaults to $PBEMGM_CONFIG, else ./pbemgm.json when it exists, else the embedded\n"
    "default (Maildir in maildir/in and maildir/out, database pbemgm.db).\n";

static int usage(void)
{
    fputs(usage_text, stderr);
    return 2;
}

static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("pbemgm: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

/* What the service said: what the GM is told (on stdout when done, else on stderr), then its
 * text (the reason, the error, or a warning) on stderr. 0 when done, else 1. */
static int said(svc_result r, buf *out)
{
    if (out->len)
        fputs(out->data, r.kind == SVC_OK ? stdout : stderr);
    buf_free(out);
    if (r.text[0])
        fprintf(stderr, "pbemgm: %s\n", r.text);
    return r.kind == SVC_OK ? 0 : 1;
}

struct session {
    const char *cfg_path;
    cfg config;
    store *st;
    buf out; /* what the GM is told */
};

static int open_session(struct session *s)
{
    char *err = NULL;
    if (s->cfg_path) {
        if (cfg_load(&s->config, s->cfg_path, &err)) {
            int rc = fail("%s", err);
            free(err);
            return rc;
        }
    } else {
        cfg_defaults(&s->config);
    }
    log_setup(s->config.log_level, false);
    buf_init(&s->out);
    svc_result r = svc_store_open(&s->config, &s->st);
    return r.kind == SVC_OK ? 0 : said(r, &s->out);
}

static void close_session(struct session *s)
{
    svc_store_close(s->st);
    cfg_free(&s->config);
    buf_free(&s->out);
}

static bool parse_count(const char *text, int min, int max, int *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

static int cmd_game_create(struct session *s, int argc, char **argv)
{
    if (argc < 1)
        return usage();
    const char *title = NULL, *gm = NULL, *gm_password = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--title") == 0 && i + 1 < argc)
            title = argv[++i];
        else if (strcmp(argv[i], "--gm") == 0 && i + 1 < argc)
            gm = argv[++i];
        else if (strcmp(argv[i], "--gm-password") == 0 && i + 1 < argc)
            gm_password = argv[++i];
        else
            return usage();
    }
    return said(svc_game_create(&s->config, s->st, argv[0], title, gm, gm_password, &s->out),
                &s->out);
}

static int cmd_game_start(struct session *s, int argc, char **argv)
{
    if (argc < 1)
        return usage();
    const char *options = "";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--options") == 0 && i + 1 < argc)
            options = argv[++i];
        else
            return usage();
    }
    return said(svc_game_start(&s->config, s->st, argv[0], options, &s->out), &s->out);
}

/* `game import NAME FILE [--player NAME=ADDRESS]... [--no-mail]` */
static int cmd_game_import(struct session *s, int argc, char **argv)
{
    if (argc < 2)
        return usage();
    svc_import_player given[ENG_MAX_PLAYERS];
    int n = 0;
    bool mail = true;
    for (int i = 2; i < argc; i++) {
        char *eq;
        if (strcmp(argv[i], "--no-mail") == 0) {
            mail = false;
        } else if (strcmp(argv[i], "--player") == 0 && i + 1 < argc) {
            if (!(eq = strchr(argv[++i], '=')) || eq == argv[i])
                return fail("--player %s: expected NAME=ADDRESS", argv[i]);
            if (n == ENG_MAX_PLAYERS)
                return fail("more --player than a game has seats (%d)", ENG_MAX_PLAYERS);
            *eq = '\0';
            given[n++] = (svc_import_player){argv[i], eq + 1};
        } else {
            return usage();
        }
    }
    return said(svc_game_import(&s->config, s->st, argv[0], argv[1], given, n, mail, &s->out),
                &s->out);
}

/* `game export NAME [--to FILE]` */
static int cmd_game_export(struct session *s, int argc, char **argv)
{
    if (argc != 1 && !(argc == 3 && strcmp(argv[1], "--to") == 0))
        return usage();
    return said(svc_game_export(s->st, argv[0], argc == 3 ? argv[2] : NULL, &s->out), &s->out);
}

static int parse_seat(int argc, char **argv, svc_seat *a)
{
    if (argc < 3)
        return -1;
    *a = (svc_seat){.game = argv[0], .name = argv[1], .address = argv[2], .mail = true};
    for (int i = 3; i < argc; i++) {
        if (strcmp(argv[i], "--password") == 0 && i + 1 < argc)
            a->password = argv[++i];
        else if (strcmp(argv[i], "--no-mail") == 0)
            a->mail = false;
        else
            return -1;
    }
    return 0;
}

static int cmd_player(struct session *s, int argc, char **argv)
{
    svc_seat a;
    if (argc >= 1 && strcmp(argv[0], "replace") == 0) {
        if (argc < 5 || parse_seat(argc - 2, argv + 2, &a))
            return usage();
        a.game = argv[1];
        return said(svc_player_replace(&s->config, s->st, &a, argv[2], &s->out), &s->out);
    }
    if (argc >= 1 && strcmp(argv[0], "add") == 0) {
        if (parse_seat(argc - 1, argv + 1, &a))
            return usage();
        return said(svc_player_add(&s->config, s->st, &a, &s->out), &s->out);
    }
    if (argc == 2 && strcmp(argv[0], "list") == 0)
        return said(svc_players_list(s->st, argv[1], &s->out), &s->out);
    if ((argc == 4 || (argc == 5 && strcmp(argv[4], "--no-mail") == 0)) &&
        strcmp(argv[0], "address") == 0)
        return said(svc_player_address(&s->config, s->st, argv[1], argv[2], argv[3], argc == 4,
                                       &s->out), &s->out);
    return usage();
}

/* A pace option's value into its setting: 0, or -1 with the error said. */
static int set_pace_option(svc_game_settings *g, const char *name, const char *value)
{
    if (strcmp(name, "--turn-hours") == 0 && parse_count(value, 1, 24 * 90, &g->turn_hours))
        return 0;
    if (strcmp(name, "--remind-hours") == 0 && parse_count(value, 0, 24 * 90, &g->remind_hours))
        return 0;
    if (strcmp(name, "--rounds") == 0 && parse_count(value, 1, 10, &g->rounds_per_turn))
        return 0;
    if (strcmp(name, "--grace-minutes") == 0 && parse_count(value, 0, 24 * 60, &g->grace_minutes))
        return 0;
    if (strcmp(name, "--stop-after-formation") == 0 &&
        (str_ieq(value, "yes") || str_ieq(value, "no"))) {
        g->stop_after_formation = str_ieq(value, "yes");
        return 0;
    }
    return fail("%s %s: expected --turn-hours 1..2160, --remind-hours 0..2160, --rounds 1..10, "
                "--grace-minutes 0..1440 or --stop-after-formation yes|no", name, value);
}

static int cmd_game_set(struct session *s, const char *game, int argc, char **argv)
{
    if (argc < 2 || argc % 2)
        return usage();
    svc_game_settings set = {-1, -1, -1, -1, -1, -1, NULL, NULL};
    for (int i = 0; i < argc; i += 2) {
        if (strcmp(argv[i], "--gm") == 0)
            set.gm = argv[i + 1];
        else if (strcmp(argv[i], "--gm-password") == 0)
            set.gm_password = argv[i + 1];
        else if (strcmp(argv[i], "--review") == 0 &&
                 (str_ieq(argv[i + 1], "yes") || str_ieq(argv[i + 1], "no")))
            set.review = str_ieq(argv[i + 1], "yes");
        else if (strcmp(argv[i], "--review") == 0)
            return fail("--review %s: expected yes or no", argv[i + 1]);
        else if (set_pace_option(&set, argv[i], argv[i + 1]))
            return 1;
    }
    return said(svc_game_set(&s->config, s->st, game, &set, &s->out), &s->out);
}

/* `game VERB NAME WORDS... [--reason TEXT]`: the words quoted or not ("CASH alice +50"), the
 * GM's desk (src/service/desk.c) as by mail. */
static int cmd_game_desk(struct session *s, const char *game, const char *verb, int argc,
                         char **argv)
{
    buf line;
    buf_init(&line);
    buf_adds(&line, verb);
    const char *reason = NULL;
    char *body = NULL;
    int rc = 0;
    for (int i = 0; i < argc && rc == 0; i++) {
        if (strcmp(argv[i], "--reason") == 0 && i + 1 < argc)
            reason = argv[++i];
        else if (strncmp(argv[i], "--", 2) == 0)
            rc = usage();
        else if (strcmp(verb, "BROADCAST") == 0) {
            if (!(body = util_read_file(argv[i], NULL)))
                rc = fail("%s cannot be read", argv[i]);
        } else
            buf_printf(&line, " %s", argv[i]);
    }
    if (rc == 0)
        rc = said(svc_gm_command(&s->config, s->st, game, line.data, reason, body, &s->out),
                  &s->out);
    free(body);
    buf_free(&line);
    return rc;
}

static int write_page(const char *path, const char *html)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(html, f) < 0 || fclose(f) != 0) {
        if (f)
            fclose(f);
        return fail("%s: %s", path, strerror(errno));
    }
    printf("%s written\n", path);
    return 0;
}

static int cmd_game_report(struct session *s, const char *game, int argc, char **argv)
{
    int turn = 0; /* the last resolved */
    const char *html_file = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--html") == 0 && i + 1 < argc)
            html_file = argv[++i];
        else if (!parse_count(argv[i], 1, 100000, &turn))
            return usage();
    }
    svc_result r = svc_game_report(&s->config, s->st, game, turn, html_file != NULL, &s->out);
    if (r.kind != SVC_OK || !html_file)
        return said(r, &s->out);
    int rc = write_page(html_file, s->out.data ? s->out.data : "");
    buf_free(&s->out);
    return rc;
}

/* The desk's verb for a `game` subcommand, or NULL. */
static const char *desk_verb_of(const char *what)
{
    static const char *const map[][2] = {
        {"status", "STATUS"},   {"preview", "PREVIEW"},     {"release", "RELEASE"},
        {"rollback", "ROLLBACK"}, {"adjust", "ADJUST"},     {"pause", "PAUSE"},
        {"resume", "RESUME"},   {"deadline", "DEADLINE"},   {"broadcast", "BROADCAST"},
        {"history", "HISTORY"},  {"one-round", "ONE-ROUND"},
    };
    for (size_t i = 0; i < sizeof map / sizeof *map; i++)
        if (strcmp(map[i][0], what) == 0)
            return map[i][1];
    return NULL;
}

/* The commands on one existing game: `game WHAT NAME ...`. */
static int cmd_game_named(struct session *s, const char *what, int argc, char **argv)
{
    if (strcmp(what, "set") == 0)
        return cmd_game_set(s, argv[0], argc - 1, argv + 1);
    if (strcmp(what, "resolve") == 0 && argc <= 2)
        return said(svc_game_resolve(&s->config, s->st, argv[0], argc == 2 ? argv[1] : NULL,
                                     &s->out), &s->out);
    if (desk_verb_of(what))
        return cmd_game_desk(s, argv[0], desk_verb_of(what), argc - 1, argv + 1);
    if (strcmp(what, "report") == 0)
        return cmd_game_report(s, argv[0], argc - 1, argv + 1);
    return usage();
}

static int cmd_game(struct session *s, int argc, char **argv)
{
    static const char *const named[] = {"set", "resolve", "report"};
    for (int k = 0; k < 3; k++)
        if (argc >= 2 && strcmp(argv[0], named[k]) == 0)
            return cmd_game_named(s, argv[0], argc - 1, argv + 1);
    if (argc >= 2 && desk_verb_of(argv[0]))
        return cmd_game_named(s, argv[0], argc - 1, argv + 1);
    if (argc >= 1 && strcmp(argv[0], "create") == 0)
        return cmd_game_create(s, argc - 1, argv + 1);
    if (argc >= 1 && strcmp(argv[0], "start") == 0)
        return cmd_game_start(s, argc - 1, argv + 1);
    if (argc >= 1 && strcmp(argv[0], "import") == 0)
        return cmd_game_import(s, argc - 1, argv + 1);
    if (argc >= 1 && strcmp(argv[0], "export") == 0)
        return cmd_game_export(s, argc - 1, argv + 1);
    if (argc == 1 && strcmp(argv[0], "list") == 0)
        return said(svc_games_list(s->st, &s->out), &s->out);
    return usage();
}

/* The GM's view of stored mail, and a mail set aside processed again (audited). */
static int cmd_mail(struct session *s, int argc, char **argv)
{
    if (argc >= 1 && argc <= 2 && strcmp(argv[0], "list") == 0) {
        if (argc == 2 && strcmp(argv[1], "--failed") != 0)
            return usage();
        return said(svc_mail_list(s->st, argc == 2, &s->out), &s->out);
    }
    int id;
    if (argc != 2 || strcmp(argv[0], "retry") != 0)
        return usage();
    if (!parse_count(argv[1], 1, 2000000000, &id))
        return fail("\"%s\" is not a mail number (pbemgm mail list shows them)", argv[1]);
    return said(svc_mail_retry(s->st, id, &s->out), &s->out);
}

/* The player's orders for the game's current turn in the order language, as the resolver will
 * read them (ORDERS); with --set FILE, the GM enters FILE's orders for the player (BECOME). */
static int cmd_orders(struct session *s, int argc, char **argv)
{
    if (argc != 2 && !(argc == 4 && strcmp(argv[2], "--set") == 0))
        return usage();
    char *body = NULL;
    if (argc == 4 && !(body = util_read_file(argv[3], NULL)))
        return fail("%s cannot be read", argv[3]);
    char *line = str_format("%s %s", body ? "BECOME" : "ORDERS", argv[1]);
    int rc = said(svc_gm_command(&s->config, s->st, argv[0], line, NULL, body, &s->out),
                  &s->out);
    free(line);
    free(body);
    return rc;
}

/* `map GAME|TITLE`: a title's needs no database. */
static int cmd_map(const char *cfg_path, int argc, char **argv)
{
    int turn = 0;
    const char *name = argc ? argv[0] : NULL, *out = NULL, *want = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--turn") == 0 && i + 1 < argc) {
            if (!parse_count(argv[++i], 1, 100000, &turn))
                return usage();
        } else if ((strcmp(argv[i], "--png") == 0 || strcmp(argv[i], "--svg") == 0) &&
                   i + 1 < argc) {
            want = argv[i] + 2;
            out = argv[++i];
        } else {
            return usage();
        }
    }
    if (!name || !out)
        return usage();
    size_t n = strlen(out);
    if (n < 4 || out[n - 4] != '.' || strcmp(out + n - 3, want) != 0)
        return fail("%s should end in .%s", out, want);
    buf none;
    buf_init(&none);
    int rc;
    if (svc_title_exists(name)) {
        if (turn)
            return fail("%s is a title: --turn is for a game", name);
        rc = said(svc_title_map(name, out), &none);
    } else {
        struct session s = {.cfg_path = cfg_path};
        if (open_session(&s) != 0)
            return 1;
        rc = said(svc_game_map(s.st, name, turn, out), &none);
        close_session(&s);
    }
    if (!rc)
        printf("%s written\n", out);
    return rc;
}

int cli_main(int argc, char **argv)
{
    struct session s = {0};
    int i = 1;
    if (i + 1 < argc && strcmp(argv[i], "-c") == 0) {
        s.cfg_path = argv[i + 1];
        i += 2;
    } else {
        s.cfg_path = cfg_default_path();
    }
    if (i >= argc)
        return usage();
    const char *cmd = argv[i++];
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (strcmp(cmd, "map") == 0)
        return cmd_map(s.cfg_path, argc - i, argv + i);
    int rc = open_session(&s);
    if (rc)
        return rc;
    if (strcmp(cmd, "init") == 0 && i == argc)
        rc = said(svc_init(&s.config, s.st, &s.out), &s.out);
    else if (strcmp(cmd, "game") == 0)
        rc = cmd_game(&s, argc - i, argv + i);
    else if (strcmp(cmd, "player") == 0)
        rc = cmd_player(&s, argc - i, argv + i);
    else if (strcmp(cmd, "orders") == 0)
        rc = cmd_orders(&s, argc - i, argv + i);
    else if (strcmp(cmd, "status") == 0 && i == argc)
        rc = said(svc_mail_counts(s.st, &s.out), &s.out);
    else if (strcmp(cmd, "mail") == 0)
        rc = cmd_mail(&s, argc - i, argv + i);
    else if (strcmp(cmd, "backup") == 0 && i + 1 == argc)
        rc = said(svc_backup(&s.config, s.st, argv[i], &s.out), &s.out);
    else if (strcmp(cmd, "db") == 0 && i + 1 == argc && strcmp(argv[i], "compact") == 0)
        rc = said(svc_compact(&s.config, s.st, &s.out), &s.out);
    else
        rc = usage();
    close_session(&s);
    return rc;
}
