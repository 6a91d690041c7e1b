/* xgames: 18xx.games' game files above src/xgames — a file imported as a game (its title and
 * options, its players seated, its decisions the action log's turn 0: in one transaction, or
 * nothing), and a seat's address given later. An imported game's start is checked in
 * xgames_start.c; a game is written as a file in xgames_file.c. */
#include "service/service.h"
#include "util/buf.h"
#include "util/password.h"
#include "util/util.h"
#include "xgames/xgames.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- import ---- */

/* The seat of the file's player called name (pbemgm's name or the file's, any case), or -1. */
static int seat_named(const xg_game *x, const char *name)
{
    for (int p = 0; p < x->nplayers; p++)
        if (str_ieq(x->names[p], name) || str_ieq(x->file_names[p], name))
            return p;
    return -1;
}

/* Each seat's address from those given (NULL: none given); refused: a name the file does not
 * have, a seat given twice, or no mail address. */
static svc_result addresses_of(const xg_game *x, const svc_import_player *given, int ngiven,
                               const char *addr[ENG_MAX_PLAYERS])
{
    for (int p = 0; p < ENG_MAX_PLAYERS; p++)
        addr[p] = NULL;
    for (int i = 0; i < ngiven; i++) {
        int p = seat_named(x, given[i].name);
        if (p < 0) {
            buf names;
            buf_init(&names);
            for (int k = 0; k < x->nplayers; k++)
                buf_printf(&names, "%s%s", k ? ", " : "", x->names[k]);
            svc_result r = svc_refused("the file has no player \"%s\" (its players: %s)",
                                       given[i].name, names.data);
            buf_free(&names);
            return r;
        }
        if (addr[p])
            return svc_refused("player %s is given an address twice", x->names[p]);
        if (!svc_plausible_address(given[i].address))
            return svc_refused("\"%s\" (for %s) is not a mail address", given[i].address,
                               x->names[p]);
        addr[p] = given[i].address;
    }
    return svc_ok();
}

/* The file's players seated in its order, each with a password made up (told in out). */
static svc_result seat_players(const cfg *c, store *st, const store_game *g, const xg_game *x,
                               const char *const *addr, bool mail, buf *out)
{
    svc_result r = svc_ok();
    for (int p = 0; p < x->nplayers && r.kind == SVC_OK; p++) {
        char *password = util_random_token(10);
        r = svc_seat_player(c, st, g, NULL, x->names[p], addr[p] ? addr[p] : "", password,
                            mail && addr[p] && !x->over);
        if (r.kind == SVC_OK)
            buf_printf(out, "  seat %d: %s%s%s%s <%s>, password %s\n", p + 1, x->names[p],
                       strcmp(x->names[p], x->file_names[p]) ? " (\"" : "",
                       strcmp(x->names[p], x->file_names[p]) ? x->file_names[p] : "",
                       strcmp(x->names[p], x->file_names[p]) ? "\" in the file)" : "",
                       addr[p] ? addr[p] : "no address yet", password);
        free(password);
    }
    return r;
}

/* What the audit keeps of an import. */
static char *import_detail(const char *from, const xg_game *x)
{
    return str_format("%s: %s, %d players, %d actions, options \"%s\"%s%s", from, x->title,
                      x->nplayers, x->nactions, x->options, x->over ? "; over: " : "",
                      x->over ? (x->end_reason[0] ? x->end_reason : "ended") : "");
}

/* A game over in the file gets the report of a turn 1 (what `game report` shows, what REPORT
 * copies): where it ended, and the final ranking by worth (as the engine counts it). */
