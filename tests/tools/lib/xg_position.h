/* xg_position: pbemgm's position as the summary line of tests/tools/xgames/xgames_engine.rb
 * (its keys described there; scripts/xgames_diff.sh compares the two engines' lines), for the
 * second oracle's tools (xgexport: after each exported action; xgreplay --positions: after
 * each action of an 18xx.games file). Companies by their ids there (eng_xg_company_id: the
 * title's "18xx.games" "companies", else a private's first alias). Header-only. */
#ifndef PBEMGM_TOOLS_XG_POSITION_H
#define PBEMGM_TOOLS_XG_POSITION_H

#include "engine/game.h"
#include "engine/title.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>

static inline cJSON *xgp_corporation(const eng_game *g, int c)
{
    const eng_company_state *s = &g->co[c];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", eng_xg_company_id(g->t, c));
    cJSON_AddNumberToObject(o, "cash", s->cash);
    cJSON *trains = cJSON_AddArrayToObject(o, "trains");
    for (int i = 0; i < s->ntrains; i++)
        cJSON_AddItemToArray(trains, cJSON_CreateString(g->t->trains[s->trains[i]].name));
    if (eng_share_price(g, c))
        cJSON_AddNumberToObject(o, "price", eng_share_price(g, c));
    else
        cJSON_AddNullToObject(o, "price");
    if (s->director >= 0)
        cJSON_AddStringToObject(o, "president", g->players[s->director].name);
    else
        cJSON_AddNullToObject(o, "president");
    cJSON_AddNumberToObject(o, "ipo", eng_percent_held(g, c, ENG_IPO) +
                                          eng_percent_held(g, c, ENG_RESERVED));
    cJSON_AddNumberToObject(o, "pool", eng_percent_held(g, c, ENG_POOL));
    cJSON_AddBoolToObject(o, "floated", s->floated);
    return o;
}

static inline cJSON *xgp_acting(const eng_game *g)
{
    cJSON *a = cJSON_CreateArray();
    if (g->round == ENG_ROUND_OVER)
        return a;
    if (g->round == ENG_ROUND_OPERATING && g->par_pending == ENG_NONE) {
        int c = g->discarding != ENG_NONE ? g->discarding : g->operating;
        cJSON_AddItemToArray(a, cJSON_CreateString(eng_xg_company_id(g->t, c)));
    } else {
        cJSON_AddItemToArray(a, cJSON_CreateString(g->players[g->current].name));
    }
    return a;
}

static inline cJSON *xgp_players(const eng_game *g)
{
    cJSON *players = cJSON_CreateArray();
    for (int p = 0; p < g->nplayers; p++) {
        cJSON *pl = cJSON_CreateObject();
        cJSON_AddStringToObject(pl, "name", g->players[p].name);
        cJSON_AddNumberToObject(pl, "cash", g->players[p].cash);
        cJSON *sh = cJSON_AddObjectToObject(pl, "shares");
        for (int c = 0; c < g->t->ncompanies; c++)
            if (eng_is_major(g, c) && eng_percent_held(g, c, p))
                cJSON_AddNumberToObject(sh, eng_xg_company_id(g->t, c),
                                        eng_percent_held(g, c, p));
        cJSON_AddNumberToObject(pl, "value", eng_player_worth(g, p));
        cJSON_AddItemToArray(players, pl);
    }
    return players;
}

static inline cJSON *xgp_privates(const eng_game *g)
{
    cJSON *privs = cJSON_CreateObject();
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        const char *id = eng_xg_company_id(g->t, c);
        if (g->t->companies[c].kind != ENG_PRIVATE)
            continue;
        if (s->closed)
            cJSON_AddStringToObject(privs, id, "closed");
        else if (s->held_by >= 0)
            cJSON_AddStringToObject(privs, id, eng_xg_company_id(g->t, s->held_by));
        else if (s->owner >= 0)
            cJSON_AddStringToObject(privs, id, g->players[s->owner].name);
        else
            cJSON_AddNullToObject(privs, id);
    }
    return privs;
}

/* The summary line of the position after the file's action `action`, on stdout. */
static inline void xgp_print(const eng_game *g, int action)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "action", action);
    cJSON_AddItemToObject(o, "acting", xgp_acting(g));
    cJSON_AddItemToObject(o, "players", xgp_players(g));
    cJSON *corps = cJSON_AddArrayToObject(o, "corporations");
    for (int c = 0; c < g->t->ncompanies; c++)
        if (eng_is_major(g, c) && !g->co[c].closed)
            cJSON_AddItemToArray(corps, xgp_corporation(g, c));
    cJSON_AddItemToObject(o, "privates", xgp_privates(g));
    cJSON_AddNumberToObject(o, "bank", g->bank);
    cJSON_AddStringToObject(o, "phase", g->t->phases[g->phase].name);
    cJSON_AddBoolToObject(o, "finished", g->round == ENG_ROUND_OVER);
    char *s = cJSON_PrintUnformatted(o);
    puts(s);
    free(s);
    cJSON_Delete(o);
}

#endif
