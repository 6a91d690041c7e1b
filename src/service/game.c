/* game: a running game rebuilt — its title, its options, its players in seating order, then its
 * action log replayed (the state is the replay; the log names seats, so a replaced player's
 * seat replays as before). A process parses each title once and keeps the state of the games it
 * rebuilt last: the next rebuild reads only the actions appended since, so that a mail costs
 * the same early and late in a game (issue 15). The store counts the changes to a log other
 * than appends (store_action_log_cuts: a rollback, an edit by hand); a log whose count moved,
 * or whose last action kept is not the one read again (its fingerprint), is replayed whole. */
#include "service/service.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdint.h>
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

/* ---- the titles, parsed once a process ---- */

#define TITLES_KEPT 16

static struct {
    char *name;
    eng_title *t;
} titles[TITLES_KEPT];

static const eng_title *kept_title(const char *key)
{
    for (int i = 0; i < TITLES_KEPT && titles[i].name; i++)
        if (strcmp(titles[i].name, key) == 0)
            return titles[i].t;
    return NULL;
}

static const eng_title *keep_title(const char *key, eng_title *t)
{
    int i = 0;
    while (i < TITLES_KEPT && titles[i].name)
        i++;
    if (i == TITLES_KEPT) { /* more titles than kept: the last slot changes hands */
        svc_games_forget();
        i = TITLES_KEPT - 1;
        free(titles[i].name);
        eng_title_free(titles[i].t);
    }
    titles[i].name = xstrdup(key);
    titles[i].t = t;
    return t;
}

/* The title called name (*out), kept once read; refused, *out NULL, when it cannot be read. */
static svc_result title_of(const char *name, const eng_title **out)
{
    *out = kept_title(name);
    if (*out)
        return svc_ok();
    eng_title *t;
    svc_result r = svc_load_title(name, &t);
    if (t)
        *out = keep_title(name, t);
    return r;
}

/* The title a game plays: its title's, changed by the options chosen that change it (1830's
 * WithOptional6Train), kept under the title's name and those choices (*out); and the game's
 * options, parsed here once a load (*o). Refused, *out NULL, when the title or the options
 * cannot be read. */
static svc_result title_for(const store_game *game, eng_options *o, const eng_title **out)
{
    const eng_title *base;
    svc_result r = title_of(game->title, &base);
    *out = NULL;
    if (!base)
        return r;
    eng_options_default(base, o);
    char why[SVC_TEXT_MAX];
    if (eng_options_parse(base, o, game->options ? game->options : "", why, sizeof why))
        return svc_refused("%s", why);
    *out = base;
    if (!eng_choices_change_title(base, o->chosen))
        return svc_ok();
    char key[512]; /* the title's name and the choices that change it */
    int n = snprintf(key, sizeof key, "%s", game->title);
    for (int i = 0; i < base->ngame_options && n < (int)sizeof key; i++) {
        const eng_choice *ch = &base->game_options[i].choices[o->chosen[i]];
        if (ch->changes_title)
            n += snprintf(key + n, sizeof key - (size_t)n, "|%s=%s", base->game_options[i].id,
                          ch->name);
    }
    *out = kept_title(key);
    if (*out)
        return svc_ok();
    eng_title *t;
    r = svc_load_title_chosen(game->title, base, o->chosen, &t);
    if (t)
        *out = keep_title(key, t);
    return r;
}

/* ---- the states kept ---- */

#define GAMES_KEPT 64

struct kept {
    int64_t game_id;
    const eng_title *t;
    char *options;
    int nplayers;
    char names[ENG_MAX_PLAYERS][ENG_NAME];
    eng_game *g;       /* after the log's actions up to last_seq */
    int64_t cuts;      /* the log's changes other than appends, when it was read */
    int64_t last_seq;  /* the last action applied (0: none) */
    uint64_t last_print; /* its fingerprint: its sequence number and text */
    int last_turn;
    int nworth;
    int (*worth)[ENG_MAX_PLAYERS];
    uint64_t used;     /* when last used: the least recently used goes first */
};

static struct kept kept[GAMES_KEPT];
static uint64_t kept_clock;

static uint64_t fingerprint(int64_t seq, const char *json)
{
    return util_fnv1a(UTIL_FNV_BASIS ^ (uint64_t)seq, json, strlen(json));
}

static void kept_clear(struct kept *k)
{
    eng_game_free(k->g);
    free(k->options);
    free(k->worth);
    memset(k, 0, sizeof *k);
}

