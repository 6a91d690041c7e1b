/* cli: the pbemgm command line — the GM's side: init, games, players, orders, status, the map.
 * `pbemgm serve` (the daemon) is dispatched by src/app/main.c; this module does not know it. */
#include "cli/cli.h"
#include "config/config.h"
#include "engine/board.h"
#include "engine/game.h"
#include "engine/title.h"
#include "report/mapdraw.h"
#include "report/template.h"
#include "service/service.h"
#include "store/store.h"
#include "util/buf.h"
#include "util/log.h"
#include "util/password.h"
#include "util/util.h"

#include <cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PBEMGM_GAMES_DIR
#define PBEMGM_GAMES_DIR "config/games"
#endif

static const char usage_text[] =
    "usage: pbemgm [-c CONFIG] COMMAND ...\n"
    "\n"
    "  init                                  create the database and the mail folders\n"
    "  game create NAME [--title TITLE] [--gm ADDRESS] [--gm-password PW]\n"
    "                                        create a game (title 1835 by default; its GM:\n"
    "                                        the configuration's gm.address by default)\n"
    "  game list                             list the games\n"
    "  game start NAME [--options TEXT]      start a game with its players, in seating order;\n"
    "                                        TEXT: Name=Value,... or pbem-house-rules\n"
    "  player add GAME NAME ADDRESS [--password PW] [--no-mail]\n"
    "                                        add a player; without --password one is made up;\n"
    "                                        the player is mailed a welcome with the password\n"
    "  player list GAME                      list a game's players (with their NMRs)\n"
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

struct session {
    const char *cfg_path;
    cfg config;
    store *st;
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
    s->st = store_open(s->config.database, &err);
    if (!s->st) {
        int rc = fail("%s", err);
        free(err);
        return rc;
    }
    return 0;
}

static void close_session(struct session *s)
{
    store_close(s->st);
    cfg_free(&s->config);
}

static int cmd_init(struct session *s)
{
    mail_source *src = NULL;
    mail_sink *sink = NULL;
    char *err = NULL;
    if (s->config.transport == CFG_TRANSPORT_MAILDIR &&
        svc_open_transport(&s->config, &src, &sink, &err)) {
        int rc = fail("%s", err);
        free(err);
        return rc;
    }
    mail_source_close(src);
    mail_sink_close(sink);
    printf("database %s is ready (schema version %d)\n", s->config.database,
           store_schema_version(s->st));
    if (s->config.transport == CFG_TRANSPORT_MAILDIR)
        printf("mail arrives in %s/new, replies go to %s/new\n", s->config.maildir_inbox,
               s->config.maildir_outbox);
    return 0;
}

static bool valid_name(const char *name)
{
    if (!*name || strlen(name) > 40)
        return false;
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_')
            return false;
    return true;
}

static bool title_exists(const char *title)
{
    if (!valid_name(title))
        return false;
    char *path = str_format("%s/%s.json", PBEMGM_GAMES_DIR, title);
    bool ok = access(path, R_OK) == 0;
    free(path);
    return ok;
}

static bool plausible_address(const char *a);
static eng_title *load_title(const char *title);
static int refuse_unplayable(const eng_title *t);

/* A game's GM: a mail address that is not the daemon's own, a password of 4 characters or more. */
static int check_gm(const struct session *s, const char *gm, const char *password)
{
    if (gm && !plausible_address(gm))
        return fail("\"%s\" is not a mail address", gm);
    if (gm && str_ieq(gm, s->config.daemon_address))
        return fail("%s is pbemgm's own address (daemon.address): a GM needs an address of "
                    "their own", gm);
    if (password && strlen(password) < 4)
        return fail("%s", "a password needs at least 4 characters");
    return 0;
}

