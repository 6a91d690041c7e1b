/* admin: the GM's commands on the command line, below its argv — the database opened, games
 * created and started, players seated, a game's pace set, the GM's desk in a transaction of
 * its own, reports and maps, listings of games, players and mail, the database backed up and
 * compacted. Each writes what the GM is told into out and returns a svc_result; each begins and
 * commits its own transactions. */
#include "engine/title.h"
#include "report/mapdraw.h"
#include "service/service.h"
#include "util/buf.h"
#include "util/password.h"
#include "util/util.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#ifndef PBEMGM_GAMES_DIR
#define PBEMGM_GAMES_DIR "config/games"
#endif

/* ---- the database ---- */

svc_result svc_store_open(const cfg *c, store **st)
{
    char *err = NULL;
    *st = store_open(c->database, &err);
    if (*st)
        return svc_ok();
    svc_result r = svc_failed("%s", err);
    free(err);
    return r;
}

void svc_store_close(store *st)
{
    store_close(st);
}

svc_result svc_init(const cfg *c, store *st, buf *out)
{
    mail_source *src = NULL;
    mail_sink *sink = NULL;
    svc_result r = c->transport == CFG_TRANSPORT_MAILDIR ? svc_open_transport(c, &src, &sink)
                                                         : svc_ok();
    if (r.kind != SVC_OK)
        return r;
    mail_source_close(src);
    mail_sink_close(sink);
    buf_printf(out, "database %s is ready (schema version %d)\n", c->database,
               store_schema_version(st));
    if (c->transport == CFG_TRANSPORT_MAILDIR)
        buf_printf(out, "mail arrives in %s/new, replies go to %s/new\n", c->maildir_inbox,
                   c->maildir_outbox);
    return svc_ok();
}

/* ---- names, titles and the GM ---- */

