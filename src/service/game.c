/* game: a running game rebuilt — its title, its options, its players in seating order, then its
 * action log replayed (the state is the replay; the log names seats, so a replaced player's
 * seat replays as before). */
#include "service/service.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PBEMGM_GAMES_DIR
#define PBEMGM_GAMES_DIR "config/games"
#endif

static void collect_player(const store_player *p, void *ctx)
{
    svc_game *sg = ctx;
    if (sg->nplayers < ENG_MAX_PLAYERS) {
        store_player *q = &sg->players[sg->nplayers];
        *q = *p;
        q->name = xstrdup(p->name);
        q->address = xstrdup(p->address);
        q->password_hash = p->password_hash ? xstrdup(p->password_hash) : NULL;
    }
    sg->nplayers++;
}

struct replay {
    svc_game *out;
    int until;     /* the last turn to replay (0: all) */
    bool stopped;  /* reached an action of a later turn */
    int last_turn; /* of the last action applied */
    char why[256];
    int64_t seq;
};

void svc_game_note_worth(svc_game *sg, int turn)
{
    if (turn < 0)
        return;
    while (sg->nworth <= turn) {
        if (sg->nworth == sg->worth_cap) {
            sg->worth_cap = sg->worth_cap ? sg->worth_cap * 2 : 32;
            sg->worth = xrealloc(sg->worth, (size_t)sg->worth_cap * sizeof *sg->worth);
        }
        sg->nworth++;
        sg->worth[sg->nworth - 1][0] = -1; /* filled below */
    }
    for (int k = turn; k >= 0 && (k == turn || sg->worth[k][0] < 0); k--)
        for (int p = 0; p < ENG_MAX_PLAYERS; p++)
            sg->worth[k][p] = p < sg->g->nplayers ? eng_player_worth(sg->g, p) : 0;
}

static int replay_one(int64_t seq, int turn, const char *json, void *ctx)
{
    struct replay *r = ctx;
    svc_game *sg = r->out;
    if (r->until && turn > r->until) {
        r->stopped = true;
        return 1;
    }
    if (turn > r->last_turn) /* a new turn: the state is the end of the turns before it */
        svc_game_note_worth(sg, turn - 1);
    if (r->until && turn == r->until && !sg->before)
        sg->before = eng_board_copy(sg->g->board);
    r->last_turn = turn;
    eng_action a;
    r->seq = seq;
    if (eng_action_from_json(sg->g, json, &a, r->why, sizeof r->why) ||
        eng_apply(sg->g, &a, r->why, sizeof r->why))
        return 1;
    return 0;
}

eng_title *svc_load_title(const char *title, char *why, size_t len)
{
    char *path = str_format("%s/%s.json", PBEMGM_GAMES_DIR, title);
    char *json = util_read_file(path, NULL), *err = NULL;
    eng_title *t = json ? eng_title_parse(json, &err) : NULL;
    if (!json)
        snprintf(why, len, "there is no title \"%s\" (%s)", title, path);
    else if (!t)
        snprintf(why, len, "%s: %s", path, err);
    free(err);
    free(json);
    free(path);
    return t;
}

int svc_game_load_players(store *st, const store_game *game, svc_game *out)
{
    memset(out, 0, sizeof *out);
    if (store_player_each(st, game->id, collect_player, out) != STORE_OK ||
        out->nplayers > ENG_MAX_PLAYERS) {
        svc_game_unload(out);
        return -1;
    }
    return 0;
}

static int replay_log(store *st, const store_game *game, int until, svc_game *out, char *why,
                      size_t len)
{
    struct replay r = {.out = out, .until = until};
    int rc = store_action_each(st, game->id, replay_one, &r);
    if (r.stopped)
        rc = 0;
    if (rc == 0) {
        svc_game_note_worth(out, until ? until : r.last_turn);
        if (until && !out->before) /* nothing happened in that turn */
            out->before = eng_board_copy(out->g->board);
    }
    if (rc > 0)
        snprintf(why, len, "action %lld of the log does not replay: %s", (long long)r.seq, r.why);
    else if (rc)
        snprintf(why, len, "reading the action log failed: %s", store_errmsg(st));
    return rc ? -1 : 0;
}

int svc_game_load(store *st, const store_game *game, svc_game *out, char *why, size_t len)
{
    return svc_game_load_until(st, game, 0, out, why, len);
}

int svc_game_load_until(store *st, const store_game *game, int until, svc_game *out, char *why,
                        size_t len)
{
    if (svc_game_load_players(st, game, out)) {
        snprintf(why, len, "the game's players cannot be read: %s", store_errmsg(st));
        return -1;
    }
    out->t = svc_load_title(game->title, why, len);
    eng_options o;
    eng_options_default(&o);
    if (!out->t || eng_options_parse(&o, game->options ? game->options : "", why, len)) {
        svc_game_unload(out);
        return -1;
    }
    const char *names[ENG_MAX_PLAYERS];
    for (int p = 0; p < out->nplayers; p++)
        names[p] = out->players[p].name;
    out->g = eng_game_new(out->t, &o, names, out->nplayers, why, len);
    if (!out->g || replay_log(st, game, until, out, why, len)) {
        svc_game_unload(out);
        return -1;
    }
    return 0;
}

void svc_game_unload(svc_game *sg)
{
    free(sg->worth);
    if (sg->before)
        eng_board_free(sg->before);
    eng_game_free(sg->g);
    eng_title_free(sg->t);
    for (int p = 0; p < sg->nplayers && p < ENG_MAX_PLAYERS; p++)
        store_player_clear(&sg->players[p]);
    memset(sg, 0, sizeof *sg);
}