static int set_gm(struct session *s, int64_t game_id, const char *gm, const char *password)
{
    char *hash = password ? pw_hash(password) : NULL;
    if (password && !hash)
        return fail("%s", "crypt(3) could not hash the password");
    int rc = store_game_set_gm(s->st, game_id, gm, hash) != STORE_OK ||
             store_audit(s->st, "gm", "game_set_gm", game_id, gm ? gm : "password") != STORE_OK;
    free(hash);
    return rc ? fail("%s", store_errmsg(s->st)) : 0;
}

static int cmd_game_create(struct session *s, int argc, char **argv)
{
    if (argc < 1)
        return usage();
    const char *name = argv[0], *title = "1835", *gm = NULL, *gm_password = NULL;
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
    if (check_gm(s, gm, gm_password))
        return 1;
    if (!valid_name(name))
        return fail("\"%s\" is not a usable game name (letters, digits, - and _, at most 40)",
                    name);
    if (!title_exists(title))
        return fail("there is no title \"%s\" (see config/games/)", title);
    eng_title *t = load_title(title);
    if (!t || refuse_unplayable(t)) {
        eng_title_free(t);
        return 1;
    }
    eng_title_free(t);
    int64_t id;
    int rc = store_game_create(s->st, name, title, &id);
    if (rc == STORE_DUPLICATE)
        return fail("a game named \"%s\" exists already", name);
    if (rc != STORE_OK)
        return fail("%s", store_errmsg(s->st));
    store_audit(s->st, "gm", "game_create", id, title);
    if ((gm || gm_password) && set_gm(s, id, gm, gm_password))
        return 1;
    printf("game %s (%s) created; its GM is %s\n", name, title, gm ? gm : s->config.gm_address);
    return 0;
}

static void print_game(const store_game *g, void *ctx)
{
    (void)ctx;
    printf("%-20s %-8s %s\n", g->name, g->title, g->status);
}

static void print_player(const store_player *p, void *ctx)
{
    (void)ctx;
    printf("%d  %-16s %s", p->seat, p->name, p->address);
    if (p->nmr_count)
        printf("  (%d NMR%s%s)", p->nmr_count, p->nmr_count > 1 ? "s" : "",
               p->seat_open ? ", a replacement is wanted" : "");
    printf("\n");
}

static bool plausible_address(const char *a)
{
    const char *at = strchr(a, '@');
    return at && at != a && at[1] && !strchr(at + 1, '@') && !strpbrk(a, " <>\",;\r\n");
}

struct player_args {
    const char *game, *name, *address, *password;
    bool mail;
};