void svc_games_forget(void)
{
    for (int i = 0; i < GAMES_KEPT; i++)
        kept_clear(&kept[i]);
}

/* The kept state of the game as these options and players start it, or NULL. */
static struct kept *kept_find(const store_game *game, const svc_game *out)
{
    for (int i = 0; i < GAMES_KEPT; i++) {
        struct kept *k = &kept[i];
        if (!k->g || k->game_id != game->id || k->t != out->t || k->nplayers != out->nplayers ||
            strcmp(k->options, game->options ? game->options : "") != 0)
            continue;
        bool same = true;
        for (int p = 0; p < out->nplayers; p++)
            same &= strcmp(k->names[p], out->players[p].name) == 0;
        if (!same) {
            kept_clear(k);
            return NULL;
        }
        k->used = ++kept_clock;
        return k;
    }
    return NULL;
}

struct replay {
    svc_game *out;
    int until;     /* the last turn to replay (0: all) */
    bool stopped;  /* reached an action of a later turn */
    int last_turn; /* of the last action applied */
    char why[256];
    int64_t seq;
    int64_t cuts;         /* the log's changes other than appends, before it was read */
    const struct kept *k; /* the state kept: its last action is read again, and checked */
    bool checked;         /* it was the same */
    bool differs;         /* it was not: the log is not the one kept */
    uint64_t last_print;  /* of the last action applied */
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
    uint64_t print = fingerprint(seq, json);
    if (!r->checked) { /* the last action of the state kept: the same one? */
        if (seq != r->k->last_seq || print != r->k->last_print) {
            r->differs = true;
            return 1;
        }
        r->checked = true;
        return 0;
    }
    r->last_print = print;
    if (turn > r->last_turn) /* a new turn: the state is the end of the turns before it */
        svc_game_note_worth(sg, turn - 1);
    if (r->until && turn == r->until && !sg->before)
        sg->before = eng_board_copy(sg->g->board);
    r->last_turn = turn;
    eng_action a;
    r->seq = seq;
    if (eng_action_from_json(sg->g, json, &a, r->why, sizeof r->why) ||
        eng_apply_logged(sg->g, &a, r->why, sizeof r->why))
        return 1; /* the game is thrown away */
    return 0;
}

char *svc_read_title_file(const char *title, void *ctx)
{
    (void)ctx;
    char *path = str_format("%s/%s.json", PBEMGM_GAMES_DIR, title);
    char *json = util_read_file(path, NULL);
    free(path);
    return json;
}

/* *t loaded, or refused with err (freed). */
static svc_result loaded(const eng_title *t, char *err)
{
    svc_result r = t ? svc_ok() : svc_refused("%s (%s)", err, PBEMGM_GAMES_DIR);
    free(err);
    return r;
}

svc_result svc_load_title(const char *title, eng_title **out)
{
    char *err = NULL;
    *out = eng_title_load(title, svc_read_title_file, NULL, &err);
    return loaded(*out, err);
}

svc_result svc_load_title_chosen(const char *title, const eng_title *base, const int *chosen,
                                 eng_title **out)
{
    char *err = NULL;
    *out = eng_title_load_chosen(title, svc_read_title_file, NULL, base, chosen, &err);
    return loaded(*out, err);
}

svc_result svc_game_load_players(store *st, const store_game *game, svc_game *out)
{
    memset(out, 0, sizeof *out);
    svc_result r = svc_ok();
    if (store_player_each(st, game->id, collect_player, out) != STORE_OK)
        r = svc_store_failed(st);
    else if (out->nplayers > ENG_MAX_PLAYERS)
        r = svc_failed("game %s has %d players, more than %d", game->name, out->nplayers,
                       ENG_MAX_PLAYERS);
    if (r.kind != SVC_OK)
        svc_game_unload(out);
    return r;
}

/* The game as its options (parsed when it was loaded: title_for) and players start it, before
 * any action; their rules as the title it plays says them. */
static eng_game *new_game(const eng_options *opt, const svc_game *out, char *why, size_t len)
{
    eng_options o = *opt;
    eng_options_for_title(out->t, &o);
    const char *names[ENG_MAX_PLAYERS];
    for (int p = 0; p < out->nplayers; p++)
        names[p] = out->players[p].name;
    return eng_game_new(out->t, &o, names, out->nplayers, why, len);
}