static int store_final_report(store *st, int64_t id, const char *from, const xg_game *x)
{
    buf text;
    buf_init(&text);
    buf_printf(&text, "The game was played on 18xx.games and imported (%s): %d decisions. It "
                      "ended there (%s).\n", from, x->nactions,
               x->end_reason[0] ? x->end_reason : "over");
    if (x->g) {
        int order[ENG_MAX_PLAYERS];
        for (int p = 0; p < x->nplayers; p++)
            order[p] = p;
        for (int i = 1; i < x->nplayers; i++) /* by worth, the seating order between equals */
            for (int k = i; k > 0 && eng_player_worth(x->g, order[k]) >
                                         eng_player_worth(x->g, order[k - 1]); k--) {
                int swap = order[k];
                order[k] = order[k - 1];
                order[k - 1] = swap;
            }
        buf_adds(&text, "\nThe final ranking (cash, shares at market price, privates):\n");
        for (int i = 0; i < x->nplayers; i++)
            buf_printf(&text, "    %d. %s: %d\n", i + 1, x->names[order[i]],
                       eng_player_worth(x->g, order[i]));
    }
    cJSON *parts = cJSON_CreateObject();
    cJSON_AddNumberToObject(parts, "turn", 1);
    cJSON_AddStringToObject(parts, "rounds_text", "the game as it was played on 18xx.games");
    cJSON_AddStringToObject(parts, "happened", text.data);
    cJSON_AddTrueToObject(parts, "game_over");
    char *context = cJSON_PrintUnformatted(parts);
    int rc = store_turn_add(st, id, 1, 0, text.data, context);
    free(context);
    cJSON_Delete(parts);
    buf_free(&text);
    return rc;
}

/* The game created from the file, inside the caller's transaction. */
static svc_result create_imported(const cfg *c, store *st, const char *name, const char *from,
                                  const xg_game *x, const char *const *addr, bool mail,
                                  buf *out)
{
    int64_t id;
    int rc = store_game_create(st, name, x->title, &id);
    if (rc == STORE_DUPLICATE)
        return svc_refused("a game named \"%s\" exists already", name);
    if (rc != STORE_OK || store_game_set_imported(st, id, x->options, from) != STORE_OK)
        return svc_store_failed(st);
    store_game g = {0};
    if (store_game_find(st, name, &g) != STORE_OK)
        return svc_store_failed(st);
    svc_result r = seat_players(c, st, &g, x, addr, mail, out);
    for (int i = 0; i < x->nactions && r.kind == SVC_OK; i++)
        if (store_action_append(st, id, 0, x->actions[i]) != STORE_OK)
            r = svc_store_failed(st);
    if (r.kind == SVC_OK && x->over &&
        (store_game_start(st, id, x->options) != STORE_OK || store_game_over(st, id) != STORE_OK ||
         store_final_report(st, id, from, x) != STORE_OK))
        r = svc_store_failed(st);
    char *detail = import_detail(from, x);
    if (r.kind == SVC_OK && store_audit(st, "gm", "game_import", id, detail) != STORE_OK)
        r = svc_store_failed(st);
    free(detail);
    store_game_clear(&g);
    return r;
}

/* What the GM is told of the game imported (after its seats). */
static void say_imported(const char *name, const char *from, const xg_game *x,
                         const char *const *addr, buf *out)
{
    buf_printf(out, "game %s (%s) imported from %s: %d decisions, options \"%s\"\n", name,
               x->title, from, x->nactions, x->options);
    if (x->over) {
        buf_printf(out, "the game is over there (%s): %s is finished (`pbemgm game report %s`: "
                   "its final ranking)\n", x->end_reason[0] ? x->end_reason : "ended", name,
                   name);
        return;
    }
    int missing = 0;
    for (int p = 0; p < x->nplayers; p++)
        missing += !addr[p];
    if (missing)
        buf_printf(out, "%d player%s without an address yet: `pbemgm player address %s NAME "
                   "ADDRESS` gives one\n", missing, missing == 1 ? "" : "s", name);
    buf_printf(out, "it goes on by mail from where the file stops once you start it: `pbemgm "
               "game start %s [--options TEXT]` (the file's options stay)\n", name);
}

svc_result svc_game_import_read(const cfg *c, store *st, const char *name, const char *from,
                                const xg_game *x, const svc_import_player *given, int ngiven,
                                bool mail, buf *out)
{
    if (!svc_usable_name(name))
        return svc_refused("\"%s\" is not a usable game name (letters, digits, - and _, at most "
                           "40)", name);
    if (!svc_title_exists(x->title))
        return svc_refused("there is no title \"%s\" (see config/games/)", x->title);
    const char *addr[ENG_MAX_PLAYERS];
    svc_result r = addresses_of(x, given, ngiven, addr);
    if (r.kind != SVC_OK)
        return r;
    buf seats;
    buf_init(&seats);
    if (store_begin(st) != STORE_OK)
        return svc_store_failed(st);
    r = create_imported(c, st, name, from, x, addr, mail, &seats);
    if (r.kind == SVC_OK && store_commit(st) != STORE_OK)
        r = svc_store_failed(st);
    if (r.kind != SVC_OK) {
        store_rollback(st);
    } else {
        say_imported(name, from, x, addr, out);
        buf_adds(out, seats.data);
    }
    buf_free(&seats);
    return r;
}