static int parse_player_args(int argc, char **argv, struct player_args *a)
{
    if (argc < 3)
        return -1;
    *a = (struct player_args){argv[0], argv[1], argv[2], NULL, true};
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

/* Seats the player — a new seat, or old's (house rule 13: a replacement) — and queues the
 * welcome, in one transaction. */
static int seat_player(struct session *s, const store_game *g, const store_player *old,
                       const struct player_args *a, const char *password)
{
    if (store_begin(s->st) != STORE_OK)
        return fail("%s", store_errmsg(s->st));
    char why[256];
    int rc = svc_seat_player(&s->config, s->st, g, old, a->name, a->address, password, a->mail,
                             why, sizeof why);
    if (rc || store_commit(s->st) != STORE_OK) {
        store_rollback(s->st);
        return fail("%s", rc ? why : store_errmsg(s->st));
    }
    return 0;
}

/* The new player's name, address and password, checked. */
static int check_player_args(const struct player_args *a)
{
    if (!valid_name(a->name))
        return fail("\"%s\" is not a usable player name (letters, digits, - and _)", a->name);
    if (!plausible_address(a->address))
        return fail("\"%s\" is not a mail address", a->address);
    if (a->password && strlen(a->password) < 4)
        return fail("%s", "a password needs at least 4 characters");
    return 0;
}

static int cmd_player_add(struct session *s, int argc, char **argv)
{
    struct player_args a;
    if (parse_player_args(argc, argv, &a))
        return usage();
    if (check_player_args(&a))
        return 1;
    store_game g = {0};
    if (store_game_find(s->st, a.game, &g) != STORE_OK)
        return fail("there is no game \"%s\"", a.game);
    char *made = a.password ? NULL : util_random_token(10);
    const char *password = a.password ? a.password : made;
    int rc = seat_player(s, &g, NULL, &a, password);
    if (!rc) {
        printf("player %s added to %s", a.name, g.name);
        if (made)
            printf(" with password %s", made);
        printf("%s\n", a.mail ? "; a welcome mail is in the outbox" : "");
    }
    free(made);
    store_game_clear(&g);
    return rc;
}

static eng_title *load_title(const char *title)
{
    if (!valid_name(title)) {
        fail("\"%s\" is not a title name", title);
        return NULL;
    }
    char why[512];
    eng_title *t = svc_load_title(title, why, sizeof why);
    if (!t)
        fail("%s", why);
    return t;
}

/* A title the engine cannot play yet is refused, with what it lacks. */
static int refuse_unplayable(const eng_title *t)
{
    return t->not_playable[0]
               ? fail("%s cannot be played yet: the engine lacks %s (docs/titles.md)", t->id,
                      t->not_playable)
               : 0;
}

struct names {
    int n;
    char *v[ENG_MAX_PLAYERS + 1];
};

static void collect_name(const store_player *p, void *ctx)
{
    struct names *names = ctx;
    if (names->n <= ENG_MAX_PLAYERS)
        names->v[names->n++] = xstrdup(p->name);
    else
        names->n++;
}

/* The mail that opens the game, to every player (the game as just started). */
static int mail_the_start(struct session *s, const char *name)
{
    store_game g = {0};
    char why[256];
    int rc = store_game_find(s->st, name, &g) != STORE_OK
                 ? fail("%s", store_errmsg(s->st))
                 : svc_mail_game_start(&s->config, s->st, &g, why, sizeof why)
                       ? fail("the mail that starts the game: %s", why)
                       : 0;
    store_game_clear(&g);
    return rc;
}

/* Checks that the options and players make a game of the title, then starts it. */
static int start_game(struct session *s, const store_game *g, const char *options)
{
    eng_title *t = load_title(g->title);
    if (!t || refuse_unplayable(t)) {
        eng_title_free(t);
        return 1;
    }
    eng_options o;
    eng_options_default(t, &o);
    struct names names = {0};
    char why[256];
    int rc = 0;
    if (eng_options_parse(t, &o, options, why, sizeof why))
        rc = fail("game options: %s (see docs/game-options.md)", why);
    else if (store_player_each(s->st, g->id, collect_name, &names) != STORE_OK)
        rc = fail("%s", store_errmsg(s->st));
    eng_title *changed = NULL; /* the title as the options change it (1830's third 6) */
    if (rc == 0 && eng_choices_change_title(t, o.chosen) &&
        !(changed = svc_load_title_chosen(g->title, t, o.chosen, why, sizeof why)))
        rc = fail("game options: %s", why);
    const eng_title *played = changed ? changed : t;
    if (rc == 0) {
        eng_game *eg = names.n <= ENG_MAX_PLAYERS
                           ? eng_game_new(played, &o, (const char *const *)names.v, names.n,
                                          why, sizeof why)
                           : NULL;
        if (!eg)
            rc = fail("%s cannot start: %s", g->name,
                      names.n <= ENG_MAX_PLAYERS ? why : "too many players");
        else if (store_begin(s->st) != STORE_OK ||
                 store_game_start(s->st, g->id, options) != STORE_OK ||
                 store_game_set_deadline(s->st, g->id,
                                         util_now() + (int64_t)g->turn_hours * 3600) != STORE_OK)
            rc = fail("%s", store_errmsg(s->st));
        else if (mail_the_start(s, g->name) || store_commit(s->st) != STORE_OK)
            rc = 1;
        if (rc)
            store_rollback(s->st);
        else {
            store_audit(s->st, "gm", "game_start", g->id, options);
            printf("game %s started: %d players, options \"%s\"; turn 1, %s to act\n", g->name,
                   names.n, options, eg->players[eg->current].name);
        }
        if (eg)
            eng_game_free(eg);
    }
    for (int i = 0; i < names.n && i <= ENG_MAX_PLAYERS; i++)
        free(names.v[i]);
    eng_title_free(changed);
    eng_title_free(t);
    return rc;
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
    store_game g = {0};
    if (store_game_find(s->st, argv[0], &g) != STORE_OK)
        return fail("there is no game \"%s\"", argv[0]);
    int rc = strcmp(g.status, "forming") != 0
                 ? fail("%s is %s already: only a forming game starts", g.name, g.status)
                 : start_game(s, &g, options);
    store_game_clear(&g);
    return rc;
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

static int set_pace_option(store_game *g, const char *name, const char *value)
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

/* A GM command on the game through the desk (src/service/desk.c), in one transaction: the words
 * as the GM would write them by mail, the reason and the lines that follow. */
static int desk_run(struct session *s, const store_game *g, svc_desk_cmd *cmd)
{
    svc_desk d = {&s->config, s->st, "command line", 0, {0}};
    buf_init(&d.out);
    if (store_begin(s->st) != STORE_OK) {
        buf_free(&d.out);
        return fail("%s", store_errmsg(s->st));
    }
    int rc = svc_desk_run(&d, g, cmd);
    if (rc == 0 && store_commit(s->st) != STORE_OK)
        rc = -1;
    if (rc)
        store_rollback(s->st);
    fputs(d.out.data ? d.out.data : "", rc == 0 ? stdout : stderr);
    if (rc < 0)
        fail("%s", store_errmsg(s->st));
    buf_free(&d.out);
    svc_desk_cmd_clear(cmd);
    return rc ? 1 : 0;
}

static int desk_line(struct session *s, const store_game *g, const char *line, const char *reason,
                     const char *body)
{
    svc_desk_cmd cmd;
    char why[1024];
    if (svc_desk_parse(line, &cmd, why, sizeof why))
        return fail("%s", why);
    if (reason) {
        free(cmd.reason);
        cmd.reason = xstrdup(reason);
    }
    if (body)
        cmd.body = xstrdup(body);
    return desk_run(s, g, &cmd);
}

/* `game VERB NAME WORDS... [--reason TEXT]`: the words quoted or not ("CASH alice +50"). */
static int cmd_game_desk(struct session *s, const store_game *g, const char *verb, int argc,
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
        rc = desk_line(s, g, line.data, reason, body);
    free(body);
    buf_free(&line);
    return rc;
}

/* What a `game set` changed of the pace, old → new, for the audit ("" when nothing). */
static char *pace_changes(const store_game *was, const store_game *now)
{
    buf b;
    buf_init(&b);
    const struct {
        const char *what;
        int old, new;
    } pace[] = {
        {"hours a turn", was->turn_hours, now->turn_hours},
        {"reminder hours before the deadline", was->remind_hours, now->remind_hours},
        {"rounds a turn", was->rounds_per_turn, now->rounds_per_turn},
        {"grace minutes", was->grace_minutes, now->grace_minutes},
    };
    for (size_t i = 0; i < sizeof pace / sizeof *pace; i++)
        if (pace[i].old != pace[i].new)
            buf_printf(&b, "%s%s %d \u2192 %d", b.len ? "; " : "", pace[i].what, pace[i].old,
                       pace[i].new);
    if (was->stop_after_formation != now->stop_after_formation)
        buf_printf(&b, "%sstop after a formation round %s \u2192 %s", b.len ? "; " : "",
                   was->stop_after_formation ? "yes" : "no",
                   now->stop_after_formation ? "yes" : "no");
    if (b.len)
        return buf_steal(&b);
    buf_free(&b);
    return xstrdup("");
}

static int cmd_game_set(struct session *s, store_game *g, int argc, char **argv)
{
    if (argc < 2 || argc % 2)
        return usage();
    const char *gm = NULL, *gm_password = NULL, *review = NULL;
    const store_game was = *g; /* (its numbers only: what changed, for the audit) */
    for (int i = 0; i < argc; i += 2) {
        if (strcmp(argv[i], "--gm") == 0)
            gm = argv[i + 1];
        else if (strcmp(argv[i], "--gm-password") == 0)
            gm_password = argv[i + 1];
        else if (strcmp(argv[i], "--review") == 0)
            review = argv[i + 1];
        else if (set_pace_option(g, argv[i], argv[i + 1]))
            return 1;
    }
    if (review && !str_ieq(review, "yes") && !str_ieq(review, "no"))
        return fail("--review %s: expected yes or no", review);
    if (check_gm(s, gm, gm_password))
        return 1;
    if ((gm || gm_password) && set_gm(s, g->id, gm, gm_password))
        return 1;
    if (review) {
        char *line = str_format("REVIEW %s", str_ieq(review, "yes") ? "ON" : "OFF");
        int rc = desk_line(s, g, line, NULL, NULL);
        free(line);
        if (rc)
            return rc;
    }
    if (g->remind_hours >= g->turn_hours)
        return fail("the reminder (%d hours before the deadline) must come after the turn "
                    "begins (%d hours)", g->remind_hours, g->turn_hours);
    char *changed = pace_changes(&was, g);
    int rc = store_begin(s->st) != STORE_OK || store_game_set_pace(s->st, g->id, g) != STORE_OK ||
             (*changed && store_audit(s->st, "gm", "game_set", g->id, changed) != STORE_OK) ||
             svc_pace_changed(&s->config, s->st, &was) || store_commit(s->st) != STORE_OK;
    free(changed);
    if (rc) {
        store_rollback(s->st);
        return fail("%s", store_errmsg(s->st));
    }
    printf("game %s: %d hours a turn, reminder %d hours before, %d round(s) a turn, %s after a "
           "formation round, resolved %d minute%s after the last orders are in\n", g->name,
           g->turn_hours, g->remind_hours, g->rounds_per_turn,
           g->stop_after_formation ? "stop" : "no stop", g->grace_minutes,
           g->grace_minutes == 1 ? "" : "s");
    return 0;
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

static int cmd_game_report(struct session *s, const store_game *g, int argc, char **argv)
{
    /* the last resolved turn: the one before the current, or a finished game's last */
    int turn = strcmp(g->status, "finished") == 0 ? g->turn : g->turn - 1;
    const char *html_file = NULL;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--html") == 0 && i + 1 < argc)
            html_file = argv[++i];
        else if (!parse_count(argv[i], 1, 100000, &turn))
            return usage();
    }
    if (html_file) {
        char *html = NULL, why[256];
        int rc = svc_report_page_of_turn(&s->config, s->st, g, turn, &html, why, sizeof why);
        rc = rc ? fail("%s", why) : write_page(html_file, html);
        free(html);
        return rc;
    }
    char *report = NULL;
    int rc = store_turn_report(s->st, g->id, turn, &report);
    if (rc == STORE_NOT_FOUND)
        return fail("game %s has no report of turn %d", g->name, turn);
    if (rc != STORE_OK)
        return fail("%s", store_errmsg(s->st));
    printf("Game %s, turn %d\n%s", g->name, turn, report);
    free(report);
    return 0;
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

/* `game resolve NAME [TURN]`: the turn named, by default the one current as the command
 * began; a turn resolved meanwhile (by the daemon) is refused, the next never resolved. */
static int cmd_game_resolve(struct session *s, const store_game *g, const char *turn)
{
    char line[64];
    if (turn)
        snprintf(line, sizeof line, "PROCESS %s", turn);
    else
        snprintf(line, sizeof line, "PROCESS %d", g->turn);
    return desk_line(s, g, line, NULL, NULL);
}

/* The commands on one existing game. */
static int cmd_game_named(struct session *s, const char *what, int argc, char **argv)
{
    store_game g = {0};
    if (store_game_find(s->st, argv[0], &g) != STORE_OK)
        return fail("there is no game \"%s\"", argv[0]);
    int rc;
    if (strcmp(what, "set") == 0)
        rc = strcmp(g.status, "finished") == 0 ? fail("%s is finished", g.name)
                                           : cmd_game_set(s, &g, argc - 1, argv + 1);
    else if (strcmp(what, "resolve") == 0 && argc <= 2)
        rc = cmd_game_resolve(s, &g, argc == 2 ? argv[1] : NULL);
    else if (desk_verb_of(what))
        rc = cmd_game_desk(s, &g, desk_verb_of(what), argc - 1, argv + 1);
    else if (strcmp(what, "report") == 0)
        rc = cmd_game_report(s, &g, argc - 1, argv + 1);
    else
        rc = usage();
    store_game_clear(&g);
    return rc;
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
    if (argc == 1 && strcmp(argv[0], "list") == 0)
        return store_game_each(s->st, print_game, NULL) == STORE_OK ? 0 : 1;
    return usage();
}

static int cmd_player_replace(struct session *s, int argc, char **argv)
{
    struct player_args a;
    if (argc < 4 || parse_player_args(argc - 1, argv + 1, &a))
        return usage();
    a.game = argv[0];
    if (check_player_args(&a))
        return 1;
    store_game g = {0};
    store_player old = {0};
    int rc = 0;
    if (store_game_find(s->st, a.game, &g) != STORE_OK)
        rc = fail("there is no game \"%s\"", a.game);
    else if (store_player_find(s->st, g.id, argv[1], &old) != STORE_OK)
        rc = fail("game %s has no player \"%s\"", g.name, argv[1]);
    if (!rc) {
        char *made = a.password ? NULL : util_random_token(10);
        rc = seat_player(s, &g, &old, &a, a.password ? a.password : made);
        if (!rc)
            printf("%s takes %s's seat %d in %s\n", a.name, old.name, old.seat, g.name);
        free(made);
    }
    store_player_clear(&old);
    store_game_clear(&g);
    return rc;
}

static int cmd_player(struct session *s, int argc, char **argv)
{
    if (argc >= 1 && strcmp(argv[0], "replace") == 0)
        return cmd_player_replace(s, argc - 1, argv + 1);
    if (argc >= 1 && strcmp(argv[0], "add") == 0)
        return cmd_player_add(s, argc - 1, argv + 1);
    if (argc == 2 && strcmp(argv[0], "list") == 0) {
        store_game g = {0};
        if (store_game_find(s->st, argv[1], &g) != STORE_OK)
            return fail("there is no game \"%s\"", argv[1]);
        int rc = store_player_each(s->st, g.id, print_player, NULL) == STORE_OK ? 0 : 1;
        store_game_clear(&g);
        return rc;
    }
    return usage();
}

static int cmd_status(struct session *s)
{
    static const char *const in_states[] = {"received", "answered", "ignored", "failed"};
    static const char *const out_states[] = {"pending", "sent", "failed"};
    printf("inbound:");
    for (int i = 0; i < 4; i++)
        printf(" %s %lld", in_states[i], (long long)store_inbound_count(s->st, in_states[i]));
    printf("\noutbox:");
    for (int i = 0; i < 3; i++)
        printf(" %s %lld", out_states[i], (long long)store_outbox_count(s->st, out_states[i]));
    printf("\n");
    return 0;
}

static void print_mail(const store_inbound_row *r, void *arg)
{
    (void)arg;
    char when[64];
    svc_format_time(r->received_at, when, sizeof when);
    printf("%-6lld %-8s %s  from %s  \"%s\"", (long long)r->id, r->status, when,
           r->sender ? r->sender : "?", r->subject ? r->subject : "");
    if (r->failures)
        printf("  crashed %d time%s", r->failures, r->failures == 1 ? "" : "s");
    if (r->held_until && strcmp(r->status, "received") == 0) {
        svc_format_time(r->held_until, when, sizeof when);
        printf("  held until %s", when);
    }
    printf("%s%s\n", r->outcome ? "  " : "", r->outcome ? r->outcome : "");
}

/* The GM's view of stored mail, and a mail set aside processed again (audited). */
static int cmd_mail(struct session *s, int argc, char **argv)
{
    if (argc >= 1 && argc <= 2 && strcmp(argv[0], "list") == 0) {
        if (argc == 2 && strcmp(argv[1], "--failed") != 0)
            return usage();
        return store_inbound_each(s->st, argc == 2 ? "failed" : NULL, print_mail, NULL) ==
                       STORE_OK ? 0 : fail("%s", store_errmsg(s->st));
    }
    int id;
    if (argc != 2 || strcmp(argv[0], "retry") != 0)
        return usage();
    if (!parse_count(argv[1], 1, 2000000000, &id))
        return fail("\"%s\" is not a mail number (pbemgm mail list shows them)", argv[1]);
    if (store_begin(s->st) != STORE_OK)
        return fail("%s", store_errmsg(s->st));
    int rc = store_inbound_retry(s->st, id);
    char detail[64];
    snprintf(detail, sizeof detail, "mail #%d", id);
    if (rc == STORE_OK)
        rc = store_audit(s->st, "gm", "mail_retried", 0, detail);
    if (rc != STORE_OK || store_commit(s->st) != STORE_OK) {
        store_rollback(s->st);
        return rc == STORE_NOT_FOUND ? fail("there is no mail #%d", id)
               : rc == STORE_DUPLICATE ? fail("mail #%d is not set aside: only failed mail is "
                                              "retried", id)
                                       : fail("%s", store_errmsg(s->st));
    }
    printf("mail #%d will be processed again by the daemon\n", id);
    return 0;
}

/* Reads and checks config/games/TITLE.json. */

/* The starting board: every company's home circle is held for it. */
static eng_board *starting_board(const eng_title *t)
{
    eng_board *b = eng_board_new(t);
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company *co = &t->companies[c];
        if (co->home_hex >= 0 && !co->formed)
            eng_reserve(b, c, co->home_hex, co->home_city);
    }
    return b;
}

/* The player's orders for the game's current turn in the order language, as the resolver will
 * read them (ORDERS); with --set FILE, the GM enters FILE's orders for the player (BECOME). */
static int cmd_orders(struct session *s, int argc, char **argv)
{
    if (argc != 2 && !(argc == 4 && strcmp(argv[2], "--set") == 0))
        return usage();
    store_game g = {0};
    if (store_game_find(s->st, argv[0], &g) != STORE_OK)
        return fail("there is no game \"%s\"", argv[0]);
    char *body = NULL;
    int rc = 0;
    if (argc == 4 && !(body = util_read_file(argv[3], NULL)))
        rc = fail("%s cannot be read", argv[3]);
    if (rc == 0) {
        char *line = str_format("%s %s", body ? "BECOME" : "ORDERS", argv[1]);
        rc = desk_line(s, &g, line, NULL, body);
        free(line);
    }
    free(body);
    store_game_clear(&g);
    return rc;
}

/* A title's starting map. */
static int draw_title_map(const char *name, const char *out)
{
    eng_title *t = load_title(name);
    if (!t)
        return 1;
    eng_board *b = starting_board(t);
    char *err = NULL;
    int rc = rpt_map_draw(b, NULL, "starting map", out, &err) ? fail("%s", err) : 0;
    free(err);
    eng_board_free(b);
    eng_title_free(t);
    return rc;
}

/* A game's map as it stands, or after turn (that turn's new tiles and stations marked). */
static int draw_game_map(struct session *s, const store_game *g, int turn, const char *out)
{
    if (turn > 0 && turn >= g->turn && strcmp(g->status, "finished") != 0)
        return fail("game %s is at turn %d: turn %d is not resolved yet", g->name, g->turn, turn);
    svc_game dg;
    char why[256], *err = NULL;
    if (svc_game_load_until(s->st, g, turn, &dg, why, sizeof why))
        return fail("%s", why);
    char *caption = turn ? str_format("game %s after turn %d", g->name, turn)
                         : str_format("game %s, turn %d", g->name, g->turn);
    int rc = rpt_map_draw(dg.g->board, turn ? dg.before : NULL, caption, out, &err)
                 ? fail("%s", err) : 0;
    free(err);
    free(caption);
    svc_game_unload(&dg);
    return rc;
}

static int cmd_backup(struct session *s, const char *path)
{
    char *err = NULL;
    if (store_backup(s->st, path, &err)) {
        int rc = fail("backup: %s", err);
        free(err);
        return rc;
    }
    printf("%s written: a copy of %s\n", path, s->config.database);
    return 0;
}

static double mb(int64_t bytes)
{
    return (double)bytes / (1024.0 * 1024.0);
}

/* Every stored mail past its retention trimmed, the space given back, the log emptied. */
static int cmd_db_compact(struct session *s)
{
    int64_t used0, free0, used, freeb;
    if (store_size(s->st, &used0, &free0) != STORE_OK)
        return fail("%s", store_errmsg(s->st));
    int n = svc_trim_mail(&s->config, s->st, 0, 0);
    if (n < 0)
        return fail("compact: %s", store_errmsg(s->st));
    if (store_checkpoint(s->st) != STORE_OK) /* (a reader: the log empties later) */
        fprintf(stderr, "pbemgm: the write-ahead log is in use: %s\n", store_errmsg(s->st));
    if (store_size(s->st, &used, &freeb) != STORE_OK)
        return fail("%s", store_errmsg(s->st));
    printf("%d mails trimmed; %.2f MB (%.2f MB free) before, %.2f MB now\n", n, mb(used0),
           mb(free0), mb(used + freeb));
    return 0;
}

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
    char *path = str_format("%s/%s.json", PBEMGM_GAMES_DIR, name);
    bool is_title = access(path, R_OK) == 0;
    free(path);
    int rc;
    if (is_title) {
        if (turn)
            return fail("%s is a title: --turn is for a game", name);
        rc = draw_title_map(name, out);
    } else {
        struct session s = {.cfg_path = cfg_path};
        if (open_session(&s) != 0)
            return 1;
        store_game g = {0};
        rc = store_game_find(s.st, name, &g) != STORE_OK
                 ? fail("\"%s\" is neither a game nor a title", name)
                 : strcmp(g.status, "forming") == 0 ? draw_title_map(g.title, out)
                                                     : draw_game_map(&s, &g, turn, out);
        store_game_clear(&g);
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
        rc = cmd_init(&s);
    else if (strcmp(cmd, "game") == 0)
        rc = cmd_game(&s, argc - i, argv + i);
    else if (strcmp(cmd, "player") == 0)
        rc = cmd_player(&s, argc - i, argv + i);
    else if (strcmp(cmd, "orders") == 0)
        rc = cmd_orders(&s, argc - i, argv + i);
    else if (strcmp(cmd, "status") == 0 && i == argc)
        rc = cmd_status(&s);
    else if (strcmp(cmd, "mail") == 0)
        rc = cmd_mail(&s, argc - i, argv + i);
    else if (strcmp(cmd, "backup") == 0 && i + 1 == argc)
        rc = cmd_backup(&s, argv[i]);
    else if (strcmp(cmd, "db") == 0 && i + 1 == argc && strcmp(argv[i], "compact") == 0)
        rc = cmd_db_compact(&s);
    else
        rc = usage();
    close_session(&s);
    return rc;
}