/* Starts the replay from the state kept: the game, its history. */
static void start_from(struct replay *r, const struct kept *k)
{
    svc_game *out = r->out;
    out->g = eng_game_copy(k->g);
    out->nworth = out->worth_cap = k->nworth;
    out->worth = xmalloc((size_t)(k->nworth ? k->nworth : 1) * sizeof *out->worth);
    if (k->nworth)
        memcpy(out->worth, k->worth, (size_t)k->nworth * sizeof *out->worth);
    r->last_turn = k->last_turn;
    r->k = k;
    r->checked = k->last_seq == 0; /* (nothing to check) */
    r->seq = k->last_seq;
    r->last_print = k->last_print;
}

/* Keeps the state just rebuilt (the whole log) for the next time, in the slot of this game or
 * the one least recently used. */
static void keep(const store_game *game, const svc_game *out, struct replay *r)
{
    struct kept *k = &kept[0];
    for (int i = 0; i < GAMES_KEPT; i++) {
        if (kept[i].g && kept[i].game_id == game->id) {
            k = &kept[i];
            break;
        }
        if (kept[i].used < k->used)
            k = &kept[i];
    }
    kept_clear(k);
    k->game_id = game->id;
    k->t = out->t;
    k->options = xstrdup(game->options ? game->options : "");
    k->nplayers = out->nplayers;
    for (int p = 0; p < out->nplayers; p++)
        snprintf(k->names[p], ENG_NAME, "%s", out->players[p].name);
    k->g = eng_game_copy(out->g);
    k->cuts = r->cuts;
    k->last_seq = r->seq;
    k->last_print = r->last_print;
    k->last_turn = r->last_turn;
    k->nworth = out->nworth;
    k->worth = xmalloc((size_t)(out->nworth ? out->nworth : 1) * sizeof *k->worth);
    if (out->nworth)
        memcpy(k->worth, out->worth, (size_t)out->nworth * sizeof *k->worth);
    k->used = ++kept_clock;
}

static svc_result replay_log(store *st, const store_game *game, const eng_options *o, int until,
                             svc_game *out)
{
    struct replay r = {.out = out, .until = until, .checked = true};
    if (store_action_log_cuts(st, game->id, &r.cuts) != STORE_OK)
        return svc_failed("reading the action log failed: %s", store_errmsg(st));
    struct kept *k = until ? NULL : kept_find(game, out);
    if (k && k->cuts != r.cuts) { /* the log changed, not only by appends */
        kept_clear(k);
        k = NULL;
    }
    eng_game_free(out->g);
    char why[SVC_TEXT_MAX];
    out->g = k ? NULL : new_game(o, out, why, sizeof why);
    if (k)
        start_from(&r, k);
    else if (!out->g)
        return svc_failed("%s", why);
    int rc = store_action_each_from(st, game->id, k && k->last_seq ? k->last_seq : 1, replay_one,
                                    &r);
    if (k && (r.differs || (rc == 0 && !r.checked))) { /* not the log kept: all of it */
        kept_clear(k);
        free(out->worth);
        out->worth = NULL;
        out->nworth = out->worth_cap = 0;
        return replay_log(st, game, o, until, out);
    }
    if (r.stopped)
        rc = 0;
    if (rc == 0) {
        svc_game_note_worth(out, until ? until : r.last_turn);
        if (until && !out->before) /* nothing happened in that turn */
            out->before = eng_board_copy(out->g->board);
        if (!until && !(k && r.seq == k->last_seq)) /* (kept as it is when nothing was added) */
            keep(game, out, &r);
    }
    if (rc > 0)
        return svc_failed("action %lld of the log does not replay: %s", (long long)r.seq, r.why);
    if (rc)
        return svc_failed("reading the action log failed: %s", store_errmsg(st));
    return svc_ok();
}

svc_result svc_game_load(store *st, const store_game *game, svc_game *out)
{
    return svc_game_load_until(st, game, 0, out);
}

svc_result svc_game_load_until(store *st, const store_game *game, int until, svc_game *out)
{
    if (svc_game_load_players(st, game, out).kind != SVC_OK)
        return svc_failed("the game's players cannot be read: %s", store_errmsg(st));
    eng_options o;
    svc_result r = title_for(game, &o, &out->t);
    if (r.kind == SVC_OK)
        r = replay_log(st, game, &o, until, out);
    if (r.kind != SVC_OK)
        svc_game_unload(out);
    return r;
}

void svc_game_unload(svc_game *sg)
{
    free(sg->worth);
    if (sg->before)
        eng_board_free(sg->before);
    eng_game_free(sg->g); /* the title is the process's */
    for (int p = 0; p < sg->nplayers && p < ENG_MAX_PLAYERS; p++)
        store_player_clear(&sg->players[p]);
    memset(sg, 0, sizeof *sg);
}