svc_result svc_game_import(const cfg *c, store *st, const char *name, const char *path,
                           const svc_import_player *given, int ngiven, bool mail, buf *out)
{
    store_game exists = {0};
    if (store_game_find(st, name, &exists) == STORE_OK) {
        store_game_clear(&exists);
        return svc_refused("a game named \"%s\" exists already", name);
    }
    char *json = util_read_file(path, NULL);
    if (!json)
        return svc_refused("%s cannot be read: %s", path, strerror(errno));
    xg_game x;
    char why[SVC_TEXT_MAX - 128];
    svc_result r;
    if (xg_import(json, svc_read_title_file, NULL, &x, why, sizeof why)) {
        r = svc_refused("%s is not imported, nothing was created: %s", path, why);
    } else {
        const char *base = strrchr(path, '/');
        char *from = str_format("18xx.games file %s", base ? base + 1 : path);
        r = svc_game_import_read(c, st, name, from, &x, given, ngiven, mail, out);
        free(from);
        xg_game_clear(&x);
    }
    free(json);
    return r;
}

/* ---- a seat's address ---- */

/* The address stored and audited; a seat that had none (an imported game's) is mailed a welcome
 * with a new password when mail and the game is not over (the password made at the import was
 * the GM's to pass on; the new one replaces it). A seat that had an address keeps its password. */
static svc_result set_address(const cfg *c, store *st, const store_game *g,
                              const store_player *p, const char *address, bool mail,
                              bool *welcomed)
{
    *welcomed = mail && !p->address[0] && strcmp(g->status, "finished") != 0;
    char *password = *welcomed ? util_random_token(10) : NULL;
    char *hash = password ? pw_hash(password) : NULL;
    char *detail = str_format("%s: %s -> %s", p->name, p->address[0] ? p->address : "none",
                              address);
    svc_result r = svc_ok();
    if (password && !hash)
        r = svc_failed("%s", "crypt(3) could not hash the password");
    else if (store_player_set_address(st, p->id, address, hash) != STORE_OK ||
             store_audit(st, "gm", "player_address", g->id, detail) != STORE_OK)
        r = svc_store_failed(st);
    else if (*welcomed)
        r = svc_mail_welcome(c, st, g, p->name, address, password);
    free(detail);
    free(hash);
    free(password);
    return r;
}

svc_result svc_player_address(const cfg *c, store *st, const char *game, const char *name,
                              const char *address, bool mail, buf *out)
{
    if (!svc_plausible_address(address))
        return svc_refused("\"%s\" is not a mail address", address);
    store_game g = {0};
    store_player p = {0};
    svc_result r = svc_ok();
    bool welcomed = false;
    if (store_game_find(st, game, &g) != STORE_OK)
        r = svc_refused("there is no game \"%s\"", game);
    else if (store_player_find(st, g.id, name, &p) != STORE_OK)
        r = svc_refused("game %s has no player \"%s\"", g.name, name);
    if (r.kind == SVC_OK && store_begin(st) != STORE_OK)
        r = svc_store_failed(st);
    else if (r.kind == SVC_OK) {
        r = set_address(c, st, &g, &p, address, mail, &welcomed);
        if (r.kind == SVC_OK && store_commit(st) != STORE_OK)
            r = svc_store_failed(st);
        if (r.kind != SVC_OK)
            store_rollback(st);
    }
    if (r.kind == SVC_OK)
        buf_printf(out, "player %s of %s: address %s%s\n", p.name, g.name, address,
                   welcomed ? "; a welcome mail with a new password is in the outbox" : "");
    store_player_clear(&p);
    store_game_clear(&g);
    return r;
}