bool svc_usable_name(const char *name)
{
    if (!*name || strlen(name) > 40)
        return false;
    for (const char *p = name; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_')
            return false;
    return true;
}

bool svc_plausible_address(const char *a)
{
    const char *at = strchr(a, '@');
    return at && at != a && at[1] && !strchr(at + 1, '@') && !strpbrk(a, " <>\",;\r\n");
}

bool svc_title_exists(const char *title)
{
    if (!svc_usable_name(title))
        return false;
    char *path = str_format("%s/%s.json", PBEMGM_GAMES_DIR, title);
    bool ok = access(path, R_OK) == 0;
    free(path);
    return ok;
}

const char *svc_title_in_case(const char *title, char *out, size_t len)
{
    DIR *d = opendir(PBEMGM_GAMES_DIR);
    const struct dirent *e;
    size_t n = strlen(title);
    *out = '\0';
    while (d && !*out && (e = readdir(d)) != NULL)
        if (strlen(e->d_name) == n + 5 && strcmp(e->d_name + n, ".json") == 0 &&
            strncasecmp(e->d_name, title, n) == 0 && n < len)
            snprintf(out, len, "%.*s", (int)n, e->d_name);
    if (d)
        closedir(d);
    return *out ? out : NULL;
}

/* A title that is no file of config/games/ refused, with the title meant where only the case
 * differs ("18kaas": did you mean "18Kaas"?). */
static svc_result no_such_title(const char *title)
{
    char near[64];
    if (svc_title_in_case(title, near, sizeof near))
        return svc_refused("there is no title \"%s\" (see config/games/): did you mean \"%s\"?",
                           title, near);
    return svc_refused("there is no title \"%s\" (see config/games/)", title);
}

/* The title, when the engine can play it (else refused, with what the engine lacks). */
static svc_result load_playable(const char *title, eng_title **t)
{
    *t = NULL;
    if (!svc_usable_name(title))
        return svc_refused("\"%s\" is not a title name", title);
    svc_result r = svc_load_title(title, t);
    if (r.kind != SVC_OK || !(*t)->not_playable[0])
        return r;
    r = svc_refused("%s cannot be played yet: the engine lacks %s (docs/titles.md)",
                               (*t)->id, (*t)->not_playable);
    eng_title_free(*t);
    *t = NULL;
    return r;
}

static svc_result find_game(store *st, const char *name, store_game *g)
{
    return store_game_find(st, name, g) == STORE_OK
               ? svc_ok() : svc_refused("there is no game \"%s\"", name);
}

/* A game's GM: a mail address that is not the daemon's own, a password of 4 characters or more. */
static svc_result check_gm(const cfg *c, const char *gm, const char *password)
{
    if (gm && !svc_plausible_address(gm))
        return svc_refused("\"%s\" is not a mail address", gm);
    if (gm && str_ieq(gm, c->daemon_address))
        return svc_refused("%s is pbemgm's own address (daemon.address): a GM needs an address "
                           "of their own", gm);
    if (password && strlen(password) < 4)
        return svc_refused("%s", "a password needs at least 4 characters");
    return svc_ok();
}

static svc_result set_gm(store *st, int64_t game_id, const char *gm, const char *password)
{
    char *hash = password ? pw_hash(password) : NULL;
    if (password && !hash)
        return svc_failed("%s", "crypt(3) could not hash the password");
    int rc = store_game_set_gm(st, game_id, gm, hash) != STORE_OK ||
             store_audit(st, "gm", "game_set_gm", game_id, gm ? gm : "password") != STORE_OK;
    free(hash);
    return rc ? svc_store_failed(st) : svc_ok();
}

/* ---- games ---- */

svc_result svc_game_create(const cfg *c, store *st, const char *name, const char *title,
                           const char *gm, const char *gm_password, buf *out)
{
    if (!title)
        title = SVC_DEFAULT_TITLE;
    svc_result r = check_gm(c, gm, gm_password);
    if (r.kind != SVC_OK)
        return r;
    if (!svc_usable_name(name))
        return svc_refused("\"%s\" is not a usable game name (letters, digits, - and _, at most "
                           "40)", name);
    if (!svc_title_exists(title))
        return no_such_title(title);
    eng_title *t;
    if ((r = load_playable(title, &t)).kind != SVC_OK)
        return r;
    eng_title_free(t);
    int64_t id;
    int rc = store_game_create(st, name, title, &id);
    if (rc == STORE_DUPLICATE)
        return svc_refused("a game named \"%s\" exists already", name);
    if (rc != STORE_OK)
        return svc_store_failed(st);
    store_audit(st, "gm", "game_create", id, title);
    if ((gm || gm_password) && (r = set_gm(st, id, gm, gm_password)).kind != SVC_OK)
        return r;
    buf_printf(out, "game %s (%s) created; its GM is %s\n", name, title, gm ? gm : c->gm_address);
    return svc_ok();
}

static void list_game(const store_game *g, void *ctx)
{
    buf_printf(ctx, "%-20s %-8s %s", g->name, g->title, g->status);
    if (g->imported_from)
        buf_printf(ctx, "  (imported from %s)", g->imported_from);
    buf_addc(ctx, '\n');
}

svc_result svc_games_list(store *st, buf *out)
{
    return store_game_each(st, list_game, out) == STORE_OK ? svc_ok() : svc_store_failed(st);
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

static void names_free(struct names *names)
{
    for (int i = 0; i < names->n && i <= ENG_MAX_PLAYERS; i++)
        free(names->v[i]);
}

/* The game as the engine begins it with these players and options (NULL, refused, when they do
 * not make a game of the title); *changed: the title as the options change it, or NULL. */
static svc_result new_game(const store_game *g, const eng_title *t, const char *options,
                           const struct names *names, eng_title **changed, eng_game **eg)
{
    eng_options o;
    eng_options_default(t, &o);
    char why[256];
    *changed = NULL; /* the title as the options change it (1830's third 6) */
    *eg = NULL;
    if (eng_options_parse(t, &o, options, why, sizeof why))
        return svc_refused("game options: %s (see docs/game-options.md)", why);
    svc_result r;
    if (eng_choices_change_title(t, o.chosen) &&
        (r = svc_load_title_chosen(g->title, t, o.chosen, changed)).kind != SVC_OK)
        return svc_refused("game options: %s", r.text);
    if (names->n > ENG_MAX_PLAYERS)
        return svc_refused("%s cannot start: %s", g->name, "too many players");
    *eg = eng_game_new(*changed ? *changed : t, &o, (const char *const *)names->v, names->n, why,
                       sizeof why);
    return *eg ? svc_ok() : svc_refused("%s cannot start: %s", g->name, why);
}

/* The game started in the database, its first deadline set and its opening mail queued, in one
 * transaction. */
static svc_result record_start(const cfg *c, store *st, const store_game *g, const char *options)
{
    if (store_begin(st) != STORE_OK || store_game_start(st, g->id, options) != STORE_OK ||
        store_game_set_deadline(st, g->id, util_now() + (int64_t)g->turn_hours * 3600) !=
            STORE_OK) {
        svc_result r = svc_store_failed(st);
        store_rollback(st);
        return r;
    }
    store_game now = {0};
    svc_result r = svc_ok();
    if (store_game_find(st, g->name, &now) != STORE_OK) {
        r = svc_store_failed(st);
    } else {
        svc_result mailed = svc_mail_game_start(c, st, &now);
        if (mailed.kind != SVC_OK)
            r = svc_failed("the mail that starts the game: %s", mailed.text);
    }
    store_game_clear(&now);
    if (r.kind == SVC_OK && store_commit(st) != STORE_OK)
        r = svc_store_failed(st);
    if (r.kind != SVC_OK)
        store_rollback(st);
    return r;
}

/* Checks that the options and players make a game of the title (an imported game: its
 * options beside the GM's, its log replayed), then starts it. */
static svc_result start_game(const cfg *c, store *st, const store_game *g, const char *gm_options,
                             buf *out)
{
    eng_title *t, *changed = NULL;
    svc_result r = load_playable(g->title, &t);
    if (r.kind != SVC_OK)
        return r;
    char *merged = NULL, why[256]; /* merged: an imported game's, the GM's and the file's */
    if (eng_options_repeated(gm_options, why, sizeof why)) {
        eng_title_free(t);
        return svc_refused("game options: %s (see docs/game-options.md)", why);
    }
    if (g->imported_from && (r = svc_import_start_options(st, g, gm_options, &merged, out)).kind
                                != SVC_OK) {
        eng_title_free(t);
        return r;
    }
    const char *options = merged ? merged : gm_options;
    struct names names = {0};
    eng_game *eg = NULL;
    if (store_player_each(st, g->id, collect_name, &names) != STORE_OK)
        r = svc_store_failed(st);
    else
        r = new_game(g, t, options, &names, &changed, &eg);
    if (r.kind == SVC_OK)
        r = record_start(c, st, g, options);
    if (r.kind == SVC_OK) {
        store_audit(st, "gm", "game_start", g->id, options);
        buf_printf(out, "game %s started: %d players, options \"%s\"; turn 1", g->name, names.n,
                   options);
        if (!merged)
            buf_printf(out, ", %s to act", eg->players[eg->current].name);
        buf_printf(out, "\n");
    }
    if (eg)
        eng_game_free(eg);
    names_free(&names);
    eng_title_free(changed);
    eng_title_free(t);
    free(merged);
    return r;
}

svc_result svc_game_start(const cfg *c, store *st, const char *name, const char *options,
                          buf *out)
{
    store_game g = {0};
    svc_result r = find_game(st, name, &g);
    if (r.kind == SVC_OK)
        r = strcmp(g.status, "forming") != 0
                ? svc_refused("%s is %s already: only a forming game starts", g.name, g.status)
                : start_game(c, st, &g, options, out);
    store_game_clear(&g);
    return r;
}

/* ---- players ---- */

/* An imported game's seats are the file's: none added. */
static svc_result seat_addable(const store_game *g)
{
    if (!g->imported_from)
        return svc_ok();
    return svc_refused("%s is imported: its seats are those of the file (`player address %s NAME "
                       "ADDRESS` gives a seat its address; `player replace` a new player)",
                       g->name, g->name);
}

static svc_result check_seat(const svc_seat *a)
{
    if (!svc_usable_name(a->name))
        return svc_refused("\"%s\" is not a usable player name (letters, digits, - and _)",
                           a->name);
    if (!svc_plausible_address(a->address))
        return svc_refused("\"%s\" is not a mail address", a->address);
    if (a->password && strlen(a->password) < 4)
        return svc_refused("%s", "a password needs at least 4 characters");
    return svc_ok();
}

/* Seats the player — a new seat, or old's (house rule 13: a replacement) — and queues the
 * welcome, in one transaction. */
static svc_result seat(const cfg *c, store *st, const store_game *g, const store_player *old,
                       const svc_seat *a, const char *password)
{
    if (store_begin(st) != STORE_OK)
        return svc_store_failed(st);
    svc_result r = svc_seat_player(c, st, g, old, a->name, a->address, password, a->mail);
    if (r.kind == SVC_OK && store_commit(st) != STORE_OK)
        r = svc_store_failed(st);
    if (r.kind != SVC_OK)
        store_rollback(st);
    return r;
}

svc_result svc_player_add(const cfg *c, store *st, const svc_seat *a, buf *out)
{
    svc_result r = check_seat(a);
    if (r.kind != SVC_OK)
        return r;
    store_game g = {0};
    if ((r = find_game(st, a->game, &g)).kind != SVC_OK)
        return r;
    if ((r = seat_addable(&g)).kind != SVC_OK) {
        store_game_clear(&g);
        return r;
    }
    char *made = a->password ? NULL : util_random_token(10);
    r = seat(c, st, &g, NULL, a, a->password ? a->password : made);
    if (r.kind == SVC_OK) {
        buf_printf(out, "player %s added to %s", a->name, g.name);
        if (made)
            buf_printf(out, " with password %s", made);
        buf_printf(out, "%s\n", a->mail ? "; a welcome mail is in the outbox" : "");
    }
    free(made);
    store_game_clear(&g);
    return r;
}

svc_result svc_player_replace(const cfg *c, store *st, const svc_seat *a, const char *old_name,
                              buf *out)
{
    svc_result r = check_seat(a);
    if (r.kind != SVC_OK)
        return r;
    store_game g = {0};
    store_player old = {0};
    if ((r = find_game(st, a->game, &g)).kind == SVC_OK &&
        store_player_find(st, g.id, old_name, &old) != STORE_OK)
        r = svc_refused("game %s has no player \"%s\"", g.name, old_name);
    if (r.kind == SVC_OK) {
        char *made = a->password ? NULL : util_random_token(10);
        r = seat(c, st, &g, &old, a, a->password ? a->password : made);
        if (r.kind == SVC_OK)
            buf_printf(out, "%s takes %s's seat %d in %s\n", a->name, old.name, old.seat,
                       g.name);
        free(made);
    }
    store_player_clear(&old);
    store_game_clear(&g);
    return r;
}

static void list_player(const store_player *p, void *ctx)
{
    buf *out = ctx;
    buf_printf(out, "%d  %-16s %s", p->seat, p->name, p->address[0] ? p->address
                                                                    : "(no address yet)");
    if (p->nmr_count)
        buf_printf(out, "  (%d NMR%s%s)", p->nmr_count, p->nmr_count > 1 ? "s" : "",
                   p->seat_open ? ", a replacement is wanted" : "");
    buf_printf(out, "\n");
}

svc_result svc_players_list(store *st, const char *game, buf *out)
{
    store_game g = {0};
    svc_result r = find_game(st, game, &g);
    if (r.kind == SVC_OK && store_player_each(st, g.id, list_player, out) != STORE_OK)
        r = svc_store_failed(st);
    store_game_clear(&g);
    return r;
}

/* ---- the GM's desk, one command in one transaction ---- */

svc_result svc_gm_command(const cfg *c, store *st, const char *game, const char *line,
                          const char *reason, const char *body, buf *out)
{
    store_game g = {0};
    svc_result r = find_game(st, game, &g);
    if (r.kind != SVC_OK)
        return r;
    r = svc_gm_command_on(c, st, &g, line, reason, body, out);
    store_game_clear(&g);
    return r;
}

svc_result svc_gm_command_on(const cfg *c, store *st, const store_game *g, const char *line,
                             const char *reason, const char *body, buf *out)
{
    svc_desk_cmd cmd;
    svc_result r = svc_desk_parse(line, &cmd);
    if (r.kind != SVC_OK)
        return r;
    if (reason) {
        free(cmd.reason);
        cmd.reason = xstrdup(reason);
    }
    if (body)
        cmd.body = xstrdup(body);
    svc_desk d = {c, st, "command line", 0, {0}, NULL, NULL};
    buf_init(&d.out);
    if (store_begin(st) != STORE_OK) {
        r = svc_store_failed(st);
    } else {
        r = svc_desk_run(&d, g, &cmd); /* (refused: why is in what the GM is told) */
        if (r.kind == SVC_OK && store_commit(st) != STORE_OK)
            r = svc_store_failed(st);
        if (r.kind != SVC_OK)
            store_rollback(st);
    }
    if (d.out.len)
        buf_adds(out, d.out.data);
    buf_free(&d.out);
    free(d.file); /* (a file for the answer by mail: `game export` writes one here) */
    free(d.file_name);
    svc_desk_cmd_clear(&cmd);
    return r;
}

svc_result svc_game_resolve(const cfg *c, store *st, const char *game, const char *turn,
                            buf *out)
{
    store_game g = {0};
    svc_result r = find_game(st, game, &g);
    if (r.kind != SVC_OK)
        return r;
    char line[64];
    if (turn)
        snprintf(line, sizeof line, "PROCESS %s", turn);
    else
        snprintf(line, sizeof line, "PROCESS %d", g.turn);
    r = svc_gm_command_on(c, st, &g, line, NULL, NULL, out);
    store_game_clear(&g);
    return r;
}

/* ---- a game's pace, review and GM ---- */

static void apply_pace(store_game *g, const svc_game_settings *s)
{
    if (s->turn_hours >= 0)
        g->turn_hours = s->turn_hours;
    if (s->remind_hours >= 0)
        g->remind_hours = s->remind_hours;
    if (s->rounds_per_turn >= 0)
        g->rounds_per_turn = s->rounds_per_turn;
    if (s->grace_minutes >= 0)
        g->grace_minutes = s->grace_minutes;
    if (s->stop_after_formation >= 0)
        g->stop_after_formation = s->stop_after_formation;
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

/* The pace stored and audited, the players told what it changes, in one transaction. */
static svc_result store_pace(const cfg *c, store *st, const store_game *was, const store_game *g)
{
    char *changed = pace_changes(was, g);
    int rc = store_begin(st) != STORE_OK || store_game_set_pace(st, g->id, g) != STORE_OK ||
             (*changed && store_audit(st, "gm", "game_set", g->id, changed) != STORE_OK) ||
             svc_pace_changed(c, st, was).kind != SVC_OK || store_commit(st) != STORE_OK;
    free(changed);
    if (!rc)
        return svc_ok();
    svc_result r = svc_store_failed(st);
    store_rollback(st);
    return r;
}

/* The game's pace as it now is, a line; whether the turn stops after the title's formation round
 * only for a title that has one, named as the title names it. */
static void say_pace(const store_game *g, buf *out)
{
    eng_title *t;
    svc_load_title(g->title, &t); /* (none: the line says nothing of a formation) */
    buf_printf(out, "game %s: %d hours a turn, reminder %d hours before, %d round(s) a turn, ",
               g->name, g->turn_hours, g->remind_hours, g->rounds_per_turn);
    if (t && t->formation.company >= 0)
        buf_printf(out, "%s after %s, ", g->stop_after_formation ? "stop" : "no stop",
                   t->formation.round_name);
    buf_printf(out, "resolved %d minute%s after the last orders are in\n", g->grace_minutes,
               g->grace_minutes == 1 ? "" : "s");
    eng_title_free(t);
}

static svc_result set_game(const cfg *c, store *st, store_game *g, const svc_game_settings *s,
                           buf *out)
{
    const store_game was = *g; /* (its numbers only: what changed, for the audit) */
    apply_pace(g, s);
    svc_result r = check_gm(c, s->gm, s->gm_password);
    if (r.kind != SVC_OK)
        return r;
    if ((s->gm || s->gm_password) && (r = set_gm(st, g->id, s->gm, s->gm_password)).kind != SVC_OK)
        return r;
    if (s->review >= 0 &&
        (r = svc_gm_command_on(c, st, g, s->review ? "REVIEW ON" : "REVIEW OFF", NULL, NULL, out))
                .kind != SVC_OK)
        return r;
    if (g->remind_hours >= g->turn_hours)
        return svc_refused("the reminder (%d hours before the deadline) must come after the turn "
                           "begins (%d hours)", g->remind_hours, g->turn_hours);
    if ((r = store_pace(c, st, &was, g)).kind == SVC_OK)
        say_pace(g, out);
    return r;
}

svc_result svc_game_set(const cfg *c, store *st, const char *game, const svc_game_settings *s,
                        buf *out)
{
    store_game g = {0};
    svc_result r = find_game(st, game, &g);
    if (r.kind == SVC_OK)
        r = strcmp(g.status, "finished") == 0 ? svc_refused("%s is finished", g.name)
                                              : set_game(c, st, &g, s, out);
    store_game_clear(&g);
    return r;
}
